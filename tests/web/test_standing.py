"""Acting out of turn (Swindler: an accomplice with no moment printed, in another player's
step) at a hot-seat table: the person at the device sees a button for each other person, the
device goes to one only when they ask, and asking tells nothing about what they hold."""

import re

from webutil import start_table

from engine.swindler import content
from web.play.hotseat import STANDING_PAUSE


def give(app, p: int, kind: str) -> str:
    state = app.match.state
    card = next(c for c in state["deck"] if content.kind_of(c) == kind)
    state["deck"].remove(card)
    state["players"][p]["hand"].append(card)
    return card


def give_loot(app, p: int, n: int) -> None:
    state = app.match.state
    for _ in range(n):
        bag = next(b for b in ("red", "blue", "yellow") if any(
            not content.is_skull(t) for t in state["bags"][b]))
        tile = next(t for t in state["bags"][bag] if not content.is_skull(t))
        state["bags"][bag].remove(tile)
        state["players"][p]["loot"].append(tile)


def test_a_person_asks_for_the_device_plays_and_gives_it_back(make_app):
    app = make_app(seed_source=lambda: 3)
    start_table(app, "swindler", ["human", "human", "human"], masters="off")
    app.handle("handover-ok")
    assert app.hot.viewer == 0 and app.match.rules.choice(app.match.state, 0)["kind"] == "reserve"
    card = give(app, 2, "bettler")
    give_loot(app, 0, 3)
    html = app.render()
    # a button for each other person, whatever they hold (player 1 holds nothing)
    assert re.findall(r'id="standing-(\d)"', html) == ["1", "2"]
    assert "P1 wants to play a card now" in html and "P2 wants to play a card now" in html
    app.handle("standing", 1)  # P1 asks, but holds nothing playable: back they go
    assert app.screen == "handover" and "Pass the device to P1" in app.render()
    app.handle("handover-ok")
    html = app.render()
    assert app.hot.viewer == 1 and "You have nothing to play right now." in html
    app.handle("standing-back")
    assert app.screen == "handover" and "Pass the device to P0" in app.render()
    app.handle("handover-ok")
    assert app.hot.viewer == 0
    app.handle("standing", 2)  # P2 plays the Beggar in P0's step
    app.handle("handover-ok")
    html = app.render()
    assert app.hot.viewer == 2 and "Out of turn" in html and "Beggar" in html
    app.handle("act", {"play": card})
    # the others may answer the card (everyone is asked), then P0 pays the beggar
    while app.match.rules.choice(app.match.state, app.match.rules.to_act(
            app.match.state)[0])["kind"] == "react":
        if app.screen == "handover":
            app.handle("handover-ok")
        app.handle("act", {"pass": True})
    if app.screen == "handover":
        app.handle("handover-ok")
    assert app.hot.viewer == 0 and app.match.rules.choice(app.match.state, 0)["kind"] == "beg"
    app.handle("act", app.match.rules.choice(app.match.state, 0)["options"][0])
    assert len(app.match.state["players"][2]["loot"]) == 1 and card in app.match.state["discard"]
    assert app.hot.viewer == 0 and app.match.rules.choice(app.match.state, 0)["kind"] == "reserve"
    assert app.hot.out_of_turn is None


def test_a_bot_plays_out_of_turn_where_it_helps(make_app):
    app = make_app(seed_source=lambda: 3)
    start_table(app, "swindler", ["human", "normal"], masters="off")
    card = give(app, 1, "bettler")
    give_loot(app, 0, 3)
    assert app.pending_bot() == 1  # the bot's out-of-turn moment, during P0's step 1
    assert app.bot_pause() != STANDING_PAUSE  # P0 decides in turn: no pause for it
    app.bot_step()
    rules = app.match.rules
    # P0 holds nothing to answer the card with (the table skips such prompts): P0 pays
    assert rules.choice(app.match.state, 0)["kind"] == "beg"
    app.handle("act", rules.choice(app.match.state, 0)["options"][0])
    assert card in app.match.state["discard"] and len(app.match.state["players"][1]["loot"]) == 1
    assert rules.choice(app.match.state, 0)["kind"] == "reserve"
    assert app.pending_bot() is None  # the card is gone: nothing more to play


def test_a_lone_person_sees_their_out_of_turn_cards_while_a_bot_is_at_a_step(make_app):
    app = make_app(seed_source=lambda: 3)
    start_table(app, "swindler", ["human", "normal"], masters="off")
    rules = app.match.rules
    while rules.to_act(app.match.state) != [1] or \
            rules.choice(app.match.state, 1)["kind"] != "reserve":  # P0's quickest turn
        if rules.to_act(app.match.state) == [1]:
            app.bot_step()
            continue
        options = rules.choice(app.match.state, 0)["options"]
        quick = [o for o in options if o in ({"done": True}, {"stop": True}, {"pass": True})]
        app.handle("act", quick[0] if quick else options[0])
    assert rules.choice(app.match.state, 1)["kind"] == "reserve" and app.hot.viewer == 0
    card = give(app, 0, "bettler")
    give_loot(app, 1, 3)
    assert app.bot_pause() == STANDING_PAUSE  # the page gives the person time to play it
    assert app.pending_bot() == 1
    html = app.render()
    assert "Out of turn" in html and "give the device back" not in html
    app.handle("act", {"play": card})
    assert rules.choice(app.match.state, 1)["kind"] == "beg"  # the bot pays the beggar
    assert card in app.match.state["discard"] or card in [
        e["card"] for e in app.match.state["plays"]]
