"""The statistics page of a game (issue 42): the balance report's figures from Normal bots'
games, read from the aggregates the build ships (web/data/balance-GAME.json, written by
``python -m engine report``), with the plots and what the figures say, in the active language.
Reached from the game's rules page; every rate with its 95 % interval and its number of games."""

import json
from functools import cache
from pathlib import Path

from engine.report import svg
from engine.report.names import LABEL_TITLES, english_names
from engine.report.stats import findings

from . import i18n
from .games import front
from .i18n import N_, _
from .markup import e, ev, scrolls

DATA = Path(__file__).parent / "data"

ENDS = {
    "emperor_escape": N_("the Emperors' Jewel carried out"),
    "escape": N_("escaped thieves compared on VP"),
    "all_defeated": N_("every thief defeated"),
    "orders_reached": N_("enough orders fulfilled"),
    "orders_out": N_("the orders ran out"),
    "points": N_("a win on points"),
    "money": N_("money broke a tie"),
    "shared": N_("a shared win"),
}
UNITS = {"age_of_thieves": N_("game turns")}  # Age of Thieves' turn is the whole table's (Runde)
LEVELS = {"hard": N_("Hard"), "easy": N_("Easy"), "normal": N_("Normal")}
LABELS = {"age_of_thieves": N_("Win rate by thief"),
          "swindler": N_("Win rate by master thief")}
HEADS = {"age_of_thieves": N_("Thief"), "swindler": N_("Master thief")}
CARDS = {"age_of_thieves": N_("What winners play: general and special cards resolved"),
         "swindler": N_("What winners play: accomplices played"),
         "crooks": N_("What winners play: crooks recruited")}
SAID = {
    "seat_above": N_("At {players} players seat {seat} is favoured: it wins {rate} of the "
                     "decided games ({low}–{high}, n = {n}), above the fair share of {fair}."),
    "seat_below": N_("At {players} players seat {seat} is at a disadvantage: it wins {rate} of "
                     "the decided games ({low}–{high}, n = {n}), below the fair share of "
                     "{fair}."),
    "seats_even": N_("At {players} players no seat is shown to be favoured: every seat's "
                     "interval (together {low}–{high}, n = {n} decided games) holds the fair "
                     "share of {fair}."),
    "label_above": N_("At {players} players {label} wins more than the fair share: {rate} "
                      "({low}–{high}, n = {n}; fair {fair})."),
    "label_below": N_("At {players} players {label} wins less than the fair share: {rate} "
                      "({low}–{high}, n = {n}; fair {fair})."),
    "labels_even": N_("At {players} players none is shown to win more or less than the fair "
                      "share."),
    "end_most": N_("At {players} players the game most often ends with {end}: {rate} of the "
                   "games ({low}–{high}, n = {n})."),
    "length": N_("At {players} players a game lasts {turns} {unit} on average ({turns_low}–"
                 "{turns_high}) and {decisions} decisions ({decisions_low}–{decisions_high}), "
                 "n = {n}."),
    "margin": N_("At {players} players the winner is {mean} points ahead of the best other "
                 "score on average ({mean_low}–{mean_high}; median {median}; n = {n})."),
    "card_winners": N_("Winners played {card} more often than losers: {winners} against "
                       "{losers} of the seats (difference {diff}, {low} to {high})."),
    "card_losers": N_("Losers played {card} more often than winners: {losers} against "
                      "{winners} of the seats (difference {diff}, {low} to {high})."),
    "cards_even": N_("No card is shown to be played more often by winners than by losers (or "
                     "the other way round): every difference's interval holds 0."),
    "chance": N_("These are {tests} intervals of 95 %: about {expected} of them would miss "
                  "the fair share (or 0) by chance alone, so a single one that barely misses it "
                  "is weak evidence."),
    "level_above": N_("At {players} players one {bot} bot against {against} bots wins {rate} "
                      "({low}–{high}, n = {n} decided games), above the fair share of {fair}."),
    "level_below": N_("At {players} players one {bot} bot against {against} bots wins {rate} "
                      "({low}–{high}, n = {n}), below the fair share of {fair}."),
    "level_even": N_("At {players} players one {bot} bot against {against} bots wins {rate} "
                     "({low}–{high}, n = {n}): not shown to differ from the fair share of "
                     "{fair}."),
}
RATES = ("rate", "low", "high", "fair", "winners", "losers", "diff")
NUMBERS = ("expected", "mean", "mean_low", "mean_high", "median", "turns", "turns_low",
           "turns_high", "decisions", "decisions_low", "decisions_high")


@cache
def report(game: str) -> dict | None:
    """The game's aggregates, or None where the build ships none."""
    path = DATA / f"balance-{game}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def decimal(value: float, places: int = 1) -> str:
    """A number as the language writes it (German: a decimal comma)."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if i18n.current() == "de" else text


def pc(value: float) -> str:
    """A share in percent, the sign kept with its number (a space that does not break)."""
    return _("{value} %").format(value=decimal(value * 100)).replace(" %", "\u00a0%")


def name(game: str, key: str) -> str:
    """A thief's, master thief's, card's or end condition's name in the active language."""
    if key in ENDS:
        return _(ENDS[key])
    known = english_names(game).get(key)
    return _(known) if known else key


def sentence(game: str, finding: dict) -> str:
    args = dict(finding["args"])
    for key in RATES:
        if isinstance(args.get(key), float | int):
            args[key] = pc(args[key])
    for key in NUMBERS:
        if isinstance(args.get(key), float | int):
            args[key] = decimal(args[key])
    for key in ("label", "card", "end"):
        if key in args:
            args[key] = name(game, args[key])
    for key in ("bot", "against"):
        if key in args:
            args[key] = _(LEVELS[args[key]])
    for key in ("n", "players", "seat", "tests"):
        if key in args:
            args[key] = i18n.number(args[key])
    return _(SAID[finding["msg"]]).format(unit=unit(game), **args)


def unit(game: str) -> str:
    """What the game counts its turns in."""
    return _(UNITS.get(game, N_("turns")))


def _said(game: str, items: list[dict], limit: int | None = None) -> str:
    return "".join(f"<p>{e(sentence(game, f))}</p>" for f in items[:limit])


def _plot(rows: list[tuple[str, dict]], marks: tuple, title: str) -> str:
    return svg.intervals([(label, r["rate"], r["low"], r["high"]) for label, r in rows],
                         marks, title=title)


def _table(rows: list[tuple[str, dict]], head: str) -> str:
    body = "".join(
        f'<tr><th scope="row">{e(label)}</th><td class="num">{e(pc(r["rate"]))}</td>'
        f'<td class="num">{e(decimal(r["low"] * 100))}–{e(pc(r["high"]))}</td>'
        f'<td class="num">{e(decimal(r["k"], 0 if r["k"] == int(r["k"]) else 1))}</td>'
        f'<td class="num">'
        f'{e(i18n.number(r["n"]))}</td></tr>' for label, r in rows)
    table = (f'<table class="results"><thead><tr><th scope="col">{e(head)}</th>'
             f'<th scope="col" class="num">{e(_("Rate"))}</th>'
             f'<th scope="col" class="num">{e(_("Interval (95 %)"))}</th>'
             f'<th scope="col" class="num">{e(_("Wins or count"))}</th>'
             f'<th scope="col" class="num">{e(_("Games"))}</th></tr></thead>'
             f"<tbody>{body}</tbody></table>")
    return scrolls(head, table)


def _players(n: int) -> str:
    return _("{n} players").format(n=i18n.number(n))


def _section(title: str, body: str) -> str:
    return f'<section class="panel help stats"><h3>{e(title)}</h3>{body}</section>'


def render(game: str) -> str:
    """The statistics page of ``game`` in the active language."""
    return _render(game, i18n.current())


@cache
def _render(game: str, language: str) -> str:
    shown = _(front(game).name)
    back = (f'<p class="actions"><button type="button" id="stats-back"'
            f'{ev("help-game", game)}>{e(_("Back to the rules"))}</button></p>')
    head = (f'<section class="panel help"><h2 id="screen-title" tabindex="-1">'
            f'{e(_("{game}: statistics").format(game=shown))}</h2>')
    data = report(game)
    if data is None:
        return head + f"<p>{e(_('No statistics have been built for this game.'))}</p></section>" \
            + back
    said = findings(data)
    sizes = data["sizes"]
    games = ", ".join(_("{games} games at {players} players").format(
        games=i18n.number(s["games"]), players=i18n.number(s["players"])) for s in sizes)
    intro = _("Normal bots in every seat: {games}. Every rate comes with its interval (95 %, "
              "Wilson) and the number of games behind it; something is called favoured only "
              "where the whole interval says so.").format(games=games)
    parts = [head + f"<p>{e(intro)}</p>{back}</section>"]
    body = _said(game, said["seats"]) + "".join(
        f"<h4>{e(_players(s['players']))}</h4>"
        + _plot(rows, (1 / s["players"],), _("Win rate by seat"))
        + _table(rows, _("Seat")) for s in sizes
        for rows in [[(_("Seat {n}").format(n=p + 1), r) for p, r in enumerate(s["seats"])]])
    parts.append(_section(_("Win rate by seat"), body))
    if game in LABEL_TITLES:
        body = _said(game, said["labels"]) + "".join(
            f"<h4>{e(_players(s['players']))}</h4>"
            + _plot(rows, (1 / s["players"],), _(LABELS[game]))
            + _table(rows, _(HEADS[game])) for s in sizes
            for rows in [[(name(game, k), r) for k, r in s["labels"].items()]])
        parts.append(_section(_(LABELS[game]), body))
    if data["levels"]:
        rows = [(_("{bot}, {players}").format(bot=_(LEVELS[r["bot"]]),
                                              players=_players(r["players"])), r)
                for r in data["levels"]]
        how = _("One seat plays the level named, every other seat Normal; the seat moves on "
                "game by game.")
        body = (f"<p>{e(how)}</p>" + _said(game, said["levels"])
                + _plot(rows, (), _("Bot levels: Hard and Easy against Normal"))
                + _table(rows, _("Bot level")))
        parts.append(_section(_("Bot levels: Hard and Easy against Normal"), body))
    margins = _("Score margins: the winner's lead in points")
    body = _said(game, said["margin"]) + "".join(
        f"<h4>{e(_players(s['players']))}</h4>" + svg.histogram(s["margin"]["hist"], margins)
        for s in sizes if s["margin"])
    parts.append(_section(margins, body))
    heading = _("{players}: {unit}")
    body = _said(game, said["length"]) + "".join(
        f"<h4>{e(heading.format(players=_players(s['players']), unit=unit(game)))}</h4>"
        + svg.histogram(s["turns"]["hist"], _("Game length")) for s in sizes)
    parts.append(_section(_("Game length"), body))
    body = _said(game, said["ends"]) + "".join(
        f"<h4>{e(_players(s['players']))}</h4>" + _plot(rows, (), _("How games end"))
        + _table(rows, _("End"))
        for s in sizes for rows in [[(name(game, k), r) for k, r in s["ends"].items()]])
    parts.append(_section(_("How games end"), body))
    parts.append(_cards(game, data, said))
    return "".join(parts) + back


def _cards(game: str, data: dict, said: dict) -> str:
    rows = data["cards"]
    if not rows:
        return ""
    plot = svg.intervals([(name(game, r["card"]), r["diff"], r["low"], r["high"])
                          for r in rows], (0.0,), title=_(CARDS[game]))
    intro = _("For each card, the share of winning seats that played it against the share of "
              "losing seats ({winners} winning and {losers} losing seats, all table sizes), "
              "and the difference with its interval (95 %). It says what goes with winning, not "
              "what causes it.").format(winners=i18n.number(rows[0]["winners"]["n"]),
                                        losers=i18n.number(rows[0]["losers"]["n"]))
    body = "".join(
        f'<tr><th scope="row">{e(name(game, r["card"]))}</th>'
        f'<td class="num">{e(pc(r["winners"]["rate"]))}</td>'
        f'<td class="num">{e(pc(r["losers"]["rate"]))}</td>'
        f'<td class="num">{e(pc(r["diff"]))} ({e(decimal(r["low"] * 100))} … '
        f'{e(pc(r["high"]))})</td></tr>'
        for r in rows)
    table = (f'<table class="results"><thead><tr><th scope="col">{e(_("Card"))}</th>'
             f'<th scope="col" class="num">{e(_("Winners"))}</th>'
             f'<th scope="col" class="num">{e(_("Losers"))}</th>'
             f'<th scope="col" class="num">{e(_("Difference"))}</th></tr></thead>'
             f"<tbody>{body}</tbody></table>")
    return _section(_(CARDS[game]), f"<p>{e(intro)}</p>" + _said(game, said["cards"])
                    + plot + scrolls(_("Card"), table))
