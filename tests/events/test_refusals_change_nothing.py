"""Nothing stored changes when a command is refused: one refused call per command that
writes to the store, the whole store dumped before and after (issue 13; COMMON.md:
"nothing stored is changed by a refused request").

:data:`REFUSALS` names a refused call for every such command, and
:func:`test_every_store_writing_command_is_covered` walks the command tree, so a new
command with ``--db`` must be listed here (as writing, with a refusal, or as
read-only).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips

#: Commands with ``--db`` that only read the store (or write only files).
READ_ONLY = {
    "results", "serve", "deals print", "event list", "entry list", "result history",
    "result list", "result missing", "result export", "result rulings", "masterpoints statement",
    "masterpoints ranks", "masterpoints list", "masterpoints annual", "masterpoints award",
    "user list", "event draw", "movement cards", "result disputes", "league list",
    "league results", "simultaneous list", "simultaneous audit", "simultaneous results",
    "simultaneous export", "simultaneous upload", "handicap", "event forms",
}  # fmt: skip

#: (command, arguments after it, words the error must contain); ``{tmp}`` is a
#: directory with ``bad.pbn`` (not PBN), ``bad.csv`` (no header) and ``file`` (a file).
REFUSALS: list[tuple[str, list[str], str]] = [
    ("demo", ["--pairs", "4", "--no-dd", "--out", "{tmp}/file"], "file"),
    ("deals analyse", ["{tmp}/bad.pbn", "--event", "nope"], "unexpected 'x'"),
    ("event new", ["X", "--date", "24/11/2026"], "bad date"),
    ("event new", ["X", "--format", "houston", "--scoring", "mp"], "scored by --scoring butler"),
    ("event deadline", [EVENT], "give exactly one of"),
    ("event movement", [EVENT, "--kind", "howell", "--pairs", "6"], "does not fit result"),
    ("event arrow-switch", [EVENT, "--rounds", "9"], "round 9 does not exist"),
    ("event bye-stand", [EVENT, "--stood-after", "1"], "is not a relay-and-bye Mitchell"),
    ("event deals", [EVENT, "{tmp}/bad.pbn"], "unexpected 'x'"),
    ("event tables", [EVENT, "--cards", "--lang", "xx"], "unknown language 'xx'"),
    ("event round", [EVENT, "--next"], "has no round-by-round format"),
    ("event round", [EVENT, "9", "close"], "round 9"),
    ("event options", [EVENT, "--convention", "ebu"], "needs --reason"),
    ("event final", [EVENT, "Final", "--cut", "0"], "--cut"),
    ("entry add", [EVENT, "--pair", "1", "--names", "x, y"], "already entered"),
    ("entry import", [EVENT, "{tmp}/bad.csv"], ""),
    ("entry edit", [EVENT, "--pair", "2", "--names", "A, B", "--reason", " "], "reason"),
    ("entry withdraw", [EVENT, "--pair", "1", "--reason", "r"], "cannot be taken out"),
    ("result add", [EVENT, "--round", "1", "--table", "1", "--board", "5", "--ns", "1", "--ew",
                    "4", "3NT", "N", "="], "plays boards 1-2, not 5"),
    ("result correct", [EVENT, "--id", "1", "--reason", "r", "3NT", "N", "+9"], ""),
    ("result delete", [EVENT, "--id", "99", "--reason", "r"], "has no result 99"),
    ("result undo", [EVENT, "7", "--reason", "r"], "has no correction 7"),
    ("result import", [EVENT, "{tmp}/bad.pbn"], ""),
    ("result penalty", [EVENT, "--pair", "9", "--mp", "1", "--reason", "r"], "not entered"),
    ("result fouled", [EVENT, "--board", "1", "--at", "1:2", "--reason", "r"], "not board 1"),
    ("result not-played", [EVENT, "--round", "1", "--table", "1", "--board", "1", "--reason",
                           "x"], "has a result"),
    ("result cancel", [EVENT, "7", "--reason", "r"], "has no ruling 7"),
    ("result resolve", [EVENT, "7", "--reason", "r"], "has no dispute 7"),
    ("result release", [EVENT, "--fold", "--reason", "r"], "not released: nothing to fold"),
    ("result withdraw-pair", [EVENT, "--pair", "NS 1", "--from-round", "1", "--reason", "r"],
     "has results in round 1"),
    ("event lineup", [EVENT, "--round", "1", "--team", "1", "--ns", "1,2", "--ew", "3,4"],
     "is a pairs event"),
    ("event withdraw-team", [EVENT, "--team", "1", "--from-round", "1", "--reason", "r"],
     "is a pairs event"),
    ("event carry-over", [EVENT, "--round", "1", "--home", "1", "--away", "2", "--imps", "3:0",
                          "--reason", "r"], "is a pairs event"),
    ("event new", ["X", "--kind", "teams", "--format", "swiss", "--segments", "2"],
     "--segments is 1-8 and for a knockout"),
    ("result team", [EVENT, "--round", "1", "--home", "1", "--away", "2", "--room", "open",
                     "--board", "1", "3NT", "N", "="], "is a pairs event"),
    ("result forfeit", [EVENT, "--round", "1", "--team", "1", "--reason", "r"], "is a pairs event"),
    ("result team-import", [EVENT, "{tmp}/bad.csv"], "unknown column"),
    ("result misseat", [EVENT, "--round", "1", "--home", "1", "--away", "2", "--room", "open",
                        "--boards", "1-2", "--reason", "r"], "is a pairs event"),
    ("event form-teams", [EVENT], "is a pairs event"),
    ("entry add", [EVENT, "--pair", "9", "--names", "x, y", "--seed-points", "3"],
     "even-chance"),
    ("event new", ["X", "--kind", "teams", "--format", "knockout", "--sessions", "2"],
     "knockout is played match by match"),
    ("event new", ["X", "--kind", "teams", "--format", "stagger", "--sessions", "3"],
     "one or two sessions"),
    ("event new", ["X", "--even-chance"], "for a team event"),
    ("masterpoints import", ["{tmp}/bad.csv"], "header"),
    ("masterpoints record", ["{tmp}/bad.pbn", "--event", EVENT, "--rules", "jcbl", "--reason",
                             "r"], ""),
    ("user add", ["td", "--role", "boss"], "unknown role"),
    ("user passwd", ["nobody", "--password-stdin"], ""),
    ("user remove", ["nobody"], "no user 'nobody'"),
    ("league new", ["X", "--day", "2026-04-12:1", "--vp-scale", "nope"], "not 'nope'"),
    ("league draw", [EVENT], "no league named"),
    ("league half-time", [EVENT, "--round", "1", "--home", "1"], "is a pairs event"),
    ("league next", [EVENT, "--name", "Y", "--day", "2027-04-11:1"], "no league named"),
    ("league awards", [EVENT, "--record"], "no league named"),
    ("championship knockout", [EVENT, "--name", "K", "--teams", "4"], "is a pairs event"),
    ("championship carry-over", [EVENT, "--round", "1"], "was not made from a round robin"),
    ("simultaneous new", ["S", "--deals", "{tmp}/bad.pbn"], "unexpected 'x'"),
    ("simultaneous heat", [EVENT, "--club", "C"], "is not a simultaneous event"),
    ("simultaneous import", [EVENT, "{tmp}/bad.pbn", "--heat", "1"], "not a heat's results"),
    ("simultaneous awards", [EVENT, "--record"], "is not a simultaneous event"),
]  # fmt: skip


@pytest.fixture
def played(cli: Cli, mitchell: GridMovement, tmp_path: Path) -> Path:
    """conftest's 3-table Mitchell stored, round 1 table 1 in; the bad files beside it."""
    with mitchell_event(cli.db, mitchell) as store:
        for board in (1, 2):
            slips.enter(store, 1, make_result(round=1, table=1, board=board, ns=1, ew=4,
                                            contract="3NT", declarer="N", result="="))  # fmt: skip
    files = tmp_path / "files"
    files.mkdir()
    (files / "bad.pbn").write_text("x\n", encoding="utf-8")
    (files / "bad.csv").write_text("\n1,2\n", encoding="utf-8")
    (files / "file").write_text("in the way\n", encoding="utf-8")
    return files


@pytest.mark.parametrize(("command", "args", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refused_command_changes_nothing(
    cli: Cli, played: Path, command: str, args: list[str], message: str
) -> None:
    before = dump(cli.db)
    err = cli(*command.split(), *(a.replace("{tmp}", str(played)) for a in args), status=2)
    assert err.startswith("error: ") and message in err, err
    assert dump(cli.db) == before


def test_every_store_writing_command_is_covered() -> None:
    from bridgedesk.cli import root_command

    root = root_command()
    root.load_all()
    with_db: set[str] = set()

    def walk(cmd: object, path: list[str]) -> None:
        sub = getattr(cmd, "commands", None)
        if sub:
            for name, c in sub.items():
                walk(c, [*path, name])
        elif any(p.name == "db" for p in getattr(cmd, "params", ())):
            with_db.add(" ".join(path))

    walk(root, [])
    covered = {c for c, _, _ in REFUSALS}
    assert with_db - READ_ONLY - covered == set()
    assert covered | READ_ONLY <= with_db
