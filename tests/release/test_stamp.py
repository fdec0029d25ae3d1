"""A whole release's stamp: a release is reused only while its inputs and its files are as it made them."""
import shutil

import pytest

from autograder import release
from autograder.course import Course
from autograder.release import stamp
from tests.tiny_course import LESSON_A, LESSON_B, released_course


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Course:
    """Released once: the first test reads it, the last changes it."""
    return released_course(tmp_path_factory.mktemp("course"), {"01_alpha": LESSON_A, "02_beta": LESSON_B})


def test_a_whole_release_is_fresh_and_its_copy_holds_the_same_files(course, tmp_path):
    assert stamp.fresh(course) is None
    copy = Course(sources=course.sources, build=tmp_path / "copy" / "build", out_root=tmp_path / "copy" / "out")
    stamp.copy(course, copy)
    for root, copied in ((course.out_root, copy.out_root), (course.build / "en", copy.build / "en")):
        files = sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())
        assert files and files == sorted(p.relative_to(copied) for p in copied.rglob("*") if p.is_file())
        assert all((root / f).read_bytes() == (copied / f).read_bytes() for f in files)


def test_a_changed_source_a_changed_file_or_a_partial_release_is_not_fresh(course):
    source = course.sources / "01_alpha.py"
    original = source.read_text()
    source.write_text(original + "\n# %%\nx = 1\n")
    assert "changed since `make release`" in stamp.fresh(course)
    source.write_text(original)
    assert stamp.fresh(course) is None

    notebook = course.out_root / "lessons" / "en" / "01_alpha.ipynb"
    original = notebook.read_bytes()
    notebook.write_bytes(original + b" ")
    assert stamp.fresh(course) == f"{notebook} changed since `make release`"
    notebook.write_bytes(original)
    assert stamp.fresh(course) is None

    judges = course.build / "en" / "judges"
    shutil.move(judges, course.build / "judges-elsewhere")
    assert "changed since `make release`" in stamp.fresh(course)
    shutil.move(course.build / "judges-elsewhere", judges)
    assert stamp.fresh(course) is None
    release.release(course, only=["01_alpha"])  # a partial release stamps nothing
    assert stamp.fresh(course) == f"no {stamp.NAME} in {course.build} (`make release` writes it)"
