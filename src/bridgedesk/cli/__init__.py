"""The ``bridgedesk`` command line: a thin shell over the packages.

Each command group lives in its own module of this package and exposes a
``typer.Typer`` named ``app``; they are listed once in ``_GROUPS``.  A plain
command (no subcommands) is a module exposing a function named ``command``,
listed once in ``_COMMANDS``.  A command's module is imported only when the
command runs.  A :class:`~bridgedesk.errors.BridgedeskError`
escaping a command, a command-line usage error, and the operating system's
refusal (an unwritable ``--out``, a full disk) are printed as one line on
standard error and the process exits with status 2; Ctrl-C exits with 130.
"""

from __future__ import annotations

import errno
import functools
import gc
import importlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

from bridgedesk import __version__
from bridgedesk.errors import BridgedeskError

#: Every command of ``bridgedesk``, in the order ``--help`` lists them: (name, the module
#: holding it, what ``--help`` says of it).  A module in ``_COMMANDS`` holds a plain
#: command, a function named ``command``; one in ``_GROUPS`` a ``typer.Typer`` named
#: ``app``, to which the modules in ``_EXTENSIONS`` add more commands.  A module is
#: imported only when its command runs (or its own ``--help`` is asked for): ``bridgedesk
#: --help`` imports none, ``bridgedesk calc imps 50`` only ``cli.calc`` and what it needs,
#: ``bridgedesk event list`` only ``cli.event`` (not the group's other modules), so every
#: command module imports what it uses at its top.  The help here is checked
#: against each module's own by ``tests/cli/test_command_table.py``.
_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("demo", "bridgedesk.cli.demo",
     "Run a simulated club session end to end and write its full report set."),
    ("score", "bridgedesk.cli.score",
     "Score results files (PBN ScoreTable or JSON travellers) and print the ranking."),
    ("results", "bridgedesk.cli.results",
     "Score an event and print its ranking or write its results and reports."),
    ("handicap", "bridgedesk.cli.handicap",
     "Rank a pairs session with handicaps from ratings or masterpoints (004:4205)."),
    ("serve", "bridgedesk.cli.serve",
     "Serve the table terminals (/t/), live results (/e/), the console (/d/) and the API (/api/)."),
)  # fmt: skip
_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("calc", "bridgedesk.cli.calc",
     "Calculator: contract scores, IMPs, VPs and board vulnerability."),
    ("movement", "bridgedesk.cli.movement",
     "Movements: show master sheets, print guide cards, check and recommend."),
    ("deals", "bridgedesk.cli.deals",
     "Hand records: generate deals, solve double dummy and par, convert, print."),
    ("event", "bridgedesk.cli.event", "Create and list events (tournaments)."),
    ("entry", "bridgedesk.cli.entry", "Enter pairs, teams or individuals in an event."),
    ("result", "bridgedesk.cli.result", "Enter, correct and import results."),
    ("masterpoints", "bridgedesk.cli.masterpoints._app",
     "Masterpoint tables (JCBL, SBF), awards for a ranking, and the player ledger."),
    ("practice", "bridgedesk.cli.practice",
     "Practice MiniBridge against the computer, with a closed room and IMPs (002:12-57)."),
    ("swiss", "bridgedesk.cli.swiss", "Swiss teams: draw the next round."),
    ("knockout", "bridgedesk.cli.knockout", "Knockouts: print a seeded draw, single or double."),
    ("user", "bridgedesk.cli.user", "Accounts of the director's console (/d/)."),
    ("teams", "bridgedesk.cli.teams", "Team events: score a results file."),
    ("league", "bridgedesk.cli.league",
     "Leagues: a season of divisions over match days, half time, promotion."),
    ("championship", "bridgedesk.cli.championship",
     "Championships: a round robin's best teams in a knockout with carry-over."),
    ("simultaneous", "bridgedesk.cli.simultaneous",
     "Simultaneous events: heats at many clubs, scored across the whole field."),
)  # fmt: skip
#: Modules that add commands to a group above, by the commands each adds: a group's
#: command imports the group's module and the one module holding it (``bridgedesk event
#: list`` none of these, ``event movement`` ``cli.event_movement``), the group's ``--help``
#: (or a name it does not know) every one, in this order.  ``tests/cli/test_command_table.py``
#: checks that every command is where this table says.
_EXTENSIONS: dict[str, dict[str, str]] = {
    "event": {
        "movement": "bridgedesk.cli.event_movement",
        "arrow-switch": "bridgedesk.cli.event_movement",
        "bye-stand": "bridgedesk.cli.event_movement",
        "deals": "bridgedesk.cli.event_deals",
        "tables": "bridgedesk.cli.event_tables",
        "round": "bridgedesk.cli.event_tables",
        "final": "bridgedesk.cli.event_sessions",
        "draw": "bridgedesk.cli.event_rounds_pairs",
        "options": "bridgedesk.cli.event_rounds_pairs",
        "lineup": "bridgedesk.cli.event_teams",
        "withdraw-team": "bridgedesk.cli.event_teams",
        "carry-over": "bridgedesk.cli.event_teams",
        "form-teams": "bridgedesk.cli.event_even_chance",
        "forms": "bridgedesk.cli.event_forms",
    },
    "result": {
        "penalty": "bridgedesk.cli.result_director",
        "fouled": "bridgedesk.cli.result_director",
        "not-played": "bridgedesk.cli.result_director",
        "rulings": "bridgedesk.cli.result_director",
        "cancel": "bridgedesk.cli.result_director",
        "release": "bridgedesk.cli.result_director",
        "withdraw-pair": "bridgedesk.cli.result_withdrawal",
        "team": "bridgedesk.cli.result_teams",
        "forfeit": "bridgedesk.cli.result_teams",
        "team-import": "bridgedesk.cli.result_teams",
        "disputes": "bridgedesk.cli.result_disputes",
        "resolve": "bridgedesk.cli.result_disputes",
        "misseat": "bridgedesk.cli.result_misseat",
    },
    "masterpoints": {
        "award": "bridgedesk.cli.masterpoints.award",
        "statement": "bridgedesk.cli.masterpoints.ledger",
        "ranks": "bridgedesk.cli.masterpoints.ledger",
        "list": "bridgedesk.cli.masterpoints.ledger",
        "annual": "bridgedesk.cli.masterpoints.ledger",
        "import": "bridgedesk.cli.masterpoints.ledger_write",
        "record": "bridgedesk.cli.masterpoints.ledger_write",
        "table": "bridgedesk.cli.masterpoints.table",
    },
}


class _Pending(TyperCommand):
    """A command not imported yet: its name and help, for ``bridgedesk --help``."""

    def __init__(self, name: str, module: str, help: str, group: bool) -> None:
        super().__init__(name=name, help=help)
        self.module = module
        self.group = group


def _load(pending: _Pending, rest: Sequence[str] | None = None) -> tuple[Any, bool]:
    """The real command of ``pending``, and whether it is whole.

    A group is loaded with the extension module holding ``rest[0]``, the subcommand
    about to run, if :data:`_EXTENSIONS` names one, else with none; with every one
    (whole) when ``rest`` is None or names no command of what was loaded (``--help``,
    a mistyped name: the group lists, or suggests among, all its commands).
    """
    module = importlib.import_module(pending.module)
    name = pending.name or ""
    if not pending.group:
        single = typer.Typer()
        single.command(name=name)(module.command)
        return typer.main.get_group(single).commands[name], True
    extensions = _EXTENSIONS.get(name, {})
    wanted = rest[0] if rest else None
    if rest is not None and wanted is not None:
        if wanted in extensions:
            importlib.import_module(extensions[wanted])
        group = typer.main.get_group(module.app)
        if wanted in group.commands:
            group.name = name
            return group, not extensions
    for extension in dict.fromkeys(extensions.values()):
        importlib.import_module(extension)
    group = typer.main.get_group(module.app)
    group.name = name
    return group, True


#: Whether :func:`_importing` has frozen what start-up made (once a process).
_frozen = False


@contextmanager
def _importing() -> Iterator[None]:
    """Import a command's modules with the cyclic garbage collector off, then (the
    first time in a process) freeze what start-up made: the modules, their classes and
    the command tree live as long as the process, so collections need never walk them
    again.  Walking them took about a sixth of a store command's start-up CPU
    (``bench/startup.py``); the command itself runs with the collector as it was."""
    global _frozen
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if not _frozen:
            gc.freeze()
            _frozen = True
        if collecting:
            gc.enable()


class _LazyGroup(TyperGroup):
    """The root group: a command's module is imported when the command is resolved."""

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        if args:
            found = self.commands.get(args[0])
            if isinstance(found, _Pending):
                with _importing():
                    loaded, whole = _load(found, args[1:])
                if not whole:  # loaded for this one subcommand: not kept for the next
                    return args[0], loaded, args[1:]
                self.commands[args[0]] = loaded
        return super().resolve_command(ctx, args)

    def load_all(self) -> None:
        """Import every command (for tools and tests that walk the whole tree)."""
        for name, found in list(self.commands.items()):
            if isinstance(found, _Pending):
                self.commands[name] = _load(found)[0]


app = typer.Typer(
    name="bridgedesk",
    help="Run duplicate bridge tournaments: movements, scoring, hand records, masterpoints.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_LazyGroup,
)


@app.callback()
def _root() -> None:
    """Run duplicate bridge tournaments: movements, scoring, hand records, masterpoints."""


@app.command()
def version() -> None:
    """Print the bridgedesk version."""
    typer.echo(f"bridgedesk {__version__}")


@functools.cache
def root_command() -> _LazyGroup:
    """The click command tree of :data:`app`, built once per process, each command's
    module imported when that command is resolved (:meth:`_LazyGroup.load_all` loads
    them all)."""
    root = typer.main.get_command(app)
    assert isinstance(root, _LazyGroup)
    for name, module, text in _COMMANDS:
        root.add_command(_Pending(name, module, text, group=False))
    for name, module, text in _GROUPS:
        root.add_command(_Pending(name, module, text, group=True))
    return root


def _os_error(exc: OSError) -> str:
    """One line for an operating-system error: which file, what went wrong, what to do."""
    where = exc.filename if exc.filename is not None else "bridgedesk"
    if exc.filename2 is not None:
        where = f"{where} -> {exc.filename2}"
    what = (exc.strerror or str(exc)).rstrip(".").lower()
    hint = {
        errno.EACCES: "no permission; choose a place you may write to (e.g. --out DIR)",
        errno.EPERM: "no permission; choose a place you may write to (e.g. --out DIR)",
        errno.EROFS: "the file system is read-only; choose another place",
        errno.ENOSPC: "the disk is full: free some space and run the command again",
        errno.EDQUOT: "the disk quota is full: free some space and run the command again",
        errno.EISDIR: "a directory is in the way; give a file name",
        errno.ENOTDIR: "part of the path is a file, not a directory",
        errno.ENOENT: "check the path",
        errno.ENAMETOOLONG: "use a shorter name",
        errno.EEXIST: "something of that name is in the way",
    }.get(exc.errno or 0)
    return f"{where}: {what}" + (f"; {hint}" if hint else "")


def _console_can_show_any_name() -> None:
    """A console whose encoding lacks a name's letters (``LANG=en_US.ISO-8859-1`` and
    "山田", cp932 and "Göran") shows them escaped (``G\\xf6ran``) instead of failing;
    standard error always does, so the one-line refusal can be printed.  Standard output
    redirected to a file stays strict: a name written wrong would go unnoticed there, so
    :func:`main` refuses it in one line instead."""
    streams = [sys.stderr] + (
        [sys.stdout] if sys.stdout is not None and sys.stdout.isatty() else []
    )
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "")
        if reconfigure is not None and not encoding.startswith("utf"):
            reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status.

    Whatever the arguments, the outcome is an exit status and, for a refused
    request, one line ``error: <where>: <what was wrong>`` on standard error
    (status 2): bridgedesk's own errors, usage errors, and the operating
    system's (a directory where a file was meant, no permission, a full disk).
    Ctrl-C ends with status 130; every store change is a transaction, so what
    was interrupted was not stored and the command can simply be run again.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    _console_can_show_any_name()
    for position, arg in enumerate(args, start=1):
        if "\x00" in arg:
            print(f"error: argument {position}: contains a NUL character", file=sys.stderr)
            return 2
    try:
        result = root_command().main(args=args, prog_name="bridgedesk", standalone_mode=False)
    except BridgedeskError as exc:
        from bridgedesk.cli._lang import language_of, refusal_line  # only when refusing
        from bridgedesk.i18n import said_in

        lang = language_of(args)
        for line in exc.details:
            print(said_in(line, lang), file=sys.stderr)
        print(_one_line(refusal_line(exc, lang)), file=sys.stderr)
        return 2
    except typer.TyperException as exc:
        # typer's own (vendored click) errors: usage errors, bad parameters...
        message = exc.format_message()
        if type(exc).__name__ == "NoArgsIsHelpError":
            # A group run without a subcommand: its help (rich may already have
            # printed it while the error was built).
            if message:
                print(message)
            return 2
        ctx = getattr(exc, "ctx", None)
        where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        print(f"error: {_one_line(message)}{where}", file=sys.stderr)
        code = getattr(exc, "exit_code", 2)
        return code if isinstance(code, int) else 2
    except typer.Abort:
        print("aborted", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_INTERRUPTED, file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"error: {_one_line(_os_error(exc))}", file=sys.stderr)
        return 2
    except UnicodeEncodeError as exc:
        # standard output redirected to a file in an encoding without a name's letters
        bad = exc.object[exc.start : exc.end]
        print(
            f"error: standard output's encoding {exc.encoding} cannot write {bad!r}; set "
            "PYTHONIOENCODING=utf-8, or write a file with --out where the command has it",
            file=sys.stderr,
        )
        return 2
    except UnicodeDecodeError as exc:
        # a reader met bytes that are not text in its encoding (the readers name the
        # file themselves where they can; this is the net under them)
        print(
            f"error: a file is not {exc.encoding} text (byte {exc.object[exc.start]:#04x} at "
            f"position {exc.start}); save it as UTF-8 and try again",
            file=sys.stderr,
        )
        return 2
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    # Without standalone mode click returns the exit code of ``typer.Exit`` /
    # ``--help`` (an int) or the command's own return value.
    code = result if isinstance(result, int) and not isinstance(result, bool) else 0
    if code == 130:  # typer's own answer to Ctrl-C (KeyboardInterrupt), given silently
        print(_INTERRUPTED, file=sys.stderr)
    return code


_INTERRUPTED = (
    "error: interrupted: the change under way was rolled back and the store is as it was "
    "before it; run the command again to finish (an import skips what is already stored)"
)


def _one_line(text: str) -> str:
    """``text`` on one line: later lines joined with ``; `` (an error is one line)."""
    return "; ".join(part.strip() for part in text.splitlines() if part.strip())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
