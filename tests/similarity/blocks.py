"""How an independent student writes a block of statements: tests/similarity/hands.py's Hand, for blocks.

An `else` after a `return` or none, `if not c` with the branches swapped, a ternary or an if, a variable
for a condition or a loss, a temporary before `return` or none, assignments split or joined, a loop of
`append` or a list comprehension. Each keeps the block's meaning.
"""
import ast
from collections import Counter


class Blocks:
    """The block habits of a Hand (which has `follows` and `scope`, the function being written)."""
    ENDS = (ast.Return, ast.Raise, ast.Continue, ast.Break)

    def only_in(self, names: set[str], part: ast.AST) -> bool:
        """Whether these names are used nowhere in the function but in this part of it."""
        if self.scope is None:
            return False
        inside = Counter(n.id for n in ast.walk(part) if isinstance(n, ast.Name))
        everywhere = Counter(n.id for n in ast.walk(self.scope) if isinstance(n, ast.Name))
        return all(everywhere[n] == inside[n] for n in names)

    def statements(self, body: list) -> list:
        """One block of a function, as this student writes its statements."""
        out = []
        for n, s in enumerate(body):
            rest = body[n + 1:]
            if isinstance(s, ast.If) and s.orelse and not (len(s.orelse) == 1 and isinstance(s.orelse[0], ast.If)) \
                    and self.follows("invert"):
                s = ast.If(s.test.operand if isinstance(s.test, ast.UnaryOp) and isinstance(s.test.op, ast.Not)
                           else ast.UnaryOp(ast.Not(), s.test), s.orelse, s.body)
            if isinstance(s, ast.If) and s.orelse and isinstance(s.body[-1], self.ENDS) and self.follows("flatten"):
                return out + [ast.If(s.test, s.body, []), *self.statements(s.orelse + rest)]
            if isinstance(s, ast.If) and not s.orelse and isinstance(s.body[-1], self.ENDS) and rest \
                    and self.follows("wrap"):
                return out + [ast.If(s.test, s.body, self.statements(rest))]
            if (isinstance(s, ast.If) and not s.orelse and len(s.body) == 1 and isinstance(s.body[0], ast.Return)
                    and s.body[0].value and len(rest) == 1 and isinstance(rest[0], ast.Return) and rest[0].value
                    and self.follows("ternary")):
                return out + [ast.Return(ast.IfExp(s.test, s.body[0].value, rest[0].value))]
            if isinstance(s, ast.Return) and isinstance(s.value, ast.IfExp) and self.follows("unfold"):
                return out + [ast.If(s.value.test, [ast.Return(s.value.body)], []), ast.Return(s.value.orelse)]
            if isinstance(s, ast.If) and not isinstance(s.test, ast.Name) and self.follows("condition") \
                    and "condition" not in names_in(self.scope):
                out.append(ast.Assign([ast.Name("condition", ast.Store())], s.test))
                s = ast.If(ast.Name("condition", ast.Load()), s.body, s.orelse)
            if (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute)
                    and s.value.func.attr == "backward" and not isinstance(s.value.func.value, ast.Name)
                    and "loss" not in names_in(self.scope)
                    and self.follows("loss")):
                out.append(ast.Assign([ast.Name("loss", ast.Store())], s.value.func.value))
                s = ast.Expr(ast.Call(ast.Attribute(ast.Name("loss", ast.Load()), "backward", ast.Load()),
                                      s.value.args, s.value.keywords))
            if isinstance(s, ast.Return) and isinstance(s.value, (ast.Call, ast.BinOp, ast.Dict)) \
                    and self.follows("temp"):
                out += [ast.Assign([ast.Name("result", ast.Store())], s.value),
                        ast.Return(ast.Name("result", ast.Load()))]
                continue
            if (out and isinstance(s, ast.Return) and isinstance(s.value, ast.Name) and named(out[-1]) == s.value.id
                    and self.only_in({s.value.id}, ast.Module([out[-1], s], [])) and self.follows("inline")):
                out[-1] = ast.Return(out[-1].value)
                continue
            if (isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Tuple)
                    and isinstance(s.value, ast.Tuple) and self.follows("split")
                    and len(s.targets[0].elts) == len(s.value.elts)
                    and all(isinstance(t, ast.Name) for t in s.targets[0].elts)
                    and not names_in(s.targets[0]) & names_in(s.value)):
                out += [ast.Assign([t], v) for t, v in zip(s.targets[0].elts, s.value.elts)]
                continue
            if (out and named(s) and named(out[-1]) and isinstance(out[-1].targets[0], ast.Name)
                    and isinstance(s.targets[0], ast.Name) and s.targets[0].id != out[-1].targets[0].id
                    and out[-1].targets[0].id not in names_in(s.value)
                    and self.follows("join")):
                out[-1] = ast.Assign([ast.Tuple([out[-1].targets[0], s.targets[0]], ast.Store())],
                                     ast.Tuple([out[-1].value, s.value], ast.Load()))
                continue
            if (out and isinstance(s, ast.For) and isinstance(out[-1], ast.Assign) and named(out[-1])
                    and isinstance(out[-1].value, ast.List) and not out[-1].value.elts and appended(s, named(out[-1]))
                    and self.only_in(names_in(s.target), s) and self.follows("loop")):
                test, value = appended(s, named(out[-1]))
                out[-1] = ast.Assign(out[-1].targets, ast.ListComp(value, [ast.comprehension(
                    s.target, s.iter, [test] if test else [], 0)]))
                continue
            if (named(s) and isinstance(s.value, ast.ListComp) and len(s.value.generators) == 1
                    and len(s.value.generators[0].ifs) <= 1 and not s.value.generators[0].is_async
                    and named(s) not in names_in(s.value)
                    and self.only_in(names_in(s.value.generators[0].target), s.value)
                    and self.follows("comprehension")):
                gen, name = s.value.generators[0], named(s)
                append = ast.Attribute(ast.Name(name, ast.Load()), "append", ast.Load())
                add = ast.Expr(ast.Call(append, [s.value.elt], []))
                out += [ast.Assign([ast.Name(name, ast.Store())], ast.List([], ast.Load())),
                        ast.For(gen.target, gen.iter, [ast.If(gen.ifs[0], [add], [])] if gen.ifs else [add], [])]
                continue
            out.append(s)
        return out


def named(statement) -> str | None:
    """The name a plain `name = value` statement assigns, or None."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return None


def names_in(node) -> set[str]:
    return {x.id for x in ast.walk(node) if isinstance(x, ast.Name)}


def appended(loop: ast.For, name: str):
    """(its condition or None, the value) when a loop only appends to `name`, maybe under one if; else None."""
    body, test = loop.body, None
    if loop.orelse or len(body) != 1:
        return None
    if isinstance(body[0], ast.If) and not body[0].orelse and len(body[0].body) == 1:
        test, body = body[0].test, body[0].body
    call = body[0].value if isinstance(body[0], ast.Expr) else None
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "append"
            and isinstance(call.func.value, ast.Name) and call.func.value.id == name and len(call.args) == 1
            and not call.keywords and name not in names_in(loop.iter)
            and name not in names_in(call.args[0])):
        return test, call.args[0]
    return None
