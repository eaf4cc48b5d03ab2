"""bridgedesk.reading: bounded, strict reading of user files (issue 10)."""

from __future__ import annotations

import doctest
from decimal import Decimal
from pathlib import Path

import pytest

from bridgedesk import reading
from bridgedesk.errors import FormatError, ScaleError
from bridgedesk.formats import text_encoding


def test_doctests() -> None:
    for module in (reading, text_encoding):
        failures, tried = doctest.testmod(module)
        assert failures == 0 and tried > 0


@pytest.mark.parametrize(
    ("data", "offset", "where"),
    [
        (b"ab\ncd", 4, (2, 2)),
        (b"ab\r\ncd", 5, (2, 2)),
        (b"ab\rcd\re", 6, (3, 1)),
        (b"x", 0, (1, 1)),
    ],
)
def test_position_counts_every_line_end(data: bytes, offset: int, where: tuple[int, int]) -> None:
    assert reading.position(data, offset) == where


def test_check_encoding() -> None:
    assert reading.check_encoding("shift_jis") == "shift_jis"
    assert reading.check_encoding("utf-16") == "utf-16"
    for name in ("nonesuch", "base64", "zlib", "rot13"):
        with pytest.raises(FormatError, match=f"unknown text encoding '{name}'"):
            reading.check_encoding(name)
    with pytest.raises(ScaleError):
        reading.check_encoding("nonesuch", error=ScaleError)


def test_decode() -> None:
    assert reading.decode(b"\xef\xbb\xbfabc") == "abc"
    assert reading.decode("é".encode("cp1252"), encoding="cp1252") == "é"
    with pytest.raises(FormatError, match=r"f:2:3: not UTF-8 text: byte 0xff cannot be read"):
        reading.decode(b"a\nbc\xff", "f")
    # the position counts the byte-order mark
    with pytest.raises(FormatError, match=r"f:1:5: not UTF-8 text: byte 0xff"):
        reading.decode(b"\xef\xbb\xbfa\xff", "f")


def test_loads_json_numbers() -> None:
    assert reading.loads_json('{"a": 1.5, "b": 7}') == {"a": 1.5, "b": 7}
    assert reading.loads_json('{"a": 1.5}', decimals=True) == {"a": Decimal("1.5")}
    for bad in ("NaN", "-Infinity", "1e400", "1" * 31, "[1e-999999]"):
        with pytest.raises(FormatError, match="not valid JSON"):
            reading.loads_json(bad, decimals=bad.startswith("["))


def test_checked_decimal() -> None:
    assert reading.checked_decimal("0.25") == Decimal("0.25")
    assert reading.checked_decimal("0") == 0
    for bad in ("1e999999", "NaN", "Infinity", "x", "1" * 31, "1e-40"):
        with pytest.raises(ValueError):
            reading.checked_decimal(bad)


def test_read_json_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="cannot read the file: No such file"):
        reading.read_json(tmp_path / "none.json")
