"""``bridgedesk practice``: MiniBridge against the computer, with a closed room (002:12-57).

``bridgedesk practice`` plays a session in the terminal: you sit South (and
play North too when North-South declare); the computer plays the other seats
and the whole closed room; after each board you see both results, the IMPs
and the double-dummy par.  ``bridgedesk practice auto`` lets the computer
play every seat of both rooms and prints the boards (``--json``: one JSON
object).
"""

from __future__ import annotations

import json
import re
import secrets
import time
import unicodedata
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from bridgedesk import limits as limit
from bridgedesk.bridge import SEATS, Seat, Side, Strain
from bridgedesk.cli import practice_screen as screen
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import JsonOption
from bridgedesk.deals.cards import SUITS, Card
from bridgedesk.errors import BridgedeskError, PracticeError
from bridgedesk.formats import dealfile, practice_json
from bridgedesk.formats.practice_json import boards_json
from bridgedesk.i18n import LANGS
from bridgedesk.practice import explain
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.game import PracticeGame
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.players import levels
from bridgedesk.practice.rules import Rules
from bridgedesk.practice.session import DealSupply, SessionConfig, auto_session, running_total
from bridgedesk.practice.words import Words

app = typer.Typer(
    help="Practice MiniBridge against the computer, with a closed room and IMPs (002:12-57).",
    invoke_without_command=True,
)

DealsOpt = Annotated[
    Path | None, typer.Option("--deals", help="Deal file (.hnd or .pbn): boards in file order.")
]
BoardsOpt = Annotated[
    int | None,
    typer.Option(
        "--boards",
        min=1,
        max=limit.PRACTICE_BOARDS,
        help="Number of boards (default 8, or the file's).",
    ),
]
LevelOpt = Annotated[str, typer.Option("--level", help="Computer players: club or expert.")]
RulesOpt = Annotated[str, typer.Option("--rules", help="minibridge (halfbridge is not available).")]

_CONTRACT = re.compile(r"^\s*(NT|N|S|H|D|C)\s*(G|GAME|P|PART|PS|PARTSCORE|PART\s*SCORE)\s*$", re.I)
_DEFAULT_SAVE = Path("bridgedesk-practice.json")


def parse_contract(text: str) -> Any:
    """``S game``, ``NT part``, ``HG``, ``CP``: a strain and game or part score; the
    strains and kinds may also be written as the table shows them (``♠ game``,
    ``スペード ゲーム``, ``ノートランプ パートスコア``)."""

    m = _CONTRACT.match(_as_letters(text))
    if m is None:
        raise PracticeError(
            "cannot read the contract {text!r}: write a strain (S H D C NT) then "
            "game or part, e.g. 'S game' or 'NT part'",
            code="practice.contract",
            text=text,
        )
    return MiniContract(Strain.parse(m.group(1)), m.group(2).upper().startswith("G"))


#: Short words for a part score that the table's words do not cover.
_SHORT = (("パート", "P"), ("ダイヤ", "D"))


def _spellings(w: Words) -> list[tuple[str, str]]:
    """A contract's words as the table shows them in ``w``'s language, and the letters
    they stand for ("part score" is replaced before "part" is read)."""
    return [
        (w.kind(False), "P"),
        (w.kind(True), "G"),
        (w.strain(Strain.NT), "NT"),
        *((w.suit(suit), suit.value) for suit in SUITS),
    ]


def _as_letters(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)  # full-width letters typed in Japanese
    for lang in LANGS:
        for word, letters in _spellings(Words(lang)):
            text = re.sub(re.escape(word), f" {letters} ", text, flags=re.IGNORECASE)
    for word, letters in _SHORT:
        text = text.replace(word, f" {letters} ")
    for suit in SUITS:
        text = text.replace(suit.symbol, f" {suit.value} ")
    return " ".join(text.split())


def _session(
    deals: Path | None, boards: int | None, seed: int | None, level: str, rules: str
) -> tuple[Any, Any, tuple[Any, ...] | None]:
    rule_set = Rules.parse(rules)
    rule_set.check()
    if level not in levels():
        raise PracticeError(
            "unknown level {level!r}: expected {levels}",
            code="practice.unknown-level-choose",
            level=level,
            levels=" or ".join(levels()),
        )
    file_deals = None
    if deals is not None:
        file_deals = tuple(r.deal for r in dealfile.load(deals))
        if not file_deals:
            raise PracticeError(
                "{deals}: the file holds no boards", code="practice.no-boards", deals=deals
            )
    count = boards if boards is not None else (len(file_deals) if file_deals else 8)
    config = SessionConfig(
        seed=seed if seed is not None else secrets.randbelow(10**9),
        level=level,
        rules=rule_set,
        boards=count,
        source=None if deals is None else deals.name,
    )
    return config, DealSupply(config, file_deals), file_deals


# ------------------------------------------------------------------ auto


@app.command("auto")
def auto(
    seed: Annotated[
        int,
        typer.Option(
            "--seed", min=0, max=limit.SEED, help="Session seed: the same seed plays the same."
        ),
    ],
    deals: DealsOpt = None,
    boards: BoardsOpt = None,
    level: LevelOpt = "club",
    rules: RulesOpt = "minibridge",
    as_json: JsonOption = False,
    show_play: Annotated[
        bool, typer.Option("--show-play", help="Print both rooms' play trick by trick.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """The computer plays every seat of both rooms; prints each board and the IMPs."""

    config, supply, _ = _session(deals, boards, seed, level, rules)
    w = Words(chosen(lang))
    results = []
    for result in auto_session(config, supply):
        results.append(result)
        if not as_json:
            typer.echo(_board_line(w, result, running_total(results)[-1]))
            if show_play and not result.redeal:
                typer.echo(_play_text(w, result))
    if as_json:
        typer.echo(json.dumps(boards_json(results), ensure_ascii=False))
    else:
        totals = running_total(results)
        total = f"{totals[-1] if totals else 0:+d}"
        typer.echo(w._("total: {total} IMPs to the open room's North-South").format(total=total))


def _board_line(w: Words, result: Any, total: int) -> str:
    """One board of ``practice auto`` in ``w``'s language (seats and contracts as letters)."""
    d = result.deal
    head = w._("board {board} dealer {dealer}").format(board=f"{d.board:>2}", dealer=d.dealer)
    hcp = " ".join(f"{a.seat}{a.hcp}" for a in result.declaration.announcements)
    if result.redeal:
        return f"{head} " + w._("HCP {hcp}: 20-20, dealt again").format(hcp=hcp)
    o, c = result.open, result.closed
    par = result.par
    par_text = (
        ""
        if par is None
        else "  "
        + w._("par {contract} {tricks} ({score})").format(
            contract=_said(w, par.contract), tricks=par.tricks, score=f"{par.score_ns:+d}"
        )
    )
    line = w._(
        "HCP {hcp}  declarer {declarer}  open {open} {open_tricks} tricks {open_score}  "
        "closed {closed} {closed_tricks} tricks {closed_score}  {imps} IMPs (total {total})"
    ).format(
        hcp=hcp,
        declarer=result.declaration.declarer,
        open=_said(w, o.contract),
        open_tricks=o.tricks,
        open_score=f"{o.score_ns:+d}",
        closed=_said(w, c.contract),
        closed_tricks=c.tricks,
        closed_score=f"{c.score_ns:+d}",
        imps=f"{result.imps_ns:+d}",
        total=f"{total:+d}",
    )
    return f"{head} {line}{par_text}"


def _said(w: Words, contract: MiniContract) -> str:
    """A contract as the game's screens say it (``♥ game``, ``ハート ゲーム``)."""
    return w.contract(contract.strain, contract.game)


def _play_text(w: Words, result: Any) -> str:
    lines: list[str] = []
    rooms = (
        (w._("open room: {contract} by {declarer}"), result.open),
        (w._("closed room: {contract} by {declarer}"), result.closed),
    )
    for said, room in rooms:
        declarer = result.declaration.declarer
        lines.append("  " + said.format(contract=_said(w, room.contract), declarer=declarer))
        state = PlayState.replay(result.deal, declarer, room.contract.strain, room.play)
        for i, trick in enumerate(state.tricks, 1):
            cards = "  ".join(f"{s}:{c}" for s, c in trick.plays())
            won = w._("won by {seat}").format(seat=trick.winner(state.trump))
            lines.append(f"    {i:>2}. {cards}   {won}")
    return "\n".join(lines)


# ------------------------------------------------------------------ interactive


@app.callback()
def practice(
    ctx: typer.Context,
    deals: DealsOpt = None,
    boards: BoardsOpt = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=limit.SEED, help="Session seed (random if not given)."),
    ] = None,
    level: LevelOpt = "club",
    rules: RulesOpt = "minibridge",
    save: Annotated[
        Path, typer.Option("--save", help="Session file, written after every card.")
    ] = _DEFAULT_SAVE,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Go on with a saved session file.")
    ] = None,
    lang: LangOption = None,
    advice: Annotated[
        bool,
        typer.Option(
            "--advice/--no-advice",
            help="Help at the two decisions (who declares, which contract); '?' switches it.",
        ),
    ] = True,
    pause: Annotated[
        float,
        typer.Option(
            "--pause", min=0.0, max=5.0, help="Seconds each computer card stays before the next."
        ),
    ] = 0.6,
) -> None:
    """Play MiniBridge at South in the terminal (North too when North-South declare)."""
    if ctx.invoked_subcommand is not None:
        return
    words = Words(chosen(lang))

    current = None
    if resume is not None:
        saved = practice_json.load(resume)
        config = saved.config
        supply = DealSupply(config, saved.deals)
        file_deals = saved.deals
        results = saved.results
        current = saved.current
        save = resume
    else:
        if save.exists():
            raise PracticeError(
                "the session file {save} exists: go on with it with --resume {save}, or "
                "give another file with --save",
                code="practice.session-exists",
                save=save,
            )
        config, supply, file_deals = _session(deals, boards, seed, level, rules)
        results = ()
    game = PracticeGame(config, supply, results, play_forced=True)
    try:
        _TerminalPlay(game, save, file_deals, words, advice, pause).run(current)
    finally:
        game.close()


class _QuitError(Exception):
    pass


#: Events kept on the screen under the table (cards played, tricks won).
_EVENTS = 8


class _TerminalPlay:
    """The terminal loop: the table redrawn in place after every card."""

    def __init__(
        self, game: Any, save: Path, file_deals: Any, words: Words, advice: bool, pause: float
    ) -> None:
        self.game = game
        self.save_path = save
        self.file_deals = file_deals
        self.w = words
        self.advice = advice
        self.pause = pause
        self.console = Console(highlight=False)
        self.events: list[Text] = []
        self.note: Text | None = None  # a hint or a refusal, shown until the next card

    # -------------------------------------------------------------- saving

    def save(self) -> None:
        g = self.game
        current = None
        if g.deal is not None:
            current = practice_json.InProgress(
                g.index, g.redeal, g.contract, () if g.state is None else g.state.played
            )
        practice_json.dump(
            practice_json.SavedSession(g.config, tuple(g.results), self.file_deals, current),
            self.save_path,
        )

    # -------------------------------------------------------------- the loop

    def ask(self, prompt: str) -> str:
        try:
            return unicodedata.normalize("NFKC", self.console.input(prompt)).strip()
        except EOFError:
            raise _QuitError from None

    def run(self, current: Any) -> None:
        g = self.game
        try:
            if current is not None:
                g.start_board(redeal=current.redeal)
                g.replay(current.contract, current.play)
                self.play_board()
            while g.start_board():
                self.play_board()
        except _QuitError:
            self.save()
            self.console.print(
                Text(
                    self.w._("Saved; go on later with: bridgedesk practice --resume {path}").format(
                        path=self.save_path
                    )
                )
            )
            return
        self.save()
        totals = running_total(g.results)
        over = self.w._("Session over: {total:+d} IMPs").format(total=totals[-1] if totals else 0)
        self.console.print(Text(over, style="bold"))

    # -------------------------------------------------------------- drawing

    def header(self) -> Text:
        g, w = self.game, self.w
        deal, found = g.deal, g.found
        out = Text()
        out.append(
            w._("Board {board} of {boards}").format(board=deal.board, boards=g.config.boards),
            style="bold",
        )
        out.append("   " + w._("Dealer") + " " + w.seat(deal.dealer))
        out.append("   " + w._("Announcements") + ": ")
        out.append(", ".join(f"{w.seat(a.seat)} {a.hcp}" for a in found.announcements))
        out.append("\n" + w._("Declarer") + ": ")
        out.append(w.seat(g.declarer), style="bold")
        if g.contract is not None:
            out.append("   " + w._("Contract") + ": ")
            out.append(explain.contract_text(w, g.contract), style="bold")
            out.append(" (" + w._("tricks needed") + f" {g.contract.tricks_needed})")
        if g.state is not None:
            tricks = w._("Tricks: North-South {ns}, East-West {ew}")
            ns, ew = g.state.tricks_won(Side.NS), g.state.tricks_won(Side.EW)
            out.append("\n" + tricks.format(ns=ns, ew=ew))
        return out

    def hands(self) -> tuple[dict[Seat, Any], dict[Seat, str]]:
        g, w = self.game, self.w
        dummy = g.declarer.partner
        state = g.state
        shown = {Seat.S, dummy} | ({Seat.N} if g.human_declares else set())
        hands: dict[Seat, Any] = {}
        titles: dict[Seat, str] = {}
        for seat in SEATS:
            visible = seat in shown and (seat is not dummy or g.contract is not None or
                                         g.human_declares)  # fmt: skip
            if visible:
                hands[seat] = g.deal.hand(seat).cards if state is None else state.remaining(seat)
            else:
                hands[seat] = None
            title = w.seat(seat)
            if seat is g.declarer:
                title += " (" + w._("declarer") + ")"
            elif seat is dummy:
                title += " (" + w._("dummy") + ")"
            if seat is Seat.S:
                title += " - " + w._("you")
            titles[seat] = title
        return hands, titles

    def advice_lines(self) -> list[str]:
        g, w = self.game, self.w
        state = g.state
        if g.contract is None:
            return explain.declaring_lines(w, g.declaring_help())
        if state is not None and len(state.played) < 4:
            lines = explain.declaring_lines(w, g.declaring_help())
            if not g.human_declares:
                lines.append(explain.named_line(w, g.declarer, g.contract))
            return lines
        return [explain.target_line(w, g.declarer, g.contract, state)]

    def draw(self, prompt_help: list[Any] | None = None) -> None:
        """Clear the screen and draw the board as it stands."""
        g, w, c = self.game, self.w, self.console
        state = g.state
        turn = g.human_turn()
        playable = set(state.legal()) if state is not None and turn is not None else set()
        hands, titles = self.hands()
        c.clear()
        c.print(self.header())
        c.print(screen.table_view(w, state, hands, titles, playable, turn, w._("This trick")))
        for event in self.events[-_EVENTS:]:
            c.print(event)
        if self.advice:
            c.print(screen.help_panel(w, self.advice_lines()))
            for extra in prompt_help or ():
                c.print(extra)
        if self.note:
            c.print(self.note)

    def event(self, text: str, style: str = "") -> None:
        self.events.append(Text(text, style=style))

    # -------------------------------------------------------------- a board

    def play_board(self) -> None:
        g, w = self.game, self.w
        self.events = []
        self.note = None
        if g.needs_contract:
            self.name_contract()
        self.save()
        self.computer_cards()
        while not g.board_over:
            self.person_card()
            self.computer_cards()
            self.save()
        if not g.closed_room_ready:
            with self.console.status(w._("Waiting for the closed room…")):
                result = g.finish_board()
        else:
            result = g.finish_board()
        self.save()
        self.show_review(result)

    def name_contract(self) -> None:
        g, w = self.game, self.w
        while g.contract is None:
            extra: list[Any] = []
            if self.advice:
                help = g.contract_help()
                lines = explain.contract_lines(w, help)
                extra = [screen.contract_table(w, help), *(Text(line) for line in lines)]
            self.draw(extra)
            text = self.ask(w._("Your contract (e.g. S game, NT part; ? help, q quit): "))
            if text.lower() == "q":
                raise _QuitError
            if text == "?":
                self.advice = not self.advice
                continue
            try:
                g.set_contract(parse_contract(text))
                self.note = None
            except BridgedeskError as exc:
                self.note = Text(str(exc), style="red")

    def person_card(self) -> None:
        g, w = self.game, self.w
        seat = g.human_turn()
        legal = g.state.legal()
        self.draw()
        numbered = "  ".join(f"{i}:{Words.card(card)}" for i, card in enumerate(legal, 1))
        self.console.print(Text(w._("playable") + ": " + numbered))
        text = self.ask(
            w._("{seat} to play: a card or 1-{count} (h hint, ? help, q quit): ").format(
                seat=w.seat(seat), count=len(legal)
            )
        )
        lowered = text.lower()
        if lowered == "q":
            raise _QuitError
        if lowered == "?":
            self.advice = not self.advice
            return
        if lowered == "h":
            with self.console.status(w._("The computer is thinking…")):
                self.note = Text(explain.hint_line(w, g.hint()), style="bold")
            return
        if not text:
            self.note = Text(
                w._("Type a card such as SA, H7 or D10 (or ♠A), or its number in the list."),
                style="red",
            )
            return
        try:
            if text.isascii() and text.isdigit() and 1 <= int(text) <= len(legal):
                card = legal[int(text) - 1]
            else:
                card = Card.parse(text)
            g.play(card)
        except BridgedeskError as exc:
            self.note = Text(str(exc), style="red")
            return
        self.note = None
        self.event(w._("{seat} plays {card}").format(seat=w.seat(seat), card=Words.card(card)))
        self.trick_end()

    def computer_cards(self) -> None:
        """The computer's cards and the person's forced ones, each shown for a moment."""
        g, w = self.game, self.w
        while True:
            thinking = g.state is not None and not g.board_over and g.human_turn() is None
            if thinking:
                with self.console.status(w._("The computer is thinking…")):
                    move = g.step()
            else:
                move = g.step()
            if move is None:
                return
            seat, card = w.seat(move.seat), Words.card(move.card)
            if move.forced:
                self.event(
                    w._("{seat} played {card} by itself: the only card it could play.").format(
                        seat=seat, card=card
                    ),
                    style="bold yellow",
                )
            else:
                self.event(w._("{seat} plays {card}").format(seat=seat, card=card))
            self.draw()
            time.sleep(self.pause * (2 if move.forced else 1))
            self.trick_end()

    def trick_end(self) -> None:
        """After a trick's fourth card: say who won it, and leave it on the table a moment."""
        state = self.game.state
        if state is None or state.current.cards or not state.tricks:
            return
        last = state.tricks[-1]
        self.event(
            self.w._("Trick {number} won by {seat}").format(number=len(state.tricks),
                       seat=self.w.seat(last.winner(state.trump))),
            style="dim",
        )  # fmt: skip
        self.draw()
        time.sleep(self.pause)

    def show_review(self, result: Any) -> None:
        g, w, c = self.game, self.w, self.console
        review = g.review(result)
        c.clear()
        c.print(screen.review_view(w, review))
        total = running_total(g.results)[-1]
        c.print(Text(w._("Session total: {total:+d} IMPs").format(total=total), style="bold"))
        cfg = g.config
        head = w._("MiniBridge, boards: {boards}, level {level}, seed {seed}; session file {path}")
        c.print(
            Text(
                head.format(
                    boards=cfg.boards, level=w.level(cfg.level), seed=cfg.seed, path=self.save_path
                ),
                style="dim",
            )
        )
        text = self.ask(w._("Enter: next board, p: play of both rooms, q: save and quit: "))
        if text.lower() == "p":
            c.print(screen.play_view(w, review))
            text = self.ask(w._("Enter: next board, q: save and quit: "))
        if text.lower() == "q" and not g.finished:
            raise _QuitError


__all__ = ["app", "parse_contract"]
