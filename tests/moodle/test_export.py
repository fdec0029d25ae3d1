"""The whole workflow on the tiny course, from a Moodle zip to the files that go back to Moodle
(autograder/moodle/export.py): autograde, grade answers by hand, export; then a plain folder of submissions."""
import csv
import re
import shutil
import zipfile
from datetime import datetime, timezone

import pytest
from nbgrader.api import Gradebook

from autograder.moodle import export, worksheet
from autograder import autograde
from autograder import gradebook
from tests import classroom, moodle_site
from tests.docs_commands import docs_commands, here, run_from_root

NOW = datetime(2026, 11, 20, 15, 30, tzinfo=timezone.utc)


def table(path):
    with open(path, newline="", encoding="utf-8-sig") as f:  # Moodle's worksheets start with a byte order mark
        return list(csv.reader(f))


def test_moodle_zip_to_moodle_worksheet_and_feedback_zip(moodle_class, tiny_course, tmp_path):
    _, session_out = moodle_class
    out = classroom.copy_course(session_out, tmp_path / "graded")
    url = gradebook.address(out)
    ids = classroom.keys(url)
    ivan, anna, oleg, maria = (ids[i] for i in ("101", "102", "103", "104"))
    classroom.grade_by_hand(url, ivan, "01_alpha", "answer_why", score=1.0, comment="Right: 2x is linear.")
    classroom.grade_by_hand(url, anna, "01_alpha", "answer_why", score=0.5, comment="Say <why>, & how.")
    classroom.grade_by_hand(url, anna, "01_alpha", "square", comment="Square, not double.")  # a code answer's comment
    classroom.grade_by_hand(url, anna, "01_alpha", "test_square", score=1.0)  # an autograded score, adjusted
    # Мария's answer still waits

    done = export.export(out, course=tiny_course, now=NOW)
    folder = out / "export"
    assert not done.missing and not done.failed
    assert sorted(p.name for p in done.files) == ["01_alpha_feedback.zip", "01_alpha_grades.csv", "02_beta_feedback.zip",
                                              "02_beta_grades.csv", "final_grades.csv"]

    final = table(folder / "final_grades.csv")
    assert final[0] == ["student", "name", "01_alpha", "02_beta", "total", "waiting"]
    assert sorted(final[1:]) == sorted([
        [ivan, "Ivan Petrov", "6", "0", "6", "0"],
        [anna, "Anna Smirnova", "3.5", "1", "4.5", "0"],  # 2 + 1 (adjusted) + 0.5 by hand; 02_beta 1
        [oleg, "Oleg Ivanov", "0", "0", "0", "0"],
        [maria, "Мария Иванова", "5", "0", "5", "1"]])

    sheet = table(folder / "01_alpha_grades.csv")
    assert sheet[0] == ["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum grade",
                        "Grade can be changed", "Last modified (submission)", "Last modified (grade)",
                        "Feedback comments"]
    by_id = {row[0]: dict(zip(sheet[0], row)) for row in sheet[1:]}
    assert sorted(by_id) == ["Participant 101", "Participant 102", "Participant 103", "Participant 104"]
    anna_row = by_id["Participant 102"]
    assert anna_row["Full name"] == "Anna Smirnova" and anna_row["Email address"] == ""
    assert (anna_row["Grade"], anna_row["Maximum grade"], anna_row["Grade can be changed"]) == ("3.50", "6.00", "Yes")
    assert anna_row["Status"] == "Submitted for grading - Graded"
    assert anna_row["Feedback comments"] == ("<p><b>answer_why</b>: Say &lt;why&gt;, &amp; how.</p>"
                                             "<p><b>square</b>: Square, not double.</p>")
    # Moodle reads the grade's time back with PHP's strtotime: ISO 8601, which it reads in any language
    assert anna_row["Last modified (grade)"] == "2026-11-20T15:30:00+00:00"
    submitted = datetime(2026, 11, 1, 12, 1).astimezone(timezone.utc)  # the zip entry's time, local
    assert anna_row["Last modified (submission)"] == worksheet.moodle_time(submitted)
    assert by_id["Participant 101"]["Grade"] == "6.00"
    assert by_id["Participant 101"]["Feedback comments"] == "<p><b>answer_why</b>: Right: 2x is linear.</p>"
    assert by_id["Participant 103"]["Grade"] == "0.00" and by_id["Participant 103"]["Feedback comments"] == ""
    assert by_id["Participant 104"]["Status"] == "Submitted for grading"  # an answer still waits
    assert by_id["Participant 104"]["Full name"] == "Мария Иванова" and by_id["Participant 104"]["Grade"] == "5.00"
    assert [row[0] for row in table(folder / "02_beta_grades.csv")[1:]] == ["Participant 102"]

    with zipfile.ZipFile(folder / "01_alpha_feedback.zip") as archive:
        names = sorted(archive.namelist())
        pages = {name: archive.read(name).decode() for name in names}
    assert names == sorted(["Ivan Petrov_101_assignsubmission_file_01_alpha_feedback.html",
                            "Anna Smirnova_102_assignsubmission_file_01_alpha_feedback.html",
                            "Oleg Ivanov_103_assignsubmission_file_01_alpha_feedback.html",
                            "Мария Иванова_104_assignsubmission_file_01_alpha_feedback.html"])
    for name in names:  # as Moodle's importer splits it: explode('_', path, 5) -> [name, id, plugin type, plugin, file]
        parts = name.split("_", 4)
        assert parts[1].isdigit() and parts[2:4] == ["assignsubmission", "file"], name
        assert parts[4] == "01_alpha_feedback.html"
    anna_page = pages["Anna Smirnova_102_assignsubmission_file_01_alpha_feedback.html"]
    assert "Say &lt;why&gt;, &amp; how." in anna_page and "3.5 / 6" in anna_page
    assert "instructor&#x27;s comment on square: Square, not double." in anna_page
    assert "hidden-source-line-0xC0FFEE" not in "".join(pages.values())

    # the instructor's outputs reflect the manual grades too
    exercises = {(r[0], r[1], r[2]): r for r in table(out / "exercises.csv")[1:]}
    assert exercises[anna, "01_alpha", "answer_why"][3:6] == ["0.5", "1.0", "graded"]
    assert exercises[anna, "01_alpha", "test_square"][3:6] == ["1.0", "3.0", "graded"]
    assert exercises[maria, "01_alpha", "answer_why"][5] == "manual"  # manual now means: still waiting
    report = (out / "report.html").read_text()
    assert re.search(r"<tr><td>01_alpha</td><td class='waiting'>1</td><td>1</td><td>3</td></tr>", report), report
    assert f"href='feedback/{anna}/01_alpha.html'" in report
    assert (out / "feedback" / anna / "01_alpha.html").read_text() == anna_page


def test_a_folder_of_submissions_goes_in_no_worksheet(sandbox, tiny_course, tmp_path):
    submissions = tmp_path / "submissions"
    for student in ("ann", "bob.smith"):
        (submissions / student).mkdir(parents=True)
    beta = classroom.corpus.load(tiny_course, "solutions", "02_beta")
    (submissions / "ann" / "02_beta.ipynb").write_bytes(classroom.corpus.dump(beta))
    (submissions / "bob.smith" / "lesson.ipynb").write_bytes(classroom.corpus.dump(
        classroom.corpus.with_source(beta, "negate", "def negate(x):\n    return x")))
    out = tmp_path / "graded"
    autograde.autograde(submissions, out, workers=1, course=tiny_course, limits=classroom.LIMITS)
    done = export.export(out, course=tiny_course, now=NOW)
    assert table(out / "export" / "final_grades.csv")[1:] == [["ann", "ann", "0", "1", "1", "0"],
                                                               ["bob.smith", "bob.smith", "0", "0", "0", "0"]]
    # no Moodle participant ids: no worksheet and no feedback zip, and no failure (nothing came from Moodle)
    assert sorted(p.name for p in done.files) == ["final_grades.csv"] and not done.failed
    assert [(m.student, m.why) for m in done.missing] == [
        ("ann", "a folder of submissions, not a Moodle download's name"),
        ("bob.smith", "a folder of submissions, not a Moodle download's name")]


def test_export_needs_a_graded_course(tmp_path):
    with pytest.raises(FileNotFoundError, match="make autograde"):
        export.export(tmp_path)


@pytest.mark.repeats
def test_the_exports_the_pages_show_run_as_written(moodle_class, tmp_path):
    out = classroom.copy_course(moodle_class[1], tmp_path / "graded")
    url = gradebook.address(out)
    with Gradebook(url) as db:  # a participant id is Moodle's for one assignment: keep Anna's (102) to 02_beta's
        db.remove_submission("01_alpha", classroom.keys(url)["102"])
    blank = lambda participant: {"participant": participant, "fullname": f"Student {participant}", "email": "",
                                 "grade": None, "submitted": None, "marked": None, "comments": ""}
    alpha = moodle_site.worksheet("en", [blank(p) for p in (101, 103, 104, 199)], 6.0)
    sheets = {"Grades-PT-Lesson 1-42.csv": alpha, "a.csv": alpha, "b.csv": moodle_site.worksheet("en", [blank(102)], 1.0)}
    for name, sheet in sheets.items():  # the sites' own worksheets, downloaded into a folder of the reader's
        (tmp_path / name).write_bytes(sheet)
    places = {"graded": str(out), **{name: str(tmp_path / name) for name in sheets}}
    for command in docs_commands("make export") + docs_commands(".venv/bin/python -m autograder.cli export"):
        shutil.rmtree(out / "export", ignore_errors=True)
        done = run_from_root(here(command, places))
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        rows = {row[0]: row for row in table(out / "export" / "01_alpha_grades.csv")[1:]}
        assert rows["Participant 101"][4] == "5.00", command  # 2 + 3; the written answer waits
        # a template keeps the site's names and the students graded nowhere here; without one, the gradebook's
        assert (rows["Participant 101"][1], "Participant 199" in rows) == (
            ("Student 101", True) if "worksheet" in command.lower() else ("Ivan Petrov", False)), command
        assert "02_beta_grades.csv" in done.stdout, command
