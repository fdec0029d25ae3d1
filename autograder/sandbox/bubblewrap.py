"""The bubblewrap command line that makes a jail, and what the jail is made of: its folders, its user,
its seccomp filter, its environment (an allowlist) and its cgroup. autograder.sandbox.jail starts
kernels (and zygotes) in it."""
import errno
import io
import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

from autograder import ROOT
from autograder.sandbox.cgroup import Cgroup

KERNEL_PACKAGE = ROOT / "autograder" / "sandbox" / "kernel"  # what runs in the kernel beside student code: the probe
HOME = "/home/student"  # the kernel's working folder and home in the jail
VENV = "/opt/venv"  # the virtual environment, as the jail shows it
PACKAGES = "/opt/autograder"  # holds autograder_kernel in the jail (the kernel's PYTHONPATH)
UID_BASE = 2_000_000_000  # + the grader's pid: a uid no user has, and no other live grader
BWRAP_VERSION = (0, 8, 0)  # --size, --perms and --disable-userns
INSTALL = "apt-get install bubblewrap"
UNSANDBOXED = "unsandboxed"  # the flag of every grade made with unsafe_no_sandbox
UNSAFE_OPTION = "--unsafe-no-sandbox"
# joins the kernel's cgroup before it starts: `sh -c JOIN sh <cgroup.procs files> -- <command>`
JOIN = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"'


# architecture -> (its AUDIT_ARCH, the numbers of clone and unshare, and of the calls that make state
# outliving a process: SysV shared memory, semaphores and message queues, POSIX message queues, keys)
SYSCALLS = {"x86_64": (0xC000003E, 56, 272, (29, 64, 68, 240, 248, 249, 250)),
            "aarch64": (0xC00000B7, 220, 97, (194, 190, 186, 180, 217, 218, 219))}


class JailError(Exception):
    """Student code cannot be jailed here: grading must not start. The message names the fix."""


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def bwrap_version(bwrap: str) -> tuple[int, ...]:
    text = subprocess.run([bwrap, "--version"], capture_output=True, text=True, check=True).stdout
    return tuple(int(n) for n in re.findall(r"\d+", text)[:3])


def no_user_namespaces() -> bytes | None:
    """A seccomp program (classic BPF) that refuses the kernel new user namespaces, the way into kernel
    features an unprivileged uid otherwise cannot reach: unshare and clone with CLONE_NEWUSER fail
    (EPERM), clone3 reports itself missing (ENOSYS: glibc falls back to clone), and so does every system
    call of another ABI (i386, x32). It also refuses (EPERM) the calls that make state which outlives the
    kernel and that the next kernel of the same uid could find: SysV IPC objects, POSIX message queues
    and keys. None on an architecture not in SYSCALLS."""
    if platform.machine() not in SYSCALLS:
        return None
    arch, clone, unshare, lasting = SYSCALLS[platform.machine()]
    clone3, clone_newuser, other_abi = 435, 0x10000000, 0x40000000
    allow, refuse, missing = 0x7FFF0000, 0x00050000 | errno.EPERM, 0x00050000 | errno.ENOSYS
    load, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06  # BPF_LD|W|ABS, BPF_JMP|{JEQ,JGE,JSET}|K, BPF_RET|K
    n = len(lasting)
    program = [  # (code, jump if true, jump if false, k); a jump skips that many instructions
        (load, 0, 0, 4),  # the architecture
        (jeq, 1, 0, arch),
        (ret, 0, 0, refuse),  # another ABI
        (load, 0, 0, 0),  # the system call's number
        (jge, n + 7, 0, other_abi),  # x32's numbers: to "refuse"
        *[(jeq, n - i + 6, 0, number) for i, number in enumerate(lasting)],  # to "refuse"
        (jeq, 4, 0, clone3),  # to "missing"
        (jeq, 1, 0, unshare),
        (jeq, 0, 3, clone),  # else to "allow"
        (load, 0, 0, 16),  # the low half of the first argument: the flags
        (jset, 2, 1, clone_newuser),
        (ret, 0, 0, missing),
        (ret, 0, 0, allow),
        (ret, 0, 0, refuse),
    ]
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in program)


def python_prefixes() -> list[str]:
    """The Python installation's folders (sys.base_prefix and sys.base_exec_prefix), resolved."""
    return sorted({str(Path(p).resolve()) for p in (sys.base_prefix, sys.base_exec_prefix)})


def environment(home: str, tmp: str, packages: str, python_bin: str, preload: list[str],
                threads: int) -> dict[str, str]:
    """The kernel's whole environment: an allowlist, never a copy of the grader's."""
    env = {
        "PATH": f"{python_bin}:/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "TMPDIR": tmp,
        "LANG": "C.UTF-8",
        "PYTHONPATH": packages,  # the probe's package, autograder_kernel
        "PYTHONDONTWRITEBYTECODE": "1",
        "AUTOGRADER_PRELOAD": ",".join(preload),
        "MPLBACKEND": "agg",
        "MPLCONFIGDIR": f"{home}/.config/matplotlib",
        "IPYTHONDIR": f"{home}/.ipython",
        "JUPYTER_CONFIG_DIR": f"{home}/.jupyter",
        "JUPYTER_DATA_DIR": f"{home}/.local/share/jupyter",
        "JUPYTER_RUNTIME_DIR": f"{home}/.local/share/jupyter/runtime",
        "NBGRADER_EXECUTION": "autograde",
    }
    if threads:
        env.update(OMP_NUM_THREADS=str(threads), MKL_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
    return env


def own_stderr() -> int:
    """A new open file description of the grader's stderr, for a jail's stdout and stderr, so that what
    the jail does to them (a lock) ends with it; /dev/null where stderr cannot be opened again (a socket)."""
    try:
        return os.open("/proc/self/fd/2", os.O_WRONLY | os.O_APPEND)
    except OSError:
        return os.open(os.devnull, os.O_WRONLY)


def write_identity(rundir: Path, uid: int) -> None:
    """The jail's /etc/passwd and /etc/group: root and the kernel's user."""
    (rundir / "passwd").write_text(f"root:x:0:0:root:/root:/usr/sbin/nologin\n"
                                   f"student:x:{uid}:{uid}:student:{HOME}:/usr/sbin/nologin\n")
    (rundir / "group").write_text(f"root:x:0:\nstudent:x:{uid}:\n")


def command(rundir: Path, uid: int, scratch_mb: int, info_fd: int | None = None, seccomp_fd: int | None = None,
            kernel: bool = True) -> list[str]:
    """The bubblewrap command line that jails what follows it, up to the dropped privileges: a
    kernel's (its connection file, a socket folder it writes), or a zygote's (kernel=False: a
    folder of kernels' folders that only the grader makes, see autograder.sandbox.zygote)."""
    bwrap = bwrap_path()
    if bwrap is None:
        raise JailError(f"bubblewrap is not installed: student code cannot be jailed. Install it "
                        f"(`{INSTALL}`), or grade without a sandbox with {UNSAFE_OPTION} (every grade is "
                        f"then flagged {UNSANDBOXED!r})")
    scratch = str(scratch_mb << 20)
    # --new-session: the kernel's process group holds only the jail's processes (see interrupts)
    args = [bwrap, "--die-with-parent", "--new-session", "--unshare-ipc", "--unshare-pid", "--unshare-net",
            "--unshare-uts", "--unshare-cgroup-try", "--hostname", "jail"]
    if os.geteuid() != 0:
        args += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    made = {"/"}

    def folders(path: str) -> list[str]:
        """Make the missing parents of a mount point, readable (bwrap would make them 0700)."""
        new = []
        for parent in reversed(Path(path).parents):
            if str(parent) not in made:
                made.add(str(parent))
                new += ["--perms", "0755", "--dir", str(parent)]
        return new

    args += ["--ro-bind", "/usr", "/usr"]
    for name in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(name):
            args += ["--symlink", os.readlink(name), name]
        elif os.path.isdir(name):
            args += ["--ro-bind", name, name]
    for prefix in python_prefixes():
        if not Path(prefix).is_relative_to("/usr"):
            args += folders(prefix) + ["--ro-bind", prefix, prefix]
    if sys.prefix != sys.base_prefix:
        args += folders(VENV) + ["--ro-bind", str(Path(sys.prefix).resolve()), VENV]
    package = f"{PACKAGES}/autograder_kernel"
    args += folders(package) + ["--ro-bind", str(KERNEL_PACKAGE), package]
    args += folders("/etc/passwd")
    for file in ("/etc/ld.so.cache", "/etc/localtime", "/etc/fonts"):
        if os.path.exists(file):
            args += ["--ro-bind", file, file]
    args += ["--ro-bind", str(rundir / "passwd"), "/etc/passwd", "--ro-bind", str(rundir / "group"), "/etc/group",
             "--dev", "/dev", "--proc", "/proc"]
    made |= {"/dev", "/proc"}
    for folder in ("/tmp", "/dev/shm", HOME):
        args += folders(folder) + ["--size", scratch, "--perms", "1777", "--tmpfs", folder]
        made.add(folder)
    # the connection file, at the same path as outside; the kernel's sockets in a tmpfs of their own
    args += folders(str(rundir / "ipc"))
    if kernel:
        args += ["--ro-bind", str(rundir / "kernel.json"), str(rundir / "kernel.json")]
    args += ["--size", str(1 << 20), "--perms", "1777" if kernel else "0755", "--tmpfs", str(rundir / "ipc"),
             "--remount-ro", "/", "--chdir", HOME,
        # ipykernel would take bwrap's own pid 1 for a dead parent and quit
        "--setenv", "JPY_PARENT_PID", "1", "--"]
    if os.geteuid() == 0:
        args += ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all",
                 "--bounding-set=-all", "--no-new-privs", "--"]
    return args


def seccomp_fd(rundir: Path) -> int | None:
    """An open file of the seccomp program, for bubblewrap to read; None where there is none."""
    program = no_user_namespaces()
    if program is None:
        return None
    (rundir / "seccomp.bpf").write_bytes(program)
    return os.open(rundir / "seccomp.bpf", os.O_RDONLY)


def in_cgroup(group: Cgroup | None, command: list[str]) -> list[str]:
    """The command, made to join the cgroup before it starts."""
    if group is None:
        return command
    return ["sh", "-c", JOIN, "sh", *group.procs, "--", *command]


def child_pid(info: io.BufferedReader) -> int:
    """The host pid of the jail's first process, from bubblewrap's --info-fd."""
    data = b""
    while chunk := info.read1(4096):
        data += chunk
        try:
            return int(json.loads(data)["child-pid"])
        except ValueError:
            continue
    raise JailError("bubblewrap could not start the kernel's jail (its message is above); "
                    "`python -m autograder.cli check-sandbox` says why")
