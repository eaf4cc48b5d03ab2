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
from bridgedesk.bridge.imps import IMP_FLOORS, imp_range, imps
from bridgedesk.bridge.seats import SEATS, Seat, Side

__all__ = [
    "IMP_FLOORS",
    "SEATS",
    "BoardInfo",
    "Seat",
    "Side",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "imp_range",
    "imps",
]
