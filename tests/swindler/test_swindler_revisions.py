"""Rules revision 1, the rules of release 2026-11-26 that its saves and links were made under
(docs/releases.md), against revision 2, today's: each rule revision 2 changed, played both
ways from the same position. Revision 1 answers itself a step whose one option is "done",
where revision 2 has more to offer and asks."""

import pytest
from sw_helpers import DOUBLE, GREEN_COIN, RED_NECKLACE, RED_RING, check_components

from engine.core.game import Match
from engine.core.rng import Rng, seed_state


def test_a_new_game_is_played_under_revision_2_and_an_old_one_stays_under_1(new_game):
    assert new_game().match.revision == 2
    game = new_game(revision=1)
    game.act({"done": True})
    assert Match.replay(game.match.record()).state == game.s  # the record names revision 1
    drawn = game.rules.determinize(game.rules.view(game.s, 1), 1, Rng(seed_state(3)))
    assert drawn["options"]["rules"] == 1  # a search plays the game's own rules


@pytest.mark.parametrize("revision, after_the_steal", [(1, "hire"), (2, "act")])
def test_a_reservation_is_given_up_in_step_1_under_revision_1(new_game, script, revision,
                                                                after_the_steal):
    """Revision 2: at every step of one's turn ("kann man immer"). Revision 1: only in step 1,
    so a step 3 with nothing to fulfil or sell offers only "done" and is skipped."""
    game = new_game(revision=revision)
    game.set_orders("O03", "O02", "O01", "O04")
    game.reserve_for(0, "O03")
    assert {"cancel": "O03"} in game.options  # step 1: both
    game.act({"done": True})
    assert game.kind == "bag" and ({"cancel": "O03"} in game.options) == (revision == 2)
    script(GREEN_COIN)  # a coin no fence buys
    game.act({"bag": "green"})
    game.act({"stop": True})
    assert game.kind == after_the_steal and game.to_act == 0
    assert ({"cancel": "O03"} in game.options) == (revision == 2)


@pytest.mark.parametrize("revision", [1, 2])
def test_the_faelscher_is_played_in_step_3_only_under_revision_1(new_game, script, revision):
    """Revision 2: at any step of one's turn, here to pay for hiring in step 5. Revision 1:
    in step 3 only, so a player without a coin has nothing to decide in step 5."""
    game = new_game(revision=revision)
    card = game.give_cards(0, "faelscher")[0]
    game.me(1)["coins"] += game.me(0)["coins"]
    game.me(0)["coins"] = 0
    script(RED_RING)
    game.to_step3("red")
    assert {"play": card} in game.options  # step 3: both
    game.act({"done": True})
    if revision == 1:
        assert game.s["active"] == 1 and card in game.me(0)["hand"]
    else:
        assert game.kind == "hire" and {"play": card} in game.options


@pytest.mark.parametrize("revision", [1, 2])
def test_only_the_meuchlerin_answers_a_card_under_revision_1(new_game, revision):
    """Player 0 plays a Bettler; player 2 holds one too. Revision 2: any card may answer a
    card, so player 2 is asked. Revision 1: only a Meuchlerin answers, nobody is asked and
    the Bettler collects."""
    game = new_game(revision=revision)
    mine = game.give_cards(0, "bettler")[0]
    theirs = game.give_cards(2, "bettler")[0]
    game.give_loot(1, RED_RING, RED_NECKLACE, DOUBLE)
    game.act({"play": mine})
    if revision == 1:
        assert game.kind == "beg" and game.to_act == 1
    else:
        assert game.kind == "react" and game.to_act == 2 and {"play": theirs} in game.options


@pytest.mark.parametrize("revision", [1, 2])
def test_the_betruegerin_does_not_answer_a_stop_under_revision_1(new_game, script, revision):
    """Revision 2: she may cut in when the thief stops with the loot. Revision 1: only when
    the thief draws again."""
    game = new_game(revision=revision)
    card = game.give_cards(1, "betruegerin")[0]
    script(RED_RING)
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"stop": True})
    asked = game.kind == "react" and game.to_act == 1
    assert asked == (revision == 2)
    assert not asked or {"play": card} in game.options


@pytest.mark.parametrize("revision, bought", [(1, 1), (2, 2)])
def test_a_double_coin_the_supply_cannot_change_buys_one_under_revision_1(new_game, script,
                                                                           revision, bought):
    """Revision 2: two accomplices ("die entsprechende Anzahl"). Revision 1: one, and the
    change is lost."""
    game = new_game(revision=revision)
    game.give_loot(0, DOUBLE)
    game.me(1)["coins"] += game.s["supply"]["coins"] + game.me(0)["coins"]  # all coins kept
    game.s["supply"]["coins"] = game.me(0)["coins"] = 0
    script(RED_RING)
    game.to_step3("red")
    game.act({"done": True})
    hire = {"hire": DOUBLE} | ({"count": 2} if bought == 2 else {})
    assert game.kind == "hire" and hire in game.options
    game.act(hire)
    assert len(game.me(0)["hand"]) == bought and game.s["supply"]["coins"] == 0
    check_components(game.s)
