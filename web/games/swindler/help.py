"""The help page of Swindler: the rules in this project's own words, the accomplices and the
master-thief abilities from the content data, and a note on what this table designed itself;
in the active language."""

from engine.swindler import content
from web.base.i18n import N_, _, ngettext
from web.base.markup import e
from web.games.help import page, panel

RULES = [
    (N_("The idea"), [
        (None, N_(
            "You are pickpockets in Victorian London. Five rich gentlemen — the red, blue, "
            "yellow, green and black bags — carry jewellery, money and house keys. Steal from "
            "them tile by tile, but every bag hides skulls: draw one and you are caught. Turn "
            "your loot into points by fulfilling orders and selling to fences.")),
    ]),
    (N_("Your turn, in this order"), [
        (N_("1. Reserve orders (if you like)."), N_(
            "Put up to three markers on the four open orders. You may fulfil only orders you "
            "reserved. Taking back a marker, or having someone else fulfil your order, costs "
            "you 2 VP (you never drop below 0).")),
        (N_("2. Steal (always)."), N_(
            "Choose one bag and draw tiles one at a time, as long as you dare. Stop whenever "
            "you like after the first tile and keep everything. Draw a skull and you are "
            "caught: the skull and every tile of that bag's colour in front of you go back into "
            "the bag; your turn's stealing ends. A skull on your very first draw pays you a "
            "coin as comfort.")),
        (N_("3. Fulfil orders and sell (any order, as often as you can)."), N_(
            "Own orders want you to have the items, Give orders want you to hand them over, "
            "Draw orders want them drawn in this turn's stealing. An order pays the VP, coins "
            "and wanted posters it shows; of the neutral loot tiles it shows you take as many "
            "as you like, of your choice, or none. Fences buy loot for the VP printed on their "
            "fields; a fence whose three fields are full pays 2 VP more, and its tiles go back "
            "into the bags. Coin tiles pay like coins but no fence buys them. The black bag's "
            "bunch of three keys stands in for one key of any colour.")),
        (N_("4. Refill"), N_(
            "(only after something was fulfilled). New fences and orders are turned up. A "
            "police raid turned up at once searches every swindler not in jail: whoever holds "
            "at least as many loot tiles as it names hands over that many tiles of their "
            "choice, and whoever holds at least as many wanted posters as it names goes to "
            "jail, returns a poster and skips their next turn. Only the first raid of a refill "
            "counts; any further ones are shuffled back into the pile.")),
        (N_("5. Hire accomplices (if you like)"), N_(
            "for a coin each. They can be used from your next turn on; some answer what other "
            "players do during their turn.")),
    ]),
    (N_("Master thieves and the end"), [
        (None, N_(
            "Fulfil 5 orders (2 players), 4 (3 players) or 3 (4 players) and your master-thief "
            "ability unlocks: you may use it at once, in that same turn. Once someone has "
            "fulfilled 9, 8 or 6 orders, the round is played to its end and the game is over. "
            "Your score is your VP plus your coins, less 2 for every order you still have "
            "reserved. Ties go to the most fulfilled orders.")),
    ]),
    (N_("On this table"), [
        (None, N_(
            "Every tile is open information: the table shows what is left in each bag and your "
            "chance of a skull on the next draw.")),
        (None, N_(
            "A tile shows its bag's letter on the bag's colour, a symbol for its item and the "
            "item's name; an order card shows its kind (Own, Give or Draw), what it asks for "
            "and what it pays. Point at an option and the order, bag, tile or fence field it "
            "names lights up, and the other way round; tapping an order or a bag chooses it "
            "when exactly one option names it.")),
        (None, N_(
            "When an accomplice could answer something, every other player is asked in turn — "
            "even those who hold nothing that fits, so the question itself gives nothing away. "
            "A table option skips players with nothing playable, at the price of showing who "
            "holds a fitting card.")),
        (None, N_(
            "The rulebook does not give the bags' tiles, the orders, the fences, how many of "
            "each accomplice the deck holds, or all master-thief abilities: this table uses its "
            "own designs for them (the abilities marked “designed here” below).")),
    ]),
]


def _panels() -> str:
    cards = "".join(
        f'<dt>{e(_(a["name"]))} <span class="tag">'
        f'{e(ngettext("{n} in the deck", "{n} in the deck", a["count"]).format(n=a["count"]))}'
        f'</span></dt><dd>{e(_(a["text"]))}</dd>'
        for a in content.accomplice_kinds().values())
    masters = "".join(
        f'<dt>{e(_(m["name"]))}'
        + ("" if m["from_book"] else f' <span class="tag">{e(_("designed here"))}</span>')
        + f'</dt><dd>{e(_(m["text"]))}</dd>' for m in content.masters().values())
    return (panel(_("Accomplices"), f"<dl>{cards}</dl>")
            + panel(_("Master-thief abilities"), f"<dl>{masters}</dl>"))


render = page(N_("Swindler"), RULES, _panels)
