"""A handicap pairs session's masterpoints: the scratch and the handicap places both
paid, a pair placed on both paid the better list (SBF 001:502-516) or both (a club's
rule), through ``bridgedesk masterpoints award --from-event --handicap-ratings``.

The session is :func:`tests.services.sim_heats.club_heat`: a four-table Howell of 8
pairs (one field), a JCBL class 3 weekly game, play simulated from fixed seeds.  The
expected awards are worked here by hand from each pair's two places (the handicap
ranking the command prints, whose arithmetic tests/results/test_handicap.py checks):

- SBF table A1 for 8 pairs pays 16, 11, 8 bp (001:609-1900, table A1); the handicap
  list half of it rounded up, at least 2: 8, 6, 4 (001:502-516);
- JCBL weekly class 3 (K = 3), 8 pairs, pairs (P = 1), one session:
  K*C*P*S/100*0.7^(N-1) = 0.24, 0.168, 0.1176, rounded 0.24, 0.17, 0.12, to the 35 %
  range, 3 places (000:173-228, 000:491); the handicap list the same (the weekly rule
  has no limiting factors; docs/handicap.md).
"""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from tests.services.sim_heats import club_heat, deal_set

SBF_SCRATCH = {1: Decimal(16), 2: Decimal(11), 3: Decimal(8)}
SBF_HANDICAP = {1: Decimal(8), 2: Decimal(6), 3: Decimal(4)}
JCBL_WEEKLY = {1: Decimal("0.24"), 2: Decimal("0.17"), 3: Decimal("0.12")}


@pytest.fixture(scope="module")
def heat(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("hcp")
    db = folder / "club.sqlite3"
    assert club_heat(db, "Lunds BK", deal_set(14, 7), "howell", 4, 2, 1) == 1
    # player PAIR-SEAT rates 40 + 2 x pair + seat: the better pairs carry less handicap
    rows = [f"Lun{n:02d}{s},{40 + 2 * n + s}" for n in range(1, 9) for s in (1, 2)]
    ratings = folder / "ratings.csv"
    ratings.write_text("member,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return db, ratings


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, str]]:
    assert main(list(args)) == 0, capsys.readouterr().err
    got: list[dict[str, str]] = json.loads(capsys.readouterr().out)
    return got


def _places(
    heat: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> dict[str, tuple[int, int]]:
    db, ratings = heat
    done = json.loads(
        _json_text(capsys, "handicap", "1", "--ratings", str(ratings), "--json", "--db", str(db))
    )
    return {x["pair"]: (int(x["scratch_rank"].rstrip("=")), int(x["rank"].rstrip("=")))
            for x in done["ranking"]}  # fmt: skip


def _json_text(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _paid(awards: list[dict[str, str]]) -> dict[str, list[tuple[str, Decimal]]]:
    """Each pair's awards: (which list, points) per player."""
    out: dict[str, list[tuple[str, Decimal]]] = {}
    for a in awards:
        which = "handicap" if a["reason"].startswith("with handicap") else "scratch"
        out.setdefault(a["member"], []).append((which, Decimal(a["points"])))
    return out


@pytest.mark.parametrize(("rules", "scratch", "handicapped"), [
    ("sbf", SBF_SCRATCH, SBF_HANDICAP), ("jcbl", JCBL_WEEKLY, JCBL_WEEKLY),
])  # fmt: skip
@pytest.mark.parametrize("both", [False, True])
def test_both_lists_paid_the_better_or_both_by_hand(
    heat: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    rules: str,
    scratch: dict[int, Decimal],
    handicapped: dict[int, Decimal],
    both: bool,
) -> None:
    db, ratings = heat
    places = _places(heat, capsys)
    assert sorted(p for p, _ in places.values()) == list(range(1, 9))  # no ties here
    more = ["--table", "A"] if rules == "sbf" else []
    awards = _json(
        capsys, "masterpoints", "award", "--rules", rules, "--from-event", "1", "--db", str(db),
        "--handicap-ratings", str(ratings), "--json", *more,
        *(["--handicap-both"] if both else []),
    )  # fmt: skip
    expected: dict[str, list[tuple[str, Decimal]]] = {}
    for pair, (plain, with_h) in places.items():
        lists = [("scratch", scratch.get(plain)), ("handicap", handicapped.get(with_h))]
        won = [(w, v) for w, v in lists if v is not None]
        if not both and len(won) == 2:  # the better; equal: the scratch list's
            won = [max(won, key=lambda x: (x[1], x[0] == "scratch"))]
        for seat in (1, 2):
            if won:
                expected[f"Lun{int(pair):02d}{seat}"] = won
    assert _paid(awards) == expected
    colours = {a["colour"] for a in awards}
    assert colours == ({"bp"} if rules == "sbf" else {"black"})


def test_this_session_has_a_pair_paid_on_the_handicap_list_alone(
    heat: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The case the split is for: pair 1 is fifth as played and second with its
    handicap (+6.5), so it is paid the handicap list's second place, 6 bp."""
    places = _places(heat, capsys)
    assert places["1"] == (5, 2)
    db, ratings = heat
    awards = _json(capsys, "masterpoints", "award", "--rules", "sbf", "--from-event", "1",
                   "--db", str(db), "--handicap-ratings", str(ratings), "--json")  # fmt: skip
    assert _paid(awards)["Lun011"] == [("handicap", Decimal(6))]


@pytest.mark.parametrize(("more", "message"), [
    (["--handicap-both"], "--handicap-both does not apply"),
    (["--handicap-share", "50"], "give the players' ratings or the club's masterpoint bands"),
    (["--handicap-grades", "0:3", "--handicap"], "--handicap awards a handicap ranking"),
])  # fmt: skip
def test_refused_in_one_line(
    heat: tuple[Path, Path], capsys: pytest.CaptureFixture[str], more: list[str], message: str
) -> None:
    db, _ = heat
    rules = [] if "--rules" in more else ["--rules", "sbf"]
    code = main(["masterpoints", "award", "--from-event", "1", "--db", str(db), *rules, *more])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1, err


def test_a_club_championship_pays_the_handicap_list_with_the_handicap_limit(
    heat: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The same session rated a club championship game (CCG): the overall award is
    A*R*L*(4+0.2*T*S)*N/P (000:230-469) with pairs A = 1, P = 5, CCG R = 1, T = 4 tables,
    S = 1 session and the place coefficients N = 1, 0.7, 0.5 (000:479): the scratch list
    with L = 1 (no limit given), 0.96, 0.672, 0.48; the handicap list with "ハンディ付"
    L3 = 10/16 (000:331-333), 0.60, 0.42, 0.30; each rounded to hundredths.  With
    ``--handicap-both`` every pair keeps both lists' overall awards."""
    db, ratings = heat
    ccg = tmp_path / "ccg.sqlite3"
    ccg.write_bytes(db.read_bytes())
    with sqlite3.connect(ccg) as conn:
        conn.execute("update events set rating = 'club-championship'")
    places = _places((ccg, ratings), capsys)
    awards = _json(capsys, "masterpoints", "award", "--rules", "jcbl", "--from-event", "1",
                   "--db", str(ccg), "--handicap-ratings", str(ratings), "--handicap-both",
                   "--json")  # fmt: skip
    overall = [a for a in awards if a["session"] is None]
    base = Fraction(1) * 1 * Fraction(4 * 5 + 4, 5) / 5  # A*R*(4+0.2*T*S)/P
    coefficients = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2)}

    def hundredths(value: Fraction) -> Decimal:
        return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))

    expected = []
    for which, limit, index in (
        ("scratch", Fraction(1), 0),
        ("with handicap", Fraction(10, 16), 1),
    ):
        for pair, got in sorted(places.items(), key=lambda x: x[1][index]):
            place = got[index]
            if place in coefficients:
                value = hundredths(base * limit * coefficients[place])
                expected += [(which, f"Lun{int(pair):02d}{s}", place, value) for s in (1, 2)]
    assert [(a["reason"].split(":")[0], a["member"], a["place"], Decimal(a["points"]))
            for a in overall] == expected  # fmt: skip
    by_hand = ("0.96", "0.67", "0.48", "0.60", "0.42", "0.30")
    assert [x[3] for x in expected[::2]] == [Decimal(v) for v in by_hand]
