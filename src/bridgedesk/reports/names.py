"""What bridge things are called for people, in the reader's language: scoring methods,
seats, vulnerability, strains (the catalogs of :mod:`bridgedesk.i18n`).

The Japanese words are the JCBL Director Manual's (マッチポイント, クロス IMP, 004), the
seats and vulnerability as the Micro Bridge help file writes them (ノース, 両サイドノンバル,
002:73-84); the Swedish ones the SBF's.  One table each, so a traveller, a hand record and
a table terminal say the same.
"""

from __future__ import annotations

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Strain
from bridgedesk.bridge.methods import Method
from bridgedesk.i18n import LazyText, lazy_gettext, lazy_pgettext

#: The one place a scoring method is named for people.
METHODS: dict[Method, LazyText] = {
    Method.MP: lazy_gettext("Matchpoints"),
    Method.XIMP: lazy_gettext("Cross-IMPs"),
    Method.BUTLER: lazy_gettext("Butler IMPs"),
    Method.TOTAL: lazy_gettext("Total points"),
}
SEATS: dict[Seat, LazyText] = {
    Seat.N: lazy_gettext("North"),
    Seat.E: lazy_gettext("East"),
    Seat.S: lazy_gettext("South"),
    Seat.W: lazy_gettext("West"),
}
#: A board's vulnerability, written out (a traveller's heading, a hand record).
VULNERABILITY: dict[Vulnerability, LazyText] = {
    Vulnerability.NONE: lazy_pgettext("vulnerability", "None"),
    Vulnerability.NS: lazy_pgettext("vulnerability", "N-S"),
    Vulnerability.EW: lazy_pgettext("vulnerability", "E-W"),
    Vulnerability.BOTH: lazy_pgettext("vulnerability", "Both"),
}
#: A contract's strain written out (a form's choices); NT is a strain, not a suit.
STRAINS: dict[Strain, LazyText] = {
    Strain.C: lazy_gettext("Clubs"),
    Strain.D: lazy_gettext("Diamonds"),
    Strain.H: lazy_gettext("Hearts"),
    Strain.S: lazy_gettext("Spades"),
    Strain.NT: lazy_gettext("No trump"),
}


def method_name(method: Method | str, lang: str) -> str:
    """The printed name of a scoring method (``mp`` -> Matchpoints / マッチポイント)."""
    return METHODS[Method(method)].in_(lang)


def seat_name(seat: Seat | str, lang: str) -> str:
    """A seat written out (``N`` -> North / ノース / Nord)."""
    return SEATS[Seat(seat)].in_(lang)


def vulnerability_name(vulnerability: Vulnerability, lang: str) -> str:
    """A vulnerability written out (None / 両サイドノンバル / Ingen i zonen)."""
    return VULNERABILITY[vulnerability].in_(lang)


__all__ = [
    "METHODS",
    "SEATS",
    "STRAINS",
    "VULNERABILITY",
    "method_name",
    "seat_name",
    "vulnerability_name",
]
