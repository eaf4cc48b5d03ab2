"""Which movement to play: the first the JCBL weekly list recommends that builds.

``bridgedesk event movement --recommend`` and ``bridgedesk demo`` both choose a
movement here: the first row of the weekly list (004:3048-3066) for the
number of pairs that bridgedesk can generate, or, where the list names only
guide-sheet movements, a Mitchell of 7 rounds x 3 boards; ``build_movement``
builds one by kind instead when the director names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements.catalogue import build
from bridgedesk.movements.model import Movement
from bridgedesk.movements.recommend import Recommendation, recommend


def recommended(pairs: int) -> Recommendation:
    """The first movement bridgedesk can build among those recommended for ``pairs``."""
    for rec, _movement in _recommended_movements(pairs):
        return rec
    raise MovementError(
        "no recommended movement for {pairs} pairs can be generated; choose one with --kind",
        code="movement.no-recommended",
        pairs=pairs,
    )


def _recommended_movements(pairs: int) -> Iterator[tuple[Recommendation, Movement]]:
    """The recommended movements for ``pairs`` that build, in the list's order."""
    for rec in recommend(pairs):
        if not rec.buildable:
            continue
        try:
            movement = build(
                rec.kind,
                pairs=pairs,
                rounds=rec.rounds,
                boards_per_round=rec.boards_per_round,
                base=rec.base,
            )
        except MovementError:
            continue  # the row is outside what this family builds (e.g. a rover's limits)
        yield rec, movement


def build_movement(
    pairs: int | None,
    kind: str | None,
    tables: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    base: str | None = None,
) -> Movement:
    """A movement by kind (or the recommended one for ``pairs`` when ``kind`` is None)."""
    if kind is None:
        if pairs is None:
            raise MovementError(
                "--recommend needs the pairs entered (or --pairs N)",
                code="movement.recommend-needs-pairs",
            )
        for _rec, movement in _recommended_movements(pairs):
            return movement
        return _fallback(pairs)
    if tables is not None and pairs is not None and pairs % 2 and (pairs + 1) // 2 == tables:
        tables = None  # an odd field on these tables: build by pairs, so the phantom is named
    if tables is not None:
        return build(kind, tables=tables, rounds=rounds, boards_per_round=boards_per_round,
                     base=base)  # fmt: skip
    if pairs is None:
        raise MovementError(
            "give --tables or --pairs (or enter the pairs first)",
            code="movement.tables-or-pairs-entered",
        )
    return build(kind, pairs=pairs, rounds=rounds, boards_per_round=boards_per_round, base=base)


def _fallback(pairs: int) -> Movement:
    """A Mitchell of 7 rounds x 3 boards when the list offers nothing bridgedesk builds.

    The weekly list (004:3048-3066) gives only guide-sheet Howells for some fields
    (e.g. 24 pairs); the Mitchell rows of the same list continue the pattern:
    straight for odd tables, skip for even, a rover for an odd number of pairs.
    """
    tables = (pairs + 1) // 2
    even = "mitchell" if tables % 2 else "skip-mitchell"
    kind = "rover-mitchell" if pairs % 2 else even
    try:
        m = build(kind, pairs=pairs, rounds=7, boards_per_round=3)
    except MovementError:
        # Past the rover's limits (004:3765-3797) the catalogue's Mitchell chooses the
        # phantom arrangement the seed prescribes (004:1088).
        m = build("mitchell", pairs=pairs, rounds=7, boards_per_round=3)
        kind = m.kind
    note = (
        f"the list recommends only guide-sheet movements for {pairs} pairs; "
        f"using a {kind} (7 rounds x 3 boards) instead"
    )
    return replace(m, notes=(*m.notes, note))


__all__ = ["build_movement", "recommended"]
