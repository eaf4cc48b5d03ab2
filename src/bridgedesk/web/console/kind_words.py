"""The console's words for the kinds of event beyond one session of pairs: the event
form's kinds and options, several sessions, individuals, rounds drawn one by one
(English and Japanese; the JCBL Director Manual's terms where it has them)."""

from __future__ import annotations

KIND_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "event_kind": "Kind",
        "kind_pairs": "pairs",
        "kind_teams": "teams",
        "kind_individual": "individual",
        "event_format": "Format",
        "format_movement": "a movement chosen up front",
        "pairs_by_round": "pairs, drawn round by round",
        "team_forms": "teams",
        "scoring_default": "the kind's default",
        "pair_scorings": "pairs and individuals",
        "team_scorings": "teams",
        "convention": "Matchpoint convention",
        "team_options": "Team event",
        "vp_scale": "VP scale",
        "stock": "McCallum stock",
        "boards_per_match": "Boards a match",
        "swiss_rounds": "Rounds (Swiss)",
        "swiss_rule": "Swiss rule",
        "rematch": "Rematches (Swiss)",
        "cycles": "Times round (round robin)",
        "kind_help": "Pairs may have several sessions and sections; a team event and "
        "an individual are one session of one section.",
    },
    "ja": {
        "event_kind": "種類",
        "kind_pairs": "ペア戦",
        "kind_teams": "チーム戦",
        "kind_individual": "個人戦",
        "event_format": "形式",
        "format_movement": "ムーブメントを最初に決める",
        "pairs_by_round": "ペア戦（ラウンドごとに組み合わせ）",
        "team_forms": "チーム戦",
        "scoring_default": "種類の既定",
        "pair_scorings": "ペア戦・個人戦",
        "team_scorings": "チーム戦",
        "convention": "マッチポイントの方式",
        "team_options": "チーム戦の設定",
        "vp_scale": "VP スケール",
        "stock": "マッカラムのストック",
        "boards_per_match": "1 試合のボード数",
        "swiss_rounds": "ラウンド数（スイス）",
        "swiss_rule": "スイスの規定",
        "rematch": "再対戦（スイス）",
        "cycles": "総当たりの回数",
        "kind_help": "ペア戦は複数のセッション・セクションにできます。チーム戦と個人戦は"
        "1 セッション 1 セクションです。",
    },
}

__all__ = ["KIND_WORDS"]
