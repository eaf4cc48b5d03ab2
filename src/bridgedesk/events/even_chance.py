"""Even-chance teams: teams formed from pairs entered singly (004:2725-2734).

Pairs enter with their seed points; the best pair joins the worst, the
second best the second worst, and so on (004:2728).  With an odd number of
pairs the middle pair is left over, and the director's floater pair makes its
team (004:2733).  Ties on seed points are broken by the lower pair number
(the earlier entry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from bridgedesk.errors import PairingError


@dataclass(frozen=True)
class EntryPair:
    pair: int
    seed_points: Decimal


@dataclass(frozen=True)
class FormedTeam:
    """Team ``team``: its two pairs, the stronger first; ``floater`` when one is the floater."""

    team: int
    pairs: tuple[int, int]
    floater: bool = False


def form_teams(entries: Sequence[EntryPair], floater: int | None = None) -> list[FormedTeam]:
    """Teams by best + worst (004:2728); an odd count needs ``floater`` (004:2733)."""
    numbers = [e.pair for e in entries]
    if len(set(numbers)) != len(numbers):
        raise PairingError("a pair is entered twice", code="even-chance.pair-twice")
    if len(entries) < 2:
        raise PairingError(
            "even-chance teams need at least 2 pairs, not {pairs}",
            code="even-chance.too-few",
            pairs=len(entries),
        )
    ranked = [e.pair for e in sorted(entries, key=lambda e: (-e.seed_points, e.pair))]
    teams: list[FormedTeam] = []
    while len(ranked) >= 2:
        teams.append(FormedTeam(len(teams) + 1, (ranked.pop(0), ranked.pop())))
    if ranked:
        if floater is None:
            raise PairingError(
                "{pairs} pairs: pair {pair} has no partner pair; give a floater pair (004:2733)",
                code="even-chance.needs-floater",
                pairs=len(entries),
                pair=ranked[0],
            )
        if floater in numbers:
            raise PairingError(
                "the floater pair {floater} is already entered",
                code="even-chance.floater-entered",
                floater=floater,
            )
        teams.append(FormedTeam(len(teams) + 1, (ranked[0], floater), floater=True))
    elif floater is not None:
        raise PairingError(
            "{pairs} pairs make whole teams; the floater is not needed",
            code="even-chance.floater-not-needed",
            pairs=len(entries),
        )
    return teams
