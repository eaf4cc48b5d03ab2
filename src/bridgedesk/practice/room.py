"""One room's play of one deal, every seat a computer (or scripted) player.

The declarer's player names the contract from what it sees (its hand and
dummy, 002:32), then the players play the 52 cards; each card is checked by
:meth:`PlayState.play`, so a player cannot break the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Seat
from bridgedesk.deals.cards import Card
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice.announce import Declaration
from bridgedesk.practice.contract import MiniContract, score_ns
from bridgedesk.practice.play import PlayState
from bridgedesk.practice.players import ComputerPlayer, contract_view, play_view


@dataclass(frozen=True)
class RoomResult:
    """A room's contract, the 52 cards in the order played, declarer's tricks, the NS score."""

    contract: MiniContract
    play: tuple[Card, ...]
    tricks: int
    score_ns: int

    @classmethod
    def of(cls, state: PlayState, contract: MiniContract) -> RoomResult:
        if not state.is_over:
            raise PracticeError("the play of the deal is not finished")
        tricks = state.declarer_tricks
        return cls(contract, state.played, tricks, score_ns(state.declarer, contract, tricks))


def name_contract(deal: Deal, declaration: Declaration, player: ComputerPlayer) -> MiniContract:
    hands = {s: deal.hand(s).cards for s in SEATS}
    return player.choose_contract(
        contract_view(hands, declaration, double_dummy=player.double_dummy)
    )


def next_card(
    state: PlayState, contract: MiniContract, declaration: Declaration, player: ComputerPlayer
) -> Card:
    """The card ``player`` (controlling the seat to play) chooses."""
    view = play_view(state, contract, declaration, double_dummy=player.double_dummy)
    return player.choose_card(view)


def play_room(
    deal: Deal,
    declaration: Declaration,
    players: Mapping[Seat, ComputerPlayer],
    contract: MiniContract | None = None,
) -> RoomResult:
    """Play ``deal`` with ``players`` by seat (dummy's player is never asked)."""
    declarer = declaration.declarer
    if declarer is None:
        raise PracticeError("a 20-20 deal is dealt again, not played (002:31)")
    if contract is None:
        contract = name_contract(deal, declaration, players[declarer])
    state = PlayState.start(deal, declarer, contract.strain)
    while not state.is_over:
        player = players[state.controller(state.to_play)]
        state = state.play(next_card(state, contract, declaration, player))
    return RoomResult.of(state, contract)


__all__ = ["RoomResult", "name_contract", "next_card", "play_room"]
