"""How the event code sees a movement: who sits where and which boards they play.

The events package does not build movements (that is :mod:`bridgedesk.movements`);
it only asks a movement three things, through the :class:`SeatingPlan` protocol:

* how many rounds and tables it has, and how many winners (1 for a one-field
  Howell, 2 for a two-field Mitchell);
* :meth:`SeatingPlan.assignment`: for a round and a table, the NS pair, the EW pair and
  the boards they play, or ``None`` when that table is idle in that round
  (a bye stand, or a table cut from the round).

``bridgedesk.movements.Movement`` (rounds of seatings with board sets) is read
through :func:`bridgedesk.events.adapters.as_grid`, which also accepts anything
with ``assignment(round, table)``.

Pair numbers are unique within a section (a Mitchell whose EW pairs are also
numbered from 1 must be adapted, for example EW pair *n* as ``tables + n``).
Board numbers are the physical board numbers (1, 2, ...), rounds and tables count
from 1.

:class:`GridMovement` is the plain stored form of any seating: the full grid
``(round, table) -> (NS, EW, boards)``.  The store keeps a section's movement as
its JSON (:meth:`GridMovement.to_json`), so a stored event never depends on the
code that generated its movement.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from bridgedesk.errors import MovementError
from bridgedesk.i18n import Phrase, phrase


@dataclass(frozen=True)
class TableAssignment:
    """One table in one round: the two pairs and the boards they play there."""

    ns: int
    ew: int
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.ns == self.ew:
            raise MovementError(
                "pair {pair} cannot play against itself",
                code="movement.pair-against-itself",
                pair=self.ns,
            )
        if not self.boards:
            raise MovementError(
                "pairs {ns} and {ew} are given no boards",
                code="movement.no-boards",
                ns=self.ns,
                ew=self.ew,
            )


@runtime_checkable
class SeatingPlan(Protocol):
    """What result entry needs to know about a whole movement (one table in one
    round is :class:`bridgedesk.movements.model.Seating`).

    ``bridgedesk.movements.Movement`` satisfies this directly if it has these
    members, or through a small adapter (see :func:`GridMovement.from_seating`).
    """

    @property
    def rounds(self) -> int:
        """Number of rounds (numbered 1..rounds)."""
        ...

    @property
    def tables(self) -> int:
        """Number of tables (numbered 1..tables)."""
        ...

    @property
    def winners(self) -> int:
        """1 for a one-field movement (Howell), 2 for two fields (Mitchell NS / EW)."""
        ...

    def assignment(self, round: int, table: int) -> TableAssignment | None:
        """Who plays which boards at ``table`` in ``round``; None if the table is idle."""
        ...


def format_boards(boards: tuple[int, ...] | list[int]) -> str:
    """``boards 7-8`` for a run, ``boards 1, 5, 9`` otherwise, ``board 7`` for one."""
    ordered = sorted(boards)
    if len(ordered) == 1:
        return f"board {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"boards {ordered[0]}-{ordered[-1]}"
    return "boards " + ", ".join(str(b) for b in ordered)


def boards_phrase(boards: tuple[int, ...] | list[int]) -> Phrase:
    """:func:`format_boards` as a phrase, said in the reader's language (an error's
    part)."""
    ordered = sorted(boards)
    if len(ordered) == 1:
        return phrase("board {board}", board=ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return phrase("boards {first}-{last}", first=ordered[0], last=ordered[-1])
    return phrase("boards {boards}", boards=", ".join(str(b) for b in ordered))


def seats(movement: SeatingPlan) -> Iterator[tuple[int, int, TableAssignment]]:
    """Every (round, table, assignment) of a movement, idle tables left out."""
    for rnd in range(1, movement.rounds + 1):
        for table in range(1, movement.tables + 1):
            found = movement.assignment(rnd, table)
            if found is not None:
                yield rnd, table, found


def stationary_pairs(movement: SeatingPlan) -> frozenset[int]:
    """Pairs that keep one table and one direction in every round they play."""
    places: dict[int, set[tuple[int, str]]] = {}
    for _, table, a in seats(movement):
        places.setdefault(a.ns, set()).add((table, "NS"))
        places.setdefault(a.ew, set()).add((table, "EW"))
    return frozenset(pair for pair, where in places.items() if len(where) == 1)


def seated_pairs(movement: SeatingPlan) -> frozenset[int]:
    """Every pair number the movement seats somewhere."""
    return frozenset(p for _, _, a in seats(movement) for p in (a.ns, a.ew))


@dataclass(frozen=True)
class GridMovement:
    """A movement written out in full: the grid ``(round, table) -> assignment``.

    It satisfies :class:`SeatingPlan`.  ``name`` is free text for people (e.g.
    ``"Howell 7 pairs"``); ``kind`` names the family (``howell``, ``mitchell``...).
    """

    name: str
    kind: str
    rounds: int
    tables: int
    winners: int
    grid: Mapping[tuple[int, int], TableAssignment]

    def __post_init__(self) -> None:
        if self.rounds < 1 or self.tables < 1:
            raise MovementError(
                "a movement needs at least 1 round and 1 table, got {rounds} rounds and "
                "{tables} tables",
                code="movement.too-small",
                rounds=self.rounds,
                tables=self.tables,
            )
        if self.winners not in (1, 2):
            raise MovementError(
                "winners must be 1 or 2, got {winners}",
                code="movement.bad-winners",
                winners=self.winners,
            )
        for rnd, table in self.grid:
            if not (1 <= rnd <= self.rounds and 1 <= table <= self.tables):
                raise MovementError(
                    "round {round} table {table} is outside the movement (rounds 1-{rounds}, "
                    "tables 1-{tables})",
                    code="movement.outside",
                    round=rnd,
                    table=table,
                    rounds=self.rounds,
                    tables=self.tables,
                )
        for rnd in range(1, self.rounds + 1):
            seen: dict[int, int] = {}
            for table in range(1, self.tables + 1):
                found = self.grid.get((rnd, table))
                if found is None:
                    continue
                for pair in (found.ns, found.ew):
                    if pair in seen:
                        raise MovementError(
                            "round {round}: pair {pair} is seated at tables {first_table} "
                            "and {table}",
                            code="movement.pair-twice",
                            round=rnd,
                            pair=pair,
                            first_table=seen[pair],
                            table=table,
                        )
                    seen[pair] = table

    def assignment(self, round: int, table: int) -> TableAssignment | None:
        return self.grid.get((round, table))

    @property
    def pairs(self) -> tuple[int, ...]:
        """Every pair number that is seated somewhere, in order."""
        found: set[int] = set()
        for found_at in self.grid.values():
            found.update((found_at.ns, found_at.ew))
        return tuple(sorted(found))

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board number played somewhere, in order."""
        found: set[int] = set()
        for found_at in self.grid.values():
            found.update(found_at.boards)
        return tuple(sorted(found))

    def switch(self, new: GridMovement, from_round: int) -> GridMovement:
        """This movement for rounds before ``from_round``, ``new`` from it on.

        How a section changes movement during play: a late pair joining before
        round 2 with A/B (appendix) tables (004:884-898), or recovering from a
        misplaced table (004:3477-3530).  Rounds already played keep their seats.
        """
        if not 2 <= from_round <= new.rounds:
            raise MovementError(
                "the new movement can start from round 2 to {rounds}, not {from_round}",
                code="movement.bad-change-round",
                rounds=new.rounds,
                from_round=from_round,
            )
        grid = {k: a for k, a in self.grid.items() if k[0] < from_round}
        grid.update({k: a for k, a in new.grid.items() if k[0] >= from_round})
        return GridMovement(
            name=f"{self.name}, then {new.name} from round {from_round}",
            kind=new.kind,
            rounds=new.rounds,
            tables=max(self.tables, new.tables),
            winners=new.winners,
            grid=grid,
        )

    @classmethod
    def from_seating(cls, movement: SeatingPlan, name: str = "", kind: str = "") -> GridMovement:
        """Write any :class:`SeatingPlan` out as a grid (how the store keeps it)."""
        if isinstance(movement, GridMovement):
            return movement
        grid = {(rnd, table): a for rnd, table, a in seats(movement)}
        return cls(
            name=name or str(getattr(movement, "name", "")),
            kind=kind or str(getattr(movement, "kind", "")),
            rounds=movement.rounds,
            tables=movement.tables,
            winners=movement.winners,
            grid=grid,
        )

    def to_json(self) -> str:
        """The grid as compact JSON (round, table, NS, EW, boards rows)."""
        rows = [
            [rnd, table, a.ns, a.ew, list(a.boards)]
            for (rnd, table), a in sorted(self.grid.items())
        ]
        data = {
            "format": "bridgedesk-grid-1",
            "name": self.name,
            "kind": self.kind,
            "rounds": self.rounds,
            "tables": self.tables,
            "winners": self.winners,
            "grid": rows,
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GridMovement:
        try:
            data: Any = json.loads(text)
            if data.get("format") != "bridgedesk-grid-1":
                raise MovementError(
                    "stored movement has format {given!r}, expected 'bridgedesk-grid-1'",
                    code="movement.stored-format",
                    given=data.get("format"),
                )
            grid = {
                (int(r), int(t)): TableAssignment(int(ns), int(ew), tuple(int(b) for b in bds))
                for r, t, ns, ew, bds in data["grid"]
            }
            return cls(
                name=str(data["name"]),
                kind=str(data["kind"]),
                rounds=int(data["rounds"]),
                tables=int(data["tables"]),
                winners=int(data["winners"]),
                grid=grid,
            )
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise MovementError(
                "stored movement is not a valid grid: {problem}",
                code="movement.stored-invalid",
                problem=str(exc),
            ) from exc
