"""The work a game by links hands to the page (web/browser/pacing.py): the browser's key store
(WebCrypto, asynchronous), and the game's lock across the tabs of the browser."""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Job:
    """Work for the page: ``kind`` "key" (make a key pair named ``args[0]``; the result is its
    public key), "sign" (name, digest; the signature), "invitation" (an invitation key: its
    secret and public key), "prove" (an invitation's secret, a digest; its signature with the
    secret), "verify" (a list of (public key, digest, signature); a list of booleans), "hold"
    (a lock's name: answered once this tab holds it, after any other tab of the browser that
    does, with its ticket and the seal kept under it, a text or None) or "release" (ticket,
    name, seal: keep the seal under the lock, None: keep the one there, and let go of it;
    None). The page calls ``then`` with the result."""

    kind: str
    args: tuple
    then: Callable
    always: bool = False  # done and heard even once the jobs asked before are dropped


class Jobs:
    """The jobs of the game open in the tab: asked in order, taken by the page; an answer that
    comes after the game it was asked for was closed (or its jobs dropped) is not heard, but
    for a job asked ``always`` (a lock's: another tab waits for it to be let go of)."""

    def __init__(self):
        self.queued: list[Job] = []
        self.waiting = 0  # jobs handed to the page and not answered yet
        self.generation = 0

    def ask(self, kind: str, args: tuple, then: Callable, always: bool = False) -> None:
        generation = self.generation

        def done(result):
            if generation == self.generation:
                self.waiting -= 1
                then(result)
            elif always:
                then(result)
        self.waiting += 1
        self.queued.append(Job(kind, args, done, always))

    def take(self) -> list[Job]:
        jobs, self.queued = self.queued, []
        return jobs

    @property
    def busy(self) -> bool:
        return bool(self.queued) or self.waiting > 0

    def drop(self) -> None:
        """Forget the jobs asked so far, and every answer still to come, but those asked
        ``always``, which are still done."""
        self.queued = [job for job in self.queued if job.always]
        self.waiting, self.generation = 0, self.generation + 1
