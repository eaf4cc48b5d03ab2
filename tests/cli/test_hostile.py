"""Every command of the CLI, run with hostile arguments: never a traceback.

The command tree is walked from the typer app itself (a new command is covered
without touching this file).  Each command first runs with ordinary arguments
(against a store holding a small simulated event, and real input files), then
once for each of its parameters replaced by each hostile value of that
parameter's kind: numbers beyond 64 bits, non-ASCII digits, empty strings,
negative numbers, NUL characters, path-like names, directories, unwritable and
nonexistent paths.

The README's promise is checked on every run: exit status 0, 1 or 2; on 2,
standard error is one line ``error: ...``; no run raises (which in the console
script would print a traceback).

Every command's ordinary run is checked each time; its (parameter, hostile value)
pairs, about 2,000 in all, are sampled by hypothesis, :data:`SAMPLES` a command a
run, so the suite stays within its time and every pair is reached over runs (a
failing pair is printed, and replayed first on the next run where hypothesis keeps
its database).
"""

from __future__ import annotations

import contextlib
import enum
import io
import os
import signal
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgedesk.cli import main, root_command

#: (parameter, hostile value) pairs a command is run with on each run of the suite.
SAMPLES = 8

REPO = Path(__file__).resolve().parents[2]

#: What a whole number must survive.
NUMBERS = (
    "99999999999999999999",
    "-99999999999999999999",
    "9223372036854775808",
    "²",
    "١٢",
    "-1",
    "0",
    "",
    "1\x00",
)
#: What free text must survive (names, references, options given as text).
TEXTS = (
    "",
    " ",
    "²",
    "99999999999999999999",
    "-99999999999999999999",
    "-1",
    "../../x",
    "=HYPERLINK(1)",
    "a\x00b",
    "x" * 5000,
)


def _paths(tmp: Path) -> tuple[str, ...]:
    """Hostile paths: a directory, the root, nonexistent, unwritable, too long, NUL, and
    files that are not text: Latin-1 bytes where UTF-8 is expected, and binary."""
    latin1 = tmp / "latin1.json"
    latin1.write_bytes(b'{"name": "G\xf6ran", "kind": "x"}\n')
    binary = tmp / "binary.csv"
    binary.write_bytes(bytes(range(256)))
    return (
        str(latin1),
        str(binary),
        str(tmp),
        "/proc",  # a directory nobody, not even root, may create files in
        str(tmp / "no" / "such" / "dir" / "file.pbn"),
        "/proc/version/x.csv",
        "/proc/bridgedesk.pbn",
        str(tmp / ("x" * 300 + ".pbn")),
        "",
        "a\x00b.pbn",
    )


@dataclass
class World:
    """The files and the store the commands run against."""

    tmp: Path
    db: Path
    pbn: Path
    csv: Path
    movement: Path
    ledger: Path
    out: Path
    #: A port nothing listens on (``serve`` checks it before starting).
    port: int


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _commands() -> Iterator[tuple[tuple[str, ...], Any]]:
    def walk(cmd: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in sorted(subs.items()):
                yield from walk(sub, (*path, name))
        else:
            yield path, cmd

    root = root_command()
    root.load_all()
    yield from walk(root, ())


COMMANDS = dict(_commands())


def _kind(param: Any) -> str:
    annotation = param.type_descriptor.annotation
    args = getattr(annotation, "__args__", None)
    if args:  # list[...]
        annotation = args[0]
    if getattr(param, "is_flag", False):
        return "flag"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "choice"
    if annotation is int:
        return "int"
    if annotation is Path:
        return "path"
    return "text"


#: Ordinary values for parameters, by command and by name (the rest by kind).
def _baseline(world: World, command: tuple[str, ...], name: str, kind: str) -> str | None:
    by_command: dict[tuple[str, ...], dict[str, str]] = {
        ("calc", "score"): {"contract": "4S", "declarer": "N", "result": "=", "--vul": "ns"},
        ("calc", "imps"): {"points": "430"},
        ("calc", "vp"): {"margin": "17", "--boards": "16"},
        ("calc", "board"): {"number": "5"},
        ("movement", "show"): {"kind": "howell", "--tables": "4"},
        ("movement", "cards"): {"kind": "howell", "--tables": "4"},
        ("movement", "recommend"): {"--pairs": "14"},
        ("movement", "two-session"): {
            "--tables": "9",
            "--first": "SM",
            "--first-rounds": "9",
            "--second-rounds": "9",
        },
        ("movement", "double-howell"): {"--pairs": "8"},
        ("deals", "generate"): {"--boards": "4", "--out": str(world.tmp / "gen.pbn")},
        ("deals", "convert"): {"target": str(world.tmp / "conv.hnd")},
        ("deals", "print"): {"--out": str(world.tmp / "print.html")},
        ("deals", "analyse"): {"--workers": "1"},
        ("event", "new"): {"name": "Hostile night"},
        ("event", "deadline"): {"when": "2026-11-24T22:00"},
        ("event", "movement"): {"--kind": "howell"},
        ("entry", "add"): {"--pair": "40", "--names": "A, B"},
        ("result", "add"): {"--round": "1", "--table": "1", "--board": "1"},
        ("result", "correct"): {"--reason": "test", "--id": "1"},
        ("result", "delete"): {"--reason": "test", "--id": "999"},
        ("result", "undo"): {"correction": "999", "--reason": "test"},
        ("result", "history"): {"--board": "1"},
        ("result", "export"): {"--out": str(world.tmp / "export.csv")},
        ("score",): {"files": str(REPO / "tests/scoring/data/fig15_howell.json")},
        ("practice", "auto"): {"--boards": "1"},
        ("serve",): {"--port": str(world.port)},
        ("masterpoints", "table"): {"rules": "jcbl-weekly", "--class": "3", "--competitors": "8"},
        ("masterpoints", "award"): {"--from-event": "1", "--rules": "jcbl-weekly", "--class": "3"},
        ("masterpoints", "statement"): {"--period": "2026-11"},
        ("masterpoints", "annual"): {"--year": "2026"},
        ("masterpoints", "record"): {"--event": "1", "--rules": "jcbl-weekly", "--reason": "x"},
    }
    given = by_command.get(command, {})
    if name in given:
        return given[name]
    common = {
        "event": "1",
        "--event": "1",
        "--db": str(world.db),
        "--out": str(world.out),
        "--ledger": str(world.ledger),
        "file": str(world.csv) if command[0] == "result" else str(world.pbn),
        "source": str(world.ledger) if command[0] == "masterpoints" else str(world.pbn),
        "awards_file": str(world.ledger),
        "--ns": "1",
        "--ew": "2",
    }
    if command == ("movement", "check"):
        common["file"] = str(world.movement)
    if name in common:
        return common[name]
    return None


def _hostile(world: World, kind: str) -> tuple[str, ...]:
    if kind == "int":
        return NUMBERS
    if kind == "path":
        return _paths(world.tmp)
    if kind in ("text", "choice"):
        return TEXTS
    return ()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    from bridgedesk.deals.analysis import BoardRecord
    from bridgedesk.deals.generate import generate
    from bridgedesk.demo_session import run
    from bridgedesk.formats import dealfile, movement_json, results_csv
    from bridgedesk.movements.catalogue import build
    from bridgedesk.store.service import Store

    tmp = tmp_path_factory.mktemp("hostile")
    db = tmp / "club.sqlite3"
    run(pairs=8, seed=3, out=tmp / "demo", db=db, dd=False)
    pbn = tmp / "deals.pbn"  # two boards: commands that solve double dummy stay quick
    dealfile.dump([BoardRecord(d) for d in generate(2, 1, seed=5)], pbn)
    with Store.open(db) as store:
        results = [r.result for r in store.results(1)][:6]
    csv = tmp / "slips.csv"
    results_csv.dump(results, csv)
    movement = tmp / "movement.json"
    movement_json.dump(build("howell", tables=4), movement)
    ledger = tmp / "ledger.csv"
    ledger.write_text(
        "type,member,date,event,rules,version,points,colour,place,kind,reason,name,marker\n"
        "player,1001,,,,,,,,,,Sato,\n",
        encoding="utf-8",
    )
    out = tmp / "out"
    return World(tmp, db, pbn, csv, movement, ledger, out, _free_port())


#: Parameters every value of which plays a whole session (seconds of double dummy a
#: board): their hostile values are valid, so they are left out of the walk.
PLAYS: dict[tuple[str, ...], tuple[str, ...]] = {("practice", "auto"): ("--seed",)}

#: Flags every run of a command gets (double dummy off where it is only slow).
FLAGS: dict[tuple[str, ...], list[str]] = {
    ("deals", "print"): ["--no-dd"],
    ("deals", "analyse"): ["--no-progress"],
    ("demo",): ["--no-dd"],
}


def _argv(
    world: World, command: tuple[str, ...], cmd: Any, swap: str | None, value: str
) -> list[str]:
    argv = [*command, *FLAGS.get(command, [])]
    for param in cmd.params:
        kind = _kind(param)
        name = param.opts[0] if param.param_type_name == "option" else param.name
        given = value if name == swap else _baseline(world, command, name, kind)
        if given is None:
            if not param.required:
                continue
            given = {"int": "1", "path": str(world.pbn)}.get(kind, "x")
        if param.param_type_name == "option":
            argv += [name, given]
        else:
            argv.append(given)
    return argv


class _HangError(Exception):
    """A command that ran past :data:`LIMIT` seconds."""


#: Seconds a hostile command may run (the slowest ordinary run, one practice board
#: played in two rooms, takes up to about 16 s on a loaded 2-core machine).
LIMIT = 45


def _alarm(_signum: int, _frame: Any) -> None:
    raise _HangError(f"still running after {LIMIT} s")


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue(), err.getvalue()


def _content(db: Path | None) -> str:
    """The store's rows (not its bytes, which a checkpoint may rewrite)."""
    if db is None or not db.is_file():
        return ""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return "\n".join(conn.iterdump())


def _check(argv: list[str], db: Path | None = None) -> None:
    """The README's promise for one command line; with ``db``, a refused request
    (status 2) has changed nothing stored there."""
    before = _content(db)
    try:
        code, _out, err = _run(argv)
    except BaseException as exc:  # a traceback in the console script
        pytest.fail(f"bridgedesk {argv!r} raised {type(exc).__name__}: {exc}")
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, err)
        assert _content(db) == before, f"refused, yet the store changed: {argv!r}"


def _cases() -> Iterator[Any]:
    for command in COMMANDS:
        if command in (("demo",),):
            continue  # run on its own below (it writes a whole report set)
        yield pytest.param(command, id=" ".join(command))


@pytest.mark.parametrize("command", list(_cases()))
def test_hostile_arguments(
    command: tuple[str, ...], world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(world.tmp)
    monkeypatch.setenv("BRIDGEDESK_DB", str(world.db))
    if command == ("serve",):
        # Everything up to the server itself (arguments, store, address) runs; the
        # server, which would serve until stopped, is replaced by a record of its call.
        import uvicorn

        monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
        monkeypatch.delenv("BRIDGEDESK_UPDATE_SECONDS", raising=False)  # serve sets it
    cmd = COMMANDS[command]
    _check(_argv(world, command, cmd, None, ""), world.db)
    pairs = [
        (name, value)
        for param in cmd.params
        for name in [param.opts[0] if param.param_type_name == "option" else param.name]
        if name not in PLAYS.get(command, ())
        for value in _hostile(world, _kind(param))
    ]
    if not pairs:
        return

    @settings(max_examples=min(SAMPLES, len(pairs)),
              suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
    @given(st.sampled_from(pairs))
    def hostile(pair: tuple[str, str]) -> None:
        _check(_argv(world, command, cmd, pair[0], pair[1]), world.db)

    hostile()


def test_every_command_is_walked() -> None:
    """The walk reaches the groups' commands (a guard on the walk itself)."""
    names = {" ".join(c) for c in COMMANDS}
    assert {"calc vp", "result list", "results", "event new", "movement check"} <= names
    assert len(names) >= 40


@pytest.mark.skipif(os.name != "posix", reason="POSIX paths")
def test_demo_hostile(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world.tmp)
    for value in ("99999999999999999999", "²", "", "-1"):
        _check(["demo", "--no-dd", "--pairs", value, "--db", str(world.tmp / "d.sqlite3")])
    for value in _paths(world.tmp):
        _check(
            [
                "demo",
                "--no-dd",
                "--pairs",
                "8",
                "--out",
                value,
                "--db",
                str(world.tmp / "d2.sqlite3"),
            ]
        )
        _check(["demo", "--no-dd", "--pairs", "8", "--db", value, "--out", str(world.tmp / "o")])
