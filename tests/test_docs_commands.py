"""Every command that a README or docs page shows is run, as written, by a test (tests/docs_commands.py), or is
listed in CANNOT_RUN with why; every target the pages name is one that `make help` lists."""
import ast
import os
import re
import subprocess

from autograder import ROOT
from tests.docs_commands import (CANNOT_RUN, PAGES, docs_commands, run_from_root, shown, starts,
                                 target_names)


def claims() -> dict[str, list[str]]:
    """{prefix: the tests that read the commands that start with it}: every docs_commands("...") call in tests/."""
    found = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "docs_commands" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_command_a_page_shows_is_run_by_a_test_or_says_why_it_cannot_be():
    commands, run_by, cannot = shown(), claims(), CANNOT_RUN.keys()
    nobody = {c: pages for c, pages in commands.items() if not any(starts(c, p) for p in [*run_by, *cannot])}
    assert not nobody, f"no test runs these commands (tests/docs_commands.py says how to claim one): {nobody}"
    stale = [p for p in [*run_by, *cannot] if not any(starts(c, p) for c in commands)]
    assert not stale, f"no page shows a command that starts with these any more: {stale}"
    both = [p for p in cannot if any(starts(c, p) and starts(c, q) for c in commands for q in run_by)]
    assert not both, f"a test runs these: take them out of CANNOT_RUN: {both}"


def test_every_test_a_reason_names_exists():
    named = re.findall(r"tests/[\w/]+\.py", " ".join(CANNOT_RUN.values()))
    assert named and [path for path in named if not (ROOT / path).exists()] == []


def test_the_checker_sees_the_tests_that_read_commands():
    assert "tests/test_docs_commands.py" in claims()['.venv/bin/python -c "import autograder.cli"']
    assert "tests/moodle/test_push.py" in claims()["make push"]


def test_every_target_a_page_names_is_one_make_help_lists():
    done = subprocess.run(["make", "--no-print-directory", "help"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    targets = {line.split()[1] for line in done.stdout.splitlines()}
    named = {name for page in PAGES for name in target_names(page.read_text(encoding="utf-8"))}
    named |= {c.split()[1] for c in shown() if c.startswith("make ")}
    assert named - targets == set(), f"the pages name targets that `make help` does not list: {named - targets}"


def test_the_command_line_imports_nothing_heavy():
    [command] = docs_commands('.venv/bin/python -c "import autograder.cli"')
    done = run_from_root(command, env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"})
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()[1:]}
    assert "autograder" in imported and not {"torch", "nbgrader", "distributed", "dask"} & imported, imported
