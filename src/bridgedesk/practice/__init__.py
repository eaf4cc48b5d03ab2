"""Practice play: MiniBridge against computer players, with a closed room (002:12-57).

You sit South; the computer plays the other seats, and the whole closed room.
The rules are pure and typed: announcements and declarer
(:mod:`~bridgedesk.practice.announce`), contracts and their score
(:mod:`~bridgedesk.practice.contract`), the play (:mod:`~bridgedesk.practice.play`),
the team comparison (:mod:`~bridgedesk.practice.session`).  The computer
players (:mod:`~bridgedesk.practice.players`) need endplay, imported only when
they think.
"""

from bridgedesk.practice import players
from bridgedesk.practice.announce import (
    Announcement,
    Declaration,
    announcements,
    declaration,
    declare,
)
from bridgedesk.practice.club import ClubPlayer
from bridgedesk.practice.contract import ALL_MINI_CONTRACTS, MiniContract, declarer_score, score_ns
from bridgedesk.practice.expert import ExpertPlayer
from bridgedesk.practice.play import PlayState, Trick, trump_of
from bridgedesk.practice.rules import Rules

# The built-in computer players, in the order the command line offers them.
players.register("club", ClubPlayer)
players.register("expert", ExpertPlayer)

__all__ = [
    "ALL_MINI_CONTRACTS",
    "Announcement",
    "Declaration",
    "MiniContract",
    "PlayState",
    "Rules",
    "Trick",
    "announcements",
    "declaration",
    "declare",
    "declarer_score",
    "score_ns",
    "trump_of",
]
