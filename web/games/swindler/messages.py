"""Swindler's messages (docs/i18n.md): every id the engine writes (engine/swindler: log lines and
prompts) with its English template, and its arguments as text.

Arguments: ``player``/``other`` a seat, ``players`` seats, ``card`` what an accomplice card shows
(its kind, a lock-picker's with her colour: ``schlossknackerin-red``), ``tile``/``theirs`` a tile
id, ``heap1``/``heap2`` tile ids, ``bag`` a bag colour, ``item`` a tile type, ``master`` a
master-thief ability, ``order``/``fence`` an order's or a fence's id, ``spec`` an item spec
(an order's slot, a fence's field), ``reward`` ``{"vp", "coins", "posters"}``, ``scores``
``[seat, score]`` pairs, best first; ``count``, ``vp``, ``turn``, ``heap``, ``skulls``, ``tiles``
numbers.
"""

from engine.swindler import content
from web.base.i18n import N_, _, ngettext, number
from web.base.messages import N_plural, and_list, render

# A bag's colour as an adjective (German: its stem, "rot"; templates add the endings).
COLOURS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green"),
           "black": N_("black"), "neutral": N_("neutral")}
SPECS = {"any": N_("any loot tile"), "jewel": N_("any jewellery"), "key": N_("any key"),
         "coin": N_("a coin tile")}

# each decision's "why these options?" (web/base/markup.py ``why``), by its kind
_PLAYED = N_("The accomplice just played asks this: only the choices its text allows are "
             "offered.")
WHY = {
    "master": N_("Each of you keeps one master-thief card; its ability works once you have "
                 "fulfilled enough orders: 5 with two players, 4 with three, 3 with four."),
    "reserve": N_("You have 3 reservation markers, and normally you may fulfil only orders "
                  "you reserved. Taking over another player's reservation costs them 2 VP; "
                  "giving up your own costs you 2 VP."),
    "bag": N_("Every turn you steal from one bag. What each bag holds is public: the chance "
              "of a skull is shown beside it."),
    "more": N_("Every draw is a new risk; stop, and you keep what you drew. A skull ends your "
               "stealing and sends back every tile of that bag's colour in front of you, "
               "those of earlier turns too."),
    "act": N_("You may fulfil an order you reserved whose items you have, sell a fitting tile "
              "on a free field of a fence, or play an accomplice: in any order, as often as "
              "you can."),
    "give": N_("This order asks for items handed back: only the tiles you hold that fit are "
               "offered (the three-key tile counts as any one key)."),
    "pay": N_("This order asks for coins: each is paid with a coin or with a coin tile."),
    "neutral": N_("The order's reward includes neutral loot tiles: those left in the supply are "
                  "offered."),
    "hire": N_("Each accomplice costs a coin (or a coin tile) and comes face down from the "
               "deck; you can play it from your next turn on."),
    "react": N_("A move may be answered with an accomplice whose moment it is. Everyone is "
                "asked, so the question tells nothing about anyone's hand."),
    "standing": N_("An accomplice that names no moment may be played at any time, even in "
                   "another player's turn."),
    "surrender": N_("A police raid: whoever holds more loot than allowed hands tiles over until "
                    "the limit is kept."),
    "card_choice": _PLAYED, "split": _PLAYED, "pick_heap": _PLAYED, "beg": _PLAYED,
    "fraud_more": _PLAYED,
}

MESSAGES = {
    # the log
    "change": N_plural("{player} takes {count} coin change.",
                       "{player} takes {count} coins change.", "count"),
    "sits_out": N_("{player} sits out this turn in jail."),
    "turn_starts": N_("Turn {turn}: {player}."),
    "deck_reshuffled": N_("The accomplice discard pile is shuffled into a new deck."),
    "you_take_card": N_("You take {card}."),
    "plays": N_("{player} plays {card}."),
    "neutralised": N_("{card} is neutralised and discarded."),
    "meuchlerin": N_("{player}'s Assassin neutralises {card}."),
    "bets_skull": N_("{player} bets that {other} will be caught by a skull."),
    "bets_safe": N_("{player} bets that {other} will not be caught."),
    "fraud_skull": N_("{player} draws a skull: no harm done, the bag goes back."),
    "draws": N_("{player} draws a {tile}."),
    "fraud_stops": N_("{player} hands the bag back."),
    "angel": N_("The skull goes back as if never drawn; {player} takes the {tile}."),
    "traitor": N_("{player} must draw once more."),
    "forged": N_("{player}'s {tile} counts as a {item} this turn."),
    "swaps": N_("{player} swaps a {tile} for {other}'s {theirs}."),
    "conjurer_stays": N_("The Sleight-of-hand Artist stays in play, now in front of {player}."),
    "keeps_heap": N_plural("{player} keeps heap {heap}; {other} takes {count} tile.",
                           "{player} keeps heap {heap}; {other} takes {count} tiles.", "count"),
    "gives_coin": N_("{player} gives {other} a coin."),
    "gives_tile": N_("{player} gives {other} a {tile}."),
    "hires": N_plural("{player} hires an accomplice.", "{player} hires {count} accomplices.",
                      "count"),
    "sells": N_("{player} sells a {tile} to fence {fence} for {vp} VP."),
    "fence_complete": N_("Fence {fence} is complete: {player} scores {vp} bonus VP and its loot "
                         "goes home."),
    "fence_opens": N_("Fence {fence} opens for business."),
    "master_unlocked": N_("{player} is a master thief now: {master} is unlocked."),
    "recruits": N_("{player} recruits an accomplice before the turn."),
    "takes_over": N_("{player} takes over order {order}: {other} loses {vp} VP."),
    "reserves": N_("{player} reserves order {order}."),
    "abandons": N_("{player} abandons order {order} and loses {vp} VP."),
    "pick_used": N_("{card} is used up and discarded."),
    "fulfils": N_("{player} fulfils order {order}: {reward}."),
    "takes_neutral": N_("{player} takes a {tile}."),
    "leaves_neutral": N_plural("{player} leaves the neutral tile in the supply.",
                               "{player} leaves {count} neutral tiles in the supply.", "count"),
    "order_revealed": N_("Order {order} is revealed."),
    "raid_aside": N_("Another police raid ({order}) is set aside."),
    "raids_reshuffled": N_("The raids set aside are shuffled back into the order pile."),
    "raid": N_("Police raid {order}!"),
    "jailed": N_("{player} is wanted once too often and goes to jail: the next turn is "
                 "missed."),
    "must_surrender": N_plural("{player} must hand {count} loot tile to the police.",
                               "{player} must hand {count} loot tiles to the police.", "count"),
    "surrenders": N_("{player} hands over a {tile}."),
    "last_round": N_("{player} has fulfilled {count} orders: this is the last round."),
    "last_round_no_orders": N_("No order is left to fulfil: this is the last round."),
    "game_won": N_("The game is over: {scores}. {player} wins."),
    "game_shared": N_("The game is over: {scores}. {players} share the win."),
    "master_dealt": N_("{player} is dealt the master-thief card {master}."),
    "master_chosen": N_("{player} chooses the master-thief card {master}."),
    "steals_from": N_("{player} steals from the {bag} bag."),
    "draws_skull": N_("{player} draws a skull from the {bag} bag!"),
    "gets_away": N_("{player} gets away with it."),
    "decoy_covers": N_("The Decoy covers {player}: nothing is lost."),
    "alibi": N_("{player} is caught but has an alibi: nothing goes back."),
    "caught": N_plural("{player} is caught and puts back {count} tile from the {bag} bag.",
                       "{player} is caught and puts back {count} tiles from the {bag} bag.",
                       "count"),
    "comfort_coin": N_("A skull on the first draw: {player} takes a coin as comfort."),
    "comfort_none": N_("A skull on the first draw, but the supply has no coin left for "
                       "{player}."),
    "traitor_paid": N_plural("{player} is paid {count} coin for the betrayal.",
                             "{player} is paid {count} coins for the betrayal.", "count"),
    "stops": N_("{player} stops stealing."),
    "switches": N_("{player} switches to the {bag} bag."),
    "bet_right": N_("{player}'s Know-it-all was right: {vp} VP, and the card goes back to hand."),
    "bet_wrong": N_("{player}'s Know-it-all was wrong and is discarded."),
    # the prompts
    "reserve_ask": N_("Step 1: reserve orders (up to 3 markers), or go stealing"),
    "act_ask": N_("Step 3: fulfil orders and sell loot to the fences, in any order"),
    "hire_ask": N_("Step 5: hire accomplices at 1 coin each, or end your turn"),
    "react_played": N_("{player} plays {card}: answer with an accomplice?"),
    "standing_ask": N_("Play an accomplice now, in {player}'s turn?"),
    "react_before_steal": N_("{player} is about to steal from the {bag} bag: play an "
                             "accomplice?"),
    "react_draw_again": N_("{player} is about to draw again: play an accomplice?"),
    "react_skull_drawn": N_("{player} has drawn a skull: play an accomplice?"),
    "react_steal_ended": N_("{player} has stopped stealing: play an accomplice?"),
    "fraud_ask": N_("Con Woman: draw again from the {bag} bag, or give it back?"),
    "swap_seat": N_("Sleight-of-hand Artist: whom do you swap with?"),
    "swap_mine": N_("Sleight-of-hand Artist: which of your loot tiles do you give?"),
    "swap_theirs": N_("Sleight-of-hand Artist: which of {player}'s tiles do you take?"),
    "forge_tile": N_("Forger: which of your loot tiles do you forge?"),
    "forge_as": N_("Forger: what does the tile count as this turn?"),
    "split_ask": N_("Legacy Hunter: put the {tile} on heap 1 or 2 ({player} then picks a "
                    "heap)"),
    "heap_ask": N_("Legacy Hunter: keep heap 1 ({heap1}) or heap 2 ({heap2})?"),
    "beg_ask": N_("Beggar: give {player} one loot tile or one coin"),
    "give_ask": N_("Order {order}: what do you hand over as {spec}?"),
    "pay_ask": N_plural("Pay {count} more coin: with a coin or a coin tile?",
                        "Pay {count} more coins: with a coin or a coin tile?", "count"),
    "neutral_ask": N_("Take a neutral loot tile of your choice from the supply"),
    "neutral_may_ask": N_plural(
        "You may take a neutral loot tile of your choice from the supply, or none",
        "You may take up to {count} neutral loot tiles of your choice from the supply, one at "
        "a time, or none", "count"),
    "surrender_ask": N_("Police raid: hand over a loot tile ({count} to go)"),
    "master_ask": N_("Choose your master-thief card (its ability unlocks later)"),
    "bag_ask": N_("Step 2: choose the rich bag you steal from"),
    "more_ask": N_plural(
        "Draw again from the {bag} bag ({skulls} skull among {tiles} tiles) or stop?",
        "Draw again from the {bag} bag ({skulls} skulls among {tiles} tiles) or stop?",
        "skulls"),
}


def colour(bag: str) -> str:
    return _(COLOURS[bag])


def item_name(kind: str) -> str:
    return _(content.type_name(kind))


def tile_text(tile: str, kind: str | None = None) -> str:
    """``red ring`` (German ``Ring (rot)``); ``kind``: the item it counts as now."""
    return _("{colour} {item}").format(colour=colour(content.bag_of(tile)),
                                       item=item_name(kind or content.type_of(tile)))


def card_text(face: str) -> str:
    """An accomplice by what the card shows: ``Lock-picker (red)``."""
    kind, _dash, key = face.partition("-")
    name = _(content.accomplice_kinds()[kind]["name"])
    return _("{name} ({colour})").format(name=name, colour=colour(key)) if key else name


def master_name(ability: str) -> str:
    return _(content.masters()[ability]["name"])


def spec_text(spec: dict) -> str:
    """An order's slot or a fence's field: ``any key``, ``any jewellery from the red bag``."""
    item = spec["item"]
    words = _(SPECS[item]) if item in SPECS else item_name(item)
    if "bag" in spec:
        return _("{what} from the {bag} bag").format(what=words, bag=colour(spec["bag"]))
    return words


def reward_parts(reward: dict) -> list[str]:
    """What an order pays (``{"vp", "coins", "neutral", "posters"}``), one text per part."""
    counted = [N_plural("{n} coin", "{n} coins", "coins"),
               N_plural("{n} neutral tile", "{n} neutral tiles", "neutral"),
               N_plural("{n} wanted poster", "{n} wanted posters", "posters")]
    parts = [_("{vp} VP").format(vp=number(reward["vp"]))] if reward.get("vp") else []
    parts += [ngettext(one, many, reward[key]).format(n=number(reward[key]))
              for one, many, key in counted if reward.get(key)]
    return parts


def reward_text(reward: dict) -> str:
    return and_list(reward_parts(reward)) or _("nothing")


def arg_text(names: list[str], key: str, value) -> str:
    """One argument of a message as text (``names``: the seats' names)."""
    if key in ("player", "other"):
        return names[value]
    if key == "players":
        return and_list([names[q] for q in value])
    if key == "card":
        return card_text(value)
    if key in ("tile", "theirs"):
        return tile_text(value)
    if key in ("heap1", "heap2"):
        return "; ".join(tile_text(t) for t in value) or _("nothing")
    if key == "bag":
        return colour(value)
    if key == "item":
        return item_name(value)
    if key == "master":
        return master_name(value)
    if key == "spec":
        return spec_text(value)
    if key == "reward":
        return reward_text(value)
    if key == "scores":
        return ", ".join(_("{name} {points}").format(name=names[q], points=number(points))
                         for q, points in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def say(message: dict, names: list[str]) -> str:
    """A message of the Swindler engine in the active language."""
    return render(message, MESSAGES, lambda key, value: arg_text(names, key, value))
