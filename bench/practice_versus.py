"""How the club level fares against double dummy: club players in one room, expert in the other.

Usage: .venv/bin/python bench/practice_versus.py [--boards 16] [--seed 1]
Each deal is played twice, once with the club level at all four seats and once
with the expert level; prints, per deal, both contracts, tricks and NS scores,
and in total the IMPs the club room's North-South gained (a measure of how far
single-dummy play and contract choice fall short of double dummy: NS and EW are
both club players, so the total can lean either way; the mean absolute swing
is the figure to read).
"""

from __future__ import annotations

import argparse
import random

from bridgedesk.bridge import SEATS, Seat
from bridgedesk.deals.generate import random_deal
from bridgedesk.practice import declaration
from bridgedesk.practice.club import ClubPlayer
from bridgedesk.practice.expert import ExpertPlayer
from bridgedesk.practice.players import ComputerPlayer
from bridgedesk.practice.room import play_room
from bridgedesk.practice.session import team_imps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    swings: list[int] = []
    same_contract = 0
    for board in range(1, args.boards + 1):
        k = 0
        deal = random_deal(board, random.Random(f"{args.seed}/{board}/{k}"))
        while declaration(deal).redeal:
            k += 1
            deal = random_deal(board, random.Random(f"{args.seed}/{board}/{k}"))
        found = declaration(deal)
        club: dict[Seat, ComputerPlayer] = {
            s: ClubPlayer(random.Random(f"{args.seed}/{board}/{s}")) for s in SEATS
        }
        expert: dict[Seat, ComputerPlayer] = {s: ExpertPlayer() for s in SEATS}
        a = play_room(deal, found, club)
        b = play_room(deal, found, expert)
        swing = team_imps(a.score_ns, b.score_ns)
        swings.append(swing)
        same_contract += a.contract == b.contract
        print(
            f"board {board:>2} declarer {found.declarer}: club {a.contract} {a.tricks} "
            f"({a.score_ns:+d})  expert {b.contract} {b.tricks} ({b.score_ns:+d})  {swing:+d} IMPs"
        )
    n = len(swings)
    print(
        f"{n} deals: same contract as double dummy on {same_contract}; club NS "
        f"{sum(swings):+d} IMPs in total; mean absolute swing {sum(map(abs, swings)) / n:.2f} IMPs"
    )


if __name__ == "__main__":
    main()
