"""Imports inside a game package run in one direction (docs/engine.md: cards, state, rules,
views/odds/scenario, game, agents), and the core has no cycle either. Every import counts, also
those inside functions (a lazy import is still a cycle in the design); only ``if TYPE_CHECKING:``
imports are left out. The imports are read by tests/test_layering.py's reader, which also checks
the whole package's cycles and the direction between its layers."""
from __future__ import annotations

import pytest

from .test_layering import PKG, cycles, graph, package_graph

#: game packages with import cycles today; the per-game refactor removes them (issue 8)
CYCLES_TODAY = {
}


def inside(g: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The imports between the modules of ``package`` (its ``__init__`` left out)."""
    mods = {m for m in g if m.startswith(package + ".")}
    return {m: g[m] & mods for m in mods}


GAMES = sorted(p.name for p in (PKG / "rules").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("name", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=f"import cycles today: {CYCLES_TODAY[g]}"))
    if g in CYCLES_TODAY else g for g in GAMES
])
def test_no_import_cycles_inside_a_game_package(name):
    package = f"gamelib.rules.{name}"
    found = cycles(inside(package_graph(), package))
    assert not found, f"{package} has import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_cycles_in_the_core():
    found = cycles(inside(package_graph(), "gamelib.core"))
    assert not found, found


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
    g = inside(graph(pkg), "toy")
    assert g == {"toy.a": {"toy.b"}, "toy.b": {"toy.a"}, "toy.c": set()}
    assert cycles(g) == [["toy.a", "toy.b"]]
