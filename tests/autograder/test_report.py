"""Feedback pages and the instructor's report, from hand-made results (no kernel needed)."""
import nbformat

from autograder import feedback, report
from autograder.grade import ExerciseResult, NotebookResult

VISIBLE = 'assert f(1) == 2, "f(1) must be 2"\nprint("Visible checks passed. Hidden tests run at grading.")'
HIDDEN = VISIBLE + '\n### BEGIN HIDDEN TESTS\nassert f(7) == 14, "f(7) must be 14"\n### END HIDDEN TESTS'


def notebooks(failing_line: int, message: str):
    release = nbformat.v4.new_notebook()
    release.cells = [nbformat.v4.new_code_cell(VISIBLE, id="test_f", metadata={"nbgrader": {"grade_id": "test_f"}})]
    graded = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell(HIDDEN, id="test_f", metadata={"nbgrader": {"grade_id": "test_f"}})
    line = HIDDEN.splitlines()[failing_line - 1]
    cell.outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue=message, traceback=[
        "\x1b[0;31m----------------\x1b[0m", "Cell \x1b[0;32mIn[5], line %d\x1b[0m\n      1 x = 1\n\x1b[0;32m----> %d\x1b[0m %s\n"
        % (failing_line, failing_line, line), f"AssertionError: {message}"])]
    graded.cells = [cell]
    return release, graded


def result(message):
    return NotebookResult("ann", "01_alpha", 0.0, 2.0, 1.0, [ExerciseResult("test_f", 0.0, 2.0, "failed",
                                                                          f"AssertionError: {message}")])


def test_visible_failure_shows_its_line():
    release, graded = notebooks(1, "f(1) must be 2")
    page = feedback.feedback_html(result("f(1) must be 2"), graded, release)
    assert "A visible check failed, line 1" in page and "assert f(1) == 2" in page


def test_hidden_failure_shows_only_its_message():
    release, graded = notebooks(4, "f(7) must be 14")
    page = feedback.feedback_html(result("f(7) must be 14"), graded, release)
    assert "A hidden test failed" in page and "f(7) must be 14" in page
    assert "assert f(7)" not in page and "HIDDEN TESTS" not in page


def test_write_feedback_withholds_a_page_that_would_quote_hidden_source(tmp_path):
    release, graded = notebooks(4, 'assert f(7) == 14, "f(7) must be 14"')  # a message quoting the source
    autograded = tmp_path / "autograded" / "ann"
    autograded.mkdir(parents=True)
    nbformat.write(graded, autograded / "01_alpha.ipynb")
    quoting = result('assert f(7) == 14, "f(7) must be 14"')
    quoting.autograded = autograded / "01_alpha.ipynb"
    feedback.write_feedback([quoting], {"01_alpha": release}, tmp_path / "feedback")
    page = (tmp_path / "feedback" / "ann" / "01_alpha.html").read_text()
    assert "assert f(7)" not in page and "withheld" in page


def test_report_has_plot_statuses_flags_and_time(tmp_path):
    results = [result("x"), NotebookResult("bob", "01_alpha", 2.0, 2.0, 2.0,
                                           [ExerciseResult("test_f", 2.0, 2.0, "passed")], status="repaired",
                                           flags=["repaired", "tamper-patch"], notes=["metadata recovered"],
                                           tamper=["tamper-patch: assigns torch.allclose (line 1)"])]
    results[1].autograded = tmp_path / "x.ipynb"
    report.write_report(results, tmp_path / "report.html", seconds=12.5, workers=2)
    page = (tmp_path / "report.html").read_text()
    assert "data:image/png;base64," in page and "Score distribution per exercise" in page
    assert "repaired" in page and "tamper-patch: assigns torch.allclose" in page
    assert "12.5 s with 2 workers" in page
