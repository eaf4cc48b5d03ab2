"""Publish a stored event's results: the ranking as text, the report set, the data files.

``bridgedesk results EVENT`` and the console's downloads (the section's, the
session's and the whole event's report zips, the team event's) all come to
:func:`publish`: the event is scored once by
:func:`bridgedesk.services.event_scores.score` and written by the writers its
shape takes:

* one section: ``text`` (the ranking), ``html`` (the whole report set:
  ranking, recap, travellers, score cards, hand records, and every data file),
  or one data file (``csv``, ``json``, ``pbn``, ``usebio``);
* a session of several sections: ``text`` or ``html`` (each section's set and
  the ranking across them, 004:1315-1320);
* several sessions or a final: ``text``, ``json`` or ``html`` (every session's
  reports and the combined ranking);
* Swiss pairs, barometer, Houston: the standings after each round (``text``,
  ``json``, ``html``);
* a team event: ``text``, ``json``, ``csv``, ``pbn`` or ``html`` (standings,
  cross-table, scorecards, ... docs/teams.md).

While slips are missing the results are provisional (004:3838-3846): each missing
slip is listed for standard error, the text says ``PROVISIONAL``, and a ``final``
publication is refused.  A result under dispute (a table called the director, Law
79) is not settled either: it is listed and the results marked provisional, and a
``final`` publication (or the console's publish page, ``settled``) is refused while
one is open, unless the director publishes ``despite_disputes``, which the output
and the director's audit log then say.
"""

from __future__ import annotations

import io
import json
import tempfile
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import pbn_team_matches, results_json, srr_pairs_csv, team_results_json
from bridgedesk.i18n import catalog, phrase, said_in
from bridgedesk.reports import bundle
from bridgedesk.reports import srr_pairs as srr_reports
from bridgedesk.reports import teams as team_reports
from bridgedesk.reports.event_bundle import event_text, write_event
from bridgedesk.reports.output import Output, output_dir, output_file
from bridgedesk.reports.overall import overall_text
from bridgedesk.reports.pair_rounds import rounds_html, rounds_text, to_dict
from bridgedesk.reports.session import ranking_text
from bridgedesk.reports.team_bundle import write_all as write_team_set
from bridgedesk.reports.team_bundle import write_csv as write_team_csv
from bridgedesk.results.numbers import number
from bridgedesk.results.srr_pairs import SrrPairLine
from bridgedesk.results.team_model import ScoredTeamEvent
from bridgedesk.services.event_scores import (
    EventRules,
    EventScores,
    Missing,
    RoundScores,
    Scores,
    SessionScores,
    Shape,
    event_rules,
    score,
)
from bridgedesk.services.team_scores import SrrPairs, TeamScores
from bridgedesk.store import analyses, director
from bridgedesk.store.disputes import event_open_disputes
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "Publication",
    "Published",
    "publish",
    "publish_zip",
    "srr_pairs_rows",
    "write_scores",
    "write_team_event",
    "zipped",
]

#: What a team event is published as, and the refusal of anything else.
_TEAM_OUTPUTS = (Output.TEXT, Output.JSON, Output.CSV, Output.HTML, Output.PBN)


def _team_refusal(fmt: Output) -> BridgedeskError:
    """The refusal of an output a team event does not write."""
    return BridgedeskError(
        "--format {fmt} is for a pairs event; a team event writes text, json, csv, pbn or html",
        code="publish.team-format",
        fmt=fmt.value,
    )


#: The data files of one section, by the format that asks for them.
_FILES = {
    Output.JSON: ("results.json",),
    Output.PBN: ("results.pbn",),
    Output.USEBIO: ("results.usebio.xml",),
    Output.CSV: ("ranking.csv", "travellers.csv"),
}


@dataclass(frozen=True)
class Publication:
    """What to publish: the format, where (``out``: a directory for ``html`` and the
    data files; None prints a data file, or writes ``html`` into ``./results``), the
    language, whether the results must be final (every slip in, 004:3838-3846, and
    no result under dispute) or ``settled`` (no result under dispute: the console's
    publish page), whether to go ahead ``despite_disputes`` (``who`` is named in the
    director's audit log), which session, section or other SRR flights, and for one
    section's reports double-dummy hand records (``dd``) and PDF pages (``pdf``)."""

    fmt: Output = Output.TEXT
    out: Path | None = None
    lang: str = "en"
    final: bool = False
    session: int | None = None
    section: str | None = None
    flights: tuple[str, ...] = ()
    dd: bool = False
    pdf: bool = False
    settled: bool = False
    despite_disputes: bool = False
    who: str = ""


@dataclass(frozen=True)
class Published:
    """What a publication printed and wrote: ``text`` for standard output, ``notes``
    for standard error (the missing slips), and the files written (index first)."""

    text: str = ""
    notes: tuple[str, ...] = ()
    files: tuple[Path, ...] = field(default_factory=tuple)


def _provisional(
    missing: Missing, final: bool, hint: str, lang: str
) -> tuple[str, tuple[str, ...]]:
    """The missing slips for standard error and the line marking the results
    provisional; with ``final``, a refusal (004:3838-3846)."""
    notes = tuple(phrase("missing slip: {slip}", slip=slip) for slip in missing.slips)
    if missing and final:
        raise BridgedeskError(
            "the results cannot be final: {missing} of {planned} slips missing "
            "(listed above); enter them, or mark a board not played with `{hint}`",
            code="publish.slips-missing",
            missing=len(missing.slips),
            planned=missing.planned,
            hint=hint,
        ).noted(notes)
    return str(said_in(missing.line, lang)), notes


def _pdf(written: Sequence[Path]) -> list[Path]:
    """Every written page but the index, printed to PDF beside it."""
    from bridgedesk.reports.hand_records import html_to_pdf

    return [
        html_to_pdf(page.read_text("utf-8"), page.with_suffix(".pdf"))
        for page in written
        if page.suffix == ".html" and page.stem != "index"
    ]


def _html_dir(out: Path | None) -> Path:
    return output_dir(out if out is not None else Path("results"))


def _one_session(
    found: SessionScores, asked: Publication, solved: Sequence[BoardRecord] = ()
) -> Published:
    scored = found.scored
    fmt = asked.fmt
    hint = "bridgedesk result not-played"
    if len(scored.sections) > 1:
        return _several(found, asked)
    line, notes = _provisional(found.missing, asked.final, hint, asked.lang)
    if fmt is Output.TEXT:
        text = ranking_text(scored, asked.lang)
        return Published((line + "\n" if line else "") + text, notes)
    if fmt is Output.HTML:
        target = _html_dir(asked.out)
        records = list(solved) or None  # the double dummy the deal file held (or --dd)
        if asked.dd and scored.deals and not all(r.dd is not None for r in solved):
            from bridgedesk.deals.dd import analyse

            plain = bundle.records_from_deals(scored.deals, scored.boards)
            records = analyse([r.deal for r in plain])
        written = bundle.write_all(scored, target, lang=asked.lang, records=records)
        if asked.pdf:
            written += _pdf(written)
        return Published("", notes, tuple(written))
    names = _FILES[fmt]
    if asked.out is None:
        text = "".join(
            bundle.data_text(scored, name).decode("utf-8-sig").replace("\r\n", "\n")
            for name in names
        )
        return Published(text, notes)
    output_dir(asked.out)
    files = []
    for name in names:
        path = asked.out / name
        path.write_bytes(bundle.data_text(scored, name))
        files.append(path)
    return Published("", notes, tuple(files))


def _several(found: SessionScores, asked: Publication) -> Published:
    """Every section of the session, then the ranking across them."""
    scored = found.scored
    line, notes = _provisional(
        found.missing, asked.final, "bridgedesk result not-played", asked.lang
    )
    if asked.fmt is Output.TEXT:
        parts = [line + "\n"] if line else []
        for sec in scored.sections:
            parts.append(f"== {sec.name} ==\n")
            parts.append(ranking_text(scored.with_section(sec), asked.lang) + "\n")
        parts.append(overall_text(scored, asked.lang))
        return Published("".join(parts), notes)
    target = _html_dir(asked.out)
    written = bundle.write_sections(scored, target, lang=asked.lang)
    if asked.pdf:
        written += _pdf(written)
    return Published("", notes, tuple(written))


def _rounds(found: RoundScores, asked: Publication) -> Published:
    """A round-by-round event's standings after each round (text, json or html)."""
    result = found.rounds
    assert result is not None
    notes = tuple(phrase("missing slip: {slip}", slip=slip.said) for slip in result.missing)
    if asked.final and result.missing:
        raise BridgedeskError(
            "the results cannot be final: {missing} slip(s) missing (listed above); "
            "enter them, or mark a board not played with `bridgedesk result "
            "not-played`",
            code="publish.rounds-slips-missing",
            missing=len(result.missing),
        ).noted(notes)
    text = rounds_text(result, asked.lang)
    data = json.dumps(to_dict(result), ensure_ascii=False, indent=2) + "\n"
    if asked.fmt is Output.TEXT:
        return Published(text, notes)
    if asked.fmt is Output.JSON and asked.out is None:
        return Published(data, notes)
    target = _html_dir(asked.out)
    files = {"results.json": data}
    if asked.fmt is Output.HTML:
        files = {"index.html": rounds_html(result, asked.lang), **files, "standings.txt": text}
    written = []
    for name, content in files.items():
        path = target / name
        path.write_text(content, encoding="utf-8")
        written.append(path)
    return Published("", notes, tuple(written))


def _whole_event(found: EventScores, asked: Publication) -> Published:
    """An event of several sessions or a final: text, json or html."""
    line, notes = _provisional(
        found.missing, asked.final, "bridgedesk result not-played --session N", asked.lang
    )
    scored = found.scored
    if asked.fmt is Output.JSON:
        text = results_json.dumps(scored)
        if asked.out is None:
            return Published(text, notes)
        output_dir(asked.out)
        (asked.out / "results.json").write_text(text, encoding="utf-8")
        return Published("", notes, (asked.out / "results.json",))
    if asked.fmt is Output.HTML:
        written = write_event(scored, _html_dir(asked.out), asked.lang)
        return Published("", notes, tuple(written))
    written = []
    if asked.out is not None:  # text with --out: the reports are written too
        written = write_event(scored, output_dir(asked.out), asked.lang)
    text = (line + "\n" if line else "") + event_text(scored, asked.lang)
    return Published(text, notes, tuple(written))


def srr_pairs_rows(lines: Sequence[SrrPairLine]) -> list[dict[str, Any]]:
    """An SRR + pairs field's ranking as JSON rows."""
    return [
        {"rank": p.rank, "pair": p.pair, "flight": p.flight, "team": p.team,
         "boards": p.boards, "score": number(p.score), "result": number(p.result)}
        for p in lines
    ]  # fmt: skip


def write_team_event(
    event: ScoredTeamEvent,
    fmt: Output,
    lang: str,
    out: Path | None,
    srr: SrrPairs | None = None,
    deals: Mapping[int, Deal] | None = None,
    json_extra: Mapping[str, Any] | None = None,
    links: Sequence[tuple[str, str]] = (),
) -> Published:
    """A scored team event printed or written: ``text``, ``json``, ``pbn``, ``csv`` or
    ``html`` (the report set with its CSV, JSON and PBN files; ``deals`` go into the
    PBN); ``bridgedesk teams score`` of a results file writes the same."""
    if fmt not in _TEAM_OUTPUTS:
        raise _team_refusal(fmt)
    if fmt in (Output.HTML, Output.CSV) and out is None:
        raise BridgedeskError(
            "--format {format} writes several files: give --out DIR",
            code="publish.needs-out",
            format=fmt.value,
        )
    data = team_results_json.to_dict(event)
    if srr is not None:
        data["srr_pairs"] = srr_pairs_rows(srr.pairs)
    data.update(json_extra or {})
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if fmt is Output.JSON:
        if out is None:
            return Published(text)
        output_file(out).write_text(text, encoding="utf-8")
        return Published()
    if fmt is Output.PBN:
        if out is None:
            return Published(pbn_team_matches.dumps(event, deals, newline="\n"))
        return Published("", (), (pbn_team_matches.dump(event, output_file(out), deals),))
    if fmt is Output.TEXT:
        parts = [team_reports.standings_text(event, lang)]
        if event.butler:
            parts.append("\n" + team_reports.butler_text(event, lang))
        if srr is not None:
            parts.append("\n" + srr_reports.pairs_text(srr.pairs, srr.method, lang))
        return Published("".join(parts))
    assert out is not None
    target = output_dir(out)
    if fmt is Output.CSV:
        written = write_team_csv(event, target)
    else:
        extra = {}
        if srr is not None:
            extra["srr_pairs"] = srr_reports.pairs_html(event, srr.pairs, srr.method, lang)
        written = write_team_set(event, target, lang, extra, deals, links)
        (target / "results.json").write_text(text, encoding="utf-8")
    if srr is not None:
        written.append(srr_pairs_csv.dump(srr.pairs, target / "srr_pairs.csv"))
    return Published("", (), tuple(written))


def _teams(found: TeamScores, asked: Publication) -> Published:
    """A stored team event (docs/teams.md): the whole event, or one session."""
    fmt, out = asked.fmt, asked.out
    notes = tuple(f"missing: {line}" for line in found.missing)
    provisional = ""
    if found.missing:
        count = phrase("{count} matches have room results missing", count=len(found.missing))
        if asked.final:
            raise BridgedeskError(
                "the results cannot be final: {count} (listed above); enter them with "
                "`bridgedesk result team`",
                code="publish.room-results-missing",
                count=count,
            ).noted(notes)
        if fmt is Output.TEXT:
            provisional = phrase("PROVISIONAL: {count}", count=count).in_(asked.lang) + "\n"
    if out is not None and fmt is Output.TEXT:
        fmt = Output.HTML  # --out DIR asks for the report set
    if fmt is Output.HTML and out is None:
        out = Path("results")  # as for a pairs event
    extra: dict[str, Any] = {}
    links: list[tuple[str, str]] = []
    written: list[Path] = []
    if found.rounds is not None:
        extra["session"] = found.session
    elif found.parts:
        extra["sessions"] = [
            {"session": p.session, "rounds": [p.rounds[0], p.rounds[-1]],
             "standings": team_results_json.to_dict(p.scored)["standings"]}
            for p in found.parts
        ]  # fmt: skip
        if fmt is Output.HTML:
            assert out is not None
            for p in found.parts:
                done = write_team_event(
                    p.scored, fmt, asked.lang, out / f"session-{p.session}", p.srr,
                    deals=found.deals,
                )  # fmt: skip
                written += done.files
                links.append(
                    (
                        f"session-{p.session}/index.html",
                        f"{catalog(asked.lang).gettext('Session')} {p.session}",
                    )
                )
    if fmt is Output.TEXT and found.rounds is not None:
        provisional += f"session {found.session} (rounds {found.rounds[0]}-{found.rounds[-1]})\n"
    done = write_team_event(
        found.scored, fmt, asked.lang, out, found.srr, deals=found.deals, json_extra=extra,
        links=links,
    )  # fmt: skip
    return Published(provisional + done.text, notes, tuple(written) + done.files)


def write_scores(
    found: Scores, asked: Publication, solved: Sequence[BoardRecord] = ()
) -> Published:
    """Print or write an event already scored, as its shape takes it (module doc); the
    format is one the shape takes (:func:`publish` checks it first).  ``solved``: the
    session's deals with the double-dummy tables and par already known (the hand
    records print them)."""
    if isinstance(found, TeamScores):
        return _teams(found, asked)
    if isinstance(found, EventScores):
        return _whole_event(found, asked)
    if isinstance(found, RoundScores):
        return _rounds(found, asked)
    return _one_session(found, asked, solved)


def _solved(unit: UnitOfWork, found: Scores, asked: Publication) -> list[BoardRecord]:
    """The session's deals with the double dummy and par the store knows (a deal file
    that held them, ``event deals``; a deal solved before), for its hand records;
    empty when none of them is known, or for a shape whose report set has none."""
    if asked.fmt is not Output.HTML or not isinstance(found, SessionScores):
        return []
    scored = found.scored
    boards = sorted({b for section in scored.sections for b in section.boards})  # A, B ...
    deals = [Deal.from_pbn(scored.deals[b], b) for b in boards if b in scored.deals]
    known = analyses.cached(unit, deals)
    if not any(r is not None for r in known):
        return []
    return [BoardRecord(d) if r is None else r for d, r in zip(deals, known, strict=True)]


def zipped(write: Callable[[Path], Published]) -> bytes:
    """What ``write`` publishes into a directory (a new, empty one), as one zip file of
    the files it says it wrote (the console's downloads)."""
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="bridgedesk-") as tmp:
        done = write(Path(tmp))
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in done.files:
                archive.write(path, path.relative_to(tmp).as_posix())
    return buffer.getvalue()


def publish_zip(unit: UnitOfWork, event: int | str, asked: Publication) -> bytes:
    """The report set ``bridgedesk results EVENT --format html`` writes for ``asked``, as
    one zip file (the console's downloads)."""
    return zipped(lambda out: publish(unit, event, replace(asked, fmt=Output.HTML, out=out)))


def _check(rules: EventRules, asked: Publication) -> None:
    """Refuse, before anything is scored, what the event's shape cannot publish."""
    if asked.pdf and asked.fmt is not Output.HTML:
        raise BridgedeskError(
            "--pdf goes with --format html (it prints the HTML pages)",
            code="publish.pdf-needs-html",
        )
    fmt = asked.fmt
    if rules.shape is Shape.TEAMS:
        if asked.dd or asked.pdf or asked.section is not None:
            raise BridgedeskError(
                "--dd, --pdf and --section are for a pairs event", code="publish.pairs-options"
            )
        if fmt not in _TEAM_OUTPUTS:
            raise _team_refusal(fmt)
        return
    if asked.flights:
        raise BridgedeskError(
            "--flight is for an SRR teams + pairs event", code="publish.flight-not-srr"
        )
    if rules.shape is Shape.SESSIONS and asked.session is None and asked.section is None:
        if fmt not in (Output.TEXT, Output.JSON, Output.HTML):
            raise BridgedeskError(
                "the event has several sessions: --format {format} writes one session; "
                "give --session N (text, json and html cover the whole event)",
                code="publish.needs-session",
                format=fmt.value,
            )
        if asked.pdf or asked.dd:
            raise BridgedeskError(
                "--pdf and --dd print one session: give --session N",
                code="publish.print-needs-session",
            )
        return
    if rules.shape is Shape.ROUNDS:
        if fmt not in (Output.TEXT, Output.JSON, Output.HTML):
            raise BridgedeskError(
                "a round-by-round event's results are text, json or html, not {format}",
                code="publish.rounds-format",
                format=fmt.value,
            )
        return
    names = rules.sections(asked.session or 1)
    if asked.section is None and len(names) > 1:
        if fmt not in (Output.TEXT, Output.HTML):
            raise BridgedeskError(
                "the session has sections {sections}: give --section for --format "
                "{format} (text and html cover every section)",
                code="publish.needs-section",
                sections=", ".join(names),
                format=fmt.value,
            )
        for name in names if fmt is Output.HTML else ():
            # each section's directory stays inside --out (an old store may hold any name)
            bundle.inside(asked.out if asked.out is not None else Path("results"), name)


def _disputes(unit: UnitOfWork, event: int | str, asked: Publication) -> tuple[str, ...]:
    """The results under dispute (module doc): a final or settled publication is refused
    while one is open, unless ``despite_disputes`` (then said, and kept in the director's
    audit log); otherwise they are listed and the results marked provisional."""
    found = event_open_disputes(unit, event)
    if not found:
        return ()
    lines = tuple(
        f"under dispute: round {d.round}, table {d.table}, board {d.board} (dispute {d.id})"
        for d in found
    )
    count = (
        phrase("{count} results are under dispute", count=len(found))
        if len(found) > 1
        else phrase("{count} result is under dispute", count=len(found))
    )
    if (asked.final or asked.settled) and not asked.despite_disputes:
        raise BridgedeskError(
            "the results cannot be final: {count} (listed above); resolve them with "
            "`bridgedesk result resolve {event} ID --reason ...`, or publish with "
            "--despite-disputes (kept in the audit log)",
            code="publish.disputes-open",
            count=count,
            event=event,
        ).noted(lines)
    if asked.final or asked.settled:
        note = phrase("FINAL DESPITE OPEN DISPUTES: {count}", count=count)
        director.log(unit, event, "publish-despite-disputes", "results", who=asked.who,
                     reason=note, new={"disputes": [d.id for d in found]})  # fmt: skip
        return (*lines, note)
    return (*lines, phrase("PROVISIONAL: {count}", count=count))


def publish(unit: UnitOfWork, event: int | str, asked: Publication) -> Published:
    """Score the stored event and print or write it (module doc); what its shape cannot
    publish is refused before anything is scored."""
    with unit.transaction(write=False):
        _check(event_rules(unit, event), asked)
    disputed = _disputes(unit, event, asked)
    with unit.transaction(write=False):
        found = score(
            unit, event, session=asked.session, section=asked.section, flights=asked.flights
        )
        solved = _solved(unit, found, asked)
    done = write_scores(found, asked, solved)
    if not disputed:
        return done
    text = done.text
    if asked.fmt is Output.TEXT:
        text = str(said_in(disputed[-1], asked.lang)) + "\n" + text
    return replace(done, text=text, notes=done.notes + disputed)
