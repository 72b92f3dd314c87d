"""The options of a Swindler decision: each a button with a short label, its details on demand
and the keys of the drawn things it names (``data-ref``); a costly one asks once more. Every
option also has its full text in words (``option_text``).
"""

from engine.swindler import content
from web.base.i18n import _, ngettext, number
from web.base.markup import e, ev, refs
from web.games.swindler.messages import (
    card_text,
    item_name,
    master_name,
    reward_parts,
    spec_text,
    tile_text,
)
from web.games.swindler.pieces import BAG_NAMES, bag_name, field_key, names_of, order_summary, vp


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
        return (f'<li class="swd-opt swd-open decision-submit"><p class="swd-confirm" '
                f'role="alert">'
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
