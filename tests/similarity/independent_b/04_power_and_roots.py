"""Independent test data for copy detection, lesson 04_power_and_roots (issue 36), author A2.

Written by hand from the task texts of lessons/en/04_power_and_roots.ipynb and the course
specification alone, without seeing the copy detector, the project's generated variants or another
author's data.

STUDENTS: the same twelve made-up people as in 01_tensors.py, each answering on their own:
  st01 mathematician, dense code                             (all right)
  st02 Java programmer, explicit checks, camelCase           (all right)
  st03 StackOverflow snippets                                (Power multiplies p times, no squaring)
  st04 long loops, Russian comments                          (newton_roots_batched loops over polynomials)
  st05 numpy wherever possible                               (Power.backward gives nan for p = 0 at x = 0)
  st06 asserts everything                                    (Power checks p with assert: AssertionError,
                                                              NumPy integers refused)
  st07 careful, type hints, English docstrings               (all right)
  st08 terse one-liners                                      (all right)
  st09 beginner, prints                                      (Power, newton_roots_batched left out;
                                                              bisection stops on |f(mid)| < tol)
  st10 functional style, small helpers                       (all right)
  st11 torch functional API, Russian comments                (all right)
  st12 C programmer, while loops                             (newton_root uses a finite difference,
                                                              not autograd)

Ground truth: the only copied answers are those listed in COPIES; every other pair is independent.
  cp01 <- st08, full (all 5): one-liners split onto lines, names changed, comments added.
  cp02 <- st02, full (all 5): restructured: loops rewritten (while <-> for, bit tests as % and //),
          checks moved into helpers, operator.index swapped for int() with an isinstance check,
          error messages reworded, statements reordered, an unused variable added.
  cp03 <- st10, partial: Power and newton_root copied (helpers inlined, names changed); three
          written by cp03.
  cp04 <- st07, partial: bisection_root, find_bracket, newton_roots_batched copied and reworked
          (for -> while, sign test rewritten, Horner moved into a helper, torch.where swapped for a
          masked update); two written by cp04.
"""

STUDENTS = {
    "st01": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {p!r}") from None
        if p < 0:
            raise ValueError(f"p must be >= 0, got {p}")
        r, s = torch.ones_like(x), x
        while p:
            if p & 1:
                r = r * s
            p >>= 1
            if p:
                s = s * s
        return r

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(g), None
        return g * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a, b = torch.tensor(float(lo), dtype=torch.float64), torch.tensor(float(hi), dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0: return a, 0
    if fb == 0: return b, 0
    if fa.sign() == fb.sign():
        raise ValueError(f"f has the same sign at lo={float(lo)} and hi={float(hi)}")
    n = 0
    while n < max_iter and (b - a) / 2 > tol:
        m = (a + b) / 2
        fm = f(m)
        n += 1
        if fm == 0: return m, n
        if fm.sign() == fa.sign(): a, fa = m, fm
        else: b = m
    return (a + b) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    for k in range(max_doublings + 1):
        s = float(start) * 2**k
        u, v = float(f(torch.tensor(-s, dtype=torch.float64))), float(f(torch.tensor(s, dtype=torch.float64)))
        if u * v <= 0 or (u < 0) != (v < 0):
            return -s, s
    raise ValueError(f"no sign change up to {float(start) * 2**max_doublings}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_()
        y = f(x)
        if y.abs() < tol:
            return x.detach(), n
        if n == max_iter:
            break
        d, = torch.autograd.grad(y, x)
        if d == 0:
            raise ZeroDivisionError(f"f'({x.item()}) = 0")
        x = (x - y / d).detach()
    raise RuntimeError(f"no root within max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0]).clone()
    for it in range(max_iter + 1):
        x.requires_grad_()
        y = torch.zeros_like(x)
        for c in coeffs.T:
            y = y * x + c
        ok = y.abs() < tol
        if ok.all():
            return x.detach()
        if it == max_iter:
            break
        d, = torch.autograd.grad(y.sum(), x)
        x = torch.where(ok, x, x - y / d).detach()
    raise RuntimeError(f"not all converged after max_iter={max_iter} steps")
''',
    },
    "st02": {
        "Power": r'''class Power(torch.autograd.Function):
    """x ** p by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        try:
            exponent = operator.index(p)
        except TypeError:
            raise TypeError("Invalid argument: p must be an integer, got " + repr(p)
                            + " of type " + type(p).__name__)
        if exponent < 0:
            raise ValueError("Invalid argument: p must be non-negative, got " + str(exponent))
        result = torch.ones_like(x)
        currentFactor = x
        remaining = exponent
        while remaining > 0:
            if remaining % 2 == 1:
                result = result * currentFactor
            remaining = remaining // 2
            if remaining > 0:
                currentFactor = currentFactor * currentFactor
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        inputTensor, exponent = inputs
        ctx.save_for_backward(inputTensor)
        ctx.exponent = operator.index(exponent)

    @staticmethod
    def backward(ctx, grad_output):
        (inputTensor,) = ctx.saved_tensors
        exponent = ctx.exponent
        if exponent == 0:
            return torch.zeros_like(inputTensor), None
        derivative = exponent * Power.forward(inputTensor, exponent - 1)
        return grad_output * derivative, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Bisection on [lo, hi] in float64."""
    left = torch.tensor(lo, dtype=torch.float64)
    right = torch.tensor(hi, dtype=torch.float64)
    valueLeft = f(left)
    valueRight = f(right)
    if valueLeft == 0:
        return left, 0
    if valueRight == 0:
        return right, 0
    if torch.sign(valueLeft) == torch.sign(valueRight):
        raise ValueError("Invalid argument: f(lo) and f(hi) have the same sign for lo = "
                         + str(lo) + " and hi = " + str(hi))
    iterations = 0
    while iterations < max_iter:
        if (right - left) / 2 <= tol:
            break
        middle = (left + right) / 2
        valueMiddle = f(middle)
        iterations = iterations + 1
        if valueMiddle == 0:
            return middle, iterations
        if torch.sign(valueMiddle) == torch.sign(valueLeft):
            left = middle
            valueLeft = valueMiddle
        else:
            right = middle
    return (left + right) / 2, iterations
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Doubles [-s, s] until f changes sign."""
    halfWidth = float(start)
    for doubling in range(max_doublings + 1):
        valueLeft = f(torch.tensor(-halfWidth, dtype=torch.float64))
        valueRight = f(torch.tensor(halfWidth, dtype=torch.float64))
        if valueLeft == 0 or valueRight == 0:
            return (-halfWidth, halfWidth)
        if torch.sign(valueLeft) != torch.sign(valueRight):
            return (-halfWidth, halfWidth)
        halfWidth = halfWidth * 2
    raise ValueError("Invalid argument: no sign change found within " + str(max_doublings) + " doublings")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Newton's method; the derivative comes from autograd."""
    current = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    steps = 0
    while True:
        value = f(current)
        if abs(value.item()) < tol:
            return current.detach(), steps
        if steps == max_iter:
            raise RuntimeError("Did not converge within max_iter = " + str(max_iter) + " steps")
        (derivative,) = torch.autograd.grad(value, current)
        if derivative.item() == 0:
            raise ZeroDivisionError("Derivative is zero at x = " + str(current.item()))
        with torch.no_grad():
            nextValue = current - value / derivative
        current = nextValue.requires_grad_(True)
        steps = steps + 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Newton's method for all polynomials together; loop over iterations only."""
    batchSize = coeffs.shape[0]
    degreePlusOne = coeffs.shape[1]
    start = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    current = start.expand(batchSize).clone()
    for iteration in range(max_iter + 1):
        current.requires_grad_(True)
        value = torch.zeros_like(current)
        for k in range(degreePlusOne):
            value = value * current + coeffs[:, k]
        converged = value.abs() < tol
        if bool(converged.all()):
            return current.detach()
        if iteration == max_iter:
            raise RuntimeError("Not all polynomials converged within max_iter = " + str(max_iter))
        (derivative,) = torch.autograd.grad(value.sum(), current)
        with torch.no_grad():
            current = torch.where(converged, current, current - value / derivative)
''',
    },
    "st03": {
        "Power": r'''class Power(torch.autograd.Function):
    # pattern from the pytorch docs "Extending torch.autograd"
    @staticmethod
    def forward(x, p):
        import operator
        p = operator.index(p)  # raises TypeError for floats (https://stackoverflow.com/q/3501382)
        if p < 0:
            raise ValueError("negative power %d" % p)
        out = torch.ones_like(x)
        for _ in range(p):
            out = out * x
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = int(p)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        p = ctx.p
        if p == 0:
            return torch.zeros_like(x), None
        return grad_output * p * Power.forward(x, p - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    # classic bisection (https://stackoverflow.com/questions/6289646)
    a = torch.tensor(lo, dtype=torch.double)
    b = torch.tensor(hi, dtype=torch.double)
    fa = f(a)
    fb = f(b)
    if fa.item() == 0:
        return a, 0
    if fb.item() == 0:
        return b, 0
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError("f(%s) and f(%s) must have opposite signs" % (lo, hi))
    i = 0
    while (b - a) > tol and i < max_iter:
        c = (a + b) / 2
        fc = f(c)
        i += 1
        if fc.item() == 0:
            return c, i
        if torch.sign(fc) == torch.sign(fa):
            a, fa = c, fc
        else:
            b, fb = c, fc
    return (a + b) / 2, i
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        lo_val = float(f(-s))
        hi_val = float(f(s))
        # math.copysign trick to compare signs
        if lo_val == 0 or hi_val == 0 or math.copysign(1, lo_val) != math.copysign(1, hi_val):
            return (-s, s)
        s *= 2
    raise ValueError("could not bracket a root")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.double, requires_grad=True)
    for i in range(max_iter + 1):
        fx = f(x)
        if torch.abs(fx).item() < tol:
            return x.detach(), i
        if i == max_iter:
            break
        # see https://stackoverflow.com/questions/63006069 for grad of scalar
        fx.backward()
        if x.grad.item() == 0:
            raise ZeroDivisionError("zero derivative at %f" % x.item())
        with torch.no_grad():
            x -= fx / x.grad
        x.grad.zero_()
    raise RuntimeError("Newton did not converge in max_iter=%d iterations" % max_iter)
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    deg = coeffs.shape[1] - 1
    # derivative coefficients: multiply by powers (numpy.polyder style)
    powers = torch.arange(deg, 0, -1, dtype=coeffs.dtype, device=coeffs.device)
    dcoeffs = coeffs[:, :-1] * powers
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device) * torch.ones(coeffs.shape[0], dtype=coeffs.dtype, device=coeffs.device)
    for i in range(max_iter + 1):
        p = torch.zeros_like(x)
        for k in range(deg + 1):
            p = p * x + coeffs[:, k]
        done = p.abs() < tol
        if done.all():
            return x
        if i == max_iter:
            break
        dp = torch.zeros_like(x)
        for k in range(deg):
            dp = dp * x + dcoeffs[:, k]
        x = torch.where(done, x, x - p / dp)
    raise RuntimeError("max_iter=%d reached" % max_iter)
''',
    },
    "st04": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        # проверка показателя
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError("p must be int, got " + str(type(p)))
        if p < 0:
            raise ValueError("p must be >= 0, got " + str(p))
        # двоичные цифры p, младшие первыми
        bits = []
        q = p
        while q > 0:
            bits.append(q % 2)
            q = q // 2
        res = torch.ones_like(x)
        cur = x
        for i in range(len(bits)):
            if bits[i] == 1:
                res = res * cur
            if i < len(bits) - 1:
                cur = cur * cur
        return res

    @staticmethod
    def setup_context(ctx, inputs, output):
        x = inputs[0]
        p = inputs[1]
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        p = ctx.p
        # производная константы равна нулю
        if p == 0:
            return grad_output * 0, None
        d = Power.forward(x, p - 1)
        return grad_output * p * d, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa = f(a)
    fb = f(b)
    # корень на конце
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if (fa > 0 and fb > 0) or (fa < 0 and fb < 0):
        raise ValueError("same sign at lo=" + str(lo) + " and hi=" + str(hi))
    n = 0
    for i in range(max_iter):
        if b - a <= tol:
            break
        m = (a + b) / 2
        fm = f(m)
        n = n + 1
        if fm == 0:
            return m, n
        if (fm > 0 and fa > 0) or (fm < 0 and fa < 0):
            a = m
            fa = fm
        else:
            b = m
            fb = fm
    return (a + b) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    k = 0
    while k <= max_doublings:
        a = f(torch.tensor(-s, dtype=torch.float64))
        b = f(torch.tensor(s, dtype=torch.float64))
        # смена знака или ноль на конце
        if a == 0 or b == 0:
            return -s, s
        if (a < 0 and b > 0) or (a > 0 and b < 0):
            return -s, s
        s = s * 2
        k = k + 1
    raise ValueError("no sign change found")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    n = 0
    while True:
        xx = x.clone().requires_grad_(True)
        fx = f(xx)
        # остановка
        if abs(fx.item()) < tol:
            return x, n
        if n >= max_iter:
            raise RuntimeError("no convergence after max_iter = " + str(max_iter))
        g = torch.autograd.grad(fx, xx)[0]
        if g.item() == 0:
            raise ZeroDivisionError("f'(x) = 0 at x = " + str(x.item()))
        x = x - fx.detach() / g
        n = n + 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B = coeffs.shape[0]
    res = torch.empty(B, dtype=coeffs.dtype, device=coeffs.device)
    # для каждого многочлена отдельно
    for i in range(B):
        if isinstance(x0, torch.Tensor):
            x = x0[i].detach().clone().to(coeffs.dtype)
        else:
            x = torch.tensor(float(x0), dtype=coeffs.dtype, device=coeffs.device)
        ok = False
        for it in range(max_iter + 1):
            xx = x.clone().requires_grad_(True)
            v = torch.zeros((), dtype=coeffs.dtype, device=coeffs.device)
            for c in coeffs[i]:
                v = v * xx + c
            if abs(v.item()) < tol:
                ok = True
                break
            if it == max_iter:
                break
            g = torch.autograd.grad(v, xx)[0]
            x = x - v.detach() / g
        if not ok:
            raise RuntimeError("no convergence after max_iter = " + str(max_iter))
        res[i] = x
    return res
''',
    },
    "st05": {
        "Power": r'''import numpy as np


class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {type(p).__name__}: {p!r}")
        if p < 0:
            raise ValueError(f"p = {p} < 0")
        # двоичная запись p, как np.binary_repr
        result = torch.ones_like(x)
        factor = x
        for bit in reversed(np.binary_repr(p)):
            if bit == "1":
                result = result * factor
            factor = factor * factor
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        # производная степени
        return grad_output * ctx.p * x ** (ctx.p - 1), None
''',
        "bisection_root": r'''import numpy as np


def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo_t = torch.tensor(lo, dtype=torch.float64)
    hi_t = torch.tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo_t), f(hi_t)
    if f_lo == 0:
        return lo_t, 0
    if f_hi == 0:
        return hi_t, 0
    if np.sign(f_lo.item()) == np.sign(f_hi.item()):
        raise ValueError(f"f(lo) and f(hi) have the same sign: lo={lo}, hi={hi}")
    n_needed = int(np.ceil(np.log2((hi - lo) / (2 * tol))))
    n = 0
    for _ in range(min(max(n_needed, 0), max_iter)):
        mid = (lo_t + hi_t) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if np.sign(f_mid.item()) == np.sign(f_lo.item()):
            lo_t, f_lo = mid, f_mid
        else:
            hi_t = mid
    return (lo_t + hi_t) / 2, n
''',
        "find_bracket": r'''import numpy as np


def find_bracket(f, start=1.0, max_doublings=60):
    # все s = start * 2**k сразу
    for s in float(start) * 2.0 ** np.arange(max_doublings + 1):
        a, b = float(f(torch.tensor(-s, dtype=torch.float64))), float(f(torch.tensor(s, dtype=torch.float64)))
        if a == 0 or b == 0 or np.sign(a) != np.sign(b):
            return float(-s), float(s)
    raise ValueError(f"no sign change for start={start}, max_doublings={max_doublings}")
''',
        "newton_root": r'''import numpy as np


def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        xg = x.clone().requires_grad_()
        fx = f(xg)
        if np.abs(fx.item()) < tol:
            return x, n
        if n == max_iter:
            break
        (d,) = torch.autograd.grad(fx, xg)
        if d.item() == 0:
            raise ZeroDivisionError(f"zero derivative at x={x.item()}")
        x = x - fx.detach() / d
    raise RuntimeError(f"Newton did not converge in max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B, n = coeffs.shape
    x = torch.full((B,), 0.0, dtype=coeffs.dtype, device=coeffs.device) + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    # степени x: как np.vander
    powers = torch.arange(n - 1, -1, -1, device=coeffs.device)
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_()
        vander = x[:, None] ** powers
        p = (coeffs * vander).sum(dim=1)
        done = p.abs() < tol
        if done.all():
            return x.detach()
        if it == max_iter:
            break
        (dp,) = torch.autograd.grad(p.sum(), x)
        x = torch.where(done, x, x - p / dp)
    raise RuntimeError(f"not converged after max_iter={max_iter}")
''',
    },
    "st06": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        assert isinstance(p, int), f"p must be an int, got {p!r}"
        assert p >= 0, f"p must be non-negative, got {p}"
        result = torch.ones_like(x)
        base = x
        n = p
        while n > 0:
            if n % 2:
                result = result * base
            n //= 2
            if n:
                base = base * base
        assert result.shape == x.shape
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = p

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None
        g = grad_output * ctx.p * Power.forward(x, ctx.p - 1)
        assert g.shape == x.shape
        return g, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    assert tol > 0 and max_iter >= 0
    a, b = torch.tensor(lo, dtype=torch.float64), torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError(f"no sign change between lo={lo} and hi={hi}")
    n = 0
    while n < max_iter and (b - a) / 2 > tol:
        m = (a + b) / 2
        fm = f(m)
        n += 1
        if fm == 0:
            return m, n
        if torch.sign(fm) == torch.sign(fa):
            a, fa = m, fm
        else:
            b = m
    assert a <= b
    return (a + b) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    assert start > 0, "start must be positive"
    s = float(start)
    for _ in range(max_doublings + 1):
        fl, fr = f(torch.tensor(-s, dtype=torch.float64)), f(torch.tensor(s, dtype=torch.float64))
        if fl == 0 or fr == 0 or torch.sign(fl) != torch.sign(fr):
            return -s, s
        s *= 2
    raise ValueError(f"no bracket found from start={start} in {max_doublings} doublings")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    assert isinstance(x0, (int, float))
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if fx.abs().item() < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (d,) = torch.autograd.grad(fx, x)
        if d == 0:
            raise ZeroDivisionError(f"f'(x) is 0 at x={x.item()}")
        with torch.no_grad():
            x = x - fx / d
        x.requires_grad_(True)
    raise RuntimeError(f"no convergence within max_iter={max_iter}")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    assert coeffs.dim() == 2, "coeffs must be (B, degree + 1)"
    B = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(B).clone()
    assert x.shape == (B,)
    for it in range(max_iter + 1):
        x.requires_grad_(True)
        p = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            p = p * x + coeffs[:, k]
        done = p.abs() < tol
        if done.all():
            return x.detach()
        if it == max_iter:
            break
        (dp,) = torch.autograd.grad(p.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - p / dp)
    raise RuntimeError(f"not all converged within max_iter={max_iter}")
''',
    },
    "st07": {
        "Power": r'''class Power(torch.autograd.Function):
    """x ** p for an integer p >= 0 by exponentiation by squaring."""

    @staticmethod
    def forward(x: torch.Tensor, p) -> torch.Tensor:
        """Multiply in the squares x, x^2, x^4, ... whose bit of p is set."""
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {type(p).__name__} {p!r}") from None
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result = torch.ones_like(x)
        square = x
        while True:
            if p & 1:
                result = result * square
            p >>= 1
            if p == 0:
                return result
            square = square * square

    @staticmethod
    def setup_context(ctx, inputs, output) -> None:
        """Keep x for backward and p as a plain int."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor):
        """p * x^(p-1) * grad_output; a constant (p = 0) has zero derivative."""
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo: float, hi: float, tol: float = 1e-5, max_iter: int = 200):
    """Halve [lo, hi] keeping a sign change, until half its length is within tol."""
    lo_t = torch.tensor(lo, dtype=torch.float64)
    hi_t = torch.tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo_t), f(hi_t)
    if f_lo == 0:
        return lo_t, 0
    if f_hi == 0:
        return hi_t, 0
    if torch.sign(f_lo) == torch.sign(f_hi):
        raise ValueError(f"f(lo) and f(hi) have the same sign for lo={lo}, hi={hi}")
    for n in range(1, max_iter + 1):
        if (hi_t - lo_t) / 2 <= tol:
            return (lo_t + hi_t) / 2, n - 1
        mid = (lo_t + hi_t) / 2
        f_mid = f(mid)
        if f_mid == 0:
            return mid, n
        if torch.sign(f_mid) == torch.sign(f_lo):
            lo_t, f_lo = mid, f_mid
        else:
            hi_t = mid
    return (lo_t + hi_t) / 2, max_iter
''',
        "find_bracket": r'''def find_bracket(f, start: float = 1.0, max_doublings: int = 60) -> tuple:
    """The first (-s, s), s = start * 2**k, on which f changes sign or vanishes at an end."""
    s = float(start)
    for _ in range(max_doublings + 1):
        f_left = f(torch.tensor(-s, dtype=torch.float64))
        f_right = f(torch.tensor(s, dtype=torch.float64))
        if f_left == 0 or f_right == 0 or torch.sign(f_left) != torch.sign(f_right):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change on [-s, s] for s up to {s / 2} (start={start})")
''',
        "newton_root": r'''def newton_root(f, x0: float, tol: float = 1e-5, max_iter: int = 50):
    """x <- x - f(x) / f'(x) with f' from autograd, until |f(x)| < tol."""
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx == 0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item()}")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"|f(x)| >= tol after max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs: torch.Tensor, x0, tol: float = 1e-5, max_iter: int = 50) -> torch.Tensor:
    """Newton steps for all B polynomials at once; converged ones stay where they are."""
    batch = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()
    for step in range(max_iter + 1):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.abs() < tol
        if done.all():
            return x.detach()
        if step == max_iter:
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    raise RuntimeError(f"some polynomials did not converge within max_iter={max_iter} steps")
''',
    },
    "st08": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try: p = operator.index(p)
        except TypeError: raise TypeError(f"integer p expected, got {p!r}") from None
        if p < 0: raise ValueError(f"p={p} < 0")
        r, sq = torch.ones_like(x), x
        for i in range(p.bit_length()):
            if p >> i & 1: r = r * sq
            if i + 1 < p.bit_length(): sq = sq * sq
        return r

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0]); ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return (g * ctx.p * Power.forward(x, ctx.p - 1) if ctx.p else torch.zeros_like(g)), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.tensor(lo, dtype=torch.float64), torch.tensor(hi, dtype=torch.float64)
    flo, fhi = f(lo), f(hi)
    if flo == 0 or fhi == 0: return (lo if flo == 0 else hi), 0
    if flo.sign() == fhi.sign(): raise ValueError(f"same sign at lo={lo.item()}, hi={hi.item()}")
    for n in range(max_iter):
        if hi - lo <= tol: return (lo + hi) / 2, n
        mid = (lo + hi) / 2; fm = f(mid)
        if fm == 0: return mid, n + 1
        if fm.sign() == flo.sign(): lo, flo = mid, fm
        else: hi = mid
    return (lo + hi) / 2, max_iter
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    for s in (float(start) * 2 ** k for k in range(max_doublings + 1)):
        a, b = f(torch.tensor(-s, dtype=torch.float64)), f(torch.tensor(s, dtype=torch.float64))
        if a == 0 or b == 0 or a.sign() != b.sign(): return -s, s
    raise ValueError(f"no sign change, start={start}, {max_doublings} doublings")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if fx.abs() < tol: return x.detach(), n
        if n == max_iter: raise RuntimeError(f"max_iter={max_iter} reached")
        d, = torch.autograd.grad(fx, x)
        if d == 0: raise ZeroDivisionError(f"f'={d.item()} at {x.item()}")
        x = (x - fx / d).detach().requires_grad_()
''',
        "newton_roots_batched": r'''import functools


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(len(coeffs)).clone()
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_()
        p = functools.reduce(lambda acc, c: acc * x + c, coeffs.unbind(1), torch.zeros_like(x))
        done = p.abs() < tol
        if done.all(): return x.detach()
        if it == max_iter: raise RuntimeError(f"max_iter={max_iter} reached")
        x = torch.where(done, x, x - p / torch.autograd.grad(p.sum(), x)[0])
''',
    },
    "st09": {
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo = torch.tensor(lo, dtype=torch.float64)
    hi = torch.tensor(hi, dtype=torch.float64)
    if f(lo) == 0:
        return lo, 0
    if f(hi) == 0:
        return hi, 0
    if f(lo) * f(hi) > 0:
        raise ValueError("same sign at " + str(lo.item()) + " and " + str(hi.item()))
    n = 0
    mid = (lo + hi) / 2
    while n < max_iter:
        mid = (lo + hi) / 2
        n += 1
        # корень нашёлся?
        if abs(f(mid)) < tol:
            break
        if f(lo) * f(mid) < 0:
            hi = mid
        else:
            lo = mid
    print("iterations:", n)
    return mid, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for i in range(max_doublings + 1):
        a = f(torch.tensor(-s, dtype=torch.float64))
        b = f(torch.tensor(s, dtype=torch.float64))
        if a == 0 or b == 0 or a * b < 0:
            return -s, s
        s = s * 2
    raise ValueError("no bracket")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    n = 0
    while abs(f(x).item()) >= tol:
        if n == max_iter:
            raise RuntimeError("did not converge, max_iter = " + str(max_iter))
        y = f(x)
        y.backward()
        if x.grad.item() == 0:
            raise ZeroDivisionError("derivative is 0")
        with torch.no_grad():
            x = x - y / x.grad
        x.requires_grad = True
        n += 1
        print(n, x.item())
    return x.detach(), n
''',
    },
    "st10": {
        "Power": r'''def _as_exponent(p):
    try:
        p = operator.index(p)
    except TypeError:
        raise TypeError(f"Power: p must be an integer, got {p!r} of type {type(p).__name__}") from None
    if p < 0:
        raise ValueError(f"Power: p must be >= 0, got {p}")
    return p


def _squares(x, count):
    square = x
    for _ in range(count):
        yield square
        square = square * square if _ < count - 1 else square


class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = _as_exponent(p)
        bits = [int(b) for b in reversed(bin(p)[2:])] if p else []
        result = torch.ones_like(x)
        for bit, square in zip(bits, _squares(x, len(bits))):
            if bit:
                result = result * square
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = _as_exponent(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if not ctx.p:
            return torch.zeros_like(grad_output), None
        return ctx.p * Power.forward(x, ctx.p - 1) * grad_output, None
''',
        "bisection_root": r'''def _same_sign(u, v):
    return bool(torch.sign(u) == torch.sign(v))


def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo_x, hi_x = (torch.tensor(v, dtype=torch.float64) for v in (lo, hi))
    f_lo, f_hi = f(lo_x), f(hi_x)
    for end, value in ((lo_x, f_lo), (hi_x, f_hi)):
        if value == 0:
            return end, 0
    if _same_sign(f_lo, f_hi):
        raise ValueError(f"bisection needs a sign change: f({lo}) and f({hi}) share a sign")
    n = 0
    while n < max_iter and hi_x - lo_x > 2 * tol:
        mid = (lo_x + hi_x) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        lo_x, f_lo, hi_x = (mid, f_mid, hi_x) if _same_sign(f_mid, f_lo) else (lo_x, f_lo, mid)
    return (lo_x + hi_x) / 2, n
''',
        "find_bracket": r'''def _brackets(f, s):
    left, right = (f(torch.tensor(v, dtype=torch.float64)) for v in (-s, s))
    return left == 0 or right == 0 or torch.sign(left) != torch.sign(right)


def find_bracket(f, start=1.0, max_doublings=60):
    sizes = (float(start) * 2 ** k for k in range(max_doublings + 1))
    s = next((s for s in sizes if _brackets(f, s)), None)
    if s is None:
        raise ValueError(f"find_bracket: no sign change after {max_doublings} doublings of {start}")
    return -s, s
''',
        "newton_root": r'''def _value_and_slope(f, x):
    leaf = x.detach().requires_grad_()
    value = f(leaf)
    (slope,) = torch.autograd.grad(value, leaf)
    return value.detach(), slope


def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        value, slope = _value_and_slope(f, x)
        if value.abs() < tol:
            return x, n
        if n == max_iter:
            break
        if slope == 0:
            raise ZeroDivisionError(f"newton_root: f'(x) = 0 at x = {x.item()}")
        x = x - value / slope
    raise RuntimeError(f"newton_root: |f(x)| >= tol after max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''import functools


def _horner(coeffs, x):
    return functools.reduce(lambda acc, column: acc * x + column, coeffs.unbind(dim=1), torch.zeros_like(x))


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    start = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    x = start.expand(coeffs.shape[0]).clone()
    for n in range(max_iter + 1):
        leaf = x.detach().requires_grad_()
        values = _horner(coeffs, leaf)
        done = values.abs() < tol
        if done.all():
            return x.detach().clone()
        if n == max_iter:
            break
        (slopes,) = torch.autograd.grad(values.sum(), leaf)
        x = torch.where(done, x, x - values.detach() / slopes)
    raise RuntimeError(f"newton_roots_batched: not converged after max_iter={max_iter}")
''',
    },
    "st11": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"показатель p должен быть целым, получено {type(p).__name__} {p!r}")
        if p < 0:
            raise ValueError(f"показатель p должен быть >= 0, получено {p}")
        out = torch.ones_like(x)
        base = x
        # возведение в квадрат, пока есть биты
        while p > 0:
            if p % 2 == 1:
                out = torch.mul(out, base)
            p = p // 2
            if p > 0:
                base = torch.square(base)
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None
        deriv = torch.mul(Power.forward(x, ctx.p - 1), ctx.p)
        return torch.mul(grad_output, deriv), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if torch.eq(fa, 0):
        return a, 0
    if torch.eq(fb, 0):
        return b, 0
    if torch.eq(torch.sign(fa), torch.sign(fb)):
        raise ValueError(f"у f(lo) и f(hi) один знак: lo={lo}, hi={hi}")
    n = 0
    while n < max_iter and torch.sub(b, a) > 2 * tol:
        m = torch.div(torch.add(a, b), 2)
        fm = f(m)
        n += 1
        if torch.eq(fm, 0):
            return m, n
        if torch.eq(torch.sign(fm), torch.sign(fa)):
            a, fa = m, fm
        else:
            b = m
    return torch.div(torch.add(a, b), 2), n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        left = f(torch.tensor(-s, dtype=torch.float64))
        right = f(torch.tensor(s, dtype=torch.float64))
        if torch.eq(left, 0) or torch.eq(right, 0) or torch.ne(torch.sign(left), torch.sign(right)):
            return -s, s
        s = 2 * s
    raise ValueError(f"смены знака нет: start={start}, max_doublings={max_doublings}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    n = 0
    while True:
        x = torch.Tensor.detach(x).requires_grad_(True)
        fx = f(x)
        if torch.abs(fx) < tol:
            return torch.Tensor.detach(x), n
        if n == max_iter:
            raise RuntimeError(f"метод Ньютона не сошёлся за max_iter={max_iter} шагов")
        (d,) = torch.autograd.grad(fx, inputs=(x,))
        if torch.eq(d, 0):
            raise ZeroDivisionError(f"f'(x) = 0 при x = {x.item()}")
        with torch.no_grad():
            x = torch.sub(x, torch.div(fx, d))
        n += 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B, m = coeffs.shape
    x = torch.clone(torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(B))
    for it in range(max_iter + 1):
        x = torch.Tensor.detach(x).requires_grad_(True)
        # схема Горнера по столбцам
        p = torch.zeros_like(x)
        for k in range(m):
            p = torch.add(torch.mul(p, x), coeffs[:, k])
        done = torch.lt(torch.abs(p), tol)
        if torch.all(done):
            return torch.Tensor.detach(x)
        if it == max_iter:
            break
        (dp,) = torch.autograd.grad(torch.sum(p), inputs=(x,))
        with torch.no_grad():
            x = torch.where(done, x, torch.sub(x, torch.div(p, dp)))
    raise RuntimeError(f"не все сошлись за max_iter={max_iter} шагов")
''',
    },
    "st12": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            n = operator.index(p)
        except TypeError:
            raise TypeError("p must be an integer, got %r" % (p,))
        if n < 0:
            raise ValueError("p must be >= 0, got %d" % n)
        r = torch.ones_like(x)
        b = x
        while n != 0:
            if n & 1:
                r = r * b
            n = n >> 1
            if n != 0:
                b = b * b
        return r

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.n = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        n = ctx.n
        if n == 0:
            return torch.zeros_like(x), None
        return grad_output * n * Power.forward(x, n - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa = f(a)
    fb = f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if (fa < 0) == (fb < 0):
        raise ValueError("f(lo) and f(hi) have the same sign, lo=%g hi=%g" % (lo, hi))
    n = 0
    while n < max_iter and (b - a) > tol:
        m = (a + b) * 0.5
        fm = f(m)
        n += 1
        if fm == 0:
            return m, n
        if (fm < 0) == (fa < 0):
            a = m
            fa = fm
        else:
            b = m
    return (a + b) * 0.5, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    k = 0
    while k <= max_doublings:
        a = float(f(torch.tensor(-s, dtype=torch.float64)))
        b = float(f(torch.tensor(s, dtype=torch.float64)))
        if a == 0.0 or b == 0.0 or (a < 0) != (b < 0):
            return (-s, s)
        s *= 2.0
        k += 1
    raise ValueError("no sign change within %d doublings" % max_doublings)
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    h = 1e-7
    n = 0
    while n <= max_iter:
        fx = f(x)
        if abs(fx.item()) < tol:
            return x, n
        if n == max_iter:
            break
        d = (f(x + h) - f(x - h)) / (2 * h)
        if d == 0:
            raise ZeroDivisionError("zero derivative at x=%g" % x.item())
        x = x - fx / d
        n += 1
    raise RuntimeError("no convergence in max_iter=%d steps" % max_iter)
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B = coeffs.shape[0]
    m = coeffs.shape[1]
    x = torch.empty(B, dtype=coeffs.dtype, device=coeffs.device)
    x[:] = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    it = 0
    while it <= max_iter:
        x.requires_grad_(True)
        p = torch.zeros_like(x)
        k = 0
        while k < m:
            p = p * x + coeffs[:, k]
            k += 1
        done = p.abs() < tol
        if done.all():
            return x.detach()
        if it == max_iter:
            break
        g = torch.autograd.grad(p.sum(), x)[0]
        with torch.no_grad():
            x = torch.where(done, x, x - p / g)
        it += 1
    raise RuntimeError("not converged in max_iter=%d" % max_iter)
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st08",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "one-liners split onto separate lines, variables renamed, a few comments added",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p has to be an integer, got {p!r}") from None
        if p < 0:
            raise ValueError(f"negative p={p}")
        # squares of x for every bit of p
        res, cur = torch.ones_like(x), x
        for bit in range(p.bit_length()):
            if p >> bit & 1:
                res = res * cur
            if bit + 1 < p.bit_length():
                cur = cur * cur
        return res

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        if ctx.p:
            return grad * ctx.p * Power.forward(x, ctx.p - 1), None
        return torch.zeros_like(grad), None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0 or fb == 0:
        return (a if fa == 0 else b), 0
    if fa.sign() == fb.sign():
        raise ValueError(f"f has one sign at lo={a.item()} and hi={b.item()}")
    for k in range(max_iter):
        if b - a <= tol:
            return (a + b) / 2, k
        c = (a + b) / 2
        fc = f(c)
        if fc == 0:
            return c, k + 1
        if fc.sign() == fa.sign():
            a, fa = c, fc
        else:
            b = c
    return (a + b) / 2, max_iter
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    # widths start, 2*start, 4*start, ...
    for w in (float(start) * 2 ** k for k in range(max_doublings + 1)):
        left = f(torch.tensor(-w, dtype=torch.float64))
        right = f(torch.tensor(w, dtype=torch.float64))
        if left == 0 or right == 0 or left.sign() != right.sign():
            return -w, w
    raise ValueError(f"no sign change (start={start}, {max_doublings} doublings)")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    t = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for step in range(max_iter + 1):
        ft = f(t)
        if ft.abs() < tol:
            return t.detach(), step
        if step == max_iter:
            raise RuntimeError(f"reached max_iter={max_iter}")
        slope, = torch.autograd.grad(ft, t)
        if slope == 0:
            raise ZeroDivisionError(f"f'={slope.item()} at {t.item()}")
        # new leaf for the next step
        t = (t - ft / slope).detach().requires_grad_()
''',
            "newton_roots_batched": r'''import functools


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    xs = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(len(coeffs)).clone()
    for step in range(max_iter + 1):
        xs = xs.detach().requires_grad_()
        # Horner over the columns
        vals = functools.reduce(lambda acc, col: acc * xs + col, coeffs.unbind(1), torch.zeros_like(xs))
        finished = vals.abs() < tol
        if finished.all():
            return xs.detach()
        if step == max_iter:
            raise RuntimeError(f"reached max_iter={max_iter}")
        slopes = torch.autograd.grad(vals.sum(), xs)[0]
        xs = torch.where(finished, xs, xs - vals / slopes)
''',
        },
    },
    "cp02": {
        "source": "st02",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "restructured: while/for swapped, bit tests as & and >>, validation moved into a helper, "
                    "operator.index replaced by isinstance + int(), messages reworded, statements reordered, "
                    "an unused variable",
        "answers": {
            "Power": r'''import numpy as np


def _check_power(p):
    if isinstance(p, bool) or not (isinstance(p, (int, np.integer))
                                   or (torch.is_tensor(p) and p.dim() == 0 and not p.is_floating_point())):
        raise TypeError(f"p is {p!r} ({type(p).__name__}), an integer is needed")
    p = int(p)
    if p < 0:
        raise ValueError(f"p is {p}, it cannot be negative")
    return p


class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        k = _check_power(p)
        acc = torch.ones_like(x)
        factor = x
        for _ in range(k.bit_length()):
            if k & 1:
                acc = acc * factor
            k >>= 1
            if not k:
                break
            factor = factor * factor
        return acc

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = _check_power(inputs[1])
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        if ctx.k == 0:
            return torch.zeros_like(x), None
        return grad_output * (ctx.k * Power.forward(x, ctx.k - 1)), None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    f_a = f(a)
    f_b = f(b)
    for end, value in ((a, f_a), (b, f_b)):
        if value == 0:
            return end, 0
    if torch.sign(f_a) == torch.sign(f_b):
        raise ValueError(f"no sign change: f({lo}) and f({hi}) have one sign")
    count = 0
    for count in range(1, max_iter + 1):
        if (b - a) / 2 <= tol:
            count -= 1
            break
        c = (a + b) / 2
        f_c = f(c)
        if f_c == 0:
            return c, count
        if torch.sign(f_c) != torch.sign(f_a):
            b = c
        else:
            a, f_a = c, f_c
    return (a + b) / 2, count
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    half = float(start)
    tried = 0
    while tried <= max_doublings:
        left = f(torch.tensor(-half, dtype=torch.float64))
        right = f(torch.tensor(half, dtype=torch.float64))
        if left == 0 or right == 0 or torch.sign(left) != torch.sign(right):
            return (-half, half)
        half *= 2
        tried += 1
    raise ValueError(f"f does not change sign within {max_doublings} doublings of {start}")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    steps = 0
    x = torch.tensor(float(x0), dtype=torch.float64)
    last_step = None
    for steps in range(max_iter + 1):
        x.requires_grad_(True)
        y = f(x)
        if abs(y.item()) < tol:
            return x.detach(), steps
        if steps == max_iter:
            break
        slope = torch.autograd.grad(y, x)[0]
        if slope.item() == 0:
            raise ZeroDivisionError(f"flat tangent (f' = 0) at x = {x.item()}")
        with torch.no_grad():
            x = x - y / slope
    raise RuntimeError(f"no convergence: max_iter = {max_iter} steps done")
''',
            "newton_roots_batched": r'''def _poly_values(coeffs, x):
    value = torch.zeros_like(x)
    for k in range(coeffs.shape[1]):
        value = value * x + coeffs[:, k]
    return value


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0]).clone()
    iteration = 0
    while True:
        x.requires_grad_(True)
        value = _poly_values(coeffs, x)
        converged = value.abs() < tol
        if converged.all().item():
            return x.detach()
        if iteration == max_iter:
            raise RuntimeError(f"max_iter = {max_iter} steps were not enough for all polynomials")
        derivative = torch.autograd.grad(value.sum(), x)[0]
        with torch.no_grad():
            x = torch.where(converged, x, x - value / derivative)
        iteration += 1
''',
        },
    },
    "cp03": {
        "source": "st10",
        "kind": "partial",
        "copied": ["Power", "newton_root"],
        "disguise": "copied Power and newton_root with their helpers inlined and local names changed; "
                    "wrote the other three",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"Power needs an integer p, got {p!r} of type {type(p).__name__}") from None
        if p < 0:
            raise ValueError(f"Power needs p >= 0, got {p}")
        digits = [int(d) for d in reversed(bin(p)[2:])] if p else []
        out = torch.ones_like(x)
        sq = x
        for i, d in enumerate(digits):
            if d:
                out = out * sq
            if i < len(digits) - 1:
                sq = sq * sq
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if not ctx.p:
            return torch.zeros_like(grad_output), None
        return ctx.p * Power.forward(x, ctx.p - 1) * grad_output, None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a, b = float(lo), float(hi)
    fa = f(torch.tensor(a, dtype=torch.float64)).item()
    fb = f(torch.tensor(b, dtype=torch.float64)).item()
    if fa == 0:
        return torch.tensor(a, dtype=torch.float64), 0
    if fb == 0:
        return torch.tensor(b, dtype=torch.float64), 0
    if (fa > 0) == (fb > 0):
        raise ValueError(f"f(lo) and f(hi) must differ in sign (lo={lo}, hi={hi})")
    it = 0
    while it < max_iter and (b - a) / 2 > tol:
        mid = (a + b) / 2
        fm = f(torch.tensor(mid, dtype=torch.float64)).item()
        it += 1
        if fm == 0:
            return torch.tensor(mid, dtype=torch.float64), it
        if (fm > 0) == (fa > 0):
            a, fa = mid, fm
        else:
            b = mid
    return torch.tensor((a + b) / 2, dtype=torch.float64), it
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        fl = float(f(torch.tensor(-s, dtype=torch.float64)))
        fr = float(f(torch.tensor(s, dtype=torch.float64)))
        if fl == 0 or fr == 0 or (fl > 0) != (fr > 0):
            return -s, s
        s += s
    raise ValueError("f keeps its sign on every interval tried")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for k in range(max_iter + 1):
        leaf = x.detach().requires_grad_()
        fx = f(leaf)
        (dfx,) = torch.autograd.grad(fx, leaf)
        fx = fx.detach()
        if fx.abs() < tol:
            return x, k
        if k == max_iter:
            break
        if dfx == 0:
            raise ZeroDivisionError(f"newton: f'(x) = 0 at x = {x.item()}")
        x = x - fx / dfx
    raise RuntimeError(f"newton: |f(x)| >= tol after max_iter={max_iter} steps")
''',
            "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    deg = coeffs.shape[1] - 1
    x = torch.zeros(coeffs.shape[0], dtype=coeffs.dtype, device=coeffs.device)
    x = x + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    for i in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        p = coeffs[:, 0] * torch.ones_like(x)
        for j in range(1, deg + 1):
            p = p * x + coeffs[:, j]
        ok = p.abs() < tol
        if bool(ok.all()):
            return x.detach()
        if i == max_iter:
            raise RuntimeError(f"not converged in max_iter={max_iter}")
        dp = torch.autograd.grad(p.sum(), x)[0]
        x = torch.where(ok, x, x - p / dp)
''',
        },
    },
    "cp04": {
        "source": "st07",
        "kind": "partial",
        "copied": ["bisection_root", "find_bracket", "newton_roots_batched"],
        "disguise": "copied three answers and reworked them: for -> while, the sign test rewritten with "
                    "products of signs, Horner moved into a helper, torch.where replaced by a masked "
                    "in-place update, docstrings dropped; wrote the other two",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            e = operator.index(p)
        except TypeError:
            raise TypeError(f"exponent must be an integer, not {type(p).__name__} ({p!r})") from None
        if e < 0:
            raise ValueError(f"exponent must not be negative: {e}")
        y = x.clone() if e % 2 else torch.ones_like(x)
        sq = x
        e //= 2
        while e:
            sq = sq * sq
            if e % 2:
                y = y * sq
            e //= 2
        return y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.e = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        if ctx.e == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.e * Power.forward(x, ctx.e - 1), None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    left = torch.tensor(lo, dtype=torch.float64)
    right = torch.tensor(hi, dtype=torch.float64)
    val_left = f(left)
    val_right = f(right)
    if val_left == 0:
        return left, 0
    if val_right == 0:
        return right, 0
    if torch.sign(val_left) * torch.sign(val_right) > 0:
        raise ValueError(f"the signs of f at lo={lo} and hi={hi} are the same")
    count = 0
    while count < max_iter and (right - left) / 2 > tol:
        middle = (left + right) / 2
        val_mid = f(middle)
        count += 1
        if val_mid == 0:
            return middle, count
        if torch.sign(val_mid) * torch.sign(val_left) > 0:
            left, val_left = middle, val_mid
        else:
            right = middle
    return (left + right) / 2, count
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    width = float(start)
    k = 0
    while k <= max_doublings:
        at_left = f(torch.tensor(-width, dtype=torch.float64))
        at_right = f(torch.tensor(width, dtype=torch.float64))
        if torch.sign(at_left) * torch.sign(at_right) <= 0:
            return -width, width
        width *= 2
        k += 1
    raise ValueError(f"f does not change sign for widths up to {width / 2} (start={start})")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    point = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for it in range(max_iter + 1):
        val = f(point)
        if abs(val.item()) < tol:
            return point.detach(), it
        if it == max_iter:
            raise RuntimeError(f"Newton's method failed after max_iter={max_iter} iterations")
        point.grad = None
        val.backward()
        if point.grad.item() == 0:
            raise ZeroDivisionError(f"derivative vanishes at {point.item()}")
        with torch.no_grad():
            point -= val / point.grad
''',
            "newton_roots_batched": r'''def _horner(coeffs, x):
    acc = torch.zeros_like(x)
    for k in range(coeffs.shape[1]):
        acc = acc * x + coeffs[:, k]
    return acc


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    n = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(n).clone()
    step = 0
    while True:
        x.requires_grad_(True)
        value = _horner(coeffs, x)
        finished = value.abs() < tol
        if finished.all():
            return x.detach()
        if step == max_iter:
            raise RuntimeError(f"max_iter={max_iter} steps and still not all polynomials converged")
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = x.detach().clone()
            moving = ~finished
            x[moving] -= (value / slope)[moving]
        step += 1
''',
        },
    },
}
