"""The instructor's report, from hand-made results (no kernel needed)."""
from autograder.publish import report
from autograder.grading.results import ExerciseResult, NotebookResult
from autograder.intake.submission import Submission
from tests.publish.test_feedback import result


def test_report_has_plot_statuses_flags_and_time(tmp_path):
    results = [result("x"), NotebookResult(
        Submission("bob", "01_alpha", status="repaired", flags=("repaired", "tamper-patch"),
                   notes=("metadata recovered",), tamper=("tamper-patch: assigns torch.allclose (line 1)",)),
        2.0, 2.0, 2.0, [ExerciseResult("test_f", 2.0, 2.0, "passed")])]
    results[1].autograded = tmp_path / "x.ipynb"
    report.write_report(results, tmp_path / "report.html", seconds=12.5, workers=2)
    page = (tmp_path / "report.html").read_text()
    assert "data:image/png;base64," in page and "Score distribution per exercise" in page
    assert "repaired" in page and "tamper-patch: assigns torch.allclose" in page
    assert "12.5 s with 2 workers" in page


def test_report_shows_manual_grading_waiting_students_and_links(tmp_path):
    from autograder.gradebook import Person, Reset

    ann = NotebookResult(Submission("ann", "01_alpha", flags=("duplicate",)), 3.0, 4.0, 1.0, [ExerciseResult("test_f", 2.0, 2.0, "passed"),
                                                            ExerciseResult("why", 1.0, 1.0, "graded", "Good."),
                                                            ExerciseResult("how", 0.0, 1.0, "manual")],
                         autograded=tmp_path / "a.ipynb")
    bob = NotebookResult(Submission("bob", "01_alpha", status="invalid-json", reason="not valid JSON"), 0.0, 4.0, 0.0,
                         why=["not valid JSON"])
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
    from autograder.gradebook import address
    from tests.classroom import keys

    _, out = moodle_class
    ivan = keys(address(out))["101"]
    page = chromium_page
    page.goto((out / "report.html").as_uri())
    assert page.locator("h2", has_text="Manual grading").is_visible()
    row = page.locator("tr", has_text="Ivan Petrov")
    notebook = row.get_by_role("link", name="notebook").get_attribute("href")
    assert (out / notebook).is_file()
    row.get_by_role("link", name="feedback").click()
    page.wait_for_url(f"**/feedback/{ivan}/01_alpha.html")
    assert page.locator("h1").inner_text() == "Lesson A" and "Student: Ivan Petrov." in page.inner_text("body")
