"""``bridgedesk results EVENT`` for Swiss pairs, barometer and Houston pairs events:
the standings after each round (:mod:`bridgedesk.results.pair_rounds`).

``--format text`` prints them; ``json`` prints (or with ``--out`` writes)
``results.json``; ``html`` writes ``index.html`` (the standings after each
round, the latest first), ``results.json`` and ``standings.txt`` into ``--out``.
While a slip is missing the standings are marked provisional and the missing
slips listed on standard error; ``--final`` then refuses (004:3838-3846).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from bridgedesk.cli._paths import output_dir
from bridgedesk.errors import BridgedeskError
from bridgedesk.reports.pair_rounds import rounds_html, rounds_text, to_dict
from bridgedesk.store import pair_rounds
from bridgedesk.store.service import Store


def run(store: Store, event: str, fmt: str, out: Path | None, lang: str, final: bool) -> None:
    """Print or write the event's standings after each round (see module doc)."""
    if fmt not in ("text", "json", "html"):
        raise BridgedeskError(f"a round-by-round event's results are text, json or html, not {fmt}")
    result = pair_rounds.standings(store, event)
    for slip in result.missing:
        typer.echo(f"missing slip: {slip}", err=True)
    if final and result.missing:
        raise BridgedeskError(
            f"the results cannot be final: {len(result.missing)} slip(s) missing (listed "
            "above); enter them, or mark a board not played with `bridgedesk result not-played`"
        )
    text = rounds_text(result, lang)
    data = json.dumps(to_dict(result), ensure_ascii=False, indent=2) + "\n"
    if fmt == "text":
        typer.echo(text, nl=False)
        return
    if fmt == "json" and out is None:
        typer.echo(data, nl=False)
        return
    target = output_dir(out if out is not None else Path("results"))
    files = {"results.json": data}
    if fmt == "html":
        files = {"index.html": rounds_html(result, lang), **files, "standings.txt": text}
    for name, content in files.items():
        path = target / name
        path.write_text(content, encoding="utf-8")
        typer.echo(str(path))
