"""A device's key store in CPython: it does the jobs a game by links hands to the page (the
browser's is WebCrypto, web/browser/keys.py; a Hard bot's search is worked at once). For the
tests (tests/web/test_linkplay.py) and bench/tap_hops.py; a script of tools/, not a package."""

import secrets

from web import remote, signing


class KeyStore:
    """The keys of one device, by name; ``verified`` counts the signature checks asked."""

    def __init__(self, keys: dict | None = None):
        self.keys = {} if keys is None else keys
        self.verified = 0

    def run(self, take_jobs, held: list | None = None) -> None:
        """Do the jobs ``take_jobs()`` gives until it gives none (an app's); a bot's search is
        put in ``held`` instead, if given (still thinking)."""
        while jobs := take_jobs():
            for job in jobs:
                if held is not None and job.kind == "think":
                    held.append(job)
                else:
                    job.then(self.answer(job))

    def answer(self, job):
        if job.kind == "key":
            self.keys[job.args[0]] = keys = signing.Keys()
            return keys.public_key
        if job.kind == "think":  # a host's Hard bot (the page works it in slices)
            job.args[0].work(float("inf"))
            return job.args[0].action()
        if job.kind == "sign":
            return self.keys[job.args[0]].sign(job.args[1])
        if job.kind == "invitation":
            secret = secrets.token_bytes(remote.SECRET_BYTES)
            return secret, signing.Keys(secret).public_key
        if job.kind == "prove":
            return signing.Keys(job.args[0]).sign(job.args[1])
        self.verified += 1
        return [signing.verify(*check) for check in job.args[0]]
