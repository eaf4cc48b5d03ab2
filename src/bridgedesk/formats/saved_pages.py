"""A directory of results pages saved from another program's web site, read as one session.

``bridgedesk score DIR`` takes a directory holding one tournament's pages as a
browser (or ``wget -p``) saves them:

* Bridge Base Online's traveller pages (``hands.php?traveller=...``, one a
  board): :mod:`bridgedesk.formats.bbo_travellers`;
* KoPS's board protocols (``p1.html`` ... ``p27.html``, beside its pair pages
  and ranking): :mod:`bridgedesk.formats.kops_pages`.

Every ``.html`` / ``.htm`` file of the directory is looked at (not its
subdirectories); the pages of the recognised program are read, the others
(rankings, pair pages, indexes) are left alone.  A directory with pages of both
programs, or of neither, is refused.
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import bbo_travellers, kops_pages
from bridgedesk.formats.score_input import ScoreInput

#: At most this many pages are looked at (a tournament has a page a board).
MAX_PAGES = 2000


def load(directory: str | Path) -> ScoreInput:
    """The session whose pages ``directory`` holds."""
    folder = Path(directory)
    pages = sorted(p for p in folder.iterdir()
                   if p.is_file() and p.suffix.lower() in (".html", ".htm"))  # fmt: skip
    if len(pages) > MAX_PAGES:
        raise FormatError(
            "{pages} pages: more than {most}, not one tournament",
            Location(file=str(folder)),
            code="pages.too-many",
            pages=len(pages),
            most=MAX_PAGES,
        )
    bbo: list[Path] = []
    kops: list[Path] = []
    for page in pages:
        data = reading.read_bytes(page, what="the page")
        if bbo_travellers.is_traveller(data.decode("utf-8", "replace")):
            bbo.append(page)
        elif kops_pages.is_protocol(data.decode("latin-1")):
            kops.append(page)
    if bbo and kops:
        raise FormatError(
            "the directory holds both BBO travellers and KoPS protocols: give one "
            "tournament's pages",
            Location(file=str(folder)),
            code="pages.mixed",
        )
    if bbo:
        return bbo_travellers.load(bbo)
    if kops:
        return kops_pages.load(kops)
    raise FormatError(
        "no BBO traveller pages and no KoPS board protocols in this directory "
        "(give a .pbn or .json results file, or a directory of saved results "
        "pages)",
        Location(file=str(folder)),
        code="pages.none",
    )


__all__ = ["load"]
