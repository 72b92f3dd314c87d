"""Saved games in the browser's storage: one key per game, plus an index of summaries.

A save holds the game's record (seed + actions); loading replays it. Like a game link it holds
the whole game, hidden cards included. The storage is anything with ``get(key) -> str | None``,
``set(key, value)`` (which may raise when the storage is full), ``remove(key)`` and ``keys()``.
A save this module cannot read is reported with the reason and is never rewritten or removed
except by an explicit :meth:`Saves.delete`. Every text read from the storage is checked for size
and nesting before it is parsed: other tabs, other builds and other pages of the same site
write there too.

A save carries a revision, raised by every write. A tab writes only over the revision it read
last; when another tab has saved the game since, the write is refused with :class:`StaleSave`,
so a stale copy never overwrites newer moves.
"""

import contextlib
import json
import secrets
from dataclasses import dataclass

from engine.core import wellformed
from engine.core.game import GAMES
from web.base.i18n import _
from web.keep.version import VERSION

SCHEMA = 1
PREFIX = "thieves.save."
INDEX = "thieves.index"
MAX_SAVE = 4_000_000  # characters of one save (the whole storage holds about 5 million)
MAX_VERSION = 20  # characters of a version name
SAVE_DEPTH = 4 + wellformed.ACTION_DEPTH  # save → record → actions → [player, action] → ...
INDEX_DEPTH = 4  # index → saves → one save's summary → its players


def full_message(saved_moves: int | None) -> str:
    """What a full storage means for the open game, given how many of its decisions the last
    successful save holds (None: it was never saved)."""
    if saved_moves is None:
        return _("This game is not saved: the browser's storage is full. It stays open in this "
                 "tab until you close it. Delete old games from the saved games list to make "
                 "room; the next move is then saved again.")
    return _("The browser's storage is full: the saved copy of this game stops after decision "
             "{n}; the later moves stay in this tab until you close it. Delete old games from "
             "the saved games list to make room; the next move is then saved again.").format(
        n=saved_moves)


class StorageFull(Exception):
    """The storage refused a write because its quota is used up."""


class SaveError(Exception):
    """A save that cannot be opened; the message says why, in a player's words."""


class StaleSave(Exception):
    """Another tab has saved this game since this tab read it (``rev`` is the stored revision;
    None: another tab deleted it); nothing was written."""

    def __init__(self, rev: int | None):
        super().__init__(rev)
        self.rev = rev


@dataclass
class SaveInfo:
    id: str
    game: str | None = None
    players: list[str] | None = None
    turn: int | None = None
    created: float | None = None
    updated: float | None = None
    error: str | None = None  # why the save cannot be opened, or None
    finished: bool = False  # the game has ended
    version: str | None = None  # the table's version that saved it last (None: before 2026.11.28)


class Saves:
    def __init__(self, storage, now):
        self.storage = storage
        self.now = now

    # --- writing -----------------------------------------------------------------------
    def new_id(self) -> str:
        return f"{int(self.now() * 1000):x}{secrets.token_hex(2)}"

    def write(self, save_id: str, record: dict, players: list[str], turn: int,
              rev: int | None = None, finished: bool = False) -> int:
        """Store the game under its own key over revision ``rev`` (None: a new save) and return
        the new revision. Raises StaleSave when the stored revision is not ``rev``, StorageFull
        (nothing else is changed then), or SaveError when ``save_id`` names a save this module
        cannot read (it is kept)."""
        key = PREFIX + save_id
        old = self.storage.get(key)
        created = now = self.now()
        if old is not None:
            try:
                previous = self._parse(save_id, old)
            except SaveError as error:
                raise SaveError(_("the saved game {id} is unreadable and is kept as it is "
                                  "({reason})").format(id=save_id, reason=error)) from None
            created = previous["created"]
        stored = previous["rev"] if old is not None else None
        if stored != rev:
            raise StaleSave(stored)
        save = {"schema": SCHEMA, "id": save_id, "rev": (rev or 0) + 1, "game": record["game"],
                "created": created, "updated": now, "players": list(players), "turn": turn,
                "finished": finished, "version": VERSION, "record": record}
        self._set(key, json.dumps(save, separators=(",", ":")))
        index = self._index()
        index["saves"][save_id] = {k: save[k] for k in ("game", "players", "turn", "created",
                                                         "updated")}
        index["broken"].pop(save_id, None)
        self._write_index(index)
        return save["rev"]

    def revision(self, save_id: str) -> int | None:
        """The stored revision of a save (None: no readable save under that id)."""
        try:
            return self.load(save_id)["rev"]
        except SaveError:
            return None

    def same_game(self, record: dict) -> tuple[str, dict] | None:
        """A readable save of the game ``record`` belongs to (same game, seats, options and
        seed, and one's decisions the start of the other's): its id and its save."""
        def key(r):
            return [r.get("game"), r.get("seats"), r.get("options"), r.get("seed")]
        for save_id in sorted(self._ids()):
            try:
                save = self.load(save_id)
            except SaveError:
                continue
            theirs, mine = save["record"], record
            shorter = min(len(theirs["actions"]), len(mine["actions"]))
            if key(theirs) == key(mine) and \
                    theirs["actions"][:shorter] == mine["actions"][:shorter]:
                return save["id"], save
        return None

    def mark_broken(self, save_id: str, reason: str) -> None:
        """Remember (in the index only) why a save failed to open; the save is left as it is.
        ``reason`` is kept as given: an English text marked with ``N_``, which the list shows
        in the language of the day."""
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
            raise SaveError(_("this saved game is no longer in the browser's storage"))
        return self._parse(save_id, text)

    def list(self) -> list[SaveInfo]:
        """Every save, the most recently played first; unreadable ones carry their reason."""
        index = self._index()
        found = []
        for save_id in self._ids():
            try:
                save = self.load(save_id)
            except SaveError as error:
                known = _summary(index["saves"].get(save_id))
                found.append(SaveInfo(save_id, known.get("game"), known.get("players"),
                                      known.get("turn"), known.get("created"),
                                      known.get("updated"), str(error)))
                continue
            found.append(SaveInfo(save_id, save["game"], save["players"], save["turn"],
                                  save["created"], save["updated"],
                                  index["broken"].get(save_id), save.get("finished") is True,
                                  _version(save)))
        return sorted(found, key=lambda s: (-(s.updated or 0), s.id))

    def _ids(self) -> set[str]:
        keys = self.storage.keys()  # the storage interface, not a dict
        return {k[len(PREFIX):] for k in keys if k.startswith(PREFIX)}

    def _parse(self, save_id: str, text: str) -> dict:
        if len(text) > MAX_SAVE:
            raise SaveError(_("the saved data is far larger than a game can be"))
        try:
            save = wellformed.loads(text, MAX_SAVE, SAVE_DEPTH)
        except ValueError:
            raise SaveError(_("the saved data is damaged (it is not valid JSON, or it is "
                            "nested deeper than a game can be)")) from None
        if not isinstance(save, dict):
            raise SaveError(_("the saved data is damaged (unexpected contents)"))
        if save.get("schema") != SCHEMA:
            raise SaveError(_("it was saved in a format this version does not know (schema "
                              "{schema})").format(schema=str(save.get("schema"))[:20]))
        record = save.get("record")
        if (not isinstance(record, dict) or not isinstance(record.get("actions"), list)
                or not isinstance(record.get("seats"), list)
                or type(save.get("players")) is not list
                or not all(type(p) is str for p in save["players"])
                or not isinstance(save.get("turn"), int)
                or type(save.setdefault("rev", 0)) is not int
                or not isinstance(save.get("updated"), int | float)
                or not isinstance(save.get("created"), int | float)):
            raise SaveError(_("the saved data is damaged (fields are missing)"))
        if type(record.get("game")) is not str or record["game"] not in GAMES \
                or save.get("game") != record["game"]:
            raise SaveError(_("it is a game this version does not have ({game})").format(
                game=str(save.get("game"))[:40]))
        if save.get("id") != save_id:
            raise SaveError(_("the saved data is damaged (its id does not match its key)"))
        return save

    # --- the index -----------------------------------------------------------------------
    def _index(self) -> dict:
        try:
            index = wellformed.loads(self.storage.get(INDEX) or "{}", MAX_SAVE, INDEX_DEPTH)
        except ValueError:
            index = {}
        if not isinstance(index, dict):
            index = {}
        saves = index.get("saves") if type(index.get("saves")) is dict else {}
        broken = index.get("broken") if type(index.get("broken")) is dict else {}
        broken = {k: v for k, v in broken.items() if type(v) is str}
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


def record_of(save: dict) -> dict:
    """The game record a save keeps, naming the rules revision it was played under: a save
    written before saves counted their writes (``rev`` 0, 2026-11-26 10:07) and naming no
    revision was made under every game's first rules (docs/releases.md)."""
    record = save["record"]
    if save["rev"] == 0 and "rules" not in record:
        return {**record, "rules": 1}
    return record


def _version(save: dict) -> str | None:
    """The table's version a save names (saves made before 2026.11.28 name none)."""
    version = save.get("version")
    return version[:MAX_VERSION] if type(version) is str else None


def _summary(known) -> dict:
    """What the index remembers of a save, each field only if it has the right type."""
    if type(known) is not dict:
        return {}
    kinds = {"game": str, "turn": int, "created": int | float, "updated": int | float}
    found = {k: known[k] for k, kind in kinds.items()
             if isinstance(known.get(k), kind) and type(known[k]) is not bool}
    players = known.get("players")
    if type(players) is list and all(type(p) is str for p in players):
        found["players"] = players
    return found


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
