"""The course's one gradebook (autograder/gradebook.py): <OUT> is an nbgrader course, parallel
workers give the serial run's gradebook, and re-runs keep the instructor's grades unless the answer changed."""
import sqlite3
import subprocess

import nbformat
import pytest
from nbgrader.api import Gradebook
from nbgrader.apps import NbGraderAPI
from nbgrader.dbutil import _temp_alembic_ini

from autograder import autograde
from autograder import gradebook
from autograder.course import nbgrader_config, schema_version
from tests import classroom, corpus
from tests.classroom import rows


def test_graded_folder_is_an_nbgrader_course(moodle_class):
    _, out = moodle_class
    url = gradebook.address(out)
    ids = classroom.keys(url)
    assert sorted(ids) == ["101", "102", "103", "104"]
    with Gradebook(url) as db:
        ivan = db.find_student(ids["101"])
        assert (ivan.first_name, ivan.last_name) == ("Ivan", "Petrov")
        assert (db.find_student(ids["104"]).first_name, db.find_student(ids["104"]).last_name) == ("Мария", "Иванова")
        assert sorted(s.student.id for s in db.find_assignment("01_alpha").submissions) == \
            sorted(ids[i] for i in ("101", "102", "103", "104"))
        assert [s.student.id for s in db.find_assignment("02_beta").submissions] == [ids["102"]]
    assert "c.CourseDirectory.course_id = 'pytorch-basics'" in (out / "nbgrader_config.py").read_text()
    assert (out / "source" / "01_alpha" / "01_alpha.ipynb").exists()
    # nbgrader's own API, configured as its formgrader is (course root <OUT>, its nbgrader_config.py)
    config = nbgrader_config(out)
    config.CourseDirectory.db_url = url
    submissions = NbGraderAPI(config=config).get_notebook_submissions("01_alpha", "01_alpha")
    assert sorted(s["student"] for s in submissions) == sorted(ids.values())
    waiting = {s["student"] for s in submissions if s["needs_manual_grade"]}
    assert waiting == {ids["101"], ids["102"], ids["104"]}  # Oleg left the answer untouched: 0, nothing to grade
    for student in ids.values():
        nb = nbformat.read(out / "autograded" / student / "01_alpha" / "01_alpha.ipynb", as_version=4)
        assert corpus.cell(nb, "test_double").outputs, "an autograded notebook holds its outputs"


# make test compares parallel with serial grading in test_autograde.py and tests/grading/test_engine.py, and reruns
# on one gradebook in test_manual_grades_survive_a_rerun_and_reset_when_the_answer_changed (whose lookups, nbgrader's
# .one(), fail on a duplicate)
@pytest.mark.repeats
def test_parallel_workers_give_the_serial_gradebook_and_a_rerun_duplicates_nothing(moodle_class, tiny_course,
                                                                                   tmp_path):
    archive, serial_out = moodle_class
    serial = classroom.dump(gradebook.address(serial_out))
    assert len(serial["submissions"]) == 5 and len(serial["grades"]) == 4 * 3 + 1
    parallel_out = tmp_path / "parallel"
    autograde.autograde(archive, parallel_out, workers=3, course=tiny_course, limits=classroom.LIMITS)
    assert classroom.dump(gradebook.address(parallel_out)) == serial
    autograde.autograde(archive, parallel_out, workers=2, course=tiny_course, limits=classroom.LIMITS)
    assert classroom.dump(gradebook.address(parallel_out)) == serial


def test_manual_grades_survive_a_rerun_and_reset_when_the_answer_changed(moodle_class, tiny_course, tmp_path):
    archive, session_out = moodle_class
    out = classroom.copy_course(session_out, tmp_path / "graded")
    url = gradebook.address(out)
    ids = classroom.keys(url)
    ivan, anna = ids["101"], ids["102"]
    classroom.grade_by_hand(url, ivan, "01_alpha", "answer_why", score=1.0, comment="Clear and right.")
    classroom.grade_by_hand(url, ivan, "01_alpha", "test_double", score=1.5)  # an autograded score, adjusted
    classroom.grade_by_hand(url, anna, "01_alpha", "answer_why", score=0.0, comment="Say why.")
    classroom.grade_by_hand(url, anna, "01_alpha", "test_square", score=1.0)

    autograde.autograde(archive, out, workers=1, course=tiny_course, limits=classroom.LIMITS)
    exercises = {(r["student"], r["exercise"]): r for r in rows(out / "exercises.csv") if r["assignment"] == "01_alpha"}
    assert exercises[ivan, "answer_why"]["status"] == "graded" and exercises[ivan, "answer_why"]["score"] == "1.0"
    assert exercises[ivan, "answer_why"]["message"] == "Clear and right."
    assert exercises[ivan, "test_double"]["status"] == "graded" and exercises[ivan, "test_double"]["score"] == "1.5"
    assert exercises[anna, "test_square"]["score"] == "1.0"
    assert exercises[ids["104"], "answer_why"]["status"] == "manual"  # still waiting
    grades = {(r["student"], r["assignment"]): r for r in rows(out / "grades.csv")}
    assert grades[ivan, "01_alpha"]["score"] == "5.5" and grades[anna, "01_alpha"]["score"] == "3.0"
    assert "reset because the answer changed" not in (out / "report.html").read_text()

    # Ivan sends a new answer; Anna's notebook is the same
    changed = classroom.moodle_files(tiny_course, ivan_why="Because 2 * x is linear in x.")
    autograde.autograde(corpus.write_zip(changed, tmp_path / "again.zip"), out, workers=1, course=tiny_course,
                    limits=classroom.LIMITS)
    with Gradebook(url) as db:
        why = db.find_grade("answer_why", "01_alpha", "01_alpha", ivan)
        assert (why.manual_score, why.needs_manual_grade) == (None, True)
        test = db.find_grade("test_double", "01_alpha", "01_alpha", ivan)
        assert (test.manual_score, test.auto_score, test.needs_manual_grade) == (None, 2.0, False)
        assert db.find_comment("answer_why", "01_alpha", "01_alpha", ivan).manual_comment == "Clear and right."
        assert db.find_grade("answer_why", "01_alpha", "01_alpha", anna).manual_score == 0.0
        assert db.find_grade("test_square", "01_alpha", "01_alpha", anna).manual_score == 1.0
    exercises = {(r["student"], r["exercise"]): r for r in rows(out / "exercises.csv") if r["assignment"] == "01_alpha"}
    assert exercises[ivan, "answer_why"]["status"] == "manual"
    assert "changed after it was graded" in exercises[ivan, "answer_why"]["message"]
    assert exercises[anna, "answer_why"]["status"] == "graded"
    report = (out / "report.html").read_text()
    assert "reset because the answer changed" in report
    reset_rows = report.split("reset because the answer changed")[1].split("</table>")[0]
    assert f"<td>{ivan}</td><td>01_alpha</td><td>answer_why</td><td>1</td>" in reset_rows
    assert f"<td>{ivan}</td><td>01_alpha</td><td>test_double</td><td>1.5</td>" in reset_rows
    assert anna not in reset_rows


def test_formgrade_and_export_find_the_gradebook_the_course_config_names(tiny_course, tmp_path):
    out = tmp_path / "graded"
    out.mkdir()
    assert gradebook.address(out) == f"sqlite:///{out.resolve() / 'gradebook.db'}"
    gradebook.write_course(out, tiny_course, {"02_beta"}, gradebook.address(out))
    assert "db_url" not in (out / "nbgrader_config.py").read_text()
    gradebook.write_course(out, tiny_course, {"02_beta"}, "postgresql://grader@db.example/course")
    assert gradebook.address(out) == "postgresql://grader@db.example/course"
    assert gradebook.address(out, "sqlite:///elsewhere.db") == "sqlite:///elsewhere.db"
    assert oct((out / "nbgrader_config.py").stat().st_mode & 0o777) == "0o600"
    assert (out / "source" / "02_beta" / "02_beta.ipynb").is_file()


def test_a_new_gradebook_is_stamped_with_the_schema_version_alembic_heads_gives(tmp_path):
    """The release and the tests read nbgrader's schema version in process (course.schema_in_process): it must be
    what nbgrader's own `alembic heads` subprocess answers, and what a gradebook nbgrader creates carries."""
    with _temp_alembic_ini(f"sqlite:///{tmp_path / 'unused.db'}") as ini:
        heads = subprocess.run(["alembic", "-c", ini, "heads"], check=True, capture_output=True, text=True).stdout
    assert schema_version() == heads.split()[0]
    with Gradebook(f"sqlite:///{tmp_path / 'new.db'}"):
        pass
    with sqlite3.connect(tmp_path / "new.db") as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(schema_version(),)]
