"""The jail on its own: its command line (what is mounted, who runs, which limits), its environment,
and `check()`, which must refuse to go on without a jail. What student code can and cannot do inside
is proven by the red-team corpus (test_jail_redteam.py)."""
import os
import sys
from pathlib import Path

import pytest
from traitlets.config import Config

from autograder import ROOT
from autograder.sandbox import jail
from autograder.sandbox import bubblewrap
from autograder.sandbox.bubblewrap import HOME, PACKAGES, VENV, JailError, environment
from autograder.sandbox.jail import SandboxKernelManager


@pytest.fixture
def command(tmp_path, monkeypatch):
    """The jail's command line, as bubblewrap would get it here (bubblewrap itself not needed)."""
    monkeypatch.setattr(bubblewrap, "bwrap_path", lambda: "/usr/bin/bwrap")
    km = SandboxKernelManager()
    return km, bubblewrap.command(tmp_path, km.uid, km.scratch_mb, info_fd=7, seccomp_fd=8) + km._limits(jailed=True)


def pairs(args: list[str], option: str) -> dict[str, str]:
    """destination -> source of every `option SOURCE DEST` in a command line."""
    return {args[i + 2]: args[i + 1] for i, a in enumerate(args) if a == option}


def test_only_what_the_kernel_needs_is_mounted(command, tmp_path):
    _, args = command
    mounts = pairs(args, "--ro-bind")
    assert "--bind" not in args, "nothing of the host is writable in the jail"
    assert "/" not in mounts and "/" not in mounts.values(), "the host's root is never mounted"
    sources = set(mounts.values())
    allowed = {"/usr", str(bubblewrap.KERNEL_PACKAGE), str(tmp_path / "passwd"), str(tmp_path / "group"),
               str(tmp_path / "kernel.json"), "/etc/ld.so.cache", "/etc/localtime", "/etc/fonts",
               *bubblewrap.python_prefixes(), str(Path(sys.prefix).resolve())}
    assert sources <= allowed, sources - allowed
    assert mounts[VENV] == str(Path(sys.prefix).resolve()) and mounts[f"{PACKAGES}/autograder_kernel"] == str(
        bubblewrap.KERNEL_PACKAGE)
    venv = Path(sys.prefix).resolve()  # make venv puts it inside the repository: only it and the probe are shown
    for source in sources:  # none of them holds the repository, a gradebook or the instructor's home
        assert not Path(source).is_relative_to(ROOT) or Path(source).is_relative_to(bubblewrap.KERNEL_PACKAGE) \
            or Path(source) == venv, source
        assert Path(source) != Path.home() and source not in ("/root", "/etc", "/home", "/tmp")
    writable = [args[i + 1] for i, a in enumerate(args) if a == "--tmpfs"]
    assert writable == ["/tmp", "/dev/shm", HOME, str(tmp_path / "ipc")]
    scratch = str(256 << 20)
    assert [args[i + 1] for i, a in enumerate(args) if a == "--size"] == [scratch, scratch, scratch, str(1 << 20)]
    assert args[args.index("--remount-ro") + 1] == "/" and args[args.index("--chdir") + 1] == HOME


def test_the_kernel_is_isolated_and_unprivileged(command):
    km, args = command
    for option in ("--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"):
        assert option in args
    assert "--share-net" not in args and args[args.index("--info-fd") + 1] == "7"
    assert bubblewrap.no_user_namespaces() is None or args[args.index("--seccomp") + 1] == "8"
    if os.geteuid() == 0:
        assert km.uid == bubblewrap.UID_BASE + os.getpid()
        drop = args[args.index("setpriv"):]
        assert f"--reuid={km.uid}" in drop and f"--regid={km.uid}" in drop and "--clear-groups" in drop
        assert "--no-new-privs" in drop and "--bounding-set=-all" in drop and "--inh-caps=-all" in drop
        assert "--unshare-user" not in args  # the uid is the same inside and outside
    else:
        assert km.uid == os.geteuid() and "--unshare-user" in args and "--disable-userns" in args
    limits = args[args.index("prlimit"):]
    for limit in (f"--as={4096 << 20}", "--cpu=120", f"--fsize={64 << 20}", "--nofile=256", "--core=0",
                  "--nproc=128"):
        assert limit in limits


def test_limits_follow_the_configuration(tmp_path, monkeypatch):
    monkeypatch.setattr(bubblewrap, "bwrap_path", lambda: "/usr/bin/bwrap")
    config = Config()
    config.SandboxKernelManager.update(memory_mb=512, cpu_seconds=7, processes=9, scratch_mb=3)
    km = SandboxKernelManager(config=config)
    args = bubblewrap.command(tmp_path, km.uid, km.scratch_mb) + km._limits(jailed=True)
    assert {f"--as={512 << 20}", "--cpu=7", "--nproc=9"} <= set(args) and str(3 << 20) in args
    assert "--nproc=9" not in km._limits(jailed=False), "outside a jail the uid's process count is the grader's"


def test_environment_is_an_allowlist(monkeypatch):
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "fake-secret")
    env = environment(HOME, "/tmp", PACKAGES, f"{VENV}/bin", ["torch"], 1)
    assert set(env) == {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "AUTOGRADER_PRELOAD",
                        "MPLBACKEND", "MPLCONFIGDIR", "IPYTHONDIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR",
                        "JUPYTER_RUNTIME_DIR", "NBGRADER_EXECUTION", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                        "OPENBLAS_NUM_THREADS"}
    assert env["PYTHONPATH"] == PACKAGES and env["AUTOGRADER_PRELOAD"] == "torch" and env["HOME"] == HOME
    assert all(value.startswith(HOME) for key, value in env.items() if key.endswith("DIR") and key != "TMPDIR")


def test_no_bubblewrap_no_grading(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # a machine without bwrap
    with pytest.raises(JailError, match="apt-get install bubblewrap") as error:
        jail.check()
    assert jail.UNSAFE_OPTION in str(error.value)
    config = Config()
    config.SandboxKernelManager.unsafe_no_sandbox = True
    assert "NO SANDBOX" in jail.check(config) and jail.UNSANDBOXED in jail.check(config)


def test_check_starts_a_jail(sandbox):
    description = jail.check()
    assert description.startswith("bubblewrap jail") and f"uid {SandboxKernelManager().uid}" in description


def test_a_jail_that_cannot_start_is_an_error_naming_the_fix(sandbox):
    config = Config()
    config.SandboxKernelManager.memory_mb = 8  # too little for Python to start
    with pytest.raises(JailError, match="bubblewrap"):
        jail.check(config)
