"""A simultaneous event end to end: three clubs play their heats in three separate SQLite
stores and send them to the federation's store (PostgreSQL, and the same on SQLite),
by the upload API, by the ``upload`` command and as a USEBIO file the organiser imports;
the field is scored across the heats.

Checked here (issue 26):

- scoring across the field equals scoring the union of the three heats' results as one
  field, by the file path (``bridgedesk score`` of one traveller file holding every
  result, pairs named HEAT-PAIR) -- an independent reader and service;
- a heat sent again changes nothing; a heat that played another deal set, and a heat
  whose movement is not the one it registered, are refused in one line and change
  nothing; a correction is taken until the deadline (audited), and after it only the
  organiser's, with a reason;
- the JCBL awards are red points for the overall places (000:232), by the overall
  formula (000:451) with the seed's coefficients written out here; the SBF awards pay
  the common list as an ordinary bronze event (001:441-446) and, for a silver event, each
  heat by itself plus a fifth of a silver event's points to the common list's best 16
  at most (001:447-455).

The heats are :mod:`tests.services.sim_heats`' (deals and play simulated from fixed
seeds).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import random
from collections.abc import Callable
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import EntryError
from bridgedesk.events.model import AdjustedScore
from bridgedesk.masterpoints.sbf.tables import bronze_simultaneous, table, table_d
from bridgedesk.services import heat_export, heat_uploads, simultaneous, simultaneous_scores
from bridgedesk.services.simultaneous import PointRules
from bridgedesk.store import simultaneous as store
from bridgedesk.store.service import Store
from bridgedesk.web.app import create_app
from tests.services.sim_heats import club_heat, deal_file, deal_set, synthetic_heat
from tests.web.conftest import running

#: (club, movement family, tables, boards a round, simulation seed): 12, 14 and 12 pairs.
CLUBS = (
    ("Lunds BK", "mitchell", 6, 3, 1),
    ("Malmo BK", "mitchell", 7, 3, 2),
    ("Kyoto BC", "howell", 6, 2, 3),
)


@pytest.fixture(params=["sqlite", "postgresql"])
def federation(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "federation.sqlite3")
    url: str = request.getfixturevalue("new_postgres_db")()
    return url


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _union(clubs: list[tuple[Path, int]]) -> dict[str, object]:
    """Every result of every club's store as one traveller file, pairs HEAT-PAIR."""
    boards: dict[int, list[dict[str, object]]] = {}
    for heat, (db, eid) in enumerate(clubs, start=1):
        with Store.open(db) as club:
            for stored in club.results(eid):
                r = stored.result
                line: dict[str, object] = {"ns": f"{heat}-{r.ns}", "ew": f"{heat}-{r.ew}"}
                if r.adjusted is not None:
                    line["adjusted"] = {"ns": str(r.adjusted.ns), "ew": str(r.adjusted.ew)}
                else:
                    line["score_ns"] = r.ns_score
                boards.setdefault(r.board, []).append(line)
    return {
        "format": "bridgedesk-travellers", "version": 1, "winners": 1,
        "boards": [{"board": b, "results": rs} for b, rs in sorted(boards.items())],
    }  # fmt: skip


def _round2(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def test_three_heats_scored_across_the_field(
    federation: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = deal_set(24, 7)
    set_file = deal_file(deals, tmp_path / "set.pbn")
    clubs = [
        (tmp_path / f"club{i}.sqlite3",
         club_heat(tmp_path / f"club{i}.sqlite3", name, deals, kind, tables, per, seed,
                   adjusted=i == 1))
        for i, (name, kind, tables, per, seed) in enumerate(CLUBS, start=1)
    ]  # fmt: skip
    deadline = dt.datetime(2026, 11, 30, 12, 0)
    with Store.open(federation) as fed:
        eid = simultaneous.create_simultaneous(
            fed, simultaneous.NewSimultaneous(
                "Japan sim 2026", set_file, "2026-11-24", club="JCBL",
                deadline="2026-11-30T12:00", masterpoints="jcbl:regional",
            ),
        )  # fmt: skip
        tokens = [
            simultaneous.add_heat(fed, eid, name, kind=kind, tables=tables)[1]
            for name, kind, tables, _, _ in CLUBS
        ]
        with running(create_app(store=fed)) as base:
            url = f"{base}/api/simultaneous/{eid}/upload"
            # heat 1 by the API, as the club's console sends it
            with Store.open(clubs[0][0]) as club:
                heat1 = heat_export.heat_of_event(club, clubs[0][1])
            assert heat_export.send(heat1, url, tokens[0]).outcome == "stored"
            # heat 2 by the command
            code, out, err = _cli(capsys, "simultaneous", "upload", url, "--event", "1",
                                  "--token", tokens[1], "--db", str(clubs[1][0]))  # fmt: skip
            assert (code, out) == (0, "heat 2: stored, 147 results\n"), err
            # a token that is no heat's
            code, _, err = _cli(capsys, "simultaneous", "upload", url, "--event", "1",
                                "--token", "nobody", "--db", str(clubs[1][0]))  # fmt: skip
            assert code == 2 and err.count("\n") == 1 and "(401)" in err
            # heat 1 again: nothing changes
            before = store.version(fed, eid)
            again = heat_export.send(heat1, url, tokens[0])
            assert (again.outcome, again.results) == ("unchanged", 90)
            assert store.version(fed, eid) == before
        # heat 3 as a USEBIO file its club wrote, imported by the organiser
        usebio = tmp_path / "kyoto.xml"
        code, _, err = _cli(capsys, "results", "1", "--format", "usebio", "--db",
                            str(clubs[2][0]))  # fmt: skip
        assert code == 0, err
        code, _, err = _cli(capsys, "results", "1", "--format", "usebio", "--out",
                            str(tmp_path / "kyoto"), "--db", str(clubs[2][0]))  # fmt: skip
        assert code == 0, err
        written = next((tmp_path / "kyoto").glob("*.xml"))
        usebio.write_bytes(written.read_bytes())
        code, out, err = _cli(capsys, "simultaneous", "import", str(eid), str(usebio),
                              "--heat", "3", "--db", federation)  # fmt: skip
        assert (code, out) == (0, "heat 3: stored, 132 results\n"), err

        # refused heats: another deal set; a movement other than the one registered
        version = store.version(fed, eid)
        other = club_heat(tmp_path / "other.sqlite3", "Osaka BC", deal_set(24, 99), "mitchell",
                          6, 3, 4)  # fmt: skip
        simultaneous.add_heat(fed, eid, "Osaka BC", kind="mitchell", tables=6)
        osaka = str(tmp_path / "osaka.json")
        code, _, err = _cli(capsys, "simultaneous", "export", str(other), "--out", osaka,
                            "--db", str(tmp_path / "other.sqlite3"))  # fmt: skip
        assert code == 0, err
        code, _, err = _cli(capsys, "simultaneous", "import", str(eid), osaka, "--heat", "4",
                            "--db", federation)  # fmt: skip
        assert code == 2 and err.count("\n") == 1
        assert "heat 4 (Osaka BC): board 1 was dealt otherwise than the event's board" in err
        with pytest.raises(EntryError, match=r"^heat 2 \(Malmo BK\) is registered as 7 tables; "
                           r"its results are of a skip-mitchell of 6 tables$"):  # fmt: skip
            heat_uploads.import_heat(fed, eid, 2, heat1, who="office")
        assert store.version(fed, eid) == version

        # a correction before the deadline, audited; after it only the organiser's
        first = heat1.lines[0]
        changed = replace(first, score=None, adjusted=AdjustedScore.parse("A/A"), contract=None,
                          declarer=None, tricks=None)  # fmt: skip
        corrected = replace(heat1, lines=(changed, *heat1.lines[1:]))
        done = heat_uploads.receive(fed, eid, tokens[0], corrected, now=deadline - dt.timedelta(1))
        assert done.outcome == "corrected"
        late = replace(heat1, lines=heat1.lines)  # the heat as first sent
        with pytest.raises(EntryError, match="closed at 2026-11-30 12:00 UTC; only the organiser"):
            heat_uploads.receive(fed, eid, tokens[0], late, now=deadline + dt.timedelta(1))
        done = heat_uploads.import_heat(fed, eid, 1, late, who="office",
                                        reason="the club's slip, seen by the TD",
                                        now=deadline + dt.timedelta(1))  # fmt: skip
        audit = store.uploads(fed, eid)
        assert [(u.heat, u.after_deadline) for u in audit] == [
            (1, False),
            (2, False),
            (3, False),
            (1, False),
            (1, True),
        ]
        assert audit[3].old == audit[0].new and audit[4].new == audit[0].new

        # across the field = the union of the heats as one field, scored from a file
        union = tmp_path / "union.json"
        union.write_text(json.dumps(_union(clubs)), encoding="utf-8")
        code, out, err = _cli(capsys, "score", str(union), "--format", "json")
        assert code == 0, err
        expected = {r["pair"]: (r["rank"], r["percentage"]) for r in json.loads(out)["ranking"]}
        code, out, err = _cli(capsys, "simultaneous", "results", str(eid), "--format", "json",
                              "--db", federation)  # fmt: skip
        assert code == 0, err
        field = json.loads(out)
        got = {r["pair"]: (r["rank"], r["percentage"]) for r in field["ranking"]}
        assert got == expected and len(got) == 38
        assert field["results"] == 90 + 147 + 132
        # each heat: its own ranking and the field's percentages ranked within it
        heat3 = next(h for h in field["heats"] if h["heat"] == 3)
        places = [r["heat_rank"] for r in sorted(heat3["ranking"], key=lambda r: -r["percentage"])]
        assert places[0] == "1" and len(heat3["ranking"]) == 12

        # JCBL (000:232): red points overall; A=1 pairs (000:242), R=3 regional (000:262),
        # L=1, T=6+7+6 tables, S=1 session, N 1, 0.7, 0.5, then x0.8 or 1/N (000:411-421),
        # P=5 (000:250); 35 % of 38 pairs paid = 14 places (000:491-493)
        awards = simultaneous_scores.field_awards(fed, eid)
        assert {a.colour for a in awards.all} == {"red"}
        first = Fraction(1) * 3 * (4 + Fraction(1, 5) * 19 * 1) / 5
        factors = [Fraction(1), Fraction(7, 10), Fraction(1, 2)]
        while len(factors) < 14:
            factors.append(max(factors[-1] * Fraction(4, 5), Fraction(1, len(factors) + 1)))
        ranking = field["ranking"]
        paid = {a.competitor: a.points for a in awards.overall}
        for row in ranking:
            place = int(row["rank"].rstrip("="))
            if place > 14:
                assert row["pair"] not in paid
            elif "=" not in row["rank"]:
                assert paid[row["pair"]] == _round2(first * factors[place - 1]), row
        assert paid[ranking[0]["pair"]] == Decimal("4.68")

        # SBF bronze (001:441-446): the common list is an ordinary bronze event of its size
        bronze = simultaneous_scores.field_awards(fed, eid, PointRules("sbf", table="A"))
        row_a = table("A2", 38).bp
        ranks = {r["pair"]: r["rank"] for r in ranking}
        assert {a.colour for a in bronze.overall} == {"bp"}
        for a in bronze.overall:
            if "=" not in ranks[a.competitor]:
                assert a.points == row_a[a.place - 1]
        # above table A2's 100 pairs the scale goes on: "Vid 200 par får segrarna 400 bp"
        assert bronze_simultaneous(200)[0] == 400  # (001:443-444)
        # SBF silver (001:447-455): each heat for itself, the common list a fifth of a
        # silver event of its size to its best, at most 16 pairs, and no bp
        silver = simultaneous_scores.field_awards(fed, eid, PointRules("sbf", table="D"))
        bonus = [math.ceil(Fraction(sp, 5)) for sp in table_d(38).sp][:16]
        assert {a.colour for a in silver.overall} == {"sp"}
        for a in silver.overall:
            assert a.place <= 16
            if "=" not in ranks[a.competitor]:
                assert a.points == bonus[a.place - 1]
        for number, got_heat in silver.heats:
            size = len(next(h for h in field["heats"] if h["heat"] == number)["ranking"])
            d = table_d(size)
            firsts = [a for a in got_heat if a.place == 1]
            assert firsts and all(a.points == d.sp[0] and a.colour == "sp" for a in firsts)

        # the report set, in Japanese
        site = str(tmp_path / "site")
        code, out, err = _cli(capsys, "simultaneous", "results", str(eid), "--out", site,
                              "--lang", "ja", "--db", federation)  # fmt: skip
        assert code == 0, err
        names = {p.name for p in (tmp_path / "site").iterdir()}
        assert {"index.html", "heat-1.html", "heat-2.html", "heat-3.html", "boards.html",
                "booklet.html", "simultaneous.json"} <= names  # fmt: skip


def test_a_heat_stored_meanwhile_is_seen_once_its_row_is_locked(
    new_postgres_db: Callable[[], str], tmp_path: Path
) -> None:
    """Two uploads of one heat at the same moment, made deterministic: the first upload
    has read the heat (nothing stored yet) when the second, from another server process,
    stores it and commits; once the first locks the heat's row it sees what is stored,
    so the same content changes nothing and is not stored twice (PostgreSQL, read
    committed: the row as committed, not as this transaction first read it)."""
    url = new_postgres_db()
    deals = deal_set(6, 26)
    heat = synthetic_heat(1, deals, random.Random(26))
    with Store.open(url) as first, Store.open(url) as second:
        eid = simultaneous.create_simultaneous(
            first, simultaneous.NewSimultaneous("Race sim", deal_file(deals, tmp_path / "s.pbn"))
        )
        token = simultaneous.add_heat(first, eid, "Club 1")[1]
        with first.transaction():
            assert store.heat_spec(first, eid, 1).club == "Club 1"
            assert [h.digest for h in store.heats(first, eid)] == [None]
            assert heat_uploads.receive(second, eid, token, heat).outcome == "stored"
            assert store.store_heat(first, eid, 1, heat, who="heat 1").outcome == "unchanged"
        assert len(store.uploads(first, eid)) == 1
