"""Start-up cost of a store command against the floor of its third-party imports.

``bridgedesk event list --db X`` opens a store and prints one line per event;
the floor is ``python -c "import sqlalchemy, typer, rich"``, the packages every
store command needs.  Each is run several times in a fresh process and its CPU
(user + system, from the child's rusage) taken; the medians and their ratio are
printed with the machine's load average (the machine is shared: wall time says
little, CPU is what the command itself spent).  The target (issue 21) is a ratio
of at most 2.  Two more store commands are timed for comparison.

Bytecode is compiled first and the children run with ``PYTHONDONTWRITEBYTECODE``
unset, as a normal install has it (development machines set it, and then every
run compiles the package again).

Run ``.venv/bin/python bench/startup.py [--runs 9] [--profile]``; prints figures,
asserts nothing.  ``--profile`` also prints the twenty slowest imports of one
run of the command (``python -X importtime``, cumulative microseconds).
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = (sys.executable, "-c", "import sqlalchemy, typer, rich")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["COLUMNS"] = "100"
    return env


def _cpu(argv: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one run of ``argv`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, env=_env(), stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(argv: tuple[str, ...], runs: int) -> float:
    _cpu(argv)  # warm the file cache
    return statistics.median(_cpu(argv) for _ in range(runs))


def _bridgedesk() -> tuple[str, ...]:
    """The installed ``bridgedesk`` script, run by this Python."""
    return (sys.executable, str(Path(sys.executable).with_name("bridgedesk")))


def _store(folder: Path) -> Path:
    """A store with one event in it, made by the command line itself."""
    db = folder / "startup.sqlite3"
    subprocess.run(
        (*_bridgedesk(), "event", "new", "Startup pairs", "--date", "2026-01-05", "--db", str(db)),
        check=True,
        env=_env(),
        stdout=subprocess.DEVNULL,
    )
    return db


def _profile(argv: tuple[str, ...]) -> None:
    """The slowest imports of one run (cumulative), from ``-X importtime``."""
    done = subprocess.run(
        (argv[0], "-X", "importtime", *argv[1:]),
        check=True,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    print(f"\n{len(rows)} modules imported; the slowest (cumulative us):")
    for cumulative, name in sorted(rows, reverse=True)[:20]:
        print(f"{cumulative:>9}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each (median taken)")
    parser.add_argument("--profile", action="store_true", help="print the slowest imports")
    args = parser.parse_args()

    compileall.compile_dir(ROOT / "src", quiet=1)
    compileall.compile_dir(sysconfig.get_paths()["purelib"], quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        db = _store(Path(tmp))
        command = (*_bridgedesk(), "event", "list", "--db", str(db))
        load = os.getloadavg()
        floor = _median(FLOOR, args.runs)
        used = _median(command, args.runs)
        loads = " ".join(f"{figure:.2f}" for figure in load)
        print(f"machine: {os.cpu_count()} cores, load average {loads} (1, 5, 15 min)")
        print(f"median of {args.runs} runs, CPU seconds (user + system):")
        print(f"  floor  import sqlalchemy, typer, rich   {floor:6.3f} s")
        print(f"  bridgedesk event list --db X           {used:6.3f} s")
        print(f"  ratio                                  {used / floor:6.2f}  (target: at most 2)")
        for other in (("entry", "list"), ("result", "list")):
            argv = (*_bridgedesk(), *other, "1", "--db", str(db))
            name = f"bridgedesk {' '.join(other)} 1 --db X"
            print(f"  {name:<38} {_median(argv, args.runs):6.3f} s  (for comparison)")
        if args.profile:
            _profile(command)


if __name__ == "__main__":
    main()
