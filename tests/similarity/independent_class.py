"""Classes that tests/similarity/similar_class.py did not make, by three authors, each of whom saw neither the
detector, nor the lessons' variants, nor the others' data: per lesson, students' answers written by hand from
the task texts alone, each in a style of its own, right and wrong, and four copiers (two full, two partial)
disguised by that author (each module's docstring says how it was made and what was copied).
- tests/similarity/independent/NN_name.py: 10 students and 4 copiers per lesson; the detector's rule was
  chosen with this class in view (its development set);
- tests/similarity/independent_b/NN_name.py: 12 students and 4 copiers per lesson, written after the rule was
  chosen, and measured once (the held-out set);
- tests/similarity/independent_c/NN_name.py: 12 students and 4 copiers per lesson (01-03 by one writer, 04-05 by
  another), written while the second rule (similarity/canonical.py) was being chosen, by people who could not see
  it, and measured once, after it was chosen (a second held-out set).

`.venv/bin/python -m tests.similarity.independent_class [a|b|c]` measures copy detection on each class (or the ones
named): a line per lesson, then each copy that misses a goal and why.
"""
import argparse
import importlib.util
import tempfile
from pathlib import Path

import nbformat

from autograder import ROOT
from autograder.course import Course
from tests.classroom import rows
from tests.similarity.similar_class import Class, answer_cells, failures, line, met, verdict, write_out

AUTHORS = {"a": Path(__file__).parent / "independent", "b": Path(__file__).parent / "independent_b",
           "c": Path(__file__).parent / "independent_c"}


def authored(author: str, assignment: str):
    spec = importlib.util.spec_from_file_location(f"independent_{author}_{assignment}",
                                                  AUTHORS[author] / f"{assignment}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_class(author: str, assignments=None) -> Class:
    """One author's students and copiers of every lesson, as one class (their code answers only: the written
    answers are not compared)."""
    made = Class()
    for assignment in assignments or Course().assignments():
        released = nbformat.read(ROOT / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
        code = {cell.metadata["nbgrader"]["grade_id"] for cell in answer_cells(released)}
        made.exercises[assignment] = len(code)
        module = authored(author, assignment)
        for student, answers in module.STUDENTS.items():
            made.answers[student, assignment] = {g: s for g, s in answers.items() if g in code}
        for copier, copy in module.COPIES.items():
            made.answers[copier, assignment] = {g: s for g, s in copy["answers"].items() if g in code}
            made.copies.add((assignment, copier, copy["source"]))
            made.copied[assignment, copier] = set(copy["copied"]) & code
            if copy["kind"] == "partial":
                made.partial.add((assignment, copier))
    return made


def measure(author: str, why: bool = False) -> dict | tuple[dict, list[str]]:
    """{assignment: verdict} of `make similarity` on one author's class (and, with `why`, a line per copy
    that misses a goal: similar_class.failures)."""
    from autograder.similarity import scoring

    made = make_class(author)
    with tempfile.TemporaryDirectory(prefix="similarity-") as tmp:
        out = Path(tmp) / "graded"
        write_out(made, out)
        scoring.similarity(out, workers=1)
        pairs = rows(out / "similarity.csv")
    return (verdict(made, pairs), failures(made, pairs)) if why else verdict(made, pairs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("authors", nargs="*", default=list(AUTHORS), help="whose classes (all by default)")
    for author in parser.parse_args().authors:
        found, why = measure(author, why=True)
        for assignment, v in found.items():
            print(line(f"author {author}, {assignment}", v))
        print(f"author {author}: {sum(map(met, found.values()))} of {len(found)} lessons meet the goals")
        print("".join(f"  misses: {reason}\n" for reason in why), end="")
