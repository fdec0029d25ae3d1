"""Lesson 04: answers that must lose points (WRONG) and other correct styles (RIGHT).

Each entry replaces the whole solution cell of that exercise in the solution notebook.
"""
WRONG = {
    "Power": {
        # p multiplications in a row instead of exponentiation by squaring
        "linear_loop": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result = torch.ones_like(x)
        for _ in range(p):
            result = result * x
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        # uses ** in forward, which the exercise forbids
        "uses_pow": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        return x ** p

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * x ** (ctx.p - 1), None
''',
        # backward ignores grad_output (right only when the upstream gradient is 1)
        "ignores_grad_output": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return ctx.p * Power.forward(x, ctx.p - 1), None
''',
        # x^(p-1) computed as x^p / x: nan at x = 0
        "divides_by_x": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0], output)
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        x, output = ctx.saved_tensors
        return grad_output * ctx.p * output / x, None
''',
        # silently converts p with int(): 2.0 and "3" are accepted
        "casts_p_to_int": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = int(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = int(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        # a negative p gives ones instead of ValueError
        "accepts_negative_p": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        result, square = torch.ones_like(x), x
        while p > 0:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p <= 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        # torch.ones(x.shape) is float32 whatever the dtype of x
        "loses_dtype": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones(x.shape), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        # squares in place: the caller's x is overwritten
        "modifies_input": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            p >>= 1
            if p:
                square *= square
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x.clone(), ctx.p - 1), None
''',
        # 2.0 and 0.0 have no fractional part, so they are let through as integers
        "accepts_integral_float": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if isinstance(p, float) and p.is_integer():
            p = int(p)
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = int(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # isinstance(p, int): NumPy integers and integer 0-dim tensors are refused
        "rejects_numpy_integers": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if not isinstance(p, int):
            raise TypeError(f"p must be an int, got {type(p).__name__}")
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # any tensor p is read with .item(): torch.tensor(2.0) is accepted
        "accepts_float_tensor": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if isinstance(p, torch.Tensor):
            p = int(p.item())
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        p = inputs[1]
        ctx.p = int(p.item()) if isinstance(p, torch.Tensor) else int(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # the ValueError does not say which p was received
        "value_error_without_value": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError("p must be a non-negative integer")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # the TypeError does not say what was received
        "type_error_without_type": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError("p must be an integer") from None
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # x ** p instead of x ** (p - 1) in the derivative
        "derivative_power_off_by_one": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p), None
""",
        # torch.stack + prod: the values are right, but prod is not a multiplication of two tensors
        "stack_and_prod": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        if p == 0:
            return torch.ones_like(x)
        return torch.stack([x] * p).prod(dim=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
        # returns x itself for p = 1, which setup_context then cannot save
        "returns_input_for_p_one": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        if p == 1:
            return x
        result, square = torch.ones_like(x), x
        while p:
            if p & 1:
                result = result * square
            square = square * square
            p >>= 1
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
""",
    },
    "bisection_root": {
        # midpoints divided by 0: every answer is inf
        "infinite_midpoint": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo = torch.as_tensor(lo, dtype=torch.float64)
    hi = torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    lo_positive = bool(f_lo > 0)
    if lo_positive == bool(f_hi > 0):
        raise ValueError(f"f({lo.item():g}) and f({hi.item():g}) have the same sign")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 0
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if bool(f_mid > 0) == lo_positive:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
''',
        # the sign of f(hi) tested with f > -1: f(hi) in (-1, 0) counts as positive
        "sign_threshold_minus_one": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo = torch.as_tensor(lo, dtype=torch.float64)
    hi = torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    lo_positive = bool(f_lo > 0)
    if lo_positive == bool(f_hi > -1):
        raise ValueError(f"f({lo.item():g}) and f({hi.item():g}) have the same sign")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if bool(f_mid > 0) == lo_positive:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
''',
        # stops when |f(mid)| < tol: far from the root for a flat f
        "stops_on_residual": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    for n in range(1, max_iter + 1):
        mid = (lo + hi) / 2
        f_mid = f(mid)
        if f_mid.abs() < tol:
            return mid, n
        if (f_mid > 0) == (f_lo > 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2, max_iter
''',
        # never checks the signs at the ends: no ValueError
        "no_sign_check": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f(lo) > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
''',
        # strict product test: a root at the left end is lost (f(lo) * f(mid) == 0 moves lo)
        "strict_product_test": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    if f(lo) * f(hi) > 0:
        raise ValueError(f"f({lo.item()}) and f({hi.item()}) have the same sign")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if f(lo) * f(mid) < 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2, n
''',
        # strict product test with the ends checked: a midpoint exactly on the root becomes lo, f(lo) = 0 from then
        # on, so lo creeps up to hi (for x - 0.5 on [0, 1] it returns 1.0)
        "strict_product_never_stops_on_root": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if f_lo * f_hi > 0:
        raise ValueError(f"f({lo.item()}) and f({hi.item()}) have the same sign")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if f(lo) * f(mid) < 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2, n
""",
        # ignores tol and always runs max_iter halvings: the count is wrong
        "always_max_iter": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    for _ in range(max_iter):
        mid = (lo + hi) / 2
        f_mid = f(mid)
        if (f_mid > 0) == (f_lo > 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2, max_iter
''',
        # keeps the wrong half
        "keeps_wrong_half": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            hi = mid
        else:
            lo, f_lo = mid, f(mid)
    return (lo + hi) / 2, n
''',
        # returns a Python float instead of a tensor
        "returns_float": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = float(lo), float(hi)
    f_lo, f_hi = f(torch.tensor(lo)).item(), f(torch.tensor(hi)).item()
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo}, {hi}]")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(torch.tensor(mid)).item() > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
''',
        # no early return for a root at an end: [-1, 0.7] for x - 0.7 looks like "no sign change"
        "misses_root_at_end": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
""",
        # stops one halving before max_iter
        "one_halving_short": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter - 1:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
""",
        # one halving past max_iter
        "one_halving_too_many": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    n = 0
    while (hi - lo) / 2 > tol and n <= max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
""",
        # returns the lower end of the last interval: up to 2 * tol from the root
        "returns_lower_end": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"no sign change on [{lo.item()}, {hi.item()}]")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return lo, n
""",
        # the ValueError does not name the interval
        "error_without_interval": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.as_tensor(lo, dtype=torch.float64), torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError("f has the same sign at both ends")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2, n
""",
    },
    "find_bracket": {
        # the sign of f(-s) tested with f > -1: f(-s) in (-1, 0) counts as positive
        "sign_threshold_minus_one": '''
def find_bracket(f, start=1.0, max_doublings=60):
    half = float(start)
    for _ in range(max_doublings + 1):
        f_lo = f(torch.tensor(-half, dtype=torch.float64)).item()
        f_hi = f(torch.tensor(half, dtype=torch.float64)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > -1) != (f_hi > 0):
            return -half, half
        half *= 2
    raise ValueError(f"no sign change on [-s, s] up to s = {half}")
''',
        # only looks at [0, s]: misses roots on the negative side
        "positive_side_only": '''
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(0.0)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return 0.0, s
        s *= 2
    raise ValueError(f"no sign change up to {s}")
''',
        # one doubling too few: the widest interval start * 2**max_doublings is never tried
        "one_doubling_short": '''
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change on [-{s}, {s}]")
''',
        # ignores max_doublings: keeps doubling until it finds a sign change
        "ignores_max_doublings": '''
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    while True:
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
''',
        # returns None instead of raising when there is no sign change
        "returns_none": '''
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
    return None
''',
        # returns tensors instead of floats
        "returns_tensors": '''
def find_bracket(f, start=1.0, max_doublings=60):
    s = torch.tensor(float(start), dtype=torch.float64)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(-s), f(s)
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s = s * 2
    raise ValueError(f"no sign change up to {s.item()}")
''',
        # forgets that f(s) == 0 is a root when f(-s) < 0 too
        "misses_zero_at_right_end": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change up to {s}")
""",
        # forgets that f(-s) == 0 is a root when f(s) < 0 too
        "misses_zero_at_left_end": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change up to {s}")
""",
        # compares f >= 0 at both ends: a zero counts as positive, so (x - 4)^2 at s = 4 is missed
        "zero_counts_as_positive": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if (f_lo >= 0) != (f_hi >= 0):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change up to {s}")
""",
        # doubles before the first test: [-start, start] itself is never tried
        "doubles_before_testing": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        s *= 2
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
    raise ValueError(f"no sign change up to {s}")
""",
        # RuntimeError instead of ValueError when there is no sign change
        "raises_runtime_error": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        f_lo, f_hi = f(torch.tensor(-s)).item(), f(torch.tensor(s)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -s, s
        s *= 2
    raise RuntimeError(f"no sign change up to {s}")
""",
    },
    "newton_root": {
        # returns the leaf it differentiated: the root requires grad
        "root_requires_grad": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x, n
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item()}")
        with torch.no_grad():
            x = (x - fx / dfx).requires_grad_(True)
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # no check for f'(x) == 0: divides by zero and runs into inf/nan
        "no_zero_derivative_check": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        (dfx,) = torch.autograd.grad(fx, x)
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # returns the last iterate instead of raising RuntimeError
        "no_runtime_error": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x = x - fx / dfx
    return x.detach(), max_iter
''',
        # stops when the step is small, not when |f(x)| < tol: one step too many
        "stops_on_step_size": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(1, max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            step = fx / dfx
            x = x - step
        if abs(step.item()) < tol:
            return x, n
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # backward() without resetting x.grad: the derivatives accumulate
        "gradient_accumulates": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        fx.backward()
        if x.grad.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x -= fx / x.grad
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # central finite differences instead of autograd
        "finite_differences": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    h = 1e-7
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x, n
        if n == max_iter:
            break
        dfx = (f(x + h) - f(x - h)) / (2 * h)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        x = x - fx / dfx
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # counts function evaluations instead of Newton steps (off by one)
        "counts_evaluations": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n + 1
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
''',
        # torch.tensor(x0, requires_grad=True): an integer x0 gives an integer tensor, which cannot have a gradient
        "integer_x0_fails": """
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(x0, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x = (x - fx / dfx).requires_grad_(True)
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
""",
        # gives up after max_iter - 1 steps: convergence at step max_iter is reported as a failure
        "one_step_short": """
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"no convergence within max_iter = {max_iter} steps")
""",
        # the RuntimeError does not name max_iter
        "error_without_max_iter": """
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError("f'(x) = 0")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError("Newton's method did not converge")
""",
    },
    "newton_roots_batched": {
        # returns the leaf it differentiated: the roots require grad
        "roots_require_grad": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0]).clone()

    def horner(x):
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        return value

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        fx = horner(x)
        done = fx.detach().abs() < tol
        if done.all():
            return x
        if step == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - fx / dfx)
    raise RuntimeError(f"not every polynomial converged within max_iter = {max_iter} steps")
''',
        # no copy of x0: when every polynomial has converged at x0, the result is x0 itself or an expanded view
        "x0_itself_when_converged": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0])

    def horner(x):
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        return value

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        fx = horner(x)
        done = fx.detach().abs() < tol
        if done.all():
            return x.detach()
        if step == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - fx / dfx)
    raise RuntimeError(f"not every polynomial converged within max_iter = {max_iter} steps")
''',
        # a Python loop over the polynomials: right roots, but the work grows with B
        "loop_over_polynomials": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    starts = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0])
    roots = []
    for row, start in zip(coeffs, starts):
        x = start.clone()
        for _ in range(max_iter):
            value, slope = torch.zeros_like(x), torch.zeros_like(x)
            for c in row:
                slope = slope * x + value
                value = value * x + c
            if value.abs() < tol:
                break
            x = x - value / slope
        roots.append(x)
    return torch.stack(roots)
''',
        # stops as soon as any polynomial has converged
        "stops_when_any_converged": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        if (value.detach().abs() < tol).any():
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = x - value / slope
    return x.detach()
''',
        # reads the coefficients lowest degree first
        "lowest_degree_first": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in reversed(range(coeffs.shape[1])):
            value = value * x + coeffs[:, k]
        active = value.detach().abs() >= tol
        if not active.any():
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(active, x - value / slope, x)
    return x.detach()
''',
        # a fixed number of steps, no convergence test
        "fixed_five_steps": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(5):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = x - value / slope
    return x.detach()
''',
        # one shared step for the whole batch: sum of values over sum of slopes
        "shared_step": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        if (value.detach().abs() < tol).all():
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = x - value.sum() / slope.sum()
    return x.detach()
''',
        # torch.as_tensor(x0) without the dtype of coeffs: an integer x0 stays an integer tensor
        "integer_x0_fails": """
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter + 1):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.detach().abs() < tol
        if done.all():
            return x.detach()
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    raise RuntimeError(f"not all polynomials converged within max_iter = {max_iter} steps")
""",
        # gives up after max_iter - 1 steps: convergence at step max_iter is reported as a failure
        "one_step_short": """
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.detach().abs() < tol
        if done.all():
            return x.detach()
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    raise RuntimeError(f"not all polynomials converged within max_iter = {max_iter} steps")
""",
        # returns whatever it has after max_iter steps instead of raising RuntimeError
        "no_runtime_error": """
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.detach().abs() < tol
        if done.all():
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    return x.detach()
""",
        # the RuntimeError does not name max_iter
        "error_without_max_iter": """
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0]).clone()
    for _ in range(max_iter + 1):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.detach().abs() < tol
        if done.all():
            return x.detach()
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    raise RuntimeError("some polynomials did not converge")
""",
        # right roots, right errors, but a Python loop over the polynomials: only the call count tells
        "loop_with_exact_semantics": """
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    starts = torch.as_tensor(x0, dtype=coeffs.dtype).expand(coeffs.shape[0])
    roots = []
    for row, start in zip(coeffs, starts):
        x = start.clone()
        for step in range(max_iter + 1):
            x.requires_grad_(True)
            value = torch.zeros_like(x)
            for c in row:
                value = value * x + c
            if value.abs().item() < tol:
                break
            if step == max_iter:
                raise RuntimeError(f"a polynomial did not converge within max_iter = {max_iter} steps")
            (slope,) = torch.autograd.grad(value, x)
            with torch.no_grad():
                x = x - value / slope
        roots.append(x.detach())
    return torch.stack(roots)
""",
    },
}

RIGHT = {
    "Power": {
        # old-style forward(ctx, ...), recursive squaring, ** allowed in backward
        "recursive_ctx_style": '''
class Power(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"negative exponent {p}")
        ctx.save_for_backward(x)
        ctx.p = p

        def power(base, k):
            if k == 0:
                return torch.ones_like(base)
            if k == 1:
                return base.clone()
            half = power(base, k // 2)
            squared = half * half
            return squared * base if k % 2 else squared

        return power(x, p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return grad_output * 0, None
        return grad_output * ctx.p * x ** (ctx.p - 1), None
''',
        # left-to-right binary method with torch.square, derivative through the same Function,
        # integers told apart by hand (numbers.Integral and integer 0-dim tensors), other messages
        "left_to_right_square": '''
import numbers


class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if isinstance(p, torch.Tensor) and p.dim() == 0 and not p.is_floating_point() and not p.is_complex():
            p = int(p)
        if isinstance(p, bool) or not isinstance(p, numbers.Integral):
            raise TypeError(f"p must be an integer, got {type(p).__name__}")
        if p < 0:
            raise ValueError(f"p = {p} is negative")
        result = torch.ones_like(x)
        for bit in bin(p)[2:]:
            result = torch.square(result)
            if bit == "1":
                result = torch.mul(result, x)
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = int(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        p = ctx.p
        derivative = p * Power.apply(x, p - 1) if p > 0 else torch.zeros_like(x)
        return grad_output * derivative, None
''',
        # in-place multiplications on copies, its own wording of both errors
        "inplace_on_copies": """
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"expected an integer exponent, received {p!r}") from None
        if p < 0:
            raise ValueError(f"Power: the exponent {p} is negative")
        result = torch.ones_like(x)
        square = x.clone()
        while p > 0:
            if p % 2 == 1:
                result.mul_(square)
            p //= 2
            if p > 0:
                square.mul_(square)
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return ctx.p * Power.forward(x, ctx.p - 1) * grad_output, None
""",
    },
    "bisection_root": {
        # plain Python floats inside, copysign for the signs, a float32 tensor out
        "python_floats": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    def value(t):
        return float(f(torch.tensor(t, dtype=torch.float64)))

    lo, hi = float(lo), float(hi)
    f_lo, f_hi = value(lo), value(hi)
    if f_lo == 0.0:
        return torch.tensor(lo), 0
    if f_hi == 0.0:
        return torch.tensor(hi), 0
    if math.copysign(1.0, f_lo) == math.copysign(1.0, f_hi):
        raise ValueError(f"no sign change on [{lo}, {hi}]: f = {f_lo} and {f_hi}")
    n = 0
    while n < max_iter and hi - lo > 2 * tol:
        mid = 0.5 * (lo + hi)
        f_mid = value(mid)
        n += 1
        if f_mid == 0.0 or math.copysign(1.0, f_mid) != math.copysign(1.0, f_lo):
            hi = mid
        else:
            lo, f_lo = mid, f_mid
    return torch.tensor(0.5 * (lo + hi)), n
''',
        # torch.sign on tensors, stops when the whole interval is shorter than tol
        "sign_tensors": '''
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(float(lo), dtype=torch.float64)
    b = torch.tensor(float(hi), dtype=torch.float64)
    sa, sb = torch.sign(f(a)), torch.sign(f(b))
    if sa == 0:
        return a, 0
    if sb == 0:
        return b, 0
    if sa == sb:
        raise ValueError(f"f has the same sign at lo = {lo} and hi = {hi}")
    iterations = 0
    while b - a > tol and iterations < max_iter:
        m = a + (b - a) / 2
        sm = torch.sign(f(m))
        iterations += 1
        if sm == 0:
            return m, iterations
        if sm == sa:
            a = m
        else:
            b = m
    return a + (b - a) / 2, iterations
''',
        # the lecture's FloatTensor style: float32 all the way (tol = 1e-9 then runs to max_iter)
        "float32_lecture_style": """
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.tensor(float(lo)), torch.tensor(float(hi))
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if torch.sign(f_lo) == torch.sign(f_hi):
        raise ValueError(f"f({lo.item()}) and f({hi.item()}) have the same sign")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if torch.sign(f_mid) == torch.sign(f_lo):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2, n
""",
    },
    "find_bracket": {
        # a while loop over both ends, float arguments to f, torch.sign
        "while_loop_sign": '''
def find_bracket(f, start=1.0, max_doublings=60):
    lo, hi = -float(start), float(start)
    doublings = 0
    while True:
        s_lo = torch.sign(torch.as_tensor(f(lo))).item()
        s_hi = torch.sign(torch.as_tensor(f(hi))).item()
        if s_lo * s_hi <= 0:
            return lo, hi
        if doublings == max_doublings:
            raise ValueError(f"no sign change on [{lo}, {hi}] after {max_doublings} doublings")
        lo, hi = 2 * lo, 2 * hi
        doublings += 1
''',
        # float32 tensors for the ends, signs with torch.sign
        "float32_tensors": """
def find_bracket(f, start=1.0, max_doublings=60):
    s = torch.tensor(float(start))
    for _ in range(max_doublings + 1):
        sign_lo, sign_hi = torch.sign(f(-s)), torch.sign(f(s))
        if sign_lo == 0 or sign_hi == 0 or sign_lo != sign_hi:
            return -float(s), float(s)
        s = s * 2
    raise ValueError("no sign change within start * 2**max_doublings")
""",
    },
    "newton_root": {
        # float32, backward() with the gradient reset, an in-place update under no_grad
        "backward_float32_inplace": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), requires_grad=True)
    steps = 0
    while True:
        x.grad = None
        fx = f(x)
        if fx.abs().item() < tol:
            return x.detach(), steps
        if steps >= max_iter:
            raise RuntimeError(f"Newton did not converge after max_iter={max_iter} steps")
        fx.backward()
        slope = x.grad.item()
        if slope == 0.0:
            raise ZeroDivisionError(f"zero derivative at x = {x.item()}")
        with torch.no_grad():
            x -= fx.item() / slope
        steps += 1
''',
        # torch.func.grad for the derivative
        "func_grad": '''
def newton_root(f, x0, tol=1e-5, max_iter=50):
    derivative = torch.func.grad(f)
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x, n
        if n == max_iter:
            break
        slope = derivative(x)
        if slope.item() == 0:
            raise ZeroDivisionError("the derivative vanishes")
        x = x - fx / slope
    raise RuntimeError(f"{max_iter} steps were not enough")
''',
        # a fresh leaf from a Python float at every step
        "fresh_leaf_each_step": """
def newton_root(f, x0, tol=1e-5, max_iter=50):
    value = float(x0)
    for n in range(max_iter + 1):
        x = torch.tensor(value, dtype=torch.float64, requires_grad=True)
        fx = f(x)
        if fx.abs().item() < tol:
            return x.detach(), n
        if n < max_iter:
            fx.backward()
            slope = x.grad.item()
            if slope == 0.0:
                raise ZeroDivisionError(f"the derivative is zero at x = {value}")
            value -= fx.item() / slope
    raise RuntimeError(f"max_iter={max_iter} steps did not reach |f(x)| < {tol}")
""",
    },
    "newton_roots_batched": {
        # analytic derivative, powers of x with pow, every entry updated until all converge
        "analytic_all_entries": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    degree = coeffs.shape[1] - 1
    exponents = torch.arange(degree, -1, -1, dtype=coeffs.dtype, device=coeffs.device)
    slope_coeffs = coeffs[:, :-1] * exponents[:-1]
    x = torch.full((coeffs.shape[0],), 0.0, dtype=coeffs.dtype, device=coeffs.device) + torch.as_tensor(
        x0, dtype=coeffs.dtype, device=coeffs.device)
    for _ in range(max_iter + 1):
        powers = x.unsqueeze(1) ** exponents
        value = (coeffs * powers).sum(dim=1)
        if bool((value.abs() < tol).all()):
            return x
        slope = (slope_coeffs * powers[:, 1:]).sum(dim=1)
        x = x - value / slope
    raise RuntimeError(f"not all polynomials converged within max_iter = {max_iter}")
''',
        # works only on the indices still active, with index_put
        "active_indices": '''
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0]).clone()
    derivative = coeffs[:, :-1] * torch.arange(coeffs.shape[1] - 1, 0, -1, dtype=coeffs.dtype, device=coeffs.device)

    def horner(c, t):
        out = torch.zeros_like(t)
        for k in range(c.shape[1]):
            out = out * t + c[:, k]
        return out

    for _ in range(max_iter + 1):
        active = torch.nonzero(~(horner(coeffs, x).abs() < tol)).flatten()  # nan and inf have not converged
        if active.numel() == 0:
            return x
        xa = x[active]
        step = horner(coeffs[active], xa) / horner(derivative[active], xa)
        x = x.index_put((active,), xa - step)
    raise RuntimeError(f"some polynomials did not converge within max_iter = {max_iter}")
''',
    },
}

# Mutants of the reference solution (tests/lessons/mutants.py) that are still right answers, and why.
EQUIVALENT_MUTANTS = {
    "bisection_root:17:drop bool()": "f_lo > 0 is a one-element bool tensor: comparing it works as the bool did",
    "bisection_root:18:drop bool()": "the same comparison on a one-element bool tensor",
    "bisection_root:28:drop bool()": "the same comparison on a one-element bool tensor",
    "bisection_root:19:drop item()": "only the message changes: a 0-dim tensor formats with :g like its number",
    "bisection_root:19:drop item()#2": "only the message changes: a 0-dim tensor formats with :g like its number",
    "bisection_root:20:drop item()": "only the message changes: a 0-dim tensor formats with :g like its number",
    "bisection_root:20:drop item()#2": "only the message changes: a 0-dim tensor formats with :g like its number",
    "bisection_root:17:Gt->GtE": "f(lo) == 0 has already returned, so > 0 and >= 0 agree here",
    "bisection_root:18:Gt->GtE": "f(hi) == 0 has already returned, so > 0 and >= 0 agree here",
    "bisection_root:28:Gt->GtE": "f(mid) == 0 has already returned, so > 0 and >= 0 agree here",
    "bisection_root:22:Gt->GtE": "stops one halving later only when (hi - lo) / 2 equals tol exactly: still within tol",
    "bisection_root:22:2->1": "the stopping rule hi - lo <= tol, which the task accepts (one halving more)",
    "bisection_root:26:drop statement": "going on past a midpoint that is exactly a root still ends within tol (allowed)",
    "bisection_root:27:drop statement": "going on past a midpoint that is exactly a root still ends within tol (allowed)",
    "find_bracket:7:drop item()": "a one-element tensor compares with 0 like its number; the bracket is built from floats",
    "find_bracket:8:drop item()": "a one-element tensor compares with 0 like its number; the bracket is built from floats",
    "find_bracket:9:Gt->GtE": "f(-s) == 0 is caught by the clause before, so > 0 and >= 0 agree here",
    "find_bracket:9:Gt->GtE#2": "f(s) == 0 is caught by the clause before, so > 0 and >= 0 agree here",
    "newton_root:8:drop float()": "torch.tensor(x0, dtype=torch.float64) accepts an int x0 as well",
    "newton_root:12:drop item()": "abs() of a one-element tensor compares with tol like its number",
    "newton_root:17:drop item()": "a one-element tensor compares with 0 like its number",
    "newton_root:22:drop item()": "only the message changes: a 0-dim tensor formats with :.6g like its number",
    "newton_root:22:drop item()#2": "only the message changes: a 0-dim tensor formats with :.3g like its number",
    "newton_root:19:drop with": "the step recorded in the graph changes no value: torch.autograd.grad(fx, x) "
                                "differentiates with respect to the current x only, and the root is returned detached",
    "newton_roots_batched:27:drop with": "the step recorded in the graph changes no value: torch.autograd.grad "
                                         "differentiates with respect to the current x only, and the roots are "
                                         "returned detached",
    "newton_root:18:drop item()": "only the message changes: a 0-dim tensor formats with :.6g like its number",
    "newton_root:9:1->2": "the loop still breaks at n == max_iter: the extra round never starts",
    "newton_roots_batched:15:Add->Sub": "Horner with every coefficient subtracted computes -p(x): same roots, same Newton steps",
    "newton_roots_batched:21:drop detach()": "a comparison gives a tensor without grad either way",
    "newton_roots_batched:18:1->2": "the loop still breaks at step == max_iter: the extra round never starts",
    "newton_roots_batched:24:drop statement": "after max_iter steps one more step is taken but never checked: RuntimeError all the same",
    "newton_roots_batched:25:drop statement": "after max_iter steps one more step is taken but never checked: RuntimeError all the same",
    "newton_roots_batched:29:drop int()": "only the message changes; it still names max_iter",
}

# Every visible example: the solution is broken on exactly that call (tests/lessons/test_lessons.py), so
# the hidden checks must include it. {exercise: {example: (function or method, condition on its arguments)}}
VISIBLE_EXAMPLES = {
    "Power": {
        "[1, 2, 3] ** 0": ("Power.forward", "lambda x, p: _same(x, torch.tensor([1, 2, 3])) and _same(p, 0)"),
        "[1, 2, 3] ** 2": ("Power.forward", "lambda x, p: _same(x, torch.tensor([1, 2, 3])) and _same(p, 2)"),
        "[1.5, -2.0] ** 3": ("Power.forward", "lambda x, p: _same(x, torch.tensor([1.5, -2.0])) and _same(p, 3)"),
        "linspace(-1.001, 1.001, 5) ** 1000": (
            "Power.forward",
            "lambda x, p: _same(x, torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)) and _same(p, 1000)"),
        "the gradient of x ** 3 at [2, -1]": (
            "Power.backward",
            "lambda ctx, grad_output: _same(ctx.saved_tensors[0], torch.tensor([2.0, -1.0])) and ctx.p == 3"),
        "the gradient of x ** 0 at [0, -1]": (
            "Power.backward",
            "lambda ctx, grad_output: _same(ctx.saved_tensors[0], torch.tensor([0.0, -1.0])) and ctx.p == 0"),
        "p = 2.5": ("Power.apply", "lambda x, p: _same(p, 2.5)"),
        "p = tensor(1.5)": ("Power.apply", "lambda x, p: _same(p, torch.tensor(1.5))"),
        "p = -1": ("Power.apply", "lambda x, p: _same(p, -1)"),
    },
    "bisection_root": {
        "poly on [0, 1]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: _agrees(f, poly) "
                                             "and _same(lo, 0.0) and _same(hi, 1.0) and _same(tol, 1e-5) "
                                             "and _same(max_iter, 200)"),
        "poly on [1, 2]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: _agrees(f, poly) "
                                             "and _same(lo, 1.0) and _same(hi, 2.0)"),
        "poly on [0, 1], tol=0.1": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: _agrees(f, poly) "
                                                      "and _same(lo, 0.0) and _same(hi, 1.0) and _same(tol, 0.1)"),
        "poly on [0, 1], max_iter=5": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: _agrees(f, poly) "
                                                         "and _same(lo, 0.0) and _same(hi, 1.0) and _same(max_iter, 5)"),
        "x - 0.5 on [0, 1]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: "
                                                "_agrees(f, lambda x: x - 0.5) and _same(lo, 0.0) and _same(hi, 1.0)"),
        "0.5 - x on [0, 1]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: "
                                                "_agrees(f, lambda x: 0.5 - x) and _same(lo, 0.0) and _same(hi, 1.0)"),
        "2x - 1 on [-2, 2]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: "
                                                "_agrees(f, lambda x: 2 * x - 1) and _same(lo, -2.0) and _same(hi, 2.0)"),
        "x - 0.5 on [0.5, 2]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: "
                                                  "_agrees(f, lambda x: x - 0.5) and _same(lo, 0.5) and _same(hi, 2.0)"),
        "x - 0.5 on [-1, 0.5]": ("bisection_root", "lambda f, lo, hi, tol=1e-5, max_iter=200: "
                                                   "_agrees(f, lambda x: x - 0.5) and _same(lo, -1.0) and _same(hi, 0.5)"),
    },
    "find_bracket": {
        "poly": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, poly) and _same(start, 1.0) "
                                 "and _same(max_doublings, 60)"),
        "x - 5.5": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: x - 5.5) "
                                    "and _same(start, 1.0) and _same(max_doublings, 60)"),
        "x - 5.5, start=2": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: x - 5.5) "
                                             "and _same(start, 2)"),
        "x - 5.5, max_doublings=3": ("find_bracket", "lambda f, start=1.0, max_doublings=60: "
                                                     "_agrees(f, lambda x: x - 5.5) and _same(max_doublings, 3)"),
        "x - 5.5, max_doublings=2": ("find_bracket", "lambda f, start=1.0, max_doublings=60: "
                                                     "_agrees(f, lambda x: x - 5.5) and _same(max_doublings, 2)"),
        "0.5x + 0.25": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: 0.5 * x + 0.25)"),
        "0.25 - 0.5x": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: 0.25 - 0.5 * x)"),
        "-(x + 4)^2": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: -((x + 4) ** 2))"),
        "-(x - 2)^2": ("find_bracket", "lambda f, start=1.0, max_doublings=60: _agrees(f, lambda x: -((x - 2) ** 2))"),
    },
    "newton_root": {
        "poly from 0.0": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, poly) and _same(x0, 0.0) "
                                         "and _same(tol, 1e-5) and _same(max_iter, 50)"),
        "poly from 0.0, max_iter=3": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, poly) "
                                                     "and _same(x0, 0.0) and _same(max_iter, 3)"),
        "poly from 0.0, max_iter=2": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, poly) "
                                                     "and _same(x0, 0.0) and _same(max_iter, 2)"),
        "x - 1 from 1.5, tol=0.5": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, lambda x: x - 1) "
                                                   "and _same(x0, 1.5) and _same(tol, 0.5)"),
        "x^2 + 1 from 0.0": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, lambda x: x**2 + 1) "
                                            "and _same(x0, 0.0)"),
        "(x - 1)^2 + 1 from 2.0, max_iter=1": (
            "newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, lambda x: (x - 1) ** 2 + 1) "
                           "and _same(x0, 2.0) and _same(max_iter, 1)"),
        "x^2 from 0.0": ("newton_root", "lambda f, x0, tol=1e-5, max_iter=50: _agrees(f, lambda x: x**2) "
                                        "and _same(x0, 0.0)"),
    },
    "newton_roots_batched": {
        "three polynomials from 1.0": (
            "newton_roots_batched",
            "lambda coeffs, x0, tol=1e-5, max_iter=50: _same(coeffs, torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], "
            "[0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]], dtype=torch.float64)) and _same(x0, 1.0) "
            "and _same(tol, 1e-5) and _same(max_iter, 50)"),
        "the three in float32": (
            "newton_roots_batched",
            "lambda coeffs, x0, tol=1e-5, max_iter=50: _same(coeffs, torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], "
            "[0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]])) and _same(x0, 1.0) and _same(tol, 1e-3)"),
        "the three, max_iter=6": (
            "newton_roots_batched",
            "lambda coeffs, x0, tol=1e-5, max_iter=50: _same(coeffs, torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], "
            "[0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]], dtype=torch.float64)) and _same(x0, 1.0) "
            "and _same(max_iter, 6)"),
        "the three, max_iter=5": (
            "newton_roots_batched",
            "lambda coeffs, x0, tol=1e-5, max_iter=50: _same(coeffs, torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], "
            "[0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]], dtype=torch.float64)) and _same(x0, 1.0) "
            "and _same(max_iter, 5)"),
        "x - 1 from 1.5, tol=0.5": (
            "newton_roots_batched", "lambda coeffs, x0, tol=1e-5, max_iter=50: "
                                    "_same(coeffs, torch.tensor([[1.0, -1.0]], dtype=torch.float64)) and _same(x0, 1.5)"),
        "x - 3 and x^2 - 9 from 3.0": (
            "newton_roots_batched", "lambda coeffs, x0, tol=1e-5, max_iter=50: _same(coeffs, "
                                    "torch.tensor([[0.0, 1, -3], [1, 0, -9]], dtype=torch.float64)) and _same(x0, 3.0)"),
    },
}
