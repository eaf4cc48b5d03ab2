"""The table rows of a results page written by another program (HTML), as plain values.

Bridge Base Online's travellers and KoPS's board protocols are HTML tables;
their readers (:mod:`bridgedesk.formats.bbo_travellers`,
:mod:`bridgedesk.formats.kops_pages`) need each row's cells: the cell's text
(entities decoded, white space collapsed), its ``class``, the ``src`` of the
images in it (KoPS draws suits as images) and the attributes of its links
(BBO's hand viewer link carries the board's number and vulnerability).  The
standard library's HTML parser does the work; nothing is fetched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Cell:
    """One ``<td>``: its text, class, image sources and link attributes."""

    text: str = ""
    css: str = ""
    images: list[str] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)


@dataclass
class Row:
    """One ``<tr>``: its class, the line it starts on, and its cells."""

    css: str
    line: int
    cells: list[Cell] = field(default_factory=list)


class _Rows(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[Row] = []
        self.titles: list[str] = []
        self._row: Row | None = None
        self._cell: Cell | None = None
        self._text: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "tr":
            self._close_cell()
            self._row = Row(values.get("class", ""), self.getpos()[0])
            self.rows.append(self._row)
        elif tag in ("td", "th") and self._row is not None:
            self._close_cell()
            self._cell = Cell(css=values.get("class", ""))
            self._text = []
        elif tag == "img" and self._cell is not None:
            self._cell.images.append(values.get("src", ""))
        elif tag == "a" and self._cell is not None:
            self._cell.links.append(values)
        elif tag in ("title", "h4"):
            self._in_title = True
            self.titles.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_cell()
            self._row = None
        elif tag in ("title", "h4"):
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text.append(data)
        if self._in_title and self.titles:
            self.titles[-1] += data

    def _close_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._cell.text = " ".join("".join(self._text).replace("\xa0", " ").split())
            self._row.cells.append(self._cell)
        self._cell = None
        self._text = []


def rows(html: str) -> tuple[list[Row], list[str]]:
    """Every table row of ``html`` (cells in order) and the texts of its titles and
    ``<h4>`` headings (KoPS names its board there)."""
    parser = _Rows()
    parser.feed(html)
    parser.close()
    return parser.rows, [" ".join(t.split()) for t in parser.titles]


__all__ = ["Cell", "Row", "rows"]
