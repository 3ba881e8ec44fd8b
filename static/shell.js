// The box's page chrome, deferred (runs before Python starts, needs none of it):
//   1. a game's rules in a dialog over the game;
//   2. feedback: the sound switch (remembered), synthesised sounds, vibration and the shell's
//      flight, driven by mortar/web/feedback.py through window.mortarFeedback;
//   3. a game's first screen before Python: the start screen the build drew, usable at once.

// --- 1. The rules in a dialog over the game (issue 9, "Never lose a game") -----------------
// Every link to the game's rules page (the title bar's "Rules", the start screen's "How to play",
// the compact bar's "Rules") opens the rules here instead of leaving the page: the game under
// the dialog, with the move being built, stays exactly as it was, and closing the dialog (Close,
// Esc, a tap beside it) returns to it with focus where it was. The text is the rules page
// itself (same origin, fetched once, parsed without running anything); without JavaScript, or
// opened in a new tab, the link still goes to that page. window.mortarRules.open() opens it
// from code (a shortcut key).
(function () {
  "use strict";

  var t = window.boxT || String;  // the page's language (static/boot.js)

  // A link to a game's rules page carries data-rules (the title bar's "Rules", the start
  // screen's "How to play", the compact bar's); boot.js points them at the game's own page.
  var loading = null;
  var shown = null;  // the URL whose rules are parsed below

  function rulesUrl() {
    var a = document.querySelector("a[data-rules]");
    return a ? a.href : null;
  }

  function isRulesLink(a) { return !!(a && a.hasAttribute("data-rules")); }

  // The rules are parsed once and kept out of the page while the dialog is closed: the page
  // under the curtain then holds no word of any piece (the e2e curtain check reads it all).
  var nodes = null;

  function load(body) {
    var page = rulesUrl();
    if (nodes && shown === page) { body.replaceChildren.apply(body, nodes); return Promise.resolve(); }
    if (loading) return loading;
    loading = fetch(page).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html");  // inert: no scripts run
      var main = doc.querySelector("main.rules");
      if (!main) throw new Error("no rules in " + page);
      nodes = Array.prototype.map.call(main.childNodes, function (n) {
        return document.importNode(n, true);
      });
      shown = page;
      loading = null;
      var dialog = document.getElementById("rules-dialog");
      if (dialog && dialog.open) body.replaceChildren.apply(body, nodes);
    }).catch(function (e) {
      loading = null;  // try again next time
      var p = document.createElement("p");
      p.textContent = t("The rules could not be loaded ({reason}).").replace("{reason}", e.message) + " ";
      var a = document.createElement("a");
      a.href = page;
      a.target = "_blank";
      a.textContent = t("Open them in a new tab");
      p.appendChild(a);
      body.replaceChildren(p);
    });
    return loading;
  }

  function emptied() {
    var body = document.getElementById("rules-dialog-body");
    if (!body) return;
    var p = document.createElement("p");
    p.textContent = t("Loading the rules…");
    body.replaceChildren(p);
  }

  function open() {
    var dialog = document.getElementById("rules-dialog");
    var body = document.getElementById("rules-dialog-body");
    if (!dialog || !body || typeof dialog.showModal !== "function") return false;
    if (!dialog.open) dialog.showModal();
    load(body);
    return true;
  }

  function close() {
    var dialog = document.getElementById("rules-dialog");
    if (dialog && dialog.open) dialog.close();
  }

  // closed by any means (Close, Esc, the backdrop): the rules leave the page
  document.addEventListener("close", function (event) {
    if (event.target && event.target.id === "rules-dialog") emptied();
  }, true);

  document.addEventListener("click", function (event) {
    var el = event.target;
    if (!(el instanceof Element)) return;
    if (el.closest("[data-rules-close]")) { close(); return; }
    var dialog = document.getElementById("rules-dialog");
    if (el === dialog) { close(); return; }  // a tap on the backdrop, beside the sheet
    var a = el.closest("a[href]");
    if (!a || !isRulesLink(a) || dialog && dialog.contains(a)) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (open()) event.preventDefault();
  }, true);

  window.mortarRules = { open: open, close: close };
})();

// --- 2. Feedback: sound, vibration, motion (issue 9, "Feedback") ----------------------------
// Driven from Python by mortar/web/feedback.py. Sounds are synthesised with WebAudio (no audio
// files, nothing from elsewhere); the switch in the title bar (and in the compact bar) turns
// sound and vibration off, and is remembered (localStorage, when the browser gives it).
// Motion (the shell's flight, the board's shake, the win's sparks) is left out under
// prefers-reduced-motion; colours still flash there.
// R12: nothing here depends on which piece fired, nor on its kind: one firing sound, one flight
// of fixed duration whatever the distance (the other player, looking away, may be listening).
(function () {
  "use strict";

  var t = window.boxT || String;  // the page's language (static/boot.js)

  var KEY = "mortar-hunt/sound";  // (the key of old, kept: a player's choice survives the box)
  var FLIGHT_MS = 700;  // the same for every shot (see R12 above)
  var memory = null;  // the switch when localStorage is unavailable
  var ctx = null;
  var noise = null;
  var events = [];  // what was played (tests read it): "sound:hit", "vibrate:fire", "motion:shot"

  function log(what) { events.push(what); if (events.length > 100) events.shift(); }

  function isMuted() {
    if (memory !== null) return memory;
    try { return window.localStorage.getItem(KEY) === "off"; } catch (e) { return false; }
  }

  function setMuted(muted) {
    muted = !!muted;
    try { window.localStorage.setItem(KEY, muted ? "off" : "on"); memory = null; } catch (e) { memory = muted; }
    if (muted && ctx && ctx.state === "running") ctx.suspend().catch(function () {});
    showSwitches();
  }

  function reducedMotion() {
    try { return window.matchMedia("(prefers-reduced-motion: reduce)").matches; } catch (e) { return false; }
  }

  // --- the switch -------------------------------------------------------------------------

  function showSwitches() {
    var on = !isMuted();
    document.querySelectorAll("[data-sound-switch]").forEach(function (b) {
      b.setAttribute("aria-checked", on ? "true" : "false");
      var state = b.querySelector(".sound-state");
      if (state) state.textContent = on ? t("on") : t("off");
    });
  }

  document.addEventListener("click", function (event) {
    var b = event.target instanceof Element && event.target.closest("[data-sound-switch]");
    if (!b) return;
    setMuted(!isMuted());
    if (!isMuted()) play("click");  // you hear that it is on
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showSwitches);
  else showSwitches();

  // --- sound ------------------------------------------------------------------------------

  function audio() {
    if (!ctx) {
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      try { ctx = new AC(); } catch (e) { return null; }
    }
    if (ctx.state === "suspended") ctx.resume().catch(function () {});
    return ctx;
  }

  function noiseBuffer(c) {
    if (noise) return noise;
    noise = c.createBuffer(1, c.sampleRate, c.sampleRate);
    var data = noise.getChannelData(0);
    for (var i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    return noise;
  }

  function envelope(c, at, peak, duration) {
    var g = c.createGain();
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(peak, at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, at + duration);
    g.connect(c.destination);
    return g;
  }

  function voice(source) {  // kept until it ends, so that clear() can silence it
    voices.push(source);
    source.onended = function () { voices = voices.filter(function (v) { return v !== source; }); };
  }

  function thump(c, at, from, to, peak, duration) {  // a falling sine: the body of a bang
    var o = c.createOscillator();
    o.type = "sine";
    o.frequency.setValueAtTime(from, at);
    o.frequency.exponentialRampToValueAtTime(to, at + duration);
    o.connect(envelope(c, at, peak, duration));
    o.start(at);
    o.stop(at + duration + 0.05);
    voice(o);
  }

  function burst(c, at, type, cutoff, peak, duration) {  // filtered noise: blast, crackle
    var s = c.createBufferSource();
    s.buffer = noiseBuffer(c);
    var f = c.createBiquadFilter();
    f.type = type;
    f.frequency.setValueAtTime(cutoff, at);
    s.connect(f);
    f.connect(envelope(c, at, peak, duration));
    s.start(at);
    s.stop(at + duration + 0.05);
    voice(s);
  }

  function notes(c, at, list, type, peak) {
    list.forEach(function (n) {
      var o = c.createOscillator();
      o.type = type;
      o.frequency.setValueAtTime(n[0], at + n[1]);
      o.connect(envelope(c, at + n[1], peak, n[2]));
      o.start(at + n[1]);
      o.stop(at + n[1] + n[2] + 0.05);
      voice(o);
    });
  }

  var SOUNDS = {
    click: function (c, t) { thump(c, t, 900, 500, 0.15, 0.06); },
    fire: function (c, t) { thump(c, t, 150, 45, 0.8, 0.3); burst(c, t, "lowpass", 1400, 0.35, 0.16); },
    miss: function (c, t) { burst(c, t, "lowpass", 500, 0.45, 0.4); thump(c, t, 90, 40, 0.3, 0.3); },
    hit: function (c, t) {
      thump(c, t, 75, 28, 0.95, 0.9);
      burst(c, t, "lowpass", 900, 0.8, 0.95);
      burst(c, t + 0.06, "highpass", 2200, 0.25, 0.3);
    },
    win: function (c, t) {
      notes(c, t, [[523.25, 0, 0.18], [659.25, 0.13, 0.18], [783.99, 0.26, 0.18], [1046.5, 0.39, 0.6]],
            "triangle", 0.28);
    },
    lose: function (c, t) {
      notes(c, t, [[392, 0, 0.25], [311.13, 0.22, 0.25], [261.63, 0.44, 0.8]], "triangle", 0.24);
    },
  };

  var BUZZ = { fire: [30], miss: [25], hit: [70, 50, 160], win: [80, 60, 80, 60, 220], lose: [300] };

  function play(name, delayMs) {
    if (isMuted()) return;
    log("sound:" + name);
    var c = audio();
    if (c) {
      try { SOUNDS[name](c, c.currentTime + (delayMs || 0) / 1000 + 0.01); } catch (e) { /* no sound */ }
    }
    if (BUZZ[name]) {
      var buzz = function () {
        try {
          if (navigator.vibrate && navigator.vibrate(BUZZ[name])) { buzzing = true; log("vibrate:" + name); }
        } catch (e) { /* none */ }
      };
      if (delayMs) later(buzz, delayMs); else buzz();
    }
  }

  // --- motion -----------------------------------------------------------------------------

  function layer() {  // fixed over the page, outside #app: a re-render does not cut an effect short
    var el = document.getElementById("fx-layer");
    if (!el) {
      el = document.createElement("div");
      el.id = "fx-layer";
      el.className = "fx-layer";
      el.setAttribute("aria-hidden", "true");
      document.body.appendChild(el);
    }
    return el;
  }

  function squareBox(board, square) {
    var sq = board && board.querySelector('[data-square="' + square + '"]');
    return sq ? sq.getBoundingClientRect() : null;
  }

  function place(el, box) {
    el.style.left = box.left + "px";
    el.style.top = box.top + "px";
    el.style.width = box.width + "px";
    el.style.height = box.height + "px";
  }

  // Every timer and scheduled sound of the effects on screen, so that clear() can end them:
  // they belong to one player's screen and must be gone the moment it goes.
  var timers = [];
  var voices = [];
  var buzzing = false;

  function later(fn, ms) {
    var id = setTimeout(function () {
      timers = timers.filter(function (t) { return t !== id; });
      fn();
    }, ms);
    timers.push(id);
  }

  function after(ms, el) { later(function () { el.remove(); }, ms); }

  function clear() {
    timers.forEach(clearTimeout);
    timers = [];
    voices.forEach(function (v) { try { v.stop(0); } catch (e) { /* ended already */ } });
    voices = [];
    if (buzzing) {  // (a frame never touched may not call vibrate at all: only stop what buzzed)
      buzzing = false;
      try { navigator.vibrate(0); } catch (e) { /* none */ }
    }
    var el = document.getElementById("fx-layer");
    if (el) {
      el.querySelectorAll("*").forEach(function (child) {
        if (child.getAnimations) child.getAnimations().forEach(function (a) { a.cancel(); });
      });
      el.replaceChildren();
    }
    document.querySelectorAll(".fx-shake").forEach(function (b) { b.classList.remove("fx-shake"); });
    log("clear");
  }
  addEventListener("pagehide", clear);

  // ``landing(shell)``, when given, takes over the shell at the end of its flight (the shot's
  // impact removes it); without it the shell goes by itself just after it lands.
  function shotFlight(board, from, to, landing) {
    var a = squareBox(board, from), b = squareBox(board, to);
    if (!a || !b || reducedMotion() || typeof Element.prototype.animate !== "function") return;
    log("motion:shot");
    var shell = document.createElement("span");
    shell.className = "fx-shell";
    var size = Math.max(6, a.width * 0.32);
    shell.style.width = shell.style.height = size + "px";
    shell.style.left = shell.style.top = "0px";
    layer().appendChild(shell);
    var ax = a.left + a.width / 2 - size / 2, ay = a.top + a.height / 2 - size / 2;
    var bx = b.left + b.width / 2 - size / 2, by = b.top + b.height / 2 - size / 2;
    var frames = [];
    for (var i = 0; i <= 12; i++) {
      var t = i / 12, lift = 4 * t * (1 - t);  // 0 at both ends, 1 at the top of the arc
      frames.push({
        transform: "translate(" + (ax + (bx - ax) * t) + "px," + (ay + (by - ay) * t - lift * a.height) +
                   "px) scale(" + (1 + lift * 0.9) + ")",
        opacity: i === 12 ? 0.6 : 1,
      });
    }
    shell.animate(frames, { duration: FLIGHT_MS, easing: "linear", fill: "forwards" });
    if (landing) landing(shell); else after(FLIGHT_MS + 30, shell);
  }

  function impactMark(board, square, hit) {
    var box = squareBox(board, square);
    if (!box) return;
    var el = document.createElement("span");
    el.className = "fx-impact " + (hit ? "fx-hit" : "fx-miss");
    place(el, box);
    if (hit) {
      var word = document.createElement("span");
      word.className = "fx-hit-word" + (box.top < box.height * 1.2 ? " below" : "");  // stays on screen
      word.textContent = t("Hit!");
      el.appendChild(word);
    }
    layer().appendChild(el);
    log("motion:" + (hit ? "hit" : "miss"));
    if (hit && board && !reducedMotion()) {
      board.classList.remove("fx-shake");
      void board.offsetWidth;  // restart the shake if one is running
      board.classList.add("fx-shake");
      later(function () { board.classList.remove("fx-shake"); }, 500);
    }
    after(hit ? 1600 : 800, el);
  }

  function winMoment(el) {
    if (!el) return;
    el.classList.add("fx-win");
    log("motion:win");
    if (reducedMotion() || typeof Element.prototype.animate !== "function") return;
    var box = el.getBoundingClientRect();
    var cx = box.left + box.width / 2, cy = box.top + box.height / 2;
    for (var i = 0; i < 18; i++) {
      var spark = document.createElement("span");
      spark.className = "fx-spark s" + (i % 3);
      spark.style.left = cx + "px";
      spark.style.top = cy + "px";
      layer().appendChild(spark);
      var angle = (i / 18) * 2 * Math.PI, reach = 70 + (i % 4) * 22;
      spark.animate([
        { transform: "translate(-50%, -50%) scale(1)", opacity: 1 },
        { transform: "translate(" + (Math.cos(angle) * reach - 4) + "px," + (Math.sin(angle) * reach - 4) +
                     "px) scale(0.4)", opacity: 0 },
      ], { duration: 900 + (i % 3) * 150, easing: "cubic-bezier(.2,.7,.3,1)", fill: "forwards" });
      after(1400, spark);
    }
  }

  window.mortarFeedback = {
    FLIGHT_MS: FLIGHT_MS,
    isMuted: isMuted,
    setMuted: setMuted,
    play: function (name) { if (SOUNDS[name]) play(name); },
    // the shooter's moment: the sound of firing, the flight, the impact when it lands
    shot: function (board, from, to, hit) {
      play("fire");
      if (hit !== true && hit !== false) { shotFlight(board, from, to); return; }
      var shell = null;
      shotFlight(board, from, to, function (el) { shell = el; });
      play(hit ? "hit" : "miss", FLIGHT_MS);
      // The impact and the shell's end in one timer: on a busy page two timers could fire the
      // other way round, leaving a moment with neither on the board.
      later(function () {
        impactMark(board, to, hit);
        if (shell) after(30, shell);
      }, FLIGHT_MS);
    },
    flight: shotFlight,
    impact: impactMark,  // the next player's moment after the curtain: only where it landed
    win: winMoment,
    clear: clear,
    events: events,
  };
})();

// --- 3. A game's first screen before Python (issue 32) --------------------------------------
// The start screen the build drew with the table's own renderer in the page's language
// (tools/prerender.py, mortar/table/first_screen.py; fetched by boot.js) is shown in #app as
// soon as it is here: a person reads it and chooses while Python starts. Nothing is drawn here.
// A choice that changes which controls the form has (the computer instead of two people,
// "Custom") shows the screen the build drew for it (its <template data-when>: the switches that
// hold), with the values chosen so far put into its controls; where a game is saved, the saved
// card the build drew (data-part="saved") goes first. What the person did is handed to Python
// once it is ready (window.boxFirstScreen.take(): mortar/web/main.py applies it to the table,
// which draws the screen itself); Start, Resume, or a record picked to review shows the progress
// until then.
(function () {
  "use strict";

  var pending = window.boxFirstScreenText;  // a game's page only (static/boot.js)
  var root = document.documentElement;
  var app = document.getElementById("app");
  if (!pending || !app) return;
  var EVENTS = ["change", "input", "submit", "click"];
  var screens = [];  // {when: ["opponent=computer", ...], template}
  var savedPart = null;
  var current = null;  // the screen of screens[] on show
  var shown = null;  // its element in #app
  var values = [];  // [field, value], in the order first changed
  var pressed = null;  // "new-game", "resume" or "import"
  var picked = null;  // the file input of a record picked to review
  var taken = false;
  var hasSave = false;  // read once, when the screen is first shown

  function isReady() { return root.hasAttribute("data-ready"); }

  // A game saved on this device, read by its keys as the table writes it (mortar/table/saves.py):
  // not the mark of a save that could not be written ({"unsaved": true}), nor text that is no
  // save at all (Python says why on its start screen).
  function saved() {
    var text = null;
    try { text = window.localStorage.getItem(window.boxGame + "/save"); } catch (e) { return false; }
    if (text === null) return false;
    try {
      var data = JSON.parse(text);
      return data !== null && typeof data === "object" && data.unsaved !== true && "app" in data;
    } catch (e) { return false; }
  }

  function remember(name, value) {
    for (var i = 0; i < values.length; i++) {
      if (values[i][0] === name) { values[i][1] = value; return; }
    }
    values.push([name, value]);
  }

  function controls(node, name) {
    return node.querySelectorAll('[data-action="field"][data-arg="' + CSS.escape(name) + '"]');
  }

  function valueOf(node, name) {
    var found = null;
    controls(node, name).forEach(function (el) {
      if (el.type !== "radio") found = el.value;
      else if (el.checked) found = el.value;
    });
    return found;
  }

  // the screen drawn for the switches that hold on the one shown
  function matching(node) {
    var all = {};
    screens.forEach(function (s) { s.when.forEach(function (w) { all[w] = true; }); });
    var holding = Object.keys(all).filter(function (w) {
      var at = w.indexOf("=");
      return valueOf(node, w.slice(0, at)) === w.slice(at + 1);
    });
    for (var i = 0; i < screens.length; i++) {
      var when = screens[i].when;
      if (when.length === holding.length && holding.every(function (w) { return when.indexOf(w) >= 0; })) {
        return screens[i];
      }
    }
    return current;
  }

  function show(screen, focusKey) {
    var node = document.importNode(screen.template.content, true).firstElementChild;
    var start = node.querySelector(".start");
    if (savedPart && start && hasSave) {
      start.insertBefore(document.importNode(savedPart.content, true), start.firstChild);
    }
    values.forEach(function (pair) {
      controls(node, pair[0]).forEach(function (el) {
        if (el.type === "radio") el.checked = el.value === pair[1];
        else el.value = pair[1];
      });
    });
    app.replaceChildren(node);
    current = screen;
    shown = node;
    var target = focusKey && node.querySelector('[data-key="' + CSS.escape(focusKey) + '"]');
    if (target) target.focus({ preventScroll: true });
  }

  // Start, Resume, a record picked: Python does it once it is ready; the progress until then
  function press(what) {
    pressed = what;
    shown.hidden = true;
    var boot = document.getElementById("boot");
    if (boot) boot.hidden = false;
    window.scrollTo(0, 0);
  }

  function onEvent(event) {
    if (taken || pressed) return;
    var el = event.target;
    if (!(el instanceof Element) || !shown || !shown.contains(el)) return;
    if (event.type === "submit") {
      event.preventDefault();  // (never the browser's own submit: it would load the page again)
      el.querySelectorAll('input[data-action="field"]').forEach(function (input) {
        if (input.type !== "radio") remember(input.getAttribute("data-arg"), input.value);
      });
      press("new-game");
    } else if (event.type === "click") {
      var button = el.closest("button[data-action]");
      if (button && button.getAttribute("data-action") === "resume") press("resume");
    } else if (el.getAttribute("data-action") === "import") {
      if (event.type === "change" && el.files && el.files.length) { picked = el; press("import"); }
    } else if (el.getAttribute("data-action") === "field") {
      if (el.type === "radio" && event.type !== "change") return;
      remember(el.getAttribute("data-arg"), el.value);
      if (el.type === "radio") {
        var next = matching(shown);
        if (next !== current) show(next, el.getAttribute("data-key"));
      }
    }
  }

  pending.then(function (text) {
    if (!text || taken || isReady() || root.hasAttribute("data-boot-error")) return;
    var doc = new DOMParser().parseFromString(text, "text/html");  // inert: nothing in it runs
    doc.querySelectorAll("template").forEach(function (template) {
      if (template.getAttribute("data-part") === "saved") savedPart = template;
      else {
        var when = template.getAttribute("data-when") || "";
        screens.push({ when: when ? when.split("&") : [], template: template });
      }
    });
    var first = screens.filter(function (s) { return !s.when.length; })[0];
    if (!first) return;
    EVENTS.forEach(function (type) { app.addEventListener(type, onEvent); });
    hasSave = saved();
    show(first, null);
    root.setAttribute("data-screen", "start");
    var boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
    root.setAttribute("data-first-screen", "1");
    // the heading takes the focus, as when Python draws the screen (unless the person is elsewhere)
    var title = shown.querySelector(".screen-title");
    if (title && (!document.activeElement || document.activeElement === document.body)) {
      title.focus({ preventScroll: true });
    }
  });

  // Python could not start: the error panel says so, and no form stands under it for nothing
  new MutationObserver(function () {
    if (shown && !taken && root.hasAttribute("data-boot-error")) shown.hidden = true;
  }).observe(root, { attributes: true, attributeFilter: ["data-boot-error"] });

  window.boxFirstScreen = {
    // for mortar/web/main.py, once: what was done here; from now on Python answers the form
    take: function () {
      taken = true;
      EVENTS.forEach(function (type) { app.removeEventListener(type, onEvent); });
      return { fields: values.slice(), pressed: pressed, file: picked,
               shown: !!(shown && !shown.hidden && shown.parentNode === app) };
    },
  };
})();
