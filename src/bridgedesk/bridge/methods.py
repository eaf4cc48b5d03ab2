"""How results are scored, and the artificial scores a director gives: one enum each.

:class:`Method` names every scoring method bridgedesk knows, for pairs
(004:1162-1173: matchpoints, cross-IMPs, Butler, total points) and for teams
(004:1616-1872: IMPs, VPs, board-a-match).  Events store it, the scoring
engine dispatches on it, the writers name it in their formats; people read it
through :func:`bridgedesk.reports.names.method_name` (the catalogs).  The long
names the events model used (``MATCHPOINTS``, ``CROSS_IMPS``, ``TOTAL_POINTS``)
are aliases of the short ones.

:class:`Adjustment` is an artificial adjusted score for one side (003:9-59,
004:1364-1386): average, average plus, average minus, or not played.
"""

from __future__ import annotations

from enum import Enum

from bridgedesk.errors import ParseError, ScoringError


class Method(Enum):
    """A scoring method (004:1162-1173 for pairs, 004:1616-1872 for teams)."""

    MP = "mp"
    XIMP = "ximp"
    BUTLER = "butler"
    TOTAL = "total"
    TEAM_IMPS = "imp"
    TEAM_VP = "vp"
    BOARD_A_MATCH = "bam"
    # The events model's names for the same methods.
    MATCHPOINTS = "mp"
    CROSS_IMPS = "ximp"
    TOTAL_POINTS = "total"

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other words for the method on the command line and in files."""
        return {
            "mp": ("matchpoints", "matchpoint"),
            "ximp": ("cross-imp", "cross-imps", "calcutta"),
            "butler": ("houston",),
            "total": ("total-points",),
            "imp": ("imps", "team-imps"),
            "vp": ("victory-points",),
            "bam": ("board-a-match",),
        }[self.value]

    @property
    def is_pairs(self) -> bool:
        """True for the pair methods (scored board by board across the field)."""
        return self.value in ("mp", "ximp", "butler", "total")

    @classmethod
    def parse(cls, text: str) -> Method:
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        for member in cls:
            if key == member.value or key in member.aliases:
                return member
        allowed = ", ".join(m.value for m in cls)
        raise ParseError(f"unknown scoring method {text!r}: expected one of {allowed}")

    def __str__(self) -> str:
        return self.value


class Adjustment(Enum):
    """An artificial adjusted score for one side (003:11-45)."""

    AVERAGE = "A"
    AVERAGE_PLUS = "A+"
    AVERAGE_MINUS = "A-"
    #: The board was not played and no score is given: the pair is factored up
    #: over the boards it did play (004:1297-1302).
    NOT_PLAYED = "-"

    @classmethod
    def parse(cls, text: str) -> Adjustment:
        key = text.strip().upper().replace("AVE", "A").replace("AVG", "A")
        aliases = {"A": cls.AVERAGE, "A+": cls.AVERAGE_PLUS, "A-": cls.AVERAGE_MINUS}
        aliases.update({"NP": cls.NOT_PLAYED, "-": cls.NOT_PLAYED, "NOT PLAYED": cls.NOT_PLAYED})
        if key in aliases:
            return aliases[key]
        raise ScoringError(
            f"unknown adjusted score {text!r}: expected A, A+, A- or NP (not played)"
        )

    @property
    def balance(self) -> Adjustment:
        """The other side's adjustment when the two balance (A+ against A-)."""
        return {
            "A": Adjustment.AVERAGE,
            "A+": Adjustment.AVERAGE_MINUS,
            "A-": Adjustment.AVERAGE_PLUS,
            "-": Adjustment.NOT_PLAYED,
        }[self.value]

    def __str__(self) -> str:
        return self.value


__all__ = ["Adjustment", "Method"]
