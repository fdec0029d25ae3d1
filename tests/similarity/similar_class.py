"""A graded class made of the lessons' variants, as `make autograde` leaves it in OUT (grades.csv and the
autograded notebooks), with copiers in it.

- Independent students: per exercise, one style of tests/lessons/variants (the solution, a right or a
  wrong answer), drawn at random from one half of the styles (`split` 0 or 1: the tests use one, the
  held-out class the other), written in a hand of their own (tests/similarity/hands.py).
- Copiers, made by a program from another student's notebook (tests/similarity/disguises.py: renamed,
  re-printed, commented, reordered), their answer cells in another order in the notebook. One copier
  per disguise, and two with all of them.
- A partial copier: half of one student's answers, disguised, the rest written alone.

`python -m tests.similarity.similar_class --students 500` (`make similarity-benchmark`) times
`autograder.similarity.scoring` on such a class of held-out styles, and prints what it found.
`python -m tests.similarity.similar_class --held-out 10 --first-seed 100` measures detection on classes the
tests never see: the other half of the styles, seeds from 100 on (the tests use seed 1, the benchmark 2),
20 or 30 independent students, the partial copier in each lesson in turn; a line per lesson-class.
"""
import argparse
import ast
import csv
import importlib.util
import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder import ROOT
from autograder.course import Course
from autograder.similarity import fingerprints
from autograder.grading.results import autograded_path
from autograder.publish.outputs import GRADE_COLUMNS
from tests.classroom import rows
from tests.similarity.disguises import DISGUISES, disguise
from tests.similarity.hands import Hand


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


@dataclass
class Class:
    """What was made: every student's answers per assignment, and the pairs that are copies."""
    answers: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (student, assignment) -> answers
    copies: set[tuple[str, str, str]] = field(default_factory=set)  # (assignment, copier, source)
    taken: set[str] = field(default_factory=set)  # the answers the partial copier took
    copied: dict[tuple[str, str], set[str]] = field(default_factory=dict)  # (assignment, copier) -> answers taken
    partial: set[tuple[str, str]] = field(default_factory=set)  # (assignment, copier) of the partial copies
    exercises: dict[str, int] = field(default_factory=dict)  # assignment -> its answer cells
    order: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # answer cells in another order


def make_class(independent: int, split: int, seed: int, partial_in: str, assignments=None,
               copiers=len(DISGUISES) + 2) -> Class:
    """independent students, then per assignment `copiers` copiers (one per disguise, the rest all of
    them), each copying another independent student, and in assignment `partial_in` a partial copier."""
    rng = random.Random(seed)
    made, hands = Class(), {}
    for assignment in assignments or Course().assignments():
        pool = styles(assignment, split)
        made.exercises[assignment] = len(pool)
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
        made.copied[assignment, "partial"] = taken
        made.partial.add((assignment, "partial"))
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


def alike(made: Class, assignment: str, x: str, y: str) -> int:
    """How many answers two students wrote alike: the same code once re-printed with their own names as V
    (both answered; a stub left as it is counts for no one)."""
    mine, theirs = made.answers.get((x, assignment), {}), made.answers.get((y, assignment), {})

    def words(source: str) -> list[str]:
        return [word for word, _ in fingerprints.reprint(source)[1]]
    return sum(words(mine[e]) == words(theirs[e]) for e in mine.keys() & theirs.keys())


def held(made: Class, assignment: str, copier: str) -> int:
    """How many answers a copier took from its source: those it is known to have copied, else all."""
    return len(made.copied.get((assignment, copier), ())) or made.exercises[assignment]


def standing(made: Class, assignment: str, pairs: list[dict]) -> tuple[dict[frozenset, tuple[dict, int]], list[dict]]:
    """({copier and source: (their row, the answers the copy holds)}, the independent pairs' rows, each with how
    many answers its two students wrote alike), of one assignment, most similar first."""
    copies = {frozenset((x, y)): held(made, assignment, x) for a, x, y in made.copies if a == assignment}
    listed = [p for p in pairs if p["assignment"] == assignment]
    key = lambda p: frozenset((p["student_a"], p["student_b"]))
    other = [dict(p, alike=alike(made, assignment, p["student_a"], p["student_b"]))
             for p in listed if key(p) not in copies]
    return {key(p): (p, copies[key(p)]) for p in listed if key(p) in copies}, other


def above(row: dict, holds: int, other: list[dict]) -> list[dict]:
    """The independent pairs that score at least as high as a copy's row and wrote fewer answers alike than it holds."""
    return [o for o in other if o["alike"] < holds and float(o["similarity"]) >= float(row["similarity"])]


def verdict(made: Class, pairs: list[dict]) -> dict:
    """Per assignment, issue 36's goals: every copy ranks above every independent pair that wrote fewer
    answers alike than the copy holds; every full copy is flagged (yes or review); no independent pair that
    wrote fewer than three quarters of its answers alike is at yes; how many independent pairs are at review."""
    found = {}
    for assignment in sorted({a for a, _, _ in made.copies}):
        exercises = made.exercises[assignment]
        copies, other = standing(made, assignment, pairs)
        partial = {frozenset((x, y)) for a, x, y in made.copies if (a, x) in made.partial}
        copy_rows = [p for p, _ in copies.values()]
        ranked = [p for p, holds in copies.values() if not above(p, holds, other)]
        full = [p for pair, (p, _) in copies.items() if pair not in partial]
        found[assignment] = {
            "copies": len(copies), "copies ranked": len(ranked),
            "copies flagged": sum(p["suspicious"] != "no" for p in copy_rows),
            "full copies flagged": sum(p["suspicious"] != "no" for p in full), "full copies": len(full),
            "independent pairs": len(other),
            "independent at yes": sum(p["suspicious"] == "yes" for p in other),
            "independent at yes below 3/4 alike": sum(p["suspicious"] == "yes" and p["alike"] < 0.75 * exercises
                                                      for p in other),
            "independent at review": sum(p["suspicious"] == "review" for p in other),
            "lowest copy": min((float(p["similarity"]) for p in copy_rows), default=0.0),
            "highest independent": max((float(p["similarity"]) for p in other), default=0.0)}
    return found


def failures(made: Class, pairs: list[dict]) -> list[str]:
    """Why each copy misses a goal: its score and rank, the independent pairs with fewer answers alike above
    it (and how many they wrote alike), and the share of its source's fragments that its copied answers kept."""
    found = []
    for assignment in sorted({a for a, _, _ in made.copies}):
        exercises = made.exercises[assignment]
        copies, other = standing(made, assignment, pairs)
        listed = [p for p in pairs if p["assignment"] == assignment]
        for _, copier, source in sorted(c for c in made.copies if c[0] == assignment):
            mine, holds = copies[frozenset((copier, source))]
            score, higher = float(mine["similarity"]), above(mine, holds, other)
            if not higher and ((assignment, copier) in made.partial or mine["suspicious"] != "no"):
                continue
            mine_, theirs = made.answers[copier, assignment], made.answers[source, assignment]
            copied = made.copied.get((assignment, copier), mine_.keys() & theirs.keys())
            kept = sum(len(fingerprints.answer(mine_[e]).hashes & fingerprints.answer(theirs[e]).hashes)
                       for e in copied)
            share = kept / max(1, sum(len(fingerprints.answer(theirs[e]).hashes) for e in copied))
            found.append(f"{assignment} {copier} (copy of {source}, {holds} of {exercises} answers): {score:.3f}, "
                         f"rank {1 + sum(float(p['similarity']) > score for p in listed)} of {len(listed)}, "
                         f"{mine['suspicious']}; kept {share:.0%} of its source's fragments; above it with fewer "
                         f"answers alike: " + (", ".join(f"{p['student_a']}-{p['student_b']} "
                                                         f"{float(p['similarity']):.3f} ({p['alike']} alike)"
                                                         for p in higher[:4]) or "none"))
    return found


def met(v: dict) -> bool:
    """Whether a lesson-class meets issue 36's goals."""
    return (v["copies ranked"] == v["copies"] and v["full copies flagged"] == v["full copies"]
            and not v["independent at yes below 3/4 alike"])


def line(name: str, v: dict) -> str:
    return (f"{name}: {v['copies ranked']} of {v['copies']} copies ranked, {v['copies flagged']} flagged "
            f"({v['full copies flagged']} of {v['full copies']} full), independent pairs at yes "
            f"{v['independent at yes']} ({v['independent at yes below 3/4 alike']} below 3/4 alike), at review "
            f"{v['independent at review']} of {v['independent pairs']}; lowest copy {v['lowest copy']:.3f}, "
            f"highest independent {v['highest independent']:.3f}{'' if met(v) else '  FAIL'}")


def held_out(classes: int, first_seed: int) -> None:
    """Detection on `classes` classes of held-out styles and seeds, one line per lesson-class."""
    from autograder.similarity import scoring

    assignments = Course().assignments()
    lines = []
    for n in range(classes):
        seed = first_seed + n
        made = make_class(20 + 10 * (n % 2), split=1, seed=seed, partial_in=assignments[n % len(assignments)])
        with tempfile.TemporaryDirectory(prefix="similarity-") as tmp:
            out = Path(tmp) / "graded"
            write_out(made, out)
            scoring.similarity(out, workers=1)
            found = verdict(made, rows(out / "similarity.csv"))
        for assignment, v in found.items():
            lines.append(met(v))
            print(line(f"seed {seed} {assignment}", v), flush=True)
    print(f"{sum(lines)} of {len(lines)} lesson-classes meet the goals: every copy ranked above every independent "
          f"pair with fewer answers alike, every full copy flagged, no independent pair at yes below 3/4 alike")


def main() -> None:
    import os
    import resource

    from autograder.similarity import review_page

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--held-out", type=int, default=0, help="measure detection on this many held-out classes")
    parser.add_argument("--first-seed", type=int, default=100, help="the held-out classes' first seed")
    args = parser.parse_args()
    if args.held_out:
        return held_out(args.held_out, args.first_seed)
    with tempfile.TemporaryDirectory(prefix="similarity-") as tmp:
        out = Path(tmp) / "graded"
        made = make_class(args.students - len(DISGUISES) - 3, split=1, seed=args.seed, partial_in="02_autograd")
        write_out(made, out)
        cpu = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = review_page.write(out)
        seconds = time.perf_counter() - start
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        pairs = rows(out / "similarity.csv")
    workers = children.ru_utime + children.ru_stime - cpu[1].ru_utime - cpu[1].ru_stime
    print(f"{args.students} students x {len(Course().assignments())} assignments: {result.compared} pairs of "
          f"{result.notebooks} notebooks compared in {seconds:.1f} s ({time.process_time() - cpu[0]:.1f} CPU-s in "
          f"this process, {workers:.1f} in its {os.cpu_count()} workers; load average {os.getloadavg()[0]:.1f})")
    print(json.dumps(verdict(made, pairs), indent=1))


if __name__ == "__main__":
    main()
