"""Result slips checked against the movement (004:538-553, 004:3479-3486)."""

from __future__ import annotations

import pytest

from bridgedesk.bridge import Contract, Seat
from bridgedesk.errors import ContractError, EntryError
from bridgedesk.events.entry import check_result, make_result
from bridgedesk.events.model import AdjustedScore, Adjustment, Entry, Player, Result
from bridgedesk.events.seating import GridMovement


def slip(**kw: object) -> Result:
    base: dict[str, object] = {"contract": "4S", "declarer": "N", "result": "="}
    base.update(kw)
    return make_result(**base)  # type: ignore[arg-type]


def test_good_slip_passes(mitchell: GridMovement) -> None:
    # round 2 table 1: NS 1 v EW 6 on boards 3-4
    check_result(slip(round=2, table=1, board=3, ns=1, ew=6), mitchell)


def test_wrong_board_says_which_boards(mitchell: GridMovement) -> None:
    with pytest.raises(EntryError) as err:
        check_result(slip(round=2, table=1, board=5, ns=1, ew=6), mitchell)
    assert err.value.message == "round 2 table 1 plays boards 3-4, not 5"
    assert str(err.value).startswith("round 2, table 1, board 5:")


def test_wrong_pairs(mitchell: GridMovement) -> None:
    with pytest.raises(EntryError, match="seats NS 1 v EW 3, not NS 1 v EW 2"):
        check_result(slip(round=2, table=1, board=3, ns=1, ew=5), mitchell)
    with pytest.raises(EntryError, match="other way round"):
        check_result(slip(round=2, table=1, board=3, ns=6, ew=1), mitchell)


def test_round_and_table_out_of_range(mitchell: GridMovement) -> None:
    with pytest.raises(EntryError, match="round 4 does not exist: the movement has rounds 1-3"):
        check_result(slip(round=4, table=1, board=3, ns=1, ew=6), mitchell)
    with pytest.raises(EntryError, match="table 9 does not exist"):
        check_result(slip(round=1, table=9, board=3, ns=1, ew=6), mitchell)


def test_second_result_same_table_rejected(mitchell: GridMovement) -> None:
    first = slip(round=2, table=1, board=3, ns=1, ew=6)
    again = slip(round=2, table=1, board=3, ns=1, ew=6, contract="3NT", result="+1")
    with pytest.raises(EntryError, match="already has a result at round 2 table 1"):
        check_result(again, mitchell, existing=[first])
    # the other board of the round is fine
    check_result(slip(round=2, table=1, board=4, ns=1, ew=6), mitchell, existing=[first])


def test_override_lets_wrong_table_stand_if_first_time(mitchell: GridMovement) -> None:
    # 004:3479-3486: pairs 1 and 5 played board 5 by mistake in round 2
    wrong = slip(round=2, table=1, board=5, ns=1, ew=5)
    check_result(wrong, mitchell, override="pairs sat at the wrong table")
    # ...but not when pair 5 already played board 5 (round 1 table 3 is NS 3 v EW 6,
    # round 3 table 1 is NS 1 v EW 5 on boards 5-6)
    earlier = slip(round=3, table=1, board=5, ns=1, ew=5)
    with pytest.raises(EntryError, match="pair 1 already has a result on board 5"):
        check_result(wrong, mitchell, existing=[earlier], override="wrong table")
    with pytest.raises(EntryError, match="needs a reason"):
        check_result(wrong, mitchell, override="  ")
    with pytest.raises(EntryError, match="board 99 is not in this movement"):
        check_result(slip(round=2, table=1, board=99, ns=1, ew=5), mitchell, override="x")


def test_other_sections_do_not_clash(mitchell: GridMovement) -> None:
    first = slip(round=2, table=1, board=3, ns=1, ew=6, section="B")
    check_result(slip(round=2, table=1, board=3, ns=1, ew=6), mitchell, existing=[first])


def test_entries_unknown_and_phantom(howell: GridMovement) -> None:
    entries = {n: Entry(n, (Player("a"), Player("b"))) for n in range(1, 8)}
    entries[8] = Entry(8, phantom=True)
    # round 1: table 1 is phantom 8 v pair 1 (a sit-out), table 2 seats 2 v 7 on boards 5-6
    check_result(slip(round=1, table=2, board=5, ns=2, ew=7), howell, entries=entries)
    with pytest.raises(EntryError, match="NS pair 8 is the phantom"):
        check_result(slip(round=1, table=1, board=1, ns=8, ew=1), howell, entries=entries)
    del entries[7]
    with pytest.raises(EntryError, match="EW pair 7 is not entered"):
        check_result(slip(round=1, table=2, board=5, ns=2, ew=7), howell, entries=entries)


def test_make_result_parses_slip_text() -> None:
    r = slip(
        round=2,
        table=4,
        board=7,
        ns=3,
        ew=10,
        contract="4sx",
        declarer="s",
        result="-2",
        lead="♥10",
    )
    assert r.contract == Contract.parse("4SX") and r.declarer is Seat.S and r.tricks == 8
    assert r.lead == "HT"
    # board 7: dealer S, both vulnerable (004:421-434); 4SX by S two down vulnerable: NS -500
    assert r.ns_score == -500
    assert r.result_text == "4SX S -2"
    passed = make_result(round=1, table=1, board=1, ns=1, ew=2, contract="PASS")
    assert passed.ns_score == 0 and passed.result_text == "PASS"
    adj = make_result(round=1, table=1, board=1, ns=1, ew=2, adjusted="60/40")
    assert adj.adjusted == AdjustedScore(Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE_MINUS)
    assert adj.ns_score is None


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"contract": "8S"}, "level 8 is not 1-7"),
        ({"declarer": None}, "needs a declarer"),
        ({"result": "+4"}, "impossible in 4S"),
        ({"declarer": "Q"}, "unknown seat"),
        ({"lead": "Z5"}, "bad lead card"),
        ({"adjusted": "A+/A-"}, "either a contract or an adjusted score"),
        ({"ns": 2, "ew": 2}, "NS and EW are both pair 2"),
    ],
)
def test_illegal_slips(kw: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"round": 1, "table": 1, "board": 1, "ns": 1, "ew": 2}
    base.update(kw)
    with pytest.raises(EntryError, match=message):
        slip(**base)


def test_result_needs_declarer_when_built_directly() -> None:
    with pytest.raises(ContractError):
        Result(1, 1, 1, 1, 2, Contract.parse("3NT"), None, 9)


def test_stationary_and_seated_pairs(mitchell: GridMovement, howell: GridMovement) -> None:
    from bridgedesk.events.seating import seated_pairs, stationary_pairs

    assert stationary_pairs(mitchell) == {1, 2, 3}
    assert stationary_pairs(howell) == {8}  # the circle method's pivot pair
    assert seated_pairs(howell) == set(range(1, 9))


def test_validate_section(howell: GridMovement) -> None:
    from bridgedesk.events.entry import validate_section

    def p(n: int, **kw: bool) -> Entry:
        return Entry(n, (Player("a"), Player("b")), **kw)

    entries = {n: p(n) for n in range(1, 8)} | {8: Entry(8, phantom=True)}
    assert validate_section(howell, entries) == []
    entries[3] = p(3, stationary=True)
    entries[9] = p(9)
    del entries[5]
    assert validate_section(howell, entries) == [
        "entered but not seated by the movement: 9 (it seats 1, 2, 3, 4, 5, 6, 7, 8)",
        "seated by the movement but not entered: 5 (enter them, or enter the missing one "
        "as the phantom)",
        "pair 3 asked for a stationary seat but moves in this movement; the stationary "
        "numbers are 8",
    ]
    moving_phantom = {n: p(n) for n in range(2, 9)} | {1: Entry(1, phantom=True)}
    [problem] = validate_section(howell, moving_phantom)
    assert problem.startswith("phantom 1 moves") and "004:872-880" in problem
