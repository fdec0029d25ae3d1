"""Manual grading in nbgrader's formgrader (autograder/publish/formgrade.py), in a real browser: the server is
started as `make formgrade` starts it, Debian's chromium (driven by Playwright) gives a manual
score, a comment and an adjusted autograded score, and `make export` then holds them."""
import csv
import os
import signal
import subprocess
import time
import zipfile

import pytest
from nbgrader.api import Gradebook

from autograder import ROOT
from autograder.publish import formgrade
from autograder import gradebook
from tests import classroom
from tests.docs_commands import docs_commands, here


def make(*args, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(["make", "--no-print-directory", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True, **kwargs)


def wait_for(check, seconds=60):
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the formgrader did not save in time"
        time.sleep(0.5)


def test_instructor_grades_in_the_formgrader_and_export_holds_it(moodle_class, chromium_page, tmp_path):
    _, session_out = moodle_class
    out = classroom.copy_course(session_out, tmp_path / "graded")
    url = gradebook.address(out)
    ivan = classroom.keys(url)["101"]
    [command] = docs_commands("make formgrade")  # the pages' command: a free port when PORT is not given
    server = subprocess.Popen(here(command, {"graded": str(out)}), shell=True, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        lines = []
        for line in server.stdout:  # the make target prints the URL to open once the server answers
            lines.append(line)
            if "/formgrader?token=" in line:
                break
        address = lines[-1].strip()
        assert address.startswith("http://127.0.0.1:") and "/formgrader?token=" in address, "".join(lines)

        page = chromium_page
        page.set_default_timeout(90_000)  # a loaded 2-core machine
        page.goto(address)
        page.wait_for_url("**/formgrader/manage_assignments")
        page.get_by_role("link", name="Manual Grading").click()
        page.wait_for_url("**/formgrader/gradebook")
        page.get_by_role("link", name="01_alpha").click()
        page.wait_for_url("**/formgrader/gradebook/01_alpha")
        page.locator("#main-table").get_by_role("link", name="01_alpha").click()
        page.wait_for_url("**/formgrader/gradebook/01_alpha/01_alpha")
        page.get_by_role("link", name="Submission #1").wait_for()
        page.locator("#toggle_names").click()
        page.get_by_role("link", name="Petrov, Ivan").click()
        page.wait_for_url("**/formgrader/submissions/*/")
        # the page fetches the scores and comments, then binds the inputs: type only once it has
        page.wait_for_function("() => formgrader.grades && formgrader.grades.loaded"
                               " && formgrader.comments && formgrader.comments.loaded")
        page.locator("#answer_why").fill("0.5")
        page.locator("#answer_why-comment").fill("Linear, yes; say why it doubles.")
        page.locator("#test_square").fill("2")
        page.locator("#answer_why").click()  # leaving an input saves it

        def saved():
            with Gradebook(url) as db:
                why = db.find_grade("answer_why", "01_alpha", "01_alpha", ivan)
                square = db.find_grade("test_square", "01_alpha", "01_alpha", ivan)
                comment = db.find_comment("answer_why", "01_alpha", "01_alpha", ivan)
                return (why.manual_score, why.needs_manual_grade, square.manual_score, comment.manual_comment) == (
                    0.5, False, 2.0, "Linear, yes; say why it doubles.")
        wait_for(saved)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)

    exported = make("export", f"OUT={out}")
    log = exported.communicate(timeout=300)[0]
    assert exported.returncode == 0, log
    with open(out / "export" / "01_alpha_grades.csv", newline="", encoding="utf-8-sig") as f:  # Moodle writes a BOM
        row = next(r for r in csv.DictReader(f) if r["Identifier"] == "Participant 101")
    assert row["Grade"] == "4.50"  # 2 (test_double) + 2 (test_square, adjusted) + 0.5 (answer_why, by hand)
    assert row["Feedback comments"] == "<p><b>answer_why</b>: Linear, yes; say why it doubles.</p>"
    with zipfile.ZipFile(out / "export" / "01_alpha_feedback.zip") as archive:
        page_text = archive.read("Ivan Petrov_101_assignsubmission_file_01_alpha_feedback.html").decode()
    assert "Linear, yes; say why it doubles." in page_text and "4.5 / 6" in page_text


def test_formgrade_refuses_a_folder_that_was_not_graded(tmp_path):
    with pytest.raises(FileNotFoundError, match="make autograde"):
        formgrade.start(tmp_path)
