// Service worker: one cache per build, filled at install, so the app starts with no network.
// A new build installs beside the old one and takes over only when the page asks for it (or
// when no page of the old build is open), so a page never mixes files of two builds.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `thieves-table-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith("thieves-table-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) =>
      (await cache.match(request, { ignoreSearch: true })) || fetch(request)),
  );
});
