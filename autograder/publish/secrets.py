"""The feedback pages' last guard: no part of a page may quote what the hidden checks keep secret.

Secret, because a student can learn it only from grading: the probe's code (the test cells' hidden
blocks) and the judges' code (build/<lang>/judges/). Values are the judges' to show: a judge may
name a hidden input or an expected value, or quote the reference's own error message, so the
numbers in that code and the values the reference recorded are not read here; what the student's
process holds of them, the hidden inputs, autograder.quotes keeps out of the messages. Public, because every
student may read it: the released notebook (the task, the visible checks; code is English in both languages), the
keys that the reference's observations are recorded under (judges' messages name them:
"first_rows(t of shape (2, 3, 4))"), and the judges' own words (the strings of their code).

A part of a page (a message, a note, a name) that holds SECRET_RUN characters in a row of secret
text that public text does not also hold, whitespace aside, is replaced by a sentence that says so.
A message is made of keys and the judges' phrases joined by values, and a probe's code lists the
same keys' inputs in the same order ("((10,), torch.float32), ..."): so the keys and phrases are
cut out of it first, and no run across the edge of one counts.
Judges already keep the student's own text and the hidden inputs it hands back out of their messages
(autograder.quotes); this guard catches whatever could still carry secret text, from any source.
"""
import ast
import json
import re
from pathlib import Path

from autograder.sandbox.execute import split_test_cell

SECRET_RUN = 20  # characters: shorter runs of secret text say nothing a student could not guess
PIECE = 10  # characters: a key or a judge's phrase this long is cut out of a message before it is read
CUT = "\x00"
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def runs(text: str) -> set[str]:
    """Every SECRET_RUN-character run of the text, whitespace squashed (a string's first and last space kept:
    a message joins it to what comes before and after)."""
    text = re.sub(r"\s+", " ", text)
    return {text[i:i + SECRET_RUN] for i in range(len(text) - SECRET_RUN + 1)}


def code_runs(code: str) -> set[str]:
    """The runs of secret code that hold no number: the numbers in it (hidden inputs, sizes, tolerances) are the
    judges' to show, and a judge's message names a call as the code writes it ("matmul_tflops((64, 1024, 1024), ...")."""
    return {run for run in runs(NUMBER.sub(CUT, code)) if CUT not in run}


def words_of(code: str) -> list[str]:
    """The strings of a judge's code (f-strings' constant parts included): the words its messages are made of."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return []
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


class Lesson:
    """What one lesson makes secret (its judges' code) and public (its released notebook, the reference's keys,
    the judges' words)."""

    def __init__(self, judges_file: Path | None, release_nb):
        lesson = json.loads(judges_file.read_text(encoding="utf-8")) if judges_file and judges_file.exists() else {}
        secret, words = [], []  # words: what messages are made of, the reference's keys and the judges' phrases
        for code in [*lesson.get("helpers", []), *lesson.get("judges", {}).values()]:
            secret.append(code)
            words += words_of(code)
        for payload in lesson.get("reference", {}).values():
            words += list((payload or {}).get("observations") or {})
        released = [split_test_cell(cell.source)[0] for cell in release_nb.cells]
        self.public = set().union(*map(runs, released + words))
        self.secret = set().union(*map(code_runs, secret)) - self.public
        self.pieces = sorted({w for w in words if len(w.strip()) >= PIECE}, key=len, reverse=True)


class Secrets:
    """The secret runs of one graded notebook: its probes' code (the test cells' hidden blocks) and its lesson's."""

    def __init__(self, graded_nb, lesson: Lesson):
        probes = [split_test_cell(cell.source)[1] for cell in graded_nb.cells if cell.cell_type == "code"]
        self.runs = (set().union(*map(code_runs, probes)) - lesson.public) | lesson.secret
        self.pieces = lesson.pieces

    def quoted(self, text: str) -> bool:
        for piece in self.pieces:
            text = text.replace(piece, CUT)
        return not self.runs.isdisjoint(run for run in runs(text) if CUT not in run)
