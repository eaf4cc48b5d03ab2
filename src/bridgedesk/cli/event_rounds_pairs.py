"""``bridgedesk event draw`` and ``event options``: Swiss pairs, barometer and Houston
pairs as stored events (004:1505-1515, 004:2589-2602, 004:3369-3374).

``event new NAME --format swiss-pairs|barometer|houston`` creates such an event
(its hook is in :mod:`bridgedesk.cli.event`); ``event round EVENT --next`` (its
hook is in :mod:`bridgedesk.cli.event_tables`) draws
the next round from the standings after the previous one
(:mod:`bridgedesk.events.pair_draw`: no rematch) and adds it to the section's
movement, so that ``result add`` checks each slip against the draw; ``event draw``
prints a round's draw again;
``results EVENT`` prints the standings after each round
(:mod:`bridgedesk.services.publishing`).  ``event options`` shows or changes the
event's format and scoring options (audited).

``event round --next`` (:mod:`bridgedesk.cli.event_tables`) draws a pairs event's next
round with :func:`bridgedesk.services.draws.next_pair_round`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.cli._options import ByOption, DbOption, EventArg, ReasonOption, ScoringOption
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.event import app
from bridgedesk.errors import EntryError
from bridgedesk.events.event_options import EventOptions
from bridgedesk.reports.pair_rounds import draw_lines
from bridgedesk.results.pair_rounds import round_boards
from bridgedesk.services.draws import pair_draws
from bridgedesk.services.event_setup import change_rules
from bridgedesk.store import event_options


@app.command("draw")
def draw_command(
    event: EventArg,
    round_: Annotated[
        int | None,
        typer.Option(
            "--round", min=1, max=limit.ROUNDS, help="The round (default: the last drawn)."
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Print a round's draw of a Swiss pairs, barometer or Houston pairs event.

    The next round is drawn with `bridgedesk event round EVENT --next [--boards N]`.
    Swiss pairs: round 1 by pair number in halves (1 v n/2+1 ...), then by the standings
    after the previous round, 1 v 2, 3 v 4 ... (004:2594); barometer and Houston pairs: a
    round robin (004:3369); `event options --pairing` chooses.  No two pairs meet twice;
    an odd field gives the bye to the lowest-placed pair with the fewest byes.  The next
    round is drawn only when every slip of the previous one is in (or marked not played).

    Example: bridgedesk event draw "Club Swiss" --round 2
    """
    with open_store(db) as store:
        if not event_options.is_round_by_round(store, event):
            raise EntryError(
                "event {event} is not played round by round",
                code="event.not-by-rounds",
                event=event,
            )
        draws = pair_draws(store, event)
        show = round_ if round_ is not None else len(draws)
        if not 1 <= show <= len(draws):
            raise EntryError(
                "round {show} is not drawn yet ({drawn} drawn)",
                code="event.round-not-drawn",
                show=show,
                drawn=len(draws),
            )
        movement = store.movement(event)
        assert movement is not None
        names = {n: e.names for n, e in store.entries(event).items()}
    for line in draw_lines(draws[show - 1], round_boards(movement, show), names):
        typer.echo(line)


@app.command("options")
def options_command(
    event: EventArg,
    fmt: Annotated[
        str | None,
        typer.Option("--format", help="swiss-pairs, barometer, houston, or none (ordinary)."),
    ] = None,
    pairing: Annotated[
        str | None, typer.Option("--pairing", help="standings or round-robin.")
    ] = None,
    vp_scale: Annotated[
        str | None, typer.Option("--vp-scale", help="VP scale of Swiss and Houston pairs.")
    ] = None,
    convention: Annotated[
        str | None,
        typer.Option(
            "--convention",
            help=Convention.help_text() + " Fixed once a result is in.",
        ),
    ] = None,
    scoring: ScoringOption = None,
    reason: ReasonOption = "",
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Show the event's scoring method, format and options, or change them (audited).

    The scoring method and the matchpoint convention are fixed once the first result is
    in (every ranking published since was made by them).

    Example: bridgedesk event options "Tuesday pairs" --convention two-per-comparison
    --reason "EBU-style scores"

    Example: bridgedesk event options "Tuesday pairs" --scoring ximp --reason "cross-IMPs"
    """
    with open_store(db) as store:
        if all(v is None for v in (fmt, pairing, vp_scale, convention, scoring)):
            _print(store.event(event).event.scoring, event_options.options(store, event))
            return
        _, new = change_rules(
            store, event, scoring=scoring, fmt=fmt, pairing=pairing, vp_scale=vp_scale,
            convention=convention, who=who(by), reason=reason,
        )  # fmt: skip
        method = store.event(event).event.scoring
    _print(method, new)


def _print(method: Method, o: EventOptions) -> None:
    typer.echo(f"scoring: {method.value}")
    typer.echo(f"format: {o.format.value if o.format else 'ordinary (a movement)'}")
    if o.format is not None:
        typer.echo(f"pairing: {o.draw.value}")
        typer.echo(f"vp scale: {o.vp_scale}")
    typer.echo(f"scoring convention: {o.convention.value}")
