"""The golden corpus (tests/corpus/, written by tools/corpus.py): every save and link an
earlier release made opens in today's app, at the position that release's own engine reached,
and plays on to the end."""

import importlib.util
import json
import random
from pathlib import Path

import pytest
from webutil import Clock

from engine.core.game import Match
from engine.simulate import make_bot
from web.app import App
from web.saves import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
ITEMS = sorted((ROOT / "tests" / "corpus").glob("*/*.json"))
MAX_CORPUS = 2_000_000  # bytes: the corpus stays small (about 300,000 a release)
PLAY_ON = 3_000  # decisions a game may still take after opening

spec = importlib.util.spec_from_file_location("corpus", ROOT / "tools" / "corpus.py")
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)

# Records today's rules refuse (docs/releases.md): (release, game) -> the first decision
# refused and the change that refuses it. An item of that game fails to open if it holds that
# decision. Empty: every record replays under the rules revision it was made under; a change
# that refuses one needs a revision, not an entry here.
CHANGES: dict[str, str] = {}  # commit -> what it changed
REFUSED: dict[tuple[str, str], tuple[int, str]] = {}


def game_of(item: dict) -> str:
    return f"{item['game']}-{item['players']}p-s{item['seed']}"


def param(path: Path):
    item = json.loads(path.read_text())
    decision, change = REFUSED.get((item["release"], game_of(item)), (None, None))
    marks = ()
    if decision is not None and item["expected"]["decisions"] >= decision:
        marks = pytest.mark.xfail(strict=True, reason=f"decision {decision} refused since "
                                                      f"{change}: {CHANGES[change]}")
    return pytest.param(item, id=f"{item['release']}/{item['name']}", marks=marks)


def opened(item: dict) -> App:
    """Today's app with the item opened as a player would: a save continued from the saved
    games of a storage that release wrote, or a link followed."""
    storage = MemoryStorage()
    if item["kind"] == "save":
        storage.data.update(item["storage"])
    app = App(storage, now=Clock(), session=MemoryStorage())
    if item["kind"] == "save":
        listed = {s.id: s for s in app.saves.list()}
        assert listed[item["save_id"]].error is None, listed[item["save_id"]].error
        app.handle("continue", item["save_id"])
    else:
        app.open_link(item["fragment"])
    assert app.notice is None or app.notice[0] != "error", app.notice
    assert app.match is not None
    return app


def position_at(app: App, decisions: int) -> dict:
    """The opened game's position after the record's ``decisions`` (the app may have played
    the person's forced moves on from there)."""
    match = app.match
    extra = match.actions[decisions:]
    assert all(not app.hot.is_bot(p) for p, action in extra), "a bot's move played on opening"
    if extra:
        match = Match.replay({**match.record(), "actions": match.actions[:decisions]})
    return corpus.position(match.rules, match.state, match.actions)


def play_on(app: App) -> None:
    """Bots and the person (a Normal bot's decision, sent as the screen sends it) play the
    opened game to its end."""
    person = make_bot("normal", app.match.game, 7)
    for _ in range(PLAY_ON):
        if app.screen == "end":
            return
        if app.screen == "handover":
            app.handle("handover-ok")
        elif not app.bot_step():
            rules, state, p = app.match.rules, app.match.state, app.hot.viewer
            assert p in rules.to_act(state), f"{app.screen}: nobody to decide"
            view = rules.view(state, p)
            app.handle("act", person.decide(view, rules.choice(state, p)))
            assert app.notice is None, app.notice
    pytest.fail(f"no end after {PLAY_ON} more decisions")


REMOTE = [p for p in ITEMS if p.name.endswith("-remote.json")]


@pytest.mark.parametrize("item", [param(path) for path in ITEMS if path not in REMOTE])
def test_opens_where_it_was_and_plays_on(item):
    app = opened(item)
    expected = item["expected"]
    assert position_at(app, expected["decisions"]) == expected
    assert (app.screen == "end") == expected["finished"]
    play_on(app)
    assert app.match.rules.result(app.match.state) is not None


def test_the_corpus_is_small_and_covers_every_game():
    assert sum(path.stat().st_size for path in ITEMS) < MAX_CORPUS
    releases = {path.parent.name for path in ITEMS}
    for release in releases:
        items = [json.loads(p.read_text()) for p in ITEMS if p.parent.name == release]
        kinds = ("save", "link", "remote") if any(i["kind"] == "remote" for i in items) \
            else ("save", "link")
        assert {(i["game"], i["kind"]) for i in items} == {
            (game, kind) for game in corpus.GAMES for kind in kinds}


@pytest.mark.parametrize("item", [param(path) for path in REMOTE])
def test_a_remote_game_opens_on_every_device_where_it_was_and_plays_on_by_links(item):
    """Each device of a remote table that release kept (its storage and its key store) opens
    the game at the same position, and the people play it on by links to its end: an
    invitation opened but not yet used announces its seat as that release's did."""
    rng = random.Random(item["name"])
    devices = [corpus.RemoteDevice(d["storage"], dict(d["keys"]), rng) for d in item["devices"]]
    for device, kept in zip(devices, item["devices"], strict=True):
        device.app.handle("remote-continue", item["game_id"])
        device.run()
        assert device.app.notice is None, device.app.notice
        match = device.chain.match
        assert corpus.position(match.rules, match.state, match.actions) == kept["expected"]
    bots = [make_bot("normal", item["game"], seat) for seat in range(len(devices))]
    for _step in range(PLAY_ON):
        if not corpus.remote_step(devices, bots):
            break
    assert len({d.chain.heads[-1] for d in devices}) == 1
    match = devices[0].chain.match
    assert match.rules.result(match.state) is not None
