"""The release's rules for code cells in two languages and titled cells, and for figures, on made-up cells."""
import nbformat
import pytest

from autograder.course import ReleaseError
from autograder.release import code_cells, figures

FIGURE = "import matplotlib.pyplot as plt\nplt.plot([0, 1], [1, 0])\nplt.title({'ru': 'Спад', 'en': 'Decline'}[lang])"


def code(source, *tags, **metadata):
    return nbformat.v4.new_code_cell(source, metadata={"tags": list(tags), **metadata})


@pytest.mark.parametrize("ru, en", [
    ('print("Готово")  # по-русски', 'print("Done")'),
    ('assert x == 1, f"ожидалось 1, получено {x!r}"', 'assert x == 1, f"expected 1, got {x!r}"'),
    ('check(x, "очень длинное сообщение "\n      "в две строки")', 'check(x, "a message on one line")'),
    ('def f():\n    """Документация."""\n    return 1', 'def f():\n    """Docs."""\n    return 1'),
])
def test_a_pair_may_differ_in_strings_and_comments(ru, en):
    code_cells.check_pairs([code(ru, "ru"), code(en, "en")])


@pytest.mark.parametrize("ru, en", [
    ('print("Готово", x)', 'print("Done", y)'),
    ('assert x == 1, f"получено {x!r}"', 'assert x == 1, f"got {x}"'),
    ('assert x == 1, f"получено {x:.3f}"', 'assert x == 1, f"got {x:.4f}"'),
    ('if x:\n    print("да")', 'if x:\n    pass'),
    ('print("да")', 'print(f"yes {x}")'),
])
def test_a_pair_that_differs_in_code_is_refused(ru, en):
    with pytest.raises(ReleaseError, match="differ in more than strings"):
        code_cells.check_pairs([code(ru, "ru"), code(en, "en")])


def test_a_pair_carries_the_same_metadata():
    title = {"ru": "Помощник", "en": "A helper"}
    code_cells.check_pairs([code("x = 1", "ru", "demo", title=title), code("x = 1", "en", "demo", title=title)])
    with pytest.raises(ReleaseError, match="differ in tags"):
        code_cells.check_pairs([code("x = 1", "ru", "demo"), code("x = 1", "en")])
    with pytest.raises(ReleaseError, match="differ in tags"):
        code_cells.check_pairs([code("x = 1", "ru", title=title), code("x = 1", "en")])


@pytest.mark.parametrize("order", [["ru"], ["en"], ["en", "ru"], ["ru", None, "en"], ["ru", "ru", "en"]])
def test_a_code_cell_in_one_language_needs_its_twin_next_to_it(order):
    with pytest.raises(ReleaseError, match="twin"):
        code_cells.check_pairs([code("x = 1", *([lang] if lang else [])) for lang in order])


def test_a_code_cell_tagged_with_both_languages_is_refused():
    with pytest.raises(ReleaseError, match="one language tag"):
        code_cells.check_pairs([code("x = 1", "ru", "en")])


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
