"""Checks that only a team movement needs (``Movement.teams``).

A team's two pairs are ``NS n`` and ``EW n``.  The Director Manual's basic rule
for team movements (004:2607): the board set a team's NS pair plays against
the other team's EW pair is the set its EW pair plays against that team's NS
pair, so the two teams' scores compare directly; in a board-a-match movement
teammates end up playing every board on both sides (004:1876).  So:

* a team never meets itself (``own-team``);
* each team's NS and EW pair play exactly the same board sets (``teammate-sets``);
* whatever NS A plays against EW B, NS B plays against EW A (``match-sets``);
* teams that meet, meet equally often: once in a single round robin or an
  AWL (cut or not), twice in a double round robin (``uneven-meetings``).

Board tops do not matter in a team movement (a board is scored within its
match), so :func:`~bridgedesk.movements.validate.validate` skips the
equal-plays check for team movements and runs these instead.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from bridgedesk.errors import Location
from bridgedesk.movements.model import Movement
from bridgedesk.movements.problems import Problem


def team_problems(m: Movement) -> list[Problem]:
    """The team-specific problems of ``m`` (empty for a sound team movement)."""
    out: list[Problem] = []
    ns_sets: dict[int, Counter[int]] = defaultdict(Counter)
    ew_sets: dict[int, Counter[int]] = defaultdict(Counter)
    played: Counter[tuple[int, int, int]] = Counter()
    for rnd_no, s in m.seatings():
        if s.ns.number == s.ew.number:
            out.append(
                Problem(
                    "own-team",
                    f"the two pairs of team {s.ns.number} play each other",
                    where=Location(round=rnd_no, table=s.table),
                )
            )
        ns_sets[s.ns.number][s.board_set] += 1
        ew_sets[s.ew.number][s.board_set] += 1
        played[(s.ns.number, s.ew.number, s.board_set)] += 1
    for team in sorted(set(ns_sets) | set(ew_sets)):
        if ns_sets[team] != ew_sets[team]:
            only_ns = sorted((ns_sets[team] - ew_sets[team]).elements())
            only_ew = sorted((ew_sets[team] - ns_sets[team]).elements())
            out.append(
                Problem(
                    "teammate-sets",
                    f"team {team}'s pairs do not play the same boards: "
                    f"only NS plays sets {only_ns or '-'}, only EW plays sets {only_ew or '-'}",
                )
            )
    for (a, b, board_set), n in sorted(played.items()):
        back = played[(b, a, board_set)]
        if back != n:
            out.append(
                Problem(
                    "match-sets",
                    f"NS {a} plays set {board_set} against EW {b} {n} time(s) but "
                    f"NS {b} plays it against EW {a} {back} time(s)",
                )
            )
    meets: Counter[tuple[int, int]] = Counter()
    for (a, b, _), n in played.items():
        meets[(a, b)] += n
    if len(set(meets.values())) > 1:
        low = min(meets.values())
        odd = sorted(k for k, v in meets.items() if v != low)[:3]
        out.append(
            Problem(
                "uneven-meetings",
                "teams meet unequally often: "
                + ", ".join(f"NS {a} v EW {b} {meets[(a, b)]} times" for a, b in odd)
                + f" (others {low})",
            )
        )
    return out
