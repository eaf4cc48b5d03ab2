"""What ``masterpoints award`` does with the awards: print them (text or JSON), print
the FMP certificates of a JCBL weekly game, or add them to a ledger CSV."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path

import typer

from bridgedesk.cli._ledger import RULE_VERSIONS, open_ledger
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award
from bridgedesk.masterpoints.jcbl.ranks import FmpCertificate
from bridgedesk.masterpoints.ledger import LedgerEntry
from bridgedesk.masterpoints.ranking import Ranking

MOVEMENTS = ("howell", "mitchell", "team", "individual")


def print_awards(awards: Sequence[Award], as_json: bool, ranking: str | None = None) -> None:
    """The awards as lines, or as the JSON ``record`` reads (with ``ranking``, the digest
    of the stored event's ranking they place, which ``record`` checks is still it)."""
    if as_json:
        rows = [
            {
                "member": a.member,
                "competitor": a.competitor,
                "field": a.field,
                "flight": a.flight,
                "place": a.place,
                "points": str(a.points),
                "colour": a.colour,
                "session": a.session,
                "reason": a.reason,
                **({"ranking": ranking} if ranking else {}),
            }
            for a in awards
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    for a in awards:
        where = " ".join(x for x in (a.field, a.flight or "") if x)
        session = "" if a.session is None else f"s{a.session}"
        typer.echo(
            f"{a.member:>10}  {a.competitor:>5} {where:>4} {a.place:>3} {session:>3}  "
            f"{a.points:>7} {a.colour:<5}  {a.reason}"
        )


def print_certificates(
    awards: Sequence[Award],
    klass: int,
    club: str,
    issued: date,
    movement: str,
    tables: int | None,
    ranking: Ranking,
    names: Mapping[str, str] | None = None,
) -> None:
    """One FMP certificate per award of a weekly game (000:17-54), made out to the
    player by name (``names``: member number -> name, a stored event's entries), else
    by member number."""
    if movement.lower() not in MOVEMENTS:
        raise MasterpointError(
            f"--movement must be Howell, Mitchell, Team or Individual, got {movement!r}"
        )
    if tables is None:  # pairs: two a table
        tables = math.ceil(len(ranking.placings) / 2)
    cards = [
        FmpCertificate(
            issued,
            club,
            (names or {}).get(a.member, a.member),
            a.points,
            klass,
            tables,
            a.place,
            movement=movement,
        ).render()
        for a in awards
    ]
    typer.echo("\n".join(cards), nl=False)


def record_csv(
    path: Path, awards: Sequence[Award], rules: str, event: str, when: date, kind: str
) -> str:
    """Add awards to a ledger CSV: one entry per award, session awards named
    "EVENT (session N)"; a non-member's (joined after the date) is held; an award the
    ledger has already is not added again.  Returns the note to print."""
    entries = [
        LedgerEntry(
            a.member,
            when,
            event if a.session is None else f"{event} (session {a.session})",
            rules,
            RULE_VERSIONS[rules],
            a.points,
            a.colour,
            a.place,
            a.reason,
            a.ranking or kind,
        )
        for a in awards
    ]
    with open_ledger(path, None, write=True) as book:
        done = book.add_awards(entries)
    note = f"recorded {done.recorded + done.held} awards in {path}"
    if done.new_members:
        note += f" ({done.new_members} new member numbers)"
    if done.held:
        note += f", {done.held} held for players not yet members"
    if done.skipped:
        note += f"; {done.skipped} were in the ledger already"
    return note
