"""The command line's ``--lang``: every command that prints words for people takes it,
and :func:`bridgedesk.i18n.cli_language` decides when it is left out
(``BRIDGEDESK_LANG``, else the locale, else English)."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk.i18n import cli_language

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


__all__ = ["LangOption", "chosen"]
