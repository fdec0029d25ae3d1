"""One form for code that a copier rewrites by hand without changing what it computes, before an answer is
re-printed and fingerprinted (autograder.similarity.fingerprints):
- type hints are dropped (`def f(x: int) -> int`, `n: int = 0`);
- a loop that only fills a list, a dict or a total is the comprehension that does it
  (`v = []` + `for x in xs: if c: v.append(e)` is `v = [e for x in xs if c]`; `v = 0` + `v += e` is
  `v = sum(e for ...)`), and a dict filled key by key (`v = {}` + `v['k'] = e`) its literal;
- `a, b = x, y` is `a = x` and `b = y`;
- a list comprehension that is a call's only argument is a generator (`tuple([e for x in xs])`);
- inside a function, a name assigned once and read once is replaced by what it holds (`y = f(x)` +
  `return y` is `return f(x)`);
- a helper of the cell that only returns an expression is inlined where it is called, and dropped.
Two students who wrote the same code in those two forms come out alike too: a fragment's weight (how
rare it is in the class) keeps the idioms that every student writes from counting.
"""
import ast
import copy
from collections.abc import Iterator


def statement_lists(node: ast.AST) -> Iterator[tuple[str, list[ast.stmt]]]:
    """(field, statements) of each non-empty list of statements the node holds: body, orelse, finalbody."""
    for name in ("body", "orelse", "finalbody"):
        body = getattr(node, name, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield name, body


def is_name(node: ast.AST, name: str | None = None) -> bool:
    return isinstance(node, ast.Name) and (name is None or node.id == name)


def assigned(statement: ast.stmt) -> str | None:
    """The name a plain `name = value` statement assigns, else None."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and is_name(statement.targets[0]):
        return statement.targets[0].id
    return None


def folded(start: ast.stmt, loop: ast.stmt) -> ast.expr | None:
    """The comprehension that `start` (v = [] / 0 / {}) and `loop` (a for loop that only fills v) are, or None."""
    name = assigned(start)
    if name is None or not isinstance(loop, ast.For) or loop.orelse or len(loop.body) != 1:
        return None
    step, ifs = loop.body[0], []
    if isinstance(step, ast.If) and not step.orelse and len(step.body) == 1:
        step, ifs = step.body[0], [step.test]
    generators = [ast.comprehension(loop.target, loop.iter, ifs, is_async=0)]
    empty = start.value
    if (isinstance(empty, ast.List) and not empty.elts and isinstance(step, ast.Expr)
            and isinstance(step.value, ast.Call) and isinstance(step.value.func, ast.Attribute)
            and step.value.func.attr == "append" and is_name(step.value.func.value, name)
            and len(step.value.args) == 1 and not step.value.keywords):
        return ast.ListComp(step.value.args[0], generators)
    if (isinstance(empty, ast.Constant) and empty.value == 0 and isinstance(step, ast.AugAssign)
            and isinstance(step.op, ast.Add) and is_name(step.target, name)):
        return ast.Call(ast.Name("sum", ast.Load()), [ast.GeneratorExp(step.value, generators)], [])
    if (isinstance(empty, ast.Dict) and not empty.keys and isinstance(step, ast.Assign) and len(step.targets) == 1
            and isinstance(step.targets[0], ast.Subscript) and is_name(step.targets[0].value, name)):
        return ast.DictComp(step.targets[0].slice, step.value, generators)
    return None


def unpacked(statement: ast.stmt) -> list[ast.stmt]:
    """`a, b = x, y` as `a = x` and `b = y` (where neither x nor y reads a or b), else [statement]."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Tuple) and isinstance(statement.value, ast.Tuple)):
        return [statement]
    names, values = statement.targets[0].elts, statement.value.elts
    if (len(names) != len(values) or not all(is_name(n) for n in names)
            or any(is_name(n, t.id) for v in values for n in ast.walk(v) for t in names)):
        return [statement]
    return [ast.Assign([n], v, lineno=0) for n, v in zip(names, values)]


def fold(body: list[ast.stmt]) -> list[ast.stmt]:
    """The body with its filling loops as comprehensions, its dicts filled key by key as literals, and its
    tuples unpacked into names assigned one by one."""
    out: list[ast.stmt] = []
    for statement in (s for whole in body for s in unpacked(whole)):
        previous = out[-1] if out else None
        name = assigned(previous) if previous else None
        comprehension = folded(previous, statement) if previous else None
        if comprehension is not None:
            out[-1] = ast.Assign([ast.Name(name, ast.Store())], comprehension, lineno=0)
        elif (name and isinstance(previous.value, ast.Dict) and None not in previous.value.keys
              and isinstance(statement, ast.Assign) and len(statement.targets) == 1
              and isinstance(statement.targets[0], ast.Subscript) and is_name(statement.targets[0].value, name)
              and isinstance(statement.targets[0].slice, ast.Constant)):
            previous.value.keys.append(statement.targets[0].slice)
            previous.value.values.append(statement.value)
        else:
            out.append(statement)
    return out


class Inliner(ast.NodeTransformer):
    """Puts each name of `values` where it is read, and drops the statements that assigned them."""

    def __init__(self, values: dict[str, ast.expr], dropped: set[int]):
        self.values, self.dropped = values, dropped

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            return self.visit(self.values.pop(node.id))
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for name, body in list(statement_lists(node)):
            setattr(node, name, [s for s in body if id(s) not in self.dropped] or [ast.Pass()])
        return super().generic_visit(node)


def in_order(node: ast.AST) -> list[ast.AST]:
    """Every node under node, in the order the code reads."""
    found = [node]
    for child in ast.iter_child_nodes(node):
        found += in_order(child)
    return found


def inline_temporaries(function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
    """Replaces each name that the function assigns once (name = value) and reads once after, by its value."""
    nodes = in_order(function)
    stores, loads = {}, {}
    for position, node in enumerate(nodes):
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else stores).setdefault(node.id, []).append(position)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                stores.setdefault(name, []).extend([-1, -1])
        elif isinstance(node, ast.arg):
            stores.setdefault(node.arg, []).extend([-1, -1])
    values, dropped = {}, set()
    for position, node in enumerate(nodes):
        name = assigned(node) if isinstance(node, ast.stmt) else None
        if name and len(stores[name]) == 1 and len(loads.get(name, [])) == 1 and loads[name][0] > position:
            values[name] = node.value
            dropped.add(id(node))
    if values:
        Inliner(values, dropped).visit(function)


def helper_of(function: ast.stmt) -> tuple[list[str], ast.expr] | None:
    """(parameters, returned expression) of a function that only returns an expression, else None."""
    if not isinstance(function, ast.FunctionDef):
        return None
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    args = function.args
    if (len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None or args.vararg
            or args.kwarg or args.kwonlyargs or args.posonlyargs or args.defaults or function.decorator_list):
        return None
    return [a.arg for a in args.args], body[0].value


class Substitute(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.expr]):
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.values[node.id]) if node.id in self.values else node


class Helpers(ast.NodeTransformer):
    """Inlines the calls of the module's one-expression helpers (`helpers`: name -> (parameters, expression))."""

    def __init__(self, helpers: dict[str, tuple[list[str], ast.expr]]):
        self.helpers, self.inlined, self.kept = helpers, set(), set()

    def visit_Call(self, node: ast.Call) -> ast.expr:
        node.args = [self.visit(a) for a in node.args]
        node.keywords = [self.visit(k) for k in node.keywords]
        if is_name(node.func) and node.func.id in self.helpers:
            parameters, expression = self.helpers[node.func.id]
            if len(node.args) == len(parameters) and not node.keywords and not any(
                    isinstance(a, ast.Starred) for a in node.args):
                self.inlined.add(node.func.id)
                return Substitute(dict(zip(parameters, node.args))).visit(copy.deepcopy(expression))
        node.func = self.visit(node.func)
        return node

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id in self.helpers:
            self.kept.add(node.id)  # read other than in a call that was inlined
        return node


def inline_helpers(tree: ast.Module) -> None:
    helpers = {s.name: found for s in tree.body for found in [helper_of(s)] if found}
    calls = Helpers({name: found for name, found in helpers.items()
                     if not any(is_name(n, name) for n in ast.walk(found[1]))})  # not recursive
    for statement in tree.body:
        calls.visit(statement)
    gone = calls.inlined - calls.kept
    if gone and len(gone) < len(tree.body):
        tree.body = [s for s in tree.body if not (isinstance(s, ast.FunctionDef) and s.name in gone)]


class Canonical(ast.NodeTransformer):
    """The rewrites of the module's docstring, on a parsed cell."""

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        self.generic_visit(node)
        inline_temporaries(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.stmt | None:
        if node.value is None:
            return None
        return ast.Assign([node.target], self.visit(node.value), lineno=0)

    def visit_Call(self, node: ast.Call) -> ast.Call:
        self.generic_visit(node)
        if len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.ListComp):
            node.args[0] = ast.GeneratorExp(node.args[0].elt, node.args[0].generators)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name, body in list(statement_lists(node)):
            setattr(node, name, fold(body))
        if getattr(node, "body", None) == [] and not isinstance(node, ast.Module):
            node.body = [ast.Pass()]  # its only statement was a bare annotation
        return node


def canonical(tree: ast.Module) -> ast.Module:
    inline_helpers(tree)
    return Canonical().visit(tree)
