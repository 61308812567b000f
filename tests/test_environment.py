"""environment.yml (conda, Binder) and pyproject.toml must list the same packages (foundation issue)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from gamelib.core.cards import tomllib

ROOT = Path(__file__).resolve().parents[1]


def _split(req: str) -> tuple[str, str]:
    name, spec = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", req).groups()
    return name.lower().replace("_", "-"), spec.replace(" ", "")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(_split(r) for r in project["dependencies"] if ";" not in r)  # markers: other Pythons only
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = [d for d in env["dependencies"] if isinstance(d, dict)]
    listed = dict(_split(d) for d in conda if not d.startswith(("python", "pip")))
    assert listed == wanted, f"environment.yml lists {listed}, pyproject.toml {wanted}"
    # not "-e .": an editable install leaves out the data files (the Voila settings and template)
    assert pip == [{"pip": ["."]}]


def test_environment_python_satisfies_requires_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pinned = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python="))
    major, minor = map(int, pinned.split("=")[1].split("."))
    low = tuple(map(int, re.match(r">=(\d+)\.(\d+)", project["requires-python"]).groups()))
    assert (major, minor) >= low
