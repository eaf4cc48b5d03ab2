"""The Micro Bridge / Micro HalfBridge hand file, ``.HND`` (002:59-124).

A fixed-column text file, five lines per board (comment lines excepted,
002:65):

========  =======  ==========================================================
line      columns  contents
========  =======  ==========================================================
1         1-7      anything
          8        blank; ``*`` makes the whole line a comment (any line)
          9-10     deal number 1-64
          17-20    vulnerability ``NONE``, ``NS  ``, ``EW  ``, ``BOTH``, or blank
                   for the board number's standard one
          25       dealer ``N``, ``S``, ``E``, ``W``, or blank for the standard one
2         9-22     South's spades, left-aligned: ``A K Q J 10 9 ... 2``,
                   ``T`` for 10 allowed, ``-`` or blank for a void
          25-38    West's spades; 41-54 North's; 57-70 East's
3, 4, 5            hearts, diamonds, clubs, laid out as line 2
========  =======  ==========================================================

Tabs may be used; the tab stops are 9, 17, 25, 33, ... (002:101).  Board
numbers need not be consecutive and may repeat; a file holds at most 32
boards (002:65).

Columns are counted as the DOS program counts them, in Shift_JIS bytes: a
full-width (or East Asian ambiguous-width) character in a comment or in
columns 1-7 takes two columns, so a UTF-8 file with Japanese text lines up the
same as its Shift_JIS original.  Files are read as UTF-8 when they decode as
such, else as Shift_JIS (code page 932); they are written in Shift_JIS by
default, with CRLF line ends, cards in the columns above, ``10`` for tens
(``T`` on request), ``-`` for a void, and the vulnerability and dealer left
blank when they are the board number's standard ones.

Where the help file is silent, this module decides:

- a ``*`` in column 8 makes any line a comment, also between a board's five
  lines ("comment lines excepted", 002:65); whitespace-only lines are skipped
  like comments (they cannot be a board line or a suit line, since every suit
  has cards somewhere);
- columns 1-7 are free on every line (002:69, 002:86); text in the gaps
  between hand columns (23-24, 39-40, 55-56) is an error, because a card there
  would otherwise be lost; text after column 70 and on the board line outside
  columns 9-10, 17-20 and 25 is ignored, or rejected with ``strict=True``;
- a stated dealer or vulnerability wins over the board number's, even when
  it differs (the sample's board 1 has dealer W, 002:111);
- reading accepts more than 32 boards (``strict=True`` refuses); writing never
  produces more, and offers :func:`split` / :func:`dump_split` instead.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from bridgedesk import reading
from bridgedesk.bridge import Seat, Vulnerability, board_dealer, board_vulnerability
from bridgedesk.deals.cards import DECK, RANK_CHARS, SUITS, Card, Hand
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats.file_reader import FileReader
from bridgedesk.i18n import LazyText, lazy_gettext

#: At most this many boards in one file (002:65).
MAX_BOARDS = 32
#: Board numbers allowed (002:72).
MIN_BOARD, MAX_BOARD = 1, 64
#: Encoding used when writing unless asked otherwise: Shift_JIS (Windows code page 932).
DEFAULT_ENCODING = "cp932"

#: Hand columns on the card lines (002:89-95), in the file's order South, West, North, East.
HAND_COLUMNS: tuple[tuple[Seat, int, int], ...] = (
    (Seat.S, 9, 22),
    (Seat.W, 25, 38),
    (Seat.N, 41, 54),
    (Seat.E, 57, 70),
)
_VUL_CODES: dict[str, Vulnerability] = {
    "NONE": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "BOTH": Vulnerability.BOTH,
}
_VUL_TEXT = {v: k.ljust(4) for k, v in _VUL_CODES.items()}
#: Seats and suits as a refusal names them (said in the reader's language with it).
_SEAT_NAMES: dict[Seat, LazyText] = {
    Seat.N: lazy_gettext("North"),
    Seat.E: lazy_gettext("East"),
    Seat.S: lazy_gettext("South"),
    Seat.W: lazy_gettext("West"),
}
_SUIT_NAMES: tuple[LazyText, ...] = (
    lazy_gettext("spades"),
    lazy_gettext("hearts"),
    lazy_gettext("diamonds"),
    lazy_gettext("clubs"),
)


def char_width(ch: str) -> int:
    """Columns a character takes in the file: its Shift_JIS byte count.

    ASCII and half-width katakana take one column; full-width, wide and East
    Asian ambiguous characters (which are double-byte in Shift_JIS) take two.
    """
    code = ord(ch)
    if code < 0x80 or 0xFF61 <= code <= 0xFF9F:
        return 1
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F", "A") else 1


def expand_columns(text: str) -> list[str]:
    """The line as a list indexed by column - 1, tabs expanded to stops 9, 17, 25, ...

    A two-column character fills its first column; the second holds ``""``.
    """
    cells: list[str] = []
    for ch in text:
        if ch == "\t":
            target = (len(cells) // 8 + 1) * 8
            cells.extend(" " * (target - len(cells)))
        else:
            cells.append(ch)
            if char_width(ch) == 2:
                cells.append("")
    return cells


def _field(cells: list[str], first: int, last: int | None) -> str:
    """Columns ``first``-``last`` (1-based, inclusive; ``None`` = to the end)."""
    end = len(cells) if last is None else last
    return "".join(cells[first - 1 : end])


@dataclass(frozen=True)
class HndBoard:
    """One board of a ``.HND`` file with the comment lines that came before it.

    ``dealer_given`` / ``vulnerability_given`` record whether the file stated
    them (columns 25 and 17-20), so the board is written back as it was.
    ``inner_comments`` are comment lines inside the board's five lines, each
    with the number of data lines before it.
    """

    deal: Deal
    comments: tuple[str, ...] = ()
    dealer_given: bool | None = None
    vulnerability_given: bool | None = None
    inner_comments: tuple[tuple[int, str], ...] = ()
    line: int | None = None


@dataclass
class HndFile:
    """The boards of a ``.HND`` file and the comment lines after the last one."""

    boards: list[HndBoard] = field(default_factory=list)
    trailing: tuple[str, ...] = ()
    filename: str | None = None
    encoding: str | None = None

    @property
    def deals(self) -> list[Deal]:
        return [b.deal for b in self.boards]

    def __iter__(self) -> Iterator[Deal]:
        return iter(self.deals)

    def __len__(self) -> int:
        return len(self.boards)

    def __getitem__(self, i: int) -> Deal:
        return self.boards[i].deal


class _Reader(FileReader):
    def __init__(self, text: str, filename: str | None, strict: bool) -> None:
        self.text = text
        self.filename = filename
        self.strict = strict

    def run(self) -> HndFile:
        text = self.text
        if text.startswith("\ufeff"):
            text = text[1:]
        # CRLF (DOS), LF and a lone CR all end a line
        lines = re.split(r"\r\n|\n|\r", text)
        if lines and lines[-1] == "":
            lines.pop()
        result = HndFile(filename=self.filename)
        pending: list[str] = []
        block: list[tuple[int, str, list[str]]] = []
        inner: list[tuple[int, str]] = []
        for index, raw in enumerate(lines):
            lineno = index + 1
            line = raw
            if index == len(lines) - 1:
                line = line.rstrip("\x1a")  # DOS end-of-file mark
            cells = expand_columns(line)
            if (len(cells) >= 8 and cells[7] == "*") or not line.strip():
                if block:
                    inner.append((len(block), line))
                else:
                    pending.append(line)
                continue
            if self.strict and not block and len(result.boards) == MAX_BOARDS:
                # checked as the 33rd board starts, before the rest of the file is read
                raise FormatError(
                    "a .HND file holds at most {most} boards (002:65); a board {board} starts here",
                    Location(file=self.filename, line=lineno, column=1),
                    code="hnd.too-many-boards",
                    most=MAX_BOARDS,
                    board=MAX_BOARDS + 1,
                )
            block.append((lineno, line, cells))
            if len(block) == 5:
                result.boards.append(self._board(block, tuple(pending), tuple(inner)))
                pending, block, inner = [], [], []
        if block:
            first = block[0][0]
            raise self.error(
                "board starting here has {lines} of its 5 lines (board line, then "
                "spades, hearts, diamonds and clubs)",
                first,
                1,
                code="hnd.board-lines",
                lines=len(block),
            )
        result.trailing = tuple(pending)
        return result

    def _board(
        self,
        block: list[tuple[int, str, list[str]]],
        comments: tuple[str, ...],
        inner: tuple[tuple[int, str], ...],
    ) -> HndBoard:
        lineno, _, cells = block[0]
        number_text = _field(cells, 9, 10).strip()
        if reading.whole_number(number_text) is None:
            raise self.error(
                "expected the board number (1-64) in columns 9-10, found {given!r}; a "
                "board is 5 lines: board line, spades, hearts, diamonds, clubs",
                lineno,
                9,
                code="hnd.board-number-missing",
                given=number_text,
            )
        number = int(number_text)
        if not MIN_BOARD <= number <= MAX_BOARD:
            raise self.error(
                "board number {number} is outside 1-64 (002:72)",
                lineno,
                9,
                code="hnd.board-number-range",
                number=number,
            )
        vul_text = _field(cells, 17, 20)
        vulnerability = self._vulnerability(vul_text, lineno)
        dealer_text = _field(cells, 25, 25).strip()
        dealer: Seat | None = None
        if dealer_text:
            if dealer_text.upper() not in ("N", "E", "S", "W") or (
                self.strict and dealer_text not in ("N", "E", "S", "W")
            ):
                raise self.error(
                    "dealer {given!r} in column 25: expected N, S, E, W or blank",
                    lineno,
                    25,
                    code="hnd.bad-dealer",
                    given=dealer_text,
                )
            dealer = Seat(dealer_text.upper())
        if self.strict:
            for first, last in ((11, 16), (21, 24), (26, None)):
                extra = _field(cells, first, last)
                if extra.strip():
                    column = first + len(extra) - len(extra.lstrip())
                    raise self.error(
                        "unexpected text {given!r} on the board line: only the board number "
                        "(9-10), vulnerability (17-20) and dealer (25) belong there",
                        lineno,
                        column,
                        code="hnd.board-line-extra",
                        given=extra.strip(),
                    )
        hands = self._cards(block[1:], number)
        deal = Deal.from_hands(
            {seat: Hand(frozenset(cards)) for seat, cards in hands.items()},
            number,
            dealer,
            vulnerability,
        )
        return HndBoard(
            deal,
            comments,
            dealer_given=dealer is not None,
            vulnerability_given=vulnerability is not None,
            inner_comments=inner,
            line=lineno,
        )

    def _vulnerability(self, text: str, lineno: int) -> Vulnerability | None:
        key = text.strip()
        if not key:
            return None
        vul = _VUL_CODES.get(key if self.strict else key.upper())
        if vul is None and not self.strict:
            vul = {"ALL": Vulnerability.BOTH, "-": Vulnerability.NONE}.get(key.upper())
        if vul is None:
            raise self.error(
                "vulnerability {given!r} in columns 17-20: expected NONE, NS, EW, BOTH or blank",
                lineno,
                17,
                code="hnd.bad-vulnerability",
                given=text,
            )
        return vul

    def _cards(self, lines: list[tuple[int, str, list[str]]], board: int) -> dict[Seat, set[Card]]:
        hands: dict[Seat, set[Card]] = {seat: set() for seat, _, _ in HAND_COLUMNS}
        where: dict[Card, tuple[Seat, int, int]] = {}
        for suit, (lineno, _, cells) in zip(SUITS, lines, strict=True):
            gaps: list[tuple[int, int | None]] = [(23, 24), (39, 40), (55, 56)]
            if self.strict:
                gaps.append((71, None))
                # columns 1-7 may hold anything (002:69); column 8 is blank or '*'
                mark = _field(cells, 8, 8)
                if mark.strip():
                    raise self.error(
                        "board {board}, {suit} line: column 8 must be blank ('*' makes a comment "
                        "line), found {given!r}",
                        lineno,
                        8,
                        code="hnd.column-8",
                        board=board,
                        suit=_SUIT_NAMES[suit.index],
                        given=mark,
                    )
            for first, last in gaps:
                extra = _field(cells, first, last)
                if extra.strip():
                    column = first + len(extra) - len(extra.lstrip())
                    raise self.error(
                        "board {board}, {suit} line: {given!r} is outside the hand columns 9-22, "
                        "25-38, 41-54, 57-70",
                        lineno,
                        column,
                        code="hnd.outside-hand-columns",
                        board=board,
                        suit=_SUIT_NAMES[suit.index],
                        given=extra.strip(),
                    )
            for seat, first, last in HAND_COLUMNS:
                for rank, column in self._ranks(cells, first, last, lineno, board, suit.index):
                    card = Card(suit, rank)
                    if card in where:
                        other = where[card][0]
                        raise self.error(
                            "board {board}: card {card} is given twice ({first} and {second})",
                            lineno,
                            column,
                            code="hnd.card-twice",
                            board=board,
                            card=card,
                            first=_SEAT_NAMES[other],
                            second=_SEAT_NAMES[seat],
                        )
                    where[card] = (seat, lineno, column)
                    hands[seat].add(card)
        for seat, first, _ in HAND_COLUMNS:
            count = len(hands[seat])
            if count != 13:
                missing = sorted((c for c in DECK if c not in where), reverse=True)
                if missing:
                    raise self.error(
                        "board {board}: {seat} has {count} cards, a hand needs 13; cards in no "
                        "hand: {missing}",
                        lines[0][0],
                        first,
                        code="hnd.hand-size-missing",
                        board=board,
                        seat=_SEAT_NAMES[seat],
                        count=count,
                        missing=" ".join(map(str, missing)),
                    )
                raise self.error(
                    "board {board}: {seat} has {count} cards, a hand needs 13",
                    lines[0][0],
                    first,
                    code="hnd.hand-size",
                    board=board,
                    seat=_SEAT_NAMES[seat],
                    count=count,
                )
        return hands

    def _ranks(
        self, cells: list[str], first: int, last: int, lineno: int, board: int, suit: int
    ) -> list[tuple[int, int]]:
        text = _field(cells, first, last)
        stripped = text.strip()
        if stripped in ("", "-"):
            return []
        if self.strict and text[0] == " ":
            column = first + len(text) - len(text.lstrip())
            raise self.error(
                "board {board}: {suit} {stripped!r} must be left-aligned at column "
                "{first_column} (002:89)",
                lineno,
                column,
                code="hnd.left-aligned",
                board=board,
                suit=_SUIT_NAMES[suit],
                stripped=stripped,
                first_column=first,
            )
        out: list[tuple[int, int]] = []
        i = 0
        while i < len(text):
            ch = text[i].upper()
            column = first + i
            if ch in (" ", ""):
                i += 1
                continue
            if text.startswith("10", i):
                out.append((10, column))
                i += 2
                continue
            if ch not in RANK_CHARS or (self.strict and text[i] != ch):
                raise self.error(
                    "board {board}: unknown card {given!r} in {suit} ({stripped!r}); ranks "
                    "are A K Q J 10 (or T) 9 8 7 6 5 4 3 2, - for a void",
                    lineno,
                    column,
                    code="hnd.unknown-card",
                    board=board,
                    given=text[i],
                    suit=_SUIT_NAMES[suit],
                    stripped=stripped,
                )
            out.append((14 - RANK_CHARS.index(ch), column))
            i += 1
        return out


def decode(
    data: bytes, filename: str | None = None, *, encoding: str | None = None
) -> tuple[str, str]:
    """Text and encoding of ``.HND`` bytes: ``encoding`` if given, else UTF-8 (with
    or without a byte-order mark) if they decode as such, else Shift_JIS.

    Bytes that are neither are refused with their line and a hint to name the
    encoding with ``--encoding``; no text is replaced.
    """
    if encoding is None:
        if data.startswith(b"\xef\xbb\xbf"):
            encoding = "utf-8-sig"
        else:
            try:
                data.decode("utf-8")
                encoding = "utf-8"
            except UnicodeDecodeError:
                encoding = DEFAULT_ENCODING
    text = reading.decode(data, filename, encoding=encoding, hint=_ENCODING_HINT)
    return text, encoding


_ENCODING_HINT = (
    "a .HND file is Shift_JIS or UTF-8; name another encoding with --encoding "
    "(--input-encoding for deals convert)"
)


def loads(text: str, *, strict: bool = False, filename: str | None = None) -> HndFile:
    """Parse ``.HND`` text.  ``strict`` also rejects text outside the defined columns,
    lower-case cards and more than 32 boards."""
    return _Reader(text, filename, strict).run()


def load(
    source: str | Path | IO[bytes], *, strict: bool = False, encoding: str | None = None
) -> HndFile:
    """Read a ``.HND`` file (Shift_JIS or UTF-8, or ``encoding``)."""
    if encoding is not None:
        reading.check_encoding(encoding)
    if isinstance(source, str | Path):
        path = Path(source)
        # 64 boards of 5 lines of at most a few hundred characters: 1 MiB is plenty
        data = reading.read_bytes(path, limit=1024 * 1024)
        name: str | None = str(path)
    else:
        data = source.read(1024 * 1024 + 1)
        name = str(getattr(source, "name", "")) or None
        if len(data) > 1024 * 1024:
            raise FormatError(
                "the file is too large to be a .HND file", Location(file=name), code="hnd.too-large"
            )
    text, encoding = decode(data, name, encoding=encoding)
    result = loads(text, strict=strict, filename=name)
    result.encoding = encoding
    return result


def _board_lines(board: HndBoard, ten: str) -> list[str]:
    deal = board.deal
    dealer_given = board.dealer_given
    if dealer_given is None:
        dealer_given = deal.dealer is not board_dealer(deal.board)
    vul_given = board.vulnerability_given
    if vul_given is None:
        vul_given = deal.vulnerability is not board_vulnerability(deal.board)
    if not MIN_BOARD <= deal.board <= MAX_BOARD:
        raise FormatError(
            "board number {board} cannot be written to a .HND file: it allows boards 1-64 (002:72)",
            Location(board=deal.board),
            code="hnd.board-number",
            board=deal.board,
        )
    head = " " * 8 + f"{deal.board:>2}" + " " * 6
    head += _VUL_TEXT[deal.vulnerability] if vul_given else " " * 4
    head += " " * 4 + (deal.dealer.value if dealer_given else " ")
    lines = [head.rstrip()]
    for suit in SUITS:
        parts = []
        for seat, first, last in HAND_COLUMNS:
            holding = deal[seat].holding(suit, ten=ten, void="-")
            parts.append(holding.ljust(last - first + 1))
        lines.append((" " * 8 + "  ".join(parts)).rstrip())
    for position, text in reversed(board.inner_comments):
        lines.insert(position, text)
    return [*board.comments, *lines]


def split(boards: Sequence[Deal | HndBoard], size: int = MAX_BOARDS) -> list[list[Deal | HndBoard]]:
    """``boards`` in chunks of at most ``size`` (32 by default), each fit for one ``.HND`` file."""
    if size < 1:
        raise ValueError("size must be at least 1")
    return [list(boards[i : i + size]) for i in range(0, len(boards), size)]


def split_paths(path: str | Path, parts: int) -> list[Path]:
    """File names for ``parts`` pieces of ``path``: ``set.hnd`` -> ``set-1.hnd``, ``set-2.hnd``."""
    p = Path(path)
    if parts <= 1:
        return [p]
    return [p.with_name(f"{p.stem}-{i}{p.suffix}") for i in range(1, parts + 1)]


def dumps(
    boards: HndFile | Iterable[Deal | HndBoard],
    *,
    ten: str = "10",
    newline: str = "\r\n",
) -> str:
    """``.HND`` text for up to 32 boards.

    More than 32 raise :class:`FormatError` (002:65); :func:`split` cuts a set
    into files of 32 and :func:`dump_split` writes them.
    """
    if ten not in ("10", "T"):
        raise ValueError("ten must be '10' or 'T'")
    trailing: tuple[str, ...] = ()
    if isinstance(boards, HndFile):
        items: list[HndBoard] = list(boards.boards)
        trailing = boards.trailing
    else:
        items = [b if isinstance(b, HndBoard) else HndBoard(b) for b in boards]
    if len(items) > MAX_BOARDS:
        raise FormatError(
            "a .HND file holds at most {max_boards} boards (002:65), got {boards}: "
            "split them into {files} files (bridgedesk.formats.hnd.split / "
            "dump_split, or 'deals convert --split')",
            code="hnd.too-many-boards-split",
            max_boards=MAX_BOARDS,
            boards=len(items),
            files=-(-len(items) // MAX_BOARDS),
        )
    lines: list[str] = []
    for board in items:
        lines.extend(_board_lines(board, ten))
    lines.extend(trailing)
    return "".join(line + newline for line in lines)


def dump(
    boards: HndFile | Iterable[Deal | HndBoard],
    target: str | Path | IO[bytes],
    *,
    encoding: str = DEFAULT_ENCODING,
    ten: str = "10",
    newline: str = "\r\n",
) -> None:
    """Write a ``.HND`` file (Shift_JIS and CRLF unless asked otherwise)."""
    data = dumps(boards, ten=ten, newline=newline).encode(encoding)
    if isinstance(target, str | Path):
        Path(target).write_bytes(data)
    else:
        target.write(data)


def dump_split(
    boards: Sequence[Deal | HndBoard],
    path: str | Path,
    *,
    encoding: str = DEFAULT_ENCODING,
    ten: str = "10",
) -> list[Path]:
    """Write ``boards`` to as many ``.HND`` files of at most 32 boards as needed.

    One file keeps ``path``; more are named ``stem-1.hnd``, ``stem-2.hnd``...
    Returns the paths written.
    """
    chunks = split(boards)
    paths = split_paths(path, len(chunks))
    for chunk, target in zip(chunks, paths, strict=True):
        dump(chunk, target, encoding=encoding, ten=ten)
    return paths


__all__ = [
    "DEFAULT_ENCODING",
    "HAND_COLUMNS",
    "MAX_BOARDS",
    "HndBoard",
    "HndFile",
    "char_width",
    "decode",
    "dump",
    "dump_split",
    "dumps",
    "expand_columns",
    "load",
    "loads",
    "split",
    "split_paths",
]
