"""Age of Thieves at the table: the start screen's choices here; the game screen in render.py,
the help page in help.py."""

from web.base.i18n import N_
from web.games import GameFront, SeatChoice, Statistics, TableOption


def _thieves() -> list[tuple[str, str]]:
    """Each thief's id and its name with its title, in the active language."""
    from engine.age_of_thieves import content
    from web.games.aot.labels import thief_title

    return [(t, thief_title(t)) for t in sorted(content.thieves())]


FRONT = GameFront(
    game="age_of_thieves", name=N_("Age of Thieves"),
    blurb=N_("2–4 thieves race for the Emperors' Jewel"),
    screen="web.games.aot.render", help="web.games.aot.help", prefix="aot-",
    lesson="web.games.aot.lesson", stylesheet="game.css", subject=".aot-board-scroll",
    secrets=N_(
        "In Age of Thieves that is the cards in every hand, the order of the Action deck, the "
        "event decks and the district deck, the face-down city tokens and every die roll to "
        "come. And a declaration goes to everyone in a link as soon as it is confirmed: a "
        "player still declaring can read it."),
    statistics=Statistics(
        cards=N_("What winners play: general and special cards resolved"),
        ends={"emperor_escape": N_("the Emperors' Jewel carried out"),
              "escape": N_("escaped thieves compared on VP"),
              "all_defeated": N_("every thief defeated")},
        labels=N_("Win rate by thief"), head=N_("Thief"),
        labels_even=N_("No thief won clearly more or less often than even chances would "
                       "give.")),
    seat_choice=SeatChoice(
        "thief", N_("Thief"), N_("Random thief"), _thieves,
        N_("Two seats chose the same thief: each thief can be played by one seat only.")),
    options=(TableOption(
        "first_thief_decides", N_("Decisions the rulebook leaves to the first thief"), (
            (True, "first", N_("The first thief decides"),
             N_("who goes first among guards moving together, ties between thieves a guard "
                "hears at the same distance, and where a new yellow jewel or a plain-garb "
                "guard appears.")),
            (False, "default", N_("Apply the defaults"),
             N_("the table settles these at once by fixed rules (fewer questions, quicker "
                "turns)."))),
        False), TableOption(
        "special_cards", N_("Special action cards"), (
            (True, "with", N_("Play with them"),
             N_("each thief may also declare their own special action card.")),
            (False, "without", N_("Leave them in the box"),
             N_("for a first game, as the rulebook advises: Move, Ambush and the general "
                "cards only."))),
        True)),
)
