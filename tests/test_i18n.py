"""bridgedesk.i18n: the one place that chooses the language and loads its catalog."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from decimal import Decimal

import pytest

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import (
    LANGS,
    accepted_language,
    catalog,
    cli_language,
    format_date,
    format_decimal,
    lazy_gettext,
    lazy_pgettext,
    web_language,
)


def test_the_command_line_asks_the_option_then_the_environment_then_the_locale() -> None:
    assert cli_language("ja", {"BRIDGEDESK_LANG": "sv", "LANG": "en_US.UTF-8"}) == "ja"
    assert cli_language(None, {"BRIDGEDESK_LANG": "sv", "LANG": "ja_JP.UTF-8"}) == "sv"
    assert cli_language(None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert cli_language(None, {"LC_ALL": "sv_SE.UTF-8", "LANG": "ja_JP.UTF-8"}) == "sv"
    # gettext's order: LANGUAGE (a list) first, then the first locale variable set
    assert cli_language(None, {"LANGUAGE": "fr:ja", "LANG": "sv_SE"}) == "ja"
    assert cli_language(None, {"LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP"}) == "en"
    assert cli_language(None, {"LANG": "C.UTF-8"}) == "en"
    assert cli_language(None, {}) == "en"
    with pytest.raises(BridgedeskError, match="unknown language 'fr': choose one of en, ja, sv"):
        cli_language("fr", {})
    with pytest.raises(BridgedeskError, match="BRIDGEDESK_LANG: unknown language 'xx'"):
        cli_language(None, {"BRIDGEDESK_LANG": "xx"})


def test_a_page_asks_the_query_then_the_cookie_then_the_browser() -> None:
    assert web_language("sv", "ja", "ja") == "sv"
    assert web_language(None, "ja", "sv") == "ja"
    assert web_language("xx", None, "sv-SE,sv;q=0.9,en;q=0.8") == "sv"
    assert web_language(None, None, None) == "en"
    # the weights decide, not the order; a language we do not speak is passed over
    assert accepted_language("fr-FR,en;q=0.5,ja;q=0.9") == "ja"
    assert accepted_language("de, ja;q=0") is None
    assert accepted_language("ja;q=0.5, sv;q=0.5") == "ja"  # equal weights: the first


def test_catalogs_plurals_and_lazy_texts() -> None:
    assert LANGS == ("en", "ja", "sv")
    assert catalog("ja").gettext("Ranking") == "順位表"
    assert catalog("sv").gettext("Ranking") == "Resultatlista"
    assert catalog("en").gettext("Ranking") == "Ranking"
    assert catalog("sv").pgettext("vulnerability", "None") == "Ingen i zonen"
    assert catalog("ja").pgettext("vulnerability", "None") == "両サイドノンバル"
    # plural forms by each language's rule: Swedish two, Japanese one
    sv, ja = catalog("sv"), catalog("ja")
    assert [sv.ngettext("{n} board", "{n} boards", n).format(n=n) for n in (1, 2)] == [
        "1 bricka",
        "2 brickor",
    ]
    assert ja.ngettext("{n} board", "{n} boards", 1) == ja.ngettext("{n} board", "{n} boards", 5)
    assert lazy_gettext("Ranking").in_("ja") == "順位表"
    assert lazy_pgettext("vulnerability", "Both").in_("sv") == "Alla i zonen"
    with pytest.raises(BridgedeskError, match="unknown language"):
        catalog("xx")


def test_numbers_and_dates_the_languages_way() -> None:
    assert format_decimal(Decimal("52.34"), "en") == "52.34"
    assert format_decimal(Decimal("52.34"), "sv") == "52,34"
    assert format_decimal(Decimal("-0.50"), "ja") == "-0.50"
    day = dt.date(2026, 11, 24)
    assert format_date(day, "ja") == "2026年11月24日"
    assert format_date(day, "sv") == "24 november 2026"
    assert format_date(day, "en") == "November 24, 2026"


def test_importing_i18n_loads_no_babel_and_bridge_stays_light() -> None:
    code = (
        "import sys, bridgedesk.i18n, bridgedesk.bridge;"
        "print(sorted({'babel', 'jinja2'} & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_choices_and_words_inside_a_refusal_are_said_in_the_readers_language() -> None:
    from bridgedesk.events.model import EntryKind, Rating
    from bridgedesk.i18n import either, error_text, said_in

    said = either(["--boards", "--mp", "--percent"])
    assert str(said) == "--boards or --mp or --percent"
    assert said_in(said, "ja") == "--boards か --mp か --percent"
    assert said_in(said, "sv") == "--boards eller --mp eller --percent"
    assert either(["--percent"]) == "--percent"
    # the choice a refusal names is a word of the catalogs, not English put in
    with pytest.raises(BridgedeskError) as caught:
        Rating.parse("weakly")
    assert str(caught.value) == (
        "unknown rating 'weakly': expected one of " + ", ".join(r.value for r in Rating)
    )
    assert error_text(caught.value, "ja").startswith("レーティング 'weakly' はありません")
    assert error_text(caught.value, "sv").startswith("okänd klassning 'weakly'")
    with pytest.raises(BridgedeskError) as caught:
        EntryKind.parse("quartet")
    assert error_text(caught.value, "ja").startswith("エントリーの種類 'quartet' はありません")
