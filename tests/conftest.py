"""What the tests of both folders share: whether student code can be jailed on this machine."""
import functools
import os

import pytest

from autograder.sandbox import jail

# set by .ci/run: CI is there to prove the jail, so there a missing jail fails the tests that need it
REQUIRE_SANDBOX = os.environ.get("AUTOGRADER_REQUIRE_SANDBOX") == "1"


@functools.cache
def jail_problem() -> str:
    """Why kernels cannot be jailed here (the message names the fix), or "" when they can."""
    try:
        jail.check()
    except jail.JailError as error:
        return str(error)
    return ""


@pytest.fixture(scope="session")
def sandbox() -> None:
    """For tests that need the jail: they skip where it cannot be made, outside CI, and fail in CI."""
    if jail_problem():
        if REQUIRE_SANDBOX:
            pytest.fail(f"AUTOGRADER_REQUIRE_SANDBOX=1: {jail_problem()}")
        pytest.skip(jail_problem())


@pytest.fixture(scope="session")
def unsafe_no_sandbox() -> bool:
    """For tests that grade trusted code (the course's own solutions): the jail where it can be made,
    else (outside CI) the explicit unsafe mode."""
    if jail_problem() and REQUIRE_SANDBOX:
        pytest.fail(f"AUTOGRADER_REQUIRE_SANDBOX=1: {jail_problem()}")
    return bool(jail_problem())
