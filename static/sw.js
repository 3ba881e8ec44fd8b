// Mortar Hunt service worker: the game loads and plays offline after one visit.
//
// Source file; `make dist` (tools/dist.py) copies it to the ROOT of the dist folder (so its
// scope is the whole site, wherever the folder is mounted) and fills in BUILD below: the
// release's version and every file of the release with the first hex digits of its SHA-256.
// The dev server (`make serve`) never registers it: static/boot.js registers ./sw.js only on
// pages that carry <meta name="mortar-build"> (added by tools/dist.py).
//
// One cache per release, "mortar-hunt-<version>" (the name of old: the box grew out of Mortar
// Hunt, and its caches carry over), holding that release's files:
// * install: every file of the box is taken from an older release's cache when its hash is
//   unchanged, else fetched and checked against its hash (a file from another release fails
//   the install, and the old release stays in charge); nothing is served from a half-filled
//   cache. A game's own files (BUILD.lazy: its archive and assets) are cached when it is played,
//   and at install only for the games an older release had cached: what was played;
// * activate: the caches of other releases are deleted;
// * fetch: the release's files come from its cache (the query string is ignored, so
//   index.html?compact=1 is the cached index.html); anything else goes to the network.
// A waiting new release takes over when no page of the old one is open, or when the only
// open page asks it to ("skip-waiting", sent by boot.js until the player first touches or types).
"use strict";

const BUILD = {"version": "dev", "files": {}, "lazy": []}; // replaced by tools/dist.py

const PREFIX = "mortar-hunt-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location.href).href;
const SCOPE_PATH = new URL(SCOPE).pathname;
const INDEX = "index.html";
const PARALLEL = 4;

// What the browser needs for each file (a static host that sends application/octet-stream
// for .wasm or .mjs breaks WebAssembly streaming and module scripts; cached copies are right).
const TYPES = {
  html: "text/html; charset=utf-8", css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8", mjs: "text/javascript; charset=utf-8",
  json: "application/json", webmanifest: "application/manifest+json",
  wasm: "application/wasm", zip: "application/zip", svg: "image/svg+xml", png: "image/png",
  py: "text/plain; charset=utf-8", toml: "text/plain; charset=utf-8", txt: "text/plain; charset=utf-8",
};

function keyFor(path) {
  return new URL(path + "?rev=" + BUILD.files[path], SCOPE).href;
}

function typeFor(path, served) {
  const ext = path.includes(".") ? path.slice(path.lastIndexOf(".") + 1).toLowerCase() : "";
  return TYPES[ext] || served || "application/octet-stream";
}

async function sha256hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The file as this release has it, or an error (never a file of another release).
async function fetchVerified(path) {
  const url = new URL(path, SCOPE).href;
  let last = "";
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin", redirect: "follow" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const hash = await sha256hex(body);
    if (hash.startsWith(BUILD.files[path])) {
      return new Response(body, {
        status: 200,
        headers: { "Content-Type": typeFor(path, response.headers.get("Content-Type")) },
      });
    }
    last = hash;
  }
  throw new Error(`${path} is not the file of release ${BUILD.version} (sha256 ${last.slice(0, 16)}…)`);
}

const LAZY = new Set(BUILD.lazy || []);

// What a lazy file belongs to: its game ("py/games/four-circles.zip", "mortar/games/four_circles/…"),
// its language ("lang:cs" for py/lang/cs.mo and .json), or both (a game's rules page in a
// language, "mortar/games/four_circles/static/rules.cs.html", or its first screen,
// "py/start/four-circles.cs.html": kept once both are used; in English, the game's alone); a
// game's icon is the picker's, the box's (cached at install whatever was played).
function ownersOf(path) {
  if (/^mortar\/games\/[^/]+\/static\/icon\.svg$/.test(path)) return [];
  const lang = /^py\/lang\/([^/.]+)\.(mo|json)$/.exec(path);
  if (lang) return ["lang:" + lang[1]];
  const start = /^py\/start\/([^/.]+)\.([^/.]+)\.html$/.exec(path);
  if (start) return start[2] === "en" ? [start[1]] : [start[1], "lang:" + start[2]];
  const m = /^py\/games\/([^/]+)\.zip$/.exec(path) || /^mortar\/games\/([^/]+)\//.exec(path);
  if (!m) return [];
  const game = m[1].replace(/_/g, "-");
  const rules = /\/static\/rules\.([^/]+)\.html$/.exec(path);
  return rules ? [game, "lang:" + rules[1]] : [game];
}

async function playedBefore(sources) {
  const games = new Set();
  for (const source of sources) {
    for (const request of await source.keys()) {
      const path = decodeURIComponent(new URL(request.url).pathname.slice(SCOPE_PATH.length));
      for (const owner of ownersOf(path)) games.add(owner);
    }
  }
  return games;
}

// The games open in a window now (the first visit: the page played its game before this worker
// was there to cache it).
async function playingNow() {
  const games = new Set();
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    const game = new URL(client.url).searchParams.get("game");
    if (game) games.add(game);
  }
  return games;
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Our own cache first (an interrupted install), then older releases' caches.
  const others = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  const sources = [cache, ...(await Promise.all(others.map((n) => caches.open(n))))];
  const played = await playedBefore(sources);
  for (const game of await playingNow()) played.add(game);
  // Before the box, Mortar Hunt's modules were in mortar.zip: a cache that has it played it.
  for (const source of sources) {
    for (const request of await source.keys()) {
      if (new URL(request.url).pathname.endsWith("/mortar.zip")) played.add("mortar-hunt");
    }
  }
  const kept = (p) => ownersOf(p).length > 0 && ownersOf(p).every((o) => played.has(o));
  const queue = Object.keys(BUILD.files).filter((p) => !LAZY.has(p) || kept(p));
  let reused = 0;
  async function worker() {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const key = keyFor(path);
      let response = null;
      for (const source of sources) {
        response = await source.match(key);
        if (response) break;
      }
      if (response) reused += 1;
      else response = await fetchVerified(path);
      await cache.put(key, response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return reused;
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
    );
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.source !== "mortar-hunt" || data.type !== "skip-waiting") return;
  // Only when the asking page is the release's only window: another open page of the old
  // release must not start getting files of the new one.
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    if (windows.length <= 1) return self.skipWaiting();
    return undefined;
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return;
  let path;
  try {
    path = decodeURIComponent(url.pathname.slice(SCOPE_PATH.length));
  } catch (e) {
    return;
  }
  if (path === "" && request.mode === "navigate") path = INDEX;
  if (!Object.prototype.hasOwnProperty.call(BUILD.files, path)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(keyFor(path));
    if (cached) return cached;
    if (LAZY.has(path)) {  // a game's file, the first time it is played: kept for offline play
      try {
        const response = await fetchVerified(path);
        await cache.put(keyFor(path), response.clone());
        return response;
      } catch (e) { /* another release's file: let the network answer as it may */ }
    }
    return fetch(request);
  })());
});
