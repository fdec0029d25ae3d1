"""What the release does to a source's titled code cells: collapse them.

A code cell with `title={"ru": ..., "en": ...}` is collapsed: its first line becomes `#@title <title>`
and its metadata says so to Colab (`cellView: form`) and to Jupyter and VS Code
(`jupyter.source_hidden`). (The only code in one language, the message tables: autograder.release.messages.)
"""
import nbformat

from autograder.course import LANGS, ReleaseError

TITLE_KEY = "title"


def collapse(cell: nbformat.NotebookNode, title: str) -> None:
    """Show only the title of a code cell, in Colab, Jupyter and VS Code alike."""
    if "\n" in title or not title.strip():
        raise ReleaseError(f"a cell's title must be one line: {title!r}")
    cell.source = f"#@title {title}\n{cell.source}"
    cell.metadata["cellView"] = "form"
    cell.metadata["jupyter"] = {"source_hidden": True}


def title_of(cell: nbformat.NotebookNode, lang: str) -> str | None:
    """The title of a source cell in one language, None for a cell without one."""
    title = cell.metadata.get(TITLE_KEY)
    if title is None:
        return None
    if cell.cell_type != "code" or not isinstance(title, dict) or set(title) != set(LANGS):
        raise ReleaseError(f"a title is for code cells, one per language {LANGS}: {title!r} on {first_line(cell)!r}")
    return title[lang]


def first_line(cell: nbformat.NotebookNode) -> str:
    return next((line for line in cell.source.splitlines() if line.strip()), "")[:80]
