"""The table app: screens, hot-seat handovers, bots, saves and links, as pure Python.

``App.handle(ev, arg)`` takes the events of the page (``data-ev``/``data-arg`` attributes);
``App.render()`` returns the HTML of the current screen. The app never decides a rule: every
decision goes through the engine (``Match.act``), and the HTML shown for a player is built from
that player's view only (``rules.view(state, player)``). web/browser.py is the DOM glue.
"""

import contextlib
import copy
import html
import json
import secrets
import time

from engine.core.bots import RandomBot
from engine.core.game import IllegalAction, Match

from . import links, names
from .games import PACKAGES, front, fronts
from .markup import saves_and_links
from .saves import PREFIX as SAVE_PREFIX
from .saves import SaveError, Saves, StaleSave, StorageFull, full_message

GAME = "age_of_thieves"  # the game the start screen offers first
COMING = [(game, name) for game, name in (("crooks", "Crooks card game"),
                                          ("swindler", "Swindler")) if game not in PACKAGES]
BOT_LABELS = {"heuristic": "Bot (careful)", "random": "Bot (random moves)"}
MAX_NAME = names.MAX_NAME
OPEN_KEY = "thieves.open"  # the game open in this tab (session storage)
SNAPSHOT_EVERY = 20
LINK_NOTE = ("A link carries the whole game — every hand, the hidden cards and the shuffled "
             "decks included. Share it only with people who may see everything.")


def esc(value) -> str:
    return html.escape(str(value), quote=True)


def ev(name: str, arg=None) -> str:
    """The attributes of an element that sends event ``name`` with ``arg`` (JSON)."""
    attrs = f' data-ev="{esc(name)}"'
    if arg is not None:
        attrs += f' data-arg="{esc(json.dumps(arg))}"'
    return attrs


class App:
    def __init__(self, storage, now=time.time, session=None, seed_source=None, renderer=None,
                 base_url: str = "", tz_offset_min: int = 0):
        self.saves = Saves(storage, now)
        self.session = session
        self.now = now
        self.seed_source = seed_source or (lambda: secrets.randbits(32))
        self._renderer = renderer  # a stand-in game screen (tests)
        self.base_url = base_url
        self.tz_offset_min = tz_offset_min
        self.screen = "start"
        self.back = None          # the screen a help or saves page returns to
        self.help_game = None     # the game whose rules the help page shows (None: this one)
        self.setup = self._default_setup()
        self.match: Match | None = None
        self.save_id = None
        self.save_rev = None      # the revision of the save this tab read or wrote last
        self.saved_moves = None   # how many decisions the last successful save holds
        self.viewer = None        # the player whose private screen is shown
        self.handed_from = None   # the human who used the device before a handover
        self.last_human = None    # the human who last saw their private screen
        self.ui: dict = {}
        self.bots: dict = {}
        self.notice = None        # (kind, text): an error or info line on the screen
        self.save_problem = None  # why the open game is not saved
        self.link = None          # the last link made for the open game
        self.link_at = 0          # how many decisions that link holds
        self.link_text = ""
        self.confirm_delete = None
        self.replay = None
        self.focus = None         # a CSS selector the page should focus after this render
        self.effects: list = []   # (kind, value) for the page: copy, hash, toast

    @property
    def front(self):
        """The open game's table front, else the one chosen on the start screen."""
        return front(self.match.game if self.match is not None else self.setup["game"])

    @property
    def renderer(self):
        """The open game's screen module, imported when a game screen is first drawn."""
        return self._renderer or self.front.module()

    # --- the page's entry points -------------------------------------------------------
    def boot(self, fragment: str = "") -> None:
        """First screen: a game link in the URL, else the game open in this tab, else start.
        A link that cannot be opened is said so and taken out of the address bar. Nothing in
        the URL or the storage stops the table from starting."""
        try:
            if fragment.startswith(links.PREFIX):
                self.open_link(fragment)
                return
            open_id = self.session.get(OPEN_KEY) if self.session else None
            if open_id:
                self._open_save(open_id, quiet=True)
        except Exception as error:  # a fault of ours: still start, say so, change no save
            self._close_game()
            self.notice = ("error", f"The table could not open the game it was asked to "
                                    f"({type(error).__name__}); your saved games are kept as "
                                    f"they were.")
        if self.match is None:
            self.screen = "start"

    def handle(self, name: str, arg=None) -> None:
        self.notice = None if not name.startswith("setup-") else self.notice
        handler = getattr(self, "_on_" + name.replace("-", "_"), None)
        if name == "act" or (self.match is not None and name.startswith(self.front.prefix)):
            self._game_event(name, arg)
        elif handler is not None:
            handler(arg)
        else:
            self.notice = ("error", f"Unknown control: {name}")
        if self.notice and self.notice[0] == "error" and self.focus is None:
            self.focus = "#notice"  # the page may be scrolled far from the message

    def take_effects(self) -> list:
        effects, self.effects = self.effects, []
        return effects

    def take_focus(self):
        focus, self.focus = self.focus, None
        return focus

    def screen_key(self) -> str:
        """Changes whenever the page should move the keyboard focus to the new screen."""
        return f"{self.screen}:{self.viewer}:{self._next_human()}"

    # --- bots ----------------------------------------------------------------------------
    def pending_bot(self):
        """The bot seat that decides next, or None (only while the game screen is shown)."""
        if self.screen != "game" or self.match is None:
            return None
        rules = self.match.rules
        for p in rules.to_act(self.match.state):
            if self._is_bot(p):
                return p
        return None

    def bot_step(self) -> bool:
        """One bot decision, from that bot's view and choice only. False if no bot is due."""
        p = self.pending_bot()
        if p is None:
            return False
        rules, state = self.match.rules, self.match.state
        choice = rules.choice(state, p)
        view = rules.view(state, p)
        bot = self._bot(p)
        try:
            action = bot.decide(view, choice)
            rules.check(state, p, action)
        except Exception:
            # a bot's mistake or crash must not stop the table: a random legal move instead
            action = RandomBot(rules, len(self.match.actions)).decide(view, choice)
        self._act(p, action)
        return True

    def _bot(self, p: int):
        if p not in self.bots:
            kind = self.match.seats[p].get("bot", "heuristic")
            rules = self.match.rules
            seed = (self.match.seed * 8 + p + len(self.match.actions)) & 0xFFFFFFFF
            make = getattr(rules, "heuristic_bot", None)
            self.bots[p] = make(seed) if kind == "heuristic" and make else RandomBot(rules, seed)
        return self.bots[p]

    def _is_bot(self, p: int) -> bool:
        return bool(self.match.seats[p].get("bot"))

    def _humans(self) -> list[int]:
        return [p for p in range(len(self.match.seats)) if not self._is_bot(p)]

    def _name(self, p: int) -> str:
        return self.match.seats[p].get("name") or f"Player {p + 1}"

    # --- the flow of a game --------------------------------------------------------------
    def _next_human(self):
        """The human whose decision comes next, when no bot has to decide first."""
        if self.match is None or self.match.rules.result(self.match.state) is not None:
            return None
        waiting = self.match.rules.to_act(self.match.state)
        if any(self._is_bot(p) for p in waiting):
            return None
        if self.last_human in waiting:
            return self.last_human
        return waiting[0] if waiting else None

    def _sync(self) -> None:
        """Choose the screen after a change: the result, a handover, or the game."""
        if self.match.rules.result(self.match.state) is not None:
            self.screen, self.viewer = "end", None
            return
        humans = self._humans()
        p = self._next_human()
        if p is None:
            # bots decide next: a single human keeps their screen; with several, the table
            # shows only public information while the bots play
            self.screen = "game"
            self._set_viewer(humans[0] if len(humans) == 1 else None)
        elif p == self.viewer or len(humans) == 1 or p == self.last_human:
            self.screen = "game"
            self._set_viewer(p)
        else:
            if self.screen != "handover":
                self.handed_from = self.last_human
            self.screen = "handover"
            self._set_viewer(None)

    def _set_viewer(self, p) -> None:
        if p is not None and p != self.last_human:
            self.ui = {}
            self.last_human = p
        self.viewer = p

    def _act(self, p: int, action) -> None:
        self.match.act(p, action)
        if self._save():
            self._sync()

    def _game_event(self, name: str, arg) -> None:
        if self.match is None or self.screen not in ("game", "replay"):
            return
        if self.screen == "replay":
            view = self.match.rules.view(self.replay["match"].state, None)
            self.replay["ui"], _ = self.renderer.reduce(view, self.replay["ui"], name, arg)
            return
        rules = self.match.rules
        viewer = self.viewer
        view = rules.view(self.match.state, viewer)
        self.ui, actions = self.renderer.reduce(view, self.ui, name, arg)
        for action in actions:
            if viewer is None or viewer not in rules.to_act(self.match.state):
                self.notice = ("error", "It is not your decision now.")
                break
            try:
                self.match.act(viewer, action)
            except IllegalAction as error:
                self.notice = ("error", f"Not allowed: {error}.")
                break
            if not self._save():
                return
        self._sync()

    # --- starting, saving, opening -------------------------------------------------------
    def _default_setup(self, game: str = GAME) -> dict:
        seats = [{"name": f"Player {i + 1}", "kind": "human", "pick": ""} for i in range(2)]
        seats += [{"name": f"Bot {i + 1}", "kind": "heuristic", "pick": ""} for i in (2, 3)]
        return {"game": game, "players": 2, "seats": seats,
                "options": front(game).default_options()}

    def _begin(self, match: Match, save: dict | None = None) -> None:
        """Open ``match``: from its ``save``, or as a new save."""
        self.match = match
        self.viewer = self.last_human = self.handed_from = None
        self.ui, self.bots, self.link, self.replay = {}, {}, None, None
        self.save_problem = None
        if save is None:
            self.save_id, self.save_rev, self.saved_moves = self.saves.new_id(), None, None
            self._save()
        else:
            self.save_id, self.save_rev = save["id"], save["rev"]
            self.saved_moves = len(match.actions)
        if self.session:
            self.session.set(OPEN_KEY, self.save_id)
        self._sync()

    def _save(self) -> bool:
        """Save the open game; False when another tab had saved it since, and this tab now
        shows that newer game instead (or the start screen, if it was deleted there)."""
        players = [self._name(p) for p in range(len(self.match.seats))]
        try:
            self.save_rev = self.saves.write(self.save_id, self.match.record(), players,
                                             self.match.state.get("turn", 0), self.save_rev)
        except StaleSave as stale:
            self._changed_elsewhere(stale.rev, "Your last decision in this tab was not saved: "
                                               "make it again if it still fits.")
            return False
        except StorageFull:
            self.save_problem = full_message(self.saved_moves)
        except SaveError as error:
            self.save_problem = f"This game is not being saved: {error}."
        else:
            self.save_problem, self.saved_moves = None, len(self.match.actions)
        return True

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote ``key`` (None: it cleared the storage). If that is the open
        game's save and it moved on or was deleted there, follow it."""
        if self.match is None or key not in (None, SAVE_PREFIX + self.save_id):
            return
        if self.saves.storage.get(SAVE_PREFIX + self.save_id) is None:
            self._changed_elsewhere(None)
            return
        rev = self.saves.revision(self.save_id)
        if rev is not None and rev != self.save_rev:
            self._changed_elsewhere(rev)

    def _changed_elsewhere(self, rev: int | None, lost: str = "") -> None:
        """The open game's save was changed by another tab: show its newest state, or the
        start screen if it was deleted there."""
        save_id, screen = self.save_id, self.screen
        self._close_game()
        if rev is None:
            self.screen = "start"
            self.notice = ("info", "This game was deleted in another tab. " + lost)
            return
        self._open_save(save_id)
        if self.match is not None:
            if screen in ("help", "saves"):
                self.back, self.screen = self.screen, screen
            self.notice = ("info", "This game was played on in another tab: this tab now shows "
                                   "its latest position. " + lost)

    def _open_save(self, save_id: str, quiet: bool = False) -> None:
        try:
            save = self.saves.load(save_id)
            match = Match.replay(save["record"])
        except SaveError as error:
            self._broken(save_id, str(error), quiet)
            return
        except Exception as error:  # a record the rules refuse, or one from another version
            self._broken(save_id, f"its moves cannot be replayed ({error})", quiet)
            return
        self._begin(match, save)

    def _broken(self, save_id: str, reason: str, quiet: bool) -> None:
        with contextlib.suppress(StorageFull):
            self.saves.mark_broken(save_id, reason)
        if self.session and self.session.get(OPEN_KEY) == save_id:
            self.session.remove(OPEN_KEY)
        if not quiet:
            self.screen = "saves"
            self.notice = ("error", f"This saved game cannot be opened: {reason}.")

    def open_link(self, fragment: str) -> bool:
        """Open a shared game as a new save; a bad link shows why and touches no save."""
        self.effects.append(("hash", ""))
        try:
            match = links.decode(fragment)
        except links.LinkError as error:
            if self.match is None:
                self.screen = "start"
            self.notice = ("error", str(error))
            return False
        self._begin(match)
        self.notice = ("info", "The shared game is open and saved as a new game on this device."
                       if self.save_problem is None else "The shared game is open in this tab.")
        return True

    def _close_game(self) -> None:
        self.match = self.save_id = self.save_rev = self.viewer = self.last_human = None
        self.replay = None
        if self.session:
            self.session.remove(OPEN_KEY)

    # --- events ----------------------------------------------------------------------------
    def _on_nav(self, where) -> None:
        if where in ("help", "saves"):
            if self.screen not in ("help", "saves"):
                self.back = self.screen if self.match is not None else None
            self.screen, self.help_game = where, None
        elif where == "back" and self.back and self.match is not None:
            self.screen, self.back = self.back, None
        else:
            self._close_game()
            self.screen, self.back = "start", None
        self.confirm_delete = None

    def _on_setup_game(self, arg) -> None:
        if arg in PACKAGES and arg != self.setup["game"]:
            seats, players = self.setup["seats"], self.setup["players"]
            self.setup = self._default_setup(arg)
            self.setup["seats"] = [{**seat, "pick": ""} for seat in seats]
            self._on_setup_players(players)

    def _on_setup_players(self, arg) -> None:
        fewest, most = front(self.setup["game"]).players
        if isinstance(arg, int) and fewest <= arg <= most:
            self.setup["players"] = arg

    def _on_setup_name(self, arg) -> None:
        seat, value = self._seat_arg(arg)
        if seat is not None:
            self.setup["seats"][seat]["name"] = str(value)[:MAX_NAME]

    def _on_setup_kind(self, arg) -> None:
        seat, value = self._seat_arg(arg)
        if seat is None or value not in ("human", *BOT_LABELS):
            return
        entry = self.setup["seats"][seat]
        if entry["name"] in (f"Player {seat + 1}", f"Bot {seat + 1}", ""):
            entry["name"] = f"Player {seat + 1}" if value == "human" else f"Bot {seat + 1}"
        entry["kind"] = value

    def _on_setup_pick(self, arg) -> None:
        seat, value = self._seat_arg(arg)
        choice = front(self.setup["game"]).seat_choice
        if seat is not None and choice and (
                value == "" or value in dict(choice.options())):
            self.setup["seats"][seat]["pick"] = value

    def _on_setup_option(self, arg) -> None:
        if not isinstance(arg, dict):
            return
        for option in front(self.setup["game"]).options:
            for value, ident, _, _ in option.choices:
                if option.key == arg.get("arg") and ident == arg.get("value"):
                    self.setup["options"][option.key] = value

    def _seat_arg(self, arg):
        if not isinstance(arg, dict) or arg.get("arg") not in range(4):
            return None, None
        return arg["arg"], arg.get("value", "")

    def _on_start_game(self, arg=None) -> None:
        game = front(self.setup["game"])
        choice = game.seat_choice
        seats = []
        for i, entry in enumerate(self.setup["seats"][:self.setup["players"]]):
            try:
                name = names.clean(str(entry["name"])) or (
                    f"Player {i + 1}" if entry["kind"] == "human" else f"Bot {i + 1}")
            except names.BadName as error:
                self.notice = ("error", f"Seat {i + 1}: {error}")
                return
            seat = {"name": name}
            if choice and entry["pick"]:
                seat[choice.key] = entry["pick"]
            if entry["kind"] != "human":
                seat["bot"] = entry["kind"]
            seats.append(seat)
        pair = names.clash([seat["name"] for seat in seats])
        if pair:
            self.notice = ("error", names.clash_message(pair))
            return
        picks = [s[choice.key] for s in seats if choice and choice.key in s]
        if len(set(picks)) != len(picks):
            self.notice = ("error", choice.clash)
            return
        try:
            match = Match.start(game.game, seats, dict(self.setup["options"]),
                                self.seed_source())
        except IllegalAction as error:
            self.notice = ("error", str(error))
            return
        self._close_game()
        self._begin(match)

    def _on_handover_ok(self, arg=None) -> None:
        p = self._next_human()
        if self.screen == "handover" and p is not None:
            self.screen = "game"
            self._set_viewer(p)

    def _on_copy_link(self, arg=None) -> None:
        if self.match is None:
            return
        self.link = self.base_url + links.encode(self.match.record())
        self.link_at = len(self.match.actions)
        self.effects.append(("copy", self.link))
        self.focus = "#share-link"

    def _on_link_text(self, arg) -> None:
        self.link_text = str(arg.get("value", "") if isinstance(arg, dict) else arg or "")

    def _on_open_link(self, arg=None) -> None:
        text = self.link_text.strip()
        if isinstance(arg, dict) and arg.get("value"):
            text = str(arg["value"]).strip()
        if not text:
            self.notice = ("error", "Paste a game link into the box first.")
            return
        if self.open_link(text):
            self.link_text = ""

    def _on_continue(self, save_id) -> None:
        self._close_game()
        self._open_save(str(save_id))

    def _on_delete(self, save_id) -> None:
        self.confirm_delete = str(save_id)
        self.focus = "#delete-no"

    def _on_delete_no(self, arg=None) -> None:
        self.confirm_delete = None

    def _on_delete_yes(self, save_id) -> None:
        if str(save_id) == self.confirm_delete:
            if self.match is not None and self.save_id == save_id:
                self._close_game()
                self.back = None
            self.saves.delete(str(save_id))
            self.notice = ("info", "The saved game is deleted.")
        self.confirm_delete = None

    def _on_dismiss(self, arg=None) -> None:
        self.notice = None

    def _on_replay(self, arg=None) -> None:
        if self.match is None:
            return
        record = self.match.record()
        start = Match.start(record["game"], record["seats"], record["options"], record["seed"])
        self.replay = {"match": start, "pos": 0, "snaps": {0: copy.deepcopy(start.state)},
                       "ui": {}}
        self.screen = "replay"

    def _on_replay_step(self, arg) -> None:
        if self.replay is None:
            return
        total = len(self.match.actions)
        pos = self.replay["pos"]
        target = {"first": 0, "last": total}.get(arg, pos + arg if isinstance(arg, int) else pos)
        self._replay_to(max(0, min(total, target)))

    def _on_replay_end(self, arg=None) -> None:
        self.replay = None
        self.screen = "end"

    def _replay_to(self, target: int) -> None:
        r = self.replay
        if target < r["pos"]:
            base = max(k for k in r["snaps"] if k <= target)
            m = self.match
            r["match"] = Match(m.game, m.seats, m.options, m.seed,
                               copy.deepcopy(r["snaps"][base]), list(m.actions[:base]))
            r["pos"] = base
        while r["pos"] < target:
            player, action = self.match.actions[r["pos"]]
            r["match"].act(player, action)
            r["pos"] += 1
            if r["pos"] % SNAPSHOT_EVERY == 0:
                r["snaps"].setdefault(r["pos"], copy.deepcopy(r["match"].state))

    # --- rendering -------------------------------------------------------------------------
    def render(self) -> str:
        body = getattr(self, "_render_" + self.screen)()
        return (f'<div class="screen screen-{self.screen}">{self._nav()}{self._notice()}'
                f"{body}</div>")

    def _nav(self) -> str:
        items = []
        in_game = self.match is not None
        if self.screen in ("help", "saves") and self.back and in_game:
            items.append(f'<button type="button" id="nav-back"{ev("nav", "back")}>'
                         f"Back to the game</button>")
        items.append(f'<button type="button" id="nav-start"{ev("nav", "start")}'
                     + (' title="Leave this game (it stays saved) for the menu">Menu'
                        if in_game else ">New game") + "</button>")
        items.append(f'<button type="button" id="nav-saves"{ev("nav", "saves")}'
                     f'{self._current("saves")}>Saved games</button>')
        items.append(f'<button type="button" id="nav-help"{ev("nav", "help")}'
                     f'{self._current("help")}>Rules &amp; cards</button>')
        return f'<nav class="appnav" aria-label="Table">{"".join(items)}</nav>'

    def _current(self, screen: str) -> str:
        return ' aria-current="page"' if self.screen == screen else ""

    def _notice(self) -> str:
        parts = []
        if self.save_problem and self.match is not None:
            parts.append(f'<p class="notice error" role="alert">{esc(self.save_problem)}</p>')
        if self.notice:
            kind, text = self.notice
            role = "alert" if kind == "error" else "status"
            parts.append(f'<p class="notice {kind}" id="notice" tabindex="-1" role="{role}">'
                         f"<span>{esc(text)}</span> "
                         f'<button type="button" class="small" id="notice-ok"{ev("dismiss")}>'
                         f"OK</button></p>")
        return "".join(parts)

    # the start screen
    def _render_start(self) -> str:
        s = self.setup
        game = front(s["game"])
        games = [f'<button type="button" class="choice" id="game-{esc(f.game)}" aria-pressed='
                 f'"{str(f.game == game.game).lower()}"{ev("setup-game", f.game)}>'
                 f"<strong>{esc(f.name)}</strong><span>{esc(f.blurb)}</span></button>"
                 for f in fronts()]
        games += [f'<button type="button" class="choice" disabled><strong>{esc(name)}</strong>'
                  f"<span>coming later</span></button>" for _, name in COMING]
        fewest, most = game.players
        counts = "".join(
            f'<button type="button" class="count" id="players-{n}" aria-pressed='
            f'"{str(s["players"] == n).lower()}"{ev("setup-players", n)}>{n}</button>'
            for n in range(fewest, most + 1))
        seats = "".join(self._seat_row(i) for i in range(s["players"]))
        options = "".join(self._option_group(o) for o in game.options)
        return (
            f'<section class="panel"><h2 id="screen-title" tabindex="-1">New game</h2>'
            f'<div class="games" role="group" aria-label="Game">{"".join(games)}</div>'
            f'<div class="field"><span class="label" id="players-label">Players</span>'
            f'<div class="counts" role="group" aria-labelledby="players-label">{counts}</div>'
            f"</div>"
            f'<div class="seats">{seats}</div>{options}'
            f'<p class="actions"><button type="button" class="primary" id="start-game"'
            f'{ev("start-game")}>Start the game</button></p></section>'
            f"{self._continue_panel()}"
            f'<section class="panel"><h2>Open a shared game</h2>'
            f'<p class="hint">Paste a game link someone sent you. It opens as a new saved game '
            f"and changes none of your other games.</p>"
            f'<div class="inline"><label class="grow"><span class="sr-only">Game link</span>'
            f'<input type="text" id="link-input" placeholder="https://…#g=…" '
            f'autocomplete="off" spellcheck="false" data-enter="open-link" '
            f'value="{esc(self.link_text)}"'
            f'{ev("link-text")}></label>'
            f'<button type="button" id="open-link"{ev("open-link")}>Open the link</button>'
            f"</div></section>")

    def _option_group(self, option) -> str:
        chosen = self.setup["options"].get(option.key, option.default)
        radios = "".join(
            f'<label class="radio"><input type="radio" name="opt-{esc(option.key)}" '
            f'id="opt-{esc(option.key)}-{esc(ident)}" value="{esc(ident)}"'
            f'{" checked" if value == chosen else ""}{ev("setup-option", option.key)}> '
            f"<span><strong>{esc(title)}</strong> — {esc(text)}</span></label>"
            for value, ident, title, text in option.choices)
        return f'<fieldset class="ties"><legend>{esc(option.legend)}</legend>{radios}</fieldset>'

    def _seat_row(self, i: int) -> str:
        seat = self.setup["seats"][i]
        kinds = "".join(
            f'<option value="{k}"{" selected" if seat["kind"] == k else ""}>{esc(label)}'
            f"</option>" for k, label in [("human", "Person"), *BOT_LABELS.items()])
        pick = ""
        choice = front(self.setup["game"]).seat_choice
        if choice:
            picks = [f'<option value=""{"" if seat["pick"] else " selected"}>'
                     f"{esc(choice.any_label)}</option>"]
            picks += [f'<option value="{esc(v)}"{" selected" if seat["pick"] == v else ""}>'
                      f"{esc(label)}</option>" for v, label in choice.options()]
            pick = (f'<label>{esc(choice.label)} <select id="seat-pick-{i}"'
                    f'{ev("setup-pick", i)}>{"".join(picks)}</select></label>')
        return (
            f'<fieldset class="seat"><legend>Seat {i + 1}</legend>'
            f'<label>Name <input type="text" id="seat-name-{i}" maxlength="{MAX_NAME}" '
            f'autocomplete="off" value="{esc(seat["name"])}"{ev("setup-name", i)}></label>'
            f'<label>Played by <select id="seat-kind-{i}"{ev("setup-kind", i)}>{kinds}'
            f"</select></label>{pick}</fieldset>")

    def _continue_panel(self) -> str:
        saves = self.saves.list()
        if not saves:
            return ""
        rows = "".join(self._save_row(s, compact=True) for s in saves[:3])
        more = (f'<p><button type="button" class="link" id="all-saves"{ev("nav", "saves")}>'
                f"All saved games ({len(saves)})</button></p>")
        return (f'<section class="panel"><h2>Continue a game</h2><ul class="saves">{rows}</ul>'
                f"{more}</section>")

    def _save_row(self, s, compact: bool = False) -> str:
        players = ", ".join(s.players or []) or "players unknown"
        game = front(s.game).name if s.game in PACKAGES else (s.game or "unknown game")
        when = self._when(s.updated) if s.updated else "time unknown"
        turn = f"turn {s.turn}" if s.turn else "set-up"
        info = (f'<span class="save-title">{esc(game)}</span> '
                f'<span class="save-players">{esc(players)}</span> '
                f'<span class="save-meta">{esc(turn)} · last played {esc(when)}</span>')
        if s.error:
            info += (f'<span class="save-error">Cannot be opened: {esc(s.error)}</span>')
        buttons = ""
        if not s.error:
            buttons += (f'<button type="button" class="primary" id="continue-{esc(s.id)}"'
                        f'{ev("continue", s.id)}>Continue</button>')
        if not compact:
            if self.confirm_delete == s.id:
                buttons = (f'<span class="confirm" role="group" aria-label="Confirm">Delete this '
                           f'game for good? <button type="button" class="danger" '
                           f'id="delete-yes"{ev("delete-yes", s.id)}>Yes, delete it</button> '
                           f'<button type="button" id="delete-no"{ev("delete-no")}>Keep it'
                           f"</button></span>")
            else:
                buttons += (f'<button type="button" id="delete-{esc(s.id)}"'
                            f'{ev("delete", s.id)}>Delete</button>')
        cls = "save broken" if s.error else "save"
        return f'<li class="{cls}"><div class="save-info">{info}</div>' \
               f'<div class="save-buttons">{buttons}</div></li>'

    def _when(self, stamp: float) -> str:
        ago = self.now() - stamp
        if ago < 60:
            return "just now"
        if ago < 3600:
            n = int(ago // 60)
            return f"{n} minute{'s' if n != 1 else ''} ago"
        if ago < 86400:
            n = int(ago // 3600)
            return f"{n} hour{'s' if n != 1 else ''} ago"
        local = time.gmtime(stamp - self.tz_offset_min * 60)
        return time.strftime("%d %b %Y, %H:%M", local)

    # the saved games
    def _render_saves(self) -> str:
        saves = self.saves.list()
        if not saves:
            rows = '<p class="hint">No saved games yet. Every game is saved after each move.</p>'
        else:
            rows = f'<ul class="saves">{"".join(self._save_row(s) for s in saves)}</ul>'
        return (f'<section class="panel"><h2 id="screen-title" tabindex="-1">Saved games</h2>'
                f'<p class="hint">Games are kept in this browser on this device, newest first. '
                f"Each one is saved after every move.</p>{rows}</section>")

    # the handover
    def _render_handover(self) -> str:
        p = self._next_human()
        name = esc(self._name(p))
        done = ""
        if self.handed_from is not None and self.handed_from != p:
            done = f'<p class="hint">{esc(self._name(self.handed_from))} is done for now.</p>'
        return (
            f'<section class="panel handover">{done}'
            f'<h2 id="screen-title" tabindex="-1">Pass the device to {name}</h2>'
            f"<p>The next screen shows {name}'s hidden cards. Everyone else, please look "
            f"away.</p>"
            f'<p class="actions"><button type="button" class="primary big" id="handover-ok"'
            f'{ev("handover-ok")}>I am {name} — show my screen</button></p></section>')

    # the game
    def _render_game(self) -> str:
        rules, state = self.match.rules, self.match.state
        view = rules.view(state, self.viewer)
        who = (f"{esc(self._name(self.viewer))}'s screen" if self.viewer is not None
               else "Table view (public information only)")
        status = ""
        bot = self.pending_bot()
        if bot is not None:
            status = f"{esc(self._name(bot))} (bot) is thinking…"
        elif self.viewer is not None and self.viewer not in rules.to_act(state):
            waiting = rules.to_act(state)
            if waiting:
                status = "Waiting for " + ", ".join(esc(self._name(p)) for p in waiting) + "…"
        link = ""
        if self.link:
            later = len(self.match.actions) - self.link_at
            when = (" — it stops before the last decision" if later == 1 else
                    f" — it stops before the last {later} decisions" if later else "")
            link = (f'<label class="share">Game link (copied if your browser allows it)'
                    f'{when} <input type="text" id="share-link" readonly '
                    f'value="{esc(self.link)}"></label>')
        return (
            f'<div class="game-head"><h2 id="screen-title" tabindex="-1">{esc(self.front.name)} · '
            f"{who}</h2>"
            f'<div class="game-tools"><button type="button" id="copy-link"'
            f'{ev("copy-link")}>Copy link</button></div>'
            f'<p class="link-note">{esc(LINK_NOTE)}</p>{link}'
            f'<p class="status" role="status" aria-live="polite">{status}</p></div>'
            f'<div id="game-screen" class="game-screen">'
            f"{self.renderer.render_game(view, self.ui)}</div>")

    # the end of the game
    def _render_end(self) -> str:
        result = self.match.rules.result(self.match.state)
        names = [self._name(p) for p in range(len(self.match.seats))]
        title, why, table = self.renderer.render_result(result, names, self.match.state)
        turns = self.match.state.get("turn")
        length = f"{turns} turns and " if turns else ""
        return (
            f'<section class="panel end"><h2 id="screen-title" tabindex="-1">{esc(title)}</h2>'
            f"<p>{esc(why)}</p><p class=\"hint\">The game lasted {length}"
            f"{len(self.match.actions)} decisions.</p>{table}"
            f'<p class="actions"><button type="button" class="primary" id="new-game"'
            f'{ev("nav", "start")}>New game</button> '
            f'<button type="button" id="watch-replay"{ev("replay")}>Watch the replay</button> '
            f'<button type="button" id="copy-link"{ev("copy-link")}>Copy link</button></p>'
            + (f'<label class="share">Game link <input type="text" id="share-link" readonly '
               f'value="{esc(self.link)}"></label>' if self.link else "")
            + "</section>")

    def _render_replay(self) -> str:
        r = self.replay
        total = len(self.match.actions)
        pos = r["pos"]
        rules = self.match.rules
        if pos:
            player, action = self.match.actions[pos - 1]
            last = f"Last decision: {esc(self._name(player))} — {esc(rules.notation(action))}"
        else:
            last = "The table is set up."
        view = rules.view(r["match"].state, None)

        def button(label, arg, ident, disabled):
            dis = " disabled" if disabled else ""
            return (f'<button type="button" id="{ident}"{ev("replay-step", arg)}{dis}>'
                    f"{label}</button>")
        controls = (button("« Start", "first", "replay-first", pos == 0)
                    + button("◀ Previous", -1, "replay-prev", pos == 0)
                    + button("Next ▶", 1, "replay-next", pos == total)
                    + button("+10 ▶▶", 10, "replay-ten", pos == total)
                    + button("End »", "last", "replay-last", pos == total)
                    + f'<button type="button" id="replay-close"{ev("replay-end")}>'
                      f"Back to the result</button>")
        return (
            f'<div class="game-head"><h2 id="screen-title" tabindex="-1">Replay · decision '
            f"{pos} of {total}</h2>"
            f'<div class="replay-controls" role="group" aria-label="Replay">{controls}</div>'
            f'<p class="status" role="status">{last}</p></div>'
            f'<div id="game-screen" class="game-screen">'
            f'{self.renderer.render_game(view, r["ui"])}</div>')

    # help
    def _render_help(self) -> str:
        shown = front(self.help_game or self.front.game)
        others = "".join(
            f'<button type="button" id="help-{esc(f.game)}"{ev("help-game", f.game)}>'
            f"{esc(f.name)}</button>" for f in fronts() if f.game != shown.game)
        others = (f'<p class="actions">Rules of another game: {others}</p>' if others else "")
        back = ""
        if self.back and self.match is not None:
            back = (f'<p class="actions"><button type="button" class="primary" '
                    f'id="help-back"{ev("nav", "back")}>Back to the game</button></p>')
        return others + shown.module("help").render() + saves_and_links() + back

    def _on_help_game(self, game) -> None:
        if game in PACKAGES:
            self.help_game = game
