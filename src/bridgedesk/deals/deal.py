"""A deal: the 52 cards in four hands of 13, with its board number, dealer and vulnerability.

Dealer and vulnerability follow from the board number (004:421-434, via
:func:`bridgedesk.bridge.board_dealer` and
:func:`bridgedesk.bridge.board_vulnerability`) unless stated otherwise, as a
``.HND`` file or a PBN game may do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Seat, Vulnerability, board_dealer, board_vulnerability
from bridgedesk.deals.cards import DECK, SUITS, Card, Hand
from bridgedesk.errors import DealError
from bridgedesk.i18n import LazyText, lazy_gettext

#: The seats as a message names a hand (said in the reader's language with it).
_SEAT_NAMES: dict[Seat, LazyText] = {
    Seat.N: lazy_gettext("North"),
    Seat.E: lazy_gettext("East"),
    Seat.S: lazy_gettext("South"),
    Seat.W: lazy_gettext("West"),
}


def check_hands(hands: Sequence[Hand]) -> None:
    """Raise :class:`DealError` unless ``hands`` (N E S W) are 52 distinct cards, 13 each.

    The message names the card given twice, the hand with the wrong count and
    the cards missing.
    """
    if len(hands) != 4:
        raise DealError(
            "a deal needs 4 hands (N E S W), got {hands}", code="deal.hand-count", hands=len(hands)
        )
    owner: dict[Card, Seat] = {}
    for seat, hand in zip(SEATS, hands, strict=True):
        for card in hand.cards:
            if card in owner:
                raise DealError(
                    "card {card} is given twice ({first} and {second}); each card "
                    "belongs to one hand",
                    code="deal.card-twice",
                    card=card,
                    first=_SEAT_NAMES[owner[card]],
                    second=_SEAT_NAMES[seat],
                )
            owner[card] = seat
    for seat, hand in zip(SEATS, hands, strict=True):
        if len(hand) != 13:
            missing = [str(c) for c in DECK if c not in owner]
            if missing:
                raise DealError(
                    "{seat} has {cards} cards, a hand needs 13; cards not in any hand: {missing}",
                    code="deal.hand-size-missing",
                    seat=_SEAT_NAMES[seat],
                    cards=len(hand),
                    missing=" ".join(missing),
                )
            raise DealError(
                "{seat} has {cards} cards, a hand needs 13",
                code="deal.hand-size",
                seat=_SEAT_NAMES[seat],
                cards=len(hand),
            )


@dataclass(frozen=True)
class Deal:
    """Four hands N E S W of 13 distinct cards, with board number, dealer and vulnerability.

    Build one with :meth:`from_hands` or :meth:`from_pbn`, which fill the dealer
    and vulnerability from the board number when they are not given.
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    board: int
    dealer: Seat
    vulnerability: Vulnerability

    def __post_init__(self) -> None:
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise DealError(
                "board number must be a whole number >= 1, got {given!r}",
                code="deal.board-number",
                given=self.board,
            )
        check_hands(self.hands)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Hand] | Mapping[Seat, Hand],
        board: int = 1,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> Deal:
        """A deal from four hands (a sequence N E S W or a mapping by seat)."""
        seq = tuple(hands[seat] for seat in SEATS) if isinstance(hands, Mapping) else tuple(hands)
        if len(seq) != 4:
            raise DealError(
                "a deal needs 4 hands (N E S W), got {hands}",
                code="deal.hand-count",
                hands=len(seq),
            )
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise DealError(
                "board number must be a whole number >= 1, got {given!r}",
                code="deal.board-number",
                given=board,
            )
        return cls(
            (seq[0], seq[1], seq[2], seq[3]),
            board,
            dealer if dealer is not None else board_dealer(board),
            vulnerability if vulnerability is not None else board_vulnerability(board),
        )

    @classmethod
    def from_pbn(
        cls,
        text: str,
        board: int = 1,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> Deal:
        """A deal from a PBN ``Deal`` value ``N:AKQ.J.T98.765 ...`` (hands clockwise)."""
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise DealError(
                "PBN deal {start!r}... must start with the first seat and a colon, e.g. 'N:'",
                code="pbn.deal-start",
                start=text[:20],
            )
        try:
            first = Seat.parse(text[0])
        except ValueError:
            raise DealError(
                "PBN deal must start with N, E, S or W, got {given!r}",
                code="pbn.deal-first-seat",
                given=text[0],
            ) from None
        parts = text[2:].split()
        if len(parts) != 4:
            raise DealError(
                "PBN deal needs 4 hands separated by spaces, got {hands}",
                code="pbn.deal-hands",
                hands=len(parts),
            )
        hands: dict[Seat, Hand] = {}
        seat = first
        for part in parts:
            if part == "-":
                raise DealError(
                    "the {seat} hand is not given ('-'); a deal needs all four",
                    code="pbn.deal-hand-missing",
                    seat=_SEAT_NAMES[seat],
                )
            try:
                hands[seat] = Hand.from_pbn(part)
            except DealError as exc:
                raise DealError(
                    "{seat}: {problem}",
                    code="pbn.deal-hand",
                    seat=_SEAT_NAMES[seat],
                    problem=exc,
                ) from None
            seat = seat.lho
        return cls.from_hands(hands, board, dealer, vulnerability)

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat.index]

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat.index]

    def owner(self, card: Card) -> Seat:
        """The seat holding ``card``."""
        for seat, hand in zip(SEATS, self.hands, strict=True):
            if card in hand:
                return seat
        raise DealError(
            "card {card} is in no hand", code="deal.card-in-no-hand", card=card
        )  # pragma: no cover - deals are complete

    def hcp(self) -> dict[Seat, int]:
        """High-card points of each hand."""
        return {seat: hand.hcp for seat, hand in zip(SEATS, self.hands, strict=True)}

    def pbn(self, first: Seat | None = None) -> str:
        """The PBN ``Deal`` value, starting with ``first`` (the dealer by default, as in export)."""
        start = self.dealer if first is None else first
        seats = [SEATS[(start.index + i) % 4] for i in range(4)]
        return f"{start.value}:" + " ".join(self.hands[s.index].pbn() for s in seats)

    def with_board(
        self,
        board: int,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> Deal:
        """The same cards as board ``board`` (dealer and vulnerability from it unless given)."""
        return Deal.from_hands(self.hands, board, dealer, vulnerability)

    @property
    def standard_dealer(self) -> bool:
        """Whether the dealer is the one the board number gives."""
        return self.dealer is board_dealer(self.board)

    @property
    def standard_vulnerability(self) -> bool:
        """Whether the vulnerability is the one the board number gives."""
        return self.vulnerability is board_vulnerability(self.board)

    def __str__(self) -> str:
        lines = [f"Board {self.board}  dealer {self.dealer}  vulnerable {self.vulnerability}"]
        lines += [f"{s.value}  {self.hands[s.index]}" for s in SEATS]
        return "\n".join(lines)

    def __repr__(self) -> str:
        args = [repr(self.pbn(Seat.N)), f"board={self.board}"]
        if not self.standard_dealer:
            args.append(f"dealer=Seat.{self.dealer.name}")
        if not self.standard_vulnerability:
            args.append(f"vulnerability=Vulnerability.{self.vulnerability.name}")
        return f"Deal.from_pbn({', '.join(args)})"


__all__ = ["SUITS", "Deal", "check_hands"]
