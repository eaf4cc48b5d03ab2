"""A handicap pairs session's ranking (:mod:`bridgedesk.results.handicap`) as text (en,
ja, sv) and as JSON: each pair's place and percentage with its handicap, its handicap,
and its percentage and place as played."""

from __future__ import annotations

from typing import Any

from bridgedesk.i18n import catalog
from bridgedesk.results.handicap import HandicapLine, HandicapSession
from bridgedesk.results.numbers import fixed

__all__ = ["handicap_dict", "handicap_text"]


def handicap_text(done: HandicapSession, lang: str = "en") -> str:
    """The ranking with handicaps, best first, beside the ranking as played."""
    _ = catalog(lang).gettext
    how = (
        _("handicaps from ratings") if done.method == "rating" else _("handicaps from masterpoints")
    )
    share = fixed(done.ranking.share * 100, 0)
    title = _("Handicap ranking")
    rank, pair, names = _("Rank"), _("Pair"), _("Names")
    handicapped, handicap, scratch = _("With handicap"), _("Handicap"), _("Scratch")
    out = [f"{done.event} — {title} ({how}, {share} %)"]
    out.append(f"{rank:>6} {pair:>6} {handicapped:>14} {handicap:>9} {scratch:>8} {rank:>6}  "
               f"{names}")  # fmt: skip
    direction = None
    for line in done.ranking.lines:
        if line.direction is not None and line.direction != direction:
            direction = line.direction
            out.append(direction.value)
        out.append(f"{line.rank:>6} {line.pair:>6} {fixed(line.handicapped):>14} "
                   f"{_signed(line):>9} {fixed(line.scratch):>8} {line.scratch_rank:>6}  "
                   f"{line.names}")  # fmt: skip
    return "\n".join(out) + "\n"


def _signed(line: HandicapLine) -> str:
    text = fixed(line.handicap)
    return text if text.startswith("-") else f"+{text}"


def handicap_dict(done: HandicapSession) -> dict[str, Any]:
    """The same as data: exact values as decimal strings rounded to 2 places."""
    return {
        "event": done.event, "session": done.session, "section": done.section,
        "method": done.method, "share": fixed(done.ranking.share * 100, 0),
        "ranking": [
            {"rank": x.rank, "pair": x.pair, "names": x.names,
             "direction": None if x.direction is None else x.direction.value,
             "handicapped": fixed(x.handicapped), "handicap": fixed(x.handicap),
             "scratch": fixed(x.scratch), "scratch_rank": x.scratch_rank}
            for x in done.ranking.lines
        ],
    }  # fmt: skip
