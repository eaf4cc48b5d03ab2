"""The words a person reads, in that person's language: gettext catalogs, by the book.

Every word bridgedesk prints for a player, a director or a federation office is a
gettext message: its English text is the message id, and one catalog per language
(``locale/{en,ja,sv}/LC_MESSAGES/bridgedesk.po``) gives its words there. The Japanese
words are the JCBL Director Manual's (004), the Swedish ones the SBF's (001). Babel
extracts the messages from the Python code and the Jinja2 templates
(``babel.cfg``; ``make catalogs`` merges them into the catalogs), and the install
compiles each ``.po`` to the ``.mo`` read here (``setup.py``).

This module is the one place that:

- loads a language's catalog (:func:`catalog`: the standard library's
  :class:`gettext.GNUTranslations`, whose ``gettext``, ``ngettext`` and ``pgettext``
  the code calls, ``_ = catalog(lang).gettext``);
- marks words that are translated later (:func:`lazy_gettext`, :class:`LazyText`),
  for tables defined at import time;
- chooses the language: the command line's ``--lang``, else ``BRIDGEDESK_LANG``,
  else the locale (:func:`cli_language`); a web page's ``?lang=``, else its cookie,
  else the browser's ``Accept-Language`` (:func:`web_language`);
- formats numbers and dates the language's way (Babel, imported only then);
- says an error in a language (:func:`error_text`): its place, then its message (the
  English message id with ``{placeholders}``) from the catalog, the parameters put in.

It imports only the standard library and :mod:`bridgedesk.errors`, so every layer
may import it (the ``i18n`` contract of ``pyproject.toml``).
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from bridgedesk.errors import BridgedeskError, Location

#: The languages bridgedesk speaks, English first (the default).
LANGS = ("en", "ja", "sv")
DEFAULT = "en"
#: The gettext domain: ``locale/LANG/LC_MESSAGES/bridgedesk.mo``.
DOMAIN = "bridgedesk"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The environment variable naming the command line's language.
LANG_ENV = "BRIDGEDESK_LANG"
#: Each language's own name, as its speakers write it (the language switch of a page).
NATIVE_NAMES = {"en": "English", "ja": "日本語", "sv": "Svenska"}


def check_language(lang: str) -> str:
    """``lang`` when bridgedesk speaks it; else a one-line error naming the choices."""
    if lang not in LANGS:
        raise BridgedeskError(
            "unknown language {lang!r}: choose one of {choices}",
            code="language.unknown",
            lang=lang,
            choices=", ".join(LANGS),
        )
    return lang


def catalog_files(lang: str) -> tuple[Path, Path]:
    """The catalog's source (``.po``) and compiled (``.mo``) files of ``lang``."""
    folder = LOCALE_DIR / check_language(lang) / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


@lru_cache(maxsize=len(LANGS))
def catalog(lang: str) -> _gettext.GNUTranslations:
    """The catalog of ``lang``, loaded once per process.

    The install compiles every ``.po`` to its ``.mo`` (``setup.py``); in a source tree
    where a ``.po`` was edited after that, or the ``.mo`` is not built yet, the ``.po``
    is compiled here in memory (with Babel), so what is read is never older than the
    catalog a translator saved.
    """
    po, mo = catalog_files(lang)
    if mo.exists() and not (po.exists() and po.stat().st_mtime > mo.stat().st_mtime + 1):
        with mo.open("rb") as stream:
            return _gettext.GNUTranslations(stream)
    if not po.exists():
        # no code: a coded error is said through the catalog that is missing here
        raise BridgedeskError(f"the {lang} catalog is missing: {mo} (reinstall bridgedesk)")
    return _gettext.GNUTranslations(io.BytesIO(compile_catalog(po.read_bytes(), lang)))


def compile_catalog(po_text: bytes, lang: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` catalog (Babel's reader and writer)."""
    from babel.messages.mofile import write_mo  # Babel: only when compiling
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po_text), locale=lang), use_fuzzy=False)
    return out.getvalue()


@dataclass(frozen=True)
class LazyText:
    """A message marked at import time and translated when it is shown (:meth:`in_`)."""

    message: str
    context: str | None = None

    def in_(self, lang: str) -> str:
        """The message in ``lang``."""
        if self.context is None:
            return catalog(lang).gettext(self.message)
        return catalog(lang).pgettext(self.context, self.message)

    def __str__(self) -> str:
        return self.message


class Phrase(str):
    """A message with values, said when it is shown: a part of an error's line ("boards
    1-3") or a note composed below the reports (a movement's relay, an award's reason).

    It is its English text (a ``str``: stored, compared and printed as such, the way the
    ledger records an award's reason), and :meth:`in_` says it in another language from
    the catalog, its values put in (a value that is itself a phrase or a
    :class:`LazyText` is said in that language too). Written
    ``phrase("boards {first}-{last}", first=1, last=3)``: ``make catalogs`` extracts
    the message."""

    message: str
    params: dict[str, object]

    def __new__(cls, message: str, params: Mapping[str, object]) -> Phrase:
        made = super().__new__(cls, message.format_map(dict(params)))
        made.message = message
        made.params = dict(params)
        return made

    def in_(self, lang: str) -> str:
        """The phrase in ``lang``."""
        if lang == DEFAULT:
            return str(self)
        words = catalog(lang).gettext(self.message)
        return words.format_map({k: said_in(v, lang) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"phrase({self.message!r}, **{self.params!r})"

    def __getnewargs__(self) -> tuple[str, dict[str, object]]:  # type: ignore[override]
        # a copy or a pickle is made again from the message and its values
        return self.message, self.params


def phrase(message: str, **params: object) -> Phrase:
    """Mark ``message`` for the catalogs, with the values of its ``{placeholders}``."""
    return Phrase(message, params)


def either(choices: Sequence[object]) -> object:
    """The ``choices`` as "a or b or c", said in the reader's language (an error's part:
    ``--boards or --percent``); one choice is itself."""
    if len(choices) == 1:
        return choices[0]
    return phrase("{first} or {rest}", first=choices[0], rest=either(choices[1:]))


def listed(items: Sequence[object]) -> object:
    """The ``items`` as "a; b; c", each said in the reader's language; one is itself."""
    if len(items) == 1:
        return items[0]
    return phrase("{first}; {rest}", first=items[0], rest=listed(items[1:]))


def said_in(value: object, lang: str) -> object:
    """A value as ``lang`` says it: a phrase, a lazy text or an error in its words, a
    number or a name as it is."""
    if isinstance(value, LazyText | Phrase):
        return value.in_(lang)
    if isinstance(value, BridgedeskError):
        return error_text(value, lang)
    return value


def lazy_gettext(message: str) -> LazyText:
    """Mark ``message`` for the catalogs; translate it later with :meth:`LazyText.in_`."""
    return LazyText(message)


def lazy_pgettext(context: str, message: str) -> LazyText:
    """:func:`lazy_gettext` for a message whose English needs a ``context``."""
    return LazyText(message, context)


def _language_of(tag: str) -> str | None:
    """The language of a locale or language tag (``ja_JP.UTF-8``, ``sv-SE``) we speak."""
    code = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGS else None


def cli_language(asked: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The command line's language: ``--lang`` (``asked``), else ``BRIDGEDESK_LANG``,
    else the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: gettext's
    order), else English. An unknown ``--lang`` or ``BRIDGEDESK_LANG`` is refused."""
    env = os.environ if environ is None else environ
    if asked:
        return check_language(asked.strip().lower())
    named = env.get(LANG_ENV, "").strip().lower()
    if named:
        try:
            return check_language(named)
        except BridgedeskError as exc:
            raise BridgedeskError(
                "{variable}: {problem}",
                code="language.bad-environment",
                variable=LANG_ENV,
                problem=exc,
            ) from None
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for tag in value.split(":"):  # LANGUAGE is a list: ja:en
            found = _language_of(tag)
            if found:
                return found
        if variable != "LANGUAGE":
            break  # the first locale variable set decides
    return DEFAULT


def accepted_language(header: str) -> str | None:
    """The language we speak that ``Accept-Language`` prefers (its ``q`` weights, the
    first listed among equals), or None."""
    best: tuple[float, int, str] | None = None
    for position, item in enumerate(header.split(",")):
        tag, _, params = item.partition(";")
        found = _language_of(tag)
        if found is None:
            continue
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0 and (best is None or (weight, -position) > (best[0], best[1])):
            best = (weight, -position, found)
    return best[2] if best else None


def web_language(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """A page's language: ``?lang=`` (``asked``), else the cookie remembering it, else
    the browser's ``Accept-Language``, else English. Unknown values are passed over
    (a page is always shown)."""
    for value in (asked, cookie):
        if value and value.strip().lower() in LANGS:
            return value.strip().lower()
    return (accepted_language(accept) if accept else None) or DEFAULT


def format_decimal(value: Decimal | int, lang: str, places: int = 2) -> str:
    """A number already rounded once (``results.numbers``) with ``places`` decimals,
    written the language's way (``52.34`` in English and Japanese, ``52,34`` in Swedish)."""
    from babel.numbers import format_decimal as babel_decimal

    pattern = "0" + ("." + "0" * places if places else "")
    return babel_decimal(Decimal(str(value)), format=pattern, locale=check_language(lang))


def format_date(value: date, lang: str) -> str:
    """A date the language's way: ``27 November 2026``, ``2026年11月27日``,
    ``27 november 2026``."""
    from babel.dates import format_date as babel_date

    return babel_date(value, format="long", locale=check_language(lang))


#: How a place is said, one message per part of :class:`~bridgedesk.errors.Location`
#: (``file`` is a name, said as it is).
_PLACE_PARTS = (
    ("round", lazy_pgettext("where", "round {round}")),
    ("table", lazy_pgettext("where", "table {table}")),
    ("board", lazy_pgettext("where", "board {board}")),
    ("field", lazy_pgettext("where", "field {field}")),
)


def place_text(where: Location, lang: str) -> str:
    """Where an error is, in ``lang`` ("file.pbn:3:7, round 2, table 3, board 5")."""
    parts: list[str] = []
    if where.file is not None:
        pos = where.file
        if where.line is not None:
            pos += f":{where.line}" + (f":{where.column}" if where.column is not None else "")
        parts.append(pos)
    elif where.line is not None:
        if where.column:
            said = catalog(lang).pgettext("where", "line {line}, column {column}")
            parts.append(said.format(line=where.line, column=where.column))
        else:
            parts.append(catalog(lang).pgettext("where", "line {line}").format(line=where.line))
    for name, words in _PLACE_PARTS:
        value = getattr(where, name)
        if value is not None:
            parts.append(words.in_(lang).format_map({name: value}))
    return catalog(lang).pgettext("where", ", ").join(parts)


def message_text(error: BridgedeskError, lang: str) -> str:
    """The message of ``error`` in ``lang`` without its place: the catalog's words for a
    coded error, its parameters put in (words and errors among them translated); the
    English line for an error without a code."""
    if not error.code:
        return error.message
    words = catalog(lang).gettext(error.msgid) if lang != DEFAULT else error.msgid
    values = {name: said_in(value, lang) for name, value in error.params.items()}
    return words.format_map(values)


def error_text(error: BridgedeskError, lang: str) -> str:
    """``error`` as one line in ``lang``: its place, then its message. In English this
    is ``str(error)``."""
    if lang == DEFAULT and not error.code:
        return str(error)
    message = message_text(error, lang)
    if not error.where:
        return message
    return (
        catalog(lang)
        .pgettext("where", "{place}: {message}")
        .format(place=place_text(error.where, lang), message=message)
    )


def error_params(error: BridgedeskError, lang: str) -> dict[str, str | int]:
    """The parameters of ``error`` as JSON values (numbers stay numbers, the rest text in
    ``lang``)."""
    out: dict[str, str | int] = {}
    for name, value in error.params.items():
        shown = said_in(value, lang)
        out[name] = shown if isinstance(shown, int) and not isinstance(shown, bool) else str(shown)
    return out


__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGS",
    "LANG_ENV",
    "LOCALE_DIR",
    "NATIVE_NAMES",
    "LazyText",
    "Phrase",
    "accepted_language",
    "catalog",
    "catalog_files",
    "check_language",
    "cli_language",
    "compile_catalog",
    "either",
    "error_params",
    "error_text",
    "format_date",
    "format_decimal",
    "lazy_gettext",
    "lazy_pgettext",
    "message_text",
    "phrase",
    "place_text",
    "said_in",
    "web_language",
]
