"""Voilà settings for serving a class (docs/deploy.md explains each figure).

Installed with the package into the environment's Jupyter config folder (``<prefix>/etc/jupyter``,
with ``voila.json`` and ``voila_kernel_limits.py`` beside it; setup.py, and ``make`` for an
editable install), so every Voilà started from the environment reads it, wherever it starts. The
repository's copy is read first when ``JUPYTER_CONFIG_PATH`` names this folder (the browser tests
do, so they test the files as they are in the work tree). Its folder is not a Python package nor
on any ``sys.path``, so nothing imports it by accident (a ``voila.py`` in the repository root
shadowed the ``voila`` package for every Python started there).

The settings that JSON can say (culling, kernel and IOPub timeouts, messages for students) are in
``voila.json``. Here are the ones that need Python:

* the page template ``gamelib`` (share/jupyter/voila/templates/gamelib): Voilà's lab template
  without links to a CDN, with a loading notice, a clear page when no game can be started and
  one when the server is full;
* pre-started kernels, a pool per dashboard sized for a class (lessons and tutorials excluded);
* limits on the kernels visitors hold (voila_kernel_limits.py): a cap per dashboard and in
  total, and a kernel released within seconds once its page is gone or never came;
* the time limit of a cell, which must spare a pre-started kernel's wait for its visitor;
* a failed cell always says so on the page (see ``show_every_failure``).
"""
import asyncio
import os
import sys
import types
from pathlib import Path

c = get_config()  # noqa: F821 - provided by traitlets when it reads this file

HERE = Path(__file__).resolve().parent

# Voilà finds templates on the Jupyter data path: the share/jupyter beside this etc/jupyter first
# (the repository's, or the environment's prefix, which is on the path anyway).
SHARE = HERE.parents[1] / "share" / "jupyter"
if SHARE.is_dir():
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(SHARE), os.environ.get("JUPYTER_PATH", "")) if p
    )
c.VoilaConfiguration.template = "gamelib"

# Pre-started kernels: each dashboard keeps POOL kernels that have already run its notebook up
# to the point where it waits for a visitor's URL (dashboard() reads the query string then), so
# a student's page needs no kernel start. A kernel costs ~0.6 CPU-seconds to start and ~45 MB
# to keep; POOL is sized so a class arriving within a minute is served from the pool while it
# refills (docs/deploy.md: "Sizing the pool"). `make demo POOL=n` or --pool_size=n changes it.
POOL = 10
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = POOL
# A used kernel is replaced this many seconds later. Keep it short: once the pool is used up,
# Voilà makes later visitors wait for the refills (it counts a kernel still starting as in the
# pool), so the refills are the queue's pace.
c.VoilaKernelManager.fill_delay = 1
# Only the dashboards wait for their visitor: a lesson or a tutorial served from a pool would run
# whole, ten times over, when the server starts (`voila notebooks/lessons/01-....ipynb` by hand).
c.VoilaKernelManager.preheat_denylist = ["lessons/", "tutorials/", "00-start-here"]


def _load_kernel_limits() -> types.ModuleType:
    """voila_kernel_limits.py, beside this file, as a module (exec'd: no __pycache__ is left in
    a config folder). The last copy read wins (see its ``install``)."""
    path = HERE / "voila_kernel_limits.py"
    module = types.ModuleType("gamelib_voila_kernel_limits")
    module.__file__ = str(path)
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    return module


# Visitors' kernels: at most 40 for one dashboard and 60 in all (a class of 30 with reloads and
# the teacher's screen, on one dashboard or two; memory in docs/deploy.md, "Kernels and memory");
# a kernel with no browser behind it is released 30 s after its page was sent, one whose page
# stopped loading 120 s after its last sign of life; a closed tab's at once (the page's beacon), one
# whose connection dropped 130 s after (its page tries to reconnect for 127 s), or 15 s after when
# a new visitor needs its place.
# `--KernelLimits.per_dashboard=n` etc. change them.
_limits = _load_kernel_limits()
_limits.install()
# the end of each request, so a page's grace counts from the moment it has been sent
c.Voila.tornado_settings = {"log_function": _limits.log_request}
c.KernelLimits.per_dashboard = 40
c.KernelLimits.total = 60
c.KernelLimits.connect_within = 30.0
c.KernelLimits.loading_within = 120.0
c.KernelLimits.release_after = 130.0
c.KernelLimits.reclaim_after = 15.0

# The time limit of a cell that someone is waiting for (nbclient's per-cell timeout; on expiry
# the page shows the message in voila.json's VoilaExecutor.cell_timeout_instruction).
CELL_TIME_LIMIT = int(os.environ.get("GAMELIB_CELL_TIME_LIMIT", "60"))


def cell_time_limit(cell):
    """Seconds allowed for ``cell``; None for no limit.

    nbclient counts a cell's time from its start. A pre-started kernel runs the dashboard while
    nobody waits for it, and its first cell blocks until a visitor arrives, however long that is:
    a plain ``VoilaExecutor.timeout`` would fail every pool kernel older than the limit (tried:
    with 10 s, each page then said "Cell execution timed out"). So the cells that a pool runs
    ahead of time (in Voilà's ``generate_content_hybrid`` task) have no limit here, and every
    cell run while a visitor waits (in a kernel started for the request, or a pool kernel's later
    cells) has CELL_TIME_LIMIT. For the pool's first cell, the page itself says when it waits too
    long (the template's notice) and tests/browser/test_serving_strict.py checks both halves."""
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no running loop: not Voilà's renderer
        task = None
    coro = task.get_coro() if task is not None else None
    if getattr(coro, "__qualname__", "").endswith("generate_content_hybrid"):
        return None
    return CELL_TIME_LIMIT


c.VoilaExecutor.timeout_func = cell_time_limit


def show_every_failure(cell, cell_index, execute_reply):
    """Give a failed cell an error output if the kernel sent none, so the page says what to do.

    Voilà hides stderr and replaces each error output by ``cell_error_instruction``; a cell with
    neither is shown as nothing, and the page just stops. That happens when the time limit's
    interrupt lands in the middle of an import: the kernel replies "error" but writes only
    "KeyboardInterrupt" to stderr (seen in CI on a loaded machine, and by running nbclient with a
    1 s limit on ``from voila.utils import wait_for_request``). nbclient calls this hook on every
    failed cell before Voilà strips it."""
    outputs = cell.setdefault("outputs", [])
    if any(o.get("output_type") == "error" for o in outputs):
        return
    import nbformat  # here, not at the top: a config file stays cheap to read

    content = (execute_reply or {}).get("content", {})
    outputs.append(nbformat.v4.new_output(
        "error", ename=content.get("ename") or "Error", evalue=content.get("evalue") or "", traceback=[]))


c.VoilaExecutor.on_cell_error = show_every_failure
