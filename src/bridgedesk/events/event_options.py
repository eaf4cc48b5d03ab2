"""A stored event's format and scoring options, as one value.

The format (:class:`~bridgedesk.events.pair_formats.PairFormat`: Swiss pairs,
barometer, Houston pairs, or None for an ordinary pairs event), the draw's
pairing, the VP scale of a VP event, and the scoring convention of its
outputs (:mod:`bridgedesk.scoring.options`).  The store keeps it in
``event_options`` (:mod:`bridgedesk.store.event_options`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.pair_formats import PairFormat, Pairing


@dataclass(frozen=True)
class EventOptions:
    """A stored event's format and scoring options (all optional but the convention).

    ``format`` None is an ordinary pairs event (a movement chosen up front);
    ``convention`` names the scoring convention of its outputs
    (:mod:`bridgedesk.scoring.options`).
    """

    format: PairFormat | None = None
    pairing: Pairing | None = None
    vp_scale: str = "wbf2013"
    convention: Convention = Convention.JCBL

    def __post_init__(self) -> None:
        if "/" in self.vp_scale or self.vp_scale.lower().endswith(".json"):
            raise EntryError(
                "--vp-scale {scale!r}: a stored event takes a built-in scale by name "
                "(e.g. wbf2013), not a file",
                code="event.vp-scale-file",
                scale=self.vp_scale,
            )
        get_scale(self.vp_scale)  # an unknown scale is refused here, naming it

    @property
    def draw(self) -> Pairing:
        """The pairing in force (the format's default unless one was chosen)."""
        if self.format is None:
            raise EntryError(
                "an ordinary pairs event has a movement, not a draw", code="event.no-draw"
            )
        return self.pairing or self.format.default_pairing

    def check(self, method: Method) -> None:
        if self.format is not None:
            self.format.check_method(method)
        elif self.pairing is not None:
            raise EntryError(
                "--pairing goes with --format swiss-pairs, barometer or houston",
                code="event.pairing-without-format",
            )
        if self.convention is not Convention.JCBL and method not in self.convention.methods:
            names = ", ".join(m.value for m in self.convention.methods)
            raise EntryError(
                "the convention {convention} is for an event scored by {methods}, not {method}",
                Location(input="convention"),
                code="event.convention-method",
                convention=self.convention.value,
                methods=names,
                method=method.value,
            )


__all__ = ["EventOptions"]
