"""Results of a session as printed reports: ranking, recap, travellers, score sheets.

Every page extends one base template (``templates/base.html.j2``: A4 page,
shared CSS, a header naming the event, date, movement and scoring) and reads a
:class:`~bridgedesk.results.model.ScoredSession` (one section); nothing is
scored here.

* ranking, by place and by pair number (004:1491-1504);
* recap sheet per board (Fig 3) and per round (Fig 4) (004:555-588);
* travellers with each side's points (like Fig 15, 004:436-470, 004:1175-1268);
* private score sheets, one per pair (004:1502-1504);
* the hand records, when deals are attached, through
  :mod:`bridgedesk.reports.hand_records` (the deals package's renderer).

Words come from the catalogs (:mod:`bridgedesk.i18n`: ``lang`` ``en``, ``ja`` or ``sv``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bridgedesk.bridge import Side, board_dealer, board_vulnerability
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.i18n import LazyText, catalog, lazy_gettext
from bridgedesk.reports.combined_text import combined_text
from bridgedesk.reports.hand_records import render_html as hand_html
from bridgedesk.reports.names import method_name, shown_movement
from bridgedesk.reports.templating import environment
from bridgedesk.results.model import (
    Line,
    ScoredEvent,
    ScoredSession,
    Standing,
    Traveller,
    pair_label,
    pair_order,
    shown_pair,
)
from bridgedesk.results.numbers import decimal, fixed, points

#: The HTML files a full report set holds, in the order the index lists them.
PAGES = ("ranking", "recap", "travellers", "scorecards")
#: Each page's heading (the index links to a page by it).
HEADINGS: dict[str, LazyText] = {
    "ranking": lazy_gettext("Ranking"),
    "recap": lazy_gettext("Recap sheet"),
    "travellers": lazy_gettext("Travellers"),
    "scorecards": lazy_gettext("Private score sheets"),
    "results": lazy_gettext("Results"),
    "overall": lazy_gettext("Ranking across sections"),
}


def page_environment() -> Any:
    return environment(strict=True)


def _field_label(direction: Side | None, lang: str) -> str:
    if direction is None:
        return ""
    _ = catalog(lang).gettext
    return _("North-South") if direction is Side.NS else _("East-West")


def page_context(scored: ScoredSession, lang: str, page: str) -> dict[str, Any]:
    """What every page of a section shares; ``page`` names its heading (:data:`HEADINGS`)."""
    _ = catalog(lang).gettext
    heading = HEADINGS[page].in_(lang)
    section = scored.sections[0]
    movement = section.movement
    avg = scored.average
    return {
        "lang": lang,
        "title": f"{heading} — {scored.event.name}",
        "heading": heading,
        # players ranked alone are numbered as players (004:1582-1584)
        "pair_word": _("Player") if scored.individual else _("Pair"),
        "by_number_heading": _("Ranking by player number")
        if scored.individual
        else _("Ranking by pair number"),
        "event": scored.event,
        "movement": "" if movement is None else shown_movement(movement, lang),
        "method": method_name(scored.method, lang),
        "average": points(avg) if avg is not None else "",
        "section_name": section.name if scored.multi else "",
        # a later session of an event names itself (session 1 pages stay as they were)
        "session_name": str(scored.session) if scored.session > 1 else "",
        "phantom_note": _("Pair {n} is the phantom: its opponents sit out those boards.").format(
            n=section.label(section.phantom)
        )
        if section.phantom
        else "",
    }


def _direction(direction: Side | None) -> str:
    return "" if direction is None else direction.value


def ranking_html(scored: ScoredSession, lang: str = "en") -> str:
    """The ranking by place (per field) and by pair number."""
    ctx = page_context(scored, lang, "ranking")
    _ranking_rows(scored, ctx)
    html: str = page_environment().get_template("ranking.html.j2").render(**ctx)
    return html


def _ranking_rows(scored: ScoredSession, ctx: dict[str, Any]) -> None:

    def row(s: Standing) -> dict[str, Any]:
        return {
            "rank": s.rank,
            "number": scored.section.shown(s.pair),
            "direction": _direction(s.direction),
            "names": s.names,
            "total": fixed(s.total),
            "percentage": fixed(s.percentage),
            "boards": s.boards,
            "penalty": fixed(s.penalty) if s.penalty else "",
            "flight": s.flight or "",
            "flight_ranks": dict(s.flight_ranks),
        }

    # a stratified event: each pair's flight and its rank in every flight (004:1525-1528)
    ctx["flights"] = scored.section.flights
    ctx["fields"] = [
        {"label": _field_label(d, ctx["lang"]), "rows": [row(s) for s in rows]}
        for d, rows in scored.section.fields()
    ]
    ctx["by_pair"] = [row(s) for s in scored.section.by_number()]
    ctx["show_pct"] = any(s.percentage is not None for s in scored.ranking)
    # the director's penalties (003:47-121), already taken off the totals
    ctx["show_penalty"] = any(s.penalty for s in scored.ranking)
    ctx["two_fields"] = scored.winners == 2


def recap_rows(scored: ScoredSession) -> list[tuple[Side | None, list[dict[str, Any]]]]:
    """Recap rows per field: pair, names, rank, total, points per board and per round."""
    out = []
    section = scored.section
    rounds = range(1, section.rounds + 1)
    for direction, rows in section.fields():
        table = []
        for s in sorted(rows, key=lambda s: pair_order(s.pair)):
            by_board = section.board_points(s.pair)
            by_round = section.round_points(s.pair)
            table.append(
                {
                    "number": section.shown(s.pair),
                    "names": s.names,
                    "rank": s.rank,
                    "total": fixed(s.total),
                    # taken off the total (003:47-121): the row adds up on paper
                    "penalty": f"-{fixed(s.penalty)}" if s.penalty else "",
                    "boards": [
                        points(by_board[b]) if b in by_board else None for b in scored.boards
                    ],
                    "rounds": [points(by_round[r]) if r in by_round else None for r in rounds],
                }
            )
        out.append((direction, table))
    return out


def recap_html(scored: ScoredSession, lang: str = "en") -> str:
    """The recap sheet by board (Fig 3) and by round (Fig 4), pairs in number order."""
    ctx = page_context(scored, lang, "recap")
    ctx["boards"] = scored.boards
    ctx["rounds"] = list(range(1, scored.section.rounds + 1))
    ctx["penalised"] = any(s.penalty for s in scored.ranking)
    ctx["fields"] = [
        {"label": _field_label(d, ctx["lang"]), "rows": rows} for d, rows in recap_rows(scored)
    ]
    html: str = page_environment().get_template("recap.html.j2").render(**ctx)
    return html


def _signed(score: int | None) -> str:
    if score is None:
        return ""
    return str(score)


def traveller_rows(scored: ScoredSession) -> list[dict[str, Any]]:
    """Each board's traveller as display values (scores from each side's view)."""
    return [traveller_row(t, scored.section.numbers) for t in scored.travellers]


def traveller_row(t: Traveller, numbers: PairNumbers | None = None) -> dict[str, Any]:
    """One board's traveller as display values (:func:`traveller_rows`); ``numbers``: the
    section's numbering, so a Mitchell's EW pairs show the numbers on their cards."""
    found = numbers if numbers is not None else PairNumbers()
    lines = []
    for line in t.lines:
        score = line.score_ns
        contract, by, result = _contract_cells(line)
        lines.append(
            {
                "round": line.round,
                "table": line.table,
                "ns": shown_pair(found, line.ns),
                "ew": shown_pair(found, line.ew),
                "contract": contract,
                "by": by,
                "result": result,
                "ns_score": _signed(score) if score is not None and score > 0 else "",
                "ew_score": _signed(-score) if score is not None and score < 0 else "",
                "score": score,
                "ns_points": points(line.ns_points),
                "ew_points": points(line.ew_points),
            }
        )
    vul = board_vulnerability(t.board)
    return {
        "board": t.board,
        "dealer": board_dealer(t.board).value,
        "vul": str(vul),
        "top": points(t.top) if t.top is not None else "",
        "lines": lines,
        # the director's penalties on the board (off the pairs' totals, 003:47-121)
        "penalties": [
            {"pair": pair_label(found, p.pair), "points": points(p.points), "reason": p.reason}
            for p in t.penalties
        ],
    }


def _contract_cells(line: Line) -> tuple[str, str, str]:
    if line.has_adjustment:
        return line.adjusted_text or "", "", ""
    if line.contract is None:
        return "", "", ""
    if line.contract.is_pass:
        return "PASS", "", ""
    by = "" if line.declarer is None else line.declarer.value
    return str(line.contract), by, line.result_text or ""


def travellers_html(scored: ScoredSession, lang: str = "en") -> str:
    """Every board's traveller with each side's points (like Fig 15)."""
    ctx = page_context(scored, lang, "travellers")
    ctx["travellers"] = traveller_rows(scored)
    html: str = page_environment().get_template("travellers.html.j2").render(**ctx)
    return html


def sheet_rows(scored: ScoredSession, pair: str | int) -> list[dict[str, Any]]:
    out = []
    for s in scored.section.sheet(pair):
        contract, by, result = _contract_cells(s.line)
        text = " ".join(x for x in (contract, by, result) if x)
        out.append(
            {
                "round": s.round,
                "table": s.table,
                "board": s.board,
                "side": s.side.value,
                "opponent": scored.section.shown(s.opponent),
                "contract": text,
                "score": "" if s.score is None else str(s.score),
                "points": points(s.points),
            }
        )
    return out


def scorecards_html(scored: ScoredSession, lang: str = "en") -> str:
    """One private score sheet per pair, in pair-number order."""
    ctx = page_context(scored, lang, "scorecards")
    ctx["sheets"] = [
        {
            "number": scored.section.shown(s.pair),
            "direction": _direction(s.direction) if scored.winners == 2 else "",
            "names": s.names,
            "rank": s.rank,
            "total": fixed(s.total),
            "percentage": fixed(s.percentage),
            "lines": sheet_rows(scored, s.pair),
        }
        for s in scored.section.by_number()
    ]
    html: str = page_environment().get_template("scorecards.html.j2").render(**ctx)
    return html


def index_html(
    scored: ScoredSession, lang: str, pages: Sequence[str], downloads: Sequence[str]
) -> str:
    """The landing page: links to every report and download of the set."""
    ctx = page_context(scored, lang, "results")
    _ = catalog(lang).gettext
    headings = {**HEADINGS, "hand_records": lazy_gettext("Hand records")}
    ctx["links"] = [{"href": f"{p}.html", "text": headings[p].in_(lang)} for p in pages]
    ctx["downloads"] = [{"href": d, "text": d} for d in downloads]
    html: str = page_environment().get_template("index.html.j2").render(**ctx)
    return html


def ranking_text(scored: ScoredSession, lang: str = "en") -> str:
    """The ranking as plain text, for the terminal (``bridgedesk score`` and ``results``).

    The method and winners, the event, then per field: rank, pair, total, the
    most the pair could score and its percentage (matchpoints), the boards it
    played, its rank across sections and its names when known.
    """
    _ = catalog(lang).gettext
    event = scored.event
    section = scored.section
    movement = section.movement
    winners = _("2 winners") if section.winners == 2 else _("1 winner")
    how = f" {_('(detected from the pair numbers)')}" if scored.options.winners_detected else ""
    if scored.individual:
        how = f", {_('individual: totals per player')}"
    about = [
        event.name,
        "" if event.date is None else str(event.date),
        "" if movement is None else shown_movement(movement, lang),
        catalog(lang)
        .ngettext("{n} board", "{n} boards", len(section.boards))
        .format(n=len(section.boards)),
    ]
    lines = [
        f"{method_name(scored.method, lang)}, {winners}{how}",
        "  ".join(x for x in about if x),
    ]
    who = _("Player") if scored.individual else _("Pair")
    penalised = any(s.penalty for s in section.ranking)  # the column only when one is given
    flights = section.flights  # a stratified event (004:1515-1532)
    flight_heads = [_("Flight"), *flights] if flights else []
    for direction, rows in section.fields():
        lines.append("")
        if direction is not None:
            lines.append(_field_label(direction, lang))
        overall = any(s.overall is not None for s in rows)
        names = any(s.names for s in rows)
        head = f"{_('Rank'):>5} {who:>6} {_('Total'):>9} {_('Max'):>7} {_('%'):>7} {_('Boards'):>6}"
        head += f" {_('Overall'):>7}" if overall else ""
        head += f" {_('Penalty'):>7}" if penalised else ""
        head += "".join(f" {x:>6}" for x in flight_heads)
        lines.append(head + (f"  {_('Names')}" if names else ""))
        for s in rows:
            text = (
                f"{s.rank:>5} {section.shown(s.pair):>6} {fixed(s.total):>9} {fixed(s.out_of):>7} "
                f"{fixed(s.percentage):>7} {s.boards:>6}"
            )
            text += f" {s.overall or '':>7}" if overall else ""
            text += f" {fixed(s.penalty) if s.penalty else '':>7}" if penalised else ""
            if flights:  # the pair's flight, then its rank in each flight (004:1525-1528)
                text += f" {s.flight or '':>6}"
                text += "".join(f" {s.flight_ranks.get(f, ''):>6}" for f in flights)
            lines.append(text + (f"  {s.names}" if names else ""))
    if section.phantom:
        phantom = _("Pair {n} is the phantom: its opponents sit out those boards.")
        lines += ["", phantom.format(n=section.label(section.phantom))]
    return "\n".join(lines) + "\n"


def sessions_text(event: ScoredEvent, lang: str = "en") -> str:
    """Every session's ranking, then the carry-over, totals, flights and Houston VPs."""
    _ = catalog(lang).gettext
    text = "\n".join(ranking_text(s, lang) for s in event.sessions)
    pair = _("Pair")
    lines: list[str] = []
    if event.carry_over:
        lines += ["", _("carry-over")]
        lines += [f"{p:>6} {decimal(c)!s:>9}" for p, c in event.carry_over.items()]
    combined = event.combined is not None and len(event.sessions) > 1
    if event.totals and not combined:  # else the combined ranking shows the totals
        lines += ["", _("Totals with carry-over") if event.carry_over else _("Totals")]
        lines.append(f"{_('Rank'):>5} {pair:>6} {_('Total'):>9}")
        lines += [f"{t.rank:>5} {t.pair:>6} {decimal(t.total)!s:>9}" for t in event.totals]
    if event.flights:
        lines += ["", _("Flights")]
        for p, ranks in event.flights.items():
            shown = "  ".join(f"{f}: {r}" for f, r in ranks.items())
            lines.append(f"{p:>6}  {shown}")
    for session in event.houston:
        lines += ["", _("Houston VPs"), f"{_('Rank'):>5} {pair:>6} {'VP':>9}"]
        lines += [f"{x.rank:>5} {x.pair:>6} {decimal(x.vp)!s:>9}" for x in session]
    if event.combined is not None and combined:
        lines += ["", combined_text(event.combined, lang).rstrip("\n")]
    return text + "\n".join(lines) + ("\n" if lines else "")


def results_html(scored: ScoredSession, lang: str = "en") -> str:
    """One page: the ranking then every traveller (``bridgedesk score FILE --format html``)."""
    ctx = page_context(scored, lang, "results")
    _ranking_rows(scored, ctx)
    ctx["travellers"] = traveller_rows(scored)
    html: str = page_environment().get_template("results.html.j2").render(**ctx)
    return html


def write_html(
    scored: ScoredSession,
    out: Path,
    *,
    lang: str = "en",
    records: Sequence[BoardRecord] | None = None,
    downloads: Sequence[str] = (),
) -> list[Path]:
    """Write every HTML page of the set (and hand records when ``records``) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    renderers = {
        "ranking": ranking_html,
        "recap": recap_html,
        "travellers": travellers_html,
        "scorecards": scorecards_html,
    }
    written: list[Path] = []
    pages = list(PAGES)
    for name in PAGES:
        path = out / f"{name}.html"
        path.write_text(renderers[name](scored, lang), encoding="utf-8")
        written.append(path)
    if records:
        _ = catalog(lang).gettext
        path = out / "hand_records.html"
        title = f"{_('Hand records')} — {scored.event_name}"
        path.write_text(hand_html(records, lang=lang, title=title), encoding="utf-8")
        written.append(path)
        pages.append("hand_records")
    index = out / "index.html"
    index.write_text(index_html(scored, lang, pages, downloads), encoding="utf-8")
    written.insert(0, index)
    return written


__all__ = [
    "PAGES",
    "index_html",
    "ranking_html",
    "ranking_text",
    "recap_html",
    "recap_rows",
    "results_html",
    "scorecards_html",
    "sessions_text",
    "sheet_rows",
    "traveller_row",
    "traveller_rows",
    "travellers_html",
    "write_html",
]
