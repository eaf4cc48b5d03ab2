"""The console's handicap page (``/d/events/ID/handicap``, docs/handicap.md): the same
two rankings and the same awards as ``bridgedesk handicap`` and ``bridgedesk
masterpoints award --handicap-ratings`` on the same store; the choice carried in the
page's address (a reload, a viewer); every field refused beside itself with its code,
in the page's language, the store unchanged; roles and the CSRF check."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login
from tests.web.test_console_awards import _with_members, played

__all__ = ["played"]  # the fixture, used by name

#: Every player's rating: pair n's players 40 + 2n + seat.
RATINGS = {f"{n}0{s}": 40 + 2 * n + s for n in range(1, 9) for s in (1, 2)}


@pytest.fixture
def clients(played: Stored) -> Iterator[dict[str, tuple[TestClient, str]]]:
    _with_members(played)
    app = create_app(store=played.store, poll_seconds=0.05)
    out = {}
    for name, role in (("boss", Role.DIRECTOR), ("keeper", Role.SCORER), ("reader", Role.VIEWER)):
        users.add_user(played.store, name, role, PASSWORD)
    with TestClient(app) as boss, TestClient(app) as keeper, TestClient(app) as reader:
        for name, client in (("boss", boss), ("keeper", keeper), ("reader", reader)):
            out[name] = (client, console_login(client, name))
        yield out


def _dump(stored: Stored) -> list[str]:
    """Everything stored but the logins' sessions."""
    db = str(stored.store.engine.url.database)
    with sqlite3.connect(db) as conn:
        return [line for line in conn.iterdump() if "user_sessions" not in line]


def _rows(page: str, table: str) -> list[list[str]]:
    found = re.search(rf'<table class="grid" id="{table}">(.*?)</table>', page, re.S)
    assert found is not None, f"no table {table}"
    body = found.group(1).split("<tbody>")[1]
    cells = r"<td[^>]*>(.*?)</td>"
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(cells, r, re.S)]
        for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def _typed(ratings: dict[str, int]) -> dict[str, str]:
    return {f"r.{m}": str(v) for m, v in ratings.items()}


def test_the_page_ranks_as_the_command_does_and_keeps_the_choice_in_its_address(
    clients: dict[str, tuple[TestClient, str]],
    played: Stored,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    boss, csrf = clients["boss"]
    event = played.event
    assert 'id="handicap-link"' in boss.get(f"/d/events/{event}").text
    page = boss.get(f"/d/events/{event}/handicap")
    assert page.status_code == 200 and 'name="r.101"' in page.text
    # half the ratings from the file, the other half typed: the page takes both
    path = tmp_path / "ratings.csv"
    items = sorted(RATINGS.items())
    path.write_text("member,rating\n" + "".join(f"{m},{v}\n" for m, v in items), "utf-8")
    typed = _typed(dict(items[8:]))
    with path.open("rb") as f:
        sent = boss.post(
            f"/d/events/{event}/handicap",
            data={"csrf_token": csrf, "method": "ratings", "share": "90", **typed},
            files={"file": ("ratings.csv", f.read(), "text/csv")},
            follow_redirects=False,
        )
    assert sent.status_code == 303, sent.text
    address = sent.headers["location"]
    assert "method=ratings" in address and "r.101=43" in address and "share=90" in address
    shown = boss.get(address).text
    db = str(played.store.engine.url.database)
    assert main(["handicap", str(event), "--ratings", str(path), "--share", "90", "--json",
                 "--db", db]) == 0  # fmt: skip
    cli = json.loads(capsys.readouterr().out)["ranking"]
    withh = _rows(shown, "handicap-ranking")
    assert [[r[0], r[1], r[3], r[4]] for r in withh] == [
        [x["rank"], x["pair"], x["handicap"] if x["handicap"].startswith("-")
         else "+" + x["handicap"], x["handicapped"]] for x in cli
    ]  # fmt: skip
    scratch = _rows(shown, "scratch-ranking")
    by_scratch = sorted(cli, key=lambda x: -Decimal(x["scratch"]))
    assert [[r[0], r[1], r[3]] for r in scratch] == [
        [x["scratch_rank"], x["pair"], x["scratch"]] for x in by_scratch
    ]
    assert "&lt;script&gt;" in shown and "<script>alert" not in shown
    # the viewer given the address reads the same rankings, and has no form to change them
    reader, _ = clients["reader"]
    seen = reader.get(address).text
    assert _rows(seen, "handicap-ranking") == withh and 'id="handicap-form"' not in seen
    # the awards of both lists, as the command gives them, and recorded by the director
    awards_page = boss.get(address + "&rules=sbf&table=A&split=better").text
    assert main(["masterpoints", "award", "--rules", "sbf", "--table", "A", "--from-event",
                 str(event), "--db", db, "--handicap-ratings", str(path), "--handicap-share",
                 "90", "--json"]) == 0  # fmt: skip
    want = json.loads(capsys.readouterr().out)
    got = _rows(awards_page, "awards")
    assert [[r[0], r[1], r[2], r[3]] for r in got] == [
        [a["member"], a["competitor"], str(a["place"]), a["points"]] for a in want
    ]
    assert got and all(r[5].startswith(("scratch: ", "with handicap: ")) for r in got)
    ja = boss.get(address + "&rules=sbf&table=A&lang=ja").text
    assert "ハンディキャップ" in ja
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                             awards_page.split('id="record-awards"')[1]))  # fmt: skip
    fields.update(reason="handicap pairs", csrf_token=csrf)
    recorded = boss.post(f"/d/events/{event}/handicap/masterpoints", data=fields,
                         follow_redirects=False)  # fmt: skip
    assert recorded.status_code == 303, recorded.text
    assert f"{len(want)}" in boss.get(recorded.headers["location"]).text
    # recorded from both lists: `record --event` cannot repeat them (the handicaps are not
    # stored), so it refuses instead of recording the scratch list alone
    again = ["masterpoints", "record", "--event", str(event), "--reason", "again", "--db", db]
    assert main(again) == 2
    err = capsys.readouterr().err
    assert "scratch and its handicap list" in err and err.count("\n") == 1


REFUSED = [
    ({"method": "ratings", "share": "90", **_typed(RATINGS), "r.101": "abc"}, "r.101",
     "handicap.rating-not-a-percentage"),
    ({"method": "ratings", **_typed({k: v for k, v in RATINGS.items() if k != "302"})},
     "ratings", "handicap.member-without-rating"),
    ({"method": "grades", "grades": "0:6,lots:2"}, "grades", "handicap.band-format"),
    ({"method": "grades", "grades": "5:1"}, "grades", "handicap.bands-from-zero"),
    ({"method": "grades", "grades": "0:6,20:2,5:4"}, "grades", "handicap.bands-go-up"),
    ({"method": "grades", "grades": ""}, "grades", "handicap.bands-missing"),
    ({"method": "grades", "grades": "0:3", "share": "0"}, "share",
     "handicap.share-not-a-percentage"),
    ({"method": "grades", "grades": "0:3", "share": "ninety"}, "share",
     "handicap.share-not-a-percentage"),
    ({"method": "dice"}, "method", "handicap.unknown-method"),
    ({"grades": "0:3"}, "method", "handicap.choose-method"),
]  # fmt: skip


@pytest.mark.parametrize(("form", "field", "code"), REFUSED)
def test_each_field_refused_beside_itself_and_nothing_changes(
    clients: dict[str, tuple[TestClient, str]],
    played: Stored,
    form: dict[str, str],
    field: str,
    code: str,
) -> None:
    keeper, csrf = clients["keeper"]  # a scorer may choose the handicaps
    before = _dump(played)
    answer = keeper.post(f"/d/events/{played.event}/handicap", data={"csrf_token": csrf, **form},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code in (400, 422), answer.text
    assert f'data-code="{code}"' in answer.text
    # beside its field: the refusal follows the field's input (or its group) on the page
    place = answer.text.index(f'data-code="{code}"')
    anchor = {"ratings": 'name="file"', "method": 'name="method"'}.get(field, f'name="{field}"')
    field_at = answer.text.rfind(anchor, 0, place)
    assert field_at != -1 and place - field_at < 300, answer.text[field_at : place + 80]
    assert answer.text.count('class="error"') == 1  # said once, there
    assert _dump(played) == before
    # the same in Japanese, from the address a viewer is given
    reader, _ = clients["reader"]
    query = "&".join(f"{k}={v}" for k, v in form.items())
    seen = reader.get(f"/d/events/{played.event}/handicap?lang=ja&{query}")
    if code != "handicap.choose-method":  # the address without a method shows nothing
        assert f'data-code="{code}"' in seen.text
        assert re.search(rf'data-code="{code}"[^>]*>[^<]*[ぁ-んァ-ン一-龥]', seen.text)


def test_a_ratings_file_refused_names_its_line(
    clients: dict[str, tuple[TestClient, str]], played: Stored
) -> None:
    boss, csrf = clients["boss"]
    before = _dump(played)
    for text, code in (("member,score\n101,47\n", "handicap.ratings-header"),
                       ("member,rating\n101,47\n101,48\n", "handicap.member-twice")):  # fmt: skip
        answer = boss.post(
            f"/d/events/{played.event}/handicap",
            data={"csrf_token": csrf, "method": "ratings"},
            files={"file": ("ratings.csv", text.encode(), "text/csv")},
        )
        assert answer.status_code in (400, 422) and f'data-code="{code}"' in answer.text
        assert "ratings.csv" in answer.text
    assert _dump(played) == before


def test_roles_and_the_csrf_check(
    clients: dict[str, tuple[TestClient, str]], played: Stored
) -> None:
    reader, csrf = clients["reader"]
    form = {"method": "grades", "grades": "0:3"}
    answer = reader.post(f"/d/events/{played.event}/handicap", data={"csrf_token": csrf, **form})
    assert answer.status_code == 403 and 'data-code="role.refused"' in answer.text
    keeper, keeper_csrf = clients["keeper"]
    assert keeper.post(f"/d/events/{played.event}/handicap", data=form).status_code == 403
    done = keeper.post(
        f"/d/events/{played.event}/handicap",
        data={"csrf_token": keeper_csrf, **form},
        follow_redirects=False,
    )
    assert done.status_code == 303
    # recording awards is the director's
    record = keeper.post(
        f"/d/events/{played.event}/handicap/masterpoints",
        data={"csrf_token": keeper_csrf, "reason": "x", "rules": "jcbl", **form},
    )
    assert record.status_code == 403


@pytest.mark.parametrize(
    ("more", "code"),
    [
        ({"reason": " "}, "awards.needs-reason"),
        ({"reason": "x", "split": "twice"}, "handicap.unknown-split"),
        ({"reason": "x", "rules": "fide"}, "awards.unknown-rules"),
        ({"reason": "x", "method": "grades", "grades": "0:3,1:x"}, "handicap.band-format"),
    ],
)
def test_recording_refused_changes_no_ledger(
    clients: dict[str, tuple[TestClient, str]],
    played: Stored,
    more: dict[str, str],
    code: str,
) -> None:
    boss, csrf = clients["boss"]
    before = _dump(played)
    form = {"csrf_token": csrf, "method": "grades", "grades": "0:3", "rules": "jcbl", **more}
    answer = boss.post(f"/d/events/{played.event}/handicap/masterpoints", data=form)
    assert answer.status_code in (400, 422) and f'data-code="{code}"' in answer.text
    if code == "awards.needs-reason":  # the page as it was, the refusal in the record form
        text = answer.text
        assert 'id="awards"' in text
        assert text.index('id="record-awards"') < text.index(f'data-code="{code}"')
    assert _dump(played) == before
