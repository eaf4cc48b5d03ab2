"""Which words of the Python code go into the catalogs: Babel's own extraction, and the
message of every error raised with a code.

``babel.cfg`` names :func:`extract` as the method for the Python files (``make
catalogs`` and ``tests/test_catalogs.py`` both read it). It gives what Babel's Python
extractor finds (``gettext``, ``pgettext``, ``lazy_gettext``...), then every call that
passes ``code="a.code"`` with a literal English message as its first argument, the way
a :class:`bridgedesk.errors.BridgedeskError` is raised::

    raise EntryError("table {table} does not exist ...", code="result.no-such-table", ...)

So an error gets its place in the catalogs by getting its code, and the translator
sees the code beside the message (``#. code: result.no-such-table``). :func:`coded_calls`
is the same reading for ``tests/test_error_codes.py``.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any, cast

from babel.messages.extract import extract_python


@dataclass(frozen=True)
class CodedCall:
    """A call giving ``code=``: its line, the code, and its literal message (None when
    the message is not written out, which :mod:`tests.test_error_codes` refuses)."""

    line: int
    code: str
    message: str | None
    callee: str


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def coded_calls(tree: ast.AST) -> Iterator[CodedCall]:
    """Every call in ``tree`` passing a literal ``code="..."``."""
    return coded_among(node for node in ast.walk(tree) if isinstance(node, ast.Call))


def coded_among(calls: Iterable[ast.Call]) -> Iterator[CodedCall]:
    """The calls of ``calls`` passing a literal ``code="..."`` (:func:`coded_calls` for
    calls already found)."""
    for node in calls:
        code = next(
            (
                k.value.value
                for k in node.keywords
                if k.arg == "code"
                and isinstance(k.value, ast.Constant)
                and isinstance(k.value.value, str)
            ),
            None,
        )
        if code is None:
            continue
        first = node.args[0] if node.args else None
        message = (
            first.value
            if isinstance(first, ast.Constant) and isinstance(first.value, str)
            else None
        )
        yield CodedCall(node.lineno, code, message, _callee(node))


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str | tuple[str | None, ...], list[str]]]:
    """Babel's extraction method for bridgedesk's Python files (see the module)."""
    source = fileobj.read()
    # Babel's own reading of the file (its stubs type the keywords as a mapping, which
    # it is when Babel calls this method)
    babel_python = cast(Any, extract_python)
    yield from babel_python(io.BytesIO(source), keywords, comment_tags, options)
    if b"code" not in source:
        return  # no call in it can pass code= (most files: not parsed a second time)
    for call in coded_calls(ast.parse(source)):
        if call.message:
            yield call.line, None, call.message, [f"code: {call.code}"]


__all__ = ["CodedCall", "coded_among", "coded_calls", "extract"]
