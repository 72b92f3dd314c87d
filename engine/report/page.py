"""The report page: one self-contained HTML page a game, its plots inline SVG, no script, no
link out. Pure: the aggregates (``stats.aggregate``) in, a string out."""

from html import escape

from engine.core.game import rules_for

from . import svg
from .names import name
from .stats import findings


def pc(value: float) -> str:
    return f"{value * 100:.1f}\u00a0%"  # a space that does not break


def span(row: dict) -> str:
    """``52.1 % (49.0–55.2 %, 1000 games)``."""
    return f"{pc(row['rate'])} ({pc(row['low'])}–{pc(row['high'])}, n = {row['n']})"


SENTENCES = {
    "seat_above": "At {players} players seat {seat} is favoured: it wins {rate} of the decided "
                  "games ({low}–{high}, n = {n}), above the fair share of {fair}.",
    "seat_below": "At {players} players seat {seat} is at a disadvantage: it wins {rate} of "
                  "the decided games ({low}–{high}, n = {n}), below the fair share of {fair}.",
    "seats_even": "At {players} players no seat is shown to be favoured: every seat's interval "
                  "(together {low}–{high}, n = {n} decided games) holds the fair share of {fair}.",
    "label_above": "At {players} players {label} wins more than the fair share: {rate} "
                   "({low}–{high}, n = {n}; fair {fair}).",
    "label_below": "At {players} players {label} wins less than the fair share: {rate} "
                   "({low}–{high}, n = {n}; fair {fair}).",
    "labels_even": "At {players} players none is shown to win more or less than the fair share.",
    "end_most": "At {players} players the game most often ends with {end}: {rate} of the games "
                "({low}–{high}, n = {n}).",
    "length": "At {players} players a game lasts {turns} {unit} on average ({turns_low}–"
              "{turns_high}) and {decisions} decisions ({decisions_low}–{decisions_high}), "
              "n = {n}.",
    "margin": "At {players} players the winner is {mean} points ahead of the best other score "
              "on average ({mean_low}–{mean_high}; median {median}; n = {n}).",
    "card_winners": "Winners played {card} more often than losers: {winners} against {losers} "
                    "of the seats (difference {diff}, {low} to {high}).",
    "card_losers": "Losers played {card} more often than winners: {losers} against {winners} "
                   "of the seats (difference {diff}, {low} to {high}).",
    "cards_even": "No card is shown to be played more often by winners than by losers (or the "
                  "other way round): every difference's interval holds 0.",
    "chance": "These are {tests} intervals of 95 %: about {expected} of them would miss the "
              "fair share (or 0) by chance alone, so a single one that barely misses it is weak "
              "evidence.",
    "level_above": "At {players} players one {bot} bot against {against} bots wins {rate} "
                   "({low}–{high}, n = {n} decided games), above the fair share of {fair}.",
    "level_below": "At {players} players one {bot} bot against {against} bots wins {rate} "
                   "({low}–{high}, n = {n}), below the fair share of {fair}.",
    "level_even": "At {players} players one {bot} bot against {against} bots wins {rate} "
                  "({low}–{high}, n = {n}): not shown to differ from the fair share of {fair}.",
}
RATES = {"rate", "low", "high", "fair", "winners", "losers", "diff"}
NUMBERS = {"expected", "mean", "mean_low", "mean_high", "median", "turns", "turns_low",
           "turns_high", "decisions", "decisions_low", "decisions_high"}


def sentence(game: str, finding: dict) -> str:
    args = dict(finding["args"])
    for key, value in args.items():
        if key in RATES and isinstance(value, float | int):
            args[key] = pc(value)
        elif key in NUMBERS:
            args[key] = f"{value:.1f}"
    for key in ("label", "card", "end"):
        if key in args:
            args[key] = name(game, args[key])
    args["bot"] = args.get("bot", "").capitalize()
    args["against"] = args.get("against", "").capitalize()
    return SENTENCES[finding["msg"]].format(unit=rules_for(game).turns, **args)


def _said(game: str, items: list[dict], limit: int | None = None) -> str:
    items = items[:limit]
    return "".join(f"<p>{escape(sentence(game, f))}</p>" for f in items)


def _rates_table(rows: list[tuple[str, dict]], head: str) -> str:
    body = "".join(f"<tr><td>{escape(label)}</td><td>{pc(r['rate'])}</td>"
                   f"<td>{r['low'] * 100:.1f}–{pc(r['high'])}</td><td>{r['k']:g}</td>"
                   f"<td>{r['n']}</td></tr>" for label, r in rows)
    return (f"<table><tr><th>{escape(head)}</th><th>rate</th><th>95 % interval</th>"
            f"<th>wins / count</th><th>games</th></tr>{body}</table>")


def render(report: dict, meta: dict) -> str:
    """The page of ``report`` (``stats.aggregate``); ``meta``: how the games were played
    (``bots``, ``seed``, ``games``)."""
    game = report["game"]
    rules, said = rules_for(game), findings(report)
    title = f"{rules.name}: balance report"
    parts = [f"<h1>{escape(title)}</h1>",
             f"<p>{escape(_intro(report, meta))}</p>"]
    parts += ["<h2>Win rate by seat</h2>", _said(game, said["seats"])]
    for size in report["sizes"]:
        n = size["players"]
        rows = [(f"seat {p + 1}", r) for p, r in enumerate(size["seats"])]
        parts += [f"<h3>{n} players</h3>",
                  _plot(rows, [1 / n], f"{n} players: win rate by seat"),
                  _rates_table(rows, "seat")]
    if rules.label_title:
        parts += [f"<h2>Win rate by {rules.label_title}</h2>", _said(game, said["labels"])]
        for size in report["sizes"]:
            rows = [(name(game, k), r) for k, r in size["labels"].items()]
            parts += [f"<h3>{size['players']} players</h3>",
                      _plot(rows, [1 / size["players"]], "win rate"),
                      _rates_table(rows, rules.label_title)]
    if report["levels"]:
        parts += ["<h2>Bot levels: Hard and Easy against Normal</h2>",
                  "<p>One seat plays the level named, every other seat Normal; the seat "
                  "rotates game by game (bench/bot_strength.py).</p>",
                  _said(game, said["levels"])]
        rows = [(f"{r['bot'].capitalize()}, {r['players']} players", r)
                for r in report["levels"]]
        parts += [_plot(rows, [], "win rate of one bot against Normal bots"),
                  _rates_table(rows, "bot, table")]
    parts += ["<h2>Score margins</h2>", _said(game, said["margin"])]
    for size in report["sizes"]:
        if size["margin"]:
            parts += [f"<h3>{size['players']} players: the winner's lead in points</h3>",
                      svg.histogram(size["margin"]["hist"], "winner's lead")]
    parts += ["<h2>Game length</h2>", _said(game, said["length"])]
    for size in report["sizes"]:
        parts += [f"<h3>{size['players']} players: {rules.turns}</h3>",
                  svg.histogram(size["turns"]["hist"], "turns"),
                  f"<h3>{size['players']} players: decisions</h3>",
                  svg.histogram(size["decisions"]["hist"], "decisions")]
    parts += ["<h2>How games end</h2>", _said(game, said["ends"])]
    for size in report["sizes"]:
        rows = [(name(game, k), r) for k, r in size["ends"].items()]
        parts += [f"<h3>{size['players']} players</h3>", _plot(rows, [], "end conditions"),
                  _rates_table(rows, "end")]
    parts += _cards(game, report, said)
    return _page(title, "".join(parts))


def _intro(report: dict, meta: dict) -> str:
    who = rules_for(report["game"]).label_title or "player"
    sizes = ", ".join(f"{s['games']} games at {s['players']} players ({s['decided']} with a "
                      f"winner)" for s in report["sizes"])
    return (f"{meta.get('bots', 'normal').capitalize()} bots in every seat, seed "
            f"{meta.get('seed', 1)}: {sizes}. Every rate is given with its 95 % interval "
            f"(Wilson) and the number of games behind it; a seat, {who} or card is called "
            f"favoured only where the whole interval says so.")


def _plot(rows: list[tuple[str, dict]], marks: list[float], title: str) -> str:
    return svg.intervals([(label, r["rate"], r["low"], r["high"]) for label, r in rows],
                         tuple(marks), title=title)


def _cards(game: str, report: dict, said: dict) -> list[str]:
    rows = report["cards"]
    if not rows:
        return []
    plot = svg.intervals([(name(game, r["card"]), r["diff"], r["low"], r["high"])
                          for r in rows], (0.0,), title="winners less losers")
    body = "".join(
        f"<tr><td>{escape(name(game, r['card']))}</td><td>{pc(r['winners']['rate'])}</td>"
        f"<td>{pc(r['losers']['rate'])}</td><td>{pc(r['diff'])} ({pc(r['low'])} to "
        f"{pc(r['high'])})</td></tr>" for r in rows)
    return [f"<h2>What winners play: {rules_for(game).cards_played}</h2>",
            "<p>For each card, the share of winning seats that played it against the share of "
            f"losing seats (all table sizes, {rows[0]['winners']['n']} winning and "
            f"{rows[0]['losers']['n']} losing seats), and the difference with its 95 % interval "
            "(Newcombe). A difference says what goes with winning, not what causes it.</p>",
            _said(game, said["cards"]), plot,
            "<table><tr><th>card</th><th>winners</th><th>losers</th><th>difference</th></tr>"
            f"{body}</table>"]


def _page(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{STYLE}{svg.STYLE}</style></head>"
            f"<body><main>{body}</main></body></html>\n")


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; color: #222; margin: 0; padding: 1em; }
main { max-width: 760px; margin: auto; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0 1.5em; font-size: 13px; display: block;
  overflow-x: auto; } td, th { padding: .2em .6em; border-bottom: 1px solid #eee;
  text-align: left; }
"""
