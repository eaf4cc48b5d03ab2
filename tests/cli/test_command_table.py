"""The command table of ``bridgedesk.cli``: what ``--help`` lists without importing
a command is what each command says of itself, and nothing is imported before it runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bridgedesk import cli


@pytest.mark.parametrize(
    ("name", "module", "text", "group"),
    [(*row, False) for row in cli._COMMANDS] + [(*row, True) for row in cli._GROUPS],
)
def test_table_help_is_the_commands_own(name: str, module: str, text: str, group: bool) -> None:
    real = cli._load(cli._Pending(name, module, text, group))
    assert real.name == name
    assert (real.help or "").split("\n\n")[0].strip() == text


def _imported(args: str) -> set[str]:
    code = (
        "import sys, contextlib, io\n"
        "from bridgedesk.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({args})\n"
        "print(' '.join(m for m in sys.modules if m.startswith('bridgedesk.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


TABLE = {m for _, m, _ in (*cli._COMMANDS, *cli._GROUPS)} | {
    m for ms in cli._EXTENSIONS.values() for m in ms
}


def test_help_imports_no_command_and_a_command_only_its_own() -> None:
    assert _imported("['--help']") == set()
    assert _imported("['calc', 'imps', '50']") & TABLE == {"bridgedesk.cli.calc"}
    assert _imported("['event', 'movement', '--help']") & TABLE == {
        "bridgedesk.cli.event",
        *cli._EXTENSIONS["event"],
    }
