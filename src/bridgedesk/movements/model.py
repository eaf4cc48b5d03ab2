"""The movement model: an immutable grid (round, table) -> (NS pair, EW pair, board set).

The JCBL Director Manual (004:794-1160) describes every pair movement as a
master sheet: for each round, which pairs sit at each table and which board set
they play.  :class:`Movement` holds exactly that, plus what a director needs to
run it: relay groups (tables sharing a board set in the same round, 004:1011,
004:903-905), the phantom pair (004:864-868), the rover pair (004:1097-1107)
and arrow switches (004:1066-1074).

Pairs are numbered the JCBL way.  In a one-winner movement (Howell-like) a pair
is just a number.  In a two-winner movement (Mitchell-like) the NS and EW fields
are each numbered 1..n by starting table (004:968-980), so a pair is a field and
a number; the EW-offset numbering (EW n+1..2n) is a display option.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from bridgedesk.bridge import Side
from bridgedesk.errors import MovementError


@dataclass(frozen=True, order=True)
class Pair:
    """A pair: its number and, in a two-winner movement, its field (NS or EW)."""

    number: int
    side: Side | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise MovementError(
                "pair number {number} is not a positive number",
                code="movement.pair-number",
                number=self.number,
            )

    def __str__(self) -> str:
        if self.side is None:
            return str(self.number)
        return f"{self.side.value} {self.number}"

    def sort_key(self) -> tuple[int, int]:
        return (0 if self.side in (None, Side.NS) else 1, self.number)


@dataclass(frozen=True)
class Seating:
    """One table in one round: who sits NS, who sits EW, which board set.

    ``arrow_switch`` marks a seating where the pairs sit the other way round from
    the guide card's arrow (004:1066-1074); ``ns`` and ``ew`` always name the
    pairs physically sitting NS and EW.
    """

    table: int
    ns: Pair
    ew: Pair
    board_set: int
    arrow_switch: bool = False

    def pairs(self) -> tuple[Pair, Pair]:
        return (self.ns, self.ew)


@dataclass(frozen=True)
class Round:
    """One round: the seatings in table order and the pairs that sit out."""

    number: int
    seatings: tuple[Seating, ...]
    sitout: tuple[Pair, ...] = ()

    def at(self, table: int) -> tuple[Seating, ...]:
        return tuple(s for s in self.seatings if s.table == table)

    def board_sets(self) -> frozenset[int]:
        return frozenset(s.board_set for s in self.seatings)


@dataclass(frozen=True)
class Movement:
    """An immutable pair movement.

    ``winners`` is 1 for a one-field movement (every pair compared with every
    other, Howell-like) and 2 for NS and EW fields (Mitchell-like).
    ``relay_groups`` lists tables that share board sets within a round (a relay,
    004:1011); ``phantom`` is the pair whose opponents sit out (004:864-868);
    ``rover`` the NS pair that takes a different table each round (004:1097-1107).
    ``notes`` are short remarks a director should see (what was chosen and why).
    ``copy_groups`` are groups of tables that each have their own copy of the
    boards (the Web movement's subsections, 004:3666): the same set may be in
    play at one table of each group in the same round.
    ``teams`` marks a team movement: pairs ``NS n`` and ``EW n`` are the two
    pairs of team n, who never meet and must play the same boards (004:1876,
    004:2607); :mod:`~bridgedesk.movements.team_checks` checks that.
    """

    kind: str
    tables: int
    boards_per_round: int
    board_sets: int
    winners: int
    rounds: tuple[Round, ...]
    relay_groups: tuple[tuple[int, ...], ...] = ()
    phantom: Pair | None = None
    rover: Pair | None = None
    ew_offset: bool = False
    notes: tuple[str, ...] = field(default=())
    copy_groups: tuple[tuple[int, ...], ...] = ()
    teams: bool = False

    def __post_init__(self) -> None:
        if self.winners not in (1, 2):
            raise MovementError(
                "winners must be 1 or 2, not {winners}",
                code="movement.winners",
                winners=self.winners,
            )
        if self.boards_per_round < 1:
            raise MovementError(
                "boards per round must be at least 1, not {boards_per_round}",
                code="movement.boards-per-round",
                boards_per_round=self.boards_per_round,
            )
        if self.tables < 1 or self.board_sets < 1:
            raise MovementError(
                "a movement needs at least one table and one board set",
                code="movement.needs-table-and-boards",
            )
        if self.teams and self.winners != 2:
            raise MovementError(
                "a team movement has NS and EW fields (winners 2)", code="movement.team-two-fields"
            )

    # -- sizes ---------------------------------------------------------------

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    @property
    def total_boards(self) -> int:
        return self.board_sets * self.boards_per_round

    def boards_of(self, board_set: int) -> range:
        """The board numbers of a set: set 1 is 1..b, set 2 is b+1..2b (004:962-966)."""
        if not 1 <= board_set <= self.board_sets:
            raise MovementError(
                "board set {board_set} does not exist; sets are 1..{board_sets}",
                code="movement.no-such-board-set",
                board_set=board_set,
                board_sets=self.board_sets,
            )
        first = (board_set - 1) * self.boards_per_round + 1
        return range(first, first + self.boards_per_round)

    def set_label(self, board_set: int) -> str:
        boards = self.boards_of(board_set)
        if len(boards) == 1:
            return str(boards[0])
        return f"{boards[0]}-{boards[-1]}"

    # -- pairs ---------------------------------------------------------------

    def pairs(self) -> tuple[Pair, ...]:
        """Every pair that appears anywhere, NS field first, by number."""
        seen: set[Pair] = set()
        for rnd in self.rounds:
            for s in rnd.seatings:
                seen.update(s.pairs())
            seen.update(rnd.sitout)
        return tuple(sorted(seen, key=Pair.sort_key))

    def real_pairs(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs() if p != self.phantom)

    def pair_label(self, pair: Pair) -> str:
        """How a pair is printed: a number, or with ``ew_offset`` EW n as n + NS count."""
        if pair.side is None:
            return str(pair.number)
        if self.ew_offset and pair.side is Side.EW:
            ns_count = sum(1 for p in self.pairs() if p.side is Side.NS)
            return str(pair.number + ns_count)
        return str(pair.number)

    def pair_name(self, pair: Pair) -> str:
        """A pair's full name: ``7``, or ``NS 3`` / ``EW 3`` (``EW 10`` with the offset)."""
        if pair.side is None:
            return str(pair.number)
        return f"{pair.side.value} {self.pair_label(pair)}"

    def with_ew_offset(self, on: bool = True) -> Movement:
        return replace(self, ew_offset=on)

    def stationary_pairs(self) -> tuple[Pair, ...]:
        """Pairs that sit at the same table and direction in every round they play."""
        places: dict[Pair, set[tuple[int, str]]] = {}
        for rnd in self.rounds:
            for s in rnd.seatings:
                places.setdefault(s.ns, set()).add((s.table, "NS"))
                places.setdefault(s.ew, set()).add((s.table, "EW"))
        return tuple(
            sorted(
                (p for p, where in places.items() if len(where) == 1 and p != self.phantom),
                key=Pair.sort_key,
            )
        )

    def relay_tables(self) -> frozenset[int]:
        return frozenset(t for group in self.relay_groups for t in group)

    def bye_sets(self, round_number: int) -> tuple[int, ...]:
        """Board sets not in play in a round (on the bye stand)."""
        used = self.round(round_number).board_sets()
        return tuple(k for k in range(1, self.board_sets + 1) if k not in used)

    def round(self, number: int) -> Round:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        raise MovementError(
            "round {round} does not exist; this movement has rounds 1..{rounds}",
            code="movement.no-such-round",
            round=number,
            rounds=self.round_count,
        )

    def seatings(self) -> Iterator[tuple[int, Seating]]:
        for rnd in self.rounds:
            for s in rnd.seatings:
                yield rnd.number, s

    def where(self, pair: Pair, round_number: int) -> Seating | None:
        """The seating of ``pair`` in a round, or None if it sits out."""
        for s in self.round(round_number).seatings:
            if pair in s.pairs():
                return s
        return None

    def plays(self, pair: Pair) -> bool:
        return pair != self.phantom

    def cell(self, round_number: int, board_set: int) -> tuple[Seating, ...]:
        """The seatings playing ``board_set`` in a round (the master sheet's cell)."""
        return tuple(s for s in self.round(round_number).seatings if s.board_set == board_set)

    def master_rows(self) -> list[list[str]]:
        """The master sheet as text cells: one row per round, one column per set.

        A cell lists ``NS-EW`` for every table playing that set, in table order,
        separated by ``/`` where a set is relayed (as the seed's figures print them).
        """
        rows: list[list[str]] = []
        for rnd in self.rounds:
            row: list[str] = []
            for k in range(1, self.board_sets + 1):
                cells = sorted(self.cell(rnd.number, k), key=lambda s: s.table)
                row.append(
                    "/".join(f"{self.pair_label(s.ns)}-{self.pair_label(s.ew)}" for s in cells)
                )
            rows.append(row)
        return rows


def make_pair(number: int, side: Side | None = None) -> Pair:
    return Pair(number, side)


def ns(number: int) -> Pair:
    return Pair(number, Side.NS)


def ew(number: int) -> Pair:
    return Pair(number, Side.EW)


def wrap(value: int, modulus: int) -> int:
    """``value`` reduced into 1..modulus (the numbering every master sheet uses)."""
    return (value - 1) % modulus + 1
