"""The loop with no zip and no browser: `make pull`, `make autograde` and `make push` as the pages show them, against
the loopback Moodle (tests/moodle_webservice.py), then a late submission pulled, graded alone and pushed; and a
pulled class grades as the same class from Moodle's "Download all submissions" zip does. Real lesson 01_tensors,
graded in the jail."""
import json
import os

import nbformat
import pytest

from autograder import ROOT, autograde
from autograder.course import Course
from autograder.moodle import pull, pulled
from autograder.moodle.client import Client
from tests import classroom, corpus, moodle_site
from tests.docs_commands import docs_commands, here, run_from_root
from tests.lessons.harness import LESSONS
from tests.moodle_server import serve
from tests.moodle.on_moodle import LESSON, NUMBER, PEOPLE, site, toml  # site, toml: fixtures

IVAN, ANNA, MARIA, GLEB = PEOPLE


def notebook(folder: str, lang: str = "en") -> nbformat.NotebookNode:
    return nbformat.read(ROOT / folder / lang / f"{LESSON}.ipynb", as_version=4)


def with_a_stub(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The solution with its first exercise left as the student's version has it."""
    first = next(c for c in notebook("lessons").cells if c.cell_type == "code"
                 and c.metadata.get("nbgrader", {}).get("solution"))
    return corpus.with_source(nb, first.metadata["nbgrader"]["grade_id"], first.source)


@pytest.fixture(scope="module")
def release(release_lessons) -> Course:
    """The lessons released for this test run (AUTOGRADER_BUILD): a fresh checkout has no build/."""
    return release_lessons(LESSONS)


# make test proves each of the three stages through the command line against the same double
# (tests/moodle/test_pull.py, tests/test_cli.py, tests/moodle/test_push.py); the pages' own commands, one after
# another on a real lesson, repeat those under make test-all
@pytest.mark.repeats
def test_make_pull_then_make_autograde_then_make_push_is_the_whole_loop(sandbox, release, site, toml, tmp_path):
    a = site.assignments[0]
    site.submit(a, IVAN, {"/01_tensors.ipynb": corpus.dump(notebook("solutions"))})
    site.submit(a, ANNA, {"/lesson1.ipynb": corpus.dump(with_a_stub(notebook("solutions")))})
    site.submit(a, MARIA, {"/01_tensors.ipynb": corpus.dump(notebook("solutions", "ru"))})
    out = tmp_path / "graded"
    pulls = docs_commands("make pull")
    plans = [c for c in pulls if "YES=1" not in c and "LESSONS" not in c]
    [fetch] = [c for c in pulls if "YES=1" in c and "LESSONS" not in c]
    [grade] = docs_commands("make autograde OUT=graded")
    [push] = [c for c in docs_commands("make push OUT=graded MOODLE_URL=https://moodle.example.edu YES=1")
              if c.endswith("YES=1")]
    env = {**os.environ, "AUTOGRADER_BUILD": str(release.build)}
    with serve(site) as url:
        def run(command: str) -> str:
            done = run_from_root(here(command, {"graded": str(out), "https://moodle.example.edu": url}), env=env)
            assert done.returncode == 0, (command, done.stdout, done.stderr)
            assert site.token not in done.stdout + done.stderr
            return done.stdout

        for command in plans:  # the README's and docs/pull.md's
            assert "This is the plan: nothing was fetched" in run(command) and not site.served
        assert f"pulled 3: {NUMBER[ANNA]} {NUMBER[MARIA]} {NUMBER[IVAN]} (3 file(s) fetched)" in run(fetch)
        assert "graded 3 notebooks" in run(grade)
        run(push)
        grades = {user: g["grade"] for user, g in a.grades.items()}
        assert grades[IVAN] == grades[MARIA] == 100 and 0 < grades[ANNA] < 100, grades
        for user in (IVAN, ANNA, MARIA):  # each page on its own student, though each number is another's user id
            [page] = a.files[user].values()
            assert PEOPLE[user].split()[0] in page.decode(), user

        site.submit(a, ANNA, {"/lesson1.ipynb": corpus.dump(notebook("solutions"))})  # late: her fixed notebook
        served = len(site.served)
        assert f"pulled 1: {NUMBER[ANNA]} (1 file(s) fetched)" in run(fetch) and len(site.served) == served + 1
        assert "graded 3 notebooks" in run(grade)
        assert json.loads((out / ".autograde" / "last-run.json").read_text())["reused"] == 2  # only hers graded
        run(push)
    assert a.grades[ANNA]["grade"] == 100
    saves = [int(g["userid"]) for f, p in site.calls if f == "mod_assign_save_grades" for g in p["grades"].values()]
    assert sorted(saves) == sorted([IVAN, ANNA, MARIA, ANNA])


@pytest.mark.repeats
def test_a_pulled_class_grades_as_the_same_class_from_moodles_download_zip(sandbox, release, site, toml, tmp_path):
    """The same submissions, through both ways in: every row of grades.csv and exercises.csv alike (status, score,
    flags, file, notes: two notebooks of one lesson, one in a subfolder, a notebook that is not JSON, a text file)."""
    a = site.assignments[0]
    class_files = {
        IVAN: {"/01_tensors.ipynb": corpus.dump(notebook("solutions"))},
        ANNA: {"/lesson1.ipynb": corpus.dump(with_a_stub(notebook("solutions"))),
               "/lesson1_v2.ipynb": corpus.dump(notebook("solutions"))},
        MARIA: {"/work/01_tensors.ipynb": corpus.dump(notebook("solutions", "ru"))},
        GLEB: {"/01_tensors.ipynb": b'{"cells": [', "/notes.txt": b"my notes"},
    }
    for user, its_files in class_files.items():
        site.submit(a, user, its_files)
    students = [moodle_site.Student(PEOPLE[user], NUMBER[user], its_files) for user, its_files in class_files.items()]
    download = tmp_path / "download.zip"
    download.write_bytes(moodle_site.zip_bytes(moodle_site.download(students, era="4.1", folders=True)))
    into = tmp_path / "pulled-class"
    with serve(site) as url:
        client = Client(url, site.token)
        pulled.execute(into, client, pull.plan(into, client, Course(settings=toml)))
    outs = {}
    for name, source, out in (("zip", download, tmp_path / "from-zip"), ("pull", into / "pulled", into)):
        autograde.autograde(source, out, workers=1, course=release)
        outs[name] = [classroom.rows(out / csv) for csv in ("grades.csv", "exercises.csv")]
    assert outs["pull"] == outs["zip"]
    grades = {row["student"]: row for row in outs["pull"][0] if row["file"] != "notes.txt"}
    assert set(grades) == {str(NUMBER[user]) for user in PEOPLE}
    assert grades[str(NUMBER[ANNA])]["flags"] == "duplicate" and grades[str(NUMBER[GLEB])]["status"] == "invalid-json"
