"""Grading on Dask: a real cluster of separate processes (`dask scheduler`, `dask worker`, started as the
docs/cluster.md says, from another folder), a worker killed mid-batch, a worker that cannot jail student code, and
Ctrl-C that publishes nothing."""
import os
import shlex
import socket
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

from autograder import ROOT, autograde
from autograder.grading import engine
from autograder.grading.cluster import NoGradingWorker
from autograder.sandbox.bubblewrap import bwrap_path
from tests.classroom import rows
from tests.dask_cluster import clean_env
from tests.docs_commands import docs_commands
from tests.tiny_course import NO_PRELOAD, cli_script

pytestmark = pytest.mark.usefixtures("sandbox")
LIMITS = {**NO_PRELOAD, "timeout": 30, "notebook_timeout": 60}


def slow_class(course, folder: Path, students: int) -> Path:
    """A class of solutions, stubs and wrong answers; each notebook sleeps a little, so a batch takes a while."""
    solution = nbformat.read(course.out_root / "solutions" / "en" / "01_alpha.ipynb", as_version=4)
    stub = nbformat.read(course.out_root / "lessons" / "en" / "01_alpha.ipynb", as_version=4)
    for i in range(students):
        nb = nbformat.from_dict(solution if i % 3 else stub)
        if i % 3 == 2:
            [answer] = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "double"]
            answer.source = "def double(x):\n    return x + 1"
        nb.cells.insert(2, nbformat.v4.new_code_cell("import time\ntime.sleep(1.5)", id=f"slow-{i}"))
        (folder / f"student{i:02d}").mkdir(parents=True)
        nbformat.write(nb, folder / f"student{i:02d}" / "01_alpha.ipynb")
    return folder


@pytest.fixture(scope="module")
def serial(tiny_course, tmp_path_factory):
    submissions = slow_class(tiny_course, tmp_path_factory.mktemp("class"), 6)
    out = tmp_path_factory.mktemp("serial")
    autograde.autograde(submissions, out, workers=1, course=tiny_course, limits=LIMITS)
    return submissions, out


@pytest.mark.repeats
def test_a_cluster_of_separate_processes_grades_like_a_serial_run(serial, cluster, tiny_course, tmp_path):
    submissions, serial_out = serial
    cluster.add_worker()
    cluster.add_worker()
    cluster.wait_for_workers(2)
    out = tmp_path / "cluster"
    autograde.autograde(submissions, out, scheduler=cluster.address, course=tiny_course, limits=LIMITS)
    assert rows(out / "grades.csv") == rows(serial_out / "grades.csv")
    assert rows(out / "exercises.csv") == rows(serial_out / "exercises.csv")
    assert {r["score"] for r in rows(out / "grades.csv")} == {"0.0", "3.0", "5.0"}


# make test grades on worker processes in the cluster tests below and in this process in most others: the two
# routes side by side repeat that
@pytest.mark.repeats
def test_a_small_batch_is_graded_in_this_process_as_worker_processes_grade_it(tiny_course, tmp_path, monkeypatch):
    submissions = slow_class(tiny_course, tmp_path / "class", 4)
    made, real = [], engine.LocalCluster

    def local_cluster(*args, **kwargs):
        made.append(kwargs["processes"])
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "LocalCluster", local_cluster)
    autograde.autograde(submissions, tmp_path / "here", workers=2, course=tiny_course, limits=LIMITS)
    monkeypatch.setattr(engine, "HERE", 3)  # fewer than the batch: worker processes
    autograde.autograde(submissions, tmp_path / "processes", workers=2, course=tiny_course, limits=LIMITS)
    assert made == [False, True]
    assert rows(tmp_path / "here" / "grades.csv") == rows(tmp_path / "processes" / "grades.csv")
    assert rows(tmp_path / "here" / "exercises.csv") == rows(tmp_path / "processes" / "exercises.csv")
    assert {r["score"] for r in rows(tmp_path / "here" / "grades.csv")} == {"0.0", "3.0", "5.0"}


def readme_cluster_commands() -> tuple[list[str], list[str]]:
    """The scheduler's and a worker's command lines, as docs/cluster.md gives them."""
    lines = [shlex.split(command) for command in docs_commands("/path/to/course/.venv/bin/dask")]
    [scheduler] = [line for line in lines if line[1:2] == ["scheduler"]]
    [worker] = [line for line in lines if line[1:2] == ["worker"]]
    return scheduler, worker


# make test grades on clusters of `dask scheduler` and `dask worker` processes in test_engine_worker_loss.py,
# test_failures.py and test_cluster.py: this repeats that with docs/cluster.md's command lines, four workers each
@pytest.mark.repeats
def test_the_readmes_cluster_commands_run_from_another_folder_grade_like_a_serial_run(serial, tiny_course, tmp_path):
    submissions, serial_out = serial
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]

    def here(argv: list[str]) -> list[str]:  # this checkout, this machine, a free port
        return [a.replace("/path/to/course", str(ROOT)).replace("grader-1", "127.0.0.1").replace("8786", str(port))
                for a in argv]

    scheduler, worker = readme_cluster_commands()
    assert scheduler[0] == worker[0] == "/path/to/course/.venv/bin/dask" and "--resources" in worker
    started = [subprocess.Popen(here(argv), cwd=tmp_path, env=clean_env(), start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for argv in (scheduler, worker)]
    try:
        address = f"tcp://127.0.0.1:{port}"
        from distributed import Client
        with Client(address, timeout=120) as client:
            client.wait_for_workers(int(worker[worker.index("--nworkers") + 1]), timeout=180)
        out = tmp_path / "cluster"
        done = subprocess.run([sys.executable, "-c", cli_script(tiny_course, [
            "autograde", submissions, out, "--scheduler", address, "--no-progress"], LIMITS)],
            cwd=tmp_path, env=clean_env(), capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        assert rows(out / "grades.csv") == rows(serial_out / "grades.csv")
        assert rows(out / "exercises.csv") == rows(serial_out / "exercises.csv")
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# make test kills workers mid-notebook, between notebooks and as they start in test_engine_worker_loss.py: this
# repeats that proof on a cluster without nannies
@pytest.mark.repeats
def test_a_worker_killed_mid_batch_loses_nothing(serial, cluster, tiny_course, tmp_path):
    submissions, serial_out = serial
    victim = cluster.add_worker()
    cluster.add_worker()
    cluster.wait_for_workers(2)
    out = tmp_path / "killed"
    cache = out / ".autograde" / "results"
    def kill_when_first_done():
        for _ in range(600):
            if cache.exists() and any(cache.glob("*.json")):
                victim.send_signal(signal.SIGKILL)
                return
            time.sleep(0.1)

    killer = threading.Thread(target=kill_when_first_done)
    killer.start()
    autograde.autograde(submissions, out, scheduler=cluster.address, course=tiny_course, limits=LIMITS)
    killer.join()
    assert victim.poll() is not None, "the worker was not killed mid-batch"
    assert rows(out / "grades.csv") == rows(serial_out / "grades.csv")
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}") as db:
        submitted = [(s.student.id, s.assignment.name) for s in db.assignment_submissions("01_alpha")]
        assert sorted(submitted) == sorted(set(submitted)) and len(submitted) == 6


def test_a_worker_without_a_jail_grades_nothing(tiny_course, cluster, tmp_path):
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("needs root to hide bwrap from one worker (unshare -m)")
    bwrap = bwrap_path()
    jailless = ("unshare", "-m", "sh", "-c", f'mount --bind /dev/null "{bwrap}" && exec "$0" "$@"')
    refusing = cluster.add_worker(jailless)
    cluster.wait_for_workers(1)
    submissions = slow_class(tiny_course, tmp_path / "class", 1)
    with pytest.raises(NoGradingWorker, match="apt-get install bubblewrap"):
        autograde.autograde(submissions, tmp_path / "out", scheduler=cluster.address, course=tiny_course, limits=LIMITS)
    assert not (tmp_path / "out").exists()
    assert refusing.wait(timeout=60) is not None, "a worker that cannot grade leaves the cluster"
    cluster.add_worker()
    cluster.wait_for_workers(1)
    results = autograde.autograde(submissions, tmp_path / "out", scheduler=cluster.address, course=tiny_course,
                              limits=LIMITS)
    assert [r.score for r in results] == [0.0]


def test_ctrl_c_publishes_nothing_and_the_next_run_resumes(tiny_course, tmp_path):
    submissions = slow_class(tiny_course, tmp_path / "class", 6)
    out = tmp_path / "out"
    # a terminal's foreground job takes Ctrl-C, even where this test run was started with SIGINT ignored (a
    # background job of a shell without job control, as `.ci/run &` is)
    script = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n" + cli_script(
        tiny_course, ["autograde", submissions, out, "--workers", "1", "--no-progress"], LIMITS)
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    cache = out / ".autograde" / "results"
    for _ in range(900):
        if cache.exists() and any(cache.glob("*.json")):
            break
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole process group
    output, _ = process.communicate(timeout=120)
    assert process.returncode == 130, output
    assert "nothing was published" in output
    assert not (out / "grades.csv").exists() and not (out / "report.html").exists()
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}") as db:
        assert db.assignment_submissions("01_alpha") == []
    kept = len(list(cache.glob("*.json")))
    assert 1 <= kept < 6
    results = autograde.autograde(submissions, out, workers=1, course=tiny_course, limits=LIMITS)
    assert len(results) == 6
    assert f"{kept} reused from an earlier run" in (out / "report.html").read_text()
