"""Age of Thieves' messages (docs/i18n.md): every id the engine writes (engine/age_of_thieves:
log lines, prompts, the result's reason) with its English template, and its arguments as text.

Arguments: ``player``/``other`` a seat; ``figure`` a figure ('T2' a thief, 'g01' a guard,
'k01' a captain); ``watch`` a guard's or captain's id; ``kind`` guard or captain; ``space`` a
space id, ``spaces`` and ``path`` lists of them (a path may pass ``sewers``); ``district`` a
district letter; ``jewel``, ``token``, ``card`` (a card's kind), ``cards`` (a card and the one
it carries), ``event``, ``mode`` (how a card is resolved) and ``reason`` ids; ``dice`` and
``ap`` lists of numbers; ``count``, ``turn``, ``init``, ``initiative``, ``vp`` numbers.

A message about a figure has a second template for a guard or captain (``id.watch``): the
sentence then says "the guard g01" where it says a thief's name.
"""

from engine.age_of_thieves import content
from engine.age_of_thieves.movement import SEWERS
from web.base.i18n import N_, _, number
from web.base.messages import N_plural, and_list, render
from web.games.aot import labels as L

# each decision's "why these options?" (web/base/markup.py ``why``), by its kind
WHY = {
    "start": N_("A thief enters the city on one of the starting spaces; those another thief "
                "took are not offered."),
    "declare": N_("Everyone declares at once and in secret: cards face down and your AP spread "
                  "over them, at least 1 on each. More AP makes a card act earlier; you may "
                  "keep AP back or declare nothing."),
    "resolve": N_("Your declared cards act in initiative order, the most AP first. Play a card "
                  "as one of its sides allows, or give it up; a strong side (Dash, Cunning "
                  "Plan) must be your only card this turn."),
    "move": N_("You move one space at a time along the paths, as far as your card allows. "
               "Jewels and city tokens on your way are picked up in passing; stepping onto a "
               "guard's space while not hidden gets you caught."),
    "discard": N_("You hold more than you may (at most 5 general cards), or a card or an event "
                  "makes you discard: you choose which card goes."),
    "choose": N_("A card or a call of the game asks you to pick: only what its text allows is "
                 "offered."),
    "give": N_("A card makes you hand over one of your action cards: you choose which."),
}

MESSAGES = {
    # set-up and the turn
    "first_thief_rolled": N_("{player} rolls highest and takes the first thief token."),
    "starts_on": N_("{player} starts on {space}."),
    "turn_begins": N_("Turn {turn} begins; {player} is the first thief."),
    "event_drawn": N_("Event: {event}."),
    "event_over": N_("{event} is over."),
    "alarm_raised": N_("The alarm is raised! Reinforcements arrive in the {district}."),
    "initiative": N_("The city guard rolls {dice}: initiative {initiative}."),
    "no_yellow_left": N_("No yellow jewel is left in the pool."),
    "no_yellow_space": N_("No space in the {district} can take a new yellow jewel."),
    "yellow_appears": N_("A yellow jewel appears on {space}."),
    # cards
    "deck_reshuffled": N_("The discard pile is shuffled into a new action deck."),
    "draws": N_("{player} draws a card."),
    "you_draw": N_("You draw {card}."),
    "discards": N_("{player} discards {card}."),
    "bola_slows": N_("{player} is slowed by a bola and sets AP aside."),
    "has_declared": N_("{player} has declared."),
    "declared": N_plural("{player} declared {count} card with {ap} AP.",
                         "{player} declared {count} cards with {ap} AP.", "count"),
    "declared.none": N_("{player} declared no card."),
    "resigns": N_("{player} reveals {cards} ({init} AP) and resigns it."),
    "resolves": N_("{player} resolves {cards} ({init} AP): {mode}."),
    # moving, jewels, tokens
    "moves": N_("{figure} moves: {path}."),
    "moves.watch": N_("The {figure} moves: {path}."),
    "slips_out": N_("{player} slips out of the dungeon, hidden for the rest of the turn."),
    "known_neighborhood": N_("{player} knows the neighbourhood: one more space."),
    "takes_jewel": N_("{player} takes {jewel} on {space}."),
    "steals": N_("{player} steals {jewel} from {other}."),
    "best_burglar": N_("{player} breaks into the vault: the Best Burglar token and {count} "
                       "red AP are theirs."),
    "exits_drawn": N_("The district card shows the {district}: only its gates are open. The "
                      "alarm will sound next turn."),
    "leaves_city": N_("{player} leaves the city with {vp} VP."),
    "reveals_token": N_("{player} reveals a city token on {space}: {token}."),
    "tokens_face_up": N_("Every city token in the {district} is turned face up."),
    # the city guard
    "city_guard_acts": N_("The city guard acts."),
    "watch_appears": N_("A new {watch} appears on {space}."),
    "watch_sent": N_("The {watch} is sent to {space}."),
    "caught": N_("{player} is caught on {space}!"),
    "emperor_taken_to": N_("The Emperors' Jewel is taken to {space}."),
    "loses_jewel": N_("{player} loses {jewel}."),
    "dungeon_drawn": N_("A district card sends {player} to the dungeon of the {district}."),
    # card effects
    "theft_marker": N_("{player} gets a theft marker."),
    "reappears": N_("{player} reappears on {space}."),
    "smoke": N_("Smoke covers {spaces}."),
    "fire": N_("Fire blocks {space}."),
    "noise": N_("A noise on {space} draws the city guard."),
    "held": N_("{figure} cannot move this turn."),
    "held.watch": N_("The {figure} cannot move this turn."),
    "blinded": N_("{figure} will notice no one this turn."),
    "blinded.watch": N_("The {figure} will notice no one this turn."),
    "bola": N_("{player} is tangled in a bola."),
    "gives_card": N_("{player} gives {other} a card."),
    "swaps": N_("{player} swaps places with {figure}."),
    "swaps.watch": N_("{player} swaps places with the {figure}."),
    # the end
    "wins": N_("{player} wins ({reason})."),
    "all_defeated": N_("Every thief is still in the city: all are defeated."),
    "emperor_escape": N_("{player} escapes with the Emperors' Jewel and wins at once!"),
    # the prompts
    "start_ask": N_("Choose your starting space"),
    "declare_ask": N_("Declare your action cards and their AP, in secret"),
    "resolve_ask": N_("Resolve a card you declared with {init} AP, or resign it"),
    "discard_ask": N_("Discard an action card ({reason})"),
    "discard_event_ask": N_("Discard an action card (event: {event})"),
    "give_ask": N_("Give one of your action cards to {player}"),
    "move_ask": N_plural("Move {figure}: {count} space left",
                         "Move {figure}: {count} spaces left", "count"),
    "move_ask.watch": N_plural("Move the {figure}: {count} space left",
                               "Move the {figure}: {count} spaces left", "count"),
    "yellow_ask": N_("Choose where the yellow jewel appears in the {district}"),
    "new_watch_ask": N_("Choose where the new {kind} stands"),
    "no_watch_left_ask": N_("No {kind} is left: choose the one that moves to {space}"),
    "watch_next_ask": N_("Choose which {kind} moves next"),
    "watch_target_ask": N_("Two thieves are as close: choose the one the {watch} goes after"),
    "jewel_from_ask": N_("Choose the jewel you take from {player}"),
    "reappear_ask": N_("Choose the space you go to"),
    "move_figure_ask": N_("Choose the figure you move"),
    "send_away_ask": N_("Choose the guard you send away"),
    "send_to_ask": N_("Choose the guardhouse the {watch} goes to"),
    "new_guard_ask": N_("Choose the guardhouse for the new guard"),
    "smoke_ask": N_("Choose the space you smoke"),
    "fire_ask": N_("Choose a free space to set on fire"),
    "noise_ask": N_("Choose the space the city guard is drawn to"),
    "hold_ask": N_("Choose the figure you hold in place"),
    "blind_ask": N_("Choose the guard you blind"),
    "bola_ask": N_("Choose the thief your bola hits"),
    "take_card_ask": N_("Choose the thief who gives you a card"),
    "swap_ask": N_("Choose the figure you swap places with"),
    "rob_ask": N_("Choose the thief you rob"),
}

# a jewel as the object of a sentence (German: every jewel is neuter, "ein grünes Juwel")
JEWELS = {"emperor": N_("the Emperors' Jewel"), "green": N_("a green jewel"),
          "yellow": N_("a yellow jewel"), "trinkets": N_("the trinkets")}
MODES = {"sneak": N_("Sneak"), "dash": N_("Dash"), "wits": N_("Wits"),
         "plan": N_("Cunning Plan"), "play": N_("its effect"),
         "special": N_("the special action"), "general": N_("the general action")}
REASONS = {
    # why a card is discarded
    "hand_limit": N_("over the hand limit"), "caught": N_("caught by the city guard"),
    "wits": N_("Wits"), "alert_citizens": N_("Alert Citizens"),
    # what decided the winner
    "vp": N_("most VP"), "best_burglar": N_("the Best Burglar token"),
    "jewels": N_("more jewels"), "green": N_("more green jewels"),
    "left_first": N_("left the city first"),
    "emperor": N_("left the city with the Emperors' Jewel"),
    "nobody_escaped": N_("no thief left the city through an open gate"),
}


def watch_text(gid: str) -> str:
    """``guard g1`` (German ``Wächter w1``): the figure as its shield shows it."""
    kind = L.watch_kind_of(gid)
    return _("{kind} {id}").format(kind=L.watch_kind(kind), id=L.watch_id(gid)) if kind else gid


def space_text(sid: str) -> str:
    """A space as the log and the options name it: its id, and its name where it has one."""
    if sid == SEWERS:
        return _("(sewers)")
    name = L.place_name(sid)
    return f"{sid} {name}" if name else str(sid)


def card_text(kind: str) -> str:
    return _(content.cards()[kind]["name"]) if kind in content.cards() else str(kind)


def arg_text(names: list[str], key: str, value) -> str:
    """One argument of a message as text (``names``: the seats' names)."""
    if key in ("player", "other"):
        return names[value]
    if key == "figure":
        seat = L.thief_seat(value)
        return names[seat] if seat is not None else watch_text(value)
    if key == "watch":
        return watch_text(value)
    if key == "kind":
        return L.watch_kind(value)
    if key == "space":
        return space_text(value)
    if key == "spaces":
        return and_list([space_text(sp) for sp in value])
    if key == "path":
        return " → ".join(space_text(sp) for sp in value)
    if key == "district":
        return L.district(value)
    if key == "jewel":
        return _(JEWELS[value])
    if key == "token":
        return L.token(value)
    if key == "card":
        return card_text(value)
    if key == "cards":
        if len(value) == 2:
            return _("{card} carrying {other}").format(card=card_text(value[0]),
                                                       other=card_text(value[1]))
        return and_list([card_text(k) for k in value])
    if key == "event":
        return _(content.events()[value]["name"])
    if key == "mode":
        return _(MODES[value])
    if key == "reason":
        return _(REASONS[value])
    if key in ("dice", "ap"):
        return and_list([number(n) for n in value])
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def variant(message: dict) -> dict:
    """The message with the id of the template that fits its arguments: a guard's or
    captain's ``.watch``, a declaration of nothing's ``.none``."""
    msg, args = message["msg"], message.get("args") or {}
    if isinstance(args.get("figure"), str) and L.thief_seat(args["figure"]) is None \
            and f"{msg}.watch" in MESSAGES:
        return {**message, "msg": f"{msg}.watch"}
    if msg == "declared" and not args.get("count"):
        return {**message, "msg": "declared.none"}
    return message


def say(message: dict, names: list[str]) -> str:
    """A message of the Age of Thieves engine in the active language."""
    return render(variant(message), MESSAGES, lambda key, value: arg_text(names, key, value))
