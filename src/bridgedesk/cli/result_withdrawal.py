"""``bridgedesk result withdraw-pair``: a pair leaves a stored session part way (003:61-73).

Added to the ``result`` group through ``_EXTENSIONS`` of :mod:`bridgedesk.cli`; the
rule is :mod:`bridgedesk.events.withdrawal`, applied by
:func:`bridgedesk.services.rulings.withdraw_pair`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import (
    ByOption,
    DbOption,
    EventArg,
    ReasonOption,
    SectionOption,
    SessionOption,
    pair_name,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.result import app, pair_numbers
from bridgedesk.services.rulings import withdraw_pair


@app.command("withdraw-pair")
def withdraw_pair_command(
    event: EventArg,
    pair: Annotated[
        str, typer.Option("--pair", help="The pair that withdrew: 7, or NS 3 / EW 1 (Mitchell).")
    ],
    from_round: Annotated[
        int,
        typer.Option(
            "--from-round", min=1, max=limit.ROUNDS, help="The first round it did not play."
        ),
    ],
    reason: ReasonOption,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A pair withdrew part way through the session (003:61-73).

    Fewer than half of its boards lost: A- to it and A+ to its opponents on each board
    it did not play (003:65-69).  Half or more lost: the scores it played are removed,
    its opponents' included (003:73): its results are deleted (audited corrections) and
    its slips marked not played, so its opponents are factored up.

    Example: bridgedesk result withdraw-pair "Tuesday pairs" --pair 7 --from-round 5
    --reason "illness"
    """
    side, number = pair_name(pair)
    with open_store(db) as store:
        numbers = pair_numbers(store, event, section, session)
        stored = numbers.named(number, side)
        done = withdraw_pair(store, event, stored, from_round, reason=reason, who=who(by),
                             section=section, session=session)  # fmt: skip
    lost = f"pair {numbers.label(stored)}: {done.lost} of its {done.boards} boards not played"
    if done.removed:
        typer.echo(
            f"{lost}: half or more, so its scores are removed (003:73): "
            f"{len(done.deleted)} result(s) deleted, {len(done.marked)} slip(s) marked not played"
        )
    else:
        typer.echo(
            f"{lost}: A- to it, A+ to its opponents (003:65-69) on {len(done.averages)} slip(s)"
        )
