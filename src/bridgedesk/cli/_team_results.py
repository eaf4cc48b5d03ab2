"""``bridgedesk results EVENT`` for a stored team event (docs/teams.md).

The event is scored as far as its results go
(:func:`bridgedesk.store.team_draws.scored`, the library's
:func:`~bridgedesk.results.teams.score_team_event`) and written by the same
writers as ``bridgedesk teams score``: the standings as text, the JSON
(``{"matches": [...], "standings": [...]}`` and what the reports need),
the CSV files, the PBN of both rooms (with the stored deals), or with
``--out DIR`` the whole report set (standings with the cross-table,
scorecards, team sheets, B-a-M recap, round sheet or bracket, Butler),
``results.json``, ``results.pbn`` and the CSV files.  Rooms still missing mark the results
``PROVISIONAL`` (listed on standard error); ``--final`` refuses them.

An event of several sessions: ``--session N`` gives that session's matches and
standings; without it the whole event (every session added up), whose JSON
lists each session's standings under ``"sessions"`` and whose report set has a
``session-N/`` directory for each.  An SRR teams + pairs event adds the pairs
ranking (004:2649-2655), with the other flights of its field named by
``--flight`` (:mod:`bridgedesk.store.srr_flights`); its team standings follow
the mis-seated rule (``result misseat``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import typer

from bridgedesk.bridge.methods import Method
from bridgedesk.cli._srr_pairs_run import SrrRun
from bridgedesk.cli._teams_run import write
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import team_results_json
from bridgedesk.i18n import catalog
from bridgedesk.results.srr_pairs import Flight, MisSeat, corrected_play, srr_pairs_ranking
from bridgedesk.results.team_model import TeamEventPlay
from bridgedesk.results.team_sessions import rounds_play
from bridgedesk.results.team_settings import TeamForm
from bridgedesk.results.teams import score_team_event
from bridgedesk.store import srr_flights, team_events
from bridgedesk.store.service import Store
from bridgedesk.store.team_results import team_play

__all__ = ["team_results"]


def _missing(lines: Sequence[str], rounds: range | None) -> list[str]:
    if rounds is None:
        return list(lines)
    return [m for m in lines if int(m.split(",")[0].split()[1]) in rounds]


def _in_session(store: Store, f: Flight, session: int) -> Flight:
    """Flight ``f`` (a stored event) cut to its own session ``session``."""
    split = team_events.draw(store, f.name).split
    if split is None:
        raise BridgedeskError(f"flight {f.name!r} is played in one session, not {session}")
    rounds = split.rounds(session)
    misseats = tuple(m for m in f.misseats if m.round in rounds)
    return Flight(f.name, f.tables, rounds_play(f.play, rounds), misseats)


def _srr(
    store: Store, flight: Flight, others: Sequence[str], session: int | None
) -> tuple[TeamEventPlay, SrrRun]:
    """The flight's team play under the mis-seated rule and the pairs ranking of its
    field (each flight's own session ``session`` only, when given)."""
    flights = [flight, *(srr_flights.flight(store, name) for name in others)]
    if session is not None:
        flights = [_in_session(store, f, session) for f in flights]
    play = corrected_play(flights[0].play, _played(flights[0]))
    return play, SrrRun(srr_pairs_ranking(flights, Method.MP), Method.MP)


def _played(f: Flight) -> tuple[MisSeat, ...]:
    """The mis-seated rooms on the boards with results so far (the rest are to come)."""
    boards = {(m.round, m.home): {b.board for b in m.boards} for m in f.play.matches}
    out = []
    for m in f.misseats:
        kept = tuple(b for b in m.boards if b in boards.get((m.round, m.home), set()))
        if kept:
            out.append(replace(m, boards=kept))
    return tuple(out)


def team_results(
    store: Store,
    event: str,
    fmt: str,
    out: Path | None,
    lang: str,
    final: bool,
    session: int | None = None,
    flights: Sequence[str] = (),
) -> None:
    """Score the stored team event and print or write it (module doc)."""
    if fmt not in ("text", "json", "csv", "html", "pbn"):
        raise BridgedeskError(
            f"--format {fmt} is for a pairs event; a team event writes text, json, csv, pbn or html"
        )
    snap = team_play(store, event)
    split = snap.draw.split
    srr = snap.settings.form is TeamForm.SRR_PAIRS
    if flights and not srr:
        raise BridgedeskError("--flight names the other flights of an SRR teams + pairs event")
    rounds = None
    if session is not None and (split is not None or session != 1):
        if split is None:
            raise BridgedeskError(f"event {event!r} is played in one session, not {session}")
        rounds = split.rounds(session)
    flight = srr_flights.flight(store, event, snap) if srr else None
    deals = {b: Deal.from_pbn(text, b) for b, text in store.deals(event).items()}
    missing = _missing(snap.missing, rounds)
    if missing:
        for line in missing:
            typer.echo(f"missing: {line}", err=True)
        count = f"{len(missing)} matches have room results missing"
        if final:
            raise BridgedeskError(
                f"the results cannot be final: {count} (listed above); enter them with "
                "`bridgedesk result team`"
            )
        if fmt == "text":
            typer.echo(f"PROVISIONAL: {count}")
    if out is not None and fmt == "text":
        fmt = "html"  # --out DIR asks for the report set
    if fmt == "html" and out is None:
        out = Path("results")  # as for a pairs event

    def scored(rnds: range | None, k: int | None) -> tuple[Any, SrrRun | None]:
        run = None
        if flight is not None:
            play, run = _srr(store, flight, flights, k)
        else:
            play = snap.play if rnds is None else rounds_play(snap.play, rnds)
        if k is not None:  # every page of a session's reports says which
            play = replace(play, event=replace(play.event, name=f"{play.event.name}, session {k}"))
        return score_team_event(play), run

    whole, run = scored(rounds, session if rounds is not None else None)
    extra: dict[str, Any] = {}
    links: list[tuple[str, str]] = []
    if rounds is not None:
        extra["session"] = session
    elif split is not None:
        parts = [scored(split.rounds(k), k) for k in range(1, split.count + 1)]
        extra["sessions"] = [
            {"session": k, "rounds": [split.rounds(k)[0], split.rounds(k)[-1]],
             "standings": team_results_json.to_dict(ev)["standings"]}
            for k, (ev, _) in enumerate(parts, start=1)
        ]  # fmt: skip
        if fmt == "html":
            assert out is not None
            for k, (ev, part_run) in enumerate(parts, start=1):
                write(ev, fmt, lang, out / f"session-{k}", part_run, deals=deals)
                links.append((f"session-{k}/index.html", f"{catalog(lang).gettext('Session')} {k}"))
    if fmt == "text" and rounds is not None:
        typer.echo(f"session {session} (rounds {rounds[0]}-{rounds[-1]})")
    write(whole, fmt, lang, out, run, deals=deals, json_extra=extra, links=links)
