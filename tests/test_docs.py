"""docs/rules-coverage.md must not name tests that do not exist, and must cover every game."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _test_functions() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_every_test_named_in_the_coverage_doc_exists():
    doc = (ROOT / "docs" / "rules-coverage.md").read_text()
    named = set(re.findall(r"\btest_[A-Za-z0-9_]+(?=[`\[(,\s|]|$)", doc)) - {"test_"}
    named = {n for n in named if not n.endswith("_py")}
    missing = sorted(named - _test_functions())
    assert len(named) > 100
    assert not missing, f"rules-coverage.md names tests that do not exist: {missing}"


def test_rulings_and_coverage_have_a_section_per_game():
    for doc in ("rulings.md", "rules-coverage.md"):
        heads = re.findall(r"^# (.+)$", (ROOT / "docs" / doc).read_text(), flags=re.M)
        assert heads == ["The Walking Deck", "Walk the Plank", "Deadland"], (doc, heads)
