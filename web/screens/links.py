"""The remote table's screen (web/play/links/ plays it): the seat's view with the status, the
links to send, the box for a received link, a split game, and the remote games kept here."""

from functools import lru_cache

from web.base.i18n import N_, _
from web.base.markup import e as esc
from web.base.markup import ev
from web.games import front
from web.screens import qr
from web.screens.linkscene import (
    ANSWERED,
    CLOSED,
    FAILED,
    NOT_CONNECTED,
    OFFERED,
    OPEN,
    RemoteScene,
)
from web.screens.table import since

SECRECY = [N_(
    "Playing by links: every person plays on their own device and sees only their own seat. "
    "After your decisions the table makes a link; paste it into your chat for the person it "
    "names (or for everyone). Open the links you receive here, in any order."), N_(
    "At one table it goes without a chat: show the link as a QR code (beside “Copy”), and the "
    "person it names scans it with their phone's camera. Whoever can see the screen can scan "
    "it too."), N_(
    "In one room you can also play live, with no link to send at all. The host connects each "
    "phone once with two scans: the phone's camera reads the host's code, then the host reads "
    "the code the phone shows (“Scan a QR code”). From then on every decision reaches the "
    "others at once. The phones talk directly, with no server between them, so they must be "
    "on one network that lets devices reach each other, such as a home Wi-Fi. On a guest "
    "network, on mobile data or far apart they cannot connect: send the links instead. If a "
    "phone sleeps or leaves, the table says so; connected again, it catches up with "
    "everything it missed. The host's phone passes on what one guest sends another: it can "
    "hold a decision back, never change one."), N_(
    "What a link protects: the course of the game. Nobody can change, drop, reorder or add a "
    "decision of another player: each device signs its own with a key that never leaves it, "
    "and every other device refuses a link that was altered, and shows it when someone sends "
    "two different decisions for one move. Only the person who opens a seat's invitation (or "
    "the host, who made it) can play that seat: passing that person's links on does not give "
    "it to anyone else. And the table never shows another seat: each screen shows only what "
    "its own player may see."), N_(
    "What a link does not protect: the hidden cards. An invitation, like the link of the whole "
    "game, holds the set-up with the seed of the shuffle, and every link holds decisions. So "
    "whoever takes a link apart with a program can work out from their invitation alone "
    "everything the shuffle dealt: the cards in every hand, every face-down card and the order "
    "of every deck and stack. A link can also carry another player's hidden decision before "
    "it is revealed.")]
TRUST = N_("At one table nobody knows how the decks were shuffled, and a peek is seen by "
           "everyone; taking a link apart is seen by nobody. So play by links with friends who "
           "won't take links apart.")
WHOLE_GAME = N_("Someone missed links? The whole game in one link")
WHOLE_GAME_NOTE = N_("It holds every decision so far. A device that says a link follows links "
                     "it has not opened can open this one instead. Send it only to the people "
                     "of this game: it holds the hidden information too.")
SIGNING_LINKS = N_("Sending… The links follow as soon as the new decision is signed.")
SIGNING_WHOLE_GAME = N_("The link to the whole game follows as soon as the new decision is "
                        "signed.")
SCAN_NOTE = N_("Scan it with the camera of the phone it is for: the link opens there. Whoever "
               "can see the screen can scan it too.")
LIVE_NOTE = N_("Everyone in this room on one Wi-Fi? Connect each phone once: its person scans "
               "your code with the phone's camera, then you scan the code their phone shows. "
               "From then on every decision reaches the others at once, without links.")
LIVE_GUEST_NOTE = N_("Connected live, decisions arrive by themselves. If the connection is "
                     "lost, the links are offered to send again below.")
LIVE_OFFER_NOTE = N_("Scan it with the camera of the phone it is for. Then scan the code that "
                     "phone shows.")
LIVE_ANSWER_NOTE = N_("Let the host scan this code with “Scan a QR code” in the table. (Or "
                      "copy it and send it.)")
LIVE_STAGES = {
    "": N_("{name}: not connected live."),
    "offering": N_("{name}: preparing the code…"),
    "offered": N_("{name}: waiting for the two scans."),
    "answering": N_("Connecting to {name}…"),
    "answered": N_("Connecting to {name}: one scan left."),
    "connecting": N_("{name}: connecting…"),
    "open": N_("{name}: connected live."),
    "closed": N_("{name}: the live connection is lost. Ask {name} to connect you again, or "
                 "send the links below."),
    "lost": N_("{name}: the live connection is lost. Connect again, or send {name} the link "
               "to the whole game (below)."),
    "failed": N_("Not connected to {name}: scan the code {name}'s screen shows now. If that "
                 "fails too, these phones cannot reach each other here: play on by links."),
    "unreached": N_("{name}: not connected. These phones cannot reach each other here (a "
                    "guest Wi-Fi keeps phones apart), or {name} scanned an older code. Connect "
                    "again, or play on by links (below)."),
}
LINK_NOTE = N_("Send each link only to the person it names. Whoever takes a link apart can "
               "work out every hidden card and the order of every deck, and read hidden "
               "decisions before they are revealed: play by links with friends who won't "
               "(more under “Rules & cards”).")


def render(scene: RemoteScene | None) -> str:
    """The seat's screen (None: while the game is being opened)."""
    if scene is None:
        return (f'<section class="panel"><h2 id="screen-title" tabindex="-1">'
                f'{esc(_("Opening the game…"))}</h2></section>')
    game = front(scene.game)
    screen = game.module()
    mine = scene.asked and not scene.busy
    head = (f'<div class="game-head" id="remote" data-busy="{str(scene.busy).lower()}" '
            f'data-turn="{str(mine).lower()}">'
            f'<h2 id="screen-title" tabindex="-1">{esc(_(game.name))} · '
            f'{esc(seat_of(scene.names[scene.me]))}'
            f'</h2><p class="status" role="status" aria-live="polite">'
            f"{esc(status(scene))}</p>{undo_control(scene)}"
            f"{since(scene.since, list(scene.names), screen.say, opened=False)}</div>")
    ending = ""
    if scene.result is not None:
        title, why, standings = screen.render_result(scene.result, list(scene.names),
                                                     scene.final)
        ending = (f'<section class="panel end"><h3>{esc(title)}</h3><p>{esc(why)}</p>'
                  f"{standings}</section>")
    board = (f'<div id="game-screen" class="game-screen">'
             f"{screen.render_game(scene.view, scene.ui)}</div>")
    return (head + fork_panel(scene) + ending + live_panel(scene) + links_panel(scene)
            + receive_panel(scene) + board + secrecy(scene.game, folded=True))

def undo_control(scene: RemoteScene) -> str:
    """Taking back one's latest decision, while its link has not left the device."""
    if not scene.undo:
        return ""
    return (f'<p class="actions"><button type="button" id="undo"{ev("remote-undo")}>'
            f'{esc(_("Take back my last decision"))}</button></p>')


def status(scene: RemoteScene) -> str:
    if scene.thinking is not None:
        return _("{name} (bot) is thinking…").format(name=scene.names[scene.thinking])
    if scene.busy:
        return _("Sending: the new decision is being signed…") if scene.unsigned \
            else _("Signing and checking the links…")
    if scene.result is not None:
        return _("The game is over.")
    if scene.asked:
        return _("Your decision.")
    if not scene.waiting:
        return ""
    live = scene.live and all(peer.stage == OPEN for peer in scene.live)
    return (_("Waiting for {names}: their decisions arrive here live.") if live else
            _("Waiting for {names}: their decisions come to this device in a link.")).format(
        names=", ".join(scene.waiting))

def links_panel(scene: RemoteScene) -> str:
    """The links to send now and the host's invitations: each a ready-to-paste text with a
    copy button; while a new decision is being signed, that its links follow."""
    rows = []
    if scene.unsigned and (scene.outgoing or scene.invited):
        rows.append(f'<p class="hint sending">{esc(_(SIGNING_LINKS))}</p>')
    for index, out in enumerate(scene.outgoing + scene.invitations):
        invite, shown = index >= len(scene.outgoing), bool(out.link) and out.link == scene.qr
        if invite:
            label = _("Invitation for {name}: send it to {name} only").format(
                name=scene.names[out.to])
        elif out.to is None:
            label = _("Send this to everyone")
        else:
            label = _("Send this to {name}").format(name=scene.names[out.to])
        size = _("{n} characters").format(n=len(out.text))
        to = f"invite-{out.to}" if invite else "all" if out.to is None else out.to
        rows.append(
            f'<div class="outgoing" data-to="{to}"><label for="remote-out-{index}">'
            f'{esc(label)} '
            f'<span class="hint">({esc(size)})</span></label>'
            f'<textarea id="remote-out-{index}" class="link-text" readonly rows="3" '
            f'spellcheck="false">{esc(out.text)}</textarea>'
            f'<div class="link-actions"><button type="button" id="remote-copy-{index}"'
            f'{ev("remote-copy", index)}>{esc(_("Copy"))}</button>'
            f'<button type="button" id="remote-qr-{index}" aria-expanded='
            f'"{str(shown).lower()}"{ev("remote-qr", index)}>{esc(_("QR code"))}</button></div>'
            f'{scan_me(out.link) if shown else ""}</div>')
    if not rows:
        return ""
    return (f'<section class="panel links" aria-labelledby="links-title">'
            f'<h3 id="links-title">{esc(_("Links to send"))}</h3>'
            f'<p class="link-note">{esc(_(LINK_NOTE))}</p>{"".join(rows)}</section>')

def scan_me(link: str, note: str = SCAN_NOTE) -> str:
    """``link`` as a QR code, for a phone's camera at the table to open."""
    return (f'<figure class="qr-code">{qr.svg(_modules(link), _("QR code"))}'
            f'<figcaption>{esc(_(note))}</figcaption></figure>')


def live_panel(scene: RemoteScene) -> str:
    """The live channels to the other devices in the room (web/play/live/): the host connects
    each with two scans; then decisions arrive by themselves."""
    if not scene.live or scene.result is not None and \
            all(peer.stage != OPEN for peer in scene.live):
        return ""
    note = LIVE_NOTE if scene.host else LIVE_GUEST_NOTE if any(
        peer.stage == OPEN for peer in scene.live) else ""
    rows = [f'<p class="live-note">{esc(_(note))}</p>'] if note else []
    for peer in scene.live:
        name, stage = scene.names[peer.seat], peer.stage
        said = {CLOSED: "lost", FAILED: "unreached"}.get(stage, stage) if scene.host else stage
        text = _(LIVE_STAGES[said]).format(name=name)
        row = f'<p class="live-stage" data-stage="{stage or "none"}">{esc(text)}</p>'
        if scene.host and stage in (NOT_CONNECTED, CLOSED, FAILED):
            press = _("Connect {name}") if stage == NOT_CONNECTED else _("Connect {name} again")
            row += (f'<p class="actions"><button type="button" id="remote-live-{peer.seat}"'
                    f'{ev("remote-live", peer.seat)}>{esc(press.format(name=name))}'
                    f'</button></p>')
        elif stage == OFFERED:
            row += (scan_me(peer.code, LIVE_OFFER_NOTE) + f'<p class="actions"><button '
                    f'type="button" id="remote-live-scan-{peer.seat}"{ev("remote-scan")}>'
                    f'{esc(_("Scan the answer of {name}").format(name=name))}</button></p>')
        elif stage == ANSWERED:
            row += (scan_me(peer.code, LIVE_ANSWER_NOTE) + f'<p class="actions"><button '
                    f'type="button" id="remote-copy-answer"{ev("remote-copy-answer")}>'
                    f'{esc(_("Copy the answer"))}</button></p>')
        rows.append(f'<div class="live-peer" data-seat="{peer.seat}">{row}</div>')
    return (f'<section class="panel live" aria-labelledby="live-title">'
            f'<h3 id="live-title">{esc(_("Live in this room"))}</h3>{"".join(rows)}</section>')


@lru_cache(maxsize=4)
def _modules(link: str) -> list[list[bool]]:
    """The code's modules, made once a link (the screen is drawn again after every tap)."""
    return qr.matrix(link.encode(), "L")


def receive_panel(scene: RemoteScene) -> str:
    return (f'<section class="panel"><h3>{esc(_("A link you received"))}</h3>'
            f'<div class="inline"><label class="grow"><span class="sr-only">'
            f'{esc(_("Game link"))}</span>'
            f'<input type="text" id="remote-link" placeholder="https://…#r=…" '
            f'autocomplete="off" spellcheck="false" data-enter="remote-open" '
            f'value="{esc(scene.paste)}"{ev("remote-paste")}></label>'
            f'<button type="button" id="remote-open"{ev("remote-open")}>'
            f'{esc(_("Open the link"))}</button>'
            f'<button type="button" id="remote-scan"{ev("remote-scan")}>'
            f'{esc(_("Scan a QR code"))}</button></div>{whole_game(scene.game_link)}</section>')

def whole_game(link: str) -> str:
    """The whole game so far in one ``link``, for a person whose device missed links (once
    the decisions made here are signed: "" until then)."""
    return (f'<details class="whole-game"><summary>{esc(_(WHOLE_GAME))}</summary>'
            f'<p class="hint">{esc(_(WHOLE_GAME_NOTE))}</p>{whole_game_link(link)}'
            f"</details>")


def whole_game_link(link: str) -> str:
    if not link:
        return f'<p class="hint sending">{esc(_(SIGNING_WHOLE_GAME))}</p>'
    size = _("{n} characters").format(n=len(link))
    return (f'<div class="link-row"><label for="remote-game-link">'
            f'{esc(_("The whole game"))} <span class="hint">({esc(size)})</span></label>'
            f'<textarea id="remote-game-link" class="link-text" readonly rows="3" '
            f'spellcheck="false">{esc(link)}</textarea>'
            f'<button type="button" id="remote-copy-game"{ev("remote-copy-game")}>'
            f'{esc(_("Copy"))}</button></div>')

def fork_panel(scene: RemoteScene) -> str:
    """A split of the game: where, and whose decisions differ (not what they are: one of
    them may be a secret not revealed yet)."""
    fork, names = scene.fork, scene.names
    if fork is None:
        return ""
    lines = []
    if fork.position is None:  # found at the link's base: the moves it goes on from differ
        lines.append(_("The link you opened goes on from other moves than this device "
                       "holds."))
    elif fork.ours == fork.theirs:
        lines.append(_("Move {n}: {name} sent two different decisions; this device keeps "
                       "the one it received first.").format(
            n=fork.position, name=names[fork.ours]))
    else:
        lines.append(_("Move {n}: on this device {ours} decided; in the link {theirs} "
                       "decided otherwise.").format(
            n=fork.position, ours=names[fork.ours], theirs=names[fork.theirs]))
    lines.append(_("This device keeps its own course until you open a link of the "
                   "course you agree on."))
    body = "".join(f"<p>{esc(line)}</p>" for line in lines)
    return (f'<section class="panel fork" role="alert" aria-labelledby="fork-title">'
            f'<h3 id="fork-title">{esc(_("The game has split in two"))}</h3>{body}'
            f'<p class="actions"><button type="button" id="fork-ok"'
            f'{ev("remote-fork-ok")}>{esc(_("OK"))}</button></p></section>')

def kept_panel(kept_games: list[tuple[str, dict]]) -> str:
    """The start screen's list of the remote games kept on this device: (id, what was
    kept)."""
    rows = "".join(
        f'<li><button type="button" id="remote-game-{esc(game_id)}"'
        f'{ev("remote-continue", game_id)}>{esc(_(front(kept["game"]).name))}</button> '
        f'{esc(seat_of(kept["names"][kept["me"]]))} · '
        f'{esc(", ".join(kept["names"]))}</li>'
        for game_id, kept in kept_games if _readable(kept))
    if not rows:
        return ""
    return (f'<section class="panel"><h2>{esc(_("Games played by links"))}</h2>'
            f'<ul class="remote-games">{rows}</ul></section>')

def seat_of(name: str) -> str:
    return _("{name}'s seat").format(name=name)


def _readable(kept: dict) -> bool:
    try:
        front(kept["game"])
        return type(kept["me"]) is int and 0 <= kept["me"] < len(kept["names"])
    except (KeyError, TypeError):
        return False


def secrecy(game: str, folded: bool = False) -> str:
    """What a link protects and what it lets its holder work out in ``game`` (the help page;
    folded on a game screen)."""
    body = "".join(f"<p>{esc(_(p))}</p>" for p in [*SECRECY, front(game).secrets, TRUST])
    title = esc(_("Playing by links: what a link protects"))
    if folded:
        return (f'<details class="panel help secrecy"><summary>{title}</summary>{body}'
                f"</details>")
    return f'<section class="panel help secrecy"><h2>{title}</h2>{body}</section>'
