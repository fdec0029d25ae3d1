"""Feedback pages and the instructor's report, from hand-made results (no kernel needed)."""
import json

import nbformat
import pytest

from autograder.publish import feedback, report
from autograder.grading.results import ExerciseResult, NotebookResult

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


def write_one(tmp_path, graded, release, res) -> str:
    autograded = tmp_path / "autograded" / "ann"
    autograded.mkdir(parents=True, exist_ok=True)
    nbformat.write(graded, autograded / "01_alpha.ipynb")
    res.autograded = autograded / "01_alpha.ipynb"
    feedback.write_feedback([res], {"01_alpha": release}, tmp_path / "feedback")
    return (tmp_path / "feedback" / "ann" / "01_alpha.html").read_text()


def test_a_message_quoting_hidden_source_is_replaced_and_the_rest_stays(tmp_path):
    release, graded = notebooks(4, "x")
    res = result('assert f(7) == 14, "f(7) must be 14"')  # a message quoting the source
    res.notes = ["made from an older release"]
    page = write_one(tmp_path, graded, release, res)
    assert "assert f(7)" not in page and "it is not shown" in page
    assert "withheld" not in page and "made from an older release" in page and "0 / 2" in page


LEAKS = {  # messages that carry hidden source in ways an exact-line filter misses
    "part of a line": 'AssertionError: got 5, wanted f(7) == 14, "f(7) must',
    "lines joined": 'assert f(7) == 14,   "f(7) must be 14"  ### END HIDDEN',
    "in a note": None,
}


@pytest.mark.parametrize("case", LEAKS)
def test_hidden_source_never_reaches_a_page(tmp_path, case):
    release, graded = notebooks(4, "x")
    leak = LEAKS[case]
    res = result(leak) if leak else result("f(7) must be 14")
    if leak is None:
        res.notes = ['nbgrader could not grade it: assert f(7) == 14, "f(7) must be 14"']
    page = write_one(tmp_path, graded, release, res)
    assert "f(7) ==" not in page and "it is not shown" in page


def test_parts_that_quote_a_secret_together_withhold_the_page(tmp_path):
    release, graded = notebooks(4, "x")
    res = result("f(7) must be 14")
    res.notes = ['assert f(7) ==', '14, "f(7) must b']  # each part alone is too short to say anything
    page = write_one(tmp_path, graded, release, res)
    assert "withheld" in page and "f(7) ==" not in page and "0 / 2" in page


def test_hidden_lines_the_release_also_shows_withhold_nothing(tmp_path):
    visible = "create_tensors()\nprint('Visible checks passed. Hidden tests run at grading.')"
    hidden = (visible + '\n### BEGIN HIDDEN TESTS\ncreate_tensors()\nprobe.call("create_tensors() returns three tensors", '
              'create_tensors)\n### END HIDDEN TESTS')
    release = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        visible, id="test_f", metadata={"nbgrader": {"grade_id": "test_f"}})])
    graded = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        hidden, id="test_f", metadata={"nbgrader": {"grade_id": "test_f"}})])
    message = "create_tensors() returns three tensors raised NotImplementedError"  # judge.py's words
    page = write_one(tmp_path, graded, release, result(message))
    assert message in page and "not shown" not in page and "withheld" not in page


def test_judges_own_words_are_public(tmp_path):
    release, graded = notebooks(4, "x")
    graded.cells[0].source += "\n### BEGIN HIDDEN TESTS\nprobe.record('k', f(7))  # 'f(7) must be 14 exactly, not 15'\n" \
                              "### END HIDDEN TESTS"
    message = "f(7) must be 14 exactly, not 15"
    judges = tmp_path / "judges"
    judges.mkdir()
    (judges / "01_alpha.json").write_text(json.dumps({"helpers": [], "judges": {
        "test_f": f"def judge(got, want):\n    assert got['k'] == 14, {message!r}"}}))
    autograded = tmp_path / "autograded" / "ann"
    autograded.mkdir(parents=True)
    nbformat.write(graded, autograded / "01_alpha.ipynb")
    for judges_dir, shown in ((None, False), (judges, True)):
        res = result(message)
        res.autograded = autograded / "01_alpha.ipynb"
        feedback.write_feedback([res], {"01_alpha": release}, tmp_path / "feedback", judges_dir=judges_dir)
        assert (message in (tmp_path / "feedback" / "ann" / "01_alpha.html").read_text()) is shown


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


def test_report_shows_manual_grading_waiting_students_and_links(tmp_path):
    from autograder.grading.gradebook import Person, Reset

    ann = NotebookResult("ann", "01_alpha", 3.0, 4.0, 1.0, [ExerciseResult("test_f", 2.0, 2.0, "passed"),
                                                            ExerciseResult("why", 1.0, 1.0, "graded", "Good."),
                                                            ExerciseResult("how", 0.0, 1.0, "manual")],
                         autograded=tmp_path / "a.ipynb", flags=["duplicate"])
    bob = NotebookResult("bob", "01_alpha", 0.0, 4.0, 0.0, status="invalid-json", notes=["not valid JSON"])
    report.write_report([ann, bob], tmp_path / "report.html", seconds=1.0, workers=1,
                        resets=[Reset("ann", "01_alpha", "how", 0.5)],
                        people={"ann": Person("ann", "Ann Lee", "7", "")})
    page = (tmp_path / "report.html").read_text()
    assert "Answers still waiting for manual grading: <b>1</b>" in page
    assert "<tr><td>01_alpha</td><td class='waiting'>1</td><td>1</td><td>1</td></tr>" in page
    assert "<tr><td>ann</td><td>01_alpha</td><td>how</td><td>0.5</td></tr>" in page
    students = page.split("<h2>Students</h2>")[1].split("</table>")[0]
    assert "ann<br><small>Ann Lee</small>" in students
    assert ("<b>3 / 4</b> <a href='feedback/ann/01_alpha.html'>feedback</a> "
            "<a href='autograded/ann/01_alpha/01_alpha.ipynb'>notebook</a>") in students
    assert "1 waiting" in students and "<small>duplicate</small>" in students
    assert "<b>0 / 4</b> <a href='feedback/bob/01_alpha.html'>feedback</a><br>invalid-json" in students


def test_plot_legend_never_covers_a_bar():
    from collections import Counter

    import matplotlib.pyplot as plt

    counts = {f"test_{i}": Counter(passed=9 - i, failed=i, manual=1) for i in range(6)}
    fig = report.status_figure("01_alpha", counts)
    fig.canvas.draw()
    [ax], [legend] = fig.axes, fig.legends
    assert not legend.get_window_extent().overlaps(ax.get_window_extent())
    plt.close(fig)


def test_report_in_a_browser_links_to_feedback_and_notebooks(moodle_class, chromium_page):
    from autograder.grading.gradebook import url_of
    from tests.classroom import keys

    _, out = moodle_class
    ivan = keys(url_of(out, None))["101"]
    page = chromium_page
    page.goto((out / "report.html").as_uri())
    assert page.locator("h2", has_text="Manual grading").is_visible()
    row = page.locator("tr", has_text="Ivan Petrov")
    notebook = row.get_by_role("link", name="notebook").get_attribute("href")
    assert (out / notebook).is_file()
    row.get_by_role("link", name="feedback").click()
    page.wait_for_url(f"**/feedback/{ivan}/01_alpha.html")
    assert page.locator("h1").inner_text() == "01_alpha" and "Student: Ivan Petrov." in page.inner_text("body")
