"""A notebook cell's nbgrader metadata, read in one place.

The readers of one cell (nbgrader_of, grade_id_of, is_test, ...) take a cell as nbformat reads it or as
plain JSON, with metadata of any shape (a submission's): what is missing or of the wrong type reads as
absent. A notebook's answer and graded cells are nbgrader's own (nbgrader.utils), for nbformat notebooks
whose nbgrader metadata is an object: the release's, and every submission once autograder.intake.notebook
has rebuilt it.
"""
import nbformat
from nbgrader.utils import is_grade, is_solution


def nbgrader_of(cell: dict) -> dict:
    """The cell's nbgrader metadata, {} when it has none."""
    meta = cell.get("metadata", {})
    meta = meta.get("nbgrader") if isinstance(meta, dict) else None
    return meta if isinstance(meta, dict) else {}


def grade_id_of(cell: dict) -> str | None:
    found = nbgrader_of(cell).get("grade_id")
    return found if isinstance(found, str) else None


def points_of(cell: dict) -> float:
    """The points a graded cell is worth (0 for any other cell)."""
    return float(nbgrader_of(cell).get("points", 0))


def cell_id_of(cell: dict) -> str | None:
    found = cell.get("id")
    return found if isinstance(found, str) and found else None


def tags_of(cell: dict) -> set[str]:
    found = cell.get("metadata", {}).get("tags") if isinstance(cell.get("metadata"), dict) else None
    return {tag for tag in found if isinstance(tag, str)} if isinstance(found, list) else set()


def is_test(cell: dict) -> bool:
    """A test cell: graded code that is not an answer."""
    meta = nbgrader_of(cell)
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")


def answer_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The answer (solution) cells, code and written, in order."""
    return [cell for cell in nb.cells if is_solution(cell)]


def graded_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The cells that carry points: test cells and written answers, in order."""
    return [cell for cell in nb.cells if is_grade(cell)]


def find_cell(nb: nbformat.NotebookNode, wanted: str) -> nbformat.NotebookNode | None:
    """The first cell of nb with this grade_id, or None."""
    return next((cell for cell in nb.cells if grade_id_of(cell) == wanted), None)
