"""Victory-point scales: converting a match margin into VPs for the two sides.

A scale is found by name with :func:`get_scale` (``wbf2013``, ``wbf25``,
``29-0``, ``bam``, ``10-0`` ...) or loaded from a club's own JSON file by path.  Every scale
answers ``scale.vp(margin, boards)`` with a pair of exact :class:`~decimal.Decimal`
values: the first for the side whose margin is given (so a negative margin gives
the loser's value first), the second for its opponents.

* ``wbf2013`` -- the WBF continuous 20-point scale (2013) for any number of
  boards, computed from its published formula (see :class:`WBF2013Scale`).
* ``wbf25`` -- the pre-2013 WBF 25-point scale that the JCBL IMP league used
  (004:1722-1730).  It depends on the number of boards and is shipped as data
  for the board counts whose published table we hold (see ``data/wbf25.json``).
* ``29-0`` -- WBF 25 plus 4 win points (004:1736-1738).
* ``bam`` -- the board-a-match VP table for a round of 2 boards and of 3 or more
  boards, on the total-point margin (004:1860-1872).
* ``20-0`` and ``30-0`` -- the ACBL's 20- and 30-point Swiss teams scales, as
  published for matches of 6-8 and of 9-11 boards (004:1734 names both sizes).
* ``10-0`` and ``40-0`` -- the WBF 2013 curve drawn to a top of 10 and of 40
  VPs (no published table of either was found; ``docs/calculator.md`` says why
  this form was chosen); ``12-0`` -- the 10-0 scale plus 2 win points
  (004:1736-1738).

The JSON format of a table scale is described in ``docs/calculator.md`` and in
:func:`load_scale_file`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from bisect import bisect_right
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from bridgedesk import reading
from bridgedesk.errors import Location, ScaleError
from bridgedesk.reading import checked_decimal

Margin = Literal["imps", "points"]
FORMAT_NAME = "bridgedesk-vp-scale"
FORMAT_VERSION = 1


class VPScale(ABC):
    """A rule turning a match margin (IMPs or total points) into victory points."""

    #: The registered name (``wbf2013``) or the file's ``name``.
    name: str
    #: A one-line description for listings.
    title: str
    #: What the margin counts: IMPs, or total points (board-a-match).
    margin: Margin

    @abstractmethod
    def winner_loser(self, margin: int, boards: int) -> tuple[Decimal, Decimal]:
        """VPs of the side ahead by ``abs(margin)`` and of its opponents."""

    def vp(self, margin: int, boards: int) -> tuple[Decimal, Decimal]:
        """VPs for the side whose (signed) margin is given, then for its opponents.

        >>> get_scale("wbf2013").vp(-17, 16)
        (Decimal('5.61'), Decimal('14.39'))
        """
        if isinstance(margin, bool) or not isinstance(margin, int):
            raise ScaleError(
                "the margin must be a whole number, got {given!r}",
                code="vp.margin-not-whole",
                given=margin,
            )
        _check_boards(boards)
        winner, loser = self.winner_loser(abs(margin), boards)
        return (winner, loser) if margin >= 0 else (loser, winner)

    @abstractmethod
    def max_total(self, boards: int) -> Decimal:
        """The most VPs the two sides can share in one match."""

    def __repr__(self) -> str:
        return f"get_scale({self.name!r})"


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScaleError(
            "the number of boards must be a whole number >= 1, got {given!r}",
            code="vp.boards-not-whole",
            given=boards,
        )


# ---------------------------------------------------------------------------
# WBF 2013 continuous scale


@cache
def _wbf2013_hundredths(boards: int, correct: bool, top: int = 20) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0..ceil(blitz), blitz = 15 sqrt(boards).

    Each value is the formula rounded half up to 2 decimals (computed with 40
    significant digits, so the rounding is decided by the exact value), capped
    at ``top`` (20 for the WBF scale).  With ``correct`` the WBF's concavity step
    follows: while some margin's gain over the previous margin is smaller than
    the next margin's gain, that margin's value is raised by 0.01, so that every
    extra IMP is worth no more than the one before.
    """
    with localcontext() as ctx:
        ctx.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        ln_tau = tau.ln()
        denominator = 1 - tau**3
        blitz = 15 * Decimal(boards).sqrt()
        last = int(blitz.to_integral_value(rounding="ROUND_CEILING"))
        full = 100 * top
        half = Decimal(full) / 2
        values: list[int] = []
        for imps in range(last + 1):
            if imps >= blitz:
                values.append(full)
                continue
            power = (3 * imps / blitz * ln_tau).exp()
            exact = half + half * (1 - power) / denominator
            values.append(min(full, int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))))
    if correct:
        changed = True
        while changed:
            changed = False
            for i in range(1, len(values) - 1):
                if values[i + 1] - values[i] > values[i] - values[i - 1]:
                    values[i] += 1
                    changed = True
    return tuple(values)


@dataclass(frozen=True, repr=False)
class WBF2013Scale(VPScale):
    """The WBF 20-point continuous scale (2013), for any number of boards.

    With ``N`` boards the blitz margin is ``X = 15 * sqrt(N)`` IMPs and, with
    ``tau = (sqrt(5) - 1) / 2``, a margin of ``M < X`` IMPs earns the winner
    ``10 + 10 * (1 - tau**(3*M/X)) / (1 - tau**3)`` VPs, to 2 decimals; from
    ``X`` on the winner has 20.  The loser has 20 less the winner's VPs, so the
    two always sum to 20.  ``concave`` applies the WBF scoring panel's final
    correction (a value is raised by 0.01 where rounding would make an IMP worth
    more than the IMP before it); ``wbf2013-plain`` leaves it out, as some
    software does.  ``top`` other than 20 draws the same curve up to another
    maximum (the ``10-0`` and ``40-0`` scales: half and twice the WBF values,
    each rounded to 2 decimals itself).
    """

    name: str = "wbf2013"
    title: str = "WBF 2013 continuous 20-point scale (any number of boards)"
    margin: Margin = "imps"
    concave: bool = True
    top: int = 20

    def blitz(self, boards: int) -> Decimal:
        """The margin from which the winner has 20 VPs: ``15 * sqrt(boards)``."""
        _check_boards(boards)
        with localcontext() as ctx:
            ctx.prec = 40
            return 15 * Decimal(boards).sqrt()

    def table(self, boards: int) -> tuple[Decimal, ...]:
        """The winner's VPs for margins 0, 1, 2 ... up to the blitz (then the top)."""
        _check_boards(boards)
        return tuple(
            Decimal(h).scaleb(-2) for h in _wbf2013_hundredths(boards, self.concave, self.top)
        )

    def winner_loser(self, margin: int, boards: int) -> tuple[Decimal, Decimal]:
        values = _wbf2013_hundredths(boards, self.concave, self.top)
        full = 100 * self.top
        hundredths = values[margin] if margin < len(values) else full
        return Decimal(hundredths).scaleb(-2), Decimal(full - hundredths).scaleb(-2)

    def max_total(self, boards: int) -> Decimal:
        return Decimal(self.top)


# ---------------------------------------------------------------------------
# Table scales (data files)


@dataclass(frozen=True)
class ScaleTable:
    """One table of a table scale: the board counts it serves and its steps.

    ``steps`` are ``(lowest margin, winner VPs, loser VPs)`` in increasing
    margin order, the first at margin 0.
    """

    min_boards: int
    max_boards: int | None
    steps: tuple[tuple[int, Decimal, Decimal], ...]

    def covers(self, boards: int) -> bool:
        return self.min_boards <= boards and (self.max_boards is None or boards <= self.max_boards)

    def lookup(self, margin: int) -> tuple[Decimal, Decimal]:
        index = bisect_right([step[0] for step in self.steps], margin) - 1
        _, winner, loser = self.steps[index]
        return winner, loser

    def describe_boards(self) -> str:
        if self.max_boards is None:
            return f"{self.min_boards}+"
        if self.max_boards == self.min_boards:
            return str(self.min_boards)
        return f"{self.min_boards}-{self.max_boards}"


@dataclass(frozen=True, repr=False)
class TableScale(VPScale):
    """A scale given as tables of margin ranges, one table per range of board counts.

    ``win_bonus`` is added to the winner's VPs (the loser gets nothing extra)
    and ``draw_bonus`` to each side when the margin is 0: the seed's 12-0 and
    29-0 scales add win points to a 10-0 and a WBF scale (004:1736-1738).
    """

    name: str
    title: str
    margin: Margin
    tables: tuple[ScaleTable, ...]
    source: str = ""
    win_bonus: Decimal = Decimal(0)
    draw_bonus: Decimal = Decimal(0)
    path: str | None = field(default=None, compare=False)

    def table_for(self, boards: int) -> ScaleTable:
        _check_boards(boards)
        for table in self.tables:
            if table.covers(boards):
                return table
        counts = ", ".join(t.describe_boards() for t in self.tables)
        raise ScaleError(
            "scale {scale!r} has no table for {boards} boards; it has tables for "
            "{counts} boards (load a club scale file with the table you need)",
            code="vp.no-table-for-boards",
            scale=self.name,
            boards=boards,
            counts=counts,
        )

    def winner_loser(self, margin: int, boards: int) -> tuple[Decimal, Decimal]:
        winner, loser = self.table_for(boards).lookup(margin)
        if margin == 0:
            return winner + self.draw_bonus, loser + self.draw_bonus
        return winner + self.win_bonus, loser

    def max_total(self, boards: int) -> Decimal:
        table = self.table_for(boards)
        best = max(w + lo for _, w, lo in table.steps)
        return best + max(self.win_bonus, 2 * self.draw_bonus)


@dataclass(frozen=True, repr=False)
class BonusScale(VPScale):
    """Another scale plus win points: ``win_bonus`` to the winner of a match and
    ``draw_bonus`` to each side of a drawn one (the seed's 12-0, a 10-0 scale
    with 2 points for a win, 004:1736-1738), for a base that is not a table."""

    name: str
    title: str
    base: VPScale
    win_bonus: Decimal
    draw_bonus: Decimal
    margin: Margin = "imps"
    source: str = ""
    path: str | None = field(default=None, compare=False)

    def winner_loser(self, margin: int, boards: int) -> tuple[Decimal, Decimal]:
        winner, loser = self.base.winner_loser(margin, boards)
        if margin == 0:
            return winner + self.draw_bonus, loser + self.draw_bonus
        return winner + self.win_bonus, loser

    def max_total(self, boards: int) -> Decimal:
        return self.base.max_total(boards) + max(self.win_bonus, 2 * self.draw_bonus)


def _fail(message: str, where: str | None, *, code: str = "", **params: object) -> ScaleError:
    """The refusal ``message`` (a message id with its ``code`` and ``params``) for the
    scale file ``where``."""
    return ScaleError(message, Location(file=where) if where else None, code=code, **params)


def _number(value: Any, what: str, where: str | None) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
        raise _fail(
            "{what} must be a number, got {given!r}",
            where,
            code="vp.file-not-a-number",
            what=what,
            given=value,
        )

    try:
        number = checked_decimal(str(value))
    except ValueError:
        raise _fail(
            "{what} must be a number, got {given!r}",
            where,
            code="vp.file-not-a-number",
            what=what,
            given=str(value)[:40],
        ) from None
    if not number.is_finite() or number < 0:
        raise _fail(
            "{what} must be a number >= 0, got {given!r}",
            where,
            code="vp.file-negative",
            what=what,
            given=value,
        )
    return number


def _whole(value: Any, what: str, where: str | None, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(
            "{what} must be a whole number >= {minimum}, got {given!r}",
            where,
            code="vp.file-not-whole",
            what=what,
            minimum=minimum,
            given=value,
        )
    return value


def scale_from_data(data: Any, where: str | None = None) -> TableScale | BonusScale:
    """Build a :class:`TableScale` from parsed JSON (see :func:`load_scale_file`)."""
    if not isinstance(data, dict):
        raise _fail("a VP scale file must hold one JSON object", where, code="vp.file-not-object")
    if data.get("format") != FORMAT_NAME:
        raise _fail(
            'a VP scale file must have "format": "{format_name}"',
            where,
            code="vp.file-format",
            format_name=FORMAT_NAME,
        )
    if data.get("version") != FORMAT_VERSION:
        raise _fail(
            "unsupported VP scale format version {given!r}: expected 1",
            where,
            code="vp.file-version",
            given=data.get("version"),
        )
    known = {"format", "version", "name", "title", "source", "margin", "tables", "based_on",
             "win_bonus", "draw_bonus", "notes"}  # fmt: skip
    unknown = sorted(set(data) - known)
    if unknown:
        raise _fail(
            "unknown keys {unknown} in VP scale; allowed are {allowed}",
            where,
            code="vp.file-unknown-keys",
            unknown=unknown,
            allowed=sorted(known),
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail('a VP scale needs a "name" (text)', where, code="vp.file-needs-name")
    title = data.get("title", name)
    source = data.get("source", "")
    if not isinstance(title, str) or not isinstance(source, str):
        raise _fail('"title" and "source" must be text', where, code="vp.file-title-source")
    win_bonus = _number(data.get("win_bonus", 0), '"win_bonus"', where)
    draw_bonus = _number(data.get("draw_bonus", 0), '"draw_bonus"', where)
    if "based_on" in data:
        if "tables" in data or "margin" in data:
            raise _fail(
                'a scale "based_on" another takes its tables and margin from it',
                where,
                code="vp.file-based-on",
            )
        base = get_scale(str(data["based_on"]))
        if not isinstance(base, TableScale):
            return BonusScale(name=name, title=title, base=base, win_bonus=win_bonus,
                              draw_bonus=draw_bonus, margin=base.margin, source=source,
                              path=where)  # fmt: skip
        return TableScale(
            name=name,
            title=title,
            margin=base.margin,
            tables=base.tables,
            source=source or base.source,
            win_bonus=base.win_bonus + win_bonus,
            draw_bonus=base.draw_bonus + draw_bonus,
            path=where,
        )
    margin = data.get("margin", "imps")
    if margin not in ("imps", "points"):
        raise _fail(
            '"margin" must be "imps" or "points", got {given!r}',
            where,
            code="vp.file-margin",
            given=margin,
        )
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        raise _fail(
            'a VP scale needs "tables": a non-empty list', where, code="vp.file-needs-tables"
        )
    tables: list[ScaleTable] = []
    for number, raw in enumerate(raw_tables, start=1):
        what = f"table {number}"
        if not isinstance(raw, dict) or "steps" not in raw or "boards" not in raw:
            raise _fail(
                '{what} must be an object with "boards" and "steps"',
                where,
                code="vp.file-table-object",
                what=what,
            )
        boards = raw["boards"]
        high: int | None
        if isinstance(boards, int):
            low, high = _whole(boards, f"{what} boards", where, 1), boards
        elif isinstance(boards, dict):
            low = _whole(boards.get("min"), f'{what} boards "min"', where, 1)
            high_raw = boards.get("max")
            high = None if high_raw is None else _whole(high_raw, f'{what} "max"', where, low)
        else:
            raise _fail(
                '{what} "boards" must be a number or {{"min": .., "max": ..}}',
                where,
                code="vp.file-table-boards",
                what=what,
            )
        steps_raw = raw["steps"]
        if not isinstance(steps_raw, list) or not steps_raw:
            raise _fail(
                '{what} "steps" must be a non-empty list',
                where,
                code="vp.file-table-steps",
                what=what,
            )
        steps: list[tuple[int, Decimal, Decimal]] = []
        for row in steps_raw:
            if not isinstance(row, list) or len(row) != 3:
                raise _fail(
                    "{what}: each step is [lowest margin, winner VPs, loser VPs]",
                    where,
                    code="vp.file-step-shape",
                    what=what,
                )
            start = _whole(row[0], f"{what} step margin", where)
            winner = _number(row[1], f"{what} winner VPs", where)
            loser = _number(row[2], f"{what} loser VPs", where)
            if steps and start <= steps[-1][0]:
                raise _fail(
                    "{what}: step margins must increase, {margin} after {previous}",
                    where,
                    code="vp.file-steps-increase",
                    what=what,
                    margin=start,
                    previous=steps[-1][0],
                )
            if steps and (winner < steps[-1][1] or loser > steps[-1][2]):
                raise _fail(
                    "{what}: at margin {margin} the winner's VPs fall or the loser's rise",
                    where,
                    code="vp.file-steps-monotone",
                    what=what,
                    margin=start,
                )
            if winner < loser:
                raise _fail(
                    "{what}: at margin {margin} the winner has fewer VPs than the loser",
                    where,
                    code="vp.file-winner-fewer",
                    what=what,
                    margin=start,
                )
            steps.append((start, winner, loser))
        if steps[0][0] != 0:
            raise _fail(
                "{what}: the first step must start at margin 0",
                where,
                code="vp.file-first-step",
                what=what,
            )
        if steps[0][1] != steps[0][2]:
            raise _fail(
                "{what}: a margin of 0 must give both sides the same VPs",
                where,
                code="vp.file-zero-margin",
                what=what,
            )
        table = ScaleTable(low, high, tuple(steps))
        for other in tables:
            if (
                other.covers(low)
                or (high is not None and other.covers(high))
                or table.covers(other.min_boards)
            ):
                raise _fail(
                    "{what}: its board counts overlap another table's",
                    where,
                    code="vp.file-tables-overlap",
                    what=what,
                )
        tables.append(table)
    return TableScale(
        name=name,
        title=title,
        margin=margin,
        tables=tuple(tables),
        source=source,
        win_bonus=win_bonus,
        draw_bonus=draw_bonus,
        path=where,
    )


def load_scale_file(path: str | Path) -> TableScale | BonusScale:
    """Load a club's VP scale from a JSON file.

    The file holds one object::

        {"format": "bridgedesk-vp-scale", "version": 1,
         "name": "club20", "title": "...", "source": "...",
         "margin": "imps",                      # or "points" (board-a-match)
         "tables": [{"boards": {"min": 6, "max": 8},
                     "steps": [[0, 10, 10], [1, 11, 9], [3, 12, 8], ...]}]}

    Each step is ``[lowest margin, winner VPs, loser VPs]``; the margins
    increase from 0.  ``"boards"`` is one number or ``{"min": m, "max": n}``
    (leave out ``max`` for "m or more").  Instead of tables a file may say
    ``"based_on": "wbf25"`` with ``"win_bonus"`` / ``"draw_bonus"``.
    """

    where = str(path)
    data = reading.read_json(path, error=ScaleError, decimals=True, what="the VP scale file")
    return scale_from_data(data, where)


# ---------------------------------------------------------------------------
# The registry

#: Shipped table scales: name -> data file in bridgedesk/bridge/data.
_DATA_FILES: dict[str, str] = {
    "wbf25": "wbf25.json",
    "29-0": "wbf25-plus4.json",
    "bam": "bam.json",
    "20-0": "acbl20.json",
    "30-0": "acbl30.json",
    "12-0": "10-0-plus2.json",
}
_BUILTIN: dict[str, VPScale] = {
    "wbf2013": WBF2013Scale(),
    "wbf2013-plain": WBF2013Scale(
        name="wbf2013-plain",
        title="WBF 2013 formula rounded to 2 decimals, without the concavity correction",
        concave=False,
    ),
    "10-0": WBF2013Scale(
        name="10-0",
        title="10-0: the WBF 2013 curve with a top of 10 VPs (any number of boards)",
        top=10,
    ),
    "40-0": WBF2013Scale(
        name="40-0",
        title="40-0: the WBF 2013 curve with a top of 40 VPs (any number of boards)",
        top=40,
    ),
}
_ALIASES: dict[str, str] = {
    "wbf": "wbf2013",
    "wbf20": "wbf2013",
    "25-0": "wbf25",
    "b-a-m": "bam",
    "acbl20": "20-0",
    "acbl30": "30-0",
}


def scale_names() -> tuple[str, ...]:
    """The names :func:`get_scale` knows, besides file paths."""
    return tuple(sorted([*_BUILTIN, *_DATA_FILES]))


@cache
def _load_builtin(name: str) -> TableScale | BonusScale:
    resource = resources.files("bridgedesk.bridge").joinpath("data").joinpath(_DATA_FILES[name])
    data = json.loads(resource.read_text(encoding="utf-8"), parse_float=Decimal)
    return scale_from_data(data, f"bridgedesk/bridge/data/{_DATA_FILES[name]}")


def get_scale(name: str) -> VPScale:
    """A VP scale by name (case-insensitive) or by the path of a JSON scale file.

    >>> get_scale("WBF2013").vp(17, 16)
    (Decimal('14.39'), Decimal('5.61'))
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in _BUILTIN:
        return _BUILTIN[key]
    if key in _DATA_FILES:
        return _load_builtin(key)
    candidate = Path(name)
    if candidate.suffix.lower() == ".json" or candidate.is_file():
        return load_scale_file(candidate)
    raise ScaleError(
        "unknown VP scale {given!r}: known scales are {known}, or give the path "
        "of a .json scale file",
        code="vp.unknown-scale",
        given=name,
        known=", ".join(scale_names()),
    )
