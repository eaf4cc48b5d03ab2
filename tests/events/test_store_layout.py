"""The shape issue 11 asks of the store and the result model, checked on the source.

* The store is modules by concept sharing one unit of work: no store module
  imports another's private names or calls the old private helpers of the
  façade (``_tx``, ``_event``, ``_section``, ...).  (Files are cut by concept, not
  kept under a line count: issue 21.)
* One class named ``Result`` in the package (the engine's traveller row is
  ``TravellerLine``).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import bridgedesk
from bridgedesk.store.service import Store
from bridgedesk.store.unit import UnitOfWork

PACKAGE = Path(bridgedesk.__file__).parent
STORE = PACKAGE / "store"
#: The private helpers ``Store`` had before the split; nothing may call them now.
OLD_PRIVATES = {"_tx", "_event", "_section", "_entries", "_movement", "_section_results",
                "_player", "_add_entry", "_add", "_result_row"}  # fmt: skip


@cache
def _sources(root: Path) -> tuple[tuple[Path, str], ...]:
    return tuple((p, p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py")))


def _modules(root: Path, spelling: str = "") -> list[tuple[Path, ast.Module]]:
    """The modules under ``root`` parsed, those whose text matches the regular expression
    ``spelling`` if one is given (a module that never spells a construct cannot hold it:
    parsing all 450 for each question was most of this file's time)."""
    pattern = re.compile(spelling)
    return [(path, ast.parse(text)) for path, text in _sources(root) if pattern.search(text)]


def test_no_store_module_imports_another_ones_private_names() -> None:
    found = []
    for path, tree in _modules(STORE):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bridgedesk"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                found += [f"{path.name}: {n}" for n in private if not n.startswith("__")]
    assert found == []


def test_nothing_calls_the_old_private_helpers_of_the_store() -> None:
    found = []
    for path, tree in _modules(PACKAGE, r"\.[\s\\]*(?:" + "|".join(OLD_PRIVATES) + r")\b"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in OLD_PRIVATES:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
    assert found == []


def test_the_store_is_a_unit_of_work_whose_methods_are_the_modules_functions() -> None:
    from bridgedesk.store import corrections, results_repo

    assert issubclass(Store, UnitOfWork)
    assert Store.results is results_repo.results
    assert Store.board_history is corrections.board_history


def test_one_class_named_result_in_the_package() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}"
        for path, tree in _modules(PACKAGE, r"class\s+Result\b")
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == "Result"
    ]
    assert found == ["events/model.py"]
