"""The jail: a kernel for student code, launched under limits and bubblewrap.

`SandboxKernelManager` (set as the executor's kernel manager, see autograder.execute) (a jupyter_client AsyncKernelManager) launches the kernel under
  `prlimit` (address space, CPU seconds, file size, open files) and, when Debian's `bwrap` is
  installed, inside bubblewrap: no network (own network namespace; the kernel talks to nbgrader
  over unix sockets, transport "ipc", in a private folder), the whole file system read-only,
  /tmp, /run, the course's build/sources/out folders and the repository hidden (empty tmpfs, so
  neither the gradebook nor the hidden tests nor the solutions can be read), and one private
  writable working directory.
"""
import os
import shutil
import sys
import tempfile
from pathlib import Path

from jupyter_client.manager import AsyncKernelManager
from traitlets import Bool, Integer, List, Unicode

from autograder import ROOT

KERNEL_PACKAGE = ROOT / "autograder" / "kernel"  # what runs in the kernel beside student code: the probe
STARTUP = "import autograder_kernel.startup"  # a warm kernel: torch loaded, the probe's baseline taken


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


class SandboxKernelManager(AsyncKernelManager):
    """A kernel launched under prlimit and bubblewrap (see the module docstring)."""

    memory_mb = Integer(4096, help="address-space cap of the kernel (RLIMIT_AS), MiB; 0: none").tag(config=True)
    cpu_seconds = Integer(300, help="CPU-time cap of the kernel (RLIMIT_CPU), seconds; 0: none").tag(config=True)
    file_size_mb = Integer(64, help="largest file the kernel may write, MiB").tag(config=True)
    open_files = Integer(256, help="open file descriptors of the kernel").tag(config=True)
    preload = List(Unicode(), ["torch"], help="modules a kernel imports as it starts, before student code").tag(
        config=True)
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
        jail += ["--bind", self._rundir, self._rundir, "--bind", str(self._workdir), str(cwd),
                 "--ro-bind", str(KERNEL_PACKAGE), os.path.join(self._rundir, "py", "autograder_kernel")]
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
        # the probe's package, importable as autograder_kernel (the rest of the repository stays hidden)
        package = Path(self._rundir) / "py" / "autograder_kernel"
        package.parent.mkdir()
        env["PYTHONPATH"] = str(package.parent)
        env["AUTOGRADER_PRELOAD"] = ",".join(self.preload)
        kw["env"] = env
        kernel_cmd = [*kernel_cmd, f"--IPKernelApp.exec_lines={STARTUP}"]
        if self.isolate and bwrap_path():
            package.mkdir()
            kernel_cmd = self._limits() + self._jail(cwd) + kernel_cmd
        else:
            package.symlink_to(KERNEL_PACKAGE)
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


def python_prefixes() -> list[str]:
    """Folders the kernel needs even when they lie inside a hidden folder (the virtual environment)."""
    prefixes = (sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix)
    return sorted({str(Path(p).resolve()) for p in prefixes} | {str(ROOT / ".venv")})
