"""Moodle 4.5's web services for the tests, served on the loopback address by tests/moodle_server.py: the REST protocol
(webservice/rest/server.php with webservice/rest/locallib.php and webservice/lib.php webservice_server) and
file uploads (webservice/upload.php), for the functions `make push` calls, as Moodle's PHP does them (those of
`make pull`, and webservice/pluginfile.php: tests/moodle_submissions.py):

- webservice_protocol_is_enabled('rest') false (web services or REST off): HTTP 403 with no body;
- webservice/lib.php authenticate_user: an unknown token is moodle_exception('invalidtoken'); an expired one
  webservice_access_exception (errorcode accessexception) and is deleted; a function that the token's
  service lacks, webservice_access_exception (load_function_info);
- every other failure: HTTP 200 with {exception, errorcode, message} (webservice_rest_server generate_error;
  4.5 namespaces the classes), upload.php's {error, errorcode} (AJAX_SCRIPT);
- mod/assign/externallib.php for get_assignments, get_user_mappings, get_grades and save_grades; and what a
  real Moodle 4.5 was measured to do (issue 35): save_grades stores a grade for any user id, drops a grade
  above the maximum without an error while it saves the entry's comment and files, fails with dmlwriteexception
  on an entry without assignfeedbackcomments_editor for a user who has a comment (the entries before it stay
  saved), and adds no second grade record; get_user_mappings lists a participant only once something asked
  for its number (`Site.number`).
Messages are in the site's language; the Russian ones here are not Moodle's strings (none was at hand): a
client must read the errorcode, which is the same in every language, and the tests check that it does.
"""
import json
import random
import threading
import time
from dataclasses import dataclass, field

from tests.moodle_submissions import Failure, Person, Submission, Submissions, list_of

FUNCTIONS = ("core_webservice_get_site_info", "mod_assign_get_assignments", "mod_assign_get_user_mappings",
             "mod_assign_get_grades", "mod_assign_save_grades", "mod_assign_get_submissions",
             "mod_assign_list_participants")
CAPABILITIES = ("webservice/rest:use", "mod/assign:view", "mod/assign:grade", "mod/assign:revealidentities")
MESSAGES = {  # errorcode: (en: lang/en/webservice.php, error.php, moodle.php; ru: not Moodle's, see above)
    "invalidtoken": ("Invalid token - token not found", "[ru] invalidtoken"),
    "accessexception": ("Access control exception", "[ru] accessexception"),
    "nopermissions": ("Sorry, but you do not currently have permissions to do that (Grade assignment).",
                      "[ru] nopermissions"),
    "invalidparameter": ("Invalid parameter value detected", "[ru] invalidparameter"),
    "invalidrecord": ("Can't find data record in database table course_modules.", "[ru] invalidrecord"),
    "dmlwriteexception": ("Error writing to database", "[ru] dmlwriteexception"),
    "privatefilesupload": ("Private files upload is not allowed", "[ru] privatefilesupload"),
    "filenotfound": ("Sorry, the requested file could not be found", "[ru] filenotfound"),
    "missingparam": ("A required parameter (token) was missing", "[ru] missingparam"),
}
CLASSES = {"invalidtoken": "core\\exception\\moodle_exception", "accessexception": "webservice_access_exception",
           "nopermissions": "core\\exception\\required_capability_exception",
           "invalidparameter": "core\\exception\\invalid_parameter_exception",
           "invalidrecord": "dml_missing_record_exception", "dmlwriteexception": "dml_write_exception",
           "privatefilesupload": "core\\exception\\moodle_exception"}


# save_grades_parameters: an entry's keys, and the plugindata that the feedback plugins' get_external_parameters add
ENTRY = {"userid", "grade", "attemptnumber", "addattempt", "workflowstate", "plugindata", "advancedgradingdata"}
PLUGINDATA = {"assignfeedbackcomments_editor", "files_filemanager"}


@dataclass
class Assignment:
    """mdl_assign, its course module and its rows: a point grade of `grade`, file and comment feedback."""
    id: int
    cmid: int
    name: str
    grade: float  # the maximum grade (negative: a scale)
    markingworkflow: int = 0
    course: int = 2
    submitted: set[int] = field(default_factory=set)  # users with a latest assign_submission
    mappings: dict[int, int] = field(default_factory=dict)  # assign_user_mapping: id -> userid
    grades: dict[int, dict] = field(default_factory=dict)  # assign_grades by userid (one attempt)
    comments: dict[int, str] = field(default_factory=dict)  # assignfeedback_comments
    files: dict[int, dict[str, bytes]] = field(default_factory=dict)  # assignfeedback_file's area
    workflow: dict[int, str] = field(default_factory=dict)  # assign_user_flags.workflowstate
    submissiondrafts: int = 0  # "Require students to click the submit button"
    teamsubmission: int = 0
    blindmarking: int = 0
    people: dict[int, Person] = field(default_factory=dict)  # the participants, by user id
    submissions: list[Submission] = field(default_factory=list)  # assign_submission: every attempt


@dataclass
class Site(Submissions):
    language: str = "en"
    token: str = "5c0a1e7f3b9d4e21a8c6f0b2d4e6a8c1"
    teacher: int = 2  # the token's user
    enablewebservices: bool = True
    rest_protocol: bool = True
    expired: bool = False  # the token's validuntil has passed
    functions: set = field(default_factory=lambda: set(FUNCTIONS))  # the token's external service
    uploadfiles: bool = True
    downloadfiles: bool = True
    slasharguments: bool = True
    wwwroot: str = ""  # the address serve() gives it
    capabilities: set = field(default_factory=lambda: set(CAPABILITIES))
    assignments: list[Assignment] = field(default_factory=list)
    drafts: dict[tuple[int, int], dict[str, bytes]] = field(default_factory=dict)  # (userid, itemid) -> files
    calls: list[tuple[str, dict]] = field(default_factory=list)  # every function that ran, with its parameters
    bodies: list[bytes] = field(default_factory=list)  # every request's body
    addresses: list[str] = field(default_factory=list)  # every request's path and query
    cut_files: int = 0  # the next file answers that the network cuts half-way
    served: list[str] = field(default_factory=list)  # every file that pluginfile.php sent whole
    stall_after: int | None = None  # after this many files sent whole, the next file request waits for `resume`
    stalled: threading.Event = field(default_factory=threading.Event)
    resume: threading.Event = field(default_factory=threading.Event)
    cut_after: int | None = None  # after this many more requests, the network drops every request
    drops: int = 0  # the next requests that the network drops
    clock: float = field(default_factory=time.time)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> int:
        self.clock = max(self.clock + 1, time.time())  # each change a later second, as the tests need
        return int(self.clock)

    def number(self, assignment: Assignment, userid: int) -> int:
        """mod/assign/locallib.php get_uniqueid_for_user_static: the participant id; a user without one makes
        allocate_unique_ids number every participant, and one who is no participant still gets a number."""
        if userid not in assignment.mappings.values():
            self.allocate(assignment)
        if userid not in assignment.mappings.values():
            assignment.mappings[max([*assignment.mappings, 100]) + 1] = userid
        return next(mapping for mapping, user in assignment.mappings.items() if user == userid)

    def set_grade(self, assignment: Assignment, userid: int, grade: float | None) -> None:
        """assign::update_grade (a push, or the teacher on the grading page): one record per user, timemodified now."""
        now = self.now()
        row = assignment.grades.setdefault(userid, {"id": len(assignment.grades) + 1, "userid": userid,
                                                    "attemptnumber": 0, "timecreated": now, "grade": -1.0})
        row.update(timemodified=now, grader=self.teacher, grade=row["grade"] if grade is None else grade)

    # --- webservice/lib.php and the two entry points ----------------------------------------------------------

    def authenticate(self, token: str) -> None:
        """webservice::authenticate_user / webservice_server::authenticate_by_token."""
        if token != self.token:
            raise Failure("invalidtoken")
        if self.expired:
            self.token = ""  # $DB->delete_records('external_tokens', ...)
            raise Failure("accessexception")

    def rest(self, params: dict) -> tuple[int, bytes]:
        """webservice/rest/server.php, then webservice_rest_server (webservice/rest/locallib.php): run, generate_error."""
        if not (self.enablewebservices and self.rest_protocol):
            return 403, b""
        function = params.pop("wsfunction", "")
        try:
            self.authenticate(params.pop("wstoken", ""))
            params.pop("moodlewsrestformat", None)
            # webservice_server::authenticate_user: has_capability("webservice/rest:use"), then load_function_info
            if "webservice/rest:use" not in self.capabilities or function not in self.functions:
                raise Failure("accessexception")
            answer = getattr(self, function)(**nested(params))
            self.calls.append((function, nested(params)))
        except Failure as failure:
            answer = {"exception": CLASSES[failure.code], "errorcode": failure.code, "message": self.text(failure.code)}
        except (TypeError, KeyError, ValueError):  # external_api::validate_parameters: a key missing, unknown or of
            # the wrong type
            answer = {"exception": CLASSES["invalidparameter"], "errorcode": "invalidparameter",
                      "message": self.text("invalidparameter")}
        return 200, json.dumps(answer).encode()

    def upload(self, fields: dict, files: dict[str, tuple[str, bytes]]) -> tuple[int, bytes]:
        """webservice/upload.php: files into the token user's draft area; errors as {error, errorcode}."""
        try:
            if not self.enablewebservices:
                raise Failure("accessexception")
            self.authenticate(fields.get("token", ""))
            if not self.uploadfiles:
                raise Failure("accessexception")
            if fields.get("filearea", "private") != "draft":
                raise Failure("privatefilesupload")
            itemid = int(fields.get("itemid", 0)) or random.randrange(1, 999999999)  # file_get_unused_draft_itemid
            area, results = self.drafts.setdefault((self.teacher, itemid), {}), []
            for name, data in files.values():
                if name in area:
                    results.append({"filename": name, "errortype": "filenameexist",
                                    "error": f"File name already exists: {name}"})
                    continue
                area[name] = data
                results.append({"component": "user", "filearea": "draft", "itemid": itemid, "filename": name,
                                "filepath": fields.get("filepath", "/"), "userid": self.teacher})
            return 200, json.dumps(results).encode()
        except Failure as failure:
            return 200, json.dumps({"error": self.text(failure.code), "errorcode": failure.code}).encode()

    def text(self, code: str) -> str:
        return MESSAGES[code][self.language == "ru"]

    # --- the functions (mod/assign/externallib.php, webservice/externallib.php) ----------------------------

    def core_webservice_get_site_info(self, serviceshortnames=()):
        """webservice/externallib.php get_site_info: the service's functions and uploadfiles, the user's language."""
        return {"sitename": "Moodle", "username": "teacher", "userid": self.teacher, "lang": self.language,
                "release": "4.5 (Build: 20241007)", "version": "2024100700", "uploadfiles": int(self.uploadfiles),
                "downloadfiles": int(self.downloadfiles),
                "functions": [{"name": f, "version": "2024100700"} for f in sorted(self.functions)]}

    def mod_assign_get_assignments(self, courseids=(), capabilities=(), includenotenrolledcourses=0):
        """externallib.php get_assignments: every assignment of the user's courses that it may view (mod/assign:view),
        else a warning per module; `grade` is the maximum grade (negative: a scale)."""
        warnings, courses = [], {}
        for a in self.assignments:
            if "mod/assign:view" not in self.capabilities:
                warnings.append({"item": "module", "itemid": a.cmid, "warningcode": "1",
                                 "message": "No access rights in module context"})
                continue
            courses.setdefault(a.course, []).append({
                "id": a.id, "cmid": a.cmid, "course": a.course, "name": a.name, "grade": int(a.grade),
                "markingworkflow": a.markingworkflow, "teamsubmission": a.teamsubmission, "blindmarking": a.blindmarking,
                "revealidentities": 0, "submissiondrafts": a.submissiondrafts, "requiresubmissionstatement": 0,
                "configs": []})
        return {"courses": [{"id": c, "fullname": "PyTorch basics", "shortname": "PT", "timemodified": 0,
                             "assignments": found} for c, found in courses.items()], "warnings": warnings}

    def mod_assign_get_user_mappings(self, assignmentids):
        """externallib.php get_user_mappings: mod/assign:revealidentities, else warning 1; warning 3 without mappings."""
        return self.per_assignment(ints(assignmentids), "mod/assign:revealidentities", "mappings", "No mappings found",
                                   lambda a: [{"id": i, "userid": u} for i, u in sorted(a.mappings.items())])

    def mod_assign_get_grades(self, assignmentids, since=0):
        """externallib.php get_grades: mod/assign:grade, else warning 1; only the grades of users with a latest
        submission (its SQL joins assign_submission), timemodified >= since; warning 3 without grades."""
        return self.per_assignment(
            ints(assignmentids), "mod/assign:grade", "grades", "No grades found",
            lambda a: [{**g, "grade": f"{g['grade']:.5f}"} for u, g in sorted(a.grades.items())
                       if u in a.submitted and g["timemodified"] >= int(since)])

    def per_assignment(self, ids: list[int], capability: str, key: str, none: str, rows) -> dict:
        found, warnings = [], []
        for i in ids:
            a = next((a for a in self.assignments if a.id == i), None)
            if a and capability not in self.capabilities:
                warnings.append({"item": "assignment", "itemid": a.cmid, "warningcode": "1",
                                 "message": "No access rights in module context"})
            elif a and rows(a):
                found.append({"assignmentid": i, key: rows(a)})
            else:
                warnings.append({"item": "assignment", "itemid": i, "warningcode": "3", "message": none})
        return {"assignments": found, "warnings": warnings}

    def mod_assign_save_grades(self, assignmentid, applytoall, grades):
        """externallib.php save_grades, one assign::save_grade per entry with no transaction, and what 4.5 was
        measured to do (the module's docstring). The workflow state is kept as sent when the assignment has a
        marking workflow: that part is not read from the PHP (the stored locallib.php is a version before it)."""
        a = next((a for a in self.assignments if a.id == int(assignmentid)), None)
        if a is None:  # get_coursemodule_from_instance(..., MUST_EXIST)
            raise Failure("invalidrecord")
        if "mod/assign:grade" not in self.capabilities:  # assign::save_grade: require_capability
            raise Failure("nopermissions")
        for entry in list_of(grades):
            # external_api::validate_parameters refuses a key that the structure does not describe
            if set(entry) - ENTRY or set(entry.get("plugindata", {})) - PLUGINDATA:
                raise Failure("invalidparameter")
            userid, grade = int(entry["userid"]), float(entry["grade"])
            int(entry["attemptnumber"]), entry["addattempt"], entry["workflowstate"]  # required keys
            plugindata = entry.get("plugindata", {})
            if "assignfeedbackcomments_editor" not in plugindata and a.comments.get(userid):
                raise Failure("dmlwriteexception")
            if "assignfeedbackcomments_editor" in plugindata:
                a.comments[userid] = plugindata["assignfeedbackcomments_editor"]["text"]
            if "files_filemanager" in plugindata:  # file_save_draft_area_files: the area becomes the draft's
                a.files[userid] = dict(self.drafts.get((self.teacher, int(plugindata["files_filemanager"])), {}))
            self.set_grade(a, userid, grade if 0 <= grade <= a.grade else None)
            if a.markingworkflow and entry["workflowstate"]:
                a.workflow[userid] = entry["workflowstate"]
        return None


def ints(values) -> list[int]:
    return [int(v) for v in list_of(values)]


def nested(params: dict) -> dict:
    """PHP's reading of a form: grades[0][userid]=5 -> {"grades": {"0": {"userid": "5"}}}."""
    tree = {}
    for key, value in params.items():
        head, *rest = key.replace("]", "").split("[")
        node = tree
        for part in [head, *rest][:-1]:
            node = node.setdefault(part, {})
        node[[head, *rest][-1]] = value
    return tree
