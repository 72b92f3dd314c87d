"""The work a game by links hands to the page (web/browser/pacing.py): the browser's key store
(WebCrypto, asynchronous)."""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Job:
    """Work for the page: ``kind`` "key" (make a key pair named ``args[0]``; the result is its
    public key), "sign" (name, digest; the signature), "invitation" (an invitation key: its
    secret and public key), "prove" (an invitation's secret, a digest; its signature with the
    secret) or "verify" (a list of (public key, digest, signature); a list of booleans). The
    page calls ``then`` with the result."""

    kind: str
    args: tuple
    then: Callable


class Jobs:
    """The jobs of the game open in the tab: asked in order, taken by the page; an answer that
    comes after the game it was asked for was closed (or its jobs dropped) is not heard."""

    def __init__(self):
        self.queued: list[Job] = []
        self.waiting = 0  # jobs handed to the page and not answered yet
        self.generation = 0

    def ask(self, kind: str, args: tuple, then: Callable) -> None:
        generation = self.generation

        def done(result):
            if generation == self.generation:
                self.waiting -= 1
                then(result)
        self.waiting += 1
        self.queued.append(Job(kind, args, done))

    def take(self) -> list[Job]:
        jobs, self.queued = self.queued, []
        return jobs

    @property
    def busy(self) -> bool:
        return bool(self.queued) or self.waiting > 0

    def drop(self) -> None:
        """Forget the jobs asked so far, and every answer still to come."""
        self.queued, self.waiting, self.generation = [], 0, self.generation + 1
