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
