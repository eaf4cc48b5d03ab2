"""The ``bridgedesk`` command line: a thin shell over the packages.

Each command group lives in its own module of this package and exposes a
``typer.Typer`` named ``app``; they are listed once in ``_GROUPS``.  A plain
command (no subcommands) is a module exposing a function named ``command``,
listed once in ``_COMMANDS``.  A :class:`~bridgedesk.errors.BridgedeskError`
escaping a command, a command-line usage error, and the operating system's
refusal (an unwritable ``--out``, a full disk) are printed as one line on
standard error and the process exits with status 2; Ctrl-C exits with 130.
"""

from __future__ import annotations

import errno
import functools
import importlib
import sys
from typing import Any

import typer

from bridgedesk import __version__
from bridgedesk.errors import BridgedeskError

#: (command name, module holding its ``app``), in the order ``--help`` lists them.
_GROUPS: tuple[tuple[str, str], ...] = (
    ("calc", "bridgedesk.cli.calc"),
    ("movement", "bridgedesk.cli.movement"),
    ("deals", "bridgedesk.cli.deals"),
    ("event", "bridgedesk.cli.event"),
    ("entry", "bridgedesk.cli.entry"),
    ("result", "bridgedesk.cli.result"),
    ("masterpoints", "bridgedesk.cli.masterpoints"),
    ("practice", "bridgedesk.cli.practice"),
    ("swiss", "bridgedesk.cli.swiss"),
    ("knockout", "bridgedesk.cli.knockout"),
    ("teams", "bridgedesk.cli.teams"),
)

#: (command name, module holding its function ``command``) for plain commands.
_COMMANDS: tuple[tuple[str, str], ...] = (
    ("demo", "bridgedesk.cli.demo"),
    ("score", "bridgedesk.cli.score"),
    ("results", "bridgedesk.cli.results"),
    ("serve", "bridgedesk.cli.serve"),
)

#: Modules that add commands to a group above (imported for that effect only).
_EXTENSIONS: tuple[str, ...] = (
    "bridgedesk.cli.event_movement",
    "bridgedesk.cli.event_deals",
    "bridgedesk.cli.result_director",
    "bridgedesk.cli.event_tables",
)

app = typer.Typer(
    name="bridgedesk",
    help="Run duplicate bridge tournaments: movements, scoring, hand records, masterpoints.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Run duplicate bridge tournaments: movements, scoring, hand records, masterpoints."""


@app.command()
def version() -> None:
    """Print the bridgedesk version."""
    typer.echo(f"bridgedesk {__version__}")


for _name, _module in _GROUPS:
    app.add_typer(importlib.import_module(_module).app, name=_name)

for _module in _EXTENSIONS:
    importlib.import_module(_module)

for _name, _module in _COMMANDS:
    app.command(name=_name)(importlib.import_module(_module).command)


@functools.cache
def root_command() -> Any:
    """The click command tree of :data:`app`, built once per process.

    typer builds the tree from the functions' annotations on every call of
    ``app()`` (about half a second); :func:`main` and the tests reuse one.
    """
    return typer.main.get_command(app)


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
    for position, arg in enumerate(args, start=1):
        if "\x00" in arg:
            print(f"error: argument {position}: contains a NUL character", file=sys.stderr)
            return 2
    try:
        result = root_command().main(args=args, prog_name="bridgedesk", standalone_mode=False)
    except BridgedeskError as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
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
