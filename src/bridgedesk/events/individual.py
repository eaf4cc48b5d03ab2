"""An individual event's seating as the event code sees it (004:1576-1614).

In an individual the partners change every round; the master sheet names the
four players of each table in the order N, S, E, W (Fig 20, 004:1592-1611).
:class:`IndividualPlan` is that sheet with the event's own player numbers:
``(round, table) -> IndividualTable`` (the four players and the boards).

A stored individual result is a slip (:class:`~bridgedesk.events.model.Result`)
whose ``ns`` is the North player and ``ew`` the East player: the plan's
:meth:`IndividualPlan.grid` is the :class:`~bridgedesk.events.seating.GridMovement`
with those two numbers at each table, so result entry, missing slips, boards
not played and fouled boards (which ask a movement who plays which boards
where) work unchanged, and South and West are always the plan's players at the
result's round and table.  A result is therefore stored only where the plan
seats its four players (:meth:`IndividualPlan.check_slip`); a director's
override of the seating (004:3479-3486) is refused for individuals.

The store keeps the plan as the grid's JSON with one more key,
``"individual"`` (:meth:`IndividualPlan.to_json`); ``GridMovement.from_json``
reads the same text as the N / E grid.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgedesk.errors import EntryError, Location, MovementError
from bridgedesk.events.model import Result
from bridgedesk.events.rulings import Slip
from bridgedesk.events.seating import GridMovement, TableAssignment, boards_phrase

#: The ``kind`` of an individual movement in the store (``MovementRow.kind``, the grid's).
KIND = "individual"

#: The four seats in the master sheet's order (004:1592).
SEATS = ("N", "S", "E", "W")


@dataclass(frozen=True)
class IndividualTable:
    """One table in one round: the players at N, S, E, W and the boards they play."""

    north: int
    south: int
    east: int
    west: int
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.players)) != 4:
            raise MovementError(
                "the four players of a table must differ, got {table}",
                code="individual.same-player",
                table=self.text,
            )
        if not self.boards:
            raise MovementError(
                "the table {table} is given no boards", code="individual.no-boards", table=self.text
            )

    @property
    def players(self) -> tuple[int, int, int, int]:
        """N, S, E, W (the master sheet's order)."""
        return (self.north, self.south, self.east, self.west)

    @property
    def text(self) -> str:
        """``N 8 S 1 E 6 W 2``."""
        return " ".join(f"{seat} {p}" for seat, p in zip(SEATS, self.players, strict=True))


@dataclass(frozen=True)
class IndividualPlan:
    """An individual section's master sheet with the event's player numbers."""

    name: str
    rounds: int
    tables: int
    boards_per_round: int
    players: tuple[int, ...]
    seats: Mapping[tuple[int, int], IndividualTable]

    def __post_init__(self) -> None:
        if self.rounds < 1 or self.tables < 1:
            raise MovementError(
                "an individual movement needs at least 1 round and 1 table",
                code="individual.empty-movement",
            )
        known = set(self.players)
        for rnd in range(1, self.rounds + 1):
            seen: dict[int, int] = {}
            for table in range(1, self.tables + 1):
                found = self.seats.get((rnd, table))
                if found is None:
                    continue
                for p in found.players:
                    if p not in known:
                        raise MovementError(
                            "round {round} table {table}: player {player} is not entered",
                            code="individual.player-not-entered",
                            round=rnd,
                            table=table,
                            player=p,
                        )
                    if p in seen:
                        raise MovementError(
                            "round {round}: player {player} is seated at tables {first_table} and "
                            "{table}",
                            code="individual.player-twice",
                            round=rnd,
                            player=p,
                            first_table=seen[p],
                            table=table,
                        )
                    seen[p] = table
        for rnd, table in self.seats:
            if not (1 <= rnd <= self.rounds and 1 <= table <= self.tables):
                raise MovementError(
                    "round {round} table {table} is outside the movement",
                    code="individual.outside-movement",
                    round=rnd,
                    table=table,
                )

    def table(self, rnd: int, table: int) -> IndividualTable | None:
        return self.seats.get((rnd, table))

    def sitting_out(self, rnd: int) -> tuple[int, ...]:
        """The players who sit out round ``rnd``."""
        playing = {p for (r, _t), at in self.seats.items() if r == rnd for p in at.players}
        return tuple(p for p in self.players if p not in playing)

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for at in self.seats.values() for b in at.boards}))

    def grid(self) -> GridMovement:
        """The plan as the pairs' grid: North's and East's numbers at each table."""
        return GridMovement(
            name=self.name,
            kind=KIND,
            rounds=self.rounds,
            tables=self.tables,
            winners=1,
            grid={k: TableAssignment(t.north, t.east, t.boards) for k, t in self.seats.items()},
        )

    def check_slip(self, slip: Result, players: tuple[int, int, int, int]) -> None:
        """Raise EntryError unless the plan seats ``players`` (N, S, E, W) at the slip's
        table in its round and they play its board there (the slip's NS being North
        and its EW East)."""
        rnd, table, board = slip.round, slip.table, slip.board
        where = Location(round=rnd, table=table, board=board)
        if (slip.ns, slip.ew) != (players[0], players[2]):
            raise EntryError(
                "an individual slip's NS and EW are its North and East",
                where,
                code="individual.slip-sides",
            )
        if not 1 <= rnd <= self.rounds:
            raise EntryError(
                "round {round} does not exist: the movement has rounds 1-{rounds}",
                where,
                code="result.no-such-round",
                round=rnd,
                rounds=self.rounds,
            )
        planned = self.table(rnd, table)
        if planned is None:
            raise EntryError(
                "round {round} table {table} is not in play: the movement has tables 1-{tables}",
                where,
                code="result.no-such-table",
                round=rnd,
                table=table,
                tables=self.tables,
            )
        if board not in planned.boards:
            raise EntryError(
                "round {round} table {table} plays {boards}, not {board}",
                where,
                code="result.board-not-at-table",
                round=rnd,
                table=table,
                boards=boards_phrase(planned.boards),
                board=board,
            )
        if len(set(players)) != 4:
            raise EntryError(
                "the four players of a slip must differ", where, code="individual.slip-same-player"
            )
        if tuple(players) != planned.players:
            given = " ".join(f"{s} {p}" for s, p in zip(SEATS, players, strict=True))
            raise EntryError(
                "round {round} table {table} seats {seated}, not {given}",
                where,
                code="individual.wrong-seats",
                round=rnd,
                table=table,
                seated=planned.text,
                given=given,
            )

    def describe_slip(self, slip: Slip) -> str:
        """A missing slip with its four players: ``round 2 table 1 board 3 (N 8 S 2 E 7 W 3)``."""
        at = self.table(slip.round, slip.table)
        who = at.text if at is not None else f"N {slip.ns} E {slip.ew}"
        return f"round {slip.round} table {slip.table} board {slip.board} ({who})"

    def players_of(self, result: Result) -> tuple[int, int, int, int]:
        """The four players (N, S, E, W) of a stored result: the plan's at its table."""
        at = self.table(result.round, result.table)
        if at is None or (at.north, at.east) != (result.ns, result.ew):
            raise EntryError(
                "result of board {board} at round {round} table {table} (N {ns}, E {ew}) "
                "is not where the individual movement seats those players",
                Location(round=result.round, table=result.table, board=result.board),
                code="individual.result-not-seated",
                board=result.board,
                round=result.round,
                table=result.table,
                ns=result.ns,
                ew=result.ew,
            )
        return at.players

    def to_json(self) -> str:
        """The grid's JSON (:meth:`GridMovement.to_json`) plus the four seats per table."""
        data: dict[str, Any] = json.loads(self.grid().to_json())
        data[KIND] = {
            "boards_per_round": self.boards_per_round,
            "players": list(self.players),
            "seats": [
                [rnd, table, *t.players, list(t.boards)]
                for (rnd, table), t in sorted(self.seats.items())
            ],
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> IndividualPlan:
        try:
            data: Any = json.loads(text)
            body = data[KIND]
            seats = {
                (int(r), int(t)): IndividualTable(
                    int(n), int(s), int(e), int(w), tuple(int(b) for b in bds)
                )
                for r, t, n, s, e, w, bds in body["seats"]
            }
            return cls(
                name=str(data["name"]),
                rounds=int(data["rounds"]),
                tables=int(data["tables"]),
                boards_per_round=int(body["boards_per_round"]),
                players=tuple(int(p) for p in body["players"]),
                seats=seats,
            )
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise MovementError(
                "stored individual movement is not valid: {problem}",
                code="individual.stored-invalid",
                problem=str(exc),
            ) from exc


__all__ = ["KIND", "SEATS", "IndividualPlan", "IndividualTable"]
