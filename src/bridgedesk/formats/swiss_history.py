"""A Swiss teams history as JSON, read by ``load``/``loads`` (a draw is :mod:`.swiss_draw`).

The shape::

    {"teams": [{"team": 1, "seed": 1}, ...],
     "rounds": [{"round": 1, "triangle": [15, 16, 17],
                 "matches": [{"home": 1, "away": 9, "vp": [14.2, 5.8]}, ...]}, ...]}

``seed`` defaults to the team number; ``vp`` may be left out (or ``null``)
for a match not scored yet; ``triangle`` may be left out when the triangle's
three teams each appear in two matches of the round.  Every other team plays
exactly one match a round.  VPs are read exactly (as decimals).  A malformed
file raises :class:`~bridgedesk.errors.FormatError` naming the file and field.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.events.swiss import SwissHistory, SwissMatch, SwissRound, SwissTeam
from bridgedesk.formats.jsonfile import JsonReader, read_text


class _Reader(JsonReader):
    def list_(self, value: object, field: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, f"{field} must be a list")
        return value

    def int_(self, value: object, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(field, f"{field} must be a whole number of 1 or more, not {value!r}")
        return value

    def vp(self, value: object, field: str) -> tuple[Decimal, Decimal] | None:
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | Decimal) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(field, f"{field} must be two numbers [home, away], not {value!r}")
        home, away = (Decimal(v) for v in value)
        if home < 0 or away < 0:
            raise self.fail(field, f"{field} must not be negative")
        return home, away


def loads(text: str, path: str = "<string>") -> SwissHistory:
    """Read a history in the shape above."""
    rd = _Reader(path)
    raw = reading.loads_json(text, path, decimals=True)
    data = rd.obj(raw, "the top level")
    if "teams" not in data:
        raise rd.fail("teams", "missing teams")
    teams: list[SwissTeam] = []
    for i, tv in enumerate(rd.list_(data["teams"], "teams")):
        f = f"teams[{i}]"
        td = rd.obj(tv, f)
        if "team" not in td:
            raise rd.fail(f + ".team", f"missing {f}.team")
        number = rd.int_(td["team"], f + ".team")
        seed = rd.int_(td.get("seed", number), f + ".seed")
        teams.append(SwissTeam(number, seed))
    numbers = [t.team for t in teams]
    dup = [n for n, c in Counter(numbers).items() if c > 1]
    if dup:
        raise rd.fail("teams", f"team {dup[0]} is listed twice")
    if len(teams) < 4:
        raise rd.fail("teams", f"a Swiss needs at least 4 teams, not {len(teams)}")
    known = set(numbers)
    rounds: list[SwissRound] = []
    for i, rv in enumerate(rd.list_(data.get("rounds", []), "rounds")):
        f = f"rounds[{i}]"
        rdict = rd.obj(rv, f)
        number = rd.int_(rdict.get("round", i + 1), f + ".round")
        matches: list[SwissMatch] = []
        for j, mv in enumerate(rd.list_(rdict.get("matches", []), f + ".matches")):
            g = f"{f}.matches[{j}]"
            md = rd.obj(mv, g)
            for key in ("home", "away"):
                if key not in md:
                    raise rd.fail(f"{g}.{key}", f"missing {g}.{key}")
            home = rd.int_(md["home"], g + ".home")
            away = rd.int_(md["away"], g + ".away")
            for key, t in (("home", home), ("away", away)):
                if t not in known:
                    raise rd.fail(f"{g}.{key}", f"{g}.{key}: team {t} is not in teams")
            if home == away:
                raise rd.fail(g, f"{g}: team {home} can not play itself")
            matches.append(SwissMatch(home, away, rd.vp(md.get("vp"), g + ".vp")))
        trio = _triangle(rd, rdict.get("triangle"), f, known)
        trio = _check_round(rd, f, matches, trio, known)
        rounds.append(SwissRound(number, tuple(matches), trio))
    return SwissHistory(tuple(teams), tuple(rounds))


def _triangle(rd: _Reader, value: object, f: str, known: set[int]) -> tuple[int, int, int] | None:
    if value is None:
        return None
    items = rd.list_(value, f + ".triangle")
    trio = [rd.int_(v, f"{f}.triangle") for v in items]
    if len(trio) != 3 or len(set(trio)) != 3 or not set(trio) <= known:
        raise rd.fail(f + ".triangle", f"{f}.triangle must be three different teams")
    return (trio[0], trio[1], trio[2])


def _check_round(
    rd: _Reader,
    f: str,
    matches: list[SwissMatch],
    trio: tuple[int, int, int] | None,
    known: set[int],
) -> tuple[int, int, int] | None:
    """Every team plays once, the triangle's teams up to twice; the triangle."""
    count = Counter(t for m in matches for t in (m.home, m.away))
    twice = {t for t, c in count.items() if c == 2}
    if trio is None and twice:
        if len(twice) != 3:
            raise rd.fail(f, f"{f}: teams {sorted(twice)} play twice but do not form a triangle")
        a, b, c = sorted(twice)
        trio = (a, b, c)
        trio_set = twice
    else:
        trio_set = set(trio or ())
    for t in sorted(known):
        c = count.get(t, 0)
        if t in trio_set:
            if c > 2:
                raise rd.fail(f, f"{f}: triangle team {t} plays {c} matches")
        elif c != 1:
            raise rd.fail(f, f"{f}: team {t} plays {c} matches; every team plays one a round")
    return trio


def load(path: str | Path) -> SwissHistory:
    return loads(*read_text(path))
