"""tools/bytecode.py compiles the browser's Python without docstrings (a decorated class keeps
its own) and with every assert, as a .pyc that names its source's hash."""

import importlib.util
import marshal
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location(
    "bytecode", Path(__file__).resolve().parents[1] / "tools" / "bytecode.py")
bytecode = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bytecode)

SOURCE = b'''"""The module's docstring."""
from dataclasses import dataclass


def only_a_docstring():
    """Nothing else."""


def checked(n):
    """Asserts stay."""
    assert n > 0, "a positive number"
    return n


class Plain:
    """A plain class's docstring."""

    def method(self):
        """A method's docstring."""
        return "not a docstring"


@dataclass
class Seat:
    """A seat at the table."""

    name: str
'''


def run(code) -> dict:
    namespace = {"__name__": "table"}
    exec(code, namespace)
    return namespace


def test_docstrings_are_left_out_but_a_decorated_class_keeps_its_own():
    table = run(bytecode.compiled(SOURCE, "table.py"))
    assert table.get("__doc__") is None
    assert table["only_a_docstring"].__doc__ is None and table["only_a_docstring"]() is None
    assert table["Plain"].__doc__ is None and table["Plain"].method.__doc__ is None
    assert table["Plain"]().method() == "not a docstring"
    assert table["Seat"].__doc__ == "A seat at the table."


def test_asserts_stay():
    with pytest.raises(AssertionError, match="a positive number"):
        run(bytecode.compiled(SOURCE, "table.py"))["checked"](0)


def test_the_pyc_names_its_sources_hash_and_holds_the_code():
    pyc = bytecode.pyc(SOURCE, "/home/pyodide/pkgs/table.py")
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    assert pyc[8:16] == importlib.util.source_hash(SOURCE)
    code = marshal.loads(pyc[16:])
    assert code.co_filename == "/home/pyodide/pkgs/table.py"
    assert run(code)["checked"](2) == 2
