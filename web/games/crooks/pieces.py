"""The crooks' pieces as drawn: a crook as a card (rank, modifier, gang symbol and letter,
action) or as its back, a gang's tag, money as a coin, and the words they share. Gangs are told
apart by letter and shape as well as colour.
"""

from engine.crooks import content
from web.base.i18n import N_, _, ngettext, number
from web.base.markup import about, e, moving, refs
from web.games.crooks.messages import gang_name, money

GANG_LETTERS = {"red": N_("N"), "blue": N_("W"), "yellow": N_("O")}  # Nordseite, Westseite
ACTIONS = {"pickpocket": N_("Pickpocket"), "accomplice": N_("Accomplice"), "swap": N_("Swap"),
           "killer": N_("Killer"), "kingpin": N_("Kingpin"), "spy": N_("Spy")}
# what each action does ({two}: the Pickpocket's money)
ACTION_TEXTS = {
    "pickpocket": N_("Take {two} from the bank."),
    "accomplice": N_(
        "May join a target where you already have crooks; their ranks are added "
        "together."),
    "swap": N_(
        "May go to a target where you already have crooks; those crooks (all of them, if "
        "an Accomplice joined them) move together to a target where you have none, keeping "
        "their face, without acting again."),
    "killer": N_(
        "Removes every crook of one player at its target from the game — your own too, "
        "and then the Killer takes their place."),
    "kingpin": N_(
        "May be recruited only as the last card of its den's stack, and always goes face "
        "up."),
    "spy": N_(
        "Look at every face-down crook at one target, or at the stack of one den, without "
        "taking anything."),
}


def crook_text(c: dict) -> str:
    """A crook in words, e.g. 'Mad Dog Malone, rank 9, modifier -1, Northside, Killer'."""
    parts = [_(c["name"]), _("rank {rank}").format(rank=c["rank"])]
    if c["modifier"]:
        parts.append(_("modifier {modifier}").format(modifier=f"{c['modifier']:+d}"))
    parts += [gang_name(g) for g in c["gangs"]]
    if c["action"] in ACTIONS:
        parts.append(_(ACTIONS[c["action"]]))
    return ", ".join(parts)


def card_key(c: dict, seat: int | None = None) -> str:
    """A crook card's identity on the screen: its crook, or for a face-down crook whose face is
    not shown, who placed it in which turn."""
    if "crook" in c:
        return f"crook:{c['crook']}"
    return f"placed:{seat}:{c['placed']}" if seat is not None and "placed" in c else ""


def card(c: dict, note: str = "", key: str = "", place: str = "", ref: str = "",
         cls: str = "") -> str:
    """A crook's card; a hidden one (no ``name``) as its back. ``key`` and ``place``: see
    ``moving``; ``ref``: see ``refs``; ``cls``: ``crk-mini`` for a small one."""
    attrs = moving(key, place) + refs(ref)
    cls = f"crk-card {cls}".strip()
    if "name" not in c:
        back = e(_("a face-down crook"))
        return (f'<div class="{cls} crk-back" role="img" aria-label="{back}"{attrs}>'
                '<span aria-hidden="true">?</span></div>')
    mine_down = c.get("face") == "down"
    gangs = "".join(gang_tag(g) for g in c["gangs"])
    mod = (f'<span class="crk-mod">{c["modifier"]:+d}</span>' if c["modifier"] else "")
    action = (f'<span class="crk-action">{e(_(ACTIONS[c["action"]]))}</span>'
              if c["action"] in ACTIONS else "")
    down = f'<span class="crk-down-tag">{e(_("face down"))}</span>' if mine_down else ""
    label = ", ".join([crook_text(c)] + ([_("face down")] if mine_down else [])
                      + ([note] if note else []))
    if mine_down:
        cls += " crk-mine-down"
    return (f'<div class="{cls}" role="img" aria-label="{e(label)}"{whole_text(c)}{attrs}>'
            f'<span class="crk-rank">{c["rank"]}</span>{mod}'
            f'<span class="crk-name">{e(_(c["name"]))}</span>'
            f'<span class="crk-tags">{gangs}{action}</span>{down}</div>')


def whole_text(c: dict) -> str:
    """A crook's whole text, shown when its card is tapped: the crook in words and what its
    action does."""
    does = ""
    if c["action"] in ACTION_TEXTS:
        does = _("{action}: {text}").format(
            action=_(ACTIONS[c["action"]]),
            text=_(ACTION_TEXTS[c["action"]]).format(two=money(content.PICKPOCKET_MONEY)))
    return about(crook_text(c) + ".", does)


def gang_tag(g: str) -> str:
    return (f'<span class="crk-gang crk-{g}" title="{e(gang_name(g))}">'
            f"{e(_(GANG_LETTERS[g]))}</span>")


def coin(amount: int) -> str:
    """An amount of money drawn as a coin with its value."""
    return (f'<span class="crk-money"><span class="crk-coin" aria-hidden="true">$</span>'
            f"{e(money(amount))}</span>")


def den_label(den: str) -> str:
    return _("Den {den}").format(den=den)


def cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=number(count))
