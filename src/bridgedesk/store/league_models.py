"""The tables of a league season (:mod:`bridgedesk.store.leagues`), migration
``0015_leagues``."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Date, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bridgedesk.store.base import Base


class LeagueRow(Base):
    """A league season: its rules (:class:`bridgedesk.events.league.LeagueSettings`) and
    the season it follows, when it was made from one (promotion and relegation)."""

    __tablename__ = "leagues"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    season: Mapped[str] = mapped_column(String(40))
    club: Mapped[str] = mapped_column(String(200), default="")
    divisions: Mapped[int] = mapped_column(Integer)
    boards_per_match: Mapped[int] = mapped_column(Integer)
    vp_scale: Mapped[str] = mapped_column(String(40))
    cycles: Mapped[int] = mapped_column(Integer, default=1)
    half_time: Mapped[str] = mapped_column(String(20))
    change: Mapped[str] = mapped_column(String(20))
    promote: Mapped[int] = mapped_column(Integer)
    relegate: Mapped[int] = mapped_column(Integer)
    points: Mapped[str] = mapped_column(String(20))
    previous_id: Mapped[int | None] = mapped_column(ForeignKey("leagues.id"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class LeagueDayRow(Base):
    """A match day of a league: its date and the rounds every division plays on it."""

    __tablename__ = "league_days"
    __table_args__ = (UniqueConstraint("league_id", "day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    day: Mapped[int] = mapped_column(Integer)
    date: Mapped[dt.date] = mapped_column(Date)
    first_round: Mapped[int] = mapped_column(Integer)
    last_round: Mapped[int] = mapped_column(Integer)


class LeagueDivisionRow(Base):
    """A division of a league: a stored round-robin team event."""

    __tablename__ = "league_divisions"
    __table_args__ = (UniqueConstraint("league_id", "division"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"), index=True)
    division: Mapped[int] = mapped_column(Integer)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), unique=True)
