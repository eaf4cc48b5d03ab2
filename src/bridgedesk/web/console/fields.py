"""The console's form fields as a refusal names them, in the page's language.

A number a form must give is refused with the field's name in it ("round is a whole
number from 1, not 'x'"); the error's ``where.input`` is the field, and the name said is
one of :data:`NAMES` (the English words the forms' checks use), translated with the
line. A name not listed is said as it is.
"""

from __future__ import annotations

from bridgedesk.i18n import LazyText, lazy_pgettext

_WORDS = (
    lazy_pgettext("field", "round"),
    lazy_pgettext("field", "table"),
    lazy_pgettext("field", "board"),
    lazy_pgettext("field", "boards"),
    lazy_pgettext("field", "rounds"),
    lazy_pgettext("field", "tables"),
    lazy_pgettext("field", "pairs"),
    lazy_pgettext("field", "pair"),
    lazy_pgettext("field", "ns"),
    lazy_pgettext("field", "ew"),
    lazy_pgettext("field", "met"),
    lazy_pgettext("field", "number"),
    lazy_pgettext("field", "dispute"),
    lazy_pgettext("field", "correction"),
    lazy_pgettext("field", "ruling"),
    lazy_pgettext("field", "from round"),
    lazy_pgettext("field", "boards per round"),
    lazy_pgettext("field", "the round"),
    lazy_pgettext("field", "the board"),
    lazy_pgettext("field", "the team"),
    lazy_pgettext("field", "the team forfeiting"),
    lazy_pgettext("field", "the team's number"),
    lazy_pgettext("field", "the home team"),
    lazy_pgettext("field", "the away team"),
    lazy_pgettext("field", "the first round missed"),
    lazy_pgettext("field", "the class"),
    lazy_pgettext("field", "the number of boards"),
    lazy_pgettext("field", "the boards a round"),
)
#: The fields' names by their English words.
NAMES: dict[str, LazyText] = {words.message: words for words in _WORDS}


def field_name(words: str) -> LazyText | str:
    """The field ``words`` name ("round", "the home team"), said in the page's language."""
    return NAMES.get(words, words)


__all__ = ["NAMES", "field_name"]
