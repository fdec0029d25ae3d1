"""How an independent student writes: a hand of their own.

Two students who chose the same style of an answer (tests/lessons/variants) still write it differently,
as people do: loops or comprehensions, `x * x` or `x ** 2`, keyword or positional `dim`, `torch.sum(x)`
or `x.sum()`, an `else` after a `return` or none, intermediate variables or none, and so on. Each habit
keeps the answer's meaning. The habits of blocks of statements are in tests/similarity/blocks.py; a
copier's disguises in tests/similarity/disguises.py.
"""
import ast
import random

from tests.similarity.blocks import Blocks


class Hand(Blocks, ast.NodeTransformer):
    """How one student writes what another writes otherwise: each independent student has a hand of their
    own (how often they follow each habit, decided anew at every place it could apply), so that two who
    chose the same style still differ as people's code does. Every habit keeps the answer's meaning. A
    copier copies the code as it was written."""
    HABITS = ("swap", "flip", "temp", "inline", "expand", "function", "method", "shape", "listcomp", "not", "format",
              "dict", "t", "square", "matmul", "dim", "tensor", "size", "slice", "half", "range", "split", "join",
              "invert", "flatten", "wrap", "ternary", "unfold", "loop", "comprehension", "condition", "keywords",
              "detach", "requires", "loss")
    FUNCTIONS = {"sum", "mean", "reshape", "matmul", "exp", "abs", "clone", "sqrt", "transpose", "flatten", "sin",
                 "cos", "log", "tanh", "sigmoid", "relu"}
    FACTORIES = {"zeros", "ones", "rand", "randn", "empty"}
    DIM = {"sum", "mean", "softmax", "log_softmax", "argmax", "argmin", "cumsum", "prod", "unsqueeze", "squeeze",
           "logsumexp", "cat", "stack"}  # dim is their first argument after the tensor
    MODULES = {"torch", "nn", "F", "np", "numpy", "math", "functional", "operator", "time", "random"}
    SEQUENCES = {"list", "tuple", "str", "sorted", "reversed", "range", "zip", "enumerate"}
    FLIPPED = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}

    def __init__(self, rng: random.Random, often: dict[str, float] | None = None):
        """often: how often this student follows each habit (1.0: wherever it applies), instead of drawn from rng."""
        self.rng = random.Random(rng.random())
        self.often = often or {h: rng.random() for h in self.HABITS}
        self.scope = None  # the function being written: where a name may be used
        self.sequences = set()  # names that may hold a list, tuple or string

    def follows(self, habit: str) -> bool:
        return self.rng.random() < self.often[habit]

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow) and isinstance(node.left, ast.Name) and isinstance(node.right, ast.Constant) \
                and node.right.value == 2 and self.follows("square"):
            return ast.BinOp(node.left, ast.Mult(), ast.Name(node.left.id, ast.Load()))
        if isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant) and node.right.value == 2 \
                and self.follows("half"):  # exact in floating point: halving is multiplying by 0.5
            return ast.BinOp(node.left, ast.Mult(), ast.Constant(0.5))
        if (isinstance(node.op, ast.Mult) or isinstance(node.op, ast.Add) and not self.sequence(node)) and not any(
                isinstance(x, (ast.Constant, ast.JoinedStr, ast.List)) for x in (node.left, node.right)) \
                and self.follows("swap"):  # lists, tuples and strings are added in their order
            node.left, node.right = node.right, node.left
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in self.FLIPPED and self.follows("flip"):
            return ast.Compare(node.comparators[0], [self.FLIPPED[type(node.ops[0])]()], [node.left])
        if len(node.ops) == 1 and isinstance(node.ops[0], ast.NotEq) and self.follows("not"):
            return ast.UnaryOp(ast.Not(), ast.Compare(node.left, [ast.Eq()], node.comparators))
        return node

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        inner = node.operand
        if isinstance(node.op, ast.Not) and isinstance(inner, ast.Compare) and len(inner.ops) == 1 \
                and isinstance(inner.ops[0], ast.Eq) and self.follows("not"):
            return ast.Compare(inner.left, [ast.NotEq()], inner.comparators)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and isinstance(node.value, ast.Constant) and self.follows("expand"):
            # a counter: on a tensor, `x -= y` changes it in place and `x = x - y` makes another
            return ast.Assign([ast.Name(node.target.id, ast.Store())],
                              ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value))
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        simple = not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args)
        is_torch = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "torch"
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if (func.attr in self.FUNCTIONS and func.value.id not in self.MODULES
                    and self.follows("function")):
                return ast.Call(ast.Attribute(ast.Name("torch", ast.Load()), func.attr, ast.Load()),
                                [func.value, *node.args], node.keywords)
            if (is_torch and func.attr in self.FUNCTIONS and node.args
                    and isinstance(node.args[0], (ast.Name, ast.BinOp, ast.Call, ast.Attribute, ast.Subscript))
                    and self.follows("method")):
                return ast.Call(ast.Attribute(node.args[0], func.attr, ast.Load()), node.args[1:], node.keywords)
            if is_torch and func.attr == "matmul" and len(node.args) == 2 and simple and self.follows("matmul"):
                return ast.BinOp(node.args[0], ast.MatMult(), node.args[1])
            if (is_torch and func.attr in ("tensor", "as_tensor") and len(node.args) == 1
                    and {k.arg for k in node.keywords} <= {"dtype", "device"} and self.follows("tensor")
                    and all(isinstance(c, (ast.Constant, ast.List, ast.Tuple, ast.UnaryOp, ast.unaryop,
                                           ast.expr_context)) for c in ast.walk(node.args[0]))):
                # from Python numbers both make a new tensor
                func.attr = "as_tensor" if func.attr == "tensor" else "tensor"
        if isinstance(func, ast.Attribute):
            inner = func.value.func if isinstance(func.value, ast.Call) else None
            if ({func.attr, getattr(inner, "attr", "")} == {"detach", "clone"} and not node.args and not node.keywords
                    and not func.value.args and not func.value.keywords and self.follows("detach")):
                inner.attr, func.attr = func.attr, inner.attr  # a detached copy either way
            if func.attr == "requires_grad_" and not node.keywords and self.follows("requires"):
                if not node.args:
                    node.args = [ast.Constant(True)]
                elif isinstance(node.args[0], ast.Constant) and node.args[0].value is True:
                    node.args = []
            on_tensor = isinstance(func.value, (ast.Subscript, ast.Call)) or (
                isinstance(func.value, ast.Name) and func.value.id not in self.MODULES)
            if func.attr == "size" and on_tensor and len(node.args) <= 1 and not node.keywords and self.follows("size"):
                shape = ast.Attribute(func.value, "shape", ast.Load())
                return ast.Subscript(shape, node.args[0], ast.Load()) if node.args else shape
            if func.attr in self.DIM and (on_tensor or is_torch):
                before = 1 if is_torch else 0
                dim = [k for k in node.keywords if k.arg == "dim"]
                if dim and len(node.args) == before and self.follows("dim"):
                    node.args.append(dim[0].value)
                    node.keywords.remove(dim[0])
                elif (is_torch and not dim and len(node.args) == 2 and not isinstance(node.args[-1], ast.Starred)
                      and self.follows("dim")):
                    node.keywords.insert(0, ast.keyword("dim", node.args.pop()))  # not on methods: numpy's take axis=
            if (func.attr in self.FACTORIES and len(node.args) > 1
                    and not any(isinstance(a, ast.Starred) for a in node.args) and self.follows("shape")):
                node.args = [ast.Tuple(node.args, ast.Load())]
        if isinstance(func, ast.Name) and func.id == "range" and simple:
            if len(node.args) == 2 and isinstance(node.args[0], ast.Constant) and node.args[0].value == 0 \
                    and self.follows("range"):
                node.args = node.args[1:]
            elif len(node.args) == 1 and self.follows("range"):
                node.args = [ast.Constant(0), *node.args]
        node.args = [listed(a) if self.follows("listcomp") else a for a in node.args]
        if isinstance(func, ast.Name) and func.id == "dict":
            return self.dict_literal(node)
        if len(node.keywords) > 1 and all(k.arg and isinstance(k.value, (ast.Constant, ast.Name, ast.Attribute))
                                          for k in node.keywords) and self.follows("keywords"):
            node.keywords = node.keywords[::-1]  # values without side effects: any order
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr == "T" and isinstance(node.ctx, ast.Load) and self.follows("t"):
            return ast.Call(ast.Attribute(node.value, "t", ast.Load()), [], [])
        return node

    def visit_Subscript(self, node):
        self.generic_visit(node)
        index = node.slice
        if isinstance(index, ast.Tuple) and len(index.elts) > 1 and self.follows("slice"):
            elts = list(index.elts)
            while len(elts) > 1 and isinstance(elts[-1], ast.Slice) and not (elts[-1].lower or elts[-1].upper
                                                                             or elts[-1].step):
                elts.pop()  # t[:, 0, :] is t[:, 0]
            if not any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elts):
                node.slice = ast.Tuple(elts, ast.Load()) if len(elts) > 1 else elts[0]
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

    def dict_literal(self, node):
        """A call of dict, dict(a=1), as {'a': 1}."""
        if not node.args and node.keywords and all(k.arg for k in node.keywords) and self.follows("dict"):
            return ast.Dict([ast.Constant(k.arg) for k in node.keywords], [k.value for k in node.keywords])
        return node

    def sequence(self, node) -> bool:
        """Whether an expression may be a list, tuple or string, by what it holds or the names it uses."""
        for x in ast.walk(node):
            if (isinstance(x, (ast.Tuple, ast.List, ast.ListComp, ast.GeneratorExp, ast.JoinedStr))
                    or isinstance(x, ast.Constant) and isinstance(x.value, str)
                    or isinstance(x, ast.Call) and isinstance(x.func, ast.Name) and x.func.id in self.SEQUENCES
                    or isinstance(x, ast.Name) and x.id in self.sequences):
                return True
        return False

    def visit_FunctionDef(self, node):
        outer, self.scope = self.scope, node
        for _ in range(2):  # a name bound to another such name
            self.sequences |= {t.id for x in ast.walk(node) if isinstance(x, ast.Assign) and self.sequence(x.value)
                               for t in x.targets if isinstance(t, ast.Name)}
        self.generic_visit(node)
        self.scope = outer
        return node

    def generic_visit(self, node):
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt) and self.scope is not None:
                setattr(node, name, self.statements(body))
        return node

    def write(self, source: str) -> str:
        self.sequences = set()
        return ast.unparse(ast.fix_missing_locations(self.visit(ast.parse(source))))


def listed(argument):
    """A generator argument, or a starred one, as a list comprehension; any other argument as it is."""
    if isinstance(argument, ast.GeneratorExp):
        return ast.ListComp(argument.elt, argument.generators)
    if isinstance(argument, ast.Starred) and isinstance(argument.value, ast.GeneratorExp):
        return ast.Starred(listed(argument.value), argument.ctx)
    return argument
