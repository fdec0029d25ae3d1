"""`make self-check-kills`: of the mutants that the hidden checks kill, how many a student catches before submitting.

The mutants are `make mutants`'s (tests/lessons/mutants.py: the same ids, LIMIT sampling and seed), graded
through the real path to know which ones the hidden checks kill. Each of those meets what a student can run:
its exercise's visible test cells, as the student notebook (lessons/en/, from `make release`) shows them, and its
optional checks (cells tagged `self_check`). That needs no jail, the mutants being our own solutions': one plain
kernel per lesson runs, once, the student notebook's code cells that are neither demos nor test cells (set-up,
imports, helpers, the solution cells with the solution in them) and the `self_check` cells before the first
solution cell (helpers shared by the optional checks). A `self_check` cell after a solution cell belongs to that
exercise (the helpers put its checks between its last test cell and the next solution cell). Then, per mutant:
the mutated solution cell, the exercise's visible test cells, and its `self_check` cells. A mutant is *caught*
when one of them raises, or hangs past the timeout (the student sees it hang; the kernel is then restarted and
the set-up run again). The solution cell runs again after each mutant, so that the next one starts clean; and
every check must pass on the solution first, or the run stops.

    python -m tests.lessons.self_check_kills [NN_name ...] [--limit 40] [--seed 0] [--timeout 30]
"""
import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from jupyter_client.manager import start_new_kernel

from autograder.course import SOLUTION_MARKERS, Course, isolate_jupyter
from autograder.release import notebooks
from tests.lessons import mutants
from tests.lessons.harness import LESSONS, exercise_tests, graded_cells


@dataclass
class Checks:
    setup: list[str]  # the sources to run once, in order
    solutions: dict[str, str]  # exercise -> its solution cell as the solution notebook holds it
    visible: dict[str, list[str]]  # exercise -> its visible test cells' sources
    optional: dict[str, list[str]]  # exercise -> its self_check cells' sources


def checks_of(notebook, solutions: dict[str, str], tests: dict[str, list[str]]) -> Checks:
    """What a student can run, from a student notebook: solutions (exercise -> solution source) fill the
    solution cells; tests (exercise -> grade ids of its test cells) tell whose test cell is whose."""
    owner = {test: exercise for exercise, ids in tests.items() for test in ids}
    checks = Checks([], solutions, {e: [] for e in solutions}, {e: [] for e in solutions})
    current = None  # the exercise whose solution cell came last
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        grader = cell.metadata.get("nbgrader", {})
        grade_id, tags = grader.get("grade_id"), cell.metadata.get("tags", [])
        if grade_id in solutions:
            current = grade_id
            checks.setup.append(solutions[grade_id])
        elif grade_id in owner:
            checks.visible[owner[grade_id]].append(cell.source)
        elif "self_check" in tags:
            (checks.optional[current] if current else checks.setup).append(cell.source)
        elif "demo" not in tags and not grader.get("grade"):
            checks.setup.append(cell.source)
    return checks


class Kernel:
    """A plain IPython kernel that runs sources; restarted, with the set-up run again, after a hang."""

    def __init__(self, setup: list[str], timeout: float, cwd: Path):
        self.setup, self.timeout = setup, timeout
        self.manager, self.client = start_new_kernel(kernel_name="python3", cwd=str(cwd))
        self._set_up()

    def _set_up(self) -> None:
        for source in self.setup:
            failed = self.run(source, restart=False)
            if failed:
                raise RuntimeError(f"the set-up failed ({failed}) in the cell:\n{source[:500]}")

    def run(self, source: str, restart: bool = True) -> str | None:
        """None when the source ran, "error" when it raised, "timeout" when it hung."""
        try:
            reply = self.client.execute_interactive(source, timeout=self.timeout, output_hook=lambda msg: None,
                                                    store_history=False)
        except TimeoutError:
            if restart:
                self.manager.restart_kernel(now=True)
                self.client.wait_for_ready(timeout=60)
                self._set_up()
            return "timeout"
        return "error" if reply["content"]["status"] == "error" else None

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def caught(checks: Checks, killed: list, timeout: float, cwd: Path) -> dict[str, str | None]:
    """{mutant id: "visible" (its cell or a visible test cell raised or hung), "self_check" (only an optional
    check did), or None (neither)}."""
    kernel = Kernel(checks.setup, timeout, cwd)
    found = {}
    try:
        for exercise in dict.fromkeys(m.exercise for m in killed):  # else every mutant would count as caught
            for source in checks.visible[exercise] + checks.optional[exercise]:
                if kernel.run(source):
                    raise RuntimeError(f"a check of {exercise} fails on the solution:\n{source[:500]}")
        for mutant in killed:
            found[mutant.id] = None
            for kind, sources in (("visible", [mutant.source, *checks.visible[mutant.exercise]]),
                                  ("self_check", checks.optional[mutant.exercise])):
                if any(kernel.run(source) for source in sources):
                    found[mutant.id] = kind
                    break
            if kernel.run(checks.solutions[mutant.exercise]):
                raise RuntimeError(f"the solution of {mutant.exercise} no longer runs after {mutant.id}")
    finally:
        kernel.close()
    return found


def lesson_checks(assignment: str, course: Course) -> Checks:
    student = nbformat.read(course.out_root / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
    tests = exercise_tests(assignment)
    solutions = {grade_id: notebooks.strip_solution_markers(source) for grade_id, source in
                 graded_cells(assignment).items() if SOLUTION_MARKERS[0] in source}  # as lesson_mutants picks them
    return checks_of(student, solutions, tests)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.lessons.self_check_kills", description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", default=LESSONS)
    parser.add_argument("--limit", type=int, default=40, help="mutants per lesson, sampled as make mutants does (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--notebook-timeout", type=int, help="seconds per notebook in the hidden grading (make mutants')")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per cell a student runs: past it, caught")
    args = parser.parse_args(argv)
    limits = {"notebook_timeout": args.notebook_timeout} if args.notebook_timeout else None
    hidden = mutants.run(args.lessons, args.limit, args.seed, args.workers, limits)
    course, rows, missed = Course(), [], []
    for lesson in args.lessons:
        killed = hidden[lesson]["killed"]
        found = caught(lesson_checks(lesson, course), killed, args.timeout, course.out_root)
        visible = sum(found[m.id] == "visible" for m in killed)
        both = sum(found[m.id] is not None for m in killed)
        share = f"{100 * both / len(killed):.0f}%" if killed else "-"
        rows.append(f"| {lesson} | {len(killed)} | {visible} | {both} | {share} |")
        missed += [(lesson, m) for m in killed if found[m.id] is None]
    print("| lesson | killed by the hidden checks | caught by the visible checks | by visible + optional | share |\n"
          "|---|---:|---:|---:|---:|")
    print("\n".join(rows))
    for lesson, mutant in missed:
        print(f"\nNOT CAUGHT BEFORE SUBMITTING {mutant.id} ({lesson})\n"
              + "\n".join("    " + line for line in mutant.source.splitlines()))
    return 0


if __name__ == "__main__":
    isolate_jupyter()  # its kernels, started here
    sys.exit(main())
