"""Skip the course author's demonstrations where a notebook is run to be graded (autograder.grading.worker) and
where the release observes its reference solution (autograder.release.reference): cells tagged `demo`.

A demonstration shows something (a timing table, a plot, a printed graph) that no test cell,
probe or exercise depends on, and costs a third to a half of a notebook's running time. Only the
release's tags count: autograder.intake.repair rebuilds every submission from the released cells, so a
submission's own tags never reach here. A demo still runs when the student's code uses a name it
defines (an import or a variable made in a demonstration): then skipping could cost a correct
answer its points. The skipped cells get a tag that the executor skips (SandboxExecute.skip_tag).
"""
import re
import symtable

from nbformat import NotebookNode
from nbgrader.preprocessors.base import NbGraderPreprocessor

from autograder.cells import nbgrader_of, tags_of
from autograder.sandbox.execute import SKIP_TAG

DEMO_TAG = "demo"
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _table(source: str):
    try:
        return symtable.symtable(source, "<cell>", "exec")
    except SyntaxError:
        return None  # unknown: assume the cell defines and uses whatever it mentions


def names_defined(source: str) -> set[str]:
    """The global names a cell binds (assignments, imports, defs and classes at its top level)."""
    table = _table(source)
    if table is None:
        return set(IDENTIFIER.findall(source))
    return {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported() or s.is_namespace()}


def names_used(source: str) -> set[str]:
    """The global names a cell reads, at its top level or from inside its functions (locals excluded)."""
    table = _table(source)
    if table is None:
        return set(IDENTIFIER.findall(source))
    used, pending = set(), [table]
    while pending:
        scope = pending.pop()
        top = scope.get_type() == "module"
        used |= {s.get_name() for s in scope.get_symbols()
                 if s.is_referenced() and (top or s.is_global() or s.is_declared_global())}
        pending += scope.get_children()
    return used


def is_student_code(cell: NotebookNode) -> bool:
    """An answer cell, or a cell the student added (autograder.intake.repair names those student-*)."""
    meta = nbgrader_of(cell)
    return cell.cell_type == "code" and (bool(meta.get("solution")) or str(cell.get("id", "")).startswith("student-"))


class SkipDemos(NbGraderPreprocessor):
    """Tag the release's demonstration cells that nothing of the student's needs, so they are not run."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        demos = [cell for cell in nb.cells if cell.cell_type == "code" and DEMO_TAG in tags_of(cell)]
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
