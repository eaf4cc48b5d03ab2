"""Which game is played: MiniBridge (002:18-46), or HalfBridge where it is known.

HalfBridge is MiniBridge "improved for beginners" by Eiki Shimizu of the JCBL
and differs from it "in two points" (002:12-15), but the seed's list of the
two points is empty (002:16), and so is the list in the English edition of
the same help file.  No public source found describes them, so bridgedesk
offers MiniBridge only and refuses HalfBridge with a message saying why
(docs/practice.md).
"""

from __future__ import annotations

from enum import Enum

from bridgedesk.errors import PracticeError


class Rules(Enum):
    MINIBRIDGE = "minibridge"
    HALFBRIDGE = "halfbridge"

    def check(self) -> None:
        """Raise :class:`PracticeError` for a rule set bridgedesk cannot play."""
        if self is Rules.HALFBRIDGE:
            raise PracticeError(
                "HalfBridge is not available: its two differences from MiniBridge are not "
                "listed in the seed (002:12-16) nor in any source found; use --rules minibridge"
            )

    @classmethod
    def parse(cls, text: str) -> Rules:
        key = text.strip().lower()
        for rules in cls:
            if rules.value == key:
                return rules
        raise PracticeError(f"unknown rules {text!r}: expected minibridge or halfbridge")


__all__ = ["Rules"]
