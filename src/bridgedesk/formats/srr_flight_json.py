"""An SRR + pairs flight as a team results file: the flight's name and tables, and the
rooms that were played mis-seated (004:2652-2655).

The file is the team results JSON of :mod:`bridgedesk.formats.team_results_json`
(``"form": "srr-pairs"``, every match with its ``lineup``) with three more
optional keys::

    {"form": "srr-pairs", "flight": "A", "tables": 6, ...,
     "rounds": [{"round": 1, "matches": [{"home": 1, "away": 2, "lineup": {...},
                 "boards": [...],
                 "misseated": [{"room": "open", "boards": [1, 2, 3],
                                "other_room_played": false}]}]}]}

``flight`` defaults to the file's name without its suffix, ``tables`` to the
number of teams.  A ``misseated`` entry says which room's pairs sat NS and EW
the wrong way round on which boards; ``other_room_played`` whether the two
teams' other room on those boards had already been played (then the boards
leave the team comparison) or not (then the later room was played swapped as
well, and the rooms compare).  Each room's NS score is the one the pair that
actually sat NS recorded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.events.team_draw import MisSeat, RoomName
from bridgedesk.formats import team_results_json
from bridgedesk.formats.jsonfile import JsonReader, read_text
from bridgedesk.results.srr_pairs import Flight


def _misseat(rd: JsonReader, value: object, f: str, rnd: int, home: int, away: int) -> MisSeat:
    data = rd.obj(value, f)
    room_text = data.get("room")
    if room_text not in ("open", "closed"):
        raise rd.fail(
            '{field}.room must be "open" or "closed", not {given!r}',
            f + ".room",
            code="srr.json-room",
            field=f,
            given=room_text,
        )
    boards = data.get("boards")
    if (
        not isinstance(boards, list)
        or not boards
        or not all(isinstance(b, int) and not isinstance(b, bool) and b >= 1 for b in boards)
    ):
        raise rd.fail(
            "{field}.boards must be a list of board numbers",
            f + ".boards",
            code="srr.json-boards",
            field=f,
        )
    other = data.get("other_room_played")
    if not isinstance(other, bool):
        raise rd.fail(
            "{field}.other_room_played must be true or false (004:2653-2655)",
            f + ".other_room_played",
            code="srr.json-other-room",
            field=f,
        )
    return MisSeat(rnd, home, away, RoomName(room_text), tuple(boards), other)


def _misseats(rd: JsonReader, data: dict[str, Any]) -> tuple[MisSeat, ...]:
    out: list[MisSeat] = []
    rounds = data.get("rounds", [])
    for i, rv in enumerate(rounds if isinstance(rounds, list) else []):
        rdict = rd.obj(rv, f"rounds[{i}]")
        rnd = rdict.get("round", i + 1)
        for j, mv in enumerate(rdict.get("matches", []) or []):
            mdict = rd.obj(mv, f"rounds[{i}].matches[{j}]")
            slips = mdict.get("misseated", [])
            f = f"rounds[{i}].matches[{j}].misseated"
            if not isinstance(slips, list):
                raise rd.fail("{field} must be a list", f, code="json.not-a-list", field=f)
            for k, sv in enumerate(slips):
                out.append(_misseat(rd, sv, f"{f}[{k}]", rnd, mdict["home"], mdict["away"]))
    return tuple(out)


def loads(text: str, path: str = "<string>") -> Flight:
    """Read a flight (see the module doc)."""
    play = team_results_json.loads(text, path)
    rd = JsonReader(path)
    data = rd.obj(reading.loads_json(text, path), "the top level")
    name = data.get("flight", Path(path).stem)
    if not isinstance(name, str) or not name:
        raise rd.fail("flight must be a name", "flight", code="srr.json-flight-name")
    tables = data.get("tables", len(play.teams))
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise rd.fail(
            "tables must be a whole number, not {given!r}",
            "tables",
            code="srr.json-tables",
            given=tables,
        )
    return Flight(name, tables, play, _misseats(rd, data))


def load(path: str | Path) -> Flight:
    """Read a flight file."""
    text, name = read_text(path)
    return loads(text, name)


__all__ = ["load", "loads"]
