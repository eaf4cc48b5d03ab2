"""Every reader of bridgedesk as a function of one file, with a valid sample file for each.

The fuzz tests feed these readers arbitrary bytes and mutated samples; the
contract (issue 10) is that each returns a result or raises a
:class:`~bridgedesk.errors.BridgedeskError`, in bounded time.  A reader here is
what a command does with the file: read it and, for results files, check the
travellers as ``bridgedesk score`` does before scoring.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from bridgedesk.bridge.vp import load_scale_file
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.formats import (
    dealfile,
    hnd,
    ledger_csv,
    movement_json,
    pbn,
    pbn_deals,
    pbn_scores,
    players_file,
    ranking_json,
    results_csv,
    swiss_history,
    team_results_json,
    traveller_json,
)
from bridgedesk.movements.howell import complete_howell
from bridgedesk.results.teams import score_team_event
from tests.conftest import REPO

_DEALS = generate(3, 1, seed=10)

#: A hand record with a double-dummy table, par, a score table and a total score table.
PBN_SAMPLE = (
    "% PBN 2.1\r\n"
    + pbn_deals.dumps([BoardRecord(d) for d in _DEALS], event="Fuzz")
    + '\r\n[Event "Club"]\r\n[Board "4"]\r\n[Dealer "W"]\r\n[Vulnerable "All"]\r\n'
    '[Scoring "MatchPoints"]\r\n'
    '[OptimumScore "NS 420"]\r\n[ParContract "NS 4S"]\r\n'
    '[TotalScoreTable "Rank\\1R;PairId\\1R;Names\\20L;MemberID1;MemberID2"]\r\n'
    '1 6 "Anna A - Bo B" 101 102\r\n2 1 "Cecilia C - Dan D" 103 104\r\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
    'Score_NS\\6R;Score_EW\\6R"]\r\n'
    " 1  6 4S   S 10    620      -\r\n 2  5 3NT  N  8      -    100\r\n"
    " 3  4 -    - -     A+     A-\r\n"
).encode()

#: The sample of 002:105-121.
HND_SAMPLE = (
    "       *        Sample hand data.                *\r\n"
    "         1              W\r\n"
    "        4               965             J1082           AKQ73\r\n"
    "        4               KJ53            9876            AQ102\r\n"
    "        QJ10943         AK              8652            7\r\n"
    "        QJ964           AK85            3               1072\r\n"
    "         2              S\r\n"
    "        -               AQ8752          KJ9             10643\r\n"
    "        Q106            K85             J2              A9743\r\n"
    "        KJ8762          A               Q109            543\r\n"
    "        AK97            J42             Q10653          8\r\n"
).encode("cp932")

TRAVELLER_SAMPLE = (REPO / "tests" / "scoring" / "data" / "fig15_howell.json").read_bytes()

RESULTS_CSV_SAMPLE = (
    b"round,table,board,ns,ew,contract,declarer,result,lead\n"
    b"1,1,1,1,5,4SX,S,-2,HA\n1,2,1,2,6,3NT,N,=,S4\n2,1,3,1,6,PASS,,,\n"
)

LEDGER_SAMPLE = (
    b"type,member,date,event,rules,version,points,colour,place,kind,reason,name,marker\n"
    b"player,59156,2001-04-01,,,,,,,,,Sato Taro,\n"
    b"seed,59156,2019-01-01,,,,12,,,,,,\n"
    b"award,59156,2024-05-03,Club pairs,jcbl,2023,1.50,black,1,,,,\n"
)

PLAYERS_CSV_SAMPLE = b"pair,members,flight\n1,59156;60211,A\n2,101 102,B\n"
PLAYERS_JSON_SAMPLE = b'{"1": ["59156", "60211"], "2": {"members": ["101"], "flight": "B"}}'

RANKING_SAMPLE = (
    b'{"placings": [{"competitor": "1", "players": ["59156", "60211"], "place": 1,'
    b' "direction": "NS", "score": "22.5"}, {"players": ["1", "2"], "place": 2}],'
    b' "competitors": {"NS": 7}}'
)

MOVEMENT_SAMPLE = movement_json.dumps(complete_howell(4)).encode()

SWISS_SAMPLE = (
    b'{"teams": [{"team": 1, "seed": 1}, {"team": 2, "seed": 2}, {"team": 3, "seed": 3},'
    b' {"team": 4, "seed": 4}], "rounds": [{"round": 1, "matches": [{"home": 1, "away": 2,'
    b' "vp": [12.5, 7.5]}, {"home": 3, "away": 4, "vp": [20, 0]}]}]}'
)

SCALE_SAMPLE = (
    resources.files("bridgedesk.bridge").joinpath("data").joinpath("bam.json").read_bytes()
)


def _pbn_everything(path: Path) -> object:
    """What the commands do with a PBN file: parse it, its deals, its scores, its roster."""
    parsed = pbn.load(path)
    out: list[object] = [parsed, pbn_deals.records(parsed), players_file.pbn_roster(parsed)]
    if any(game.table("ScoreTable") is not None for game in parsed):
        inp = pbn_scores.score_input(parsed, str(path))
        out.append(inp.check())
    return out


def _pbn_strict(path: Path) -> object:
    parsed = pbn.load(path, strict=True)
    with_deal = pbn.PbnFile([g for g in parsed if "Deal" in g], filename=parsed.filename)
    return pbn_deals.records(with_deal, strict=True), pbn_scores.score_input(
        parsed, str(path), strict=True
    )


def _travellers(path: Path) -> object:
    inp = traveller_json.load(path)
    return inp.check()


def _travellers_strict(path: Path) -> object:
    return traveller_json.load(path, strict=True).check()


def _ranking(path: Path) -> object:
    from bridgedesk import reading

    text = reading.read_text(path)
    return ranking_json.loads(text, str(path)), ranking_json.loads_matches(text)


class ReaderTimeoutError(Exception):
    """A reader ran past its time on one input."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`ReaderTimeoutError` in the body after ``seconds`` (a real timer,
    ``SIGALRM``: hypothesis's deadline reports a slow example only once it ends)."""

    def expired(signum: int, frame: object) -> None:
        raise ReaderTimeoutError(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: The results file of docs/teams.md: a forfeit, byes, an adjusted board, a line-up.
TEAM_SAMPLE = (
    (REPO / "docs" / "teams.md").read_text(encoding="utf-8")
    .split("### The results file")[1].split("```json")[1].split("```")[0].encode()
)  # fmt: skip


def _team_results(path: Path) -> object:
    """What ``bridgedesk teams score`` does with the file: read it and score it."""
    return score_team_event(team_results_json.load(path))


@dataclass(frozen=True)
class Reader:
    name: str
    suffix: str
    read: Callable[[Path], object]
    sample: bytes


READERS: tuple[Reader, ...] = (
    Reader("pbn", ".pbn", _pbn_everything, PBN_SAMPLE),
    Reader("pbn-strict", ".pbn", _pbn_strict, PBN_SAMPLE),
    Reader("dealfile-pbn", ".pbn", dealfile.load, PBN_SAMPLE),
    Reader("hnd", ".hnd", lambda p: hnd.load(p), HND_SAMPLE),
    Reader("hnd-strict", ".hnd", lambda p: hnd.load(p, strict=True), HND_SAMPLE),
    Reader("travellers", ".json", _travellers, TRAVELLER_SAMPLE),
    Reader("travellers-strict", ".json", _travellers_strict, TRAVELLER_SAMPLE),
    Reader("results-csv", ".csv", results_csv.load, RESULTS_CSV_SAMPLE),
    Reader("ledger", ".csv", ledger_csv.load, LEDGER_SAMPLE),
    Reader("awards", ".csv", ledger_csv.load_awards, LEDGER_SAMPLE),
    Reader("players-csv", ".csv", players_file.load, PLAYERS_CSV_SAMPLE),
    Reader("players-json", ".json", players_file.load, PLAYERS_JSON_SAMPLE),
    Reader("ranking", ".json", _ranking, RANKING_SAMPLE),
    Reader("movement", ".json", movement_json.load, MOVEMENT_SAMPLE),
    Reader("vp-scale", ".json", load_scale_file, SCALE_SAMPLE),
    Reader("swiss-history", ".json", swiss_history.load, SWISS_SAMPLE),
    Reader("team-results", ".json", _team_results, TEAM_SAMPLE),
)


def sample_is_valid(reader: Reader, tmp: Path) -> None:
    """Each sample reads without error (so mutations start from a valid file)."""
    path = tmp / f"sample{reader.suffix}"
    path.write_bytes(reader.sample)
    reader.read(path)


__all__ = ["READERS", "Reader", "ReaderTimeoutError", "sample_is_valid", "time_limit"]
