"""A tiny course of our own: two small lessons, no torch, so that kernels start fast."""
import textwrap
from pathlib import Path

from autograder.course import Course
from autograder import release

LESSON_A = '''
# %% [markdown] tags=["ru"]
# # Урок A

# %% [markdown] tags=["en"]
# # Lesson A

# %%
import math

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
def check_close(actual, expected):
    assert math.isclose(actual, expected), f"expected {expected}, got {actual}"

# %% nbgrader={"grade_id": "double", "solution": true}
def double(x):
    """Return 2 * x."""
    ### BEGIN SOLUTION
    return 2 * x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_double", "grade": true, "points": 2, "locked": true}
check_close(double(1.0), 2.0)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("double(3.0)", double, 3.0)
SECRET_HIDDEN_MARKER = "hidden-source-line-0xC0FFEE"
### END HIDDEN TESTS

# %% judge="test_double"
def judge(got, want):
    assert close(got["double(3.0)"], want["double(3.0)"]), "double(3) must be 6 (hidden check)"

# %% judge="helpers"
def close(actual, expected):
    return type(actual) in (int, float) and math.isclose(actual, expected)

# %% nbgrader={"grade_id": "square", "solution": true}
def square(x):
    """Return x ** 2."""
    ### BEGIN SOLUTION
    return x * x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_square", "grade": true, "points": 3, "locked": true}
assert square(2.0) == 4.0, "square(2) must be 4"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("square(-3.0)", square, -3.0)
### END HIDDEN TESTS

# %% judge="test_square"
def judge(got, want):
    assert close(got["square(-3.0)"], want["square(-3.0)"]), "square(-3) must be 9"

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Потому что.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Because.
# ### END SOLUTION
'''

LESSON_B = '''
# %% [markdown] tags=["ru"]
# # Урок B

# %% [markdown] tags=["en"]
# # Lesson B

# %% nbgrader={"grade_id": "negate", "solution": true}
def negate(x):
    """Return -x."""
    ### BEGIN SOLUTION
    return -x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_negate", "grade": true, "points": 1, "locked": true}
assert negate(1) == -1, "negate(1) must be -1"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("negate(-5)", negate, -5)
### END HIDDEN TESTS

# %% judge="test_negate"
def judge(got, want):
    assert got["negate(-5)"] == want["negate(-5)"] == 5, "negate(-5) must be 5"
'''


def course_in(tmp: Path) -> Course:
    """The temporary course whose folders are in tmp."""
    return Course(sources=tmp / "source", build=tmp / "build", out_root=tmp / "out")


def released_course(tmp: Path, lessons: dict[str, str]) -> Course:
    """A temporary course in tmp of these lesson sources ({assignment: source}), released."""
    course = course_in(tmp)
    course.sources.mkdir()
    for assignment, source in lessons.items():
        (course.sources / f"{assignment}.py").write_text(textwrap.dedent(source).lstrip())
    release.release(course)
    return course


# the tiny course needs no torch: its kernels start without preloading it
NO_PRELOAD = {"preload": [], "preload_later": []}


def cli_script(course: Course, argv: list[str], limits: dict) -> str:
    """Python code that runs `python -m autograder.cli <argv>` on `course` with `limits` (for a subprocess). It
    imports the grader where the command line does, after the command line has set up logging (cli.log_to)."""
    return ("from pathlib import Path\n"
            "from autograder import cli\n"
            "from autograder.course import Course\n"
            f"course = Course(sources=Path({str(course.sources)!r}), build=Path({str(course.build)!r}), "
            f"out_root=Path({str(course.out_root)!r}))\n"
            "real_grade_class = cli.grade_class\n"
            "def grade_class(*args):\n"
            "    from autograder import autograde\n"
            "    real = autograde.autograde\n"
            f"    autograde.autograde = lambda *a, **k: real(*a, **{{**k, 'course': course, 'limits': {limits!r}}})\n"
            "    real_grade_class(*args)\n"
            "cli.grade_class = grade_class\n"
            f"cli.main({[str(a) for a in argv]!r})\n")
