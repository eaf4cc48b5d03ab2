"""A handicap event's two prize lists: the places as played ("scratch") and the places
with the handicaps, each paid its own awards, put together for each player.

SBF (001:502-516, "Handicaptävlingar"): bronze points only; the scratch list is paid
by tables A1 and A2 as usual, the handicap list half of it, rounded up, at least 2
(:func:`bridgedesk.masterpoints.sbf.tables.handicap_scale`, ``SbfEvent.handicap``); a
pair placed on both lists gets the points of the one that pays more ("Par som placerar
sig på såväl resultatlistan utan som den med hcp, erhåller bp utifrån den resultatlista
som ger flest").  JCBL says of a handicap event only that its award is limited by
L3 = 10 (ハンディ付, 000:331-333) at club championship level and up; docs/handicap.md
says how bridgedesk pays the two lists under it.  A club whose rule pays a pair both
lists' awards asks for ``both``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from bridgedesk.i18n import phrase
from bridgedesk.masterpoints.awards import Award, worth

__all__ = ["PrizeList", "Split", "paid_on_two_lists", "two_lists"]

#: How an award's reason starts on each list (the English ``award --json`` prints).
_MARKS = ("scratch: ", "with handicap: ")


class PrizeList(StrEnum):
    """Which list an award was paid on."""

    SCRATCH = "scratch"
    HANDICAP = "handicap"


class Split(StrEnum):
    """How a pair placed on both lists is paid: the ``better`` list's awards (SBF
    001:502-516, bridgedesk's default), or ``both`` (a club's own rule)."""

    BETTER = "better"
    BOTH = "both"


def _named(awards: Sequence[Award], which: PrizeList) -> list[Award]:
    if which is PrizeList.SCRATCH:
        return [dataclasses.replace(a, reason=phrase("scratch: {reason}", reason=a.reason))
                for a in awards]  # fmt: skip
    return [dataclasses.replace(a, reason=phrase("with handicap: {reason}", reason=a.reason))
            for a in awards]  # fmt: skip


def paid_on_two_lists(reason: object) -> bool:
    """Whether an award's reason (as ``award --json`` printed it) says one of the two
    lists of :func:`two_lists`."""
    return str(reason).startswith(_MARKS)


def two_lists(
    scratch: Sequence[Award], handicapped: Sequence[Award], split: Split = Split.BETTER
) -> tuple[Award, ...]:
    """Each player's awards from the scratch list and the handicap list: both, or the
    list that pays the player more (its every award; equal: the scratch list's).  The
    scratch list's awards first, then the handicap list's, each in its own order."""
    if split is Split.BOTH:
        return tuple(_named(scratch, PrizeList.SCRATCH) + _named(handicapped, PrizeList.HANDICAP))

    def totals(awards: Sequence[Award]) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for a in awards:
            out[a.member] = out.get(a.member, Fraction(0)) + worth(a)
        return out

    plain, with_h = totals(scratch), totals(handicapped)
    kept_h = {m for m, v in with_h.items() if v > plain.get(m, Fraction(0))}
    return tuple(
        _named([a for a in scratch if a.member not in kept_h], PrizeList.SCRATCH)
        + _named([a for a in handicapped if a.member in kept_h], PrizeList.HANDICAP)
    )
