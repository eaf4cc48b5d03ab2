"""Hand-record sheets: the four hands of each board in compass layout, as handed out
after a session (004:4216-4219, HandEdit's printout), with dealer, vulnerability,
high-card points, the double-dummy table and par.

HTML from a Jinja2 template shipped with the package
(``reports/templates/hand_records.html.j2``), 2, 3 or 4 boards per A4 page.  PDF
is the same HTML printed by headless Chromium (the browser the project already
uses for its browser tests), when it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Strain
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.cards import SUITS, Suit, rank_char
from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import catalog, check_language
from bridgedesk.reports.names import seat_name, vulnerability_name
from bridgedesk.reports.templating import environment

_SUIT_CLASS = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


def _hand_view(record: BoardRecord, seat: Seat, void: str) -> dict[str, Any]:
    hand = record.deal[seat]
    return {
        "seat": seat.value,
        "hcp": hand.hcp,
        "suits": [
            {
                "symbol": suit.symbol,
                "cls": _SUIT_CLASS[suit],
                "cards": " ".join("10" if r == 10 else rank_char(r) for r in hand.ranks(suit))
                or void,
            }
            for suit in SUITS
        ],
    }


def board_view(record: BoardRecord, lang: str = "en") -> dict[str, Any]:
    """The values the template shows for one board."""
    _ = catalog(lang).gettext
    deal = record.deal
    vul: Vulnerability = deal.vulnerability
    view: dict[str, Any] = {
        "number": deal.board,
        "dealer": seat_name(deal.dealer, lang),
        "dealer_seat": deal.dealer.value,
        "vul": vulnerability_name(vul, lang),
        "ns_vul": vul.is_vulnerable(Seat.N),
        "ew_vul": vul.is_vulnerable(Seat.E),
        "hands": {s.value: _hand_view(record, s, "—") for s in Seat},
        "dd": None,
        "par": None,
    }
    if record.dd is not None:
        view["dd"] = {
            "strains": [
                {"label": "NT" if s is Strain.NT else s.symbol, "cls": s.name.lower()}
                for s in _DD_STRAINS
            ],
            "rows": [
                {
                    "seat": seat.value,
                    "cells": [record.dd.level(seat, strain) or "–" for strain in _DD_STRAINS],
                }
                for seat in _DD_SEATS
            ],
        }
    if record.par is not None:
        par = record.par
        # a file may give the par score without its contract (PBN OptimumScore alone)
        contracts = (
            ", ".join(str(c) for c in par.contracts)
            if par.contracts
            else (_("Passed out") if par.score == 0 else "")
        )
        view["par"] = {"score": par.optimum_score(), "contracts": contracts}
    return view


def _environment() -> Any:
    return environment()


def render_html(
    records: Sequence[BoardRecord],
    *,
    lang: str = "en",
    per_page: int = 4,
    title: str | None = None,
) -> str:
    """A printable HTML document of hand records, ``per_page`` (2-4) boards per A4 page."""
    check_language(lang)
    if per_page not in (2, 3, 4):
        raise BridgedeskError(
            "boards per page must be 2, 3 or 4, got {per_page}",
            code="hand-records.per-page",
            per_page=per_page,
        )
    boards = [board_view(r, lang) for r in records]
    pages = [boards[i : i + per_page] for i in range(0, len(boards), per_page)]
    template = _environment().get_template("hand_records.html.j2")
    html: str = template.render(
        lang=lang,
        title=title or catalog(lang).gettext("Hand records"),
        pages=pages,
        per_page=per_page,
    )
    return html


def find_chromium() -> str | None:
    """The headless browser used to print PDF: ``$BRIDGEDESK_CHROMIUM`` or chromium on PATH."""
    env = os.environ.get("BRIDGEDESK_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_args(user_data_dir: str) -> list[str]:
    """Flags for a quiet, sandbox-free headless Chromium run."""
    return [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={user_data_dir}",
    ]


def html_to_pdf(html: str, target: Path, *, timeout: float = 120) -> Path:
    """Print ``html`` to ``target`` as PDF with headless Chromium."""
    browser = find_chromium()
    if browser is None:
        raise BridgedeskError(
            "PDF output needs Chromium (apt-get install chromium, as 'make test' "
            "does); or write HTML with --format html and print it from a browser",
            code="pdf.needs-chromium",
        )
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "hand_records.html"
        page.write_text(html, encoding="utf-8")
        profile = Path(tmp) / "profile"
        args = [
            browser,
            *chromium_args(str(profile)),
            "--no-pdf-header-footer",
            f"--print-to-pdf={target.resolve()}",
            page.resolve().as_uri(),
        ]
        subprocess.run(args, check=True, capture_output=True, timeout=timeout)
    if not target.exists():
        raise BridgedeskError(
            "Chromium did not write {target}", code="pdf.not-written", target=target
        )
    return target


__all__ = ["board_view", "chromium_args", "find_chromium", "html_to_pdf", "render_html"]
