"""The crooks card game at the table: the game screen in render.py, the help page in help.py."""

from web.base.i18n import N_
from web.games import GameFront, Statistics

FRONT = GameFront(
    game="crooks", name=N_("Crooks"),
    blurb=N_("2–4 masterminds recruit crooks in the dens and send them on raids"),
    screen="web.games.crooks.render", help="web.games.crooks.help", prefix="crk-",
    lesson="web.games.crooks.lesson", stylesheet="crooks.css", subject=".crk-table-wrap",
    secrets=N_(
        "In Crooks that is the crooks in every den's stack and those left in the box. And each "
        "crook a player recruits is named in their link, also when it is sent to its target "
        "face down."),
    statistics=Statistics(
        cards=N_("What winners play: crooks recruited"),
        ends={"points": N_("a win on points"), "money": N_("money broke a tie"),
              "shared": N_("a shared win")}),
    player_turns=True,
    final_board=False,  # the scoring shows every target with its crooks
)
