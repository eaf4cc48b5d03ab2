"""The one Jinja2 environment for every report: templates shipped in ``reports/templates``.

Built once per process (and per ``strict`` flag) and shared; Jinja2 is imported only
when a report is rendered, so ``import bridgedesk.reports`` stays light.  Templates say
their words with ``jinja2.ext.i18n`` (``{{ _("Ranking") }}``, ``{% trans %}``,
``pgettext``, ``ngettext``), in the language named ``lang`` in what they are rendered
with (:func:`add_catalogs`; the web pages' environment adds them too), and so do the
seats and vulnerabilities they print (``seat_name(code)``, ``vulnerability_name(code)``).
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.i18n import catalog, format_date, format_decimal, said_in
from bridgedesk.reports.names import (
    movement_kind_name,
    name_of,
    seat_name,
    shown_movement,
    vulnerability_name,
)

if TYPE_CHECKING:
    from jinja2 import Environment
    from jinja2.runtime import Context


_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _lang(context: Context) -> str:
    lang = context.get("lang")
    if not isinstance(lang, str):
        raise TypeError(f"template {context.name}: rendered without its language (lang=...)")
    return lang


def add_catalogs(env: Environment) -> None:
    """Give ``env``'s templates ``jinja2.ext.i18n`` with the catalogs of
    :mod:`bridgedesk.i18n`, in the language of each rendering (its ``lang``)."""
    from jinja2 import pass_context

    @pass_context
    def gettext(context: Context, message: str, **variables: Any) -> str:
        text = catalog(_lang(context)).gettext(message)
        return text % variables if variables else text

    @pass_context
    def ngettext(context: Context, singular: str, plural: str, n: int, **variables: Any) -> str:
        text = catalog(_lang(context)).ngettext(singular, plural, n)
        return text % variables if variables else text

    @pass_context
    def pgettext(context: Context, where: str, message: str, **variables: Any) -> str:
        text = catalog(_lang(context)).pgettext(where, message)
        return text % variables if variables else text

    @pass_context
    def npgettext(
        context: Context, where: str, singular: str, plural: str, n: int, **variables: Any
    ) -> str:
        text = catalog(_lang(context)).npgettext(where, singular, plural, n)
        return text % variables if variables else text

    @pass_context
    def seat(context: Context, code: str) -> str:
        """A seat (``N``) written out in the page's language."""
        return seat_name(Seat(code), _lang(context)) if code else ""

    @pass_context
    def vulnerability(context: Context, code: str) -> str:
        """A vulnerability (``None``, ``NS``, ``EW``, ``All``) in the page's language."""
        return vulnerability_name(Vulnerability(code), _lang(context))

    @pass_context
    def named(context: Context, value: Enum) -> str:
        """A rating, scoring method, team form... as people call it, in the page's language."""
        return name_of(value, _lang(context))

    @pass_context
    def movement_title(context: Context, movement: Any) -> str:
        """A stored movement's name in the page's language (names.shown_movement)."""
        return shown_movement(movement, _lang(context))

    @pass_context
    def movement_kind(context: Context, kind: str) -> str:
        """A movement's family (``appendix-howell``) in the page's language."""
        return movement_kind_name(kind, _lang(context))

    @pass_context
    def date_text(context: Context, value: date | str | None) -> str:
        """A date the page's language's way (``2026年11月24日``, ``24 november 2026``);
        a text that is no ISO date, as it is."""
        if isinstance(value, str):
            try:
                return format_date(date.fromisoformat(value), _lang(context))
            except ValueError:
                return value
        return "" if value is None else format_date(value, _lang(context))

    @pass_context
    def number_text(context: Context, text: str) -> str:
        """A number written by ``results.numbers`` (rounded once, ``52.34``) with the
        page's language's decimal sign (``52,34`` in Swedish); other text as it is."""
        if not _NUMBER.fullmatch(text or ""):
            return text
        places = len(text.partition(".")[2])
        return format_decimal(Decimal(text), _lang(context), places)

    @pass_context
    def said(context: Context, value: object) -> object:
        """A phrase (a movement's note, an award's reason) or an error in the page's
        language; a name or a number as it is."""
        return said_in(value, _lang(context))

    env.filters.update(date_text=date_text, number_text=number_text)
    env.globals.update(
        seat_name=seat,
        vulnerability_name=vulnerability,
        named=named,
        movement_title=movement_title,
        movement_kind=movement_kind,
        said=said,
    )
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )


@lru_cache(maxsize=2)
def environment(strict: bool = False) -> Environment:
    """The templates' environment; ``strict`` makes an undefined name an error."""
    # jinja2 costs 0.07 s to import; commands that write no page do not pay it.
    from jinja2 import Environment, PackageLoader, StrictUndefined, Undefined, select_autoescape

    env = Environment(
        loader=PackageLoader("bridgedesk.reports", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        # the templates are the package's own, changed only with the code: no stat of
        # each file on every render (a server is restarted for new code anyway)
        auto_reload=False,
        undefined=StrictUndefined if strict else Undefined,
    )
    add_catalogs(env)
    return env
