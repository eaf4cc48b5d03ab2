"""The demonstration team event behind ``bridgedesk demo --teams N``: a whole event, simulated.

:func:`run` does what a team director does, through the same store calls the
commands use, so every simulated room result is checked against the draw:

1. create the team event (round robin on VPs, Swiss on VPs, or an AWL
   board-a-match) in a SQLite store;
2. enter the teams, four players each with member numbers (names in UTF-8);
3. make the draw (:func:`bridgedesk.services.draws.make_draw`);
4. deal each round's boards from the seed, simulate both rooms of every
   match (:mod:`bridgedesk.simulate`) and enter them as room results; a Swiss
   draws its next round from the standings after each round
   (:func:`~bridgedesk.services.draws.next_round`);
5. score the event and write every report (:mod:`bridgedesk.reports.team_bundle`).

The same seed gives the same deals, results and reports.  Without ``db`` the
event lives in a temporary database deleted at the end; a run that fails
removes the event it had begun.
"""

from __future__ import annotations

import datetime as dt
import random
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from bridgedesk.bridge.methods import Method
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import generate
from bridgedesk.demo_session import demo_people, writable_dir
from bridgedesk.errors import BridgedeskError
from bridgedesk.events import Entry, EntryKind, Event, Rating, Result
from bridgedesk.events.model import ScoringMethod
from bridgedesk.events.team_draw import DrawnMatch, TeamSlip
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.reports.team_bundle import write_all
from bridgedesk.results.team_model import ScoredTeamEvent
from bridgedesk.services import draws, team_scores
from bridgedesk.services.slips import import_slips
from bridgedesk.simulate import simulate
from bridgedesk.store import team_events
from bridgedesk.store.service import Store

__all__ = ["FORMS", "TeamDemoRun", "run"]

#: The forms the demo plays, with their scoring and boards a match.
FORMS: dict[str, tuple[TeamForm, Method, int]] = {
    "round-robin": (TeamForm.ROUND_ROBIN, Method.TEAM_VP, 6),
    "swiss": (TeamForm.SWISS, Method.TEAM_VP, 6),
    "awl": (TeamForm.AWL, Method.BOARD_A_MATCH, 2),
}


@dataclass(frozen=True)
class TeamDemoRun:
    """What a team demo made: the store (None: a temporary one), the event, the files."""

    db: Path | None
    event_id: int
    scored: ScoredTeamEvent
    files: tuple[Path, ...]
    draw: str
    slips: int
    timings: dict[str, float]


def run(
    teams: int = 8,
    form: str = "round-robin",
    seed: int = 1,
    out: Path = Path("bridgedesk-team-demo"),
    db: Path | None = None,
    lang: str = "en",
    date: dt.date | None = None,
) -> TeamDemoRun:
    """Run the whole demonstration team event (dated ``date``, default today); see the
    module docstring."""
    if form not in FORMS:
        raise BridgedeskError(f"the team demo plays {', '.join(FORMS)}, not {form!r}")
    writable_dir(out)
    day = date or dt.date.today()
    if db is not None:
        return _run(teams, form, seed, out, db, lang, day)
    with tempfile.TemporaryDirectory(prefix="bridgedesk-team-demo-") as tmp:
        made = _run(teams, form, seed, out, Path(tmp) / "demo.sqlite3", lang, day)
    return replace(made, db=None)


def _settings(teams: int, form: str) -> TeamSettings:
    team_form, scoring, boards = FORMS[form]
    rounds = min(teams - 1, 5) if team_form is TeamForm.SWISS else None
    return TeamSettings(team_form, scoring, boards, rounds=rounds)


def _run(
    teams: int, form: str, seed: int, out: Path, db: Path, lang: str, day: dt.date
) -> TeamDemoRun:
    timings: dict[str, float] = {}
    start = time.perf_counter()
    settings = _settings(teams, form)
    ja = lang == "ja"
    event = Event(
        name="デモ・チーム戦" if ja else f"Demo teams ({form})",
        date=day,
        rating=Rating.WEEKLY,
        scoring=ScoringMethod.TEAM_VP,
        club="bridgedesk クラブ" if ja else "bridgedesk club",
    )
    with Store.open(db) as store:
        eid = team_events.create_team_event(store, event, settings)
        try:
            rng = random.Random(seed)
            _enter_teams(store, eid, teams, rng, lang)
            report = draws.make_draw(store, eid)
            timings["setup"] = time.perf_counter() - start
            t0 = time.perf_counter()
            slips = _play(store, eid, settings, seed, rng)
            timings["results"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            scored, _ = team_scores.scored(store, eid)
            deals = {b: Deal.from_pbn(t, b) for b, t in store.deals(eid).items()}
            files = write_all(scored, out, lang, deals=deals)
            timings["score and reports"] = time.perf_counter() - t0
        except BaseException:
            team_events.discard_team_event(store, eid)
            raise
    timings["total"] = time.perf_counter() - start
    return TeamDemoRun(db, eid, scored, tuple(files), report.name, slips, timings)


def _enter_teams(store: Store, eid: int, teams: int, rng: random.Random, lang: str) -> None:
    everyone = demo_people(rng, 4 * teams, lang)
    for t in range(1, teams + 1):
        people = tuple(everyone[4 * t - 4 : 4 * t])
        captain = people[0].name
        name = f"チーム{captain}" if lang == "ja" else f"Team {captain}"
        team_events.add_team(store, eid, Entry(t, people, EntryKind.TEAM, team_name=name))


def _slips(
    matches: tuple[DrawnMatch, ...],
    forfeits: dict[tuple[int, int], int],
    deals: dict[int, Deal],
    rng: random.Random,
) -> list[TeamSlip]:
    out = []
    for d in matches:
        if d.away is None or (d.round, d.home) in forfeits:
            continue
        for b in d.boards:
            for room in ("open", "closed"):
                p = simulate(deals[b], None, rng)
                result = Result(1, 1, b, 1, 2, p.contract, p.declarer, p.tricks)
                out.append(TeamSlip(d.round, d.home, d.away, room, b, result))
    return out


def _play(store: Store, eid: int, settings: TeamSettings, seed: int, rng: random.Random) -> int:
    """Enter every room of every round; a Swiss draws round after round.  The slips."""
    entered = 0
    done: set[int] = set()
    while True:
        draw = team_events.draw(store, eid)
        todo = tuple(d for d in draw.matches if d.round not in done)
        boards = sorted({b for d in todo for b in d.boards})
        if boards:
            count = boards[-1] - boards[0] + 1
            deals = {d.board: d for d in generate(count, boards[0], seed=seed + boards[0])}
            for b in boards:
                store.set_deal(eid, b, deals[b].pbn())
            made = _slips(todo, draw.forfeits, deals, rng)
            import_slips(store, eid, [(None, x) for x in made], who="demo", batch=500)
            entered += len(made)
        done |= {d.round for d in todo}
        if not settings.form.drawn_by_round:
            return entered
        if settings.rounds is not None and len(done) >= settings.rounds:
            return entered
        draws.next_round(store, eid)
