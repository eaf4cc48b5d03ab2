"""The publish page's masterpoints under the SBF rules (001:609-1900), recorded as
``bridgedesk masterpoints award --from-event --rules sbf`` awards them, and the
printable award certificates (JCBL FMP cards, 000:17-54; SBF award cards) in
English, Japanese and Swedish."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import users
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.store_copies import copy_of_made
from tests.web.conftest import SCRIPT_NAME, Stored, stored_event, stored_found
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login


def _play_every_board(db: Path) -> None:
    s = stored_event(str(db), pairs=8)
    m = s.movement
    for rnd in range(1, m.rounds + 1):
        for table in range(1, m.tables + 1):
            a = m.assignment(rnd, table)
            assert a is not None
            for board in a.boards:
                over = (a.ns * 7 + a.ew * 3 + board) % 5 - 2  # -2..+2 tricks
                result = "=" if over == 0 else f"{over:+d}"
                slips.enter(s.store,
                    s.event,
                    make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                                contract="2S", declarer="N", result=result),
                )  # fmt: skip
    s.store.close()


@pytest.fixture
def played(tmp_path: Path) -> Iterator[Stored]:
    """8 pairs with member numbers (pair 2's first player is called ``<script>``), every
    board played; the pairs' results differ so that no two pairs tie.  (Played once in
    a test process, copied after: :mod:`tests.store_copies`.)"""
    db = tmp_path / "club.sqlite3"
    copy_of_made(db, "8 pairs, every board played", _play_every_board)
    s = stored_found(Store.open(db))
    yield s
    s.store.close()


def _with_members(stored: Stored) -> None:
    """Give every player a member number through the entries' edit (as ``entry edit``)."""
    from bridgedesk.store.entries import edit_entry

    for n in range(1, 9):
        entry = stored.store.entries(stored.event)[n]
        people = [(p.name, f"{n}0{i}") for i, p in enumerate(entry.players, start=1)]
        edit_entry(stored.store, stored.event, n, who="test", reason="members", players=people)


@pytest.fixture
def boss(played: Stored) -> Iterator[tuple[TestClient, str]]:
    _with_members(played)
    users.add_user(played.store, "boss", Role.DIRECTOR, PASSWORD)
    with TestClient(create_app(store=played.store, poll_seconds=0.05)) as client:
        yield client, console_login(client, "boss")


def _cli_awards(stored: Stored, capsys: pytest.CaptureFixture[str], *more: str) -> list:
    db = str(stored.store.engine.url.database)
    code = main(["masterpoints", "award", "--from-event", str(stored.event), "--db", db,
                 "--json", *more])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    return list(json.loads(capsys.readouterr().out))


def test_sbf_awards_shown_and_recorded(
    boss: tuple[TestClient, str], played: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    client, token = boss
    eid = played.event
    page = client.get(f"/d/events/{eid}/publish?rules=sbf&table=A").text
    rows = re.findall(
        r"<tr><td>(\w+)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td>"
        r"<td class=\"num\">([\d.]+)</td><td data-colour=\"(\w+)\">[^<]+</td>",
        page,
    )
    # table A1, 8 pairs (001:609-720): the winners 2 bp per pair = 16, then 2/3
    # rounded up: 11, 8; the best third of the field (3 pairs) is paid
    paid = {(int(place), int(points), colour) for _m, _p, place, points, colour in rows}
    assert sorted(paid) == [(1, 16, "bp"), (2, 11, "bp"), (3, 8, "bp")]
    assert len(rows) == 6
    assert "SBF table A1, 8 in the scale, place 1" in page
    # the reason in the reader's language: Swedish for an SBF club, as JCBL's in Japanese
    sv = client.get(f"/d/events/{eid}/publish?rules=sbf&table=A&lang=sv").text
    assert "SBF tabell A1, 8 i skalan, placering 1" in sv and "SBF table" not in sv
    client.get(f"/d/events/{eid}/publish?lang=en")  # ?lang= is remembered: back to English
    expected = _cli_awards(played, capsys, "--rules", "sbf", "--table", "A")
    assert sorted((m, int(p)) for m, _c, _pl, p, _co in rows) == sorted(
        (a["member"], int(Decimal(a["points"]))) for a in expected
    )
    # a table SBF does not have: refused beside the awards, nothing shown or recorded
    page = client.get(f"/d/events/{eid}/publish?rules=sbf&table=Z9").text
    assert "the SBF table is one of A, A1, A2, C, D, F, GOLD, not &#39;Z9&#39;" in page
    answer = client.post(
        f"/d/events/{eid}/masterpoints",
        data={"csrf_token": token, "rules": "sbf", "table": "Z9", "reason": "club night"},
    )
    assert answer.status_code == 422
    with open_ledger(played.store, write=False) as book:
        assert not [*book.repository.awards(), *book.repository.pending()]
    # recorded under the SBF rules
    answer = client.post(
        f"/d/events/{eid}/masterpoints",
        data={"csrf_token": token, "rules": "sbf", "table": "A", "reason": "club night"},
    )
    assert answer.status_code == 200 and "recorded 6 awards" in answer.text
    assert 'name="rules" value="sbf"' in answer.text  # the page stays on SBF
    with open_ledger(played.store, write=False) as book:
        held = [*book.repository.awards(), *book.repository.pending()]
    assert {e.rules for e in held} == {"sbf"} and len(held) == 6
    assert sum(e.points for e in held) == 2 * (16 + 11 + 8)


def test_certificates_in_three_languages(boss: tuple[TestClient, str], played: Stored) -> None:
    client, _token = boss
    eid = played.event
    # SBF: award cards, colour words per language; the name that is markup is text
    sv = client.get(f"/d/events/{eid}/masterpoints/certificates?rules=sbf&table=A&in=sv").text
    assert sv.count('<section class="card colour-bp"') == 6
    assert "Placering" in sv and "16 <small>bronspoäng</small>" in sv
    ja = client.get(f"/d/events/{eid}/masterpoints/certificates?rules=sbf&table=A&in=ja").text
    assert "ブロンズポイント" in ja and '<html lang="ja">' in ja
    for html in (sv, ja):
        assert SCRIPT_NAME not in html
    # JCBL weekly (class 3): the club's FMP certificates, coloured by the class, a year valid
    en = client.get(f"/d/events/{eid}/masterpoints/certificates?in=en").text
    cards = en.count('<section class="card fmp class-3"')
    assert cards > 0 and "Valid until 2027.11.24" in en and "Howell" in en
    ja = client.get(f"/d/events/{eid}/masterpoints/certificates?in=ja").text
    assert "水色" in ja and " 様" in ja and "フラクショナルポイント証" in ja
    # the page's language by default; a wrong choice is refused, not ignored
    assert (
        '<html lang="ja">' in client.get(f"/d/events/{eid}/masterpoints/certificates?lang=ja").text
    )
    bad = client.get(f"/d/events/{eid}/masterpoints/certificates?rules=fifa")
    assert bad.status_code == 422 and "the rules are jcbl or sbf" in bad.text


def test_fmp_card_of_an_event_without_a_club(boss: tuple[TestClient, str], played: Stored) -> None:
    """Issue 25: the FMP card's club line (000:29) is the club's; an event stored without
    a club leaves it blank to be written in, not filled with the event's name."""
    client, _token = boss
    html = client.get(f"/d/events/{played.event}/masterpoints/certificates?in=en").text
    clubs = re.findall(r"<dt>Club</dt><dd>(.*?)</dd>", html)
    assert clubs and set(clubs) == {""}
    assert "Tuesday pairs" not in "".join(re.findall(r'<section class="card fmp.*?</section>',
                                                     html, flags=re.S))  # fmt: skip
