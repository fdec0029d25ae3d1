"""Which of the author's demonstrations grading skips: only those that no code of the student's needs."""
import nbformat

from autograder.sandbox.demos import DEMO_TAG, SkipDemos
from autograder.sandbox.execute import SKIP_TAG


def skipped(*cells: tuple[str, str]) -> list[str]:
    """The sources of the cells SkipDemos marks to skip; cells are (kind, source), kind "demo",
    "answer" (a solution cell), "student" (a cell the student added) or "code"."""
    nb = nbformat.v4.new_notebook()
    for index, (kind, source) in enumerate(cells):
        cell = nbformat.v4.new_code_cell(source)
        if kind == "demo":
            cell.metadata["tags"] = [DEMO_TAG]
        elif kind == "answer":
            cell.metadata["nbgrader"] = {"solution": True, "grade_id": f"answer{index}"}
        elif kind == "student":
            cell.id = f"student-{index}"
        nb.cells.append(cell)
    nb, _ = SkipDemos().preprocess(nb, {})
    return [cell.source for cell in nb.cells if SKIP_TAG in cell.metadata.get("tags", [])]


def test_a_demo_that_nothing_of_the_students_reads_is_skipped():
    assert skipped(("code", "import torch"), ("demo", "table = torch.rand(3)\nprint(table)"),
                   ("answer", "def f(x):\n    return x * 2")) == ["table = torch.rand(3)\nprint(table)"]


def test_a_demo_whose_name_the_answer_reads_runs_with_the_demos_it_needs():
    base, derived, unrelated = "scale = 2", "factor = scale * 3", "plot = 1"
    assert skipped(("demo", base), ("demo", derived), ("demo", unrelated),
                   ("answer", "def f(x):\n    return x * factor")) == [unrelated]


def test_a_cell_the_student_added_counts_like_an_answer():
    assert skipped(("demo", "helper = 5"), ("student", "print(helper)")) == []


def test_a_local_variable_of_the_same_name_keeps_no_demo():
    assert skipped(("demo", "table = 1"), ("answer", "def f(rows):\n    table = rows\n    return table")) == ["table = 1"]


def test_a_demo_that_cannot_be_parsed_counts_every_name_it_mentions():
    assert skipped(("demo", "%timeit total = 1"), ("answer", "def f():\n    return total")) == []
