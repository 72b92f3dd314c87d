"""The start screen before Python runs: the app's own screens, drawn at build time in each
language, for the page to show and answer taps on while the runtime loads (static/prestart.js,
docs/delivery.md, "Before Python runs").

``page_data`` is what the page carries: the start screen for each game and number of players
and the few lines the page says in its own words; ``rules_pages`` each game's rules, fetched
when asked for. What a tap asks for beyond those screens waits, and the app carries it out once
it runs (web/browser/ replays the taps).
"""

from web.app import App
from web.base import i18n
from web.base.i18n import N_, _
from web.games import PACKAGES, fronts
from web.keep import gamelink as links
from web.keep.saves import MemoryStorage
from web.screens.start import BOT_LABELS, GAME, PLAYERS, SEATS, default_name

# shown while the runtime loads (static/prestart.js fills in {game}, {players}, {moves})
TEXTS = {
    "loading": N_("The table is loading: you can set up the game meanwhile."),
    "waiting": N_("The table is loading: it carries out your choice as soon as it is ready."),
    "link": N_("A game link: {game} with {players} (decisions so far: {moves}). It opens as "
               "soon as the table is ready."),
    "link_unread": N_("A game link. It opens as soon as the table is ready."),
    "remote": N_("A link of a game played on several devices. It opens as soon as the table "
                 "is ready."),
    "open": N_("The table is loading the game that was open in this tab."),
}


def page_data() -> dict:
    """What static/prestart.js reads from the page: the start screens and texts of every
    language, and how the start screen begins."""
    return {"language": i18n.DEFAULT, "game": GAME, "players": PLAYERS, "seats": SEATS,
            "bots": list(BOT_LABELS), "maxLinkJson": links.MAX_JSON,
            "languages": {code: {"texts": texts(code), "screens": start_screens(code)}
                          for code in i18n.LANGUAGES}}


def _app(language: str) -> App:
    app = App(MemoryStorage(), languages=[language], now=lambda: 0.0)
    app.boot("")
    return app


def start_screens(language: str) -> dict[str, str]:
    """The start screen for each game and count of players, in ``language``, by
    ``start:<game>:<players>``."""
    app, drawn = _app(language), {}
    for front in fronts():
        app.handle("setup-game", front.game)
        fewest, most = front.players
        for players in range(fewest, most + 1):
            app.handle("setup-players", players)
            drawn[f"start:{front.game}:{players}"] = app.render()
    return drawn


def rules_pages(language: str) -> dict[str, str]:
    """Each game's rules page, in ``language``, by ``help:<game>``."""
    app, drawn = _app(language), {}
    for game in PACKAGES:
        app.handle("nav", "help")
        app.handle("help-game", game)
        drawn[f"help:{game}"] = app.render()
    return drawn


def texts(language: str) -> dict:
    """The page's own lines in ``language``: ``TEXTS``, the games' names and players, the
    seats' default names, the page's title."""
    i18n.activate(language)
    return {
        **{key: _(text) for key, text in TEXTS.items()},
        "games": {front.game: _(front.name) for front in fronts()},
        "players": {front.game: list(front.players) for front in fronts()},
        "person": [default_name(i, "human") for i in range(SEATS)],
        "bot": [default_name(i, "normal") for i in range(SEATS)],
        "title": _("Thieves' Table"),
    }
