"""The help page of the crooks game: the rules in this project's own words and the list of the
32 crooks (this project's own design: the rulebook does not give them). Every text is marked
for translation; a paragraph is ``(term, text)``: an optional bold term, then the text."""

from engine.crooks import content
from web.base.i18n import N_, _
from web.base.markup import e, scrolls
from web.games.crooks.messages import crook_name, gang_name, money
from web.games.crooks.pieces import ACTION_TEXTS, ACTIONS
from web.games.help import page, panel

RULES = [
    (N_("The idea"), [
        (None, N_(
            "You are a mastermind. Around the city, crooks hang out in dens; you hire them and "
            "send them to raid eight targets worth 2 to 9 points. The strongest crook at a "
            "target takes its points when the game ends. Three gangs — Northside, Westside and "
            "the Outfit — pay extra to whoever has hired the most of their members.")),
    ]),
    (N_("Setting up"), [
        (None, N_(
            "The targets lie in a row from 2 to 9. The crooks are shuffled into face-down "
            "stacks under the dens: {stacks}. The crooks left over stay in the box unseen. "
            "Everyone starts with {money}; a random player goes first and play goes "
            "clockwise.")),
    ]),
    (N_("Your turn: recruit, then raid — or pass"), [
        (N_("Recruit."), N_(
            "Pick a den and pay the bank {one} for every card in its stack. Look at the whole "
            "stack in secret, keep one crook and put the rest back face down. If you cannot "
            "pay for any den, you must pass.")),
        (N_("Raid."), N_(
            "Send that crook at once to a target, in your own row. It goes face up, or face "
            "down for {one} more. Each target takes only one crook of yours (the Accomplice, "
            "the Swap and the Killer bend this). Only you may look at your face-down crooks.")),
        (N_("Pass."), N_(
            "Instead of recruiting you may pass; then you are out and recruit no more. The "
            "game ends when everyone has passed.")),
    ]),
    (N_("Actions"), [
        (None, N_(
            "A crook's action happens only when it is placed face up from your hand, and you "
            "may always decline it — except the Kingpin's. A crook placed face down does "
            "nothing.")),
        *((ACTIONS[action], text) for action, text in ACTION_TEXTS.items()),
    ]),
    (N_("Scoring"), [
        (None, N_(
            "All crooks are turned face up. Targets score one by one from the lowest. A target "
            "is worth its number plus the modifiers of every crook there (anyone's, face up or "
            "down), never less than 0. The player whose crook there has the highest rank (an "
            "Accomplice's rank added) takes it; tied players split it, rounded down.")),
        (None, N_(
            "Then each gang: the one player with the most of its members on the targets gets 5 "
            "points (2 players), 4 (3 players) or 3 (4 players). A crook of two gangs counts "
            "for both. If the most members are tied, nobody gets the gang.")),
        (None, N_(
            "Most points wins; on a tie, the most money left; still tied, the win is shared.")),
    ]),
    (N_("On this table"), [
        (None, N_(
            "The rulebook does not list the 32 crooks: the ranks, modifiers, gangs and actions "
            "below are this table's own design. 16 crooks are plain, 15 have an action (three "
            "of each) and one is the Kingpin. The strongest pay for their rank: the 10s and 11 "
            "belong to no gang and lower their target's worth, the 8s and 9s have one gang. "
            "Action crooks rank 1 to 6 — their action is their strength — and big bonuses (+2, "
            "+3) sit on weak crooks, so they pay off only at a target you can win another way. "
            "Each gang has nine members spread over all ranks, two crooks belong to two gangs, "
            "and a gang is worth about one middle target. The Kingpin (12) can still lose to an "
            "Accomplice's stack or a Killer, comes only as the last card of a stack, and "
            "everybody sees where it goes.")),
        (None, N_(
            "What you saw in a den or with a Spy is listed on your screen under “What you have "
            "seen”, for your eyes only.")),
    ]),
]


def _stacks() -> str:
    """The dens and stack sizes for each number of players, in the active language."""
    return "; ".join(
        _("with {players} players dens A–{last} (stacks of {sizes})").format(
            players=n, last=content.dens(n)[-1], sizes=", ".join(map(str, sizes)))
        for n, sizes in content.STACKS.items())


def _paragraph(term: str | None, text: str) -> str:
    filled = _(text).format(stacks=_stacks(), money=money(content.START_MONEY),
                            one=money(content.FACE_DOWN_COST),
                            two=money(content.PICKPOCKET_MONEY))
    return (f"<strong>{e(_(term))}</strong> " if term else "") + e(filled)


def _panels() -> str:
    crooks = sorted(content.crooks().values(), key=lambda c: (-c["rank"], crook_name(c["id"])))
    rows = "".join(
        f'<tr><th scope="row">{e(crook_name(c["id"]))}</th><td class="num">{c["rank"]}</td>'
        f'<td class="num">{c["modifier"]:+d}</td>'
        f'<td>{e(", ".join(gang_name(g) for g in c["gangs"]) or "—")}</td>'
        f'<td>{e(_(ACTIONS[c["action"]]) if c["action"] in ACTIONS else "—")}</td></tr>'
        for c in crooks)
    table = (f'<table class="results"><thead><tr><th scope="col">{e(_("Crook"))}</th>'
             f'<th scope="col" class="num">{e(_("Rank"))}</th>'
             f'<th scope="col" class="num">{e(_("Modifier"))}</th>'
             f'<th scope="col">{e(_("Gangs"))}</th><th scope="col">{e(_("Action"))}</th></tr>'
             f"</thead><tbody>{rows}</tbody></table>")
    return panel(_("The 32 crooks"), scrolls(_("The 32 crooks"), table))


render = page(N_("Crooks"), RULES, _panels, _paragraph)
