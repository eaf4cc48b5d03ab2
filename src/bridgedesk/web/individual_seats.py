"""The table terminal of an individual event (004:1576-1614): the four players.

A stored individual result names North and East (the plan gives South and West,
:mod:`bridgedesk.events.individual`), so the terminal's pair view would show two
"pairs" whose names are one player each.  This module gives the page what it shows
instead: the four players of the table this round, seat by seat, and, between
rounds, where each of the four goes (partners change every round, so every player
has a move of their own), in the page's language.  ``web/tables.py`` adds it to the
panel's context; the template shows it in place of the pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.events.individual import SEATS, IndividualPlan
from bridgedesk.store import individuals
from bridgedesk.store import terminals as term
from bridgedesk.store.service import Store

__all__ = ["IndividualView", "individual_view"]


@dataclass(frozen=True)
class SeatLine:
    seat: str  # N, S, E or W
    player: int
    name: str


@dataclass(frozen=True)
class Move:
    player: int
    table: int | None  # None: sits out
    seat: str


@dataclass(frozen=True)
class IndividualView:
    """This table's four players now, and where each player goes next."""

    seats: tuple[SeatLine, ...]
    moved: tuple[Move, ...]  # the last round's four, to their seats now
    next: tuple[Move, ...]  # this round's four, to the next round's seats


def _moves(plan: IndividualPlan, rnd: int, table: int) -> tuple[Move, ...]:
    here = plan.seats.get((rnd, table))
    if here is None or rnd >= plan.rounds:
        return ()
    where: dict[int, tuple[int, str]] = {}
    for (r, t), seated in plan.seats.items():
        if r == rnd + 1:
            for seat, player in zip(SEATS, seated.players, strict=True):
                where[player] = (t, seat)
    out = []
    for player in here.players:
        table_to, seat = where.get(player, (None, ""))
        out.append(Move(player, table_to, seat))
    return tuple(out)


def individual_view(store: Store, state: term.TableState) -> IndividualView | None:
    """The view for an individual event's table (None for pairs and teams)."""
    terminal = state.terminal
    plan = individuals.plan(store, terminal.event_id, terminal.section, terminal.session)
    if plan is None:
        return None
    names = {
        n: e.names
        for n, e in store.entries(
            terminal.event_id, section=terminal.section, session=terminal.session
        ).items()
    }
    seated = plan.seats.get((state.round, terminal.table))
    seats: tuple[SeatLine, ...] = ()
    if seated is not None:
        seats = tuple(
            SeatLine(seat, p, names.get(p, ""))
            for seat, p in zip(SEATS, seated.players, strict=True)
        )
    before = state.previous[0] if state.previous is not None else None
    moved = _moves(plan, before, terminal.table) if before is not None else ()
    return IndividualView(seats, moved, _moves(plan, state.round, terminal.table))
