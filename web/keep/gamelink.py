"""A whole game in a link: ``#g=`` + a version character + base64url(zlib(compact JSON)).

The JSON holds the game id, the seats (name, thief, bot kind), the table options, the seed, the
rules revision (``v``; links made before revisions were named have none) and the actions, each
written in the game's own notation and joined with ``|``. An action carries its player
(``2@...``) only where several players decide at once; elsewhere the player is the one the rules
name. Decoding checks everything and replays the game, so a damaged, cut or altered
link raises :class:`LinkError` with a message a player understands.
"""

import base64
import binascii
import json
import re
import zlib
from contextlib import contextmanager

from engine.core import wellformed
from engine.core.game import GAMES, IllegalAction, Match, rules_for
from web.base import names
from web.base.i18n import N_, _

PREFIX = "#g="
VERSION = "1"
BOT_KINDS = ("easy", "normal", "hard", "heuristic", "random")  # the levels, then the bots
                                                               # of links made before them
MAX_LINK = 200_000  # characters of a link's data (the longest real ones have a few thousand)
MAX_JSON = 1_000_000  # characters a link may unpack to
LINK_DEPTH = 3  # the link's JSON: {"s": [[name, thief, bot], ...], ...}
MAX_WORD = 40  # characters of a thief's id or a name
SEP = "|"
ACTION_JSON = 10_000  # characters of one action written as JSON


class LinkError(ValueError):
    """A link that cannot be opened; the message says why, in a player's words."""


NEWER = N_("This game link was made by a newer version of the table. Reload the page to "
           "update the table, then open the link again.")


def encode(record: dict) -> str:
    """The fragment (``#g=...``) carrying ``record``."""
    rules = rules_for(record["game"])
    match = Match.start(record["game"], record["seats"], record["options"], record["seed"],
                        record.get("rules"))
    parts = []
    for player, action in record["actions"]:
        parts.append(action_text(rules, action, player, rules.to_act(match.state) == [player]))
        match.act(player, action)
    data = {**setup_data(record), "a": SEP.join(parts)}
    return PREFIX + VERSION + pack(data)


def setup_data(record: dict) -> dict:
    """A record's game, seats, options, seed and rules revision (where it names one) as a
    link's JSON writes them."""
    seats = [[s.get("name") or "", s.get("thief") or 0, s.get("bot") or 0]
             for s in record["seats"]]
    data = {"g": record["game"], "s": seats, "o": record["options"], "r": record["seed"]}
    if record.get("rules") is not None:
        data["v"] = record["rules"]
    return data


def export(record: dict) -> str:
    """The fragment carrying ``record`` as it is, without replaying it (a saved game this
    version cannot open): every decision written out in full, with its player."""
    moves = SEP.join(f"{player}@~" + json.dumps(action, separators=(",", ":"))
                     for player, action in record["actions"])
    return PREFIX + VERSION + pack({**setup_data(record), "a": moves})


def pack(data) -> str:
    """A link's data: base64url (unpadded) of the zlib-compressed compact JSON."""
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def action_text(rules, action, player: int, expected: bool) -> str:
    """An action in the game's notation (JSON after ``~`` where the notation does not read
    back exactly), with ``player@`` before it unless ``expected``: the rules name the player."""
    text = rules.notation(action)
    if rules.parse(text) != action or SEP in text or "@" in text or text.startswith("~"):
        text = "~" + json.dumps(action, separators=(",", ":"))
    return text if expected else f"{player}@{text}"


def decode(fragment: str) -> Match:
    """The game a link carries, replayed to its last action under the rules revision it names
    (one that names none: the newest of its time that takes all its moves); LinkError if it
    cannot be."""
    try:
        record = record_of(_unpack(fragment))
        if record["rules"] is not None:
            return _replay(record)
        refusals = []
        for revision in range(rules_for(record["game"]).unnamed_revision, 0, -1):
            try:
                return _replay({**record, "rules": revision})
            except LinkError as error:
                refusals.append(error)
        raise refusals[0]
    except LinkError:
        raise
    except Exception as error:  # whatever was missed above: still the link's fault
        raise LinkError(_("This game link cannot be opened ({error}). The link may have been "
                          "altered or cut.").format(error=type(error).__name__)) from None


def _unpack(fragment: str):
    """The JSON a link's fragment carries, with its size and nesting checked before parsing."""
    data = fragment_data(fragment, PREFIX, VERSION)
    if data is None:
        raise LinkError(_("This is not a game link: a game link contains “#g=” followed by the "
                        "game's data."))
    return unpack(data, LINK_DEPTH)


def fragment_data(fragment: str, prefix: str, version: str) -> str | None:
    """The data after ``prefix`` and ``version`` in a link (a whole address, or its fragment);
    None when it has no such fragment; LinkError when the data is missing or of another
    version."""
    text = fragment.strip()
    if "#" in text:
        text = text[text.index("#"):]
    if not text.startswith(prefix):
        return None
    body = text[len(prefix):]
    if not body:
        raise LinkError(_("This game link is empty: the game's data is missing."))
    if body[0].isdigit() and body[0] > version:
        raise LinkError(_(NEWER))
    if body[0] != version:
        raise LinkError(_("This game link was made by another version of the table, which this "
                        "one cannot read."))
    return body[1:]


def unpack(data: str, depth: int):
    """The JSON a link's data (``pack``) carries, with its size and nesting checked before
    parsing; LinkError if it cannot be read."""
    data = data.rstrip("=")
    if len(data) > MAX_LINK:
        raise LinkError(_("This game link is far longer than any game's link can be."))
    if not re.fullmatch(r"[A-Za-z0-9_-]*", data):
        raise LinkError(_("This game link is damaged: it contains characters that do not belong "
                        "in it. Copy the whole link again."))
    if len(data) % 4 == 1:
        data = data[:-1]  # a link cut short: the unpacking below reports it as incomplete
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(_("This game link is damaged: its game data cannot be read.")) from None
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail:
            raise LinkError(_("This game link holds far more data than a game can have."))
        if not unpacker.eof:
            raise LinkError(_("This game link is incomplete: it was probably cut off when it "
                            "was copied. Copy the whole link again."))
    except zlib.error:
        raise LinkError(_("This game link is damaged: its game data cannot be unpacked. Copy "
                        "the whole link again.")) from None
    try:
        return wellformed.loads(raw.decode(), MAX_JSON, depth)
    except (UnicodeDecodeError, ValueError):
        raise LinkError(_("This game link is damaged: its game data cannot be read.")) from None


def record_of(data) -> dict:
    """The record a link's JSON describes, with every field checked (its actions: the text
    of field ``a``)."""
    if not isinstance(data, dict) or not {"g", "s", "o", "r", "a"} <= set(data):
        raise LinkError(_("This game link is damaged: parts of the game are missing."))
    game = data["g"]
    if type(game) is not str or game not in GAMES:
        raise LinkError(_("This link is for a game this table does not have ({game}).").format(
            game=repr(str(game)[:40])))
    rules = rules_for(game)
    seats_data = data["s"]
    if not isinstance(seats_data, list) or not (
            rules.min_players <= len(seats_data) <= rules.max_players):
        raise LinkError(_("This game link is damaged: {game} needs {fewest} to {most} "
                          "players.").format(game=_(rules.name), fewest=rules.min_players,
                                             most=rules.max_players))
    seats = []
    for seat in seats_data:
        if not (type(seat) is list and len(seat) == 3 and type(seat[0]) is str
                and len(seat[0]) <= MAX_WORD and _zero_or_text(seat[1])
                and (_zero_or_text(seat[2]) and seat[2] in (0, *BOT_KINDS))):
            raise LinkError(_("This game link is damaged: a player's seat cannot be read."))
        try:
            entry = {"name": names.clean(seat[0])}
        except names.BadName as error:
            raise LinkError(_("This game link has a name the table refuses. {reason}").format(
                reason=error)) from None
        if seat[1]:
            entry["thief"] = seat[1]
        if seat[2]:
            entry["bot"] = seat[2]
        seats.append(entry)
    pair = names.clash([seat["name"] for seat in seats if seat["name"]])
    if pair:
        raise LinkError(_("This game link cannot be opened: {reason}").format(
            reason=names.clash_message(pair)))
    options = data["o"]
    if type(options) is not dict or any(
            k not in rules.options or type(v) is not rules.options[k]
            or type(v) is str and len(v) > MAX_WORD for k, v in options.items()):
        raise LinkError(_("This game link is damaged: its table options cannot be read."))
    seed = data["r"]
    if type(seed) is not int or not 0 <= seed < 2 ** 64:
        raise LinkError(_("This game link is damaged: its seed cannot be read."))
    if type(data["a"]) is not str:
        raise LinkError(_("This game link is damaged: its moves cannot be read."))
    return {"game": game, "seats": seats, "options": options, "seed": seed,
            "rules": revision_of(data, rules), "actions": data["a"]}


def revision_of(data: dict, rules) -> int | None:
    """The rules revision a link's JSON names (None: a link made before links named it)."""
    revision = data.get("v")
    if revision is None and "v" not in data:
        return None
    if type(revision) is not int or revision < 1:
        raise LinkError(_("This game link is damaged: its rules revision cannot be read."))
    if revision > rules.revision:
        raise LinkError(_(NEWER))
    return revision


def _replay(record: dict) -> Match:
    rules = rules_for(record["game"])
    match = start(record)
    texts = record["actions"].split(SEP) if record["actions"] else []
    for number, text in enumerate(texts, start=1):
        where = {"n": number, "total": len(texts)}
        with moves_read(where):
            waiting = rules.to_act(match.state)
            match.act(*read_action(rules, text, waiting[0] if len(waiting) == 1 else None,
                                   where, bool(waiting)))
    return match


def start(record: dict) -> Match:
    """The match a checked record (``record_of``) sets up, before any action; one naming no
    rules revision (a remote game set up before they were named) under the newest of its
    time."""
    revision = record["rules"] or rules_for(record["game"]).unnamed_revision
    try:
        return Match.start(record["game"], record["seats"], record["options"], record["seed"],
                           revision)
    except (IllegalAction, ValueError, KeyError, TypeError):  # reasons for developers only
        raise LinkError(_("This game link cannot be set up: its seats or options are not "
                          "valid. The link may have been altered.")) from None


@contextmanager
def moves_read(where: dict):
    """Reading and playing move ``where["n"]`` of ``where["total"]``: whatever goes wrong is
    the link's fault and raises LinkError."""
    try:
        yield
    except LinkError:
        raise
    except IllegalAction:  # its reason is for developers, in English
        raise LinkError(_("This game link cannot be replayed: move {n} of {total} is not "
                          "allowed. The link may have been altered.").format(**where)) from None
    except Exception:  # a malformed action the rules could not even look at
        raise LinkError(_("This game link cannot be replayed: move {n} of {total} cannot "
                          "be read. The link may have been altered or cut.").format(
            **where)) from None


def read_action(rules, text: str, expected: int | None, where: dict, running: bool = True):
    """The player and action an ``action_text`` stands for; ``expected``: the player the rules
    name (None: several or nobody, so the text must name one; ``running`` False: the game is
    over)."""
    head, at, rest = text.partition("@")
    if at and (player := wellformed.whole_number(head)) is not None:
        text = rest
    elif expected is None:
        raise LinkError((_("This game link cannot be replayed: move {n} of {total} does not "
                           "say whose move it is. The link may have been altered or cut.")
                         if running else
                         _("This game link cannot be replayed: move {n} of {total} comes "
                           "after the end of the game. The link may have been altered or "
                           "cut.")).format(**where))
    else:
        player = expected
    if text.startswith("~"):
        try:
            return player, wellformed.loads(text[1:], ACTION_JSON, wellformed.ACTION_DEPTH)
        except ValueError:
            raise LinkError(_("This game link cannot be replayed: move {n} of {total} cannot "
                              "be read. The link may have been altered or cut.").format(
                **where)) from None
    return player, rules.parse(text)


def _zero_or_text(value) -> bool:
    """A seat's thief or bot: 0 for none, else a short text."""
    return type(value) is int and value == 0 or type(value) is str and len(value) <= MAX_WORD
