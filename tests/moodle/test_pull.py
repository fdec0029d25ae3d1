"""`make pull` (autograder/moodle/pull.py, pulled.py, client.py) against Moodle's web services
(tests/moodle_webservice.py): the plan, the download's folders, re-pulls, drafts, blind marking, teams, a pull cut
by the network or killed, every failure the site can answer, and the token in no output, file, message or address.
Nothing here grades: the loop through `make autograde` and `make push` is tests/moodle/test_pull_loop.py."""
import json
import os
import signal
import subprocess
import sys

import pytest

from autograder.course import Course
from autograder.intake import collect, files as intake_files
from autograder.intake.receive import sources
from autograder.moodle import pull as pulling, pulled
from autograder.moodle.client import Client, MoodleError
from tests import moodle_site
from tests.docs_commands import docs_commands, here, run_from_root
from tests.moodle_server import serve
from tests.moodle_webservice import Person, Site
from tests.moodle.on_moodle import (FAILURES as SITE_FAILURES, LESSON, NUMBER, PEOPLE, files, line, notebook,
                                     pull, site, toml)  # site, toml: fixtures

IVAN, ANNA, MARIA, GLEB = PEOPLE


@pytest.fixture
def out(tmp_path):
    return tmp_path / "graded"


def a_class(site: Site) -> None:
    """Ivan one notebook, Anna two (one in a subfolder), Мария a saved draft, Gleb nothing yet."""
    a = site.assignments[0]
    site.submit(a, IVAN, {"/01_tensors.ipynb": notebook()})
    site.submit(a, ANNA, {"/lesson1.ipynb": notebook("lessons"), "/extra/notes.ipynb": b"{}"})
    site.submit(a, MARIA, {"/01_tensors.ipynb": notebook("solutions", "ru")}, status="draft")
    site.submit(a, GLEB, {}, status="new")


def test_the_plan_fetches_nothing_and_yes_writes_the_downloads_folders(site, toml, out, capsys):
    a_class(site)
    with serve(site) as url:
        status, plan = pull(capsys, out, "--url", url)
        assert status == 0 and "This is the plan: nothing was fetched" in plan and not site.served, plan
        assert not (out / "pulled").exists()
        assert "new: 1 file(s) to fetch" in line(plan, NUMBER[IVAN]) and "new: 2" in line(plan, NUMBER[ANNA])
        assert "draft" in line(plan, NUMBER[MARIA])  # drafts are pulled: the assignment needs no submit button
        assert f"nothing submitted yet (status new or reopened): {NUMBER[GLEB]}" in plan
        status, done = pull(capsys, out, "--url", url, "--yes")
        assert status == 0 and "pulled 3: " in done and "(4 file(s) fetched)" in done, done
        assert "next: make autograde OUT=" in done
        # the names of Moodle 4.x's "Download all submissions", folders on, of the same class
        a = site.assignments[0]
        students = [moodle_site.Student(PEOPLE[user], NUMBER[user], {p: data for p, (data, _) in sub.files.items()})
                    for sub in a.submissions for user in [sub.userid] if sub.files]
        assert files(out / "pulled" / LESSON) == moodle_site.download(students, era="4.1", folders=True)
        path = out / "pulled" / LESSON / f"Ivan Petrov_{NUMBER[IVAN]}_assignsubmission_file" / "01_tensors.ipynb"
        assert int(path.stat().st_mtime) == a.submissions[0].files["/01_tensors.ipynb"][1]  # Moodle's time
        assert json.loads((out / "pulled" / "pulled.json").read_text())["lessons"][LESSON]["teams"] is False
        served = len(site.served)
        status, again = pull(capsys, out, "--url", url, "--yes")
    assert status == 0 and len(site.served) == served and "0 to pull (0 file(s) to fetch), 3 unchanged" in again, again


def test_a_re_pull_fetches_only_what_changed_and_each_folder_holds_the_submission_as_it_is(site, toml, out, capsys):
    a_class(site)
    a = site.assignments[0]
    with serve(site) as url:
        assert pull(capsys, out, "--url", url, "--yes")[0] == 0
        served = len(site.served)
        site.submit(a, ANNA, {"/lesson1.ipynb": notebook(), "/extra/notes.ipynb": b"{}", "/more.ipynb": b"[]"})
        site.submit(a, IVAN, {"/final.ipynb": notebook()})  # the same notebook under another name
        a.people[MARIA] = Person("Мария Кузнецова")  # a name changed in Moodle: the folder follows it
        status, plan = pull(capsys, out, "--url", url)
        assert "changed: 2 of 3 file(s) to fetch" in line(plan, NUMBER[ANNA]), plan
        assert "changed: 1 of 1" in line(plan, NUMBER[IVAN]) and "changed: 0 of 1" in line(plan, NUMBER[MARIA])
        status, done = pull(capsys, out, "--url", url, "--yes")
    assert status == 0 and "(3 file(s) fetched)" in done, done
    assert sorted(site.served[served:]) == sorted(
        f"/{site.context(a)}/assignsubmission_file/submission_files/{sub.id}{path}"
        for sub, path in ((a.submissions[1], "/lesson1.ipynb"), (a.submissions[1], "/more.ipynb"),
                          (a.submissions[0], "/final.ipynb")))
    lesson = out / "pulled" / LESSON
    assert files(lesson / f"Ivan Petrov_{NUMBER[IVAN]}_assignsubmission_file") == {"final.ipynb": notebook()}
    assert set(files(lesson / f"Anna Smirnova_{NUMBER[ANNA]}_assignsubmission_file")) == {
        "lesson1.ipynb", "more.ipynb", "extra/notes.ipynb"}
    assert sorted(p.name for p in lesson.iterdir()) == sorted(
        f"{name}_{NUMBER[user]}_assignsubmission_file" for user, name in
        ((IVAN, "Ivan Petrov"), (ANNA, "Anna Smirnova"), (MARIA, "Мария Кузнецова")))


def test_drafts_wait_for_the_submit_button_when_the_assignment_requires_it(site, toml, out, capsys):
    a = site.assignments[0]
    a.submissiondrafts = 1
    a_class(site)
    with serve(site) as url:
        status, done = pull(capsys, out, "--url", url, "--yes")
        assert "not pulled: a draft, and the assignment requires the submit button" in line(done, NUMBER[MARIA])
        assert "drafts are listed, not pulled" in done and "1 draft(s) not pulled" in done
        maria = f"Мария Иванова_{NUMBER[MARIA]}_assignsubmission_file"
        assert not (out / "pulled" / LESSON / maria).exists() and len(site.served) == 3
        sub = site.submit(a, MARIA, {"/01_tensors.ipynb": notebook("solutions", "ru")})  # she submits
        assert "new: 1" in line(pull(capsys, out, "--url", url, "--yes")[1], NUMBER[MARIA])
        sub.status = "draft"  # the teacher reverts it to draft: the copy pulled stays, and the plan says so
        status, plan = pull(capsys, out, "--url", url, "--yes")
    assert "not pulled: a draft" in line(plan, NUMBER[MARIA]) and "the copy pulled before" in plan
    assert files(out / "pulled" / LESSON / maria) == {"01_tensors.ipynb": notebook("solutions", "ru")}


@pytest.mark.parametrize("language, participant", [("en", "Participant"), ("ru", "Участник")])
def test_blind_marking_names_each_folder_by_its_participant_id_as_the_download_does(site, toml, out, capsys,
                                                                                    language, participant):
    site.language, site.assignments[0].blindmarking = language, 1
    a_class(site)
    with serve(site) as url:
        assert pull(capsys, out, "--url", url, "--yes")[0] == 0
    lesson = out / "pulled" / LESSON
    assert files(lesson / f"{participant}_{NUMBER[IVAN]}_assignsubmission_file") == {"01_tensors.ipynb": notebook()}
    # intake keys each file by that number, and the number is the student's (push puts the grade there)
    reads = collect.collect(lesson, [LESSON])
    assert {(sub.lms_id, sub.display) for sub, _ in reads if sub.file == "01_tensors.ipynb"} == {
        (str(NUMBER[IVAN]), f"{participant} {NUMBER[IVAN]}"), (str(NUMBER[MARIA]), f"{participant} {NUMBER[MARIA]}")}


def test_a_team_assignment_is_one_folder_per_group_and_intake_knows_it_without_moodle_teams(site, toml, out, capsys):
    a = site.assignments[0]
    a.teamsubmission = 1
    for user, group in ((IVAN, ("Team A", 12)), (ANNA, ("Team A", 12)), (MARIA, ("Team_B", 13))):
        a.people[user].group = group
    site.submit(a, group=12, files={"/01_tensors.ipynb": notebook()})
    site.submit(a, group=13, files={"/ours.ipynb": notebook("solutions", "ru")})
    site.submit(a, group=0, files={"/01_tensors.ipynb": notebook("lessons")})  # Gleb, in no group
    with serve(site) as url:
        status, done = pull(capsys, out, "--url", url, "--yes")
    assert status == 0 and "team submissions" in done and "pulled 3: team-12 team-13 team-default" in done, done
    root = out / "pulled"
    assert sorted(p.name for p in (root / LESSON).iterdir()) == [
        "Default group_assignsubmission_file", "Team A_12_assignsubmission_file", "Team B_13_assignsubmission_file"]
    [(folder, teams)] = sources(root)
    assert (folder, teams) == (root / LESSON, True)
    reads = collect.collect(folder, [LESSON], teams=teams)
    assert sorted((sub.student, sub.flags) for sub, _ in reads) == [
        ("team-12", ("moodle-team",)), ("team-13", ("moodle-team",)), ("team-default", ("moodle-team",))]


def test_a_pull_cut_by_the_network_completes_with_the_same_command_and_fetches_no_file_twice(site, toml, out, capsys):
    a_class(site)
    site.cut_files = 1  # the first file's answer is cut half-way: tried again
    with serve(site) as url:
        site.cut_after = 5 + 3  # the plan's 5 requests, the cut answer and two files: then the network is gone
        status, stopped = pull(capsys, out, "--url", url, "--yes")
        assert status == 1 and "the pull stopped" in stopped and "network failed 3 times" in stopped, stopped
        assert f"pulled 1: {NUMBER[ANNA]}" in stopped and "not pulled yet 2" in stopped
        site.cut_after = None
        status, done = pull(capsys, out, "--url", url, "--yes")
    assert status == 0 and "pulled 2" in done, done
    assert len(site.served) == len(set(site.served)) == 4  # every file once


def test_a_pull_killed_half_way_completes_with_the_same_command_and_fetches_no_file_twice(site, toml, out, capsys):
    a = site.assignments[0]
    a_class(site)
    site.submit(a, MARIA, {"/01_tensors.ipynb": notebook("solutions", "ru"), "/b.ipynb": b"[]"}, status="draft")
    site.stall_after = 3  # Anna's two files and Мария's first are whole; her second waits: the pull is killed
    with serve(site) as url:
        command = [sys.executable, "-m", "autograder.cli", "pull", str(out), "--url", url, "--yes"]
        killed = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ)
        assert site.stalled.wait(120)
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        site.stall_after = None
        site.resume.set()
        staged = list((out / ".autograde" / "pull" / "staging" / LESSON).rglob("*.ipynb"))
        assert [p.name for p in staged] == ["01_tensors.ipynb"]  # Мария's first file, not yet in place
        status, done = pull(capsys, out, "--url", url, "--yes")
    assert status == 0 and f"pulled 2: {NUMBER[MARIA]} {NUMBER[IVAN]}" in done, done
    assert len(site.served) == len(set(site.served)) == 5
    assert files(out / "pulled" / LESSON / f"Мария Иванова_{NUMBER[MARIA]}_assignsubmission_file") == {
        "01_tensors.ipynb": notebook("solutions", "ru"), "b.ipynb": b"[]"}


def test_a_pull_stopped_between_moving_a_submission_in_and_recording_it_fetches_nothing_again(site, toml, out,
                                                                                              monkeypatch):
    a_class(site)
    real = pulled.write_record

    def stop_before_the_record(*args):
        raise KeyboardInterrupt

    with serve(site) as url:
        client, course = Client(url, site.token), Course(settings=toml)
        monkeypatch.setattr(pulled, "write_record", stop_before_the_record)
        with pytest.raises(KeyboardInterrupt):
            pulled.execute(out, client, pulling.plan(out, client, course))
        monkeypatch.setattr(pulled, "write_record", real)
        plans = pulling.plan(out, client, course)
        assert [(e.key, e.action, e.to_fetch) for e in plans[0].entries][0] == (str(NUMBER[ANNA]), "new", 0)
        pulled.execute(out, client, plans)
    assert len(site.served) == len(set(site.served)) == 4


def test_a_file_over_the_size_limit_gets_intakes_own_note(site, toml, out, capsys, monkeypatch):
    monkeypatch.setattr(intake_files, "MAX_FILE_BYTES", 1000)
    site.submit(site.assignments[0], IVAN, {"/01_tensors.ipynb": notebook(), "/tiny.ipynb": b"{"})
    with serve(site) as url:
        assert pull(capsys, out, "--url", url, "--yes")[0] == 0
    reads = {sub.file: sub for sub, _ in collect.collect(out / "pulled" / LESSON, [LESSON])}
    assert reads["01_tensors.ipynb"].status == "too-large"
    assert reads["01_tensors.ipynb"].reason == f"{len(notebook())} bytes (limit 1000)"
    assert reads["tiny.ipynb"].status == "invalid-json"


FAILURES = {  # what the site does -> what the instructor reads
    **SITE_FAILURES,
    "a function missing": (lambda s: s.functions.discard("mod_assign_get_submissions"),
                           "service lacks mod_assign_get_submissions"),
    "downloads not allowed": (lambda s: setattr(s, "downloadfiles", False), 'tick "Can download files"'),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_every_failure_is_a_sentence_that_names_its_fix_and_nothing_is_pulled(failure, site, toml, out, capsys):
    a_class(site)
    cause, fix = FAILURES[failure]
    cause(site)
    with serve(site) as url:
        status, said = pull(capsys, out, "--url", url, "--yes")
    assert status == 1 and said.startswith("nothing was pulled") and fix in said, said
    assert not site.served and not (out / "pulled").exists()


def test_failures_during_the_pull_name_their_fix_and_the_same_command_completes_it(site, toml, out, capsys):
    a_class(site)
    a = site.assignments[0]
    with serve(site) as url:
        client, course = Client(url, site.token), Course(settings=toml)
        plans = pulling.plan(out, client, course)
        a.submissions[1].files.pop("/lesson1.ipynb")  # Anna changes her submission after the list was read
        with pytest.raises(MoodleError, match="Moodle no longer serves .* run the same command again"):
            pulled.execute(out, client, plans)
        plans = pulling.plan(out, client, course)
        data, _ = a.submissions[0].files["/01_tensors.ipynb"]
        a.submissions[0].files["/01_tensors.ipynb"] = (data + b" ", a.submissions[0].files["/01_tensors.ipynb"][1])
        with pytest.raises(MoodleError, match="Moodle sent .* where its list said .* run the same command again"):
            pulled.execute(out, client, plans)
        site.wwwroot = url.replace("127.0.0.1", "localhost")  # Moodle's own address is not MOODLE_URL
        with pytest.raises(MoodleError, match="outside .*: give MOODLE_URL as the site gives its own address"):
            pulled.execute(out, client, pulling.plan(out, client, course))
        site.wwwroot = url
        pulled.execute(out, client, pulling.plan(out, client, course))
    assert sorted(p.name for p in (out / "pulled" / LESSON).iterdir()) == sorted(
        f"{PEOPLE[user]}_{NUMBER[user]}_assignsubmission_file".replace("'", "") for user in (IVAN, ANNA, MARIA))


def test_the_settings_name_each_lessons_assignment_and_a_folder_keeps_its_own(site, toml, out, capsys):
    a_class(site)
    with serve(site) as url:
        status, said = pull(capsys, out, "--url", url, "--lessons", "02_autograd")
        assert status == 1 and "02_autograd: no course module id in course.toml [moodle.assignments]" in said
        toml.write_text(toml.read_text().replace(f"{LESSON} = 42", "notebook = 42"))
        status, said = pull(capsys, out, "--url", url)
        assert status == 1 and "notebook: not a lesson of this course" in said, said
        toml.write_text('[moodle]\nlanguage = "en"\n')
        status, said = pull(capsys, out, "--url", url)
        assert status == 1 and "names no lesson" in said
        toml.write_text(f'[moodle.assignments]\n{LESSON} = 42\n')
        assert pull(capsys, out, "--url", url, "--yes")[0] == 0
        site.assignments[0].cmid = 43  # the lesson now names another assignment than the one pulled into OUT
        toml.write_text(f'[moodle.assignments]\n{LESSON} = 43\n')
        status, said = pull(capsys, out, "--url", url)
    assert status == 1 and "holds the submissions of another assignment (course module 42" in said, said
    assert pull(capsys, out)[0] == 2  # no MOODLE_URL


def test_the_token_is_in_no_output_file_message_or_address(site, toml, out, capsys):
    a_class(site)
    said = []
    with serve(site) as url:
        said.append(pull(capsys, out, "--url", url)[1])
        site.cut_after = 5 + 2
        said.append(pull(capsys, out, "--url", url, "--yes")[1])  # one that stops half-way
        site.cut_after = None
        said.append(pull(capsys, out, "--url", url, "--yes")[1])
        site.expired = True
        said.append(pull(capsys, out, "--url", url, "--yes")[1])
        with pytest.raises(MoodleError) as error:
            pulling.plan(out, Client(url, "f" * 32), Course(settings=toml))
    said += [str(error.value), repr(error.value), repr(Client(url, site.token))]
    token = Site().token
    assert all(token not in text for text in said), said
    assert not [p for p in out.rglob("*") if p.is_file() and token.encode() in p.read_bytes()]
    assert not [address for address in site.addresses if token in address]
    # the client did send it: in the body of POST requests, files too
    assert sum(token.encode() in body and body.startswith(b"token=") for body in site.bodies) >= 4


def test_a_site_without_slash_arguments_lists_its_files_with_a_file_parameter(site, toml, out, capsys):
    site.slasharguments = False
    a_class(site)
    with serve(site) as url:
        assert pull(capsys, out, "--url", url, "--yes")[0] == 0
    assert files(out / "pulled" / LESSON / f"Ivan Petrov_{NUMBER[IVAN]}_assignsubmission_file") == {
        "01_tensors.ipynb": notebook()}
    assert [a for a in site.addresses if "pluginfile" in a] and all(
        "pluginfile.php?file=" in a for a in site.addresses if "pluginfile" in a)


@pytest.mark.repeats
def test_the_pulls_the_pages_show_run_as_written(site, toml, out):
    a_class(site)
    commands = docs_commands("make pull") + docs_commands(".venv/bin/python -m autograder.cli pull")
    assert any("YES=1" in c for c in commands) and any("LESSONS=" in c for c in commands)
    with serve(site) as url:
        for command in commands:
            command = here(command, {"graded": str(out), "https://moodle.example.edu": url, "https://...": url})
            done = run_from_root(command, env={**os.environ, "MOODLE_URL": ""}, timeout=300)
            assert done.returncode == 0, (command, done.stdout, done.stderr)
            assert site.token not in done.stdout + done.stderr
    assert len(site.served) == len(set(site.served)) == 4
