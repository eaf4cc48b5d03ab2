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

Written from a :class:`~bridgedesk.results.model.ScoredSession` (a results
file or a stored section alike).  Element names follow USEBIO 1.2; the
official DTD could not be obtained while this was written, so the structure
above is checked element by element in the tests
(``tests/reports/test_session_e2e.py``) rather than by a validator.
Places are the ranking's ("2=" for a shared place), totals and percentages 2
decimals half up.  Text is UTF-8.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from bridgedesk import __version__
from bridgedesk.bridge.methods import Method
from bridgedesk.results.model import ScoredSession
from bridgedesk.results.numbers import fixed, points

VERSION = "1.2"
_EVENT_TYPE = {
    Method.MP: "MP_PAIRS", Method.XIMP: "CROSS_IMP", Method.BUTLER: "BUTLER",
    Method.TOTAL: "TOTAL_POINTS",
}  # fmt: skip
_SCORING = {
    Method.MP: "MATCH_POINTS", Method.XIMP: "CROSS_IMPS", Method.BUTLER: "BUTLER",
    Method.TOTAL: "TOTAL_POINTS",
}  # fmt: skip

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


#: What XML 1.0 may not hold at all (not even escaped): control characters but tab and
#: line breaks, lone surrogates, U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` with each character XML cannot hold replaced by U+FFFD, so the document
    is well-formed whatever a name stored before names were checked holds."""
    return _NOT_XML.sub("\ufffd", text)


def _add(parent: ET.Element, name: str, text: str | int | None) -> ET.Element:
    el = ET.SubElement(parent, name)
    if text is not None:
        el.text = xml_text(str(text))
    return el


def to_element(scored: ScoredSession) -> ET.Element:
    """The USEBIO document as an ElementTree element (one section)."""
    event = scored.event
    section_ = scored.section
    root = ET.Element("USEBIO", {"Version": VERSION})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", event.club or event.name)
    ev = ET.SubElement(root, "EVENT", {"EVENT_TYPE": _EVENT_TYPE[scored.method]})
    day = "" if event.date is None else f"{event.date:%Y%m%d}-"
    _add(ev, "EVENT_IDENTIFIER", f"{day}{event.name}")
    _add(ev, "EVENT_DESCRIPTION", event.name)
    _add(ev, "PROGRAM_NAME", "bridgedesk")
    _add(ev, "PROGRAM_VERSION", __version__)
    _add(ev, "DATE", None if event.date is None else f"{event.date:%d/%m/%Y}")
    _add(ev, "BOARD_SCORING_METHOD", _SCORING[scored.method])
    _add(ev, "WINNER_TYPE", section_.winners)
    _add(ev, "BOARDS_PLAYED", len(section_.travellers))
    session = ET.SubElement(ev, "SESSION", {"SESSION_NUMBER": str(scored.session)})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": section_.name or "A"})
    participants = ET.SubElement(section, "PARTICIPANTS")
    for s in section_.ranking:
        pair = ET.SubElement(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", s.pair)
        if section_.winners == 2 and s.direction is not None:
            _add(pair, "DIRECTION", s.direction.value)
        _add(pair, "PLACE", s.rank)
        _add(pair, "TOTAL_SCORE", fixed(s.total))
        if s.percentage is not None:
            _add(pair, "PERCENTAGE", fixed(s.percentage))
        _add(pair, "BOARDS_PLAYED", s.boards)
        for p in s.players:
            player = ET.SubElement(pair, "PLAYER")
            _add(player, "PLAYER_NAME", p.name)
            if p.member:
                _add(player, "NATIONAL_ID_NUMBER", p.member)
    for t in section_.travellers:
        board = ET.SubElement(section, "BOARD")
        _add(board, "BOARD_NUMBER", t.board)
        for line in t.lines:
            tl = ET.SubElement(board, "TRAVELLER_LINE")
            _add(tl, "ROUND", line.round)
            _add(tl, "TABLE", line.table)
            _add(tl, "NS_PAIR_NUMBER", line.ns)
            _add(tl, "EW_PAIR_NUMBER", line.ew)
            if line.has_adjustment or line.contract is None:
                _add(tl, "ADJUSTED_SCORE", line.adjusted_text or str(line.ns_outcome))
            else:
                _add(tl, "CONTRACT", "PASS" if line.contract.is_pass else str(line.contract))
                if line.declarer is not None and not line.contract.is_pass:
                    _add(tl, "PLAYED_BY", line.declarer.value)
                    _add(tl, "TRICKS", line.tricks)
                if line.lead:
                    _add(tl, "LEAD", line.lead)
                _add(tl, "SCORE", line.score_ns)
            _add(tl, "NS_MATCH_POINTS", points(line.ns_points) or None)
            _add(tl, "EW_MATCH_POINTS", points(line.ew_points) or None)
    return root


def dumps(scored: ScoredSession) -> str:
    """The USEBIO XML text, indented, with its XML declaration (UTF-8)."""
    root = to_element(scored)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def dump(scored: ScoredSession, path: str | Path) -> Path:
    """Write :func:`dumps` to ``path`` (UTF-8)."""
    target = Path(path)
    target.write_bytes(dumps(scored).encode("utf-8"))
    return target


__all__ = ["ORDER", "VERSION", "dump", "dumps", "to_element", "xml_text"]
