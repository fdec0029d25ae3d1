"""The lesson's last cell, "Ready to submit?": what is left to do, read from the student's own kernel.

The setup cell registers CheckRuns, an IPython post_run_cell hook that remembers how the last run
of each cell ended, by a fingerprint of the cell's code. The last cell holds the lesson's exercises
(title, points, answer cell, the fingerprint of each check cell) and prints a table of where each
one stands. Where it can read the notebook it also names answers left empty and graded cells
deleted, copied or changed: in Colab it asks Colab's front end for the notebook as it is now
(`google.colab._message.blocking_request("get_ipynb")`, which answers {"ipynb": the notebook}); in
VS Code and Jupyter it reads the file as last saved. Where neither works it says so. It runs no
check: it only reads what the student's runs left, and a student notebook holds no hidden check to
reveal.

CheckRuns and ready_to_submit are written here as Python and copied into the notebook by their
source, so the release's fingerprints and the kernel's come from one function.

At grading the hook is not registered: the grader records each run itself, and its probe would
see a new event callback as tampering (autograder.sandbox.kernel.probe). The last cell is tagged
`demo`, so grading skips it (autograder.sandbox.demos); it is locked, so repair restores it.
"""
import inspect
import json

import nbformat

from autograder.cells import grade_id_of, nbgrader_of
from autograder.course import HIDDEN_MARKERS
from autograder.release.code_cells import collapse
from autograder.release.titles import exercises

READY_ID = "ready_to_submit"
TITLE = {"en": "Ready to submit? Where each exercise stands, and what the notebook shows",
         "ru": "Готово к сдаче? Состояние каждого задания и что показывает блокнот"}
HEADING = {
    "en": "## Ready to submit?\n\n"
          "Run the cell below when you think you are done: after *Restart and run all* (in Colab: *Runtime → "
          "Restart session and run all*), and once more on its own if that stopped at an error. "
          "It lists every exercise with its points and where it stands in this session: visible checks "
          "passed, a visible check failed (and on which line), not run yet, run only as you changed it, or "
          "still raising `NotImplementedError`. Where it can read the notebook (Colab, VS Code, Jupyter) it also names "
          "answers left empty and graded cells that were deleted, copied or changed. It runs no check "
          "itself: hidden tests run only at grading.",
    "ru": "## Готово к сдаче?\n\n"
          "Запустите ячейку ниже, когда решите, что всё готово: после *Restart and run all* (в Colab: "
          "*Среда выполнения → Перезапустить сеанс и выполнить все ячейки*) и ещё раз отдельно, если выполнение "
          "остановилось на ошибке. Она перечисляет задания с их баллами и состоянием в этом "
          "сеансе: видимые проверки прошли, видимая проверка не прошла (и на какой строке), ещё не "
          "запускалось, запускалось только в изменённом виде или всё ещё бросает `NotImplementedError`. "
          "Где блокнот можно прочитать (Colab, VS Code, Jupyter), она называет и пустые ответы, и удалённые, скопированные или изменённые "
          "ячейки с проверками. Сама она ничего не проверяет: скрытые тесты запускаются только при "
          "оценивании.",
}
WORDS = {
    "en": {"exercise": "Exercise", "points": "Points", "state": "State",
           "passed": "visible checks passed", "failed": "visible check failed (line {line})",
           "failed in": "visible check failed (check cell {cell} of {cells}, line {line})",
           "not run": "not run yet", "todo": "still raises NotImplementedError",
           "edited": "its check cell was changed, and ran only so: grading runs it as given",
           "written": "written answer, graded by hand",
           "setup": "Run the setup cell at the top of the notebook first, then your cells, then this one.",
           "colab": "Colab did not hand this cell the notebook, so it cannot read it. Before you download it, "
                    "check yourself that no answer is left empty and that no graded cell was deleted or copied.",
           "colab file": "The notebook as Colab holds it now:",
           "no file": "The notebook file was not found (this editor does not tell the kernel where it is). "
                      "Check yourself that no answer is left empty and that no graded cell was deleted or copied.",
           "file": "The notebook file as last saved ({path}):",
           "empty": "left empty: {title}", "deleted": "deleted: a graded cell of {title}",
           "copied": "copied: a graded cell of {title} ({count} copies)",
           "changed": "changed: a check cell of {title} (grading restores it as released)",
           "all good": "nothing left empty, no graded cell deleted, copied or changed."},
    "ru": {"exercise": "Задание", "points": "Баллы", "state": "Состояние",
           "passed": "видимые проверки прошли", "failed": "видимая проверка не прошла (строка {line})",
           "failed in": "видимая проверка не прошла (ячейка проверок {cell} из {cells}, строка {line})",
           "not run": "ещё не запускалось", "todo": "всё ещё бросает NotImplementedError",
           "edited": "ячейка проверок изменена и запускалась только такой: при оценивании она будет исходной",
           "written": "письменный ответ, проверяет преподаватель",
           "setup": "Сначала запустите ячейку настройки в начале блокнота, потом свои ячейки, потом эту.",
           "colab": "Colab не передал этой ячейке блокнот, и она не может его прочитать. Перед тем как скачать "
                    "его, проверьте сами, что ни один ответ не остался пустым и ни одна ячейка с проверками не "
                    "удалена и не скопирована.",
           "colab file": "Блокнот, каким его сейчас видит Colab:",
           "no file": "Файл блокнота не найден (этот редактор не сообщает ядру, где он лежит). Проверьте сами, "
                      "что ни один ответ не остался пустым и ни одна ячейка с проверками не удалена и не "
                      "скопирована.",
           "file": "Файл блокнота, каким он сохранён последний раз ({path}):",
           "empty": "пусто: {title}", "deleted": "удалена выданная ячейка: {title}",
           "copied": "скопирована выданная ячейка: {title} (копий: {count})",
           "changed": "изменена ячейка проверок: {title} (при оценивании она восстанавливается)",
           "all good": "пустых ответов нет, ячейки с проверками не удалены, не скопированы и не изменены."},
}


class CheckRuns(dict):
    """How the last run of each cell ended, by the fingerprint of its code: None when it ran without an
    error, else (the exception's name, the line of the cell where it stopped). The last cell reads it."""

    @staticmethod
    def fingerprint(code):
        """A short name for a cell's code, the same whichever editor sent it."""
        import hashlib

        lines = [line.rstrip() for line in code.strip().splitlines()]
        return hashlib.sha1("\n".join(lines).encode()).hexdigest()[:12]

    def remember(self, result):
        error = result.error_before_exec or result.error_in_exec
        step = getattr(error, "__traceback__", None)
        while step is not None and step.tb_frame.f_code.co_name != "<module>":  # the cell's own frame
            step = step.tb_next
        self[self.fingerprint(result.info.raw_cell)] = None if error is None else (
            type(error).__name__, step.tb_lineno if step is not None else "?")


SETUP_HOOK = f"""


{inspect.getsource(CheckRuns)}

check_runs = CheckRuns()
if "autograder_kernel" not in sys.modules:  # at grading, the grader records every run itself
    get_ipython().events.register("post_run_cell", check_runs.remember)"""


def ready_to_submit(exercises, written, locked, words):
    """Print where each exercise stands in this kernel, then what the notebook (as Colab holds it, or as last
    saved) shows. A check cell that ran only as the student changed it reads as changed, not as never run."""
    import json
    import os
    import sys

    from prettytable import PrettyTable

    runs = globals().get("check_runs")
    if runs is None:
        print(words["setup"])
        return
    cells, where = None, None
    if "google.colab" in sys.modules:
        try:
            from google.colab import _message

            cells = _message.blocking_request("get_ipynb", request="", timeout_sec=20)["ipynb"]["cells"]
            if not any("nbgrader" in cell.get("metadata", {}) for cell in cells):
                raise ValueError("no graded cell in Colab's answer")
            where = words["colab file"]
        except Exception:  # an older or newer Colab, a timeout (None), an error reply: say so
            cells, unread = None, words["colab"]
    else:
        places = [globals().get("__vsc_ipynb_file__"), globals().get("__session__"), os.environ.get("JPY_SESSION_NAME")]
        path = next((place for place in places if place and os.path.isfile(place)), None)
        unread = words["no file"]
        if path is not None:
            with open(path, encoding="utf-8") as file:
                cells = json.load(file).get("cells", [])
            where = words["file"].format(path=path)
    sources = {}  # grade_id -> the source of every cell that carries it
    for cell in cells or []:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        source = cell.get("source", "")
        sources.setdefault(grade_id, []).append("".join(source) if isinstance(source, list) else source)

    table = PrettyTable([words["exercise"], words["points"], words["state"]])
    table.align = "l"
    for title, points, _, checks in exercises:
        ends = [runs.get(fingerprint, "edited" if any(runs.fingerprint(source) in runs for source in
                                                     sources.get(check, [])) else "not run")
                for check, fingerprint in checks.items()]
        errors = [(cell, end) for cell, end in enumerate(ends, 1) if end not in (None, "not run", "edited")]
        if any(name == "NotImplementedError" for _, (name, _) in errors):
            state = words["todo"]
        elif errors:
            cell, (_, line) = errors[0]
            state = words["failed" if len(ends) == 1 else "failed in"].format(line=line, cell=cell, cells=len(ends))
        else:
            state = words["edited" if "edited" in ends else "not run" if "not run" in ends else "passed"]
        table.add_row([title, points, state])
    for title, points, _ in written:
        table.add_row([title, points, words["written"]])
    print(table)
    if cells is None:
        print(unread)
        return

    found = []
    for title, _, answer, checks in exercises:
        if any("raise NotImplementedError()" in source for source in sources.get(answer, [])):
            found.append(words["empty"].format(title=title))
        for check, fingerprint in checks.items():
            if any(runs.fingerprint(source) != fingerprint for source in sources.get(check, [])):
                found.append(words["changed"].format(title=title))
    for title, _, answer in written:
        if all(source.strip() in ("", "YOUR ANSWER HERE") for source in sources.get(answer, [""])):
            found.append(words["empty"].format(title=title))
    owners = [(answer, title) for title, _, answer, *_ in exercises + written]
    owners += [(check, title) for title, _, _, checks in exercises for check in checks]
    owners += [(cell, cell) for cell in locked]
    for grade_id, title in owners:
        count = len(sources.get(grade_id, []))
        if count != 1:
            found.append(words["deleted" if count == 0 else "copied"].format(title=title, count=count))
    print(where)
    for line in found or [words["all good"]]:
        print(" -", line)


def visible_part(source: str) -> str:
    """A test cell as the student notebook shows it: nbgrader removes the hidden block."""
    return source.split(HIDDEN_MARKERS[0])[0]


def ready_cells(cells: list, lang: str) -> list:
    """The heading and the locked code cell "Ready to submit?" for a notebook of these cells (the source's)."""
    lessons = exercises(nbformat.v4.new_notebook(cells=cells))
    sources = {grade_id_of(cell): cell.source for cell in cells}
    locked = [grade_id for cell in cells if (meta := nbgrader_of(cell)).get("locked")
              and not meta.get("grade") and (grade_id := grade_id_of(cell))]
    rows = []
    for e in lessons:
        head = f"        ({text(e.title)}, {points(e.points)}, {text(e.answer)}"
        if e.written:
            rows.append(f"{head}),\n")
        else:
            checks = "".join(f"            {text(check)}: {text(CheckRuns.fingerprint(visible_part(sources[check])))},\n"
                             for check in e.checks)
            rows.append(f"{head}, {{\n{checks}        }}),\n")
    code = ("# Ready to submit? This cell reads what the setup cell at the top recorded while your cells ran.\n"
            "# It runs no check itself.\n"
            f"{inspect.getsource(ready_to_submit)}\n\n"
            "ready_to_submit(\n"
            "    exercises=[  # (title, points, answer cell, {check cell: fingerprint of its code})\n"
            + "".join(row for row, e in zip(rows, lessons) if not e.written) + "    ],\n"
            "    written=[  # (title, points, answer cell)\n"
            + "".join(row for row, e in zip(rows, lessons) if e.written) + "    ],\n"
            f"    locked=[{', '.join(map(text, ['setup', *locked]))}],\n"
            "    words={\n" + "".join(f"        {text(key)}: {text(value)},\n" for key, value in WORDS[lang].items())
            + "    },\n)")
    cell = nbformat.v4.new_code_cell(code, id=READY_ID, metadata={"tags": ["demo"], "nbgrader": {
        "grade": False, "locked": True, "schema_version": 3, "solution": False, "task": False, "grade_id": READY_ID}})
    collapse(cell, TITLE[lang])
    return [nbformat.v4.new_markdown_cell(HEADING[lang], id="ready-heading"), cell]


def points(value: float) -> int | float:
    return int(value) if value == int(value) else value


def text(value: str) -> str:
    """A string as Python code, in double quotes, readable in any language."""
    return json.dumps(value, ensure_ascii=False)
