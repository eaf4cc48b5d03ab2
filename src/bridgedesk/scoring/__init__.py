"""Scoring: pure functions over one board's results and over a session.

Modules (import the one you need; none of them reads files):

* :mod:`~bridgedesk.scoring.results` -- the result model (played, adjusted,
  split, weighted, not played; fouled-board groups; penalties).
* :mod:`~bridgedesk.scoring.matchpoints` -- matchpoints with Neuberg, +0.5 or
  ratio factoring, adjusted scores and fouled boards.
* :mod:`~bridgedesk.scoring.imp_pairs` -- cross-IMP, Butler, total points.
* :mod:`~bridgedesk.scoring.session` -- totals, factoring, percentages, ranks,
  sections, multi-session totals, carry-over, flights, Houston VPs.
* :mod:`~bridgedesk.scoring.individual` -- individual events, totals per player.
* :mod:`~bridgedesk.scoring.swiss` -- barometer and Swiss pairs by rounds.
* :mod:`~bridgedesk.scoring.teams` -- IMP matches, VPs, board-a-match,
  McCallum, forfeits, cross-tables.
* :mod:`~bridgedesk.scoring.penalties` -- penalty sizes.
* :mod:`~bridgedesk.scoring.fast` -- the NumPy engine for big one-field events
  (the only module that imports NumPy).
"""
