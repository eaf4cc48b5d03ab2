"""Printing a movement: master sheet, table guide cards, pair guide slips, rover slip.

The master sheet is rounds x board sets like Fig 7/9 (004:851-866, 004:990-1000):
each cell holds ``NS-EW`` of the table playing that set.  A table guide card
(004:823-827) lists per round the pairs, the boards and where each pair goes
next; a pair guide slip lists per round the table, the direction, the
opponents, the boards and (in a one-field movement, whose pairs carry them) where the
boards go; the rover gets its own slip (004:1107).  Output is plain text or HTML
ready to print on A4 (``@page { size: A4 }``) or to read on a phone, in the
language asked for.  Only what a player or a table needs is printed: how a movement
was made (its balance, the search that found it) is for ``movement show``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bridgedesk.bridge import Side
from bridgedesk.i18n import LazyText, catalog, lazy_pgettext
from bridgedesk.movements.model import Movement, Pair
from bridgedesk.reports.names import movement_kind_name
from bridgedesk.reports.templating import environment
from bridgedesk.reports.text_columns import columns

if TYPE_CHECKING:
    from bridgedesk.movements.individual import IndividualMovement


@dataclass(frozen=True)
class TableLine:
    round: int
    ns: str
    ew: str
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str


@dataclass(frozen=True)
class PairLine:
    round: int
    table: str
    direction: str
    opponents: str
    boards: str
    boards_to: str


def _side(is_ns: bool, lang: str) -> str:
    _ = catalog(lang).gettext
    return _("NS") if is_ns else _("EW")


def _pair(m: Movement, pair: Pair, lang: str) -> str:
    """A pair as a card prints it: ``7``, or ``NS 3`` / ``EW 3`` in the card's language."""
    if pair.side is None:
        return m.pair_label(pair)
    return f"{_side(pair.side is Side.NS, lang)} {m.pair_label(pair)}"


def _place(m: Movement, pair: Pair, rnd: int, lang: str) -> str:
    _ = catalog(lang).gettext
    if rnd > m.round_count:
        return _("end")
    s = m.where(pair, rnd)
    if s is None:
        return _("sit out")
    return f"{s.table} {_side(s.ns == pair, lang)}"


def _boards_next(m: Movement, board_set: int, rnd: int, lang: str) -> str:
    """Where a round's boards go when it ends: the table(s) playing them next round, the
    bye stand when none does (004:818), nothing after the last round."""
    if rnd >= m.round_count:
        return "—"
    tables = [s.table for s in m.round(rnd + 1).seatings if s.board_set == board_set]
    if not tables:  # a bye board (004:818): it waits on the relay stand
        return catalog(lang).pgettext("boards", "bye")
    return ", ".join(map(str, tables))


def table_card(m: Movement, table: int, lang: str = "en") -> list[TableLine]:
    """One table's guide card (004:835): per round the pairs, boards, where the pairs go
    next and where the boards go."""
    lines: list[TableLine] = []
    for rnd in m.rounds:
        for s in rnd.at(table):
            lines.append(
                TableLine(
                    rnd.number,
                    _pair(m, s.ns, lang),
                    _pair(m, s.ew, lang),
                    m.set_label(s.board_set),
                    _place(m, s.ns, rnd.number + 1, lang),
                    _place(m, s.ew, rnd.number + 1, lang),
                    _boards_next(m, s.board_set, rnd.number, lang),
                )
            )
    return lines


def pair_slip(m: Movement, pair: Pair, lang: str = "en") -> list[PairLine]:
    """One pair's guide slip: per round the table, direction, opponents and boards, and
    where the boards go after the round (a Howell's pairs carry them, 004:835)."""
    _ = catalog(lang).gettext
    lines: list[PairLine] = []
    for rnd in m.rounds:
        s = m.where(pair, rnd.number)
        if s is None:
            lines.append(PairLine(rnd.number, "-", "-", _("sit out"), "-", "-"))
            continue
        is_ns = s.ns == pair
        opp = s.ew if is_ns else s.ns
        opponents = _("phantom (sits out)") if opp == m.phantom else _pair(m, opp, lang)
        lines.append(
            PairLine(
                rnd.number,
                str(s.table),
                _side(is_ns, lang),
                opponents,
                m.set_label(s.board_set),
                _boards_next(m, s.board_set, rnd.number, lang),
            )
        )
    return lines


def title(m: Movement, lang: str = "en") -> str:
    """The movement as its printed sheets name it (its kind in ``lang``, its size)."""
    text = catalog(lang).gettext(
        "{kind} - {tables} tables, {pairs} pairs, {rounds} rounds, {boards} boards ({per} a round)"
    )
    return text.format(
        kind=movement_kind_name(m.kind, lang),
        tables=m.tables,
        pairs=len(m.real_pairs()),
        rounds=m.round_count,
        boards=m.total_boards,
        per=m.boards_per_round,
    )


def _master(m: Movement, lang: str) -> tuple[list[str], list[list[str]]]:
    _ = catalog(lang).gettext
    head = [_("rd/bds")] + [m.set_label(k) for k in range(1, m.board_sets + 1)]
    rows = [[str(r.number), *cells] for r, cells in zip(m.rounds, m.master_rows(), strict=True)]
    if any(r.sitout for r in m.rounds):
        head.append(_("out"))
        for row, rnd in zip(rows, m.rounds, strict=True):
            row.append(",".join(m.pair_label(p) for p in rnd.sitout))
    return head, rows


def master_text(m: Movement, lang: str = "en", notes: bool = True) -> str:
    """The master sheet as text (Fig 7/9); ``notes``: with the remarks on how the movement
    was made (``movement show`` prints them, the printed cards do not)."""
    head, rows = _master(m, lang)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    out = [title(m, lang), ""]
    for row in [head, *rows]:
        out.append("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    if notes:
        out += [f"note: {note}" for note in m.notes]
    return "\n".join(out) + "\n"


def _grid(head: list[str], rows: list[list[str]]) -> list[str]:
    return columns(head, rows)


def _table_head(lang: str) -> list[str]:
    _ = catalog(lang).gettext
    boards = catalog(lang).pgettext("board numbers", "Boards")
    return [_("Rd"), _("NS"), _("EW"), boards, _("NS next"), _("EW next"), _("Boards to")]


def _slip_head(m: Movement, lang: str) -> list[str]:
    _ = catalog(lang).gettext
    boards = catalog(lang).pgettext("board numbers", "Boards")
    head = [_("Rd"), _("Table"), _("Dir"), _("Against"), boards]
    return [*head, _("Boards to")] if m.winners == 1 else head


def cards_text(m: Movement, lang: str = "en") -> str:
    _ = catalog(lang).gettext
    out: list[str] = []
    for t in range(1, m.tables + 1):
        out.append(_("Table {table}").format(table=t))
        rows = [
            [str(x.round), x.ns, x.ew, x.boards, x.ns_next, x.ew_next, x.boards_next]
            for x in table_card(m, t, lang)
        ]
        out += _grid(_table_head(lang), rows)
        out.append("")
    return "\n".join(out)


def slips_text(m: Movement, lang: str = "en") -> str:
    _ = catalog(lang).gettext
    out: list[str] = []
    for p in m.real_pairs():
        name = _pair(m, p, lang)
        out.append(_("Rover Pair {pair}") if p == m.rover else _("Pair {pair}"))
        out[-1] = out[-1].format(pair=name)
        rows = [
            [str(x.round), x.table, x.direction, x.opponents, x.boards]
            + ([x.boards_to] if m.winners == 1 else [])
            for x in pair_slip(m, p, lang)
        ]
        out += _grid(_slip_head(m, lang), rows)
        out.append("")
    return "\n".join(out)


def render_text(m: Movement, lang: str = "en") -> str:
    """Master sheet, table cards and pair slips as plain text (the printed set: no notes)."""
    return (
        master_text(m, lang, notes=False) + "\n" + cards_text(m, lang) + "\n" + slips_text(m, lang)
    )


def render_html(m: Movement, lang: str = "en") -> str:
    """Master sheet, table guide cards and pair slips as one HTML document for A4 paper
    (and a phone's screen), in ``lang``."""
    env = environment(strict=True)
    template = env.get_template("movement_cards.html.j2")
    head, rows = _master(m, lang)
    return template.render(
        lang=lang,
        title=title(m, lang),
        head=head,
        rows=rows,
        table_head=_table_head(lang),
        slip_head=_slip_head(m, lang),
        tables=[(t, table_card(m, t, lang)) for t in range(1, m.tables + 1)],
        pairs=[(_pair(m, p, lang), p == m.rover, pair_slip(m, p, lang)) for p in m.real_pairs()],
        boards_to=m.winners == 1,
    )


def write_cards(m: Movement, out_dir: str | Path, lang: str = "en") -> list[Path]:
    """Write ``movement.txt`` and ``movement.html`` into ``out_dir``; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    text = out / "movement.txt"
    html = out / "movement.html"
    text.write_text(render_text(m, lang), encoding="utf-8")
    html.write_text(render_html(m, lang), encoding="utf-8")
    return [text, html]


def _individual_title(m: IndividualMovement, lang: str) -> str:
    text = catalog(lang).gettext(
        "{kind} - {players} players, {tables} tables, {rounds} rounds, {boards} boards "
        "({per} a round)"
    )
    return text.format(
        kind=movement_kind_name("individual", lang),
        players=m.players,
        tables=m.tables,
        rounds=m.round_count,
        boards=m.board_sets * m.boards_per_round,
        per=m.boards_per_round,
    )


def individual_text(m: IndividualMovement, lang: str = "en", notes: bool = True) -> str:
    """An individual master sheet: per round, per table N-S-E-W (like Fig 20, 004:1594)."""
    _ = catalog(lang).gettext
    head = [
        _("Rd"),
        *[_("Table {table}").format(table=t) for t in range(1, m.tables + 1)],
        _("out"),
    ]
    rows = [
        [str(r.number), *cells, ",".join(map(str, r.sitout))]
        for r, cells in zip(m.rounds, m.master_rows(), strict=True)
    ]
    out = [
        _individual_title(m, lang) + "; " + _("seats N-S-E-W"),
        "",
        *_grid(head, rows),
    ]
    if notes:
        out += [f"note: {n}" for n in m.notes]
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class IndividualTableLine:
    round: int
    north: int
    south: int
    east: int
    west: int
    boards: str


@dataclass(frozen=True)
class PlayerLine:
    round: int
    table: str
    seat: str
    partner: str
    opponents: str
    boards: str


def _individual_boards(m: IndividualMovement, board_set: int) -> str:
    first = (board_set - 1) * m.boards_per_round + 1
    last = first + m.boards_per_round - 1
    return str(first) if first == last else f"{first}-{last}"


def individual_table_card(m: IndividualMovement, table: int) -> list[IndividualTableLine]:
    """One table's card: per round the players at N, S, E, W and the boards (004:1592)."""
    return [
        IndividualTableLine(
            r.number, s.north, s.south, s.east, s.west, _individual_boards(m, s.board_set)
        )
        for r in m.rounds
        for s in r.seatings
        if s.table == table
    ]


#: A seat as an individual's slip prints it (N, S, E, W in the slip's language).
_SEAT_LETTERS: dict[str, LazyText] = {
    "N": lazy_pgettext("seat letter", "N"),
    "S": lazy_pgettext("seat letter", "S"),
    "E": lazy_pgettext("seat letter", "E"),
    "W": lazy_pgettext("seat letter", "W"),
}


def individual_player_slip(
    m: IndividualMovement, player: int, lang: str = "en"
) -> list[PlayerLine]:
    """One player's slip: per round the table, seat, partner, opponents and boards."""
    _ = catalog(lang).gettext
    seats = ("N", "S", "E", "W")
    partner_of = {0: 1, 1: 0, 2: 3, 3: 2}
    lines: list[PlayerLine] = []
    for r in m.rounds:
        for s in r.seatings:
            people = s.players()
            if player not in people:
                continue
            i = people.index(player)
            others = (people[2], people[3]) if i < 2 else (people[0], people[1])
            lines.append(
                PlayerLine(
                    r.number,
                    str(s.table),
                    _SEAT_LETTERS[seats[i]].in_(lang),
                    str(people[partner_of[i]]),
                    f"{others[0]} & {others[1]}",
                    _individual_boards(m, s.board_set),
                )
            )
            break
        else:
            lines.append(PlayerLine(r.number, "-", "-", "-", _("sits out"), "-"))
    return lines


def render_individual_html(m: IndividualMovement, lang: str = "en") -> str:
    """An individual movement's master sheet, table cards and player slips on A4."""
    env = environment(strict=True)
    template = env.get_template("individual_cards.html.j2")
    everyone = sorted({p for r in m.rounds for s in r.seatings for p in s.players()})
    return template.render(
        lang=lang,
        title=_individual_title(m, lang),
        table_numbers=list(range(1, m.tables + 1)),
        rows=[
            (
                r.number,
                ", ".join(
                    sorted(
                        {_individual_boards(m, s.board_set) for s in r.seatings},
                        key=lambda b: int(b.split("-")[0]),
                    )
                ),
                cells,
                ", ".join(map(str, r.sitout)),
            )
            for r, cells in zip(m.rounds, m.master_rows(), strict=True)
        ],
        has_sitout=any(r.sitout for r in m.rounds),
        tables=[(t, individual_table_card(m, t)) for t in range(1, m.tables + 1)],
        players=[(p, individual_player_slip(m, p, lang)) for p in everyone],
    )
