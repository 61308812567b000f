"""Build the static site (``make static``): the dashboards, 00-start-here, the tutorials and the
lessons that need nothing the browser lacks (static/notebooks.py) as pages
that run in each visitor's browser (Voici + JupyterLite + Pyodide), with no Python server.

Run by ``make static`` with the build tools' own venv (static/requirements-build.txt) after
``npm ci`` in static/ (Pyodide 0.27.6). Everything comes from the registries by pinned version:
Pyodide from npm, the browser's wheels from PyPI (static/requirements-browser.txt, kept in
build/static-cache/ so a second build works offline), gamelib as a pure wheel of this checkout.

What it does, and why (issue 27's trial):
- Pyodide's npm package holds the interpreter and the standard library only, and its
  pyodide-lock.json names ~350 packages whose files are not there. The lock is rewritten to name
  exactly the wheels served here, with their own checksums (Pyodide checks them).
- ``ssl`` and ``sqlite3`` are separate packages in Pyodide; the kernel asks for both. Empty
  stand-ins are served (nothing here uses them; without ``ssl`` the page hangs).
- The kernel is told to load every wheel at start (``loadPyodideOptions.packages``), so it never
  resolves anything through micropip or PyPI.
- A visitor's link (``?seed=7``) reaches the kernel as ``QUERY_STRING`` in Python's environment
  (Pyodide's ``env`` option), which gamelib.widgets.dashboard reads as under Voila.
- Each page gets a guard (static/guard.js): a message in words when the browser cannot run it or
  when Python has not started within 60 s. References to CDNs in the pages are removed.
"""
from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebooks as found  # noqa: E402  (static/notebooks.py, shared with the test)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYODIDE = HERE / "node_modules" / "pyodide"
PYODIDE_VERSION = "0.27.6"
#: Pyodide 0.27.6's Python, for the markers of the wheels' requirements
MARKER_ENV = {"python_version": "3.12", "python_full_version": "3.12.7", "sys_platform": "emscripten",
              "platform_system": "Emscripten", "implementation_name": "cpython", "os_name": "posix",
              "platform_machine": "wasm32", "platform_python_implementation": "CPython", "extra": ""}
#: what Pyodide's own files need beyond the interpreter (pyodide.asm.js etc.); console.html etc. stay out
PYODIDE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json"]
#: the kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's extension
KERNEL_WHEELS = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4")
#: stand-ins for packages the kernel asks for at start: Pyodide's separate standard-library modules
#: ``ssl`` and ``sqlite3``, and ``jedi`` (completion only; static/stand-ins/ says why each)
STAND_INS = ("ssl", "sqlite3", "jedi")
#: the notebooks of the site: (source, folder in the site, code shown?)
DASHBOARDS = ["dashboards/the-walking-deck.ipynb", "dashboards/walk-the-plank.ipynb", "dashboards/deadland.ipynb"]
#: the notebooks with their code (00-start-here, every tutorial, every lesson) are found by
#: static/notebooks.py, which also says which of them need what the browser lacks (numpy, pandas...)
#: the kernel installs these one by one through piplite unless they are already loaded (its initKernel)
KERNEL_NAMES = ["micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
#: what JupyterLite's build puts in the folder that no Voici page asks for (every request of a dashboard
#: and of a notebook with code recorded in Chromium; tests_static/ runs every page after the pruning):
#: JupyterLite's own app (build/: 17 MB of scripts for its JupyterLab and Notebook interfaces, which
#: these pages do not have; doc/: its tree and workspace pages, which load build/), and two
#: JupyterLab extensions Voici does not load (it has its own widget manager; the preview button)
PRUNE = ["build", "doc", "extensions/@jupyter-widgets/jupyterlab-manager",
         "extensions/@voila-dashboards/jupyterlab-preview"]
CDN = re.compile(r'<link rel="stylesheet" href="https://cdn[^"]*"[^>]*>\s*')
MERMAID = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{\s*'
                     r'const diagrams = document\.querySelectorAll\("\.jp-Mermaid.*?</script>', re.S)


def run(cmd: list[str], **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheels(cache: Path) -> list[Path]:
    """The browser's wheels from PyPI (pinned), once: a later build uses the cache (offline)."""
    cache.mkdir(parents=True, exist_ok=True)
    pins = [line.split("#")[0].strip() for line in (HERE / "requirements-browser.txt").read_text().splitlines()]
    pins = [p for p in pins if p]
    have = {canonicalize_name(w.name.split("-")[0]): w for w in cache.glob("*.whl")}
    missing = [p for p in pins if canonicalize_name(p.split("==")[0]) not in have]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", "3.12",
             "-d", cache, *missing])
    wanted = {canonicalize_name(p.split("==")[0]): p.split("==")[1] for p in pins}
    out = []
    for w in sorted(cache.glob("*.whl")):
        name, version = w.name.split("-")[:2]
        if wanted.get(canonicalize_name(name)) == version:
            out.append(w)
    if len(out) != len(wanted):
        raise SystemExit(f"static/build.py: wheels missing from {cache}: expected {sorted(wanted)}")
    return out


def gamelib_wheel(tools: Path) -> Path:
    """gamelib as a pure py3-none-any wheel of this checkout (GAMELIB_PURE: no compiled search)."""
    tools.mkdir(parents=True, exist_ok=True)
    for old in tools.glob("gamelib-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", tools, ROOT],
        env={**os.environ, "GAMELIB_PURE": "1"})
    (wheel,) = tools.glob("gamelib-*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"static/build.py: {wheel.name} is not a pure wheel")
    with zipfile.ZipFile(wheel) as z:
        compiled = [n for n in z.namelist() if n.endswith((".so", ".pyd"))]
    if compiled:
        raise SystemExit(f"static/build.py: the gamelib wheel holds compiled files {compiled}")
    return wheel


def stand_in(name: str, folder: Path) -> Path:
    """A wheel named ``name`` that satisfies the kernel's request: empty (``ssl``), or the module in
    static/stand-ins/ (``sqlite3``: IPython's history imports it and names its errors; ``jedi``:
    an ImportError, as IPython expects without jedi)."""
    path = folder / f"{name}-1.0.0-py3-none-any.whl"
    info = f"{name}-1.0.0.dist-info"
    module = HERE / "stand-ins" / f"{name}.py"
    with zipfile.ZipFile(path, "w") as z:
        if module.exists():
            z.writestr(zipfile.ZipInfo(f"{name}/__init__.py", date_time=(2020, 1, 1, 0, 0, 0)), module.read_text())
        # a fixed date: the same bytes (and checksum) on every build
        for fname, text in [("METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n"
                                         "Summary: empty stand-in for the static site\n"),
                            ("WHEEL", "Wheel-Version: 1.0\nGenerator: gamelib static/build.py\n"
                                      "Root-Is-Purelib: true\nTag: py3-none-any\n"),
                            ("RECORD", "")]:
            zi = zipfile.ZipInfo(f"{info}/{fname}", date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(zi, text)
    return path


def wheel_info(path: Path) -> tuple[str, str, list[Requirement], list[str]]:
    """(name, version, requirements, top-level imports) of a wheel, from its own metadata."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
    reqs = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if "/" in n and ".dist-info/" not in n and ".data/" not in n} |
                  {n.removesuffix(".py") for n in names if "/" not in n and n.endswith(".py")})
    return meta["Name"], meta["Version"], reqs, tops


def write_lock(wheels: list[Path], out: Path) -> list[str]:
    """pyodide-lock.json naming exactly the served wheels (checksums of the files served here);
    each one's dependencies from its metadata, kept where they are served. Returns the names."""
    base = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    served = {}
    for w in wheels:
        name, version, reqs, tops = wheel_info(w)
        served[canonicalize_name(name)] = (w, version, reqs, tops)
    packages = {}
    for key, (w, version, reqs, tops) in sorted(served.items()):
        deps = []
        for r in reqs:
            dep = canonicalize_name(r.name)
            if r.marker is not None and not Marker(str(r.marker)).evaluate(MARKER_ENV):
                continue
            if dep in served and dep not in deps:
                deps.append(dep)
            elif dep not in served:
                # numpy, pandas, matplotlib...: not in the browser; gamelib imports them only where needed
                print(f"  {key}: requirement {r.name} not served (left out)")
        packages[key] = {"name": key, "version": version, "file_name": w.name, "install_dir": "site",
                         "sha256": sha256(out / w.name), "package_type": "package", "imports": tops,
                         "depends": deps, "unvendored_tests": False, "shared_library": False}
    lock = {"info": base["info"], "packages": packages}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def pyodide_folder(site: Path, cache: Path, tools: Path) -> list[str]:
    """site/pyodide/: the interpreter from npm, the wheels, the rewritten lock. Returns the names."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        raise SystemExit("static/build.py: no Pyodide in static/node_modules: run `npm ci` in static/ first")
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    if version != PYODIDE_VERSION:
        raise SystemExit(f"static/build.py: Pyodide {version} in static/node_modules, expected {PYODIDE_VERSION}")
    out = site / "pyodide"
    out.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copy2(PYODIDE / f, out / f)
    ext = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    wheels = [w for w in ext.glob("*.whl") if w.name.startswith(KERNEL_WHEELS)]
    wheels += fetch_wheels(cache) + [gamelib_wheel(tools)] + [stand_in(n, tools) for n in STAND_INS]
    for w in wheels:
        shutil.copy2(w, out / w.name)
    return write_lock(wheels, out)


def contents(notebooks: list[str], folder: Path) -> None:
    """Copies of the notebooks without their outputs: the page runs them in the browser."""
    for rel in notebooks:
        nb = json.loads((ROOT / "notebooks" / rel).read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        nb["metadata"].pop("widgets", None)
        nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(nb, indent=1))


def voici(src: Path, out: Path, strip: bool) -> None:
    run([Path(sys.executable).parent / "voici", "build", "--contents", src, "--output-dir", out,
         f"--strip_sources={strip}"], cwd=src.parent)


def prune(site: Path) -> dict[str, int]:
    """Removes PRUNE from the site; returns the bytes removed by each."""
    gone = {}
    for rel in PRUNE:
        path = site / rel
        if not path.exists():
            raise SystemExit(f"static/build.py: {rel} not in the site: has the Voici/JupyterLite layout changed?")
        gone[rel] = folder_size(path)
        shutil.rmtree(path)
    return gone


def folder_size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def patch_pages(site: Path, packages: list[str]) -> list[Path]:
    """Each rendered page: no CDN, the guard (Pyodide's place, the packages, the link's query)."""
    guard = (HERE / "guard.js").read_text().replace("__PACKAGES__", json.dumps(packages + KERNEL_NAMES))
    pages = sorted((site / "voici" / "render").rglob("*.html"))
    for page in pages:
        html = page.read_text()
        html = CDN.sub("", html)
        html = MERMAID.sub("", html)
        marker = '<script id="jupyter-config-data" type="application/json">'
        at = html.index(marker)
        end = html.index("</script>", at) + len("</script>")
        html = html[:end] + f"\n<script>\n{guard}\n</script>\n" + html[end:]
        html = html.replace("<title>", "<title>gamelib · ", 1)
        page.write_text(html)
    return pages


def _card(nb: found.Notebook, link: bool) -> str:
    name = html.escape(nb.title)
    what = {"start": "the games, a first state, a first game",
            "tutorials": "tutorial: the rules and the API, one decision per cell",
            "lessons": "a probability lesson, one class period: predictions, plots, exercises"}[nb.kind]
    if link:
        return f'  <li><a href="{nb.page}">{name}</a><br><small>{what}</small></li>'
    return f"  <li>{name}<br><small>needs {html.escape(nb.needs or '')}</small></li>"


def landing(site: Path, notebooks: list[found.Notebook]) -> None:
    """The landing page (static/index.html with the notebooks found filled in: 00-start-here and the
    tutorials, the lessons with a page, then the notebooks that need the classroom server), each of
    its links checked against the built pages."""
    html_ = (HERE / "index.html").read_text()
    here = [_card(nb, True) for nb in notebooks if nb.needs is None and nb.kind != "lessons"]
    lessons = [_card(nb, True) for nb in notebooks if nb.needs is None and nb.kind == "lessons"]
    away = [_card(nb, False) for nb in notebooks if nb.needs is not None]
    html_ = html_.replace("<!-- NOTEBOOKS -->", "\n".join(here))
    html_ = html_.replace("<!-- LESSONS -->", "\n".join(lessons) or "  <li>none yet: see below</li>")
    html_ = html_.replace("<!-- SERVER-ONLY -->", "\n".join(away) or "  <li>none: every notebook runs here</li>")
    broken = [h for h in re.findall(r'href="([^"#:]+)"', html_) if not (site / h).is_file()]
    if broken:
        raise SystemExit(f"static/build.py: the landing page links pages that were not built: {broken}")
    (site / "index.html").write_text(html_)


def check_offline(site: Path) -> None:
    """No page or script of the site may name a host it would fetch from at start."""
    bad = []
    for page in (site / "voici" / "render").rglob("*.html"):
        text = page.read_text()
        # what a browser fetches by itself: src=, stylesheets, module imports (a link in prose is not fetched)
        for m in re.finditer(r'(?:src="|<link[^>]*href="|import\(")(https?://[^"]+)"', text):
            bad.append(f"{page.relative_to(site)}: {m.group(1)}")
    if bad:
        raise SystemExit("static/build.py: pages still fetch from other hosts:\n" + "\n".join(bad))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "static")
    ap.add_argument("--cache", type=Path, default=ROOT / "build" / "static-cache")
    args = ap.parse_args(argv)
    site, cache = args.out.resolve(), args.cache.resolve()
    work = cache / "work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
    # dashboards and lessons: outputs only (as under Voila, where a lesson is an app with its code
    # hidden); tutorials and 00-start-here: with their code
    notebooks = found.notebooks()
    for nb in notebooks:
        if nb.needs:
            print(f"  no page for {nb.rel}: it needs {nb.needs}, which the browser's Python lacks")
    served = [nb for nb in notebooks if nb.needs is None]
    contents(DASHBOARDS + [nb.rel for nb in served if nb.kind == "lessons"], work / "dash" / "notebooks")
    contents([nb.rel for nb in served if nb.kind != "lessons"], work / "code" / "notebooks")
    voici(work / "dash" / "notebooks", site, strip=True)
    voici(work / "code" / "notebooks", work / "code" / "site", strip=False)
    for page in (work / "code" / "site" / "voici" / "render").rglob("*.html"):
        dest = site / "voici" / "render" / page.relative_to(work / "code" / "site" / "voici" / "render")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(page, dest)
    for junk in list(site.rglob("*.map")):  # source maps: 40 MB nobody's browser asks for
        junk.unlink()
    packages = pyodide_folder(site, cache / "wheels", cache / "tools")
    pages = patch_pages(site, packages)
    landing(site, notebooks)
    check_offline(site)
    before = folder_size(site)
    gone = prune(site)
    size = folder_size(site)
    print(f"static site: {site} ({size / 1e6:.1f} MB, {len(pages)} pages; {before / 1e6:.1f} MB before "
          f"pruning, removed: " + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in gone.items()) + ")")
    parts = {p.name: folder_size(p) for p in sorted(site.iterdir())}
    small = {k: v for k, v in parts.items() if v < 1e5}
    for name, n in parts.items():
        if name not in small:
            print(f"   {name}: {n / 1e6:.1f} MB")
    print(f"   {len(small)} small files and folders: {sum(small.values()) / 1e6:.2f} MB")
    for p in pages:
        print("  ", p.relative_to(site))


if __name__ == "__main__":
    main()
