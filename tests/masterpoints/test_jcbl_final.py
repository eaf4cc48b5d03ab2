"""JCBL qualifying-and-final events inside award() (000:356-364, 000:401, 000:232).

The seed's L5 entry (000:356-364) reads:

    予選 (4セッション未満) 8 / 〃 (4セッション以上) 16 / 決勝 16
    (競争者数は予選参加数、セッション数は決勝+予選×1/2)
    ※上記係数はRPだけに適用

and T (000:401): "予選・決勝のある決勝ラウンドは予選参加延べテーブル数".

So the final's overall award uses the qualifying's entrants for the 35 % range,
S = final sessions + half the qualifying sessions, and T = the cumulative (延べ)
qualifying tables, i.e. the tables of every qualifying session added up, as 延べ
競争者数 at 000:493 counts competitors again in every session.  L5 multiplies the
red points only; black points (the 80 % of a CCG / local, and all session awards)
are computed without it.

Which session count sets the cap and which the red share:

* The cap (000:479, "上限は下記ポイントにセッション数をかけたもの") uses S, the
  fractional count.  000:362 defines "セッション数" for the final as final +
  qualifying / 2 with the same word the cap uses, and the cap limits that formula's
  result, which grows with S: with the real count (final + whole qualifying) a final
  could keep more of a formula that only counts half the qualifying.
* The red share (000:232, "セクショナル以上2セッション以上の試合") uses the sessions the
  finalists actually played, qualifying and final together.  The rule classifies the
  competition (試合), and the RP definition at 000:13 speaks of games of 2 or more
  sessions; a sectional with a 1-session qualifying and a 1-session final is a
  2-session competition (S = 1.5 would make it all black, and then L5 "for RP only"
  would never matter for the commonest final).  A qualifying's own overall is decided
  by its own sessions: a 1-session qualifying pays black points, where L5 = 8 does not
  apply.

Every number below is computed by hand from A*R*L*(4+0.2*T*S)*N/P (000:451) with the
coefficients of 000:238-421, rounded once to 2 decimals half up (000:473-476).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award, ClubGame, award
from bridgedesk.masterpoints.jcbl.club import (
    ClubEvent,
    ClubRating,
    EventKind,
    QualifyingRound,
    final_sessions,
    l5_round,
)
from bridgedesk.masterpoints.ranking import Placing, Ranking, SessionScore, SessionScores

F = Fraction


def pairs(n: int) -> Ranking:
    return Ranking(tuple(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(1, n + 1)))


def overall(result: tuple[Award, ...], member: str) -> list[tuple[str, str]]:
    return [(a.colour, str(a.points)) for a in result if a.member == member and a.session is None]


def test_l5_and_s_of_a_final() -> None:
    # 000:358-360: qualifying below 4 sessions 8, from 4 sessions 16, final 16
    assert [l5_round("qualifying", n) for n in (1, 3, 4, 6)] == [8, 8, 16, 16]
    assert l5_round("final", 2) == 16
    # 000:362: S = final + qualifying x 1/2
    assert final_sessions(1, 2) == 2
    assert final_sessions(2, 3) == F(7, 2)
    assert QualifyingRound(2, (30, 28), 116).total_tables == 58
    with pytest.raises(MasterpointError, match="'qualifying' or 'final'"):
        l5_round("semifinal", 2)


def test_sectional_final_cap_uses_s() -> None:
    # Sectional pairs: a 2-session qualifying of 60 pairs (30 tables each session),
    # then a 1-session final of 20 pairs.
    # T = 30 + 30 = 60 (cumulative), S = 1 + 2/2 = 2.
    # A*R*L*(4+0.2*T*S)/P = 1*2*1*(4+0.2*60*2)/5 = 2*28/5 = 11.20
    # cap: sectional 5.00 x S = 10.00 < 11.20 -> the winner gets 10.00 (with the real
    # 3 sessions the cap would be 15.00 and 11.20 would stand).
    # Red share: 3 sessions played at a sectional -> all red.  L5 final = 16/16.
    # 35 % of the 60 qualifying entrants = 21 places, so all 20 finalists are paid:
    # N: 1, 0.7, 0.5, ..., N20 = 1/20 -> 0.50.
    event = ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 10, 1, 20)
    game = ClubGame(event, stage="final", qualifying=QualifyingRound(2, (30, 30), 60))
    result = award(pairs(20), "jcbl", game)
    assert overall(result, "1a") == [("red", "10.00")]
    assert overall(result, "2a") == [("red", "7.00")]
    assert overall(result, "3a") == [("red", "5.00")]
    assert overall(result, "20b") == [("red", "0.50")]
    assert {a.colour for a in result} == {"red"}
    assert len({a.competitor for a in result}) == 20
    why = next(a.reason for a in result if a.member == "1a")
    assert "T=60" in why and "S=2" in why and "capped at 10.00" in why
    assert "qualifying tables 30+30" in why


def test_final_pays_35_percent_of_the_qualifying_entrants() -> None:
    # The same final with only 20 qualifying entrants: 35 % of 20 = 7 places paid
    # (of the 10 finalists); T = 5 + 5 = 10, S = 2:
    # 2*(4+0.2*10*2)/5 = 3.20 (below the cap 10.00); 7th: N7 = 0.2048 -> 0.65536 -> 0.66
    event = ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 5, 1, 10)
    game = ClubGame(event, stage="final", qualifying=QualifyingRound(2, (5, 5), 20))
    result = award(pairs(10), "jcbl", game)
    assert overall(result, "1a") == [("red", "3.20")]
    assert overall(result, "7a") == [("red", "0.66")]
    assert overall(result, "8a") == []


def test_one_session_qualifying_and_final_is_red() -> None:
    # Sectional: 1-session qualifying of 50 pairs on 25 tables, 1-session final.
    # Final: S = 1 + 1/2 = 1.5, T = 25: 2*(4+0.2*25*1.5)/5 = 2*11.5/5 = 4.60,
    # cap 5.00 x 1.5 = 7.50.  Two sessions were played -> red (S = 1.5 would have
    # made it black).
    final = ClubGame(
        ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 8, 1, 16),
        stage="final",
        qualifying=QualifyingRound(1, (25,), 50),
    )
    assert overall(award(pairs(16), "jcbl", final), "1a") == [("red", "4.60")]
    # The qualifying itself: 1 session, T = 25, S = 1: 2*(4+5)/5 = 3.60, black; L5 = 8
    # is for red points only and so does not halve it.
    qualifying = ClubGame(
        ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 25, 1, 50), stage="qualifying"
    )
    result = award(pairs(50), "jcbl", qualifying)
    assert overall(result, "1a") == [("black", "3.60")]
    assert len({a.competitor for a in result}) == 18  # 35 % of 50, rounded up


def test_l5_on_the_red_part_only() -> None:
    # Local pairs, a 2-session qualifying of 40 pairs on 20 tables (20 % red, 80 %
    # black, 000:232).  1.25*(4+0.2*20*2)/5 = 1.25*12/5 = 3.00 (cap 3.00 x 2 = 6.00).
    # Red: 3.00 x L5 8/16 x 20 % = 0.30; black: 3.00 x 80 % = 2.40 (no L5).
    # 2nd: 3.00 x 0.7 = 2.10 -> red 2.10 x 0.5 x 0.2 = 0.21, black 1.68.
    # A session of the qualifying: 24 boards on 20 tables, matchpoints (Sc 19),
    # Av = 24*19/2 = 228; pair 1 scores 266: V/M = 3*38/(24*19) + 0.3 = 0.55;
    # 3*1.25/5 * 24/24 * 0.55 = 0.4125 -> 0.41 black, without L5 (0.21 with it).
    session = SessionScores(1, 24, F(20), Method.MP, (SessionScore("1", F(266)),), F(228))
    game = ClubGame(
        ClubEvent(EventKind.PAIRS, ClubRating.LOCAL, 20, 2, 40),
        sessions=(session,),
        stage="qualifying",
    )
    result = award(pairs(40), "jcbl", game)
    assert overall(result, "1a") == [("red", "0.30"), ("black", "2.40")]
    assert overall(result, "2b") == [("red", "0.21"), ("black", "1.68")]
    assert [(a.colour, str(a.points)) for a in result if a.member == "1a" and a.session] == [
        ("black", "0.41")
    ]
    red = next(a for a in result if a.member == "1a" and a.colour == "red")
    assert "L5=8/16 on the red part only" in red.reason
    black = next(a for a in result if a.member == "1a" and a.colour == "black")
    assert "L5" not in black.reason


def test_local_final_red_share_and_l5_sixteen() -> None:
    # Its final: 12 pairs for 1 session; T = 20 + 20 = 40, S = 1 + 2/2 = 2:
    # 1.25*(4+0.2*40*2)/5 = 1.25*20/5 = 5.00 (cap 3.00 x 2 = 6.00); 3 sessions played,
    # local -> 20 % red 1.00, black 4.00; L5 final 16/16 changes nothing.
    # 4-session qualifying: L5 16 for the qualifying too (000:359).
    game = ClubGame(
        ClubEvent(EventKind.PAIRS, ClubRating.LOCAL, 6, 1, 12),
        stage="final",
        qualifying=QualifyingRound(2, (20, 20), 40),
    )
    assert overall(award(pairs(12), "jcbl", game), "1a") == [("red", "1.00"), ("black", "4.00")]
    # qualifying of 4 sessions on 10 tables, local: 1.25*(4+0.2*10*4)/5 = 3.00, cap 12.00;
    # L5 16/16 -> red 0.60, black 2.40
    four = ClubGame(ClubEvent(EventKind.PAIRS, ClubRating.LOCAL, 10, 4, 20), stage="qualifying")
    assert overall(award(pairs(20), "jcbl", four), "1a") == [("red", "0.60"), ("black", "2.40")]


def test_stage_parameters_are_checked() -> None:
    event = ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 10, 1, 20)
    with pytest.raises(MasterpointError, match="needs its qualifying"):
        ClubGame(event, stage="final")
    with pytest.raises(MasterpointError, match="only a final round takes one"):
        ClubGame(event, qualifying=QualifyingRound(1, (10,), 20))
    with pytest.raises(MasterpointError, match="stage must be"):
        ClubGame(event, stage="semi")
    with pytest.raises(MasterpointError, match="tables of each qualifying session"):
        QualifyingRound(2, (), 20)
