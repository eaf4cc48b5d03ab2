"""Contracts and results: parsing, formatting and every error case."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgedesk.bridge import (
    ALL_CONTRACTS,
    Contract,
    Doubling,
    Strain,
    check_tricks,
    format_result,
    offset_of,
    parse_result,
    tricks_from_offset,
)
from bridgedesk.errors import ContractError, ParseError


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling", "canonical"),
    [
        ("4S", 4, Strain.S, Doubling.UNDOUBLED, "4S"),
        ("4SX", 4, Strain.S, Doubling.DOUBLED, "4SX"),
        ("6NTXX", 6, Strain.NT, Doubling.REDOUBLED, "6NTXX"),
        ("3N", 3, Strain.NT, Doubling.UNDOUBLED, "3NT"),
        ("3nt", 3, Strain.NT, Doubling.UNDOUBLED, "3NT"),
        (" 2h x ", 2, Strain.H, Doubling.DOUBLED, "2HX"),
        ("1C", 1, Strain.C, Doubling.UNDOUBLED, "1C"),
        ("7DXX", 7, Strain.D, Doubling.REDOUBLED, "7DXX"),
        ("5D*", 5, Strain.D, Doubling.DOUBLED, "5DX"),
        ("5D**", 5, Strain.D, Doubling.REDOUBLED, "5DXX"),
        ("4♠x", 4, Strain.S, Doubling.DOUBLED, "4SX"),
        ("2♥", 2, Strain.H, Doubling.UNDOUBLED, "2H"),
    ],
)
def test_parse_and_format(
    text: str, level: int, strain: Strain, doubling: Doubling, canonical: str
) -> None:
    contract = Contract.parse(text)
    assert contract == Contract(level, strain, doubling)
    assert str(contract) == canonical
    assert not contract.is_pass


@pytest.mark.parametrize("text", ["pass", "PASS", "AP", "ap", "P", "All Pass", "passed out"])
def test_passed_out(text: str) -> None:
    contract = Contract.parse(text)
    assert contract is Contract.PASS
    assert contract == Contract.passed_out()
    assert contract.is_pass
    assert str(contract) == "PASS"


def test_equality_includes_the_double() -> None:
    # endplay once compared contracts without the double (STYLE.md).
    assert Contract.parse("4S") != Contract.parse("4SX")
    assert Contract.parse("4SX") != Contract.parse("4SXX")
    assert len(set(ALL_CONTRACTS)) == 7 * 5 * 3


def test_repr_pastes_back() -> None:
    for contract in (*ALL_CONTRACTS, Contract.PASS):
        assert eval(repr(contract)) == contract


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("8S", "level 8 is not 1-7"),
        ("0S", "level 0 is not 1-7"),
        ("4Z", "strain 'Z'"),
        ("3NTXXX", "'XXX' is not a doubling"),
        ("4SXXXX", "'XXXX' is not a doubling"),
        ("", "empty contract"),
        ("4", "no strain"),
        ("S4", "must start with a level"),
        ("4SY", "unexpected 'Y'"),
        ("10NT", "level 10 is not 1-7"),
    ],
)
def test_bad_contracts_name_the_text(text: str, fragment: str) -> None:
    with pytest.raises(ContractError) as info:
        Contract.parse(text)
    message = str(info.value)
    assert fragment in message
    assert repr(text) in message
    assert isinstance(info.value, ParseError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "args",
    [(8, Strain.S), (0, Strain.S), (-1, Strain.C), (True, Strain.C), (4, None), (4, "S")],
)
def test_bad_constructor_arguments(args: tuple[object, object]) -> None:
    with pytest.raises(ContractError):
        Contract(*args)  # type: ignore[arg-type]


def test_pass_cannot_be_doubled() -> None:
    with pytest.raises(ContractError, match="passed-out"):
        Contract(0, None, Doubling.DOUBLED)


@pytest.mark.parametrize(
    ("contract", "text", "tricks"),
    [
        ("4S", "=", 10),
        ("4S", "+1", 11),
        ("4S", "+3", 13),
        ("4S", "-1", 9),
        ("4S", "-10", 0),
        ("4SX", "-2", 8),
        ("3NT", "=", 9),
        ("1C", "+6", 13),
        ("7NT", "=", 13),
        ("7NT", "-13", 0),
        ("4S", "10", 10),
        ("4S", "0", 0),
        ("4S", "13", 13),
        ("6H", "MADE", 12),
    ],
)
def test_parse_result(contract: str, text: str, tricks: int) -> None:
    assert parse_result(text, Contract.parse(contract)) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "fragment"),
    [
        ("4S", "+4", "+4 is impossible in 4S"),
        ("4S", "-11", "-11 is impossible in 4S"),
        ("7NT", "+1", "+1 is impossible in 7NT: allowed are = and -1 to -13"),
        ("4S", "14", "tricks must be 0-13, got 14"),
        ("4S", "-", "bad result '-'"),
        ("4S", "two", "bad result 'two'"),
        ("4S", "", "bad result ''"),
        ("PASS", "=", "passed-out"),
    ],
)
def test_bad_results(contract: str, text: str, fragment: str) -> None:
    with pytest.raises(ContractError) as info:
        parse_result(text, Contract.parse(contract))
    assert fragment in str(info.value)


@pytest.mark.parametrize("tricks", [14, -1, 100, True, 3.0])
def test_bad_tricks(tricks: object) -> None:
    with pytest.raises(ContractError, match="tricks must be"):
        check_tricks(tricks)  # type: ignore[arg-type]


def test_tricks_needed_of_pass_is_an_error() -> None:
    with pytest.raises(ContractError):
        _ = Contract.PASS.tricks_needed


@given(st.sampled_from(ALL_CONTRACTS), st.integers(0, 13))
def test_result_round_trip(contract: Contract, tricks: int) -> None:
    text = format_result(contract, tricks)
    assert parse_result(text, contract) == tricks
    assert tricks_from_offset(contract, offset_of(contract, tricks)) == tricks
    # The relative notation's number is the over/undertrick count: independent check.
    expected = tricks - (contract.level + 6)
    assert text == ("=" if expected == 0 else f"{expected:+d}")


_SPELLINGS = {
    Strain.C: ["C", "c", "♣"],
    Strain.D: ["D", "d", "♦"],
    Strain.H: ["H", "h", "♥"],
    Strain.S: ["S", "s", "♠"],
    Strain.NT: ["NT", "N", "nt", "n"],
}
_DOUBLE_SPELLINGS = {
    Doubling.UNDOUBLED: [""],
    Doubling.DOUBLED: ["X", "x", "*"],
    Doubling.REDOUBLED: ["XX", "xx", "**", "R"],
}


@given(st.sampled_from(ALL_CONTRACTS), st.data())
def test_parse_format_round_trip(contract: Contract, data: st.DataObject) -> None:
    assert contract.strain is not None
    assert Contract.parse(str(contract)) == contract
    spelled = (
        str(contract.level)
        + data.draw(st.sampled_from(_SPELLINGS[contract.strain]))
        + data.draw(st.sampled_from(_DOUBLE_SPELLINGS[contract.doubling]))
    )
    assert Contract.parse(spelled) == contract


@given(st.text(max_size=8))
def test_parse_never_fails_with_anything_but_contract_error(text: str) -> None:
    try:
        contract = Contract.parse(text)
    except ContractError:
        return
    assert Contract.parse(str(contract)) == contract
