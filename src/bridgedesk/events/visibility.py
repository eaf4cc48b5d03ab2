"""Who may see a board's results and hands while a session is played.

A traveller is kept folded until the board has been played, so that nobody learns
a board before playing it (004:436-470: the traveller travels with the board and is
opened only by the last table).  With results entered at the tables the same holds
for every screen:

* **at a table**, a board's results (and its hands) are shown only when *both pairs
  now sitting there* have played it: a pair that has not yet played a board never
  sees it, wherever it sits (the rule is per pair, not per table: in a skip
  Mitchell the pair arriving at table 1 may meet board 1 much later);
* **publicly** (the live pages, the ranking JSON), a board's results are shown only
  when every table that plays it has played it, and the hands only when the whole
  session is over;
* the director may *release* a session's results earlier (a stored, audited
  decision, :mod:`bridgedesk.store.releases`): then everything is shown.

A pair "has played" a board once a result of that pair on that board is stored,
played or artificial (a board not played by a pair that got an average is done
for it).  Player's member numbers are never shown publicly (the writers of the
public documents strip them, :func:`bridgedesk.services.visibility.public_document`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgedesk.events.model import Result, SectionResults
from bridgedesk.events.seating import GridMovement, seats
from bridgedesk.events.team_rooms import TeamDraw

__all__ = ["SectionView", "TeamView", "planned_results"]


def planned_results(movement: GridMovement | None, phantoms: frozenset[int]) -> Mapping[int, int]:
    """How many results each board will have when every table has played it (a table
    with a phantom pair plays nothing, 004:864-868).  Worked out once per movement and
    phantoms (the live results ask after every change): read it, never change it."""
    if movement is None:
        return {}
    key = (id(movement), phantoms)
    found = _PLANNED.get(key)
    if found is not None and found[0] is movement:
        return found[1]
    counts: dict[int, int] = {}
    for _, _, a in seats(movement):
        if a.ns in phantoms or a.ew in phantoms:
            continue
        for board in a.boards:
            counts[board] = counts.get(board, 0) + 1
    if len(_PLANNED) >= 64:  # a server's events are few: forget them all now and then
        _PLANNED.clear()
    _PLANNED[key] = (movement, MappingProxyType(counts))
    return _PLANNED[key][1]


#: :func:`planned_results` by the movement's identity (kept with it) and phantoms.
_PLANNED: dict[tuple[int, frozenset[int]], tuple[GridMovement, Mapping[int, int]]] = {}


@dataclass(frozen=True)
class SectionView:
    """What may be seen of one section of one session: its movement, its phantom
    pairs, the results entered so far and whether the director released them."""

    movement: GridMovement | None
    phantoms: frozenset[int]
    results: tuple[Result, ...]
    released: bool = False
    _played: dict[int, frozenset[int]] = field(init=False, repr=False, compare=False)
    _entered: dict[int, int] = field(init=False, repr=False, compare=False)
    _planned: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        played: dict[int, set[int]] = {}
        entered: dict[int, int] = {}
        for r in self.results:
            played.setdefault(r.board, set()).update((r.ns, r.ew))
            entered[r.board] = entered.get(r.board, 0) + 1
        object.__setattr__(self, "_played", {b: frozenset(p) for b, p in played.items()})
        object.__setattr__(self, "_entered", entered)
        object.__setattr__(self, "_planned", planned_results(self.movement, self.phantoms))

    @classmethod
    def of(cls, snapshot: SectionResults, released: bool = False) -> SectionView:
        """The view of a stored section's snapshot."""
        phantoms = frozenset(n for n, e in snapshot.entries.items() if e.phantom)
        return cls(snapshot.movement, phantoms, snapshot.results, released)

    def has_played(self, pair: int, board: int) -> bool:
        """Whether ``pair`` has a result (played or artificial) on ``board``."""
        return pair in self._played.get(board, frozenset())

    def at_table(self, seated: Iterable[int | None], board: int) -> bool:
        """Whether the pairs ``seated`` at a table now may see ``board``'s results and
        hands: both have played it (or the director released the session)."""
        pairs = [p for p in seated if p is not None and p not in self.phantoms]
        if self.released:
            return True
        return bool(pairs) and all(self.has_played(p, board) for p in pairs)

    @property
    def planned(self) -> Mapping[int, int]:
        """How many results each board of the movement will have (:func:`planned_results`)."""
        return self._planned

    def entered(self, board: int) -> int:
        """How many results ``board`` has."""
        return self._entered.get(board, 0)

    def complete(self, board: int) -> bool:
        """Whether every table that plays ``board`` has entered it."""
        planned = self._planned.get(board)
        if planned is None:
            return board in self._played  # a board the movement does not know: its results
        return self.entered(board) >= planned

    def public(self, board: int) -> bool:
        """Whether ``board``'s results may be shown to everybody."""
        return self.released or self.complete(board)

    @property
    def over(self) -> bool:
        """Whether every board of the movement has all its results."""
        return bool(self._planned) and all(self.complete(b) for b in self._planned)

    def public_hands(self, board: int) -> bool:
        """Whether ``board``'s hands may be shown to everybody: once the session is over
        (or released)."""
        return self.released or (self.over and self.complete(board))

    def public_boards(self) -> tuple[int, ...]:
        """The boards whose results everybody may see, in order."""
        boards = set(self._planned) | set(self._played)
        return tuple(sorted(b for b in boards if self.public(b)))


@dataclass(frozen=True)
class TeamView:
    """What may be seen publicly of a team event: a board of a round once every room
    playing it in that round has its result (the matches of a round share its boards;
    a forfeited match plays none), unless the director released the results."""

    public: frozenset[tuple[int, int]]
    partly: frozenset[tuple[int, int]]
    released: bool = False

    @classmethod
    def of(
        cls, draw: TeamDraw, entered: Iterable[tuple[int, int, int]], released: bool = False
    ) -> TeamView:
        """The view of ``draw`` with the room results ``entered`` (round, table, board)."""
        have = set(entered)
        rooms: dict[tuple[int, int], list[bool]] = {}
        for d in draw.matches:
            if d.away is None or d.open is None or d.closed is None or draw.forfeited_by(d):
                continue
            for board in d.boards:
                rooms.setdefault((d.round, board), []).extend(
                    (room.round, room.table, board) in have for room in (d.open, d.closed)
                )
        public = frozenset(k for k, v in rooms.items() if all(v))
        partly = frozenset(k for k, v in rooms.items() if any(v) and not all(v))
        return cls(public, partly, released)

    def shows(self, rnd: int, board: int) -> bool:
        """Whether board ``board`` of round ``rnd`` may be shown to everybody."""
        return self.released or (rnd, board) in self.public

    @property
    def board_pages(self) -> bool:
        """Whether the pages showing board by board (scorecards, sheets ...) may be
        shown: no board is played at some tables and still to play at others."""
        return self.released or not self.partly
