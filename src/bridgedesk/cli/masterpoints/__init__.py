"""``bridgedesk masterpoints``: award tables, awarding an event, the player ledger.

Thin shells: each command parses its options, calls one library function and prints.
``table`` (:mod:`.table`), ``award`` (:mod:`.award`, over
:func:`bridgedesk.masterpoints.request.award_request`), the ledger's reading commands
``statement``, ``ranks``, ``list``, ``annual`` (:mod:`.ledger`) and its writing
commands ``import``, ``record`` (:mod:`.ledger_write`).

Every ``bridgedesk`` command loads this group, so the command modules import the
library, the formats and the store only when a command runs (the one measured
start-up reason for imports inside functions): with them at the top of the command
modules, ``import bridgedesk.cli`` took 206 ms instead of 97 ms (the least of six
runs, 2 shared cores, ``python -X importtime``), and the store (SQLAlchemy) alone adds
about 250 ms.  The helper modules (``_inputs``, ``_output``, ``_tables``, ``_views``)
import at their top.
"""

from __future__ import annotations

from bridgedesk.cli.masterpoints import award, ledger, ledger_write, table
from bridgedesk.cli.masterpoints._app import app

__all__ = ["app", "award", "ledger", "ledger_write", "table"]
