"""The release's rules for the message tables (the only code in two languages), titled cells and figures, on
made-up cells; and every lesson source held to writing its code once."""
from pathlib import Path

import jupytext
import nbformat
import pytest

from autograder.course import ReleaseError
from autograder.release import code_cells, figures, messages

SOURCES = Path(__file__).resolve().parents[2] / "autograder" / "source"

FIGURE = "import matplotlib.pyplot as plt\nplt.plot([0, 1], [1, 0])\nplt.title({'ru': 'Спад', 'en': 'Decline'}[lang])"


def code(source, *tags, **metadata):
    return nbformat.v4.new_code_cell(source, metadata={"tags": list(tags), **metadata})


TITLE = {"ru": "Сообщения", "en": "Messages"}


LOCKED = {"grade_id": "messages", "locked": True}


def tables(ru="TEXT = {'done': 'Готово: {n}.'}", en="TEXT = {'done': 'Done: {n}.'}", nbgrader=LOCKED):
    return [code(ru, "ru", title=TITLE, nbgrader=nbgrader), code(en, "en", title=TITLE, nbgrader=nbgrader)]


def test_code_written_once_takes_its_words_from_the_table_of_its_language():
    messages.check([*tables(), code('print(TEXT["done"].format(n=3))'), code("x = 1", "demo")])
    messages.check([*tables(), code("%timeit sum(range(3))\nkey = 'done'\nprint(TEXT[key].format(n=1))")])
    messages.check([code("print('no table, no words to translate')")])


@pytest.mark.parametrize("ru, en", [
    ('print("Готово")', 'print("Done")'),
    ('assert x == 1, f"ожидалось 1, получено {x!r}"', 'assert x == 1, f"expected 1, got {x!r}"'),
    ("TEXT = {'done': f'Готово {n}'}", "TEXT = {'done': f'Done {n}'}"),
    ("TEXT = {'done': 'Готово'}\nprint(TEXT['done'])", "TEXT = {'done': 'Done'}\nprint(TEXT['done'])"),
    ("TEXT = dict(done='Готово')", "TEXT = dict(done='Done')"),
])
def test_code_in_one_language_other_than_a_table_is_refused(ru, en):
    with pytest.raises(ReleaseError, match="message table"):
        messages.check([code(ru, "ru"), code(en, "en"), code("print(TEXT['done'])")])


@pytest.mark.parametrize("cells, refusal", [
    (lambda: tables(en="TEXT = {}"), "the en message table lacks 'done'"),
    (lambda: tables(ru="TEXT = {'done': 'Готово: {n}.', 'extra': 'ещё'}"), "the en message table lacks 'extra'"),
    (lambda: tables(ru="TEXT = {'done': 'Готово.', 'done': 'Готово: {n}.'}"), "'done' is written twice"),
    (lambda: tables(ru="TEXT = {'done': 'Готово: {count}.'}"), "the fields \\['count'\\] in ru and \\['n'\\] in en"),
    (lambda: tables(ru="TEXT = {'done': 'Готово: {n.'}", en="TEXT = {'done': 'Done: {n.'}"), "not a format template"),
    (lambda: tables()[:1], "followed at once by its twin"),
    (lambda: tables()[::-1], "followed at once by its twin"),
    (lambda: [tables()[0], code("x = 1"), tables()[1]], "followed at once by its twin"),
    (lambda: [*tables(), *tables()], "one message table per language"),
    (lambda: [code("x = 1", "ru", title=TITLE), code("x = 1", "en", "demo", title=TITLE)], "message table"),
    (lambda: [code("TEXT = {}", "ru", "demo"), code("TEXT = {}", "en")], "differ in tags"),
    (lambda: tables(nbgrader=None), "a message table is a locked cell"),
    (lambda: tables(nbgrader={"grade_id": "messages"}), "a message table is a locked cell"),
    (lambda: [code("TEXT = {}", "ru", "en")], "one language tag"),
])
def test_tables_that_disagree_are_refused(cells, refusal):
    with pytest.raises(ReleaseError, match=refusal):
        messages.check([*cells(), code('print(TEXT["done"].format(n=3))')])


def test_a_message_no_code_uses_or_a_key_no_table_defines_is_refused():
    with pytest.raises(ReleaseError, match="no code uses the messages 'done'"):
        messages.check([*tables(), code("print('finished')")])
    with pytest.raises(ReleaseError, match="names messages the tables lack: 'gone'"):
        messages.check([*tables(), code('print(TEXT["done"], TEXT["gone"])')])
    with pytest.raises(ReleaseError, match="before the message tables"):
        messages.check([code('print(TEXT["done"])'), *tables()])


def test_judges_and_figures_are_not_notebook_code():
    judge = nbformat.v4.new_code_cell('assert x, TEXT["gone"]', metadata={"judge": "test_x"})
    figure = nbformat.v4.new_code_cell('T = {"ru": "а", "en": "a"}[lang]', metadata={"figure": "f"})
    messages.check([*tables(), judge, figure, code('print(TEXT["done"])')])


def test_every_lesson_writes_its_code_once():
    """The one code cells of a source in one language are its two message tables."""
    for source in sorted(SOURCES.glob("[0-9][0-9]_*.py")):
        cells = jupytext.read(source, fmt="py:percent").cells
        messages.check(cells)
        in_one_language = [cell for cell in cells if cell.cell_type == "code"
                           and {"ru", "en"} & set(cell.metadata.get("tags", []))]
        assert [messages.entries(cell) is not None for cell in in_one_language] == [True, True], source.name


def test_a_title_is_one_line_per_language_on_a_code_cell():
    assert code_cells.title_of(code("x = 1", title={"ru": "Помощник", "en": "A helper"}), "en") == "A helper"
    assert code_cells.title_of(code("x = 1"), "en") is None
    for bad in ({"en": "A helper"}, "A helper"):
        with pytest.raises(ReleaseError, match="title"):
            code_cells.title_of(code("x = 1", title=bad), "en")
    with pytest.raises(ReleaseError, match="title"):
        code_cells.title_of(nbformat.v4.new_markdown_cell("text", metadata={"title": {"ru": "а", "en": "a"}}), "en")
    with pytest.raises(ReleaseError, match="one line"):
        code_cells.collapse(code("x = 1"), "two\nlines")


def markdown(source):
    return nbformat.v4.new_markdown_cell(source)


def test_figures_go_into_the_cells_that_show_them():
    shown = [markdown("![Decline](attachment:decline.png)"), markdown("no picture"),
             markdown("again ![d](attachment:decline.png)")]
    figures.attach(shown, {"decline": FIGURE}, "en")
    assert [sorted(cell.get("attachments", {})) for cell in shown] == [["decline.png"], [], ["decline.png"]]


@pytest.mark.parametrize("text, figure, refusal", [
    ("![x](attachment:rise.png)", FIGURE, "no figure cell is named 'rise'"),
    ("![x](attachment:decline.svg)", FIGURE, "decline.svg"),
    ("no picture", FIGURE, "no en text cell shows the figures decline"),
    ("![x](attachment:decline.png)", "x = 1", "drew no figure"),
    ("![x](attachment:decline.png)", "import matplotlib.pyplot as plt\nplt.plot(undefined)", "NameError"),
])
def test_a_figure_that_is_unknown_unused_or_broken_is_refused(text, figure, refusal):
    with pytest.raises(ReleaseError, match=refusal):
        figures.attach([markdown(text)], {"decline": figure}, "en")
