"""Practice sessions as JSON (``bridgedesk-practice-1``); boards as ``practice auto`` prints them.

A board::

    {"board": 1, "dealer": "N", "vulnerability": "None", "deal": "N:AKQ.. ...",
     "announcements": [{"seat": "N", "hcp": 12}, ...], "redeal": false,
     "declarer": "S", "contract": {"strain": "S", "game": false, "tricks_needed": 7},
     "rooms": {"open": {"contract": {...}, "play": ["SA", "S2", ...], "tricks": 9,
                        "score_ns": 140},
               "closed": {...}},
     "imps_ns": 1, "par": {"contract": {...}, "tricks": 10, "score_ns": 420}}

``contract`` is the open room's (each room's declarer names its own).  A
session file adds the set-up (seed, level, rules, boards, source), the deals
of a file session, the boards played, the running total and the board in
progress, so a session can be resumed.  Reading checks everything again: the
announcements must be the deal's, and each room's play is replayed card by
card under the rules, so its tricks and score are recomputed, never trusted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgedesk.bridge import Seat, Strain, Vulnerability
from bridgedesk.deals.cards import Card
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.practice.announce import declaration
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.room import RoomResult
from bridgedesk.practice.rules import Rules
from bridgedesk.practice.session import BoardResult, MiniPar, SessionConfig, running_total

FORMAT = "bridgedesk-practice-1"


@dataclass(frozen=True)
class InProgress:
    """The open room's board being played when the session was saved."""

    index: int
    redeal: int
    contract: MiniContract | None
    play: tuple[Card, ...]


@dataclass(frozen=True)
class SavedSession:
    config: SessionConfig
    results: tuple[BoardResult, ...]
    deals: tuple[Deal, ...] | None = None
    current: InProgress | None = None


def contract_dict(contract: MiniContract) -> dict[str, Any]:
    return contract.to_dict()


def _room(room: RoomResult) -> dict[str, Any]:
    return {
        "contract": contract_dict(room.contract),
        "play": [str(c) for c in room.play],
        "tricks": room.tricks,
        "score_ns": room.score_ns,
    }


def deal_dict(deal: Deal) -> dict[str, Any]:
    return {
        "board": deal.board,
        "dealer": deal.dealer.value,
        "vulnerability": deal.vulnerability.value,
        "deal": deal.pbn(Seat.N),
    }


def board_dict(result: BoardResult) -> dict[str, Any]:
    """One board as ``practice auto --json`` prints it."""
    rooms: dict[str, Any] = {}
    if result.open is not None:
        rooms["open"] = _room(result.open)
    if result.closed is not None:
        rooms["closed"] = _room(result.closed)
    declarer = result.declaration.declarer
    par = result.par
    return {
        **deal_dict(result.deal),
        "announcements": [
            {"seat": a.seat.value, "hcp": a.hcp} for a in result.declaration.announcements
        ],
        "redeal": result.redeal,
        "declarer": None if declarer is None else declarer.value,
        "contract": None if result.open is None else contract_dict(result.open.contract),
        "rooms": rooms,
        "imps_ns": result.imps_ns,
        "par": None
        if par is None
        else {
            "contract": contract_dict(par.contract),
            "tricks": par.tricks,
            "score_ns": par.score_ns,
        },
    }


def session_dict(saved: SavedSession) -> dict[str, Any]:
    c = saved.config
    totals = running_total(saved.results)
    current = saved.current
    return {
        "format": FORMAT,
        "config": {
            "seed": c.seed,
            "level": c.level,
            "rules": c.rules.value,
            "boards": c.boards,
            "source": c.source,
        },
        "deals": None if saved.deals is None else [deal_dict(d) for d in saved.deals],
        "results": [board_dict(r) for r in saved.results],
        "total_imps": totals[-1] if totals else 0,
        "current": None
        if current is None
        else {
            "index": current.index,
            "redeal": current.redeal,
            "contract": None if current.contract is None else contract_dict(current.contract),
            "play": [str(card) for card in current.play],
        },
    }


# ---------------------------------------------------------------- reading


def _need(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise FormatError("{place}: missing {key!r}", code="json.missing", place=where, key=key)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise FormatError(
            "{place}: {key!r} has the wrong type", code="practice.wrong-type", place=where, key=key
        )
    return value


def _contract(obj: Any, where: str) -> MiniContract:
    strain = Strain.parse(_need(obj, "strain", str, where))
    return MiniContract(strain, _need(obj, "game", bool, where))


def _deal(obj: Any, where: str) -> Deal:
    return Deal.from_pbn(
        _need(obj, "deal", str, where),
        _need(obj, "board", int, where),
        Seat.parse(_need(obj, "dealer", str, where)),
        Vulnerability.parse(_need(obj, "vulnerability", str, where)),
    )


def _cards(items: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise FormatError(
            "{place}: 'play' must be a list of cards such as \"SA\"",
            code="practice.play-cards",
            place=where,
        )
    return tuple(Card.parse(x) for x in items)


def _replayed(deal: Deal, declarer: Seat, obj: Any, where: str) -> RoomResult:
    contract = _contract(_need(obj, "contract", dict, where), where)
    try:
        state = PlayState.replay(deal, declarer, contract.strain, _cards(obj.get("play"), where))
        return RoomResult.of(state, contract)
    except FormatError:
        raise
    except BridgedeskError as exc:
        raise FormatError(
            "{place}: {problem}", code="json.problem", place=where, problem=exc
        ) from None


def board_from_dict(obj: Any, where: str = "board") -> BoardResult:
    """A board written by :func:`board_dict`, checked by replaying both rooms."""
    deal = _deal(obj, where)
    found = declaration(deal)
    listed = _need(obj, "announcements", list, where)
    if [(a.get("seat"), a.get("hcp")) for a in listed if isinstance(a, dict)] != [
        (a.seat.value, a.hcp) for a in found.announcements
    ]:
        raise FormatError(
            "{place}: the announcements are not the deal's HCP from the dealer on",
            code="practice.announcements",
            place=where,
        )
    if found.declarer is None:
        return BoardResult(deal, found)
    rooms = _need(obj, "rooms", dict, where)
    opened = _replayed(deal, found.declarer, rooms.get("open"), f"{where}, open room")
    closed = _replayed(deal, found.declarer, rooms.get("closed"), f"{where}, closed room")
    par = None
    if isinstance(obj.get("par"), dict):
        p = obj["par"]
        par = MiniPar(
            _contract(_need(p, "contract", dict, where), where),
            _need(p, "tricks", int, where),
            _need(p, "score_ns", int, where),
        )
    return BoardResult(deal, found, opened, closed, par)


def session_from_dict(obj: Any, filename: str | None = None) -> SavedSession:
    where = filename or "session"
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise FormatError(
            "{place}: not a bridgedesk practice session ({format})",
            code="practice.not-a-session",
            place=where,
            format=FORMAT,
        )
    try:
        c = _need(obj, "config", dict, where)
        source = c.get("source")
        config = SessionConfig(
            seed=_need(c, "seed", int, where),
            level=_need(c, "level", str, where),
            rules=Rules.parse(_need(c, "rules", str, where)),
            boards=_need(c, "boards", int, where),
            source=source if isinstance(source, str) else None,
        )
        deals = None
        if isinstance(obj.get("deals"), list):
            deals = tuple(_deal(d, f"{where}, deal {i + 1}") for i, d in enumerate(obj["deals"]))
        results = tuple(
            board_from_dict(r, f"{where}, result {i + 1}")
            for i, r in enumerate(_need(obj, "results", list, where))
        )
        current = None
        cur = obj.get("current")
        if isinstance(cur, dict):
            contract = cur.get("contract")
            current = InProgress(
                _need(cur, "index", int, where),
                _need(cur, "redeal", int, where),
                None if contract is None else _contract(contract, where),
                _cards(cur.get("play", []), where),
            )
    except FormatError:
        raise
    except BridgedeskError as exc:
        raise FormatError(exc.msgid, Location(file=filename), code=exc.code, **exc.params) from None
    return SavedSession(config, results, deals, current)


def dumps(saved: SavedSession) -> str:
    return json.dumps(session_dict(saved), indent=1, ensure_ascii=False) + "\n"


def dump(saved: SavedSession, path: str | Path) -> None:
    """Write the session, replacing the file only once the new text is complete."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps(saved), encoding="utf-8")
    tmp.replace(target)


def loads(text: str, filename: str | None = None) -> SavedSession:
    """A saved session from its JSON text."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(
            "not JSON: {problem}", Location(file=filename), code="json.not-json", problem=exc
        ) from None
    return session_from_dict(obj, filename)


def load(path: str | Path) -> SavedSession:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FormatError(
            "no such session file", Location(file=str(path)), code="practice.no-file"
        ) from None
    except UnicodeDecodeError as exc:
        raise FormatError(
            "not JSON: {problem}", Location(file=str(path)), code="json.not-json", problem=exc
        ) from None
    return loads(text, str(path))


def boards_json(results: Sequence[BoardResult]) -> dict[str, Any]:
    """What ``practice auto --json`` prints: every board and the total."""
    totals = running_total(results)
    return {"boards": [board_dict(r) for r in results], "total_imps": totals[-1] if totals else 0}


__all__ = [
    "FORMAT",
    "InProgress",
    "SavedSession",
    "board_dict",
    "board_from_dict",
    "boards_json",
    "deal_dict",
    "dump",
    "dumps",
    "load",
    "loads",
    "session_dict",
    "session_from_dict",
]
