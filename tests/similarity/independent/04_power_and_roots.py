"""Independent answers to lesson 04_power_and_roots, for testing copy detection (issue 36).

How this was made: written by hand by one author (helper A) from the task texts of the student
notebook lessons/en/04_power_and_roots.ipynb and /work/shared/course-spec.md alone, without seeing
the copy detector, the project's variants or its reference solutions. The ten students keep the
styles they have in 01_tensors.py:

  ind01 careful, docstrings, f-strings                       (all right)
  ind02 terse, short names                                   (all right)
  ind03 Russian comments, loops, temporaries                 (mistake: Power's backward gives nan
        at x = 0 for p = 0, computing 0 * x ** -1)
  ind04 beginner                                             (mistakes: Power multiplies p times,
        bisection returns a float, find_bracket tries one doubling too few; no
        newton_roots_batched answer)
  ind05 helper functions, type hints, %-format               (all right; derivative of the
        polynomials from their coefficients in the batched answer)
  ind06 torch.* calls, "# Step" comments                     (mistakes: newton_root returns the
        leaf that requires grad, newton_roots_batched never raises)
  ind07 while loops, str.format, single quotes               (mistakes: Power accepts only int,
        bisection's ValueError does not name lo and hi)
  ind08 type hints, early returns, Russian docstrings        (all right)
  ind09 sloppy                                               (mistakes: Power forward uses **,
        Newton's derivative by a finite difference; no find_bracket, no newton_roots_batched)
  ind10 pythonic                                             (all right)

Ground truth: the four copiers below; every other pair of students is independent.
  cp01 full copy of ind08 (all five answers)
  cp02 full copy of ind03 (all five answers, the nan gradient kept)
  cp03 partial copy of ind02: Power, newton_root
  cp04 partial copy of ind06: bisection_root, newton_root, newton_roots_batched (both bugs kept)
The answers of a partial copier outside its `copied` list are its own, independent of everyone
(cp04's own Power takes a str p such as "3" without a TypeError).
"""

STUDENTS = {
    # ------------------------------------------------------------------ ind01
    "ind01": {
        "Power": '''\
class Power(torch.autograd.Function):
    """Elementwise x ** p for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Square-and-multiply over the bits of p."""
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {p!r} of type {type(p).__name__}") from None
        if p < 0:
            raise ValueError(f"p must be non-negative, got {p}")
        result = torch.ones_like(x)
        base = x
        while p > 0:
            if p & 1:
                result = result * base
            p >>= 1
            if p:
                base = base * base
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Keep x for backward and p as a plain int."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """d(x ** p)/dx = p * x ** (p - 1); nothing flows to p."""
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.p * x ** (ctx.p - 1), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Bisection in float64; stops when half the interval is within tol."""
    lo = torch.tensor(float(lo), dtype=torch.float64)
    hi = torch.tensor(float(hi), dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    if torch.sign(f_lo) == torch.sign(f_hi):
        raise ValueError(f"f(lo) and f(hi) have the same sign for lo={lo.item()}, hi={hi.item()}")
    for n in range(1, max_iter + 1):
        mid = (lo + hi) / 2
        f_mid = f(mid)
        if torch.sign(f_mid) == torch.sign(f_lo):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
        if (hi - lo) / 2 <= tol:
            return (lo + hi) / 2, n
    return (lo + hi) / 2, max_iter
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    """Double s from start until f changes sign on [-s, s]."""
    s = float(start)
    for _ in range(max_doublings + 1):
        f_left, f_right = f(-s), f(s)
        if f_left == 0 or f_right == 0 or (f_left < 0) != (f_right < 0):
            return -s, s
        s *= 2
    raise ValueError(f"no sign change of f on [-s, s] up to s = {s / 2}")
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Newton's method; autograd gives f'(x) at every iterate."""
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (slope,) = torch.autograd.grad(fx, x)
        if slope == 0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item()}")
        with torch.no_grad():
            x = x - fx / slope
        x.requires_grad_(True)
    raise RuntimeError(f"no convergence within max_iter={max_iter} steps")
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Newton on B polynomials at once: Horner's scheme on a (B,) tensor, autograd for p'."""
    batch = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()
    for step in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        done = value.abs() < tol
        if done.all():
            return x.detach().clone()
        if step == max_iter:
            break
        (slope,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / slope)
    raise RuntimeError(f"some polynomials did not converge in max_iter={max_iter} steps")
''',
    },
    # ------------------------------------------------------------------ ind02
    "ind02": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"bad p: {type(p)}")
        if p < 0:
            raise ValueError(f"p={p} < 0")
        r, b = torch.ones_like(x), x
        while p:
            if p % 2:
                r = r * b
            p //= 2
            if p:
                b = b * b
        return r

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        p = ctx.p
        return (g * p * x ** (p - 1) if p else torch.zeros_like(g)), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a, b = torch.tensor(lo, dtype=torch.float64), torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0: return a, 0
    if fb == 0: return b, 0
    if fa * fb > 0:
        raise ValueError(f"same sign at {lo} and {hi}")
    n = 0
    while b - a > tol and n < max_iter:
        m = (a + b) / 2
        fm = f(m)
        if (fm < 0) == (fa < 0):
            a, fa = m, fm
        else:
            b = m
        n += 1
    return (a + b) / 2, n
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for k in range(max_doublings + 1):
        l, r = f(-s), f(s)
        if l * r <= 0:
            return -s, s
        s += s
    raise ValueError("no bracket")
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        y = f(x)
        if y.abs() < tol:
            return x.detach(), n
        if n == max_iter:
            break
        y.backward()
        d = x.grad
        if d == 0:
            raise ZeroDivisionError("f'(x) == 0")
        x = (x - y / d).detach()
    raise RuntimeError(f"max_iter={max_iter} reached")
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B, n = coeffs.shape
    x = torch.full((B,), 0.0, dtype=coeffs.dtype, device=coeffs.device) + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    for i in range(max_iter + 1):
        x = x.detach().requires_grad_()
        y = torch.zeros_like(x)
        for k in range(n):
            y = y * x + coeffs[:, k]
        if (y.abs() < tol).all():
            return x.detach()
        if i == max_iter:
            break
        d, = torch.autograd.grad(y.sum(), x)
        x = torch.where(y.abs() < tol, x, x - y / d)
    raise RuntimeError(f"not converged after max_iter={max_iter}")
''',
    },
    # ------------------------------------------------------------------ ind03
    "ind03": {
        "Power": '''\
class Power(torch.autograd.Function):

    @staticmethod
    def forward(x, p):
        # проверяем, что p целое (подходит и numpy, и тензор)
        try:
            p_int = operator.index(p)
        except TypeError:
            raise TypeError("p должно быть целым, а получено " + repr(p))
        if p_int < 0:
            raise ValueError("p должно быть >= 0, а получено " + str(p_int))
        # возведение в степень через квадраты
        result = torch.ones_like(x)
        square = x
        k = p_int
        while k > 0:
            # если младший бит равен 1, домножаем результат
            if k % 2 == 1:
                result = result * square
            k = k // 2
            if k > 0:
                square = square * square
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        x = inputs[0]
        p = inputs[1]
        # сохраняем x для обратного прохода
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        p = ctx.p
        # производная p * x^(p-1)
        derivative = p * x ** (p - 1)
        grad_x = grad_output * derivative
        return grad_x, None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    # работаем в float64
    left = torch.tensor(lo, dtype=torch.float64)
    right = torch.tensor(hi, dtype=torch.float64)
    f_left = f(left)
    f_right = f(right)
    # если конец интервала уже корень
    if f_left == 0:
        return left, 0
    if f_right == 0:
        return right, 0
    # знаки должны быть разные
    if torch.sign(f_left) == torch.sign(f_right):
        raise ValueError("на концах lo=" + str(lo) + " и hi=" + str(hi) + " одинаковый знак")
    iterations = 0
    while iterations < max_iter:
        middle = (left + right) / 2
        f_middle = f(middle)
        iterations = iterations + 1
        # оставляем половину, где меняется знак
        if torch.sign(f_middle) == torch.sign(f_left):
            left = middle
            f_left = f_middle
        else:
            right = middle
        if right - left <= tol:
            break
    middle = (left + right) / 2
    return middle, iterations
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    k = 0
    while k <= max_doublings:
        # значения на концах
        value_left = f(-s)
        value_right = f(s)
        if value_left == 0 or value_right == 0:
            return (-s, s)
        if (value_left > 0 and value_right < 0) or (value_left < 0 and value_right > 0):
            return (-s, s)
        # удваиваем
        s = s * 2
        k = k + 1
    raise ValueError("не нашли смену знака до s = " + str(s))
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    # начальная точка как лист графа
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    steps = 0
    while True:
        fx = f(x)
        # проверка остановки
        if abs(fx.item()) < tol:
            return x.detach(), steps
        if steps == max_iter:
            raise RuntimeError("метод Ньютона не сошелся за max_iter = " + str(max_iter) + " шагов")
        # производная через autograd
        derivative = torch.autograd.grad(fx, x)[0]
        if derivative.item() == 0:
            raise ZeroDivisionError("производная равна нулю в точке " + str(x.item()))
        # шаг Ньютона без записи в граф
        with torch.no_grad():
            new_x = x - fx / derivative
        x = new_x.clone().requires_grad_(True)
        steps = steps + 1
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B = coeffs.shape[0]
    degree = coeffs.shape[1] - 1
    # начальные точки
    if isinstance(x0, torch.Tensor):
        x = x0.to(dtype=coeffs.dtype, device=coeffs.device).clone()
    else:
        x = torch.full((B,), float(x0), dtype=coeffs.dtype, device=coeffs.device)
    iteration = 0
    while True:
        x = x.detach().requires_grad_(True)
        # схема Горнера
        value = coeffs[:, 0] * torch.ones_like(x)
        for i in range(1, degree + 1):
            value = value * x + coeffs[:, i]
        converged = value.abs() < tol
        if bool(converged.all()):
            return x.detach().clone()
        if iteration == max_iter:
            raise RuntimeError("не сошлось за max_iter = " + str(max_iter))
        derivative = torch.autograd.grad(value.sum(), x)[0]
        # сошедшиеся точки не двигаем
        with torch.no_grad():
            x = torch.where(converged, x, x - value / derivative)
        iteration = iteration + 1
''',
    },
    # ------------------------------------------------------------------ ind04
    "ind04": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if p < 0:
            raise ValueError("p is negative")
        y = torch.ones_like(x)
        for i in range(p):
            y = y * x
        return y

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
        return ctx.p * x ** (ctx.p - 1) * grad_output, None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    if f(torch.tensor(lo)) * f(torch.tensor(hi)) > 0:
        raise ValueError("f(lo) and f(hi) have the same sign")
    n = 0
    while hi - lo > tol and n < max_iter:
        mid = (lo + hi) / 2
        if f(torch.tensor(lo)) * f(torch.tensor(mid)) <= 0:
            hi = mid
        else:
            lo = mid
        n = n + 1
    return (lo + hi) / 2, n
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    s = start
    for i in range(max_doublings):
        if f(-s) * f(s) <= 0:
            return (-s, s)
        s = s * 2
    raise ValueError("not found")
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), requires_grad=True)
    n = 0
    while abs(f(x).item()) >= tol:
        if n == max_iter:
            raise RuntimeError("did not converge in " + str(max_iter) + " iterations")
        y = f(x)
        y.backward()
        if x.grad.item() == 0:
            raise ZeroDivisionError("derivative is zero")
        x = torch.tensor(x.item() - y.item() / x.grad.item(), requires_grad=True)
        n = n + 1
    return x.detach(), n
''',
    },
    # ------------------------------------------------------------------ ind05
    "ind05": {
        "Power": '''\
def _as_exponent(p) -> int:
    try:
        exponent = operator.index(p)
    except TypeError:
        raise TypeError("p must be an integer, got %r (%s)" % (p, type(p).__name__)) from None
    if exponent < 0:
        raise ValueError("p must be >= 0, got %d" % exponent)
    return exponent


def _square_and_multiply(x: torch.Tensor, p: int) -> torch.Tensor:
    acc = torch.ones_like(x)
    power_of_x = x
    while p:
        if p & 1:
            acc = torch.mul(acc, power_of_x)
        p >>= 1
        if p:
            power_of_x = torch.mul(power_of_x, power_of_x)
    return acc


class Power(torch.autograd.Function):
    @staticmethod
    def forward(x: torch.Tensor, p) -> torch.Tensor:
        return _square_and_multiply(x, _as_exponent(p))

    @staticmethod
    def setup_context(ctx, inputs, output) -> None:
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.exponent = _as_exponent(p)

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor):
        (x,) = ctx.saved_tensors
        p = ctx.exponent
        if p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * p * _square_and_multiply(x, p - 1), None
''',
        "bisection_root": '''\
def _same_sign(u: torch.Tensor, v: torch.Tensor) -> bool:
    return bool(torch.sign(u) == torch.sign(v))


def bisection_root(f, lo, hi, tol: float = 1e-5, max_iter: int = 200):
    left = torch.as_tensor(lo, dtype=torch.float64)
    right = torch.as_tensor(hi, dtype=torch.float64)
    f_left, f_right = f(left), f(right)
    for end, value in ((left, f_left), (right, f_right)):
        if value == 0:
            return end, 0
    if _same_sign(f_left, f_right):
        raise ValueError("f has the same sign at lo=%s and hi=%s" % (lo, hi))
    count = 0
    for count in range(1, max_iter + 1):
        middle = (left + right) / 2
        f_middle = f(middle)
        if _same_sign(f_middle, f_left):
            left, f_left = middle, f_middle
        else:
            right = middle
        if right - left <= tol:
            break
    return (left + right) / 2, count
''',
        "find_bracket": '''\
def find_bracket(f, start: float = 1.0, max_doublings: int = 60) -> tuple:
    half_width = float(start)
    for _ in range(max_doublings + 1):
        left, right = f(-half_width), f(half_width)
        if left == 0 or right == 0 or (left > 0) != (right > 0):
            return (-half_width, half_width)
        half_width *= 2.0
    raise ValueError("f keeps one sign on [-s, s] for every s up to %g" % (half_width / 2))
''',
        "newton_root": '''\
def newton_root(f, x0, tol: float = 1e-5, max_iter: int = 50):
    point = torch.tensor(float(x0), dtype=torch.float64)
    for step in range(max_iter + 1):
        leaf = point.clone().requires_grad_(True)
        value = f(leaf)
        if value.abs().item() < tol:
            return point, step
        if step == max_iter:
            break
        (slope,) = torch.autograd.grad(value, leaf)
        if slope.item() == 0.0:
            raise ZeroDivisionError("zero derivative at x = %g" % point.item())
        point = (point - value.detach() / slope).detach()
    raise RuntimeError("Newton's method did not converge in max_iter=%d steps" % max_iter)
''',
        "newton_roots_batched": '''\
def _horner(coeffs: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    total = torch.zeros_like(x)
    for column in coeffs.unbind(dim=1):
        total = total * x + column
    return total


def newton_roots_batched(coeffs: torch.Tensor, x0, tol: float = 1e-5, max_iter: int = 50):
    degree = coeffs.shape[1] - 1
    powers = torch.arange(degree, 0, -1, dtype=coeffs.dtype, device=coeffs.device)
    derivative_coeffs = coeffs[:, :-1] * powers
    x = torch.empty(coeffs.shape[0], dtype=coeffs.dtype, device=coeffs.device)
    x.copy_(torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device))
    for step in range(max_iter + 1):
        values = _horner(coeffs, x)
        pending = values.abs() >= tol
        if not pending.any():
            return x
        if step == max_iter:
            break
        slopes = _horner(derivative_coeffs, x) if degree > 0 else torch.zeros_like(x)
        x = torch.where(pending, x - values / slopes, x)
    raise RuntimeError("batched Newton: no convergence after max_iter=%d steps" % max_iter)
''',
    },
    # ------------------------------------------------------------------ ind06
    "ind06": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        # Step 1: p must be an integer (operator.index accepts numpy ints and 0-dim int tensors)
        try:
            n = operator.index(p)
        except TypeError:
            raise TypeError(f"Power: p must be an integer, not {type(p).__name__}")
        if n < 0:
            raise ValueError(f"Power: p must be non-negative, got p={n}")
        # Step 2: exponentiation by squaring
        out = torch.ones_like(x)
        sq = x
        for bit in bin(n)[:1:-1]:
            if bit == "1":
                out = torch.mul(out, sq)
            n >>= 1
            if n:
                sq = torch.mul(sq, sq)
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        # Step 3: remember x and p
        ctx.save_for_backward(inputs[0])
        ctx.n = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        # Step 4: p * x^(p-1), zero for p = 0
        (x,) = ctx.saved_tensors
        if ctx.n == 0:
            return torch.zeros_like(x), None
        return torch.mul(grad_output, ctx.n * torch.pow(x, ctx.n - 1)), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    # Step 1: ends as float64 tensors
    a = torch.tensor(float(lo), dtype=torch.float64)
    b = torch.tensor(float(hi), dtype=torch.float64)
    fa, fb = f(a), f(b)
    # Step 2: an end may already be the root
    if torch.eq(fa, 0):
        return a, 0
    if torch.eq(fb, 0):
        return b, 0
    # Step 3: there must be a sign change
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError(f"no sign change between lo={lo} and hi={hi}")
    # Step 4: halve until the half-width is below tol
    n = 0
    while n < max_iter and torch.div(b - a, 2) > tol:
        m = torch.div(a + b, 2)
        fm = f(m)
        if torch.sign(fm) == torch.sign(fa):
            a, fa = m, fm
        else:
            b = m
        n += 1
    return torch.div(a + b, 2), n
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    # Step 1: try s = start, 2*start, 4*start, ...
    for k in range(max_doublings + 1):
        s = float(start) * 2.0 ** k
        lo_val = torch.as_tensor(f(-s))
        hi_val = torch.as_tensor(f(s))
        # Step 2: a zero or a sign change ends the search
        if torch.sign(lo_val) * torch.sign(hi_val) <= 0:
            return -s, s
    raise ValueError(f"no sign change found within {max_doublings} doublings of {start}")
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    # Step 1: a leaf we can differentiate at
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        # Step 2: stop test
        if torch.abs(fx) < tol:
            return x, n
        if n == max_iter:
            break
        # Step 3: derivative from autograd
        grad = torch.autograd.grad(fx, x)[0]
        if torch.eq(grad, 0):
            raise ZeroDivisionError(f"f'(x) is zero at x={x.item()}")
        # Step 4: the update, outside the graph
        with torch.no_grad():
            x = torch.sub(x, torch.div(fx, grad))
        x.requires_grad_(True)
    raise RuntimeError(f"Newton did not converge after max_iter={max_iter} steps")
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    # Step 1: starting points on the device and dtype of coeffs
    B = coeffs.size(0)
    x = torch.zeros(B, dtype=coeffs.dtype, device=coeffs.device)
    x = torch.add(x, torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device))
    for _ in range(max_iter):
        # Step 2: Horner's scheme for every polynomial at once
        x.requires_grad_(True)
        p = torch.zeros_like(x)
        for j in range(coeffs.size(1)):
            p = torch.add(torch.mul(p, x), coeffs[:, j])
        ok = torch.lt(torch.abs(p), tol)
        if torch.all(ok):
            break
        # Step 3: derivatives and the step, only for the ones not done
        dp = torch.autograd.grad(torch.sum(p), x)[0]
        with torch.no_grad():
            x = torch.where(ok, x, torch.sub(x, torch.div(p, dp)))
    return x.detach()
''',
    },
    # ------------------------------------------------------------------ ind07
    "ind07": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if not isinstance(p, int):
            raise TypeError('p must be int, got {}'.format(type(p)))
        if p < 0:
            raise ValueError('p must be >= 0, got {}'.format(p))
        res = torch.ones_like(x)
        cur = x
        k = p
        while k > 0:
            if k % 2 == 1:
                res = res * cur
            k = k // 2
            if k > 0:
                cur = cur * cur
        return res

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        p = ctx.p
        if p == 0:
            return torch.zeros_like(x), None
        return grad_output * p * x ** (p - 1), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo = torch.tensor(float(lo), dtype=torch.float64)
    hi = torch.tensor(float(hi), dtype=torch.float64)
    flo = f(lo)
    fhi = f(hi)
    if flo == 0:
        return lo, 0
    if fhi == 0:
        return hi, 0
    if (flo > 0) == (fhi > 0):
        raise ValueError('f(lo) and f(hi) have the same sign')
    it = 0
    while it < max_iter:
        mid = (lo + hi) / 2
        fmid = f(mid)
        it += 1
        if fmid == 0:
            return mid, it
        if (fmid > 0) == (flo > 0):
            lo = mid
            flo = fmid
        else:
            hi = mid
        if (hi - lo) / 2 <= tol:
            break
    return (lo + hi) / 2, it
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    k = 0
    while k <= max_doublings:
        a = float(f(-s))
        b = float(f(s))
        if a == 0 or b == 0 or (a > 0) != (b > 0):
            return (-s, s)
        s = s * 2
        k += 1
    raise ValueError('no sign change up to s = {}'.format(s / 2))
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    n = 0
    fx = f(x)
    while abs(fx.item()) >= tol:
        if n == max_iter:
            raise RuntimeError('no convergence after {} iterations (max_iter={})'.format(n, max_iter))
        fx.backward()
        d = x.grad.item()
        if d == 0:
            raise ZeroDivisionError('zero derivative at {}'.format(x.item()))
        with torch.no_grad():
            x -= fx / d
        x.grad = None
        n += 1
        fx = f(x)
    return x.detach().clone(), n
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B = coeffs.shape[0]
    deg = coeffs.shape[1] - 1
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device) * torch.ones(B, dtype=coeffs.dtype, device=coeffs.device)
    it = 0
    while True:
        x = x.detach().requires_grad_(True)
        p = coeffs[:, 0].clone()
        j = 1
        while j <= deg:
            p = p * x + coeffs[:, j]
            j += 1
        if (p.abs() < tol).all():
            return x.detach()
        if it == max_iter:
            raise RuntimeError('not all converged after max_iter={}'.format(max_iter))
        d = torch.autograd.grad(p.sum(), x)[0]
        with torch.no_grad():
            x = torch.where(p.abs() < tol, x, x - p / d)
        it += 1
''',
    },
    # ------------------------------------------------------------------ ind08
    "ind08": {
        "Power": '''\
class Power(torch.autograd.Function):
    """x ** p возведением в квадрат."""

    @staticmethod
    def forward(x: torch.Tensor, p) -> torch.Tensor:
        """Только умножения."""
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p должно быть целым, получено {p!r}") from None
        if p < 0:
            raise ValueError(f"p={p} отрицательно")
        if p == 0:
            return torch.ones_like(x)
        half = Power.forward(x, p // 2)
        squared = half * half
        return squared * x if p % 2 else squared

    @staticmethod
    def setup_context(ctx, inputs, output) -> None:
        """x в save_for_backward, p числом."""
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor):
        """p * x ** (p - 1) * grad_output."""
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * x.pow(ctx.p - 1), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol: float = 1e-5, max_iter: int = 200) -> tuple[torch.Tensor, int]:
    """Деление отрезка пополам."""
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if (fa > 0) == (fb > 0):
        raise ValueError(f"f не меняет знак на [{lo}, {hi}]")
    for n in range(1, max_iter + 1):
        mid = (a + b) / 2
        fm = f(mid)
        if (fm > 0) == (fa > 0):
            a, fa = mid, fm
        else:
            b = mid
        if b - a <= tol:
            return (a + b) / 2, n
    return (a + b) / 2, max_iter
''',
        "find_bracket": '''\
def find_bracket(f, start: float = 1.0, max_doublings: int = 60) -> tuple[float, float]:
    """Расширяем [-s, s] удвоением."""
    for k in range(max_doublings + 1):
        s = float(start) * 2**k
        left, right = f(-s), f(s)
        if left == 0 or right == 0:
            return -s, s
        if (left > 0) != (right > 0):
            return -s, s
    raise ValueError(f"нет смены знака за {max_doublings} удвоений")
''',
        "newton_root": '''\
def newton_root(f, x0, tol: float = 1e-5, max_iter: int = 50) -> tuple[torch.Tensor, int]:
    """Метод Ньютона, производная из autograd."""
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if fx.abs() < tol:
            return x.detach(), n
        if n == max_iter:
            raise RuntimeError(f"не сошлось за max_iter={max_iter} шагов")
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx == 0:
            raise ZeroDivisionError(f"f'({x.item()}) = 0")
        x = (x - fx / dfx).detach()
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs: torch.Tensor, x0, tol: float = 1e-5, max_iter: int = 50) -> torch.Tensor:
    """Ньютон сразу для всех многочленов."""
    start = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    x = start.expand(coeffs.shape[0]).clone()
    for it in range(max_iter + 1):
        x.requires_grad_(True)
        p = torch.zeros_like(x)
        for c in coeffs.T:
            p = p * x + c
        done = p.abs() < tol
        if done.all():
            return x.detach()
        if it == max_iter:
            raise RuntimeError(f"не все сошлись за max_iter={max_iter} шагов")
        (dp,) = torch.autograd.grad(p.sum(), x)
        x = torch.where(done, x, x - p / dp).detach()
''',
    },
    # ------------------------------------------------------------------ ind09
    "ind09": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if p < 0:
            raise ValueError("negative p")
        return x ** p

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.p = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        if ctx.p == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.p * x ** (ctx.p - 1), None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = torch.tensor(float(lo), dtype=torch.float64), torch.tensor(float(hi), dtype=torch.float64)
    if f(lo) == 0: return lo, 0
    if f(hi) == 0: return hi, 0
    if f(lo) * f(hi) > 0:
        raise ValueError(f"bad interval {lo.item()} {hi.item()}")
    for i in range(max_iter):
        mid = (lo + hi) / 2
        if f(lo) * f(mid) < 0: hi = mid
        else: lo = mid
        if hi - lo < tol:
            return (lo + hi) / 2, i + 1
    return (lo + hi) / 2, max_iter
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    h = 1e-6
    for i in range(max_iter + 1):
        fx = f(x)
        if abs(fx) < tol:
            return x, i
        if i == max_iter:
            break
        d = (f(x + h) - f(x - h)) / (2 * h)
        if d == 0:
            raise ZeroDivisionError("derivative 0")
        x = x - fx / d
    raise RuntimeError(f"max_iter {max_iter} reached")
''',
    },
    # ------------------------------------------------------------------ ind10
    "ind10": {
        "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        import operator

        try:
            p = operator.index(p)
        except TypeError as err:
            raise TypeError(f"integer exponent expected, got {type(p).__name__}: {p!r}") from err
        if p < 0:
            raise ValueError(f"negative exponent {p}")
        acc, sq = torch.ones_like(x), x
        for i, bit in enumerate(reversed(f"{p:b}")):
            if i:
                sq = sq * sq
            if bit == "1":
                acc = acc * sq
        return acc

    @staticmethod
    def setup_context(ctx, inputs, output):
        import operator

        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        p = ctx.p
        grad = grad_output * p * x ** (p - 1) if p else torch.zeros_like(x)
        return grad, None
''',
        "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    lo, hi = (torch.tensor(v, dtype=torch.float64) for v in (lo, hi))
    f_lo, f_hi = f(lo), f(hi)
    for end, value in ((lo, f_lo), (hi, f_hi)):
        if value == 0:
            return end, 0
    if f_lo.sign() == f_hi.sign():
        raise ValueError(f"f({lo.item():g}) and f({hi.item():g}) share a sign")
    n = 0
    while n < max_iter and (hi - lo) / 2 > tol:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        lo, hi, f_lo = (mid, hi, f_mid) if f_mid.sign() == f_lo.sign() else (lo, mid, f_lo)
        n += 1
    return (lo + hi) / 2, n
''',
        "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    for s in (float(start) * 2**k for k in range(max_doublings + 1)):
        a, b = f(-s), f(s)
        if a == 0 or b == 0 or (a < 0) ^ (b < 0):
            return -s, s
    raise ValueError(f"f does not change sign on [-s, s] for s up to {start * 2**max_doublings:g}")
''',
        "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(x0, dtype=torch.float64)
    for n in range(max_iter + 1):
        x = x.detach().requires_grad_()
        fx = f(x)
        if fx.abs().item() < tol:
            return x.detach(), n
        if n < max_iter:
            (dfx,) = torch.autograd.grad(fx, x)
            if not dfx:
                raise ZeroDivisionError(f"flat tangent at x = {x.item():g}")
            x = x - fx / dfx
    raise RuntimeError(f"|f(x)| >= tol after max_iter = {max_iter} steps")
''',
        "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    kw = dict(dtype=coeffs.dtype, device=coeffs.device)
    x = torch.zeros(len(coeffs), **kw) + torch.as_tensor(x0, **kw)
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_()
        p = torch.zeros_like(x)
        for c in coeffs.unbind(1):
            p = p * x + c
        if (todo := p.abs() >= tol).any():
            if it == max_iter:
                raise RuntimeError(f"{int(todo.sum())} polynomials unsolved after max_iter={max_iter}")
            (dp,) = torch.autograd.grad(p.sum(), x)
            x = torch.where(todo, x - p / dp, x)
        else:
            return x.detach()
''',
    },
}

COPIES = {
    "cp01": {
        "source": "ind08",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "Russian docstrings dropped or turned into English comments, type hints "
                    "removed, locals renamed (half -> h, fa -> f_a, done -> finished), the "
                    "ternary turned into if/else, blank lines added",
        "answers": {
            "Power": '''\
class Power(torch.autograd.Function):

    @staticmethod
    def forward(x, p):
        # only integers are allowed
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {p!r}") from None
        if p < 0:
            raise ValueError(f"negative p={p}")

        if p == 0:
            return torch.ones_like(x)
        h = Power.forward(x, p // 2)
        sq = h * h
        if p % 2:
            return sq * x
        return sq

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.p = operator.index(inputs[1])
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * x.pow(ctx.p - 1), None
''',
            "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    left = torch.tensor(lo, dtype=torch.float64)
    right = torch.tensor(hi, dtype=torch.float64)
    f_a = f(left)
    f_b = f(right)

    if f_a == 0:
        return left, 0
    if f_b == 0:
        return right, 0
    if (f_a > 0) == (f_b > 0):
        raise ValueError(f"no sign change of f on [{lo}, {hi}]")

    for n in range(1, max_iter + 1):
        mid = (left + right) / 2
        f_mid = f(mid)
        if (f_mid > 0) == (f_a > 0):
            left, f_a = mid, f_mid
        else:
            right = mid
        if right - left <= tol:
            return (left + right) / 2, n
    return (left + right) / 2, max_iter
''',
            "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    for k in range(max_doublings + 1):
        s = float(start) * 2**k
        f_neg = f(-s)
        f_pos = f(s)
        # a zero at an end, or a sign change
        if f_neg == 0 or f_pos == 0:
            return -s, s
        if (f_neg > 0) != (f_pos > 0):
            return -s, s
    raise ValueError(f"no sign change in {max_doublings} doublings")
''',
            "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        value = f(x)
        if value.abs() < tol:
            return x.detach(), step
        if step == max_iter:
            raise RuntimeError(f"Newton did not converge in max_iter={max_iter} steps")
        (deriv,) = torch.autograd.grad(value, x)
        if deriv == 0:
            raise ZeroDivisionError(f"f'({x.item()}) = 0")
        x = (x - value / deriv).detach()
''',
            "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    # one starting point per polynomial, a real copy
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(coeffs.shape[0]).clone()

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for column in coeffs.T:
            value = value * x + column
        finished = value.abs() < tol
        if finished.all():
            return x.detach()
        if step == max_iter:
            raise RuntimeError(f"max_iter={max_iter} steps were not enough for all polynomials")
        (slope,) = torch.autograd.grad(value.sum(), x)
        x = torch.where(finished, x, x - value / slope).detach()
''',
        },
    },
    "cp02": {
        "source": "ind03",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "Russian comments translated to English or deleted, string concatenation "
                    "turned into f-strings, while loops with counters turned into for loops, "
                    "locals renamed; the backward without the p == 0 case (nan at 0) is kept",
        "answers": {
            "Power": '''\
class Power(torch.autograd.Function):

    @staticmethod
    def forward(x, p):
        try:
            exp = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {p!r}")
        if exp < 0:
            raise ValueError(f"p must be >= 0, got {exp}")
        out = torch.ones_like(x)
        sq = x
        while exp > 0:
            if exp % 2 == 1:   # lowest bit set
                out = out * sq
            exp = exp // 2
            if exp > 0:
                sq = sq * sq
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, p = inputs[0], inputs[1]
        ctx.p = operator.index(p)
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        deriv = ctx.p * x ** (ctx.p - 1)
        return grad_output * deriv, None
''',
            "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa = f(a)
    fb = f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError(f"same sign at the ends lo={lo} and hi={hi}")
    count = 0
    for _ in range(max_iter):
        c = (a + b) / 2
        fc = f(c)
        count += 1
        if torch.sign(fc) == torch.sign(fa):
            a = c
            fa = fc
        else:
            b = c
        if b - a <= tol:
            break
    return (a + b) / 2, count
''',
            "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings + 1):
        fl = f(-s)
        fr = f(s)
        if fl == 0 or fr == 0:
            return (-s, s)
        if (fl > 0 and fr < 0) or (fl < 0 and fr > 0):
            return (-s, s)
        s = s * 2
    raise ValueError(f"no sign change found up to s = {s}")
''',
            "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for steps in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), steps
        if steps == max_iter:
            break
        d = torch.autograd.grad(fx, x)[0]
        if d.item() == 0:
            raise ZeroDivisionError(f"zero derivative at {x.item()}")
        with torch.no_grad():
            nxt = x - fx / d
        x = nxt.clone().requires_grad_(True)
    raise RuntimeError(f"Newton's method did not converge in max_iter = {max_iter} steps")
''',
            "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    n_poly = coeffs.shape[0]
    deg = coeffs.shape[1] - 1
    if isinstance(x0, torch.Tensor):
        x = x0.to(dtype=coeffs.dtype, device=coeffs.device).clone()
    else:
        x = torch.full((n_poly,), float(x0), dtype=coeffs.dtype, device=coeffs.device)
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        val = coeffs[:, 0] * torch.ones_like(x)
        for i in range(1, deg + 1):
            val = val * x + coeffs[:, i]
        ok = val.abs() < tol
        if bool(ok.all()):
            return x.detach().clone()
        if it == max_iter:
            raise RuntimeError(f"no convergence in max_iter = {max_iter}")
        d = torch.autograd.grad(val.sum(), x)[0]
        with torch.no_grad():
            x = torch.where(ok, x, x - val / d)
''',
        },
    },
    "cp03": {
        "source": "ind02",
        "kind": "partial",
        "copied": ["Power", "newton_root"],
        "disguise": "spread the terse code over more lines with temporaries, renamed locals "
                    "(r, b -> acc, cur; y, d -> val, slope), p % 2 -> p & 1, added comments; "
                    "the other three answers are the copier's own",
        "answers": {
            "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        # accept python ints, numpy ints and 0-dim int tensors
        try:
            p = operator.index(p)
        except TypeError:
            raise TypeError(f"p is not an integer: {type(p)}")
        if p < 0:
            raise ValueError(f"p={p} is negative")
        acc = torch.ones_like(x)
        cur = x
        while p:
            if p & 1:
                acc = acc * cur
            p //= 2
            if p:
                cur = cur * cur
        return acc

    @staticmethod
    def setup_context(ctx, inputs, output):
        x = inputs[0]
        ctx.save_for_backward(x)
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        p = ctx.p
        if p:
            grad = grad_output * p * x ** (p - 1)
        else:
            grad = torch.zeros_like(grad_output)
        return grad, None
''',
            "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    # everything in double precision
    a = torch.tensor(float(lo), dtype=torch.double)
    b = torch.tensor(float(hi), dtype=torch.double)
    fa = f(a)
    fb = f(b)
    if fa.item() == 0.0:
        return a, 0
    if fb.item() == 0.0:
        return b, 0
    if (fa.item() > 0) == (fb.item() > 0):
        raise ValueError(f"f(lo) and f(hi) must differ in sign, lo={lo}, hi={hi}")
    steps = 0
    for steps in range(1, max_iter + 1):
        c = 0.5 * (a + b)
        fc = f(c)
        if (fc.item() > 0) == (fa.item() > 0):
            a = c
            fa = fc
        else:
            b = c
        if 0.5 * (b - a) <= tol:
            break
    return 0.5 * (a + b), steps
''',
            "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    # s, 2s, 4s, ... at most max_doublings doublings
    s = float(start)
    doublings = 0
    while True:
        left = float(f(-s))
        right = float(f(s))
        if left == 0.0 or right == 0.0 or left * right < 0:
            return (-s, s)
        if doublings == max_doublings:
            raise ValueError(f"no sign change for s from {start} to {s}")
        s = 2 * s
        doublings += 1
''',
            "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        val = f(x)
        # converged?
        if val.abs() < tol:
            return x.detach(), n
        if n == max_iter:
            break
        val.backward()
        slope = x.grad
        if slope == 0:
            raise ZeroDivisionError("derivative is zero, cannot step")
        step = val / slope
        x = (x - step).detach()
    raise RuntimeError(f"did not converge, max_iter={max_iter}")
''',
            "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    # derivative coefficients: c_k * power
    deg = coeffs.shape[1] - 1
    exps = torch.arange(deg, -1, -1, dtype=coeffs.dtype, device=coeffs.device)
    dcoeffs = (coeffs * exps)[:, :-1]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).repeat(coeffs.shape[0]) \\
        if not torch.is_tensor(x0) or x0.dim() == 0 else x0.to(coeffs).clone()
    for step in range(max_iter + 1):
        val = torch.zeros_like(x)
        for j in range(deg + 1):
            val = val * x + coeffs[:, j]
        if (val.abs() < tol).all():
            return x
        if step == max_iter:
            raise RuntimeError(f"batched Newton did not converge (max_iter={max_iter})")
        der = torch.zeros_like(x)
        for j in range(deg):
            der = der * x + dcoeffs[:, j]
        x = torch.where(val.abs() < tol, x, x - val / der)
''',
        },
    },
    "cp04": {
        "source": "ind06",
        "kind": "partial",
        "copied": ["bisection_root", "newton_root", "newton_roots_batched"],
        "disguise": "'# Step' comments removed, torch.div/torch.sub/torch.add calls swapped for "
                    "operators, locals renamed (a, b -> left, right; p, dp -> poly, slope), the "
                    "Horner loop written over coeffs.T; the missing detach and the missing "
                    "RuntimeError are kept; Power and find_bracket are the copier's own",
        "answers": {
            "Power": '''\
class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        if isinstance(p, float):
            raise TypeError("exponent must be an int, received " + type(p).__name__)
        p = int(p)
        if p < 0:
            raise ValueError("exponent must not be negative: " + str(p))
        answer = x * 0 + 1
        factor = x
        remaining = p
        while remaining > 0:
            if remaining % 2:
                answer = answer * factor
            remaining //= 2
            if remaining > 0:
                factor = factor * factor
        return answer

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.exponent = int(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        k = ctx.exponent
        if k == 0:
            return grad_output * 0, None
        return grad_output * k * x ** (k - 1), None
''',
            "bisection_root": '''\
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    left = torch.tensor(float(lo), dtype=torch.float64)
    right = torch.tensor(float(hi), dtype=torch.float64)
    f_left, f_right = f(left), f(right)
    if f_left == 0:
        return left, 0
    if f_right == 0:
        return right, 0
    if torch.sign(f_left) == torch.sign(f_right):
        raise ValueError(f"f does not change sign between lo={lo} and hi={hi}")
    count = 0
    while count < max_iter and (right - left) / 2 > tol:
        middle = (left + right) / 2
        f_middle = f(middle)
        if torch.sign(f_middle) == torch.sign(f_left):
            left, f_left = middle, f_middle
        else:
            right = middle
        count += 1
    return (left + right) / 2, count
''',
            "find_bracket": '''\
def find_bracket(f, start=1.0, max_doublings=60):
    width = float(start)
    tries = 0
    while tries <= max_doublings:
        neg_end = float(f(-width))
        pos_end = float(f(width))
        if neg_end * pos_end <= 0:
            return (-width, width)
        width *= 2
        tries += 1
    raise ValueError("could not bracket a root of f")
''',
            "newton_root": '''\
def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for k in range(max_iter + 1):
        value = f(x)
        if value.abs() < tol:
            return x, k
        if k == max_iter:
            break
        slope = torch.autograd.grad(value, x)[0]
        if slope == 0:
            raise ZeroDivisionError(f"the derivative vanishes at x={x.item()}")
        with torch.no_grad():
            x = x - value / slope
        x.requires_grad_(True)
    raise RuntimeError(f"no convergence within max_iter={max_iter} Newton steps")
''',
            "newton_roots_batched": '''\
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    n_polys = coeffs.size(0)
    start = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    x = torch.zeros(n_polys, dtype=coeffs.dtype, device=coeffs.device) + start
    for _ in range(max_iter):
        x.requires_grad_(True)
        poly = torch.zeros_like(x)
        for column in coeffs.T:
            poly = poly * x + column
        finished = poly.abs() < tol
        if finished.all():
            break
        slope = torch.autograd.grad(poly.sum(), x)[0]
        with torch.no_grad():
            x = torch.where(finished, x, x - poly / slope)
    return x.detach()
''',
        },
    },
}
