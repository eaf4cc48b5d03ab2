"""Double-dummy answers for the computer players, through endplay (Bo Haglund's DDS).

Two questions: how many of the remaining tricks the side to play takes
after each of its legal cards (:func:`card_tricks`), and declarer's tricks in
some strains for whole deals (:func:`declarer_tricks`).  DDS keeps global
state, so every call here holds one lock: the closed room may be played in a
background thread while a person plays the open room.  endplay is imported inside
the functions: it costs about 0.7 s (python -X importtime), which a practice
session pays only when a computer player first thinks.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from bridgedesk.bridge import SEATS, Seat, Strain
from bridgedesk.deals.cards import SUITS, Card, Suit
from bridgedesk.deals.deal import Deal
from bridgedesk.practice.play import Trick

_LOCK = threading.Lock()
#: endplay's Denom order (spades, hearts, diamonds, clubs, no trumps).
_DENOMS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)

Hands = Mapping[Seat, frozenset[Card]]


def _pbn(hands: Hands) -> str:
    def holding(cards: frozenset[Card], suit: Suit) -> str:
        ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
        return "".join(c.rank_char for c in (Card(suit, r) for r in ranks))

    return "N:" + " ".join(".".join(holding(hands[s], suit) for suit in SUITS) for s in SEATS)


def _card(ecard: Any) -> Card:
    return Card(SUITS[int(ecard.suit)], int(ecard.rank).bit_length() - 1)


def _position(hands: Hands, trick: Trick, trump: Suit | None) -> Any:
    """An endplay deal at the current point: the trick's cards are given back and replayed."""
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    full = {seat: set(cards) for seat, cards in hands.items()}
    for seat, card in trick.plays():
        full[seat].add(card)
    deal = EDeal(_pbn({s: frozenset(c) for s, c in full.items()}))
    deal.first = Player(trick.leader.index)
    deal.trump = Denom.nt if trump is None else Denom(SUITS.index(trump))
    for card in trick.cards:
        deal.play(ECard(str(card)))
    return deal


def card_tricks(
    positions: Sequence[Hands], trick: Trick, trump: Suit | None, *, optimal_only: bool = False
) -> list[dict[Card, int]]:
    """For each position (remaining hands of all four seats), the tricks still to come that
    the side to play takes after each legal card, playing double dummy from then on.

    With ``optimal_only`` only the cards that keep the best result are listed
    (DDS finds them faster than the values of all cards)."""
    from endplay.dds import solve_all_boards, solve_board
    from endplay.dds.solve import SolveMode

    mode = SolveMode.OptimalAll if optimal_only else SolveMode.Default
    deals = [_position(p, trick, trump) for p in positions]
    with _LOCK:
        if len(deals) == 1:
            solved = [solve_board(deals[0], mode)]
        else:
            solved = list(solve_all_boards(deals, mode))
    return [{_card(c): int(t) for c, t in board} for board in solved]


def declarer_tricks(
    deals: Sequence[Hands], declarer: Seat, strains: Sequence[Strain] = _DENOMS
) -> list[dict[Strain, int]]:
    """Declarer's double-dummy tricks in each of ``strains``, for whole deals.

    Each (deal, strain) is one DDS search from the opening leader's seat
    (one optimal card is enough), which is cheaper than a full 20-entry table
    when only one declarer matters.
    """
    from endplay.dds import solve_all_boards
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    boards = []
    for hands in deals:
        for strain in strains:
            deal = EDeal(_pbn(hands))
            deal.first = Player(declarer.lho.index)
            deal.trump = Denom(_DENOMS.index(strain))
            boards.append(deal)
    with _LOCK:
        solved = list(solve_all_boards(boards, SolveMode.OptimalOne))
    out: list[dict[Strain, int]] = []
    for i in range(len(deals)):
        row = solved[i * len(strains) : (i + 1) * len(strains)]
        out.append(
            {
                strain: 13 - max(t for _, t in board)
                for strain, board in zip(strains, row, strict=True)
            }
        )
    return out


#: Solved whole deals, by (deal, declarer): the par, the review and the closed room's
#: worker all want the same five counts.
_SOLVED: dict[tuple[str, Seat], dict[Strain, int]] = {}
_SOLVED_KEEP = 64


def remember_deal_tricks(deal: Deal, declarer: Seat, tricks: Mapping[Strain, int]) -> None:
    """Keep counts solved elsewhere (the closed room's process) for :func:`deal_tricks`."""
    if len(_SOLVED) >= _SOLVED_KEEP:
        _SOLVED.pop(next(iter(_SOLVED)))
    _SOLVED[(deal.pbn(Seat.N), declarer)] = dict(tricks)


def deal_tricks(deal: Deal, declarer: Seat) -> dict[Strain, int]:
    """Declarer's double-dummy tricks in all five strains for a whole deal, solved once
    per deal and declarer."""
    known = _SOLVED.get((deal.pbn(Seat.N), declarer))
    if known is None:
        known = declarer_tricks([{s: deal.hand(s).cards for s in SEATS}], declarer)[0]
        remember_deal_tricks(deal, declarer, known)
    return dict(known)


__all__ = ["Hands", "card_tricks", "deal_tricks", "declarer_tricks", "remember_deal_tricks"]
