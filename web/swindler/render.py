"""The Swindler table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scores. Everything on the table is public (the bags' contents
included); only the accomplice hand is private. Tiles show their bag's letter and their item
in words, so colour is never the only cue.
"""


from engine.swindler import content

from ..markup import button, e, log_list
from ..regions import region

__all__ = ["reduce", "render_game", "render_result"]

BAG_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "black": "K",
              "neutral": "N"}
STEPS = {1: "1 · reserve orders", 2: "2 · steal from a rich bag", 3: "3 · fulfil and sell",
         4: "4 · refill", 5: "5 · hire accomplices", "jail": "in jail", "over": "game over"}
KINDS = {"own": "Own", "give": "Give", "draw": "Draw"}




def section(name: str, title: str, body: str, cls: str = "") -> str:
    return region(name, f'<section class="swd-panel {cls}"><h3 class="swd-h">{e(title)}</h3>'
                        f"{body}</section>")


# --- pieces ------------------------------------------------------------------------------------
def tile(t: str) -> str:
    """A loot tile: its bag letter and its item."""
    bag = content.bag_of(t)
    kind = content.type_of(t)
    return (f'<span class="swd-tile swd-{e(bag)}" title="{e(content.describe(t))}">'
            f'<b>{BAG_LETTER.get(bag, "?")}</b> {e(content.type_name(kind))}</span>')


def order_card(view: dict, order: dict) -> str:
    """An open order: its condition, what it pays, who reserved it."""
    kind = order.get("kind")
    if kind == "draw":
        draw = order["draw"]
        need = (f"draw {draw['count']} loot tiles in one steal" if "count" in draw else
                "draw two identical loot tiles one after the other" if draw.get("pair") else
                f"draw {draw.get('n', 1)}× {content.spec_text(draw)}")
    else:
        need = ", ".join(content.spec_text(slot) for slot in order.get("slots", []))
    reward = order.get("reward", {})
    pays = [f"{reward['vp']} VP"] if reward.get("vp") else []
    pays += [f"{reward['coins']} coin{'s' if reward['coins'] > 1 else ''}"] \
        if reward.get("coins") else []
    pays += [f"{reward['neutral']} neutral tile"] if reward.get("neutral") else []
    pays += [f"{reward['posters']} wanted poster{'s' if reward['posters'] > 1 else ''}"] \
        if reward.get("posters") else []
    by = order.get("reserved_by")
    marker = (f'<span class="swd-marker">reserved by {e(view["seats"][by]["name"])}</span>'
              if by is not None else '<span class="swd-free">not reserved</span>')
    return (f'<li class="swd-order"><span class="swd-order-id">{e(order["id"])} · '
            f'{e(order.get("tier", ""))}</span> <strong>{KINDS.get(kind, kind)}:</strong> '
            f"{e(need)} → {e(', '.join(pays) or 'nothing')} {marker}</li>")


def fence_card(i: int, fence: dict | None) -> str:
    if fence is None:
        return f'<li class="swd-fence">Fence {i + 1}: none (the pile is empty)</li>'
    fields = "".join(
        f'<li>{e(content.spec_text(f["spec"]))}, {f["vp"]} VP: '
        f'{tile(f["tile"]) if f["tile"] else "<em>open</em>"}</li>' for f in fence["fields"])
    return f'<li class="swd-fence">Fence {i + 1} ({e(fence["id"])})<ul>{fields}</ul></li>'


def accomplice(card: dict, note: str = "") -> str:
    kind = content.accomplice_kinds()[card["kind"]]
    extra = f' <span class="swd-note">{e(note)}</span>' if note else ""
    return (f'<div class="swd-card"><strong>{e(card["name"])}</strong> — {e(kind["gloss"])}'
            f'{extra}<p>{e(kind["text"])}</p></div>')


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    return "".join([
        '<div class="swd">',
        region("swd-status", _status(view)),
        region("swd-prompt", f'<div class="swd-prompt-area">{_prompt(view)}</div>'),
        '<div class="swd-board">',
        section("swd-bags", "The rich bags (all tiles are open)", _bags(view)),
        section("swd-orders", "Orders", _orders(view)),
        section("swd-fences", "Fences", _fences(view)),
        "</div>",
        '<div class="swd-side">',
        section("swd-hand", "Your accomplices", _hand(view)),
        section("swd-seats", "Swindlers", _seats(view)),
        section("swd-log", "Log", _log(view)),
        "</div></div>",
    ])


def _status(view: dict) -> str:
    seats = view["seats"]
    active = view.get("active")
    who = f"{e(seats[active]['name'])}'s turn" if active is not None else ""
    step = STEPS.get(view.get("step"), view.get("step") or "")
    end = ('<span class="swd-chip swd-end">Last round</span>' if view.get("end_triggered")
           else "")
    me = view.get("player")
    mine = (f'<span>You: <strong>{e(seats[me]["name"])}</strong></span>' if me is not None
            else "<span>Table view: public information only</span>")
    return (f'<div class="swd-status"><strong>Round {view["round"]}</strong><span>{who}</span>'
            f"<span>Step {e(step)}</span>{end}{mine}"
            f'<span>Master thief at {view["thresholds"]["master"]} orders · the end at '
            f'{view["thresholds"]["end"]}</span></div>')


# --- the decision ------------------------------------------------------------------------------
def _prompt(view: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return ""
    odds = ""
    steal = view.get("steal")
    if steal:
        bag = view["bags"][steal["bag"]]
        drawn = " ".join(tile(t) for t in steal.get("drawn", [])) or "nothing yet"
        chance = (f"{bag['skulls']} skull{'s' if bag['skulls'] != 1 else ''} among "
                  f"{bag['tiles']} tiles: {round(100 * bag['odds'])}% chance of a skull on the "
                  f"next draw" if bag["tiles"] else "the bag is empty")
        odds = (f'<p class="swd-odds">Stealing from the <strong>{e(steal["bag"])}</strong> bag '
                f"— drawn so far: {drawn}. {e(chance)}.</p>")
    buttons = "".join(button(e(option_text(view, o)), "act", o,
                             "primary" if i == 0 else "")
                      for i, o in enumerate(choice["options"]))
    react = ('<p class="hint">Everyone is asked in turn, whether or not they hold a card that '
             "fits, so that the question tells nothing.</p>" if choice["kind"] == "react"
             else "")
    return (f'<section class="swd-prompt" aria-live="polite"><h3 class="swd-h">Your decision'
            f'</h3><p class="swd-ask">{e(choice["prompt"])}</p>{odds}{react}'
            f'<div class="swd-options">{buttons}</div></section>')


def option_text(view: dict, o) -> str:
    """A decision in words."""
    if not isinstance(o, dict):
        return str(o)
    if "play" in o:
        card = content.card_name(o["play"])
        args = [_arg_text(view, k, v) for k, v in o.items() if k != "play"]
        return f"Play {card}" + (f" ({', '.join(args)})" if args else "")
    if o.get("pass"):
        return "No, pass"
    if o.get("done"):
        return {"reserve": "Done: go stealing", "act": "Done: end this step",
                "hire": "End my turn"}.get((view.get("choice") or {}).get("kind"), "Done")
    if o.get("draw"):
        return "Draw another tile"
    if o.get("stop"):
        return "Stop and keep what I have"
    if "reserve" in o:
        return f"Reserve order {o['reserve']}"
    if "cancel" in o:
        return f"Give up order {o['cancel']} (−2 VP)"
    if "bag" in o:
        bag = view["bags"][o["bag"]]
        return f"The {o['bag']} bag ({bag['skulls']} skull(s) in {bag['tiles']})"
    if "fulfil" in o:
        return f"Fulfil order {o['fulfil']}"
    if "sell" in o:
        field = view["fences"]["open"][o["fence"]]["fields"][o["field"]]
        return (f"Sell the {content.describe(o['sell'])} to fence {o['fence'] + 1} "
                f"(+{field['vp']} VP)")
    if "hire" in o:
        return ("Hire an accomplice, paying a coin" if o["hire"] == "coin" else
                f"Hire an accomplice, paying the {content.describe(o['hire'])}")
    if "pay" in o:
        return "Pay with a coin" if o["pay"] == "coin" else \
            f"Pay with the {content.describe(o['pay'])}"
    if "master" in o:
        m = content.masters()[o["master"]]
        return f"{m['name']}: {m['text']}"
    if "heap" in o:
        return f"Heap {o['heap']}"
    if o.get("coin"):
        return "Give a coin"
    parts = [_arg_text(view, k, v) for k, v in o.items()]
    return ", ".join(parts)


def _arg_text(view: dict, key: str, value) -> str:
    names = [s["name"] for s in view["seats"]]
    if key in ("tile", "give", "neutral", "take") and isinstance(value, str) \
            and value in view["tiles"]:
        verb = {"tile": "", "give": "hand over ", "neutral": "take ", "take": "take "}[key]
        return f"{verb}the {content.describe(value)}"
    if key in ("target", "victim", "player", "from", "to") and isinstance(value, int) \
            and 0 <= value < len(names):
        return f"{key} {names[value]}"
    if key == "bag":
        return f"the {value} bag"
    if key == "order":
        return f"order {value}"
    return f"{key} {value}"


# --- the table ---------------------------------------------------------------------------------
def _bags(view: dict) -> str:
    items = []
    for bag, info in view["bags"].items():
        kinds = sorted(k for k in info["contents"] if k != "skull")
        inside = ", ".join(f"{info['contents'][k]}× {content.type_name(k)}" for k in kinds)
        items.append(
            f'<li class="swd-bag swd-{e(bag)}"><span class="swd-bag-name"><b>'
            f'{BAG_LETTER[bag]}</b> {e(bag)}</span> {info["tiles"]} tiles · '
            f'<strong>{info["skulls"]} skull{"s" if info["skulls"] != 1 else ""}</strong> '
            f'({round(100 * info["odds"])}% a draw)<br><span class="swd-contents">'
            f"{e(inside) or 'no loot left'}</span></li>")
    supply = view["supply"]
    neutral = " ".join(tile(t) for t in supply["neutral"]) or "none"
    return (f'<ul class="swd-bags">{"".join(items)}</ul><p class="hint">Supply: {neutral}; '
            f'{supply["coins"]} coins; {supply["posters"]} wanted posters.</p>')


def _orders(view: dict) -> str:
    shown = [o for o in view["orders"]["open"] if o]
    cards = "".join(order_card(view, o) for o in shown)
    return (f'<ul class="swd-orders">{cards}</ul><p class="hint">{view["orders"]["deck"]} '
            f"orders in the pile.</p>")


def _fences(view: dict) -> str:
    return (f'<ul class="swd-fences">'
            f'{"".join(fence_card(i, f) for i, f in enumerate(view["fences"]["open"]))}</ul>'
            f'<p class="hint">A fence whose three fields are full pays 2 VP more. '
            f'{view["fences"]["deck"]} fences in the pile.</p>')


def _hand(view: dict) -> str:
    me = view.get("player")
    if me is None:
        return '<p class="hint">Only the player whose screen this is sees their hand.</p>'
    seat = view["seats"][me]
    cards = "".join(accomplice(c, "hired this turn: usable from your next turn"
                               if c.get("fresh") else "") for c in seat.get("hand", []))
    kept = "".join(accomplice(c, "in play" + ("" if c.get("usable") else " (from next turn)"))
                   for c in seat.get("in_play", []))
    return (cards + kept) or '<p class="hint">No accomplice yet: hire them at the end of your ' \
        "turn for a coin each.</p>"


def _seats(view: dict) -> str:
    rows = []
    for s in view["seats"]:
        loot = " ".join(tile(t) for t in s["loot"]) or "no loot"
        master = s.get("master")
        ability = ""
        if master:
            state = "unlocked" if master["unlocked"] else "locked"
            ability = (f'<p class="swd-master"><strong>{e(master["name"])}</strong> ({state})'
                       f": {e(master['text'])}</p>")
        flags = ' <span class="swd-chip">in jail: skips a turn</span>' if s.get("jailed") else ""
        rows.append(
            f'<li class="swd-seat"><strong>{e(s["name"])}</strong>{flags} · {s["vp"]} VP · '
            f'{s["coins"]} coin{"s" if s["coins"] != 1 else ""} (worth {s["coins_worth"]} with '
            f'coin tiles) · {s["fulfilled"]} orders · {s["posters"]} posters · '
            f'{s["hand_size"]} accomplice card{"s" if s["hand_size"] != 1 else ""} in hand · '
            f'reserved: {e(", ".join(s["reserved"]) or "none")}'
            f'<div class="swd-loot">{loot}</div>{ability}</li>')
    return f'<ul class="swd-seats">{"".join(rows)}</ul>'


def _log(view: dict) -> str:
    return log_list(view["log"], "swd")


# --- events ------------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg):
    """(new ui, actions to send): every decision is an option button."""
    return (ui or {}), ([arg] if ev == "act" else [])


# --- the end -----------------------------------------------------------------------------------
def render_result(result: dict, names: list[str], state: dict) -> tuple[str, str, str]:
    winners = result["winners"]
    if len(winners) == 1:
        title = f"{names[winners[0]]} wins!"
        top = [r for r in result["table"] if r["seat"] == winners[0]][0]
        why = ("Most points: VP plus coins, less 2 for each order still reserved." if not
               top.get("tiebreak") else "Tied on points; more fulfilled orders break the tie.")
    else:
        title = " and ".join(names[q] for q in winners) + " share the win"
        why = "Tied on points and on fulfilled orders."
    rows = "".join(
        f'<tr{" class=winner" if r["seat"] in winners else ""}><th scope="row">'
        f'{e(names[r["seat"]])}</th><td class="num">{r["vp"]}</td>'
        f'<td class="num">{r["coins"]}</td><td class="num">{-r["penalties"] or 0}</td>'
        f'<td class="num">{r["orders"]}</td><td class="num"><strong>{r["score"]}</strong></td>'
        f'<td class="num">{r["rank"]}</td></tr>'
        for r in sorted(result["table"], key=lambda r: r["rank"]))
    table = (f'<div class="table-wrap"><table class="results"><caption>Final standings'
             f'</caption><thead><tr><th scope="col">Player</th><th scope="col" class="num">VP'
             f'</th><th scope="col" class="num">Coins</th><th scope="col" class="num">Orders '
             f'still reserved</th><th scope="col" class="num">Orders</th>'
             f'<th scope="col" class="num">Score</th><th scope="col" class="num">Rank</th>'
             f"</tr></thead><tbody>{rows}</tbody></table></div>")
    return title, why, table
