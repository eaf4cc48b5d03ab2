"""Give a raise site its error code: the mechanical step of docs/languages.md ("Errors").

    .venv/bin/python tools/code_error.py FILE:LINE CODE [NAME=PLACEHOLDER ...]

rewrites the error constructed at FILE:LINE (the call of a ``...Error`` class that
starts on or spans that line) from an English line::

    raise EntryError(f"round {r} does not exist: rounds 1-{m.rounds}", where)

to its message id with ``{placeholders}``, its code and its parameters::

    raise EntryError(
        "round {r} does not exist: rounds 1-{rounds}", where, code=CODE, r=r, rounds=m.rounds
    )

The English words are the same (``str(error)`` is unchanged, so the tests that read it
keep passing); a conversion (``!r``) or a format spec stays in the placeholder. A
placeholder is named after its value's last name (``m.rounds`` -> ``rounds``), a call
after its function's (``len(...)`` -> ``len``): rename one with NAME=PLACEHOLDER
(``len=rounds``); ``@input=NAME`` adds ``Location(input=NAME)``, the form field or
option the value was typed in (import ``Location`` if the module has not). The file is
rewritten in place; run ``ruff format`` on it after, then ``make catalogs`` and give
the new message its Japanese and Swedish.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RESERVED = {"message", "where", "code"}


def _name_of(expr: ast.expr) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Call):
        return _name_of(expr.func)
    if isinstance(expr, ast.Subscript):
        return _name_of(expr.value)
    return "value"


def _template(node: ast.expr, renames: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The message id of an f-string (or a plain string) and its parameters' sources."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}"), {}
    if not isinstance(node, ast.JoinedStr):
        raise SystemExit(f"the message is not a string: {ast.unparse(node)}")
    text: list[str] = []
    params: dict[str, str] = {}
    for part in node.values:
        if isinstance(part, ast.Constant):
            text.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(part, ast.FormattedValue)
        source = ast.unparse(part.value)
        name = next((n for n, s in params.items() if s == source), None)
        if name is None:
            found = _name_of(part.value)
            base = renames.get(found, found.lower()).strip("_") or "value"
            if base in RESERVED:
                base = f"given_{base}"
            name, n = base, 2
            while name in params:
                name, n = f"{base}{n}", n + 1
            params[name] = source
        conversion = "" if part.conversion == -1 else "!" + chr(part.conversion)
        spec = ""
        if part.format_spec is not None:
            assert isinstance(part.format_spec, ast.JoinedStr)
            if not all(isinstance(v, ast.Constant) for v in part.format_spec.values):
                raise SystemExit(f"a computed format spec: {ast.unparse(part)}")
            spec = ":" + "".join(str(v.value) for v in part.format_spec.values)  # type: ignore[attr-defined]
        text.append("{" + name + conversion + spec + "}")
    return "".join(text), params


def _literal(text: str, width: int = 72) -> str:
    """``text`` as Python string literals of at most ``width`` characters each, cut after
    a space (implicitly joined, so ``ruff format`` lays them out one a line)."""
    pieces: list[str] = []
    rest = text
    while len(rest) > width:
        cut = rest.rfind(" ", 0, width)
        if cut <= 0:
            break
        pieces.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    pieces.append(rest)
    return " ".join(repr(piece) for piece in pieces)


def _call_at(tree: ast.AST, line: int) -> ast.Call:
    found: ast.Call | None = None
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
            and (
                (isinstance(node.func, ast.Name) and node.func.id.endswith("Error"))
                or (isinstance(node.func, ast.Attribute) and node.func.attr.endswith("Error"))
            )
            and (found is None or node.lineno >= found.lineno)
        ):
            found = node
    if found is None:
        raise SystemExit(f"no ...Error(...) call at line {line}")
    return found


def convert(source: str, line: int, code: str, renames: dict[str, str]) -> str:
    """``source`` with the error at ``line`` given ``code`` (see the module)."""
    tree = ast.parse(source)
    call = _call_at(tree, line)
    if any(k.arg == "code" for k in call.keywords):
        raise SystemExit(f"line {line} has a code already")
    if not call.args:
        raise SystemExit(f"line {line}: the error has no message")
    given_input = renames.pop("@input", None)
    template, params = _template(call.args[0], renames)
    seg = ast.get_source_segment
    parts = [_literal(template)]
    parts += [seg(source, a) or ast.unparse(a) for a in call.args[1:]]
    if given_input is not None:
        if len(call.args) > 1:
            raise SystemExit(f"line {line} has a place already: give its input by hand")
        parts.append(f"Location(input={given_input!r})")
    parts += [seg(source, k) or ast.unparse(k) for k in call.keywords]
    parts.append(f"code={code!r}")
    parts += [f"{name}={value}" for name, value in params.items()]
    new = f"{seg(source, call.func)}({', '.join(parts)})"
    # ast's columns count UTF-8 bytes
    lines = source.encode("utf-8").splitlines(keepends=True)
    start = sum(len(x) for x in lines[: call.lineno - 1]) + call.col_offset
    end = sum(len(x) for x in lines[: (call.end_lineno or call.lineno) - 1]) + (
        call.end_col_offset or 0
    )
    raw = source.encode("utf-8")
    return (raw[:start] + new.encode("utf-8") + raw[end:]).decode("utf-8")


def main(argv: list[str]) -> int:
    if len(argv) < 2 or ":" not in argv[0]:
        print(__doc__, file=sys.stderr)
        return 2
    file, _, line = argv[0].rpartition(":")
    renames = dict(a.split("=", 1) for a in argv[2:])
    path = Path(file)
    path.write_text(convert(path.read_text(encoding="utf-8"), int(line), argv[1], renames))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
