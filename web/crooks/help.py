"""The help page of the crooks game: the rules in this project's own words and the list of the
32 crooks (this project's own design: the rulebook does not give them)."""

from functools import cache

from engine.crooks import content

from ..markup import e, rules_in_brief
from .render import ACTIONS, GANGS

RULES = [
    ("The idea", [
        "You are a mastermind. Around the city, crooks hang out in dens; you hire them and send "
        "them to raid eight targets worth 2 to 9 points. The strongest crook at a target takes "
        "its points when the game ends. Three gangs — Northside, Westside and the Outfit — pay "
        "extra to whoever has hired the most of their members.",
    ]),
    ("Setting up", [
        "The targets lie in a row from 2 to 9. The crooks are shuffled into face-down stacks "
        "under the dens: " + "; ".join(
            f"with {n} players dens A–{content.dens(n)[-1]} (stacks of "
            f"{', '.join(map(str, sizes))})" for n, sizes in content.STACKS.items())
        + ". The crooks left over stay in the box unseen. Everyone starts with "
        f"${content.START_MONEY}; a random player goes first and play goes clockwise.",
    ]),
    ("Your turn: recruit, then raid — or pass", [
        "<strong>Recruit.</strong> Pick a den and pay the bank $1 for every card in its stack. "
        "Look at the whole stack in secret, keep one crook and put the rest back face down. If "
        "you cannot pay for any den, you must pass.",
        "<strong>Raid.</strong> Send that crook at once to a target, in your own row. It goes "
        "face up, or face down for $1 more. Each target takes only one crook of yours (the "
        "Accomplice, the Swap and the Killer bend this). Only you may look at your face-down "
        "crooks.",
        "<strong>Pass.</strong> Instead of recruiting you may pass; then you are out and "
        "recruit no more. The game ends when everyone has passed.",
    ]),
    ("Actions", [
        "A crook's action happens only when it is placed face up from your hand, and you may "
        "always decline it — except the Kingpin's. A crook placed face down does nothing.",
        "<strong>Pickpocket</strong>: take $2 from the bank. "
        "<strong>Accomplice</strong>: may join a target where you already have crooks; their "
        "ranks are added together. "
        "<strong>Swap</strong>: may go to a target where you already have crooks; those crooks "
        "(all of them, if an Accomplice joined them) move together to a target where you have "
        "none, keeping their face, without acting again. "
        "<strong>Killer</strong>: removes every crook of one player at its target from the game "
        "— your own too, and then the Killer takes their place. "
        "<strong>Kingpin</strong>: may be recruited only as the last card of its den's stack, "
        "and always goes face up. "
        "<strong>Spy</strong>: look at every face-down crook at one target, or at the stack of "
        "one den, without taking anything.",
    ]),
    ("Scoring", [
        "All crooks are turned face up. Targets score one by one from the lowest. A target is "
        "worth its number plus the modifiers of every crook there (anyone's, face up or down), "
        "never less than 0. The player whose crook there has the highest rank (an Accomplice's "
        "rank added) takes it; tied players split it, rounded down.",
        "Then each gang: the one player with the most of its members on the targets gets 5 "
        "points (2 players), 4 (3 players) or 3 (4 players). A crook of two gangs counts for "
        "both. If the most members are tied, nobody gets the gang.",
        "Most points wins; on a tie, the most money left; still tied, the win is shared.",
    ]),
    ("On this table", [
        "The rulebook does not list the 32 crooks: the ranks, modifiers, gangs and actions "
        "below are this table's own design. 16 crooks are plain, 15 have an action (three of "
        "each) and one is the Kingpin. The strongest pay for their rank: the 10s and 11 belong "
        "to no gang and lower their target's worth, the 8s and 9s have one gang. Action crooks "
        "rank 1 to 6 — their action is their strength — and big bonuses (+2, +3) sit on weak "
        "crooks, so they pay off only at a target you can win another way. Each gang has nine "
        "members spread over all ranks, two crooks belong to two gangs, and a gang is worth "
        "about one middle target. The Kingpin (12) can still lose to an Accomplice's stack or "
        "a Killer, comes only as the last card of a stack, and everybody sees where it goes.",
        "What you saw in a den or with a Spy is listed on your screen under “What you have "
        "seen”, for your eyes only.",
    ]),
]


@cache
def render() -> str:
    rows = "".join(
        f'<tr><th scope="row">{e(c["name"])}</th><td class="num">{c["rank"]}</td>'
        f'<td class="num">{c["modifier"]:+d}</td>'
        f'<td>{e(", ".join(GANGS[g][0] for g in c["gangs"]) or "—")}</td>'
        f'<td>{e(ACTIONS.get(c["action"], "—"))}</td></tr>'
        for c in sorted(content.crooks().values(), key=lambda c: (-c["rank"], c["name"])))
    return (
        rules_in_brief("Crooks", RULES)
        + f'<section class="panel help"><h2>The 32 crooks</h2><div class="table-wrap">'
        f'<table class="results"><thead><tr><th scope="col">Crook</th>'
        f'<th scope="col" class="num">Rank</th><th scope="col" class="num">Modifier</th>'
        f'<th scope="col">Gangs</th><th scope="col">Action</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div></section>")
