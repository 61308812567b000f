// Put into every page by static/build.py, right after the page's settings (jupyter-config-data)
// and before the app reads them. Three jobs:
// 1. point the Pyodide kernel at this site's own Pyodide and wheels (no CDN, no PyPI), loading
//    every wheel at start (__PACKAGES__ is filled in by the build);
// 2. hand the page's link (?seed=7&large=1...) to Python as QUERY_STRING, as Voila does;
// 3. say in words when the browser cannot run the page, or when Python has not started in 60 s.
(function () {
  "use strict";
  var LIMIT_S = 60;
  var el = document.getElementById("jupyter-config-data");
  var cfg = JSON.parse(el.textContent);
  var base = new URL(cfg.baseUrl || "./", window.location.href);
  var key = "@jupyterlite/pyodide-kernel-extension:kernel";
  cfg.litePluginSettings = cfg.litePluginSettings || {};
  cfg.litePluginSettings[key] = {
    pyodideUrl: new URL("pyodide/pyodide.js", base).href,
    disablePyPIFallback: true,
    pipliteUrls: [],
    loadPyodideOptions: {
      packages: __PACKAGES__,
      env: { QUERY_STRING: window.location.search.replace(/^\?/, "") },
    },
  };
  el.textContent = JSON.stringify(cfg);

  function notice(text) {
    if (document.getElementById("gl-static-failure")) return;
    var box = document.createElement("div");
    box.id = "gl-static-failure";
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:10000;padding:16px 20px;background:#fff3cd;" +
      "color:#3d2c00;border-bottom:2px solid #c79100;font:16px/1.45 system-ui,sans-serif;";
    box.textContent = text;
    (document.body || document.documentElement).appendChild(box);
  }
  var why = null;
  if (window.location.protocol === "file:") {
    why = "This page was opened from a file. Browsers do not start Python from a file: open the " +
      "folder through a web server (for example `python3 -m http.server` in the folder, then " +
      "http://localhost:8000), or ask your teacher for the link.";
  } else if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    why = "This browser cannot run the games (it lacks WebAssembly or Web Workers). Use a recent " +
      "Chrome, Edge, Firefox or Safari, or ask your teacher for the server's link.";
  }
  function started() {
    // the first output of a code cell: Python ran the notebook
    return document.querySelector(".jp-OutputArea-output, .jupyter-widgets") !== null;
  }
  function check() {
    if (started()) return;
    notice("Python has not started in this browser within " + LIMIT_S + " seconds, so the page " +
      "cannot run yet. On a slow or busy computer, wait a little longer: this message goes away " +
      "when the page is ready. Otherwise reload the page once; if it stays like this, use a " +
      "recent Chrome, Edge, Firefox or Safari with enough free memory (about 300 MB), or ask " +
      "your teacher for the server's link.");
    // a late start after all: the message would now be wrong, so it goes
    var poll = window.setInterval(function () {
      if (!started()) return;
      window.clearInterval(poll);
      var box = document.getElementById("gl-static-failure");
      if (box) box.remove();
    }, 1000);
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (why) notice(why);
    else window.setTimeout(check, LIMIT_S * 1000);
  });
})();
