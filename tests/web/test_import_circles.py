"""No two modules of web/ import each other, even through others or from inside a function: a
circle makes the order of first imports matter (web.games.aot's labels and ui once formed one)."""

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports, anywhere in it."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) + 1 - node.level] \
                if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = {f"{module}.{alias.name}" for alias in node.names}
            # a package's modules named by ``from package import module`` are what is
            # imported; any other name is the package's (or module's) own
            found |= names & modules | ({module} if names - modules else set())
    return (found & modules) - {module_name(path)}


def test_the_modules_of_web_import_without_a_circle():
    paths = sorted((ROOT / "web").rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph = {module_name(path): imported(path, modules) for path in paths}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as circle:
        raise AssertionError(f"an import circle: {' -> '.join(circle.args[1])}") from None
