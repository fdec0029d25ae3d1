"""What the release does to a source's code cells: collapse the titled ones, and hold each ru/en pair
of code cells to the same code.

A code cell with `title={"ru": ..., "en": ...}` is collapsed: its first line becomes `#@title <title>`
and its metadata says so to Colab (`cellView: form`) and to Jupyter and VS Code
(`jupyter.source_hidden`). A code cell tagged "ru" followed by one tagged "en" is the same cell in
two languages: the two may differ in string literals and comments only (expressions inside f-strings
included), and carry the same tags, nbgrader metadata and title.
"""
import ast
import io
import tokenize

import nbformat

from autograder.course import LANGS, ReleaseError

TITLE_KEY = "title"


def collapse(cell: nbformat.NotebookNode, title: str) -> None:
    """Show only the title of a code cell, in Colab, Jupyter and VS Code alike."""
    if "\n" in title or not title.strip():
        raise ReleaseError(f"a cell's title must be one line: {title!r}")
    cell.source = f"#@title {title}\n{cell.source}"
    cell.metadata["cellView"] = "form"
    cell.metadata["jupyter"] = {"source_hidden": True}


def title_of(cell: nbformat.NotebookNode, lang: str) -> str | None:
    """The title of a source cell in one language, None for a cell without one."""
    title = cell.metadata.get(TITLE_KEY)
    if title is None:
        return None
    if cell.cell_type != "code" or not isinstance(title, dict) or set(title) != set(LANGS):
        raise ReleaseError(f"a title is for code cells, one per language {LANGS}: {title!r} on {first_line(cell)!r}")
    return title[lang]


def check_pairs(cells: list[nbformat.NotebookNode]) -> None:
    """Refuse code cells in one language that are not a ru cell followed by its en twin, or twins whose
    code or metadata differ."""
    for i, cell in enumerate(cells):
        langs = [tag for tag in cell.metadata.get("tags", []) if tag in LANGS] if cell.cell_type == "code" else []
        if langs == ["ru"]:
            twin = cells[i + 1] if i + 1 < len(cells) else None
            if twin is None or twin.cell_type != "code" or "en" not in twin.metadata.get("tags", []):
                raise ReleaseError(f"a code cell tagged ru must be followed by its en twin: {first_line(cell)!r}")
            if shared_metadata(cell) != shared_metadata(twin):
                raise ReleaseError(f"the ru and en code cells {first_line(cell)!r} differ in tags, nbgrader or title")
            if skeleton(cell.source) != skeleton(twin.source):
                raise ReleaseError(f"the ru and en code cells {first_line(cell)!r} differ in more than strings and "
                                   "comments")
        elif langs == ["en"]:
            before = cells[i - 1] if i else None
            if before is None or before.cell_type != "code" or before.metadata.get("tags", []).count("ru") != 1:
                raise ReleaseError(f"a code cell tagged en must follow its ru twin: {first_line(cell)!r}")
        elif langs:
            raise ReleaseError(f"a code cell has one language tag or none: {first_line(cell)!r}")


def shared_metadata(cell: nbformat.NotebookNode) -> tuple:
    """What both cells of a pair carry alike (jupytext's own keys, such as lines_to_next_cell, aside)."""
    return ([tag for tag in cell.metadata.get("tags", []) if tag not in LANGS], cell.metadata.get("nbgrader"),
            cell.metadata.get(TITLE_KEY))


def skeleton(code: str) -> list[tuple]:
    """The code's tokens with comments and line breaks inside brackets left out, and each run of adjacent
    string literals as one token that keeps only the expressions of its f-strings."""
    tokens = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type in (tokenize.COMMENT, tokenize.NL):
                continue
            if token.type != tokenize.STRING:
                tokens.append((token.type, token.string))
            elif tokens and tokens[-1][0] == tokenize.STRING:
                tokens[-1] = (tokenize.STRING, tokens[-1][1] + f_expressions(token.string))
            else:
                tokens.append((tokenize.STRING, f_expressions(token.string)))
    except (tokenize.TokenError, IndentationError, SyntaxError) as error:
        raise ReleaseError(f"a code cell in two languages does not parse: {error}") from error
    return tokens


def f_expressions(literal: str) -> tuple[str, ...]:
    """What an f-string computes (its expressions, conversions and format specs); nothing for a plain string."""
    node = ast.parse(literal, mode="eval").body
    if not isinstance(node, ast.JoinedStr):
        return ()
    return tuple(ast.dump(value) for value in node.values if isinstance(value, ast.FormattedValue))


def first_line(cell: nbformat.NotebookNode) -> str:
    return next((line for line in cell.source.splitlines() if line.strip()), "")[:80]
