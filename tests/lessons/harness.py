"""What the lesson tests grade: every lesson's solution and stub, and the variants kept in variants/.

Grading one notebook costs about 2.7 s, mostly starting a kernel, so variants are packed several
to a notebook. A notebook of wrong variants only packs exercises that are independent: none of
their cells (solution, test, variants) uses a name another one defines. A failing test cell is then
the exercise's own failure, never a neighbour's.
"""
import functools
import importlib.util
import itertools
import os
from pathlib import Path

import jupytext
import nbformat

from autograder import autograde
from autograder.course import LANGS, Course
from autograder.grading.results import NotebookResult, not_graded_line
from autograder.release import notebooks
from autograder.sandbox.demos import names_defined, names_used
from autograder.judge import answer_of

VARIANTS_DIR = Path(__file__).parent / "variants"
LESSONS = Course().assignments()
# `make test` grades one case of each kind that an exercise has: its first wrong and first right variant, its first
# visible example broken, and the exercise left unsolved; `make test-all` grades every case (docs/testing.md)
EVERY_CASE = os.environ.get("AUTOGRADER_TEST_ALL") == "1"
# the stubs graded: `make test` grades one language's (the code is written once; a failing check's English
# messages show in the wrong variants, made from the English solution); `make test-all` both
STUB_LANGS = LANGS if EVERY_CASE else ("ru",)
# `make test-all` grades the whole class a second time, with every demonstration and a cold jail; these must be
# among it, every cell of each run as a student runs it
SAMPLE = ("solution-ru", "solution-en")


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


# Appended to a solution cell to break it on exactly one visible example: a call for which the condition holds
# raises instead of returning, or returns None where the solution raises.
BREAK = '''

def _same(value, example):
    """Whether value is the example: a tensor of its dtype, shape and values, or an equal plain value."""
    if isinstance(example, torch.Tensor):
        return isinstance(value, torch.Tensor) and value.dtype == example.dtype and value.shape == example.shape \\
            and bool(torch.equal(value.detach().cpu(), example))
    return not isinstance(value, torch.Tensor) and type(value) is type(example) and value == example


def _agrees(f, g):
    """Whether two functions of a float64 0-dim tensor give the same values at a few points."""
    points = [torch.tensor(t, dtype=torch.float64) for t in (-1.7, 0.3, 2.9)]
    return all(float(f(t)) == float(g(t)) for t in points)


def _visible_break(function, condition):
    def broken(*args, **kwargs):
        try:
            hit = bool(condition(*args, **kwargs))
        except Exception:
            hit = False
        if not hit:
            return function(*args, **kwargs)
        try:
            function(*args, **kwargs)
        except Exception:
            return None
        raise RuntimeError("broken on a visible example")
    return broken


def _like(owner, name, function):
    return staticmethod(function) if isinstance(vars(owner).get(name), staticmethod) else function
'''


def broken_on(exercise_source: str, target: str, condition: str) -> str:
    """A solution cell (with its markers) with `target` (a function, or a method such as "Power.apply")
    broken on the calls for which `condition` (a lambda with the target's parameters) holds."""
    owner, _, name = target.rpartition(".")
    broken = f"_visible_break({target}, {condition})"
    install = f"{target} = _like({owner}, {name!r}, {broken})" if owner else f"{target} = {broken}"
    return notebooks.strip_solution_markers(exercise_source) + BREAK + "\n" + install + "\n"


def load_variants(assignment: str) -> tuple[dict, dict]:
    """(WRONG, RIGHT): {exercise grade_id: {variant name: replacement source of its solution cell}}."""
    module = load_variants_module(assignment)
    return (module.WRONG, module.RIGHT) if module is not None else ({}, {})


@functools.cache
def graded_cells(assignment: str) -> dict[str, str]:
    """grade_id -> source of every solution and test code cell of the lesson's source, read as jupytext reads it:
    collecting the tests needs neither the release's figures (seconds of drawing) nor its added cells."""
    source = jupytext.read(Course().sources / f"{assignment}.py", fmt="py:percent")
    return {cell.metadata["nbgrader"]["grade_id"]: cell.source for cell in source.cells
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


def visible_variants(assignment: str) -> dict[str, dict[str, str]]:
    """{exercise: {visible example: the solution cell broken on that example}}, from the lesson's
    VISIBLE_EXAMPLES = {exercise: {example: (target, condition)}}."""
    module = load_variants_module(assignment)
    cells = graded_cells(assignment)
    return {exercise: {name: broken_on(cells[exercise], *example) for name, example in examples.items()}
            for exercise, examples in getattr(module, "VISIBLE_EXAMPLES", {}).items()}


# A right batch's entry for an exercise left as the student notebook has it (its stub: the source is None, the
# submissions fixture puts the released stub there), and the prefix of a wrong batch's entry for the solution
# broken on one visible example.
UNSOLVED = "unsolved"
BROKEN_ON = "broken on "
# each kind of case, and the batches it is packed in
BATCHES = {"wrong": "wrong", "visible": "wrong", "right": "right", "unsolved": "right"}


@functools.cache
def variant_batches(kind: str, assignment: str) -> tuple[dict[str, tuple[str, str | None]], ...]:
    """The notebooks to grade: each maps exercise -> (entry name, source), exercises independent. kind "wrong":
    the wrong variants and the solution broken on each visible example (BROKEN_ON + the example), each of which
    must cost its own exercise points; kind "right": the right variants and each exercise left unsolved (UNSOLVED),
    where only an unsolved exercise may lose points. An entry fails or passes alone: its neighbours are other
    exercises that do not lean on it. Without EVERY_CASE, the first case of each kind an exercise has."""
    wrong, right = load_variants(assignment)
    kept = (lambda cases: cases) if EVERY_CASE else (lambda cases: dict(itertools.islice(cases.items(), 1)))
    if kind == "wrong":
        visible = visible_variants(assignment)
        table = {e: {**kept(wrong.get(e, {})),
                     **kept({BROKEN_ON + name: source for name, source in visible.get(e, {}).items()})}
                 for e in exercises(assignment)}
    else:
        table = {e: {**kept(right.get(e, {})), UNSOLVED: None} for e in exercises(assignment)}
    return pack({exercise: entries for exercise, entries in table.items() if entries}, assignment)


def entry_name(kind: str, name: str) -> str:
    """The name in its batch of a case of this kind ("wrong", "visible", "right", "unsolved") named `name`."""
    return BROKEN_ON + name if kind == "visible" else UNSOLVED if kind == "unsolved" else name


def kind_of(batches: str, name: str) -> str:
    """The kind of case of a batch entry, from its batches' kind and its name."""
    if batches == "wrong":
        return "visible" if name.startswith(BROKEN_ON) else "wrong"
    return "unsolved" if name == UNSOLVED else "right"


def pack(table: dict[str, dict[str, str]], assignment: str, apart: bool = True
         ) -> tuple[dict[str, tuple[str, str]], ...]:
    """Replacement solution cells ({exercise: {name: source}}) packed into as few notebooks as the
    exercises' independence allows. apart=False packs exercises that lean on each other together too: fewer
    notebooks, for answers that all should pass, where a failure may then be a neighbour's."""
    depends = dependencies(assignment) if apart else {}
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
    """(assignment, exercise, name) for every case of this kind: a WRONG variant (kind="wrong"), a RIGHT one
    ("right"), a visible example the solution is broken on ("visible"), an exercise left unsolved ("unsolved",
    named UNSOLVED)."""
    return [(assignment, exercise, name.removeprefix(BROKEN_ON))
            for assignment in LESSONS
            for batch in variant_batches(BATCHES[kind], assignment)
            for exercise, (name, _) in batch.items() if kind_of(BATCHES[kind], name) == kind]


def batch_student(kind: str, assignment: str, index: int) -> str:
    return f"{kind}--{assignment}--{index}"


def case_of(kind: str, assignment: str, exercise: str, name: str) -> tuple[str, dict[str, tuple[str, str | None]]]:
    """(the student whose notebook holds this case, that notebook's batch)."""
    for index, batch in enumerate(variant_batches(BATCHES[kind], assignment)):
        if batch.get(exercise, (None,))[0] == entry_name(kind, name):
            return batch_student(BATCHES[kind], assignment, index), batch
    raise KeyError((kind, assignment, exercise, name))


# Correct notebooks that print as beginners debug: they must keep full marks (autograder_kernel.output); graded by
# `make test-all` (tests/sandbox/test_execute.py proves the cap on output in `make test`).
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


def grade_class(submissions, released, tmp_path_factory, unsafe: bool, **limits
                ) -> dict[tuple[str, str], NotebookResult]:
    """Graded in the jail; where there is none (outside CI), in the explicit unsafe mode: the code is the
    course's own, and every result then carries the flag autograder.sandbox.jail.UNSANDBOXED."""
    out = tmp_path_factory.mktemp("graded")
    results = autograde.autograde(submissions, out, workers=os.cpu_count() or 1, course=released, limits=limits or None,
                              unsafe_no_sandbox=unsafe)
    failed = not_graded_line(results)
    assert not failed, f"the grader failed, so the lessons are not proved: {failed}"
    return {(r.student, r.assignment): r for r in results}
