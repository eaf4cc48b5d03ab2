"""A whole deal played in the terminal through tmux (send-keys), with a save and a resume."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgedesk.bridge import Side
from bridgedesk.deals.generate import random_deal
from bridgedesk.formats import practice_json
from bridgedesk.practice import declaration

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

BRIDGEDESK = Path(sys.executable).with_name("bridgedesk")


def _seed_where_ns_declare() -> int:
    """A session seed whose board 1 North-South declare (so you name the contract too)."""
    for seed in range(1, 200):
        deal = random_deal(1, random.Random(f"{seed}/deal/1/0"))
        found = declaration(deal)
        if found.declarer is not None and found.declarer.side is Side.NS:
            return seed
    raise AssertionError("no seed found")  # pragma: no cover


class Tmux:
    """One tmux server on its own socket, so no other tmux user (or an earlier
    server of this test still shutting down) can take the session away."""

    def __init__(self, name: str, socket: Path) -> None:
        self.name = name
        self.socket = socket

    def _tmux(self, *args: str) -> list[str]:
        return ["tmux", "-S", str(self.socket), *args]

    def start(self, command: str, cwd: Path) -> None:
        subprocess.run(
            self._tmux("new-session", "-d", "-s", self.name, "-x", "160", "-y", "50",
                       "-c", str(cwd), f"{command}; echo PRACTICE-EXITED-$?; sleep 60"),
            check=True,
        )  # fmt: skip

    def screen(self) -> str:
        out = subprocess.run(
            self._tmux("capture-pane", "-p", "-J", "-S", "-400", "-t", self.name),
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return out.stdout

    def send(self, text: str) -> None:
        subprocess.run(self._tmux("send-keys", "-t", self.name, "-l", text), check=True)
        subprocess.run(self._tmux("send-keys", "-t", self.name, "Enter"), check=True)

    def kill(self) -> None:
        subprocess.run(self._tmux("kill-server"), check=False, capture_output=True)

    def wait_prompt(self, timeout: float = 120) -> tuple[str, str]:
        """The screen and its last line once it ends in a prompt (or the program exited)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            lines = [x.rstrip() for x in screen.splitlines() if x.strip()]
            last = lines[-1] if lines else ""
            if last.endswith(":") or last.startswith("PRACTICE-EXITED"):
                return screen, last
            time.sleep(0.2)
        raise AssertionError("no prompt:\n" + self.screen())


def _answer(tmux: Tmux, screen: str, last: str, cards_played: list[int]) -> bool:
    """Answer one prompt; False once the program has exited."""
    if last.startswith("PRACTICE-EXITED"):
        return False
    if last.startswith("Your contract"):
        tmux.send("NT part")
    elif "to play (" in last:
        playable = re.findall(r"playable: (.*)", screen)[-1]
        options = re.findall(r"(\d+):(\S+)", playable)
        # alternate between typing a card (e.g. SA) and its index
        number, card = options[-1]
        tmux.send(card if len(cards_played) % 2 else number)
        cards_played.append(1)
    elif last.startswith("Enter: next board, p:"):
        tmux.send("p")
    elif last.startswith("Enter: next board"):
        tmux.send("")
    else:  # pragma: no cover - an unexpected prompt
        raise AssertionError(f"unexpected prompt {last!r}")
    time.sleep(0.3)
    return True


def test_a_whole_deal_in_the_terminal(tmp_path: Path) -> None:
    seed = _seed_where_ns_declare()
    save = tmp_path / "session.json"
    tmux = Tmux("practice", tmp_path / "first.sock")
    command = (f"{BRIDGEDESK} practice --boards 1 --seed {seed} --level expert "
               f"--save {save}")  # fmt: skip
    cards: list[int] = []
    try:
        tmux.start(command, tmp_path)
        # play five cards, then save and quit
        while len(cards) < 5:
            screen, last = tmux.wait_prompt()
            assert _answer(tmux, screen, last, cards)
        screen, last = tmux.wait_prompt()
        assert "to play (" in last
        tmux.send("q")
        screen, last = tmux.wait_prompt()
        assert last.startswith("PRACTICE-EXITED-0"), screen
        assert "bridgedesk practice --resume" in screen
        saved = practice_json.load(save)
        assert saved.current is not None and saved.results == ()
        assert saved.current.contract is not None and str(saved.current.contract) == "NT part score"
        tmux.kill()
        # resume (on a fresh server) and play to the end of the session
        tmux = Tmux("resume", tmp_path / "second.sock")
        tmux.start(f"{BRIDGEDESK} practice --resume {save}", tmp_path)
        while True:
            screen, last = tmux.wait_prompt()
            if not _answer(tmux, screen, last, cards):
                break
        assert last.startswith("PRACTICE-EXITED-0"), screen
        assert "Session over" in screen
        assert "IMPs:" in screen and "double-dummy par:" in screen
        assert "open room: NT part score" in screen  # the play of both rooms, on request
    finally:
        tmux.kill()
    saved = practice_json.load(save)
    assert saved.current is None and len(saved.results) == 1
    result = saved.results[0]
    assert result.open is not None and result.closed is not None
    assert len(result.open.play) == 52 and str(result.open.contract) == "NT part score"
    # you played both North and South: 26 cards, typed or chosen by number
    assert len(cards) == 26
