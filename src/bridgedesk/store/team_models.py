"""The tables of a stored team event (:mod:`bridgedesk.store.team_events`): its settings,
the matches of its draw, line-ups and withdrawals (migration ``0009_teamstore``); its
sessions, the mis-seated rooms of an SRR + pairs event and the pairs of an even-chance
team event (migration ``0012_teamsessions``); a team's pairs in a match's second half
and where a knockout's team qualified (migration ``0015_leagues``)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bridgedesk.store.base import Base


class TeamEventRow(Base):
    """What makes an event a team event: its form, scoring and Swiss rules.

    ``vp_scale`` is a scale's name, or ``vp_scale_data`` the JSON of a scale
    file (kept whole, so the event scores the same wherever it is opened).
    """

    __tablename__ = "team_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), unique=True)
    form: Mapped[str] = mapped_column(String(20))
    scoring: Mapped[str] = mapped_column(String(10))
    vp_scale: Mapped[str] = mapped_column(String(40), default="wbf2013")
    vp_scale_data: Mapped[str | None] = mapped_column(Text)
    stock: Mapped[int] = mapped_column(Integer, default=40)
    boards_per_match: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int | None] = mapped_column(Integer)
    cycles: Mapped[int] = mapped_column(Integer, default=1)
    swiss_rule: Mapped[str | None] = mapped_column(String(10))
    rematch: Mapped[str | None] = mapped_column(String(20))
    #: A knockout match's segments (sessions), each of ``boards_per_match`` boards
    #: (migration ``0013_swisstri``).
    segments: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class TeamMatchRow(Base):
    """A match of the draw: home and away (``away`` None: a bye), the two rooms'
    places in the section's movement, the boards, and a forfeit if there is one."""

    __tablename__ = "team_matches"
    __table_args__ = (UniqueConstraint("event_id", "round", "home"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    home: Mapped[int] = mapped_column(Integer)
    away: Mapped[int | None] = mapped_column(Integer)
    open_round: Mapped[int | None] = mapped_column(Integer)
    open_table: Mapped[int | None] = mapped_column(Integer)
    closed_round: Mapped[int | None] = mapped_column(Integer)
    closed_table: Mapped[int | None] = mapped_column(Integer)
    boards: Mapped[str] = mapped_column(Text, default="")
    forfeited_by: Mapped[int | None] = mapped_column(Integer)
    #: A knockout match's carry-over in IMPs, ``HOME:AWAY`` as exact fractions
    #: (``7/2:0``), given by the director (migration ``0013_swisstri``).
    carry_over: Mapped[str | None] = mapped_column(String(40))


class TeamLineupRow(Base):
    """Which of a team's players sit NS and EW in a round (positions in the entry)."""

    __tablename__ = "team_lineups"
    __table_args__ = (UniqueConstraint("event_id", "round", "team"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    team: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(10))
    ew: Mapped[str] = mapped_column(String(10))


class TeamWithdrawalRow(Base):
    """A team that left the event: from ``from_round`` on it forfeits (003:228-250)."""

    __tablename__ = "team_withdrawals"
    __table_args__ = (UniqueConstraint("event_id", "team"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    team: Mapped[int] = mapped_column(Integer)
    from_round: Mapped[int] = mapped_column(Integer)


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


class TeamHalfRow(Base):
    """A team's pairs in the second half of a match (004:1672-1686): the players NS and EW
    (places in the entry, ``"1,2"``), whether its pairs moved, and the match's first
    board of the second half.  The first half is the round's line-up."""

    __tablename__ = "team_half_seats"
    __table_args__ = (UniqueConstraint("event_id", "round", "team"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    home: Mapped[int] = mapped_column(Integer)
    team: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(10))
    ew: Mapped[str] = mapped_column(String(10))
    moved: Mapped[bool] = mapped_column(Boolean)
    first_board: Mapped[int] = mapped_column(Integer)
    who: Mapped[str] = mapped_column(String(100))
    at: Mapped[dt.datetime] = mapped_column(DateTime)


class TeamOriginRow(Base):
    """Where a team of a knockout came from: its team number in the round robin that
    qualified it (a championship's qualifying, :mod:`bridgedesk.services.championships`),
    so a match's carry-over can be taken from the two teams' round-robin meeting."""

    __tablename__ = "team_origins"
    __table_args__ = (UniqueConstraint("event_id", "team"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    team: Mapped[int] = mapped_column(Integer)
    qualifying_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    origin: Mapped[int] = mapped_column(Integer)
