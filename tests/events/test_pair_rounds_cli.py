"""Swiss pairs, barometer and Houston pairs as stored events, through the command line
(004:1505-1515, 004:2589-2602, 004:1388-1444, 004:3369-3374).

The expected draws are worked out here from the rule the help states (round 1 by
number in halves, then 1 v 2, 3 v 4 ... by the standings, no rematch); the
expected matchpoints and percentages are counted here from the slips (1 point
per NS score beaten, a half per tie), and the Houston IMPs are the seed's own
(Fig 18, 004:1396-1440).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.bridge.vp import get_scale
from bridgedesk.events import make_result
from bridgedesk.services import slips
from bridgedesk.store.service import Store

EVENT = "Club Swiss"


def new_event(cli: Cli, fmt: str, pairs: int, scoring: str = "mp") -> None:
    out = cli("event", "new", EVENT, "--date", "2026-11-24", "--format", fmt,
              "--scoring", scoring)  # fmt: skip
    assert out == f"event 1: {EVENT} (2026-11-24, weekly class 3, {scoring})\n"
    for n in range(1, pairs + 1):
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}")


def drawn(out: str) -> list[tuple[int, int]]:
    """(NS, EW) by table from ``event round`` output."""
    tables = []
    for line in out.splitlines():
        if line.startswith("table"):
            words = line.split()
            tables.append((int(words[3]), int(words[6])))
    return tables


def enter(cli: Cli, rnd: int, tables: list[tuple[int, int]], boards: range,
          tricks: dict[tuple[int, int], int]) -> None:  # fmt: skip
    """3NT by North at every table, with ``tricks[(table, board)]`` tricks (9 = made)."""
    with Store.open(cli.db) as store:
        for t, (ns, ew) in enumerate(tables, start=1):
            for b in boards:
                got = tricks.get((t, b), 9)
                slips.enter(store, EVENT, make_result(
                    round=rnd, table=t, board=b, ns=ns, ew=ew, contract="3NT", declarer="N",
                    result="=" if got == 9 else f"{got - 9:+d}"))  # fmt: skip


def percentages(
    tables: list[tuple[int, int]], boards: range, tricks: dict[tuple[int, int], int]
) -> dict[int, Fraction]:
    """Each pair's matchpoint percentage on the round, counted from the tricks (more
    tricks, better NS score: 3NT by North on every board)."""
    won: dict[int, Fraction] = {}
    for b in boards:
        got = {t: tricks.get((t, b), 9) for t in range(1, len(tables) + 1)}
        for t, (ns, ew) in enumerate(tables, start=1):
            mine = sum(
                Fraction(1) if got[t] > got[o] else Fraction(1, 2) if got[t] == got[o] else 0
                for o in got
                if o != t
            )
            won[ns] = won.get(ns, Fraction(0)) + mine
            won[ew] = won.get(ew, Fraction(0)) + (len(tables) - 1) - mine
    top = (len(tables) - 1) * len(boards)
    return {p: 100 * v / top for p, v in won.items()}


def f2(x: Fraction) -> str:
    return f"{float(x):.2f}"


def standings(cli: Cli) -> dict[str, object]:
    doc: dict[str, object] = json.loads(cli("results", EVENT, "--format", "json"))
    return doc


def test_swiss_pairs_draws_by_the_standings_without_rematch(cli: Cli) -> None:
    new_event(cli, "swiss-pairs", 8)
    r1 = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
    assert r1 == [(1, 5), (2, 6), (3, 7), (4, 8)]  # halves by number (004:2673)
    tricks = {(1, 1): 10, (2, 1): 8, (3, 1): 7, (4, 1): 11, (1, 2): 9, (2, 2): 10, (3, 2): 8,
              (4, 2): 9}  # fmt: skip
    enter(cli, 1, r1, range(1, 3), tricks)
    pct = percentages(r1, range(1, 3), tricks)
    doc = standings(cli)
    rounds = doc["rounds"]
    assert isinstance(rounds, list) and len(rounds) == 1
    lines = {x["pair"]: x for x in rounds[0]["ranking"]}
    for pair, p in pct.items():
        assert f2(Fraction(str(lines[str(pair)]["result"]))) == f2(p)
        # 004:2595: the percentage turned into VPs; 20 VPs shared in proportion
        assert f2(Fraction(str(lines[str(pair)]["vp"]))) == f2(p / 5)
    # the standings after round 1, best first, ties to the lower number
    order = sorted(pct, key=lambda p: (-pct[p], p))
    assert [x["pair"] for x in rounds[0]["ranking"]] == [str(p) for p in order]
    r2 = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
    met = {frozenset(m) for m in r1}
    # 1 v 2, 3 v 4 ... down the standings, skipping a pair already met
    want: list[frozenset[int]] = []
    left = list(order)
    while left:
        top = left.pop(0)
        partner = next(p for p in left if frozenset((top, p)) not in met)
        left.remove(partner)
        want.append(frozenset((top, partner)))
    assert [frozenset(m) for m in r2] == want
    assert not {frozenset(m) for m in r2} & met
    # boards 3-4 at every table: a slip for board 1 in round 2 is refused
    ns, ew = r2[0]
    err = cli("result", "add", EVENT, "--round", "2", "--table", "1", "--board", "1", "--ns",
              str(ns), "--ew", str(ew), "3NT", "N", "=", status=2)  # fmt: skip
    assert "plays boards 3-4, not 1" in err
    err = cli("result", "add", EVENT, "--round", "2", "--table", "1", "--board", "3", "--ns",
              str(r2[1][0]), "--ew", str(ew), "3NT", "N", "=", status=2)  # fmt: skip
    assert f"seats NS {ns} v EW {ew}" in err


def test_a_four_pair_swiss_runs_out_of_opponents(cli: Cli) -> None:
    new_event(cli, "swiss-pairs", 4)
    seen: set[frozenset[int]] = set()
    for rnd in (1, 2, 3):
        tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "1"))
        assert not {frozenset(m) for m in tables} & seen
        seen |= {frozenset(m) for m in tables}
        enter(cli, rnd, tables, range(rnd, rnd + 1), {(1, rnd): 10})
    assert len(seen) == 6  # every pair met every other once
    before = dump(cli.db)
    err = cli("event", "round", EVENT, "--next", "--boards", "1", status=2)
    assert "cannot all be drawn against pairs they have not met" in err
    assert dump(cli.db) == before


def test_an_odd_field_gives_the_bye_to_the_lowest_pair(cli: Cli) -> None:
    new_event(cli, "swiss-pairs", 5)
    r1 = drawn(cli("event", "round", EVENT, "--next", "--boards", "1"))
    out = cli("event", "draw", EVENT, "--round", "1")
    assert r1 == [(1, 3), (2, 4)] and out.splitlines()[-1] == "bye: pair 5 N5 - S5"
    enter(cli, 1, r1, range(1, 2), {(1, 1): 10})
    doc = standings(cli)
    bye = next(x for x in doc["rounds"][0]["ranking"] if x["pair"] == "5")  # type: ignore[index]
    # a bye: the larger of the pair's average and 60 % of the scale (12 of 20 VPs)
    assert bye["opponent"] is None and bye["vp"] == 12
    r2 = cli("event", "round", EVENT, "--next", "--boards", "1")
    # after round 1: 1 (NS at table 1, 10 tricks) and 4 (EW at table 2, against 9) have
    # 100 %, 5 has 12 VPs, 2 and 3 have 0; 3 is the lowest without a bye and sits out;
    # then 1 v 4 and 5 v 2, 4 and 5 NS (they have sat NS fewer times)
    assert r2.splitlines()[-1] == "bye: pair 3 N3 - S3"
    assert drawn(r2) == [(4, 1), (5, 2)]


def test_the_next_round_waits_for_every_slip(cli: Cli) -> None:
    new_event(cli, "swiss-pairs", 4)
    tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
    enter(cli, 1, tables[:1], range(1, 3), {})
    with Store.open(cli.db) as store:
        ns, ew = tables[1]
        slips.enter(store, EVENT, make_result(round=1, table=2, board=1, ns=ns, ew=ew,
                                            contract="3NT", declarer="N", result="="))  # fmt: skip
    before = dump(cli.db)
    err = cli("event", "round", EVENT, "--next", status=2)
    assert err == (
        f"error: round 1 is not complete: 1 slip(s) missing, the first round 1 table 2 "
        f"board 2 (NS {ns} v EW {ew}); enter them or mark them not played first\n"
    )
    err = cli("results", EVENT, "--final", status=2)
    assert err.splitlines()[0] == f"missing slip: round 1 table 2 board 2 (NS {ns} v EW {ew})"
    assert dump(cli.db) == before
    text = cli("results", EVENT)
    assert "PROVISIONAL: round 1 not scored yet: 1 slip(s) missing" in text
    cli("result", "not-played", EVENT, "--round", "1", "--table", "2", "--board", "2",
        "--reason", "out of time")  # fmt: skip
    assert "Standings after round 1" in cli("results", EVENT, "--final")
    assert drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))


def test_houston_pairs_imps_against_the_datum_then_vps(cli: Cli) -> None:
    """Fig 18 (004:1396-1440): board 4's eight NS scores, datum +190 after the top and
    the bottom are dropped; the IMPs each pair earns are the seed's table."""
    new_event(cli, "houston", 16, scoring="butler")
    tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "4"))
    assert len(tables) == 8
    fig18 = [
        ("3NT", "N", "="),
        ("2D", "N", "="),
        ("4SX", "S", "-2"),
        ("2S", "S", "+1"),
        ("3NT", "N", "-2"),
        ("3NT", "N", "+1"),
        ("4S", "N", "-1"),
        ("2CX", "E", "-3"),
    ]
    seed_imps = [9, -3, -12, -2, -9, 10, -7, 12]  # 004:1420-1440 by the NS score
    with Store.open(cli.db) as store:
        for t, (ns, ew) in enumerate(tables, start=1):
            for b in (1, 2, 3):  # passed out everywhere: 0 IMPs
                slips.enter(store, EVENT, make_result(round=1, table=t, board=b, ns=ns, ew=ew,
                                                    contract="PASS"))  # fmt: skip
            c, d, r = fig18[t - 1]
            slips.enter(store, EVENT, make_result(round=1, table=t, board=4, ns=ns, ew=ew,
                                                contract=c, declarer=d, result=r))  # fmt: skip
    doc = standings(cli)
    lines = {x["pair"]: x for x in doc["rounds"][0]["ranking"]}  # type: ignore[index]
    wbf = get_scale("wbf2013")
    for (ns, ew), imps in zip(tables, seed_imps, strict=True):
        assert lines[str(ns)]["result"] == imps and lines[str(ew)]["result"] == -imps
        assert lines[str(ns)]["vp"] == float(wbf.vp(imps, 4)[0])
        assert lines[str(ew)]["vp"] == float(wbf.vp(imps, 4)[1])
    assert doc["format"] == "houston" and doc["vp_scale"] == "wbf2013"
    # a penalty in a VP event: a board is 5 % of a round's maximum VPs (003:55-57): 1 VP
    before = dump(cli.db)
    err = cli("result", "penalty", EVENT, "--pair", "1", "--imp", "3", "--reason", "r", status=2)
    assert "a houston event's penalty is given in --boards" in err
    assert dump(cli.db) == before
    cli("result", "penalty", EVENT, "--pair", "1", "--boards", "1", "--reason", "slow play")
    ruled = {x["pair"]: x for x in standings(cli)["rounds"][0]["ranking"]}  # type: ignore[index]
    assert ruled["1"]["penalty"] == 1 and ruled["1"]["total"] == lines["1"]["total"] - 1
    # a round robin: round 2 meets nobody again
    enter_all = drawn(cli("event", "round", EVENT, "--next", "--boards", "4"))
    assert not {frozenset(m) for m in enter_all} & {frozenset(m) for m in tables}


def test_barometer_running_totals_after_each_round(cli: Cli, tmp_path: Path) -> None:
    new_event(cli, "barometer", 6)
    totals: dict[int, Fraction] = {}
    met: set[frozenset[int]] = set()
    for rnd in (1, 2):
        tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
        assert not {frozenset(m) for m in tables} & met
        met |= {frozenset(m) for m in tables}
        boards = range(2 * rnd - 1, 2 * rnd + 1)
        tricks = {(1, boards[0]): 10, (3, boards[1]): 8, (2, boards[1]): 10}
        enter(cli, rnd, tables, boards, tricks)
        for p, pct in percentages(tables, boards, tricks).items():
            totals[p] = totals.get(p, Fraction(0)) + pct * 4 / 100  # top 2 a board, 2 boards
    doc = standings(cli)
    final = {x["pair"]: x for x in doc["rounds"][1]["ranking"]}  # type: ignore[index]
    for p, t in totals.items():
        assert f2(Fraction(str(final[str(p)]["total"]))) == f2(t)
        assert f2(Fraction(str(final[str(p)]["percentage"]))) == f2(t * 100 / 8)
    out = cli("results", EVENT, "--format", "html", "--out", str(tmp_path / "web"))
    assert out.splitlines() == [
        str(tmp_path / "web" / n) for n in ("index.html", "results.json", "standings.txt")
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["event", "new", "H", "--format", "houston", "--scoring", "mp"],
         "a houston event is scored by --scoring butler, not mp"),
        (["event", "new", "H", "--format", "swiss", "--scoring", "mp"], "unknown event format"),
        (["event", "new", "H", "--format", "swiss-pairs", "--sessions", "2"],
         "one session of one section"),
        (["event", "new", "H", "--convention", "pary", "--scoring", "ximp"],
         "is for an event scored by mp, not ximp"),
        (["event", "round", "Tuesday", "--next"], "has no round-by-round format"),
        (["event", "options", EVENT, "--format", "barometer", "--reason", "r"],
         "cannot change once a movement or a round is set"),
        (["event", "options", EVENT, "--vp-scale", "x.json", "--reason", "r"],
         "a stored event takes a built-in scale"),
        (["event", "options", EVENT, "--pairing", "round-robin"], "needs --reason"),
        (["results", EVENT, "--format", "csv"], "text, json or html"),
        (["event", "round", EVENT, "--next", "2"], "give no ROUND or ACTION"),
        (["event", "draw", EVENT, "--round", "2"], "round 2 is not drawn yet (1 drawn)"),
    ],
)  # fmt: skip
def test_refusals_change_nothing(cli: Cli, args: list[str], message: str) -> None:
    new_event(cli, "swiss-pairs", 4)
    cli("event", "new", "Tuesday")
    cli("event", "round", EVENT, "--next")
    before = dump(cli.db)
    err = cli(*args, status=2)
    assert err.startswith("error: ") and message in err
    assert dump(cli.db) == before


def test_options_are_audited(cli: Cli) -> None:
    new_event(cli, "swiss-pairs", 4)
    out = cli("event", "options", EVENT, "--vp-scale", "wbf25", "--reason", "house rule")
    assert "vp scale: wbf25" in out
    with Store.open(cli.db) as store:
        from bridgedesk.store import director

        log = director.audit_log(store, EVENT)
    assert [(a.action, a.reason) for a in log] == [
        ("options", "event created"),
        ("options", "house rule"),
    ]
    assert log[-1].old["vp_scale"] == "wbf2013" and log[-1].new["vp_scale"] == "wbf25"


def test_the_rounds_page_in_chromium(cli: Cli, tmp_path: Path) -> None:
    from tests.reports.chromium import CHROMIUM, open_page

    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    new_event(cli, "swiss-pairs", 6)
    for rnd in (1, 2):
        tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
        enter(cli, rnd, tables, range(2 * rnd - 1, 2 * rnd + 1), {(1, 2 * rnd): 11})
    cli("result", "penalty", EVENT, "--pair", "2", "--boards", "1", "--reason", "slow play")
    out_dir = tmp_path / "web"
    cli("results", EVENT, "--format", "html", "--out", str(out_dir), "--lang", "ja")
    dom = open_page(out_dir / "index.html", tmp_path, "pair_rounds")
    assert dom.count("<table") == 2
    assert "第2ラウンド後の順位" in dom and "スイスペア" in dom
    # the penalty: 1 board = 5 % of a round's 20 VPs (003:55-57), from the last round
    doc = standings(cli)
    final = {x["pair"]: x for x in doc["rounds"][1]["ranking"]}  # type: ignore[index]
    first = {x["pair"]: x for x in doc["rounds"][0]["ranking"]}  # type: ignore[index]
    assert final["2"]["penalty"] == 1 and first["2"]["penalty"] == 0
    assert final["2"]["total"] == pytest.approx(
        first["2"]["total"] + final["2"]["vp"] - 1  # type: ignore[operator]
    )
    assert ">1.00<" in dom


def test_masterpoints_follow_the_standings_after_the_last_round(cli: Cli) -> None:
    """Round 1 of one board, round 2 of three: by matchpoints over the 4 boards pair 3
    (3 of 4) is second alone and pair 4 (1 of 4) third, but by VPs (each round 20)
    pairs 3 and 4 share second place with 20 VPs each: the award places are the VP's."""
    cli("event", "new", EVENT, "--date", "2026-11-24", "--format", "swiss-pairs")
    for n in range(1, 5):
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}", "--members",
            f"{n}01,{n}02")  # fmt: skip
    r1 = drawn(cli("event", "round", EVENT, "--next", "--boards", "1"))
    assert r1 == [(1, 3), (2, 4)]
    enter(cli, 1, r1, range(1, 2), {(1, 1): 10})
    r2 = drawn(cli("event", "round", EVENT, "--next", "--boards", "3"))
    assert r2 == [(4, 1), (3, 2)]
    enter(cli, 2, r2, range(2, 5), {(2, b): 10 for b in range(2, 5)})
    final = {x["pair"]: (x["total"], x["rank"]) for x in standings(cli)["rounds"][1]["ranking"]}  # type: ignore[index]
    assert final == {"1": (40, "1"), "3": (20, "2="), "4": (20, "2="), "2": (0, "4")}
    awards = json.loads(cli("masterpoints", "award", "--from-event", EVENT, "--rules", "jcbl",
                            "--json"))  # fmt: skip
    assert {a["competitor"]: a["place"] for a in awards} == {"1": 1, "3": 2, "4": 2}
