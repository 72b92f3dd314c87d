"""The Swindler table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scores. Everything on the table is public (the bags' contents
included); only the accomplice hand is private. Tiles show their bag's letter and their item
in words, so colour is never the only cue. Every text is in the active language: the log and
the prompts are the engine's messages rendered by ``messages.say``.
"""

from engine.swindler import content

from ..i18n import N_, _, current, ngettext, number
from ..markup import button, e, log_list
from ..messages import and_list
from ..regions import region
from .messages import (
    card_text,
    colour,
    item_name,
    master_name,
    reward_parts,
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
def moving(key: str, place: str) -> str:
    """The attributes that let the page slide a piece from one place to another when it moves
    (``data-key``: which piece, ``data-place``: where it lies; docs/motion.md)."""
    return f' data-key="{e(key)}" data-place="{e(place)}"' if place else ""


def tile(t: str, place: str = "") -> str:
    """A loot tile: its bag letter and its item; ``place``: where it lies (see ``moving``)."""
    bag = content.bag_of(t)
    kind = content.type_of(t)
    return (f'<span class="swd-tile swd-{e(bag)}" title="{e(tile_text(t))}"'
            f'{moving("tile:" + t, place)}>'
            f'<b>{e(letter(bag))}</b> {e(item_name(kind))}</span>')


def order_card(view: dict, order: dict) -> str:
    """An open order: its condition, what it pays, who reserved it."""
    kind = order.get("kind")
    if kind == "draw":
        draw = order["draw"]
        if "count" in draw:
            need = ngettext("draw {n} loot tile in one steal", "draw {n} loot tiles in one steal",
                            draw["count"]).format(n=number(draw["count"]))
        elif draw.get("pair"):
            need = _("draw two identical loot tiles one after the other")
        else:
            need = _("draw {n}× {what}").format(n=number(draw.get("n", 1)),
                                                what=spec_text(draw))
    else:
        need = ", ".join(spec_text(slot) for slot in order.get("slots", []))
    pays = reward_parts(order.get("reward", {}))
    by = order.get("reserved_by")
    marker = (f'<span class="swd-marker">'
              f'{e(_("reserved by {name}").format(name=view["seats"][by]["name"]))}</span>'
              if by is not None else f'<span class="swd-free">{e(_("not reserved"))}</span>')
    kind_word = _(KINDS[kind]) if kind in KINDS else str(kind)
    return (f'<li class="swd-order"{moving("order:" + str(order["id"]), "open")}>'
            f'<span class="swd-order-id">{e(order["id"])} · '
            f'{e(order.get("tier", ""))}</span> <strong>{e(kind_word)}:</strong> '
            f"{e(need)} → {e(', '.join(pays) or _('nothing'))} {marker}</li>")


def fence_card(i: int, fence: dict | None) -> str:
    """A fence's fields, each open or with the tile sold to it."""
    if fence is None:
        return (f'<li class="swd-fence">'
                f'{e(_("Fence {n}: none (the pile is empty)").format(n=i + 1))}</li>')
    fields = "".join(
        f'<li>{e(spec_text(f["spec"]))}, {e(vp(f["vp"]))}: '
        f'{tile(f["tile"], f"fence:{i}:{j}") if f["tile"] else "<em>" + e(_("open")) + "</em>"}'
        "</li>" for j, f in enumerate(fence["fields"]))
    title = _("Fence {n} ({id})").format(n=i + 1, id=fence["id"])
    return f'<li class="swd-fence">{e(title)}<ul>{fields}</ul></li>'


def accomplice(card: dict, note: str = "", key: str = "", place: str = "") -> str:
    """A card in a hand or in play; the English screen adds the German name's gloss.
    ``key``, ``place``: see ``moving``."""
    kind = content.accomplice_kinds()[card["kind"]]
    face = card["kind"] + (f"-{card['colour']}" if card.get("colour") else "")
    gloss = f' — {e(kind["gloss"])}' if current() == "en" else ""
    extra = f' <span class="swd-note">{e(note)}</span>' if note else ""
    return (f'<div class="swd-card"{moving(key, place) if key else ""}>'
            f'<strong>{e(card_text(face))}</strong>{gloss}'
            f'{extra}<p>{e(_(kind["text"]))}</p></div>')


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    return "".join([
        '<div class="swd">',
        region("swd-status", _status(view)),
        region("swd-prompt", f'<div class="swd-prompt-area">{_prompt(view)}</div>'),
        '<div class="swd-board">',
        section("swd-bags", _("The rich bags (all tiles are open)"), _bags(view)),
        section("swd-orders", _("Orders"), _orders(view)),
        section("swd-fences", _("Fences"), _fences(view)),
        "</div>",
        '<div class="swd-side">',
        section("swd-hand", _("Your accomplices"), _hand(view)),
        section("swd-seats", _("Swindlers"), _seats(view)),
        section("swd-log", _("Log"), _log(view)),
        "</div></div>",
    ])


def _status(view: dict) -> str:
    seats = view["seats"]
    active = view.get("active")
    who = (e(_("{name}'s turn").format(name=seats[active]["name"])) if active is not None
           else "")
    step = view.get("step")
    step_text = _(STEPS[step]) if step in STEPS else str(step or "")
    end = (f'<span class="swd-chip swd-end">{e(_("Last round"))}</span>'
           if view.get("end_triggered") else "")
    me = view.get("player")
    mine = (e(_("You: {name}")).format(name=f"<strong>{e(seats[me]['name'])}</strong>")
            if me is not None else e(_("Table view: public information only")))
    limits = _("Master thief at {master} orders · the end at {end}").format(
        master=number(view["thresholds"]["master"]), end=number(view["thresholds"]["end"]))
    return (f'<div class="swd-status"><strong>{e(_("Round {n}").format(n=view["round"]))}'
            f"</strong><span>{who}</span>"
            f"<span>{e(_('Step {step}').format(step=step_text))}</span>{end}<span>{mine}</span>"
            f"<span>{e(limits)}</span></div>")


# --- the decision ------------------------------------------------------------------------------
def _prompt(view: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return _standing(view)
    odds = ""
    steal = view.get("steal")
    if steal:
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
        said = (_("Stealing from the {bag} — drawn so far: {drawn}. {chance}.")
                if steal.get("state") == "drawing"  # no odds once the stealing is over
                else _("The steal from the {bag} is over — drawn: {drawn}."))
        odds = ('<p class="swd-odds">' + e(said).format(
            bag=f"<strong>{e(bag_name(steal['bag']))}</strong>", drawn=drawn,
            chance=e(chance)) + "</p>")
    buttons = "".join(button(e(option_text(view, o)), "act", o,
                             "primary" if i == 0 else "")
                      for i, o in enumerate(choice["options"]))
    react = (f'<p class="hint">{e(_("Everyone is asked in turn, whether or not they hold a card that fits, so that the question tells nothing."))}</p>'  # noqa: E501
             if choice.get("masked") else "")  # full secrecy: a lone "no" is asked too
    return (f'<section class="swd-prompt decision" aria-live="polite"><h3 class="swd-h">'
            f'{e(_("Your decision"))}</h3><p class="swd-ask">'
            f'{e(say(choice["prompt"], names_of(view)))}</p>{odds}{react}'
            f'<div class="swd-options">{buttons}</div></section>')


def _drawing(view: dict) -> set:
    """The tiles drawn in a steal still under way: they are shown, and move, where they were
    drawn until the steal ends (then in their thief's loot)."""
    steal = view.get("steal") or {}
    return set(steal.get("drawn", [])) if steal.get("state") != "ended" else set()


def _standing(view: dict) -> str:
    """Out of turn, during another player's step: the cards playable at any time, and for one
    who asked for the device, the way back."""
    standing = view.get("standing")
    asked = view.get("standing_asked")
    if not standing or not (standing["options"] or asked):
        return ""
    buttons = "".join(button(e(option_text(view, o)), "act", o) for o in standing["options"])
    back = button(e(_("Play nothing, give the device back")), "standing-back") if asked else ""
    empty = "" if standing["options"] else f'<p>{e(_("You have nothing to play right now."))}</p>'
    return (f'<section class="swd-prompt decision" aria-live="polite"><h3 class="swd-h">'
            f'{e(_("Out of turn"))}</h3><p class="swd-ask">'
            f'{e(say(standing["prompt"], names_of(view)))}</p>{empty}'
            f'<div class="swd-options">{buttons}{back}</div></section>')


def option_text(view: dict, o) -> str:
    """A decision in words."""
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
        kind = (view.get("choice") or {}).get("kind")
        return {"reserve": _("Done: go stealing"), "act": _("Done: end this step"),
                "hire": _("End my turn")}.get(kind) or _("Done")
    if o.get("draw"):
        return _("Draw another tile")
    if o.get("stop"):
        return _("Stop and keep what I have")
    if "reserve" in o:
        return _("Reserve order {order}").format(order=o["reserve"])
    if "cancel" in o:
        return _("Give up order {order} (−2 VP)").format(order=o["cancel"])
    if "bag" in o:
        bag = view["bags"][o["bag"]]
        return ngettext("The {bag} ({skulls} skull in {tiles})",
                        "The {bag} ({skulls} skulls in {tiles})", bag["skulls"]).format(
            bag=bag_name(o["bag"]), skulls=number(bag["skulls"]), tiles=number(bag["tiles"]))
    if "fulfil" in o:
        return _("Fulfil order {order}").format(order=o["fulfil"])
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
                 "neutral": _("take the {tile}"), "take": _("take the {tile}")}[key]
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
        kinds = sorted(k for k in info["contents"] if k != "skull")
        inside = ", ".join(_("{n}× {item}").format(n=number(info["contents"][k]),
                                                    item=item_name(k)) for k in kinds)
        skulls = ngettext("{n} skull", "{n} skulls", info["skulls"]).format(
            n=number(info["skulls"]))
        odds = _("{odds} a draw").format(odds=percent(info["odds"]))
        size = ngettext("{n} tile", "{n} tiles", info["tiles"]).format(n=number(info["tiles"]))
        items.append(
            f'<li class="swd-bag swd-{e(bag)}"><span class="swd-bag-name"><b>'
            f'{e(letter(bag))}</b> {e(bag_name(bag))}</span> {e(size)} · '
            f'<strong>{e(skulls)}</strong> ({e(odds)})<br><span class="swd-contents">'
            f"{e(inside or _('no loot left'))}</span></li>")
    supply = view["supply"]
    neutral = " ".join(tile(t, "supply") for t in supply["neutral"]) or e(_("none"))
    rest = _("{coins}; {posters}.").format(
        coins=ngettext("{n} coin", "{n} coins", supply["coins"]).format(
            n=number(supply["coins"])),
        posters=ngettext("{n} wanted poster", "{n} wanted posters", supply["posters"]).format(
            n=number(supply["posters"])))
    return (f'<ul class="swd-bags">{"".join(items)}</ul><p class="hint">'
            + e(_("Supply: {tiles}; {rest}")).format(tiles=neutral, rest=e(rest)) + "</p>")


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
    drawn = _drawing(view)
    rows = []
    for s in view["seats"]:
        # a tile being stolen is shown (and moves) where it was drawn until the steal ends
        loot = " ".join(tile(t, "" if t in drawn else f"loot:{s['seat']}")
                        for t in s["loot"]) or e(_("no loot"))
        master = s.get("master")
        ability = ""
        if master:
            state = _("unlocked") if master["unlocked"] else _("locked")
            text = _(content.masters()[master["id"]]["text"])
            ability = (f'<p class="swd-master"><strong>{e(master_name(master["id"]))}</strong> '
                       f"({e(state)}): {e(text)}</p>")
        flags = (f' <span class="swd-chip">{e(_("in jail: skips a turn"))}</span>'
                 if s.get("jailed") else "")
        facts = [
            vp(s["vp"]),
            ngettext("{n} coin (worth {worth} with coin tiles)",
                     "{n} coins (worth {worth} with coin tiles)", s["coins"]).format(
                n=number(s["coins"]), worth=number(s["coins_worth"])),
            ngettext("{n} order", "{n} orders", s["fulfilled"]).format(n=number(s["fulfilled"])),
            ngettext("{n} poster", "{n} posters", s["posters"]).format(n=number(s["posters"])),
            ngettext("{n} accomplice card in hand", "{n} accomplice cards in hand",
                     s["hand_size"]).format(n=number(s["hand_size"])),
            _("reserved: {orders}").format(orders=", ".join(s["reserved"]) or _("none")),
        ]
        rows.append(
            f'<li class="swd-seat"><strong>{e(s["name"])}</strong>{flags} · '
            f'{e(" · ".join(facts))}<div class="swd-loot">{loot}</div>{ability}</li>')
    return f'<ul class="swd-seats">{"".join(rows)}</ul>'


def _log(view: dict) -> str:
    names = names_of(view)
    return log_list(view["log"], "swd", lambda entry: say(entry, names))


# --- events ------------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg):
    """(new ui, actions to send): every decision is an option button."""
    return (ui or {}), ([arg] if ev == "act" else [])


# --- the end -----------------------------------------------------------------------------------
def render_result(result: dict, names: list[str], state: dict) -> tuple[str, str, str]:
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
    rows = "".join(
        f'<tr{" class=winner" if r["seat"] in winners else ""}><th scope="row">'
        f'{e(names[r["seat"]])}</th><td class="num">{number(r["vp"])}</td>'
        f'<td class="num">{number(r["coins"])}</td>'
        f'<td class="num">{number(-r["penalties"] or 0)}</td>'
        f'<td class="num">{number(r["orders"])}</td>'
        f'<td class="num"><strong>{number(r["score"])}</strong></td>'
        f'<td class="num">{number(r["rank"])}</td></tr>'
        for r in sorted(result["table"], key=lambda r: r["rank"]))
    heads = [(_("Player"), ""), (_("VP"), " class=\"num\""), (_("Coins"), " class=\"num\""),
             (_("Orders still reserved"), " class=\"num\""), (_("Orders"), " class=\"num\""),
             (_("Score"), " class=\"num\""), (_("Rank"), " class=\"num\"")]
    head = "".join(f'<th scope="col"{cls}>{e(text)}</th>' for text, cls in heads)
    table = (f'<div class="table-wrap"><table class="results"><caption>'
             f'{e(_("Final standings"))}</caption><thead><tr>{head}</tr></thead>'
             f"<tbody>{rows}</tbody></table></div>")
    return title, why, table
