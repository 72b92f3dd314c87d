"""A device's key store in CPython: it does the jobs a game by links hands to the page (the
browser's is WebCrypto, web/browser/keys.py, and the lock across the tabs, web/browser/locks.py),
and the host's bots as the page paces them. For the tests (tests/web/test_linkplay.py) and
bench/tap_hops.py; a script of tools/, not a package."""

import secrets

from web.play import chain as remote
from web.play.chain import signing


class Locks:
    """The locks of one browser and the seals kept under them, shared by its tabs (in the
    browser the Web Locks API and IndexedDB, static/locks.js): one tab holds a lock at a
    time; a tab that asks for it meanwhile waits until it is let go of."""

    def __init__(self):
        self.seals: dict[str, str] = {}
        self.holders: dict[str, int] = {}  # lock -> the ticket that holds it
        self.waiting: dict[str, list] = {}  # lock -> the "hold" jobs waiting for it
        self.tickets = 0

    def hold(self, job) -> None:
        name = job.args[0]
        if name in self.holders:
            self.waiting.setdefault(name, []).append(job)
        else:
            self._grant(name, job)

    def release(self, ticket: int, name: str, seal: str | None) -> None:
        if seal is not None:
            self.seals[name] = seal
        if self.holders.get(name) == ticket:
            del self.holders[name]
            if self.waiting.get(name):
                self._grant(name, self.waiting[name].pop(0))

    def _grant(self, name: str, job) -> None:
        self.tickets += 1
        self.holders[name] = self.tickets
        job.then((self.tickets, self.seals.get(name)))


class KeyStore:
    """The keys of one device, by name, and the locks of its browser (shared by the key stores
    of its tabs); ``verified`` counts the signature checks asked."""

    def __init__(self, keys: dict | None = None, locks: Locks | None = None):
        self.keys = {} if keys is None else keys
        self.locks = Locks() if locks is None else locks
        self.verified = 0

    def run(self, take_jobs, bot_step=None) -> None:
        """Do the jobs ``take_jobs()`` gives (an app's), and between them let ``bot_step()``
        play the bot due (an app's, if given), until neither has anything left (a "hold" job
        whose lock another tab holds is answered when that tab lets go of it)."""
        while True:
            if jobs := take_jobs():
                for job in jobs:
                    self.do(job)
            elif bot_step is None or not bot_step():
                return

    def do(self, job) -> None:
        if job.kind == "hold":
            self.locks.hold(job)
        elif job.kind == "release":
            self.locks.release(*job.args)
            job.then(None)
        else:
            job.then(self.answer(job))

    def answer(self, job):
        if job.kind == "key":
            self.keys[job.args[0]] = keys = signing.Keys()
            return keys.public_key
        if job.kind == "sign":
            return self.keys[job.args[0]].sign(job.args[1])
        if job.kind == "invitation":
            secret = secrets.token_bytes(remote.SECRET_BYTES)
            return secret, signing.Keys(secret).public_key
        if job.kind == "prove":
            return signing.Keys(job.args[0]).sign(job.args[1])
        self.verified += 1
        return [signing.verify(*check) for check in job.args[0]]
