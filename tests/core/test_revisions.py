"""Rules revisions: a record names the revision it was made under and replays under it; one
made before revisions existed replays under the newest revision of its time that takes it;
one made under rules newer than this engine's is refused as such."""

import pytest

from engine.core.errors import IllegalAction, NewerRules
from engine.core.game import Match, rules_for

SEATS = [{"name": "A"}, {"name": "B"}]


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
