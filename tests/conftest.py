"""What the tests share: whether student code can be jailed here, the tiny course, the real lessons released once
per run, a PostgreSQL server, a Moodle class graded once, a Dask cluster, Debian's chromium for Playwright, and
the grading executor on both kinds of kernel."""
import contextlib
import fcntl
import functools
import json
import os
from pathlib import Path

import pytest

from autograder.course import Course, isolate_jupyter, schema_in_process, tools_on_path
from autograder.sandbox import jail
from tests.tiny_course import LESSON_A, LESSON_B, course_in, released_course

tools_on_path()  # `.venv/bin/pytest` from a shell whose PATH lacks .venv/bin, as the docs show it
isolate_jupyter()  # the tests start kernels and nbgrader in this process, not through the command line
schema_in_process()  # the tests make many gradebooks, the release's and PostgreSQL ones
# set by .ci/run: CI is there to prove the jail, so there a missing jail fails the tests that need it
REQUIRE_SANDBOX = os.environ.get("AUTOGRADER_REQUIRE_SANDBOX") == "1"
# set by `make test-all`: what `make test` samples runs in full (docs/testing.md)
TEST_ALL = os.environ.get("AUTOGRADER_TEST_ALL") == "1"


FIRST = "tests/lessons/test_lessons.py"


def pytest_report_header() -> str:
    from autograder.release import stamp

    why = stamp.fresh(Course())
    return ("the real lessons: the checkout's `make release` is fresh, the tests copy it" if why is None else
            f"the real lessons: the tests release them, {why}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The lessons' module first, the others in their order: it is the longest (the whole class graded), and it
    releases the real lessons that three other modules wait for. `make test` hands modules to its workers in
    this order (--no-loadscope-reorder), so the other workers meanwhile run modules that need no release,
    where one would otherwise start with one that waits (pytest-xdist's default: the module of most tests).
    A test marked `repeats` is skipped, with the target that runs it, unless `make test-all` runs."""
    items.sort(key=lambda item: item.nodeid.split("::")[0] != FIRST)
    if not TEST_ALL:
        for item in items:
            if item.get_closest_marker("repeats"):
                item.add_marker(pytest.mark.skip(reason="repeats a proof that make test runs once: make test-all"))


@functools.cache
def jail_problem() -> str:
    """Why kernels cannot be jailed here (the message names the fix), or "" when they can."""
    try:
        jail.check()
    except jail.JailError as error:
        return str(error)
    return ""


@pytest.fixture(scope="session")
def sandbox() -> None:
    """For tests that need the jail: they skip where it cannot be made, outside CI, and fail in CI."""
    if jail_problem():
        if REQUIRE_SANDBOX:
            pytest.fail(f"AUTOGRADER_REQUIRE_SANDBOX=1: {jail_problem()}")
        pytest.skip(jail_problem())


@pytest.fixture(scope="session")
def unsafe_no_sandbox() -> bool:
    """For tests that grade trusted code (the course's own solutions): the jail where it can be made,
    else (outside CI) the explicit unsafe mode."""
    if jail_problem() and REQUIRE_SANDBOX:
        pytest.fail(f"AUTOGRADER_REQUIRE_SANDBOX=1: {jail_problem()}")
    return bool(jail_problem())


def once_per_run(tmp_path_factory, worker_id: str, name: str, make) -> Path:
    """The folder `name` that make(folder) fills, made once per test run: the pytest-xdist workers of a run share
    it (the first to ask makes it, under a lock; the others wait and reuse it), as pytest-xdist advises for an
    expensive session fixture. Tests read it and never change it."""
    if worker_id == "master":  # no xdist: nobody to share with
        root = tmp_path_factory.mktemp(name)
    else:  # the run's base folder, common to its workers
        root = tmp_path_factory.getbasetemp().parent / name
        root.mkdir(exist_ok=True)
    with open(root / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "made").exists():
            (root / "folder").mkdir()
            make(root / "folder")
            (root / "made").touch()
    return root / "folder"


@pytest.fixture(scope="session")
def tiny_course(tmp_path_factory, worker_id) -> Course:
    return course_in(once_per_run(tmp_path_factory, worker_id, "tiny", lambda folder: released_course(
        folder, {"01_alpha": LESSON_A, "02_beta": LESSON_B})))


@pytest.fixture(scope="session")
def release_lessons(tmp_path_factory, worker_id):
    """release_lessons(lessons) -> a course with those real lessons released, once per test run (once_per_run).
    Where the checkout's own `make release` is fresh (its stamp, release/stamp.py), its files are copied instead:
    the same files a release of the same inputs writes (pytest's header says which)."""
    from autograder import release
    from autograder.release import stamp

    def released(lessons: list[str]) -> Course:
        def course(folder: Path) -> Course:  # the checkout's lesson sources, released into folder
            return Course(build=folder / "build", out_root=folder / "out")

        def make(folder: Path) -> None:
            if stamp.fresh(Course()) is None:
                stamp.copy(Course(), course(folder))
            else:
                release.release(course(folder), only=sorted(lessons))

        return course(once_per_run(tmp_path_factory, worker_id, f"lessons-{'-'.join(sorted(lessons))}", make))

    return released


@pytest.fixture(scope="session")
def postgres_url(tmp_path_factory):
    """A throw-away PostgreSQL server (Debian's packages) on a unix socket, run as the postgres user.

    None when it cannot be started here (not root, or postgresql not installed), unless
    AUTOGRADER_REQUIRE_POSTGRES=1 (set by .ci/run), which makes that an error.
    """
    import glob
    import os
    import pwd
    import shutil
    import subprocess
    import tempfile

    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        user = None
    if os.geteuid() != 0 or not binaries or user is None or not shutil.which("runuser"):
        if os.environ.get("AUTOGRADER_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL is required (AUTOGRADER_REQUIRE_POSTGRES=1) but cannot be started")
        yield None
        return
    bindir = os.path.dirname(binaries[-1])
    folder = tempfile.mkdtemp(prefix="pg-", dir="/tmp")
    os.chown(folder, user.pw_uid, user.pw_gid)
    data, port = os.path.join(folder, "data"), "5544"

    def as_postgres(*cmd):
        subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True, capture_output=True, cwd=folder)

    as_postgres(f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
    as_postgres(f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
                f"-c listen_addresses='' -k {folder} -p {port} -c fsync=off", "start")
    try:
        as_postgres(f"{bindir}/createdb", "-h", folder, "-p", port, "autograde")
        yield f"postgresql+psycopg2://postgres@/autograde?host={folder}&port={port}"
    finally:
        subprocess.run(["runuser", "-u", "postgres", "--", f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"],
                       capture_output=True, cwd=folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def moodle_class(sandbox, tiny_course, tmp_path_factory, worker_id):
    """(the Moodle zip, the course folder it was graded into, serially), once per test run (once_per_run): tests
    copy the folder to change it."""
    from autograder import autograde
    from tests import classroom, corpus

    def make(folder: Path) -> None:
        archive = corpus.write_zip(classroom.moodle_files(tiny_course), folder / "moodle.zip")
        autograde.autograde(archive, folder / "graded", workers=1, course=tiny_course, limits=classroom.LIMITS)

    folder = once_per_run(tmp_path_factory, worker_id, "moodle", make)
    return folder / "moodle.zip", folder / "graded"


@pytest.fixture
def cluster(tmp_path):
    """A real Dask cluster of separate processes: a scheduler, and the workers the test adds (tests.dask_cluster)."""
    from tests.dask_cluster import Cluster

    cluster = Cluster(tmp_path)
    yield cluster
    cluster.close()


CHROMIUM = "/usr/bin/chromium"  # Debian's: Playwright drives it, so no browser download is needed


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM}


@pytest.fixture
def chromium_page(request):
    """pytest-playwright's page in Debian's chromium; skipped where chromium is missing, unless
    AUTOGRADER_REQUIRE_BROWSER=1 (set by .ci/run), which makes that an error."""
    import os

    if not os.path.exists(CHROMIUM):
        if os.environ.get("AUTOGRADER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"a browser is required (AUTOGRADER_REQUIRE_BROWSER=1) but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium): the browser tests need it")
    return request.getfixturevalue("page")


@pytest.fixture
def execute(unsafe_no_sandbox):
    """Run code cells through the grading executor, in the jail where there is one, without torch.

    execute(cells, kernel={SandboxKernelManager trait: value}, run={SandboxExecute trait: value})
    returns the executed notebook.
    """
    import nbformat
    from traitlets.config import Config

    from autograder.sandbox.execute import SandboxExecute
    from autograder.sandbox.jail import SandboxKernelManager
    from autograder.sandbox.zygote import Zygote
    from jupyter_core.utils import run_sync

    def run(cells: list[str], kernel: dict | None = None, run: dict | None = None,
            zygotes: dict | None = None) -> nbformat.NotebookNode:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
        config = Config()
        config.SandboxKernelManager.update({"preload": [], "unsafe_no_sandbox": unsafe_no_sandbox, **(kernel or {})})
        config.SandboxExecute.update({"timeout": 30, "notebook_timeout": 60, **(run or {})})
        km = None
        if zygotes is not None:  # forked from a zygote made with these limits, kept for the test's next notebooks
            key = json.dumps(kernel, sort_keys=True)
            if key not in zygotes:
                zygotes[key] = Zygote(SandboxKernelManager(config=config))
            km = SandboxKernelManager(config=config, kernel_name="python3", zygote=zygotes[key])
        try:
            executed, _ = SandboxExecute(config=config).preprocess(nb, {"metadata": {"path": "/tmp"}}, km=km)
        finally:
            if km is not None and km.has_kernel:  # nbclient stops only the kernels it made
                run_sync(km.shutdown_kernel)(now=True)
        if km is not None and not zygotes[key].alive():  # the notebook killed its zygote (or stalled its
            zygotes.pop(key).close()  # cleanup): the next is forked from a new one, as in grading
        return executed

    return run


KERNELS = ("own-jail", "forked")


@contextlib.contextmanager
def of_kind(request: pytest.FixtureRequest, execute, kind: str):
    """`execute` with one kind of kernel: one in a jail of its own, or one forked from a zygote
    (autograder.sandbox.zygote) that the test's later notebooks with the same limits share.
    .zygote_cgroups() names the cgroups the test's live zygotes hold; .forked tells the kind."""
    if kind == "own-jail":
        execute.zygote_cgroups, execute.forked = (lambda: set()), False
        yield execute
        return
    request.getfixturevalue("sandbox")  # a zygote runs in the jail only
    zygotes = {}

    def run(cells, kernel=None, run=None):
        return execute(cells, kernel, run, zygotes=zygotes)

    run.forked = True
    run.zygote_cgroups = lambda: {folder.name for z in zygotes.values() if z.cgroup for folder in z.cgroup.folders}
    try:
        yield run
    finally:
        for zygote in zygotes.values():
            zygote.close()


@pytest.fixture(params=KERNELS if TEST_ALL else ("forked",))
def execute_both(request, execute):
    """`execute` with each kind of kernel (of_kind); make test, with the kind grading uses (the second kind of
    kernel repeats each limit)."""
    with of_kind(request, execute, request.param) as run:
        yield run
