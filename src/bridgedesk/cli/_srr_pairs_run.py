"""``teams score`` on a team results file: the team play under the mis-seated rule
(any file with ``misseated`` rooms) and, for an SRR teams + pairs flight, the pairs
ranking across flights (:mod:`bridgedesk.results.srr_pairs`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bridgedesk.bridge.methods import Method
from bridgedesk.formats import srr_flight_json
from bridgedesk.results.srr_pairs import (
    corrected_play,
    srr_pairs_ranking,
)
from bridgedesk.results.team_model import TeamEventPlay
from bridgedesk.services.team_scores import SrrPairs

#: ``--pairs-method`` values.
PAIRS_METHODS = {"mp": Method.MP, "butler": Method.BUTLER, "ximp": Method.XIMP}


def read(file: Path, flights: Sequence[Path], method: str) -> tuple[TeamEventPlay, SrrPairs | None]:
    """The file's team play under the mis-seated rule, and for an SRR + pairs flight
    (``"form": "srr-pairs"``, or other flights given) the pair field's ranking."""
    flight = srr_flight_json.load(file)
    play = corrected_play(flight.play, flight.misseats)
    if not flights and flight.play.form != "srr-pairs":
        return play, None
    others = [srr_flight_json.load(p) for p in flights]
    m = PAIRS_METHODS[method]
    return play, SrrPairs(srr_pairs_ranking([flight, *others], m), m)
