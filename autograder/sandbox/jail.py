"""The jail: the kernel that runs student code, in a bubblewrap sandbox, under limits it cannot escape.

`SandboxKernelManager` (the executor's kernel manager, see autograder.sandbox.execute) starts every kernel

- in a new root that holds only what the kernel needs: read-only, /usr and the /bin, /lib links,
  the Python installation (sys.base_prefix), the virtual environment (at /opt/venv), the probe
  package (/opt/autograder/autograder_kernel), /etc/ld.so.cache, /etc/localtime and a passwd and
  group of one user; a new /dev and /proc; and, writable, /tmp, /dev/shm and the working folder
  /home/student, each a tmpfs of at most `scratch_mb`. The repository, every gradebook, the
  instructor's files, /etc/shadow and other students' kernels do not exist in it. Its folder and
  files never depend on the notebook's path: a kernel can start before its notebook is known;
- in its own pid, network (none), IPC, UTS and cgroup namespaces. The grader talks to it over unix
  sockets that the kernel makes inside the jail (a 1 MiB tmpfs), reached from outside through
  /proc/<pid>/root, so the kernel writes nothing on the host;
- as an unprivileged uid: when the grader is root, UID_BASE + the grader's pid, the same inside and
  outside (bwrap sets the jail up as root, then setpriv drops every privilege: uid, groups,
  capabilities, no new privileges); otherwise as the grader's own uid in a user namespace. It can
  make no user namespace of its own (a seccomp filter, `no_user_namespaces`; bwrap's
  --disable-userns for a grader that is not root);
- with an environment made from an allowlist (`environment`): nothing of the grader's environment
  (keys, tokens, database passwords) reaches it;
- under limits: a cgroup of its own (autograder.sandbox.cgroup: processes, and memory that counts its
  tmpfs) where the host allows, and rlimits always (address space, CPU seconds, file size, open
  files; processes of its uid in the jail).
Its stdout and stderr are a description of its own of the grader's stderr (`own_stderr`): what it
does to them (a lock) ends with it. When the kernel stops, everything it started is killed: its pid
namespace ends, and its cgroup is emptied and removed.

A kernel made with `zygote=` (autograder.sandbox.zygote: how graders start kernels) is instead forked from
a fork server that loaded torch once, in a jail made as above; kernels of that jail run one after
another, and between two the zygote kills what the last one left and empties its writable folders.

`check()` proves that kernels can be jailed here, or raises JailError naming the fix. Grading must
call it before any grade is made. `unsafe_no_sandbox` runs kernels without the jail (rlimits, the
environment allowlist and the cgroup still apply); every grade made so must carry UNSANDBOXED.
"""
import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from traitlets import Bool, Instance, Integer, List, Type, Unicode
from traitlets.config import Config

from autograder.sandbox import bubblewrap
from autograder.sandbox.bubblewrap import (BWRAP_VERSION, HOME, INSTALL, KERNEL_PACKAGE, PACKAGES, UID_BASE, UNSAFE_OPTION,
                                           UNSANDBOXED, VENV, JailError, bwrap_path, bwrap_version, child_pid,
                                           environment, in_cgroup)
from autograder.sandbox.cgroup import Cgroup, find as find_cgroup
from autograder.sandbox.client import SandboxKernelClient
from autograder.sandbox.zygote import ZygoteError

OUTPUT_STREAM = "autograder_kernel.output.CappedStream"  # the kernel's stdout and stderr, capped
EXIT_POLL = 0.005  # seconds between two looks at a killed kernel (jupyter_client's: 0.1, a notebook's tenth)


class SandboxKernelManager(AsyncKernelManager):
    """A kernel started in the jail, under limits (see the module docstring)."""

    client_factory = Type(SandboxKernelClient, klass=AsyncKernelClient)

    memory_mb = Integer(4096, help="memory of the kernel and its processes, tmpfs included (cgroup), and its "
                                   "address space (RLIMIT_AS), MiB; 0: none").tag(config=True)
    cpu_seconds = Integer(120, help="CPU time of each kernel process (RLIMIT_CPU), seconds; 0: none").tag(config=True)
    processes = Integer(128, help="processes and threads of the kernel (cgroup pids.max; RLIMIT_NPROC of its "
                                  "uid in the jail)").tag(config=True)
    scratch_mb = Integer(256, help="size of each writable folder of the jail: /home/student, /tmp, /dev/shm, "
                                   "MiB").tag(config=True)
    file_size_mb = Integer(64, help="largest file the kernel may write, MiB").tag(config=True)
    open_files = Integer(256, help="open file descriptors of the kernel").tag(config=True)
    preload = List(Unicode(), ["torch"], help="modules a kernel imports as it starts, before student code").tag(
        config=True)
    preload_later = List(Unicode(), [], help="modules a fork server (autograder.sandbox.zygote) imports once its "
                                             "first kernel is done, for the kernels after it (a kernel before "
                                             "imports them itself if it needs them): slow imports that would "
                                             "delay a small batch's first notebook").tag(config=True)
    threads = Integer(1, help="OMP/MKL/torch threads per kernel (workers run side by side); 0: default").tag(
        config=True)
    cell_output_kb = Integer(256, help="output (print, sys.stdout/sys.stderr, display) one cell may send; past it, "
                                       "or past notebook_output_kb, it is dropped in the kernel, which goes on "
                                       "(autograder_kernel.output), KiB").tag(config=True)
    notebook_output_kb = Integer(1024, help="output all cells of a notebook may send, KiB").tag(config=True)
    cgroup = Bool(True, help="give each kernel a cgroup (process and memory limits) where the host allows; "
                             "without one, rlimits and the size-capped tmpfs remain").tag(config=True)
    zygote = Instance("autograder.sandbox.zygote.Zygote", allow_none=True, help="the fork server to fork the kernel "
                      "from, in its jail (autograder.sandbox.zygote); None: the kernel starts in a jail of its own")
    unsafe_no_sandbox = Bool(False, help="UNSAFE: run student code without the jail (no isolation of files, "
                                         "network or processes); every grade made so is flagged "
                                         f"{UNSANDBOXED!r}").tag(config=True)

    _rundir: str | None = None
    _cgroup: Cgroup | None = None

    @property
    def uid(self) -> int:
        """The kernel's uid: unprivileged, and no other live grader's."""
        return UID_BASE + os.getpid() if os.geteuid() == 0 else os.geteuid()

    def _limits(self, jailed: bool) -> list[str]:
        limits = [f"--fsize={self.file_size_mb << 20}", f"--nofile={self.open_files}", "--core=0"]
        if self.memory_mb:
            limits.append(f"--as={self.memory_mb << 20}")
        if self.cpu_seconds:
            limits.append(f"--cpu={self.cpu_seconds}")
        if jailed and self.processes:  # outside a jail the uid is the grader's own: its count is not the kernel's
            limits.append(f"--nproc={self.processes}")
        return ["prlimit", *limits, "--"]

    def _python(self, executable: str) -> str:
        """The kernel's interpreter, as the jail shows it."""
        if sys.prefix != sys.base_prefix and executable == sys.executable:
            return f"{VENV}/bin/{Path(executable).name}"
        return executable

    async def _async_pre_start_kernel(self, **kw):
        # a short private folder for the connection file and the sockets (a socket path has at most 107 characters)
        if self.zygote is not None:  # in the zygote's jail, at the same path inside as outside
            self._rundir = await asyncio.to_thread(self.zygote.kernel_folder)
        else:
            self._rundir = tempfile.mkdtemp(prefix="agk-", dir="/tmp")
        self.transport = "ipc"
        self.connection_file = os.path.join(self._rundir, "kernel.json")
        self.ip = os.path.join(self._rundir, "ipc", "k")
        if not self.unsafe_no_sandbox:  # SIGINT to bubblewrap would end the jail: the kernel interrupts itself
            self.kernel_spec.interrupt_mode = "message"
        return await super()._async_pre_start_kernel(**kw)

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        rundir = Path(self._rundir)
        kernel_cmd = [*kernel_cmd, *self._startup()]
        try:
            if self.zygote is not None:
                await self._fork_kernel(kernel_cmd[kernel_cmd.index("-f"):])
                return
            if self.cgroup:
                self._cgroup = Cgroup.create(self.processes, self.memory_mb << 20)
            if self.unsafe_no_sandbox:
                home, packages = rundir / "home", rundir / "py"
                for folder in (home, rundir / "ipc", packages):
                    folder.mkdir()
                (packages / "autograder_kernel").symlink_to(KERNEL_PACKAGE)
                kw.update(cwd=str(home), env=environment(str(home), str(home), str(packages),
                                                         os.path.dirname(sys.executable), self.preload, self.threads))
                command = in_cgroup(self._cgroup, self._limits(jailed=False) + kernel_cmd)
                await super()._async_launch_kernel(command, **kw)
                return
            if os.geteuid() == 0:  # the kernel's user must read its connection file
                os.chown(self.connection_file, self.uid, self.uid)
            with self.jailed(rundir, kernel_cmd, self._cgroup) as launch:
                kw.update(cwd=str(rundir), pass_fds=launch.pass_fds, env=launch.env, stdout=launch.output,
                          stderr=launch.output)
                await super()._async_launch_kernel(launch.command, **kw)
        except BaseException:  # nbclient cleans up only after a kernel that started
            self._release()
            raise

    def _startup(self) -> list[str]:
        """The kernel's arguments that make it a grading kernel, warm and capped (autograder_kernel.startup)."""
        start = f"start({self.cell_output_kb << 10}, {self.notebook_output_kb << 10})"
        return [f"--IPKernelApp.outstream_class={OUTPUT_STREAM}",
                f"--IPKernelApp.exec_lines=from autograder_kernel import startup; startup.{start}"]

    @contextlib.contextmanager
    def jailed(self, rundir: Path, command: list[str], group: Cgroup | None,
               kernel: bool = True) -> Iterator[SimpleNamespace]:
        """Jail `command` (a Python command line) in a new jail of rundir, in the cgroup: yields the launch
        (its .command, .env and .pass_fds) for the caller to start it from rundir; once started, .pid is the
        jail's host pid, and rundir/ipc leads the grader to the jail's socket folder."""
        bubblewrap.write_identity(rundir, self.uid)
        read, write = os.pipe()
        seccomp = bubblewrap.seccomp_fd(rundir)
        launch = SimpleNamespace(
            command=in_cgroup(group, bubblewrap.command(rundir, self.uid, self.scratch_mb, info_fd=write, seccomp_fd=seccomp,
                                                 kernel=kernel)
                              + self._limits(jailed=True) + [self._python(command[0]), *command[1:]]),
            env=environment(HOME, "/tmp", PACKAGES, f"{VENV}/bin", self.preload, self.threads),
            pass_fds=tuple(fd for fd in (write, seccomp) if fd is not None), output=bubblewrap.own_stderr())
        with os.fdopen(read, "rb") as info:
            try:
                yield launch
            finally:
                for fd in (*launch.pass_fds, launch.output):
                    os.close(fd)
            launch.pid = child_pid(info)
        os.symlink(f"/proc/{launch.pid}/root{rundir}/ipc", rundir / "ipc")

    async def _fork_kernel(self, argv: list[str]) -> None:
        """The kernel, forked by the zygote in its jail; the provisioner holds it as if it had started it."""
        os.chmod(self.connection_file, 0o644)  # the kernel reads it; the grader's (when root), it cannot write it
        kernel = await asyncio.to_thread(self.zygote.fork, argv)
        self.provisioner.process, self.provisioner.pid, self.provisioner.pgid = kernel, kernel.pid, kernel.pid
        self._reconcile_connection_info(self.provisioner.connection_info)

    async def _async_wait(self, pollinterval: float = 0.1) -> None:
        await super()._async_wait(pollinterval=min(pollinterval, EXIT_POLL))

    def kill_now(self) -> None:
        """SIGKILL the kernel from synchronous code, as signal_kernel would: a flood of output keeps
        nbclient's loop busy with ready messages, so a kill scheduled on that loop may never run."""
        pgid, process = getattr(self.provisioner, "pgid", None), getattr(self.provisioner, "process", None)
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (OSError, TypeError):
            if process is not None and process.poll() is None:
                process.kill()

    def seal(self) -> None:
        """Once the kernel has made its sockets: its socket folder takes no new entry (no symlink
        that would lead the grader's next connection elsewhere)."""
        if self._rundir and not self.unsafe_no_sandbox:
            os.chmod(os.path.join(self._rundir, "ipc"), 0o555)

    def _release(self, rundir: bool = True) -> None:
        """Kill what the kernel left in its cgroup and remove it; remove the kernel's folder."""
        if self._cgroup is not None:
            self.log.debug("the kernel's peak use: %s", self._cgroup.peak())
            self._cgroup.remove()
            self._cgroup = None
        if self._rundir and rundir:
            shutil.rmtree(self._rundir, ignore_errors=True)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        self._release(rundir=not restart)
        if self.zygote is not None:  # cleaning up after the kernel is its own notebook's time
            try:
                await asyncio.to_thread(self.zygote.settle)
            except ZygoteError:
                self.zygote.close()  # the next kernel is forked from a new zygote

    # nbclient calls this after a kernel died; AsyncKernelManager binds the name to its own method
    cleanup_resources = _async_cleanup_resources

    def check(self) -> str:
        """Start a jail as a kernel's, and run Python in it; what it is, or JailError naming the fix."""
        if self.unsafe_no_sandbox:
            return f"NO SANDBOX ({UNSAFE_OPTION}): student code runs unjailed; every grade is flagged {UNSANDBOXED!r}"
        bwrap = bwrap_path()
        version = bwrap_version(bwrap) if bwrap else BWRAP_VERSION
        needed = ".".join(map(str, BWRAP_VERSION))
        if version < BWRAP_VERSION:
            raise JailError(f"bubblewrap {'.'.join(map(str, version))} is too old: the jail needs {needed} or newer "
                            f"(Debian 12, Ubuntu 24.04)")
        self._rundir = tempfile.mkdtemp(prefix="agk-", dir="/tmp")
        rundir = Path(self._rundir)
        try:
            (rundir / "kernel.json").write_text("{}")
            bubblewrap.write_identity(rundir, self.uid)
            self._cgroup = Cgroup.create(self.processes, self.memory_mb << 20) if self.cgroup else None
            probe = "import os, autograder_kernel; print(os.getuid(), os.getcwd())"
            seccomp = bubblewrap.seccomp_fd(rundir)
            command = bubblewrap.command(rundir, self.uid, self.scratch_mb, seccomp_fd=seccomp) + self._limits(jailed=True) + [
                self._python(sys.executable), "-c", probe]
            env = environment(HOME, "/tmp", PACKAGES, f"{VENV}/bin", [], self.threads)
            try:
                done = subprocess.run(in_cgroup(self._cgroup, command), env=env, capture_output=True, text=True,
                                      timeout=120, pass_fds=() if seccomp is None else (seccomp,))
            except subprocess.TimeoutExpired:
                done = subprocess.CompletedProcess(command, -1, "", "no answer in 120 s")
            finally:
                if seccomp is not None:
                    os.close(seccomp)
        finally:
            self._release()
        if done.returncode != 0 or done.stdout.split() != [str(self.uid), HOME]:
            raise JailError(f"bubblewrap could not start a jail here ({done.stderr.strip() or done.stdout.strip()}). "
                            f"It needs root (in a container: a privileged one), or unprivileged user namespaces "
                            f"(sysctl kernel.unprivileged_userns_clone=1), and bubblewrap {needed} or newer "
                            f"(`{INSTALL}`)")
        found = find_cgroup() if self.cgroup else None
        limits = f"cgroup {found[0]} and rlimits" if found else "rlimits and size-capped tmpfs (no cgroup)"
        return f"bubblewrap jail, uid {self.uid}, {limits}"


def check(config: Config | None = None) -> str:
    """Whether student code can be jailed with this configuration: what the kernels run in, or JailError.

    Call it before grading anything: a jail that fails later costs a notebook its grade, not the run.
    """
    return SandboxKernelManager(config=config or Config()).check()
