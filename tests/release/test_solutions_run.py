"""Every solution notebook, in both languages, runs top to bottom in a plain Jupyter kernel (nbclient, no
grader): its demonstrations, optional checks ("self_check") and "Ready to submit?" included, which grading
skips. A student who runs a right answer never meets an error."""
import nbformat
import pytest
from nbclient import NotebookClient

from autograder import ROOT
from autograder.course import LANGS, Course


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", Course().assignments())
def test_a_solution_runs_top_to_bottom(assignment, lang, tmp_path, monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    nb = nbformat.read(ROOT / "solutions" / lang / f"{assignment}.ipynb", as_version=4)
    NotebookClient(nb, timeout=600, resources={"metadata": {"path": str(tmp_path)}}).execute()  # raises at an error
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code if cell.source.strip())  # nbclient skips empty cells
    for cell in code:
        if "self_check" in cell.metadata.get("tags", []) and not cell.source.startswith("#@title"):
            assert any(output.get("name") == "stdout" for output in cell.outputs), cell.source[:80]
