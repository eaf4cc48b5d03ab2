"""The command line's ``--lang``: every command that prints words for people takes it,
and :func:`bridgedesk.i18n.cli_language` decides when it is left out
(``BRIDGEDESK_LANG``, else the locale, else English)."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import DEFAULT, catalog, cli_language, error_text

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of the words: en, ja or sv (default: $BRIDGEDESK_LANG, else the locale).",
        show_default=False,
    ),
]


def chosen(lang: str | None) -> str:
    """The language the command speaks (``--lang`` checked: an unknown one is refused)."""
    return cli_language(lang)


def language_of(args: list[str]) -> str:
    """The language a command line asked for, read before (or without) its parsing:
    for the one line of a refusal. ``--lang X`` or ``--lang=X``, else the environment
    (:func:`chosen`); English when what was asked is unknown (that is its own refusal)."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    try:
        return chosen(asked)
    except BridgedeskError:
        return DEFAULT


def refusal_line(error: BridgedeskError, lang: str) -> str:
    """``error: <where>: <what was wrong>`` in ``lang`` (the catalog's words of a coded
    error; English for one without a code)."""
    return catalog(lang).pgettext("cli", "error: {message}").format(message=error_text(error, lang))


__all__ = ["LangOption", "chosen", "language_of", "refusal_line"]
