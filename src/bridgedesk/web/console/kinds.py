"""What kind of event a console page is about, so the navigation offers its pages: an
ordinary pairs event (its sessions page), pairs drawn round by round (the draw and
standings), an individual (the players) or a team event (the team pages)."""

from __future__ import annotations

from bridgedesk.store import event_options, team_events
from bridgedesk.store.individuals import individual_event
from bridgedesk.store.service import Store

__all__ = ["INDIVIDUAL", "PAIRS", "ROUNDS", "TEAMS", "event_kind"]

PAIRS = "pairs"
ROUNDS = "rounds"
INDIVIDUAL = "individual"
TEAMS = "teams"


def event_kind(store: Store, event: int) -> str:
    """``pairs``, ``rounds`` (Swiss pairs, barometer, Houston), ``individual`` or ``teams``."""
    if team_events.is_team_event(store, event):
        return TEAMS
    if individual_event(store, event):
        return INDIVIDUAL
    if event_options.is_round_by_round(store, event):
        return ROUNDS
    return PAIRS
