"""`make push` (autograder/moodle/push.py, client.py) against Moodle's web services (tests/moodle_webservice):
a real lesson, downloaded from Moodle in its 4.1+ folders form and graded once for the module, pushed through
the command line; every failure the site can answer; the token in no output, file or message."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from autograder import ROOT
from autograder.course import Course
from autograder.moodle import push
from autograder.moodle.client import Client, MoodleError
from autograder import gradebook
from tests import classroom, corpus, moodle_site
from tests.docs_commands import docs_commands, here, run_from_root
from tests.lessons.harness import LESSONS
from tests.moodle_server import serve
from tests.moodle_webservice import Assignment, Site
from tests.moodle.on_moodle import FAILURES as SITE_FAILURES, course_toml

LESSON = "01_tensors"
CMID, ASSIGNMENT = 42, 7
PEOPLE = {101: ("Ivan Petrov", 31), 102: ("Anna Smirnova", 32), 103: ("Мария Иванова", 33)}  # participant: user


def notebook(folder: str, lang: str = "en"):
    return nbformat.read(ROOT / folder / lang / f"{LESSON}.ipynb", as_version=4)


@pytest.fixture(scope="module")
def download(tmp_path_factory, release_lessons):
    """(Moodle's download of the lesson, the environment that grades it). Ivan's solution, Anna's with one exercise
    left as the stub, Мария's Russian solution, a participant id that the assignment does not know, and a file
    outside any folder. It is graded against the lessons the test run released (AUTOGRADER_BUILD): a fresh
    checkout has no build/."""
    solution, stub = notebook("solutions"), notebook("lessons")
    first = next(c for c in stub.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code")
    anna = corpus.with_source(solution, first.metadata["nbgrader"]["grade_id"], first.source)
    students = [moodle_site.Student(PEOPLE[101][0], 101, {"/01_tensors.ipynb": corpus.dump(solution)}),
                moodle_site.Student(PEOPLE[102][0], 102, {"/lesson1.ipynb": corpus.dump(anna)}),
                moodle_site.Student(PEOPLE[103][0], 103, {"/01_tensors.ipynb": corpus.dump(notebook("solutions",
                                                                                                    "ru"))}),
                moodle_site.Student("Gleb Orlov", 999, {"/01_tensors.ipynb": corpus.dump(solution)})]
    entries = moodle_site.download(students, era="4.1", folders=True)
    assert "Ivan Petrov_101_assignsubmission_file/01_tensors.ipynb" in entries  # the 4.1+ folders form
    entries["notes.ipynb"] = corpus.dump(solution)
    archive = corpus.write_zip(entries, tmp_path_factory.mktemp("moodle") / "download.zip")
    return archive, {**os.environ, "AUTOGRADER_BUILD": str(release_lessons(LESSONS).build)}


@pytest.fixture(scope="module")
def graded(sandbox, download, tmp_path_factory):
    """The download graded once for the module, by the pages' `make autograde`, as written."""
    archive, env = download
    out = tmp_path_factory.mktemp("graded") / "graded"
    places = {"moodle-01.zip": str(archive), "graded": str(out)}
    commands = {here(command, places) for command in docs_commands("make autograde SUBMISSIONS=moodle-01.zip")}
    assert len(commands) == 1, commands  # the README's, and docs/autograde.md's without its [optional] parts
    done = run_from_root(commands.pop(), env=env)
    assert done.returncode == 0 and "graded 5 notebooks" in done.stdout, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("time: "), done.stdout
    [anna] = [row for row in classroom.rows(out / "grades.csv") if row["file"] == "lesson1.ipynb"]
    assert 0 < float(anna["score"]) < 15  # a grade between 0 and the points
    return out


@pytest.fixture
def out(graded, tmp_path):
    return Path(shutil.copytree(graded, tmp_path / "graded", symlinks=True))


@pytest.fixture
def site():
    return Site(assignments=[Assignment(ASSIGNMENT, CMID, "Lesson 1: tensors", 100,
                                        submitted={u for _, u in PEOPLE.values()},
                                        mappings={p: u for p, (_, u) in PEOPLE.items()})])


@pytest.fixture
def settings(tmp_path, monkeypatch, site):
    return course_toml(tmp_path / "course.toml", monkeypatch, site, {LESSON: CMID})


def run(capsys, *args) -> tuple[int, str]:
    """`python -m autograder.cli push ...` in this process: (exit status, what it printed)."""
    return classroom.command(capsys, "push", *args)


def saves(site: Site) -> list[int]:
    return [int(g["userid"]) for f, p in site.calls if f == "mod_assign_save_grades" for g in p["grades"].values()]


def page(out: Path, participant: int) -> bytes:
    [path] = [p for p in (out / "feedback").glob(f"*/{LESSON}.html") if PEOPLE[participant][0].split()[0] in
              p.read_text(encoding="utf-8")]
    return path.read_bytes()


def test_the_whole_loop_plan_push_repush_and_a_grade_changed_in_moodle(out, site, settings, capsys):
    assignment = site.assignments[0]
    with serve(site) as url:
        status, plan = run(capsys, out, "--url", url)
        assert status == 0 and not saves(site) and not assignment.grades  # a plan changes nothing
        assert "This is the plan: nothing was changed in Moodle" in plan
        assert re.search(r"101\s+Ivan Petrov\s+Moodle\s+- -> 100\s+push: grade, comment, file", plan), plan
        assert "never pushed: 999" in plan and "not known to the assignment" in plan
        assert "never pushed: unknown notes.ipynb: a file outside any student folder" in plan
        status, done = run(capsys, out, "--url", url, "--yes")
        assert status == 0, done
        assert sorted(saves(site)) == [31, 32, 33]
        grades = {u: g["grade"] for u, g in assignment.grades.items()}
        assert grades[31] == 100 and grades[33] == 100 and 0 < grades[32] < 100
        for participant, (_, user) in PEOPLE.items():  # every page on its own student
            assert assignment.files[user] == {f"{LESSON}_feedback.html": page(out, participant)}
            assert user in assignment.comments
        record = json.loads((out / ".autograde" / "push" / f"{LESSON}.json").read_text())
        assert record["students"]["102"]["timemodified"] == assignment.grades[32]["timemodified"]

        status, again = run(capsys, out, "--url", url, "--yes")  # a re-push changes nothing, and says so
        assert status == 0 and sorted(saves(site)) == [31, 32, 33] and "nothing to push: Moodle holds what was pushed before" in again

        site.set_grade(assignment, 32, 55.0)  # the teacher changes Anna's grade in Moodle
        status, kept = run(capsys, out, "--url", url, "--yes")
        assert status == 0 and assignment.grades[32]["grade"] == 55.0 and len(saves(site)) == 3
        assert "skipped: its grade was changed in Moodle after the last push" in kept
        status, _ = run(capsys, out, "--url", url, "--yes", "--overwrite")
        assert status == 0 and assignment.grades[32]["grade"] == grades[32] and saves(site).count(32) == 2
        assert len([g for g in assignment.grades.values() if g["userid"] == 32]) == 1  # no second grade record


def test_a_comment_written_after_a_push_goes_up_with_the_next_one(out, site, settings):
    course = Course(settings=settings)
    stub = notebook("lessons")
    cell = next(c for c in stub.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code")
    with serve(site) as url:
        client = Client(url, site.token)
        push.execute(out, client, push.plan(out, client, course))
        db = gradebook.address(out)
        classroom.grade_by_hand(db, classroom.keys(db)["101"], LESSON, cell.metadata["nbgrader"]["grade_id"],
                                comment="Use torch.arange & a reshape.")
        [lesson] = push.plan(out, client, course)
        assert {s.participant: (s.action, s.changes) for s in lesson.students} == {
            "101": ("push", ["comment", "file"]), "102": ("same", []), "103": ("same", [])}
        push.execute(out, client, [lesson])
    assert "Use torch.arange &amp; a reshape." in site.assignments[0].comments[31]
    assert b"Use torch.arange &amp; a reshape." in site.assignments[0].files[31][f"{LESSON}_feedback.html"]


def test_a_russian_site_gets_the_same_push_and_the_same_fixes(out, site, settings, capsys):
    site.language = "ru"
    with serve(site) as url:
        status, done = run(capsys, out, "--url", url, "--yes")
        assert status == 0 and sorted(saves(site)) == [31, 32, 33], done
        site.token = "another"  # the errorcode, not the Russian message, says what to do
        status, refused = run(capsys, out, "--url", url)
        assert status == 1 and "invalidtoken" in refused and "Create a new one" in refused


def test_a_grade_that_moodle_holds_and_we_never_pushed_is_kept(out, site, settings, capsys):
    site.set_grade(site.assignments[0], 31, 70.0)
    with serve(site) as url:
        status, done = run(capsys, out, "--url", url, "--yes")
    assert status == 0 and sorted(saves(site)) == [32, 33] and site.assignments[0].grades[31]["grade"] == 70.0
    assert "Moodle holds a grade that was not pushed from here" in done


def test_a_push_stopped_half_way_completes_on_the_next_run(out, site, settings, capsys):
    # the network goes after the plan's 4 requests, the push's first read of the grades, and Ivan's upload, save and
    # read-back
    site.cut_after = 8
    with serve(site) as url:
        status, stopped = run(capsys, out, "--url", url, "--yes")
        assert status == 1 and "the push stopped" in stopped and "network failed 3 times" in stopped
        assert "pushed 1: 101" in stopped and "not pushed yet 2: 102 103" in stopped, stopped
        site.cut_after = None
        status, done = run(capsys, out, "--url", url, "--yes")
    assert status == 0 and sorted(saves(site)) == [31, 32, 33]  # nobody twice


def test_a_push_stopped_between_moodles_answer_and_the_record_is_recognised(out, site, settings, monkeypatch):
    course = Course(settings=settings)
    writes = []

    def stop_on_the_confirmation(*args):
        writes.append(args)
        if len(writes) == 2:
            raise KeyboardInterrupt  # after Moodle stored the first student, before the record says so
        real(*args)

    real = push.write_record
    with serve(site) as url:
        client = Client(url, site.token)
        monkeypatch.setattr(push, "write_record", stop_on_the_confirmation)
        with pytest.raises(KeyboardInterrupt):
            push.execute(out, client, push.plan(out, client, course))
        monkeypatch.setattr(push, "write_record", real)
        [lesson] = push.plan(out, client, course)
        assert {s.participant: s.action for s in lesson.students} == {"101": "same", "102": "push", "103": "push"}
        push.execute(out, client, [lesson])
    assert sorted(saves(site)) == [31, 32, 33]


def test_a_row_the_last_run_could_not_grade_is_never_pushed(out, site, settings, capsys):
    run_file = out / ".autograde" / "last-run.json"
    data = json.loads(run_file.read_text())
    [anna] = [r for r in data["results"] if r["submission"]["lms_id"] == "102"]
    anna.update(score=None, autograded=None, cause="the worker died")  # what a not-graded result holds
    run_file.write_text(json.dumps(data))
    with serve(site) as url:
        status, done = run(capsys, out, "--url", url, "--yes")
    assert status == 0 and sorted(saves(site)) == [31, 33]  # the gradebook's earlier grade is not pushed either
    assert "never pushed: 102: the last run could not grade it" in done


def test_with_a_marking_workflow_grades_are_released_only_when_asked(out, site, settings, capsys):
    assignment = site.assignments[0]
    assignment.markingworkflow = 1
    with serve(site) as url:
        assert run(capsys, out, "--url", url, "--yes")[0] == 0
        assert set(assignment.workflow.values()) == {"readyforrelease"}
        site.set_grade(assignment, 31, 1.0)
        assert run(capsys, out, "--url", url, "--yes", "--overwrite", "--workflow-state", "released")[0] == 0
    assert assignment.workflow[31] == "released" and assignment.workflow[32] == "readyforrelease"


def test_a_grade_moodle_drops_is_reported_not_recorded(out, site, settings):
    course = Course(settings=settings)
    with serve(site) as url:
        client = Client(url, site.token)
        plans = push.plan(out, client, course)
        site.assignments[0].grade = 90  # the maximum lowered between the plan and the push
        push.execute(out, client, plans)
    [lesson] = plans
    assert [who for who, _ in lesson.failed] == ["101", "103"] and "did not keep the grade 100" in lesson.failed[0][1]
    assert site.assignments[0].grades[31]["grade"] == -1 and site.assignments[0].files[31]  # the page landed
    assert lesson.pushed == ["102"]
    assert set(json.loads(push.record_path(out, LESSON).read_text())["students"]) == {"102"}


FAILURES = {  # what the site does -> what the instructor reads
    **SITE_FAILURES,
    "a function missing": (lambda s: s.functions.discard("mod_assign_save_grades"),
                           "service lacks mod_assign_save_grades"),
    "uploads not allowed": (lambda s: setattr(s, "uploadfiles", False), 'tick "Can upload files"'),
    "a scale instead of points": (lambda s: setattr(s.assignments[0], "grade", -3), "set Grade > Type to Point"),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_every_failure_is_a_sentence_that_names_its_fix_and_nothing_is_pushed(failure, out, site, settings, capsys):
    token = site.token
    cause, fix = FAILURES[failure]
    cause(site)
    with serve(site) as url:
        status, said = run(capsys, out, "--url", url, "--yes")
    assert status == 1 and fix in said and said.startswith("nothing was pushed"), said
    assert not site.assignments[0].grades and token not in said


def test_a_network_that_fails_briefly_is_retried(out, site, settings, capsys):
    site.drops = 2
    with serve(site) as url:
        status, done = run(capsys, out, "--url", url, "--yes")
    assert status == 0 and sorted(saves(site)) == [31, 32, 33], done


def test_the_token_file_must_be_its_owners_alone(out, site, settings, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("MOODLE_TOKEN")
    secret = tmp_path / "moodle-token"
    secret.write_text(site.token + "\n")
    settings.write_text(settings.read_text().replace('language = "en"', f'language = "en"\ntoken_file = "{secret}"'))
    secret.chmod(0o644)
    with serve(site) as url:
        status, said = run(capsys, out, "--url", url)
        assert status == 1 and f"chmod 600 {secret}" in said and site.token not in said
        secret.chmod(0o600)
        status, said = run(capsys, out, "--url", url, "--yes")
    assert status == 0 and sorted(saves(site)) == [31, 32, 33], said


def test_plain_http_goes_only_to_a_loopback_address(site):
    with pytest.raises(MoodleError, match="plain HTTP"):
        Client("http://moodle.example.edu", site.token)
    assert Client("https://moodle.example.edu/", site.token).url == "https://moodle.example.edu"
    assert Client("http://[::1]:8080", site.token).url == "http://[::1]:8080"


def test_a_certificate_that_no_authority_vouches_for_is_refused(site, tmp_path):
    pem = tmp_path / "site.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", pem, "-out", tmp_path / "cert.pem"], check=True, capture_output=True)
    pem.write_bytes(pem.read_bytes() + (tmp_path / "cert.pem").read_bytes())
    with serve(site, str(pem)) as url:
        with pytest.raises(MoodleError, match="the HTTPS certificate of https://127.0.0.1:.* is not valid"):
            Client(url, site.token).call("core_webservice_get_site_info")
    assert not site.calls


def test_the_settings_name_each_lessons_assignment(out, site, settings, capsys):
    settings.write_text('[moodle]\nlanguage = "en"\n')
    with serve(site) as url:
        status, said = run(capsys, out, "--url", url)
        assert status == 1 and "no course module id in course.toml [moodle.assignments]: add 01_tensors = " in said
        status, said = run(capsys, out, "--url", url, "--lessons", "02_autograd")
        assert status == 1 and "02_autograd: not graded in" in said
    assert run(capsys, out)[0] == 2  # no MOODLE_URL


def test_the_token_is_in_no_output_file_report_or_message(out, site, settings, capsys):
    said = []
    with serve(site) as url:
        said.append(run(capsys, out, "--url", url)[1])
        site.cut_after = 8
        said.append(run(capsys, out, "--url", url, "--yes")[1])  # one that fails half-way
        site.cut_after, site.expired = None, True
        said.append(run(capsys, out, "--url", url, "--yes")[1])
        with pytest.raises(MoodleError) as error:
            push.plan(out, Client(url, "f" * 32), Course(settings=settings))
    said += [str(error.value), repr(error.value), repr(Client(url, site.token))]
    token = Site().token
    assert all(token not in text for text in said), said
    assert not [p for p in out.rglob("*") if p.is_file() and token.encode() in p.read_bytes()]
    # the client did send it: in the body of POST requests, never in an address
    assert any(token.encode() in body for body in site.bodies)


# --- the pages' commands, as written ------------------------------------------------------------------------

@pytest.mark.repeats
def test_the_pushes_the_pages_show_run_as_written(out, site, settings):
    commands = docs_commands("make push") + docs_commands(".venv/bin/python -m autograder.cli push")
    assert any("YES=1" in c for c in commands) and any("OVERWRITE=1" in c for c in commands)
    with serve(site) as url:
        env = {**os.environ, "MOODLE_URL": ""}
        for command in commands:
            command = here(command, {"graded": str(out), "https://moodle.example.edu": url, "https://...": url})
            done = run_from_root(command, env=env, timeout=300)
            assert done.returncode == 0, (command, done.stdout, done.stderr)
            assert site.token not in done.stdout + done.stderr
    assert sorted(set(saves(site))) == [31, 32, 33]


@pytest.mark.repeats
def test_the_pages_grade_a_team_assignment_then_again_afresh(sandbox, download, tmp_path):
    _, env = download
    team = moodle_site.Student(PEOPLE[101][0], 101, {"/01_tensors.ipynb": corpus.dump(notebook("solutions"))},
                               group=("Team A", 12))
    archive = corpus.write_zip(moodle_site.download([team], team=True), tmp_path / "team.zip")
    out = tmp_path / "graded"
    for command in docs_commands("make autograde ... MOODLE_TEAMS=1") + docs_commands("make autograde ... FRESH=1"):
        rest = f"SUBMISSIONS={archive} OUT={out}" + ("" if "MOODLE_TEAMS=1" in command else " MOODLE_TEAMS=1")
        done = run_from_root(here(command, {"...": rest}), env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        [row] = classroom.rows(out / "grades.csv")
        assert (row["student"], row["score"], row["flags"]) == ("team-12", "15.0", "moodle-team"), row
        for cached in (out / ".autograde" / "results").glob("*.json"):  # a run that read it would fail: FRESH=1
            cached.write_text("not what the grader wrote", encoding="utf-8")
