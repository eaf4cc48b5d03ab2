"""``bridgedesk user`` and :mod:`bridgedesk.store.users`: accounts of the console."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from sqlalchemy import select

from bridgedesk.cli import main
from bridgedesk.errors import EntryError
from bridgedesk.store import users
from bridgedesk.store.models import UserRow
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "club.sqlite3")


def _run(args: list[str], store: Store, stdin: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main([*args, "--db", str(store.engine.url.database)])


def test_user_commands(
    store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    add = ["user", "add", "tanaka", "--role", "director", "--password-stdin"]
    assert _run(add, store, "first-password\n", monkeypatch) == 0
    assert capsys.readouterr().out == "user tanaka: director\n"
    assert _run(["user", "add", "sato", "--role", "viewer", "--password-stdin"], store,
                "second-password\n", monkeypatch) == 0  # fmt: skip
    assert _run(["user", "list"], store, "", monkeypatch) == 0
    lines = capsys.readouterr().out.splitlines()[-2:]
    assert [line.split() for line in lines] == [["sato", "viewer"], ["tanaka", "director"]]
    # the same name again, a short password, an unknown role: refused, nothing changed
    assert _run(add, store, "another-password\n", monkeypatch) == 2
    assert "already exists" in capsys.readouterr().err
    assert _run(["user", "add", "x", "--role", "viewer", "--password-stdin"], store,
                "short\n", monkeypatch) == 2  # fmt: skip
    assert "at least 8 characters" in capsys.readouterr().err
    assert _run(["user", "add", "x", "--role", "owner", "--password-stdin"], store,
                "long-enough\n", monkeypatch) == 2  # fmt: skip
    assert "choose director, scorer or viewer" in capsys.readouterr().err
    assert [u.name for u in users.users(store)] == ["sato", "tanaka"]
    # passwd: the old password stops working, the new one works, sessions end
    token, _ = users.log_in(store, "tanaka", "first-password")
    assert _run(["user", "passwd", "tanaka", "--role", "scorer", "--password-stdin"], store,
                "changed-password\n", monkeypatch) == 0  # fmt: skip
    with pytest.raises(users.LoginError):
        users.session_of(store, token)
    with pytest.raises(users.LoginError, match="wrong user name or password"):
        users.log_in(store, "tanaka", "first-password")
    _, session = users.log_in(store, "tanaka", "changed-password")
    assert session.user.role is Role.SCORER
    assert _run(["user", "remove", "sato"], store, "", monkeypatch) == 0
    assert [u.name for u in users.users(store)] == ["tanaka"]
    assert _run(["user", "remove", "sato"], store, "", monkeypatch) == 2
    assert "no user 'sato'" in capsys.readouterr().err


@pytest.mark.password_cost
def test_only_an_argon2_hash_is_stored(store: Store) -> None:
    users.add_user(store, "tanaka", Role.DIRECTOR, "secret-password")
    with store.transaction(write=False) as s:
        stored = s.scalars(select(UserRow.password_hash)).one()
    assert stored.startswith("$argon2id$") and "secret-password" not in stored
    # the library's default cost (the other tests store cheaper hashes, tests/conftest.py)
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    _, session = users.log_in(store, "tanaka", "secret-password")
    assert session.user.name == "tanaka"


def test_roles_include_the_ones_below() -> None:
    assert Role.DIRECTOR.allows(Role.SCORER) and Role.DIRECTOR.allows(Role.VIEWER)
    assert Role.SCORER.allows(Role.VIEWER) and not Role.SCORER.allows(Role.DIRECTOR)
    assert not Role.VIEWER.allows(Role.SCORER)


def test_user_names_are_checked(store: Store) -> None:
    for bad in ("", "<script>", "a b", "-x", "x" * 65):
        with pytest.raises(EntryError, match="bad user name"):
            users.add_user(store, bad, Role.VIEWER, "long-enough")
    assert users.users(store) == []


def test_a_session_token_is_stored_as_its_digest(store: Store) -> None:
    users.add_user(store, "tanaka", Role.DIRECTOR, "secret-password")
    token, session = users.log_in(store, "tanaka", "secret-password")
    assert users.session_of(store, token) == session
    from bridgedesk.store.models import UserSessionRow

    with store.transaction(write=False) as s:
        digests = list(s.scalars(select(UserSessionRow.token_hash)))
    assert token not in digests and len(digests[0]) == 64
    users.log_out(store, token)
    with pytest.raises(users.LoginError, match="session has ended"):
        users.session_of(store, token)


def test_without_a_terminal_the_password_must_come_on_stdin(
    store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["user", "add", "tanaka", "--role", "viewer"], store, "", monkeypatch) == 2
    assert capsys.readouterr().err == (
        "error: no terminal to ask the password at: pipe it in with --password-stdin\n"
    )
    assert users.users(store) == []


def test_a_session_ends_after_its_lifetime(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    users.add_user(store, "tanaka", Role.DIRECTOR, "secret-password")
    token, session = users.log_in(store, "tanaka", "secret-password")
    start = users.utcnow()
    monkeypatch.setattr(users, "utcnow", lambda: start + users.SESSION_LIFETIME / 2)
    assert users.session_of(store, token) == session
    monkeypatch.setattr(
        users, "utcnow", lambda: start + users.SESSION_LIFETIME + dt.timedelta(minutes=1)
    )
    with pytest.raises(users.LoginError, match="session has ended"):
        users.session_of(store, token)
