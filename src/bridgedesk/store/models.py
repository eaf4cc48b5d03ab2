"""The database tables, as SQLAlchemy 2 typed declarative models.

Every change to these models needs an Alembic migration in ``store/alembic/versions``
(a test compares the migrated schema with these models).  The declarative base is
in :mod:`bridgedesk.store.base`; a team event's tables in
:mod:`bridgedesk.store.team_models`, a league's in
:mod:`bridgedesk.store.league_models` and a simultaneous event's in
:mod:`bridgedesk.store.simultaneous_models`, re-exported here.  Times are stored as
naive UTC; scores from North-South's point of view.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bridgedesk.store.base import NAMING as NAMING
from bridgedesk.store.base import Base as Base
from bridgedesk.store.league_models import LeagueDayRow as LeagueDayRow
from bridgedesk.store.league_models import LeagueDivisionRow as LeagueDivisionRow
from bridgedesk.store.league_models import LeagueRow as LeagueRow
from bridgedesk.store.simultaneous_models import HeatPairRow as HeatPairRow
from bridgedesk.store.simultaneous_models import HeatResultRow as HeatResultRow
from bridgedesk.store.simultaneous_models import HeatRow as HeatRow
from bridgedesk.store.simultaneous_models import HeatUploadRow as HeatUploadRow
from bridgedesk.store.simultaneous_models import SimultaneousRow as SimultaneousRow
from bridgedesk.store.team_models import EvenChanceEventRow as EvenChanceEventRow
from bridgedesk.store.team_models import EvenChancePairRow as EvenChancePairRow
from bridgedesk.store.team_models import TeamEventRow as TeamEventRow
from bridgedesk.store.team_models import TeamHalfRow as TeamHalfRow
from bridgedesk.store.team_models import TeamLineupRow as TeamLineupRow
from bridgedesk.store.team_models import TeamMatchRow as TeamMatchRow
from bridgedesk.store.team_models import TeamMisseatRow as TeamMisseatRow
from bridgedesk.store.team_models import TeamOriginRow as TeamOriginRow
from bridgedesk.store.team_models import TeamSessionsRow as TeamSessionsRow
from bridgedesk.store.team_models import TeamWithdrawalRow as TeamWithdrawalRow


class PlayerRow(Base):
    """A player, shared by every event (a federation ledger builds on this)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    member: Mapped[str | None] = mapped_column(String(40), unique=True)


class EventRow(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    club: Mapped[str] = mapped_column(String(200), default="")
    date: Mapped[dt.date] = mapped_column(Date)
    rating: Mapped[str] = mapped_column(String(40))
    event_class: Mapped[int] = mapped_column(Integer)
    scoring: Mapped[str] = mapped_column(String(20))
    correction_deadline: Mapped[dt.datetime | None] = mapped_column(DateTime)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)

    sessions: Mapped[list[SessionRow]] = relationship(
        back_populates="event", order_by="SessionRow.number"
    )


class SessionRow(Base):
    __tablename__ = "sessions"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)

    event: Mapped[EventRow] = relationship(back_populates="sessions")
    sections: Mapped[list[SectionRow]] = relationship(
        back_populates="session", order_by="SectionRow.name"
    )


class MovementRow(Base):
    """A movement as its grid JSON (:meth:`bridgedesk.events.seating.GridMovement.to_json`)."""

    __tablename__ = "movements"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(40))
    data: Mapped[str] = mapped_column(Text)


class SectionRow(Base):
    __tablename__ = "sections"
    __table_args__ = (UniqueConstraint("session_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), index=True)
    name: Mapped[str] = mapped_column(String(10))
    movement_id: Mapped[int | None] = mapped_column(ForeignKey("movements.id"))

    session: Mapped[SessionRow] = relationship(back_populates="sections")
    movement: Mapped[MovementRow | None] = relationship()


class EntryRow(Base):
    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("section_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    team_name: Mapped[str | None] = mapped_column(String(200))
    stationary: Mapped[bool] = mapped_column(Boolean, default=False)
    phantom: Mapped[bool] = mapped_column(Boolean, default=False)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    #: A stratified event's flight of the pair ("A" the top, 004:1515-1532).
    flight: Mapped[str | None] = mapped_column(String(8), nullable=True)

    players: Mapped[list[EntryPlayerRow]] = relationship(
        order_by="EntryPlayerRow.position", cascade="all, delete-orphan"
    )


class EntryPlayerRow(Base):
    __tablename__ = "entry_players"

    entry_id: Mapped[int] = mapped_column(ForeignKey("entries.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)

    player: Mapped[PlayerRow] = relationship()


class DealRow(Base):
    """A board's deal as PBN deal text (``N:AKQ.. ...``), attached to an event."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("event_id", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    board: Mapped[int] = mapped_column(Integer)
    pbn: Mapped[str] = mapped_column(String(80))


class ResultRow(Base):
    """One result slip line.  The natural key (section, board, NS, EW) is unique."""

    __tablename__ = "results"
    __table_args__ = (
        UniqueConstraint("section_id", "board", "ns", "ew"),
        UniqueConstraint("section_id", "round", "table_no", "board"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[int] = mapped_column(Integer)
    ew: Mapped[int] = mapped_column(Integer)
    contract: Mapped[str | None] = mapped_column(String(8))
    declarer: Mapped[str | None] = mapped_column(String(1))
    tricks: Mapped[int | None] = mapped_column(Integer)
    lead: Mapped[str | None] = mapped_column(String(3))
    adjusted: Mapped[str | None] = mapped_column(String(8))
    ns_score: Mapped[int | None] = mapped_column(Integer)
    override_reason: Mapped[str | None] = mapped_column(Text)
    entered_by: Mapped[str] = mapped_column(String(100), default="")
    entered_at: Mapped[dt.datetime] = mapped_column(DateTime)
    #: Deleted by an audited correction; kept so the deletion can be undone.
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class CorrectionRow(Base):
    """The audit log: every change to a stored result, who, when, why, old and new.

    ``action`` is ``correct``, ``delete`` or ``undo``; an undo names the
    correction it reverses in ``undoes_id``.  ``old`` and ``new`` are the
    result's state as JSON (values, director's override, withdrawn).
    """

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id"), index=True)
    action: Mapped[str] = mapped_column(String(10))
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    who: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(Text)
    director: Mapped[bool] = mapped_column(Boolean, default=False)
    after_deadline: Mapped[bool] = mapped_column(Boolean, default=False)
    old: Mapped[str] = mapped_column(Text)
    new: Mapped[str] = mapped_column(Text)
    undoes_id: Mapped[int | None] = mapped_column(ForeignKey("corrections.id"))


# -- the masterpoint ledger (migration 0003) -----------------------------------------


class LedgerMemberRow(Base):
    """A player registered in the federation's masterpoint ledger.

    The member number and name live in ``players`` (shared with the events); this
    row adds what the ledger needs.  Decimal values are kept as exact text.
    """

    __tablename__ = "ledger_members"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    joined: Mapped[dt.date | None] = mapped_column(Date)
    marker: Mapped[str] = mapped_column(String(10), default="")
    mp_1973_and_before: Mapped[str] = mapped_column(String(32), default="0")

    player: Mapped[PlayerRow] = relationship()


class LedgerAwardRow(Base):
    """One award (or, with ``held``, an award held for a non-member, 000:141-151).

    ``event_id`` links the award to a stored event when it came from one; the
    ``event`` text is the name printed on statements.  ``points`` is exact text.
    """

    __tablename__ = "ledger_awards"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id"), index=True)
    day: Mapped[dt.date] = mapped_column(Date)
    event: Mapped[str] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(10))
    version: Mapped[str] = mapped_column(String(40))
    points: Mapped[str] = mapped_column(String(32))
    colour: Mapped[str] = mapped_column(String(8))
    place: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text, default="")
    kind: Mapped[str] = mapped_column(String(20), default="")
    held: Mapped[bool] = mapped_column(Boolean, default=False)

    player: Mapped[PlayerRow] = relationship()


class LedgerSeedRow(Base):
    """A member's JCBL seed points (SP) on a date (statement footer, 000:72)."""

    __tablename__ = "ledger_seed_points"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    as_of: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    sp: Mapped[int] = mapped_column(Integer)


class LedgerAuditRow(Base):
    """The ledger's audit log: an event's awards written or replaced, who, when, why.

    ``old`` and ``new`` are the event's awards before and after, as JSON lists.
    """

    __tablename__ = "ledger_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    action: Mapped[str] = mapped_column(String(10))
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    who: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(Text)
    old: Mapped[str] = mapped_column(Text)
    new: Mapped[str] = mapped_column(Text)


class AwardBasisRow(Base):
    """What an event's recorded awards were made from (migration 0014): the rules and
    options they were awarded under, and the ranking they placed (``ranking``, JSON; its
    ``digest``), so a later ruling that changes the ranking shows them stale."""

    __tablename__ = "award_bases"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    rules: Mapped[str] = mapped_column(String(10))
    options: Mapped[str] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(String(64))
    ranking: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    who: Mapped[str] = mapped_column(String(100))


# -- double-dummy analyses, cached by deal (migration 0003) ---------------------------


class DealAnalysisRow(Base):
    """A deal's double-dummy table and par, solved once and kept.

    Keyed by the deal as PBN text from North (``N:...``), the dealer and the
    vulnerability (par depends on both).  ``tricks`` is 20 hexadecimal digits,
    seats N E S W by strains C D H S NT; ``par_contracts`` is PBN ``ParContract``
    text (``Pass`` when none).
    """

    __tablename__ = "deal_analyses"
    __table_args__ = (UniqueConstraint("deal", "dealer", "vulnerability"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[str] = mapped_column(String(80))
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(4))
    tricks: Mapped[str] = mapped_column(String(20))
    par_score: Mapped[int] = mapped_column(Integer)
    par_contracts: Mapped[str] = mapped_column(Text)
    solved_at: Mapped[dt.datetime] = mapped_column(DateTime)


# -- table terminals (migration 0004_table_terminals) ---------------------------------


class TableCodeRow(Base):
    """A table's login code for a section (random, revocable: ``generation`` counts
    the codes issued, and a token is good only for the generation it was issued in)."""

    __tablename__ = "table_codes"
    __table_args__ = (UniqueConstraint("section_id", "table_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    table_no: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(16))
    generation: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class TableTokenRow(Base):
    """A logged-in table terminal: the SHA-256 of its bearer token, never the token."""

    __tablename__ = "table_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    csrf: Mapped[str] = mapped_column(String(64))
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    table_no: Mapped[int] = mapped_column(Integer)
    generation: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class RoundControlRow(Base):
    """The director's hand on a round: ``held`` (tables wait) or ``closed``."""

    __tablename__ = "round_controls"
    __table_args__ = (UniqueConstraint("section_id", "round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(10))
    who: Mapped[str] = mapped_column(String(100))
    at: Mapped[dt.datetime] = mapped_column(DateTime)


class LoginFailureRow(Base):
    """A failed login (a wrong table code, a wrong console password) from ``client``,
    counted by :mod:`bridgedesk.store.login_failures` in every server process."""

    __tablename__ = "login_failures"
    __table_args__ = (Index("ix_login_failures_scope_client", "scope", "client"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(20))
    client: Mapped[str] = mapped_column(String(64))
    at: Mapped[dt.datetime] = mapped_column(DateTime)


class IdempotencyRow(Base):
    """A table's request by its ``Idempotency-Key``: the answer it got, given again
    to a retry (``request`` is the SHA-256 of the request body)."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("section_id", "table_no", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    table_no: Mapped[int] = mapped_column(Integer)
    key: Mapped[str] = mapped_column(String(100))
    request: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer)
    response: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


# -- the director's rulings and audit (migration 0005) --------------------------------


class RulingRow(Base):
    """A director's ruling on a section (:mod:`bridgedesk.events.rulings`).

    ``kind`` is ``penalty`` (``pair``, ``amount`` as exact text, ``unit``, an
    optional ``board``), ``fouled`` (``board``, ``round``, ``table_no``, ``grp``)
    or ``not-played`` (``board``, ``round``, ``table_no``).  A cancelled ruling
    is kept with ``cancelled`` set, so the audit log can point at it.
    """

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    pair: Mapped[int | None] = mapped_column(Integer)
    board: Mapped[int | None] = mapped_column(Integer)
    round: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    amount: Mapped[str | None] = mapped_column(String(32))
    unit: Mapped[str | None] = mapped_column(String(10))
    grp: Mapped[str | None] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(Text)
    who: Mapped[str] = mapped_column(String(100))
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False)


class DirectorAuditRow(Base):
    """The audit log of the director's tools: rulings and entry changes.

    ``action`` says what was done (``penalty``, ``fouled``, ``not-played``,
    ``cancel``, ``entry-edit``, ``entry-withdraw``, ``entry-import``...);
    ``subject`` what it was done to (``pair 3``, ``board 5``...); ``old`` and
    ``new`` the state before and after, as JSON.
    """

    __tablename__ = "director_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    action: Mapped[str] = mapped_column(String(20))
    subject: Mapped[str] = mapped_column(String(100))
    at: Mapped[dt.datetime] = mapped_column(DateTime)
    who: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(Text)
    old: Mapped[str] = mapped_column(Text)
    new: Mapped[str] = mapped_column(Text)


# -- the director's console: accounts and their sessions (migration 0006) ------------


class UserRow(Base):
    """A console account: its name, its role (``director``, ``scorer`` or ``viewer``)
    and the Argon2 hash of its password (never the password)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(10))
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class UserSessionRow(Base):
    """A logged-in console browser: the SHA-256 of its session token and its CSRF token."""

    __tablename__ = "user_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    csrf: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


# -- several sessions: one competitor, the final (migration 0010_sessions) -----------


class CompetitorSeatRow(Base):
    """Where a competitor of an event sits in each session (004:2381-2452).

    ``competitor`` names it by its first-session seat (``"3"``, or ``"B3"`` with
    several sections, as :class:`bridgedesk.movements.plan.EventPlan` does);
    one row per session gives the section and the number it plays under there.
    In a final, ``origin`` is the competitor's id in the qualifying event.
    """

    __tablename__ = "competitor_seats"
    __table_args__ = (
        UniqueConstraint("event_id", "session", "section", "number"),
        UniqueConstraint("event_id", "competitor", "session"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    competitor: Mapped[str] = mapped_column(String(20))
    session: Mapped[int] = mapped_column(Integer)
    section: Mapped[str] = mapped_column(String(10))
    number: Mapped[int] = mapped_column(Integer)
    origin: Mapped[str | None] = mapped_column(String(20))


class FinalRow(Base):
    """A final made from a stored qualifying event (004:1985-2034): the cut and the
    carry-over's board maximum, so the final's ranking can add the carry-over."""

    __tablename__ = "finals"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    qualifying_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    places: Mapped[int] = mapped_column(Integer)
    cut_by: Mapped[str] = mapped_column(String(10))
    withdrawn: Mapped[str] = mapped_column(Text, default="[]")
    max_boards: Mapped[int | None] = mapped_column(Integer)


class SessionDealRow(Base):
    """A later session's deal of a board, as PBN deal text.  The event's ``deals`` are
    its first session's; a session that plays new boards under the same numbers (the
    JCBL plans number every session's boards from 1) keeps its own here."""

    __tablename__ = "session_deals"
    __table_args__ = (UniqueConstraint("event_id", "session", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    session: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    pbn: Mapped[str] = mapped_column(String(80))


# -- an event's format and scoring options (migration 0007_pairformats) ----------------


class EventOptionsRow(Base):
    """A pairs event's format and scoring options (:mod:`bridgedesk.events.pair_formats`).

    ``format`` is ``swiss-pairs``, ``barometer`` or ``houston`` for an event played
    round by round (its draw is the section's movement, a round added at a time),
    None for an ordinary one; ``pairing`` None is the format's default;
    ``convention`` the matchpoint convention (:mod:`bridgedesk.scoring.options`).
    An event without a row has the defaults.
    """

    __tablename__ = "event_options"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    format: Mapped[str | None] = mapped_column(String(20))
    pairing: Mapped[str | None] = mapped_column(String(20))
    vp_scale: Mapped[str] = mapped_column(String(40), default="wbf2013", server_default="wbf2013")
    convention: Mapped[str] = mapped_column(String(30), default="jcbl", server_default="jcbl")


# -- disputed results: a table calls the director (migration 0008_console) -------------


class DisputeRow(Base):
    """A table's dispute of a stored result: who raised it and when; the director's
    resolution (``confirmed`` or ``corrected``, with a reason and the correction made)
    once it is resolved.  The result stays entered while the dispute is open."""

    __tablename__ = "disputes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id"), index=True)
    raised_by: Mapped[str] = mapped_column(String(100))
    raised_at: Mapped[dt.datetime] = mapped_column(DateTime)
    note: Mapped[str] = mapped_column(Text, default="", server_default="")
    resolution: Mapped[str | None] = mapped_column(String(10))
    resolved_by: Mapped[str | None] = mapped_column(String(100))
    resolved_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    reason: Mapped[str | None] = mapped_column(Text)
    correction_id: Mapped[int | None] = mapped_column(ForeignKey("corrections.id"))


# -- individual events (migration 0011_individuals) -----------------------------------


class IndividualEventRow(Base):
    """An event of individuals (004:1576-1614): its entries are players, its sections'
    movements individual ones (:mod:`bridgedesk.store.individuals`)."""

    __tablename__ = "individual_events"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
