"""Grade submitted notebooks with nbgrader's autograde; write grades.csv and exercises.csv.

Each worker process gets its own nbgrader course root with a copy of the release's gradebook
(which holds the hidden tests), so workers never share state and grades equal a serial run.
"""
import csv
import multiprocessing
import shutil
import tempfile
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook
from nbgrader.apps import NbGraderAPI
from sqlalchemy.exc import SAWarning

from autograder import Course
from autograder.release import gradebook_path, nbgrader_config

GRADE_COLUMNS = ["student", "assignment", "score", "max_score"]
EXERCISE_COLUMNS = ["student", "assignment", "exercise", "score", "max_score", "status", "message"]


@dataclass(frozen=True)
class Submission:
    student: str
    assignment: str
    path: Path


@dataclass
class ExerciseResult:
    exercise: str
    score: float
    max_score: float
    status: str  # passed, failed, error or manual (awaiting an instructor)
    message: str = ""


@dataclass
class NotebookResult:
    student: str
    assignment: str
    score: float
    max_score: float
    seconds: float
    exercises: list[ExerciseResult] = field(default_factory=list)
    autograded: Path | None = None


def assignment_of(path: Path) -> str:
    """The lesson a notebook belongs to, from the metadata the release stamps (file names lie)."""
    nb = nbformat.read(path, as_version=4)
    return nb.metadata.get("course", {}).get("assignment") or path.stem


def find_submissions(folder: Path) -> list[Submission]:
    return [
        Submission(student_dir.name, assignment_of(path), path)
        for student_dir in sorted(p for p in folder.iterdir() if p.is_dir())
        for path in sorted(student_dir.glob("*.ipynb"))
    ]


def test_cell_error(nb: nbformat.NotebookNode, grade_id: str) -> tuple[str, str]:
    """(exception name, message) of the error a graded cell raised, or ("", "")."""
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            for output in cell.get("outputs", []):
                if output.output_type == "error":
                    return output.ename, f"{output.ename}: {output.evalue}".splitlines()[0][:300]
    return "", ""


def exercise_status(score: float, max_score: float, error_name: str, manual: bool) -> str:
    if manual:
        return "manual"
    if score >= max_score:
        return "passed"
    return "failed" if error_name in ("", "AssertionError") else "error"


def read_results(gradebook: Gradebook, submission: Submission, autograded: Path, seconds: float) -> NotebookResult:
    name = submission.assignment
    notebook = gradebook.find_submission_notebook(name, name, submission.student)
    graded_nb = nbformat.read(autograded, as_version=4)
    result = NotebookResult(submission.student, name, notebook.score, notebook.max_score, seconds,
                            autograded=autograded)
    for grade in sorted(notebook.grades, key=lambda g: g.cell.cell_type + g.name):
        error_name, message = test_cell_error(graded_nb, grade.name)
        manual = grade.cell.cell_type == "markdown" and grade.needs_manual_grade
        status = exercise_status(grade.score, grade.max_score, error_name, manual)
        result.exercises.append(ExerciseResult(grade.name, grade.score, grade.max_score, status, message))
    return result


def grade_shard(submissions: list[Submission], course_root: Path, gradebook: Path) -> list[NotebookResult]:
    """Autograde some submissions in a private course root (runs in a worker process)."""
    # nbgrader's own gradebook code trips SQLAlchemy's autoflush warnings; they say nothing about grades.
    warnings.filterwarnings("ignore", category=SAWarning)
    course_root.mkdir(parents=True, exist_ok=True)
    shutil.copy(gradebook, course_root / "gradebook.db")
    api = NbGraderAPI(config=nbgrader_config(course_root))
    results = []
    for submission in submissions:
        name = submission.assignment
        submitted = course_root / "submitted" / submission.student / name / f"{name}.ipynb"
        submitted.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(submission.path, submitted)
        start = time.perf_counter()
        outcome = api.autograde(name, submission.student, force=True, create=True)
        seconds = time.perf_counter() - start
        if not outcome["success"]:
            raise RuntimeError(f"nbgrader autograde failed for {submission}:\n{outcome['log']}")
        autograded = course_root / "autograded" / submission.student / name / f"{name}.ipynb"
        with Gradebook(f"sqlite:///{course_root / 'gradebook.db'}") as db:
            results.append(read_results(db, submission, autograded, seconds))
    return results


def write_csvs(results: list[NotebookResult], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "grades.csv", "w", newline="") as grades_file, \
            open(out / "exercises.csv", "w", newline="") as exercises_file:
        grades = csv.writer(grades_file)
        exercises = csv.writer(exercises_file)
        grades.writerow(GRADE_COLUMNS)
        exercises.writerow(EXERCISE_COLUMNS)
        for r in results:
            grades.writerow([r.student, r.assignment, r.score, r.max_score])
            for e in r.exercises:
                exercises.writerow([r.student, r.assignment, e.exercise, e.score, e.max_score, e.status, e.message])


def autograde(submissions_dir: Path, out: Path, workers: int = 1, course: Course = Course()) -> list[NotebookResult]:
    """Grade every <submissions_dir>/<student>/*.ipynb; results sorted by student and assignment."""
    gradebook = gradebook_path(course)
    if not gradebook.exists():
        raise FileNotFoundError(f"{gradebook} is missing: run `make release` first")
    submissions = find_submissions(submissions_dir)
    workers = max(1, min(workers, len(submissions)))
    shards = [submissions[i::workers] for i in range(workers)]
    with tempfile.TemporaryDirectory(prefix="autograde-") as tmp:
        worker_roots = [Path(tmp) / f"worker-{i}" for i in range(workers)]
        if workers == 1:
            batches = list(map(grade_shard, shards, worker_roots, [gradebook]))
        else:
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
                batches = list(pool.map(grade_shard, shards, worker_roots, [gradebook] * workers))
        results = sorted((r for batch in batches for r in batch), key=lambda r: (r.student, r.assignment))
        for r in results:
            kept = out / "autograded" / r.student / f"{r.assignment}.ipynb"
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(r.autograded, kept)
            r.autograded = kept
    write_csvs(results, out)
    return results
