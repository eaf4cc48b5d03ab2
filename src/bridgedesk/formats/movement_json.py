"""Movements as JSON: ``dumps``/``dump`` write, ``loads``/``load`` read.

The shape (issue 3)::

    {"kind": "howell", "tables": 6, "rounds": 11, "winners": 1,
     "boards_per_round": 2, "board_sets": 11,
     "rounds_detail": [{"round": 1, "tables": [{"table": 1, "ns": 12, "ew": 1,
                         "set": 1, "boards": [1, 2]}, ...], "sitout": []}, ...]}

For two-winner movements ``ns`` and ``ew`` are numbers within their field and a
sit-out is written ``"NS 2"`` / ``"EW 9"``.  Optional keys: ``relays`` (lists of
tables sharing sets), ``copies`` (groups of tables with their own copy of
the boards), ``phantom``, ``rover``, ``ew_offset``, ``notes``, ``teams`` (a team
movement: ``ns``/``ew`` are the teams whose NS/EW pair sits there) and a
seating's ``arrow_switch``.  A malformed file raises :class:`FormatError` naming
the file and the field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bridgedesk import limits, reading
from bridgedesk.bridge import Side
from bridgedesk.errors import FormatError, Location, MovementError
from bridgedesk.formats.jsonfile import JsonReader, read_text
from bridgedesk.movements.individual import IndividualMovement
from bridgedesk.movements.model import Movement, Pair, Round, Seating


def _pair_out(m: Movement, p: Pair) -> int | str:
    if m.winners == 1 or p.side is None:
        return p.number
    return f"{p.side.value} {p.number}"


def _seat_out(m: Movement, p: Pair, seat: Side, arrow: bool) -> int | str:
    """A seat's pair: its number, or ``"EW 3"`` when a field's pair takes the other seat.

    That happens in a team movement's pair round robin, where team 3's EW pair
    may sit NS; an arrow switch says the same for every seat of its table.
    """
    if m.winners == 1 or p.side is None or arrow or p.side is seat:
        return p.number
    return f"{p.side.value} {p.number}"


def to_dict(m: Movement) -> dict[str, Any]:
    """The movement as plain JSON-ready data."""
    data: dict[str, Any] = {
        "kind": m.kind,
        "tables": m.tables,
        "rounds": m.round_count,
        "winners": m.winners,
        "boards_per_round": m.boards_per_round,
        "board_sets": m.board_sets,
        "rounds_detail": [
            {
                "round": r.number,
                "tables": [
                    {
                        "table": s.table,
                        "ns": _seat_out(m, s.ns, Side.NS, s.arrow_switch),
                        "ew": _seat_out(m, s.ew, Side.EW, s.arrow_switch),
                        "set": s.board_set,
                        "boards": list(m.boards_of(s.board_set)),
                        **({"arrow_switch": True} if s.arrow_switch else {}),
                    }
                    for s in r.seatings
                ],
                "sitout": [_pair_out(m, p) for p in r.sitout],
            }
            for r in m.rounds
        ],
    }
    if m.relay_groups:
        data["relays"] = [list(g) for g in m.relay_groups]
    if m.copy_groups:
        data["copies"] = [list(g) for g in m.copy_groups]
    if m.phantom is not None:
        data["phantom"] = _pair_out(m, m.phantom)
    if m.rover is not None:
        data["rover"] = _pair_out(m, m.rover)
    if m.ew_offset:
        data["ew_offset"] = True
    if m.notes:
        data["notes"] = list(m.notes)
    if m.teams:
        data["teams"] = True
    return data


def dumps(m: Movement | IndividualMovement) -> str:
    """A pair or team movement, or an individual movement, as JSON text."""
    data = to_dict(m) if isinstance(m, Movement) else _individual_dict(m)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def dump(m: Movement | IndividualMovement, path: str | Path) -> None:
    Path(path).write_text(dumps(m), encoding="utf-8")


class _Reader(JsonReader):
    def int_(
        self,
        data: dict[str, Any],
        key: str,
        field: str,
        minimum: int = 1,
        maximum: int = limits.ENTRY_NUMBER,
    ) -> int:
        if key not in data:
            raise self.fail(
                "missing {field}{key}",
                f"{field}{key}",
                code="json.missing-key",
                field=field,
                key=key,
            )
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                "{field}{key} must be a whole number, not {given!r}",
                f"{field}{key}",
                code="json.not-whole",
                field=field,
                key=key,
                given=value,
            )
        if not minimum <= value <= maximum:
            raise self.fail(
                "{field}{key} must be from {minimum} to {maximum}, not {value}",
                f"{field}{key}",
                code="json.not-in-range",
                field=field,
                key=key,
                minimum=minimum,
                maximum=maximum,
                value=value,
            )
        return value

    def list_(self, data: dict[str, Any], key: str, field: str) -> list[Any]:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(
                "{field}{key} must be a list",
                f"{field}{key}",
                code="json.not-a-list",
                field=field,
                key=key,
            )
        return value

    def pair(self, value: object, field: str, winners: int, side: Side | None) -> Pair:
        if winners == 2 and isinstance(value, str):
            parts = value.split()
            number = reading.whole_number(parts[1]) if len(parts) == 2 else None
            if number is not None and parts[0].upper() in ("NS", "EW"):
                return Pair(number, Side(parts[0].upper()))
            raise self.fail(
                "{field} must look like 'NS 3' or 'EW 3', not {given!r}",
                field,
                code="movement.json-pair",
                field=field,
                given=value,
            )
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(
                "{field} must be a pair number (1 or more), not {given!r}",
                field,
                code="movement.json-pair-number",
                field=field,
                given=value,
            )
        return Pair(value, side if winners == 2 else None)


def loads(text: str, path: str = "<string>") -> Movement:
    """Read a movement written in the JSON shape above."""
    rd = _Reader(path)
    raw = reading.loads_json(text, path)
    data = rd.obj(raw, "the top level")
    kind = data.get("kind", "custom")
    if not isinstance(kind, str):
        raise rd.fail("kind must be a string", "kind", code="movement.json-kind")
    tables = rd.int_(data, "tables", "")
    winners = rd.int_(data, "winners", "")
    if winners not in (1, 2):
        raise rd.fail(
            "winners must be 1 or 2, not {winners}",
            "winners",
            code="movement.json-winners",
            winners=winners,
        )
    bpr = rd.int_(data, "boards_per_round", "", maximum=limits.BOARDS)
    sets = rd.int_(data, "board_sets", "", maximum=limits.BOARDS)
    rounds: list[Round] = []
    for i, rv in enumerate(rd.list_(data, "rounds_detail", ""), start=1):
        f = f"rounds_detail[{i - 1}]."
        rdict = rd.obj(rv, f[:-1])
        number = rd.int_(rdict, "round", f)
        seats: list[Seating] = []
        for j, sv in enumerate(rd.list_(rdict, "tables", f)):
            g = f"{f}tables[{j}]."
            sd = rd.obj(sv, g[:-1])
            table = rd.int_(sd, "table", g)
            if "ns" not in sd or "ew" not in sd:
                raise rd.fail(
                    "missing {field}ns or {field}ew",
                    g + ("ns" if "ns" not in sd else "ew"),
                    code="movement.json-missing-side",
                    field=g,
                )
            p_ns = rd.pair(sd["ns"], g + "ns", winners, Side.NS)
            p_ew = rd.pair(sd["ew"], g + "ew", winners, Side.EW)
            arrow = sd.get("arrow_switch", False)
            if not isinstance(arrow, bool):
                raise rd.fail(
                    "{field}arrow_switch must be true or false",
                    g + "arrow_switch",
                    code="movement.json-arrow-switch",
                    field=g,
                )
            if arrow and winners == 2:
                p_ns, p_ew = Pair(p_ns.number, Side.EW), Pair(p_ew.number, Side.NS)
            board_set = rd.int_(sd, "set", g)
            if "boards" in sd:
                boards = sd["boards"]
                first = (board_set - 1) * bpr + 1
                if boards != list(range(first, first + bpr)):
                    raise rd.fail(
                        "{field}boards {boards!r} are not the boards of set {board_set} with "
                        "{bpr} boards a round ({first}-{last})",
                        g + "boards",
                        code="movement.json-set-boards",
                        field=g,
                        boards=boards,
                        board_set=board_set,
                        bpr=bpr,
                        first=first,
                        last=first + bpr - 1,
                    )
            seats.append(Seating(table, p_ns, p_ew, board_set, arrow))
        sitout = tuple(
            rd.pair(v, f"{f}sitout[{k}]", winners, None if winners == 1 else Side.NS)
            for k, v in enumerate(rd.list_(rdict, "sitout", f))
        )
        rounds.append(Round(number, tuple(seats), sitout))
    declared = data.get("rounds")
    if declared is not None and declared != len(rounds):
        raise rd.fail(
            "rounds says {declared} but rounds_detail lists {listed} rounds",
            "rounds",
            code="movement.json-rounds",
            declared=declared,
            listed=len(rounds),
        )
    relays_raw = rd.list_(data, "relays", "")
    relays: list[tuple[int, ...]] = []
    for k, g in enumerate(relays_raw):
        if not isinstance(g, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in g
        ):
            raise rd.fail(
                "relays[{index}] must be a list of table numbers",
                f"relays[{k}]",
                code="movement.json-relays",
                index=k,
            )
        relays.append(tuple(g))
    copies: list[tuple[int, ...]] = []
    for k, g in enumerate(rd.list_(data, "copies", "")):
        if not isinstance(g, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in g
        ):
            raise rd.fail(
                "copies[{index}] must be a list of table numbers",
                f"copies[{k}]",
                code="movement.json-copies",
                index=k,
            )
        copies.append(tuple(g))
    phantom = rd.pair(data["phantom"], "phantom", winners, Side.NS) if "phantom" in data else None
    rover = rd.pair(data["rover"], "rover", winners, Side.NS) if "rover" in data else None
    notes = data.get("notes", [])
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise rd.fail("notes must be a list of strings", "notes", code="movement.json-notes")
    teams = data.get("teams", False)
    if not isinstance(teams, bool):
        raise rd.fail("teams must be true or false", "teams", code="movement.json-teams")
    try:
        return Movement(
            kind=kind,
            tables=tables,
            boards_per_round=bpr,
            board_sets=sets,
            winners=winners,
            rounds=tuple(rounds),
            relay_groups=tuple(relays),
            phantom=phantom,
            rover=rover,
            ew_offset=bool(data.get("ew_offset", False)),
            notes=tuple(notes),
            copy_groups=tuple(copies),
            teams=teams,
        )
    except MovementError as exc:
        raise FormatError(exc.msgid, Location(file=path), code=exc.code, **exc.params) from None


def load(path: str | Path) -> Movement:
    return loads(*read_text(path))


def _individual_dict(m: IndividualMovement) -> dict[str, Any]:
    """An individual movement as JSON data: players by seat ``n``, ``s``, ``e``, ``w``."""
    return {
        "kind": m.kind,
        "players": m.players,
        "tables": m.tables,
        "rounds": m.round_count,
        "boards_per_round": m.boards_per_round,
        "board_sets": m.board_sets,
        "rounds_detail": [
            {
                "round": r.number,
                "tables": [
                    {
                        "table": s.table,
                        "n": s.north,
                        "s": s.south,
                        "e": s.east,
                        "w": s.west,
                        "set": s.board_set,
                        "boards": list(
                            range(
                                (s.board_set - 1) * m.boards_per_round + 1,
                                s.board_set * m.boards_per_round + 1,
                            )
                        ),
                    }
                    for s in r.seatings
                ],
                "sitout": list(r.sitout),
            }
            for r in m.rounds
        ],
    }
