"""``teams score`` on a team results file: the team play under the mis-seated rule
(any file with ``misseated`` rooms) and, for an SRR teams + pairs flight, the pairs
ranking across flights (:mod:`bridgedesk.results.srr_pairs`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.formats import srr_flight_json
from bridgedesk.results.numbers import number
from bridgedesk.results.srr_pairs import (
    SrrPairLine,
    corrected_play,
    srr_pairs_ranking,
)
from bridgedesk.results.team_model import TeamEventPlay

#: ``--pairs-method`` values.
PAIRS_METHODS = {"mp": Method.MP, "butler": Method.BUTLER, "ximp": Method.XIMP}


@dataclass(frozen=True)
class SrrRun:
    """The pair field's ranking and how it was scored."""

    pairs: tuple[SrrPairLine, ...]
    method: Method


def read(file: Path, flights: Sequence[Path], method: str) -> tuple[TeamEventPlay, SrrRun | None]:
    """The file's team play under the mis-seated rule, and for an SRR + pairs flight
    (``"form": "srr-pairs"``, or other flights given) the pair field's ranking."""
    flight = srr_flight_json.load(file)
    play = corrected_play(flight.play, flight.misseats)
    if not flights and flight.play.form != "srr-pairs":
        return play, None
    others = [srr_flight_json.load(p) for p in flights]
    m = PAIRS_METHODS[method]
    return play, SrrRun(srr_pairs_ranking([flight, *others], m), m)


def pairs_dicts(lines: Sequence[SrrPairLine]) -> list[dict[str, Any]]:
    """The ranking as JSON rows."""
    return [
        {"rank": p.rank, "pair": p.pair, "flight": p.flight, "team": p.team,
         "boards": p.boards, "score": number(p.score), "result": number(p.result)}
        for p in lines
    ]  # fmt: skip
