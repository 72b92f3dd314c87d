"""Help at the moment of need (issue 41): every decision says why it offers what it offers
("Why these options?"), in both languages, and a crook's card carries its full text for the
page to show when it is tapped (static/pointing.js), never for a card its viewer may not see."""

import html
import re

import pytest

from engine.core.game import Match
from engine.crooks import content
from engine.simulate import make_bot
from web.base import i18n
from web.games import front

WHY = re.compile(r'<details class="why"><summary>([^<]+)</summary><p>([^<]+)</p></details>')


def positions(game: str, count: int = 120):
    """The views of the player to decide, at each decision of a bot game."""
    match = Match.start(game, [{"name": "Ann"}, {"name": "Bob"}], {}, 7)
    bots = [make_bot("normal", game, 7 + p) for p in range(2)]
    for _step in range(count):
        if match.rules.result(match.state) is not None:
            return
        p = match.rules.to_act(match.state)[0]
        choice = match.rules.choice(match.state, p)
        view = match.rules.view(match.state, p)
        yield view
        match.act(p, bots[p].decide(view, choice))


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_every_decision_says_why_these_options(game):
    screen = front(game).module()
    kinds = set()
    try:
        for language, summary in (("en", "Why these options?"),
                                  ("de", "Warum diese Möglichkeiten?")):
            i18n.activate(language)
            for view in positions(game):
                found = WHY.findall(screen.render_game(view, {}))
                assert len(found) == 1, view["choice"]["kind"]
                assert found[0][0] == summary and len(found[0][1]) > 40
                kinds.add(view["choice"]["kind"])
    finally:
        i18n.activate("en")
    assert len(kinds) >= 3, kinds


def test_a_crooks_card_shows_its_whole_text_and_hides_nothing():
    screen = front("crooks").module()
    abouts = set()
    for view in positions("crooks", 200):
        page = screen.render_game(view, {})
        abouts |= {html.unescape(a) for a in re.findall(r'data-about="([^"]*)"', page)}
        for back in re.findall(r'<div class="crk-card[^"]*crk-back"[^>]*>', page):
            assert "data-about" not in back
    names = {c["name"] for c in content.crooks().values()}
    assert {a.split(",")[0] for a in abouts} <= names
    actions = [a for a in abouts if re.search(r", (Pickpocket|Accomplice|Swap|Killer|Kingpin|"
                                              r"Spy)\. \1: [A-Z]", a)]
    assert actions, abouts  # an action crook says what its action does


def test_an_age_of_thieves_space_says_what_it_is_and_what_it_does():
    screen = front("age_of_thieves").module()
    view = next(positions("age_of_thieves", 1))
    page = html.unescape(screen.render_game(view, {}))
    abouts = re.findall(r'data-ref="([A-Z]\d\d)" data-about="([^"]*)"', page)
    texts = dict(abouts)
    assert len(texts) > 100  # every space of the board
    hideouts = [t for t in texts.values() if "hideout" in t]
    assert hideouts and all("hidden from the city guard" in t for t in hideouts)
    sewers = [t for t in texts.values() if "sewer entrance" in t]
    assert sewers and all("come up at any sewer exit" in t for t in sewers)
