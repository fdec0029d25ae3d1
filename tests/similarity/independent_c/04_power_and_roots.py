"""Independent test data for copy detection, lesson 04_power_and_roots, author C (second writer).

How it was made (from the task texts alone, without seeing the detector, the variants, the solutions or other
authors' data); one line per student: their style and which answers are wrong and how:
- st01: Russian comments, plain loops over the bits of p; all answers right.
- st02: competitive programmer, short names and bit tricks; find_bracket tries only range(max_doublings) scales,
  one short of the last one (off-by-one: start * 2**max_doublings is never tested).
- st03: beginner with prints everywhere; Power accepts only type(p) == int (rejects numpy.int64 and a 0-dim integer
  tensor with TypeError); bisection_root stops on |f(mid)| < tol (the wrong stopping rule).
- st04: a class for everything (a bit iterator, an interval, a search object); all answers right.
- st05: type hints and long docstrings, careful; all answers right.
- st06: C programmer, while loops and counters; newton_root gives up before testing the point reached after step
  number max_iter (converging exactly at step max_iter raises RuntimeError: off-by-one).
- st07: numpy lover (np.binary_repr, np.sign, np.isclose); bisection_root keeps the half where f(lo) * f(mid) < 0,
  so a midpoint that hits the root exactly is thrown away to the left (the product pitfall).
- st08: physicist, formulas in comments, iteration count computed in advance; newton_root never raises
  ZeroDivisionError (divides by f'(x) = 0 and goes on with inf/nan, ends in RuntimeError).
- st09: likes recursion and small functions; Power is recursive; bisection_root's ValueError message names
  neither lo nor hi.
- st10: lazy, minimal code; Power turns p into int(p) (2.5 and 2.0 give no TypeError); newton_roots_batched left
  out.
- st11: defensive, asserts and isinstance everywhere; newton_roots_batched loops over the polynomials in Python
  (the number of torch calls grows with B).
- st12: Spanish comments and names; Power's ValueError message does not contain p; find_bracket returns ints when
  start is an int (s stays an int while doubling).

Ground truth of the copies:
- cp01: full copy of st05, heavy disguise: type hints and docstrings stripped, every name changed, comments
  rewritten, for loops turned into while loops and back, the _as_exponent and _horner helpers inlined, the two
  branches of bisection's test swapped.
- cp02: full copy of st03, light disguise: prints reworded and a few removed, a few variables renamed; both bugs kept.
- cp03: partial copy of st08: bisection_root, find_bracket, newton_root taken (renamed greek-letter variables,
  formula comments reworded, a for loop turned into a while loop, the missing ZeroDivisionError kept); Power and
  newton_roots_batched written by cp03.
- cp04: partial copy of st12: Power, find_bracket, newton_roots_batched taken (Spanish comments translated to
  English, names translated, extra blank lines and a dead debug flag; st12's two bugs kept); bisection_root and
  newton_root written by cp04."""

STUDENTS = {
    "st01": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        p = operator.index(p)  # сам бросает TypeError для 2.5, "3", None
        if p < 0:
            raise ValueError(f"p должно быть >= 0, получено {p}")
        result = torch.ones_like(x)  # x^0
        square = x  # x, x^2, x^4, ...
        while p > 0:
            if p % 2 == 1:
                result = result * square
            p //= 2
            if p > 0:  # последнее возведение в квадрат не нужно
                square = square * square
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None  # производная константы
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError(f"f имеет один знак на концах: lo={lo}, hi={hi}")
    n = 0
    # останавливаемся по длине отрезка, а не по |f|
    while (b - a) / 2 > tol and n < max_iter:
        mid = (a + b) / 2
        fm = f(mid)
        if torch.sign(fm) == torch.sign(fa):
            a, fa = mid, fm
        else:
            b = mid
        n += 1
    return (a + b) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = float(start)
    for _ in range(max_doublings + 1):
        left = float(f(torch.tensor(-s, dtype=torch.float64)))
        right = float(f(torch.tensor(s, dtype=torch.float64)))
        if left == 0 or right == 0 or (left < 0) != (right < 0):
            return (-s, s)
        s *= 2  # удваиваем
    raise ValueError(f"нет смены знака вплоть до s = {s / 2}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break  # шагов больше не положено
        (grad,) = torch.autograd.grad(fx, x)
        if grad.item() == 0:
            raise ZeroDivisionError(f"f'(x) = 0 в точке x = {x.item()}")
        with torch.no_grad():
            x = x - fx / grad
        x.requires_grad_(True)
    raise RuntimeError(f"метод Ньютона не сошёлся за max_iter={max_iter} шагов")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    start = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    x = start.expand(coeffs.shape[0]).clone()  # своя память у каждого элемента
    for step in range(max_iter + 1):
        x.requires_grad_(True)
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):  # схема Горнера
            value = value * x + coeffs[:, k]
        done = value.abs() < tol
        if done.all():
            return x.detach()
        if step == max_iter:
            break
        (deriv,) = torch.autograd.grad(value.sum(), x)
        with torch.no_grad():
            x = torch.where(done, x, x - value / deriv)
    raise RuntimeError(f"не все многочлены сошлись за max_iter={max_iter} шагов")
''',
    },
    "st02": {
        "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p<0: {p}")
        r, b = torch.ones_like(x), x
        while p:
            if p & 1:
                r = r * b
            p >>= 1
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
        return (g * p * Power.forward(x, p - 1) if p else torch.zeros_like(x)), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    t = lambda v: torch.tensor(v, dtype=torch.float64)
    a, b = t(lo), t(hi)
    fa, fb = f(a), f(b)
    if fa == 0: return a, 0
    if fb == 0: return b, 0
    if (fa > 0) == (fb > 0):
        raise ValueError(f"same sign at lo={lo} hi={hi}")
    n = 0
    while n < max_iter and b - a > 2 * tol:
        m = (a + b) / 2
        if (f(m) > 0) == (fa > 0): a = m
        else: b = m
        n += 1
    return (a + b) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    for _ in range(max_doublings):
        l, r = f(-s), f(s)
        if l == 0 or r == 0 or (l > 0) != (r > 0):
            return -s, s
        s *= 2
    raise ValueError("no bracket")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        y = f(x)
        if y.abs() < tol:
            return x.detach(), n
        if n == max_iter:
            break
        d, = torch.autograd.grad(y, x)
        if d == 0:
            raise ZeroDivisionError("f'(x)=0")
        x = (x - y / d).detach().requires_grad_()
    raise RuntimeError(f"max_iter={max_iter} reached")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(len(coeffs)).clone()
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_()
        y = torch.zeros_like(x)
        for c in coeffs.T:
            y = y * x + c
        ok = y.abs() < tol
        if ok.all():
            return x.detach()
        if it == max_iter:
            break
        d, = torch.autograd.grad(y.sum(), x)
        x = torch.where(ok, x, x - y / d)
    raise RuntimeError(f"max_iter={max_iter} reached")
''',
    },
    "st03": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        print("forward called with p =", p)
        if type(p) != int:
            raise TypeError("p must be an int but it is " + str(type(p)))
        if p < 0:
            raise ValueError("p must not be negative but it is " + str(p))
        answer = torch.ones_like(x)
        current = x
        number = p
        while number > 0:
            if number % 2 == 1:
                answer = answer * current
                print("multiplied the answer")
            number = number // 2
            if number > 0:
                current = current * current
                print("squared")
        print("result:", answer)
        return answer

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x = inputs[0]
        p = inputs[1]
        ctx.save_for_backward(x)
        ctx.p = p
        print("saved x and p")

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        x = ctx.saved_tensors[0]
        p = ctx.p
        if p == 0:
            print("p is 0 so the gradient is 0")
            return torch.zeros_like(x), None
        derivative = p * Power.forward(x, p - 1)
        print("derivative:", derivative)
        return grad_output * derivative, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    left = torch.tensor(lo, dtype=torch.float64)
    right = torch.tensor(hi, dtype=torch.float64)
    f_left = f(left)
    f_right = f(right)
    print("f(lo) =", f_left.item(), "f(hi) =", f_right.item())
    if f_left == 0:
        return left, 0
    if f_right == 0:
        return right, 0
    if torch.sign(f_left) == torch.sign(f_right):
        raise ValueError("f(lo) and f(hi) have the same sign, lo = " + str(lo) + ", hi = " + str(hi))
    count = 0
    middle = (left + right) / 2
    while count < max_iter:
        middle = (left + right) / 2
        f_middle = f(middle)
        print("step", count, "middle =", middle.item(), "f(middle) =", f_middle.item())
        if abs(f_middle) < tol:
            print("found it!")
            break
        if torch.sign(f_middle) == torch.sign(f_left):
            left = middle
            f_left = f_middle
        else:
            right = middle
        count = count + 1
    return middle, count
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = float(start)
    k = 0
    while k <= max_doublings:
        f_minus = f(torch.tensor(-s))
        f_plus = f(torch.tensor(s))
        print("trying s =", s, "f(-s) =", f_minus.item(), "f(s) =", f_plus.item())
        if f_minus == 0 or f_plus == 0:
            return (-s, s)
        if torch.sign(f_minus) != torch.sign(f_plus):
            return (-s, s)
        s = s * 2
        k = k + 1
    raise ValueError("could not find a bracket, tried up to s = " + str(s / 2))
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    steps = 0
    while True:
        fx = f(x)
        print("step", steps, "x =", x.item(), "f(x) =", fx.item())
        if abs(fx.item()) < tol:
            print("converged")
            return x.detach(), steps
        if steps == max_iter:
            raise RuntimeError("did not converge after max_iter = " + str(max_iter) + " steps")
        fx.backward()
        slope = x.grad.item()
        print("slope =", slope)
        if slope == 0:
            raise ZeroDivisionError("the derivative is zero at x = " + str(x.item()))
        new_x = x.item() - fx.item() / slope
        x = torch.tensor(new_x, dtype=torch.float64, requires_grad=True)
        steps = steps + 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    B = coeffs.shape[0]
    x = torch.zeros(B, dtype=coeffs.dtype, device=coeffs.device) + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    print("number of polynomials:", B)
    step = 0
    while True:
        x = x.detach()
        x.requires_grad = True
        value = torch.zeros_like(x)
        for i in range(coeffs.shape[1]):
            value = value * x + coeffs[:, i]
        done = value.abs() < tol
        if done.all():
            print("all converged after", step, "steps")
            return x.detach()
        if step == max_iter:
            raise RuntimeError("not all converged after max_iter = " + str(max_iter))
        value.sum().backward()
        slope = x.grad
        x = torch.where(done, x, x - value / slope)
        step = step + 1
''',
    },
    "st04": {
        "Power": r'''class _Bits:
    """The binary digits of a non-negative integer, lowest first, each with a flag 'more digits follow'."""

    def __init__(self, number):
        self.number = number

    def __iter__(self):
        rest = self.number
        while rest:
            bit, rest = rest & 1, rest >> 1
            yield bit, rest > 0


class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def check_exponent(p):
        exponent = operator.index(p)
        if exponent < 0:
            raise ValueError(f"Power needs p >= 0, got p = {exponent}")
        return exponent

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        result, factor = torch.ones_like(x), x
        for bit, more in _Bits(Power.check_exponent(p)):
            if bit:
                result = result * factor
            if more:
                factor = factor * factor
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.exponent = Power.check_exponent(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        if ctx.exponent == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.exponent * Power.forward(x, ctx.exponent - 1), None
''',
        "bisection_root": r'''class Interval:
    """An interval [lo, hi] with f of opposite signs at its ends."""

    def __init__(self, f, lo, hi):
        self.f = f
        self.lo = torch.tensor(lo, dtype=torch.float64)
        self.hi = torch.tensor(hi, dtype=torch.float64)
        self.sign_lo = torch.sign(f(self.lo))

    def half_width(self):
        return (self.hi - self.lo) / 2

    def midpoint(self):
        return (self.lo + self.hi) / 2

    def halve(self):
        mid = self.midpoint()
        sign_mid = torch.sign(self.f(mid))
        if sign_mid == self.sign_lo:
            self.lo = mid
        else:
            self.hi = mid


def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    interval = Interval(f, lo, hi)
    sign_hi = torch.sign(f(interval.hi))
    if interval.sign_lo == 0:
        return interval.lo, 0
    if sign_hi == 0:
        return interval.hi, 0
    if interval.sign_lo == sign_hi:
        raise ValueError(f"f has the same sign at lo = {lo} and hi = {hi}")
    halvings = 0
    while halvings < max_iter and interval.half_width() > tol:
        interval.halve()
        halvings += 1
    return interval.midpoint(), halvings
''',
        "find_bracket": r'''class BracketSearch:
    """Symmetric intervals [-s, s] with s = start, 2 start, 4 start, ..."""

    def __init__(self, f, start, max_doublings):
        self.f, self.start, self.max_doublings = f, float(start), max_doublings

    def scales(self):
        return (self.start * 2**k for k in range(self.max_doublings + 1))

    def brackets(self, s):
        left, right = float(self.f(-s)), float(self.f(s))
        return left == 0.0 or right == 0.0 or (left < 0) != (right < 0)

    def run(self):
        for s in self.scales():
            if self.brackets(s):
                return (-s, s)
        raise ValueError(f"no sign change on [-s, s] for s up to {self.start * 2**self.max_doublings}")


def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    return BracketSearch(f, start, max_doublings).run()
''',
        "newton_root": r'''class NewtonIteration:
    """One scalar Newton iteration x <- x - f(x) / f'(x), with f' from autograd."""

    def __init__(self, f, x0):
        self.f = f
        self.x = torch.tensor(float(x0), dtype=torch.float64)

    def value_and_slope(self):
        x = self.x.clone().requires_grad_(True)
        fx = self.f(x)
        (slope,) = torch.autograd.grad(fx, x)
        return fx.detach(), slope

    def residual(self):
        return abs(self.f(self.x).item())

    def step(self):
        fx, slope = self.value_and_slope()
        if slope.item() == 0.0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {self.x.item()}")
        self.x = self.x - fx / slope


def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    iteration = NewtonIteration(f, x0)
    steps = 0
    while iteration.residual() >= tol:
        if steps == max_iter:
            raise RuntimeError(f"Newton's method did not converge in max_iter = {max_iter} steps")
        iteration.step()
        steps += 1
    return iteration.x.detach(), steps
''',
        "newton_roots_batched": r'''class Polynomials:
    """B polynomials, one per row of coefficients (highest degree first)."""

    def __init__(self, coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        value = torch.zeros_like(x)
        for column in range(self.coeffs.shape[1]):
            value = value * x + self.coeffs[:, column]
        return value


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    polys = Polynomials(coeffs)
    x = torch.full((coeffs.shape[0],), 0.0, dtype=coeffs.dtype, device=coeffs.device)
    x.copy_(torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device))
    for iteration in range(max_iter + 1):
        x.requires_grad_(True)
        values = polys(x)
        converged = values.abs() < tol
        if bool(converged.all()):
            return x.detach()
        if iteration == max_iter:
            break
        (slopes,) = torch.autograd.grad(values.sum(), x)
        with torch.no_grad():
            x = torch.where(converged, x, x - values / slopes)
    raise RuntimeError(f"some polynomials did not converge in max_iter = {max_iter} steps")
''',
    },
    "st05": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x: torch.Tensor, p: int) -> torch.Tensor:
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        exponent: int = _as_exponent(p)
        accumulator: torch.Tensor = torch.ones_like(x)
        base: torch.Tensor = x
        for position in range(exponent.bit_length()):
            if (exponent >> position) & 1:
                accumulator = accumulator * base
            if position + 1 < exponent.bit_length():
                base = base * base
        return accumulator

    @staticmethod
    def setup_context(ctx, inputs: tuple, output: torch.Tensor) -> None:
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.exponent = _as_exponent(p)

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor) -> tuple:
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        exponent: int = ctx.exponent
        if exponent == 0:
            # d/dx of the constant 1: p * x ** (p - 1) would give 0 * inf = nan at x = 0
            return torch.zeros_like(x), None
        return grad_output * exponent * Power.forward(x, exponent - 1), None


def _as_exponent(p) -> int:
    """p as a Python int >= 0: TypeError (from operator.index) for non-integers, ValueError for p < 0."""
    exponent = operator.index(p)
    if exponent < 0:
        raise ValueError(f"the exponent must be >= 0, got {exponent}")
    return exponent
''',
        "bisection_root": r'''def bisection_root(f, lo: float, hi: float, tol: float = 1e-5, max_iter: int = 200) -> tuple:
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    left: torch.Tensor = torch.as_tensor(lo, dtype=torch.float64)
    right: torch.Tensor = torch.as_tensor(hi, dtype=torch.float64)
    sign_left: int = int(torch.sign(f(left)))
    sign_right: int = int(torch.sign(f(right)))
    if sign_left == 0:
        return left, 0
    if sign_right == 0:
        return right, 0
    if sign_left == sign_right:
        raise ValueError(f"f(lo) and f(hi) have the same sign: lo = {lo}, hi = {hi}")
    halvings: int = 0
    for halvings in range(max_iter + 1):
        if (right - left) / 2 <= tol or halvings == max_iter:
            break
        middle = (left + right) / 2
        if int(torch.sign(f(middle))) == sign_left:
            left = middle
        else:
            right = middle
    return (left + right) / 2, halvings
''',
        "find_bracket": r'''def find_bracket(f, start: float = 1.0, max_doublings: int = 60) -> tuple:
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    for k in range(max_doublings + 1):
        s: float = float(start) * 2.0**k
        at_minus: float = float(f(-s))
        at_plus: float = float(f(s))
        if at_minus == 0 or at_plus == 0 or (at_minus > 0) != (at_plus > 0):
            return (-s, s)
    raise ValueError(f"f does not change sign on [-s, s] for any s up to {float(start) * 2.0**max_doublings}")
''',
        "newton_root": r'''def newton_root(f, x0: float, tol: float = 1e-5, max_iter: int = 50) -> tuple:
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x: torch.Tensor = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    steps: int = 0
    while True:
        value: torch.Tensor = f(x)
        if value.abs().item() < tol:
            return x.detach(), steps
        if steps >= max_iter:
            raise RuntimeError(f"no convergence within max_iter = {max_iter} steps, |f(x)| = {value.abs().item():.3e}")
        (slope,) = torch.autograd.grad(value, x)
        if slope.item() == 0.0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item()}: the Newton step is undefined")
        with torch.no_grad():
            x = (x - value / slope).requires_grad_(True)
        steps += 1
''',
        "newton_roots_batched": r'''def _horner(coeffs: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """p_i(x_i) for every row i of coeffs (highest degree first), one operation per degree for all rows."""
    value = torch.zeros_like(x)
    for column in coeffs.unbind(dim=1):
        value = value * x + column
    return value


def newton_roots_batched(coeffs: torch.Tensor, x0, tol: float = 1e-5, max_iter: int = 50) -> torch.Tensor:
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    batch: int = coeffs.shape[0]
    x: torch.Tensor = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()
    for iteration in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        values: torch.Tensor = _horner(coeffs, x)
        converged: torch.Tensor = values.abs() < tol
        if converged.all():
            return x.detach()
        if iteration == max_iter:
            break
        (slopes,) = torch.autograd.grad(values.sum(), x)
        with torch.no_grad():
            x = torch.where(converged, x, x - values / slopes)
    raise RuntimeError(f"{int((~converged).sum())} polynomials did not converge within max_iter = {max_iter} steps")
''',
    },
    "st06": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        e = operator.index(p)
        if e < 0:
            raise ValueError("negative exponent: %d" % e)
        res = torch.ones_like(x)
        sq = x
        while e != 0:
            if (e & 1) != 0:
                res = torch.mul(res, sq)
            e = e >> 1
            if e != 0:
                sq = torch.mul(sq, sq)
        return res

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        ctx.save_for_backward(inputs[0])
        ctx.e = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        x = ctx.saved_tensors[0]
        if ctx.e == 0:
            return torch.zeros_like(x), None
        d = Power.forward(x, ctx.e - 1)
        return torch.mul(torch.mul(grad_output, d), ctx.e), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    sa = int(torch.sign(f(a)))
    sb = int(torch.sign(f(b)))
    if sa == 0:
        return a, 0
    if sb == 0:
        return b, 0
    if sa == sb:
        raise ValueError("no sign change between lo=%g and hi=%g" % (lo, hi))
    i = 0
    while i < max_iter:
        if b - a <= tol:
            break
        c = (a + b) / 2
        sc = int(torch.sign(f(c)))
        if sc == 0:
            return c, i + 1
        if sc == sa:
            a = c
        else:
            b = c
        i = i + 1
    return (a + b) / 2, i
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = float(start)
    k = 0
    while k <= max_doublings:
        fl = float(f(-s))
        fr = float(f(s))
        if fl == 0.0 or fr == 0.0:
            return (-s, s)
        if (fl < 0.0 and fr > 0.0) or (fl > 0.0 and fr < 0.0):
            return (-s, s)
        s = s * 2.0
        k = k + 1
    raise ValueError("no sign change found, last s = %g" % (s / 2.0))
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    n = 0
    while n < max_iter:
        y = f(x)
        if abs(y.item()) < tol:
            return x.detach(), n
        g = torch.autograd.grad(y, x)[0]
        if g.item() == 0.0:
            raise ZeroDivisionError("zero derivative at x=%g" % x.item())
        x = torch.tensor(x.item() - y.item() / g.item(), dtype=torch.float64, requires_grad=True)
        n = n + 1
    raise RuntimeError("no convergence after max_iter=%d steps" % max_iter)
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    n = coeffs.shape[0]
    d = coeffs.shape[1]
    x = torch.empty(n, dtype=coeffs.dtype, device=coeffs.device)
    x[:] = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    it = 0
    while 1:
        x = x.detach().requires_grad_(True)
        y = torch.zeros_like(x)
        j = 0
        while j < d:
            y = y * x + coeffs[:, j]
            j = j + 1
        ok = y.abs() < tol
        if ok.all():
            return x.detach()
        if it == max_iter:
            raise RuntimeError("not converged after max_iter=%d" % max_iter)
        g = torch.autograd.grad(y.sum(), x)[0]
        x = torch.where(ok, x, x - y / g)
        it = it + 1
''',
    },
    "st07": {
        "Power": r'''import numpy as np


class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"p = {p} < 0")
        bits = np.binary_repr(p)[::-1] if p else ""  # least significant bit first
        out = torch.ones_like(x)
        sq = x
        for i, bit in enumerate(bits):
            if bit == "1":
                out = out * sq
            if i < len(bits) - 1:
                sq = sq * sq
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = int(np.int64(operator.index(p)))

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        "bisection_root": r'''import numpy as np


def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    lo, hi = np.float64(lo), np.float64(hi)
    f_np = lambda v: f(torch.tensor(v, dtype=torch.float64)).item()
    flo, fhi = f_np(lo), f_np(hi)
    if flo == 0:
        return torch.tensor(lo), 0
    if fhi == 0:
        return torch.tensor(hi), 0
    if np.sign(flo) == np.sign(fhi):
        raise ValueError(f"f(lo) and f(hi) have the same sign (lo={lo}, hi={hi})")
    n_max = min(max_iter, max(0, int(np.ceil(np.log2((hi - lo) / (2 * tol))))))
    for n in range(n_max):
        mid = (lo + hi) / 2
        if f_np(lo) * f_np(mid) < 0:
            hi = mid
        else:
            lo = mid
    return torch.tensor((lo + hi) / 2), n_max
''',
        "find_bracket": r'''import numpy as np


def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    for s in float(start) * 2.0 ** np.arange(max_doublings + 1):
        signs = np.sign([float(f(-s)), float(f(s))])
        if signs[0] * signs[1] <= 0:
            return (-float(s), float(s))
    raise ValueError("no sign change found")
''',
        "newton_root": r'''import numpy as np


def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(np.float64(x0), requires_grad=True)
    for n in range(max_iter + 1):
        fx = f(x)
        if np.abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        dfx = torch.autograd.grad(fx, x)[0].item()
        if np.isclose(dfx, 0.0, rtol=0.0, atol=0.0):
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item()}")
        x = torch.tensor(x.item() - fx.item() / dfx, requires_grad=True)
    raise RuntimeError(f"did not converge in max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''import numpy as np


def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).broadcast_to(coeffs.shape[:1]).clone()
    # powers of x: x^deg, ..., x^1, x^0 -- one matmul-like reduction instead of Horner
    degrees = torch.arange(coeffs.shape[1] - 1, -1, -1, device=coeffs.device)
    for it in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        y = (coeffs * x[:, None] ** degrees).sum(dim=1)
        done = y.abs() < tol
        if done.all():
            return x.detach()
        if it == max_iter:
            break
        (dy,) = torch.autograd.grad(y.sum(), x)
        x = torch.where(done, x, x - y / dy)
    raise RuntimeError(f"not converged after max_iter={max_iter}")
''',
    },
    "st08": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        n = operator.index(p)
        if n < 0:
            raise ValueError(f"exponent n = {n} must be >= 0")
        # x^n = prod_k (x^(2^k))^(b_k),  n = sum_k b_k 2^k
        y = torch.ones_like(x)
        x_2k = x  # x^(2^k)
        k_max = n.bit_length()
        for k in range(k_max):
            if n >> k & 1:
                y = y * x_2k
            if k < k_max - 1:
                x_2k = x_2k * x_2k
        return y

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.n = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        n = ctx.n
        # d/dx x^n = n x^(n-1); for n = 0 the derivative of a constant vanishes
        dy_dx = n * Power.forward(x, n - 1) if n > 0 else torch.zeros_like(x)
        return grad_output * dy_dx, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    a, b = torch.tensor(lo, dtype=torch.float64), torch.tensor(hi, dtype=torch.float64)
    f_a, f_b = f(a), f(b)
    if f_a == 0:
        return a, 0
    if f_b == 0:
        return b, 0
    if torch.sign(f_a) * torch.sign(f_b) > 0:
        raise ValueError(f"no sign change of f on [{lo}, {hi}]")
    # error after N halvings: (b - a) / 2^(N+1) <= tol  =>  N = ceil(log2((b - a) / tol)) - 1
    N = max(0, math.ceil(math.log2((hi - lo) / tol)) - 1)
    N = min(N, max_iter)
    for _ in range(N):
        c = 0.5 * (a + b)
        if torch.sign(f(c)) == torch.sign(f_a):
            a = c
        else:
            b = c
    return 0.5 * (a + b), N
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    # scale s_k = s_0 * 2^k: reaches |x| ~ 2^k in k steps
    for k in range(max_doublings + 1):
        s = float(start) * 2.0**k
        f_minus, f_plus = float(f(-s)), float(f(s))
        if f_minus * f_plus <= 0 and not (math.isnan(f_minus) or math.isnan(f_plus)):
            return (-s, s)
    raise ValueError(f"f keeps its sign on [-s, s] up to s = {float(start) * 2.0**max_doublings}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    # x_{n+1} = x_n - f(x_n) / f'(x_n)
    x_n = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        f_n = f(x_n)
        if abs(f_n.item()) < tol:
            return x_n.detach(), n
        if n == max_iter:
            break
        x_n.grad = None
        f_n.backward()
        df_n = x_n.grad
        with torch.no_grad():
            x_n = x_n - f_n / df_n
        x_n.requires_grad_(True)
    raise RuntimeError(f"Newton's method: |f(x)| >= tol after max_iter = {max_iter} steps")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    B, D = coeffs.shape
    x = torch.zeros(B, dtype=coeffs.dtype, device=coeffs.device)
    x = x + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        # Horner: p(x) = (...((a_0 x + a_1) x + a_2) ...) x + a_D
        p = torch.zeros_like(x)
        for j in range(D):
            p = p * x + coeffs[:, j]
        converged = p.abs() < tol
        if converged.all():
            return x.detach()
        if n == max_iter:
            break
        # grad of sum_i p_i(x_i) wrt x is the vector p_i'(x_i)
        (dp,) = torch.autograd.grad(p.sum(), x)
        with torch.no_grad():
            x = torch.where(converged, x, x - p / dp)
    raise RuntimeError(f"Newton (batched): not converged after max_iter = {max_iter}")
''',
    },
    "st09": {
        "Power": r'''def _power(x, p):
    """x ** p by recursion on p // 2."""
    if p == 0:
        return torch.ones_like(x)
    half = _power(x, p // 2)
    square = half * half
    return square * x if p % 2 else square


class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        p = operator.index(p)
        if p < 0:
            raise ValueError(f"negative p: {p}")
        return _power(x, p)

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        ctx.save_for_backward(inputs[0])
        ctx.p = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        p = ctx.p
        return (torch.zeros_like(x) if p == 0 else grad_output * p * _power(x, p - 1)), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    sign = lambda t: int(torch.sign(f(t)))
    a, b = torch.tensor(float(lo), dtype=torch.float64), torch.tensor(float(hi), dtype=torch.float64)
    sa, sb = sign(a), sign(b)
    if sa == 0:
        return a, 0
    if sb == 0:
        return b, 0
    if sa == sb:
        raise ValueError("f does not change sign on the interval")

    def halve(a, b, n):
        if (b - a) / 2 <= tol or n == max_iter:
            return (a + b) / 2, n
        m = (a + b) / 2
        return halve(m, b, n + 1) if sign(m) == sa else halve(a, m, n + 1)

    return halve(a, b, 0)
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    scales = (float(start) * 2**k for k in range(max_doublings + 1))
    changes = lambda s: float(f(-s)) * float(f(s)) <= 0
    s = next(filter(changes, scales), None)
    if s is None:
        raise ValueError("no bracket found")
    return (-s, s)
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    def value_and_slope(x):
        x = x.detach().requires_grad_(True)
        y = f(x)
        return y.detach(), torch.autograd.grad(y, x)[0]

    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        y = f(x)
        if abs(float(y)) < tol:
            return x, n
        if n < max_iter:
            y, slope = value_and_slope(x)
            if float(slope) == 0:
                raise ZeroDivisionError(f"zero slope at {float(x)}")
            x = x - y / slope
    raise RuntimeError(f"no root after max_iter={max_iter} steps")
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    import functools

    horner = lambda x: functools.reduce(lambda acc, c: acc * x + c, coeffs.T, torch.zeros_like(x))
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device) + torch.zeros(
        coeffs.shape[0], dtype=coeffs.dtype, device=coeffs.device)
    for n in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        y = horner(x)
        done = y.abs() < tol
        if done.all():
            return x.detach()
        if n == max_iter:
            break
        slope = torch.autograd.grad(y.sum(), x)[0]
        x = torch.where(done, x, x - y / slope)
    raise RuntimeError(f"no convergence after max_iter={max_iter}")
''',
    },
    "st10": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        p = int(p)
        if p < 0:
            raise ValueError(p)
        r = torch.ones_like(x)
        while p:
            if p % 2:
                r = r * x
            p //= 2
            if p:
                x = x * x
        return r

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        ctx.save_for_backward(inputs[0])
        ctx.p = int(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        x, = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(x), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    lo, hi = torch.tensor(lo, dtype=torch.float64), torch.tensor(hi, dtype=torch.float64)
    if f(lo) == 0:
        return lo, 0
    if f(hi) == 0:
        return hi, 0
    if torch.sign(f(lo)) == torch.sign(f(hi)):
        raise ValueError(f"{lo.item()} {hi.item()}")
    n = 0
    while hi - lo > 2 * tol and n < max_iter:
        mid = (lo + hi) / 2
        if torch.sign(f(mid)) == torch.sign(f(lo)):
            lo = mid
        else:
            hi = mid
        n += 1
    return (lo + hi) / 2, n
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = float(start)
    for _ in range(max_doublings + 1):
        if f(-s) * f(s) <= 0:
            return (-s, s)
        s *= 2
    raise ValueError("none")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for n in range(max_iter + 1):
        y = f(x)
        if abs(y) < tol:
            return x.detach(), n
        if n == max_iter:
            raise RuntimeError(f"max_iter {max_iter}")
        g, = torch.autograd.grad(y, x)
        if g == 0:
            raise ZeroDivisionError
        x = (x - y / g).detach().requires_grad_()
''',
    },
    "st11": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        assert isinstance(x, torch.Tensor), "x must be a tensor"
        if isinstance(p, bool):
            p = int(p)
        try:
            exponent = operator.index(p)
        except TypeError:
            raise TypeError(f"p must be an integer, got {p!r} of type {type(p).__name__}") from None
        if exponent < 0:
            raise ValueError(f"p must be non-negative, got {exponent}")
        result = torch.ones_like(x)
        if exponent == 0:
            return result
        power_of_x = x
        remaining = exponent
        while True:
            if remaining & 1:
                result = result * power_of_x
            remaining >>= 1
            if remaining == 0:
                break
            power_of_x = power_of_x * power_of_x
        assert result.shape == x.shape and result.dtype == x.dtype
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        assert isinstance(x, torch.Tensor)
        ctx.save_for_backward(x)
        ctx.exponent = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        exponent = ctx.exponent
        if exponent == 0:
            grad_x = torch.zeros_like(x)
        else:
            grad_x = grad_output * exponent * Power.forward(x, exponent - 1)
        assert grad_x.shape == x.shape
        return grad_x, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    assert callable(f), "f must be callable"
    assert tol > 0, "tol must be positive"
    if not lo < hi:
        lo, hi = hi, lo
    left = torch.tensor(float(lo), dtype=torch.float64)
    right = torch.tensor(float(hi), dtype=torch.float64)
    value_left, value_right = f(left), f(right)
    if not isinstance(value_left, torch.Tensor):
        value_left, value_right = torch.tensor(value_left), torch.tensor(value_right)
    if value_left.item() == 0.0:
        return left, 0
    if value_right.item() == 0.0:
        return right, 0
    if torch.signbit(value_left) == torch.signbit(value_right):
        raise ValueError(f"f(lo) and f(hi) must have opposite signs; lo={lo}, hi={hi}")
    iterations = 0
    while iterations < max_iter and (right - left).item() / 2 > tol:
        middle = (left + right) / 2
        value_middle = f(middle)
        if value_middle.item() != 0.0 and torch.signbit(value_middle) == torch.signbit(value_left):
            left, value_left = middle, value_middle
        else:
            right = middle
        iterations += 1
    assert iterations <= max_iter
    return (left + right) / 2, int(iterations)
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    assert callable(f), "f must be callable"
    assert start > 0, "start must be positive"
    assert max_doublings >= 0, "max_doublings must be non-negative"
    scale = float(start)
    for doubling in range(max_doublings + 1):
        value_minus = float(f(torch.tensor(-scale, dtype=torch.float64)))
        value_plus = float(f(torch.tensor(scale, dtype=torch.float64)))
        if value_minus == 0.0 or value_plus == 0.0:
            return (-scale, scale)
        if (value_minus < 0.0) != (value_plus < 0.0):
            return (-scale, scale)
        scale *= 2.0
    raise ValueError(f"no sign change of f on [-s, s] for s from {start} up to {start * 2 ** max_doublings}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    assert callable(f), "f must be callable"
    assert max_iter >= 0, "max_iter must be non-negative"
    point = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    steps_taken = 0
    while True:
        value = f(point)
        assert value.numel() == 1, "f must return one number"
        if abs(value.item()) < tol:
            result = point.detach().clone()
            assert not result.requires_grad
            return result, steps_taken
        if steps_taken >= max_iter:
            raise RuntimeError(f"Newton's method did not reach |f(x)| < {tol} in max_iter={max_iter} steps")
        (derivative,) = torch.autograd.grad(value, point)
        if derivative.item() == 0.0:
            raise ZeroDivisionError(f"the derivative of f is zero at x = {point.item()}")
        with torch.no_grad():
            next_point = point - value / derivative
        point = next_point.clone().requires_grad_(True)
        steps_taken += 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    assert coeffs.dim() == 2, "coeffs must be (B, degree + 1)"
    batch = coeffs.shape[0]
    starts = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch)
    roots = torch.empty(batch, dtype=coeffs.dtype, device=coeffs.device)
    for index in range(batch):
        row = coeffs[index]
        point = starts[index].clone().requires_grad_(True)
        for step in range(max_iter + 1):
            value = torch.zeros((), dtype=coeffs.dtype, device=coeffs.device)
            for coefficient in row:
                value = value * point + coefficient
            if abs(value.item()) < tol:
                break
            if step == max_iter:
                raise RuntimeError(f"polynomial {index} did not converge in max_iter={max_iter} steps")
            (derivative,) = torch.autograd.grad(value, point)
            with torch.no_grad():
                point = (point - value / derivative).requires_grad_(True)
        roots[index] = point.detach()
    assert roots.shape == (batch,)
    return roots
''',
    },
    "st12": {
        "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        exponente = operator.index(p)  # lanza TypeError si p no es entero
        if exponente < 0:
            raise ValueError("el exponente no puede ser negativo")
        resultado = torch.ones_like(x)
        base = x
        while exponente > 0:
            # si el bit más bajo es 1, multiplicamos el resultado por la base
            if exponente % 2 == 1:
                resultado = resultado * base
            exponente = exponente // 2
            if exponente > 0:
                base = base * base  # elevamos la base al cuadrado
        return resultado

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.exponente = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors
        if ctx.exponente == 0:
            # la derivada de una constante es cero
            return torch.zeros_like(x), None
        derivada = ctx.exponente * Power.forward(x, ctx.exponente - 1)
        return grad_output * derivada, None
''',
        "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    izquierda = torch.tensor(lo, dtype=torch.float64)
    derecha = torch.tensor(hi, dtype=torch.float64)
    signo_izq = torch.sign(f(izquierda))
    signo_der = torch.sign(f(derecha))
    if signo_izq == 0:
        return izquierda, 0
    if signo_der == 0:
        return derecha, 0
    if signo_izq == signo_der:
        raise ValueError(f"f tiene el mismo signo en lo={lo} y hi={hi}")
    pasos = 0
    # paramos cuando la mitad del intervalo es menor que tol
    while (derecha - izquierda) / 2 > tol and pasos < max_iter:
        medio = (izquierda + derecha) / 2
        if torch.sign(f(medio)) == signo_izq:
            izquierda = medio
        else:
            derecha = medio
        pasos += 1
    return (izquierda + derecha) / 2, pasos
''',
        "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = start
    for _ in range(max_doublings + 1):
        valor_izq = f(torch.tensor(-s, dtype=torch.float64))
        valor_der = f(torch.tensor(s, dtype=torch.float64))
        # un cero en un extremo también vale
        if valor_izq == 0 or valor_der == 0 or torch.sign(valor_izq) != torch.sign(valor_der):
            return (-s, s)
        s = s * 2
    raise ValueError(f"no hay cambio de signo hasta s = {s // 2}")
''',
        "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    pasos = 0
    while True:
        valor = f(x)
        if valor.abs() < tol:
            return x.detach(), pasos
        if pasos == max_iter:
            raise RuntimeError(f"Newton no converge en max_iter={max_iter} pasos")
        (pendiente,) = torch.autograd.grad(valor, x)
        if pendiente == 0:
            raise ZeroDivisionError("la derivada es cero")
        # paso de Newton sin grafo
        with torch.no_grad():
            x = x - valor / pendiente
        x.requires_grad_(True)
        pasos += 1
''',
        "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    cantidad = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(cantidad).clone()
    for paso in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        # esquema de Horner para todos los polinomios a la vez
        valores = torch.zeros_like(x)
        for columna in range(coeffs.shape[1]):
            valores = valores * x + coeffs[:, columna]
        listos = valores.abs() < tol
        if listos.all():
            return x.detach()
        if paso == max_iter:
            break
        (pendientes,) = torch.autograd.grad(valores.sum(), x)
        with torch.no_grad():
            x = torch.where(listos, x, x - valores / pendientes)
    raise RuntimeError(f"no todos convergen en max_iter={max_iter} pasos")
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st05",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "heavy: type hints and docstrings removed, every name changed, comments and messages rewritten, "
                    "the _as_exponent helper inlined into forward and setup_context, for loops turned into while "
                    "loops and a while True into a for loop, the _horner helper inlined, unbind turned into indexing",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        n = operator.index(p)
        if n < 0:
            raise ValueError(f"negative powers are not supported (p = {n})")
        # walk over the binary digits of n, squaring the base as we go
        out = torch.ones_like(x)
        sq = x
        while n:
            if n & 1:
                out = out * sq
            n >>= 1
            if n:
                sq = sq * sq
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        t, p = inputs
        n = operator.index(p)
        if n < 0:
            raise ValueError(f"negative powers are not supported (p = {n})")
        ctx.save_for_backward(t)
        ctx.n = n

    @staticmethod
    def backward(ctx, grad_output):
        t, = ctx.saved_tensors
        if not ctx.n:
            # constant function -> zero gradient (avoids 0 * inf at t = 0)
            return torch.zeros_like(t), None
        return grad_output * ctx.n * Power.forward(t, ctx.n - 1), None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.as_tensor(lo, dtype=torch.float64)
    b = torch.as_tensor(hi, dtype=torch.float64)
    s_a = int(torch.sign(f(a)))
    s_b = int(torch.sign(f(b)))
    if s_a == 0:
        return a, 0
    if s_b == 0:
        return b, 0
    if s_a == s_b:
        raise ValueError(f"need a sign change between lo = {lo} and hi = {hi}")
    k = 0
    while k < max_iter and (b - a) / 2 > tol:
        c = (a + b) / 2
        if int(torch.sign(f(c))) != s_a:
            b = c
        else:
            a = c
        k += 1
    return (a + b) / 2, k
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    k = 0
    while k <= max_doublings:
        r = float(start) * 2.0**k
        fm, fp = float(f(-r)), float(f(r))
        if fm == 0 or fp == 0 or (fm > 0) != (fp > 0):
            return (-r, r)
        k += 1
    raise ValueError(f"searched up to s = {float(start) * 2.0**max_doublings} without a sign change")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    t = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for k in range(max_iter + 1):
        y = f(t)
        if y.abs().item() < tol:
            return t.detach(), k
        if k >= max_iter:
            break
        (dy,) = torch.autograd.grad(y, t)
        if dy.item() == 0.0:
            raise ZeroDivisionError(f"derivative vanishes at {t.item()}")
        with torch.no_grad():
            t = (t - y / dy).requires_grad_(True)
    raise RuntimeError(f"Newton iteration failed: max_iter = {max_iter} steps, |f| = {y.abs().item():.3e}")
''',
            "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    B = coeffs.shape[0]
    z = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(B).clone()
    for k in range(max_iter + 1):
        z = z.detach().requires_grad_(True)
        # Horner, all rows together
        p = torch.zeros_like(z)
        for j in range(coeffs.shape[1]):
            p = p * z + coeffs[:, j]
        ok = p.abs() < tol
        if ok.all():
            return z.detach()
        if k == max_iter:
            break
        (dp,) = torch.autograd.grad(p.sum(), z)
        with torch.no_grad():
            z = torch.where(ok, z, z - p / dp)
    raise RuntimeError(f"{int((~ok).sum())} roots still not found after max_iter = {max_iter}")
''',
        },
    },
    "cp02": {
        "source": "st03",
        "kind": "full",
        "copied": ["Power", "bisection_root", "find_bracket", "newton_root", "newton_roots_batched"],
        "disguise": "light: print messages reworded and about a third of them removed, some variables renamed "
                    "(answer -> res, left/right -> a/b, steps -> it); structure, docstrings and both bugs kept",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        if type(p) != int:
            raise TypeError("p should be an integer, not " + str(type(p)))
        if p < 0:
            raise ValueError("p should be >= 0, got " + str(p))
        res = torch.ones_like(x)
        cur = x
        num = p
        while num > 0:
            if num % 2 == 1:
                res = res * cur
            num = num // 2
            if num > 0:
                cur = cur * cur
        print("power done:", res)
        return res

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x = inputs[0]
        p = inputs[1]
        ctx.save_for_backward(x)
        ctx.p = p

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        x = ctx.saved_tensors[0]
        p = ctx.p
        if p == 0:
            return torch.zeros_like(x), None
        deriv = p * Power.forward(x, p - 1)
        print("backward, deriv =", deriv)
        return grad_output * deriv, None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa = f(a)
    fb = f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if torch.sign(fa) == torch.sign(fb):
        raise ValueError("same sign at both ends: lo = " + str(lo) + ", hi = " + str(hi))
    it = 0
    mid = (a + b) / 2
    while it < max_iter:
        mid = (a + b) / 2
        fmid = f(mid)
        print("iteration", it, ": mid =", mid.item())
        if abs(fmid) < tol:
            break
        if torch.sign(fmid) == torch.sign(fa):
            a = mid
            fa = fmid
        else:
            b = mid
        it = it + 1
    return mid, it
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    s = float(start)
    k = 0
    while k <= max_doublings:
        fm = f(torch.tensor(-s))
        fp = f(torch.tensor(s))
        print("s =", s, "values:", fm.item(), fp.item())
        if fm == 0 or fp == 0:
            return (-s, s)
        if torch.sign(fm) != torch.sign(fp):
            return (-s, s)
        s = s * 2
        k = k + 1
    raise ValueError("no bracket found, the last s tried was " + str(s / 2))
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    x = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    it = 0
    while True:
        fx = f(x)
        print("it", it, "x =", x.item(), "f(x) =", fx.item())
        if abs(fx.item()) < tol:
            return x.detach(), it
        if it == max_iter:
            raise RuntimeError("no convergence within max_iter = " + str(max_iter) + " steps")
        fx.backward()
        d = x.grad.item()
        if d == 0:
            raise ZeroDivisionError("derivative is zero at x = " + str(x.item()))
        x = torch.tensor(x.item() - fx.item() / d, dtype=torch.float64, requires_grad=True)
        it = it + 1
''',
            "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    n = coeffs.shape[0]
    x = torch.zeros(n, dtype=coeffs.dtype, device=coeffs.device) + torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)
    it = 0
    while True:
        x = x.detach()
        x.requires_grad = True
        val = torch.zeros_like(x)
        for j in range(coeffs.shape[1]):
            val = val * x + coeffs[:, j]
        done = val.abs() < tol
        if done.all():
            print("converged in", it, "iterations")
            return x.detach()
        if it == max_iter:
            raise RuntimeError("some did not converge after max_iter = " + str(max_iter))
        val.sum().backward()
        x = torch.where(done, x, x - val / x.grad)
        it = it + 1
''',
        },
    },
    "cp03": {
        "source": "st08",
        "kind": "partial",
        "copied": ["bisection_root", "find_bracket", "newton_root"],
        "disguise": "medium: greek-letter and index names renamed (x_n -> cur, f_n -> val, N -> steps), the formula "
                    "comments reworded, find_bracket's for loop turned into a while loop doubling s, 0.5 * (a + b) "
                    "written as (a + b) / 2; st08's missing ZeroDivisionError kept; Power and newton_roots_batched "
                    "written by cp03 (short, recursive-free, no docstrings)",
        "answers": {
            "Power": r'''class Power(torch.autograd.Function):
    @staticmethod
    def forward(x, p):
        k = operator.index(p)
        if k < 0:
            raise ValueError(f"p has to be >= 0 but is {k}")
        acc = torch.ones_like(x)
        b = x
        while k > 0:
            if k % 2:
                acc = torch.mul(acc, b)
            k //= 2
            if k:
                b = torch.square(b)
        return acc

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.k = operator.index(inputs[1])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if ctx.k == 0:
            return torch.zeros_like(x), None
        return grad_output * (ctx.k * Power.forward(x, ctx.k - 1)), None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    a = torch.tensor(lo, dtype=torch.float64)
    b = torch.tensor(hi, dtype=torch.float64)
    fa, fb = f(a), f(b)
    if fa == 0:
        return a, 0
    if fb == 0:
        return b, 0
    if torch.sign(fa) * torch.sign(fb) > 0:
        raise ValueError(f"f does not change sign between {lo} and {hi}")
    # the number of halvings is known beforehand: the half-width (hi - lo) / 2^(steps+1) must reach tol
    steps = max(0, math.ceil(math.log2((hi - lo) / tol)) - 1)
    steps = min(steps, max_iter)
    for _ in range(steps):
        mid = (a + b) / 2
        if torch.sign(f(mid)) == torch.sign(fa):
            a = mid
        else:
            b = mid
    return (a + b) / 2, steps
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    s = float(start)
    k = 0
    # doubling reaches the scale 2^k after k tries
    while k <= max_doublings:
        left, right = float(f(-s)), float(f(s))
        if left * right <= 0 and not (math.isnan(left) or math.isnan(right)):
            return (-s, s)
        s *= 2.0
        k += 1
    raise ValueError(f"no sign change of f on [-s, s] up to s = {float(start) * 2.0**max_doublings}")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    # tangent step: cur <- cur - f(cur) / f'(cur)
    cur = torch.tensor(float(x0), dtype=torch.float64, requires_grad=True)
    for i in range(max_iter + 1):
        val = f(cur)
        if abs(val.item()) < tol:
            return cur.detach(), i
        if i == max_iter:
            break
        cur.grad = None
        val.backward()
        slope = cur.grad
        with torch.no_grad():
            cur = cur - val / slope
        cur.requires_grad_(True)
    raise RuntimeError(f"no convergence: |f(x)| is still >= tol after max_iter = {max_iter} steps")
''',
            "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).repeat(coeffs.shape[0] // max(1, torch.as_tensor(x0).numel()))
    x = x.clone()
    for i in range(max_iter + 1):
        x = x.detach().requires_grad_(True)
        y = coeffs[:, 0] * torch.ones_like(x)
        for j in range(1, coeffs.shape[1]):
            y = y * x + coeffs[:, j]
        finished = y.abs() < tol
        if finished.all():
            return x.detach()
        if i == max_iter:
            raise RuntimeError(f"not all polynomials converged, max_iter = {max_iter}")
        (dy,) = torch.autograd.grad(y.sum(), x)
        x = torch.where(finished, x, x - y / dy)
''',
        },
    },
    "cp04": {
        "source": "st12",
        "kind": "partial",
        "copied": ["Power", "find_bracket", "newton_roots_batched"],
        "disguise": "medium: the Spanish comments translated into English and the Spanish names translated "
                    "(resultado -> result, listos -> converged, ...), blank lines added, a dead DEBUG flag and an "
                    "unused counter added, the ValueError texts reworded in English (still without p; find_bracket "
                    "still keeps an int start as int); bisection_root and newton_root written by cp04",
        "answers": {
            "Power": r'''DEBUG = False


class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        exponent = operator.index(p)  # raises TypeError when p is not an integer

        if exponent < 0:
            raise ValueError("the exponent cannot be negative")

        result = torch.ones_like(x)
        base = x
        multiplications = 0

        while exponent > 0:
            # lowest bit set: multiply the result by the current base
            if exponent % 2 == 1:
                result = result * base
                multiplications += 1
            exponent = exponent // 2
            if exponent > 0:
                base = base * base  # square the base
        if DEBUG:
            print("multiplications:", multiplications)
        return result

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.exponent = operator.index(p)

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        (x,) = ctx.saved_tensors

        if ctx.exponent == 0:
            # derivative of a constant
            return torch.zeros_like(x), None

        derivative = ctx.exponent * Power.forward(x, ctx.exponent - 1)
        return grad_output * derivative, None
''',
            "bisection_root": r'''def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    lo_t = torch.tensor(float(lo), dtype=torch.float64)
    hi_t = torch.tensor(float(hi), dtype=torch.float64)
    f_lo = f(lo_t).item()
    f_hi = f(hi_t).item()
    if f_lo == 0.0:
        return lo_t, 0
    if f_hi == 0.0:
        return hi_t, 0
    if (f_lo > 0) == (f_hi > 0):
        raise ValueError(f"bisection needs a sign change, but f({lo}) and f({hi}) have the same sign")
    count = 0
    while count < max_iter and (hi_t - lo_t).item() > 2 * tol:
        mid = (lo_t + hi_t) / 2
        f_mid = f(mid).item()
        if f_mid == 0.0:
            return mid, count + 1
        if (f_mid > 0) == (f_lo > 0):
            lo_t, f_lo = mid, f_mid
        else:
            hi_t = mid
        count += 1
    return (lo_t + hi_t) / 2, count
''',
            "find_bracket": r'''def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    scale = start

    for attempt in range(max_doublings + 1):
        value_left = f(torch.tensor(-scale, dtype=torch.float64))
        value_right = f(torch.tensor(scale, dtype=torch.float64))

        # a zero at either end counts as well
        if value_left == 0 or value_right == 0 or torch.sign(value_left) != torch.sign(value_right):
            return (-scale, scale)

        scale = scale * 2

    raise ValueError(f"f never changes sign, tried up to s = {scale // 2}")
''',
            "newton_root": r'''def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    guess = float(x0)
    for count in range(max_iter + 1):
        point = torch.tensor(guess, dtype=torch.float64, requires_grad=True)
        value = f(point)
        if abs(value.item()) < tol:
            return point.detach(), count
        if count == max_iter:
            break
        value.backward()
        slope = point.grad.item()
        if slope == 0.0:
            raise ZeroDivisionError(f"cannot take a Newton step: f'({guess}) = 0")
        guess = guess - value.item() / slope
    raise RuntimeError(f"|f(x)| did not drop below {tol} within max_iter = {max_iter} steps")
''',
            "newton_roots_batched": r'''def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    count = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(count).clone()

    for step in range(max_iter + 1):
        x = x.detach().requires_grad_(True)

        # Horner's scheme for every polynomial at once
        values = torch.zeros_like(x)
        for column in range(coeffs.shape[1]):
            values = values * x + coeffs[:, column]

        converged = values.abs() < tol
        if converged.all():
            return x.detach()
        if step == max_iter:
            break

        (slopes,) = torch.autograd.grad(values.sum(), x)
        with torch.no_grad():
            x = torch.where(converged, x, x - values / slopes)

    raise RuntimeError(f"not every polynomial converged within max_iter={max_iter} steps")
''',
        },
    },
}
