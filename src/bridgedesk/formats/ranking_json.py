"""The masterpoint ranking JSON file: a ranking to award, as the CLI reads it.

Shape (place 1 = winner; tied competitors share a place)::

    {
      "flights": ["A", "B"],                      # optional, top flight first
      "competitors": {"NS": 14},                  # optional field sizes
      "placings": [
        {"competitor": "3", "players": ["59156", "60211"], "place": 1,
         "field": "NS", "flight": "A",            # optional
         "won_vp": 45,                            # optional (JCBL teams)
         "participation": {"60211": 0.5}}         # optional, fraction of boards
      ],
      "matches": [                                # optional: SBF team series / cups
        {"team": "3", "result": "won",            # won, drawn or lost
         "halves": {"59156": 2, "60211": 1},      # halves played per player
         "boards": 24, "walkover": false, "conceded": false, "stage": "final",
         "interrupted": 0.5}                      # E3: share played when broken off
      ]
    }
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location, MasterpointError
from bridgedesk.masterpoints.award import TeamMatch
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.sbf.rules import MatchResult

__all__ = ["dumps", "loads", "loads_matches"]


#: The most competitors a ranking may count in one flight (far above any event's).
MAX_COMPETITORS = 100_000


def _fraction(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise FormatError(
            "{place}: expected a number, got {given!r}",
            code="json.expected-number",
            place=where,
            given=value,
        )
    try:
        return Fraction(Decimal(str(value)))
    except ArithmeticError as exc:
        raise FormatError(
            "{place}: expected a number, got {given!r}",
            code="json.expected-number",
            place=where,
            given=value,
        ) from exc


def loads(text: str, file: str | None = None) -> Ranking:
    """Parse a ranking JSON document; errors name the file and the placing."""
    where = Location(file=file)
    data = reading.loads_json(text, file)
    if not isinstance(data, dict) or not isinstance(data.get("placings"), list):
        raise FormatError(
            'expected an object with a "placings" list', where, code="ranking.placings"
        )
    placings: list[Placing] = []
    for index, item in enumerate(data["placings"], start=1):
        label = f"placing {index}"
        if not isinstance(item, dict):
            raise FormatError(
                "{place}: expected an object", where, code="json.expected-object", place=label
            )
        try:
            players = item["players"]
            if not isinstance(players, list) or not all(isinstance(p, (str, int)) for p in players):
                raise FormatError(
                    "{place}: players must be a list of member numbers",
                    where,
                    code="ranking.players",
                    place=label,
                )
            place = item["place"]
            if not isinstance(place, int) or isinstance(place, bool):
                raise FormatError(
                    "{place}: place must be a whole number",
                    where,
                    code="ranking.place",
                    place=label,
                )
            participation = {
                str(k): _fraction(v, f"{label} participation")
                for k, v in dict(item.get("participation", {})).items()
            }
            placings.append(
                Placing(
                    competitor=str(item.get("competitor", index)),
                    players=tuple(str(p) for p in players),
                    place=place,
                    field=str(item.get("field", "")),
                    flight=None if item.get("flight") is None else str(item["flight"]),
                    won_vp=None
                    if item.get("won_vp") is None
                    else _fraction(item["won_vp"], f"{label} won_vp"),
                    participation=participation,
                )
            )
        except KeyError as exc:
            raise FormatError(
                "{place}: missing {key!r}", where, code="json.missing", place=label, key=exc.args[0]
            ) from exc
        except MasterpointError as exc:
            raise FormatError(
                "{place}: {problem}", where, code="json.problem", place=label, problem=exc
            ) from exc
    flights = data.get("flights", [])
    competitors = data.get("competitors", {})
    if not isinstance(flights, list) or not isinstance(competitors, dict):
        raise FormatError(
            '"flights" must be a list and "competitors" an object',
            where,
            code="ranking.flights-competitors",
        )
    counts: dict[str, int] = {}
    for key, value in competitors.items():
        count = value if isinstance(value, int) and not isinstance(value, bool) else None
        if isinstance(value, str):
            count = reading.whole_number(value)
        if count is None or not 0 <= count <= MAX_COMPETITORS:
            given = repr(value)
            raise FormatError(
                '"competitors" of {key}: a whole number from 0 to {most}, not {value}',
                where,
                code="ranking.competitors",
                key=repr(key)[:60],
                most=MAX_COMPETITORS,
                value=given if len(given) <= 60 else given[:57] + "...",
            )
        counts[str(key)] = count
    try:
        return Ranking(tuple(placings), tuple(str(f) for f in flights), counts)
    except MasterpointError as exc:
        raise FormatError(exc.msgid, where, code=exc.code, **exc.params) from exc


def loads_matches(text: str, file: str | None = None) -> tuple[TeamMatch, ...]:
    """The ``matches`` list of a ranking JSON document (empty when absent)."""
    where = Location(file=file)
    data = reading.loads_json(text, file)
    items = data.get("matches", []) if isinstance(data, dict) else []
    if not isinstance(items, list):
        raise FormatError('"matches" must be a list', where, code="ranking.matches")
    out: list[TeamMatch] = []
    for index, item in enumerate(items, start=1):
        label = f"match {index}"
        if not isinstance(item, dict):
            raise FormatError(
                "{place}: expected an object", where, code="json.expected-object", place=label
            )
        try:
            result = MatchResult(str(item["result"]))
        except KeyError as exc:
            raise FormatError(
                "{place}: missing {key!r}", where, code="json.missing", place=label, key=exc.args[0]
            ) from exc
        except ValueError:
            raise FormatError(
                "{place}: result must be won, drawn or lost, got {given!r}",
                where,
                code="ranking.match-result",
                place=label,
                given=item["result"],
            ) from None
        halves = item.get("halves", {})
        if not isinstance(halves, dict) or not all(
            isinstance(h, int) and not isinstance(h, bool) for h in halves.values()
        ):
            raise FormatError(
                "{place}: halves must map players to whole numbers",
                where,
                code="ranking.halves",
                place=label,
            )
        boards = item.get("boards")
        if boards is not None and (not isinstance(boards, int) or isinstance(boards, bool)):
            raise FormatError(
                "{place}: boards must be a whole number", where, code="ranking.boards", place=label
            )
        try:
            out.append(
                TeamMatch(
                    str(item.get("team", "")),
                    result,
                    {str(k): v for k, v in halves.items()},
                    boards,
                    bool(item.get("walkover", False)),
                    bool(item.get("conceded", False)),
                    None if item.get("stage") is None else str(item["stage"]),
                    None
                    if item.get("interrupted") is None
                    else _fraction(item["interrupted"], f"{label} interrupted"),
                )
            )
        except MasterpointError as exc:
            raise FormatError(
                "{place}: {problem}", where, code="json.problem", place=label, problem=exc
            ) from exc
    return tuple(out)


def dumps(ranking: Ranking) -> str:
    """The JSON text of a ranking (numbers as decimal strings where not whole)."""

    def num(value: Fraction) -> int | str:
        if value.denominator == 1:
            return value.numerator
        return str(Decimal(value.numerator) / Decimal(value.denominator))

    items: list[dict[str, Any]] = []
    for p in ranking.placings:
        item: dict[str, Any] = {
            "competitor": p.competitor,
            "players": list(p.players),
            "place": p.place,
        }
        if p.field:
            item["field"] = p.field
        if p.flight is not None:
            item["flight"] = p.flight
        if p.won_vp is not None:
            item["won_vp"] = num(p.won_vp)
        if p.participation:
            item["participation"] = {k: num(Fraction(v)) for k, v in p.participation.items()}
        items.append(item)
    out: dict[str, Any] = {"placings": items}
    if ranking.flights:
        out["flights"] = list(ranking.flights)
    if ranking.competitors:
        out["competitors"] = dict(ranking.competitors)
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"
