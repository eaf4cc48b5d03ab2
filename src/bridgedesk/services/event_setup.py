"""An event's rules, in one place: what it is created as, and what may change later.

``bridgedesk event new`` and the console's event form both call
:func:`create_event_of_kind` (the command checks first with :func:`prepare_event`,
before it opens the store), so a combination is refused with the same one line
whichever way it came, before anything is stored; ``bridgedesk event options`` and
the console change an event's scoring with :func:`change_rules`.

The kinds are those the store keeps: an ordinary pairs event (a movement chosen up
front, one or several sessions and sections), a pairs event played round by round
(Swiss pairs, barometer, Houston: ``format``, :mod:`bridgedesk.store.event_options`),
an event of individuals (one session of one section, 004:1576-1614,
:mod:`bridgedesk.store.individuals`) and a team event (one session of one section,
its form and scoring checked together, :mod:`bridgedesk.store.team_events`).

Each kind takes its own scoring methods (:meth:`EventKind.methods`: a pairs or
individual event is scored mp, ximp, butler or total, 004:1162-1173; a team event
imp, vp, bam, bam-vp or mccallum, 004:1616-1872), refused at creation; the method
and the matchpoint convention may be changed, audited, until the first result is in
(:func:`bridgedesk.store.event_options.set_options`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.creation import new_event
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.model import Event
from bridgedesk.events.pair_formats import PairFormat, Pairing
from bridgedesk.events.swiss import Rematch, SwissRule
from bridgedesk.events.team_settings import DEFAULT_BOARDS, TeamForm, TeamSettings
from bridgedesk.i18n import lazy_pgettext
from bridgedesk.store import event_options, team_events
from bridgedesk.store.events_repo import create_event
from bridgedesk.store.individuals import individual_event
from bridgedesk.store.service import Store
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "Created",
    "EventKind",
    "NewEvent",
    "Prepared",
    "change_rules",
    "create_event_of_kind",
    "create_pairs_event",
    "kind_of",
    "prepare_event",
    "store_prepared",
    "team_settings",
]


#: An event of each kind, as a refusal begins ("a pairs event is scored ...").
_KIND_WORDS = {
    "pairs": lazy_pgettext("event kind", "a pairs"),
    "teams": lazy_pgettext("event kind", "a team"),
    "individual": lazy_pgettext("event kind", "an individual"),
}


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
            raise EntryError(
                "--kind is pairs, teams or individual, not {given!r}",
                Location(input="kind"),
                code="event.unknown-kind",
                given=text,
            ) from None

    def methods(self) -> tuple[Method, ...]:
        """The scoring methods an event of this kind takes (module doc)."""
        return Method.teams() if self is EventKind.TEAMS else Method.pairs()

    def method(self, text: str) -> Method:
        """The method ``text`` names, refused (one line) when this kind cannot take it."""
        found = Method.parse(text)
        if found not in self.methods():
            names = ", ".join(m.value for m in self.methods())
            if found.is_teams:
                raise EntryError(
                    "{kind} event is scored {methods}, not {method} (--scoring {method} is "
                    "for a team event)",
                    Location(input="scoring"),
                    code="event.scoring-kind",
                    kind=_KIND_WORDS[self.value],
                    methods=names,
                    method=found.value,
                )
            raise EntryError(
                "{kind} event is scored {methods}, not {method} (--scoring {method} is for "
                "pairs and individuals)",
                Location(input="scoring"),
                code="event.scoring-kind",
                kind=_KIND_WORDS[self.value],
                methods=names,
                method=found.value,
            )
        return found


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
        raise EntryError(
            "a team event needs --format: {forms}",
            Location(input="format"),
            code="event.team-needs-format",
            forms=forms,
        )
    team_form = TeamForm.parse(form)
    if scoring is not None:
        team_scoring = EventKind.TEAMS.method(scoring)
    elif team_form is TeamForm.KNOCKOUT:
        team_scoring = Method.TEAM_IMPS
    elif team_form in (TeamForm.AWL, TeamForm.MIRROR_MITCHELL):
        team_scoring = Method.BOARD_A_MATCH
    else:
        team_scoring = Method.TEAM_VP
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
                "unknown --swiss-rule {given!r}; choose jcbl-1, jcbl-2 or jcbl-3",
                Location(input="swiss_rule"),
                code="event.unknown-swiss-rule",
                given=swiss_rule,
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
        raise EntryError(
            "a team event is one section: leave out --sections",
            Location(input="sections"),
            code="event.team-one-section",
        )
    if asked.convention is not None:
        raise EntryError(
            "--convention is for a pairs event (matchpoints)",
            Location(input="convention"),
            code="event.convention-pairs-only",
        )
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


def _pair_format(text: str) -> PairFormat:
    """The pairs event's format ``--format`` names (a refusal is about that input)."""
    try:
        return PairFormat.parse(text)
    except BridgedeskError as exc:
        raise exc.located(Location(input="format")) from None


def prepare_event(asked: NewEvent) -> Prepared:
    """Check what ``asked`` describes and build the event, storing nothing (the
    command does this before it opens the store); one line when refused."""
    kind = EventKind.parse(asked.kind)
    if not asked.name.strip():
        raise EntryError("give the event's name", Location(input="name"), code="event.needs-name")
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
        raise EntryError(
            "--even-chance is for a team event (--kind teams)",
            Location(input="even_chance"),
            code="event.even-chance-teams-only",
        )
    given = [option for option, value in team_only if value is not None]
    if given:
        raise EntryError(
            "{option} is for a team event (--kind teams)",
            Location(input=given[0].removeprefix("--").replace("-", "_")),
            code="event.team-only-option",
            option=given[0],
        )
    scoring = kind.method(asked.scoring) if asked.scoring else Method.MP
    event = new_event(
        asked.name, date=asked.date, rating=asked.rating, class_=asked.class_,
        scoring=scoring.value, club=asked.club, sessions=asked.sessions,
        sections=asked.sections, deadline=asked.deadline,
    )  # fmt: skip
    if kind is EventKind.INDIVIDUAL:
        if asked.format is not None or asked.convention is not None:
            raise EntryError(
                "--format and --convention are for a pairs event",
                Location(input="format"),
                code="event.individual-no-format",
            )
        return Prepared(event, kind)
    if asked.format is None and asked.convention is None:
        return Prepared(event, kind)
    opts = EventOptions(
        format=None if asked.format is None else _pair_format(asked.format),
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
        eid = create_pairs_event(store, made.event, made.options, who=who)
    return Created(eid, made.event, made.kind, made.team)


def create_event_of_kind(store: Store, asked: NewEvent, *, who: str) -> Created:
    """Store the event ``asked`` describes, or refuse (one line) having stored nothing.

    ``who`` is named in the director's log when the event's options are set."""
    return store_prepared(store, prepare_event(asked), who=who)


def create_pairs_event(unit: UnitOfWork, event: Event, opts: EventOptions, *, who: str) -> int:
    """Create a pairs ``event`` with ``opts`` in one transaction (nothing stored if refused)."""
    opts.check(event.scoring)
    if opts.format is not None and (
        len(event.sessions) != 1 or len(event.sessions[0].sections) != 1
    ):
        raise EntryError(
            "a {event_format} event is one session of one section",
            code="event.one-section-format",
            event_format=opts.format.value,
        )
    with unit.transaction():
        eid = create_event(unit, event)
        if opts != EventOptions():
            event_options.set_options(unit, eid, opts, who=who, reason="event created")
    return eid


def kind_of(unit: UnitOfWork, ref: int | str) -> EventKind:
    """What a stored event is: pairs, teams or individual."""
    with unit.transaction(write=False):
        if team_events.is_team_event(unit, ref):
            return EventKind.TEAMS
        return EventKind.INDIVIDUAL if individual_event(unit, ref) else EventKind.PAIRS


def change_rules(
    unit: UnitOfWork,
    ref: int | str,
    *,
    scoring: str | None = None,
    fmt: str | None = None,
    pairing: str | None = None,
    vp_scale: str | None = None,
    convention: str | None = None,
    who: str,
    reason: str,
) -> tuple[EventOptions, EventOptions]:
    """Change a stored event's scoring method and options (audited): the method must be
    one its kind takes, and the method and convention are fixed once a result is in
    (module doc).  ``fmt`` ``none`` makes an ordinary event.  Returns (before, after)."""
    if not reason.strip():
        raise EntryError(
            "changing the event's options needs --reason (the audit log)",
            Location(input="reason"),
            code="event.options-need-reason",
        )
    with unit.transaction():
        kind = kind_of(unit, ref)
        method = None if scoring is None else kind.method(scoring)
        if kind is EventKind.TEAMS and (fmt or pairing or convention or vp_scale):
            raise EntryError(
                "a team event's form and VP scale are set when it is created (`event new "
                "--kind teams`); only its --scoring can change here",
                Location(input="format"),
                code="event.team-options-fixed",
            )
        current = event_options.options(unit, ref)
        new = replace(
            current,
            format=current.format if fmt is None
            else (None if fmt.strip().lower() == "none" else PairFormat.parse(fmt)),
            pairing=current.pairing if pairing is None else Pairing.parse(pairing),
            vp_scale=current.vp_scale if vp_scale is None else vp_scale,
            convention=current.convention if convention is None
            else Convention.parse(convention),
        )  # fmt: skip
        old = event_options.set_options(unit, ref, new, who=who, reason=reason, method=method)
    return old, new
