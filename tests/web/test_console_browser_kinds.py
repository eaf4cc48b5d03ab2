"""A two-session pairs event and a 12-player individual run from the director's console
in a real browser (Playwright, Debian's chromium), in English and in Japanese
(issue 15).  The form creates each kind; the sessions page stores the plan for two
sessions and shows the renumbering and the combined ranking; the players page enters
the players, takes the individual movement and a slip naming four players.  The
other slips go in through the store (the form's own checks are tested in
test_console_sessions.py and test_console_individuals.py).  Each event is walked
once, in English; then its pages are loaded in Japanese (the refusal, the combined
ranking, the players' ranking) with their words checked and their screenshots taken.
Screenshots go to ``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.events import make_result
from bridgedesk.events.slips import SeatedResult
from bridgedesk.services import slips as slip_service
from bridgedesk.store import individuals, users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from tests.events.test_director_cli import tricks
from tests.events.test_individual_cli import slips
from tests.web import test_browser as phone_tests
from tests.web.conftest import SCRIPT_NAME, running

browser = phone_tests.browser
shots = phone_tests.shots

pytestmark = phone_tests.pytestmark  # browser, slow, skipped without Debian's chromium
pytest.importorskip("playwright.sync_api")

PASSWORD = "two-evenings"
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Store]]:
    from bridgedesk.web.app import create_app

    store = Store.open(tmp_path / "club.sqlite3")
    users.add_user(store, "director", Role.DIRECTOR, PASSWORD)
    try:
        with running(create_app(store=store, poll_seconds=0.2)) as base:
            yield base, store
    finally:
        store.close()


def _log_in(browser: Any, base: str, lang: str) -> Any:
    page = browser.new_context(**LAPTOP).new_page()
    page.goto(f"{base}/d/?lang={lang}")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_selector("#new-event")
    return page


def _create(page: Any, name: str, kind: str, sessions: str = "1") -> int:
    page.fill("#new-event input[name=name]", name)
    page.fill("#new-event input[name=sections]", "A")
    page.select_option("#new-event select[name=kind]", kind)
    page.fill("#new-event input[name=sessions]", sessions)
    page.fill("#new-event input[name=date]", "2026-11-24")
    page.click("#new-event button[type=submit]")
    page.wait_for_url("**/d/events/*")
    return int(page.url.split("/d/events/")[1].split("?")[0])


def _refuse_teams_in_sections(page: Any, store: Store, shots: Path, lang: str) -> None:
    """A refused combination: the command's line beside the kind, nothing stored."""
    before = store.events()
    page.fill("#new-event input[name=name]", "Refused")
    page.select_option("#new-event select[name=kind]", "teams")
    page.fill("#new-event input[name=sections]", "A,B")
    page.click("#new-event button[type=submit]")
    page.wait_for_selector("#new-event p.error")
    said = {"en": "a team event is one section: leave out --sections",
            "ja": "チーム戦は 1 セクションです"}[lang]  # fmt: skip
    assert said in page.inner_text("#new-event p.error")
    assert store.events() == before
    page.screenshot(path=str(shots / f"console-kinds-refused-{lang}.png"), full_page=True)


def _combined_ranking(page: Any, base: str, event: int, shots: Path, lang: str) -> None:
    page.goto(f"{base}/d/events/{event}/sessions?lang={lang}")
    page.wait_for_selector("#combined-ranking")
    assert page.locator("#combined-ranking tbody tr").count() == 12
    heading = {"en": "Combined ranking over all sessions", "ja": "全セッションの総合順位"}[lang]
    assert heading in page.inner_text("#combined")
    page.screenshot(path=str(shots / f"console-sessions-{lang}.png"), full_page=True)
    with page.expect_download() as got:
        page.click("#combined a.button")
    assert got.value.suggested_filename.endswith(".zip")


def test_two_sessions_from_the_console(
    served: tuple[str, Store], browser: Any, shots: Path, tmp_path: Path
) -> None:
    base, store = served
    lang = "en"
    page = _log_in(browser, base, lang)
    # a refused combination first: the command's line beside the kind, nothing stored
    _refuse_teams_in_sections(page, store, shots, lang)
    assert store.events() == []
    event = _create(page, f"Two evenings ({lang})", "pairs", "2")
    csv = tmp_path / "entries.csv"
    rows = ["pair,player1,member1,player2,member2"]
    rows += [f'{n},"{"<b>Bold</b>" if n == 3 else f"North{n}"}",,South{n},'
             for n in range(1, 13)]  # fmt: skip
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    page.set_input_files("#import-entries input[type=file]", str(csv))
    page.click("#import-entries button[type=submit]")
    page.wait_for_selector("#entries")
    # the sessions page: store the recommended plan for two sessions
    page.click("nav.console a[accesskey='7']")
    page.wait_for_selector("#plan")
    page.fill("#plan input[name=sessions]", "2")
    page.click("#plan button[type=submit]")
    page.wait_for_selector(".box.ok")
    seats = page.inner_text("#seats")
    assert "<b>Bold</b>" in seats  # a name as text, not markup
    one = store.movement(event, section="A", session=1)
    two = store.movement(event, section="A", session=2)
    assert one is not None and two is not None
    # session 2 chosen in the navigation; its first slip entered on its results page
    page.goto(f"{base}/d/events/{event}/results?session=2&section=A&lang={lang}")
    a = two.assignment(1, 1)
    assert a is not None
    page.fill("#enter-result input[name=round]", "1")
    page.fill("#enter-result input[name=table]", "1")
    page.fill("#enter-result input[name=board]", str(a.boards[0]))
    page.fill("#enter-result input[name=ns]", str(a.ns))
    page.fill("#enter-result input[name=ew]", str(a.ew))
    page.fill("#enter-result input[name=contract]", "3NT")
    page.select_option("#enter-result select[name=declarer]", "N")
    page.fill("#enter-result input[name=result]", "=")
    page.press("#enter-result input[name=result]", "Enter")
    page.wait_for_selector(".box.ok")
    assert [r.result.session for r in store.results(event)] == [2]
    # the other slips of both sessions
    for session, grid in ((1, one), (2, two)):
        for (rnd, table), at in sorted(grid.grid.items()):
            for board in at.boards:
                if (session, rnd, table, board) == (2, 1, 1, a.boards[0]):
                    continue
                won = tricks(board, table) - 6
                slip = make_result(
                    round=rnd, table=table, board=board, ns=at.ns, ew=at.ew, contract="3NT",
                    declarer="N", result=f"{won:+d}" if won != 3 else "=", session=session,
                )  # fmt: skip
                slip_service.enter(store, event, slip)
    _combined_ranking(page, base, event, shots, lang)
    page.context.close()

    # in Japanese: the refusal, then the combined ranking of the same event
    page = _log_in(browser, base, "ja")
    _refuse_teams_in_sections(page, store, shots, "ja")
    _combined_ranking(page, base, event, shots, "ja")
    page.context.close()


def _players_ranking(page: Any, shots: Path, lang: str) -> None:
    page.wait_for_selector("#player-ranking")
    assert page.locator("#player-ranking tbody tr").count() == 12
    heading = {"en": "Ranking of the players", "ja": "プレイヤーの順位"}[lang]
    assert heading in page.inner_text("#player-ranking")
    page.screenshot(path=str(shots / f"console-individual-{lang}.png"), full_page=True)


def test_a_twelve_player_individual_from_the_console(
    served: tuple[str, Store], browser: Any, shots: Path
) -> None:
    base, store = served
    lang = "en"
    page = _log_in(browser, base, lang)
    event = _create(page, f"Spring individual ({lang})", "individual")
    page.click("nav.console a[accesskey='7']")
    page.wait_for_selector("#add-player")
    for n in range(1, 13):
        page.fill("#add-player input[name=name]", SCRIPT_NAME if n == 4 else f"Player {n}")
        page.press("#add-player input[name=name]", "Enter")
        page.wait_for_selector(".box.ok")
    assert page.locator("#players tbody tr").count() == 12
    assert SCRIPT_NAME in page.inner_text("#players")
    page.click("#individual-movement button")
    page.wait_for_selector(".individual-round")
    plan = individuals.plan(store, event)
    assert plan is not None and plan.rounds == 11
    rnd, table, board, (n, s, e, w), (contract, declarer, result) = slips()[0]
    form = {"round": rnd, "table": table, "board": board, "north": n, "south": s, "east": e,
            "west": w, "contract": contract, "result": result}  # fmt: skip
    for name, value in form.items():
        page.fill(f"#enter-slip input[name={name}]", str(value))
    page.select_option("#enter-slip select[name=declarer]", declarer)
    page.press("#enter-slip input[name=contract]", "Enter")
    page.wait_for_selector(".box.ok")
    for slip in slips()[1:]:
        rnd, table, board, players, (contract, declarer, result) = slip
        made = make_result(
            round=rnd, table=table, board=board, ns=players[0], ew=players[2],
            contract=contract, declarer=declarer or None, result=result or None,
        )  # fmt: skip
        slip_service.enter(store, event, SeatedResult(made, players))
    page.reload()
    _players_ranking(page, shots, lang)
    players_page = page.url
    page.context.close()

    # the same page in Japanese
    page = _log_in(browser, base, "ja")
    page.goto(players_page.split("?")[0] + "?lang=ja")
    _players_ranking(page, shots, "ja")
    assert SCRIPT_NAME in page.inner_text("#players")
    page.context.close()
