"""The remote table's keys (static/keys.js, imported into the worker: Ed25519 in WebCrypto,
the private keys kept in IndexedDB): what web/play/links/'s jobs ask of the browser, awaited by
the pacing."""

import js
from pyodide.ffi import to_js


def _bytes(value) -> bytes:
    return bytes(value.to_py())


def _js_bytes(data: bytes):
    return js.Uint8Array.new(to_js(list(data)))


async def make_key(name: str) -> bytes:
    """A new key pair named ``name``, its private key not extractable; its raw public key."""
    return _bytes(await js.tableKeys.make(name))


async def sign(name: str, digest: bytes) -> bytes:
    """The Ed25519 signature of ``digest`` by the key named ``name``."""
    return _bytes(await js.tableKeys.sign(name, _js_bytes(digest)))


async def verify(checks: list) -> list[bool]:
    """For each (public key, digest, signature): does the signature hold?"""
    found = await js.tableKeys.verify(to_js(
        [[_js_bytes(part) for part in check] for check in checks]))
    return [bool(good) for good in found]


async def invitation() -> tuple[bytes, bytes]:
    """A new invitation key: its private key (the invitation's secret) and public key."""
    both = _bytes(await js.tableKeys.invitation())
    return both[:32], both[32:]


async def prove(secret: bytes, digest: bytes) -> bytes:
    """The signature of ``digest`` by the invitation key whose private key is ``secret``."""
    return _bytes(await js.tableKeys.prove(_js_bytes(secret), _js_bytes(digest)))


KEY_JOBS = {"key": make_key, "sign": sign, "verify": verify, "invitation": invitation,
            "prove": prove}
