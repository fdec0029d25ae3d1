"""Prepare a class for grading: collect the submissions, rebuild each from the release, make jobs.

A job is one notebook to grade: plain data that any worker, on any machine, can grade alone. A
submission that cannot become a job (unreadable, unknown lesson, too odd to match the release)
becomes a result at once, with its own status and reason: one bad file never stops the run.
"""
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder.course import LANGS, Course, judges_path
from autograder.intake import collect, repair
from autograder.grading import failures
from autograder.grading.results import NotebookResult, ungraded

CACHE_FORMAT = 2


@dataclass
class Job:
    student: str
    assignment: str
    notebook: str  # the prepared notebook (nbformat JSON text)
    key: str  # identifies the notebook and the grading settings (the cache key)
    file: str = ""  # the file's name as submitted, for people
    display: str = ""  # the student's name for people (Moodle's display name, or the folder name)
    timestamp: float = 0.0  # when it was submitted (the file's modification time)
    status: str = "ok"  # ok or repaired
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    tamper: list[str] = field(default_factory=list)
    lms_id: str = ""  # the Moodle participant id, when the file came from a Moodle download


def job_key(student: str, assignment: str, notebook_text: str, version: str, settings: str) -> str:
    digest = hashlib.sha256()
    for part in (str(CACHE_FORMAT), student, assignment, version, settings, notebook_text):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def releases(course: Course) -> dict[str, nbformat.NotebookNode]:
    """The released (English) student notebook of every lesson."""
    return {a: repair.released_notebook(course, a) for a in course.assignments()
            if (course.out_root / "lessons" / "en" / f"{a}.ipynb").exists()}


def judges(assignments: set[str], course: Course) -> tuple[dict[str, str], dict[str, dict]]:
    """({assignment: its judges file, JSON text}, {assignment: a failure} for each file missing or unreadable)."""
    texts, unreadable = {}, {}
    for assignment in sorted(assignments):
        path = judges_path(course, assignment)
        try:
            texts[assignment] = path.read_text(encoding="utf-8")
            json.loads(texts[assignment])
        except (OSError, ValueError) as error:
            texts.pop(assignment, None)
            unreadable[assignment] = failures.failure(
                f"the judges of {assignment} could not be read (run `make release`)",
                f"{type(error).__name__}: {error}", str(path))
    return texts, unreadable


def prepare(submissions: Path, workdir: Path, course: Course, released: dict, settings: str, teams: bool = False
            ) -> tuple[list[Job], list[NotebookResult]]:
    """(jobs to grade, results of what cannot be graded) for a folder of <student>/<files> or an LMS zip
    (teams: Moodle's download of a team assignment, autograder.intake.senders)."""
    subs = collect.collect(Path(submissions), workdir / "inputs", sorted(released),
                           identify=lambda nb: repair.identify(nb, released), teams=teams)
    jobs, results = [], []
    for sub in subs:
        release_nb = released.get(sub.assignment)
        if sub.status != "ok":
            results.append(ungraded(sub.student, sub.assignment, release_nb, sub.status, sub.reason, sub.name,
                                    sub.flags, sub.notes, display=sub.display, lms_id=sub.lms_id))
            continue
        try:
            jobs.append(_job(sub, course, release_nb, settings))
        except Exception as error:  # a notebook too odd to match: say so, go on
            results.append(ungraded(sub.student, sub.assignment, release_nb, "error",
                                    f"could not match it to the release: {type(error).__name__}", sub.name,
                                    sub.flags, sub.notes, display=sub.display, lms_id=sub.lms_id))
    return jobs, results


def _job(sub: collect.Submission, course: Course, release_nb, settings: str) -> Job:
    flags, notes = list(sub.flags), list(sub.notes)
    stamped = sub.notebook.metadata.get("course")
    stamped = stamped if isinstance(stamped, dict) else {}
    version = release_nb.metadata["course"]["version"]
    if stamped.get("version") and stamped["version"] != version:
        flags.append("old-version")
        notes.append(f"made from release {stamped['version']!s:.12}, graded against {version}")
    lang = stamped.get("lang") if stamped.get("lang") in LANGS else "en"
    prepared = repair.prepare(sub.notebook, repair.released_notebook(course, sub.assignment, lang))
    flags += [f for f in prepared.flags if f not in flags]
    notes += prepared.notes
    text = nbformat.writes(prepared.notebook)
    return Job(sub.student, sub.assignment, text, job_key(sub.student, sub.assignment, text, version, settings),
               file=sub.name, timestamp=sub.mtime, status=prepared.status, flags=flags, notes=notes,
               tamper=prepared.tamper, display=sub.display, lms_id=sub.lms_id)
