// One course for a seat across the tabs of this browser (docs/remote.md, "One seat in two
// tabs"): a lock per game (the Web Locks API), held by one tab's worker while it decides, and
// the seal kept under it in IndexedDB: the game's save as the last tab that held the lock
// wrote it. IndexedDB, unlike localStorage, is the same for every tab at once: a tab that gets
// the lock reads there what the tab before it wrote. The table's worker imports this script
// (static/worker.mjs) after static/keys.js, and web/browser/locks.py calls these functions;
// each returns a promise.
(() => {
  "use strict";
  const DB = "thieves-tabs";
  const HOLD_MS = 10000;  // a lock its tab never lets go of (a fault) is let go of then
  const held = new Map();  // ticket -> the function that lets go of its lock
  let tickets = 0;

  const { request, objects } = globalThis.tableStores;  // static/keys.js
  const seals = (mode) => objects(DB, "seals", mode);

  async function sealed(name) {
    try {
      return (await request((await seals("readonly")).get(name))) ?? null;
    } catch (error) {
      console.error(error);
      return null;  // no IndexedDB here: the tab checks only its copy of the save
    }
  }

  globalThis.tableLocks = {
    // resolves once this tab holds the lock `name` (waiting while another tab holds it) to
    // [its ticket, the seal kept under it (a string, null: none)]; a browser without Web
    // Locks (not a secure context) grants it at once
    hold(name) {
      const ticket = ++tickets;
      if (!navigator.locks) return sealed(name).then((seal) => [ticket, seal]);
      return new Promise((resolve, reject) => {
        navigator.locks.request(name, () => new Promise((letGo) => {
          const timer = setTimeout(letGo, HOLD_MS);
          held.set(ticket, () => {
            clearTimeout(timer);
            letGo();
          });
          sealed(name).then((seal) => resolve([ticket, seal]));
        })).catch(reject);
      });
    },
    // keeps `seal` (a string; anything else: the seal stays as it is) under the lock `name`,
    // then lets go of the lock of `ticket`
    async release(ticket, name, seal) {
      try {
        if (typeof seal === "string") {
          const store = await seals("readwrite");
          store.put(seal, name);
          await new Promise((resolve, reject) => {
            store.transaction.oncomplete = resolve;
            store.transaction.onerror = () => reject(store.transaction.error);
          });
        }
      } catch (error) {
        console.error(error);  // no seal kept: the next tab checks only its copy of the save
      } finally {
        const letGo = held.get(ticket);
        held.delete(ticket);
        if (letGo) letGo();
      }
    },
  };
})();
