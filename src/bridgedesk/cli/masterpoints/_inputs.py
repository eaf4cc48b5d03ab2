"""What ``masterpoints award`` awards: a ranking JSON, results files scored here, or a
stored event, read into a :class:`bridgedesk.masterpoints.request.AwardInput`; and
the values of its options that need parsing.

The options that only some inputs take are checked here: ``--section`` and ``--db``
with ``--from-event``; ``--method`` and ``--winners`` with results files;
``--players`` and ``--flights`` with results files or a stored event (a ranking JSON
names its players and flights itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgedesk import reading
from bridgedesk.errors import BridgedeskError, FormatError, Location, MasterpointError
from bridgedesk.formats import pbn, pbn_scores, players_file, ranking_json, traveller_json
from bridgedesk.formats.players_file import Roster
from bridgedesk.formats.ranking_json import loads_matches
from bridgedesk.masterpoints.jcbl.club import QualifyingRound
from bridgedesk.masterpoints.ledger import MAX_AWARD
from bridgedesk.masterpoints.request import AwardInput, StoredEvent, is_series_table
from bridgedesk.scoring.session import Method, SessionResult, score_session
from bridgedesk.services.awards import scored_for_awards
from bridgedesk.store.ledger import RecordedAward
from bridgedesk.store.service import Store

if TYPE_CHECKING:
    from bridgedesk.store.ledger import RecordedAward


@dataclass(frozen=True)
class InputOptions:
    """The award command's options about its input (None / False: not given)."""

    results: tuple[Path, ...]
    stored: str | None = None
    section: str | None = None
    db: str | None = None
    players: Path | None = None
    method: str | None = None
    winners: int | None = None
    flights: str | None = None


def _is_ranking_json(path: Path) -> bool:
    if path.suffix.lower() != ".json":
        return False
    try:
        data = reading.read_json(path)
    except BridgedeskError:
        return True  # let the ranking reader report it, with file and line
    return not isinstance(data, dict) or "placings" in data or "boards" not in data


def _refuse(given: dict[str, object], why: str) -> None:
    for option, value in given.items():
        if value is not None:
            raise MasterpointError(f"{option} does not apply: {why}")


def _read(path: Path) -> str:
    """A ranking file's text: UTF-8, bounded, one error line otherwise."""
    return reading.read_text(path)


def _score_files(
    paths: tuple[Path, ...], method: str, winners: int | None
) -> tuple[list[SessionResult], Roster | None]:
    """Score each results file (one per session); the roster from the first PBN's
    TotalScoreTable member numbers, if any."""
    sessions: list[SessionResult] = []
    roster = None
    for path in paths:
        if not path.is_file():
            raise FormatError("no such file", Location(file=str(path)))
        parsed = None
        if path.suffix.lower() == ".pbn":
            parsed = pbn.load(path)
            inp = pbn_scores.score_input(parsed, str(path))
        elif path.suffix.lower() == ".json":
            inp = traveller_json.load(path)
        else:
            raise FormatError(
                "give a ranking .json, a .pbn results file or a .json traveller file",
                Location(file=str(path)),
            )
        used = inp.check(winners)
        sessions.append(
            score_session(inp.boards, method=Method(method), winners=used, penalties=inp.penalties)
        )
        if roster is None and parsed is not None:
            roster = players_file.pbn_roster(parsed, str(path))
    return sessions, roster


def _score_stored_event(
    event: str, section: str, db: str | None
) -> tuple[list[SessionResult], Roster | None, StoredEvent]:
    """Score every session of a stored event's section (see
      :func:`bridgedesk.services.awards.scored_for_awards`); member numbers from its
    entries (``None`` when no entry has any: ``--players`` must give them)."""

    with Store.open(db) as store:
        found = scored_for_awards(store, event, section)
    return list(found.sessions), (Roster(found.players) if found.players else None), found.facts


def load_input(options: InputOptions, table: str | None) -> AwardInput:
    """The event to award, from the input options (``table``: the SBF table asked
    for, whose series read the ranking JSON's matches)."""
    results = options.results
    if options.stored is None:
        _refuse(
            {"--section": options.section, "--db": options.db},
            "they choose the stored event of --from-event",
        )
    if options.stored is None and not results:
        raise MasterpointError("give a ranking JSON, results files, or --from-event EVENT")
    if options.stored is not None and results:
        raise MasterpointError("give either --from-event or results files, not both")
    if options.stored is None and len(results) == 1 and _is_ranking_json(results[0]):
        _refuse(
            {
                "--players": options.players,
                "--flights": options.flights,
                "--method": options.method,
                "--winners": options.winners,
            },
            "a ranking JSON is ranked already: it gives the places, players and flights",
        )
        text = _read(results[0])
        ranking = ranking_json.loads(text, str(results[0]))
        matches = loads_matches(text, str(results[0])) if is_series_table(table) else None
        return AwardInput(ranking=ranking, matches=matches)
    stored: StoredEvent | None = None
    if options.stored is not None:
        _refuse(
            {"--method": options.method, "--winners": options.winners},
            "a stored event is scored by its own method",
        )
        scored, roster, stored = _score_stored_event(
            options.stored, options.section or "A", options.db
        )
    elif any(_is_ranking_json(p) for p in results):
        raise MasterpointError("a ranking JSON file is awarded alone, not with other files")
    else:
        scored, roster = _score_files(results, options.method or "mp", options.winners)
    if options.players is not None:
        roster = players_file.load(options.players)
    if roster is None:
        raise MasterpointError(
            "no member numbers: give --players FILE (CSV pair,members[,flight] or JSON) "
            "or a PBN file whose TotalScoreTable has MemberID columns"
        )
    order = tuple(options.flights.split(",")) if options.flights else ()
    return AwardInput(
        sessions=tuple(scored),
        players=roster.players,
        flights=roster.flights,
        flight_order=order,
        stored=stored,
    )


# --- option values -------------------------------------------------------------


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
            f"--qualifying must be SESSIONS:TABLES+TABLES...:ENTRANTS, e.g. 2:30+30:60, "
            f"got {text!r}"
        ) from None


def group_map(items: list[str] | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        name, sep, number = item.partition("=")
        if not sep or not (number.isascii() and number.isdigit()):
            raise MasterpointError(f"--group takes FIELD=N (N = 1 for group A), got {item!r}")
        out[name] = int(number)
    return out


def parse_fraction(text: str | None, option: str) -> Fraction | None:
    if text is None:
        return None
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise MasterpointError(f"{option} must be a number, got {text!r}") from None
    if value <= 0:
        raise MasterpointError(f"{option} must be above 0, got {text}")
    return value


def _points(value: Any, where: str) -> Decimal:
    """An award's points from JSON: a finite decimal of 0 or more (json reads 1e999999
    as infinity and NaN as not a number)."""
    try:
        points = Decimal(str(value))
    except InvalidOperation:
        raise MasterpointError(f"{where}: points must be a number, got {value!r}") from None
    if isinstance(value, bool) or not points.is_finite() or not 0 <= points <= MAX_AWARD:
        raise MasterpointError(f"{where}: points must be a number 0-{MAX_AWARD}, got {value!r}")
    return points


def recorded_awards(data: Any, name: str) -> list[RecordedAward]:
    """The awards ``record`` reads: a JSON list as ``award --json`` prints it."""

    if not isinstance(data, list):
        raise MasterpointError(f"{name}: expected a JSON list of awards")
    awards: list[RecordedAward] = []
    for n, item in enumerate(data, start=1):
        where = f"{name}: award {n}"
        try:
            member = str(item["member"]).strip()
            place = int(item["place"])
            session = None if item.get("session") is None else int(item["session"])
            points = item["points"]
            colour = str(item["colour"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise MasterpointError(f"{where} needs member, place, points and colour") from None
        if not member:
            raise MasterpointError(f"{where}: member number is empty")
        awards.append(
            RecordedAward(
                member=member,
                place=place,
                points=_points(points, where),
                colour=colour,
                reason=str(item.get("reason", "")),
                session=session,
            )
        )
    return awards
