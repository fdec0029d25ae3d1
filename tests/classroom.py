"""A small class of the tiny course, as Moodle's "Download all submissions" zip names it, and ways to
read a graded course's gradebook and run its commands the way the instructor's workflow meets them."""
import csv
import shutil
from pathlib import Path

from nbgrader.api import Gradebook

from autograder import cli
from tests import corpus

LIMITS = {"preload": [], "preload_later": [], "timeout": 20, "notebook_timeout": 60}  # the tiny course needs no torch
WHY = "answer_why"


def rows(path) -> list[dict]:
    """The rows of a CSV that the grader wrote (grades.csv, exercises.csv, final_grades.csv, ...)."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def answered(nb, why: str, **sources):
    """A notebook whose manually graded answer reads `why`, with some solution cells replaced."""
    for grade_id, source in sources.items():
        nb = corpus.with_source(nb, grade_id, source)
    return corpus.with_source(nb, WHY, why)


def moodle_files(course, ivan_why: str = "Because doubling is linear.") -> dict[str, bytes]:
    alpha = corpus.load(course, "solutions", "01_alpha")
    folder = "{}_assignsubmission_file_/{}"
    return {
        folder.format("Ivan Petrov_101", "01_alpha.ipynb"): corpus.dump(answered(alpha, ivan_why)),
        folder.format("Anna Smirnova_102", "01_alpha.ipynb"): corpus.dump(answered(
            alpha, "I do not know.", square="def square(x):\n    return 2 * x")),
        folder.format("Anna Smirnova_102", "02_beta.ipynb"): corpus.dump(corpus.load(course, "solutions", "02_beta")),
        "Oleg Ivanov_103_assignsubmission_file_01_alpha.ipynb": corpus.dump(corpus.load(course, "lessons", "01_alpha")),
        folder.format("Мария Иванова_104", "homework.ipynb"): corpus.dump(answered(alpha, "Потому что.")),
    }


def copy_course(out: Path, to: Path) -> Path:
    """A graded course folder to change without touching the session's one."""
    shutil.copytree(out, to, symlinks=True)
    return to


def keys(url: str) -> dict[str, str]:
    """{Moodle participant id: the gradebook's student id}."""
    with Gradebook(url) as db:
        return {s.lms_user_id: s.id for s in db.students if s.lms_user_id}


def grade_by_hand(url: str, student: str, assignment: str, cell: str, score=None, comment=None) -> None:
    """What nbgrader's formgrader does when the instructor types a score or a comment."""
    with Gradebook(url) as db:
        notebook = db.find_submission_notebook(assignment, assignment, student)
        if score is not None:
            [grade] = [g for g in notebook.grades if g.name == cell]
            grade.manual_score, grade.needs_manual_grade = score, False
        if comment is not None:
            [note] = [c for c in notebook.comments if c.name == cell]
            note.manual_comment = comment
        db.db.commit()


def dump(url: str) -> dict:
    """Everything the gradebook holds about the class: students, submissions, every grade and comment."""
    with Gradebook(url) as db:
        students = sorted((s.id, s.first_name, s.last_name, s.lms_user_id) for s in db.students)
        submissions, grades, comments = [], [], []
        for assignment in db.assignments:
            for sub in assignment.submissions:
                submissions.append((assignment.name, sub.student.id, sub.timestamp))
                for nb in sub.notebooks:
                    grades += [(assignment.name, sub.student.id, g.name, g.auto_score, g.manual_score,
                                g.needs_manual_grade) for g in nb.grades]
                    comments += [(assignment.name, sub.student.id, c.name, c.auto_comment, c.manual_comment)
                                 for c in nb.comments]
        return {"students": students, "submissions": sorted(submissions), "grades": sorted(grades, key=repr),
                "comments": sorted(comments, key=repr)}


def command(capsys, *argv) -> tuple[int, str]:
    """`python -m autograder.cli <argv>` in this process: (its exit status, what it printed)."""
    try:
        cli.main([str(arg) for arg in argv])
        status = 0
    except SystemExit as stop:
        status = stop.code or 0
    printed = capsys.readouterr()
    return status, printed.out + printed.err
