"""The ranking over several sessions: one competitor whatever its numbers.

Between sessions pairs change numbers and sections (004:2381-2452), so a
pair's sessions are matched by who it is, not by the number it sat at:

* by a renumbering map (competitor -> its seat id in each session), the
  plan's (:class:`bridgedesk.movements.plan.EventPlan`) or a file's;
* else, when every session names its pairs, by their member numbers (or
  names when members are unknown);
* else by number, only when every session has exactly the same plain pair
  numbers (one section) -- a field with other numbers, or with sections whose
  pairs move between sessions, cannot be matched that way and is refused.

A seat id is the pair's id in its session (``"3"``), prefixed by its section
when the session has several and the id does not already name it (``"B3"``).

Each competitor's combined line has its total (session totals, already
factored up, plus any carry-over, 004:2010-2034), the most it could have
scored (the field maximum of every session it played), its percentage (total
without carry-over over that maximum) and one column per session.  Ranks are
on the total when everyone had the same maximum, else on the percentage: the
percentage game that ranks fields of different sizes together (004:1315-1320).
Every competitor is also ranked among those who entered in its first-session
section (the sections ranked alone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from bridgedesk.bridge import Side
from bridgedesk.errors import ScoringError
from bridgedesk.results.combined_model import Combined, CombinedStanding, SessionLine
from bridgedesk.results.model import ScoredSession, Standing, pair_order
from bridgedesk.scoring.session import rank_labels


def seat_of(section: str, standing: Standing, many: bool) -> str:
    """The seat id of a standing: its id, with the section's name first when needed."""
    if not many or not section or standing.pair.startswith(section):
        return standing.pair
    return f"{section}{standing.pair}"


def _lines(session: ScoredSession, index: int) -> dict[str, tuple[SessionLine, Standing]]:
    """Seat id -> (line, standing) for one session; refuses a two-field numbering."""
    many = len(session.sections) > 1
    out: dict[str, tuple[SessionLine, Standing]] = {}
    for sec in session.sections:
        directions = {s.pair: s.direction for s in sec.ranking}
        if len(directions) < len(sec.ranking):
            twice = next(s.pair for s in sec.ranking if s.direction is Side.EW
                         and any(t.pair == s.pair and t.direction is Side.NS
                                 for t in sec.ranking))  # fmt: skip
            raise ScoringError(
                "session {index}: pair number {pair} is both an NS and an EW pair; "
                "totals over sessions need each pair's own number (e.g. NS 1-13, EW "
                "14-26)",
                code="combined.pair-both-directions",
                index=index,
                pair=twice,
            )
        # the field's maximum: sections scored apart inside one ranking
        # (score --sections each) have their own (004:1315-1320)
        tops: dict[tuple[str | None, Side | None], Fraction] = {}
        for s in sec.ranking:
            if s.max is not None:
                key = (s.section, s.direction)
                tops[key] = max(tops.get(key, Fraction(0)), s.max)
        for s in sec.ranking:
            seat = seat_of(sec.name, s, many)
            if seat in out:
                raise ScoringError(
                    "session {index}: pair {pair} is ranked twice",
                    code="combined.pair-ranked-twice",
                    index=index,
                    pair=seat,
                )
            top = tops.get((s.section, s.direction))
            line = SessionLine(
                index, seat, sec.name or s.section, s.total, top, s.percentage, s.rank
            )
            out[seat] = (line, s)
    return out


def _who(s: Standing) -> str | None:
    """A pair's identity from its players: member numbers, else names (None: unknown)."""
    if s.players and all(p.member for p in s.players):
        return "members " + "+".join(sorted(str(p.member) for p in s.players))
    if s.players and all(p.name for p in s.players):
        return "names " + "+".join(sorted(p.name.strip().casefold() for p in s.players))
    if s.names.strip():
        parts = [x.strip().casefold() for x in s.names.replace("&", "-").split("-")]
        return "names " + "+".join(sorted(p for p in parts if p))
    return None


def _match(
    seats: list[dict[str, tuple[SessionLine, Standing]]],
    renumber: Mapping[str, Sequence[str | None]] | None,
) -> tuple[dict[str, list[str | None]], str]:
    """competitor -> seat per session, and how it was found."""
    count = len(seats)
    if renumber is not None:
        out: dict[str, list[str | None]] = {}
        used: list[set[str]] = [set() for _ in seats]
        for who, row in renumber.items():
            if len(row) < count:
                raise ScoringError(
                    "the renumbering gives competitor {who} {seats} seats for {count} sessions",
                    code="combined.renumber-seats",
                    who=who,
                    seats=len(row),
                    count=count,
                )
            mine: list[str | None] = []
            for i in range(count):
                seat = row[i]
                if seat is not None and seat in seats[i]:
                    if seat in used[i]:
                        raise ScoringError(
                            "the renumbering seats two competitors at {seat} in session {session}",
                            code="combined.renumber-seat-twice",
                            seat=seat,
                            session=i + 1,
                        )
                    used[i].add(seat)
                    mine.append(seat)
                else:
                    mine.append(None)
            if any(m is not None for m in mine):
                out[who] = mine
        for i, lines in enumerate(seats):
            left = sorted(set(lines) - used[i], key=pair_order)
            if left:
                raise ScoringError(
                    "session {session}: pair {pair} is in no competitor's seats of the "
                    "renumbering; the sessions cannot be matched",
                    code="combined.renumber-pair-missing",
                    session=i + 1,
                    pair=left[0],
                )
        return out, "renumbering"
    keys: list[dict[str, str]] = []
    for i, lines in enumerate(seats):
        known: dict[str, str] = {}
        for seat, (_, st) in lines.items():
            found = _who(st)
            if found is None:
                break
            who = found
            if who in known:
                raise ScoringError(
                    "session {session}: pairs {pair} and {other_pair} have the same players; "
                    "the sessions cannot be matched",
                    code="combined.same-players",
                    session=i + 1,
                    pair=known[who],
                    other_pair=seat,
                )
            known[who] = seat
        else:
            keys.append(known)
            continue
        break
    if len(keys) == count:
        out = {}
        first_seen: dict[str, str] = {}
        for i, known in enumerate(keys):
            for who, seat in known.items():
                name = first_seen.setdefault(who, seat)
                if name not in out:
                    if i > 0 and seat in out:
                        raise ScoringError(
                            "session {session}: pair {pair} ({players}) did not play session 1, "
                            "whose pair {pair} is someone else; give --renumber",
                            code="combined.pair-not-in-first",
                            session=i + 1,
                            pair=seat,
                            players=who.split(" ", 1)[1],
                        )
                    out[name] = [None] * count
                out[name][i] = seat
        return out, "players"
    numbers = [set(lines) for lines in seats]
    sectioned = sorted({seat for n in numbers for seat in n if not seat.isdigit()}, key=pair_order)
    if sectioned:
        raise ScoringError(
            "the sessions have sections (pair {pair}), whose pairs change section "
            "between sessions (004:2381-2452): give the renumbering (--renumber) or "
            "the players' names to match the sessions",
            code="combined.sections-need-renumber",
            pair=sectioned[0],
        )
    for i in range(1, count):
        if numbers[i] != numbers[0]:
            extra = sorted(numbers[i] ^ numbers[0], key=pair_order)
            raise ScoringError(
                "session {session} and session 1 do not have the same pair numbers (e.g. "
                "{pair}) and name no players; give the renumbering (--renumber) to match "
                "the sessions",
                code="combined.pair-numbers-differ",
                session=i + 1,
                pair=extra[0],
            )
    return {seat: [seat] * count for seat in seats[0]}, "number"


def combine(
    sessions: Sequence[ScoredSession],
    renumber: Mapping[str, Sequence[str | None]] | None = None,
    carry: Mapping[str, Fraction] | None = None,
) -> Combined:
    """The combined ranking of ``sessions``, matched as the module says."""
    if not sessions:
        raise ScoringError(
            "a combined ranking needs at least one session", code="combined.no-sessions"
        )
    seats = [_lines(s, i + 1) for i, s in enumerate(sessions)]
    matched, how = _match(seats, renumber)
    carry = dict(carry or {})
    unknown = sorted(set(carry) - set(matched), key=pair_order)
    if unknown:
        raise ScoringError(
            "carry-over for pair {pair}, who played no session",
            code="combined.carry-over-unknown-pair",
            pair=unknown[0],
        )
    rows: list[CombinedStanding] = []
    for who, row in matched.items():
        lines = [None if seat is None else seats[i][seat][0] for i, seat in enumerate(row)]
        played = [x for x in lines if x is not None]
        total = sum((x.total for x in played), Fraction(0))
        maxima = [x.max for x in played if x.max is not None]
        most = sum(maxima, Fraction(0)) if len(maxima) == len(played) else None
        pct = total * 100 / most if most else None
        first = next(i for i, seat in enumerate(row) if seat is not None)
        standing = seats[first][str(row[first])][1]
        rows.append(
            CombinedStanding(
                who,
                total + carry.get(who, Fraction(0)),
                most,
                pct,
                "",
                tuple(lines),
                standing.names,
                carry.get(who, Fraction(0)),
                played[0].section,
            )
        )
    maxima_all = {r.max for r in rows}
    by_pct = len(maxima_all) > 1 and None not in maxima_all and not carry

    def measure(r: CombinedStanding) -> Fraction:
        if by_pct:
            return r.percentage if r.percentage is not None else Fraction(0)
        return r.total

    rows.sort(key=lambda r: (-measure(r), pair_order(r.pair)))
    ranks = rank_labels([measure(r) for r in rows])
    by_section: dict[str | None, list[int]] = {}
    for i, r in enumerate(rows):
        by_section.setdefault(r.section, []).append(i)
    section_ranks: dict[int, str] = {}
    if len(by_section) > 1:
        for members in by_section.values():
            for i, label in zip(members, rank_labels([measure(rows[i]) for i in members]),
                                strict=True):  # fmt: skip
                section_ranks[i] = label
    out = tuple(
        replace(r, rank=ranks[i], section_rank=section_ranks.get(i)) for i, r in enumerate(rows)
    )
    return Combined(out, how, by_pct)


__all__ = ["Combined", "CombinedStanding", "SessionLine", "combine", "seat_of"]
