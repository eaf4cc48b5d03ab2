"""Reading PBN 2.1 text into :class:`~bridgedesk.formats.pbn_model.PbnFile` values:
tags, section data, comments, escapes and tag value inheritance, leniently unless
``strict`` (see :mod:`.pbn` for what is forgiven).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import text_encoding
from bridgedesk.formats.file_reader import FileReader
from bridgedesk.formats.pbn_model import (
    NO_INHERITANCE_TAGS,
    REPEATABLE_TAGS,
    SECTION_FORBIDDEN,
    UNKNOWN,
    Game,
    PbnFile,
    Row,
    Table,
    Tag,
    is_table_tag,
)

_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_LINE_END = re.compile(r"\r\n|\n|\r")


#: Tags that hold a game's cards: repeated with another value, they are two games
#: missing the empty line between them, refused even in import format (PBN 2.1, 3.4
#: ignores a repeated tag pair, which would drop the second game's deal silently).
GAME_TAGS = frozenset({"Deal"})


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


class _Reader(FileReader):
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
                raise self.error(
                    'tag {tag} may not use "#" inheritance (PBN 2.1, 4.8)',
                    line,
                    code="pbn.inheritance",
                    tag=name,
                )
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
                "table has {columns} columns ({names}) but {elements} elements, not a "
                "whole number of rows",
                last[1],
                last[2],
                code="pbn.table-elements",
                columns=n,
                names=";".join(names),
                elements=len(elements),
            )
        # lenient: one row per line, short rows padded with "?"
        by_line: dict[int, list[tuple[str, int, int]]] = {}
        for e in elements:
            by_line.setdefault(e[1], []).append(e)
        for ln, items in by_line.items():
            if len(items) > n:
                raise self.error(
                    "table row has {elements} elements but the table has {columns} columns "
                    "({names})",
                    ln,
                    items[n][2],
                    code="pbn.table-row-elements",
                    elements=len(items),
                    columns=n,
                    names=";".join(names),
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
                raise self.error(
                    "comment opened with {{ is never closed",
                    in_brace[0],
                    in_brace[1],
                    code="pbn.comment-not-closed",
                )
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
                    'unexpected {given!r}: expected a tag pair [Name "value"], a comment or '
                    "an empty line",
                    lineno,
                    pos + 1,
                    code="pbn.unexpected-text",
                    given=text[pos:].strip()[:20],
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
            bad = [c for c in token if c in SECTION_FORBIDDEN]
            if bad:
                raise self.error(
                    "character {given!r} is not allowed in table element {element!r}; quote "
                    "the element",
                    lineno,
                    pos + 1,
                    code="pbn.table-element-character",
                    given=bad[0],
                    element=token,
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
        raise self.error(
            "string is not closed with a quote on the same line",
            lineno,
            pos + 1,
            code="pbn.string-not-closed",
        )

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
            raise self.error(
                "expected a tag name after '[' (letters, digits and _)",
                lineno,
                i + 1,
                code="pbn.tag-name-expected",
            )
        name = match.group(0)
        if self.strict and not name[0].isupper():
            raise self.error(
                "tag name {given!r} must begin with an upper-case letter",
                lineno,
                i + 1,
                code="pbn.tag-name-upper",
                given=name,
            )
        text, i = self._skip_space(text, match.end())
        if i >= len(text) or text[i] != '"':
            raise self.error(
                'expected the quoted value of tag {tag}: [{tag} "value"]',
                lineno,
                i + 1,
                code="pbn.tag-value-expected",
                tag=name,
            )
        value, i = self._string(text, lineno, i, in_tag=True)
        text, i = self._skip_space(text, i)
        if i >= len(text) or text[i] != "]":
            raise self.error(
                "tag {tag} is not closed with ']'",
                lineno,
                i + 1,
                code="pbn.tag-not-closed",
                tag=name,
            )
        self._open_tag(name, value, lineno, start + 1)
        return text, i + 1

    def _open_tag(self, name: str, value: str, lineno: int, column: int) -> None:
        if not self.open_tags:
            self.game.line = lineno
        duplicate = name not in REPEATABLE_TAGS and any(t.name == name for t in self.open_tags)
        if duplicate and self.strict:
            raise self.error(
                "tag {tag} occurs twice in one game; separate games with an empty line",
                lineno,
                column,
                code="pbn.tag-twice",
                tag=name,
            )
        if duplicate and name in GAME_TAGS:
            first = next(t for t in self.open_tags if t.name == name)
            if first.raw != value:  # two games run together: keeping one would lose the other
                raise FormatError(
                    "tag {tag} occurs twice in one game with different values ({first} at "
                    "line {first_line}, then {second}); separate games with an empty line",
                    Location(file=self.filename, line=lineno, column=column),
                    code="pbn.game-tag-twice",
                    tag=name,
                    first=repr(first.raw),
                    first_line=first.line,
                    second=repr(value),
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
                "cannot tell the text encoding (byte 0x{byte:02x} here): not UTF-8, nor "
                "clearly Shift_JIS or Latin-1 text; name it with --encoding "
                "(--input-encoding for deals convert), e.g. shift_jis or cp1252",
                Location(file=filename, line=line, column=column),
                code="pbn.encoding-unknown",
                byte=data[offset],
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
        raise FormatError(
            "the file is too large to be a PBN file", Location(file=filename), code="pbn.too-large"
        )
    text = decode(raw, filename, encoding=encoding) if isinstance(raw, bytes) else raw
    return loads(text, strict=strict, filename=filename)
