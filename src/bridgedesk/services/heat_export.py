"""A club's side of a simultaneous event: its heat's results as the organiser takes them,
written to a file or sent to the federation's server (docs/simultaneous.md).

``bridgedesk simultaneous export|upload`` and the club console's "send" form come here.
:func:`heat_of_event` reads the club's stored pairs event (one session, one section) in
one read transaction: its movement, the deals it played, its pairs with their players'
names and member numbers, and every result in force, with NS's score.  :func:`send`
posts it (bridgedesk's heat export, :mod:`bridgedesk.formats.heat_json`) to the
organiser's address with the heat's token; the answer says whether it was stored,
corrected or already there, and a refusal is the server's one line.  Nothing is written
on the club's side.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events.simultaneous import HeatLine, HeatMovement, HeatPair, HeatResults
from bridgedesk.formats import heat_json
from bridgedesk.store import events_repo, movements_repo, results_repo
from bridgedesk.store.unit import UnitOfWork

__all__ = ["Sent", "heat_of_event", "send"]


def heat_of_event(unit: UnitOfWork, event: int | str) -> HeatResults:
    """The club's stored event as a heat (module doc)."""
    with unit.transaction(write=False):
        info = events_repo.event(unit, event)
        if len(info.sections) != 1 or len(info.sections[0][1]) != 1:
            raise EntryError(
                "event {event!r} has several sessions or sections: a heat is one section",
                code="heat.several-sections",
                event=info.event.name,
            )
        grid = movements_repo.movement(unit, event)
        deals = movements_repo.deals(unit, event)
        entries = events_repo.entries(unit, event)
        results = results_repo.results(unit, event)
    lines = []
    for stored in results:
        r = stored.result
        if r.adjusted is not None:
            lines.append(HeatLine(r.board, r.ns, r.ew, adjusted=r.adjusted, round=r.round,
                                  table=r.table))  # fmt: skip
            continue
        lines.append(
            HeatLine(r.board, r.ns, r.ew, r.ns_score, None, r.contract, r.declarer,
                     r.tricks or 0 if r.contract is not None else None, r.round, r.table)
        )  # fmt: skip
    pairs = tuple(
        HeatPair(n, " - ".join(p.name for p in e.players),
                 tuple(p.member for p in e.players if p.member))
        for n, e in sorted(entries.items())
        if not e.phantom
    )  # fmt: skip
    movement = None
    if grid is not None:
        movement = HeatMovement(grid.kind, grid.tables, grid.winners, grid)
    return HeatResults(
        info.event.club, info.event.name, info.event.date, movement, deals, pairs, tuple(lines)
    )


@dataclass(frozen=True)
class Sent:
    """The organiser's answer: ``stored``, ``corrected`` or ``unchanged``, the heat and
    the results it holds."""

    outcome: str
    heat: int
    results: int


def send(heat: HeatResults, url: str, token: str, timeout: float = 60.0) -> Sent:
    """Post the heat to the organiser's ``url`` (``.../api/simultaneous/ID/upload``) with
    the heat's ``token``; the answer, or the server's refusal in one line."""
    if not url.startswith(("http://", "https://")):
        raise EntryError(
            "the organiser's address is http:// or https://..., not {url!r}",
            code="heat.bad-url",
            url=url,
        )
    request = urllib.request.Request(
        url, data=heat_json.dumps(heat).encode("utf-8"), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            data = json.loads(answer.read().decode("utf-8"))
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read().decode("utf-8")).get("error", exc.reason)
        except (ValueError, UnicodeDecodeError, AttributeError):
            said = exc.reason
        raise BridgedeskError(
            "the organiser refused the heat ({status}): {answer}",
            code="heat.refused",
            status=exc.code,
            answer=said,
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise BridgedeskError(
            "cannot reach the organiser at {url}: {reason}; send the file instead "
            "(`bridgedesk simultaneous export`)",
            code="heat.unreachable",
            url=url,
            reason=reason,
        ) from None
    return Sent(str(data.get("outcome", "")), int(data.get("heat", 0)), int(data.get("results", 0)))
