"""What the results readers (PBN ScoreTable, JSON travellers) hand to scoring.

Both readers turn text into :class:`ScoreInput`: the boards' results as
:mod:`bridgedesk.scoring.results` values, penalties, and the line each board
and result came from, so that every error can name file, line and board.
The contract-to-score check shared by both lives here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.score import score_ns as compute
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import BridgedeskError, ContractError, Location, ScoringError
from bridgedesk.scoring.individual import validate_individual
from bridgedesk.scoring.results import Board, Penalty, Play
from bridgedesk.scoring.session import detect_winners


@dataclass(frozen=True)
class ScoreInput:
    """Boards of results read from one file."""

    filename: str
    boards: tuple[Board, ...]
    penalties: tuple[Penalty, ...] = ()
    winners: int | None = None
    #: board number -> line of the board in the file
    board_lines: Mapping[int, int] = field(default_factory=dict)
    #: (board number, result index) -> line of the result
    result_lines: Mapping[tuple[int, int], int] = field(default_factory=dict)
    #: what the file said about its scoring, e.g. PBN [Scoring "MatchPoints"]
    scoring: str | None = None
    #: True for an individual event (each result names its four players)
    individual: bool = False
    #: the line of each penalty, in order
    penalty_lines: tuple[int | None, ...] = ()

    def where(self, board: int, index: int | None = None) -> Location:
        line = None
        if index is not None:
            line = self.result_lines.get((board, index))
        if line is None:
            line = self.board_lines.get(board)
        return Location(file=self.filename, line=line, board=board)

    def check(self, winners: int | None = None) -> int:
        """Raise the first traveller problem, located at the line of the result that
        shows it; return the winners used.  Penalties must name a pair (a player)
        who has a result."""

        def problems_of(b: Board) -> list[ScoringError]:
            if self.individual:
                return validate_individual(b)
            return b.validate(two_field=w == 2)

        w = 1 if self.individual else winners or self.winners or detect_winners(self.boards)
        for b in self.boards:
            problems = problems_of(b)
            if problems:
                # The first result at which the traveller goes wrong names the line:
                # a prefix with a problem keeps it when longer, so halve the range
                # (a board of many results is checked in n log n, not n squared).
                low, high = 1, len(b.results)
                while low < high:
                    mid = (low + high) // 2
                    if problems_of(replace(b, results=b.results[:mid])):
                        high = mid
                    else:
                        low = mid + 1
                first = problems_of(replace(b, results=b.results[:low]))
                if first:
                    raise first[0].located(self.where(b.number, low - 1))
                raise problems[0].located(self.where(b.number))
        names: set[str] = set()
        for b in self.boards:
            for r in b.results:
                names.update(r.players if self.individual and r.players else (r.ns, r.ew))
        for i, p in enumerate(self.penalties):
            if p.pair not in names:
                line = self.penalty_lines[i] if i < len(self.penalty_lines) else None
                if self.individual:
                    raise ScoringError(
                        "penalty for player {player}, who has no result in this file",
                        Location(file=self.filename, line=line),
                        code="penalty.player-no-result",
                        player=p.pair,
                    )
                raise ScoringError(
                    "penalty for pair {pair}, who has no result in this file",
                    Location(file=self.filename, line=line),
                    code="penalty.pair-no-result",
                    pair=p.pair,
                )
        return w


def checked_score(
    board: int,
    contract_text: str,
    declarer_text: str | None,
    tricks: int | None,
    score_ns: int | None,
    where: Location,
) -> tuple[Play, int]:
    """The Play and NS score of a traveller line, checked against each other.

    A contract needs a declarer and tricks 0-13 unless it is passed out; when a
    score is also given it must be the contract's score at the board's
    vulnerability.  Raises located :class:`ContractError` / :class:`ScoringError`.
    """

    try:
        contract = Contract.parse(contract_text)
        declarer = None
        if declarer_text not in (None, "", "-", "?"):
            assert declarer_text is not None
            declarer = Seat.parse(declarer_text)
        if not contract.is_pass:
            if declarer is None:
                raise ContractError(
                    "contract {contract} has no declarer: give N, E, S or W",
                    code="contract.no-declarer",
                    contract=contract,
                )
            if tricks is None:
                raise ContractError(
                    "contract {contract} has no result: give the tricks taken",
                    code="contract.no-result",
                    contract=contract,
                )
        computed = compute(contract, declarer, tricks or 0, board_vulnerability(board))
    except ValueError as exc:
        if isinstance(exc, BridgedeskError):
            raise exc.located(where) from None
        raise ContractError(
            "{problem}", where, code="contract.not-legal", problem=str(exc)
        ) from None
    if score_ns is not None and score_ns != computed:
        raise ScoringError(
            "score {score} does not match {contract} by {declarer} taking {tricks} "
            "tricks at vulnerability {vulnerability}: that scores {computed} for NS",
            where,
            code="result.score-mismatch",
            score=score_ns,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            vulnerability=board_vulnerability(board),
            computed=computed,
        )
    return Play(contract, declarer, tricks), computed
