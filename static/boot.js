// --- The language (issue 24) ---------------------------------------------------------------
// Chosen before anything loads: ?lang= (embeds; never remembered), else the one chosen on this
// device (localStorage "box/lang"), else the browser's preferred languages, else English. Sets
// <html lang>, starts fetching the language's catalogue for Python (py/lang/<lang>.mo, taken by
// mortar/web/language.py) and the page's own words (py/lang/<lang>.json: what this file,
// shell.js and index.html's data-t elements draw before Python starts). English loads neither.
// Switching (the menu's language list) remembers the choice and reloads: every confirmed action
// is saved, and the page's words, Python's constants among them, are all drawn afresh.
(function () {
  "use strict";

  var root = document.documentElement;
  var here = (document.currentScript && document.currentScript.src) || document.baseURI;
  // code -> its own name (tools/i18n.py LANGUAGES: a test keeps the two lists equal)
  var NAMES = { en: "English", de: "Deutsch", cs: "Čeština", sk: "Slovenčina",
                "sr-Latn": "Srpski", sr: "Српски" };
  var SHORT = { en: "EN", de: "DE", cs: "CS", sk: "SK", "sr-Latn": "SR", sr: "СР" };
  // the languages whose rules pages are written (each game's static/rules.<lang>.html; the others
  // show rules.html, English): tools/i18n.py rules_languages(), a test keeps the two equal
  var RULES = ["de", "cs", "sk", "sr-Latn", "sr"];
  var KEY = "box/lang";
  var words = null;
  var waiting = [];

  // "sr-Latn", "sr-Latn-RS" -> Serbian Latin; "sr", "sr-RS", "sr-Cyrl" -> Serbian Cyrillic.
  function match(tag) {
    var parts = String(tag || "").toLowerCase().split(/[-_]/);
    if (parts[0] === "sr") return parts.indexOf("latn") >= 0 ? "sr-Latn" : "sr";
    for (var code in NAMES) if (code.toLowerCase() === parts[0]) return code;
    return null;
  }
  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }  // blocked
  }
  var asked = null;
  try { asked = new URLSearchParams(location.search).get("lang"); } catch (e) { asked = null; }
  var fromUrl = asked && NAMES[asked] ? asked : null;
  var lang = fromUrl || (NAMES[stored()] ? stored() : null);
  if (!lang) {
    var prefs = [];
    try { prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]; } catch (e) { prefs = []; }
    for (var i = 0; i < prefs.length && !lang; i++) lang = match(prefs[i]);
  }
  lang = lang || "en";
  root.setAttribute("lang", lang);

  function t(text) { return (words && words[text]) || text; }
  function whenWords(then) { if (waiting) waiting.push(then); else then(); }
  function loaded(table) {
    words = table || {};
    var todo = waiting;
    waiting = null;
    todo.forEach(function (f) { f(); });
  }
  window.boxLanguage = lang;
  window.boxRulesPage = RULES.indexOf(lang) >= 0 ? "rules." + lang + ".html" : "rules.html";
  window.boxLanguages = Object.keys(NAMES);
  window.boxT = t;
  window.boxWhenWords = whenWords;
  window.boxLangFromUrl = fromUrl;
  if (lang === "en") {
    loaded({});
  } else {
    var base = new URL("../py/lang/" + lang, here).href;
    try {
      if (new URLSearchParams(location.search).get("game") || window.self !== window.top) {
        window.boxCatalogue = fetch(base + ".mo");  // only a game's page starts Python
      }
    } catch (e) { window.boxCatalogue = null; }
    fetch(base + ".json").then(function (r) { return r.ok ? r.json() : {}; })
      .then(loaded, function () { loaded({}); });
  }

  function choose(code) {
    try { window.localStorage.setItem(KEY, code); } catch (e) { /* not remembered here */ }
    var address = new URL(location.href);
    if (address.searchParams.has("lang")) {
      address.searchParams.set("lang", code);
      history.replaceState(history.state, "", address.href);
    }
    location.reload();
  }

  // index.html's words: the text of a data-t element without child elements, and its labels
  function translatePage() {
    document.title = t(document.title);
    document.querySelectorAll("[data-t]").forEach(function (el) {
      ["aria-label", "alt", "title", "data-title"].forEach(function (name) {
        if (el.hasAttribute(name)) el.setAttribute(name, t(el.getAttribute(name)));
      });
      if (!el.children.length) {
        var text = el.textContent.replace(/\s+/g, " ").trim();
        if (text) el.textContent = t(text);
      }
    });
    document.querySelectorAll("select[data-lang-select]").forEach(function (select) {
      Object.keys(NAMES).forEach(function (code) {
        var option = document.createElement("option");
        option.value = code;
        option.lang = code;
        option.textContent = NAMES[code];
        option.selected = code === lang;
        select.appendChild(option);
      });
      // A keyboard user walks the closed list with the arrow keys (each one a change): the
      // language is switched by Enter or on leaving the list, a pointer's pick at once.
      var keyed = false;
      select.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { keyed = false; choose(select.value); }
        else if (event.key.indexOf("Arrow") === 0 || event.key === "Home" || event.key === "End") keyed = true;
      });
      select.addEventListener("change", function () { if (!keyed) choose(select.value); });
      select.addEventListener("blur", function () {
        if (keyed && select.value !== lang) choose(select.value);
        keyed = false;
      });
      // a phone shows the language's short name over the closed list (box.css .lang-pick)
      var code = select.parentNode.querySelector(".lang-code");
      if (code) code.textContent = SHORT[lang] || lang;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { whenWords(translatePage); });
})();

// The box's shell: which game this address plays (or the picker), loading progress and a
// readable error panel while Python starts.
// Classic blocking script at the top of <head>: it must listen before the preloads and
// PyScript's core.js start, and it runs before the body exists (errors are queued until then).
(function () {
  "use strict";

  var root = document.documentElement;
  var $ = function (id) { return document.getElementById(id); };
  // The progress steps PyScript 0.7 / polyscript report via `py:progress` on the main thread.
  var STEPS = [
    "Loading Pyodide", "Loading Storage", "Loaded Storage", "Loading interpreter",
    "Loaded interpreter", "Loading files", "Loaded files", "Loaded Pyodide",
  ];
  var t = window.boxT;
  function N_(text) { return text; }  // marked for the catalogues, translated when drawn
  var LABELS = {
    "Loading Pyodide": N_("Starting Python…"),
    "Loading interpreter": N_("Downloading Python (about 4 MB the first time)…"),
    "Loaded interpreter": N_("Python started"),
    "Loading files": N_("Loading the game…"),
    "Loaded Pyodide": N_("Starting the game…"),
  };
  var seen = 0;
  var failed = false;

  function isReady() { return root.hasAttribute("data-ready"); }

  function setProgress(fraction, text) {
    var bar = $("boot-progress");
    var status = $("boot-status");
    if (bar) {
      bar.value = Math.max(bar.value, Math.round(fraction * 100));
      bar.textContent = bar.value + "%";
    }
    if (status && text && !failed) status.textContent = t(text);
  }

  // A page brought back by the back/forward cache is a stale copy: it may show a board the
  // player holding the device must not see, and its game may be behind the saved one. Leave no
  // board in the page when it is hidden, and start afresh (from the save) if it comes back.
  addEventListener("pagehide", function () {
    var app = document.getElementById("app");
    if (app && isReady()) app.replaceChildren();
  });
  addEventListener("pageshow", function (event) {
    if (event.persisted) location.reload();
  });

  addEventListener("py:progress", function (event) {
    var detail = String(event.detail || "");
    var i = STEPS.indexOf(detail);
    seen = Math.max(seen + 1, i + 1);
    setProgress(Math.min(seen / (STEPS.length + 1), 0.95), LABELS[detail]);
  });

  var pending = [];

  function showError(message) {
    if (!document.getElementById("boot-error")) {  // body not parsed yet
      if (!pending.length) {
        document.addEventListener("DOMContentLoaded", function () {
          pending.splice(0).forEach(showError);
        });
      }
      pending.push(message);
      return;
    }
    failed = true;
    root.setAttribute("data-boot-error", "1");
    var panel = $("boot-error");
    var text = $("boot-error-text");
    if (text && message) {
      text.textContent += (text.textContent ? "\n\n" : "") + String(message).trim();
    }
    if (panel) {
      var heading = panel.querySelector("h2");
      if (heading && isReady()) heading.textContent = t("Something went wrong");
      panel.hidden = false;
    }
    var status = $("boot-status");
    if (status && !isReady()) status.textContent = t("The game failed to load.");
  }
  window.mortarShowError = showError;
  window.boxShowError = showError;

  // Script or stylesheet that failed to load (resource errors do not bubble: capture them).
  addEventListener("error", function (event) {
    var el = event.target;
    if (el && el !== window && (el.src || el.href)) {
      showError("Could not load " + (el.src || el.href));
      return;
    }
    var msg = event.message || (event.error && event.error.message) || "";
    // After the UI is up, only Python errors are shown (others are left to the console).
    if (!isReady() || /PythonError/.test(msg)) showError(msg || "Unknown error");
  }, true);

  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    var msg = (reason && (reason.message || reason.toString())) || "Unknown error";
    if (!isReady() || /PythonError/.test(msg)) showError(msg);
  });

  // HTTP errors on the runtime files (Pyodide waits forever when its wasm answers 404).
  var RUNTIME = /\/static\/vendor\/|\/py\/.*\.zip$|\/main\.py$|\/pyscript\.toml$/;
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) {
          var status = e.responseStatus || 0;
          if (status >= 400 && RUNTIME.test(e.name.split("?")[0]) && !isReady()) {
            showError("Could not load " + e.name + " (HTTP " + status + ")");
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* old browser: the 3-minute watchdog below still reports */ }
  }

  // PyScript's error plugin appends <div class="py-error"> banners (bad config, Python
  // tracebacks sent to stderr). Move them into the panel so the page stays readable.
  // Plain stderr output (warnings) also arrives here: it stays in the console only.
  function adopt(node) {
    if (node.nodeType === 1 && node.classList.contains("py-error")) {
      var text = node.textContent || "";
      node.remove();
      if (/Traceback|Error|^\s*\(PY\d+\)/.test(text)) showError(text);
    }
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) { r.addedNodes.forEach(adopt); });
  }).observe(document, { childList: true, subtree: true });

  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "boot-reload") location.reload();
  });

  // Slow network or a stuck start (Pyodide does not always reject when its wasm fails):
  // say so instead of showing a frozen bar forever.
  setTimeout(function () {
    if (!isReady() && !failed) {
      setProgress(0, N_("Still loading… this can take a while on a slow connection."));
    }
  }, 45000);
  setTimeout(function () {
    if (!isReady()) showError(t("Python has not started after 3 minutes."));
  }, 180000);
})();

// --- Which game: the picker, or the game the address names -------------------------------
// ./?game=mortar-hunt plays Mortar Hunt; ./ alone is the box's picker (plain HTML, usable before
// Python starts). Before the box, ./ was Mortar Hunt: a page framed by another site or carrying
// its embed parameters (compact, theme) with no game named still opens Mortar Hunt, so old embeds
// keep working. Python (PyScript on Pyodide) is started only for a game, and its big downloads
// are preloaded at once. The games known here are the picker's cards (index.html).
(function () {
  "use strict";

  var root = document.documentElement;
  var here = (document.currentScript && document.currentScript.src) || document.baseURI;
  var LEGACY = "mortar-hunt";
  var query = null;
  try { query = new URLSearchParams(location.search); } catch (e) { query = null; }
  var named = query && query.get("game");
  var framed;
  try { framed = window.self !== window.top; } catch (e) { framed = true; }
  var legacy = !named && (framed || (query && (query.has("compact") || query.has("theme"))));
  var game = named || (legacy ? LEGACY : null);

  function url(path) { return new URL(path, here).href; }  // relative to static/
  var t = window.boxT;

  function add(tag, attrs, parent) {
    var el = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    (parent || document.head).appendChild(el);
    return el;
  }

  window.boxGame = game;
  if (!game) {
    root.setAttribute("data-picker", "1");
    document.addEventListener("DOMContentLoaded", showPicker);
    return;
  }
  root.setAttribute("data-game", game);
  // Its first screen in the page's language, drawn by the build (tools/prerender.py): shown by
  // static/shell.js as soon as it is here, long before Python is (null if it cannot be had).
  // Asked for first: a host that serves one request at a time per connection (HTTP/1.1, six of
  // them) would otherwise send it after the runtime's big files.
  window.boxFirstScreenText = fetch(url("../py/start/" + game + "." + window.boxLanguage + ".html"))
    .then(function (r) { return r.ok ? r.text() : null; })
    .catch(function () { return null; });
  // The big downloads start now, not after PyScript has read its config.
  add("link", { rel: "modulepreload", href: url("vendor/pyodide/pyodide.mjs") });
  add("link", { rel: "modulepreload", href: url("vendor/pyodide/pyodide.asm.mjs") });
  ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].forEach(function (f) {
    add("link", { rel: "preload", href: url("vendor/pyodide/" + f), as: "fetch", crossorigin: "" });
  });
  add("link", { rel: "preload", href: url("../py/core.zip"), as: "fetch", crossorigin: "" });
  // the game's own archive, fetched beside the runtime; mortar/web/main.py takes the response
  try { window.boxArchive = fetch(url("../py/games/" + game + ".zip")); } catch (e) { window.boxArchive = null; }
  add("link", { rel: "stylesheet", href: url("vendor/pyscript/core.css") });

  document.addEventListener("DOMContentLoaded", function () {
    var card = document.querySelector('.game-card[data-game="' + CSS.escape(game) + '"]');
    if (!card) {
      window.boxShowError(t("There is no game called {name} in this box.")
        .replace("{name}", JSON.stringify(game)));
      return;
    }
    var pkg = card.getAttribute("data-package");
    var assets = url("../mortar/games/" + pkg + "/static/");
    window.boxWhenWords(function () {  // the card's title, translated by then
      var title = card.getAttribute("data-title");
      document.title = title;
      document.getElementById("box-title").textContent = title;
    });
    add("link", { rel: "stylesheet", href: assets + "game.css" });
    var icon = document.querySelector('link[rel="icon"]');
    if (icon) icon.setAttribute("href", assets + "icon.svg");
    document.querySelectorAll("[data-rules]").forEach(function (a) { a.setAttribute("href", assets + window.boxRulesPage); });
    document.querySelectorAll(".game-only").forEach(function (el) { el.hidden = false; });
    // the progress, unless the game's first screen is up already (it shows it when Start is pressed)
    document.getElementById("boot").hidden = root.hasAttribute("data-first-screen");
    add("script", { type: "module", src: url("vendor/pyscript/core.js") }, document.body);
    add("script", { type: "py", src: "./main.py", config: "./pyscript.toml", async: "" }, document.body);
  });

  function showPicker() { window.boxWhenWords(pickerReady); }

  // A saved game, read as the table writes it: not the mark of a save that could not be
  // written ({"unsaved": true}), and not text that is no save at all.
  function isSave(text) {
    if (text === null) return false;
    try {
      var data = JSON.parse(text);
      return data !== null && typeof data === "object" && data.unsaved !== true && "app" in data;
    } catch (e) { return false; }
  }

  function pickerReady() {
    var picker = document.getElementById("picker");
    if (picker) picker.hidden = false;
    // "continue" where a game is saved on this device (not a save that could not be written)
    document.querySelectorAll(".game-card").forEach(function (card) {
      var saved = null;
      try { saved = window.localStorage.getItem(card.getAttribute("data-game") + "/save"); } catch (e) { saved = null; }
      var mark = card.querySelector(".game-continue");
      if (mark) mark.hidden = !isSave(saved);
      // a picker embedded in a language opens its games in that language
      if (window.boxLangFromUrl) card.setAttribute("href", card.getAttribute("href") + "&lang=" + window.boxLangFromUrl);
    });
    listRemote();
    root.setAttribute("data-picker-ready", "1");
  }

  // The games by links saved on this device ("<game>/remote/<id>", mortar/table/remote.py: each
  // save's "list"), this device's turn first, then the latest: each opens its game's page on it.
  function listRemote() {
    var section = document.getElementById("remote-games");
    if (!section) return;
    var games = [];
    var storage = null;
    try { storage = window.localStorage; } catch (e) { storage = null; }
    for (var i = 0; storage && i < storage.length; i++) {
      var key = storage.key(i);
      var m = /^([a-z][a-z0-9-]*)\/remote\/([A-Za-z0-9_-]+)$/.exec(key || "");
      var card = m && document.querySelector('.game-card[data-game="' + CSS.escape(m[1]) + '"]');
      if (!card) continue;
      try {
        var entry = JSON.parse(storage.getItem(key)).list;
        games.push({ game: m[1], id: m[2], title: card.getAttribute("data-title"), entry: entry });
      } catch (e) { /* a damaged save is not listed */ }
    }
    if (!games.length) return;
    games.sort(function (a, b) {
      var ya = a.entry.status === "your turn", yb = b.entry.status === "your turn";
      return ya !== yb ? (ya ? -1 : 1) : (b.entry.when || 0) - (a.entry.when || 0);
    });
    var words = null;
    try { words = new Intl.RelativeTimeFormat(document.documentElement.lang || "en", { numeric: "auto" }); } catch (e) { words = null; }
    var list = section.querySelector("ul");
    games.forEach(function (g) {
      var e = g.entry;
      var other = e.opponent || t("the other player");
      var state = e.over ? t("finished") : e.status === "your turn" ? t("your turn") :
        t("waiting for {name}").replace("{name}", other);
      var turn = e.turn === null || e.turn === undefined ? t("setting up") : t("turn {n}").replace("{n}", e.turn);
      var a = document.createElement("a");
      a.className = "remote-card" + (e.status === "your turn" ? " yours" : "");
      a.href = "./?game=" + g.game + (window.boxLangFromUrl ? "&lang=" + window.boxLangFromUrl : "") + "#open=" + g.id;
      var name = document.createElement("span");
      name.className = "remote-name";
      name.textContent = t("{title} against {name}").replace("{title}", t(g.title)).replace("{name}", other);
      var line = document.createElement("span");
      line.className = "remote-state";
      var ago = "";
      if (words && e.when) {
        var s = (e.when * 1000 - Date.now()) / 1000, units = [["day", 86400], ["hour", 3600], ["minute", 60]];
        ago = words.format(0, "minute");
        for (var u = 0; u < units.length; u++) {
          if (Math.abs(s) >= units[u][1]) { ago = words.format(Math.round(s / units[u][1]), units[u][0]); break; }
        }
      }
      line.textContent = [state, turn, ago].filter(Boolean).join(" · ");
      a.appendChild(name);
      a.appendChild(line);
      var li = document.createElement("li");
      li.appendChild(a);
      list.appendChild(li);
    });
    section.hidden = false;
  }
})();


// --- PyScript without IndexedDB (issue 9, embedding on another site) -----------------------
// PyScript 0.7's Pyodide loader (polyscript) always opens an IndexedDB database,
// "IDBMap/<pyodide url>@<version>", to cache the lock file of `packages`, even with
// packages_cache = "never" and no packages at all (this game has none). Where storage is
// blocked (a frame on another site, storage disabled by the player, a sandboxed frame) the open
// fails, polyscript's onerror re-dispatches the event it is handling ("InvalidStateError:
// dispatchEvent ... already being dispatched") and Python never starts. There is no setting to
// skip that cache, so its databases ("IDBMap/" names) are kept in memory here, before core.js
// runs: nothing is lost (the cache would stay empty) and the game never touches IndexedDB.
// Any other database name still goes to the browser's IndexedDB.
(function () {
  "use strict";

  var PREFIX = "IDBMap/";
  var real = null;
  try { real = window.indexedDB || null; } catch (e) { real = null; }  // may throw when blocked
  var bases = {};  // name -> Map of entries

  function later(fn) { Promise.resolve().then(fn); }

  // An IDBRequest-like object: callers assign onsuccess/onerror, then the result arrives.
  function request(compute) {
    var req = { result: undefined, error: null, readyState: "pending", onsuccess: null, onerror: null };
    later(function () {
      req.result = compute();
      req.readyState = "done";
      if (typeof req.onsuccess === "function") req.onsuccess.call(req, { type: "success", target: req });
    });
    return req;
  }

  function store(entries) {
    return {
      count: function () { return request(function () { return entries.size; }); },
      clear: function () { return request(function () { entries.clear(); }); },
      delete: function (key) { return request(function () { entries.delete(String(key)); }); },
      get: function (key) { return request(function () { return entries.get(String(key)); }); },
      getKey: function (key) {
        return request(function () { return entries.has(String(key)) ? key : undefined; });
      },
      getAllKeys: function () { return request(function () { return Array.from(entries.keys()); }); },
      put: function (value, key) { return request(function () { entries.set(String(key), value); return key; }); },
    };
  }

  function database(name) {
    var entries = bases[name] || (bases[name] = new Map());
    return {
      name: name,
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: function () { return store(entries); },
      transaction: function () { return { objectStore: function () { return store(entries); } }; },
      close: function () {},
    };
  }

  var factory = {
    open: function (name) {
      if (String(name).indexOf(PREFIX) === 0) return request(function () { return database(String(name)); });
      if (!real) throw new DOMException("IndexedDB is not available here", "InvalidStateError");
      return real.open.apply(real, arguments);
    },
    deleteDatabase: function (name) {
      if (String(name).indexOf(PREFIX) === 0) {
        return request(function () { delete bases[String(name)]; });
      }
      if (!real) throw new DOMException("IndexedDB is not available here", "InvalidStateError");
      return real.deleteDatabase.apply(real, arguments);
    },
    cmp: function (a, b) { return real ? real.cmp(a, b) : (a < b ? -1 : a > b ? 1 : 0); },
    databases: function () { return real && real.databases ? real.databases() : Promise.resolve([]); },
  };
  try {
    Object.defineProperty(window, "indexedDB", { value: factory, configurable: true, writable: true });
  } catch (e) {
    console.warn("Mortar Hunt: could not keep PyScript's package cache in memory: " + e);
  }
})();

// --- Embedding, URL parameters, offline (issue 4) ------------------------------------------
// Runs before anything else too. URL parameters for embedders are read here, before Python,
// and applied to <html>: an unknown or bad one is ignored with a console warning.
//   compact=1           hides the outer chrome (the title bar and anything marked .chrome)
//   theme=light|dark|auto   forces the colour scheme (auto: follow the device; the default)
// Messages from other origins are dropped before any other listener sees them. When framed,
// the parent gets {"source": "mortar-hunt", "version": 1, "type": "ready"} once the game
// accepts input (game events come from mortar/ui/embed.py, same shape). The service worker
// (offline play) is registered only in a `make dist` build, once the game is ready.
(function () {
  "use strict";

  var root = document.documentElement;
  var script = document.currentScript;
  var here = (script && script.src) || document.baseURI;  // .../static/boot.js
  var SOURCE = "mortar-hunt";
  var PROTOCOL = 1;
  function warn(text) { console.warn("Mortar Hunt: " + text); }
  function isReady() { return root.hasAttribute("data-ready"); }

  // Other origins may post anything to a framed page: no listener of ours or PyScript's
  // gets it (capture listener registered first on window runs first).
  addEventListener("message", function (event) {
    if (event.origin !== location.origin) event.stopImmediatePropagation();
  }, true);

  var framed;
  try { framed = window.self !== window.top; } catch (e) { framed = true; }
  if (framed) root.setAttribute("data-embedded", "1");

  // --- URL parameters --------------------------------------------------------------------

  var linked = false;
  function linkEmbedCss() {  // styles for the parameters; a file, since CSP forbids inline styles
    if (linked) return;
    linked = true;
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("embed.css", here).href;
    document.head.appendChild(link);
  }

  var PARAMS = {
    compact: {
      values: ["0", "1"],
      apply: function (v) {
        if (v === "1") { root.setAttribute("data-compact", "1"); linkEmbedCss(); }
      },
    },
    theme: { values: ["auto", "light", "dark"], apply: forceTheme },
    game: { values: null, apply: function () { /* read by the game section above */ } },
    lang: { values: window.boxLanguages, apply: function () { /* read by the language section */ } },
    // play by links in a frame: remote=1 offers it (links then point at this page); links=URL
    // names the embedding page they point at instead (it passes a link's #fragment on to the frame)
    remote: { values: ["0", "1"], apply: function (v) { root.setAttribute("data-remote", v); } },
    links: {
      values: null,
      apply: function (v) {
        var address = new URL(v);
        if (!/^https?:$/.test(address.protocol) || address.hash) throw new Error("not an http(s) address without a fragment");
        root.setAttribute("data-links", address.href);
        root.setAttribute("data-remote", "1");
      },
    },
  };

  var query = null;
  try { query = new URLSearchParams(location.search); } catch (e) { /* no parameters */ }
  var given = {};
  if (query) query.forEach(function (value, name) {
    if (!Object.prototype.hasOwnProperty.call(PARAMS, name)) {
      warn("unknown URL parameter " + JSON.stringify(name) + " ignored (known: " +
           Object.keys(PARAMS).join(", ") + ")");
      return;
    }
    if (given[name]) { warn("URL parameter " + name + " given twice: the first one counts"); return; }
    given[name] = true;
    var spec = PARAMS[name];
    if (spec.values && spec.values.indexOf(value) < 0) {
      warn(name + "=" + JSON.stringify(value) + " ignored (expected one of " +
           spec.values.join(", ") + ")");
      return;
    }
    try { spec.apply(value); } catch (e) { warn("could not apply " + name + ": " + e); }
  });

  // theme=light|dark: the stylesheets keep their dark palette in @media (prefers-color-scheme:
  // dark) blocks; those blocks are switched on or off for good in every same-origin sheet
  // (also sheets added later), so no palette is duplicated here.
  function forceTheme(theme) {
    if (theme === "auto") return;
    root.setAttribute("data-theme", theme);
    var meta = document.querySelector('meta[name="color-scheme"]');
    if (meta) meta.setAttribute("content", theme);
    var SCHEME = /\(\s*prefers-color-scheme\s*:\s*(dark|light)\s*\)/i;
    var done = typeof WeakSet === "function" ? new WeakSet() : null;

    function rewrite(list, owner) {
      for (var i = list.length - 1; i >= 0; i--) {
        var rule = list[i];
        if (rule.media && rule.cssRules) {
          var text = rule.media.mediaText;
          var m = SCHEME.exec(text);
          if (m && /,|\bnot\b/i.test(text)) {
            warn("cannot force the theme in @media " + text);
          } else if (m && m[1].toLowerCase() === theme) {
            rule.media.mediaText = text.replace(SCHEME, "(min-width: 0px)");
          } else if (m) {
            owner.deleteRule(i);
            continue;
          }
        }
        if (rule.cssRules && rule.deleteRule) rewrite(rule.cssRules, rule);
      }
    }
    function fix(sheet) {
      if (!sheet || (done && done.has(sheet))) return;
      var rules;
      try { rules = sheet.cssRules; } catch (e) { return; }  // other origin, or not loaded yet
      if (done) done.add(sheet);
      rewrite(rules, sheet);
    }
    function watch(node) {
      if (node.nodeType !== 1) return;
      if (node.tagName === "LINK" || node.tagName === "STYLE") {
        fix(node.sheet);
        node.addEventListener("load", function () { fix(node.sheet); });
      }
    }
    new MutationObserver(function (records) {
      records.forEach(function (r) { r.addedNodes.forEach(watch); });
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () {
      Array.prototype.forEach.call(document.styleSheets, fix);
    });
  }

  // --- Content-Security-Policy without 'unsafe-eval' ---------------------------------------
  // PyScript 0.7 compiles its worker hooks with Function() when a script starts (even on the
  // main thread), which a policy without 'unsafe-eval' refuses, and Python never starts. The
  // game runs on the main thread only, so PyScript's one default worker hook is dropped once
  // core.js has run: module scripts run before DOMContentLoaded, and the hooks are read only
  // after the interpreter has downloaded.
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.boxGame) return;  // the picker: no Python at all
    import(new URL("vendor/pyscript/core.js", here).href).then(function (core) {
      var hook = core.hooks && core.hooks.worker && core.hooks.worker.onBeforeRunAsync;
      if (hook && typeof hook.clear === "function") hook.clear();
    }).catch(function () { /* core.js failed to load: that error is reported already */ });
  });

  // --- telling the host page --------------------------------------------------------------

  function toParent(type) {
    if (!framed) return;
    try {
      // "*": the messages carry only public facts, and the host's origin is not known.
      // the game names itself (old embeds of Mortar Hunt see "mortar-hunt", as before)
      window.parent.postMessage({ source: window.boxGame || SOURCE, version: PROTOCOL, type: type }, "*");
    } catch (e) { warn("postMessage failed: " + e); }
  }

  // --- offline: the service worker of a `make dist` build -----------------------------------

  var build = document.querySelector('meta[name="mortar-build"]');
  var sw = null;
  try { sw = build && "serviceWorker" in navigator ? navigator.serviceWorker : null; } catch (e) { sw = null; }

  // Until the player first touches or types, a reload loses nothing (every confirmed action
  // is saved, and a resumed game opens at the curtain); after that it could lose a move being
  // built, so a release that arrives later waits for the next start.
  var acted = false;
  function markActed() { acted = true; }
  window.addEventListener("pointerdown", markActed, true);
  window.addEventListener("keydown", markActed, true);

  function askToTakeOver(worker) {
    // A new release is downloaded and the player has not started playing: switch now (one
    // reload). The worker agrees only if this is its only page; just after a reload the page
    // being left can still count as open (for seconds on a busy phone), so ask again for a while.
    // Asked only once this page has loaded (the game or the picker is ready): Chromium hands
    // over only when the old worker is idle, and a worker asked while it serves the page's
    // files could wait minutes for that.
    var tries = 0;
    whenLoaded(function ask() {
      if (!worker || acted || worker.state !== "installed" || tries++ >= 100) return;
      worker.postMessage({ source: SOURCE, type: "skip-waiting" });
      setTimeout(ask, 150);
    });
  }

  function whenLoaded(then) {
    function loaded() { return isReady() || root.hasAttribute("data-picker-ready"); }
    if (loaded()) { then(); return; }
    var watch = new MutationObserver(function () {
      if (!loaded()) return;
      watch.disconnect();
      then();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-picker-ready"] });
  }

  if (sw && sw.controller) {
    var reloaded = false;
    sw.addEventListener("controllerchange", function () {
      if (reloaded || acted) return;  // the player is playing: the new release starts next time
      reloaded = true;
      location.reload();
    });
    sw.getRegistration().then(function (reg) {
      if (!reg) return;
      askToTakeOver(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        if (worker) worker.addEventListener("statechange", function () {
          if (worker.state === "installed") askToTakeOver(worker);
        });
      });
    }).catch(function () { /* no registration yet */ });
  }

  function register() {
    if (!sw) return;
    // After the game is interactive, so that the precache download never slows the start.
    setTimeout(function () {
      sw.register(new URL("./sw.js", document.baseURI).href).catch(function (e) {
        warn("offline mode unavailable: " + e);
      });
    }, 0);
  }

  var announced = false;
  function onReady() {
    if (announced || !isReady()) return;
    announced = true;
    toParent("ready");
    register();
  }
  new MutationObserver(onReady).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  // the picker is ready without Python: the box works offline too once it has been opened
  new MutationObserver(function () {
    if (root.hasAttribute("data-picker-ready")) register();
  }).observe(root, { attributes: true, attributeFilter: ["data-picker-ready"] });
})();
