"""Reading a cell's nbgrader metadata, on made-up cells: nbformat's, plain JSON, and metadata of the wrong shape."""
import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from autograder import cells


def graded(source: str, cell_id: str, **nbgrader) -> nbformat.NotebookNode:
    return new_code_cell(source, id=cell_id, metadata={"nbgrader": {"grade_id": cell_id, **nbgrader}})


def test_the_metadata_of_a_cell():
    cell = graded("x = 1", "square", solution=True, grade=False)
    assert cells.nbgrader_of(cell) == {"grade_id": "square", "solution": True, "grade": False}
    assert cells.grade_id_of(cell) == "square" and cells.cell_id_of(cell) == "square"
    plain = {"cell_type": "code", "id": "c1", "metadata": {"nbgrader": {"grade_id": "cube"}, "tags": ["demo", "ru"]}}
    assert cells.grade_id_of(plain) == "cube" and cells.cell_id_of(plain) == "c1"
    assert cells.tags_of(plain) == {"demo", "ru"}


def test_metadata_of_the_wrong_shape_reads_as_absent():
    for metadata in ([], "nbgrader", {"nbgrader": "square"}, {"nbgrader": None, "tags": "demo"}):
        cell = {"cell_type": "code", "source": "", "metadata": metadata}
        assert cells.nbgrader_of(cell) == {} and cells.grade_id_of(cell) is None and cells.tags_of(cell) == set()
    cell = {"metadata": {"nbgrader": {"grade_id": 7}, "tags": ["demo", 3]}, "id": ""}
    assert cells.grade_id_of(cell) is None and cells.cell_id_of(cell) is None and cells.tags_of(cell) == {"demo"}
    assert cells.nbgrader_of({}) == {} and cells.tags_of({}) == set() and cells.cell_id_of({}) is None


def test_find_cell_gives_the_first_cell_with_the_grade_id():
    first, copy = graded("x = 1", "square", solution=True), graded("x = 2", "square", solution=True)
    copy.id = "square-copy"
    nb = new_notebook(cells=[new_markdown_cell("# Squares"), first, copy])
    assert cells.find_cell(nb, "square") is first
    assert cells.find_cell(nb, "cube") is None


def lesson() -> nbformat.NotebookNode:
    """A made-up lesson: an answer, its two checks, a written answer, a locked helper, a markdown cell."""
    return new_notebook(cells=[
        new_markdown_cell("# Squares"),
        graded("def square(x):\n    raise NotImplementedError()", "square", solution=True, grade=False),
        graded("assert square(2) == 4", "test_square", grade=True, solution=False, locked=True, points=2),
        graded("assert square(3) == 9", "test_square_more", grade=True, solution=False, locked=True, points=1.5),
        new_markdown_cell("YOUR ANSWER HERE", id="why", metadata={"nbgrader": {
            "grade_id": "why", "grade": True, "solution": True, "points": 3}}),
        graded("class Helper: ...", "helpers", grade=False, solution=False, locked=True),
    ])


def test_the_answer_graded_and_test_cells_of_a_notebook():
    nb = lesson()
    assert [cells.grade_id_of(c) for c in cells.answer_cells(nb)] == ["square", "why"]
    assert [cells.grade_id_of(c) for c in cells.graded_cells(nb)] == ["test_square", "test_square_more", "why"]
    assert [cells.grade_id_of(c) for c in nb.cells if cells.is_test(c)] == ["test_square", "test_square_more"]
    assert [cells.points_of(c) for c in nb.cells] == [0.0, 0.0, 2.0, 1.5, 3.0, 0.0]


def test_a_test_cell_is_graded_code_that_is_not_an_answer():
    assert cells.is_test({"cell_type": "code", "metadata": {"nbgrader": {"grade": True}}})
    assert not cells.is_test({"cell_type": "markdown", "metadata": {"nbgrader": {"grade": True}}})
    assert not cells.is_test({"cell_type": "code", "metadata": {"nbgrader": {"grade": True, "solution": True}}})
    assert not cells.is_test({"cell_type": "code", "metadata": {"nbgrader": {"locked": True}}})
    assert not cells.is_test({"cell_type": "code", "metadata": {"nbgrader": ["grade"]}})
