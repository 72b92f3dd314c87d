"""Age of Thieves' lesson (web/play/lesson.py; its checklist is in docs/learn.md): a first game as
the books advise it, without the special action cards, for two thieves: the learner's Nikolai
against an easy bot's Jasmine, on a deal (seed 23) where four turns meet the starting space,
declaring with AP, initiative against the opponent and the city guard, a Sneak one space at a
time, a city token turned over (an Informer, kept), a hideout, a green jewel taken, a guard
walking onto the opponent's space and catching her (seen at the learner's Wits, which acts
after the guards), and the hand limit; then the learner plays on freely, near the Palace and
ahead of the opponent, and the tutor remarks on the opponent's theft, a catch, the Emperors'
Jewel taken and the alarm (``remark``)."""

from web.base.i18n import N_, _
from web.games.aot import labels as L
from web.games.aot.messages import JEWELS, space_text
from web.games.lesson import LEARNER, Lesson, Step


def words() -> dict:
    """The names the tutor's lines use, in the active language."""
    return {"emperor": L.jewel("emperor"), "move": L.card_name("move"),
            "ambush": L.card_name("ambush"), "sneak": L.mode("sneak"),
            "dash": L.mode("dash"), "wits": L.mode("wits"), "plan": L.mode("plan"),
            "informer": L.token("informer"),
            "mirror": L.card_name("mirror_trick"),
            "elixir": L.card_name("elixir_of_speed"),
            "tongues": L.event_info("loose_tongues")["name"],
            "feast": L.event_info("fishermens_feast")["name"],
            "forges": L.event_info("roar_of_the_forges")["name"],
            "g6": L.watch_id("g06"),
            # the labels of the buttons the lines name, as the screen words them
            "confirm": _("Confirm declaration"), "stop": _("Stop here"),
            "reveal": _("Reveal the city token on {space}").format(space=space_text("N09")),
            "take": _("Take {jewel}").format(jewel=_(JEWELS["green"])),
            "discard_mirror": _("Discard {card}").format(card=L.card_name("mirror_trick")),
            "discard_pickpocket": _("Discard {card}").format(card=L.card_name("pickpocket"))}


def remark(entries: list, names: list) -> str:
    """What the tutor says of the log's ``entries`` since the learner's last decision: the
    opponent's theft, the Emperors' Jewel taken or the city left, a catch, the alarm."""
    said = []
    for entry in entries:
        msg, args = entry.get("msg"), entry.get("args", {})
        who = args.get("player")
        if entry.get("to") not in (None, LEARNER):
            continue
        if msg == "caught":
            text = _("The city guard caught you.") if who == LEARNER else \
                _("The city guard caught {player}.")
        elif msg == "alarm_raised":
            text = _("The alarm sounds: the gates of one district are open now.")
        elif who == LEARNER or who is None:
            continue  # the learner's own deeds need no word
        elif msg == "steals":
            text = _("{player} stole one of your jewels.")
        elif msg == "takes_jewel" and args.get("jewel") == "emperor":
            text = _("{player} took the Emperors' Jewel: the alarm sounds next turn.")
        elif msg == "leaves_city":
            text = _("{player} left the city.")
        else:
            continue
        said.append(text.format(player=names[who] if who is not None else ""))
    return " ".join(dict.fromkeys(said))


def _move(say: str, space: str, hint: str) -> Step:
    return Step(say, point=space, teach={"step": space}, hint=hint)


def _sneak(say: str) -> Step:
    """Move, the first card declared, played as Sneak."""
    return Step(say, point="mode-sneak", teach={"card": 0, "as": "sneak"},
                hint=N_("choose \"{sneak}\"."))


LESSON = Lesson(
    game="age_of_thieves", seed=23,
    seats=({"name": N_("Sam"), "thief": "nikolai"},
           {"name": N_("Ray"), "thief": "jasmine", "bot": "easy"}),
    options={"special_cards": False},
    words=words,
    remark=remark,
    steps=(
        # set-up
        Step(N_("You are a thief in a guarded city. To win, take the {emperor} from the vault "
                "in the middle of the Palace and get out through an open gate. First choose "
                "where you start: N03. A green jewel lies on N22, not far from there."),
             point="N03", teach={"start": "N03"}, hint=N_("start on N03.")),
        # turn 1: Loose Tongues, the guard's die 1
        Step(N_("A turn begins with an event and the city guard's die: its initiative is 1 "
                "now. Then everyone declares at once and in secret: cards face down, at least 1 "
                "AP on each, the rest kept back. You have 10 AP. (In a first game the special "
                "action cards stay in the box.) Put 4 AP on {move}, then press "
                "\"{confirm}\"."),
             point="card-move", teach={"declare": [{"card": "move", "ap": 4}]},
             hint=N_("put 4 AP on {move} and nothing else, then press \"{confirm}\".")),
        _sneak(N_("The declarations are shown. More AP act earlier: {opponent}'s 10 AP went "
                  "first. {move} has two sides: {sneak}, up to 4 spaces and fine beside other "
                  "cards, or {dash}, up to 6 spaces, but it must be your only card and picks "
                  "nothing up. Choose \"{sneak}\".")),
        _move(N_("You go one space at a time along the paths; the ringed spaces are your next "
                 "steps. Step to N02."), "N02", N_("step to N02.")),
        _move(N_("On to N01."), "N01", N_("step to N01.")),
        _move(N_("N09 is a guardhouse with a face-down city token. Step there."),
              "N09", N_("step to N09.")),
        Step(N_("Turn the token over: press \"{reveal}\". It takes effect at once, for better or "
                "worse."),
             point="N09", teach={"reveal": "N09"}, hint=N_("press \"{reveal}\".")),
        _move(N_("An {informer}: it stays on your sheet, and in a later declaration it adds 1 "
                 "AP to a card. Now the guards: a guard hears a thief who is not hidden from 4 "
                 "spaces away, then walks up to 3 spaces toward him. End on N20: 5 spaces from "
                 "the nearest guard."), "N20", N_("step to N20.")),
        # turn 2: Fishermen's Feast, the guard's die 5
        Step(N_("Turn 2. At initiative 1 the guard {g6} heard {opponent} on W13 and walked "
                "toward her: she stands alone by the green jewel there. The guard's die shows "
                "5 now; {feast}: guards walk 1 space less. Put 6 AP on {move} and 2 on "
                "{ambush}: {move} acts before the guards, {ambush} after them. Then press "
                "\"{confirm}\"."),
             point="card-move",
             teach={"declare": [{"card": "move", "ap": 6}, {"card": "ambush", "ap": 2}]},
             hint=N_("put 6 AP on {move} and 2 on {ambush}, then press \"{confirm}\".")),
        _sneak(N_("{opponent}'s 9 AP went first: she took the green jewel on W13. Your 6 come "
                  "next: choose \"{sneak}\".")),
        _move(N_("N21 is a hideout: while you stand on it you are hidden, and no guard hears "
                 "you. Step there."), "N21", N_("step to N21.")),
        _move(N_("Now on to N22, where the green jewel lies."), "N22", N_("step to N22.")),
        Step(N_("Press \"{take}\". Jewels and city tokens are picked up as you pass, without "
                "ending your move. A green jewel is worth 2 VP, a yellow one 1."),
             point="move-take", teach={"take": "green"}, hint=N_("press \"{take}\".")),
        _move(N_("Go back into the hideout on N21."), "N21", N_("step back to N21.")),
        Step(N_("And stay there, hidden: press \"{stop}\". You need not use every space."),
             point="move-stop", teach={"stop": True}, hint=N_("press \"{stop}\".")),
        Step(N_("Look at the guard {g6}: at initiative 5 he heard {opponent} on W13, walked onto "
                "her space and caught her; she is in the dungeon on W32 now. A caught thief "
                "loses a jewel and a card and starts the next turn there with 2 AP, but "
                "Jasmine's ability lets her keep both and get 5 AP. Now your {ambush}, after the "
                "guards: choose \"{wits}\"."),
             point="mode-wits", teach={"card": 1, "as": "wits"},
             hint=N_("choose \"{wits}\".")),
        Step(N_("{wits} draws a card, then you discard one. The other side of {ambush}, {plan}, "
                "must be your only card and gives 2 cards and 2 AP next turn. You do not need "
                "the {mirror} today: press \"{discard_mirror}\"."),
             point="card-c57", teach={"discard": "c57"},
             hint=N_("press \"{discard_mirror}\".")),
        # turn 3: Roar of the Forges, the guard's die 4
        Step(N_("Turn 3: {forges}, so {sneak} goes 1 space farther tonight. {opponent} is "
                "in the dungeon. Put 6 AP on {move}: ahead of her and of the guards' 4. Keep "
                "your {informer} for a later turn. Then press \"{confirm}\"."),
             point="card-move", teach={"declare": [{"card": "move", "ap": 6}]},
             hint=N_("put 6 AP on {move} and nothing else, then press \"{confirm}\".")),
        _sneak(N_("Your 6 act first. Head for the Palace: choose \"{sneak}\".")),
        _move(N_("Step to N22; the jewel there is already yours."), "N22",
              N_("step to N22.")),
        _move(N_("On to N27."), "N27", N_("step to N27.")),
        _move(N_("On to N28."), "N28", N_("step to N28.")),
        _move(N_("On to N37."), "N37", N_("step to N37.")),
        _move(N_("And to N41, by the Palace wall, out of every guard's hearing: your 5 spaces "
                 "are used up."), "N41", N_("step to N41.")),
        # turn 4: Bolted Doors, the guard's die 6
        Step(N_("Turn 4. {opponent} slipped out of the dungeon and ran to W21: she is on her "
                "way to the Palace too. You drew a card and hold 6, one more than the 5 "
                "allowed: press \"{discard_pickpocket}\"."),
             point="card-c63", teach={"discard": "c63"},
             hint=N_("press \"{discard_pickpocket}\".")),
    ),
    done=N_("You know the basics now: play on as you like. The {emperor} lies in the vault on "
            "P00, and {opponent} is heading there too: get there before her. {sneak} and a "
            "general card that moves you, such as the {elixir}, take you far in one turn. Once "
            "someone takes the {emperor}, the alarm sounds the next turn: more guards and "
            "captains arrive, the guard rolls two dice and wins ties, and the gates of one "
            "district open. Leave through one of them before the Alarm events run out. "
            "With the {emperor} you win at once; otherwise the thief outside with the most VP "
            "wins."),
    end=N_("The game is over. Only a thief who got out of the city can win: with the "
           "Emperors' Jewel at once, otherwise with the most VP among those who left. Start a "
           "real game whenever you like; the special action cards can join it there."),
)
