"""The help page of Swindler: the rules in this project's own words, the accomplices and the
master-thief abilities from the content data, and a note on what this table designed itself."""

from functools import cache

from engine.swindler import content

from ..markup import e, rules_in_brief

RULES = [
    ("The idea", [
        "You are pickpockets in Victorian London. Five rich gentlemen — the red, blue, yellow, "
        "green and black bags — carry jewellery, money and house keys. Steal from them tile by "
        "tile, but every bag hides skulls: draw one and you are caught. Turn your loot into "
        "points by fulfilling orders and selling to fences.",
    ]),
    ("Your turn, in this order", [
        "<strong>1. Reserve orders (if you like).</strong> Put up to three markers on the four "
        "open orders. You may fulfil only orders you reserved. Taking back a marker, or having "
        "someone else fulfil your order, costs you 2 VP (you never drop below 0).",
        "<strong>2. Steal (always).</strong> Choose one bag and draw tiles one at a time, as "
        "long as you dare. Stop whenever you like after the first tile and keep everything. "
        "Draw a skull and you are caught: the skull and every tile of that bag's colour in "
        "front of you go back into the bag; your turn's stealing ends. A skull on your very "
        "first draw pays you a coin as comfort.",
        "<strong>3. Fulfil orders and sell (any order, as often as you can).</strong> "
        "<em>Own</em> orders want you to have the items, <em>Give</em> orders want you to hand "
        "them over, <em>Draw</em> orders want them drawn in this turn's stealing. Fences buy "
        "loot for the VP printed on their fields; a fence whose three fields are full pays 2 VP "
        "more, and its tiles go back into the bags. Coin tiles pay like coins but no fence "
        "buys them. The black bag's bunch of three keys stands in for one key of any colour.",
        "<strong>4. Refill</strong> (only after something was fulfilled). New fences and "
        "orders are turned up. A police raid turned up at once searches every swindler not in "
        "jail: whoever holds at least as many loot tiles as it names hands over that many "
        "tiles of their choice, and whoever holds at least as many wanted posters as it names "
        "goes to jail, returns a poster and skips their next turn. Only the first raid of a "
        "refill counts; any further ones are shuffled back into the pile.",
        "<strong>5. Hire accomplices (if you like)</strong> for a coin each. They can be "
        "used from your next turn on; some answer what other players do during their turn.",
    ]),
    ("Master thieves and the end", [
        "Fulfil 5 orders (2 players), 4 (3 players) or 3 (4 players) and your master-thief "
        "ability unlocks. Once someone has fulfilled 9, 8 or 6 orders, the round is played to "
        "its end and the game is over. Your score is your VP plus your coins, less 2 for every "
        "order you still have reserved. Ties go to the most fulfilled orders.",
    ]),
    ("On this table", [
        "Every tile is open information: the table shows what is left in each bag and your "
        "chance of a skull on the next draw.",
        "When an accomplice could answer something, every other player is asked in turn — "
        "even those who hold nothing that fits, so the question itself gives nothing away. A "
        "table option skips players with nothing playable, at the price of showing who holds "
        "a fitting card.",
        "The rulebook does not give the bags' tiles, the orders, the fences, how many of each "
        "accomplice the deck holds, or all master-thief abilities: this table uses its own "
        "designs for them (the abilities marked “designed here” below).",
    ]),
]


@cache
def render() -> str:
    cards = "".join(
        f'<dt>{e(a["name"])} <span class="tag">{e(a["gloss"])}</span> '
        f'<span class="tag">{a["count"]} in the deck</span></dt><dd>{e(a["text"])}</dd>'
        for a in content.accomplice_kinds().values())
    masters = "".join(
        f'<dt>{e(m["name"])}{"" if m["from_book"] else " <span class=tag>designed here</span>"}'
        f'</dt><dd>{e(m["text"])}</dd>' for m in content.masters().values())
    return (
        rules_in_brief("Swindler", RULES)
        + f'<section class="panel help"><h2>Accomplices</h2><dl>{cards}</dl></section>'
        f'<section class="panel help"><h2>Master-thief abilities</h2><dl>{masters}</dl>'
        f"</section>")
