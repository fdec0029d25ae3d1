"""What the lesson tests grade: every lesson's solution and stub, and the variants kept in variants/."""
import importlib.util
from pathlib import Path

import nbformat

from autograder import Course

VARIANTS_DIR = Path(__file__).parent / "variants"
LESSONS = Course().assignments()


def load_variants(assignment: str) -> tuple[dict, dict]:
    """(WRONG, RIGHT): {exercise grade_id: {variant name: replacement source of its solution cell}}."""
    path = VARIANTS_DIR / f"{assignment}.py"
    if not path.exists():
        return {}, {}
    spec = importlib.util.spec_from_file_location(f"variants_{assignment}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WRONG, module.RIGHT


def variant_cases(kind: str) -> list[tuple[str, str, str]]:
    """(assignment, exercise, variant) for every WRONG (kind="wrong") or RIGHT (kind="right") variant."""
    index = 0 if kind == "wrong" else 1
    return [
        (assignment, exercise, name)
        for assignment in LESSONS
        for exercise, variants in load_variants(assignment)[index].items()
        for name in variants
    ]


def variant_student(kind: str, assignment: str, exercise: str, name: str) -> str:
    return f"{kind}--{assignment}--{exercise}--{name}"


def with_cell_replaced(nb: nbformat.NotebookNode, grade_id: str, source: str) -> nbformat.NotebookNode:
    nb = nbformat.from_dict(nb)
    cells = [cell for cell in nb.cells if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id]
    if len(cells) != 1:
        raise KeyError(f"no single cell with grade_id {grade_id!r}")
    cells[0].source = source.strip("\n")
    return nb
