"""``masterpoints award`` as one request: what is awarded, by which rules, and what is
done with the awards (printed, printed as FMP certificates, or added to a ledger CSV).

The command line gathers what it was given into :class:`AwardAsked` and prints what
:func:`award` returns; every decision is made here, and each refusal is one line
naming the option: which options go with which output (``--club`` and
``--movement`` are the certificates', ``--event`` the record's, ``--date`` either's),
which with which rules and event (:func:`bridgedesk.masterpoints.request.award_request`)
and which with which input (:func:`bridgedesk.services.award_inputs.load_input`), and
what a stored event gives of itself (its name and date).  The option values that are
text on the command line (``--max-vp``, ``--group``, ``--qualifying``, ``--date``)
are read here too, so a wrong one is refused in the same words whoever asks.

The FMP certificates are those of a JCBL weekly game (000:17-54), made out to each
player by name and issued by the club (a stored event's own, unless ``--club``); the
awards are recorded in a ledger CSV through :func:`bridgedesk.services.ledgers.open_ledger`
(a stored event's awards go into the database with ``masterpoints record``,
:mod:`bridgedesk.services.awards`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award
from bridgedesk.masterpoints.handicap_lists import Split
from bridgedesk.masterpoints.jcbl.club import QualifyingRound
from bridgedesk.masterpoints.jcbl.ranks import FmpCertificate
from bridgedesk.masterpoints.jcbl.weekly import WeeklyGame
from bridgedesk.masterpoints.ledger import LedgerEntry
from bridgedesk.masterpoints.request import AwardOptions, award_request
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.services.award_inputs import InputOptions, load_input
from bridgedesk.services.handicap_awards import handicap_awards
from bridgedesk.services.handicaps import HandicapAsked
from bridgedesk.services.ledgers import open_ledger, parse_day
from bridgedesk.store.service import Store

__all__ = [
    "MOVEMENTS",
    "RULES",
    "AwardAsked",
    "AwardDone",
    "award",
    "group_map",
    "parse_fraction",
    "parse_qualifying",
]

#: The rule sets an award is made by.
RULES = ("jcbl", "sbf")
#: The movements an FMP certificate names (000:17-54).
MOVEMENTS = ("howell", "mitchell", "team", "individual")


@dataclass(frozen=True)
class AwardAsked:
    """What ``masterpoints award`` was given (``None`` / ``False`` / empty: not given).

    ``options``: the event's options, and ``input``: where the event comes from, as
    typed values; ``max_vp``, ``group`` and ``qualifying`` are the event options given
    as text, read into ``options`` here (an option not given keeps ``options``' own);
    the rest say what to do with the awards.
    """

    options: AwardOptions
    input: InputOptions
    max_vp: str | None = None
    group: tuple[str, ...] = ()
    qualifying: str | None = None
    certificates: bool = False
    club: str | None = None
    movement: str | None = None
    record: Path | None = None
    event: str | None = None
    day: str | None = None
    as_json: bool = False
    #: A stored handicap event: the handicaps (``--handicap-ratings`` or
    #: ``--handicap-grades``), its scratch and handicap lists both paid.
    handicap: HandicapAsked | None = None
    #: ``--handicap-both``: a pair placed on both lists is paid both.
    split: Split = Split.BETTER


@dataclass(frozen=True)
class AwardDone:
    """The awards, and what became of them.

    ``ranking``: the digest of a stored event's ranking they place (``award --json``
    prints it, ``record`` checks it is still the event's); ``certificates``: with
    ``--certificates``, one FMP certificate per award, printed instead of the awards;
    ``recorded``: with ``--record``, the line saying what the ledger CSV took.
    """

    awards: tuple[Award, ...]
    ranking: str | None = None
    certificates: tuple[FmpCertificate, ...] = ()
    recorded: str | None = None


# --- option values ---------------------------------------------------------------


def parse_qualifying(text: str | None) -> QualifyingRound | None:
    """``SESSIONS:TABLES+TABLES...:ENTRANTS`` -> a JCBL QualifyingRound."""
    if text is None:
        return None
    parts = text.split(":")
    try:
        if len(parts) != 3:
            raise ValueError
        return QualifyingRound(
            int(parts[0]), tuple(int(t) for t in parts[1].split("+")), int(parts[2])
        )
    except ValueError:
        raise MasterpointError(
            "--qualifying must be SESSIONS:TABLES+TABLES...:ENTRANTS, e.g. "
            "2:30+30:60, got {text!r}",
            code="awards.bad-qualifying",
            text=text,
        ) from None


def group_map(items: Sequence[str]) -> dict[str, int]:
    """``--group FIELD=N`` (repeated) -> the strength group of each field."""
    out: dict[str, int] = {}
    for item in items:
        name, sep, number = item.partition("=")
        if not sep or not (number.isascii() and number.isdigit()):
            raise MasterpointError(
                "--group takes FIELD=N (N = 1 for group A), got {item!r}",
                code="awards.bad-group",
                item=item,
            )
        out[name] = int(number)
    return out


def parse_fraction(text: str | None, option: str) -> Fraction | None:
    """A number above 0 (``--max-vp 20``, ``25/2``)."""
    if text is None:
        return None
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise MasterpointError(
            "{option} must be a number, got {text!r}",
            code="awards.not-a-number",
            option=option,
            text=text,
        ) from None
    if value <= 0:
        raise MasterpointError(
            "{option} must be above 0, got {text}",
            code="awards.not-positive",
            option=option,
            text=text,
        )
    return value


# --- the request -----------------------------------------------------------------


def _check_output(asked: AwardAsked) -> None:
    """Refuse the output options that do not go together (before any work)."""
    if asked.options.rules not in RULES:
        raise MasterpointError(
            "--rules must be jcbl or sbf, got {rules!r}",
            code="awards.bad-rules",
            rules=asked.options.rules,
        )
    if not asked.certificates and (asked.club is not None or asked.movement is not None):
        raise MasterpointError(
            "--club and --movement do not apply: they are --certificates'",
            code="awards.certificate-options",
        )
    if asked.record is None and asked.event is not None:
        raise MasterpointError(
            "--event does not apply: it names the event --record writes",
            code="awards.event-without-record",
        )
    if asked.record is None and not asked.certificates and asked.day is not None:
        raise MasterpointError(
            "--date does not apply: it dates --record or --certificates",
            code="awards.date-not-applicable",
        )
    if asked.certificates and (asked.record is not None or asked.as_json):
        raise MasterpointError(
            "--certificates prints certificates: without --record or --json",
            code="awards.certificates-alone",
        )


def _options(asked: AwardAsked) -> AwardOptions:
    """The event's options with the ones given as text read."""
    options = asked.options
    return dataclasses.replace(
        options,
        max_vp=options.max_vp if asked.max_vp is None else parse_fraction(asked.max_vp, "--max-vp"),
        group=group_map(asked.group) if asked.group else options.group,
        qualifying=(
            options.qualifying if asked.qualifying is None else parse_qualifying(asked.qualifying)
        ),
    )


def award(asked: AwardAsked) -> AwardDone:
    """Award what ``asked`` names, and certify or record the awards as it says."""
    _check_output(asked)
    options = _options(asked)
    loaded = load_input(asked.input, options.table)
    source = loaded.input
    done = award_request(options, source)
    if asked.handicap is not None:
        done = dataclasses.replace(done, awards=_handicap_lists(asked, options))
    elif asked.split is not Split.BETTER:
        raise MasterpointError(
            "--handicap-both does not apply: it pays the two lists of "
            "--handicap-ratings or --handicap-grades",
            code="awards.handicap-both",
        )
    stored = source.stored
    name = asked.event if asked.event is not None else stored.name if stored else None
    when = parse_day(asked.day) if asked.day is not None else stored.day if stored else None
    weekly = done.params if isinstance(done.params, WeeklyGame) else None
    if weekly is not None and options.tables is not None and not asked.certificates:
        raise MasterpointError(
            "--tables does not apply: a weekly game's award does not depend on the "
            "tables (they are printed on --certificates)",
            code="awards.tables-not-applicable",
        )
    awards = tuple(done.awards)
    if asked.certificates:
        if weekly is None:
            raise MasterpointError(
                "--certificates are FMP certificates of JCBL weekly games (--class)",
                code="awards.certificates-weekly-only",
            )
        club = asked.club if asked.club is not None else stored.club if stored else ""
        if not club or when is None:
            raise MasterpointError(
                "--certificates needs --club NAME (a stored event gives its own club) "
                "and --date YYYY-MM-DD",
                code="awards.certificates-need-club",
            )
        tables = options.tables if options.tables is not None else done.tables
        if tables is None:  # pairs: two a table
            tables = math.ceil(len(done.ranking.placings) / 2)
        names = stored.names if stored is not None and stored.names else {}
        issued = _Issued(weekly.klass, club, when, asked.movement, tables)
        cards = _certificates(awards, issued, names)
        return AwardDone(awards, loaded.ranking, certificates=cards)
    recorded = None
    if asked.record is not None:
        if not name or when is None:
            raise MasterpointError(
                "--record needs --event NAME and --date YYYY-MM-DD",
                code="awards.record-needs-event",
            )
        kind = "" if options.rules == "sbf" else "fmp" if weekly is not None else "ccg"
        recorded = _record(asked.record, awards, options.rules, name, when, kind)
    return AwardDone(awards, loaded.ranking, recorded=recorded)


def _handicap_lists(asked: AwardAsked, options: AwardOptions) -> tuple[Award, ...]:
    """A stored handicap event's scratch and handicap lists, paid as the split says
    (:mod:`bridgedesk.services.handicap_awards`)."""
    given = asked.input
    assert asked.handicap is not None
    if given.stored is None or given.players is not None:
        raise MasterpointError(
            "--handicap-ratings and --handicap-grades award a stored event "
            "(--from-event), its players' member numbers from its entries (without "
            "--players)",
            code="awards.handicap-stored-only",
        )
    with Store.open(given.db) as store:
        found = handicap_awards(store, given.stored, asked.handicap, options, split=asked.split,
                                section=given.section or "A")  # fmt: skip
    return found.awards.awards


@dataclass(frozen=True)
class _Issued:
    """What every FMP certificate of one weekly game says alike (000:17-54)."""

    klass: int
    club: str
    day: date
    movement: str | None
    tables: int


def _certificates(
    awards: Sequence[Award], issued: _Issued, names: Mapping[str, str]
) -> tuple[FmpCertificate, ...]:
    """One FMP certificate per award of a weekly game (000:17-54), made out to the player
    by name (000:23-31; ``names``: member number -> name, a stored event's entries), else
    by member number."""
    named = issued.movement or "Howell"
    if named.lower() not in MOVEMENTS:
        raise MasterpointError(
            "--movement must be Howell, Mitchell, Team or Individual, got {movement!r}",
            code="awards.bad-movement",
            movement=named,
        )
    return tuple(
        FmpCertificate(
            issued.day,
            issued.club,
            names.get(a.member, a.member),
            a.points,
            issued.klass,
            issued.tables,
            a.place,
            movement=named,
        )
        for a in awards
    )


def _record(
    path: Path, awards: Sequence[Award], rules: str, event: str, when: date, kind: str
) -> str:
    """Add awards to a ledger CSV: one entry per award, session awards named
    "EVENT (session N)"; a non-member's (joined after the date) is held; an award the
    ledger has already is not added again.  Returns the line saying so."""
    entries = [
        LedgerEntry(
            a.member,
            when,
            event if a.session is None else f"{event} (session {a.session})",
            rules,
            RULE_VERSIONS[rules],
            a.points,
            a.colour,
            a.place,
            a.reason,
            a.ranking or kind,
        )
        for a in awards
    ]
    with open_ledger(path, None, write=True) as book:
        done = book.add_awards(entries)
    note = f"recorded {done.recorded + done.held} awards in {path}"
    if done.new_members:
        note += f" ({done.new_members} new member numbers)"
    if done.held:
        note += f", {done.held} held for players not yet members"
    if done.skipped:
        note += f"; {done.skipped} were in the ledger already"
    return note
