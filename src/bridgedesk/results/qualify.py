"""Who goes from the qualifying to the final (004:1985-1992).

The seed gives two ways of cutting the field: rank the whole qualifying and
keep the best ``N`` pairs, or keep the best ``N`` of each section and each side
(direction) (004:1987); the event's conditions choose.  A qualifier who will
not play the final must say so before the qualifying ends (004:1991): a
withdrawn pair is left out before the cut, so the next pair takes its place.

Where the seed is silent: pairs tied on the last qualifying place all
qualify (no pair is cut on a tie the ranking itself shows as shared).  The
overall ranking is by percentage when there is one (fields of different sizes,
004:1315-1320), else by total.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from fractions import Fraction

from bridgedesk.errors import ScoringError
from bridgedesk.results.combined import Combined
from bridgedesk.results.model import ScoredSession, Standing, pair_order
from bridgedesk.results.numbers import decimal


class CutBy(enum.StrEnum):
    """004:1987: the whole qualifying ranked, or each section and side apart."""

    OVERALL = "overall"
    FIELD = "field"


def _measure(s: Standing) -> Fraction:
    return s.percentage if s.percentage is not None else s.total


def _best(rows: list[tuple[str, Fraction]], places: int) -> list[str]:
    """The best ``places`` by value, with everyone tied on the last place (2 decimals)."""
    rows = sorted(rows, key=lambda r: (-r[1], pair_order(r[0])))
    if len(rows) <= places:
        return [p for p, _ in rows]
    last = decimal(rows[places - 1][1])
    return [p for i, (p, v) in enumerate(rows) if i < places or decimal(v) == last]


def qualifiers(
    qualifying: ScoredSession | Combined,
    places: int,
    by: CutBy = CutBy.OVERALL,
    withdrawn: Collection[str] = (),
) -> list[str]:
    """The pairs who qualify, best first (ids as the qualifying ranking names them).

    ``places`` is the number kept overall, or in each field with
    :attr:`CutBy.FIELD`.  A qualifying over several sessions (a
    :class:`~bridgedesk.results.combined.Combined` ranking) is cut overall, or
    in each first-session section: directions change between its sessions.
    """
    if places < 1:
        raise ScoringError(
            "the cut keeps at least 1 pair, not {given}", code="final.cut-at-least-1", given=places
        )
    groups: dict[tuple[str, str], list[tuple[str, Fraction]]] = {}
    if isinstance(qualifying, Combined):
        known = {c.pair for c in qualifying.ranking}
        rows = [
            (c.pair, c.percentage if qualifying.by_percentage and c.percentage else c.total)
            for c in qualifying.ranking
        ]
        if by is CutBy.FIELD:
            # over several sessions a pair's field is its first session's section
            # (directions change with the movements, 004:2381-2452)
            for c, row in zip(qualifying.ranking, rows, strict=True):
                groups.setdefault((c.section or "", ""), []).append(row)
            if len(groups) < 2:
                raise ScoringError(
                    "a qualifying over several sessions in one section is cut overall",
                    code="final.cut-overall",
                )
    else:
        many = len(qualifying.sections) > 1
        standings = [(sec.name, s) for sec in qualifying.sections for s in sec.ranking]
        known = {(sec + s.pair) if many and not s.pair.startswith(sec) else s.pair
                 for sec, s in standings}  # fmt: skip
        rows = []
        for sec, s in standings:
            pid = (sec + s.pair) if many and not s.pair.startswith(sec) else s.pair
            key = (sec, "" if s.direction is None else s.direction.value)
            groups.setdefault(key, []).append((pid, _measure(s)))
            rows.append((pid, _measure(s)))
    unknown = sorted(set(withdrawn) - known, key=pair_order)
    if unknown:
        raise ScoringError(
            "withdrawn pair {pair} did not play the qualifying",
            code="final.withdrawn-not-qualifying",
            pair=unknown[0],
        )
    if by is CutBy.OVERALL:
        return _best([r for r in rows if r[0] not in withdrawn], places)
    out: list[str] = []
    for key in sorted(groups):
        out += _best([r for r in groups[key] if r[0] not in withdrawn], places)
    return out
