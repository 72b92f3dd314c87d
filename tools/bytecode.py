"""How the build compiles Python for the browser, run inside the shipped Pyodide by
tools/compile_pyc.mjs.

Docstrings are left out (nothing in the table reads them; unlike ``-OO`` this keeps every
``assert``), except a decorated class's: a dataclass without one builds one from its signature
while it is imported. Compiled with the runtime's debug ranges off (PYTHONNODEBUGRANGES, set by
compile_pyc.mjs): the files ship without their source, so a traceback could not point at columns
anyway, and the columns took a fifth to a quarter of the compressed bytes.
"""

import ast
import importlib.util
import marshal
from types import CodeType


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` without the docstrings of its module, functions and undecorated classes."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) or (
                isinstance(node, ast.ClassDef) and not node.decorator_list):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def compiled(source: bytes, filename: str) -> CodeType:
    """``source`` compiled without its docstrings, its asserts kept (optimize 0)."""
    return compile(without_docstrings(ast.parse(source, filename)), filename, "exec",
                   dont_inherit=True, optimize=0)


def pyc(source: bytes, filename: str) -> bytes:
    """An unchecked-hash .pyc of ``source`` (PEP 552): valid whatever the file's time after
    unpacking."""
    return (importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(compiled(source, filename)))
