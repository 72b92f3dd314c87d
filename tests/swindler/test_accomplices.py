"""The 11 accomplices of the appendix, each with its timing, and hiring them (step 5).

Reaction prompts are skipped for players holding nothing playable (the table option), so each
test sees only the prompts that matter; the window itself is tested in test_window.py.
"""

from sw_helpers import (
    BLUE_KEY,
    BLUE_NECKLACE,
    BLUE_NECKLACE2,
    DOUBLE,
    GREEN_COIN,
    NEUTRAL_RING,
    RED_NECKLACE,
    RED_RING,
    RED_RING2,
    RED_RING3,
    YELLOW_WATCH,
    check_components,
    hiring_with_a_double_coin,
)


def steal(game, bag, draws):
    """Player 0 goes stealing from ``bag`` and draws ``draws`` times (scripted)."""
    game.act({"done": True})
    game.act({"bag": bag})
    for _ in range(draws - 1):
        game.act({"draw": True})


# --- Betrügerin -----------------------------------------------------------------------------
def test_betruegerin_steals_from_the_same_bag_and_a_skull_costs_her_nothing(new_game, script):
    game = new_game()
    card = game.give_cards(1, "betruegerin")[0]
    game.give_loot(1, RED_RING3)  # a red tile from before: safe from her own skull
    script(RED_RING, RED_NECKLACE, "RX1", RED_RING2)
    steal(game, "red", 1)
    assert game.kind == "more"  # no Betrügerin before the thief goes on
    game.act({"draw": True})
    assert game.kind == "react" and game.to_act == 1
    assert {"play": card} in game.options
    game.act({"play": card})
    assert game.kind == "fraud_more" and RED_NECKLACE in game.loot(1)
    game.act({"draw": True})  # the skull: her draws end, nothing is lost, no coin
    assert game.loot(1) == sorted([RED_RING3, RED_NECKLACE]) and game.me(1)["coins"] == 1
    assert "RX1" in game.s["bags"]["red"] and card in game.s["discard"]
    assert game.kind == "more" and game.loot(0) == sorted([RED_RING, RED_RING2])
    check_components(game.s)


def test_betruegerin_also_when_the_thief_stops(new_game, script):
    """Book: any time while someone steals successfully, from the first loot drawn on; a
    thief who stops with the loot stole successfully, so she may still say "Stop!"."""
    game = new_game()
    card = game.give_cards(1, "betruegerin")[0]
    script(RED_RING, RED_NECKLACE)
    steal(game, "red", 1)
    game.act({"stop": True})
    assert game.kind == "react" and game.to_act == 1 and {"play": card} in game.options
    game.act({"play": card})
    assert game.kind == "fraud_more" and game.loot(1) == [RED_NECKLACE]
    game.act({"stop": True})
    assert game.loot(0) == [RED_RING] and card in game.s["discard"]
    assert game.kind == "act" and game.to_act == 0  # the thief's turn goes on at step 3
    check_components(game.s)


def test_betruegerin_is_not_for_ones_own_steal(new_game, script):
    game = new_game()
    game.give_cards(0, "betruegerin")
    script(RED_RING)
    steal(game, "red", 1)
    assert not any("play" in o for o in game.options)


# --- Bettler --------------------------------------------------------------------------------
def test_bettler_collects_from_everyone_with_three_loot_tiles(new_game):
    game = new_game()
    card = game.give_cards(0, "bettler")[0]
    game.give_loot(1, RED_RING, RED_NECKLACE, BLUE_KEY)
    game.give_loot(2, BLUE_NECKLACE, YELLOW_WATCH)
    assert {"play": card} in game.options  # any time: here in step 1
    game.act({"play": card})
    assert game.kind == "beg" and game.to_act == 1  # player 2 has only 2 tiles
    assert {"coin": True} in game.options and {"tile": BLUE_KEY} in game.options
    game.act({"coin": True})
    assert game.me(0)["coins"] == 2 and game.me(1)["coins"] == 0
    assert game.kind == "reserve" and card in game.s["discard"]


def test_any_card_may_answer_a_played_card_and_the_answer_goes_first(new_game):
    """Book: a card may be played in answer to another swindler's card (the Meuchlerin is only
    the example). Player 0's Bettler is answered by player 2's own Bettler, which resolves
    first: player 0, holding three tiles, pays player 2 before collecting."""
    game = new_game()
    mine = game.give_cards(0, "bettler")[0]
    theirs = game.give_cards(2, "bettler")[0]
    game.give_loot(0, RED_RING, RED_NECKLACE, BLUE_KEY)
    game.give_loot(1, BLUE_NECKLACE, YELLOW_WATCH, RED_RING2)
    game.act({"play": mine})
    assert game.kind == "react" and game.to_act == 2 and {"play": theirs} in game.options
    game.act({"play": theirs})
    asked = []
    while game.kind == "beg":
        asked.append(game.to_act)
        game.act({"tile": game.options[0]["tile"]})
    # player 2's Bettler: players 0 and 1 (three tiles each) give one; then player 0's finds
    # nobody with three tiles any more
    assert asked == [0, 1]
    assert len(game.loot(2)) == 2 and len(game.loot(0)) == len(game.loot(1)) == 2
    assert mine in game.s["discard"] and theirs in game.s["discard"]


def test_out_of_turn_a_card_with_no_moment_is_played_during_anothers_step(new_game, script):
    """Book: "jederzeit, auch während des Spielzugs einer anderen Person". While player 0 is
    at step 3 with three tiles, player 2 plays a Bettler out of turn, before player 0 sells;
    player 1, holding nothing, has the same moment but nothing to play, and is refused."""
    game = new_game()
    card = game.give_cards(2, "bettler")[0]
    game.give_loot(0, RED_RING, BLUE_KEY)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    assert game.kind == "act" and game.to_act == 0
    assert game.rules.standing(game.s, 2)["options"] == [{"play": card}]
    assert game.rules.standing(game.s, 1)["options"] == []
    assert game.rules.standing(game.s, 0) is None  # the active player decides as usual
    assert "not player 1's decision" in game.refused({"play": card}, player=1)
    assert game.rules.view(game.s, 2)["standing"]["options"] == [{"play": card}]
    game.act({"play": card}, player=2)
    assert game.kind == "beg" and game.to_act == 0
    game.act({"tile": YELLOW_WATCH})
    assert game.loot(2) == [YELLOW_WATCH] and card in game.s["discard"]
    assert game.kind == "act" and game.to_act == 0  # back to player 0's step 3


def test_out_of_turn_plays_wait_for_a_step_decision(new_game, script):
    """The standing moment is the active player's step decision: not between two draws (the
    windows ask then), not inside a window."""
    game = new_game()
    game.give_cards(2, "bettler")
    game.give_loot(0, RED_RING, BLUE_KEY, BLUE_NECKLACE)
    script(YELLOW_WATCH, YELLOW_WATCH)
    game.act({"done": True})
    assert game.kind == "bag" and game.rules.standing(game.s, 2)["options"]
    game.act({"bag": "yellow"})
    assert game.kind in ("more", "react") and game.rules.standing(game.s, 2) is None


def test_bettler_in_another_players_turn(new_game, script):
    game = new_game()
    card = game.give_cards(2, "bettler")[0]
    game.give_loot(0, RED_RING, RED_NECKLACE, BLUE_KEY)
    script(YELLOW_WATCH)
    game.act({"done": True})
    game.act({"bag": "yellow"})
    assert game.kind == "react" and game.to_act == 2  # before the steal
    game.act({"play": card})
    game.act({"tile": RED_RING})
    assert RED_RING in game.loot(2)
    assert game.kind == "more" and game.loot(0) == sorted([RED_NECKLACE, BLUE_KEY,
                                                           YELLOW_WATCH])


# --- Erbschleicherin ------------------------------------------------------------------------
def test_erbschleicherin_splits_this_turns_loot(new_game, script):
    game = new_game()
    card = game.give_cards(1, "erbschleicherin")[0]
    game.give_loot(0, BLUE_NECKLACE)  # from an earlier turn: not part of the split
    script(RED_RING, RED_NECKLACE, BLUE_KEY)
    steal(game, "red", 3)
    game.act({"stop": True})
    assert game.to_act == 1 and {"play": card} in game.options
    game.act({"play": card})
    assert game.kind == "split" and game.choice["context"]["left"][0] == RED_RING
    game.act({"heap": 1})
    game.act({"heap": 2})
    game.act({"heap": 2})
    assert game.kind == "pick_heap" and game.to_act == 0
    assert game.choice["context"]["heaps"] == [[RED_RING], [RED_NECKLACE, BLUE_KEY]]
    game.act({"heap": 2})
    assert game.loot(1) == [RED_RING]
    assert game.loot(0) == sorted([BLUE_NECKLACE, RED_NECKLACE, BLUE_KEY])


def test_erbschleicherin_needs_a_successful_stop(new_game, script):
    game = new_game()
    game.give_cards(1, "erbschleicherin")
    script(RED_RING, "RX1")
    steal(game, "red", 2)
    assert game.kind != "react" and game.s["step"] >= 3  # caught: no Erbschleicherin prompt


# --- Fälscher -------------------------------------------------------------------------------
def test_faelscher_forges_an_item_but_not_the_bag_colour(new_game, script):
    game = new_game()
    card = game.give_cards(0, "faelscher")[0]
    game.set_orders("O03", "O02", "O01", "O04")  # give a pocket watch
    game.reserve_for(0, "O03")
    game.give_loot(0, RED_RING)
    script(BLUE_NECKLACE)
    game.to_step3("blue")
    assert {"fulfil": "O03"} not in game.options
    game.act({"play": card})
    assert game.kind == "card_choice"
    game.act({"tile": RED_RING})
    game.act({"as": "watch"})
    assert game.s["forged"] == {RED_RING: "watch"}
    game.act({"fulfil": "O03"})
    assert RED_RING in game.s["bags"]["red"]  # it goes home as what it is: a red tile
    assert game.s["forged"] == {} and card in game.s["discard"]


def test_faelscher_changes_a_key_colour_for_the_turn_only(new_game, script):
    game = new_game()
    card = game.give_cards(0, "faelscher")[0]
    game.set_orders("O12", "O02", "O01", "O04")  # give a red key
    game.reserve_for(0, "O12")
    game.give_loot(0, BLUE_KEY)
    script(BLUE_NECKLACE)
    game.to_step3("blue")
    game.acts({"play": card}, {"tile": BLUE_KEY}, {"as": "key-red"})
    assert {"fulfil": "O12"} in game.options
    game.act({"done": True})
    game.act({"done": True})
    assert game.s["forged"] == {}  # the forgery lapses with the turn


def test_faelscher_any_time_of_ones_turn_here_to_pay_for_hiring(new_game, script):
    """No moment printed: the Fälscher works at any step of one's own turn, here in step 5,
    where a ring forged into a coin pays for an accomplice (and goes home as a red ring)."""
    game = new_game()
    card = game.give_cards(0, "faelscher")[0]
    game.me(1)["coins"] += game.me(0)["coins"]
    game.me(0)["coins"] = 0
    script(RED_RING)
    game.to_step3("red")
    game.act({"done": True})
    assert game.kind == "hire" and {"play": card} in game.options
    assert not any("hire" in o for o in game.options)  # nothing to pay with yet
    game.acts({"play": card}, {"as": "coin"})  # the only tile needs no question
    assert {"hire": RED_RING} in game.options
    game.act({"hire": RED_RING})
    assert RED_RING in game.s["bags"]["red"] and len(game.me(0)["hand"]) == 1


def test_a_reservation_may_be_given_up_at_any_step_of_ones_turn(new_game, script):
    """Book: "Eigene Reservierungsmarker kann man immer von Auftragskarten nehmen": in step 3
    and when choosing the bag, not only in step 1; it costs the same 2 VP."""
    game = new_game()
    game.set_orders("O03", "O02", "O01", "O04")
    game.reserve_for(0, "O03")
    game.act({"done": True})
    assert game.kind == "bag" and {"cancel": "O03"} in game.options
    script(RED_RING)
    game.act({"bag": "red"})
    game.act({"stop": True})
    assert game.kind == "act" and {"cancel": "O03"} in game.options
    vp = game.me(0)["vp"]
    game.act({"cancel": "O03"})
    assert game.me(0)["vp"] == vp - 2 and "O03" not in game.s["reserved"]
    assert game.kind == "act"


# --- Lockvogel ------------------------------------------------------------------------------
def test_lockvogel_switches_bags_and_a_first_skull_there_costs_nothing(new_game, script):
    game = new_game()
    card = game.give_cards(0, "lockvogel")[0]
    script(RED_RING, "BX1")
    steal(game, "red", 1)
    assert {"play": card, "bag": "blue"} in game.options
    game.act({"play": card, "bag": "blue"})
    assert game.kind == "act"  # the skull ends the steal, nothing happens
    assert game.loot(0) == [RED_RING] and game.me(0)["coins"] == 1
    assert "BX1" in game.s["bags"]["blue"]


def test_lockvogel_later_skull_costs_the_new_bags_colour(new_game, script):
    game = new_game()
    card = game.give_cards(0, "lockvogel")[0]
    game.give_loot(0, BLUE_NECKLACE2)
    script(RED_RING, BLUE_NECKLACE, "BX1")
    steal(game, "red", 1)
    game.act({"play": card, "bag": "blue"})
    assert game.kind == "more" and game.s["steal"]["bag"] == "blue"
    game.act({"draw": True})
    assert game.loot(0) == [RED_RING]


# --- Meuchlerin -----------------------------------------------------------------------------
def test_meuchlerin_neutralises_a_card_and_may_be_answered(new_game, script):
    game = new_game()
    traitor = game.give_cards(1, "verraeter")[0]
    killer = game.give_cards(0, "meuchlerin")[0]
    counter = game.give_cards(2, "meuchlerin")[0]
    script(RED_RING, "RX1")
    steal(game, "red", 1)
    game.act({"stop": True})
    game.act({"play": traitor}, player=1)
    assert game.kind == "react" and game.to_act == 0  # turn order from the active player
    game.act({"play": killer})
    assert game.to_act == 2
    game.act({"play": counter})  # the Meuchlerin is neutralised, the Verräter stands
    assert game.loot(0) == [] and game.me(1)["coins"] == 2  # forced draw: the skull
    assert {killer, counter} <= set(game.s["discard"])


def test_meuchlerin_stops_a_verraeter(new_game, script):
    game = new_game()
    traitor = game.give_cards(1, "verraeter")[0]
    killer = game.give_cards(0, "meuchlerin")[0]
    script(RED_RING)
    steal(game, "red", 1)
    game.act({"stop": True})
    game.act({"play": traitor}, player=1)
    game.act({"play": killer})
    assert game.loot(0) == [RED_RING] and game.kind == "act"
    assert {killer, traitor} <= set(game.s["discard"])


# --- Naseweis -------------------------------------------------------------------------------
def test_naseweis_right_scores_and_returns(new_game, script):
    game = new_game()
    card = game.give_cards(1, "naseweis")[0]
    script(RED_RING, "RX1")
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.to_act == 1 and {"play": card, "bet": "skull"} in game.options
    game.act({"play": card, "bet": "skull"})
    game.act({"draw": True})
    assert game.me(1)["vp"] == 4 and card in game.me(1)["hand"]


def test_naseweis_wrong_is_discarded(new_game, script):
    game = new_game()
    card = game.give_cards(1, "naseweis")[0]
    script(RED_RING)
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"play": card, "bet": "skull"})
    game.act({"stop": True})
    assert game.me(1)["vp"] == 3 and card in game.s["discard"]


def test_naseweis_a_rescued_skull_was_never_drawn(new_game, script):
    game = new_game()
    bet = game.give_cards(1, "naseweis")[0]
    angel = game.give_cards(2, "schutzengelchen")[0]
    script(RED_RING, "RX1")
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"play": bet, "bet": "safe"})
    game.act({"draw": True})
    game.act({"play": angel, "take": RED_RING}, player=2)
    game.act({"stop": True})
    assert game.me(1)["vp"] == 4  # "no skull" was right


# --- Schlossknackerin -----------------------------------------------------------------------
def test_schlossknackerin_is_a_key_and_is_discarded_when_used(new_game, script):
    game = new_game()
    red, blue = (game.give_cards(0, "schlossknackerin", colour=c)[0] for c in ("red", "blue"))
    game.set_orders("O12", "O02", "O01", "O04")  # give a red key
    game.reserve_for(0, "O12")
    script(BLUE_NECKLACE)
    game.to_step3("blue")
    assert {"fulfil": "O12"} not in game.options
    game.act({"play": red})
    game.act({"play": blue})
    assert game.s["picks"] == [red, blue]
    assert not any("sell" in o for o in game.options if o.get("sell") in (red, blue))
    game.act({"fulfil": "O12"})
    assert red in game.s["discard"] and game.s["picks"] == [blue]
    game.act({"done": True})
    game.act({"done": True})
    assert blue in game.me(0)["hand"]  # unused: back to the hand


def test_faelscher_cannot_touch_a_schlossknackerin(new_game, script):
    game = new_game()
    pick = game.give_cards(0, "schlossknackerin", colour="red")[0]
    forger = game.give_cards(0, "faelscher")[0]
    script(BLUE_NECKLACE)
    game.to_step3("blue")
    game.act({"play": pick})
    game.act({"play": forger})
    assert {"tile": pick} not in game.options  # only loot tiles can be forged


# --- Schutzengelchen ------------------------------------------------------------------------
def test_schutzengelchen_puts_the_skull_back_and_takes_a_stolen_tile(new_game, script):
    game = new_game()
    angel = game.give_cards(1, "schutzengelchen")[0]
    game.give_loot(0, RED_RING3)
    script(RED_RING, RED_NECKLACE, "RX1")
    steal(game, "red", 3)
    assert game.kind == "react" and game.to_act == 1
    takes = {o["take"] for o in game.options if "take" in o}
    assert takes == {RED_RING, RED_NECKLACE}  # this turn's loot only
    game.act({"play": angel, "take": RED_NECKLACE})
    assert "RX1" in game.s["bags"]["red"] and game.loot(1) == [RED_NECKLACE]
    assert game.kind == "more" and game.to_act == 0  # go on or stop
    game.act({"stop": True})
    assert game.loot(0) == sorted([RED_RING, RED_RING3])


def test_schutzengelchen_is_not_for_ones_own_skull(new_game, script):
    game = new_game()
    game.give_cards(0, "schutzengelchen")
    script(RED_RING, "RX1")
    steal(game, "red", 2)
    assert game.kind != "react" and game.loot(0) == []


# --- Taschenspieler -------------------------------------------------------------------------
def test_taschenspieler_swaps_and_stays_in_play(new_game, script):
    game = new_game()
    card = game.give_cards(0, "taschenspieler")[0]
    game.give_loot(0, RED_RING, BLUE_KEY)
    game.give_loot(1, BLUE_NECKLACE, YELLOW_WATCH)
    game.give_loot(2, NEUTRAL_RING)
    game.act({"play": card})
    assert game.choice["context"]["what"] == "swap_seat"
    assert game.options == [{"seat": 1}, {"seat": 2}]
    game.acts({"seat": 1}, {"tile": RED_RING}, {"tile": BLUE_NECKLACE})
    assert game.loot(0) == sorted([BLUE_KEY, BLUE_NECKLACE]) and RED_RING in game.loot(1)
    in_play = game.me(1)["in_play"]
    assert [e["card"] for e in in_play] == [card] and card not in game.s["discard"]
    assert in_play[0]["since"] == game.s["turn"]
    # not again this turn, even by its new holder
    script(GREEN_COIN)
    game.act({"done": True})
    game.act({"bag": "green"})
    assert game.kind == "more"  # player 1 was not asked: nothing playable yet
    game.act({"stop": True})
    game.act({"done": True})
    if game.kind == "hire":
        game.act({"done": True})
    # next turn: player 1 may use it, but not to undo the swap
    assert game.s["active"] == 1 and {"play": card} in game.options
    game.act({"play": card})
    game.act({"seat": 0})
    game.act({"tile": RED_RING})
    assert {"tile": BLUE_NECKLACE} not in game.options
    assert {"tile": GREEN_COIN} in game.options


# --- Verräter -------------------------------------------------------------------------------
def test_verraeter_forces_a_draw_and_a_skull_pays(new_game, script):
    game = new_game()
    card = game.give_cards(1, "verraeter")[0]
    game.give_loot(0, RED_RING3, BLUE_KEY)
    script(RED_RING, "RX1")
    steal(game, "red", 1)
    game.act({"stop": True})
    game.act({"play": card})
    assert game.loot(0) == [] and game.me(1)["coins"] == 2
    assert game.me(0)["coins"] == 1  # not a first draw: no comfort coin


def test_verraeter_lucky_thief_keeps_the_loot(new_game, script):
    game = new_game()
    card = game.give_cards(1, "verraeter")[0]
    script(RED_RING, RED_NECKLACE)
    steal(game, "red", 1)
    game.act({"stop": True})
    game.act({"play": card})
    assert game.loot(0) == sorted([RED_RING, RED_NECKLACE]) and game.me(1)["coins"] == 1
    assert game.kind == "act"


# --- hiring ---------------------------------------------------------------------------------
def test_hiring_costs_a_coin_and_waits_for_the_next_turn(new_game, script):
    game = new_game()
    game.give_loot(0, GREEN_COIN, DOUBLE)
    script(RED_RING)
    game.to_step3("red")
    game.act({"done": True})
    assert game.kind == "hire"
    assert {o.get("hire") for o in game.options} >= {"coin", GREEN_COIN, DOUBLE}
    top = game.s["deck"][-1]
    game.act({"hire": DOUBLE})  # 1 coin change from the supply
    assert game.me(0)["coins"] == 2 and DOUBLE in game.s["bags"]["black"]
    assert game.me(0)["hand"] == [top] and game.me(0)["fresh"] == [top]
    assert "hired this turn" in game.refused({"play": top})
    game.act({"hire": GREEN_COIN})
    game.act({"hire": "coin"})
    game.act({"hire": "coin"})
    assert game.s["active"] == 1  # no coin left: the turn ends by itself
    assert game.me(0)["fresh"] == [] and len(game.me(0)["hand"]) == 4


def test_a_double_coin_the_supply_cannot_change_buys_two_accomplices(new_game, script):
    """Book, step 5: the player puts back as many coins as accomplices bought ("die
    entsprechende Anzahl"); with no coin in the supply for change, a double coin buys two."""
    game = new_game()
    hiring_with_a_double_coin(game, script)
    assert game.kind == "hire" and {"hire": DOUBLE, "count": 2} in game.options
    assert "hiring costs" in game.refused({"hire": DOUBLE})
    two = game.s["deck"][-2:]
    game.act({"hire": DOUBLE, "count": 2})
    assert sorted(game.me(0)["hand"]) == sorted(two) and game.me(0)["coins"] == 0
    assert DOUBLE in game.s["bags"]["black"] and game.s["supply"]["coins"] == 0
    assert {"turn": 1, "msg": "hires", "args": {"player": 0, "count": 2}} in game.s["log"]


def test_an_empty_accomplice_deck_is_the_shuffled_discard_pile(new_game, script):
    game = new_game()
    game.s["discard"], game.s["deck"] = game.s["deck"], []
    script(RED_RING)
    game.to_step3("red")
    game.act({"done": True})
    game.act({"hire": "coin"})
    assert len(game.me(0)["hand"]) == 1 and len(game.s["deck"]) == 26
    assert game.s["discard"] == []
