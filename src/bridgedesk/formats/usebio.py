"""USEBIO 1.2 XML: the results upload format of several national bridge bodies.

The document written here::

    USEBIO Version="1.2"
      CLUB: CLUB_NAME
      EVENT EVENT_TYPE="MP_PAIRS" (or CROSS_IMP, BUTLER, TOTAL_POINTS)
        EVENT_IDENTIFIER, EVENT_DESCRIPTION, PROGRAM_NAME, PROGRAM_VERSION,
        DATE (dd/mm/yyyy), BOARD_SCORING_METHOD, WINNER_TYPE (1 or 2), BOARDS_PLAYED
        SESSION SESSION_NUMBER=...
          SECTION SECTION_ID=...
            PARTICIPANTS
              PAIR: PAIR_NUMBER, DIRECTION (two winners only), PLACE, TOTAL_SCORE,
                    PERCENTAGE (matchpoints), BOARDS_PLAYED,
                    PLAYER: PLAYER_NAME, NATIONAL_ID_NUMBER (member number, when known)
            BOARD: BOARD_NUMBER,
              TRAVELLER_LINE: ROUND, TABLE, NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT,
                    PLAYED_BY, TRICKS, LEAD, SCORE (NS's) or ADJUSTED_SCORE (A+/A-...),
                    NS_MATCH_POINTS, EW_MATCH_POINTS

Element names follow USEBIO 1.2; the official DTD could not be obtained
while this was written, so the structure above is checked element by element
in the tests (``tests/formats/test_usebio.py``) rather than by a validator.
Places are the ranking's ("2=" for a shared place), totals and percentages 2
decimals half up.  Text is UTF-8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from bridgedesk import __version__
from bridgedesk.reports.scored import ScoredSection, fmt_points, fmt_total

VERSION = "1.2"
_EVENT_TYPE = {"mp": "MP_PAIRS", "ximp": "CROSS_IMP", "butler": "BUTLER", "total": "TOTAL_POINTS"}
_SCORING = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER", "total": "TOTAL_POINTS"}

#: Child elements in the order this module writes them (what the tests check).
ORDER: dict[str, tuple[str, ...]] = {
    "USEBIO": ("CLUB", "EVENT"),
    "CLUB": ("CLUB_NAME",),
    "EVENT": (
        "EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "PROGRAM_NAME", "PROGRAM_VERSION", "DATE",
        "BOARD_SCORING_METHOD", "WINNER_TYPE", "BOARDS_PLAYED", "SESSION",
    ),
    "SESSION": ("SECTION",),
    "SECTION": ("PARTICIPANTS", "BOARD"),
    "PARTICIPANTS": ("PAIR",),
    "PAIR": (
        "PAIR_NUMBER", "DIRECTION", "PLACE", "TOTAL_SCORE", "PERCENTAGE", "BOARDS_PLAYED",
        "PLAYER",
    ),
    "PLAYER": ("PLAYER_NAME", "NATIONAL_ID_NUMBER"),
    "BOARD": ("BOARD_NUMBER", "TRAVELLER_LINE"),
    "TRAVELLER_LINE": (
        "ROUND", "TABLE", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS",
        "LEAD", "SCORE", "ADJUSTED_SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS",
    ),
}  # fmt: skip


def _add(parent: ET.Element, name: str, text: str | int | None) -> ET.Element:
    el = ET.SubElement(parent, name)
    if text is not None:
        el.text = str(text)
    return el


def _pts(value: Fraction | None) -> str | None:
    return None if value is None else fmt_points(value)


def to_element(scored: ScoredSection) -> ET.Element:
    """The USEBIO document as an ElementTree element."""
    snap = scored.snapshot
    event = snap.event
    method = scored.method.value
    root = ET.Element("USEBIO", {"Version": VERSION})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", event.club or event.name)
    ev = ET.SubElement(root, "EVENT", {"EVENT_TYPE": _EVENT_TYPE[method]})
    _add(ev, "EVENT_IDENTIFIER", f"{event.date:%Y%m%d}-{event.name}")
    _add(ev, "EVENT_DESCRIPTION", event.name)
    _add(ev, "PROGRAM_NAME", "bridgedesk")
    _add(ev, "PROGRAM_VERSION", __version__)
    _add(ev, "DATE", f"{event.date:%d/%m/%Y}")
    _add(ev, "BOARD_SCORING_METHOD", _SCORING[method])
    _add(ev, "WINNER_TYPE", scored.winners)
    _add(ev, "BOARDS_PLAYED", len(scored.travellers))
    session = ET.SubElement(ev, "SESSION", {"SESSION_NUMBER": str(snap.session)})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": snap.section})
    participants = ET.SubElement(section, "PARTICIPANTS")
    for s in scored.ranking:
        pair = ET.SubElement(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", s.number)
        if scored.winners == 2 and s.direction is not None:
            _add(pair, "DIRECTION", s.direction.value)
        _add(pair, "PLACE", s.rank)
        _add(pair, "TOTAL_SCORE", fmt_total(s.total))
        if s.percentage is not None:
            _add(pair, "PERCENTAGE", fmt_total(s.percentage))
        _add(pair, "BOARDS_PLAYED", s.boards)
        for p in s.players:
            player = ET.SubElement(pair, "PLAYER")
            _add(player, "PLAYER_NAME", p.name)
            if p.member:
                _add(player, "NATIONAL_ID_NUMBER", p.member)
    for t in scored.travellers:
        board = ET.SubElement(section, "BOARD")
        _add(board, "BOARD_NUMBER", t.board)
        for line in t.lines:
            r = line.result
            tl = ET.SubElement(board, "TRAVELLER_LINE")
            _add(tl, "ROUND", r.round)
            _add(tl, "TABLE", r.table)
            _add(tl, "NS_PAIR_NUMBER", r.ns)
            _add(tl, "EW_PAIR_NUMBER", r.ew)
            if r.adjusted is not None:
                _add(tl, "ADJUSTED_SCORE", str(r.adjusted))
            else:
                assert r.contract is not None
                _add(tl, "CONTRACT", "PASS" if r.contract.is_pass else str(r.contract))
                if r.declarer is not None:
                    _add(tl, "PLAYED_BY", r.declarer.value)
                    _add(tl, "TRICKS", r.tricks)
                if r.lead:
                    _add(tl, "LEAD", r.lead)
                _add(tl, "SCORE", r.ns_score)
            _add(tl, "NS_MATCH_POINTS", _pts(line.ns_points))
            _add(tl, "EW_MATCH_POINTS", _pts(line.ew_points))
    return root


def dumps(scored: ScoredSection) -> str:
    """The USEBIO XML text, indented, with its XML declaration (UTF-8)."""
    root = to_element(scored)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


__all__ = ["ORDER", "VERSION", "dumps", "to_element"]
