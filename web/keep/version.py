"""The table's version and what changed, for the help page and for the first screen after an
update; each game's rules revision comes from its rules (``Rules.revision``)."""

import contextlib

from engine.core.game import rules_for
from web.base.i18n import N_, _
from web.base.markup import e as esc
from web.games import fronts

VERSION = "2026.11.28"
SEEN_KEY = "thieves.version"  # the version this device last started (local storage)

# what changed, newest first: (version, [texts])
CHANGES = [
    (VERSION, [
        N_("Saved games and links now name the rules they are played under, so that a game "
           "goes on under its own rules after an update."),
        N_("A decision the rules refuse is explained on the table instead of stopping it."),
        N_("Age of Thieves: one tap sets the action points of a card; the table shows the "
           "rounds left, the open gates and what each thief's jewels are worth."),
        N_("Swindler: each option on one line, with its details on demand; giving up an order "
           "asks first."),
        N_("On a phone the decision takes at most a third of the screen and folds away."),
        N_("New seats are people until you choose a bot."),
    ]),
]


# what each game's rules revisions changed: (game, revision) -> text
RULES_CHANGES = {
    ("age_of_thieves", 2): N_("Guards that are to move at the same time choose their targets "
                              "together, as the rulebook says (revision 1: each guard on its "
                              "own)."),
    ("age_of_thieves", 3): N_("The cards as the rulebooks print them: the Potion of Haste gives "
                              "2 temporary AP; Seduction lures a guard up to 2 spaces toward "
                              "Jasmine; Reinforcements reach the Palace too; a noise on a "
                              "guard's own space sets him moving; closed sewers also close "
                              "Rat King's Tunnels (revision 2: as before)."),
    ("swindler", 2): N_("A reservation may be given up, and the Forger and the Lock-picker "
                        "played, at every step of your own turn; any card with no moment "
                        "printed answers a card played; the Con Woman also when the thief "
                        "stops; a double coin buys two accomplices."),
    ("swindler", 3): N_("The Fences' Favourite scores its extra VP on the first sale after it "
                        "unlocks, even if you sold before in that turn; the neutral loot tiles "
                        "an order pays may be declined."),
}


def revision(game: str) -> int:
    """The newest rules revision of ``game``: new games are played under it."""
    return rules_for(game).revision


def update_note(seen: str | None, saves_kept: bool) -> str | None:
    """The sentence for the first screen after an update (None: no update since the version
    ``seen`` here last; a first visit, with no games kept, is no update)."""
    if seen == VERSION or seen is None and not saves_kept:
        return None
    news = next(texts for version, texts in CHANGES if version == VERSION)
    return " ".join([_("The table was updated to version {version}.").format(version=VERSION),
                     *(_(text) for text in news)])


def after_update(saves) -> str | None:
    """The first start of a new version on a device that kept games in ``saves``: what
    changed (None otherwise); the version is marked seen."""
    with contextlib.suppress(Exception):  # no storage: no note, and the table starts
        note = update_note(saves.storage.get(SEEN_KEY), bool(saves.list()))
        saves.storage.set(SEEN_KEY, VERSION)
        return note
    return None


def panel() -> str:
    """The help page's part on versions: the table's, each game's rules revision, and what
    changed."""
    games = "".join(
        f"<li>{esc(_('{game}: rules revision {n}').format(game=_(f.name), n=revision(f.game)))}"
        + "".join(f'<p class="hint">{esc(_(text))}</p>'
                  for (game, n), text in RULES_CHANGES.items() if game == f.game)
        + "</li>" for f in fronts())
    changes = "".join(
        f"<li>{esc(_('Version {version}').format(version=version))}<ul>"
        + "".join(f"<li>{esc(_(text))}</li>" for text in texts) + "</ul></li>"
        for version, texts in CHANGES)
    note = _("A game goes on under the rules revision it was started with, also after an "
             "update; new games use the newest.")
    return (f'<section class="panel" id="versions"><h2>{esc(_("Versions"))}</h2>'
            f"<p>{esc(_('This table: version {version}').format(version=VERSION))}</p>"
            f"<ul>{games}</ul><p class=\"hint\">{esc(note)}</p>"
            f"<h3>{esc(_('What changed'))}</h3><ul>{changes}</ul></section>")
