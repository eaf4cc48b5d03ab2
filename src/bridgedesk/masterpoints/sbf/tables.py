"""SBF award tables (001:609-1900): formulas where the seed gives one, data otherwise.

Every function returns the points *per player* by place, place 1 first, as whole
numbers of the table's colour; SBF rounds every decimal up (001:493, 001:720).

* A1 bronze pairs 4-32 (001:609-720): the winner gets 2 bp per pair in the field,
  each next place 2/3 of the place above rounded up, never fewer than 4 bp, down to
  the best third of the field (rounded up).
* A2 bronze pairs 32-100 (001:721-829): the rows of 32-40 pairs as printed (the seed
  excuses them from its principle, 001:819-823; data file ``data/a2.json``), from 42
  pairs the principle printed beside the table (001:727-818); an odd count averages
  the two neighbouring rows cell by cell and rounds up (001:824-827).
* B1 bronze team barometer (001:830-917): winner 3 bp per team, then 2/3 rounded
  up, minimum 4, best third; above 32 teams A2 times 1.5 rounded up.
* C bronze individual (001:1073-1142): winner 1.5 bp per player rounded up, then
  2/3, minimum 4, best third; 33-60 players are data (``data/c.json``).
* D silver pairs (001:1143-1309): winner 1 sp per pair, 2/3 per place up to 32
  pairs, silver to the best quarter (at most 16 pairs), then bronze (2 x table A) to
  the best third; 33-100 pairs are data (``data/d.json``).  When not all pairs
  meet, the winner's figure is ``1 + met + (not met)/2`` rounded up; at least 100
  boards multiply it by 1.2 (+0.2 per further full 50 boards); never above 100.
* E1 silver team barometer (001:1310-1412): winner 1.5 sp per team, silver to the
  best quarter, bronze (2 x B1) to the best third.
* F silver individual (001:1681-1734): winner 3/4 sp per player, silver to the best
  quarter, bronze (2 x C) to the best third; 36-64 players are data.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

from bridgedesk.errors import MasterpointError
from bridgedesk.i18n import LazyText, lazy_pgettext
from bridgedesk.masterpoints.sbf.units import Denomination

__all__ = [
    "TABLES",
    "ScaleRow",
    "beginners_scale",
    "board_coefficient",
    "bronze_pairs",
    "group_field",
    "half_silver_scale",
    "handicap_scale",
    "not_all_met_field",
    "silver_places",
    "table",
    "table_a1",
    "table_a2",
    "table_b1",
    "table_c",
    "table_d",
    "table_e1",
    "table_f",
    "two_thirds_scale",
]

TWO_THIRDS = Fraction(2, 3)
#: Group coefficients for fields split by playing strength (001:697-720).
GROUP_COEFFICIENTS: Mapping[int, tuple[Fraction, ...]] = {
    2: (Fraction("1.1"), Fraction("0.9")),
    3: (Fraction("1.15"), Fraction("1.0"), Fraction("0.85")),
    4: (Fraction("1.15"), Fraction("1.05"), Fraction("0.95"), Fraction("0.85")),
    5: (Fraction("1.2"), Fraction("1.1"), Fraction("1.0"), Fraction("0.9"), Fraction("0.8")),
}


@dataclass(frozen=True)
class ScaleRow:
    """One row of an SBF table: points per player by place, by colour.

    Places are numbered gold first, then silver, then bronze: place 1 is ``gp[0]``
    (or ``sp[0]`` when the row has no gold).
    """

    table: str
    field: int
    gp: tuple[int, ...] = ()
    sp: tuple[int, ...] = ()
    bp: tuple[int, ...] = ()

    def places(self) -> tuple[tuple[Denomination, int], ...]:
        """(colour, points) for places 1, 2, ... in order."""
        return (
            tuple((Denomination.GOLD, v) for v in self.gp)
            + tuple((Denomination.SILVER, v) for v in self.sp)
            + tuple((Denomination.BRONZE, v) for v in self.bp)
        )

    def __len__(self) -> int:
        return len(self.gp) + len(self.sp) + len(self.bp)

    def at(self, place: int) -> tuple[Denomination, int] | None:
        """The award of ``place`` (1-based), or None below the last paid place."""
        rows = self.places()
        return rows[place - 1] if 1 <= place <= len(rows) else None

    def as_json(self) -> dict[str, Any]:
        if not self.gp and not self.sp:
            return {"awards": list(self.bp)}
        out: dict[str, Any] = {}
        if self.gp:
            out["gp"] = list(self.gp)
        out["sp"] = list(self.sp)
        out["bp"] = list(self.bp)
        return out


@functools.cache
def _data(name: str) -> dict[int, Any]:
    text = (
        resources.files("bridgedesk.masterpoints.sbf")
        .joinpath("data", f"{name}.json")
        .read_text(encoding="utf-8")
    )
    rows: dict[str, Any] = json.loads(text)["rows"]
    return {int(k): v for k, v in rows.items()}


def _third(field: int) -> int:
    return math.ceil(Fraction(field, 3))


def silver_places(field: int | Fraction) -> int:
    """Silver goes to the best quarter (rounded up), at most 16 (001:1234-1236)."""
    return min(16, math.ceil(Fraction(field) / 4))


def two_thirds_scale(first: int | Fraction, places: int, minimum: int = 0) -> tuple[int, ...]:
    """``first`` rounded up, then each place 2/3 of the one above rounded up."""
    if places <= 0:
        return ()
    values = [math.ceil(Fraction(first))]
    while len(values) < places:
        values.append(max(minimum, math.ceil(TWO_THIRDS * values[-1])))
    return tuple(values)


#: What a table's size counts, as a refusal names it.
_PAIRS = lazy_pgettext("a table's size in", "pairs")
_TEAMS = lazy_pgettext("a table's size in", "teams")
_PLAYERS = lazy_pgettext("a table's size in", "players")


def _check(name: str, field: int, low: int, high: int, unit: LazyText) -> None:
    if not low <= field <= high:
        raise MasterpointError(
            "table {name} is defined for {low}-{high} {unit}, got {field} {unit}",
            code="masterpoint.table-size",
            name=name,
            low=low,
            high=high,
            unit=unit,
            field=field,
        )


def _average_rows(
    lower: tuple[int, ...],
    upper: tuple[int, ...],
    length: int,
    weight: Fraction = Fraction(1, 2),
) -> tuple[int, ...]:
    """Cell-by-cell mean of two neighbouring rows, rounded up (001:824-827).

    ``weight`` is how far the wanted row lies from ``lower`` towards ``upper``: 1/2
    for an odd count between two printed even counts (the seed's rule); where the
    printed rows are further apart (table D between 90 and 100 pairs) the same rule is
    applied proportionally.  A cell missing from one row takes the other row's cell.
    """
    out: list[int] = []
    for i in range(length):
        a = lower[i] if i < len(lower) else None
        b = upper[i] if i < len(upper) else None
        if a is None and b is None:
            break
        if a is None or b is None:
            out.append(a if a is not None else b)  # type: ignore[arg-type]
        else:
            out.append(math.ceil(a + (b - a) * weight))
    return tuple(out)


def _weight(lower: int, upper: int, field: int) -> Fraction:
    return Fraction(field - lower, upper - lower)


def _neighbours(rows: Mapping[int, Any], field: int) -> tuple[int, int]:
    lower = max(k for k in rows if k < field)
    upper = min(k for k in rows if k > field)
    return lower, upper


# --- bronze ------------------------------------------------------------------------


def table_a1(pairs: int) -> tuple[int, ...]:
    """Table A1, bronze pairs 4-32: 2 bp per pair to the winner, 2/3 down, min 4."""
    _check("A1", pairs, 4, 32, _PAIRS)
    return two_thirds_scale(2 * pairs, _third(pairs), minimum=4)


#: Table A2's rows up to this many pairs are taken as printed: "Principen gäller icke
#: helt konsekvent för parantal mellan 32 och 40, eftersom anpassning sker i skarven
#: till annan princip för 32 par och färre" (001:819-823).  From 42 pairs the
#: principle governs and the printed cells that break it are typos (named in
#: tests/masterpoints/test_sbf_tables.py).
A2_PRINTED_UP_TO = 40


def table_a2(pairs: int) -> tuple[int, ...]:
    """Table A2, bronze pairs 32-100: the printed rows up to 40 pairs (001:736-744),
    from 42 pairs the table's principle (001:727-818), odd counts the mean of the
    neighbouring rows rounded up (001:824-827)."""
    _check("A2", pairs, 32, 100, _PAIRS)
    return _bronze_row(pairs)


def bronze_pairs(pairs: int) -> tuple[int, ...]:
    """A1 up to 32 pairs, A2 from 33 to 100."""
    _check("A1/A2", pairs, 4, 100, _PAIRS)
    return table_a1(pairs) if pairs <= 32 else table_a2(pairs)


@functools.cache
def _bronze_row(pairs: int) -> tuple[int, ...]:
    """The bronze pairs row of any field from 4 pairs: A1 up to 32 pairs, A2's printed
    rows to 40, odd counts averaged, other even counts by the A2 principle."""
    if pairs <= 32:
        return table_a1(pairs)
    if pairs % 2:
        return _average_rows(_bronze_row(pairs - 1), _bronze_row(pairs + 1), _third(pairs))
    if pairs <= A2_PRINTED_UP_TO:
        return tuple(_data("a2")[pairs])
    return _a2_principle(pairs, _bronze_row(pairs // 2))


def _a2_principle(pairs: int, half: tuple[int, ...]) -> tuple[int, ...]:
    """An even row of table A2 from the row of half the pairs (001:723-818).

    The winner 2 bp per pair (as in A1, 001:723-725); the second 2/3 of the winner,
    rounded up (001:730, 001:810); the third the winner's figure at half the pairs,
    then the 5th the half row's 2nd, the 7th its 3rd, the 9th its 4th... (place
    2k + 1 takes the half row's place k, 001:810-814); each even place from the 4th
    the mean of its two neighbours, rounded up (001:814-818); places down to the best
    third (rounded up, as in A1).  Nothing forces the last place to 4: the printed
    rows that end in 4 where the principle gives more are typos.
    """
    places = _third(pairs)

    def odd(place: int) -> int:  # place 2k + 1: the half row's place k (at least 4)
        k = (place - 1) // 2
        return half[k - 1] if k <= len(half) else 4

    row: list[int] = []
    for place in range(1, places + 1):
        if place == 1:
            row.append(2 * pairs)
        elif place == 2:
            row.append(math.ceil(TWO_THIRDS * 2 * pairs))
        elif place % 2:
            row.append(odd(place))
        else:
            row.append(math.ceil(Fraction(odd(place - 1) + odd(place + 1), 2)))
    return tuple(row)


def bronze_simultaneous(pairs: int) -> tuple[int, ...]:
    """Bronze of a simultaneous event's common list (001:441-446): "bp som i en vanlig
    bronstävling. Vid 200 par får segrarna 400 bp osv." - up to 100 pairs tables A1 /
    A2; above, the A2 principle continued from the row of half the pairs (odd counts the
    mean of the neighbouring even rows, rounded up, 001:824-827)."""
    if pairs <= 100:
        return bronze_pairs(pairs)
    return _bronze_row(pairs)


def group_field(pairs: int, groups: int, group: int) -> int:
    """The pair count to enter the table with for group ``group`` (1 = A) of
    ``groups`` groups split by strength: pairs x coefficient, rounded up (001:697-720)."""
    if groups not in GROUP_COEFFICIENTS:
        raise MasterpointError(
            "group coefficients exist for 2-5 groups, got {groups}",
            code="masterpoint.group-count",
            groups=groups,
        )
    if not 1 <= group <= groups:
        raise MasterpointError(
            "group must be 1-{groups} (A-{last_letter}), got {group}",
            code="masterpoint.group",
            groups=groups,
            last_letter="ABCDE"[groups - 1],
            group=group,
        )
    return math.ceil(pairs * GROUP_COEFFICIENTS[groups][group - 1])


def handicap_scale(values: tuple[int, ...]) -> tuple[int, ...]:
    """Handicap result list: half the bronze points rounded up, at least 2 (001:502-516)."""
    return tuple(max(2, math.ceil(Fraction(v, 2))) for v in values)


def table_b1(teams: int) -> tuple[int, ...]:
    """Table B1, bronze team barometer: 3 bp per team to the winner, 2/3 down, min 4;
    above 32 teams table A2 x 1.5 rounded up (001:887-888)."""
    _check("B1", teams, 4, 100, _TEAMS)
    if teams <= 32:
        return two_thirds_scale(3 * teams, _third(teams), minimum=4)
    return tuple(math.ceil(Fraction(3, 2) * v) for v in table_a2(teams))


def table_c(players: int) -> tuple[int, ...]:
    """Table C, bronze individual 8-60 players."""
    _check("C", players, 8, 60, _PLAYERS)
    if players <= 32:
        return two_thirds_scale(Fraction(3, 2) * players, _third(players), minimum=4)
    return tuple(_data("c")[players])


# --- silver ------------------------------------------------------------------------


def board_coefficient(boards: int | None) -> Fraction:
    """1.2 from 100 boards, +0.2 per further full 50 boards (001:1258-1271)."""
    if boards is None or boards < 100:
        return Fraction(1)
    return 1 + Fraction(2, 10) * (1 + (boards - 100) // 50)


def not_all_met_field(field: int, met: int) -> Fraction:
    """``1 + met + half of those not met`` (001:1243-1247)."""
    if not 0 <= met <= field - 1:
        raise MasterpointError(
            "opponents met must be 0-{most}, got {met}",
            code="masterpoint.opponents-met",
            most=field - 1,
            met=met,
        )
    return 1 + met + Fraction(field - 1 - met, 2)


def _d_sp(winner: int) -> tuple[int, ...]:
    """The silver part of the table D row whose winner gets ``winner`` sp."""
    if winner <= 32:
        return two_thirds_scale(winner, silver_places(winner))
    rows = _data("d")
    if winner in rows:
        return tuple(rows[winner]["sp"])
    lower, upper = _neighbours(rows, winner)
    return _average_rows(
        tuple(rows[lower]["sp"]),
        tuple(rows[upper]["sp"]),
        silver_places(winner),
        _weight(lower, upper, winner),
    )


def _d_bp(pairs: int, place: int) -> int:
    """Bronze of ``place`` in a silver pair event of ``pairs`` starting pairs."""
    if pairs <= 32:
        return 2 * table_a1(pairs)[place - 1]
    rows = _data("d")
    if pairs in rows:
        sp, bp = rows[pairs]["sp"], rows[pairs]["bp"]
    else:
        lower, upper = _neighbours(rows, pairs)
        bp = list(
            _average_rows(
                tuple(rows[lower]["bp"]),
                tuple(rows[upper]["bp"]),
                _third(pairs),
                _weight(lower, upper, pairs),
            )
        )
        sp = [0] * silver_places(pairs)
    index = place - len(sp) - 1
    if index < 0:  # a place that is silver when all meet all: the row's first bronze
        return int(bp[0]) if bp else 8
    return int(bp[index]) if index < len(bp) else int(bp[-1]) if bp else 8


def table_d(pairs: int, *, met: int | None = None, boards: int | None = None) -> ScaleRow:
    """Table D, silver pairs 12-100 with the bronze extension.

    ``met``: opponents each pair met when not all meet all; ``boards``: boards
    played (the coefficient applies from 100).
    """
    _check("D", pairs, 12, 100, _PAIRS)
    figure = Fraction(pairs) if met is None else not_all_met_field(pairs, met)
    winner = min(100, math.ceil(math.ceil(figure) * board_coefficient(boards)))
    third = _third(pairs)
    sp = _d_sp(winner)[:third]
    bp = tuple(_d_bp(pairs, place) for place in range(len(sp) + 1, third + 1))
    return ScaleRow("D", pairs, sp=sp, bp=bp)


def table_e1(teams: int) -> ScaleRow:
    """Table E1, silver team barometer 8-40 teams (1.5 sp per team to the winner).

    Up to 32 teams by formula; 34-40 teams are data, odd counts average the neighbours.
    """
    _check("E1", teams, 8, 40, _TEAMS)
    if teams > 32:
        rows = _data("e1")
        if teams in rows:
            return ScaleRow("E1", teams, sp=tuple(rows[teams]["sp"]), bp=tuple(rows[teams]["bp"]))
        lower, upper = _neighbours({32: None, **rows}, teams)
        low = table_e1(lower)
        high = ScaleRow("E1", upper, sp=tuple(rows[upper]["sp"]), bp=tuple(rows[upper]["bp"]))
        sp = _average_rows(low.sp, high.sp, silver_places(teams))
        bp = _average_rows(low.bp, high.bp, _third(teams) - len(sp))
        return ScaleRow("E1", teams, sp=sp, bp=bp)
    sp = two_thirds_scale(Fraction(3, 2) * teams, silver_places(teams))
    b1 = table_b1(teams)
    bp = tuple(2 * b1[p] for p in range(len(sp), _third(teams)))
    return ScaleRow("E1", teams, sp=sp, bp=bp)


def table_f(players: int, *, rounds: int | None = None) -> ScaleRow:
    """Table F, silver individual 16-64 players (3/4 sp per player to the winner).

    ``rounds``: rounds played when not everyone partners everyone; the winner's figure
    is then ``0.75 * (1 + rounds + (players - 1 - rounds)/2)`` (001:1722-1731).
    """
    _check("F", players, 16, 64, _PLAYERS)
    c = table_c(min(players, 60)) if players <= 60 else None
    third = _third(players)
    if rounds is None and players > 32:
        rows = _data("f")
        if players in rows:
            return ScaleRow(
                "F", players, sp=tuple(rows[players]["sp"]), bp=tuple(rows[players]["bp"])
            )
        lower, upper = _neighbours(rows, players)
        weight = _weight(lower, upper, players)
        sp = _average_rows(
            tuple(rows[lower]["sp"]), tuple(rows[upper]["sp"]), silver_places(players), weight
        )
        bp = _average_rows(
            tuple(rows[lower]["bp"]), tuple(rows[upper]["bp"]), third - len(sp), weight
        )
        return ScaleRow("F", players, sp=sp, bp=bp)
    figure = Fraction(3, 4) * (players if rounds is None else not_all_met_field(players, rounds))
    sp = two_thirds_scale(figure, min(silver_places(figure * Fraction(4, 3)), third))
    if c is None:
        raise MasterpointError(
            "table F bronze extension is defined up to 60 players, got {players}",
            code="masterpoint.table-f-players",
            players=players,
        )
    bp = tuple(2 * c[p] for p in range(len(sp), third))
    return ScaleRow("F", players, sp=sp, bp=bp)


#: Tables the ``table`` function and the CLI know, with the field unit.
TABLES: Mapping[str, str] = {
    "A1": "pairs",
    "A2": "pairs",
    "B1": "teams",
    "C": "players",
    "D": "pairs",
    "E1": "teams",
    "F": "players",
}


def table(name: str, field: int) -> ScaleRow:
    """A table row by the table's name (``A1``, ``A2``, ``B1``, ``C``, ``D``, ``E1``, ``F``)."""
    key = name.upper()
    if key == "A1":
        return ScaleRow("A1", field, bp=table_a1(field))
    if key == "A2":
        return ScaleRow("A2", field, bp=table_a2(field))
    if key == "B1":
        return ScaleRow("B1", field, bp=table_b1(field))
    if key == "C":
        return ScaleRow("C", field, bp=table_c(field))
    if key == "D":
        return table_d(field)
    if key == "E1":
        return table_e1(field)
    if key == "F":
        return table_f(field)
    raise MasterpointError(
        "unknown SBF table {name!r}; tables with a size scale: {tables}",
        code="masterpoint.unknown-sbf-table",
        name=name,
        tables=", ".join(TABLES),
    )


def half_silver_scale(row: ScaleRow) -> ScaleRow:
    """A silver pair event of 36-41 boards is played on half the silver scale
    (001:336-352): every silver figure halved, rounded up; bronze unchanged."""
    return ScaleRow(
        row.table + "-half",
        row.field,
        gp=row.gp,
        sp=tuple(math.ceil(Fraction(v, 2)) for v in row.sp),
        bp=row.bp,
    )


def beginners_scale(pairs: int) -> tuple[int, ...]:
    """Nybörjarträffen (001:497-500): up to 99 pairs the 50-pair bronze scale, from
    100 pairs the 100-pair scale (table A2)."""
    if pairs < 1:
        raise MasterpointError(
            "a beginners' meeting needs pairs, got {pairs}",
            code="masterpoint.beginners-pairs",
            pairs=pairs,
        )
    return table_a2(50 if pairs <= 99 else 100)
