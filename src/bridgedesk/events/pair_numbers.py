"""The numbers players know their pairs by: one numbering on cards, slips and results.

A two-field movement (a Mitchell and its kin) numbers each field from 1: "each
pair, NS and EW alike, takes the number of the table it first sits at, so one NS
and one EW pair share each number" (004:968-980; Figs 9-11 and the Mitchell
traveller of Fig 16 print EW 1-9).  The store needs one number per pair in a
section, so it keeps EW pair *n* as ``n + offset`` (the "through" numbering the
manual also allows, EW 10-18, 004:1224-1226; :mod:`bridgedesk.events.adapters`).

:class:`PairNumbers` translates between the two, and is the one place that does:

* what a player sees: ``NS 3``, ``EW 1``, or ``7`` in a one-field movement
  (:meth:`PairNumbers.label`), on guide cards, pick-up slips, travellers, rankings
  and in every refusal of a slip;
* what a player types: ``--ns 1 --ew 1`` at table 1 of a Mitchell means NS 1 and
  EW 1 (:meth:`PairNumbers.entered`).  The through number (``--ew 10``) names the
  same pair, as the manual's 32-pair traveller prints both (004:457-470: rows
  17-32 beside E-W 1-16), so slips written either way are read.

A section whose fields share numbers (a scrambled Mitchell with arrow switches,
numbered "through NS and EW", 004:1086) or a one-field movement keeps one
number per pair, printed as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bridgedesk.bridge import Side
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.seating import SeatingPlan, seats

__all__ = ["PairNumbers"]

#: How many movements' numberings are kept before they are all forgotten.
_KEEP = 64


@dataclass(frozen=True)
class PairNumbers:
    """A section's pairs as players number them (module doc).

    ``fields`` maps each stored pair number of a two-field section to its field and
    its number in that field; it is empty when the section has one numbering.
    """

    fields: Mapping[int, tuple[Side, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, movement: SeatingPlan | None) -> PairNumbers:
        """The numbering of a section's movement (none, or one field: numbers as stored).

        Worked out once per movement object: the store parses a stored movement once
        per process, and every slip checked against it asks."""
        if movement is None or movement.winners != 2:
            return cls()
        known = _KNOWN.get(id(movement))
        if known is not None and known[0] is movement:
            return known[1]
        found = cls._of(movement)
        if len(_KNOWN) >= _KEEP:  # many movements seen (tests, a long-lived server): again
            _KNOWN.clear()
        _KNOWN[id(movement)] = (movement, found)  # the movement kept: its id stays its own
        return found

    @classmethod
    def _of(cls, movement: SeatingPlan) -> PairNumbers:
        ns: set[int] = set()
        ew: set[int] = set()
        for _, _, a in seats(movement):
            ns.add(a.ns)
            ew.add(a.ew)
        if not ns or not ew or ns & ew or min(ew) <= max(ns):
            return cls()  # the fields share numbers: printed as they are stored
        offset = min(ew) - 1
        found = {n: (Side.NS, n) for n in ns}
        found.update({n: (Side.EW, n - offset) for n in ew})
        return cls(found)

    @property
    def two_fields(self) -> bool:
        return bool(self.fields)

    def field_of(self, pair: int) -> tuple[Side, int] | None:
        """The pair's field and its number there, when the section numbers fields apart."""
        return self.fields.get(pair)

    def number(self, pair: int) -> int:
        """The number a player knows: its number in its field (``EW 1`` -> 1)."""
        found = self.fields.get(pair)
        return pair if found is None else found[1]

    def label(self, pair: int, side: Side | None = None) -> str:
        """``NS 3`` / ``EW 1`` in a two-field section; else ``7``, or ``NS 7`` when
        ``side`` says where the pair sat."""
        found = self.fields.get(pair)
        if found is not None:
            return f"{found[0].value} {found[1]}"
        return str(pair) if side is None else f"{side.value} {pair}"

    def stored(self, side: Side, typed: int) -> int:
        """The stored number of the pair a player names as ``side`` ``typed``: the
        field's own number (EW 1) or the through number (EW 10), both read."""
        if not self.fields:
            return typed
        for pair, (where, number) in self.fields.items():
            if where is side and number == typed:
                return pair
        return typed

    def named(self, pair: int, side: Side | None = None, option: str = "pair") -> int:
        """The stored number of the pair a director names on its own (a penalty, a
        withdrawal): ``EW 1`` (``side`` given) as :meth:`stored`; a bare number where
        the fields are numbered apart names one pair only when it is not a number of
        both fields (a through number such as ``10``); ``3`` of a Mitchell is NS 3 or
        EW 3, refused so that the wrong pair is never penalised."""
        if side is not None:
            return self.stored(side, pair)
        found = set(self.fields.values())
        if (Side.NS, pair) in found and (Side.EW, pair) in found:
            raise EntryError(
                "pair {pair} is NS {pair} or EW {pair} in this section (its fields are "
                "numbered apart): name it as NS {pair} or EW {pair}",
                Location(input=option),
                code="pair.which-field",
                pair=pair,
            )
        return pair

    def entered(self, ns: int, ew: int) -> tuple[int, int]:
        """A slip's ``NS`` and ``EW`` numbers as typed, as the store numbers them."""
        return self.stored(Side.NS, ns), self.stored(Side.EW, ew)

    def seated(self, ns: int, ew: int) -> str:
        """``NS 1 v EW 1``: a table's pairs as a slip names them."""
        return f"{self.label(ns, Side.NS)} v {self.label(ew, Side.EW)}"


#: Numberings worked out, by the id of their movement (kept with it).
_KNOWN: dict[int, tuple[SeatingPlan, PairNumbers]] = {}
