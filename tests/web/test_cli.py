"""``bridgedesk event tables``, ``event round`` and ``serve`` (the server is not started)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.cli import main
from bridgedesk.store import terminals
from tests.web.conftest import Stored


def _db(stored: Stored) -> str:
    return str(stored.store.engine.url.database)


def test_tables_json_lists_every_tables_code(
    stored: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["event", "tables", str(stored.event), "--format", "json", "--db", _db(stored)]) == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert rows == [
        {"section": "A", "table": t, "code": stored.codes[("A", t)]}
        for t in range(1, stored.movement.tables + 1)
    ]
    codes = [r["code"] for r in rows]
    assert all(len(c) == terminals.CODE_LENGTH for c in codes)
    assert all(set(c) <= set(terminals.CODE_ALPHABET) for c in codes)


def test_revoke_makes_new_codes(stored: Stored, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", "tables", str(stored.event), "--revoke", "--db", _db(stored)]) == 0
    out = capsys.readouterr().out
    assert "must log in again" in out
    new = {(c.section, c.table): c.code for c in terminals.table_codes(stored.store, stored.event)}
    assert set(new) == set(stored.codes)
    assert all(new[k] != stored.codes[k] for k in new)  # 31^6 codes: a repeat is negligible


def test_cards_carry_the_code_and_a_qr_code(stored: Stored, tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    args = ["event", "tables", str(stored.event), "--cards", "--url", "http://10.0.0.5:8000",
            "--out", str(out), "--db", _db(stored)]  # fmt: skip
    assert main(args) == 0
    html = out.read_text("utf-8")
    assert html.count('<section class="card"') == stored.movement.tables
    assert html.count("<svg") == stored.movement.tables
    for code in stored.codes.values():
        assert code in html


def test_qr_code_holds_the_login_address() -> None:
    from bridgedesk.reports.table_cards import login_url

    code = terminals.TableCode(1, "A", 3, "K7MPQ2")
    assert (
        login_url("http://10.0.0.5:8000/", 4, code)
        == "http://10.0.0.5:8000/t/login?event=4&section=A&table=3&code=K7MPQ2"
    )


def test_round_hold_close_open(stored: Stored, capsys: pytest.CaptureFixture[str]) -> None:
    db = _db(stored)
    assert main(["event", "round", str(stored.event), "2", "hold", "--db", db]) == 0
    assert terminals.round_states(stored.store, stored.event) == {2: "held"}
    assert main(["event", "round", str(stored.event), "2", "close", "--db", db]) == 0
    assert terminals.round_states(stored.store, stored.event) == {2: "closed"}
    assert main(["event", "round", str(stored.event), "2", "open", "--db", db]) == 0
    assert terminals.round_states(stored.store, stored.event) == {}
    assert main(["event", "round", str(stored.event), "99", "hold", "--db", db]) == 2
    assert "round 99 does not exist" in capsys.readouterr().err


def test_tables_without_a_movement_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "x.sqlite3")
    assert main(["event", "new", "Empty", "--date", "2026-11-24", "--db", db]) == 0
    assert main(["event", "tables", "Empty", "--db", db]) == 2
    assert "has a movement yet" in capsys.readouterr().err


def test_serve_prints_what_to_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    # recorded, so the variable the command sets is put back afterwards
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "unused.sqlite3"))
    monkeypatch.delenv("BRIDGEDESK_UPDATE_SECONDS", raising=False)  # set by serve: put back
    db = tmp_path / "club.sqlite3"
    assert main(["serve", "--db", str(db), "--port", "8123", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "http://localhost:8123/e/" in out and "http://localhost:8123/t/" in out
    assert seen["app"] == "bridgedesk.web.app:app_from_environment" and seen["factory"]
    assert (seen["host"], seen["port"], seen["workers"]) == ("127.0.0.1", 8123, 2)
    assert db.exists()  # the schema was made before the workers start
    import os

    assert os.environ["BRIDGEDESK_DB"] == f"sqlite:///{db.resolve()}"


def test_serve_refuses_a_taken_port_and_a_bad_host(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One line, exit 2, before the server starts (uvicorn would log and exit 1)."""
    import socket

    import uvicorn

    started: list[str] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(app))
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "unused.sqlite3"))
    monkeypatch.delenv("BRIDGEDESK_UPDATE_SECONDS", raising=False)  # set by serve: put back
    db = str(tmp_path / "club.sqlite3")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert main(["serve", "--db", db, "--port", port]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: cannot listen on 127.0.0.1 port {port}: ")
        assert err.count("\n") == 1
    assert main(["serve", "--db", db, "--host", "my host"]) == 2
    assert "--host 'my host' is not an IP address or a host name" in capsys.readouterr().err
    assert started == []


def test_serve_names_the_database_the_console_and_every_lan_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    from bridgedesk.services import lan

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.7", "198.51.100.3"])
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "unused.sqlite3"))
    monkeypatch.delenv("BRIDGEDESK_UPDATE_SECONDS", raising=False)  # set by serve: put back
    db = tmp_path / "club.sqlite3"
    assert main(["serve", "--db", str(db), "--host", "0.0.0.0", "--port", "8124"]) == 0
    out = capsys.readouterr().out
    assert str(db.resolve()) in out
    assert "http://192.0.2.7:8124/d/" in out and "http://192.0.2.7:8124/t/" in out
    assert "http://192.0.2.7:8124/, http://198.51.100.3:8124/" in out
    # no proxy named: no X-Forwarded-For believed, from anywhere
    assert seen["proxy_headers"] is False
    assert main(["serve", "--db", str(db), "--port", "8124", "--proxy", "10.0.0.1"]) == 0
    assert (seen["proxy_headers"], seen["forwarded_allow_ips"]) == (True, "10.0.0.1")
    assert "this computer only" in capsys.readouterr().out
    assert main(["serve", "--db", str(db), "--proxy", "my proxy"]) == 2
    assert "--proxy 'my proxy' is not an IP address" in capsys.readouterr().err
    monkeypatch.setenv("BRIDGEDESK_LANG", "ja")
    assert main(["serve", "--db", str(db), "--proxy", "my proxy"]) == 2
    assert "--proxy 'my proxy' は IP アドレスではありません" in capsys.readouterr().err


def test_cards_take_the_lan_address_instead_of_loopback(
    stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from bridgedesk.services import lan

    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.7"])
    out = tmp_path / "cards.html"
    args = ["event", "tables", str(stored.event), "--cards", "--out", str(out), "--db", _db(stored)]
    assert main(args) == 0
    assert "cards use 192.0.2.7" in capsys.readouterr().err
    html = out.read_text("utf-8")
    assert "http://192.0.2.7:8000/t/" in html and "127.0.0.1:8000" not in html
    # no network at all: the loopback address stays, and the card page says so
    monkeypatch.setattr(lan, "lan_addresses", lambda: [])
    assert main(args) == 0
    assert "phones at the tables cannot reach it" in capsys.readouterr().err
    assert 'class="warning"' in out.read_text("utf-8")


def test_serve_spaces_the_live_pages_updates_as_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--update-seconds`` reaches every worker (through the environment, as ``serve``
    starts them), and a value out of range is refused in one line, by the command and by
    a worker started by hand."""
    import os

    import uvicorn

    from bridgedesk.errors import BridgedeskError
    from bridgedesk.services.live_updates import UPDATE_ENV
    from bridgedesk.web.app import app_from_environment
    from bridgedesk.web.live import _versions

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "unused.sqlite3"))
    monkeypatch.delenv(UPDATE_ENV, raising=False)  # recorded: put back as it was
    db = str(tmp_path / "club.sqlite3")

    def spacing() -> float:
        app = app_from_environment()  # as each worker makes it
        try:
            return _versions(app).spacing
        finally:
            app.state.store.close()

    assert main(["serve", "--db", db]) == 0
    assert os.environ[UPDATE_ENV] == "0.1" and spacing() == 0.1
    assert main(["serve", "--db", db, "--update-seconds", "1.5"]) == 0
    assert os.environ[UPDATE_ENV] == "1.5" and spacing() == 1.5
    capsys.readouterr()
    assert main(["serve", "--db", db, "--update-seconds", "61"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "--update-seconds" in err and err.count("\n") == 1
    for given in ("soon", "nan", "-1", "1e9", ""):
        monkeypatch.setenv(UPDATE_ENV, given)
        with pytest.raises(BridgedeskError) as refused:
            app_from_environment()
        assert refused.value.code == "serve.update-seconds"
        assert str(refused.value) == (
            f"BRIDGEDESK_UPDATE_SECONDS={given!r} is not a number of seconds from 0 to 60"
        )
    monkeypatch.setenv(UPDATE_ENV, " 0 ")
    assert spacing() == 0.0
