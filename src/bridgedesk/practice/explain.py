"""The sentences that teach: the help at the decisions, the hint, and the review.

Each function takes the plain values of :mod:`~bridgedesk.practice.advice`,
:mod:`~bridgedesk.practice.hint` or :mod:`~bridgedesk.practice.review` and a
:class:`~bridgedesk.practice.words.Words` and returns text; the terminal
and the browser lay the text out, each its own way.  The score sentences
follow the scoring of :mod:`bridgedesk.practice.contract`; the IMP sentence
the team comparison of 002:49-57 (the seed's example: +140 in your room,
-110 for your team-mates in the closed room, +30 points, 1 IMP).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import SUITS
from bridgedesk.practice.advice import ContractHelp, DeclaringHelp, Role, StrainReason
from bridgedesk.practice.contract import MiniContract, ScoreBreakdown
from bridgedesk.practice.hint import Hint
from bridgedesk.practice.play import TRICKS, PlayState
from bridgedesk.practice.review import STRAIN_ORDER, BoardReview, RoomReview
from bridgedesk.practice.words import Words


def contract_text(w: Words, contract: MiniContract) -> str:
    return w.contract(contract.strain, contract.game)


def declaring_lines(w: Words, help: DeclaringHelp) -> list[str]:
    """Who declares and why, and what that means for the person at South."""
    found = help.declaration
    ns = (found.hcp(Seat.N), found.hcp(Seat.S))
    ew = (found.hcp(Seat.E), found.hcp(Seat.W))
    lines = [
        w.say(
            "declaring_totals",
            ns_names=w.side(Side.NS),
            ns_a=ns[0],
            ns_b=ns[1],
            ns=help.totals[Side.NS],
            ew_names=w.side(Side.EW),
            ew_a=ew[0],
            ew_b=ew[1],
            ew=help.totals[Side.EW],
        ),
        w.say("declaring_side", side=w.side(help.side)),
    ]
    declarer, partner = help.declarer, help.dummy
    a, b = found.hcp(declarer), found.hcp(partner)
    key = "declarer_first" if help.by_first else "declarer_more"
    lines.append(w.say(key, declarer=w.seat(declarer), partner=w.seat(partner), a=a, b=b))
    if help.role is Role.DECLARER:
        lines.append(w["role_declarer"])
    elif help.role is Role.PARTNER_DECLARES:
        lines.append(w["role_partner"])
    else:
        lines.append(w.say("role_defender", leader=w.seat(help.leader)))
    return lines


@dataclass(frozen=True)
class OptionRow:
    """One row of the contract choices: the contract, its target and its scores."""

    contract: MiniContract
    name: str
    target: int
    made: int
    overtrick: int
    down_one: int
    suggested: bool


def contract_rows(w: Words, help: ContractHelp) -> list[OptionRow]:
    return [
        OptionRow(
            o.contract,
            contract_text(w, o.contract),
            o.contract.tricks_needed,
            o.made,
            o.overtrick,
            o.down_one,
            o.contract == help.suggestion,
        )
        for o in help.options
    ]


def contract_lines(w: Words, help: ContractHelp) -> list[str]:
    """Points and lengths together, and the rules of thumb's suggestion."""
    lengths = ", ".join(f"{w.strain(Strain(s.value))} {help.lengths[s]}" for s in SUITS)
    lines = [
        w.say("contract_points", points=help.points),
        w.say("contract_lengths", lengths=lengths),
    ]
    fit = help.fit
    if help.strain_reason is StrainReason.NO_FIT or fit is None:
        lines.append(w["thumb_no_fit"])
    elif help.strain_reason is StrainReason.MINOR_FIT_NT:
        lines.append(w.say("thumb_minor_fit_nt", suit=w.suit(fit), points=help.points))
    else:
        key = (
            "thumb_major_fit" if help.strain_reason is StrainReason.MAJOR_FIT else "thumb_minor_fit"
        )
        lines.append(w.say(key, suit=w.suit(fit), count=help.lengths[fit]))
    key = "thumb_game" if help.suggestion.game else "thumb_part"
    lines.append(w.say(key, contract=contract_text(w, help.suggestion)))
    return lines


def target_line(w: Words, declarer: Seat, contract: MiniContract, state: PlayState) -> str:
    """How many tricks each side needs and has so far."""
    side = declarer.side
    needed = contract.tricks_needed
    return w.say(
        "target_line",
        declarers=w.side(side),
        needed=needed,
        have=state.tricks_won(side),
        defenders=w.side(side.other),
        beat=TRICKS + 1 - needed,
        have_def=state.tricks_won(side.other),
    )


def named_line(w: Words, declarer: Seat, contract: MiniContract) -> str:
    """ "East named ♥ game: 10 tricks needed."."""
    return w.say(
        "named_by",
        declarer=w.seat(declarer),
        contract=contract_text(w, contract),
        needed=contract.tricks_needed,
    )


def hint_line(w: Words, hint: Hint) -> str:
    """ "The computer would play ♠K: the top of a sequence ..." with the average it saw."""
    if hint.lead_rule is not None:
        reason = w.say("reason_opening_lead", rule=w[f"lead_{hint.lead_rule.value}"])
    else:
        reason = w[f"reason_{hint.reason.value}"]
    line = w.say("hint_line", card=w.card(hint.card), reason=reason)
    if hint.tricks is not None and hint.layouts:
        line += " " + w.say(
            "hint_average", tricks=hint.tricks, left=hint.left, layouts=hint.layouts
        )
    return line


def result_text(w: Words, breakdown: ScoreBreakdown) -> str:
    """ "made", "made +1" or "down 2"."""
    if not breakdown.made:
        return w.say("down_text", under=breakdown.undertricks)
    if breakdown.overtricks:
        return w.say("made_over", over=breakdown.overtricks)
    return w["made_text"]


def trick_points_text(points: tuple[int, ...]) -> str:
    """``(40, 30, 30)`` as "40 + 2 x 30 = 100"; ``(30, 30)`` as "2 x 30 = 60"."""
    if not points:
        return "0"
    parts: list[str] = []
    rest = list(points)
    if len(set(rest)) > 1:
        parts.append(str(rest.pop(0)))
    if rest:
        parts.append(str(rest[0]) if len(rest) == 1 else f"{len(rest)} x {rest[0]}")
    text = " + ".join(parts)
    return text if len(points) == 1 else f"{text} = {sum(points)}"


def score_line(w: Words, room_name: str, declarer: Seat, room: RoomReview) -> str:
    """How the room's score is made up, in one sentence."""
    b = room.breakdown
    contract = contract_text(w, b.contract)
    if b.made:
        return w.say(
            "score_made",
            room=room_name,
            side=w.side(declarer.side),
            contract=contract,
            tricks=b.tricks,
            points=trick_points_text(b.trick_points),
            bonus=b.bonus,
            bonus_name=w["bonus_game" if b.contract.game else "bonus_part"],
            total=b.total,
        )
    return w.say(
        "score_down",
        room=room_name,
        side=w.side(declarer.side),
        contract=contract,
        needed=b.contract.tricks_needed,
        tricks=b.tricks,
        under=b.undertricks,
        total=-b.total,
        defenders=w.side(declarer.side.other),
    )


def imps_lines(w: Words, review: BoardReview) -> list[str]:
    """The team comparison: your score, your team-mates', the difference, the IMPs."""
    if review.difference == 0:
        return [w["imps_same"]]
    n = abs(review.imps)
    lines = [
        w.say(
            "imps_sentence",
            open=review.open.score_ns,
            team_closed=-review.closed.score_ns,
            difference=review.difference,
            imps=f"{review.imps:+d}",
            s=w.plural(n),
        )
    ]
    low, high = review.imp_band
    if high is None:
        lines.append(w.say("imps_band_top", low=low, imps=n))
    else:
        lines.append(w.say("imps_band", low=low, high=high, imps=n, s=w.plural(n)))
    return lines


def dd_line(w: Words, review: BoardReview) -> str:
    """Declarer's double-dummy tricks in each strain."""
    counts = ", ".join(
        w.say("dd_tricks", strain=w.strain(s), tricks=review.dd_tricks[s]) for s in STRAIN_ORDER
    )
    return f"{w.say('dd_head', declarer=w.seat(review.declarer))}: {counts}."


def par_lines(w: Words, review: BoardReview) -> list[str]:
    """The par contract, explained, and your room against it."""
    par = review.par
    lines = [
        w.say(
            "par_sentence",
            side=w.side(review.declarer.side),
            contract=contract_text(w, par.contract),
            tricks=par.tricks,
            score=par.score_ns,
        )
    ]
    yours = review.open.score_ns
    # above par is better for your side (North-South)
    diff = yours - par.score_ns
    if diff == 0:
        lines.append(w.say("par_equal", score=yours))
    else:
        direction = w["par_above"] if diff > 0 else w["par_below"]
        lines.append(w.say("par_compare", score=yours, diff=abs(diff), direction=direction))
    lines.append(w["par_note"])
    return lines


__all__ = [
    "OptionRow",
    "contract_lines",
    "contract_rows",
    "contract_text",
    "dd_line",
    "declaring_lines",
    "hint_line",
    "imps_lines",
    "named_line",
    "par_lines",
    "result_text",
    "score_line",
    "target_line",
]
