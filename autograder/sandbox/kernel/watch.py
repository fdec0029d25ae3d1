"""What the student's code does inside a probe's `with` block, watched through torch function modes:
the torch functions it calls (`probe.torch_calls()`), and the backward passes it starts, each one
begun from a scaled gradient so that a gradient autograd computed can be told from any other
(`probe.autograd_passes()`). Torch is imported only when a probe asks (autograder_kernel.probe)."""


class Calls:
    """Names of the torch functions called inside `with probe.torch_calls() as calls:`."""

    def __init__(self):
        from torch.overrides import TorchFunctionMode

        names = self.names = []

        class Record(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                names.append(getattr(func, "__name__", repr(func)))
                return func(*args, **(kwargs or {}))

        self._mode = Record()

    def __enter__(self):
        self._mode.__enter__()
        return self

    def __exit__(self, *exc):
        return self._mode.__exit__(*exc)


class Passes:
    """Inside `with probe.autograd_passes(backward=k, grad=m) as passes:`, every backward pass that
    Tensor.backward or torch.autograd.backward starts begins from the gradient k instead of 1 (a
    given `gradient` is multiplied by k), and every one that torch.autograd.grad starts (as
    torch.func.grad and torch.autograd.functional do) from m. A gradient is linear in that starting
    value, so a gradient that autograd computed comes back multiplied by k or m, and one computed
    any other way does not (powers of two keep the product exact). `passes.found` lists each pass:
    {"entry": "backward" or "grad", "output": the sum of the differentiated output, or None,
    "graph": 0, 1, ... numbering the distinct graphs by their root node}.
    """

    def __init__(self, backward: float, grad: float):
        import torch
        from torch.overrides import TorchFunctionMode

        found, roots = self.found, self._roots = [], []
        entries = {torch.autograd.grad: ("grad", grad, "grad_outputs"),
                   torch.autograd.backward: ("backward", backward, "grad_tensors"),
                   torch.Tensor.backward: ("backward", backward, "gradient")}

        class Scale(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                kwargs = dict(kwargs or {})
                entry = next((e for f, e in entries.items() if f is func), None)
                if entry is None or not args:
                    return func(*args, **kwargs)
                name, scale, key = entry
                single = isinstance(args[0], torch.Tensor)
                outputs = (args[0],) if single else tuple(args[0])
                given = kwargs.get(key)
                given = (None,) * len(outputs) if given is None else \
                    (given,) if isinstance(given, torch.Tensor) else tuple(given)
                # an implicit starting gradient exists only for a one-element output: others raise as usual
                scaled = tuple(g * scale if isinstance(g, torch.Tensor)
                               else torch.full_like(o, scale) if g is None and o.numel() == 1 else g
                               for o, g in zip(outputs, given))
                kwargs[key] = scaled[0] if func is torch.Tensor.backward else scaled
                for output in outputs:
                    try:
                        total = float(output.detach().sum())
                    except Exception:  # an output that cannot be read as numbers
                        total = None
                    graph = next((i for i, root in enumerate(roots) if root is output.grad_fn), None)
                    if graph is None:
                        roots.append(output.grad_fn)  # kept alive, so no later graph reuses its id
                        graph = len(roots) - 1
                    found.append({"entry": name, "output": total, "graph": graph})
                return func(*args, **kwargs)

        self._mode = Scale()

    def __enter__(self):
        self._mode.__enter__()
        return self

    def __exit__(self, *exc):
        return self._mode.__exit__(*exc)
