"""The words of the web pages, in English and Japanese.

The results words (ranking, traveller, board, NS, EW...) are those of the
reports (:mod:`bridgedesk.reports.labels`, the JCBL Director Manual's terms);
this adds what a table terminal says.  A page's language comes from ``?lang=``
(remembered in a cookie), else the browser's ``Accept-Language``.
"""

from __future__ import annotations

from fastapi import Request

from bridgedesk.reports.labels import LANGS
from bridgedesk.reports.labels import labels as report_labels

LANG_COOKIE = "bd_lang"

_WEB: dict[str, dict[str, str]] = {
    "en": {
        "terminal": "Table terminal",
        "login": "Log in",
        "logout": "Log out",
        "login_help": "Enter the code on the table card.",
        "event_id": "Event number",
        "code": "Table code",
        "playing": "Round {round}",
        "held": "Round {round} is complete: wait for the director",
        "finished": "All rounds are played. Thank you!",
        "boards_to_play": "Boards to play",
        "entered": "Entered",
        "enter_board": "Enter board {board}",
        "level": "Level",
        "strain": "Strain",
        "doubled": "Doubled",
        "undoubled": "—",
        "declarer": "Declarer",
        "tricks": "Result",
        "lead_optional": "Opening lead (optional, e.g. SA)",
        "passed_out": "Passed out",
        "show_score": "Show the score",
        "check": "Check with the opponents",
        "accepts": "EW accepts",
        "accept_help": "East-West: check the contract, result and score, then accept.",
        "back": "Back",
        "traveller_of": "Traveller of board {board}",
        "traveller_hidden": "The traveller of board {board} shows once this table has played it.",
        "so_far": "Results so far",
        "next_round": "Next: round {round}",
        "moves": "Round {round} is complete. Please move:",
        "goes_to": "Pair {pair} → table {table} {direction}",
        "sits_out": "Pair {pair} sits out the next round",
        "boards_go": "Boards {boards} → table {table}",
        "boards_rest": "Boards {boards}: not played next round (put them on the relay)",
        "play_here": "This table plays {boards} next",
        "queued": "Waiting to send: {n} (kept on this phone until sent)",
        "sent": "Sent",
        "live": "Live results",
        "events": "Events",
        "progress": "{entered} of {planned} results in",
        "completed_boards": "Travellers of completed boards",
        "no_results": "No results yet.",
        "over_sessions": "Ranking over the sessions",
        "standings_after": "Standings after round {round}",
        "correct": "Correct",
        "correct_board": "Correct board {board}",
        "language": "日本語",
        "error": "Not done",
        "vs": "v",
        "call_director": "Dispute: call the director",
        "dispute_note": "What is wrong (optional)",
        "disputed_wait": "Disputed: the director is called",
    },
    "ja": {
        "terminal": "テーブル端末",
        "login": "ログイン",
        "logout": "ログアウト",
        "login_help": "テーブルカードのコードを入力してください。",
        "event_id": "大会番号",
        "code": "テーブルコード",
        "playing": "第{round}ラウンド",
        "held": "第{round}ラウンド終了：ディレクターの指示をお待ちください",
        "finished": "全ラウンド終了しました。ありがとうございました。",
        "boards_to_play": "プレーするボード",
        "entered": "入力済み",
        "enter_board": "ボード {board} の入力",
        "level": "レベル",
        "strain": "スーツ",
        "doubled": "ダブル",
        "undoubled": "—",
        "declarer": "ディクレアラー",
        "tricks": "結果",
        "lead_optional": "オープニングリード（任意、例 SA）",
        "passed_out": "オールパス",
        "show_score": "スコアを表示",
        "check": "相手に確認してください",
        "accepts": "EW 承認",
        "accept_help": "EW の方：コントラクト・結果・スコアを確認して承認してください。",
        "back": "戻る",
        "traveller_of": "ボード {board} のトラベリングスコア",
        "traveller_hidden": (
            "ボード {board} のトラベリングスコアはこのテーブルでプレー後に表示されます。"
        ),
        "so_far": "現在までの結果",
        "next_round": "次：第{round}ラウンド",
        "moves": "第{round}ラウンド終了。移動してください：",
        "goes_to": "ペア {pair} → テーブル {table} {direction}",
        "sits_out": "ペア {pair} は次のラウンドは休みです",
        "boards_go": "ボード {boards} → テーブル {table}",
        "boards_rest": "ボード {boards}：次のラウンドでは使いません（リレーへ）",
        "play_here": "このテーブルの次のボード：{boards}",
        "queued": "送信待ち：{n} 件（送信まで端末に保存）",
        "sent": "送信済み",
        "live": "速報",
        "events": "大会",
        "progress": "{planned} 件中 {entered} 件入力済み",
        "completed_boards": "終了したボードのトラベリングスコア",
        "no_results": "まだ結果がありません。",
        "over_sessions": "全セッションの総合順位",
        "standings_after": "第{round}ラウンド終了時の順位",
        "correct": "訂正",
        "correct_board": "ボード {board} の訂正",
        "language": "English",
        "error": "できませんでした",
        "vs": "対",
        "call_director": "異議：ディレクターを呼ぶ",
        "dispute_note": "内容（任意）",
        "disputed_wait": "異議あり：ディレクターを呼びました",
    },
}


def labels(lang: str) -> dict[str, str]:
    """The report words and the terminal's words for ``lang``."""
    out = report_labels(lang)
    out.update(_WEB[lang])
    return out


def language(request: Request) -> str:
    """``?lang=`` first, then the cookie, then ``Accept-Language``; English by default."""
    asked = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    if asked in LANGS:
        return asked
    accept = request.headers.get("accept-language", "").lower()
    return "ja" if accept.startswith("ja") else "en"


__all__ = ["LANG_COOKIE", "labels", "language"]
