"""Every refusal the table terminals and the console can answer carries a code and a
message of the catalogs (issue 24; ``docs/languages.md``, "Errors").

The source is read as Python reads it (:mod:`ast`): a bridgedesk error constructed with
``code="..."`` is extracted into the catalogs by its message
(:mod:`bridgedesk.catalog_extraction`), so its Japanese and Swedish are checked by
``tests/test_catalogs.py``. Here:

- a coded error's message is written out (else it could not be extracted), its code is
  a dotted name, and its ``{placeholders}`` are the parameters it is given;
- the modules the table API and the console import (directly or not) construct no
  error without a code, but for the counts still listed in :data:`NOT_YET` (what is
  left to convert; a count that grows or shrinks fails, so the list stays true);
- rewording a coded message's English cannot keep its translation silently: the
  reworded message is extracted as a new message that no catalog holds.
"""

from __future__ import annotations

import ast
import io
import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import bridgedesk
from bridgedesk.catalog_extraction import coded_among, extract
from bridgedesk.errors import CODE, BridgedeskError
from bridgedesk.i18n import LANGS, catalog

SRC = Path(bridgedesk.__file__).parent
#: Where the table terminals and the console answer from.
EDGES = ("bridgedesk.web.api", "bridgedesk.web.tables", "bridgedesk.web.console")

#: Errors still constructed without a code in the modules the edges reach, by module
#: (issue 24, phase 2: what is left). Lower a count when you give errors their codes.
NOT_YET: dict[str, int] = {
    "bridgedesk.events.entry": 1,
    "bridgedesk.i18n": 1,
    "bridgedesk.reading": 1,
}


def _module_of(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources() -> dict[str, ast.Module]:
    return {
        _module_of(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SRC.rglob("*.py"))
    }


@dataclass(frozen=True)
class Nodes:
    """What these checks look at in one module, found in one walk of its tree (walking
    every tree once per check was most of this file's time)."""

    calls: tuple[ast.Call, ...]
    classes: tuple[ast.ClassDef, ...]
    imports: tuple[ast.Import | ast.ImportFrom, ...]


@cache
def nodes(module: str) -> Nodes:
    calls: list[ast.Call] = []
    classes: list[ast.ClassDef] = []
    imports: list[ast.Import | ast.ImportFrom] = []
    for node in ast.walk(sources()[module]):
        if isinstance(node, ast.Call):
            calls.append(node)
        elif isinstance(node, ast.ClassDef):
            classes.append(node)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            imports.append(node)
    return Nodes(tuple(calls), tuple(classes), tuple(imports))


@cache
def error_classes() -> frozenset[str]:
    """The names of bridgedesk's error classes: :class:`BridgedeskError` and every class
    of the source deriving from one (read from the source, nothing imported)."""
    bases = {
        node.name: {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
        for module in sources()
        for node in nodes(module).classes
    }
    names = {BridgedeskError.__name__}
    grown = True
    while grown:
        more = {name for name, of in bases.items() if of & names} - names
        names |= more
        grown = bool(more)
    return frozenset(names)


def _imports(module: str) -> Iterator[str]:
    known = sources()
    for node in nodes(module).imports:
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                package = module.split(".")[: -node.level]
                base = ".".join([*package, node.module])
            yield base
            yield from (f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known)


@cache
def reached() -> frozenset[str]:
    """Every bridgedesk module the edges import, directly or through others."""
    known = sources()
    todo = [m for m in known if m.startswith(EDGES)]
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen or module not in known:
            continue
        seen.add(module)
        todo.extend(i for i in _imports(module) if i.startswith("bridgedesk"))
    return frozenset(seen)


def uncoded(module: str) -> list[int]:
    """The lines where an error of bridgedesk is constructed without a code."""
    classes = error_classes()
    lines = []
    for node in nodes(module).calls:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in classes and not any(k.arg == "code" for k in node.keywords) and node.args:
            lines.append(node.lineno)
    return sorted(lines)


def test_every_coded_error_says_a_catalog_message() -> None:
    wrong = []
    for module in sources():
        for call in coded_among(nodes(module).calls):
            if call.message is None:
                wrong.append(f"{module}:{call.line}: the message is not written out")
            if not CODE.fullmatch(call.code):
                wrong.append(f"{module}:{call.line}: {call.code!r} is not a code")
    assert not wrong, "\n".join(wrong)


def test_the_placeholders_are_the_parameters() -> None:
    wrong = []
    for module in sources():
        for node in nodes(module).calls:
            if not any(k.arg == "code" for k in node.keywords):
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            if any(k.arg is None for k in node.keywords):  # **params: checked when raised
                continue
            said = {f for _, f, _, _ in string.Formatter().parse(first.value) if f is not None}
            given = {k.arg for k in node.keywords} - {"code", "where"}
            if said != given:
                wrong.append(f"{module}:{node.lineno}: says {sorted(said)}, given {sorted(given)}")
    assert not wrong, "\n".join(wrong)


def test_the_table_api_and_the_console_refuse_with_codes() -> None:
    found = {}
    for module in sorted(reached()):
        lines = uncoded(module)
        if lines:
            found[module] = lines
    grown = [
        f"{m}: {len(lines)} without a code (lines {', '.join(map(str, lines))}), "
        f"NOT_YET says {NOT_YET.get(m, 0)}"
        for m, lines in found.items()
        if len(lines) > NOT_YET.get(m, 0)
    ]
    assert not grown, "give these errors a code and a catalog message:\n" + "\n".join(grown)
    shrunk = [f"{m}: {n} -> {len(found.get(m, []))}" for m, n in NOT_YET.items()
              if len(found.get(m, [])) < n]  # fmt: skip
    assert not shrunk, "lower NOT_YET (fewer errors without a code):\n" + "\n".join(shrunk)


def test_the_command_line_refuses_with_codes() -> None:
    # the CLI's own checks (its options' shapes and combinations) are not reached from
    # the edges above; every one of them has its code (issue 24, phase 3)
    found = {
        f"{module}:{line}"
        for module in sources()
        if module.startswith("bridgedesk.cli")
        for line in uncoded(module)
    }
    assert not found, "give these errors a code and a catalog message: " + ", ".join(sorted(found))


def test_every_audit_action_has_its_words() -> None:
    # a refusal of director.audit names its action; a new action needs its catalog words
    from bridgedesk.store.director import ACTION_WORDS

    named = set()
    for module in sources():
        for call in nodes(module).calls:
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            if name in ("audit", "_audit", "log") and len(call.args) > 2:
                action = call.args[2]
                if isinstance(action, ast.Constant) and isinstance(action.value, str):
                    named.add(action.value)
    assert {"entry-edit", "withdraw-pair", "publish-despite-disputes"} <= named  # seen
    assert named - ACTION_WORDS.keys() == set()


def test_the_commonest_refusals_at_a_table_are_coded() -> None:
    # the two a Japanese table meets most (issue 24): a wrong code, an impossible result
    codes = {c.code for module in sources() for c in coded_among(nodes(module).calls)}
    assert {"table.wrong-code", "result.impossible"} <= codes


SOURCE = """
from bridgedesk.errors import EntryError
raise EntryError("round {round} is closed: only the director can change its results",
                 code="round.closed", round=3)
"""


def _extracted(source: str) -> set[str]:
    return {
        message
        for _line, _func, message, _comments in extract(io.BytesIO(source.encode()), (), (), {})
        if isinstance(message, str)
    }


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_rewording_a_message_cannot_keep_a_stale_translation(lang: str) -> None:
    # the message as the code says it now is extracted and translated
    (said,) = _extracted(SOURCE)
    assert catalog(lang).gettext(said) != said
    # reworded, it is a new message id: no catalog has it (tests/test_catalogs.py fails,
    # naming it, until make catalogs adds it and a translator translates it)
    (reworded,) = _extracted(SOURCE.replace("only the director", "only a director"))
    assert reworded != said
    assert catalog(lang).gettext(reworded) == reworded


def test_a_phrase_is_its_english_and_says_itself_in_a_language() -> None:
    import copy
    import pickle

    from bridgedesk.events.seating import boards_phrase

    said = boards_phrase([1, 2, 3])
    assert said == "boards 1-3" and "boards" in said  # stored and compared as English
    assert said.in_("ja") == "ボード 1〜3" and said.in_("sv") == "brickorna 1–3"
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert again == said and again.in_("ja") == "ボード 1〜3"
