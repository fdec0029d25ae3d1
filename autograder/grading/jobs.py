"""Jobs: the records intake made, each with its rebuilt notebook, as work for the cluster.

A job is one notebook to grade: plain data that any worker, on any machine, can grade alone. Its key
identifies the notebook and the grading settings (the cache key: autograder.state).
"""
import hashlib
import json
from dataclasses import dataclass

from autograder.course import Course, judges_path
from autograder.grading import failures
from autograder.intake.receive import Received
from autograder.intake.submission import Submission

CACHE_FORMAT = 3


@dataclass(frozen=True)
class Job:
    submission: Submission
    notebook: str  # the rebuilt notebook (nbformat JSON text)
    key: str  # identifies the notebook and the grading settings (the cache key)


def job_key(sub: Submission, notebook_text: str, settings: str) -> str:
    digest = hashlib.sha256()
    for part in (str(CACHE_FORMAT), sub.student, sub.assignment, sub.release, settings, notebook_text):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def make(received: list[Received], settings: str) -> tuple[list[Job], list[Submission]]:
    """(a job for each gradable record, the records that cannot be graded); settings: the grading settings as text."""
    jobs, ungradable = [], []
    for sub, notebook in received:
        if sub.gradable:
            jobs.append(Job(sub, notebook, job_key(sub, notebook, settings)))
        else:
            ungradable.append(sub)
    return jobs, ungradable


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
