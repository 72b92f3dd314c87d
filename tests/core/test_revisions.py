"""Rules revisions: a record names the revision it was made under and replays under it; one
made before revisions existed replays under the newest revision of its time that takes it;
one made under rules newer than this engine's is refused as such."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction, NewerRules
from engine.core.game import Match, rules_for

SEATS = [{"name": "A"}, {"name": "B"}]

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
sys.path.insert(0, str(ROOT / "tools"))  # tools/ is a folder of scripts
spec = importlib.util.spec_from_file_location("corpus", ROOT / "tools" / "corpus.py")
corpus = importlib.util.module_from_spec(spec)  # its position(): what a record replays to
spec.loader.exec_module(corpus)


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_a_new_game_plays_the_newest_revision_and_its_record_names_it(game):
    match = Match.start(game, SEATS, {}, 3)
    assert match.revision == rules_for(game).revision == match.record()["rules"]
    assert match.state["options"]["rules"] == match.revision
    assert Match.replay(match.record()).revision == match.revision


def test_a_record_of_newer_rules_is_refused_as_newer():
    record = {**Match.start("crooks", SEATS, {}, 3).record(), "rules": 99}
    with pytest.raises(NewerRules):
        Match.replay(record)


@pytest.mark.parametrize("revision", [0, -1, "1", 1.0, None, True])
def test_a_malformed_revision_is_refused(revision):
    record = {**Match.start("crooks", SEATS, {}, 3).record(), "rules": revision}
    with pytest.raises(IllegalAction):
        Match.replay(record)


def test_the_revision_is_not_a_table_option_a_player_sets():
    with pytest.raises(IllegalAction):
        Match.start("crooks", SEATS, {"rules": 1}, 3)


def test_a_record_naming_no_revision_replays_under_the_rules_of_its_time():
    match = Match.start("crooks", SEATS, {}, 3)
    record = {k: v for k, v in match.record().items() if k != "rules"}
    assert Match.replay(record).revision == rules_for("crooks").unnamed_revision


def saved(release: str, name: str) -> tuple[dict, dict]:
    """The record of a save in the golden corpus (tests/corpus/), as its release wrote it,
    and the position its release reached."""
    item = json.loads((CORPUS / release / f"{name}-save.json").read_text())
    record = json.loads(item["storage"][f"thieves.save.{item['save_id']}"])["record"]
    return record, item["expected"]


@pytest.mark.parametrize("name, refused", [("swindler-2p-s7-end", 8),
                                           ("age_of_thieves-3p-s7-end", 138)])
def test_a_record_of_release_2026_11_26_replays_under_revision_1(name, refused):
    """It names no revision. Revision 2 refuses it: Swindler asks a step 3 its rules answered
    themselves (a reservation may now be given up there), so the record's decisions answer
    the wrong questions; Age of Thieves asks the first thief to pick a guard's target where
    its rules chose it. Revision 1 takes every decision, to the release's own end."""
    record, expected = saved("2026-11-26-5030634", name)
    assert "rules" not in record
    with pytest.raises(IllegalAction, match=f"record action {refused} is illegal"):
        Match.replay({**record, "rules": 2})
    match = Match.replay(record)
    assert match.revision == 1 and match.actions == record["actions"]
    assert corpus.position(match.rules, match.state, match.actions) == expected
    assert Match.replay(match.record()).revision == 1  # its record now names the revision


def test_a_swindler_record_of_release_2026_11_28_replays_under_revision_2():
    record, expected = saved("2026-11-28-c2ce9f7", "swindler-2p-s7-end")
    assert "rules" not in record
    match = Match.replay(record)
    assert match.revision == 2
    assert corpus.position(match.rules, match.state, match.actions) == expected
