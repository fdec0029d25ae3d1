"""Who sent a file (autograder/intake/senders.py): every name Moodle's "Download all submissions" gives,
in both languages, built by tests/moodle_site.py exactly as Moodle's PHP names each entry."""
import nbformat
import pytest

from autograder.intake import collect, senders
from tests import moodle_site
from tests.moodle_site import Student

LESSONS = ["01_alpha", "02_beta"]


def notebook(assignment: str) -> bytes:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1", id="c1")]
    nb.metadata["course"] = {"assignment": assignment, "version": "0123456789ab", "lang": "en"}
    return nbformat.writes(nb).encode()


def klass() -> list[Student]:
    """Five students: Cyrillic names, an apostrophe, an underscore, a file in a subfolder, online text."""
    return [Student("Anna O'Neil", 93, {"/01_tensors.ipynb": notebook("01_alpha")}),
            Student("Иван Петров", 94, {"/01_tensors.ipynb": notebook("01_alpha")}, onlinetext="<p>см. ноутбук</p>"),
            Student("Jean_Luc Picard", 95, {"/work/01_tensors.ipynb": notebook("01_alpha")}),
            Student("Мария Иванова", 96, {"/homework.ipynb": notebook("01_alpha"),
                                           "/02_beta.ipynb": notebook("02_beta")}),
            Student("Bob_102_assignsubmission_file_x", 97, {"/01_tensors.ipynb": notebook("01_alpha")})]


def collect_zip(tmp_path, entries: dict[str, bytes], **kwargs):
    tmp_path.mkdir(parents=True, exist_ok=True)
    archive = tmp_path / "download.zip"
    archive.write_bytes(moodle_site.zip_bytes(entries))
    return [sub for sub, _ in collect.collect(archive, LESSONS, **kwargs)]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("era, folders", [("4.1", True), ("3.1", True), ("4.1", False), ("3.1", False)])
@pytest.mark.parametrize("blind", [False, True])
def test_every_download_form_keys_each_student_by_participant_id(tmp_path, language, era, folders, blind):
    entries = moodle_site.download(klass(), language, era, folders, blind)
    if era == "4.1" and folders and not blind:  # the issue's own example of today's names
        assert "Anna ONeil_93_assignsubmission_file/01_tensors.ipynb" in entries
    subs = collect_zip(tmp_path, entries)
    graded = {(s.student, s.assignment): s for s in subs if s.status == "ok"}
    assert sorted(graded) == [("93", "01_alpha"), ("94", "01_alpha"), ("95", "01_alpha"), ("96", "01_alpha"),
                              ("96", "02_beta"), ("97", "01_alpha")], sorted((s.student, s.status) for s in subs)
    assert all(s.lms_id == s.student and not s.flags for s in graded.values())
    names = {s.student: s.display for s in graded.values()}
    participant = moodle_site.LANG[language]["participant"]
    assert names == ({k: f"{participant} {k}" for k in names} if blind else {
        # clean_filename drops the apostrophe, Moodle makes "_" a space, Cyrillic stays
        "93": "Anna ONeil", "94": "Иван Петров", "95": "Jean Luc Picard", "96": "Мария Иванова",
        "97": "Bob 102 assignsubmission file x"})
    assert graded["95", "01_alpha"].file == ("work/01_tensors.ipynb" if folders else "01_tensors.ipynb")
    ivan = graded["94", "01_alpha"]  # online text is kept out, with a note
    assert "onlinetext.html" in " ".join(ivan.notes) and "not graded" in " ".join(ivan.notes)
    assert not [s for s in subs if s.status != "ok"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("folders", [True, False])
def test_team_submissions_since_4_1_never_give_a_group_id_to_a_student(tmp_path, language, folders):
    students = klass()[:3]
    students[0].group = students[1].group = ("Team_A", 12)  # students[2] is in no group
    entries = moodle_site.download(students, language, "4.1", folders, team=True)
    default = moodle_site.LANG[language]["defaultteam"]
    assert any(name.startswith(f"{default}_assignsubmission_file") for name in entries)
    # Moodle's default group tells a team download apart, and so does MOODLE_TEAMS=1 (teams=True)
    for teams in (False, True):
        subs = collect_zip(tmp_path / str(teams), entries, teams=teams)
        assert sorted((s.student, s.display, s.lms_id) for s in subs) == [
            ("team-12", "Team A", ""), ("team-default", default, "")]
        for sub in subs:
            assert sub.status == "ok" and sub.flags == ("moodle-team",) and "no worksheet row" in " ".join(sub.notes)
        [team] = [s for s in subs if s.student == "team-12"]
        assert "12 in 'Team A_12_assignsubmission_file" in " ".join(team.notes)
        assert "is the Moodle group id of 'Team A', not a participant id" in " ".join(team.notes)


def test_team_groups_with_numbers_need_moodle_teams(tmp_path):
    students = klass()[:2]
    students[0].group = students[1].group = ("Team A", 12)
    entries = moodle_site.download(students, "en", "4.1", True, team=True)
    assert list(entries) == ["Team A_12_assignsubmission_file/01_tensors.ipynb"]
    [sub] = collect_zip(tmp_path, entries, teams=True)
    assert (sub.student, sub.lms_id, sub.flags) == ("team-12", "", ("moodle-team",))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_team_submissions_before_4_1_carry_each_member_s_participant_id(tmp_path, language):
    students = klass()[:3]
    students[0].group = students[1].group = ("Team A", 12)
    entries = moodle_site.download(students, language, "3.1", True, team=True)
    subs = collect_zip(tmp_path, entries, teams=True)
    default = moodle_site.LANG[language]["defaultteam"]
    assert sorted((s.student, s.display, s.lms_id) for s in subs) == [
        ("93", "Team A-Anna ONeil", "93"), ("94", "Team A-Иван Петров", "94"), ("95", f"{default}-Jean Luc Picard", "95")]


@pytest.mark.parametrize("folder", [
    "Bob_102_assignsubmission_file_extra",  # more after Moodle's form
    "Mallory_102_assignsubmission_file__999_assignsubmission_file_",  # a name never holds "_" in Moodle's names
    "Eve_5_12_assignsubmission_onlinetext_",
    "Zed_x_assignsubmission_file",  # no number
])
def test_a_folder_like_moodle_s_that_matches_no_form_is_reported(folder):
    who, inner = senders.sender([folder, "01.ipynb"])
    assert (who.key, who.lms_id, who.flag, inner) == (senders.safe_student(folder), "", "moodle-name", "01.ipynb")
    assert "matches none of its forms: expected '<full name>_<participant id>_assignsubmission_file'" in who.note


def test_a_flat_name_like_moodle_s_that_matches_no_form_has_no_student():
    who, _ = senders.sender(["Bob_x_assignsubmission_file_01.ipynb"])
    assert who.status == "unknown-student" and "matches none of its forms" in who.reason and not who.lms_id


@pytest.mark.parametrize("name, key, display, inner", [
    ("Ivan Petrov_123456_assignsubmission_file_01_tensors.ipynb", "123456", "Ivan Petrov", "01_tensors.ipynb"),
    # the student's own file name comes after Moodle's prefix: it cannot move the id, as in Moodle's own
    # importer (explode('_', $name, 5) takes the second piece)
    ("Eve_999_assignsubmission_file_Bob_102_assignsubmission_file_01.ipynb", "999", "Eve",
     "Bob_102_assignsubmission_file_01.ipynb"),
    ("Ivan_7_assignsubmission_file__8_assignsubmission_file_a.ipynb", "7", "Ivan", "_8_assignsubmission_file_a.ipynb"),
])
def test_flat_names_take_the_first_id_as_moodle_does(name, key, display, inner):
    who, got = senders.sender([name])
    assert (who.key, who.lms_id, who.display, who.status, got) == (key, key, display, "ok", inner)


def test_plain_folders_are_no_moodle_names():
    who, inner = senders.sender(["ann", "lesson.ipynb"])
    assert (who.key, who.lms_id, who.flag, who.note, inner) == ("ann", "", "", "", "lesson.ipynb")


def test_a_flat_download_unzipped_into_one_folder(tmp_path):
    entries = moodle_site.download(klass()[:2], "en", "4.1", folders=False)
    subs = collect_zip(tmp_path, {f"my-download/{name}": data for name, data in entries.items()})
    assert sorted((s.student, s.lms_id) for s in subs) == [("93", "93"), ("94", "94")]
