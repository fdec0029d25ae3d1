"""How the made-up copiers disguise another student's answers, as copiers do: rename (variables,
parameters, helpers, attributes), re-print (ast, other quotes and spacing, extra parentheses, line breaks),
comment (comments, docstrings, blank lines, print lines) and reorder (the functions of a cell; the cells of
the notebook are reordered by tests/similarity/similar_class.py). A copier copies the code as it was written:
the disguises change no expression.
"""
import ast
import io
import random
import tokenize

from autograder.similarity import fingerprints

DISGUISES = ("rename", "reprint", "comment", "reorder")


def rename(source: str, keep: set[str], rng: random.Random) -> str:
    """Every name the answer defines gets another, except the exercise's own (the grader calls it),
    dunders and methods (nn.Module and autograd.Function call forward and backward by name)."""
    tree = ast.parse(source)
    names, attributes = fingerprints.defined(tree)
    methods = {m.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for m in c.body
               if isinstance(m, ast.FunctionDef)}
    new = {n: f"{rng.choice(['my', 'tmp', 'val', 'res', 'helper'])}_{n[::-1]}_{i}"
           for i, n in enumerate(sorted(names | attributes)) if n not in keep | methods and not n.startswith("__")}
    renamer = fingerprints.Renamer({n: v for n, v in new.items() if n in names},
                                   {n: v for n, v in new.items() if n in attributes})
    return ast.unparse(renamer.visit(tree))


def reprint(source: str) -> str:
    """Re-printed from the syntax tree, with single quotes turned into double ones, other spacing, extra
    parentheses around returned values and a line break after the first parenthesis of a statement."""
    out, first, broken = [], None, False
    for tok in tokenize.generate_tokens(io.StringIO(ast.unparse(ast.parse(source))).readline):
        text = tok.string
        if tok.type == tokenize.STRING and text.startswith("'") and '"' not in text:
            text = '"' + text[1:-1] + '"'
        first = first or (text if tok.type == tokenize.NAME else None)
        out.append((tok.type, text))
        if text == "(" and not broken and first not in ("def", "class", "return"):
            out.append((tokenize.NL, "\n"))
            broken = True
        if tok.type == tokenize.NEWLINE:
            first, broken = None, False
    lines = []
    for line in tokenize.untokenize(out).splitlines():
        stripped = line.lstrip()
        if stripped.startswith("return ") and stripped.strip() != "return" and not stripped.rstrip().endswith("("):
            line = line.replace("return ", "return (", 1) + ")"
        lines.append(line)
    return "\n".join(lines) + "\n"


def comment(source: str, rng: random.Random) -> str:
    """Comments, a docstring in every function, blank lines and a print line before every return, in the text."""
    lines = source.splitlines()
    out = []
    for i, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        if line.lstrip().startswith("return"):
            out.append(f"{indent}print('checking', {rng.randint(1, 99)})")
        elif line.strip() and rng.random() < 0.4:
            out.append(f"{indent}# {rng.choice(['now the main step', 'as in the lecture', 'TODO: tidy'])}")
        out.append(line)
        if line.lstrip().startswith("def ") and line.rstrip().endswith(":"):
            body = next(x for x in lines[i + 1:] if x.strip())
            body = body[:len(body) - len(body.lstrip())]
            out.append(f'{body}"""My own solution, written step by step ({rng.random():.3f})."""')
        elif rng.random() < 0.3:
            out.append("")
    return "\n".join(out) + "\n"


def reorder(source: str, rng: random.Random) -> str:
    """The functions and classes of the cell in another order."""
    tree = ast.parse(source)
    defs = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.ClassDef))]
    others = [s for s in tree.body if s not in defs]
    rng.shuffle(defs)
    tree.body = others + defs[::-1]
    return ast.unparse(tree)


def disguise(source: str, keep: set[str], ways, rng: random.Random) -> str:
    for way in sorted(ways, key=["rename", "reorder", "reprint", "comment"].index):
        if way == "rename":
            source = rename(source, keep, rng)
        elif way == "reprint":
            source = reprint(source)
        elif way == "comment":
            source = comment(source, rng)
        elif way == "reorder":
            source = reorder(source, rng)
    ast.parse(source)  # a copy that still runs
    return source
