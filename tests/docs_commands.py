"""The commands the README and docs/ show, read from the pages, so that a test runs them as written.

A command is a line of a ```bash block (a line ending in `\\` goes on on the next; `# ...` is a comment), or
inline code that starts like one (`make ...`, `.venv/bin/...`, `python -m ...`). Inline `make <target>` with
nothing after it names a target in prose; tests/test_docs_commands.py checks that `make help` lists it.

A test that runs a command reads it with docs_commands(prefix), puts its own places for the pages' placeholders
with here(), and runs it from the repository's root (run_from_root), so that editing a page changes what the test
runs; tests/test_docs_commands.py finds those calls, and fails on a command that no test reads and that CANNOT_RUN
does not list with its reason. The placeholders, and what the tests put in their place:
- `graded` (OUT): a copy of a class the test module graded; `moodle-01.zip` (SUBMISSIONS): Moodle's download;
- `...` in `make autograde ... X=1`: `SUBMISSIONS=<a download> OUT=<a folder>`;
- `https://moodle.example.edu`, `https://...` (MOODLE_URL): the loopback Moodle of tests/moodle_webservice.py;
- `Grades-PT-Lesson 1-42.csv`, `a.csv`, `b.csv`: worksheets that tests/moodle_site.py writes as a site does;
- `/path/to/course`, `grader-1`, `8786` (docs/cluster.md): this checkout, 127.0.0.1 and a free port;
- AUTOGRADER_BUILD, in the environment: a release of the lesson in a temporary folder (a fresh checkout has
  no build/).
"""
import os
import re
import subprocess

from autograder import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "autograder" / "source" / "README.md"]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
INLINE = re.compile(r"`([^`]+)`")
TARGET = re.compile(r"make [a-z-]+")  # a target's bare name, in prose
STARTS = ("make ", ".venv/bin/", "python -m ", "python -c ", "pytest ", "/path/to/course/", "pip ", "apt-get ")
OPTIONAL = re.compile(r"\s*\[[^\]]*\]")  # a synopsis's [optional] parts: the commands that use them are shown too

# Commands that no test runs here, and why (a prefix stands for every command that starts with it).
CANNOT_RUN = {
    "make test": "it is the test run itself (`make test-all` too: every proof, as CI runs it)",
    "make soak": "repeats tests/grading/test_engine_worker_loss.py, which `make test` runs once",
    ".venv/bin/pytest tests/lessons": "one lesson of tests/lessons/, which `make test` runs whole",
    "make mutants": "minutes a lesson; tests/lessons/test_mutants.py runs tests.lessons.mutants on made-up lessons",
    "make self-check-kills": "minutes a lesson; tests/lessons/test_self_check_kills.py runs it on a made-up lesson",
    "make benchmark": "23 minutes for the sizes the page reports; performance.md gives its figures",
    "make similarity-benchmark": "a class of 500 students; tests/similarity/test_similarity.py grades and scores "
                                 "smaller classes of the same generator",
    ".venv/bin/python -m tests.similarity.similar_class": "40 held-out classes (hours); tests/similarity/"
                                                      "test_similarity.py runs the same verdict on its own seeds",
    ".venv/bin/python -m tests.similarity.independent_class": "it measures both authors' classes, as tests/similarity/"
                                                         "test_independent_class.py does in its own process",
    "make similarity-compare": "minutes: it installs Dolos from npm and runs three tools on 13 classes; tests/similarity/"
                               "test_compare.py runs the same comparison on a small class, with ours and copydetect",
    ".venv/bin/python -m tests.similarity.lazy_class": "10 held-out classes; tests/similarity/test_lazy_class.py holds the "
                                                  "same goal on two of them and a development seed",
    ".venv/bin/python -m tests.lessons.verdicts": "it rewrites docs/mutants.md; tests/lessons/test_mutants.py fails "
                                                "when the page is not what it writes",
    "make release": "it rewrites this checkout's lessons/, solutions/ and build/ while other tests read them; "
                    "tests/lessons/ releases every lesson into a temporary course with the same code, and "
                    "test_lessons.py proves the committed notebooks equal it",
    "cd build/student": "publishing the student repository pushes to GitHub; tests/release/test_student_repo.py "
                        "proves what build/student holds",
    "git init": "as `cd build/student`",
    "apt-get": "installs Debian's packages as root: .ci/run installs them before `make test-all`",
    "pip install": "downloads packages from PyPI (the student's own machine, Dask's optional dashboard)",
    "make autograde SUBMISSIONS=moodle.zip OUT=graded SCHEDULER=": "a cluster of machines: tests/grading/"
        "test_engine.py starts cluster.md's scheduler and worker commands on this machine and grades on them "
        "with the command line's --scheduler",
}


def commands(text: str) -> list[str]:
    """The commands a page's text shows, in order."""
    found = []
    for language, block in FENCE.findall(text):
        if language in ("bash", "sh", "shell"):
            found += [re.sub(r"(^|\s)#.*", "", line) for line in block.replace("\\\n", " ").splitlines()]
    found = [" ".join(command.split()) for command in found]
    return [c for c in found if c] + [c for c in inline(text) if c.startswith(STARTS) and not TARGET.fullmatch(c)]


def inline(text: str) -> list[str]:
    return [" ".join(code.split()) for code in INLINE.findall(FENCE.sub("", text))]


def target_names(text: str) -> list[str]:
    """The targets that a page's prose names: inline `make <target>` alone."""
    return [code.split()[1] for code in inline(text) if TARGET.fullmatch(code)]


def shown() -> dict[str, list[str]]:
    """{command: the pages that show it}, over every page."""
    pages = {}
    for page in PAGES:
        for command in commands(page.read_text(encoding="utf-8")):
            pages.setdefault(command, []).append(str(page.relative_to(ROOT)))
    return pages


def starts(command: str, prefix: str) -> bool:
    """Whether the command starts with prefix, word by word (`make similarity` is not `make similarity-benchmark`)."""
    return command.startswith(prefix) and (len(command) == len(prefix) or prefix[-1] in " ="
                                           or command[len(prefix)] == " ")


def docs_commands(prefix: str) -> list[str]:
    """The commands that start with prefix, as the pages show them."""
    found = [command for command in shown() if starts(command, prefix)]
    assert found, f"no page shows a command that starts with {prefix!r}"
    return found


def here(command: str, places: dict[str, str]) -> str:
    """The command with its [optional] parts left out, and each placeholder of the page (a word or words:
    "graded", "https://moodle.example.edu", "...") replaced by this test's place for it."""
    command = OPTIONAL.sub("", command)
    for placeholder, place in places.items():
        command = re.sub(rf"(?<![\w./-]){re.escape(placeholder)}(?![\w/-])", lambda _: place, command)
    return command


SUB_MAKE = ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")  # what a make tells the makes it starts


def run_from_root(command: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    """The command in a shell, from the repository's root, as a reader types it there: not as a sub-make of the
    `make test` that runs the tests (a sub-make would print its "Entering directory" lines)."""
    env = {k: v for k, v in (os.environ if env is None else env).items() if k not in SUB_MAKE}
    return subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)

