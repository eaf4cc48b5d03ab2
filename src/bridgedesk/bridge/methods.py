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

:class:`Convention` names how a pairs session is scored the way another program
or federation publishes it (JCBL, EBU's two points a comparison, JFR Pary's
unfactored scores, BBO's, the cross-IMPs averaged per comparison of BBO, KoPS
and JFR).
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
    #: Board-a-match converted to VPs per match (004:1817-1872).
    BAM_VP = "bam-vp"
    #: McCallum: a stock of points shared by IMPs per match (004:2615).
    MCCALLUM = "mccallum"
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
            "bam-vp": ("board-a-match-vp",),
            "mccallum": ("mc-callum",),
        }[self.value]

    @property
    def is_pairs(self) -> bool:
        """True for the pair methods (scored board by board across the field)."""
        return self.value in ("mp", "ximp", "butler", "total")

    @property
    def is_teams(self) -> bool:
        """True for the team methods (a match compared room by room)."""
        return not self.is_pairs

    @property
    def board_a_match(self) -> bool:
        """True for board-a-match, plain or converted to VPs."""
        return self.value in ("bam", "bam-vp")

    @classmethod
    def pairs(cls) -> tuple[Method, ...]:
        """The methods of a pairs or individual event, in the order people know them."""
        return tuple(m for m in cls if m.is_pairs)

    @classmethod
    def teams(cls) -> tuple[Method, ...]:
        """The methods of a team event."""
        return tuple(m for m in cls if m.is_teams)

    @classmethod
    def parse(cls, text: str, among: tuple[Method, ...] | None = None, what: str = "") -> Method:
        """The method ``text`` names (its value or an alias, any case); with ``among``
        only one of those (``what`` says for what, in the refusal)."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        allowed_members = tuple(cls) if among is None else among
        for member in allowed_members:
            if key == member.value or key in member.aliases:
                return member
        allowed = ", ".join(m.value for m in allowed_members)
        known = next((m for m in cls if key == m.value or key in m.aliases), None)
        if known is not None and what:
            raise ParseError(
                "{what} is scored {allowed}, not {given}",
                code="method.not-among",
                what=what,
                allowed=allowed,
                given=known.value,
            )
        raise ParseError(
            "unknown scoring method {given!r}: expected one of {allowed}",
            code="method.unknown",
            given=text,
            allowed=allowed,
        )

    def __str__(self) -> str:
        return self.value


class Convention(Enum):
    """A named scoring convention: how other programs and federations score a session.

    What each one does to the arithmetic is :mod:`bridgedesk.scoring.options`'s
    (:func:`~bridgedesk.scoring.options.rules_of`, with the sources each is
    checked against); events store the name (``event new --convention``), and the
    commands and the console offer this list and no other.
    """

    JCBL = "jcbl"
    TWO_PER_COMPARISON = "two-per-comparison"
    JFR_PARY = "jfr-pary"
    BBO = "bbo"
    AVERAGE_PER_COMPARISON = "average-per-comparison"

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other programs' names for the same convention."""
        return {
            "jcbl": (),
            "two-per-comparison": ("ebu", "ffb", "scorebridge"),
            "jfr-pary": ("pary",),
            "bbo": ("bridge-base-online",),
            "average-per-comparison": ("kops",),
        }[self.value]

    @property
    def methods(self) -> tuple[Method, ...]:
        """The scoring methods the convention is defined for."""
        return {
            "jcbl": tuple(m for m in Method if m.is_pairs),
            "two-per-comparison": (Method.MP,),
            "jfr-pary": (Method.MP,),
            "bbo": (Method.MP, Method.XIMP),
            "average-per-comparison": (Method.XIMP,),
        }[self.value]

    @property
    def summary(self) -> str:
        """A few words for option lists and help texts."""
        return {
            "jcbl": "1 a comparison, common top, factored (JCBL)",
            "two-per-comparison": "2 a comparison (EBU, FFB, ScoreBridge)",
            "jfr-pary": "no factoring, ranked by percentage (JFR Pary)",
            "bbo": "played results only, mean of board %, flat 60/40 (Bridge Base Online)",
            "average-per-comparison": "cross-IMPs averaged per comparison (BBO, KoPS, JFR)",
        }[self.value]

    def check(self, method: Method) -> None:
        """Refuse a method the convention does not define (one line)."""
        if method not in self.methods:
            names = ", ".join(m.value for m in self.methods)
            raise ScoringError(
                "the convention {convention} is for {methods} scoring, not {method}",
                code="convention.not-for-method",
                convention=self.value,
                methods=names,
                method=method.value,
            )

    @classmethod
    def parse(cls, text: str) -> Convention:
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        for member in cls:
            if key == member.value or key in member.aliases:
                return member
        names = ", ".join(m.value for m in cls)
        raise ScoringError(
            "unknown scoring convention {given!r}: expected one of {names}",
            code="convention.unknown",
            given=text,
            names=names,
        )

    @classmethod
    def help_text(cls, lead: str = "Scoring convention") -> str:
        """The help of a ``--convention`` option: every convention with its words."""
        listed = "; ".join(f"{c.value} ({c.summary})" for c in cls)
        return f"{lead}: {listed}."

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
            "unknown adjusted score {given!r}: expected A, A+, A- or NP (not played)",
            code="adjusted.unknown",
            given=text,
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


__all__ = ["Adjustment", "Convention", "Method"]
