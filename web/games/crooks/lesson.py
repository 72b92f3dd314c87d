"""The crooks game's lesson (web/play/lesson.py; its checklist is in docs/learn.md): a two-player
game against an easy bot, on a deal where a first game meets recruiting and looking at a
stack, a Pickpocket, face up and face down, the Kingpin, a Spy, an Accomplice, a Killer, a
Swap, gangs and modifiers; then the learner plays on freely to the scoring."""

from web.base.i18n import N_, _
from web.games.crooks.messages import crook_name, gang_name, money
from web.games.lesson import Lesson, Step


def words() -> dict:
    """The names and amounts the tutor's lines use, in the active language."""
    return {"fingers": crook_name("c17"), "slim": crook_name("c11"),
            "kingpin": crook_name("c32"), "joe": crook_name("c19"), "mo": crook_name("c28"),
            "lena": crook_name("c22"), "tim": crook_name("c21"), "dora": crook_name("c24"),
            "one": money(1), "two": money(2), "five": money(5), "westside": gang_name("blue"),
            "outfit": gang_name("yellow"), "use": _("Use it"),
            "down": _("Face down ({money} more; no action)").format(money=money(1)),
            **{f"target{n}": _("Target {target}").format(target=n) for n in (2, 7, 8, 9)}}


LESSON = Lesson(
    game="crooks", seed=3,
    seats=({"name": N_("Sam")}, {"name": N_("Ray"), "bot": "easy"}),
    words=words,
    steps=(
        Step(N_("You are a mastermind: hire crooks in the dens and send them to the targets. "
                "Recruiting costs {one} for every card in the den's stack, and you see the "
                "whole stack before you keep one. Den A holds 2 cards: recruit there."),
             point="den-A", teach={"den": "A"}, hint=N_("recruit at Den A.")),
        Step(N_("Only you see this stack. {fingers} is a Pickpocket: placed face up, he takes "
                "{two} from the bank at once. Keep him; the other crook goes back face down."),
             point="crook-c17", teach={"take": "c17"}, hint=N_("keep {fingers}.")),
        Step(N_("Now send him to a target in your column. At the end each target goes to the "
                "highest rank there, and target 9 is worth the most. Place {fingers} face up "
                "on target 9: “{target9}”."),
             point="cell-9-0", teach={"place": 9, "face": "up"},
             hint=N_("place him face up on target 9.")),
        Step(N_("A crook placed face up acts at once, and you may always say no. Take the "
                "{two}: “{use}”."), teach={"use": True}, hint=N_("take the money.")),
        Step(N_("{opponent} played a Spy and looked at a den. Your turn again: recruit at "
                "Den B."), point="den-B", teach={"den": "B"}, hint=N_("recruit at Den B.")),
        Step(N_("{slim} has rank 6 and belongs to two gangs: {westside} and {outfit}. At "
                "the end, whoever has the most members of a gang on the targets scores extra "
                "points for it. Keep him."),
             point="crook-c11", teach={"take": "c11"}, hint=N_("keep {slim}.")),
        Step(N_("Face down costs {one} more and a face-down crook does nothing, but nobody "
                "else knows how strong he is. Choose “{down}”, then “{target8}”, where "
                "{opponent} has a crook."),
             point="cell-8-0", teach={"place": 8, "face": "down"},
             hint=N_("choose “{down}”, then “{target8}”.")),
        Step(N_("{opponent} placed {lena}, an Accomplice: she may join a crook of her "
                "player's at a target, and then their ranks add up. Den C has one card left, "
                "and the last card of a stack can be the strongest crook of all: recruit at "
                "Den C."), point="den-C", teach={"den": "C"}, hint=N_("recruit at Den C.")),
        Step(N_("{kingpin}: rank 12. He can only be recruited as the last card of a den, and "
                "he always goes face up. Place him on target 7: “{target7}”."),
             point="cell-7-0", teach={"place": 7, "face": "up"},
             hint=N_("place him on target 7.")),
        Step(N_("Ouch: {opponent}'s {mo} is a Killer. Placed face up on target 9, he removed "
                "your {fingers} there from the game. Recruit at Den D."),
             point="den-D", teach={"den": "D"}, hint=N_("recruit at Den D.")),
        Step(N_("{joe} has a modifier of +1: it adds to the worth of his target, whoever wins "
                "it. He is a Pickpocket too. Keep him."),
             point="crook-c19", teach={"take": "c19"}, hint=N_("keep {joe}.")),
        Step(N_("Target 2 is cheap, but nobody is there yet. Place {joe} face up on target 2: "
                "“{target2}”."),
             point="cell-2-0", teach={"place": 2, "face": "up"},
             hint=N_("place him face up on target 2.")),
        Step(N_("And take the {two} (“{use}”): money you keep breaks a tie at the end."),
             teach={"use": True}, hint=N_("take the money.")),
        Step(N_("{opponent}'s {tim} now outranks your {joe} on target 2. Den E holds 5 "
                "cards: the widest choice, for {five}. Recruit there."), point="den-E",
             teach={"den": "E"},
             hint=N_("recruit at Den E.")),
        Step(N_("{dora} is a Swap: she may go to a target where you already have crooks, and "
                "those crooks move on to a target where you have none. Keep her."),
             point="crook-c24", teach={"take": "c24"}, hint=N_("keep {dora}.")),
        Step(N_("Place {dora} face up on target 2, on your {joe}."), point="cell-2-0",
             teach={"place": 2, "face": "up"}, hint=N_("place her face up on target 2.")),
        Step(N_("{joe} moves on. Send him to target 3, where nobody is yet; {dora} (rank 3) "
                "stays and beats {tim} on target 2."), point="cell-3-0",
             teach={"swap_to": 3}, hint=N_("move him to target 3.")),
    ),
    done=N_("You know the game now: play on as you like. Pass when no den is worth its "
            "price to you; when everyone has passed, the targets are scored from 2 to 9, then "
            "the gangs."),
    end=N_("The game is over. Each target went to the highest rank there, worth its number "
           "plus its modifiers, and each gang to whoever had the most of its members. Start a "
           "real game whenever you like."),
)
