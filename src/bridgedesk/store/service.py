"""The store's façade: what the command line and the web app both call.

:class:`Store` is a :class:`~bridgedesk.store.unit.UnitOfWork` (one engine,
one transaction helper) whose methods are the functions of the store's
modules, each taking the unit of work as its first argument:

* :mod:`~bridgedesk.store.events_repo`: events and entries;
* :mod:`~bridgedesk.store.movements_repo`: movements and deals;
* :mod:`~bridgedesk.store.results_repo`: results as stored;
* :mod:`~bridgedesk.store.corrections`: audited corrections, read back;
* :mod:`~bridgedesk.store.ledger` and :mod:`~bridgedesk.store.analyses`: the
  masterpoint ledger and cached double-dummy analyses.

Slips are entered, corrected, deleted and undone by
:mod:`bridgedesk.services.slips` (one door for every surface, with the
checks of :mod:`bridgedesk.events.slips`).  The director's rulings
(:mod:`~bridgedesk.store.director`), registration
(:mod:`~bridgedesk.store.entries`) and the table terminals
(:mod:`~bridgedesk.store.terminals`) are called as functions with a ``Store``.
Every method is one transaction: it checks, then writes, then commits, or
raises a :class:`~bridgedesk.errors.BridgedeskError` having changed nothing.
Events are named by id or by name (``ref``).
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.store import corrections as corrections_repo
from bridgedesk.store import events_repo, movements_repo, results_repo
from bridgedesk.store.corrections import BoardHistory, Correction
from bridgedesk.store.rows import EventInfo, StoredResult
from bridgedesk.store.unit import UnitOfWork, as_utc, utcnow

__all__ = [
    "BoardHistory",
    "Correction",
    "EventInfo",
    "Store",
    "StoredResult",
    "as_utc",
    "open_store",
    "utcnow",
]


class Store(UnitOfWork):
    """A bridgedesk database.  ``Store.open(db)`` creates or upgrades it."""

    # -- events and entries (store/events_repo.py) ---------------------------------
    create_event = events_repo.create_event
    discard_event = events_repo.discard_event
    events = events_repo.events
    event = events_repo.event
    set_deadline = events_repo.set_deadline
    add_entry = events_repo.add_entry
    entries = events_repo.entries

    # -- movements and deals (store/movements_repo.py) -----------------------------
    set_movement = movements_repo.set_movement
    movement = movements_repo.movement
    check_section = movements_repo.check_section
    set_deal = movements_repo.set_deal
    deals = movements_repo.deals

    # -- results and their corrections, as stored (store/results_repo.py,
    # store/corrections.py); entered and corrected by bridgedesk.services.slips --------
    section_results = results_repo.section_results
    results = results_repo.results
    find_result = results_repo.find_result
    corrections = corrections_repo.corrections
    board_history = corrections_repo.board_history


def open_store(db: str | Path | None = None) -> Store:
    """Open (creating or upgrading) the store at ``db``; see :mod:`bridgedesk.store.db`."""
    return Store.open(db)
