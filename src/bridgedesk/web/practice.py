"""The ``/practice`` page: MiniBridge at South against the computer, in the browser.

A self-contained FastAPI :class:`~fastapi.APIRouter` for the web app to
include (``app.include_router(router)``); :func:`create_practice_app` makes a
small app of it alone (for tests and for trying the page).  The page shows
the four seats round the table (your hand, dummy, the others' card counts),
the trick in progress and the last trick; click a playable card to play it.

With htmx (served under ``/static``) a click replaces only the table, and
the computer's cards then come one at a time: the table asks for the next
card (``/step``) a moment after showing the last, with "the computer is
thinking" on screen meanwhile; a card you could not choose (your only legal
card) is played for you and said so.  Without JavaScript the forms still
work, one page per click, the computer's cards all played at once.

Help at the two decisions (who declares and why; each contract's target and
scores) is on by default and switched with a button; a hint gives the card
the computer would play, with its reason.  After each board the review shows
all four hands, both rooms side by side, the score and the IMPs explained,
the double-dummy tricks of every strain and the par, and both rooms' play
trick by trick (002:49-57).  In English, Japanese or Swedish (``?lang=ja``,
remembered by the page's forms): every word is a message of the project's
catalogs, through :mod:`bridgedesk.practice.words` and the templates' ``_()``.

Games live in memory (:class:`GameStore`), one per browser session link, at most
:data:`MAX_GAMES` at once (a game left alone for :data:`IDLE_SECONDS` is dropped; a new
game beyond that is answered 429), so no one can fill the server's memory with games;
a game that is full or gone is said on a page of its own (404, 429) with the refusal
template every page uses, in the page's language (:class:`NoSuchGameError`,
:class:`TablesFullError`);
the rules, the players and the closed room are those of
:mod:`bridgedesk.practice.game`.  The closed rooms of all the games are
played in one shared process (:func:`~bridgedesk.practice.game.closed_room_executor`).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, FastAPI, Form, Header, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.bridge import SEATS, Seat, Side, Strain
from bridgedesk.deals.cards import SUITS, Card, Suit
from bridgedesk.errors import BridgedeskError, PracticeError
from bridgedesk.i18n import LANGS, error_text
from bridgedesk.practice.words import Words, lang_of
from bridgedesk.web.language import language

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from bridgedesk.practice.game import PracticeGame
    from bridgedesk.practice.session import SessionConfig

STATIC = Path(__file__).parent / "static"
#: How long (ms) a computer's card stays before the next is asked for (a card played
#: for you, your only legal card, twice as long).
STEP_DELAY_MS = 700
_RED = (Suit.H, Suit.D)
#: The header htmx sends with its requests: answer with the table alone.
HxRequest = Annotated[str | None, Header(alias="HX-Request")]
_STRAIN_ORDER = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
#: Games kept at once by one server process, and how long one may sit untouched.
MAX_GAMES = 64
IDLE_SECONDS = 2 * 60 * 60
#: Boards a session from the start form may have.
MAX_BOARDS = 32
#: Seconds a refused new game is told to wait (``Retry-After``).
RETRY_AFTER = 60


class NoSuchGameError(PracticeError):
    """A practice game the server does not keep (never made, or dropped after being left
    alone): HTTP 404."""


class TablesFullError(PracticeError):
    """Every place for a practice game is in use: HTTP 429, try again later."""


@dataclass
class Table:
    """One browser's game and what its page shows besides the game itself."""

    game: PracticeGame
    advice: bool = True
    events: list[dict[str, Any]] = field(default_factory=list)
    note: str | None = None  # a hint, shown until the next card
    error: str | None = None  # a refused move, shown once
    used: float = 0.0  # when it was last asked for (the store's clock)


class GameStore:
    """The games being played, by an unguessable id, and the closed rooms' process:
    at most ``limit`` games; one untouched for ``idle`` seconds is dropped when room
    is needed, and a new game is refused (429) while every place is in use."""

    def __init__(
        self,
        limit: int = MAX_GAMES,
        idle: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self._executor: Executor | None = None
        self.limit, self.idle, self.clock = limit, idle, clock

    def executor(self) -> Executor:
        """The one process all this store's closed rooms are played in (started when
        the first game starts)."""
        from bridgedesk.practice.game import closed_room_executor

        if self._executor is None:
            self._executor = closed_room_executor()
        return self._executor

    def __len__(self) -> int:
        return len(self._tables)

    def make_room(self) -> None:
        """Drop the games left alone too long; 429 when every place is still in use."""
        now = self.clock()
        for gid, table in list(self._tables.items()):
            if now - table.used >= self.idle:
                del self._tables[gid]
                table.game.close()
        if len(self._tables) >= self.limit:
            raise TablesFullError(
                "every practice table is in use: try again in a few minutes",
                code="practice.tables-full",
            )

    def add(self, table: Table) -> str:
        self.make_room()
        gid = secrets.token_urlsafe(12)
        table.used = self.clock()
        self._tables[gid] = table
        return gid

    def get(self, gid: str) -> Table:
        table = self._tables.get(gid)
        if table is None:
            raise NoSuchGameError(
                "no such practice game: it ended, or was closed after being left alone;"
                " start a new one",
                code="practice.no-such-game",
            )
        table.used = self.clock()
        return table

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


# ------------------------------------------------------------------ views


def _card_view(card: Card) -> dict[str, Any]:
    return {
        "code": str(card),
        "suit": card.suit.value,
        "symbol": Words.symbol(card.suit),
        "rank": "10" if card.rank == 10 else card.rank_char,
        "red": card.suit in _RED,
    }


def _hand_view(cards: frozenset[Card], playable: set[Card]) -> list[dict[str, Any]]:
    return [
        {
            "symbol": Words.symbol(suit),
            "red": suit in _RED,
            "cards": [
                {**_card_view(c), "playable": c in playable}
                for c in sorted((c for c in cards if c.suit is suit), reverse=True)
            ],
        }
        for suit in SUITS
    ]


def _trick_view(plays: tuple[tuple[Seat, Card], ...]) -> dict[str, Any]:
    return {s.value: _card_view(c) for s, c in plays}


def _seats_view(game: PracticeGame, w: Words) -> list[dict[str, Any]]:
    """The four seats: title, and cards when the person sees them (else a count)."""
    deal, state = game.deal, game.state
    assert deal is not None
    declarer = game.declarer
    dummy = declarer.partner
    turn = game.human_turn()
    # a forced card is played for the person: nothing to click then
    choosing = state is not None and game.waiting_for_person()
    playable = set(state.legal()) if state is not None and choosing else set()
    visible = {Seat.S, dummy} | ({Seat.N} if game.human_declares else set())
    seats = []
    for seat in SEATS:
        cards = deal.hand(seat).cards if state is None else state.remaining(seat)
        role = w._("declarer") if seat is declarer else w._("dummy") if seat is dummy else None
        seats.append(
            {
                "seat": seat.value,
                "name": w.seat(seat),
                "role": role,
                "you": seat is Seat.S,
                "to_play": turn is seat,
                "count": len(cards),
                "count_text": w._("{count} cards").format(count=len(cards)),
                "suits": _hand_view(cards, playable if turn is seat else set())
                if seat in visible
                else None,
            }
        )
    return seats


def _board_view(table: Table, w: Words) -> dict[str, Any]:
    from bridgedesk.practice import explain

    game = table.game
    deal, found, state = game.deal, game.found, game.state
    assert deal is not None and found is not None
    declarer = game.declarer
    turn = game.human_turn()
    view: dict[str, Any] = {
        "number": deal.board,
        "of": w._("Board {board} of {boards}").format(board=deal.board, boards=game.config.boards),
        "dealer": w.seat(deal.dealer),
        "announcements": ", ".join(f"{w.seat(a.seat)} {a.hcp}" for a in found.announcements),
        "declarer": w.seat(declarer),
        "contract": None
        if game.contract is None
        else {
            "name": explain.contract_text(w, game.contract),
            "needed": game.contract.tricks_needed,
        },
        "needs_contract": game.needs_contract,
        "seats": _seats_view(game, w),
        "turn": None if turn is None else w.seat(turn),
        "trick": {} if state is None else _trick_view(state.current.plays()),
        "last_trick": None,
        "tricks": w._("Tricks: North-South {ns}, East-West {ew}").format(
            ns=0 if state is None else state.tricks_won(Side.NS),
            ew=0 if state is None else state.tricks_won(Side.EW),
        ),
        "strains": [
            {"code": s.value, "game": g, "name": w.contract(s, g)}
            for s in _STRAIN_ORDER
            for g in (True, False)
        ],
    }
    if state is not None and state.tricks:
        last = state.tricks[-1]
        view["last_trick"] = {
            "cards": _trick_view(last.plays()),
            "winner": w.seat(last.winner(state.trump)),
        }
        if not state.current.cards:  # the trick just won stays on the table until the next card
            view["trick"] = view["last_trick"]["cards"]
    view["help"] = _help_view(game, w) if table.advice else None
    return view


def _help_view(game: PracticeGame, w: Words) -> dict[str, Any]:
    from bridgedesk.practice import explain

    state = game.state
    out: dict[str, Any] = {"lines": [], "options": None}
    if game.contract is None or state is None or len(state.played) < 4:
        out["lines"] = explain.declaring_lines(w, game.declaring_help())
    if game.contract is None:
        help = game.contract_help()
        out["options"] = [
            {
                # a suit's symbol stays with its word: "♠ part score" never breaks after ♠
                "name": row.name
                if row.contract.strain is Strain.NT
                else row.name.replace(" ", "\u00a0", 1),
                "target": row.target,
                "made": f"{row.made:+d}",
                "over": f"+{row.overtrick}",
                "down": f"{row.down_one:+d}",
                "suggested": row.suggested,
            }
            for row in explain.contract_rows(w, help)
        ]
        out["lines"] += explain.contract_lines(w, help)
    elif state is not None:
        if len(state.played) < 4 and not game.human_declares:
            out["lines"].append(explain.named_line(w, game.declarer, game.contract))
        out["lines"].append(explain.target_line(w, game.declarer, game.contract, state))
    return out


def _review_view(game: PracticeGame, w: Words) -> dict[str, Any]:
    from bridgedesk.practice import explain

    review = game.review()
    declarer = review.declarer
    rooms = []
    for name, room in zip(explain.room_names(w), (review.open, review.closed), strict=True):
        contract = room.result.contract
        rooms.append(
            {
                "name": name,
                "contract": explain.contract_text(w, contract),
                "target": contract.tricks_needed,
                "tricks": room.result.tricks,
                "result": explain.result_text(w, room.breakdown),
                "score_ns": f"{room.score_ns:+d}",
                "sentence": explain.score_line(w, name, declarer, room),
                "play": [
                    {
                        "leader": trick.leader.value,
                        # in the seats' order (the columns), the lead marked
                        "cards": [
                            {"lead": s is trick.leader, **_card_view(dict(trick.plays())[s])}
                            for s in SEATS
                        ],
                        "winner": w.seat(winner),
                    }
                    for trick, winner in zip(room.tricks, room.winners, strict=True)
                ],
            }
        )
    return {
        "board": review.deal.board,
        "title": w._("Review of board {board}").format(board=review.deal.board),
        "declarer": w.seat(declarer),
        "seats": [w.seat(s) for s in SEATS],
        "hands": [
            {
                "seat": s.value,
                "name": w.seat(s) + (" (" + w._("declarer") + ")" if s is declarer else ""),
                "suits": _hand_view(review.hand(s), set()),
            }
            for s in SEATS
        ],
        "rooms": rooms,
        "imps": f"{review.imps:+d}",
        "imps_lines": explain.imps_lines(w, review),
        "dd_line": explain.dd_line(w, review),
        "par_lines": explain.par_lines(w, review),
    }


def _table_context(table: Table, w: Words, step_ms: int = STEP_DELAY_MS) -> dict[str, Any]:
    """Everything the table template shows, as plain values (``step_ms``: how long a
    computer's card stays before the next is asked for; twice that for a forced card)."""
    from bridgedesk.practice.session import running_total

    game = table.game
    totals = running_total(game.results)
    ctx: dict[str, Any] = {
        "finished": game.finished,
        "board": None,
        "review": None,
        "total": w._("Session total: {total:+d} IMPs").format(total=totals[-1] if totals else 0),
        "advice": table.advice,
        "events": table.events[-6:],
        "note": table.note,
        "error": table.error,
        "step_delay": None,
        "waiting": None,
        "can_hint": False,
    }
    table.error = None
    if game.deal is None:
        if any(not r.redeal for r in game.results):
            ctx["review"] = _review_view(game, w)
        return ctx
    ctx["board"] = _board_view(table, w)
    if game.state is not None and not game.waiting_for_person():
        # a card the person does not choose is next, or the board's end: ask for it soon
        forced = game.forced_card() is not None
        ctx["step_delay"] = 2 * step_ms if forced else step_ms
        ctx["waiting"] = (
            w._("Waiting for the closed room…")
            if game.board_over
            else w._("The computer is thinking…")
        )
    ctx["can_hint"] = game.waiting_for_person()
    return ctx


# ------------------------------------------------------------------ moves


def _event(table: Table, w: Words, seat: Seat, card: Card, *, forced: bool = False) -> None:
    if forced:
        text = w._("{seat} played {card} by itself: the only card it could play.")
    else:
        text = w._("{seat} plays {card}")
    table.events.append(
        {"text": text.format(seat=w.seat(seat), card=w.card(card)), "forced": forced}
    )


def _after_card(table: Table, w: Words) -> None:
    state = table.game.state
    if state is not None and state.tricks and not state.current.cards:
        last = state.tricks[-1]
        text = w._("Trick {number} won by {seat}").format(
            number=len(state.tricks), seat=w.seat(last.winner(state.trump))
        )
        table.events.append({"text": text, "forced": False})


def _step(table: Table, w: Words) -> bool:
    """One card the person does not choose; at the board's end, the board finished.
    ``False`` when nothing was left to do."""
    game = table.game
    if game.deal is None or game.state is None:
        return False
    if game.board_over:
        game.finish_board()
        table.events = []
        return True
    move = game.step()
    if move is None:
        return False
    _event(table, w, move.seat, move.card, forced=move.forced)
    _after_card(table, w)
    return True


def _run_all(table: Table, w: Words) -> None:
    """Every card the person does not choose, at once (a page without JavaScript)."""
    while _step(table, w):
        if table.game.deal is None:
            return


def _config(boards: int, seed: str, level: str) -> SessionConfig:
    """A new game's settings from the start form."""
    from bridgedesk.practice.players import levels
    from bridgedesk.practice.session import SessionConfig

    if level not in levels():
        raise PracticeError("unknown level {level!r}", code="practice.unknown-level", level=level)
    if not 1 <= boards <= MAX_BOARDS:
        raise PracticeError("boards must be 1-32", code="practice.bad-boards")
    if not seed.strip():
        return SessionConfig(seed=secrets.randbelow(10**9), level=level, boards=boards)
    if not (seed.strip().isascii() and seed.strip().isdigit()):
        raise PracticeError(
            "the seed must be a whole number (or empty for a random one), not {seed!r}",
            code="practice.seed",
            seed=seed,
        )
    return SessionConfig(seed=int(seed), level=level, boards=boards)


#: The start page: where a page answering a POST (a refusal) links its languages to
#: (``?lang=`` on the POST's own address would ask a GET the route does not answer).
START = "/practice"


def practice_router(store: GameStore | None = None, *, step_ms: int = STEP_DELAY_MS) -> APIRouter:
    """The ``/practice`` routes, keeping their games in ``store``."""
    games = store if store is not None else GameStore()
    router = APIRouter(prefix="/practice")

    def render(name: str, lang: str, status_code: int = 200, **context: Any) -> HTMLResponse:
        from bridgedesk.web.templating import environment

        template = environment().get_template(f"practice/{name}")
        html = template.render(lang=lang, level_name=Words(lang).level, **context)
        return HTMLResponse(html, status_code=status_code)

    def whole(response: HTMLResponse) -> HTMLResponse:
        """A refusal page that htmx puts in place of the whole page (which
        ``practice/base.html.j2`` lets it do for these statuses)."""
        response.headers["HX-Retarget"] = "body"
        response.headers["HX-Reswap"] = "innerHTML"
        return response

    def refused(exc: NoSuchGameError | TablesFullError, lang: str) -> HTMLResponse:
        """A game gone (404) or no place for a new one (429), as a page of its own."""
        full = isinstance(exc, TablesFullError)
        response = whole(render("refused.html.j2", lang, 429 if full else 404, message=exc,
                                lang_path=START))  # fmt: skip
        if full:
            response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    def page(gid: str, lang: str, template: str = "table.html.j2") -> HTMLResponse:
        """The table as a whole page, or (``_table.html.j2``) the table alone for htmx."""
        with games.lock:
            try:
                table = games.get(gid)
            except NoSuchGameError as exc:
                return refused(exc, lang)
            context = _table_context(table, Words(lang), step_ms)
        return render(template, lang, gid=gid, seed=table.game.config.seed,
                      level=table.game.config.level, **context)  # fmt: skip

    def answer(gid: str, lang: str, htmx: str | None) -> Response:
        if htmx:
            return page(gid, lang, "_table.html.j2")
        return RedirectResponse(f"/practice/{gid}?lang={lang}", status_code=303)

    @router.get("", response_class=HTMLResponse)
    def start_page(request: Request) -> HTMLResponse:
        return render("start.html.j2", language(request), error=None)

    @router.post("/new")
    def new_game(
        boards: Annotated[int, Form()] = 4,
        seed: Annotated[str, Form()] = "",
        level: Annotated[str, Form()] = "club",
        lang: Annotated[str, Form()] = "en",
        advice: Annotated[str, Form()] = "",
        advice_shown: Annotated[str, Form()] = "",
        hx: HxRequest = None,
    ) -> Any:
        from bridgedesk.practice.game import PracticeGame
        from bridgedesk.practice.session import DealSupply

        code = lang_of(lang)
        try:
            config = _config(boards, seed, level)
        except BridgedeskError as exc:
            return whole(render("start.html.j2", code, 422, error=exc, lang_path=START))
        with games.lock:
            try:
                games.make_room()  # before the game is made: 429 when the tables are full
            except TablesFullError as exc:
                return refused(exc, code)
            game = PracticeGame(
                config, DealSupply(config), executor=games.executor(), play_forced=True
            )
            # the form's checkbox; a form without it (an older page, a script) keeps help on
            table = Table(game, advice=bool(advice) or not advice_shown)
            gid = games.add(table)
            game.start_board()
            if not hx:
                _run_all(table, Words(code))
        where = f"/practice/{gid}?lang={code}"
        if hx:  # the page loads afresh and asks for the computer's cards one at a time
            return Response(status_code=204, headers={"HX-Redirect": where})
        return RedirectResponse(where, status_code=303)

    @router.get("/{gid}", response_class=HTMLResponse)
    def table_page(gid: str, request: Request) -> HTMLResponse:
        return page(gid, language(request))

    def act(
        gid: str, lang: str, htmx: str | None, move: Callable[[Table, Words], None]
    ) -> Response:
        """Apply ``move``; a refused move is shown on the page and nothing changes.
        Without htmx, every computer card after it is played too."""
        code = lang_of(lang)
        w = Words(code)
        with games.lock:
            try:
                table = games.get(gid)
            except NoSuchGameError as exc:
                return refused(exc, code)
            try:
                move(table, w)
                if not htmx:
                    _run_all(table, w)
            except BridgedeskError as exc:
                table.error = error_text(exc, code)  # said in the move's language
        return answer(gid, code, htmx)

    @router.post("/{gid}/contract")
    def contract(
        gid: str, choice: Annotated[str, Form()], lang: Annotated[str, Form()] = "en",
        hx: HxRequest = None,
    ) -> Response:  # fmt: skip
        """``choice`` is a strain and G (game) or P (part score): ``NTG``, ``SP``..."""
        from bridgedesk.practice.contract import MiniContract

        def move(table: Table, w: Words) -> None:
            if choice[-1:] not in ("G", "P"):
                raise BridgedeskError(
                    "unknown contract {choice!r}", code="practice.unknown-contract", choice=choice
                )
            table.game.set_contract(MiniContract(Strain.parse(choice[:-1]), choice.endswith("G")))
            table.note = None

        return act(gid, lang, hx, move)

    @router.post("/{gid}/play")
    def play(
        gid: str, card: Annotated[str, Form()], lang: Annotated[str, Form()] = "en",
        hx: HxRequest = None,
    ) -> Response:  # fmt: skip
        def move(table: Table, w: Words) -> None:
            game = table.game
            seat = game.human_turn()
            chosen = Card.parse(card)
            game.play(chosen)
            assert seat is not None
            table.note = None
            _event(table, w, seat, chosen)
            _after_card(table, w)

        return act(gid, lang, hx, move)

    @router.post("/{gid}/step")
    def step(gid: str, lang: Annotated[str, Form()] = "en", hx: HxRequest = None) -> Response:
        """The next card the person does not choose (the table asks a moment after
        showing the last one), or the end of the board."""

        def move(table: Table, w: Words) -> None:
            _step(table, w)

        return act(gid, lang, hx, move)

    @router.post("/{gid}/hint")
    def hint(gid: str, lang: Annotated[str, Form()] = "en", hx: HxRequest = None) -> Response:
        from bridgedesk.practice import explain

        def move(table: Table, w: Words) -> None:
            table.note = explain.hint_line(w, table.game.hint())

        return act(gid, lang, hx, move)

    @router.post("/{gid}/advice")
    def advice(gid: str, lang: Annotated[str, Form()] = "en", hx: HxRequest = None) -> Response:
        def move(table: Table, w: Words) -> None:
            table.advice = not table.advice

        return act(gid, lang, hx, move)

    @router.post("/{gid}/next")
    def next_board(gid: str, lang: Annotated[str, Form()] = "en", hx: HxRequest = None) -> Response:
        def move(table: Table, w: Words) -> None:
            game = table.game
            if game.deal is None:
                table.events, table.note = [], None
                game.start_board()

        return act(gid, lang, hx, move)

    return router


#: The router for the web app to include.
router = practice_router()


def create_practice_app(*, step_ms: int = STEP_DELAY_MS, games: GameStore | None = None) -> FastAPI:
    """A small app serving only the practice page (its own game store, or ``games``) and
    the static files it uses (htmx); ``step_ms`` as for :func:`practice_router`."""
    from fastapi.staticfiles import StaticFiles

    store = games if games is not None else GameStore()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(title="bridgedesk practice", lifespan=lifespan)
    app.include_router(practice_router(store, step_ms=step_ms))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


__all__ = [
    "LANGS",
    "MAX_BOARDS",
    "RETRY_AFTER",
    "STEP_DELAY_MS",
    "GameStore",
    "NoSuchGameError",
    "Table",
    "TablesFullError",
    "create_practice_app",
    "practice_router",
    "router",
]
