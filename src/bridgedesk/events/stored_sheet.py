"""A stored section's movement as the master sheet its cards and slips are printed from.

The store keeps a section's movement as its grid (``(round, table) -> NS, EW,
boards``, :class:`~bridgedesk.events.seating.GridMovement`), whatever made it: a
movement of the catalogue, a hand-corrected master sheet, a late pair's A/B
tables, a team draw, a Swiss pairs round drawn so far.  :func:`master_sheet` turns
it back into a :class:`~bridgedesk.movements.model.Movement` (rounds of seatings on
board sets), so the guide cards, pair slips, pick-up slips and travellers of a
stored event print its own rounds, with the pairs numbered as the players know
them (:class:`~bridgedesk.events.pair_numbers.PairNumbers`: a Mitchell's EW 1).

Board sets are read from the grid: set *k* holds boards ``(k-1)b+1 .. kb`` for the
section's ``b`` boards a round (004:962-966), as every movement of the catalogue
places them; a grid whose boards are not in such sets is refused in one line.
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import GridMovement, seats
from bridgedesk.movements.model import Movement, Pair, Round, Seating

__all__ = ["master_sheet"]


def _pair(numbers: PairNumbers, number: int) -> Pair:
    found = numbers.field_of(number)
    return Pair(number) if found is None else Pair(found[1], found[0])


def _board_set(boards: tuple[int, ...], per_round: int, where: str) -> int:
    first = boards[0]
    if (
        len(boards) != per_round
        or (first - 1) % per_round
        or boards != tuple(range(first, first + per_round))
    ):
        raise MovementError(
            "{place} plays boards {boards}: the cards print board sets of "
            "{per_round} boards in a row (1-{per_round}, {second_first}-{second_last}, ...), "
            "which this stored movement does not keep",
            code="cards.board-sets-broken",
            place=where,
            boards=", ".join(map(str, boards)),
            per_round=per_round,
            second_first=per_round + 1,
            second_last=2 * per_round,
        )
    return (first - 1) // per_round + 1


def master_sheet(grid: GridMovement, phantom: int | None = None, teams: bool = False) -> Movement:
    """The stored ``grid`` as a master sheet (module doc); ``phantom`` is the section's
    phantom pair (its opponents sit out, 004:864-868), ``teams`` marks a team movement
    (team *n*'s pairs are NS *n* and EW *n*)."""
    every = list(seats(grid))
    if not every:
        raise MovementError(
            "the movement {name!r} seats nobody yet", code="cards.nobody-seated", name=grid.name
        )
    per_round = max(len(a.boards) for _, _, a in every)
    numbers = PairNumbers.of(grid)
    if teams and not numbers.two_fields:
        raise MovementError(
            "the team movement {name!r} does not number its teams' pairs",
            code="cards.team-pairs-unnumbered",
            name=grid.name,
        )
    rounds: list[Round] = []
    sets = 0
    for number in range(1, grid.rounds + 1):
        seatings: list[Seating] = []
        for table in range(1, grid.tables + 1):
            a = grid.assignment(number, table)
            if a is None:
                continue
            board_set = _board_set(a.boards, per_round, f"round {number} table {table}")
            sets = max(sets, board_set)
            seatings.append(Seating(table, _pair(numbers, a.ns), _pair(numbers, a.ew), board_set))
        rounds.append(Round(number, tuple(seatings)))
    return Movement(
        kind=grid.kind or "movement",
        tables=grid.tables,
        boards_per_round=per_round,
        board_sets=sets,
        winners=grid.winners,
        rounds=tuple(rounds),
        relay_groups=_relays(rounds),
        phantom=None if phantom is None else _pair(numbers, phantom),
        teams=teams,
    )


def _relays(rounds: list[Round]) -> tuple[tuple[int, ...], ...]:
    """Tables that share a board set in a round (a relay, 004:1011)."""
    found: set[tuple[int, ...]] = set()
    for rnd in rounds:
        by_set: dict[int, list[int]] = {}
        for s in rnd.seatings:
            by_set.setdefault(s.board_set, []).append(s.table)
        found.update(tuple(sorted(t)) for t in by_set.values() if len(t) > 1)
    return tuple(sorted(found))
