"""An exact search for the odd SRR teams + pairs sheet with the seed's boards used in
*both* sessions (n board sets a session, 004:3381-3387), with OR-Tools' CP-SAT.

``pip install -e '.[search]'`` then ``.venv/bin/python bench/srr_odd_sat.py N SECONDS
[--free] [--cyclic-sets]`` (N = 5, 7, 9 or 11).  The model, per session of n - 1
rounds at n tables (team t NS at its home table, 004:1631-1633):

* round k seats NS t v EW sigma_k(t), sigma_k a permutation without fixed points;
  a match's two halves (NS A v EW B, NS B v EW A) are in different rounds of the
  session, on one board set;
* n sets, each at one table every round (no relay, the seed's "session complete"
  sheets): a set holds (n - 1) / 2 matches of different teams;
* x[t, k] says which of team t's pairs sits NS in round k; both halves of a play
  have the same pair of each team (so the team scores compare), and a match is
  played "straight" (1 v 1, 2 v 2) in one session and "crossed" in the other, so
  every pair meets both pairs of every other team (004:2633-2655).

Session 1 is the AWL (as in :mod:`bridgedesk.movements.pair_round_robin_odd`),
or free with ``--free``; ``--cyclic-sets`` puts session 2's matches on the AWL's
own grouping (set s = {s - i, s + i}).  Prints the solver's status (OPTIMAL: a
sheet was found and is printed; INFEASIBLE: none exists; UNKNOWN: time ran out)
and the time.  Asserts nothing.
"""

from __future__ import annotations

import itertools
import sys

from ortools.sat.python import cp_model


def main() -> None:
    n, seconds = int(sys.argv[1]), float(sys.argv[2])
    free, cyclic = "--free" in sys.argv, "--cyclic-sets" in sys.argv
    rounds, teams = range(n - 1), range(n)
    matches = [frozenset(p) for p in itertools.combinations(teams, 2)]
    model = cp_model.CpModel()
    y, z, x, kind = {}, {}, {}, {}
    for sn in (0, 1):
        for t in teams:
            for k in rounds:
                x[sn, t, k] = model.NewBoolVar("")
        for t, u in itertools.permutations(teams, 2):
            for k in rounds:
                y[sn, t, u, k] = model.NewBoolVar("")
            model.AddExactlyOne(y[sn, t, u, k] for k in rounds)
        for k in rounds:
            for t in teams:
                model.AddExactlyOne(y[sn, t, u, k] for u in teams if u != t)
                model.AddExactlyOne(y[sn, u, t, k] for u in teams if u != t)
            for t, u in itertools.combinations(teams, 2):
                model.AddBoolOr([y[sn, t, u, k].Not(), y[sn, u, t, k].Not()])
        for m in matches:
            kind[sn, m] = model.NewBoolVar("")
            for s in range(n):
                z[sn, m, s] = model.NewBoolVar("")
            model.AddExactlyOne(z[sn, m, s] for s in range(n))
        for s in range(n):
            model.Add(sum(z[sn, m, s] for m in matches) == (n - 1) // 2)
            for t in teams:
                model.Add(sum(z[sn, m, s] for m in matches if t in m) <= 1)
            for k in rounds:
                here = []
                for m in matches:
                    for a, b in itertools.permutations(sorted(m)):
                        w = model.NewBoolVar("")
                        model.AddBoolAnd([y[sn, a, b, k], z[sn, m, s]]).OnlyEnforceIf(w)
                        model.AddBoolOr([y[sn, a, b, k].Not(), z[sn, m, s].Not(), w])
                        here.append(w)
                model.Add(sum(here) == 1)
        for m in matches:
            t, u = sorted(m)
            for k1, k2 in itertools.permutations(rounds, 2):
                both = [y[sn, t, u, k1], y[sn, u, t, k2]]
                for team in (t, u):
                    model.Add(x[sn, team, k1] == x[sn, team, k2]).OnlyEnforceIf(both)
            for k in rounds:
                e = model.NewBoolVar("")
                model.Add(x[sn, t, k] + x[sn, u, k] + kind[sn, m] == 2 * e).OnlyEnforceIf(
                    y[sn, t, u, k]
                )
    for m in matches:
        model.Add(kind[0, m] + kind[1, m] == 1)
    if free:
        for t in teams:  # symmetry: session 1's round 1 is NS t v EW t + 1
            model.Add(y[0, t, (t + 1) % n, 0] == 1)
    else:
        for r in range(1, n):  # the AWL: NS t v EW t + 2r on set t + r (004:1896-1898)
            for t in teams:
                model.Add(y[0, t, (t + 2 * r) % n, r - 1] == 1)
                model.Add(z[0, frozenset((t, (t + 2 * r) % n)), (t + r) % n] == 1)
    if cyclic:
        half = pow(2, -1, n)
        for m in matches:
            model.Add(z[1, m, sum(m) * half % n] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    print(f"{n} teams, session 1 {'free' if free else 'AWL'}"
          f"{', cyclic sets' if cyclic else ''}: {solver.StatusName(status)} "
          f"in {solver.WallTime():.1f} s")  # fmt: skip
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for sn in (0, 1):
            table = [[next(u for u in teams if u != t and solver.Value(y[sn, t, u, k]))
                      for t in teams] for k in rounds]  # fmt: skip
            sets = [[sorted(m) for m in matches if solver.Value(z[sn, m, s])] for s in range(n)]
            print(f"session {sn + 1} rounds {table}")
            print(f"session {sn + 1} sets {sets}")


if __name__ == "__main__":
    main()
