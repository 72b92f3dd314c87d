"""Saved games in the browser's storage: one key per game, plus an index of summaries.

A save holds the game's record (seed + actions); loading replays it. The storage is anything
with ``get(key) -> str | None``, ``set(key, value)`` (which may raise when the storage is full),
``remove(key)`` and ``keys()``. A save this module cannot read is reported with the reason and is
never rewritten or removed except by an explicit :meth:`Saves.delete`.
"""

import contextlib
import json
import secrets
from dataclasses import dataclass

from engine.core.game import GAMES

SCHEMA = 1
PREFIX = "thieves.save."
INDEX = "thieves.index"
FULL_MESSAGE = ("The browser's storage is full: the last move is kept in this tab but not saved. "
                "Delete old games from the saved games list to make room.")


class StorageFull(Exception):
    """The storage refused a write because its quota is used up."""


class SaveError(Exception):
    """A save that cannot be opened; the message says why, in a player's words."""


@dataclass
class SaveInfo:
    id: str
    game: str | None = None
    players: list[str] | None = None
    turn: int | None = None
    created: float | None = None
    updated: float | None = None
    error: str | None = None  # why the save cannot be opened, or None


class Saves:
    def __init__(self, storage, now):
        self.storage = storage
        self.now = now

    # --- writing -----------------------------------------------------------------------
    def new_id(self) -> str:
        return f"{int(self.now() * 1000):x}{secrets.token_hex(2)}"

    def write(self, save_id: str, record: dict, players: list[str], turn: int,
              created: float | None = None) -> None:
        """Store the game under its own key; raises StorageFull (nothing else is changed then)
        or SaveError when ``save_id`` names a save this module cannot read (it is kept)."""
        key = PREFIX + save_id
        old = self.storage.get(key)
        if old is not None:
            try:
                previous = self._parse(save_id, old)
            except SaveError as error:
                raise SaveError(f"the saved game {save_id} is unreadable and is kept as it is "
                                f"({error})") from None
            created = previous["created"]
        now = self.now()
        save = {"schema": SCHEMA, "id": save_id, "game": record["game"],
                "created": created if created is not None else now, "updated": now,
                "players": list(players), "turn": turn, "record": record}
        self._set(key, json.dumps(save, separators=(",", ":")))
        index = self._index()
        index["saves"][save_id] = {k: save[k] for k in ("game", "players", "turn", "created",
                                                         "updated")}
        index["broken"].pop(save_id, None)
        self._write_index(index)

    def mark_broken(self, save_id: str, reason: str) -> None:
        """Remember (in the index only) why a save failed to open; the save is left as it is."""
        index = self._index()
        index["broken"][save_id] = reason
        self._write_index(index)

    def delete(self, save_id: str) -> None:
        self.storage.remove(PREFIX + save_id)
        index = self._index()
        index["saves"].pop(save_id, None)
        index["broken"].pop(save_id, None)
        self._write_index(index)

    # --- reading -----------------------------------------------------------------------
    def load(self, save_id: str) -> dict:
        """The save as a dict; SaveError if it is missing or unreadable."""
        text = self.storage.get(PREFIX + save_id)
        if text is None:
            raise SaveError("this saved game is no longer in the browser's storage")
        return self._parse(save_id, text)

    def list(self) -> list[SaveInfo]:
        """Every save, the most recently played first; unreadable ones carry their reason."""
        index = self._index()
        keys = self.storage.keys()  # the storage interface, not a dict
        ids = {k[len(PREFIX):] for k in keys if k.startswith(PREFIX)}
        found = []
        for save_id in ids:
            try:
                save = self.load(save_id)
            except SaveError as error:
                known = index["saves"].get(save_id, {})
                found.append(SaveInfo(save_id, known.get("game"), known.get("players"),
                                      known.get("turn"), known.get("created"),
                                      known.get("updated"), str(error)))
                continue
            found.append(SaveInfo(save_id, save["game"], save["players"], save["turn"],
                                  save["created"], save["updated"],
                                  index["broken"].get(save_id)))
        return sorted(found, key=lambda s: (-(s.updated or 0), s.id))

    def _parse(self, save_id: str, text: str) -> dict:
        try:
            save = json.loads(text)
        except ValueError:
            raise SaveError("the saved data is damaged (it is not valid JSON)") from None
        if not isinstance(save, dict):
            raise SaveError("the saved data is damaged (unexpected contents)")
        if save.get("schema") != SCHEMA:
            raise SaveError(f"it was saved in a format this version does not know "
                            f"(schema {save.get('schema')!r})")
        record = save.get("record")
        if (not isinstance(record, dict) or not isinstance(record.get("actions"), list)
                or not isinstance(record.get("seats"), list)
                or not isinstance(save.get("players"), list)
                or not isinstance(save.get("turn"), int)
                or not isinstance(save.get("updated"), int | float)
                or not isinstance(save.get("created"), int | float)):
            raise SaveError("the saved data is damaged (fields are missing)")
        if record.get("game") not in GAMES or save.get("game") != record["game"]:
            raise SaveError(f"it is a game this version does not have ({save.get('game')!r})")
        if save.get("id") != save_id:
            raise SaveError("the saved data is damaged (its id does not match its key)")
        return save

    # --- the index -----------------------------------------------------------------------
    def _index(self) -> dict:
        try:
            index = json.loads(self.storage.get(INDEX) or "{}")
        except ValueError:
            index = {}
        if not isinstance(index, dict):
            index = {}
        saves = index.get("saves") if isinstance(index.get("saves"), dict) else {}
        broken = index.get("broken") if isinstance(index.get("broken"), dict) else {}
        return {"schema": SCHEMA, "saves": saves, "broken": broken}

    def _write_index(self, index: dict) -> None:
        # when full, the saves themselves are written; the list is rebuilt from their keys
        with contextlib.suppress(StorageFull):
            self._set(INDEX, json.dumps(index, separators=(",", ":")))

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except StorageFull:
            raise
        except Exception as error:  # a browser's QuotaExceededError, or any refused write
            raise StorageFull(str(error)) from None


class MemoryStorage:
    """A dict-backed storage with an optional quota (characters); for tests and fallbacks."""

    def __init__(self, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(f"quota of {self.quota} characters exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)
