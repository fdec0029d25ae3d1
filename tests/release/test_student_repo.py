"""The student repository that `make release` builds: lessons, READMEs and requirements, and no answer."""
import re
import shutil

import nbformat
import pytest

from autograder import ROOT, release
from autograder.course import Course, ReleaseError
from autograder.release import student_repo
from autograder.release.howto import HOW_TO_ID, how_to
from tests.release.test_release import make_course


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("student-repo")
    settings = tmp / "course.toml"
    settings.write_text('[student_repository]\ngithub = "uni-dl/pytorch-basics-2027"\nbranch = "spring"\n')
    course = make_course(tmp)
    course = Course(sources=course.sources, build=course.build, out_root=course.out_root, settings=settings)
    release.release(course)
    return course


def files(tree):
    return sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file())


def test_the_tree_holds_lessons_readmes_and_requirements_only(course):
    tree = student_repo.folder(course)
    assert files(tree) == ["README.en.md", "README.md", "en/01_practice.ipynb", "requirements.txt",
                           "ru/01_practice.ipynb"]
    assert "torch" in (tree / "requirements.txt").read_text()
    assert "Как открыть урок" in (tree / "README.md").read_text()
    assert "Opening a lesson" in (tree / "README.en.md").read_text() and "Submit" in (tree / "README.en.md").read_text()


def test_the_readmes_say_how_to_work_and_submit_as_the_lessons_do(course):
    tree = student_repo.folder(course)
    for lang, readme in (("ru", "README.md"), ("en", "README.en.md")):
        lesson = nbformat.read(tree / lang / "01_practice.ipynb", as_version=4)
        block = next(cell.source for cell in lesson.cells if cell.id == HOW_TO_ID)
        assert block == how_to(lang, written=True)  # the practice lesson has a written answer
        assert how_to(lang) in (tree / readme).read_text(encoding="utf-8")  # the README's serves every lesson


def test_no_solution_hidden_check_judge_or_gradebook_reaches_students(course):
    tree = student_repo.folder(course)
    everything = "\n".join(p.read_text(encoding="utf-8") for p in tree.rglob("*") if p.is_file())
    for secret in ("secret_factor", "probe.call", "double(-21)", "def judge", "\"judge-only message\"", "BEGIN SOLUTION",
                   "HIDDEN TESTS", "Because."):
        assert secret not in everything, secret
    assert not list(tree.rglob("*.db")) and not list(tree.rglob("*.py")) and not list(tree.rglob("*.json"))


def test_badges_open_the_lessons_from_the_configured_student_repository(course):
    tree = student_repo.folder(course)
    for lang in ("ru", "en"):
        nb = nbformat.read(tree / lang / "01_practice.ipynb", as_version=4)
        url = re.search(r"colab\.research\.google\.com/github/([^)]*)\)", nb.cells[0].source).group(1)
        assert url == f"uni-dl/pytorch-basics-2027/blob/spring/{lang}/01_practice.ipynb"
        assert (tree / url.split("/blob/spring/")[1]).exists()
    assert "uni-dl/pytorch-basics-2027/blob/spring/en/01_practice.ipynb" in (tree / "README.en.md").read_text()


@pytest.mark.parametrize("plant", ["gradebook", "solution-line", "judge-line", "variant"])
def test_the_check_refuses_a_tree_with_a_secret(course, tmp_path, plant):
    tree = tmp_path / "student"
    shutil.copytree(student_repo.folder(course), tree)
    if plant == "gradebook":
        shutil.copy(course.build / "en" / "gradebook.db", tree / "gradebook.db")
    elif plant == "variant":
        shutil.copy(ROOT / "tests" / "lessons" / "variants" / "01_tensors.py", tree / "en" / "variants.py")
    else:
        nb = nbformat.read(tree / "en" / "01_practice.ipynb", as_version=4)
        line = "secret_factor = 2" if plant == "solution-line" else 'assert got["double(-21)"] == want["double(-21)"] == -42, "judge-only message"'
        nb.cells.append(nbformat.v4.new_code_cell(line))
        nbformat.write(nb, tree / "en" / "01_practice.ipynb")
    with pytest.raises(ReleaseError):
        student_repo.check(tree, course)


def test_the_committed_lessons_open_from_the_configured_student_repository():
    course = Course()
    repository = course.setting("student_repository", "github")
    for path in sorted((ROOT / "lessons").glob("*/*.ipynb")):
        badge = nbformat.read(path, as_version=4).cells[0].source
        assert f"github/{repository}/blob/" in badge and badge.endswith(f"/{path.parent.name}/{path.name})"), path
