"""bridgedesk's heat export: one heat of a simultaneous event as a JSON document.

A club's bridgedesk writes it (``bridgedesk simultaneous export``, and ``upload`` sends
it) and the organiser's reads it::

    {"format": "bridgedesk-heat", "version": 1,
     "club": "Lunds BK", "event": "Tuesday sim", "date": "2026-11-24",
     "movement": {"kind": "mitchell", "tables": 4, "winners": 2,
                  "grid": "<the movement grid, GridMovement.to_json()>"},
     "deals": {"1": "N:AKQ2.KJ3.T98.A2 ...", ...},
     "pairs": [{"number": 1, "names": "Ek - Alm", "members": ["123", "456"]}, ...],
     "results": [{"board": 1, "ns": 1, "ew": 5, "round": 1, "table": 1,
                  "contract": "4S", "declarer": "N", "tricks": 10, "score": 420},
                 {"board": 2, "ns": 2, "ew": 6, "adjusted": "A+/A-"}, ...]}

``movement`` (or its ``grid``), ``deals``, ``date``, ``round`` and ``table`` may be left
out; ``score`` is NS's, checked against the contract when both are given.  Anything
else wrong is one :class:`~bridgedesk.errors.FormatError` naming the field.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.score import score_ns
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.events.model import AdjustedScore
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.simultaneous import HeatLine, HeatMovement, HeatPair, HeatResults
from bridgedesk.reading import loads_json, read_text

__all__ = ["FORMAT", "dump", "dumps", "load", "loads", "to_dict"]

FORMAT = "bridgedesk-heat"
VERSION = 1


def _line(line: HeatLine) -> dict[str, Any]:
    out: dict[str, Any] = {"board": line.board, "ns": line.ns, "ew": line.ew}
    if line.round is not None:
        out["round"] = line.round
    if line.table is not None:
        out["table"] = line.table
    if line.adjusted is not None:
        out["adjusted"] = str(line.adjusted)
        return out
    if line.contract is not None:
        out["contract"] = str(line.contract)
        out["declarer"] = None if line.declarer is None else line.declarer.value
        out["tricks"] = line.tricks
    out["score"] = line.score
    return out


def to_dict(heat: HeatResults) -> dict[str, Any]:
    m = heat.movement
    return {
        "format": FORMAT, "version": VERSION, "club": heat.club, "event": heat.event,
        "date": None if heat.date is None else heat.date.isoformat(),
        "movement": None if m is None else {
            "kind": m.kind, "tables": m.tables, "winners": m.winners,
            "grid": None if m.grid is None else m.grid.to_json(),
        },
        "deals": {str(b): d for b, d in sorted(heat.deals.items())},
        "pairs": [{"number": p.number, "names": p.names, "members": list(p.members)}
                  for p in heat.pairs],
        "results": [_line(x) for x in heat.lines],
    }  # fmt: skip


def dumps(heat: HeatResults) -> str:
    return json.dumps(to_dict(heat), ensure_ascii=False, separators=(",", ":")) + "\n"


def dump(heat: HeatResults, path: str | Path) -> Path:
    out = Path(path)
    out.write_text(dumps(heat), encoding="utf-8")
    return out


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename

    def fail(
        self, message: str, board: int | None = None, *, code: str = "", **params: object
    ) -> FormatError:
        """The refusal ``message`` (a message id with its ``code`` and ``params``) in the
        file, on ``board`` when it is about one."""
        return FormatError(message, Location(file=self.filename, board=board), code=code, **params)

    def whole(self, value: Any, what: str, least: int = 1, board: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value < 10**6:
            raise self.fail(
                "{what} is a whole number from {least}, not {given!r}",
                board,
                code="heat.json-not-whole",
                what=what,
                least=least,
                given=value,
            )
        return value

    def text(self, value: Any, what: str, limit: int = 200) -> str:
        if value is None:
            return ""
        if not isinstance(value, str) or len(value) > limit:
            raise self.fail(
                "{what} is text of at most {limit} characters",
                code="heat.json-text-too-long",
                what=what,
                limit=limit,
            )
        return value

    def movement(self, value: Any) -> HeatMovement | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail(
                "movement is an object with kind, tables and winners",
                code="heat.json-movement-object",
            )
        kind = self.text(value.get("kind"), "movement kind", 40)
        tables = self.whole(value.get("tables"), "movement tables")
        winners = self.whole(value.get("winners"), "movement winners")
        if winners not in (1, 2):
            raise self.fail(
                "movement winners is 1 or 2, not {winners}",
                code="heat.json-winners",
                winners=winners,
            )
        grid = None
        if value.get("grid") is not None:
            try:
                grid = GridMovement.from_json(self.text(value["grid"], "movement grid", 10**6))
            except (BridgedeskError, KeyError, TypeError, ValueError, AttributeError):
                raise self.fail(
                    "movement grid is not a bridgedesk movement grid", code="heat.json-grid"
                ) from None
        return HeatMovement(kind, tables, winners, grid)

    def deals(self, value: Any) -> dict[int, str]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail(
                "deals is an object of board number -> PBN deal", code="heat.json-deals-object"
            )
        out = {}
        for key, deal in value.items():
            if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4):
                raise self.fail(
                    "deals: {given!r} is not a board number", code="heat.json-deal-key", given=key
                )
            out[int(key)] = self.text(deal, f"board {key}'s deal", 80)
        return out

    def pairs(self, value: Any) -> tuple[HeatPair, ...]:
        if not isinstance(value, list):
            raise self.fail(
                "pairs is a list of {{number, names, members}}", code="heat.json-pairs-list"
            )
        out = []
        for item in value:
            if not isinstance(item, dict):
                raise self.fail(
                    "each pair is an object with number, names and members",
                    code="heat.json-pair-object",
                )
            number = self.whole(item.get("number"), "a pair's number")
            members = item.get("members") or []
            if not isinstance(members, list) or len(members) > 4:
                raise self.fail(
                    "pair {pair}: members is a list of member numbers",
                    code="heat.json-members",
                    pair=number,
                )
            out.append(
                HeatPair(number, self.text(item.get("names"), f"pair {number}'s names"),
                         tuple(self.text(m, "a member number", 40) for m in members))
            )  # fmt: skip
        return tuple(out)

    def result(self, item: Any, index: int) -> HeatLine:
        if not isinstance(item, dict):
            raise self.fail(
                "result {result} is not an object", code="heat.json-result-object", result=index + 1
            )
        board = self.whole(item.get("board"), f"result {index + 1}'s board")
        where = {"board": board}
        ns = self.whole(item.get("ns"), "NS", **where)
        ew = self.whole(item.get("ew"), "EW", **where)
        rnd = None if item.get("round") is None else self.whole(item["round"], "round", **where)
        table = None if item.get("table") is None else self.whole(item["table"], "table", **where)
        try:
            if item.get("adjusted") is not None:
                adjusted = AdjustedScore.parse(self.text(item["adjusted"], "adjusted", 10))
                return HeatLine(board, ns, ew, adjusted=adjusted, round=rnd, table=table)
            contract = declarer = tricks = None
            score = item.get("score")
            if item.get("contract") is not None:
                contract = Contract.parse(self.text(item["contract"], "contract", 8))
                if not contract.is_pass:
                    declarer = Seat(self.text(item.get("declarer"), "declarer", 1))
                tricks = self.whole(item.get("tricks", 0), "tricks", 0, **where)
                computed = score_ns(contract, declarer, tricks, board_vulnerability(board))
                if score is not None and score != computed:
                    raise self.fail(
                        "NS {ns} v EW {ew}: score {score} is not what {contract} makes with "
                        "{tricks} tricks ({computed})",
                        **where,
                        code="heat.score-not-made",
                        ns=ns,
                        ew=ew,
                        score=score,
                        contract=contract,
                        tricks=tricks,
                        computed=computed,
                    )
                score = computed
            if isinstance(score, bool) or not isinstance(score, int) or abs(score) > 10000:
                raise self.fail(
                    "NS {ns} v EW {ew}: no score", **where, code="heat.json-no-score", ns=ns, ew=ew
                )
            return HeatLine(board, ns, ew, score, None, contract, declarer, tricks, rnd, table)
        except FormatError:
            raise
        except (BridgedeskError, ValueError) as exc:
            raise self.fail(
                "NS {ns} v EW {ew}: {problem}",
                **where,
                code="heat.bad-result",
                ns=ns,
                ew=ew,
                problem=exc,
            ) from None


def loads(text: str, filename: str = "<heat>") -> HeatResults:
    """Read a heat export (module doc)."""
    data = loads_json(text, filename)
    r = _Reader(filename)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise r.fail(f"not a bridgedesk heat export (a JSON object with format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise r.fail(f"heat export version {data.get('version')!r}; this bridgedesk reads 1")
    results = data.get("results")
    if not isinstance(results, list):
        raise r.fail("results is a list of results")
    day = None
    if data.get("date") is not None:
        try:
            day = dt.date.fromisoformat(r.text(data["date"], "date", 10))
        except ValueError:
            raise r.fail(f"date {data['date']!r} is not YYYY-MM-DD") from None
    return HeatResults(
        club=r.text(data.get("club"), "club"), event=r.text(data.get("event"), "event"),
        date=day, movement=r.movement(data.get("movement")), deals=r.deals(data.get("deals")),
        pairs=r.pairs(data.get("pairs", [])),
        lines=tuple(r.result(item, i) for i, item in enumerate(results)),
    )  # fmt: skip


def load(path: str | Path) -> HeatResults:
    return loads(read_text(path), str(path))
