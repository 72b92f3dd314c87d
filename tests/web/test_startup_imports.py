"""What the browser imports, and when: the start screen needs neither the rules (not even the
city guard's, which the labels of Age of Thieves use) nor the board renderer nor the bots'
search, and no screen ever needs networkx (the browser build does not ship it)."""

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import sys
    from web.app import App
    from web.keep.saves import MemoryStorage

    def loaded(name):
        return name in sys.modules

    app = App(MemoryStorage(), session=MemoryStorage(), seed_source=lambda: 7)
    app.boot("")
    app.render()
    print("start", loaded("engine.age_of_thieves.rules"),
          loaded("engine.age_of_thieves.city_guard"), loaded("web.games.aot.render"),
          loaded("engine.simulate"), loaded("engine.core.search"))
    app.handle("setup-players", 2)
    for i in range(2):
        app.handle("setup-kind", {"arg": i, "value": "human"})
    app.handle("start-game")
    for _ in range(6):
        app.render()
        if app.screen == "handover":
            app.handle("handover-ok")
    print("game", loaded("engine.age_of_thieves.rules"), loaded("web.games.aot.render"),
          app.screen)
    print("networkx", loaded("networkx"))
""")


def test_start_screen_defers_the_rules_and_no_screen_needs_networkx():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "start False False False False False"
    assert out[1] == "game True True game"
    assert out[2] == "networkx False"


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_each_game_can_be_run_once_ahead(game):
    """The table's worker runs the chosen game's rules and screen once while the table is set
    up (StartScreen.ready_ahead, on a two-player game then dropped): it works for each game,
    the second time costs nothing, and what the start screen offers is unchanged."""
    from web.screens.start import StartScreen

    start = StartScreen()
    start.on_setup_game(game)
    before = start.render("")
    start.ready_ahead()
    assert start.readied == {game} and start.render("") == before
    start.ready_ahead()
