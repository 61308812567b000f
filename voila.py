"""Voila settings for this repository, read when voila starts in the repository root
(``make demo`` and the browser tests do). The one place for serving settings.

* The page template ``gamelib`` (share/jupyter/voila/templates/gamelib) is Voila's lab template
  without the links to a CDN: the dashboards request nothing from outside the server.

A Python file (not voila.json) because the template's folder is found relative to this file.
Its name shadows the ``voila`` package for a Python started in this folder (``python -c``,
pytest's rootdir): gamelib imports Voila only inside dashboard kernels, which run in
notebooks/dashboards."""
import os
from pathlib import Path

c = get_config()  # noqa: F821 - provided by traitlets when it reads this file

HERE = Path(__file__).resolve().parent
# Voila finds templates on the Jupyter data path; put this repository's share/jupyter first.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    p for p in (str(HERE / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")) if p
)
c.VoilaConfiguration.template = "gamelib"
