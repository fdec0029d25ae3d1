"""The course's one gradebook: nbgrader's own database, holding every graded submission.

`<OUT>` is an nbgrader course: its gradebook (SQLite `<OUT>/gradebook.db` by default, or the
`DB=postgresql://...` one) holds the release's assignments, the students (with their Moodle
participant id and name when the submissions came from Moodle) and, once grading is done, every
submission with the judges' scores. nbgrader's own commands and its formgrader read it; the
formgrader writes the instructor's scores and comments into it.

A re-run keeps what the instructor wrote. Each graded cell's answer has a checksum, kept in
`<OUT>/.autograde/answers.json` (autograder.state; a manually graded answer: its cell; an autograded test: every
answer cell of the notebook). A manual score stays while that checksum stays; when the answer
changed, the score is reset (the answer waits to be graded again; a test's own score counts
again) and the reset is reported. Comments are never touched.
"""
import hashlib
import json
import shutil
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.apps import NbGraderAPI
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError, OperationalError, SAWarning
from traitlets.config.loader import PyFileConfigLoader

from autograder.cells import answer_cells, grade_id_of, nbgrader_of
from autograder.course import Course, gradebook_path, nbgrader_config
from autograder.grading.outcome import Graded
from autograder.grading.results import NotebookResult
from autograder.intake.submission import Submission

COURSE_CONFIG = """\
# nbgrader's configuration of this graded course (written by `make autograde`): `make formgrade` and
# nbgrader's own commands, run in this folder, find the course and its gradebook through it.
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course_id!r}
"""


@dataclass
class Reset:
    """A manual score dropped by a re-run because the answer it scored changed."""
    student: str
    assignment: str
    exercise: str
    previous: float  # the instructor's score, now gone from the gradebook


@dataclass
class Person:
    id: str
    name: str  # for people: the Moodle display name or the folder name ("" when unknown)
    lms_id: str  # the Moodle participant id ("" for a folder of submissions)
    email: str


class Unreachable(RuntimeError):
    """The gradebook cannot be reached: nothing is written into it, and nothing is published."""


@contextmanager
def unreachable_as_error(url: str) -> Iterator[None]:
    """Turn a failure to reach the gradebook at `url` into Unreachable, which names it (without a password)."""
    try:
        yield
    except (OperationalError, InterfaceError) as error:
        cause = str(error.orig or error).strip().splitlines()[0]
        raise Unreachable(f"the gradebook {make_url(url).render_as_string(hide_password=True)} is unreachable "
                          f"({type(error.orig or error).__name__}: {cause}): start it, or fix DB=") from error


def reachable(url: str) -> None:
    """Unreachable unless the gradebook at `url` answers (nothing is written)."""
    with unreachable_as_error(url):
        engine = create_engine(url)
        try:
            engine.connect().close()
        finally:
            engine.dispose()


def address(out: Path, db_url: str | None = None) -> str:
    """The gradebook of the graded course `out`: db_url when given, else the one its nbgrader_config.py names
    (written by `make autograde`), else SQLite <out>/gradebook.db."""
    if db_url:
        return db_url
    if (Path(out) / "nbgrader_config.py").exists():
        config = PyFileConfigLoader("nbgrader_config.py", str(out)).load_config()
        if config.CourseDirectory.get("db_url"):
            return config.CourseDirectory.db_url
    return course_file(out)


def course_file(out: Path) -> str:
    """The SQLite gradebook kept in the course folder `out`."""
    return f"sqlite:///{Path(out).resolve() / 'gradebook.db'}"


def is_course_file(url: str, out: Path) -> bool:
    """Whether `url` is the SQLite gradebook kept in the course folder `out` (not a shared server)."""
    return url == course_file(out)


def add_assignments(url: str, course: Course, assignments: set[str], workdir: Path) -> None:
    """Make the gradebook hold the release's assignments, hidden tests included (a shared gradebook's workers
    restore the tests from it), before anything is graded.

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


def _enrol(db: Gradebook, submissions: list[Submission]) -> None:
    """Every student of these submissions, with their display name and Moodle participant id when known."""
    students = {sub.student: sub for sub in submissions}
    for student, sub in sorted(students.items()):
        names = {}
        if sub.display:  # nbgrader shows "last_name, first_name"; the full name is first + " " + last
            first, _, last = sub.display.rpartition(" ")
            names = {"first_name": first or None, "last_name": last}
        if sub.lms_id:
            names["lms_user_id"] = sub.lms_id
        db.update_or_create_student(student, **names)


def write_course(out: Path, course: Course, assignments: set[str], url: str) -> None:
    """What nbgrader's formgrader needs in `out`: nbgrader_config.py (course id, the gradebook at `url`) and source/."""
    text = COURSE_CONFIG.format(course_id=nbgrader_config(out).CourseDirectory.course_id)
    if not is_course_file(url, out):
        text += f"c.CourseDirectory.db_url = {url!r}\n"
    path = Path(out) / "nbgrader_config.py"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o600)  # a db_url may hold a password
    for assignment in sorted(assignments):
        source = course.build / "en" / "source" / assignment / f"{assignment}.ipynb"
        target = Path(out) / "source" / assignment / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)


def answer_checksums(notebook_text: str) -> dict[str, str]:
    """{grade_id: checksum of the answer it scores} for every graded cell of an autograded notebook."""
    nb = nbformat.reads(notebook_text, as_version=4)
    answers = [(grade_id_of(c), c.source) for c in answer_cells(nb)]
    every_answer = hashlib.sha256(json.dumps(answers).encode()).hexdigest()
    checksums = {}
    for cell in nb.cells:
        meta = nbgrader_of(cell)
        if meta.get("grade") or meta.get("task"):
            own = hashlib.sha256(cell.source.encode()).hexdigest()
            checksums[grade_id_of(cell)] = own if meta.get("solution") else every_answer
    return checksums


def save(url: str, results: list[NotebookResult], graded: list[tuple[NotebookResult, Graded]], answers: dict
         ) -> list[Reset]:
    """Write the students of every graded job's result and each graded notebook (result, its grade) into the
    gradebook: the submission, its scores and comments.

    answers: the checksums of the answers the last run scored (autograder.state), updated here. The
    instructor's scores stay unless the answer they scored changed (see the module's doc); their
    comments always stay. Returns the manual scores reset by this run.
    """
    resets = []
    with Gradebook(url) as db:
        _enrol(db, [r.submission for r in results if r.submission.gradable])
        for result, outcome in graded:
            sub = result.submission
            timestamp = datetime.fromtimestamp(sub.timestamp, timezone.utc) if sub.timestamp else None
            with warnings.catch_warnings():  # nbgrader's add_submission: SQLAlchemy 2 autoflushes its new object
                warnings.filterwarnings("ignore", r"Object of type <\w+> not in session", SAWarning)
                db.update_or_create_submission(sub.assignment, sub.student, timestamp=timestamp)
            notebook = db.find_submission_notebook(sub.assignment, sub.assignment, sub.student)
            record = answers.setdefault(sub.student, {})
            before, now = record.get(sub.assignment, {}), answer_checksums(outcome["notebook"])
            scores = {g["grade_id"]: g for g in outcome["grades"]}
            for grade in notebook.grades:
                mine = scores.get(grade.name)
                if mine is None:
                    continue
                grade.auto_score = mine["score"]
                answer = now.get(grade.name)
                # no checksum yet (a course graded before checksums were kept): the score stays
                if grade.manual_score is not None and before.get(grade.name, answer) != answer:
                    resets.append(Reset(sub.student, sub.assignment, grade.name, grade.manual_score))
                    grade.manual_score = None
                grade.needs_manual_grade = grade.auto_score is None and grade.manual_score is None
            record[sub.assignment] = now
            comments = {c["grade_id"]: c["auto_comment"] for c in outcome["comments"]}
            for comment in notebook.comments:
                if comment.name in comments:
                    comment.auto_comment = comments[comment.name]
        db.db.commit()
    return resets


def apply(url: str, results: list[NotebookResult], resets: list[Reset]) -> list[Reset]:
    """Put the gradebook's final word into graded results: the instructor's scores and comments.

    An exercise scored by hand becomes "graded" (its score the instructor's, its message their
    comment); one still waiting stays "manual"; comments on answer cells that are not graded
    themselves go to the notes. Returns the resets that nobody has scored again since.
    """
    reset = {(x.student, x.assignment, x.exercise) for x in resets}
    unscored = set()
    with Gradebook(url) as db:
        for r in results:
            if r.autograded is None:
                continue
            try:
                notebook = db.find_submission_notebook(r.assignment, r.assignment, r.student)
            except MissingEntry:
                continue
            grades = {g.name: g for g in notebook.grades}
            comments = {c.name: c.manual_comment.strip() for c in notebook.comments
                        if c.manual_comment and c.manual_comment.strip()}
            for e in r.exercises:
                grade = grades.get(e.exercise)
                if grade is None:
                    continue
                e.score = float(grade.score)
                if grade.manual_score is None:
                    unscored.add((r.student, r.assignment, e.exercise))
                if grade.needs_manual_grade:
                    e.status = "manual"
                    if (r.student, r.assignment, e.exercise) in reset:
                        e.message = "the answer changed after it was graded: it waits to be graded again"
                elif grade.manual_score is not None:
                    tested = e.status != "manual"  # an autograded score the instructor changed
                    said = f"; the tests said: {e.message}" if tested and e.message else ""
                    e.status = "graded"
                    e.message = comments.get(e.exercise) or ("score set by the instructor" + said if tested
                                                             else "graded by the instructor")
                elif e.exercise in comments:
                    e.message = f"{e.message} (instructor: {comments[e.exercise]})".lstrip()
            r.added_notes += [f"instructor's comment on {name}: {text}" for name, text in sorted(comments.items())
                        if name not in grades]
            r.score = sum(e.score for e in r.exercises)
    return [x for x in resets if (x.student, x.assignment, x.exercise) in unscored]


def people(url: str) -> dict[str, Person]:
    """Every student of the gradebook, by id."""
    with Gradebook(url) as db:
        return {s.id: Person(s.id, " ".join(filter(None, (s.first_name, s.last_name))), s.lms_user_id or "",
                             s.email or "") for s in db.students}

