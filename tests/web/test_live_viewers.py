"""What keeps twenty people watching the live page cheap (issue 22: their fetches shared
the one worker with the tables' results), checked for keeping what they see the same:
an ``update`` carries the version the page is written with, changes that come faster
than ``update_seconds`` share one wake, a kept fragment is answered at the door with the
route's own bytes (gzipped when the request takes it) and never across a change, each
section's block is rendered again only when that section changed, and the stream
announces a version once its fragment is made."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgedesk.services import visibility
from bridgedesk.services.live_results import LiveResults
from bridgedesk.web import live
from bridgedesk.web.app import create_app
from bridgedesk.web.live_kept import (
    Fragment,
    SectionBlocks,
    Versions,
    accepts_gzip,
    fragment_key,
)
from tests.web.conftest import Stored, login, stored_event
from tests.web.test_api import post, slip
from tests.web.test_load_paths import _enter

_VERSION = re.compile(r'<div id="live" data-version="([0-9.]+)"')


def _shown(html: str) -> str:
    found = _VERSION.search(html)
    assert found is not None, html[:200]
    return found.group(1)


def _announced(lines: Iterator[str], kind: str) -> str:
    """The data of the next ``event: kind`` of a stream."""
    for text in lines:
        if text == f"event: {kind}":
            data = next(lines)
            assert data.startswith("data: ")
            return data[len("data: ") :]
    raise AssertionError(f"the stream ended before its {kind}")


@pytest.fixture
def two_sections(tmp_path: Path) -> Iterator[Stored]:
    s = stored_event(str(tmp_path / "club.sqlite3"), sections=("A", "B"))
    yield s
    s.store.close()


def test_the_stream_announces_the_version_the_page_is_written_with(stored: Stored) -> None:
    """``live.js`` skips a version its page shows: both must count the director's audit
    (a release here) the same way, or a page would be fetched for nothing, or kept
    when it should not."""
    _enter(stored, "A", 1)
    visibility.release(stored.store, stored.event, 1, shown=True, who="boss", reason="early")
    with TestClient(create_app(store=stored.store, poll_seconds=0.05)) as client:
        page = _shown(client.get(f"/e/{stored.event}/live").text)
        with client.stream("GET", f"/e/{stored.event}/events") as answer:
            hello = _announced(answer.iter_lines(), "hello")
    assert hello == page
    assert page.split(".")[2] != "0"  # the release is counted


def test_changes_faster_than_the_spacing_share_one_wake() -> None:
    async def run() -> tuple[float, float, float, bool]:
        versions = Versions(every=60.0, app=FastAPI(), spacing=0.2)
        first = asyncio.ensure_future(versions.wait(1, 5.0))
        await asyncio.sleep(0)
        start = time.monotonic()
        versions.touch({1})  # the first change: at once
        await first
        woke = time.monotonic() - start
        second = asyncio.ensure_future(versions.wait(1, 5.0))
        await asyncio.sleep(0)
        versions.touch({1})
        versions.touch({1})  # put off: one wake for both
        await asyncio.sleep(0.05)
        early = second.done()
        await second
        later = time.monotonic() - start
        third = asyncio.ensure_future(versions.wait(1, 5.0))
        await asyncio.sleep(0)
        versions.touch({1})
        versions.close()  # the app stops: what was put off wakes now
        await third
        return woke, later, time.monotonic() - start - later, early

    woke, later, closing, early = asyncio.run(run())
    assert woke < 0.1 and not early
    assert 0.199 <= later < 2.0
    assert closing < 0.1


def test_a_kept_fragment_is_answered_at_the_door_and_never_across_a_change(
    stored: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(store=stored.store, poll_seconds=60.0)  # the version known a minute
    with TestClient(app) as client:
        url = f"/e/{stored.event}/live"
        first = client.get(url)
        made: list[tuple[Any, ...]] = []
        versions = live._versions(app)
        real = versions.cached

        async def counted(*args: Any, **kw: Any) -> Any:
            made.append(args[2])
            return await real(*args, **kw)

        monkeypatch.setattr(versions, "cached", counted)
        again = client.get(url)
        assert made == []  # the door answered: the route was not asked
        assert (again.status_code, again.content) == (200, first.content)
        for name in ("content-type", "content-encoding", "content-length", "vary"):
            assert again.headers[name] == first.headers[name]
        assert first.headers["content-encoding"] == "gzip"  # the client takes it
        plain = client.get(url, headers={"Accept-Encoding": "gzip;q=0, identity"})
        assert made == [] and "content-encoding" not in plain.headers
        assert plain.content == first.content  # the same page, not packed
        assert int(plain.headers["content-length"]) == len(plain.content)
        # another language is another fragment, made by the route
        swedish = client.get(url, params={"lang": "sv"})
        assert made == [fragment_key(stored.event, "sv")] and "Sektion" in swedish.text
        # a table's result through this process's writer: the next GET shows it
        answer = post(client, login(client, stored, 1), slip(stored, 1, 1))
        assert answer.status_code == 201
        after = client.get(url)
        assert _shown(after.text).split(".")[1] == str(answer.json()["id"])
        assert "1 of " in after.text and "1 of " not in first.text


@pytest.mark.parametrize(
    ("header", "taken"),
    [(None, False), ("gzip", True), ("deflate, gzip, br", True), ("br;q=1, gzip;q=0", False),
     ("GZIP;q=0.5", True), ("*", True), ("*;q=0", False), ("identity", False),
     ("gzip;q=x", False), ("br, *;q=0.1", True), ("gzip;q=0.000", False),
     ("gzip;q=0, *", False)],
)  # fmt: skip
def test_the_gzip_a_request_takes(header: str | None, taken: bool) -> None:
    assert accepts_gzip(header) is taken


def test_the_page_made_from_kept_blocks_is_the_page_made_anew(two_sections: Stored) -> None:
    stored = two_sections
    cache, blocks = LiveResults(stored.store), SectionBlocks()
    _enter(stored, "A", 1)
    _enter(stored, "B", 1)
    live.fragment_html(stored.store, stored.event, "en", cache, blocks)
    b_before = blocks.block("en", stored.event, cache.section(stored.event, 1, "B").display)
    _enter(stored, "A", 2)
    kept = live.fragment_html(stored.store, stored.event, "en", cache, blocks)
    anew = live.fragment_html(stored.store, stored.event, "en", LiveResults(stored.store),
                              SectionBlocks())  # fmt: skip
    assert kept == anew and "2 of " in kept
    b_after = blocks.block("en", stored.event, cache.section(stored.event, 1, "B").display)
    assert b_after is b_before  # B had no new result: its block was not rendered again


def test_an_update_is_sent_once_the_fragment_of_its_version_is_kept(stored: Stored) -> None:
    app = create_app(store=stored.store, poll_seconds=60.0)
    with TestClient(app) as client:
        url = f"/e/{stored.event}/live"
        client.get(url)  # an English viewer: its fragment is made ahead from now on
        auth = login(client, stored, 1)
        with client.stream("GET", f"/e/{stored.event}/events") as answer:
            lines = answer.iter_lines()
            _announced(lines, "hello")
            created = post(client, auth, slip(stored, 1, 1))
            assert created.status_code == 201
            announced = _announced(lines, "update")
            kept = live._versions(app).kept(stored.event, fragment_key(stored.event, "en"))
        assert isinstance(kept, Fragment)
        assert _shown(kept.html) == announced
        assert announced.split(".")[1] == str(created.json()["id"])
