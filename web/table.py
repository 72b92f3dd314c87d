"""The table's own screens, drawn for the app's open game: the handover, a person's game
screen (with undo, what happened since their last decision, and out-of-turn offers) and the
end. The game's picture itself comes from its screen module (``app.renderer``)."""

from engine.core import undo

from . import i18n
from .i18n import N_, _, ngettext
from .markup import e as esc
from .markup import ev, scrolls

UNDO_REFUSALS = {
    undo.NOTHING: N_("There is no decision of yours to take back."),
    undo.REVEALED: N_("Your last decision stands: something new was revealed since (a card or "
                      "tile drawn, a die rolled, a token turned)."),
    undo.OTHER: N_("Your last decision stands: another player has decided since."),
    undo.OVER: N_("The game is over: its decisions stand."),
}
SINCE_LINES = 8  # the newest log lines "since your last decision" lists
LINK_NOTE = N_("A link carries the whole game — every hand, the hidden cards and the "
              "shuffled decks included. Share it only with people who may see everything.")


# the handover
def handover(app) -> str:
    p = app.next_human()
    name = app.name(p)
    done = ""
    if app.handed_from is not None and app.handed_from != p:
        done = (f'<p class="hint">'
                f'{esc(_("{name} is done for now.").format(name=app.name(app.handed_from)))}'
                f"</p>")
    look_away = _("The next screen shows the hidden cards of {name}. Everyone else, "
                  "please look away.").format(name=name)
    return (
        f'<section class="panel handover">{done}'
        f'<h2 id="screen-title" tabindex="-1">'
        f'{esc(_("Pass the device to {name}").format(name=name))}</h2>'
        f"<p>{esc(look_away)}</p>"
        f'<p class="actions"><button type="button" class="primary big" id="handover-ok"'
        f'{ev("handover-ok")}>{esc(_("I am {name} — show my screen").format(name=name))}'
        f"</button></p>{_undo_control(app)}</section>")


# the game
def game(app, view: dict) -> str:
    """The game screen of the person holding the device, drawn from their ``view``."""
    rules, state = app.match.rules, app.match.state
    who = (_("{name}'s screen").format(name=app.name(app.viewer))
           if app.viewer is not None else _("Table view (public information only)"))
    status = ""
    bot = app.pending_bot()
    if bot is not None:
        status = _("{name} (bot) is thinking…").format(name=app.name(bot))
    elif app.viewer is not None and app.viewer not in rules.to_act(state):
        waiting = rules.to_act(state)
        if waiting:
            status = _("Waiting for {names}…").format(
                names=", ".join(app.name(p) for p in waiting))
    lines = app.marks.since(app.match, app.viewer, view["log"])
    names = [app.name(p) for p in range(len(app.match.seats))]
    link = ""
    if app.link:
        later = len(app.match.actions) - app.link_at
        label = (ngettext("Game link (copied if your browser allows it) — it stops before "
                          "the last decision",
                          "Game link (copied if your browser allows it) — it stops before "
                          "the last {n} decisions", later).format(n=later) if later
                 else _("Game link (copied if your browser allows it)"))
        link = (f'<p class="link-note">{esc(_(LINK_NOTE))}</p>'  # before it is shared
                f'<label class="share">{esc(label)} <input type="text" id="share-link" '
                f'readonly value="{esc(app.link)}"></label>')
    return (
        f'<div class="game-head"><h2 id="screen-title" tabindex="-1">'
        f"{esc(_(app.front.name))} · {esc(who)}</h2>"
        f'<div class="game-tools">{_undo_control(app)}<button type="button" '
        f'id="copy-link"{ev("copy-link")}>{esc(_("Copy link"))}</button></div>'
        f"{link}"
        f'<p class="status" role="status" aria-live="polite">{esc(status)}</p>'
        f"{_standing_offer(app)}{since(lines, names, app.renderer.say, app.since_open)}</div>"
        f'<div id="game-screen" class="game-screen{" sheet-folded" if app.sheet_folded else ""}">'
        f"{app.renderer.render_game(view, app.ui)}</div>{_sheet_toggle(app)}")


def _sheet_toggle(app) -> str:
    """The button folding a phone's decision sheet (static/styles.css: the decision fixed at
    the foot of the screen) to its question and back: folded, the sheet leaves the table to
    look at and tap (a tap on a thing an option names chooses it: static/pointing.js). It
    shows only with a decision, as a tab on the sheet's edge."""
    folded = app.sheet_folded
    return (f'<button type="button" class="sheet-toggle" id="sheet-toggle" '
            f'aria-controls="game-screen" aria-expanded="{str(not folded).lower()}"'
            f'{ev("sheet")}><span aria-hidden="true">{"▴" if folded else "▾"}</span> '
            f'<span class="sheet-label">{esc(_("All options"))}</span></button>')


def _undo_control(app) -> str:
    """Undo for the person holding the device once they have decided anything: the
    button, or why their last decision stands."""
    p = app.undoer()
    if p is None or app.match.last_decision(p) is None:
        return ""
    why = app.match.undo_refusal(p)
    if app.screen == "handover" or app.viewer is None:  # the device may go on: say whose
        if why is not None:
            return ""
        label = _("{name}: take back my last decision").format(name=app.name(p))
        named = f'<button type="button" id="undo"{ev("undo")}>{esc(label)}</button>'
        return f'<p class="actions">{named}</p>' if app.screen == "handover" else named
    if why is None:
        title = _("Take back my last decision")
        return (f'<button type="button" id="undo" title="{esc(title)}"{ev("undo")}>'
                f'{esc(_("Undo"))}</button>')
    if why == undo.REVEALED and app.match.actions[-1][0] == p:
        # right after one's own decision that showed something: pressing it says why
        return (f'<button type="button" id="undo" class="unavailable" aria-disabled="true" '
                f'title="{esc(_(UNDO_REFUSALS[why]))}"{ev("undo")}>{esc(_("Undo"))}</button>')
    return ""


def since(lines: list, names: list[str], say, opened: bool) -> str:
    """What the others did since a person's last decision (``lines`` of their log, said by
    the game's ``say``), with a way to watch it on the board; ``opened``: unfolded."""
    if not lines:
        return ""
    shown = lines[-SINCE_LINES:]
    items = "".join(f"<li>{esc(say(line, names))}</li>" for line in shown)
    earlier = len(lines) - len(shown)
    more = ngettext("… and {n} earlier line", "… and {n} earlier lines", earlier)
    more = f'<p class="hint">{esc(more.format(n=earlier))}</p>' if earlier else ""
    return (f'<details class="since"{" open" if opened else ""}><summary>'
            f'{esc(_("Since your last decision"))} '
            f'<span class="count">{i18n.number(len(lines))}</span></summary>{more}'
            f'{scrolls(_("Since your last decision"), f"<ol>{items}</ol>")}'
            f'<button type="button" id="since-replay"{ev("since-replay")}>'
            f'{esc(_("Watch it on the table"))}</button></details>')


def _standing_offer(app) -> str:
    """For the human at a decision: a button per other human who may act out of turn now
    (whatever they hold: the moment is public, a hand is not)."""
    rules, state = app.match.rules, app.match.state
    if app.viewer is None or app.viewer not in rules.to_act(state):
        return ""
    others = [q for q in app.humans() if q != app.viewer and rules.standing(state, q)]
    label = _("{name} wants to play a card now")
    buttons = "".join(f'<button type="button" class="standing" id="standing-{q}"'
                      f'{ev("standing", q)}>{esc(label.format(name=app.name(q)))}</button>'
                      for q in others)
    return f'<p class="standing-offer">{buttons}</p>' if buttons else ""


# the end of the game
def end(app) -> str:
    rules, state = app.match.rules, app.match.state
    final_view = rules.view(state, None)  # the game is over: what it shows is public
    names = [app.name(p) for p in range(len(app.match.seats))]
    title, why, table = app.renderer.render_result(rules.result(state), names, final_view)
    turns = state.get("turn")
    decisions = ngettext("{n} decision", "{n} decisions", len(app.match.actions)).format(
        n=i18n.number(len(app.match.actions)))
    if not turns:
        length = _("The game lasted {decisions}.")
    elif app.front.player_turns:
        length = ngettext("The game lasted {n} player turn and {decisions}.",
                          "The game lasted {n} player turns and {decisions}.", turns)
    else:
        length = ngettext("The game lasted {n} turn and {decisions}.",
                          "The game lasted {n} turns and {decisions}.", turns)
    length = length.format(n=turns, decisions=decisions)
    # a link copied during the game stops before its end: the end offers only one made anew
    final = app.link if app.link and app.link_at == len(app.match.actions) else ""
    return (
        f'<section class="panel end"><h2 id="screen-title" tabindex="-1">{esc(title)}</h2>'
        f'<p>{esc(why)}</p><p class="hint">{esc(length)}</p>{table}'
        f'<p class="actions"><button type="button" class="primary" id="new-game"'
        f'{ev("nav", "start")}>{esc(_("New game"))}</button> '
        f'<button type="button" id="watch-replay"{ev("replay")}>'
        f'{esc(_("Watch the replay"))}</button> '
        f'<button type="button" id="copy-link"{ev("copy-link")}>{esc(_("Copy link"))}'
        f"</button></p>"
        + (f'<label class="share">{esc(_("Game link"))} <input type="text" id="share-link" '
           f'readonly value="{esc(final)}"></label>' if final else "")
        + "</section>" + (_final_board(app, final_view) if app.front.final_board else ""))


def _final_board(app, view: dict) -> str:
    """The game's table as it ended, from its spectator ``view`` (public: the game is over)."""
    return (f'<section class="final-board" aria-labelledby="final-title">'
            f'<h3 id="final-title">{esc(_("The table at the end"))}</h3>'
            f'<div id="game-screen" class="game-screen">'
            f"{app.renderer.render_game(view, app.ui)}</div></section>")

