"""The practice game's words in one person's language, from the project's catalogs.

Every sentence the practice game shows people, in the terminal
(:mod:`bridgedesk.cli.practice`) and in the browser
(:mod:`bridgedesk.web.practice`), is a gettext message of the catalogs of
:mod:`bridgedesk.i18n` (English, Japanese, Swedish; ``docs/languages.md``):
the code says ``w._("Board {board} of {boards}").format(...)`` where ``w`` is
the :class:`Words` of the person's language, and the templates say
``_("...")``.  This module adds what the sentences are made of: the names of
seats, sides, suits, strains, contracts and computer levels, each a message
marked here once.

The Japanese terms follow the MiniBridge rules of the seed (002:9-48: ダミー,
オープニングリード, パートスコア) with the project's one word for declarer
(ディクレアラー, the JCBL Director Manual's, 004); the Swedish ones are the SBF's
(spelförare, träkarl, utspel, manch, delkontrakt, sang).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import Card, Suit
from bridgedesk.errors import PracticeError
from bridgedesk.i18n import LANGS, LazyText, catalog, lazy_gettext, lazy_pgettext

_SEATS: dict[Seat, LazyText] = {
    Seat.N: lazy_gettext("North"),
    Seat.E: lazy_gettext("East"),
    Seat.S: lazy_gettext("South"),
    Seat.W: lazy_gettext("West"),
}
# a side named in a sentence ("North-South need 9 tricks"), not a column's heading
_SIDES: dict[Side, LazyText] = {
    Side.NS: lazy_pgettext("side", "North-South"),
    Side.EW: lazy_pgettext("side", "East-West"),
}
# a suit named in a sentence ("8 spades together")
_SUITS: dict[Suit, LazyText] = {
    Suit.S: lazy_gettext("spades"),
    Suit.H: lazy_gettext("hearts"),
    Suit.D: lazy_gettext("diamonds"),
    Suit.C: lazy_gettext("clubs"),
}
_NO_TRUMPS = lazy_gettext("no trumps")
_GAME = lazy_pgettext("contract", "game")
_PART = lazy_pgettext("contract", "part score")
#: The computer's levels (:func:`bridgedesk.practice.players.levels`) as people call them.
_LEVELS: dict[str, LazyText] = {
    "club": lazy_pgettext("practice level", "club"),
    "expert": lazy_pgettext("practice level", "expert"),
}
_SUIT_SYMBOLS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}


def lang_of(text: str | None) -> str:
    """``text`` if it is a language bridgedesk speaks, else English."""
    return text if text in LANGS else "en"


@dataclass(frozen=True)
class Words:
    """The practice game's words in one language (one of :data:`bridgedesk.i18n.LANGS`)."""

    lang: str = "en"

    def __post_init__(self) -> None:
        if self.lang not in LANGS:
            raise PracticeError(
                f"unknown language {self.lang!r}: expected one of {', '.join(LANGS)}"
            )

    def _(self, message: str) -> str:
        """``message`` (its English text) in this language."""
        return catalog(self.lang).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of a message that ``count`` takes, in this language."""
        return catalog(self.lang).ngettext(singular, plural, count)

    def seat(self, seat: Seat) -> str:
        return _SEATS[seat].in_(self.lang)

    def side(self, side: Side) -> str:
        return _SIDES[side].in_(self.lang)

    def suit(self, suit: Suit) -> str:
        return _SUITS[suit].in_(self.lang)

    def strain(self, strain: Strain) -> str:
        """``no trumps`` or the suit's symbol."""
        return (
            _NO_TRUMPS.in_(self.lang) if strain is Strain.NT else _SUIT_SYMBOLS[Suit(strain.value)]
        )

    def kind(self, game: bool) -> str:
        """``game`` or ``part score``."""
        return (_GAME if game else _PART).in_(self.lang)

    def contract(self, strain: Strain, game: bool) -> str:
        """A MiniBridge contract as the table shows it: ``♠ game``, ``no trumps part score``."""
        return f"{self.strain(strain)} {self.kind(game)}"

    def level(self, level: str) -> str:
        """A computer level's name (an unknown one as it is)."""
        name = _LEVELS.get(level)
        return level if name is None else name.in_(self.lang)

    @staticmethod
    def symbol(suit: Suit) -> str:
        return _SUIT_SYMBOLS[suit]

    @staticmethod
    def card(card: Card) -> str:
        """A card as people write it: the suit's symbol and the rank (10, not T)."""
        return _SUIT_SYMBOLS[card.suit] + ("10" if card.rank == 10 else card.rank_char)


__all__ = ["LANGS", "Words", "lang_of"]
