"""The console's new-event form (issue 15): every kind and option of ``event new``,
stored by the command's own function, refused with the command's own line beside
the field, nothing stored on refusal; the CSRF token and the director's role."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgedesk.events.pair_formats import PairFormat
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.results.team_model import Method
from bridgedesk.scoring.options import Convention
from bridgedesk.store import event_options, team_events, users
from bridgedesk.store.individuals import individual_event
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from bridgedesk.web.console.event_form import FIELDS
from tests.web.conftest import SCRIPT_NAME, Stored
from tests.web.test_console import PASSWORD, log_in


@pytest.fixture(name="client")
def client_fixture(stored: Stored) -> Iterator[TestClient]:
    """The app on the stored event, with a director (boss), a scorer (kim), a viewer (vic)."""
    for name, role in (("boss", Role.DIRECTOR), ("kim", Role.SCORER), ("vic", Role.VIEWER)):
        users.add_user(stored.store, name, role, PASSWORD)
    with TestClient(create_app(store=stored.store, login_limit=3)) as c:
        yield c


def _create(client: TestClient, token: str, **fields: str) -> int:
    answer = client.post("/d/events", data={"csrf_token": token, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    found = re.fullmatch(r"/d/events/(\d+)", answer.headers["location"])
    assert found is not None
    return int(found.group(1))


def test_the_form_offers_every_kind_and_option(client: TestClient) -> None:
    log_in(client, "boss")
    page = client.get("/d/").text
    for name in ("name", "kind", "format", "scoring", "convention", "club", "date", "rating",
                 "class", "sessions", "sections", "deadline", "vp_scale", "boards_per_match",
                 "rounds", "swiss_rule", "rematch", "cycles", "stock"):  # fmt: skip
        assert f'name="{name}"' in page, name
    values = ("pairs", "teams", "individual", "swiss-pairs", "barometer", "houston",
              "knockout", "round-robin", "bam-vp", "jfr-pary", "wbf2013", "jcbl-2")  # fmt: skip
    for value in values:
        assert f">{value}<" in page or f'value="{value}"' in page, value


def test_a_team_event_is_a_real_team_event(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = _create(
        client, token, name="Autumn Swiss", kind="teams", format="swiss", scoring="vp",
        rounds="7", boards_per_match="8", swiss_rule="jcbl-2", rematch="not-consecutive",
        vp_scale="wbf2013", date="2026-11-24", club="Kanto",
    )  # fmt: skip
    settings = team_events.settings(stored.store, eid)
    assert settings.form is TeamForm.SWISS and settings.scoring is Method.TEAM_VP
    assert (settings.rounds, settings.boards_per_match) == (7, 8)
    assert settings.swiss_rule is not None and settings.swiss_rule.value == "jcbl-2"
    info = stored.store.event(eid)
    assert info.event.club == "Kanto" and str(info.event.date) == "2026-11-24"
    # a knockout scored by default on IMPs, as the command does
    ko = _create(client, token, name="Cup", kind="teams", format="knockout")
    assert team_events.settings(stored.store, ko).scoring is Method.TEAM_IMPS


def test_pairs_by_round_individual_and_sessions(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    swiss = _create(client, token, name="Swiss pairs", format="swiss-pairs", scoring="mp")
    assert event_options.options(stored.store, swiss).format is PairFormat.SWISS_PAIRS
    conv = _create(client, token, name="EBU style", convention="two-per-comparison")
    assert event_options.options(stored.store, conv).convention is Convention.TWO_PER_COMPARISON
    alone = _create(client, token, name="Individual", kind="individual")
    assert individual_event(stored.store, alone)
    two = _create(client, token, name="Two days", sessions="2", sections="A,B")
    listed = client.get("/d/").text
    assert "<td>individual</td>" in listed and "<td>pairs, round by round</td>" in listed
    assert list(stored.store.event(two).sections) == [(1, ("A", "B")), (2, ("A", "B"))]
    assert not team_events.is_team_event(stored.store, two)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"kind": "teams", "sections": "A,B"}, "sections",
         "a team event is one section: leave out --sections"),
        ({"kind": "pairs", "even_chance": "1"}, "even_chance",
         "--even-chance is for a team event (--kind teams)"),
        ({"kind": "teams"}, "format", "a team event needs --format: round-robin, swiss"),
        ({"kind": "teams", "format": "knockout", "scoring": "vp"}, "scoring", "knockout"),
        ({"kind": "pairs", "rounds": "5"}, "rounds", "--rounds is for a team event (--kind teams)"),
        ({"kind": "individual", "format": "barometer"}, "format",
         "--format and --convention are for a pairs event"),
        ({"kind": "individual", "sessions": "2"}, "kind", "an individual event has one session"),
        ({"kind": "pairs", "format": "swiss"}, "format", "swiss"),
        ({"kind": "pairs", "sections": "A,A"}, "sections", "--sections needs distinct names"),
        ({"kind": "pairs", "date": "24/11/2026"}, "date", "bad date '24/11/2026'"),
        ({"kind": "clubs"}, "kind", "--kind is pairs, teams or individual, not 'clubs'"),
        ({"kind": "teams", "format": "swiss", "vp_scale": "/etc/passwd"}, "vp_scale",
         "--vp-scale '/etc/passwd': choose a built-in scale"),
        ({"kind": "pairs", "convention": "jfr-pary", "scoring": "ximp"}, "convention",
         "the convention jfr-pary is for an event scored by mp, not ximp"),
    ],
)  # fmt: skip
def test_a_refusal_is_the_commands_line_beside_its_field_and_stores_nothing(
    client: TestClient, stored: Stored, fields: dict[str, str], field: str, message: str
) -> None:
    token = log_in(client, "boss")
    before = stored.store.events()
    answer = client.post("/d/events", data={"csrf_token": token, "name": "Refused", **fields})
    assert answer.status_code in (400, 409, 422), answer.text
    assert stored.store.events() == before
    shown = re.search(r'<p data-code="[^"]*" class="error" role="alert">([^<]*)</p>', answer.text)
    assert shown is not None and message in shown.group(1).replace("&#39;", "'"), answer.text
    # beside its field: the refusal follows the field's label
    assert answer.text.index(f'name="{field}"') < answer.text.index('class="error"')
    assert field in FIELDS
    # what was typed is kept
    assert 'value="Refused"' in answer.text


def test_only_a_director_creates_and_only_with_the_token(
    client: TestClient, stored: Stored
) -> None:
    before = stored.store.events()
    token = log_in(client, "kim")
    answer = client.post("/d/events", data={"csrf_token": token, "name": "X", "kind": "teams",
                                            "format": "swiss"})  # fmt: skip
    assert answer.status_code == 403
    client.cookies.clear()
    log_in(client, "boss")
    answer = client.post("/d/events", data={"name": "X", "kind": "individual"})
    assert answer.status_code == 403 and "CSRF" in answer.text
    assert stored.store.events() == before


def test_names_typed_in_the_form_are_escaped(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = _create(client, token, name=SCRIPT_NAME, club=SCRIPT_NAME, kind="individual")
    page = client.get("/d/").text
    assert SCRIPT_NAME not in page and "&lt;script&gt;" in page
    assert stored.store.event(eid).event.name == SCRIPT_NAME
    answer = client.post("/d/events", data={"csrf_token": token, "name": SCRIPT_NAME,
                                            "kind": "teams", "rematch": SCRIPT_NAME,
                                            "format": "swiss"})  # fmt: skip
    assert answer.status_code in (400, 422) and SCRIPT_NAME not in answer.text


def test_the_japanese_form(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    page = client.get("/d/?lang=ja").text
    assert "チーム戦" in page and "個人戦" in page
    answer = client.post("/d/events?lang=ja", data={"csrf_token": token, "name": "X",
                                                    "kind": "teams"})  # fmt: skip
    assert answer.status_code == 422 and "チーム戦" in answer.text
    assert (
        'data-code="event.team-needs-format"' in answer.text
        and "チーム戦には形式が必要です" in answer.text
    )


def test_movement_check_problems_in_japanese(client: TestClient, stored: Stored) -> None:
    """The check's problems carry a code: the English page prints the command's line,
    the Japanese page its sentence with the same numbers."""
    from bridgedesk.events import Entry, Player
    from bridgedesk.events.entry import validate_section

    stored.store.add_entry(stored.event, Entry(9, (Player("Late"), Player("Pair"))))
    log_in(client, "boss")
    english = client.get(f"/d/events/{stored.event}").text
    movement = stored.store.movement(stored.event)
    assert movement is not None
    line = validate_section(movement, stored.store.entries(stored.event))
    assert line == ["entered but not seated by the movement: 9 (it seats 1, 2, 3, 4, 5, 6, 7, 8)"]
    assert 'data-code="entered-not-seated"' in english and line[0] in english
    japanese = client.get(f"/d/events/{stored.event}?lang=ja").text
    assert 'data-code="entered-not-seated"' in japanese
    assert "ムーブメントに席がありません：9（ムーブメントの席は 1, 2, 3" in japanese
    assert line[0] not in japanese


def test_the_kinds_refusals_in_japanese(stored: Stored) -> None:
    """The refusals these pages add carry their code and are said in Japanese and
    Swedish from the catalogs, their values carried over (web/refusals.py)."""
    from bridgedesk.errors import BridgedeskError
    from bridgedesk.services.event_setup import NewEvent, create_event_of_kind
    from bridgedesk.store.session_plans import plan_sessions
    from bridgedesk.web.refusals import refusal

    store = stored.store

    def refused(run: object) -> BridgedeskError:
        with pytest.raises(BridgedeskError) as info:
            run()  # type: ignore[operator]
        return info.value

    empty = create_event_of_kind(store, NewEvent("Empty", sessions=2), who="td").id
    cases = {
        "event.team-one-section": lambda: create_event_of_kind(
            store, NewEvent("T", kind="teams", sections="A,B"), who="td"),
        "event.team-needs-format": lambda: create_event_of_kind(
            store, NewEvent("T", kind="teams"), who="td"),
        "event.unknown-kind": lambda: create_event_of_kind(
            store, NewEvent("T", kind="clubs"), who="td"),
        "event.individual-one-section": lambda: create_event_of_kind(
            store, NewEvent("I", kind="individual", sections="A,B"), who="td"),
        "event.needs-name": lambda: create_event_of_kind(store, NewEvent(" "), who="td"),
        "plan.no-pairs": lambda: plan_sessions(store, empty, 2),
    }  # fmt: skip
    for code, run in cases.items():
        error = refused(run)
        assert error.code == code, error
        assert refusal(error, "en").text == str(error)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", refusal(error, "ja").text)
        assert refusal(error, "sv").text != str(error)
    error = refused(cases["event.unknown-kind"])
    assert error.where.input == "kind" and error.params == {"given": "clubs"}
    assert refusal(error, "ja").text == (
        "種類はペア戦・チーム戦・個人戦のいずれかです（'clubs' ではありません）"
    )
