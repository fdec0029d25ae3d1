"""`make self-check-kills` on a made-up lesson: which mutants a student's visible and optional checks catch."""
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from tests.lessons.mutants import Mutant
from tests.lessons.self_check_kills import caught, checks_of

SOLUTION = "def double(x):\n    return x * 2\n"


def _cell(source, tags=(), grade_id=None, solution=False):
    cell = new_code_cell(source, metadata={"tags": list(tags)})
    if grade_id:
        cell.metadata["nbgrader"] = {"grade_id": grade_id, "solution": solution, "grade": not solution}
    return cell


def test_a_mutant_is_caught_by_a_visible_check_by_an_optional_one_or_by_neither(tmp_path):
    student = new_notebook(cells=[
        _cell("SCALE = 2"),
        _cell("def _cases():\n    return [-3, 0, 5]", tags=["demo", "self_check"]),
        _cell("print('a demo that would fail:', 1 / 0)", tags=["demo"]),
        new_markdown_cell("Write double."),
        _cell("def double(x):\n    raise NotImplementedError", grade_id="double", solution=True),
        _cell("assert double(3) == 6", grade_id="test_double"),
        _cell("def check_more_double(f):\n    for x in _cases():\n        assert f(x) == x * SCALE, x",
              tags=["demo", "self_check"]),
        _cell("check_more_double(double)", tags=["demo", "self_check"]),
        _cell("def triple(x):\n    raise NotImplementedError", grade_id="triple", solution=True),
        _cell("assert triple(1) == 3", grade_id="test_triple"),
    ])
    solutions = {"double": SOLUTION, "triple": "def triple(x):\n    return double(x) + x\n"}
    checks = checks_of(student, solutions, {"double": ["test_double"], "triple": ["test_triple"]})
    assert checks.visible == {"double": ["assert double(3) == 6"], "triple": ["assert triple(1) == 3"]}
    assert [len(checks.optional[e]) for e in ("double", "triple")] == [2, 0]
    assert SOLUTION in checks.setup and not any("1 / 0" in s or "assert" in s for s in checks.setup)

    mutants = [Mutant("double:2:Mult->Div", "double", "def double(x):\n    return x / 2\n"),
               Mutant("double:2:drop", "double", "def double(x):\n    return 6 if x == 3 else x + 1\n"),
               Mutant("double:2:hang", "double", "def double(x):\n    while True:\n        pass\n"),
               Mutant("double:2:same", "double", "def double(x):\n    return x + x if x != 7 else 0\n"),
               Mutant("triple:2:Add->Sub", "triple", "def triple(x):\n    return double(x) - x\n")]
    found = caught(checks, mutants, timeout=3, cwd=tmp_path)
    assert found == {"double:2:Mult->Div": "visible", "double:2:drop": "self_check", "double:2:hang": "visible",
                     "double:2:same": None, "triple:2:Add->Sub": "visible"}, \
        "after a hang the kernel restarts with its set-up, and each mutant's solution is restored"

    checks.optional["double"].append("assert double(1) == 3")
    with pytest.raises(RuntimeError, match="fails on the solution"):
        caught(checks, mutants[:1], timeout=3, cwd=tmp_path)
