"""What the movement check finds between a section's movement and its entries, as
values: a stable code and its parameters, so a page prints it in its own language
(:meth:`SectionProblem.line`, the catalogs' sentence) and ``bridgedesk`` the English one
(:attr:`SectionProblem.text`).

Nothing is raised: the director decides.  Reported: entries the movement does not
seat, seated pairs nobody entered, stationary requests the movement does not meet,
more than one phantom, and a phantom that moves (004:872-880 advises a stationary
number for the phantom, so the sit-out stays at one table and the recap's blanks
fall on one diagonal).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from bridgedesk.events.model import Entry
from bridgedesk.events.seating import SeatingPlan, seated_pairs, stationary_pairs
from bridgedesk.i18n import LazyText, catalog, lazy_gettext

__all__ = ["ProblemCode", "SectionProblem", "numbers", "section_problems"]


class ProblemCode(Enum):
    """The kinds of problem the movement check reports."""

    NOT_SEATED = "entered-not-seated"
    NOT_ENTERED = "seated-not-entered"
    STATIONARY_MOVES = "stationary-moves"
    PHANTOMS = "several-phantoms"
    PHANTOM_MOVES = "phantom-moves"


#: The sentence of each problem (English; translated by the catalogs).
SENTENCES: dict[ProblemCode, LazyText] = {
    ProblemCode.NOT_SEATED: lazy_gettext(
        "entered but not seated by the movement: {pairs} (it seats {seated})"
    ),
    ProblemCode.NOT_ENTERED: lazy_gettext(
        "seated by the movement but not entered: {pairs} "
        "(enter them, or enter the missing one as the phantom)"
    ),
    ProblemCode.STATIONARY_MOVES: lazy_gettext(
        "pair {pair} asked for a stationary seat but moves in this "
        "movement; the stationary numbers are {stationary}"
    ),
    ProblemCode.PHANTOMS: lazy_gettext(
        "{count} phantoms ({pairs}): a movement for fewer pairs would leave fewer sit-outs"
    ),
    ProblemCode.PHANTOM_MOVES: lazy_gettext(
        "phantom {pair} moves, so the sit-out moves from table to "
        "table; a stationary number ({stationary}) is easier to run (004:872-880)"
    ),
}


@dataclass(frozen=True)
class SectionProblem:
    """One problem: its ``code`` and the values its sentence names (pair numbers as
    text, ``"1, 3, 5"``; an empty ``stationary`` is "none")."""

    code: ProblemCode
    params: tuple[tuple[str, str], ...]

    @property
    def values(self) -> dict[str, str]:
        return dict(self.params)

    @property
    def text(self) -> str:
        """The English line (what the command line prints)."""
        return self.line("en")

    def line(self, lang: str) -> str:
        """The line in ``lang``."""
        _ = catalog(lang).gettext
        values = self.values
        if "stationary" in values and not values["stationary"]:
            values["stationary"] = _("none")
        return SENTENCES[self.code].in_(lang).format(**values)


def numbers(values: Iterable[int]) -> str:
    return ", ".join(str(n) for n in sorted(values))


def _problem(code: ProblemCode, **params: str) -> SectionProblem:
    return SectionProblem(code, tuple(params.items()))


def section_problems(movement: SeatingPlan, entries: Mapping[int, Entry]) -> list[SectionProblem]:
    """The problems between a section's movement and its entries (module doc)."""
    problems: list[SectionProblem] = []
    seated = seated_pairs(movement)
    still = stationary_pairs(movement)
    extra = set(entries) - seated
    if extra:
        problems.append(
            _problem(ProblemCode.NOT_SEATED, pairs=numbers(extra), seated=numbers(seated))
        )
    if entries:
        missing = seated - set(entries)
        if missing:
            problems.append(_problem(ProblemCode.NOT_ENTERED, pairs=numbers(missing)))
    for number, entry in sorted(entries.items()):
        if entry.stationary and number in seated and number not in still:
            problems.append(
                _problem(ProblemCode.STATIONARY_MOVES, pair=str(number), stationary=numbers(still))
            )
    phantoms = [n for n, e in entries.items() if e.phantom]
    if len(phantoms) > 1:
        problems.append(
            _problem(ProblemCode.PHANTOMS, count=str(len(phantoms)), pairs=numbers(phantoms))
        )
    for number in sorted(phantoms):
        if number in seated and number not in still and still:
            problems.append(
                _problem(ProblemCode.PHANTOM_MOVES, pair=str(number), stationary=numbers(still))
            )
    return problems
