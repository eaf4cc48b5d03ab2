"""The reports of a pair event played round by round: the standings after each round.

Swiss pairs, barometer and Houston pairs (:mod:`bridgedesk.results.pair_rounds`):
plain text for the terminal, a JSON document and an HTML page (one block per
round: the draw's opponent, the round's result and VPs, the running total and
rank; the penalties deducted so far in their own column).  Every number is
printed through :mod:`bridgedesk.results.numbers`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.events.pair_draw import Draw
from bridgedesk.i18n import catalog
from bridgedesk.reports.names import PAIR_FORMATS, method_name
from bridgedesk.reports.templating import environment
from bridgedesk.results.numbers import fixed, number
from bridgedesk.results.pair_rounds import RoundsResult, RoundStandings


def _result_label(res: RoundsResult, lang: str) -> str:
    """The heading of a round's own result: its points, its percentage or its IMPs."""
    if not res.format.has_vps:
        return catalog(lang).pgettext("score", "Points")
    return "%" if res.method is Method.MP else catalog(lang).gettext("IMPs")


def _scoring(res: RoundsResult, lang: str) -> str:
    name = method_name(res.method, lang)
    if res.format.has_vps:
        return f"{name} → VP ({res.vp_scale})"
    return name


def to_dict(res: RoundsResult) -> dict[str, Any]:
    """The standings after each round as JSON data (lines best first)."""
    return {
        "event": res.event.name,
        "format": res.format.value,
        "method": res.method.value,
        "vp_scale": res.vp_scale if res.format.has_vps else None,
        "rounds": [
            {
                "round": r.round,
                "boards": list(r.boards),
                "ranking": [
                    {"rank": x.rank, "pair": x.pair, "names": x.names, "opponent": x.opponent,
                     "result": number(x.result), "vp": number(x.vp), "total": number(x.total),
                     "percentage": number(x.percentage), "penalty": number(x.penalty)}
                    for x in r.lines
                ],
            }
            for r in res.rounds
        ],
        "draws": [
            {"round": d.round, "tables": [list(t) for t in d.tables], "bye": d.bye}
            for d in res.draws
        ],
        "missing": [str(s) for s in res.missing],
    }  # fmt: skip


def _block(res: RoundsResult, r: RoundStandings, lang: str) -> list[str]:
    _ = catalog(lang).gettext
    head = (f"{_('Rank'):>5} {_('Pair'):>5} {_('Opp'):>5} "
            f"{_result_label(res, lang):>7} ")  # fmt: skip
    head += f"{_('VP'):>7} " if res.format.has_vps else ""
    head += f"{_('Total'):>8}"
    head += f" {_('%'):>6}" if not res.format.has_vps and res.method is Method.MP else ""
    head += f" {_('Penalty'):>7}"
    out = [_("Standings after round {n}").format(n=r.round), head]
    for x in r.lines:
        opp = _("bye") if x.opponent is None else x.opponent
        line = f"{x.rank:>5} {x.pair:>5} {opp:>5} {fixed(x.result):>7} "
        line += f"{fixed(x.vp):>7} " if res.format.has_vps else ""
        line += f"{fixed(x.total):>8}"
        if not res.format.has_vps and res.method is Method.MP:
            line += f" {fixed(x.percentage):>6}"
        line += f" {fixed(x.penalty) if x.penalty else '':>7}"
        if x.names:
            line += f"  {x.names}"
        out.append(line)
    return out


def rounds_text(res: RoundsResult, lang: str = "en") -> str:
    """Every round's standings as plain text, the latest last."""
    _ = catalog(lang).gettext
    out = [f"{res.event.name}: {PAIR_FORMATS[res.format].in_(lang)}, {_scoring(res, lang)}"]
    if res.missing:
        pending = sorted({s.round for s in res.missing})
        rounds = ", ".join(map(str, pending))
        missing = _("round {rounds} not scored yet: {n} slip(s) missing")
        out.append(f"{_('PROVISIONAL')}: " + missing.format(rounds=rounds, n=len(res.missing)))
    if not res.rounds:
        out.append(_("no round scored yet"))
    for r in res.rounds:
        out.append("")
        out += _block(res, r, lang)
    return "\n".join(out) + "\n"


def rounds_html(res: RoundsResult, lang: str = "en") -> str:
    """The standings after each round as one HTML page (latest round first)."""
    _ = catalog(lang).gettext
    heading = PAIR_FORMATS[res.format].in_(lang)
    rounds = [
        {
            "title": _("Standings after round {n}").format(n=r.round),
            "boards": f"{r.boards[0]}-{r.boards[-1]}" if r.boards else "",
            "lines": [
                {"rank": x.rank, "pair": x.pair, "names": x.names,
                 "opponent": _("bye") if x.opponent is None else x.opponent,
                 "result": fixed(x.result), "vp": fixed(x.vp), "total": fixed(x.total),
                 "percentage": fixed(x.percentage),
                 "penalty": fixed(x.penalty) if x.penalty else ""}
                for x in r.lines
            ],
        }
        for r in reversed(res.rounds)
    ]  # fmt: skip
    pending = ""
    if res.missing:
        missing = _("not scored yet: {n} slip(s) missing").format(n=len(res.missing))
        pending = f"{_('PROVISIONAL')}: {missing}"
    ctx = {
        "lang": lang, "title": f"{heading} — {res.event.name}",
        "heading": heading, "event": res.event, "movement": "", "average": "",
        "method": _scoring(res, lang), "section_name": "", "rounds": rounds,
        "has_vps": res.format.has_vps, "has_pct": not res.format.has_vps
        and res.method is Method.MP, "result_label": _result_label(res, lang), "pending": pending,
    }  # fmt: skip
    html: str = environment(strict=True).get_template("pair_rounds.html.j2").render(**ctx)
    return html


def draw_lines(draw: Draw, boards: tuple[int, ...], names: Mapping[int, str]) -> list[str]:
    """A round's draw as lines: every table's pairs and names, and the bye."""
    out = [f"round {draw.round} ({draw.basis}): boards {boards[0]}-{boards[-1]} at every table"]
    for table, (ns, ew) in enumerate(draw.tables, start=1):
        out.append(
            f"table {table:>2}: NS {ns:>3} v EW {ew:<3}  {names.get(ns, '')} v {names.get(ew, '')}"
        )
    if draw.bye is not None:
        out.append(f"bye: pair {draw.bye} {names.get(draw.bye, '')}".rstrip())
    return out


__all__ = ["draw_lines", "rounds_html", "rounds_text", "to_dict"]
