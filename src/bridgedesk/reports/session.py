"""Results of a session as printed reports: ranking, recap, travellers, score sheets.

Every page extends one base template (``templates/base.html.j2``: A4 page,
shared CSS, a header naming the event, date, movement and scoring) and reads a
:class:`~bridgedesk.reports.scored.ScoredSection`; nothing is scored here.

* ranking, by place and by pair number (004:1491-1504);
* recap sheet per board (Fig 3) and per round (Fig 4) (004:555-588);
* travellers with each side's points (like Fig 15, 004:436-470, 004:1175-1268);
* private score sheets, one per pair (004:1502-1504);
* the hand records, when deals are attached, through
  :mod:`bridgedesk.reports.hand_records` (the deals package's renderer).

Labels come from :mod:`bridgedesk.reports.labels` (``lang`` ``en`` or ``ja``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgedesk.bridge import Side, board_dealer, board_vulnerability
from bridgedesk.reports.labels import labels as get_labels
from bridgedesk.reports.labels import method_name
from bridgedesk.reports.scored import ScoredSection, fmt_points, fmt_total

if TYPE_CHECKING:
    from bridgedesk.deals.analysis import BoardRecord

#: The HTML files a full report set holds, in the order the index lists them.
PAGES = ("ranking", "recap", "travellers", "scorecards")


def _environment() -> Any:
    from bridgedesk.reports.templating import environment

    return environment(strict=True)


def _field_label(direction: Side | None, labels: dict[str, str]) -> str:
    if direction is None:
        return ""
    return labels["ns_field"] if direction is Side.NS else labels["ew_field"]


def _context(scored: ScoredSection, lang: str, heading_key: str) -> dict[str, Any]:
    labels = get_labels(lang)
    snap = scored.snapshot
    movement = snap.movement
    avg = scored.average
    multi = len(snap.event.sessions) > 1 or any(len(s.sections) > 1 for s in snap.event.sessions)
    return {
        "lang": lang,
        "labels": labels,
        "title": f"{labels[heading_key]} — {snap.event.name}",
        "heading": labels[heading_key],
        "event": snap.event,
        "movement": "" if movement is None else movement.name,
        "method": method_name(scored.method.value, lang),
        "average": fmt_points(avg) if avg is not None else "",
        "section_name": snap.section if multi else "",
        "phantom_note": labels["phantom_note"].format(n=scored.phantom) if scored.phantom else "",
    }


def _direction(direction: Side | None) -> str:
    return "" if direction is None else direction.value


def ranking_html(scored: ScoredSection, lang: str = "en") -> str:
    """The ranking by place (per field) and by pair number."""
    ctx = _context(scored, lang, "ranking")
    labels = ctx["labels"]

    def row(s: Any) -> dict[str, Any]:
        return {
            "rank": s.rank,
            "number": s.number,
            "direction": _direction(s.direction),
            "names": s.names,
            "total": fmt_total(s.total),
            "percentage": fmt_total(s.percentage),
            "boards": s.boards,
        }

    ctx["fields"] = [
        {"label": _field_label(d, labels), "rows": [row(s) for s in rows]}
        for d, rows in scored.fields()
    ]
    ctx["by_pair"] = [row(s) for s in scored.by_number()]
    ctx["show_pct"] = any(s.percentage is not None for s in scored.ranking)
    ctx["two_fields"] = scored.winners == 2
    html: str = _environment().get_template("ranking.html.j2").render(**ctx)
    return html


def recap_rows(scored: ScoredSection) -> list[tuple[Side | None, list[dict[str, Any]]]]:
    """Recap rows per field: pair, names, rank, total, points per board and per round."""
    out = []
    rounds = range(1, scored.rounds + 1)
    for direction, rows in scored.fields():
        table = []
        for s in sorted(rows, key=lambda s: s.number):
            by_board = scored.board_points(s.number)
            by_round = scored.round_points(s.number)
            table.append(
                {
                    "number": s.number,
                    "names": s.names,
                    "rank": s.rank,
                    "total": fmt_total(s.total),
                    "boards": [
                        fmt_points(by_board[b]) if b in by_board else None for b in scored.boards
                    ],
                    "rounds": [fmt_points(by_round[r]) if r in by_round else None for r in rounds],
                }
            )
        out.append((direction, table))
    return out


def recap_html(scored: ScoredSection, lang: str = "en") -> str:
    """The recap sheet by board (Fig 3) and by round (Fig 4), pairs in number order."""
    ctx = _context(scored, lang, "recap")
    labels = ctx["labels"]
    ctx["boards"] = scored.boards
    ctx["rounds"] = list(range(1, scored.rounds + 1))
    ctx["fields"] = [
        {"label": _field_label(d, labels), "rows": rows} for d, rows in recap_rows(scored)
    ]
    html: str = _environment().get_template("recap.html.j2").render(**ctx)
    return html


def _signed(score: int | None) -> str:
    if score is None:
        return ""
    return str(score)


def traveller_rows(scored: ScoredSection) -> list[dict[str, Any]]:
    """Each board's traveller as display values (scores from each side's view)."""
    out = []
    for t in scored.travellers:
        lines = []
        for line in t.lines:
            r = line.result
            score = r.ns_score
            contract, by, result = _contract_cells(r)
            lines.append(
                {
                    "round": r.round,
                    "table": r.table,
                    "ns": r.ns,
                    "ew": r.ew,
                    "contract": contract,
                    "by": by,
                    "result": result,
                    "ns_score": _signed(score) if score is not None and score > 0 else "",
                    "ew_score": _signed(-score) if score is not None and score < 0 else "",
                    "score": score,
                    "ns_points": fmt_points(line.ns_points),
                    "ew_points": fmt_points(line.ew_points),
                }
            )
        vul = board_vulnerability(t.board)
        out.append(
            {
                "board": t.board,
                "dealer": board_dealer(t.board).value,
                "vul": str(vul),
                "top": fmt_points(t.top) if t.top is not None else "",
                "lines": lines,
            }
        )
    return out


def _contract_cells(r: Any) -> tuple[str, str, str]:
    from bridgedesk.bridge import format_result

    if r.adjusted is not None:
        return str(r.adjusted), "", ""
    if r.contract.is_pass:
        return "PASS", "", ""
    return str(r.contract), r.declarer.value, format_result(r.contract, r.tricks)


def travellers_html(scored: ScoredSection, lang: str = "en") -> str:
    """Every board's traveller with each side's points (like Fig 15)."""
    ctx = _context(scored, lang, "travellers")
    ctx["travellers"] = traveller_rows(scored)
    html: str = _environment().get_template("travellers.html.j2").render(**ctx)
    return html


def sheet_rows(scored: ScoredSection, pair: int) -> list[dict[str, Any]]:
    out = []
    for s in scored.sheet(pair):
        contract, by, result = _contract_cells(s.result)
        text = " ".join(x for x in (contract, by, result) if x)
        out.append(
            {
                "round": s.round,
                "table": s.table,
                "board": s.board,
                "side": s.side.value,
                "opponent": s.opponent,
                "contract": text,
                "score": "" if s.score is None else str(s.score),
                "points": fmt_points(s.points),
            }
        )
    return out


def scorecards_html(scored: ScoredSection, lang: str = "en") -> str:
    """One private score sheet per pair, in pair-number order."""
    ctx = _context(scored, lang, "scorecards")
    ctx["sheets"] = [
        {
            "number": s.number,
            "direction": _direction(s.direction) if scored.winners == 2 else "",
            "names": s.names,
            "rank": s.rank,
            "total": fmt_total(s.total),
            "percentage": fmt_total(s.percentage),
            "lines": sheet_rows(scored, s.number),
        }
        for s in scored.by_number()
    ]
    html: str = _environment().get_template("scorecards.html.j2").render(**ctx)
    return html


def index_html(
    scored: ScoredSection, lang: str, pages: Sequence[str], downloads: Sequence[str]
) -> str:
    """The landing page: links to every report and download of the set."""
    ctx = _context(scored, lang, "results")
    labels = ctx["labels"]
    ctx["links"] = [{"href": f"{p}.html", "text": labels[p]} for p in pages]
    ctx["downloads"] = [{"href": d, "text": d} for d in downloads]
    html: str = _environment().get_template("index.html.j2").render(**ctx)
    return html


def ranking_text(scored: ScoredSection, lang: str = "en") -> str:
    """The ranking as plain text, for the terminal."""
    labels = get_labels(lang)
    snap = scored.snapshot
    lines = [
        f"{snap.event.name}  {snap.event.date}  "
        f"{method_name(scored.method.value, lang)}"
        + ("" if snap.movement is None else f"  {snap.movement.name}"),
    ]
    show_pct = any(s.percentage is not None for s in scored.ranking)
    for direction, rows in scored.fields():
        lines.append("")
        if direction is not None:
            lines.append(_field_label(direction, labels))
        head = f"{labels['rank']:>5} {labels['pair']:>4}  {labels['total']:>8}"
        head += f" {labels['percent']:>6}" if show_pct else ""
        lines.append(f"{head}  {labels['names']}")
        for s in rows:
            text = f"{s.rank:>5} {s.number:>4}  {fmt_total(s.total):>8}"
            text += f" {fmt_total(s.percentage):>6}" if show_pct else ""
            lines.append(f"{text}  {s.names}")
    if scored.phantom:
        lines += ["", labels["phantom_note"].format(n=scored.phantom)]
    return "\n".join(lines) + "\n"


def write_html(
    scored: ScoredSection,
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
        from bridgedesk.reports.hand_records import render_html as hand_html

        path = out / "hand_records.html"
        title = f"{get_labels(lang)['hand_records']} — {scored.event_name}"
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
    "scorecards_html",
    "sheet_rows",
    "traveller_rows",
    "travellers_html",
    "write_html",
]
