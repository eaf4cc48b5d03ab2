"""A team event played in several sessions: one draw, its rounds split into sessions.

A stored team event keeps one movement grid whatever its sessions, its rounds
numbered through the event (session 2 of an 8 + 6 round event starts at round
9), so results, corrections and the audit stay the pairs' own; the sessions are
the last round of each (:class:`SessionSplit`).

* A movement form (:func:`sessions_draw`) is built by the team catalogue one
  movement per session (:func:`bridgedesk.movements.team_catalogue.build_team`
  with ``sessions``) and the sessions are played one after the other
  (:func:`join_sessions`): the AWL of 15 teams in two sessions plays sheet
  rounds 1-4 and 11-14 first, then 5-10 (004:1945-1953); a round robin, a
  stagger and an SRR are split where the seed's SRR tables split them
  (004:3395-3425: 8 teams 3 + 4 rounds, 10 teams 4 + 5, 6 teams stagger 2 + 3,
  an SRR + pairs n - 1 rounds a session, 004:3378-3387).  Board sets keep the
  numbers the catalogue gives them (an AWL's sessions share its sets, each team
  still playing each set once); a session whose pairs would meet a set they
  played in an earlier session gets sets of its own, numbered on.
* A Swiss is split by its ``--rounds``: the sessions as equal as they can be,
  the earlier ones the shorter (7 rounds in two: 3 + 4).
* The standings of a session are those of its own matches
  (:meth:`bridgedesk.results.team_model.TeamEventPlay.in_rounds`); the event's add
  every session up, since they are the standings of every match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bridgedesk.errors import EntryError
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.team_draw import DrawnMatch, draw_of, movement_kind
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.i18n import phrase
from bridgedesk.movements.model import Movement, Pair, Round
from bridgedesk.movements.team_catalogue import build_team

__all__ = [
    "SessionSplit",
    "join_sessions",
    "sessions_draw",
    "swiss_split",
]


@dataclass(frozen=True)
class SessionSplit:
    """The last round of each session, rounds numbered through the event."""

    last_rounds: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.last_rounds)

    def rounds(self, session: int) -> range:
        """The rounds of ``session`` (1-based); one line when there is no such session."""
        if not 1 <= session <= self.count:
            raise EntryError(
                "the event has {sessions}, not a session {session}",
                code="event.no-such-session",
                sessions=(
                    phrase("{count} sessions", count=self.count)
                    if self.count > 1
                    else phrase("{count} session", count=self.count)
                ),
                session=session,
            )
        first = 1 if session == 1 else self.last_rounds[session - 2] + 1
        return range(first, self.last_rounds[session - 1] + 1)

    def session_of(self, rnd: int) -> int:
        for k, last in enumerate(self.last_rounds, start=1):
            if rnd <= last:
                return k
        return self.count

    def text(self) -> str:
        return ",".join(map(str, self.last_rounds))

    @classmethod
    def parse(cls, text: str) -> SessionSplit:
        return cls(tuple(int(x) for x in text.split(",") if x))


def _pair_sets(m: Movement) -> set[tuple[Pair, int]]:
    return {(p, s.board_set) for _, s in m.seatings() for p in s.pairs()}


def join_sessions(parts: tuple[Movement, ...]) -> tuple[Movement, SessionSplit]:
    """The sessions as one movement played in turn, and where each ends (module doc)."""
    rounds: list[Round] = []
    ends: list[int] = []
    seen: set[tuple[Pair, int]] = set()
    sets = 0
    for part in parts:
        offset = 0
        if _pair_sets(part) & seen:
            offset = sets
        shifted = tuple(
            replace(
                r,
                number=len(rounds) + i,
                seatings=tuple(replace(s, board_set=s.board_set + offset) for s in r.seatings),
            )
            for i, r in enumerate(part.rounds, start=1)
        )
        rounds.extend(shifted)
        ends.append(len(rounds))
        moved = replace(part, rounds=shifted, board_sets=part.board_sets + offset)
        seen |= _pair_sets(moved)
        sets = max(sets, part.board_sets + offset)
    first = parts[0]
    notes = tuple(
        f"session {k}: rounds {a}-{b}"
        for k, (a, b) in enumerate(
            zip([1, *(e + 1 for e in ends[:-1])], ends, strict=True), start=1
        )
    )
    whole = replace(first, rounds=tuple(rounds), board_sets=sets, notes=(*first.notes, *notes))
    return whole, SessionSplit(tuple(ends))


def sessions_draw(
    form: TeamForm, teams: int, boards_per_match: int, cycles: int, sessions: int
) -> tuple[GridMovement, tuple[DrawnMatch, ...], SessionSplit]:
    """The draw of a movement form played in ``sessions`` sessions."""
    parts = build_team(
        movement_kind(form), teams, sessions=sessions, boards_per_round=boards_per_match,
        cycles=cycles,
    )  # fmt: skip
    whole, split = join_sessions(parts)
    grid, matches = draw_of(form, whole, teams, boards_per_match)
    for d in matches:
        if d.closed is not None and split.session_of(d.closed.round) != split.session_of(d.round):
            # pragma: no cover - the catalogue keeps both rooms of a match in one session
            raise EntryError(
                "round {round}: the match {match} spans two sessions",
                code="team.match-spans-sessions",
                round=d.round,
                match=d.label,
            )
    return grid, matches, split


def swiss_split(rounds: int | None, sessions: int) -> SessionSplit:
    """A Swiss of ``rounds`` rounds in ``sessions`` sessions, the earlier ones shorter."""
    if rounds is None:
        raise EntryError(
            "a Swiss in several sessions needs --rounds (they are split among them)",
            code="swiss.sessions-need-rounds",
        )
    if rounds < sessions:
        raise EntryError(
            "{rounds} rounds cannot fill {sessions} sessions",
            code="swiss.too-few-rounds",
            rounds=rounds,
            sessions=sessions,
        )
    return SessionSplit(tuple(rounds * k // sessions for k in range(1, sessions + 1)))
