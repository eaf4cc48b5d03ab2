"""What bridge things are called for people, in the reader's language: scoring methods,
seats, vulnerability, strains, movements (the catalogs of :mod:`bridgedesk.i18n`).

The Japanese words are the JCBL Director Manual's (マッチポイント, クロス IMP, 004), the
seats and vulnerability as the Micro Bridge help file writes them (ノース, 両サイドノンバル,
002:73-84); the Swedish ones the SBF's.  One table each, so a traveller, a hand record and
a table terminal say the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Strain
from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.events.model import Rating
from bridgedesk.events.pair_formats import PairFormat
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.swiss import SwissRule
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext
from bridgedesk.results.model import MovementInfo

#: The one place a scoring method is named for people.
METHODS: dict[Method, LazyText] = {
    Method.MP: lazy_gettext("Matchpoints"),
    Method.XIMP: lazy_gettext("Cross-IMPs"),
    Method.BUTLER: lazy_gettext("Butler IMPs"),
    Method.TOTAL: lazy_gettext("Total points"),
    Method.TEAM_IMPS: lazy_gettext("IMPs"),
    Method.TEAM_VP: lazy_gettext("Victory points"),
    Method.BOARD_A_MATCH: lazy_gettext("Board-a-match"),
    Method.BAM_VP: lazy_gettext("Board-a-match + VP"),
    Method.MCCALLUM: lazy_gettext("McCallum"),
}
#: How an event is rated for masterpoints (000:471-547; the JCBL's ratings).
RATINGS: dict[Rating, LazyText] = {
    Rating.WEEKLY: lazy_pgettext("rating", "weekly"),
    Rating.CLUB_CHAMPIONSHIP: lazy_pgettext("rating", "club championship"),
    Rating.LOCAL: lazy_pgettext("rating", "local"),
    Rating.SECTIONAL: lazy_pgettext("rating", "sectional"),
    Rating.REGIONAL: lazy_pgettext("rating", "regional"),
    Rating.NATIONAL: lazy_pgettext("rating", "national"),
}
#: A pair event drawn round by round.
PAIR_FORMATS: dict[PairFormat, LazyText] = {
    PairFormat.SWISS_PAIRS: lazy_gettext("Swiss pairs"),
    PairFormat.BAROMETER: lazy_gettext("Barometer"),
    PairFormat.HOUSTON: lazy_gettext("Houston pairs"),
}
#: A team event's form.
TEAM_FORMS: dict[TeamForm, LazyText] = {
    TeamForm.ROUND_ROBIN: lazy_pgettext("team form", "round robin"),
    TeamForm.SWISS: lazy_pgettext("team form", "Swiss"),
    TeamForm.KNOCKOUT: lazy_pgettext("team form", "knockout"),
    TeamForm.AWL: lazy_pgettext("team form", "AWL"),
    TeamForm.MIRROR_MITCHELL: lazy_pgettext("team form", "mirror Mitchell"),
    TeamForm.STAGGER: lazy_pgettext("team form", "stagger"),
    TeamForm.SRR_PAIRS: lazy_pgettext("team form", "SRR + pairs"),
}
#: How a session is matchpointed (004:1162-1173; the JFR PARY program's way).
CONVENTIONS: dict[Convention, LazyText] = {
    Convention.JCBL: lazy_pgettext("convention", "JCBL"),
    Convention.TWO_PER_COMPARISON: lazy_pgettext("convention", "two per comparison"),
    Convention.JFR_PARY: lazy_pgettext("convention", "JFR PARY"),
    Convention.BBO: lazy_pgettext("convention", "BBO"),
    Convention.AVERAGE_PER_COMPARISON: lazy_pgettext("convention", "average per comparison"),
}
#: The JCBL Swiss draw rules (004:2594).
SWISS_RULES: dict[SwissRule, LazyText] = {
    SwissRule.JCBL_1: lazy_pgettext("swiss rule", "JCBL rule 1"),
    SwissRule.JCBL_2: lazy_pgettext("swiss rule", "JCBL rule 2"),
    SwissRule.JCBL_3: lazy_pgettext("swiss rule", "JCBL rule 3"),
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
    _ = catalog(lang).gettext
    if name == kind:  # stored with no name of its own
        return movement_kind_name(kind, lang)
    if name == f"{kind} {tables} tables":  # events.adapters.as_grid's
        return _("{kind} {tables} tables").format(
            kind=movement_kind_name(kind, lang), tables=tables
        )
    if name != f"{kind} {tables} tables, {rounds} rounds x {boards_per_round} boards":
        return name
    text = _("{kind} {tables} tables, {rounds} rounds x {boards} boards")
    return text.format(
        kind=movement_kind_name(kind, lang), tables=tables, rounds=rounds, boards=boards_per_round
    )


_TABLES: tuple[Mapping[Any, LazyText], ...] = (
    METHODS,
    RATINGS,
    PAIR_FORMATS,
    TEAM_FORMS,
    CONVENTIONS,
    SWISS_RULES,
    VULNERABILITY,
    SEATS,
    STRAINS,
)


def name_of(value: Enum, lang: str) -> str:
    """One of bridgedesk's values (a rating, a scoring method, a team form, a seat...)
    as people call it in ``lang``; a value no table names, as its code."""
    for table in _TABLES:
        found = table.get(value)
        if found is not None:
            return found.in_(lang)
    return str(value.value)


def shown_movement(movement: MovementInfo | GridMovement, lang: str) -> str:
    """A section's movement as a page names it (:func:`movement_name` of what is stored)."""
    if isinstance(movement, MovementInfo):
        per_round = movement.boards_per_round
    else:
        per_round = max((len(a.boards) for a in movement.grid.values()), default=0)
    return movement_name(
        movement.name, movement.kind, movement.tables, movement.rounds, per_round, lang
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
    "CONVENTIONS",
    "METHODS",
    "MOVEMENT_KINDS",
    "PAIR_FORMATS",
    "RATINGS",
    "SEATS",
    "STRAINS",
    "SWISS_RULES",
    "TEAM_FORMS",
    "VULNERABILITY",
    "method_name",
    "movement_kind_name",
    "movement_name",
    "name_of",
    "seat_name",
    "shown_movement",
    "vulnerability_name",
]
