"""`make benchmark`: time a class of N students x every lesson, graded three ways on the same batch.

1. grade.autograde, serial (one worker: collection, repair, sandbox, feedback, report included);
2. grade.autograde with 2 workers;
3. plain `nbgrader autograde` (its command line, one assignment after another, no sandbox),
   in a course root of its own holding a copy of the release's gradebook.

The class mixes solutions (English and Russian) and stubs, so tests both pass and fail.
Writes <out>/benchmark.md (a table for the README) and prints it.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from autograder import NBGRADER_CONFIG, Course, grade
from autograder.release import gradebook_path

KINDS = (("solutions", "en"), ("solutions", "ru"), ("lessons", "en"), ("solutions", "en"))


def make_class(course: Course, students: int, folder: Path) -> int:
    count = 0
    for i in range(students):
        folder_kind, lang = KINDS[i % len(KINDS)]
        for assignment in course.assignments():
            source = course.out_root / folder_kind / lang / f"{assignment}.ipynb"
            if source.exists():
                target = folder / f"student{i:03d}" / f"{assignment}.ipynb"
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, target)
                count += 1
    return count


def plain_nbgrader(course: Course, submissions: Path, root: Path) -> float:
    """Seconds that plain `nbgrader autograde` takes for the batch (all assignments, serially)."""
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    shutil.copy(gradebook_path(course), root / "gradebook.db")
    shutil.copy(NBGRADER_CONFIG, root / "nbgrader_config.py")
    assignments = set()
    for path in submissions.glob("*/*.ipynb"):
        target = root / "submitted" / path.parent.name / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
        assignments.add(path.stem)
    start = time.perf_counter()
    for assignment in sorted(assignments):
        subprocess.run([sys.executable, "-m", "nbgrader", "autograde", assignment, "--force", "--create",
                        "--log-level=ERROR"], cwd=root, check=True,
                       env={**os.environ, "PYTHONWARNINGS": "ignore"})
    return time.perf_counter() - start


def run(students: int, out: Path, course: Course = Course(), modes=("serial", "2 workers", "plain nbgrader")) -> str:
    out = Path(out)
    shutil.rmtree(out, ignore_errors=True)
    submissions = out / "submissions"
    count = make_class(course, students, submissions)
    rows = []
    for mode in modes:
        if mode == "plain nbgrader":
            seconds = plain_nbgrader(course, submissions, out / "plain")
        else:
            workers = 1 if mode == "serial" else int(mode.split()[0])
            start = time.perf_counter()
            grade.autograde(submissions, out / mode.replace(" ", "-"), workers=workers, course=course,
                            resume=False, progress=True)
            seconds = time.perf_counter() - start
        rows.append((mode, seconds))
        print(f"{mode}: {seconds:.1f} s", file=sys.stderr)
    lessons = sorted({path.stem for path in submissions.glob("*/*.ipynb")})
    table = [f"Class of {students} students x {len(lessons)} notebooks = {count} notebooks "
             f"({', '.join(lessons)}):", "",
             "| grading | whole batch (s) | s per notebook |", "|---|---:|---:|"]
    table += [f"| {mode} | {seconds:.1f} | {seconds / max(1, count):.2f} |" for mode, seconds in rows]
    text = "\n".join(table) + "\n"
    (out / "benchmark.md").write_text(text)
    return text
