"""A graded class made of the lessons' variants, as `make autograde` leaves it in OUT (grades.csv and the
autograded notebooks), with copiers in it.

- Independent students: per exercise, one style of tests/lessons/variants (the solution, a right or a
  wrong answer), drawn at random from one half of the styles (`split` 0 or 1: the tests use one,
  the benchmark the held-out other).
- Copiers, made by a program from another student's notebook: names renamed (variables, parameters,
  helpers, attributes), the code re-printed (ast, other quotes, extra parentheses and line breaks),
  comments, docstrings, blank lines and print lines added, functions reordered in each cell and the
  answer cells in another order in the notebook. One copier per disguise, and some with all of them.
- A partial copier: half of one student's answers, disguised, the rest written alone.

`python -m tests.publish.classroom --students 500` times `make similarity` on such a class (held-out
styles) and says whether every copy was found.
"""
import argparse
import ast
import csv
import importlib.util
import io
import json
import random
import tempfile
import time
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder import ROOT, Course
from autograder.grade.outputs import GRADE_COLUMNS, autograded_path
from autograder.publish import fingerprints

DISGUISES = ("rename", "reprint", "comment", "reorder")


def answer_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution")]


def styles(assignment: str, split: int) -> dict[str, list[str]]:
    """{exercise: its sources in this half of the styles} (the solution counts as a style)."""
    spec = importlib.util.spec_from_file_location(f"variants_{assignment}", ROOT / "tests/lessons/variants" /
                                                  f"{assignment}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    solution = nbformat.read(ROOT / "solutions" / "en" / f"{assignment}.ipynb", as_version=4)
    found = {}
    for cell in answer_cells(solution):
        exercise = cell.metadata["nbgrader"]["grade_id"]
        named = {"solution": cell.source, **module.RIGHT.get(exercise, {}), **module.WRONG.get(exercise, {})}
        found[exercise] = [named[name].strip() + "\n" for i, name in enumerate(sorted(named)) if i % 2 == split]
    return found


class Hand(ast.NodeTransformer):
    """How one student writes what another writes otherwise: each independent student has a hand of their
    own (how often they follow each habit, decided anew at every place it could apply), so that two who
    chose the same style still differ as people's code does. A copier copies the code as it was written."""
    HABITS = ("swap", "flip", "temp", "expand", "function", "shape", "listcomp", "not", "format", "dict", "t")
    FUNCTIONS = {"sum", "mean", "reshape", "matmul", "exp", "abs", "clone", "sqrt", "transpose", "flatten"}
    FACTORIES = {"zeros", "ones", "rand", "randn", "empty"}
    FLIPPED = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}

    def __init__(self, rng: random.Random):
        self.rng = random.Random(rng.random())
        self.often = {h: rng.random() for h in self.HABITS}

    def follows(self, habit: str) -> bool:
        return self.rng.random() < self.often[habit]

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, (ast.Add, ast.Mult)) and not any(
                isinstance(x, (ast.Constant, ast.JoinedStr, ast.List)) for x in (node.left, node.right)) \
                and self.follows("swap"):
            node.left, node.right = node.right, node.left
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in self.FLIPPED and self.follows("flip"):
            return ast.Compare(node.comparators[0], [self.FLIPPED[type(node.ops[0])]()], [node.left])
        if len(node.ops) == 1 and isinstance(node.ops[0], ast.NotEq) and self.follows("not"):
            return ast.UnaryOp(ast.Not(), ast.Compare(node.left, [ast.Eq()], node.comparators))
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and self.follows("expand"):
            return ast.Assign([ast.Name(node.target.id, ast.Store())],
                              ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value))
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in self.FUNCTIONS and isinstance(func.value, ast.Name)
                and func.value.id not in ("torch", "nn", "np", "math") and self.follows("function")):
            return ast.Call(ast.Attribute(ast.Name("torch", ast.Load()), func.attr, ast.Load()),
                            [func.value, *node.args], node.keywords)
        if (isinstance(func, ast.Attribute) and func.attr in self.FACTORIES and len(node.args) > 1
                and not any(isinstance(a, ast.Starred) for a in node.args) and self.follows("shape")):
            node.args = [ast.Tuple(node.args, ast.Load())]
        node.args = [ast.ListComp(a.elt, a.generators) if isinstance(a, ast.GeneratorExp) and self.follows("listcomp")
                     else a for a in node.args]
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr == "T" and isinstance(node.ctx, ast.Load) and self.follows("t"):
            return ast.Call(ast.Attribute(node.value, "t", ast.Load()), [], [])
        return node

    def visit_JoinedStr(self, node):
        if all(isinstance(v, ast.Constant) or not v.format_spec for v in node.values) and self.follows("format"):
            text = "".join(v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant) else "{}"
                           for v in node.values)
            values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
            return ast.Call(ast.Attribute(ast.Constant(text), "format", ast.Load()), values, [])
        return node

    def visit_Dict(self, node):
        self.generic_visit(node)
        if (all(isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value.isidentifier() for k in node.keys)
                and node.keys and self.follows("dict")):
            return ast.Call(ast.Name("dict", ast.Load()), [], [ast.keyword(k.value, v) for k, v in
                                                                zip(node.keys, node.values)])
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        body = []
        for statement in node.body:
            if (isinstance(statement, ast.Return) and isinstance(statement.value, (ast.Call, ast.BinOp, ast.Dict))
                    and self.follows("temp")):
                body += [ast.Assign([ast.Name("result", ast.Store())], statement.value),
                         ast.Return(ast.Name("result", ast.Load()))]
            else:
                body.append(statement)
        node.body = body
        return node

    def write(self, source: str) -> str:
        return ast.unparse(ast.fix_missing_locations(self.visit(ast.parse(source))))


def rename(source: str, keep: set[str], rng: random.Random) -> str:
    """Every name the answer defines gets another, except the exercise's own (the grader calls it),
    dunders and methods (nn.Module and autograd.Function call forward and backward by name)."""
    tree = ast.parse(source)
    names, attributes = fingerprints.defined(tree)
    methods = {m.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for m in c.body
               if isinstance(m, ast.FunctionDef)}
    new = {n: f"{rng.choice(['my', 'tmp', 'val', 'res', 'helper'])}_{n[::-1]}_{i}"
           for i, n in enumerate(sorted(names | attributes)) if n not in keep | methods and not n.startswith("__")}
    renamer = fingerprints.Renamer({n: v for n, v in new.items() if n in names},
                                   {n: v for n, v in new.items() if n in attributes})
    return ast.unparse(renamer.visit(tree))


def reprint(source: str) -> str:
    """Re-printed from the syntax tree, with single quotes turned into double ones, other spacing, extra
    parentheses around returned values and a line break after the first parenthesis of a statement."""
    out, first, broken = [], None, False
    for tok in tokenize.generate_tokens(io.StringIO(ast.unparse(ast.parse(source))).readline):
        text = tok.string
        if tok.type == tokenize.STRING and text.startswith("'") and '"' not in text:
            text = '"' + text[1:-1] + '"'
        first = first or (text if tok.type == tokenize.NAME else None)
        out.append((tok.type, text))
        if text == "(" and not broken and first not in ("def", "class", "return"):
            out.append((tokenize.NL, "\n"))
            broken = True
        if tok.type == tokenize.NEWLINE:
            first, broken = None, False
    lines = []
    for line in tokenize.untokenize(out).splitlines():
        stripped = line.lstrip()
        if stripped.startswith("return ") and stripped.strip() != "return" and not stripped.rstrip().endswith(("(", ",")):
            line = line.replace("return ", "return (", 1) + ")"
        lines.append(line)
    return "\n".join(lines) + "\n"


def comment(source: str, rng: random.Random) -> str:
    """Comments, a docstring in every function, blank lines and a print line before every return, in the text."""
    lines = source.splitlines()
    out = []
    for i, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        if line.lstrip().startswith("return"):
            out.append(f"{indent}print('checking', {rng.randint(1, 99)})")
        elif line.strip() and rng.random() < 0.4:
            out.append(f"{indent}# {rng.choice(['now the main step', 'as in the lecture', 'TODO: tidy'])}")
        out.append(line)
        if line.lstrip().startswith("def ") and line.rstrip().endswith(":"):
            body = next(x for x in lines[i + 1:] if x.strip())
            body = body[:len(body) - len(body.lstrip())]
            out.append(f'{body}"""My own solution, written step by step ({rng.random():.3f})."""')
        elif rng.random() < 0.3:
            out.append("")
    return "\n".join(out) + "\n"


def reorder(source: str, rng: random.Random) -> str:
    """The functions and classes of the cell in another order."""
    tree = ast.parse(source)
    defs = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.ClassDef))]
    others = [s for s in tree.body if s not in defs]
    rng.shuffle(defs)
    tree.body = others + defs[::-1]
    return ast.unparse(tree)


def disguise(source: str, keep: set[str], ways, rng: random.Random) -> str:
    for way in sorted(ways, key=["rename", "reorder", "reprint", "comment"].index):
        if way == "rename":
            source = rename(source, keep, rng)
        elif way == "reprint":
            source = reprint(source)
        elif way == "comment":
            source = comment(source, rng)
        elif way == "reorder":
            source = reorder(source, rng)
    ast.parse(source)  # a copy that still runs
    return source


@dataclass
class Class:
    """What was made: every student's answers per assignment, and the pairs that are copies."""
    answers: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (student, assignment) -> answers
    copies: set[tuple[str, str, str]] = field(default_factory=set)  # (assignment, copier, source)
    taken: set[str] = field(default_factory=set)  # the answers the partial copier took
    order: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # answer cells in another order


def make_class(independent: int, split: int, seed: int, partial_in: str, assignments=None,
               copiers=len(DISGUISES) + 2) -> Class:
    """independent students, then per assignment `copiers` copiers (one per disguise, the rest all of
    them), each copying another independent student, and in assignment `partial_in` a partial copier."""
    rng = random.Random(seed)
    made, hands = Class(), {}
    for assignment in assignments or Course().assignments():
        pool = styles(assignment, split)
        released = nbformat.read(ROOT / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
        keep = {e: {n.name for n in ast.parse(c.source).body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
                for c in answer_cells(released) for e in [c.metadata["nbgrader"]["grade_id"]]}
        students = [f"s{i:03d}" for i in range(independent)]
        for student in students:
            if student not in hands:
                hands[student] = Hand(rng)
            made.answers[student, assignment] = {e: hands[student].write(rng.choice(sources))
                                                 for e, sources in pool.items()}
        sources = rng.sample(students, copiers + 1)
        for i, source in enumerate(sources[:-1]):
            ways = (DISGUISES[i],) if i < len(DISGUISES) else DISGUISES
            copier = f"copier{i}"
            made.answers[copier, assignment] = {e: disguise(a, keep[e], ways, rng)
                                                for e, a in made.answers[source, assignment].items()}
            if "reorder" in ways:
                made.order[copier, assignment] = rng.sample(list(pool), len(pool))
            made.copies.add((assignment, copier, source))
        if assignment != partial_in:
            continue
        taken = made.taken = set(rng.sample(sorted(pool), len(pool) // 2 + 1))
        own = Hand(rng)
        made.answers["partial", assignment] = {
            e: disguise(made.answers[sources[-1], assignment][e], keep[e], DISGUISES, rng) if e in taken
            else own.write(rng.choice(pool[e])) for e in pool}
        made.copies.add((assignment, "partial", sources[-1]))
    return made


def write_out(made: Class, out: Path, extra_rows=()) -> None:
    """OUT as `make autograde` writes it: grades.csv and an autograded notebook per graded row."""
    rows = []
    for (student, assignment), answers in sorted(made.answers.items()):
        nb = nbformat.read(ROOT / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
        for cell in answer_cells(nb):
            cell.source = answers.get(cell.metadata["nbgrader"]["grade_id"], cell.source)
        if (student, assignment) in made.order:
            cells = answer_cells(nb)
            slots = [i for i, c in enumerate(nb.cells) if c in cells]
            by_id = {c.metadata["nbgrader"]["grade_id"]: c for c in cells}
            for slot, exercise in zip(slots, made.order[student, assignment]):
                nb.cells[slot] = by_id[exercise]
        path = autograded_path(out, student, assignment)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
        rows.append([student, assignment, 1, 1, "ok", "", f"{assignment}.ipynb", ""])
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "grades.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(GRADE_COLUMNS)
        writer.writerows([*rows, *extra_rows])


def verdict(made: Class, pairs: list[dict]) -> dict:
    """Per assignment: copies found, independent pairs flagged, and the margin between the lowest copy
    and the highest independent pair."""
    found = {}
    for assignment in sorted({a for a, _, _ in made.copies}):
        copies = {frozenset((x, y)) for a, x, y in made.copies if a == assignment}
        rows = [p for p in pairs if p["assignment"] == assignment]
        copy_rows = [p for p in rows if frozenset((p["student_a"], p["student_b"])) in copies]
        other = [p for p in rows if frozenset((p["student_a"], p["student_b"])) not in copies]
        found[assignment] = {
            "copies": len(copies), "copies flagged": sum(p["suspicious"] == "yes" for p in copy_rows),
            "independent pairs": len(other), "independent flagged": sum(p["suspicious"] == "yes" for p in other),
            "lowest copy": min((float(p["similarity"]) for p in copy_rows), default=0.0),
            "highest independent": max((float(p["similarity"]) for p in other), default=0.0)}
    return found


def main() -> None:
    from autograder.publish import similarity

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="similarity-") as tmp:
        out = Path(tmp) / "graded"
        made = make_class(args.students - len(DISGUISES) - 3, split=1, seed=args.seed, partial_in="02_autograd")
        write_out(made, out)
        start = time.perf_counter()
        pairs = similarity.similarity(out)
        seconds = time.perf_counter() - start
        with open(out / "similarity.csv", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    print(f"{args.students} students x {len(Course().assignments())} assignments: {pairs} pairs compared "
          f"in {seconds:.1f} s")
    print(json.dumps(verdict(made, rows), indent=1))


if __name__ == "__main__":
    main()
