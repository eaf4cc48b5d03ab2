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

Recorded awards remember the ranking they were made from (its digest, with the
rules and options), so a later ruling or correction that changes it shows them
stale (:func:`award_status`) with the one command that records them again
(:func:`rerecord`, ``bridgedesk masterpoints record --event``).  Nothing is recorded
while a result of the event is under dispute, unless the director says so
(``despite_disputes``, kept in the director's audit log).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections.abc import Sequence

from bridgedesk.errors import BridgedeskError, EntryError, MasterpointError
from bridgedesk.i18n import LazyText, lazy_pgettext, phrase
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.handicap_lists import paid_on_two_lists
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
from bridgedesk.store import director, events_repo
from bridgedesk.store.competitors import seats
from bridgedesk.store.disputes import event_open_disputes
from bridgedesk.store.ledger import (
    AwardBasis,
    AwardLike,
    EventAwards,
    award_bases,
    award_basis,
    record_event_awards,
)
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "AwardStatus",
    "EventAwardList",
    "RecordedAwards",
    "ScoredForAwards",
    "award_status",
    "awards_of",
    "event_awards",
    "ranking_of",
    "record",
    "rerecord",
    "scored_for_awards",
    "stale_awards",
]


@dataclasses.dataclass(frozen=True)
class ScoredForAwards:
    """A stored event as the award rules take it: its sessions scored, each
    competitor's member numbers, and what the event knows of itself."""

    sessions: tuple[SessionResult, ...]
    players: dict[str, tuple[str, ...]]
    facts: StoredEvent
    #: A stratified event's flight of each competitor (004:1515-1532): awards per flight.
    flights: dict[str, str] = dataclasses.field(default_factory=dict)


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
    scored: ScoredSession,
    rename: dict[tuple[str, str], str],
    out: dict[str, tuple[str, ...]],
    names: dict[str, str] | None = None,
    flights: dict[str, str] | None = None,
) -> None:
    """Each competitor's member numbers into ``out`` (each member's name into ``names``,
    each competitor's flight into ``flights``), from the entries the ranking names."""
    for sec in scored.sections:
        for st in sec.ranking:
            members = tuple(p.member for p in st.players if p.member)
            who = rename.get((sec.name, st.pair), st.pair)
            if members:
                out.setdefault(who, members)
            if flights is not None and st.flight is not None:
                flights.setdefault(who, st.flight)
            if names is not None:
                names.update({p.member: p.name for p in st.players if p.member and p.name})


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
            who: dict[str, str] = {}
            flights: dict[str, str] = {}
            first = score_section(unit, event, found.rules.sections(1)[0])
            _players(first, {}, players, who, flights)
            facts = _facts(found.rules, "pairs", None, who)
            return ScoredForAwards((result,), players, facts, flights)
        if not isinstance(found, SessionScores):
            raise MasterpointError(
                "event {event!r} is a team event: masterpoints are awarded to pairs and "
                "individuals' placings (000), which a team event's standings are not",
                code="awards.team-event",
                event=event,
            )
        rules = found.rules
        names = rules.sections(1)
        if section not in names:
            if not names:
                raise MasterpointError(
                    "event {event!r} has no section {section!r}; its sections: none",
                    code="awards.no-such-section",
                    event=event,
                    section=section,
                )
            raise MasterpointError(
                "event {event!r} has no section {section!r}; its sections: {sections}",
                code="awards.no-such-section",
                event=event,
                section=section,
                sections=", ".join(names),
            )
        if len(names) > 1:
            found = score(unit, event, section=section, with_deals=False)
            assert isinstance(found, SessionScores)
    result = _session_result(found.scored, {})
    players = {}
    who = {}
    flown: dict[str, str] = {}
    _players(found.scored, {}, players, who, flown)
    kind = "individual" if rules.shape is Shape.INDIVIDUAL else "pairs"
    return ScoredForAwards((result,), players, _facts(rules, kind, None, who), flown)


def _facts(
    rules: EventRules,
    kind: str,
    places: dict[str, int] | None = None,
    names: dict[str, str] | None = None,
) -> StoredEvent:
    """What the stored event knows of itself (its rating and class: the JCBL award; its
    club and its players' names: the certificates)."""
    info = rules.info.event
    return StoredEvent(
        info.name, info.date, info.rating.value, info.class_, kind, places, info.club, names
    )


def _whole_event(found: EventScores, where: dict[tuple[int, str, str], str]) -> ScoredForAwards:
    """An event ranked over several sessions (module doc)."""
    scored: list[SessionResult] = []
    players: dict[str, tuple[str, ...]] = {}
    names: dict[str, str] = {}
    flights: dict[str, str] = {}
    for session in found.scored.sessions:
        rename = {
            (sec.name, st.pair): where[(session.session, sec.name, st.pair)]
            for sec in session.sections
            for st in sec.ranking
            if (session.session, sec.name, st.pair) in where
        }
        scored.append(_session_result(session, rename))
        _players(session, rename, players, names, flights)
    combined = found.scored.combined
    assert combined is not None  # score_event always ranks the sessions it scored
    places = {c.pair: int(c.rank.rstrip("=")) for c in combined.ranking}
    facts = _facts(found.rules, "pairs", places, names)
    return ScoredForAwards(tuple(scored), players, facts, flights)


def ranking_of(found: ScoredForAwards) -> tuple[str, str]:
    """The placing the awards are made from, as a JSON document, and its digest: each
    session's standings (competitor, rank, total) and an event's overall places."""
    doc = {
        "sessions": [
            [[st.pair, st.rank, str(st.total)] for st in session.standings]
            for session in found.sessions
        ],
        "places": dict(sorted((found.facts.places or {}).items())),
    }
    text = json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclasses.dataclass(frozen=True)
class EventAwardList:
    """A stored event's awards and the ranking they were made from (its digest)."""

    awards: tuple[Award, ...]
    ranking: str
    digest: str


def awards_of(
    unit: UnitOfWork,
    event: int | str,
    section: str = "A",
    rules: str = "jcbl",
    options: AwardOptions | None = None,
) -> EventAwardList:
    """The awards of a stored event's section under ``rules``, as the event knows itself
    (``options``: an award request's options instead, e.g. an SBF table), with the
    ranking they place."""
    found = scored_for_awards(unit, event, section)
    if not found.players:
        raise MasterpointError(
            "no member numbers: enter the players' member numbers to award masterpoints",
            code="awards.no-member-numbers",
        )
    source = AwardInput(
        sessions=found.sessions, players=found.players, flights=found.flights, stored=found.facts
    )
    asked = options if options is not None else AwardOptions(rules=rules)
    ranking, digest = ranking_of(found)
    return EventAwardList(tuple(award_request(asked, source).awards), ranking, digest)


def event_awards(
    unit: UnitOfWork,
    event: int | str,
    section: str = "A",
    rules: str = "jcbl",
    options: AwardOptions | None = None,
) -> list[Award]:
    """The awards of a stored event's section (see :func:`awards_of`)."""
    return list(awards_of(unit, event, section, rules, options).awards)


def _options_json(options: AwardOptions, section: str, handicap: bool = False) -> str:
    """The award options a stored event's awards were made under (what :func:`rerecord`
    asks again): the rules and the SBF table's facts, and the section; ``handicap``:
    paid on a scratch and a handicap list (whose handicaps are not stored)."""
    kept = {"rules": options.rules, "table": options.table, "boards": options.boards,
            "met": options.met, "section": section}  # fmt: skip
    if handicap:
        kept["handicap"] = True
    return json.dumps(kept, sort_keys=True)


def _refuse_disputes(unit: UnitOfWork, event: int | str, despite: bool, what: LazyText) -> str:
    """Refuse ``what`` while a result of the event is under dispute, unless ``despite``
    (then the line that says so, English for the audit log); "" when no dispute is open."""
    found = event_open_disputes(unit, event)
    if not found:
        return ""
    first = found[0]
    where = phrase(
        "round {round}, table {table}, board {board}",
        round=first.round,
        table=first.table,
        board=first.board,
    )
    count = (
        phrase("{count} results are under dispute", count=len(found))
        if len(found) > 1
        else phrase("{count} result is under dispute", count=len(found))
    )
    if not despite:
        raise EntryError(
            "{what} waits for the director: {count} (the first: dispute {dispute}, {place}); "
            "resolve it with `bridgedesk result resolve {event} {dispute} --reason ...`, "
            "or go ahead with --despite-disputes (kept in the audit log)",
            code="awards.disputes-open",
            what=what,
            count=count,
            dispute=first.id,
            place=where,
            event=event,
        )
    return f"{what} despite open disputes: {count}"


def record(
    unit: UnitOfWork,
    event: int | str,
    awards: Sequence[AwardLike],
    *,
    rules: str,
    who: str,
    reason: str,
    options: AwardOptions | None = None,
    section: str = "A",
    computed_from: str | None = None,
    despite_disputes: bool = False,
    version: str | None = None,
) -> RecordedAwards:
    """Write the awards into the ledger (replacing the event's earlier ones, audited),
    with the ranking they were made from, so a later ruling shows them stale
    (:func:`award_status`).

    Refused while a result is under dispute, unless ``despite_disputes`` (which the
    director's audit log keeps); and refused when ``computed_from`` (the digest of the
    ranking the awards were computed from, ``award --json``) is not the event's ranking
    now: a ruling or correction came in between, so they are computed again first.
    Awards paid on a handicap event's two lists (:mod:`bridgedesk.services.handicap_awards`,
    their reasons say which) are marked so: :func:`rerecord` cannot repeat them."""
    if rules not in RULE_VERSIONS:
        raise MasterpointError(
            "--rules must be jcbl or sbf, got {rules!r}", code="awards.bad-rules", rules=rules
        )
    if not reason.strip():
        raise EntryError(
            "give the reason (it is kept in the ledger's audit log)", code="awards.needs-reason"
        )
    asked = options if options is not None else AwardOptions(rules=rules)
    with unit.transaction():
        note = _refuse_disputes(
            unit, event, despite_disputes, lazy_pgettext("waits", "recording the awards")
        )
        found = scored_for_awards(unit, event, section)
        ranking, digest = ranking_of(found)
        if computed_from is not None and computed_from != digest:
            raise MasterpointError(
                "these awards were computed from a ranking of event {event} that has "
                "changed since (a ruling or correction came in): compute them again, "
                "e.g. `bridgedesk masterpoints record --event {event} --reason ...`",
                code="awards.ranking-changed",
                event=event,
            )
        handicap = any(paid_on_two_lists(a.reason) for a in awards)
        basis = AwardBasis(rules, _options_json(asked, section, handicap), digest, ranking)
        done = record_event_awards(
            unit, event, awards, rules=rules, version=version or RULE_VERSIONS[rules], who=who,
            reason=reason, basis=basis,
        )  # fmt: skip
        if note:
            director.log(unit, event, "awards-despite-disputes", "masterpoints", who=who,
                         reason=reason, new={"note": note})  # fmt: skip
    return RecordedAwards(done, note)


@dataclasses.dataclass(frozen=True)
class RecordedAwards:
    """What recording did, and the line saying it went ahead despite open disputes."""

    done: EventAwards
    note: str = ""


@dataclasses.dataclass(frozen=True)
class AwardStatus:
    """An event's recorded awards: when, by whom, under which rules, and whether a later
    ruling or correction has changed the ranking they were made from (``stale``), with
    the one command that records them again."""

    rules: str
    at: dt.datetime | None
    who: str
    stale: bool
    command: str


def award_status(unit: UnitOfWork, event: int | str) -> AwardStatus | None:
    """The event's recorded awards and whether they are stale (None: none recorded)."""
    with unit.transaction(write=False):
        basis = award_basis(unit, event)
        if basis is None:
            return None
        info = events_repo.event(unit, event)
        kept = json.loads(basis.options)
        try:
            _, digest = ranking_of(scored_for_awards(unit, event, kept.get("section", "A")))
        except BridgedeskError:
            digest = ""  # the event cannot be ranked any more: what was recorded is not it
    command = f'bridgedesk masterpoints record --event {info.id} --reason "..."'
    return AwardStatus(basis.rules, basis.at, basis.who, digest != basis.digest, command)


def stale_awards(unit: UnitOfWork) -> list[tuple[int, str, AwardStatus]]:
    """Every stored event whose recorded awards a later ruling or correction has made
    stale: (event id, event name, status)."""
    out = []
    with unit.transaction(write=False):
        for eid in sorted(award_bases(unit)):
            status = award_status(unit, eid)
            if status is not None and status.stale:
                out.append((eid, events_repo.event(unit, eid).event.name, status))
    return out


def rerecord(
    unit: UnitOfWork,
    event: int | str,
    *,
    who: str,
    reason: str,
    rules: str | None = None,
    despite_disputes: bool = False,
) -> RecordedAwards:
    """Compute the event's awards again and record them (``masterpoints record --event``):
    under the rules and options they were last recorded with (``rules`` another set of
    rules; JCBL the first time)."""
    with unit.transaction():
        basis = award_basis(unit, event)
        kept = json.loads(basis.options) if basis is not None else {}
        if kept.get("handicap"):
            raise MasterpointError(
                "event {event}'s awards were paid on its scratch and its handicap list, whose "
                "handicaps are not stored: award them again with `bridgedesk masterpoints award "
                "--from-event {event} --handicap-ratings FILE | --handicap-grades BANDS` or on "
                "the console's handicap page",
                code="awards.handicap-not-stored",
                event=event,
            )
        chosen = rules or kept.get("rules", "jcbl")
        same = kept.get("rules") == chosen
        options = AwardOptions(
            rules=chosen,
            table=kept.get("table") if same else None,
            boards=kept.get("boards") if same else None,
            met=kept.get("met") if same else None,
        )
        section = kept.get("section", "A")
        found = awards_of(unit, event, section, chosen, options)
        return record(
            unit, event, found.awards, rules=chosen, who=who, reason=reason, options=options,
            section=section, computed_from=found.digest, despite_disputes=despite_disputes,
        )  # fmt: skip
