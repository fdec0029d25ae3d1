"""What the lesson tests grade: every lesson's solution and stub, and the variants kept in variants/.

Grading one notebook costs about 2.7 s, mostly starting a kernel, so variants are packed several
to a notebook. A notebook of wrong variants only packs exercises that are independent: none of
their cells (solution, test, variants) uses a name another one defines. A failing test cell is then
the exercise's own failure, never a neighbour's.
"""
import functools
import importlib.util
from pathlib import Path

import nbformat

from autograder.course import Course
from autograder.release.sources import read_source
from autograder.grading.demos import names_defined, names_used
from autograder.judge import answer_of

VARIANTS_DIR = Path(__file__).parent / "variants"
LESSONS = Course().assignments()


@functools.cache
def load_variants_module(assignment: str):
    """The lesson's variants module (WRONG, RIGHT, and EQUIVALENT_MUTANTS for tests/lessons/mutants.py), or None."""
    path = VARIANTS_DIR / f"{assignment}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"variants_{assignment}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_variants(assignment: str) -> tuple[dict, dict]:
    """(WRONG, RIGHT): {exercise grade_id: {variant name: replacement source of its solution cell}}."""
    module = load_variants_module(assignment)
    return (module.WRONG, module.RIGHT) if module is not None else ({}, {})


def graded_cells(assignment: str) -> dict[str, str]:
    """grade_id -> source of every solution and test code cell of the lesson's source."""
    cells = read_source(Course(), assignment, "en").cells
    return {cell.metadata["nbgrader"]["grade_id"]: cell.source for cell in cells
            if cell.cell_type == "code" and "grade_id" in cell.metadata.get("nbgrader", {})}


@functools.cache
def exercise_tests(assignment: str) -> dict[str, list[str]]:
    """Exercise (solution grade_id) -> the grade ids of its test cells: test_<name> and test_<name>_<part>."""
    cells = graded_cells(assignment)
    answers = [grade_id for grade_id in cells if not grade_id.startswith("test_")]
    owned: dict[str, list[str]] = {}
    for grade_id in cells:
        owner = answer_of(grade_id, answers) if grade_id.startswith("test_") else None
        if owner is not None:
            owned.setdefault(owner, []).append(grade_id)
    return owned


def exercises(assignment: str) -> list[str]:
    """Grade ids of the solution cells that a graded test cell checks."""
    return list(exercise_tests(assignment))


@functools.cache
def dependencies(assignment: str) -> dict[str, set[str]]:
    """Exercise -> the other exercises it leans on, directly or not, through its cells or variants."""
    cells = graded_cells(assignment)
    names = exercises(assignment)
    defined = {e: names_defined(cells[e]) for e in names}
    used = {}
    for e in names:
        sources = [cells[e]] + [cells[t] for t in exercise_tests(assignment)[e]] \
            + [s for table in load_variants(assignment) for s in table.get(e, {}).values()]
        used[e] = set().union(*map(names_used, sources))
    depends = {e: {other for other in names if other != e and used[e] & defined[other]} for e in names}
    changed = True
    while changed:
        changed = False
        for e in names:
            reach = depends[e].union(*(depends[other] for other in depends[e]))
            changed |= reach != depends[e]
            depends[e] = reach
    return depends


@functools.cache
def variant_batches(kind: str, assignment: str) -> tuple[dict[str, tuple[str, str]], ...]:
    """The notebooks to grade: each maps exercise -> (variant name, source), exercises independent."""
    return pack(load_variants(assignment)[0 if kind == "wrong" else 1], assignment)


def pack(table: dict[str, dict[str, str]], assignment: str) -> tuple[dict[str, tuple[str, str]], ...]:
    """Replacement solution cells ({exercise: {name: source}}) packed into as few notebooks as the
    exercises' independence allows."""
    depends = dependencies(assignment)
    pending = [(exercise, name, source) for exercise, variants in table.items() for name, source in variants.items()]
    batches = []
    while pending:
        batch, later = {}, []
        for exercise, name, source in pending:
            if exercise in batch or any(exercise in depends.get(o, ()) or o in depends.get(exercise, ()) for o in batch):
                later.append((exercise, name, source))
            else:
                batch[exercise] = (name, source)
        batches.append(batch)
        pending = later
    return tuple(batches)


def variant_cases(kind: str) -> list[tuple[str, str, str]]:
    """(assignment, exercise, variant) for every WRONG (kind="wrong") or RIGHT (kind="right") variant."""
    return [(assignment, exercise, name)
            for assignment in LESSONS
            for batch in variant_batches(kind, assignment)
            for exercise, (name, _) in batch.items()]


def batch_student(kind: str, assignment: str, index: int) -> str:
    return f"{kind}--{assignment}--{index}"


def unsolved_student(assignment: str, exercise: str) -> str:
    """The student whose notebook is the solution with this one exercise left as the stub."""
    return f"unsolved--{assignment}--{exercise}"


def student_of(kind: str, assignment: str, exercise: str, variant: str) -> str:
    """The student whose notebook holds this variant."""
    for index, batch in enumerate(variant_batches(kind, assignment)):
        if batch.get(exercise, (None,))[0] == variant:
            return batch_student(kind, assignment, index)
    raise KeyError((kind, assignment, exercise, variant))


# Correct notebooks that print as beginners debug: they must keep full marks (autograder_kernel.output).
# student -> code added at the end of solution cells of LOUD_LESSON (None: every one)
LOUD_LESSON = "01_tensors"
LOUD = {
    "loud--lines": {"create_tensors": "for step in range(1_000_000):  # 25 MB\n    print(f'loss at step {step:>7}: ok')"},
    "loud--string": {None: "print(LOUD)", "create_tensors": "LOUD = 'x' * 50_000_000\nprint(LOUD)"},
}


def loud(solution: nbformat.NotebookNode, student: str) -> nbformat.NotebookNode:
    """The solution with LOUD[student]'s prints added."""
    added = LOUD[student]
    sources = {cell.metadata["nbgrader"]["grade_id"]: cell.source for cell in solution.cells
               if cell.metadata.get("nbgrader", {}).get("solution") and cell.cell_type == "code"}
    return with_cells_replaced(solution, {grade_id: f"{source}\n{added.get(grade_id, added.get(None))}"
                                          for grade_id, source in sources.items()
                                          if added.get(grade_id, added.get(None))})


def with_cells_replaced(nb: nbformat.NotebookNode, sources: dict[str, str]) -> nbformat.NotebookNode:
    """A copy of nb whose solution cells named in `sources` (grade_id -> source) are replaced."""
    nb = nbformat.from_dict(nb)
    replaced = set()
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in sources:
            cell.source = sources[grade_id].strip("\n")
            replaced.add(grade_id)
    if replaced != set(sources):
        raise KeyError(f"no cell with grade_id {sorted(set(sources) - replaced)}")
    return nb
