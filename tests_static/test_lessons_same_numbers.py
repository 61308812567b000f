"""Same numbers everywhere: each lesson the static site serves, run in a Python kernel where numpy,
pandas, matplotlib and scipy cannot be imported (as in the browser), gives the committed notebook's
outputs (those nbval compares under JupyterLab and Voilà): every sentence and printed line word for
word, every table the same cells (pandas shows them as a DataFrame, the static page as an HTML
table), and a plot wherever the notebook has one. No browser: a kernel per lesson (about 10 s each);
a step of .ci/run with the rest of tests_static/."""
from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
import notebooks as found  # noqa: E402

#: run first in the kernel: the four modules cannot be imported, and none is loaded already
BLOCK = """
import importlib.abc, sys
class _NotInTheBrowser(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("numpy", "pandas", "matplotlib", "scipy"):
            raise ImportError(f"No module named {name!r} (as in the static site's browser Python)")
sys.meta_path.insert(0, _NotInTheBrowser())
assert not [m for m in sys.modules if m.split(".")[0] in ("numpy", "pandas", "matplotlib", "scipy")]
"""
LESSONS = [nb for nb in found.notebooks() if nb.kind == "lessons" and nb.needs is None]
SANITIZE = [(re.compile(r"0x[0-9a-fA-F]{6,16}"), "0xADDRESS")]


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.inside = False

    def handle_starttag(self, tag, attrs):
        if tag in ("td", "th"):
            self.inside = True
            self.cells.append("")

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.cells[-1] += data


def _cells(page: str) -> set[str]:
    """A table's cells, as a set: pandas labels the index on a row of its own and shows a label
    repeated down a multi-index once, an HTML table on every row; it cuts text longer than 50
    characters to 46 and "..." (so cells are compared on their first 40)."""
    parser = _Cells()
    parser.feed(page)
    return {c.strip()[:40] for c in parser.cells if c.strip()}


def comparable(cell: dict) -> list[tuple[str, object]]:
    """What a student reads in a code cell's outputs: text, tables' cells, 'a plot', 'a widget'."""
    out: list[tuple[str, object]] = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out.append(("text", "".join(o["text"])))
        elif o["output_type"] in ("display_data", "execute_result"):
            data = o["data"]
            page = "".join(data.get("text/html", ""))
            if "application/vnd.jupyter.widget-view+json" in data:
                out.append(("widget", None))
            elif "text/markdown" in data:
                out.append(("markdown", "".join(data["text/markdown"])))
            elif "gl-progress" in page:
                continue  # the progress line: its last state depends on the machine's speed
            elif "image/png" in data or "gl-plot" in page:
                out.append(("plot", None))
            elif "<table" in page:
                out.append(("table", _cells(page)))
            else:
                out.append(("other", page or "".join(data.get("text/plain", ""))))
        elif o["output_type"] == "error":
            out.append(("error", f"{o['ename']}: {o['evalue']}"))
    for i, (kind, value) in enumerate(out):
        if isinstance(value, str):
            for pattern, repl in SANITIZE:
                value = pattern.sub(repl, value)
            out[i] = (kind, value)
    return out


@pytest.mark.parametrize("nb", LESSONS, ids=lambda nb: nb.rel)
def test_a_served_lesson_gives_the_same_outputs_without_numpy(nb):
    path = found.NOTEBOOKS / nb.rel
    committed = json.loads(path.read_text())
    run = nbformat.read(path, as_version=4)
    run.cells.insert(0, nbformat.v4.new_code_cell(BLOCK))
    NotebookClient(run, timeout=300, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    first = run.cells[0].get("outputs", [])
    assert not [o for o in first if o["output_type"] == "error"], f"numpy & co. were loaded already: {first}"
    want = [comparable(c) for c in committed["cells"] if c["cell_type"] == "code"]
    got = [comparable(c) for c in run.cells[1:] if c["cell_type"] == "code"]
    assert len(want) == len(got)
    kinds = [k for cell in got for k, _ in cell]
    assert "error" not in kinds, [v for cell in got for k, v in cell if k == "error"]
    assert "plot" in kinds and "table" in kinds and "widget" in kinds
    for i, (w, g) in enumerate(zip(want, got)):
        assert g == w, f"{nb.rel}, code cell {i + 1}"
