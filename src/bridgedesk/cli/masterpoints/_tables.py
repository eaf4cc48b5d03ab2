"""The rows ``masterpoints table`` prints: JCBL weekly and SBF tables, the options
checked against the table asked for."""

from __future__ import annotations

from typing import Any

from bridgedesk.errors import Location, MasterpointError
from bridgedesk.masterpoints.jcbl.weekly import GameKind, weekly_table
from bridgedesk.masterpoints.sbf.rules import h1_final, h1_semifinal
from bridgedesk.masterpoints.sbf.tables import TABLES, ScaleRow, bronze_simultaneous, table

RULE_SETS = ("jcbl-weekly", "sbf")
#: SBF tables of the command besides TABLES, all by pairs: A (A1 or A2 by the field),
#: H1 (SM pairs final) and H1S (its semifinal).
PAIR_TABLES = ("A", "H1", "H1S")
#: Every table name the command knows.
TABLE_NAMES = (*TABLES, *PAIR_TABLES)


def refuse(given: dict[str, object], why: str) -> None:
    for option, value in given.items():
        if value not in (None, False):
            raise MasterpointError(
                "{option} does not apply: {why}",
                code="masterpoint.option-not-applicable",
                option=option,
                why=why,
            )


def weekly(
    klass: int | None, kind: str | None, competitors: int | None, sessions: int | None
) -> dict[str, Any]:
    if klass is None:
        raise MasterpointError(
            "jcbl-weekly needs --class 1-5",
            Location(input="--class"),
            code="masterpoint.weekly-needs-class",
        )
    if competitors is None:
        raise MasterpointError(
            "jcbl-weekly needs --competitors (2 or more)",
            Location(input="--competitors"),
            code="masterpoint.weekly-needs-competitors",
        )
    try:
        game_kind = GameKind(kind or "pairs")
    except ValueError:
        raise MasterpointError(
            "--kind must be pairs, individual or teams, got {kind!r}",
            Location(input="--kind"),
            code="masterpoint.kind",
            kind=kind,
        ) from None
    row = weekly_table(klass, game_kind, competitors, 1 if sessions is None else sessions)
    doc: dict[str, Any] = {
        "rules": "jcbl-weekly",
        "class": klass,
        "kind": game_kind.value,
        "competitors": competitors,
        "awards": [float(v) for v in row],
    }
    if sessions not in (None, 1):
        doc["sessions"] = sessions
    return doc


def sbf(name: str, unit: str, size: int, simultaneous: bool) -> tuple[ScaleRow, str]:
    """The row of table ``name`` for ``size`` ``unit`` (the unit the user gave)."""
    key = name.upper()
    wanted = "pairs" if key in PAIR_TABLES else TABLES.get(key)
    if wanted is None:
        raise MasterpointError(
            "unknown SBF table {name!r}; tables with a size scale: {tables}",
            code="masterpoint.unknown-table",
            name=name,
            tables=", ".join(TABLE_NAMES),
        )
    if unit != wanted:
        raise MasterpointError(
            "table {key} is by {wanted}: give --{wanted}, not --{unit}",
            code="masterpoint.table-unit",
            key=key,
            wanted=wanted,
            unit=unit,
        )
    if simultaneous and key not in ("A", "A1", "A2"):
        raise MasterpointError(
            "--simultaneous does not apply: it is the bronze common list (table A) "
            "of a simultaneous event (001:441-446), not table {key}",
            Location(input="--simultaneous"),
            code="masterpoint.simultaneous-table",
            key=key,
        )
    if simultaneous:
        return ScaleRow("A", size, bp=bronze_simultaneous(size)), unit
    if key == "H1":
        return h1_final(size), unit
    if key == "H1S":
        return h1_semifinal(size), unit
    if key == "A":
        key = "A1" if size <= 32 else "A2"
    return table(key, size), unit
