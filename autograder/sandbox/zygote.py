"""A worker's fork server: one jail, loaded once, from which every notebook's kernel is forked.

Starting a kernel costs about 1.8 CPU-seconds, mostly Python's start-up and `import torch`; on a
machine whose cores all grade, that is half of a notebook's cost. A `Zygote` starts one jail
(autograder.sandbox.jail, the same bubblewrap root, uid, seccomp filter, rlimits, environment and cgroup
as a kernel's) running autograder.sandbox.kernel.zygote, which loads ipykernel and torch once. Each
notebook's kernel is then forked from it, fresh: a new process of the same untouched state, which
the zygote replaces by nothing of a student's. Kernels run one at a time; after each, the zygote
kills every process it left and empties /tmp, /dev/shm and the home folder, and its socket
folder is removed. The kernel's manager waits for that as the kernel shuts down (`settle`), so a
slow cleanup costs that kernel's notebook its time, never the next one; and the next kernel's
folder is made only once the cleanup is done (`kernel_folder`), so nothing left running can reach
it. A zygote that dies or stalls (a kernel may SIGKILL or SIGSTOP it: same uid) is replaced by a
new jail; `Zygote.fork` and `settle` raise ZygoteError for the caller to do so.

SandboxKernelManager(zygote=...) starts its kernel this way (see autograder.sandbox.jail).
"""
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager
from pathlib import Path
from types import SimpleNamespace
from typing import Protocol

from autograder.sandbox.cgroup import Cgroup


class JailSettings(Protocol):
    """What a zygote takes of its kernels' manager (autograder.sandbox.jail.SandboxKernelManager, which imports
    this module): the limits, the modules to preload, and the jail itself."""
    cgroup: bool
    processes: int
    memory_mb: int
    preload_later: list[str]

    def jailed(self, rundir: Path, command: list[str], group: Cgroup | None,
               kernel: bool = True) -> AbstractContextManager[SimpleNamespace]: ...


COMMAND = ["-P", "-m", "autograder_kernel.zygote"]
LOAD_SECONDS = 120  # to start the jail and import torch, on a busy machine
CLEAN_SECONDS = 30  # to kill what a kernel left and empty the folders, or to import the preload_later modules


class ZygoteError(RuntimeError):
    """The fork server died or stopped answering: start a new one."""


def readable(fd: int, seconds: float) -> bool:
    """Whether fd becomes readable within `seconds` (poll: a long-lived worker's descriptors pass 1024)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(seconds * 1000))


class ForkedKernel:
    """The Popen-like handle jupyter_client's provisioner keeps of a kernel the zygote forked (a process
    that is not the grader's child), through a pidfd: no pid reuse can make it point elsewhere."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode = None
        self._fd = os.pidfd_open(pid)

    def poll(self, seconds: float = 0) -> int | None:
        if self.returncode is None and readable(self._fd, seconds):
            self.returncode = -signal.SIGKILL  # not our child: its status is the zygote's to read
            os.close(self._fd)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll(0.1) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            try:
                signal.pidfd_send_signal(self._fd, signum)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class Zygote:
    """The fork server (see the module docstring), started in a new jail with `manager`'s settings."""

    def __init__(self, manager: JailSettings, wait: bool = True):
        """wait=False: return once the jail is started, and let it load while the caller goes on; then
        loaded() waits for it. Only the thread that started a zygote may end (--die-with-parent)."""
        self.rundir = Path(tempfile.mkdtemp(prefix="agz-", dir="/tmp"))
        self.cgroup = None
        self.process = None
        self.pid = None  # the zygote's own pid, once it has loaded
        self._received = b""  # what the zygote wrote that is not read yet
        try:
            self._start(manager)
            if wait:
                self.loaded()
        except BaseException:
            self.close()
            raise

    @property
    def ipc(self) -> Path:
        """Where kernels' folders (connection file, sockets) are made: the same path inside the jail."""
        return self.rundir / "ipc"

    def _start(self, manager: JailSettings) -> None:
        if manager.cgroup:
            self.cgroup = Cgroup.create(manager.processes, manager.memory_mb << 20)
        command = [sys.executable, *COMMAND, str(self.ipc), ",".join(manager.preload_later)]
        with manager.jailed(self.rundir, command, self.cgroup, kernel=False) as launch:
            self.process = subprocess.Popen(launch.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=launch.output, cwd=self.rundir, env=launch.env,
                                            pass_fds=launch.pass_fds)
        self.jail_pid = launch.pid
        self._memory_mb = manager.memory_mb
        self._memory_limit = 0
        self._busy = False

    def loaded(self) -> None:
        """Wait until the zygote has loaded (ZygoteError if it does not in LOAD_SECONDS)."""
        if self.pid is not None:
            return
        self._expect("ready", LOAD_SECONDS)
        self.pid = self._children(self.jail_pid)[0]
        self._limit_memory()

    def _limit_memory(self) -> None:
        """Raise the memory limit to the kernel's on top of what the zygote holds now (it grows once, by its
        preload_later modules, after the first kernel)."""
        if self.cgroup is not None and self._memory_mb:
            limit = self.cgroup.memory_used() + (self._memory_mb << 20)
            if limit > self._memory_limit:
                self.cgroup.set_memory(limit)
                self._memory_limit = limit

    def _expect(self, key: str, seconds: float):
        """The value of `key` in the zygote's next answer; ZygoteError if none comes in time."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self._received:
            if not readable(self.process.stdout.fileno(), max(0.0, deadline - time.monotonic())):
                raise ZygoteError(f"the zygote gave no answer in {seconds} s")
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                raise ZygoteError(f"the zygote ended (status {self.process.wait()})")
            self._received += chunk
        line, self._received = self._received.split(b"\n", 1)
        try:
            return json.loads(line)[key]
        except (ValueError, KeyError) as error:
            raise ZygoteError(f"the zygote answered {line[:200]!r}, not {key!r}") from error

    @staticmethod
    def _children(pid: int) -> list[int]:
        found = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
        return found

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def settle(self) -> None:
        """Wait until the zygote has loaded, the last kernel has exited and everything it left is gone."""
        self.loaded()
        if self._busy:
            self._expect("ready", CLEAN_SECONDS)
            self._busy = False
            self._limit_memory()

    def kernel_folder(self) -> str:
        """A new folder in `ipc` for the next kernel's connection file and sockets (`ipc/`, which the
        kernel makes its sockets in), once the last kernel's leftovers are gone."""
        self.settle()
        for entry in os.scandir(self.ipc):  # one kernel at a time; a kernel of a grader that is not root
            if entry.is_dir(follow_symlinks=False):  # shares its uid and may have written here
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        folder = tempfile.mkdtemp(prefix="k", dir=self.ipc)
        os.chmod(folder, 0o755)
        os.mkdir(os.path.join(folder, "ipc"))
        os.chmod(os.path.join(folder, "ipc"), 0o1777)
        return folder

    def fork(self, argv: list[str]) -> ForkedKernel:
        """Fork a kernel (ipykernel's arguments `argv`) in the folder kernel_folder() made.
        ZygoteError: this zygote cannot serve, start another."""
        self.settle()
        try:
            self.process.stdin.write(json.dumps({"argv": argv}).encode() + b"\n")
            self.process.stdin.flush()
        except OSError as error:
            raise ZygoteError(f"the zygote ended: {error}") from error
        jailed = self._expect("pid", CLEAN_SECONDS)
        self._busy = True
        for pid in self._children(self.pid):
            status = Path(f"/proc/{pid}/status").read_text()
            if next(line for line in status.splitlines() if line.startswith("NSpid:")).split()[-1] == str(jailed):
                return ForkedKernel(pid)
        raise ZygoteError("the forked kernel is gone")

    def close(self) -> None:
        self._busy = False
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process is not None:
            for pipe in (self.process.stdin, self.process.stdout):
                pipe.close()
        if self.cgroup is not None:
            self.cgroup.remove()
            self.cgroup = None
        shutil.rmtree(self.rundir, ignore_errors=True)


_spares: dict[str, Zygote] = {}  # started ahead by prestart, each for the first take of its key


def prestart(manager: JailSettings, key: str) -> None:
    """Start a zygote ahead of need, from this thread, for the first take(key): the command line does so
    before it imports the grader, so that the jail loads torch while this process imports the rest. A
    zygote that cannot start is not an error here: whoever needs one starts it, and says why it cannot."""
    if key not in _spares:
        try:
            _spares[key] = Zygote(manager, wait=False)
        except Exception:
            pass


def take(key: str) -> Zygote | None:
    """The zygote prestarted for `key`, loaded; None if there is none, or it could not load."""
    zygote = _spares.pop(key, None)
    try:
        if zygote is not None:
            zygote.loaded()
    except ZygoteError:
        zygote.close()
        return None
    return zygote


def discard() -> None:
    """Stop the zygotes prestarted and never taken."""
    while _spares:
        _spares.popitem()[1].close()
