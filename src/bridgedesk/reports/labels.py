"""The words printed on results reports, in English and Japanese.

One catalogue for every report of a session (ranking, recap, travellers,
private score sheets) so the two languages stay side by side; the Japanese
terms are the ones the JCBL Director Manual uses (順位表, レキアップシート,
トラベリングスコア, プライベートスコアシート: 004:436-588, 004:1491-1504).
Pair and player names are printed as entered (UTF-8 everywhere).
"""

from __future__ import annotations

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import BridgedeskError

LANGS = ("en", "ja")

_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "results": "Results",
        "overall": "Ranking across sections",
        "ranking": "Ranking",
        "ranking_by_rank": "Ranking by place",
        "ranking_by_pair": "Ranking by pair number",
        "recap": "Recap sheet",
        "recap_board": "Recap sheet by board",
        "recap_round": "Recap sheet by round",
        "travellers": "Travellers",
        "traveller": "Traveller",
        "scorecards": "Private score sheets",
        "scorecard": "Score sheet",
        "hand_records": "Hand records",
        "downloads": "Files",
        "event": "Event",
        "date": "Date",
        "club": "Club",
        "movement": "Movement",
        "section": "Section",
        "session": "Session",
        "scoring": "Scoring",
        "average": "Average",
        "top": "Top",
        "rank": "Rank",
        "pair": "Pair",
        "names": "Names",
        "total": "Total",
        "max": "Max",
        "percent": "%",
        "boards": "Boards",
        "board": "Board",
        "round": "Round",
        "table": "Table",
        "ns": "NS",
        "ew": "EW",
        "ns_field": "North-South",
        "ew_field": "East-West",
        "one_field": "All pairs",
        "contract": "Contract",
        "by": "By",
        "result": "Result",
        "lead": "Lead",
        "score": "Score",
        "ns_score": "NS score",
        "ew_score": "EW score",
        "points": "Points",
        "ns_points": "NS pts",
        "ew_points": "EW pts",
        "direction": "Dir",
        "opponents": "Opp",
        "dealer": "Dealer",
        "vul": "Vul",
        "phantom": "phantom (sits out)",
        "phantom_note": "Pair {n} is the phantom: its opponents sit out those boards.",
        "half": "½",
        "generated": "Made by bridgedesk",
        "mp": "Matchpoints",
        "ximp": "Cross-IMPs",
        "butler": "Butler IMPs",
        "total_points": "Total points",
        "adjusted": "Adjusted",
        "pass": "Passed out",
        "winners_one": "1 winner",
        "winners_two": "2 winners",
        "winners_detected": "(detected from the pair numbers)",
        "individual_totals": "individual: totals per player",
        "n_boards": "{n} boards",
        "player": "Player",
        "overall_rank": "Overall",
        "carry_over": "Carry-over from the qualifying round",
        "totals": "Totals",
        "totals_carry": "Totals with carry-over",
        "flights": "Flights",
        "houston_vp": "Houston VPs",
    },
    "ja": {
        "results": "成績",
        "overall": "全セクション順位表",
        "ranking": "順位表",
        "ranking_by_rank": "順位表（順位順）",
        "ranking_by_pair": "順位表（ペア番号順）",
        "recap": "レキアップシート",
        "recap_board": "レキアップシート（ボード毎）",
        "recap_round": "レキアップシート（ラウンド毎）",
        "travellers": "トラベリングスコア",
        "traveller": "トラベリングスコア",
        "scorecards": "プライベートスコアシート",
        "scorecard": "スコアシート",
        "hand_records": "ハンドレコード",
        "downloads": "ファイル",
        "event": "大会",
        "date": "日付",
        "club": "クラブ",
        "movement": "ムーブメント",
        "section": "セクション",
        "session": "セッション",
        "scoring": "採点方法",
        "average": "アベレージ",
        "top": "トップ",
        "rank": "順位",
        "pair": "ペア",
        "names": "氏名",
        "total": "合計",
        "max": "最大",
        "percent": "%",
        "boards": "ボード数",
        "board": "ボード",
        "round": "ラウンド",
        "table": "テーブル",
        "ns": "NS",
        "ew": "EW",
        "ns_field": "N-S",
        "ew_field": "E-W",
        "one_field": "全ペア",
        "contract": "コントラクト",
        "by": "BY",  # as the JCBL traveller prints it (004:436-470)
        "result": "結果",
        "lead": "リード",
        "score": "スコア",
        "ns_score": "NS スコア",
        "ew_score": "EW スコア",
        "points": "マッチポイント",
        "ns_points": "NS MP",
        "ew_points": "EW MP",
        "direction": "方向",
        "opponents": "相手",
        "dealer": "ディーラー",
        "vul": "バル",
        "phantom": "ファントム（休み）",
        "phantom_note": "ペア {n} はファントムです。対戦相手はそのボードを休みます。",
        "half": "½",
        "generated": "bridgedesk で作成",
        "mp": "マッチポイント",
        "ximp": "クロス IMP",
        "butler": "バトラー IMP",
        "total_points": "トータルポイント",
        "adjusted": "アジャスト",
        "pass": "オールパス",
        "winners_one": "1 ウィナー",
        "winners_two": "2 ウィナー",
        "winners_detected": "（ペア番号から判定）",
        "individual_totals": "個人戦：プレーヤー毎の合計",
        "n_boards": "{n} ボード",
        "player": "プレーヤー",
        "overall_rank": "総合",
        "carry_over": "予選からのキャリーオーバー",
        "totals": "合計",
        "totals_carry": "キャリーオーバーを含む合計",
        "flights": "フライト",
        "houston_vp": "ヒューストン VP",
    },
}

#: The one place a scoring method is named for people (both languages).
_METHOD_KEYS = {
    Method.MP: "mp",
    Method.XIMP: "ximp",
    Method.BUTLER: "butler",
    Method.TOTAL: "total_points",
}


def labels(lang: str) -> dict[str, str]:
    """The catalogue for ``lang`` (``en`` or ``ja``)."""
    if lang not in _LABELS:
        raise BridgedeskError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return dict(_LABELS[lang])


def method_name(method: Method | str, lang: str) -> str:
    """The printed name of a scoring method (``mp`` -> Matchpoints / マッチポイント)."""
    return labels(lang)[_METHOD_KEYS[Method(method)]]


__all__ = ["LANGS", "labels", "method_name"]
