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
from bridgedesk.practice.play import TRICKS, Trick

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


def lead_tricks(
    positions: Sequence[Hands], trick: Trick, trump: Suit | None, cards: Sequence[Card]
) -> list[dict[Card, int]]:
    """For each position, the tricks the leader's side takes after leading each of
    ``cards``: a solve from the next seat after each card (one best card each),
    cheaper than :func:`card_tricks` when only a few cards are worth asking about."""
    from endplay.dds import solve_all_boards
    from endplay.dds.solve import SolveMode
    from endplay.types import Card as ECard

    if trick.cards:
        raise ValueError("lead_tricks is for a lead: the trick must be empty")
    left = len(next(iter(positions[0].values()))) if positions else 0
    boards = []
    for hands in positions:
        for card in cards:
            deal = _position(hands, trick, trump)
            deal.play(ECard(str(card)))
            boards.append(deal)
    with _LOCK:
        solved = list(solve_all_boards(boards, SolveMode.OptimalOne))
    out: list[dict[Card, int]] = []
    for i in range(len(positions)):
        row = solved[i * len(cards) : (i + 1) * len(cards)]
        out.append(
            {card: left - max(t for _, t in board) for card, board in zip(cards, row, strict=True)}
        )
    return out


def declarer_reaches(hands: Hands, declarer: Seat, strain: Strain, tricks: int) -> bool:
    """Whether declarer takes ``tricks`` tricks or more double dummy in ``strain``: one
    search for a yes or no (the defenders' target of defeating it), several times
    cheaper than counting the tricks (:func:`declarer_tricks`)."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    if tricks <= 0:
        return True
    beat = TRICKS + 1 - tricks  # the defenders' tricks that defeat it
    deal = EDeal(_pbn(hands))
    deal.first = Player(declarer.lho.index)
    deal.trump = Denom(_DENOMS.index(strain))
    with _LOCK:
        found = list(solve_board(deal, SolveMode.TargetOne, beat))
    # a reached target comes back as one card scored with it; a missed one as nothing
    return not (found and found[0][1] >= beat)


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


#: Solved whole deals, by (deal, declarer): the expert's contract, the par, the review
#: and the closed room's process all want the same five counts.
_SOLVED: dict[tuple[str, Seat], dict[Strain, int]] = {}
_SOLVED_KEEP = 64


def hands_of(deal: Deal) -> dict[Seat, frozenset[Card]]:
    return {s: deal.hand(s).cards for s in SEATS}


def remember_deal_tricks(hands: Hands, declarer: Seat, tricks: Mapping[Strain, int]) -> None:
    """Keep counts solved elsewhere (the closed room's process) for :func:`deal_tricks`."""
    if len(_SOLVED) >= _SOLVED_KEEP:
        _SOLVED.pop(next(iter(_SOLVED)))
    _SOLVED[(_pbn(hands), declarer)] = dict(tricks)


def deal_tricks(hands: Hands, declarer: Seat) -> dict[Strain, int]:
    """Declarer's double-dummy tricks in all five strains for a whole deal, solved once
    per deal and declarer."""
    known = _SOLVED.get((_pbn(hands), declarer))
    if known is None:
        known = declarer_tricks([hands], declarer)[0]
        remember_deal_tricks(hands, declarer, known)
    return dict(known)


__all__ = [
    "Hands",
    "card_tricks",
    "deal_tricks",
    "declarer_reaches",
    "declarer_tricks",
    "hands_of",
    "lead_tricks",
    "remember_deal_tricks",
]
