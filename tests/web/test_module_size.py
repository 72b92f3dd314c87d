"""No module of the web side grows past 450 lines (issue 39): a long module is split by job."""

from pathlib import Path

WEB = Path(__file__).parents[2] / "web"
LIMIT = 450


def test_no_web_module_is_over_the_limit():
    sizes = {str(path.relative_to(WEB)): len(path.read_text().splitlines())
             for path in WEB.rglob("*.py")}
    long = {name: n for name, n in sizes.items() if n > LIMIT}
    assert long == {}, f"split these by job: {long}"
