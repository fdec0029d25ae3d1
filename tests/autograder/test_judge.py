"""Rules of autograder.judge that need no course."""
from autograder.judge import answer_of


def test_a_test_cell_belongs_to_the_longest_answer_name_that_fits():
    answers = ["poly_grads", "poly_grads_analytic", "mse"]
    assert answer_of("test_poly_grads", answers) == "poly_grads"
    assert answer_of("test_poly_grads_values", answers) == "poly_grads"
    assert answer_of("test_poly_grads_analytic", answers) == "poly_grads_analytic"
    assert answer_of("test_mse_shapes", answers) == "mse"
    assert answer_of("test_mse2", answers) is None
