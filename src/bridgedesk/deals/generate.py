"""Random deals, as HandEdit makes them for dealing machines (004:4216-4219).

By default the deck is shuffled with :class:`secrets.SystemRandom`, the
operating system's cryptographically strong source, so nobody can predict a
set from earlier ones.  With a seed (or an injected :class:`random.Random`)
the same set comes out every time, on every machine and Python 3.11+
version: the procedure is fixed as "shuffle the 52 cards of
:data:`~bridgedesk.deals.DECK` with ``rng.shuffle`` and deal them 13 each to
North, East, South and West", board after board.
"""

from __future__ import annotations

import random
import secrets

from bridgedesk.deals.cards import DECK, Hand
from bridgedesk.deals.deal import Deal


def random_deal(board: int, rng: random.Random) -> Deal:
    """One uniformly random deal for ``board`` drawn from ``rng``."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = tuple(Hand(frozenset(cards[i * 13 : (i + 1) * 13])) for i in range(4))
    return Deal.from_hands(hands, board)


def generate(
    count: int,
    first: int = 1,
    *,
    seed: int | str | None = None,
    rng: random.Random | None = None,
) -> list[Deal]:
    """``count`` random deals numbered ``first``, ``first + 1``, ...

    ``rng`` wins over ``seed``; with neither, :class:`secrets.SystemRandom` is used.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    if rng is None:
        rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    return [random_deal(first + i, rng) for i in range(count)]


__all__ = ["generate", "random_deal"]
