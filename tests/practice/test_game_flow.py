"""A board played step by step: forced cards played for the person, the closed room in
its own process giving what it gives when played after the board, hints, the review."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor

from bridgedesk.bridge import SEATS, Strain
from bridgedesk.deals.dd import solve
from bridgedesk.practice.expert import ExpertPlayer
from bridgedesk.practice.game import ClosedRooms, PracticeGame
from bridgedesk.practice.room import name_contract, next_card
from bridgedesk.practice.session import BoardResult, DealSupply, SessionConfig


def _play(game: PracticeGame) -> tuple[BoardResult, list[bool], int]:
    """Play one board as the expert would; the forced flags of the moves and the hints."""
    me = ExpertPlayer()
    game.start_board()
    assert game.deal is not None and game.found is not None
    if game.needs_contract:
        game.set_contract(name_contract(game.deal, game.found, me))
    forced: list[bool] = []
    hints = 0
    while not game.board_over:
        before = game.state
        move = game.step()
        if move is not None:
            assert before is not None
            if move.forced:  # the person's only legal card, played for them
                assert before.legal() == (move.card,)
                assert game.human_turn() is not None or before.to_play in game.human_seats()
            forced.append(move.forced)
            continue
        assert game.state is not None and game.contract is not None
        assert len(game.state.legal()) > 1 or not game.play_forced  # choices only
        if hints < 2:
            hint = game.hint()
            assert hint.card in game.state.legal()
            hints += 1
        game.play(next_card(game.state, game.contract, game.found, me))
    return game.finish_board(), forced, hints


def test_forced_cards_and_the_closed_room_in_its_own_process() -> None:
    config = SessionConfig(seed=11, level="expert", boards=1)
    here = PracticeGame(config, DealSupply(config), background=False, play_forced=True)
    there = PracticeGame(config, DealSupply(config), background=True, play_forced=True)
    try:
        a, forced_a, hints = _play(here)
        b, forced_b, _ = _play(there)
    finally:
        here.close()
        there.close()
    assert hints == 2
    # the last trick's card at least is played for the person
    assert any(forced_a) and forced_a == forced_b
    # the same closed room and par whichever process played it
    assert a == b and a.closed is not None and a.par is not None
    review = there.review()
    assert review.open.result == a.open and review.closed.result == a.closed
    assert {s: review.hand(s) for s in SEATS} == {s: a.deal.hand(s).cards for s in SEATS}
    # declarer's double-dummy tricks: DDS's whole table, solved independently
    record = solve(a.deal)
    assert record.dd is not None
    declarer = review.declarer
    assert review.dd_tricks == {strain: record.dd[declarer, strain] for strain in Strain}
    assert review.par == a.par and a.par.tricks == review.dd_tricks[a.par.contract.strain]
    assert len(review.open.tricks) == len(review.closed.tricks) == 13


def test_without_play_forced_the_person_plays_every_card() -> None:
    config = SessionConfig(seed=11, level="expert", boards=1)
    game = PracticeGame(config, DealSupply(config), background=False)
    _, forced, _ = _play(game)
    assert forced and not any(forced)


def _refuse_to_start() -> None:
    """An initializer that fails, as a spawned process does when the script that started
    it has no ``__main__`` guard: the pool is broken."""
    raise RuntimeError("this process cannot start")


def test_a_broken_closed_room_pool_is_started_again() -> None:
    """A closed room's process that broke is replaced at the next board; a game whose
    pool breaks for good plays its closed room itself (the same result), never a 500."""
    fork = multiprocessing.get_context("fork")
    made: list[ProcessPoolExecutor] = []

    def broken_then_sound() -> ProcessPoolExecutor:
        pool = ProcessPoolExecutor(
            max_workers=1, mp_context=fork, initializer=None if made else _refuse_to_start
        )
        made.append(pool)
        return pool

    rooms = ClosedRooms(broken_then_sound)
    config = SessionConfig(seed=11, level="expert", boards=2)
    here = PracticeGame(config, DealSupply(config), background=False, play_forced=True)
    there = PracticeGame(config, DealSupply(config), executor=rooms, play_forced=True)
    never = PracticeGame(
        config, DealSupply(config), play_forced=True,
        executor=ClosedRooms(lambda: ProcessPoolExecutor(1, fork, _refuse_to_start)),
    )  # fmt: skip
    try:
        for _ in range(2):
            a, _, _ = _play(here)
            b, _, _ = _play(there)
            c, _, _ = _play(never)
            assert a == b == c and a.closed is not None
    finally:
        for game in (here, there, never):
            game.close()
        rooms.shutdown()
    # the first pool broke (its board's closed room was played after the board), the
    # second started at the next board and played it
    assert len(made) == 2 and rooms.restarts == 1


def test_closing_a_game_stops_its_closed_room_process() -> None:
    """A game closed while its closed room is being played (the person quits in the middle
    of a board) leaves nothing running: the closed room's process is stopped and the
    pool's thread joined, so the program's exit does not wait for a closed room no one
    will see (it waited, at a low priority, tens of seconds under load)."""
    config = SessionConfig(seed=3, level="club", boards=1)
    game = PracticeGame(config, DealSupply(config))
    before = set(multiprocessing.active_children())
    before_threads = set(threading.enumerate())
    game.start_board()  # the closed room goes to a process of its own
    started = set(multiprocessing.active_children()) - before
    pool_threads = set(threading.enumerate()) - before_threads
    assert started and pool_threads and not game.closed_room_ready
    game.close()
    assert not any(process.is_alive() for process in started)
    assert not any(thread.is_alive() for thread in pool_threads)


class _Queue(Executor):
    """A shared pool whose process is busy with another game's closed room: what is
    submitted waits (and is never run here)."""

    def __init__(self) -> None:
        self.waiting: list[Future[object]] = []

    def submit(
        self, fn: Callable[..., object], /, *args: object, **kwargs: object
    ) -> Future[object]:
        found: Future[object] = Future()
        self.waiting.append(found)
        return found


def test_a_game_dropped_from_a_shared_pool_takes_its_closed_room_off_the_queue() -> None:
    """The web's games share one closed-room process: a game dropped (left alone, or
    quit) cancels its closed room still waiting there, so the next games' do not wait
    behind it; the shared pool itself is left running for them."""
    shared = _Queue()
    config = SessionConfig(seed=3, level="club", boards=2)
    game = PracticeGame(config, DealSupply(config), executor=shared)
    other = PracticeGame(config, DealSupply(config), executor=shared)
    game.start_board()
    other.start_board()
    mine, theirs = shared.waiting
    game.close()
    assert mine.cancelled() and not theirs.cancelled()
