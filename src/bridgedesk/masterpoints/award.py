"""Awarding an event: from a :class:`~bridgedesk.masterpoints.ranking.Ranking` to the
points of each player, with the colour, the place and the reason.

``award(ranking, "jcbl", WeeklyGame(...))`` applies the JCBL weekly rules (000:173-228,
000:471-547); ``award(ranking, "jcbl", ClubGame(...))`` a CCG-or-higher event's overall
and, given each session's scores, session awards (000:230-547);
``award(ranking, "sbf", SbfEvent(...))`` an SBF table (001), and
``award(ranking, "sbf", SbfSeries(...))`` an SBF team series or cup match by match.
From sessions scored by the engine, see :mod:`bridgedesk.masterpoints.scored`.

Common behaviour:

* each field is awarded on its own (two-winner Mitchell, sections);
* tied competitors share the points of the places they cover: JCBL the average,
  rounded (000:503-507), SBF the share rounded up (001:489-495);
* stratified events (``Ranking.flights``): a flight's field counts its own and every
  lower flight's competitors; a competitor placed in several flights gets the best
  of them (000:499-501);
* players who did not play enough get nothing (JCBL 000:539-545: at least 50 % of
  the boards, exactly 50 % gives half; SBF 001:525-531: at least half the boards).

The rules live by federation: :mod:`bridgedesk.masterpoints.jcbl.award` (weekly and
CCG-and-up games), :mod:`bridgedesk.masterpoints.sbf.award` (SBF tables) and
:mod:`bridgedesk.masterpoints.sbf.award_series` (SBF team series); this module
dispatches to them and re-exports their parameter types.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bridgedesk.errors import MasterpointError
from bridgedesk.i18n import phrase
from bridgedesk.masterpoints.awards import Award, Rules
from bridgedesk.masterpoints.jcbl.award import ClubGame, award_club, award_weekly
from bridgedesk.masterpoints.jcbl.weekly import WeeklyGame
from bridgedesk.masterpoints.ranking import Ranking
from bridgedesk.masterpoints.sbf.award import B1_DIVISIONS, SbfEvent, award_event
from bridgedesk.masterpoints.sbf.award_series import (
    B4_WINNER_PER_TEAM,
    SbfSeries,
    TeamMatch,
    award_series,
)
from bridgedesk.masterpoints.sbf.rules import SbfFinal

__all__ = [
    "B1_DIVISIONS",
    "B4_WINNER_PER_TEAM",
    "Award",
    "ClubGame",
    "Params",
    "Rules",
    "SbfEvent",
    "SbfFinal",
    "SbfSeries",
    "TeamMatch",
    "award",
    "award_combined",
]

#: The parameters ``award`` takes: JCBL WeeklyGame or ClubGame, SBF SbfEvent or SbfSeries.
Params = WeeklyGame | SbfEvent | ClubGame | SbfSeries


def award(ranking: Ranking, rules: Rules, params: Params) -> tuple[Award, ...]:
    """Every player's award, by field, then place, then competitor order."""
    if rules == "jcbl" and isinstance(params, WeeklyGame):
        return award_weekly(ranking, params)
    if rules == "jcbl" and isinstance(params, ClubGame):
        return award_club(ranking, params)
    if rules == "sbf" and isinstance(params, SbfEvent):
        return award_event(ranking, params)
    if rules == "sbf" and isinstance(params, SbfSeries):
        return award_series(ranking, params)
    raise MasterpointError(
        f"rules {rules!r} do not take {type(params).__name__} parameters "
        "(jcbl: WeeklyGame or ClubGame, sbf: SbfEvent or SbfSeries)"
    )


def award_combined(
    rules: Rules,
    components: Sequence[tuple[str, Ranking, Params]],
) -> tuple[Award, ...]:
    """An event that combines two or more different events (say a team round robin
    whose boards also give a pairs ranking): each component is awarded on its own
    ranking and parameters, and a player keeps what each pays him ("2つ以上の異なる
    競技会を組合わせた競技会は区別してマスターポイントを計算します", 000:521-523).
    Each award's reason starts with its component's name."""
    names = [name for name, _, _ in components]
    if len(names) < 2:
        raise MasterpointError(
            f"a combined event has two or more component events, got {len(names)}"
        )
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise MasterpointError(f"component event {repeated[0]!r} is listed twice")
    out: list[Award] = []
    for name, ranking, params in components:
        out.extend(
            dataclasses.replace(a, reason=phrase("{name}: {reason}", name=name, reason=a.reason))
            for a in award(ranking, rules, params)
        )
    return tuple(out)
