"""The last cell, "Ready to submit?", run in a student's kind of kernel (nbclient, no grader), and its data."""
import json

import nbformat
import pytest
from nbclient import NotebookClient

from autograder import ROOT
from autograder.course import Course, LANGS
from autograder.sandbox.demos import SkipDemos
from autograder.intake import repair
from autograder.release.ready import READY_ID, WORDS, CheckRuns, visible_part
from autograder.release.titles import exercises
from autograder.sandbox.execute import SKIP_TAG
from tests.conftest import TEST_ALL

def run_as_student(nb, folder, monkeypatch, readable=True) -> str:
    """Save the notebook, run it in a plain Jupyter kernel as Jupyter would (JPY_SESSION_NAME names the file
    when `readable`), and return what its last cell printed."""
    path = folder / "lesson.ipynb"
    nbformat.write(nb, path)
    if readable:
        monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    else:
        monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    NotebookClient(nb, timeout=120, allow_errors=True, resources={"metadata": {"path": str(folder)}}).execute()
    last = nb.cells[-1]
    assert last.id == READY_ID
    assert not [o for o in last.outputs if o.output_type == "error" or o.get("name") == "stderr"], last.outputs
    return "".join(o.get("text", "") for o in last.outputs)


def released(course: Course, folder: str, lang: str = "en", assignment: str = "01_alpha"):
    return nbformat.read(course.out_root / folder / lang / f"{assignment}.ipynb", as_version=4)


def row(printed: str, title: str) -> str:
    return next(line for line in printed.splitlines() if line.startswith(f"| {title} "))


def cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def test_the_solution_is_ready(tiny_course, tmp_path, monkeypatch):
    printed = run_as_student(released(tiny_course, "solutions"), tmp_path, monkeypatch)
    words = WORDS["en"]
    assert words["passed"] in row(printed, "double") and "| 2 " in row(printed, "double")
    assert words["passed"] in row(printed, "square") and "| 3 " in row(printed, "square")
    assert words["written"] in row(printed, "answer_why")
    assert words["all good"] in printed


def test_the_stub_lists_everything_in_its_language(tiny_course, tmp_path, monkeypatch):
    printed = run_as_student(released(tiny_course, "lessons", "ru"), tmp_path, monkeypatch)
    words = WORDS["ru"]
    assert words["todo"] in row(printed, "double") and words["todo"] in row(printed, "square")
    assert words["exercise"] in printed and words["exercise"] != WORDS["en"]["exercise"]
    for title in ("double", "square", "answer_why"):
        assert words["empty"].format(title=title) in printed
    assert words["all good"] not in printed


def test_a_failing_check_and_a_cell_never_run(tiny_course, tmp_path, monkeypatch):
    nb = released(tiny_course, "solutions")
    cell(nb, "double").source = "def double(x):\n    return 3 * x"
    cell(nb, "test_square").metadata["tags"] = ["skip-execution"]  # nbclient does not run it
    printed = run_as_student(nb, tmp_path, monkeypatch)
    words = WORDS["en"]
    assert words["failed"].format(line=1) in row(printed, "double")  # check_close(double(1.0), 2.0)
    assert words["not run"] in row(printed, "square")
    assert words["all good"] in printed  # nothing is empty, deleted or copied


def test_the_file_shows_deleted_copied_and_changed_cells(tiny_course, tmp_path, monkeypatch):
    nb = released(tiny_course, "solutions")
    nb.cells.remove(cell(nb, "test_square"))
    copy = nbformat.from_dict(cell(nb, "double"))
    copy.id = "a-copy"
    nb.cells.insert(len(nb.cells) - 1, copy)
    cell(nb, "test_double").source += "\nprint('my own line')"
    printed = run_as_student(nb, tmp_path, monkeypatch)
    words = WORDS["en"]
    assert words["deleted"].format(title="square") in printed
    assert words["copied"].format(title="double", count=2) in printed
    assert words["changed"].format(title="double") in printed
    assert words["edited"] in row(printed, "double")  # it ran, but only as changed: not "not run yet"


def test_a_changed_check_cell_that_ran_is_neither_passed_nor_never_run(tiny_course, tmp_path, monkeypatch):
    nb = released(tiny_course, "lessons", "ru")
    cell(nb, "double").source = "def double(x):\n    return 2 * x"
    cell(nb, "test_double").source = "print('my own check')"
    printed = run_as_student(nb, tmp_path, monkeypatch)
    words = WORDS["ru"]
    assert words["edited"] in row(printed, "double") and words["not run"] not in row(printed, "double")
    assert words["changed"].format(title="double") in printed
    printed = run_as_student(nb, tmp_path, monkeypatch, readable=False)  # nothing tells the two cells apart
    assert words["not run"] in row(printed, "double") and words["no file"] in printed


def test_the_russian_words_do_not_repeat_the_title():
    """A title reads «Задание 6. numpy_roundtrip»: the words around it must not say «задания» again."""
    for key in ("deleted", "copied", "changed"):
        assert "задани" not in WORDS["ru"][key].lower(), WORDS["ru"][key]
        assert WORDS["ru"][key].format(title="Задание 6", count=2).count("Задание") == 1


def test_without_the_file_it_says_so(tiny_course, tmp_path, monkeypatch):
    printed = run_as_student(released(tiny_course, "solutions"), tmp_path, monkeypatch, readable=False)
    assert WORDS["en"]["no file"] in printed and WORDS["en"]["passed"] in row(printed, "double")
    nb = released(tiny_course, "solutions", "ru")
    colab = nbformat.v4.new_code_cell("import sys, types\nsys.modules['google.colab'] = types.ModuleType('google.colab')")
    nb.cells.insert(len(nb.cells) - 1, colab)
    printed = run_as_student(nb, tmp_path, monkeypatch)
    assert WORDS["ru"]["colab"] in printed and WORDS["ru"]["file"].split("(")[0] not in printed


# google.colab as a kernel finds it on its path: _message.blocking_request answers as Colab's front end does
# ({"ipynb": the notebook, each source a list of lines}), or fails as it can (an error, a timeout's None)
FAKE_MESSAGE = {
    "answers": """import json, os

def blocking_request(request_type, request="", timeout_sec=5, parent=None):
    assert request_type == "get_ipynb", request_type
    with open(os.environ["FAKE_COLAB_NOTEBOOK"], encoding="utf-8") as file:
        return {"ipynb": json.load(file)}
""",
    "raises": """def blocking_request(request_type, request="", timeout_sec=5, parent=None):
    raise RuntimeError("the front end did not answer")
""",
    "times out": """def blocking_request(request_type, request="", timeout_sec=5, parent=None):
    return None
""",
}


def run_in_colab(nb, held, folder, monkeypatch, answer="answers") -> str:
    """Run the notebook as in Colab (google.colab imported, the file out of reach), where the front end
    holds `held`; return what the last cell printed."""
    package = folder / "fake" / "google" / "colab"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "_message.py").write_text(FAKE_MESSAGE[answer])
    as_colab_keeps_it = nbformat.from_dict(held)
    for c in as_colab_keeps_it.cells:
        c.source = c.source.splitlines(keepends=True)
    (folder / "held.json").write_text(json.dumps(as_colab_keeps_it), encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(folder / "fake"))
    monkeypatch.setenv("FAKE_COLAB_NOTEBOOK", str(folder / "held.json"))
    nb = nbformat.from_dict(nb)
    nb.cells.insert(1, nbformat.v4.new_code_cell("import google.colab  # Colab imports it before any cell runs"))
    return run_as_student(nb, folder, monkeypatch, readable=False)


@pytest.mark.parametrize("lang", LANGS if TEST_ALL else ("ru",))  # make test: the language most students read
def test_in_colab_it_reads_the_notebook_from_the_front_end(tiny_course, tmp_path, monkeypatch, lang):
    nb = released(tiny_course, "solutions", lang)
    held = nbformat.from_dict(nb)
    held.cells.remove(cell(held, "test_square"))
    cell(held, "double").source = "def double(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    printed = run_in_colab(nb, held, tmp_path, monkeypatch)
    words = WORDS[lang]
    assert words["colab file"] in printed and words["colab"] not in printed
    assert words["deleted"].format(title="square") in printed and words["empty"].format(title="double") in printed
    assert words["passed"] in row(printed, "double"), "the table still comes from this kernel's runs"


def test_in_colab_an_unchanged_notebook_is_all_good(tiny_course, tmp_path, monkeypatch):
    nb = released(tiny_course, "solutions")
    printed = run_in_colab(nb, nb, tmp_path, monkeypatch)
    assert WORDS["en"]["colab file"] in printed and WORDS["en"]["all good"] in printed


@pytest.mark.parametrize("answer", ["raises", "times out", "no metadata"])
def test_in_colab_without_an_answer_it_says_so(tiny_course, tmp_path, monkeypatch, answer):
    nb = released(tiny_course, "solutions", "ru")
    held = nbformat.from_dict(nb)
    if answer == "no metadata":  # a front end that dropped the cells' metadata must not report every cell deleted
        for c in held.cells:
            c.metadata = {}
    printed = run_in_colab(nb, held, tmp_path, monkeypatch, "answers" if answer == "no metadata" else answer)
    words = WORDS["ru"]
    assert words["colab"] in printed and words["colab file"] not in printed
    assert words["passed"] in row(printed, "double")


# make test: the language most students read; the tiny course's tests above cover both languages' words
@pytest.mark.parametrize("lang", LANGS if TEST_ALL else ("ru",))
def test_a_real_lesson_solution_is_ready(lang, tmp_path, monkeypatch):
    nb = nbformat.read(ROOT / "solutions" / lang / "03_logic_neurons.ipynb", as_version=4)
    printed = run_as_student(nb, tmp_path, monkeypatch)
    rows = [line for line in printed.splitlines() if line.startswith("| ")][1:]  # under the header
    titles = exercises(nb)
    assert len(rows) == len(titles) == 11
    for exercise in titles:
        assert WORDS[lang]["written" if exercise.written else "passed"] in row(printed, exercise.title)
    assert WORDS[lang]["all good"] in printed


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", Course().assignments())
def test_the_fingerprints_are_those_of_the_released_check_cells(assignment, lang):
    """The kernel fingerprints the check cell as the student notebook holds it (nbgrader removed the
    hidden block): the release must have fingerprinted exactly that."""
    nb = nbformat.read(ROOT / "lessons" / lang / f"{assignment}.ipynb", as_version=4)
    ready = cell(nb, READY_ID).source
    checks = [e for e in exercises(nb) if not e.written]
    assert checks
    for exercise in checks:
        assert f'"{exercise.title}"' in ready
        for check in exercise.checks:
            source = cell(nb, check).source
            assert visible_part(source) == source
            assert f'"{check}": "{CheckRuns.fingerprint(source)}"' in ready


@pytest.mark.parametrize("assignment", Course().assignments())
def test_grading_leaves_the_last_cell_alone(assignment):
    """A submission whose last cell ran passes repair untouched, and grading skips that cell like a demonstration."""
    solution = nbformat.read(ROOT / "solutions" / "en" / f"{assignment}.ipynb", as_version=4)
    release = nbformat.read(ROOT / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
    cell(solution, READY_ID).outputs = [nbformat.v4.new_output("stream", name="stdout", text="| table |\n")]
    prepared = repair.rebuild(solution, release)
    assert prepared.flags == [] and prepared.status == "ok"
    skipped, _ = SkipDemos().preprocess(prepared.notebook, {})
    assert SKIP_TAG in cell(skipped, READY_ID).metadata["tags"]
    assert cell(release, READY_ID).metadata["nbgrader"]["locked"] and not cell(release, READY_ID).metadata["nbgrader"]["grade"]
