"""Refusals in the page's language: a stable code for each known one-line message, and
its Japanese words.

The store and the rules refuse with one English line (what the command line
prints after ``error:``); those lines stay as they are.  A page shows a refusal
through :func:`refusal`, which recognises the line by its pattern (the words
the raising code writes around its values), gives it a stable code (shown in
the page as ``data-code``, and in the JSON API's ``"code"``), and on a Japanese
page puts the values into the Japanese sentence.  A line no pattern knows is
shown in English as it is, without a code.  The location some errors start
with (``round 2, table 3, board 5: ...``, :class:`bridgedesk.errors.Location`)
is translated in front of the rest; a message quoted inside another (``the
new movement does not fit result 4 already in: ...``) is translated too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: A number of the message ("7"), a list of boards ("boards 1-3", "board 4", "boards
#: 1, 5, 9"), a quoted value as Python's repr writes it ('x'), anything else.
_NUM = r"\d+"
_BOARDS = r"boards? [\d, -]+?"
_QUOTED = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""
_ANY = r".+?"

#: Field names the console's number checks name, in Japanese.
_FIELDS_JA = {
    "round": "ラウンド",
    "table": "テーブル",
    "board": "ボード",
    "ns": "NS のペア番号",
    "ew": "EW のペア番号",
    "pair": "ペア番号",
    "dispute": "異議の番号",
    "correction": "訂正の番号",
    "ruling": "裁定の番号",
    "from_round": "開始ラウンド",
    "rounds": "ラウンド",
    "tables": "テーブル",
    "boards": "ボード数",
    "met": "対戦数",
}
_ROLES_JA = {"director": "ディレクター", "scorer": "スコアラー", "viewer": "閲覧"}
_RESOLUTIONS_JA = {"confirmed": "確定", "corrected": "訂正"}
_SIDES_JA = {"NS": "NS", "EW": "EW"}


@dataclass(frozen=True)
class Known:
    """A known refusal: its ``code``, the ``pattern`` of its English line (named
    groups for the values) and its Japanese sentence (``{name}`` for each value;
    ``{name_msg}`` is a message inside, translated in turn)."""

    code: str
    pattern: str
    ja: str


KNOWN: tuple[Known, ...] = (
    # -- results: bridgedesk.events.entry and .slips (every door of services.slips) --
    Known(
        "contract-needs-declarer",
        r"contract (?P<c>\S+) needs a declarer: N, E, S or W",
        "コントラクト {c} にはディクレアラー（N・E・S・W）が必要です",
    ),
    Known(
        "contract-needs-result",
        r"contract (?P<c>\S+) needs a result: =, \+N, -N or the tricks taken",
        "コントラクト {c} には結果（=・+N・-N またはトリック数）が必要です",
    ),
    Known(
        "contract-or-adjusted",
        r"give either a contract or an adjusted score, not both",
        "コントラクトか調整スコアのどちらか一方を入力してください",
    ),
    Known(
        "result-needs-contract",
        r"a result needs a contract \(or PASS\) or an adjusted score",
        "結果にはコントラクト（またはパス）か調整スコアが必要です",
    ),
    Known(
        "override-needs-reason",
        r"a director override needs a reason",
        "ディレクターが認める場合は理由が必要です",
    ),
    Known(
        "no-such-round",
        rf"round (?P<r>{_NUM}) does not exist: the movement has rounds 1-(?P<n>{_NUM})",
        "第{r}ラウンドはありません（ムーブメントは第1〜{n}ラウンド）",
    ),
    Known(
        "no-such-table",
        rf"table (?P<t>{_NUM}) does not exist: the movement has tables 1-(?P<n>{_NUM})",
        "テーブル {t} はありません（ムーブメントのテーブルは 1〜{n}）",
    ),
    Known(
        "pair-not-entered",
        rf"(?P<side>NS|EW) pair (?P<p>{_NUM}) is not entered in this section "
        rf"\(entered: (?P<known>{_ANY})\)",
        "{side} のペア {p} はこのセクションにエントリーしていません（エントリー：{known}）",
    ),
    Known(
        "pair-is-phantom",
        rf"(?P<side>NS|EW) pair (?P<p>{_NUM}) is the phantom: its opponents sit out "
        r"and have no result",
        "{side} のペア {p} はファントムです（相手は休みで結果はありません）",
    ),
    Known(
        "table-idle",
        rf"round (?P<r>{_NUM}) table (?P<t>{_NUM}) is not in play \(a bye or idle table\)",
        "第{r}ラウンドのテーブル {t} は使われていません（休みのテーブル）",
    ),
    Known(
        "board-not-at-table",
        rf"round (?P<r>{_NUM}) table (?P<t>{_NUM}) plays (?P<boards_list>{_BOARDS}), "
        rf"not (?P<b>{_NUM})",
        "第{r}ラウンドのテーブル {t} のボードは {boards_list} です（{b} ではありません）",
    ),
    Known(
        "pairs-reversed",
        rf"round (?P<r>{_NUM}) table (?P<t>{_NUM}) seats NS (?P<ns>{_NUM}) and "
        rf"EW (?P<ew>{_NUM}); the slip has them the other way round",
        "第{r}ラウンドのテーブル {t} は NS {ns}・EW {ew} です（スリップは NS と EW が逆です）",
    ),
    Known(
        "wrong-pairs",
        rf"round (?P<r>{_NUM}) table (?P<t>{_NUM}) seats NS (?P<ns>{_NUM}) v "
        rf"EW (?P<ew>{_NUM}), not NS (?P<ns2>{_NUM}) v EW (?P<ew2>{_NUM})",
        "第{r}ラウンドのテーブル {t} は NS {ns} 対 EW {ew} です"
        "（NS {ns2} 対 EW {ew2} ではありません）",
    ),
    Known(
        "board-not-in-movement",
        rf"board (?P<b>{_NUM}) is not in this movement \((?P<boards_list>{_BOARDS})\)",
        "ボード {b} はこのムーブメントにありません（{boards_list}）",
    ),
    Known(
        "board-already-entered",
        rf"board (?P<b>{_NUM}) already has a result at round (?P<r>{_NUM}) "
        rf"table (?P<t>{_NUM}) \(round {_NUM} table {_NUM}: NS (?P<ns>{_NUM}) v "
        rf"EW (?P<ew>{_NUM}), (?P<res>{_ANY})\); correct it instead of entering it again",
        "ボード {b} は第{r}ラウンドのテーブル {t} で入力済みです"
        "（NS {ns} 対 EW {ew}、{res}）。入力し直さずに訂正してください",
    ),
    Known(
        "pair-already-played",
        rf"pair (?P<p>{_NUM}) already has a result on board (?P<b>{_NUM}) \(round "
        rf"(?P<r>{_NUM}) table (?P<t>{_NUM}): NS {_NUM} v EW {_NUM}, (?P<res>{_ANY})\); "
        r"a pair plays each board once",
        "ペア {p} はボード {b} の結果があります（第{r}ラウンド テーブル {t}、{res}）。"
        "同じボードは1回しかプレーしません",
    ),
    Known(
        "board-entered-meanwhile",
        rf"board (?P<b>{_NUM}) already has a result for NS (?P<ns>{_NUM}) v EW (?P<ew>{_NUM}); "
        r"correct it instead of entering it again",
        "ボード {b} は NS {ns} 対 EW {ew} の結果がたった今入力されました。"
        "入力し直さずに訂正してください",
    ),
    Known(
        "result-deleted",
        rf"result (?P<id>{_NUM}) on board (?P<b>{_NUM}) at this table was deleted; undo its "
        r"deletion instead \(ask the director; `bridgedesk result history` shows the "
        r"correction\)",
        "ボード {b} の結果 {id} は削除されています。入力し直さずに削除を取り消してください"
        "（ディレクターに依頼してください）",
    ),
    # -- the console's own checks --
    Known(
        "not-a-number",
        rf"(?P<field>[a-z_]+) is a whole number from 1, not (?P<v>{_QUOTED})",
        "{field}は1以上の整数で入力してください（{v} ではありません）",
    ),
    Known(
        "not-a-whole-number",
        rf"(?P<field>[a-z_ ]+) is a whole number, not (?P<v>{_QUOTED})",
        "{field}は整数で入力してください（{v} ではありません）",
    ),
    Known(
        "number-out-of-range",
        rf"(?P<field>[a-z_]+) is a whole number from (?P<low>{_NUM}) to (?P<high>{_NUM}), "
        rf"not (?P<v>{_ANY})",
        "{field}は{low}から{high}までの整数で入力してください（{v} ではありません）",
    ),
    Known(
        "entry-number",
        rf"the entry's number is a whole number(?: from 1)?, not (?P<v>{_QUOTED})",
        "エントリー番号は1以上の整数で入力してください（{v} ではありません）",
    ),
    Known("event-needs-name", r"give the event's name", "大会名を入力してください"),
    Known(
        "needs-reason",
        r"give the reason(?: for (?:the correction|the ruling|confirming the result))? "
        r"\(it is kept in the (?:audit log|ledger's audit log)\)",
        "理由を入力してください（監査記録に残ります）",
    ),
    Known(
        "correction-needs-reason",
        r"a correction needs a reason \(it is kept in the audit log\)",
        "訂正には理由が必要です（監査記録に残ります）",
    ),
    Known(
        "action-needs-reason",
        r"(?P<action>[a-z-]+) needs a reason \(it is kept in the audit log\)",
        "理由が必要です（監査記録に残ります）",
    ),
    Known(
        "correction-changes-nothing",
        r"the correction changes nothing",
        "訂正の内容が元の結果と同じです",
    ),
    Known(
        "deadline-passed",
        rf"the correction deadline \((?P<at>{_ANY}) UTC\) has passed: only the director "
        r"can correct now, with a reason \(003:123-159\)",
        "訂正締切（{at} UTC）を過ぎました。これからはディレクターが理由を付けて訂正します",
    ),
    Known(
        "nothing-to-change",
        r"nothing to change: give names, member numbers or the stationary seat",
        "変更する内容（氏名・会員番号・固定席）を入力してください",
    ),
    Known(
        "member-not-registered",
        rf"member (?P<m>{_ANY}) is not in the player register: give the name as well",
        "会員番号 {m} は名簿にありません。氏名も入力してください",
    ),
    Known(
        "penalty-pair-not-entered",
        rf"pair (?P<p>{_NUM}) is not entered in section (?P<s>{_ANY}) "
        rf"\(entered: (?P<known>{_ANY})\)",
        "ペア {p} はセクション {s} にエントリーしていません（エントリー：{known}）",
    ),
    Known(
        "no-deals",
        r"the event has no deals yet: import a file or deal the boards",
        "まだハンドがありません。ファイルを読み込むか配ってください",
    ),
    Known(
        "no-movement-yet",
        rf"section (?P<s>{_ANY}) has no movement yet(?:: set it first)?",
        "セクション {s} のムーブメントがまだありません",
    ),
    Known(
        "movement-does-not-fit",
        rf"the new movement does not fit result (?P<id>{_NUM}) already in: (?P<why_msg>.+)",
        "新しいムーブメントは入力済みの結果 {id} と合いません：{why_msg}",
    ),
    Known(
        "from-round",
        r"from round is 2 or more \(round 1 is a new movement\), not (?P<n>\d+)",
        "開始ラウンドは2以上です（{n} ではありません。第1ラウンドからなら新しいムーブメントです）",
    ),
    Known(
        "number-list",
        rf"(?P<field>[a-z_]+) (?P<v>{_QUOTED}): write numbers separated by commas, e\.g\. 5,6",
        "{field}は数字をカンマで区切って入力してください（例 5,6。{v} ではありません）",
    ),
    Known(
        "no-member-numbers",
        r"no member numbers: enter the players' member numbers to award masterpoints",
        "会員番号がありません。マスターポイントを出すには会員番号を入力してください",
    ),
    Known(
        "sbf-table",
        rf"the SBF table is one of (?P<list>{_ANY}), not (?P<v>{_QUOTED})",
        "SBF の表は {list} のいずれかです（{v} ではありません）",
    ),
    Known(
        "rules",
        rf"the rules are jcbl or sbf, not (?P<v>{_QUOTED})",
        "規定は jcbl か sbf です（{v} ではありません）",
    ),
    # -- disputes --
    Known(
        "already-disputed",
        rf"result (?P<id>{_NUM}) \(board (?P<b>{_NUM})\) is already disputed, since "
        rf"(?P<at>[\d:]+) UTC: the director has been called",
        "結果 {id}（ボード {b}）には {at}（UTC）から異議が出ています。ディレクターを呼んであります",
    ),
    Known(
        "dispute-resolved",
        rf"dispute (?P<id>{_NUM}) was already (?P<res>confirmed|corrected) by (?P<who>{_ANY})",
        "異議 {id} は {who} がすでに{res}しました",
    ),
    Known(
        "not-this-tables-result",
        rf"result (?P<id>{_NUM}) was not entered at (?:this table|table (?P<t>\S+))",
        "結果 {id} はこのテーブルで入力されたものではありません",
    ),
    # -- rounds, logins, roles, CSRF --
    Known(
        "round-closed",
        rf"round (?P<r>{_NUM}) is closed: only the director can change its results",
        "第{r}ラウンドは締め切られました。結果の変更はディレクターだけができます",
    ),
    Known(
        "csrf",
        r"the form is out of date or forged \(CSRF check\): reload the page",
        "フォームが古いか不正です（CSRF 確認）。ページを読み込み直してください",
    ),
    Known(
        "login-csrf",
        r"the login form is out of date \(CSRF check\): reload the page",
        "ログインフォームが古くなっています（CSRF 確認）。ページを読み込み直してください",
    ),
    Known("wrong-password", r"wrong user name or password", "ユーザー名かパスワードが違います"),
    Known(
        "too-many-logins",
        rf"too many (?P<what>{_ANY}) from this address: try again in (?P<s>{_NUM}) s",
        "失敗が多すぎます。{s} 秒後にもう一度どうぞ",
    ),
    Known(
        "role-refused",
        rf"(?P<who>{_ANY}) is a (?P<role>director|scorer|viewer): this needs a "
        r"(?P<need>director|scorer|viewer) \(ask the director for a higher role\)",
        "{who} は{role}です。この操作には{need}の権限が必要です（ディレクターに依頼してください）",
    ),
    Known(
        "role-refused-dispute",
        rf"(?P<who>{_ANY}) is a (?P<role>director|scorer|viewer): only the director rules on "
        r"a disputed result",
        "{who} は{role}です。異議のある結果の裁定はディレクターだけができます",
    ),
    Known(
        "table-login-unknown",
        r"this table's login is unknown or was revoked: log in again",
        "このテーブルのログインは無効です。もう一度ログインしてください",
    ),
    Known(
        "table-login-first",
        r"log in with the table's code first",
        "テーブルコードでログインしてください",
    ),
    # -- the kinds of event: the new-event form, sessions, finals, rounds (issue 15) --
    Known(
        "team-event-one-section",
        r"a team event is one section: leave out --sections",
        "チーム戦は 1 セクションです（セクションは指定しません）",
    ),
    Known(
        "team-event-needs-format",
        rf"a team event needs --format: (?P<forms>{_ANY})",
        "チーム戦には形式が必要です：{forms}",
    ),
    Known(
        "unknown-event-kind",
        rf"--kind is pairs, teams or individual, not (?P<k>{_QUOTED})",
        "種類はペア戦・チーム戦・個人戦のいずれかです（{k} ではありません）",
    ),
    Known(
        "individual-one-section",
        r"an individual event has one session of one section \(8-19 players\)",
        "個人戦は 1 セッション 1 セクションです（8〜19 名）",
    ),
    Known(
        "no-pairs-to-plan",
        r"no pairs are entered in the first session: enter them first",
        "第1セッションにペアがエントリーされていません。先にエントリーしてください",
    ),
    Known(
        "qualifying-incomplete",
        rf"the qualifying is not complete: (?P<n>{_NUM}) slips missing \(the first: "
        rf"(?P<first>{_ANY})\)",
        "予選が終わっていません：未入力のスリップ {n} 枚（最初は {first}）",
    ),
    Known(
        "round-incomplete",
        rf"round (?P<r>{_NUM}) is not complete: (?P<n>{_NUM}) slip\(s\) missing, the first "
        rf"(?P<first>{_ANY}); enter them or mark them not played first",
        "第{r}ラウンドが終わっていません：未入力のスリップ {n} 枚（最初は {first}）。"
        "入力するかノープレーとしてから次のラウンドを組んでください",
    ),
    # -- team events: bridgedesk.store.team_events / team_results (``result team``) --
    Known(
        "team-home-away-reversed",
        rf"round (?P<r>{_NUM}): team (?P<a>{_NUM}) is at home against team (?P<h>{_NUM}), "
        rf"not away \(the open room is (?P<a2>{_NUM})'s NS, 004:1631-1633\): "
        rf"enter it as --home (?P<a3>{_NUM}) --away (?P<h2>{_NUM})",
        "第{r}ラウンド：チーム {a} がホーム、チーム {h} がアウェイです"
        "（オープンルームは {a2} が NS、004:1631-1633）。"
        "ホーム {a3}・アウェイ {h2} で入力してください",
    ),
    Known(
        "team-no-such-match-plays",
        rf"round (?P<r>{_NUM}) has no match (?P<h>{_NUM}) v (?P<a>{_NUM}); "
        rf"team (?P<t>{_NUM}) plays (?P<m>{_ANY})",
        "第{r}ラウンドに {h} 対 {a} の対戦はありません（チーム {t} の対戦は {m}）",
    ),
    Known(
        "team-no-such-match",
        rf"round (?P<r>{_NUM}) has no match (?P<h>{_NUM}) v (?P<a>{_NUM})",
        "第{r}ラウンドに {h} 対 {a} の対戦はありません",
    ),
    Known(
        "team-room-entered",
        rf"round (?P<r>{_NUM}): the (?P<room>open|closed) room of (?P<h>{_NUM}) v "
        rf"(?P<a>{_NUM}) has a result on board (?P<b>{_NUM}) already; correct it with "
        r"`bridgedesk result team \.\.\. --correct --reason \.\.\.`",
        "第{r}ラウンド {h} 対 {a} の{room}ルームはボード {b} を入力済みです。訂正してください",
    ),
    Known(
        "team-board-not-in-match",
        rf"round (?P<r>{_NUM}): the match (?P<h>{_NUM}) v (?P<a>{_NUM}) plays "
        rf"(?P<boards_list>{_BOARDS}), not board (?P<b>{_NUM})",
        "第{r}ラウンド {h} 対 {a} のボードは {boards_list} です（ボード {b} ではありません）",
    ),
)

_LOCATION = re.compile(
    r"(?P<loc>(?:(?:round|table|board) \d+|field \S+)"
    r"(?:, (?:(?:round|table|board) \d+|field \S+))*): (?P<rest>.+)",
    re.DOTALL,
)


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[Known, re.Pattern[str]], ...]:
    return tuple((k, re.compile(k.pattern, re.DOTALL)) for k in KNOWN)


@dataclass(frozen=True)
class Refusal:
    """A refusal as a page shows it: its code (empty when unknown) and its words."""

    code: str
    text: str


def _boards_ja(text: str) -> str:
    return re.sub(r"^boards? ", "ボード ", text)


def _value_ja(name: str, value: str) -> str:
    if name == "field":
        return _FIELDS_JA.get(value.strip(), value)
    if name in ("role", "need"):
        return _ROLES_JA.get(value, value)
    if name == "room":
        return {"open": "オープン", "closed": "クローズド"}.get(value, value)
    if name == "res" and value in _RESOLUTIONS_JA:
        return _RESOLUTIONS_JA[value]
    if name.startswith("boards"):
        return _boards_ja(value)
    if name.endswith("_msg"):
        return refusal(value, "ja").text
    return value


def _location_ja(text: str) -> str:
    parts = []
    for part in text.split(", "):
        word, _, value = part.partition(" ")
        words = {"round": f"第{value}ラウンド", "table": f"テーブル {value}"}
        parts.append(words.get(word, f"ボード {value}" if word == "board" else value))
    return " ".join(parts)


def code_of(message: str) -> str:
    """The stable code of a refusal's English line ("" when no pattern knows it)."""
    return refusal(message, "en").code


def refusal(message: str, lang: str) -> Refusal:
    """The refusal ``message`` (the English one-liner) for a page in ``lang``."""
    text = message.strip()
    for known, pattern in _compiled():
        found = pattern.fullmatch(text)
        if found is not None:
            if lang != "ja":
                return Refusal(known.code, message)
            values = {k: _value_ja(k, v or "") for k, v in found.groupdict().items()}
            return Refusal(known.code, known.ja.format(**values))
    located = _LOCATION.fullmatch(text)
    if located is not None:
        inner = refusal(located.group("rest"), lang)
        if inner.code:
            if lang != "ja":
                return Refusal(inner.code, message)
            return Refusal(inner.code, f"{_location_ja(located.group('loc'))}：{inner.text}")
    return Refusal("", message)


__all__ = ["KNOWN", "Known", "Refusal", "code_of", "refusal"]
