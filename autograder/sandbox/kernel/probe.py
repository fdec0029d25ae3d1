"""The probe: the part of a hidden check that runs beside the student's code, in the sandboxed kernel.

A test cell's hidden block is probe code. At grading, the grader runs it (after the cell's
visible part) through `run`, with a global `probe` that records observations:

    probe.call(key, fn, *args, **kwargs)   # calls fn; records its result, or the exception it raised
    probe.record(key, value)               # records a value
    probe.shares_storage(a, b)             # a kernel-only fact: do two tensors share memory?
    with probe.torch_calls() as calls:     # calls.names: the torch functions called inside
        ...
    with probe.autograd_passes(backward=2.0, grad=4.0) as passes:  # gradients from autograd come back
        ...                                # scaled; passes.found: each backward pass started inside
    with probe.replaced(mse=reference_mse): # the student's code sees these globals instead
        ...

Observations are plain data (autograder.sandbox.kernel.plain); they leave the kernel as one display
output that the grader takes out of the notebook. The probe holds inputs, never an expected value
or an assertion: the judge, in the grader's own process, decides.

Everything in this process can be changed by student code, the probe included. So the module
also takes a snapshot, when the kernel starts and before any student code, of what a forger would
change (torch's functions, builtins, IPython's hooks, function modes, tracers), and reports every
difference with the observations. The grader flags such a submission for review; it never turns
a difference into points.
"""
import builtins
import contextlib
import json
import random
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import Any, Callable

from . import plain
from .watch import Calls, Passes

MIME = "application/vnd.autograder.observations+json"
MAX_BYTES = 16 << 20  # observations of one test cell


def _snapshot() -> dict:
    namespaces = {"builtins": builtins, "probe": sys.modules[__name__], "plain": plain, "Probe": Probe,
                  "Calls": Calls, "Passes": Passes}
    torch = sys.modules.get("torch")
    if torch is not None:
        import torch.nn.functional

        namespaces.update({"torch": torch, "torch.Tensor": torch.Tensor, "torch.TensorBase": torch._C.TensorBase,
                           "torch.nn.functional": torch.nn.functional, "torch.autograd": torch.autograd})
    return {name: dict(vars(space)) for name, space in namespaces.items()}


def _modes() -> tuple:
    torch = sys.modules.get("torch")
    return (torch._C._len_torch_function_stack(), torch._C._len_torch_dispatch_stack()) if torch else (0, 0)


SHELL_METHODS = ("run_cell", "run_cell_async", "run_ast_nodes", "run_code", "showtraceback", "transform_cell")


def _shell_hooks() -> dict:
    """What a forger of results would replace in IPython: methods, transformers, event callbacks."""
    shell = _ipython()
    hooks = {"sys.displayhook": sys.displayhook}
    if shell is not None:
        for name in SHELL_METHODS:
            hooks[f"shell.{name}"] = (getattr(type(shell), name, None), vars(shell).get(name))
        hooks["display publisher"] = (shell.display_pub, type(shell.display_pub).publish,
                                      vars(shell.display_pub).get("publish"))
        for name in ("input_transformers_cleanup", "input_transformers_post", "ast_transformers"):
            hooks[name] = list(getattr(shell, name))
        own = _library_callbacks()
        hooks["event callbacks"] = {event: [c for c in callbacks if not any(c is o for o in own)]
                                    for event, callbacks in shell.events.callbacks.items()}
    return hooks


def _library_callbacks() -> list:
    """Event callbacks that libraries register by themselves, not a forger: matplotlib's pyplot adds its
    redraw hook to post_execute when a notebook first draws a figure."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    hook = getattr(pyplot, "_draw_all_if_interactive", None)
    return [hook] if hook is not None else []


def _ipython():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def _encode(value):
    """plain.encode with torch function modes off: the probe's own reads of a tensor are no calls of the
    student's code (`probe.torch_calls()` records only those), and no mode can change what is recorded."""
    torch = sys.modules.get("torch")
    if torch is None:
        return plain.encode(value)
    with torch._C.DisableTorchFunction():
        return plain.encode(value)


class Probe:
    """Records the observations of one test cell (see the module docstring)."""

    def __init__(self, grade_id: str, user_ns: dict | None = None):
        self.grade_id = grade_id
        self.observations: dict = {}
        self._bytes = 0
        self._user_ns = user_ns if user_ns is not None else {}

    def record(self, key: str, value: object) -> None:
        if key in self.observations:
            raise KeyError(f"probe key {key!r} recorded twice in {self.grade_id}")
        encoded = _encode(value)
        size = len(json.dumps(encoded))
        if self._bytes + size > MAX_BYTES:
            encoded, size = {"__object__": "observation past the size limit"}, 64
        self._bytes += size
        self.observations[key] = encoded

    def call(self, key: str, fn: Callable[..., Any], *args: object, **kwargs: object) -> Any:
        """fn(*args, **kwargs), its result recorded under key; an exception is recorded and None returned."""
        try:
            result = fn(*args, **kwargs)
        except KeyboardInterrupt:  # the grader's own interrupt (a time limit)
            raise
        except BaseException as error:  # the student's exception is an observation like any other
            self.record(key, error)
            return None
        self.record(key, result)
        return result

    @staticmethod
    def shares_storage(a: object, b: object) -> bool:
        """Whether two tensors share their memory (a view shares it with its base)."""
        import torch

        if type(a) not in (torch.Tensor, torch.nn.Parameter) or type(b) not in (torch.Tensor, torch.nn.Parameter):
            return False
        storage = torch._C.TensorBase.untyped_storage
        return storage(a).data_ptr() == storage(b).data_ptr()

    @classmethod
    def shared_memory(cls, value: object, inputs: Iterable[object]) -> list[bool]:
        """For each item of a result (a tuple's or list's items, a dict's values, or the result itself): whether
        it is a tensor that shares memory with one of the tensors in inputs."""
        kind = type(value)
        items = list(value.values()) if kind is dict else list(value) if kind in (tuple, list) else [value]
        return [any(cls.shares_storage(item, t) for t in inputs) for item in items]

    @staticmethod
    def torch_calls() -> Calls:
        return Calls()

    @staticmethod
    def autograd_passes(backward: float = 2.0, grad: float = 2.0) -> Passes:
        """Backward passes started inside begin from these gradients instead of 1 (see autograder_kernel.watch.Passes)."""
        return Passes(backward, grad)

    @contextlib.contextmanager
    def replaced(self, **names: object) -> Iterator[None]:
        """Inside the block, the student's code sees these globals instead of its own (reference versions
        of other exercises, so that one unsolved exercise costs no other its points)."""
        saved = {name: self._user_ns.get(name, _MISSING) for name in names}
        self._user_ns.update(names)
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is _MISSING:
                    self._user_ns.pop(name, None)
                else:
                    self._user_ns[name] = value


_BASELINE: dict = {}
KERNEL_SWAPS = {("builtins", "input")}  # ipykernel replaces it for every request (stdin forwarding)
# torch._dynamo, imported by the profiler or torch.compile on first use, wraps these in torch._disable_dynamo
# (a wrapper whose __wrapped__ is the original)
LIBRARY_WRAPS = {("torch", "manual_seed")}


def take_baseline() -> None:
    """Remember what the kernel looks like before any student code (called at kernel start)."""
    shell = _ipython()
    _BASELINE.update(namespaces=_snapshot(), hooks=_shell_hooks(), modes=_modes(),
                     publish=shell.display_pub.publish if shell is not None else None)


def tampering() -> list[str]:
    """What changed since the baseline, in words (empty when nothing did or no baseline was taken)."""
    if not _BASELINE:
        return []
    found = []
    snapshot = _snapshot()
    for name, before in _BASELINE["namespaces"].items():
        now = snapshot.get(name, {})
        changed = sorted(k for k, v in before.items() if now.get(k, _MISSING) is not v
                         and (name, k) not in KERNEL_SWAPS
                         and not ((name, k) in LIBRARY_WRAPS and getattr(now.get(k), "__wrapped__", None) is v))
        # a new attribute on a class shadows the inherited one (torch.Tensor.add = ...)
        if name in ("torch.Tensor", "torch.TensorBase", "Probe", "Calls", "probe", "plain"):
            changed += sorted(set(now) - set(before))
        found += [f"{name}.{k} was replaced" for k in changed[:20]]
    hooks = _shell_hooks()
    found += [f"{name} was changed" for name, before in _BASELINE["hooks"].items() if not _same(hooks.get(name), before)]
    if _modes() != _BASELINE["modes"]:
        found.append("a torch function or dispatch mode is active")
    if sys.gettrace() is not None or sys.getprofile() is not None:
        found.append("a trace or profile function is set")
    return found


_MISSING = object()


def _same(a, b) -> bool:
    """Identity, element by element for the tuples, lists and dicts that _shell_hooks builds."""
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a is b


def run(grade_id: str, code: str, user_ns: dict) -> None:
    """Run a test cell's probe code beside the student's names and publish its observations."""
    probe = Probe(grade_id, user_ns)
    _seed(grade_id)
    namespace = dict(user_ns)
    namespace["probe"] = probe
    stopped = None
    try:
        exec(compile(code, f"<hidden checks of {grade_id}>", "exec"), namespace)
    except KeyboardInterrupt:
        stopped = {"types": ["KeyboardInterrupt"], "message": "interrupted by the grader"}
        raise
    except BaseException as error:  # probe code stopped on something the student's code returned
        stopped = plain.raised(error)["__raised__"]
    finally:
        _publish({"grade_id": grade_id, "observations": probe.observations, "stopped": stopped,
                  "tampering": tampering()})


def _seed(grade_id: str) -> None:
    """Every probe starts from the same random state, so its hidden inputs never depend on what ran
    before it: the student's own use of random numbers, or the demonstrations that grading skips."""
    seed = zlib.crc32(grade_id.encode())
    random.seed(seed)
    for name, seeds in (("torch", "manual_seed"), ("numpy.random", "seed")):
        module = sys.modules.get(name)
        if module is not None:
            getattr(module, seeds)(seed)


def _publish(payload: dict) -> None:
    shell = _ipython()
    publish = _BASELINE.get("publish") or (shell.display_pub.publish if shell is not None else None)
    if publish is None:  # outside IPython (a plain script): print it
        print(json.dumps(payload))
        return
    publish(data={MIME: payload}, metadata={})
