"""What pyproject.toml cannot say: the compiled Interrogation search and Walk the Plank playouts, and the Jupyter files.

The compiled search is optional: without a C compiler (or Python's headers) the install goes on
without it and gamelib.strategy.walking_deck runs its Python search instead, with the same
values. GAMELIB_PURE=1 leaves it out on purpose: a pure py3-none-any wheel, as the static site needs
(a browser's Python loads no compiled extension built here; static/build.py sets it).

The Jupyter files are installed under the environment's prefix, where every Jupyter program of
that environment looks (Jupyter's config and data paths): ``etc/jupyter`` (the Voilà settings,
and the Jupyter Server settings that give JupyterLab's Voilà our page template) and
``share/jupyter`` (the page template). So ``.venv/bin/voila notebooks/...`` or ``.venv/bin/jupyter
lab`` started anywhere is offline and uses our settings, without ``JUPYTER_CONFIG_PATH``. They are
copies, in an editable install too: ``make`` installs again whenever one of them changes, and
tests/test_voila_settings.py says when an environment's copies are out of date."""
import os
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
JUPYTER_FILES = ("etc/jupyter", "share/jupyter")
PURE = os.environ.get("GAMELIB_PURE", "") not in ("", "0")


def jupyter_data_files() -> list[tuple[str, list[str]]]:
    """(folder under the prefix, [files]) for every file of etc/jupyter and share/jupyter."""
    found: dict[str, list[str]] = {}
    for top in JUPYTER_FILES:
        for path in sorted((HERE / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(HERE)
                found.setdefault(rel.parent.as_posix(), []).append(rel.as_posix())
    return sorted(found.items())


setup(ext_modules=[] if PURE else [Extension("gamelib.strategy._wds", ["gamelib/strategy/_wds.c"], optional=True,
                                             extra_compile_args=["-O3"]),
                                   Extension("gamelib.rules.walk_the_plank._fastplay",
                                             ["gamelib/rules/walk_the_plank/_fastplay.c"], optional=True,
                                             extra_compile_args=["-O3"])],
      data_files=jupyter_data_files())
