"""Collection: folders and LMS zips, the assignment from metadata, statuses, duplicates."""
import os
import zipfile

import nbformat
import pytest

from autograder import collect

LESSONS = ["01_alpha", "02_beta"]


def notebook(assignment: str | None) -> bytes:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1", id="c1")]
    if assignment:
        nb.metadata["course"] = {"assignment": assignment, "version": "v1", "lang": "en"}
    return nbformat.writes(nb).encode()


def write(folder, files: dict[str, bytes], mtimes: dict[str, int] | None = None):
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        stamp = (mtimes or {}).get(name, 1_700_000_000)
        os.utime(path, (stamp, stamp))


def by_student(subs):
    return {(s.student, s.assignment): s for s in subs}


def test_folder_statuses_and_metadata_assignment(tmp_path):
    write(tmp_path / "in", {
        "ann/homework.ipynb": notebook("01_alpha"),  # the name says nothing: metadata decides
        "bob/01_alpha.ipynb": notebook("02_beta"),  # another lesson under this lesson's name
        "cid/01_alpha.ipynb": b"{broken",
        "dan/02_beta.ipynb": b"",
        "eve/02_beta.docx": b"PK\x03\x04 word",
        "fay/01_alpha.ipynb": b'{"a": 1}',
        "gus/other.ipynb": notebook("99_unknown"),
        "gus/.ipynb_checkpoints/other-checkpoint.ipynb": notebook("01_alpha"),
        ".hidden/01_alpha.ipynb": notebook("01_alpha"),
    })
    subs = collect.collect(tmp_path / "in", tmp_path / "work", LESSONS)
    got = {(s.student, s.assignment, s.status) for s in subs}
    assert got == {("ann", "01_alpha", "ok"), ("bob", "02_beta", "ok"), ("cid", "01_alpha", "invalid-json"),
                   ("dan", "02_beta", "empty"), ("eve", "02_beta", "not-a-notebook"),
                   ("fay", "01_alpha", "not-a-notebook"), ("gus", "", "unknown-lesson")}
    subs = by_student(subs)
    assert "wrong-lesson" in subs[("bob", "02_beta")].flags
    assert all(s.reason for s in subs.values() if s.status != "ok")


def test_nbformat_40_and_v3_notebooks_open(tmp_path):
    v40 = notebook("01_alpha").replace(b'"nbformat_minor": 5', b'"nbformat_minor": 0').replace(b'"id": "c1",', b"")
    write(tmp_path / "in", {"ann/a.ipynb": v40})
    [sub] = collect.collect(tmp_path / "in", tmp_path / "work", LESSONS)
    assert sub.status == "ok" and sub.assignment == "01_alpha"
    assert any("4.0" in note for note in sub.notes)


@pytest.mark.parametrize("order", [1, -1])
def test_duplicates_choose_the_newest_then_the_name_and_say_so(tmp_path, order):
    names = ["01_alpha.ipynb", "01_alpha (1).ipynb", "copy.ipynb"][::order]
    files = {f"ann/{n}": notebook("01_alpha") for n in names}
    mtimes = {"ann/01_alpha.ipynb": 100, "ann/01_alpha (1).ipynb": 300, "ann/copy.ipynb": 300}
    write(tmp_path / "in", files, mtimes)
    [sub] = collect.collect(tmp_path / "in", tmp_path / "work", LESSONS)
    assert sub.name == "copy.ipynb"  # newest two tie; "copy" sorts after "01_alpha (1)"
    assert "duplicate" in sub.flags and "01_alpha (1).ipynb" in " ".join(sub.notes)


def test_unreadable_file_beside_a_good_one_is_only_noted(tmp_path):
    write(tmp_path / "in", {"ann/01_alpha.ipynb": notebook("01_alpha"), "ann/01_alpha (2).ipynb": b"{"})
    [sub] = collect.collect(tmp_path / "in", tmp_path / "work", LESSONS)
    assert sub.status == "ok" and "invalid-json" in " ".join(sub.notes)


def test_moodle_zip(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(zipfile.ZipInfo("Ivan Petrov_123456_assignsubmission_file_/01_tensors (2).ipynb",
                                    (2026, 1, 1, 10, 0, 0)), notebook("01_alpha"))
        zf.writestr(zipfile.ZipInfo("Ivan Petrov_123456_assignsubmission_file_/01_alpha.ipynb",
                                    (2026, 1, 1, 9, 0, 0)), notebook("01_alpha"))
        zf.writestr("Anna Smirnova_654321_assignsubmission_file_02_beta.ipynb", notebook("02_beta"))
        zf.writestr("__MACOSX/Ivan Petrov_123456_assignsubmission_file_/._x.ipynb", b"junk")
        zf.writestr("../../escape_777_assignsubmission_file_/01_alpha.ipynb", notebook("01_alpha"))
    subs = by_student(collect.collect(archive, tmp_path / "work", LESSONS))
    assert set(subs) == {("Ivan_Petrov_123456", "01_alpha"), ("Anna_Smirnova_654321", "02_beta"),
                         ("escape_777", "01_alpha")}
    ivan = subs[("Ivan_Petrov_123456", "01_alpha")]
    assert ivan.name == "01_tensors (2).ipynb" and "duplicate" in ivan.flags
    for sub in subs.values():  # extracted inside the work folder whatever the names say
        assert (tmp_path / "work") in sub.path.resolve().parents
    assert not (tmp_path.parent / "escape_777_assignsubmission_file_").exists()


def test_zip_with_a_common_top_folder(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("class/ann/a.ipynb", notebook("01_alpha"))
        zf.writestr("class/bob/b.ipynb", notebook("02_beta"))
    subs = by_student(collect.collect(archive, tmp_path / "work", LESSONS))
    assert set(subs) == {("ann", "01_alpha"), ("bob", "02_beta")}


def test_student_ids_are_safe_folder_names():
    assert collect.safe_student("Иван Петров_1") == "Иван_Петров_1"
    assert collect.safe_student("../../etc") == "etc"
    assert collect.safe_student("  ") == "unknown"
