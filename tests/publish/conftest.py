"""The browser fixtures of tests/autograder (Debian's chromium through Playwright)."""
from tests.autograder.conftest import browser_type_launch_args, chromium_page  # noqa: F401 (fixtures)
