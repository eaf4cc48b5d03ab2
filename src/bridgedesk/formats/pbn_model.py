"""The values of a PBN file: tag pairs, games, tables (PBN 2.1, 3-5), and how a
table's rows are written.  Read by :mod:`.pbn_reader`, written by :mod:`.pbn_writer`;
:mod:`.pbn` is the front door (``pbn.load``, ``pbn.Game``, ...) and says what PBN is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import overload

from bridgedesk.errors import FormatError

#: Table element for an unknown value (PBN 2.1, 5.2) and mandatory-tag value when unknown (3.4).
UNKNOWN = "?"
#: Table element for a value that does not apply (PBN 2.1, 5.2).
NOT_APPLICABLE = "-"

#: The Mandatory Tag Set in the order export format requires (PBN 2.1, 3.4).
MANDATORY_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip

#: Tags whose value may not be "#" or "##..." (PBN 2.1, 4.8).
NO_INHERITANCE_TAGS = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)

#: Tags that may occur more than once in a game (PBN 2.1, 3.5.5).
REPEATABLE_TAGS = frozenset({"Note"})

_COLUMN_RE = re.compile(r"^([+-]?)(.*?)(?:\\(\d+)([LRlr]?))?$")
#: Characters a section token (a table cell without quotes) may not hold (PBN 2.1, 5.1).
SECTION_FORBIDDEN = set('[]{};"%')


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Column:
    """One column spec of a table tag value, e.g. ``+Rank\\2R``.

    ``order`` is ``"+"`` (descending), ``"-"`` (ascending) or ``""``; ``width``
    the minimum width or ``None``; ``align`` ``"L"``, ``"R"`` or ``""``.
    """

    name: str
    width: int | None = None
    align: str = ""
    order: str = ""

    @classmethod
    def parse(cls, token: str) -> Column:
        match = _COLUMN_RE.match(token.strip())
        if match is None:  # pragma: no cover - the pattern matches every string
            raise FormatError("bad column spec {given!r}", code="pbn.column-spec", given=token)
        order, name, width, align = match.groups()
        return cls(
            name=name,
            width=int(width) if width is not None else None,
            align=(align or "").upper(),
            order=order,
        )

    def spec(self) -> str:
        """The column spec as written in a tag value."""
        text = f"{self.order}{self.name}"
        if self.width is not None:
            text += f"\\{self.width}{self.align}"
        return text


@dataclass(frozen=True)
class Row:
    """One table row: string cells in column order and where the row began."""

    cells: tuple[str, ...]
    names: tuple[str, ...]
    line: int | None = None
    column: int | None = None

    def __getitem__(self, key: int | str) -> str:
        if isinstance(key, int):
            return self.cells[key]
        return self.cells[self.names.index(key)]

    def get(self, name: str, default: str | None = None) -> str | None:
        """The cell of column ``name``, or ``default`` if the table has no such column."""
        if name in self.names:
            return self.cells[self.names.index(name)]
        return default

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[str]:
        return iter(self.cells)


@dataclass(frozen=True)
class Table:
    """A PBN table section: column specs and rows of string cells.

    Cells are the table elements as read, with the quotes of string tokens
    removed; ``?`` means unknown and ``-`` not applicable (PBN 2.1, 5.2);
    interpreting them is the caller's job.
    """

    columns: tuple[Column, ...]
    rows: tuple[Row, ...] = ()
    line: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def spec(self) -> str:
        """The tag value describing the columns, e.g. ``Rank\\2R;PairId_NS\\2R``."""
        return ";".join(c.spec() for c in self.columns)

    def index(self, name: str) -> int:
        """Position of column ``name``; :class:`KeyError` if absent."""
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(name) from None

    def column(self, name: str) -> list[str]:
        """All cells of column ``name``, top to bottom."""
        i = self.index(name)
        return [row.cells[i] for row in self.rows]

    def records(self) -> list[dict[str, str]]:
        """The rows as dictionaries from column name to cell."""
        return [dict(zip(self.names, row.cells, strict=True)) for row in self.rows]

    @classmethod
    def parse_spec(cls, spec: str) -> tuple[Column, ...]:
        """Column specs of a table tag value (``;``-separated column name tokens)."""
        return tuple(Column.parse(token) for token in spec.split(";"))

    @classmethod
    def build(
        cls, columns: str | Sequence[Column], rows: Iterable[Sequence[str | int | None]]
    ) -> Table:
        """A table from a spec string (or columns) and rows of cells.

        ``None`` cells become ``-`` (not applicable); other values are turned
        into strings.
        """
        cols = cls.parse_spec(columns) if isinstance(columns, str) else tuple(columns)
        names = tuple(c.name for c in cols)
        built: list[Row] = []
        for raw in rows:
            cells = tuple(NOT_APPLICABLE if v is None else str(v) for v in raw)
            if len(cells) != len(cols):
                raise FormatError(
                    "a table row needs {cells} cells ({columns}), got {given}",
                    code="pbn.table-row-cells",
                    cells=len(cols),
                    columns=";".join(names),
                    given=len(cells),
                )
            built.append(Row(cells, names))
        return cls(cols, tuple(built))


def _needsquotes(cell: str) -> bool:
    return cell == "" or any(ch.isspace() or ch in SECTION_FORBIDDEN for ch in cell)


def quote(value: str) -> str:
    """A string token.  A backslash is doubled only where it would be read as an
    escape (before a quote, a backslash or at the end): table specs such as
    ``Result\\2R`` are written with one backslash, as every PBN program does."""
    out: list[str] = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def dumps_table(table: Table) -> list[str]:
    """The section data lines of ``table`` in export format (one row per line)."""
    lines = []
    for row in table.rows:
        parts = []
        for col, cell in zip(table.columns, row.cells, strict=True):
            token = quote(cell) if _needsquotes(cell) else cell
            if col.width is not None and len(token) < col.width:
                pad = " " * (col.width - len(token))
                token = pad + token if col.align == "R" else token + pad
            parts.append(token)
        lines.append(" ".join(parts).rstrip())
    return lines


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Tag:
    """A tag pair with what followed it.

    ``value`` is the tag value after inheritance; ``raw`` the value as written
    (``"#"``, ``"##..."`` or the same as ``value``).  ``section`` holds the raw
    section-data lines of a non-table section (Auction, Play, user sections);
    ``table`` the parsed rows of a table section.  ``comments`` are the comments
    that followed the tag, each with its delimiters (``; ...`` or ``{...}``).
    """

    name: str
    value: str
    raw: str | None = None
    line: int | None = None
    column: int | None = None
    section: tuple[str, ...] = ()
    table: Table | None = None
    comments: tuple[str, ...] = ()
    inherited: bool = False


@dataclass
class Game:
    """One PBN game: tag pairs in file order, with leading comments and ``%`` lines."""

    tags: list[Tag] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    directives: list[str] = field(default_factory=list)
    line: int | None = None

    def tag(self, name: str) -> Tag | None:
        """The first tag called ``name``, or ``None``."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def __contains__(self, name: object) -> bool:
        return any(tag.name == name for tag in self.tags)

    def __getitem__(self, name: str) -> str:
        tag = self.tag(name)
        if tag is None:
            raise KeyError(name)
        return tag.value

    def get(self, name: str, default: str | None = None) -> str | None:
        tag = self.tag(name)
        return default if tag is None else tag.value

    def names(self) -> list[str]:
        return [tag.name for tag in self.tags]

    def set(self, name: str, value: str) -> None:
        """Set a tag value, in place if the tag exists, else appended at the end."""
        for i, tag in enumerate(self.tags):
            if tag.name == name:
                self.tags[i] = replace(tag, value=value, raw=None, inherited=False)
                return
        self.tags.append(Tag(name, value))

    def remove(self, name: str) -> None:
        self.tags = [tag for tag in self.tags if tag.name != name]

    def table(self, name: str) -> Table | None:
        """The parsed table of section ``name`` (e.g. ``"ScoreTable"``), or ``None``."""
        tag = self.tag(name)
        return None if tag is None else tag.table

    def set_table(self, name: str, table: Table) -> None:
        """Set a table section: the tag value becomes the table's column spec."""
        spec = table.spec()
        for i, tag in enumerate(self.tags):
            if tag.name == name:
                self.tags[i] = replace(tag, value=spec, raw=None, table=table, section=())
                return
        self.tags.append(Tag(name, spec, table=table))

    def section(self, name: str) -> tuple[str, ...]:
        """The raw section-data lines after tag ``name`` (e.g. ``"Auction"``)."""
        tag = self.tag(name)
        return () if tag is None else tag.section


@dataclass
class PbnFile:
    """The games of a PBN file and the ``%`` lines before the first game."""

    games: list[Game] = field(default_factory=list)
    directives: list[str] = field(default_factory=list)
    filename: str | None = None

    def __iter__(self) -> Iterator[Game]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)

    @overload
    def __getitem__(self, i: int) -> Game: ...
    @overload
    def __getitem__(self, i: slice) -> list[Game]: ...
    def __getitem__(self, i: int | slice) -> Game | list[Game]:
        return self.games[i]


# --------------------------------------------------------------------------- reading


def is_table_tag(name: str) -> bool:
    """Whether tag ``name`` starts a table section (PBN 2.1, 5.2: ``...Table``)."""
    return name.endswith("Table")
