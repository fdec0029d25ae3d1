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
    student: str
    assignment: str
    score: float | None  # None: not graded (status NOT_GRADED)
    max_score: float
    seconds: float
    exercises: list[ExerciseResult] = field(default_factory=list)
    autograded: Path | None = None
    status: str = "ok"  # ok, repaired, why it could not be graded (collect.UNGRADABLE, "error"), or NOT_GRADED
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    file: str = ""
    tamper: list[str] = field(default_factory=list)
    display: str = ""  # the student's name for people
    lms_id: str = ""  # the Moodle participant id its file's name gave ("" when none)
    cause: str = ""  # NOT_GRADED only: why the grader could not grade it, in words shared by every notebook it hit


def released_points(release_nb: nbformat.NotebookNode) -> list[tuple[str, float, str]]:
    """(grade_id, points, cell type) of every graded cell of a released notebook."""
    return [(grade_id_of(c), points_of(c), c.cell_type) for c in graded_cells(release_nb)]


def ungraded(student: str, assignment: str, release_nb, status: str, reason: str, file: str,
             flags=(), notes=(), display: str = "", lms_id: str = "") -> NotebookResult:
    """A notebook that was not graded: every exercise missing, the reason in the notes."""
    points = released_points(release_nb) if release_nb is not None else []
    result = NotebookResult(student, assignment, 0.0, sum(p for _, p, _ in points), 0.0, status=status,
                            flags=list(flags), notes=[reason, *notes], file=file, display=display, lms_id=lms_id)
    for name, p, cell_type in sorted(points, key=lambda x: x[2] + x[0]):
        result.exercises.append(ExerciseResult(name, 0.0, p, "missing", f"{status}: {reason}"[:300]))
    return result


def not_graded(job, release_nb, failure: dict) -> NotebookResult:
    """A job the grader could not grade; failure: autograder.grading.failures' {"cause", "error", "where"}."""
    points = released_points(release_nb) if release_nb is not None else []
    return NotebookResult(job.student, job.assignment, None, sum(p for _, p, _ in points), 0.0, status=NOT_GRADED,
                          flags=list(job.flags), notes=[f"not graded: {failure['error']} (at {failure['where']})",
                                                        *job.notes],
                          file=job.file, display=job.display, lms_id=job.lms_id, cause=failure["cause"])


def not_graded_line(results: list[NotebookResult]) -> str:
    """One line: how many notebooks were not graded, and why, grouped by cause ("" when every one was)."""
    causes = Counter(r.cause for r in results if r.status == NOT_GRADED)
    if not causes:
        return ""
    why = "; ".join(f"{n}: {cause}" for cause, n in sorted(causes.items(), key=lambda item: (-item[1], item[0])))
    return f"not graded: {sum(causes.values())} of {len(results)} notebooks ({why}); the next run grades them again"


def graded(job, outcome: dict, autograded: Path) -> NotebookResult:
    """The result of a notebook a worker graded (outcome: autograder.grading.worker.Grader.grade's dict)."""
    result = NotebookResult(job.student, job.assignment, 0.0, 0.0, outcome["seconds"], autograded=autograded,
                            status=job.status, flags=list(job.flags), notes=list(job.notes), file=job.file,
                            tamper=list(job.tamper), display=job.display, lms_id=job.lms_id)
    for grade in sorted(outcome["grades"], key=lambda g: g["cell_type"] + g["grade_id"]):
        score = grade["score"] or 0.0
        result.exercises.append(ExerciseResult(grade["grade_id"], score, grade["points"], grade["status"],
                                               grade["message"]))
        result.score += score
        result.max_score += grade["points"]
    result.flags += [flag for flag in outcome["flags"] if flag not in result.flags]
    if outcome["tampering"]:
        result.flags.append("tamper-runtime")
        result.tamper += [f"tamper-runtime: {t}" for t in outcome["tampering"]]
    return result


def to_data(results: list[NotebookResult], out: Path) -> list[dict]:
    """The results as JSON-ready data, autograded notebooks relative to the course folder `out`."""
    return [{**asdict(r), "autograded": r.autograded and str(Path(r.autograded).relative_to(out))} for r in results]


def from_data(data: list[dict], out: Path) -> list[NotebookResult]:
    results = []
    for item in data:
        item = {**item, "exercises": [ExerciseResult(**e) for e in item["exercises"]],
                "autograded": item["autograded"] and Path(out) / item["autograded"]}
        results.append(NotebookResult(**item))
    return results
