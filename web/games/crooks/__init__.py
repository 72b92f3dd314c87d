"""The crooks card game at the table: the game screen in render.py, the help page in help.py."""

from web.base.i18n import N_
from web.games import GameFront

FRONT = GameFront(
    game="crooks", name=N_("Crooks"),
    blurb=N_("2–4 masterminds recruit crooks in the dens and send them on raids"),
    screen="web.games.crooks.render", help="web.games.crooks.help", prefix="crk-",
    player_turns=True,
    final_board=False,  # the scoring shows every target with its crooks
)
