"""The sandbox on its own: the jail's command line, and the CPU cap on a live kernel.

The walls (no network, hidden gradebook/sources/solutions, read-only file system, private
directory, memory cap) and hang / os._exit are proven through real grading in test_grade.py.
"""
import os
import time

import nbformat
import pytest
from traitlets.config import Config

from autograder import ROOT
from autograder.execute import KERNEL_DIED_ENAME, NOT_EXECUTED_ENAME, SandboxExecute
from autograder.jail import SandboxKernelManager, bwrap_path

needs_bwrap = pytest.mark.skipif(bwrap_path() is None and os.environ.get("AUTOGRADER_REQUIRE_SANDBOX") != "1",
                                 reason="bubblewrap is not installed (apt-get install bubblewrap)")


def test_jail_hides_the_course_and_exposes_the_venv(tmp_path):
    km = SandboxKernelManager(hide_paths=[str(ROOT), str(tmp_path)], expose_paths=[str(ROOT / ".venv")])
    km._rundir, km._workdir = str(tmp_path / "run"), tmp_path / "work"
    jail = km._jail(tmp_path / "cwd")
    text = " ".join(jail)
    assert "--unshare-all" in jail and "--die-with-parent" in jail and "--cap-drop" in jail
    assert f"--tmpfs {ROOT}" in text and f"--remount-ro {ROOT}" in text
    assert text.index(f"--tmpfs {ROOT}") < text.index(f"--ro-bind {ROOT / '.venv'}")
    assert f"--bind {tmp_path / 'work'} {tmp_path / 'cwd'}" in text and f"--chdir {tmp_path / 'cwd'}" in text
    limits = km._limits()
    assert limits[0] == "prlimit" and f"--as={4096 << 20}" in limits and "--cpu=300" in limits


@needs_bwrap
def test_cpu_cap_kills_only_the_kernel(tmp_path):
    assert bwrap_path(), "AUTOGRADER_REQUIRE_SANDBOX=1 but bwrap is missing"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in ("print('start')", "while True:\n    pass", "print('after')")]
    config = Config()
    config.SandboxKernelManager.cpu_seconds = 3
    config.SandboxKernelManager.hide_paths = [str(ROOT)]
    config.SandboxKernelManager.expose_paths = [str(ROOT / ".venv")]
    config.Execute.timeout = 60
    start = time.perf_counter()
    nb, _ = SandboxExecute(config=config).preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    assert time.perf_counter() - start < 50
    assert nb.cells[0].outputs[0].text == "start\n"
    assert [o.ename for o in nb.cells[1].outputs if o.output_type == "error"] == [KERNEL_DIED_ENAME]
    assert nb.cells[2].outputs[0].ename == NOT_EXECUTED_ENAME
