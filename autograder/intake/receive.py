"""Intake's front: collect a class's submissions and rebuild each from the release, as records to grade.

Each file becomes one record (autograder.intake.submission), made here once: a gradable notebook
comes with its clean copy rebuilt from the release (autograder.intake.repair); one that cannot be
graded (unreadable, unknown lesson, too odd to match the release) has its status and reason, and
one bad file never stops the run.
"""
from dataclasses import replace
from pathlib import Path

import nbformat

from autograder.course import Course
from autograder.intake import collect, repair
from autograder.intake.submission import Submission

Received = tuple[Submission, str]  # a record, and its rebuilt notebook (nbformat JSON; "" when not gradable)


def releases(course: Course) -> dict[str, nbformat.NotebookNode]:
    """The released (English) student notebook of every lesson."""
    return {a: repair.released_notebook(course, a) for a in course.assignments()
            if (course.out_root / "lessons" / "en" / f"{a}.ipynb").exists()}


def receive(source: Path, course: Course, released: dict[str, nbformat.NotebookNode], teams: bool = False
            ) -> list[Received]:
    """Every submission of a folder of <student>/<files> or an LMS zip (teams: Moodle's download of a team
    assignment, autograder.intake.senders), sorted by student, lesson and file."""
    received = []
    for sub, nb in collect.collect(Path(source), sorted(released),
                                   identify=lambda nb: repair.identify(nb, released), teams=teams):
        if sub.status != "ok":
            received.append((sub, ""))
            continue
        try:
            received.append(repair.rebuild_submission(sub, nb, course, released[sub.assignment]))
        except Exception as error:  # a notebook too odd to match: say so, go on
            received.append((replace(sub, status="error",
                                     reason=f"could not match it to the release: {type(error).__name__}"), ""))
    return received
