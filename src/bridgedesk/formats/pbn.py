"""Portable Bridge Notation (PBN 2.1): the one PBN reader and writer of bridgedesk.

This module knows the *syntax* of PBN and nothing of bridge: games made of tag
pairs ``[Tag "value"]``, the section data that follows some tags (auction,
play, tables), comments (``; ...`` to the end of the line and ``{ ... }``
blocks), ``%`` escape lines, and the tag value inheritance ``#`` / ``##``
(PBN 2.1, 4.8).  Deals are read on top of it by :mod:`bridgedesk.formats.pbn_deals`,
score tables by the scoring package.  The values (tags, games, tables) are in
:mod:`.pbn_model`, reading in :mod:`.pbn_reader`, writing in :mod:`.pbn_writer`;
this module is where the rest of bridgedesk imports them from.

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

from bridgedesk.formats.pbn_model import (
    MANDATORY_TAGS,
    NOT_APPLICABLE,
    UNKNOWN,
    Column,
    Game,
    PbnFile,
    Row,
    Table,
    Tag,
    dumps_table,
    is_table_tag,
)
from bridgedesk.formats.pbn_reader import decode, load, loads
from bridgedesk.formats.pbn_writer import dump, dumps

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
