"""Knockouts: single (SKO) and double (DKO), with seeded brackets (004:1762-1772, 004:2719-2723).

A single knockout drops a team at its first defeat, a double knockout at its
second (004:1764, 004:2721).  The seed gives no more; bridgedesk follows the
usual practice:

* **Single knockout**: the bracket has the next power of two of places; the
  places above the number of teams are byes, so the byes go to the top seeds.
  Seeds are placed so that the two best can meet only in the final, the four
  best only in the semi-finals, and so on (1 v 8, 4 v 5, 2 v 7, 3 v 6 for
  eight places).
* **Double knockout**, played in rounds: each round the unbeaten teams play
  each other and the once-beaten teams play each other, best seed against
  worst in each group, avoiding a rematch where the group allows it (the
  same matching search as the Swiss); an odd team out in a group has a bye,
  the best seed first.  When one unbeaten and one once-beaten team are left
  they meet in the final, replayed if the unbeaten team loses it.
* **Carry-over**: a knockout match may start from a carry-over of IMPs, a
  fraction of the margin of an earlier match between the two teams (a round
  robin stage), capped; the fraction and the cap are the conditions of
  contest's, the result exact (:func:`carry_over`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgedesk.errors import PairingError
from bridgedesk.events.swiss import pair_preferring


def bracket_order(places: int) -> list[int]:
    """Seeds in bracket order for a power of two ``places``: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    if places < 1 or places & (places - 1):
        raise PairingError(
            "a bracket has a power of two of places, not {places}",
            code="knockout.bracket-size",
            places=places,
        )
    order = [1]
    while len(order) < places:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


@dataclass(frozen=True)
class KoMatch:
    """A match of a bracket: two seeds, or a seed with a bye (``away`` None)."""

    round: int
    number: int
    home: int
    away: int | None


@dataclass(frozen=True)
class SingleKnockout:
    """A seeded single-knockout bracket for ``teams`` teams, seeds 1..teams."""

    teams: int
    places: int = field(init=False)

    def __post_init__(self) -> None:
        if self.teams < 2:
            raise PairingError(
                "a knockout needs at least 2 teams, not {teams}",
                code="knockout.too-few-teams",
                teams=self.teams,
            )
        object.__setattr__(self, "places", 1 << (self.teams - 1).bit_length())

    @property
    def rounds(self) -> int:
        return self.places.bit_length() - 1

    def first_round(self) -> list[KoMatch]:
        order = bracket_order(self.places)
        out: list[KoMatch] = []
        for i in range(0, self.places, 2):
            a, b = order[i], order[i + 1]
            home, away = min(a, b), max(a, b)
            out.append(KoMatch(1, i // 2 + 1, home, away if away <= self.teams else None))
        return out

    def play(self, winners: Mapping[tuple[int, int], int]) -> list[list[KoMatch]]:
        """The bracket as far as ``winners`` (keyed by (round, match)) decides it.

        A bye's winner is its seed; each later match pairs the winners of two
        neighbouring matches.  A winner who did not play the match is refused.
        """
        rounds = [self.first_round()]
        while len(rounds[-1]) > 1:
            prev = rounds[-1]
            nxt: list[KoMatch] = []
            for i in range(0, len(prev), 2):
                a = _winner(prev[i], winners)
                b = _winner(prev[i + 1], winners)
                if a is None or b is None:
                    return rounds
                r = prev[i].round + 1
                nxt.append(KoMatch(r, i // 2 + 1, min(a, b), max(a, b)))
            rounds.append(nxt)
        return rounds

    def champion(self, winners: Mapping[tuple[int, int], int]) -> int | None:
        rounds = self.play(winners)
        if len(rounds) < self.rounds or len(rounds[-1]) != 1:
            return None
        return _winner(rounds[-1][0], winners)


def _winner(m: KoMatch, winners: Mapping[tuple[int, int], int]) -> int | None:
    w = winners.get((m.round, m.number))
    if m.away is None:
        if w is not None and w != m.home:
            raise PairingError(
                "round {round}, match {match}: team {team} has a bye, not team {winner}",
                code="knockout.bye-winner",
                round=m.round,
                match=m.number,
                team=m.home,
                winner=w,
            )
        return m.home
    if w is not None and w not in (m.home, m.away):
        raise PairingError(
            "round {round}, match {match}: team {winner} is not one of {home} and {away}",
            code="knockout.winner-not-playing",
            round=m.round,
            match=m.number,
            winner=w,
            home=m.home,
            away=m.away,
        )
    return w


def draw_text(ko: SingleKnockout, winners: Mapping[tuple[int, int], int] | None = None) -> str:
    """The draw printed round by round: ``1 v 8``, ``1 v bye``, ``5 v winner of 1-4``."""
    decided = dict(winners or {})
    names = {1: "final", 2: "semi-finals", 3: "quarter-finals"}
    first = ko.first_round()
    entrant: dict[tuple[int, int], str] = {}
    lines: list[str] = []
    for r in range(1, ko.rounds + 1):
        left = ko.rounds - r + 1
        lines.append(f"round {r} ({names.get(left, f'last {1 << left}')})")
        for i in range(1, (ko.places >> r) + 1):
            if r == 1:
                m = first[i - 1]
                a, b = str(m.home), "bye" if m.away is None else str(m.away)
                w = _winner(m, decided)
            else:
                a, b = entrant[(r - 1, 2 * i - 1)], entrant[(r - 1, 2 * i)]
                pair = {int(x) for x in (a, b) if (x.isascii() and x.isdigit())}
                w = decided.get((r, i))
                if w is not None and (len(pair) < 2 or w not in pair):
                    raise PairingError(
                        "round {round}, match {match}: team {winner} is not playing in it",
                        code="knockout.winner-not-in-match",
                        round=r,
                        match=i,
                        winner=w,
                    )
            lines.append(f"  match {i}: {a} v {b}")
            entrant[(r, i)] = str(w) if w is not None else f"winner of {r}-{i}"
    return "\n".join(lines) + "\n"


def carry_over(
    margin: int | Fraction, fraction: Fraction = Fraction(1, 3), cap: int | None = None
) -> Fraction:
    """The carry-over of an earlier ``margin`` (IMPs, to the winner of that match).

    ``fraction`` of the margin, limited to ``cap`` IMPs either way when a cap
    is given; positive for the team that won the earlier match.
    """
    if not 0 <= fraction <= 1:
        raise PairingError(
            "the carry-over fraction must be between 0 and 1, not {fraction}",
            code="knockout.carry-over-fraction",
            fraction=fraction,
        )
    value = Fraction(margin) * fraction
    if cap is not None:
        if cap < 0:
            raise PairingError(
                "the carry-over cap must not be negative, not {cap}",
                code="knockout.carry-over-cap",
                cap=cap,
            )
        value = max(Fraction(-cap), min(Fraction(cap), value))
    return value


@dataclass(frozen=True)
class DkoRound:
    """One double-knockout round: matches (best seed first) and byes, by group."""

    number: int
    matches: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]


def double_knockout_round(
    teams: int, played: Sequence[Sequence[tuple[int, int, int]]]
) -> DkoRound | None:
    """The next round of a double knockout after ``played`` rounds, or None when decided.

    Each played round lists (team, team, winner).  Teams are seeds 1..teams.
    """

    if teams < 2:
        raise PairingError(
            "a knockout needs at least 2 teams, not {teams}",
            code="knockout.too-few-teams",
            teams=teams,
        )
    losses = dict.fromkeys(range(1, teams + 1), 0)
    met: set[frozenset[int]] = set()
    for i, rnd in enumerate(played, start=1):
        for a, b, w in rnd:
            if w not in (a, b):
                raise PairingError(
                    "round {round}: the winner {winner} of {home} v {away} is not one of them",
                    code="knockout.winner-not-one",
                    round=i,
                    winner=w,
                    home=a,
                    away=b,
                )
            for t in (a, b):
                if t not in losses:
                    raise PairingError(
                        "round {round}: team {team} is not one of 1..{teams}",
                        code="knockout.unknown-team",
                        round=i,
                        team=t,
                        teams=teams,
                    )
            losses[b if w == a else a] += 1
            met.add(frozenset((a, b)))
    alive = sorted(t for t, n in losses.items() if n < 2)
    if len(alive) <= 1:
        return None
    number = len(played) + 1
    groups = [[t for t in alive if losses[t] == n] for n in (0, 1)]
    if all(len(g) == 1 for g in groups):
        a, b = sorted((groups[0][0], groups[1][0]))
        return DkoRound(number, ((a, b),), ())
    matches: list[tuple[int, int]] = []
    byes: list[int] = []
    for g in groups:
        if len(g) % 2:
            byes.append(g[0])
            g = g[1:]
        if not g:
            continue
        natural = [(g[i], g[-1 - i]) for i in range(len(g) // 2)]

        def allowed(a: int, b: int) -> bool:
            return frozenset((a, b)) not in met

        found = pair_preferring(g, natural, allowed, ranked=False)
        if found is None:
            found = natural  # every pairing is a rematch: keep best v worst
        matches += [(min(a, b), max(a, b)) for a, b in found]
    return DkoRound(number, tuple(matches), tuple(byes))


def double_knockout_text(teams: int, played: Sequence[Sequence[tuple[int, int, int]]]) -> str:
    """A double knockout so far: each round's results, then the next round (or the winner)."""
    lines: list[str] = []
    for i, rnd in enumerate(played, start=1):
        shown = double_knockout_round(teams, played[: i - 1])
        if shown is None:
            raise PairingError(
                "round {round}: the double knockout was already decided",
                code="knockout.already-decided",
                round=i,
            )
        drawn = {frozenset(m) for m in shown.matches}
        lines.append(f"round {i}")
        for a, b, w in rnd:
            if frozenset((a, b)) not in drawn:
                raise PairingError(
                    "round {round}: {home} v {away} is not a match of the draw",
                    code="knockout.not-drawn",
                    round=i,
                    home=a,
                    away=b,
                )
            lines.append(f"  {a} v {b}: {w} wins")
        lines += [f"  {t}: bye" for t in shown.byes]
    nxt = double_knockout_round(teams, played)
    if nxt is None:
        losses = dict.fromkeys(range(1, teams + 1), 0)
        for rnd in played:
            for a, b, w in rnd:
                losses[b if w == a else a] += 1
        (winner,) = (t for t, n in losses.items() if n < 2)
        lines.append(f"winner: {winner}")
    else:
        lines.append(f"round {nxt.number} (next)")
        lines += [f"  {a} v {b}" for a, b in nxt.matches]
        lines += [f"  {t}: bye" for t in nxt.byes]
    return "\n".join(lines) + "\n"
