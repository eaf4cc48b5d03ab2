"""``tools/code_error.py`` gives a raise site its code without changing its English: the
converted error says the same line, now with a code, parameters and a message the
catalogs can extract."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from bridgedesk.catalog_extraction import coded_calls
from bridgedesk.errors import BridgedeskError

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("code_error", ROOT / "tools" / "code_error.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SOURCE = """\
from bridgedesk.errors import EntryError, Location


def check(r: int, m: object, text: str) -> None:
    where = Location(table=2)
    raise EntryError(
        f"round {r} does not exist: the {{movement}} has rounds 1-{m.rounds} ({text!r}, "
        f"{m.rate:.1f}) — ♠",
        where,
    )
"""


class _Movement:
    rounds = 7
    rate = 0.25


def _raised(source: str) -> BridgedeskError:
    names: dict[str, object] = {}
    exec(compile(source, "<converted>", "exec"), names)
    with pytest.raises(BridgedeskError) as info:
        names["check"](9, _Movement(), "x")  # type: ignore[operator]
    return info.value


def test_a_converted_error_says_the_same_line_with_a_code() -> None:
    before = _raised(SOURCE)
    after_source = _tool().convert(SOURCE, 7, "result.no-such-round", {"r": "round"})
    after = _raised(after_source)
    assert (
        str(after)
        == str(before)
        == ("table 2: round 9 does not exist: the {movement} has rounds 1-7 ('x', 0.2) — ♠")
    )
    assert before.code == "" and after.code == "result.no-such-round"
    assert after.params == {"round": 9, "rounds": 7, "text": "x", "rate": 0.25}
    (coded,) = coded_calls(ast.parse(after_source))
    assert coded.message == (
        "round {round} does not exist: the {{movement}} has rounds 1-{rounds} ({text!r}, "
        "{rate:.1f}) — ♠"
    )


def test_an_input_is_added_as_the_place() -> None:
    plain = SOURCE.replace("        where,\n", "")
    converted = _tool().convert(plain, 6, "result.no-such-round", {"@input": "round"})
    assert _raised(converted).where.input == "round"
