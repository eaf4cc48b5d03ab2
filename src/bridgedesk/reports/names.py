"""What bridge things are called for people, in the reader's language: scoring methods,
seats, vulnerability, strains, movements (the catalogs of :mod:`bridgedesk.i18n`).

The Japanese words are the JCBL Director Manual's (マッチポイント, クロス IMP, 004), the
seats and vulnerability as the Micro Bridge help file writes them (ノース, 両サイドノンバル,
002:73-84); the Swedish ones the SBF's.  One table each, so a traveller, a hand record and
a table terminal say the same.
"""

from __future__ import annotations

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Strain
from bridgedesk.bridge.methods import Method
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext

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

#: A movement's family as people call it; in English the name the command line takes
#: (``movement show appendix-howell``), in Japanese the JCBL manual's (ハウエル,
#: アベンディックス・ミッチャエル: 004:134-160), in Swedish the SBF's (Mitchell, Howell).
MOVEMENT_KINDS: dict[str, LazyText] = {
    "howell": lazy_pgettext("movement", "howell"),
    "appendix-howell": lazy_pgettext("movement", "appendix-howell"),
    "three-quarter-howell": lazy_pgettext("movement", "three-quarter-howell"),
    "short-howell": lazy_pgettext("movement", "short-howell"),
    "interwoven-howell": lazy_pgettext("movement", "interwoven-howell"),
    "mitchell": lazy_pgettext("movement", "mitchell"),
    "skip-mitchell": lazy_pgettext("movement", "skip-mitchell"),
    "relay-mitchell": lazy_pgettext("movement", "relay-mitchell"),
    "rover-mitchell": lazy_pgettext("movement", "rover-mitchell"),
    "appendix-mitchell": lazy_pgettext("movement", "appendix-mitchell"),
    "scrambled-mitchell": lazy_pgettext("movement", "scrambled-mitchell"),
    "scrambled-appendix-mitchell": lazy_pgettext("movement", "scrambled-appendix-mitchell"),
    "web-mitchell": lazy_pgettext("movement", "web-mitchell"),
    "mirror-mitchell": lazy_pgettext("movement", "mirror-mitchell"),
    "team-of-pairs": lazy_pgettext("movement", "team-of-pairs"),
    "awl": lazy_pgettext("movement", "awl"),
    "stagger": lazy_pgettext("movement", "stagger"),
    "round-robin": lazy_pgettext("movement", "round-robin"),
    "pair-round-robin": lazy_pgettext("movement", "pair-round-robin"),
    "srr-pairs": lazy_pgettext("movement", "srr-pairs"),
    "individual": lazy_pgettext("movement", "individual"),
}


def movement_kind_name(kind: str, lang: str) -> str:
    """A movement's family in ``lang`` (a kind bridgedesk does not know, as it is)."""
    found = MOVEMENT_KINDS.get(kind)
    return kind if found is None else found.in_(lang)


def movement_name(
    name: str, kind: str, tables: int, rounds: int, boards_per_round: int | None, lang: str
) -> str:
    """A stored movement's name for people.  The name bridgedesk gave it when it was set
    (``appendix-howell 9 tables, 10 rounds x 2 boards``, :mod:`bridgedesk.store`) is said
    again in ``lang``; a name someone chose is printed as it is."""
    if name != f"{kind} {tables} tables, {rounds} rounds x {boards_per_round} boards":
        return name
    text = catalog(lang).gettext("{kind} {tables} tables, {rounds} rounds x {boards} boards")
    return text.format(
        kind=movement_kind_name(kind, lang), tables=tables, rounds=rounds, boards=boards_per_round
    )


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
    "MOVEMENT_KINDS",
    "SEATS",
    "STRAINS",
    "VULNERABILITY",
    "method_name",
    "movement_kind_name",
    "movement_name",
    "seat_name",
    "vulnerability_name",
]
