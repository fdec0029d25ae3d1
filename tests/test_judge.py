"""The judge's verdicts and messages, on observations made in this process."""
from autograder.judge import Observations, answer_of, decide
from autograder.sandbox.kernel.plain import encode

RAISES = "def judge(got, want):\n    got['f()']\n"


def observations(**values) -> Observations:
    return Observations({"observations": {key: encode(value) for key, value in values.items()}})


def test_a_test_cell_belongs_to_the_longest_answer_name_that_fits():
    answers = ["poly_grads", "poly_grads_analytic", "mse"]
    assert answer_of("test_poly_grads", answers) == "poly_grads"
    assert answer_of("test_poly_grads_values", answers) == "poly_grads"
    assert answer_of("test_poly_grads_analytic", answers) == "poly_grads_analytic"
    assert answer_of("test_mse_shapes", answers) == "mse"
    assert answer_of("test_mse2", answers) is None


def test_a_message_may_name_the_builtin_exception_that_the_submission_raised():
    verdict = decide(RAISES, [], observations(**{"f()": NotImplementedError()}), observations(**{"f()": 1}), 1)
    assert (verdict.score, verdict.status, verdict.message) == (0.0, "error", "f() raised NotImplementedError")


def test_a_message_never_names_an_exception_class_that_the_submission_made_up():
    made_up = type("HiddenInputWas_2_3_5", (Exception,), {})
    verdict = decide(RAISES, [], observations(**{"f()": made_up()}), observations(**{"f()": 1}), 1)
    assert verdict.score == 0.0 and verdict.status == "error" and "HiddenInputWas" not in verdict.message


def test_a_message_that_quotes_the_submissions_own_text_is_not_shown():
    got = observations(**{"f()": NotImplementedError("a secret string the student printed")})
    quoting = "def judge(got, want):\n    assert False, str.__str__(got.raised('f()').message)\n"
    verdict = decide(quoting, [], got, observations(**{"f()": 1}), 1)
    assert verdict.status == "failed" and "secret" not in verdict.message
