"""Matching a submission to its release, carrying answers into a clean copy, and the tamper scan."""
import copy
import importlib.util
import json

import nbformat
import pytest

from autograder import ROOT
from autograder.intake import repair, tamper
from tests import corpus


@pytest.fixture(scope="module")
def alpha(tiny_course):
    return (repair.released_notebook(tiny_course, "01_alpha"), corpus.load(tiny_course, "solutions", "01_alpha"))


def answer(nb, grade_id):
    return corpus.cell(nb, grade_id).source


def test_clean_submission_is_unchanged_in_substance(alpha):
    release, solution = alpha
    prepared = repair.rebuild(solution, release)
    assert prepared.status == "ok" and prepared.flags == [] and not prepared.missing_answers
    assert answer(prepared.notebook, "double") == answer(solution, "double")
    assert [c.id for c in prepared.notebook.cells] == [c.id for c in release.cells]


@pytest.mark.parametrize("keep_ids", [True, False])
def test_stripped_metadata_is_recovered(alpha, keep_ids):
    release, solution = alpha
    student = nbformat.reads(corpus.stripped(solution, keep_ids=keep_ids).decode(), as_version=4)
    prepared = repair.rebuild(student, release)
    assert prepared.status == "repaired" and "repaired" in prepared.flags
    for grade_id in ("double", "square"):
        assert answer(prepared.notebook, grade_id) == answer(solution, grade_id)
    assert answer(prepared.notebook, "answer_why") == answer(solution, "answer_why")
    assert corpus.cell(prepared.notebook, "test_double").metadata["nbgrader"]["points"] == 2


def test_extra_cells_are_kept_in_place_and_ids_are_deterministic(alpha):
    release, solution = alpha
    student = corpus.insert_after(solution, "double", "helper = 41", "print(helper + 1)")
    first = repair.rebuild(student, release)
    second = repair.rebuild(copy.deepcopy(student), release)
    assert nbformat.writes(first.notebook) == nbformat.writes(second.notebook)
    sources = [c.source for c in first.notebook.cells]
    assert sources.index("helper = 41") == sources.index(answer(solution, "double")) + 1


def test_protected_cells_restored_and_flagged(alpha):
    release, solution = alpha
    student = corpus.with_source(solution, "test_double", "pass")
    student.cells.remove(corpus.cell(student, "test_square"))
    student.cells.append(copy.deepcopy(corpus.cell(solution, "test_helpers")))
    corpus.cell(student, "double").metadata["tags"] = ["skip-execution"]
    prepared = repair.rebuild(student, release)
    assert {"test-cell-edited", "test-cell-deleted", "test-cell-duplicated", "skip-execution"} <= set(prepared.flags)
    assert answer(prepared.notebook, "test_double") == answer(release, "test_double")
    assert len([c for c in prepared.notebook.cells if c.get("id") == "test_helpers"]) == 1
    released_tags = {c.id: c.metadata.get("tags") for c in release.cells}  # only the release's own
    assert all(c.metadata.get("tags") == released_tags.get(c.id) for c in prepared.notebook.cells if c.cell_type == "code")


def test_missing_answer_is_reported(alpha):
    release, solution = alpha
    student = copy.deepcopy(solution)
    student.cells.remove(corpus.cell(student, "square"))
    assert repair.rebuild(student, release).missing_answers == ["square"]


@pytest.mark.parametrize("assignment, lang", [("01_alpha", "../solutions/en"), ("01_alpha", "/tmp"),
                                               ("../solutions/en/01_alpha", "en"), ("01_alpha", "de")])
def test_released_notebook_takes_only_the_release_s_names(tiny_course, assignment, lang):
    with pytest.raises(ValueError):
        repair.released_notebook(tiny_course, assignment, lang)


def test_odd_cells_are_matched_without_raising(alpha):
    """prepare's own defence (collect hands it clean notebooks): sources as lists, odd metadata."""
    release, solution = alpha
    student = copy.deepcopy(solution)
    corpus.cell(student, "double").source = list(answer(solution, "double").splitlines(keepends=True))
    student.cells[0].metadata = {"tags": "skip-execution", "nbgrader": "x"}
    student.cells[1].metadata["tags"] = [["a"], "skip-execution"]
    student.cells.append(nbformat.from_dict({"cell_type": "raw", "source": "raw text", "metadata": {}}))
    prepared = repair.rebuild(student, release)
    assert answer(prepared.notebook, "double") == answer(solution, "double")
    assert "skip-execution" in prepared.flags


def test_many_extra_cells_are_kept_in_order_with_unique_ids(alpha):
    release, solution = alpha
    student = corpus.insert_after(solution, "double", *[f"x{i} = {i}" for i in range(3000)])
    for c in student.cells:
        c.id = "same"  # every id the same: the copy gets unique ones
    prepared = repair.rebuild(student, release)
    ids = [c.id for c in prepared.notebook.cells]
    assert len(ids) == len(set(ids)) >= len(release.cells) + 3000
    extras = [c.source for c in prepared.notebook.cells if c.source.startswith("x")]
    assert extras == [f"x{i} = {i}" for i in range(3000)]


def test_scan_survives_code_too_deep_to_parse():
    assert tamper.scan(["x = " + "(" * 100_000 + ")" * 100_000, "a\0b", "-" * 1_000_000 + "1"]) == []


def test_identify_recognises_a_lesson_without_metadata(tiny_course, alpha):
    release, solution = alpha
    releases = {a: repair.released_notebook(tiny_course, a) for a in ("01_alpha", "02_beta")}
    student = nbformat.reads(corpus.stripped(solution).decode(), as_version=4)
    student.metadata = {}
    assert repair.identify(student, releases) == "01_alpha"
    assert repair.identify(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]), releases) == ""


HOSTILE = {
    "torch.allclose = lambda *a, **k: True": "tamper-patch",
    "import torch\nsetattr(torch, 'equal', lambda *a: True)": "tamper-patch",
    "import builtins\nbuiltins.print = None": "tamper-patch",
    "import sys\nsys.modules['torch'] = None": "tamper-patch",
    "def check_close(a, b):\n    pass": "tamper-patch",
    "f = lambda: 1\nf.__code__ = (lambda: 2).__code__": "tamper-introspection",
    "print(open('/work/main/build/en/gradebook.db', 'rb').read())": "tamper-file",
    "import glob\nprint(glob.glob('/**/*.db', recursive=True))": "tamper-file",
    "get_ipython().events.register('pre_run_cell', print)": "tamper-introspection",
    "import sqlite3": "tamper-introspection",
    "x = 'gradebook.db'": "tamper-gradebook",
}


@pytest.mark.parametrize("source, flag", HOSTILE.items())
def test_scan_flags_tampering(source, flag):
    found = tamper.scan([source], {"check_close"})
    assert any(f.startswith(flag) for f in found), found


LEGIT = [
    "import torch\nfrom torch import nn\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.linear = nn.Linear(2, 1)\n        self.linear.weight.data = torch.ones(1, 2)\n",
    "def count(t):\n    seen = {}\n    name = type(t).__name__ + t.__class__.__name__\n    return name",
    "model = None\ndef f(model):\n    model.eval()\n    return torch.compile",
    "import numpy as np\ndef g(a):\n    return np.asarray(a).reshape(-1)",
    "%timeit 1 + 1\nx = 2",
]


@pytest.mark.parametrize("source", LEGIT)
def test_scan_leaves_ordinary_code_alone(source):
    assert tamper.scan([source], {"check_close"}) == []


def lesson_solution_sources():
    """Solution cells of the real lessons and their RIGHT variants: none may be flagged."""
    cases = []
    for path in sorted((ROOT / "solutions" / "en").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "code" and cell["metadata"].get("nbgrader", {}).get("solution"):
                cases.append(pytest.param("".join(cell["source"]), id=f"{path.stem}-{cell['id']}"))
    for path in sorted((ROOT / "tests" / "lessons" / "variants").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"variants_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for exercise, variants in module.RIGHT.items():
            for name, source in variants.items():
                cases.append(pytest.param(source, id=f"{path.stem}-right-{exercise}-{name}"))
    return cases


@pytest.mark.parametrize("source", lesson_solution_sources())
def test_scan_does_not_flag_the_lessons_own_solutions(source):
    assert tamper.scan([source], set()) == []


def lesson_notebooks():
    return [pytest.param(lang, path.stem, id=f"{lang}-{path.stem}")
            for lang in ("en", "ru") for path in sorted((ROOT / "solutions" / lang).glob("*.ipynb"))
            if (ROOT / "lessons" / lang / path.name).exists()]


@pytest.mark.parametrize("lang, assignment", lesson_notebooks())
def test_the_lessons_own_solutions_pass_the_checks_untouched(lang, assignment):
    """Each real solution notebook against its released lesson: no flag, no repair, answers kept."""
    solution = nbformat.read(ROOT / "solutions" / lang / f"{assignment}.ipynb", as_version=4)
    release = nbformat.read(ROOT / "lessons" / lang / f"{assignment}.ipynb", as_version=4)
    prepared = repair.rebuild(solution, release)
    assert prepared.flags == [] and prepared.tamper == [] and prepared.status == "ok", prepared.notes + prepared.tamper
    assert [c.source for c in prepared.notebook.cells] == [c.source for c in solution.cells]
