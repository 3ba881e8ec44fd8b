// Mortar Hunt shell: loading progress and a readable error panel while Python starts.
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
  var LABELS = {
    "Loading Pyodide": "Starting Python…",
    "Loading interpreter": "Downloading Python (about 12 MB the first time)…",
    "Loaded interpreter": "Python started",
    "Loading files": "Loading the game…",
    "Loaded Pyodide": "Starting the game…",
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
    if (status && text && !failed) status.textContent = text;
  }

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
      if (heading && isReady()) heading.textContent = "Something went wrong";
      panel.hidden = false;
    }
    var status = $("boot-status");
    if (status && !isReady()) status.textContent = "The game failed to load.";
  }
  window.mortarShowError = showError;

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
  var RUNTIME = /\/static\/vendor\/|\/mortar\.zip$|\/main\.py$|\/pyscript\.toml$/;
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
      setProgress(0, "Still loading… this can take a while on a slow connection.");
    }
  }, 45000);
  setTimeout(function () {
    if (!isReady()) showError("Python has not started after 3 minutes.");
  }, 180000);
})();
