"""The tables of migration ``0012_teamsessions``: a team event's sessions, the
mis-seated rooms of an SRR + pairs event, and the pairs of an even-chance team event
(:mod:`bridgedesk.store.team_sessions`, :mod:`bridgedesk.store.srr_misseats`,
:mod:`bridgedesk.store.even_chance_teams`)."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bridgedesk.store.base import Base


class TeamSessionsRow(Base):
    """A team event played in several sessions: how many, and once drawn the last
    round of each, ``"8,14"`` (rounds are numbered through the event)."""

    __tablename__ = "team_sessions"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    sessions: Mapped[int] = mapped_column(Integer)
    last_rounds: Mapped[str | None] = mapped_column(Text)


class TeamMisseatRow(Base):
    """A room of an SRR + pairs match whose pairs sat NS/EW the wrong way round on
    ``boards`` (004:2652-2655)."""

    __tablename__ = "team_misseats"
    __table_args__ = (UniqueConstraint("event_id", "round", "home", "room"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    home: Mapped[int] = mapped_column(Integer)
    away: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(10))
    boards: Mapped[str] = mapped_column(Text)


class EvenChanceEventRow(Base):
    """A team event whose teams are formed from pairs entered singly (004:2725-2734)."""

    __tablename__ = "even_chance_events"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)


class EvenChancePairRow(Base):
    """A pair entered in an even-chance team event: its players (JSON ``[[name,
    member], ...]``), seed points (a decimal as text), whether it is the director's
    floater pair, and the team it joined once the teams are formed."""

    __tablename__ = "even_chance_pairs"
    __table_args__ = (UniqueConstraint("event_id", "pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    pair: Mapped[int] = mapped_column(Integer)
    players: Mapped[str] = mapped_column(Text)
    seed_points: Mapped[str] = mapped_column(String(20))
    floater: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    team: Mapped[int | None] = mapped_column(Integer)
