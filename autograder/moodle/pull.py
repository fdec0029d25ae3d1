"""`make pull`, its plan: each lesson's submissions in its Moodle assignment against what an earlier pull brought into
OUT/pulled (autograder.moodle.pulled, which also executes the plan), through Moodle's web services
(autograder.moodle.client), named as Moodle 4.x's "Download all submissions" names its folders
(mod/assign/classes/downloader.php), so that `make autograde` reads them as it reads that download.

mod_assign_get_submissions lists each submission (its status, Moodle's timemodified, its files with their
fileurl), mod_assign_list_participants names the participants (and their groups in a team assignment), and
mod_assign_get_user_mappings gives the participant id that the download names a folder after (blind marking keeps
it). A submission is new, changed (its time or files are not the ones pulled last) or unchanged; a draft is
pulled only when the assignment does not require the submit button; what is not pulled is listed with why.
"""
import re
from datetime import datetime
from pathlib import Path

from autograder.course import Course
from autograder.intake.receive import PULLED
from autograder.intake.senders import DEFAULT_TEAMS, PARTICIPANT
from autograder.moodle.client import PULL_FUNCTIONS, Client, MoodleError, site_info
from autograder.moodle.pulled import PULLING, Entry, File, Lesson, listed, present, pulled_before, read_record
from autograder.moodle.push import find_assignment, participants
from autograder.state import RunState

SUBMITTED, DRAFT = "submitted", "draft"  # mod/assign/locallib.php ASSIGN_SUBMISSION_STATUS_*; also new, reopened
FILEAREA = "submission_files"  # mod/assign/submission/file/locallib.php ASSIGNSUBMISSION_FILE_FILEAREA
CLEAN = re.compile(r"[\x00-\x1f\x7f-\x9f&<>\"`|':\\/]")  # lib/moodlelib.php clean_param PARAM_FILE


def clean_filename(name: str) -> str:
    """clean_param($name, PARAM_FILE): control characters and & < > " ` | ' : \\ / dropped; "." and ".." empty."""
    name = CLEAN.sub("", name)
    return "" if name in (".", "..") else name


def inner_path(filepath: str, filename: str) -> str:
    """A submitted file's place in its folder: the download's filepath and name, each part cleaned (PARAM_PATH),
    so that no name leads outside the folder."""
    return "/".join(p for p in map(clean_filename, f"{filepath}/{filename}".split("/")) if p) or "(no name)"


def plan(out: Path, client: Client, course: Course = Course(), lessons: list[str] | None = None) -> list[Lesson]:
    """What a pull would do, per lesson and submission; fetches and changes nothing."""
    info = site_info(client, PULL_FUNCTIONS, "downloadfiles")
    language = int(str(info.get("lang", "")).startswith("ru"))  # the token user's: the download's strings
    cmids = course.setting("moodle", "assignments", {})
    if not cmids:
        raise MoodleError("course.toml [moodle.assignments] names no lesson: add each lesson's course module id, "
                          "01_tensors = <the id= of the assignment page's address> (docs/pull.md)")
    unknown = [name for name in lessons or () if name not in cmids]
    if unknown:
        raise MoodleError(f"{', '.join(unknown)}: no course module id in course.toml [moodle.assignments]: add "
                          f"{unknown[0]} = <the id= of the assignment page's address> (docs/pull.md)")
    strange = [name for name in lessons or cmids if name not in course.assignments()]
    if strange:
        raise MoodleError(f"{', '.join(strange)}: not a lesson of this course ({', '.join(course.assignments())}): "
                          f"fix course.toml [moodle.assignments] or LESSONS")
    return [lesson_plan(Path(out), client, name, int(cmids[name]), language) for name in sorted(lessons or cmids)]


def lesson_plan(out: Path, client: Client, name: str, cmid: int, language: int) -> Lesson:
    lesson = Lesson(name, cmid, find_assignment(client, name, cmid))
    assignment, folder = lesson.assignment, out / PULLED / name
    record = read_record(out, name)
    if record and (record["url"], record["cmid"]) != (client.url, cmid) and folder.exists():
        raise MoodleError(f"{folder} holds the submissions of another assignment (course module {record['cmid']} of "
                          f"{record['url']}): pull into another OUT, or remove {folder} first")
    pulled = pulled_before(record, client.url, cmid)
    aid = int(assignment["id"])
    answer = client.call("mod_assign_get_submissions", assignmentids=[aid])
    if any(w.get("warningcode") == "1" for w in answer.get("warnings", [])):  # externallib.php get_submissions
        raise MoodleError("mod_assign_get_submissions: the token's user lacks mod/assign:grade in this assignment: "
                          "give that user the Teacher role in the course", "nopermissions")
    people = {int(p["id"]): p for p in client.call("mod_assign_list_participants", assignid=aid, groupid=0,
                                                    filter="", onlyids=True, includeenrolments=False)}
    numbers = {user: number for number, user in participants(client, aid).items()}
    blind = bool(int(assignment.get("blindmarking", 0))) and not int(assignment.get("revealidentities", 0))
    drafts = not int(assignment.get("submissiondrafts", 0))  # "Require students to click the submit button": off
    seen = set()
    for sub in (s for a in answer.get("assignments", []) if int(a["assignmentid"]) == aid for s in a["submissions"]):
        if lesson.teams != (int(sub["userid"]) == 0):  # a team's files are in its group's submission, not a member's
            continue
        entry = identify(sub, people, numbers, lesson.teams, blind, language)
        seen.add(entry.key)
        mine = pulled.get(entry.key)
        if not decide(entry, mine, drafts, [folder / entry.folder, *([folder / mine["folder"]] if mine else []),
                                            RunState(out).pull_staging(name) / f"{entry.key}-{entry.modified}"]):
            lesson.unsubmitted.append(entry.key)
            continue
        lesson.entries.append(entry)
    lesson.entries += [Entry(key, mine["name"], mine["folder"], "-", mine["modified"], [], "skip",
                             f"no longer in Moodle's list of submissions; the copy pulled before (of "
                             f"{when(mine['modified'])}) stays")
                       for key, mine in sorted(pulled.items()) if key not in seen]
    lesson.entries.sort(key=lambda e: (not e.key.isdigit(), int(e.key) if e.key.isdigit() else 0, e.key))
    return lesson


def decide(entry: Entry, mine: dict | None, drafts: bool, held: list[Path]) -> bool:
    """Set what the pull does with the submission, given what it pulled before (`mine`) and the folders that may
    hold its files (its folder, its folder's former name, the staging one); False for nothing submitted yet."""
    kept = f"; the copy pulled before (of {when(mine['modified'])}) stays" if mine else ""
    if entry.action == "skip":
        entry.why += kept
    elif entry.status not in (SUBMITTED, DRAFT):
        if not mine:
            return False
        entry.action, entry.why = "skip", f"nothing submitted in Moodle now (status {entry.status}){kept}"
    elif entry.status == DRAFT and not drafts:
        entry.action, entry.why = "draft", f"a draft, and the assignment requires the submit button{kept}"
    elif not entry.files:
        entry.action, entry.why = "skip", f"no file in the submission (online text is not graded){kept}"
    elif mine and (mine["modified"], mine["folder"], mine["files"]) == (entry.modified, entry.folder, listed(entry)) \
            and held[0].is_dir():  # the files too: Moodle's time counts seconds
        entry.action = "same"
    else:
        entry.action = "changed" if mine else "new"
        places = [*held[:-1], held[-1] / entry.folder]
        entry.to_fetch = sum(not any(present(place / f.path, f) for place in places) for f in entry.files)
    return True


def identify(sub: dict, people: dict, numbers: dict, teams: bool, blind: bool, language: int) -> Entry:
    """The submission's line, named as downloader.php get_student_prefix names its folder; action "skip" with why
    when the download would not name it."""
    status, modified, user, group = sub.get("status", ""), int(sub.get("timemodified", 0)), int(sub["userid"]), \
        int(sub.get("groupid", 0))
    files = [File(inner_path(f.get("filepath", "/"), f["filename"]), int(f.get("filesize", 0)),
                  int(f.get("timemodified", 0)), f["fileurl"])
             for plugin in sub.get("plugins", []) if plugin.get("type") == "file"
             for area in plugin.get("fileareas", []) if area.get("area") == FILEAREA for f in area.get("files", [])]
    if teams:
        key, name, number = f"team-{group}" if group else "team-default", DEFAULT_TEAMS[language], ""
        if group:
            name = next((p["groupname"] for p in people.values() if int(p.get("groupid", 0)) == group
                         and p.get("groupname")), "")
            number = f"_{group}"
        entry = Entry(key, name or f"group {group}", "", status, modified, files, "new")
        if not name:
            entry.action, entry.why = "skip", f"no participant of the assignment is in group {group} any more"
    else:
        key = str(numbers.get(user, f"user-{user}"))
        name = PARTICIPANT[language] if blind else str(people.get(user, {}).get("fullname", ""))
        number = f"_{key}"
        entry = Entry(key, f"{name} {key}" if blind else name, "", status, modified, files, "new")
        if user not in people:
            entry.name, entry.action = f"user {user}", "skip"
            entry.why = (f"user {user} is not a participant of the assignment (not enrolled, or not allowed to "
                         f"submit): Moodle's own download leaves it out too")
        elif user not in numbers:
            entry.action = "skip"
            entry.why = ("Moodle has not given it a participant id yet (it numbers every participant when it "
                         "first sends a submission notification or makes a download): in Moodle, Submissions > "
                         "Download all submissions once, then pull again")
    entry.folder = clean_filename(name.replace("_", " ") + number + "_assignsubmission_file")
    return entry


def when(moment: int) -> str:
    return datetime.fromtimestamp(moment).strftime("%Y-%m-%d %H:%M") if moment else "-"


def report(plans: list[Lesson], done: bool = False) -> list[str]:
    """The plan (or, `done`, what was pulled), per lesson and submission, for the instructor."""
    lines = []
    for lesson in plans:
        assignment = lesson.assignment
        lines.append(f"{lesson.name} <- Moodle assignment {assignment['name']!r} (course module {lesson.cmid})"
                     + (", team submissions" if lesson.teams else ""))
        if int(assignment.get("submissiondrafts", 0)):
            lines.append("  note: the assignment requires the submit button: drafts are listed, not pulled")
        for e in lesson.entries:
            what = {"new": f"new: {e.to_fetch} file(s) to fetch",
                    "changed": f"changed: {e.to_fetch} of {len(e.files)} file(s) to fetch", "same": "unchanged",
                    "draft": f"not pulled: {e.why}", "skip": f"skipped: {e.why}"}[e.action]
            lines.append(f"  {e.key:>12}  {e.name[:30]:30}  {e.status:9} {when(e.modified):16}  {what}")
        if lesson.unsubmitted:
            lines.append(f"  nothing submitted yet (status new or reopened): {' '.join(lesson.unsubmitted)}")
        count = {action: sum(e.action == action for e in lesson.entries) for action in ("same", "draft", "skip")}
        pulling = [e for e in lesson.entries if e.action in PULLING]
        if done:
            waiting = [e.key for e in pulling if e.key not in lesson.pulled]
            lines.append(f"  pulled {len(lesson.pulled)}: {' '.join(lesson.pulled) or '-'} "
                         f"({sum(e.fetched for e in pulling)} file(s) fetched)")
            if waiting:
                lines.append(f"  not pulled yet {len(waiting)}: {' '.join(waiting)}")
        lines.append(f"  {len(pulling)} to pull ({sum(e.to_fetch for e in pulling)} file(s) to fetch), "
                     f"{count['same']} unchanged, {count['draft']} draft(s) not pulled, {count['skip']} skipped")
    return lines
