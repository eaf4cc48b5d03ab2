"""``bridgedesk score FILE``: score a results file and print the ranking.

Reads a PBN file with ``[ScoreTable]`` sections or a bridgedesk JSON traveller
file (``docs/traveller-format.md``), scores it by matchpoints, cross-IMP,
Butler or total points, and prints text, JSON, PBN (the file with the points
filled in and a ``[TotalScoreTable]``) or HTML.  Nothing is printed when the
input is rejected: the error names the file, line and board.
"""

from __future__ import annotations

import enum
from dataclasses import replace
from fractions import Fraction
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


class RoundsOpt(enum.StrEnum):
    barometer = "barometer"
    swiss_mp = "swiss-mp"
    swiss_imp = "swiss-imp"


class SectionsOpt(enum.StrEnum):
    one_field = "one-field"
    each = "each"


def command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="A .pbn file with ScoreTables or a .json traveller file; several files are "
            "sessions added up, or sections with --sections."
        ),
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
    sections: Annotated[
        SectionsOpt | None,
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
        Path | None,
        typer.Option(
            help="The qualifying round's results: its matchpoints are carried over to this "
            "final by the JCBL formula (004:2010-2034)."
        ),
    ] = None,
    carry_max_boards: Annotated[
        int,
        typer.Option(min=0, help="Carry-over cap in final boards at top (0: none; 004:2030)."),
    ] = 4,
    flight: Annotated[
        list[str] | None,
        typer.Option(
            help="A flight and its pairs, best flight first: --flight A=1,2,3 --flight B=4,5 "
            "(each flight ranks its pairs and those of lower flights, 004:1521-1532)."
        ),
    ] = None,
    rounds: Annotated[
        RoundsOpt | None,
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
    fmt: Annotated[FormatOpt, typer.Option("--format", help="Output format.")] = FormatOpt.text,
    strict: Annotated[
        bool, typer.Option(help="Reject irregular PBN and unknown JSON keys instead of ignoring.")
    ] = False,
    encoding: Annotated[
        str | None,
        typer.Option(
            help="Text encoding of the PBN files (default: told from their bytes: UTF-8, "
            "Shift_JIS or Latin-1).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Score results files (PBN ScoreTable or JSON travellers) and print the ranking."""
    from bridgedesk.errors import ScoringError
    from bridgedesk.scoring.matchpoints import FouledMethod, Missing
    from bridgedesk.scoring.session import Method, score_sections

    how: dict[str, Any] = {
        "method": Method(method.value),
        "missing": Missing(missing.value),
        "fouled": FouledMethod(fouled.value),
    }
    flights, order = _flights(flight or [])
    read = [_read(f, strict, encoding) for f in files]
    # Everything is read and checked before anything is printed.
    used: list[int] = [inp.check(winners) for inp, _ in read]
    detected = winners is None and all(inp.winners is None for inp, _ in read)
    individual = any(inp.individual for inp, _ in read)
    if individual and (sections or qualifying or houston_vp):
        raise ScoringError("an individual event takes no --sections, --qualifying or --houston-vp")
    if rounds is not None:
        if sections or qualifying or houston_vp or flight or fmt in (FormatOpt.pbn, FormatOpt.html):
            raise ScoringError(
                "--rounds takes no --sections, --qualifying, --flight or --houston-vp, "
                "and prints text or json"
            )
        _print_rounds(rounds, [inp.boards for inp, _ in read], fmt, butler_drop, vp_scale, how)
        return
    if sections is not None:
        if len(files) < 2:
            raise ScoringError("--sections needs two or more files, one per section")
        names = _section_names(section_names, len(files))
        by_name = {n: _prefixed(inp.boards, n) for n, (inp, _) in zip(names, read, strict=True)}
        penalties = [
            replace(p, pair=n + p.pair) for n, (inp, _) in zip(names, read, strict=True)
            for p in inp.penalties
        ]  # fmt: skip
        results = [
            score_sections(by_name, across_field=sections is SectionsOpt.one_field,
                           winners=winners or used[0], penalties=penalties, **how)
        ]  # fmt: skip
    else:
        results = [
            _score_one(inp, w, butler_drop, how) for (inp, _), w in zip(read, used, strict=True)
        ]
    extra: dict[str, Any] = {}
    carry = None
    if qualifying is not None:
        carry = _carry(qualifying, strict, results, carry_max_boards, butler_drop, how)
        extra["carry_over"] = carry
    combined = None
    if len(results) > 1 or carry is not None:
        for r, f in zip(results, files, strict=False):
            ns = {
                st.pair
                for st in r.standings
                if st.direction is not None and st.direction.value == "NS"
            }
            both = sorted(p for p in ns if any(
                st.pair == p and st.direction is not None and st.direction.value == "EW"
                for st in r.standings))  # fmt: skip
            if both:
                raise ScoringError(
                    f"pair number {both[0]} is both an NS and an EW pair in {f}: totals over "
                    "sessions need each pair's own number (e.g. NS 1-13, EW 14-26)"
                )
        from bridgedesk.scoring.session import combine_sessions

        combined = combine_sessions(results, carry)
        extra["sessions"] = combined
    if flights:
        from bridgedesk.scoring.session import flight_ranks_of

        if combined is not None:
            values = {p: t for p, t, _ in combined}
        else:
            values = {
                s.pair: s.percentage if s.percentage is not None else s.total
                for s in results[0].standings
            }
        extra["flights"] = flight_ranks_of(values, flights, order)
    if houston_vp is not None:
        from bridgedesk.scoring.session import houston_vp as houston

        extra["houston_vp"] = [
            houston(r, houston_vp, inp.penalties) for r, (inp, _) in zip(results, read, strict=True)
        ]
    if fmt is FormatOpt.pbn:
        if len(files) > 1:
            raise ScoringError("--format pbn writes one session: give one results file")
        from bridgedesk.formats.pbn_scores import write_scored

        typer.echo(write_scored(read[0][1], read[0][0], results[0]), nl=False)
        return
    if fmt is FormatOpt.json:
        import json

        doc = to_json(results[0]) if len(results) == 1 else {
            "sessions": [to_json(r) for r in results]
        }  # fmt: skip
        doc.update(_extra_json(extra))
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    elif fmt is FormatOpt.html:
        from bridgedesk.reports.score_html import render

        if len(results) > 1 or extra:
            raise ScoringError("--format html shows one session without totals; use text or json")
        typer.echo(render(results[0], title=files[0].name))
    else:
        text = "\n".join(to_text(r, detected) for r in results)
        typer.echo(text + _extra_text(extra), nl=False)


def _print_rounds(
    rounds: RoundsOpt, boards: list[Any], fmt: FormatOpt, butler_drop: int, scale: str,
    how: dict[str, Any],
) -> None:  # fmt: skip
    import json

    from bridgedesk.scoring.rounding import to_decimal

    if rounds is RoundsOpt.barometer:
        from bridgedesk.scoring.swiss import barometer

        after = barometer(boards, method=how["method"], missing=how["missing"],
                          butler_drop=butler_drop)  # fmt: skip
        if fmt is FormatOpt.json:
            typer.echo(json.dumps({"rounds": [to_json(r) for r in after]}, indent=2))
        else:
            for i, r in enumerate(after, start=1):
                typer.echo(f"After round {i}: " + to_text(r, False), nl=False)
        return
    from bridgedesk.scoring.swiss import SwissBy, swiss_pairs

    by = SwissBy.MP if rounds is RoundsOpt.swiss_mp else SwissBy.IMP
    res = swiss_pairs(boards, by=by, scale=scale, missing=how["missing"], butler_drop=butler_drop)
    if fmt is FormatOpt.json:
        doc = [
            [{"round": x.round, "pair": x.pair, "opponent": x.opponent, "result": _dec(x.result),
              "vp": _dec(x.vp), "total": _dec(x.total), "rank": x.rank} for x in rnd]
            for rnd in res.rounds
        ]  # fmt: skip
        typer.echo(json.dumps({"swiss": by.value, "scale": scale, "rounds": doc}, indent=2))
        return
    what = "%" if by is SwissBy.MP else "IMPs"
    for rnd in res.rounds:
        typer.echo(f"Round {rnd[0].round if rnd else ''}")
        typer.echo(f"{'Rank':>5} {'Pair':>6} {'Opp':>6} {what:>7} {'VP':>7} {'Total':>8}")
        for x in rnd:
            result = "" if x.result is None else str(to_decimal(x.result))
            opp = "bye" if x.opponent is None else x.opponent
            typer.echo(f"{x.rank:>5} {x.pair:>6} {opp:>6} {result:>7} "
                       f"{to_decimal(x.vp)!s:>7} {to_decimal(x.total)!s:>8}")  # fmt: skip


def _score_one(
    inp: Any, winners: int, butler_drop: int, how: dict[str, Any], penalties: bool = True
) -> Any:
    if inp.individual:
        from bridgedesk.scoring.individual import score_individual

        return score_individual(inp.boards, butler_drop=butler_drop, penalties=inp.penalties,
                                **how)  # fmt: skip
    from bridgedesk.scoring.session import score_session

    return score_session(inp.boards, butler_drop=butler_drop, winners=winners,
                         penalties=inp.penalties if penalties else (), **how)  # fmt: skip


def _flights(specs: list[str]) -> tuple[dict[str, str], list[str]]:
    from bridgedesk.errors import ScoringError

    flights: dict[str, str] = {}
    order: list[str] = []
    for spec in specs:
        name, sep, members = spec.partition("=")
        pairs = [m.strip() for m in members.split(",") if m.strip()]
        if not sep or not name.strip() or not pairs:
            raise ScoringError(f"bad --flight {spec!r}: write a flight and its pairs, A=1,2,3")
        if name.strip() in order:
            raise ScoringError(f"flight {name.strip()} is given twice")
        order.append(name.strip())
        for p in pairs:
            if flights.setdefault(p, name.strip()) != name.strip():
                raise ScoringError(f"pair {p} is in flights {flights[p]} and {name.strip()}")
    return flights, order


def _section_names(text: str | None, count: int) -> list[str]:
    from bridgedesk.errors import ScoringError

    if text is None:
        return [chr(ord("A") + i) for i in range(count)]
    names = [n.strip() for n in text.split(",")]
    if len(names) != count or len(set(names)) != count or "" in names:
        raise ScoringError(f"--section-names needs {count} different names, got {text!r}")
    return names


def _prefixed(boards: Any, name: str) -> list[Any]:
    """Boards with every pair number prefixed by its section (A1, B1, ...)."""
    return [
        replace(b, results=tuple(replace(r, ns=name + r.ns, ew=name + r.ew) for r in b.results))
        for b in boards
    ]


def _carry(
    qualifying: Path, strict: bool, finals: list[Any], max_boards: int, butler_drop: int,
    how: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """The carry-over of every finalist from the qualifying round (004:2010-2034).

    M is the pair's qualifying total, E the number of pairs ranked in the
    qualifying, Q the finalists (pairs of the final found in the qualifying),
    A the final's average on one board (half its top), B the qualifying's boards.
    """
    from bridgedesk.errors import ScoringError
    from bridgedesk.scoring.session import Method, carry_over

    if how["method"] is not Method.MP:
        raise ScoringError("carry-over (004:2010-2034) is defined for matchpoints only")
    inp, _ = _read(qualifying, strict)
    q_result = _score_one(inp, inp.check(None), butler_drop, how)
    totals = {s.pair: s.total for s in q_result.standings}
    finalists = sorted({s.pair for r in finals for s in r.standings})
    unknown = [p for p in finalists if p not in totals]
    if unknown:
        raise ScoringError(
            f"pair {unknown[0]} of the final did not play the qualifying round ({qualifying}); "
            "number the final's pairs as in the qualifying"
        )
    top = max((sb.top or 0 for sb in finals[0].boards), default=0)
    return carry_over(totals, finalists, len(totals), Fraction(top) / 2,
                      len(q_result.boards), max_boards or None)  # fmt: skip


def _extra_json(extra: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "carry_over" in extra:
        out["carry_over"] = {p: _dec(c) for p, c in extra["carry_over"].items()}
    if "sessions" in extra:
        out["totals"] = [{"pair": p, "total": _dec(t), "rank": r} for p, t, r in extra["sessions"]]
    if "flights" in extra:
        out["flights"] = extra["flights"]
    if "houston_vp" in extra:
        out["houston_vp"] = [
            [{"pair": k[0], "direction": None if k[1] is None else k[1].value,
              "vp": _dec(v), "rank": r} for k, v, r in session]
            for session in extra["houston_vp"]
        ]  # fmt: skip
    return out


def _extra_text(extra: dict[str, Any]) -> str:
    from bridgedesk.scoring.rounding import to_decimal

    lines: list[str] = []
    if "carry_over" in extra:
        lines += ["", "Carry-over from the qualifying round"]
        lines += [f"{p:>6} {to_decimal(c)!s:>9}" for p, c in extra["carry_over"].items()]
    if "sessions" in extra:
        lines += ["", "Totals" + (" with carry-over" if "carry_over" in extra else "")]
        lines.append(f"{'Rank':>5} {'Pair':>6} {'Total':>9}")
        lines += [f"{r:>5} {p:>6} {to_decimal(t)!s:>9}" for p, t, r in extra["sessions"]]
    if "flights" in extra:
        lines += ["", "Flights"]
        for pair, ranks in extra["flights"].items():
            shown = "  ".join(f"{f}: {r}" for f, r in ranks.items())
            lines.append(f"{pair:>6}  {shown}")
    if "houston_vp" in extra:
        for session in extra["houston_vp"]:
            lines += ["", "Houston VPs", f"{'Rank':>5} {'Pair':>6} {'VP':>9}"]
            lines += [f"{r:>5} {k[0]:>6} {to_decimal(v)!s:>9}" for k, v, r in session]
    return "\n".join(lines) + ("\n" if lines else "")


def _read(file: Path, strict: bool, encoding: str | None = None) -> tuple[Any, Any]:
    from bridgedesk.errors import FormatError, Location

    suffix = file.suffix.lower()
    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)))
    if suffix == ".json":
        from bridgedesk.formats import traveller_json

        return traveller_json.load(file, strict=strict), None
    if suffix == ".pbn":
        from bridgedesk.formats import pbn_scores

        return pbn_scores.load(file, strict=strict, encoding=encoding)
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
    ranking = []
    for s in result.standings:
        line: dict[str, Any] = {
            "pair": s.pair,
            "direction": None if s.direction is None else s.direction.value,
            "total": _dec(s.total),
            "max": _num(s.max),
            "percentage": _dec(s.percentage),
            "rank": s.rank,
            "boards": s.boards,
        }
        if s.section is not None:
            line["section"] = s.section
        if s.overall is not None:
            line["overall"] = s.overall
        ranking.append(line)
    doc: dict[str, Any] = {
        "method": result.method.value,
        "winners": result.winners,
        "boards": boards,
        "ranking": ranking,
    }
    if _is_individual(result):
        doc["individual"] = True
    return doc


def _is_individual(result: Any) -> bool:
    return any(sr.result.players is not None for sb in result.boards for sr in sb.results)


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
    individual = _is_individual(result)
    if individual:
        how = ", individual: totals per player"
    lines = [
        f"{_METHOD_NAMES[result.method.value]}, {result.winners} winner{plural}{how}",
        f"{len({b.number for b in result.boards})} boards",
        "",
    ]
    direction = object()
    for s in result.standings:
        if s.direction != direction:
            direction = s.direction
            if s.direction is not None:
                lines.append(f"{s.direction.value}")
            who = "Player" if individual else "Pair"
            head = f"{'Rank':>5} {who:>6} {'Total':>9} {'Max':>7} {'%':>7} {'Boards':>6}"
            lines.append(head + (f" {'Overall':>7}" if s.overall is not None else ""))
        pct = "" if s.percentage is None else str(to_decimal(s.percentage))
        mx = "" if s.max is None else str(to_decimal(s.max))
        overall = "" if s.overall is None else f" {s.overall:>7}"
        lines.append(
            f"{s.rank:>5} {s.pair:>6} {to_decimal(s.total)!s:>9} {mx:>7} {pct:>7} {s.boards:>6}"
            + overall
        )
    return "\n".join(lines) + "\n"
