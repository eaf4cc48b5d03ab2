"""One award request as a user makes it: the options given, checked against the kind
of event they describe, turned into the parameters of
:func:`~bridgedesk.masterpoints.award.award` and awarded.

:class:`AwardOptions` holds what the user gave (``None`` / ``False`` / empty: not
given); :class:`AwardInput` what the event is (a ranking, or scored sessions with the
members of each pair, and what a stored event knows of itself).  :func:`award_request`
refuses an option that does not apply to the event, with a line saying why, instead
of ignoring it, and takes from the stored event what it knows (its rating and class)
instead of asking for it again.  The command line (``bridgedesk masterpoints award``)
is a shell over this module; option names in the messages are the command's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from types import MappingProxyType
from typing import NoReturn

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import (
    Award,
    ClubGame,
    Params,
    SbfEvent,
    SbfSeries,
    TeamMatch,
    award,
)
from bridgedesk.masterpoints.jcbl.club import ClubEvent, ClubRating, EventKind, QualifyingRound
from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
from bridgedesk.masterpoints.ranking import Ranking
from bridgedesk.masterpoints.scored import award_scored, ranking_from_sessions, session_tables
from bridgedesk.scoring.session import SessionResult

__all__ = [
    "SERIES_TABLES",
    "AwardInput",
    "AwardOptions",
    "Awarded",
    "StoredEvent",
    "award_request",
    "is_series_table",
    "parameters",
]

#: SBF tables played match by match (the ranking JSON's ``matches``).
SERIES_TABLES = ("B2", "B3", "B4", "E2", "E3", "E4", "E5", "G1", "G2A", "G2B", "G2C", "G3")
#: The stored events' ratings (bridgedesk.events.model.Rating) as JCBL award ratings.
STORED_RATINGS = {
    "club-championship": ClubRating.CCG,
    "local": ClubRating.LOCAL,
    "sectional": ClubRating.SECTIONAL,
    "regional": ClubRating.REGIONAL,
    "national": ClubRating.NATIONAL,
}


def is_series_table(table: str | None) -> bool:
    """True for the SBF team series tables (awarded match by match)."""
    return table is not None and table.upper() in SERIES_TABLES


@dataclass(frozen=True)
class AwardOptions:
    """The options of an award request; a field left at its default was not given."""

    rules: str
    klass: int | None = None
    kind: str | None = None
    sessions: int | None = None
    restriction_class: int | None = None
    boards: int | None = None
    max_vp: Fraction | None = None
    table: str | None = None
    division: int | None = None
    divisions: int | None = None
    double_round: bool = False
    met: int | None = None
    groups: int | None = None
    group: Mapping[str, int] = field(default_factory=dict)
    handicap: bool = False
    simultaneous: bool = False
    dm: str | None = None
    abandoned: bool = False
    evenings: int | None = None
    rating: str | None = None
    tables: int | None = None
    competitors: int | None = None
    limits: tuple[int, ...] = ()
    team_size: int | None = None
    bridge_center: bool = False
    stage: str | None = None
    qualifying: QualifyingRound | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "group", MappingProxyType(dict(self.group)))
        object.__setattr__(self, "limits", tuple(self.limits))

    def given(self) -> tuple[str, ...]:
        """The fields the user gave, in declaration order (``rules`` aside)."""
        out = []
        for f in dataclasses.fields(self):
            if f.name == "rules":
                continue
            default = f.default_factory() if callable(f.default_factory) else f.default
            if getattr(self, f.name) != default:
                out.append(f.name)
        return tuple(out)


#: The command's name of each option.
OPTION_NAMES = {
    "klass": "--class",
    "kind": "--kind",
    "sessions": "--sessions",
    "restriction_class": "--restriction-class",
    "boards": "--boards",
    "max_vp": "--max-vp",
    "table": "--table",
    "division": "--division",
    "divisions": "--divisions",
    "double_round": "--double-round",
    "met": "--met",
    "groups": "--groups",
    "group": "--group",
    "handicap": "--handicap",
    "simultaneous": "--simultaneous",
    "dm": "--dm",
    "abandoned": "--abandoned",
    "evenings": "--evenings",
    "rating": "--rating",
    "tables": "--tables",
    "competitors": "--competitors",
    "limits": "--limit",
    "team_size": "--team-size",
    "bridge_center": "--bridge-center",
    "stage": "--stage",
    "qualifying": "--qualifying",
}

#: ``tables`` of a weekly game only goes on its FMP certificates ("Tables 6", 000:24).
_WEEKLY = frozenset(
    {"klass", "kind", "sessions", "restriction_class", "boards", "max_vp", "tables"}
)
_CLUB = frozenset(
    {
        "rating",
        "kind",
        "sessions",
        "tables",
        "competitors",
        "limits",
        "team_size",
        "bridge_center",
        "stage",
        "qualifying",
    }
)
_SBF_EVENT = frozenset(
    {
        "table",
        "boards",
        "met",
        "groups",
        "group",
        "handicap",
        "simultaneous",
        "dm",
        "abandoned",
        "evenings",
    }
)
_SBF_SERIES = frozenset({"table", "boards", "division", "divisions", "double_round"})
#: SBF options that apply to some tables only: option -> (tables, what it is).
_SBF_TABLES: Mapping[str, tuple[frozenset[str], str]] = {
    # table D's coefficient and the silver boards (001:336-352, 001:1258-1271); gold and
    # H2 take D's; series: the boards per match of E2, E3, E4, G2a, G1
    "boards": (
        frozenset({"D", "F", "GOLD", "H2", "E2", "E3", "E4", "G2A", "G1"}),
        "the boards of a silver or gold pairs / individual event (D, F, GOLD, H2) or "
        "of the matches of E2, E3, E4, G2a, G1",
    ),
    "met": (frozenset({"D", "F", "GOLD"}), "opponents met (D, GOLD) or rounds played (F)"),
    "simultaneous": (
        frozenset({"A", "A1", "A2", "D"}),
        "a bronze (A) or silver (D) simultaneous event (001:441-455)",
    ),
    # a bronze event stopped early is paid as played; only silver and gold pay nothing
    "abandoned": (
        frozenset({"D", "E1", "F", "GOLD", "H1", "H1S", "H2", "RALLY"}),
        "a silver or gold event stopped on purpose pays nothing (001:520-522); a bronze "
        "one is paid as played",
    ),
    "division": (frozenset({"B3", "E3", "E5", "G3"}), "the division of B3, E3, E5 or G3"),
    "divisions": (frozenset({"B3", "E3"}), "the number of divisions of B3 or E3"),
    "double_round": (frozenset({"B2", "B3"}), "the B2 bonus of a double round robin"),
}


def _refuse(option: str, why: str) -> NoReturn:
    raise MasterpointError(f"{OPTION_NAMES[option]} does not apply: {why}")


def _owner(option: str) -> str:
    """Which kind of event an option belongs to, for the messages."""
    places = [
        what
        for what, names in (
            ("JCBL weekly games (--class)", _WEEKLY),
            ("JCBL CCG-and-up games (--rating)", _CLUB),
            ("SBF (--rules sbf)", frozenset({"table"})),
            ("SBF events by a table (A ... H2)", _SBF_EVENT - {"table"}),
            ("SBF team series (B2 ... G3)", _SBF_SERIES - {"table"}),
        )
        if option in names
    ]
    return " and ".join(places)


def _only(options: AwardOptions, allowed: frozenset[str], event: str) -> None:
    for name in options.given():
        if name not in allowed:
            _refuse(name, f"{event}; it is for {_owner(name)}")


@dataclass(frozen=True)
class StoredEvent:
    """What a stored event knows of itself: its name, date, rating
    (:class:`bridgedesk.events.model.Rating` value), weekly class and, from its
    entries, the kind of game (``pairs``, ``individual`` or ``teams``; None if mixed);
    ``places``: for an event ranked over several sessions, each competitor's place in
    the combined ranking as the event publishes it (004:1315-1320), which the overall
    awards follow instead of adding the sessions by number; ``club`` and ``names``
    (member number -> name) are what its certificates print."""

    name: str
    day: date
    rating: str
    klass: int
    kind: str | None = None
    places: Mapping[str, int] | None = None
    #: The organising club (printed on a weekly game's FMP certificates, 000:23-31).
    club: str = ""
    #: Each player's name by member number, from the entries (the certificates').
    names: Mapping[str, str] | None = None


@dataclass(frozen=True)
class AwardInput:
    """The event to award: a ``ranking`` (from a ranking JSON, with ``matches`` for a
    series), or scored ``sessions`` with the ``players`` of each competitor (and
    ``flights``; ``flight_order`` top first); ``stored``: the stored event it came
    from, if any."""

    ranking: Ranking | None = None
    matches: tuple[TeamMatch, ...] | None = None
    sessions: tuple[SessionResult, ...] = ()
    players: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    flights: Mapping[str, str] = field(default_factory=dict)
    flight_order: tuple[str, ...] = ()
    stored: StoredEvent | None = None

    def __post_init__(self) -> None:
        if (self.ranking is None) == (not self.sessions):
            raise MasterpointError("an award needs a ranking or scored sessions (not both)")


@dataclass(frozen=True)
class Awarded:
    """The awards with the parameters and the ranking they were computed on;
    ``tables``: the tables in play of the first scored session (None from a ranking)."""

    awards: tuple[Award, ...]
    params: Params
    ranking: Ranking
    tables: int | None = None


def _stored_rules(options: AwardOptions, stored: StoredEvent | None) -> AwardOptions:
    """JCBL: the class or the rating of a stored event, unless the user gave the same;
    a contradiction is refused (the store is changed with ``bridgedesk event``)."""
    if stored is None or options.rules != "jcbl":
        return options
    if stored.kind is not None:
        if options.kind is not None and options.kind != stored.kind:
            raise MasterpointError(
                f"event {stored.name!r} is a game of {stored.kind} (its entries), not of "
                f"{options.kind}: --kind does not apply"
            )
        options = dataclasses.replace(options, kind=stored.kind)
    if stored.rating == "weekly":
        if options.rating is not None:
            _refuse(
                "rating",
                f"event {stored.name!r} is stored as a weekly game (class {stored.klass})",
            )
        if options.klass is not None and options.klass != stored.klass:
            raise MasterpointError(
                f"event {stored.name!r} is stored as a class {stored.klass} weekly game, "
                f"not class {options.klass}: change the event, not the award"
            )
        return dataclasses.replace(options, klass=stored.klass)
    rating = STORED_RATINGS[stored.rating].value
    if options.klass is not None:
        _refuse("klass", f"event {stored.name!r} is stored as a {stored.rating} game, not weekly")
    if options.rating is not None and options.rating != rating:
        raise MasterpointError(
            f"event {stored.name!r} is stored as a {stored.rating} game (rating {rating}), "
            f"not {options.rating}: change the event, not the award"
        )
    return dataclasses.replace(options, rating=rating)


def _weekly(options: AwardOptions, sessions: int) -> WeeklyGame:
    _only(options, _WEEKLY, "a JCBL weekly game (--class)")
    assert options.klass is not None
    try:
        kind = GameKind(options.kind or "pairs")
    except ValueError:
        raise MasterpointError(
            f"--kind must be pairs, individual or teams, got {options.kind!r}"
        ) from None
    if (options.boards is None) != (options.max_vp is None):
        raise MasterpointError(
            "the weekly team formula ② needs both --boards and --max-vp (000:203-210)"
        )
    if options.boards is not None and kind is not GameKind.TEAMS:
        _refuse("boards", f"--boards and --max-vp are for weekly teams, not {kind.value}")
    return WeeklyGame(
        options.klass,
        kind,
        sessions,
        options.restriction_class,
        options.boards,
        options.max_vp,
    )


def _club(options: AwardOptions, ranking: Ranking, sessions: int, tables: int | None) -> ClubGame:
    _only(options, _CLUB, f"a JCBL {options.rating} game (--rating)")
    try:
        rating = ClubRating(options.rating or "")
        kind = EventKind(options.kind or "pairs")
    except ValueError:
        raise MasterpointError(
            f"--rating must be one of {', '.join(r.value for r in ClubRating)} and --kind one "
            f"of {', '.join(k.value for k in EventKind)}; got {options.rating!r}, "
            f"{options.kind or 'pairs'!r}"
        ) from None
    if options.team_size is not None and kind is not EventKind.TEAMS:
        _refuse("team_size", f"it is the players of a team, and this is a {kind.value} game")
    if options.bridge_center and rating is not ClubRating.CCG:
        _refuse("bridge_center", f"only a CCG run by a bridge centre pays no red, not {rating}")
    if tables is None:
        raise MasterpointError("a CCG-and-up award needs --tables")
    size = options.competitors or max(len(ranking.in_field(f)) for f in ranking.fields())
    return ClubGame(
        ClubEvent(
            kind,
            rating,
            tables,
            sessions,
            size,
            options.limits,
            options.team_size or 4,
        ),
        bridge_center=options.bridge_center,
        stage=options.stage,
        qualifying=options.qualifying,
    )


def _sbf_table_options(options: AwardOptions, table: str) -> None:
    key = table.upper()
    for name, (tables, what) in _SBF_TABLES.items():
        if name in options.given() and key not in tables:
            _refuse(name, f"it is {what}, not table {table}")
    if options.group and options.groups is None:
        _refuse("group", "it names the strength group of a field of --groups N groups")
    if options.evenings is not None and key in ("B1", "E1"):
        _refuse("evenings", "a team barometer pays by matches played (001:908-917)")


def _sbf(
    options: AwardOptions, matches: tuple[TeamMatch, ...] | None, scored: bool
) -> SbfEvent | SbfSeries:
    table = options.table or "A"
    if is_series_table(table):
        _only(options, _SBF_SERIES, f"an SBF team series (table {table})")
        _sbf_table_options(options, table)
        if options.division and options.divisions and options.division > options.divisions:
            raise MasterpointError(
                f"--division {options.division} is not one of --divisions {options.divisions}"
            )
        if scored or not matches:
            raise MasterpointError(
                f"table {table} is awarded match by match: give a ranking JSON with matches"
            )
        return SbfSeries(
            table,
            matches,
            options.boards,
            options.division or 1,
            options.divisions or 1,
            options.double_round,
        )
    _only(options, _SBF_EVENT, f"an SBF event by table {table}")
    _sbf_table_options(options, table)
    return SbfEvent(
        table,
        options.met,
        options.boards,
        options.groups,
        options.group,
        options.handicap,
        simultaneous=options.simultaneous,
        dm=options.dm,
        abandoned=options.abandoned,
        evenings=options.evenings,
    )


def parameters(
    options: AwardOptions,
    ranking: Ranking,
    *,
    sessions_scored: int = 0,
    tables: int | None = None,
    matches: tuple[TeamMatch, ...] | None = None,
    stored: StoredEvent | None = None,
) -> Params:
    """The parameters of ``award`` for these options, refusing any option that does not
    apply.  ``sessions_scored``: scored sessions given (the default S); ``tables``: the
    tables in play found in them (the default T)."""
    options = _stored_rules(options, stored)
    if options.rules == "jcbl":
        sessions = options.sessions if options.sessions is not None else max(1, sessions_scored)
        if options.rating is not None:
            return _club(options, ranking, sessions, options.tables or tables)
        if options.klass is None:
            raise MasterpointError(
                "--rules jcbl needs --class 1-5 (weekly) or --rating (CCG and up)"
            )
        return _weekly(options, sessions)
    if options.rules == "sbf":
        return _sbf(options, matches, sessions_scored > 0)
    raise MasterpointError(f"--rules must be jcbl or sbf, got {options.rules!r}")


def award_request(options: AwardOptions, source: AwardInput) -> Awarded:
    """Check the options against the event and award it (see the module docstring)."""
    if source.ranking is not None:
        ranking = source.ranking
        params = parameters(options, ranking, matches=source.matches, stored=source.stored)
        awards = award(ranking, "jcbl" if options.rules == "jcbl" else "sbf", params)
        return Awarded(awards, params, ranking)
    order = source.flight_order or tuple(sorted(set(source.flights.values())))
    places = None if source.stored is None else source.stored.places
    ranking = ranking_from_sessions(
        source.sessions,
        source.players,
        flights=source.flights or None,
        flight_order=order,
        places=places,
    )
    tables = session_tables(source.sessions[0])
    params = parameters(
        options,
        ranking,
        sessions_scored=len(source.sessions),
        tables=tables,
        stored=source.stored,
    )
    assert not isinstance(params, SbfSeries)  # _sbf refuses a series on scored sessions
    awards = award_scored(
        source.sessions,
        source.players,
        "jcbl" if options.rules == "jcbl" else "sbf",
        params,
        flights=source.flights or None,
        flight_order=ranking.flights,
        places=places,
    )
    return Awarded(awards, params, ranking, tables)
