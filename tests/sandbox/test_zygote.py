"""Students of one worker cannot reach each other: each attack below is graded through the worker's
real path (autograder.grading.worker.Grader), and the next notebook that worker grades (forked from
the same zygote, or in a jail of its own) is a correct one that looks around. It must keep full
marks, and its autograded notebook must hold nothing of the attacker's.

The attacker leaves files, named sockets, symlinks and folders wherever it can write (the scratch
folders, its connection folder, its socket folder, the zygote's folder of kernels' folders),
processes that try to outlive it and reach the next kernel's sockets (a new session, a double
fork, a chain of forks that is a new process at every moment of the cleanup), locks on
every descriptor it holds, and the marker in every shared mapping it inherited. A second attacker
fills /tmp with a million small files: cleaning up after it is slow, and that time is its own.
"""
import json
import os
import signal

import nbformat
import pytest

from traitlets.config import Config

from autograder.course import gradebook_path, judges_path
from autograder.grading import jobs
from autograder.intake.receive import receive, releases
from autograder.sandbox import zygote
from autograder.sandbox.jail import SandboxKernelManager
from autograder.grading.worker import Grader, WorkerSettings
from tests import corpus
from tests.conftest import TEST_ALL
from tests.tiny_course import NO_PRELOAD

pytestmark = pytest.mark.usefixtures("sandbox")
LESSON = "02_beta"
MARKER = "attacker-0x5EED"
OFD_START = 0x5EED  # where the attacker's OFD lock starts: /proc/locks would show it

LEAVE = '''import os, socket, sys
M = %r
connection = os.path.dirname(sys.argv[sys.argv.index("-f") + 1])
kept, made = [], []
for folder in ["/tmp", "/dev/shm", os.environ["HOME"], connection, connection + "/ipc", os.path.dirname(connection)]:
    for kind in ("file", "socket", "symlink", "fifo", "folder"):
        path = f"{folder}/{M}-{kind}"
        try:
            if kind == "file":
                open(path, "w").write(M)
            elif kind == "socket":
                kept.append(socket.socket(socket.AF_UNIX))
                kept[-1].bind(path)
                kept[-1].listen()
            elif kind == "symlink":
                os.symlink("/etc/passwd", path)
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                os.makedirs(path + "/deep/er")
                os.chmod(path, 0)
            made.append(path)
        except OSError:
            pass
print("MADE", len(made))''' % MARKER

LOCK = '''import ctypes, fcntl, struct
libc = ctypes.CDLL(None, use_errno=True)
shared = 0
for line in open("/proc/self/maps"):
    span, permissions = line.split()[:2]
    if permissions[1] == "w" and permissions[3] == "s":
        ctypes.memmove(int(span.split("-")[0], 16), M.encode(), len(M))
        shared += 1
locked = []
for fd in map(int, os.listdir("/proc/self/fd")):
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.fcntl(fd, 37, struct.pack("hhqqi", fcntl.F_WRLCK, 0, %d, 1, 0))  # F_OFD_SETLK
        locked.append(fd)
    except OSError:
        pass
held = open("/opt/autograder/autograder_kernel/probe.py", "rb")
fcntl.flock(held, fcntl.LOCK_SH)
print("SHARED", shared, "LOCKED", locked)''' % OFD_START

OUTLIVE = '''import time
kernels = os.path.dirname(connection)


def haunt():  # what a leftover would do: leave files, and a socket where the next kernel makes its own
    while True:
        for where in ["/tmp", os.environ["HOME"]] + [f"{kernels}/{k}/ipc" for k in os.listdir(kernels)]:
            try:
                open(f"{where}/{M}-late", "w").write(M)
                late = socket.socket(socket.AF_UNIX)
                late.bind(f"{where}/k-1")
                kept.append(late)
            except OSError:
                late.close()
        time.sleep(0.005)


# forked, never exec'd: like the kernel, not dumpable, so their /proc entries are root's
if os.fork() == 0:  # a new session
    os.setsid()
    haunt()
if os.fork() == 0:  # a double fork
    os.setsid()
    if os.fork() == 0:
        haunt()
    os._exit(0)
if os.fork() == 0:  # a chain of forks: a new process at every moment, as the cleanup runs
    os.setsid()
    while True:
        try:
            if os.fork():
                os._exit(0)
        except OSError:
            os._exit(0)
time.sleep(1)
print("LEFT RUNNING")'''

FILL = '''import os, subprocess
subprocess.run("seq 1000000 | xargs touch", shell=True, cwd="/tmp", check=True)
print("FILES", len(os.listdir("/tmp")) - 1)'''  # but the zygote's own folder

LOOK = '''import ctypes, json, os, sys
connection = os.path.dirname(sys.argv[sys.argv.index("-f") + 1])
marker = %r[::-1].encode()
found = []
for top in ["/tmp", "/dev/shm", os.environ["HOME"], os.path.dirname(connection)]:
    for root, folders, files in os.walk(top):
        found += [os.path.join(root, name) for name in folders + files]
me, parent = os.getpid(), os.getppid()
others = [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, me, parent)]
descriptors = {}
for fd in os.listdir("/proc/self/fd"):
    try:
        descriptors[fd] = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:  # the folder's own descriptor, closed by now
        pass
shared = []
for line in open("/proc/self/maps"):
    span, permissions = line.split()[:2]
    if permissions[3] == "s" and permissions[0] == "r":
        start, end = (int(x, 16) for x in span.split("-"))
        shared.append(marker in ctypes.string_at(start, end - start))
print("SEEN", json.dumps({"files": sorted(found), "processes": others, "descriptors": descriptors,
                          "locks": open("/proc/locks").read(), "shared": shared}))''' % MARKER[::-1]


def notebooks(course, forked: bool) -> dict[str, nbformat.NotebookNode]:
    """student -> notebook, in the order one worker grades them; the filler only where a zygote must
    clean up after it (a jail of its own ends with its folders)."""
    solution = corpus.load(course, "solutions", LESSON)
    look = corpus.insert_after(solution, "test_negate", LOOK)
    filler = {"3-filler": corpus.insert_after(solution, "negate", FILL)} if forked else {}
    return {"1-attacker": corpus.insert_after(solution, "negate", LEAVE, LOCK, OUTLIVE), "2-next": look, **filler,
            "4-next": look}


# make test: the kind grading uses; a jail of its own repeats each attack under make test-all
@pytest.fixture(scope="module", params=["forked", "own-jail"] if TEST_ALL else ["forked"])
def graded(request, tiny_course, tmp_path_factory):
    """student -> (the worker's outcome, the files left in the zygote's /tmp as its grade() returned)."""
    course, forked = tiny_course, request.param == "forked"
    submissions = tmp_path_factory.mktemp("zygote-class")
    for student, nb in notebooks(course, forked).items():
        (submissions / student).mkdir()
        nbformat.write(nb, submissions / student / f"{LESSON}.ipynb")
    todo, refused = jobs.make(receive(submissions, course, releases(course)), "")
    assert not refused and len(todo) == 3 + forked
    grader = Grader(WorkerSettings(gradebook=gradebook_path(course).read_bytes(),
                                   judges={LESSON: judges_path(course, LESSON).read_text(encoding="utf-8")},
                                   limits={**NO_PRELOAD, "warm_kernels": forked}))
    outcomes = {}
    try:
        for job in sorted(todo, key=lambda j: j.submission.student):
            outcome = grader.grade(job)
            zygote = grader._zygote
            left = [name for name in os.listdir(f"/proc/{zygote.jail_pid}/root/tmp") if name != zygote.rundir.name
                    ] if forked else []
            outcomes[job.submission.student] = outcome, left
    finally:
        grader.close()
    return outcomes


def score(outcome) -> float:
    return sum(grade["score"] or 0.0 for grade in outcome["grades"])


def seen(outcome) -> dict:
    nb = nbformat.reads(outcome["notebook"], as_version=4)
    [line] = [line for cell in nb.cells for o in cell.get("outputs", []) if o.get("output_type") == "stream"
              for line in o.text.splitlines() if line.startswith("SEEN ")]
    return json.loads(line[5:])


@pytest.mark.parametrize("next_student", ["2-next", "4-next"])
def test_the_next_student_keeps_full_marks_and_finds_nothing(graded, next_student):
    outcome, _ = graded[next_student]
    assert score(outcome) == 1.0 and outcome["flags"] == [], (score(outcome), outcome["flags"])
    found = seen(outcome)
    assert MARKER not in outcome["notebook"], found
    assert found["processes"] == [], "a process of the attacker outlived its kernel"
    assert not any(found["shared"]), "a shared mapping carries the attacker's marker"
    assert f" {OFD_START} " not in found["locks"], found["locks"]


def test_the_attacks_ran(graded):
    outcome, _ = graded["1-attacker"]
    nb = nbformat.reads(outcome["notebook"], as_version=4)
    out = "".join(o.get("text", "") for cell in nb.cells for o in cell.get("outputs", []))
    assert "LEFT RUNNING" in out, out
    assert int(out.split("MADE ")[1].split()[0]) >= 15, out  # files, sockets, symlinks, fifos and folders in 3 folders
    assert "SHARED 0 " in out, out  # a kernel inherits no writable shared mapping from its zygote
    locked = json.loads(out.split("LOCKED ")[1].splitlines()[0])
    assert {1, 2} <= set(locked), out  # its stdout and stderr: locked, and the lock must end with it
    if "3-filler" in graded:
        assert "FILES 1000000" in graded["3-filler"][0]["notebook"]


def test_cleaning_up_after_a_kernel_costs_its_own_notebook_s_time(graded):
    """The zygote has emptied /tmp when the worker is done with a notebook: the next notebook's clock
    starts after that cleanup, however slow a million files made it."""
    left = {student: names[:3] for student, (_, names) in graded.items() if names}
    assert not left, left


def test_a_zygote_started_ahead_is_taken_once_loaded_and_one_never_taken_is_stopped():
    """The command line starts the first zygote before it imports the grader (autograder.grading.config.prestart)."""
    config = Config()
    config.SandboxKernelManager.preload = []
    zygote.prestart(SandboxKernelManager(config=config), "taken")
    zygote.prestart(SandboxKernelManager(config=config), "left")
    left = zygote._spares["left"]
    taken = zygote.take("taken")
    try:
        assert taken is not None and taken.pid is not None and taken.alive()
        assert zygote.take("taken") is None, "a zygote is handed out once"
        zygote.discard()
        assert not left.alive() and zygote.take("left") is None
    finally:
        if taken is not None:
            taken.close()


def test_a_zygote_loads_its_later_modules_once_its_first_kernel_is_done(execute, capfd):
    """preload_later: the first kernel does not wait for them (it finds them not loaded), the kernels after it
    find them loaded; one that cannot be imported is said on the grader's stderr, and kernels go on."""
    zygotes, limits = {}, {"preload_later": ["wave", "autograder_no_such_module"]}
    try:
        seen = [execute(["import sys\nprint('wave' in sys.modules)"], kernel=limits, zygotes=zygotes).cells[0].outputs
                for _ in range(3)]
    finally:
        for made in zygotes.values():
            made.close()
    assert [[o.get("text") for o in outputs] for outputs in seen] == [["False\n"], ["True\n"], ["True\n"]], seen
    assert "autograder_no_such_module is not preloaded: ModuleNotFoundError" in capfd.readouterr().err


def test_a_process_that_ends_between_the_look_and_the_kill_leaves_the_zygote_serving(monkeypatch, tmp_path):
    """The zygote's clean-up looks for what the last kernel left, then kills this uid's processes: one that ends in
    between leaves nothing to kill (ESRCH), which must not end the zygote (it did, under load, in a CI run)."""
    from autograder.sandbox.kernel import zygote as kernel_zygote

    looks = iter([[4242], [], []])  # a process left, then gone
    kills = []

    def kill(pid: int, signum: int) -> None:
        kills.append((pid, signum))
        raise ProcessLookupError(3, "No such process")

    (tmp_path / "left-behind").write_text("x")
    monkeypatch.setattr(kernel_zygote, "others", lambda: next(looks))
    monkeypatch.setattr(kernel_zygote.os, "kill", kill)
    monkeypatch.setattr(kernel_zygote, "SCRATCH", (str(tmp_path),))
    kernel_zygote.clean()
    assert kills == [(-1, signal.SIGKILL)] and not any(tmp_path.iterdir())
