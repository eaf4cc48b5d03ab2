"""Table terminals: the per-table codes and the terminals' logins.

A table logs in with its section's per-table code (random, from :mod:`secrets`,
revocable: revoking issues new codes and every token of the old ones stops
working).  A login gets a bearer token; only its SHA-256 is stored.  Moved out
of :mod:`bridgedesk.store.terminals`, which re-exports these names.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import and_, bindparam, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.i18n import Phrase, phrase
from bridgedesk.store.models import (
    EventRow,
    SectionRow,
    SessionRow,
    TableCodeRow,
    TableTokenRow,
)
from bridgedesk.store.table_rounds import event_named, grid, session_sections
from bridgedesk.store.unit import UnitOfWork, statements, utcnow

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "NotLoggedInError",
    "TableCode",
    "Terminal",
    "authenticate",
    "check_generation",
    "check_login",
    "digest",
    "login",
    "new_code",
    "table_codes",
]

#: Letters and digits that cannot be misread for one another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


class NotLoggedInError(BridgedeskError):
    """No token, an unknown or revoked token, or a wrong code (HTTP 401)."""


@dataclass(frozen=True)
class TableCode:
    session: int
    section: str
    table: int
    code: str


@dataclass(frozen=True)
class Terminal:
    """A logged-in table: which event, session, section and table it is."""

    event_id: int
    event_name: str
    session: int
    section: str
    section_id: int
    table: int
    csrf: str
    #: The table's code generation the login was made with (a revoked code's is older).
    generation: int = 0

    @property
    def label(self) -> str:
        """The table as the audit log names who made a change (``table A3``)."""
        return f"table {self.section}{self.table}"

    @property
    def named(self) -> Phrase:
        """The table as a refusal names it, in the reader's language."""
        return phrase("table {section}{table}", section=self.section, table=self.table)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def table_codes(
    unit: UnitOfWork,
    ref: int | str,
    session: int = 1,
    section: str | None = None,
    revoke: bool = False,
) -> list[TableCode]:
    """Every table's code in the session's sections that have a movement.

    Codes are made the first time they are asked for; ``revoke`` replaces them
    (and so logs every terminal of those tables out).
    """
    out: list[TableCode] = []
    with unit.transaction() as s:
        ev = event_named(s, ref)
        rows = session_sections(s, ev, session)
        if section is not None:
            rows = [r for r in rows if r.name == section]
            if not rows:
                raise EntryError(
                    "event {event!r} has no section {section} in session {session}",
                    code="table.no-such-section",
                    event=ev.name,
                    section=section,
                    session=session,
                )
        seen = False
        for sec in rows:
            if sec.movement is None:
                continue
            seen = True
            tables = grid(sec.movement.data).tables
            have = {
                c.table_no: c
                for c in s.scalars(select(TableCodeRow).where(TableCodeRow.section_id == sec.id))
            }
            for table in range(1, tables + 1):
                row = have.get(table)
                if row is None:
                    row = TableCodeRow(
                        section_id=sec.id,
                        table_no=table,
                        code=new_code(),
                        generation=1,
                        created_at=utcnow(),
                    )
                    s.add(row)
                elif revoke:
                    row.code = new_code()
                    row.generation += 1
                    row.created_at = utcnow()
                out.append(TableCode(session, sec.name, table, row.code))
        if not seen:
            raise EntryError(
                "no section of event {event!r} session {session} has a movement yet: set "
                "one with `bridgedesk event movement` first",
                code="table.no-movement-yet",
                event=ev.name,
                session=session,
            )
    return out


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def login(
    unit: UnitOfWork, event: int, section: str, table: int, code: str, session: int = 1
) -> tuple[str, Terminal]:
    """Check a table's code; return a new bearer token and the terminal it names."""
    refused = NotLoggedInError(
        "wrong event, section, table or code", Location(input="code"), code="table.wrong-code"
    )
    with unit.transaction() as s:
        found = s.execute(
            select(TableCodeRow, SectionRow.name)
            .join(SectionRow, TableCodeRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .where(
                SessionRow.event_id == event,
                SessionRow.number == session,
                SectionRow.name == section,
                TableCodeRow.table_no == table,
            )
        ).one_or_none()
        given = code.strip().upper().encode("utf-8")
        if found is None or not secrets.compare_digest(found[0].code.encode("utf-8"), given):
            raise refused
        row: TableCodeRow = found[0]
        token = secrets.token_urlsafe(32)
        s.add(
            TableTokenRow(
                token_hash=digest(token),
                csrf=secrets.token_urlsafe(24),
                section_id=row.section_id,
                table_no=table,
                generation=row.generation,
                created_at=utcnow(),
            )
        )
    return token, authenticate(unit, token)


def authenticate(unit: UnitOfWork, token: str | None) -> Terminal:
    """The terminal a bearer token belongs to; NotLoggedInError when it is unknown or revoked."""
    if not token:
        raise NotLoggedInError("log in with the table's code first", code="table.not-logged-in")
    with unit.transaction(write=False) as s:
        found = s.execute(
            select(TableTokenRow, SectionRow.name, SessionRow.number, EventRow.id, EventRow.name)
            .join(
                TableCodeRow,
                and_(
                    TableCodeRow.section_id == TableTokenRow.section_id,
                    TableCodeRow.table_no == TableTokenRow.table_no,
                    TableCodeRow.generation == TableTokenRow.generation,
                ),
            )
            .join(SectionRow, TableTokenRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .join(EventRow, SessionRow.event_id == EventRow.id)
            .where(TableTokenRow.token_hash == digest(token))
        ).one_or_none()
        if found is None:
            raise NotLoggedInError(
                "this table's login is unknown or was revoked: log in again",
                code="table.login-revoked",
            )
        tok, section, session, event_id, event_name = found
        return Terminal(
            event_id, event_name, session, section, tok.section_id, tok.table_no, tok.csrf,
            tok.generation,
        )  # fmt: skip


#: A table's code generation (built once: every table's slip asks it).
_GENERATION = select(TableCodeRow.generation).where(
    TableCodeRow.section_id == bindparam("section_id"), TableCodeRow.table_no == bindparam("table")
)


def check_login(s: OrmSession, terminal: Terminal) -> None:
    """NotLoggedInError unless the terminal's login still holds (its table's code not
    revoked since, its event not deleted): what a write checks in its own transaction
    when the terminal was known from memory (:mod:`bridgedesk.web.known_terminals`).
    One Core statement: every table's slip asks it."""
    generation = (
        statements(s)
        .execute(_GENERATION, {"section_id": terminal.section_id, "table": terminal.table})
        .scalar()
    )
    check_generation(terminal, generation)


def check_generation(terminal: Terminal, generation: int | None) -> None:
    """NotLoggedInError unless ``generation``, the table's code's as stored now (None: the
    table has no code, its event deleted), is the one the terminal logged in with."""
    if generation is None or generation != terminal.generation:
        raise NotLoggedInError(
            "this table's login is unknown or was revoked: log in again", code="table.login-unknown"
        )
