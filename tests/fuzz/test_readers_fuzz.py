"""Fuzzing every reader (issue 10): arbitrary bytes and mutated valid files give a result
or a :class:`~bridgedesk.errors.BridgedeskError`, never anything else, in bounded time.

Each example runs under a real timer (``SIGALRM``), not only hypothesis's
deadline, which reports a slow example only after it has finished: an endless
loop would otherwise hang the suite.  The example counts keep the whole module
to a few seconds; a longer run is ``BRIDGEDESK_FUZZ_EXAMPLES=5000 pytest tests/fuzz``.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgedesk.errors import BridgedeskError
from tests.fuzz.readers import READERS, Reader, ReaderTimeoutError, sample_is_valid, time_limit

#: Longest a reader may take on one file of at most a few kilobytes.
TIME_LIMIT = 2.0
EXAMPLES = int(os.environ.get("BRIDGEDESK_FUZZ_EXAMPLES", "40"))

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # the timer below bounds each example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


def read_any(reader: Reader, data: bytes) -> None:
    """Feed ``data`` to ``reader`` as a file; only a result or a BridgedeskError may come."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzz{reader.suffix}"
        path.write_bytes(data)
        with time_limit(TIME_LIMIT):
            try:
                reader.read(path)
            except BridgedeskError as exc:
                # one line for the command line's "error: ..."
                assert exc.message.strip() and "\n" not in str(exc) and "\r" not in str(exc)


# Characters that broke readers before: Unicode white space, byte-order marks, NUL,
# quotes and brackets, numbers too long or too large, deep nesting.
NASTY = [
    "\f", "\v", "\xa0", "\u3000", "\x85", "\u2028", "\u2029", "\x1c", "\x00", "\r", "\n",
    "\r\n", "\ufeff", '"', "[", "]", "{", "}", ";", "%", "#", "##", "\\", "-", "?", ",",
    "\t", "²", "٣", "9" * 4400, "1e999999", "-0", "NaN", "Infinity", "[" * 3000, "{" * 3000,
    "é", "佐藤", "ｱ", "A+", "4SX", "PASS", "99999999999999999999",
]  # fmt: skip
ENCODINGS = ["utf-8", "cp932", "latin-1"]


def _encode(text: str, encoding: str) -> bytes:
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode("utf-8")


@st.composite
def mutated(draw: st.DrawFn, sample: bytes) -> bytes:
    """A valid sample with a few edits: bytes flipped, nasty text put in, cut, repeated."""
    data = bytearray(sample)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "insert", "delete", "repeat", "cut"]))
        pos = draw(st.integers(0, len(data)))
        if op == "flip" and data:
            data[min(pos, len(data) - 1)] = draw(st.integers(0, 255))
        elif op == "insert":
            text = draw(st.sampled_from(NASTY))
            data[pos:pos] = _encode(text, draw(st.sampled_from(ENCODINGS)))
        elif op == "delete":
            del data[pos : pos + draw(st.integers(1, 40))]
        elif op == "repeat" and data:
            start = draw(st.integers(0, len(data) - 1))
            data[pos:pos] = data[start : start + draw(st.integers(1, 300))]
        elif op == "cut":
            del data[pos:]
    return bytes(data)


IDS = [r.name for r in READERS]


@pytest.mark.parametrize("reader", READERS, ids=IDS)
def test_samples_are_valid(reader: Reader, tmp_path: Path) -> None:
    sample_is_valid(reader, tmp_path)


@pytest.mark.parametrize("reader", READERS, ids=IDS)
def test_arbitrary_bytes(reader: Reader) -> None:
    @FUZZ
    @given(st.binary(max_size=600))
    def run(data: bytes) -> None:
        read_any(reader, data)

    run()


@pytest.mark.parametrize("reader", READERS, ids=IDS)
def test_mutated_valid_files(reader: Reader) -> None:
    @FUZZ
    @given(mutated(reader.sample))
    def run(data: bytes) -> None:
        read_any(reader, data)

    run()


@pytest.mark.parametrize("reader", READERS, ids=IDS)
def test_arbitrary_text_in_the_sample(reader: Reader) -> None:
    """Arbitrary Unicode text (any code point, UTF-8) put into a valid file."""

    @FUZZ
    @given(st.integers(0, len(reader.sample)), st.text(max_size=40))
    def run(pos: int, text: str) -> None:
        read_any(reader, reader.sample[:pos] + text.encode("utf-8") + reader.sample[pos:])

    run()


#: Values a JSON file may hold where another type is due: issue 23's ``"declarer": 7``.
JSON_VALUES: list[Any] = [
    7, 0, -1, 1.5, 10**20, True, False, None, "", "N", "²", "4SX", [], [1, "N"], {}, {"a": 1},
]  # fmt: skip
JSON_READERS = [r for r in READERS if r.suffix == ".json"]


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document (its keys' and items' paths), the root first."""
    yield path
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        yield from _places(inner, (*path, key))


def _with(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return copy


@pytest.mark.parametrize("reader", JSON_READERS, ids=[r.name for r in JSON_READERS])
def test_json_values_of_another_type(reader: Reader) -> None:
    """A valid JSON file with values replaced by values of other types (a number where text
    is due, a list where a number is, ``null`` anywhere), not only characters changed."""
    document = json.loads(reader.sample.decode("utf-8-sig"))
    places = list(_places(document))

    @FUZZ
    @given(st.lists(st.tuples(st.sampled_from(places), st.sampled_from(JSON_VALUES)), min_size=1,
                    max_size=3))  # fmt: skip
    def run(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
        changed = document
        for path, value in changes:
            try:
                changed = _with(changed, path, value)
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change took that place away
        read_any(reader, json.dumps(changed).encode("utf-8"))

    run()


def test_the_timer_stops_an_endless_reader() -> None:
    """The per-example timer works: a reader that never answers is stopped and reported."""

    def forever(path: Path) -> object:
        while True:
            time.sleep(0.01)

    endless = Reader("endless", ".txt", forever, b"")
    started = time.monotonic()
    with pytest.raises(ReaderTimeoutError), time_limit(0.2):
        endless.read(Path("unused"))
    assert time.monotonic() - started < 2


def test_anything_else_than_a_bridgedesk_error_fails_the_fuzz_check() -> None:
    def crash(path: Path) -> object:
        return int("9" * 5000)

    with pytest.raises(ValueError, match="4300"):
        read_any(Reader("crash", ".txt", crash, b""), b"")


@pytest.mark.parametrize("declarer", [7, True, ["N"], {"seat": "N"}])
def test_a_declarer_that_is_not_text_is_one_line(declarer: Any, tmp_path: Path) -> None:
    """Issue 23's traveller: ``"declarer": 7`` raised ``AttributeError``."""
    from bridgedesk.errors import FormatError
    from bridgedesk.formats import traveller_json
    from tests.fuzz.readers import TRAVELLER_SAMPLE

    document = json.loads(TRAVELLER_SAMPLE)
    document["boards"][0]["results"][0]["declarer"] = declarer
    path = tmp_path / "travellers.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(FormatError, match='"declarer" must be text'):
        traveller_json.load(path).check()
