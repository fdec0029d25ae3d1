"""Intake's front: collect a class's submissions and rebuild each from the release, as records to grade.

Each file becomes one record (autograder.intake.submission), made here once: a gradable notebook
comes with its clean copy rebuilt from the release (autograder.intake.repair); one that cannot be
graded (unreadable, unknown lesson, too odd to match the release) has its status and reason, and
one bad file never stops the run.
"""
from dataclasses import replace
from pathlib import Path

import nbformat

from autograder.course import LANGS, Course
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
            received.append(_rebuilt(sub, nb, course, released[sub.assignment]))
        except Exception as error:  # a notebook too odd to match: say so, go on
            received.append((replace(sub, status="error",
                                     reason=f"could not match it to the release: {type(error).__name__}"), ""))
    return received


def _rebuilt(sub: Submission, nb: nbformat.NotebookNode, course: Course, release_nb: nbformat.NotebookNode
             ) -> Received:
    flags, notes = list(sub.flags), list(sub.notes)
    stamped = nb.metadata.get("course")
    stamped = stamped if isinstance(stamped, dict) else {}
    version = release_nb.metadata["course"]["version"]
    if stamped.get("version") and stamped["version"] != version:
        flags.append("old-version")
        notes.append(f"made from release {stamped['version']!s:.12}, graded against {version}")
    lang = stamped.get("lang") if stamped.get("lang") in LANGS else "en"
    rebuilt = repair.rebuild(nb, repair.released_notebook(course, sub.assignment, lang))
    flags += [f for f in rebuilt.flags if f not in flags]
    notes += rebuilt.notes
    record = replace(sub, status=rebuilt.status, flags=tuple(flags), notes=tuple(notes), tamper=tuple(rebuilt.tamper),
                     release=version)
    return record, nbformat.writes(rebuilt.notebook)
