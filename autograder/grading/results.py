"""What grading says about one notebook: its exercises' scores, statuses and messages, its flags.

A notebook the grader could not grade (a worker died on it again and again, the zygote could not
start, ...: never the student's doing) is `not-graded`: no score at all, the grader's own error for
the instructor, and nothing of it in the gradebook; the next run grades it again.
"""
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

from autograder.cells import grade_id_of, graded_cells, points_of
from autograder.grading.jobs import Job
from autograder.grading.outcome import Failure, Graded, Outcome
from autograder.intake.submission import Submission

NOT_GRADED = "not-graded"


@dataclass
class ExerciseResult:
    exercise: str  # the graded cell's grade_id
    score: float
    max_score: float
    status: str  # one of autograder.judge.STATUSES; manual: an answer that awaits the instructor; graded: scored by the instructor
    message: str = ""


@dataclass
class NotebookResult:
    """A notebook's grade beside its submission's record (held by reference: its student, file, lesson, and the
    flags and notes intake found are the record's); what grading and the gradebook add is kept here."""
    submission: Submission
    score: float | None  # None: not graded (status NOT_GRADED)
    max_score: float
    seconds: float
    exercises: list[ExerciseResult] = field(default_factory=list)
    autograded: Path | None = None
    cause: str = ""  # set when not graded (NOT_GRADED): why the grader could not, in words shared by every notebook it hit
    why: list[str] = field(default_factory=list)  # why it was not graded: notes before the record's
    added_flags: list[str] = field(default_factory=list)  # grading's flags (limits, tamper-runtime)
    added_notes: list[str] = field(default_factory=list)  # notes after the record's (the instructor's comments)
    added_tamper: list[str] = field(default_factory=list)  # tamper-runtime findings

    student = property(lambda self: self.submission.student)
    assignment = property(lambda self: self.submission.assignment)
    file = property(lambda self: self.submission.file)
    display = property(lambda self: self.submission.display)
    lms_id = property(lambda self: self.submission.lms_id)

    @property
    def status(self) -> str:
        """ok, repaired, why it could not be graded (autograder.intake.collect.UNGRADABLE, "error"), or NOT_GRADED."""
        return NOT_GRADED if self.cause else self.submission.status

    @property
    def flags(self) -> list[str]:
        return [*self.submission.flags, *self.added_flags]

    @property
    def notes(self) -> list[str]:
        return [*self.why, *self.submission.notes, *self.added_notes]

    @property
    def tamper(self) -> list[str]:
        return [*self.submission.tamper, *self.added_tamper]


def released_points(release_nb: nbformat.NotebookNode) -> list[tuple[str, float, str]]:
    """(grade_id, points, cell type) of every graded cell of a released notebook."""
    return [(grade_id_of(c), points_of(c), c.cell_type) for c in graded_cells(release_nb)]


def ungraded(sub: Submission, release_nb: nbformat.NotebookNode | None) -> NotebookResult:
    """A submission that cannot be graded: every exercise missing, the reason in the notes."""
    points = released_points(release_nb) if release_nb is not None else []
    result = NotebookResult(sub, 0.0, sum(p for _, p, _ in points), 0.0, why=[sub.reason])
    for name, p, cell_type in sorted(points, key=lambda x: x[2] + x[0]):
        result.exercises.append(ExerciseResult(name, 0.0, p, "missing", f"{sub.status}: {sub.reason}"[:300]))
    return result


def not_graded(job: Job, release_nb: nbformat.NotebookNode | None, failure: Failure) -> NotebookResult:
    """A job the grader could not grade."""
    points = released_points(release_nb) if release_nb is not None else []
    return NotebookResult(job.submission, None, sum(p for _, p, _ in points), 0.0, cause=failure["cause"],
                          why=[f"not graded: {failure['error']} (at {failure['where']})"])


def not_graded_line(results: list[NotebookResult]) -> str:
    """One line: how many notebooks were not graded, and why, grouped by cause ("" when every one was)."""
    causes = Counter(r.cause for r in results if r.status == NOT_GRADED)
    if not causes:
        return ""
    why = "; ".join(f"{n}: {cause}" for cause, n in sorted(causes.items(), key=lambda item: (-item[1], item[0])))
    return f"not graded: {sum(causes.values())} of {len(results)} notebooks ({why}); the next run grades them again"


def graded(job: Job, outcome: Graded, autograded: Path) -> NotebookResult:
    """The result of a notebook a worker graded."""
    result = NotebookResult(job.submission, 0.0, 0.0, outcome["seconds"], autograded=autograded)
    for grade in sorted(outcome["grades"], key=lambda g: g["cell_type"] + g["grade_id"]):
        score = grade["score"] or 0.0
        result.exercises.append(ExerciseResult(grade["grade_id"], score, grade["points"], grade["status"],
                                               grade["message"]))
        result.score += score
        result.max_score += grade["points"]
    for flag in outcome["flags"]:
        if flag not in result.flags:
            result.added_flags.append(flag)
    if outcome["tampering"]:
        result.added_flags.append("tamper-runtime")
        result.added_tamper += [f"tamper-runtime: {t}" for t in outcome["tampering"]]
    return result


def autograded_path(out: Path, student: str, assignment: str) -> Path:
    """Where a graded notebook is kept in the course folder `out` (nbgrader's layout)."""
    return Path(out) / "autograded" / student / assignment / f"{assignment}.ipynb"


def collate(ungradable: list[Submission], jobs: list[Job], outcomes: dict[str, Outcome],
            released: dict[str, nbformat.NotebookNode], out: Path
            ) -> tuple[list[NotebookResult], list[tuple[NotebookResult, Graded]]]:
    """Every record's result, sorted by student, lesson and file; and each graded one with its grade."""
    results = [ungraded(sub, released.get(sub.assignment)) for sub in ungradable]
    finished = []
    for job in jobs:
        sub, outcome = job.submission, outcomes[job.key]
        if outcome["kind"] == "graded":
            result = graded(job, outcome, autograded_path(out, sub.student, sub.assignment))
            finished.append((result, outcome))
        else:
            result = not_graded(job, released.get(sub.assignment), outcome["failure"])
        results.append(result)
    results.sort(key=lambda r: (r.student, r.assignment, r.file))
    return results, finished


def to_data(results: list[NotebookResult], out: Path) -> list[dict]:
    """The results as JSON-ready data, autograded notebooks relative to the course folder `out`."""
    return [{**asdict(r), "autograded": r.autograded and str(Path(r.autograded).relative_to(out))} for r in results]


def from_data(data: list[dict], out: Path) -> list[NotebookResult]:
    results = []
    for item in data:
        record = {k: tuple(v) if isinstance(v, list) else v for k, v in item["submission"].items()}
        item = {**item, "submission": Submission(**record), "exercises": [ExerciseResult(**e) for e in item["exercises"]],
                "autograded": item["autograded"] and Path(out) / item["autograded"]}
        results.append(NotebookResult(**item))
    return results
