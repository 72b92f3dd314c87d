"""The start screen: the game, the seats (a name, a person or a bot, the game's own choice such
as the thief) and the table options a new game starts with, and the box for a shared link."""

from engine.core.game import IllegalAction, Match
from web.base import names, secure
from web.base.i18n import N_, _
from web.base.markup import e as esc
from web.base.markup import ev
from web.games import PACKAGES, front, fronts
from web.games.lesson import LESSONS

GAME = "age_of_thieves"  # the game the start screen offers first
PLAYERS = 2  # and the players
BOT_LABELS = {"easy": N_("Bot (easy)"), "normal": N_("Bot (normal)"), "hard": N_("Bot (hard)")}
KINDS = {"human": N_("Person"), **BOT_LABELS,  # who plays a seat, in the order offered
         "remote": N_("Person on another device")}  # (remote: web/play/links/)
SEATS = 4


class SetupError(ValueError):
    """The chosen table cannot start; the message says why, in a player's words."""


class StartScreen:
    def __init__(self, secure_context: bool = True):
        # False at a plain http:// address: no game on several devices starts (web/base/secure.py)
        self.secure_context = secure_context
        self.link_text = ""  # what is typed in the shared-link box
        self.readied: set[str] = set()  # the games ready_ahead has run
        # every seat is a person until someone chooses a bot for it: a name typed into a seat
        # nobody looked at starts that person, not a bot of that name
        self._reset(GAME, [{"name": default_name(i, "human"), "kind": "human"}
                           for i in range(SEATS)], PLAYERS)

    def ready_ahead(self) -> None:
        """Run the chosen game's rules and screen once, on a two-player game then dropped:
        the table's worker does this while the person sets the table up (web/browser/page.py),
        so that the first board does not wait for Python to run that code the first time."""
        if self.game in self.readied:
            return
        self.readied.add(self.game)
        table_front = front(self.game)
        match = Match.start(self.game, [{"name": "A"}, {"name": "B"}],
                            table_front.default_options())
        table_front.module().render_game(match.rules.view(match.state, 0), {})

    def _reset(self, game: str, seats: list[dict], players: int) -> None:
        self.game = game
        self.players = PLAYERS
        self.seats = [{**seat, "pick": ""} for seat in seats]
        self.options = front(game).default_options()
        self.on_setup_players(players)

    # --- events ------------------------------------------------------------------------------
    def on_setup_game(self, arg) -> None:
        if arg in PACKAGES and arg != self.game:
            self._reset(arg, self.seats, self.players)

    def on_setup_players(self, arg) -> None:
        fewest, most = front(self.game).players
        if type(arg) is int and fewest <= arg <= most:
            self.players = arg

    def on_setup_name(self, arg) -> None:
        seat, value = _seat_arg(arg)
        if seat is not None:
            self.seats[seat]["name"] = str(value)[:names.MAX_NAME]

    def on_setup_kind(self, arg) -> None:
        seat, value = _seat_arg(arg)
        if seat is None or value not in KINDS:
            return
        entry = self.seats[seat]
        if entry["name"] in (default_name(seat, "human"), default_name(seat, "normal"), ""):
            entry["name"] = default_name(seat, value)
        entry["kind"] = value

    def on_setup_pick(self, arg) -> None:
        seat, value = _seat_arg(arg)
        choice = front(self.game).seat_choice
        if seat is not None and choice and (value == "" or value in dict(choice.options())):
            self.seats[seat]["pick"] = value

    def on_setup_option(self, arg) -> None:
        if not isinstance(arg, dict):
            return
        for option in front(self.game).options:
            for value, ident, _title, _text in option.choices:
                if option.key == arg.get("arg") and ident == arg.get("value"):
                    self.options[option.key] = value

    def seat_again(self, match: Match) -> None:
        """Set the table up as ``match`` was (its game, seats and options), for a game
        with the same table; a lesson's learner becomes a player like any other."""
        seated = [{"name": seat["name"], "kind": seat.get("bot", "human")}
                  for seat in match.seats]
        self._reset(match.game, seated + self.seats[len(seated):], len(seated))
        choice = front(match.game).seat_choice
        for i, seat in enumerate(match.seats):
            self.seats[i]["pick"] = seat.get(choice.key, "") if choice else ""
        self.options.update(match.options)

    def on_link_text(self, arg) -> None:
        self.link_text = str(arg.get("value", "") if isinstance(arg, dict) else arg or "")

    def relabelled(self, switch) -> None:
        """Run ``switch`` (a change of language); seats still named by default follow it."""
        before = [default_name(i, seat["kind"]) for i, seat in enumerate(self.seats)]
        switch()
        for i, seat in enumerate(self.seats):
            if seat["name"] == before[i]:
                seat["name"] = default_name(i, seat["kind"])

    # --- the table chosen ----------------------------------------------------------------------
    def table(self) -> tuple[str, list[dict], dict]:
        """The game, its seats and options as chosen; SetupError when they cannot start."""
        if self.remote_seats() and not self.secure_context:
            raise SetupError(secure.told(secure.NOT_STARTED))
        choice = front(self.game).seat_choice
        seats = []
        for i, entry in enumerate(self.seats[:self.players]):
            try:
                name = names.clean(str(entry["name"])) or default_name(i, entry["kind"])
            except names.BadName as error:
                raise SetupError(_("Seat {n}: {reason}").format(n=i + 1, reason=error)) from None
            seat = {"name": name}
            if choice and entry["pick"]:
                seat[choice.key] = entry["pick"]
            if entry["kind"] in BOT_LABELS:
                seat["bot"] = entry["kind"]
            seats.append(seat)
        pair = names.clash([seat["name"] for seat in seats])
        if pair:
            raise SetupError(names.clash_message(pair))
        picks = [s[choice.key] for s in seats if choice and choice.key in s]
        if len(set(picks)) != len(picks):
            raise SetupError(_(choice.clash))
        here = [s for s in self.seats[:self.players] if s["kind"] == "human"]
        if self.remote_seats() and len(here) != 1:
            raise SetupError(_("A game with remote seats has exactly one seat played on this "
                               "device: the other people play on their own devices."))
        return self.game, seats, dict(self.options)

    def begin(self, seed: int) -> Match:
        """The new game of the table as chosen; SetupError when it cannot start."""
        try:
            return Match.start(*self.table(), seed)
        except IllegalAction:  # its reason is for developers, in English
            raise SetupError(_("These seats and options cannot start a game.")) from None

    def remote_seats(self) -> list[int]:
        """The seats played on other devices, by links (web/play/links/)."""
        return [i for i in range(self.players) if self.seats[i]["kind"] == "remote"]

    # --- drawing -------------------------------------------------------------------------------
    def render(self, saved_games: str) -> str:
        """The screen; ``saved_games`` is the panel of games to continue (may be empty). At a
        plain http:// address it says that games on several devices cannot start here."""
        game = front(self.game)
        games = "".join(
            f'<button type="button" class="choice" id="game-{esc(f.game)}" aria-pressed='
            f'"{str(f.game == game.game).lower()}"{ev("setup-game", f.game)}>'
            f"<strong>{esc(_(f.name))}</strong><span>{esc(_(f.blurb))}</span></button>"
            for f in fronts())
        fewest, most = game.players
        counts = "".join(
            f'<button type="button" class="count" id="players-{n}" aria-pressed='
            f'"{str(self.players == n).lower()}"{ev("setup-players", n)}>{n}</button>'
            for n in range(fewest, most + 1))
        remote, secure_context = self.remote_seats(), self.secure_context
        seats = "".join(self._seat_row(i, "" if secure_context or i not in remote[:1] else
                                       _(secure.NEEDS_HTTPS)) for i in range(self.players))
        options = "".join(self._option_group(o) for o in game.options)
        paste = _("Paste a game link someone sent you. It opens as a new saved game and "
                  "changes none of your other games.")
        learn = (f' <button type="button" id="learn"{ev("learn", game.game)}>'
                 f'{esc(_("Learn to play"))}</button>' if game.game in LESSONS else "")
        https = "" if secure_context or remote else \
            f'<p class="hint" id="needs-https">{esc(secure.told(secure.HERE))}</p>'
        return (
            f'<section class="panel"><h2 id="screen-title" tabindex="-1">{esc(_("New game"))}'
            f'</h2><div class="games" role="group" aria-label="{esc(_("Game"))}">{games}</div>'
            f'<p class="stats-link"><button type="button" id="start-stats"'
            f'{ev("help-stats", game.game)}>'
            f'{esc(_("Statistics for {game}").format(game=_(game.name)))}</button></p>'
            f'<div class="field"><span class="label" id="players-label">{esc(_("Players"))}'
            f'</span><div class="counts" role="group" aria-labelledby="players-label">{counts}'
            f"</div></div>"
            f'<div class="seats">{seats}</div>{options}{https}'
            f'<p class="actions start-actions"><button type="button" class="primary" '
            f'id="start-game"'
            f'{ev("start-game")}>{esc(_("Start the game"))}</button>{learn}</p></section>'
            f"{saved_games}"
            f'<section class="panel"><h2>{esc(_("Open a shared game"))}</h2>'
            f'<p class="hint">{esc(paste)}</p>'
            f'<div class="inline"><label class="grow"><span class="sr-only">'
            f'{esc(_("Game link"))}</span>'
            f'<input type="text" id="link-input" placeholder="https://…#g=…" '
            f'autocomplete="off" spellcheck="false" data-enter="open-link" '
            f'value="{esc(self.link_text)}"'
            f'{ev("link-text")}></label>'
            f'<button type="button" id="open-link"{ev("open-link")}>{esc(_("Open the link"))}'
            f"</button></div></section>")

    def _option_group(self, option) -> str:
        chosen = self.options.get(option.key, option.default)
        radios = "".join(
            f'<label class="radio"><input type="radio" name="opt-{esc(option.key)}" '
            f'id="opt-{esc(option.key)}-{esc(ident)}" value="{esc(ident)}"'
            f'{" checked" if value == chosen else ""}{ev("setup-option", option.key)}> '
            f"<span><strong>{esc(_(title))}</strong> — {esc(_(text))}</span></label>"
            for value, ident, title, text in option.choices)
        return (f'<fieldset class="ties"><legend>{esc(_(option.legend))}</legend>{radios}'
                f"</fieldset>")

    def _seat_row(self, i: int, note: str = "") -> str:
        """Seat ``i``'s fieldset, with ``note`` under it if any."""
        seat = self.seats[i]
        described = ' aria-describedby="needs-https"' if note else ""
        noted = f'<p class="hint" id="needs-https">{esc(note)}</p>' if note else ""
        kinds = "".join(
            f'<option value="{k}"{" selected" if seat["kind"] == k else ""}>{esc(_(label))}'
            f"</option>" for k, label in KINDS.items())
        pick = ""
        choice = front(self.game).seat_choice
        if choice:
            picks = [f'<option value=""{"" if seat["pick"] else " selected"}>'
                     f"{esc(_(choice.any_label))}</option>"]
            picks += [f'<option value="{esc(v)}"{" selected" if seat["pick"] == v else ""}>'
                      f"{esc(label)}</option>" for v, label in choice.options()]
            pick = (f'<label>{esc(_(choice.label))} <select id="seat-pick-{i}"'
                    f'{ev("setup-pick", i)}>{"".join(picks)}</select></label>')
        return (
            f'<fieldset class="seat"><legend>{esc(_("Seat {n}").format(n=i + 1))}</legend>'
            f'<label>{esc(_("Name"))} <input type="text" id="seat-name-{i}" '
            f'maxlength="{names.MAX_NAME}" autocomplete="off" value="{esc(seat["name"])}"'
            f'{ev("setup-name", i)}></label>'
            f'<label>{esc(_("Played by"))} <select id="seat-kind-{i}"{described}'
            f'{ev("setup-kind", i)}>{kinds}</select></label>{pick}{noted}</fieldset>')

    EVENTS = {"setup-game": on_setup_game, "setup-players": on_setup_players,
              "setup-name": on_setup_name, "setup-kind": on_setup_kind,
              "setup-pick": on_setup_pick, "setup-option": on_setup_option,
              "link-text": on_link_text}  # what the router hands this screen (page: data-ev)


def _seat_arg(arg):
    """(seat, value) from a seat control's event, or (None, None)."""
    if not isinstance(arg, dict) or type(arg.get("arg")) is not int \
            or arg["arg"] not in range(SEATS):
        return None, None
    return arg["arg"], arg.get("value", "")


def default_name(seat: int, kind: str) -> str:
    """The name a seat has until someone types one: "Player 1", or "Bot 3" for a bot."""
    return (_("Bot {n}") if kind in BOT_LABELS else _("Player {n}")).format(n=seat + 1)
