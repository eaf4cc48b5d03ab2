"""A late player joining a stored individual after round 1 (004:884-898 for pairs;
the individual of 004:1576-1614 has no A/B tables).

As a late pair roves (:mod:`bridgedesk.events.late_rover`), the late player takes,
from round 2, each round the seat of a different player, who sits out that round;
it plays that seat's boards with that seat's partner against that seat's
opponents.  So every board is played as often as before, nobody sits out twice
(players the movement already rests in a round are not displaced), the late
player plays no board twice and has no partner twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.events.individual import IndividualPlan, IndividualTable
from bridgedesk.events.late_rover import Taken, first_route

__all__ = ["late_player"]


def _partner(at: IndividualTable, index: int) -> int:
    return at.players[{0: 1, 1: 0, 2: 3, 3: 2}[index]]


def late_player(plan: IndividualPlan, late: int, from_round: int = 2) -> IndividualPlan:
    """``plan`` with player ``late`` in a different player's seat each round from
    ``from_round`` (see the module docstring); a MovementError when no route exists."""
    if late in plan.players:
        raise MovementError(
            "player {player} is seated by the movement already",
            code="late.player-seated",
            player=late,
        )
    if not 2 <= from_round <= plan.rounds:
        raise MovementError(
            "a late player joins from round 2 to {rounds}, not round {from_round}",
            code="late.player-from-round",
            rounds=plan.rounds,
            from_round=from_round,
        )
    rested = {p for r in range(1, plan.rounds + 1) for p in plan.sitting_out(r)}

    def seats(rnd: int, _taken: Sequence[Taken]) -> list[Taken]:
        found = []
        for table in range(1, plan.tables + 1):
            at = plan.seats.get((rnd, table))
            if at is None:
                continue
            for index, player in enumerate(at.players):
                if player not in rested:
                    found.append(Taken(rnd, table, index, player, _partner(at, index), at.boards))
        return found

    chosen = first_route(range(from_round, plan.rounds + 1), seats)
    if chosen is None:
        raise MovementError(
            "late player {player} finds no seat in every round from {from_round} "
            "without a board twice, a partner twice or a player sitting out twice; "
            "set the movement again for the players entered before any result is in",
            code="late.player-no-seat",
            player=late,
            from_round=from_round,
        )
    placed = dict(plan.seats)
    for x in chosen:
        players = list(placed[(x.round, x.table)].players)
        players[x.index] = late
        n, s, e, w = players
        placed[(x.round, x.table)] = IndividualTable(n, s, e, w, x.boards)
    return replace(
        plan,
        name=f"{plan.name}, late player {late} from round {from_round}",
        players=(*plan.players, late),
        seats=placed,
    )
