"""The course's one gradebook: nbgrader's own database, holding every graded submission.

`<OUT>` is an nbgrader course: its gradebook (SQLite `<OUT>/gradebook.db` by default, or the
`DB=postgresql://...` one) holds the release's assignments and, once grading is done, every
submission with the judges' scores. nbgrader's own commands and its formgrader read it.
"""
import shutil
import warnings
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.apps import NbGraderAPI
from sqlalchemy.exc import SAWarning

from autograder import Course
from autograder.release import gradebook_path, nbgrader_config

warnings.filterwarnings("ignore", category=SAWarning)
COURSE_CONFIG = """\
# nbgrader's configuration of this graded course (written by `make autograde`).
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course_id!r}
"""


def url_of(out: Path, db_url: str | None) -> str:
    return db_url or f"sqlite:///{Path(out).resolve() / 'gradebook.db'}"


def prepare(url: str, course: Course, assignments: set[str], students: set[str], workdir: Path) -> None:
    """Make the gradebook hold the release's assignments (hidden tests included) and the students.

    An assignment is (re)generated with nbgrader's generate_assignment from the build's source
    notebook when the gradebook lacks it or holds other cell checksums than the release's.
    """
    release_db = f"sqlite:///{gradebook_path(course)}"
    for assignment in sorted(assignments):
        with Gradebook(release_db) as db:
            wanted = {(c.name, c.checksum) for c in db.find_notebook(assignment, assignment).source_cells}
        with Gradebook(url) as db:
            try:
                have = {(c.name, c.checksum) for c in db.find_notebook(assignment, assignment).source_cells}
            except MissingEntry:
                have = set()
        if have != wanted:
            root = workdir / "db-release"
            shutil.rmtree(root, ignore_errors=True)
            shutil.copytree(course.build / "en" / "source" / assignment, root / "source" / assignment)
            config = nbgrader_config(root)
            config.CourseDirectory.db_url = url
            config.Exchange.root = str(root / "exchange")
            outcome = NbGraderAPI(config=config).generate_assignment(assignment, force=True)
            if not outcome["success"]:
                raise RuntimeError(f"could not put {assignment} into {url}:\n{outcome['log']}")
    with Gradebook(url) as db:
        for student in sorted(students):
            db.update_or_create_student(student)


def write_course_config(out: Path, course_id: str) -> None:
    path = Path(out) / "nbgrader_config.py"
    if not path.exists():
        path.write_text(COURSE_CONFIG.format(course_id=course_id), encoding="utf-8")


def save(url: str, graded: list[tuple]) -> None:
    """Write each (job, outcome, result) into the gradebook: the submission, its scores and comments.

    A score an instructor gave by hand (nbgrader's manual_score) is never overwritten.
    """
    from datetime import datetime, timezone

    with Gradebook(url) as db:
        for job, outcome, _ in graded:
            timestamp = datetime.fromtimestamp(job.timestamp, timezone.utc) if job.timestamp else None
            db.update_or_create_submission(job.assignment, job.student, timestamp=timestamp)
            notebook = db.find_submission_notebook(job.assignment, job.assignment, job.student)
            scores = {g["grade_id"]: g for g in outcome["grades"]}
            for grade in notebook.grades:
                mine = scores.get(grade.name)
                if mine is None:
                    continue
                grade.auto_score = mine["score"]
                grade.needs_manual_grade = mine["score"] is None and grade.manual_score is None
            comments = {c["grade_id"]: c["auto_comment"] for c in outcome["comments"]}
            for comment in notebook.comments:
                if comment.name in comments:
                    comment.auto_comment = comments[comment.name]
        db.db.commit()
