"""The rules revisions of Swindler, each rule a revision changed played both ways from the
same position. Revision 1, the rules of release 2026-11-26 that its saves and links were made
under (docs/releases.md), against revision 2: revision 1 answers itself a step whose one option
is "done", where revision 2 has more to offer and asks. Revision 2 against revision 3, today's:
the Fences' Favourite and the neutral tiles of an order's reward, as the book prints them."""

import pytest
from sw_helpers import (
    BLUE_NECKLACE,
    DOUBLE,
    GREEN_COIN,
    NEUTRAL_RING,
    RED_NECKLACE,
    RED_RING,
    YELLOW_WATCH,
    check_components,
    hiring_with_a_double_coin,
    tile_of,
)

from engine.core.game import Match
from engine.core.rng import Rng, seed_state
from engine.swindler import content


@pytest.mark.parametrize("revision", [1, 2])
def test_a_new_game_is_played_under_revision_3_and_an_old_one_stays_under_its_own(
        new_game, revision):
    assert new_game().match.revision == 3
    game = new_game(revision=revision)
    game.act({"done": True})
    assert Match.replay(game.match.record()).state == game.s  # the record names its revision
    drawn = game.rules.determinize(game.rules.view(game.s, 1), 1, Rng(seed_state(3)))
    assert drawn["options"]["rules"] == revision  # a search plays the game's own rules


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
    hiring_with_a_double_coin(game, script)
    hire = {"hire": DOUBLE} | ({"count": 2} if bought == 2 else {})
    assert game.kind == "hire" and hire in game.options
    game.act(hire)
    assert len(game.me(0)["hand"]) == bought and game.s["supply"]["coins"] == 0
    check_components(game.s)


# --- revision 3 -----------------------------------------------------------------------------
@pytest.mark.parametrize("revision, bonus", [(2, 0), (3, 1)])
def test_the_fences_favourite_pays_on_the_first_sale_after_it_unlocks(new_game, script,
                                                                       revision, bonus):
    """The ability: "Einmalig pro Spielzug: Du bekommst 1 Siegpunkt zusätzlich, wenn du
    Beute an die Hehler verkaufst"; unlocked, "darfst sie ab sofort einsetzen". Four players
    (master thief at 3 orders): player 0 has fulfilled 2, sells a watch, fulfils a third order
    and so unlocks the Fences' Favourite, then sells twice more. Revision 3: the first sale
    after the unlock scores 1 VP more, the next one none (once per turn). Revision 2 read the
    earlier sale as the bonus used: none."""
    game = new_game(players=4, revision=revision)
    game.set_master(0, "fence_bonus", unlocked=False)
    game.set_fences("F11", "F02", "F03")
    game.set_orders("O01", "O02", "O03", "O04")
    done = [o for o in game.s["orders"]["deck"] if content.orders()[o]["kind"] != "raid"][:2]
    for order in done:
        game.s["orders"]["deck"].remove(order)
    game.me(0)["fulfilled"] = done
    game.ready_to_fulfil(script)  # O01: own a ring and a necklace
    game.act({"sell": YELLOW_WATCH, "fence": 0, "field": 0})
    assert game.me(0)["vp"] == 3 + 1  # not a master thief yet
    game.act({"fulfil": "O01"})
    assert game.me(0)["unlocked"] and game.me(0)["vp"] == 3 + 1 + 3
    game.act({"sell": RED_RING, "fence": 0, "field": 1})
    assert game.me(0)["vp"] == 3 + 1 + 3 + 1 + bonus
    game.act({"sell": BLUE_NECKLACE, "fence": 0, "field": 2})  # completes the fence: +2
    assert game.me(0)["vp"] == 3 + 1 + 3 + 1 + bonus + 1 + content.FENCE_BONUS
    check_components(game.s)


def only_neutral_rings_left(game) -> None:
    """Player 1 holds every neutral tile but the rings: one kind is left to choose."""
    game.give_loot(1, *(t for t in game.s["supply"]["neutral"]
                        if content.type_of(t) != "ring"))


@pytest.mark.parametrize("revision", [2, 3])
def test_the_neutral_tiles_of_a_reward_may_be_declined(new_game, script, revision):
    """The book: "Sind auf den erfüllten Auftragskarten neutrale Beuteplättchen abgebildet,
    darfst du dir entsprechend viele neutrale Beuteplättchen deiner Wahl aus dem Vorrat
    nehmen", beside "... Steckbriefe abgebildet, musst du dir entsprechend viele Steckbriefe
    ... nehmen". Player 0 fulfils O08 (4 VP and a neutral tile) with only neutral rings left
    in the supply. Revision 3 asks: a ring, or none (a tile more counts in a police raid and
    for a Bettler). Revision 2 took the ring, the machine answering the lone option."""
    game = new_game(revision=revision)
    only_neutral_rings_left(game)
    supply = sorted(game.s["supply"]["neutral"])
    game.ready_to_fulfil(script, "O08")  # give two jewels
    game.act({"fulfil": "O08"})
    game.act({"give": RED_RING})
    game.act({"give": BLUE_NECKLACE})
    if revision == 2:
        assert game.kind == "act" and NEUTRAL_RING in game.loot(0)
        return
    assert game.kind == "neutral" and game.to_act == 0
    assert game.options == [{"neutral": NEUTRAL_RING}, {"done": True}]
    assert game.choice["prompt"] == {"msg": "neutral_may_ask", "args": {"count": 1}}
    game.act({"done": True})
    assert game.kind == "act" and game.loot(0) == [YELLOW_WATCH]
    assert sorted(game.s["supply"]["neutral"]) == supply and game.me(0)["vp"] == 3 + 4
    assert game.s["log"][-1]["msg"] == "leaves_neutral"
    check_components(game.s)


def test_a_reward_of_two_neutral_tiles_may_stop_after_one(new_game, script, monkeypatch):
    """"entsprechend viele ... deiner Wahl": any number up to the count the order shows. No
    order of this table shows two, so O08 is made to: one tile taken, the second declined."""
    monkeypatch.setitem(content.orders()["O08"]["reward"], "neutral", 2)
    game = new_game()
    game.ready_to_fulfil(script, "O08")
    game.acts({"fulfil": "O08"}, {"give": RED_RING}, {"give": BLUE_NECKLACE})
    watch = tile_of("neutral", "watch")
    assert game.choice["context"] == {"left": 2, "taken": 0}
    game.act({"neutral": watch})
    assert game.kind == "neutral" and {"done": True} in game.options
    assert game.choice["context"] == {"left": 1, "taken": 1}
    game.act({"done": True})
    assert game.kind == "act" and game.loot(0) == sorted([YELLOW_WATCH, watch])
