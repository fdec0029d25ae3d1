"""Moodle's worksheet and feedback zip (autograder/moodle/worksheet.py, export.py), end to end: a class
downloaded from Moodle in each form goes through autograde and export, and Moodle's importers, as
tests/moodle_site.py does them after Moodle's PHP, put every grade, comment and feedback file on the
right participant, on an English site and on a Russian one."""
import dataclasses
import zipfile
from datetime import datetime, timezone

import pytest

from autograder import autograde, cli
from autograder import gradebook
from autograder.moodle import export, worksheet
from tests import classroom, corpus, moodle_site
from tests.moodle_site import Site, Student

NOW = datetime(2026, 11, 20, 15, 30, tzinfo=timezone.utc)  # the export
LATER = NOW.timestamp() + 3600  # the upload
SCORES = {"Ivan Petrov": 6.0, "Anna O'Neil": 2.5, "Oleg Ivanov": 0.0, "Мария Иванова": 5.0, "Jean_Luc Picard": 5.0}
COMMENTS = {"Ivan Petrov": "<p><b>answer_why</b>: Right: 2x is linear.</p>",
            "Anna O'Neil": "<p><b>answer_why</b>: Say &lt;why&gt;, &amp; how.</p>",
            "Jean_Luc Picard": "<p><b>answer_why</b>: Short, &quot;thin&quot;, but right.</p>"}
ABSENT = (106, "Пётр Сидоров")  # enrolled, submitted nothing


def students(course) -> list[Student]:
    alpha = corpus.load(course, "solutions", "01_alpha")
    answer = lambda why, **cells: {"/01_alpha.ipynb": corpus.dump(classroom.answered(alpha, why, **cells))}
    return [Student("Ivan Petrov", 101, answer("Because doubling is linear.")),
            Student("Anna O'Neil", 102, answer("I do not know.", square="def square(x):\n    return 2 * x")),
            Student("Oleg Ivanov", 103, {"/lesson.ipynb": corpus.dump(corpus.load(course, "lessons", "01_alpha"))}),
            Student("Мария Иванова", 104, answer("Потому что."), onlinetext="<p>Ноутбук приложен.</p>"),
            Student("Jean_Luc Picard", 105, {"/work/01_alpha.ipynb": answer("It is linear.")["/01_alpha.ipynb"]})]


@pytest.fixture(scope="module", params=[("4.1", True), ("4.1", False), ("3.1", True)],
                ids=["folders-4.1", "flat", "folders-3.1"])
def graded(request, sandbox, tiny_course, tmp_path_factory):
    """(the class, the graded course) of a download of assignment 01_alpha in one form, graded by hand too."""
    era, folders = request.param
    klass = students(tiny_course)
    archive = tmp_path_factory.mktemp("download") / "download.zip"
    archive.write_bytes(moodle_site.zip_bytes(moodle_site.download(klass, "en", era, folders)))
    out = tmp_path_factory.mktemp("graded") / "graded"
    autograde.autograde(archive, out, workers=1, course=tiny_course, limits=classroom.LIMITS)
    url = gradebook.address(out)
    ids = classroom.keys(url)
    for who, score, text in (("101", 1.0, "Right: 2x is linear."), ("102", 0.5, "Say <why>, & how."),
                             ("105", 0.0, 'Short, "thin", but right.')):
        classroom.grade_by_hand(url, ids[who], "01_alpha", "answer_why", score=score, comment=text)
    return klass, out


def in_language(course, tmp_path, language: str):
    (tmp_path / "course.toml").write_text(f'[moodle]\nlanguage = "{language}"\n', encoding="utf-8")
    return dataclasses.replace(course, settings=tmp_path / "course.toml")


def site(klass, language: str, max_grade: float = 6.0, era: str = "4.1") -> Site:
    return Site(language, {s.participant: s.fullname for s in klass} | {ABSENT[0]: ABSENT[1]}, max_grade, era)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_grade_comment_and_file_lands_on_the_right_participant(graded, tiny_course, tmp_path, language):
    klass, out = graded
    done = export.export(out, course=in_language(tiny_course, tmp_path, language), now=NOW)
    assert not done.missing and not done.failed
    sheet = (out / "export" / "01_alpha_grades.csv").read_bytes()

    # as Moodle's own "Download grading worksheet" writes it: the same columns, identifiers and names
    own = moodle_site.worksheet(language, [
        {"participant": s.participant, "fullname": moodle_site.clean_filename(s.fullname.replace("_", " ")),
         "email": "", "grade": None, "submitted": None, "marked": None, "comments": ""} for s in klass], 6.0)
    ours_lines, own_lines = (moodle_site.csv.reader(data.decode("utf-8-sig").splitlines()) for data in (sheet, own))
    ours_lines, own_lines = list(ours_lines), list(own_lines)
    assert sheet.startswith("\ufeff".encode()) and ours_lines[0] == own_lines[0]
    assert [line[:3] for line in ours_lines] == [line[:3] for line in own_lines]
    hidden = moodle_site.LANG[language]["hiddenuser"]
    assert all(line[0].startswith(hidden) and line[0][len(hidden):].isdigit() for line in ours_lines[1:])

    moodle_now = site(klass, language)
    assert moodle_now.upload_worksheet(sheet, LATER) == (5, 3)
    by_name = {moodle_now.participants[p]: grade for p, (grade, _) in moodle_now.grades.items()}
    assert by_name == SCORES
    assert {moodle_now.participants[p]: text for p, text in moodle_now.comments.items()} == COMMENTS

    pages = (out / "export" / "01_alpha_feedback.zip").read_bytes()
    for era in ("4.1", "3.1"):  # the importer of today and the one before 4.1
        moodle_then = site(klass, language, era=era)
        assert moodle_then.upload_feedback_zip(pages) == 5
        for participant, files in moodle_then.files.items():
            assert list(files) == ["01_alpha_feedback.html"]
            assert files["01_alpha_feedback.html"] == (out / "feedback" / str(participant) / "01_alpha.html").read_bytes()
            shown = moodle_site.clean_filename(moodle_then.participants[participant].replace("_", " "))
            assert shown in files["01_alpha_feedback.html"].decode()  # the page names its own student


def test_a_worksheet_in_the_wrong_language_imports_nothing(graded, tiny_course, tmp_path):
    klass, out = graded
    export.export(out, course=in_language(tiny_course, tmp_path, "en"), now=NOW)
    with pytest.raises(ValueError, match="invalidgradeimport"):  # Russian column names are looked up
        site(klass, "ru").upload_worksheet((out / "export" / "01_alpha_grades.csv").read_bytes(), LATER)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_sites_own_worksheet_as_template(graded, tiny_course, tmp_path, language):
    klass, out = graded
    graded_before = datetime(2026, 11, 10, 9, 0, tzinfo=timezone.utc)  # Moodle holds older grades of two students
    rows = [{"participant": s.participant, "fullname": s.fullname, "email": f"s{s.participant}@uni.example",
             "grade": 1.0 if s.participant in (101, 102) else None, "submitted": graded_before,
             "marked": graded_before if s.participant in (101, 102) else None, "comments": ""}
            for s in klass] + [{"participant": ABSENT[0], "fullname": ABSENT[1], "email": "", "grade": None,
                                "submitted": None, "marked": None, "comments": ""}]
    own = tmp_path / f"Grades-PT-Lesson 1-{language}.csv"
    own.write_bytes(moodle_site.worksheet(language, rows, 6.0))

    # Moodle's own worksheet, uploaded back as it is, loses the rows it graded before in Russian: strtotime
    # reads no Russian date, so their grade looks newer than the worksheet
    before = site(klass, language)
    before.grades = {101: (1.0, graded_before.timestamp()), 102: (1.0, graded_before.timestamp())}
    mine = own.read_bytes().replace("1,00".encode(), "2,00".encode()).replace(b"1.00", b"2.00")
    assert before.upload_worksheet(mine, LATER)[0] == (0 if language == "ru" else 2)

    done = export.export(out, course=in_language(tiny_course, tmp_path, "en"), now=NOW, worksheets=[own])
    assert not done.missing and f"the site's worksheet {own.name}, in {language}" in " ".join(done.notes)
    filled = (out / "export" / "01_alpha_grades.csv").read_bytes()
    theirs, ours = (list(moodle_site.csv.reader(d.decode("utf-8-sig").splitlines())) for d in (own.read_bytes(), filled))
    header = theirs[0]
    changed = {header.index(moodle_site.LANG[language][k]) for k in ("gradenoun", "lastmodifiedgrade", "comments")}
    assert len(ours) == len(theirs) == 7 and ours[0] == header
    for mine_line, their_line in zip(ours[1:], theirs[1:]):
        kept = [i for i in range(len(header)) if i not in changed]
        assert [mine_line[i] for i in kept] == [their_line[i] for i in kept]  # names, emails, status: the site's
    assert ours[-1] == theirs[-1]  # the student who submitted nothing is left as the site wrote it

    moodle_now = site(klass, language)
    moodle_now.grades = {101: (1.0, graded_before.timestamp()), 102: (1.0, graded_before.timestamp())}
    assert moodle_now.upload_worksheet(filled, LATER) == (5, 3)
    assert {moodle_now.participants[p]: g for p, (g, _) in moodle_now.grades.items()} == SCORES
    assert ABSENT[0] not in moodle_now.grades


def test_a_template_scales_grades_to_the_sites_maximum(graded, tiny_course, tmp_path):
    klass, out = graded
    rows = [{"participant": s.participant, "fullname": s.fullname, "email": "", "grade": None, "submitted": None,
             "marked": None, "comments": ""} for s in klass]
    own = tmp_path / "worksheet.csv"
    own.write_bytes(moodle_site.worksheet("ru", rows, 100.0))
    done = export.export(out, course=tiny_course, now=NOW, worksheets=[own])
    assert "Moodle's maximum grade is 100 and the lesson's 6 points: grades are scaled to 100" in " ".join(done.notes)
    moodle_now = site(klass, "ru", max_grade=100.0)
    moodle_now.upload_worksheet((out / "export" / "01_alpha_grades.csv").read_bytes(), LATER)
    assert {moodle_now.participants[p]: g for p, (g, _) in moodle_now.grades.items()} == {
        name: round(score * 100 / 6, 2) for name, score in SCORES.items()}


def test_a_worksheet_of_another_assignment_is_refused(graded, tiny_course, tmp_path):
    _, out = graded
    other = tmp_path / "other.csv"
    other.write_bytes(moodle_site.worksheet("en", [{"participant": 901, "fullname": "X", "email": "", "grade": None,
                                                    "submitted": None, "marked": None, "comments": ""}], 6.0))
    with pytest.raises(ValueError, match="holds none of the graded students' participant ids"):
        export.export(out, course=tiny_course, now=NOW, worksheets=[other])
    not_moodle = tmp_path / "notes.csv"
    not_moodle.write_text("name,grade\nIvan,5\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a Moodle grading worksheet"):
        export.export(out, course=tiny_course, now=NOW, worksheets=[not_moodle])


def test_a_download_that_leaves_students_without_an_id_fails_the_export(sandbox, tiny_course, tmp_path, capsys,
                                                                        monkeypatch):
    klass = students(tiny_course)[:3]
    klass[0].group = klass[1].group = ("Team A", 12)
    entries = moodle_site.download(klass, "en", "4.1", True, team=True)  # named after groups: no participant ids
    entries["Zed_x_assignsubmission_file/01_alpha.ipynb"] = klass[0].files["/01_alpha.ipynb"]
    archive = tmp_path / "download.zip"
    archive.write_bytes(moodle_site.zip_bytes(entries))
    out = tmp_path / "graded"
    autograde.autograde(archive, out, workers=1, course=tiny_course, limits=classroom.LIMITS)
    real = export.export
    monkeypatch.setattr(export, "export", lambda *args, **kwargs: real(*args, course=tiny_course, **kwargs))
    with pytest.raises(SystemExit) as stop:  # what `make export OUT=...` runs
        cli.main(["export", str(out)])
    said = capsys.readouterr()
    assert stop.value.code == 1 and "their grades would not reach Moodle" in said.err
    assert "3 row(s) without a Moodle participant id, in no worksheet:" in said.out
    assert "team-12 01_alpha 01_alpha.ipynb: a team submission" in said.out
    assert "team-default 01_alpha lesson.ipynb: a team submission" in said.out
    assert "Zed_x_assignsubmission_file 01_alpha 01_alpha.ipynb: its name matches none" in said.out
    assert sorted(p.name for p in (out / "export").iterdir()) == ["final_grades.csv"]  # no worksheet, no zip


def test_identifiers_and_grades_as_moodle_reads_them():
    for language in ("en", "ru"):
        ident = worksheet.identifier(language, "101")
        assert worksheet.participant(language, ident) == "101" and worksheet.participant(language, "Participant x") == ""
        assert worksheet.grade_value(language, worksheet.grade_text(language, 3.5)) == 3.5
        assert moodle_site.unformat_float(worksheet.grade_text(language, 3.5), moodle_site.LANG[language]["decsep"]) == 3.5
    assert worksheet.identifier("ru", "7") == "Участник7" and worksheet.grade_text("ru", 2) == "2,00"
    assert moodle_site.strtotime(worksheet.moodle_time(NOW)) == NOW.timestamp()
    with pytest.raises(ValueError, match="not known here"):
        worksheet.text("de", "recordid")


def test_feedback_names_never_break_moodles_split():
    for name in ("Jean_Luc / O'Neil: *x*", "", ".hidden", "~tmp"):
        entry = export.feedback_name(gradebook.Person("7", name, "77", ""), "01_alpha")
        assert entry.split("_", 4)[1:4] == ["77", "assignsubmission", "file"] and "/" not in entry
        assert not entry.startswith((".", "~"))
        with zipfile.ZipFile(tmp := __import__("io").BytesIO(), "w") as archive:
            archive.writestr(entry, b"page")
        assert Site("en", {77: "x"}, 1.0).upload_feedback_zip(tmp.getvalue()) == 1
