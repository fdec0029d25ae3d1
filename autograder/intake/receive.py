"""Intake's front: collect a class's submissions and rebuild each from the release, as records to grade.

Each file becomes one record (autograder.intake.submission), made here once: a gradable notebook
comes with its clean copy rebuilt from the release (autograder.intake.repair); one that cannot be
graded (unreadable, unknown lesson, too odd to match the release) has its status and reason, and
one bad file never stops the run.

A source is a folder, a zip, or the folder `make pull` writes (autograder.moodle.pull): one folder per lesson,
each as Moodle's "Download all submissions" of that assignment, and MANIFEST, which says which of them are team
assignments (whose numbers are group ids). Each of its lessons is collected as its own download.
"""
import json
from dataclasses import replace
from pathlib import Path

import nbformat

from autograder.course import Course
from autograder.intake import collect, repair
from autograder.intake.submission import Submission

Received = tuple[Submission, str]  # a record, and its rebuilt notebook (nbformat JSON; "" when not gradable)
PULLED = "pulled"  # OUT/pulled: what `make pull` writes, and what `make autograde` grades unless told otherwise
MANIFEST = "pulled.json"  # {"lessons": {lesson: {"teams": bool}}}


def releases(course: Course) -> dict[str, nbformat.NotebookNode]:
    """The released (English) student notebook of every lesson."""
    return {a: repair.released_notebook(course, a) for a in course.assignments()
            if (course.out_root / "lessons" / "en" / f"{a}.ipynb").exists()}


def receive(source: Path, course: Course, released: dict[str, nbformat.NotebookNode], teams: bool = False
            ) -> list[Received]:
    """Every submission of a folder of <student>/<files> or an LMS zip (teams: Moodle's download of a team
    assignment, autograder.intake.senders), sorted by student, lesson and file."""
    received, reads = [], []
    for folder, its_teams in sources(Path(source), teams):
        reads += collect.collect(folder, sorted(released), identify=lambda nb: repair.identify(nb, released),
                                 teams=its_teams)
    for sub, nb in collect.choose_duplicates(reads):  # one lesson's folder may hold another lesson's notebook
        if sub.status != "ok":
            received.append((sub, ""))
            continue
        try:
            received.append(repair.rebuild_submission(sub, nb, course, released[sub.assignment]))
        except Exception as error:  # a notebook too odd to match: say so, go on
            received.append((replace(sub, status="error",
                                     reason=f"could not match it to the release: {type(error).__name__}"), ""))
    return received


def sources(source: Path, teams: bool = False) -> list[tuple[Path, bool]]:
    """[(a download, whether it is a team assignment's)]: each lesson of a pulled folder, or the source itself."""
    manifest = source / MANIFEST
    if not manifest.is_file():
        return [(source, teams)]
    lessons = json.loads(manifest.read_text(encoding="utf-8"))["lessons"]
    return [(source / lesson, teams or bool(info["teams"])) for lesson, info in sorted(lessons.items())
            if (source / lesson).is_dir()]
