"""The tamper scan: flags answer code, for a person to review, that patches torch, builtins or the test
helpers, touches sys.modules, __code__ or the gradebook, hooks IPython, or reads files. A flag never
changes a score by itself: the probes and judges decide, and the flag asks a person to look."""
import ast
import re

PROTECTED_MODULES = {"torch", "builtins", "__builtins__", "numpy", "np", "nn", "F", "math", "sys", "os",
                     "prettytable", "random", "unittest", "testing"}
BARE_CALLS = {"open", "exec", "eval", "compile", "__import__", "breakpoint"}
FILE_CALLS = {"read_text", "read_bytes", "listdir", "scandir", "iglob", "rglob", "loadtxt", "genfromtxt",
              "fromfile", "read_csv", "system", "popen", "Popen", "check_output", "urlopen", "import_module",
              "settrace", "setprofile", "set_custom_exc", "open"}
# calls whose last name is common and only suspect on these objects
QUALIFIED_CALLS = {"load": ("torch", "np", "numpy", "pickle", "json", "marshal"), "run": ("subprocess",),
                   "call": ("subprocess",), "connect": ("sqlite3", "socket", "psycopg2", "sqlalchemy"),
                   "register": ("atexit",), "walk": ("os",), "glob": ("glob", "Path", "pathlib"),
                   "getsource": ("inspect",), "stack": ("inspect",), "_getframe": ("sys",)}
SUSPECT_NAMES = {"sys.modules", "__code__", "__globals__", "__builtins__", "__subclasses__", "gc.get_objects", "get_ipython", "input_transformers_post",
                 "input_transformers_cleanup", "ast_transformers", "events", "user_ns", "f_globals", "f_back"}
SUSPECT_TEXT = re.compile(r"gradebook|nbgrader|\.db\b|HIDDEN TESTS|/build/|/solutions/|autograder", re.I)


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    elif isinstance(node, ast.Call):
        parts.append(_dotted(node.func) + "()")
    return ".".join(reversed(parts))


def scan(sources: list[str], helpers: set[str] = frozenset()) -> list[str]:
    """'<flag>: <detail>' for each suspicious construct in the student's code (static, no execution)."""
    found = []
    roots = PROTECTED_MODULES | set(helpers)
    for source in sources:
        code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # not Python, or too deep to parse
            continue
        top_level = set(tree.body)
        for node in ast.walk(tree):
            line = getattr(node, "lineno", 0)
            targets = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                # what is assigned to, not the index it is assigned at (counts[type(x).__name__] = ...)
                indices = {id(n) for s in ast.walk(target) if isinstance(s, ast.Subscript) for n in ast.walk(s.slice)}
                for sub in ast.walk(target):
                    if id(sub) in indices:
                        continue
                    if isinstance(sub, (ast.Attribute, ast.Subscript)):
                        name = _dotted(sub.value if isinstance(sub, ast.Subscript) else sub)
                        root = name.split(".")[0]
                        if root in roots or "sys.modules" in name or "__" in name:
                            found.append(f"tamper-patch: assigns {name} (line {line})")
                            break
                    elif isinstance(sub, ast.Name) and sub.id in helpers and node in top_level \
                            and isinstance(node, (ast.Assign, ast.Delete)):
                        found.append(f"tamper-patch: redefines test helper {sub.id} (line {line})")
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in helpers and node in top_level:
                found.append(f"tamper-patch: redefines test helper {node.name} (line {line})")
            if isinstance(node, ast.Call):
                func = _dotted(node.func)
                last = func.split(".")[-1]
                if last in ("setattr", "delattr") and node.args:
                    target = _dotted(node.args[0])
                    if target.split(".")[0] in roots or target.startswith("sys"):
                        found.append(f"tamper-patch: {last}({target}, ...) (line {line})")
                prefix = func.split(".")[0]
                if (isinstance(node.func, ast.Name) and func in BARE_CALLS) \
                        or (isinstance(node.func, ast.Attribute) and last in FILE_CALLS) \
                        or (last in QUALIFIED_CALLS and (prefix in QUALIFIED_CALLS[last] or "events" in func)):
                    found.append(f"tamper-file: calls {func}() (line {line})")
            if isinstance(node, ast.Attribute):
                name = _dotted(node)
                if any(s == name or name.endswith("." + s) or node.attr == s for s in SUSPECT_NAMES):
                    found.append(f"tamper-introspection: uses {name} (line {line})")
            if isinstance(node, ast.Name) and node.id in ("get_ipython", "__builtins__", "globals"):
                found.append(f"tamper-introspection: uses {node.id} (line {line})")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
                bad = [m for m in modules if m.split(".")[0] in ("nbgrader", "sqlite3", "sqlalchemy", "psycopg2",
                                                                  "ctypes", "inspect", "gc", "socket", "autograder")]
                if bad:
                    found.append(f"tamper-introspection: imports {', '.join(bad)} (line {line})")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SUSPECT_TEXT.search(node.value):
                found.append(f"tamper-gradebook: mentions {SUSPECT_TEXT.search(node.value).group(0)!r} (line {line})")
    return list(dict.fromkeys(found))
