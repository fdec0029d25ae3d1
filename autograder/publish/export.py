"""Final grades and feedback, from the course's gradebook, ready to go back to the LMS: <OUT>/export/.

- final_grades.csv: one row per student of the gradebook, one column per assignment, the total
  (nbgrader's score: the instructor's score where one was given, else the autograder's) and how
  many answers still wait for manual grading.
- <assignment>_grades.csv: Moodle's "offline grading worksheet" (mod/assign/feedback/offline),
  one row per submission. Moodle's importer finds a row's student by "Identifier" ("Participant
  <id>", the participant id of Moodle's download), takes "Grade" and "Feedback comments", and
  skips a row whose grade was changed in Moodle after "Last modified (grade)" (here: the export's
  time). A student from a plain folder of submissions is identified by the folder name instead.
- <assignment>_feedback.zip: each student's feedback page, named as Moodle's download names a
  submitted file, "<full name>_<participant id>_assignsubmission_file_<file>", which Moodle's
  "Upload multiple feedback files in a zip" (mod/assign/feedback/file) matches by participant id;
  a student from a folder gets "<student>/<file>".

The CSVs, feedback pages and report.html are first rewritten with the gradebook's manual grades.
"""
import csv
import html
import re
import zipfile
from datetime import datetime, timezone
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry

from autograder.course import Course
from autograder.publish import refresh
from autograder.grading import gradebook
from autograder.grading.results import NOT_GRADED
from autograder.publish.outputs import cell

MOODLE_COLUMNS = ["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                  "Grade can be changed", "Last modified (submission)", "Last modified (grade)", "Feedback comments"]
MOODLE_TIME = "%A, %d %B %Y, %I:%M %p"  # Moodle's userdate() format, which its importer reads with strtotime
NOT_IN_A_NAME = re.compile(r"[_/\\:*?\"<>|\x00-\x1f]+")  # Moodle splits the file name at "_"


def export(out: Path, db_url: str | None = None, course: Course = Course(), now: datetime | None = None
           ) -> list[Path]:
    """Write <out>/export/ from the gradebook of the graded course `out`; returns the files written."""
    out = Path(out)
    url = gradebook.course_url(out, db_url)
    pending = {(r.student, r.assignment) for r in refresh(out, db_url, course) if r.status == NOT_GRADED}
    now = now or datetime.now().astimezone()
    folder = out / "export"
    folder.mkdir(exist_ok=True)
    people = gradebook.people(url)
    written = [final_grades(url, people, folder / "final_grades.csv", pending)]
    with Gradebook(url) as db:
        assignments = [a.name for a in db.assignments if a.submissions]
    for assignment in assignments:
        written.append(worksheet(url, assignment, people, now, folder / f"{assignment}_grades.csv"))
        written.append(feedback_zip(out / "feedback", assignment, people, url, folder / f"{assignment}_feedback.zip"))
    return written


def waiting(submission) -> int:
    return sum(g.needs_manual_grade for n in submission.notebooks for g in n.grades)


def final_grades(url: str, people: dict, path: Path, not_graded: set = frozenset()) -> Path:
    """not_graded: (student, assignment) the last run could not grade; without an earlier grade, their cell is empty."""
    with Gradebook(url) as db:
        assignments = sorted(a.name for a in db.assignments)
        rows = []
        for student in sorted(people):
            scores, wait = [], 0
            for assignment in assignments:
                try:
                    submission = db.find_submission(assignment, student)
                except MissingEntry:
                    scores.append(None if (student, assignment) in not_graded else 0.0)  # or nothing submitted
                    continue
                scores.append(submission.score)
                wait += waiting(submission)
            rows.append([student, people[student].name, *("" if s is None else f"{s:g}" for s in scores),
                         f"{sum(s for s in scores if s is not None):g}", wait])
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["student", "name", *assignments, "total", "waiting"])
        writer.writerows([cell(value) for value in row] for row in rows)
    return path


def identifier(person) -> str:
    return f"Participant {person.lms_id}" if person.lms_id else person.id


def comments_html(submission) -> str:
    """The instructor's comments of a submission, as the HTML Moodle's comment editor holds."""
    return "".join(f"<p><b>{html.escape(c.name)}</b>: {html.escape(c.manual_comment.strip())}</p>"
                   for n in submission.notebooks for c in sorted(n.comments, key=lambda c: c.name)
                   if c.manual_comment and c.manual_comment.strip())


def worksheet(url: str, assignment: str, people: dict, now: datetime, path: Path) -> Path:
    with Gradebook(url) as db:
        rows = []
        for submission in sorted(db.find_assignment(assignment).submissions, key=lambda s: s.student.id):
            person = people[submission.student.id]
            wait = waiting(submission)
            submitted = submission.timestamp and submission.timestamp.replace(tzinfo=timezone.utc)  # stored naive, UTC
            rows.append([identifier(person), person.name or person.id, person.email,
                         f"Submitted for grading - {f'{wait} answers wait for grading' if wait else 'Graded'}",
                         f"{submission.score:.2f}", f"{submission.max_score:.2f}", "Yes",
                         submitted.astimezone(now.tzinfo).strftime(MOODLE_TIME) if submitted else "",
                         now.strftime(MOODLE_TIME), comments_html(submission)])
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(MOODLE_COLUMNS)
        writer.writerows([cell(value) for value in row] for row in rows)
    return path


def feedback_name(person, assignment: str) -> str:
    """The name Moodle's feedback-zip importer matches to the student (or <student>/<file> for a folder)."""
    page = f"{assignment}_feedback.html"
    if not person.lms_id:
        return f"{person.id}/{page}"
    name = NOT_IN_A_NAME.sub(" ", person.name).strip() or "Participant"
    return f"{name}_{person.lms_id}_assignsubmission_file_{page}"


def feedback_zip(pages: Path, assignment: str, people: dict, url: str, path: Path) -> Path:
    with Gradebook(url) as db:
        students = sorted(s.student.id for s in db.find_assignment(assignment).submissions)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for student in students:
            page = pages / student / f"{assignment}.html"
            if page.exists():
                archive.write(page, feedback_name(people[student], assignment))
    return path
