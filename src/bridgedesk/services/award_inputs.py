"""What ``masterpoints award`` awards: a ranking JSON, results files scored here, or a
stored event, read into a :class:`bridgedesk.masterpoints.request.AwardInput`.

The options that only some inputs take are checked here: ``--section`` and ``--db``
with ``--from-event``; ``--method`` and ``--winners`` with results files;
``--players`` and ``--flights`` with results files or a stored event (a ranking JSON
names its players and flights itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bridgedesk import reading
from bridgedesk.bridge.methods import Method
from bridgedesk.errors import BridgedeskError, Location, MasterpointError
from bridgedesk.formats import players_file, ranking_json
from bridgedesk.formats.players_file import Roster
from bridgedesk.formats.ranking_json import loads_matches
from bridgedesk.i18n import LazyText, lazy_pgettext
from bridgedesk.masterpoints.request import AwardInput, StoredEvent, is_series_table
from bridgedesk.scoring.session import SessionResult
from bridgedesk.services.awards import ranking_of, scored_for_awards
from bridgedesk.services.file_scores import files_for_awards
from bridgedesk.store.service import Store

__all__ = ["AwardSource", "InputOptions", "load_input"]


@dataclass(frozen=True)
class InputOptions:
    """The award command's options about its input (None / False: not given)."""

    results: tuple[Path, ...]
    stored: str | None = None
    section: str | None = None
    db: str | None = None
    players: Path | None = None
    method: Method | None = None
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


def _refuse(given: dict[str, object], why: LazyText) -> None:
    for option, value in given.items():
        if value is not None:
            raise MasterpointError(
                "{option} does not apply: {why}",
                Location(input=option.removeprefix("--").replace("-", "_")),
                code="awards.option-not-applicable",
                option=option,
                why=why,
            )


def _read(path: Path) -> str:
    """A ranking file's text: UTF-8, bounded, one error line otherwise."""
    return reading.read_text(path)


def _score_stored_event(
    event: str, section: str, db: str | None
) -> tuple[list[SessionResult], Roster | None, StoredEvent, str]:
    """Score every session of a stored event's section (see
    :func:`bridgedesk.services.awards.scored_for_awards`); member numbers from its
    entries (``None`` when no entry has any: ``--players`` must give them); the digest
    of the ranking placed."""

    with Store.open(db) as store:
        found = scored_for_awards(store, event, section)
    roster = Roster(found.players, found.flights) if found.players else None
    return list(found.sessions), roster, found.facts, ranking_of(found)[1]


@dataclass(frozen=True)
class AwardSource:
    """What to award (:class:`AwardInput`) and, for a stored event, the digest of the
    ranking it places (which ``award --json`` prints and ``record`` checks)."""

    input: AwardInput
    ranking: str | None = None


def load_input(options: InputOptions, table: str | None) -> AwardSource:
    """The event to award, from the input options (``table``: the SBF table asked
    for, whose series read the ranking JSON's matches)."""
    results = options.results
    if options.stored is None:
        _refuse(
            {"--section": options.section, "--db": options.db},
            lazy_pgettext("does not apply", "they choose the stored event of --from-event"),
        )
    if options.stored is None and not results:
        raise MasterpointError(
            "give a ranking JSON, results files, or --from-event EVENT", code="awards.needs-input"
        )
    if options.stored is not None and results:
        raise MasterpointError(
            "give either --from-event or results files, not both", code="awards.event-or-files"
        )
    if options.stored is None and len(results) == 1 and _is_ranking_json(results[0]):
        _refuse(
            {
                "--players": options.players,
                "--flights": options.flights,
                "--method": options.method,
                "--winners": options.winners,
            },
            lazy_pgettext(
                "does not apply",
                "a ranking JSON is ranked already: it gives the places, players and flights",
            ),
        )
        text = _read(results[0])
        ranking = ranking_json.loads(text, str(results[0]))
        matches = loads_matches(text, str(results[0])) if is_series_table(table) else None
        return AwardSource(AwardInput(ranking=ranking, matches=matches))
    stored: StoredEvent | None = None
    digest = None
    if options.stored is not None:
        _refuse(
            {"--method": options.method, "--winners": options.winners},
            lazy_pgettext("does not apply", "a stored event is scored by its own method"),
        )
        scored, roster, stored, digest = _score_stored_event(
            options.stored, options.section or "A", options.db
        )
    elif any(_is_ranking_json(p) for p in results):
        raise MasterpointError(
            "a ranking JSON file is awarded alone, not with other files",
            code="awards.ranking-alone",
        )
    else:
        method = options.method or Method.MP
        if not method.is_pairs:
            names = ", ".join(m.value for m in Method.pairs())
            raise MasterpointError(
                "--method: results files are scored {names}, not {method}",
                code="awards.files-method",
                names=names,
                method=method.value,
            )
        scored, roster = files_for_awards(results, method, options.winners)
    if options.players is not None:
        roster = players_file.load(options.players)
    if roster is None:
        raise MasterpointError(
            "no member numbers: give --players FILE (CSV pair,members[,flight] or "
            "JSON) or a PBN file whose TotalScoreTable has MemberID columns",
            code="awards.needs-players",
        )
    order = tuple(options.flights.split(",")) if options.flights else ()
    found = AwardInput(
        sessions=tuple(scored),
        players=roster.players,
        flights=roster.flights,
        flight_order=order,
        stored=stored,
    )
    return AwardSource(found, digest)
