"""Every demo draws its players from one list, each name with one member number
(``demo_session.demo_people``), so demos of every kind, seed and language run into
one ``--db`` agree with its player register.  Before, the pairs demo numbered players
10000+2n by their pair number whatever the seed: a second pairs demo with another
seed into the same store was refused ("member N is X in the register"), as were a
sessions demo after a teams demo (both used 2xxxx for different names)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli


def test_demos_of_every_kind_into_one_store(cli: Cli, tmp_path: Path) -> None:
    runs = [
        ("--pairs", "8", "--seed", "1"),
        ("--pairs", "8", "--seed", "2"),
        ("--pairs", "8", "--seed", "3", "--lang", "ja"),
        ("--pairs", "10", "--sessions", "2", "--seed", "4"),
        ("--teams", "4", "--seed", "5"),
        ("--individuals", "8", "--seed", "6"),
        ("--pairs", "26", "--seed", "7"),  # more players than names: "Sato 2"
    ]
    for i, args in enumerate(runs):
        cli("demo", *args, "--no-dd", "--out", str(tmp_path / f"run{i}"))
    assert len(cli("event", "list").splitlines()) == len(runs)
    names: dict[str, set[str]] = defaultdict(set)
    players = dump(cli.db)["players"]
    for row in players:
        texts = [v for v in row if isinstance(v, str)]
        member = next(v for v in texts if v.isdigit())
        names[member].add(next(v for v in texts if not v.isdigit()))
    assert all(len(n) == 1 for n in names.values())
    assert len(names) > 52  # the 26-pair run alone has 52 different players
