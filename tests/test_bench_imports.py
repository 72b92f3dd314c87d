"""The benchmarks and tools stand on their own: what they share with the tests (the browser and
its clicks, a remote table in CPython, the search's toy games) lives in tools/, so no script of
bench/ or tools/ imports from tests/ or e2e/ (docs/testing.md, "Import contracts")."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_FOLDERS = ("tests", "e2e")
TEST_MODULES = {p.stem for folder in TEST_FOLDERS for p in (ROOT / folder).rglob("*.py")}
SCRIPTS = sorted([*(ROOT / "bench").glob("*.py"), *(ROOT / "tools").glob("*.py")])


def is_sys_path(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "path" and \
        isinstance(node.value, ast.Name) and node.value.id == "sys"


def reaches_into_the_tests(script: Path) -> list[str]:
    """Each line of ``script`` that puts a test folder on the import path or imports a module
    of one."""
    found = []
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module]
        else:
            names = []
        found += [f"{node.lineno}: import {name}" for name in names
                  if name.split(".")[0] in TEST_MODULES]
        if isinstance(node, ast.Expr | ast.Assign | ast.AugAssign) and \
                any(is_sys_path(n) for n in ast.walk(node)):
            found += [f"{node.lineno}: {folder}/ on sys.path" for folder in TEST_FOLDERS
                      if any(isinstance(n, ast.Constant) and n.value == folder
                             for n in ast.walk(node))]
    return found


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_benchmark_or_tool_imports_from_the_tests(script):
    assert reaches_into_the_tests(script) == []
