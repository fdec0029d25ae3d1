"""Run by every grading kernel as it starts, before the notebook's first cell (see
autograder.sandbox.jail.SandboxKernelManager._startup): load the modules the notebooks use (AUTOGRADER_PRELOAD,
e.g. "torch"), so the kernel is warm when a notebook arrives, cap the output of its cells
(autograder_kernel.output), and take the probe's baseline of an untouched kernel."""
import importlib
import os

from IPython import get_ipython

from . import output
from .probe import take_baseline


def start(cell_bytes: int, notebook_bytes: int) -> None:
    for module in filter(None, os.environ.get("AUTOGRADER_PRELOAD", "").split(",")):
        importlib.import_module(module)
    output.start(get_ipython(), cell_bytes, notebook_bytes)
    take_baseline()
