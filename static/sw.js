// Service worker: one cache per build, filled at install, so the app starts with no network.
// A new build installs beside the old one and takes over only when the page asks for it (or
// when no page of the old build is open), so a page never mixes files of two builds.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `thieves-table-${VERSION}`;

// Where the browser supports static routing, the files of this build come straight from this
// build's cache without running this script; a request with a query string (or a file not in
// the cache) still goes to the fetch handler below, which ignores the query.
const escapePattern = (text) => text.replace(/[\\+*?(){}:[\]]/g, "\\$&");

async function routeToCache(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return;
  const scope = new URL(self.registration.scope);
  const files = new URLPattern({
    protocol: scope.protocol.slice(0, -1),
    hostname: escapePattern(scope.hostname),
    port: scope.port,
    pathname: `${escapePattern(scope.pathname)}*`,
    search: "",
  });
  try {
    await event.addRoutes({
      condition: { urlPattern: files, requestMethod: "GET" },
      source: { cacheName: CACHE },
    });
  } catch {
    // an older browser without named-cache routes: the fetch handler serves every request
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([
    caches.open(CACHE).then((cache) => cache.addAll(FILES)),
    routeToCache(event),
  ]));
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
