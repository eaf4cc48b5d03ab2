"""The movement check's problems on a console page in the page's language: the
English line is the command line's own (:attr:`SectionProblem.text`); the Japanese
sentences are here, by the problem's code, with its values put in."""

from __future__ import annotations

from bridgedesk.events.section_problems import ProblemCode, SectionProblem

__all__ = ["JAPANESE", "problem_line"]

JAPANESE = {
    ProblemCode.NOT_SEATED: "エントリーしていますがムーブメントに席がありません：{pairs}"
    "（ムーブメントの席は {seated}）",
    ProblemCode.NOT_ENTERED: "ムーブメントに席がありますがエントリーがありません：{pairs}"
    "（エントリーするか、欠けた番号をファントムとしてエントリーしてください）",
    ProblemCode.STATIONARY_MOVES: "ペア {pair} は固定席の希望ですが、このムーブメントでは"
    "移動します（固定席の番号：{stationary}）",
    ProblemCode.PHANTOMS: "ファントムが {count} 組あります（{pairs}）：ペア数の少ない"
    "ムーブメントにすれば休みが減ります",
    ProblemCode.PHANTOM_MOVES: "ファントム {pair} が移動するため、休みのテーブルが毎回"
    "変わります。固定席の番号（{stationary}）にすると運営が楽です（004:872-880）",
}


def problem_line(problem: SectionProblem, lang: str) -> str:
    """The problem as a line of a page in ``lang`` (English unless ``ja``)."""
    if lang != "ja":
        return problem.text
    values = problem.values
    if "stationary" in values and not values["stationary"]:
        values["stationary"] = "なし"
    return JAPANESE[problem.code].format(**values)
