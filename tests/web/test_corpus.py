"""The golden corpus (tests/corpus/, written by tools/corpus.py): every save and link an
earlier release made opens in today's app, at the position that release's own engine reached,
and plays on to the end.

Several releases often hold the same game: one whose rules and formats did not change writes
the same links. The items that hold one game (at one point of it) are one test: each opens,
and each state they open in plays on once (two apps in the same state play on alike)."""

import importlib.util
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from webutil import Clock

from engine.core.game import Match
from engine.simulate import make_bot
from web.app import App
from web.keep.saves import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))  # tools/ is a folder of scripts
spec = importlib.util.spec_from_file_location("corpus", ROOT / "tools" / "corpus.py")
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
PATHS = sorted(p for p in corpus.CORPUS.glob("*/*.json") if p.name != corpus.FINGERPRINT)
ITEMS = [json.loads(path.read_text()) for path in PATHS]
MADE = {path.parent.name: json.loads(path.read_text())["when"]  # a release: its commit's time
        for path in corpus.CORPUS.glob(f"*/{corpus.FINGERPRINT}")}
MAX_RELEASE = 400_000  # bytes: a release's items stay small (about 300,000)
PLAY_ON = 3_000  # decisions a game may still take after opening


# Records today's rules refuse (docs/releases.md): (release, game) -> the first decision
# refused and the change that refuses it. An item of that game fails to open if it holds that
# decision. Empty: every record replays under the rules revision it was made under; a change
# that refuses one needs a revision, not an entry here.
CHANGES: dict[str, str] = {}  # commit -> what it changed
REFUSED: dict[tuple[str, str], tuple[int, str]] = {}


LINKS = {(i["release"], i["name"]): i["fragment"] for i in ITEMS if i["kind"] == "link"}


def game_of(item: dict) -> str:
    return f"{item['game']}-{item['players']}p-s{item['seed']}"


def held(item: dict) -> str:
    """The game an item holds, the same whichever release wrote it: a link's fragment (a
    save: the link its release made of the game at the same point), a remote table's devices."""
    if item["kind"] == "remote":
        return json.dumps([item["game_id"], item["devices"]], sort_keys=True)
    name = item["name"].removesuffix("-save").removesuffix("-link") + "-link"
    return LINKS[item["release"], name]


def given(item: dict) -> str:
    """What the test is given of an item: all of it but which release wrote it."""
    return json.dumps({k: v for k, v in item.items() if k not in ("release", "commit", "date")},
                      sort_keys=True)


def groups(kinds: tuple) -> list:
    """The items of ``kinds`` by the game they hold, an item given alike by several releases
    once; each group a test, named by its game, point and releases."""
    found, releases = defaultdict(dict), defaultdict(set)
    for item in ITEMS:
        if item["kind"] in kinds:
            found[held(item)].setdefault(given(item), item)
            releases[held(item)].add(item["release"])
    return [param(list(items.values()), sorted(releases[game], key=MADE.get))
            for game, items in found.items()]


def param(items: list, releases: list):
    marks = []
    for item in items:
        decision, change = REFUSED.get((item["release"], game_of(item)), (None, None))
        if decision is not None and item["expected"]["decisions"] >= decision:
            marks = [pytest.mark.xfail(strict=True, reason=f"decision {decision} refused since "
                                                           f"{change}: {CHANGES[change]}")]
    first = items[0]
    return pytest.param(items, marks=marks, id=f"{game_of(first)}-{first['point']}@"
                                               + "+".join(r[-7:] for r in releases))


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
    forced moves on from there: only those)."""
    match = app.match
    extra = match.actions[decisions:]
    if extra:
        match = Match.replay({**match.record(), "actions": match.actions[:decisions]})
        played_on = Match.replay(match.record())
        for p, action in extra:
            assert played_on.rules.forced(played_on.state, p) == action, "a decision on opening"
            played_on.act(p, action)
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


def state_of(app: App) -> str:
    """What decides how an opened game plays on: its record, the screen, the person's seat and
    the bots' seats (a bot's generator is seeded from the record)."""
    seats = range(len(app.match.seats))
    return json.dumps([app.match.record(), app.screen, app.hot.viewer,
                       [app.hot.is_bot(p) for p in seats]], sort_keys=True)


@pytest.mark.parametrize("items", groups(("save", "link")))
def test_opens_where_it_was_and_plays_on(items):
    states = {}
    for item in items:
        app = opened(item)
        expected = item["expected"]
        where = f"{item['release']}/{item['name']}"
        assert position_at(app, expected["decisions"]) == expected, where
        assert (app.screen == "end") == expected["finished"], where
        states.setdefault(state_of(app), app)
    for app in states.values():
        play_on(app)
        assert app.match.rules.result(app.match.state) is not None


def test_each_release_is_small_and_covers_every_game():
    for release in {path.parent for path in PATHS}:
        assert sum(path.stat().st_size for path in release.iterdir()) < MAX_RELEASE, release
        items = [item for item in ITEMS if item["release"] == release.name]
        kinds = ("save", "link", "remote") if any(i["kind"] == "remote" for i in items) \
            else ("save", "link")
        assert {(i["game"], i["kind"]) for i in items} == {
            (game, kind) for game in corpus.GAMES for kind in kinds}


@pytest.mark.parametrize("items", groups(("remote",)))
def test_a_remote_game_opens_on_every_device_where_it_was_and_plays_on_by_links(items):
    """Each device of a remote table a release kept (its storage and its key store) opens
    the game at the same position, and the people play it on by links to its end: an
    invitation opened but not yet used announces its seat as that release's did."""
    for item in items:  # one: a remote table is given alike by every release that kept it
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
