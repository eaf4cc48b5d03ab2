"""An entry's players from what a director types: names separated by "," or " - ",
member numbers by ","; ``bridgedesk entry add/edit`` and the console's entry
forms read them here.  Member numbers alone take the names from the register."""

from __future__ import annotations

import re

from bridgedesk.errors import EntryError
from bridgedesk.events import Player
from bridgedesk.store.entries import register_players
from bridgedesk.store.service import Store

_NAME_SPLIT = re.compile(r"\s*(?:,|;|/|&|\s-\s|\s–\s)\s*")


def split_names(names: str) -> list[str]:
    return [n for n in _NAME_SPLIT.split(names.strip()) if n] if names.strip() else []


def split_members(members: str) -> list[str]:
    return [m.strip() for m in members.split(",")] if members.strip() else []


def players_of(store: Store, names: str, members: str) -> tuple[Player, ...]:
    """The players of a new entry (names, member numbers in the same order)."""
    people, numbers = split_names(names), split_members(members)
    if people and len(numbers) > len(people):
        raise EntryError(
            "{members} member numbers for {names} names: give one per player "
            "(leave a blank between commas for a non-member)",
            code="entry.members-for-names",
            members=len(numbers),
            names=len(people),
        )
    if numbers and not people:  # member numbers alone: names from the register
        return register_players(store, [(None, m) for m in numbers])
    numbers += [""] * (len(people) - len(numbers))
    return tuple(Player(n, m or None) for n, m in zip(people, numbers, strict=True))


def changed_players(
    names: str | None, members: str | None
) -> list[tuple[str | None, str | None]] | None:
    """The new (name, member) pairs of an entry edit, or None when neither is given."""
    if names is None and members is None:
        return None
    people = split_names(names or "")
    numbers = split_members(members or "")
    count = max(len(people), len(numbers))
    if people and numbers and len(people) != len(numbers):
        raise EntryError(
            "{names} names but {members} member numbers",
            code="entry.names-members",
            names=len(people),
            members=len(numbers),
        )
    people += [""] * (count - len(people))
    numbers += [""] * (count - len(numbers))
    return [(n or None, m or None) for n, m in zip(people, numbers, strict=True)]


__all__ = ["changed_players", "players_of", "split_members", "split_names"]
