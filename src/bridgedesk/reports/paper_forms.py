"""The forms of a club evening played on paper, printed on A4 in the page's language.

* **Pick-up slips** (004:538-553, photo 7): one per table and round, its pairs and its
  boards filled in from the movement; a row per board with the NS score, made (M) and
  down (D) tricks, NS's contract (the declarer circled, N or S), the board, EW's
  contract (E or W), and EW's side of it.  Eight slips to an A4 page, cut apart.
* **Travelling score sheets** (004:436-470, photos 5 and 6; Figs 15-16): one per board,
  its tables in the order they play it with the NS and EW pairs filled in, and blank
  columns for the contract, declarer, tricks made or down, each side's score and each
  side's matchpoints.
* **B-a-M report forms** (004:1850-1860): one per match of a board-a-match team event,
  the two team numbers and the match's boards filled in by the director before handing
  them out ("the team and board numbers ... filled in by the director make fewer
  mistakes", 004:1848): each board's net plus score and B-a-M point for each team, the
  totals, the VPs of B-a-M + VP and the grand total, with the B-a-M points and the
  event's VP table printed beside.

Pairs are numbered as their cards number them (a Mitchell's NS and EW fields from 1,
:mod:`bridgedesk.events.pair_numbers`); an individual's slip names its four players.
The pages are plain HTML for A4 (``@page``), printed by any browser or by
:func:`bridgedesk.reports.hand_records.html_to_pdf`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bridgedesk.bridge import board_dealer, board_vulnerability
from bridgedesk.i18n import catalog
from bridgedesk.movements.individual import IndividualMovement
from bridgedesk.movements.model import Movement
from bridgedesk.reports.templating import environment

__all__ = [
    "BamForm",
    "FormHeading",
    "FormTable",
    "bam_forms_html",
    "form_tables",
    "pickup_slips_html",
    "travellers_html",
]


@dataclass(frozen=True)
class FormHeading:
    """What a form names at its top: the event, its date and club, the section."""

    name: str
    date: dt.date | None = None
    club: str = ""
    section: str = "A"
    session: int = 1


@dataclass(frozen=True)
class FormTable:
    """One table in one round as the forms print it: who sits NS and EW (the numbers
    on their cards) and the boards they play."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]


@dataclass(frozen=True)
class BamForm:
    """One match of a board-a-match event: the round, the two teams, the boards, and
    the VP table's steps (margin from, winner's VP, loser's VP) of B-a-M + VP."""

    round: int
    home: int
    away: int
    boards: tuple[int, ...]
    vp: tuple[tuple[int, str, str], ...] = ()


def form_tables(movement: Movement | IndividualMovement, lang: str = "en") -> list[FormTable]:
    """Every table of every round that plays (not the phantom's), in round order."""
    out: list[FormTable] = []
    if isinstance(movement, IndividualMovement):
        letter = catalog(lang).pgettext
        n, s, e, w = (letter("seat letter", x) for x in ("N", "S", "E", "W"))
        per = movement.boards_per_round
        for rnd in movement.rounds:
            for x in rnd.seatings:
                first = (x.board_set - 1) * per + 1
                out.append(
                    FormTable(rnd.number, x.table, f"{n} {x.north} · {s} {x.south}",
                              f"{e} {x.east} · {w} {x.west}", tuple(range(first, first + per)))
                )  # fmt: skip
        return out
    for number, seat in movement.seatings():
        if movement.phantom in (seat.ns, seat.ew):
            continue  # its opponents sit out: no slip, no line (004:864-868)
        out.append(
            FormTable(number, seat.table, movement.pair_label(seat.ns),
                      movement.pair_label(seat.ew), tuple(movement.boards_of(seat.board_set)))
        )  # fmt: skip
    return out


def _render(template: str, heading: FormHeading, lang: str, **values: Any) -> str:
    html: str = (
        environment(strict=True).get_template(template).render(lang=lang, event=heading, **values)
    )
    return html


def pickup_slips_html(
    movement: Movement | IndividualMovement, heading: FormHeading, lang: str = "en"
) -> str:
    """Every pick-up slip of the section: one per table and round (module doc)."""
    title = catalog(lang).gettext("Pick-up slips")
    individual = isinstance(movement, IndividualMovement)
    return _render("pickup_slips.html.j2", heading, lang, title=title,
                   slips=form_tables(movement, lang), individual=individual)  # fmt: skip


def travellers_html(
    movement: Movement | IndividualMovement, heading: FormHeading, lang: str = "en"
) -> str:
    """A blank travelling score sheet for every board, its tables filled in (module doc)."""
    tables = form_tables(movement, lang)
    boards = sorted({b for t in tables for b in t.boards})
    sheets = [
        {
            "board": b,
            "dealer": board_dealer(b).value,
            "vul": str(board_vulnerability(b)),
            "lines": sorted((t for t in tables if b in t.boards), key=lambda t: (t.round, t.table)),
        }
        for b in boards
    ]
    title = catalog(lang).gettext("Travelling score sheets")
    individual = isinstance(movement, IndividualMovement)
    return _render("travelling_scores.html.j2", heading, lang, title=title, sheets=sheets,
                   individual=individual)  # fmt: skip


def _vp_rows(steps: Sequence[tuple[int, str, str]]) -> list[dict[str, str]]:
    """A VP table's steps as margins from-to (the next step's start less one point or
    IMP, as the seed's table prints 0-50, 60-220 ...: margins of ten points read to
    the ten below)."""
    rows = []
    for i, (low, win, lose) in enumerate(steps):
        high = steps[i + 1][0] if i + 1 < len(steps) else None
        unit = 10 if all(s[0] % 10 == 0 for s in steps) else 1
        rows.append(
            {
                "from": str(low),
                "to": "" if high is None else str(high - unit),
                "vp": f"{win}–{lose}",
            }
        )
    return rows


def bam_forms_html(matches: Sequence[BamForm], heading: FormHeading, lang: str = "en") -> str:
    """A B-a-M report form for every match (module doc), three to an A4 page."""
    title = catalog(lang).gettext("B-a-M report forms")
    forms = [
        {"round": m.round, "home": m.home, "away": m.away, "boards": m.boards,
         "vp": _vp_rows(m.vp)}
        for m in matches
    ]  # fmt: skip
    return _render("bam_forms.html.j2", heading, lang, title=title, forms=forms)
