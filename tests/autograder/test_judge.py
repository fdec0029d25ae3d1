"""Rules of autograder.judge that need no course."""
from autograder.judge import answer_of


def test_a_test_cell_belongs_to_the_longest_answer_name_that_fits():
    answers = ["poly_grads", "poly_grads_analytic", "mse"]
    assert answer_of("test_poly_grads", answers) == "poly_grads"
    assert answer_of("test_poly_grads_values", answers) == "poly_grads"
    assert answer_of("test_poly_grads_analytic", answers) == "poly_grads_analytic"
    assert answer_of("test_mse_shapes", answers) == "mse"
    assert answer_of("test_mse2", answers) is None


def test_a_verdict_names_the_exception_that_the_students_code_raised():
    from autograder.judge import Observations, decide

    raised = {"__raised__": {"types": ["NotImplementedError", "RuntimeError", "Exception", "BaseException",
                                       "object"], "message": "a secret string the student printed"}}
    got = Observations({"observations": {"double(3.0)": raised}})
    want = Observations({"observations": {"double(3.0)": 6.0}})
    judge = "def judge(got, want):\n    assert got['double(3.0)'] == want['double(3.0)'], 'double(3) must be 6'\n"
    verdict = decide(judge, [], got, want, 2.0)
    assert (verdict.score, verdict.status, verdict.message) == (0.0, "error", "double(3.0) raised NotImplementedError")
    quoting = "def judge(got, want):\n    assert False, str.__str__(got.raised('double(3.0)').message)\n"
    assert "secret" not in decide(quoting, [], got, want, 2.0).message
    own = {"__raised__": {"types": ["HiddenInputsAre42", "Exception", "BaseException", "object"], "message": ""}}
    verdict = decide(judge, [], Observations({"observations": {"double(3.0)": own}}), want, 2.0)
    assert "HiddenInputsAre42" not in verdict.message and verdict.status == "error"
