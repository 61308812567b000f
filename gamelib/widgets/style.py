"""The stepper's look (CSS) and the few lines of script it runs in the page.

Layout: one CSS grid whose areas are rearranged by a container query, so the same widgets
give two columns (picture left; decisions, odds and log right) on a laptop or projector and one
column with the decisions first on a phone, or in a narrow JupyterLab panel. ``.gl-large`` on
the root (the "Large text" switch, or ``?large=1``) scales every text for the back row.

The script (installed once per page from an ``<img onerror>``, since widgets' HTML runs no
``<script>``; no request leaves the page) does three things a kernel cannot:
* one click, one decision: after a decision button is pressed, further presses are ignored
  until the page shows the result and a moment after (``CALM_MS``: a click that comes sooner
  was aimed at the old buttons, not at new ones nobody has seen yet; a script's clicks, as in
  tests and benchmarks, wait only for the result; a test may lengthen it, ``window.__glCalmMs``);
  the kernel refuses a
  click on an old decision's buttons too, in words;
* a teacher's lock code given in the link (``?lock=...``) is taken out of the address bar;
* the picture never shrinks between decisions of one game and layout (its box keeps the
  tallest height seen), so the controls below it do not jump;
* when the kernel dies, restarts or the connection drops, it says so on the page in words.
All three do nothing harmful where the page offers no Voila app (JupyterLab)."""
from __future__ import annotations

from html import escape

CSS = """
.gl-stepper{--gl-font:15px;--gl-small:13px;--gl-action:16px;--gl-heading:13px;--gl-status:15px;--gl-bar:10px;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;container-type:inline-size;container-name:gl;
  width:100%;max-width:100%;box-sizing:border-box;font-size:var(--gl-font)}
.gl-stepper.gl-large{--gl-font:20px;--gl-small:18px;--gl-action:22px;--gl-heading:18px;--gl-status:21px;--gl-bar:16px}
.gl-stepper .widget-html-content{line-height:1.35;font-size:var(--gl-font)}
.gl-stepper .gl-grid{display:grid;width:100%;box-sizing:border-box;gap:2px 14px;
  grid-template-columns:minmax(0,1fr) minmax(300px,420px);
  grid-template-areas:"setup setup" "seats seats" "save save" "status status" "alert alert" "play play" "history history"
    "picture actions" "picture odds" "picture log";
  grid-template-rows:repeat(9,auto) 1fr;align-items:start}
.gl-stepper.gl-large .gl-grid{grid-template-columns:minmax(0,1fr) minmax(340px,520px)}
.gl-stepper .gl-grid>*{min-width:0;max-width:100%;margin:0;box-sizing:border-box}
.gl-stepper .gl-grid>.gl-setup{grid-area:setup}.gl-stepper .gl-grid>.gl-seats{grid-area:seats}
.gl-stepper .gl-grid>.gl-save{grid-area:save}.gl-stepper .gl-grid>.gl-status{grid-area:status}
.gl-stepper .gl-grid>.gl-alert{grid-area:alert}.gl-stepper .gl-grid>.gl-controls{grid-area:play}
.gl-stepper .gl-grid>.gl-history{grid-area:history}.gl-stepper .gl-grid>.gl-picture{grid-area:picture}
.gl-stepper .gl-grid>.gl-curtain{grid-area:picture}
.gl-stepper .gl-grid>.gl-decisions{grid-area:actions}.gl-stepper .gl-grid>.gl-odds-panel{grid-area:odds}
.gl-stepper .gl-grid>.gl-log-panel{grid-area:log}
@container gl (max-width: 759px){
  .gl-stepper .gl-grid{grid-template-columns:minmax(0,1fr);grid-template-rows:none;
    grid-template-areas:"status" "alert" "actions" "play" "history" "picture" "odds" "log" "seats" "setup" "save"}
  .gl-stepper.gl-large .gl-grid{grid-template-columns:minmax(0,1fr)}
}
.gl-stepper .gl-row{display:flex;flex-flow:row wrap;align-items:center;gap:4px 8px;width:100%}
.gl-stepper .gl-row>*{max-width:100%;margin:2px 0}
.gl-stepper .gl-heading{font-weight:700;font-size:var(--gl-heading);letter-spacing:.04em;text-transform:uppercase;color:#4d3d24;margin:8px 0 2px}
.gl-stepper .gl-status-line{font-size:var(--gl-status);padding:4px 8px;background:#f6f1e6;border-radius:6px;overflow-wrap:anywhere}
.gl-stepper .gl-outcome{font-weight:700}
.gl-stepper .gl-outcome.gl-won{color:#1d6b2f}.gl-stepper .gl-outcome.gl-lost{color:#9b1c1c}
.gl-stepper .gl-past{color:#7a4f00;font-weight:600}
.gl-stepper .gl-redo-count,.gl-stepper .gl-tableview{color:#4a4a4a}
.gl-stepper .gl-error-box{background:#fde8e8;border:1px solid #c77;color:#6e0e0e;padding:6px 10px;border-radius:6px;white-space:pre-wrap;font-size:var(--gl-font)}
.gl-stepper .gl-error-box pre{font-size:11px;max-height:200px;overflow:auto;white-space:pre-wrap}
.gl-stepper .gl-note{color:#3f3f3f;font-size:var(--gl-font);padding:2px 0}
.gl-stepper .gl-notice{background:#eef4fb;border:1px solid #7a9cc6;color:#10304f;padding:6px 10px;border-radius:6px}
.gl-stepper .gl-confirm{background:#fff6dc;border:2px solid #a77b00;border-radius:8px;padding:6px 10px;margin:4px 0}
.gl-stepper .gl-curtain{min-height:50vh;justify-content:center;align-items:center;text-align:center;gap:18px;
  background:#24313d;color:#ffffff;border-radius:12px;padding:24px;box-sizing:border-box;width:100%}
.gl-stepper .gl-curtain-text{width:100%}
.gl-stepper .gl-curtain-box{display:flex;flex-direction:column;align-items:center;gap:12px;color:#ffffff;font-size:calc(var(--gl-font) + 3px)}
.gl-stepper .gl-curtain-title{font-size:calc(var(--gl-font) * 1.8);font-weight:800;line-height:1.2}
.gl-stepper .gl-curtain .gl-curtain-ok{font-size:calc(var(--gl-font) * 1.4);font-weight:700;min-height:64px;height:auto;padding:12px 28px;
  background:#ffd866;color:#1f1f1f;border:2px solid #ffffff;border-radius:10px;white-space:normal;max-width:100%}
.gl-stepper.gl-large .gl-curtain .gl-curtain-ok{min-height:80px;padding:16px 36px}
.gl-stepper .gl-log-list{height:240px;overflow-y:auto;display:flex;flex-direction:column-reverse;border:1px solid #d8ccb4;border-radius:6px;padding:4px;font-size:var(--gl-small);background:#fffdf8}
.gl-stepper.gl-large .gl-log-list{height:320px}
.gl-stepper .gl-log-entry{padding:2px 2px;border-bottom:1px dotted #ddd}
.gl-stepper .gl-log-section{display:inline-block;min-width:84px;font-size:calc(var(--gl-small) - 1px);color:#4d3d24;background:#f1e9d8;border-radius:3px;padding:0 4px;margin-right:4px}
.gl-stepper .gl-odds{max-height:300px;overflow-y:auto;border:1px solid #d8ccb4;border-radius:6px;padding:2px 6px;background:#fff}
.gl-stepper.gl-large .gl-odds{max-height:420px}
.gl-stepper .gl-odds-who{font-size:var(--gl-small);color:#3f3f3f;font-style:italic;margin:2px 0 4px}
.gl-stepper table.gl-odds-table{border-collapse:collapse;font-size:var(--gl-small);margin-bottom:8px;width:100%}
.gl-stepper table.gl-odds-table caption{text-align:left;font-weight:700;padding:2px 0;color:#1f1f1f}
.gl-stepper table.gl-odds-table td{padding:2px 4px;border-bottom:1px solid #eee;text-align:left;vertical-align:middle}
.gl-stepper table.gl-odds-table td.gl-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.gl-stepper td.gl-odds-outcome{overflow-wrap:anywhere}
.gl-stepper td.gl-odds-barcell{width:35%;min-width:50px}
.gl-stepper .gl-track{display:block;background:#e4e9ef;border-radius:2px;width:100%}
.gl-stepper .gl-bar{display:block;height:var(--gl-bar);background:#0072B2;border-radius:2px;min-width:2px}
.gl-stepper .gl-muted{color:#595959;font-style:italic}
.gl-stepper .gl-actions{display:flex;flex-flow:row wrap;gap:4px;width:100%}
.gl-stepper .gl-action,.gl-stepper .gl-decision-extra{font-size:var(--gl-action);height:auto;min-height:36px;padding:4px 10px;
  white-space:normal;text-align:left;max-width:100%;line-height:1.25;overflow-wrap:anywhere;margin:0}
.gl-stepper.gl-large .gl-action,.gl-stepper.gl-large .gl-decision-extra{min-height:48px;padding:6px 14px}
.gl-stepper .gl-action{background:#f3f6fa;border:1px solid #5b7896;color:#10233a}
.gl-stepper .gl-action:hover{background:#dde8f3}
.gl-stepper.gl-busy .gl-action{opacity:.55}
.gl-stepper .gl-controls button,.gl-stepper .gl-setup button,.gl-stepper .gl-seats button,.gl-stepper .gl-save button,
.gl-stepper .gl-confirm button,.gl-stepper .gl-hint button{font-size:var(--gl-font);height:auto;min-height:32px;padding:3px 10px}
.gl-stepper.gl-large .gl-controls button,.gl-stepper.gl-large .gl-setup button,.gl-stepper.gl-large .gl-seats button,
.gl-stepper.gl-large .gl-save button,.gl-stepper.gl-large .gl-confirm button,.gl-stepper.gl-large .gl-hint button{min-height:42px;padding:5px 14px}
.gl-stepper .gl-pause{width:22em;max-width:100%}
.gl-stepper.gl-large .gl-pause{width:30em}
.gl-stepper .gl-pause .slider-container{min-width:8em}
.gl-stepper.gl-large .widget-slider .ui-slider .ui-slider-handle{width:20px;height:20px;top:-8px}
.gl-stepper .widget-checkbox input[type=checkbox]{width:1.1em;height:1.1em}
.gl-stepper .gl-autoplay-stops{width:auto}
.gl-stepper .gl-locked{color:#7a1010;font-weight:700}
.gl-stepper .gl-lock-code input{width:8em}
.gl-stepper .widget-label-basic,.gl-stepper .widget-label-basic span{font-size:var(--gl-font)}
.gl-stepper .gl-lock-code input[type=password]{font-size:var(--gl-font);height:auto;min-height:30px}
.gl-stepper.gl-large .gl-lock-code input[type=password]{min-height:40px}
.gl-stepper .widget-label,.gl-stepper select,.gl-stepper input,.gl-stepper textarea,.gl-stepper .widget-toggle-button,
.gl-stepper .widget-text input[type=text],.gl-stepper .widget-dropdown select,.gl-stepper .widget-readout,
.gl-stepper .widget-inline-hbox .widget-label{font-size:var(--gl-font)}
.gl-stepper select,.gl-stepper input[type=text]{height:auto;min-height:30px}
.gl-stepper.gl-large select,.gl-stepper.gl-large input[type=text]{min-height:40px}
.gl-stepper .widget-dropdown,.gl-stepper .widget-text{width:auto;max-width:100%}
.gl-stepper .gl-seed input{width:13em;font-variant-numeric:tabular-nums}
.gl-stepper .gl-history{width:100%;max-width:100%}
.gl-stepper .gl-history .widget-readout{min-width:4em}
.gl-stepper .gl-picture{width:100%;max-width:100%;overflow:visible;align-self:start;height:auto}
.gl-stepper .gl-picture>.widget-html-content{width:100%;max-width:100%;min-width:0;overflow-x:auto;height:auto;align-self:flex-start}
.gl-stepper .gl-record textarea,.gl-stepper .gl-paste textarea{width:100%;min-height:6em;font-family:ui-monospace,monospace;font-size:12px}
.gl-stepper .gl-record,.gl-stepper .gl-paste{width:100%}
.gl-stepper .gl-dead:empty{display:none}
.gl-stepper .jupyter-widgets-disconnected::before{display:none}
.gl-stepper .gl-dead-box{background:#6e0e0e;color:#ffffff;font-size:calc(var(--gl-font) + 2px);padding:10px 14px;border-radius:8px;margin:4px 0}
.gl-stepper .gl-hidden{display:none !important}
.gl-stepper .gl-copybtn{font-size:var(--gl-font);padding:3px 10px;min-height:32px;cursor:pointer}
.gl-stepper a.gl-download{color:#0b4f8a;font-size:var(--gl-font)}
"""

#: The page script. Keep it small: the kernel does the real work; this only covers what a
#: kernel cannot see (the time between a click and its answer, a dead kernel).
JS = r"""
(function(){
 if (window.__glStepperJs) return; window.__glStepperJs = 1;
 var GUARDED = '.gl-action,.gl-step,.gl-undo,.gl-redo,.gl-curtain-ok,.gl-confirm-yes', CALM_MS = 350;
 document.addEventListener('click', function(ev){
   var b = ev.target && ev.target.closest ? ev.target.closest(GUARDED) : null;
   if (!b) return;
   var root = b.closest('.gl-stepper'); if (!root) return;
   if (root.__glBusy || (ev.isTrusted && root.__glCalm && performance.now() < root.__glCalm)) {
     ev.stopImmediatePropagation(); ev.preventDefault(); return; }
   var status = root.querySelector('.gl-status'); if (!status) return;
   root.__glBusy = true; root.classList.add('gl-busy');
   var done = function(){ root.__glBusy = false; root.__glCalm = performance.now() + (window.__glCalmMs || CALM_MS);
     root.classList.remove('gl-busy'); obs.disconnect(); clearTimeout(t); };
   var obs = new MutationObserver(done);
   obs.observe(status, {subtree:true, childList:true, characterData:true, attributes:true});
   var t = setTimeout(done, 8000);
 }, true);
 function keepHeight(root){
   var pic = root.querySelector('.gl-picture'); if (!pic || pic.__glKeep) return;
   var inner = pic.querySelector('.widget-html-content') || pic; pic.__glKeep = {key:'', max:0};
   var measure = function(){
     var k = pic.__glKeep, ply = root.querySelector('.gl-status .gl-ply');
     var key = (ply ? ply.getAttribute('data-game') + '/' + ply.getAttribute('data-view') : '') + '|' +
       root.classList.contains('gl-large') + '|' + Math.round(pic.clientWidth / 8);
     var box = null; for (var i = inner.children.length - 1; i >= 0; i--) {
       if (inner.children[i].tagName !== 'STYLE') { box = inner.children[i]; break; } }
     if (!box) return;
     if (key !== k.key) { k.key = key; k.max = 0; }
     if (box.__glKey !== k.key) { box.style.minHeight = ''; box.__glKey = k.key; }
     var h = box.offsetHeight;
     if (h > k.max) k.max = h;
     if (h < k.max) box.style.minHeight = k.max + 'px';
   };
   if (window.ResizeObserver) new ResizeObserver(measure).observe(inner);
   new MutationObserver(measure).observe(inner, {childList:true, subtree:false});
   var st = root.querySelector('.gl-status'); if (st) new MutationObserver(measure).observe(st, {childList:true, subtree:true, attributes:true});
   measure();
 }
 var stopped = null;
 function say(text, final){
   document.querySelectorAll('.gl-stepper').forEach(function(root){
     var box = root.querySelector('.gl-dead .widget-html-content') || root.querySelector('.gl-dead');
     if (!box) return;
     box.innerHTML = text ? '<div class="gl-dead-box" role="alert"></div>' : '';
     if (text) box.firstChild.textContent = text;
     if (final) root.querySelectorAll('button,select,input').forEach(function(e){
       if (!e.classList.contains('gl-copybtn')) e.disabled = true; });
   });
 }
 function watchKernel(){
   var app = window.jupyterapp;
   if (!app || !app.widgetManagerPromise || !app.widgetManagerPromise.promise) return;
   app.widgetManagerPromise.promise.then(function(m){
     var k = m && m.kernel; if (!k || k.__glWatched) return; k.__glWatched = true;
     var check = function(){
       if (stopped) return;
       var s = k.status, c = k.connectionStatus;
       if (s === 'dead' || s === 'restarting' || s === 'autorestarting' || s === 'terminating' || k.isDisposed) {
         stopped = s;
         say('The game has stopped: the server process that runs it (the kernel) ' +
             (s === 'dead' ? 'has died' : 'stopped and was restarted without this game') +
             ', so the buttons no longer work. Reload the page to start again; a save record you copied earlier loads your game back.', true);
       } else if (c === 'connecting' || c === 'disconnected') {
         say('The connection to the server is lost; trying to reconnect. If this lasts, reload the page.', false);
       } else { say('', false); }
     };
     if (k.statusChanged) k.statusChanged.connect(check);
     if (k.connectionStatusChanged) k.connectionStatusChanged.connect(check);
     setInterval(check, 2000);
   });
 }
 function dropLock(){  /* the teacher's code leaves the address bar (checked again: the page's own
   router may write the address back after the first look) */
   try { var u = new window.URL(window.location.href);  /* (inside onerror, URL alone is document.URL) */
     if (u.searchParams.has('lock')) { u.searchParams.delete('lock');
       window.history.replaceState(window.history.state, '', u.pathname + u.search + u.hash); } } catch (e) {}
 }
 function scan(){ dropLock(); document.querySelectorAll('.gl-stepper').forEach(keepHeight); }
 scan(); setInterval(scan, 1000); watchKernel();
})();
"""


def _onerror(js: str) -> str:
    """An attribute-safe one-liner for ``onerror``."""
    return escape(" ".join(line.strip() for line in js.strip().splitlines()), quote=True)


#: the stylesheet and the script, as the value of one HTML widget
STYLE = (f"<style>{CSS}</style>"
         f'<img alt="" class="gl-js" style="display:none" src="data:," onerror="{_onerror(JS)}">')

#: a button that copies the save record shown next to it (runs in the page, so it works even
#: when the kernel has stopped, and on a server reached without https)
COPY_BUTTON = ('<button class="gl-copybtn jupyter-button" title="copy the save record to the clipboard" onclick="'
               + escape("var r=this.closest('.gl-stepper');var t=r&&r.querySelector('.gl-record textarea');"
                        "if(!t)return;t.focus();t.select();var ok=false;try{ok=document.execCommand('copy');}catch(e){}"
                        "if(!ok&&navigator.clipboard){navigator.clipboard.writeText(t.value);ok=true;}"
                        "this.textContent=ok?'Copied: paste it somewhere safe':'Select the text and copy it (Ctrl+C)';",
                        quote=True)
               + '">Copy save record</button>')
