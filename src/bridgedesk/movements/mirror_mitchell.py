"""The mirror Mitchell for board-a-match teams, 10 to 30 teams (004:3676-3703).

For an even number of teams whose half is odd: 10, 14, 18, 22, 26, 30
(004:3678).  The teams are split into two halves of h = teams/2; the NS pairs
of the first half sit at tables 1..h, those of the second half at tables
h+1..2h, and the EW pairs cross: at table t of the first half in round 1 the
EW pair of team t+h, at table t+h the EW pair of team t (004:3682).  Both
halves play the same set at the same time, so the boards are twinned
(duplicated) in round 1 (004:3684); then in both halves boards down, EW pairs
skip down (004:3686).  After h rounds every NS pair has met every EW pair of
the other half once, on the set its EW pair played against that team's NS
pair.  The second session is a board-a-match within each half: an AWL of h
teams in each (004:3692, :func:`second_session`).  Without round 1 the
boards need no twins: :func:`mirror_without_twins` (004:3688-3690).
"""

from __future__ import annotations

from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements.awl import awl
from bridgedesk.movements.model import Movement, Round, Seating, ew, ns

TEAMS = (10, 14, 18, 22, 26, 30)


def _check(teams: int) -> int:
    if teams not in TEAMS:
        raise MovementError(
            "the mirror Mitchell is for {known} teams (half the teams an odd number), not {teams}",
            code="movement.mirror-mitchell-teams",
            known=", ".join(map(str, TEAMS)),
            teams=teams,
        )
    return teams // 2


def mirror_mitchell(teams: int, *, boards_per_round: int = 3) -> Movement:
    """Session 1: both halves against each other, twin boards (the 004:3696-3703 sheet)."""
    h = _check(teams)
    rounds: list[Round] = []
    for r in range(h):
        seats: list[Seating] = []
        for t in range(h):
            e = (t + 2 * r) % h  # the EW pair that has skipped down 2r tables
            board_set = (t + r) % h + 1
            seats.append(Seating(t + 1, ns(t + 1), ew(h + e + 1), board_set))
            seats.append(Seating(h + t + 1, ns(h + t + 1), ew(e + 1), board_set))
        rounds.append(Round(r + 1, tuple(sorted(seats, key=lambda s: s.table))))
    return Movement(
        kind="mirror-mitchell",
        tables=teams,
        boards_per_round=boards_per_round,
        board_sets=h,
        winners=2,
        rounds=tuple(rounds),
        copy_groups=(tuple(range(1, h + 1)), tuple(range(h + 1, teams + 1))),
        teams=True,
        notes=(
            f"teams 1-{h} and {h + 1}-{teams}: their EW pairs change places (004:3682)",
            "round 1: duplicate the boards at both halves (twin boards, 004:3684)",
            "then boards down, EW pairs skip down in both halves (004:3686)",
        ),
    )


def mirror_without_twins(teams: int, *, boards_per_round: int = 3) -> Movement:
    """Session 1 with round 1 cut and no twin boards (004:3688-3690).

    Rounds 2 and h, 3 and h-1 ... hold the two halves of the same matches; each
    half has its own boards (sets 1..h in the first half, h+1..2h in the
    second) and after round (h+1)/2 of the sheet the two halves exchange all
    their boards.  Otherwise the play is as with twin boards.
    """
    h = _check(teams)
    full = mirror_mitchell(teams, boards_per_round=boards_per_round)
    swap = (h + 1) // 2
    rounds: list[Round] = []
    for rnd in full.rounds[1:]:
        seats = []
        for s in rnd.seatings:
            second_half = s.table > h
            if rnd.number > swap:
                second_half = not second_half
            seats.append(replace(s, board_set=s.board_set + (h if second_half else 0)))
        rounds.append(Round(rnd.number - 1, tuple(seats)))
    return replace(
        full,
        board_sets=2 * h,
        rounds=tuple(rounds),
        copy_groups=(),
        notes=(
            f"teams 1-{h} and {h + 1}-{teams}: their EW pairs change places (004:3682)",
            f"round 1 of the sheet cut, no twin boards: each half has its own boards, "
            f"exchanged between the halves after sheet round {swap} (004:3688-3690)",
            "boards down, EW pairs skip down in both halves (004:3686)",
        ),
    )


def second_session(teams: int, *, boards_per_round: int = 3) -> Movement:
    """Session 2: an AWL of h teams in each half, side by side (004:3692)."""
    h = _check(teams)
    one = awl(h, boards_per_round=boards_per_round)
    rounds: list[Round] = []
    for rnd in one.rounds:
        seats = list(rnd.seatings)
        seats += [
            Seating(s.table + h, ns(s.ns.number + h), ew(s.ew.number + h), s.board_set)
            for s in rnd.seatings
        ]
        rounds.append(Round(rnd.number, tuple(seats)))
    return Movement(
        kind="mirror-mitchell",
        tables=teams,
        boards_per_round=boards_per_round,
        board_sets=one.board_sets,
        winners=2,
        rounds=tuple(rounds),
        copy_groups=(tuple(range(1, h + 1)), tuple(range(h + 1, teams + 1))),
        teams=True,
        notes=(f"session 2: an AWL of {h} teams in each half, one copy of the boards each",),
    )
