"""Portable Bridge Notation (PBN 2.1): the one PBN reader and writer of bridgedesk.

This module knows the *syntax* of PBN and nothing of bridge: games made of tag
pairs ``[Tag "value"]``, the section data that follows some tags (auction,
play, tables), comments (``; ...`` to the end of the line and ``{ ... }``
blocks), ``%`` escape lines, and the tag value inheritance ``#`` / ``##``
(PBN 2.1, 4.8).  Deals are read on top of it by :mod:`bridgedesk.formats.pbn_deals`,
score tables by the scoring package.

Reading is lenient by default, as real club files need: a repeated tag is
ignored (PBN 2.1, 3.4: "a tag pair that already occurred, is ignored"), a tag
value with stray quotes is taken up to the last quote before ``]``, unknown
tags are kept in the order they appear, and a table row split over lines is
put back together.  ``strict=True`` turns each of those into a
:class:`~bridgedesk.errors.FormatError` carrying file, line and column.

Writing follows the PBN 2.1 export format (2.3, 3.1, 3.4, 5.1, 5.2): the
``% PBN 2.1`` and ``% EXPORT`` lines, CRLF line ends, the 15 mandatory tags
first in their fixed order (``?`` when unknown), the other identification
tags sorted by name, then the auction and play sections, then the
supplemental sections (tables) sorted by name; one table row per line with
the column widths and alignments of the table's column specs; games
separated by one empty line.

The generic table API
---------------------
A table section (any tag whose name ends in ``Table``: ScoreTable,
TotalScoreTable, OptimumResultTable, ...) is parsed into a :class:`Table`:
the columns from the tag value (``"Rank\\2R;PairId_NS\\2R;Names_NS"`` gives
three :class:`Column` specs with name, minimum width and alignment) and the
rows of string cells, each :class:`Row` knowing the line it came from so a
consumer can report errors precisely.

>>> games = loads('[Board "1"]\\n[ScoreTable "PairId_NS\\\\2R;Names_NS;Score_NS\\\\4R"]\\n'
...               ' 1 "Sato - Ito" 420\\n12 "Abe - Ono" -50\\n')
>>> table = games[0].table("ScoreTable")
>>> [c.name for c in table.columns], table.columns[0].width, table.columns[0].align
(['PairId_NS', 'Names_NS', 'Score_NS'], 2, 'R')
>>> [(row["PairId_NS"], row["Score_NS"], row.line) for row in table.rows]
[('1', '420', 3), ('12', '-50', 4)]
>>> table.records()[1]
{'PairId_NS': '12', 'Names_NS': 'Abe - Ono', 'Score_NS': '-50'}

Building one for writing:

>>> t = Table.build("Declarer;Denomination\\\\2R;Result\\\\2R", [["N", "NT", "9"]])
>>> dumps_table(t)
['N NT  9']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, overload

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import text_encoding

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

_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_LINE_END = re.compile(r"\r\n|\n|\r")
_COLUMN_RE = re.compile(r"^([+-]?)(.*?)(?:\\(\d+)([LRlr]?))?$")
_SECTION_TOKEN_FORBIDDEN = set('[]{};"%')


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
            raise FormatError(f"bad column spec {token!r}")
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
                    f"a table row needs {len(cols)} cells ({';'.join(names)}), got {len(cells)}"
                )
            built.append(Row(cells, names))
        return cls(cols, tuple(built))


def _needs_quotes(cell: str) -> bool:
    return cell == "" or any(ch.isspace() or ch in _SECTION_TOKEN_FORBIDDEN for ch in cell)


def _quote(value: str) -> str:
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
            token = _quote(cell) if _needs_quotes(cell) else cell
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


@dataclass
class _OpenTag:
    """A tag being read, with the section data and comments gathered so far."""

    name: str
    raw: str
    line: int
    column: int
    section: list[str] = field(default_factory=list)
    elements: list[tuple[str, int, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


class _Reader:
    def __init__(self, text: str, filename: str | None, strict: bool) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        # only CR, LF and CRLF end a line (str.splitlines would also split on NEL, FS...)
        self.lines = _LINE_END.split(text)
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.next_line = 0  # index of the next line to read
        self.filename = filename
        self.strict = strict
        self.result = PbnFile(filename=filename)
        # inheritance state
        self.last_values: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self._new_game()

    # -- errors
    def error(self, message: str, line: int, column: int | None = None) -> FormatError:
        return FormatError(message, Location(file=self.filename, line=line, column=column))

    # -- game state
    def _new_game(self) -> None:
        self.game = Game()
        self.current: _OpenTag | None = None  # the tag being read
        self.open_tags: list[_OpenTag] = []
        self.raw_brace = 0  # brace depth inside raw section data

    def _has_content(self) -> bool:
        return bool(self.open_tags)

    def _finish_game(self) -> None:
        if not self.open_tags:
            # comments or directives without tags: keep them for the next game
            return
        game = self.game
        tags: list[Tag] = []
        for info in self.open_tags:
            tags.append(self._make_tag(info))
        present = {t.name for t in tags}
        for name, value in self.defaults.items():
            if name not in present:
                tags.append(Tag(name, value, raw=None, inherited=True))
        for t in tags:
            self.last_values[t.name] = t.value
        game.tags = tags
        self.result.games.append(game)
        self._new_game()

    def _make_tag(self, info: _OpenTag) -> Tag:
        name, raw, line, column = info.name, info.raw, info.line, info.column
        value = raw
        if raw.startswith("#"):
            if name in NO_INHERITANCE_TAGS and self.strict:
                raise self.error(f'tag {name} may not use "#" inheritance (PBN 2.1, 4.8)', line)
            if raw.startswith("##"):
                value = raw[2:]
                self.defaults[name] = value
            elif raw == "#":
                value = self.last_values.get(name, self.defaults.get(name, ""))
        elif name in self.defaults:
            # a redefinition in the middle of the file replaces the ## value
            self.defaults[name] = raw
        section = tuple(info.section)
        comments = tuple(info.comments)
        table: Table | None = None
        if is_table_tag(name):
            table = self._make_table(value, info.elements, line)
            section = ()
        return Tag(
            name,
            value,
            raw=raw,
            line=line,
            column=column,
            section=section,
            table=table,
            comments=comments,
        )

    def _make_table(self, spec: str, elements: list[tuple[str, int, int]], line: int) -> Table:
        columns = Table.parse_spec(spec)
        names = tuple(c.name for c in columns)
        n = len(columns)
        rows: list[Row] = []
        if len(elements) % n == 0:
            for i in range(0, len(elements), n):
                chunk = elements[i : i + n]
                rows.append(Row(tuple(e[0] for e in chunk), names, chunk[0][1], chunk[0][2]))
            return Table(columns, tuple(rows), line)
        if self.strict:
            last = elements[-1]
            raise self.error(
                f"table has {n} columns ({';'.join(names)}) but {len(elements)} elements, "
                f"not a whole number of rows",
                last[1],
                last[2],
            )
        # lenient: one row per line, short rows padded with "?"
        by_line: dict[int, list[tuple[str, int, int]]] = {}
        for e in elements:
            by_line.setdefault(e[1], []).append(e)
        for ln, items in by_line.items():
            if len(items) > n:
                raise self.error(
                    f"table row has {len(items)} elements but the table has {n} columns "
                    f"({';'.join(names)})",
                    ln,
                    items[n][2],
                )
            cells = [e[0] for e in items] + [UNKNOWN] * (n - len(items))
            rows.append(Row(tuple(cells), names, ln, items[0][2]))
        return Table(columns, tuple(rows), line)

    # -- scanning
    def run(self) -> PbnFile:
        in_brace: tuple[int, int, list[str]] | None = None  # (line, col, text pieces)
        while self.next_line < len(self.lines):
            text = self.lines[self.next_line]
            lineno = self.next_line + 1
            self.next_line += 1
            pos = 0
            if in_brace is not None:
                end = text.find("}")
                if end < 0:
                    in_brace[2].append(text)
                    continue
                in_brace[2].append(text[: end + 1])
                self._comment("\n".join(in_brace[2]))
                in_brace = None
                pos = end + 1
            elif text.startswith("%"):
                if self._has_content():
                    self.game.directives.append(text)
                elif not self.result.games:
                    self.result.directives.append(text)
                else:
                    self.game.directives.append(text)
                continue
            elif not text.strip():
                self._finish_game()
                continue
            if pos == 0 and self._is_raw_section_line(text):
                # section data of auction, play or user sections: kept verbatim
                self._raw_section_line(text)
                continue
            in_brace = self._scan_line(text, lineno, pos)
        if in_brace is not None:
            if self.strict:
                raise self.error("comment opened with { is never closed", in_brace[0], in_brace[1])
            self._comment("\n".join(in_brace[2]))
        self._finish_game()
        if self.game.comments and self.result.games:
            # comments after the last game: keep them with its last tag
            last = self.result.games[-1]
            i = max(k for k, t in enumerate(last.tags) if not t.inherited)
            tag = last.tags[i]
            last.tags[i] = replace(tag, comments=tag.comments + tuple(self.game.comments))
        return self.result

    def _is_raw_section_line(self, text: str) -> bool:
        if self.current is None or is_table_tag(self.current.name):
            return False
        if self.raw_brace > 0:
            return True
        head = text.lstrip()[:1]
        if head == "[":
            return False
        # a comment line right after the tag is a comment on the tag
        return not (head in (";", "{") and not self.current.section)

    def _raw_section_line(self, text: str) -> None:
        assert self.current is not None
        self.current.section.append(text)
        self.raw_brace += text.count("{") - text.count("}")
        self.raw_brace = max(self.raw_brace, 0)

    def _comment(self, text: str) -> None:
        if self.current is not None:
            self.current.comments.append(text)
        else:
            self.game.comments.append(text)

    def _scan_line(self, text: str, lineno: int, pos: int) -> tuple[int, int, list[str]] | None:
        n = len(text)
        while pos < n:
            ch = text[pos]
            if ch.isspace():  # the same white space that ends a table element
                pos += 1
                continue
            if ch == ";":
                self._comment(text[pos:])
                return None
            if ch == "{":
                end = text.find("}", pos)
                if end < 0:
                    return (lineno, pos + 1, [text[pos:]])
                self._comment(text[pos : end + 1])
                pos = end + 1
                continue
            if ch == "[":
                text, pos = self._tag_pair(text, lineno, pos)
                n = len(text)
                continue
            if self.current is None:
                raise self.error(
                    f"unexpected {text[pos:].strip()[:20]!r}: expected a tag pair "
                    '[Name "value"], a comment or an empty line',
                    lineno,
                    pos + 1,
                )
            if not is_table_tag(self.current.name):
                # section data starting after a tag on the same line
                self._raw_section_line(text[pos:])
                return None
            pos = self._table_element(text, lineno, pos)
        return None

    def _table_element(self, text: str, lineno: int, pos: int) -> int:
        assert self.current is not None
        elements = self.current.elements
        if text[pos] == '"':
            value, end = self._string(text, lineno, pos, in_tag=False)
            elements.append((value, lineno, pos + 1))
            return end
        end = pos
        while end < len(text) and not text[end].isspace():
            if text[end] in ";{" and end > pos:
                break
            end += 1
        end = max(end, pos + 1)  # every call consumes at least one character
        token = text[pos:end]
        if self.strict:
            bad = [c for c in token if c in _SECTION_TOKEN_FORBIDDEN]
            if bad:
                raise self.error(
                    f"character {bad[0]!r} is not allowed in table element {token!r}; "
                    "quote the element",
                    lineno,
                    pos + 1,
                )
        elements.append((token, lineno, pos + 1))
        return end

    def _string(self, text: str, lineno: int, pos: int, *, in_tag: bool) -> tuple[str, int]:
        """A string token starting at the quote at ``pos``; returns (value, index after)."""
        out: list[str] = []
        i = pos + 1
        n = len(text)
        while i < n:
            ch = text[i]
            if ch == "\\" and i + 1 < n and text[i + 1] in '"\\':
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                if in_tag and not self.strict:
                    # lenient: a quote not followed by "]" is part of the value
                    rest = text[i + 1 :].lstrip()
                    if not rest.startswith("]") and text.find('"', i + 1) >= 0:
                        last = text.rfind('"', i + 1)
                        if text[last + 1 :].lstrip().startswith("]"):
                            out.append(text[i:last])
                            return "".join(out), last + 1
                return "".join(out), i + 1
            out.append(ch)
            i += 1
        raise self.error("string is not closed with a quote on the same line", lineno, pos + 1)

    def _skip_space(self, text: str, i: int) -> tuple[str, int]:
        """Past white space; at the end of the line, on to the next one if it is
        not empty (PBN 2.1, 2.4: white space, line ends included, may separate
        the four tokens of a tag pair).  The lines are joined with a space."""
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if i < len(text) or self.next_line >= len(self.lines):
                return text, i
            following = self.lines[self.next_line]
            if not following.strip() or following.startswith("%"):
                return text, i
            self.next_line += 1
            text = text + " " + following

    def _tag_pair(self, text: str, lineno: int, pos: int) -> tuple[str, int]:
        """Read the tag pair at ``pos``; returns the text (longer if the pair went
        on over more lines) and the index after ``]``."""
        start = pos
        text, i = self._skip_space(text, pos + 1)
        match = _NAME_RE.match(text, i)
        if match is None:
            raise self.error("expected a tag name after '[' (letters, digits and _)", lineno, i + 1)
        name = match.group(0)
        if self.strict and not name[0].isupper():
            raise self.error(
                f"tag name {name!r} must begin with an upper-case letter", lineno, i + 1
            )
        text, i = self._skip_space(text, match.end())
        if i >= len(text) or text[i] != '"':
            raise self.error(
                f'expected the quoted value of tag {name}: [{name} "value"]', lineno, i + 1
            )
        value, i = self._string(text, lineno, i, in_tag=True)
        text, i = self._skip_space(text, i)
        if i >= len(text) or text[i] != "]":
            raise self.error(f"tag {name} is not closed with ']'", lineno, i + 1)
        self._open_tag(name, value, lineno, start + 1)
        return text, i + 1

    def _open_tag(self, name: str, value: str, lineno: int, column: int) -> None:
        if not self.open_tags:
            self.game.line = lineno
        duplicate = name not in REPEATABLE_TAGS and any(t.name == name for t in self.open_tags)
        if duplicate and self.strict:
            raise self.error(
                f"tag {name} occurs twice in one game; separate games with an empty line",
                lineno,
                column,
            )
        info = _OpenTag(name, value, lineno, column)
        self.raw_brace = 0
        if duplicate and is_table_tag(name):
            first = next(t for t in self.open_tags if t.name == name)
            if first.raw == value:
                # a second table with the same columns (a board's results in two
                # parts, as some scoring programs write them): its rows join the first
                self.current = first
                return
        self.current = info
        if not duplicate:  # PBN 2.1, 3.4: a repeated tag pair is ignored in import format
            self.open_tags.append(info)


def loads(text: str, *, strict: bool = False, filename: str | None = None) -> PbnFile:
    """Parse PBN text into its games.  ``filename`` is only used in error messages."""
    return _Reader(text, filename, strict).run()


def decode(data: bytes, filename: str | None = None, *, encoding: str | None = None) -> str:
    """PBN bytes as text, in ``encoding`` or else the one the bytes show.

    Without ``encoding``: UTF-8 (with or without a byte-order mark), Shift_JIS
    or Windows-1252 (the superset of PBN 2.1's Latin-1), told apart by
    :func:`bridgedesk.formats.text_encoding.guess`; bytes it cannot place are
    refused with the line of the first non-ASCII byte and a hint to name the
    encoding with ``--encoding``.  Text is never replaced or dropped.
    """
    if encoding is None:
        encoding = text_encoding.guess(data)
        if encoding is None:
            offset = text_encoding.first_non_ascii(data)
            line, column = reading.position(data, offset)
            raise FormatError(
                f"cannot tell the text encoding (byte 0x{data[offset]:02x} here): not UTF-8, "
                "nor clearly Shift_JIS or Latin-1 text; name it with --encoding "
                "(--input-encoding for deals convert), e.g. shift_jis or cp1252",
                Location(file=filename, line=line, column=column),
            )
    return reading.decode(
        data, filename, encoding=encoding, hint="name the right one with --encoding"
    )


def load(
    source: str | Path | IO[bytes] | IO[str],
    *,
    strict: bool = False,
    encoding: str | None = None,
) -> PbnFile:
    """Read a PBN file from a path or an open file (at most
    :data:`bridgedesk.reading.MAX_FILE_BYTES`); ``encoding`` as in :func:`decode`."""
    if isinstance(source, str | Path):
        path = Path(source)
        if encoding is not None:
            reading.check_encoding(encoding)
        data = reading.read_bytes(path)
        return loads(decode(data, str(path), encoding=encoding), strict=strict, filename=str(path))
    raw = source.read(reading.MAX_FILE_BYTES + 1)
    name = getattr(source, "name", None)
    filename = str(name) if name is not None else None
    if len(raw) > reading.MAX_FILE_BYTES:
        raise FormatError("the file is too large to be a PBN file", Location(file=filename))
    text = decode(raw, filename, encoding=encoding) if isinstance(raw, bytes) else raw
    return loads(text, strict=strict, filename=filename)


# --------------------------------------------------------------------------- writing

_GAME_SECTIONS = ("Auction", "Play", "Note")


#: What a missing mandatory tag is written as, where "?" would not do: other
#: readers (endplay) take "?" for a deal, a dealer or a vulnerability and fail,
#: while "" (PBN 2.1, 3.4: not applicable) they accept.  A game without a board
#: number is written without [Board], as no number is better than "?" to them.
_MISSING = {"Deal": "", "Dealer": "", "Vulnerable": ""}


def _tag_line(name: str, value: str) -> str:
    return f"[{name} {_quote(value)}]"


def _game_lines(game: Game, export: bool, skip: frozenset[str]) -> list[str]:
    lines: list[str] = list(game.directives)
    lines.extend(game.comments)
    own = [t for t in game.tags if not t.inherited]
    by_name: dict[str, list[Tag]] = {}
    for t in own:
        by_name.setdefault(t.name, []).append(t)

    def emit(tag: Tag) -> None:
        keep_raw = tag.raw is not None and (not export or tag.raw.startswith("##"))
        value = tag.raw if keep_raw and tag.raw is not None else tag.value
        lines.append(_tag_line(tag.name, value))
        lines.extend(tag.comments)
        if tag.table is not None:
            lines.extend(dumps_table(tag.table))
        elif export:  # PBN 2.1, 2.3: no tabs in export format
            lines.extend(line.expandtabs(8) for line in tag.section)
        else:
            lines.extend(tag.section)

    if not export:
        for tag in own:
            emit(tag)
        return lines

    for name in MANDATORY_TAGS:
        if name in by_name:
            emit(by_name[name][0])
        elif name not in skip and name != "Board":
            lines.append(_tag_line(name, _MISSING.get(name, UNKNOWN)))
    rest = [t for t in own if t.name not in MANDATORY_TAGS]
    for t in sorted((t for t in rest if _is_identification(t)), key=lambda t: t.name):
        emit(t)
    placed: set[int] = set()
    # the auction section, then the play section (3.1), each followed by the
    # notes that were read after it (3.5.5, 3.6.5)
    for section in ("Auction", "Play"):
        for i, t in enumerate(rest):
            if t.name != section:
                continue
            emit(t)
            for note in rest[i + 1 :]:
                if note.name in ("Auction", "Play"):
                    break
                if note.name == "Note":
                    emit(note)
                    placed.add(id(note))
    for t in rest:  # notes with no section before them: after the sections
        if t.name == "Note" and id(t) not in placed:
            emit(t)
    others = (t for t in rest if not _is_identification(t) and t.name not in _GAME_SECTIONS)
    for t in sorted(others, key=lambda t: t.name):
        emit(t)
    return lines


def _is_identification(tag: Tag) -> bool:
    return (
        tag.table is None
        and not tag.section
        and tag.name not in _GAME_SECTIONS
        and not is_table_tag(tag.name)
    )


def dumps(
    games: PbnFile | Iterable[Game],
    *,
    export: bool = True,
    newline: str = "\r\n",
    version: str = "2.1",
) -> str:
    """PBN text for ``games``.

    With ``export=True`` (the default) the PBN 2.1 export format: mandatory
    tags first in order (``?`` for those missing, except tags inherited through
    a ``##`` value), identification tags by name, auction, play, then table and
    other sections by name.  ``export=False`` keeps every game's tags in their
    original order.  Lines end with CRLF unless ``newline`` says otherwise.
    """
    header: list[str] = []
    if isinstance(games, PbnFile):
        header = [d for d in games.directives if not _is_standard_directive(d)]
        game_list = list(games.games)
    else:
        game_list = list(games)
    out: list[str] = [f"% PBN {version}"]
    if export:
        out.append("% EXPORT")
    out.extend(header)
    defaults: set[str] = set()
    for i, game in enumerate(game_list):
        if i > 0:
            out.append("")
        out.extend(_game_lines(game, export, frozenset(defaults)))
        defaults.update(t.name for t in game.tags if t.raw is not None and t.raw.startswith("##"))
    return newline.join(out) + newline


def _is_standard_directive(line: str) -> bool:
    key = line[1:].strip().upper()
    return key.startswith("PBN ") or key == "EXPORT"


def dump(
    games: PbnFile | Iterable[Game],
    target: str | Path | IO[str],
    *,
    export: bool = True,
    encoding: str = "utf-8",
) -> None:
    """Write ``games`` to a path or an open text file (see :func:`dumps`)."""
    text = dumps(games, export=export)
    if isinstance(target, str | Path):
        Path(target).write_bytes(text.encode(encoding))
    else:
        target.write(text)


__all__ = [
    "MANDATORY_TAGS",
    "NOT_APPLICABLE",
    "UNKNOWN",
    "Column",
    "Game",
    "PbnFile",
    "Row",
    "Table",
    "Tag",
    "decode",
    "dump",
    "dumps",
    "dumps_table",
    "is_table_tag",
    "load",
    "loads",
]
