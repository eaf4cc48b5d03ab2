"""Masterpoints: one module per federation rule set, tables as data files.

* :mod:`bridgedesk.masterpoints.jcbl.weekly` JCBL weekly and series games (000:173-228)
* :mod:`bridgedesk.masterpoints.jcbl.club` JCBL CCG and up, fixed red points (000:230-616)
* :mod:`bridgedesk.masterpoints.jcbl.ranks` ranks, FMP certificates, transfers (000:17-171)
* :mod:`bridgedesk.masterpoints.sbf.tables` SBF award tables A1-F (001:609-1734)
* :mod:`bridgedesk.masterpoints.sbf.rules` SBF general rules, gold, ranking points
* :mod:`bridgedesk.masterpoints.sbf.series` SBF team series B2-B4, E2-E5, G1-G3
* :mod:`bridgedesk.masterpoints.sbf.classes` SBF master classes and stars (001:67-132)
* :mod:`bridgedesk.masterpoints.ranking` the ranking model awards are made on
* :mod:`bridgedesk.masterpoints.award` ``award(ranking, rules, params)``, dispatching to
  :mod:`~bridgedesk.masterpoints.jcbl.award`, :mod:`~bridgedesk.masterpoints.sbf.award`
  and :mod:`~bridgedesk.masterpoints.sbf.award_series`; :mod:`bridgedesk.masterpoints.awards`
  the :class:`Award` they give
* :mod:`bridgedesk.masterpoints.request` an award request: options checked against the
  event, parameters built (what ``bridgedesk masterpoints award`` calls)
* :mod:`bridgedesk.masterpoints.scored` awards of events scored by ``bridgedesk.scoring``
* :mod:`bridgedesk.masterpoints.ledger` the player ledger, statements, MP lists

Nothing here is imported by ``import bridgedesk.masterpoints``; import the module
you need.
"""
