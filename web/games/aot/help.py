"""The help page: Age of Thieves in brief (this project's own words) and a glossary built from
the game's content data (thieves, action cards, events) plus the city tokens; in the active
language (German terms: docs/glossary.md)."""

from engine.age_of_thieves import content
from web.base.i18n import N_, _, ngettext
from web.base.markup import e as esc
from web.games.aot import labels as L
from web.games.help import page, panel

RULES = [
    (N_("What you are after"), [
        (None, N_(
            "Each player is a master thief in the port city of Hadria. In the middle of the "
            "board, inside the Palace, lies the Emperors' Jewel. Take it, carry it out of the "
            "city through an open gate, and you win on the spot.")),
        (None, N_(
            "Smaller prizes count too: green jewels are worth 2 victory points (VP), yellow "
            "jewels and Trinkets tokens 1 VP, and the thief who first lifts the Emperors' Jewel "
            "from the vault keeps the Best Burglar token (3 VP) for good. A thief only scores by "
            "getting out of the city; anyone still inside when the event cards run out has "
            "lost.")),
    ]),
    (N_("How a turn goes"), [
        (N_("1. Event."), N_(
            "A new event card changes the night's conditions. While the city is calm it also "
            "names a district where a yellow jewel appears, at least 6 spaces from every thief. "
            "Then the city guard rolls its initiative (one eight-sided die while calm, the "
            "better of two under alarm).")),
        (N_("2. Planning."), N_(
            "Every thief draws one action card. You may hold at most 5 general action cards; "
            "extra ones are discarded at once. Move, Ambush and your special card never count "
            "toward that limit.")),
        (N_("3. Declaration."), N_(
            "Everyone at once and in secret picks the cards they want to play this turn and "
            "spreads their action points (AP) over them: each chosen card needs at least 1 AP. "
            "You start a turn with 10 AP (only 2 after a night in the dungeon). Declaring "
            "nothing at all is allowed.")),
        (N_("4. Resolution."), N_(
            "Cards are carried out from the most AP to the fewest. The city guard acts at its "
            "rolled initiative. Ties between thieves go to the first thief, then clockwise, one "
            "card each in turn; ties with the city guard go to the thieves while calm and to "
            "the city guard under alarm. When your card comes up you may also give it up and "
            "ignore its effect.")),
        (N_("5. Clean-up."), N_(
            "Played general cards are discarded, markers are cleared, and the first thief "
            "token moves one seat to the left.")),
    ]),
    (N_("Your cards"), [
        (N_("Move:"), N_(
            "Sneak up to 4 spaces, picking up jewels, turning over city tokens and robbing "
            "marked thieves as you pass; or Dash up to 6 spaces touching nothing — only when it "
            "is the one card you carry out that turn.")),
        (N_("Ambush:"), N_(
            "Wits (draw a card, then discard a card) or Cunning Plan (your only card this turn; "
            "next turn begins with 2 extra cards and 2 extra AP).")),
        (N_("Special card:"), N_(
            "every thief has one. You declare it with a general card tucked under it; when it "
            "comes up you either use the special effect (the tucked card is thrown away) or "
            "play the tucked card instead.")),
        (N_("General cards"), N_(
            "come from the shared deck and are used once. A number on a card is its range in "
            "spaces; “district” means anywhere in your own district.")),
    ]),
    (N_("The city guard"), [
        (None, N_(
            "Guards hear thieves up to 4 spaces away and walk up to 3 spaces; captains hear 5 "
            "and walk 4. A guard who hears someone heads for the nearest thief and catches "
            "whoever is not hidden on the space he reaches. Walking into a guard's space "
            "yourself, or turning over a plain-garb guard, also gets you caught unless you are "
            "hidden.")),
        (None, N_(
            "All guards move first, then all captains. Among thieves at the same distance they "
            "pick their targets together so as to catch as many thieves as they can; whatever "
            "is still open (which guard moves first, whom to follow) the first thief decides.")),
        (None, N_(
            "You are hidden on a hideout, in smoke, and under several cards and events. Hidden "
            "thieves cannot be heard or caught.")),
        (None, N_(
            "A caught thief drops a jewel (the Emperors' Jewel is left on the imperial "
            "guardhouse of that district), discards an action card and lands in a dungeon. "
            "Next turn they have only 2 AP, and the first card they carry out must be Move, "
            "which also hides them for the rest of that turn.")),
    ]),
    (N_("Theft"), [
        (None, N_(
            "Cards with a theft icon make another thief a target. Standing on their space, you "
            "take one jewel straight away; otherwise they get a theft marker and any thief who "
            "passes through their space this turn may take one jewel. Nobody loses more than "
            "one jewel to theft per turn.")),
    ]),
    (N_("The alarm and the end"), [
        (None, N_(
            "The moment someone lifts the Emperors' Jewel, a district card picks the only gates "
            "that open. The districts are Golden Domes (north), Empty Pot (east), Salty Docks "
            "(south) and Hammerings (west). At the start of the next turn the alarm sounds: "
            "reinforcements arrive in that district, the alarm events replace the calm ones, "
            "and the city guard wins ties.")),
        (None, N_(
            "Leave through an open gate with the Emperors' Jewel and you win at once. Otherwise "
            "the game ends after the last alarm event (or after the tenth calm turn if nobody "
            "reached the vault — then everyone loses). Among the thieves who got out, the most "
            "VP wins; ties go to the Best Burglar, then to more jewels, then to more green "
            "jewels, then to whoever left first.")),
    ]),
    (N_("On this table"), [
        (None, N_(
            "Several people can share one device: before anything secret is shown, the table "
            "asks you to pass the device to the right player. Bots take empty seats and see "
            "only what a player in their seat would see.")),
        (None, N_(
            "The board, the 70 general cards, the events and the thieves' own abilities are not "
            "printed in the rulebook text; this table uses its own designs for them, listed "
            "below.")),
        (None, N_(
            "The game's German edition is called “Wettstreit der Diebe”; the table uses its "
            "words for the rules and the cards it names.")),
    ]),
]

TOKENS = {
    "thiefs_stash": N_("Draw 1 action card at once; the token leaves the game."),
    "alert_citizens": N_("Every thief in this district (not those in a dungeon) discards a "
                         "general action card of their choice."),
    "plain_garb_guard": N_("A guard appears on this space — and catches the thief who turned "
                           "the token over, unless that thief is hidden."),
    "informer": N_("Keep it: once, in a Declaration phase, it adds 1 AP to a card."),
    "guild_agent": N_("Keep it: once, in a Declaration phase, it adds 2 AP to a single card."),
    "known_neighborhood": N_("Keep it: during a move, give it up to go 1 space farther (at "
                             "most one per move)."),
    "trinkets": N_("Keep it: it counts as a yellow jewel worth 1 VP and can be stolen like "
                   "one."),
    "dark_alley": N_("Stays on its space for the rest of the game and makes it a hideout."),
    "manhole": N_("Stays on its space and makes it a sewer entrance."),
    "ladder": N_("Stays on its space and makes it a sewer exit."),
}
# the help page names this token as the rulebook spells it (the board's label differs)
TOKEN_NAMES = {"plain_garb_guard": N_("Plain-garb Guard")}


def _range(card: dict) -> str:
    r = card.get("range")
    if r is None:
        return ""
    return _("range: own district") if r == "D" else _("range {n}").format(n=r)


def _theft(card: dict) -> str:
    return _("theft") if card.get("theft") else ""


def _entry(name: str, text: str, tags: list[str]) -> str:
    tag_html = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags if t)
    return f"<dt>{esc(name)} {tag_html}</dt><dd>{esc(text)}</dd>"


def glossary() -> list[tuple[str, list[tuple[str, str, list[str]]]]]:
    """(section title, [(name, text, tags)]) generated from the content data, in the active
    language."""
    cards = content.cards()
    thieves = content.thieves()
    out = []
    out.append((_("Thieves"), [
        (L.thief_title(tid),
         _("{ability} Special card: {card}.").format(ability=L.thief_info(tid)["ability"],
                                                      card=L.card_name(t["special"])), [])
        for tid, t in thieves.items()]))
    basic = []
    for kind, c in cards.items():
        if c["type"] == "basic":
            for mode, text in c["modes"].items():
                name = _("{card}: {mode}").format(card=L.card_name(kind),
                                                  mode=L.mode({"cunning_plan": "plan"}
                                                              .get(mode, mode)))
                basic.append((name, _(text), []))
    out.append((_("Basic cards (every thief has both)"), basic))
    special = [(L.card_name(kind), L.card_text(kind),
                [_("{thief}'s special").format(thief=L.thief_info(c["thief"])["name"]),
                 _range(c), _theft(c)])
               for kind, c in cards.items() if c["type"] == "special"]
    out.append((_("Special cards"), special))
    general = sorted(
        ((L.card_name(kind), L.card_text(kind),
          [ngettext("{n} in the deck", "{n} in the deck", c["count"]).format(n=c["count"]),
           _range(c), _theft(c)])
         for kind, c in cards.items() if c["type"] == "general"), key=lambda g: g[0].lower())
    out.append((_("General cards"), general))
    for deck, title in (("calm", N_("Calm events")), ("alarm", N_("Alarm events"))):
        events = []
        for eid, ev in content.events().items():
            if ev["deck"] != deck:
                continue
            info = L.event_info(eid)
            tags = ([_("yellow jewel: {district}").format(district=L.district(ev["compass"]))]
                    if ev.get("compass") else [])
            events.append((info["name"], info["text"], tags))
        out.append((_(title), sorted(events, key=lambda ev: ev[0].lower())))
    out.append((_("City tokens"), [
        (_(TOKEN_NAMES[k]) if k in TOKEN_NAMES else L.token(k), _(text),
         [ngettext("{n} in the pool", "{n} in the pool", content.CITY_TOKENS[k])
          .format(n=content.CITY_TOKENS[k])])
        for k, text in TOKENS.items()]))
    return out


def _panels() -> str:
    sections = "".join(
        f'<details class="gloss"><summary>{esc(title)} ({len(items)})</summary>'
        f'<dl>{"".join(_entry(*item) for item in items)}</dl></details>'
        for title, items in glossary())
    return panel(_("Cards, thieves, events and tokens"),
                 f'<p class="hint">{esc(_("Open a group to read every entry."))}</p>{sections}')


render = page(N_("Age of Thieves"), RULES, _panels)
