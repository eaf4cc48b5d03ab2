"""Awarding an SBF event by its table (001): bronze, silver and gold pairs, teams and
individual events, finals, simultaneous events, DM bonuses, rallies, from a
:class:`~bridgedesk.masterpoints.ranking.Ranking`.  Team series played match by match
are in :mod:`bridgedesk.masterpoints.sbf.award_series`.  Reached through
:func:`bridgedesk.masterpoints.award.award`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from bridgedesk.errors import MasterpointError
from bridgedesk.i18n import phrase
from bridgedesk.masterpoints.awards import Award, best_of, ordered
from bridgedesk.masterpoints.ranking import Placing, Ranking, ties
from bridgedesk.masterpoints.sbf.rules import (
    RallyKind,
    RankingKind,
    SbfFinal,
    dm_bonus,
    final_round_scale,
    gold_pairs,
    h1_final,
    h1_semifinal,
    h2_final,
    rally_bonus,
    share_places,
    simultaneous_silver_bonus,
)
from bridgedesk.masterpoints.sbf.tables import (
    ScaleRow,
    beginners_scale,
    bronze_simultaneous,
    group_field,
    half_silver_scale,
    handicap_scale,
    table,
    table_d,
    table_f,
)
from bridgedesk.masterpoints.sbf.units import Denomination

__all__ = ["B1_DIVISIONS", "SILVER_BOARDS", "SbfEvent", "award_event"]

#: Team barometer in two bronze divisions: field size x 1.2 and x 0.8 (001:897-902).
B1_DIVISIONS = (Fraction(6, 5), Fraction(4, 5))


@dataclass(frozen=True)
class SbfEvent:
    """Parameters of an SBF event.

    ``table``: A (bronze pairs, A1/A2 by size), A1, A2, B1, C, D, E1, F.
    ``met``: opponents met (D) or rounds played (F) when not all meet all.
    ``boards``: boards played (the table D coefficient from 100 boards).
    ``groups`` / ``group_of_field``: strength groups (2-5) and which field is which
    group (1 = A).  ``handicap``: a handicap result list (half scale).
    ``coefficient_of_field``: any other multiplier of a field's size, e.g. a team
    barometer in two divisions (``B1_DIVISIONS``: 1.2 and 0.8, 001:897-902).

    In team barometers (B1, E1) a player who played only some matches gets that
    share of the points, rounded up, if he played at least a third (001:908-917,
    001:1334-1342); elsewhere a player needs half the boards (001:525-529).

    ``simultaneous``: the common list of a simultaneous event (001:441-455): with
    table A the bronze scale continues above 100 pairs (200 pairs: 400 bp to the
    winners); with table D the list pays only the silver bonus, 1/5 of a silver event
    of that size to at most 16 pairs.  ``heats``: the pairs of each heat (at least 4
    for bronze, 8 for silver).  ``dm``: a DM final (``pairs-open``, ``teams-open``,
    ``other``): places 1-3 also get the DM bonus in sp per player, a shared place the
    higher bonus; pair players need half the event (001:1736-1770).
    ``abandoned``: the event was deliberately stopped before all boards were played:
    a silver or gold table pays nothing (001:520-522).  ``evenings``: an event over
    several evenings, where a reserve who played less than half gets his share of the
    points won, rounded up ("Vid flerkvällarstävling får reserven sin andel av
    erövrade mp", 001:530-531) instead of nothing.
    Tables ``H1`` (SM pairs A final, gold then bronze x 3) and ``H1S`` (its
    semifinal) take the field size from the ranking.  ``GOLD``: a gold pairs event
    (001:1772-1790; ``enhanced`` for a field handicap below 15: 10-7-5-4 gp; ``met``
    and ``boards`` as for D).  ``H2``: the SM pairs finals of ``sm_class`` junior,
    veteran, women or mixed (001:1879-1898).  Gold in SM pair finals (H1, H2) is
    marked ``sm-pairs-final`` and sp in gold events (GOLD, H1, H2) ``gold-event`` for
    the ranking points (001:559-569).  ``BEGINNERS``: a beginners' meeting, bp by
    table A2's 50-pair row up to 99 pairs, its 100-pair row from 100 (001:497-500).
    ``RALLY``: the gold bonus of a district rally on its individual standings, by the
    ``starters`` of all its events (pairs; ``rally_kind`` teams count double,
    individual players half), for a rally of ``rally_events`` silver events, six or
    more (001:459-487); it gives no ranking points (marked ``bonus``).

    ``final``: the ranking is one final (A, B, ...) of a silver event (table D) with a
    qualifying (001:381-439): the A final with carry-over pays sp only, from the
    winners' a + b; a B final pays the sp places transferred to it with TK's
    permission, then bp; other finals and finals without carry-over pay bp by the
    bronze scale of their own field
    (:func:`bridgedesk.masterpoints.sbf.rules.final_round_scale`).
    """

    table: str
    met: int | None = None
    boards: int | None = None
    groups: int | None = None
    group_of_field: Mapping[str, int] = field(default_factory=dict)
    handicap: bool = False
    coefficient_of_field: Mapping[str, Fraction] = field(default_factory=dict)
    simultaneous: bool = False
    heats: tuple[int, ...] = ()
    dm: str | None = None
    abandoned: bool = False
    evenings: int | None = None
    final: SbfFinal | None = None
    enhanced: bool = False
    sm_class: str | None = None
    starters: int | None = None
    rally_kind: str = "pairs"
    rally_events: int | None = None

    def __post_init__(self) -> None:
        if self.table.upper() == "RALLY":
            if self.starters is None or self.rally_events is None:
                raise MasterpointError("a rally needs its starters and its number of events")
            if self.rally_events < 6:
                raise MasterpointError(
                    "a rally earns its gold bonus over six or more silver events (001:463-465), "
                    f"got {self.rally_events}"
                )
            if self.rally_kind not in tuple(RallyKind):
                raise MasterpointError(
                    f"rally_kind must be one of {', '.join(RallyKind)}, got {self.rally_kind!r}"
                )
        if (self.table.upper() == "H2") != (self.sm_class is not None):
            raise MasterpointError(
                "table H2 needs sm_class (junior, veteran, women, mixed), and only H2 takes it"
            )
        if self.enhanced and self.table.upper() != "GOLD":
            raise MasterpointError("only a gold event (table GOLD) has the enhanced scale")
        if self.final is not None and self.table.upper() != "D":
            raise MasterpointError(
                f"finals after a qualifying are paid for silver pairs events (table D), "
                f"got table {self.table!r}"
            )
        object.__setattr__(self, "heats", tuple(self.heats))
        object.__setattr__(self, "group_of_field", MappingProxyType(dict(self.group_of_field)))
        object.__setattr__(
            self, "coefficient_of_field", MappingProxyType(dict(self.coefficient_of_field))
        )


def _sbf_row(event: SbfEvent, size: int) -> ScaleRow:
    key = event.table.upper()
    if event.final is not None:
        return final_round_scale(event.final, size)
    if key == "H1":
        return h1_final(size)
    if key == "H1S":
        return h1_semifinal(size)
    if key == "H2":
        assert event.sm_class is not None
        return h2_final(event.sm_class, size, boards=event.boards)
    if key == "RALLY":
        assert event.starters is not None
        return ScaleRow("rally", size, gp=rally_bonus(event.starters, RallyKind(event.rally_kind)))
    if key == "BEGINNERS":
        return ScaleRow("beginners", size, bp=beginners_scale(size))
    if key == "GOLD":
        return gold_pairs(size, enhanced=event.enhanced, met=event.met, boards=event.boards)
    if event.simultaneous and key in ("A", "A1", "A2"):
        if size < 4:
            raise MasterpointError(f"a bronze simultaneous needs 4 or more pairs, got {size}")
        return ScaleRow("A-simultaneous", size, bp=bronze_simultaneous(size))
    if event.simultaneous and key == "D":
        return ScaleRow("D-simultaneous", size, sp=simultaneous_silver_bonus(size))
    if key == "A":
        key = "A1" if size <= 32 else "A2"
    if key == "D" and (event.met is not None or event.boards is not None):
        return _silver_boards(event, table_d(size, met=event.met, boards=event.boards))
    if key == "F" and event.met is not None:
        return _silver_boards(event, table_f(size, rounds=event.met))
    row = _silver_boards(event, table(key, size))
    if event.handicap:
        if row.sp or row.gp:
            raise MasterpointError("handicap events award bronze points only (001:502-504)")
        row = ScaleRow(row.table + "-hcp", size, bp=handicap_scale(row.bp))
    return row


#: Silver events' least boards: (full scale, half scale) for pairs (D) and
#: individuals (F) (001:336-352; "Spelas med halv silverpoängskala").
SILVER_BOARDS = {"D": (42, 36), "F": (38, 38)}


def _silver_boards(event: SbfEvent, row: ScaleRow) -> ScaleRow:
    """Check a silver pairs / individual event's boards when given (001:336-352):
    pairs 42 boards, 36-41 on half the silver scale, fewer no silver event;
    individuals 38."""
    key = event.table.upper()
    if event.boards is None or key not in SILVER_BOARDS:
        return row
    full, half = SILVER_BOARDS[key]
    if event.boards < half:
        raise MasterpointError(
            f"a silver {'pairs' if key == 'D' else 'individual'} event needs {full} boards"
            + (f" ({half}-{full - 1} on half the silver scale)" if half < full else "")
            + f" (001:336-352), got {event.boards}"
        )
    if event.boards < full:
        return half_silver_scale(row)
    return row


def award_event(ranking: Ranking, event: SbfEvent) -> tuple[Award, ...]:
    out: list[Award] = []
    minimum = 2 if event.handicap else 4
    if event.abandoned and event.table.upper() not in ("A", "A1", "A2", "B1", "C", "BEGINNERS"):
        return ()  # "Inga mp delas ut om en silver- eller guldtävling avsiktligt avbryts"
    if event.heats:
        least = 8 if event.table.upper() == "D" else 4
        small = [h for h in event.heats if h < least]
        if small:
            raise MasterpointError(
                f"every heat of a {'silver' if least == 8 else 'bronze'} simultaneous needs "
                f"{least} or more pairs (001:446, 001:455), got a heat of {small[0]}"
            )
    if event.dm is not None:
        dm_bonus(event.dm, 1)  # checks the kind before anything is awarded
    bonuses: list[Award] = []
    # ranking points: sp in gold events 1.5 each, gp in SM pair finals 9 (001:559-569)
    gold_event = event.table.upper() in ("GOLD", "H1", "H2")
    sm_final = event.table.upper() in ("H1", "H2")
    rally = event.table.upper() == "RALLY"  # "bonusen inte är rankinggrundande" (001:466-470)
    for name in ranking.fields():
        best: dict[str, Award] = {}
        for flight, ranked, competitors in ranking.strata(name):
            size = competitors
            if name in event.coefficient_of_field:
                size = math.ceil(competitors * Fraction(event.coefficient_of_field[name]))
            if event.groups is not None:
                group = event.group_of_field.get(name)
                if group is None:
                    raise MasterpointError(f"field {name!r} has no group number (1-{event.groups})")
                size = group_field(competitors, event.groups, group)
            try:
                row = _sbf_row(event, size)
            except MasterpointError as exc:
                where = f"field {name!r}" if name else "the field"
                if flight is not None:
                    where += f", flight {flight}"
                raise MasterpointError(f"{where}: {exc.message}") from exc
            counts = ties(ranked)
            if event.table.upper() in ("B1", "E1") and any(c > 1 for c in counts.values()):
                tied = min(p for p, c in counts.items() if c > 1)
                raise MasterpointError(
                    f"field {name!r}: team events must break ties for masterpoints "
                    f"(001:494-495), place {tied} is shared"
                )
            for placing, place in ranked:
                shared = share_places(row, place, counts[place], minimum)
                if shared is None:
                    continue
                colour, points = shared
                reason = phrase(
                    "SBF table {table}, {size} in the scale, place {place}",
                    table=row.table,
                    size=size,
                    place=place,
                )
                if counts[place] > 1:
                    reason = phrase(
                        "{reason}, shared by {count} (rounded up)",
                        reason=reason,
                        count=counts[place],
                    )
                barometer = event.table.upper() in ("B1", "E1")
                for member in placing.players:
                    played = placing.played(member)
                    mine, why = points, reason
                    if event.evenings is not None and not barometer and played < Fraction(1, 2):
                        if played <= 0:
                            continue
                        mine = math.ceil(points * played)
                        why = phrase(
                            "{reason}, reserve's share {played} of a multi-evening event",
                            reason=reason,
                            played=played,
                        )
                    elif played < (Fraction(1, 3) if barometer else Fraction(1, 2)):
                        continue
                    elif barometer and played < 1:
                        mine = math.ceil(points * played)
                        why = phrase(
                            "{reason}, {played} of the matches played", reason=reason, played=played
                        )
                    best_of(
                        best,
                        Award(
                            member,
                            placing.competitor,
                            name,
                            flight,
                            place,
                            Decimal(mine),
                            colour.value,
                            why,
                            ranking=RankingKind.BONUS.value
                            if rally
                            else _ranking_mark(colour, gold_event, sm_final),
                        ),
                    )
            if event.dm is not None and (flight is None or flight == ranking.flights[0]):
                team = event.table.upper()[:1] in ("B", "E", "G")
                bonuses.extend(_dm_awards(event.dm, name, flight, ranked, team))
        out.extend(best.values())
    return ordered(ranking, out) + ordered(ranking, bonuses)


def _ranking_mark(colour: Denomination, gold_event: bool, sm_final: bool) -> str:
    """How SBF ranking points treat a place award (001:559-569)."""
    if colour is Denomination.GOLD and sm_final:
        return RankingKind.SM_PAIRS_FINAL.value
    if colour is Denomination.SILVER and gold_event:
        return RankingKind.GOLD_EVENT.value
    return ""


def _dm_awards(
    kind: str, name: str, flight: str | None, ranked: list[tuple[Placing, int]], team: bool
) -> list[Award]:
    """The DM final bonus (001:1736-1770): sp per player for places 1-3, a shared place
    the higher bonus ("Delad placering ger här den högre bonusen"); in a pair event a
    player needs half the event; in a team event the district's rules distribute it
    (001:1745-1746): every listed player who played is paid here."""
    out: list[Award] = []
    for placing, place in ranked:
        bonus = dm_bonus(kind, place)
        if not bonus:
            continue
        for member in placing.players:
            played = placing.played(member)
            if played <= 0 or (not team and played < Fraction(1, 2)):
                continue
            reason = phrase(
                "SBF DM final bonus {kind}, place {place}: {bonus} sp per player",
                kind=kind,
                place=place,
                bonus=bonus,
            )
            if team:
                reason = phrase(
                    "{reason} (team bonus: the district's rules decide its split)", reason=reason
                )
            out.append(
                Award(
                    member,
                    placing.competitor,
                    name,
                    flight,
                    place,
                    Decimal(bonus),
                    "sp",
                    reason,
                    ranking=RankingKind.BONUS.value,
                )
            )
    return out
