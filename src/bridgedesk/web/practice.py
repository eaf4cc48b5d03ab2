"""The ``/practice`` page: MiniBridge at South against the computer, in the browser.

A self-contained FastAPI :class:`~fastapi.APIRouter` for the web app to
include (``app.include_router(router)``); :func:`create_practice_app` makes a
small app of it alone (for tests and for trying the page).  The page is plain
HTML forms, one button per card: click a playable card to play it.  It shows
dummy, your hand(s), the trick in progress and the last trick, and at the end
of a deal your result, the closed room's, the IMPs and the double-dummy par
(002:49-57).  English or Japanese (``?lang=ja``).

Games live in memory (:class:`GameStore`, bounded: the oldest and the idle are
forgotten), one per browser session link;
the rules, the players and the closed room are those of
:mod:`bridgedesk.practice.game`.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, FastAPI, Form, HTTPException, Query
from fastapi.responses import HTMLResponse, RedirectResponse

from bridgedesk.bridge import Seat, Strain
from bridgedesk.deals.cards import SUITS, Card
from bridgedesk.errors import BridgedeskError

LANGS = ("en", "ja")  # the practice page's own words (TEXT) until they move to the catalogs

if TYPE_CHECKING:
    from jinja2 import Environment

    from bridgedesk.practice.game import PracticeGame

#: The page's words.  Seat and strain names are looked up by their value.
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "MiniBridge practice",
        "intro": "You sit South; the computer plays the other seats and the whole closed room.",
        "boards": "Boards",
        "seed": "Seed (empty: random)",
        "level": "Computer level",
        "club": "club",
        "expert": "expert",
        "start": "Start",
        "board": "Board",
        "dealer": "Dealer",
        "announcements": "Announcements",
        "declarer": "Declarer",
        "dummy": "dummy",
        "contract": "Contract",
        "name_contract": "Name the contract",
        "game": "game",
        "part": "part score",
        "needed": "tricks needed",
        "your_turn": "Your turn: click a highlighted card for",
        "trick": "This trick",
        "last_trick": "Last trick",
        "won_by": "won by",
        "tricks": "Tricks",
        "result": "Result",
        "your_room": "Your room (open)",
        "closed_room": "Closed room (computer)",
        "imps": "IMPs",
        "total": "Session total",
        "par": "Double-dummy par",
        "next": "Next board",
        "over": "Session over",
        "show_play": "The play of both rooms, trick by trick",
        "N": "North",
        "E": "East",
        "S": "South",
        "W": "West",
        "NT": "no trumps",
        "error": "Not allowed",
    },
    "ja": {
        "title": "ミニブリッジ練習",
        "intro": "あなたはサウスです。他の3人とクローズドルームはコンピューターがプレイします。",
        "boards": "ボード数",
        "seed": "シード(空欄: ランダム)",
        "level": "コンピューターの強さ",
        "club": "クラブ",
        "expert": "エキスパート",
        "start": "開始",
        "board": "ボード",
        "dealer": "ディーラー",
        "announcements": "HCP の公表",
        "declarer": "デクレアラー",
        "dummy": "ダミー",
        "contract": "コントラクト",
        "name_contract": "コントラクトを宣言してください",
        "game": "ゲーム",
        "part": "パートスコア",
        "needed": "必要なトリック",
        "your_turn": "あなたの番です。明るいカードをクリック:",
        "trick": "このトリック",
        "last_trick": "前のトリック",
        "won_by": "勝者",
        "tricks": "トリック",
        "result": "結果",
        "your_room": "あなたのテーブル(オープンルーム)",
        "closed_room": "クローズドルーム(コンピューター)",
        "imps": "IMP",
        "total": "合計",
        "par": "ダブルダミーのパー",
        "next": "次のボード",
        "over": "セッション終了",
        "show_play": "両ルームのプレイ(トリックごと)",
        "N": "ノース",
        "E": "イースト",
        "S": "サウス",
        "W": "ウエスト",
        "NT": "ノートランプ",
        "error": "できません",
    },
}


@lru_cache(maxsize=1)
def _environment() -> Environment:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    return Environment(
        loader=PackageLoader("bridgedesk.web", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
    )


class GameStore:
    """The games being played, by an unguessable id: a bounded pool.

    Anyone on the club's network may start a game without logging in, so the pool
    is kept small: at most ``limit`` games (starting one more forgets the game left
    alone longest), a game untouched for ``idle`` seconds is forgotten, and one game
    is dealt at a time (dealing costs seconds of CPU; a second start meanwhile is
    refused with 429 instead of queueing behind it, so the table terminals served by
    the same process are not starved).
    """

    def __init__(self, limit: int = 64, idle: float = 2 * 3600.0) -> None:
        self.limit = limit
        self.idle = idle
        self._games: OrderedDict[str, tuple[float, PracticeGame]] = OrderedDict()
        self._errors: dict[str, str] = {}
        self.lock = threading.Lock()
        self.dealing = threading.Semaphore(1)

    def _evict(self, now: float) -> None:
        for gid in [g for g, (seen, _) in self._games.items() if now - seen > self.idle]:
            self._forget(gid)
        while len(self._games) >= self.limit:
            self._forget(next(iter(self._games)))

    def _forget(self, gid: str) -> None:
        self._games.pop(gid, None)
        self._errors.pop(gid, None)

    def __len__(self) -> int:
        return len(self._games)

    def add(self, game: PracticeGame) -> str:
        now = time.monotonic()
        self._evict(now)
        gid = secrets.token_urlsafe(12)
        self._games[gid] = (now, game)
        return gid

    def get(self, gid: str) -> PracticeGame:
        found = self._games.get(gid)
        now = time.monotonic()
        if found is None or now - found[0] > self.idle:
            self._forget(gid)
            raise HTTPException(status_code=404, detail="no such practice game (or it ended)")
        self._games[gid] = (now, found[1])
        self._games.move_to_end(gid)
        return found[1]

    def set_error(self, gid: str, message: str) -> None:
        self._errors[gid] = message

    def pop_error(self, gid: str) -> str | None:
        return self._errors.pop(gid, None)


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


def _card_view(card: Card) -> dict[str, Any]:
    return {
        "code": str(card),
        "suit": card.suit.value,
        "symbol": card.suit.symbol,
        "rank": "10" if card.rank == 10 else card.rank_char,
        "red": card.suit.value in ("H", "D"),
    }


def _hand_view(cards: frozenset[Card], playable: set[Card]) -> list[dict[str, Any]]:
    rows = []
    for suit in SUITS:
        in_suit = sorted((c for c in cards if c.suit is suit), reverse=True)
        rows.append(
            {
                "symbol": suit.symbol,
                "red": suit.value in ("H", "D"),
                "cards": [{**_card_view(c), "playable": c in playable} for c in in_suit],
            }
        )
    return rows


def _table_context(game: PracticeGame) -> dict[str, Any]:
    """Everything the table template shows, as plain values."""
    from bridgedesk.practice.session import running_total

    ctx: dict[str, Any] = {"finished": game.finished, "board": None, "result": None}
    totals = running_total(game.results)
    ctx["total"] = totals[-1] if totals else 0
    played = [r for r in game.results if not r.redeal]
    last = played[-1] if played else None
    if game.deal is None:
        if last is not None:
            ctx["result"] = _result_view(last)
        return ctx
    deal, found, state = game.deal, game.found, game.state
    assert found is not None
    declarer = game.declarer
    turn = game.human_turn()
    playable = set(state.legal()) if state is not None and turn is not None else set()
    shown = [Seat.N, Seat.S] if game.human_declares else [declarer.partner, Seat.S]
    hands = []
    for seat in shown:
        cards = deal.hand(seat).cards if state is None else state.remaining(seat)
        hands.append(
            {
                "seat": seat.value,
                "dummy": seat is declarer.partner,
                "to_play": turn is seat,
                "suits": _hand_view(cards, playable if turn is seat else set()),
            }
        )
    ctx["board"] = {
        "number": deal.board,
        "dealer": deal.dealer.value,
        "announcements": [{"seat": a.seat.value, "hcp": a.hcp} for a in found.announcements],
        "declarer": declarer.value,
        "contract": None
        if game.contract is None
        else {
            "strain": game.contract.strain.value,
            "game": game.contract.game,
            "needed": game.contract.tricks_needed,
        },
        "needs_contract": game.needs_contract,
        "hands": hands,
        "turn": None if turn is None else turn.value,
        "trick": []
        if state is None
        else [{"seat": s.value, **_card_view(c)} for s, c in state.current.plays()],
        "last_trick": None,
        "tricks_ns": 0 if state is None else state.tricks_won(Seat.N.side),
        "tricks_ew": 0 if state is None else state.tricks_won(Seat.E.side),
    }
    if state is not None and state.tricks:
        t = state.tricks[-1]
        ctx["board"]["last_trick"] = {
            "cards": [{"seat": s.value, **_card_view(c)} for s, c in t.plays()],
            "winner": t.winner(state.trump).value,
        }
    return ctx


def _room_view(result: Any, room: Any) -> dict[str, Any]:
    from bridgedesk.practice.play import PlayState

    state = PlayState.replay(
        result.deal, result.declaration.declarer, room.contract.strain, room.play
    )
    return {
        "strain": room.contract.strain.value,
        "game": room.contract.game,
        "tricks": room.tricks,
        "score_ns": room.score_ns,
        "play": [
            {
                "cards": [{"seat": s.value, **_card_view(c)} for s, c in t.plays()],
                "winner": t.winner(state.trump).value,
            }
            for t in state.tricks
        ],
    }


def _result_view(result: Any) -> dict[str, Any]:
    par = result.par
    return {
        "board": result.deal.board,
        "declarer": result.declaration.declarer.value,
        "open": _room_view(result, result.open),
        "closed": _room_view(result, result.closed),
        "imps": result.imps_ns,
        "par": None if par is None else {"strain": par.contract.strain.value,
                                         "game": par.contract.game, "tricks": par.tricks,
                                         "score_ns": par.score_ns},
    }  # fmt: skip


def practice_router(store: GameStore | None = None) -> APIRouter:
    """The ``/practice`` routes, keeping their games in ``store``."""
    games = store if store is not None else GameStore()
    router = APIRouter(prefix="/practice")

    def render(name: str, lang: str, **context: Any) -> HTMLResponse:
        template = _environment().get_template(f"practice/{name}")
        words = TEXT[lang]
        html = template.render(t=words, lang=lang, strains=[s.value for s in _STRAIN_ORDER],
                               **context)  # fmt: skip
        return HTMLResponse(html)

    def back(gid: str, lang: str) -> RedirectResponse:
        return RedirectResponse(f"/practice/{gid}?lang={lang}", status_code=303)

    @router.get("", response_class=HTMLResponse)
    def start_page(lang: Annotated[str | None, Query()] = None) -> HTMLResponse:
        return render("start.html.j2", _lang(lang), error=None)

    @router.post("/new")
    def new_game(
        boards: Annotated[int, Form()] = 4,
        seed: Annotated[str, Form()] = "",
        level: Annotated[str, Form()] = "club",
        lang: Annotated[str, Form()] = "en",
    ) -> Any:
        from bridgedesk.practice.game import PracticeGame
        from bridgedesk.practice.players import levels
        from bridgedesk.practice.session import DealSupply, SessionConfig

        code = _lang(lang)
        try:
            if level not in levels():
                raise BridgedeskError(f"unknown level {level!r}")
            if not 1 <= boards <= 32:
                raise BridgedeskError("boards must be 1-32")
            value = int(seed) if seed.strip() else secrets.randbelow(10**9)
            config = SessionConfig(seed=value, level=level, boards=boards)
        except (BridgedeskError, ValueError) as exc:
            return render("start.html.j2", code, error=str(exc))
        if not games.dealing.acquire(blocking=False):
            raise HTTPException(status_code=429, detail="another game is being dealt: try again")
        try:
            game = PracticeGame(config, DealSupply(config))
            if game.start_board() and not game.needs_contract:
                game.advance()
        finally:
            games.dealing.release()
        with games.lock:
            gid = games.add(game)
        return back(gid, code)

    @router.get("/{gid}", response_class=HTMLResponse)
    def table(gid: str, lang: Annotated[str | None, Query()] = None) -> HTMLResponse:
        code = _lang(lang)
        with games.lock:
            game = games.get(gid)
            context = _table_context(game)
            error = games.pop_error(gid)
        return render("table.html.j2", code, gid=gid, error=error, seed=game.config.seed,
                      level=game.config.level, **context)  # fmt: skip

    def act(gid: str, lang: str, move: Callable[[PracticeGame], None]) -> RedirectResponse:
        """Apply ``move`` to the game; a refused move is shown on the page, nothing changes."""
        with games.lock:
            game = games.get(gid)
            try:
                move(game)
            except BridgedeskError as exc:
                games.set_error(gid, str(exc))
        return back(gid, _lang(lang))

    @router.post("/{gid}/contract")
    def contract(
        gid: str, choice: Annotated[str, Form()], lang: Annotated[str, Form()] = "en"
    ) -> RedirectResponse:
        """``choice`` is a strain and G (game) or P (part score): ``NTG``, ``SP``..."""
        from bridgedesk.practice.contract import MiniContract

        def move(game: PracticeGame) -> None:
            if choice[-1:] not in ("G", "P"):
                raise BridgedeskError(f"unknown contract {choice!r}")
            game.set_contract(MiniContract(Strain.parse(choice[:-1]), choice.endswith("G")))
            game.advance()

        return act(gid, lang, move)

    @router.post("/{gid}/play")
    def play(
        gid: str, card: Annotated[str, Form()], lang: Annotated[str, Form()] = "en"
    ) -> RedirectResponse:
        def move(game: PracticeGame) -> None:
            game.play(Card.parse(card))
            game.advance()
            if game.board_over:
                game.finish_board()

        return act(gid, lang, move)

    @router.post("/{gid}/next")
    def next_board(gid: str, lang: Annotated[str, Form()] = "en") -> RedirectResponse:
        def move(game: PracticeGame) -> None:
            if game.deal is None and game.start_board() and not game.needs_contract:
                game.advance()

        return act(gid, lang, move)

    return router


_STRAIN_ORDER = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)

#: The router for the web app to include.
router = practice_router()


def create_practice_app() -> FastAPI:
    """A small app serving only the practice page (its own game store)."""
    app = FastAPI(title="bridgedesk practice")
    app.include_router(practice_router(GameStore()))
    return app


__all__ = ["LANGS", "TEXT", "GameStore", "create_practice_app", "practice_router", "router"]
