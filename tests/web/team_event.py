"""A stored 8-team round robin on VPs for the console's team tests, the room results
they enter, and the standings computed independently of bridgedesk.

The independent computation uses only what is written here: the score of the
few contracts the tests play (the Laws' scoring table, Law 77), the board's
vulnerability (the 16-board cycle), the WBF IMP scale, and the WBF 2013
continuous VP formula without the later concavity correction (the event
plays the library's ``wbf2013-plain`` scale): with ``N`` boards a margin
of ``M`` IMPs below ``15 sqrt(N)`` earns the winner
``10 + 10 (1 - tau^(3M / 15 sqrt N)) / (1 - tau^3)`` VPs, ``tau = (sqrt 5 - 1) / 2``,
rounded half up to 2 decimals, the loser the rest of 20.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal, getcontext

from bridgedesk.events import Event, Player, Rating, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.events.team_draw import DrawnMatch, TeamSlip
from bridgedesk.services import slips
from bridgedesk.services.event_setup import team_settings
from bridgedesk.store import team_events
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import enter_team

TEAMS = 8
BOARDS_PER_MATCH = 2
#: A team name that is markup: every page must show it as text.
SCRIPT_TEAM = "<script>alert('team')</script>"

#: The contracts the tests play: (contract, declarer, result) -> (not vul, vul) NS score.
PLAYED: dict[tuple[str, str, str], tuple[int, int]] = {
    ("4S", "N", "="): (420, 620),
    ("4S", "N", "-1"): (-50, -100),
    ("3NT", "S", "+1"): (430, 630),
    ("3NT", "S", "-2"): (-100, -200),
    ("2H", "E", "="): (-110, -110),  # EW declare: NS's score does not depend on NS's vulnerability
    ("PASS", "", ""): (0, 0),
}
_MENU = list(PLAYED)

#: Boards on which NS are vulnerable, in the 16-board cycle (Law 2).
NS_VULNERABLE = {2, 4, 5, 7, 10, 12, 13, 15}


def team_name(t: int) -> str:
    return SCRIPT_TEAM if t == 3 else f"Team {t}"


def create_event(store: Store, name: str = "Autumn teams") -> int:
    """The event, as ``event new --kind teams --format round-robin --scoring vp`` makes it."""
    event = Event(name, dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.TEAM_VP)
    settings = team_settings(
        "round-robin", "vp", vp_scale="wbf2013-plain", boards_per_match=BOARDS_PER_MATCH
    )
    return team_events.create_team_event(store, event, settings)


def players(t: int) -> tuple[Player, ...]:
    return tuple(Player(f"Player {t}-{k}", f"{t}{k:03d}") for k in range(1, 5))


def add_teams(store: Store, event: int) -> None:
    for t in range(1, TEAMS + 1):
        enter_team(store, event, players(t), name=team_name(t))


def words(rnd: int, home: int, board: int, room: str) -> tuple[str, str, str]:
    """The room result the tests enter: spread over the menu, different in the rooms."""
    k = (rnd * 7 + home * 3 + board * 5 + (2 if room == "closed" else 0)) % len(_MENU)
    return _MENU[k]


def slip(d: DrawnMatch, room: str, board: int, played: tuple[str, str, str]) -> TeamSlip:
    contract, declarer, result = played
    assert d.away is not None
    return TeamSlip(
        d.round, d.home, d.away, room, board,
        make_result(round=d.round, table=1, board=board, ns=1, ew=2, contract=contract,
                    declarer=declarer or None, result=result or None),
    )  # fmt: skip


def enter_rest(store: Store, event: int, who: str = "scorer") -> int:
    """Every room result not stored yet, through the service function the console calls."""
    draw = team_events.draw(store, event)
    done = {(s.result.round, s.result.table, s.result.board) for s in store.results(event)}
    count = 0
    for d in draw.matches:
        if d.away is None:
            continue
        for room, place in (("open", d.open), ("closed", d.closed)):
            assert place is not None
            for b in d.boards:
                if (place.round, place.table, b) in done:
                    continue
                played = words(d.round, d.home, b, room)
                slips.enter(store, event, slip(d, room, b, played), who=who)
                count += 1
    return count


# -- the independent computation ------------------------------------------------------------

_IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
              1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)  # fmt: skip


def imps(difference: int) -> int:
    """IMPs for a point difference (the WBF scale)."""
    won = sum(1 for step in _IMP_STEPS if abs(difference) >= step)
    return won if difference >= 0 else -won


def ns_score(board: int, played: tuple[str, str, str]) -> int:
    plain, vul = PLAYED[played]
    return vul if (board - 1) % 16 + 1 in NS_VULNERABLE else plain


def vp(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """The WBF 2013 continuous VPs (no concavity correction) for a margin in IMPs."""
    getcontext().prec = 40
    tau = (Decimal(5).sqrt() - 1) / 2
    blitz = 15 * Decimal(boards).sqrt()
    m = abs(margin)
    if m >= blitz:
        winner = Decimal(20)
    else:
        power = (Decimal(3) * m / blitz * tau.ln()).exp()
        winner = 10 + 10 * (1 - power) / (1 - tau**3)
    winner = winner.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    loser = 20 - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


def standings(
    matches: list[DrawnMatch], rooms: dict[tuple[int, int, int, str], tuple[str, str, str]]
) -> dict[int, Decimal]:
    """Each team's VPs from the rooms' results ((round, home, board, room) -> played)."""
    total: dict[int, Decimal] = defaultdict(Decimal)
    for d in matches:
        if d.away is None:
            continue
        margin = 0
        for b in d.boards:
            net = ns_score(b, rooms[(d.round, d.home, b, "open")]) - ns_score(
                b, rooms[(d.round, d.home, b, "closed")]
            )
            margin += imps(net)
        home, away = vp(margin, len(d.boards))
        total[d.home] += home
        total[d.away] += away
    return dict(total)


def expected_rooms(
    matches: list[DrawnMatch],
) -> dict[tuple[int, int, int, str], tuple[str, str, str]]:
    return {
        (d.round, d.home, b, room): words(d.round, d.home, b, room)
        for d in matches
        if d.away is not None
        for b in d.boards
        for room in ("open", "closed")
    }
