"""Read a lesson source (autograder/source/NN_name.py) as a notebook in one language, and its judges.

The release adds the cells that every lesson shares: the Colab badge, then the source's first text
cell (the lesson's title, time and points: the first screen), the setup cell, how to work and submit
(autograder.release.howto), the rest of the source, and "Ready to submit?" (autograder.release.ready).

A source is a percent-format script. Cells carry compact nbgrader metadata
(`nbgrader={"grade_id": ..., "solution": true}`); markdown cells carry a language tag ("ru" or "en"),
and each notebook keeps one language; so do the message tables, the only code in two languages
(autograder.release.messages). Judge cells (`judge="test_x"`, or "helpers") are never part of a notebook:
they run in the grader's process only (autograder.judge); nor are figure cells (`figure="name"`), drawn by the release
(autograder.release.figures). A code cell with `title={"ru": ..., "en": ...}` is collapsed.
"""
import hashlib

import jupytext
import nbformat

from autograder.cells import grade_id_of
from autograder.course import JUDGE_KEY, LANGS, Course, ReleaseError
from autograder.release import code_cells, messages
from autograder.release.figures import FIGURE_KEY, attach
from autograder.release.howto import HOW_TO_ID, how_to
from autograder.release.ready import SETUP_HOOK, ready_cells

NBGRADER_DEFAULTS = {"grade": False, "locked": False, "schema_version": 3, "solution": False, "task": False}

BADGE = (
    "[![Open In Colab](https://colab.research.google.com/assets/colab-badge.svg)]"
    "(https://colab.research.google.com/github/{repository}/blob/{branch}/{path})"
)

SETUP_TITLE = {
    "en": 'Setup: run it first (installs prettytable if missing, remembers how each cell ran for "Ready to submit?")',
    "ru": "Настройка: запустите первой (ставит prettytable, если его нет, и запоминает, как выполнилась каждая "
          "ячейка, для «Готово к сдаче?»)",
}
SETUP_CELL = """\
# Colab and other fresh environments may lack prettytable: install it only when it is missing.
import importlib.util
import subprocess
import sys
import warnings

if importlib.util.find_spec("prettytable") is None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "prettytable"], check=True)


def show_warning_on_stdout(message, category, filename, lineno, file=None, line=None):
    \"\"\"Show a warning as plain output: Jupyter paints anything written to stderr red, and a harmless
    warning (PyTorch prints a few) should not look like an error in your code.\"\"\"
    print(warnings.formatwarning(message, category, filename, lineno, line), end="")


warnings.showwarning = show_warning_on_stdout""" + SETUP_HOOK


def read_source(course: Course, assignment: str, lang: str) -> nbformat.NotebookNode:
    """The source notebook in one language, with nbgrader metadata in full and stable cell ids."""
    source_path = course.sources / f"{assignment}.py"
    source = jupytext.read(source_path, fmt="py:percent")
    messages.check(source.cells)
    cells, titles, figures = [], [], {}
    for cell in source.cells:
        if JUDGE_KEY in cell.metadata:  # judges run in the grader's process only (autograder.release.reference)
            continue
        if FIGURE_KEY in cell.metadata:
            if cell.metadata[FIGURE_KEY] in figures:
                raise ReleaseError(f"{assignment}: two figure cells named {cell.metadata[FIGURE_KEY]!r}")
            figures[cell.metadata[FIGURE_KEY]] = cell.source
            continue
        tags = [tag for tag in cell.metadata.get("tags", []) if tag not in LANGS]
        cell_langs = set(cell.metadata.get("tags", [])) & set(LANGS)
        if cell_langs and lang not in cell_langs:
            continue
        titles.append(code_cells.title_of(cell, lang))
        metadata = {}
        if tags:
            metadata["tags"] = tags
        if "nbgrader" in cell.metadata:
            metadata["nbgrader"] = {**NBGRADER_DEFAULTS, **cell.metadata["nbgrader"]}
        cell.metadata = metadata
        cells.append(cell)
    assign_cell_ids(cells)
    for cell, title in zip(cells, titles):
        if title is not None:
            code_cells.collapse(cell, title)
    attach(cells, figures, lang)
    lead = cells[:1] if cells and cells[0].cell_type == "markdown" and "nbgrader" not in cells[0].metadata else []
    rest = cells[len(lead):]
    written = any(cell.cell_type == "markdown" and cell.metadata.get("nbgrader", {}).get("solution") for cell in rest)
    how_to_cell = nbformat.v4.new_markdown_cell(how_to(lang, written), id=HOW_TO_ID)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(badge(course, lang, assignment), id="colab-badge"), *lead,
                setup_cell(lang), how_to_cell, *rest, *ready_cells([*lead, how_to_cell, *rest], lang)]
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "course": {"assignment": assignment, "version": hashlib.sha256(source_path.read_bytes()).hexdigest()[:12], "lang": lang},
    }
    return nb


def setup_cell(lang: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(SETUP_CELL, id="setup", metadata={"nbgrader": {
        **NBGRADER_DEFAULTS, "grade_id": "setup", "locked": True}})
    code_cells.collapse(cell, SETUP_TITLE[lang])
    return cell


def badge(course: Course, lang: str, assignment: str) -> str:
    """The Colab badge of a lesson: it opens the notebook from the student repository (course.toml)."""
    return BADGE.format(repository=course.setting("student_repository", "github"),
                        branch=course.setting("student_repository", "branch"), path=student_path(lang, assignment))


def student_path(lang: str, assignment: str) -> str:
    """Where a lesson lies in the student repository."""
    return f"{lang}/{assignment}.ipynb"


def assign_cell_ids(cells: list[nbformat.NotebookNode]) -> None:
    """Graded cells are named by grade_id; others by their content, so ids survive unrelated edits."""
    seen = set()
    for cell in cells:
        base = grade_id_of(cell)
        if base is None:
            base = cell.cell_type[:2] + "-" + hashlib.sha1(cell.source.encode()).hexdigest()[:8]
        cell_id, n = base, 1
        while cell_id in seen:
            n += 1
            cell_id = f"{base}-{n}"
        seen.add(cell_id)
        cell.id = cell_id

HELPERS = "helpers"


def judge_cells(course: Course, assignment: str) -> tuple[list[str], dict[str, str]]:
    """(helper cells, {test grade_id: judge code}) of a lesson's source."""
    helpers, judges = [], {}
    for cell in jupytext.read(course.sources / f"{assignment}.py", fmt="py:percent").cells:
        name = cell.metadata.get(JUDGE_KEY)
        if name is None:
            continue
        if name == HELPERS:
            helpers.append(cell.source)
        elif name in judges:
            raise ReleaseError(f"{assignment}: two judge cells for {name}")
        else:
            judges[name] = cell.source
    return helpers, judges
