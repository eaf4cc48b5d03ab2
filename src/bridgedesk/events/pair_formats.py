"""Pair events played round by round: Swiss pairs, barometer and Houston pairs.

JCBL Director Manual 004:1505-1515, 004:2589-2602 and the Houston list
004:3369-3374:

``swiss-pairs``
    Each round a pair meets one opponent for six boards or more; every table
    plays the same boards, which are scored across the field after the round,
    and the pairs close in the standings meet in the next round, 1 v 2, 3 v 4
    ... "as in Swiss teams" (004:1507-1511, 004:2591-2595).  A round is worth
    VPs, from the pair's matchpoint percentage (``--scoring mp``) or from its
    IMPs against the datum (``--scoring butler``), 004:2595.
``barometer``
    Every table plays the same boards in each round and the standings are
    published after every round (004:1513); the opponents follow a fixed
    schedule, scored by the event's method (matchpoints by default).
``houston``
    Houston trial pairs: six boards or more against one opponent, each board
    compared with the datum (the average after the top and bottom scores are
    dropped), IMPs converted to VPs a round (004:1388-1444, 004:2598-2602); the
    JCBL plays it as a pair round robin with every table on the same boards
    ("barometer method", 004:3369-3374).  Always Butler-scored.

The draw (:mod:`bridgedesk.events.pair_draw`) is by the standings after the
previous round (``standings``, the default of Swiss pairs) or a round robin
(``round-robin``, the default of the barometer and Houston pairs).  Either way
no two pairs meet twice.
"""

from __future__ import annotations

from enum import Enum

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import EntryError
from bridgedesk.events.model import parse_enum
from bridgedesk.i18n import either, lazy_pgettext


class PairFormat(Enum):
    SWISS_PAIRS = "swiss-pairs"
    BAROMETER = "barometer"
    HOUSTON = "houston"

    @classmethod
    def parse(cls, text: str) -> PairFormat:
        return parse_enum(cls, text, lazy_pgettext("choice", "event format"))

    @property
    def has_vps(self) -> bool:
        """Swiss and Houston pairs turn each round into VPs; a barometer adds its points."""
        return self is not PairFormat.BAROMETER

    @property
    def default_pairing(self) -> Pairing:
        return Pairing.STANDINGS if self is PairFormat.SWISS_PAIRS else Pairing.ROUND_ROBIN

    def check_method(self, method: Method) -> None:
        """Refuse a scoring method the format cannot use."""
        allowed = {
            PairFormat.SWISS_PAIRS: (Method.MP, Method.BUTLER),
            PairFormat.HOUSTON: (Method.BUTLER,),
            PairFormat.BAROMETER: (Method.MP, Method.XIMP, Method.BUTLER, Method.TOTAL),
        }[self]
        if method not in allowed:
            names = either([m.value for m in allowed])
            raise EntryError(
                "a {event_format} event is scored by --scoring {names}, not {method}",
                code="event.format-method",
                event_format=self.value,
                names=names,
                method=method.value,
            )


class Pairing(Enum):
    """How the next round's opponents are found."""

    STANDINGS = "standings"
    ROUND_ROBIN = "round-robin"

    @classmethod
    def parse(cls, text: str) -> Pairing:
        return parse_enum(cls, text, lazy_pgettext("choice", "pairing"))


#: Boards a round when the director names none: "six boards or more" (004:2591, 004:2600).
DEFAULT_BOARDS_PER_ROUND = 6


__all__ = ["DEFAULT_BOARDS_PER_ROUND", "PairFormat", "Pairing"]
