"""Run student code in a sandbox: nbgrader's Execute preprocessor with a jailed kernel and limits.

Two nbgrader/jupyter extension points, both set through configuration (see grade.sandbox_config):

- `SandboxKernelManager` (a jupyter_client AsyncKernelManager) launches the kernel under
  `prlimit` (address space, CPU seconds, file size, open files) and, when Debian's `bwrap` is
  installed, inside bubblewrap: no network (own network namespace; the kernel talks to nbgrader
  over unix sockets, transport "ipc", in a private folder), the whole file system read-only,
  /tmp, /run, the course's build/sources/out folders and the repository hidden (empty tmpfs, so
  neither the gradebook nor the hidden tests nor the solutions can be read), and one private
  writable working directory.
- `SandboxExecute` (a subclass of nbgrader's Execute preprocessor) adds a whole-notebook deadline
  to the per-cell timeout, and turns a hang, a dead kernel (out-of-memory kill, `os._exit`,
  CPU limit) into an error output on the cell where it happened and on every cell after it
  ("NotExecuted"), so nbgrader's SaveAutoGrades scores them 0 and the batch goes on.
"""
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Bool, Float, Integer, List, Unicode

from autograder import ROOT

TIMEOUT_ENAME = "CellTimeoutError"
NOT_EXECUTED_ENAME = "NotExecuted"
KERNEL_DIED_ENAME = "KernelDied"
TIMED_OUT = "an earlier cell timed out"


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


class SandboxKernelManager(AsyncKernelManager):
    """A kernel launched under prlimit and bubblewrap (see the module docstring)."""

    memory_mb = Integer(4096, help="address-space cap of the kernel (RLIMIT_AS), MiB; 0: none").tag(config=True)
    cpu_seconds = Integer(300, help="CPU-time cap of the kernel (RLIMIT_CPU), seconds; 0: none").tag(config=True)
    file_size_mb = Integer(64, help="largest file the kernel may write, MiB").tag(config=True)
    open_files = Integer(256, help="open file descriptors of the kernel").tag(config=True)
    threads = Integer(1, help="OMP/MKL/torch threads per kernel (workers run side by side); 0: default").tag(
        config=True)
    isolate = Bool(True, help="jail the kernel with bubblewrap (no network, private files)").tag(config=True)
    require_isolation = Bool(os.environ.get("AUTOGRADER_REQUIRE_SANDBOX") == "1",
                             help="refuse to grade when bwrap is missing").tag(config=True)
    hide_paths = List(Unicode(), help="folders the kernel must not see (the gradebook's among them)").tag(config=True)
    expose_paths = List(Unicode(), help="folders inside hidden ones to show read-only again").tag(config=True)

    _workdir: Path | None = None
    _rundir: str | None = None

    def _limits(self) -> list[str]:
        limits = [f"--fsize={self.file_size_mb << 20}", f"--nofile={self.open_files}", "--core=0"]
        if self.memory_mb:
            limits.append(f"--as={self.memory_mb << 20}")
        if self.cpu_seconds:
            limits.append(f"--cpu={self.cpu_seconds}")
        return ["prlimit", *limits, "--"]

    def _jail(self, cwd: Path) -> list[str]:
        jail = [bwrap_path(), "--die-with-parent", "--unshare-all", "--cap-drop", "ALL",
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                "--tmpfs", "/tmp", "--tmpfs", "/run", "--tmpfs", "/dev/shm"]
        for path in sorted({str(Path(p).resolve()) for p in self.hide_paths} - {"/"}, key=len):
            if os.path.isdir(path):
                jail += ["--tmpfs", path]
            elif os.path.isfile(path):  # a file (the submitted zip): seen as empty
                jail += ["--ro-bind", "/dev/null", path]
        for path in self.expose_paths:
            if os.path.exists(path):
                jail += ["--ro-bind", path, path]
        jail += ["--bind", self._rundir, self._rundir, "--bind", str(self._workdir), str(cwd)]
        # the empty tmpfs over hidden folders must not take writes either
        for path in ["/tmp", "/run", *sorted({str(Path(p).resolve()) for p in self.hide_paths} - {"/"}, key=len)]:
            if os.path.isdir(path):
                jail += ["--remount-ro", path]
        jail += ["--chdir", str(cwd),
                 # ipykernel would take bwrap's own pid 1 for a dead parent and quit
                 "--setenv", "JPY_PARENT_PID", "1"]
        return jail + ["--"]

    async def _async_pre_start_kernel(self, **kw):
        # Unix sockets in a short private folder (a socket path has at most 107 characters).
        self._rundir = tempfile.mkdtemp(prefix="agk-", dir="/tmp")
        self.transport = "ipc"
        self.connection_file = os.path.join(self._rundir, "kernel.json")
        self.ip = os.path.join(self._rundir, "k")
        return await super()._async_pre_start_kernel(**kw)

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        cwd = Path(kw.get("cwd") or os.getcwd()).resolve()
        # The kernel's private working directory: an empty folder, seen at the notebook's path.
        self._workdir = Path(tempfile.mkdtemp(prefix="work-", dir=self._rundir))
        home = str(cwd)
        env = dict(kw.get("env") or os.environ)
        env.update(HOME=home, TMPDIR=home, MPLCONFIGDIR=f"{home}/.config/matplotlib", MPLBACKEND="agg",
                   IPYTHONDIR=f"{home}/.ipython", JUPYTER_CONFIG_DIR=f"{home}/.jupyter",
                   JUPYTER_DATA_DIR=f"{home}/.jupyter/data", JUPYTER_RUNTIME_DIR=self._rundir,
                   PYTHONDONTWRITEBYTECODE="1", NBGRADER_EXECUTION="autograde")
        for secret in ("PGPASSWORD", "DATABASE_URL", "AUTOGRADER_DB"):
            env.pop(secret, None)
        if self.threads:
            env.update(OMP_NUM_THREADS=str(self.threads), MKL_NUM_THREADS=str(self.threads))
        kw["env"] = env
        if self.isolate and bwrap_path():
            kernel_cmd = self._limits() + self._jail(cwd) + kernel_cmd
        else:
            if self.isolate and self.require_isolation:
                raise RuntimeError("bwrap (Debian package bubblewrap) is required to sandbox student code")
            if self.isolate:
                self.log.warning("bwrap is missing: the kernel runs with rlimits only, without a jail")
            kernel_cmd = self._limits() + kernel_cmd
        await super()._async_launch_kernel(kernel_cmd, **kw)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if self._rundir and not restart:
            shutil.rmtree(self._rundir, ignore_errors=True)


def _error(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


class SandboxExecute(Execute):
    """nbgrader's Execute with a jailed kernel, a notebook deadline, and no crash on a dead kernel."""

    notebook_timeout = Float(600, help="seconds all cells of one notebook may run together").tag(config=True)
    kill_on_timeout = Bool(True, help="after a cell times out, stop the kernel: later cells are not run").tag(
        config=True)

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = SandboxKernelManager
        super().__init__(*args, **kwargs)
        # A hidden test cell must run even when a student tags it so; the release uses no such tag.
        self.skip_cells_with_tag = "autograder-never-skip"

    def preprocess(self, nb, resources=None, km=None):
        self._deadline = None  # set when the first cell runs: kernel start-up does not count
        self._stopped = ""  # why later cells are not run: "" while the kernel is healthy
        try:
            return super().preprocess(nb, resources, km)
        except (DeadKernelError, RuntimeError) as error:  # the kernel died before the first cell (start-up)
            self.log.warning("the kernel could not start: %s", error)
            for cell in nb.cells:
                if cell.cell_type == "code" and not any(o.output_type == "error" for o in cell.get("outputs", [])):
                    cell.outputs = [_error(NOT_EXECUTED_ENAME, "the kernel could not run the notebook")]
            return nb, resources

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code" or not cell.source.strip():
            return cell, resources
        if self._stopped:
            # after a timeout the rest counts as timed out too; after a crash, as not run (missing)
            ename = TIMEOUT_ENAME if self._stopped == TIMED_OUT else NOT_EXECUTED_ENAME
            cell.outputs = [_error(ename, "not run: " + self._stopped)]
            return cell, resources
        if self._deadline is None:
            self._deadline = time.monotonic() + self.notebook_timeout
        remaining = self._deadline - time.monotonic()
        if remaining <= 1:
            # the same words whether the deadline fell inside a cell or between two: grades and
            # messages must not depend on the machine's speed more than the limits make them
            self._stopped = TIMED_OUT
            cell.outputs = [_error(TIMEOUT_ENAME, self._limits_text())]
            return cell, resources
        per_cell = self.timeout
        self.timeout = int(min(per_cell or remaining, remaining))
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except CellTimeoutError:  # no output for too long (nbclient raises instead of recording it)
            cell.outputs = list(cell.get("outputs", [])) + [_error(TIMEOUT_ENAME, "")]
        except DeadKernelError:
            self._stopped = "the kernel died in an earlier cell"
            cell.outputs = list(cell.get("outputs", [])) + [_error(
                KERNEL_DIED_ENAME, "the kernel died while running this cell (memory or CPU limit, or exit)")]
            return cell, resources
        finally:
            self.timeout = per_cell
        if any(o.output_type == "error" and o.ename == TIMEOUT_ENAME for o in cell.outputs):
            for output in cell.outputs:
                if output.output_type == "error" and output.ename == TIMEOUT_ENAME:
                    output.evalue = self._limits_text()
                    output.traceback = [f"{TIMEOUT_ENAME}: {output.evalue}"]
            if self.kill_on_timeout:
                self._stopped = TIMED_OUT
                self._kill_kernel()
        return cell, resources

    def _limits_text(self) -> str:
        return (f"the cell ran past the time limit ({self.timeout} s per cell, "
                f"{self.notebook_timeout:g} s per notebook)")

    def _kill_kernel(self):
        try:
            if self.km is not None:
                from nbclient.util import run_sync
                run_sync(self.km.shutdown_kernel)(now=True)
        except Exception as error:  # the kernel is being killed anyway
            self.log.warning("could not stop the kernel: %s", error)


def python_prefixes() -> list[str]:
    """Folders the kernel needs even when they lie inside a hidden folder (the virtual environment)."""
    prefixes = (sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix)
    return sorted({str(Path(p).resolve()) for p in prefixes} | {str(ROOT / ".venv")})
