"""The ranking JSON file round-trips and reports bad input with its place."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.errors import FormatError
from bridgedesk.formats import ranking_json
from bridgedesk.formats.ranking_json import dumps
from bridgedesk.masterpoints.ranking import Placing, Ranking


def test_round_trip() -> None:
    ranking = Ranking(
        (
            Placing(
                "1", ("59156", "60211"), 1, "NS", "A", Fraction(45, 2), {"60211": Fraction(1, 2)}
            ),
            Placing("2", ("1", "2"), 1, "EW", "B"),
        ),
        flights=("A", "B"),
        competitors={"NS": 7},
    )
    assert ranking_json.loads(dumps(ranking)) == ranking


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[", "not valid JSON"),
        ("{}", '"placings" list'),
        ('{"placings": [{"place": 1}]}', "missing 'players'"),
        ('{"placings": [{"players": ["1"], "place": 0}]}', "place must be 1 or more"),
        ('{"placings": [{"players": ["1"], "place": "x"}]}', "whole number"),
        (
            '{"placings": [{"players": ["1"], "place": 1, "flight": "C"}], "flights": ["A"]}',
            "flight",
        ),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        ranking_json.loads(text, "r.json")
