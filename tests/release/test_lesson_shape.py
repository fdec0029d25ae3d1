"""What a student sees in each lesson, counted on the committed student notebooks, in both languages: at least
3 figures, at most 20 lines of visible set-up and helper code, at most 3,500 words of prose outside
<details>; one "How to work and submit" block; no word that a file's name matters.

The counting functions are proven on made-up notebooks at each limit and one past it."""
import re

import nbformat
import pytest

from autograder import ROOT
from autograder.course import LANGS, Course
from autograder.release.figures import ATTACHMENT
from autograder.release.howto import HOW_TO_ID, how_to
from autograder.release.titles import exercises

MIN_FIGURES, MAX_VISIBLE_CODE_LINES, MAX_PROSE_WORDS = 3, 20, 3500
# Words that tell a student the file's name matters, which grading does not care about.
NAME_MATTERS = re.compile(r"without\s+renaming|renamed\s+copy|original\s+name|не\s+переименовыва|исходн\w*\s+им|"
                          r"переименованн\w*\s+копи", re.IGNORECASE)
OWN_SUBMISSION_TEXT = re.compile(r"^(#+\s*|\*\*)(How to work|Как работать)", re.IGNORECASE | re.MULTILINE)
INNERMOST_DETAILS = re.compile(r"<details\b(?:(?!<details\b).)*?</details>", re.IGNORECASE | re.DOTALL)


def figures(nb) -> int:
    """Markdown image references to a figure the cell carries as an attachment."""
    return sum(file in cell.get("attachments", {}) for cell in nb.cells if cell.cell_type == "markdown"
               for file in ATTACHMENT.findall(cell.source))


def collapsed(cell) -> bool:
    return cell.metadata.get("jupyter", {}).get("source_hidden", False) is True


def visible_code_lines(nb) -> int:
    """Non-empty lines of the code cells a student sees but did not come for: neither collapsed, nor a
    demonstration, nor an answer or a graded check."""
    lines = 0
    for cell in nb.cells:
        grading = cell.metadata.get("nbgrader", {})
        if (cell.cell_type != "code" or collapsed(cell) or "demo" in cell.metadata.get("tags", [])
                or grading.get("solution") or grading.get("grade")):
            continue
        lines += sum(1 for line in cell.source.splitlines() if line.strip())
    return lines


def prose_words(nb) -> int:
    """Words of the markdown cells, <details> blocks (with anything nested in them) left out."""
    words = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text, found = cell.source, 1
            while found:
                text, found = INNERMOST_DETAILS.subn(" ", text)
            words += len(text.split())
    return words


def student(lang, assignment):
    return nbformat.read(ROOT / "lessons" / lang / f"{assignment}.ipynb", as_version=4)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", Course().assignments())
def test_a_lesson_shows_figures_not_machinery_and_not_too_much_text(assignment, lang):
    nb = student(lang, assignment)
    counted = {"figures": figures(nb), "visible code lines": visible_code_lines(nb), "prose words": prose_words(nb)}
    assert counted["figures"] >= MIN_FIGURES and counted["visible code lines"] <= MAX_VISIBLE_CODE_LINES \
        and counted["prose words"] <= MAX_PROSE_WORDS, counted


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", Course().assignments())
def test_no_lesson_says_the_file_name_matters_or_has_its_own_submission_text(assignment, lang):
    nb = student(lang, assignment)
    own = [cell.source[:80] for cell in nb.cells if cell.cell_type == "markdown" and cell.id != HOW_TO_ID
           and (NAME_MATTERS.search(cell.source) or OWN_SUBMISSION_TEXT.search(cell.source))]
    assert not own


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_has_the_one_how_to_block(lang):
    """The same block in every lesson, but for written answers (`YOUR ANSWER HERE`): named only where there are some."""
    for assignment in Course().assignments():
        nb = student(lang, assignment)
        written = any(exercise.written for exercise in exercises(nb))
        blocks = [cell.source for cell in nb.cells if cell.id == HOW_TO_ID]
        assert blocks == [how_to(lang, written)], assignment
        assert ("YOUR ANSWER HERE" in blocks[0]) == written, assignment
    for written in (True, False, None):
        assert not NAME_MATTERS.search(how_to(lang, written)) and "name does not matter" in how_to("en", written)


def made_up(*cells):
    return nbformat.v4.new_notebook(cells=list(cells))


def picture(name="f"):
    cell = nbformat.v4.new_markdown_cell(f"See ![a figure](attachment:{name}.png).")
    cell.attachments = {f"{name}.png": {"image/png": "iVBORw0KGgo="}}
    return cell


def code(lines, **metadata):
    return nbformat.v4.new_code_cell("\n".join(f"x{i} = {i}\n" for i in range(lines)), metadata=metadata)


def test_figures_count_references_to_attachments_only():
    unattached = nbformat.v4.new_markdown_cell("![a figure](attachment:g.png) and ![web](https://x/y.png)")
    assert figures(made_up(picture("a"), picture("b"), unattached)) == MIN_FIGURES - 1
    assert figures(made_up(picture("a"), picture("b"), picture("c"), unattached)) == MIN_FIGURES


def test_visible_code_counts_plain_and_locked_helper_lines_only():
    hidden = [code(50, jupyter={"source_hidden": True}), code(50, tags=["demo"]),
              code(50, nbgrader={"solution": True, "grade_id": "f"}), code(50, nbgrader={"grade": True, "grade_id": "t"})]
    at_limit = made_up(code(15), code(5, nbgrader={"locked": True, "grade_id": "helpers"}), *hidden)
    assert visible_code_lines(at_limit) == MAX_VISIBLE_CODE_LINES
    assert visible_code_lines(made_up(*at_limit.cells, code(1))) == MAX_VISIBLE_CODE_LINES + 1


def test_prose_leaves_details_out():
    details = "<details><summary>What grading checks</summary>\n\n" + "word " * 900 + "\n</details>"
    nested = "<details><summary>a</summary>\n<details><summary>b</summary>\nhidden words\n</details>\nmore\n</details>"
    at_limit = made_up(nbformat.v4.new_markdown_cell("word " * (MAX_PROSE_WORDS - 2) + details + " two words"),
                       nbformat.v4.new_markdown_cell(nested), code(3))
    assert prose_words(at_limit) == MAX_PROSE_WORDS
    at_limit.cells.append(nbformat.v4.new_markdown_cell("one"))
    assert prose_words(at_limit) == MAX_PROSE_WORDS + 1


@pytest.mark.parametrize("text", ["Submit it without renaming it.", "one notebook, not a renamed copy",
                                  "under its original name", "Сдайте файл, не\nпереименовывая его.",
                                  "с исходным\nименем `03_logic_neurons.ipynb`", "**How to work with this notebook.**",
                                  "### Как работать и что сдавать"])
def test_the_words_that_say_a_name_matters_or_repeat_the_block_are_found(text):
    assert NAME_MATTERS.search(text) or OWN_SUBMISSION_TEXT.search(text)
    assert not NAME_MATTERS.search(how_to("ru")) and not OWN_SUBMISSION_TEXT.search(how_to("ru").split("\n", 1)[1])
