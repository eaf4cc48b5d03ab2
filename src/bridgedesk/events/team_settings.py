"""How a stored team event is played and scored: its form and its scoring, checked together.

``bridgedesk event new NAME --kind teams --format F --scoring S`` builds a
:class:`TeamSettings`; combinations that make no sense are refused with one
line:

* ``awl`` and ``mirror-mitchell`` are board-a-match movements (004:1874-1876,
  004:3676): every match is one set of a few boards, so they are scored
  ``bam`` or ``bam-vp`` (004:1817-1872);
* a ``knockout`` is decided on IMPs (004:1762-1772): ``imp`` only;
* a ``swiss`` is drawn on a ranking of points after each round
  (004:1778-1797): anything but plain board-a-match (``bam`` gives 0-2 a
  board, not a match's points to rank on);
* ``round-robin``, ``stagger`` and ``srr-pairs`` are matches of several
  boards: ``imp``, ``vp`` or ``mccallum``; a round robin may also be played
  board-a-match.

The Swiss rule and rematch rule (``--swiss-rule``, ``--rematch``) only mean
something for a Swiss, ``--cycles`` (a double or triple round robin, 004:1752)
for a round robin; a McCallum stock is 30, 40, 50 or 60 (004:2615).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.swiss import Rematch, SwissRule
from bridgedesk.i18n import either, phrase


class TeamForm(Enum):
    """The form of a team event: a movement, a Swiss or a knockout."""

    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    AWL = "awl"
    MIRROR_MITCHELL = "mirror-mitchell"
    STAGGER = "stagger"
    SRR_PAIRS = "srr-pairs"

    @property
    def drawn_by_round(self) -> bool:
        """True when the draw is made round by round (``event round --next``)."""
        return self in (TeamForm.SWISS, TeamForm.KNOCKOUT)

    @classmethod
    def parse(cls, text: str) -> TeamForm:
        key = text.strip().lower()
        for form in cls:
            if form.value == key:
                return form
        names = ", ".join(f.value for f in cls)
        raise EntryError(
            "unknown team format {text!r}: choose one of {names}",
            code="event.unknown-team-format",
            text=text,
            names=names,
        )


#: The scorings each form allows (module doc).
ALLOWED: dict[TeamForm, tuple[Method, ...]] = {
    TeamForm.ROUND_ROBIN: (
        Method.TEAM_IMPS, Method.TEAM_VP, Method.MCCALLUM, Method.BOARD_A_MATCH,
        Method.BAM_VP,
    ),
    TeamForm.SWISS: (Method.TEAM_VP, Method.TEAM_IMPS, Method.MCCALLUM, Method.BAM_VP),
    TeamForm.KNOCKOUT: (Method.TEAM_IMPS,),
    TeamForm.AWL: (Method.BOARD_A_MATCH, Method.BAM_VP),
    TeamForm.MIRROR_MITCHELL: (Method.BOARD_A_MATCH, Method.BAM_VP),
    TeamForm.STAGGER: (Method.TEAM_IMPS, Method.TEAM_VP, Method.MCCALLUM),
    TeamForm.SRR_PAIRS: (Method.TEAM_IMPS, Method.TEAM_VP, Method.MCCALLUM),
}  # fmt: skip

_WHY = {
    TeamForm.AWL: phrase("an AWL is a board-a-match movement (004:1874-1876)"),
    TeamForm.MIRROR_MITCHELL: phrase("a mirror Mitchell is a board-a-match movement (004:3676)"),
    TeamForm.KNOCKOUT: phrase("a knockout match is won on IMPs (004:1762-1772)"),
    TeamForm.SWISS: phrase("a Swiss is drawn on each team's points per match (004:1778-1797)"),
    TeamForm.STAGGER: phrase("a stagger plays matches of several boards (004:3705-3737)"),
    TeamForm.SRR_PAIRS: phrase("an SRR plays matches of several boards (004:2633-2655)"),
    TeamForm.ROUND_ROBIN: "",
}

#: Boards a match unless the director says otherwise: a board-a-match movement's
#: match is one set (AWL 2 boards, 004:1884; mirror Mitchell 3, 004:3682).
DEFAULT_BOARDS = {TeamForm.AWL: 2, TeamForm.MIRROR_MITCHELL: 3, TeamForm.STAGGER: 7,
                  TeamForm.SRR_PAIRS: 5}  # fmt: skip


@dataclass(frozen=True)
class TeamSettings:
    """A team event's form, scoring and what goes with them (checked on creation)."""

    form: TeamForm
    scoring: Method
    boards_per_match: int
    vp_scale: str = "wbf2013"
    #: A scale file's JSON, when the event uses one (``vp_scale`` is then its name).
    vp_scale_data: str | None = None
    stock: int = 40
    #: Rounds the director means to play (a Swiss: the last is drawn on the previous
    #: round, 004:1789); None for a movement, whose rounds are its own.
    rounds: int | None = None
    swiss_rule: SwissRule | None = None
    rematch: Rematch | None = None
    #: A round robin played once, twice or three times (004:1752).
    cycles: int = 1
    #: A knockout match played in segments (sessions) of ``boards_per_match`` boards
    #: each, their IMPs added (004:1762-1772).
    segments: int = 1

    def __post_init__(self) -> None:
        allowed = ALLOWED[self.form]
        if self.scoring not in allowed:
            names = either([s.value for s in allowed])
            why = _WHY[self.form]
            if why:
                raise EntryError(
                    "--format {form} is not scored {scoring}: {why}; use --scoring {names}",
                    Location(input="scoring"),
                    code="event.team-scoring",
                    form=self.form.value,
                    scoring=self.scoring.value,
                    why=why,
                    names=names,
                )
            raise EntryError(
                "--format {form} is not scored {scoring}: use --scoring {names}",
                Location(input="scoring"),
                code="event.team-scoring",
                form=self.form.value,
                scoring=self.scoring.value,
                names=names,
            )
        if not 1 <= self.boards_per_match <= 64:
            raise EntryError(
                "boards a match must be 1-64, not {boards}",
                code="event.match-boards",
                boards=self.boards_per_match,
            )
        if self.stock not in (30, 40, 50, 60):
            raise EntryError(
                "a McCallum stock is 30, 40, 50 or 60 (004:2615), not {stock}",
                code="event.mccallum-stock",
                stock=self.stock,
            )
        swiss = self.form is TeamForm.SWISS
        if not swiss and (self.swiss_rule is not None or self.rematch is not None):
            raise EntryError(
                "--swiss-rule and --rematch are for a Swiss, not --format {form}",
                code="event.swiss-options",
                form=self.form.value,
            )
        if self.cycles != 1 and not (self.form is TeamForm.ROUND_ROBIN and 1 <= self.cycles <= 3):
            raise EntryError(
                "--cycles is 1-3 and for a round robin (004:1752), not {cycles} for "
                "--format {form}",
                code="event.cycles",
                cycles=self.cycles,
                form=self.form.value,
            )
        if self.segments != 1 and not (self.form is TeamForm.KNOCKOUT and 1 <= self.segments <= 8):
            raise EntryError(
                "--segments is 1-8 and for a knockout (a match of several sessions), not "
                "{segments} for --format {form}",
                code="event.segments",
                segments=self.segments,
                form=self.form.value,
            )
        if self.rounds is not None and not (swiss and self.rounds >= 1):
            raise EntryError(
                "--rounds is for a Swiss (a movement has its own rounds, a knockout as "
                "many as its bracket)",
                code="event.rounds-swiss-only",
            )

    @property
    def rule(self) -> SwissRule:
        return self.swiss_rule or SwissRule.JCBL_1

    @property
    def rematch_rule(self) -> Rematch:
        return self.rematch or Rematch()


__all__ = ["ALLOWED", "DEFAULT_BOARDS", "TeamForm", "TeamSettings"]
