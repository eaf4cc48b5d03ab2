"""Masterpoints for a handicap pairs session: the scratch places and the handicap places
each paid, a pair placed on both paid the better list (or both, by the club's rule).

``bridgedesk masterpoints award --from-event EVENT --handicap-ratings FILE |
--handicap-grades BANDS`` and the console's handicap page come here.  The scratch list
is the event's own award (:func:`bridgedesk.services.awards.awards_of`: the JCBL
rating or class the event is stored with, or the SBF table asked for); the handicap
list is the ranking :func:`bridgedesk.services.handicaps.handicap_session` gives, paid
by the same rules as a handicap list (SBF: half the bronze scale, 001:502-516; JCBL at
club championship level and up: the handicap limit L3 = 10, 000:331-333; a JCBL weekly
game by its own class, which has no limiting factors); then
:func:`bridgedesk.masterpoints.handicap_lists.two_lists` gives each player what the
club's split says.  docs/handicap.md says why.  The awards are recorded with
:func:`bridgedesk.services.awards.record`, as any others.
"""

from __future__ import annotations

import dataclasses

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import ClubGame, award
from bridgedesk.masterpoints.handicap_lists import Split, two_lists
from bridgedesk.masterpoints.jcbl.club import l3_other
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.request import AwardOptions, parameters
from bridgedesk.masterpoints.scored import session_tables
from bridgedesk.results.handicap import HandicapSession
from bridgedesk.services.awards import EventAwardList, awards_of, scored_for_awards
from bridgedesk.services.handicaps import HandicapAsked, handicap_session
from bridgedesk.store.unit import UnitOfWork

__all__ = ["HandicapAwards", "handicap_awards", "handicap_options"]


@dataclasses.dataclass(frozen=True)
class HandicapAwards:
    """The awards of both lists as the split gives them (``awards``: what is recorded,
    with the ranking digest of the scratch list, which a later ruling makes stale), and
    the handicap ranking they were paid on."""

    awards: EventAwardList
    ranking: HandicapSession
    split: Split


def handicap_options(options: AwardOptions) -> AwardOptions:
    """The award options of the handicap list: SBF's handicap result list (half the
    bronze scale, 001:502-516); JCBL's as they are (the limit is added to the
    parameters, which know whether the game is a weekly one)."""
    if options.rules == "sbf":
        return dataclasses.replace(options, handicap=True)
    return options


def handicap_awards(
    unit: UnitOfWork,
    event: int | str,
    asked: HandicapAsked,
    options: AwardOptions,
    *,
    split: Split = Split.BETTER,
    section: str = "A",
) -> HandicapAwards:
    """Both lists' awards of a one-session pairs event's ``section`` (module doc)."""
    if options.handicap:
        raise MasterpointError(
            "--handicap awards a handicap ranking given as a file; with the handicaps of "
            "the stored event both lists are paid, so leave it out",
            code="awards.handicap-given-twice",
        )
    with unit.transaction(write=False):
        found = scored_for_awards(unit, event, section)
        if len(found.sessions) != 1:
            raise MasterpointError(
                "a handicap event's awards are for one session of pairs, not {n} sessions",
                code="awards.handicap-one-session",
                n=len(found.sessions),
            )
        scratch = awards_of(unit, event, section, options=options)
        ranked = handicap_session(unit, event, asked, session=1, section=section)
    placings = tuple(
        Placing(
            line.pair,
            found.players[line.pair],
            int(line.rank.rstrip("=")),
            field="" if line.direction is None else line.direction.name,
        )
        for line in ranked.ranking.lines
    )
    ranking = Ranking(placings)
    params = parameters(
        handicap_options(options), ranking, sessions_scored=1,
        tables=session_tables(found.sessions[0]), stored=found.facts,
    )  # fmt: skip
    if isinstance(params, ClubGame):  # ハンディ付: L3 = 10 (000:331-333)
        limits = (*params.event.limits, l3_other("handicap"))
        params = dataclasses.replace(params, event=dataclasses.replace(params.event,
                                                                       limits=limits))  # fmt: skip
    paid = award(ranking, "jcbl" if options.rules == "jcbl" else "sbf", params)
    both = two_lists(scratch.awards, paid, split)
    return HandicapAwards(dataclasses.replace(scratch, awards=both), ranked, split)
