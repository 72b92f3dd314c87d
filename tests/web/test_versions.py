"""Versions at the table: a save of newer rules is kept and said to need an update, a save
this version cannot open can be copied as a link, the first start after an update says what
changed, and the help page names the table's version and each game's rules revision."""

import json

from webutil import start_table

from engine.core.game import Match, rules_for
from web.keep import gamelink as links
from web.keep.saves import PREFIX, record_of
from web.keep.version import SEEN_KEY, VERSION


def kept_game(make_app, storage):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    save_id = app.hot.save_id
    app.handle("nav", "start")
    return app, save_id, json.loads(storage.get(PREFIX + save_id))


def test_a_save_of_newer_rules_is_kept_and_asks_for_an_update(make_app, storage):
    app, save_id, saved = kept_game(make_app, storage)
    saved["record"]["rules"] = rules_for("crooks").revision + 1
    storage.set(PREFIX + save_id, json.dumps(saved))
    text = storage.get(PREFIX + save_id)
    app.handle("continue", save_id)
    html = app.render()
    assert app.match is None and "newer version of the table: reload the page" in html
    assert f"saved by version {VERSION}" in html
    assert storage.get(PREFIX + save_id) == text


def test_a_save_that_cannot_be_opened_can_be_copied_as_a_link(make_app, storage):
    app, save_id, saved = kept_game(make_app, storage)
    saved["record"]["actions"].append([0, {"no such": "move"}])
    del saved["version"]  # saved before versions were named
    storage.set(PREFIX + save_id, json.dumps(saved))
    text = storage.get(PREFIX + save_id)
    app.handle("continue", save_id)
    assert "saved by an earlier version" in app.render()
    app.take_effects()
    app.handle("export", save_id)
    (kind, link), = app.take_effects()
    data = links.unpack(links.fragment_data(link, links.PREFIX, links.VERSION), 3)
    assert kind == "copy" and data["v"] == saved["record"]["rules"]
    assert [json.loads(a.split("@~", 1)[1]) for a in data["a"].split(links.SEP)] == \
        [a for _p, a in saved["record"]["actions"]]
    assert storage.get(PREFIX + save_id) == text and "kept as it is" in app.notice[1]


def test_the_first_start_after_an_update_says_what_changed_once(make_app, storage):
    kept_game(make_app, storage)
    storage.set(SEEN_KEY, "2026.11.26")
    app = make_app()
    app.boot("")
    assert app.notice[0] == "info" and f"updated to version {VERSION}" in app.notice[1]
    again = make_app()
    again.boot("")
    assert again.notice is None and storage.get(SEEN_KEY) == VERSION


def test_a_first_visit_is_no_update(make_app, storage):
    app = make_app()
    app.boot("")
    assert app.notice is None and storage.get(SEEN_KEY) == VERSION


def test_the_help_page_names_the_versions(make_app):
    app = make_app()
    app.handle("nav", "help")
    html = app.render()
    assert f"This table: version {VERSION}" in html
    for game, name in (("age_of_thieves", "Age of Thieves"), ("crooks", "Crooks"),
                       ("swindler", "Swindler")):
        assert f"{name}: rules revision {rules_for(game).revision}" in html


def test_a_save_from_before_saves_counted_their_writes_plays_the_first_rules():
    """Saves of release 2026-11-26 have no write count (rev 0) and name no rules: every game's
    first revision, not a guess that could replay differently (docs/releases.md)."""
    old = {"rev": 0, "record": {"game": "swindler", "actions": []}}
    assert record_of(old)["rules"] == 1
    later = {"rev": 4, "record": {"game": "swindler", "actions": []}}
    assert "rules" not in record_of(later)  # made since: the revision of its time is tried
    named = {"rev": 0, "record": {"game": "swindler", "rules": 2, "actions": []}}
    assert record_of(named)["rules"] == 2


def test_a_link_to_a_kept_game_that_cannot_open_says_why(make_app, storage):
    """A link to a game this device keeps opens that save, no second copy; when the save
    cannot be opened (newer rules), the link says so and the save is kept as it is (it used
    to say "already saved on this device" over the reason)."""
    app, save_id, saved = kept_game(make_app, storage)
    link = links.encode(Match.replay(saved["record"]).record())
    saved["record"]["rules"] = rules_for("crooks").revision + 1
    storage.set(PREFIX + save_id, json.dumps(saved))
    text = storage.get(PREFIX + save_id)
    app.open_link(link)
    assert app.match is None and app.screen == "saves"
    assert app.notice[0] == "error" and "newer version of the table" in app.notice[1]
    assert storage.get(PREFIX + save_id) == text and len(app.saves.list()) == 1
