"""Score results files: what ``bridgedesk score`` decides once its options are parsed.

Results files (PBN ``ScoreTable`` or JSON travellers, :mod:`bridgedesk.formats`)
are read and checked whole before anything is printed, then scored as the options
say: one session a file, sections of one session (one field, or each apart with a
ranking across, 004:1315-1320), several sessions added up (matched by the
renumbering, the players or the numbers), a final with its qualifying's
carry-over (004:2010-2034) and cut (004:1985-1992), flights (004:1521-1532),
Houston VPs, or the rounds of a barometer or Swiss pairs (004:1505-1515).  The
outcome is printed or written as :class:`~bridgedesk.services.publishing.Published`
(text, JSON, PBN, USEBIO, CSV or HTML), which the command line shows.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.errors import FormatError, Location, ScoringError
from bridgedesk.formats import (
    pbn,
    pbn_results,
    pbn_scores,
    plan_json,
    players_file,
    ranking_csv,
    results_json,
    saved_pages,
    srr_flight_json,
    traveller_json,
    travellers_csv,
    usebio,
)
from bridgedesk.formats.players_file import Roster
from bridgedesk.formats.scored_file import scored_file
from bridgedesk.i18n import Phrase, phrase
from bridgedesk.reports.bundle import write_all
from bridgedesk.reports.combined import combined_html
from bridgedesk.reports.output import Output
from bridgedesk.reports.session import ranking_text, results_html, sessions_text
from bridgedesk.results.combined import combine
from bridgedesk.results.model import EventTotal, Options, ScoredEvent, VpLine
from bridgedesk.results.numbers import decimal, real
from bridgedesk.results.qualify import CutBy, qualifiers
from bridgedesk.results.srr_pairs import corrected_play, srr_pairs_ranking
from bridgedesk.results.team_model import ScoredTeamEvent
from bridgedesk.results.teams import score_team_event
from bridgedesk.scoring.individual import score_individual
from bridgedesk.scoring.matchpoints import FouledMethod, Missing
from bridgedesk.scoring.session import (
    SessionResult,
    carry_over,
    combine_sessions,
    flight_ranks_of,
    score_sections,
    score_session,
)
from bridgedesk.scoring.session import houston_vp as houston
from bridgedesk.scoring.swiss import SwissBy, barometer, swiss_pairs
from bridgedesk.services.publishing import Published
from bridgedesk.services.team_scores import SrrPairs


class RoundsBy(StrEnum):
    """``--rounds``: the files are the rounds of a barometer, or of Swiss pairs with VPs
    from each round's matchpoint percentage or Butler IMPs (004:1505-1515)."""

    BAROMETER = "barometer"
    SWISS_MP = "swiss-mp"
    SWISS_IMP = "swiss-imp"


class SectionsBy(StrEnum):
    """``--sections``: sections of one session scored as one field, or each apart."""

    ONE_FIELD = "one-field"
    EACH = "each"


class _Sink:
    """What a run prints and writes, collected as a :class:`Published`."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.files: list[Path] = []

    def echo(self, text: str, nl: bool = True) -> None:
        self.parts.append(text + ("\n" if nl else ""))

    def file(self, path: Path) -> None:
        self.files.append(path)

    def published(self) -> Published:
        return Published("".join(self.parts), (), tuple(self.files))


__all__ = [
    "Cut",
    "FouledMethod",
    "Missing",
    "RoundsBy",
    "SectionsBy",
    "files_for_awards",
    "score_files",
    "team_file_scores",
]


def score_files(
    files: list[Path],
    method: Method,
    missing: Missing,
    butler_drop: int,
    winners: int | None,
    fouled: FouledMethod,
    sections: SectionsBy | None,
    section_names: str | None,
    qualifying: list[Path] | None,
    carry_max_boards: int,
    flight: list[str] | None,
    rounds: RoundsBy | None,
    vp_scale: str,
    houston_vp: str | None,
    fmt: Output,
    strict: bool,
    out: Path | None = None,
    encoding: str | None = None,
    renumber: Path | None = None,
    sessions: int | None = None,
    cut: Cut | None = None,
    convention: str = "jcbl",
) -> Published:
    """Read, check, score and print (module doc; the options are ``bridgedesk score``'s,
    :func:`bridgedesk.cli.score.command`)."""
    sink = _Sink()
    _run(sink, files, method, missing, butler_drop, winners, fouled, sections, section_names,
         qualifying, carry_max_boards, flight, rounds, vp_scale, houston_vp, fmt, strict, out,
         encoding, renumber, sessions, cut, convention)  # fmt: skip
    return sink.published()


def _run(
    sink: _Sink,
    files: list[Path],
    method: Method,
    missing: Missing,
    butler_drop: int,
    winners: int | None,
    fouled: FouledMethod,
    sections: SectionsBy | None,
    section_names: str | None,
    qualifying: list[Path] | None,
    carry_max_boards: int,
    flight: list[str] | None,
    rounds: RoundsBy | None,
    vp_scale: str,
    houston_vp: str | None,
    fmt: Output,
    strict: bool,
    out: Path | None,
    encoding: str | None,
    renumber: Path | None,
    sessions: int | None,
    cut: Cut | None,
    convention: str,
) -> None:
    if out is not None and fmt is not Output.HTML:
        raise ScoringError(
            "--out goes with --format html (the report set); other formats print",
            code="score.out-needs-html",
        )
    how: dict[str, Any] = {
        "method": _pairs_method(method),
        "missing": missing,
        "fouled": fouled,
    }
    flights, order = _flights(flight or [])
    read = [_read(f, strict, encoding) for f in files]
    # Everything is read and checked before anything is printed.
    used: list[int] = [inp.check(winners) for inp, _ in read]
    detected = winners is None and all(inp.winners is None for inp, _ in read)
    individual = any(inp.individual for inp, _ in read)
    if individual and (sections or qualifying or houston_vp):
        raise ScoringError(
            "an individual event takes no --sections, --qualifying or --houston-vp",
            code="score.individual-options",
        )
    options = Options(how["missing"], how["fouled"], butler_drop, detected)
    chosen = _convention(convention, method, individual or bool(sections or qualifying or rounds))
    if rounds is not None:
        if sections or qualifying or houston_vp or flight or fmt not in (
            Output.TEXT, Output.JSON
        ):  # fmt: skip
            raise ScoringError(
                "--rounds takes no --sections, --qualifying, --flight or --houston-vp, "
                "and prints text or json",
                code="score.rounds-options",
            )
        _print_rounds(sink, rounds, read, fmt, vp_scale, how, options)
        return
    groups = _session_groups(files, sessions, sections)
    if sections is not None:
        if len(files) < 2:
            raise ScoringError(
                "--sections needs two or more files, one per section",
                code="score.sections-need-files",
            )
        results = []
        for group in groups:
            names = _section_names(section_names, len(group))
            part = [read[i] for i in group]
            by_name = {n: _prefixed(inp.boards, n) for n, (inp, _) in zip(names, part, strict=True)}
            penalties = [
                replace(p, pair=n + p.pair) for n, (inp, _) in zip(names, part, strict=True)
                for p in inp.penalties
            ]  # fmt: skip
            results.append(
                score_sections(by_name, across_field=sections is SectionsBy.ONE_FIELD,
                               winners=winners or used[group[0]], penalties=penalties, **how)
            )  # fmt: skip
    else:
        results = [
            _score_one(inp, w, butler_drop, how, convention=chosen)
            for (inp, _), w in zip(read, used, strict=True)
        ]
    if renumber is not None and len(results) < 2:
        raise ScoringError(
            "--renumber matches the pairs of two or more sessions", code="score.renumber-sessions"
        )
    combined: list[tuple[str, Fraction, str]] = []
    if len(results) > 1 or qualifying:
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
                    "pair number {pair} is both an NS and an EW pair in {file}: totals over "
                    "sessions need each pair's own number (e.g. NS 1-13, EW 14-26)",
                    code="score.pair-both-sides",
                    pair=both[0],
                    file=f,
                )
    if sections is not None:
        outputs = [
            replace(scored_file(r, files[g[0]], options=options), session=i + 1)
            for i, (r, g) in enumerate(zip(results, groups, strict=True))
        ]
    else:
        outputs = [
            replace(scored_file(r, f, individual=inp.individual, base=base, options=options),
                    session=i + 1)
            for i, (r, f, (inp, base)) in enumerate(zip(results, files, read, strict=True))
        ]  # fmt: skip
    seats = plan_json.load(renumber) if renumber else None
    many = len(outputs) > 1 and not individual
    carry: dict[str, Fraction] = {}
    qualified: list[str] | None = None
    if qualifying:
        finalists = (
            [c.pair for c in combine(outputs, seats).ranking]
            if many
            else sorted({s.pair for r in results for s in r.standings})
        )
        top = max((sb.top or 0 for sb in results[0].boards), default=0)
        carry, qualified = _carry(qualifying, strict, finalists, Fraction(top), carry_max_boards,
                                  butler_drop, how, cut)  # fmt: skip
    together = None
    if many:
        together = combine(outputs, seats, carry)
        combined = [(c.pair, c.total, c.rank) for c in together.ranking]
    elif len(results) > 1 or qualifying:
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
    if fmt in (Output.PBN, Output.USEBIO, Output.CSV):
        if len(files) > 1:
            raise ScoringError(
                "--format {format} writes one session: give one results file",
                code="score.one-session-format",
                format=fmt.value,
            )
        if fmt is Output.USEBIO:
            sink.echo(usebio.dumps(outputs[0]), nl=False)
        elif fmt is Output.CSV:
            text = ranking_csv.dumps(outputs[0])
            text += travellers_csv.dumps(outputs[0])
            sink.echo(text.replace("\r\n", "\n"), nl=False)
        else:
            sink.echo(pbn_results.dumps(outputs[0], read[0][1], newline="\n"), nl=False)
        return
    event = ScoredEvent(
        tuple(outputs),
        tuple(EventTotal(p, t, rank) for p, t, rank in combined),
        carry,
        ranked,
        tuple(vps),
        together,
    )
    if cut is not None and not qualifying:
        qualified = cut.apply(together if together is not None else outputs[0])
    if fmt is Output.JSON:
        doc = results_json.event_dict(event)
        if qualified is not None:
            doc["qualified"] = [_json_id(p) for p in qualified]
        sink.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    elif fmt is Output.HTML:
        if together is not None and not (ranked or vps):
            _print_sessions_html(sink, event, out)
            return
        if len(results) > 1 or event.has_extras:
            raise ScoringError(
                "--format html shows sessions and their combined ranking, without "
                "carry-over, flights or Houston VPs; use text or json",
                code="score.html-options",
            )
        if out is None:
            sink.echo(results_html(outputs[0]))
        else:
            for path in write_all(outputs[0], out):
                sink.file(path)
    else:
        sink.echo(sessions_text(event), nl=False)
        if qualified is not None and cut is not None:
            sink.echo(f"\nQualified ({cut.describe()}): {', '.join(qualified)}")


def _print_sessions_html(sink: _Sink, event: ScoredEvent, out: Path | None) -> None:
    """The combined ranking page, or with ``out`` every session's report set beside it."""
    if out is None:
        sink.echo(combined_html(event))
        return
    for s in event.sessions:
        for path in write_all(s, out / f"session-{s.session}"):
            sink.file(path)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "combined.html"
    page.write_text(combined_html(event), encoding="utf-8")
    sink.file(page)


def _session_groups(files: list[Path], sessions: int | None, sections: Any) -> list[list[int]]:
    """The files' indexes per session: one file a session, or with ``--sections`` and
    ``--sessions N`` the files in N equal groups (each session's sections in order)."""
    if sessions is None:
        return (
            [list(range(len(files)))] if sections is not None else [[i] for i in range(len(files))]
        )
    if sections is None:
        if sessions != len(files):
            raise ScoringError(
                "--sessions {sessions} without --sections needs one file a session, not "
                "{files} files",
                code="score.sessions-files",
                sessions=sessions,
                files=len(files),
            )
        return [[i] for i in range(len(files))]
    if len(files) % sessions:
        raise ScoringError(
            "{files} files cannot be {sessions} sessions of the same sections; give "
            "each session's section files in order (A1 B1 A2 B2)",
            code="score.sessions-sections",
            files=len(files),
            sessions=sessions,
        )
    size = len(files) // sessions
    return [list(range(k * size, (k + 1) * size)) for k in range(sessions)]


def _json_id(pair: str) -> int | str:
    return int(pair) if pair.isascii() and pair.isdigit() else pair


def _pairs_method(method: Method) -> Method:
    if not method.is_pairs:
        raise ScoringError(
            "--method {method} is a team method: give mp, ximp, butler or total",
            code="score.team-method",
            method=method,
        )
    return method


def _print_rounds(
    sink: _Sink, rounds: RoundsBy, read: list[Any], fmt: Output, scale: str, how: dict[str, Any],
    options: Options,
) -> None:  # fmt: skip
    boards = [inp.boards for inp, _ in read]
    if rounds is RoundsBy.BAROMETER:
        after = barometer(boards, method=how["method"], missing=how["missing"],
                          butler_drop=options.butler_drop)  # fmt: skip
        name = read[0][0].filename
        values = [scored_file(r, name, options=replace(options, winners_detected=False))
                  for r in after]  # fmt: skip
        if fmt is Output.JSON:
            doc = {"rounds": [results_json.to_dict(v) for v in values]}
            sink.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        else:
            for i, v in enumerate(values, start=1):
                sink.echo(f"After round {i}: " + ranking_text(v), nl=False)
        return
    by = SwissBy.MP if rounds is RoundsBy.SWISS_MP else SwissBy.IMP
    res = swiss_pairs(boards, by=by, scale=scale, missing=how["missing"],
                      butler_drop=options.butler_drop)  # fmt: skip
    if fmt is Output.JSON:
        table = [
            [{"round": x.round, "pair": x.pair, "opponent": x.opponent, "result": real(x.result),
              "vp": real(x.vp), "total": real(x.total), "rank": x.rank} for x in rnd]
            for rnd in res.rounds
        ]  # fmt: skip
        sink.echo(json.dumps({"swiss": by.value, "scale": scale, "rounds": table}, indent=2))
        return
    what = "%" if by is SwissBy.MP else "IMPs"
    for rnd in res.rounds:
        sink.echo(f"Round {rnd[0].round if rnd else ''}")
        sink.echo(f"{'Rank':>5} {'Pair':>6} {'Opp':>6} {what:>7} {'VP':>7} {'Total':>8}")
        for x in rnd:
            result = "" if x.result is None else str(decimal(x.result))
            opp = "bye" if x.opponent is None else x.opponent
            sink.echo(f"{x.rank:>5} {x.pair:>6} {opp:>6} {result:>7} "
                       f"{decimal(x.vp)!s:>7} {decimal(x.total)!s:>8}")  # fmt: skip


def _convention(text: str, method: Method, elsewhere: bool) -> Convention:
    """The convention ``--convention`` names (:mod:`bridgedesk.scoring.options`)."""
    found = Convention.parse(text)
    if found is not Convention.JCBL and elsewhere:
        raise ScoringError(
            "--convention {convention} is for plain sessions (no --sections, "
            "--qualifying, --rounds or individuals)",
            code="score.convention-plain",
            convention=found.value,
        )
    found.check(method)
    return found


def _score_one(
    inp: Any, winners: int, butler_drop: int, how: dict[str, Any], penalties: bool = True,
    convention: Convention = Convention.JCBL,
) -> Any:  # fmt: skip
    if inp.individual:
        return score_individual(inp.boards, butler_drop=butler_drop, penalties=inp.penalties,
                                **how)  # fmt: skip
    return score_session(inp.boards, butler_drop=butler_drop, winners=winners,
                         penalties=inp.penalties if penalties else (), convention=convention,
                         **how)  # fmt: skip


def _flights(specs: list[str]) -> tuple[dict[str, str], list[str]]:
    flights: dict[str, str] = {}
    order: list[str] = []
    for spec in specs:
        name, sep, members = spec.partition("=")
        pairs = [m.strip() for m in members.split(",") if m.strip()]
        if not sep or not name.strip() or not pairs:
            raise ScoringError(
                "bad --flight {spec!r}: write a flight and its pairs, A=1,2,3",
                code="score.bad-flight",
                spec=spec,
            )
        if name.strip() in order:
            raise ScoringError(
                "flight {flight} is given twice", code="score.flight-twice", flight=name.strip()
            )
        order.append(name.strip())
        for p in pairs:
            if flights.setdefault(p, name.strip()) != name.strip():
                raise ScoringError(
                    "pair {pair} is in flights {first} and {second}",
                    code="score.pair-two-flights",
                    pair=p,
                    first=flights[p],
                    second=name.strip(),
                )
    return flights, order


def _section_names(text: str | None, count: int) -> list[str]:
    if text is None:
        return [chr(ord("A") + i) for i in range(count)]
    names = [n.strip() for n in text.split(",")]
    if len(names) != count or len(set(names)) != count or "" in names:
        raise ScoringError(
            "--section-names needs {count} different names, got {text!r}",
            code="score.section-names",
            count=count,
            text=text,
        )
    return names


def _prefixed(boards: Any, name: str) -> list[Any]:
    """Boards with every pair number prefixed by its section (A1, B1, ...)."""
    return [
        replace(b, results=tuple(replace(r, ns=name + r.ns, ew=name + r.ew) for r in b.results))
        for b in boards
    ]


def _carry(
    qualifying: list[Path], strict: bool, finalists: list[str], final_top: Fraction,
    max_boards: int, butler_drop: int, how: dict[str, Any], cut: Cut | None = None,
) -> tuple[dict[str, Fraction], list[str] | None]:  # fmt: skip
    """The carry-over of every finalist from the qualifying round (004:2010-2034),
    and the pairs who qualified when there is a cut (004:1985-1992).

    M is the pair's qualifying total (over all its sessions: several
    ``--qualifying`` files are added up by competitor), E the number of pairs
    ranked in the qualifying, Q the finalists (pairs of the final found in the
    qualifying; with a cut, the pairs who qualified), A the final's average on one
    board (half its top), B the boards of the qualifying.  With a cut, a pair of
    the final who did not qualify is refused.
    """
    if how["method"] is not Method.MP:
        raise ScoringError(
            "carry-over (004:2010-2034) is defined for matchpoints only", code="score.carry-over-mp"
        )
    read = [_read(path, strict) for path in qualifying]
    scored = [_score_one(inp, inp.check(None), butler_drop, how) for inp, _ in read]
    ranking: Any
    if len(scored) == 1:
        ranking = scored_file(scored[0], qualifying[0])
        totals = {s.pair: s.total for s in scored[0].standings}
    else:
        ranking = combine(
            [replace(scored_file(r, p), session=i + 1)
             for i, (r, p) in enumerate(zip(scored, qualifying, strict=True))]
        )  # fmt: skip
        totals = {c.pair: c.total for c in ranking.ranking}
    boards = sum(len(r.boards) for r in scored)
    where = ", ".join(str(p) for p in qualifying)
    unknown = [p for p in finalists if p not in totals]
    if unknown:
        raise ScoringError(
            "pair {pair} of the final did not play the qualifying round ({files}); "
            "number the final's pairs as in the qualifying",
            code="score.final-pair-unknown",
            pair=unknown[0],
            files=where,
        )
    qualified: list[str] | None = None
    counted = finalists
    if cut is not None:
        qualified = cut.apply(ranking)
        out = [p for p in finalists if p not in qualified]
        if out:
            raise ScoringError(
                "pair {pair} plays the final but did not qualify ({cut})",
                code="score.final-not-qualified",
                pair=out[0],
                cut=cut.describe(),
            )
        counted = qualified
    carry = carry_over(totals, counted, len(totals), final_top / 2, boards,
                       max_boards or None)  # fmt: skip
    return {p: c for p, c in carry.items() if p in finalists}, qualified


@dataclass(frozen=True)
class Cut:
    """``--cut N --cut-by overall|field --withdrawn 3,7`` (004:1985-1992)."""

    places: int
    by: CutBy
    withdrawn: tuple[str, ...]

    def apply(self, ranking: Any) -> list[str]:
        return qualifiers(ranking, self.places, self.by, self.withdrawn)

    def describe(self) -> Phrase:
        """The cut in words (a part of a refusal, said in the reader's language)."""
        best = (
            phrase("the best {places} overall", places=self.places)
            if self.by is CutBy.OVERALL
            else phrase("the best {places} in each section and direction", places=self.places)
        )
        if self.withdrawn:
            return phrase(
                "{best}, pairs {pairs} withdrawn", best=best, pairs=", ".join(self.withdrawn)
            )
        return best


def _read(file: Path, strict: bool, encoding: str | None = None) -> tuple[Any, Any]:
    suffix = file.suffix.lower()
    if file.is_dir():
        return saved_pages.load(file), None
    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)), code="file.not-found")
    if suffix == ".json":
        return traveller_json.load(file, strict=strict), None
    if suffix == ".pbn":
        parsed = pbn.load(file, strict=strict, encoding=encoding)
        return pbn_scores.score_input(parsed, str(file), strict=strict), parsed
    raise FormatError(
        "unknown results file type {suffix}: give a .pbn or .json file (or a "
        "directory of saved BBO or KoPS results pages)",
        Location(file=str(file)),
        code="score.unknown-file-type",
        suffix=suffix or "(none)",
    )


def files_for_awards(
    paths: tuple[Path, ...], method: Method, winners: int | None
) -> tuple[list[SessionResult], Roster | None]:
    """Score each results file (one per session) for ``masterpoints award``; the roster
    from the first PBN's TotalScoreTable member numbers, if any."""
    sessions: list[SessionResult] = []
    roster = None
    for path in paths:
        if not path.is_file():
            raise FormatError("no such file", Location(file=str(path)), code="file.not-found")
        parsed = None
        if path.suffix.lower() == ".pbn":
            parsed = pbn.load(path)
            inp = pbn_scores.score_input(parsed, str(path))
        elif path.suffix.lower() == ".json":
            inp = traveller_json.load(path)
        else:
            raise FormatError(
                "give a ranking .json, a .pbn results file or a .json traveller file",
                Location(file=str(path)),
                code="score.unknown-input",
            )
        used = inp.check(winners)
        sessions.append(
            score_session(inp.boards, method=method, winners=used, penalties=inp.penalties)
        )
        if roster is None and parsed is not None:
            roster = players_file.pbn_roster(parsed, str(path))
    return sessions, roster


def team_file_scores(
    file: Path,
    scoring: Method | None = None,
    vp_scale: str | None = None,
    stock: int | None = None,
    flights: Sequence[Path] = (),
    pairs_method: Method = Method.MP,
) -> tuple[ScoredTeamEvent, SrrPairs | None]:
    """A team results file scored (``bridgedesk teams score``): its play under the
    mis-seated rule (any file with ``misseated`` rooms), ``scoring``, ``vp_scale`` and
    ``stock`` instead of the file's, and for an SRR teams + pairs flight (``"form":
    "srr-pairs"``, or other ``flights`` given) the pair field's ranking by
    ``pairs_method`` (004:2649-2651)."""
    if scoring is not None and not scoring.is_teams:
        teams = ", ".join(m.value for m in Method.teams())
        raise ScoringError(
            "--scoring: a team event is scored {teams}, not {scoring}",
            code="score.team-scoring",
            teams=teams,
            scoring=scoring.value,
        )
    if pairs_method not in (Method.MP, Method.BUTLER, Method.XIMP):
        raise ScoringError(
            "--pairs-method: the pairs are ranked by mp, butler or ximp, not {method}",
            code="score.pairs-method",
            method=pairs_method.value,
        )
    flight = srr_flight_json.load(file)
    play = corrected_play(flight.play, flight.misseats)
    if scoring is not None:
        play = replace(play, scoring=scoring)
    if stock is not None:
        play = replace(play, stock=stock)
    if vp_scale is not None:
        scale = get_scale(vp_scale) if vp_scale in scale_names() else load_scale_file(vp_scale)
        play = replace(play, vp_scale=scale)
    pairs = None
    if flights or flight.play.form == "srr-pairs":
        others = [srr_flight_json.load(p) for p in flights]
        pairs = SrrPairs(srr_pairs_ranking([flight, *others], pairs_method), pairs_method)
    return score_team_event(play), pairs
