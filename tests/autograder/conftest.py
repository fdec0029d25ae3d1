"""A tiny course of our own (two small lessons, no torch: kernels start fast), released once per session."""
import json
import textwrap
from pathlib import Path

import pytest

from autograder.course import Course
from autograder import release

LESSON_A = '''
# %% [markdown] tags=["ru"]
# # Урок A

# %% [markdown] tags=["en"]
# # Lesson A

# %%
import math

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
def check_close(actual, expected):
    assert math.isclose(actual, expected), f"expected {expected}, got {actual}"

# %% nbgrader={"grade_id": "double", "solution": true}
def double(x):
    """Return 2 * x."""
    ### BEGIN SOLUTION
    return 2 * x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_double", "grade": true, "points": 2, "locked": true}
check_close(double(1.0), 2.0)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("double(3.0)", double, 3.0)
SECRET_HIDDEN_MARKER = "hidden-source-line-0xC0FFEE"
### END HIDDEN TESTS

# %% judge="test_double"
def judge(got, want):
    assert close(got["double(3.0)"], want["double(3.0)"]), "double(3) must be 6 (hidden check)"

# %% judge="helpers"
def close(actual, expected):
    return type(actual) in (int, float) and math.isclose(actual, expected)

# %% nbgrader={"grade_id": "square", "solution": true}
def square(x):
    """Return x ** 2."""
    ### BEGIN SOLUTION
    return x * x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_square", "grade": true, "points": 3, "locked": true}
assert square(2.0) == 4.0, "square(2) must be 4"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("square(-3.0)", square, -3.0)
### END HIDDEN TESTS

# %% judge="test_square"
def judge(got, want):
    assert close(got["square(-3.0)"], want["square(-3.0)"]), "square(-3) must be 9"

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Потому что.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Because.
# ### END SOLUTION
'''

LESSON_B = '''
# %% [markdown] tags=["ru"]
# # Урок B

# %% [markdown] tags=["en"]
# # Lesson B

# %% nbgrader={"grade_id": "negate", "solution": true}
def negate(x):
    """Return -x."""
    ### BEGIN SOLUTION
    return -x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_negate", "grade": true, "points": 1, "locked": true}
assert negate(1) == -1, "negate(1) must be -1"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("negate(-5)", negate, -5)
### END HIDDEN TESTS

# %% judge="test_negate"
def judge(got, want):
    assert got["negate(-5)"] == want["negate(-5)"] == 5, "negate(-5) must be 5"
'''


def released_course(tmp: Path, lessons: dict[str, str]) -> Course:
    """A temporary course in tmp of these lesson sources ({assignment: source}), released."""
    sources = tmp / "source"
    sources.mkdir()
    for assignment, source in lessons.items():
        (sources / f"{assignment}.py").write_text(textwrap.dedent(source).lstrip())
    course = Course(sources=sources, build=tmp / "build", out_root=tmp / "out")
    release.release(course)
    return course


@pytest.fixture(scope="session")
def tiny_course(tmp_path_factory) -> Course:
    return released_course(tmp_path_factory.mktemp("tiny"), {"01_alpha": LESSON_A, "02_beta": LESSON_B})


# the tiny course needs no torch: its kernels start without preloading it
NO_PRELOAD = {"preload": []}


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
def moodle_class(sandbox, tiny_course, tmp_path_factory):
    """(the Moodle zip, the course folder it was graded into, serially): tests copy the folder to change it."""
    from autograder import autograde
    from tests.autograder import classroom, corpus

    archive = corpus.write_zip(classroom.moodle_files(tiny_course), tmp_path_factory.mktemp("moodle") / "moodle.zip")
    out = tmp_path_factory.mktemp("moodle-graded") / "graded"
    autograde.autograde(archive, out, workers=1, course=tiny_course, limits=classroom.LIMITS)
    return archive, out


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
    from autograder.sandbox.zygote import Zygote, ZygoteError
    from jupyter_core.utils import run_sync

    def run(cells: list[str], kernel: dict | None = None, run: dict | None = None,
            zygotes: dict | None = None) -> nbformat.NotebookNode:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
        config = Config()
        config.SandboxKernelManager.update(preload=[], unsafe_no_sandbox=unsafe_no_sandbox, **(kernel or {}))
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
        if km is not None:
            try:
                zygotes[key].settle()
            except ZygoteError:  # the notebook killed its zygote: the next is forked from a new one, as in grading
                zygotes.pop(key).close()
        return executed

    return run


@pytest.fixture(params=["own-jail", "forked"])
def execute_both(request, execute):
    """`execute` with each kind of kernel: one in a jail of its own, and one forked from a zygote
    (autograder.sandbox.zygote) that the test's later notebooks with the same limits share.
    execute_both.zygote_cgroups() names the cgroups the test's live zygotes hold; .forked tells the kind."""
    if request.param == "own-jail":
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
