"""How the made-up students write: an independent student's own hand, and a copier's disguises.

The disguises are what copiers do: rename (variables, parameters, helpers, attributes), re-print (ast,
other quotes and spacing, extra parentheses, line breaks), comment (comments, docstrings, blank lines,
print lines) and reorder (the functions of a cell; the cells of the notebook are reordered by
tests/publish/similar_class.py).
"""
import ast
import io
import random
import tokenize

from autograder.publish import fingerprints

DISGUISES = ("rename", "reprint", "comment", "reorder")


class Hand(ast.NodeTransformer):
    """How one student writes what another writes otherwise: each independent student has a hand of their
    own (how often they follow each habit, decided anew at every place it could apply), so that two who
    chose the same style still differ as people's code does. A copier copies the code as it was written."""
    HABITS = ("swap", "flip", "temp", "expand", "function", "shape", "listcomp", "not", "format", "dict", "t")
    FUNCTIONS = {"sum", "mean", "reshape", "matmul", "exp", "abs", "clone", "sqrt", "transpose", "flatten"}
    FACTORIES = {"zeros", "ones", "rand", "randn", "empty"}
    FLIPPED = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}

    def __init__(self, rng: random.Random):
        self.rng = random.Random(rng.random())
        self.often = {h: rng.random() for h in self.HABITS}

    def follows(self, habit: str) -> bool:
        return self.rng.random() < self.often[habit]

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, (ast.Add, ast.Mult)) and not any(
                isinstance(x, (ast.Constant, ast.JoinedStr, ast.List)) for x in (node.left, node.right)) \
                and self.follows("swap"):
            node.left, node.right = node.right, node.left
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in self.FLIPPED and self.follows("flip"):
            return ast.Compare(node.comparators[0], [self.FLIPPED[type(node.ops[0])]()], [node.left])
        if len(node.ops) == 1 and isinstance(node.ops[0], ast.NotEq) and self.follows("not"):
            return ast.UnaryOp(ast.Not(), ast.Compare(node.left, [ast.Eq()], node.comparators))
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and self.follows("expand"):
            return ast.Assign([ast.Name(node.target.id, ast.Store())],
                              ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value))
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in self.FUNCTIONS and isinstance(func.value, ast.Name)
                and func.value.id not in ("torch", "nn", "np", "math") and self.follows("function")):
            return ast.Call(ast.Attribute(ast.Name("torch", ast.Load()), func.attr, ast.Load()),
                            [func.value, *node.args], node.keywords)
        if (isinstance(func, ast.Attribute) and func.attr in self.FACTORIES and len(node.args) > 1
                and not any(isinstance(a, ast.Starred) for a in node.args) and self.follows("shape")):
            node.args = [ast.Tuple(node.args, ast.Load())]
        node.args = [ast.ListComp(a.elt, a.generators) if isinstance(a, ast.GeneratorExp) and self.follows("listcomp")
                     else a for a in node.args]
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr == "T" and isinstance(node.ctx, ast.Load) and self.follows("t"):
            return ast.Call(ast.Attribute(node.value, "t", ast.Load()), [], [])
        return node

    def visit_JoinedStr(self, node):
        if all(isinstance(v, ast.Constant) or not v.format_spec for v in node.values) and self.follows("format"):
            text = "".join(v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant) else "{}"
                           for v in node.values)
            values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
            return ast.Call(ast.Attribute(ast.Constant(text), "format", ast.Load()), values, [])
        return node

    def visit_Dict(self, node):
        self.generic_visit(node)
        if (all(isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value.isidentifier() for k in node.keys)
                and node.keys and self.follows("dict")):
            return ast.Call(ast.Name("dict", ast.Load()), [], [ast.keyword(k.value, v) for k, v in
                                                                zip(node.keys, node.values)])
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        body = []
        for statement in node.body:
            if (isinstance(statement, ast.Return) and isinstance(statement.value, (ast.Call, ast.BinOp, ast.Dict))
                    and self.follows("temp")):
                body += [ast.Assign([ast.Name("result", ast.Store())], statement.value),
                         ast.Return(ast.Name("result", ast.Load()))]
            else:
                body.append(statement)
        node.body = body
        return node

    def write(self, source: str) -> str:
        return ast.unparse(ast.fix_missing_locations(self.visit(ast.parse(source))))


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
