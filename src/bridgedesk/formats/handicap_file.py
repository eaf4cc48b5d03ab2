"""What a handicap pairs session is handicapped by (:mod:`bridgedesk.results.handicap`):
the players' ratings, or the club's table of masterpoint bands.

* **ratings**: a CSV file with a header ``member,rating``: a player's member number
  and rating, their average percentage over past sessions (``59156,47.25``); a decimal
  point, never a comma, in the number;
* **grades**: the table as text, ``FROM:HANDICAP`` bands separated by commas, from 0
  masterpoints up (``0:6,5:4,20:2,50:1,100:0``: a player holding under 5 masterpoints is
  given 6 percentage points, from 100 none).

Anything else is one :class:`~bridgedesk.errors.FormatError` naming the line or band.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from bridgedesk import reading
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.results.handicap import Grades

__all__ = ["RATING_FIELD", "load", "loads", "parse_grades", "parse_share", "typed_ratings"]

#: A form's field of a player's rating is this prefix and the member number (``r.59156``).
RATING_FIELD = "r."


def _number(text: str) -> Fraction | None:
    text = text.strip()
    if not text or not text.isascii() or len(text) > 12:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return Fraction(value) if value.is_finite() else None


def loads(text: str, file: str | None = None) -> dict[str, Fraction]:
    """member -> rating (a percentage, 0-100) from the CSV text (module doc)."""
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    with reading.csv_errors(lambda: reader.line_num, file):
        names = [" ".join(n.split()) for n in reader.fieldnames or []]
    if "member" not in names or "rating" not in names:
        raise FormatError(
            "the ratings CSV needs a header with member and rating, got {header}",
            Location(file, 1, input="ratings"),
            code="handicap.ratings-header",
            header=", ".join(names) or "nothing",
        )
    out: dict[str, Fraction] = {}
    for row in reading.csv_rows(reader, lambda: reader.line_num, file):
        where = Location(file, reader.line_num, input="ratings")
        member = (row.get("member") or "").strip()
        said = row.get("rating") or ""
        rating = _number(said)
        if not member:
            raise FormatError("member is empty", where, code="handicap.member-empty")
        if rating is None or not 0 <= rating <= 100:
            raise FormatError(
                "member {member}: the rating is a percentage 0-100, not {given!r}",
                where,
                code="handicap.rating-not-a-percentage",
                member=member,
                given=said,
            )
        if member in out:
            raise FormatError(
                "member {member} is listed twice",
                where,
                code="handicap.member-twice",
                member=member,
            )
        out[member] = rating
    return out


def typed_ratings(fields: Mapping[str, str]) -> dict[str, Fraction]:
    """member -> rating from a form's fields ``r.MEMBER`` (:data:`RATING_FIELD`), one
    a player, typed as in the file; a field left empty gives none."""
    out: dict[str, Fraction] = {}
    for name, said in fields.items():
        member = name.removeprefix(RATING_FIELD)
        if member == name or not said.strip():
            continue
        rating = _number(said)
        if rating is None or not 0 <= rating <= 100:
            raise FormatError(
                "member {member}: the rating is a percentage 0-100, not {given!r}",
                Location(input=name),
                code="handicap.rating-not-a-percentage",
                member=member,
                given=said,
            )
        out[member] = rating
    return out


def parse_share(text: str) -> Fraction:
    """The share of the handicap applied, a whole percentage 1-100 ("" is 100)."""
    said = text.strip() or "100"
    if not (said.isascii() and said.isdigit() and len(said) <= 3 and 1 <= int(said) <= 100):
        raise FormatError(
            "the share of the handicap is a whole percentage 1-100, not {given!r}",
            Location(input="share"),
            code="handicap.share-not-a-percentage",
            given=text,
        )
    return Fraction(int(said), 100)


def load(path: str | Path) -> dict[str, Fraction]:
    """The ratings file at ``path`` (module doc)."""
    return loads(reading.read_text(path, what="the ratings file"), str(path))


def parse_grades(text: str) -> Grades:
    """The club's bands as given on the command line or in the console (module doc)."""
    bands = []
    for part in text.split(","):
        start, colon, value = part.strip().partition(":")
        low, handicap = _number(start), _number(value)
        if not colon or low is None or handicap is None or low < 0 or abs(handicap) > 50:
            raise FormatError(
                "a handicap band is FROM:HANDICAP (masterpoints from, percentage points), "
                "not {given!r}",
                Location(input="grades"),
                code="handicap.band-format",
                given=part.strip(),
            )
        bands.append((low, handicap))
    try:
        return Grades(tuple(bands))
    except BridgedeskError as exc:
        raise exc.as_(FormatError) from None
