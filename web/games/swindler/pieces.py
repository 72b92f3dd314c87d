"""The Swindler's pieces as drawn, and the words they share: item symbols, loot tiles, what an
order's slot or a fence's field asks for, orders and fences as cards, a rich bag with its open
tiles, accomplice cards. A tile shows its bag's letter and colour, its item's symbol and name, so
colour is never the only cue; each piece carries its ``data-ref`` key (docs/table.md).
"""

from engine.swindler import content
from web.base.i18n import N_, _, current, ngettext, number
from web.base.markup import about, e, moving, refs
from web.base.messages import and_list
from web.games.swindler.messages import (
    card_text,
    colour,
    item_name,
    reward_parts,
    reward_text,
    spec_text,
    tile_text,
)

# The bags' letters (German initials, Gelb and Grün with two letters: docs/glossary.md).
BAG_LETTER = {"red": N_("R"), "blue": N_("B"), "yellow": N_("Y"), "green": N_("G"),
              "black": N_("K"), "neutral": N_("N")}
BAG_NAMES = {"red": N_("red bag"), "blue": N_("blue bag"), "yellow": N_("yellow bag"),
             "green": N_("green bag"), "black": N_("black bag")}
KINDS = {"own": N_("Own"), "give": N_("Give"), "draw": N_("Draw")}
# what fulfilling an order of each kind takes (its card's whole text: ``order_card``)
KIND_TEXTS = {"own": N_("You fulfil it by holding these items; you keep them."),
              "give": N_("You fulfil it by handing these items back."),
              "draw": N_("You fulfil it when this turn's stealing drew these tiles.")}


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
                        + ([coins_text(order["coins"])] if order.get("coins") else []))
    draw = order["draw"]
    if "count" in draw:
        return ngettext("draw {n} loot tile in one steal", "draw {n} loot tiles in one steal",
                        draw["count"]).format(n=number(draw["count"]))
    if draw.get("pair"):
        return _("draw two identical loot tiles one after the other")
    return _("draw {n}× {what}").format(n=number(draw.get("n", 1)), what=spec_text(draw))


def coins_text(n: int) -> str:
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
    coins = (f'<span class="swd-spec">{symbol("coin")}<span>{e(coins_text(order["coins"]))}'
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
    whole = about(_("Order {order}").format(order=order["id"]) + ":",
                  order_summary(order) + ".", _(KIND_TEXTS[kind]) if kind in KIND_TEXTS else "")
    return (f'<li class="swd-order swd-o-{e(kind)}"{refs(order["id"])}{whole}'
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
    whole = about(title + ":", _("sell a loot tile that fits a free field for the field's "
                                 "VP; whoever fills the last field scores 2 VP more."))
    return (f'<li class="swd-fence"{refs(fence["id"])}{whole}>'
            f'<span class="swd-fence-name">{e(title)}'
            f'</span><ul class="swd-fields">{fields}</ul></li>')


def field_key(fence: dict, j: int) -> str:
    return f"{fence['id']}-{j + 1}"


def _open_slot() -> str:
    return f'<span class="swd-slot">{e(_("open"))}</span>'


def rich_bag(view: dict, bag: str) -> str:
    """A rich bag as drawn: its sack and name, its tiles and skulls with the odds of a skull,
    the open tiles inside."""
    info = view["bags"][bag]
    skulls = ngettext("{n} skull", "{n} skulls", info["skulls"]).format(n=number(info["skulls"]))
    odds = _("{odds} a draw").format(odds=percent(info["odds"]))
    size = ngettext("{n} tile", "{n} tiles", info["tiles"]).format(n=number(info["tiles"]))
    inside = "".join(tile(t, f"bag:{bag}", named=False) if t else _skull(bag)
                     for t in in_bag(view, bag))
    whole = about(f"{bag_name(bag)}: {size} · {skulls} ({odds}).",
                  _("A skull ends the stealing and sends back every tile of this colour in "
                    "front of the thief."))
    return (f'<li class="swd-bag swd-{e(bag)}"{refs("bag-" + bag)}{whole}>'
            f'<svg class="swd-sack" viewBox="0 0 40 44" aria-hidden="true">'
            f'<path d="{SACK}"/><circle cx="20" cy="29" r="8.5"/>'
            f'<text x="20" y="33.5">{e(letter(bag))}</text></svg>'
            f'<span class="swd-bag-name">{e(bag_name(bag))}</span>'
            f'<span class="swd-bag-facts">{e(size)} · <strong>{e(skulls)}</strong> '
            f"({e(odds)})</span>"
            f'<span class="swd-inside">{inside or e(_("no loot left"))}</span></li>')


def in_bag(view: dict, bag: str) -> list[str | None]:
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


def accomplice(card: dict, note: str = "", key: str = "", place: str = "") -> str:
    """A card in a hand or in play. ``key``, ``place``: see ``moving``."""
    kind = content.accomplice_kinds()[card["kind"]]
    face = card["kind"] + (f"-{card['colour']}" if card.get("colour") else "")
    extra = f' <span class="swd-note">{e(note)}</span>' if note else ""
    tint = f" swd-c-{e(card['colour'])}" if card.get("colour") else ""
    name, text = card_text(face), _(kind["text"])
    return (f'<div class="swd-card{tint}"{refs(card.get("id", ""))}'
            f'{about(name + ":", text)}{moving(key, place) if key else ""}>'
            f'<strong>{e(name)}</strong>{extra}<p>{e(text)}</p></div>')
