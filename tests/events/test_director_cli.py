"""The director's tools through the command line: penalties, fouled boards, missing
slips, boards not played (003:47-226, 004:3531-3658, 004:3838-3846).

Expected totals are computed here from the slips alone (one point per NS score
beaten, a half per tie; EW gets the top less NS's points), independently of
bridgedesk.scoring.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips as slip_service
from bridgedesk.store.service import Store


@pytest.fixture
def event(cli: Cli, mitchell: GridMovement) -> str:
    mitchell_event(cli.db, mitchell).close()
    return EVENT


#: The stored 3-table Mitchell keeps its EW pairs as 4-6; its cards, slips and ranking
#: number them EW 1-3 (bridgedesk.events.pair_numbers, 004:968-980).
EW_OFFSET = 3


def tricks(board: int, table: int) -> int:
    """3NT by North with 8, 9 or 10 tricks: the NS scores order as the tricks do."""
    return 8 + (board * 2 + table * table) % 3


def slips(mitchell: GridMovement) -> list[tuple[int, int, int, int, int]]:
    out = []
    for rnd in range(1, mitchell.rounds + 1):
        for table in range(1, mitchell.tables + 1):
            a = mitchell.assignment(rnd, table)
            assert a is not None
            out += [(rnd, table, b, a.ns, a.ew) for b in a.boards]
    return out


def enter(cli: Cli, *chosen: tuple[int, int, int, int, int]) -> None:
    """Enter slips through the service (the result commands are tested in test_cli)."""
    with Store.open(cli.db) as store:
        for rnd, table, board, ns, ew in chosen:
            won = tricks(board, table) - 6
            slip_service.enter(store,
                1,
                make_result(
                    round=rnd, table=table, board=board, ns=ns, ew=ew,
                    contract="3NT", declarer="N", result=str(won),
                ),
            )  # fmt: skip


def expected_totals(
    all_slips: list[tuple[int, int, int, int, int]],
    groups: dict[tuple[int, int], str] | None = None,
) -> dict[tuple[str, int], Fraction]:
    """Matchpoint totals by (direction, pair); fouled boards by the JCBL formula for
    groups of 1 and 2 (004:3598-3624): 60 % of the top plus 10 % per point above the
    group's average."""
    groups = groups or {}
    by_board: dict[int, list[tuple[int, int, int, int, int]]] = {}
    for s in all_slips:
        by_board.setdefault(s[2], []).append(s)
    totals: dict[tuple[str, int], Fraction] = {}
    for board, rows in by_board.items():
        top = len(rows) - 1
        for _, table, _, ns, ew in rows:
            mine = groups.get((board, table))
            same = [r for r in rows if groups.get((board, r[1])) == mine]
            others = [tricks(board, r[1]) for r in same if r[1] != table]
            t = tricks(board, table)
            mp = sum(Fraction(1) if t > o else Fraction(1, 2) if t == o else 0 for o in others)
            if any(groups.get((board, r[1])) for r in rows):
                assert len(same) <= 2
                pct = 60 + 10 * (mp - Fraction(len(same) - 1, 2))
                ns_mp = top * pct / 100
                ew_pct = 60 + 10 * ((len(same) - 1 - mp) - Fraction(len(same) - 1, 2))
                ew_mp = top * ew_pct / 100
            else:
                ns_mp, ew_mp = mp, top - mp
            totals[("NS", ns)] = totals.get(("NS", ns), Fraction(0)) + ns_mp
            totals[("EW", ew)] = totals.get(("EW", ew), Fraction(0)) + ew_mp
    return totals


def as_ranked(totals: dict[tuple[str, int], Fraction]) -> dict[tuple[str, int], str]:
    """The 3-table Mitchell's totals as its ranking prints them: EW pairs 4-6 as EW 1-3."""
    return {(d, p - EW_OFFSET if d == "EW" else p): f2(v) for (d, p), v in totals.items()}


def shown_totals(text: str) -> dict[tuple[str, int], str]:
    """(field, pair) -> total as the ranking prints it."""
    out: dict[tuple[str, int], str] = {}
    field = ""
    for line in text.splitlines():
        words = line.split()
        if line.strip().startswith(("NS", "North")):
            field = "NS"
        elif line.strip().startswith(("EW", "East")):
            field = "EW"
        elif len(words) >= 4 and words[1].isdigit() and words[0].rstrip("=").isdigit():
            out[(field, int(words[1]))] = words[2]
    return out


def f2(value: Fraction) -> str:
    scaled = round(value * 100)  # exact halves do not occur in these totals
    return f"{scaled // 100}.{scaled % 100:02d}"


@pytest.fixture
def played(cli: Cli, event: str, mitchell: GridMovement) -> list[tuple[int, int, int, int, int]]:
    all_slips = slips(mitchell)
    enter(cli, *all_slips)
    return all_slips


def test_ranking_matches_the_independent_count(cli: Cli, played: list) -> None:  # type: ignore[type-arg]
    shown = shown_totals(cli("results", EVENT))
    want = expected_totals(played)
    assert shown == as_ranked(want)
    assert "PROVISIONAL" not in cli("results", EVENT, "--final")


def test_penalties_take_off_what_they_say(cli: Cli, played: list) -> None:  # type: ignore[type-arg]
    want = expected_totals(played)
    # one board's top is 2 (3 scores a board): 0.5 board = 1 MP; 25 % of a top = 0.5 MP
    out = cli(
        "result", "penalty", EVENT, "--pair", "NS 1", "--boards", "1/2", "--reason", "slow play"
    )
    assert out == "ruling 1: penalty on pair NS 1, 0.5 board(s) (slow play)\n"
    # EW 1 as its card says it (stored as 4, 004:968-980)
    out = cli("result", "penalty", EVENT, "--pair", "ew1", "--mp", "1.5", "--reason", "wrong board")
    assert out == "ruling 2: penalty on pair EW 1, 1.5 MP (wrong board)\n"
    # a bare 2 is NS 2 or EW 2 in this Mitchell: refused, nothing stored
    err = cli("result", "penalty", EVENT, "--pair", "2", "--percent", "25", "--reason", "x",
              status=2)  # fmt: skip
    assert err == (
        "error: pair 2 is NS 2 or EW 2 in this section (its fields are numbered apart): "
        "name it as NS 2 or EW 2\n"
    )
    cli("result", "penalty", EVENT, "--pair", "NS 2", "--percent", "25", "--reason", "etiquette")
    shown = shown_totals(cli("results", EVENT))
    want[("NS", 1)] -= 1
    want[("EW", 4)] -= Fraction(3, 2)
    want[("NS", 2)] -= Fraction(1, 2)
    assert shown == as_ranked(want)
    # cancelled, audited: the totals come back
    cli("result", "cancel", EVENT, "2", "--reason", "appeal upheld")
    want[("EW", 4)] += Fraction(3, 2)
    assert shown_totals(cli("results", EVENT))[("EW", 1)] == f2(want[("EW", 4)])
    listed = cli("result", "rulings", EVENT)
    assert "penalty pair NS 1: 0.5 board(s) -- slow play" in listed and "EW 1" not in listed
    with Store.open(cli.db) as store:
        from bridgedesk.store.director import audit_log

        log = audit_log(store, EVENT)
    assert [(a.action, a.subject) for a in log] == [
        ("penalty", "pair 1"), ("penalty", "pair 4"), ("penalty", "pair 2"), ("cancel", "ruling 2"),
    ]  # fmt: skip
    assert log[3].old["cancelled"] is False and log[3].new["cancelled"] is True


def test_a_fouled_board_is_scored_by_group(cli: Cli, played: list) -> None:  # type: ignore[type-arg]
    # board 1: find where it was played; the last table to play it had changed hands
    rows = sorted((s for s in played if s[2] == 1), key=lambda s: s[0])
    rnd, table = rows[-1][0], rows[-1][1]
    out = cli("result", "fouled", EVENT, "--board", "1", "--from-round", str(rnd),
              "--reason", "E-W hands swapped")  # fmt: skip
    assert f"board 1 group 2: round {rnd} table {table}" in out
    want = expected_totals(played, {(1, table): "2"})
    assert shown_totals(cli("results", EVENT)) == as_ranked(want)
    err = cli("result", "fouled", EVENT, "--board", "1", "--at", f"{rnd}:{table}",
              "--reason", "again", status=2)  # fmt: skip
    assert (
        err == f"error: board 1 at round {rnd} table {table} is already in fouled group 2: "
        "cancel that ruling first\n"
    )


def test_final_refuses_while_a_slip_is_missing(
    cli: Cli, event: str, mitchell: GridMovement
) -> None:
    all_slips = slips(mitchell)
    enter(cli, *all_slips[:-1])
    rnd, table, board, ns, ew = all_slips[-1]
    before = dump(cli.db)
    code_err = cli("results", EVENT, "--final", status=2)
    assert code_err.splitlines() == [
        f"missing slip: round {rnd} table {table} board {board} (NS {ns} v EW {ew - EW_OFFSET})",
        "error: the results cannot be final: 1 of 18 slips missing (listed above); enter "
        "them, or mark a board not played with `bridgedesk result not-played`",
    ]
    said = cli("results", EVENT, "--final", "--lang", "sv", status=2).splitlines()
    assert said[0] == f"protokoll saknas: rond {rnd} bord {table} bricka {board} " + (
        f"(NS {ns} mot ÖV {ew - EW_OFFSET})"  # the slip in Swedish too
    )
    assert said[1].startswith("fel: resultaten kan inte bli slutliga: 1 av 18 ")
    assert dump(cli.db) == before
    out = cli("results", EVENT)
    assert out.splitlines()[0] == "PROVISIONAL: 1 of 18 slips missing"
    said = cli("results", EVENT, "--lang", "sv")  # the line in the report's language
    assert said.splitlines()[0] == "PRELIMINÄRT: 1 av 18 protokoll saknas"
    cli("result", "not-played", EVENT, "--round", str(rnd), "--table", str(table), "--board",
        str(board), "--reason", "out of time")  # fmt: skip
    final = cli("results", EVENT, "--final")
    assert "PROVISIONAL" not in final
    # a board not played: its pairs are factored up over the boards they played
    # (004:1292-1296), the others' scores on it made up by the Neuberg formula
    want = expected_totals(all_slips[:-1])
    shown = shown_totals(final)
    assert set(shown) == set(as_ranked(want))


def test_not_played_refuses_a_slip_that_is_in(cli: Cli, played: list) -> None:  # type: ignore[type-arg]
    rnd, table, board, _, _ = played[0]
    before = dump(cli.db)
    err = cli("result", "not-played", EVENT, "--round", str(rnd), "--table", str(table),
              "--board", str(board), "--reason", "x", status=2)  # fmt: skip
    assert "has a result" in err and "result delete" in err
    err = cli("result", "not-played", EVENT, "--round", "1", "--table", "1", "--board", "5",
              "--reason", "x", status=2)  # fmt: skip
    assert err == "error: round 1 table 1 plays boards 1-2, not board 5\n"
    assert dump(cli.db) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pair", "9", "--mp", "1"], "pair 9 is not entered in section A"),
        (["--pair", "NS 1", "--imp", "3"], "a mp event's penalty is given in --boards or --mp or"),
        (["--pair", "NS 1", "--mp", "1", "--boards", "1"], "give the penalty's size once"),
        (["--pair", "NS 1", "--percent", "150"], "more than a whole board's top"),
        (["--pair", "NS 1", "--mp", "x"], "--mp 'x': give a number"),
    ],
)
def test_refused_penalties_change_nothing(
    cli: Cli,
    played: list,
    args: list[str],
    message: str,  # type: ignore[type-arg]
) -> None:
    before = dump(cli.db)
    err = cli("result", "penalty", EVENT, *args, "--reason", "r", status=2)
    assert message in err
    assert dump(cli.db) == before


def test_a_penalty_needs_a_reason(cli: Cli, played: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    before = dump(cli.db)
    err = cli("result", "penalty", EVENT, "--pair", "NS 1", "--mp", "1", "--reason", " ", status=2)
    assert err == "error: a penalty needs a reason (it is printed and kept in the audit log)\n"
    assert dump(cli.db) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["result", "add", EVENT, "--round", "1", "--table", "1", "--board", "5", "--ns", "1",
          "--ew", "4", "3NT", "N", "="], "round 1 table 1 plays boards 1-2, not 5"),
        (["result", "correct", EVENT, "--id", "1", "--reason", "r", "3NT", "N", "+9"], ""),
        (["result", "delete", EVENT, "--id", "99", "--reason", "r"], "has no result 99"),
        (["result", "undo", EVENT, "7", "--reason", "r"], "has no correction 7"),
        (["result", "cancel", EVENT, "7", "--reason", "r"], "has no ruling 7"),
        (["result", "fouled", EVENT, "--board", "1", "--at", "1:2", "--reason", "r"],
         "round 1 table 2 plays boards 3-4, not board 1"),
        (["result", "fouled", EVENT, "--board", "1", "--at", "1:1", "--group", "1",
          "--reason", "r"], "group 1 is the hands as dealt"),
        (["entry", "add", EVENT, "--pair", "1", "--names", "x, y"], "already entered"),
        (["entry", "withdraw", EVENT, "--pair", "3", "--reason", "r"], "cannot be taken out"),
        (["event", "movement", EVENT, "--kind", "nonsense"], ""),
        (["results", EVENT, "--final", "--section", "Z"], "has no session 1 section Z"),
    ],
)  # fmt: skip
def test_every_refusal_leaves_the_store_as_it_was(
    cli: Cli,
    played: list,  # type: ignore[type-arg]
    args: list[str],
    message: str,
) -> None:
    before = dump(cli.db)
    err = cli(*args, status=2)
    assert err.startswith("error: ") and message in err
    assert dump(cli.db) == before
