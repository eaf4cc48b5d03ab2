"""The ``bridgedesk`` command line: a thin shell over the packages.

Each command group lives in its own module of this package and exposes a
``typer.Typer`` named ``app``; they are listed once in ``_GROUPS``.  A
:class:`~bridgedesk.errors.BridgedeskError` escaping a command is printed as one
line on standard error and the process exits with status 2.
"""

from __future__ import annotations

import importlib
import sys

import typer

from bridgedesk import __version__
from bridgedesk.errors import BridgedeskError

#: (command name, module holding its ``app``), in the order ``--help`` lists them.
_GROUPS: tuple[tuple[str, str], ...] = (("deals", "bridgedesk.cli.deals"),)

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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    try:
        app(args=argv, prog_name="bridgedesk")
    except BridgedeskError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
