"""The pairs tables' terminals this process has seen, by the digest of their token.

A table's result POST is matched to its terminal in memory, without a trip to a
worker thread and the database; the write itself checks, in the transaction that
stores the slip, that the login still holds
(:func:`bridgedesk.store.table_codes.check_login`, called by
:func:`bridgedesk.services.slips.enter_at_tables`), so a revoked code is refused
exactly as before: by the transaction that would have stored its slip.  Team tables
are not kept (their slips take another path); a cookie-borne write is not either (it
must show its CSRF token, :func:`bridgedesk.web.security.terminal_of`).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from fastapi import Request

from bridgedesk.store.service import Store
from bridgedesk.store.terminals import Terminal
from bridgedesk.web import team_tables
from bridgedesk.web.security import bearer, terminal_of
from bridgedesk.web.threads import db_call

__all__ = ["KnownTerminals", "known_terminal", "posting_terminal", "remember_terminal"]

#: How many terminals a process remembers (the least recently used are forgotten).
REMEMBER = 4096


class KnownTerminals:
    """Terminals by the SHA-256 of their bearer token (the store keeps the same digest)."""

    def __init__(self, size: int = REMEMBER) -> None:
        self.size = size
        self._known: OrderedDict[str, Terminal] = OrderedDict()

    @staticmethod
    def _key(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8")).hexdigest()

    def get(self, token: str) -> Terminal | None:
        key = self._key(token)
        found = self._known.get(key)
        if found is not None:
            self._known.move_to_end(key)
        return found

    def add(self, token: str, terminal: Terminal) -> None:
        self._known[self._key(token)] = terminal
        while len(self._known) > self.size:
            self._known.popitem(last=False)


def _known(request: Request) -> KnownTerminals:
    found = getattr(request.app.state, "known_terminals", None)
    if found is None:
        found = request.app.state.known_terminals = KnownTerminals()
    assert isinstance(found, KnownTerminals)
    return found


async def posting_terminal(request: Request, store: Store) -> Terminal:
    """The terminal sending a write: from memory for a pairs table's bearer token seen
    before (the write checks its login), else as :func:`terminal_of` finds it."""
    return await known_terminal(request, store, write=True)


async def known_terminal(request: Request, store: Store, write: bool = False) -> Terminal:
    """The calling terminal, from memory for a pairs table's bearer token seen before:
    for a write, or a read that checks the login in its own transaction
    (:func:`bridgedesk.services.visibility.kept_table_traveller`); else as
    :func:`terminal_of` finds it."""
    token = bearer(request)
    known = _known(request)
    if token is not None:
        found = known.get(token)
        if found is not None:
            return found
    terminal = await db_call(request, terminal_of, request, store, write)
    if token is not None:
        await remember_terminal(request, token, terminal)
    return terminal


async def remember_terminal(request: Request, token: str, terminal: Terminal) -> None:
    """Keep a pairs table's terminal under its bearer ``token`` (a team table's is not
    kept): as it is first found, or as it logs in through the table API, so that even
    its first result is matched in memory."""
    if not await team_tables.is_team(request, terminal):
        _known(request).add(token, terminal)
