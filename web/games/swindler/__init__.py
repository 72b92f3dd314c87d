"""Swindler at the table: the start screen's options here; the game screen in render.py, the
help page in help.py."""

from web.base.i18n import N_
from web.games import GameFront, Statistics, TableOption

FRONT = GameFront(
    game="swindler", name=N_("Swindler"),
    blurb=N_("2–4 pickpockets push their luck in Victorian London"),
    screen="web.games.swindler.render", help="web.games.swindler.help", prefix="swd-",
    lesson="web.games.swindler.lesson", stylesheet="swindler.css", subject=".swd-concern",
    secrets=N_(
        "In Swindler that is the accomplice cards in every hand, the order of every pile "
        "(orders, fences, accomplices, master thieves) and the tile each draw from a sack will "
        "bring. And an accomplice played in answer goes to everyone in a link as soon as it is "
        "chosen: a player still answering can read it."),
    statistics=Statistics(
        cards=N_("What winners play: accomplices played"),
        ends={"orders_reached": N_("enough orders fulfilled"),
              "orders_out": N_("the orders ran out")},
        labels=N_("Win rate by master thief"), head=N_("Master thief"),
        labels_even=N_("No master thief won clearly more or less often than even chances "
                       "would give.")),
    player_turns=True,
    windows=("before_steal", "draw_again", "skull_drawn", "steal_ended", "played"),
    options=(
        TableOption("masters", N_("Master-thief cards"), (
            ("draft", "draft", N_("Choose them"),
             N_("each swindler picks one of the cards dealt, the last player in turn order "
                "first, as the rulebook suggests.")),
            ("random", "random", N_("Deal them at random"), N_("one card each, no choosing.")),
            ("off", "off", N_("Play without them"),
             N_("for a first game: nobody unlocks an ability."))), "draft"),
        TableOption("skip_reaction_prompts", N_("Answering accomplices"), (
            (True, "skip", N_("Ask only players who can answer"),
             N_("the table stops only for a player holding a card that fits; quicker, but the "
                "hand-over, or the link everyone waits for, shows that this player holds one.")),
            (False, "ask", N_("Ask everyone (full secrecy)"),
             N_("after each moment an accomplice could answer, every other player is asked, "
                "most of them for a lone “no”: a hand-over at every draw and stop (playing by "
                "links, a link from everyone), so the question gives nothing away."))),
         True),
    ),
)
