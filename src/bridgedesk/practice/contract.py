"""MiniBridge contracts and their score (002:32, 002:40-46).

A MiniBridge contract is a strain (a trump suit or no trumps) and a choice of
game or part score (002:32).  A game needs 9 tricks in no trumps, 10 in a
major and 11 in a minor; a part score needs 7 in any strain.

The seed gives the penalty, 100 points per undertrick to the defenders
(002:44), and the worked example of 002:55 (9 tricks in a major part score
score 140; 8 tricks in a major part score for the other side 110), but its
table of points for a made contract is missing (002:42 is followed by an
empty line).  For that table bridgedesk uses the standard MiniBridge scoring
of the English Bridge Union ("How to score in Minibridge"): every trick over
six scores 20 in a minor, 30 in a major, 40 for the first and 30 for each
further trick in no trumps; a made game adds 300, a made part score 50.
MiniBridge has no vulnerability, so the board's vulnerability is not used.
The EBU's own penalty (50 per undertrick) gives way to the seed's 100.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge import Seat, Strain
from bridgedesk.bridge.contract import BOOK, TRICKS
from bridgedesk.errors import PracticeError

#: Tricks a game needs, by strain (002:32; standard MiniBridge).
GAME_TRICKS: dict[Strain, int] = {
    Strain.NT: 9,
    Strain.S: 10,
    Strain.H: 10,
    Strain.D: 11,
    Strain.C: 11,
}
#: Tricks a part score needs in any strain.
PART_SCORE_TRICKS = BOOK + 1
#: Points to the defenders for each trick declarer is short (002:44).
UNDERTRICK_PENALTY = 100
GAME_BONUS = 300
PART_SCORE_BONUS = 50


@dataclass(frozen=True, order=True)
class MiniContract:
    """What the declarer names after seeing dummy: a strain and game or part score."""

    strain: Strain
    game: bool

    @property
    def tricks_needed(self) -> int:
        return GAME_TRICKS[self.strain] if self.game else PART_SCORE_TRICKS

    def __str__(self) -> str:
        return f"{self.strain.value} {'game' if self.game else 'part score'}"

    def to_dict(self) -> dict[str, object]:
        return {"strain": self.strain.value, "game": self.game, "tricks_needed": self.tricks_needed}


#: Every contract a declarer may name, no trumps first, games before part scores.
ALL_MINI_CONTRACTS: tuple[MiniContract, ...] = tuple(
    MiniContract(strain, game)
    for strain in (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
    for game in (True, False)
)


def trick_points(strain: Strain, tricks: int) -> int:
    """Points for the tricks over six (standard MiniBridge): 20 minor, 30 major, 40+30 NT."""
    odd = max(0, tricks - BOOK)
    if odd == 0:
        return 0
    if strain is Strain.NT:
        return 40 + 30 * (odd - 1)
    return (20 if strain.is_minor else 30) * odd


def declarer_score(contract: MiniContract, tricks: int) -> int:
    """The declaring side's score for ``tricks`` tricks (negative when the contract fails).

    >>> from bridgedesk.bridge import Strain
    >>> declarer_score(MiniContract(Strain.S, False), 9)   # 002:55
    140
    >>> declarer_score(MiniContract(Strain.NT, True), 7)
    -200
    """
    if isinstance(tricks, bool) or not 0 <= tricks <= TRICKS:
        raise PracticeError(f"tricks must be 0-{TRICKS}, got {tricks!r}")
    short = contract.tricks_needed - tricks
    if short > 0:
        return -UNDERTRICK_PENALTY * short
    bonus = GAME_BONUS if contract.game else PART_SCORE_BONUS
    return trick_points(contract.strain, tricks) + bonus


@dataclass(frozen=True)
class ScoreBreakdown:
    """How a declaring side's score is made up, to explain it to a beginner.

    Made: the points of each trick over six, in order, and the bonus.  Failed:
    the tricks short, 100 each to the defenders (002:44).
    """

    contract: MiniContract
    tricks: int
    trick_points: tuple[int, ...]
    bonus: int
    undertricks: int

    @property
    def made(self) -> bool:
        return self.undertricks == 0

    @property
    def overtricks(self) -> int:
        return max(0, self.tricks - self.contract.tricks_needed)

    @property
    def total(self) -> int:
        """The declaring side's score (negative when the contract failed)."""
        if self.undertricks:
            return -UNDERTRICK_PENALTY * self.undertricks
        return sum(self.trick_points) + self.bonus


def score_breakdown(contract: MiniContract, tricks: int) -> ScoreBreakdown:
    """The parts of :func:`declarer_score` (their total is that score).

    >>> from bridgedesk.bridge import Strain
    >>> b = score_breakdown(MiniContract(Strain.NT, False), 9)
    >>> b.trick_points, b.bonus, b.total
    ((40, 30, 30), 50, 150)
    """
    score = declarer_score(contract, tricks)
    short = max(0, contract.tricks_needed - tricks)
    if short:
        return ScoreBreakdown(contract, tricks, (), 0, short)
    points = tuple(
        trick_points(contract.strain, BOOK + k) - trick_points(contract.strain, BOOK + k - 1)
        for k in range(1, tricks - BOOK + 1)
    )
    bonus = GAME_BONUS if contract.game else PART_SCORE_BONUS
    breakdown = ScoreBreakdown(contract, tricks, points, bonus, 0)
    assert breakdown.total == score
    return breakdown


def score_ns(declarer: Seat, contract: MiniContract, tricks: int) -> int:
    """The score from North-South's side for ``declarer`` taking ``tricks`` tricks."""
    return declarer.side.sign * declarer_score(contract, tricks)


__all__ = [
    "ALL_MINI_CONTRACTS",
    "GAME_BONUS",
    "GAME_TRICKS",
    "PART_SCORE_BONUS",
    "PART_SCORE_TRICKS",
    "UNDERTRICK_PENALTY",
    "MiniContract",
    "ScoreBreakdown",
    "declarer_score",
    "score_breakdown",
    "score_ns",
    "trick_points",
]
