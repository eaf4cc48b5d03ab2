"""Building a team movement by family name, one movement per session.

``movement show|cards|check KIND --teams N [--sessions S]`` comes here.  A
one-session request gets the whole sheet; two sessions split it into whole
matches (both halves of a match in one session):

* ``awl``: Figs 21-23 (004:1874-1971); two sessions as 004:1945-1953, or
  more, each with whole matches;
* ``mirror-mitchell``: the mirror Mitchell (004:3676-3703); its second
  session is an AWL within each half (004:3692); one round fewer cuts round 1
  and the twin boards (004:3688-3690);
* ``stagger``: 6-12 teams, session 1 same parity, session 2 odd v even
  (004:3705-3737);
* ``round-robin``: Berger round robins, single, double or triple (``cycles``);
* ``pair-round-robin``: each pair meets both pairs of every other team, one
  per session (004:3398-3410), which also ranks the pairs (SRR + pairs); an
  odd count (5, 7, 9, 11) gets bridgedesk's own sheet
  (:mod:`~bridgedesk.movements.pair_round_robin_odd`);
* ``srr-pairs``: SRR teams + pairs (004:2633-2655, 004:3376-3392), the pair
  round robin above for 4-11 teams (tables), at the seed's boards a round.
"""

from __future__ import annotations

from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements import awl, mirror_mitchell, pair_round_robin_odd, round_robin, stagger
from bridgedesk.movements.model import Movement

#: kind -> one-line description.
TEAM_KINDS: dict[str, str] = {
    "awl": "American Whist League board-a-match, 5-51 teams",
    "mirror-mitchell": "mirror Mitchell board-a-match, 10/14/18/22/26/30 teams",
    "stagger": "stagger team round robin in two sessions, 6/8/10/12 teams",
    "round-robin": "Berger round robin, 3-30 teams (--cycles 1-3)",
    "pair-round-robin": "pair round robin (TP2S) in two sessions, 4-30 teams even, 5-11 odd",
    "srr-pairs": "SRR teams + pairs in two sessions, 4-11 teams (tables)",
}

#: SRR teams + pairs: boards a round by tables (004:3380-3387; 6 tables: 5 or 6).
SRR_PAIRS_BOARDS = {4: 8, 5: 6, 6: 5, 7: 4, 8: 4, 9: 3, 10: 3, 11: 3}


def build_team(
    kind: str,
    teams: int,
    *,
    sessions: int = 1,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    cycles: int = 1,
) -> tuple[Movement, ...]:
    """The sessions of team movement ``kind`` for ``teams`` teams."""

    if kind not in TEAM_KINDS:
        raise MovementError(
            "unknown team movement {kind!r}; choose one of {kinds}",
            code="movement.unknown-team-kind",
            kind=kind,
            kinds=", ".join(TEAM_KINDS),
        )
    if sessions not in (1, 2) and not (kind == "awl" and sessions >= 1):
        raise MovementError(
            "--sessions is 1 or 2, not {sessions}", code="movement.team-sessions", sessions=sessions
        )
    if rounds is not None and kind not in ("awl", "mirror-mitchell"):
        raise MovementError(
            "--rounds applies to the AWL and the mirror Mitchell, not {kind}",
            code="movement.rounds-not-for-kind",
            kind=kind,
        )
    if cycles != 1 and kind != "round-robin":
        raise MovementError(
            "--cycles applies to the round robin only, not {kind}",
            code="movement.cycles-not-for-kind",
            kind=kind,
        )
    if kind == "awl":
        bpr = boards_per_round or 2
        if sessions > 1:
            if rounds is not None:
                raise MovementError(
                    "give --rounds or --sessions for an AWL, not both",
                    code="movement.awl-rounds-or-sessions",
                )
            return awl.awl_sessions(teams, boards_per_round=bpr, sessions=sessions)
        return (awl.awl(teams, boards_per_round=bpr, rounds=rounds),)
    if kind == "mirror-mitchell":
        bpr = boards_per_round or 3
        if rounds is None or rounds == teams // 2:
            first = mirror_mitchell.mirror_mitchell(teams, boards_per_round=bpr)
        elif rounds == teams // 2 - 1:
            first = mirror_mitchell.mirror_without_twins(teams, boards_per_round=bpr)
        else:
            raise MovementError(
                "a mirror Mitchell for {teams} teams has {full} rounds, or {short} "
                "without round 1 and its twin boards (004:3688), not {rounds}",
                code="movement.mirror-mitchell-rounds",
                teams=teams,
                full=teams // 2,
                short=teams // 2 - 1,
                rounds=rounds,
            )
        if sessions == 1:
            return (first,)
        return (first, mirror_mitchell.second_session(teams, boards_per_round=bpr))
    if kind == "stagger":
        whole = stagger.stagger(teams, boards_per_round=boards_per_round or 7)
        if sessions == 1:
            return (whole,)
        return _split(whole, teams // 2 - 1)
    if kind in ("pair-round-robin", "srr-pairs"):
        if kind == "srr-pairs":
            if teams not in SRR_PAIRS_BOARDS:
                raise MovementError(
                    "SRR teams + pairs is for 4 to 11 teams (004:2640), not {teams}",
                    code="movement.srr-teams-pairs",
                    teams=teams,
                )
            boards_per_round = boards_per_round or SRR_PAIRS_BOARDS[teams]
        if teams % 2:
            whole = pair_round_robin_odd.pair_round_robin_odd(
                teams, boards_per_round=boards_per_round
            )
        else:
            whole = round_robin.pair_round_robin(teams, boards_per_round=boards_per_round or 5)
        if kind == "srr-pairs":
            whole = replace(whole, kind="srr-pairs")
        return (whole,) if sessions == 1 else _split(whole, whole.round_count // 2)
    whole = round_robin.round_robin(teams, cycles=cycles, boards_per_round=boards_per_round or 8)
    if sessions == 1:
        return (whole,)
    return _split(whole, whole.round_count // 2)


def _split(m: Movement, first: int) -> tuple[Movement, Movement]:
    """Rounds 1..first, then the rest renumbered from 1 (sets keep their numbers)."""
    one = m.rounds[:first]
    two = tuple(replace(r, number=i) for i, r in enumerate(m.rounds[first:], start=1))
    return (
        replace(m, rounds=one, notes=(*m.notes, f"session 1: rounds 1-{first}")),
        replace(m, rounds=two, notes=(*m.notes, f"session 2: rounds {first + 1}-{m.round_count}")),
    )
