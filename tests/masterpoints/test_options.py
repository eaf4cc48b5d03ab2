"""Options that do not apply are refused, with a line saying why (issue 17): the
library's :func:`bridgedesk.masterpoints.request.parameters`, and the command line's
``award`` and ``table`` through ``bridgedesk.cli.main``."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import ClubGame, SbfEvent, SbfSeries, TeamMatch
from bridgedesk.masterpoints.jcbl.club import ClubRating
from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.request import AwardOptions, StoredEvent, parameters
from bridgedesk.masterpoints.sbf.rules import MatchResult

RANKING = Ranking(tuple(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(1, 13)))
WEEKLY = StoredEvent("Tuesday pairs", dt.date(2026, 11, 24), "weekly", 3)
SECTIONAL = StoredEvent("Autumn cup", dt.date(2026, 11, 24), "sectional", 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # the example: --class with --rating was silently dropped
        (
            AwardOptions("jcbl", rating="ccg", klass=3, tables=6),
            "--class does not apply: a JCBL ccg game (--rating); "
            "it is for JCBL weekly games (--class)",
        ),
        (AwardOptions("jcbl", klass=3, tables=6, limits=(12,)), "--limit does not apply"),
        (AwardOptions("jcbl", klass=3, table="A"), "--table does not apply"),
        (AwardOptions("jcbl", klass=3, boards=24), "needs both --boards and --max-vp"),
        (
            AwardOptions("jcbl", klass=3, boards=24, max_vp=Fraction(20)),
            "--boards does not apply: --boards and --max-vp are for weekly teams, not pairs",
        ),
        (
            AwardOptions("jcbl", rating="sectional", tables=6, restriction_class=2),
            "--restriction-class does not apply",
        ),
        (
            AwardOptions("jcbl", rating="ccg", tables=6, team_size=6),
            "--team-size does not apply",
        ),
        (
            AwardOptions("jcbl", rating="sectional", tables=6, bridge_center=True),
            "--bridge-center does not apply",
        ),
        (
            AwardOptions("sbf", klass=3),
            "--class does not apply: an SBF event by table A; "
            "it is for JCBL weekly games (--class)",
        ),
        (
            AwardOptions("sbf", table="D", division=2),
            "--division does not apply: an SBF event by table D; "
            "it is for SBF team series (B2 ... G3)",
        ),
        (
            AwardOptions("sbf", table="B2", met=3),
            "--met does not apply: an SBF team series (table B2); "
            "it is for SBF events by a table (A ... H2)",
        ),
        (AwardOptions("sbf", rating="ccg"), "--rating does not apply"),
        (AwardOptions("sbf", sessions=2), "--sessions does not apply"),
        (AwardOptions("sbf", table="A", met=10), "--met does not apply: it is opponents met"),
        (AwardOptions("sbf", table="A", boards=26), "--boards does not apply"),
        (AwardOptions("sbf", table="C", simultaneous=True), "--simultaneous does not apply"),
        (AwardOptions("sbf", table="A", division=2), "--division does not apply"),
        (AwardOptions("sbf", table="B4", double_round=True), "--double-round does not apply"),
        (AwardOptions("sbf", table="B2", handicap=True), "--handicap does not apply"),
        (AwardOptions("sbf", table="E1", evenings=3), "--evenings does not apply"),
        (AwardOptions("sbf", table="A", group={"": 1}), "--group does not apply"),
        (AwardOptions("sbf", table="A1", abandoned=True), "--abandoned does not apply"),
        (AwardOptions("acbl"), "--rules must be jcbl or sbf"),
    ],
)
def test_an_option_that_does_not_apply_is_refused(options: AwardOptions, message: str) -> None:
    with pytest.raises(MasterpointError) as caught:
        parameters(options, RANKING, matches=())
    assert message in caught.value.message
    assert "\n" not in caught.value.message


def test_options_that_apply_are_used() -> None:
    weekly = parameters(AwardOptions("jcbl", klass=2, sessions=2), RANKING)
    assert weekly == WeeklyGame(2, weekly.kind, 2)
    club = parameters(AwardOptions("jcbl", rating="ccg", tables=6, bridge_center=True), RANKING)
    assert isinstance(club, ClubGame) and club.bridge_center and club.event.tables == 6
    teams = parameters(
        AwardOptions("jcbl", rating="local", kind="teams", tables=6, team_size=6), RANKING
    )
    assert isinstance(teams, ClubGame) and teams.event.team_size == 6
    d = parameters(AwardOptions("sbf", table="D", met=20, boards=52), RANKING)
    assert d == SbfEvent("D", met=20, boards=52)
    series = parameters(
        AwardOptions("sbf", table="B3", division=2, divisions=3, double_round=True),
        RANKING,
        matches=(TeamMatch("1", MatchResult.WON),),
    )
    assert isinstance(series, SbfSeries) and (series.division, series.divisions) == (2, 3)


def test_a_series_needs_its_matches() -> None:
    with pytest.raises(MasterpointError, match="table B2 is awarded match by match"):
        parameters(AwardOptions("sbf", table="B2"), RANKING, matches=())


def test_a_stored_event_gives_its_class_or_rating() -> None:
    # what the store knows is not asked again (issue 17)
    assert parameters(AwardOptions("jcbl"), RANKING, stored=WEEKLY) == WeeklyGame(3, GameKind.PAIRS)
    assert parameters(AwardOptions("jcbl", klass=3), RANKING, stored=WEEKLY).klass == 3
    with pytest.raises(MasterpointError, match="stored as a class 3 weekly game, not class 4"):
        parameters(AwardOptions("jcbl", klass=4), RANKING, stored=WEEKLY)
    with pytest.raises(MasterpointError, match="--rating does not apply: event 'Tuesday pairs'"):
        parameters(AwardOptions("jcbl", rating="ccg"), RANKING, stored=WEEKLY)
    club = parameters(AwardOptions("jcbl"), RANKING, stored=SECTIONAL, tables=8)
    assert isinstance(club, ClubGame) and club.event.rating is ClubRating.SECTIONAL
    with pytest.raises(MasterpointError, match="--class does not apply: event 'Autumn cup'"):
        parameters(AwardOptions("jcbl", klass=3), RANKING, stored=SECTIONAL, tables=8)
    with pytest.raises(MasterpointError, match=r"stored as a sectional game .* not ccg"):
        parameters(AwardOptions("jcbl", rating="ccg"), RANKING, stored=SECTIONAL, tables=8)
    # the kind of game comes from the entries: a stored individual event
    individual = StoredEvent("Solo", dt.date(2026, 11, 24), "weekly", 2, "individual")
    assert parameters(AwardOptions("jcbl"), RANKING, stored=individual) == WeeklyGame(
        2, GameKind.INDIVIDUAL
    )
    with pytest.raises(
        MasterpointError, match=r"a game of individual \(its entries\), not of pairs"
    ):
        parameters(AwardOptions("jcbl", kind="pairs"), RANKING, stored=individual)
    # SBF awards do not read the JCBL rating of the store
    assert parameters(AwardOptions("sbf"), RANKING, stored=WEEKLY) == SbfEvent("A")


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main(["masterpoints", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return code, out, err


def _ranking_file(tmp_path: Path) -> Path:
    placings = [{"competitor": str(i), "players": [f"{i}01"], "place": i} for i in range(1, 9)]
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"placings": placings}), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "jcbl", "--rating", "ccg", "--class", "3", "--tables", "4"], "--class"),
        (["--rules", "jcbl", "--class", "3", "--section", "B"], "--section does not apply"),
        (["--rules", "jcbl", "--class", "3", "--db", "x.sqlite3"], "--db does not apply"),
        (["--rules", "jcbl", "--class", "3", "--method", "ximp"], "--method does not apply"),
        (["--rules", "sbf", "--players", "p.csv"], "--players does not apply"),
        (["--rules", "sbf", "--flights", "A,B"], "--flights does not apply"),
        (["--rules", "jcbl", "--class", "3", "--club", "Bears"], "--club and --movement"),
        (["--rules", "jcbl", "--class", "3", "--event", "x"], "--event does not apply"),
        (["--rules", "jcbl", "--class", "3", "--date", "2026-11-24"], "--date does not apply"),
        (["--rules", "jcbl", "--class", "3", "--tables", "4"], "--tables does not apply"),
        (["--rules", "jcbl", "--class", "3", "--max-vp", "nan"], "--max-vp must be a number"),
        (["--rules", "jcbl", "--class", "9"], "--class"),
        (["--rules", "sbf", "--table", "D", "--met", "-1"], "--met"),
    ],
)
def test_award_command_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "award", _ranking_file(tmp_path), *args)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sbf", "A1", "--pairs", "16", "--class", "3"], "--class does not apply"),
        (["sbf", "D", "--pairs", "16", "--sessions", "2"], "--sessions does not apply"),
        (["jcbl-weekly", "--class", "3", "--competitors", "9", "--pairs", "9"], "--pairs"),
        (["jcbl-weekly", "A1", "--class", "3", "--competitors", "9"], "the table name"),
        (["sbf", "A1", "--teams", "16"], "table A1 is by pairs: give --pairs, not --teams"),
        (["sbf", "D", "--pairs", "40", "--simultaneous"], "--simultaneous does not apply"),
    ],
)
def test_table_command_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "table", *args)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_table_a_by_the_field(capsys: pytest.CaptureFixture[str]) -> None:
    # table A is A1 up to 32 pairs, A2 above (as --table A of award)
    code, out, _ = run(capsys, "table", "sbf", "A", "--pairs", "16", "--json")
    assert code == 0 and json.loads(out)["table"] == "A1"
    code, out, _ = run(capsys, "table", "sbf", "A", "--pairs", "46", "--json")
    assert json.loads(out) == {
        "rules": "sbf", "table": "A2", "pairs": 46,
        # 001:750 printed 61 for the 2nd and 4 4 for the last two (A2_TYPOS)
        "awards": [92, 62, 46, 39, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 5, 5],
    }  # fmt: skip
