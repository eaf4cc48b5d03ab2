"""Every word the code says to people has its translation in every shipped catalog.

The messages are extracted from the source as ``make catalogs`` extracts them (Babel,
``babel.cfg``), and each catalog (``locale/{en,ja,sv}``) must hold every one of them and
no entry the code no longer says; the Japanese and Swedish ones translate each (no empty
or fuzzy entry, every plural form, the same ``{placeholders}`` as the English).  The
English catalog's entries are empty unless an editor rewords a message there (gettext
then prints the code's English).  A message added or reworded without its
translations fails here (``make test``), naming it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from bridgedesk.i18n import LANGS, catalog, catalog_files, compile_catalog

ROOT = Path(__file__).resolve().parents[1]
#: The marking functions beyond gettext's own (Makefile's ``catalogs`` passes the same).
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "lazy_gettext": None,
    "lazy_pgettext": ((1, "c"), 2),
    "phrase": None,
}
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")

Key = tuple[str | None, str]


@cache
def extracted() -> dict[Key, str]:
    """Every message the source says, by (context, English), with one place it is said."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[Key, str] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault((context, msgid), f"{filename}:{line}")
    return found


@cache
def shipped(lang: str) -> Catalog:
    po, _mo = catalog_files(lang)
    with po.open("rb") as stream:
        return read_po(stream, locale=lang)


def _entries(lang: str) -> dict[Key, Message]:
    return {
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in shipped(lang) if m.id
    }


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def test_the_source_says_words_through_the_catalogs() -> None:
    # a floor: the reports, pages and console say hundreds of messages
    assert len(extracted()) > 400


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang: str) -> None:
    entries = _entries(lang)
    missing = [f"{where}: {msgid!r}" for (ctx, msgid), where in extracted().items()
               if (ctx, msgid) not in entries]  # fmt: skip
    assert not missing, f"{lang}: not in the catalog (make catalogs):\n" + "\n".join(missing)
    if lang == "en":
        return
    untranslated = []
    for key in extracted():
        message = entries[key]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            untranslated.append(repr(key[1]))
    assert not untranslated, f"{lang}: no translation for\n" + "\n".join(untranslated)


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders(lang: str) -> None:
    wrong = []
    for key, message in _entries(lang).items():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(_placeholders(i) for i in ids))
        for text in strings:
            # a plural form may leave the count out ("one board"), never add a name
            said = _placeholders(text)
            if text and (said != wanted if len(ids) == 1 else not said <= wanted):
                wrong.append(f"{key[1]!r} -> {text!r}")
    assert not wrong, f"{lang}: placeholders differ\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_the_code_no_longer_says(lang: str) -> None:
    stale = sorted(repr(k[1]) for k in _entries(lang) if k not in extracted())
    assert not stale, f"{lang}: obsolete entries (make catalogs removes them):\n" + "\n".join(stale)


@pytest.mark.parametrize("lang", LANGS)
def test_the_loaded_catalog_is_the_shipped_one(lang: str) -> None:
    # what bridgedesk reads (the .mo the install compiled, or the .po compiled in memory)
    # translates as the .po says
    po, _mo = catalog_files(lang)
    compiled = compile_catalog(po.read_bytes(), lang)
    assert compiled.startswith(b"\xde\x12\x04\x95")  # the GNU .mo magic number
    for (ctx, msgid), message in list(_entries(lang).items())[:50]:
        if isinstance(message.id, tuple):
            continue
        got = catalog(lang).pgettext(ctx, msgid) if ctx else catalog(lang).gettext(msgid)
        assert got == (message.string or msgid)


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_passes_babels_checks(lang: str) -> None:
    # what `pybabel compile` (make catalogs) refuses: e.g. a "%" in an English message
    # that reads as a %-format placeholder ("5 % of" is "% o") the translation lacks
    errors = [
        f"{message.lineno}: {message.id!r}: {'; '.join(map(str, found))}"
        for message, found in shipped(lang).check()
    ]
    assert not errors, "\n".join(errors)
