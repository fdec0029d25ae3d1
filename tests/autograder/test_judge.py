"""The judge's verdicts: what a message may show of the student's observations."""
from autograder.judge import Observations, decide
from autograder.kernel import plain

RAISES = "def judge(got, want):\n    got['solve(3)']\n"
QUOTES = "def judge(got, want):\n    assert False, f\"solve(3) raised: {str.__str__(got.raised('solve(3)').message)}\"\n"


def verdict(code: str, error: BaseException):
    got = Observations({"observations": {"solve(3)": plain.raised(error)}})
    want = Observations({"observations": {"solve(3)": 9}})
    return decide(code, [], got, want, points=1)


def test_a_verdict_names_the_class_of_the_students_exception():
    assert verdict(RAISES, NotImplementedError()).message == "solve(3) raised NotImplementedError"
    assert verdict(RAISES, ZeroDivisionError("x")).message == "solve(3) raised ZeroDivisionError"


def test_a_verdict_never_quotes_the_students_exception_message():
    message = verdict(QUOTES, ValueError("the hidden input was 12345678")).message
    assert "12345678" not in message and "not shown" in message
