"""Writing a section's whole report set into one directory.

``index.html`` (links), ``ranking.html``, ``recap.html``, ``travellers.html``,
``scorecards.html``, ``hand_records.html`` (when deals are attached), then the
data files: ``ranking.csv``, ``travellers.csv``, ``results.json``,
``results.pbn`` (deals, ScoreTable, TotalScoreTable) and ``results.usebio.xml``.
Every file is written from the one scored value
(:class:`~bridgedesk.results.model.ScoredSession`) by its format's writer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError, Location
from bridgedesk.formats import pbn_results, ranking_csv, results_json, travellers_csv, usebio
from bridgedesk.reports.session import write_html
from bridgedesk.results.model import ScoredSession

#: Data files of a report set, in the order they are written.
DATA_FILES = (
    "ranking.csv",
    "travellers.csv",
    "results.json",
    "results.pbn",
    "results.usebio.xml",
)


def data_text(scored: ScoredSession, name: str) -> bytes:
    """The bytes of one data file of the set."""
    if name == "ranking.csv":
        return ranking_csv.dumps(scored).encode("utf-8-sig")
    if name == "travellers.csv":
        return travellers_csv.dumps(scored).encode("utf-8-sig")
    if name == "results.json":
        return results_json.dumps(scored).encode("utf-8")
    if name == "results.pbn":
        return pbn_results.dumps(scored).encode("utf-8")
    if name == "results.usebio.xml":
        return usebio.dumps(scored).encode("utf-8")
    raise ValueError(name)


def inside(root: Path, *parts: str) -> Path:
    """``root / parts``, refused when it would lie outside ``root``.

    Report files and per-section directories are named from stored names; a
    name such as ``../../x`` (refused at entry since, but possibly in an older
    store) must never place a file outside the directory the user gave.
    """

    path = root.joinpath(*parts)
    base = root.resolve()
    if not path.resolve().is_relative_to(base) or any(p in ("", ".", "..") for p in parts):
        raise BridgedeskError(
            "the name {name!r} would write outside {directory}; rename it (section "
            "names are letters, digits, spaces, - and _)",
            Location(file=str(root)),
            code="report.name-outside",
            name="/".join(parts),
            directory=root,
        )
    return path


def records_from_deals(deals: Mapping[int, str], boards: Sequence[int]) -> list[BoardRecord]:
    """Hand-record entries (without double dummy) for the stored deals of ``boards``."""
    return [BoardRecord(Deal.from_pbn(deals[b], b)) for b in boards if b in deals]


def write_all(
    scored: ScoredSession,
    out: Path,
    *,
    lang: str = "en",
    records: Sequence[BoardRecord] | None = None,
) -> list[Path]:
    """Write the full report set; returns the paths written, index first.

    ``records`` (deals with double dummy and par) print richer hand records;
    without them the session's deals are printed plain.
    """
    out.mkdir(parents=True, exist_ok=True)
    paths = {name: inside(out, name) for name in DATA_FILES}
    if records is None and scored.deals:
        records = records_from_deals(scored.deals, scored.boards)
    written = write_html(scored, out, lang=lang, records=records, downloads=DATA_FILES)
    for name in DATA_FILES:
        path = paths[name]
        path.write_bytes(data_text(scored, name))
        written.append(path)
    return written


def write_sections(scored: ScoredSession, out: Path, *, lang: str = "en") -> list[Path]:
    """Every section's report set in its own directory (``out/A``, ``out/B``...) and
    ``index.html`` with the ranking across the sections (004:1315-1320), index first:
    ``bridgedesk results --format html`` of a session with several sections, and the
    console's publish page."""
    from bridgedesk.reports.overall import overall_html

    places = [inside(out, sec.name) for sec in scored.sections]
    written: list[Path] = []
    for sec, place in zip(scored.sections, places, strict=True):
        written += write_all(scored.with_section(sec), place, lang=lang)
    out.mkdir(parents=True, exist_ok=True)
    index = out / "index.html"
    index.write_text(overall_html(scored, lang), encoding="utf-8")
    return [index, *written]


__all__ = [
    "DATA_FILES",
    "data_text",
    "inside",
    "records_from_deals",
    "write_all",
    "write_sections",
]
