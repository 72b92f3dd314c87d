"""The table's own screens for a game at this device: the handover, a person's game screen
(with undo, what happened since their last decision, and out-of-turn offers) and the end. They
draw a :class:`Scene`, plain data the app builds once per paint; the game's picture itself
comes from its screen module (``Scene.renderer``)."""

import json
from dataclasses import dataclass, field

from engine.core import undo
from web.base import i18n
from web.base.i18n import N_, _, ngettext
from web.base.markup import e as esc
from web.base.markup import ev, scrolls
from web.games import GameFront, GameScreen

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


@dataclass(frozen=True)
class Undo:
    """Who holding the device could take back their last decision (``seat``), and why it
    stands (an undo reason id; None: it can be taken back); ``theirs_last``: the game's last
    decision is theirs."""

    seat: int
    refusal: str | None
    theirs_last: bool


@dataclass(frozen=True)
class Scene:
    """A game at this device as the table's screens draw it ("game", "handover", "end")."""

    screen: str
    front: GameFront
    renderer: GameScreen
    names: list[str]  # by seat
    view: dict | None = None  # the viewer's; at the end the spectator's
    ui: dict = field(default_factory=dict)
    viewer: int | None = None  # whose screen (None: the table view)
    next: int | None = None  # the human the handover passes the device to
    handed_from: int | None = None  # the human who handed it over
    thinking: int | None = None  # the bot that decides next
    waiting: tuple = ()  # the seats the viewer waits for
    undo: Undo | None = None
    since: tuple = ()  # the viewer's log lines since their last decision
    since_open: bool = False
    standing: tuple = ()  # the other humans who may act out of turn now
    link: str = ""  # the link last made, and the decisions after its end
    link_later: int = 0
    sheet_folded: bool = False
    result: dict | None = None
    turns: int = 0
    decisions: int = 0
    tutor: object = None  # a lesson's tutor (web/play/lesson.py ``Tutor``), else None


# the handover
def handover(scene: Scene) -> str:
    name = scene.names[scene.next]
    done = ""
    if scene.handed_from is not None and scene.handed_from != scene.next:
        gone = scene.names[scene.handed_from]
        done = f'<p class="hint">{esc(_("{name} is done for now.").format(name=gone))}</p>'
    look_away = _("The next screen shows the hidden cards of {name}. Everyone else, "
                  "please look away.").format(name=name)
    return (
        f'<section class="panel handover">{done}'
        f'<h2 id="screen-title" tabindex="-1">'
        f'{esc(_("Pass the device to {name}").format(name=name))}</h2>'
        f"<p>{esc(look_away)}</p>"
        f'<p class="actions"><button type="button" class="primary big" id="handover-ok"'
        f'{ev("handover-ok")}>{esc(_("I am {name} — show my screen").format(name=name))}'
        f"</button></p>{_undo_control(scene)}</section>")


# the game
def game(scene: Scene) -> str:
    """The game screen of the person holding the device (or the table view)."""
    names = scene.names
    who = (_("{name}'s screen").format(name=names[scene.viewer])
           if scene.viewer is not None else _("Table view (public information only)"))
    status = ""
    if scene.thinking is not None:
        status = _("{name} (bot) is thinking…").format(name=names[scene.thinking])
    elif scene.waiting:
        status = _("Waiting for {names}…").format(
            names=", ".join(names[p] for p in scene.waiting))
    link = ""
    if scene.link:
        later = scene.link_later
        label = (ngettext("Game link (copied if your browser allows it) — it stops before "
                          "the last decision",
                          "Game link (copied if your browser allows it) — it stops before "
                          "the last {n} decisions", later).format(n=later) if later
                 else _("Game link (copied if your browser allows it)"))
        link = (f'<p class="link-note">{esc(_(LINK_NOTE))}</p>'  # before it is shared
                f'<label class="share">{esc(label)} <input type="text" id="share-link" '
                f'readonly value="{esc(scene.link)}"></label>')
    folded = " sheet-folded" if scene.sheet_folded else ""
    return (
        f'<div class="game-head"><h2 id="screen-title" tabindex="-1">'
        f"{esc(_(scene.front.name))} · {esc(who)}</h2>"
        f'<div class="game-tools">{_undo_control(scene)}<button type="button" '
        f'id="copy-link"{ev("copy-link")}>{esc(_("Copy link"))}</button></div>'
        f"{link}"
        f'<p class="status" role="status" aria-live="polite">{esc(status)}</p>'
        f"{_standing_offer(scene)}"
        f"{since(scene.since, names, scene.renderer.say, scene.since_open)}</div>"
        f"{tutor(scene.tutor, scene)}"
        f'<div id="game-screen" class="game-screen{folded}">'
        f"{scene.renderer.render_game(scene.view, scene.ui)}</div>"
        f"{_sheet_toggle(scene.sheet_folded)}")


def tutor(said, scene: Scene) -> str:
    """A lesson's tutor (web/play/lesson.py): its line, the step, what it points at and the
    controls leading to the decision it teaches (marked on the screen: static/pointing.js),
    and the button folding it to one line."""
    if said is None:
        return ""
    count = _("Step {n} of {count}").format(n=said.step, count=said.steps)
    step = f'<span class="hint">{esc(count)}</span> ' if said.steps else ""
    point = f' data-point="{esc(said.point)}"' if said.point else ""
    if said.teach is not None:  # the controls to it are marked (static/pointing.js), no other
        controls = scene.renderer.controls(scene.view, scene.ui, said.teach)
        point = f' data-teach="{esc(json.dumps(controls))}"{point}'
    not_yet = f'<p class="not-yet" role="alert">{esc(said.not_yet)}</p>' if said.not_yet else ""
    folded = " folded" if said.folded else ""
    fold = (f'<button type="button" class="tutor-fold" aria-controls="tutor-line" '
            f'aria-expanded="{str(not said.folded).lower()}"{ev("tutor")}>'
            f'{esc(_("Unfold") if said.folded else _("Fold"))}</button>')
    return (f'<section class="panel tutor{folded}" aria-labelledby="tutor-title"{point}>'
            f'<h3 id="tutor-title">{esc(_("Learn to play"))}</h3>{fold}'
            f'<p id="tutor-line" role="status" aria-live="polite">{step}{esc(said.line)}</p>'
            f"{not_yet}</section>")


def _sheet_toggle(folded: bool) -> str:
    """The button folding a phone's decision sheet (static/styles.css: the decision fixed at
    the foot of the screen) to its question and back: folded, the sheet leaves the table to
    look at and tap (a tap on a thing an option names chooses it: static/pointing.js). It
    shows only with a decision, as a tab on the sheet's edge."""
    return (f'<button type="button" class="sheet-toggle" id="sheet-toggle" '
            f'aria-controls="game-screen" aria-expanded="{str(not folded).lower()}"'
            f'{ev("sheet")}><span aria-hidden="true">{"▴" if folded else "▾"}</span> '
            f'<span class="sheet-label">{esc(_("All options"))}</span></button>')


def _undo_control(scene: Scene) -> str:
    """Undo for the person holding the device once they have decided anything: the
    button, or why their last decision stands."""
    offer = scene.undo
    if offer is None:
        return ""
    why = offer.refusal
    if scene.screen == "handover" or scene.viewer is None:  # the device may go on: say whose
        if why is not None:
            return ""
        label = _("{name}: take back my last decision").format(name=scene.names[offer.seat])
        named = f'<button type="button" id="undo"{ev("undo")}>{esc(label)}</button>'
        return f'<p class="actions">{named}</p>' if scene.screen == "handover" else named
    if why is None:
        title = _("Take back my last decision")
        return (f'<button type="button" id="undo" title="{esc(title)}"{ev("undo")}>'
                f'{esc(_("Undo"))}</button>')
    if why == undo.REVEALED and offer.theirs_last:
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


def _standing_offer(scene: Scene) -> str:
    """For the human at a decision: a button per other human who may act out of turn now
    (whatever they hold: the moment is public, a hand is not)."""
    label = _("{name} wants to play a card now")
    buttons = "".join(f'<button type="button" class="standing" id="standing-{q}"'
                      f'{ev("standing", q)}>{esc(label.format(name=scene.names[q]))}</button>'
                      for q in scene.standing)
    return f'<p class="standing-offer">{buttons}</p>' if buttons else ""


# the end of the game
def end(scene: Scene) -> str:
    """The result, from the spectator's view of the finished game (what it shows is public)."""
    title, why, table = scene.renderer.render_result(scene.result, scene.names, scene.view)
    turns = scene.turns
    decisions = ngettext("{n} decision", "{n} decisions", scene.decisions).format(
        n=i18n.number(scene.decisions))
    if not turns:
        length = _("The game lasted {decisions}.")
    elif scene.front.player_turns:
        length = ngettext("The game lasted {n} player turn and {decisions}.",
                          "The game lasted {n} player turns and {decisions}.", turns)
    else:
        length = ngettext("The game lasted {n} turn and {decisions}.",
                          "The game lasted {n} turns and {decisions}.", turns)
    length = length.format(n=turns, decisions=decisions)
    # a lesson ends in a real game: the learner against the same opponents
    again = _("Play a real game") if scene.tutor else _("Play again, same table")
    # a link copied during the game stops before its end: the end offers only one made anew
    final = scene.link if scene.link_later == 0 else ""
    return (
        f'<section class="panel end"><h2 id="screen-title" tabindex="-1">{esc(title)}</h2>'
        f'<p>{esc(why)}</p><p class="hint">{esc(length)}</p>{table}'
        f'<p class="actions"><button type="button" class="primary" id="new-game"'
        f'{ev("nav", "start")}>{esc(_("New game"))}</button> '
        f'<button type="button" id="same-table"{ev("same-table")}>{esc(again)}</button> '
        f'<button type="button" id="watch-replay"{ev("replay")}>'
        f'{esc(_("Watch the replay"))}</button> '
        f'<button type="button" id="copy-link"{ev("copy-link")}>{esc(_("Copy link"))}'
        f"</button></p>"
        + (f'<label class="share">{esc(_("Game link"))} <input type="text" id="share-link" '
           f'readonly value="{esc(final)}"></label>' if final else "")
        + "</section>" + tutor(scene.tutor, scene)
        + (_final_board(scene) if scene.front.final_board else ""))


def _final_board(scene: Scene) -> str:
    """The game's table as it ended (public: the game is over)."""
    return (f'<section class="final-board" aria-labelledby="final-title">'
            f'<h3 id="final-title">{esc(_("The table at the end"))}</h3>'
            f'<div id="game-screen" class="game-screen">'
            f"{scene.renderer.render_game(scene.view, scene.ui)}</div></section>")
