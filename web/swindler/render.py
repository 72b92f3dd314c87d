"""The Swindler table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scores. Everything on the table is public (the bags' contents
included); only the accomplice hand is private. The table is drawn: the bags with their open
tiles, orders as cards (what they ask for, what they pay), fences with their fields, each
swindler's area. A tile shows its bag's letter and colour, its item's symbol and name, so colour
is never the only cue. An option and the thing it names share a key in ``data-ref`` (an order
``O06``, ``bag-red``, ``tile-R3``, a card ``C05``, a fence field ``F05-2``, ``seat-1``): pointing
at one lights the other (docs/table.md). Every text is in the active language: the log and the
prompts are the engine's messages rendered by ``messages.say``.
"""

from engine.swindler import content

from ..i18n import N_, _, current, ngettext, number
from ..markup import button, e, ev, log_list, moving, refs, scrolls
from ..messages import and_list
from ..regions import region
from .messages import (
    card_text,
    colour,
    item_name,
    master_name,
    reward_parts,
    reward_text,
    say,
    spec_text,
    tile_text,
)

__all__ = ["reduce", "render_game", "render_result", "say"]

# The bags' letters (German initials, Gelb and Grün with two letters: docs/glossary.md).
BAG_LETTER = {"red": N_("R"), "blue": N_("B"), "yellow": N_("Y"), "green": N_("G"),
              "black": N_("K"), "neutral": N_("N")}
BAG_NAMES = {"red": N_("red bag"), "blue": N_("blue bag"), "yellow": N_("yellow bag"),
             "green": N_("green bag"), "black": N_("black bag")}
STEPS = {1: N_("1 · reserve orders"), 2: N_("2 · steal from a rich bag"),
         3: N_("3 · fulfil and sell"), 4: N_("4 · refill"), 5: N_("5 · hire accomplices"),
         "jail": N_("in jail"), "over": N_("game over"), "setup": N_("setting up")}
KINDS = {"own": N_("Own"), "give": N_("Give"), "draw": N_("Draw")}


def section(name: str, title: str, body: str, cls: str = "") -> str:
    return region(name, f'<section class="swd-panel {cls}"><h3 class="swd-h">{e(title)}</h3>'
                        f"{body}</section>")


def letter(bag: str) -> str:
    return _(BAG_LETTER.get(bag, "?"))


def bag_name(bag: str) -> str:
    return _(BAG_NAMES[bag]) if bag in BAG_NAMES else colour(bag)


def names_of(view: dict) -> list[str]:
    return [s["name"] for s in view["seats"]]


def percent(share: float) -> str:
    """A share as a percentage the way the language writes it: 25% (English), 25 % (German)."""
    whole = round(100 * share)
    return f"{whole} %" if current() == "de" else f"{whole}%"


def vp(n: int) -> str:
    return _("{vp} VP").format(vp=number(n))


# --- pieces ------------------------------------------------------------------------------------
# Item symbols, drawn once per screen and used by every tile (20 × 20, currentColor).
SYMBOLS = {
    "ring": '<circle cx="10" cy="12.5" r="5" fill="none" stroke-width="2.2"/>'
            '<path d="M7.5 5.5 10 2l2.5 3.5L10 8z"/>',
    "necklace": '<path d="M3.5 2.5Q10 17 16.5 2.5" fill="none" stroke-width="1.8"/>'
                '<path d="M10 11.5l3 3.5-3 3.5-3-3.5z"/>',
    "watch": '<circle cx="10" cy="11.5" r="6.2" fill="none" stroke-width="2"/>'
             '<rect x="8.6" y="1.5" width="2.8" height="3.3" rx="1"/>'
             '<path d="M10 11.5V7.8M10 11.5h3" fill="none" stroke-width="1.6"/>',
    "coin": '<circle cx="10" cy="10" r="7.5"/><circle cx="10" cy="10" r="4.5" fill="none" '
            'stroke="#f2efe6" stroke-width="1.3"/>',
    "coin2": '<circle cx="7" cy="11" r="5.8"/><circle cx="13" cy="9" r="5.8" stroke="#f2efe6" '
             'stroke-width="1.2"/>',
    "key": '<circle cx="5.5" cy="10" r="3.4" fill="none" stroke-width="2.2"/>'
           '<path d="M9 10h9M14.5 10v3.5M17 10v3" fill="none" stroke-width="2.2"/>',
    "keys": '<circle cx="5" cy="5" r="3" fill="none" stroke-width="2"/>'
            '<path d="M7.5 6.5 17 9M7 8l7.5 7.5M6 8.5l1 9" fill="none" stroke-width="1.9"/>',
    "skull": '<path d="M10 2.5a7 7 0 0 0-5 11.9V17h10v-2.6A7 7 0 0 0 10 2.5z"/>'
             '<circle cx="7.3" cy="9.8" r="1.9" fill="#f2efe6"/>'
             '<circle cx="12.7" cy="9.8" r="1.9" fill="#f2efe6"/>',
    "poster": '<rect x="3.5" y="2" width="13" height="16" rx="1" fill="none" '
              'stroke-width="1.6"/><circle cx="10" cy="8" r="2.6"/>'
              '<path d="M6 13h8M6 15.5h8" fill="none" stroke-width="1.3"/>',
    "any": '<rect x="3.5" y="3.5" width="13" height="13" rx="2.5" fill="none" '
           'stroke-width="1.8" stroke-dasharray="3 2"/>',
}
# A tile type (or an order's or field's item) by the symbol it shows.
SYMBOL_OF = {"ring": "ring", "necklace": "necklace", "watch": "watch", "jewel": "ring",
             "coin": "coin", "coin2": "coin2", "master_key": "keys", "key": "key",
             "skull": "skull", "any": "any"}
REWARD_SYMBOLS = {"coins": "coin", "neutral": "any", "posters": "poster"}
SACK = ("M15 3h10l-3 7c9 4 13 11 13 19 0 9-7 12-15 12S5 38 5 29c0-8 4-15 13-19z")


def symbol_defs() -> str:
    """The symbols' definitions (hidden); ``symbol`` uses them."""
    return ('<svg class="swd-defs" aria-hidden="true" width="0" height="0"><defs>'
            + "".join(f'<symbol id="swd-s-{k}" viewBox="0 0 20 20">{v}</symbol>'
                      for k, v in SYMBOLS.items()) + "</defs></svg>")


def symbol(item: str) -> str:
    """The symbol of an item (a tile type, ``jewel``, ``key``, ``any``, ``poster``); a key is
    drawn in its own colour besides its name."""
    name = SYMBOL_OF.get(item) or ("key" if item.startswith("key-") else item)
    tint = f" swd-k-{item[4:]}" if item.startswith("key-") else ""
    return (f'<svg class="swd-i{tint}" aria-hidden="true" viewBox="0 0 20 20">'
            f'<use href="#swd-s-{e(name)}"/></svg>')


def tile(t: str, place: str = "", kind: str | None = None, named: bool = True) -> str:
    """A loot tile: its bag's colour and letter, its item's symbol and name (``kind``: the item
    it counts as now); ``place``: where it lies (see ``moving``); ``named``: options may name
    it (not a tile in a bag, which the bag stands for)."""
    bag = content.bag_of(t)
    kind = kind or content.type_of(t)
    return (f'<span class="swd-tile swd-{e(bag)}" role="img" aria-label="{e(tile_text(t, kind))}"'
            f'{moving("tile:" + t, place)}{refs("tile-" + t) if named else ""}>'
            f'<b>{e(letter(bag))}</b>{symbol(kind)}<span>{e(item_name(kind))}</span></span>')


def spec_chip(spec: dict) -> str:
    """What an order's slot or a fence's field asks for: the bag's colour and letter if it
    names one, the item's symbol, the words."""
    bag = spec.get("bag")
    band = f"<b>{e(letter(bag))}</b>" if bag else ""
    return (f'<span class="swd-spec swd-{e(bag or "any")}">{band}{symbol(spec["item"])}'
            f"<span>{e(spec_text(spec))}</span></span>")


def order_need(order: dict) -> str:
    """What an order asks for, in words."""
    if order.get("kind") != "draw":
        return and_list([spec_text(slot) for slot in order.get("slots", [])]
                        + ([_coins(order["coins"])] if order.get("coins") else []))
    draw = order["draw"]
    if "count" in draw:
        return ngettext("draw {n} loot tile in one steal", "draw {n} loot tiles in one steal",
                        draw["count"]).format(n=number(draw["count"]))
    if draw.get("pair"):
        return _("draw two identical loot tiles one after the other")
    return _("draw {n}× {what}").format(n=number(draw.get("n", 1)), what=spec_text(draw))


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=number(n))


def order_summary(order: dict) -> str:
    """An order in one line: ``Own: ring and necklace → 3 VP``."""
    kind = order.get("kind")
    return _("{kind}: {need} → {pays}").format(
        kind=_(KINDS[kind]) if kind in KINDS else str(kind), need=order_need(order),
        pays=reward_text(order.get("reward", {})))


def order_card(view: dict, order: dict) -> str:
    """An open order as a card: what kind, what it asks for, what it pays, who reserved it."""
    kind = order.get("kind")
    coins = (f'<span class="swd-spec">{symbol("coin")}<span>{e(_coins(order["coins"]))}'
             f"</span></span>" if order.get("coins") else "")
    need = (f'<p class="swd-need">{e(order_need(order))}</p>' if kind == "draw" else
            '<p class="swd-need">' + "".join(spec_chip(s) for s in order.get("slots", []))
            + coins + "</p>")
    reward = order.get("reward", {})
    pays = [f'<span class="swd-vp">{e(vp(reward["vp"]))}</span>'] if reward.get("vp") else []
    pays += [f'<span class="swd-pay">{symbol(REWARD_SYMBOLS[k])}{e(text)}</span>'
             for k in REWARD_SYMBOLS if reward.get(k) for text in reward_parts({k: reward[k]})]
    by = order.get("reserved_by")
    marker = (f'<span class="swd-marker">'
              f'{e(_("reserved by {name}").format(name=view["seats"][by]["name"]))}</span>'
              if by is not None else f'<span class="swd-free">{e(_("not reserved"))}</span>')
    kind_word = _(KINDS[kind]) if kind in KINDS else str(kind)
    return (f'<li class="swd-order swd-o-{e(kind)}"{refs(order["id"])}'
            f'{moving("order:" + str(order["id"]), "open")}>'
            f'<span class="swd-order-head"><strong>{e(kind_word)}</strong>'
            f'<span class="swd-order-id">{e(order["id"])} · {e(order.get("tier", ""))}</span>'
            f'</span>{need}<p class="swd-pays"><span class="swd-paylabel">{e(_("pays"))}</span>'
            f"{''.join(pays)}</p>{marker}</li>")


def fence_card(i: int, fence: dict | None) -> str:
    """A fence with its three fields: what each buys for how many VP, open or with the tile
    sold to it."""
    if fence is None:
        return (f'<li class="swd-fence swd-fence-none">'
                f'{e(_("Fence {n}: none (the pile is empty)").format(n=i + 1))}</li>')
    fields = "".join(
        f'<li class="swd-field{" swd-filled" if f["tile"] else ""}"'
        f'{refs(field_key(fence, j))}>{spec_chip(f["spec"])}'
        f'<span class="swd-vp">{e(vp(f["vp"]))}</span>'
        f'{tile(f["tile"], f"fence:{i}:{j}") if f["tile"] else _open_slot()}</li>'
        for j, f in enumerate(fence["fields"]))
    title = _("Fence {n} ({id})").format(n=i + 1, id=fence["id"])
    return (f'<li class="swd-fence"{refs(fence["id"])}><span class="swd-fence-name">{e(title)}'
            f'</span><ul class="swd-fields">{fields}</ul></li>')


def field_key(fence: dict, j: int) -> str:
    return f"{fence['id']}-{j + 1}"


def _open_slot() -> str:
    return f'<span class="swd-slot">{e(_("open"))}</span>'


def accomplice(card: dict, note: str = "", key: str = "", place: str = "") -> str:
    """A card in a hand or in play. ``key``, ``place``: see ``moving``."""
    kind = content.accomplice_kinds()[card["kind"]]
    face = card["kind"] + (f"-{card['colour']}" if card.get("colour") else "")
    extra = f' <span class="swd-note">{e(note)}</span>' if note else ""
    tint = f" swd-c-{e(card['colour'])}" if card.get("colour") else ""
    return (f'<div class="swd-card{tint}"{refs(card.get("id", ""))}'
            f'{moving(key, place) if key else ""}>'
            f'<strong>{e(card_text(face))}</strong>'
            f'{extra}<p>{e(_(kind["text"]))}</p></div>')


# --- the whole screen --------------------------------------------------------------------------
# Which part of the table each kind of decision is about: on a phone it follows the decision.
CONCERNS = {"reserve": "swd-orders", "act": "swd-orders", "bag": "swd-bags",
            "more": "swd-bags", "fraud_more": "swd-bags", "neutral": "swd-bags",
            "hire": "swd-hand", "react": "swd-hand", "surrender": "swd-seats",
            "give": "swd-seats", "pay": "swd-seats", "beg": "swd-seats",
            "card_choice": "swd-seats"}


def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    concern = CONCERNS.get((view.get("choice") or {}).get("kind"), "")

    def part(name: str, title: str, body: str) -> str:
        return section(name, title, body, "swd-concern" if name == concern else "")
    return "".join([
        '<div class="swd">', symbol_defs(),
        region("swd-status", _status(view)),
        region("swd-prompt", f'<div class="swd-prompt-area">{_prompt(view, ui)}</div>'),
        '<div class="swd-board">',
        part("swd-orders", _("Orders"), _orders(view)),
        part("swd-bags", _("The rich bags (all tiles are open)"), _bags(view)),
        part("swd-fences", _("Fences"), _fences(view)),
        "</div>",
        '<div class="swd-side">',
        part("swd-hand", _("Your accomplices"), _hand(view)),
        part("swd-seats", _("Swindlers"), _seats(view)),
        section("swd-log", _("Log"), _log(view)),
        "</div></div>",
    ])


def _status(view: dict) -> str:
    """The round and the turn (the log counts turns), whose turn and which step."""
    seats = view["seats"]
    active = view.get("active")
    step = view.get("step")
    who = (e(_("{name}'s turn").format(name=seats[active]["name"]))
           if active is not None and step != "over" else "")
    step_text = _(STEPS[step]) if step in STEPS else str(step or "")
    step_text = step_text if step == "over" else _("Step {step}").format(step=step_text)
    end = (f'<span class="swd-chip swd-end">{e(_("Last round"))}</span>'
           if view.get("end_triggered") else "")
    me = view.get("player")
    mine = (e(_("You: {name}")).format(name=f"<strong>{e(seats[me]['name'])}</strong>")
            if me is not None else e(_("Table view: public information only")))
    limits = _("Master thief at {master} orders · the end at {end}").format(
        master=number(view["thresholds"]["master"]), end=number(view["thresholds"]["end"]))
    counts = " · ".join([_("Round {n}").format(n=number(view["round"])),
                         _("Turn {n}").format(n=number(view["turn"]))])
    return (f'<div class="swd-status"><strong>{e(counts)}</strong><span>{who}</span>'
            f"<span>{e(step_text)}</span>{end}<span>{mine}</span>"
            f"<span>{e(limits)}</span></div>")


# --- the decision ------------------------------------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return _standing(view, ui)
    caught, odds = _caught(view), _steal_report(view)
    buttons = options_list(view, choice["options"], ui)
    if choice["kind"] == "split":
        odds += _heaps(choice["context"])
    react = (f'<p class="hint">{e(_("Everyone is asked in turn, whether or not they hold a card that fits, so that the question tells nothing."))}</p>'  # noqa: E501
             if choice.get("masked") else "")  # full secrecy: a lone "no" is asked too
    return (f'<section class="swd-prompt decision" aria-live="polite"><h3 class="swd-h">'
            f'{e(_("Your decision"))}</h3>{caught}<p class="swd-ask">'
            f'{e(say(choice["prompt"], names_of(view)))}</p>{odds}{react}'
            f"{buttons}</section>")


def _steal_report(view: dict) -> str:
    """This turn's steal: what was drawn so far and the odds of a skull on the next draw, the
    skull just drawn, or what was drawn once it is over (a thief caught: ``_caught``)."""
    steal = view.get("steal")
    if not steal or steal["state"] == "caught":
        return ""
    bag = view["bags"][steal["bag"]]
    moving_here = _drawing(view)
    drawn = (" ".join(tile(t, "drawn" if t in moving_here else "")
                      for t in steal.get("drawn", [])) or e(_("nothing yet")))
    chance = (ngettext(
        "{skulls} skull among {tiles} tiles: {odds} chance of a skull on the next draw",
        "{skulls} skulls among {tiles} tiles: {odds} chance of a skull on the next draw",
        bag["skulls"]).format(skulls=number(bag["skulls"]), tiles=number(bag["tiles"]),
                              odds=percent(bag["odds"]))
        if bag["tiles"] else _("the bag is empty"))
    said = {"drawing": _("Stealing from the {bag} — drawn so far: {drawn}. {chance}."),
            "skull": _("A skull from the {bag}! Drawn before it: {drawn}.")}.get(
        steal["state"], _("The steal from the {bag} is over — drawn: {drawn}."))
    return ('<p class="swd-odds">' + e(said).format(
        bag=f"<strong>{e(bag_name(steal['bag']))}</strong>", drawn=drawn,
        chance=e(chance)) + "</p>")


# what a skull cost: the log line that says it (a Lockvogel or an alibi: nothing)
OUTCOMES = ("caught", "alibi", "decoy_covers")


def _caught(view: dict) -> str:
    """A thief caught by a skull, said first: the bag, what went back into it (this turn's
    tiles by name, earlier ones counted), the comfort coin, what this steal kept."""
    steal = view.get("steal")
    if not steal or steal["state"] != "caught":
        return ""
    names, thief, bag = names_of(view), view["active"], steal["bag"]
    this_turn = [m for m in view["log"] if m.get("turn") == view["turn"]]
    outcome = next((m for m in reversed(this_turn) if m["msg"] in OUTCOMES), None)
    head = (_("Caught: a skull from the {bag} bag!") if thief == view.get("player") else
            _("{name} is caught: a skull from the {bag} bag!")).format(
        bag=colour(bag), name=names[thief])
    lines = [say(outcome, names)] if outcome else []
    body = "".join(f"<p>{e(line)}</p>" for line in lines)
    if outcome and outcome["msg"] == "caught" and outcome["args"]["count"]:
        in_bag = set(_in_bag(view, bag))
        back = [t for t in steal["drawn"] if content.bag_of(t) == bag and t in in_bag]
        earlier = outcome["args"]["count"] - len(back)
        parts = [tile(t) for t in back] + ([e(ngettext(
            "{n} tile from an earlier turn", "{n} tiles from earlier turns", earlier).format(
            n=number(earlier)))] if earlier > 0 else [])
        body += f'<p>{e(_("Lost: {tiles}")).format(tiles=and_list(parts))}</p>'
    kept = [t for t in steal["drawn"] if t in view["seats"][thief]["loot"]]
    if kept:
        chips = " ".join(tile(t) for t in kept)
        body += f'<p>{e(_("Kept from this steal: {tiles}")).format(tiles=chips)}</p>'
    comfort = [m for m in this_turn if m["msg"] in ("comfort_coin", "comfort_none")]
    body += "".join(f"<p>{e(say(m, names))}</p>" for m in comfort[-1:])
    return (f'<div class="swd-caught" role="status"><p class="swd-caught-head">'
            f'{symbol("skull")}<strong>{e(head)}</strong></p>{body}</div>')


def _heaps(context: dict) -> str:
    """The Erbschleicherin's split so far: what lies on each heap, what is still to share
    after the tile now placed."""
    shares = [(_("Heap {n}").format(n=number(n)), heap)
              for n, heap in enumerate(context["heaps"], 1)]
    shares.append((_("Still to share"), context["left"][1:]))
    return ('<dl class="swd-heaps">' + "".join(
        f'<dt>{e(label)}</dt><dd>{" ".join(tile(t) for t in tiles) or e(_("nothing yet"))}</dd>'
        for label, tiles in shares) + "</dl>")


def _drawing(view: dict) -> set:
    """The tiles drawn in a steal still under way: they are shown, and move, where they were
    drawn until the steal ends (then in their thief's loot; a skull sends them back to the
    bag)."""
    steal = view.get("steal") or {}
    if steal.get("state") == "ended":
        return set()
    return set(steal.get("drawn", [])) & {t for s in view["seats"] for t in s["loot"]}


def _standing(view: dict, ui: dict) -> str:
    """Out of turn, during another player's step: the cards playable at any time, and for one
    who asked for the device, the way back."""
    standing = view.get("standing")
    asked = view.get("standing_asked")
    if not standing or not (standing["options"] or asked):
        return ""
    back = (f"<li>{button(e(_('Play nothing, give the device back')), 'standing-back')}</li>"
            if asked else "")
    empty = "" if standing["options"] else f'<p>{e(_("You have nothing to play right now."))}</p>'
    return (f'<section class="swd-prompt decision" aria-live="polite"><h3 class="swd-h">'
            f'{e(_("Out of turn"))}</h3><p class="swd-ask">'
            f'{e(say(standing["prompt"], names_of(view)))}</p>{empty}'
            f'{options_list(view, standing["options"], ui, back)}</section>')


def options_list(view: dict, options: list, ui: dict, extra: str = "") -> str:
    """The options, one short line each (all alike: the first is no advice), each with its
    details on demand; ``extra``: list items to add."""
    labels = [option_label(view, o) for o in options]
    items = "".join(option_item(view, o, label if labels.count(label) == 1
                                else option_text(view, o), ui) for o, label in
                    zip(options, labels, strict=True))
    return f'<ul class="swd-options">{items}{extra}</ul>'


def option_item(view: dict, o, label: str, ui: dict) -> str:
    """An option: a button pointing at the things it names; a costly one asks once more
    (``ui["confirm"]``) before it is sent; an info button opens its details
    (``ui["info"]``)."""
    if costly(o) and ui.get("confirm") == o:
        return (f'<li class="swd-opt swd-open"><p class="swd-confirm" role="alert">'
                f"{e(confirm_text(o))}</p>"
                f'<button type="button" id="{e(costly_id(o))}"{ev("act", o)}>'
                f"{e(confirm_label(o))}</button>"
                f'<button type="button"{ev("swd-keep")}>{e(_("No, keep it"))}</button></li>')
    sends = f' id="{e(costly_id(o))}"{ev("swd-confirm", o)}' if costly(o) else ev("act", o)
    body = f'<button type="button"{sends}{option_refs(view, o)}>{e(label)}</button>'
    detail = option_detail(view, o, label)
    shown = bool(detail) and ui.get("info") == o
    if detail:
        name = e(_("Details: {option}").format(option=label))
        body += (f'<button type="button" class="swd-info"{ev("swd-info", o)} '
                 f'aria-expanded="{"true" if shown else "false"}" aria-label="{name}" '
                 f'title="{name}">i</button>')
        body += f'<p class="swd-detail">{e(detail)}</p>' if shown else ""
    return f'<li class="swd-opt{" swd-open" if shown else ""}">{body}</li>'


def costly(o) -> bool:
    """An option that costs points at once (giving up a reserved order): asked twice."""
    return isinstance(o, dict) and "cancel" in o


def costly_id(o) -> str:
    """The costly option's button and its confirmation share an id: the focus moves on."""
    return f"swd-cost-{o['cancel']}"


def confirm_text(o) -> str:
    return _("Give up order {order}? You lose {vp}.").format(order=o["cancel"],
                                                            vp=vp(content.PENALTY))


def confirm_label(o) -> str:
    return _("Yes, give up {order} (−{vp})").format(order=o["cancel"], vp=vp(content.PENALTY))


def option_refs(view: dict, o) -> str:
    """The keys of the drawn things an option names: orders, bags, tiles, cards, fence
    fields, swindlers."""
    if not isinstance(o, dict):
        return ""
    keys = []
    for key, value in o.items():
        if key in ("reserve", "cancel", "fulfil", "order", "play"):
            keys.append(value)
        elif key == "bag" and value in BAG_NAMES:
            keys.append("bag-" + value)
        elif key == "seat":
            keys.append(f"seat-{value}")
        elif isinstance(value, str) and value in view["tiles"]:
            keys.append("tile-" + value)
    if "sell" in o:
        keys.append(field_key(view["fences"]["open"][o["fence"]], o["field"]))
    return refs(*keys)


def option_label(view: dict, o) -> str:
    """A decision in one short line (``option_detail`` gives the rest)."""
    if not isinstance(o, dict):
        return str(o)
    orders = content.orders()
    if "reserve" in o:
        return _("Reserve: {order}").format(order=order_brief(orders[o["reserve"]]))
    if "fulfil" in o:
        return _("Fulfil: {order}").format(order=order_brief(orders[o["fulfil"]]))
    if "cancel" in o:
        return _("Give up {order} (−{vp})").format(order=o["cancel"], vp=vp(content.PENALTY))
    if "sell" in o:
        field = view["fences"]["open"][o["fence"]]["fields"][o["field"]]
        return _("{tile} → fence {n}, field {m} (+{vp})").format(
            tile=_tile_now(view, o["sell"]), n=o["fence"] + 1, m=o["field"] + 1,
            vp=vp(field["vp"]))
    if "hire" in o:
        if o["hire"] == "coin":
            return _("Hire one for a coin")
        return ngettext("Hire one for the {tile}", "Hire {count} for the {tile}",
                        o.get("count", 1)).format(tile=_tile_now(view, o["hire"]),
                                                  count=o.get("count", 1))
    if "play" in o and len(o) > 1:
        return _("{card} ({details})").format(
            card=card_text(_face(o["play"])),
            details=", ".join(_arg_text(view, k, v) for k, v in o.items() if k != "play"))
    if "master" in o:
        return master_name(o["master"])
    return option_text(view, o)


def option_detail(view: dict, o, label: str) -> str:
    """What a decision's short line leaves out: an accomplice's or a master-thief ability's
    rule, the whole option in words; "" if the line says it all."""
    if isinstance(o, dict) and "play" in o:
        return _(content.accomplice_kinds()[content.kind_of(o["play"])]["text"])
    if isinstance(o, dict) and "master" in o:
        return _(content.masters()[o["master"]]["text"])
    full = option_text(view, o)
    return full if full != label else ""


def order_brief(order: dict) -> str:
    """An order by its id and what it pays: ``O06 → 3 VP + 1 coin``."""
    return _("{order} → {pays}").format(
        order=order["id"], pays=" + ".join(reward_parts(order.get("reward", {}))))


def option_text(view: dict, o) -> str:
    """A decision in words, in full."""
    if not isinstance(o, dict):
        return str(o)
    if "play" in o:
        card = card_text(_face(o["play"]))
        args = [_arg_text(view, k, v) for k, v in o.items() if k != "play"]
        if args:
            return _("Play {card} ({details})").format(card=card, details=", ".join(args))
        return _("Play {card}").format(card=card)
    if o.get("pass"):
        return _("No, pass")
    if o.get("done"):
        choice = view.get("choice") or {}
        if choice.get("kind") == "neutral":
            return _("Take no more") if choice["context"]["taken"] else _("Take none")
        return {"reserve": _("Done: go stealing"), "act": _("Done: end this step"),
                "hire": _("End my turn")}.get(choice.get("kind")) or _("Done")
    if o.get("draw"):
        return _("Draw another tile")
    if o.get("stop"):
        return _("Stop and keep what I have")
    if "reserve" in o:
        return _("Reserve: {order}").format(order=order_summary(content.orders()[o["reserve"]]))
    if "cancel" in o:
        return _("Give up (−2 VP): {order}").format(
            order=order_summary(content.orders()[o["cancel"]]))
    if "bag" in o:
        bag = view["bags"][o["bag"]]
        return ngettext("The {bag} ({skulls} skull in {tiles})",
                        "The {bag} ({skulls} skulls in {tiles})", bag["skulls"]).format(
            bag=bag_name(o["bag"]), skulls=number(bag["skulls"]), tiles=number(bag["tiles"]))
    if "fulfil" in o:
        return _("Fulfil: {order}").format(order=order_summary(content.orders()[o["fulfil"]]))
    if "sell" in o:
        field = view["fences"]["open"][o["fence"]]["fields"][o["field"]]
        return _("Sell the {tile} to fence {n}, field “{field}” (+{vp})").format(
            tile=_tile_now(view, o["sell"]), n=o["fence"] + 1, field=spec_text(field["spec"]),
            vp=vp(field["vp"]))
    if "hire" in o:
        if o["hire"] == "coin":
            return _("Hire an accomplice, paying a coin")
        return ngettext("Hire an accomplice, paying the {tile}",
                        "Hire {count} accomplices, paying the {tile} (no coin left for change)",
                        o.get("count", 1)).format(tile=_tile_now(view, o["hire"]),
                                                  count=o.get("count", 1))
    if "pay" in o:
        return _("Pay with a coin") if o["pay"] == "coin" else \
            _("Pay with the {tile}").format(tile=_tile_now(view, o["pay"]))
    if "master" in o:
        m = content.masters()[o["master"]]
        return _("{name}: {text}").format(name=master_name(o["master"]), text=_(m["text"]))
    if "heap" in o:
        return _("Heap {n}").format(n=o["heap"])
    if o.get("coin"):
        return _("Give a coin")
    parts = [_arg_text(view, k, v) for k, v in o.items()]
    return ", ".join(parts)


def _face(card: str) -> str:
    info = content.accomplices()[card]
    return info["kind"] + (f"-{info['colour']}" if "colour" in info else "")


def _tile_now(view: dict, t: str) -> str:
    """A tile as it counts now (a forgery shows the item it counts as)."""
    return tile_text(t, (view.get("forged") or {}).get(t))


def _arg_text(view: dict, key: str, value) -> str:
    names = names_of(view)
    if key in ("tile", "give", "neutral", "take") and isinstance(value, str) \
            and value in view["tiles"]:
        words = {"tile": _("the {tile}"), "give": _("hand over the {tile}"),
                 "neutral": _("the {tile}"), "take": _("take the {tile}")}[key]
        return words.format(tile=_tile_now(view, value))
    if key == "seat" and isinstance(value, int) and 0 <= value < len(names):
        return _("with {name}").format(name=names[value])
    if key == "bag" and value in BAG_NAMES:
        return _("to the {bag}").format(bag=bag_name(value))
    if key == "bet":
        return _("bet: skull") if value == "skull" else _("bet: no skull")
    if key == "as" and isinstance(value, str) and value in content.types():
        return _("as a {item}").format(item=item_name(value))
    if key == "order":
        return _("order {order}").format(order=value)
    return f"{key} {value}"


# --- the table ---------------------------------------------------------------------------------
def _bags(view: dict) -> str:
    items = []
    for bag, info in view["bags"].items():
        skulls = ngettext("{n} skull", "{n} skulls", info["skulls"]).format(
            n=number(info["skulls"]))
        odds = _("{odds} a draw").format(odds=percent(info["odds"]))
        size = ngettext("{n} tile", "{n} tiles", info["tiles"]).format(n=number(info["tiles"]))
        inside = "".join(tile(t, f"bag:{bag}", named=False) if t else _skull(bag)
                         for t in _in_bag(view, bag))
        items.append(
            f'<li class="swd-bag swd-{e(bag)}"{refs("bag-" + bag)}>'
            f'<svg class="swd-sack" viewBox="0 0 40 44" aria-hidden="true">'
            f'<path d="{SACK}"/><circle cx="20" cy="29" r="8.5"/>'
            f'<text x="20" y="33.5">{e(letter(bag))}</text></svg>'
            f'<span class="swd-bag-name">{e(bag_name(bag))}</span>'
            f'<span class="swd-bag-facts">{e(size)} · <strong>{e(skulls)}</strong> '
            f"({e(odds)})</span>"
            f'<span class="swd-inside">{inside or e(_("no loot left"))}</span></li>')
    supply = view["supply"]
    neutral = "".join(tile(t, "supply") for t in supply["neutral"]) or e(_("none"))
    coins = _coins(supply["coins"])
    posters = ngettext("{n} wanted poster", "{n} wanted posters", supply["posters"]).format(
        n=number(supply["posters"]))
    return (f'<ul class="swd-bags">{"".join(items)}</ul><p class="swd-supply">'
            f'<span class="swd-paylabel">{e(_("Supply"))}</span>{neutral}'
            f'<span class="swd-pay">{symbol("coin")}{e(coins)}</span>'
            f'<span class="swd-pay">{symbol("poster")}{e(posters)}</span></p>')


def _in_bag(view: dict, bag: str) -> list[str | None]:
    """The loot tiles in a bag, by id (every tile not seen elsewhere on the table), skulls as
    None: a tile keeps its key from the bag into a swindler's loot."""
    elsewhere = set(view["supply"]["neutral"])
    for s in view["seats"]:
        elsewhere |= set(s["loot"])
    for f in view["fences"]["open"]:
        elsewhere |= {x["tile"] for x in (f or {"fields": []})["fields"] if x["tile"]}
    loot = sorted((t for t, info in view["tiles"].items() if info["bag"] == bag
                   and info["type"] != "skull" and t not in elsewhere),
                  key=lambda t: (view["tiles"][t]["type"], t))
    return loot + [None] * view["bags"][bag]["skulls"]


def _skull(bag: str) -> str:
    return (f'<span class="swd-tile swd-skull swd-{e(bag)}" role="img" '
            f'aria-label="{e(_("skull"))}"><b>{e(letter(bag))}</b>{symbol("skull")}'
            f'<span>{e(_("skull"))}</span></span>')


def _orders(view: dict) -> str:
    shown = [o for o in view["orders"]["open"] if o]
    cards = "".join(order_card(view, o) for o in shown)
    deck = view["orders"]["deck"]
    pile = ngettext("{n} order in the pile.", "{n} orders in the pile.", deck).format(
        n=number(deck))
    return f'<ul class="swd-orders">{cards}</ul><p class="hint">{e(pile)}</p>'


def _fences(view: dict) -> str:
    deck = view["fences"]["deck"]
    pile = ngettext("{n} fence in the pile.", "{n} fences in the pile.", deck).format(
        n=number(deck))
    return (f'<ul class="swd-fences">'
            f'{"".join(fence_card(i, f) for i, f in enumerate(view["fences"]["open"]))}</ul>'
            f'<p class="hint">{e(_("A fence whose three fields are full pays 2 VP more."))} '
            f"{e(pile)}</p>")


def _hand(view: dict) -> str:
    me = view.get("player")
    if me is None:
        return (f'<p class="hint">'
                f'{e(_("Only the player whose screen this is sees their hand."))}</p>')
    seat = view["seats"][me]
    # the view names no card, so a card is known by its face and how many of that face came
    # before it (the hand, then the cards in play): one played slides from the hand to play
    seen: dict[str, int] = {}

    def key(c: dict) -> str:
        face = c["kind"] + (f"-{c['colour']}" if c.get("colour") else "")
        seen[face] = seen.get(face, -1) + 1
        return f"card:{face}:{seen[face]}"
    cards = "".join(accomplice(c, _("hired this turn: usable from your next turn")
                               if c.get("fresh") else "", key(c), "hand")
                    for c in seat.get("hand", []))
    kept = "".join(accomplice(c, _("in play") if c.get("usable")
                              else _("in play (from next turn)"), key(c), "play")
                   for c in seat.get("in_play", []))
    return (cards + kept) or (
        f'<p class="hint">'
        f'{e(_("No accomplice yet: hire them at the end of your turn for a coin each."))}</p>')


def _seats(view: dict) -> str:
    """Each swindler's area: points, coins, posters, orders, hand size, loot, reserved orders,
    accomplices in play (one's own are under "Your accomplices"), master-thief card."""
    drawn = _drawing(view)
    rows = []
    for s in view["seats"]:
        # a tile being stolen is shown (and moves) where it was drawn until the steal ends
        loot = "".join(tile(t, "" if t in drawn else f"loot:{s['seat']}",
                            s.get("loot_types", {}).get(t)) for t in s["loot"]) \
            or e(_("no loot"))
        master = s.get("master")
        ability = ""
        if master:
            state = _("unlocked") if master["unlocked"] else _("locked")
            text = _(content.masters()[master["id"]]["text"])
            ability = (f'<p class="swd-master"><strong>{e(master_name(master["id"]))}</strong> '
                       f"({e(state)}): {e(text)}</p>")
        flags = "".join(f'<span class="swd-chip{cls}">{e(text)}</span>' for text, cls, on in [
            (_("you"), "", s["seat"] == view.get("player")),
            (_("{name}'s turn").format(name=s["name"]), " swd-end",
             s["seat"] == view["active"] and view["step"] != "over"),
            (_("in jail: skips a turn"), "", s.get("jailed"))] if on)
        stats = f'<span class="swd-vp">{e(vp(s["vp"]))}</span>' + "".join(
            f'<span class="swd-pay">{symbol(sym) if sym else ""}{e(text)}</span>'
            for sym, text in [
                ("coin", ngettext("{n} coin (worth {worth} with coin tiles)",
                                  "{n} coins (worth {worth} with coin tiles)", s["coins"]).format(
                    n=number(s["coins"]), worth=number(s["coins_worth"]))),
                ("poster", ngettext("{n} poster", "{n} posters", s["posters"]).format(
                    n=number(s["posters"]))),
                ("", ngettext("{n} order fulfilled", "{n} orders fulfilled", s["fulfilled"]).format(
                    n=number(s["fulfilled"]))),
                ("", ngettext("{n} accomplice card in hand", "{n} accomplice cards in hand",
                              s["hand_size"]).format(n=number(s["hand_size"])))])
        reserved = "".join(f'<li{refs(o)}>{e(order_summary(content.orders()[o]))}</li>'
                           for o in s["reserved"])
        reserved = (f'<p class="swd-paylabel">{e(_("Reserved orders"))}</p>'
                    f'<ul class="swd-reserved">{reserved}</ul>' if reserved else "")
        in_play = ("".join(accomplice(c, _("in play")) for c in s.get("in_play", []))
                   if s["seat"] != view.get("player") else "")
        rows.append(
            f'<li class="swd-seat"{refs("seat-" + str(s["seat"]))}><span class="swd-seat-head">'
            f'<strong>{e(s["name"])}</strong>{flags}</span><span class="swd-stats">{stats}'
            f'</span><div class="swd-loot">{loot}</div>{reserved}{in_play}{ability}</li>')
    return f'<ul class="swd-seats">{"".join(rows)}</ul>'


def _log(view: dict) -> str:
    names = names_of(view)
    return scrolls(_("Log"), log_list(view["log"], "swd", lambda entry: say(entry, names)),
                   "swd-logbox")


# --- events ------------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg) -> tuple[dict, list]:
    """(new ui, actions to send): every decision is an option button; a costly one is sent
    only from its confirmation (``swd-confirm`` asks, ``swd-keep`` takes the question back);
    ``swd-info`` opens or closes an option's details."""
    ui = ui or {}
    if ev == "act":
        return {}, [arg]
    if ev == "swd-confirm":
        return {**ui, "confirm": arg}, []
    if ev == "swd-keep":
        return {k: v for k, v in ui.items() if k != "confirm"}, []
    if ev == "swd-info":
        return {**ui, "info": None if ui.get("info") == arg else arg}, []
    return ui, []


# --- the end -----------------------------------------------------------------------------------
def render_result(result: dict, names: list[str], final_view: dict) -> tuple[str, str, str]:
    """(title, why, the final standings) of a finished game (the result holds all it shows;
    ``final_view``: its spectator view)."""
    winners = result["winners"]
    if len(winners) == 1:
        title = _("{name} wins!").format(name=names[winners[0]])
        top = [r for r in result["table"] if r["seat"] == winners[0]][0]
        why = (_("Most points: VP plus coins, less 2 for each order still reserved.") if not
               top.get("tiebreak") else
               _("Tied on points; more fulfilled orders break the tie."))
    else:
        title = _("{names} share the win").format(names=and_list([names[q] for q in winners]))
        why = _("Tied on points and on fulfilled orders.")
    # four narrow columns (a phone's width): the place and the name, the score, what it is
    # made of, the orders fulfilled (the tie-break)
    rows = "".join(
        f'<tr{" class=winner" if r["seat"] in winners else ""}><th scope="row">'
        f'{e(_("{rank}. {name}").format(rank=number(r["rank"]), name=names[r["seat"]]))}</th>'
        f'<td class="num"><strong>{number(r["score"])}</strong></td>'
        f'<td class="num swd-sum">{number(r["vp"])} + {number(r["coins"])} − '
        f'{number(r["penalties"])}</td><td class="num">{number(r["orders"])}</td></tr>'
        for r in sorted(result["table"], key=lambda r: r["rank"]))
    num = ' class="num"'
    heads = [(_("Player"), ""), (_("Score"), num), (_("VP + coins − penalty"), num),
             (_("Orders fulfilled"), num)]
    head = "".join(f'<th scope="col"{cls}>{e(text)}</th>' for text, cls in heads)
    penalty = _("Penalty: {vp} for each order still reserved at the end.").format(
        vp=vp(content.PENALTY))
    table = scrolls(_("Final standings"), f'<table class="results swd-results"><caption>'
                    f'{e(_("Final standings"))}</caption><thead><tr>{head}</tr></thead>'
                    f'<tbody>{rows}</tbody></table><p class="hint">{e(penalty)}</p>')
    return title, why, table
