"""Practice sessions: deals in order, the open and closed rooms, the team comparison.

In the team game of 002:49-57 each deal is played in an open room (where
you sit South) and again in a closed room played wholly by the computer; the
open room's North-South and the closed room's East-West are one team.  The
board's result for the team is the difference of the two North-South scores
converted with the IMP scale (004:1690-1720).  The seed's example: you score
140 in the open room, your team-mates (the closed room's East-West) lose 110,
so the team is +30 points, 1 IMP.

Deals come from a seeded generator or from a ``.HND`` / PBN file (boards in
file order, dealer and vulnerability as the file gives them).  A 20-20 deal
is dealt again (002:31): a generated session draws a new deal for the same
board; a deal from a file cannot be redealt and is recorded as passed out
(no play, 0 IMPs).  Every computer player is seeded from the session seed,
the board, the redeal count, the room and the seat, so a session replays
exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from bridgedesk.bridge import SEATS, Seat, Strain, imps
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import random_deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice import dd
from bridgedesk.practice.announce import Declaration, declaration
from bridgedesk.practice.choice import best_contract
from bridgedesk.practice.contract import MiniContract, declarer_score, score_ns
from bridgedesk.practice.players import ComputerPlayer, make_player
from bridgedesk.practice.room import RoomResult, play_room
from bridgedesk.practice.rules import Rules

OPEN = "open"
CLOSED = "closed"
#: Redeals drawn for one board of a generated session before giving up.
MAX_REDEALS = 20


def team_imps(open_ns: int, closed_ns: int) -> int:
    """IMPs to the open room's North-South team (002:55): the NS scores' difference."""
    return imps(open_ns - closed_ns)


@dataclass(frozen=True)
class MiniPar:
    """The best contract for the declaring side with double-dummy play (declarer fixed)."""

    contract: MiniContract
    tricks: int
    score_ns: int


def par_of(declarer: Seat, dd_tricks: Mapping[Strain, int]) -> MiniPar:
    """The best-scoring contract on declarer's double-dummy tricks ``dd_tricks``."""
    contract = best_contract([dd_tricks])
    tricks = dd_tricks[contract.strain]
    return MiniPar(contract, tricks, score_ns(declarer, contract, tricks))


def mini_par(deal: Deal, found: Declaration) -> MiniPar | None:
    """The double-dummy par of ``deal`` under MiniBridge: the declarer is fixed by the
    announcements, so par is declarer's best-scoring contract on its DD tricks."""

    if found.declarer is None:
        return None
    return par_of(found.declarer, dd.deal_tricks(dd.hands_of(deal), found.declarer))


@dataclass(frozen=True)
class SessionConfig:
    """How a session was set up: enough to replay it."""

    seed: int
    level: str = "club"
    rules: Rules = Rules.MINIBRIDGE
    boards: int = 8
    source: str | None = None  # the deal file's name, None for generated deals

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise PracticeError(f"a session needs at least 1 board, got {self.boards}")
        self.rules.check()

    def rng(self, *parts: object) -> random.Random:
        """A generator for one purpose, seeded from the session seed and ``parts``."""
        return random.Random("/".join(str(p) for p in (self.seed, *parts)))

    def player(self, board: int, redeal: int, room: str, seat: Seat) -> ComputerPlayer:
        return make_player(self.level, self.rng("play", board, redeal, room, seat.value))


@dataclass(frozen=True)
class BoardResult:
    """One board of a session: the deal, the announcements and both rooms."""

    deal: Deal
    declaration: Declaration
    open: RoomResult | None = None
    closed: RoomResult | None = None
    par: MiniPar | None = None

    @property
    def redeal(self) -> bool:
        return self.declaration.redeal

    @property
    def imps_ns(self) -> int:
        if self.open is None or self.closed is None:
            return 0
        return team_imps(self.open.score_ns, self.closed.score_ns)


def running_total(results: Sequence[BoardResult]) -> list[int]:
    """The team's IMP total after each board."""
    out: list[int] = []
    total = 0
    for r in results:
        total += r.imps_ns
        out.append(total)
    return out


@dataclass
class DealSupply:
    """The session's deals, board after board (with redeals for generated sessions)."""

    config: SessionConfig
    file_deals: Sequence[Deal] | None = None
    _count: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        if self.file_deals is not None:
            if not self.file_deals:
                raise PracticeError("the deal file holds no boards")
            self._count = min(len(self.file_deals), self.config.boards)
        else:
            self._count = self.config.boards

    def __len__(self) -> int:
        return self._count

    def deals(self, index: int) -> Iterator[tuple[int, Deal]]:
        """The deal for the ``index``-th board (0-based) and its redeals, numbered 0, 1, ..."""
        if self.file_deals is not None:
            yield 0, self.file_deals[index]
            return
        board = index + 1
        for k in range(MAX_REDEALS):
            yield k, random_deal(board, self.config.rng("deal", board, k))


def computer_players(
    config: SessionConfig, board: int, redeal: int, room: str
) -> dict[Seat, ComputerPlayer]:
    return {seat: config.player(board, redeal, room, seat) for seat in SEATS}


def play_closed(config: SessionConfig, deal: Deal, found: Declaration, redeal: int) -> RoomResult:
    """The closed room: every seat played by the computer (002:53)."""
    return play_room(deal, found, computer_players(config, deal.board, redeal, CLOSED))


def auto_board(config: SessionConfig, supply: DealSupply, index: int) -> list[BoardResult]:
    """Board ``index`` played by the computer in both rooms, after any redeals."""
    out: list[BoardResult] = []
    for k, deal in supply.deals(index):
        found = declaration(deal)
        if found.redeal:
            out.append(BoardResult(deal, found))
            continue
        opened = play_room(deal, found, computer_players(config, deal.board, k, OPEN))
        closed = play_closed(config, deal, found, k)
        out.append(BoardResult(deal, found, opened, closed, mini_par(deal, found)))
        return out
    return out


def auto_session(config: SessionConfig, supply: DealSupply) -> Iterator[BoardResult]:
    """Every board of the session, both rooms played by the computer."""
    for index in range(len(supply)):
        yield from auto_board(config, supply, index)


__all__ = [
    "CLOSED",
    "OPEN",
    "BoardResult",
    "DealSupply",
    "MiniPar",
    "SessionConfig",
    "auto_board",
    "auto_session",
    "computer_players",
    "declarer_score",
    "mini_par",
    "par_of",
    "play_closed",
    "running_total",
    "team_imps",
]
