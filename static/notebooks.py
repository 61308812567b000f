"""Which notebooks the static site has, found rather than listed: ``00-start-here``, every tutorial
and every lesson in notebooks/ (a lesson added later is picked up by the next build). Shared by
static/build.py (the pages and the landing page) and tests_static/ (each page runs to its end).

A notebook with code runs in the browser unless it needs what the browser's Python lacks here:
numpy, pandas, matplotlib and scipy have no WebAssembly build in the registries this project uses
(docs/deploy.md, "A static site"). A notebook needs them when its code imports them, or when it
uses a helper of ``gamelib.lessons`` that imports them without a fallback. Which helpers do is
read from gamelib/lessons/ itself (``lesson_needs``): a function needs what its body imports,
and what every helper it names needs; one that asks ``..._available()`` first (or catches the
ImportError) has a fallback (SVG plots, HTML tables, plain lists) and needs nothing. A notebook
that needs them gets no page (a page that stops on an ImportError helps no student); the landing
page lists it with the reason, and the classroom server runs it."""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: modules the browser's Python does not have (no Pyodide build reachable from PyPI or npm)
UNSERVED = ("numpy", "pandas", "matplotlib", "scipy")
#: the notebooks' helpers, read to find which of them need UNSERVED (``lesson_needs``)
LESSONS = ROOT / "gamelib" / "lessons"
LESSONS_PKG = "gamelib.lessons"


@dataclass(frozen=True)
class Notebook:
    rel: str            # path under notebooks/, e.g. "lessons/01-sample-spaces-calamity-bag.ipynb"
    title: str          # its first heading
    needs: str | None   # what it needs that the browser lacks, or None

    @property
    def page(self) -> str:
        """The page's path in the site."""
        return "voici/render/" + self.rel.removesuffix(".ipynb") + ".html"

    @property
    def kind(self) -> str:
        return self.rel.split("/")[0] if "/" in self.rel else "start"


def code_notebooks() -> list[str]:
    """00-start-here, then every tutorial, then every lesson, each folder in name order."""
    found = ["00-start-here.ipynb"]
    for folder in ("tutorials", "lessons"):
        found += sorted(f"{folder}/{p.name}" for p in (NOTEBOOKS / folder).glob("*.ipynb"))
    return found


def _code(cell_source: str) -> str:
    # IPython's magics and shell lines are not Python: blanked, they import nothing
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell_source.splitlines())


def _trees(nb: dict) -> list[ast.AST]:
    trees = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            trees.append(ast.parse(_code("".join(cell["source"]))))
        except SyntaxError:
            continue  # a cell the kernel would refuse anyway; the test of the page says so
    return trees


def imported(nb: dict) -> list[str]:
    """Every module a notebook's code cells import (``from gamelib import lessons`` counts as
    ``gamelib.lessons``)."""
    names: list[str] = []
    for tree in _trees(nb):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.append(node.module)
                names += [f"{node.module}.{a.name}" for a in node.names]
    return names


def used_lesson_names(nb: dict) -> set[str]:
    """The helpers of gamelib.lessons a notebook names: imported by name, or read as an attribute
    of an imported lessons module (``lesson.engine_worlds`` -> ``gamelib.lessons.traitor.engine_worlds``)."""
    aliases: dict[str, str] = {}
    used: set[str] = set()
    trees = _trees(nb)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == LESSONS_PKG or a.name.startswith(LESSONS_PKG + "."):
                        if a.asname:
                            aliases[a.asname] = a.name
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if full == LESSONS_PKG or full.startswith(LESSONS_PKG + "."):
                        aliases[a.asname or a.name] = full
                        used.add(full)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                chain = []
                inner: ast.AST = node
                while isinstance(inner, ast.Attribute):
                    chain.append(inner.attr)
                    inner = inner.value
                if isinstance(inner, ast.Name):
                    base = aliases.get(inner.id) or (inner.id if inner.id == "gamelib" else None)
                    if base:
                        used.add(".".join([base, *reversed(chain)]))
    return used


def _guarded(fn: ast.AST) -> bool:
    """A helper with a fallback: it asks ``..._available()``, or catches the ImportError itself."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            f = n.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name.endswith("_available"):
                return True
        if isinstance(n, ast.Try) and any(
                h.type is not None and "ImportError" in ast.unparse(h.type) for h in n.handlers):
            return True
    return False


@lru_cache(maxsize=1)
def lesson_needs() -> dict[str, frozenset[str]]:
    """Each helper of gamelib.lessons (``gamelib.lessons.traitor.engine_worlds``, and the names the
    packages re-export: ``gamelib.lessons.reconcile_table``) -> the UNSERVED modules it needs.
    What a helper names is matched by its bare name over the whole package: a name two modules
    share counts the needs of both (cautious: a page wrongly refused, never one that fails)."""
    defs: list[tuple[str, str, frozenset[str], set[str]]] = []  # (qualified, bare, direct needs, names)
    reexports: dict[str, str] = {}
    for path in sorted(LESSONS.rglob("*.py")):
        rel = path.relative_to(LESSONS).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        module = ".".join([LESSONS_PKG, *parts])
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level == 1 and path.name == "__init__.py":
                for a in node.names:
                    reexports[f"{module}.{a.asname or a.name}"] = f"{package}.{node.module}.{a.name}" \
                        if node.module else f"{package}.{a.name}"
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            direct: set[str] = set()
            names: set[str] = set()
            if not _guarded(node):
                for n in ast.walk(node):
                    if isinstance(n, ast.Import):
                        direct |= {a.name.split(".")[0] for a in n.names if a.name.split(".")[0] in UNSERVED}
                    elif isinstance(n, ast.ImportFrom) and n.module and not n.level \
                            and n.module.split(".")[0] in UNSERVED:
                        direct.add(n.module.split(".")[0])
                    elif isinstance(n, ast.Name):
                        names.add(n.id)
                    elif isinstance(n, ast.Attribute):
                        names.add(n.attr)
            names.discard(node.name)
            defs.append((f"{module}.{node.name}", node.name, frozenset(direct), names))
    needs = {q: set(d) for q, _, d, _ in defs}
    changed = True
    while changed:  # until every helper's needs include those of the helpers it names
        changed = False
        by_bare: dict[str, set[str]] = {}
        for q, bare, _, _ in defs:
            by_bare.setdefault(bare, set()).update(needs[q])
        for q, _, _, names in defs:
            more = set().union(*(by_bare.get(n, set()) for n in names)) - needs[q]
            if more:
                needs[q] |= more
                changed = True
    out = {q: frozenset(v) for q, v in needs.items()}
    for alias, target in reexports.items():
        while target in reexports and reexports[target] != target:
            target = reexports[target]
        if target in out:
            out[alias] = out[target]
    return out


def needs_server(nb: dict) -> str | None:
    """What the notebook needs that the browser lacks (``"numpy, pandas"``, or ``"numpy (through
    gamelib.lessons.walking_deck.engine_draws)"``), or None."""
    names = imported(nb)
    direct = {n.split(".")[0] for n in names if n.split(".")[0] in UNSERVED}
    table = lesson_needs()
    helpers = {name: table[name] for name in sorted(used_lesson_names(nb)) if table.get(name)}
    libs = ", ".join(sorted(direct.union(*helpers.values())))
    if not helpers:
        return libs or None
    shown = ", ".join(n.removeprefix(LESSONS_PKG + ".") for n in list(helpers)[:3])
    more = f" and {len(helpers) - 3} more" if len(helpers) > 3 else ""
    return f"{libs} (through gamelib.lessons: {shown}{more})"


def title(nb: dict, rel: str) -> str:
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                m = re.match(r"#+\s+(.*\S)", line)
                if m:
                    return re.sub(r"[*_`]", "", m.group(1))
    return Path(rel).stem


def notebooks() -> list[Notebook]:
    out = []
    for rel in code_notebooks():
        nb = json.loads((NOTEBOOKS / rel).read_text())
        out.append(Notebook(rel, title(nb, rel), needs_server(nb)))
    return out
