"""bench/declaration_taps.py builds the bots' declarations on the planning sheet: every one is
sent as made, a tap per card, token and carried card, and one to confirm."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "declaration_taps.py"
spec = importlib.util.spec_from_file_location("declaration_taps", SCRIPT)
declaration_taps = importlib.util.module_from_spec(spec)
spec.loader.exec_module(declaration_taps)


def test_every_bot_plan_is_built_on_the_sheet_a_tap_per_card():
    assert declaration_taps.sheet() == "numbers"
    found = declaration_taps.plans(games=2, players=4, seed=5)
    assert len(found) > 20
    for view, plan in found:
        most = sum(1 + len(e.get("tokens", [])) + ("carry" in e) for e in plan) + 1
        assert declaration_taps.taps(view, plan, "numbers") <= most  # checks what is sent
