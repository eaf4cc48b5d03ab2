"""The side doors as strict as the front one, and the CLI's last tracebacks (issue 23).

Each test here failed before issue 23: ``entry import`` stored what ``entry add``
refuses (control characters in names, member numbers that are formulas, NUL,
negative or 26 digits long) and the USEBIO file for the federation then was not
well-formed XML; ``event round ² 3 close`` and ``event final ... --withdrawn ²``
raised ``ValueError``; a console whose encoding lacks a name's letters raised
``UnicodeEncodeError``; an empty file given as ``--db`` was taken for a new store.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgedesk.store.service import Store
from tests.cli.test_bad_day import one_error, played, run, store_copy

__all__ = ["played", "store_copy"]

#: Names and member numbers ``entry add`` refuses; ``entry import`` must as well.
BAD_NAMES = ("Sato\x1aJiro", "Ito\x0bKen", "Kato\nMiki")
BAD_MEMBERS = ("\x00", "=cmd|calc!A0", "-999999", "1" * 26, "12 34")


def _rows(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return "\n".join(conn.iterdump())


@pytest.mark.parametrize("name", BAD_NAMES)
def test_entry_import_refuses_control_characters_as_entry_add_does(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path, name: str
) -> None:
    before = _rows(store_copy)
    code, _, err = run(capsys, "entry", "add", "1", "--pair", "40", "--names", f"{name}, Ok",
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "control character")
    csv_file = tmp_path / "entries.csv"
    csv_file.write_text(f'pair,player1,player2\n40,"{name}",Ok\n', "utf-8")
    code, _, err = run(capsys, "entry", "import", "1", csv_file, "--db", store_copy)
    assert code == 2
    one_error(err, "control character", "line ")
    assert _rows(store_copy) == before


@pytest.mark.parametrize("member", BAD_MEMBERS)
def test_member_numbers_are_letters_and_digits_through_every_door(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path, member: str
) -> None:
    before = _rows(store_copy)
    csv_file = tmp_path / "entries.csv"
    quoted = member.replace('"', '""')
    csv_file.write_text(f'pair,player1,member1,player2\n40,Sato,"{quoted}",Ito\n', "utf-8")
    code, _, err = run(capsys, "entry", "import", "1", csv_file, "--db", store_copy)
    assert code == 2
    one_error(err, "member number", "letters, digits and -")
    if "\x00" not in member:  # NUL never reaches a command (refused as an argument)
        code, _, err = run(capsys, "entry", "add", "1", "--pair", "40", "--names", "Sato, Ito",
                           "--members", f"{member}, 7", "--db", store_copy)  # fmt: skip
        assert code == 2, err
        one_error(err, "member number")
    assert _rows(store_copy) == before


def test_member_numbers_of_the_federations_are_taken(
    capsys: pytest.CaptureFixture[str], store_copy: Path
) -> None:
    code, _, err = run(capsys, "entry", "add", "1", "--pair", "40", "--names", "Sato, Ito",
                         "--members", "10234567, SBF-4711", "--db", store_copy)  # fmt: skip
    assert code == 0, err


def test_usebio_is_well_formed_whatever_a_stored_name_holds(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path
) -> None:
    """A name stored before names were checked (written here past the store)."""
    with sqlite3.connect(store_copy) as conn:
        conn.execute("update players set name = 'Sa\x1ato\x0b' where id = 1")
    out = tmp_path / "usebio"
    code, _, err = run(capsys, "results", "1", "--format", "usebio", "--out", out,
                       "--db", store_copy)  # fmt: skip
    assert code == 0, err
    [written] = list(out.rglob("*.xml"))
    root = ET.parse(written).getroot()  # well-formed
    names = [el.text or "" for el in root.iter("PLAYER_NAME")]
    assert "Sa\ufffdto\ufffd" in names


def test_a_round_or_a_withdrawn_pair_given_as_other_digits_is_one_line(
    capsys: pytest.CaptureFixture[str], store_copy: Path
) -> None:
    before = _rows(store_copy)
    code, _, err = run(capsys, "event", "round", "²", "3", "close", "--db", store_copy)
    assert code == 2
    one_error(err, "no event '²'")
    code, _, err = run(capsys, "event", "final", "1", "Final", "--cut", "4",
                       "--withdrawn", "²", "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "withdrawn pair ²")
    assert _rows(store_copy) == before


def test_an_empty_file_is_no_store_unless_asked_to_create_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "event", "list", "--db", empty)
    assert code == 2
    one_error(err, "empty (0 bytes)", "--create")
    assert empty.stat().st_size == 0
    code, _, err = run(capsys, "event", "new", "Tuesday", "--db", empty)
    assert code == 2 and empty.stat().st_size == 0
    code, _, err = run(capsys, "event", "new", "Tuesday", "--db", empty, "--create")
    assert code == 0, err
    with Store.open(empty) as store:
        assert [e.event.name for e in store.events()] == ["Tuesday"]


@pytest.mark.parametrize("encoding", ["iso-8859-1", "cp932"])
def test_a_console_without_a_names_letters_gets_one_line_not_a_traceback(
    store_copy: Path, encoding: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard output piped in an encoding lacking "Göran" or "山田" (as ``LANG=
    en_US.ISO-8859-1`` or a Japanese Windows console give): one line naming the fix."""
    code, _, err = run(capsys, "entry", "add", "1", "--pair", "40", "--names", "Göran, 山田",
                       "--db", store_copy)  # fmt: skip
    assert code == 0, err
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "en_US.ISO-8859-1"}
    env.pop("LC_ALL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bridgedesk", "entry", "list", "1", "--db", str(store_copy)],
        capture_output=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    err_text = done.stderr.decode(encoding, "replace")
    assert done.returncode == 2, err_text
    assert "Traceback" not in err_text
    lines = err_text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: standard output's encoding")
    assert "PYTHONIOENCODING=utf-8" in lines[0]


def test_every_numeric_option_has_a_minimum_and_a_maximum() -> None:
    """68 of 173 had none before issue 23 (``swiss form-teams --floater -4`` formed a team
    with pair -4, ``movement recommend --minutes -3`` was taken)."""
    from tests.cli.test_hostile import COMMANDS

    unbounded = []
    for path, cmd in COMMANDS.items():
        for param in cmd.params:
            annotation = param.type_descriptor.annotation
            types = [a for a in getattr(annotation, "__args__", (annotation,)) if a is not None]
            if any(t in (int, float) for t in types) and (param.min is None or param.max is None):
                unbounded.append(f"{' '.join(path)} {param.opts[0] if param.opts else param.name}")
    assert unbounded == []


@pytest.mark.parametrize(
    "argv",
    [
        ["swiss", "form-teams", "--pair", "1=3", "--pair", "2=1", "--floater", "-4"],
        ["movement", "recommend", "--pairs", "10", "--minutes", "-3"],
        ["calc", "score", "4S", "N", "--tricks", "99"],
    ],
)
def test_numbers_out_of_range_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    one_error(err, "Invalid value")


def test_missing_slips_are_summarised_unless_asked_for(
    capsys: pytest.CaptureFixture[str], store_copy: Path
) -> None:
    """``results --final`` with most slips missing printed one line per slip (146 in the
    issue) before its refusal; now the first three and the count, ``--missing`` all."""
    with sqlite3.connect(store_copy) as conn:
        conn.execute("delete from results where id > 8")
    code, _, err = run(capsys, "results", "1", "--final", "--db", store_copy)
    assert code == 2
    summary, refusal = err.rstrip("\n").split("\n")
    assert summary.startswith("missing slips: ") and "(--missing lists every one)" in summary
    assert refusal.startswith("error: the results cannot be final: ")
    count = int(summary.split("; ")[-1].split(" in all")[0])
    code, _, err = run(capsys, "results", "1", "--final", "--missing", "--db", store_copy)
    assert code == 2
    lines = err.rstrip("\n").split("\n")
    assert len(lines) == count + 1 and all(x.startswith("missing slip: ") for x in lines[:-1])
    code, _, err = run(capsys, "results", "1", "--db", store_copy)  # provisional
    assert code == 0 and err.count("\n") == 1 and "in all" in err
    # in Japanese, the slips named in the summary too (they were English in it)
    code, _, err = run(capsys, "results", "1", "--final", "--lang", "ja", "--db", store_copy)
    summary = err.split("\n")[0]
    assert code == 2 and "ラウンド" in summary and "round" not in summary and "board" not in summary


@pytest.mark.parametrize("tamper", ["update alembic_version set version_num = '{base}'",
                                    "delete from alembic_version"])  # fmt: skip
def test_a_tampered_schema_version_says_what_to_do(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tamper: str
) -> None:
    """It said ``table events already exists`` before issue 23."""
    from bridgedesk.store.db import _alembic

    [base] = _alembic()[1].get_bases()
    with sqlite3.connect(store_copy) as conn:
        conn.execute(tamper.format(base=base))
    before = _rows(store_copy)
    code, _, err = run(capsys, "event", "list", "--db", store_copy)
    assert code == 2
    one_error(err, "schema version", "does not match its tables", "restore the store from a backup")
    assert _rows(store_copy) == before


def test_deals_analyse_refuses_a_file_larger_than_asked_before_solving(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file of 10,000 boards ran for hours with no bound (issue 23)."""
    from bridgedesk.deals.analysis import BoardRecord
    from bridgedesk.deals.generate import generate
    from bridgedesk.formats import pbn_deals

    big = tmp_path / "big.pbn"
    deals = generate(12, 1, seed=5)
    big.write_text(pbn_deals.dumps([BoardRecord(d) for d in deals], event="Big"), "utf-8")
    code, _, err = run(capsys, "deals", "analyse", big, "--max-boards", "10", "--no-progress")
    assert code == 2
    one_error(err, "holds 12 boards, more than --max-boards 10", "--max-boards 12")
