"""The ranking masterpoints are awarded on: a small frozen model of its own.

The scoring engine's ranking (``bridgedesk.scoring.session``) is adapted to it by a
small function: one :class:`Placing` per competitor with its rank place (tied
competitors carry the same place), the field it was ranked in (a Mitchell's NS and
EW lines, or sections, are separate fields with their own winners) and, in a
stratified event, its own flight.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import MasterpointError

__all__ = [
    "Placing",
    "Ranking",
    "SessionScore",
    "SessionScores",
    "StandingLike",
    "from_standings",
    "member_key",
    "standing_field",
]


@dataclass(frozen=True)
class Placing:
    """One competitor's result.

    ``competitor``: pair/team/player id as the event numbers it.
    ``players``: the federation member numbers of the players (one for an
    individual, two for a pair, four or more for a team); a non-member may be listed
    under any id the office uses.
    ``place``: rank place, 1 = winner; tied competitors share the same place and
    the next place after a tie of k is place + k.
    ``field``: the ranking the place belongs to (``""`` for one field; ``"NS"``,
    ``"EW"`` for a two-winner Mitchell; a section name...).
    ``flight``: the competitor's own flight in a stratified event (``"A"`` top).
    ``won_vp``: JCBL team formula ②: VP of the matches won (bonus VP excluded).
    ``participation``: fraction of the boards each player played, where not all
    played all (substitutes, reserves); missing players played everything.
    ``substitutes``: players brought in by the director (JCBL 000:539-545).
    ``out_of_limit``: an entrant outside the entry limits admitted by the director:
    no overall award and no effect on the others' overall places (000:525-527).
    """

    competitor: str
    players: tuple[str, ...]
    place: int
    field: str = ""
    flight: str | None = None
    won_vp: Fraction | None = None
    participation: Mapping[str, Fraction] = dataclasses.field(default_factory=dict)
    substitutes: frozenset[str] = frozenset()
    out_of_limit: bool = False

    def __post_init__(self) -> None:
        if self.place < 1:
            raise MasterpointError(f"competitor {self.competitor}: place must be 1 or more")
        if not self.players:
            raise MasterpointError(f"competitor {self.competitor}: no players listed")
        object.__setattr__(self, "participation", MappingProxyType(dict(self.participation)))

    def played(self, member: str) -> Fraction:
        return Fraction(self.participation.get(member, Fraction(1)))


@dataclass(frozen=True)
class Ranking:
    """Every competitor of an event, with the flights from the top down.

    ``competitors`` overrides the field size per field (e.g. when only the top of a
    long list is given); by default it is the number of placings in the field.
    """

    placings: tuple[Placing, ...]
    flights: tuple[str, ...] = ()
    competitors: Mapping[str, int] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "placings", tuple(self.placings))
        object.__setattr__(self, "competitors", MappingProxyType(dict(self.competitors)))
        seen: set[tuple[str, str]] = set()
        for p in self.placings:
            key = (p.field, p.competitor)
            if key in seen:
                raise MasterpointError(
                    f"competitor {p.competitor} is listed twice in field {p.field!r}"
                )
            seen.add(key)
            if self.flights and p.flight not in self.flights:
                raise MasterpointError(
                    f"competitor {p.competitor}: flight {p.flight!r} is not one of {self.flights}"
                )

    def fields(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.field for p in self.placings))

    def in_field(self, name: str) -> tuple[Placing, ...]:
        return tuple(p for p in self.placings if p.field == name)

    def field_size(self, name: str) -> int:
        return self.competitors.get(name, len(self.in_field(name)))

    def strata(self, name: str) -> list[tuple[str | None, list[tuple[Placing, int]], int]]:
        """(flight, [(placing, place within the flight)], competitors) for field ``name``.

        A flight ranks its own competitors and every lower flight's; the place within
        it follows the overall order (ties kept).  Without flights, one stratum.  Places
        are recounted from the placings given (1 + how many placed better), so a
        competitor removed from the list (an out-of-limit entrant) moves the others up.
        """
        placings = self.in_field(name)
        if not self.flights:
            return [(None, _recounted(placings), self.field_size(name))]
        out: list[tuple[str | None, list[tuple[Placing, int]], int]] = []
        for index, flight in enumerate(self.flights):
            eligible = [p for p in placings if self.flights.index(p.flight or "") >= index]
            out.append((flight, _recounted(eligible), len(eligible)))
        return out


def _recounted(placings: Sequence[Placing]) -> list[tuple[Placing, int]]:
    """Each placing with its place among ``placings``: 1 + how many placed better (a
    sorted list's count, so a national field of thousands stays linear-logarithmic)."""
    places = sorted(p.place for p in placings)
    return [(p, 1 + bisect_left(places, p.place)) for p in placings]


@dataclass(frozen=True)
class SessionScore:
    """One competitor's score in one session (or one match of a VP team event).

    ``score`` is V of the JCBL session formula (000:423-447): a pair's (or player's)
    session score on the scale of ``SessionScores.scoring``, or, in a VP event, the
    VP of a won or drawn match (bonus VP excluded; 0 for a lost match).
    ``participation``: the share of this session's boards each player played where
    not all played all (a substitute, 000:545).
    ``bye``: a match "won" because the draw left the team without opponents: no
    session award ("組合せの都合上不戦勝になった試合のマスターポイントは与えられません");
    a walkover because the opponents withdrew is an ordinary win with its VP
    ("相手チームの棄権による不戦勝にはマスターポイントを与えます", 000:535-537).
    """

    competitor: str
    score: Fraction
    field: str = ""
    participation: Mapping[str, Fraction] = dataclasses.field(default_factory=dict)
    bye: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", Fraction(self.score))
        object.__setattr__(self, "participation", MappingProxyType(dict(self.participation)))

    def played(self, member: str) -> Fraction:
        return Fraction(self.participation.get(member, Fraction(1)))


#: The scoring methods a JCBL session award reads: a pairs session on its V/M scale
#: (000:437-441: matchpoints, IMPs for cross-IMPs and Butler, total points) and a VP
#: team event's match (000:423-431).
SESSION_METHODS = (Method.MP, Method.XIMP, Method.BUTLER, Method.TOTAL, Method.TEAM_VP)


@dataclass(frozen=True)
class SessionScores:
    """The scores of one session, for JCBL session awards (000:423-469).

    ``boards``: B, the boards of the session (or of the match); ``tables``: the
    tables in play (Sc = tables - 1, fractions cut); ``scoring``: the session's
    method, one of :data:`SESSION_METHODS`; ``average``: Av, the session's average
    score (not used for VPs); ``max_vp``: M, the most VP one match can give
    (VPs only, bonus VP excluded; 1 when matches are decided by wins).
    """

    number: int
    boards: int
    tables: Fraction
    scoring: Method
    scores: tuple[SessionScore, ...]
    average: Fraction = Fraction(0)
    max_vp: Fraction | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", tuple(self.scores))
        object.__setattr__(self, "tables", Fraction(self.tables))
        object.__setattr__(self, "average", Fraction(self.average))
        if self.scoring not in SESSION_METHODS:
            names = ", ".join(m.value for m in SESSION_METHODS)
            raise MasterpointError(
                f"session {self.number}: scoring must be one of {names}, got {self.scoring.value!r}"
            )
        if self.boards < 1:
            raise MasterpointError(f"session {self.number}: boards must be 1 or more")
        if self.scoring is Method.TEAM_VP and (self.max_vp is None or self.max_vp <= 0):
            raise MasterpointError(
                f"session {self.number}: a VP session needs max_vp M > 0 (000:445)"
            )
        seen: set[tuple[str, str]] = set()
        for s in self.scores:
            key = (s.field, s.competitor)
            if key in seen:
                raise MasterpointError(
                    f"session {self.number}: competitor {s.competitor} is listed twice "
                    f"in field {s.field!r}"
                )
            seen.add(key)

    def fields(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.field for s in self.scores))


def ties(ranked: Sequence[tuple[Placing, int]]) -> dict[int, int]:
    """Place -> how many competitors share it."""
    counts: dict[int, int] = {}
    for _, place in ranked:
        counts[place] = counts.get(place, 0) + 1
    return counts


class StandingLike(Protocol):
    """What :func:`from_standings` reads from a scoring engine's ranking line
    (``bridgedesk.scoring.session.PairStanding`` has these attributes)."""

    @property
    def pair(self) -> str: ...
    @property
    def direction(self) -> Any: ...
    @property
    def section(self) -> str | None: ...
    @property
    def rank(self) -> str: ...


def from_standings(
    standings: Iterable[StandingLike],
    players: Mapping[str, Sequence[str]],
    flights: Mapping[str, str] | None = None,
    flight_order: Sequence[str] = (),
) -> Ranking:
    """Adapt a scored session's standings: ``rank`` labels like ``"2="`` become places,
    section and direction (NS / EW of a Mitchell) become the field; ``players`` maps
    each pair number to its members' numbers, ``flights`` a pair to its flight.

    Where NS and EW pairs share numbers, keys may name the field: ``"NS:3"``
    (:func:`member_key`); a plain ``"3"`` serves pair 3 of any field.
    """
    placings: list[Placing] = []
    for s in standings:
        label = s.rank.rstrip("=").strip()
        if not (label.isascii() and label.isdigit()):
            raise MasterpointError(f"pair {s.pair}: rank {s.rank!r} is not a place")
        field_name = standing_field(s)
        key = member_key(players, field_name, s.pair)
        if key is None:
            where = f" ({field_name})" if field_name else ""
            raise MasterpointError(f"pair {s.pair}{where}: no member numbers given")
        flight = None
        if flights is not None:
            fkey = member_key(flights, field_name, s.pair)
            flight = None if fkey is None else flights[fkey]
        placings.append(Placing(s.pair, tuple(players[key]), int(label), field_name, flight))
    return Ranking(tuple(placings), tuple(flight_order))


def standing_field(s: StandingLike) -> str:
    """The field of a standing: its section and direction (``"A NS"``, ``"EW"``, ``""``)."""
    direction = "" if s.direction is None else str(getattr(s.direction, "name", s.direction))
    return " ".join(x for x in (s.section or "", direction) if x)


def member_key(table: Mapping[str, object], field_name: str, pair: str) -> str | None:
    """The key of ``pair`` of field ``field_name`` in a roster: ``"FIELD:PAIR"``, the
    direction alone (``"NS:3"`` for ``"A NS"``), then the plain pair number."""
    candidates = [f"{field_name}:{pair}"]
    if " " in field_name:
        candidates.append(f"{field_name.rsplit(' ', 1)[1]}:{pair}")
    candidates.append(pair)
    for key in candidates:
        if key in table:
            return key
    return None
