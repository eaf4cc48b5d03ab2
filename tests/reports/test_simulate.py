"""The demo's result model: reproducible, legal, and close to double dummy."""

from __future__ import annotations

import random

from bridgedesk.deals.analysis import BoardRecord, DDTable
from bridgedesk.deals.generate import generate
from bridgedesk.simulate import simulate


def test_same_seed_same_results() -> None:
    deals = generate(16, seed=3)
    a = [simulate(d, None, random.Random(5)) for d in deals]
    b = [simulate(d, None, random.Random(5)) for d in deals]
    assert a == b


def test_results_are_legal_and_near_double_dummy() -> None:
    rng = random.Random(11)
    for deal in generate(40, seed=9):
        # A made-up double-dummy table: every seat takes 7 + (seat + strain) % 6 tricks.
        dd = DDTable(tuple(tuple(7 + (i + j) % 6 for j in range(5)) for i in range(4)))
        played = simulate(deal, BoardRecord(deal, dd), rng)
        if played.contract.is_pass:
            assert played.declarer is None and played.tricks is None
            continue
        assert played.declarer is not None and played.tricks is not None
        assert 1 <= played.contract.level <= 7
        assert played.contract.strain is not None
        expected = dd[played.declarer, played.contract.strain]
        assert expected - 2 <= played.tricks <= expected + 1
