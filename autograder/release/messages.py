"""What a lesson's code says to a student: one message table per language.

A lesson's code is written once. What it says to a student (visible checks' messages, printouts, optional
checks) comes from `TEXT`, a dict of `str.format` templates defined by a code cell tagged "ru" and, right
after it, the same cell tagged "en": `TEXT = {"key": "text with {fields}", ...}`. The released notebook keeps
its own language's table. The tables are locked cells (grade_id "messages"): the test cells need them, so
grading restores them, as it does the test cells, where a student changed or deleted one. These two cells are
the only code in one language; the release refuses:

- any other code cell in one language, a table that is not a dict of string literals, a table without its twin
  or with other tags, nbgrader metadata or title, a table that is not locked;
- a key written twice in one table, or one that the other language lacks;
- a key whose {fields} differ between the languages;
- `TEXT["key"]` for a key the tables lack, a key that no code names, and code that uses TEXT before the tables.
"""
import ast
import re
import string

import nbformat
from IPython.core.inputtransformer2 import TransformerManager

from autograder.cells import find_cell
from autograder.course import JUDGE_KEY, LANGS, ReleaseError
from autograder.release.code_cells import TITLE_KEY, first_line
from autograder.release.figures import FIGURE_KEY

TABLE = "TEXT"
LOCKED = {"grade_id": "messages", "locked": True}
NAMED = re.compile(TABLE + r"""\[('[^'\\]*'|"[^"\\]*")\]""")


def check(cells: list[nbformat.NotebookNode]) -> None:
    """Refuse a source whose code in one language is anything but its message tables, or whose tables and code
    disagree (see the module's docstring)."""
    tables, code = {}, []
    for i, cell in enumerate(cells):
        if cell.cell_type != "code" or JUDGE_KEY in cell.metadata or FIGURE_KEY in cell.metadata:
            continue
        langs = [tag for tag in cell.metadata.get("tags", []) if tag in LANGS]
        if not langs:
            code.append((i, parse(cell)))
            continue
        if len(langs) > 1:
            raise ReleaseError(f"a code cell has one language tag or none: {first_line(cell)!r}")
        if langs[0] in tables:
            raise ReleaseError(f"one message table per language: a second {langs[0]} code cell {first_line(cell)!r}")
        tables[langs[0]] = (i, cell, entries(cell))
    if not tables:
        return
    if list(tables) != list(LANGS) or tables["en"][0] != tables["ru"][0] + 1:
        raise ReleaseError(f"the message table tagged ru must be followed at once by its twin tagged en: "
                           f"{first_line(next(iter(tables.values()))[1])!r}")
    (start, ru_cell, ru), (_, en_cell, en) = tables["ru"], tables["en"]
    if shared_metadata(ru_cell) != shared_metadata(en_cell):
        raise ReleaseError("the ru and en message tables differ in tags, nbgrader or title")
    if ru_cell.metadata.get("nbgrader") != LOCKED:
        raise ReleaseError(f"a message table is a locked cell, so that grading restores it: give both tables "
                           f"nbgrader={{\"grade_id\": \"messages\", \"locked\": true}}")
    for lang, table, other in (("ru", ru, en), ("en", en, ru)):
        if missing := [key for key in other if key not in table]:
            raise ReleaseError(f"the {lang} message table lacks {', '.join(map(repr, missing))}")
    for key in en:
        if fields(ru[key], key) != fields(en[key], key):
            raise ReleaseError(f"the message {key!r} has the fields {sorted(fields(ru[key], key))} in ru and "
                               f"{sorted(fields(en[key], key))} in en")
    constants, named = set(), set()
    for i, tree in code:
        uses = names_used(tree)
        if uses and i < start:
            raise ReleaseError(f"a code cell uses {TABLE} before the message tables define it")
        named |= uses
        constants |= {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                      and isinstance(node.value, str)}
    if unknown := sorted(named - set(en)):
        raise ReleaseError(f"{TABLE}[...] names messages the tables lack: {', '.join(map(repr, unknown))}")
    if unused := [key for key in en if key not in constants]:
        raise ReleaseError(f"no code uses the messages {', '.join(map(repr, unused))}")


def entries(cell: nbformat.NotebookNode) -> dict[str, str]:
    """The table a cell defines: `TEXT = {...}` with string literals for keys and values, each key once."""
    statements = parse(cell).body
    node = statements[0] if len(statements) == 1 else None
    if not (isinstance(node, ast.Assign) and [ast.unparse(target) for target in node.targets] == [TABLE]
            and isinstance(node.value, ast.Dict)):
        raise ReleaseError(f"a code cell in one language must be a message table, {TABLE} = {{...}}, and nothing "
                           f"else: {first_line(cell)!r}")
    table = {}
    for key, value in zip(node.value.keys, node.value.values):
        if not all(isinstance(part, ast.Constant) and isinstance(part.value, str) for part in (key, value)):
            raise ReleaseError(f"a message table holds string literals only, no f-strings or expressions: "
                               f"line {value.lineno} of {first_line(cell)!r}")
        if key.value in table:
            raise ReleaseError(f"the message {key.value!r} is written twice in {first_line(cell)!r}")
        table[key.value] = value.value
    return table


def fields(template: str, key: str) -> set[str]:
    """The names (or positions) of a template's replacement fields."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template)
                if name is not None}
    except ValueError as error:
        raise ReleaseError(f"the message {key!r} is not a format template ({error}): write a literal brace "
                           "twice") from error


def names_used(tree: ast.AST) -> set[str]:
    """The keys that `TEXT["key"]` names in code."""
    return {node.slice.value for node in ast.walk(tree) if isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name) and node.value.id == TABLE
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)}


def parse(cell: nbformat.NotebookNode) -> ast.Module:
    """A code cell as Python, its IPython magics turned into calls first."""
    try:
        return ast.parse(TransformerManager().transform_cell(cell.source))
    except SyntaxError as error:
        raise ReleaseError(f"a code cell does not parse ({error}): {first_line(cell)!r}") from error


def shared_metadata(cell: nbformat.NotebookNode) -> tuple:
    """What both tables carry alike (jupytext's own keys, such as lines_to_next_cell, aside)."""
    return ([tag for tag in cell.metadata.get("tags", []) if tag not in LANGS], cell.metadata.get("nbgrader"),
            cell.metadata.get(TITLE_KEY))


def table_in(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The message table of a released notebook ({} for a notebook without one)."""
    cell = find_cell(nb, LOCKED["grade_id"])
    return entries(cell) if cell is not None else {}


def written_out(line: str, table: dict[str, str]) -> str:
    """A line of code with each `TEXT["key"]` replaced by its message, as a string literal."""
    def literal(match: re.Match) -> str:
        key = ast.literal_eval(match.group(1))
        return repr(table[key]) if key in table else match.group(0)
    return NAMED.sub(literal, line)
