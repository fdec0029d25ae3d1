"""Final grades and feedback, from the course's gradebook, ready to go back to the LMS: <OUT>/export/.

- final_grades.csv: one row per student of the gradebook, one column per assignment, the total
  (nbgrader's score: the instructor's score where one was given, else the autograder's) and how
  many answers still wait for manual grading.
- <assignment>_grades.csv: Moodle's offline grading worksheet (autograder.moodle.worksheet), in the
  site's language (course.toml [moodle] language), one row per graded submission that came with a
  Moodle participant id. With the site's own worksheet as a template (`worksheets`), that file
  with only the grade, its time and the comments filled in for our students: its participants,
  names, emails and headers stay the site's, including students who submitted nothing.
- <assignment>_feedback.zip: each such student's feedback page, named as Moodle's download names a
  submitted file, "<full name>_<participant id>_assignsubmission_file_<file>": Moodle's "Upload
  feedback files in a zip" (mod/assign/feedback/file/importziplib.php is_valid_filename_for_import)
  splits each path part with explode('_', ..., 5) and takes the second piece as the participant id.

A row without a participant id (a plain folder of submissions, a team submission, a name that none
of Moodle's forms matches) goes in no worksheet and no zip: `Export.missing` lists it and why, and
`Export.failed` is true when the class came from a Moodle download.
The CSVs, feedback pages and report.html are first rewritten with the gradebook's manual grades.
"""
import csv
import html
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry, SubmittedAssignment

from autograder.course import Course
from autograder import gradebook
from autograder.publish import refresh
from autograder.moodle import worksheet
from autograder.grading.results import NOT_GRADED, NotebookResult
from autograder.publish.outputs import cell

NOT_IN_A_NAME = re.compile(r"[_/\\:*?\"<>|\x00-\x1f]+")  # Moodle splits the file name at "_"


@dataclass
class Missing:
    """A row that no worksheet holds."""
    student: str
    assignment: str
    file: str
    why: str


@dataclass
class Export:
    files: list[Path]
    missing: list[Missing] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    from_moodle: bool = False  # some row came from a Moodle download

    @property
    def failed(self) -> bool:
        """A Moodle download left a student without an id: their grade would not reach Moodle."""
        return self.from_moodle and bool(self.missing)


def export(out: Path, db_url: str | None = None, course: Course = Course(), now: datetime | None = None,
           worksheets: list[Path] = ()) -> Export:
    """Write <out>/export/ from the gradebook of the graded course `out`.

    worksheets: worksheets downloaded from the site ("Download grading worksheet"), each used as the
    template of the lesson whose graded participants it holds. ValueError for one that fits no lesson."""
    out = Path(out)
    url = gradebook.address(out, db_url)
    results = refresh(out, db_url, course)
    language = course.setting("moodle", "language", "en")
    worksheet.text(language, "recordid")  # an unknown language fails before anything is written
    pending = {(r.student, r.assignment) for r in results if r.status == NOT_GRADED}
    now = now or datetime.now().astimezone()
    folder = out / "export"
    folder.mkdir(exist_ok=True)
    people = gradebook.people(url)
    done = Export([final_grades(url, people, folder / "final_grades.csv", pending)])
    with Gradebook(url) as db:
        assignments = [a.name for a in db.assignments if a.submissions]
    rows = {a: worksheet_rows(url, a, people) for a in assignments}
    templates = match(worksheets, rows)
    for assignment in assignments:
        theirs, path = rows[assignment], folder / f"{assignment}_grades.csv"
        template = templates.get(assignment)
        if template:
            holds = template.participants()
            done.missing += [Missing(r.participant, assignment, "", f"participant id {r.participant} is not in "
                                                                   f"{template.path.name}")
                             for r in theirs if r.participant not in holds]
            theirs = [r for r in theirs if r.participant in holds]
            done.notes += [f"{assignment}: {note}" for note in worksheet.fill(template, theirs, now, path)]
        elif theirs:
            worksheet.write(path, language, theirs, now)
        else:
            continue
        pages = feedback_zip(out / "feedback", assignment, people, theirs, folder / f"{assignment}_feedback.zip")
        done.files += [path, pages]
        source = f"the site's worksheet {template.path.name}, in {template.language}" if template else language
        done.notes.append(f"{assignment}: {len(theirs)} student(s) in {path.name} ({source}) and {pages.name}")
    done.from_moodle = any(r.lms_id or {"moodle-team", "moodle-name"} & set(r.flags) for r in results)
    done.missing[:0] = [Missing(r.student, r.assignment, r.file, why(r)) for r in results if not r.lms_id]
    return done


def why(result: NotebookResult) -> str:
    """Why a row has no participant id."""
    if "moodle-team" in result.flags:
        return "a team submission: Moodle names it after the group, with no participant id"
    if "moodle-name" in result.flags:
        return "its name matches none of the names Moodle's download gives (see its note in grades.csv)"
    if result.status == "unknown-student":
        return result.notes[0]
    return "a folder of submissions, not a Moodle download's name"


def match(worksheets: list[Path], rows: dict[str, list[worksheet.Row]]) -> dict[str, worksheet.Template]:
    """{lesson: template}: each worksheet goes to the lesson most of whose graded participants it holds
    (a participant id is Moodle's for one assignment only)."""
    templates = {}
    for path in worksheets:
        template = worksheet.read_template(path)
        holds = template.participants()
        counts = {a: sum(r.participant in holds for r in theirs) for a, theirs in rows.items()}
        best = max(counts, key=counts.get, default=None)
        if not best or not counts[best]:
            raise ValueError(f"{path} holds none of the graded students' participant ids: is it the worksheet "
                             f"of the assignment whose submissions were graded?")
        if best in templates:
            raise ValueError(f"{path} and {templates[best].path} are both worksheets of {best}")
        templates[best] = template
    return templates


def waiting(submission: SubmittedAssignment) -> int:
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


def comments_html(submission: SubmittedAssignment) -> str:
    """The instructor's comments of a submission, as the HTML Moodle's comment editor holds."""
    return "".join(f"<p><b>{html.escape(c.name)}</b>: {html.escape(c.manual_comment.strip())}</p>"
                   for n in submission.notebooks for c in sorted(n.comments, key=lambda c: c.name)
                   if c.manual_comment and c.manual_comment.strip())


def worksheet_rows(url: str, assignment: str, people: dict) -> list[worksheet.Row]:
    """A row per graded submission of `assignment` whose student has a Moodle participant id."""
    with Gradebook(url) as db:
        rows = []
        for submission in sorted(db.find_assignment(assignment).submissions, key=lambda s: s.student.id):
            person = people[submission.student.id]
            if not person.lms_id:
                continue
            submitted = submission.timestamp and submission.timestamp.replace(tzinfo=timezone.utc)  # stored naive, UTC
            rows.append(worksheet.Row(person.lms_id, person.name or person.id, person.email, submission.score,
                                   submission.max_score, waiting(submission), submitted or None,
                                   comments_html(submission)))
    return rows


def feedback_name(person: gradebook.Person, assignment: str) -> str:
    """The name Moodle's feedback-zip importer matches to the student by participant id."""
    name = NOT_IN_A_NAME.sub(" ", person.name).strip().lstrip(".~") or "Participant"  # "." or "~" first: hidden
    return f"{name}_{person.lms_id}_assignsubmission_file_{assignment}_feedback.html"


def feedback_zip(pages: Path, assignment: str, people: dict, rows: list[worksheet.Row], path: Path) -> Path:
    by_id = {p.lms_id: student for student, p in people.items() if p.lms_id}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for row in rows:
            student = by_id[row.participant]
            page = pages / student / f"{assignment}.html"
            if page.exists():
                archive.write(page, feedback_name(people[student], assignment))
    return path
