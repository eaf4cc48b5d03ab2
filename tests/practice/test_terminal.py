"""Whole deals played in the terminal through tmux (send-keys): help on, a hint, a save
and a resume, the cards played by themselves, the review with all four hands, Japanese."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgedesk.bridge import SEATS, Side
from bridgedesk.deals.cards import SUITS
from bridgedesk.deals.generate import random_deal
from bridgedesk.formats import practice_json
from bridgedesk.practice import declaration

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

BRIDGEDESK = Path(sys.executable).with_name("bridgedesk")


def _seed_where(side: Side) -> int:
    """A session seed whose board 1 ``side`` declares."""
    for seed in range(1, 200):
        deal = random_deal(1, random.Random(f"{seed}/deal/1/0"))
        found = declaration(deal)
        if found.declarer is not None and found.declarer.side is side:
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
            self._tmux("new-session", "-d", "-s", self.name, "-x", "160", "-y", "60",
                       "-c", str(cwd),
                       f"env -u COLUMNS -u LINES {command}; echo PRACTICE-EXITED-$?; sleep 60"),
            check=True,
        )  # fmt: skip
        # keep what a cleared screen scrolls away, to read back the whole game
        subprocess.run(self._tmux("set-option", "-t", self.name, "history-limit", "20000"))
        subprocess.run(self._tmux("set-option", "-g", "scroll-on-clear", "on"), check=False)

    def screen(self, history: int = 0) -> str:
        out = subprocess.run(
            self._tmux("capture-pane", "-p", "-J", "-S", str(-history), "-t", self.name),
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return out.stdout

    def send(self, text: str) -> None:
        if text:
            subprocess.run(self._tmux("send-keys", "-t", self.name, "-l", text), check=True)
        subprocess.run(self._tmux("send-keys", "-t", self.name, "Enter"), check=True)

    def kill(self) -> None:
        subprocess.run(self._tmux("kill-server"), check=False, capture_output=True)

    def wait_for(self, text: str, *, present: bool = True, timeout: float = 120) -> str:
        """The screen once ``text`` is on it (or, ``present=False``, gone from it)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if (text in screen) is present:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} {'never came' if present else 'stayed'}:\n" + screen)

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


def _answer(tmux: Tmux, screen: str, last: str, cards_played: list[str]) -> bool:
    """Answer one prompt; False once the program has exited."""
    if last.startswith("PRACTICE-EXITED"):
        return False
    if last.startswith("Your contract"):
        tmux.send("NT part")
    elif " to play: " in last:
        playable = re.findall(r"playable: (.*)", screen)[-1]
        options = re.findall(r"(\d+):(\S+)", playable)
        # alternate between typing a card (♠A as shown, or SA) and its number
        number, card = options[-1]
        tmux.send(card if len(cards_played) % 2 else number)
        cards_played.append(card)
    elif last.startswith("Enter: next board, p:"):
        tmux.send("p")
    elif last.startswith("Enter: next board"):
        tmux.send("")
    else:  # pragma: no cover - an unexpected prompt
        raise AssertionError(f"unexpected prompt {last!r}")
    time.sleep(0.3)
    return True


def test_a_whole_deal_in_the_terminal_with_help(tmp_path: Path) -> None:
    seed = _seed_where(Side.NS)
    save = tmp_path / "session.json"
    tmux = Tmux("practice", tmp_path / "first.sock")
    command = (f"{BRIDGEDESK} practice --boards 1 --seed {seed} --level expert "
               f"--pause 0.05 --save {save}")  # fmt: skip
    cards: list[str] = []
    try:
        tmux.start(command, tmp_path)
        screen, last = tmux.wait_prompt()
        # help is on: who declares and why, then each contract's target and score
        assert last.startswith("Your contract")
        assert "North-South announced" in screen and "declares: North-South" in screen
        assert "Rule of thumb" in screen and "Made exactly" in screen
        assert _answer(tmux, screen, last, cards) and not cards
        # the four seats round the table: your hand and dummy's by suit
        screen, last = tmux.wait_prompt()
        assert "North" in screen and "East" in screen and "West" in screen
        assert re.search(r"South.*you", screen)
        # a hint: the card the computer would play, and why
        tmux.send("h")
        tmux.wait_for("The computer would play")
        # play five cards, then save and quit
        while len(cards) < 5:
            screen, last = tmux.wait_prompt()
            assert _answer(tmux, screen, last, cards)
        screen, last = tmux.wait_prompt()
        assert " to play: " in last
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
        tmux.start(f"{BRIDGEDESK} practice --resume {save} --pause 0.05", tmp_path)
        while True:
            screen, last = tmux.wait_prompt()
            if last.startswith("Enter: next board, p:"):
                review = screen
            if not _answer(tmux, screen, last, cards):
                break
        everything = tmux.screen(history=20000)
    finally:
        tmux.kill()
    assert last.startswith("PRACTICE-EXITED-0"), screen
    assert "Session over" in screen
    # the last trick's card (and any other single legal card) played by itself
    assert re.search(r"(North|South) played \S+ by itself: the only card it could play", everything)
    saved = practice_json.load(save)
    assert saved.current is None and len(saved.results) == 1
    result = saved.results[0]
    assert result.open is not None and result.closed is not None
    assert len(result.open.play) == 52 and str(result.open.contract) == "NT part score"
    # you played North and South: fewer than 26 cards typed, the forced ones played for you
    assert 13 <= len(cards) < 26
    # the review: all four hands, both rooms, the score and the IMPs explained, par
    assert "Review of board 1" in review and "All four hands" in review
    for seat in SEATS:
        hand = result.deal.hand(seat)
        for suit in SUITS:
            holding = " ".join(
                "10" if r == 10 else "23456789TJQKA"[r - 2] for r in hand.ranks(suit)
            )
            assert holding in review, (seat, suit, holding)
    assert "Your room (open)" in review and "Closed room (computer)" in review
    assert "trick points" in review or "down x 100" in review
    assert "IMP" in review and "Par, the best contract" in review
    assert "With every card seen (double dummy)" in review
    # both rooms' play trick by trick, on request
    assert re.search(r"Your room \(open\): no trumps part score by (North|South)", everything)
    assert re.search(r"Closed room \(computer\): .+ by (North|South)", everything)


def test_the_terminal_speaks_japanese(tmp_path: Path) -> None:
    seed = _seed_where(Side.EW)
    tmux = Tmux("ja", tmp_path / "ja.sock")
    command = (f"{BRIDGEDESK} practice --boards 1 --seed {seed} --level expert --lang ja "
               f"--pause 0 --save {tmp_path / 's.json'}")  # fmt: skip
    try:
        tmux.start(command, tmp_path)
        screen, last = tmux.wait_prompt()
        assert "の番" in last and "ヒント" in last
        assert "ヘルプ" in screen and "イースト・ウエスト" in screen and "ディフェンダー" in screen
        assert "サウス" in screen and "あなた" in screen
        tmux.send("?")  # help off
        tmux.wait_for("ディフェンダー", present=False)
        tmux.send("q")
        screen, last = tmux.wait_prompt()
        assert last.startswith("PRACTICE-EXITED-0") and "保存しました" in screen
    finally:
        tmux.kill()
