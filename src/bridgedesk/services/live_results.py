"""Live results computed once per change: what a server process keeps of each section.

The live page (``/e/``), the ranking JSON (``/api/events/ID/ranking``) and every
worker thread of a server process ask the one :class:`LiveResults` of the process,
which keeps per section what it read and scored last, and brings it up to date
when the store has changed:

* a new result: only the rows stored since are read
  (:func:`bridgedesk.store.live_reads.section_news`), only the board they are on is
  scored again, the totals and ranks are added up again from the boards' points
  (:class:`~bridgedesk.results.section.SectionMemo`), and only that board's
  traveller is written again for the page and the JSON;
* anything else (a correction, a deletion, an undo, a ruling, an entry edited:
  each is audited): the section and its rules are read whole again
  (:func:`bridgedesk.store.live_reads.section_frame`,
  :func:`bridgedesk.services.event_scores.section_rules`).

Scoring a board is a pure function of its results and the event's rules, so the
values are those :mod:`bridgedesk.services.event_scores` gives when it scores the
section from nothing (``tests/services/test_live_results.py`` checks this over
random orders of results, corrections and deletions).  A section not changed
since it was last asked for costs one read of its stamp.

A section's values at one stamp (:class:`LiveSection`) are written for display,
as JSON and as each board's traveller for the tables at most once each, by
whichever thread asks first.  The whole event's
values that are not one section's (an event of several sessions ranked over them,
a round-by-round event's standings, a team event) are computed by
:mod:`bridgedesk.services.live` as before, once per version of the event
(:meth:`LiveResults.ranking_json`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bridgedesk.errors import EntryError, ScoringError
from bridgedesk.events.model import SectionResults
from bridgedesk.events.visibility import SectionView
from bridgedesk.formats.results_json import board_dict, to_dict
from bridgedesk.reports.session import traveller_row
from bridgedesk.results.model import ScoredSession, Traveller
from bridgedesk.results.section import SectionMemo
from bridgedesk.services import live
from bridgedesk.services.event_scores import (
    EventRules,
    SectionRules,
    Shape,
    event_rules,
    section_rules,
)
from bridgedesk.store.live_reads import (
    SectionStamp,
    event_stamp,
    section_frame,
    section_news,
    section_stamps,
)
from bridgedesk.store.unit import UnitOfWork
from bridgedesk.store.versions import event_version

__all__ = ["LiveResults", "LiveSection", "json_bytes"]


def json_bytes(doc: Any) -> bytes:
    """A JSON answer's body (compact, UTF-8 kept: as the web app writes any JSON)."""
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


class _Boards:
    """Each board written once per value of its traveller: ``write(t)`` again only for a
    traveller that changed (the others are the same objects, or equal ones)."""

    def __init__(self, write: Callable[..., dict[str, Any]]) -> None:
        self.write = write
        self.known: dict[int, tuple[Any, dict[str, Any]]] = {}

    def __call__(self, t: Traveller, *extra: Any) -> dict[str, Any]:
        key = (t, *extra)
        found = self.known.get(t.board)
        if found is None or not (found[0] is key or found[0] == key):
            found = self.known[t.board] = (key, self.write(t, *extra))
        return found[1]


class _BoardBytes:
    """Each board's JSON written once per value of its document (the same object while the
    board has not changed, :class:`_Boards`) and whether its hands are shown."""

    def __init__(self) -> None:
        self.known: dict[int, tuple[dict[str, Any], bool, bytes]] = {}

    def __call__(self, doc: dict[str, Any], hands: bool) -> bytes:
        found = self.known.get(doc["board"])
        if found is None or found[0] is not doc or found[1] != hands:
            shown = doc if hands or "deal" not in doc else {k: v for k, v in doc.items()
                                                            if k != "deal"}  # fmt: skip
            found = self.known[doc["board"]] = (doc, hands, json_bytes(shown))
        return found[2]


class LiveSection:
    """One section's live results at one stamp: its results, scored (None before the
    first result), for display (:attr:`display`) and as the ranking JSON
    (:attr:`ranking`), each written on first use."""

    def __init__(
        self, stamp: SectionStamp, snapshot: SectionResults, rules: SectionRules,
        scored: ScoredSession | None, rows: _Boards, boards: _Boards, board_bytes: _BoardBytes,
        refused: ScoringError | None = None,
    ) -> None:  # fmt: skip
        self.stamp = stamp
        self.refused = refused  # why the section's results cannot be ranked now
        self.snapshot = snapshot
        self.rules = rules
        self.scored = scored
        self._rows = rows
        self._boards = boards
        self._board_bytes = board_bytes
        self._lock = threading.Lock()
        self._travellers: dict[int, bytes] = {}
        self._made: dict[str, Any] = {}

    def once(self, what: str, make: Callable[[], Any]) -> Any:
        """``make()``, made once at this stamp (what another module writes of the section's
        values, e.g. :func:`bridgedesk.services.visibility.kept_public_ranking`'s body)."""
        found = self._made.get(what, _NONE)
        if found is _NONE:
            found = self._made[what] = make()
        return found

    @cached_property
    def display(self) -> dict[str, Any]:
        """What the live page shows of the section
        (:func:`bridgedesk.services.live.live_section`)."""
        if self.refused is not None:
            raise self.refused
        with self._lock:
            by_rounds = self.rules.rules.shape is Shape.ROUNDS
            return live.section_display(
                self.snapshot, self.scored, by_rounds, self._rows, self.rules.released, self.view
            )

    @cached_property
    def document(self) -> dict[str, Any]:
        """``bridgedesk results EVENT --section S --format json``'s document: shared by
        every thread, so read it, never change it (its boards are kept between stamps)."""
        if self.refused is not None:
            raise self.refused
        scored = self.scored
        if scored is None:  # refused as scoring refuses it
            scored = self.rules.score(self.snapshot)
        with self._lock:
            return to_dict(scored, self._boards)

    @cached_property
    def ranking(self) -> bytes:
        """:attr:`document` as the API's body."""
        return json_bytes(self.document)

    @cached_property
    def view(self) -> SectionView:
        """What may be seen of the section at this stamp (:mod:`bridgedesk.events.visibility`)."""
        return SectionView.of(self.snapshot, self.rules.released)

    def board_json(self, doc: dict[str, Any], hands: bool) -> bytes:
        """One of :attr:`document`'s boards as JSON, without its deal unless ``hands``:
        written once while the board and ``hands`` stay the same."""
        with self._lock:
            return self._board_bytes(doc, hands)

    def traveller(self, board: int) -> bytes:
        """Board ``board``'s traveller as a table's JSON answer
        (:func:`bridgedesk.services.live.traveller_document`), written once per stamp."""
        with self._lock:
            found = self._travellers.get(board)
            if found is None:  # the board scored alone, as the store's traveller is
                scored = self.rules.score_board(self.snapshot, board)
                penalties = live.board_penalties(self.scored, board)  # sized by the section
                doc = live.traveller_document(self.snapshot, scored, board, penalties)
                found = self._travellers[board] = json_bytes(doc)
            return found


_NONE = object()


@dataclass
class _Kept:
    """What is kept of one section between changes."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    current: LiveSection | None = None
    memo: SectionMemo = field(default_factory=SectionMemo)
    rows: _Boards = field(default_factory=lambda: _Boards(traveller_row))
    boards: _Boards = field(default_factory=lambda: _Boards(board_dict))
    board_bytes: _BoardBytes = field(default_factory=_BoardBytes)


class LiveResults:
    """The live results of one server process (module doc); safe to use from many
    threads: one section is brought up to date by one thread at a time."""

    def __init__(self, unit: UnitOfWork) -> None:
        self.unit = unit
        self._sections: dict[tuple[int, int, str], _Kept] = {}
        self._events: dict[tuple[Any, ...], tuple[tuple[int, int, int], bytes]] = {}
        self._rules: dict[int, tuple[tuple[int, int], EventRules]] = {}
        self._guard = threading.Lock()

    def _kept(self, key: tuple[int, int, str]) -> _Kept:
        with self._guard:
            found = self._sections.get(key)
            if found is None:
                found = self._sections[key] = _Kept()
            return found

    def stamps(self, event: int) -> dict[tuple[int, str], SectionStamp]:
        """Every section's stamp now (one read): give one to :meth:`section` and
        :meth:`rules`, and what has not changed since is not read again."""
        return section_stamps(self.unit, event)

    def section(
        self, event: int, session: int, name: str, stamp: SectionStamp | None = None
    ) -> LiveSection:
        """Section ``name`` of ``session`` as the store has it now (``stamp``: its stamp
        just read with :meth:`stamps`)."""
        kept = self._kept((event, session, name))
        with kept.lock:
            now = kept.current
            if now is not None and stamp is not None and stamp == now.stamp:
                return now
            if now is not None:
                stamp, new, rows = section_news(self.unit, event, now.stamp, name, session, stamp)
                if stamp == now.stamp:
                    return now
                if stamp.follows(now.stamp, rows):
                    snapshot = now.snapshot
                    if new:
                        snapshot = SectionResults(
                            snapshot.event, snapshot.session, snapshot.section,
                            snapshot.movement, snapshot.entries, snapshot.results + new,
                        )  # fmt: skip
                    kept.current = self._scored(kept, stamp, snapshot, now.rules)
                    return kept.current
            stamp, snapshot = section_frame(self.unit, event, name, session)
            rules = section_rules(self.unit, event, name, session)
            kept.memo = SectionMemo()  # rulings or entries may have changed: score anew
            kept.current = self._scored(kept, stamp, snapshot, rules)
            return kept.current

    @staticmethod
    def _scored(
        kept: _Kept, stamp: SectionStamp, snapshot: SectionResults, rules: SectionRules
    ) -> LiveSection:
        try:
            scored = rules.score(snapshot, kept.memo) if snapshot.results else None
        except ScoringError as exc:  # said by the ranking; a board's traveller still shows
            return LiveSection(stamp, snapshot, rules, None, kept.rows, kept.boards,
                               kept.board_bytes, exc)  # fmt: skip
        return LiveSection(stamp, snapshot, rules, scored, kept.rows, kept.boards,
                           kept.board_bytes)  # fmt: skip

    def section_scores(self, event: int, session: int, name: str) -> dict[str, Any]:
        """The section's live display (:attr:`LiveSection.display`)."""
        return self.section(event, session, name).display

    def rules(self, event: int, audits: tuple[int, int] | None = None) -> EventRules:
        """The event's rules, read again only when the event was corrected or ruled on
        (:func:`bridgedesk.store.live_reads.event_stamp`; ``audits``: the event's last
        correction and audit, when just read)."""
        stamp = audits if audits is not None else event_stamp(self.unit, event)
        found = self._rules.get(event)
        if found is not None and found[0] == stamp:
            return found[1]
        rules = event_rules(self.unit, event)
        self._rules[event] = (stamp, rules)
        return rules

    def ranking_json(self, event: int, section: str | None, session: int | None) -> bytes:
        """:func:`bridgedesk.services.live.ranking_document` as the API's body: one
        section's from its :class:`LiveSection`, the whole event's (several sessions,
        rounds, teams) computed once per version of the event."""
        one = self.one_section(event, section, session)
        if one is not None:
            return one.ranking
        key = (event, section, session)
        version = event_version(self.unit, event)
        found = self._events.get(key)
        if found is not None and found[0] == version:
            return found[1]
        body = json_bytes(live.ranking_document(self.unit, event, section, session))
        self._events[key] = (version, body)
        return body

    def one_section(
        self, event: int, section: str | None, session: int | None
    ) -> LiveSection | None:
        """The section the ranking of ``event`` asked with ``section`` and ``session`` is
        (a pairs or individual event, or one section of an event of several sessions),
        None when it is the whole event's; a session of several sections asked without
        ``section`` is refused."""
        asked = None
        if section is not None:  # the section's own rules: read again with any audit
            asked = self.section(event, session or 1, section)
            rules = asked.rules.rules
        else:
            rules = self.rules(event)
        one = rules.shape in (Shape.PAIRS, Shape.INDIVIDUAL) or (
            rules.shape is Shape.SESSIONS and (section is not None or session is not None)
        )
        if one:
            names = rules.sections(session or 1)
            if section is None and len(names) > 1:
                raise EntryError(
                    "the session has sections {sections}: give ?section= for one of them",
                    code="live.needs-section",
                    sections=", ".join(names),
                )
            if asked is not None:
                return asked
            if names:
                return self.section(event, session or 1, names[0])
        return None
