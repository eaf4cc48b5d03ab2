"""The play of the cards (002:36-38): following suit, trumps, the winner leads.

:class:`PlayState` is one deal's play so far: the original hands, the
declarer, the trump suit (``None`` in no trumps) and the cards played, in
order.  It is immutable; :meth:`PlayState.play` returns the next state and
refuses a card the rules do not allow.  The player to the declarer's left
leads first; each player must follow the suit led when able; the highest
trump, or else the highest card of the suit led, wins the trick, and its
winner leads the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import Card, Suit
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError

TRICKS = 13


def trump_of(strain: Strain) -> Suit | None:
    """The trump suit of a strain (``None`` for no trumps)."""
    return None if strain is Strain.NT else Suit(strain.value)


@dataclass(frozen=True)
class Trick:
    """Up to four cards played to one trick, starting with the leader's."""

    leader: Seat
    cards: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    def seat_of(self, i: int) -> Seat:
        """Who played the ``i``-th card of the trick."""
        seat = self.leader
        for _ in range(i):
            seat = seat.lho
        return seat

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self.seat_of(i), c) for i, c in enumerate(self.cards))

    def winner(self, trump: Suit | None) -> Seat:
        """The seat that wins the (complete) trick (002:38)."""
        if not self.complete:
            raise PracticeError("an incomplete trick has no winner yet")
        led = self.cards[0].suit

        def strength(card: Card) -> tuple[int, int]:
            if trump is not None and card.suit is trump:
                return (2, card.rank)
            return (1, card.rank) if card.suit is led else (0, card.rank)

        best = max(range(4), key=lambda i: strength(self.cards[i]))
        return self.seat_of(best)


def _split(played: tuple[Card, ...], first: Seat, trump: Suit | None) -> tuple[Trick, ...]:
    tricks: list[Trick] = []
    leader = first
    for start in range(0, len(played), 4):
        trick = Trick(leader, played[start : start + 4])
        tricks.append(trick)
        if trick.complete:
            leader = trick.winner(trump)
    if not tricks or tricks[-1].complete:
        tricks.append(Trick(leader, ()))
    return tuple(tricks)


@dataclass(frozen=True)
class PlayState:
    """The play of one deal so far.  Build with :meth:`start`; advance with :meth:`play`."""

    deal: Deal
    declarer: Seat
    trump: Suit | None
    played: tuple[Card, ...] = ()
    _tricks: tuple[Trick, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tricks", _split(self.played, self.declarer.lho, self.trump))

    @classmethod
    def start(cls, deal: Deal, declarer: Seat, strain: Strain) -> PlayState:
        return cls(deal, declarer, trump_of(strain))

    @classmethod
    def replay(cls, deal: Deal, declarer: Seat, strain: Strain, cards: Iterable[Card]) -> PlayState:
        """The state after playing ``cards`` in order, each checked."""
        state = cls.start(deal, declarer, strain)
        for card in cards:
            state = state.play(card)
        return state

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(t for t in self._tricks if t.complete)

    @property
    def current(self) -> Trick:
        """The trick in progress (no cards yet when a trick has just ended)."""
        return self._tricks[-1]

    @property
    def is_over(self) -> bool:
        return len(self.played) == 4 * TRICKS

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is (the leader of the next trick after the last card)."""
        return self.current.seat_of(len(self.current.cards))

    def controller(self, seat: Seat) -> Seat:
        """Who chooses ``seat``'s cards: the declarer plays dummy's (002:36)."""
        return self.declarer if seat is self.dummy else seat

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(c for t in self._tricks for s, c in t.plays() if s is seat)

    def remaining(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        return self.deal.hand(seat).cards - frozenset(self.played_by(seat))

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to play may play, highest first (002:37)."""
        if self.is_over:
            return ()
        hand = self.remaining(self.to_play)
        if self.current.cards:
            led = self.current.cards[0].suit
            follow = [c for c in hand if c.suit is led]
            if follow:
                return tuple(sorted(follow, reverse=True))
        return tuple(sorted(hand, reverse=True))

    def play(self, card: Card) -> PlayState:
        """The state after the player to play plays ``card``."""
        if self.is_over:
            raise PracticeError("all 13 tricks have been played")
        seat = self.to_play
        if card not in self.remaining(seat):
            raise PracticeError(f"{seat.english} does not hold {card}")
        if card not in self.legal():
            led = self.current.cards[0].suit
            raise PracticeError(
                f"{seat.english} must follow suit ({led.value}) and cannot play {card}"
            )
        return PlayState(self.deal, self.declarer, self.trump, (*self.played, card))

    def tricks_won(self, side: Side) -> int:
        return sum(1 for t in self.tricks if t.winner(self.trump).side is side)

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer.side)

    def shown_void(self, seat: Seat) -> frozenset[Suit]:
        """Suits ``seat`` has shown out of by not following to them."""
        out: set[Suit] = set()
        for trick in self._tricks:
            if not trick.cards:
                continue
            led = trick.cards[0].suit
            for s, c in trick.plays():
                if s is seat and c.suit is not led:
                    out.add(led)
        return frozenset(out)


__all__ = ["TRICKS", "PlayState", "Trick", "trump_of"]
