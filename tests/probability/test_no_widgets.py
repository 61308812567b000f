"""gamelib.probability is maths only: the dashboards and worker processes import it, so it
never imports widgets, plotting, notebooks, progress bars or tables (developers' brief)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "gamelib" / "probability"
FORBIDDEN = ("ipywidgets", "matplotlib", "IPython", "voila", "tqdm", "pandas", "scipy",
             "gamelib.widgets", "gamelib.render", "gamelib.lessons")


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(("." * node.level) + node.module)
    return names


@pytest.mark.parametrize("path", sorted(PKG.rglob("*.py")), ids=lambda p: str(p.relative_to(PKG)))
def test_probability_imports_no_widgets_plotting_or_scipy(path):
    bad = [n for n in _imports(path)
           if n.startswith(FORBIDDEN) or n.lstrip(".").startswith(("widgets", "render", "lessons"))]
    assert not bad, f"{path.name} imports {bad}"


def test_the_check_sees_the_package():
    found = {str(p.relative_to(PKG)) for p in PKG.rglob("*.py")}
    assert {"__init__.py", "stats.py", "walking_deck/__init__.py", "walk_the_plank/rounds.py",
            "deadland/trials.py"} <= found
