"""A practice session played by a person: you at South, the computer elsewhere (002:23, 002:53).

:class:`PracticeGame` drives the open room of each board step by step for a
user interface (the terminal or the browser).  The person plays South, and
North too when North-South declare (the declarer plays dummy's cards, 002:36,
and names the contract after seeing dummy, 002:32).  :meth:`PracticeGame.step`
plays one card the person does not choose: a computer's, or with
``play_forced`` the person's only legal card, so an interface can show each
card with a pause.

The closed room (002:53) is played by the computer in its own process, at
a lower priority, so it never takes the double-dummy solver or the processor
from the cards of the open room; it also solves the deal for the review.
Without ``background`` it is played after the board instead.  Its result is
ready, or waited for, when the board ends.  After each board the result, the
closed room's, the IMPs and the double-dummy par are in
:attr:`PracticeGame.results`, and :meth:`PracticeGame.review` explains it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import Card
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice import dd
from bridgedesk.practice.advice import ContractHelp, DeclaringHelp, contract_help, declaring_help
from bridgedesk.practice.announce import Declaration, declaration
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.hint import Hint, hint
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.players import ComputerPlayer, play_view
from bridgedesk.practice.review import BoardReview, board_review
from bridgedesk.practice.room import RoomResult, name_contract, next_card
from bridgedesk.practice.session import (
    OPEN,
    BoardResult,
    DealSupply,
    SessionConfig,
    mini_par,
    play_closed,
)

_T = TypeVar("_T")

HUMAN = Seat.S
#: How much lower the closed room's process runs (``nice``), so the open room's
#: players come first on a busy machine.
CLOSED_ROOM_NICENESS = 10


@dataclass(frozen=True)
class Move:
    """A card played by :meth:`PracticeGame.step`: by the computer, or the person's
    only legal card played for them (``forced``)."""

    seat: Seat
    card: Card
    forced: bool = False


def closed_room(
    config: SessionConfig, deal: Deal, found: Declaration, redeal: int
) -> tuple[RoomResult, dict[Strain, int]]:
    """The closed room's play and declarer's double-dummy tricks (for the par and the
    review): the work of the closed room's process."""
    assert found.declarer is not None
    return play_closed(config, deal, found, redeal), dd.deal_tricks(
        dd.hands_of(deal), found.declarer
    )


def _lower_priority() -> None:  # pragma: no cover - runs in the closed room's process
    os.nice(CLOSED_ROOM_NICENESS)


def _spawned_pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_lower_priority,
    )


def _stop(pool: Executor) -> None:
    """End ``pool`` now: its processes stopped in the middle of their work, then its
    queues closed and its thread joined, so that nothing is left running (a
    ``shutdown(wait=False)`` leaves the pool's thread waiting for the closed room
    being played, which the interpreter's exit then waits for too)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
    else:
        # ProcessPoolExecutor keeps its processes by pid; none when it never started one
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


class ClosedRooms(Executor):
    """A one-process pool for closed rooms, started afresh (``spawn``: safe beside the
    web server's threads) and run at a lower priority, that starts a new process when
    its process broke (it died, or could not start: a script without a ``__main__``
    guard).  A pool broken again at once is given up for that submission
    (:class:`BrokenExecutor`): the game then plays its closed room itself.

    A closed room is worth nothing once its game is closed: :meth:`shutdown` stops the
    one being played and returns when the process and the pool's thread are gone."""

    def __init__(self, start: Callable[[], Executor] = _spawned_pool) -> None:
        self._start = start
        self._pool: Executor | None = None
        self._lock = threading.Lock()
        self.restarts = 0

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        with self._lock:
            for attempt in (1, 2):
                if self._pool is None:
                    self._pool = self._start()
                try:
                    return self._pool.submit(fn, *args, **kwargs)
                except BrokenExecutor:
                    _stop(self._pool)
                    self._pool = None
                    self.restarts += 1
                    if attempt == 2:
                        raise
        raise AssertionError("unreachable")  # pragma: no cover

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the closed room being played and every one waiting (whatever ``wait``
        and ``cancel_futures`` say: no one is left to want them)."""
        with self._lock:
            if self._pool is not None:
                _stop(self._pool)
                self._pool = None


def closed_room_executor() -> Executor:
    """The closed rooms' process pool (:class:`ClosedRooms`)."""
    return ClosedRooms()


class PracticeGame:
    """One session for one person; not thread-safe (one user interface drives it)."""

    def __init__(
        self,
        config: SessionConfig,
        supply: DealSupply,
        results: Sequence[BoardResult] = (),
        *,
        background: bool = True,
        executor: Executor | None = None,
        play_forced: bool = False,
    ) -> None:
        """``background``: play each closed room in a process of its own (``executor``
        when given, shared and not shut down here; else one made for this game),
        otherwise after the board.  ``play_forced``: :meth:`step` also plays the
        person's card when it is the only one they may play."""
        self.config = config
        self.supply = supply
        self.results: list[BoardResult] = list(results)
        # a file deal at 20-20 is recorded once and skipped; a generated board's
        # redeals are recorded before the deal that is played
        if supply.file_deals is not None:
            self.index = len(self.results)
        else:
            self.index = sum(1 for r in self.results if not r.redeal)
        self._own_pool = background and executor is None
        self._pool: Executor | None = executor if background else None
        self.play_forced = play_forced
        self.deal: Deal | None = None
        self.found: Declaration | None = None
        self.redeal = 0
        self.contract: MiniContract | None = None
        self.state: PlayState | None = None
        self._closed: Future[tuple[RoomResult, dict[Strain, int]]] | None = None
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
        if self._own_pool and self._pool is None:
            self._pool = closed_room_executor()
        self._closed = None
        if self._pool is not None:
            # no process for it (BrokenExecutor): the closed room is played after the board
            with contextlib.suppress(BrokenExecutor):
                self._closed = self._pool.submit(closed_room, self.config, deal, found, k)

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

    def forced_card(self) -> Card | None:
        """The person's only legal card, when it is their turn and they have one only."""
        if self.state is None or self.human_turn() is None:
            return None
        legal = self.state.legal()
        return legal[0] if len(legal) == 1 else None

    def waiting_for_person(self) -> bool:
        """Whether the next card is the person's to choose (with ``play_forced``, a
        forced card is not)."""
        if self.human_turn() is None:
            return False
        return not (self.play_forced and self.forced_card() is not None)

    def step(self) -> Move | None:
        """Play the next card the person does not choose; ``None`` when it is the
        person's choice or the deal is over."""
        state, contract, found = self._playing()
        if state.is_over or self.waiting_for_person():
            return None
        seat = state.to_play
        forced = self.forced_card()
        if forced is not None:
            self.state = state.play(forced)
            return Move(seat, forced, forced=True)
        card = next_card(state, contract, found, self._players[state.controller(seat)])
        self.state = state.play(card)
        return Move(seat, card)

    def advance(self) -> list[tuple[Seat, Card]]:
        """Let the computer play until it is the person's turn or the deal is over."""
        made: list[tuple[Seat, Card]] = []
        while (move := self.step()) is not None:
            made.append((move.seat, move.card))
        return made

    # ------------------------------------------------------------ help

    def declaring_help(self) -> DeclaringHelp:
        """Who declares this board and why (:mod:`bridgedesk.practice.advice`)."""
        if self.found is None:
            raise PracticeError("no board in play")
        return declaring_help(self.found, HUMAN)

    def contract_help(self) -> ContractHelp:
        """The contracts to choose from, with targets, scores and the rules of thumb."""
        if self.deal is None:
            raise PracticeError("no board in play")
        declarer = self.declarer
        return contract_help(self.deal.hand(declarer).cards, self.deal.hand(declarer.partner).cards)

    def hint(self) -> Hint:
        """The card the computer would play for the person now, and why (it sees only
        what the person sees)."""
        state, contract, found = self._playing()
        if self.human_turn() is None:
            raise PracticeError("it is not your turn")
        assert self.deal is not None
        rng = self.config.rng("hint", self.deal.board, self.redeal, len(state.played))
        return hint(play_view(state, contract, found, double_dummy=False), rng)

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
        closed = None
        if self._closed is not None:
            try:
                closed, tricks = self._closed.result()
                dd.remember_deal_tricks(dd.hands_of(self.deal), self.declarer, tricks)
            except BrokenExecutor:
                # the closed room's process could not start or died: play the room here
                closed = None
        if closed is None:
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

    @property
    def closed_room_ready(self) -> bool:
        """Whether finishing the board would not wait for the closed room."""
        return self._closed is None or self._closed.done()

    def review(self, result: BoardResult | None = None) -> BoardReview:
        """The review of ``result`` (the last board played by default)."""
        played = [r for r in self.results if not r.redeal]
        if result is None:
            if not played:
                raise PracticeError("no board has been played yet")
            result = played[-1]
        declarer = result.declaration.declarer
        if declarer is None:
            raise PracticeError("a redealt board has no play to review")
        return board_review(result, dd.deal_tricks(dd.hands_of(result.deal), declarer))

    def close(self) -> None:
        """End the game: its own closed rooms' process stopped; on a pool shared with
        other games (the web's), its closed room still waiting for the process is taken
        off the queue, so that the next games' closed rooms do not wait behind one no one
        will see (one already being played finishes: stopping the shared process would
        stop another game's)."""
        if self._closed is not None:
            self._closed.cancel()
        if self._pool is not None and self._own_pool:
            self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = [
    "CLOSED_ROOM_NICENESS",
    "HUMAN",
    "ClosedRooms",
    "Move",
    "PracticeGame",
    "closed_room",
    "closed_room_executor",
]
