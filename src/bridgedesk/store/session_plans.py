"""The movement plan of a stored event of several sessions, recommended and stored in
one call: what ``bridgedesk event movement EVENT --recommend --sessions N`` and the
console's sessions page do (the JCBL one- and multi-section lists, 004:3100-3300,
:func:`bridgedesk.movements.plan.recommend_plan`; the renumbering between sessions
kept by :func:`bridgedesk.store.sessions_repo.store_plan`)."""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.movements.plan import EventPlan, plan_text, recommend_plan
from bridgedesk.store.service import Store
from bridgedesk.store.sessions_repo import StoredPlan, store_plan

__all__ = ["PlanMade", "first_session_pairs", "plan_sessions"]


@dataclass(frozen=True)
class PlanMade:
    """The plan recommended, what the store did with it, and the plan as text."""

    plan: EventPlan
    stored: StoredPlan
    sessions: int

    @property
    def text(self) -> str:
        return plan_text(self.plan)

    @property
    def repeated(self) -> bool:
        """True when sessions beyond the plan's play its sessions again in turn."""
        return self.sessions > len(self.plan.sessions)


def first_session_pairs(store: Store, ref: int | str) -> int:
    """The pairs (not phantoms) entered in the first session, all sections."""
    info = store.event(ref)
    names = [n for number, ns in info.sections if number == 1 for n in ns]
    return sum(
        1
        for name in names
        for e in store.entries(ref, section=name, session=1).values()
        if not e.phantom
    )


def plan_sessions(
    store: Store,
    ref: int | str,
    sessions: int,
    sections: int | None = None,
    rounds: int | None = None,
    pairs: int | None = None,
) -> PlanMade:
    """Recommend the plan for the pairs entered (or ``pairs``) and store it for
    ``sessions`` sessions; refused, changing nothing, once a result is in."""
    count = pairs if pairs is not None else first_session_pairs(store, ref)
    if count < 1:
        raise EntryError(
            "no pairs are entered in the first session: enter them first", code="plan.no-pairs"
        )
    plan = recommend_plan(count, sessions=min(sessions, 2), sections=sections, rounds=rounds)
    return PlanMade(plan, store_plan(store, ref, plan, sessions), sessions)
