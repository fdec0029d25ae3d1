"""The release, on a small temporary course: deterministic, no leaks, one language per file."""
import base64
import importlib.util
import json
import re
import subprocess
import sys
import warnings
from types import SimpleNamespace

import nbformat
import pytest

from autograder import ROOT, release
from autograder.course import LANGS, Course, ReleaseError, judges_path
from autograder.release import figures, notebooks
from autograder.release.howto import HOW_TO_ID, how_to
from autograder.release.ready import READY_ID
from autograder.release.sources import SETUP_TITLE, read_source

SOURCE = '''\
# %% [markdown] tags=["ru"]
# # Тренировка
#
# ![Удвоение](attachment:doubling.png)

# %% [markdown] tags=["en"]
# # Practice
#
# ![Doubling](attachment:doubling.png)

# %% figure="doubling"
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1, 2], [0, 2, 4])
ax.set_title({"ru": "Удвоение", "en": "Doubling"}[lang])

# %% title={"ru": "Импорт для проверок", "en": "An import for the checks"}
import math

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения", "en": "Messages"}
TEXT = {"example": "Пример: {tau}"}

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения", "en": "Messages"}
TEXT = {"example": "Example: {tau}"}

# %%
print(TEXT["example"].format(tau=math.tau))

# %% nbgrader={"grade_id": "double", "solution": true}
def double(x):
    """Twice x."""
    ### BEGIN SOLUTION
    secret_factor = 2
    return secret_factor * x
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_double", "grade": true, "points": 2, "locked": true}
assert double(1) == 2
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("double(-21)", double, -21)
### END HIDDEN TESTS

# %% judge="test_double"
def judge(got, want):
    assert got["double(-21)"] == want["double(-21)"] == -42, "judge-only message"

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Потому что.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_why", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Because.
# ### END SOLUTION
'''


def make_course(root, source=SOURCE, name="01_practice"):
    (root / "src").mkdir(parents=True, exist_ok=True)
    (root / "src" / f"{name}.py").write_text(source)
    return Course(sources=root / "src", build=root / "build", out_root=root / "out")


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    course = make_course(tmp_path_factory.mktemp("release"))
    release.release(course)
    return course


def read(course, folder, lang):
    return nbformat.read(course.out_root / folder / lang / "01_practice.ipynb", as_version=4)


def text(nb):
    return "\n".join(cell.source for cell in nb.cells)


def test_writes_a_student_and_a_solution_notebook_per_language(course):
    written = sorted(p.relative_to(course.out_root).as_posix() for p in course.out_root.rglob("*.ipynb"))
    assert written == [f"{folder}/{lang}/01_practice.ipynb" for folder in ("lessons", "solutions")
                       for lang in ("en", "ru")]


def test_a_second_release_is_byte_identical(course, tmp_path):
    figures.render.cache_clear()  # the figures are drawn again too
    again = Course(sources=course.sources, build=tmp_path / "build", out_root=tmp_path / "out")
    release.release(again)
    for path in course.out_root.rglob("*.ipynb"):
        assert (again.out_root / path.relative_to(course.out_root)).read_bytes() == path.read_bytes(), path


@pytest.mark.parametrize("lang", LANGS)
def test_student_version_has_stubs_and_no_secret(course, lang):
    nb = read(course, "lessons", lang)
    source = text(nb)
    assert "raise NotImplementedError()" in source and "def double(x):" in source
    assert "YOUR ANSWER HERE" in source
    for secret in ("secret_factor", "judge-only message", "BEGIN", "END", "Because", "Потому что"):
        assert secret not in source


@pytest.mark.parametrize("lang", LANGS)
def test_solution_version_has_solutions_without_markers_or_hidden_tests(course, lang):
    solution, student = read(course, "solutions", lang), read(course, "lessons", lang)
    source = text(solution)
    assert "return secret_factor * x" in source
    assert {"en": "Because.", "ru": "Потому что."}[lang] in source
    assert "judge-only message" not in source and "BEGIN" not in source and "END" not in source
    assert [(c.id, c.metadata) for c in solution.cells] == [(c.id, c.metadata) for c in student.cells], \
        "the solution keeps the student version's cell ids and nbgrader metadata"


@pytest.mark.parametrize("lang", LANGS)
def test_each_file_keeps_one_language(course, lang):
    other = {"ru": "Practice", "en": "Тренировка"}[lang]
    own = {"ru": "Тренировка", "en": "Practice"}[lang]
    for folder in ("lessons", "solutions"):
        source = text(read(course, folder, lang))
        assert own in source and other not in source


@pytest.mark.parametrize("folder", ["lessons", "solutions"])
def test_colab_badge_points_at_the_notebook_itself(course, folder):
    badge = read(course, folder, "ru").cells[0]
    assert badge.id == "colab-badge"
    if folder == "solutions":  # solutions are never published: no link to open them
        assert "colab" not in badge.source and "instructors" in notebooks.SOLUTION_BANNER["en"]
        return
    url = re.search(r"\(https://colab\.research\.google\.com/github/([^)]*)\)", badge.source).group(1)
    repository = course.setting("student_repository", "github")
    assert url == f"{repository}/blob/{course.setting('student_repository', 'branch')}/ru/01_practice.ipynb"


def test_notebook_metadata_identifies_the_assignment(course):
    ru, en = read(course, "lessons", "ru"), read(course, "lessons", "en")
    assert ru.metadata.course["assignment"] == en.metadata.course["assignment"] == "01_practice"
    assert ru.metadata.course["version"] == en.metadata.course["version"]
    assert re.fullmatch(r"[0-9a-f]{12}", ru.metadata.course["version"])
    assert (ru.metadata.course["lang"], en.metadata.course["lang"]) == ("ru", "en")


def test_notebooks_hold_no_outputs_or_timestamps(course):
    for path in course.out_root.rglob("*.ipynb"):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            assert not cell.get("outputs") and cell.get("execution_count") is None
        assert "timestamp" not in path.read_text()


def run_setup_cell(course, monkeypatch, prettytable_installed=True):
    """Execute the setup cell here, with pip recorded instead of run; returns the pip calls."""
    setup = next(cell for cell in read(course, "lessons", "en").cells if cell.id == "setup")
    assert setup.metadata.nbgrader["locked"]
    calls = []
    monkeypatch.setattr(subprocess, "run", lambda *args, **kwargs: calls.append(args))
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: SimpleNamespace() if prettytable_installed else None)
    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)
    hooks = []
    shell = SimpleNamespace(events=SimpleNamespace(register=lambda event, hook: hooks.append(event)))
    exec(setup.source, {"get_ipython": lambda: shell})
    assert hooks == ["post_run_cell"]  # what "Ready to submit?" reads (autograder.release.ready)
    return calls


@pytest.mark.parametrize("installed", [True, False])
def test_setup_cell_installs_prettytable_only_when_missing(course, monkeypatch, installed):
    calls = run_setup_cell(course, monkeypatch, installed)
    assert calls == ([] if installed else [([sys.executable, "-m", "pip", "install", "--quiet", "prettytable"],)])


def test_setup_cell_shows_warnings_on_stdout_not_stderr(course, monkeypatch, capsys):
    run_setup_cell(course, monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("a harmless warning from correct code")
    out, err = capsys.readouterr()
    assert "a harmless warning from correct code" in out and err == ""


def test_a_mistyped_hidden_marker_is_refused(tmp_path):
    course = make_course(tmp_path, SOURCE.replace("### BEGIN HIDDEN TESTS", "### BEGIN HIDDEN TEST"))
    with pytest.raises(ReleaseError, match="marker"):
        release.release(course)
    assert not (course.out_root / "lessons").exists()


def test_leak_check_reads_the_text_not_the_markers():
    source = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "def f():\n    ### BEGIN SOLUTION\n    return 42 * secret\n    ### END SOLUTION")])
    student = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("def f():\n    return 42 * secret")])
    with pytest.raises(ReleaseError, match="return 42 \\* secret"):
        notebooks.check_no_leak(source, student)
    student.cells[0].source = "def f():\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    notebooks.check_no_leak(source, student)


def test_no_gradebook_or_build_artifact_is_committed():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert not [name for name in tracked.splitlines() if name.endswith(".db") or name.startswith("build/")]
    assert "/build/" in (ROOT / ".gitignore").read_text()


def test_requirements_and_environment_yml_agree():
    pins = [line for line in (ROOT / "requirements.txt").read_text().splitlines() if line and not line.startswith("#")]
    conda = re.findall(r"^\s+- (\S+==\S+)$", (ROOT / "environment.yml").read_text(), re.MULTILINE)
    assert pins == conda
    assert "torch==2.13.0" in pins


@pytest.mark.parametrize("lang", LANGS)
def test_the_release_adds_its_cells_around_the_source(course, lang):
    nb = read(course, "lessons", lang)
    ids = [cell.id for cell in nb.cells]
    assert ids[0] == "colab-badge" and ids[2:4] == ["setup", "how-to-submit"] and ids[-2:] == ["ready-heading", READY_ID]
    assert nb.cells[1].source.startswith({"ru": "# Тренировка", "en": "# Practice"}[lang]), "the first screen is the lesson"
    assert nb.cells[3].source == how_to(lang, written=True)  # the practice lesson has a written answer


@pytest.mark.parametrize("lang", LANGS)
def test_the_how_to_block_names_written_answers_only_in_a_lesson_that_has_them(tmp_path, lang):
    without = SOURCE[:SOURCE.index('# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_why"')]
    blocks = {}
    for name, source in (("01_practice", SOURCE), ("02_code_only", without)):
        course = make_course(tmp_path / name, source, name)
        blocks[name] = next(cell.source for cell in read_source(course, name, lang).cells if cell.id == HOW_TO_ID)
    assert "YOUR ANSWER HERE" in blocks["01_practice"] and "YOUR ANSWER HERE" not in blocks["02_code_only"]
    assert "YOUR ANSWER HERE" in how_to(lang), "the README serves every lesson: it says where a lesson asks for them"
    assert blocks["02_code_only"] == how_to(lang, written=False)


@pytest.mark.parametrize("folder", ["lessons", "solutions"])
@pytest.mark.parametrize("lang", LANGS)
def test_figures_are_attached_where_the_text_shows_them(course, folder, lang):
    nb = read(course, folder, lang)
    shown = [cell for cell in nb.cells if "attachments" in cell]
    assert [cell.source.splitlines()[-1] for cell in shown] == [
        {"ru": "![Удвоение](attachment:doubling.png)", "en": "![Doubling](attachment:doubling.png)"}[lang]]
    png = base64.b64decode(shown[0].attachments["doubling.png"]["image/png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"tEXt" not in png and b"tIME" not in png  # no software, no date
    assert "set_title" not in text(nb), "a figure's code never reaches a notebook"


def test_each_language_draws_its_own_figure(course):
    pngs = {lang: read(course, "lessons", lang).cells[1].attachments["doubling.png"]["image/png"] for lang in LANGS}
    assert pngs["ru"] != pngs["en"]


def test_a_figure_is_drawn_the_same_in_another_process(course):
    code = SOURCE.split('# %% figure="doubling"\n')[1].split("\n# %%")[0]
    here = figures.render("doubling", code, "en")
    there = subprocess.run([sys.executable, "-c", "import sys; from autograder.release.figures import render; "
                            "sys.stdout.buffer.write(render('doubling', sys.stdin.read(), 'en'))"],
                           input=code.encode(), capture_output=True, check=True).stdout
    assert there == here


@pytest.mark.parametrize("lang", LANGS)
def test_titled_cells_setup_and_ready_are_collapsed(course, lang):
    nb = read(course, "lessons", lang)
    titled = {cell.id: cell for cell in nb.cells if cell.source.startswith("#@title ")}
    assert set(titled) == {"setup", READY_ID, next(c.id for c in nb.cells if "import math" in c.source),
                           next(c.id for c in nb.cells if "TEXT = " in c.source)}
    for cell in titled.values():
        assert cell.metadata["cellView"] == "form" and cell.metadata["jupyter"] == {"source_hidden": True}
    helper = next(cell for cell in titled.values() if "import math" in cell.source)
    assert helper.source == "#@title " + {"ru": "Импорт для проверок", "en": "An import for the checks"}[lang] + "\nimport math"
    assert titled["setup"].source.splitlines()[0] == f"#@title {SETUP_TITLE[lang]}"
    assert not [cell for cell in nb.cells if "jupyter" in cell.metadata and cell.id not in titled]


@pytest.mark.parametrize("lang", LANGS)
def test_a_notebook_keeps_the_message_table_of_its_language(course, lang):
    tables = [cell.source.splitlines()[1:] for cell in read(course, "lessons", lang).cells if "TEXT = " in cell.source]
    assert tables == [[{"ru": 'TEXT = {"example": "Пример: {tau}"}', "en": 'TEXT = {"example": "Example: {tau}"}'}[lang]]]


@pytest.mark.parametrize("change, refusal", [
    (('TEXT = {"example": "Example: {tau}"}', 'TEXT = {"sample": "Example: {tau}"}'), "ru message table lacks 'sample'"),
    (('print(TEXT["example"].format(tau=math.tau))', 'print("Example:", math.tau)'), "no code uses"),
    (('TEXT = {"example": "Example: {tau}"}', 'print("Example:", math.pi)'), "must be a message table"),
])
def test_tables_and_code_that_disagree_stop_the_release(tmp_path, change, refusal):
    course = make_course(tmp_path, SOURCE.replace(*change))
    with pytest.raises(ReleaseError, match=refusal):
        release.release(course)


def test_a_figure_the_text_does_not_show_stops_the_release(tmp_path):
    course = make_course(tmp_path, SOURCE.replace("(attachment:doubling.png)", "(attachment:halving.png)"))
    with pytest.raises(ReleaseError, match="halving"):
        release.release(course)


def test_the_reference_is_observed_as_grading_runs_it_without_the_demonstrations_nothing_needs(tmp_path):
    """A demonstration that no answer needs is not run when the release observes its reference solution, as
    grading skips it (autograder.sandbox.demos): here one that would turn the reference wrong."""
    demo = '# %% tags=["demo"]\ndouble = lambda x: 0  # a demonstration that nothing of the student\'s reads\n\n'
    marker = '# %% nbgrader={"grade_id": "test_double"'
    course = make_course(tmp_path, SOURCE.replace(marker, demo + marker))
    release.release(course)
    reference = json.loads(judges_path(course, "01_practice").read_text())["reference"]
    assert reference["test_double"]["observations"] == {"double(-21)": -42}
