"""SRR teams + pairs: the pair ranking across flights, and the mis-seated rule.

The short round robin "teams + pairs" (SRR ペア, 004:2633-2655) gives a team
result and a pair result from the same play.  The field is divided into
*flights* of 4 to 11 tables (teams), each playing its own SRR + pairs sheet.

* **Teams** are scored flight by flight (004:2648), as any team event
  (:func:`bridgedesk.results.teams.score_team_event`).
* **Pairs** (004:2649-2651): flights with the same number of tables form one
  pair field; flights whose sessions use the same boards form one field even
  with different numbers of tables -- the seed names 5 and 6, 7 and 8, 9 and 10
  tables (004:2651, 004:3388).  :func:`srr_pairs_ranking` pools every room of
  every flight of a field board by board (a pair plays the same direction
  within a room as it sat) and scores the pairs' game with the pairs engine:
  matchpoints by default, or Butler / cross-IMPs.  Pairs of a 5-table flight
  play fewer boards than those of a 6-table flight, so pairs are ranked by
  their percentage of the most they could have scored on the boards they
  played (matchpoints), or by IMPs per board.
* **Mis-seated pairs** (004:2652-2655): when the pairs of a room sat NS and EW
  the wrong way round and played, and the two teams' other room on those
  boards has not been played yet, the director has the later room swap NS and
  EW too; the two rooms then compare as usual (:func:`corrected_play` turns
  both rooms back to the home team's view).  When the other room had already
  been played, those boards drop out of the team comparison, but the pairs'
  game counts them as played.

A room's recorded NS score is always the score of the pair that actually sat
NS, as the table's score slip has it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import Location, ScoringError
from bridgedesk.events.team_draw import MisSeat, RoomName
from bridgedesk.results.team_model import (
    BoardRooms,
    Lineup,
    RoomScore,
    TeamEventPlay,
)
from bridgedesk.scoring.results import Board, TravellerLine
from bridgedesk.scoring.session import score_session

#: Table counts the SRR + pairs sheets are built for (004:2640, 004:3378-3387).
TABLES = range(4, 12)
#: Flights of different sizes whose sessions use the same boards (004:2651, 004:3388).
SHARED_FIELDS: tuple[frozenset[int], ...] = (
    frozenset({5, 6}),
    frozenset({7, 8}),
    frozenset({9, 10}),
)


@dataclass(frozen=True)
class Flight:
    """One flight of an SRR + pairs event: its name, its tables (= teams) and its play."""

    name: str
    tables: int
    play: TeamEventPlay
    misseats: tuple[MisSeat, ...] = ()


@dataclass(frozen=True)
class SrrPairLine:
    """A pair's line in the pairs ranking of an SRR + pairs field."""

    pair: str
    flight: str
    team: int
    boards: int
    score: Fraction
    #: matchpoints: the percentage of the most it could have scored; IMPs: per board
    result: Fraction
    rank: str
    team_name: str = ""


def can_share_field(a: int, b: int) -> bool:
    """Whether flights of ``a`` and ``b`` tables may form one pair field (004:2650-2651)."""
    return a == b or any({a, b} <= f for f in SHARED_FIELDS)


# -- the mis-seated rule for the teams -------------------------------------------------------


def _turned(room: RoomScore) -> RoomScore:
    """A room seen from the other direction: the NS score negated, the declarer turned a
    quarter (N -> E, E -> S ...), so the contract is the other side's."""
    play = room.play
    if play is not None and play.declarer is not None:
        play = replace(play, declarer=play.declarer.lho)
    return RoomScore(-room.score_ns, play)


def _find(play: TeamEventPlay, slip: MisSeat) -> int:
    for i, m in enumerate(play.matches):
        if (m.round, m.home, m.away) == (slip.round, slip.home, slip.away):
            return i
    raise ScoringError(
        "no match {home} v {away} in round {round} for the mis-seated room",
        Location(round=slip.round),
        code="srr.no-match-for-room",
        home=slip.home,
        away=slip.away,
        round=slip.round,
    )


def corrected_play(play: TeamEventPlay, misseats: Iterable[MisSeat]) -> TeamEventPlay:
    """``play`` as the team comparison counts it under the mis-seated rule (004:2652-2655).

    Boards whose other room was already played are dropped from their match;
    boards played swapped in both rooms are turned back to the home team's view.
    """
    matches = list(play.matches)
    for slip in misseats:
        i = _find(play, slip)
        m = matches[i]
        by_board = {b.board: b for b in m.boards}
        missing = [b for b in slip.boards if b not in by_board]
        if missing:
            raise ScoringError(
                "board {board} is not in the match {home} v {away}",
                Location(round=m.round, board=missing[0]),
                code="srr.board-not-in-match",
                board=missing[0],
                home=m.home,
                away=m.away,
            )
        kept: list[BoardRooms] = []
        for b in m.boards:
            if b.board not in slip.boards:
                kept.append(b)
            elif not slip.other_played and b.open is not None and b.closed is not None:
                kept.append(replace(b, open=_turned(b.open), closed=_turned(b.closed)))
        if not kept:
            raise ScoringError(
                "every board of {home} v {away} in round {round} leaves the team "
                "comparison (004:2655); score the match as the director rules",
                Location(round=m.round),
                code="srr.match-all-boards-out",
                home=m.home,
                away=m.away,
                round=m.round,
            )
        matches[i] = replace(m, boards=tuple(kept))
    return replace(play, matches=tuple(matches))


# -- the pairs' game ------------------------------------------------------------------------


def _swapped_rooms(misseats: Iterable[MisSeat]) -> set[tuple[int, int, int, RoomName, int]]:
    out: set[tuple[int, int, int, RoomName, int]] = set()
    for s in misseats:
        rooms = [s.room] if s.other_played else [RoomName.OPEN, RoomName.CLOSED]
        for room in rooms:
            for b in s.boards:
                out.add((s.round, s.home, s.away, room, b))
    return out


def pair_lines(flight: Flight, prefix: str = "") -> dict[int, list[TravellerLine]]:
    """Every room of ``flight`` as a traveller line, pairs where they actually sat.

    Pair ids are the line-up's, with ``prefix`` in front (to keep flights apart).
    """
    swapped = _swapped_rooms(flight.misseats)
    out: dict[int, list[TravellerLine]] = {}
    for m in flight.play.matches:
        if m.forfeited_by is not None:
            continue
        if m.lineup is None:
            raise ScoringError(
                "flight {flight}: the match {home} v {away} has no line-up, so its pairs "
                "cannot be ranked",
                Location(round=m.round),
                code="srr.no-line-up",
                flight=flight.name,
                home=m.home,
                away=m.away,
            )
        lu: Lineup = m.lineup
        for b in m.boards:
            for room, score, ns, ew in (
                (RoomName.OPEN, b.open, lu.home_ns, lu.away_ew),
                (RoomName.CLOSED, b.closed, lu.away_ns, lu.home_ew),
            ):
                if score is None:
                    continue
                if (m.round, m.home, m.away, room, b.board) in swapped:
                    ns, ew = ew, ns
                out.setdefault(b.board, []).append(
                    TravellerLine.played(prefix + ns, prefix + ew, score.score_ns, play=score.play)
                )
    return out


def _check_field(flights: Sequence[Flight]) -> None:
    if not flights:
        raise ScoringError("no flights to rank the pairs of", code="srr.no-flights")
    names = [f.name for f in flights]
    if len(set(names)) != len(names):
        raise ScoringError("two flights have the same name", code="srr.flight-name-twice")
    for f in flights:
        if f.tables not in TABLES:
            raise ScoringError(
                "flight {flight}: SRR + pairs is played at 4-11 tables (004:2640), not {tables}",
                code="srr.flight-tables",
                flight=f.name,
                tables=f.tables,
            )
    first = flights[0]
    for f in flights[1:]:
        if not can_share_field(first.tables, f.tables):
            raise ScoringError(
                "flights {first} ({first_tables} tables) and {second} ({second_tables} tables) use "
                "different boards, so their pairs are ranked apart; only 5 and 6, 7 and "
                "8, 9 and 10 tables share a field (004:2650-2651)",
                code="srr.flights-apart",
                first=first.name,
                first_tables=first.tables,
                second=f.name,
                second_tables=f.tables,
            )
    boards = {f.name: {b.board for m in f.play.matches for b in m.boards} for f in flights}
    for f in flights[1:]:
        if boards[f.name] != boards[first.name]:
            odd = sorted(boards[f.name] ^ boards[first.name])
            raise ScoringError(
                "flights {first} and {second} did not play the same boards (board {board} "
                "is in one only): a pair field needs the same boards (004:2650)",
                code="srr.flights-boards-differ",
                first=first.name,
                second=f.name,
                board=odd[0],
            )


def srr_pairs_ranking(
    flights: Sequence[Flight], method: Method = Method.MP
) -> tuple[SrrPairLine, ...]:
    """The pairs of ``flights`` ranked as one field (module doc; 004:2649-2655)."""
    _check_field(flights)
    several = len(flights) > 1
    lines: dict[int, list[TravellerLine]] = {}
    whose: dict[str, tuple[str, int]] = {}
    names: dict[tuple[str, int], str] = {}
    for f in flights:
        names.update({(f.name, t.number): t.name for t in f.play.teams})
        prefix = f"{f.name}:" if several else ""
        for board, rows in pair_lines(f, prefix).items():
            lines.setdefault(board, []).extend(rows)
        for m in f.play.matches:
            if m.lineup is None:
                continue
            lu = m.lineup
            for pair, team in ((lu.home_ns, m.home), (lu.home_ew, m.home),
                               (lu.away_ns, m.away), (lu.away_ew, m.away)):  # fmt: skip
                if whose.setdefault(prefix + pair, (f.name, team)) != (f.name, team):
                    raise ScoringError(
                        "flight {flight}: pair {pair} plays for two teams",
                        Location(round=m.round),
                        code="srr.pair-two-teams",
                        flight=f.name,
                        pair=pair,
                    )
    if not lines:
        raise ScoringError(
            "no board was played by the pairs of these flights", code="srr.no-board-played"
        )
    boards = [Board.of(n, rows) for n, rows in sorted(lines.items())]
    drop = 1 if method is Method.BUTLER and min(len(b.results) for b in boards) >= 5 else 0
    session = score_session(boards, method=method, winners=1, butler_drop=drop)
    ranked: list[tuple[str, int, Fraction, Fraction]] = []
    for st in session.standings:
        if method is Method.MP:
            assert st.max is not None
            result = st.raw / st.max * 100 if st.max else Fraction(0)
        else:
            result = st.raw / st.boards if st.boards else Fraction(0)
        ranked.append((st.pair, st.boards, st.raw, result))
    ranked.sort(key=lambda r: (-r[3], r[0]))
    out = []
    for pair, n, raw, result in ranked:
        place = 1 + sum(1 for r in ranked if r[3] > result)
        shared = sum(1 for r in ranked if r[3] == result) > 1
        flight, team = whose[pair]
        rank = f"{place}=" if shared else str(place)
        out.append(
            SrrPairLine(pair, flight, team, n, raw, result, rank, names.get((flight, team), ""))
        )
    return tuple(out)


__all__ = [
    "SHARED_FIELDS",
    "TABLES",
    "Flight",
    "SrrPairLine",
    "can_share_field",
    "corrected_play",
    "pair_lines",
    "srr_pairs_ranking",
]
