"""The tables of a simultaneous event (:mod:`bridgedesk.store.simultaneous`), migration
``0016_simultaneous``.

The event itself is an ordinary ``events`` row (its name, date, rating, correction
deadline, deal set in ``deals``, awards in the ledger); ``simultaneous_events`` marks it
and keeps its masterpoint rules.  Each heat has its club, the SHA-256 of its
token (never the token), what it registered to play and the fingerprint of the results
in force; its pairs and results are kept compactly for a field of 180,000 results, and
every upload that changed them is in ``heat_uploads``.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bridgedesk.store.base import Base


class SimultaneousRow(Base):
    """A simultaneous event: its masterpoint rules, ``jcbl:RATING``, ``sbf:A`` (bronze),
    ``sbf:D`` (silver) or ``none`` (:class:`bridgedesk.services.simultaneous.PointRules`)."""

    __tablename__ = "simultaneous_events"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    masterpoints: Mapped[str] = mapped_column(String(40), default="none")


class HeatRow(Base):
    """A heat: its number in the event, its club, its token's SHA-256, the movement it
    registered (family and tables, each may be unsaid), and once results are in their
    fingerprint, format, movement and when and by whom they came."""

    __tablename__ = "heats"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    club: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str | None] = mapped_column(String(40))
    tables: Mapped[int | None] = mapped_column(Integer)
    digest: Mapped[str | None] = mapped_column(String(64))
    source: Mapped[str | None] = mapped_column(String(20))
    movement: Mapped[str | None] = mapped_column(Text)
    winners: Mapped[int | None] = mapped_column(Integer)
    uploaded_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    uploaded_by: Mapped[str | None] = mapped_column(String(100))


class HeatPairRow(Base):
    """A pair of a heat: its number there, names and member numbers (comma-separated)."""

    __tablename__ = "heat_pairs"
    __table_args__ = (UniqueConstraint("heat_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    heat_id: Mapped[int] = mapped_column(ForeignKey("heats.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    names: Mapped[str] = mapped_column(String(400), default="")
    members: Mapped[str] = mapped_column(String(200), default="")


class HeatResultRow(Base):
    """A result of a heat: board, pairs, NS's score or an adjusted score (``A+/A-``), and
    what was played and where when known."""

    __tablename__ = "heat_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    heat_id: Mapped[int] = mapped_column(ForeignKey("heats.id"), index=True)
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[int] = mapped_column(Integer)
    ew: Mapped[int] = mapped_column(Integer)
    score: Mapped[int | None] = mapped_column(Integer)
    adjusted: Mapped[str | None] = mapped_column(String(8))
    contract: Mapped[str | None] = mapped_column(String(8))
    declarer: Mapped[str | None] = mapped_column(String(1))
    tricks: Mapped[int | None] = mapped_column(Integer)
    round: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)


class HeatUploadRow(Base):
    """An upload that stored or changed a heat's results (the audit): who, when, from
    which format, the fingerprints before and after, how many results, whether it came
    after the correction deadline (only with the organiser's reason)."""

    __tablename__ = "heat_uploads"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    heat_id: Mapped[int] = mapped_column(ForeignKey("heats.id"), index=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    who: Mapped[str] = mapped_column(String(100))
    source: Mapped[str] = mapped_column(String(20))
    old: Mapped[str | None] = mapped_column(String(64))
    new: Mapped[str] = mapped_column(String(64))
    results: Mapped[int] = mapped_column(Integer)
    after_deadline: Mapped[bool] = mapped_column(Boolean, default=False)
    reason: Mapped[str] = mapped_column(Text, default="")
