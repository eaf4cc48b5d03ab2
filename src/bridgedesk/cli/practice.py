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
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgedesk import limits as limit
from bridgedesk.bridge import Seat, Strain
from bridgedesk.cli._options import JsonOption
from bridgedesk.deals.cards import SUITS, Card
from bridgedesk.errors import BridgedeskError, PracticeError
from bridgedesk.formats import dealfile, practice_json
from bridgedesk.formats.practice_json import boards_json
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.game import PracticeGame
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.players import levels
from bridgedesk.practice.rules import Rules
from bridgedesk.practice.session import DealSupply, SessionConfig, auto_session, running_total

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
    """``S game``, ``NT part``, ``HG``, ``CP``: a strain and game or part score."""

    m = _CONTRACT.match(text)
    if m is None:
        raise PracticeError(
            f"cannot read the contract {text!r}: write a strain (S H D C NT) then game or part, "
            "e.g. 'S game' or 'NT part'"
        )
    return MiniContract(Strain.parse(m.group(1)), m.group(2).upper().startswith("G"))


def _session(
    deals: Path | None, boards: int | None, seed: int | None, level: str, rules: str
) -> tuple[Any, Any, tuple[Any, ...] | None]:
    rule_set = Rules.parse(rules)
    rule_set.check()
    if level not in levels():
        raise PracticeError(f"unknown level {level!r}: expected {' or '.join(levels())}")
    file_deals = None
    if deals is not None:
        file_deals = tuple(r.deal for r in dealfile.load(deals))
        if not file_deals:
            raise PracticeError(f"{deals}: the file holds no boards")
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
) -> None:
    """The computer plays every seat of both rooms; prints each board and the IMPs."""

    config, supply, _ = _session(deals, boards, seed, level, rules)
    results = []
    for result in auto_session(config, supply):
        results.append(result)
        if not as_json:
            typer.echo(_board_line(result, running_total(results)[-1]))
            if show_play and not result.redeal:
                typer.echo(_play_text(result))
    if as_json:
        typer.echo(json.dumps(boards_json(results), ensure_ascii=False))
    else:
        totals = running_total(results)
        typer.echo(f"total: {totals[-1] if totals else 0:+d} IMPs to the open room's North-South")


def _board_line(result: Any, total: int) -> str:
    d = result.deal
    head = f"board {d.board:>2} dealer {d.dealer} "
    hcp = " ".join(f"{a.seat}{a.hcp}" for a in result.declaration.announcements)
    if result.redeal:
        return f"{head}HCP {hcp}: 20-20, dealt again"
    o, c = result.open, result.closed
    par = result.par
    par_text = "" if par is None else f"  par {par.contract} {par.tricks} ({par.score_ns:+d})"
    return (
        f"{head}HCP {hcp}  declarer {result.declaration.declarer}  "
        f"open {o.contract} {o.tricks} tricks {o.score_ns:+d}  "
        f"closed {c.contract} {c.tricks} tricks {c.score_ns:+d}  "
        f"{result.imps_ns:+d} IMPs (total {total:+d}){par_text}"
    )


def _play_text(result: Any) -> str:
    lines: list[str] = []
    for name, room in (("open", result.open), ("closed", result.closed)):
        lines.append(f"  {name} room: {room.contract} by {result.declaration.declarer}")
        state = PlayState.replay(
            result.deal, result.declaration.declarer, room.contract.strain, room.play
        )
        for i, trick in enumerate(state.tricks, 1):
            cards = "  ".join(f"{s}:{c}" for s, c in trick.plays())
            lines.append(f"    {i:>2}. {cards}   won by {trick.winner(state.trump)}")
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
) -> None:
    """Play MiniBridge at South in the terminal (North too when North-South declare)."""
    if ctx.invoked_subcommand is not None:
        return

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
                f"the session file {save} exists: go on with it with --resume {save}, "
                "or give another file with --save"
            )
        config, supply, file_deals = _session(deals, boards, seed, level, rules)
        results = ()
    game = PracticeGame(config, supply, results)
    try:
        _TerminalPlay(game, save, file_deals).run(current)
    finally:
        game.close()


class _QuitError(Exception):
    pass


class _TerminalPlay:
    def __init__(self, game: Any, save: Path, file_deals: Any) -> None:
        self.game = game
        self.save_path = save
        self.file_deals = file_deals
        self.console = Console(highlight=False)

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
            return self.console.input(prompt).strip()
        except EOFError:
            raise _QuitError from None

    def run(self, current: Any) -> None:
        g = self.game
        c = self.console
        c.print(
            f"[bold]bridgedesk practice[/]  MiniBridge, {g.config.boards} boards, level "
            f"{g.config.level}, seed {g.config.seed}; session file {self.save_path}"
        )
        try:
            if current is not None:
                g.start_board(redeal=current.redeal)
                g.replay(current.contract, current.play)
                self.play_board(resumed=True)
            while g.start_board():
                self.play_board()
        except _QuitError:
            self.save()
            c.print(f"saved; go on later with: bridgedesk practice --resume {self.save_path}")
            return
        self.save()

        totals = running_total(g.results)
        c.print(f"[bold]Session over[/]: {totals[-1] if totals else 0:+d} IMPs")

    def play_board(self, resumed: bool = False) -> None:
        g = self.game
        c = self.console
        deal, found = g.deal, g.found
        c.rule(f"Board {deal.board}")
        c.print(
            f"dealer {deal.dealer.english}, announcements: "
            + ", ".join(f"{a.seat.english} {a.hcp}" for a in found.announcements)
        )
        c.print(f"declarer [bold]{g.declarer.english}[/], dummy {g.declarer.partner.english}")
        if g.needs_contract:
            self.show_hands(contract_time=True)
            while g.contract is None:
                text = self.ask("Your contract (e.g. S game, NT part; q to save and quit): ")
                if text.lower() == "q":
                    raise _QuitError
                try:
                    g.set_contract(parse_contract(text))
                except BridgedeskError as exc:
                    c.print(f"[red]{exc}[/]")
        c.print(f"contract: [bold]{g.contract}[/] ({g.contract.tricks_needed} tricks needed)")
        self.save()
        self.report(g.advance())
        while not g.board_over:
            seat = g.human_turn()
            self.show_hands()
            legal = g.state.legal()
            numbered = "  ".join(f"{i}:{card}" for i, card in enumerate(legal, 1))
            c.print(f"playable: {numbered}")
            text = self.ask(
                f"{seat.english} to play (card such as SA, or 1-{len(legal)}; q quits): "
            )
            if text.lower() == "q":
                raise _QuitError
            try:
                card = (
                    legal[int(text) - 1]
                    if (text.isascii() and text.isdigit()) and 1 <= int(text) <= len(legal)
                    else Card.parse(text)
                )
                g.play(card)
            except BridgedeskError as exc:
                c.print(f"[red]{exc}[/]")
                continue
            c.print(f"{seat.english} plays {card}")
            self.report(g.advance())
            self.save()
        c.print("waiting for the closed room..." if not resumed else "")
        result = g.finish_board()
        self.save()
        self.show_result(result)
        text = self.ask("Enter: next board, p: play of both rooms, q: save and quit: ")
        if text.lower() == "p":
            c.print(_play_text(result))
            text = self.ask("Enter: next board, q: save and quit: ")
        if text.lower() == "q" and not g.finished:
            raise _QuitError

    def report(self, plays: list[tuple[Seat, Card]]) -> None:
        g = self.game
        for seat, card in plays:
            self.console.print(f"{seat.english} plays {card}")
        state = g.state
        if state is not None and state.tricks and not state.current.cards and plays:
            last = state.tricks[-1]
            self.console.print(
                f"trick {len(state.tricks)} won by {last.winner(state.trump).english}"
            )

    def show_hands(self, contract_time: bool = False) -> None:
        g = self.game
        state = g.state
        legal = set() if state is None or contract_time else set(state.legal())
        to_play = None if state is None else state.to_play
        table = Table(show_header=True, box=None, pad_edge=False)
        shown = [Seat.N, Seat.S] if g.human_declares else [g.declarer.partner, Seat.S]
        for seat in shown:
            label = seat.english + (" (dummy)" if seat is g.declarer.partner else "")
            table.add_column(label)
        rows: list[list[Text]] = [[] for _ in SUITS]
        for seat in shown:
            cards = g.deal.hand(seat).cards if state is None else state.remaining(seat)
            for i, suit in enumerate(SUITS):
                line = Text(f"{suit.symbol} ")
                for card in sorted((x for x in cards if x.suit is suit), reverse=True):
                    playable = seat is to_play and card in legal
                    line.append(card.rank_char, style="bold reverse green" if playable else "")
                    line.append(" ")
                rows[i].append(line)
        for row in rows:
            table.add_row(*row)
        self.console.print(table)
        if state is not None:
            if state.tricks:
                last = state.tricks[-1]
                self.console.print(
                    "last trick: "
                    + " ".join(f"{s}:{c}" for s, c in last.plays())
                    + f" (won by {last.winner(state.trump)})"
                )
            trick = " ".join(f"{s}:{c}" for s, c in state.current.plays()) or "-"
            ns = state.tricks_won(Seat.N.side)
            self.console.print(
                f"this trick: {trick}    tricks NS {ns}  EW {len(state.tricks) - ns}"
            )

    def show_result(self, result: Any) -> None:
        o, cl, par = result.open, result.closed, result.par
        c = self.console
        c.print(
            f"[bold]Your room[/]: {o.contract} by {result.declaration.declarer}, "
            f"{o.tricks} tricks, NS {o.score_ns:+d}"
        )
        c.print(
            f"Closed room: {cl.contract} by {result.declaration.declarer}, "
            f"{cl.tricks} tricks, NS {cl.score_ns:+d}"
        )
        total = running_total(self.game.results)[-1]
        c.print(f"IMPs: [bold]{result.imps_ns:+d}[/]   session total {total:+d}")
        if par is not None:
            c.print(f"double-dummy par: {par.contract} {par.tricks} tricks, NS {par.score_ns:+d}")


__all__ = ["app", "parse_contract"]
