"""What ``bridgedesk practice`` draws: the table with four hands, the help, the review.

Each function returns a rich renderable and draws nothing itself; the
terminal loop (:mod:`bridgedesk.cli.practice`) clears the screen and prints
them again after every card, so the table stays in place.  Hearts and
diamonds are red, spades and clubs in the terminal's own colour; the cards
the person may play are shown reversed.  Hidden hands show only their
number of cards.  The words are the catalogs' (:mod:`bridgedesk.practice.words`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgedesk.bridge import SEATS, Seat, Side
from bridgedesk.deals.cards import SUITS, Card, Suit
from bridgedesk.practice import explain
from bridgedesk.practice.advice import ContractHelp
from bridgedesk.practice.play import PlayState, Trick
from bridgedesk.practice.review import BoardReview, RoomReview
from bridgedesk.practice.words import Words

_RED = {Suit.H, Suit.D}


def suit_style(suit: Suit) -> str:
    return "red" if suit in _RED else ""


def card_text(card: Card, *, playable: bool = False) -> Text:
    """One card, coloured by suit (reversed when playable)."""
    style = suit_style(card.suit)
    if playable:
        style = f"{style} bold reverse".strip()
    return Text(Words.card(card), style=style)


def hand_text(
    title: str, cards: Collection[Card] | None, count_text: str, playable: Collection[Card] = ()
) -> Text:
    """A hand by suit under its title; ``cards`` ``None``: hidden, ``count_text`` only."""
    out = Text(title + "\n", style="bold")
    if cards is None:
        out.append(f"  {count_text}\n\n\n\n", style="dim")
        return out
    for suit in SUITS:
        out.append(Words.symbol(suit) + " ", style=suit_style(suit))
        if not any(c.suit is suit for c in cards):
            out.append("—", style="dim")
        for card in sorted((c for c in cards if c.suit is suit), reverse=True):
            rank = "10" if card.rank == 10 else card.rank_char
            style = suit_style(suit)
            if card in playable:
                style = f"{style} bold reverse".strip()
            out.append(rank, style=style)
            out.append(" ")
        out.append("\n")
    return out


def trick_grid(trick: Trick | None, label: str) -> Table:
    """The cards of a trick where their players sit: North above, South below."""
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(justify="center", min_width=4)
    played = dict(trick.plays()) if trick is not None else {}

    def cell(seat: Seat) -> Text:
        card = played.get(seat)
        return card_text(card) if card is not None else Text("·", style="dim")

    grid.add_row(Text(label, style="dim"), cell(Seat.N), "")
    grid.add_row(cell(Seat.W), "", cell(Seat.E))
    grid.add_row("", cell(Seat.S), "")
    return grid


def table_view(
    w: Words,
    state: PlayState | None,
    hands: dict[Seat, Collection[Card] | None],
    titles: dict[Seat, str],
    playable: Collection[Card],
    to_play: Seat | None,
    trick_label: str | None,
) -> Table:
    """North at the top, West and East at the sides, South below, the trick between
    (none without a ``trick_label``)."""
    grid = Table.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(min_width=22)

    def hand(seat: Seat) -> Text:
        cards = hands[seat]
        count = 13 if state is None else 13 - len(state.played_by(seat))
        return hand_text(
            titles[seat] + (" ◀" if seat is to_play else ""),
            cards,
            w._("{count} cards").format(count=count),
            playable if seat is to_play else (),
        )

    trick = None if state is None else state.current
    if state is not None and not trick.cards and state.tricks:  # type: ignore[union-attr]
        trick = state.tricks[-1]  # the trick just completed stays until the next card
    grid.add_row("", hand(Seat.N), "")
    middle: RenderableType = "" if trick_label is None else trick_grid(trick, trick_label)
    grid.add_row(hand(Seat.W), middle, hand(Seat.E))
    grid.add_row("", hand(Seat.S), "")
    return grid


def help_panel(w: Words, lines: Iterable[str]) -> Panel:
    return Panel(Text("\n".join(lines)), title=w._("Help"), title_align="left", border_style="cyan")


def contract_table(w: Words, help: ContractHelp) -> Table:
    """Each contract's target and scores, the rules of thumb's choice marked."""
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    table.add_column(w._("Choice"), justify="left")
    for heading in (w._("Target"), w._("Made exactly"), w._("Each trick more"), w._("One down")):
        table.add_column(heading, justify="right")
    for row in explain.contract_rows(w, help):
        style = "bold green" if row.suggested else ""
        table.add_row(
            ("▶ " if row.suggested else "  ") + row.name,
            str(row.target),
            f"{row.made:+d}",
            f"+{row.overtrick}",
            f"{row.down_one:+d}",
            style=style,
        )
    return table


def review_view(w: Words, review: BoardReview) -> RenderableType:
    """All four hands, both rooms side by side, and the sentences explaining them."""
    hands: dict[Seat, Collection[Card] | None] = {s: review.hand(s) for s in SEATS}
    role = w._("declarer")
    titles = {s: w.seat(s) + (f" ({role})" if s is review.declarer else "") for s in SEATS}
    table = table_view(w, None, hands, titles, (), None, None)
    # the rooms side by side, one column each (narrow enough for an 80-column terminal)
    open_name, closed_name = explain.room_names(w)
    rooms = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    rooms.add_column("")
    rooms.add_column(open_name)
    rooms.add_column(closed_name)
    both = (review.open, review.closed)
    contracts = [room.result.contract for room in both]
    rows = (
        (w._("Contract"), [explain.contract_text(w, c) for c in contracts]),
        (w._("Declarer"), [w.seat(review.declarer)] * 2),
        (w._("Target"), [str(c.tricks_needed) for c in contracts]),
        (w._("Tricks"), [str(room.result.tricks) for room in both]),
        (w._("Result"), [explain.result_text(w, room.breakdown) for room in both]),
        (w.side(Side.NS), [f"{room.score_ns:+d}" for room in both]),
    )
    for heading, cells in rows:
        rooms.add_row(Text(heading, style="dim"), *cells)
    sentences = [
        explain.score_line(w, open_name, review.declarer, review.open),
        explain.score_line(w, closed_name, review.declarer, review.closed),
        *explain.imps_lines(w, review),
        explain.dd_line(w, review),
        *explain.par_lines(w, review),
    ]
    return Group(
        Text(
            w._("Review of board {board}").format(board=review.deal.board), style="bold underline"
        ),
        Text(w._("All four hands"), style="bold"),
        table,
        Text(""),
        rooms,
        Text(""),
        *(Text(s) for s in sentences),
    )


def play_view(w: Words, review: BoardReview) -> RenderableType:
    """Both rooms' play, trick by trick: who led, the four cards, who won."""
    parts: list[RenderableType] = []
    for name, room in zip(explain.room_names(w), (review.open, review.closed), strict=True):
        parts.append(
            Text(
                w._("{room}: {contract} by {declarer}").format(
                    room=name,
                    contract=explain.contract_text(w, room.result.contract),
                    declarer=w.seat(review.declarer),
                ),
                style="bold",
            )
        )
        parts.append(_tricks_table(w, room))
    return Group(*parts)


def _tricks_table(w: Words, room: RoomReview) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    table.add_column("")
    for seat in SEATS:
        table.add_column(w.seat(seat))
    table.add_column(w._("won by"))
    for number, (trick, winner) in enumerate(zip(room.tricks, room.winners, strict=True), 1):
        by_seat = dict(trick.plays())
        cells: list[Text] = []
        for seat in SEATS:
            cell = card_text(by_seat[seat])
            if seat is trick.leader:
                cell.stylize("underline")
            cells.append(cell)
        table.add_row(f"{number}.", *cells, w.seat(winner))
    return table


__all__ = [
    "card_text",
    "contract_table",
    "hand_text",
    "help_panel",
    "play_view",
    "review_view",
    "suit_style",
    "table_view",
    "trick_grid",
]
