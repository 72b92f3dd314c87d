"""The Swindler lesson (web/play/lesson.py; its checklist is in docs/learn.md): a two-player game
against an easy bot, on a deal where the learner's first two turns meet reserving, stealing
and stopping, fulfilling Give orders (with an item, with coins and a coin tile, with two
jewels), a fence, neutral tiles, hiring an accomplice and playing it in answer to the
opponent's stop (the Traitor: he draws a skull), and a police raid that takes a tile. A whole
game is far longer than a lesson: after the two turns the tutor says the rest is free, to play
on to the end or to leave."""

from web.base.i18n import N_, _
from web.games.lesson import Lesson, Step
from web.games.swindler.messages import card_text, colour, item_name, master_name, tile_text
from web.games.swindler.pieces import KINDS, vp


def words() -> dict:
    """The names and amounts the tutor's lines use, in the active language."""
    return {"yellow": colour("yellow"), "blue": colour("blue"), "black": colour("black"),
            "watch": item_name("watch"), "ring": item_name("ring"),
            "necklace": item_name("necklace"), "keys": item_name("master_key"),
            "coin2": item_name("coin2"), "traitor": card_text("verraeter"),
            "assassin": card_text("meuchlerin"), "draw": _(KINDS["draw"]),
            "ringleader": master_name("ringleader"), "own": _(KINDS["own"]),
            "give": _(KINDS["give"]), "one_vp": vp(1), "two_vp": vp(2),
            "coin_tile": tile_text("B5"),
            "pay_tile": _("Pay with the {tile}").format(tile=tile_text("B5"))}


LESSON = Lesson(
    game="swindler", seed=23,
    seats=({"name": N_("Sam")}, {"name": N_("Ray"), "bot": "easy"}),
    words=words,
    steps=(
        # turn 1: an order, a steal, a fence, an accomplice
        Step(N_("You are a swindler: steal loot from the rich bags and deliver it to orders "
                "and fences for victory points (VP). A turn has five steps: reserve orders, "
                "steal, fulfil and sell, refill, hire. Order O03 wants one {watch} handed "
                "over, and the {yellow} bag holds three: reserve O03."),
             point="O03", teach={"reserve": "O03"}, hint=N_("reserve order O03.")),
        Step(N_("Only orders you reserved are yours to fulfil, and you have 3 markers. "
                "Taking over someone's reservation costs them {two_vp}, giving up your own "
                "costs you {two_vp}. One is enough for now: go stealing."),
             point="bag-yellow", teach={"done": True}, hint=N_("go stealing now.")),
        Step(N_("Every tile is open: the table shows what is in each bag, and how many skulls. "
                "Steal from the {yellow} bag."),
             point="bag-yellow", teach={"bag": "yellow"}, hint=N_("choose the {yellow} bag.")),
        Step(N_("A {watch}! After the first tile you may stop, or push your luck: draw one more "
                "tile."), point="bag-yellow", teach={"draw": True},
             hint=N_("draw another tile.")),
        Step(N_("Two watches. Each draw risks a skull, and a skull would send both back. Stop "
                "and keep what you have."), point="bag-yellow", teach={"stop": True},
             hint=N_("stop stealing now.")),
        Step(N_("Now your turn's step 3: fulfil orders and sell loot, in any order. O03 is a "
                "{give} order: hand over a {watch} for its reward. Fulfil O03."),
             point="O03", teach={"fulfil": "O03"}, hint=N_("fulfil order O03.")),
        Step(N_("A fence buys loot that fits one of its fields, for the VP printed there; "
                "whoever fills its last field scores {two_vp} more. Sell your other {watch} to "
                "fence 1 for {one_vp}."), point="F06-1",
             teach={"sell": "Y2", "fence": 0, "field": 0},
             hint=N_("sell the {watch} to fence 1.")),
        Step(N_("The orders were refilled, and a police raid came up: whoever holds 5 loot "
                "tiles or more hands 2 back. You hold none. Last comes step 5, hiring: an "
                "accomplice costs a coin and comes blind from the deck. You have 2 coins: hire "
                "one."),
             point="seat-0", teach={"hire": "coin"}, hint=N_("hire an accomplice.")),
        Step(N_("Your new accomplice can be played once this turn is over, even in someone "
                "else's turn; a card can even answer another card (the {assassin} cancels "
                "one). Keep your last coin: each one scores a VP at the end. End your turn."),
             teach={"done": True}, hint=N_("end your turn.")),
        Step(N_("{opponent} stopped stealing with a {keys} (it stands for any one key) and a "
                "{coin2} from the {black} bag. Your {traitor} answers exactly that moment: "
                "{opponent} must draw once more, and a skull pays you a coin. Play the "
                "{traitor}."),
             point="C26", teach={"play": "C26"}, hint=N_("play the {traitor}.")),
        # turn 2: two orders, a longer steal, coins and a coin tile, neutral tiles, a raid
        Step(N_("A skull! {opponent} was caught: every {black} tile in front of him went back "
                "into the bag, and you got a coin. Your turn. O23 wants 2 coins handed over, "
                "and you have them: reserve O23."),
             point="O23", teach={"reserve": "O23"}, hint=N_("reserve order O23.")),
        Step(N_("O08 wants two pieces of jewellery handed over; half of the {blue} bag's "
                "tiles are jewellery. Reserve O08 too."),
             point="O08", teach={"reserve": "O08"}, hint=N_("reserve order O08.")),
        Step(N_("Two orders reserved: go stealing."), point="bag-blue",
             teach={"done": True}, hint=N_("go stealing now.")),
        Step(N_("Steal from the {blue} bag: one skull among its tiles. (A skull on the very "
                "first draw at least pays a coin.)"), point="bag-blue",
             teach={"bag": "blue"}, hint=N_("choose the {blue} bag.")),
        Step(N_("A {necklace}: one piece of jewellery for O08. Draw again."),
             point="bag-blue", teach={"draw": True}, hint=N_("draw another tile.")),
        Step(N_("A {watch} counts as jewellery too. The bag is smaller now, so the skull is a "
                "little likelier. Draw once more."),
             point="bag-blue", teach={"draw": True}, hint=N_("draw another tile.")),
        Step(N_("The {coin_tile}: a loot tile that pays like a coin and scores like one at the "
                "end, but no fence buys it. Draw one more time."),
             point="bag-blue", teach={"draw": True}, hint=N_("draw another tile.")),
        Step(N_("Four tiles, and the odds of a skull grow with every draw; a skull now would "
                "send every {blue} tile in front of you back. Stop here."),
             point="bag-blue", teach={"stop": True}, hint=N_("stop stealing now.")),
        Step(N_("Fulfil O23 first."), point="O23", teach={"fulfil": "O23"},
             hint=N_("fulfil order O23.")),
        Step(N_("Press “{pay_tile}”, and keep your real coin for hiring."),
             point="tile-B5", teach={"pay": "B5"}, hint=N_("pay with the {coin_tile}.")),
        Step(N_("O23 also pays a neutral tile from the supply. Take the {ring}."),
             point="tile-N1", teach={"neutral": "N1"}, hint=N_("take the {ring}.")),
        Step(N_("Now O08: fulfil it."), point="O08", teach={"fulfil": "O08"},
             hint=N_("fulfil order O08.")),
        Step(N_("Hand over the {watch} first."), point="tile-B4", teach={"give": "B4"},
             hint=N_("hand over the {watch}.")),
        Step(N_("And one {necklace}; you keep the other."), point="tile-B2",
             teach={"give": "B2"}, hint=N_("hand over a {necklace}.")),
        Step(N_("Another neutral tile: take the second {ring}."), point="tile-N2",
             teach={"neutral": "N2"}, hint=N_("take the {ring}.")),
        Step(N_("Order O01 is an {own} order: just hold a {ring} and a {necklace}, nothing "
                "is handed over. You have both: keep them for next turn rather than selling "
                "them. End this step."),
             point="O01", teach={"done": True}, hint=N_("end this step.")),
        Step(N_("A police raid: whoever holds 3 loot tiles or more hands one back (other "
                "raids jail whoever has too many wanted posters). Give up a {ring}: you keep a "
                "{ring} and a {necklace} for O01."),
             point="tile-N1", teach={"tile": "N1"}, hint=N_("hand over a {ring}.")),
        Step(N_("Three orders fulfilled: at five, your master-thief card ({ringleader}) "
                "unlocks. The new O29 is a {draw} order: only tiles stolen in the turn you "
                "fulfil it count. Hire one more accomplice with your last coin."),
             point="seat-0", teach={"hire": "coin"}, hint=N_("hire an accomplice.")),
    ),
    done=N_("That was the guided part: you know the game now. The rest of this game is yours "
            "to play as you like, or leave it and start a real one. Play your accomplices "
            "when their moment comes. The first swindler to fulfil 9 orders rings in the "
            "last round; then each coin adds 1 VP and each order still reserved costs 2 "
            "VP."),
    end=N_("The game is over. Points are VP plus coins, less 2 for each order still "
           "reserved; more fulfilled orders break a tie. Start a real game whenever you "
           "like."),
)
