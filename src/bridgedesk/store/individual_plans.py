"""The recommended movement of a stored individual event, chosen and stored in one call:
what ``bridgedesk event movement EVENT --recommend`` does for an individual and the
console's players page does (004:1576-1614,
:func:`bridgedesk.movements.recommend_individual.recommend_individual`)."""

from __future__ import annotations

from bridgedesk.movements.individual import individual
from bridgedesk.movements.recommend_individual import recommend_individual
from bridgedesk.store import individuals
from bridgedesk.store.individuals import IndividualApplied
from bridgedesk.store.service import Store

__all__ = ["players_entered", "store_recommended"]


def players_entered(store: Store, ref: int | str, section: str = "A", session: int = 1) -> int:
    """The players (not phantoms) entered in the section."""
    return sum(1 for e in store.entries(ref, section, session).values() if not e.phantom)


def store_recommended(
    store: Store, ref: int | str, section: str = "A", session: int = 1
) -> tuple[IndividualApplied, list[str]]:
    """Store the recommended individual movement for the players entered; what was
    stored and the reasons it was chosen (refused, changing nothing, once a result
    is in or when no movement suits the number of players)."""
    found = recommend_individual(players_entered(store, ref, section, session))
    chosen = found[0]
    movement = individual(
        players_entered(store, ref, section, session),
        rounds=chosen.rounds,
        boards_per_round=chosen.boards_per_round,
    )
    reasons = [f"recommended: {chosen.describe()}"]
    reasons += [f"also listed: {r.describe()}" for r in found[1:]]
    reasons.append("partners change every round: an individual movement, not a pairs one")
    applied = individuals.set_movement(store, ref, movement, section=section, session=session)
    return applied, reasons
