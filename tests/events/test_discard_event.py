"""Discarding an event (a demo that did not finish) leaves nothing that names it.

Every table of the store with an ``event_id`` or ``section_id`` column is looked
at, so a table added later is checked too: before the fix, rulings, the
director's audit, disputes, table codes and tokens and round controls stayed
behind, and a later event stored under the same id would have inherited them.
"""

from __future__ import annotations

from pathlib import Path

from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips
from bridgedesk.store import disputes, terminals
from bridgedesk.store.base import Base
from bridgedesk.store.service import Store
from bridgedesk.store.table_codes import login


def _naming(db: Path) -> dict[str, int]:
    """Rows per table that carry an event or section id."""
    rows = dump(db)
    counts: dict[str, int] = {}
    for table in Base.metadata.sorted_tables:
        keys = {c.name for c in table.columns} & {"event_id", "section_id"}
        if keys:
            counts[table.name] = len(rows.get(table.name, []))
    return counts


def test_nothing_of_a_discarded_event_stays(cli: Cli, mitchell: GridMovement) -> None:
    with mitchell_event(cli.db, mitchell) as store:
        a = mitchell.assignment(1, 1)
        assert a is not None
        rid = slips.enter(store, 1, make_result(round=1, table=1, board=a.boards[0], ns=a.ns,
                                              ew=a.ew, contract="3NT", declarer="N",
                                              result="="))  # fmt: skip
        codes = terminals.table_codes(store, 1)
        login(store, 1, codes[0].section, codes[0].table, codes[0].code)
        disputes.raise_dispute(store, 1, rid, who="table A1")
    cli("result", "penalty", EVENT, "--pair", "NS 2", "--mp", "1", "--reason", "slow play")
    cli("event", "round", EVENT, "2", "hold")
    made = _naming(cli.db)
    for table in ("rulings", "director_audit", "disputes", "table_codes", "table_tokens",
                  "round_controls", "results", "entries"):  # fmt: skip
        assert made[table] > 0, table
    with Store.open(cli.db) as store:
        store.discard_event(1)
    left = {name: n for name, n in _naming(cli.db).items() if n}
    assert left == {}
