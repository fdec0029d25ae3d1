"""Skip the course author's demonstrations at grading: cells the release tags `demo`.

A demonstration shows something (a timing table, a plot, a printed graph) that no test cell,
probe or exercise depends on, and costs a third to a half of a notebook's running time. Only the
release's tags count: autograder.repair rebuilds every submission from the released cells, so a
submission's own tags never reach here. A demo still runs when the student's code uses a name it
defines (an import or a variable made in a demonstration): then skipping could cost a correct
answer its points. The skipped cells get a tag that the executor skips (SandboxExecute.skip_tag).
"""
import ast
import re

from nbgrader.preprocessors.base import NbGraderPreprocessor

DEMO_TAG = "demo"
SKIP_TAG = "autograder-skip-demo"
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def names_defined(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set(IDENTIFIER.findall(source))  # unknown: assume it defines whatever it mentions
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
    return names


def names_used(source: str) -> set[str]:
    try:
        return {node.id for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Name)}
    except SyntaxError:
        return set(IDENTIFIER.findall(source))


def is_student_code(cell) -> bool:
    """An answer cell, or a cell the student added (autograder.repair names those student-*)."""
    meta = cell.metadata.get("nbgrader", {})
    return cell.cell_type == "code" and (bool(meta.get("solution")) or str(cell.get("id", "")).startswith("student-"))


class SkipDemos(NbGraderPreprocessor):
    """Tag the release's demonstration cells that nothing of the student's needs, so they are not run."""

    def preprocess(self, nb, resources):
        demos = [cell for cell in nb.cells if cell.cell_type == "code" and DEMO_TAG in cell.metadata.get("tags", [])]
        needed = set().union(*(names_used(cell.source) for cell in nb.cells if is_student_code(cell)))
        kept: set[int] = set()
        changed = True
        while changed:  # a demo that runs may need names from another demo
            changed = False
            for index, cell in enumerate(demos):
                if index not in kept and names_defined(cell.source) & needed:
                    kept.add(index)
                    needed |= names_used(cell.source)
                    changed = True
        for index, cell in enumerate(demos):
            if index not in kept:
                cell.metadata["tags"] = [*cell.metadata.get("tags", []), SKIP_TAG]
        return nb, resources
