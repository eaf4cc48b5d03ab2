"""The sentences that teach: the help at the decisions, the hint, and the review.

Each function takes the plain values of :mod:`~bridgedesk.practice.advice`,
:mod:`~bridgedesk.practice.hint` or :mod:`~bridgedesk.practice.review` and the
:class:`~bridgedesk.practice.words.Words` of the person's language and returns
text, every sentence a message of the catalogs; the terminal and the browser
lay the text out, each its own way.  The score sentences follow the scoring
of :mod:`bridgedesk.practice.contract`; the IMP sentence the team comparison
of 002:49-57 (the seed's example: +140 in your room, -110 for your team-mates
in the closed room, +30 points, 1 IMP).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import SUITS
from bridgedesk.i18n import LazyText, format_decimal, lazy_gettext
from bridgedesk.practice.advice import ContractHelp, DeclaringHelp, Role, StrainReason
from bridgedesk.practice.contract import MiniContract, ScoreBreakdown
from bridgedesk.practice.hint import Hint, HintReason
from bridgedesk.practice.lead import LeadRule
from bridgedesk.practice.play import TRICKS, PlayState
from bridgedesk.practice.review import STRAIN_ORDER, BoardReview, RoomReview
from bridgedesk.practice.words import Words

#: Why the computer plays a card, as a teacher says it (the hint's reason).
REASONS: dict[HintReason, LazyText] = {
    HintReason.ONLY_CARD: lazy_gettext("it is the only card you can play"),
    HintReason.EQUAL_CARDS: lazy_gettext("all your playable cards do the same; play the lowest"),
    HintReason.DRAW_TRUMPS: lazy_gettext("draw trumps, so the opponents cannot trump your winners"),
    HintReason.CASH_WINNER: lazy_gettext("it is the highest card left in its suit: take the trick"),
    HintReason.LONG_SUIT: lazy_gettext("lead your long suit to set up its small cards"),
    HintReason.LEAD: lazy_gettext("the lead that does best on average"),
    HintReason.PARTNER_WINS: lazy_gettext("partner is winning the trick: play low"),
    HintReason.WIN_CHEAPLY: lazy_gettext("you play last: win as cheaply as you can"),
    HintReason.SECOND_HAND_LOW: lazy_gettext("second hand low: keep your high cards for later"),
    HintReason.THIRD_HAND_HIGH: lazy_gettext("third hand high: try to win the trick for your side"),
    HintReason.CANNOT_WIN: lazy_gettext("you cannot win this trick: play your lowest card"),
    HintReason.FOLLOW: lazy_gettext("follow suit with the card that does best on average"),
    HintReason.RUFF: lazy_gettext("you cannot follow suit: trump it"),
    HintReason.DISCARD: lazy_gettext("you cannot follow suit: throw away a card you do not need"),
}
#: The opening-lead conventions a beginners' class teaches (:mod:`~bridgedesk.practice.lead`).
LEAD_RULES: dict[LeadRule, LazyText] = {
    LeadRule.SEQUENCE: lazy_gettext("the top of a sequence (K from K-Q-J)"),
    LeadRule.TOUCHING_HONOURS: lazy_gettext(
        "the top of two touching honours (A from A-K, K from K-Q)"
    ),
    LeadRule.ACE: lazy_gettext("against a trump contract lead the ace rather than away from it"),
    LeadRule.SINGLETON: lazy_gettext("a singleton: you may ruff the suit later"),
    LeadRule.DOUBLETON: lazy_gettext("the top of a doubleton"),
    LeadRule.FOURTH_BEST: lazy_gettext("the fourth highest of your long suit (fourth best)"),
    LeadRule.LOW_FROM_HONOUR: lazy_gettext("low from three cards to an honour"),
    LeadRule.TOP_OF_NOTHING: lazy_gettext("the top of three small cards"),
    LeadRule.TRUMP: lazy_gettext("a low trump, to cut down declarer's ruffs"),
}


def contract_text(w: Words, contract: MiniContract) -> str:
    return w.contract(contract.strain, contract.game)


def declaring_lines(w: Words, help: DeclaringHelp) -> list[str]:
    """Who declares and why, and what that means for the person at South."""
    found = help.declaration
    lines = [
        w._(
            "{ns_names} announced {ns_a} + {ns_b} = {ns} points; {ew_names} {ew_a} + {ew_b} = {ew}."
        ).format(
            ns_names=w.side(Side.NS),
            ns_a=found.hcp(Seat.N),
            ns_b=found.hcp(Seat.S),
            ns=help.totals[Side.NS],
            ew_names=w.side(Side.EW),
            ew_a=found.hcp(Seat.E),
            ew_b=found.hcp(Seat.W),
            ew=help.totals[Side.EW],
        ),
        w._("The side with more points (21 or more of the 40) declares: {side}.").format(
            side=w.side(help.side)
        ),
    ]
    declarer, partner = w.seat(help.declarer), w.seat(help.dummy)
    a, b = found.hcp(help.declarer), found.hcp(help.dummy)
    if help.by_first:
        why = w._(
            "{declarer} and {partner} have {a} points each; {declarer} announced first, "
            "so {declarer} is declarer."
        )
    else:
        why = w._(
            "{declarer} has more points than {partner} ({a} against {b}), so {declarer} "
            "is declarer and {partner} is dummy."
        )
    lines.append(why.format(declarer=declarer, partner=partner, a=a, b=b))
    if help.role is Role.DECLARER:
        lines.append(
            w._(
                "You are declarer: after seeing dummy you name the contract, and you play "
                "dummy's cards as well as your own."
            )
        )
    elif help.role is Role.PARTNER_DECLARES:
        lines.append(
            w._(
                "Your partner declares; here you take declarer's part: you name the contract "
                "after seeing North's cards and play both hands."
            )
        )
    else:
        lines.append(
            w._(
                "You defend, with North (the computer) as partner. {leader} leads first: the "
                "player on declarer's left. Dummy's cards lie face up for everyone from the start."
            ).format(leader=w.seat(help.leader))
        )
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
        w._("You and dummy have {points} points together.").format(points=help.points),
        w._("Cards together in each suit: {lengths}.").format(lengths=lengths),
    ]
    fit = help.fit
    if help.strain_reason is StrainReason.NO_FIT or fit is None:
        lines.append(
            w._("Rule of thumb: no suit with 8 cards or more together: play in no trumps.")
        )
    elif help.strain_reason is StrainReason.MINOR_FIT_NT:
        lines.append(
            w._(
                "Rule of thumb: you have a fit in {suit}, but with {points} points 9 tricks "
                "in no trumps are easier than 11 in a minor."
            ).format(suit=w.suit(fit), points=help.points)
        )
    elif help.strain_reason is StrainReason.MAJOR_FIT:
        lines.append(
            w._(
                "Rule of thumb: {count} {suit} together make a fit (8 or more), and a major: "
                "play with {suit} as trumps."
            ).format(suit=w.suit(fit), count=help.lengths[fit])
        )
    else:
        lines.append(
            w._(
                "Rule of thumb: {count} {suit} together make a fit (8 or more): play with "
                "{suit} as trumps."
            ).format(suit=w.suit(fit), count=help.lengths[fit])
        )
    if help.suggestion.game:
        thumb = w._("With 25 points or more together (29 for a minor) try for a game: {contract}.")
    else:
        thumb = w._(
            "With fewer than 25 points together (29 for a minor) a part score is safer: {contract}."
        )
    lines.append(thumb.format(contract=contract_text(w, help.suggestion)))
    return lines


def target_line(w: Words, declarer: Seat, contract: MiniContract, state: PlayState) -> str:
    """How many tricks each side needs and has so far."""
    side = declarer.side
    needed = contract.tricks_needed
    return w._(
        "{declarers} need {needed} tricks and have {have}; {defenders} need {beat} to defeat "
        "the contract and have {have_def}."
    ).format(
        declarers=w.side(side),
        needed=needed,
        have=state.tricks_won(side),
        defenders=w.side(side.other),
        beat=TRICKS + 1 - needed,
        have_def=state.tricks_won(side.other),
    )


def named_line(w: Words, declarer: Seat, contract: MiniContract) -> str:
    """ "East named ♥ game: 10 tricks needed."."""
    return w._("{declarer} named {contract}: {needed} tricks needed.").format(
        declarer=w.seat(declarer),
        contract=contract_text(w, contract),
        needed=contract.tricks_needed,
    )


def hint_line(w: Words, hint: Hint) -> str:
    """ "The computer would play ♠K: the top of a sequence ..." with the average it saw."""
    if hint.lead_rule is not None:
        reason = LEAD_RULES[hint.lead_rule].in_(w.lang)
    else:  # an opening lead follows a rule; without one, it is the best on average
        reason = REASONS.get(hint.reason, REASONS[HintReason.LEAD]).in_(w.lang)
    line = w._("The computer would play {card}: {reason}").format(
        card=w.card(hint.card), reason=reason
    )
    if hint.tricks is not None and hint.layouts:
        tricks = format_decimal(Decimal(f"{hint.tricks:.1f}"), w.lang, 1)
        line += " " + w._(
            "(your side takes {tricks} of the {left} tricks left, on average over {layouts} "
            "layouts of the hidden cards)"
        ).format(tricks=tricks, left=hint.left, layouts=hint.layouts)
    return line


def result_text(w: Words, breakdown: ScoreBreakdown) -> str:
    """ "made", "made +1" or "down 2"."""
    if not breakdown.made:
        return w._("down {under}").format(under=breakdown.undertricks)
    if breakdown.overtricks:
        return w._("made +{over}").format(over=breakdown.overtricks)
    return w._("made")


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


def room_names(w: Words) -> tuple[str, str]:
    """The two rooms as the review names them: yours (open), the computer's (closed)."""
    return w._("Your room (open)"), w._("Closed room (computer)")


def score_line(w: Words, room_name: str, declarer: Seat, room: RoomReview) -> str:
    """How the room's score is made up, in one sentence."""
    b = room.breakdown
    contract = contract_text(w, b.contract)
    if b.made:
        bonus_name = w._("game bonus") if b.contract.game else w._("part-score bonus")
        return w._(
            "{room}: {side} made {contract} with {tricks} tricks: {points} trick points "
            "+ {bonus} {bonus_name} = {total}."
        ).format(
            room=room_name,
            side=w.side(declarer.side),
            contract=contract,
            tricks=b.tricks,
            points=trick_points_text(b.trick_points),
            bonus=b.bonus,
            bonus_name=bonus_name,
            total=b.total,
        )
    return w._(
        "{room}: {side} needed {needed} tricks for {contract} and took {tricks}: "
        "{under} down x 100 = {total} to {defenders}."
    ).format(
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
        return [w._("Both rooms scored the same: 0 IMPs.")]
    n = abs(review.imps)
    lines = [
        w.ngettext(
            "Your team: {open:+d} here (your North-South) and {team_closed:+d} in the closed "
            "room (your team-mates sat East-West there): {difference:+d} points, {imps} IMP.",
            "Your team: {open:+d} here (your North-South) and {team_closed:+d} in the closed "
            "room (your team-mates sat East-West there): {difference:+d} points, {imps} IMPs.",
            n,
        ).format(
            open=review.open.score_ns,
            team_closed=-review.closed.score_ns,
            difference=review.difference,
            imps=f"{review.imps:+d}",
        )
    ]
    low, high = review.imp_band
    if high is None:
        band = w._("The IMP scale turns {low} points or more into {imps} IMPs.")
    else:
        band = w.ngettext(
            "The IMP scale turns {low} to {high} points into {imps} IMP.",
            "The IMP scale turns {low} to {high} points into {imps} IMPs.",
            n,
        )
    lines.append(band.format(low=low, high=high, imps=n))
    return lines


def dd_line(w: Words, review: BoardReview) -> str:
    """Declarer's double-dummy tricks in each strain."""
    counts = ", ".join(f"{w.strain(s)} {review.dd_tricks[s]}" for s in STRAIN_ORDER)
    return w._("With every card seen (double dummy) {declarer} takes: {tricks}.").format(
        declarer=w.seat(review.declarer), tricks=counts
    )


def par_lines(w: Words, review: BoardReview) -> list[str]:
    """The par contract, explained, and your room against it."""
    par = review.par
    lines = [
        w._(
            "Par, the best contract for {side} if both sides play perfectly: {contract} with "
            "{tricks} tricks, {score:+d} to North-South."
        ).format(
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
        compared = w._("Your room scored {score:+d}: exactly par.")
    elif diff > 0:
        compared = w._("Your room scored {score:+d}: {diff} above par.")
    else:
        compared = w._("Your room scored {score:+d}: {diff} below par.")
    lines.append(compared.format(score=yours, diff=abs(diff)))
    lines.append(
        w._(
            "Par is a yardstick from perfect play, not a result: the team match counts only "
            "the two rooms."
        )
    )
    return lines


__all__ = [
    "LEAD_RULES",
    "REASONS",
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
    "room_names",
    "score_line",
    "target_line",
]
