"""``bridgedesk score FILE``: score a results file and print the ranking.

Reads a PBN file with ``[ScoreTable]`` sections or a bridgedesk JSON traveller
file (``docs/traveller-format.md``), scores it by matchpoints, cross-IMP,
Butler or total points, and prints text, JSON, PBN (the file with the points
filled in and a ``[TotalScoreTable]``) or HTML.  Nothing is printed when the
input is rejected: the error names the file, line and board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.cli._options import InputEncodingOption
from bridgedesk.cli.results import echo
from bridgedesk.errors import Location, ScoringError
from bridgedesk.reports.output import Output
from bridgedesk.results.qualify import CutBy
from bridgedesk.services.file_scores import (
    Cut,
    FouledMethod,
    Missing,
    RoundsBy,
    SectionsBy,
    score_files,
)


def command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="A .pbn file with ScoreTables, a .json traveller file, or a directory of "
            "one tournament's saved BBO traveller or KoPS protocol pages; several are "
            "sessions added up, or sections with --sections."
        ),
    ],
    method: Annotated[
        Method, typer.Option(help="Scoring method (mp, ximp, butler or total).")
    ] = Method.MP,
    missing: Annotated[
        Missing,
        typer.Option(
            help="Missing comparisons: Neuberg factoring, +0.5 each, or the ratio (N-1)/(n-1)."
        ),
    ] = Missing.NEUBERG,
    butler_drop: Annotated[
        int,
        typer.Option(
            min=0, max=limit.SMALL_COUNT, help="Butler: scores dropped at each end for the datum."
        ),
    ] = 1,
    winners: Annotated[
        int | None, typer.Option(min=1, max=2, help="1 or 2 winners (default: detected).")
    ] = None,
    fouled: Annotated[
        FouledMethod,
        typer.Option(help="Fouled boards: the formula (sectional and up) or the simple method."),
    ] = FouledMethod.FORMULA,
    sections: Annotated[
        SectionsBy | None,
        typer.Option(
            help="The files are sections of one session playing the same boards: score them "
            "as one field, or each apart with a percentage ranking across (004:1315-1320)."
        ),
    ] = None,
    section_names: Annotated[
        str | None,
        typer.Option(help="Section names for --sections, comma-separated (default A,B,...)."),
    ] = None,
    qualifying: Annotated[
        list[Path] | None,
        typer.Option(
            help="The qualifying round's results: its matchpoints are carried over to this "
            "final by the JCBL formula (004:2010-2034); repeat it for a qualifying of several "
            "sessions (added up by pair, 004:2030: the 4-board maximum)."
        ),
    ] = None,
    carry_max_boards: Annotated[
        int,
        typer.Option(
            min=0,
            max=limit.SMALL_COUNT,
            help="Carry-over cap in final boards at top (0: none; 004:2030).",
        ),
    ] = 4,
    flight: Annotated[
        list[str] | None,
        typer.Option(
            help="A flight and its pairs, best flight first: --flight A=1,2,3 --flight B=4,5 "
            "(each flight ranks its pairs and those of lower flights, 004:1521-1532)."
        ),
    ] = None,
    rounds: Annotated[
        RoundsBy | None,
        typer.Option(
            help="The files are the rounds of a barometer (running ranking) or of Swiss pairs "
            "(VPs from each round's matchpoint % or Butler IMPs, 004:1505-1515)."
        ),
    ] = None,
    vp_scale: Annotated[
        str, typer.Option(help="VP scale for Swiss pairs (the seed gives none; 004:2595).")
    ] = "wbf2013",
    houston_vp: Annotated[
        str | None,
        typer.Option(help="With --method butler: Houston VPs per opponent on this VP scale."),
    ] = None,
    convention: Annotated[str, typer.Option(help=Convention.help_text())] = "jcbl",
    fmt: Annotated[
        Output, typer.Option("--format", help="text, json, pbn, usebio, csv or html.")
    ] = Output.TEXT,
    strict: Annotated[
        bool, typer.Option(help="Reject irregular PBN and unknown JSON keys instead of ignoring.")
    ] = False,
    encoding: InputEncodingOption = None,
    renumber: Annotated[
        Path | None,
        typer.Option(
            help="How the pairs were renumbered between sessions: the JSON of `movement "
            'recommend --sessions 2 --format json` or {"competitors": {"1": ["1", "B3"]}}; '
            "without it sessions are matched by players, else by identical pair numbers.",
        ),
    ] = None,
    sessions: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=limit.SESSIONS,
            help="With --sections: the files are this many sessions of the same sections, "
            "each session's section files in order (A1 B1 A2 B2).",
        ),
    ] = None,
    cut: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=limit.PAIRS,
            help="The qualifying's cut: the best N pairs go to the final (with --qualifying the "
            "final's pairs must be among them; without it, the qualifiers are listed).",
        ),
    ] = None,
    cut_by: Annotated[
        str,
        typer.Option(
            help="overall, or field: the best N of each section and direction (004:1985-1992)."
        ),
    ] = "overall",
    withdrawn: Annotated[
        str | None,
        typer.Option(
            help="Qualifiers who will not play the final, comma-separated: the next "
            "pairs take their places (004:1991)."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="With --format html: write the whole report set (ranking, recap, travellers, "
            "score sheets, data files) into this directory, as `bridgedesk results` does.",
        ),
    ] = None,
) -> None:
    """Score results files (PBN ScoreTable or JSON travellers) and print the ranking."""

    done = score_files(
        files=files, method=method, missing=missing, butler_drop=butler_drop,
        winners=winners, fouled=fouled, sections=sections, section_names=section_names,
        qualifying=qualifying, carry_max_boards=carry_max_boards, flight=flight, rounds=rounds,
        vp_scale=vp_scale, houston_vp=houston_vp, fmt=fmt, strict=strict, out=out,
        encoding=encoding, renumber=renumber, sessions=sessions,
        cut=_cut(cut, cut_by, withdrawn), convention=convention,
    )  # fmt: skip
    echo(done)


def _cut(places: int | None, by: str, withdrawn: str | None) -> Cut | None:
    if places is None:
        if withdrawn is not None or by != "overall":
            raise ScoringError("--cut-by and --withdrawn go with --cut N", code="cut.options")
        return None
    if by not in ("overall", "field"):
        raise ScoringError(
            "--cut-by is overall or field, not {by!r}",
            Location(input="--cut-by"),
            code="cut.by",
            by=by,
        )
    pairs = tuple(p.strip() for p in (withdrawn or "").split(",") if p.strip())
    return Cut(places, CutBy(by), pairs)
