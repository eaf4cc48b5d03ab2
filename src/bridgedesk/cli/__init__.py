"""The ``bridgedesk`` command line: a thin shell over the packages.

Each command group lives in its own module of this package and exposes a
``typer.Typer`` named ``app``; they are listed once in ``_GROUPS``.  A plain
command (no subcommands) is a module exposing a function named ``command``,
listed once in ``_COMMANDS``.  A :class:`~bridgedesk.errors.BridgedeskError`
escaping a command, and a command-line usage error, are printed as one line on
standard error and the process exits with status 2.
"""

from __future__ import annotations

import importlib
import sys

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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    try:
        result = app(args=argv, prog_name="bridgedesk", standalone_mode=False)
    except BridgedeskError as exc:
        print(f"error: {exc}", file=sys.stderr)
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
        print(f"error: {message}{where}", file=sys.stderr)
        code = getattr(exc, "exit_code", 2)
        return code if isinstance(code, int) else 2
    except typer.Abort:
        print("aborted", file=sys.stderr)
        return 1
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
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
