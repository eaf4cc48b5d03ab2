"""Cards and hands: immutable, hashable, with the counts a director and a player expect.

Suits are listed spades first (S H D C), as every hand record and PBN deal
shows them; ranks run A K Q J T 9 ... 2, with ``10`` accepted for ``T`` on input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering

from bridgedesk.errors import DealError


class Suit(Enum):
    """A suit, in the display order of hand records: spades, hearts, diamonds, clubs."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @property
    def index(self) -> int:
        """0 for spades ... 3 for clubs (display order)."""
        return _SUITS.index(self)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self.index]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in _SUITS:
            if key in (suit.value, suit.symbol):
                return suit
        raise DealError(
            "unknown suit {given!r}: expected S, H, D or C", code="deal.unknown-suit", given=text
        )

    def __str__(self) -> str:
        return self.value


_SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
#: Suits in display order S H D C.
SUITS = _SUITS
_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")

#: Rank characters from the highest: A K Q J T 9 ... 2 (rank values 14 down to 2).
RANK_CHARS = "AKQJT98765432"
_HCP = {14: 4, 13: 3, 12: 2, 11: 1}


def rank_char(rank: int) -> str:
    """``A`` for 14 ... ``2`` for 2."""
    return RANK_CHARS[14 - rank]


def parse_ranks(text: str) -> list[int]:
    """Rank values of a holding written as ``AKT2``, ``AK102`` or ``-`` (void).

    The ranks may be in any order; ``10`` and ``T`` both mean the ten.
    Raises :class:`DealError` naming the unknown character.
    """
    text = text.strip().upper()
    if text in ("", "-"):
        return []
    ranks: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if text.startswith("10", i):
            ranks.append(10)
            i += 2
            continue
        if ch not in RANK_CHARS:
            raise DealError(
                "unknown card {given!r} in {text!r}: ranks are A K Q J T (or 10) 9 8 7 6 5 4 3 2",
                code="deal.unknown-card",
                given=ch,
                text=text,
            )
        ranks.append(14 - RANK_CHARS.index(ch))
        i += 1
    return ranks


@total_ordering
@dataclass(frozen=True)
class Card:
    """A playing card; ordered by suit (S > H > D > C) then rank, like a sorted hand."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise DealError(
                "card rank must be 2..14 (2..A), got {given}",
                code="deal.card-rank",
                given=self.rank,
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """``SA``, ``HT``, ``H10``, ``D2`` (suit first)."""
        text = text.strip()
        if len(text) < 2:
            raise DealError(
                "unknown card {given!r}: write the suit then the rank, e.g. SA or H10",
                code="deal.card-format",
                given=text,
            )
        suit = Suit.parse(text[0])
        ranks = parse_ranks(text[1:])
        if len(ranks) != 1:
            raise DealError(
                "unknown card {given!r}: write the suit then the rank, e.g. SA or H10",
                code="deal.card-format",
                given=text,
            )
        return cls(suit, ranks[0])

    @property
    def hcp(self) -> int:
        """Milton Work points: A 4, K 3, Q 2, J 1."""
        return _HCP.get(self.rank, 0)

    @property
    def rank_char(self) -> str:
        return rank_char(self.rank)

    def _key(self) -> tuple[int, int]:
        return (-self.suit.index, self.rank)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank_char}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: The 52 cards, spades ace first.
DECK: tuple[Card, ...] = tuple(Card(s, r) for s in _SUITS for r in range(14, 1, -1))


@dataclass(frozen=True)
class Hand:
    """A set of cards (normally 13).  Immutable; equal hands compare equal."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """A hand of ``cards``; a card given twice raises :class:`DealError`."""
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise DealError(
                    "card {card} is given twice in one hand",
                    code="deal.card-twice-in-hand",
                    card=card,
                )
            seen.add(card)
        return cls(frozenset(seen))

    @classmethod
    def from_suits(cls, holdings: Iterable[str]) -> Hand:
        """A hand from four holdings in S H D C order, e.g. ``["AKQ", "J", "T98", "-"]``."""
        items = list(holdings)
        if len(items) != 4:
            raise DealError(
                "a hand needs 4 suits (S H D C), got {suits}",
                code="deal.hand-suits",
                suits=len(items),
            )
        cards: list[Card] = []
        for suit, text in zip(_SUITS, items, strict=True):
            cards.extend(Card(suit, r) for r in parse_ranks(text))
        return cls.of(cards)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """A hand in PBN form ``AKQ.J.T98.765`` (S.H.D.C, a void is empty)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise DealError(
                "hand {text!r} must have 4 suits separated by dots (spades.hearts.diamonds.clubs)",
                code="deal.hand-format",
                text=text,
            )
        return cls.from_suits(p if p else "-" for p in parts)

    def ranks(self, suit: Suit) -> tuple[int, ...]:
        """Rank values held in ``suit``, highest first."""
        return tuple(sorted((c.rank for c in self.cards if c.suit is suit), reverse=True))

    def holding(self, suit: Suit, *, ten: str = "T", void: str = "") -> str:
        """The holding in ``suit`` as text, e.g. ``AQT2``; ``void`` when empty."""
        ranks = self.ranks(suit)
        if not ranks:
            return void
        return "".join(ten if r == 10 else rank_char(r) for r in ranks)

    def length(self, suit: Suit) -> int:
        return sum(1 for c in self.cards if c.suit is suit)

    @property
    def lengths(self) -> tuple[int, int, int, int]:
        """Suit lengths in S H D C order."""
        s, h, d, c = (self.length(suit) for suit in _SUITS)
        return (s, h, d, c)

    @property
    def shape(self) -> tuple[int, ...]:
        """Suit lengths longest first, e.g. (5, 3, 3, 2)."""
        return tuple(sorted(self.lengths, reverse=True))

    @property
    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return sum(c.hcp for c in self.cards)

    def pbn(self) -> str:
        """PBN form ``AKQ.J.T98.765``."""
        return ".".join(self.holding(s) for s in _SUITS)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, reverse=True))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return " ".join(f"{s.value}:{self.holding(s, void='-')}" for s in _SUITS)

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.pbn()!r})"
