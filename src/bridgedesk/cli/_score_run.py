"""What ``bridgedesk score`` does once its options are parsed (see :mod:`bridgedesk.cli.score`).

Kept apart from the option declarations so that ``bridgedesk --help`` does
not import the scoring engine, the writers and the report templates.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from bridgedesk.bridge.methods import Method
from bridgedesk.cli._score_options import FormatOpt, RoundsOpt, SectionsOpt
from bridgedesk.errors import FormatError, Location, ScoringError
from bridgedesk.formats import (
    pbn,
    pbn_results,
    pbn_scores,
    ranking_csv,
    results_json,
    traveller_json,
    travellers_csv,
    usebio,
)
from bridgedesk.formats.scored_file import scored_file
from bridgedesk.reports.bundle import write_all
from bridgedesk.reports.session import event_text, ranking_text, results_html
from bridgedesk.results.model import EventTotal, Options, ScoredEvent, VpLine
from bridgedesk.results.numbers import decimal, real
from bridgedesk.scoring.individual import score_individual
from bridgedesk.scoring.matchpoints import FouledMethod, Missing
from bridgedesk.scoring.session import (
    carry_over,
    combine_sessions,
    flight_ranks_of,
    score_sections,
    score_session,
)
from bridgedesk.scoring.session import houston_vp as houston
from bridgedesk.scoring.swiss import SwissBy, barometer, swiss_pairs


def run(
    files: list[Path],
    method: Method,
    missing: str,
    butler_drop: int,
    winners: int | None,
    fouled: str,
    sections: SectionsOpt | None,
    section_names: str | None,
    qualifying: Path | None,
    carry_max_boards: int,
    flight: list[str] | None,
    rounds: RoundsOpt | None,
    vp_scale: str,
    houston_vp: str | None,
    fmt: FormatOpt,
    strict: bool,
    out: Path | None = None,
    encoding: str | None = None,
) -> None:
    """Read, check, score and print; see :func:`bridgedesk.cli.score.command`."""
    if out is not None and fmt is not FormatOpt.html:
        raise ScoringError("--out goes with --format html (the report set); other formats print")
    how: dict[str, Any] = {
        "method": _pairs_method(method),
        "missing": Missing(missing),
        "fouled": FouledMethod(fouled),
    }
    flights, order = _flights(flight or [])
    read = [_read(f, strict, encoding) for f in files]
    # Everything is read and checked before anything is printed.
    used: list[int] = [inp.check(winners) for inp, _ in read]
    detected = winners is None and all(inp.winners is None for inp, _ in read)
    individual = any(inp.individual for inp, _ in read)
    if individual and (sections or qualifying or houston_vp):
        raise ScoringError("an individual event takes no --sections, --qualifying or --houston-vp")
    options = Options(how["missing"], how["fouled"], butler_drop, detected)
    if rounds is not None:
        if sections or qualifying or houston_vp or flight or fmt not in (
            FormatOpt.text, FormatOpt.json
        ):  # fmt: skip
            raise ScoringError(
                "--rounds takes no --sections, --qualifying, --flight or --houston-vp, "
                "and prints text or json"
            )
        _print_rounds(rounds, read, fmt, vp_scale, how, options)
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
    carry: dict[str, Fraction] = {}
    if qualifying is not None:
        carry = _carry(qualifying, strict, results, carry_max_boards, butler_drop, how)
    combined: list[tuple[str, Fraction, str]] = []
    if len(results) > 1 or qualifying is not None:
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
        combined = combine_sessions(results, carry)
    ranked: dict[str, dict[str, str]] = {}
    if flights:
        if combined:
            values = {p: t for p, t, _ in combined}
        else:
            values = {
                s.pair: s.percentage if s.percentage is not None else s.total
                for s in results[0].standings
            }
        ranked = flight_ranks_of(values, flights, order)
    vps: list[tuple[VpLine, ...]] = []
    if houston_vp is not None:
        for r, (inp, _) in zip(results, read, strict=True):
            lines = houston(r, houston_vp, inp.penalties)
            vps.append(tuple(VpLine(k[0], k[1], v, rank) for k, v, rank in lines))
    if sections is not None:
        outputs = [scored_file(results[0], files[0], options=options)]
    else:
        outputs = [
            scored_file(r, f, individual=inp.individual, base=base, options=options)
            for r, f, (inp, base) in zip(results, files, read, strict=True)
        ]
    if fmt in (FormatOpt.pbn, FormatOpt.usebio, FormatOpt.csv):
        if len(files) > 1:
            raise ScoringError(f"--format {fmt.value} writes one session: give one results file")
        if fmt is FormatOpt.usebio:
            typer.echo(usebio.dumps(outputs[0]), nl=False)
        elif fmt is FormatOpt.csv:
            text = ranking_csv.dumps(outputs[0])
            text += travellers_csv.dumps(outputs[0])
            typer.echo(text.replace("\r\n", "\n"), nl=False)
        else:
            typer.echo(pbn_results.dumps(outputs[0], read[0][1], newline="\n"), nl=False)
        return
    event = ScoredEvent(
        tuple(outputs),
        tuple(EventTotal(p, t, rank) for p, t, rank in combined),
        carry,
        ranked,
        tuple(vps),
    )
    if fmt is FormatOpt.json:
        typer.echo(results_json.dumps(event), nl=False)
    elif fmt is FormatOpt.html:
        if len(results) > 1 or event.has_extras:
            raise ScoringError("--format html shows one session without totals; use text or json")
        if out is None:
            typer.echo(results_html(outputs[0]))
        else:
            for path in write_all(outputs[0], out):
                typer.echo(str(path))
    else:
        typer.echo(event_text(event), nl=False)


def _pairs_method(method: Method) -> Method:
    if not method.is_pairs:
        raise ScoringError(f"--method {method} is a team method: give mp, ximp, butler or total")
    return method


def _print_rounds(
    rounds: RoundsOpt, read: list[Any], fmt: FormatOpt, scale: str, how: dict[str, Any],
    options: Options,
) -> None:  # fmt: skip
    boards = [inp.boards for inp, _ in read]
    if rounds is RoundsOpt.barometer:
        after = barometer(boards, method=how["method"], missing=how["missing"],
                          butler_drop=options.butler_drop)  # fmt: skip
        name = read[0][0].filename
        values = [scored_file(r, name, options=replace(options, winners_detected=False))
                  for r in after]  # fmt: skip
        if fmt is FormatOpt.json:
            doc = {"rounds": [results_json.to_dict(v) for v in values]}
            typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        else:
            for i, v in enumerate(values, start=1):
                typer.echo(f"After round {i}: " + ranking_text(v), nl=False)
        return
    by = SwissBy.MP if rounds is RoundsOpt.swiss_mp else SwissBy.IMP
    res = swiss_pairs(boards, by=by, scale=scale, missing=how["missing"],
                      butler_drop=options.butler_drop)  # fmt: skip
    if fmt is FormatOpt.json:
        table = [
            [{"round": x.round, "pair": x.pair, "opponent": x.opponent, "result": real(x.result),
              "vp": real(x.vp), "total": real(x.total), "rank": x.rank} for x in rnd]
            for rnd in res.rounds
        ]  # fmt: skip
        typer.echo(json.dumps({"swiss": by.value, "scale": scale, "rounds": table}, indent=2))
        return
    what = "%" if by is SwissBy.MP else "IMPs"
    for rnd in res.rounds:
        typer.echo(f"Round {rnd[0].round if rnd else ''}")
        typer.echo(f"{'Rank':>5} {'Pair':>6} {'Opp':>6} {what:>7} {'VP':>7} {'Total':>8}")
        for x in rnd:
            result = "" if x.result is None else str(decimal(x.result))
            opp = "bye" if x.opponent is None else x.opponent
            typer.echo(f"{x.rank:>5} {x.pair:>6} {opp:>6} {result:>7} "
                       f"{decimal(x.vp)!s:>7} {decimal(x.total)!s:>8}")  # fmt: skip


def _score_one(
    inp: Any, winners: int, butler_drop: int, how: dict[str, Any], penalties: bool = True
) -> Any:
    if inp.individual:
        return score_individual(inp.boards, butler_drop=butler_drop, penalties=inp.penalties,
                                **how)  # fmt: skip
    return score_session(inp.boards, butler_drop=butler_drop, winners=winners,
                         penalties=inp.penalties if penalties else (), **how)  # fmt: skip


def _flights(specs: list[str]) -> tuple[dict[str, str], list[str]]:
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


def _read(file: Path, strict: bool, encoding: str | None = None) -> tuple[Any, Any]:
    suffix = file.suffix.lower()
    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)))
    if suffix == ".json":
        return traveller_json.load(file, strict=strict), None
    if suffix == ".pbn":
        parsed = pbn.load(file, strict=strict, encoding=encoding)
        return pbn_scores.score_input(parsed, str(file), strict=strict), parsed
    raise FormatError(
        f"unknown results file type {suffix or '(none)'}: give a .pbn or .json file",
        Location(file=str(file)),
    )
