"""The director's console accounts: names, roles, Argon2 password hashes, sessions.

A role allows what the roles below it allow: a *viewer* reads every console
page, a *scorer* also enters and corrects results, a *director* does
everything (events, entries, movements, rulings, rounds, publishing,
masterpoints).  Passwords are kept only as Argon2id hashes (``argon2-cffi``,
its default parameters, re-hashed at login when those change); a logged-in
browser holds a random session token of which only the SHA-256 is stored, so
a copy of the database logs nobody in.  A login lasts
:data:`SESSION_LIFETIME`; changing a password or removing an account ends its
sessions at once.

Every function takes the store's unit of work
(:class:`~bridgedesk.store.unit.UnitOfWork`, which a ``Store`` is) and works in
one of its transactions.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import re
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.store.models import UserRow, UserSessionRow
from bridgedesk.store.unit import UnitOfWork, utcnow

#: Shortest password accepted.
MIN_PASSWORD = 8
#: How long a console login lasts (a long club evening).
SESSION_LIFETIME = dt.timedelta(hours=16)
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_HASHER = PasswordHasher()


class LoginError(BridgedeskError):
    """A wrong name or password, or a session that has ended (HTTP 401)."""


class Role(enum.StrEnum):
    """What an account may do; each role includes the ones before it."""

    VIEWER = "viewer"
    SCORER = "scorer"
    DIRECTOR = "director"

    @classmethod
    def parse(cls, text: str) -> Role:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise EntryError(
                "unknown role {given!r}: choose director, scorer or viewer",
                code="user.unknown-role",
                given=text,
            ) from None

    def allows(self, needed: Role) -> bool:
        order = list(Role)
        return order.index(self) >= order.index(needed)


@dataclass(frozen=True)
class User:
    id: int
    name: str
    role: Role


@dataclass(frozen=True)
class UserSession:
    """A logged-in browser: who, and the CSRF token its forms must carry."""

    user: User
    csrf: str


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _check_name(name: str) -> str:
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise EntryError(
            "bad user name {given!r}: 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit",
            code="user.bad-name",
            given=name,
        )
    return name


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise EntryError(
            "the password is too short: at least {least} characters",
            code="user.password-short",
            least=MIN_PASSWORD,
        )
    if len(password) > 1024:
        raise EntryError(
            "the password is too long: at most 1024 characters", code="user.password-long"
        )


def _user(row: UserRow) -> User:
    return User(row.id, row.name, Role(row.role))


def _row(s: OrmSession, name: str) -> UserRow:
    row = s.scalars(select(UserRow).where(UserRow.name == name.strip())).one_or_none()
    if row is None:
        raise EntryError(
            "no user {given!r}; see `bridgedesk user list`",
            code="user.no-such-user",
            given=name.strip(),
        )
    return row


def add_user(store: UnitOfWork, name: str, role: Role, password: str) -> User:
    name = _check_name(name)
    _check_password(password)
    with store.transaction() as s:
        if s.scalars(select(UserRow.id).where(UserRow.name == name)).first() is not None:
            raise EntryError(
                "user {name!r} already exists; use `bridgedesk user passwd`",
                code="user.exists",
                name=name,
            )
        row = UserRow(
            name=name, role=role.value, password_hash=_HASHER.hash(password), created_at=utcnow()
        )
        s.add(row)
        s.flush()
        return _user(row)


def users(store: UnitOfWork) -> list[User]:
    with store.transaction(write=False) as s:
        return [_user(r) for r in s.scalars(select(UserRow).order_by(UserRow.name))]


def set_password(store: UnitOfWork, name: str, password: str, role: Role | None = None) -> User:
    """A new password (and role, when given); the account's sessions end."""
    _check_password(password)
    with store.transaction() as s:
        row = _row(s, name)
        row.password_hash = _HASHER.hash(password)
        if role is not None:
            row.role = role.value
        s.execute(delete(UserSessionRow).where(UserSessionRow.user_id == row.id))
        return _user(row)


def remove_user(store: UnitOfWork, name: str) -> None:
    with store.transaction() as s:
        row = _row(s, name)
        s.execute(delete(UserSessionRow).where(UserSessionRow.user_id == row.id))
        s.delete(row)


def log_in(store: UnitOfWork, name: str, password: str) -> tuple[str, UserSession]:
    """Check the password; a new session token (to keep in the cookie) and its session."""
    wrong = LoginError("wrong user name or password", code="login.wrong-password")
    with store.transaction() as s:
        row = s.scalars(select(UserRow).where(UserRow.name == name.strip())).one_or_none()
        if row is None:
            _HASHER.hash(password[:1024])  # the same work as a real check: no timing hint
            raise wrong
        try:
            _HASHER.verify(row.password_hash, password[:1024])
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise wrong from None
        if _HASHER.check_needs_rehash(row.password_hash):
            row.password_hash = _HASHER.hash(password)
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        s.add(
            UserSessionRow(
                token_hash=_digest(token), csrf=csrf, user_id=row.id, created_at=utcnow()
            )
        )
        return token, UserSession(_user(row), csrf)


def session_of(store: UnitOfWork, token: str | None) -> UserSession:
    """The session a cookie's token stands for."""
    if not token:
        raise LoginError("please log in", code="login.needed")
    with store.transaction(write=False) as s:
        found = s.execute(
            select(UserSessionRow, UserRow)
            .join(UserRow, UserRow.id == UserSessionRow.user_id)
            .where(UserSessionRow.token_hash == _digest(token))
        ).one_or_none()
        if found is None:
            raise LoginError(
                "your session has ended: please log in again", code="login.session-ended"
            )
        session, row = found
        if utcnow() - session.created_at > SESSION_LIFETIME:
            raise LoginError(
                "your session has ended: please log in again", code="login.session-ended"
            )
        return UserSession(_user(row), session.csrf)


def log_out(store: UnitOfWork, token: str | None) -> None:
    if not token:
        return
    with store.transaction() as s:
        s.execute(delete(UserSessionRow).where(UserSessionRow.token_hash == _digest(token)))


__all__ = [
    "MIN_PASSWORD",
    "SESSION_LIFETIME",
    "LoginError",
    "Role",
    "User",
    "UserSession",
    "add_user",
    "log_in",
    "log_out",
    "remove_user",
    "session_of",
    "set_password",
    "users",
]
