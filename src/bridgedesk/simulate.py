"""Plausible table results for a dealt board, for the demo and for tests.

Nothing here is a rule of bridge: it is a small, seeded model of what club
players bid and make, so that a demonstration session has travellers that look
like real ones (mostly the normal contract, a few overbids, an occasional
double or passed-out board).

* With a double-dummy table (:class:`~bridgedesk.deals.analysis.BoardRecord`
  with ``dd``), the side that owns the board (par's side, or the side with more
  high-card points) declares its best strain (usually the par strain), and
  declarer takes the double-dummy tricks give or take one.
* Without one, the tricks a side can take are estimated from its combined
  high-card points and its longest fit.

Every random choice comes from the injected :class:`random.Random`, so a seed
gives the same results everywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridgedesk.bridge import Contract, Doubling, Seat, Side, Strain
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.cards import Suit
from bridgedesk.deals.deal import Deal

_SIDE_SEATS = {Side.NS: (Seat.N, Seat.S), Side.EW: (Seat.E, Seat.W)}
_SUIT_STRAIN = {Suit.S: Strain.S, Suit.H: Strain.H, Suit.D: Strain.D, Suit.C: Strain.C}
_GAME_LEVEL = {Strain.NT: 3, Strain.S: 4, Strain.H: 4, Strain.D: 5, Strain.C: 5}


@dataclass(frozen=True)
class Played:
    """What happened at one table: a contract, its declarer and the tricks taken."""

    contract: Contract
    declarer: Seat | None
    tricks: int | None


def _side_hcp(deal: Deal, side: Side) -> int:
    return sum(deal[s].hcp for s in _SIDE_SEATS[side])


def _owner(deal: Deal, record: BoardRecord | None) -> Side:
    if record is not None and record.par is not None and record.par.contracts:
        return record.par.contracts[0].side
    ns, ew = _side_hcp(deal, Side.NS), _side_hcp(deal, Side.EW)
    return Side.NS if ns >= ew else Side.EW


def _estimated_tricks(deal: Deal, seat: Seat, strain: Strain) -> int:
    """A rough trick count without double dummy: points and trump length."""
    hcp = deal[seat].hcp + deal[seat.partner].hcp
    tricks = 6.0 + (hcp - 20) / 1.6
    if strain is not Strain.NT:
        suit = next(s for s, st in _SUIT_STRAIN.items() if st is strain)
        fit = deal[seat].length(suit) + deal[seat.partner].length(suit)
        tricks += 0.5 * (fit - 8)
    return max(0, min(13, round(tricks)))


def _tricks(deal: Deal, record: BoardRecord | None, seat: Seat, strain: Strain) -> int:
    if record is not None and record.dd is not None:
        return record.dd[seat, strain]
    return _estimated_tricks(deal, seat, strain)


def _strains(deal: Deal, side: Side) -> list[Strain]:
    """The side's candidate strains: its fits of eight or more (majors first), then NT."""
    a, b = _SIDE_SEATS[side]
    fits = []
    for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
        length = deal[a].length(suit) + deal[b].length(suit)
        if length >= 8:
            fits.append((length, _SUIT_STRAIN[suit]))
    fits.sort(key=lambda f: (-f[0], -f[1].index))
    return [s for _, s in fits] + [Strain.NT]


def simulate(deal: Deal, record: BoardRecord | None, rng: random.Random) -> Played:
    """One table's result on ``deal``."""
    side = _owner(deal, record)
    if _side_hcp(deal, side) < 18 and rng.random() < 0.6:
        return Played(Contract.PASS, None, None)
    strains = _strains(deal, side)
    best = max(strains, key=lambda st: max(_tricks(deal, record, s, st) for s in _SIDE_SEATS[side]))
    if record is not None and record.par is not None and record.par.contracts:
        par = record.par.contracts[0].contract
        if par.strain is not None and par.strain in strains:
            best = par.strain
    strain = best if rng.random() < 0.8 else rng.choice(strains)
    seats = sorted(_SIDE_SEATS[side], key=lambda s: -_tricks(deal, record, s, strain))
    declarer = seats[0] if rng.random() < 0.8 else seats[1]
    dd = _tricks(deal, record, declarer, strain)
    makeable = dd - 6
    game = _GAME_LEVEL[strain]
    if makeable >= 6 and rng.random() < 0.6:
        level = makeable
    elif makeable >= game or (makeable == game - 1 and rng.random() < 0.35):
        level = game
    else:
        level = max(1, min(makeable, rng.choice((1, 2, 2, 3))))
    if rng.random() < 0.12:
        level += 1
    level = max(1, min(7, level))
    taken = dd + rng.choices((-2, -1, 0, 1), weights=(3, 22, 55, 20))[0]
    taken = max(0, min(13, taken))
    doubling = Doubling.UNDOUBLED
    if taken <= level + 4 and rng.random() < 0.5:
        doubling = Doubling.DOUBLED
    return Played(Contract(level, strain, doubling), declarer, taken)


__all__ = ["Played", "simulate"]
