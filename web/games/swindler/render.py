"""The Swindler table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scores. Everything on the table is public (the bags' contents
included); only the accomplice hand is private. The table is drawn (the pieces: pieces.py): the
bags with their open tiles, orders as cards (what they ask for, what they pay), fences with their
fields, each swindler's area. An option (options.py) and the thing it names share a key in
``data-ref`` (an order ``O06``, ``bag-red``, ``tile-R3``, a card ``C05``, a fence field ``F05-2``,
``seat-1``): pointing at one lights the other (docs/table.md). Every text is in the active
language: the log and the prompts are the engine's messages rendered by ``messages.say``.
"""

from engine.swindler import content
from web.base.i18n import N_, _, ngettext, number
from web.base.markup import button, e, log_list, refs, scrolls, why
from web.base.messages import and_list
from web.base.regions import region
from web.games.swindler.autopass import auto_pass, mark
from web.games.swindler.messages import WHY, colour, master_name, say
from web.games.swindler.options import costly, options_list
from web.games.swindler.pieces import (
    accomplice,
    bag_name,
    coins_text,
    fence_card,
    in_bag,
    names_of,
    order_card,
    order_summary,
    percent,
    rich_bag,
    symbol,
    symbol_defs,
    tile,
    vp,
)

__all__ = ["reduce", "render_game", "render_result", "say"]

STEPS = {1: N_("1 · reserve orders"), 2: N_("2 · steal from a rich bag"),
         3: N_("3 · fulfil and sell"), 4: N_("4 · refill"), 5: N_("5 · hire accomplices"),
         "jail": N_("in jail"), "over": N_("game over"), "setup": N_("setting up")}


def section(name: str, title: str, body: str, cls: str = "") -> str:
    return region(name, f'<section class="swd-panel {cls}"><h3 class="swd-h">{e(title)}</h3>'
                        f"{body}</section>")


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
        part("swd-hand", _("Your accomplices"), _hand(view, ui)),
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
    buttons = options_list(view, choice["options"], ui, auto_pass(view, ui, at_window=True)
                           if choice["kind"] == "react" else "")
    if choice["kind"] == "split":
        odds += _heaps(choice["context"])
    react = (f'<p class="hint">{e(_("Everyone is asked in turn, whether or not they hold a card that fits, so that the question tells nothing."))}</p>'  # noqa: E501
             if choice.get("masked") else "")  # full secrecy: a lone "no" is asked too
    return (f'<section class="swd-prompt decision" aria-live="polite"><h3 class="swd-h">'
            f'{e(_("Your decision"))}</h3>{caught}<p class="swd-ask">'
            f'{e(say(choice["prompt"], names_of(view)))}</p>{odds}{buttons}{react}'
            f'{why(WHY, choice["kind"])}</section>')


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
        still_in = set(in_bag(view, bag))
        back = [t for t in steal["drawn"] if content.bag_of(t) == bag and t in still_in]
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
            f'{options_list(view, standing["options"], ui, back)}{why(WHY, "standing")}'
            "</section>")

# --- the table ---------------------------------------------------------------------------------
def _bags(view: dict) -> str:
    supply = view["supply"]
    neutral = "".join(tile(t, "supply") for t in supply["neutral"]) or e(_("none"))
    coins = coins_text(supply["coins"])
    posters = ngettext("{n} wanted poster", "{n} wanted posters", supply["posters"]).format(
        n=number(supply["posters"]))
    return (f'<ul class="swd-bags">{"".join(rich_bag(view, bag) for bag in view["bags"])}</ul>'
            f'<p class="swd-supply"><span class="swd-paylabel">{e(_("Supply"))}</span>{neutral}'
            f'<span class="swd-pay">{symbol("coin")}{e(coins)}</span>'
            f'<span class="swd-pay">{symbol("poster")}{e(posters)}</span></p>')


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


def _hand(view: dict, ui: dict) -> str:
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
    at_window = (view.get("choice") or {}).get("kind") == "react"  # set there, beside "no"
    return ((cards + kept) or (
        f'<p class="hint">'
        f'{e(_("No accomplice yet: hire them at the end of your turn for a coin each."))}</p>')
    ) + ("" if at_window else auto_pass(view, ui, at_window=False))


def _seats(view: dict) -> str:
    """Each swindler's area: points, coins, posters, orders, hand size, loot, reserved orders,
    accomplices in play (one's own are under "Your accomplices"), master-thief card."""
    drawn, passes = _drawing(view), view.get("passes")  # everyone's auto-pass (one device)
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
            (_("in jail: skips a turn"), "", s.get("jailed")),
            (mark(passes[s["seat"]]) if passes else "", " swd-passes",
             passes and passes[s["seat"]])] if on)
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
    ``swd-info`` opens or closes an option's details, ``swd-moments`` the auto-pass moments."""
    ui = ui or {}
    if ev == "act":
        return {}, [arg]
    if ev == "swd-confirm":
        return {**ui, "confirm": arg}, []
    if ev == "swd-keep":
        return {k: v for k, v in ui.items() if k != "confirm"}, []
    if ev == "swd-moments":
        return {**ui, "moments": not ui.get("moments")}, []
    if ev == "swd-info":
        return {**ui, "info": None if ui.get("info") == arg else arg}, []
    return ui, []


def controls(view: dict, ui: dict, decision) -> list[tuple[str, object]]:
    """The controls leading to ``decision``: a costly one is asked once more first."""
    if costly(decision) and ui.get("confirm") != decision:
        return [("swd-confirm", decision), ("act", decision)]
    return [("act", decision)]


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
