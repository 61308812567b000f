"""Imports inside a game package run in one direction (docs/engine.md: cards, state, rules,
views/odds/scenario, game, agents). Every import counts, also those inside functions (a lazy
import is still a cycle in the design); only ``if TYPE_CHECKING:`` imports are left out."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "gamelib"

#: game packages with import cycles today; the per-game refactor removes them (issue 8)
CYCLES_TODAY = {
}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def module_imports(path: Path, package: str) -> set[str]:
    """Modules of ``package`` (dotted, e.g. ``gamelib.rules.deadland.views``) that ``path`` imports."""
    tree = ast.parse(path.read_text(), filename=str(path))
    here = package if path.name == "__init__.py" else package
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)  # `from . import views`
    return {m for m in out if m.startswith(package + ".")}


def import_graph(pkg_dir: Path, package: str) -> dict[str, set[str]]:
    mods = {f"{package}.{p.stem}": p for p in pkg_dir.glob("*.py") if p.name != "__init__.py"}
    return {m: {i for i in module_imports(p, package) if i in mods and i != m} for m, p in mods.items()}


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


GAMES = sorted(p.name for p in (PKG / "rules").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("name", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=f"import cycles today: {CYCLES_TODAY[g]}"))
    if g in CYCLES_TODAY else g for g in GAMES
])
def test_no_import_cycles_inside_a_game_package(name):
    package = f"gamelib.rules.{name}"
    found = cycles(import_graph(PKG / "rules" / name, package))
    assert not found, f"{package} has import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_cycles_in_the_core():
    found = cycles(import_graph(PKG / "core", "gamelib.core"))
    assert not found, found


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
    graph = import_graph(pkg, "toy")
    assert graph == {"toy.a": {"toy.b"}, "toy.b": {"toy.a"}, "toy.c": set()}
    assert cycles(graph) == [["toy.a", "toy.b"]]
