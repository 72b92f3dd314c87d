"""`_` is gettext everywhere in web/: no module may bind that name to anything else. A single
binding (``x, _ = …``, ``for _ in``, ``except … as _``) makes `_` local to its whole function,
and every ``_("…")`` there then raises UnboundLocalError — a refused tap once crashed the
hot-seat table that way."""

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def bound_name(node: ast.AST) -> str | None:
    """The name ``node`` binds, if it binds one other than by an import."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        return node.id
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, (ast.ExceptHandler, ast.FunctionDef, ast.AsyncFunctionDef,
                         ast.ClassDef, ast.MatchAs, ast.MatchStar)):
        return node.name
    return None


def bindings_of_underscore(tree: ast.AST) -> list[int]:
    """Line numbers where `_` is bound by anything but an import."""
    return sorted(node.lineno for node in ast.walk(tree) if bound_name(node) == "_")


def test_no_module_of_web_binds_the_gettext_name():
    found = {str(path.relative_to(WEB.parent)): lines
             for path in sorted(WEB.rglob("*.py")) if path != WEB / "base" / "i18n.py"  # defines it
             if (lines := bindings_of_underscore(ast.parse(path.read_text(), str(path))))}
    assert found == {}, f"`_` is gettext in web/: rename these bindings: {found}"


def test_the_check_sees_every_kind_of_binding():
    code = """
def f(pairs):
    a, _ = pairs
    for _ in pairs: pass
    [0 for _ in pairs]
    with open("x") as _: pass
    try: pass
    except ValueError as _: pass
    def g(_): pass
"""
    assert bindings_of_underscore(ast.parse(code)) == [3, 4, 5, 6, 8, 9]
