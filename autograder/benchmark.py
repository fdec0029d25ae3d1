"""`make benchmark`: one class of N students x every lesson, timed four ways, one after another, in one run.

1. pure execution: nbclient runs each notebook once in a fresh kernel, nothing else (the cost of
   simply opening and running the notebooks);
2. plain `nbgrader autograde` (its command line, one assignment after another, no sandbox), in a
   course root of its own holding a copy of the release's gradebook;
3. `make autograde WORKERS=1` (autograde.autograde, serial: collection, repair, jail, probes, judges,
   gradebook, feedback and report included);
4. `make autograde WORKERS=2`.

The class mixes solutions (English and Russian) and stubs, so checks both pass and fail. It prints,
and writes to <out>/benchmark.md, a table and the two ratios the project aims at: 2 workers at
least 4x faster than plain nbgrader, and serial grading at most 0.6x the pure execution.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

from autograder import NBGRADER_CONFIG, autograde
from autograder.course import Course, gradebook_path

KINDS = (("solutions", "en"), ("solutions", "ru"), ("lessons", "en"), ("solutions", "en"))
MODES = ("pure execution", "plain nbgrader", "ours, 1 worker", "ours, 2 workers")


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


def pure_execution(submissions: Path) -> float:
    """Seconds that nbclient takes to run every notebook once, each in a fresh kernel."""
    from nbclient import NotebookClient

    start = time.perf_counter()
    for path in sorted(submissions.glob("*/*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=600, allow_errors=True, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    return time.perf_counter() - start


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
                        "--log-level=ERROR"], cwd=root, check=True, capture_output=True,
                       env={**os.environ, "PYTHONWARNINGS": "ignore"})
    return time.perf_counter() - start


def ours(course: Course, submissions: Path, out: Path, workers: int) -> float:
    start = time.perf_counter()
    autograde.autograde(submissions, out, workers=workers, course=course, resume=False, progress=True)
    return time.perf_counter() - start


def run(students: int, out: Path, course: Course = Course(), modes=MODES) -> str:
    out = Path(out)
    shutil.rmtree(out, ignore_errors=True)
    submissions = out / "submissions"
    count = make_class(course, students, submissions)
    timings = {}
    for mode in modes:
        if mode == "pure execution":
            timings[mode] = pure_execution(submissions)
        elif mode == "plain nbgrader":
            timings[mode] = plain_nbgrader(course, submissions, out / "plain")
        else:
            workers = int(mode.split(", ")[1].split()[0])
            timings[mode] = ours(course, submissions, out / f"ours-{workers}", workers)
        print(f"{mode}: {timings[mode]:.1f} s", file=sys.stderr)
    lessons = sorted({path.stem for path in submissions.glob("*/*.ipynb")})
    lines = [f"Class of {students} students x {len(lessons)} notebooks = {count} notebooks ({', '.join(lessons)}), "
             f"{os.cpu_count()} cores, one mode after another:", "",
             "| way of grading | whole batch (s) | s per notebook |", "|---|---:|---:|"]
    lines += [f"| {mode} | {seconds:.1f} | {seconds / max(1, count):.2f} |" for mode, seconds in timings.items()]
    if {"plain nbgrader", "ours, 2 workers"} <= set(timings):
        lines.append(f"\nours with 2 workers is {timings['plain nbgrader'] / timings['ours, 2 workers']:.2f}x "
                     "faster than plain nbgrader (goal: at least 4x)")
    if {"pure execution", "ours, 1 worker"} <= set(timings):
        lines.append(f"ours serial takes {timings['ours, 1 worker'] / timings['pure execution']:.2f}x the pure "
                     "execution time (goal: at most 0.6x)")
    text = "\n".join(lines) + "\n"
    (out / "benchmark.md").write_text(text)
    return text
