"""The Swindler decision sheet on a phone (CPython): each option is one short line with its
details on demand, and giving up an order (−2 VP) is asked twice before it is sent."""

import html
import json
import re
from html.parser import HTMLParser

from language_checks import play
from webutil import start_table

from engine.swindler import content
from web.base import i18n
from web.games.swindler.options import option_text
from web.games.swindler.render import reduce, render_game

LINE = 52  # characters: one line of a phone's option button (German, the longer language)


class Options(HTMLParser):
    """The option items of a decision sheet: for each ``li.swd-opt``, its buttons as
    (data-ev, data-arg decoded, attributes, text) and the text of its details."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.items: list[dict] = []
        self.button = None
        self.detail = False
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "swd-opt" in a.get("class", ""):
            self.items.append({"buttons": [], "detail": ""})
        elif tag == "button" and self.items:
            arg = json.loads(a["data-arg"]) if "data-arg" in a else None
            self.button = [a.get("data-ev"), arg, a, ""]
        elif tag == "p" and "swd-detail" in a.get("class", "") and self.items:
            self.detail = True

    def handle_data(self, data):
        if self.button is not None:
            self.button[3] += data
        elif self.detail:
            self.items[-1]["detail"] += data

    def handle_endtag(self, tag):
        if tag == "button" and self.button is not None:
            self.items[-1]["buttons"].append(tuple(self.button))
            self.button = None
        elif tag == "p":
            self.detail = False


def option_of(item: dict):
    return next(arg for ev, arg, _a, _t in item["buttons"] if ev in ("act", "swd-confirm"))


def test_each_option_is_one_short_line_and_its_details_open_on_demand():
    """Every option of a whole 3-player game, in both languages: its button's line is short;
    what it leaves out (the order's demands, the fence's field, an accomplice's rule) opens
    below it with its "i" button, and closes again."""
    opened = 0
    for step, match in enumerate(play("swindler", 3, "heuristic", 6)):
        if match.state["result"] is not None:
            break
        p = match.rules.to_act(match.state)[0]
        view = match.rules.view(match.state, p)
        for lang in ("de", "en"):
            i18n.activate(lang)
            items = Options(render_game(view, {})).items
            assert [option_of(item) for item in items] == view["choice"]["options"]
            for item in items:
                label = item["buttons"][0][3]
                assert len(label) <= LINE, (lang, label)
                assert not item["detail"]
            o = view["choice"]["options"][step % len(items)]
            item = items[step % len(items)]
            info = [b for b in item["buttons"] if b[0] == "swd-info"]
            full = option_text(view, o)
            if full != item["buttons"][0][3] or isinstance(o, dict) and {"play", "master"} & set(o):
                assert info and info[0][2]["aria-expanded"] == "false", (o, item)
            if not info:
                continue
            ui, sent = reduce(view, {}, "swd-info", o)
            assert sent == []
            shown = Options(render_game(view, ui)).items[step % len(items)]
            assert [b[2]["aria-expanded"] for b in shown["buttons"] if b[0] == "swd-info"] == \
                ["true"]
            if isinstance(o, dict) and "play" in o:
                rule = content.accomplice_kinds()[content.kind_of(o["play"])]["text"]
                assert shown["detail"] == i18n._(rule)
            elif isinstance(o, dict) and "master" in o:
                assert shown["detail"] == i18n._(content.masters()[o["master"]]["text"])
            else:
                assert shown["detail"] == full
            opened += 1
            closed, _sent = reduce(view, ui, "swd-info", o)
            assert not Options(render_game(view, closed)).items[step % len(items)]["detail"]
    i18n.activate("en")
    assert opened > 100, opened


def test_giving_up_an_order_is_asked_once_more(make_app):
    """"Give up (−2 VP)" sends nothing at the first tap: it asks, naming the order and the
    cost; "No, keep it" takes the question back, "Yes, give up" sends it."""
    app = make_app()
    start_table(app, "swindler", ["human", "normal"], masters="off")
    view = app.match.rules.view(app.match.state, 0)
    order = next(o for o in view["choice"]["options"] if "reserve" in o)["reserve"]
    app.handle("act", {"reserve": order})
    cancel = {"cancel": order}
    before = (len(app.match.actions), app.match.state["players"][0]["vp"])
    page = app.render()
    tapped = [b[0] for item in Options(page).items for b in item["buttons"]
              if b[1] == cancel and b[0] != "swd-info"]
    assert tapped == ["swd-confirm"]
    assert 'data-ev="act" data-arg="{&quot;cancel&quot;' not in page
    app.handle("swd-confirm", cancel)
    assert (len(app.match.actions), app.match.state["players"][0]["vp"]) == before
    asked = html.unescape(re.sub(r"<[^>]+>", "|", app.render()))
    assert f"Give up order {order}? You lose 2 VP." in asked
    assert f"|Yes, give up {order} (−2 VP)|" in asked and "|No, keep it|" in asked
    app.handle("swd-keep")
    assert "You lose 2 VP" not in app.render()
    assert len(app.match.actions) == before[0]
    app.handle("swd-confirm", cancel)
    app.handle("act", cancel)
    assert app.match.actions[before[0]] == [0, cancel]
    assert order not in app.match.rules.view(app.match.state, 0)["seats"][0]["reserved"]


def caught_moments(games=(("heuristic", 0), ("heuristic", 1), ("random", 2))):
    """(view of the caught thief at their next decision, the tiles the skull cost) for every
    skull of some 3-player bot games (random players keep loot from earlier turns)."""
    for kind, seed in games:
        held, caught_turns = {}, set()
        for match in play("swindler", 3, kind, seed):
            s = match.state
            steal, thief = s["steal"], s["active"]
            if s["result"] is None and steal and steal["state"] == "caught" \
                    and s["turn"] not in caught_turns \
                    and match.rules.to_act(s)[0] == thief:
                caught_turns.add(s["turn"])
                lost = [t for t in held[thief] if t not in s["players"][thief]["loot"]]
                assert all(content.bag_of(t) == steal["bag"] for t in lost)
                yield match.rules.view(s, thief), lost
            held = {p: list(me["loot"]) for p, me in enumerate(s["players"])}


def test_a_skull_is_told_first_with_what_it_cost():
    """After a skull the thief's sheet opens with it, in both languages: caught, from which
    bag, each tile of this turn that went back (by name) and how many earlier ones; no "the
    steal is over, drawn: …" naming a tile just lost."""
    seen = {"lost": 0, "earlier": 0}
    for view, lost in caught_moments():
        bag = view["steal"]["bag"]
        for lang, head, gone in (("en", f"Caught: a skull from the {bag} bag!", "Lost: "),
                                 ("de", None, "Verloren: ")):
            i18n.activate(lang)
            page = render_game(view, {})
            prompt = page[page.index('class="swd-prompt'):]
            box = prompt[prompt.index('class="swd-caught"'):prompt.index('class="swd-ask"')]
            text = html.unescape(re.sub(r"<[^>]+>", " ", box))
            if lang == "de":
                colour = {"red": "rot", "blue": "blau", "yellow": "gelb", "green": "grün",
                          "black": "schwarz"}[bag]
                head = f"Erwischt: ein Schädel aus dem {colour}en Sack!"
            assert head in re.sub(r"\s+", " ", text), (lang, text)
            named = set(re.findall(r'data-ref="tile-(\w+)"', box.split(gone)[-1]))
            assert ("is over" not in prompt and "ist vorbei" not in prompt)
            if not lost:
                assert gone not in text
                continue
            assert gone in text, text
            this_turn = [t for t in lost if t in view["steal"]["drawn"]]
            assert set(this_turn) <= named
            earlier = len(lost) - len(this_turn)
            if earlier:
                assert re.search(rf"{earlier} (tiles? from (an )?earlier turns?|Plättchen aus)",
                                 text), text
        seen["lost"] += bool(lost)
        seen["earlier"] += len(lost) > len([t for t in lost if t in view["steal"]["drawn"]])
    i18n.activate("en")
    assert seen["lost"] > 5 and seen["earlier"] > 0, seen
