"""Deal generation: uniform over seats for every card, reproducible with a seed."""

from __future__ import annotations

import math
import random

from bridgedesk.bridge import SEATS, Seat, Vulnerability
from bridgedesk.deals import DECK, Deal
from bridgedesk.deals.generate import generate

N_DEALS = 4000


def _chi_square(deals: list[Deal]) -> float:
    """Sum over the 52 cards of the chi-square statistic of its 4 seat counts."""
    expected = len(deals) / 4
    total = 0.0
    for card in DECK:
        counts = dict.fromkeys(SEATS, 0)
        for deal in deals:
            counts[deal.owner(card)] += 1
        total += sum((c - expected) ** 2 / expected for c in counts.values())
    return total


def _critical(df: int, z: float) -> float:
    """Upper chi-square quantile by the Wilson-Hilferty approximation (z: normal quantile)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


# 52 cards x 3 degrees of freedom; z = 4.75 is a one-sided p of about 1e-6.
CRITICAL = _critical(52 * 3, 4.75)


def test_each_card_equally_likely_in_each_seat_system_random() -> None:
    stat = _chi_square(generate(N_DEALS))
    assert stat < CRITICAL, f"chi-square {stat:.1f} >= {CRITICAL:.1f}"


def test_each_card_equally_likely_in_each_seat_seeded() -> None:
    stat = _chi_square(generate(N_DEALS, seed=2026))
    assert stat < CRITICAL


def test_the_statistic_catches_a_biased_dealer() -> None:
    # too short a shuffle (20 random swaps) leaves many cards with their first seat
    class ShortShuffle(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override,type-arg]
            for _ in range(20):
                i, j = self.randrange(52), self.randrange(52)
                x[i], x[j] = x[j], x[i]

    assert _chi_square(generate(N_DEALS, rng=ShortShuffle(1))) > CRITICAL


def test_reproducible_with_seed_and_injected_rng() -> None:
    a = generate(36, seed=12345)
    assert a == generate(36, seed=12345)
    assert a == generate(36, rng=random.Random(12345))
    assert a != generate(36, seed=12346)
    # the documented procedure: shuffle DECK with rng.shuffle, deal 13 each N E S W
    rng = random.Random(12345)
    for deal in a:
        cards = list(DECK)
        rng.shuffle(cards)
        for i, seat in enumerate(SEATS):
            assert deal[seat].cards == frozenset(cards[i * 13 : (i + 1) * 13])


def test_numbering_dealer_and_vulnerability() -> None:
    deals = generate(4, first=5, seed=1)
    assert [d.board for d in deals] == [5, 6, 7, 8]
    # 004:421-434: boards 5-8 dealers N E S W, vulnerability NS EW All None
    assert [d.dealer for d in deals] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert [d.vulnerability for d in deals] == [
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
        Vulnerability.NONE,
    ]


def test_system_random_sets_differ() -> None:
    assert generate(2) != generate(2)
