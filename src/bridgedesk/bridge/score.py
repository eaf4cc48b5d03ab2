"""The duplicate score of a contract result (Laws of Duplicate Bridge 2017, Law 77).

Duplicate scoring has no rubber and no honours; a made contract earns a bonus of
50 for a partscore, 300 for a game not vulnerable and 500 vulnerable
(JCBL Director Manual, 004:662-674); everything else (slams, undertricks, the
bonus for making a doubled contract) is as in rubber bridge.

:func:`contract_score` gives the declaring side's points, signed;
:func:`score_ns` gives the points from North-South's point of view, which is how
bridgedesk stores every score (East-West's is its negation).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from bridgedesk.bridge.board import Vulnerability
from bridgedesk.bridge.contract import (
    ALL_CONTRACTS,
    TRICKS,
    Contract,
    Doubling,
    Strain,
    check_tricks,
    format_result,
)
from bridgedesk.bridge.seats import Seat, Side
from bridgedesk.errors import ContractError

PARTSCORE_BONUS = 50
GAME_BONUS = {False: 300, True: 500}
SMALL_SLAM_BONUS = {False: 500, True: 750}
GRAND_SLAM_BONUS = {False: 1000, True: 1500}
#: The bonus for making a doubled / redoubled contract ("for the insult").
INSULT_BONUS = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
#: A contract whose trick score reaches this is a game.
GAME_TRICK_SCORE = 100


def _trick_value(strain: Strain) -> int:
    """Undoubled value of each trick over book (the first NT trick is worth 10 more)."""
    return 20 if strain.is_minor else 30


def trick_score(contract: Contract) -> int:
    """The score for the tricks bid and made, doubled or redoubled as bid."""
    if contract.strain is None:
        return 0
    base = _trick_value(contract.strain) * contract.level
    if contract.strain is Strain.NT:
        base += 10
    return base * contract.doubling.multiplier


def _overtrick_value(contract: Contract, vulnerable: bool) -> int:
    assert contract.strain is not None
    if contract.doubling is Doubling.UNDOUBLED:
        return _trick_value(contract.strain)
    per = 200 if vulnerable else 100
    return per if contract.doubling is Doubling.DOUBLED else 2 * per


def undertrick_penalty(down: int, vulnerable: bool, doubling: Doubling) -> int:
    """The (positive) penalty for going ``down`` tricks."""
    if down <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        # 100, then 200 each for the 2nd and 3rd, then 300 each from the 4th.
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled if doubling is Doubling.DOUBLED else 2 * doubled


def contract_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """The declaring side's duplicate score for ``tricks`` taken in ``contract``.

    Positive when the contract makes, negative when it goes down; 0 for a
    passed-out board (whatever ``tricks`` says, as long as it is 0-13).

    >>> contract_score(Contract.parse("4S"), False, 10)
    420
    >>> contract_score(Contract.parse("3NTX"), True, 7)
    -500
    """
    check_tricks(tricks)
    if contract.is_pass:
        return 0
    need = contract.tricks_needed
    if tricks < need:
        return -undertrick_penalty(need - tricks, vulnerable, contract.doubling)
    score = trick_score(contract)
    if score >= GAME_TRICK_SCORE:
        score += GAME_BONUS[vulnerable]
    else:
        score += PARTSCORE_BONUS
    if contract.level == 6:
        score += SMALL_SLAM_BONUS[vulnerable]
    elif contract.level == 7:
        score += GRAND_SLAM_BONUS[vulnerable]
    score += INSULT_BONUS[contract.doubling]
    score += (tricks - need) * _overtrick_value(contract, vulnerable)
    return score


def score_ns(
    contract: Contract, declarer: Seat | None, tricks: int, vulnerability: Vulnerability
) -> int:
    """North-South's score for the result: the declarer side's score, signed for NS.

    ``declarer`` may be ``None`` only for a passed-out board.
    """
    if contract.is_pass:
        check_tricks(tricks)
        return 0
    if declarer is None:
        raise ContractError(
            "contract {contract} needs a declarer (N, E, S or W)",
            code="contract.needs-declarer",
            contract=contract,
        )
    vulnerable = vulnerability.is_vulnerable(declarer)
    return contract_score(contract, vulnerable, tricks) * declarer.side.sign


class ContractResult(NamedTuple):
    """A contract played by a side with its tricks; for a passed-out board side is None."""

    contract: Contract
    declarer: Side | None
    tricks: int

    def __str__(self) -> str:
        if self.declarer is None:
            return "PASS"
        return f"{self.contract} by {self.declarer} {format_result(self.contract, self.tricks)}"


@cache
def _by_ns_score(vulnerability: Vulnerability) -> dict[int, tuple[ContractResult, ...]]:
    table: dict[int, list[ContractResult]] = {0: [ContractResult(Contract.PASS, None, 0)]}
    for side in (Side.NS, Side.EW):
        vulnerable = vulnerability.is_vulnerable(side)
        for contract in ALL_CONTRACTS:
            for tricks in range(TRICKS + 1):
                points = contract_score(contract, vulnerable, tricks) * side.sign
                table.setdefault(points, []).append(ContractResult(contract, side, tricks))
    return {points: tuple(results) for points, results in table.items()}


def results_for_score(ns_score: int, vulnerability: Vulnerability) -> tuple[ContractResult, ...]:
    """Every (contract, declaring side, tricks) that gives North-South ``ns_score``.

    Useful to check a traveller line: an empty answer means the score is
    impossible on a board with this vulnerability.

    >>> [str(r) for r in results_for_score(-500, Vulnerability.EW)][:2]
    ['1CX by NS -3', '1DX by NS -3']
    """
    return _by_ns_score(vulnerability).get(ns_score, ())


def is_possible_score(ns_score: int, vulnerability: Vulnerability) -> bool:
    """Whether some contract result gives North-South ``ns_score`` at this vulnerability."""
    return ns_score in _by_ns_score(vulnerability)
