"""Half time in a match between two teams: who moves, and who may come in.

A team match is played in two halves (004:1620-1640).  Each team's NS pair sits
at its home table and its EW pair at the opponents' ("NS at home, EW away",
004:1624); halfway the scores are compared and one team's pairs change places so
that each pair meets the other pair of the opponents (004:1672-1682):

* **the IMP league** (``winner-stays``, 004:1674-1680): the team ahead at half
  time stays where it sits; the team behind moves: its NS pair goes to EW at the
  opponents' table and its EW pair comes home to sit NS.  The seat rule holds
  all the while.  A tie is not settled by the rule ("話し合って決めて下さい"),
  so the director names the team that moves;
* **other matches** may have the team that moves fixed in advance, whatever the
  score (004:1681-1682): ``home-moves`` or ``away-moves``.

A team of five or six may change players at half time (004:1683-1686):

* **the IMP league** (``imp-league``): a pair may be replaced by the team's other
  two players (A5-A6 for An-As), or one player of a pair by another (As leaves,
  An-A5 play on), but two players who sat in different pairs may not be joined
  (no An-Ae, As-Aw).  A pair that plays on keeps the seat the move gives it;
* **other matches** (``free``): players and partnerships change freely, and the
  same pairs may meet again.

Players are named by their place (1-6) in the team's entry, as a line-up is
(:func:`bridgedesk.store.team_events.set_lineup`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bridgedesk.errors import EntryError

__all__ = [
    "HalfTimeRule",
    "MatchSeats",
    "PairChange",
    "Side",
    "TeamSeats",
    "check_change",
    "mover",
    "second_half",
]


class HalfTimeRule(StrEnum):
    """Which team's pairs move at half time (module doc)."""

    WINNER_STAYS = "winner-stays"
    HOME_MOVES = "home-moves"
    AWAY_MOVES = "away-moves"

    @classmethod
    def parse(cls, text: str) -> HalfTimeRule:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(r.value for r in cls)
            raise EntryError(
                "the half-time rule is one of {names}, not {text!r}",
                code="half-time.unknown-rule",
                names=names,
                text=text,
            ) from None


class PairChange(StrEnum):
    """What a team may change at half time (module doc)."""

    IMP_LEAGUE = "imp-league"
    FREE = "free"

    @classmethod
    def parse(cls, text: str) -> PairChange:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(r.value for r in cls)
            raise EntryError(
                "the substitution rule is one of {names}, not {text!r}",
                code="half-time.unknown-substitution",
                names=names,
                text=text,
            ) from None


class Side(StrEnum):
    """The home team (its NS pair at the open room) or the away team."""

    HOME = "home"
    AWAY = "away"

    @classmethod
    def parse(cls, text: str) -> Side:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise EntryError(
                "the team that moves is home or away, not {text!r}",
                code="half-time.bad-side",
                text=text,
            ) from None


@dataclass(frozen=True)
class TeamSeats:
    """A team's two pairs in one half: its NS pair (at home) and its EW pair (away),
    each as two places in the team's entry."""

    ns: tuple[int, int]
    ew: tuple[int, int]

    def __post_init__(self) -> None:
        players = (*self.ns, *self.ew)
        if len(set(players)) != 4 or any(p < 1 for p in players):
            raise EntryError(
                "a team's two pairs are four different players, by their places 1-6 in the "
                "entry; got NS {ns} EW {ew}",
                code="half-time.bad-seats",
                ns=f"{self.ns[0]},{self.ns[1]}",
                ew=f"{self.ew[0]},{self.ew[1]}",
            )

    @property
    def players(self) -> frozenset[int]:
        return frozenset((*self.ns, *self.ew))

    def swapped(self) -> TeamSeats:
        """The same pairs with NS and EW exchanged: the moving team's second half."""
        return TeamSeats(self.ew, self.ns)

    def text(self) -> str:
        return f"NS {self.ns[0]},{self.ns[1]} EW {self.ew[0]},{self.ew[1]}"


@dataclass(frozen=True)
class MatchSeats:
    """Both teams' pairs in one half of a match."""

    home: TeamSeats
    away: TeamSeats

    def of(self, side: Side) -> TeamSeats:
        return self.home if side is Side.HOME else self.away


def mover(rule: HalfTimeRule, home_imps: int, away_imps: int, on_tie: Side | None) -> Side:
    """The team whose pairs move at half time: under ``winner-stays`` the team behind
    on IMPs (a tie: ``on_tie``, the director's word, 004:1680); otherwise the team the
    rule names (004:1681-1682)."""
    if rule is HalfTimeRule.HOME_MOVES:
        return Side.HOME
    if rule is HalfTimeRule.AWAY_MOVES:
        return Side.AWAY
    if home_imps > away_imps:
        return Side.AWAY
    if away_imps > home_imps:
        return Side.HOME
    if on_tie is None:
        raise EntryError(
            "the first half is tied at {home_imps}-{away_imps} IMPs and the rule "
            "does not say who moves (004:1680): the teams agree, then name the team "
            "that moves (--tie home or --tie away)",
            code="half-time.tie-undecided",
            home_imps=home_imps,
            away_imps=away_imps,
        )
    return on_tie


def second_half(first: MatchSeats, moving: Side) -> MatchSeats:
    """The second half's seats when ``moving``'s pairs change places: its NS pair goes
    EW at the opponents' table, its EW pair comes home NS; the other team stays
    (004:1674-1678)."""
    if moving is Side.HOME:
        return MatchSeats(first.home.swapped(), first.away)
    return MatchSeats(first.home, first.away.swapped())


def _pair_text(pair: tuple[int, int]) -> str:
    """A pair by its two players' places in the team's entry: ``1-2``."""
    return f"{pair[0]}-{pair[1]}"


def _continues(pair: tuple[int, int], first: TeamSeats) -> list[tuple[int, int]]:
    """The first half's pairs that ``pair`` keeps a player of."""
    return [p for p in (first.ns, first.ew) if set(p) & set(pair)]


def check_change(
    team: int, first: TeamSeats, moved: TeamSeats, given: TeamSeats, change: PairChange, roster: int
) -> None:
    """Refuse, in one line, a second half ``given`` that the rule ``change`` does not
    allow for a team whose first half was ``first`` and whose pairs the move puts at
    ``moved`` (module doc); ``roster``: the players the team entered."""
    outside = sorted(p for p in given.players if p > roster)
    if outside:
        raise EntryError(
            "team {team} has {players} players; there is no player {player} to bring in",
            code="half-time.no-such-player",
            team=team,
            players=roster,
            player=outside[0],
        )
    if change is PairChange.FREE:
        return
    for seat, pair in (("NS", given.ns), ("EW", given.ew)):
        kept = _continues(pair, first)
        if len(kept) > 1:
            a, b = kept
            raise EntryError(
                "team {team}: {pair} joins players of the pairs {first} and {second}; the IMP "
                "league lets a pair be replaced or a player come in, never the pairs be "
                "re-formed (004:1684)",
                code="half-time.pairs-re-formed",
                team=team,
                pair=_pair_text(pair),
                first=_pair_text(a),
                second=_pair_text(b),
            )
        if kept:
            home = "NS" if set(moved.ns) == set(kept[0]) else "EW"
            if home != seat:
                raise EntryError(
                    "team {team}: the pair {kept} sits {home} in the second half "
                    "(004:1674-1678), so {pair}, which plays on in its place, sits {home}, "
                    "not {seat}",
                    code="half-time.pair-side",
                    team=team,
                    kept=_pair_text(kept[0]),
                    home=home,
                    pair=_pair_text(pair),
                    seat=seat,
                )
