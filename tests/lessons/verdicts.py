"""docs/mutants.md: the mutants that are right answers, and why, written from the variants files'
EQUIVALENT_MUTANTS so that the page cannot drift from them.

`.venv/bin/python -m tests.lessons.verdicts` rewrites the page; tests/lessons/test_mutants.py checks it.
"""
from autograder import ROOT
from tests.lessons.harness import LESSONS, load_variants_module

PAGE = ROOT / "docs" / "mutants.md"
HEAD = """# Mutants that are right answers

`make mutants` (see [testing.md](testing.md)) lists a surviving mutant as a right answer only when the lesson's
variants file (`tests/lessons/variants/NN_name.py`) names it in `EQUIVALENT_MUTANTS`, with why. This page is
written from those files by `.venv/bin/python -m tests.lessons.verdicts`; a test fails when it is out of date.
"""


def page() -> str:
    parts = [HEAD]
    for lesson in LESSONS:
        listed = getattr(load_variants_module(lesson), "EQUIVALENT_MUTANTS", {})
        parts.append(f"\n## {lesson}\n\n" + "".join(f"- `{mutant}`: {why}\n" for mutant, why in listed.items()))
    return "".join(parts)


if __name__ == "__main__":
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
