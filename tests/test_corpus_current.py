"""The golden corpus holds a release of today's rules and record formats (docs/releases.md):
a change to what a record replays to, or to how saves, links and the signed chain are written,
comes with a new corpus folder. No git needed: each folder keeps the fingerprint of its
release's tree (tools/corpus.py), and the working tree's is computed here the same way."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))  # tools/ is a folder of scripts
spec = importlib.util.spec_from_file_location("corpus", ROOT / "tools" / "corpus.py")
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
FINGERPRINTS = sorted(corpus.CORPUS.glob(f"*/{corpus.FINGERPRINT}"))


def test_the_corpus_holds_a_release_of_todays_rules_and_formats():
    today = corpus.fingerprint(ROOT)
    releases = [json.loads(path.read_text()) for path in FINGERPRINTS]
    if any(release["fingerprint"] == today["fingerprint"] for release in releases):
        return
    newest = max(releases, key=lambda release: release["when"])
    changed = sorted(name for name in today["files"].keys() | newest["files"].keys()
                     if today["files"].get(name) != newest["files"].get(name))
    pytest.fail(
        f"The rules or a record format changed since the newest corpus release, "
        f"{newest['release']}: {', '.join(changed)}. Commit the change, then run "
        f"`.venv/bin/python tools/corpus.py` (it adds the release HEAD to tests/corpus/), "
        f"check that tests/web/test_corpus.py passes and commit the new folder "
        f"(docs/releases.md, 'Release steps').")


def test_every_release_keeps_its_fingerprint():
    folders = {path for path in corpus.CORPUS.iterdir() if path.is_dir()}
    assert {path.parent for path in FINGERPRINTS} == folders
    for path in FINGERPRINTS:
        kept = json.loads(path.read_text())
        assert kept["release"] == path.parent.name
        assert kept["release"].endswith(kept["commit"][:7])


RULE = '''"""The rules."""


def act(state, action):
    """Carry out ``action``."""
    state["turn"] += 1  # the next turn
    return state
'''
KEPT = '''SAVE_PREFIX = "thieves.remote."


class Device:
    def kept(self):
        return {"me": self.me}

    def play(self):
        return 1
'''


def tree(root: Path, files: dict) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize("change", [
    {"engine/crooks/rules.py": RULE.replace("Carry out", "Perform")},  # a docstring
    {"engine/crooks/rules.py": RULE.replace("  # the next turn", "")},  # a comment
    {"engine/crooks/rules.py": RULE.replace("(state, action)", "(\n    state, action\n)")},
    {"engine/crooks/bot.py": "PICK = 2\n"},  # a bot, its search, views, statistics
    {"engine/core/search.py": "BUDGET = 9\n"},
    {"engine/crooks/views.py": "SHOWN = 2\n"},
    {"web/play/links/device.py": KEPT.replace("return 1", "return 2")},  # the device's play
    {"web/play/chain/texts.py": "SAID = 'hello'\n"},
    {"web/play/live/": "X = 2\n"},
], ids=["docstring", "comment", "layout", "bot", "search", "view", "device's play", "texts",
        "other web module"])
def test_what_never_changes_a_replay_keeps_the_fingerprint(tmp_path, change):
    files = {"engine/crooks/rules.py": RULE, "engine/crooks/bot.py": "PICK = 1\n",
             "engine/core/search.py": "BUDGET = 1\n", "engine/crooks/views.py": "SHOWN = 1\n",
             "web/play/links/device.py": KEPT, "web/play/chain/texts.py": "SAID = 'hi'\n",
             "web/play/live/": "X = 1\n"}
    before = corpus.fingerprint(tree(tmp_path / "before", files))
    after = corpus.fingerprint(tree(tmp_path / "after", {**files, **change}))
    assert after == before


@pytest.mark.parametrize("change", [
    {"engine/crooks/rules.py": RULE.replace("+= 1", "+= 2")},  # a rule
    {"engine/crooks/data/crooks.json": '{"crooks": 33}'},  # the box's content
    {"engine/core/rng.py": "STEP = 2\n"},
    {"web/keep/saves.py": "SCHEMA = 2\n"},  # a record format
    {"web/keep/gamelink.py": "VERSION = '2'\n"},
    {"web/play/chain/codec.py": "VERSION = '2'\n"},
    {"web/play/links/device.py": KEPT.replace('"me"', '"seat"')},  # how a device keeps its game
    {"web/play/links/device.py": KEPT.replace("thieves.remote.", "thieves.links.")},
], ids=["rule", "data", "generator", "save", "link", "chain", "kept game", "kept key"])
def test_a_change_of_a_rule_or_a_format_changes_the_fingerprint(tmp_path, change):
    files = {"engine/crooks/rules.py": RULE, "engine/crooks/data/crooks.json": '{"crooks": 32}',
             "engine/core/rng.py": "STEP = 1\n", "web/keep/saves.py": "SCHEMA = 1\n",
             "web/keep/gamelink.py": "VERSION = '1'\n",
             "web/play/chain/codec.py": "VERSION = '1'\n",
             "web/play/links/device.py": KEPT}
    before = corpus.fingerprint(tree(tmp_path / "before", files))
    after = corpus.fingerprint(tree(tmp_path / "after", {**files, **change}))
    assert after["fingerprint"] != before["fingerprint"]
    assert [name for name in after["files"] if after["files"][name] != before["files"][name]] \
        == list(change)
