"""The crooks table as drawn (web/games/crooks/render.py): dens, cards, targets, money and memory
carry what a person needs; every option names its thing by the same ``data-ref`` as the drawn thing,
so a tap on the thing chooses it; a refused Take says why; secrets stay out of others' HTML."""

import html
import re

import pytest
from crooks_helpers import arrange, by_name, first, new_match, plain, to_act

from engine.crooks import content
from web.base import i18n
from web.games.crooks.render import reduce, render_game, render_result


@pytest.fixture(autouse=True)
def english():
    i18n.activate("en")


def page(match, viewer=None, ui=None) -> str:
    viewer = to_act(match) if viewer is None else viewer
    return render_game(match.rules.view(match.state, viewer), ui or {})


def decision(text: str) -> str:
    return text[text.index('class="crk-prompt decision"'):text.index('data-region="crk-dens"')]


def options(text: str) -> dict:
    """data-ref -> the decision's enabled option buttons that carry it (their data-arg)."""
    found = {}
    for attrs in re.findall(r"<button([^>]*)>", decision(text)):
        ref = re.search(r'data-ref="([^"]*)"', attrs)
        if ref and " disabled" not in attrs:
            found.setdefault(ref.group(1), []).append(
                html.unescape(re.search(r'data-arg="([^"]*)"', attrs).group(1)))
    return found


def drawn(text: str, ref: str) -> bool:
    """Whether exactly one drawn thing (outside the decision) is keyed ``ref``, marked as one an
    option names; no drawn thing carries the key otherwise."""
    table = text[text.index('data-region="crk-dens"'):]
    tags = re.findall(rf'<[a-z]+[^>]*data-ref="{re.escape(ref)}"[^>]*>', table)
    assert len(tags) <= 1 and all("data-named" in t for t in tags), (ref, tags)
    return bool(tags)


def test_dens_are_drawn_with_their_size_and_price_and_a_tap_recruits():
    match = arrange(new_match(3), dens={"A": [plain(8)], "C": [plain(6), plain(5), plain(4)]},
                    money=[2, 18, 18])
    text = page(match)
    body = html.unescape(text)
    assert "Den A</strong><span>1 card</span>" in body and "$1" in body
    assert '<li class="crk-den crk-none">' in body
    assert "Den B</strong><span class=\"crk-empty\">empty" in body
    assert "Den C</strong><span>3 cards</span>" in body
    # A is offered (and marked for a tap), C is too dear: its button says so and is disabled
    assert drawn(text, "den-A") and not drawn(text, "den-C")
    assert options(text) == {"den-A": ['{"den":"A"}']}
    assert "Den C · 3 cards · $3 (too dear)" in body
    assert text.count('class="crk-den-back"') == 1 + 3


def test_each_crook_card_shows_rank_modifier_gangs_and_action():
    killer = first("killer")
    c = content.crook(killer)
    match = arrange(new_match(2), dens={"A": [plain(8)]}, targets={(5, 1): [killer]})
    text = html.unescape(page(match, 0))
    at = text.index(f'data-key="crook:{killer}"')
    card = text[text.rindex('<div class="crk-card"', 0, at):]
    card = card[:card.index("</div>")]
    assert f'<span class="crk-rank">{c["rank"]}</span>' in card
    assert f'<span class="crk-name">{c["name"]}</span>' in card
    assert '<span class="crk-action">Killer</span>' in card
    if c["modifier"]:
        assert f'<span class="crk-mod">{c["modifier"]:+d}</span>' in card
    for g in c["gangs"]:
        assert f'class="crk-gang crk-{g}"' in card
    assert 'data-place="target:5:1"' in card


def test_placing_names_the_cell_in_ones_own_column_face_up_or_face_down():
    match = arrange(new_match(3), dens={"A": [plain(8)]}, targets={(4, 0): [plain(6)]})
    p = to_act(match)
    match.act(p, {"den": "A"})
    match.act(p, match.rules.choice(match.state, p)["options"][0])
    text = page(match, p)
    up = options(text)
    assert set(up) == {f"cell-{v}-{p}" for v in content.TARGETS if v != 4}
    assert all('"face":"up"' in args[0] for args in up.values())
    assert all(drawn(text, ref) for ref in up)
    assert not drawn(text, f"cell-4-{p}") and "Target 5" in text
    assert 'data-key="crook:' in text[text.index("crk-hand"):] and 'data-place="hand"' in text
    view = match.rules.view(match.state, p)
    ui, sent = reduce(view, {}, "crk-face", "down")
    assert sent == [] and ui == {"face": "down"}
    down = options(render_game(view, ui))
    assert set(down) == set(up) and all('"face":"down"' in a[0] for a in down.values())
    assert re.search(r'aria-pressed="true"[^>]*>Face down', render_game(view, ui))
    assert reduce(view, ui, "act", {"place": 5, "face": "down"}) == ({}, [{"place": 5,
                                                                           "face": "down"}])


def test_an_accomplice_option_says_it_joins_ones_crooks():
    accomplice = first("accomplice")
    match = arrange(new_match(2), dens={"A": [accomplice]}, targets={(6, 0): [plain(6)]})
    match.act(0, {"den": "A"})
    match.act(0, {"take": accomplice})
    assert "Target 6: joins your crooks" in html.unescape(page(match, 0))


def test_a_refused_take_says_why_in_words():
    kingpin = by_name("The Kingpin")
    match = arrange(new_match(2), dens={"A": [kingpin, plain(8), plain(3)]})
    match.act(0, {"den": "A"})
    text = html.unescape(page(match, 0))
    assert "The Kingpin can be taken only as the last card of its stack." in text
    assert f"crook-{kingpin}" not in options(text)
    takes = options(page(match, 0))
    assert len(takes) == 2 and all(ref.startswith("crook-") for ref in takes)
    for ref in takes:  # the card in the decision carries the same key as its Take button
        assert text.count(f'data-ref="{ref}"') == 2


def test_killer_swap_and_spy_options_name_the_cell_or_target():
    killer, spy = first("killer"), first("spy")
    match = arrange(new_match(3), dens={"A": [killer], "B": [spy]},
                    targets={(7, 1): [plain(8)], (7, 2): [(plain(5), "down")]})
    turn_to_place(match, 0, "A", 7)
    text = page(match, 0)
    assert set(options(text)) == {"cell-7-1", "cell-7-2"}
    assert drawn(text, "cell-7-1") and drawn(text, "cell-7-2") and not drawn(text, "cell-7-0")
    assert "Remove Pim&#x27;s crooks there" in text
    match.act(0, {"kill": 1})
    turn_to_place(match, 1, "B", 3)
    text = page(match, 1)
    assert set(options(text)) == {"tgt-7"}
    assert drawn(text, "tgt-7") and not drawn(text, "tgt-6")


def turn_to_place(match, p, den, target):
    match.act(p, {"den": den})
    match.act(p, match.rules.choice(match.state, p)["options"][0])
    match.act(p, {"place": target, "face": "up"})


def test_options_are_styled_alike_and_money_is_drawn_as_coins():
    match = arrange(new_match(3), dens={"A": [plain(8)], "B": [plain(6), plain(5)]})
    text = page(match)
    assert "primary" not in decision(text)
    assert text.count('class="crk-coin"') >= 3 + 2 + 1  # masterminds, dens, the status


def test_what_one_has_seen_is_small_cards_and_never_reaches_another_player():
    seen = [plain(8), plain(6), plain(4)]
    match = arrange(new_match(2), dens={"A": list(seen)})
    match.act(0, {"den": "A"})
    match.act(0, {"take": seen[0]})
    mine = html.unescape(page(match, 0))
    memory = mine[mine.index('data-region="crk-memory"'):]
    assert memory.count('class="crk-card crk-mini"') == 3 and "you took it" in memory
    for cid in seen:
        assert content.crook(cid)["name"] in memory
    others = html.unescape(page(match, 1))
    assert not [cid for cid in seen if content.crook(cid)["name"] in others]


def test_the_end_shows_every_target_and_each_step_with_the_points_gained():
    match = arrange(new_match(2), dens={"A": [plain(8)]}, targets={
        (9, 0): [plain(6)], (9, 1): [(plain(5), "down")]})
    match.act(0, {"pass": True})
    match.act(1, {"pass": True})
    state = match.state
    _title, _why, table = render_result(state["result"], state["names"],
                                       match.rules.view(state, None))
    text = html.unescape(table)
    assert "data-ref" not in text  # nothing to choose: nothing lights up
    assert content.crook(state["targets"]["9"][1][0]["crook"])["name"] in text
    heads = re.findall(r'<span class="crk-step-head">([^<]+)</span>', text)
    assert heads == [f"Target {v}" for v in content.TARGETS] + [
        "Northside gang", "Westside gang", "Outfit gang"]
    nine = next(s for s in state["result"]["breakdown"] if s.get("target") == 9)
    assert nine["winners"] == [0] and f'<span class="crk-gain">+{nine["points"]}</span>' in text
