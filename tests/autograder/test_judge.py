"""The judge's verdicts and messages, on observations made in this process."""
from autograder.judge import Observations, decide
from autograder.kernel.plain import encode

RAISES = "def judge(got, want):\n    got['f()']\n"


def observations(**values) -> Observations:
    return Observations({"observations": {key: encode(value) for key, value in values.items()}})


def test_a_message_may_name_the_builtin_exception_that_the_submission_raised():
    verdict = decide(RAISES, [], observations(**{"f()": NotImplementedError()}), observations(**{"f()": 1}), 1)
    assert (verdict.score, verdict.message) == (0.0, "f() raised NotImplementedError")


def test_a_message_never_names_an_exception_class_that_the_submission_made_up():
    made_up = type("HiddenInputWas_2_3_5", (Exception,), {})
    verdict = decide(RAISES, [], observations(**{"f()": made_up()}), observations(**{"f()": 1}), 1)
    assert verdict.score == 0.0 and "HiddenInputWas" not in verdict.message
