"""A refusal as a page or the table API says it: in the reader's language, with its code
and the field it is about.

A :class:`~bridgedesk.errors.BridgedeskError` carries a stable code, its parameters and
where it is (``docs/languages.md``, "Errors"); its words come from the catalogs
(:func:`bridgedesk.i18n.error_text`). A page shows :func:`refusal` (``data-code`` and the
text, beside the form field ``where.input`` names); the table API answers
:func:`refusal_json`. A refusal given as text (a page's own line) is shown as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import error_params, error_text

#: What a page shows as a refusal: an error, or a line of its own.
Shown = BridgedeskError | str


@dataclass(frozen=True)
class Refusal:
    """A refusal as a page shows it: its code ("" for an error without one), its words
    in the page's language, and the form field it is about ("" when none)."""

    code: str
    text: str
    field: str


def refusal(shown: Shown, lang: str) -> Refusal:
    """``shown`` for a page in ``lang``."""
    if isinstance(shown, BridgedeskError):
        return Refusal(shown.code, error_text(shown, lang), shown.where.input or "")
    return Refusal("", shown, "")


def refusal_json(error: BridgedeskError, lang: str) -> dict[str, Any]:
    """The table API's body of a refusal: ``error`` (the line in ``lang``, which the
    terminal shows), ``code`` (null for an error without one), ``field`` (the request's
    field it is about, or null) and ``params`` (the values the line says, for a
    program)."""
    return {
        "error": error_text(error, lang),
        "code": error.code or None,
        "field": error.where.input,
        "params": error_params(error, lang),
    }


__all__ = ["Refusal", "Shown", "refusal", "refusal_json"]
