"""A new event of any kind from what the director typed: ``bridgedesk event new`` and
the console's event form both call :func:`create_event_of_kind`, so a combination
is refused with the same one line whichever way it came, before anything is stored.

The kinds are those the store keeps: an ordinary pairs event (a movement chosen up
front, one or several sessions and sections), a pairs event played round by round
(Swiss pairs, barometer, Houston: ``format``, :mod:`bridgedesk.store.pair_rounds`),
an event of individuals (one session of one section, 004:1576-1614,
:mod:`bridgedesk.store.individuals`) and a team event (one session of one section,
its form and scoring checked together, :mod:`bridgedesk.store.team_events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.errors import EntryError
from bridgedesk.events.creation import new_event
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.model import Event
from bridgedesk.events.pair_formats import PairFormat
from bridgedesk.events.swiss import Rematch, SwissRule
from bridgedesk.events.team_settings import DEFAULT_BOARDS, TeamForm, TeamSettings
from bridgedesk.store import pair_rounds, team_events
from bridgedesk.store.service import Store

__all__ = [
    "Created",
    "EventKind",
    "NewEvent",
    "Prepared",
    "create_event_of_kind",
    "prepare_event",
    "store_prepared",
    "team_settings",
]


class EventKind(Enum):
    """What an event's competitors are (``event new --kind``)."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"

    @classmethod
    def parse(cls, text: str) -> EventKind:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise EntryError(f"--kind is pairs, teams or individual, not {text!r}") from None


@dataclass(frozen=True)
class NewEvent:
    """Every field of ``event new`` as typed (None: not given)."""

    name: str
    kind: str = "pairs"
    date: str | None = None
    rating: str = "weekly"
    class_: int = 3
    scoring: str | None = None
    club: str = ""
    sessions: int = 1
    sections: str = "A"
    deadline: str | None = None
    format: str | None = None
    convention: str | None = None
    vp_scale: str | None = None
    stock: int = 40
    boards_per_match: int | None = None
    rounds: int | None = None
    swiss_rule: str | None = None
    rematch: str | None = None
    cycles: int = 1
    even_chance: bool = False
    segments: int = 1


@dataclass(frozen=True)
class Created:
    """The event stored: its id, the event, its kind and (a team event) its settings."""

    id: int
    event: Event
    kind: EventKind
    team: TeamSettings | None = None


def team_settings(
    form: str | None,
    scoring: str | None,
    *,
    vp_scale: str | None = None,
    stock: int = 40,
    boards_per_match: int | None = None,
    rounds: int | None = None,
    swiss_rule: str | None = None,
    rematch: str | None = None,
    cycles: int = 1,
    segments: int = 1,
) -> TeamSettings:
    """The settings of ``event new --kind teams`` (a refused combination is one line).

    ``vp_scale`` is a built-in scale's name or a scale file's path (checked whole
    before it is kept)."""
    if form is None:
        forms = ", ".join(f.value for f in TeamForm)
        raise EntryError(f"a team event needs --format: {forms}")
    team_form = TeamForm.parse(form)
    text = scoring or ("imp" if team_form is TeamForm.KNOCKOUT else "vp")
    if team_form in (TeamForm.AWL, TeamForm.MIRROR_MITCHELL) and scoring is None:
        text = "bam"
    team_scoring = next((m for m in Method.teams() if m.value == text.strip().lower()), None)
    if team_scoring is None:
        names = ", ".join(m.value for m in Method.teams())
        raise EntryError(f"a team event is scored {names}, not {text!r}")
    name, data = "wbf2013", None
    if vp_scale is not None:
        if vp_scale in scale_names():
            name = get_scale(vp_scale).name
        else:
            name = load_scale_file(vp_scale).name  # checked whole before it is kept
            data = Path(vp_scale).read_text(encoding="utf-8")
    rule = None
    if swiss_rule is not None:
        rules = {r.value: r for r in SwissRule}
        if swiss_rule not in rules:
            raise EntryError(
                f"unknown --swiss-rule {swiss_rule!r}; choose jcbl-1, jcbl-2 or jcbl-3"
            )
        rule = rules[swiss_rule]
    bpm = boards_per_match or DEFAULT_BOARDS.get(team_form, 8)
    return TeamSettings(
        team_form, team_scoring, bpm, name, data, stock, rounds, rule,
        None if rematch is None else Rematch.parse(rematch), cycles, segments,
    )  # fmt: skip


@dataclass(frozen=True)
class Prepared:
    """An event checked and built, not yet stored: the event, its kind, and its team
    settings or pairs options (None: none)."""

    event: Event
    kind: EventKind
    team: TeamSettings | None = None
    options: EventOptions | None = None
    team_sessions: int = 1
    even_chance: bool = False


def _team_event(asked: NewEvent) -> Prepared:
    if asked.sections != "A":
        raise EntryError("a team event is one section: leave out --sections")
    if asked.convention is not None:
        raise EntryError("--convention is for a pairs event (matchpoints)")
    settings = team_settings(
        asked.format, asked.scoring, vp_scale=asked.vp_scale, stock=asked.stock,
        boards_per_match=asked.boards_per_match, rounds=asked.rounds,
        swiss_rule=asked.swiss_rule, rematch=asked.rematch, cycles=asked.cycles,
        segments=asked.segments,
    )  # fmt: skip
    event = new_event(
        asked.name, date=asked.date, rating=asked.rating, class_=asked.class_,
        scoring=settings.scoring.value, club=asked.club, deadline=asked.deadline,
    )  # fmt: skip
    return Prepared(
        event, EventKind.TEAMS, team=settings, team_sessions=asked.sessions,
        even_chance=asked.even_chance,
    )  # fmt: skip


def prepare_event(asked: NewEvent) -> Prepared:
    """Check what ``asked`` describes and build the event, storing nothing (the
    command does this before it opens the store); one line when refused."""
    kind = EventKind.parse(asked.kind)
    if not asked.name.strip():
        raise EntryError("give the event's name")
    if kind is EventKind.TEAMS:
        return _team_event(asked)
    team_only = (
        ("--vp-scale", asked.vp_scale),
        ("--boards-per-match", asked.boards_per_match),
        ("--rounds", asked.rounds),
        ("--swiss-rule", asked.swiss_rule),
        ("--rematch", asked.rematch),
        ("--cycles", None if asked.cycles == 1 else asked.cycles),
        ("--segments", None if asked.segments == 1 else asked.segments),
    )
    if asked.even_chance:
        raise EntryError("--even-chance is for a team event (--kind teams)")
    given = [option for option, value in team_only if value is not None]
    if given:
        raise EntryError(f"{given[0]} is for a team event (--kind teams)")
    event = new_event(
        asked.name, date=asked.date, rating=asked.rating, class_=asked.class_,
        scoring=asked.scoring or "mp", club=asked.club, sessions=asked.sessions,
        sections=asked.sections, deadline=asked.deadline,
    )  # fmt: skip
    if kind is EventKind.INDIVIDUAL:
        if asked.format is not None or asked.convention is not None:
            raise EntryError("--format and --convention are for a pairs event")
        return Prepared(event, kind)
    if asked.format is None and asked.convention is None:
        return Prepared(event, kind)
    opts = EventOptions(
        format=None if asked.format is None else PairFormat.parse(asked.format),
        convention=Convention.JCBL if asked.convention is None
        else Convention.parse(asked.convention),
    )  # fmt: skip
    opts.check(event.scoring)
    return Prepared(event, kind, options=opts)


def store_prepared(store: Store, made: Prepared, *, who: str) -> Created:
    """Store a prepared event (its options audited as set by ``who``); its id."""
    if made.team is not None:
        eid = team_events.create_team_event(
            store, made.event, made.team, made.team_sessions, made.even_chance
        )
    elif made.kind is EventKind.INDIVIDUAL:
        eid = store.create_event(made.event, individual=True)
    elif made.options is None:
        eid = store.create_event(made.event)
    else:
        eid = pair_rounds.create_event(store, made.event, made.options, who=who)
    return Created(eid, made.event, made.kind, made.team)


def create_event_of_kind(store: Store, asked: NewEvent, *, who: str) -> Created:
    """Store the event ``asked`` describes, or refuse (one line) having stored nothing.

    ``who`` is named in the director's log when the event's options are set."""
    return store_prepared(store, prepare_event(asked), who=who)
