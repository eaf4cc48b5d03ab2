"""Every word the practice game shows people, in English and Japanese.

One catalogue for both surfaces, the terminal (:mod:`bridgedesk.cli.practice`)
and the browser (:mod:`bridgedesk.web.practice`): a key names each text, the
same key in both languages, with ``{named}`` places filled by
:meth:`Words.say`.  Nothing else in the practice game writes a word for
people (error messages for programs aside).

These texts move to the project's gettext/Babel message catalogs (issue 24)
when those land; until then this module is the only place to translate, so
the move is one file.  The Japanese bridge terms are the ones the JCBL
Director Manual uses (デクレアラー, ダミー, オープニングリード, IMP, 004:1690).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge import Seat, Side, Strain
from bridgedesk.deals.cards import Card, Suit
from bridgedesk.errors import PracticeError

LANGS = ("en", "ja")

_EN: dict[str, str] = {
    # names
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
    "NS": "North-South",
    "EW": "East-West",
    "NT": "no trumps",
    "suit_S": "spades",
    "suit_H": "hearts",
    "suit_D": "diamonds",
    "suit_C": "clubs",
    "game": "game",
    "part": "part score",
    "contract_name": "{strain} {kind}",
    "plural_s": "s",
    "club": "club",
    "expert": "expert",
    # the table
    "title": "MiniBridge practice",
    "intro": "You sit South; the computer plays the other seats and the whole closed room.",
    "boards": "Boards",
    "seed": "Seed (empty: random)",
    "level": "Computer level",
    "help_option": "Help at each decision (for beginners)",
    "start": "Start",
    "board": "Board",
    "board_of": "Board {board} of {boards}",
    "dealer": "Dealer",
    "announcements": "Announcements",
    "declarer": "Declarer",
    "dummy": "dummy",
    "you": "you",
    "contract": "Contract",
    "name_contract": "Name the contract",
    "needed": "tricks needed",
    "your_turn": "Your turn: click a highlighted card for",
    "to_play": "{seat} to play",
    "trick": "This trick",
    "last_trick": "Last trick",
    "won_by": "won by",
    "tricks": "Tricks",
    "tricks_count": "Tricks: North-South {ns}, East-West {ew}",
    "cards_left": "{count} cards",
    "thinking": "The computer is thinking…",
    "forced": "{seat} played {card} by itself: the only card it could play.",
    "plays": "{seat} plays {card}",
    "trick_won": "Trick {number} won by {seat}",
    "error": "Not allowed",
    "turn_help_off": "Turn help off",
    "turn_help_on": "Turn help on",
    "hint": "Hint",
    "hint_line": "The computer would play {card}: {reason}",
    "hint_average": "(your side takes {tricks:.1f} of the {left} tricks left, on average over "
    "{layouts} layouts of the hidden cards)",
    "target_line": "{declarers} need {needed} tricks and have {have}; {defenders} need {beat} "
    "to defeat the contract and have {have_def}.",
    "named_by": "{declarer} named {contract}: {needed} tricks needed.",
    "next": "Next board",
    "over": "Session over",
    "session_total": "Session total: {total:+d} IMPs",
    "session_over": "Session over: {total:+d} IMPs",
    "waiting_closed": "Waiting for the closed room…",
    # the terminal's prompts
    "prompt_contract": "Your contract (e.g. S game, NT part; ? help, q quit): ",
    "prompt_card": "{seat} to play: a card or 1-{count} (h hint, ? help, q quit): ",
    "prompt_review": "Enter: next board, p: play of both rooms, q: save and quit: ",
    "prompt_after_play": "Enter: next board, q: save and quit: ",
    "playable": "playable",
    "saved": "Saved; go on later with: bridgedesk practice --resume {path}",
    "unknown_card": "Type a card such as SA, H7 or D10 (or ♠A), or its number in the list.",
    "session_head": "MiniBridge, boards: {boards}, level {level}, seed {seed}; session file {path}",
    # help: who declares
    "help_title": "Help",
    "declaring_totals": "{ns_names} announced {ns_a} + {ns_b} = {ns} points; {ew_names} "
    "{ew_a} + {ew_b} = {ew}.",
    "declaring_side": "The side with more points (21 or more of the 40) declares: {side}.",
    "declarer_more": "{declarer} has more points than {partner} ({a} against {b}), so {declarer} "
    "is declarer and {partner} is dummy.",
    "declarer_first": "{declarer} and {partner} have {a} points each; {declarer} announced "
    "first, so {declarer} is declarer.",
    "role_declarer": "You are declarer: after seeing dummy you name the contract, and you play "
    "dummy's cards as well as your own.",
    "role_partner": "Your partner declares; here you take declarer's part: you name the "
    "contract after seeing North's cards and play both hands.",
    "role_defender": "You defend, with North (the computer) as partner. {leader} leads first: "
    "the player on declarer's left. Dummy's cards lie face up for everyone from the start.",
    # help: the contract
    "contract_points": "You and dummy have {points} points together.",
    "contract_lengths": "Cards together in each suit: {lengths}.",
    "thumb_major_fit": "Rule of thumb: {count} {suit} together make a fit (8 or more), and a "
    "major: play with {suit} as trumps.",
    "thumb_minor_fit": "Rule of thumb: {count} {suit} together make a fit (8 or more): play with "
    "{suit} as trumps.",
    "thumb_minor_fit_nt": "Rule of thumb: you have a fit in {suit}, but with {points} points 9 "
    "tricks in no trumps are easier than 11 in a minor.",
    "thumb_no_fit": "Rule of thumb: no suit with 8 cards or more together: play in no trumps.",
    "thumb_game": "With 25 points or more together (29 for a minor) try for a game: {contract}.",
    "thumb_part": "With fewer than 25 points together (29 for a minor) a part score is safer: "
    "{contract}.",
    "option_head": "Choice",
    "option_target": "Target",
    "option_made": "Made exactly",
    "option_over": "Each trick more",
    "option_down": "One down",
    # hints: the reasons
    "reason_only_card": "it is the only card you can play",
    "reason_equal_cards": "all your playable cards do the same; play the lowest",
    "reason_opening_lead": "{rule}",
    "reason_draw_trumps": "draw trumps, so the opponents cannot trump your winners",
    "reason_cash_winner": "it is the highest card left in its suit: take the trick",
    "reason_long_suit": "lead your long suit to set up its small cards",
    "reason_lead": "the lead that does best on average",
    "reason_partner_wins": "partner is winning the trick: play low",
    "reason_win_cheaply": "you play last: win as cheaply as you can",
    "reason_second_hand_low": "second hand low: keep your high cards for later",
    "reason_third_hand_high": "third hand high: try to win the trick for your side",
    "reason_cannot_win": "you cannot win this trick: play your lowest card",
    "reason_follow": "follow suit with the card that does best on average",
    "reason_ruff": "you cannot follow suit: trump it",
    "reason_discard": "you cannot follow suit: throw away a card you do not need",
    "lead_sequence": "the top of a sequence (K from K-Q-J)",
    "lead_touching_honours": "the top of two touching honours (A from A-K, K from K-Q)",
    "lead_ace": "against a trump contract lead the ace rather than away from it",
    "lead_singleton": "a singleton: you may ruff the suit later",
    "lead_doubleton": "the top of a doubleton",
    "lead_fourth_best": "the fourth highest of your long suit (fourth best)",
    "lead_low_from_honour": "low from three cards to an honour",
    "lead_top_of_nothing": "the top of three small cards",
    "lead_trump": "a low trump, to cut down declarer's ruffs",
    # the review
    "review": "Review of board {board}",
    "all_hands": "All four hands",
    "rooms": "The two rooms",
    "room": "Room",
    "your_room": "Your room (open)",
    "closed_room": "Closed room (computer)",
    "result": "Result",
    "score_ns": "North-South",
    "made_text": "made",
    "made_over": "made +{over}",
    "down_text": "down {under}",
    "score_made": "{room}: {side} made {contract} with {tricks} tricks: {points} trick points "
    "+ {bonus} {bonus_name} = {total}.",
    "score_down": "{room}: {side} needed {needed} tricks for {contract} and took {tricks}: "
    "{under} down x 100 = {total} to {defenders}.",
    "bonus_game": "game bonus",
    "bonus_part": "part-score bonus",
    "imps_sentence": "Your team: {open:+d} here (your North-South) and {team_closed:+d} in the "
    "closed room (your team-mates sat East-West there): {difference:+d} points, {imps} IMP{s}.",
    "imps_band": "The IMP scale turns {low} to {high} points into {imps} IMP{s}.",
    "imps_band_top": "The IMP scale turns {low} points or more into {imps} IMPs.",
    "imps_same": "Both rooms scored the same: 0 IMPs.",
    "dd_head": "With every card seen (double dummy) {declarer} takes",
    "dd_tricks": "{strain} {tricks}",
    "par_sentence": "Par, the best contract for {side} if both sides play perfectly: {contract} "
    "with {tricks} tricks, {score:+d} to North-South.",
    "par_compare": "Your room scored {score:+d}: {diff} {direction} par.",
    "par_equal": "Your room scored {score:+d}: exactly par.",
    "par_above": "above",
    "par_below": "below",
    "par_note": "Par is a yardstick from perfect play, not a result: the team match counts "
    "only the two rooms.",
    "show_play": "The play of both rooms, trick by trick",
    "play_head": "{room}: {contract} by {declarer}",
    "trick_no": "{number}.",
    "imps": "IMPs",
    "total": "Session total",
    "par": "Double-dummy par",
}

_JA: dict[str, str] = {
    "N": "ノース",
    "E": "イースト",
    "S": "サウス",
    "W": "ウエスト",
    "NS": "ノース・サウス",
    "EW": "イースト・ウエスト",
    "NT": "ノートランプ",
    "suit_S": "スペード",
    "suit_H": "ハート",
    "suit_D": "ダイヤ",
    "suit_C": "クラブ",
    "game": "ゲーム",
    "part": "パートスコア",
    "contract_name": "{strain} {kind}",
    "plural_s": "",
    "club": "クラブ",
    "expert": "エキスパート",
    "title": "ミニブリッジ練習",
    "intro": "あなたはサウスです。他の3人とクローズドルームはコンピューターがプレイします。",
    "boards": "ボード数",
    "seed": "シード(空欄: ランダム)",
    "level": "コンピューターの強さ",
    "help_option": "判断ごとのヘルプ(初心者向け)",
    "start": "開始",
    "board": "ボード",
    "board_of": "ボード {board} / {boards}",
    "dealer": "ディーラー",
    "announcements": "HCP の公表",
    "declarer": "デクレアラー",
    "dummy": "ダミー",
    "you": "あなた",
    "contract": "コントラクト",
    "name_contract": "コントラクトを宣言してください",
    "needed": "必要なトリック",
    "your_turn": "あなたの番です。明るいカードをクリック:",
    "to_play": "{seat} の番",
    "trick": "このトリック",
    "last_trick": "前のトリック",
    "won_by": "勝者",
    "tricks": "トリック",
    "tricks_count": "トリック: ノース・サウス {ns}、イースト・ウエスト {ew}",
    "cards_left": "{count} 枚",
    "thinking": "コンピューターが考えています…",
    "forced": "{seat} の {card} は自動で出ました(出せるカードが1枚だけでした)。",
    "plays": "{seat}: {card}",
    "trick_won": "第 {number} トリックの勝者: {seat}",
    "error": "できません",
    "turn_help_off": "ヘルプを消す",
    "turn_help_on": "ヘルプを表示",
    "hint": "ヒント",
    "hint_line": "コンピューターなら {card}: {reason}",
    "hint_average": "(隠れた手札の配置 {layouts} 通りの平均で、残り {left} トリックのうち"
    "あなたの側が {tricks:.1f} トリック)",
    "target_line": "{declarers} は {needed} トリック必要で今 {have} トリック、{defenders} は "
    "{beat} トリックでコントラクトを落とせて今 {have_def} トリック。",
    "named_by": "{declarer} のコントラクト: {contract}(必要なトリック {needed})。",
    "next": "次のボード",
    "over": "セッション終了",
    "session_total": "合計: {total:+d} IMP",
    "session_over": "セッション終了: 合計 {total:+d} IMP",
    "waiting_closed": "クローズドルームの結果を待っています…",
    "prompt_contract": "コントラクト(例: スペード ゲーム, NT part。? ヘルプ、q 終了): ",
    "prompt_card": "{seat} の番: カードか 1-{count}(h ヒント、? ヘルプ、q 終了): ",
    "prompt_review": "Enter: 次のボード、p: 両ルームのプレイ、q: 保存して終了: ",
    "prompt_after_play": "Enter: 次のボード、q: 保存して終了: ",
    "playable": "出せるカード",
    "saved": "保存しました。続きは: bridgedesk practice --resume {path}",
    "unknown_card": "SA、H7、D10 のようにカードを入力するか、一覧の番号を入力してください。",
    "session_head": "ミニブリッジ、{boards} ボード、強さ {level}、シード {seed}、"
    "記録ファイル {path}",
    "help_title": "ヘルプ",
    "declaring_totals": "{ns_names}: {ns_a} + {ns_b} = {ns} 点、{ew_names}: {ew_a} + {ew_b} "
    "= {ew} 点。",
    "declaring_side": "点数の多い側(40 点のうち 21 点以上)がデクレアラー側です: {side}。",
    "declarer_more": "{declarer} は {partner} より点数が多い({a} 対 {b})ので、{declarer} が"
    "デクレアラー、{partner} がダミーです。",
    "declarer_first": "{declarer} と {partner} は同じ {a} 点です。先に公表した {declarer} が"
    "デクレアラーです。",
    "role_declarer": "あなたがデクレアラーです。ダミーを見てからコントラクトを宣言し、"
    "ダミーのカードも自分でプレイします。",
    "role_partner": "パートナーがデクレアラーですが、ここではあなたがデクレアラー役です。"
    "ノースの手札を見てコントラクトを宣言し、両方の手をプレイします。",
    "role_defender": "あなたはディフェンダーです(パートナーはコンピューターのノース)。"
    "最初にリードするのはデクレアラーの左の {leader} です。"
    "ダミーの手札は最初から全員に見えています。",
    "contract_points": "あなたとダミーの点数の合計は {points} 点です。",
    "contract_lengths": "スーツごとの合計枚数: {lengths}。",
    "thumb_major_fit": "目安: {suit} が合わせて {count} 枚(8 枚以上)でフィットがあり、"
    "メジャーです。{suit} を切り札にしましょう。",
    "thumb_minor_fit": "目安: {suit} が合わせて {count} 枚(8 枚以上)でフィットがあります。"
    "{suit} を切り札にしましょう。",
    "thumb_minor_fit_nt": "目安: {suit} にフィットがありますが、{points} 点ならマイナーで 11 "
    "トリックよりノートランプで 9 トリックの方が楽です。",
    "thumb_no_fit": "目安: 合わせて 8 枚以上のスーツがないので、ノートランプにしましょう。",
    "thumb_game": "合わせて 25 点以上(マイナーは 29 点以上)ならゲームを狙いましょう: {contract}。",
    "thumb_part": "合わせて 25 点未満(マイナーは 29 点未満)ならパートスコアが安全です: "
    "{contract}。",
    "option_head": "選択",
    "option_target": "目標",
    "option_made": "ちょうど達成",
    "option_over": "1 トリック多いごとに",
    "option_down": "1 ダウン",
    "reason_only_card": "出せるカードはこれだけです",
    "reason_equal_cards": "どのカードを出しても同じです。一番小さいカードを出します",
    "reason_opening_lead": "{rule}",
    "reason_draw_trumps": "切り札を抜きます。相手に勝ち札を切られないように",
    "reason_cash_winner": "このスーツで残っている一番大きいカードです。トリックを取ります",
    "reason_long_suit": "長いスーツをリードして、小さいカードを勝てるようにします",
    "reason_lead": "平均して一番良いリードです",
    "reason_partner_wins": "パートナーが勝っているので小さいカードを出します",
    "reason_win_cheaply": "最後に出すので、勝てる一番安いカードで勝ちます",
    "reason_second_hand_low": "2 番手は小さく(セカンドハンド・ロー)。大きいカードは後のために",
    "reason_third_hand_high": "3 番手は大きく(サードハンド・ハイ)。自分の側で勝つために",
    "reason_cannot_win": "このトリックは勝てないので一番小さいカードを出します",
    "reason_follow": "平均して一番良いカードでフォローします",
    "reason_ruff": "フォローできないので切り札で勝ちます(ラフ)",
    "reason_discard": "フォローできないので、要らないカードを捨てます",
    "lead_sequence": "連続したカードの一番上(K-Q-J なら K)",
    "lead_touching_honours": "並んだオナー 2 枚の上(A-K なら A、K-Q なら K)",
    "lead_ace": "切り札のあるコントラクトでは、エースの下からリードせずエースから",
    "lead_singleton": "シングルトン。後でこのスーツを切り札で取れるかもしれません",
    "lead_doubleton": "ダブルトンの上",
    "lead_fourth_best": "長いスーツの上から 4 枚目(フォース・ベスト)",
    "lead_low_from_honour": "オナーのある 3 枚からは一番下",
    "lead_top_of_nothing": "小さい 3 枚からは一番上",
    "lead_trump": "小さい切り札。デクレアラーのラフを減らすために",
    "review": "ボード {board} のふり返り",
    "all_hands": "4 人の手札",
    "rooms": "2 つのルーム",
    "room": "ルーム",
    "your_room": "あなたのテーブル(オープンルーム)",
    "closed_room": "クローズドルーム(コンピューター)",
    "result": "結果",
    "score_ns": "ノース・サウス",
    "made_text": "メイク",
    "made_over": "メイク +{over}",
    "down_text": "{under} ダウン",
    "score_made": "{room}: {side} は {contract} を {tricks} トリックでメイク: トリック点 "
    "{points} + {bonus_name} {bonus} = {total} 点。",
    "score_down": "{room}: {side} は {contract} に {needed} トリック必要で {tricks} トリック: "
    "{under} ダウン x 100 = {total} 点が {defenders} に。",
    "bonus_game": "ゲームボーナス",
    "bonus_part": "パートスコアボーナス",
    "imps_sentence": "あなたのチーム: ここ(あなたのノース・サウス)で {open:+d}、クローズドルーム"
    "(チームメイトはイースト・ウエスト)で {team_closed:+d}、合わせて {difference:+d} 点で "
    "{imps} IMP{s}。",
    "imps_band": "IMP 表では {low}〜{high} 点の差が {imps} IMP{s} です。",
    "imps_band_top": "IMP 表では {low} 点以上の差が {imps} IMP です。",
    "imps_same": "両ルームとも同じ点数でした: 0 IMP。",
    "dd_head": "全部のカードが見えていれば(ダブルダミー) {declarer} が取れるトリック",
    "dd_tricks": "{strain} {tricks}",
    "par_sentence": "パー(両側が完璧にプレイしたときの {side} の最善のコントラクト): {contract}、"
    "{tricks} トリック、ノース・サウスに {score:+d} 点。",
    "par_compare": "あなたのテーブルは {score:+d} 点: パーより {diff} 点{direction}。",
    "par_equal": "あなたのテーブルは {score:+d} 点: ちょうどパーです。",
    "par_above": "上",
    "par_below": "下",
    "par_note": "パーは完璧なプレイからの目安で、結果ではありません。チーム戦で数えるのは"
    "2 つのルームだけです。",
    "show_play": "両ルームのプレイ(トリックごと)",
    "play_head": "{room}: {declarer} の {contract}",
    "trick_no": "{number}.",
    "imps": "IMP",
    "total": "合計",
    "par": "ダブルダミーのパー",
}

WORDS: dict[str, dict[str, str]] = {"en": _EN, "ja": _JA}

_SUIT_SYMBOLS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}


def lang_of(text: str | None) -> str:
    """``text`` if it is a language the practice game speaks, else English."""
    return text if text in LANGS else "en"


@dataclass(frozen=True)
class Words:
    """The practice game's words in one language."""

    lang: str = "en"

    def __post_init__(self) -> None:
        if self.lang not in WORDS:
            raise PracticeError(f"unknown language {self.lang!r}: expected en or ja")

    def __getitem__(self, key: str) -> str:
        return WORDS[self.lang][key]

    def say(self, key: str, **values: object) -> str:
        """The text ``key`` with its ``{named}`` places filled."""
        return WORDS[self.lang][key].format(**values)

    def seat(self, seat: Seat) -> str:
        return self[seat.value]

    def side(self, side: Side) -> str:
        return self[side.value]

    def suit(self, suit: Suit) -> str:
        return self[f"suit_{suit.value}"]

    def strain(self, strain: Strain) -> str:
        """``no trumps`` or the suit's symbol."""
        return self["NT"] if strain is Strain.NT else _SUIT_SYMBOLS[Suit(strain.value)]

    def contract(self, strain: Strain, game: bool) -> str:
        kind = self["game"] if game else self["part"]
        return self.say("contract_name", strain=self.strain(strain), kind=kind)

    def plural(self, count: int) -> str:
        """The ending a count takes (English "s" unless 1; none in Japanese)."""
        return "" if abs(count) == 1 else self["plural_s"]

    @staticmethod
    def symbol(suit: Suit) -> str:
        return _SUIT_SYMBOLS[suit]

    @staticmethod
    def card(card: Card) -> str:
        """A card as people write it: the suit's symbol and the rank (10, not T)."""
        return _SUIT_SYMBOLS[card.suit] + ("10" if card.rank == 10 else card.rank_char)


__all__ = ["LANGS", "WORDS", "Words", "lang_of"]
