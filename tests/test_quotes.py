"""What a judge's message may not show: hidden inputs that the student's code returned for the judge to print."""
import torch

from autograder import quotes
from autograder.judge import decide
from tests.test_judge import observations

HIDDEN = torch.tensor([100.43127, -3.5, 7.25])  # as a probe would record its hidden input
SHOWS = ("def judge(got, want):\n    y = got['f(x)']\n"
         "    assert torch.equal(y, want['f(x)']), f'f(x) must be 2 * x; its first element is {y[0].item():.4f}'\n")


def verdict(answer, reference=HIDDEN * 2):
    return decide(SHOWS, [], observations(**{"f(x)": answer, "x": HIDDEN}),
                  observations(**{"f(x)": reference, "x": HIDDEN}), 1)


def test_a_returned_hidden_input_is_not_shown():
    assert verdict(HIDDEN.clone()).message == quotes.QUOTED_VALUE  # f returned x: the message would print 100.4313


def test_the_students_own_numbers_are_shown():
    wrong = HIDDEN * 3
    assert verdict(wrong).message == f"f(x) must be 2 * x; its first element is {wrong[0].item():.4f}"
    partly = torch.tensor([200.86254, 0.0, 0.0])  # the first element is right: the student's own answer
    assert verdict(partly).message.endswith("its first element is 200.8625")


def test_values_the_judge_takes_from_the_reference_are_shown():
    says = "def judge(got, want):\n    assert False, f\"x[0] was {want['x'][0].item():.4f}, the answer {want['f(x)'][0].item():.4f}\"\n"
    message = decide(says, [], observations(**{"f(x)": HIDDEN * 3, "x": HIDDEN}),
                     observations(**{"f(x)": HIDDEN * 2, "x": HIDDEN}), 1).message
    assert message == "x[0] was 100.4313, the answer 200.8625"


def test_short_numbers_say_nothing():
    assert not quotes.distinctive(-3.5) and not quotes.distinctive(7.25) and not quotes.distinctive(123456.0)
    assert quotes.distinctive(100.4313) and quotes.distinctive(0.001234)
    assert quotes.precision("0.4313") == 0.00005 and quotes.precision("1.25e-03") == 0.000005


def test_a_students_word_inside_a_key_is_no_quote():
    """KeyError('torch.bfloat16') from the student's table: the key names the dtype too."""
    judge = "def judge(got, want):\n    got['bytes_per_element(torch.bfloat16)']\n"
    got = observations(**{"bytes_per_element(torch.bfloat16)": KeyError("torch.bfloat16")})
    message = decide(judge, [], got, observations(**{"bytes_per_element(torch.bfloat16)": 2}), 1).message
    assert message == "bytes_per_element(torch.bfloat16) raised KeyError"
    alone = "def judge(got, want):\n    assert False, 'it said ' + str.__str__(got.raised('bytes_per_element(torch.bfloat16)').message)\n"
    assert decide(alone, [], got, observations(**{"bytes_per_element(torch.bfloat16)": 2}), 1).message == quotes.QUOTED_TEXT


def test_a_name_the_release_shows_may_be_named():
    """A test helper's exception (TooManyCalls, defined in a locked cell) raised through the student's code."""
    import nbformat

    helper = nbformat.v4.new_code_cell("class TooManyCalls(BaseException):\n    pass",
                                       metadata={"nbgrader": {"grade_id": "test_helpers", "locked": True}})
    test = nbformat.v4.new_code_cell("check()\n### BEGIN HIDDEN TESTS\nclass HiddenProbeHelperClass: pass\n",
                                     metadata={"nbgrader": {"grade_id": "test_f", "grade": True}})
    released = quotes.released_names(nbformat.v4.new_notebook(cells=[helper, test]))
    assert "TooManyCalls" in released and "check" in released and "HiddenProbeHelperClass" not in released
    got = observations(**{"f()": type("TooManyCalls", (BaseException,), {})()})
    judge = "def judge(got, want):\n    got['f()']\n"
    assert decide(judge, [], got, observations(**{"f()": 1}), 1).message == quotes.QUOTED_TEXT
    assert decide(judge, [], got, observations(**{"f()": 1}), 1, released=released).message == "f() raised TooManyCalls"
