"""A practice session played by a person: you at South, the computer elsewhere (002:23, 002:53).

:class:`PracticeGame` drives the open room of each board step by step for a
user interface (the terminal or the browser).  The person plays South, and
North too when North-South declare (the declarer plays dummy's cards, 002:36,
and names the contract after seeing dummy, 002:32).  While the person plays,
the closed room is played by the computer in a background thread, as the
seed describes (002:53); its result is ready, or waited for, when the board
ends.  After each board the result, the closed room's, the IMPs and the
double-dummy par are in :attr:`PracticeGame.results`.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from bridgedesk.bridge import Seat, Side
from bridgedesk.deals.cards import Card
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice.announce import Declaration, declaration
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.players import ComputerPlayer
from bridgedesk.practice.room import RoomResult, name_contract, next_card
from bridgedesk.practice.session import (
    OPEN,
    BoardResult,
    DealSupply,
    SessionConfig,
    mini_par,
    play_closed,
)

HUMAN = Seat.S


class PracticeGame:
    """One session for one person; not thread-safe (one user interface drives it)."""

    def __init__(
        self,
        config: SessionConfig,
        supply: DealSupply,
        results: Sequence[BoardResult] = (),
        *,
        background: bool = True,
    ) -> None:
        self.config = config
        self.supply = supply
        self.results: list[BoardResult] = list(results)
        # a file deal at 20-20 is recorded once and skipped; a generated board's
        # redeals are recorded before the deal that is played
        if supply.file_deals is not None:
            self.index = len(self.results)
        else:
            self.index = sum(1 for r in self.results if not r.redeal)
        self._pool = ThreadPoolExecutor(max_workers=1) if background else None
        self.deal: Deal | None = None
        self.found: Declaration | None = None
        self.redeal = 0
        self.contract: MiniContract | None = None
        self.state: PlayState | None = None
        self._closed: Future[RoomResult] | RoomResult | None = None
        self._players: dict[Seat, ComputerPlayer] = {}

    # ------------------------------------------------------------ boards

    @property
    def finished(self) -> bool:
        return self.deal is None and self.index >= len(self.supply)

    def start_board(self, *, redeal: int | None = None) -> bool:
        """Deal the next board (recording 20-20 redeals) and let the computer name the
        contract when East-West declare; ``False`` when no board was left to play."""
        if self.deal is not None:
            raise PracticeError("finish the board in play first")
        while self.index < len(self.supply):
            for k, deal in self.supply.deals(self.index):
                if redeal is not None and k < redeal:
                    continue
                found = declaration(deal)
                if found.redeal:
                    self.results.append(BoardResult(deal, found))
                    continue
                self._begin(deal, found, k)
                return True
            self.index += 1  # a file deal at 20-20: recorded above, nothing to play
        self.close()
        return False

    def _begin(self, deal: Deal, found: Declaration, k: int) -> None:
        self.deal, self.found, self.redeal = deal, found, k
        self.contract, self.state = None, None
        self._players = {
            seat: self.config.player(deal.board, k, OPEN, seat)
            for seat in Seat
            if seat is not HUMAN
        }
        if self._pool is not None:
            self._closed = self._pool.submit(play_closed, self.config, deal, found, k)
        else:
            self._closed = None
        assert found.declarer is not None
        if not self.human_declares:
            player = self._players[found.declarer]
            self.set_contract(name_contract(deal, found, player))

    @property
    def declarer(self) -> Seat:
        if self.found is None or self.found.declarer is None:
            raise PracticeError("no board in play")
        return self.found.declarer

    @property
    def human_declares(self) -> bool:
        return self.declarer.side is Side.NS

    @property
    def needs_contract(self) -> bool:
        return self.deal is not None and self.contract is None

    def human_seats(self) -> tuple[Seat, ...]:
        """The seats whose cards the person chooses."""
        return (Seat.N, Seat.S) if self.human_declares else (HUMAN,)

    def set_contract(self, contract: MiniContract) -> None:
        if self.deal is None:
            raise PracticeError("no board in play")
        if self.contract is not None:
            raise PracticeError("the contract has already been named")
        self.contract = contract
        self.state = PlayState.start(self.deal, self.declarer, contract.strain)

    # ------------------------------------------------------------ play

    def _playing(self) -> tuple[PlayState, MiniContract, Declaration]:
        if self.state is None or self.contract is None or self.found is None:
            raise PracticeError("no contract has been named yet")
        return self.state, self.contract, self.found

    def human_turn(self) -> Seat | None:
        """The seat the person is to play for now, or ``None``."""
        if self.state is None or self.state.is_over:
            return None
        seat = self.state.to_play
        return seat if self.state.controller(seat) in self.human_seats() else None

    def advance(self) -> list[tuple[Seat, Card]]:
        """Let the computer play until it is the person's turn or the deal is over."""
        state, contract, found = self._playing()
        made: list[tuple[Seat, Card]] = []
        while not state.is_over and self.human_turn() is None:
            seat = state.to_play
            card = next_card(state, contract, found, self._players[state.controller(seat)])
            state = state.play(card)
            self.state = state
            made.append((seat, card))
        return made

    def play(self, card: Card) -> None:
        """The person plays ``card`` for the seat to play."""
        state, _, _ = self._playing()
        if self.human_turn() is None:
            raise PracticeError("it is not your turn")
        self.state = state.play(card)

    def replay(self, contract: MiniContract | None, cards: Sequence[Card]) -> None:
        """Bring a resumed board back to where it was saved."""
        if contract is not None and self.contract is None:
            self.set_contract(contract)
        for card in cards:
            state, _, _ = self._playing()
            self.state = state.play(card)

    @property
    def board_over(self) -> bool:
        return self.state is not None and self.state.is_over

    def finish_board(self) -> BoardResult:
        """Record the finished board with the closed room's result and the par."""
        state, contract, found = self._playing()
        if not state.is_over:
            raise PracticeError("the play of the deal is not finished")
        assert self.deal is not None
        if isinstance(self._closed, Future):
            closed = self._closed.result()
        elif isinstance(self._closed, RoomResult):
            closed = self._closed
        else:
            closed = play_closed(self.config, self.deal, found, self.redeal)
        result = BoardResult(
            self.deal, found, RoomResult.of(state, contract), closed, mini_par(self.deal, found)
        )
        self.results.append(result)
        self.deal, self.found, self.contract, self.state, self._closed = (
            None,
            None,
            None,
            None,
            None,
        )
        self.index += 1
        return result

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["HUMAN", "PracticeGame"]
