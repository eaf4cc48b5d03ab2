"""The next round's opponents in a pair event played round by round.

For Swiss pairs, barometer and Houston pairs (:mod:`bridgedesk.events.pair_formats`).

By the standings (``standings``), the rule of Swiss teams applied to pairs
(004:2594: "by the ranking after the previous round ... 1 v 2, 3 v 4, 5 v 6,
as in Swiss teams"; 004:2668-2675):

* round 1 by pair number cut in halves, 1 v n/2+1, 2 v n/2+2 ... (004:2673,
  the pair numbers standing for the seeding);
* every later round by the standings after the previous round, 1 v 2, 3 v 4
  ...; ties in the standings go to the lower pair number;
* no two pairs meet twice (004:2689-2697: "no rematch"): when the natural
  pairing would repeat a meeting, the top pair not yet drawn takes the next
  pair below it that it has not met, provided the rest of the field can still
  be drawn without a rematch (the search of :func:`bridgedesk.events.swiss.
  pair_preferring`, which asks a maximum matching); when no draw without a
  rematch exists at all the director is told so;
* an odd field gives one pair a bye each round (004:2596; the seed prefers a
  floater pair, which the director can enter to make the field even): the
  lowest-placed pair among those with the fewest byes so far whose absence
  leaves a field that can be drawn.  A bye's VPs are those of
  :func:`bridgedesk.scoring.swiss.swiss_pairs`.

A round robin (``round-robin``) draws round r of the circle method on the pair
numbers (the lowest number fixed, the others turning one place a round; with
an odd field an empty seat gives the bye), so after n-1 rounds every pair has
met every other once (004:3369 "pair round robin").

Directions: the pair that has sat North-South fewer times so far sits NS; on
equal counts the higher placed.  Tables are numbered down the draw, the top
match at table 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgedesk.errors import PairingError
from bridgedesk.events.matching import has_perfect_matching
from bridgedesk.events.swiss import adjacent, halves, pair_preferring


@dataclass(frozen=True)
class Draw:
    """One round's draw: (NS, EW) by table (table 1 first) and the pair with a bye."""

    round: int
    tables: tuple[tuple[int, int], ...]
    bye: int | None = None
    basis: str = ""

    def opponents(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for ns, ew in self.tables:
            out[ns], out[ew] = ew, ns
        return out


def _met(history: Sequence[Draw]) -> set[frozenset[int]]:
    return {frozenset(t) for d in history for t in d.tables}


def _feasible(pairs: Sequence[int], met: set[frozenset[int]]) -> bool:
    index = {p: i for i, p in enumerate(pairs)}
    adjacency = [
        [index[q] for q in pairs if q != p and frozenset((p, q)) not in met] for p in pairs
    ]
    return has_perfect_matching(adjacency)


def _seat(history: Sequence[Draw], order: Sequence[int], matches: Sequence[tuple[int, int]]) -> (
    tuple[tuple[int, int], ...]
):  # fmt: skip
    ns_count = dict.fromkeys(order, 0)
    for d in history:
        for ns, _ in d.tables:
            if ns in ns_count:
                ns_count[ns] += 1
    place = {p: i for i, p in enumerate(order)}
    seated = []
    for a, b in matches:
        first, second = (a, b) if place[a] < place[b] else (b, a)
        if ns_count[second] < ns_count[first]:
            first, second = second, first
        seated.append((first, second))
    seated.sort(key=lambda m: min(place[m[0]], place[m[1]]))
    return tuple(seated)


def draw_by_standings(order: Sequence[int], history: Sequence[Draw]) -> Draw:
    """The draw of the round after ``history``; ``order`` is the field best first
    (for round 1: by pair number)."""
    r = len(history) + 1
    if len(order) < 2:
        raise PairingError("a draw needs at least two pairs entered", code="draw.too-few-pairs")
    met = _met(history)
    field = list(order)
    bye = None
    if len(field) % 2:
        bye = _bye(field, history, met, r)
        field.remove(bye)
    natural = halves(field) if r == 1 else adjacent(field)
    matches = pair_preferring(
        field, natural, lambda a, b: frozenset((a, b)) not in met, ranked=r > 1
    )
    if matches is None:
        raise PairingError(
            "round {round}: the {pairs} pairs cannot all be drawn against pairs they "
            "have not met; no rematch is allowed, so the event has played its last "
            "round",
            code="draw.no-rematch-free",
            round=r,
            pairs=len(field),
        )
    basis = "round 1 by pair number, halves" if r == 1 else f"standings after round {r - 1}"
    return Draw(r, _seat(history, order, matches), bye, basis)


def _bye(field: list[int], history: Sequence[Draw], met: set[frozenset[int]], r: int) -> int:
    byes = dict.fromkeys(field, 0)
    for d in history:
        if d.bye in byes:
            byes[d.bye] += 1
    fewest = min(byes.values())
    candidates = [p for p in reversed(field) if byes[p] == fewest]
    candidates += [p for p in reversed(field) if byes[p] != fewest]
    for p in candidates:
        if _feasible([q for q in field if q != p], met):
            return p
    raise PairingError(
        "round {round}: no pair can take the bye so that the others are drawn "
        "without a rematch; the event has played its last round",
        code="draw.no-bye",
        round=r,
    )


def round_robin(pairs: Sequence[int], history: Sequence[Draw]) -> Draw:
    """Round ``len(history) + 1`` of the circle method on ``pairs`` (see module doc)."""
    numbers = sorted(pairs)
    r = len(history) + 1
    seats: list[int | None] = list(numbers)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    if n < 2:
        raise PairingError("a draw needs at least two pairs entered", code="draw.too-few-pairs")
    if r > n - 1:
        raise PairingError(
            "the round robin of {pairs} pairs has {rounds} rounds, all drawn already",
            code="draw.round-robin-done",
            pairs=len(numbers),
            rounds=n - 1,
        )
    rest = seats[1:]
    shift = (r - 1) % (n - 1)
    turned = rest[-shift:] + rest[:-shift] if shift else rest
    ring = [seats[0], *turned]
    matches: list[tuple[int, int]] = []
    bye = None
    for i in range(n // 2):
        a, b = ring[i], ring[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        matches.append((a, b))
    met = _met(history)
    again = [m for m in matches if frozenset(m) in met]
    if again:
        a, b = again[0]
        raise PairingError(
            "round {round} of the round robin would have pairs {first} and {second} "
            "meet again (the field or the pairing changed during the event); draw by "
            "the standings instead (`bridgedesk event options EVENT --pairing "
            "standings`)",
            code="draw.round-robin-rematch",
            round=r,
            first=a,
            second=b,
        )
    return Draw(r, _seat(history, numbers, matches), bye, f"round robin, round {r}")


__all__ = ["Draw", "draw_by_standings", "round_robin"]
