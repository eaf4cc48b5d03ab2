"""A pair withdrawing part way through a session (003:61-73), on a stored section.

003:65-69: for every board a pair could not play within the time because it
arrived late or withdrew, the offending pair scores average-minus and its
opponents average-plus.  003:73: "in a pair event, when half or more of a
session's boards could not be played, the scores that were played are removed,
the opponents' scores included" -- the pair leaves the session's ranking, and
its opponents are factored up over the boards they did play (004:1292-1296).

:func:`plan_withdrawal` decides which of the two the count calls for, and
:func:`bridgedesk.services.rulings.withdraw_pair` applies it in one
transaction, through the tools the director already has, so that every step
is audited and can be undone one by one:

* fewer than half of the pair's boards lost: each of its slips from the round
  it withdrew in gets an adjusted result, A- for the pair and A+ for its
  opponents (``result add`` would store the same);
* half or more lost: each result it played is deleted by an audited correction
  (``result undo`` puts one back), and each of its slips is marked not played
  (``result cancel`` takes a mark back);

and one line of the director's audit log (``withdraw-pair``) records what was
done and why.  "The session's boards" of a pair are the boards its movement
gives it (its phantom tables left out).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.rulings import NotPlayed, Slip, expected_slips
from bridgedesk.events.seating import SeatingPlan

__all__ = ["WithdrawalPlan", "average_slip", "plan_withdrawal"]


@dataclass(frozen=True)
class WithdrawalPlan:
    """What a withdrawal does: the pair's ``boards`` in the movement, the ``lost`` ones,
    whether its scores are ``removed`` (003:73: the results it played deleted, the
    slips in ``marked`` marked not played) or ``averages`` given on its lost slips
    (003:65-69)."""

    boards: int
    lost: int
    removed: bool
    averages: tuple[Slip, ...] = ()
    marked: tuple[Slip, ...] = ()


def plan_withdrawal(
    pair: int,
    from_round: int,
    section: str,
    movement: SeatingPlan | None,
    entries: Mapping[int, Entry],
    rounds_played: Iterable[int],
    marks: Iterable[NotPlayed],
) -> WithdrawalPlan:
    """Pair ``pair`` played no board from round ``from_round`` on; ``rounds_played``:
    the rounds of its results in force, ``marks`` the section's not-played marks."""
    if movement is None:
        raise EntryError(
            "section {section} has no movement yet: nothing to withdraw from",
            code="withdrawal.no-movement-yet",
            section=section,
        )
    entry = entries.get(pair)
    if entry is None or entry.phantom:
        if entry is not None:
            raise EntryError(
                "pair {pair} is the phantom in section {section}",
                code="withdraw.phantom",
                pair=pair,
                section=section,
            )
        raise EntryError(
            "pair {pair} is not entered in section {section}",
            code="withdraw.not-entered",
            pair=pair,
            section=section,
        )
    if not 1 <= from_round <= movement.rounds:
        raise EntryError(
            "round {round} does not exist: the movement has rounds 1-{rounds}",
            code="result.no-such-round",
            round=from_round,
            rounds=movement.rounds,
        )
    slips = [x for x in expected_slips(movement, entries) if pair in (x.ns, x.ew)]
    if not slips:
        raise EntryError(
            "the movement gives pair {pair} no board to play", code="withdraw.no-boards", pair=pair
        )
    late = sorted({rnd for rnd in rounds_played if rnd >= from_round})
    if late:
        raise EntryError(
            "pair {pair} has results in round {round}: it played on; withdraw it "
            "from a later round, or delete those results first",
            code="withdraw.played-on",
            pair=pair,
            round=late[0],
        )
    marked = {(m.round, m.table, m.board) for m in marks}
    lost = [x for x in slips if x.round >= from_round]
    if 2 * len(lost) >= len(slips):
        to_mark = tuple(x for x in slips if (x.round, x.table, x.board) not in marked)
        return WithdrawalPlan(len(slips), len(lost), True, marked=to_mark)
    averages = tuple(x for x in lost if (x.round, x.table, x.board) not in marked)
    return WithdrawalPlan(len(slips), len(lost), False, averages=averages)


def average_slip(x: Slip, pair: int, section: str, session: int) -> Result:
    """The artificial score of a lost slip: A- to the withdrawn pair, A+ to its
    opponents (003:65-69)."""
    score = "A-/A+" if x.ns == pair else "A+/A-"
    return make_result(round=x.round, table=x.table, board=x.board, ns=x.ns, ew=x.ew,
                       adjusted=score, section=section, session=session)  # fmt: skip
