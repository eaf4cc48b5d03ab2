"""Layouts of the unseen cards consistent with what a player has seen.

A player who does not look at hidden cards still knows a good deal in
MiniBridge: how many cards each unseen hand still holds, its announced HCP
less the honours it has already played (the counts are public, 002:31), and
the suits it has shown out of by not following.  :func:`sample_layouts` draws
layouts of the unseen cards between the two unseen hands that respect all of
that: cards of a suit one hand is void in go to the other; the rest are dealt
at random until a deal gives each hand its HCP count, so that every layout
consistent with the counts is equally likely (when a few hundred deals give
none, the last is mended by exchanging cards a pair at a time until the
counts match).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from bridgedesk.bridge import Seat
from bridgedesk.deals.cards import Card, Suit
from bridgedesk.errors import PracticeError

_EXACT_TRIES = 200
_RESTARTS = 30
_STEPS = 40
#: Draws allowed a layout before a clue gives way (:mod:`bridgedesk.practice.clues`).
ACCEPT_TRIES = 30


@dataclass(frozen=True)
class HandConstraint:
    """What is known of one unseen hand: its size, its HCP, the suits it lacks."""

    seat: Seat
    cards: int
    hcp: int
    voids: frozenset[Suit] = frozenset()


def _hcp(cards: Collection[Card]) -> int:
    return sum(c.hcp for c in cards)


def sample_layout(
    unseen: Collection[Card],
    first: HandConstraint,
    second: HandConstraint,
    rng: random.Random,
) -> dict[Seat, frozenset[Card]]:
    """One layout of ``unseen`` between the two hands, meeting every constraint when
    that can be found (the nearest layout in HCP otherwise)."""
    if first.cards + second.cards != len(unseen):
        raise PracticeError(
            f"{len(unseen)} unseen cards cannot make hands of {first.cards} and {second.cards}"
        )
    to_first = sorted(c for c in unseen if c.suit in second.voids and c.suit not in first.voids)
    to_second = sorted(c for c in unseen if c.suit in first.voids and c.suit not in second.voids)
    forced = set(to_first) | set(to_second)
    free = sorted(c for c in unseen if c not in forced)
    slots = first.cards - len(to_first)
    if slots < 0 or slots > len(free):  # the voids cannot all hold: ignore them
        to_first, to_second, free = [], [], sorted(unseen)
        slots = first.cards
    base = _hcp(to_first) - first.hcp
    # every split with the right counts is equally likely: draw splits until one holds
    # exactly the announced points (most do within a few dozen draws) ...
    for _ in range(_EXACT_TRIES):
        rng.shuffle(free)
        if base + _hcp(free[:slots]) == 0:
            return {
                first.seat: frozenset(to_first) | frozenset(free[:slots]),
                second.seat: frozenset(to_second) | frozenset(free[slots:]),
            }
    # ... else move towards the counts a pair of cards at a time
    best: tuple[int, list[Card], list[Card]] | None = None
    for _ in range(_RESTARTS):
        rng.shuffle(free)
        mine, theirs = free[:slots], free[slots:]
        err = base + _hcp(mine)
        for _ in range(_STEPS):
            if err == 0:
                break
            moves = [
                (i, j)
                for i, a in enumerate(mine)
                for j, b in enumerate(theirs)
                if abs(err + b.hcp - a.hcp) < abs(err)
            ]
            if not moves:
                break
            i, j = moves[rng.randrange(len(moves))]
            err += theirs[j].hcp - mine[i].hcp
            mine[i], theirs[j] = theirs[j], mine[i]
        if best is None or abs(err) < abs(best[0]):
            best = (err, list(mine), list(theirs))
        if err == 0:
            break
    assert best is not None
    _, mine, theirs = best
    return {
        first.seat: frozenset(to_first) | frozenset(mine),
        second.seat: frozenset(to_second) | frozenset(theirs),
    }


Layout = dict[Seat, frozenset[Card]]


def sample_layouts(
    unseen: Collection[Card],
    first: HandConstraint,
    second: HandConstraint,
    rng: random.Random,
    count: int,
    accept: Callable[[Layout], bool] | None = None,
) -> list[Layout]:
    """``count`` layouts drawn by :func:`sample_layout`; with ``accept``, only layouts it
    accepts, drawn again up to :data:`ACCEPT_TRIES` times a layout (the last draws are
    kept when too few pass, so a contradicted clue never stops the play)."""
    if accept is None:
        return [sample_layout(unseen, first, second, rng) for _ in range(count)]
    kept: list[Layout] = []
    spare: list[Layout] = []
    for _ in range(count * ACCEPT_TRIES):
        layout = sample_layout(unseen, first, second, rng)
        (kept if accept(layout) else spare).append(layout)
        if len(kept) == count:
            return kept
    return kept + spare[len(spare) - (count - len(kept)) :]


def constraints_of(
    seats: Collection[Seat],
    sizes: Mapping[Seat, int],
    announced: Mapping[Seat, int],
    played: Mapping[Seat, Collection[Card]],
    voids: Mapping[Seat, frozenset[Suit]],
) -> tuple[HandConstraint, HandConstraint]:
    """The constraints on the two unseen hands from the public information."""
    a, b = (
        HandConstraint(
            s, sizes[s], announced[s] - _hcp(played.get(s, ())), voids.get(s, frozenset())
        )
        for s in seats
    )
    return a, b


__all__ = [
    "HandConstraint",
    "Layout",
    "constraints_of",
    "sample_layout",
    "sample_layouts",
]
