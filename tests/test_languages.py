"""A Japanese or Swedish club reads no English word for people: the demo event's report
set, the table terminal, the live page and the director's console in ``ja`` and ``sv``,
and their commonest refusals (at the table API, in the console and on the command line).

What counts as an English word for people is taken from the catalogs themselves:
every English message of one to five words that the language translates differently
(and that no translation of the language contains, like "Butler" in "Butler-IMP").
Each page's visible text (tags, scripts and styles taken out, the event's, club's and
players' names too: they are data) must contain none of them.  Codes shared by every
language (NS, EW, IMP, VP, PBN, CSV ...) are not words in this sense.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.model import Section, Session
from bridgedesk.i18n import catalog_files
from bridgedesk.movements.catalogue import build
from bridgedesk.store import terminals, users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app

LANGS = ("ja", "sv")


@cache
def english_words(lang: str) -> tuple[str, ...]:
    """The English messages a page in ``lang`` must not show (longest first)."""
    po, _mo = catalog_files(lang)
    with po.open("rb") as stream:
        messages = [m for m in read_po(stream, locale=lang) if m.id and not isinstance(m.id, tuple)]
    said = " ".join(str(m.string) for m in messages)
    words = {
        str(m.id)
        for m in messages
        if m.string != m.id
        and "{" not in str(m.id)
        and len(str(m.id)) >= 4
        and 1 <= len(str(m.id).split()) <= 5
        and re.search(r"[a-z]{3}", str(m.id))
        and str(m.id) not in said
    }
    return tuple(sorted(words, key=len, reverse=True))


def visible(page: str, data: tuple[str, ...] = ()) -> str:
    """What a person reads on ``page``, without the names it shows (data)."""
    # code (a file's column names, a command) is not words
    text = re.sub(r"(?is)<(script|style|code)\b.*?</\1>", " ", page)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = re.sub(r"\w+://\S+", " ", text)  # an address
    for name in data:
        text = text.replace(name, " ")
    return re.sub(r"\s+", " ", text)


#: Latin words a Japanese page may show: bridge's and files' codes, the program's name.
CODES = frozenset(
    [
        "NS",
        "EW",
        "IMP",
        "IMPs",
        "VP",
        "MP",
        "HCP",
        "PBN",
        "HND",
        "CSV",
        "JSON",
        "USEBIO",
        "PDF",
        "QR",
        "zip",
        "SBF",
        "JCBL",
        "BBO",
        "UTC",
        "AWL",
        "SRR",
        "B-a-M",
        "Rd",
        "rd",
        "bds",
        "bridgedesk",
        "PARY",
        "JFR",
        "GOLD",
        "PASS",
        "English",
        "Svenska",
        "Enter",
        "bam",
        "wbf",
    ]
)


def english_in(page: str, lang: str, data: tuple[str, ...] = ()) -> list[str]:
    text = visible(page, data)
    found = (re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) for w in english_words(lang))
    words = [m[0] for m in found if m]
    if lang == "ja":  # no Latin word at all but the codes
        latin = re.findall(r"(?<![\w/.-])[A-Za-z][A-Za-z-]{2,}(?![\w-]|\.\w)", text)
        words += sorted({w for w in latin if w not in CODES} - set(words))
    return words


def test_the_check_catches_an_english_word() -> None:
    # the check itself: an English heading on a Japanese page is caught, its name is not
    assert english_in("<h1>Ranking</h1><p>佐藤</p>", "ja") == ["Ranking"]
    assert english_in("<h1>順位表</h1><p>Ranking Sato</p>", "ja", ("Ranking Sato",)) == []
    assert "Travellers" in english_words("sv") and "NS" not in english_words("sv")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_demo_report_set_speaks_the_language(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "demo"
    argv = ["demo", "--pairs", "8", "--seed", "4", "--no-dd", "--out", str(out), "--lang", lang]
    assert main([*argv, "--db", str(tmp_path / "demo.sqlite3")]) == 0
    store = Store.open(str(tmp_path / "demo.sqlite3"))
    try:
        info = store.events()[0]
        players = tuple(p.name for e in store.entries(info.id).values() for p in e.players)
        data = (info.event.name, info.event.club, *players)
    finally:
        store.close()
    pages = sorted(out.rglob("*.html"))
    assert len(pages) >= 5
    english = {page.name: english_in(page.read_text("utf-8"), lang, data) for page in pages}
    assert not any(english.values()), {k: v for k, v in english.items() if v}


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[TestClient, int, dict[tuple[str, int], str]]]:
    store = Store.open(str(tmp_path / "club.sqlite3"))
    event = Event(
        "Vårtävling",
        dt.date(2026, 11, 24),
        Rating.WEEKLY,
        3,
        ScoringMethod.MATCHPOINTS,
        club="Lunds BK",
        sessions=(Session(1, (Section("A"),)),),
    )
    eid = store.create_event(event)
    for n in range(1, 9):
        store.add_entry(eid, Entry(n, (Player(f"Ek{n}"), Player(f"Alm{n}"))))
    store.set_movement(eid, build("howell", pairs=8, boards_per_round=2))
    codes = {(c.section, c.table): c.code for c in terminals.table_codes(store, eid)}
    users.add_user(store, "boss", Role.DIRECTOR, "correct horse battery")
    with TestClient(create_app(store=store, poll_seconds=0.05)) as client:
        yield client, eid, codes
    store.close()


def _log_in(client: TestClient) -> None:
    page = client.get("/d/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    answer = client.post(
        "/d/login",
        data={"username": "boss", "password": "correct horse battery", "csrf_token": token[1]},
        follow_redirects=False,
    )
    assert answer.status_code == 303


@pytest.mark.parametrize("lang", LANGS)
def test_pages_and_console_speak_the_language(
    lang: str, club: tuple[TestClient, int, dict[tuple[str, int], str]]
) -> None:
    client, eid, codes = club
    data = ("Vårtävling", "Lunds BK", "boss", *(f"Ek{n}" for n in range(1, 9)),
            *(f"Alm{n}" for n in range(1, 9)), *codes.values())  # fmt: skip
    _log_in(client)
    paths = [
        "/t/", "/e/", f"/e/{eid}/",
        "/d/", f"/d/events/{eid}", f"/d/events/{eid}/movement", f"/d/events/{eid}/deals",
        f"/d/events/{eid}/grid", f"/d/events/{eid}/results", f"/d/events/{eid}/publish",
        f"/d/events/{eid}/movement/cards", f"/d/events/{eid}/tables/cards",
    ]  # fmt: skip
    english = {}
    for path in paths:
        page = client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
        assert page.status_code == 200, (path, page.text[:300])
        english[path] = english_in(page.text, lang, data)
    assert not any(english.values()), {k: v for k, v in english.items() if v}


def _club_data(codes: dict[tuple[str, int], str]) -> tuple[str, ...]:
    return ("Vårtävling", "Lunds BK", "boss", *(f"Ek{n}" for n in range(1, 9)),
            *(f"Alm{n}" for n in range(1, 9)), *codes.values())  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_commonest_refusals_speak_the_language(
    lang: str,
    club: tuple[TestClient, int, dict[tuple[str, int], str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    client, eid, codes = club
    data = _club_data(codes)
    said: dict[str, str] = {}
    # the table API: a wrong table code, then slips a table gets wrong
    wrong = client.post(
        f"/api/table/login?lang={lang}",
        json={"event": eid, "section": "A", "table": 1, "code": "WRONG1"},
    )
    assert wrong.status_code == 401
    assert (wrong.json()["code"], wrong.json()["field"]) == ("table.wrong-code", "code")
    said["wrong code"] = wrong.json()["error"]
    login = client.post(
        "/api/table/login", json={"event": eid, "section": "A", "table": 1, "code": codes[("A", 1)]}
    )
    headers = {"Authorization": f"Bearer {login.json()['token']}"}
    state = client.get("/api/table/state", headers=headers).json()
    slip = {"round": state["round"], "board": state["boards"][0], "ns": state["ns"],
            "ew": state["ew"], "contract": "7NT", "declarer": "N", "result": "+2"}  # fmt: skip
    wrong_slips = {
        "result.impossible": slip,
        "result.needs-declarer": {**slip, "contract": "4S", "declarer": "", "result": "="},
        "result.board-not-at-table": {**slip, "board": 99, "result": "="},
        "result.wrong-pairs": {**slip, "ns": 7, "ew": 8, "result": "="},
        "table.other-round": {**slip, "round": state["round"] + 1, "result": "="},
    }
    for code, body in wrong_slips.items():
        answer = client.post(f"/api/table/results?lang={lang}", headers=headers, json=body)
        assert answer.status_code in (400, 403, 409, 422), answer.text
        assert answer.json()["code"] == code, answer.json()
        said[code] = answer.json()["error"]
    # the console: a number that is not one, a result entered twice
    _log_in(client)
    page = client.get(f"/d/events/{eid}/results?lang={lang}")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    form = {"csrf_token": token[1], "round": str(state["round"]), "table": "1",
            "board": str(state["boards"][0]), "ns": str(state["ns"]), "ew": str(state["ew"]),
            "contract": "4S", "declarer": "N", "result": "="}  # fmt: skip
    assert client.post(f"/d/events/{eid}/results", data=form).status_code == 200
    for code, typed in (("result.already-entered", form), ("form.not-a-number",
                        {**form, "round": "x"})):  # fmt: skip
        answer = client.post(f"/d/events/{eid}/results?lang={lang}", data=typed)
        shown = re.search(rf'<p data-code="{re.escape(code)}"[^>]*>([^<]*)</p>', answer.text)
        assert shown is not None, (code, answer.text[:500])
        said[code] = html.unescape(shown[1])
    # the command line: an impossible result, in the language of BRIDGEDESK_LANG
    monkeypatch.setenv("BRIDGEDESK_LANG", lang)
    db = str(tmp_path / "club.sqlite3")
    argv = ["result", "add", str(eid), "--round", "1", "--table", "1", "--board", "1",
            "--ns", "1", "--ew", "2", "7NT", "N", "+2", "--db", db]  # fmt: skip
    assert main(argv) == 2
    said["command line"] = capsys.readouterr().err.strip()
    assert said["command line"].count("\n") == 0
    english = {what: english_in(text, lang, data) for what, text in said.items()}
    assert not any(english.values()), {k: (v, said[k]) for k, v in english.items() if v}
    if lang == "ja":
        assert said["result.impossible"].endswith(
            "：結果 +2 は 7NT ではありえません（入力できるのは = と -1〜-13）"
        )
        assert said["wrong code"] == "大会・セクション・テーブル番号かテーブルコードが違います"
    else:
        assert said["result.impossible"].endswith(
            ": resultatet +2 är omöjligt i 7NT: tillåtet är = och -1 till -13"
        )
        assert said["wrong code"] == "fel tävling, sektion, bord eller kod"
