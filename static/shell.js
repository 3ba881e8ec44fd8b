// Mortar Hunt's page chrome, deferred (runs before Python starts, needs none of it):
//   1. the rules in a dialog over the game;
//   2. feedback: the sound switch (remembered), synthesised sounds, vibration and the shell's
//      flight, driven by mortar/ui/feedback.py through window.mortarFeedback.

// --- 1. The rules in a dialog over the game (issue 9, "Never lose a game") -----------------
// Every link to static/rules.html (the title bar's "Rules", the start screen's "How to play",
// the compact bar's "Rules") opens the rules here instead of leaving the page: the game under
// the dialog, with the move being built, stays exactly as it was, and closing the dialog (Close,
// Esc, a tap beside it) returns to it with focus where it was. The text is the rules page
// itself (same origin, fetched once, parsed without running anything); without JavaScript, or
// opened in a new tab, the link still goes to that page. window.mortarRules.open() opens it
// from code (a shortcut key).
(function () {
  "use strict";

  var PAGE = "static/rules.html";
  var loading = null;

  function rulesUrl() { return new URL(PAGE, document.baseURI).href; }

  function isRulesLink(a) {
    if (!a || !a.href) return false;
    try { return new URL(a.href).pathname === new URL(rulesUrl()).pathname; } catch (e) { return false; }
  }

  function load(body) {
    if (loading) return loading;
    loading = fetch(rulesUrl()).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html");  // inert: no scripts run
      var main = doc.querySelector("main.rules");
      if (!main) throw new Error("no rules in " + PAGE);
      var nodes = Array.prototype.map.call(main.childNodes, function (n) {
        return document.importNode(n, true);
      });
      body.replaceChildren.apply(body, nodes);
    }).catch(function (e) {
      loading = null;  // try again next time
      var p = document.createElement("p");
      p.textContent = "The rules could not be loaded (" + e.message + "). ";
      var a = document.createElement("a");
      a.href = rulesUrl();
      a.target = "_blank";
      a.textContent = "Open them in a new tab";
      p.appendChild(a);
      body.replaceChildren(p);
    });
    return loading;
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
