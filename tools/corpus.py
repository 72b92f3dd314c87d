"""Add a release's games to the golden corpus: the saves and links that release made, which
every later table must still open at the same position (tests/web/test_corpus.py).

    .venv/bin/python tools/corpus.py                   # this repository's HEAD
    .venv/bin/python tools/corpus.py --commit 5030634  # an earlier release
    .venv/bin/python tools/corpus.py --fingerprint --commit a22d425  # its fingerprint only

The release's tree is taken out of git (``git archive``) into a temporary folder and ITS OWN
code plays the games, in a subprocess of this Python with only that tree on its path: its
bots (``engine.simulate.make_bot``) play each game at 2, 3 and 4 players, a person in seat 0
and bots in the others, with that release's default table options; at a quarter and half of
the game's decisions and at its end, its ``web.keep.saves.Saves`` writes the game (as its app did:
into a ``MemoryStorage``, one save written over again) and its ``web.keep.gamelink.encode``
makes the game's link. Each item is one file,
``tests/corpus/<release>/<game>-<n>p-s<seed>-<point>-<save|link>.json``: the raw storage or
link fragment and the position the release's own engine reached (``expected``). A release
with the remote table adds, per game, a table played by links (``-remote``): Ann hosts, Ben
and Cleo each on a device of their own, kept once the invitations are opened and at a quarter
of the game, every device's storage and key store (keys drawn from a seeded generator, for
the tests only) and the position each device holds. The release
is named by its commit's date and short hash (``2026-11-26-5030634``). The same
command writes the same files.

Each folder also keeps the release's fingerprint (``fingerprint.json``): a sha256 of each file
that decides what a record replays to or how saves, links and the signed chain are written
(``FINGERPRINTED``), read without docstrings, comments and layout. tests/test_corpus_current.py
computes the working tree's and fails when no release has it: a change of the rules or a
format comes with a new release. ``--fingerprint`` writes only the fingerprint of a release
already in the corpus (after ``FINGERPRINTED`` changed).

Only what stays the same when nothing changes the rules is expected: the decisions (their
number and digest), who acts, the turn, and at the end the outcome, winners and scores. A
state's hash is kept for information only: the state's shape may change between versions.
"""

import argparse
import ast
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from datetime import UTC, datetime
from fnmatch import fnmatch
from pathlib import Path

from bytecode import without_docstrings  # tools/, beside this script

GAMES = ("age_of_thieves", "crooks", "swindler")
PLAYERS = (2, 3, 4)
SEEDS = (1, 7)  # 7: an Age of Thieves game at 3 players that meets a change of the city guard
POINTS = {"q1": 1 / 4, "q2": 1 / 2, "end": 1}  # a point: a share of the decisions
NAMES = ("Ann", "Ben", "Cleo", "Dan")  # seat 0 a person, the others bots
CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus"


def digest(actions: list) -> str:
    """A short fingerprint of a record's decisions."""
    text = json.dumps(actions, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def position(rules, state, actions: list) -> dict:
    """What a record must replay to, in any version of the rules it was made under: its
    decisions, who acts, the turn, and for a finished game its outcome, winners and scores."""
    found = {"decisions": len(actions), "actions": digest(actions),
             "to_act": list(rules.to_act(state)), "turn": state.get("turn", 0)}
    result = rules.result(state)
    found["finished"] = result is not None
    if result is not None:
        winners = result.get("winners")
        if winners is None:
            winners = [] if result.get("winner") is None else [result["winner"]]
        scores = result.get("scores")
        if scores is None:  # Age of Thieves: a table of seats with their victory points
            scores = [row.get("vp") for row in result.get("table", [])]
        found.update(outcome=result.get("outcome"), winners=list(winners), scores=scores)
    return found


# --- inside the release's tree -------------------------------------------------------------

def seed_of(game: str, players: int, seed: int) -> int:
    """The match seed of one corpus game: 32 bits, as the table draws them."""
    return int(hashlib.sha256(f"{game}/{players}/{seed}".encode()).hexdigest()[:8], 16)


def bot_kind() -> str:
    """A Normal bot seat as this release writes it (before the levels: "heuristic")."""
    from web.keep import gamelink as links
    return "normal" if "normal" in links.BOT_KINDS else "heuristic"


def table_options(game: str) -> dict:
    """The options this release's start screen sets for a new game."""
    from web.games import front
    return front(game).default_options()


def play_game(game: str, players: int, seed: int) -> list:
    """One bot game played by this release's engine: its record's decisions."""
    from engine.core.game import Match
    from engine.simulate import make_bot
    try:
        from engine.core.bots import next_move
    except ImportError:  # before players could act out of turn: the first to act decides
        def next_move(rules, state, bots):
            p = rules.to_act(state)[0]
            view = rules.view(state, p) if bots[p].uses_view else None
            return p, bots[p].decide(view, rules.choice(state, p))
    kind = bot_kind()
    seats = [{"name": NAMES[0]}] + [{"name": NAMES[i], "bot": kind} for i in range(1, players)]
    match = Match.start(game, seats, table_options(game), seed_of(game, players, seed))
    bots = [make_bot("heuristic", game, match.seed * 8 + i) for i in range(players)]
    rules = match.rules
    while rules.result(match.state) is None:
        if len(match.actions) > 20_000:
            raise RuntimeError(f"{game} {players}p seed {seed}: no end after 20,000 decisions")
        match.act(*next_move(rules, match.state, bots))
    return match.record()


def keep_game(game: str, players: int, seed: int, when: int) -> list[dict]:
    """The items of one game: at each point, the save this release's Saves writes (over the
    same save each time, as its app did) and the link its ``links.encode`` makes."""
    from engine.core.game import Match, state_hash
    from web.keep import gamelink as links
    from web.keep.saves import MemoryStorage, Saves
    record = play_game(game, players, seed)
    storage = MemoryStorage()
    clock = [when]
    saves = Saves(storage, lambda: clock[0])
    save_id = f"{when * 1000:x}{seed_of(game, players, seed) & 0xFFFF:04x}"
    takes = inspect.signature(Saves.write).parameters
    rev, items = None, []
    total = len(record["actions"])
    for point, share in POINTS.items():
        kept = {**record, "actions": record["actions"][:max(1, round(total * share))]}
        match = Match.replay(kept)
        rules, state = match.rules, match.state
        clock[0] = when + len(kept["actions"])  # a decision a second
        extra = {}
        if "rev" in takes:
            extra["rev"] = rev
        if "finished" in takes:
            extra["finished"] = rules.result(state) is not None
        rev = saves.write(save_id, match.record(),
                          [s.get("name") or f"Player {p + 1}" for p, s in enumerate(kept["seats"])],
                          state.get("turn", 0), **extra)
        expected = position(rules, state, kept["actions"])
        name = f"{game}-{players}p-s{seed}-{point}"
        common = {"game": game, "players": players, "seed": seed, "point": point,
                  "expected": expected, "info": {"state_hash": state_hash(state)[:16]}}
        items.append({**common, "name": f"{name}-save", "kind": "save", "save_id": save_id,
                      "storage": dict(sorted(storage.data.items()))})
        items.append({**common, "name": f"{name}-link", "kind": "link",
                      "fragment": links.encode(match.record())})
    return items


# --- the remote table: a game by links, each person on a device of their own ---------------

class RemoteDevice:
    """One person's device at a remote table: the release's app, its storage and its key store
    (private keys by name, drawn from ``rng`` so that the same command writes the same files).
    Answers the jobs the app hands the page, as the browser's key store does."""

    def __init__(self, storage: dict, keys: dict, rng):
        from web.app import App
        from web.keep.saves import MemoryStorage
        self.storage, self.keys, self.rng = MemoryStorage(), keys, rng
        self.storage.data.update(storage)
        self.app = App(self.storage, session=MemoryStorage(), base_url="https://t.example/")

    def run(self) -> None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import (
            Ed25519PrivateKey,
            Ed25519PublicKey,
        )
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        def private(secret: bytes):
            return Ed25519PrivateKey.from_private_bytes(secret)

        def public(secret: bytes) -> bytes:
            return private(secret).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

        def holds(key: bytes, digest: bytes, signature: bytes) -> bool:
            try:
                Ed25519PublicKey.from_public_bytes(key).verify(signature, digest)
            except Exception:
                return False
            return True
        take = getattr(self.app, "take_jobs", None) or self.app.remote.take_jobs  # before 86bcd26
        while jobs := take():
            for job in jobs:
                if job.kind == "key":
                    self.keys[job.args[0]] = secret = self.rng.randbytes(32).hex()
                    job.then(public(bytes.fromhex(secret)))
                elif job.kind == "sign":
                    job.then(private(bytes.fromhex(self.keys[job.args[0]])).sign(job.args[1]))
                elif job.kind in ("invitation", "token"):  # its secret and public key
                    # ("token" before the invitation keys, 04e1fe7)
                    secret = self.rng.randbytes(32)
                    job.then((secret, public(secret)))
                elif job.kind == "prove":  # a signature with an invitation's secret
                    job.then(private(job.args[0]).sign(job.args[1]))
                elif job.kind == "hold":  # the lock across the tabs: one tab, always free
                    job.then((0, None))
                elif job.kind == "release":
                    job.then(None)
                else:
                    job.then([holds(*check) for check in job.args[0]])

    @property
    def chain(self):
        return self.app.remote.device.chain

    def open(self, link: str) -> None:
        self.app.handle("remote-open", {"value": link})
        self.run()
        if self.app.notice and self.app.notice[0] == "error":
            raise RuntimeError(self.app.notice[1])


def remote_step(devices: list, bots: list) -> bool:
    """One person decides on their screen (a bot's choice), and the links their screen then
    offers reach their people at once (so the table is at rest after every step); False when
    nobody has anything to decide."""
    for device, bot in zip(devices, bots, strict=True):
        me = device.app.remote.device.me
        turn = device.chain.turn(me)
        if turn is None:
            continue
        rules = device.chain.match.rules
        view = rules.view(turn.state, me)
        device.app.handle("act", bot.decide(view, turn.choice))
        device.run()
        if device.app.notice and device.app.notice[0] == "error":
            raise RuntimeError(device.app.notice[1])
        queue = [(device, out) for out in device.app.remote.device.out]
        while queue:
            sender, out = queue.pop(0)
            for other in devices:
                seat = other.app.remote.device.me
                if other is not sender and out.to in (None, seat):
                    before = list(other.app.remote.device.out)
                    other.open(out.text.rsplit(" — ", 1)[1])
                    queue += [(other, o) for o in other.app.remote.device.out
                              if o not in before]
        return True
    return False


def keep_remote_game(game: str, seed: int) -> list[dict]:
    """A remote table of this release: Ann hosts and plays on her device, Ben and Cleo each on
    their own. Items: every device's storage and keys once the invitations are opened (no key
    announced yet) and at a quarter of the game, all devices up to date."""
    import random
    import secrets

    from engine.simulate import make_bot
    rng = random.Random(f"{game}/remote/{seed}")
    secrets.token_bytes = rng.randbytes  # the release's tokens and key names, repeatable
    secrets.token_hex = lambda n: rng.randbytes(n).hex()
    host = RemoteDevice({}, {}, rng)
    host.app.seed_source = lambda: seed_of(game, 3, seed)
    app = host.app
    app.handle("setup-game", game)
    app.handle("setup-players", 3)
    for i, kind in enumerate(("human", "remote", "remote")):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": NAMES[i]})
    app.handle("start-game")
    host.run()
    devices = [host]
    for out in app.remote.invitations():
        guest = RemoteDevice({}, {}, rng)
        guest.open(out.text.rsplit(" — ", 1)[1])
        devices.append(guest)
    bots = [make_bot("heuristic", game, seed * 8 + p) for p in range(3)]
    total = len(play_game(game, 3, seed)["actions"])  # about the game's length
    items = []
    for point in ("invited", "q1"):
        if point == "q1":
            while len(host.chain.match.actions) < total // 4 and remote_step(devices, bots):
                pass
        at = [position(d.chain.match.rules, d.chain.match.state, d.chain.match.actions)
              for d in devices]  # a device holds the links sent to it, not all of them
        items.append({"game": game, "players": 3, "seed": seed, "point": point,
                      "expected": at[0], "name": f"{game}-3p-s{seed}-{point}-remote",
                      "kind": "remote", "game_id": host.chain.game_id,
                      "devices": [{"expected": found, "keys": dict(d.keys),
                                   "storage": dict(sorted(d.storage.data.items()))}
                                  for d, found in zip(devices, at, strict=True)]})
    return items


def worker(when: int) -> None:
    """Every corpus item of the release whose tree is on the path, as JSON on stdout."""
    import engine
    import web
    for package in (engine, web):  # the release's own code, not this repository's
        assert Path(package.__file__).resolve().is_relative_to(Path.cwd().resolve()), package
    items = [item for game in GAMES for players in PLAYERS for seed in SEEDS
             for item in keep_game(game, players, seed, when)]
    if Path("web/play/links").exists():  # the remote table (issue 17; web/play/links/ before 54)
        items += [item for game in GAMES for item in keep_remote_game(game, SEEDS[0])]
    json.dump(items, sys.stdout)


# --- what decides a record's position and the formats: a change needs a new release --------

# The rules (what a record replays to) and the record formats: a save, a link, the signed
# chain of a game by links and how a device keeps it. A folder: its .py and .json files but
# those of LEFT_OUT (bots, their search, views, statistics: they never change a replay). A
# module with names: those parts of it only (a device's game as kept, not the device's play).
FINGERPRINTED = {
    "engine/core": (), "engine/age_of_thieves": (), "engine/crooks": (), "engine/swindler": (),
    "web/keep/saves.py": (), "web/keep/gamelink.py": (), "web/play/chain": (),
    "web/play/links/device.py": ("SAVE_PREFIX", "Outgoing", "Device.kept", "Device.reopened",
                                 "parsed", "kept_games"),
}
LEFT_OUT = ("engine/core/bots.py", "engine/core/search.py", "engine/*/bot/*", "engine/*/bot.py",
             "engine/*/determinize.py", "engine/*/views.py", "engine/crooks/balance.py",
             "web/play/chain/texts.py")
FINGERPRINT = "fingerprint.json"  # in each release's folder


def shape(node) -> str:
    """A syntax tree as text: no line numbers, and no field a Python version leaves empty
    (3.12 added empty ``type_params``), so that 3.11 to 3.14 write the same."""
    if isinstance(node, list):
        return "[" + ",".join(shape(n) for n in node) + "]"
    if not isinstance(node, ast.AST):
        return repr(node)
    fields = ((name, getattr(node, name, None)) for name in node._fields)
    return type(node).__name__ + "(" + ",".join(
        f"{name}={shape(value)}" for name, value in fields if value not in (None, [])) + ")"


def part(module: ast.Module, name: str) -> ast.AST | None:
    """The top-level definition ``name`` of a module (``Class.method``: a method)."""
    found, *inner = name.split(".")
    for node in module.body:
        targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
        if getattr(node, "name", None) == found or any(
                isinstance(t, ast.Name) and t.id == found for t in targets):
            return part(node, inner[0]) if inner else node
    return None


def counted_text(path: Path, names: tuple) -> str:
    """What of a fingerprinted file counts: a JSON file's data, a module's code (or the
    parts ``names``) without docstrings, comments and layout."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.dumps(json.loads(text), sort_keys=True)
    module = without_docstrings(ast.parse(text))  # they never change what the code does
    if not names:
        return shape(module)
    return "\n".join(f"{name}: {shape(part(module, name))}" for name in names)


def fingerprint(root: Path) -> dict:
    """The fingerprint of the tree at ``root``: a sha256 of each file that decides what a record
    replays to or how records are written (FINGERPRINTED; None: absent), and of them all."""
    files = {}
    for path, names in FINGERPRINTED.items():
        found = root / path
        inside = sorted(f for f in found.rglob("*") if f.suffix in (".py", ".json")) \
            if found.is_dir() else [found]
        for file in inside:
            name = file.relative_to(root).as_posix()
            if not any(fnmatch(name, pattern) for pattern in LEFT_OUT):
                files[name] = hashlib.sha256(counted_text(file, names).encode()).hexdigest() \
                    if file.is_file() else None
    whole = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()
    return {"fingerprint": whole, "files": files}


# --- in this repository --------------------------------------------------------------------

def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def compile_catalog(po: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with po.open("rb") as source, po.with_suffix(".mo").open("wb") as target:
        write_mo(target, read_po(source))


@contextmanager
def release_tree(repo: Path, commit: str):
    """The tree of the release ``commit``, taken out of git into a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="corpus-") as tree:
        archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=repo,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        yield Path(tree)


def release_items(tree: Path, when: int) -> list[dict]:
    """The items the release in ``tree`` makes, played by its own code."""
    for catalog in tree.glob("web/locale/*/LC_MESSAGES/messages.po"):
        compile_catalog(catalog)  # its app speaks through them (the remote table's)
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker",
                           str(when)], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the release could not make its items:\n{done.stderr}")
    return json.loads(done.stdout)


def dumps(item: dict) -> str:
    """An item as JSON, a line per field: small, and still easy to read."""
    fields = (f"{json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}"
              for k, v in item.items())
    return "{\n" + ",\n".join(fields) + "\n}\n"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", default="HEAD", help="the release (default: HEAD)")
    parser.add_argument("--repo", type=Path, default=CORPUS.parents[1], help="its repository")
    parser.add_argument("--out", type=Path, default=CORPUS, help="the corpus folder")
    parser.add_argument("--fingerprint", action="store_true",
                        help="only write the release's fingerprint anew (its folder is kept)")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        worker(args.worker)
        return
    commit = git("rev-parse", "--verify", f"{args.commit}^{{commit}}", cwd=args.repo)
    when = int(git("show", "-s", "--format=%ct", commit, cwd=args.repo))
    date = datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d")
    release = f"{date}-{commit[:7]}"
    folder = args.out / release
    if args.fingerprint and not folder.is_dir():
        parser.error(f"{folder} is not in the corpus: run without --fingerprint")
    with release_tree(args.repo, commit) as tree:
        stamp = {"release": release, "commit": commit, "when": when, **fingerprint(tree)}
        items = [] if args.fingerprint else release_items(tree, when)
    if not args.fingerprint:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for item in items:
        entry = {"release": release, "commit": commit, "date": date, **item}
        (folder / f"{item['name']}.json").write_text(dumps(entry))
    (folder / FINGERPRINT).write_text(json.dumps(stamp, indent=1) + "\n")
    size = sum(f.stat().st_size for f in folder.iterdir())
    made = "" if args.fingerprint else f"{len(items)} items, "
    print(f"{release}: {made}{size:,} bytes in {folder}, fingerprint {stamp['fingerprint'][:16]}")

if __name__ == "__main__":
    main()
