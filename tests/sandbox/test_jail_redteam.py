"""The jail's red-team corpus: each attack a student's notebook can make on the grading machine, run
in a real jailed kernel (no torch, small limits), with a check that it fails and that nothing leaks.

Every test runs twice: in a kernel with a jail of its own, and in one forked from a zygote
(autograder.sandbox.zygote) that the test's other notebooks share. Every test needs the jail: it skips
where bubblewrap is missing, outside CI (see tests/conftest.py).
"""
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from autograder import ROOT
from autograder.sandbox import cgroup
from autograder.sandbox.execute import KERNEL_DIED_ENAME, NOT_EXECUTED_ENAME
from autograder.sandbox.bubblewrap import HOME, KERNEL_PACKAGE, python_prefixes
from autograder.sandbox.jail import SandboxKernelManager
from tests.conftest import KERNELS, TEST_ALL, of_kind

pytestmark = pytest.mark.usefixtures("sandbox")
SMALL = {"processes": 32, "scratch_mb": 16, "memory_mb": 1024, "cpu_seconds": 30}
has_cgroup = pytest.mark.skipif(cgroup.find() is None, reason="no writable cgroup here (needs root)")


def text(nb) -> str:
    """Everything the notebook's cells printed or raised. A print may reach the notebook in several
    stream outputs ("SHM", " 512\n"), so streams are joined as they were written."""
    return "".join(o.get("text", "") if o.get("output_type") == "stream"
                   else f"\n{o.get('ename')}: {o.get('evalue')}\n"
                   for cell in nb.cells for o in cell.get("outputs", []))


def errors(nb) -> list[list[str]]:
    return [[o.ename for o in cell.outputs if o.output_type == "error"] for cell in nb.cells]


def host_processes(marker: str) -> list[int]:
    """Host pids whose command line holds the marker."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if marker in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                found.append(int(pid))
        except OSError:
            pass
    return found


@pytest.fixture
def kernel_cgroups():
    """kernel_cgroups() -> the cgroups this process has made since the test began, and not removed. One that
    an earlier process with this pid left (killed before it could remove it) is not the test's."""
    def mine() -> set[str]:
        found = cgroup.find()
        return {p.name for parent in (found[1] if found else []) for p in parent.glob(f"{cgroup.PREFIX}{os.getpid()}-*")}

    before = mine()
    return lambda: mine() - before


@pytest.fixture(params=KERNELS if TEST_ALL else ("forked",))
def execute(request, execute):
    """Every attack runs on the kernels that grading uses, forked from a zygote; under `make test-all`, in a jail of
    its own too."""
    with of_kind(request, execute, request.param) as run:
        yield run


def test_nothing_of_the_host_can_be_read(execute, tmp_path):
    other = tmp_path / "other-checkout" / "build" / "en" / "gradebook.db"  # another course's gradebook
    other.parent.mkdir(parents=True)
    marker = f"GRADEBOOK-{uuid.uuid4()}"
    other.write_text(marker)
    paths = [other, ROOT, ROOT / "autograder" / "course.py", Path("/etc/shadow"), Path("/root/.bash_history"),
             Path.home() / ".ssh", Path("/sys/class/net"), Path("/run")]
    nb = execute([
        "import json, os\nfound = []\n"
        "for top, dirs, files in os.walk('/'):\n"
        "    if top in ('/proc', '/sys', '/dev'):\n        dirs[:] = []\n        continue\n"
        "    found += [os.path.join(top, f) for f in files if f.endswith(('.db', '.sqlite')) or f in ('shadow', 'kernel.json')]\n"
        "print('FOUND', json.dumps(sorted(found)))",
        f"for path in {[str(p) for p in paths]!r}:\n    print('EXISTS' if os.path.exists(path) else 'ABSENT', path)",
        "print('TOP', json.dumps(os.listdir('/')))\nprint('ROOT', os.listdir('/root') if os.path.exists('/root') else None)",
        "print('PROCESSES', sorted(int(p) for p in os.listdir('/proc') if p.isdigit()), 'SELF', os.getpid())",
    ], kernel=SMALL, run={"timeout": 120, "notebook_timeout": 200})
    out = text(nb)
    [found] = [line for line in out.splitlines() if line.startswith("FOUND")]
    software = ("/usr/", "/opt/venv/", *(f"{prefix}/" for prefix in python_prefixes()))  # read-only, installed
    found = [path for path in json.loads(found[6:]) if not path.startswith(software)]
    assert [Path(path).name for path in found] == ["kernel.json"], found  # its own connection file
    assert "EXISTS" not in out and out.count("ABSENT") == len(paths), out
    assert marker not in json.dumps(nb)
    [top] = [line for line in out.splitlines() if line.startswith("TOP")]
    assert set(json.loads(top[4:])) <= {"bin", "dev", "etc", "home", "lib", "lib32", "lib64", "libx32", "opt", "proc",
                                  "root", "sbin", "tmp", "usr"}, top
    base = Path(sys.base_prefix).resolve()  # /root holds nothing but the way to Python, if Python is there
    expected = [base.relative_to("/root").parts[0]] if base.is_relative_to("/root") else None
    assert f"ROOT {expected}" in out, out
    # only its own pid namespace: the jail's init and the kernel, and the zygote it was forked from (whose
    # start-up ran short-lived commands, so the kernel's pid may be higher than 3)
    [processes] = [line.split() for line in out.splitlines() if line.startswith("PROCESSES")]
    own = int(processes[-1])
    assert " ".join(processes[1:-2]) == (f"[1, 2, {own}]" if execute.forked else "[1, 2]"), out


def test_the_graders_environment_never_reaches_the_kernel(execute, monkeypatch):
    secrets = {"AWS_SECRET_ACCESS_KEY": f"aws-{uuid.uuid4()}", "GITHUB_TOKEN": f"ghp-{uuid.uuid4()}",
               "PGPASSWORD": f"pg-{uuid.uuid4()}"}
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    nb = execute([
        "import os, subprocess\nprint(dict(os.environ))\nprint(subprocess.run(['env'], capture_output=True, text=True).stdout)",
        "for pid in [p for p in os.listdir('/proc') if p.isdigit()] + ['self']:\n"
        "    try:\n        print(pid, open(f'/proc/{pid}/environ', 'rb').read())\n"
        "    except OSError as error:\n        print(pid, 'DENIED', error)",
    ], kernel=SMALL)
    dumped = json.dumps(nb)
    for name, value in secrets.items():
        assert value not in dumped and name not in dumped, name
    assert "PYTHONPATH" in text(nb), "the check must see the kernel's environment"


def test_the_kernel_runs_unprivileged(execute):
    nb = execute([
        "import os\nprint('IDS', os.getuid(), os.geteuid(), os.getgid(), os.getgroups())\n"
        "print([line.split()[1] for line in open('/proc/self/status') "
        "if line.startswith(('CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb', 'NoNewPrivs'))])\n"
        "print('UIDMAP', open('/proc/self/uid_map').read().split())",
        "try:\n    os.setuid(0)\n    print('BECAME ROOT')\nexcept OSError as error:\n    print('SETUID DENIED')",
        "import subprocess\nfor command in (['su', '-c', 'id'], ['mount', '-t', 'tmpfs', 'x', '/tmp'], ['chroot', '/', 'id']):\n"
        "    try:\n        done = subprocess.run(command, capture_output=True, text=True).returncode\n"
        "    except OSError:\n        done = -1\n"
        "    print('RAN' if done == 0 else 'REFUSED', command[0])",
    ], kernel=SMALL)
    out = text(nb)
    uid = SandboxKernelManager().uid
    assert uid != 0 and f"IDS {uid} {uid} {uid} []" in out, out
    assert "['0000000000000000', '0000000000000000', '0000000000000000', '0000000000000000', " \
           "'0000000000000000', '1']" in out, out  # no capability at all, no new privileges
    if os.geteuid() == 0:  # no user namespace: the uid is the same outside the jail
        assert "UIDMAP ['0', '0', '4294967295']" in out, out
    assert "SETUID DENIED" in out and "BECAME ROOT" not in out
    assert "RAN" not in out and out.count("REFUSED") == 3, out


def test_nothing_outside_the_scratch_folders_can_be_written(execute):
    probe = KERNEL_PACKAGE / "probe.py"
    before = hashlib.sha256(probe.read_bytes()).hexdigest()
    targets = ["/x", "/usr/x", "/opt/venv/x", "/opt/autograder/autograder_kernel/probe.py", "/etc/passwd", "/root/x",
               "/home/x", "/proc/sys/kernel/hostname"]
    nb = execute([
        "import glob\nconnection = glob.glob('/tmp/agk-*/kernel.json') + glob.glob('/tmp/agz-*/ipc/*/kernel.json')\n"
        f"for target in {targets!r} + connection:\n"
        "    try:\n        open(target, 'a').write('pwned')\n        print('WROTE', target)\n"
        "    except OSError:\n        print('NOWRITE', target)",
        f"for target in ['{HOME}/x', '/tmp/x', '/dev/shm/x']:\n    open(target, 'w').write('mine')\n"
        "    print('SCRATCH', target, open(target).read())",
    ], kernel=SMALL)
    out = text(nb)
    assert "WROTE" not in out and out.count("NOWRITE") == len(targets) + 1, out
    assert out.count("SCRATCH") == 3 and out.count(" mine") == 3, out
    assert hashlib.sha256(probe.read_bytes()).hexdigest() == before


def test_no_network_and_no_host_socket(execute):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    abstract = socket.socket(socket.AF_UNIX)
    name = f"\0autograder-test-{uuid.uuid4()}"
    abstract.bind(name)
    abstract.listen()
    try:
        nb = execute([
            "import socket\n"
            f"for address in [('1.1.1.1', 53), ('127.0.0.1', {listener.getsockname()[1]})]:\n"
            "    try:\n        socket.create_connection(address, timeout=3)\n        print('CONNECTED', address)\n"
            "    except OSError:\n        print('NONETWORK', address)\n"
            "try:\n    socket.getaddrinfo('example.com', 80)\n    print('RESOLVED')\nexcept OSError:\n    print('NODNS')\n"
            f"s = socket.socket(socket.AF_UNIX)\ntry:\n    s.connect({name!r})\n    print('ABSTRACT')\n"
            "except OSError:\n    print('NOABSTRACT')\n"
            "print('INTERFACES', [n for _, n in socket.if_nameindex()])",
        ], kernel=SMALL)
    finally:
        listener.close()
        abstract.close()
    out = text(nb)
    assert "CONNECTED" not in out and out.count("NONETWORK") == 2, out
    assert "NODNS" in out and "NOABSTRACT" in out and "INTERFACES ['lo']" in out, out


@pytest.mark.parametrize("use_cgroup", [True, False], ids=["cgroup", "rlimit"])
def test_two_thousand_sleepers_are_stopped_and_killed(execute, use_cgroup, kernel_cgroups):
    if use_cgroup and cgroup.find() is None:
        pytest.skip("no writable cgroup here (needs root)")
    marker = f"{4000 + uuid.uuid4().int % 1000}.25"
    nb = execute([
        "import subprocess\nstarted = 0\nfor i in range(2000):\n    try:\n"
        f"        subprocess.Popen(['sleep', '{marker}'])\n        started += 1\n"
        "    except OSError:\n        break\nprint('SLEEPERS', started)",
        "print('STILL ANSWERS')",
    ], kernel={**SMALL, "cgroup": use_cgroup})
    out = text(nb)
    started = int(out.split("SLEEPERS ")[1].split()[0])
    assert 0 < started < SMALL["processes"], out
    assert "STILL ANSWERS" in out
    assert not host_processes(marker), "sleepers outlived their notebook"
    assert kernel_cgroups() == execute.zygote_cgroups()


@pytest.mark.parametrize("use_cgroup", [True, False], ids=["cgroup", "rlimit"])
def test_a_fork_bomb_is_stopped_and_killed(execute, use_cgroup, kernel_cgroups):
    if use_cgroup and cgroup.find() is None:
        pytest.skip("no writable cgroup here (needs root)")
    marker = f"bomb-{uuid.uuid4()}"
    bomb = f"import os, time  # {marker}\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n" \
           "        time.sleep(0.01)"
    nb = execute([
        f"import os, subprocess, sys, time\nbomb = subprocess.Popen([sys.executable, '-c', {bomb!r}])\n"
        "time.sleep(3)\nprint('PROCESSES', len([p for p in os.listdir('/proc') if p.isdigit()]))",
        "print('STILL ANSWERS')",
    ], kernel={**SMALL, "cgroup": use_cgroup})
    out = text(nb)
    assert int(out.split("PROCESSES ")[1].split()[0]) <= SMALL["processes"], out
    assert "STILL ANSWERS" in out, out
    deadline = time.monotonic() + 10  # the last of the bomb are being reaped
    while host_processes(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not host_processes(marker), "the bomb outlived its notebook"
    assert kernel_cgroups() == execute.zygote_cgroups()


def test_a_process_left_running_after_the_notebook_is_killed(execute, kernel_cgroups):
    marker = f"{5000 + uuid.uuid4().int % 1000}.5"
    nb = execute([
        "import os, subprocess\n"
        f"subprocess.Popen(['sleep', '{marker}'], start_new_session=True)\n"
        f"subprocess.Popen(['sh', '-c', 'trap \"\" TERM HUP INT; sleep {marker}'])\n"
        "if os.fork() == 0:  # a daemon: double fork, new session\n    os.setsid()\n"
        f"    if os.fork() == 0:\n        os.execvp('sleep', ['sleep', '{marker}'])\n    os._exit(0)\n"
        "print('LEFT RUNNING')",
    ], kernel=SMALL)
    assert "LEFT RUNNING" in text(nb)
    assert not host_processes(marker), "a process outlived its notebook"
    assert kernel_cgroups() == execute.zygote_cgroups()


@pytest.mark.parametrize("use_cgroup", [True, False], ids=["cgroup", "rlimit"])
def test_scratch_folders_are_capped(execute, use_cgroup):
    if use_cgroup and cgroup.find() is None:
        pytest.skip("no writable cgroup here (needs root)")
    nb = execute([
        f"for folder in ['/dev/shm', '/tmp', '{HOME}']:\n    written = 0\n    try:\n"
        "        with open(f'{folder}/fill', 'wb') as f:\n            for _ in range(64):\n"
        "                f.write(b'x' * (1 << 20))\n                f.flush()\n                written += 1\n"
        "    except OSError as error:\n        print('FULL', folder, written, error.errno)\n"
        "    else:\n        print('NOT FULL', folder, written)",
    ], kernel={**SMALL, "cgroup": use_cgroup})
    out = text(nb)
    full = [line.split() for line in out.splitlines() if line.startswith("FULL")]
    assert [folder for _, folder, _, _ in full] == ["/dev/shm", "/tmp", HOME], out
    assert all(int(written) <= SMALL["scratch_mb"] for _, _, written, _ in full), out


@has_cgroup
def test_memory_written_to_dev_shm_counts_against_the_memory_limit(execute):
    nb = execute([
        "written = 0\nfor i in range(2048 // 32):  # files under the file-size limit\n"
        "    with open(f'/dev/shm/fill-{i}', 'wb') as f:\n        f.write(b'x' * (32 << 20))\n"
        "    written += 32\n    print('SHM', written, flush=True)",
        "print('after')",
    ], kernel={**SMALL, "scratch_mb": 4096, "memory_mb": 1024})
    out = text(nb)
    assert "SHM 512" in out and "SHM 1024" not in out, out  # stopped at 1 GiB, not at the tmpfs' 4 GiB
    assert errors(nb) == [[KERNEL_DIED_ENAME], [NOT_EXECUTED_ENAME]]


def test_an_image_flood_is_dropped_in_the_kernel_which_goes_on(execute):
    nb = execute([
        "import base64\nfrom IPython.display import Image, display\n"
        "png = base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==')\n"
        "for _ in range(500):\n    display(Image(png * 2000))",
        "print('after')",
    ], kernel=SMALL, run={"output_mb": 1})
    assert len(json.dumps(nb)) < 1 << 20
    assert errors(nb) == [[], []] and "after" in text(nb)
    assert "characters dropped" in nb.cells[0].outputs[-1].data["text/plain"]


def test_kill_everything_reaches_nothing_outside_the_kernel(execute):
    sentinel = subprocess.Popen(["sleep", "300"])
    try:
        nb = execute([
            "import os, signal\ntry:\n    os.kill(-1, signal.SIGKILL)\nexcept OSError:\n    pass\nprint('SURVIVED')",
            "try:\n    os.kill(1, signal.SIGKILL)\n    print('KILLED INIT')\nexcept OSError:\n    print('INIT DENIED')",
        ], kernel=SMALL)
        assert sentinel.poll() is None, "the kernel killed a process of the host"
    finally:
        sentinel.send_signal(signal.SIGKILL)
        sentinel.wait()
    out = text(nb)
    if execute.forked:  # it killed its own zygote too (same uid), and so its own kernel: the next notebook
        assert "NEXT" in text(execute(["print('NEXT')"], kernel=SMALL))  # is forked from a new zygote
    elif os.geteuid() == 0:  # the jail's first process is root's: out of reach
        assert "SURVIVED" in out and "INIT DENIED" in out, out


def test_the_kernel_cannot_redirect_the_graders_connections(execute):
    nb = execute([
        "import json, os, sys\nfolder = os.path.dirname(json.load(open(sys.argv[sys.argv.index('-f') + 1]))['ip'])\n"
        "for attempt in (lambda: os.symlink('/run/docker.sock', folder + '/k-9'),\n"
        "                lambda: os.rename(folder + '/k-1', folder + '/moved')):\n"
        "    try:\n        attempt()\n        print('CHANGED')\n    except OSError:\n        print('SEALED')",
    ], kernel=SMALL)
    out = text(nb)
    assert "CHANGED" not in out and out.count("SEALED") == 2, out


def test_kernels_share_nothing(execute):
    marker = uuid.uuid4().hex
    execute([f"for folder in ['{HOME}', '/tmp', '/dev/shm']:\n    open(f'{{folder}}/{marker}', 'w').write('x')"],
            kernel=SMALL)
    nb = execute([f"import os\nprint([f for d in ['{HOME}', '/tmp', '/dev/shm'] for f in os.listdir(d)])"],
                 kernel=SMALL)
    assert marker not in text(nb) and "[" in text(nb)


def test_no_user_namespace_and_no_other_abi(execute):
    nb = execute([
        "import ctypes, os, subprocess, threading\nlibc = ctypes.CDLL(None, use_errno=True)\n"
        "print('USERNS', libc.unshare(0x10000000), os.strerror(ctypes.get_errno()))\n"
        "done = subprocess.run(['unshare', '--user', '--map-root-user', 'id'], capture_output=True, text=True)\n"
        "print('ROOT IN A NAMESPACE' if done.returncode == 0 else 'UNSHARE REFUSED')",
        "thread = threading.Thread(target=print, args=('THREADS WORK',))\nthread.start()\nthread.join()\n"
        "print('PROCESSES WORK', subprocess.run(['true']).returncode)",
    ], kernel=SMALL)
    out = text(nb)
    assert "USERNS -1 Operation not permitted" in out and "UNSHARE REFUSED" in out, out
    assert "THREADS WORK" in out and "PROCESSES WORK 0" in out, out


def test_nothing_that_outlives_a_kernel_can_be_made(execute):
    """SysV IPC objects, POSIX message queues and keys outlive their process, and a later kernel of the
    same uid could find them: the kernel cannot make any."""
    nb = execute([
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\ncreate = 0o1000 | 0o600\n"
        "add_key = {'x86_64': 248, 'aarch64': 217}[os.uname().machine]\n"
        "for name, call in [('SHM', lambda: libc.shmget(0, 4096, create)), ('SEM', lambda: libc.semget(0, 1, create)),\n"
        "                   ('MSG', lambda: libc.msgget(0, create)),\n"
        "                   ('MQUEUE', lambda: libc.mq_open(b'/q', os.O_CREAT | os.O_RDWR, 0o600, None)),\n"
        "                   ('KEY', lambda: libc.syscall(add_key, b'user', b'k', b'v', 1, -4))]:\n"
        "    made = call()\n    print(name, 'REFUSED' if made == -1 and ctypes.get_errno() == 1 else f'MADE {made}')",
    ], kernel=SMALL)
    out = text(nb)
    assert out.count("REFUSED") == 5 and "MADE" not in out, out


def test_a_forked_kernel_cannot_read_trace_or_leave_anything_to_the_next(execute):
    if not execute.forked:
        pytest.skip("about the zygote that forked kernels come from")
    marker = uuid.uuid4().hex
    nb = execute([
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nzygote = os.getppid()\n"
        "for name in ('environ', 'mem', 'maps', 'fd'):\n    try:\n"
        "        os.listdir(f'/proc/{zygote}/fd') if name == 'fd' else open(f'/proc/{zygote}/{name}', 'rb').read(64)\n"
        "        print('READ', name)\n    except OSError:\n        print('DENIED', name)\n"
        "print('PTRACE', libc.ptrace(16, zygote, None, None), ctypes.get_errno())  # PTRACE_ATTACH",
        f"import subprocess\nfor folder in ['{HOME}', '/tmp', '/dev/shm']:\n"
        f"    os.makedirs(f'{{folder}}/{marker}/locked')\n    os.symlink('/etc/passwd', f'{{folder}}/{marker}-link')\n"
        f"    os.chmod(f'{{folder}}/{marker}', 0)\n"
        f"subprocess.Popen(['sh', '-c', 'trap \"\" TERM HUP INT; exec sleep 1000 # {marker}'], start_new_session=True)\n"
        "print('LEFT')",
    ], kernel=SMALL)
    out = text(nb)
    assert out.count("DENIED") == 4 and "READ" not in out and "PTRACE -1 1" in out and "LEFT" in out, out
    assert not host_processes(marker), "a process outlived its kernel"
    nb = execute([f"import os\nprint('SEEN', [f for d in ['{HOME}', '/tmp', '/dev/shm'] for f in os.listdir(d)])"],
                 kernel=SMALL)
    assert "SEEN" in text(nb) and marker not in text(nb), text(nb)
