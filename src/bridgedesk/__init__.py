"""bridgedesk: duplicate contract-bridge tournaments, from movements to masterpoints.

``import bridgedesk`` loads nothing heavy; the packages are imported on purpose:
``bridgedesk.bridge`` (boards, contracts, scores, IMPs, VPs), ``bridgedesk.movements``,
``bridgedesk.scoring``, ``bridgedesk.deals``, ``bridgedesk.formats``,
``bridgedesk.masterpoints``, ``bridgedesk.events``, ``bridgedesk.store``,
``bridgedesk.reports`` and ``bridgedesk.web``.
"""

__version__ = "0.1.0"
