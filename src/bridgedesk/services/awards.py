"""Award a stored event's masterpoints and record them in the ledger.

``bridgedesk masterpoints award --from-event`` (then ``record``) and the console's
publish page both come here.  The event is scored by
:func:`bridgedesk.services.event_scores.score` (the ranking every surface shows:
the event's convention, the director's rulings, an individual's players ranked
alone, a Swiss event placed by its rounds); the member numbers come from the
entries; the stored event says its rating and class (JCBL,
:func:`bridgedesk.masterpoints.request.award_request`).  Recording writes the
awards into the ledger (:func:`bridgedesk.store.ledger.record_event_awards`,
audited; players not yet members are held, 000:141-151).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bridgedesk.errors import EntryError, MasterpointError
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.request import AwardInput, AwardOptions, StoredEvent, award_request
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.results.model import ScoredSession
from bridgedesk.scoring.results import ScoredBoard
from bridgedesk.scoring.session import SessionResult
from bridgedesk.services.event_scores import (
    EventRules,
    EventScores,
    RoundScores,
    SessionScores,
    Shape,
    rounds_ranked,
    score,
    score_section,
)
from bridgedesk.store.competitors import seats
from bridgedesk.store.ledger import EventAwards, record_event_awards
from bridgedesk.store.unit import UnitOfWork

__all__ = ["ScoredForAwards", "event_awards", "record", "scored_for_awards"]


@dataclasses.dataclass(frozen=True)
class ScoredForAwards:
    """A stored event as the award rules take it: its sessions scored, each
    competitor's member numbers, and what the event knows of itself."""

    sessions: tuple[SessionResult, ...]
    players: dict[str, tuple[str, ...]]
    facts: StoredEvent


def _session_result(scored: ScoredSession, rename: dict[tuple[str, str], str]) -> SessionResult:
    """A session's sections as one engine result, each standing named by its competitor
    (``rename``: (section, pair) -> competitor; a pair not in it keeps its number)."""
    standings = []
    boards: list[ScoredBoard] = []
    first = None
    for sec in scored.sections:
        engine = sec.engine
        assert engine is not None
        first = first or engine
        boards += engine.boards
        for st in engine.standings:
            who = rename.get((sec.name, st.pair), st.pair)
            standings.append(dataclasses.replace(st, pair=who))
    assert first is not None
    return dataclasses.replace(first, boards=tuple(boards), standings=tuple(standings))


def _players(
    scored: ScoredSession, rename: dict[tuple[str, str], str], out: dict[str, tuple[str, ...]]
) -> None:
    for sec in scored.sections:
        for st in sec.ranking:
            members = tuple(p.member for p in st.players if p.member)
            who = rename.get((sec.name, st.pair), st.pair)
            if members:
                out.setdefault(who, members)


def scored_for_awards(unit: UnitOfWork, event: int | str, section: str) -> ScoredForAwards:
    """The stored event scored for its awards (module doc).  An event ranked over several
    sessions (or a final) is placed by its combined ranking (004:1315-1320, with a
    final's carry-over) and each session's standings are named by competitor; a
    Swiss, barometer or Houston event is placed by its standings after the last round;
    otherwise ``section`` is awarded in each session that has it."""
    with unit.transaction(write=False):
        found = score(unit, event, section=None, with_deals=False)
        if isinstance(found, EventScores):
            where = {
                (x.session, x.section, str(x.number)): x.competitor for x in seats(unit, event)
            }
            return _whole_event(found, where)
        if isinstance(found, RoundScores):  # Swiss, barometer, Houston: placed by the rounds
            result = rounds_ranked(unit, event)
            players: dict[str, tuple[str, ...]] = {}
            _players(score_section(unit, event, found.rules.sections(1)[0]), {}, players)
            return ScoredForAwards((result,), players, _facts(found.rules, "pairs"))
        if not isinstance(found, SessionScores):
            raise MasterpointError(
                f"event {event!r} is a team event: masterpoints are awarded to pairs and "
                "individuals' placings (000), which a team event's standings are not"
            )
        rules = found.rules
        names = rules.sections(1)
        if section not in names:
            raise MasterpointError(
                f"event {event!r} has no section {section!r}; its sections: "
                + (", ".join(names) or "none")
            )
        if len(names) > 1:
            found = score(unit, event, section=section, with_deals=False)
            assert isinstance(found, SessionScores)
    result = _session_result(found.scored, {})
    players = {}
    _players(found.scored, {}, players)
    kind = "individual" if rules.shape is Shape.INDIVIDUAL else "pairs"
    return ScoredForAwards((result,), players, _facts(rules, kind))


def _facts(rules: EventRules, kind: str, places: dict[str, int] | None = None) -> StoredEvent:
    """What the stored event knows of itself (its rating and class: the JCBL award)."""
    info = rules.info.event
    return StoredEvent(info.name, info.date, info.rating.value, info.class_, kind, places)


def _whole_event(found: EventScores, where: dict[tuple[int, str, str], str]) -> ScoredForAwards:
    """An event ranked over several sessions (module doc)."""
    scored: list[SessionResult] = []
    players: dict[str, tuple[str, ...]] = {}
    for session in found.scored.sessions:
        rename = {
            (sec.name, st.pair): where[(session.session, sec.name, st.pair)]
            for sec in session.sections
            for st in sec.ranking
            if (session.session, sec.name, st.pair) in where
        }
        scored.append(_session_result(session, rename))
        _players(session, rename, players)
    combined = found.scored.combined
    assert combined is not None  # score_event always ranks the sessions it scored
    places = {c.pair: int(c.rank.rstrip("=")) for c in combined.ranking}
    return ScoredForAwards(tuple(scored), players, _facts(found.rules, "pairs", places))


def event_awards(
    unit: UnitOfWork,
    event: int | str,
    section: str = "A",
    rules: str = "jcbl",
    options: AwardOptions | None = None,
) -> list[Award]:
    """The awards of a stored event's section under ``rules``, as the event knows itself
    (``options``: an award request's options instead, e.g. an SBF table)."""
    found = scored_for_awards(unit, event, section)
    if not found.players:
        raise MasterpointError(
            "no member numbers: enter the players' member numbers to award masterpoints"
        )
    source = AwardInput(sessions=found.sessions, players=found.players, stored=found.facts)
    asked = options if options is not None else AwardOptions(rules=rules)
    return list(award_request(asked, source).awards)


def record(
    unit: UnitOfWork,
    event: int | str,
    awards: Sequence[Award],
    *,
    rules: str,
    who: str,
    reason: str,
) -> EventAwards:
    """Write the awards into the ledger (replacing the event's earlier ones, audited)."""
    if rules not in RULE_VERSIONS:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    if not reason.strip():
        raise EntryError("give the reason (it is kept in the ledger's audit log)")
    return record_event_awards(
        unit, event, awards, rules=rules, version=RULE_VERSIONS[rules], who=who, reason=reason
    )
