// The service worker: keeps the app's files (the shell) so that Tick opens offline once it
// was loaded, and the last answers of the API's reads so that the lists show read-only.
// The files come from the network first (they are revalidated by ETag), the cache only
// when the network fails; changes are never cached or replayed.
const SHELL = "tick-shell-v1";
const DATA = "tick-data-v1";
const FILES = ["/", "/manifest.webmanifest", "/app/style.css", "/app/icon.svg", "/app/main.js", "/app/api.js",
  "/app/dom.js", "/app/format.js", "/app/state.js", "/app/detail.js", "/app/keys.js", "/app/reorder.js",
  "/app/notify.js", "/app/lists.js", "/app/share.js", "/app/history.js"];

// The page tick serve sends with the session cookie carries the first answers of the API
// (<script type="application/json" id="tick-boot">, which holds no "<"). The kept copy of the
// page is the file without them: offline, the app reads the newest answers kept in DATA,
// not the ones the page came with when it was kept.
const BOOT = /<script type="application\/json" id="tick-boot">[^<]*<\/script>\n?/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL)
    .then((cache) => cache.addAll(FILES.map((path) => new Request(path, { credentials: "omit" }))))
    .then(() => self.skipWaiting()));
});

// Navigation preload: the browser asks for the page while this worker starts, instead of
// after (https://w3c.github.io/ServiceWorker/#navigationpreloadmanager).
self.addEventListener("activate", (event) => {
  const preload = self.registration.navigationPreload ? self.registration.navigationPreload.enable() : Promise.resolve();
  // Files of an older version of the app (another /app-VERSION/) are dropped.
  const shell = caches.open(SHELL).then((cache) => cache.keys().then((requests) => Promise.all(requests
    .filter((kept) => !FILES.includes(new URL(kept.url).pathname)).map((kept) => cache.delete(kept)))));
  event.waitUntil(Promise.all([preload, shell, caches.keys()
    .then((names) => Promise.all(names.filter((name) => ![SHELL, DATA].includes(name)).map((name) => caches.delete(name))))])
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname === "/api/v1/events" || url.pathname.startsWith("/login")) return;
  const store = url.pathname.startsWith("/api/") ? DATA : SHELL;
  const network = request.mode === "navigate"
    ? Promise.resolve(event.preloadResponse).then((preloaded) => preloaded || fetch(request))
    : fetch(request);
  event.respondWith(network.then((response) => {
    if (response.ok) {
      const copy = response.clone();
      const kept = request.mode === "navigate"
        ? copy.text().then((html) => new Response(html.replace(BOOT, ""), { headers: copy.headers }))
        : Promise.resolve(copy);
      kept.then((page) => caches.open(store).then((cache) => cache.put(request, page)));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreSearch: store === SHELL }).then((cached) => {
    if (!cached) {
      return new Response(JSON.stringify({ title: "offline", detail: "Tick's server cannot be reached." }),
        { status: 503, headers: { "Content-Type": "application/problem+json", "X-Tick-Offline": "1" } });
    }
    // Marked as kept, not fresh: the page says it is offline (a tester: kept answers looked
    // live, and every change then failed without a word of why).
    const headers = new Headers(cached.headers);
    headers.set("X-Tick-Offline", "1");
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  })));
});
