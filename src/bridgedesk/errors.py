"""The errors bridgedesk raises for bad input.

Every error meant for a director or a federation office derives from
:class:`BridgedeskError`.  It carries what a program needs to say it in the reader's
language (``docs/languages.md``, "Errors"):

- a stable ``code`` (``result.impossible``, ``table.wrong-code``): what went wrong, for
  a program (the table API's ``"code"``, a page's ``data-code``), unchanged when the
  English words are reworded;
- its message: the English text with ``{placeholders}`` (the catalogs' message id,
  extracted by :mod:`bridgedesk.catalog_extraction` from every raise that gives a
  code) and the ``params`` that fill them;
- where, when that is known (:class:`Location`): a file with line and column, a place
  in a session (event, section, round, table, board), or the ``input`` it was typed
  in (a form field, which is also the command-line option: ``vp_scale`` is
  ``--vp-scale``).

``str(error)`` is the English line.  The edges say it in the reader's language with
:func:`bridgedesk.i18n.error_text`: the command line prints ``error: <line>`` and exits
with status 2, a page shows it beside the form field named by ``where.input``, the
table API answers ``{"error", "code", "field", "params"}``.  Anything else that
escapes is a bug and keeps its traceback.

An error raised without a code (its message one English line, not yet in the
catalogs) is said in English everywhere; ``tests/test_error_codes.py`` lists where
those are left.

Errors for text that does not parse also derive from :class:`ValueError`, so a
library user may catch either.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields

#: A code: a dotted lower-case name, what it is about first (``result.impossible``).
CODE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
#: The names a message's parameters may not take (the constructor's own).
RESERVED = frozenset({"message", "where", "code"})


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file position, a place in a session, the input it was typed in.

    ``field`` is a field of a record in a file (a JSON key, a CSV column, a PBN tag)
    and is part of the English line; ``input`` is the form field or command-line
    option a person typed the value in (``rounds`` for ``--rounds`` and the event
    form's ``rounds``): the message names it already, so it is not repeated in the
    line, and a page shows the message beside that field.
    """

    file: str | None = None
    line: int | None = None
    column: int | None = None
    board: int | None = None
    table: int | None = None
    round: int | None = None
    field: str | None = None
    input: str | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file is not None:
            pos = self.file
            if self.line is not None:
                pos += f":{self.line}"
                if self.column is not None:
                    pos += f":{self.column}"
            parts.append(pos)
        elif self.line is not None:
            parts.append(f"line {self.line}" + (f", column {self.column}" if self.column else ""))
        for name in ("round", "table", "board", "field"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name} {value}")
        return ", ".join(parts)

    def __bool__(self) -> bool:
        """Whether the line says a place (``input`` is not said: the message names it)."""
        return any(getattr(self, f.name) is not None for f in fields(self) if f.name != "input")


class BridgedeskError(Exception):
    """Base class of every user-facing bridgedesk error.

    ``message`` is the English text; with a ``code`` it is a message id whose
    ``{placeholders}`` the keyword ``params`` fill (``str.format``: ``{value!r}`` quotes
    a value as Python writes it), so the same words can be said in another language
    (:func:`bridgedesk.i18n.error_text`)::

        raise EntryError(
            "round {round} does not exist: the movement has rounds 1-{last}",
            code="result.no-such-round", round=r, last=n,
        )

    A parameter may be a :class:`bridgedesk.i18n.LazyText` (a word translated with the
    line) or another error (its line, translated in turn).  ``details`` are lines the
    refusal refers to ("listed above": each missing slip), which the command line
    prints on standard error before the one line.
    """

    def __init__(
        self, message: str, where: Location | None = None, *, code: str = "", **params: object
    ) -> None:
        if code and not CODE.fullmatch(code):
            raise ValueError(f"not an error code: {code!r}")
        reserved = RESERVED & params.keys()
        if reserved:
            raise ValueError(f"parameter names reserved by the error: {sorted(reserved)}")
        self.msgid = message
        self.code = code
        self.params: Mapping[str, object] = params
        self.message = message.format_map(params) if code else message
        self.where = where if where is not None else Location()
        self.details: tuple[str, ...] = ()
        super().__init__(str(self))

    def noted(self, details: tuple[str, ...]) -> BridgedeskError:
        """This error with the lines it refers to (``details``)."""
        self.details = details
        return self

    def __str__(self) -> str:
        if self.where:
            return f"{self.where}: {self.message}"
        return self.message

    def located(self, where: Location) -> BridgedeskError:
        """A copy of this error with ``where`` filled in (existing fields win)."""
        merged = Location(
            **{
                name: getattr(self.where, name)
                if getattr(self.where, name) is not None
                else getattr(where, name)
                for name in Location.__dataclass_fields__
            }
        )
        clone = type(self).__new__(type(self))
        BridgedeskError.__init__(clone, self.msgid, merged, code=self.code, **self.params)
        clone.details = self.details
        return clone

    def as_(self, kind: type[BridgedeskError], where: Location | None = None) -> BridgedeskError:
        """This error as a ``kind`` (a reader's :class:`FormatError` for a
        :class:`ContractError` in its file), with its code and parameters, at ``where``
        (the fields this error knows win)."""
        clone = kind(self.msgid, self.where, code=self.code, **self.params)
        clone.details = self.details
        return clone.located(where) if where is not None else clone


class ParseError(BridgedeskError, ValueError):
    """Text that does not parse (a contract, a card, a file line...)."""


class ContractError(ParseError):
    """A contract, declarer or result that is not legal bridge."""


class BoardNumberError(ParseError):
    """A board number outside the allowed range."""


class ScaleError(BridgedeskError, ValueError):
    """An unknown or malformed IMP/VP scale."""


class MovementError(BridgedeskError, ValueError):
    """A movement that cannot be built as asked (size, rounds, family)."""


class ScoringError(BridgedeskError, ValueError):
    """Results that cannot be scored (inconsistent travellers, bad adjustments)."""


class DealError(BridgedeskError, ValueError):
    """A deal that is not 4 hands of 13 distinct cards."""


class FormatError(ParseError):
    """A file in a known format (PBN, HND, JSON, CSV, USEBIO) that is malformed."""


class MasterpointError(BridgedeskError, ValueError):
    """Masterpoint parameters outside what the federation's rules define."""


class EntryError(BridgedeskError, ValueError):
    """A result or entry that does not fit the event or movement; nothing was stored."""


class ConflictError(EntryError):
    """The result is in already: the board has one at this place or for these pairs, or
    a deleted one waits to be put back (a table hears HTTP 409); nothing was stored."""


class ForbiddenError(BridgedeskError):
    """A request for what its sender may not have: a table asking for another table's
    result or a closed round, a role below the one needed (HTTP 403)."""


class StoreError(BridgedeskError):
    """The store cannot be opened or is not a bridgedesk database."""


class PracticeError(BridgedeskError, ValueError):
    """A practice-play request that the MiniBridge rules do not allow (002:18-46)."""


class PairingError(BridgedeskError, ValueError):
    """A draw (Swiss pairing, knockout, team forming) that can not be made as asked."""
