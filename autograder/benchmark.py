"""`make benchmark`: classes of three sizes, each graded several ways, one after another, in one run.

The sizes (SIZES): one notebook (the first lesson's English solution: a late submission, a re-grade),
a seminar group of SMALL students x every lesson, and a class of STUDENTS (default 50) x every lesson.
The ways of grading:
1. pure execution: nbclient runs each notebook once in a fresh kernel, nothing else (the cost of
   simply opening and running the notebooks);
2. plain `nbgrader autograde` (its command line, one assignment after another, no sandbox), in a
   course root of its own holding a copy of the release's gradebook;
3. `make autograde WORKERS=1`: our command line, in a process of its own as the Makefile runs it
   (start-up, collection, repair, jail, probes, judges, gradebook, feedback and report included);
4. `make autograde WORKERS=2`.
Pure execution and the serial run are for the small sizes only (SMALL_MODES): the class of STUDENTS
gets plain nbgrader and two workers, the ratio its goal is about, so the whole benchmark stays under
an hour on two cores.

A class mixes solutions (English and Russian) and stubs, so checks both pass and fail. It prints, and
writes to <out>/benchmark.md, one table (seconds per size and way), the ratio to plain nbgrader per
size with its goal, the serial run against pure execution, and where each run of ours spent its time
(the last line of `make autograde`).
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

from autograder import NBGRADER_CONFIG, ROOT
from autograder.course import Course, gradebook_path

KINDS = (("solutions", "en"), ("solutions", "ru"), ("lessons", "en"), ("solutions", "en"))
MODES = ("pure execution", "plain nbgrader", "ours, 1 worker", "ours, 2 workers")
SMALL_MODES = MODES  # for the sizes up to SMALL students
LARGE_MODES = ("plain nbgrader", "ours, 2 workers")
SMALL = 8  # students in a seminar group
ONE = "one"  # the size of one notebook
GOALS = {ONE: 1 / 0.75, SMALL: 4.0, 50: 6.0}  # plain nbgrader's time / ours with 2 workers, at least


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


def make_one(course: Course, folder: Path) -> int:
    """One student's one notebook: the first lesson's English solution."""
    first = course.assignments()[0]
    target = folder / "student000" / f"{first}.ipynb"
    target.parent.mkdir(parents=True)
    shutil.copy(course.out_root / "solutions" / "en" / f"{first}.ipynb", target)
    return 1


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


def ours(submissions: Path, out: Path, workers: int) -> tuple[float, str]:
    """Seconds that `make autograde WORKERS=workers` takes, end to end in a process of its own, and its last
    line (where the time went)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "autograder.cli", "autograde", str(submissions), str(out),
                           "--workers", str(workers), "--fresh", "--no-progress"], cwd=ROOT, capture_output=True,
                          text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"make autograde failed ({done.returncode}): {done.stdout[-2000:]}{done.stderr[-2000:]}")
    return seconds, next(line for line in reversed(done.stdout.splitlines()) if line.startswith("time: "))


def label(size: int | str) -> str:
    return "1 notebook" if size == ONE else f"{size} students"


def run(students: int, out: Path, course: Course = Course(), sizes: list[int | str] | None = None) -> str:
    """sizes: ONE and numbers of students, each graded in turn (default: ONE, SMALL and `students`)."""
    out = Path(out)
    shutil.rmtree(out, ignore_errors=True)
    sizes = list(dict.fromkeys(sizes or (ONE, SMALL, students)))
    timings, counts, lines = {}, {}, {}
    for size in sizes:
        folder = out / f"class-{size}"
        counts[size] = make_one(course, folder / "submissions") if size == ONE else \
            make_class(course, size, folder / "submissions")
        for mode in SMALL_MODES if size == ONE or size <= SMALL else LARGE_MODES:
            print(f"{label(size)}, {mode} ({time.strftime('%H:%M:%S')}, load {os.getloadavg()[0]:.1f}) ...",
                  file=sys.stderr)
            if mode == "pure execution":
                seconds = pure_execution(folder / "submissions")
            elif mode == "plain nbgrader":
                seconds = plain_nbgrader(course, folder / "submissions", folder / "plain")
            else:
                workers = int(mode.split(", ")[1].split()[0])
                seconds, lines[size, mode] = ours(folder / "submissions", folder / f"ours-{workers}", workers)
            timings[size, mode] = seconds
            print(f"  {seconds:.1f} s", file=sys.stderr)
    return report(out, sizes, counts, timings, lines)


def report(out: Path, sizes: list, counts: dict, timings: dict, lines: dict) -> str:
    cores, load = os.cpu_count(), os.getloadavg()
    text = [f"One run on {cores} cores, one size and way after another (load average at the end "
            f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}). Seconds for the whole batch:", "",
            "| batch | notebooks | " + " | ".join(MODES) + " | plain ÷ ours (2 workers) | goal |",
            "|---|---:|" + "---:|" * len(MODES) + "---:|---:|"]
    for size in sizes:
        cells = [f"{timings[size, mode]:.1f}" if (size, mode) in timings else "–" for mode in MODES]
        ratio = timings[size, "plain nbgrader"] / timings[size, "ours, 2 workers"]
        goal = f"≥ {GOALS[size]:.2f}×" if size in GOALS else ""
        text.append(f"| {label(size)} | {counts[size]} | " + " | ".join(cells) + f" | {ratio:.2f}× | {goal} |")
    text.append("")
    for size in sizes:
        ratio = timings[size, "plain nbgrader"] / timings[size, "ours, 2 workers"]
        goal = f"; goal: at least {GOALS[size]:.2f}x" if size in GOALS else ""
        text.append(f"- {label(size)}: ours with 2 workers is {ratio:.2f}x faster than plain nbgrader "
                    f"(takes {1 / ratio:.2f}x its time){goal}")
        if (size, "pure execution") in timings and size != ONE:
            serial = timings[size, "ours, 1 worker"] / timings[size, "pure execution"]
            text.append(f"  ours serial takes {serial:.2f}x the pure execution time (goal: at most 0.6x)")
    text += ["", "Where each run of ours spent its time (the last line of `make autograde`):", ""]
    text += [f"- {label(size)}, {mode}: {line}" for (size, mode), line in lines.items()]
    result = "\n".join(text) + "\n"
    (out / "benchmark.md").write_text(result, encoding="utf-8")
    return result
