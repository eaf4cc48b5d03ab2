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
            raise self.fail("{field} must be a list", field, code="json.not-a-list", field=field)
        return value

    def int_(self, value: object, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(
                "{field} must be a whole number of 1 or more, not {given!r}",
                field,
                code="json.not-whole-from-1",
                field=field,
                given=value,
            )
        return value

    def vp(self, value: object, field: str) -> tuple[Decimal, Decimal] | None:
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | Decimal) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(
                "{field} must be two numbers [home, away], not {given!r}",
                field,
                code="json.home-away-numbers",
                field=field,
                given=value,
            )
        home, away = (Decimal(v) for v in value)
        if home < 0 or away < 0:
            raise self.fail(
                "{field} must not be negative", field, code="json.negative", field=field
            )
        return home, away


def loads(text: str, path: str = "<string>") -> SwissHistory:
    """Read a history in the shape above."""
    rd = _Reader(path)
    raw = reading.loads_json(text, path, decimals=True)
    data = rd.obj(raw, "the top level")
    if "teams" not in data:
        raise rd.fail("missing teams", "teams", code="json.missing-teams")
    teams: list[SwissTeam] = []
    for i, tv in enumerate(rd.list_(data["teams"], "teams")):
        f = f"teams[{i}]"
        td = rd.obj(tv, f)
        if "team" not in td:
            raise rd.fail("missing {field}.team", f + ".team", code="json.missing-team", field=f)
        number = rd.int_(td["team"], f + ".team")
        seed = rd.int_(td.get("seed", number), f + ".seed")
        teams.append(SwissTeam(number, seed))
    numbers = [t.team for t in teams]
    dup = [n for n, c in Counter(numbers).items() if c > 1]
    if dup:
        raise rd.fail("team {team} is listed twice", "teams", code="swiss.team-twice", team=dup[0])
    if len(teams) < 4:
        raise rd.fail(
            "a Swiss needs at least 4 teams, not {teams}",
            "teams",
            code="swiss.too-few-teams",
            teams=len(teams),
        )
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
                    raise rd.fail(
                        "missing {field}.{key}",
                        f"{g}.{key}",
                        code="json.missing-key",
                        field=g,
                        key=key,
                    )
            home = rd.int_(md["home"], g + ".home")
            away = rd.int_(md["away"], g + ".away")
            for key, t in (("home", home), ("away", away)):
                if t not in known:
                    raise rd.fail(
                        "{field}.{key}: team {team} is not in teams",
                        f"{g}.{key}",
                        code="json.team-not-in-teams",
                        field=g,
                        key=key,
                        team=t,
                    )
            if home == away:
                raise rd.fail(
                    "{field}: team {home} can not play itself",
                    g,
                    code="swiss.plays-itself",
                    field=g,
                    home=home,
                )
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
        raise rd.fail(
            "{field}.triangle must be three different teams",
            f + ".triangle",
            code="swiss.triangle-teams",
            field=f,
        )
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
            raise rd.fail(
                "{field}: teams {teams} play twice but do not form a triangle",
                f,
                code="swiss.twice-not-triangle",
                field=f,
                teams=sorted(twice),
            )
        a, b, c = sorted(twice)
        trio = (a, b, c)
        trio_set = twice
    else:
        trio_set = set(trio or ())
    for t in sorted(known):
        c = count.get(t, 0)
        if t in trio_set:
            if c > 2:
                raise rd.fail(
                    "{field}: triangle team {team} plays {matches} matches",
                    f,
                    code="swiss.triangle-matches",
                    field=f,
                    team=t,
                    matches=c,
                )
        elif c != 1:
            raise rd.fail(
                "{field}: team {team} plays {matches} matches; every team plays one a round",
                f,
                code="swiss.team-matches",
                field=f,
                team=t,
                matches=c,
            )
    return trio


def load(path: str | Path) -> SwissHistory:
    return loads(*read_text(path))
