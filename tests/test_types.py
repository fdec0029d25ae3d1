"""Every public function of the autograder (the lesson sources aside) says the types of its parameters and result."""
import ast

import pytest

from autograder import ROOT

PACKAGE = ROOT / "autograder"
# Copied into the student's notebook by their source (autograder.release.ready): annotations would change every
# released lesson, and the student's kernel needs none.
COPIED_INTO_NOTEBOOKS = {
    "autograder/release/ready.py": {"CheckRuns.fingerprint", "CheckRuns.remember", "ready_to_submit"}}


def unannotated(source: str) -> list[str]:
    """The public functions and methods of a module's source that lack an annotation on a parameter (a method's
    self or cls aside) or on the result: "name" or "Class.name", with what is missing."""
    found = []

    def check(node: ast.FunctionDef | ast.AsyncFunctionDef, owner: str) -> None:
        args = node.args
        params = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]
        static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
        if owner and not static:
            params = params[1:]
        missing = [p.arg for p in params if p.annotation is None]
        if node.returns is None:
            missing.append("return")
        if missing and not node.name.startswith("_"):
            found.append(f"{owner}{node.name} ({', '.join(missing)})")

    def walk(body: list[ast.stmt], owner: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                check(node, owner)
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                walk(node.body, f"{owner}{node.name}.")

    walk(ast.parse(source).body, "")
    return found


def modules() -> list[str]:
    return [str(path.relative_to(ROOT)) for path in sorted(PACKAGE.rglob("*.py"))
            if "source" not in path.relative_to(PACKAGE).parts]


@pytest.mark.parametrize("module", modules())
def test_every_public_function_is_annotated(module):
    missing = [name for name in unannotated((ROOT / module).read_text(encoding="utf-8"))
               if name.split(" ")[0] not in COPIED_INTO_NOTEBOOKS.get(module, set())]
    assert not missing, f"{module}: public functions without annotations: {missing}"


def test_the_check_names_what_is_missing():
    source = ("def f(a: int, b, *args, c: str = '', **kw) -> None: ...\n"
              "def g(a: int) -> int:\n    def inner(x): ...\n    return a\n"
              "def h(): ...\n"
              "def _private(x): ...\n"
              "class C:\n"
              "    def m(self, x) -> None: ...\n"
              "    @classmethod\n    def make(cls) -> 'C': ...\n"
              "    async def run(self, y: int): ...\n"
              "    def _hidden(self, z): ...\n"
              "    @staticmethod\n    def s(self, v: int) -> None: ...\n"
              "    class Inner:\n        def deep(self, w): ...\n"
              "class _Private:\n    def m(self, x): ...\n")
    assert unannotated(source) == ["f (b, args, kw)", "h (return)", "C.m (x)", "C.run (return)", "C.s (self)",
                                   "C.Inner.deep (w, return)"]


def test_the_exemptions_are_still_needed():
    for module, names in COPIED_INTO_NOTEBOOKS.items():
        source = (ROOT / module).read_text(encoding="utf-8")
        assert {name.split(" ")[0] for name in unannotated(source)} == names
