"""No module of the engine or the web side grows past 450 lines (issues 39 and 54): a long
module is split by job."""

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
LIMIT = 450


@pytest.mark.parametrize("side", ["engine", "web"])
def test_no_module_is_over_the_limit(side):
    sizes = {str(path.relative_to(ROOT)): len(path.read_text().splitlines())
             for path in (ROOT / side).rglob("*.py")}
    long = {name: n for name, n in sizes.items() if n > LIMIT}
    assert long == {}, f"split these by job: {long}"
