"""The generic PBN reader/writer (PBN 2.1: tags, comments, sections, tables, inheritance)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.errors import FormatError
from bridgedesk.formats import pbn

# A result file in the shape the Swedish Ruter program publishes (tables with
# widths, quoted cells with spaces, a bye row), shortened and with made-up names.
# ruff: noqa: E501
RUTER_LIKE = """\
% PBN 2.0
% EXPORT
[Event "Club pairs"]
[Site "Somewhere"]
[Date "2021.09.01"]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"]
[Scoring "MatchPoints;MP1"]
[Declarer ""]
[Contract ""]
[Result ""]
[Application "Some program"]
[TotalScoreTable "Rank\\1R;PairId\\1R;TotalPercentage\\5R;Names\\20L"]
1 6 58.33 "Anna A - Bo B"
2 1 54.17 "Cecilia C - Dan D"
[ScoreTable "Table\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R"]
4 6 5 5HX E 7 "800" - 4.0
2 7 3 4S S 11 "450" - 1.0
3 - 2 - - - "Bye" "Bye" -
[OptimumScore "NS 450"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT 10
N  S 11
"""


def test_module_doctest() -> None:
    failures, tried = doctest.testmod(pbn)
    assert tried > 0 and failures == 0


def test_tags_and_tables_of_a_result_file() -> None:
    games = pbn.loads(RUTER_LIKE)
    assert len(games) == 1
    assert games.directives == ["% PBN 2.0", "% EXPORT"]
    game = games[0]
    assert game["Board"] == "1"
    assert game["West"] == ""
    assert game.names()[:4] == ["Event", "Site", "Date", "Board"]
    scores = game.table("ScoreTable")
    assert scores is not None
    assert scores.names == (
        "Table", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
        "Score_NS", "Score_EW", "MP_NS",
    )  # fmt: skip
    assert scores.columns[3] == pbn.Column("Contract", 4, "L")
    assert [row["Score_NS"] for row in scores.rows] == ["800", "450", "Bye"]
    assert [row.line for row in scores.rows] == [23, 24, 25]
    assert scores.rows[2]["PairId_NS"] == "-"
    total = game.table("TotalScoreTable")
    assert total is not None
    assert total.column("Names") == ["Anna A - Bo B", "Cecilia C - Dan D"]
    assert total.records()[0]["TotalPercentage"] == "58.33"
    opt = game.table("OptimumResultTable")
    assert opt is not None
    assert [tuple(r) for r in opt.rows] == [("N", "NT", "10"), ("N", "S", "11")]


def test_escapes_comments_directives_and_unknown_tags() -> None:
    text = (
        "% a directive\n"
        "{ game comment\n  over two lines }\n"
        '[Event "The \\"Spring\\" cup \\\\ 2024"] ; after event\n'
        '[Zebra "z"]\n'
        '[Alpha "a"] [Board "7"]\n'
        "\n"
        '[Board "8"]\n'
    )
    games = pbn.loads(text)
    assert len(games) == 2
    g = games[0]
    assert g["Event"] == 'The "Spring" cup \\ 2024'
    assert g.comments == ["{ game comment\n  over two lines }"]
    tag = g.tag("Event")
    assert tag is not None and tag.comments == ("; after event",)
    assert g.names() == ["Event", "Zebra", "Alpha", "Board"]
    assert games.directives == ["% a directive"]
    assert games[1]["Board"] == "8"


def test_table_row_split_over_lines_is_joined() -> None:
    # PBN 2.1, 5.2: in import format a line may hold any number of table elements.
    text = '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2\n420 3 4\n-50\n'
    table = pbn.loads(text)[0].table("ScoreTable")
    assert table is not None
    assert [tuple(r) for r in table.rows] == [("1", "2", "420"), ("3", "4", "-50")]
    assert table.rows[1].line == 3


def test_incomplete_table_strict_error_and_lenient_padding() -> None:
    text = '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n3 4\n'
    with pytest.raises(FormatError) as err:
        pbn.loads(text, strict=True, filename="x.pbn")
    assert err.value.where.file == "x.pbn"
    assert err.value.where.line == 3
    assert err.value.where.column == 3
    table = pbn.loads(text).games[0].table("ScoreTable")
    assert table is not None
    assert tuple(table.rows[1]) == ("3", "4", "?")


def test_repeated_tag_ignored_leniently_and_rejected_strictly() -> None:
    text = '[Board "1"]\n[Board "2"]\n'
    assert pbn.loads(text)[0]["Board"] == "1"
    with pytest.raises(FormatError, match="twice") as err:
        pbn.loads(text, strict=True)
    assert (err.value.where.line, err.value.where.column) == (2, 1)


def test_inheritance_hash_and_double_hash() -> None:
    # PBN 2.1, 4.8
    text = (
        '[Event "##Spring"]\n[Site "Tokyo"]\n[Board "1"]\n\n'
        '[Site "#"]\n[Board "2"]\n\n'
        '[Event "Autumn"]\n[Board "3"]\n\n'
        '[Board "4"]\n[Date "#"]\n'
    )
    games = pbn.loads(text)
    assert [g["Event"] for g in games] == ["Spring", "Spring", "Autumn", "Autumn"]
    assert games[1]["Site"] == "Tokyo"
    assert games[3]["Date"] == ""  # no previous Date: the empty string
    assert games[1].tag("Event") is not None and games[1].tag("Event").inherited  # type: ignore[union-attr]


def test_hash_forbidden_for_deal_in_strict_mode() -> None:
    with pytest.raises(FormatError, match="Deal"):
        pbn.loads('[Deal "N:AKQ... - - -"]\n\n[Deal "#"]\n', strict=True)


def test_auction_section_kept_verbatim() -> None:
    text = (
        '[Dealer "N"]\n[Auction "N"]\n1S Pass 2S =1= Pass\n4S AP\n'
        '[Note "1:raise"]\n[Play "E"]\nHA H2 H3 H4\n'
    )
    g = pbn.loads(text)[0]
    assert g.section("Auction") == ("1S Pass 2S =1= Pass", "4S AP")
    assert g.section("Play") == ("HA H2 H3 H4",)
    assert g["Note"] == "1:raise"


def test_malformed_tag_error_has_line_and_column() -> None:
    with pytest.raises(FormatError) as err:
        pbn.loads('[Board "1"]\n[Dealer N]\n', filename="f.pbn")
    assert str(err.value).startswith("f.pbn:2:9:")


def test_unclosed_string() -> None:
    with pytest.raises(FormatError, match="quote"):
        pbn.loads('[Event "abc]\n')


def test_lenient_stray_quotes_in_value() -> None:
    assert pbn.loads('[Event "The "Big" Cup"]\n')[0]["Event"] == 'The "Big" Cup'
    with pytest.raises(FormatError):
        pbn.loads('[Event "The "Big" Cup"]\n', strict=True)


def test_export_writer_order_crlf_unknown_and_widths() -> None:
    game = pbn.Game()
    game.set("Zeta", "z")
    game.set("Board", "3")
    game.set("Deal", "N:AKQJ.T98.765.432 - - -")
    game.set_table(
        "OptimumResultTable",
        pbn.Table.build("Declarer;Denomination\\2R;Result\\2R", [["N", "S", 9], ["N", "NT", 10]]),
    )
    game.set("Annotator", "me")
    text = pbn.dumps([game])
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    assert lines[2:17] == [
        '[Event "?"]', '[Site "?"]', '[Date "?"]', '[Board "3"]', '[West "?"]',
        '[North "?"]', '[East "?"]', '[South "?"]', '[Dealer ""]', '[Vulnerable ""]',
        '[Deal "N:AKQJ.T98.765.432 - - -"]', '[Scoring "?"]', '[Declarer "?"]',
        '[Contract "?"]', '[Result "?"]',
    ]  # fmt: skip
    assert lines[17:22] == [
        '[Annotator "me"]',
        '[Zeta "z"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        "N  S  9",
        "N NT 10",
    ]


def test_writer_quotes_cells_and_round_trips() -> None:
    games = pbn.loads(RUTER_LIKE)
    again = pbn.loads(pbn.dumps(games))
    assert len(again) == 1
    for name in ("ScoreTable", "TotalScoreTable", "OptimumResultTable"):
        a, b = games[0].table(name), again[0].table(name)
        assert a is not None and b is not None
        assert a.columns == b.columns
        assert [tuple(r) for r in a.rows] == [tuple(r) for r in b.rows]
    assert [t.name for t in again[0].tags] == [
        *pbn.MANDATORY_TAGS, "Application", "OptimumScore",
        "OptimumResultTable", "ScoreTable", "TotalScoreTable",
    ]  # fmt: skip
    out = pbn.dumps(games)
    assert '1 6 58.33 "Anna A - Bo B"      \r\n' not in out  # trailing padding is stripped
    assert '1 6 58.33 "Anna A - Bo B"\r\n' in out


def test_non_export_keeps_order_and_inheritance_markers() -> None:
    text = '[Event "##Spring"]\n[Board "1"]\n\n[Board "2"]\n[Site "#"]\n'
    out = pbn.dumps(pbn.loads(text), export=False, newline="\n")
    assert out == '% PBN 2.1\n[Event "##Spring"]\n[Board "1"]\n\n[Board "2"]\n[Site "#"]\n'


def test_export_omits_mandatory_tag_given_by_double_hash() -> None:
    text = '[Event "##Spring"]\n[Board "1"]\n\n[Board "2"]\n'
    out = pbn.dumps(pbn.loads(text), newline="\n")
    second = out.split("\n\n")[1]
    assert "[Event" not in second
    assert '[Event "##Spring"]' in out.split("\n\n")[0]
    assert [g["Event"] for g in pbn.loads(out)] == ["Spring", "Spring"]


def test_load_dump_files(tmp_path: Path) -> None:
    path = tmp_path / "a.pbn"
    path.write_bytes(RUTER_LIKE.replace("Anna", "Åsa").encode("cp1252"))
    games = pbn.load(path)
    total = games[0].table("TotalScoreTable")
    assert total is not None and total.rows[0]["Names"].startswith("Åsa")
    out = tmp_path / "b.pbn"
    pbn.dump(games, out)
    written = pbn.load(out)[0].table("TotalScoreTable")
    assert written is not None
    assert written.records() == total.records()
    assert written.records()[0]["Names"] == "Åsa A - Bo B"
    assert out.read_bytes().startswith(b"% PBN 2.1\r\n% EXPORT\r\n")


def test_column_spec_order_width_alignment() -> None:
    col = pbn.Column.parse("+Rank\\2R")
    assert (col.order, col.name, col.width, col.align) == ("+", "Rank", 2, "R")
    assert col.spec() == "+Rank\\2R"
    assert pbn.Column.parse("Names") == pbn.Column("Names")


def test_export_places_notes_after_their_section_and_keeps_comments() -> None:
    text = (
        "{ about this deal }\n"
        '[Play "E"]\nHA H2 H3 H4\n[Note "1:count"]\n'
        '[Auction "N"]\n1S =1= Pass 4S AP\n[Note "1:five cards"]\n'
        '[Board "1"] ; first board\n'
        '[Dealer "N"]\n'
    )
    out = pbn.dumps(pbn.loads(text), newline="\n").split("\n")
    assert out[2] == "{ about this deal }"
    assert out[6] == '[Board "1"]' and out[7] == "; first board"
    tail = out[out.index('[Auction "N"]') :]
    assert tail[:7] == [
        '[Auction "N"]',
        "1S =1= Pass 4S AP",
        '[Note "1:five cards"]',
        '[Play "E"]',
        "HA H2 H3 H4",
        '[Note "1:count"]',
        "",
    ]


def test_export_expands_tabs_in_section_data() -> None:
    # PBN 2.1, 2.3: no tab characters in export format
    out = pbn.dumps(pbn.loads('[Auction "N"]\n1S\tPass\t2S\tPass\n'), newline="\n")
    assert "\t" not in out and "1S      Pass    2S      Pass" in out


_names = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,12}", fullmatch=True).filter(
    lambda n: not n.endswith("Table") and n not in ("Auction", "Play", "Note")
)
_values = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FFF, exclude_characters="\x7f"), max_size=30
).filter(lambda v: not v.startswith("#"))
_cells = st.text(
    st.characters(min_codepoint=33, max_codepoint=0x2FFF, exclude_characters="\x7f"), max_size=8
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.dictionaries(_names, _values, min_size=1, max_size=6),
            st.lists(st.lists(_cells, min_size=3, max_size=3), max_size=4),
        ),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_generic_round_trip(
    games: list[tuple[dict[str, str], list[list[str]]]], export: bool
) -> None:
    built = []
    for tags, rows in games:
        game = pbn.Game()
        for name, value in tags.items():
            game.set(name, value)
        if rows:
            game.set_table("ScoreTable", pbn.Table.build("A\\3R;B;C\\5L", rows))
        built.append(game)
    again = pbn.loads(pbn.dumps(built, export=export), strict=True)
    assert len(again) == len(built)
    for a, b in zip(built, again, strict=True):
        for tag in a.tags:
            assert b[tag.name] == tag.value
            if tag.table is not None:
                table = b.table(tag.name)
                assert table is not None and table.columns == tag.table.columns
                assert [tuple(r) for r in table.rows] == [tuple(r) for r in tag.table.rows]


def test_comment_after_the_last_game_is_kept() -> None:
    games = pbn.loads('[Board "1"]\n\n; end of file\n')
    assert len(games) == 1
    assert "; end of file" in pbn.dumps(games, export=False)
    inherited = pbn.loads('[Event "##E"]\n\n[Board "2"]\n\n{ bye }\n')
    assert "{ bye }" in pbn.dumps(inherited)


def test_a_second_deal_in_one_game_is_refused_not_dropped() -> None:
    """Two games without the empty line between them (issue 23): the second [Deal] was
    ignored as a repeated tag pair, and its cards lost without a word."""
    deal = "N:AKQJ.AKQ.AKQ.AKQ2 T98.JT9.JT9.JT93 765.876.876.8765 432.5432.5432.4"
    first = f'[Board "1"]\n[Deal "{deal}"]\n'
    second = f'[Deal "{deal.replace("N:", "E:")}"]\n'
    with pytest.raises(FormatError, match="tag Deal occurs twice in one game") as found:
        pbn.loads(first + second)
    assert "separate games with an empty line" in str(found.value)
    assert found.value.where.line == 3
    # the same tag pair repeated is still ignored (PBN 2.1, 3.4); two games read as two
    assert len(pbn.loads(first + f'[Deal "{deal}"]\n').games) == 1
    assert len(pbn.loads(first + "\n" + first.replace('"1"', '"2"')).games) == 2
