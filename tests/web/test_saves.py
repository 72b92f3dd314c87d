"""Saved games: autosave, the list, unreadable saves kept and reported, a full storage."""

import json

import pytest
from webutil import Clock, play_bots

from engine.core.game import Match
from web.keep.saves import INDEX, PREFIX, SCHEMA, MemoryStorage, SaveError, Saves, StorageFull

SEATS = [{"name": "Ann"}, {"name": "Bob", "bot": "random"}]


def recorded(turns: int = 1) -> Match:
    return play_bots(Match.start("age_of_thieves", SEATS, {}, 7), "random", until_turn=turns)


def test_write_load_and_list():
    store = Saves(MemoryStorage(), Clock())
    match = recorded()
    store.write("a1", match.record(), ["Ann", "Bob"], match.state["turn"])
    save = store.load("a1")
    assert save["schema"] == SCHEMA and save["record"] == match.record()
    assert Match.replay(save["record"]).state == match.state
    [info] = store.list()
    assert (info.id, info.game, info.players, info.error) == ("a1", "age_of_thieves",
                                                              ["Ann", "Bob"], None)


def test_list_newest_first_and_created_kept():
    store = Saves(MemoryStorage(), Clock())
    record = recorded().record()
    store.write("old", record, ["A"], 1)
    store.write("new", record, ["B"], 1)
    created = store.load("old")["created"]
    assert store.write("old", record, ["A"], 2, rev=1) == 2  # played again: now the newest
    assert [s.id for s in store.list()] == ["old", "new"]
    assert store.load("old")["created"] == created
    assert store.load("old")["updated"] > created


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON"),
    (json.dumps({"schema": 99, "id": "x"}), "format this version does not know"),
    (json.dumps({"schema": 1, "id": "x"}), "fields are missing"),
])
def test_unreadable_save_is_listed_with_its_reason_and_kept(text, reason):
    storage = MemoryStorage()
    store = Saves(storage, Clock())
    storage.set(PREFIX + "x", text)
    store.write("ok", recorded().record(), ["A"], 1)
    infos = {s.id: s for s in store.list()}
    assert reason in infos["x"].error and infos["ok"].error is None
    with pytest.raises(SaveError):
        store.load("x")
    # writing over it is refused; it stays as it was until an explicit delete
    with pytest.raises(SaveError):
        store.write("x", recorded().record(), ["A"], 1)
    assert storage.get(PREFIX + "x") == text
    store.delete("x")
    assert storage.get(PREFIX + "x") is None and [s.id for s in store.list()] == ["ok"]


def test_broken_mark_lives_in_the_index_only():
    storage = MemoryStorage()
    store = Saves(storage, Clock())
    store.write("g", recorded().record(), ["A"], 1)
    before = storage.get(PREFIX + "g")
    store.mark_broken("g", "its moves cannot be replayed")
    assert storage.get(PREFIX + "g") == before
    assert store.list()[0].error == "its moves cannot be replayed"


def test_full_storage_loses_nothing():
    record = recorded(3).record()
    storage = MemoryStorage()
    store = Saves(storage, Clock())
    store.write("first", record, ["A"], 3)
    store.write("second", record, ["A"], 3)
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 200
    kept = dict(storage.data)
    longer = recorded(5).record()
    with pytest.raises(StorageFull):
        store.write("third", longer, ["A"], 5)
    with pytest.raises(StorageFull):
        store.write("first", longer, ["A"], 5, rev=1)  # growing an existing save
    assert {k: v for k, v in storage.data.items() if k != INDEX} == \
        {k: v for k, v in kept.items() if k != INDEX}
    assert [s.error for s in store.list()] == [None, None]
    assert store.load("first")["record"] == record


def test_list_survives_a_damaged_index():
    storage = MemoryStorage()
    store = Saves(storage, Clock())
    store.write("g", recorded().record(), ["A"], 1)
    storage.set(INDEX, "garbage")
    assert [s.id for s in store.list()] == ["g"]
    store.write("h", recorded().record(), ["B"], 1)
    assert {s.id for s in store.list()} == {"g", "h"}
