"""A team event's results as JSON: ``load``/``loads`` read the matches, ``dump``/``dumps``
write the scored event.

The input (``bridgedesk teams score FILE``)::

    {"event": {"name": "Autumn teams", "date": "2026-11-24", "club": "Marunouchi BC"},
     "form": "round-robin", "scoring": "vp", "vp_scale": "wbf2013",
     "boards_per_match": 8, "stock": 40,
     "teams": [{"team": 1, "name": "Aoki",
                "players": [{"name": "Aoki Taro", "member": "123456"}, ...]}, ...],
     "rounds": [{"round": 1, "byes": [7],
                 "matches": [{"home": 1, "away": 2, "table": 1,
                              "lineup": {"home_ns": "1A", "home_ew": "1B",
                                         "away_ns": "2A", "away_ew": "2B"},
                              "penalty": [0, 3],
                              "boards": [{"board": 1,
                                          "open": {"contract": "3NT", "declarer": "E",
                                                   "result": "-1"},
                                          "closed": {"score": -300}},
                                         {"board": 2, "adjusted": "A+"}]},
                             {"home": 3, "away": 4, "forfeited_by": 4}]}]}

Only ``teams`` and ``rounds`` are required.  The *open* room is the one where
the home team sits NS, the *closed* room the away team's NS (004:1631-1633).
A room gives its contract, declarer and result (``=``, ``+1``, ``-2`` or the
tricks taken), its NS score, or both (then they must agree); a score alone
must be one some contract can make at the board's vulnerability.  An
``adjusted`` board gives the home team's artificial score (``A``, ``A+``,
``A-``; ``adjusted_away`` when the away team's is not the opposite).
``lineup`` names the four pairs (for the Butler ranking of the pairs);
``penalty`` holds team penalties in IMPs (003:258).

The output (:func:`dumps`) is the issue's ``results EVENT --format json`` shape,
``{"matches": [{"round", "home", "away", "boards": [{"board", "open_ns",
"closed_ns", "imps": [H, A]}], "imps": [H, A], "vp": [H, A]}], "standings":
[{"team", "name", "vp", "rank"}]}``, with what the reports print besides:
each room's contract, B-a-M and McCallum figures, byes, the cross-table and
the Butler ranking.  Numbers are printed by :mod:`bridgedesk.results.numbers`.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract, format_result, parse_result
from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.bridge.score import is_possible_score
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import BridgedeskError, Location, ScaleError
from bridgedesk.events.model import Player
from bridgedesk.formats.jsonfile import JsonReader, read_text
from bridgedesk.formats.score_input import checked_score
from bridgedesk.results.model import EventHeading
from bridgedesk.results.numbers import number
from bridgedesk.results.teams import (
    BoardRooms,
    Lineup,
    MatchPlay,
    RoomScore,
    ScoredMatch,
    ScoredTeamEvent,
    TeamEntry,
    TeamEventPlay,
)

FORMAT = "bridgedesk-team-results-1"
_ADJUSTED = {"A": Adjustment.AVERAGE, "A+": Adjustment.AVERAGE_PLUS,
             "A-": Adjustment.AVERAGE_MINUS}  # fmt: skip


class _Reader(JsonReader):
    def list_(self, value: object, field: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail("{field} must be a list", field, code="json.not-a-list", field=field)
        return value

    def int_(self, value: object, field: str, minimum: int = 1) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self.fail(
                "{field} must be a whole number of {minimum} or more, not {given!r}",
                field,
                code="json.not-whole-from",
                field=field,
                minimum=minimum,
                given=value,
            )
        return value

    def text(self, value: object, field: str) -> str:
        if not isinstance(value, str):
            raise self.fail(
                "{field} must be text, not {given!r}",
                field,
                code="json.not-text",
                field=field,
                given=value,
            )
        return value

    def need(self, data: dict[str, Any], key: str, f: str) -> object:
        if key not in data:
            raise self.fail(
                "missing {field}.{key}", f"{f}.{key}", code="json.missing-key", field=f, key=key
            )
        return data[key]


def _event(rd: _Reader, value: object) -> EventHeading:
    data = rd.obj(value, "event")
    name = rd.text(data.get("name", "Teams"), "event.name")
    date = None
    if data.get("date") is not None:
        try:
            date = dt.date.fromisoformat(rd.text(data["date"], "event.date"))
        except ValueError:
            raise rd.fail(
                "event.date must be YYYY-MM-DD, not {given!r}",
                "event.date",
                code="json.event-date",
                given=data["date"],
            ) from None
    return EventHeading(name, date, rd.text(data.get("club", ""), "event.club"))


def _team(rd: _Reader, value: object, f: str) -> TeamEntry:
    data = rd.obj(value, f)
    number_ = rd.int_(rd.need(data, "team", f), f + ".team")
    players: list[Player] = []
    for i, pv in enumerate(rd.list_(data.get("players", []), f + ".players")):
        g = f"{f}.players[{i}]"
        pd = {"name": pv} if isinstance(pv, str) else rd.obj(pv, g)
        member = pd.get("member")
        if member is not None and not isinstance(member, str | int):
            raise rd.fail(
                "{field}.member must be text or a number",
                g + ".member",
                code="json.member-text",
                field=g,
            )
        try:
            players.append(Player(rd.text(rd.need(pd, "name", g), g + ".name"),
                                  None if member is None else str(member)))  # fmt: skip
        except BridgedeskError as exc:
            raise rd.fail(
                "{field}: {problem}", g, code="json.bad-player", field=g, problem=exc
            ) from None
    return TeamEntry(number_, rd.text(data.get("name", ""), f + ".name"), tuple(players))


def _room(rd: _Reader, value: object, f: str, board: int) -> RoomScore:
    data = rd.obj(value, f)
    where = Location(file=rd.path, field=f, board=board)
    score = data.get("score")
    if score is not None:
        score = rd.int_(score, f + ".score", minimum=-(10**5))
    if "contract" not in data:
        if score is None:
            raise rd.fail(
                "{field} needs a contract, declarer and result, or a score",
                f,
                code="json.board-needs-result",
                field=f,
            )
        if not is_possible_score(score, board_vulnerability(board)):
            raise rd.fail(
                "{field}.score {score} is no contract's score on board {board} "
                "(vulnerability {vulnerability})",
                f + ".score",
                code="json.score-not-a-contract",
                field=f,
                score=score,
                board=board,
                vulnerability=board_vulnerability(board),
            )
        return RoomScore(score)
    contract_text = rd.text(data["contract"], f + ".contract")
    declarer = data.get("declarer")
    if declarer is not None:
        declarer = rd.text(declarer, f + ".declarer")
    tricks: int | None = None
    result = data.get("result", data.get("tricks"))
    if result is not None:
        try:
            contract = Contract.parse(contract_text)
            tricks = parse_result(str(result), contract)
        except BridgedeskError as exc:
            raise exc.located(where) from None
        except ValueError as exc:
            raise rd.fail(
                "{field}.result: {problem}",
                f + ".result",
                code="json.bad-result",
                field=f,
                problem=exc,
            ) from None
    play, computed = checked_score(board, contract_text, declarer, tricks, score, where)
    return RoomScore(computed, play)


def _board(rd: _Reader, value: object, f: str) -> BoardRooms:
    data = rd.obj(value, f)
    board = rd.int_(rd.need(data, "board", f), f + ".board")
    if "adjusted" in data:
        if "open" in data or "closed" in data:
            raise rd.fail(
                "{field}: an adjusted board has no room results",
                f,
                code="json.adjusted-no-rooms",
                field=f,
            )
        adj: list[Adjustment | None] = []
        for key in ("adjusted", "adjusted_away"):
            if data.get(key) is None:
                adj.append(None)
                continue
            text = rd.text(data[key], f"{f}.{key}").strip().upper()
            if text not in _ADJUSTED:
                raise rd.fail(
                    "{field}.{key} must be A, A+ or A-, not {given!r}",
                    f"{f}.{key}",
                    code="json.adjusted-score",
                    field=f,
                    key=key,
                    given=text,
                )
            adj.append(_ADJUSTED[text])
        return BoardRooms(board, adjustment=adj[0], adjustment_away=adj[1])
    rooms = [_room(rd, rd.need(data, key, f), f"{f}.{key}", board) for key in ("open", "closed")]
    return BoardRooms(board, rooms[0], rooms[1])


def _match(rd: _Reader, value: object, f: str, rnd: int, known: set[int]) -> MatchPlay:
    data = rd.obj(value, f)
    teams = []
    for key in ("home", "away"):
        t = rd.int_(rd.need(data, key, f), f"{f}.{key}")
        if t not in known:
            raise rd.fail(
                "{field}.{key}: team {team} is not in teams",
                f"{f}.{key}",
                code="json.team-not-in-teams",
                field=f,
                key=key,
                team=t,
            )
        teams.append(t)
    home, away = teams
    forfeited = data.get("forfeited_by")
    if forfeited is not None:
        forfeited = rd.int_(forfeited, f + ".forfeited_by")
        if forfeited not in (home, away):
            raise rd.fail(
                "{field}.forfeited_by must be {home} or {away}",
                f + ".forfeited_by",
                code="json.forfeited-by",
                field=f,
                home=home,
                away=away,
            )
    penalty = rd.list_(data.get("penalty", [0, 0]), f + ".penalty")
    if len(penalty) != 2:
        raise rd.fail(
            "{field}.penalty must be [home IMPs, away IMPs]",
            f + ".penalty",
            code="json.penalty-pair",
            field=f,
        )
    pen = [rd.int_(p, f + ".penalty", minimum=0) for p in penalty]
    lineup = None
    if data.get("lineup") is not None:
        ld = rd.obj(data["lineup"], f + ".lineup")
        ids = [
            str(rd.text(rd.need(ld, k, f + ".lineup"), f"{f}.lineup.{k}"))
            for k in ("home_ns", "home_ew", "away_ns", "away_ew")
        ]
        if len(set(ids)) != 4:
            raise rd.fail(
                "{field}.lineup must name four different pairs",
                f + ".lineup",
                code="json.lineup-pairs",
                field=f,
            )
        lineup = Lineup(*ids)
    boards = tuple(
        _board(rd, bv, f"{f}.boards[{k}]")
        for k, bv in enumerate(rd.list_(data.get("boards", []), f + ".boards"))
    )
    if forfeited is not None and boards:
        raise rd.fail(
            "{field}: a forfeited match has no boards", f, code="json.forfeit-no-boards", field=f
        )
    if forfeited is None and not boards:
        raise rd.fail(
            "{field}: give the match's boards, or forfeited_by",
            f,
            code="json.match-needs-boards",
            field=f,
        )
    table = data.get("table")
    return MatchPlay(
        rnd, home, away, boards, forfeited, pen[0], pen[1],
        None if table is None else rd.int_(table, f + ".table"), lineup,
    )  # fmt: skip


def loads(text: str, path: str = "<string>") -> TeamEventPlay:
    """Read a team results file in the shape above."""
    rd = _Reader(path)
    data = rd.obj(reading.loads_json(text, path), "the top level")
    teams = tuple(
        _team(rd, tv, f"teams[{i}]")
        for i, tv in enumerate(rd.list_(rd.need(data, "teams", "the file"), "teams"))
    )
    if len(teams) < 2:
        raise rd.fail("a team event needs at least 2 teams", "teams", code="json.too-few-teams")
    known = {t.number for t in teams}
    if len(known) != len(teams):
        raise rd.fail("a team number is listed twice", "teams", code="json.team-twice")
    matches: list[MatchPlay] = []
    byes: list[tuple[int, int]] = []
    for i, rv in enumerate(rd.list_(rd.need(data, "rounds", "the file"), "rounds")):
        f = f"rounds[{i}]"
        rdict = rd.obj(rv, f)
        rnd = rd.int_(rdict.get("round", i + 1), f + ".round")
        for j, mv in enumerate(rd.list_(rdict.get("matches", []), f + ".matches")):
            matches.append(_match(rd, mv, f"{f}.matches[{j}]", rnd, known))
        for bye in rd.list_(rdict.get("byes", []), f + ".byes"):
            team = rd.int_(bye, f + ".byes")
            if team not in known:
                raise rd.fail(
                    "{field}.byes: team {team} is not in teams",
                    f + ".byes",
                    code="json.bye-not-in-teams",
                    field=f,
                    team=team,
                )
            byes.append((rnd, team))
    scoring_text = rd.text(data.get("scoring", "vp"), "scoring")
    if scoring_text not in {m.value for m in Method.teams()}:
        names = ", ".join(m.value for m in Method.teams())
        raise rd.fail(
            "scoring must be one of {names}, not {given!r}",
            "scoring",
            code="json.scoring",
            names=names,
            given=scoring_text,
        )
    scoring = Method(scoring_text)
    bpm = data.get("boards_per_match")
    vp_scale = rd.text(data.get("vp_scale", "wbf2013"), "vp_scale")
    try:
        get_scale(vp_scale)  # an unknown scale is this file's error, with its place
    except ScaleError as exc:
        raise rd.fail(exc.msgid, "vp_scale", code=exc.code, **exc.params) from None
    return TeamEventPlay(
        event=_event(rd, data.get("event", {})),
        teams=teams,
        matches=tuple(matches),
        scoring=scoring,
        vp_scale=vp_scale,
        stock=rd.int_(data.get("stock", 40), "stock"),
        byes=tuple(byes),
        boards_per_match=None if bpm is None else rd.int_(bpm, "boards_per_match"),
        form=rd.text(data.get("form", ""), "form"),
    )


def load(path: str | Path) -> TeamEventPlay:
    """Read a team results file."""
    text, name = read_text(path)
    return loads(text, name)


# -- writing ----------------------------------------------------------------------------


def _pair(values: tuple[Any, Any] | None) -> list[Any] | None:
    return None if values is None else [number(values[0]), number(values[1])]


def _room_dict(room: RoomScore | None) -> dict[str, Any] | None:
    if room is None or room.play is None:
        return None
    p = room.play
    out: dict[str, Any] = {"contract": str(p.contract)}
    if not p.contract.is_pass:
        out["declarer"] = None if p.declarer is None else p.declarer.value
        out["result"] = None if p.tricks is None else format_result(p.contract, p.tricks)
    return out


def _match_dict(m: ScoredMatch) -> dict[str, Any]:
    boards = []
    for b in m.boards:
        row: dict[str, Any] = {"board": b.board, "open_ns": b.open_ns, "closed_ns": b.closed_ns,
                               "imps": list(b.imps)}  # fmt: skip
        if b.open is not None and b.open.play is not None:
            row["open"] = _room_dict(b.open)
        if b.closed is not None and b.closed.play is not None:
            row["closed"] = _room_dict(b.closed)
        if b.adjustment is not None:
            row["adjusted"] = [str(a) for a in b.adjustment]
        if b.bam is not None:
            row["bam"] = list(b.bam)
        boards.append(row)
    out: dict[str, Any] = {
        "round": m.round, "table": m.table, "home": m.home, "away": m.away, "boards": boards,
        "imps": list(m.imps), "vp": _pair(m.vp), "points": _pair(m.points),
    }  # fmt: skip
    if m.penalties != (0, 0):
        out["penalties"] = list(m.penalties)
    if m.forfeited_by is not None:
        out["forfeited_by"] = m.forfeited_by
    if m.bam is not None:
        out["bam"] = _pair(m.bam)
        out["net_points"] = m.net_points
    if m.bam_vp is not None:
        out["bam_vp"] = _pair(m.bam_vp)
    if m.mccallum is not None:
        out["mccallum"] = list(m.mccallum)
    if m.triangle is not None:  # each side's whole-round score (results.team_triangle_scores)
        out["triangle"] = _pair(m.triangle)
    if m.carry_over is not None:  # a knockout's carry-over, in ``points`` already
        out["carry_over"] = _pair(m.carry_over)
    if m.lineup is not None:
        lu = m.lineup
        out["lineup"] = {"home_ns": lu.home_ns, "home_ew": lu.home_ew,
                         "away_ns": lu.away_ns, "away_ew": lu.away_ew}  # fmt: skip
    return out


def to_dict(event: ScoredTeamEvent) -> dict[str, Any]:
    """The scored event as plain JSON values (the shape in the module doc)."""
    vp_like = event.scoring in (Method.TEAM_VP, Method.BAM_VP, Method.MCCALLUM)
    return {
        "format": FORMAT,
        "event": {
            "name": event.event.name,
            "date": None if event.event.date is None else event.event.date.isoformat(),
            "club": event.event.club,
        },
        "form": event.form,
        "scoring": event.scoring.value,
        "vp_scale": event.scale,
        "stock": event.stock,
        "teams": [
            {
                "team": t.number,
                "name": t.name,
                "players": [{"name": p.name, "member": p.member} for p in t.players],
            }
            for t in event.teams
        ],
        "matches": [_match_dict(m) for m in event.matches],
        "byes": [{"round": b.round, "team": b.team, "vp": number(b.points)} for b in event.byes],
        "standings": [
            {
                "team": s.team,
                "name": s.name,
                "vp": number(s.points) if vp_like else None,
                "points": number(s.points),
                "rank": s.rank,
                "played": s.played,
                "imps": [s.imps_won, s.imps_lost],
                "tie_break": s.tie_break,
            }
            for s in event.standings
        ],
        "cross_table": {
            t: {o: number(v) for o, v in event.cross.cells.get(t, {}).items()}
            for t in event.cross.teams
        },
        "butler": [
            {
                "pair": b.pair,
                "team": b.team,
                "boards": b.boards,
                "imps": number(b.imps),
                "average": number(b.average),
                "rank": b.rank,
            }
            for b in event.butler
        ],
    }


def dumps(event: ScoredTeamEvent) -> str:
    """The scored event as JSON text (UTF-8, names as entered)."""
    return json.dumps(to_dict(event), ensure_ascii=False, indent=1) + "\n"


def dump(event: ScoredTeamEvent, path: str | Path) -> Path:
    """Write :func:`dumps` to ``path``."""
    target = Path(path)
    target.write_text(dumps(event), encoding="utf-8")
    return target


__all__ = ["FORMAT", "dump", "dumps", "load", "loads", "to_dict"]
