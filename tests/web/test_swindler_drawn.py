"""The drawn Swindler table (CPython): order cards say what they ask for and what they pay, the
bags show every tile they hold, every option points at the drawn thing it names (data-ref) and
none is styled as advice, the head counts what the log counts, nothing of another player's hand
reaches the HTML, and the end table sums each score with what the orders still reserved
cost."""

import html
import re
from html.parser import HTMLParser

from engine.core.game import Match
from engine.simulate import make_bot
from engine.swindler import content
from web.base import i18n
from web.games.swindler.messages import reward_parts, spec_text
from web.games.swindler.options import option_text
from web.games.swindler.pieces import order_card, order_need
from web.games.swindler.render import render_game, render_result

TAG = re.compile(r"<[^>]+>")


class Drawn(HTMLParser):
    """Every element with a data-ref: (tag, keys, text inside it), buttons apart."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.open: list[list] = []
        self.things: list[tuple[str, set, str]] = []
        self.buttons: list[tuple[dict, set, str]] = []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.open.append([tag, a, ""])

    def handle_startendtag(self, tag, attrs):
        """A self-closed element (an SVG shape) holds nothing."""

    def handle_data(self, data):
        for item in self.open:
            item[2] += data

    def handle_endtag(self, tag):
        while self.open:
            name, a, text = self.open.pop()
            if "data-ref" in a:
                keys = frozenset(a["data-ref"].split())
                if name == "button":
                    self.buttons.append((a, keys, text))
                else:
                    self.things.append((name, keys, text))
            if name == tag:
                break


def positions(seed: int = 3, players: int = 3):
    """(match, viewer) at every decision of a heuristic bots' game, then its end."""
    match = Match.start("swindler", [{"name": n} for n in ("Ann", "Bob", "Cy")[:players]],
                        {}, seed)
    rules = match.rules
    bots = [make_bot("heuristic", "swindler", seed * 8 + i) for i in range(players)]
    while rules.result(match.state) is None:
        p = rules.to_act(match.state)[0]
        yield match, p
        view = rules.view(match.state, p)
        match.act(p, bots[p].decide(view, view["choice"]))
    yield match, None


def test_an_order_card_shows_what_it_asks_for_and_what_it_pays():
    """Every order of the game, as a card on the table: its kind, each thing it asks for
    (slots, coins, what to draw), each part of its reward, its reservation."""
    i18n.activate("en")
    match = Match.start("swindler", [{"name": "Ann"}, {"name": "Bob"}], {}, 4)
    view = match.rules.view(match.state, 0)
    orders = [o for o in content.orders().values() if o["kind"] != "raid"]
    for i, order in enumerate(orders):
        card = order_card(view, {**order, "reserved_by": 1 if i % 2 else None})
        text = html.unescape(TAG.sub(" ", card))
        assert {"own": "Own", "give": "Give", "draw": "Draw"}[order["kind"]] in text
        for slot in order.get("slots", []):
            assert spec_text(slot) in text, (order, text)
        if order.get("coins"):
            assert f"{order['coins']} coins" in text, (order, text)
        if order["kind"] == "draw":
            assert order_need(order) in text
        for part in reward_parts(order["reward"]):
            assert part in text, (order, text)
        assert ("reserved by Bob" if i % 2 else "not reserved") in text
    shown = {keys for name, keys, _ in Drawn(render_game(view, {})).things if name == "li"}
    assert all(frozenset([o["id"]]) in shown for o in view["orders"]["open"] if o)


def test_every_option_points_at_a_drawn_thing_and_none_is_advice():
    """An option naming an order, a bag, a tile, a card, a fence field or a swindler shares
    its key with a drawn thing (not a button); the options look alike; an order option says
    what the order asks for, not its id alone."""
    i18n.activate("en")
    named = set()
    for match, viewer in positions():
        if viewer is None:
            break
        view = match.rules.view(match.state, viewer)
        page = render_game(view, {})
        drawn = Drawn(page)
        keys = set().union(*(k for _, k, _ in drawn.things))
        for attrs, refs, text in drawn.buttons:
            assert refs <= keys, (refs, text)
            assert "class" not in attrs, attrs
            named |= {re.match(r"[A-Za-z]+", k).group() for k in refs}
        for option in view["choice"]["options"]:
            if isinstance(option, dict) and "reserve" in option:
                order = content.orders()[option["reserve"]]
                assert reward_parts(order["reward"])[0] in option_text(view, option)
        assert 'class="primary"' not in page
    assert {"O", "bag", "tile", "F"} <= named, named


def test_the_bags_show_each_tile_they_hold_and_the_head_counts_turns_like_the_log():
    i18n.activate("en")
    for match, viewer in positions(seed=5, players=2):
        view = match.rules.view(match.state, viewer)
        page = render_game(view, {})
        for bag, info in view["bags"].items():
            body = re.search(rf'<li class="swd-bag swd-{bag}".*?</li>', page, re.S).group(0)
            assert body.count('class="swd-tile') == info["tiles"], (bag, info)
            assert body.count("swd-skull") == info["skulls"]
        status = html.unescape(TAG.sub("", re.search(r'class="swd-status">(.*?)</div>',
                                                     page, re.S).group(1)))
        assert f"Round {view['round']} · Turn {view['turn']}" in status
        if view["log"]:
            assert f"Turn {view['log'][-1]['turn']}" in page


def test_no_card_of_another_hand_reaches_the_html():
    """Hand cards are named by their id only on their owner's screen (the id of a card in
    play is public)."""
    for match, viewer in positions(seed=7):
        state = match.state
        page = render_game(match.rules.view(state, viewer), {})
        in_play = {e["card"] for p in state["players"] for e in p["in_play"]}
        for other, player in enumerate(state["players"]):
            if other != viewer:
                for card in set(player["hand"]) - in_play:
                    assert f'data-ref="{card}"' not in page, (viewer, other, card)


def test_the_end_table_sums_each_score_with_what_the_reserved_orders_cost():
    i18n.activate("en")
    result = {"winners": [1], "table": [
        {"seat": 0, "vp": 20, "coins": 2, "penalties": 4, "orders": 5, "score": 18, "rank": 2},
        {"seat": 1, "vp": 22, "coins": 1, "penalties": 0, "orders": 6, "score": 23, "rank": 1}]}
    _title, _why, table = render_result(result, ["Ann", "Bob"], {})
    text = html.unescape(TAG.sub("|", table))
    assert 'class="scrolls' in table
    # four narrow columns: the place and the name, the score, its sum, the orders fulfilled
    cells = [c for c in text.split("|") if c.strip()]
    assert cells[cells.index("Player"):cells.index("Player") + 4] == [
        "Player", "Score", "VP + coins − penalty", "Orders fulfilled"]
    assert cells[cells.index("1. Bob"):cells.index("1. Bob") + 4] == ["1. Bob", "23",
                                                                      "22 + 1 − 0", "6"]
    assert cells[cells.index("2. Ann"):cells.index("2. Ann") + 4] == ["2. Ann", "18",
                                                                      "20 + 2 − 4", "5"]
    assert "Penalty: 2 VP for each order still reserved at the end." in text


def test_a_drawn_tile_keeps_its_key_from_its_bag_to_the_thief():
    """The page slides a tile by its key (static/motion.js): a tile lies in its bag, then where
    it was drawn or in the thief's loot."""
    place = re.compile(r'data-key="(tile:[^"]+)" data-place="([^"]+)"')
    before, seen = {}, 0
    for match, viewer in positions(seed=2, players=2):
        now = dict(place.findall(render_game(match.rules.view(match.state, viewer), {})))
        steal = match.state["steal"]
        for t in (steal or {}).get("drawn", []):
            key = f"tile:{t}"
            if before.get(key, "").startswith("bag:") and now.get(key) != before[key]:
                assert before[key] == f"bag:{steal['bag']}"
                assert now[key] == "drawn" or now[key].startswith("loot:"), now[key]
                seen += 1
        before = now
    assert seen > 10, seen


def test_the_erbschleicherin_split_shows_each_heap_so_far():
    """Placing tile after tile on two heaps, the splitter sees what each heap holds and what
    is still to share."""
    i18n.activate("en")
    match = Match.start("swindler", [{"name": n} for n in ("Ann", "Bob", "Cy")], {}, 3)
    bots = [make_bot("heuristic", "swindler", 24 + i) for i in range(3)]
    splits = 0
    while match.rules.result(match.state) is None and splits < 3:
        p = match.rules.to_act(match.state)[0]
        choice = match.rules.choice(match.state, p)
        if choice["kind"] == "split":
            splits += 1
            html = render_game(match.rules.view(match.state, p), {})
            found = re.search(r'<dl class="swd-heaps">(.*?)</dl>', html).group(1)
            shown = [set(re.findall(r'data-ref="tile-(\w+)"', dd))
                     for dd in re.findall(r"<dd>(.*?)</dd>", found)]
            heaps, left = choice["context"]["heaps"], choice["context"]["left"]
            assert shown == [set(heaps[0]), set(heaps[1]), set(left[1:])]
        match.act(p, bots[p].decide(match.rules.view(match.state, p), choice))
    assert splits >= 2  # a split of two tiles or more: the heaps fill as the tiles are placed
