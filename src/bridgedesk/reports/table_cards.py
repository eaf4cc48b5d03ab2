"""Table cards: one per table, with its code and a QR code that opens its terminal.

The QR code (``segno``) holds the login page's address with the event, section,
table and code filled in; the players tap *Log in*.  Cards are A4 HTML, two to
a page, in the reports' look (printed by ``bridgedesk event tables EVENT --cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

import segno

from bridgedesk.reports.templating import environment
from bridgedesk.store.terminals import TableCode


def login_url(base: str, event: int, code: TableCode) -> str:
    query = urlencode(
        {"event": event, "section": code.section, "table": code.table, "code": code.code}
    )
    return f"{base.rstrip('/')}/t/login?{query}"


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as inline SVG (error correction M, a quiet zone of 4)."""
    svg: str = segno.make(text, error="m").svg_inline(scale=4, title=None)
    return svg


def cards_html(
    event: int,
    event_name: str,
    codes: Sequence[TableCode],
    base: str,
    lang: str = "en",
    warning: str | None = None,
) -> str:
    """The table cards (two an A4 page); ``warning`` is shown on screen above them,
    never printed (an address no phone reaches)."""
    cards = [
        {"code": c, "url": login_url(base, event, c), "qr": qr_svg(login_url(base, event, c))}
        for c in codes
    ]
    template = environment(strict=True).get_template("table_cards.html.j2")
    html: str = template.render(lang=lang, title=event_name, event=event, cards=cards, base=base,
                                          warning=warning)  # fmt: skip
    return html


__all__ = ["cards_html", "login_url", "qr_svg"]
