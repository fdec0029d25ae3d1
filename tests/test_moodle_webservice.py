"""The double of Moodle's web services (tests/moodle_webservice.py, tests/moodle_submissions.py) follows Moodle's PHP:
what a real Moodle 4.5 was measured to answer, its errors as Moodle's JSON, and webservice/pluginfile.php."""
import json

import pytest

from autograder.moodle.client import Client, MoodleError
from tests.moodle_server import serve
from tests.moodle_webservice import Assignment, Person, Site

ASSIGNMENT = 7


@pytest.fixture
def site():
    """One assignment whose participants 101, 102 and 103 are the users 31, 32 and 33, who have submitted."""
    return Site(assignments=[Assignment(ASSIGNMENT, 42, "Lesson 1: tensors", 100, submitted={31, 32, 33},
                                        mappings={101: 31, 102: 32, 103: 33})])


def test_the_double_answers_as_moodle_45_was_measured_to(site):
    assignment = site.assignments[0]
    with serve(site) as url:
        client = Client(url, site.token)
        entry = {"grade": 7, "attemptnumber": -1, "addattempt": 0, "workflowstate": "",
                 "plugindata": {"assignfeedbackcomments_editor": {"text": "<p>ok</p>", "format": 1}}}
        client.call("mod_assign_save_grades", assignmentid=ASSIGNMENT, applytoall=0,
                    grades=[{**entry, "userid": 31}, {**entry, "userid": 500}])  # 500: no participant, stored
        assert assignment.grades[500]["grade"] == 7 and assignment.comments[500] == "<p>ok</p>"
        # get_grades shows only what landed, for users with a submission
        held = client.call("mod_assign_get_grades", assignmentids=[ASSIGNMENT])["assignments"][0]["grades"]
        assert [(g["userid"], g["grade"]) for g in held] == [(31, "7.00000")]
        # above the maximum: dropped without an error, the comment saved
        client.call("mod_assign_save_grades", assignmentid=ASSIGNMENT, applytoall=0, grades=[
            {**entry, "userid": 32, "grade": 101, "plugindata": {"assignfeedbackcomments_editor": {"text": "x",
                                                                                                  "format": 1}}}])
        assert assignment.grades[32]["grade"] == -1 and assignment.comments[32] == "x"
        # no comment editor for a user who has a comment: dmlwriteexception, the entries before it saved
        with pytest.raises(MoodleError) as error:
            client.call("mod_assign_save_grades", assignmentid=ASSIGNMENT, applytoall=0, grades=[
                {**entry, "userid": 33, "grade": 5}, {**{k: v for k, v in entry.items() if k != "plugindata"},
                                                       "userid": 31}])
        assert error.value.code == "dmlwriteexception" and assignment.grades[33]["grade"] == 5
        # a second push replaces the comment and, with a new draft item, the files; no second grade record
        first = client.upload("a.html", b"1")
        second = client.upload("a.html", b"2")
        assert first != second
        for item in (first, second):
            client.call("mod_assign_save_grades", assignmentid=ASSIGNMENT, applytoall=0, grades=[
                {**entry, "userid": 33, "plugindata": {"assignfeedbackcomments_editor": {"text": str(item),
                                                       "format": 1}, "files_filemanager": item}}])
        assert assignment.files[33] == {"a.html": b"2"} and assignment.comments[33] == str(second)
        assert list(assignment.grades).count(33) == 1
        # a participant is listed once something asked for its number
        site.assignments[0].submitted.add(34)
        numbers = lambda: {m["userid"] for m in client.call("mod_assign_get_user_mappings",
                                                            assignmentids=[ASSIGNMENT])["assignments"][0]["mappings"]}
        assert 34 not in numbers()
        site.number(assignment, 34)
        assert 34 in numbers()
        # a required key missing, or one that the structure does not describe: invalidparameter
        for wrong in ({"userid": 31}, {**entry, "userid": 31, "plugindata": {"comments": "x"}}):
            with pytest.raises(MoodleError) as error:
                client.call("mod_assign_save_grades", assignmentid=ASSIGNMENT, applytoall=0, grades=[wrong])
            assert error.value.code == "invalidparameter"


def test_the_doubles_errors_are_moodles_json_with_status_200(site):
    import urllib.request

    def post(url, data):
        with urllib.request.urlopen(urllib.request.Request(url, data=data)) as response:
            return response.status, json.loads(response.read() or b"null")

    with serve(site) as url:
        status, answer = post(url + "/webservice/rest/server.php",
                              b"wstoken=nope&wsfunction=mod_assign_get_grades&moodlewsrestformat=json")
        assert status == 200 and answer == {"exception": "core\\exception\\moodle_exception",
                                            "errorcode": "invalidtoken", "message": "Invalid token - token not found"}
        status, answer = post(url + "/webservice/upload.php", b"token=nope")
        assert status == 200 and answer["errorcode"] == "invalidtoken" and "error" in answer


def open_url(url: str, data: bytes | None = None) -> tuple[int, dict, bytes]:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data)) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_pluginfile_serves_a_submitted_file_as_moodle_45_does(site):
    import urllib.parse

    a = site.assignments[0]
    a.people = {31: Person("Ivan Petrov"), 32: Person("Anna Smirnova")}
    site.submit(a, 31, {"/sub dir/Ответ.ipynb": b"{}"})
    token = site.token.encode()
    with serve(site) as url:
        client = Client(url, site.token)
        [sub] = client.call("mod_assign_get_submissions", assignmentids=[ASSIGNMENT])["assignments"][0]["submissions"]
        [file] = sub["plugins"][0]["fileareas"][0]["files"]
        assert (file["filepath"], file["filename"], file["filesize"]) == ("/sub dir/", "Ответ.ipynb", 2)
        fileurl = file["fileurl"]
        status, headers, body = open_url(fileurl, b"token=" + token)  # required_param: the body first
        assert (status, body) == (200, b"{}") and headers["Content-Disposition"].startswith("attachment")
        assert open_url(f"{fileurl}?token={site.token}")[0] == 200  # then the query string (the client never)
        refused = open_url(f"{fileurl}?token={site.token}", b"token=wrong")[2]  # the body's token counts
        assert json.loads(refused)["errorcode"] == "invalidtoken"
        assert json.loads(open_url(fileurl, b"")[2])["errorcode"] == "missingparam"
        status, _, body = open_url(fileurl.replace("Ответ", "other").replace(urllib.parse.quote("Ответ"), "other"),
                                   b"token=" + token)
        assert status == 404 and json.loads(body)["errorcode"] == "filenotfound"
        site.capabilities.discard("mod/assign:grade")  # can_view_submission: not found, as for a file that is not
        assert open_url(fileurl, b"token=" + token)[0] == 404
        site.capabilities.add("mod/assign:grade")
        site.downloadfiles = False
        assert json.loads(open_url(fileurl, b"token=" + token)[2])["errorcode"] == "accessexception"
        site.downloadfiles, site.slasharguments = True, False  # slash arguments off: ?file=
        [sub] = client.call("mod_assign_get_submissions", assignmentids=[ASSIGNMENT])["assignments"][0]["submissions"]
        fileurl = sub["plugins"][0]["fileareas"][0]["files"][0]["fileurl"]
        assert "?file=" in fileurl and open_url(fileurl, b"token=" + token)[2] == b"{}"
        # a teacher without mod/assign:grade gets warning 1; an assignment without submissions warning 3
        site.capabilities.discard("mod/assign:grade")
        answer = client.call("mod_assign_get_submissions", assignmentids=[ASSIGNMENT])
        assert answer["warnings"][0]["warningcode"] == "1"
    assert site.served == ["/5042/assignsubmission_file/submission_files/1/sub dir/Ответ.ipynb"] * 3


def test_submissions_numbers_and_teams_follow_moodles_php(site):
    a = site.assignments[0]
    a.mappings, a.teamsubmission = {}, 1
    a.people = {31: Person("Ivan", ("Team A", 12)), 32: Person("Anna", ("Team A", 12)), 33: Person("Oleg", ("B", 13))}
    first = site.submit(a, group=12, files={"/a.ipynb": b"1"})
    site.submit(a, group=13, files={"/b.ipynb": b"2"})
    assert sorted(a.mappings.values()) == [31, 32, 33]  # a submission notification numbers every participant
    first.status = "reopened"
    first.attemptnumber = 1  # a new attempt for team A: team B's attempt 0 is still its highest
    with serve(site) as url:
        client = Client(url, site.token)
        found = client.call("mod_assign_get_submissions", assignmentids=[ASSIGNMENT])["assignments"][0]["submissions"]
        assert sorted((s["groupid"], s["attemptnumber"], s["status"]) for s in found) == [
            (12, 1, "reopened"), (13, 0, "submitted")]
        assert client.call("mod_assign_get_submissions", assignmentids=[ASSIGNMENT], status="submitted",
                           since=max(s["timemodified"] for s in found) + 1)["warnings"][0]["warningcode"] == "3"
        people = client.call("mod_assign_list_participants", assignid=ASSIGNMENT, groupid=0, filter="", onlyids=1)
        assert [(p["id"], p["groupid"], p["groupname"]) for p in people] == [
            (31, 12, "Team A"), (32, 12, "Team A"), (33, 13, "B")]
        with pytest.raises(MoodleError) as error:
            client.call("mod_assign_list_participants", assignid=99, groupid=0, filter="")
    assert error.value.code == "invalidrecord"
