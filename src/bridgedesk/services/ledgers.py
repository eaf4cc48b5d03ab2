"""Where a masterpoint ledger is kept: a ledger CSV file (``--ledger``) or the store
(``--db``), opened as one unit of work either way.

The ledger commands read and write through :func:`open_ledger`; ``masterpoints award
--record`` adds awards to a CSV ledger through it
(:mod:`bridgedesk.services.award_requests`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

from bridgedesk.errors import MasterpointError
from bridgedesk.formats import ledger_csv
from bridgedesk.masterpoints.ledger import InMemoryRepository, Ledger
from bridgedesk.store import ledger as ledger_repo
from bridgedesk.store.service import Store

__all__ = ["open_ledger", "parse_day", "read_ledger"]


def parse_day(text: str, option: str = "--date") -> date:
    """A ledger's date (an award's, a statement's), given as YYYY-MM-DD."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise MasterpointError(
            "{option} must be YYYY-MM-DD, got {text!r}",
            code="ledger.bad-date",
            option=option,
            text=text,
        ) from None


@contextmanager
def open_ledger(ledger: Path | None, db: str | None, write: bool = False) -> Iterator[Ledger]:
    """The ledger in a CSV file or in the database, as one unit of work.

    Without ``--ledger`` the ledger is in the database: ``--db``, else
    ``$BRIDGEDESK_DB``, else the default database (as for the event commands).
    There everything happens in one transaction (nothing is written if the command
    fails); with a CSV file and ``write`` the file is rewritten at the end.
    """

    if ledger is not None and db is not None:
        raise MasterpointError(
            "give the ledger once: --ledger FILE.csv or --db DATABASE", code="ledger.twice"
        )
    if ledger is None:
        with Store.open(db) as store, ledger_repo.open_ledger(store, write=write) as book:
            yield book
        return
    assert ledger is not None
    repo = ledger_csv.load(ledger) if ledger.exists() or not write else InMemoryRepository()
    yield Ledger(repo)
    if write:
        try:
            ledger.write_text(ledger_csv.dumps(repo), encoding="utf-8")
        except OSError as exc:
            raise MasterpointError(
                "cannot write ledger {ledger}: {problem}",
                code="ledger.cannot-write",
                ledger=ledger,
                problem=exc.strerror,
            ) from None


def read_ledger(ledger: Path | None, db: str | None) -> Ledger:
    """A snapshot of the whole ledger in memory, read in one transaction (for lists
    over every member, which then need no query per member)."""

    with open_ledger(ledger, db) as book:
        if isinstance(book.repository, InMemoryRepository):
            return book
        repo = InMemoryRepository()
        source = book.repository
        for player in source.players():
            repo.add_player(player)
            for as_of, sp in source.seed_points(player.member).items():
                repo.set_seed_points(player.member, as_of, sp)
        for entry in source.awards():
            repo.add_award(entry)
        for entry in source.pending():
            repo.add_pending(entry)
        return Ledger(repo)
