"""The help page: Age of Thieves in brief (this project's own words) and a glossary built from
the game's content data (thieves, action cards, events) plus the city tokens."""

from functools import cache

from engine.age_of_thieves import content

from ..markup import e as esc
from ..markup import rules_in_brief

DISTRICTS = "Golden Domes (north), Empty Pot (east), Salty Docks (south), Hammerings (west)"

RULES = [
    ("What you are after", [
        "Each player is a master thief in the port city of Hadria. In the middle of the board, "
        "inside the Palace, lies the Emperors' Jewel. Take it, carry it out of the city through "
        "an open gate, and you win on the spot.",
        "Smaller prizes count too: green jewels are worth 2 victory points (VP), yellow jewels "
        "and Trinkets tokens 1 VP, and the thief who first lifts the Emperors' Jewel from the "
        "vault keeps the Best Burglar token (3 VP) for good. A thief only scores by getting "
        "out of the city; anyone still inside when the event cards run out has lost.",
    ]),
    ("How a turn goes", [
        "<strong>1. Event.</strong> A new event card changes the night's conditions. While the "
        "city is calm it also names a district where a yellow jewel appears, at least 6 spaces "
        "from every thief. Then the watch rolls its initiative (one eight-sided die while calm, "
        "the better of two under alarm).",
        "<strong>2. Planning.</strong> Every thief draws one action card. You may hold at most "
        "5 general action cards; extra ones are discarded at once. Move, Ambush and your "
        "special card never count toward that limit.",
        "<strong>3. Declaration.</strong> Everyone at once and in secret picks the cards they "
        "want to play this turn and spreads their action points (AP) over them: each chosen "
        "card needs at least 1 AP. You start a turn with 10 AP (only 2 after a night in the "
        "dungeon). Declaring nothing at all is allowed.",
        "<strong>4. Resolution.</strong> Cards are carried out from the most AP to the fewest. "
        "The watch acts at its rolled initiative. Ties between thieves go to the first thief, "
        "then clockwise, one card each in turn; ties with the watch go to the thieves while "
        "calm and to the watch under alarm. When your card comes up you may also give it up "
        "and ignore its effect.",
        "<strong>5. Clean-up.</strong> Played general cards are discarded, markers are "
        "cleared, and the first thief token moves one seat to the left.",
    ]),
    ("Your cards", [
        "<strong>Move</strong>: Sneak up to 4 spaces, picking up jewels, turning over city "
        "tokens and robbing marked thieves as you pass; or Dash up to 6 spaces touching nothing "
        "— only when it is the one card you carry out that turn.",
        "<strong>Ambush</strong>: Wits (draw a card, then discard a card) or Cunning Plan (your "
        "only card this turn; next turn begins with 2 extra cards and 2 extra AP).",
        "<strong>Special card</strong>: every thief has one. You declare it with a general card "
        "tucked under it; when it comes up you either use the special effect (the tucked card is "
        "thrown away) or play the tucked card instead.",
        "<strong>General cards</strong> come from the shared deck and are used once. A number "
        "on a card is its range in spaces; “district” means anywhere in your own district.",
    ]),
    ("The watch", [
        "Guards hear thieves up to 4 spaces away and walk up to 3 spaces; captains hear 5 and "
        "walk 4. A guard who hears someone heads for the nearest thief and catches whoever is "
        "not hidden on the space he reaches. Walking into a guard's space yourself, or turning "
        "over a plain-garb guard, also gets you caught unless you are hidden.",
        "You are hidden on a hideout, in smoke, and under several cards and events. Hidden "
        "thieves cannot be heard or caught.",
        "A caught thief drops a jewel (the Emperors' Jewel is left on the imperial "
        "guardhouse of that district), discards an action card and lands in a dungeon. Next "
        "turn they have only 2 AP, and the first card they carry out must be Move, which also "
        "hides them for the rest of that turn.",
    ]),
    ("Theft", [
        "Cards with a theft mark make another thief a target. Standing on their space, you take "
        "one jewel straight away; otherwise they get a theft marker and any thief who passes "
        "through their space this turn may take one jewel. Nobody loses more than one jewel to "
        "theft per turn.",
    ]),
    ("The alarm and the end", [
        "The moment someone lifts the Emperors' Jewel, a district card picks the only gates "
        f"that open. The districts are {DISTRICTS}. At the start of the next turn the alarm "
        "sounds: reinforcements arrive in that district, the alarm events replace the calm ones, "
        "and the watch wins ties.",
        "Leave through an open gate with the Emperors' Jewel and you win at once. Otherwise the "
        "game ends after the last alarm event (or after the tenth calm turn if nobody reached "
        "the vault — then everyone loses). Among the thieves who got out, the most VP wins; "
        "ties go to the Best Burglar, then to more jewels, then to more green jewels, then to "
        "whoever left first.",
    ]),
    ("On this table", [
        "Several people can share one device: before anything secret is shown, the table asks "
        "you to pass the device to the right player. Bots take empty seats and see only what a "
        "player in their seat would see.",
        "The board, the 70 general cards, the events and the thieves' own abilities are not "
        "printed in the rulebook text; this table uses its own designs for them, listed below.",
    ]),
]

TOKENS = {
    "thiefs_stash": ("Thief's Stash", "Draw 1 action card at once; the token leaves the game."),
    "alert_citizens": ("Alert Citizens", "Every thief in this district (not those in a dungeon) "
                       "discards a general action card of their choice."),
    "plain_garb_guard": ("Plain-garb Guard", "A guard appears on this space — and catches "
                         "the thief who turned the token over, unless that thief is hidden."),
    "informer": ("Informer", "Keep it: once, in a Declaration phase, it adds 1 AP to a card."),
    "guild_agent": ("Guild Agent", "Keep it: once, in a Declaration phase, it adds 2 AP to a "
                    "single card."),
    "known_neighborhood": ("Known Neighborhood", "Keep it: during a move, give it up to go 1 "
                           "space farther (at most one per move)."),
    "trinkets": ("Trinkets", "Keep it: it counts as a yellow jewel worth 1 VP and can be "
                 "stolen like one."),
    "dark_alley": ("Dark Alley", "Stays on its space for the rest of the game and makes it a "
                   "hideout."),
    "manhole": ("Manhole", "Stays on its space and makes it a sewer entrance."),
    "ladder": ("Ladder", "Stays on its space and makes it a sewer exit."),
}


def _range(card: dict) -> str:
    r = card.get("range")
    if r is None:
        return ""
    return "range: own district" if r == "D" else f"range {r}"


def _entry(name: str, text: str, tags: list[str]) -> str:
    tag_html = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags if t)
    return f"<dt>{esc(name)} {tag_html}</dt><dd>{esc(text)}</dd>"


def glossary() -> list[tuple[str, list[tuple[str, str, list[str]]]]]:
    """(section title, [(name, text, tags)]) generated from the content data."""
    cards = content.cards()
    thieves = content.thieves()
    out = []
    out.append(("Thieves", [
        (f"{t['name']}, {t['title']}", f"{t['ability']} Special card: "
         f"{cards[t['special']]['name']}.", []) for t in thieves.values()]))
    basic = []
    for c in cards.values():
        if c["type"] == "basic":
            for mode, text in c["modes"].items():
                basic.append((f"{c['name']}: {mode.replace('_', ' ').title()}", text, []))
    out.append(("Basic cards (every thief has both)", basic))
    special = [(c["name"], c["text"], [f"{thieves[c['thief']]['name']}'s special",
                                       _range(c), "theft" if c.get("theft") else ""])
               for c in cards.values() if c["type"] == "special"]
    out.append(("Special cards", special))
    general = [(c["name"], c["text"], [f"{c['count']} in the deck", _range(c),
                                       "theft" if c.get("theft") else ""])
               for c in sorted((c for c in cards.values() if c["type"] == "general"),
                               key=lambda c: c["name"])]
    out.append(("General cards", general))
    for deck, title in (("calm", "Calm events"), ("alarm", "Alarm events")):
        events = [(e["name"], e["text"], [f"yellow jewel: {e['compass']}"]
                   if e.get("compass") else [])
                  for e in sorted((e for e in content.events().values() if e["deck"] == deck),
                                  key=lambda e: e["name"])]
        out.append((title, events))
    out.append(("City tokens", [(name, text, [f"{content.CITY_TOKENS[k]} in the pool"])
                                for k, (name, text) in TOKENS.items()]))
    return out


@cache
def render() -> str:
    sections = "".join(
        f'<details class="gloss"><summary>{esc(title)} ({len(items)})</summary>'
        f'<dl>{"".join(_entry(*item) for item in items)}</dl></details>'
        for title, items in glossary())
    return (
        rules_in_brief("Age of Thieves", RULES)
        + f'<section class="panel help"><h2>Cards, thieves, events and tokens</h2>'
        f'<p class="hint">Open a group to read every entry.</p>{sections}</section>')
