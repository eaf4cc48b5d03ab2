"""What ``event new``, ``event round --next`` and ``event draw`` share for the pair
events played round by round (Swiss pairs, barometer, Houston pairs): the draw
dispatcher and its printed lines (the event itself is created by
:mod:`bridgedesk.services.event_setup`).  Kept
apart from :mod:`bridgedesk.cli.event_rounds_pairs` so that the ``event`` group's
modules call it without importing each other."""

from __future__ import annotations

from bridgedesk.events.pair_draw import Draw
from bridgedesk.events.pair_formats import DEFAULT_BOARDS_PER_ROUND
from bridgedesk.services.draws import next_pair_round
from bridgedesk.store.service import Store


def next_round(store: Store, event: str, boards: int = DEFAULT_BOARDS_PER_ROUND) -> list[str]:
    """Draw the next round of a Swiss pairs, barometer or Houston pairs event; the
    lines to print.  Refuses (changing nothing) any other event."""
    drawn = next_pair_round(store, event, boards)
    return draw_lines(drawn.draw, drawn.boards, drawn.names)


def draw_lines(draw: Draw, boards: tuple[int, ...], names: dict[int, str]) -> list[str]:
    out = [f"round {draw.round} ({draw.basis}): boards {boards[0]}-{boards[-1]} at every table"]
    for table, (ns, ew) in enumerate(draw.tables, start=1):
        out.append(
            f"table {table:>2}: NS {ns:>3} v EW {ew:<3}  {names.get(ns, '')} v {names.get(ew, '')}"
        )
    if draw.bye is not None:
        out.append(f"bye: pair {draw.bye} {names.get(draw.bye, '')}".rstrip())
    return out


__all__ = ["draw_lines", "next_round"]
