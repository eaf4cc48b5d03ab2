"""The errors bridgedesk raises for bad input.

Every error meant for a director or a federation office derives from
:class:`BridgedeskError`.  Its message says what was wrong and, where that is
known, where: a file with line and column, or a board, table and round.  The
command line prints ``error: <message>`` on one line and exits with status 2;
anything else that escapes is a bug and keeps its traceback.

Errors for text that does not parse also derive from :class:`ValueError`, so a
library user may catch either.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """Where a problem is: any of a file position or a place in a session."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    board: int | None = None
    table: int | None = None
    round: int | None = None
    field: str | None = None

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
        return any(
            v is not None
            for v in (
                self.file,
                self.line,
                self.column,
                self.board,
                self.table,
                self.round,
                self.field,
            )
        )


class BridgedeskError(Exception):
    """Base class of every user-facing bridgedesk error.

    ``details`` are lines the refusal refers to ("listed above": each missing slip),
    which the command line prints on standard error before the one line.
    """

    def __init__(self, message: str, where: Location | None = None) -> None:
        self.message = message
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
        BridgedeskError.__init__(clone, self.message, merged)
        clone.details = self.details
        return clone


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
