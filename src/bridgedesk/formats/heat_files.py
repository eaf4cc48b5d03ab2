"""A simultaneous heat's results from whatever file a club sends: bridgedesk's heat export
(:mod:`bridgedesk.formats.heat_json`), USEBIO 1.2 XML or PBN with a ``ScoreTable``.

:func:`loads` looks at the text to tell the format (a JSON object, an XML document whose
root is ``USEBIO``, else PBN) and returns one
:class:`~bridgedesk.events.simultaneous.HeatResults`:

* **USEBIO** (the structure :mod:`bridgedesk.formats.usebio` writes and the EBU's
  programs read): the club's name, the event's description and date, each section's
  pairs (``PAIR_NUMBER``, ``DIRECTION`` when there are two winners, the players' names
  and ``NATIONAL_ID_NUMBER``) and each board's ``TRAVELLER_LINE`` (round, table,
  pairs, contract, declarer, tricks, NS's ``SCORE`` or an ``ADJUSTED_SCORE``).  A
  two-winner file that numbers each direction from 1 has its EW pairs numbered after
  the NS pairs (as bridgedesk numbers a Mitchell's EW pairs);
* **PBN**: the boards' ``ScoreTable`` results (:mod:`bridgedesk.formats.pbn_scores`)
  and their ``Deal`` tags, so the deals are checked too.  PBN has no movement, so
  only the boards and the pairs are; a Mitchell numbered from 1 in each direction
  has its EW pairs numbered after the NS pairs.

A file that is none of them, or a result without a score, is one located
:class:`~bridgedesk.errors.FormatError`.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from pathlib import Path

from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.score import score_ns
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.events.model import AdjustedScore
from bridgedesk.events.simultaneous import HeatLine, HeatMovement, HeatPair, HeatResults
from bridgedesk.formats import heat_json, pbn_deals, pbn_scores
from bridgedesk.reading import read_text
from bridgedesk.scoring.results import Adjustment
from bridgedesk.scoring.session import detect_winners

__all__ = ["load", "loads"]


def _text(el: ET.Element | None, name: str) -> str:
    found = None if el is None else el.find(name)
    return "" if found is None or found.text is None else found.text.strip()


def _number(text: str, what: str, where: Location) -> int:
    if not (text.isascii() and text.isdigit() and 0 < len(text) < 7):
        raise FormatError(
            "{field} {given!r} is not a number",
            where,
            code="heat.not-a-number",
            field=what,
            given=text,
        )
    return int(text)


def _usebio_line(tl: ET.Element, board: int, filename: str, offset: int) -> HeatLine:
    where = Location(file=filename, board=board)
    ns = _number(_text(tl, "NS_PAIR_NUMBER"), "NS_PAIR_NUMBER", where)
    ew = _number(_text(tl, "EW_PAIR_NUMBER"), "EW_PAIR_NUMBER", where) + offset
    rnd_text, table_text = _text(tl, "ROUND"), _text(tl, "TABLE")
    rnd = _number(rnd_text, "ROUND", where) if rnd_text else None
    table = _number(table_text, "TABLE", where) if table_text else None
    try:
        adjusted = _text(tl, "ADJUSTED_SCORE")
        if adjusted:
            return HeatLine(board, ns, ew, adjusted=AdjustedScore.parse(adjusted), round=rnd,
                            table=table)  # fmt: skip
        contract = Contract.parse(_text(tl, "CONTRACT") or "PASS")
        declarer = None
        tricks = 0
        if not contract.is_pass:
            declarer = Seat(_text(tl, "PLAYED_BY").upper())
            tricks = _number(_text(tl, "TRICKS") or "x", "TRICKS", where)
        score = score_ns(contract, declarer, tricks, board_vulnerability(board))
        written = _text(tl, "SCORE")
        if written and written.lstrip("-").isdigit() and int(written) != score:
            raise FormatError(
                "NS {ns} v EW {ew}: SCORE {written} is not what {contract} makes with "
                "{tricks} tricks ({score})",
                where,
                code="heat.score-not-made",
                ns=ns,
                ew=ew,
                written=written,
                contract=contract,
                tricks=tricks,
                score=score,
            )
        return HeatLine(board, ns, ew, score, None, contract, declarer, tricks, rnd, table)
    except FormatError:
        raise
    except (BridgedeskError, ValueError) as exc:
        raise FormatError(
            "NS {ns} v EW {ew}: {problem}", where, code="heat.bad-result", ns=ns, ew=ew, problem=exc
        ) from None


def _loads_usebio(text: str, filename: str = "<usebio>") -> HeatResults:
    """A heat from a USEBIO 1.2 document (module doc)."""
    try:
        root = ET.fromstring(text.encode("utf-8") if text.startswith("<?xml") else text)
    except ET.ParseError as exc:
        raise FormatError(
            "not valid XML: {problem}", Location(file=filename), code="heat.not-xml", problem=exc
        ) from None
    if root.tag != "USEBIO":
        raise FormatError("not a USEBIO document", Location(file=filename), code="heat.not-usebio")
    event = root.find("EVENT")
    if event is None:
        raise FormatError(
            "the USEBIO document has no EVENT", Location(file=filename), code="heat.usebio-no-event"
        )
    day = None
    date_text = _text(event, "DATE")
    if date_text:
        try:
            day = dt.datetime.strptime(date_text, "%d/%m/%Y").date()
        except ValueError:
            where = Location(file=filename)
            raise FormatError(
                "DATE {given!r} is not dd/mm/yyyy", where, code="heat.bad-date", given=date_text
            ) from None
    winners = 2 if _text(event, "WINNER_TYPE") == "2" else 1
    sections = event.findall("SESSION/SECTION")
    if len(sections) != 1:
        raise FormatError(
            "a heat is one section; the USEBIO document has {sections}",
            Location(file=filename),
            code="heat.usebio-sections",
            sections=len(sections),
        )
    section = sections[0]
    pairs: dict[tuple[str, int], HeatPair] = {}
    for pair in section.findall("PARTICIPANTS/PAIR"):
        where = Location(file=filename)
        number = _number(_text(pair, "PAIR_NUMBER"), "PAIR_NUMBER", where)
        players = pair.findall("PLAYER")
        names = " - ".join(_text(p, "PLAYER_NAME") for p in players)
        members = tuple(m for m in (_text(p, "NATIONAL_ID_NUMBER") for p in players) if m)
        pairs[(_text(pair, "DIRECTION").upper(), number)] = HeatPair(number, names, members)
    boards = []
    for board_el in section.findall("BOARD"):
        board = _number(_text(board_el, "BOARD_NUMBER"), "BOARD_NUMBER", Location(file=filename))
        boards.append((board, board_el.findall("TRAVELLER_LINE")))
    ns_numbers = {_text(tl, "NS_PAIR_NUMBER") for _, tls in boards for tl in tls}
    ew_numbers = {_text(tl, "EW_PAIR_NUMBER") for _, tls in boards for tl in tls}
    offset = 0
    if winners == 2 and ns_numbers & ew_numbers:  # each direction numbered from 1
        where = Location(file=filename)
        offset = max(_number(n, "NS_PAIR_NUMBER", where) for n in ns_numbers)
    lines = tuple(_usebio_line(tl, board, filename, offset) for board, tls in boards for tl in tls)
    listed: list[HeatPair] = []
    for (direction, number), p in sorted(pairs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        own = number + offset if direction == "EW" else number
        listed.append(HeatPair(own, p.names, p.members))
    tables = len(ns_numbers) if winners == 2 else (len(ns_numbers | ew_numbers) + 1) // 2
    kind = "mitchell" if winners == 2 else "howell"
    return HeatResults(
        club=_text(root.find("CLUB"), "CLUB_NAME"), event=_text(event, "EVENT_DESCRIPTION"),
        date=day, movement=HeatMovement(kind, tables, winners), deals={}, pairs=tuple(listed),
        lines=lines, source="usebio",
    )  # fmt: skip


def _loads_pbn(text: str, filename: str = "<pbn>") -> HeatResults:
    """A heat from a PBN file of boards with ``ScoreTable`` results (module doc)."""
    read = pbn_scores.loads(text, filename)
    deals = {r.deal.board: r.deal.pbn() for r in pbn_deals.loads(text, filename=filename)}
    numbers = {(r.ns, r.ew) for b in read.boards for r in b.results}
    offset = 0
    ns_text = {ns for ns, _ in numbers}
    if detect_winners(read.boards) == 2 and ns_text & {ew for _, ew in numbers}:
        # a Mitchell numbered from 1 in each direction: EW after the NS pairs
        offset = max(_number(ns, "the NS pair", Location(file=filename)) for ns in ns_text)
    lines = []
    for b in read.boards:
        for i, r in enumerate(b.results):
            where = read.where(b.number, i)
            ns = _number(r.ns, "the NS pair", where)
            ew = _number(r.ew, "the EW pair", where) + offset
            if isinstance(r.ns_outcome, Adjustment) and isinstance(r.ew_outcome, Adjustment):
                adjusted = AdjustedScore(r.ns_outcome, r.ew_outcome)
                lines.append(HeatLine(b.number, ns, ew, adjusted=adjusted))
                continue
            score = r.score_ns
            if score is None:
                raise FormatError(
                    "NS {ns} v EW {ew}: no plain score (a split or weighted score is for the "
                    "director to settle)",
                    where,
                    code="heat.split-score",
                    ns=ns,
                    ew=ew,
                )
            play = r.play
            if play is None:
                lines.append(HeatLine(b.number, ns, ew, score))
            else:
                lines.append(HeatLine(b.number, ns, ew, score, None, play.contract,
                                      play.declarer, play.tricks))  # fmt: skip
    return HeatResults("", "", None, None, deals, (), tuple(lines), source="pbn")


def loads(text: str, filename: str = "<heat>") -> HeatResults:
    """A heat's results from bridgedesk's export, USEBIO or PBN (module doc)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return heat_json.loads(text, filename)
    if head.startswith("<"):
        return _loads_usebio(head, filename)
    if "[" in head[:2000]:
        return _loads_pbn(text, filename)
    raise FormatError(
        "not a heat's results: give bridgedesk's heat export (JSON), USEBIO (XML) or PBN",
        Location(file=filename),
        code="heat.unknown-file",
    )


def load(path: str | Path) -> HeatResults:
    return loads(read_text(path), str(path))
