"""Fixtures of tests/autograder: the browser (Debian's chromium through Playwright) and the tiny course
graded from a Moodle zip."""
from tests.autograder.conftest import (browser_type_launch_args, chromium_page, moodle_class,  # noqa: F401
                                       tiny_course)
