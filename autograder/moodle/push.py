"""`make push`: each graded student's grade, feedback comment and feedback page onto the Moodle assignment, through
its web services (autograder.moodle.client), as `make export`'s worksheet and zip would after both uploads.

First a plan, per student: the grade Moodle holds now, the new one (scaled to the assignment's maximum grade),
whether the comment and the page change. A student whose grade changed in Moodle after our last push, or that
Moodle holds and we never pushed, is skipped unless `overwrite` (the rule of Moodle's worksheet import). A row
without a participant id, with one the assignment does not know, or that the last run could not grade, is
never pushed: it is listed.

Executing the plan pushes one student per mod_assign_save_grades call, reads the grades back
(mod_assign_get_grades: Moodle drops a grade above the maximum without an error) and records what landed in
OUT/.autograde/push/<lesson>.json after each student: the grade, the comment's and the page's hashes and
Moodle's timemodified. A push that stops half-way resumes from that record, and nothing is pushed twice.
"""
import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook

from autograder.course import Course
from autograder import gradebook
from autograder.grading.results import NOT_GRADED
from autograder.publish import refresh
from autograder.moodle import export, worksheet
from autograder.moodle.client import Client, MoodleError, site_info
from autograder.state import RunState

# mod/assign/locallib.php ASSIGN_MARKING_WORKFLOW_STATE_*
WORKFLOW_STATES = ("notmarked", "inmarking", "readyforreview", "inreview", "readyforrelease", "released")
UNRELEASED = "readyforrelease"  # with a marking workflow, what a push sets unless asked otherwise
FORMAT_HTML = 1  # lib/weblib.php: the comment editor's text format


def token(course: Course = Course()) -> str:
    """MOODLE_TOKEN, or the file course.toml [moodle] token_file names, readable by its owner only."""
    if os.environ.get("MOODLE_TOKEN", "").strip():
        return os.environ["MOODLE_TOKEN"].strip()
    name = course.setting("moodle", "token_file", "")
    if not name:
        raise MoodleError("no token: set MOODLE_TOKEN, or token_file in course.toml [moodle] (docs/push.md)")
    path = Path(name).expanduser()
    path = path if path.is_absolute() else course.settings.parent / path
    try:
        info = path.stat()
    except OSError:
        raise MoodleError(f"the token file {path} (course.toml [moodle] token_file) cannot be read") from None
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO) or info.st_uid != os.getuid():
        raise MoodleError(f"the token file {path} can be read by others than you: chmod 600 {path} (and own it)")
    text = path.read_text(encoding="utf-8").strip()
    if not text:
        raise MoodleError(f"the token file {path} is empty")
    return text


def digest(data: str | bytes) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


@dataclass
class Student:
    """One student's line of the plan."""
    participant: str
    name: str
    userid: int
    held: float | None  # the grade Moodle holds now
    grade: float  # the new one, on Moodle's scale
    comment: str
    page: bytes | None
    action: str  # "push", "same" or "skip"
    why: str = ""
    changes: list[str] = field(default_factory=list)


@dataclass
class Lesson:
    name: str
    cmid: int
    assignment: dict  # mod_assign_get_assignments' assignment
    students: list[Student] = field(default_factory=list)
    listed: list[tuple[str, str]] = field(default_factory=list)  # (who, why) never pushed
    notes: list[str] = field(default_factory=list)
    pushed: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)


def record_path(out: Path, lesson: str) -> Path:
    return RunState(out).push_record(lesson)


def read_record(out: Path, lesson: str, url: str, cmid: int) -> dict:
    """{participant: what was pushed}: this site's and assignment's, else nothing."""
    path = record_path(out, lesson)
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return data.get("students", {}) if (data.get("url"), data.get("cmid")) == (url, cmid) else {}


def write_record(out: Path, lesson: Lesson, url: str, students: dict) -> None:
    path = record_path(out, lesson.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = path.with_suffix(".tmp")
    staging.write_text(json.dumps({"url": url, "cmid": lesson.cmid, "assignment": lesson.assignment["id"],
                                   "students": students}, indent=1, sort_keys=True), encoding="utf-8")
    staging.replace(path)  # a push killed while writing leaves the previous record whole


def held_grades(client: Client, assignment: int) -> dict[int, dict]:
    """{user id: Moodle's grade record} of the grades Moodle holds (a grade of -1 is none)."""
    answer = client.call("mod_assign_get_grades", assignmentids=[assignment])
    if any(w.get("warningcode") == "1" for w in answer.get("warnings", [])):  # externallib.php get_grades
        raise MoodleError("mod_assign_get_grades: the token's user lacks mod/assign:grade in this assignment: give "
                          "that user the Teacher role in the course", "nopermissions")
    return {int(g["userid"]): g for a in answer.get("assignments", []) if int(a["assignmentid"]) == assignment
            for g in a["grades"] if float(g["grade"]) >= 0}


def find_assignment(client: Client, lesson: str, cmid: int) -> dict:
    answer = client.call("mod_assign_get_assignments")
    for course in answer.get("courses", []):
        for assignment in course.get("assignments", []):
            if int(assignment["cmid"]) == cmid:
                return assignment
    raise MoodleError(f"{lesson}: no assignment with course module id {cmid} that the token's user can see: "
                      f"check course.toml [moodle.assignments] (the id= of the assignment page's address) and that "
                      f"the user is a teacher of its course")


def participants(client: Client, assignment: int) -> dict[str, int]:
    """{participant id: user id} (mod_assign_get_user_mappings)."""
    answer = client.call("mod_assign_get_user_mappings", assignmentids=[assignment])
    if any(w.get("warningcode") == "1" for w in answer.get("warnings", [])):
        raise MoodleError("mod_assign_get_user_mappings: the token's user lacks mod/assign:revealidentities in this "
                          "assignment: give that user the Teacher role in the course", "nopermissions")
    return {str(m["id"]): int(m["userid"]) for a in answer.get("assignments", [])
            if int(a["assignmentid"]) == assignment for m in a["mappings"]}


def plan(out: Path, client: Client, course: Course = Course(), lessons: list[str] | None = None,
         overwrite: bool = False, db_url: str | None = None) -> list[Lesson]:
    """What a push would do, per lesson and student; changes nothing."""
    out = Path(out)
    url = gradebook.address(out, db_url)
    results = refresh(out, db_url, course)  # the feedback pages and comments with the gradebook's manual grades
    site_info(client)
    people = gradebook.people(url)
    by_id = {p.lms_id: student for student, p in people.items() if p.lms_id}
    with Gradebook(url) as db:
        graded = sorted(a.name for a in db.assignments if a.submissions)
    cmids = course.setting("moodle", "assignments", {})
    unknown = sorted(set(lessons or ()) - set(graded))
    if unknown:
        raise MoodleError(f"{', '.join(unknown)}: not graded in {out} (graded: {', '.join(graded) or 'none'})")
    plans = []
    for name in lessons or graded:
        if name not in cmids:
            raise MoodleError(f"{name}: no course module id in course.toml [moodle.assignments]: add "
                              f"{name} = <the id= of the assignment page's address> (docs/push.md)")
        assignment = find_assignment(client, name, int(cmids[name]))
        if float(assignment["grade"]) <= 0:
            raise MoodleError(f"{name}: the Moodle assignment {assignment['name']!r} has no point grade (a scale, or "
                              f"none): set Grade > Type to Point")
        lesson = Lesson(name, int(cmids[name]), assignment)
        lesson.listed = [(" ".join(filter(None, (r.student, r.file))), export.why(r))
                         for r in results if r.assignment in (name, "") and not r.lms_id]  # "": no lesson known
        skipped = {r.lms_id for r in results if r.assignment == name and r.status == NOT_GRADED and r.lms_id}
        lesson.listed += [(p, "the last run could not grade it (not-graded): make autograde again")
                          for p in sorted(skipped)]
        mapping = participants(client, assignment["id"])
        held = held_grades(client, assignment["id"])
        record = read_record(out, name, client.url, lesson.cmid)
        maximum = float(assignment["grade"])
        rows = export.worksheet_rows(url, name, people)
        for row in rows:
            if row.participant in skipped:
                continue
            if row.participant not in mapping:
                lesson.listed.append((f"{row.participant} {row.name}", f"participant id {row.participant} is not "
                                      f"known to the assignment (a download of another assignment?)"))
                continue
            page_path = out / "feedback" / by_id[row.participant] / f"{name}.html"
            page = page_path.read_bytes() if page_path.exists() else None
            grade = round(row.grade * maximum / row.max_grade, 2) if row.max_grade else 0.0
            lesson.students.append(decide(row, mapping[row.participant], held, record, grade, page, overwrite))
        if rows and abs(maximum - rows[0].max_grade) > 1e-9:
            lesson.notes.append(f"Moodle's maximum grade is {maximum:g} and the lesson's {rows[0].max_grade:g} "
                                f"points: grades are scaled to {maximum:g}")
        plans.append(lesson)
    return plans


def decide(row: worksheet.Row, userid: int, held: dict, record: dict, grade: float, page: bytes | None,
           overwrite: bool) -> Student:
    now = held.get(userid)
    mine = dict(record.get(row.participant, {}))
    pending = mine.pop("pending", None)
    if pending and now and same(now["grade"], pending["grade"]) and int(now["timemodified"]) != pending["before"]:
        mine = {**pending, "timemodified": int(now["timemodified"])}  # pushed, then stopped before the record
    student = Student(row.participant, row.name, userid, float(now["grade"]) if now else None, grade,
                      row.comments, page, "push")
    ours = bool(mine) and now is not None and int(now["timemodified"]) == mine.get("timemodified") \
        and same(now["grade"], mine["grade"])
    if now is not None and not ours and not overwrite:
        student.action = "skip"
        student.why = ("its grade was changed in Moodle after the last push" if mine.get("timemodified") else
                       "Moodle holds a grade that was not pushed from here") + ": --overwrite (OVERWRITE=1) replaces it"
        return student
    comment, file = digest(row.comments), digest(page) if page is not None else None
    if ours and same(grade, mine["grade"]) and comment == mine.get("comment") and file == mine.get("file"):
        student.action = "same"
        return student
    student.changes = [name for name, new, old in (("grade", grade, mine.get("grade")), ("comment", comment,
                       mine.get("comment")), ("file", file, mine.get("file"))) if not ours or new != old]
    return student


def same(a: float | str | None, b: float | str | None) -> bool:
    return a is not None and b is not None and abs(float(a) - float(b)) < 0.005


def execute(out: Path, client: Client, plans: list[Lesson], workflow_state: str | None = None) -> None:
    """Do the plan; each lesson's `pushed` and `failed` say what happened. MoodleError stops it (the record holds
    every student pushed before)."""
    for lesson in plans:
        state = ""
        if lesson.assignment.get("markingworkflow"):
            state = workflow_state or UNRELEASED
        elif workflow_state:
            lesson.notes.append(f"the assignment has no marking workflow: grades are released at once "
                                f"(--workflow-state {workflow_state} is ignored)")
        students = read_record(out, lesson.name, client.url, lesson.cmid)
        held = held_grades(client, lesson.assignment["id"])
        for student in (s for s in lesson.students if s.action == "push"):
            pushed = {"userid": student.userid, "grade": student.grade, "comment": digest(student.comment),
                      "file": digest(student.page) if student.page is not None else None}
            before = {k: v for k, v in students.get(student.participant, {}).items() if k != "pending"}
            # written first: a push stopped between Moodle's answer and the record is recognised by the next one
            started = int(held.get(student.userid, {}).get("timemodified", 0))
            students[student.participant] = {**before, "pending": {**pushed, "before": started}}
            write_record(out, lesson, client.url, students)
            plugindata = {"assignfeedbackcomments_editor": {"text": student.comment, "format": FORMAT_HTML}}
            if student.page is not None:
                plugindata["files_filemanager"] = client.upload(f"{lesson.name}_feedback.html", student.page)
            client.call("mod_assign_save_grades", assignmentid=lesson.assignment["id"], applytoall=False,
                        grades=[{"userid": student.userid, "grade": student.grade, "attemptnumber": -1,
                                 "addattempt": False, "workflowstate": state, "plugindata": plugindata}])
            held = held_grades(client, lesson.assignment["id"])
            landed = held.get(student.userid)
            if landed is None or not same(landed["grade"], student.grade):
                students.pop(student.participant)
                students.update({student.participant: before} if before else {})
                lesson.failed.append((student.participant, f"Moodle did not keep the grade {student.grade:g} "
                                      f"(it holds {landed['grade'] if landed else 'none'}): is the assignment's "
                                      f"maximum grade {float(lesson.assignment['grade']):g} still?"))
            else:
                students[student.participant] = {**pushed, "timemodified": int(landed["timemodified"])}
                lesson.pushed.append(student.participant)
            write_record(out, lesson, client.url, students)


def report(plans: list[Lesson], done: bool = False) -> list[str]:
    """The plan (or, `done`, what was pushed), per lesson and student, for the instructor."""
    lines = []
    for lesson in plans:
        assignment = lesson.assignment
        lines.append(f"{lesson.name} -> Moodle assignment {assignment['name']!r} (course module {lesson.cmid}), "
                     f"maximum grade {float(assignment['grade']):g}"
                     + (", marking workflow" if assignment.get("markingworkflow") else ""))
        lines += [f"  note: {note}" for note in lesson.notes]
        for s in lesson.students:
            what = {"push": f"push: {', '.join(s.changes)}", "same": "unchanged", "skip": f"skipped: {s.why}"}[s.action]
            held = "-" if s.held is None else f"{s.held:g}"
            lines.append(f"  {s.participant:>8}  {s.name[:30]:30}  Moodle {held:>7} -> {s.grade:<7g} {what}")
        lines += [f"  never pushed: {who}: {why}" for who, why in lesson.listed]
        counts = {action: sum(s.action == action for s in lesson.students) for action in ("push", "same", "skip")}
        if done:
            waiting = [s.participant for s in lesson.students if s.action == "push"
                       and s.participant not in lesson.pushed and s.participant not in dict(lesson.failed)]
            lines.append(f"  pushed {len(lesson.pushed)}: {' '.join(lesson.pushed) or '-'}")
            lines += [f"  FAILED {who}: {why}" for who, why in lesson.failed]
            if waiting:
                lines.append(f"  not pushed yet {len(waiting)}: {' '.join(waiting)}")
        if not counts["push"]:
            lines.append("  nothing to push" + (": Moodle holds what was pushed before" if counts["same"] else ""))
        lines.append(f"  {counts['push']} to push, {counts['same']} unchanged, {counts['skip']} skipped, "
                     f"{len(lesson.listed)} never pushed")
    return lines
