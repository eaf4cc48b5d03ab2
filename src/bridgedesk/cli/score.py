"""``bridgedesk score FILE``: score a results file and print the ranking.

Reads a PBN file with ``[ScoreTable]`` sections or a bridgedesk JSON traveller
file (``docs/traveller-format.md``), scores it by matchpoints, cross-IMP,
Butler or total points, and prints text, JSON, PBN (the file with the points
filled in and a ``[TotalScoreTable]``) or HTML.  Nothing is printed when the
input is rejected: the error names the file, line and board.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated, Any

import typer


class MethodOpt(enum.StrEnum):
    mp = "mp"
    ximp = "ximp"
    butler = "butler"
    total = "total"


class MissingOpt(enum.StrEnum):
    neuberg = "neuberg"
    half = "half"


class FouledOpt(enum.StrEnum):
    formula = "formula"
    simple = "simple"


class FormatOpt(enum.StrEnum):
    text = "text"
    json = "json"
    pbn = "pbn"
    html = "html"


def command(
    file: Annotated[
        Path, typer.Argument(help="A .pbn file with ScoreTables or a .json traveller file.")
    ],
    method: Annotated[MethodOpt, typer.Option(help="Scoring method.")] = MethodOpt.mp,
    missing: Annotated[
        MissingOpt, typer.Option(help="Missing comparisons: Neuberg factoring or +0.5 each.")
    ] = MissingOpt.neuberg,
    butler_drop: Annotated[
        int, typer.Option(min=0, help="Butler: scores dropped at each end for the datum.")
    ] = 1,
    winners: Annotated[
        int | None, typer.Option(min=1, max=2, help="1 or 2 winners (default: detected).")
    ] = None,
    fouled: Annotated[
        FouledOpt,
        typer.Option(help="Fouled boards: the formula (sectional and up) or the simple method."),
    ] = FouledOpt.formula,
    fmt: Annotated[FormatOpt, typer.Option("--format", help="Output format.")] = FormatOpt.text,
    strict: Annotated[
        bool, typer.Option(help="Reject irregular PBN and unknown JSON keys instead of ignoring.")
    ] = False,
) -> None:
    """Score a results file (PBN ScoreTable or JSON travellers) and print the ranking."""
    from bridgedesk.scoring.matchpoints import FouledMethod, Missing
    from bridgedesk.scoring.session import Method, score_session

    inp, pbn_file = _read(file, strict)
    detected = winners is None and inp.winners is None
    used = inp.check(winners)
    result = score_session(
        inp.boards,
        method=Method(method.value),
        missing=Missing(missing.value),
        fouled=FouledMethod(fouled.value),
        butler_drop=butler_drop,
        winners=used,
        penalties=inp.penalties,
    )
    if fmt is FormatOpt.json:
        import json

        typer.echo(json.dumps(to_json(result), ensure_ascii=False, indent=2))
    elif fmt is FormatOpt.html:
        from bridgedesk.reports.score_html import render

        typer.echo(render(result, title=file.name))
    elif fmt is FormatOpt.pbn:
        from bridgedesk.formats.pbn_scores import write_scored

        typer.echo(write_scored(pbn_file, inp, result), nl=False)
    else:
        typer.echo(to_text(result, detected), nl=False)


def _read(file: Path, strict: bool) -> tuple[Any, Any]:
    from bridgedesk.errors import FormatError, Location

    suffix = file.suffix.lower()
    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)))
    if suffix == ".json":
        from bridgedesk.formats import traveller_json

        return traveller_json.load(file, strict=strict), None
    if suffix == ".pbn":
        from bridgedesk.formats import pbn_scores

        return pbn_scores.load(file, strict=strict)
    raise FormatError(
        f"unknown results file type {suffix or '(none)'}: give a .pbn or .json file",
        Location(file=str(file)),
    )


def _num(value: Any) -> float | int | None:
    from fractions import Fraction

    from bridgedesk.scoring.rounding import round_half_up

    if value is None:
        return None
    f = round_half_up(Fraction(value), 2)
    return int(f) if f.denominator == 1 else float(f)


def _dec(value: Any) -> float | None:
    """Totals and percentages always print as decimals (99.0), as the issue's shape shows."""
    n = _num(value)
    return None if n is None else float(n)


def to_json(result: Any) -> dict[str, Any]:
    """The ``--format json`` document."""
    from bridgedesk.scoring.results import Adjustment

    boards = []
    for sb in result.boards:
        rows = []
        for sr in sb.results:
            r = sr.result
            row: dict[str, Any] = {"ns": r.ns, "ew": r.ew}
            if r.play is not None:
                row["contract"] = r.play.contract
                row["declarer"] = None if r.play.declarer is None else r.play.declarer.value
                row["tricks"] = r.play.tricks
            row["score_ns"] = r.score_ns
            if isinstance(r.ns_outcome, Adjustment) or isinstance(r.ew_outcome, Adjustment):
                row["adjusted"] = {"ns": str(r.ns_outcome), "ew": str(r.ew_outcome)}
            elif r.score_ns is None:
                row["assigned"] = {"ns": str(r.ns_outcome), "ew": str(r.ew_outcome)}
            if r.group is not None:
                row["group"] = r.group
            row["ns_points"] = _num(sr.ns)
            row["ew_points"] = _num(sr.ew)
            rows.append(row)
        boards.append({"board": sb.number, "top": _num(sb.top), "results": rows})
    ranking = [
        {
            "pair": s.pair,
            "direction": None if s.direction is None else s.direction.value,
            "total": _dec(s.total),
            "max": _num(s.max),
            "percentage": _dec(s.percentage),
            "rank": s.rank,
            "boards": s.boards,
        }
        for s in result.standings
    ]
    return {
        "method": result.method.value,
        "winners": result.winners,
        "boards": boards,
        "ranking": ranking,
    }


_METHOD_NAMES = {
    "mp": "Matchpoints",
    "ximp": "Cross-IMPs",
    "butler": "Butler IMPs",
    "total": "Total points",
}


def to_text(result: Any, detected: bool) -> str:
    from bridgedesk.scoring.rounding import to_decimal

    plural = "s" if result.winners == 2 else ""
    how = " (detected from the pair numbers)" if detected else ""
    lines = [
        f"{_METHOD_NAMES[result.method.value]}, {result.winners} winner{plural}{how}",
        f"{len(result.boards)} boards",
        "",
    ]
    direction = object()
    for s in result.standings:
        if s.direction != direction:
            direction = s.direction
            if s.direction is not None:
                lines.append(f"{s.direction.value}")
            lines.append(f"{'Rank':>5} {'Pair':>6} {'Total':>9} {'Max':>7} {'%':>7} {'Boards':>6}")
        pct = "" if s.percentage is None else str(to_decimal(s.percentage))
        mx = "" if s.max is None else str(to_decimal(s.max))
        lines.append(
            f"{s.rank:>5} {s.pair:>6} {to_decimal(s.total)!s:>9} {mx:>7} {pct:>7} {s.boards:>6}"
        )
    return "\n".join(lines) + "\n"
