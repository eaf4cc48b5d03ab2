"""Session files: written, read back, checked by replaying the play; resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgedesk.errors import FormatError
from bridgedesk.formats import practice_json
from bridgedesk.practice.game import PracticeGame
from bridgedesk.practice.session import DealSupply, SessionConfig, auto_session, running_total


def _session() -> tuple[SessionConfig, list[object]]:
    config = SessionConfig(seed=21, level="expert", boards=2)
    return config, list(auto_session(config, DealSupply(config)))


def test_round_trip_and_replay_check(tmp_path: Path) -> None:
    config, results = _session()
    saved = practice_json.SavedSession(config, tuple(results))  # type: ignore[arg-type]
    path = tmp_path / "s.json"
    practice_json.dump(saved, path)
    again = practice_json.load(path)
    assert again.config == config
    assert again.results == saved.results
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["total_imps"] == running_total(again.results)[-1]
    # a tampered play is refused with the place named
    board = next(b for b in data["results"] if not b["redeal"])
    play = board["rooms"]["closed"]["play"]
    play[0], play[1] = play[1], play[0]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FormatError, match="closed room"):
        practice_json.load(path)


def test_not_a_session_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(FormatError, match="not a bridgedesk practice session"):
        practice_json.load(path)
    with pytest.raises(FormatError, match="no such session file"):
        practice_json.load(tmp_path / "missing.json")


def test_a_game_resumes_mid_board_and_matches_the_computer() -> None:
    """A game whose person plays like the expert gives the expert's own result."""
    from bridgedesk.bridge import Seat
    from bridgedesk.practice.expert import ExpertPlayer
    from bridgedesk.practice.room import name_contract, next_card

    config = SessionConfig(seed=21, level="expert", boards=1)
    game = PracticeGame(config, DealSupply(config), background=False)
    game.start_board()
    me = ExpertPlayer()
    assert game.deal is not None and game.found is not None
    if game.needs_contract:
        game.set_contract(name_contract(game.deal, game.found, me))
    game.advance()
    played = 0
    while not game.board_over:
        assert game.state is not None and game.contract is not None
        seat = game.human_turn()
        assert seat in (Seat.N, Seat.S)
        game.play(next_card(game.state, game.contract, game.found, me))
        game.advance()
        played += 1
    result = game.finish_board()
    game.close()
    assert result.open == result.closed  # the same double-dummy play in both rooms
    assert result.imps_ns == 0 and game.finished
    assert played >= 13


def test_a_file_session_ending_in_a_20_20_deal_just_ends() -> None:
    import random

    from bridgedesk.bridge import Seat
    from bridgedesk.deals.generate import random_deal

    rng = random.Random(0)
    while True:
        flat = random_deal(1, rng)
        if flat.hcp()[Seat.N] + flat.hcp()[Seat.S] == 20:
            break
    config = SessionConfig(seed=1, level="expert", boards=1, source="flat.pbn")
    game = PracticeGame(config, DealSupply(config, [flat]), background=False)
    assert game.start_board() is False
    assert game.finished and len(game.results) == 1 and game.results[0].redeal
    assert game.results[0].imps_ns == 0
