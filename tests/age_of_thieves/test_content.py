"""Checks the Age of Thieves content data: cards, events and thieves.

The data is read with plain json so that these tests do not depend on the engine code. Every
card and event step must use the effect vocabulary the engine implements, with valid parameters.
"""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).parents[2] / "engine/age_of_thieves/data"


def load(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


CARDS = load("cards")
EVENTS = load("events")
THIEVES = load("thieves")
GENERAL = CARDS["general"]
SPECIAL = CARDS["special"]
BASIC = CARDS["basic"]
ALL_EVENTS = EVENTS["calm"] + EVENTS["alarm"]

FIGURES = {"thief", "guard", "captain"}
WATCH = {"guard", "captain"}
REPOSITION_KINDS = {"space", "free", "hideout", "sewer_exit", "guardhouse"}

BOOK_CARDS = {
    "Smoke Grenade",
    "Fire Grenade",
    "Noise Grenade",
    "Beacon",
    "Forged Orders",
    "Elixir of Speed",
    "Reflective Cloak",
    "Poisonous Bola",
    "Automatic Snare",
    "Debilitating Gas",
    "Cog Rod",
    "Rope & Hook",
    "Firecracker",
    "Mechanical Rats",
}

# Steps that act on the thief himself or his hand; every other step needs a target in range.
SELF_STEPS = {"move_self", "hide_self", "protect_self", "draw", "temp_ap_next"}


# ---------------------------------------------------------------- step vocabulary


def is_count(value, low=1, high=10):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def kinds(value, allowed):
    return (
        isinstance(value, list)
        and bool(value)
        and len(set(value)) == len(value)
        and set(value) <= allowed
    )


# do -> {param: validator}; optional params are listed in OPTIONAL.
CARD_STEPS = {
    "move_self": {"n": is_count},
    "reposition_self": {"to": lambda v: v in REPOSITION_KINDS},
    "hide_self": {},
    "protect_self": {},
    "draw": {"n": lambda v: is_count(v, high=3)},
    "temp_ap_next": {"n": lambda v: is_count(v, high=3)},
    "move_figure": {
        "who": lambda v: kinds(v, FIGURES),
        "n": lambda v: is_count(v, high=6),
        "count": lambda v: v in {"one", "each"},
        "charm": lambda v: isinstance(v, bool),
        "toward": lambda v: v == "self",
    },
    "reposition_guard": {"who": lambda v: kinds(v, WATCH)},
    "place_guard": {},
    "smoke": {"area": lambda v: v in (0, 1) and not isinstance(v, bool)},
    "fire": {"count": lambda v: is_count(v, high=5)},
    "lure": {"n": lambda v: is_count(v, high=6)},
    "immobilize": {"who": lambda v: kinds(v, FIGURES)},
    "blind": {"who": lambda v: kinds(v, WATCH)},
    "bola": {"ap": lambda v: is_count(v, high=8)},
    "take_card": {},
    "swap": {"who": lambda v: kinds(v, FIGURES)},
    "steal": {},
}
OPTIONAL = {"move_figure": {"charm", "toward"}}

EVENT_STEPS = {
    "place_guards": {
        "n": lambda v: is_count(v, high=4),
        "where": lambda v: v in {"compass", "each_district", "palace"},
    },
    "each_draw": {"n": lambda v: is_count(v, high=3)},
    "each_discard": {"n": lambda v: is_count(v, high=3)},
    "guards_advance": {"n": lambda v: is_count(v, high=4)},
    "yellow_jewels": {"n": lambda v: is_count(v, high=3)},
    "reveal_tokens": {},
}


def delta(value):
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return value != 0 and -3 <= value <= 3


def flag(value):
    return value is True


MODIFIERS = {
    "guard_vigilance": delta,
    "guard_move": delta,
    "captain_vigilance": delta,
    "captain_move": delta,
    "initiative": delta,
    "all_hidden": flag,
    "hideouts_exposed": flag,
    "sewers_closed": flag,
    "no_reveal": flag,
    "sneak": delta,
    "dash": delta,
    "extra_draw": lambda v: is_count(v, high=3),
    "temp_ap": lambda v: is_count(v, high=3),
    "hand_limit": delta,
}
# Steps that only make sense where a compass point names a district.
COMPASS_ONLY = {"yellow_jewels", "reveal_tokens"}


def step_errors(step, vocabulary, optional=None):
    """Describes what is wrong with one step, or returns an empty list."""
    if not isinstance(step, dict) or step.get("do") not in vocabulary:
        return [f"unknown step {step!r}"]
    do = step["do"]
    params = vocabulary[do]
    given = set(step) - {"do"}
    needed = set(params) - (optional or {}).get(do, set())
    errors = [f"{do}: missing {sorted(needed - given)}"] if needed - given else []
    errors += [f"{do}: unknown {sorted(given - set(params))}"] if given - set(params) else []
    errors += [f"{do}: bad {k}={step[k]!r}" for k in given & set(params) if not params[k](step[k])]
    return errors


# ---------------------------------------------------------------- helpers


def sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def check_text(text):
    assert isinstance(text, str)
    assert text.strip() == text and text, "text is empty or padded"
    assert "\n" not in text
    assert text[-1] in ".!", f"text does not end a sentence: {text!r}"
    assert 1 <= len(sentences(text)) <= 3, f"text should be 1-3 sentences: {text!r}"
    assert len(text) <= 240, f"text is too long ({len(text)}): {text!r}"


def action_cards():
    return [("general", c) for c in GENERAL] + [("special", c) for c in SPECIAL]


ACTION_IDS = [c["id"] for _, c in action_cards()]


# ---------------------------------------------------------------- structure and counts


def test_top_level_shape():
    assert set(CARDS) == {"basic", "general", "special"}
    assert set(EVENTS) == {"calm", "alarm"}
    assert isinstance(THIEVES, list)


def test_general_deck_has_seventy_cards_in_twenty_to_twenty_five_kinds():
    assert sum(c["count"] for c in GENERAL) == 70
    assert 20 <= len(GENERAL) <= 25
    for card in GENERAL:
        assert is_count(card["count"], high=6), card["id"]


def test_all_books_cards_are_present():
    missing = BOOK_CARDS - {c["name"] for c in GENERAL}
    assert missing == set()


def test_ids_are_unique_and_snake_case():
    ids = [c["id"] for c in BASIC] + ACTION_IDS
    ids += [e["id"] for e in ALL_EVENTS] + [t["id"] for t in THIEVES]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    for ident in ids:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", ident), ident


def test_names_are_unique():
    card_names = [c["name"] for c in BASIC + GENERAL + SPECIAL]
    event_names = [e["name"] for e in ALL_EVENTS]
    thief_names = [t["name"] for t in THIEVES]
    for names in (card_names, event_names, thief_names):
        assert [n for n, k in Counter(names).items() if k > 1] == []
        assert all(isinstance(n, str) and n.strip() for n in names)


# ---------------------------------------------------------------- basic cards


def test_basic_cards():
    modes = {c["id"]: c["modes"] for c in BASIC}
    assert set(modes) == {"move", "ambush"}
    assert set(modes["move"]) == {"sneak", "dash"}
    assert set(modes["ambush"]) == {"wits", "cunning_plan"}
    for card in BASIC:
        assert set(card) == {"id", "name", "modes"}
        for text in card["modes"].values():
            check_text(text)
    assert "4" in modes["move"]["sneak"] and "6" in modes["move"]["dash"]
    assert "only action card" in modes["move"]["dash"]
    assert "only action card" in modes["ambush"]["cunning_plan"]


# ---------------------------------------------------------------- action cards


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_action_card_fields(group, card):
    fields = {"id", "name", "range", "theft", "text", "steps"}
    fields |= {"count"} if group == "general" else {"thief"}
    assert set(card) - {"before"} == fields
    rng = card["range"]
    assert rng is None or rng == "D" or is_count(rng, high=8), rng
    assert isinstance(card["theft"], bool)
    check_text(card["text"])


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_action_card_steps_use_the_vocabulary(group, card):
    steps = card["steps"]
    assert isinstance(steps, list) and steps
    errors = [e for step in steps for e in step_errors(step, CARD_STEPS, OPTIONAL)]
    assert errors == []


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_what_a_card_did_before_a_rules_revision_uses_the_vocabulary(group, card):
    """``before``: the steps under the rules revisions before the one named (Table.card)."""
    for since, older in card.get("before", {}).items():
        assert int(since) > 2 and set(older) == {"steps"}
        assert older["steps"] != card["steps"]
        assert [e for step in older["steps"] for e in step_errors(step, CARD_STEPS, OPTIONAL)
                ] == []


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_range_fits_the_steps(group, card):
    does = [s["do"] for s in card["steps"]]
    targeted = [d for d in does if d not in SELF_STEPS | {"reposition_self"}]
    if targeted:
        assert card["range"] is not None, "a targeted step needs a range"
    if set(does) <= SELF_STEPS:
        assert card["range"] is None, "a card that only affects yourself has no range"


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_theft_flag_matches_the_steps(group, card):
    does = {s["do"] for s in card["steps"]}
    if "steal" in does:
        assert card["theft"], "steal is only allowed on theft cards"
    if card["theft"]:
        assert does & {"steal", "lure", "smoke", "fire", "move_figure", "bola", "immobilize"}, (
            "a theft card must target a thief or a space"
        )
        assert "theft" in card["text"]


@pytest.mark.parametrize(("group", "card"), action_cards(), ids=ACTION_IDS)
def test_text_agrees_with_the_steps(group, card):
    text = card["text"]
    for step in card["steps"]:
        for key in ("n", "ap"):
            if key in step:
                assert re.search(rf"\b{step[key]}\b", text), f"{step} not in text"
        if step["do"] == "fire" and step["count"] > 1:
            assert str(step["count"]) in text
        if step["do"] == "hide_self":
            assert "hidden" in text
        if step["do"] == "protect_self":
            assert "cannot be caught" in text
        if step["do"] == "smoke":
            assert "smoke" in text.lower()
        if step["do"] == "fire":
            assert "fire" in text.lower()
    if card["range"] == "D":
        assert "district" in text
    if card["range"] is not None and card["range"] != "D":
        assert "in range" in text


def test_books_card_facts():
    by_name = {c["name"]: c for c in GENERAL}
    beacon = by_name["Beacon"]
    assert beacon["range"] == 5
    assert beacon["steps"] == [{"do": "move_figure", "who": ["guard"], "n": 4, "count": "one"}]
    assert by_name["Poisonous Bola"]["steps"] == [{"do": "bola", "ap": 4}]
    assert by_name["Automatic Snare"]["steps"][0]["who"] == ["thief", "guard"]
    gas = by_name["Debilitating Gas"]
    assert gas["range"] == 5
    assert gas["steps"] == [{"do": "move_figure", "who": ["guard"], "n": 2, "count": "each"}]
    assert by_name["Noise Grenade"]["theft"]
    assert by_name["Fire Grenade"]["steps"] == [{"do": "fire", "count": 1}]
    assert by_name["Forged Orders"]["steps"][0]["do"] == "reposition_guard"
    assert by_name["Reflective Cloak"]["steps"] == [{"do": "hide_self"}]
    assert {"do": "protect_self"} in by_name["Rope & Hook"]["steps"]
    assert by_name["Firecracker"]["steps"][0]["do"] in {"lure", "move_figure"}


def test_every_step_kind_is_used_by_some_card():
    used = {s["do"] for _, c in action_cards() for s in c["steps"]}
    assert used == set(CARD_STEPS)


# ---------------------------------------------------------------- thieves and special cards

THIEF_MECHANICS = {
    "morius": (
        "sewer_master",
        None,
        False,
        [{"do": "reposition_self", "to": "sewer_exit"}, {"do": "hide_self"}],
    ),
    "noiron": ("acrobat", 2, False, [{"do": "reposition_self", "to": "free"}]),
    "jasmine": (
        "old_flames",
        4,
        False,
        [{"do": "move_figure", "who": ["guard"], "n": 2, "count": "one", "charm": True,
          "toward": "self"}],
    ),
    "nikolai": ("vault_designer", None, False, [{"do": "temp_ap_next", "n": 2}]),
    "joanne": ("old_uniform", 2, True, [{"do": "steal"}]),
    "zain": ("firebrand", 5, False, [{"do": "fire", "count": 3}, {"do": "hide_self"}]),
}


def test_six_thieves_with_their_fields():
    assert [t["id"] for t in THIEVES] == list(THIEF_MECHANICS)
    for thief in THIEVES:
        assert set(thief) == {"id", "name", "title", "ability_key", "ability", "special"}
        assert thief["title"].strip()
        check_text(thief["ability"])


@pytest.mark.parametrize("thief", THIEVES, ids=[t["id"] for t in THIEVES])
def test_thief_ability_and_special(thief):
    ability_key, rng, theft, steps = THIEF_MECHANICS[thief["id"]]
    assert thief["ability_key"] == ability_key
    specials = {c["id"]: c for c in SPECIAL}
    card = specials[thief["special"]]
    assert card["thief"] == thief["id"]
    assert (card["range"], card["theft"], card["steps"]) == (rng, theft, steps)
    assert sentences(card["text"])[0] == "Discard the card stacked on this one."


def test_one_special_card_per_thief():
    assert sorted(c["thief"] for c in SPECIAL) == sorted(THIEF_MECHANICS)
    names = {c["id"]: c["name"] for c in SPECIAL}
    assert names["rat_tunnels"] and names["seduction"] == "Seduction"
    assert names["potion_of_haste"] == "Potion of Haste"


# ---------------------------------------------------------------- events


def test_event_counts_and_compass():
    assert len(EVENTS["calm"]) == 12
    assert len(EVENTS["alarm"]) == 11
    assert Counter(e["compass"] for e in EVENTS["calm"]) == {"N": 3, "E": 3, "S": 3, "W": 3}
    assert all("compass" not in e for e in EVENTS["alarm"])


@pytest.mark.parametrize("event", ALL_EVENTS, ids=[e["id"] for e in ALL_EVENTS])
def test_event_fields_and_vocabulary(event):
    calm = "compass" in event
    fields = {"id", "name", "text", "modifiers", "immediate"} | ({"compass"} if calm else set())
    assert set(event) == fields
    check_text(event["text"])
    mods = event["modifiers"]
    assert isinstance(mods, dict)
    assert set(mods) <= set(MODIFIERS), set(mods) - set(MODIFIERS)
    assert [k for k, v in mods.items() if not MODIFIERS[k](v)] == []
    assert isinstance(event["immediate"], list)
    errors = [e for step in event["immediate"] for e in step_errors(step, EVENT_STEPS)]
    assert errors == []
    if event["immediate"]:
        assert "Immediately" in event["text"]
    if not calm:
        for step in event["immediate"]:
            assert step["do"] not in COMPASS_ONLY
            assert step.get("where") != "compass"


def test_named_events():
    by_name = {e["name"]: e for e in ALL_EVENTS}
    assert by_name["No Star in the Sky"]["modifiers"] == {"all_hidden": True}
    assert by_name["No Star in the Sky"] in EVENTS["calm"]
    guild = by_name["Guild Support"]
    assert guild["modifiers"].get("extra_draw") or any(
        s["do"] == "each_draw" for s in guild["immediate"]
    )


def test_most_events_have_an_effect():
    idle = [e["id"] for e in ALL_EVENTS if not e["modifiers"] and not e["immediate"]]
    assert len(idle) <= 2


def test_alarm_events_lean_against_the_thieves():
    """Each Alarm event has something that makes the escape harder."""
    harder = {"guard_vigilance", "guard_move", "captain_vigilance", "captain_move", "initiative"}
    for event in EVENTS["alarm"]:
        mods = event["modifiers"]
        tense = any(mods.get(k, 0) > 0 for k in harder)
        tense |= any(mods.get(k, 0) < 0 for k in ("sneak", "dash", "hand_limit"))
        tense |= bool(set(mods) & {"hideouts_exposed", "sewers_closed", "no_reveal"})
        tense |= any(
            s["do"] in {"place_guards", "guards_advance", "each_discard"}
            for s in event["immediate"]
        )
        assert tense, event["id"]
