"""The student repository: what students may see, built into build/student/ by every release.

It holds the student notebooks (`ru/NN_name.ipynb`, `en/NN_name.ipynb`, the paths the Colab
badges open in the repository that course.toml names), a README in Russian and one in English
(opening a lesson, installing, submitting) and the few requirements a student needs. It holds no
solution, hidden check, judge, variant, gradebook or source: `check` proves it, and the release
refuses to build a tree that fails it. The instructor publishes this folder as its own public
repository while the course repository stays private (README, "Publishing the student repository").
"""
import re
import shutil
from pathlib import Path

import nbformat

from autograder.course import HIDDEN_MARKERS, LANGS, SOLUTION_MARKERS, Course, ReleaseError
from autograder.release.howto import how_to
from autograder.release.notebooks import check_no_leak
from autograder.release.sources import judge_cells, read_source, student_path

REQUIREMENTS = """\
# What the lessons need on your own computer (Colab has all of it already).
torch>=2.1
numpy
matplotlib
prettytable
jupyter
"""
README = {
    "ru": """\
# Основы PyTorch: ноутбуки с автопроверкой

[English version](README.en.md)

| Урок | Открыть |
|---|---|
{rows}

## Как открыть урок

- **Google Colab** (ничего устанавливать не нужно, GPU не обязателен): нажмите значок
  *Open in Colab* в таблице или в начале ноутбука. Сохраните копию себе на Диск
  (*Файл → Сохранить копию на Диске*), иначе изменения пропадут.
- **VS Code или Jupyter на своём компьютере**: нужен Python 3.10 или новее.
  ```bash
  python3 -m venv .venv
  .venv/bin/pip install -r requirements.txt     # Windows: .venv\\Scripts\\pip install -r requirements.txt
  ```
  Откройте ноутбук из папки `ru/` и выберите ядро `.venv`.

{how_to}""",
    "en": """\
# PyTorch basics: autograded notebooks

[Русская версия](README.md)

| Lesson | Open |
|---|---|
{rows}

## Opening a lesson

- **Google Colab** (nothing to install, a GPU is optional): click the *Open in Colab* badge in the
  table or at the top of the notebook. Save a copy to your Drive (*File → Save a copy in Drive*),
  or your changes are lost.
- **VS Code or Jupyter on your own computer**: you need Python 3.10 or newer.
  ```bash
  python3 -m venv .venv
  .venv/bin/pip install -r requirements.txt     # Windows: .venv\\Scripts\\pip install -r requirements.txt
  ```
  Open a notebook from the `en/` folder and pick the `.venv` kernel.

{how_to}""",
}
ALLOWED = re.compile(r"(README(\.en)?\.md|requirements\.txt|(ru|en)/\d\d_\w+\.ipynb)")


def folder(course: Course) -> Path:
    return course.build / "student"


def title(nb: nbformat.NotebookNode) -> str:
    """The lesson's title: the first heading of its first text cell after the badge."""
    for cell in nb.cells[1:]:
        if cell.cell_type == "markdown":
            match = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if match:
                return match.group(1).strip()
    return ""


def build(course: Course) -> Path:
    """Write build/student/ from the released student notebooks, then prove it holds no secret."""
    target = folder(course)
    shutil.rmtree(target, ignore_errors=True)
    rows = {lang: [] for lang in LANGS}
    for assignment in course.assignments():
        for lang in LANGS:
            source = course.out_root / "lessons" / lang / f"{assignment}.ipynb"
            if not source.exists():
                continue
            path = target / student_path(lang, assignment)
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, path)
            nb = nbformat.read(path, as_version=4)
            rows[lang].append(f"| {title(nb) or assignment} | {nb.cells[0].source} |")
    for lang, name in (("ru", "README.md"), ("en", "README.en.md")):
        text = README[lang].format(rows="\n".join(rows[lang]), how_to=how_to(lang))
        (target / name).write_text(text, encoding="utf-8")
    (target / "requirements.txt").write_text(REQUIREMENTS, encoding="utf-8")
    check(target, course)
    return target


def check(tree: Path, course: Course) -> None:
    """Refuse a student tree holding anything but lessons, READMEs and requirements, or any secret line."""
    for path in sorted(p for p in tree.rglob("*") if p.is_file()):
        relative = path.relative_to(tree).as_posix()
        if not ALLOWED.fullmatch(relative):
            raise ReleaseError(f"the student repository may not hold {relative}")
        text = path.read_text(encoding="utf-8")
        for marker in SOLUTION_MARKERS + HIDDEN_MARKERS + ("probe.call(", "probe.record(", "def judge("):
            if marker in text:
                raise ReleaseError(f"{relative} holds {marker!r}")
        if relative.endswith(".ipynb"):
            lang, name = relative[:-len(".ipynb")].split("/")
            source_nb = read_source(course, name, lang)
            student_nb = nbformat.read(path, as_version=4)
            check_no_leak(source_nb, student_nb)
            public = {line.strip() for cell in source_nb.cells for line in cell.source.splitlines()}
            shown = {line.strip() for cell in student_nb.cells for line in cell.source.splitlines()}
            helpers, judges = judge_cells(course, name)
            judged = {line.strip() for code in [*helpers, *judges.values()] for line in code.splitlines()}
            leaked = sorted((judged - public - {""}) & shown)
            if leaked:
                raise ReleaseError(f"{relative} would reveal judge code: {leaked[:3]}")
