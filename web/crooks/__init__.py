"""The crooks card game at the table: the game screen in render.py, the help page in help.py."""

from web.games import GameFront

FRONT = GameFront(
    game="crooks", name="Crooks",
    blurb="2–4 masterminds recruit crooks in the dens and send them on raids",
    screen="web.crooks.render", help="web.crooks.help", prefix="crk-",
)
