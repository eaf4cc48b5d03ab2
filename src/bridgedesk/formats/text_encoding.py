"""Telling the text encoding of a hand-record or results file: UTF-8, Shift_JIS or Windows-1252.

PBN 2.1 (section 2.2) writes its files in ISO 8859-1 (Latin-1); programs in
Japan write them in Shift_JIS (Windows code page 932), newer programs in
UTF-8.  None of them says which in the file.  :func:`guess` tells them apart
from the bytes, and answers ``None`` rather than guess wrong: a file it cannot
place is refused by the readers with a line naming ``--encoding``, so no text
is ever replaced or garbled silently (issue 10).

The rules, in order:

1. UTF-8 (with or without a byte-order mark) when the bytes decode as UTF-8:
   Shift_JIS and Latin-1 text with any non-ASCII character practically never
   does.
2. Shift_JIS is *plausible* when the bytes decode as code page 932 and every
   non-ASCII character is one Japanese text uses (kana, kanji, full-width
   forms, the JIS symbol rows), not a private-use one.
3. Windows-1252 is *plausible* when the bytes decode as code page 1252 and no
   three non-ASCII characters stand together (a European word has its
   accented letters apart; a Japanese word read as 1252 is a run of them).
4. One plausible: that one.  Both (short text): Windows-1252 when no
   double-byte character of the Shift_JIS reading has a second byte above
   0x7F -- an accented letter before an ASCII letter (``é`` + ``l``) is what
   makes Latin-1 text decode as Shift_JIS -- and the 1252 reading is mostly
   letters; Shift_JIS when some second byte is above 0x7F and the 1252
   reading is mostly signs (``“c’†`` for 田中).  Otherwise, and when neither
   is plausible: unsure.
"""

from __future__ import annotations

UTF8 = "utf-8"
SHIFT_JIS = "cp932"
WINDOWS_1252 = "cp1252"


def _japanese(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x33FF  # CJK signs, kana, enclosed and compatibility signs
        or 0x4E00 <= code <= 0x9FFF  # kanji
        or 0xF900 <= code <= 0xFAFF  # compatibility kanji (IBM extension)
        or 0xFF01 <= code <= 0xFFEF  # full-width forms, half-width katakana
        or 0x2010 <= code <= 0x27FF  # punctuation, arrows, maths, boxes, shapes (JIS rows 1-2, 8)
        or 0x0391 <= code <= 0x03C9  # Greek (JIS row 6)
        or 0x0401 <= code <= 0x0451  # Cyrillic (JIS row 7)
        or ch in "§¨°±´¶×÷¬"
    )


def _half_width_kana(ch: str) -> bool:
    return 0xFF61 <= ord(ch) <= 0xFF9F


def _shift_jis_plausible(data: bytes) -> tuple[bool, int, bool]:
    """Whether ``data`` reads as Japanese Shift_JIS text; how many of its
    double-byte characters have a second byte above 0x7F; whether its only
    non-ASCII characters are half-width katakana (which Latin-1's accented
    capitals read as)."""
    try:
        text = data.decode(SHIFT_JIS)
    except UnicodeDecodeError:
        return False, 0, False
    wide = [ch for ch in text if ord(ch) >= 0x80]
    if not all(_japanese(ch) for ch in wide):
        return False, 0, False
    high = 0
    i = 0
    n = len(data)
    while i < n:
        b = data[i]
        if 0x81 <= b <= 0x9F or 0xE0 <= b <= 0xFC:
            if i + 1 < n:
                high += data[i + 1] >= 0x80
            i += 2
        else:
            i += 1
    return True, high, all(_half_width_kana(ch) for ch in wide)


def _windows_1252_plausible(data: bytes) -> bool:
    try:
        text = data.decode(WINDOWS_1252)
    except UnicodeDecodeError:
        return False
    run = 0
    for ch in text:
        if ord(ch) < 0x80:
            run = 0
            continue
        run += 1
        if run >= 3:
            return False
    return True


def guess(data: bytes) -> str | None:
    """``"utf-8"``, ``"cp932"`` (Shift_JIS), ``"cp1252"`` or ``None`` when unsure.

    >>> guess("Sato 佐藤".encode("utf-8")), guess("佐藤 太郎".encode("cp932"))
    ('utf-8', 'cp932')
    >>> guess("Hélène Møller".encode("cp1252")), guess(b"\\x81\\x81\\x81")
    ('cp1252', None)
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return UTF8
    sjis, high, only_half = _shift_jis_plausible(data)
    latin = _windows_1252_plausible(data)
    if sjis and not latin:
        return SHIFT_JIS
    if latin and not sjis:
        return WINDOWS_1252
    if not (sjis and latin):
        return None
    wide = [ch for ch in data.decode(WINDOWS_1252) if ord(ch) >= 0x80]
    letters = sum(ch.isalpha() for ch in wide) / len(wide)
    if (high == 0 or only_half) and letters >= 0.5:
        return WINDOWS_1252
    if high > 0 and letters < 0.5:
        return SHIFT_JIS
    return None


def first_non_ascii(data: bytes) -> int:
    """Offset of the first byte above 0x7F (``len(data)`` if none)."""
    for i, b in enumerate(data):
        if b >= 0x80:
            return i
    return len(data)


__all__ = ["SHIFT_JIS", "UTF8", "WINDOWS_1252", "first_non_ascii", "guess"]
