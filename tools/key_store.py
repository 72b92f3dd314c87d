"""A device's key store in CPython: it does the jobs a game by links hands to the page (the
browser's is WebCrypto, web/browser/keys.py), and the host's bots as the page paces them. For the
tests (tests/web/test_linkplay.py) and bench/tap_hops.py; a script of tools/, not a package."""

import secrets

from web import remote, signing


class KeyStore:
    """The keys of one device, by name; ``verified`` counts the signature checks asked."""

    def __init__(self, keys: dict | None = None):
        self.keys = {} if keys is None else keys
        self.verified = 0

    def run(self, take_jobs, bot_step=None) -> None:
        """Do the jobs ``take_jobs()`` gives (an app's), and between them let ``bot_step()``
        play the bot due (an app's, if given), until neither has anything left."""
        while True:
            if jobs := take_jobs():
                for job in jobs:
                    job.then(self.answer(job))
            elif bot_step is None or not bot_step():
                return

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
