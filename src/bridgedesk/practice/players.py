"""Computer players behind one small interface, and what each seat is allowed to see.

A :class:`ComputerPlayer` names a contract when it declares
(:meth:`ComputerPlayer.choose_contract`) and chooses cards
(:meth:`ComputerPlayer.choose_card`) for the seat it controls and, as declarer, for
dummy.  The table hands it a :class:`ContractView` or a
:class:`PlayView`: what that player sees at a real table, namely its own cards,
dummy (spread before the contract is named, 002:32), the four announced HCP
counts (002:31) and the cards played.  Only a player that declares
``double_dummy = True`` also gets the other two hands (``hidden``).

:func:`make_player` builds a player by level name; :data:`LEVELS` lists them.
New levels need only the two methods and the two attributes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from bridgedesk.bridge import SEATS, Seat
from bridgedesk.deals.cards import Card, Suit
from bridgedesk.errors import PracticeError
from bridgedesk.practice.announce import Declaration
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.play import PlayState, Trick


@dataclass(frozen=True)
class ContractView:
    """What the declarer sees when naming the contract: its hand, dummy, the announcements."""

    declaration: Declaration
    declarer: Seat
    known: Mapping[Seat, frozenset[Card]]
    hidden: Mapping[Seat, frozenset[Card]] | None = None

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner


@dataclass(frozen=True)
class PlayView:
    """What the player choosing the next card sees.

    ``seat`` is the seat to play; ``controller`` the player choosing (the
    declarer when ``seat`` is dummy).  ``known`` holds the remaining cards of
    the controller and of dummy; ``hidden`` the other two hands' remaining
    cards, for double-dummy players only.
    """

    seat: Seat
    controller: Seat
    declarer: Seat
    contract: MiniContract
    declaration: Declaration
    known: Mapping[Seat, frozenset[Card]]
    played: Mapping[Seat, tuple[Card, ...]]
    voids: Mapping[Seat, frozenset[Suit]]
    trick: Trick
    trump: Suit | None
    legal: tuple[Card, ...]
    tricks_done: int
    declarer_tricks: int
    hidden: Mapping[Seat, frozenset[Card]] | None = None
    #: the completed tricks, in order (everyone saw them played)
    history: tuple[Trick, ...] = ()

    @property
    def unseen(self) -> tuple[Seat, ...]:
        """The two seats whose cards the controller does not see."""
        return tuple(s for s in SEATS if s not in self.known)


def contract_view(
    deal_hands: Mapping[Seat, frozenset[Card]],
    declaration: Declaration,
    *,
    double_dummy: bool,
) -> ContractView:
    declarer = declaration.declarer
    if declarer is None:
        raise PracticeError("a redealt board has no declarer and no contract")
    seen = (declarer, declarer.partner)
    known = {s: deal_hands[s] for s in seen}
    hidden = {s: deal_hands[s] for s in SEATS if s not in seen} if double_dummy else None
    return ContractView(declaration, declarer, known, hidden)


def play_view(
    state: PlayState,
    contract: MiniContract,
    declaration: Declaration,
    *,
    double_dummy: bool,
) -> PlayView:
    """The view of the player about to choose a card in ``state``."""
    seat = state.to_play
    controller = state.controller(seat)
    seen = {controller, state.dummy}
    remaining = {s: state.remaining(s) for s in SEATS}
    return PlayView(
        seat=seat,
        controller=controller,
        declarer=state.declarer,
        contract=contract,
        declaration=declaration,
        known={s: remaining[s] for s in SEATS if s in seen},
        played={s: state.played_by(s) for s in SEATS},
        voids={s: state.shown_void(s) for s in SEATS},
        trick=state.current,
        trump=state.trump,
        legal=state.legal(),
        tricks_done=len(state.tricks),
        declarer_tricks=state.declarer_tricks,
        hidden={s: remaining[s] for s in SEATS if s not in seen} if double_dummy else None,
        history=state.tricks,
    )


class ComputerPlayer(Protocol):
    """A computer (or scripted) player."""

    #: The level name shown to people and stored in session files.
    level: str
    #: Whether the player is given the hidden hands (double-dummy players only).
    double_dummy: bool

    def choose_contract(self, view: ContractView) -> MiniContract: ...

    def choose_card(self, view: PlayView) -> Card: ...


PlayerFactory = Callable[[random.Random], ComputerPlayer]
_FACTORIES: dict[str, PlayerFactory] = {}


def register(level: str, factory: PlayerFactory) -> None:
    """Make ``level`` available to :func:`make_player` and the command line (the
    package's ``__init__`` registers the built-in levels, ``club`` and ``expert``)."""
    _FACTORIES[level] = factory


def levels() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def make_player(level: str, rng: random.Random) -> ComputerPlayer:
    """A player of ``level`` (``club`` or ``expert``) drawing its choices from ``rng``."""
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise PracticeError(
            f"unknown level {level!r}: expected {' or '.join(_FACTORIES)}"
        ) from None
    return factory(rng)


__all__ = [
    "ComputerPlayer",
    "ContractView",
    "PlayView",
    "contract_view",
    "levels",
    "make_player",
    "play_view",
    "register",
]
