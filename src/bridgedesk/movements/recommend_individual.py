"""Choosing an individual movement from the players present (004:1576-1614, 004:3068-3078).

The JCBL quick-reference list for individuals (appendix 1, 004:3068-3078)
gives, for 8 to 17 players, the boards a round and the rounds:

==========  =========================
players     boards / round x rounds
==========  =========================
8           3 x 7 (21 boards)
9           2 x 9 (18)
10          2 x 10 (20)
12          2 x 11 (22)
13          2 x 13 (26)
14          2 x 14 (28)
16          2 x 12 or 2 x 15 (24 / 30)
17          2 x 13 (26)
==========  =========================

Ideally everyone partners everyone once (004:1584); the cyclic movements of
:mod:`bridgedesk.movements.individual` have ``M`` rounds for ``M`` players
(``M - 1`` when ``M`` is a multiple of 4, one player stationary).  Counts the
list leaves out (11, 15, 18, 19) get the full cycle at 2 boards a round.  A
pair movement is never offered for individuals: partners change every round.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.errors import MovementError
from bridgedesk.movements.individual import MAX_PLAYERS, MIN_PLAYERS
from bridgedesk.movements.recommend import duration

#: 004:3070-3078: players -> (boards a round, rounds) rows of the list.
LIST: dict[int, tuple[tuple[int, int], ...]] = {
    8: ((3, 7),),
    9: ((2, 9),),
    10: ((2, 10),),
    12: ((2, 11),),
    13: ((2, 13),),
    14: ((2, 14),),
    16: ((2, 12), (2, 15)),
    17: ((2, 13),),
}


@dataclass(frozen=True)
class IndividualRecommendation:
    """One individual movement: what ``movement show individual`` builds for it."""

    players: int
    tables: int
    boards_per_round: int
    rounds: int
    full_cycle: int
    source: str

    @property
    def boards(self) -> int:
        return self.boards_per_round * self.rounds

    @property
    def minutes(self) -> int:
        return duration(self.boards, self.rounds)

    @property
    def sitting_out(self) -> int:
        """Players sitting out each round (players beyond four a table)."""
        return self.players - 4 * self.tables

    def describe(self) -> str:
        partners = (
            "everyone partners everyone once"
            if self.rounds == self.full_cycle
            else f"{self.rounds} of the {self.full_cycle} rounds of the full cycle"
        )
        out = (
            f"individual, {self.players} players at {self.tables} tables: "
            f"{self.boards_per_round} x {self.rounds} = {self.boards} boards, "
            f"about {self.minutes} min; {partners}"
        )
        if self.sitting_out:
            out += f"; {self.sitting_out} sit out each round"
        return out + f" ({self.source})"

    def command(self) -> str:
        return (
            f"movement show individual --players {self.players} --rounds {self.rounds} "
            f"--boards-per-round {self.boards_per_round}"
        )


def recommend_individual(players: int) -> list[IndividualRecommendation]:
    """The individual movements for ``players`` players, the seed's list first."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MovementError(
            "individual movements are built for {min_players} to {max_players} "
            "players, not {players} (004:3068-3078 lists 8 to 17)",
            code="movement.individual-players-built",
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            players=players,
        )
    cycle = players - 1 if players % 4 == 0 else players
    tables = players // 4
    rows = LIST.get(players)
    if rows is None:
        return [
            IndividualRecommendation(
                players, tables, 2, cycle, cycle, "not in the list (004:3068-3078): full cycle"
            )
        ]
    return [
        IndividualRecommendation(players, tables, bpr, rounds, cycle, "004:3068-3078")
        for bpr, rounds in rows
    ]
