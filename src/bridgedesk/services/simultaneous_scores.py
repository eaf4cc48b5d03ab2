"""Score a simultaneous event across the field, publish it and award its masterpoints
(docs/simultaneous.md).

``bridgedesk simultaneous results|awards``, the console's simultaneous pages and the
public ranking come here.  :func:`field_scores` reads every heat's results in one
query (:func:`bridgedesk.store.simultaneous.field_rows`) and scores them
(:func:`bridgedesk.results.simultaneous.score_field`: matchpoints over every result
of a board, Neuberg where fields differ, each heat also on its own).  A server process
keeps the scored field for as long as no upload has changed it: the key is the store,
the event and the last upload (:func:`bridgedesk.store.simultaneous.version`, one small
query), so several workers, each with its own copy, never show an older field than
the store holds.

:func:`publish_field` writes the national ranking, each heat's ranking, the frequency
tables and the booklet (the deal set's hand records with their double-dummy tables
and par, solved once and kept in the store's cache of analyses).

:func:`field_awards` awards the masterpoints the event's rules name:

* JCBL (000:232): a world or APBF simultaneous event's overall places are paid in red
  points, by the CCG-and-up overall formula at the event's rating on the national
  ranking (one field; T the tables of every heat, one session);
* SBF bronze (001:441-446): the common list is a bronze event of its size (200 pairs:
  400 bp to the winners), each heat of at least 4 pairs;
* SBF silver (001:447-455): silver points in each heat for itself, on the heat's list
  (its pairs placed among themselves by their scores across the field), and the best
  of the common list, at most 16 pairs, a bonus of a fifth of a silver event of its
  size; no bronze on the common list; each heat of at least 8 pairs.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError, MasterpointError
from bridgedesk.masterpoints.award import ClubGame, SbfEvent, award
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.jcbl.club import ClubEvent, ClubRating, EventKind
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.reports import simultaneous as pages
from bridgedesk.reports.output import Output, output_dir
from bridgedesk.results.simultaneous import FieldPair, HeatInfo, ScoredField, score_field
from bridgedesk.services.publishing import Published
from bridgedesk.services.simultaneous import PointRules
from bridgedesk.store import analyses, events_repo
from bridgedesk.store import simultaneous as store
from bridgedesk.store.ledger import EventAwards, record_event_awards
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "FieldAwards",
    "field_awards",
    "field_scores",
    "page",
    "publish_field",
    "record_field_awards",
]

#: Scored fields kept by this process: (store, event, version) -> the field.
_CACHE: OrderedDict[tuple[str, int, tuple[int, int]], ScoredField] = OrderedDict()
_CACHE_SIZE = 4
_LOCK = threading.Lock()


def _heat_infos(unit: UnitOfWork, event: int | str) -> list[HeatInfo]:
    by_heat: dict[int, dict[int, tuple[str, tuple[str, ...]]]] = defaultdict(dict)
    for (heat, n), (names, members) in store.heat_pairs(unit, event).items():
        by_heat[heat][n] = (names, tuple(m for m in members.split(",") if m))
    out = []
    for h in store.heats(unit, event):
        if not h.results:
            continue
        mine = by_heat.get(h.number, {})
        tables = h.tables or (len(mine) + 1) // 2
        out.append(HeatInfo(h.number, h.club, h.winners or 1, tables, mine))
    return out


def field_scores(unit: UnitOfWork, event: int | str) -> ScoredField:
    """The event scored across the field (module doc), from this process's copy when no
    upload has changed it since."""
    with unit.transaction(write=False):
        info = events_repo.event(unit, event)
        key = (str(unit.engine.url), info.id, store.version(unit, event))
        with _LOCK:
            found = _CACHE.get(key)
            if found is not None:
                _CACHE.move_to_end(key)
                return found
        rows = [r[:6] for r in store.field_rows(unit, event)]
        heats = _heat_infos(unit, event)
    if not rows:
        raise BridgedeskError(
            "no heat of {event!r} has sent its results yet",
            code="simultaneous.no-results",
            event=info.event.name,
        )
    scored = score_field(info.event.name, info.event.date, info.event.club, rows, heats)
    with _LOCK:
        _CACHE[key] = scored
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return scored


def _records(unit: UnitOfWork, event: int | str, dd: bool) -> list[BoardRecord]:
    """The deal set with its analyses: cached ones, and with ``dd`` the others solved now
    (and kept)."""
    records = analyses.event_records(unit, event)
    if not dd or all(r.dd is not None for r in records):
        return records
    from bridgedesk.deals.dd import analyse  # endplay: only when solving

    def solve(deals: Sequence[Deal]) -> list[BoardRecord]:
        return analyse(deals, workers=1)

    solved, _ = analyses.analyse_cached(unit, [r.deal for r in records], solve)
    return solved


def publish_field(
    unit: UnitOfWork,
    event: int | str,
    fmt: Output,
    lang: str,
    out: Path | None,
    *,
    heat: int | None = None,
    dd: bool = False,
) -> Published:
    """The field as ``text`` (the national ranking, or ``heat``'s), ``json``, or ``html``
    (module doc)."""
    field = field_scores(unit, event)
    if heat is not None:
        try:
            field.heat(heat)
        except KeyError:
            raise BridgedeskError(
                "heat {heat} has sent no results", code="heat.no-results-sent", heat=heat
            ) from None
    if fmt is Output.TEXT:
        return Published(pages.ranking_text(field, lang, heat))
    if fmt is Output.JSON:
        text = json.dumps(pages.to_dict(field), ensure_ascii=False, indent=1) + "\n"
        if out is None:
            return Published(text)
        target = output_dir(out) / "simultaneous.json"
        target.write_text(text, encoding="utf-8")
        return Published("", (), (target,))
    if fmt is not Output.HTML:
        raise BridgedeskError(
            "a simultaneous event is published as text, json or html, not {format}",
            code="simultaneous.publish-format",
            format=fmt.value,
        )
    target = output_dir(out if out is not None else Path("results"))
    written = pages.write_all(field, target, lang, _records(unit, event, dd))
    data = target / "simultaneous.json"
    data.write_text(json.dumps(pages.to_dict(field), ensure_ascii=False) + "\n", encoding="utf-8")
    return Published("", (), (*written, data))


def page(unit: UnitOfWork, event: int | str, name: str, lang: str) -> str:
    """One page of the report set (the public pages): the booklet with the analyses the
    store has already (none is solved for a reader)."""
    field = field_scores(unit, event)
    html = pages.page_html(field, name, lang, _records(unit, event, dd=False))
    if html is None:
        raise BridgedeskError(
            "the event has no page {name!r}", code="simultaneous.no-such-page", name=name
        )
    return html


# -- masterpoints ------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldAwards:
    """The event's awards under its rules: ``overall`` on the national ranking (JCBL, SBF
    bronze, the SBF silver bonus), ``heats`` each heat's (SBF silver)."""

    rules: PointRules
    overall: tuple[Award, ...]
    heats: tuple[tuple[int, tuple[Award, ...]], ...] = ()

    @property
    def all(self) -> tuple[Award, ...]:
        return (*self.overall, *(a for _, got in self.heats for a in got))


def _place(rank: str) -> int:
    return int(rank.rstrip("="))


def _placing(p: FieldPair, rank: str, field: str = "") -> Placing | None:
    if not p.members:
        return None
    return Placing(p.id, p.members, _place(rank), field=field)


def _national(field: ScoredField) -> Ranking:
    placings = [x for x in (_placing(p, p.rank) for p in field.pairs) if x is not None]
    return Ranking(tuple(placings), competitors={"": len(field.pairs)})


def _heat_ranking(field: ScoredField, number: int) -> Ranking:
    """A heat's result list: its pairs placed among themselves by their scores across the
    field (one list, whatever the heat's movement)."""
    heat = field.heat(number)
    placings = [x for x in (_placing(p, p.heat_rank) for p in heat.pairs) if x is not None]
    return Ranking(tuple(placings), competitors={"": len(heat.pairs)})


def field_awards(
    unit: UnitOfWork, event: int | str, rules: PointRules | None = None
) -> FieldAwards:
    """The awards the event's masterpoint rules (or ``rules``) give (module doc)."""
    if rules is None:
        rules = PointRules.parse(store.masterpoints_of(unit, event))
    if rules.rules == "none":
        raise MasterpointError(
            "the event pays no masterpoints (made with --masterpoints none)",
            code="simultaneous.no-masterpoints",
        )
    field = field_scores(unit, event)
    sizes = tuple(len(h.pairs) for h in field.heats)
    national = _national(field)
    if rules.rules == "jcbl":
        assert rules.rating is not None
        club_event = ClubEvent(EventKind.PAIRS, ClubRating(rules.rating), field.tables, 1,
                               len(field.pairs))  # fmt: skip
        return FieldAwards(rules, award(national, "jcbl", ClubGame(club_event, simultaneous=True)))
    if rules.table == "A":
        return FieldAwards(rules, award(national, "sbf", SbfEvent("A", simultaneous=True,
                                                                   heats=sizes)))  # fmt: skip
    bonus = award(national, "sbf", SbfEvent("D", simultaneous=True, heats=sizes))
    heats = tuple(
        (h.number, award(_heat_ranking(field, h.number), "sbf", SbfEvent("D"))) for h in field.heats
    )
    return FieldAwards(rules, bonus, heats)


def record_field_awards(
    unit: UnitOfWork, event: int | str, *, who: str, reason: str
) -> EventAwards:
    """Record the event's awards in the ledger (audited)."""
    found = field_awards(unit, event)
    return record_event_awards(
        unit, event, found.all, rules=found.rules.rules,
        version=RULE_VERSIONS[found.rules.rules], who=who, reason=reason,
    )  # fmt: skip
