"""The use cases: one module per use case, one function per verb (docs/architecture.md).

Each function takes a unit of work (:class:`bridgedesk.store.unit.UnitOfWork`, the
:class:`~bridgedesk.store.service.Store` is one) and returns a value; it reads and
writes through the store's repositories and applies the rules of the floors below
(scoring, results, masterpoints), inside one business transaction.  The command
line and the web app parse what they are given, call one service, and render what
it returns, so they hold no rules of their own and cannot disagree.
"""
