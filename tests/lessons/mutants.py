"""`make mutants`: how strong are a lesson's checks? Mutation testing of the answer cells.

Every mutant is the solution with one small edit inside its solution markers: a swapped operator
(+ and -, * and /, < and <=, == and !=, and and or, ...), a constant off by one (dims, padding,
counts), a flipped boolean, a dropped `not` or minus, a dropped cast or copy (`float(x)` -> `x`,
`x.clone()` -> `x`, `.detach()`), a dropped statement (a `raise` among them), a comparison's
threshold 0 moved to -1 (`f > 0` -> `f > -1`), a constant divisor made 0, or a dropped `with`
(`torch.no_grad()`, ...) whose body stays. Each is graded through the real path (a temporary
release, `autograde.autograde`), packed several to a notebook like the variants. A mutant is *killed* when a test cell of its
exercise loses points, *survives* when the exercise keeps full marks, and *times out*. A surviving
mutant that is still a right answer is listed, with why, in the lesson's variants file as
EQUIVALENT_MUTANTS = {"<mutant id>": "why it is right"}; any other survivor is a gap in the checks.

    python -m tests.lessons.mutants [NN_name ...] [--limit 40 (0: every mutant)] [--seed 0]
"""
import argparse
import ast
import copy
import os
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import nbformat

from autograder.course import SOLUTION_MARKERS, Course, isolate_jupyter
from autograder import autograde, release
from autograder.grading.results import NOT_GRADED
from autograder.release import notebooks
from tests.lessons.harness import LESSONS, exercise_tests, graded_cells, load_variants_module, pack, with_cells_replaced

SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
         ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult, ast.MatMult: ast.Mult, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd,
         ast.LShift: ast.RShift, ast.RShift: ast.LShift, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
         ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
         ast.In: ast.NotIn, ast.NotIn: ast.In, ast.And: ast.Or, ast.Or: ast.And}
CASTS = {"float", "int", "bool", "tuple", "list", "abs", "clone", "detach", "contiguous", "double", "long", "item",
         "cpu", "to", "squeeze", "unsqueeze", "requires_grad_", "reshape", "view", "copy"}


@dataclass(frozen=True)
class Mutant:
    id: str  # "<exercise>:<line>:<edit>", stable across runs
    exercise: str
    source: str  # the whole mutated solution cell


def solution_lines(source: str) -> set[int]:
    """Line numbers (1-based, in the cell without markers) of the code between the solution markers."""
    lines, inside, number = set(), False, 0
    for line in source.splitlines():
        if line.strip() == SOLUTION_MARKERS[0]:
            inside = True
            continue
        if line.strip() == SOLUTION_MARKERS[1]:
            inside = False
            continue
        number += 1
        if inside:
            lines.add(number)
    return lines


def _edits(tree: ast.AST, lines: set[int]):
    """(node path, description, edit function) for every single edit inside the solution lines."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        if line not in lines:
            continue
        if isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)) and type(node.op) in SWAPS:
            yield node, f"{type(node.op).__name__}->{SWAPS[type(node.op)].__name__}", \
                lambda n: setattr(n, "op", SWAPS[type(n.op)]())
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in SWAPS:
                    yield node, f"{type(op).__name__}->{SWAPS[type(op)].__name__}", \
                        lambda n, i=i: n.ops.__setitem__(i, SWAPS[type(n.ops[i])]())
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
            if type(node.value) is bool:
                yield node, f"{node.value}->{not node.value}", lambda n: setattr(n, "value", not n.value)
            else:
                yield node, f"{node.value}->{node.value + 1}", lambda n: setattr(n, "value", n.value + 1)
                if node.value != 0:
                    yield node, f"{node.value}->{node.value - 1}", lambda n: setattr(n, "value", n.value - 1)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            yield node, f"drop {type(node.op).__name__}", "unwrap-operand"
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in CASTS:
                yield node, f"drop {name}()", "unwrap-call"
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list):
                for i, statement in enumerate(block):
                    if getattr(statement, "lineno", None) in lines and not isinstance(statement, ast.Pass):
                        yield parent, "drop statement", ("drop", field, i, statement.lineno)
    yield from _boundary_edits(tree, lines)


def _boundary_edits(tree: ast.AST, lines: set[int]):
    """Edits at the edges of a computation, after the others so that their ids stay as they were: a
    comparison's threshold 0 moved to -1 (`f > 0` -> `f > -1`), a constant divisor made 0 (an answer of
    inf or nan), and a `with` block (torch.no_grad(), ...) dropped with its body kept."""
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) not in lines:
            continue
        if isinstance(node, ast.Compare):
            for i, operand in enumerate([node.left, *node.comparators]):
                if _number(operand) and operand.value == 0:
                    yield node, "threshold 0->-1", lambda n, i=i: setattr([n.left, *n.comparators][i], "value", -1)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)):
            divisor = node.right if isinstance(node, ast.BinOp) else node.value
            if _number(divisor) and divisor.value != 0:
                yield node, "divide by 0", lambda n: setattr(n.right if isinstance(n, ast.BinOp) else n.value, "value", 0)
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            for i, statement in enumerate(block if isinstance(block, list) else []):
                if isinstance(statement, ast.With) and statement.lineno in lines:
                    yield parent, "drop with", ("unwrap", field, i, statement.lineno)


def _number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def mutants_of(exercise: str, source: str) -> list[Mutant]:
    """Every single-edit mutant of a solution cell (source with its markers), in a stable order."""
    plain = notebooks.strip_solution_markers(source)
    lines = solution_lines(source)
    tree = ast.parse(plain)
    found = []
    for index, (node, what, edit) in enumerate(list(_edits(tree, lines))):
        mutated = copy.deepcopy(tree)
        target = list(_edits(mutated, lines))[index][0]
        if edit == "unwrap-operand":
            _replace(mutated, target, target.operand)
        elif edit == "unwrap-call":
            inner = target.func.value if isinstance(target.func, ast.Attribute) else (target.args or [None])[0]
            if inner is None:
                continue
            _replace(mutated, target, inner)
        elif isinstance(edit, tuple):
            kind, field, i, _ = edit
            block = getattr(target, field)
            block[i:i + 1] = block[i].body if kind == "unwrap" else [ast.Pass()]
        else:
            edit(target)
        try:
            code = ast.unparse(ast.fix_missing_locations(mutated))
            compile(code, exercise, "exec")
        except (SyntaxError, ValueError, TypeError):
            continue
        if code != ast.unparse(tree):
            line = edit[3] if isinstance(edit, tuple) else node.lineno
            found.append(Mutant(f"{exercise}:{line}:{what}", exercise, code))
    unique, ids = {}, {}
    for mutant in found:
        if mutant.source in unique:
            continue
        ids[mutant.id] = ids.get(mutant.id, 0) + 1
        if ids[mutant.id] > 1:  # two edits of one kind on one line: the second is <id>#2
            mutant = Mutant(f"{mutant.id}#{ids[mutant.id]}", mutant.exercise, mutant.source)
        unique[mutant.source] = mutant
    return list(unique.values())


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new


def lesson_mutants(assignment: str, limit: int, seed: int) -> list[Mutant]:
    cells = graded_cells(assignment)
    every = [m for exercise, source in cells.items() if not exercise.startswith("test_")
             and SOLUTION_MARKERS[0] in source for m in mutants_of(exercise, source)]
    if limit and len(every) > limit:
        every = sorted(random.Random(seed).sample(every, limit), key=every.index)
    return every


def outcome(result, tests: list[str]) -> str:
    """killed, survived or timeout, from the results of the exercise's test cells (grade ids `tests`)."""
    if result.status == NOT_GRADED:  # the grader failed, not the checks: no verdict on the mutant
        raise RuntimeError(f"a mutant of {result.assignment} could not be graded: {result.notes[0]}")
    cells = [e for e in result.exercises if e.exercise in tests]
    if any(e.status == "timeout" for e in cells):
        return "timeout"
    return "killed" if any(e.score < e.max_score for e in cells) else "survived"


ROUNDS = 5  # grading rounds at most: mutants that time out behind others this often keep "timeout"


def hostages(result, planned: dict[str, Mutant]) -> list[Mutant]:
    """The mutants of a notebook that timed out only because an earlier exercise used up its time: every
    cell from the first timed-out one on times out, and only that first exercise is to blame."""
    owner = {test: exercise for exercise, tests in exercise_tests(result.assignment).items() for test in tests}
    timed_out = [owner.get(e.exercise) for e in result.exercises if e.status == "timeout"]
    return [mutant for exercise, mutant in planned.items() if exercise in timed_out and exercise != timed_out[0]]


def run(assignments: list[str], limit: int, seed: int, workers: int, limits: dict | None = None
        ) -> dict[str, dict[str, list[Mutant]]]:
    """{lesson: {"killed" | "survived" | "timeout" | "equivalent": [mutants]}}, graded through the real path
    (limits: the grader's, such as a longer notebook_timeout on a loaded machine). Mutants packed behind one that
    hangs are graded again in a later round."""
    verdicts: dict[tuple[str, str], tuple[Mutant, str]] = {}
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp_name:
        tmp = Path(tmp_name)
        course = Course(build=tmp / "build", out_root=tmp / "out")
        release.release(course, only=assignments)
        pending = {assignment: lesson_mutants(assignment, limit, seed) for assignment in assignments}
        for round_ in range(ROUNDS):
            submissions, plan = tmp / f"submissions-{round_}", {}
            for assignment, mutants in pending.items():
                solution = nbformat.read(course.out_root / "solutions" / "en" / f"{assignment}.ipynb", as_version=4)
                table: dict = {}
                for mutant in mutants:
                    table.setdefault(mutant.exercise, {})[mutant.id] = mutant.source
                for index, batch in enumerate(pack(table, assignment)):
                    student = f"mutants-{index:03d}"
                    (submissions / student).mkdir(parents=True, exist_ok=True)
                    nb = with_cells_replaced(solution, {exercise: source for exercise, (_, source) in batch.items()})
                    nbformat.write(nb, submissions / student / f"{assignment}.ipynb")
                    by_id = {m.id: m for m in mutants}
                    plan[(student, assignment)] = {exercise: by_id[mutant_id] for exercise, (mutant_id, _) in batch.items()}
            results = autograde.autograde(submissions, tmp / f"graded-{round_}", workers=workers, course=course,
                                      limits=limits, progress=True)
            pending = {}
            for result in results:
                planned = plan[(result.student, result.assignment)]
                again = hostages(result, planned) if round_ < ROUNDS - 1 else []
                pending.setdefault(result.assignment, []).extend(again)
                for exercise, mutant in planned.items():
                    if mutant not in again:
                        verdict = outcome(result, exercise_tests(result.assignment)[exercise])
                        verdicts[(result.assignment, mutant.id)] = (mutant, verdict)
            pending = {assignment: mutants for assignment, mutants in pending.items() if mutants}
            if not pending:
                break
    report = {a: {"killed": [], "survived": [], "timeout": [], "equivalent": []} for a in assignments}
    for (assignment, _), (mutant, verdict) in verdicts.items():
        if verdict == "survived" and mutant.id in getattr(load_variants_module(assignment), "EQUIVALENT_MUTANTS", {}):
            verdict = "equivalent"
        report[assignment][verdict].append(mutant)
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.lessons.mutants", description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", default=LESSONS)
    parser.add_argument("--limit", type=int, default=40, help="mutants per lesson, sampled (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--notebook-timeout", type=int, help="seconds per notebook (the grader's 120 by default): "
                                                               "more on a loaded machine, where a slow notebook is no verdict")
    args = parser.parse_args(argv)
    limits = {"notebook_timeout": args.notebook_timeout} if args.notebook_timeout else None
    report = run(args.lessons, args.limit, args.seed, args.workers, limits)
    print("| lesson | killed | survived | timeout | equivalent |\n|---|---:|---:|---:|---:|")
    for lesson, kinds in report.items():
        print(f"| {lesson} | " + " | ".join(str(len(kinds[k])) for k in ("killed", "survived", "timeout", "equivalent"))
              + " |")
    stale = []  # EQUIVALENT_MUTANTS entries that the run contradicts: killed, or (over every mutant) never made
    for lesson, kinds in report.items():
        listed = getattr(load_variants_module(lesson), "EQUIVALENT_MUTANTS", {})
        made = {m.id for found in kinds.values() for m in found}
        stale += [f"{lesson} {m.id}: listed as a right answer, but the checks kill it"
                  for m in kinds["killed"] if m.id in listed]
        stale += [f"{lesson} {mutant_id}: listed as a right answer, but no such mutant" for mutant_id in
                  sorted(set(listed) - made)] if not args.limit else []
        print(f"\n{lesson}: survivors that are right answers (EQUIVALENT_MUTANTS)")
        for mutant in kinds["equivalent"]:
            print(f"- `{mutant.id}`: {listed[mutant.id]}")
        for mutant in kinds["survived"]:
            print(f"\nSURVIVED {mutant.id}\n" + "\n".join("    " + line for line in mutant.source.splitlines()))
        for mutant in kinds["timeout"]:
            print(f"TIMEOUT {mutant.id}")
    for line in stale:
        print(f"\nSTALE {line}")
    return 1 if stale or any(kinds["survived"] for kinds in report.values()) else 0


if __name__ == "__main__":
    isolate_jupyter()  # nbgrader, in this process
    sys.exit(main())
