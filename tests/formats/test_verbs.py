"""Issue 11: every module in ``bridgedesk.formats`` reads with ``load(path)`` /
``loads(text)`` and writes with ``dump(value, path)`` / ``dumps(value) -> str``."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest

import bridgedesk.formats
from bridgedesk.errors import FormatError
from bridgedesk.events.swiss import Pairing
from bridgedesk.formats import (
    movement_json,
    pbn_scores,
    practice_json,
    ranking_csv,
    swiss_draw,
    traveller_json,
    travellers_csv,
)
from bridgedesk.formats.scored_file import scored_file
from bridgedesk.movements.individual import individual
from bridgedesk.scoring.session import score_session

FIG15 = Path(__file__).parents[1] / "scoring" / "data" / "fig15_howell.json"

#: Readers and writers named otherwise, each with its reason (docs/architecture.md).
OTHER_VERBS = {
    "hnd.dump_split": "writes one file per 36 boards",
    "pbn_model.dumps_table": "a table's data lines, for the PBN writer",
    "ledger_csv.load_awards": "the award rows of a ledger file alone",
    "ledger_csv.loads_awards": "the award rows of a ledger file alone",
    "ranking_json.loads_matches": "the optional matches of a ranking document",
    "results_csv.load_seated": "the slips with an individual's four players",
    "results_csv.loads_seated": "the slips with an individual's four players",
}


def _functions() -> list[tuple[str, str]]:
    out = []
    for info in pkgutil.iter_modules(bridgedesk.formats.__path__):
        module = importlib.import_module(f"bridgedesk.formats.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                out.append((info.name, name))
    return out


def test_readers_and_writers_use_the_verb_set() -> None:
    odd = [
        f"{module}.{name}"
        for module, name in _functions()
        if (re.match(r"(load|dump)s?_", name) or re.search(r"(from|to)_pbn", name))
        and f"{module}.{name}" not in OTHER_VERBS
    ]
    assert odd == []


def test_pbn_scores_dumps_what_loads_reads() -> None:
    inp = traveller_json.load(FIG15)
    again = pbn_scores.loads(pbn_scores.dumps(inp), "fig15.pbn")
    assert [b.number for b in again.boards] == [b.number for b in inp.boards]
    for mine, theirs in zip(inp.boards, again.boards, strict=True):
        read = [(r.ns, r.ew, str(r.ns_outcome), str(r.ew_outcome)) for r in theirs.results]
        assert read == [(r.ns, r.ew, str(r.ns_outcome), str(r.ew_outcome))
                        if "*" not in str(r.ns_outcome) else read[i]  # PBN holds no weights
                        for i, r in enumerate(mine.results)]  # fmt: skip


@pytest.mark.parametrize("module", [ranking_csv, travellers_csv])
def test_results_csv_dump_is_dumps_with_a_byte_order_mark(module: object, tmp_path: Path) -> None:
    inp = traveller_json.load(FIG15)
    scored = scored_file(score_session(inp.boards), FIG15)
    path = tmp_path / "out.csv"
    assert module.dump(scored, path) == path  # type: ignore[attr-defined]
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert raw[3:].decode("utf-8") == module.dumps(scored)  # type: ignore[attr-defined]
    assert module.dumps(scored).splitlines()[0].split(",") == list(module.COLUMNS)  # type: ignore[attr-defined]


def test_swiss_draw_dumps() -> None:
    draw = Pairing(round=3, matches=((1, 4), (2, 3)), triangle=None, basis="by VPs")
    assert json.loads(swiss_draw.dumps(draw)) == {
        "round": 3,
        "matches": [{"table": 1, "home": 1, "away": 4}, {"table": 2, "home": 2, "away": 3}],
        "triangle": None,
        "basis": "by VPs",
    }


def test_movement_json_dumps_an_individual_movement() -> None:
    m = individual(8, boards_per_round=2)
    data = json.loads(movement_json.dumps(m))
    assert (data["players"], data["tables"]) == (8, 2)
    assert data["rounds_detail"][0]["tables"][0]["boards"] == [1, 2]


def test_practice_json_loads_refuses_what_is_not_json() -> None:
    with pytest.raises(FormatError, match=r"s\.json: not JSON"):
        practice_json.loads("{", "s.json")
