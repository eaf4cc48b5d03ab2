"""A championship in two stages, as the PABF and Japan League play it (004:4210): a round
robin qualifies the best teams for a knockout, whose matches start from a carry-over
of the two teams' round-robin meeting.

``bridgedesk championship knockout|carry-over`` and the console come here.
:func:`knockout_from_round_robin` takes a stored round robin whose every match is in,
its ``teams`` best by the final standings (a shared place at the cut is the
organiser's to settle, so it is refused), and makes a knockout team event of them:
the teams entered in the order they qualified (seed 1 the round robin's winner), the
seeded bracket drawn (:func:`bridgedesk.services.draws.make_draw`: 1 v 8, 4 v 5, ...,
byes to the top seeds), where each came from kept
(:mod:`bridgedesk.store.team_origins`), and each first-round match given its carry-over
(:func:`carry_from_round_robin`).

The carry-over of a match is a fraction of the IMP margin by which one team beat the
other in the round robin (their matches added, for a double round robin), to the
team that won it, at most ``cap`` IMPs (:func:`bridgedesk.events.knockout.carry_over`).
The seed leaves the fraction and the cap to the conditions of contest (004:1762-1772);
a third and no cap are the defaults.  Later rounds take theirs by
:func:`carry_from_round_robin` once drawn (``bridgedesk championship carry-over``);
every carry-over is kept in the director's audit log.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import EntryError
from bridgedesk.events.creation import new_event
from bridgedesk.events.knockout import carry_over
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.services.draws import make_draw
from bridgedesk.services.team_scores import score_teams
from bridgedesk.store import team_events
from bridgedesk.store.lookups import event_row
from bridgedesk.store.rows import event_info
from bridgedesk.store.team_entries import enter_team
from bridgedesk.store.team_origins import origins, set_origins
from bridgedesk.store.unit import UnitOfWork

__all__ = ["Carry", "Championship", "carry_from_round_robin", "knockout_from_round_robin"]


@dataclass(frozen=True)
class Carry:
    """A knockout match's carry-over from the round robin: the home team's IMP margin
    there and the IMPs each side starts with."""

    round: int
    home: int
    away: int
    margin: Fraction
    carry: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Championship:
    """The knockout made: its event id, each seed's team in the round robin, and the
    first round's carry-overs."""

    knockout: int
    seeds: tuple[tuple[int, int, str], ...]
    carries: tuple[Carry, ...]


def _margins(unit: UnitOfWork, qualifying: int) -> dict[tuple[int, int], Fraction]:
    """(team, opponent) -> the team's IMP margin over the opponent in the round robin."""
    scored = score_teams(unit, qualifying).scored
    out: dict[tuple[int, int], Fraction] = {}
    for m in scored.matches:
        if m.forfeited_by is not None:
            continue
        margin = Fraction(m.imps[0] - m.imps[1])
        out[(m.home, m.away)] = out.get((m.home, m.away), Fraction(0)) + margin
        out[(m.away, m.home)] = out.get((m.away, m.home), Fraction(0)) - margin
    return out


def carry_from_round_robin(
    unit: UnitOfWork,
    knockout: int | str,
    rnd: int,
    *,
    fraction: Fraction = Fraction(1, 3),
    cap: int | None = None,
    who: str,
) -> tuple[Carry, ...]:
    """Give every match of knockout round ``rnd`` its carry-over from the round robin
    (module doc), audited; the carry-overs given."""
    with unit.transaction():
        found = origins(unit, knockout)
        margins = _margins(unit, found.qualifying)
        drawn = [d for d in team_events.draw(unit, knockout).matches if d.round == rnd and d.away]
        if not drawn:
            raise EntryError(
                "round {round} of the knockout is not drawn (or has only byes)",
                code="knockout.round-not-drawn",
                round=rnd,
            )
        out = []
        for d in drawn:
            assert d.away is not None
            home, away = found.teams[d.home], found.teams[d.away]
            margin = margins.get((home, away), Fraction(0))
            value = carry_over(margin, fraction, cap)
            carry = (value, Fraction(0)) if value >= 0 else (Fraction(0), -value)
            reason = (
                f"carry-over from the round robin: {home} v {away} {margin} IMPs x {fraction}"
                + (f", at most {cap}" if cap is not None else "")
            )
            team_events.set_carry_over(unit, knockout, rnd, d.home, d.away, carry, who, reason)
            out.append(Carry(rnd, d.home, d.away, margin, carry))
        return tuple(out)


def knockout_from_round_robin(
    unit: UnitOfWork,
    qualifying: int | str,
    *,
    name: str,
    teams: int,
    boards_per_match: int,
    segments: int = 1,
    fraction: Fraction = Fraction(1, 3),
    cap: int | None = None,
    date: dt.date | None = None,
    who: str,
) -> Championship:
    """The knockout of a round robin's best ``teams`` (module doc), in one transaction."""
    if teams < 2:
        raise EntryError(
            "a knockout takes 2 or more teams, not {teams}",
            code="championship.too-few-teams",
            teams=teams,
        )
    with unit.transaction():
        settings = team_events.settings(unit, qualifying)
        if settings.form is not TeamForm.ROUND_ROBIN:
            raise EntryError(
                "a championship's qualifying is a round robin, not a {form}",
                code="championship.not-round-robin",
                form=settings.form.value,
            )
        found = score_teams(unit, qualifying)
        if found.missing:
            raise EntryError(
                "the round robin has {matches} matches with room results missing: its "
                "final standings qualify the teams",
                code="championship.results-missing",
                matches=len(found.missing),
            )
        standings = found.scored.standings
        if teams > len(standings):
            raise EntryError(
                "the round robin has {entered} teams, not {teams} to qualify",
                code="championship.too-many-teams",
                entered=len(standings),
                teams=teams,
            )
        if teams < len(standings) and standings[teams - 1].rank == standings[teams].rank:
            raise EntryError(
                "places {place} and {next} of the round robin are shared ({rank}): the "
                "organiser decides who qualifies",
                code="championship.shared-place",
                place=teams,
                next=teams + 1,
                rank=standings[teams].rank,
            )
        with unit.transaction(write=False) as s:
            qual = event_row(s, qualifying)
            info = event_info(qual).event
            qualifying_id = qual.id
        event = new_event(
            name, date=(date or info.date).isoformat(), rating=info.rating.value,
            class_=info.class_, scoring=Method.TEAM_IMPS.value, club=info.club,
        )  # fmt: skip
        ko = TeamSettings(TeamForm.KNOCKOUT, Method.TEAM_IMPS, boards_per_match, segments=segments)
        eid = team_events.create_team_event(unit, event, ko)
        entries = found.snapshot.teams
        seeds = []
        for seed, st in enumerate(standings[:teams], start=1):
            entry = entries[st.team]
            enter_team(unit, eid, entry.players, number=seed, name=entry.team_name)
            seeds.append((seed, st.team, st.name))
        set_origins(unit, eid, qualifying_id, {seed: origin for seed, origin, _ in seeds})
        make_draw(unit, eid)
        carries = carry_from_round_robin(unit, eid, 1, fraction=fraction, cap=cap, who=who)
        return Championship(eid, tuple(seeds), carries)
