"""One answer cell as a stream of tokens that a copier's disguises do not change, and its fingerprints.

A copier's edits and what they become here:
- names the student defines (functions, parameters, variables, attributes set on objects) become V;
  names from elsewhere (torch, range, .reshape, dtype=) stay, since they carry the answer's meaning;
- formatting, quotes, parentheses, line breaks: the answer is re-printed from its syntax tree;
- comments, docstrings, blank lines, bare strings and print(...) lines are dropped; string contents
  become S;
- functions reordered in a cell (or methods in a class) are sorted by their shape.
The fingerprints are copydetect's hashes of k-grams; each token is one character of the document that
copydetect hashes, so its k-grams are K tokens long. The page's highlights are copydetect's too.
"""
import ast
import builtins
import functools
import io
import keyword
import tokenize
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
from copydetect import CodeFingerprint
from copydetect.detector import compare_files
from copydetect.utils import hashed_kgrams

from autograder.similarity.canonical import canonical

K = 10  # tokens in a k-gram: a shorter match ("return x.T") is no evidence
# Winnowing keeps the smallest hash of each window, and Python salts str hashes per process: a window
# above 1 would pick other fingerprints at every run. Every k-gram is kept instead (answers are short).
WINDOW = 1
MAX_CHARS = 100_000  # an answer cell longer than this is cut (a pasted data dump must not stall the run)
SKIPPED = {tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER, tokenize.ENCODING}
ALPHABET: dict[str, str] = {}  # token -> the character that stands for it (one process, one alphabet)


@dataclass
class Answer:
    """An answer cell: its text as re-printed, the character span of each token, its fingerprints."""
    text: str
    spans: list[tuple[int, int]] = field(default_factory=list)
    document: str = ""  # one character per token
    hashes: set = field(default_factory=set)  # its k-grams' hashes, less the released code's
    given: bool = False  # whether it is, token for token, a code cell of the released notebook (a stub left as it is)

    @functools.cached_property
    def fingerprint(self) -> CodeFingerprint | None:
        """copydetect's fingerprint of the answer, for its shared runs (None: too short); made once."""
        if len(self.document) < K:
            return None
        found = CodeFingerprint("answer.py", K, WINDOW, filter=False, fp=io.StringIO(self.document))
        found.hashes &= self.hashes
        found.hash_idx = {h: i for h, i in found.hash_idx.items() if h in self.hashes}
        return found

    def shared_with(self, theirs: "Answer") -> np.ndarray:
        """The runs of this answer's tokens that theirs holds too (the released code's k-grams left out), as
        copydetect's slices: 2 x N token indices, starts then ends."""
        ours, others = self.fingerprint, theirs.fingerprint
        if ours is None or others is None:
            return np.zeros((2, 0), dtype=np.int64)
        _, _, (slices, _) = compare_files(ours, others)
        return np.asarray(slices, dtype=np.int64).reshape(2, -1)


def is_print(node: ast.AST) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "print")


def is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def is_bare_string(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def defined(tree: ast.AST) -> tuple[set[str], set[str]]:
    """(the names an answer defines: functions, classes, parameters, assigned names; the attributes it sets)."""
    names, attributes = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            attributes.add(node.attr)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names, attributes


class Renamer(ast.NodeTransformer):
    """Renames what an answer defines: its names, parameters, functions and classes (`names`), the
    attributes it sets (`attributes`), and the keywords of calls to its own functions."""

    def __init__(self, names: dict[str, str], attributes: dict[str, str]):
        self.names, self.attributes = names, attributes

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.names.get(node.id, node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self.names.get(node.arg, node.arg)
        return self.generic_visit(node)

    def visit_FunctionDef(
            self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.ExceptHandler) -> ast.AST:
        node.name = self.names.get(node.name, node.name)
        return self.generic_visit(node)

    visit_AsyncFunctionDef = visit_ClassDef = visit_ExceptHandler = visit_FunctionDef

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node.attr = self.attributes.get(node.attr, node.attr)
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Name) and node.func.id in self.names:
            for keyword_arg in node.keywords:
                keyword_arg.arg = self.names.get(keyword_arg.arg, keyword_arg.arg)
        return self.generic_visit(node)

    def visit_Global(self, node: ast.Global | ast.Nonlocal) -> ast.Global | ast.Nonlocal:
        node.names = [self.names.get(n, n) for n in node.names]
        return node

    visit_Nonlocal = visit_Global


class Cleaner(ast.NodeTransformer):
    """Drops docstrings, bare strings and print lines; sorts the definitions of a module or class body by
    their shape (node types, constants, names from elsewhere), which renaming does not change. Writes one
    form where the language offers two for the same thing: `torch.f(x, ...)` as `x.f(...)`, and a string
    built from parts (an f-string, `.format`, `%`) as one string, so that the message of an error, which
    every student words their own way, reads S however it is built."""

    def __init__(self, ours: set[str]):
        self.ours = ours

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "torch"
                and func.value.id not in self.ours and node.args and not isinstance(node.args[0], ast.Starred)):
            return ast.Call(ast.Attribute(node.args[0], func.attr, ast.Load()), node.args[1:], node.keywords)
        if isinstance(func, ast.Attribute) and func.attr == "format" and is_text(func.value):
            return ast.Constant("S")
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.Constant:
        return ast.Constant("S")

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        self.generic_visit(node)
        return ast.Constant("S") if isinstance(node.op, ast.Mod) and is_text(node.left) else node

    def key(self, statement: ast.stmt) -> str:
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return ""
        shape = []
        for node in ast.walk(statement):
            word = getattr(node, "id", None) or getattr(node, "attr", None)
            shape.append(type(node).__name__ if word is None or word in self.ours else word)
            if isinstance(node, ast.Constant):
                shape.append(repr(node.value))
        return " ".join(shape)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                kept = [s for s in body if not (is_print(s) or is_bare_string(s))]
                if isinstance(node, (ast.Module, ast.ClassDef)) and len(kept) > 1:
                    kept.sort(key=self.key)
                setattr(node, name, kept or ([] if isinstance(node, ast.Module) else [ast.Pass()]))
        return node


def tokens(text: str, ours: Callable[[str, str], bool] | None = None) -> list[tuple[str, tuple[int, int]]]:
    """(token, character span) of each token of text: strings become S, and a name that
    `ours(name, previous token)` says the student defined becomes V."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    found, previous = [], ""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in SKIPPED:
                continue
            word = tok.string
            if tok.type == tokenize.NAME and ours and not keyword.iskeyword(word) and ours(word, previous):
                word = "V"
            elif tok.type == tokenize.STRING:
                word = "S"
            elif tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                word = tokenize.tok_name[tok.type]
            span = (starts[tok.start[0] - 1] + tok.start[1], starts[tok.end[0] - 1] + tok.end[1])
            found.append((word, span))
            previous = tok.string
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # code that does not tokenize to its end: the tokens before the error still count
    return found


def guess(name: str, previous: str) -> bool:
    """For code that does not parse: every name that is no builtin and follows no dot is the student's."""
    return previous != "." and not hasattr(builtins, name)


@functools.lru_cache(maxsize=4096)  # a class holds many answers alike (untouched stubs)
def reprint(source: str) -> tuple[str, list[tuple[str, tuple[int, int]]]]:
    """(the code re-printed from its syntax tree, its tokens with the student's own names as V); code that
    does not parse comes back as it is, its names guessed."""
    lines = source[:MAX_CHARS].splitlines()
    code = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))  # IPython magics
    try:
        tree = ast.parse(code)
        names, attributes = defined(tree)
        cleaner = Cleaner(names | attributes)  # again once canonical: its rewrites change how functions sort
        text = ast.unparse(cleaner.visit(canonical(cleaner.visit(tree))))
        renamer = Renamer(dict.fromkeys(names, "V"), dict.fromkeys(attributes, "V"))
        renamed, shown = tokens(ast.unparse(renamer.visit(tree))), tokens(text)
        if len(renamed) == len(shown):  # the same tokens but for names: the spans are the shown text's
            return text, [(word, span) for (word, _), (_, span) in zip(renamed, shown)]
    except (SyntaxError, ValueError, RecursionError):
        pass
    return code, tokens(code, guess)


def document(found: list[tuple[str, tuple[int, int]]]) -> str:
    return "".join(ALPHABET.setdefault(word, chr(0xF0000 + len(ALPHABET) % 0xFFFD)) for word, _ in found)


def fingerprint(text: str, found: list[tuple[str, tuple[int, int]]], released: set = frozenset(),
                given: set = frozenset()) -> Answer:
    """The answer with the hashes of its k-grams (copydetect's), less those of the released code, and whether it
    is one of the `given` documents (the released cells')."""
    doc = document(found)
    hashes = set(hashed_kgrams(doc, K).tolist()) - released if len(doc) >= K else set()
    return Answer(text, [span for _, span in found], doc, hashes, doc in given)


def answer(source: str, released: set = frozenset()) -> Answer:
    """The answer in a cell's source, re-printed and fingerprinted."""
    return fingerprint(*reprint(source), released)


def released(sources: list[str]) -> tuple[set, set]:
    """(every k-gram hash of the code that the released notebook gives everyone, the documents of its cells)."""
    answers = [fingerprint(*reprint(source)) for source in sources]
    return set().union(*(a.hashes for a in answers)), {a.document for a in answers}
