"""A failure of the grader is never a grade (autograder.grading.failures). Each cause is injected through the
real path: judges files missing and unreadable, a zygote that cannot start (in a LocalCluster's worker
processes), a task the scheduler cannot deserialize and a worker that dies on one notebook again and again
(in a cluster of `dask scheduler` and `dask worker` processes), an unreachable gradebook. For each notebook
hit: an empty score, the status not-graded and the grader's error in grades.csv and report.html, a feedback
page that says only that grading will be retried, nothing in the gradebook or the exports (an earlier grade
stays), a non-zero exit ending with one line by cause, and the next run grades exactly those again."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

from autograder import autograde
from autograder.course import Course, judges_path
from autograder.grading import failures, jobs
from autograder.grading.results import NOT_GRADED, not_graded_line
from autograder.moodle import export
from autograder.state import RunState
from tests.classroom import rows
from tests.tiny_course import NO_PRELOAD, cli_script

pytestmark = pytest.mark.usefixtures("sandbox")
LIMITS = {**NO_PRELOAD, "timeout": 30, "notebook_timeout": 60}


def write_class(course: Course, folder: Path, students: dict[str, tuple[str, ...]]) -> Path:
    """Every student's correct solution of each of their lessons."""
    for student, lessons in students.items():
        (folder / student).mkdir(parents=True)
        for lesson in lessons:
            nb = nbformat.read(course.out_root / "solutions" / "en" / f"{lesson}.ipynb", as_version=4)
            nbformat.write(nb, folder / student / f"{lesson}.ipynb")
    return folder


def run_cli(course: Course, *argv, limits: dict = LIMITS) -> subprocess.CompletedProcess:
    """`python -m autograder.cli autograde ...` on `course`, from a folder outside the checkout."""
    return subprocess.run([sys.executable, "-c", cli_script(course, ["autograde", *map(str, argv), "--no-progress"],
                                                            limits)],
                          capture_output=True, text=True, timeout=900, cwd=Path(argv[1]).parent)


def submitted(out: Path, assignment: str) -> dict[str, float]:
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}") as db:
        return {s.student.id: s.score for s in db.assignment_submissions(assignment)}


@pytest.fixture
def own_build(tiny_course, tmp_path) -> Course:
    """The tiny course with a build of the test's own, whose judges it may break."""
    shutil.copytree(tiny_course.build, tmp_path / "build")
    return Course(sources=tiny_course.sources, build=tmp_path / "build", out_root=tiny_course.out_root)


def test_unreadable_judges_grade_nothing_of_their_lesson_and_the_next_run_grades_exactly_those(own_build, tmp_path):
    course = own_build
    moodle = {f"Sam {n}_{n}_assignsubmission_file": ("01_alpha", "02_beta") for n in (11, 12)}  # keys: 11, 12
    submissions = write_class(course, tmp_path / "class", moodle)
    out = tmp_path / "out"
    judges = judges_path(course, "02_beta")
    text = judges.read_text()
    judges.unlink()

    done = run_cli(course, submissions, out, "--workers", "1")
    cause = "the judges of 02_beta could not be read (run `make release`)"
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == \
        f"not graded: 2 of 4 notebooks (2: {cause}); the next run grades them again"
    grades = {(r["student"], r["assignment"]): r for r in rows(out / "grades.csv")}
    for student in ("11", "12"):
        beta = grades[student, "02_beta"]
        assert (beta["score"], beta["status"]) == ("", NOT_GRADED)
        assert f"FileNotFoundError: [Errno 2] No such file or directory: '{judges}' (at {judges})" in beta["note"]
        assert (grades[student, "01_alpha"]["score"], grades[student, "01_alpha"]["status"]) == ("5.0", "ok")
        page = (out / "feedback" / student / "02_beta.html").read_text()
        assert "graded again" in page and "FileNotFoundError" not in page and "Score" not in page
    report = (out / "report.html").read_text()
    assert "not graded" in report and cause in report and "FileNotFoundError" in report
    assert {r["assignment"] for r in rows(out / "exercises.csv")} == {"01_alpha"}
    assert submitted(out, "02_beta") == {} and submitted(out, "01_alpha") == {"11": 5.0, "12": 5.0}
    assert not (out / "autograded" / "11" / "02_beta").exists()
    export.export(out, course=course)
    final = {r["student"]: r for r in rows(out / "export" / "final_grades.csv")}
    assert (final["11"]["01_alpha"], final["11"]["02_beta"]) == ("5", "")
    assert not (out / "export" / "02_beta_grades.csv").exists()

    judges.write_text(text)  # fixed: the next run grades exactly the two that were not graded
    done = run_cli(course, submissions, out, "--workers", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert RunState(out).last_run()[0]["reused"] == 2
    assert {(r["assignment"], r["score"], r["status"]) for r in rows(out / "grades.csv")} == \
        {("01_alpha", "5.0", "ok"), ("02_beta", "1.0", "ok")}
    assert submitted(out, "02_beta") == {"11": 1.0, "12": 1.0}

    judges.write_text("{not json")  # unreadable, in a fresh run: the grade the last run wrote stays
    done = run_cli(course, submissions, out, "--workers", "1", "--fresh")
    assert done.returncode == 1 and done.stdout.strip().splitlines()[-1].startswith("not graded: 2 of 4 notebooks")
    assert all("JSONDecodeError" in r["note"] for r in rows(out / "grades.csv") if r["assignment"] == "02_beta")
    assert submitted(out, "02_beta") == {"11": 1.0, "12": 1.0}
    export.export(out, course=course)
    assert {r["student"]: r["02_beta"] for r in rows(out / "export" / "final_grades.csv")} == {"11": "1", "12": "1"}
    assert [r["Grade"] for r in rows(out / "export" / "02_beta_grades.csv")] == ["1.00", "1.00"]


def test_a_zygote_that_cannot_start_stops_the_run_after_the_first_jobs(tiny_course, tmp_path):
    submissions = write_class(tiny_course, tmp_path / "class", {f"s{i}": ("01_alpha",) for i in range(5)})
    out = tmp_path / "out"
    done = run_cli(tiny_course, submissions, out, "--workers", "1",
                   limits={**LIMITS, "preload": ["autograder_no_such_module"]})
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == \
        f"not graded: 5 of 5 notebooks (5: {failures.ZYGOTE}); the next run grades them again"
    notes = sorted(r["note"] for r in rows(out / "grades.csv") if r["status"] == NOT_GRADED and r["score"] == "")
    assert len(notes) == 5
    tried = [n for n in notes if "ZygoteError" in n]
    assert len(tried) == 3 and all("worker tcp://" in n and "sandbox/zygote.py:" in n for n in tried)
    assert sum("not tried: the first 3 notebooks failed so (at the client)" in n for n in notes) == 2
    assert submitted(out, "01_alpha") == {}
    assert not any((out / ".autograde" / "results").glob("*.json")), "what was not graded is not cached"


def test_on_a_cluster_a_task_it_cannot_deserialize_and_a_worker_that_dies_again_and_again(
        tiny_course, cluster, tmp_path, monkeypatch):
    client_only = tmp_path / "client-only"
    client_only.mkdir()
    (client_only / "client_only_job.py").write_text(
        "from autograder.grading.jobs import Job\n\n\n"
        "class ClientOnlyJob(Job):\n    \"\"\"Only the client can import it: a task that holds one cannot be deserialized.\"\"\"\n")
    monkeypatch.syspath_prepend(str(client_only))
    from client_only_job import ClientOnlyJob

    make = jobs.make

    def poisoned(*args, **kwargs):
        todo, ungradable = make(*args, **kwargs)
        return [ClientOnlyJob(**vars(job)) if job.submission.student == "poisoned" else job for job in todo], ungradable

    monkeypatch.setattr(jobs, "make", poisoned)
    crash = tmp_path / "crash_on_crasher.py"
    crash.write_text("import os\nfrom autograder.grading import worker\n\n"  # Dask may run a preload twice
                     "real = worker.Grader.__dict__.get('real_grade', worker.Grader.grade)\n\n\n"
                     "def grade(self, job):\n    if job.submission.student == 'crasher':\n        os._exit(1)\n"
                     "    return real(self, job)\n\n\nworker.Grader.real_grade, worker.Grader.grade = real, grade\n")
    for _ in range(2):  # nannies restart a worker that died; each one dies on the crasher's notebook
        cluster.add_worker(nanny=True, args=("--preload", str(crash)))
    cluster.wait_for_workers(2)
    submissions = write_class(tiny_course, tmp_path / "class",
                              {name: ("01_alpha",) for name in ("good1", "good2", "crasher", "poisoned")})
    out = tmp_path / "out"
    results = autograde.autograde(submissions, out, scheduler=cluster.address, course=tiny_course, limits=LIMITS)
    by = {r.student: r for r in results}
    assert (by["good1"].score, by["good2"].score) == (5.0, 5.0), [(r.student, r.cause, r.notes) for r in results]
    assert (by["crasher"].score, by["crasher"].status, by["crasher"].cause) == (None, NOT_GRADED, failures.KILLED)
    assert "KilledWorker" in by["crasher"].notes[0]
    assert (by["poisoned"].score, by["poisoned"].cause) == (None, failures.UNDESERIALIZABLE)
    assert "RuntimeError: Error during deserialization of the task graph" in by["poisoned"].notes[0]
    assert not_graded_line(results) == (f"not graded: 2 of 4 notebooks (1: {failures.KILLED}; "
                                        f"1: {failures.UNDESERIALIZABLE}); the next run grades them again")
    assert submitted(out, "01_alpha") == {"good1": 5.0, "good2": 5.0}
    assert {r["student"]: r["score"] for r in rows(out / "grades.csv")} == \
        {"good1": "5.0", "good2": "5.0", "crasher": "", "poisoned": ""}


def test_an_unreachable_gradebook_publishes_nothing(tiny_course, tmp_path):
    submissions = write_class(tiny_course, tmp_path / "class", {"s1": ("01_alpha",)})
    out = tmp_path / "out"
    done = run_cli(tiny_course, submissions, out, "--workers", "1", "--db",
                   "postgresql+psycopg2://grader:secret@/autograde?host=/nonexistent&port=5544")
    assert done.returncode == 1
    message = done.stderr.strip().splitlines()[-1]
    assert message.startswith("nothing was published: the gradebook postgresql+psycopg2://grader:***@/autograde")
    assert "is unreachable (OperationalError: " in message and "start it, or fix DB=" in message
    assert "secret" not in done.stdout + done.stderr
    assert not out.exists()
