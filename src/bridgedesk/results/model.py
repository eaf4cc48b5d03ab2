"""The scored value: one session scored, as every writer reads it.

A :class:`ScoredSession` is what the scoring engine made of a session's
results, whether they came from a results file (``bridgedesk score FILE``,
adapter :func:`bridgedesk.formats.scored_file.scored_file`) or from the store
(``bridgedesk results EVENT``, adapter :func:`bridgedesk.results.section.score_section`):

* the event it belongs to (:class:`EventHeading`), the session number, the
  scoring :class:`~bridgedesk.scoring.session.Method` and its options;
* its sections (:class:`ScoredSection`), each with its travellers
  (:class:`Traveller`: every :class:`Line` with both sides' points) and its
  ranking (:class:`Standing`, names and players included);
* the deals, when known (PBN deal strings by board).

Every output -- text, JSON, CSV, PBN, USEBIO, the HTML/PDF reports -- is
written from this value and nothing else; no writer scores anything again.

The types are shaped for what comes next, even where only pairs fill them
now: a competitor is a pair, a team or a player (:class:`Competitor`, the
entry kind); a line may carry the four players of an individual and the
fouled-board group (004:3531-3658); a standing carries its penalty (003:47-59)
and its rank across sections; a :class:`ScoredSession` may hold team
:class:`Match` results; several sessions with carry-over make a
:class:`ScoredEvent` (004:1993-2034).

Competitors are named by the text the scoring engine uses (``"3"``, ``"A3"``
for section A's pair 3 when sections are scored together, ``"8&1"`` for an
individual's partnership); :attr:`Standing.number` is the plain number when
there is one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgedesk.bridge import Contract, Seat, Side, format_result
from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import EntryKind, Player
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.scoring.matchpoints import FouledMethod, Missing
from bridgedesk.scoring.results import Outcome, TravellerLine
from bridgedesk.scoring.session import SessionResult

if TYPE_CHECKING:
    from bridgedesk.results.combined_model import Combined


def pair_number(pair: str) -> int | None:
    """The plain number of a competitor id (``"12"`` -> 12; ``"A3"``, ``"8&1"`` -> None)."""
    return int(pair) if pair.isascii() and pair.isdigit() else None


def shown_pair(numbers: PairNumbers, pair: str) -> str:
    """The number a player knows competitor ``pair`` by in a section numbered ``numbers``
    (``"10"`` of a Mitchell's EW 1 is ``"1"``; ids that are not numbers as they are)."""
    n = pair_number(pair)
    return pair if n is None else str(numbers.number(n))


def pair_label(numbers: PairNumbers, pair: str) -> str:
    """Competitor ``pair`` with its field where the fields are numbered apart (``EW 1``),
    else as it is."""
    n = pair_number(pair)
    return pair if n is None else numbers.label(n)


def pair_order(pair: str) -> tuple[int, str]:
    """Sort key for competitor ids: by number (its ASCII digits: ``"²"`` is a digit to
    ``str.isdigit`` but no number), then as text."""
    digits = "".join(c for c in pair if c.isascii() and c.isdigit())
    return (int(digits[:18]) if digits else 0, pair)


@dataclass(frozen=True)
class EventHeading:
    """What the writers print about the event (all but the name may be unknown); the
    stored event itself is ``bridgedesk.store``'s."""

    name: str
    date: dt.date | None = None
    club: str = ""
    rating: str | None = None
    class_: int | None = None


@dataclass(frozen=True)
class MovementInfo:
    """The movement a section played, as printed (name, family, size)."""

    name: str
    kind: str
    rounds: int
    tables: int
    winners: int
    #: the boards a round (the most any table plays); 0 when unknown
    boards_per_round: int = 0


@dataclass(frozen=True)
class Options:
    """How the boards were scored, beside the method (004:1162-1173, 004:1297-1302)."""

    missing: Missing = Missing.NEUBERG
    fouled: FouledMethod = FouledMethod.FORMULA
    butler_drop: int = 1
    #: True when the number of winners was detected from the pair numbers.
    winners_detected: bool = False


@dataclass(frozen=True)
class Competitor:
    """A pair, team or player as the ranking names it."""

    id: str
    kind: EntryKind = EntryKind.PAIR
    names: str = ""
    players: tuple[Player, ...] = ()
    #: A stratified event's flight of the competitor (004:1515-1532).
    flight: str | None = None

    @property
    def number(self) -> int | None:
        return pair_number(self.id)


@dataclass(frozen=True)
class Line:
    """One result on a traveller with the points each side earned on the board.

    ``result`` is the scoring engine's row: the pairs, each side's outcome (an
    ordinary or weighted score from NS's view, or an artificial adjustment),
    the play, an individual's four players (N, E, S, W) and a fouled board's
    group (version of the hands).  The round, table and lead are shown when
    the source knows them.
    """

    board: int
    result: TravellerLine
    ns_points: Fraction | None
    ew_points: Fraction | None
    round: int | None = None
    table: int | None = None
    lead: str | None = None

    @property
    def ns(self) -> str:
        return self.result.ns

    @property
    def ew(self) -> str:
        return self.result.ew

    @property
    def ns_outcome(self) -> Outcome:
        return self.result.ns_outcome

    @property
    def ew_outcome(self) -> Outcome:
        return self.result.ew_outcome

    @property
    def group(self) -> str | None:
        return self.result.group

    @property
    def players(self) -> tuple[str, str, str, str] | None:
        return self.result.players

    @property
    def contract(self) -> Contract | None:
        return None if self.result.play is None else self.result.play.contract

    @property
    def declarer(self) -> Seat | None:
        return None if self.result.play is None else self.result.play.declarer

    @property
    def tricks(self) -> int | None:
        """Tricks taken by declarer (None for a passed-out board)."""
        if self.contract is None or self.contract.is_pass or self.result.play is None:
            return None
        return self.result.play.tricks

    @property
    def score_ns(self) -> int | None:
        """NS's score when both sides share one ordinary score, else None."""
        return self.result.score_ns

    @property
    def ns_score(self) -> int | None:
        return self.score_ns

    @property
    def adjusted(self) -> tuple[Adjustment, Adjustment] | None:
        """The two sides' artificial scores, when either side has one."""
        n, e = self.ns_outcome, self.ew_outcome
        if isinstance(n, Adjustment) and isinstance(e, Adjustment):
            return (n, e)
        return None

    @property
    def has_adjustment(self) -> bool:
        return isinstance(self.ns_outcome, Adjustment) or isinstance(self.ew_outcome, Adjustment)

    @property
    def adjusted_text(self) -> str | None:
        """``A+/A-`` for an artificial score, else None."""
        if not self.has_adjustment:
            return None
        return f"{self.ns_outcome}/{self.ew_outcome}"

    @property
    def played(self) -> bool:
        return self.contract is not None and not self.contract.is_pass

    @property
    def result_text(self) -> str | None:
        """The result as a traveller prints it: ``=``, ``+1``, ``-2`` (None: not played)."""
        if self.contract is None or self.contract.is_pass or self.tricks is None:
            return None
        return format_result(self.contract, self.tricks)

    def pair(self, side: Side) -> str:
        return self.ns if side is Side.NS else self.ew

    def points(self, side: Side) -> Fraction | None:
        return self.ns_points if side is Side.NS else self.ew_points

    def score(self, side: Side) -> int | None:
        """The side's own score (EW's is NS's negated)."""
        s = self.score_ns
        if s is None:
            return None
        return s if side is Side.NS else -s


@dataclass(frozen=True)
class BoardPenalty:
    """A procedural penalty the director gave a pair on a board (003:47-121): its
    ``points`` come off the pair's session total (the ranking's penalty column), and
    the board's traveller says so, with the director's ``reason``."""

    pair: str
    points: Fraction
    reason: str


@dataclass(frozen=True)
class Traveller:
    """A scored board: its lines in table order, the top (matchpoints) and the
    penalties given on it."""

    board: int
    top: Fraction | None
    lines: tuple[Line, ...]
    penalties: tuple[BoardPenalty, ...] = ()


@dataclass(frozen=True)
class Standing:
    """A competitor's line in the ranking.

    ``total`` is exact (factored up, penalties deducted); ``max`` (the most the
    boards played could give), ``out_of`` (the most the total is measured against,
    factored like it: the field's maximum, 004:1297-1302) and ``percentage`` are for
    matchpoints; ``rank`` is "1", "2=", ... in the
    competitor's field; ``overall`` ranks across sections.
    """

    pair: str
    direction: Side | None
    rank: str
    total: Fraction
    max: Fraction | None
    percentage: Fraction | None
    boards: int
    names: str = ""
    players: tuple[Player, ...] = ()
    penalty: Fraction = Fraction(0)
    section: str | None = None
    overall: str | None = None
    out_of: Fraction | None = None
    #: A stratified event's flight of the pair, and its rank in each flight it is
    #: ranked in (flight A ranks every pair, B the pairs of B and below, 004:1525-1528).
    flight: str | None = None
    flight_ranks: Mapping[str, str] = field(default_factory=dict)

    @property
    def number(self) -> int | None:
        return pair_number(self.pair)


@dataclass(frozen=True)
class SheetLine:
    """One board of a competitor's private score sheet."""

    round: int | None
    table: int | None
    board: int
    side: Side
    opponent: str
    line: Line
    score: int | None
    points: Fraction | None


@dataclass(frozen=True)
class Match:
    """A team match (for the team events to come): the two teams, IMPs and VPs."""

    home: str
    away: str
    boards: int
    imps: tuple[Fraction, Fraction]
    vps: tuple[Fraction, Fraction] | None = None
    round: int | None = None


@dataclass(frozen=True)
class ScoredSection:
    """A section with every result scored and every competitor ranked."""

    name: str
    winners: int
    travellers: tuple[Traveller, ...]
    ranking: tuple[Standing, ...]
    movement: MovementInfo | None = None
    phantom: str | None = None
    rounds: int = 0
    matches: tuple[Match, ...] = ()
    #: The scoring engine's own result this section was made from (for masterpoints).
    engine: SessionResult | None = None
    #: The numbers players know the pairs by: a two-field section's EW pairs numbered
    #: from 1 in their field (004:968-980); competitor ids stay the stored numbers.
    numbers: PairNumbers = field(default_factory=PairNumbers)

    def shown(self, pair: str) -> str:
        """The number a player knows ``pair`` by (``"10"`` of a Mitchell's EW 1 is ``"1"``)."""
        return shown_pair(self.numbers, pair)

    def label(self, pair: str) -> str:
        """``pair`` with its field where the fields are numbered apart (``EW 1``), else as it is."""
        return pair_label(self.numbers, pair)

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(t.board for t in self.travellers)

    def traveller(self, board: int) -> Traveller:
        for t in self.travellers:
            if t.board == board:
                return t
        raise ScoringError(
            "board {board} is not in section {section}",
            code="result.board-not-in-section",
            board=board,
            section=self.name,
        )

    @property
    def flights(self) -> tuple[str, ...]:
        """A stratified section's flights, top first (empty: not stratified)."""
        return tuple(sorted({s.flight for s in self.ranking if s.flight is not None}))

    def fields(self) -> list[tuple[Side | None, tuple[Standing, ...]]]:
        """The ranking split by field (one field, or NS then EW), best first."""
        out: list[tuple[Side | None, tuple[Standing, ...]]] = []
        for direction in (None, Side.NS, Side.EW):
            rows = tuple(s for s in self.ranking if s.direction is direction)
            if rows:
                out.append((direction, rows))
        return out

    def by_number(self) -> tuple[Standing, ...]:
        """The ranking in pair-number order (004:1501-1502: both orders are printed)."""
        return tuple(sorted(self.ranking, key=lambda s: pair_order(s.pair)))

    def standing(self, pair: str | int) -> Standing:
        for s in self.ranking:
            if s.pair == str(pair):
                return s
        raise ScoringError(
            "pair {pair} is not in the ranking of section {section}",
            code="ranking.pair-not-in-section",
            pair=pair,
            section=self.name,
        )

    def sheet(self, pair: str | int) -> list[SheetLine]:
        """A competitor's private score sheet: every board it played, by round."""
        key = str(pair)
        out: list[SheetLine] = []
        for t in self.travellers:
            for line in t.lines:
                if line.players is not None:  # an individual's player, in one partnership
                    if key not in line.players:
                        continue
                    side = Side.NS if key in line.players[::2] else Side.EW  # N, E, S, W
                elif key not in (line.ns, line.ew):
                    continue
                else:
                    side = Side.NS if line.ns == key else Side.EW
                other = line.ew if side is Side.NS else line.ns
                out.append(
                    SheetLine(line.round, line.table, line.board, side, other, line,
                              line.score(side), line.points(side))
                )  # fmt: skip
        out.sort(key=lambda s: (s.round or 0, s.board))
        return out

    def board_points(self, pair: str | int) -> dict[int, Fraction | None]:
        """Points per board for one competitor (the recap sheet's row, Fig 3, 004:560-575)."""
        return {s.board: s.points for s in self.sheet(pair)}

    def round_points(self, pair: str | int) -> dict[int, Fraction]:
        """Points per round for one competitor (the recap sheet by round, Fig 4, 004:577-588)."""
        out: dict[int, Fraction] = {}
        for s in self.sheet(pair):
            if s.points is not None and s.round is not None:
                out[s.round] = out.get(s.round, Fraction(0)) + s.points
        return out


@dataclass(frozen=True)
class ScoredSession:
    """One session scored: the one value every writer takes."""

    event: EventHeading
    method: Method
    sections: tuple[ScoredSection, ...]
    session: int = 1
    options: Options = field(default_factory=Options)
    kind: EntryKind = EntryKind.PAIR
    deals: Mapping[int, str] = field(default_factory=dict)
    #: The event has more than this one section or session (reports name the section).
    multi: bool = False

    @property
    def individual(self) -> bool:
        return self.kind is EntryKind.INDIVIDUAL

    @property
    def section(self) -> ScoredSection:
        """The one section (writers of one-section formats ask for it)."""
        if len(self.sections) != 1:
            names = ", ".join(s.name for s in self.sections)
            raise ScoringError(
                "the session has sections {sections}: choose one",
                code="ranking.choose-section",
                sections=names,
            )
        return self.sections[0]

    # The one-section view most writers read.
    @property
    def travellers(self) -> tuple[Traveller, ...]:
        return self.section.travellers

    @property
    def ranking(self) -> tuple[Standing, ...]:
        return self.section.ranking

    @property
    def winners(self) -> int:
        return self.section.winners

    @property
    def phantom(self) -> str | None:
        return self.section.phantom

    @property
    def boards(self) -> tuple[int, ...]:
        return self.section.boards

    @property
    def session_result(self) -> SessionResult:
        """The scoring engine's result of the one section."""
        engine = self.section.engine
        assert engine is not None
        return engine

    @property
    def event_name(self) -> str:
        return self.event.name

    @property
    def average(self) -> Fraction | None:
        """Average score over the session (matchpoints: half the field's maximum)."""
        if self.method is not Method.MP:
            return None
        tops = [s.max for sec in self.sections for s in sec.ranking if s.max is not None]
        return max(tops) / 2 if tops else None

    def with_section(self, section: ScoredSection) -> ScoredSession:
        """This session seen through one of its sections (for per-section writers)."""

        return replace(self, sections=(section,), multi=self.multi or len(self.sections) > 1)


@dataclass(frozen=True)
class EventTotal:
    """A competitor's total over several sessions, carry-over included."""

    pair: str
    total: Fraction
    rank: str


@dataclass(frozen=True)
class VpLine:
    """A competitor's victory points in a session (Houston VPs, 004:1442-1444)."""

    pair: str
    direction: Side | None
    vp: Fraction
    rank: str


@dataclass(frozen=True)
class ScoredEvent:
    """One or several sessions scored, with what is ranked over them.

    ``totals`` adds the sessions up (with ``carry_over`` from a qualifying
    round, 004:1993-2034); ``flights`` ranks each competitor in its flight and
    those below (004:1521-1532: competitor -> flight -> rank); ``houston``
    holds each session's Houston VPs; ``combined`` ranks each competitor over
    all sessions with a column per session.  Every part but the sessions is empty
    when it was not asked for.
    """

    sessions: tuple[ScoredSession, ...]
    totals: tuple[EventTotal, ...] = ()
    carry_over: Mapping[str, Fraction] = field(default_factory=dict)
    flights: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    houston: tuple[tuple[VpLine, ...], ...] = ()
    #: the ranking over all sessions, one competitor whatever its numbers
    #: (:func:`bridgedesk.results.combined.combine`)
    combined: Combined | None = None

    @property
    def has_extras(self) -> bool:
        return bool(self.totals or self.carry_over or self.flights or self.houston or self.combined)


__all__ = [
    "BoardPenalty",
    "Competitor",
    "EventHeading",
    "EventTotal",
    "Line",
    "Match",
    "MovementInfo",
    "Options",
    "ScoredEvent",
    "ScoredSection",
    "ScoredSession",
    "SheetLine",
    "Standing",
    "Traveller",
    "VpLine",
    "pair_label",
    "pair_number",
    "pair_order",
]
