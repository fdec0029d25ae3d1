"""Feedback pages from hand-made results (no kernel needed): titles, language, and the leak guard."""
import json

import nbformat
import pytest

from autograder.publish import feedback
from autograder.grading.results import ExerciseResult, NotebookResult
from autograder.intake.submission import Submission

VISIBLE = 'assert f(1) == 2, "f(1) must be 2"\nprint("Visible checks passed. Hidden tests run at grading.")'
HIDDEN = VISIBLE + ('\n### BEGIN HIDDEN TESTS\nassert f(hidden_seven) == twice(hidden_seven), "f must double the hidden seven"'
                    '\n### END HIDDEN TESTS')
TASK = {"en": "# Lesson F\n\n## Exercise 2.3 (2 points). A function `f` (≈ 5 minutes)\n\nWrite f.",
        "ru": "# Урок F\n\n## Задание 2.3 (2 балла). Функция `f` (≈ 5 минут)\n\nНапишите f."}


def notebooks(failing_line: int, message: str, lang: str = "en"):
    answer = {"nbgrader": {"grade_id": "f", "solution": True}}
    test = {"nbgrader": {"grade_id": "test_f", "grade": True, "points": 2}}
    release = nbformat.v4.new_notebook(metadata={"course": {"lang": "en"}}, cells=[
        nbformat.v4.new_markdown_cell(TASK["en"], id="task"),
        nbformat.v4.new_code_cell("def f(x):\n    raise NotImplementedError()", id="f", metadata=answer),
        nbformat.v4.new_code_cell(VISIBLE, id="test_f", metadata=test)])
    graded = nbformat.v4.new_notebook(metadata={"course": {"lang": lang}})
    cell = nbformat.v4.new_code_cell(HIDDEN, id="test_f", metadata=test)
    line = HIDDEN.splitlines()[failing_line - 1]
    cell.outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue=message, traceback=[
        "\x1b[0;31m----------------\x1b[0m", "Cell \x1b[0;32mIn[5], line %d\x1b[0m\n      1 x = 1\n\x1b[0;32m----> %d\x1b[0m %s\n"
        % (failing_line, failing_line, line), f"AssertionError: {message}"])]
    graded.cells = [nbformat.v4.new_markdown_cell(TASK[lang], id="task"),
                    nbformat.v4.new_code_cell("def f(x):\n    return x", id="f", metadata=answer), cell]
    return release, graded


def result(message):
    return NotebookResult(Submission("ann", "01_alpha"), 0.0, 2.0, 1.0, [ExerciseResult("test_f", 0.0, 2.0, "failed",
                                                                          f"AssertionError: {message}")])


def test_visible_failure_shows_its_line():
    release, graded = notebooks(1, "f(1) must be 2")
    page = feedback.feedback_html(result("f(1) must be 2"), graded, release)
    assert "A visible check failed, line 1" in page and "assert f(1) == 2" in page


def test_hidden_failure_shows_only_its_message():
    release, graded = notebooks(4, "f(7) must be 14")
    page = feedback.feedback_html(result("f(7) must be 14"), graded, release)
    assert "A hidden check failed" in page and "f(7) must be 14" in page
    assert "assert f(7)" not in page and "HIDDEN TESTS" not in page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_section_is_titled_as_the_notebook_titles_the_exercise(lang):
    release, graded = notebooks(4, "f(7) must be 14", lang)
    page = feedback.feedback_html(result("f(7) must be 14"), graded, release)
    words = feedback.WORDS[lang]
    title = {"en": "Exercise 2.3. A function f", "ru": "Задание 2.3. Функция f"}[lang]
    assert f"<h1>{'Lesson F' if lang == 'en' else 'Урок F'}</h1>" in page
    assert f"<tr><td>{title}</td><td>0 / 2</td><td><span class='failed'>{words['failed']}</span></td></tr>" in page
    assert f"<h3>{title}: 0 / 2</h3><p>{words['hidden']} <code>AssertionError: f(7) must be 14</code>" in page
    assert f"<small>{words['check']} test_f: " in page  # the id, in small print for the instructor
    other = feedback.WORDS["ru" if lang == "en" else "en"]
    assert other["hidden"] not in page and other["score"] + ":" not in page


def test_a_visible_failure_in_russian_keeps_the_line_and_the_message():
    release, graded = notebooks(1, "f(1) must be 2", "ru")
    page = feedback.feedback_html(result("f(1) must be 2"), graded, release)
    assert "Не прошла видимая проверка, строка 1:</p><pre>assert f(1) == 2" in page
    assert "AssertionError: f(1) must be 2" in page and "Баллы: <b>0 / 2</b>" in page


def test_a_visible_failure_writes_out_the_messages_its_line_names():
    release, graded = notebooks(1, "f(1) must be 2")
    visible = 'assert f(1) == 2, TEXT["f: f(1) must be 2"].format(got=f(1))'
    release.cells[2].source = release.cells[2].source.replace('assert f(1) == 2, "f(1) must be 2"', visible)
    graded.cells[2].outputs[0].traceback[1] = graded.cells[2].outputs[0].traceback[1].replace(
        'assert f(1) == 2, "f(1) must be 2"', visible)
    table = nbformat.v4.new_code_cell('#@title Messages\nTEXT = {"f: f(1) must be 2": "f(1) must be 2, got {got}"}',
                                      id="messages", metadata={"nbgrader": {"grade_id": "messages", "locked": True}})
    release.cells.insert(1, table)
    page = feedback.feedback_html(result("f(1) must be 2"), graded, release)
    assert "<pre>assert f(1) == 2, &#x27;f(1) must be 2, got {got}&#x27;.format(got=f(1))</pre>" in page


def write_one(tmp_path, graded, release, res, judges: dict | None = None) -> str:
    """The page that write_feedback writes; judges: the lesson's judges file, as the release writes it."""
    autograded = tmp_path / "autograded" / "ann"
    autograded.mkdir(parents=True, exist_ok=True)
    nbformat.write(graded, autograded / "01_alpha.ipynb")
    res.autograded = autograded / "01_alpha.ipynb"
    judges_dir = None
    if judges is not None:
        judges_dir = tmp_path / "judges"
        judges_dir.mkdir(exist_ok=True)
        (judges_dir / "01_alpha.json").write_text(json.dumps({"helpers": [], "judges": {}, "reference": {},
                                                              **judges}))
    feedback.write_feedback([res], {"01_alpha": release}, tmp_path / "feedback", judges_dir=judges_dir)
    return (tmp_path / "feedback" / "ann" / "01_alpha.html").read_text()


def test_a_message_quoting_hidden_source_is_replaced_and_the_rest_stays(tmp_path):
    release, graded = notebooks(4, "x")
    res = result('assert f(hidden_seven) == twice(hidden_seven), "f must double"')  # a message quoting the source
    res.added_notes = ["made from an older release"]
    page = write_one(tmp_path, graded, release, res)
    assert "f(hidden_seven)" not in page and "it is not shown" in page
    assert "withheld" not in page and "made from an older release" in page and "0 / 2" in page


LEAKS = {  # messages that carry hidden source in ways an exact-line filter misses
    "part of a line": 'AssertionError: got 5, wanted f(hidden_seven) == twice(hidden',
    "lines joined": 'f(hidden_seven)   ==  twice(hidden_seven),\n"f must double the  ### END HIDDEN',
    "in a note": None,
}


@pytest.mark.parametrize("case", LEAKS)
def test_hidden_source_never_reaches_a_page(tmp_path, case):
    release, graded = notebooks(4, "x")
    leak = LEAKS[case]
    res = result(leak) if leak else result("f(7) must be 14")
    if leak is None:
        res.added_notes = ['nbgrader could not grade it: assert f(hidden_seven) == twice(hidden_seven)']
    page = write_one(tmp_path, graded, release, res)
    assert "f(hidden_seven) ==" not in page and "it is not shown" in page


def test_parts_that_quote_a_secret_together_withhold_the_page(tmp_path):
    release, graded = notebooks(4, "x")
    res = result("f(7) must be 14")
    res.added_notes = ['f(hidden_seven) ==', 'twice(hidden_seven)']  # each part alone is too short to say anything
    page = write_one(tmp_path, graded, release, res)
    assert "withheld" in page and "hidden_seven" not in page and "0 / 2" in page


def test_the_keys_the_reference_recorded_are_public(tmp_path):
    """Probes build keys in code (f"first_rows(t of shape {shape})"); judges' messages name them as recorded."""
    release, graded = notebooks(4, "x")
    graded.cells[-1].source += ('\n### BEGIN HIDDEN TESTS\nfor shape in [(2, 3, 4)]:\n'
                                '    probe.call(f"first_rows(t of shape {shape}) with the default size", f, shape)\n'
                                '### END HIDDEN TESTS')
    message = "first_rows(t of shape (2, 3, 4)) with the default size raised NotImplementedError"
    judges = {"reference": {"test_f": {"observations": {"first_rows(t of shape (2, 3, 4)) with the default size": 1}}}}
    assert message in write_one(tmp_path, graded, release, result(message), judges)
    assert "not shown" in write_one(tmp_path, graded, release, result(message))  # unknown keys stay secret


def test_the_judges_words_are_public_and_their_code_is_secret(tmp_path):
    release, graded = notebooks(4, "x")
    graded.cells[-1].source += "\n### BEGIN HIDDEN TESTS\nprobe.record('k', f(7))  # 'f must double every element exactly'\n" \
                               "### END HIDDEN TESTS"
    words = "f must double every element exactly"
    judges = {"judges": {"test_f": f"def judge(got, want):\n    assert got['k'] == want['k'] * 2 - 14, {words!r}"}}
    assert words in write_one(tmp_path, graded, release, result(words), judges)
    assert "not shown" in write_one(tmp_path, graded, release, result(words))  # without the judges: the probe's
    code = "assert got['k'] == want['k'] * 2 - 14"
    page = write_one(tmp_path, graded, release, result(f"the check was {code}"), judges)
    assert "want[" not in page and "not shown" in page


def test_a_judge_may_say_what_the_reference_said(tmp_path):
    """A judge's template may read as the reference's own error message: the judge's to say."""
    release, graded = notebooks(4, "x")
    said = "did not converge within max_iter = 6 steps"
    judges = {"reference": {"test_f": {"observations": {"newton_root(f, 2.0, max_iter=6)": {
        "__raised__": {"types": ["RuntimeError"], "message": f"Newton's method {said}"}}}}},
        "judges": {"test_f": "def judge(got, want):\n    why = 'did not converge within max_iter = {n} steps'\n"
                             "    assert False, f'newton_root(f, 2.0, max_iter=6) {why.format(n=6)}: raise RuntimeError'"}}
    message = f"newton_root(f, 2.0, max_iter=6) {said}: raise RuntimeError"
    assert message in write_one(tmp_path, graded, release, result(message), judges)


def test_a_run_across_the_edge_of_a_key_is_no_quote(tmp_path):
    """The probe lists its inputs ("((10,), torch.float32), ...") as the keys name them; a message joins a key to
    the judge's next phrase ("...torch.float32), the mean"): the run across that edge quotes nothing."""
    release, graded = notebooks(4, "x")
    graded.cells[-1].source += ('\n### BEGIN HIDDEN TESTS\nfor shape, dtype in [((10,), torch.float32), ((4, 3), torch.float64)]:'
                                '\n    probe.call(f"mse(two tensors of shape {shape}, {dtype})", f, shape)\n### END HIDDEN TESTS')
    key = "mse(two tensors of shape (10,), torch.float32)"
    judges = {"reference": {"test_f": {"observations": {key: 1.0}}},
              "judges": {"test_f": "def judge(got, want):\n    assert False, f'{key}, the mean is wrong'"}}
    message = f"{key}, the mean is wrong"
    assert message in write_one(tmp_path, graded, release, result(message), judges)
    leak = "it was [((10,), torch.float32), ((4, 3), torch.float64)]"  # the probe's own list, quoted
    assert "not shown" in write_one(tmp_path, graded, release, result(leak), judges)


def test_a_judge_may_name_the_hidden_inputs_as_the_probe_writes_them(tmp_path):
    release, graded = notebooks(4, "x")
    graded.cells[-1].source += ("\n### BEGIN HIDDEN TESTS\nCASES = [((64, 1024, 1024), (64, 1024, 1024), 10.0)]\n"
                                "for index, case in enumerate(CASES):\n    probe.call(f'case {index}', f, *case)\n"
                                "### END HIDDEN TESTS")
    message = "f((64, 1024, 1024), (64, 1024, 1024), ms=10.0) must be 13.7439, got 6.87195"
    assert message in write_one(tmp_path, graded, release, result(message))
    assert "not shown" in write_one(tmp_path, graded, release, result("for index, case in enumerate(CASES)"))
