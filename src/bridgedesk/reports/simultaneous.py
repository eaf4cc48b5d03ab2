"""A simultaneous event's pages (en/ja/sv, A4 HTML), text and JSON, all from one
:class:`~bridgedesk.results.simultaneous.ScoredField`:

* ``index.html`` -- the national ranking across the field, every pair with its heat,
  its percentage across the field and its place in its heat;
* ``heat-N.html`` -- heat N's ranking: its own percentages and places (the heat as its
  own field), beside the percentages and places across the field;
* ``boards.html`` -- each board's frequency table: every score made, how often, and
  what it is worth to each side across the field;
* ``booklet.html`` -- the commentary booklet: for each board the hand record with its
  double-dummy table and par, and the field's results on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.i18n import catalog
from bridgedesk.reports.hand_records import board_view
from bridgedesk.reports.templating import environment
from bridgedesk.results.numbers import fixed, number, points
from bridgedesk.results.simultaneous import FieldPair, Frequency, HeatTable, ScoredField

__all__ = ["page_html", "ranking_text", "to_dict", "write_all"]


def _render(template: str, ctx: dict[str, Any]) -> str:
    html: str = environment(strict=True).get_template(template).render(**ctx)
    return html


def _context(field: ScoredField, lang: str, heading: str) -> dict[str, Any]:
    _ = catalog(lang).gettext
    return {
        "lang": lang,
        "title": f"{heading} — {field.name}",
        "heading": heading,
        "event": {"name": field.name, "date": field.date, "club": field.club},
        "movement": "",
        "method": _("Matchpoints across the field (Neuberg)"),
        "average": "",
        "section_name": "",
        "field": {
            "pairs": len(field.pairs),
            "heats": len(field.heats),
            "results": field.results,
            "tables": field.tables,
        },
    }


def _pair(p: FieldPair, lang: str) -> dict[str, Any]:
    _ = catalog(lang).gettext
    return {
        "rank": p.rank, "id": p.id, "heat": p.heat, "number": p.number, "names": p.names,
        "boards": p.boards, "total": fixed(p.total), "percentage": fixed(p.percentage),
        "heat_rank": p.heat_rank, "own_rank": p.own_rank,
        "own_percentage": fixed(p.own_percentage),
        "direction": "" if p.direction is None else p.direction.value,
    }  # fmt: skip


def _heat_rows(h: HeatTable, lang: str) -> list[dict[str, Any]]:
    return [_pair(p, lang) for p in h.pairs]


def _frequency(f: Frequency) -> dict[str, Any]:
    return {
        "board": f.board, "results": f.results, "top": points(f.top),
        "rows": [
            {"score": "" if r.score is None else r.score, "adjusted": r.adjusted or "",
             "count": r.count, "ns": points(r.ns), "ew": points(r.ew),
             "ns_percent": fixed(r.ns_percent), "ew_percent": fixed(r.ew_percent)}
            for r in f.rows
        ],
    }  # fmt: skip


def ranking_html(field: ScoredField, lang: str) -> str:
    """``index.html``: the national ranking and the heats."""
    _ = catalog(lang).gettext
    heats = [{"number": h.number, "club": h.club, "pairs": len(h.pairs), "tables": h.tables}
             for h in field.heats]  # fmt: skip
    ctx = _context(field, lang, _("National ranking"))
    ctx.update(pairs=[_pair(p, lang) for p in field.pairs], heats=heats)
    return _render("simultaneous_ranking.html.j2", ctx)


def heat_html(field: ScoredField, number: int, lang: str) -> str:
    """``heat-N.html``: heat N's own ranking beside the field's."""
    h = field.heat(number)
    ctx = _context(field, lang, catalog(lang).gettext("Heat {number}").format(number=h.number))
    ctx.update(heat={"number": h.number, "club": h.club, "winners": h.winners,
                     "tables": h.tables, "pairs": _heat_rows(h, lang)})  # fmt: skip
    return _render("simultaneous_heat.html.j2", ctx)


def boards_html(field: ScoredField, lang: str) -> str:
    """``boards.html``: every board's frequency table."""
    ctx = _context(field, lang, catalog(lang).gettext("Frequency tables"))
    ctx.update(boards=[_frequency(f) for f in field.frequencies])
    return _render("simultaneous_boards.html.j2", ctx)


def booklet_html(field: ScoredField, lang: str, records: Sequence[BoardRecord] = ()) -> str:
    """``booklet.html``: each board's hand record, double dummy and par (when ``records``
    have them) and the field's results on it."""
    by_board = {r.deal.board: r for r in records}
    ctx = _context(field, lang, catalog(lang).gettext("Booklet"))
    ctx.update(
        boards=[
            {"record": board_view(by_board[f.board], lang) if f.board in by_board else None,
             "frequency": _frequency(f)}
            for f in field.frequencies
        ]
    )  # fmt: skip
    return _render("simultaneous_booklet.html.j2", ctx)


def page_html(
    field: ScoredField, name: str, lang: str, records: Sequence[BoardRecord] = ()
) -> str | None:
    """The page of the report set named ``name`` (``index.html``, ``heat-3.html``,
    ``boards.html``, ``booklet.html``); None when there is none of that name."""
    if name == "index.html":
        return ranking_html(field, lang)
    if name == "boards.html":
        return boards_html(field, lang)
    if name == "booklet.html":
        return booklet_html(field, lang, records)
    number = name.removeprefix("heat-").removesuffix(".html")
    if name.startswith("heat-") and number.isascii() and number.isdigit() and len(number) < 7:
        try:
            return heat_html(field, int(number), lang)
        except KeyError:
            return None
    return None


def write_all(
    field: ScoredField,
    out: Path,
    lang: str,
    records: Sequence[BoardRecord] = (),
) -> list[Path]:
    """Every page of the field into ``out`` (module doc); ``records``: the deal set with
    its double-dummy analyses for the booklet."""
    out.mkdir(parents=True, exist_ok=True)
    pages = [("index.html", ranking_html(field, lang))]
    pages += [(f"heat-{h.number}.html", heat_html(field, h.number, lang)) for h in field.heats]
    pages += [("boards.html", boards_html(field, lang)),
              ("booklet.html", booklet_html(field, lang, records))]  # fmt: skip
    written = []
    for name, html in pages:
        path = out / name
        path.write_text(html, encoding="utf-8")
        written.append(path)
    return written


def ranking_text(field: ScoredField, lang: str = "en", heat: int | None = None) -> str:
    """The national ranking (or one heat's) as plain text."""
    _ = catalog(lang).gettext
    head = f"{field.name} — {len(field.pairs)} {_('pairs')}, {len(field.heats)} {_('heats')}"
    out = [head]
    if heat is not None:
        h = field.heat(heat)
        out.append(f"{_('Heat {number}').format(number=h.number)}: {h.club}")
        out.append(f"{_('Rank'):>5} {_('Pair'):>6}  {'%':>7}  {_('Field'):>7} {_('Rank'):>7}  "
                   f"{_('Names')}")  # fmt: skip
        for p in h.pairs:
            out.append(f"{p.own_rank:>5} {p.number:>6}  {fixed(p.own_percentage):>7}  "
                       f"{fixed(p.percentage):>7} {p.rank:>7}  {p.names}")  # fmt: skip
        return "\n".join(out) + "\n"
    out.append(f"{_('Rank'):>7} {_('Pair'):>8}  {'%':>7}  {_('Heat'):>5}  {_('Names')}")
    for p in field.pairs:
        out.append(f"{p.rank:>7} {p.id:>8}  {fixed(p.percentage):>7}  {p.heat_rank:>5}  {p.names}")
    return "\n".join(out) + "\n"


def to_dict(field: ScoredField) -> dict[str, Any]:
    """The field as JSON: the ranking, each heat's and each board's frequencies."""

    def pair(p: FieldPair) -> dict[str, Any]:
        return {
            "rank": p.rank, "pair": p.id, "heat": p.heat, "number": p.number, "names": p.names,
            "members": list(p.members), "boards": p.boards, "total": number(p.total),
            "percentage": number(p.percentage), "heat_rank": p.heat_rank,
            "own_rank": p.own_rank, "own_percentage": number(p.own_percentage),
            "direction": None if p.direction is None else p.direction.value,
        }  # fmt: skip

    return {
        "event": field.name, "date": None if field.date is None else field.date.isoformat(),
        "boards": list(field.boards), "results": field.results, "tables": field.tables,
        "ranking": [pair(p) for p in field.pairs],
        "heats": [{"heat": h.number, "club": h.club, "winners": h.winners, "tables": h.tables,
                   "ranking": [pair(p) for p in h.pairs]} for h in field.heats],
        "frequencies": [
            {"board": f.board, "results": f.results, "top": number(f.top),
             "rows": [{"score": r.score, "adjusted": r.adjusted, "count": r.count,
                       "ns": number(r.ns), "ew": number(r.ew)} for r in f.rows]}
            for f in field.frequencies
        ],
    }  # fmt: skip
