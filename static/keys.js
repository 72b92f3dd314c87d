// The remote table's signing keys (docs/remote.md): Ed25519 in WebCrypto. A key pair is made
// on this device when a seat is bound to it; its private key is not extractable and is kept in
// IndexedDB, so it never leaves the device (not even to the table's Python). The table's
// worker imports this script (static/worker.mjs) and web/browser/ calls these functions; each
// returns a promise.
(() => {
  "use strict";
  const DB = "thieves-keys";
  const STORE = "keys";
  const ALGORITHM = { name: "Ed25519" };
  // an Ed25519 private key in PKCS #8 (RFC 8410): these 16 bytes, then the 32-byte key
  const PKCS8_ED25519 = Uint8Array.of(
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20);

  // an IndexedDB request as a promise
  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  // the object store `name`, the one of the database `db` (made on first use), in a new
  // transaction
  async function objects(db, name, mode) {
    const open = indexedDB.open(db, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(name);
    return (await request(open)).transaction(name, mode).objectStore(name);
  }

  // WebCrypto, which a page has only in a secure context (https, or 127.0.0.1 on the device):
  // without it every job fails with this reason, and no signature is ever judged false
  function subtle() {
    if (!globalThis.crypto || !crypto.subtle) {
      throw new Error("no WebCrypto at this address: the table needs https://");
    }
    return crypto.subtle;
  }

  const store = (mode) => objects(DB, STORE, mode);
  globalThis.tableStores = { request, objects };  // for static/locks.js

  globalThis.tableKeys = {
    // a new key pair named `name`; resolves to its raw 32-byte public key
    async make(name) {
      const pair = await subtle().generateKey(ALGORITHM, false, ["sign", "verify"]);
      await request((await store("readwrite")).put(pair.privateKey, name));
      return new Uint8Array(await subtle().exportKey("raw", pair.publicKey));
    },
    // the 64-byte signature of `digest` (bytes) by the key named `name`
    async sign(name, digest) {
      const key = await request((await store("readonly")).get(name));
      if (!key) throw new Error("this device has no key for the game");
      return new Uint8Array(await subtle().sign(ALGORITHM, key, digest));
    },
    // an invitation key: resolves to its 32-byte private key (the invitation's secret, which
    // the host's device keeps to make the invitation link) followed by its public key
    async invitation() {
      const pair = await subtle().generateKey(ALGORITHM, true, ["sign", "verify"]);
      const secret = new Uint8Array(await subtle().exportKey("pkcs8", pair.privateKey));
      const raw = new Uint8Array(await subtle().exportKey("raw", pair.publicKey));
      const both = new Uint8Array(64);
      both.set(secret.slice(-32));
      both.set(raw, 32);
      return both;
    },
    // the signature of `digest` by the invitation key whose private key is `secret`
    async prove(secret, digest) {
      const pkcs8 = new Uint8Array(PKCS8_ED25519.length + 32);
      pkcs8.set(PKCS8_ED25519);
      pkcs8.set(secret, PKCS8_ED25519.length);
      const key = await subtle().importKey("pkcs8", pkcs8, ALGORITHM, false, ["sign"]);
      return new Uint8Array(await subtle().sign(ALGORITHM, key, digest));
    },
    // for each [publicKey, digest, signature]: does the signature hold? A key that is not an
    // Ed25519 key (DataError) holds none; a browser that cannot check (no WebCrypto, no
    // Ed25519) rejects, and the table says so instead of calling a link altered
    async verify(checks) {
      const webCrypto = subtle();
      return Promise.all(checks.map(async ([raw, digest, signature]) => {
        let key;
        try {
          key = await webCrypto.importKey("raw", raw, ALGORITHM, false, ["verify"]);
        } catch (error) {
          if (error.name === "DataError") return false;
          throw error;
        }
        return webCrypto.verify(ALGORITHM, key, signature, digest);
      }));
    },
  };
})();
