"""The browser app: table terminals (``/t/``), live results (``/e/``), the table JSON
API (``/api/``); ``bridgedesk serve`` runs it (see docs/web.md)."""
