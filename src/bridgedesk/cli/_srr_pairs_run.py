"""``teams score`` on an SRR teams + pairs flight: the team play under the mis-seated
rule and the pairs ranking across flights (:mod:`bridgedesk.results.srr_pairs`)."""

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
    """The flight's team play (mis-seated rule applied) and its pair field's ranking."""

    play: TeamEventPlay
    pairs: tuple[SrrPairLine, ...]
    method: Method


def is_srr(file: Path, flights: Sequence[Path]) -> bool:
    """Whether ``teams score`` should treat ``file`` as an SRR + pairs flight."""
    if flights:
        return True
    return srr_flight_json.load(file).play.form == "srr-pairs"


def srr_run(file: Path, flights: Sequence[Path], method: str) -> SrrRun:
    """Read the flight and the other flights of its pair field, rank the pairs."""
    flight = srr_flight_json.load(file)
    others = [srr_flight_json.load(p) for p in flights]
    m = PAIRS_METHODS[method]
    return SrrRun(
        corrected_play(flight.play, flight.misseats), srr_pairs_ranking([flight, *others], m), m
    )


def pairs_dicts(lines: Sequence[SrrPairLine]) -> list[dict[str, Any]]:
    """The ranking as JSON rows."""
    return [
        {"rank": p.rank, "pair": p.pair, "flight": p.flight, "team": p.team,
         "boards": p.boards, "score": number(p.score), "result": number(p.result)}
        for p in lines
    ]  # fmt: skip
