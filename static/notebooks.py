"""Which notebooks the static site has, found rather than listed: ``00-start-here``, every tutorial
and every lesson in notebooks/ (a lesson added later is picked up by the next build). Shared by
static/build.py (the pages and the landing page) and tests_static/ (each page runs to its end).

A notebook with code runs in the browser unless it needs what the browser's Python lacks here:
numpy, pandas, matplotlib and scipy have no WebAssembly build in the registries this project uses
(docs/deploy.md, "A static site"), and ``gamelib.lessons`` builds every lesson's tables, plots and
simulations on them. Such a notebook gets no page (a page that stops on an ImportError helps no
student); the landing page lists it with the reason, and the classroom server runs it."""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: modules the browser's Python does not have (no Pyodide build reachable from PyPI or npm)
UNSERVED = ("numpy", "pandas", "matplotlib", "scipy")
#: gamelib's packages built on them: importing one needs them too
BUILT_ON_UNSERVED = ("gamelib.lessons",)


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


def imported(nb: dict) -> list[str]:
    """Every module a notebook's code cells import (``from gamelib import lessons`` counts as
    ``gamelib.lessons``)."""
    names: list[str] = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse(_code("".join(cell["source"])))
        except SyntaxError:
            continue  # a cell the kernel would refuse anyway; the test of the page says so
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.append(node.module)
                names += [f"{node.module}.{a.name}" for a in node.names]
    return names


def needs_server(nb: dict) -> str | None:
    """What the notebook needs that the browser lacks (``"numpy, pandas"``), or None."""
    names = imported(nb)
    direct = sorted({n.split(".")[0] for n in names if n.split(".")[0] in UNSERVED})
    if direct:
        return ", ".join(direct)
    built = sorted({b for n in names for b in BUILT_ON_UNSERVED if n == b or n.startswith(b + ".")})
    if built:
        return f"{', '.join(built)}, built on numpy, pandas and matplotlib"
    return None


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
