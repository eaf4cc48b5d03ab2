"""Printing a movement: master sheet, table guide cards, pair guide slips, rover slip.

The master sheet is rounds x board sets like Fig 7/9 (004:851-866, 004:990-1000):
each cell holds ``NS-EW`` of the table playing that set.  A table guide card
(004:823-827) lists per round the pairs, the boards and where each pair goes
next; a pair guide slip lists per round the table, the direction, the
opponents and the boards; the rover gets its own slip (004:1107).  Output is
plain text or HTML ready to print on A4 (``@page { size: A4 }``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bridgedesk.movements.model import Movement, Pair
from bridgedesk.reports.templating import environment

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


@dataclass(frozen=True)
class PairLine:
    round: int
    table: str
    direction: str
    opponents: str
    boards: str


def _place(m: Movement, pair: Pair, rnd: int) -> str:
    if rnd > m.round_count:
        return "end"
    s = m.where(pair, rnd)
    if s is None:
        return "sit out"
    return f"{s.table} {'NS' if s.ns == pair else 'EW'}"


def table_card(m: Movement, table: int) -> list[TableLine]:
    """One table's guide card: per round the pairs, boards and their next places."""
    lines: list[TableLine] = []
    for rnd in m.rounds:
        for s in rnd.at(table):
            lines.append(
                TableLine(
                    rnd.number,
                    m.pair_name(s.ns),
                    m.pair_name(s.ew),
                    m.set_label(s.board_set),
                    _place(m, s.ns, rnd.number + 1),
                    _place(m, s.ew, rnd.number + 1),
                )
            )
    return lines


def pair_slip(m: Movement, pair: Pair) -> list[PairLine]:
    """One pair's guide slip: per round the table, direction, opponents and boards."""
    lines: list[PairLine] = []
    for rnd in m.rounds:
        s = m.where(pair, rnd.number)
        if s is None:
            lines.append(PairLine(rnd.number, "-", "-", "sit out", "-"))
            continue
        is_ns = s.ns == pair
        opp = s.ew if is_ns else s.ns
        opponents = "phantom (sit out)" if opp == m.phantom else m.pair_name(opp)
        lines.append(
            PairLine(
                rnd.number,
                str(s.table),
                "NS" if is_ns else "EW",
                opponents,
                m.set_label(s.board_set),
            )
        )
    return lines


def title(m: Movement) -> str:
    return (
        f"{m.kind} - {m.tables} tables, {len(m.real_pairs())} pairs, {m.round_count} rounds, "
        f"{m.total_boards} boards ({m.boards_per_round} a round)"
    )


def master_text(m: Movement) -> str:
    head = ["rd/bds"] + [m.set_label(k) for k in range(1, m.board_sets + 1)]
    rows = [[str(r.number), *cells] for r, cells in zip(m.rounds, m.master_rows(), strict=True)]
    if any(r.sitout for r in m.rounds):
        head.append("out")
        for row, rnd in zip(rows, m.rounds, strict=True):
            row.append(",".join(m.pair_label(p) for p in rnd.sitout))
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    out = [title(m), ""]
    for row in [head, *rows]:
        out.append("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    for note in m.notes:
        out.append(f"note: {note}")
    return "\n".join(out) + "\n"


def _grid(head: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    return [
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
        for r in [head, *rows]
    ]


def cards_text(m: Movement) -> str:
    out: list[str] = []
    for t in range(1, m.tables + 1):
        out.append(f"Table {t}")
        rows = [
            [str(x.round), x.ns, x.ew, x.boards, x.ns_next, x.ew_next] for x in table_card(m, t)
        ]
        out += _grid(["Rd", "NS", "EW", "Boards", "NS next", "EW next"], rows)
        out.append("")
    return "\n".join(out)


def slips_text(m: Movement) -> str:
    out: list[str] = []
    for p in m.real_pairs():
        label = "Rover " if p == m.rover else ""
        out.append(f"{label}Pair {m.pair_name(p)}")
        rows = [
            [str(x.round), x.table, x.direction, x.opponents, x.boards] for x in pair_slip(m, p)
        ]
        out += _grid(["Rd", "Table", "Dir", "Against", "Boards"], rows)
        out.append("")
    return "\n".join(out)


def render_text(m: Movement) -> str:
    """Master sheet, table cards and pair slips as plain text."""
    return master_text(m) + "\n" + cards_text(m) + "\n" + slips_text(m)


def render_html(m: Movement) -> str:
    """Master sheet, table guide cards and pair slips as one A4 HTML document."""

    env = environment()
    template = env.get_template("movement_cards.html.j2")
    sets = [m.set_label(k) for k in range(1, m.board_sets + 1)]
    return template.render(
        title=title(m),
        movement=m,
        sets=sets,
        rows=[
            (r.number, cells, ", ".join(m.pair_label(p) for p in r.sitout))
            for r, cells in zip(m.rounds, m.master_rows(), strict=True)
        ],
        has_sitout=any(r.sitout for r in m.rounds),
        tables=[(t, table_card(m, t)) for t in range(1, m.tables + 1)],
        pairs=[(m.pair_name(p), p == m.rover, pair_slip(m, p)) for p in m.real_pairs()],
        notes=m.notes,
    )


def write_cards(m: Movement, out_dir: str | Path) -> list[Path]:
    """Write ``movement.txt`` and ``movement.html`` into ``out_dir``; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    text = out / "movement.txt"
    html = out / "movement.html"
    text.write_text(render_text(m), encoding="utf-8")
    html.write_text(render_html(m), encoding="utf-8")
    return [text, html]


def individual_text(m: IndividualMovement) -> str:
    """An individual master sheet: per round, per table N-S-E-W (like Fig 20, 004:1594)."""
    head = ["Rd", *[f"Table {t}" for t in range(1, m.tables + 1)], "out"]
    rows = [
        [str(r.number), *cells, ",".join(map(str, r.sitout))]
        for r, cells in zip(m.rounds, m.master_rows(), strict=True)
    ]
    out = [
        f"individual - {m.players} players, {m.tables} tables, {m.round_count} rounds, "
        f"{m.board_sets * m.boards_per_round} boards ({m.boards_per_round} a round); "
        "seats N-S-E-W",
        "",
        *_grid(head, rows),
    ]
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


def individual_player_slip(m: IndividualMovement, player: int) -> list[PlayerLine]:
    """One player's slip: per round the table, seat, partner, opponents and boards."""
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
                    seats[i],
                    str(people[partner_of[i]]),
                    f"{others[0]} & {others[1]}",
                    _individual_boards(m, s.board_set),
                )
            )
            break
        else:
            lines.append(PlayerLine(r.number, "-", "-", "-", "sits out", "-"))
    return lines


def render_individual_html(m: IndividualMovement) -> str:
    """An individual movement's master sheet, table cards and player slips on A4."""

    env = environment()
    template = env.get_template("individual_cards.html.j2")
    everyone = sorted({p for r in m.rounds for s in r.seatings for p in s.players()})
    return template.render(
        title=(
            f"individual - {m.players} players, {m.tables} tables, {m.round_count} rounds, "
            f"{m.board_sets * m.boards_per_round} boards ({m.boards_per_round} a round)"
        ),
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
        players=[(p, individual_player_slip(m, p)) for p in everyone],
        notes=m.notes,
    )
