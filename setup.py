"""The install's one build step beyond pyproject.toml: compile the message catalogs.

Every ``src/bridgedesk/locale/LANG/LC_MESSAGES/bridgedesk.po`` becomes the ``.mo``
that ``bridgedesk.i18n`` reads, with Babel (a build requirement). A wheel gets the
``.mo`` files in its build directory; an editable install (``pip install -e .``,
``make install``) writes them beside the ``.po`` in the source tree, as setuptools asks
of a build step that makes files for an editable install (``.gitignore`` keeps them
out of the repository).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path("src/bridgedesk/locale")


class BuildWithCatalogs(build_py):
    """``build_py`` that also compiles every ``.po`` catalog to its ``.mo``."""

    def run(self) -> None:
        super().run()
        for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to("src").with_suffix(".mo")
            target = Path("src" if self.editable_mode else self.build_lib) / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        made = [
            str(Path(self.build_lib) / po.relative_to("src").with_suffix(".mo"))
            for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
        ]
        return [*super().get_outputs(include_bytecode), *made]


setup(cmdclass={"build_py": BuildWithCatalogs})
