"""Movements: who sits where, against whom, with which boards, each round.

The JCBL Director Manual (seed 004) is the specification.  Modules:

* :mod:`~bridgedesk.movements.model` - the immutable :class:`Movement` grid;
* :mod:`~bridgedesk.movements.validate` - ``validate(movement)`` lists rule problems;
* :mod:`~bridgedesk.movements.howell` - complete, short / 3/4 and appendix (A/B) Howells;
* :mod:`~bridgedesk.movements.mitchell` - straight, skip, relay, appendix, 1.5-table
  appendix, scrambled and Web Mitchells, the skip formula;
* :mod:`~bridgedesk.movements.rover` - the rover pair;
* :mod:`~bridgedesk.movements.individual` - individual movements;
* :mod:`~bridgedesk.movements.team_of_pairs` - team of pairs for 4 and 5 pairs;
* :mod:`~bridgedesk.movements.interwoven` - two-group cyclic movements: the interwoven
  Howell and the appendix Mitchell of any size, both sessions of a one-section
  two-session game, Howells of fewer rounds than tables;
* :mod:`~bridgedesk.movements.sessions` - two-session sheets, re-numbering between
  sessions (several sections, or one Howell played twice);
* :mod:`~bridgedesk.movements.catalogue` - build a movement by family name;
* :mod:`~bridgedesk.movements.recommend` - choose a movement from pairs, boards and time.

Importing this package loads nothing else; import the module you need.
"""
