"""``bridgedesk masterpoints``: award tables, awarding an event, the player ledger.

The group is :mod:`._app`'s ``app``; each command module adds its commands to it and
is imported only when one of them runs (``_EXTENSIONS`` of :mod:`bridgedesk.cli`):
``table`` (:mod:`.table`), ``award`` (:mod:`.award`, over
:func:`bridgedesk.services.award_requests.award`), the ledger's reading commands
``statement``, ``ranks``, ``list``, ``annual`` (:mod:`.ledger`) and its writing
commands ``import``, ``record`` (:mod:`.ledger_write`).  Each parses its options,
calls the services and prints; the helper modules (``_inputs``, ``_options``,
``_tables``, ``_views``) hold what several of them share.
"""
