"""Deals in PBN files, on top of the generic reader/writer :mod:`bridgedesk.formats.pbn`.

Reads ``[Board]``, ``[Dealer]``, ``[Vulnerable]`` and ``[Deal]`` into
:class:`~bridgedesk.deals.Deal` values, and the double-dummy tags
``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]`` (20 rows),
``[OptimumScore "NS 420"]`` and ``[ParContract "NS 4S"]`` into
:class:`~bridgedesk.deals.analysis.BoardRecord` values.  Writes them back in
PBN 2.1 export format; the mandatory tags a hand record has no value for
(players, scoring, contract, result) are written as empty strings, as PBN
3.4 asks of a dealing program.

Dealer and vulnerability missing from a game are those of the board number
(004:421-434).  A deal that is not four hands of 13 different cards, a bad
board number or an unreadable table is a :class:`FormatError` with the file,
line and column of the tag.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import IO

from bridgedesk import reading
from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Strain
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.formats import pbn

#: Column spec bridgedesk writes for the double-dummy table.
OPTIMUM_RESULT_SPEC = "Declarer;Denomination\\2R;Result\\2R"
#: Row order of the written table: the one dealing programs use (N S E W; NT S H D C).
_TABLE_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_TABLE_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_VUL_PBN = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}
#: Mandatory tags with no meaning for a hand record: written as "" (PBN 2.1, 3.4).
_EMPTY_TAGS = ("Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer",
               "Contract", "Result")  # fmt: skip


def _where(games: pbn.PbnFile, tag: pbn.Tag | None, game: pbn.Game) -> Location:
    if tag is not None:
        return Location(file=games.filename, line=tag.line, column=tag.column)
    return Location(file=games.filename, line=game.line)


def record_of(
    game: pbn.Game, games: pbn.PbnFile | None = None, *, strict: bool = False, index: int = 0
) -> BoardRecord:
    """The board record of one PBN game (which must have a ``Deal`` tag)."""
    source = games if games is not None else pbn.PbnFile()
    board_tag = game.tag("Board")
    if board_tag is None or not board_tag.value.strip() or board_tag.value.strip() == "?":
        if strict:
            raise FormatError(
                "game has no [Board] tag", _where(source, None, game), code="pbn.no-board-tag"
            )
        board = index + 1
    else:
        text = board_tag.value.strip()
        number = reading.whole_number(text)
        if number is None or number < 1:
            raise FormatError(
                "board number {given!r} must be a whole number >= 1",
                _where(source, board_tag, game),
                code="pbn.board-number",
                given=text[:40],
            )
        board = number
    dealer: Seat | None = None
    dealer_tag = game.tag("Dealer")
    if dealer_tag is not None and dealer_tag.value.strip() not in ("", "?"):
        try:
            dealer = Seat.parse(dealer_tag.value)
        except ValueError:
            raise FormatError(
                "dealer {given!r}: expected N, E, S or W",
                _where(source, dealer_tag, game),
                code="pbn.bad-dealer",
                given=dealer_tag.value,
            ) from None
    vul: Vulnerability | None = None
    vul_tag = game.tag("Vulnerable")
    if vul_tag is not None and vul_tag.value.strip() not in ("", "?"):
        try:
            word = vul_tag.value.strip()
            # PBN 2.1, 3.4.10: "None", "Love" or "-" for no vulnerability
            vul = Vulnerability.NONE if word == "-" else Vulnerability.parse(word)
        except ValueError:
            raise FormatError(
                "vulnerability {given!r}: expected None, NS, EW or All",
                _where(source, vul_tag, game),
                code="pbn.bad-vulnerability",
                given=vul_tag.value,
            ) from None
    deal_tag = game.tag("Deal")
    if deal_tag is None:
        raise FormatError(
            "game has no [Deal] tag", _where(source, None, game), code="pbn.no-deal-tag"
        )
    try:
        deal = Deal.from_pbn(deal_tag.value, board, dealer, vul)
    except BridgedeskError as exc:
        raise FormatError(
            "board {board}: {problem}",
            _where(source, deal_tag, game),
            code="pbn.bad-deal",
            board=board,
            problem=exc,
        ) from None
    return BoardRecord(
        deal, _dd_table(game, source, strict), _par(game, source, deal.board, strict)
    )


def _dd_table(game: pbn.Game, source: pbn.PbnFile, strict: bool) -> DDTable | None:
    tag = game.tag("OptimumResultTable")
    if tag is None or tag.table is None:
        return None
    table = tag.table
    try:
        i_decl, i_den, i_res = (
            table.index("Declarer"),
            table.index("Denomination"),
            table.index("Result"),
        )
    except KeyError as exc:
        raise FormatError(
            "OptimumResultTable lacks the column {column}",
            _where(source, tag, game),
            code="pbn.optimum-column",
            column=exc.args[0],
        ) from None
    values: dict[tuple[Seat, Strain], int] = {}
    for row in table.rows:
        try:
            seat = Seat.parse(row[i_decl])
            strain = Strain.parse(row[i_den])
            tricks = int(row[i_res])
            if not 0 <= tricks <= 13:
                raise ValueError(tricks)
        except ValueError:
            raise FormatError(
                "OptimumResultTable row {row!r}: expected a seat, a strain and 0-13 tricks",
                Location(file=source.filename, line=row.line, column=row.column),
                code="pbn.optimum-row",
                row=" ".join(row),
            ) from None
        values[(seat, strain)] = tricks
    if len(values) < 20:
        if strict:
            raise FormatError(
                "OptimumResultTable has {entries} of the 20 seat/strain entries",
                _where(source, tag, game),
                code="pbn.optimum-entries",
                entries=len(values),
            )
        return None
    return DDTable.from_mapping(values)


def _par(game: pbn.Game, source: pbn.PbnFile, board: int, strict: bool) -> Par | None:
    score_tag = game.tag("OptimumScore")
    if score_tag is None or not score_tag.value.strip():
        return None
    contract_tag = game.tag("ParContract")
    try:
        return Par.parse(score_tag.value, contract_tag.value if contract_tag else None)
    except BridgedeskError as exc:
        if not strict:
            # Bridge Solver Online writes the par contract into the score,
            # "NS 6N; +990"; other unreadable par tags are left out of the record
            # (the tags stay in the game) rather than refusing the whole file
            return _contract_and_score(score_tag.value) or _score_only(score_tag.value)
        where = contract_tag if contract_tag is not None and "par" in exc.message else score_tag
        raise FormatError(
            "board {board}: {problem}",
            _where(source, where, game),
            code="pbn.bad-deal",
            board=board,
            problem=exc,
        ) from None


def _contract_and_score(value: str) -> Par | None:
    """The par of an ``OptimumScore`` written ``"NS 6N; +990"`` (contract; score
    from the declaring side's view), or ``None``."""
    contract, _, score = value.partition(";")
    side = contract.split()[0].upper() if contract.split() else ""
    number = reading.whole_number(score.strip().lstrip("+-"), max_digits=5)
    if number is None or side not in ("N", "S", "E", "W", "NS", "EW"):
        return None
    if score.strip().startswith("-"):
        number = -number
    ns_score = number if side in ("N", "S", "NS") else -number
    try:
        return Par.parse(str(ns_score), contract.strip())
    except BridgedeskError:
        return None


def _score_only(value: str) -> Par | None:
    try:
        return Par.parse(value)
    except BridgedeskError:
        return None


_RANKS = frozenset("AKQJT98765432")


def is_partial_deal(value: str) -> bool:
    """Whether a ``[Deal]`` value is a deal of fewer than 52 cards: an end
    position (hands of the same number of cards, fewer than 13) or hands left
    unknown (``-``, PBN 2.1, 3.4.11), no card twice -- as files of play and
    bidding problems write them."""
    body = value.strip()
    if len(body) > 2 and body[1] == ":":
        body = body[2:]
    hands = body.split()
    if len(hands) != 4:
        return False
    cards: list[tuple[int, str]] = []
    sizes: set[int] = set()
    for hand in hands:
        if hand == "-":
            continue
        suits = hand.upper().split(".")
        if len(suits) != 4 or any(ch not in _RANKS for suit in suits for ch in suit):
            return False
        sizes.add(sum(len(suit) for suit in suits))
        cards.extend((i, ch) for i, suit in enumerate(suits) for ch in suit)
    return len(sizes) <= 1 and len(cards) < 52 and len(set(cards)) == len(cards)


def has_deal(game: pbn.Game) -> bool:
    """Whether a game holds a whole deal: a ``[Deal]`` tag that is not empty, ``?``
    (a results file without hands) or a partial deal (an end position)."""
    value = game.get("Deal")
    return value is not None and value.strip() not in ("", "?") and not is_partial_deal(value)


def records(games: pbn.PbnFile, *, strict: bool = False) -> list[BoardRecord]:
    """The board records of every game with a whole deal.

    Games without one (no ``[Deal]``, ``[Deal ""]`` or ``"?"``, an end position
    of fewer than 13 cards a hand) are skipped, or refused with ``strict``.
    """
    out: list[BoardRecord] = []
    for game in games:
        if not has_deal(game):
            tag = game.tag("Deal")
            if strict and (tag is None or tag.value.strip() in ("", "?")):
                raise FormatError(
                    "game has no [Deal] tag", _where(games, tag, game), code="pbn.no-deal-tag"
                )
            if not strict:
                continue  # strict: a partial deal gets record_of's precise message
        out.append(record_of(game, games, strict=strict, index=len(out)))
    return out


def loads(text: str, *, strict: bool = False, filename: str | None = None) -> list[BoardRecord]:
    """Board records from PBN text."""
    return records(pbn.loads(text, strict=strict, filename=filename), strict=strict)


def load(
    source: str | Path | IO[bytes] | IO[str], *, strict: bool = False, encoding: str | None = None
) -> list[BoardRecord]:
    """Board records from a PBN file."""
    return records(pbn.load(source, strict=strict, encoding=encoding), strict=strict)


def dd_table(dd: DDTable) -> pbn.Table:
    """The ``OptimumResultTable`` of a double-dummy table (rows N S E W x NT S H D C)."""
    rows = [[seat.value, strain.value, dd[seat, strain]] for seat in _TABLE_SEATS
            for strain in _TABLE_STRAINS]  # fmt: skip
    return pbn.Table.build(OPTIMUM_RESULT_SPEC, rows)


def game_of(
    record: BoardRecord | Deal, game: pbn.Game | None = None, *, event: str | None = None
) -> pbn.Game:
    """A PBN game for ``record``; with ``game``, that game updated in place (others tags kept)."""
    if isinstance(record, Deal):
        record = BoardRecord(record)
    deal = record.deal
    new = game is None
    g = pbn.Game() if game is None else game
    if event is not None or new:
        g.set("Event", event or "")
    if new:
        for name in _EMPTY_TAGS:
            g.set(name, "")
    g.set("Board", str(deal.board))
    g.set("Dealer", deal.dealer.value)
    g.set("Vulnerable", _VUL_PBN[deal.vulnerability])
    g.set("Deal", deal.pbn())
    if record.dd is not None:
        g.set_table("OptimumResultTable", dd_table(record.dd))
    if record.par is not None:
        g.set("OptimumScore", record.par.optimum_score())
        g.set("ParContract", record.par.contracts_text())
    return g


def dumps(
    items: Iterable[BoardRecord | Deal],
    *,
    event: str | None = None,
    generator: str | None = None,
    newline: str = "\r\n",
) -> str:
    """PBN 2.1 export text for board records or deals."""
    games = []
    for item in items:
        g = game_of(item, event=event)
        if generator:
            g.set("Generator", generator)
        games.append(g)
    return pbn.dumps(games, newline=newline)


def dump(
    items: Iterable[BoardRecord | Deal],
    target: str | Path | IO[str],
    *,
    event: str | None = None,
    generator: str | None = None,
) -> None:
    """Write board records or deals as a PBN file (UTF-8, CRLF)."""
    text = dumps(items, event=event, generator=generator)
    if isinstance(target, str | Path):
        Path(target).write_bytes(text.encode("utf-8"))
    else:
        target.write(text)


__all__ = [
    "OPTIMUM_RESULT_SPEC",
    "dd_table",
    "dump",
    "dumps",
    "game_of",
    "has_deal",
    "is_partial_deal",
    "load",
    "loads",
    "record_of",
    "records",
]
