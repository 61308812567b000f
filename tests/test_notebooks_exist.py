"""The notebooks are committed executed (nbval compares against their saved outputs), so a
notebook saved without running, or with an error in it, fails here with a clear message."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
REQUIRED = ["00-start-here.ipynb",
            "tutorials/the-walking-deck.ipynb", "dashboards/the-walking-deck.ipynb",
            "tutorials/walk-the-plank.ipynb", "dashboards/walk-the-plank.ipynb",
            "tutorials/deadland.ipynb", "dashboards/deadland.ipynb"]


@pytest.mark.parametrize("name", REQUIRED)
def test_notebook_is_saved_executed_without_errors(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, f"{name} has no code cell"
    for i, cell in enumerate(code):
        assert cell.get("execution_count") is not None, f"{name}: code cell {i} was never run; execute and save it"
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"{name}: code cell {i} saved with an error: {errors[0].get('ename')}"
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{name} was not run top to bottom in one go: {counts}"


def test_sanitize_file_exists_for_nbval():
    assert "[memory-addresses]" in (NOTEBOOKS / "nbval-sanitize.cfg").read_text()
