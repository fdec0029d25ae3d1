"""Grade the corpus of hostile and damaged submissions in two batches and check every status and score.

Batch 1 (folder, SQLite, 2 workers): damaged files, repairs, tampering, the sandbox's walls.
Batch 2 (Moodle zip, 02_beta only): hang, notebook timeout, os._exit, memory cap; graded serially
with SQLite and again with 2 workers through a real PostgreSQL server (when one can be started),
whose grades must be identical; then re-run to check resuming.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

import nbformat
import pytest

from autograder import ROOT, autograde
from tests import corpus
from tests.classroom import rows
from tests.tiny_course import cli_script

LIMITS = {"timeout": 20, "notebook_timeout": 120, "memory_mb": 4096, "cpu_seconds": 120}
ZIP_LIMITS = {"timeout": 3, "notebook_timeout": 5, "memory_mb": 4096, "cpu_seconds": 60}


def outputs(result) -> str:
    nb = nbformat.read(result.autograded, as_version=4)
    return "\n".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []) if c.cell_type == "code")


@pytest.fixture(scope="module")
def main_batch(sandbox, tiny_course, tmp_path_factory):
    submissions = tmp_path_factory.mktemp("main-submissions")
    cases = corpus.main_corpus(tiny_course)
    for student, (files, _) in cases.items():
        (submissions / student).mkdir()
        for offset, (name, data) in enumerate(files.items()):
            path = submissions / student / name
            path.write_bytes(data)
            os.utime(path, (1_700_000_000 + offset, 1_700_000_000 + offset))  # later files are newer
    out = tmp_path_factory.mktemp("main-graded")
    start = time.perf_counter()
    results = autograde.autograde(submissions, out, workers=2, course=tiny_course, limits=LIMITS)
    seconds = time.perf_counter() - start
    return cases, {(r.student, r.assignment): r for r in results}, out, seconds


def check(result, expect: corpus.Expect):
    assert result.status == expect.status, (result.status, result.notes)
    if expect.score is not None:
        assert result.score == expect.score, [(e.exercise, e.status, e.message) for e in result.exercises]
    statuses = {e.exercise: e.status for e in result.exercises}
    for exercise, status in expect.exercises.items():
        assert statuses.get(exercise) == status, (exercise, statuses, [e.message for e in result.exercises])
    assert expect.flags <= set(result.flags), (result.flags, result.notes)
    assert not (expect.no_flags & set(result.flags)), result.flags
    if expect.file:
        assert result.file == expect.file


@pytest.mark.parametrize("student", [
    "good", "ru", "stub", "invalid-json", "empty", "not-a-notebook", "json-not-notebook", "nbformat-40", "stripped",
    "stripped-no-ids", "stripped-stub", "test-deleted", "test-edited", "test-duplicated", "skip-execution",
    "answer-deleted", "wrong-lesson", "duplicate", "tamper", "probe", "wrong-visible", "wrong-hidden"])
def test_main_corpus(main_batch, student):
    cases, results, _, _ = main_batch
    _, expect = cases[student]
    check(results[(student, expect.assignment)], expect)


def test_correct_submission_beside_the_corpus_keeps_full_marks(main_batch):
    _, results, _, _ = main_batch
    assert results[("good", "02_beta")].score == 1.0
    for student in ("good", "ru", "nbformat-40", "stripped", "test-deleted", "duplicate", "probe"):
        r = results[(student, "01_alpha")]
        assert r.score == 5.0 and r.max_score == 6.0, (student, r.exercises)


def test_every_corpus_case_is_in_the_csvs(main_batch):
    cases, results, out, _ = main_batch
    grades = rows(out / "grades.csv")
    assert list(grades[0]) == ["student", "assignment", "score", "max_score", "status", "flags", "file", "note"]
    assert {r["student"] for r in grades} == set(cases)
    exercises = rows(out / "exercises.csv")
    assert list(exercises[0]) == ["student", "assignment", "exercise", "score", "max_score", "status", "message"]
    assert {r["status"] for r in exercises} <= {"passed", "failed", "error", "timeout", "missing", "manual"}
    bad = [r for r in grades if r["status"] not in ("ok", "repaired")]
    assert all(r["note"] for r in bad), "an ungraded file must say why"


def test_sandbox_walls(main_batch, tiny_course):
    _, results, _, _ = main_batch
    text = outputs(results[("probe", "01_alpha")])
    assert "GRADEBOOKS []" in text, text
    assert "READ " not in text and text.count("DENIED") == 4, text
    # /tmp is the jail's own: what is written there never reaches the host
    assert "WROTE /tmp/pwned.txt" in text and text.count("NOWRITE") == 2, text
    assert not os.path.exists("/tmp/pwned.txt")
    assert "NONETWORK" in text and "\nNETWORK" not in text, text
    assert f"LIMITS {4096 << 20} 120" in text, text
    assert "PRIVATE mine" in text, text
    assert not (tiny_course.build / "pwned.txt").exists() and not (ROOT / "pwned.txt").exists()


def test_tamper_flags_go_to_the_report(main_batch):
    _, results, out, _ = main_batch
    assert any("math.isclose" in t for t in results[("tamper", "01_alpha")].tamper)
    report = (out / "report.html").read_text()
    assert "tamper-patch" in report and "math.isclose" in report
    assert "data:image/png;base64," in report


def test_feedback_shows_visible_line_and_hidden_message_never_hidden_source(main_batch):
    _, _, out, _ = main_batch
    visible = (out / "feedback" / "wrong-visible" / "01_alpha.html").read_text()
    assert "A visible check failed, line 1" in visible and "check_close(double(1.0), 2.0)" in visible
    hidden = (out / "feedback" / "wrong-hidden" / "01_alpha.html").read_text()
    assert "double(3) must be 6 (hidden check)" in hidden
    for page in (out / "feedback").rglob("*.html"):
        text = page.read_text()
        assert "SECRET_HIDDEN_MARKER" not in text and "hidden-source-line-0xC0FFEE" not in text, page
        assert "assert double(3.0)" not in text, page


def test_overhead_per_notebook_is_reported(main_batch):
    _, results, out, seconds = main_batch
    graded = [r for r in results.values() if r.autograded is not None]
    per_notebook = sum(r.seconds for r in graded) / len(graded)
    print(f"\nmain batch: {len(results)} results, {len(graded)} graded in {seconds:.1f} s "
          f"(2 workers), {per_notebook:.2f} s per graded notebook")
    assert "per graded notebook" in (out / "report.html").read_text()


def test_the_command_line_ends_with_where_the_time_went(sandbox, tiny_course, tmp_path):
    submissions = tmp_path / "class" / "s1"
    submissions.mkdir(parents=True)
    shutil.copy(tiny_course.out_root / "solutions" / "en" / "01_alpha.ipynb", submissions)
    done = subprocess.run([sys.executable, "-c", cli_script(tiny_course, [
        "autograde", submissions.parent, tmp_path / "out", "--no-progress"], LIMITS)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    number = r"(\d+\.\d)"
    parts = re.fullmatch(rf"time: {number} s = start-up {number} s \(imports {number}, collecting {number}, "
                         rf"workers {number}\) \+ grading {number} s \+ publishing {number} s \(gradebook {number}, "
                         rf"outputs {number}\)", last)
    assert parts, last
    total, start_up, grading, publishing = (float(parts[i]) for i in (1, 2, 6, 7))
    assert abs(start_up + grading + publishing - total) <= 0.15, last


# --- batch 2: the LMS zip, hostile code, PostgreSQL, serial == parallel, resuming ---------------

@pytest.fixture(scope="module")
def zip_batches(sandbox, tiny_course, tmp_path_factory, postgres_url):
    files, expect = corpus.zip_corpus(tiny_course)
    archive = corpus.write_zip(files, tmp_path_factory.mktemp("zip") / "moodle-export.zip")
    serial_out = tmp_path_factory.mktemp("zip-serial")
    serial = autograde.autograde(archive, serial_out, workers=1, course=tiny_course, limits=ZIP_LIMITS)
    parallel_out = tmp_path_factory.mktemp("zip-parallel")
    parallel = autograde.autograde(archive, parallel_out, workers=2, course=tiny_course, limits=ZIP_LIMITS,
                               db_url=postgres_url)
    return archive, expect, serial, serial_out, parallel, parallel_out


def test_zip_corpus(zip_batches):
    _, expect, serial, _, _, _ = zip_batches
    by_student = {r.student: r for r in serial}
    assert set(by_student) == set(expect), sorted(by_student)
    for student, e in expect.items():
        check(by_student[student], e)


def test_parallel_postgres_grades_equal_serial_sqlite(zip_batches):
    _, _, _, serial_out, _, parallel_out = zip_batches
    assert rows(serial_out / "grades.csv") == rows(parallel_out / "grades.csv")
    assert rows(serial_out / "exercises.csv") == rows(parallel_out / "exercises.csv")


def test_postgres_gradebook_holds_the_grades(zip_batches, postgres_url):
    if not postgres_url:
        pytest.skip("no PostgreSQL server could be started here (needs root and Debian's postgresql)")
    from nbgrader.api import Gradebook
    with Gradebook(postgres_url) as gb:
        assert gb.find_submission_notebook("02_beta", "02_beta", "102").score == 1.0
        assert gb.find_submission_notebook("02_beta", "02_beta", "103").score == 0.0


def test_rerun_resumes_and_replaces_atomically(zip_batches, tiny_course):
    archive, _, serial, serial_out, _, _ = zip_batches
    cache = serial_out / ".autograde" / "results"
    cached = sorted(cache.glob("*.json"), key=lambda p: json.loads(p.read_text())["seconds"])
    assert len(cached) == 7
    cached[0].unlink()  # as if the run had been interrupted before this notebook was done
    before = rows(serial_out / "grades.csv")
    again = autograde.autograde(archive, serial_out, workers=1, course=tiny_course, limits=ZIP_LIMITS)
    assert rows(serial_out / "grades.csv") == before
    assert [r.score for r in again] == [r.score for r in serial]
    report = (serial_out / "report.html").read_text()
    assert "6 reused from an earlier run" in report, report[:400]
    assert not list((serial_out / ".autograde").glob("staging-*")), "the staging folder must be gone"
