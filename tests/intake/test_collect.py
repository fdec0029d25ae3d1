"""Collection: folders and LMS zips, who sent what, limits, untrusted notebook JSON, statuses, duplicates."""
import json
import os
import time
import tracemalloc
import zipfile

import nbformat
import pytest

from autograder.intake import collect, senders
from tests import corpus

LESSONS = ["01_alpha", "02_beta"]
VERSION = "0123456789ab"


def notebook(assignment: str | None, **course) -> bytes:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1", id="c1")]
    if assignment:
        nb.metadata["course"] = {"assignment": assignment, "version": VERSION, "lang": "en", **course}
    return nbformat.writes(nb).encode()


def raw_notebook(**changes) -> dict:
    """The JSON of a lesson-01 notebook, as a dict to break."""
    data = json.loads(notebook("01_alpha"))
    data.update(changes)
    return data


def write(folder, files: dict[str, bytes], mtimes: dict[str, int] | None = None):
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        stamp = (mtimes or {}).get(name, 1_700_000_000)
        os.utime(path, (stamp, stamp))


def collected(source, **kwargs):
    """The records collect makes (without the notebooks beside them)."""
    return [sub for sub, _ in collect.collect(source, LESSONS, **kwargs)]


def collected_one(tmp_path, files, **kwargs):
    """The one record and notebook collect makes of `files`."""
    write(tmp_path / "in", files)
    [(sub, nb)] = collect.collect(tmp_path / "in", LESSONS, **kwargs)
    return sub, nb


def by_student(subs):
    return {(s.student, s.assignment): s for s in subs}


def collect_files(tmp_path, files, **kwargs):
    write(tmp_path / "in", files)
    return collected(tmp_path / "in", **kwargs)


def test_folder_statuses_and_metadata_assignment(tmp_path):
    subs = collect_files(tmp_path, {
        "ann/homework.ipynb": notebook("01_alpha"),  # the name says nothing: metadata decides
        "ann/onlinetext.html": b"<p>see my notebook</p>",  # beside a graded notebook: a note
        "bob/01_alpha.ipynb": notebook("02_beta"),  # another lesson under this lesson's name
        "cid/01_alpha.ipynb": b"{broken",
        "dan/02_beta.ipynb": b"",
        "eve/02_beta.docx": b"PK\x03\x04 word",
        "fay/01_alpha.ipynb": b'{"a": 1}',
        "gus/other.ipynb": notebook("99_unknown"),
    })
    got = {(s.student, s.assignment, s.status) for s in subs}
    assert got == {("ann", "01_alpha", "ok"), ("bob", "02_beta", "ok"), ("cid", "01_alpha", "invalid-json"),
                   ("dan", "02_beta", "empty"), ("eve", "02_beta", "not-a-notebook"),
                   ("fay", "01_alpha", "not-a-notebook"), ("gus", "", "unknown-lesson")}
    subs = by_student(subs)
    assert "wrong-lesson" in subs[("bob", "02_beta")].flags
    assert "ignored 'onlinetext.html': not-a-notebook" in " ".join(subs[("ann", "01_alpha")].notes)
    assert all(s.reason for s in subs.values() if s.status != "ok")
    assert all(s.status in collect.UNGRADABLE for s in subs.values() if s.status != "ok")


def test_only_system_files_are_skipped_and_they_are_counted(tmp_path):
    skipped = []
    subs = collect_files(tmp_path, {
        "ann/01_alpha.ipynb": notebook("01_alpha"),
        "ann/.ipynb_checkpoints/01_alpha-checkpoint.ipynb": notebook("01_alpha"),
        "ann/.DS_Store": b"\0",
        "ann/._01_alpha.ipynb": b"\0",
        ".hidden/01_alpha.ipynb": notebook("01_alpha"),  # a student whose folder starts with a dot
        "bob/.answers.ipynb": notebook("02_beta"),  # a hidden file is a file
        "__MACOSX/ann/._01_alpha.ipynb": b"\0",
        ".DS_Store": b"\0",
    }, skipped=skipped)
    subs = by_student(subs)
    assert set(subs) == {("ann", "01_alpha"), ("hidden", "01_alpha"), ("bob", "02_beta")}
    assert all(s.status == "ok" for s in subs.values())
    assert "skipped 4 system files" in " ".join(subs[("ann", "01_alpha")].notes)
    assert skipped == [".DS_Store"]


def test_every_file_outside_a_student_folder_gets_its_own_row(tmp_path):
    subs = collect_files(tmp_path, {"a.ipynb": notebook("01_alpha"), "b.ipynb": notebook("01_alpha"),
                                    "ann/01_alpha.ipynb": notebook("01_alpha")})
    loose = [s for s in subs if s.status == "unknown-student"]
    assert sorted(s.file for s in loose) == ["a.ipynb", "b.ipynb"]
    assert len({s.student for s in subs}) == 3, "two loose files must not merge into one student"


def test_two_folders_never_share_a_student_key(tmp_path):
    subs = collect_files(tmp_path, {
        "Иван Петров/01_alpha.ipynb": notebook("01_alpha"), "Иван_Петров/01_alpha.ipynb": notebook("01_alpha"),
        "x/01_alpha.ipynb": notebook("01_alpha"), ".x/01_alpha.ipynb": notebook("01_alpha"),
        "101/01_alpha.ipynb": notebook("01_alpha"),
        "Ann Lee_101_assignsubmission_file_/01_alpha.ipynb": notebook("01_alpha"),
        "Ann Lee_102_assignsubmission_file_/01_alpha.ipynb": notebook("01_alpha"),  # a namesake
    })
    assert len(subs) == 7 and len({s.student for s in subs}) == 7, [s.student for s in subs]
    assert all(s.status == "ok" for s in subs)
    assert {s.display for s in subs} >= {"Иван Петров", "Иван_Петров", ".x", "x", "101", "Ann Lee"}


def test_one_participant_id_under_two_names_is_refused(tmp_path):
    subs = collect_files(tmp_path, {
        "Ann_5_assignsubmission_file_/01_alpha.ipynb": notebook("01_alpha"),
        "Ann_5_assignsubmission_onlinetext_/onlinetext.html": b"<p>hi</p>",  # the same student
        "Bob_6_assignsubmission_file_/01_alpha.ipynb": notebook("01_alpha"),
        "Bobby_6_assignsubmission_file_/02_beta.ipynb": notebook("02_beta"),
    })
    [ann] = [s for s in subs if s.student == "5"]
    assert ann.status == "ok" and "onlinetext.html" in " ".join(ann.notes)
    bob = [s for s in subs if s.student == "6"]
    assert len(bob) == 2 and all(s.status == "identity-conflict" and "'Bob'" in s.reason for s in bob)


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
        zf.writestr("/Zed_8_assignsubmission_file_/01_alpha.ipynb", notebook("01_alpha"))
    subs = by_student(collected(archive))
    assert set(subs) == {("123456", "01_alpha"), ("654321", "02_beta"), ("777", "01_alpha"), ("8", "01_alpha")}
    ivan = subs[("123456", "01_alpha")]
    assert ivan.file == "01_tensors (2).ipynb" and "duplicate" in ivan.flags and ivan.display == "Ivan Petrov"
    assert "skipped 1 system files" in " ".join(ivan.notes)
    assert subs[("654321", "02_beta")].display == "Anna Smirnova"
    assert not (tmp_path.parent / "escape_777_assignsubmission_file_").exists()


def test_zip_with_a_common_top_folder(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("class/ann/a.ipynb", notebook("01_alpha"))
        zf.writestr("class/bob/b.ipynb", notebook("02_beta"))
        zf.writestr("__MACOSX/class/._ann", b"")
    subs = by_student(collected(archive))
    assert set(subs) == {("ann", "01_alpha"), ("bob", "02_beta")}


GOOD = "Ann_1_assignsubmission_file_/01_alpha.ipynb"
ZIP_CASES = {  # entry -> (forged header fields, status, flag)
    "Bo_2_assignsubmission_file_/01_alpha.ipynb": ({"size": 10}, "corrupt", None),  # forged smaller size
    "Cy_3_assignsubmission_file_/01_alpha.ipynb": ({"size": 1 << 30}, "too-large", None),  # a 1 GiB claim
    "Di_4_assignsubmission_file_/01_alpha.ipynb": ({"crc": 1234}, "corrupt", None),
    "Ed_5_assignsubmission_file_/01_alpha.ipynb": ({"flags": 1}, "encrypted", None),
    "Fy_6_assignsubmission_file_/01_alpha.ipynb": ({"method": 99}, "unsupported", None),
    "Gu_7_assignsubmission_file_/01_alpha.ipynb": ({"version": 99}, "unsupported", None),
    "Ha_8_assignsubmission_file_/01_alpha.ipynb": ({"extra_claims": 200}, "corrupt", None),
    "Io_9_assignsubmission_file_/01_alpha.ipynb": ({"date": 0}, "ok", None),  # month 0, day 0
    # names that are not UTF-8: with the UTF-8 flag (zipfile would refuse the whole zip), and without
    "Jo_10_assignsubmission_file_/01_alpha_X.ipynb": ({"raw_name": b"Jo_10_assignsubmission_file_/01_alpha_\xff.ipynb",
                                                       "utf8_flag": True}, "ok", "bad-file-name"),
    "Ka_11_assignsubmission_file_/01_alpha_X.ipynb": ({"raw_name": b"Ka_11_assignsubmission_file_/01_alpha_\xff.ipynb",
                                                       "utf8_flag": False}, "ok", "bad-file-name"),
}


def test_each_zip_entry_is_judged_on_its_own(tmp_path):
    files = {GOOD: notebook("01_alpha"), **{name: notebook("01_alpha") for name in ZIP_CASES}}
    archive = corpus.write_zip(files, tmp_path / "export.zip", {name: f for name, (f, _, _) in ZIP_CASES.items()})
    with pytest.raises(Exception):  # what the standard library alone makes of it
        with zipfile.ZipFile(archive) as zf:
            [zf.read(i) for i in zf.infolist()]
    subs = {s.student: s for s in collected(archive)}
    assert subs["1"].status == "ok" and subs["1"].assignment == "01_alpha"
    for name, (_, status, flag) in ZIP_CASES.items():
        sub = subs[name.split("_")[1]]
        assert sub.status == status, (name, sub.status, sub.reason)
        assert status == "ok" or sub.reason
        assert flag is None or flag in sub.flags, (name, sub.flags)
    assert "\ufffd" in subs["10"].file and "impossible date" in " ".join(subs["9"].notes)


def test_a_zip_whose_directory_is_destroyed_is_refused_as_a_whole(tmp_path):
    archive = corpus.write_zip({GOOD: notebook("01_alpha")}, tmp_path / "export.zip")
    raw = bytearray(archive.read_bytes())
    start = raw.rfind(b"PK\x01\x02")
    raw[start:start + 4] = b"XXXX"
    archive.write_bytes(bytes(raw))
    with pytest.raises(zipfile.BadZipFile):
        collected(archive)


def test_sizes_are_checked_before_reading(tmp_path):
    big = tmp_path / "in" / "ann" / "01_alpha.ipynb"
    big.parent.mkdir(parents=True)
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # a sparse 1 GiB file
    tracemalloc.start()
    [sub] = collected(tmp_path / "in")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert sub.status == "too-large" and str(1 << 30) in sub.reason
    assert peak < 16 << 20, f"{peak} bytes allocated: the file was read"


def test_links_and_special_files_are_never_followed(tmp_path):
    secret = tmp_path / "solutions.ipynb"
    secret.write_bytes(notebook("01_alpha"))
    (tmp_path / "in" / "ann").mkdir(parents=True)
    os.symlink(secret, tmp_path / "in" / "ann" / "01_alpha.ipynb")
    os.symlink(tmp_path, tmp_path / "in" / "ann" / "everything")
    os.mkfifo(tmp_path / "in" / "ann" / "02_beta.ipynb")  # reading would block forever
    write(tmp_path / "in", {"bob/01_alpha.ipynb": notebook("01_alpha")})
    subs = collected(tmp_path / "in")
    ann = [s for s in subs if s.student == "ann"]
    assert sorted(s.file for s in ann) == ["01_alpha.ipynb", "02_beta.ipynb", "everything"]
    assert all(s.status == "not-a-file" and s.reason for s in ann)
    assert [s.status for s in subs if s.student == "bob"] == ["ok"]


def test_files_per_student_are_capped_notebooks_first(tmp_path):
    files = {f"ann/data/{i:04d}.csv": b"1,2" for i in range(collect.MAX_FILES_PER_STUDENT + 20)}
    files["ann/zzz.ipynb"] = notebook("01_alpha")
    subs = collect_files(tmp_path, files)
    [graded] = [s for s in subs if s.status == "ok"]
    assert graded.file == "zzz.ipynb" and "21 more files not read" in " ".join(graded.notes)


MALFORMED = {
    "course is a list": (raw_notebook(metadata={"course": []}), "bad-metadata"),
    "course is text": (raw_notebook(metadata={"course": "01_alpha"}), "bad-metadata"),
    "metadata is a list": (raw_notebook(metadata=[1]), "malformed"),
    "nbgrader is text": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {"nbgrader": "x"},
                                              "outputs": [], "execution_count": None}]), "malformed"),
    "grade_id is a number": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "outputs": [],
                                                  "metadata": {"nbgrader": {"grade_id": 5, "solution": "yes"}}}]),
                             "malformed"),
    "tags are text": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {"tags": "skip"}}]),
                      "malformed"),
    "tags hold lists": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {"tags": [["a"]]}}]),
                        "malformed"),
    "source is a number": (raw_notebook(cells=[{"cell_type": "code", "source": 5, "metadata": {}}]), "malformed"),
    "source lines hold a number": (raw_notebook(cells=[{"cell_type": "code", "source": ["a", 1], "metadata": {}}]),
                                   "malformed"),
    "cell is a number": (raw_notebook(cells=[7, {"cell_type": "code", "source": "x", "metadata": {}}]), "malformed"),
    "unknown cell type": (raw_notebook(cells=[{"cell_type": "evil", "source": "x"}]), "malformed"),
    "cell metadata is a list": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": []}]),
                                "malformed"),
    "cell id is a dict": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {}, "id": {}}]),
                          "malformed"),
    "cell id has a slash": (raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {},
                                                 "id": "../x"}]), "malformed"),
}


@pytest.mark.filterwarnings("ignore::nbformat.warnings.MissingIDFieldWarning")  # repair gives ids
@pytest.mark.parametrize("case", MALFORMED)
def test_wrong_types_are_dropped_and_the_rest_is_graded(tmp_path, case):
    data, flag = MALFORMED[case]
    sub, nb = collected_one(tmp_path, {"ann/01_alpha.ipynb": json.dumps(data).encode()},
                            identify=lambda nb: "01_alpha")
    assert sub.status == "ok" and flag in sub.flags, (sub.status, sub.reason, sub.flags)
    nbformat.validate(nb)  # a clean notebook, whatever the file held
    for cell in nb.cells:
        assert isinstance(cell.source, str) and isinstance(cell.metadata, dict)
        assert isinstance(cell.metadata.get("tags", []), list)


UNREADABLE = {
    "cells is a dict": (json.dumps(raw_notebook(cells={})).encode(), "not-a-notebook"),
    "nbformat is true": (json.dumps(raw_notebook(nbformat=True)).encode(), "not-a-notebook"),
    "nbformat 5": (json.dumps(raw_notebook(nbformat=5)).encode(), "not-a-notebook"),
    "a list": (b"[1, 2]", "not-a-notebook"),
    "deep nesting": (b"[" * 100_000 + b"]" * 100_000, "invalid-json"),
    "a huge integer": (b'{"nbformat": 4, "cells": [], "x": ' + b"9" * 5000 + b"}", "invalid-json"),
    "not UTF-8": (b'{"nbformat": 4, "cells": ["\xff"]}', "invalid-json"),
    "broken nbformat 3": (json.dumps({"nbformat": 3, "worksheets": [{"cells": [{"cell_type": 5}]}]}).encode(),
                          "not-a-notebook"),
    "too much source": (json.dumps(raw_notebook(cells=[{"cell_type": "code", "source": "x" * (5 << 20),
                                                         "metadata": {}}])).encode(), "too-large"),
    "too many cells": (json.dumps(raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {}}]
                                              * 40_000)).encode(), "too-many-cells"),
}


@pytest.mark.parametrize("case", UNREADABLE)
def test_what_cannot_be_rebuilt_gets_its_own_status(tmp_path, case):
    data, status = UNREADABLE[case]
    subs = collect_files(tmp_path, {"ann/01_alpha.ipynb": data, "bob/01_alpha.ipynb": notebook("01_alpha")})
    subs = {s.student: s for s in subs}
    assert subs["ann"].status == status and subs["ann"].reason, (subs["ann"].status, subs["ann"].reason)
    assert subs["bob"].status == "ok"


def test_forty_thousand_cells_are_refused_by_count_at_once(tmp_path):
    data = json.dumps(raw_notebook(cells=[{"cell_type": "code", "source": "x", "metadata": {}}] * 40_000)).encode()
    write(tmp_path / "in", {"ann/01_alpha.ipynb": data})
    start = time.process_time()
    [sub] = collected(tmp_path / "in")
    assert sub.status == "too-many-cells" and "40000 cells" in sub.reason
    assert time.process_time() - start < 30  # a bound against hanging, not a speed measurement


def test_lone_surrogates_become_replacement_characters(tmp_path):
    data = raw_notebook()
    data["cells"][0]["source"] = "x = '\ud800'"
    sub, nb = collected_one(tmp_path, {"ann/01_alpha.ipynb": json.dumps(data).encode()})
    assert sub.status == "ok"
    nbformat.writes(nb).encode("utf-8")  # would raise on a lone surrogate


@pytest.mark.parametrize("field, value", [("lang", "../solutions/en"), ("lang", "/etc"), ("lang", ["en"]),
                                          ("version", "../../x"), ("version", 12), ("assignment", {"a": 1})])
def test_course_metadata_accepts_only_the_release_s_values(tmp_path, field, value):
    course = {"assignment": "01_alpha", "version": VERSION, "lang": "ru"}
    course[field] = value
    sub, nb = collected_one(tmp_path, {"ann/01_alpha.ipynb": json.dumps(raw_notebook(
        metadata={"course": course})).encode()}, identify=lambda nb: "01_alpha")
    assert sub.status == "ok" and sub.assignment == "01_alpha"
    assert field not in nb.metadata["course"]
    assert set(nb.metadata["course"].items()) < {("assignment", "01_alpha"), ("version", VERSION),
                                                            ("lang", "ru")}
    assert field == "assignment" or "bad-metadata" in sub.flags


def test_nbformat_40_and_v3_notebooks_open(tmp_path):
    v40 = notebook("01_alpha").replace(b'"nbformat_minor": 5', b'"nbformat_minor": 0').replace(b'"id": "c1",', b"")
    v3 = {"nbformat": 3, "nbformat_minor": 0, "metadata": {"course": {"assignment": "02_beta"}},
          "worksheets": [{"cells": [{"cell_type": "code", "input": "x = 1", "outputs": [], "language": "python"}]}]}
    write(tmp_path / "in", {"ann/a.ipynb": v40, "bob/b.ipynb": json.dumps(v3).encode()})
    subs = {s.student: (s, nb) for s, nb in collect.collect(tmp_path / "in", LESSONS)}
    notebooks = {student: nb for student, (_, nb) in subs.items()}
    subs = {student: s for student, (s, _) in subs.items()}
    assert subs["ann"].status == "ok" and subs["ann"].assignment == "01_alpha"
    assert any("4.0" in note for note in subs["ann"].notes)
    assert subs["bob"].status == "ok" and subs["bob"].assignment == "02_beta"
    assert notebooks["bob"].cells[0].source == "x = 1"


@pytest.mark.parametrize("order", [1, -1])
def test_duplicates_choose_the_newest_then_the_name_and_say_so(tmp_path, order):
    names = ["01_alpha.ipynb", "01_alpha (1).ipynb", "copy.ipynb"][::order]
    files = {f"ann/{n}": notebook("01_alpha") for n in names}
    mtimes = {"ann/01_alpha.ipynb": 100, "ann/01_alpha (1).ipynb": 300, "ann/copy.ipynb": 300}
    write(tmp_path / "in", files, mtimes)
    [sub] = collected(tmp_path / "in")
    assert sub.file == "copy.ipynb"  # newest two tie; "copy" sorts after "01_alpha (1)"
    assert "duplicate" in sub.flags and "01_alpha (1).ipynb" in " ".join(sub.notes)


def test_unreadable_file_beside_a_good_one_is_only_noted(tmp_path):
    write(tmp_path / "in", {"ann/01_alpha.ipynb": notebook("01_alpha"), "ann/01_alpha (2).ipynb": b"{"})
    [sub] = collected(tmp_path / "in")
    assert sub.status == "ok" and "invalid-json" in " ".join(sub.notes)


def test_an_unforeseen_error_in_one_file_is_that_file_s_status(tmp_path):
    def identify(nb):
        raise RuntimeError("boom")
    subs = collect_files(tmp_path, {"ann/01_alpha.ipynb": json.dumps(raw_notebook(metadata={})).encode(),
                                    "bob/01_alpha.ipynb": notebook("01_alpha")}, identify=identify)
    subs = {s.student: s for s in subs}
    assert subs["ann"].status == "unreadable" and "boom" in subs["ann"].reason
    assert subs["bob"].status == "ok"


def test_student_keys_are_safe_folder_names():
    assert senders.safe_student("Иван Петров_1") == "Иван_Петров_1"
    assert senders.safe_student("../../etc") == "etc"
    assert senders.safe_student("  ") == "unknown"
