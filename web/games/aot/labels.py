"""Words, colours and shapes the Age of Thieves screen uses, in the active language. Display
only: no rule lives here.

The dicts hold the English words (marked with ``N_``); the functions below return them in the
active language: ``phase(key)``, ``district(key)``, ``jewel(key)``, ``token(key)``,
``space_kind(key)``, ``mode(key)``, ``mode_help(key)``, ``place_name(space)`` and the letters
``jewel_letter(key)``, ``token_letter(key)``, ``figure_letter(kind)``. The content data's names
and texts stay English in the data and are translated here (docs/i18n.md).
"""

from html import escape

from engine.age_of_thieves import content
from web.base.i18n import N_, _

PHASES = {"setup": N_("Set-up"), "event": N_("Event"), "planning": N_("Planning"),
          "declaration": N_("Declaration"), "resolution": N_("Resolution"),
          "cleanup": N_("Clean-up")}
DISTRICTS = {"N": N_("Golden Domes"), "E": N_("Empty Pot"), "S": N_("Salty Docks"),
             "W": N_("Hammerings"), "P": N_("Palace")}
JEWELS = {"emperor": N_("Emperors' Jewel"), "green": N_("green jewel"),
          "yellow": N_("yellow jewel"), "trinkets": N_("trinkets")}
JEWEL_LETTER = {"emperor": "E", "green": "G", "yellow": "Y", "trinkets": "T"}
TOKENS = {"thiefs_stash": N_("Thief's Stash"), "alert_citizens": N_("Alert Citizens"),
          "plain_garb_guard": N_("Plain-Garb Guard"), "informer": N_("Informer"),
          "guild_agent": N_("Guild Agent"), "known_neighborhood": N_("Known Neighborhood"),
          "trinkets": N_("Trinkets"), "dark_alley": N_("Dark Alley"), "manhole": N_("Manhole"),
          "ladder": N_("Ladder")}
TOKEN_LETTERS = {"thiefs_stash": "St", "alert_citizens": "AC", "plain_garb_guard": "PG",
                 "informer": "In", "guild_agent": "GA", "known_neighborhood": "KN",
                 "trinkets": "Tr", "dark_alley": "DA", "manhole": "MH", "ladder": "La"}
KINDS = {"guardhouse": N_("guardhouse"), "swords": N_("starting guard post"),
         "imperial": N_("imperial guardhouse"), "hideout": N_("hideout"),
         "sewer_entrance": N_("sewer entrance"), "sewer_exit": N_("sewer exit"),
         "gate": N_("city gate"), "ship": N_("ship"), "start": N_("starting space"),
         "dungeon": N_("dungeon"), "palace_centre": N_("vault"),
         "alarm_guard": N_("guard alarm space"), "alarm_captain": N_("captain alarm space"),
         "green_jewel": N_("green jewel space")}
# what a kind of space does (a space's whole text, shown when it is tapped)
KIND_RULES = {
    "guardhouse": N_("New guards appear on guardhouses, and city tokens lie on them."),
    "swords": N_("A guard stands here when the game begins."),
    "hideout": N_("A thief on a hideout is hidden from the city guard."),
    "sewer_entrance": N_("From a sewer entrance a thief may come up at any sewer exit; that "
                         "ends the move."),
    "sewer_exit": N_("Thieves coming through the sewers come up here."),
    "gate": N_("Once the alarm sounds, a thief may leave the city through an open gate."),
    "ship": N_("Once the alarm sounds, a thief may leave the city on a ship whose gate is "
               "open."),
    "start": N_("A thief may enter the city here when the game begins."),
    "dungeon": N_("A caught thief is put in the dungeon and leaves it only through its two "
                  "doors."),
    "palace_centre": N_("The Emperors' Jewel lies in the vault; taking it raises the alarm "
                        "from the next turn."),
    "alarm_guard": N_("When the alarm sounds in this district, a guard arrives here."),
    "alarm_captain": N_("When the alarm sounds in this district, a captain arrives here."),
}
MODES = {"sneak": N_("Sneak"), "dash": N_("Dash"), "wits": N_("Wits"), "plan": N_("Cunning Plan"),
         "play": N_("Play it"), "special": N_("Use the special action"),
         "general": N_("Use the carried card"), "resign": N_("Resign")}
MODE_HELP = {"resign": N_("Give this card up; it does nothing this turn.")}
WATCH = {"guard": N_("guard"), "captain": N_("captain")}

# The letters on the board, each set one text so that a language gives all of them at once
# (German: the initials of its own words, docs/glossary.md). In the order of the dicts above.
_JEWEL_LETTERS = N_("E G Y T")                      # Emperors', green, yellow, trinkets
_TOKEN_LETTERS = N_("St AC PG In GA KN Tr DA MH La")  # TOKENS, in that order
_FIGURE_LETTERS = N_("g C H")                       # guard, captain, hideout

# Displayed texts of the content data that the catalog extraction does not read (it reads the
# fields name, title and text): the basic cards' modes and the thieves' abilities. Listed here
# for the extraction; the screen translates the data's own text (tests check both agree).
DATA_TEXTS = (
    N_("Move up to 4 spaces, picking up jewels, revealing city tokens and stealing from marked "
       "thieves as you pass."),
    N_("Move up to 6 spaces, but take, reveal and steal nothing on the way. Allowed only on a "
       "turn when this is the only action card you resolve."),
    N_("Draw 1 action card, then pick 1 action card from your hand to discard."),
    N_("Allowed only on a turn when this is the only action card you resolve. Your plan pays off "
       "next turn: as its Declaration phase opens, you draw 2 action cards and gain 2 temporary "
       "AP."),
    N_("Taking the sewers does not end Morius's move: he may spend his remaining spaces after "
       "he comes up."),
    N_("Noiron may pass through a space with a guard without being caught; he is caught there "
       "only if his move ends on that space. Captains are not fooled."),
    N_("When Jasmine is caught, a former admirer comes to her aid: she keeps her jewels (all but "
       "the Emperors' Jewel), does not discard an action card, and starts the next turn with 5 "
       "basic AP instead of 2."),
    N_("Nikolai built the Palace's defences himself. Inside the Palace, guards and captains "
       "detect him only from the next space."),
    N_("Joanne knows every habit of the watch. Guards detect her only from 1 space less than "
       "their vigilance; the captains, once her peers, are not fooled."),
    N_("Fire markers never block Zain, and he is hidden while he stands on or next to a space "
       "on fire. His cards that place smoke or fire have 1 more range."),
)

# Okabe-Ito colours (told apart with every common colour-vision deficiency), each seat also
# with its own figure shape and the player's initials.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
SEAT_SHAPES = ("triangle", "diamond", "hexagon", "square")


def e(text) -> str:
    return escape(str(text), quote=True)


def _word(words: dict, key) -> str:
    """The word for ``key`` in the active language (the key itself when unknown)."""
    return _(words[key]) if key in words else str(key)


def phase(key: str) -> str:
    """'Declaration' / 'Planung': a phase's name."""
    return _word(PHASES, key)


def district(key: str) -> str:
    """'Golden Domes' / 'Goldene Kuppeln': a district's name (N, E, S, W, P)."""
    return _word(DISTRICTS, key)


def jewel(key: str) -> str:
    """'green jewel' / 'grünes Juwel'."""
    return _word(JEWELS, key)


def token(key: str) -> str:
    """A city token's name: 'Informer' / 'Hinweisgeber'."""
    return _word(TOKENS, key)


def kind_rule(key: str) -> str:
    """What a kind of space does, or '' (the kinds that only name a place)."""
    return _(KIND_RULES[key]) if key in KIND_RULES else ""


def space_kind(key: str) -> str:
    """What a kind of space is called: 'guardhouse' / 'Wachhaus'."""
    return _word(KINDS, key)


def mode(key: str) -> str:
    """A resolution mode's button: 'Sneak' / 'Schleichen', 'Resign' / 'Verzichten'."""
    return _word(MODES, key)


def mode_help(key: str) -> str:
    """The fixed explanation of a mode ('' when the card's own text explains it)."""
    return _(MODE_HELP[key]) if key in MODE_HELP else ""


def watch_kind(kind: str) -> str:
    """'guard' / 'Wächter', 'captain' / 'Hauptmann'."""
    return _word(WATCH, kind)


def _letter(letters: str, keys, key: str, default: str = "?") -> str:
    shown = _(letters).split()
    index = list(keys).index(key) if key in keys else -1
    return shown[index] if 0 <= index < len(shown) else default


def jewel_letter(key: str) -> str:
    """The letter on a jewel badge: E, G, Y, T (German: K, Gr, Ge, S)."""
    return _letter(_JEWEL_LETTERS, JEWEL_LETTER, key)


def token_letter(key: str) -> str:
    """The letters on a face-up city token or a token feature: 'KN' (German: 'WW')."""
    return _letter(_TOKEN_LETTERS, TOKEN_LETTERS, key)


def figure_letter(kind: str) -> str:
    """The letter on a guard ('g'), a captain ('C') or a hideout space ('H')."""
    return _letter(_FIGURE_LETTERS, ("guard", "captain", "hideout"), kind, "")


def watch_kind_of(gid: str) -> str | None:
    """'guard' for 'g06', 'captain' for 'k01', None for anything else."""
    # here, not at the top: the start screen's thief names need no rules module
    from engine.age_of_thieves.city_guard import WATCH_LETTER

    return next((kind for kind, letter in WATCH_LETTER.items() if gid[:1] == letter), None)


def watch_id(gid: str) -> str:
    """A guard or captain as its shield shows it, the one spelling of the board, the options
    and the log: its letter and number, 'g6', 'C1' (German 'w6', 'H1')."""
    kind = watch_kind_of(gid)
    if kind is None:
        return gid
    return figure_letter(kind) + (gid[1:].lstrip("0") or "0")


def place_name(space: str) -> str:
    """The name of a named space ('Dome Gate' / 'Kuppeltor'), '' for a space with none."""
    # here, not at the top: the start screen's thief names need no board
    from engine.age_of_thieves.board import load_board

    s = load_board().spaces.get(space)
    return _(s.name) if s is not None and s.name else ""


def card(kind: str) -> dict:
    """A card's data as the content gives it (English; for its numbers and kind)."""
    return content.cards().get(kind, {"name": kind, "type": "unknown"})


def card_name(kind: str | None) -> str:
    """A card's name in the active language ('a face-down card' for None)."""
    return _("a face-down card") if kind is None else _(card(kind)["name"])


def _mode_key(name: str) -> str:
    return {"cunning_plan": "plan"}.get(name, name)


def card_text(kind: str) -> str:
    """What a card does, in the active language (a basic card: each mode with its text)."""
    data = card(kind)
    if "text" in data:
        return _(data["text"])
    modes = data.get("modes", {})
    return " ".join(_("{mode}: {text}").format(mode=mode(_mode_key(name)), text=_(text))
                    for name, text in modes.items())


def card_range(kind: str) -> str:
    """A general or special card's range: 'range: 3', 'range: your district', 'range: any'
    ('' for a basic card)."""
    data = card(kind)
    if data.get("type") not in ("general", "special"):
        return ""
    rng = data.get("range")
    if rng is None:
        return _("range: any")
    if rng == "D":
        return _("range: your district")
    return _("range: {n}").format(n=rng)


def mode_text(kinds: list, mode: str) -> str:
    """What a resolution mode does, from the card's own text, in the active language."""
    if mode in MODE_HELP:
        return _(MODE_HELP[mode])
    first = card(kinds[0]) if kinds else {}
    modes = first.get("modes", {})
    key = {"plan": "cunning_plan"}.get(mode, mode)
    if key in modes:
        return _(modes[key])
    if mode == "general" and len(kinds) > 1:
        text = card(kinds[1]).get("text", "")
        return _(text) if text else ""
    text = first.get("text", "")
    return _(text) if text else ""


def thief_info(thief_id: str) -> dict:
    """A thief's data with its name, title and ability in the active language."""
    data = dict(content.thieves().get(thief_id, {"name": thief_id, "title": "",
                                                 "ability": ""}))
    for field in ("name", "title", "ability"):
        if data.get(field):
            data[field] = _(data[field])
    return data


def thief_title(thief_id: str) -> str:
    """'Morius, King of the Undercity' / 'Morius, König der Unterstadt'."""
    info = thief_info(thief_id)
    if not info.get("title"):
        return info["name"]
    return _("{name}, {title}").format(name=info["name"], title=info["title"])


def initials(name: str) -> str:
    words = [w for w in str(name).split() if w[:1].isalnum()]
    if not words:
        return (str(name).strip()[:1] or "?").upper()
    if len(words) == 1:
        return words[0][:2].title()
    return (words[0][0] + words[1][0]).upper()


def seat_colour(p: int) -> str:
    return SEAT_COLOURS[p % len(SEAT_COLOURS)]


def seat_shape(p: int) -> str:
    return SEAT_SHAPES[p % len(SEAT_SHAPES)]


def who(view: dict, p: int) -> str:
    """'Ann (Joanne)': the seat's name and, when different, the thief's."""
    th = view["thieves"][p]
    thief = thief_info(th["id"])["name"]
    return th["name"] if th["name"] == thief else f"{th['name']} ({thief})"


def event_info(event_id: str | None) -> dict | None:
    """An event's data with its name and text in the active language (None for None)."""
    if event_id is None:
        return None
    data = dict(content.events().get(event_id, {"name": event_id, "text": ""}))
    for field in ("name", "text"):
        if data.get(field):
            data[field] = _(data[field])
    return data


def thief_seat(figure: str) -> int | None:
    """The seat of a thief's figure ('T2'), None for a guard's or a captain's ('g01')."""
    return int(figure[1:]) if figure[:1] == "T" and figure[1:].isdigit() else None


def figure_name(view: dict, figure: str) -> str:
    """A figure as the screen names it: a thief by who(), a guard 'guard g3 on N07'."""
    seat = thief_seat(figure)
    if seat is not None and seat < len(view["thieves"]):
        return who(view, seat)
    w = view["watch"].get(figure)
    if w:
        text = (_("captain {figure} on {space}") if w["kind"] == "captain"
                else _("guard {figure} on {space}"))
        return text.format(figure=watch_id(figure), space=w["space"])
    return figure
