"""Score a stored event: the one place a stored event becomes a scored value.

Every surface that shows a stored event's points, ranks or travellers gets them
here: ``bridgedesk results``, the masterpoint awards, the director's console
(its pages and its report zips), the public live pages and the ranking API.
Each call reads what scoring needs in one read transaction (the movement, the
results, the director's rulings, an individual's plan, the deals, and the
event's own rules: its scoring method, matchpoint convention and format) and
scores it the one way the event's rules say.

The event's shape decides which value comes back (:func:`score`):

* :class:`SessionScores`: one session of a pairs or individual event, its
  sections each scored on its own (004:1315-1320) with the event's convention;
  an individual's players ranked alone (004:1576-1614);
* :class:`RoundScores`: a Swiss pairs, barometer or Houston event's standings
  after each round;
* :class:`EventScores`: an event of several sessions, or a final, ranked over
  its sessions by competitor with a final's carry-over (004:1993-2034);
* :class:`~bridgedesk.services.team_scores.TeamScores`: a team event.

Each carries the slips still missing (004:3838-3846) and how many were planned,
so a surface marks the ranking provisional the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.errors import EntryError, ScoringError
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.individual import IndividualPlan
from bridgedesk.events.model import SectionResults
from bridgedesk.events.rulings import Rulings
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.i18n import phrase
from bridgedesk.results.event_ranking import event_ranking, final_carry
from bridgedesk.results.individual import score_individual_section
from bridgedesk.results.model import ScoredEvent, ScoredSession
from bridgedesk.results.pair_rounds import RoundsResult, ranked_by_rounds, score_rounds
from bridgedesk.results.section import SectionMemo, score_sections
from bridgedesk.scoring.session import SessionResult
from bridgedesk.services.team_scores import TeamScores, score_teams
from bridgedesk.store import (
    director,
    event_options,
    events_repo,
    individuals,
    releases,
    team_events,
)
from bridgedesk.store.competitors import seats
from bridgedesk.store.movements_repo import deals
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.rows import EventInfo
from bridgedesk.store.session_deals import session_deals
from bridgedesk.store.sessions_repo import FinalCut, final_of, played_sections
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "EventRules",
    "EventScores",
    "Missing",
    "RoundScores",
    "Scores",
    "SectionRules",
    "SessionScores",
    "Shape",
    "event_missing",
    "event_rules",
    "rounds_ranked",
    "score",
    "score_event",
    "score_section",
    "score_session",
    "score_snapshot",
    "section_rules",
    "standings",
]


class Shape(Enum):
    """What a stored event is, as scoring sees it."""

    #: one session of pairs, its sections each ranked alone
    PAIRS = "pairs"
    #: Swiss pairs, barometer or Houston pairs: drawn and scored round by round
    ROUNDS = "rounds"
    #: players ranked alone (004:1576-1614)
    INDIVIDUAL = "individual"
    #: several sessions, or a final: ranked over its sessions by competitor
    SESSIONS = "sessions"
    #: a team event
    TEAMS = "teams"


@dataclass(frozen=True)
class EventRules:
    """How a stored event is scored, read in one transaction: the event, its shape,
    scoring method and options (format, convention, VP scale), a team event's
    settings, the sections of each session that have a movement, and a final's cut."""

    info: EventInfo
    shape: Shape
    options: EventOptions
    team: TeamSettings | None
    played: Mapping[int, Sequence[str]]
    final: FinalCut | None

    @property
    def method(self) -> Method:
        return self.info.event.scoring

    @property
    def convention(self) -> Convention:
        return self.options.convention

    def sections(self, session: int = 1) -> list[str]:
        """The names of a session's sections (those the event was created with)."""
        return [n for number, names in self.info.sections if number == session for n in names]


def event_rules(unit: UnitOfWork, event: int | str) -> EventRules:
    """What the event is and how it is scored (see :class:`EventRules`)."""
    with unit.transaction(write=False):
        info = events_repo.event(unit, event)
        opts = event_options.options(unit, event)
        team = team_events.settings(unit, event) if team_events.is_team_event(unit, event) else None
        played = played_sections(unit, event)
        final = final_of(unit, event)
        individual = individuals.individual_event(unit, event)
    if team is not None:
        shape = Shape.TEAMS
    elif opts.format is not None:
        shape = Shape.ROUNDS
    elif len(played) > 1 or final is not None:
        shape = Shape.SESSIONS
    elif individual:
        shape = Shape.INDIVIDUAL
    else:
        shape = Shape.PAIRS
    return EventRules(info, shape, opts, team, played, final)


@dataclass(frozen=True)
class Missing:
    """The slips still missing (each described for the director) and how many the
    movement plans (004:3838-3846)."""

    slips: tuple[str, ...] = ()
    planned: int = 0

    def __bool__(self) -> bool:
        return bool(self.slips)

    @property
    def line(self) -> str:
        """``PROVISIONAL: 3 of 60 slips missing`` (empty when none is)."""
        if not self.slips:
            return ""
        return phrase(
            "PROVISIONAL: {missing} of {planned} slips missing",
            missing=len(self.slips),
            planned=self.planned,
        )


@dataclass(frozen=True)
class SessionScores:
    """One session of a pairs or individual event scored (module doc)."""

    rules: EventRules
    scored: ScoredSession
    missing: Missing
    #: an individual's seating, which describes its slips by their four players
    plan: IndividualPlan | None = None


@dataclass(frozen=True)
class RoundScores:
    """A Swiss pairs, barometer or Houston pairs event scored: its standings after each
    complete round (the slips still missing are the standings' own)."""

    rules: EventRules
    rounds: RoundsResult


@dataclass(frozen=True)
class EventScores:
    """An event of several sessions (or a final) scored (module doc)."""

    rules: EventRules
    scored: ScoredEvent
    missing: Missing


Scores = SessionScores | RoundScores | EventScores | TeamScores


def _section_scored(
    snapshots: Sequence[SectionResults],
    rulings: Mapping[str, Rulings],
    deals: Mapping[int, str] | None,
    convention: Convention,
    plan: IndividualPlan | None,
    memo: Mapping[str, SectionMemo] | None = None,
) -> ScoredSession:
    """Sections of one session scored as the event's rules say (module doc)."""
    if plan is not None:  # an individual's players ranked alone (004:1576-1614)
        first = snapshots[0]
        return score_individual_section(
            first, plan, deals=deals, rulings=rulings.get(first.section)
        )
    return score_sections(snapshots, deals=deals, rulings=rulings, convention=convention,
                          memo=memo)  # fmt: skip


@dataclass(frozen=True)
class SectionRules:
    """What scoring one section of a session takes besides its results, read once: the
    event's rules, the director's rulings on the section, an individual's plan and the
    session's deals.  The live results read them again only when the event has been
    corrected or ruled on (:mod:`bridgedesk.services.live_results`)."""

    rules: EventRules
    section: str
    session: int
    rulings: Rulings
    plan: IndividualPlan | None
    deals: Mapping[int, str]
    #: the director released the session's results (:mod:`bridgedesk.events.visibility`)
    released: bool = False

    def score(self, snapshot: SectionResults, memo: SectionMemo | None = None) -> ScoredSession:
        """``snapshot`` (this section's results) scored by the event's rules, as
        :func:`score_session` scores the section; ``memo`` lends the boards scored
        before (:class:`~bridgedesk.results.section.SectionMemo`): the same values."""
        memos = None if memo is None else {self.section: memo}
        return _section_scored([snapshot], {self.section: self.rulings}, self.deals,
                               self.rules.convention, self.plan, memos)  # fmt: skip

    def score_board(self, snapshot: SectionResults, board: int) -> ScoredSession | None:
        """Board ``board``'s results in ``snapshot`` scored alone, as its traveller shows
        them (its top is its own), None before its first result.  The director's
        procedural penalties come off a pair's session total (003:47-59), not off a
        board's lines, so they are left out here: a pair penalised before it has played
        the board leaves its traveller as it is."""
        only = tuple(r for r in snapshot.results if r.board == board)
        if not only:
            return None
        alone = replace(snapshot, results=only)
        rulings = replace(self.rulings, penalties=())
        return _section_scored([alone], {self.section: rulings}, self.deals,
                               self.rules.convention, self.plan)  # fmt: skip


def section_rules(
    unit: UnitOfWork, event: int | str, section: str, session: int = 1
) -> SectionRules:
    """The :class:`SectionRules` of one section, read in one transaction."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        return SectionRules(
            rules, section, session, director.rulings(unit, event, section, session),
            individuals.plan(unit, event, section, session), _deals(unit, event, session),
            releases.released(unit, event, session),
        )  # fmt: skip


def _deals(unit: UnitOfWork, event: int | str, session: int) -> dict[int, str]:
    """A session's deals: the event's are session 1's, a later session has its own
    (:mod:`bridgedesk.store.session_deals`)."""
    return deals(unit, event) if session == 1 else session_deals(unit, event, session)


def _missing(
    unit: UnitOfWork,
    event: int | str,
    names: Sequence[str],
    session: int,
    plan: IndividualPlan | None,
    several: bool = False,
) -> Missing:
    found = []
    planned = 0
    for name in names:
        for slip in director.missing(unit, event, name, session):
            where: str = plan.describe_slip(slip) if plan is not None else slip.said
            if several:
                where = phrase(
                    "session {session} section {section} {slip}",
                    session=session,
                    section=name,
                    slip=slip.said,
                )
            elif len(names) > 1:
                where = phrase("section {section} {slip}", section=name, slip=where)
            found.append(where)
        planned += director.planned(unit, event, name, session)
    return Missing(tuple(found), planned)


def score_session(
    unit: UnitOfWork,
    event: int | str,
    session: int = 1,
    sections: Sequence[str] | None = None,
    *,
    with_deals: bool = True,
    rules: EventRules | None = None,
) -> SessionScores:
    """One session of a pairs or individual event (every section, or ``sections``)."""
    with unit.transaction(write=False):
        rules = rules or event_rules(unit, event)
        if rules.shape is Shape.TEAMS:
            raise ScoringError(
                "event {event!r} is a team event: its results are its matches and standings",
                code="event.team-results",
                event=rules.info.event.name,
            )
        names = list(sections) if sections else rules.sections(session)
        if not names:
            raise EntryError(
                "event {event} has no session {session}",
                code="event.no-such-session",
                event=event,
                session=session,
            )
        snapshots = [section_results(unit, event, n, session) for n in names]
        rulings = {n: director.rulings(unit, event, n, session) for n in names}
        plan = individuals.plan(unit, event, names[0], session)
        deals = _deals(unit, event, session) if with_deals else None
        missing = _missing(unit, event, names, session, plan)
    scored = _section_scored(snapshots, rulings, deals, rules.convention, plan)
    return SessionScores(rules, scored, missing, plan)


def score_snapshot(
    unit: UnitOfWork, event: int | str, snapshot: SectionResults, *, with_deals: bool = True
) -> ScoredSession:
    """A section already read (e.g. one board's results only) scored by the event's rules:
    its rulings, an individual's plan, the event's convention."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        name, session = snapshot.section, snapshot.session
        rulings = {name: director.rulings(unit, event, name, session)}
        plan = individuals.plan(unit, event, name, session)
        deals = _deals(unit, event, session) if with_deals else None
    return _section_scored([snapshot], rulings, deals, rules.convention, plan)


def score_section(
    unit: UnitOfWork, event: int | str, section: str, session: int = 1, *, with_deals: bool = True
) -> ScoredSession:
    """One section of a session, scored as ``bridgedesk results EVENT --section`` does."""
    return score_session(unit, event, session, [section], with_deals=with_deals).scored


def event_missing(unit: UnitOfWork, event: int | str) -> Missing:
    """Every slip still missing in any session of the event (004:3838-3846)."""
    with unit.transaction(write=False):
        slips: list[str] = []
        planned = 0
        for session, names in event_rules(unit, event).played.items():
            lost = _missing(unit, event, names, session, None, several=True)
            slips += lost.slips
            planned += lost.planned
    return Missing(tuple(slips), planned)


def score_event(unit: UnitOfWork, event: int | str, *, with_deals: bool = True) -> EventScores:
    """Every played session scored, and the combined ranking (with a final's carry-over);
    the deals go with each session to the writers (hand records).  A session with no
    result yet is left out, so the ranking during the event is of what was played."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        sessions: list[ScoredSession] = []
        for session, names in rules.played.items():
            snapshots = [section_results(unit, event, n, session) for n in names]
            if not any(x.results for x in snapshots):
                continue  # a session not begun yet: the ranking so far is of those played
            rulings = {n: director.rulings(unit, event, n, session) for n in names}
            deals = _deals(unit, event, session) if with_deals else None
            sessions.append(_section_scored(snapshots, rulings, deals, rules.convention, None))
        stored = [(x.competitor, x.session, x.section, x.number) for x in seats(unit, event)]
        carry = None
        if rules.final is not None and sessions:
            qualifying = score_event(unit, rules.final.qualifying, with_deals=False).scored
            origins = {
                x.competitor: x.origin for x in seats(unit, event) if x.origin and x.session == 1
            }
            carry = final_carry(qualifying, origins, sessions[0], rules.final.max_boards)
        missing = event_missing(unit, event)
    return EventScores(rules, event_ranking(sessions, stored, carry), missing)


def standings(unit: UnitOfWork, event: int | str) -> RoundsResult:
    """The standings after each complete round of a Swiss pairs, barometer or Houston
    pairs event (004:2589-2602, 004:1505-1515): only rounds whose every slip is in are
    scored (:func:`bridgedesk.results.pair_rounds.score_rounds`)."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        if rules.shape is not Shape.ROUNDS:
            raise EntryError(
                "event {event} is not played round by round (create it with --format "
                "swiss-pairs, barometer or houston)",
                code="event.not-by-round",
                event=event,
            )
        name, session = event_options.SECTION, event_options.SESSION
        return score_rounds(
            section_results(unit, event, name, session),
            rules.options,
            director.rulings(unit, event, name, session),
            director.missing(unit, event, name, session),
        )


def rounds_ranked(unit: UnitOfWork, event: int | str) -> SessionResult:
    """A round-by-round event's section placed by its standings after the last round
    (:func:`bridgedesk.results.pair_rounds.ranked_by_rounds`): what its masterpoints are
    awarded on.  The director's penalties are the standings' own (003:55-57)."""
    with unit.transaction(write=False):
        name, session = event_options.SECTION, event_options.SESSION
        snapshot = section_results(unit, event, name, session)
        rulings = replace(director.rulings(unit, event, name, session), penalties=())
        result = standings(unit, event)
    scored = score_sections([snapshot], rulings={name: rulings})
    return ranked_by_rounds(scored.session_result, result)


def score(
    unit: UnitOfWork,
    event: int | str,
    *,
    session: int | None = None,
    section: str | None = None,
    flights: Sequence[str] = (),
    with_deals: bool = True,
) -> Scores:
    """The event scored the way its shape says (module doc): the whole event unless
    ``session`` or ``section`` (of session 1, or of ``session``) narrows it;
    ``flights`` names the other flights of an SRR teams + pairs field."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        if rules.shape is Shape.TEAMS:
            if section is not None:
                raise EntryError(
                    "a team event is one section: leave out --section",
                    code="event.team-one-section",
                )
            return score_teams(unit, event, session, flights)
        if flights:
            raise EntryError(
                "--flight is for an SRR teams + pairs event", code="publish.flight-not-srr"
            )
        if rules.shape is Shape.SESSIONS and session is None and section is None:
            return score_event(unit, event, with_deals=with_deals)
        if rules.shape is Shape.ROUNDS:
            return RoundScores(rules, standings(unit, event))
        names = [section] if section is not None else None
        return score_session(unit, event, session or 1, names, with_deals=with_deals, rules=rules)
