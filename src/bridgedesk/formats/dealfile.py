"""Deal files by their suffix: ``.pbn`` (PBN 2.1) or ``.hnd`` (Micro Bridge).

The command line's one entry point for reading and writing hand records, so
``convert``, ``analyse`` and ``print`` accept either format.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bridgedesk import reading
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import hnd, pbn, pbn_deals

SUFFIXES = (".pbn", ".hnd")


def kind(path: str | Path) -> str:
    """``"pbn"`` or ``"hnd"`` from the file name; :class:`FormatError` otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise FormatError(
            "cannot tell the deal format of {path!r}: use a .pbn or .hnd file name",
            Location(file=str(path)),
            code="deals.format-unknown",
            path=str(path),
        )
    return suffix[1:]


def load(
    path: str | Path, *, strict: bool = False, encoding: str | None = None
) -> list[BoardRecord]:
    """Board records (with double dummy and par when a PBN file has them).

    A file without any deal is refused: every command that reads deals needs one.
    """
    if kind(path) == "hnd":
        found = [BoardRecord(d) for d in hnd.load(path, strict=strict, encoding=encoding).deals]
    else:
        found = pbn_deals.load(path, strict=strict, encoding=encoding)
    if not found:
        raise FormatError(
            "the file holds no deals (a PBN game needs a [Deal] tag with four hands of 13 cards)",
            Location(file=str(path)),
            code="deals.no-deals",
        )
    return found


def dump(
    records: Sequence[BoardRecord],
    path: str | Path,
    *,
    encoding: str | None = None,
    split: bool = False,
    event: str | None = None,
    generator: str | None = None,
    template: pbn.PbnFile | None = None,
) -> list[Path]:
    """Write records to ``path`` in the format its suffix names; returns the files written.

    ``.hnd`` keeps only the deals (the format has no place for double dummy);
    more than 32 boards need ``split=True``, which writes ``stem-1.hnd``, ...
    With ``template`` (the PBN file the records came from) the games keep
    their other tags.
    """
    target = Path(path)
    if encoding is not None:
        reading.check_encoding(encoding)
    try:
        return _dump(records, target, encoding, split, event, generator, template)
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise FormatError(
            "the text {text!r} cannot be written in the encoding {encoding}; choose "
            "another with --encoding (utf-8 writes any text)",
            Location(file=str(target)),
            code="deals.cannot-encode",
            text=bad,
            encoding=encoding or (hnd.DEFAULT_ENCODING if kind(target) == "hnd" else "utf-8"),
        ) from None


def _dump(
    records: Sequence[BoardRecord],
    target: Path,
    encoding: str | None,
    split: bool,
    event: str | None,
    generator: str | None,
    template: pbn.PbnFile | None,
) -> list[Path]:
    if kind(target) == "hnd":
        deals: list[Deal | hnd.HndBoard] = [r.deal for r in records]
        enc = encoding or hnd.DEFAULT_ENCODING
        if split:
            return hnd.dump_split(deals, target, encoding=enc)
        hnd.dump(deals, target, encoding=enc)
        return [target]
    if template is not None and len(template.games) >= len(records):
        with_deal = [g for g in template.games if pbn_deals.has_deal(g)]
        if len(with_deal) == len(records):
            for game, record in zip(with_deal, records, strict=True):
                pbn_deals.game_of(record, game)
            text = pbn.dumps(template)
            target.write_bytes(text.encode(encoding or "utf-8"))
            return [target]
    text = pbn_deals.dumps(records, event=event, generator=generator)
    target.write_bytes(text.encode(encoding or "utf-8"))
    return [target]


__all__ = ["SUFFIXES", "dump", "kind", "load"]
