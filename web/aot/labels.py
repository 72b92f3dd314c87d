"""Words, colours and shapes the Age of Thieves screen uses. Display only: no rule lives here."""

from html import escape

from engine.age_of_thieves import content

PHASES = {"setup": "Set-up", "event": "Event", "planning": "Planning",
          "declaration": "Declaration", "resolution": "Resolution", "cleanup": "Clean-up"}
DISTRICTS = {"N": "Golden Domes", "E": "Empty Pot", "S": "Salty Docks", "W": "Hammerings",
             "P": "Palace"}
JEWELS = {"emperor": "Emperors' Jewel", "green": "green jewel", "yellow": "yellow jewel",
          "trinkets": "trinkets"}
JEWEL_LETTER = {"emperor": "E", "green": "G", "yellow": "Y", "trinkets": "T"}
TOKENS = {"thiefs_stash": "Thief's Stash", "alert_citizens": "Alert Citizens",
          "plain_garb_guard": "Plain-Garb Guard", "informer": "Informer",
          "guild_agent": "Guild Agent", "known_neighborhood": "Known Neighborhood",
          "trinkets": "Trinkets", "dark_alley": "Dark Alley", "manhole": "Manhole",
          "ladder": "Ladder"}
TOKEN_LETTERS = {"thiefs_stash": "St", "alert_citizens": "AC", "plain_garb_guard": "PG",
                 "informer": "In", "guild_agent": "GA", "known_neighborhood": "KN",
                 "trinkets": "Tr", "dark_alley": "DA", "manhole": "MH", "ladder": "La"}
KINDS = {"guardhouse": "guardhouse", "swords": "starting guard post", "imperial":
         "imperial guardhouse", "hideout": "hideout", "sewer_entrance": "sewer entrance",
         "sewer_exit": "sewer exit", "gate": "city gate", "ship": "ship",
         "start": "starting space", "dungeon": "dungeon", "palace_centre": "vault",
         "alarm_guard": "guard alarm space", "alarm_captain": "captain alarm space",
         "green_jewel": "green jewel space"}
MODES = {"sneak": "Sneak", "dash": "Dash", "wits": "Wits", "plan": "Cunning Plan",
         "play": "Play it", "special": "Use the special action",
         "general": "Use the carried card", "resign": "Resign"}
MODE_HELP = {"resign": "Give this card up; it does nothing this turn."}

# Okabe-Ito colours (told apart with every common colour-vision deficiency), each seat also
# with its own figure shape and the player's initials.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
SEAT_SHAPES = ("triangle", "diamond", "hexagon", "square")


def e(text) -> str:
    return escape(str(text), quote=True)


def card(kind: str) -> dict:
    return content.cards().get(kind, {"name": kind, "type": "unknown"})


def card_name(kind: str | None) -> str:
    return "a face-down card" if kind is None else card(kind)["name"]


def card_text(kind: str) -> str:
    data = card(kind)
    if "text" in data:
        return data["text"]
    modes = data.get("modes", {})
    return " ".join(f"{name.replace('_', ' ').title()}: {text}" for name, text in modes.items())


def mode_text(kinds: list, mode: str) -> str:
    """What a resolution mode does, from the card's own text."""
    if mode in MODE_HELP:
        return MODE_HELP[mode]
    first = card(kinds[0]) if kinds else {}
    modes = first.get("modes", {})
    key = {"plan": "cunning_plan"}.get(mode, mode)
    if key in modes:
        return modes[key]
    if mode == "general" and len(kinds) > 1:
        return card(kinds[1]).get("text", "")
    return first.get("text", "")


def thief_info(thief_id: str) -> dict:
    return content.thieves().get(thief_id, {"name": thief_id, "title": "", "ability": ""})


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
    if event_id is None:
        return None
    return content.events().get(event_id, {"name": event_id, "text": ""})


def figure_name(view: dict, figure: str) -> str:
    if figure[:1] == "T" and figure[1:].isdigit() and int(figure[1:]) < len(view["thieves"]):
        return who(view, int(figure[1:]))
    w = view["watch"].get(figure)
    if w:
        return f"{w['kind']} {figure} on {w['space']}"
    return figure
