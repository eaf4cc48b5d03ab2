"""Time the club level's card choices: p50, p95 and the worst, over whole deals.

Usage: .venv/bin/python bench/practice_club.py [--boards 16] [--seed 1] [--samples N]
Plays --boards generated deals with the club level at every seat (one room each)
and times every card a player had to think about (a single legal card, or
cards that are all equivalent, take no time and are counted apart): wall
time, and CPU time of the process (DDS threads included), which the other
load on a shared machine does not inflate.  The
target is p95 under 0.5 s on the 2-core machine; also prints the contract
choice time and, for comparison, the expert level's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bridgedesk.bridge import SEATS, Seat
from bridgedesk.deals.generate import random_deal
from bridgedesk.practice import PlayState, declaration
from bridgedesk.practice.choice import distinct_cards
from bridgedesk.practice.club import CARD_SAMPLES, ClubPlayer
from bridgedesk.practice.expert import ExpertPlayer
from bridgedesk.practice.players import ComputerPlayer, play_view
from bridgedesk.practice.room import name_contract


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(level: str, boards: int, seed: int, samples: int) -> None:
    think: list[float] = []
    cpu: list[float] = []
    quick = 0
    contract_times: list[float] = []
    for board in range(1, boards + 1):
        k = 0
        deal = random_deal(board, random.Random(f"{seed}/{board}/{k}"))
        found = declaration(deal)
        while found.redeal:
            k += 1
            deal = random_deal(board, random.Random(f"{seed}/{board}/{k}"))
            found = declaration(deal)
        players: dict[Seat, ComputerPlayer] = {
            s: ClubPlayer(random.Random(f"{seed}/{board}/{s}"), card_samples=samples)
            if level == "club"
            else ExpertPlayer()
            for s in SEATS
        }
        assert found.declarer is not None
        start = time.perf_counter()
        contract = name_contract(deal, found, players[found.declarer])
        contract_times.append(time.perf_counter() - start)
        state = PlayState.start(deal, found.declarer, contract.strain)
        while not state.is_over:
            player = players[state.controller(state.to_play)]
            view = play_view(state, contract, found, double_dummy=player.double_dummy)
            start, start_cpu = time.perf_counter(), time.process_time()
            card = player.choose_card(view)
            elapsed = time.perf_counter() - start
            if len(distinct_cards(view)) == 1:
                quick += 1
            else:
                think.append(elapsed)
                cpu.append(time.process_time() - start_cpu)
            state = state.play(card)
    print(
        f"{level}: {boards} deals, {len(think)} cards thought about, {quick} forced; "
        f"card time p50 {statistics.median(think):.3f} s, p95 {_quantile(think, 0.95):.3f} s, "
        f"max {max(think):.3f} s (CPU time p50 {statistics.median(cpu):.3f} s, "
        f"p95 {_quantile(cpu, 0.95):.3f} s); contract choice p50 "
        f"{statistics.median(contract_times):.3f} s, max {max(contract_times):.3f} s  "
        f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=CARD_SAMPLES)
    parser.add_argument("--expert", action="store_true", help="also time the expert level")
    args = parser.parse_args()
    run("club", args.boards, args.seed, args.samples)
    if args.expert:
        run("expert", args.boards, args.seed, args.samples)


if __name__ == "__main__":
    main()
