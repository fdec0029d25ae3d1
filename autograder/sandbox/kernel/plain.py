"""Plain data: how observations cross from the student's kernel to the grader.

`encode` runs in the kernel and turns a value into JSON-ready data by its exact type: numbers,
strings, lists, tuples, dicts, tensors (dtype, shape, raw bytes in base64 and a few facts such as
`requires_grad`), dtypes, devices, and recorded exceptions. Anything else becomes an opaque
{"__object__": type name}: a student's object with an `__eq__` that always says True crosses as
a name, never as something that compares. `decode` runs in the grader and rebuilds plain Python
values and new CPU tensors from that data; nothing in it can execute code (no pickle).

This module is loaded inside the kernel (where only autograder/sandbox/kernel/ is mounted), so it imports
nothing from the rest of the autograder.
"""
import base64
import math
from typing import Any

MAX_TEXT = 2000  # characters kept of a string
MAX_ELEMENTS = 1 << 20  # elements of one tensor
MAX_DEPTH = 20
# dtypes that cross the boundary, as raw bytes of this width
DTYPES = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4, "int16": 2,
          "int8": 1, "uint8": 1, "bool": 1, "complex64": 8, "complex128": 16}


def encode(value: object, _depth: int = 0) -> bool | int | float | str | list | dict | None:
    """The plain form of a value, decided by its exact type (subclasses of str, int, ... are opaque)."""
    kind = type(value)
    if value is None or kind is bool or kind is int:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"__float__": repr(value)}
    if kind is str:
        return value[:MAX_TEXT]
    if _depth > MAX_DEPTH:
        return {"__object__": "too deeply nested"}
    if kind is list:
        return [encode(item, _depth + 1) for item in value[:MAX_ELEMENTS]]
    if kind is tuple:
        return {"__tuple__": [encode(item, _depth + 1) for item in value[:MAX_ELEMENTS]]}
    if kind is dict:
        return {"__dict__": [[encode(k, _depth + 1), encode(v, _depth + 1)] for k, v in list(value.items())[:10000]]}
    if isinstance(value, BaseException):
        return raised(value)
    module = getattr(kind, "__module__", "") or ""
    if module.startswith("torch"):
        return _encode_torch(value, kind)
    if module == "numpy":
        return _encode_numpy(value, kind)
    return {"__object__": f"{module}.{kind.__qualname__}" if module else kind.__qualname__}


def raised(error: BaseException) -> dict:
    """An exception as plain data: its class names (most derived first) and message."""
    try:
        message = str(error)
    except BaseException:  # a student's __str__ that raises
        message = ""
    names = [cls.__name__ for cls in type(error).__mro__ if isinstance(cls.__name__, str)]
    return {"__raised__": {"types": names[:20], "message": message[:MAX_TEXT]}}


def _encode_torch(value, kind):
    import torch

    if kind is torch.Size:
        return {"__size__": [int(size) for size in value]}
    if kind is torch.dtype:
        return {"__dtype__": str(value).replace("torch.", "")}
    if kind is torch.device:
        return {"__device__": str(value)}
    if kind in (torch.Tensor, torch.nn.Parameter):
        return _encode_tensor(value, parameter=kind is torch.nn.Parameter)
    return {"__object__": f"{kind.__module__}.{kind.__qualname__}"}


def _encode_tensor(t, parameter=False):
    import torch

    dtype = str(t.dtype).replace("torch.", "")
    facts = {"dtype": dtype, "shape": [int(s) for s in t.shape], "device": str(t.device),
             "requires_grad": bool(t.requires_grad), "is_leaf": bool(t.is_leaf),
             "grad_fn": type(t.grad_fn).__name__ if t.grad_fn is not None else None, "parameter": parameter}
    if dtype not in DTYPES or t.is_sparse or t.layout != torch.strided:
        return {"__object__": f"tensor of {dtype} with layout {t.layout}"}
    if t.numel() > MAX_ELEMENTS:
        return {"__object__": f"tensor of {t.numel()} elements (more than {MAX_ELEMENTS} are not recorded)"}
    data = torch.Tensor.contiguous(torch.Tensor.cpu(torch.Tensor.detach(t)))
    if dtype == "bfloat16":
        data = data.view(torch.int16)
    raw = data.numpy().tobytes() if data.numel() else b""
    facts["data"] = base64.b64encode(raw).decode("ascii")
    return {"__tensor__": facts}


def _encode_numpy(value, kind):
    import numpy

    if kind is numpy.ndarray:
        dtype = str(value.dtype)
        if dtype not in DTYPES or value.size > MAX_ELEMENTS:
            return {"__object__": f"numpy.ndarray of {dtype}"}
        return {"__ndarray__": {"dtype": dtype, "shape": list(value.shape),
                                "data": base64.b64encode(numpy.ascontiguousarray(value).tobytes()).decode("ascii")}}
    if isinstance(value, numpy.generic):
        return {"__numpy_scalar__": {"dtype": str(value.dtype), "value": encode(value.item())}}
    if kind is numpy.dtype:
        return {"__numpy_dtype__": str(value)}
    return {"__object__": f"numpy.{kind.__qualname__}"}


# --- the grader's side -------------------------------------------------------------------------

class StudentText(str):
    """A string that came from the student's process. It compares and searches like any string,
    but never shows its content when formatted: a judge's message cannot carry it to feedback."""

    def __repr__(self):
        return f"<text of {len(self)} characters>"

    __str__ = __repr__

    def __format__(self, spec):
        return format(repr(self), spec)


class Opaque:
    """A value the kernel could only name (an object of another type than the plain ones)."""

    def __init__(self, what: str):
        self.what = StudentText(what)

    def __repr__(self):
        return "<an object that is not a plain value>"

    def __eq__(self, other):
        return False

    __hash__ = None


class Raised:
    """An exception raised by the student's code, as recorded in the kernel."""

    def __init__(self, types, message):
        self.types = [StudentText(t) for t in types if isinstance(t, str)]
        self.message = StudentText(message if isinstance(message, str) else "")

    @property
    def name(self) -> str:
        """The exception's class name, shown only when it looks like one."""
        name = self.types[0] if self.types else ""
        return str.__str__(name) if name.isidentifier() and len(name) <= 60 else "an exception"

    def is_a(self, error: type | str) -> bool:
        """Whether it is an instance of `error` (a class or its name), judged by the recorded class names."""
        wanted = error if isinstance(error, str) else error.__name__
        return any(str.__eq__(t, wanted) for t in self.types)

    def __repr__(self):
        return f"<{self.name} raised>"


def decode(data: object) -> Any:
    """Plain Python values (and new CPU tensors) from encoded data; strings become StudentText."""
    import torch

    if data is None or isinstance(data, (bool, int, float)):
        return data
    if isinstance(data, str):
        return StudentText(data)
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict) or len(data) != 1:
        return Opaque("malformed observation")
    (tag, body), = data.items()
    if tag == "__float__":
        return float(body) if body in ("nan", "inf", "-inf") else Opaque("malformed float")
    if tag == "__tuple__" and isinstance(body, list):
        return tuple(decode(item) for item in body)
    if tag == "__size__" and isinstance(body, list) and all(type(s) is int for s in body):
        return torch.Size(body)
    if tag == "__dict__" and isinstance(body, list):
        out = {}
        for pair in body:
            if isinstance(pair, list) and len(pair) == 2:
                key = decode(pair[0])
                if isinstance(key, (str, int, float, bool, tuple)) or key is None:
                    out[key] = decode(pair[1])
        return out
    if tag == "__dtype__" and isinstance(body, str) and body in DTYPES:
        return getattr(torch, body)
    if tag == "__device__" and isinstance(body, str):
        try:
            return torch.device(body)
        except (RuntimeError, ValueError):
            return Opaque("malformed device")
    if tag == "__tensor__" and isinstance(body, dict):
        return _decode_tensor(body)
    if tag == "__ndarray__" and isinstance(body, dict):
        return _decode_ndarray(body)
    if tag == "__numpy_scalar__" and isinstance(body, dict):
        import numpy
        try:
            return numpy.dtype(body["dtype"]).type(decode(body["value"]))
        except (TypeError, ValueError, KeyError):
            return Opaque("malformed numpy scalar")
    if tag == "__numpy_dtype__" and isinstance(body, str) and body in DTYPES:
        import numpy
        return numpy.dtype(body)
    if tag == "__raised__" and isinstance(body, dict) and isinstance(body.get("types"), list):
        return Raised(body["types"], body.get("message", ""))
    if tag == "__object__":
        return Opaque(body if isinstance(body, str) else "object")
    return Opaque("malformed observation")


def _raw(body, dtype: str, shape) -> bytes | None:
    if dtype not in DTYPES or not isinstance(shape, list) or not all(type(s) is int and s >= 0 for s in shape):
        return None
    numel = math.prod(shape)
    try:
        raw = base64.b64decode(body.get("data", ""), validate=True)
    except (ValueError, TypeError):
        return None
    return raw if numel <= MAX_ELEMENTS and len(raw) == numel * DTYPES[dtype] else None


def _decode_tensor(body: dict):
    import torch

    dtype, shape = body.get("dtype"), body.get("shape")
    raw = _raw(body, dtype, shape)
    if raw is None:
        return Opaque("malformed tensor")
    storage = torch.int16 if dtype == "bfloat16" else getattr(torch, dtype)
    t = torch.frombuffer(bytearray(raw), dtype=storage) if raw else torch.empty(0, dtype=storage)
    if dtype == "bfloat16":
        t = t.view(torch.bfloat16)
    t = t.reshape(shape).clone()
    t.observed = {key: body.get(key) for key in ("requires_grad", "is_leaf", "grad_fn", "device", "parameter")}
    if t.observed["grad_fn"] is not None:
        t.observed["grad_fn"] = StudentText(str(t.observed["grad_fn"]))
    return t


def _decode_ndarray(body: dict):
    import numpy

    dtype, shape = body.get("dtype"), body.get("shape")
    raw = _raw(body, dtype, shape)
    if raw is None:
        return Opaque("malformed array")
    return numpy.frombuffer(raw, dtype=dtype).reshape(shape).copy()
