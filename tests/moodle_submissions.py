"""The submissions side of the Moodle web-service double (tests/moodle_webservice.py), as Moodle 4.5's PHP does it:

- mod/assign/externallib.php get_submissions: mod/assign:grade in each assignment, else warning 1; the submission
  of each user's (or team's: userid 0) highest attempt (4.x groups its SQL by userid and groupid; 3.x by userid
  alone, where all teams shared one highest attempt), filtered by status and by timemodified (since, before);
  warning 3 for an assignment that has none; each with its plugins' file areas (core_external\\util::get_area_files: filename, filepath, filesize,
  fileurl from moodle_url::make_webservice_pluginfile_url, timemodified, mimetype, isexternalfile) and editor fields;
- list_participants: validate_assign (invalidrecord), mod/assign:view, require_view_grades (viewgrades or grade);
  the participants with fullname, submitted, requiregrading, and in a team assignment groupid and groupname
  (assign::get_submission_info_for_participants); under blind marking the name holds the participant's number
  (assign::fullname, whose body was not at hand: as the grading page shows it);
- webservice/pluginfile.php: the token by required_param (the POST body first, then the query string),
  webservice::authenticate_user, the service's downloadfiles, get_file_argument (the path after the script, or
  ?file=), then assignsubmission_file_pluginfile: the submission of that id in that context, can_view_submission,
  the file, sent as send_stored_file forces a download (Content-Disposition: attachment); a file it cannot serve is
  send_file_not_found: 404 and, as pluginfile.php is an AJAX_SCRIPT, the JSON {error, errorcode}.
"""
import json
import random
import urllib.parse
from dataclasses import dataclass, field

COMPONENT, AREA = "assignsubmission_file", "submission_files"


class Failure(Exception):
    """A Moodle exception, by its errorcode."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass
class Person:
    """A participant: enrolled in the course with mod/assign:submit."""
    fullname: str
    group: tuple[str, int] | None = None  # (name, id) of their group, for a team assignment


@dataclass
class Submission:
    """An assign_submission and its files in assignsubmission_file's area."""
    id: int
    userid: int  # 0 for a team's
    groupid: int
    attemptnumber: int
    status: str  # new, draft, submitted, reopened
    timecreated: int
    timemodified: int
    files: dict[str, tuple[bytes, int]] = field(default_factory=dict)  # "/path/name" -> (bytes, timemodified)
    onlinetext: str = ""


class Submissions:
    """The methods Site (tests/moodle_webservice.py) gets for submissions; its fields hold the data."""

    def submit(self, assignment, userid: int = 0, files: dict[str, bytes] | None = None, status: str = "submitted",
               group: int = 0, onlinetext: str = "") -> "Submission":
        """What a student's save (and submit) does to the latest attempt: Moodle's timemodified now, the file area
        replaced (file_save_draft_area_files keeps the record, and so the time, of a file that did not change), and,
        with the default submission receipts, assign::send_notification asks for the participant's number."""
        now = self.now()
        mine = [s for s in assignment.submissions if s.userid == userid and (userid or s.groupid == group)]
        sub = max(mine, key=lambda s: s.attemptnumber, default=None)
        if sub is None:
            sub = Submission(len([s for a in self.assignments for s in a.submissions]) + 1, userid, group, 0,
                             status, now, now)
            assignment.submissions.append(sub)
        sub.status, sub.timemodified, sub.onlinetext = status, now, onlinetext
        sub.files = {path: (data, sub.files[path][1] if path in sub.files and sub.files[path][0] == data else now)
                     for path, data in (files or {}).items()}
        for member in [userid] if userid else [u for u, p in assignment.people.items() if p.group and
                                                 p.group[1] == group]:
            assignment.submitted.add(member)
            self.number(assignment, member)
        return sub

    def allocate(self, assignment) -> None:
        """assign::allocate_unique_ids: every participant without a number gets one, in a shuffled order."""
        users = [u for u in assignment.people if u not in assignment.mappings.values()]
        random.Random(assignment.id).shuffle(users)
        for user in users:
            assignment.mappings[max([*assignment.mappings, 100]) + 1] = user

    def url_of(self, assignment, sub: Submission, path: str) -> str:
        """moodle_url::make_webservice_pluginfile_url($contextid, 'assignsubmission_file', 'submission_files', $id,
        $filepath, $filename), with slash arguments (the default) or ?file= (slasharguments off)."""
        where = f"/{self.context(assignment)}/{COMPONENT}/{AREA}/{sub.id}{path}"
        if self.slasharguments:
            return f"{self.wwwroot}/webservice/pluginfile.php{urllib.parse.quote(where)}"
        return f"{self.wwwroot}/webservice/pluginfile.php?file={urllib.parse.quote(where, safe='')}"

    @staticmethod
    def context(assignment) -> int:
        return 5000 + assignment.cmid  # the module's context id: any number of its own

    def mod_assign_get_submissions(self, assignmentids, status="", since=0, before=0):
        found, warnings = [], []
        for a in (a for a in self.assignments if a.id in {int(i) for i in list_of(assignmentids)}):
            if "mod/assign:grade" not in self.capabilities:
                warnings.append({"item": "assignment", "itemid": a.id, "warningcode": "1",
                                 "message": "No access rights in module context"})
                continue
            highest = {}
            for s in a.submissions:
                highest[s.userid, s.groupid] = max(highest.get((s.userid, s.groupid), 0), s.attemptnumber)
            rows = [s for s in a.submissions if s.attemptnumber == highest[s.userid, s.groupid]
                    and (not status or s.status == status)
                    and (int(since) <= s.timemodified <= int(before) if int(before) else s.timemodified >= int(since))]
            if not rows:
                warnings.append({"item": "module", "itemid": a.id, "warningcode": "3",
                                 "message": "No submissions found"})
            found.append({"assignmentid": a.id, "submissions": [self.submission_of(a, s) for s in rows]})
        return {"assignments": found, "warnings": warnings}

    def submission_of(self, a, s: Submission) -> dict:
        files = [{"filename": path.rsplit("/", 1)[1], "filepath": path.rsplit("/", 1)[0] + "/",
                  "filesize": len(data), "fileurl": self.url_of(a, s, path), "timemodified": modified,
                  "mimetype": "application/x-ipynb+json" if path.endswith(".ipynb") else "application/octet-stream",
                  "isexternalfile": False} for path, (data, modified) in sorted(s.files.items())]
        return {"id": s.id, "userid": s.userid, "timecreated": s.timecreated, "timemodified": s.timemodified,
                "status": s.status, "attemptnumber": s.attemptnumber, "groupid": s.groupid,
                "gradingstatus": "notgraded",
                "plugins": [{"type": "file", "name": "File submissions",
                             "fileareas": [{"area": AREA, "files": files}]},
                            {"type": "onlinetext", "name": "Online text",
                             "fileareas": [{"area": "submissions_onlinetext", "files": []}],
                             "editorfields": [{"name": "onlinetext", "description": "Online text",
                                               "text": s.onlinetext, "format": 1}]}]}

    def mod_assign_list_participants(self, assignid, groupid, filter, skip=0, limit=0, onlyids=0, includeenrolments=1):
        a = next((a for a in self.assignments if a.id == int(assignid)), None)
        if a is None:
            raise Failure("invalidrecord")
        if not {"mod/assign:view", "mod/assign:grade"} <= self.capabilities:  # require_view_grades
            raise Failure("nopermissions")
        found = []
        for user, person in sorted(a.people.items()):
            latest = max((s for s in a.submissions if s.userid == (0 if a.teamsubmission else user)
                          and (not a.teamsubmission or person.group and s.groupid == person.group[1])),
                         key=lambda s: s.attemptnumber, default=None)
            row = {"id": user, "fullname": f"Participant {self.number(a, user)}" if a.blindmarking else person.fullname,
                   "submitted": bool(latest and latest.status == "submitted"),
                   "requiregrading": bool(latest and latest.status == "submitted" and user not in a.grades)}
            if a.teamsubmission and person.group:
                row.update(groupid=person.group[1], groupname=person.group[0])
            found.append(row)
        return found

    def pluginfile(self, path: str, query: dict, body: dict) -> tuple[int, dict, bytes]:
        """webservice/pluginfile.php: (status, headers, body)."""
        def error(code: str, status: int = 200):
            return status, {"Content-Type": "application/json"}, json.dumps(
                {"error": self.text(code), "errorcode": code, "stacktrace": None, "debuginfo": None,
                 "reproductionlink": None}).encode()

        token = body.get("token", query.get("token"))
        if token is None:
            return error("missingparam")
        try:
            if not self.enablewebservices:
                raise Failure("accessexception")
            self.authenticate(token)
            if not self.downloadfiles:
                raise Failure("accessexception")
        except Failure as failure:
            return error(failure.code)
        argument = urllib.parse.unquote(path) if path else query.get("file", "")
        parts = argument.split("/")
        for a in self.assignments:
            if parts[1:4] != [str(self.context(a)), COMPONENT, AREA] or not parts[4:5] or not parts[4].isdigit():
                continue
            sub = next((s for s in a.submissions if s.id == int(parts[4])), None)
            inner = "/" + "/".join(parts[5:])
            if sub and inner in sub.files and "mod/assign:grade" in self.capabilities:
                name = inner.rsplit("/", 1)[1]
                # PHP's header() sends the name's UTF-8 bytes as they are
                return 200, {"Content-Type": "application/octet-stream", "Content-Disposition":
                             f'attachment; filename="{name}"'.encode().decode("latin-1")}, sub.files[inner][0]
        return error("filenotfound", 404)


def list_of(value) -> list:
    return [value[k] for k in sorted(value, key=int)] if isinstance(value, dict) else list(value)
