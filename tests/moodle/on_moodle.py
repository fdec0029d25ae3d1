"""What the tests of `make push` and `make pull` share on the loopback Moodle (tests/moodle_webservice.py): the
failures of the site that both meet and a course.toml naming its assignments; and the class of four that the pull
tests use: one assignment of lesson 01_tensors whose participant ids are each another student's user id, as on the
real site where `make push` was tried (a pull that named a folder by the user id would give the grade to another
student). The tests import its fixtures, `site` and `toml`."""
import re
from pathlib import Path

import pytest

from autograder import ROOT
from tests import classroom
from tests.moodle_webservice import Assignment, Person, Site

LESSON, CMID, ASSIGNMENT = "01_tensors", 42, 7
PEOPLE = {101: "Ivan Petrov", 102: "Anna Smirnova", 103: "Мария Иванова", 104: "Gleb O'Neil"}  # by user id
NUMBERS = {104: 101, 101: 102, 102: 103, 103: 104}  # participant id: user id
NUMBER = {user: number for number, user in NUMBERS.items()}

# what the site does -> what a client reads: the failures that `make push` and `make pull` meet alike (their tests
# add their own), on a site whose first assignment has course module 42
FAILURES = {
    "web services off": (lambda s: setattr(s, "enablewebservices", False), "web services or the REST protocol are off"),
    "REST off": (lambda s: setattr(s, "rest_protocol", False), "Manage protocols > REST"),
    "no webservice/rest:use": (lambda s: s.capabilities.discard("webservice/rest:use"),
                               "has the capability webservice/rest:use"),
    "no mod/assign:grade": (lambda s: s.capabilities.discard("mod/assign:grade"), "lacks mod/assign:grade"),
    "no mod/assign:revealidentities": (lambda s: s.capabilities.discard("mod/assign:revealidentities"),
                                       "lacks mod/assign:revealidentities"),
    "an expired token": (lambda s: setattr(s, "expired", True), "the token has expired"),
    "an unknown token": (lambda s: setattr(s, "token", "0" * 32), "invalidtoken. Moodle does not know this token"),
    "an unknown course module": (lambda s: setattr(s.assignments[0], "cmid", 43),
                                 "no assignment with course module id 42"),
    "a network that fails": (lambda s: setattr(s, "drops", 10), "the network failed 3 times in a row"),
}


def notebook(folder: str = "solutions", lang: str = "en") -> bytes:
    """A released notebook of the lesson, as committed."""
    return (ROOT / folder / lang / f"{LESSON}.ipynb").read_bytes()


def course_toml(path: Path, monkeypatch, site: Site, assignments: dict[str, int]) -> Path:
    """A course.toml naming each lesson's assignment on the site, in the environment (AUTOGRADER_COURSE_TOML), with
    the site's token in MOODLE_TOKEN and no MOODLE_URL."""
    lines = "".join(f"{lesson} = {cmid}\n" for lesson, cmid in assignments.items())
    path.write_text(f'[moodle]\nlanguage = "en"\n\n[moodle.assignments]\n{lines}', encoding="utf-8")
    monkeypatch.setenv("AUTOGRADER_COURSE_TOML", str(path))
    monkeypatch.setenv("MOODLE_TOKEN", site.token)
    monkeypatch.delenv("MOODLE_URL", raising=False)
    return path


def class_site(**assignment) -> Site:
    """The site with the class enrolled and numbered, and nothing submitted."""
    return Site(assignments=[Assignment(ASSIGNMENT, CMID, "Lesson 1: tensors", 100, mappings=dict(NUMBERS),
                                        people={user: Person(name) for user, name in PEOPLE.items()},
                                        **assignment)])


@pytest.fixture
def site() -> Site:
    return class_site()


@pytest.fixture
def toml(tmp_path, monkeypatch, site) -> Path:
    """course.toml naming the assignment, in the environment, with the site's token."""
    return course_toml(tmp_path / "course.toml", monkeypatch, site, {LESSON: CMID})


def pull(capsys, *args) -> tuple[int, str]:
    """`python -m autograder.cli pull ...` in this process: (exit status, what it printed)."""
    return classroom.command(capsys, "pull", *args)


def line(printed: str, number: int) -> str:
    """The plan's line of a participant id."""
    [found] = [text for text in printed.splitlines() if re.match(rf"\s+{number}\s", text)]
    return found


def files(folder: Path) -> dict[str, bytes]:
    """{path under folder: bytes} of every file in it."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
