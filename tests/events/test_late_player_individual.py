"""A late player joins a stored individual after round 1 with ``entry add --late``:
from round 2 it takes a different player's seat each round, who sits out that round
(:mod:`bridgedesk.events.late_player`), audited.

Checked from the stored plans alone (round 1 and every other seat as before; the late
player seated once a round from 2, no board and no partner twice, nobody displaced
twice, every board played as often as before), then every slip is entered and the
late player's matchpoints are counted here
(:func:`tests.events.test_individual_cli.expected_totals`, no rulings).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

from tests.events.store_dump import dump
from tests.events.test_cli import Cli
from tests.events.test_individual_cli import (  # noqa: F401
    CONTRACTS,
    EVENT,
    Slip,
    cli,
    enter,
    entered,
    expected_totals,
    slips,
)

from bridgedesk.events.individual import IndividualPlan
from bridgedesk.store import individuals
from bridgedesk.store.director import audit_log
from bridgedesk.store.service import Store


def plan_of(db: Cli) -> IndividualPlan:
    with Store.open(db.db) as store:
        plan = individuals.plan(store, EVENT)
    assert plan is not None
    return plan


def plan_slips(plan: IndividualPlan) -> list[Slip]:
    out: list[Slip] = []
    for (rnd, table), at in sorted(plan.seats.items()):
        for board in at.boards:
            contract = CONTRACTS[(5 * board + 3 * table + rnd) % len(CONTRACTS)]
            out.append((rnd, table, board, at.players, contract))
    return out


def test_a_late_player_takes_a_different_seat_each_round(entered: Cli) -> None:  # noqa: F811
    before = plan_of(entered)
    for slip in plan_slips(before):
        if slip[0] == 1:
            enter(entered, slip)
    out = entered("entry", "add", EVENT, "--kind", "individual", "--player", "Late Comer",
                  "--late")  # fmt: skip
    assert out == "entered player 13 in section A: Late Comer\n"
    after = plan_of(entered)
    assert after.players == (*before.players, 13)
    changed = sorted(k for k in before.seats if before.seats[k] != after.seats[k])
    assert [r for r, _t in changed] == list(range(2, before.rounds + 1))
    out_players, partners, boards = [], [], []
    for key in changed:
        old, new = before.seats[key].players, after.seats[key].players
        diff = [i for i in range(4) if old[i] != new[i]]
        assert len(diff) == 1 and new[diff[0]] == 13
        out_players.append(old[diff[0]])
        partners.append(new[{0: 1, 1: 0, 2: 3, 3: 2}[diff[0]]])
        boards += after.seats[key].boards
    assert len(set(out_players)) == len(out_players)
    assert len(set(partners)) == len(partners)
    assert len(set(boards)) == len(boards)
    count = lambda p: Counter(b for at in p.seats.values() for b in at.boards)  # noqa: E731
    assert count(after) == count(before)
    with Store.open(entered.db) as store:
        log = audit_log(store, EVENT)
    assert log[-1].action == "late-player"
    assert "(late)" in entered("entry", "list", EVENT).splitlines()[12]
    every = plan_slips(after)
    for slip in every:
        if slip[0] > 1:
            enter(entered, slip)
    doc = json.loads(entered("results", EVENT, "--format", "json"))
    got = {int(r["pair"]): Fraction(str(r["total"])) for r in doc["ranking"]}
    want = expected_totals(every, rulings=False)
    played = {p for s in every for p in s[3]}
    assert set(got) == played
    # totals are factored to the field's boards: compare the late player's percentage
    late = next(r for r in doc["ranking"] if int(r["pair"]) == 13)
    mine = len([s for s in every if 13 in s[3]])
    assert round(float(want[13] * 100 / (2 * mine)), 2) == late["percentage"]
    assert dump(entered.db)  # the store is readable after all of it


def test_a_late_player_after_round_2_is_refused(entered: Cli) -> None:  # noqa: F811
    for slip in slips():
        if slip[0] <= 2:
            enter(entered, slip)
    before = dump(entered.db)
    err = entered("entry", "add", EVENT, "--kind", "individual", "--player", "Late", "--late",
                  status=2)  # fmt: skip
    assert "only before round 2" in err
    assert dump(entered.db) == before
