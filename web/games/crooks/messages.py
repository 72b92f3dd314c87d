"""The crooks game's messages (docs/i18n.md): every id the engine writes (engine/crooks: log
lines, prompts, scoring steps) with its English template, and its arguments as text.

Arguments: ``player``/``victim`` a seat, ``players`` seats, ``crook`` a crook id, ``den`` a den
letter, ``target``/``dest`` a target's number, ``money`` an amount, ``count``/``points``/``worth``
numbers, ``terms`` a target's value and the modifiers there, ``ranks``/``counts`` one number per
seat (None: no crook), ``totals`` ``[points, money]`` per seat, ``gang`` a gang id.
"""

from engine.crooks import content
from web.base.i18n import N_, _, number
from web.base.messages import N_plural, and_list, render

GANG_NAMES = {"red": N_("Northside"), "blue": N_("Westside"), "yellow": N_("Outfit")}

# each decision's "why these options?" (web/base/markup.py ``why``), by its kind
WHY = {
    "turn": N_("You may recruit at any den whose price you can pay: one coin for each card in "
               "its stack. Passing puts you out for the rest of the game."),
    "take": N_("You keep one crook of the stack you looked at; the others go back face down. "
               "A crook that fits no target in your column may be taken only when no other one "
               "fits, and the Kingpin only as the last card of its stack."),
    "place": N_("A crook goes to a target in your own column where you have none yet (an "
                "Accomplice, a Swap or a Killer may join yours). Face up is free and sets off "
                "its action; face down costs one coin more and does nothing."),
    "pickpocket": N_("A Pickpocket placed face up may take money from the bank; you may let "
                     "the chance go."),
    "kill": N_("A Killer may remove every crook of one other player at its target; you may "
               "spare them."),
    "swap": N_("The crooks the Swap took the place of move on, face as they were, to a target "
               "in your column where you have none."),
    "spy": N_("A Spy may look at the face-down crooks at one target or at one den's stack, or "
              "do nothing."),
}

MESSAGES = {
    # the log
    "drawn_to_start": N_("{player} is drawn to start."),
    "passes": N_("{player} passes and is out of the game."),
    "recruits": N_("{player} pays {money} at den {den} and looks at its stack."),
    "takes": N_("{player} takes a crook from den {den}."),
    "you_take": N_("You take {crook}."),
    "discards": N_("{player} takes a crook from den {den} but has nowhere to place it: it goes "
                   "into the box unseen."),
    "you_discard": N_("You discard {crook}."),
    "places_down": N_("{player} pays {money} and places a crook face down at target {target}."),
    "you_place_down": N_("You place {crook} face down at target {target}."),
    "places_up": N_("{player} places {crook} face up at target {target}."),
    "accomplice_joins": N_("The Accomplice joins {player}'s crooks at target {target}: their "
                           "ranks add up."),
    "killer_own": N_("The Killer removes {player}'s own crooks at target {target} and takes "
                     "their place."),
    "pickpocket_takes": N_("The Pickpocket takes {money} from the bank for {player}."),
    "pickpocket_declined": N_("{player} lets the Pickpocket's chance go."),
    "killer_spares": N_("{player}'s Killer spares everyone at target {target}."),
    "killer_removes": N_plural(
        "The Killer removes {victim}'s crook at target {target}; it goes into the box.",
        "The Killer removes {victim}'s {count} crooks at target {target}; they go into the box.",
        "count"),
    "swap_moves": N_plural(
        "The Swap sends {player}'s crook from target {target} to target {dest}.",
        "The Swap sends {player}'s {count} crooks from target {target} to target {dest}.",
        "count"),
    "spy_idle": N_("{player}'s Spy stays idle."),
    "spy_target": N_("{player}'s Spy looks at the face-down crooks at target {target}."),
    "spy_den": N_("{player}'s Spy looks at the stack of den {den}."),
    # the prompts
    "recruit_or_pass": N_("Recruit at a den ($1 per card in its stack), or pass for the rest "
                          "of the game"),
    "take_one": N_("Take one crook from den {den}; the others go back face down"),
    "place_crook": N_("Place {crook} at a target in your column: face up, or face down for "
                      "{money} more"),
    "pickpocket_ask": N_("Pickpocket: take {money} from the bank?"),
    "killer_ask": N_("Killer: remove all crooks of one other player at target {target}, or "
                     "decline"),
    "swap_ask": N_("Swap: move the crooks it replaced at target {target} to a target where you "
                   "have none"),
    "spy_ask": N_("Spy: look at the face-down crooks at one target, or at one den's stack, or "
                  "decline"),
    # the scoring
    "target_empty": N_("Target {target}: no crook raids it."),
    "target_won": N_plural(
        "Target {target}: worth {terms} = {worth}. Ranks: {ranks}. {player} takes {points} "
        "point.",
        "Target {target}: worth {terms} = {worth}. Ranks: {ranks}. {player} takes {points} "
        "points.",
        "points"),
    "target_won_floor": N_plural(
        "Target {target}: worth {terms} = {worth} (never below 0). Ranks: {ranks}. {player} "
        "takes {points} point.",
        "Target {target}: worth {terms} = {worth} (never below 0). Ranks: {ranks}. {player} "
        "takes {points} points.",
        "points"),
    "target_shared": N_plural(
        "Target {target}: worth {terms} = {worth}. Ranks: {ranks}. {players} take {points} point "
        "each.",
        "Target {target}: worth {terms} = {worth}. Ranks: {ranks}. {players} take {points} "
        "points each.",
        "points"),
    "target_shared_floor": N_plural(
        "Target {target}: worth {terms} = {worth} (never below 0). Ranks: {ranks}. {players} "
        "take {points} point each.",
        "Target {target}: worth {terms} = {worth} (never below 0). Ranks: {ranks}. {players} "
        "take {points} points each.",
        "points"),
    "gang_controlled": N_plural(
        "{gang}: {counts}. {player} controls the gang: {points} point.",
        "{gang}: {counts}. {player} controls the gang: {points} points.",
        "points"),
    "gang_empty": N_("{gang}: no members on the targets; nobody scores."),
    "gang_tied": N_("{gang}: {counts}. Tied for the most members: nobody scores."),
    "total_win": N_("Totals: {totals}. {player} wins."),
    "total_win_money": N_("Totals: {totals}. {player} wins on money."),
    "total_shared": N_("Totals: {totals}. {players} share the win."),
}


def money(amount: int) -> str:
    """An amount of money as the language writes it: $3 (English), 3$ (German, as the book)."""
    return _("${amount}").format(amount=number(amount))


def crook_name(cid: str) -> str:
    return _(content.crook(cid)["name"])


def gang_name(gang: str) -> str:
    return _(GANG_NAMES[gang])


def arg_text(names: list[str], key: str, value) -> str:
    """One argument of a message as text (``names``: the seats' names)."""
    if key in ("player", "victim"):
        return names[value]
    if key == "players":
        return and_list([names[q] for q in value])
    if key == "crook":
        return crook_name(value)
    if key == "money":
        return money(value)
    if key == "gang":
        return gang_name(value)
    if key == "terms":
        return " ".join([number(value[0])] + [f"{m:+d}" for m in value[1:]])
    if key in ("ranks", "counts"):
        return ", ".join(f"{names[q]} {number(r)}" for q, r in enumerate(value) if r is not None)
    if key == "totals":
        return ", ".join(_("{name} {points} ({money})").format(
            name=names[q], points=number(points), money=money(cash))
            for q, (points, cash) in enumerate(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def say(message: dict, names: list[str]) -> str:
    """A message of the crooks engine in the active language."""
    return render(message, MESSAGES, lambda key, value: arg_text(names, key, value))
