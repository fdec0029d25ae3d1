"""The double of Moodle's web services (tests/moodle_webservice.py) follows Moodle's PHP: what a real Moodle 4.5
was measured to answer, and its errors as Moodle's JSON."""
import json

import pytest

from autograder.publish.moodle_api import Client, MoodleError
from tests.moodle_server import serve
from tests.moodle_webservice import Assignment, Site

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
