"""Age of Thieves' lesson (web/lesson.py; its checklist is in docs/learn.md): a first game as
the books advise it, without the special action cards, for two thieves: the learner's Nikolai
against an easy bot's Jasmine, on a deal where the first four turns meet the starting space,
declaring with AP, initiative against the opponent and the city guard, a Sneak one space at a
time, a hideout, a green jewel taken, Wits, a city token and Known Neighborhood, an event that
hides every thief, a sewer entrance, a theft by the opponent, the hand limit and a general card
played to slip away from two guards; then the learner plays on freely to the end."""

from ..aot import labels as L
from ..i18n import N_
from ..lesson import Lesson, Step


def words() -> dict:
    """The names the tutor's lines use, in the active language."""
    return {"emperor": L.jewel("emperor"), "move": L.card_name("move"),
            "ambush": L.card_name("ambush"), "sneak": L.mode("sneak"),
            "dash": L.mode("dash"), "wits": L.mode("wits"), "plan": L.mode("plan"),
            "bola": L.card_name("poisonous_bola"),
            "passage": L.card_name("secret_passage"),
            "chronometer": L.card_name("pocket_chronometer"),
            "cogrod": L.card_name("cog_rod"), "kn": L.token("known_neighborhood"),
            "nostar": L.event_info("no_star_in_the_sky")["name"],
            "g6": L.watch_id("g06"), "g10": L.watch_id("g10")}


LESSON = Lesson(
    game="age_of_thieves", seed=1,
    seats=({"name": N_("Sam"), "thief": "nikolai"},
           {"name": N_("Ray"), "thief": "jasmine", "bot": "easy"}),
    options={"special_cards": False},
    words=words,
    steps=(
        # set-up
        Step(N_("You are a thief in a guarded city. To win, take the {emperor} from the vault "
                "in the middle of the Palace and get out through an open gate. First choose "
                "where you start; {opponent} took N03. Start on W05: two green jewels lie 6 "
                "spaces from there."),
             point="W05", teach={"start": "W05"}, hint=N_("start on W05.")),
        # turn 1: Flooded Sewers, the guard's die 1
        Step(N_("A turn begins with an event and the city guard's die: its initiative is 1 "
                "now. Then everyone declares at once and in secret: cards face down, at least 1 "
                "AP on each, the rest kept back. You have 10 AP. (In a first game the special "
                "action cards stay in the box.) Put 4 AP on {move} and confirm."),
             point="card-move", teach={"declare": [{"card": "move", "ap": 4}]},
             hint=N_("put 4 AP on {move} and nothing else, then confirm.")),
        Step(N_("The declarations are shown. More AP act earlier: {opponent}'s 10 AP went "
                "first. {move} has two sides: {sneak}, up to 4 spaces and fine beside other "
                "cards, or {dash}, up to 6 spaces, but it must be your only card and picks "
                "nothing up. Choose {sneak}."),
             point="mode-sneak", teach={"card": 0, "as": "sneak"}, hint=N_("choose {sneak}.")),
        Step(N_("You go one space at a time along the paths; the ringed spaces are your next "
                "steps. Step to W06."),
             point="W06", teach={"step": "W06"}, hint=N_("step to W06.")),
        Step(N_("The guard {g10} is close, but guards act only at their initiative: what "
                "counts is where you stand then. Step to W07."),
             point="W07", teach={"step": "W07"}, hint=N_("step to W07.")),
        Step(N_("Turn north to W04, on the way to the green jewel on N22."),
             point="W04", teach={"step": "W04"}, hint=N_("step to W04.")),
        Step(N_("A guard hears a thief who is not hidden from 4 spaces away, then walks up to 3 "
                "spaces toward him. End on N20: 5 spaces from the nearest guard."),
             point="N20", teach={"step": "N20"}, hint=N_("step to N20.")),
        # turn 2: Guild Informants, the guard's die 2
        Step(N_("Turn 2. Your AP came back, you drew a card, and the event gives 1 AP more for "
                "this turn. {opponent} stands 4 spaces from the jewel on N22, so act early: put "
                "6 AP on {move} and 2 on {ambush}. Those 2 tie with the guard's 2, and while "
                "the city is calm a thief wins that tie."),
             point="card-move",
             teach={"declare": [{"card": "move", "ap": 6}, {"card": "ambush", "ap": 2}]},
             hint=N_("put 6 AP on {move} and 2 on {ambush}, then confirm.")),
        Step(N_("{opponent} spread 1 AP each over three cards, so your 6 go first. {sneak} "
                "again."),
             point="mode-sneak", teach={"card": 0, "as": "sneak"}, hint=N_("choose {sneak}.")),
        Step(N_("N21 is a hideout: while you stand on it you are hidden, and no guard hears "
                "you. Step there."),
             point="N21", teach={"step": "N21"}, hint=N_("step to N21.")),
        Step(N_("Now on to N22, where the green jewel lies."),
             point="N22", teach={"step": "N22"}, hint=N_("step to N22.")),
        Step(N_("Take it. Jewels and city tokens are picked up as you pass, without ending "
                "your move. A green jewel is worth 2 VP, a yellow one 1."),
             point="move-take", teach={"take": "green"}, hint=N_("take the green jewel.")),
        Step(N_("You have 2 spaces left. Go back into the hideout on N21."),
             point="N21", teach={"step": "N21"}, hint=N_("step back to N21.")),
        Step(N_("And stop there, hidden. You need not use every space."),
             point="move-stop", teach={"stop": True}, hint=N_("stop here.")),
        Step(N_("Now {ambush}. Its {wits} side draws a card, then you discard one; its {plan} "
                "side must be your only card and gives 2 cards and 2 AP next turn. Choose "
                "{wits}."),
             point="mode-wits", teach={"card": 1, "as": "wits"}, hint=N_("choose {wits}.")),
        Step(N_("Discard the {bola}: a card you do not need today."),
             point="card-c28", teach={"discard": "c28"}, hint=N_("discard the {bola}.")),
        # turn 3: No Star in the Sky, the guard's die 1
        Step(N_("Tonight's event is {nostar}: every thief is hidden this turn, so the guards "
                "hear no one. A good night to cross open streets. Put 4 AP on {move}."),
             point="card-move", teach={"declare": [{"card": "move", "ap": 4}]},
             hint=N_("put 4 AP on {move} and nothing else, then confirm.")),
        Step(N_("{opponent}'s 8 AP went first. Head for the other green jewel, on W13: "
                "{sneak}."),
             point="mode-sneak", teach={"card": 0, "as": "sneak"}, hint=N_("choose {sneak}.")),
        Step(N_("Step to N22; the jewel there is already yours."),
             point="N22", teach={"step": "N22"}, hint=N_("step to N22.")),
        Step(N_("On to N27."),
             point="N27", teach={"step": "N27"}, hint=N_("step to N27.")),
        Step(N_("N35 is a guardhouse with a face-down city token. Step there."),
             point="N35", teach={"step": "N35"}, hint=N_("step to N35.")),
        Step(N_("Turn the token over: it takes effect at once, for better or worse."),
             point="N35", teach={"reveal": "N35"}, hint=N_("reveal the token on N35.")),
        Step(N_("A {kn}: it stays on your sheet until you spend it in a move for 1 space "
                "more. Keep it for now and step to W10."),
             point="W10", teach={"step": "W10"}, hint=N_("step to W10.")),
        Step(N_("Your 4 spaces are used up: use the {kn} for one more."),
             point="move-kn", teach={"kn": True}, hint=N_("use the {kn}.")),
        Step(N_("Step to W12."),
             point="W12", teach={"step": "W12"}, hint=N_("step to W12.")),
        Step(N_("W12 is a sewer entrance: through the sewers you come up at any sewer exit, "
                "but that ends your move. The jewel on W13 must wait until next turn: stop "
                "here."),
             point="move-stop", teach={"stop": True}, hint=N_("stop here.")),
        # turn 4: Reinforced Patrols, the guard's die 5
        Step(N_("Ouch: {opponent} took the jewel on W13, came back to your space and played a "
                "{cogrod}. A card with the theft icon aimed at a thief on your own space takes "
                "one of his jewels at once. You now hold 6 cards, one more than allowed: "
                "discard the {chronometer}."),
             point="card-c69", teach={"discard": "c69"},
             hint=N_("discard the {chronometer}.")),
        Step(N_("The guard's die shows 5, and the guards {g6} and {g10} stand 3 spaces from "
                "you: at initiative 5 they would hear you and walk onto your space. A caught "
                "thief loses a jewel and a card and starts the next turn in the dungeon with 2 "
                "AP. A {passage} with 6 AP acts before them: put 6 AP on it."),
             point="card-c51", teach={"declare": [{"card": "c51", "ap": 6}]},
             hint=N_("put 6 AP on the {passage} and nothing else, then confirm.")),
        Step(N_("A general card does what it says and goes to the discard pile at the end of "
                "the turn. Play the {passage}."),
             point="mode-play", teach={"card": 0, "as": "play"},
             hint=N_("play the {passage}.")),
        Step(N_("Choose the hideout on P20, in the Palace, near the vault. You play Nikolai, "
                "who built it: inside the Palace guards hear him only from the next space."),
             point="P20", teach={"pick": "P20"}, hint=N_("choose P20.")),
    ),
    done=N_("You know the basics now: play on as you like. Once someone takes the Emperors' "
            "Jewel, the alarm sounds the next turn: more guards and captains arrive, the guard "
            "rolls two dice and wins ties, and the gates of one district open. Leave through "
            "one of them before the Alarm events run out. With the Emperors' Jewel you win at "
            "once; otherwise the thief outside with the most VP wins. If nobody takes it before "
            "the Calm events run out, every thief loses."),
    end=N_("The game is over. Only a thief who got out of the city can win: with the "
           "Emperors' Jewel at once, otherwise with the most VP among those who left. Start a "
           "real game whenever you like; the special action cards can join it there."),
)
