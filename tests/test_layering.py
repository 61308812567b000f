"""Rules code never imports widgets, plotting or notebook machinery (developers' brief).
The engine must run headless, in worker processes and in plain scripts."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "gamelib"
RULES = sorted(p for d in ("core", "rules") for p in (PKG / d).rglob("*.py")) + [
    PKG / "agents.py", PKG / "testing.py",
]
FORBIDDEN = ("ipywidgets", "matplotlib", "IPython", "voila", "gamelib.widgets", "gamelib.render", "tqdm", "pandas")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(("." * node.level) + node.module)
    return names


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(PKG)))
def test_rules_code_imports_no_widgets_or_plotting(path):
    bad = [n for n in _imports(path) if n.startswith(FORBIDDEN) or ".widgets" in n or ".render" in n]
    assert not bad, f"{path.name} imports {bad}"


def test_the_check_sees_every_rules_module():
    assert len(RULES) > 20 and PKG / "core" / "state.py" in RULES
