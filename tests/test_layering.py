"""Imports run down the layers of docs/layers.md, read from the imports of every module of gamelib
(issue 24, point 7): a module imports only modules of its own layer or of layers below it, never
one above. Every import counts, also those inside functions (a lazy import is still an arrow in
the design); only ``if TYPE_CHECKING:`` imports are left out. Cycles between modules are refused
too (tests/test_import_cycles.py finds them; here over the whole package). Rules code imports no
widgets, plotting or notebook machinery, and ``import gamelib`` loads only the public API's layers.
"""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "gamelib"

#: the layers, bottom first (docs/layers.md). A module's unit is its first name below gamelib
#: (``gamelib.rules.deadland.views`` is in ``rules``); ``gamelib`` itself is the public API.
LAYERS: list[tuple[str, ...]] = [
    ("core",),                                         # the engine: State, Game, errors, records
    ("agents",),                                       # Agent, RandomAgent, play: the games' agents build on it
    ("rules",),                                        # the three games
    ("probability", "strategy", "sim", "testing", "plaintable"),  # models on the rules: odds, solver, search, simulation
    ("gamelib",),                                      # the public API (gamelib/__init__.py)
    ("render", "tables"),                              # pictures of views; shared tables' store and model
    ("widgets",),                                      # the Stepper and dashboards
    ("lessons",),                                      # the lessons' machinery (and the notebooks above it)
    ("adapters", "bench", "handouts"),                 # OpenSpiel/PettingZoo adapters; development tools; teacher's pack
]
RANK = {unit: i for i, layer in enumerate(LAYERS) for unit in layer}

#: upward imports that exist today, each with its owner; remove an entry when its import goes
#: (test_the_known_upward_imports_still_exist fails on a stale entry)
KNOWN_UPWARD: set[tuple[str, str]] = set()

#: no widgets, plotting or notebook machinery below the widgets, in the engine and the models
FORBIDDEN = ("ipywidgets", "matplotlib", "IPython", "voila", "tqdm", "pandas")
ENGINE = ("core", "agents", "rules", "testing")


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def module_name(path: Path, root: Path = PKG) -> str:
    rel = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)


def imports_of(path: Path, root: Path = PKG) -> list[str]:
    """Every name ``path`` imports (dotted, absolute: ``from a import b`` gives ``a.b``, which is
    module ``a.b`` or a name in ``a``), inside functions too, except under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out += [f"{mod}.{a.name}" for a in node.names]  # a module, or a name of ``mod``: see resolve
    return out


def modules(root: Path = PKG) -> dict[str, Path]:
    """The package's modules: its Python files and its C extensions (by their source, ``_wds.c``)."""
    return {module_name(p, root): p for p in sorted([*root.rglob("*.py"), *root.rglob("*.c")])}


def resolve(target: str, known: dict[str, Path]) -> str | None:
    """The module of the package that an imported name lands in (the longest known prefix)."""
    parts = target.split(".")
    for n in range(len(parts), 0, -1):
        mod = ".".join(parts[:n])
        if mod in known:
            return mod
    return None


def unit(mod: str) -> str:
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def graph(root: Path = PKG) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = modules(root)
    out: dict[str, set[str]] = {}
    for mod, path in known.items():
        if path.suffix != ".py":
            out[mod] = set()
            continue
        targets = {resolve(t, known) for t in imports_of(path, root) if t.split(".")[0] == root.name}
        out[mod] = {t for t in targets if t is not None and t != mod}
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def upward(g: dict[str, set[str]], rank: dict[str, int] = RANK) -> list[tuple[str, str]]:
    """Every (module, imported module) whose import goes up the layers; a unit missing from the
    layers counts as an upward import both ways (every module must have its place)."""
    bad = []
    for mod, targets in sorted(g.items()):
        for t in sorted(targets):
            a, b = rank.get(unit(mod)), rank.get(unit(t))
            if a is None or b is None or b > a:
                bad.append((mod, t))
    return bad


@functools.cache
def package_graph() -> dict[str, set[str]]:
    return graph()


def test_every_import_goes_down_the_layers():
    found = [x for x in upward(package_graph()) if x not in KNOWN_UPWARD]
    assert not found, "upward imports (docs/layers.md): " + "; ".join(f"{a} -> {b}" for a, b in found)


def test_the_known_upward_imports_still_exist():
    assert KNOWN_UPWARD <= set(upward(package_graph())), "remove the fixed ones from KNOWN_UPWARD"


def test_every_unit_of_the_package_has_a_layer():
    units = {unit(m) for m in modules()}
    assert units <= set(RANK), f"units without a layer (add them to LAYERS and docs/layers.md): {units - set(RANK)}"


def test_no_import_cycles_in_the_whole_package():
    found = cycles(package_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_check_fails_on_an_upward_import_and_a_cycle(tmp_path):
    """The checks above on a toy package: an engine module importing a widget (inside a function),
    a relative import going up, and a cycle are found; a TYPE_CHECKING import is not."""
    root = tmp_path / "gamelib"
    for d in ("core", "rules", "widgets"):
        (root / d).mkdir(parents=True)
        (root / d / "__init__.py").write_text("")
    (root / "__init__.py").write_text("from .core import state\n")
    (root / "core" / "state.py").write_text("def draw():\n    from gamelib.widgets import panel\n")
    (root / "rules" / "game.py").write_text("from ..core import state\nfrom ..widgets.panel import x\n")
    (root / "widgets" / "panel.py").write_text(
        "from typing import TYPE_CHECKING\nfrom gamelib.rules import game\nif TYPE_CHECKING:\n    from gamelib.core import state\n")
    g = graph(root)
    assert g["gamelib.widgets.panel"] == {"gamelib.rules.game"}
    assert upward(g) == [("gamelib.core.state", "gamelib.widgets.panel"), ("gamelib.rules.game", "gamelib.widgets.panel")]
    assert cycles(g) == [["gamelib.core.state", "gamelib.rules.game", "gamelib.widgets.panel"]]
    assert upward({"gamelib.newthing.x": {"gamelib.core.state"}}) == [("gamelib.newthing.x", "gamelib.core.state")]


ENGINE_FILES = sorted(p for m, p in modules().items() if unit(m) in ENGINE and p.suffix == ".py")


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(PKG)))
def test_rules_code_imports_no_widgets_or_plotting(path):
    bad = [n for n in imports_of(path) if n.startswith(FORBIDDEN)]
    assert not bad, f"{path.name} imports {bad}"


def test_the_check_sees_every_rules_module():
    assert len(ENGINE_FILES) > 20 and PKG / "core" / "state.py" in ENGINE_FILES and PKG / "testing.py" in ENGINE_FILES


def test_import_gamelib_loads_the_api_and_nothing_above_it_or_beside_it():
    """``import gamelib`` loads the engine, the agents, ``simulate`` and ``hint``: not the exact
    solver (loaded when a hint first needs it), the renderers, widgets, tables, lessons, adapters
    or tools, nor plotting and widget libraries."""
    code = ("import sys, gamelib; print(len([getattr(gamelib, n) for n in gamelib.__all__])); print(' '.join(sorted("
            "m for m in sys.modules if m.startswith(('gamelib.strategy.walking_deck', 'gamelib.strategy._wds', "
            "'gamelib.render', 'gamelib.widgets', 'gamelib.tables', 'gamelib.lessons', 'gamelib.adapters', "
            "'gamelib.bench', 'gamelib.probability', 'ipywidgets', 'matplotlib', 'pandas')))))")
    public, *loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(public) >= 25 and loaded == []
