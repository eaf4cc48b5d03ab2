"""A stored event's masterpoint awards: ``bridgedesk masterpoints award --from-event``
(then ``record``) and the console's publish page compute and record them here.

Every session of the section is scored as stored; the member numbers come
from the entries; the stored event says its rating and class (JCBL,
:func:`bridgedesk.masterpoints.request.award_request`).  Recording writes the
awards into the ledger in the database (:meth:`Store.record_awards`, audited;
players not yet members are held, 000:141-151).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bridgedesk.errors import MasterpointError
from bridgedesk.events.model import SectionResults
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.request import AwardInput, AwardOptions, StoredEvent, award_request
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.results.individual import score_individual_section
from bridgedesk.results.pair_rounds import ranked_by_rounds
from bridgedesk.results.section import score_sections
from bridgedesk.scoring.session import SessionResult
from bridgedesk.store import director, individuals
from bridgedesk.store.competitors import seats
from bridgedesk.store.event_results import is_whole_event, played_sections, score_event
from bridgedesk.store.ledger import EventAwards
from bridgedesk.store.pair_rounds import is_round_by_round, standings
from bridgedesk.store.pair_rounds import options as event_options
from bridgedesk.store.rows import EventInfo
from bridgedesk.store.service import Store

#: A stored entry's kind (bridgedesk.events.model.EntryKind) as the kind of game.
_GAME_KINDS = {"pair": "pairs", "individual": "individual", "team": "teams"}


def score_stored_event(
    store: Store, event: str | int, section: str
) -> tuple[list[SessionResult], dict[str, tuple[str, ...]], StoredEvent]:
    """Score every session of a stored event's section; each entry's member numbers
    by its number (empty when no entry has any)."""
    info = store.event(event)
    if is_whole_event(store, event) and not is_round_by_round(store, event):
        return _whole_event(store, event, info)
    sessions = sorted(n for n, names in info.sections if section in names)
    if not sessions:
        known = sorted({name for _n, names in info.sections for name in names})
        raise MasterpointError(
            f"event {event!r} has no section {section!r}; its sections: "
            + (", ".join(known) or "none")
        )
    snapshots = [store.section_results(event, section, n) for n in sessions]
    scored = [_scored(store, event, snap) for snap in snapshots]
    if is_round_by_round(store, event):  # Swiss, barometer, Houston: placed by the rounds
        scored = [ranked_by_rounds(scored[0], standings(store, event))]
    players: dict[str, tuple[str, ...]] = {}
    kinds = {
        _GAME_KINDS[e.kind.value]
        for snap in snapshots
        for e in snap.entries.values()
        if not e.phantom
    }
    for snap in snapshots:
        for number, entry in snap.entries.items():
            members = tuple(p.member for p in entry.players if p.member)
            if members and not entry.phantom:
                players.setdefault(str(number), members)
    facts = StoredEvent(
        info.event.name,
        info.event.date,
        info.event.rating.value,
        info.event.class_,
        kinds.pop() if len(kinds) == 1 else None,
    )
    return scored, players, facts


def _whole_event(
    store: Store, event: str | int, info: EventInfo
) -> tuple[list[SessionResult], dict[str, tuple[str, ...]], StoredEvent]:
    """An event ranked over several sessions (or a final): every section of every
    session scored, each standing named by its competitor (the seats the store keeps,
    whatever its numbers in that session) for the session awards, and the overall
    places of the combined ranking as ``results EVENT`` publishes it (004:1315-1320,
    with a final's carry-over, 004:1993-2034)."""
    where = {(x.session, x.section, x.number): x.competitor for x in seats(store, event)}
    convention = event_options(store, event).convention
    scored: list[SessionResult] = []
    players: dict[str, tuple[str, ...]] = {}
    for session, names in played_sections(store, event).items():
        snaps = [store.section_results(event, n, session) for n in names]
        if not any(x.results for x in snaps):
            continue
        ruled = {n: director.rulings(store, event, n, session) for n in names}
        result = score_sections(snaps, rulings=ruled, convention=convention).session_result
        renamed = []
        for st in result.standings:
            seat = (session, st.section or names[0], int(st.pair))
            renamed.append(dataclasses.replace(st, pair=where.get(seat, st.pair)))
        scored.append(dataclasses.replace(result, standings=tuple(renamed)))
        for snap in snaps:
            for number, entry in snap.entries.items():
                members = tuple(p.member for p in entry.players if p.member)
                who = where.get((session, snap.section, number))
                if members and not entry.phantom and who is not None:
                    players.setdefault(who, members)
    combined = score_event(store, event).combined
    assert combined is not None  # score_event always ranks the sessions it scored
    places = {c.pair: int(c.rank.rstrip("=")) for c in combined.ranking}
    facts = StoredEvent(
        info.event.name,
        info.event.date,
        info.event.rating.value,
        info.event.class_,
        "pairs",
        places,
    )
    return scored, players, facts


def _scored(store: Store, event: str | int, snap: SectionResults) -> SessionResult:
    """A session scored as ``bridgedesk results`` publishes it, with the director's
    rulings (penalties, fouled boards, 003:47-121): an individual's players ranked
    alone (004:1576-1614), a pairs section by the event's matchpoint convention."""
    rulings = director.rulings(store, event, snap.section, snap.session)
    plan = individuals.plan(store, event, snap.section, snap.session)
    if plan is None:
        convention = event_options(store, event).convention
        ruled = {snap.section: rulings}
        return score_sections([snap], rulings=ruled, convention=convention).session_result
    return score_individual_section(snap, plan, rulings=rulings).session_result


def event_awards(
    store: Store,
    event: str | int,
    section: str,
    rules: str = "jcbl",
    options: AwardOptions | None = None,
) -> list[Award]:
    """The awards of a stored event's section under ``rules``, as the event knows itself
    (``options``: an award request's options instead, e.g. an SBF table)."""
    scored, players, facts = score_stored_event(store, event, section)
    if not players:
        raise MasterpointError(
            "no member numbers: enter the players' member numbers to award masterpoints"
        )
    source = AwardInput(sessions=tuple(scored), players=players, stored=facts)
    asked = options if options is not None else AwardOptions(rules=rules)
    return list(award_request(asked, source).awards)


def record(
    store: Store,
    event: str | int,
    awards: Sequence[Award],
    *,
    rules: str,
    who: str,
    reason: str,
) -> EventAwards:
    """Write the awards into the ledger (replacing the event's earlier ones, audited)."""
    if rules not in RULE_VERSIONS:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    return store.record_awards(
        event, awards, rules=rules, version=RULE_VERSIONS[rules], who=who, reason=reason
    )


__all__ = ["event_awards", "record", "score_stored_event"]
