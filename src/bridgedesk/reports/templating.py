"""The one Jinja2 environment for every report: templates shipped in ``reports/templates``.

Built once per process (and per ``strict`` flag) and shared; Jinja2 is imported only
when a report is rendered, so ``import bridgedesk.reports`` stays light.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jinja2 import Environment


@lru_cache(maxsize=2)
def environment(strict: bool = False) -> Environment:
    """The templates' environment; ``strict`` makes an undefined name an error."""
    # jinja2 costs 0.07 s to import; commands that write no page do not pay it.
    from jinja2 import Environment, PackageLoader, StrictUndefined, Undefined, select_autoescape

    return Environment(
        loader=PackageLoader("bridgedesk.reports", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined if strict else Undefined,
    )
