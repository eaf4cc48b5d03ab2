"""``bridgedesk masterpoints``: award tables, awarding an event, the player ledger.

Thin shells: each command parses its options, calls one library function and prints.
``table`` (:mod:`.table`), ``award`` (:mod:`.award`, over
:func:`bridgedesk.masterpoints.request.award_request`), the ledger's reading commands
``statement``, ``ranks``, ``list``, ``annual`` (:mod:`.ledger`) and its writing
commands ``import``, ``record`` (:mod:`.ledger_write`).

The store (SQLAlchemy) is imported only by the commands that open it: importing it
costs about 250 ms (measured on 2 cores: ``import bridgedesk.cli`` then
``bridgedesk.store.service``), paid otherwise by every ``bridgedesk`` command.
"""

from __future__ import annotations

from bridgedesk.cli.masterpoints import award, ledger, ledger_write, table
from bridgedesk.cli.masterpoints._app import app

__all__ = ["app", "award", "ledger", "ledger_write", "table"]
