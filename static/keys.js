// The remote table's signing keys (docs/remote.md): Ed25519 in WebCrypto. A key pair is made
// on this device when a seat is bound to it; its private key is not extractable and is kept in
// IndexedDB, so it never leaves the device (not even to the page's Python). web/browser.py
// calls these functions; each returns a promise.
(() => {
  "use strict";
  const DB = "thieves-keys";
  const STORE = "keys";
  const ALGORITHM = { name: "Ed25519" };

  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  async function store(mode) {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    const db = await request(open);
    return db.transaction(STORE, mode).objectStore(STORE);
  }

  window.tableKeys = {
    // a new key pair named `name`; resolves to its raw 32-byte public key
    async make(name) {
      const pair = await crypto.subtle.generateKey(ALGORITHM, false, ["sign", "verify"]);
      await request((await store("readwrite")).put(pair.privateKey, name));
      return new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    },
    // the 64-byte signature of `digest` (bytes) by the key named `name`
    async sign(name, digest) {
      const key = await request((await store("readonly")).get(name));
      if (!key) throw new Error("this device has no key for the game");
      return new Uint8Array(await crypto.subtle.sign(ALGORITHM, key, digest));
    },
    // for each [publicKey, digest, signature]: does the signature hold?
    async verify(checks) {
      return Promise.all(checks.map(async ([raw, digest, signature]) => {
        try {
          const key = await crypto.subtle.importKey("raw", raw, ALGORITHM, false, ["verify"]);
          return await crypto.subtle.verify(ALGORITHM, key, signature, digest);
        } catch (error) {
          return false;
        }
      }));
    },
  };
})();
