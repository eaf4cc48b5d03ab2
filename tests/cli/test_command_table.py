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
    real, whole = cli._load(cli._Pending(name, module, text, group))
    assert whole
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
    m for ms in cli._EXTENSIONS.values() for m in ms.values()
}


def test_help_imports_no_command_and_a_command_only_its_own() -> None:
    assert _imported("['--help']") == set()
    assert _imported("['calc', 'imps', '50']") & TABLE == {"bridgedesk.cli.calc"}
    assert _imported("['event', 'movement', '--help']") & TABLE == {
        "bridgedesk.cli.event",
        "bridgedesk.cli.event_movement",
        "bridgedesk.cli.event_sessions",  # event_movement uses its session movements
    }
    assert _imported("['event', 'list', '--help']") & TABLE == {"bridgedesk.cli.event"}
    assert _imported("['result', 'add', '--help']") & TABLE == {"bridgedesk.cli.result"}
    assert _imported("['event', '--help']") & TABLE == {
        "bridgedesk.cli.event",
        *cli._EXTENSIONS["event"].values(),
    }


@pytest.mark.parametrize("group", sorted(cli._EXTENSIONS))
def test_every_command_of_a_group_is_where_the_table_says(group: str) -> None:
    root = cli.root_command()
    root.load_all()
    [module] = [m for name, m, _ in cli._GROUPS if name == group]
    where = {name: cmd.callback.__module__ for name, cmd in root.commands[group].commands.items()}
    assert {n: m for n, m in where.items() if m != module} == cli._EXTENSIONS[group]


def test_a_group_loaded_for_one_command_still_runs_the_others() -> None:
    # one process, as a long-lived caller uses it: `event list` loads the event group
    # without its extensions; `event final` after it must still find its own module
    code = (
        "import contextlib, io\n"
        "from bridgedesk.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    codes = [main(['event', 'list', '--help']), main(['event', 'final', '--help'])]\n"
        "print(codes)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "[0, 0]\n"


def test_a_mistyped_command_is_told_the_whole_group(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["event", "fnial"]) == 2
    assert "Did you mean 'final'" in capsys.readouterr().err
