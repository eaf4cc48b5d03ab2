"""Help at the two decisions a beginner meets: who declares, and which contract to name.

The first is the rule of 002:31 worked out on the board's announcements:
each side's total, the side that declares, which partner and why, and what
that means for the person at South (:func:`declaring_help`).

The second lists every contract the declarer may name (002:32) with its
trick target and what it scores made exactly, with each overtrick and one
down (:func:`contract_help`), beside the two rules of thumb MiniBridge
classes teach for choosing: trumps where declarer and dummy hold eight cards
or more of a suit together (a "fit", a major before a minor), else no
trumps; and a game with about 25 points together for no trumps or a major,
29 for a minor, else a part score.  The rules of thumb are advice, not the
computer's choice (the computer simulates, :mod:`bridgedesk.practice.club`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import SUITS, Card, Suit
from bridgedesk.practice.announce import DECLARING_MINIMUM, Declaration
from bridgedesk.practice.contract import (
    ALL_MINI_CONTRACTS,
    UNDERTRICK_PENALTY,
    MiniContract,
    declarer_score,
)

#: A suit with this many cards between declarer and dummy is a fit (the "magic 8").
FIT = 8
#: Points together that usually make a game in no trumps or a major, and in a minor.
GAME_POINTS = 25
MINOR_GAME_POINTS = 29


class Role(Enum):
    """What the person at South does on this board."""

    DECLARER = "declarer"  # South declares: South names the contract, plays both hands
    PARTNER_DECLARES = "partner_declares"  # North declares: the person plays both hands
    DEFENDER = "defender"


@dataclass(frozen=True)
class DeclaringHelp:
    """The announcements worked out: side totals, the declaring side and declarer, why."""

    declaration: Declaration
    totals: dict[Side, int]
    side: Side
    declarer: Seat
    by_first: bool  # the partners announced the same count: the first to announce declares
    role: Role
    leader: Seat

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner


def declaring_help(found: Declaration, you: Seat = Seat.S) -> DeclaringHelp:
    """Why ``found.declarer`` declares, for the person at ``you`` (not for a redeal)."""
    declarer = found.declarer
    if declarer is None:
        raise ValueError("a 20-20 deal has no declarer")  # pragma: no cover - callers check
    totals = {side: found.side_total(side) for side in Side}
    side = declarer.side
    by_first = found.hcp(declarer) == found.hcp(declarer.partner)
    if declarer is you:
        role = Role.DECLARER
    elif declarer is you.partner:
        role = Role.PARTNER_DECLARES
    else:
        role = Role.DEFENDER
    assert totals[side] >= DECLARING_MINIMUM
    return DeclaringHelp(found, totals, side, declarer, by_first, role, declarer.lho)


@dataclass(frozen=True)
class ContractOption:
    """One contract the declarer may name: its target and what it scores."""

    contract: MiniContract
    made: int  # the score for exactly the target
    overtrick: int  # each trick more
    down_one: int  # one trick short (negative)


class StrainReason(Enum):
    """Which rule of thumb gave the suggested strain."""

    MAJOR_FIT = "major_fit"  # a fit in a major: trumps
    MINOR_FIT = "minor_fit"  # a fit in a minor only: trumps, for a part score or 11 tricks
    MINOR_FIT_NT = "minor_fit_nt"  # a minor fit with game points short of 29: 9 tricks in NT
    NO_FIT = "no_fit"


@dataclass(frozen=True)
class ContractHelp:
    """What a beginner weighs when naming the contract."""

    points: int
    lengths: dict[Suit, int]
    options: tuple[ContractOption, ...]
    suggestion: MiniContract
    strain_reason: StrainReason
    fit: Suit | None


def _option(contract: MiniContract) -> ContractOption:
    need = contract.tricks_needed
    made = declarer_score(contract, need)
    over = declarer_score(contract, need + 1) - made if need < 13 else 0
    return ContractOption(contract, made, over, -UNDERTRICK_PENALTY)


def contract_help(declarer: Collection[Card], dummy: Collection[Card]) -> ContractHelp:
    """The choices and the rules of thumb for declarer's and dummy's cards."""
    both = [*declarer, *dummy]
    points = sum(c.hcp for c in both)
    lengths = {suit: sum(1 for c in both if c.suit is suit) for suit in SUITS}
    # the longest fit, a major before a minor at equal length (SUITS run S H D C)
    fits = sorted(
        (suit for suit in SUITS if lengths[suit] >= FIT),
        key=lambda suit: (suit.index >= 2, -lengths[suit], suit.index),
    )
    fit = fits[0] if fits else None
    if fit is None:
        strain, reason = Strain.NT, StrainReason.NO_FIT
    elif fit.index < 2:
        strain, reason = Strain(fit.value), StrainReason.MAJOR_FIT
    elif GAME_POINTS <= points < MINOR_GAME_POINTS:
        strain, reason = Strain.NT, StrainReason.MINOR_FIT_NT
    else:
        strain, reason = Strain(fit.value), StrainReason.MINOR_FIT
    needed = MINOR_GAME_POINTS if strain.is_minor else GAME_POINTS
    suggestion = MiniContract(strain, points >= needed)
    options = tuple(_option(c) for c in ALL_MINI_CONTRACTS)
    return ContractHelp(points, lengths, options, suggestion, reason, fit)


__all__ = [
    "FIT",
    "GAME_POINTS",
    "MINOR_GAME_POINTS",
    "ContractHelp",
    "ContractOption",
    "DeclaringHelp",
    "Role",
    "StrainReason",
    "contract_help",
    "declaring_help",
]
