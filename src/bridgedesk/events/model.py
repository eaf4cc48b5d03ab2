"""The event model: event, sessions, sections, entries and results.

Frozen dataclasses parsed at the edge; the director's workflow is JCBL Director
Manual 004:708-808 and 004:3799-3916, result slips 004:538-553, late pairs
004:884-898, corrections 003:123-159.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from bridgedesk.bridge import (
    Contract,
    Seat,
    board_vulnerability,
    check_tricks,
    format_result,
    score_ns,
)
from bridgedesk.bridge.methods import Adjustment as Adjustment  # re-exported
from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ContractError, EntryError, Location, ParseError
from bridgedesk.events.seating import GridMovement
from bridgedesk.i18n import LazyText, lazy_pgettext

_E = TypeVar("_E", bound=Enum)


def parse_enum(cls: type[_E], text: str, what: LazyText) -> _E:
    """The member of ``cls`` that ``text`` names (its value or an alias, any case,
    ``_`` or a space for ``-``); a :class:`ParseError` naming ``what`` and the
    allowed values otherwise."""
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    for member in cls:
        if key == str(member.value) or key in getattr(member, "aliases", ()):
            return member
    allowed = ", ".join(str(m.value) for m in cls)
    raise ParseError(
        "unknown {what} {text!r}: expected one of {allowed}",
        code="choice.unknown",
        what=what,
        text=text,
        allowed=allowed,
    )


class Rating(Enum):
    """How an event is rated for masterpoints (000:471-547: caps per rating)."""

    WEEKLY = "weekly"
    CLUB_CHAMPIONSHIP = "club-championship"
    LOCAL = "local"
    SECTIONAL = "sectional"
    REGIONAL = "regional"
    NATIONAL = "national"

    @property
    def aliases(self) -> tuple[str, ...]:
        return {"club-championship": ("club", "championship", "cc")}.get(self.value, ())

    @classmethod
    def parse(cls, text: str) -> Rating:
        return parse_enum(cls, text, lazy_pgettext("choice", "rating"))

    def __str__(self) -> str:
        return self.value


#: The events model's name for the one scoring-method enum.
ScoringMethod = Method


class EntryKind(Enum):
    """What an entry is: a pair, a team (4-6 players) or an individual."""

    PAIR = "pair"
    TEAM = "team"
    INDIVIDUAL = "individual"

    @property
    def players(self) -> tuple[int, int]:
        """The least and most players an entry of this kind lists."""
        return {"pair": (2, 2), "team": (4, 6), "individual": (1, 1)}[self.value]

    @classmethod
    def parse(cls, text: str) -> EntryKind:
        return parse_enum(cls, text, lazy_pgettext("choice", "entry kind"))

    def __str__(self) -> str:
        return self.value


#: An entry's kind as an error line says it ("a team entry lists 4-6 players").
_KIND_WORDS = {
    EntryKind.PAIR: lazy_pgettext("entry kind", "pair"),
    EntryKind.TEAM: lazy_pgettext("entry kind", "team"),
    EntryKind.INDIVIDUAL: lazy_pgettext("entry kind", "individual"),
}


@dataclass(frozen=True)
class Player:
    """A player: a name and, for a federation member, the member number."""

    name: str
    member: str | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise EntryError("a player needs a name", code="player.needs-name")


def check_flight(text: str) -> str:
    """A flight's name as entered: a letter or two and digits (``A``, ``B``, ``C1``),
    upper case; anything else is refused in one line."""
    name = text.strip().upper()
    if not (1 <= len(name) <= 8 and name.isascii() and name.isalnum()):
        raise EntryError(
            "a flight is named by letters and digits, like A, B or C, not {text!r}",
            Location(input="flight"),
            code="entry.flight-name",
            text=text,
        )
    return name


@dataclass(frozen=True)
class Entry:
    """A pair, team or individual in a section, under its number there.

    ``stationary`` asks for a seat that does not move (a player who cannot walk
    around, 004:810-948); ``phantom`` is the missing pair of an odd field whose
    opponents sit out (004:872-880); ``late`` marks a pair added after the start,
    which the rules allow only before round 2 (004:884-898); ``flight`` is a
    stratified event's flight of the pair (``A`` the top, 004:1515-1532).
    """

    number: int
    players: tuple[Player, ...] = ()
    kind: EntryKind = EntryKind.PAIR
    team_name: str | None = None
    stationary: bool = False
    phantom: bool = False
    late: bool = False
    flight: str | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise EntryError(
                "entry numbers start at 1, got {number}",
                code="entry.bad-number",
                number=self.number,
            )
        if self.flight is not None:
            object.__setattr__(self, "flight", check_flight(self.flight))
        if self.phantom:
            if self.players:
                raise EntryError(
                    "phantom pair {number} cannot have players",
                    code="entry.phantom-players",
                    number=self.number,
                )
            return
        members = [p.member for p in self.players if p.member]
        twice = sorted({m for m in members if members.count(m) > 1})
        if twice:
            raise EntryError(
                "entry {number} lists member {member} twice",
                code="entry.member-twice",
                number=self.number,
                member=twice[0],
            )
        least, most = self.kind.players
        if not least <= len(self.players) <= most:
            want = str(least) if least == most else f"{least}-{most}"
            raise EntryError(
                "a {kind} entry lists {want} players, entry {number} has {count}",
                code="entry.player-count",
                kind=_KIND_WORDS[self.kind],
                want=want,
                number=self.number,
                count=len(self.players),
            )

    @property
    def names(self) -> str:
        if self.phantom:
            return "(phantom)"
        if self.team_name:
            return self.team_name
        return " - ".join(p.name for p in self.players)


@dataclass(frozen=True)
class AdjustedScore:
    """The two sides' artificial scores, e.g. ``A+/A-``: the scoring code values them."""

    ns: Adjustment
    ew: Adjustment

    @classmethod
    def parse(cls, text: str) -> AdjustedScore:
        """``A+/A-``, ``A/A``, ``A-/A+``...  ``60/40``, ``50/50``, ``40/60`` also work."""
        names = {"A+": "A+", "A": "A", "A-": "A-", "60": "A+", "50": "A", "40": "A-"}
        parts = text.replace(" ", "").upper().replace("%", "").split("/")
        if len(parts) != 2 or parts[0] not in names or parts[1] not in names:
            raise ParseError(
                "bad adjusted score {text!r}: write NS/EW with A+, A or A- each, e.g. A+/A-",
                code="result.bad-adjusted-score",
                text=text,
            )
        return cls(Adjustment(names[parts[0]]), Adjustment(names[parts[1]]))

    def __str__(self) -> str:
        return f"{self.ns}/{self.ew}"


_LEAD_RE = re.compile(r"([SHDC♠♥♦♣])(10|[AKQJT98765432])")
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def parse_lead(text: str) -> str:
    """A lead card as suit letter + rank: ``SA``, ``HT``, ``C2`` (``♥10`` -> ``HT``)."""
    key = text.strip().upper()
    match = _LEAD_RE.fullmatch(key)
    if match is None:
        raise ParseError(
            "bad lead card {text!r}: write the suit S, H, D or C then the rank A K Q "
            "J T 9-2, e.g. SA or H7",
            code="result.bad-lead",
            text=text,
        )
    suit = _SUIT_SYMBOLS.get(match[1], match[1])
    rank = "T" if match[2] == "10" else match[2]
    return suit + rank


#: A result's numbered fields as an error line names them (the slip's words).
_RESULT_FIELDS = {
    "round": lazy_pgettext("result field", "round"),
    "table": lazy_pgettext("result field", "table"),
    "board": lazy_pgettext("result field", "board"),
    "ns": lazy_pgettext("result field", "ns"),
    "ew": lazy_pgettext("result field", "ew"),
    "session": lazy_pgettext("result field", "session"),
}


@dataclass(frozen=True)
class Result:
    """One line of a pick-up slip or traveller (004:538-553).

    Either a played result (``contract``, ``declarer`` except for a passed-out
    board, ``tricks`` taken by declarer, an optional ``lead`` card) or an
    ``adjusted`` artificial score; never both.
    """

    round: int
    table: int
    board: int
    ns: int
    ew: int
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: AdjustedScore | None = None
    section: str = "A"
    session: int = 1

    def __post_init__(self) -> None:
        for name in ("round", "table", "board", "ns", "ew", "session"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise EntryError(
                    "{name} must be a whole number from 1, got {value!r}",
                    code="result.not-a-number",
                    name=_RESULT_FIELDS[name],
                    value=value,
                )
        if self.ns == self.ew:
            raise EntryError(
                "NS and EW are both pair {pair}", code="result.same-pair", pair=self.ns
            )
        if self.adjusted is not None:
            if self.contract is not None or self.declarer is not None or self.tricks is not None:
                raise EntryError(
                    "an adjusted score replaces the contract: give either a contract with "
                    "declarer and tricks, or an adjusted score",
                    code="result.contract-and-adjusted",
                )
            return
        if self.contract is None:
            raise EntryError(
                "a result needs a contract (or PASS) or an adjusted score",
                code="result.needs-contract",
            )
        if self.contract.is_pass:
            if self.declarer is not None or self.tricks not in (None, 0):
                raise ContractError(
                    "a passed-out board has no declarer and no tricks",
                    code="result.passed-out-declarer",
                )
            if self.lead is not None:
                raise ContractError(
                    "a passed-out board has no opening lead", code="result.passed-out-lead"
                )
            return
        if self.declarer is None:
            raise ContractError(
                "contract {contract} needs a declarer: N, E, S or W",
                code="result.needs-declarer",
                contract=str(self.contract),
            )
        if self.tricks is None:
            raise ContractError(
                "contract {contract} needs the tricks taken",
                code="result.needs-tricks",
                contract=str(self.contract),
            )
        check_tricks(self.tricks)

    @property
    def ns_score(self) -> int | None:
        """NS's duplicate score; None for an adjusted score."""
        if self.contract is None:
            return None
        return score_ns(
            self.contract, self.declarer, self.tricks or 0, board_vulnerability(self.board)
        )

    @property
    def result_text(self) -> str:
        """The contract line as on a traveller: ``4SX S -2``, ``PASS`` or ``A+/A-``."""
        if self.adjusted is not None:
            return str(self.adjusted)
        assert self.contract is not None
        if self.contract.is_pass:
            return "PASS"
        assert self.tricks is not None
        return f"{self.contract} {self.declarer} {format_result(self.contract, self.tricks)}"

    @property
    def key(self) -> tuple[int, str, int, int, int]:
        """The natural key: no second result for the same board and pairs."""
        return (self.session, self.section, self.board, self.ns, self.ew)


@dataclass(frozen=True)
class SectionResults:
    """Everything scoring and reports need about one section of one session.

    A snapshot read from the store in one transaction: the movement, the
    entries by number and every stored result (scores from NS's view).
    """

    event: Event
    session: int
    section: str
    movement: GridMovement | None
    entries: Mapping[int, Entry]
    results: tuple[Result, ...]

    def travellers(self) -> dict[int, tuple[Result, ...]]:
        """Results by board number (one traveller per board, 004:436-470), in table order."""
        boards: dict[int, list[Result]] = {}
        for r in sorted(self.results, key=lambda r: (r.board, r.round, r.table)):
            boards.setdefault(r.board, []).append(r)
        return {board: tuple(rs) for board, rs in sorted(boards.items())}

    def by_pair(self, pair: int) -> tuple[Result, ...]:
        """The results one pair played, by round (its private score sheet)."""
        return tuple(
            sorted(
                (r for r in self.results if pair in (r.ns, r.ew)), key=lambda r: (r.round, r.board)
            )
        )


def correction_deadline(
    rating: Rating, published: dt.datetime, next_game: dt.datetime | None = None
) -> dt.datetime | None:
    """When score corrections close by default (003:131-137).

    Federation events: 30 minutes after the results of the last session are
    published.  A club's weekly game: until the next game (``next_game``; None
    when it is not known).  A deadline announced beforehand overrides both, so
    this is only the default.
    """
    if rating is Rating.WEEKLY:
        return next_game
    return published + dt.timedelta(minutes=30)


@dataclass(frozen=True)
class Section:
    """A section of a session: its name, movement reference and entries."""

    name: str = "A"
    movement: str | None = None
    entries: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Session:
    number: int = 1
    sections: tuple[Section, ...] = (Section(),)


@dataclass(frozen=True)
class Event:
    """A tournament: who runs it, when, how it is rated and scored."""

    name: str
    date: dt.date
    rating: Rating = Rating.WEEKLY
    class_: int = 3
    scoring: ScoringMethod = ScoringMethod.MATCHPOINTS
    club: str = ""
    sessions: tuple[Session, ...] = field(default=(Session(),))
    correction_deadline: dt.datetime | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise EntryError("an event needs a name", code="event.needs-name")
        if not 1 <= self.class_ <= 5:
            raise EntryError(
                "event class must be 1-5, got {event_class}",
                code="event.bad-class",
                event_class=self.class_,
            )
