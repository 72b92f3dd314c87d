"""The statistics page of a game (issues 42, 51): the balance report's figures from Normal
bots' games, read from the aggregates the build ships (web/data/balance-GAME.json, written by
``python -m engine report``), in the active language. Its first screen says the findings in
plain words with whole numbers of games; the plots, the intervals and the tables fold below.
Reached from the start screen's game choice and from the game's rules page."""

import json
import math
from functools import cache
from pathlib import Path

from engine.report import svg
from engine.report.names import english_names
from engine.report.stats import findings
from web.base import i18n
from web.base.i18n import N_, _, ngettext
from web.base.markup import e, ev, scrolls
from web.base.messages import N_plural
from web.games import front
from web.screens.start import BOT_LABELS

DATA = Path(__file__).parents[1] / "data"

LEVELS = {"hard": N_("Hard"), "easy": N_("Easy"), "normal": N_("Normal")}
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
PLAIN = {
    "seat_above": N_("At {players} players seat {seat} won more often than even chances would "
                     "give: {won} of {games} games instead of {even}."),
    "seat_below": N_("At {players} players seat {seat} won less often than even chances would "
                     "give: {won} of {games} games instead of {even}."),
    "seats_even": N_("At {sizes} players no seat won clearly more or less often than even "
                     "chances would give."),
    "level_above": N_("A “{bot}” against “{against}” in every other seat won more "
                      "often than even chances would give at {sizes} players: at {players} "
                      "players {won} of {games} games instead of {even}."),
    "level_below": N_("A “{bot}” against “{against}” in every other seat won less "
                      "often than even chances would give at {sizes} players: at {players} "
                      "players {won} of {games} games instead of {even}."),
    "level_even": N_("A “{bot}” against “{against}” in every other seat won neither "
                     "clearly more nor less often than even chances would give at {sizes} "
                     "players."),
    "card_winners": N_("Of every 100 winners {winners} had used “{card}”, of every 100 losers "
                       "{losers}: it goes with winning, which need not mean it causes it."),
    "card_losers": N_("Of every 100 winners {winners} had used “{card}”, of every 100 losers "
                      "{losers}: it goes with losing, which need not mean it causes it."),
}
LABELS_SIDE = {
    "above": N_plural("{names} won more often than even chances would give, at {players} "
                      "players for instance {won} of {games} games instead of {even}.",
                      "{names} won more often than even chances would give, {name} at "
                      "{players} players for instance: {won} of {games} games instead of "
                      "{even}.", "names"),
    "below": N_plural("{names} won less often than even chances would give, at {players} "
                      "players for instance {won} of {games} games instead of {even}.",
                      "{names} won less often than even chances would give, {name} at "
                      "{players} players for instance: {won} of {games} games instead of "
                      "{even}.", "names"),
}
"""Thieves or master thieves shown above or below their fair share (the count: how many;
one needs no name for the example)."""
SHOWN = 5  # the most findings the first screen says
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
    known = front(game).statistics.ends.get(key) or english_names(game).get(key)
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
    """What the game counts its turns in (a turn of Age of Thieves is the whole table's)."""
    return _(N_("turns") if front(game).player_turns else N_("game turns"))


def _said(game: str, items: list[dict], limit: int | None = None) -> str:
    return "".join(f"<p>{e(sentence(game, f))}</p>" for f in items[:limit])


def _plot(rows: list[tuple[str, dict]], marks: tuple, title: str) -> str:
    return svg.intervals([(label, r["rate"], r["low"], r["high"]) for label, r in rows],
                         marks, title=title)


def _table(rows: list[tuple[str, dict]], head: str, counted: str) -> str:
    """Three columns that fit a phone: the row's name, ``counted`` (how many of how many
    games, whole) and the share with its interval under it."""
    body = "".join(
        f'<tr><th scope="row">{e(label)}</th><td class="num">{e(_of(r))}</td>'
        f'<td class="num">{e(pc(r["rate"]))}<span class="ci">{e(decimal(r["low"] * 100))}–'
        f'{e(pc(r["high"]))}</span></td></tr>' for label, r in rows)
    table = (f'<table class="results"><thead><tr><th scope="col">{e(head)}</th>'
             f'<th scope="col" class="num">{e(counted)}</th>'
             f'<th scope="col" class="num">{e(_("Share (interval 95 %)"))}</th></tr></thead>'
             f"<tbody>{body}</tbody></table>")
    return scrolls(head, table)


def whole(count: float) -> int:
    """A count of wins as a whole number: a shared win's part (1/k to each of k winners)
    rounded half up, as the page says once."""
    return math.floor(count + 0.5)


def _of(row: dict) -> str:
    return _("{won} of {games}").format(won=i18n.number(whole(row["k"])),
                                        games=i18n.number(row["n"]))


def _counts(row: dict) -> dict:
    """A rate's whole numbers for a plain sentence: won, of how many games, the even share."""
    return {"won": i18n.number(whole(row["k"])), "games": i18n.number(row["n"]),
            "even": i18n.number(whole(row["n"] * row["fair"]))}


def listing(items: list[str]) -> str:
    """Items joined as a sentence lists them: "2, 3 and 4"."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _sizes(args: list[dict]) -> str:
    return listing([i18n.number(a["players"]) for a in args])


def _extreme(rows: list[dict]) -> dict:
    """The row whose interval lies furthest from its fair share."""
    return max(rows, key=lambda r: max(r["low"] - r["fair"], r["fair"] - r["high"]) / r["fair"])


def plain(game: str, said: dict) -> list[str]:
    """The first screen's findings in plain words and whole numbers: only the sentences the
    intervals support (``findings``), the seats first, then thieves or master thieves, the
    bot levels and the card that goes most with winning; at most ``SHOWN``."""
    out = [_(PLAIN[f["msg"]]).format(players=i18n.number(f["args"]["players"]),
                                     seat=i18n.number(f["args"]["seat"]), **_counts(f["args"]))
           for f in said["seats"] if f["msg"] != "seats_even" and f["msg"] in PLAIN]
    even = [f["args"] for f in said["seats"] if f["msg"] == "seats_even"]
    if even:
        out.append(_(PLAIN["seats_even"]).format(sizes=_sizes(even)))
    out += _plain_labels(game, said["labels"])
    for bot in dict.fromkeys(f["args"]["bot"] for f in said["levels"]):
        for side in ("above", "below", "even"):
            rows = [f["args"] for f in said["levels"]
                    if f["args"]["bot"] == bot and f["msg"] == f"level_{side}"]
            if rows:
                out.append(_(PLAIN[f"level_{side}"]).format(
                    bot=_(BOT_LABELS[bot]), against=_(BOT_LABELS[rows[0]["against"]]),
                    sizes=_sizes(rows), players=i18n.number(rows[0]["players"]),
                    **_counts(rows[0])))
    cards = [f["args"] for f in said["cards"] if f["msg"] in PLAIN]
    if cards:
        args = cards[0]
        out.append(_(PLAIN[said["cards"][0]["msg"]]).format(
            card=name(game, args["card"]), winners=i18n.number(whole(args["winners"] * 100)),
            losers=i18n.number(whole(args["losers"] * 100))))
    return out[:SHOWN]


def _plain_labels(game: str, said: list[dict]) -> list[str]:
    """The thieves (master thieves) that won more, and less, often than even chances give,
    each with the table sizes, and one of them with its numbers."""
    out = []
    for side in ("above", "below"):
        rows = [f["args"] for f in said if f["msg"] == f"label_{side}"]
        if not rows:
            continue
        sizes = {}
        for row in rows:
            sizes.setdefault(row["label"], []).append(row)
        names = listing([_("{name} ({sizes} players)").format(name=name(game, label),
                                                             sizes=_sizes(found))
                         for label, found in sizes.items()])
        example = _extreme(rows)
        args = {"names": names, "name": name(game, example["label"]),
                "players": i18n.number(example["players"]), **_counts(example)}
        singular, plural = LABELS_SIDE[side][:2]
        text = ngettext(singular, plural, len(sizes))
        out.append(text.format(**args))
    even = front(game).statistics.labels_even
    if said and not out and even:
        out.append(_(even))
    return out


def _players(n: int) -> str:
    return _("{n} players").format(n=i18n.number(n))


def _section(title: str, body: str) -> str:
    """A part of the details, folded: its title shows, a tap opens it."""
    return (f'<details class="panel help stats"><summary>{e(title)}</summary>{body}'
            f"</details>")


def _top(game: str, data: dict, said: dict) -> str:
    """The first screen: what the games show in plain words, and how to read it."""
    sizes = data["sizes"]
    counts = {s["games"] for s in sizes}
    if len(counts) == 1:
        intro = _("Normal bots in every seat played {games} games at each of {sizes} players. "
                  "What they show:").format(games=i18n.number(counts.pop()),
                                             sizes=_sizes(sizes))
    else:
        intro = _("Normal bots in every seat played {games}. What they show:").format(
            games=_games(sizes))
    items = "".join(f"<li>{e(text)}</li>" for text in plain(game, said))
    notes = [_("“More often” and “less often” are said only where the games leave little "
               "doubt: the whole interval (95 %) lies on that side. The figures in detail, with "
               "their intervals, are below.")]
    counted = [r["k"] for s in sizes for r in (*s["seats"], *s["labels"].values())]
    counted += [r["k"] for r in data["levels"]]
    if any(k != int(k) for k in counted):
        notes.append(_("When players share a win, each gets an equal part of it (half for each "
                       "of two); the numbers of games here are rounded to whole games."))
    if any(s["decided"] < s["games"] for s in sizes):
        notes.append(_("Games that ended without a winner are not counted."))
    return (f'<p>{e(intro)}</p><ul class="findings">{items}</ul>'
            + "".join(f'<p class="hint">{e(note)}</p>' for note in notes))


def _games(sizes: list[dict]) -> str:
    return listing([_("{games} games at {players} players").format(
        games=i18n.number(s["games"]), players=i18n.number(s["players"])) for s in sizes])


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
    parts = [head + _top(game, data, said) + f"{back}</section>"]
    how = _("Every share comes with its interval (95 %, Wilson), worked out from the number "
            "of games behind it; something is called favoured only where the whole interval "
            "says so.")
    body = f"<p>{e(how)}</p>" + _said(game, said["seats"]) + "".join(
        f"<h4>{e(_players(s['players']))}</h4>"
        + _plot(rows, (1 / s["players"],), _("Win rate by seat"))
        + _table(rows, _("Seat"), _("Won")) for s in sizes
        for rows in [[(_("Seat {n}").format(n=p + 1), r) for p, r in enumerate(s["seats"])]])
    parts.append(_section(_("Win rate by seat"), body))
    words = front(game).statistics
    if words.labels:
        body = _said(game, said["labels"]) + "".join(
            f"<h4>{e(_players(s['players']))}</h4>"
            + _plot(rows, (1 / s["players"],), _(words.labels))
            + _table(rows, _(words.head), _("Won")) for s in sizes
            for rows in [[(name(game, k), r) for k, r in s["labels"].items()]])
        parts.append(_section(_(words.labels), body))
    if data["levels"]:
        rows = [(_("{bot}, {players}").format(bot=_(LEVELS[r["bot"]]),
                                              players=_players(r["players"])), r)
                for r in data["levels"]]
        how = _("One seat plays the level named, every other seat Normal; the seat moves on "
                "game by game.")
        body = (f"<p>{e(how)}</p>" + _said(game, said["levels"])
                + _plot(rows, (), _("Bot levels: Hard and Easy against Normal"))
                + _table(rows, _("Bot level"), _("Won")))
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
        + _table(rows, _("End"), _("Games"))
        for s in sizes for rows in [[(name(game, k), r) for k, r in s["ends"].items()]])
    parts.append(_section(_("How games end"), body))
    parts.append(_cards(game, data, said))
    return "".join(parts) + back


def _cards(game: str, data: dict, said: dict) -> str:
    rows = data["cards"]
    if not rows:
        return ""
    title = _(front(game).statistics.cards)
    plot = svg.intervals([(name(game, r["card"]), r["diff"], r["low"], r["high"])
                          for r in rows], (0.0,), title=title)
    intro = _("For each card, the share of winning seats that played it against the share of "
              "losing seats ({winners} winning and {losers} losing seats, all table sizes), "
              "and the difference with its interval (95 %). It says what goes with winning, not "
              "what causes it.").format(winners=i18n.number(rows[0]["winners"]["n"]),
                                        losers=i18n.number(rows[0]["losers"]["n"]))
    body = "".join(
        f'<tr><th scope="row">{e(name(game, r["card"]))}</th>'
        f'<td class="num">{e(pc(r["winners"]["rate"]))}</td>'
        f'<td class="num">{e(pc(r["losers"]["rate"]))}</td>'
        f'<td class="num">{e(pc(r["diff"]))}<span class="ci">{e(decimal(r["low"] * 100))} '
        f'… {e(pc(r["high"]))}</span></td></tr>'
        for r in rows)
    table = (f'<table class="results cards"><thead><tr><th scope="col">{e(_("Card"))}</th>'
             f'<th scope="col" class="num">{e(_("Winners"))}</th>'
             f'<th scope="col" class="num">{e(_("Losers"))}</th>'
             f'<th scope="col" class="num">{e(_("Difference"))}</th></tr></thead>'
             f"<tbody>{body}</tbody></table>")
    return _section(title, f"<p>{e(intro)}</p>" + _said(game, said["cards"])
                    + plot + scrolls(_("Card"), table))
