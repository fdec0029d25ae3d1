"""What grading says about one notebook: its exercises' scores, statuses and messages, its flags."""
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

STATUSES = ("passed", "failed", "error", "timeout", "missing", "manual", "graded")


@dataclass
class ExerciseResult:
    exercise: str  # the graded cell's grade_id
    score: float
    max_score: float
    status: str  # one of STATUSES; manual: an answer that awaits the instructor; graded: scored by the instructor
    message: str = ""


@dataclass
class NotebookResult:
    student: str
    assignment: str
    score: float
    max_score: float
    seconds: float
    exercises: list[ExerciseResult] = field(default_factory=list)
    autograded: Path | None = None
    status: str = "ok"  # ok, repaired, or why it was not graded (collect.UNGRADABLE, "error")
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    file: str = ""
    tamper: list[str] = field(default_factory=list)
    display: str = ""  # the student's name for people
    lms_id: str = ""  # the Moodle participant id its file's name gave ("" when none)


def released_points(release_nb: nbformat.NotebookNode) -> list[tuple[str, float, str]]:
    """(grade_id, points, cell type) of every graded cell of a released notebook."""
    return [(c.metadata["nbgrader"]["grade_id"], float(c.metadata["nbgrader"].get("points", 0)), c.cell_type)
            for c in release_nb.cells if c.metadata.get("nbgrader", {}).get("grade")]


def ungraded(student: str, assignment: str, release_nb, status: str, reason: str, file: str,
             flags=(), notes=(), display: str = "", lms_id: str = "") -> NotebookResult:
    """A notebook that was not graded: every exercise missing, the reason in the notes."""
    points = released_points(release_nb) if release_nb is not None else []
    result = NotebookResult(student, assignment, 0.0, sum(p for _, p, _ in points), 0.0, status=status,
                            flags=list(flags), notes=[reason, *notes], file=file, display=display, lms_id=lms_id)
    for name, p, cell_type in sorted(points, key=lambda x: x[2] + x[0]):
        result.exercises.append(ExerciseResult(name, 0.0, p, "missing", f"{status}: {reason}"[:300]))
    return result


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
