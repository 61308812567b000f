"""The repository's Voilà settings (etc/jupyter/) read as Voilà reads them, without a server: a
failed cell always leaves a message on the page (issue 15, "a clear page"); the cap on visitors'
kernels and their release (issue 23, voila_kernel_limits.py), against a stand-in for Voilà's
kernel manager; and the environment's installed copies of the settings and the template are
those of the work tree (issue 23: every Voilà of the environment uses them)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from unittest import mock

import nbformat
from traitlets.config import Config
from voila.execute import VoilaExecutor, strip_code_cell_warnings

ROOT = Path(__file__).resolve().parents[1]


SETTINGS = ROOT / "etc" / "jupyter"


def _settings() -> Config:
    import voila.app

    c = Config()
    path = SETTINGS / "voila.py"
    # the file sets JUPYTER_PATH and wraps Voilà's kernel manager factory: not for the rest of the suite
    with mock.patch.dict(os.environ), mock.patch.object(voila.app, "voila_kernel_manager_factory",
                                                       voila.app.voila_kernel_manager_factory):
        exec(compile(path.read_text(), str(path), "exec"), {"get_config": lambda: c, "__file__": str(path)})
    c.merge(Config(json.loads((SETTINGS / "voila.json").read_text())))
    return c


def _shown(cell, reply, config: Config) -> nbformat.NotebookNode:
    """What Voilà puts on the page for a cell that failed with ``reply`` (notebook_renderer's
    CellExecutionError branch, after nbclient's on_cell_error hook)."""
    hook = config.VoilaExecutor.on_cell_error
    hook(cell=cell, cell_index=1, execute_reply=reply)
    ex = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
    strip_code_cell_warnings(cell)
    ex.strip_code_cell_errors(cell)
    return cell


def test_a_cell_interrupted_with_only_stderr_still_says_what_to_do():
    # what the kernel sends when the time limit's interrupt lands inside an import
    config = _settings()
    cell = nbformat.v4.new_code_cell("from voila.utils import wait_for_request")
    cell.execution_count = 1
    cell.outputs = [nbformat.v4.new_output("stream", name="stderr", text="\nKeyboardInterrupt\n\n")]
    reply = {"content": {"status": "error", "ename": "KeyboardInterrupt", "evalue": "", "traceback": []}}
    shown = _shown(cell, reply, config)
    texts = [line for o in shown.outputs for line in o.get("traceback", [])]
    assert len(shown.outputs) == 1 and shown.outputs[0].output_type == "error"
    assert any(config.VoilaExecutor.cell_error_instruction in t for t in texts), texts


def test_a_cell_with_its_own_error_output_gets_no_second_one():
    config = _settings()
    cell = nbformat.v4.new_code_cell("1/0")
    cell.execution_count = 2
    cell.outputs = [nbformat.v4.new_output("error", ename="ZeroDivisionError", evalue="division by zero",
                                           traceback=["ZeroDivisionError"])]
    reply = {"content": {"status": "error", "ename": "ZeroDivisionError", "evalue": "division by zero"}}
    shown = _shown(cell, reply, config)
    assert [o.output_type for o in shown.outputs] == ["error"]
    assert config.VoilaExecutor.cell_error_instruction in shown.outputs[0].traceback[0]


def test_the_cell_time_limit_spares_nothing_outside_voila():
    # outside Voilà's pre-start task every cell has the limit (the default, 60 s)
    config = _settings()
    assert config.VoilaExecutor.timeout_func(nbformat.v4.new_code_cell("x")) == 60
