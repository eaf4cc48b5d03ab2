"""A team event's matches as PBN 2.1: every board twice, once for each room.

PBN records a team match as one game per board per room (PBN 2.1, the
supplemental tags ``Room``, ``HomeTeam``, ``VisitTeam``, ``Score``,
``ScoreIMP``; ``Competition "Teams"``).  :func:`dumps` writes a
:class:`~bridgedesk.results.team_model.ScoredTeamEvent` that way, through
:mod:`bridgedesk.formats.pbn`'s writer, so the team results file, the store or
any other source of the scored value gets the same PBN:

* ``[Room "Open"]`` is the room where the home team sits NS, ``[Room
  "Closed"]`` the room where the away (visiting) team sits NS -- the seat rule
  "NS at home, EW away" (004:1631-1633);
* ``[HomeTeam]`` / ``[VisitTeam]`` name the two teams (``Team n`` when a team
  has no name); ``[HomeTeamNumber]`` / ``[VisitTeamNumber]`` carry their
  numbers, so the file reads back to the same teams;
* ``[Round]`` and ``[Table]`` place the match; ``[Contract]``, ``[Declarer]``
  and ``[Result]`` (tricks taken) say what was played, ``"?"`` when only the
  score was entered;
* ``[Score "NS 420"]`` is the room's NS score, ``[ScoreIMP "NS 6"]`` the IMPs
  the room's NS team won on the board (the home team's in the open room, the
  away team's in the closed room; negative when it lost);
* ``[Scoring]`` is ``IMP`` or, for board-a-match events, ``BAM``.

With ``deals`` (board number -> :class:`~bridgedesk.deals.deal.Deal`) each game
also holds the deal (``[Deal]``, dealer and vulnerability of the deal).  A
forfeited match and an adjusted board have no play to record, so they are left
out (the results JSON keeps them).

:func:`loads` reads such a file back into a
:class:`~bridgedesk.results.team_model.TeamEventPlay` -- the matches with both
rooms of each board -- checking each room's score against its contract at
the board's vulnerability; a board with one room only is refused.  So a PBN
written here, read back and scored again gives the same matches.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path

from bridgedesk.bridge import board_dealer, board_vulnerability
from bridgedesk.bridge.methods import Method
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import pbn
from bridgedesk.formats.pbn_deals import game_of
from bridgedesk.formats.score_input import checked_score
from bridgedesk.results.model import EventHeading
from bridgedesk.results.team_model import (
    BoardRooms,
    MatchPlay,
    RoomScore,
    ScoredMatch,
    ScoredTeamEvent,
    TeamEntry,
    TeamEventPlay,
)

OPEN = "Open"
CLOSED = "Closed"


def _team_name(event: ScoredTeamEvent, number: int) -> str:
    return event.team(number).name or f"Team {number}"


def _base_game(event: ScoredTeamEvent, board: int, deals: Mapping[int, Deal]) -> pbn.Game:
    if board in deals:
        game = game_of(deals[board], event=event.event.name)
    else:
        game = pbn.Game()
        game.set("Event", event.event.name)
        game.set("Board", str(board))
        game.set("Dealer", board_dealer(board).value)
        game.set("Vulnerable", str(board_vulnerability(board)).replace("Both", "All"))
    if event.event.club:
        game.set("Site", event.event.club)
    if event.event.date is not None:
        game.set("Date", event.event.date.strftime("%Y.%m.%d"))
    game.set("Scoring", "BAM" if event.scoring.board_a_match else "IMP")
    game.set("Competition", "Teams")
    return game


def _room_game(
    event: ScoredTeamEvent,
    m: ScoredMatch,
    board: int,
    room: RoomScore,
    name: str,
    imps: int,
    deals: Mapping[int, Deal],
) -> pbn.Game:
    game = _base_game(event, board, deals)
    game.set("Room", name)
    game.set("Round", str(m.round))
    if m.table is not None:
        game.set("Table", str(m.table))
    game.set("HomeTeam", _team_name(event, m.home))
    game.set("VisitTeam", _team_name(event, m.away))
    game.set("HomeTeamNumber", str(m.home))
    game.set("VisitTeamNumber", str(m.away))
    play = room.play
    if play is None:
        for tag in ("Contract", "Declarer", "Result"):
            game.set(tag, pbn.UNKNOWN)
    elif play.contract.is_pass:
        game.set("Contract", "Pass")
        game.set("Declarer", "")
        game.set("Result", "")
    else:
        game.set("Contract", str(play.contract))
        game.set("Declarer", "" if play.declarer is None else play.declarer.value)
        game.set("Result", "" if play.tricks is None else str(play.tricks))
    game.set("Score", f"NS {room.score_ns}")
    game.set("ScoreIMP", f"NS {imps}")
    return game


def games(event: ScoredTeamEvent, deals: Mapping[int, Deal] | None = None) -> list[pbn.Game]:
    """Two games for every played board of every match: the open room, then the closed."""
    known = deals or {}
    out: list[pbn.Game] = []
    for m in event.matches:
        if m.forfeited_by is not None:
            continue
        for b in m.boards:
            if b.open is None or b.closed is None:
                continue
            out.append(_room_game(event, m, b.board, b.open, OPEN, b.imps[0], known))
            out.append(_room_game(event, m, b.board, b.closed, CLOSED, b.imps[1], known))
    return out


def dumps(
    event: ScoredTeamEvent, deals: Mapping[int, Deal] | None = None, *, newline: str = "\r\n"
) -> str:
    """The PBN 2.1 export text of ``event``'s matches, both rooms of every board."""
    return pbn.dumps(games(event, deals), newline=newline)


def dump(event: ScoredTeamEvent, path: str | Path, deals: Mapping[int, Deal] | None = None) -> Path:
    """Write :func:`dumps` to ``path`` (UTF-8, CRLF) and return the path."""
    target = Path(path)
    target.write_bytes(dumps(event, deals).encode("utf-8"))
    return target


# -- reading ----------------------------------------------------------------------------


def _where(parsed: pbn.PbnFile, game: pbn.Game, tag: str | None = None) -> Location:
    t = None if tag is None else game.tag(tag)
    line = t.line if t is not None and t.line is not None else game.line
    return Location(file=parsed.filename, line=line, field=tag)


def _number(parsed: pbn.PbnFile, game: pbn.Game, tag: str) -> int:
    value = game.get(tag)
    if value is None or not value.strip().isdigit() or int(value) < 1:
        raise FormatError(
            "[{tag}] must be a number of 1 or more, not {value!r}",
            _where(parsed, game, tag),
            code="pbn.tag-number",
            tag=tag,
            value=value,
        )
    return int(value)


def _score(parsed: pbn.PbnFile, game: pbn.Game) -> int | None:
    """The NS score of a ``[Score]`` value: ``NS 420``, ``EW -420`` or a bare NS number."""
    value = (game.get("Score") or "").split()
    if not value or value == [pbn.UNKNOWN]:
        return None
    try:
        if len(value) == 1:
            return int(value[0])
        if len(value) == 2 and value[0] in ("NS", "EW"):
            n = int(value[1])
            return n if value[0] == "NS" else -n
    except ValueError:
        pass
    raise FormatError(
        '[Score {given!r}] is not a score: write "NS 420" or "EW -50"',
        _where(parsed, game, "Score"),
        code="pbn.team-score",
        given=game.get("Score"),
    )


def _room(parsed: pbn.PbnFile, game: pbn.Game, board: int) -> RoomScore:
    where = _where(parsed, game, "Contract")
    score = _score(parsed, game)
    contract = (game.get("Contract") or "").strip()
    if contract in ("", pbn.UNKNOWN):
        if score is None:
            raise FormatError(
                "board {board}: the room has neither a contract nor a score",
                where,
                code="pbn.room-no-contract-or-score",
                board=board,
            )
        return RoomScore(score)
    result = (game.get("Result") or "").strip()
    tricks = None
    if result not in ("", pbn.UNKNOWN):
        if not result.isdigit() or int(result) > 13:
            raise FormatError(
                "[Result {result!r}] must be the tricks taken, 0-13",
                _where(parsed, game, "Result"),
                code="pbn.team-result",
                result=result,
            )
        tricks = int(result)
    play, computed = checked_score(board, contract, game.get("Declarer"), tricks, score, where)
    return RoomScore(computed, play)


def _heading(game: pbn.Game) -> EventHeading:
    name = game.get("Event") or "Teams"
    date = None
    text = (game.get("Date") or "").strip()
    try:
        date = dt.datetime.strptime(text, "%Y.%m.%d").date() if text else None
    except ValueError:
        date = None
    site = game.get("Site") or ""
    return EventHeading(name if name != pbn.UNKNOWN else "Teams", date,
                        site if site != pbn.UNKNOWN else "")  # fmt: skip


def play_of(parsed: pbn.PbnFile) -> TeamEventPlay:
    """The matches of a parsed team PBN (see the module doc), ready to be scored."""
    if not parsed.games:
        raise FormatError(
            "the PBN file holds no games", Location(file=parsed.filename), code="pbn.no-games"
        )
    teams: dict[int, str] = {}
    rooms: dict[tuple[int, int, int, int | None], dict[int, dict[str, RoomScore]]] = {}
    scoring = Method.TEAM_IMPS
    for game in parsed.games:
        room = game.get("Room")
        if room not in (OPEN, CLOSED):
            raise FormatError(
                '[Room {given!r}]: a team match game needs [Room "Open"] or [Room "Closed"]',
                _where(parsed, game, "Room"),
                code="pbn.room-tag",
                given=room,
            )
        board = _number(parsed, game, "Board")
        home = _number(parsed, game, "HomeTeamNumber")
        away = _number(parsed, game, "VisitTeamNumber")
        rnd = _number(parsed, game, "Round")
        table = _number(parsed, game, "Table") if game.get("Table") else None
        teams.setdefault(home, game.get("HomeTeam") or "")
        teams.setdefault(away, game.get("VisitTeam") or "")
        if (game.get("Scoring") or "").upper() == "BAM":
            scoring = Method.BOARD_A_MATCH
        match = rooms.setdefault((rnd, home, away, table), {})
        seen = match.setdefault(board, {})
        if room in seen:
            raise FormatError(
                "board {board} of {home} v {away} in round {round} has the {room} room twice",
                _where(parsed, game, "Room"),
                code="pbn.room-twice",
                board=board,
                home=home,
                away=away,
                round=rnd,
                room=room,
            )
        seen[room] = _room(parsed, game, board)
    matches = []
    for (rnd, home, away, table), boards in rooms.items():
        played = []
        for board, got in sorted(boards.items()):
            if len(got) != 2:
                missing = CLOSED if OPEN in got else OPEN
                raise FormatError(
                    "board {board} of {home} v {away} in round {round} has no {missing} room",
                    Location(file=parsed.filename, round=rnd, board=board),
                    code="pbn.room-missing",
                    board=board,
                    home=home,
                    away=away,
                    round=rnd,
                    missing=missing,
                )
            played.append(BoardRooms(board, got[OPEN], got[CLOSED]))
        matches.append(MatchPlay(rnd, home, away, tuple(played), table=table))
    entries = tuple(TeamEntry(n, name) for n, name in sorted(teams.items()))
    return TeamEventPlay(_heading(parsed.games[0]), entries, tuple(matches), scoring=scoring)


def loads(text: str, filename: str = "<pbn>") -> TeamEventPlay:
    """Read a team match PBN (see :func:`play_of`)."""
    return play_of(pbn.loads(text, filename=filename))


def load(path: str | Path) -> TeamEventPlay:
    """Read a team match PBN file (see :func:`play_of`)."""
    return play_of(pbn.load(path))


__all__ = ["CLOSED", "OPEN", "dump", "dumps", "games", "load", "loads", "play_of"]
