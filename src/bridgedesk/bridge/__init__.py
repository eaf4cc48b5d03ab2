"""The rules of the game that every other package uses.

Seats and sides, board numbers with their dealer and vulnerability, contracts and
their duplicate scores, the IMP scale and victory-point scales.  Importing this
package loads nothing but the standard library.
"""

from bridgedesk.bridge.board import (
    BoardInfo,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from bridgedesk.bridge.contract import (
    ALL_CONTRACTS,
    DOUBLINGS,
    STRAINS,
    Contract,
    Doubling,
    Strain,
    check_tricks,
    format_result,
    offset_of,
    parse_result,
    tricks_from_offset,
)
from bridgedesk.bridge.imps import IMP_FLOORS, imp_range, imps
from bridgedesk.bridge.score import (
    ContractResult,
    contract_score,
    is_possible_score,
    results_for_score,
    score_ns,
)
from bridgedesk.bridge.seats import SEATS, Seat, Side
from bridgedesk.bridge.vp import (
    BonusScale,
    TableScale,
    VPScale,
    WBF2013Scale,
    get_scale,
    load_scale_file,
    scale_names,
)

__all__ = [
    "ALL_CONTRACTS",
    "DOUBLINGS",
    "IMP_FLOORS",
    "SEATS",
    "STRAINS",
    "BoardInfo",
    "BonusScale",
    "Contract",
    "ContractResult",
    "Doubling",
    "Seat",
    "Side",
    "Strain",
    "TableScale",
    "VPScale",
    "Vulnerability",
    "WBF2013Scale",
    "board_dealer",
    "board_vulnerability",
    "check_tricks",
    "contract_score",
    "format_result",
    "get_scale",
    "imp_range",
    "imps",
    "is_possible_score",
    "load_scale_file",
    "offset_of",
    "parse_result",
    "results_for_score",
    "scale_names",
    "score_ns",
    "tricks_from_offset",
]
