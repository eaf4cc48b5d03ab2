"""Strains, doubling, contracts and results.

A contract is a level 1-7, a strain (C D H S NT, in that order everywhere) and a
doubling (undoubled, X, XX); a board that is passed out has the contract
:attr:`Contract.PASS`.  A result is stored as the number of tricks declarer took
(0-13); the relative notation a director writes on a traveller (``=``, ``+1``,
``-3``) is converted to and from tricks with :func:`parse_result` and
:func:`format_result`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from bridgedesk.errors import ContractError
from bridgedesk.i18n import phrase

#: Tricks in a deal; a result is 0..TRICKS tricks for declarer.
TRICKS = 13
#: Declarer must take BOOK + level tricks to make the contract.
BOOK = 6


class Strain(Enum):
    """A denomination, in the order of bidding rank: C D H S NT."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def index(self) -> int:
        """0 for clubs up to 4 for no trumps."""
        return _STRAINS.index(self)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def symbol(self) -> str:
        """The suit symbol (``♠``) or ``NT``."""
        return _SYMBOLS[self.index]

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``C``, ``D``, ``H``, ``S``, ``N``/``NT`` or a suit symbol (any case)."""
        key = text.strip().upper()
        strain = _STRAIN_NAMES.get(key)
        if strain is None:
            raise ContractError(
                "unknown strain {given!r}: expected C, D, H, S or NT",
                code="contract.unknown-strain",
                given=text,
            )
        return strain

    def __str__(self) -> str:
        return self.value


_STRAINS: tuple[Strain, ...] = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
STRAINS = _STRAINS
_SYMBOLS = ("♣", "♦", "♥", "♠", "NT")
_STRAIN_NAMES: dict[str, Strain] = {
    **{s.value: s for s in _STRAINS},
    "N": Strain.NT,
    "♣": Strain.C,
    "♦": Strain.D,
    "♥": Strain.H,
    "♠": Strain.S,
    "♧": Strain.C,
    "♢": Strain.D,
    "♡": Strain.H,
    "♤": Strain.S,
}


class Doubling(Enum):
    """Whether the final contract was doubled or redoubled."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: the factor on trick scores (Law 77)."""
        return _MULTIPLIERS[self]

    def __str__(self) -> str:
        return self.value


DOUBLINGS: tuple[Doubling, ...] = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
_MULTIPLIERS = {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}

_PASS_WORDS = frozenset(
    {"PASS", "P", "AP", "ALLPASS", "PASSED", "PASSEDOUT", "PASSOUT", "PO", "ALLPASSED"}
)
_CONTRACT_RE = re.compile(r"(?P<level>\d+)(?P<strain>NT|[A-Z♠♥♦♣♤♡♢♧])(?P<rest>.*)")
_ALLOWED = phrase("write a contract like 4S, 3NT (or 3N), 2HX, 6NTXX, or PASS")


@dataclass(frozen=True)
class Contract:
    """A final contract.  Frozen, so equality includes the doubling.

    ``Contract(4, Strain.S, Doubling.DOUBLED)`` is 4 spades doubled;
    ``Contract.PASS`` (level 0, no strain) is a passed-out board.
    """

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED

    PASS: ClassVar[Contract]

    def __post_init__(self) -> None:
        if self.level == 0 and self.strain is None:
            if self.doubling is not Doubling.UNDOUBLED:
                raise ContractError(
                    "a passed-out board cannot be doubled", code="contract.pass-doubled"
                )
            return
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ContractError(
                "contract level must be a whole number 1-7, got {given!r}",
                code="contract.level-not-whole",
                given=self.level,
            )
        if not 1 <= self.level <= 7:
            raise ContractError(
                "contract level must be 1-7, got {given}",
                code="contract.level-range",
                given=self.level,
            )
        if not isinstance(self.strain, Strain):
            raise ContractError(
                "contract strain must be C, D, H, S or NT, got {given!r}",
                code="contract.strain-invalid",
                given=self.strain,
            )
        if not isinstance(self.doubling, Doubling):
            raise ContractError(
                "contract doubling must be '', X or XX, got {given!r}",
                code="contract.doubling-invalid",
                given=self.doubling,
            )

    @classmethod
    def passed_out(cls) -> Contract:
        return cls.PASS

    @property
    def is_pass(self) -> bool:
        return self.strain is None

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer needs to make the contract (level + 6)."""
        if self.is_pass:
            raise ContractError(
                "a passed-out board has no declarer and no tricks to make",
                code="contract.passed-out-declarer",
            )
        return BOOK + self.level

    @property
    def is_doubled(self) -> bool:
        return self.doubling is not Doubling.UNDOUBLED

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract as written on a traveller or in a PBN ``Contract`` tag.

        Case and spaces do not matter; ``N`` means ``NT``; suit symbols are
        accepted; ``PASS``, ``P`` and ``AP`` (all pass) mean passed out.

        >>> Contract.parse("4sx"), Contract.parse("3N"), Contract.parse("AP")
        (Contract.parse('4SX'), Contract.parse('3NT'), Contract.parse('PASS'))
        """
        if not isinstance(text, str):
            raise ContractError(
                "a contract must be text, got {given!r}; {allowed}",
                code="contract.not-text",
                given=text,
                allowed=_ALLOWED,
            )
        key = re.sub(r"[\s\-_.]", "", text).upper()
        if key in _PASS_WORDS:
            return cls.PASS
        if not key:
            raise ContractError(
                "empty contract {given!r}; {allowed}",
                code="contract.empty",
                given=text,
                allowed=_ALLOWED,
            )
        match = _CONTRACT_RE.fullmatch(key)
        if match is None:
            if key[0].isascii() and key[0].isdigit():
                raise ContractError(
                    "bad contract {given!r}: no strain after the level; {allowed}",
                    code="contract.no-strain",
                    given=text,
                    allowed=_ALLOWED,
                )
            raise ContractError(
                "bad contract {given!r}: it must start with a level 1-7; {allowed}",
                code="contract.no-level",
                given=text,
                allowed=_ALLOWED,
            )
        level = int(match["level"])
        if not 1 <= level <= 7:
            raise ContractError(
                "bad contract {given!r}: level {level} is not 1-7; {allowed}",
                code="contract.bad-level",
                given=text,
                level=level,
                allowed=_ALLOWED,
            )
        strain = _STRAIN_NAMES.get(match["strain"])
        if strain is None:
            raise ContractError(
                "bad contract {given!r}: strain {strain!r} is not C, D, H, S or NT",
                code="contract.bad-strain",
                given=text,
                strain=match["strain"],
            )
        # "4S*" / "4S**" and "4SR" (redoubled) are common traveller shorthands.
        rest = match["rest"].replace("*", "X").replace("R", "XX")
        doublings = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}
        doubling = doublings.get(rest)
        if doubling is None:
            if set(rest) == {"X"}:
                raise ContractError(
                    "bad contract {given!r}: {rest!r} is not a doubling; after the strain "
                    "write nothing, X (doubled) or XX (redoubled)",
                    code="contract.bad-doubling",
                    given=text,
                    rest=match["rest"],
                )
            raise ContractError(
                "bad contract {given!r}: unexpected {rest!r}; {allowed}",
                code="contract.unexpected",
                given=text,
                rest=match["rest"],
                allowed=_ALLOWED,
            )
        return cls(level, strain, doubling)

    def __str__(self) -> str:
        if self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.value}{self.doubling.value}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


Contract.PASS = Contract(0, None, Doubling.UNDOUBLED)

#: Every contract that can be bid, in bidding order, each undoubled / X / XX.
ALL_CONTRACTS: tuple[Contract, ...] = tuple(
    Contract(level, strain, doubling)
    for level in range(1, 8)
    for strain in _STRAINS
    for doubling in DOUBLINGS
)


def check_tricks(tricks: int) -> int:
    """Return ``tricks`` if it is a whole number 0-13, else raise ContractError."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ContractError(
            "tricks must be a whole number 0-{most}, got {given!r}",
            code="result.bad-tricks",
            most=TRICKS,
            given=tricks,
        )
    if not 0 <= tricks <= TRICKS:
        raise ContractError(
            "tricks must be 0-{most}, got {given}",
            code="result.bad-tricks",
            most=TRICKS,
            given=tricks,
        )
    return tricks


def tricks_from_offset(contract: Contract, offset: int) -> int:
    """Tricks taken when declarer made ``offset`` tricks more (+) or fewer (-) than needed."""
    if contract.is_pass:
        raise ContractError("a passed-out board has no result", code="result.passed-out")
    tricks = contract.tricks_needed + offset
    if not 0 <= tricks <= TRICKS:
        most_over = TRICKS - contract.tricks_needed
        most_down = contract.tricks_needed
        label = f"+{offset}" if offset > 0 else str(offset)
        if most_over:
            raise ContractError(
                "result {result} is impossible in {contract}: allowed are =, +1 to "
                "+{most_over} and -1 to -{most_down}",
                code="result.impossible",
                result=label,
                contract=str(contract),
                most_over=most_over,
                most_down=most_down,
            )
        raise ContractError(
            "result {result} is impossible in {contract}: allowed are = and -1 to -{most_down}",
            code="result.impossible",
            result=label,
            contract=str(contract),
            most_down=most_down,
        )
    return tricks


def offset_of(contract: Contract, tricks: int) -> int:
    """Overtricks (+) or undertricks (-) for ``tricks`` taken in ``contract``."""
    check_tricks(tricks)
    return tricks - contract.tricks_needed


_RESULT_RE = re.compile(r"(?P<sign>[+\-])(?P<n>\d+)|(?P<tricks>\d+)")


def parse_result(text: str, contract: Contract) -> int:
    """Tricks taken from a result written ``=``, ``+N``, ``-N`` or as a trick count ``0-13``.

    >>> parse_result("-2", Contract.parse("4S")), parse_result("=", Contract.parse("3NT"))
    (8, 9)
    """
    if contract.is_pass:
        raise ContractError(
            "result {given!r} given for a passed-out board, which has none",
            code="result.passed-out",
            given=text,
        )
    key = text.strip().replace("−", "-").replace(" ", "")
    if key.upper() in ("=", "M", "MADE", "+0", "-0"):
        return contract.tricks_needed
    match = _RESULT_RE.fullmatch(key)
    if match is None:
        raise ContractError(
            "bad result {given!r} for {contract}: write =, +N (overtricks), -N "
            "(down) or the tricks taken 0-{most}",
            code="result.bad-result",
            given=text,
            contract=contract,
            most=TRICKS,
        )
    if match["tricks"] is not None:
        tricks = int(match["tricks"])
        if tricks > TRICKS:
            raise ContractError(
                "bad result {given!r}: tricks must be 0-{most}, got {tricks}",
                code="result.bad-result",
                given=text,
                most=TRICKS,
                tricks=tricks,
            )
        return tricks
    n = int(match["n"])
    return tricks_from_offset(contract, n if match["sign"] == "+" else -n)


def format_result(contract: Contract, tricks: int) -> str:
    """The relative notation for ``tricks`` in ``contract``: ``=``, ``+1``, ``-3``."""
    offset = offset_of(contract, tricks)
    if offset == 0:
        return "="
    return f"+{offset}" if offset > 0 else str(offset)
