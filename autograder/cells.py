"""A notebook cell's nbgrader metadata, read in one place.

A cell may come as nbformat reads it or as plain JSON, and a submission's metadata may have any shape:
what is missing or of the wrong type reads as absent.
"""
import nbformat


def nbgrader_of(cell: dict) -> dict:
    """The cell's nbgrader metadata, {} when it has none."""
    meta = cell.get("metadata", {})
    meta = meta.get("nbgrader") if isinstance(meta, dict) else None
    return meta if isinstance(meta, dict) else {}


def grade_id_of(cell: dict) -> str | None:
    found = nbgrader_of(cell).get("grade_id")
    return found if isinstance(found, str) else None


def cell_id_of(cell: dict) -> str | None:
    found = cell.get("id")
    return found if isinstance(found, str) and found else None


def tags_of(cell: dict) -> set[str]:
    found = cell.get("metadata", {}).get("tags") if isinstance(cell.get("metadata"), dict) else None
    return {tag for tag in found if isinstance(tag, str)} if isinstance(found, list) else set()


def find_cell(nb: nbformat.NotebookNode, wanted: str) -> nbformat.NotebookNode | None:
    """The first cell of nb with this grade_id, or None."""
    return next((cell for cell in nb.cells if grade_id_of(cell) == wanted), None)
