"""A fresh student notebook, run top to bottom: every optional check says, in the notebook's language, that it is
skipped until the functions it checks are written, and none stops the run with an error."""
import ast
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from autograder.release.messages import table_in

ROOT = Path(__file__).resolve().parents[2]
# one language per lesson keeps the loop short; together they run both languages' tables
FRESH = ["ru/01_tensors", "en/02_autograd", "ru/03_logic_neurons", "en/04_power_and_roots",
         "ru/05_gpu_speed_and_memory"]


def optional_checks(nb):
    """(cell, names of the functions it checks) for each cell that calls a check_more_ function."""
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith("check_more_"):
            call = ast.parse(cell.source).body[0].value
            yield cell, [argument.id for argument in call.args]


@pytest.mark.parametrize("lesson", FRESH)
def test_each_optional_check_of_a_fresh_notebook_says_it_is_skipped(lesson, tmp_path):
    nb = nbformat.read(ROOT / "lessons" / f"{lesson}.ipynb", as_version=4)
    table = table_in(nb)
    NotebookClient(nb, timeout=300, allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}).execute()
    checks = list(optional_checks(nb))
    assert checks, f"{lesson} has no optional check"
    for cell, names in checks:
        printed = "".join(output.get("text", "") for output in cell.outputs)
        assert {output.output_type for output in cell.outputs} == {"stream"}, (cell.source, cell.outputs)
        assert printed == table["skipped"].format(names=", ".join(names)) + "\n", (cell.source, printed)
