"""Signatures for the remote table (docs/remote.md): the interface, and its CPython side.

The remote table (``web/play/chain/``) signs 32-byte digests with Ed25519: a raw public key of 32
bytes, a signature of 64. It never signs or verifies itself; it hands out what to sign
(``Chain.decide``) and what to verify (``Incoming.checks``) and takes the answers back
(``Chain.sign``, ``Incoming.accept``), because the browser's WebCrypto answers only
asynchronously. A verifier is a function ``(public_key, digest, signature) -> bool``.

In the browser, ``web/browser/`` will make the key pair with WebCrypto (the private key not
extractable, kept in IndexedDB) and verify there. In CPython (tests, benchmarks) the
``cryptography`` package does both; it is a dev dependency, imported only by this module, which
the app never imports.
"""


class Keys:
    """An Ed25519 key pair in CPython: ``public_key`` (raw bytes) and ``sign``; a new one, or
    the one whose private key is ``secret`` (32 bytes: an invitation's)."""

    def __init__(self, secret: bytes | None = None):
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        self._private = Ed25519PrivateKey.generate() if secret is None else \
            Ed25519PrivateKey.from_private_bytes(secret)
        self.public_key = self._private.public_key().public_bytes(Encoding.Raw,
                                                                  PublicFormat.Raw)

    def sign(self, digest: bytes) -> bytes:
        return self._private.sign(digest)


def verify(public_key: bytes, digest: bytes, signature: bytes) -> bool:
    """Is ``signature`` the Ed25519 signature of ``digest`` by ``public_key``?"""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, digest)
    except (InvalidSignature, ValueError):
        return False
    return True
