"""Writing PBN 2.1 in export format: mandatory tags first, then the identification
tags, the auction and play, then the tables (see :mod:`.pbn`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import IO

from bridgedesk.formats.pbn_model import (
    MANDATORY_TAGS,
    UNKNOWN,
    Game,
    PbnFile,
    Tag,
    dumps_table,
    is_table_tag,
    quote,
)

# --------------------------------------------------------------------------- writing

_GAME_SECTIONS = ("Auction", "Play", "Note")


#: What a missing mandatory tag is written as, where "?" would not do: other
#: readers (endplay) take "?" for a deal, a dealer or a vulnerability and fail,
#: while "" (PBN 2.1, 3.4: not applicable) they accept.  A game without a board
#: number is written without [Board], as no number is better than "?" to them.
_MISSING = {"Deal": "", "Dealer": "", "Vulnerable": ""}


def _tag_line(name: str, value: str) -> str:
    return f"[{name} {quote(value)}]"


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
