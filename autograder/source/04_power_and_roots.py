# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 4. Своя функция autograd (`Power`) и поиск корней
#
# В этом уроке мы:
#
# 1. разберём, как устроена `torch.autograd.Function` и когда стоит писать свою операцию
#    (примеры лекции: `MulConstant` и `Mul`);
# 2. напишем `Power` — возведение тензора в целую степень одними умножениями, с собственным
#    обратным проходом;
# 3. найдём корень многочлена $x^7 + 5x^3 + 17x - 9$ делением отрезка пополам и методом Ньютона
#    (производную даст autograd) и сравним число итераций и время;
# 4. запустим метод Ньютона сразу для сотен многочленов без цикла по ним — это векторизация.
#
# | Задание | Баллы |
# |---|---|
# | 1. `Power` | 4 |
# | 2. `bisection_root` | 3 |
# | 2б. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Итого** | **13** |
#
# После каждого задания идёт ячейка с проверками. Видимые проверки можно запускать сколько угодно:
# они ловят грубые ошибки. Скрытые тесты запускаются при оценивании и проверяют другие входы,
# крайние случаи и ошибки, поэтому «прошли видимые проверки» ещё не значит «всё верно».

# %% [markdown] tags=["en"]
# # Lesson 4. A custom autograd Function (`Power`) and root finding
#
# In this lesson we:
#
# 1. see how `torch.autograd.Function` works and when a custom operation is worth writing
#    (the lecture's examples: `MulConstant` and `Mul`);
# 2. write `Power`, raising a tensor to an integer power with multiplications only, with a
#    backward pass of our own;
# 3. find the root of the polynomial $x^7 + 5x^3 + 17x - 9$ by bisection and by Newton's method
#    (autograd supplies the derivative) and compare iteration counts and time;
# 4. run Newton's method on hundreds of polynomials at once without a loop over them: vectorization.
#
# | Exercise | Points |
# |---|---|
# | 1. `Power` | 4 |
# | 2. `bisection_root` | 3 |
# | 2b. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Total** | **13** |
#
# Every exercise is followed by a test cell. Run the visible checks as often as you like: they catch
# gross mistakes. Hidden tests run at grading time with other inputs, edge cases and error cases,
# so "the visible checks passed" does not yet mean "everything is right".

# %%
import collections
import math
import timeit

import torch
from prettytable import PrettyTable
from torch.overrides import TorchFunctionMode

print(f"torch {torch.__version__}; CUDA available: {torch.cuda.is_available()}")

# %% [markdown] tags=["ru"]
# ## 1. Своя операция: `torch.autograd.Function`
#
# Autograd знает производные сотен встроенных операций и сам строит из них граф. Писать свою
# `Function` имеет смысл, когда:
#
# - операцию нельзя выразить через дифференцируемые операции PyTorch: она считается в NumPy,
#   SciPy или внешней библиотеке на C++/CUDA, или это ступенька, которой нужен «суррогатный»
#   градиент;
# - готовая формула производной дешевле или устойчивее того, что autograd соберёт из цепочки мелких
#   операций;
# - хочется сэкономить память: сохранить для обратного прохода меньше промежуточных тензоров.
#
# Контракт в стиле PyTorch 2.x (с отдельным `setup_context`):
#
# | Метод | Что делает |
# |---|---|
# | `forward(*inputs)` | считает результат; граф внутри не записывается |
# | `setup_context(ctx, inputs, output)` | кладёт в `ctx` всё, что понадобится обратному проходу |
# | `backward(ctx, *grad_outputs)` | получает градиент по выходу и возвращает по одному градиенту на **каждый** аргумент `forward`, для не-тензоров — `None` |
#
# Операцию вызывают через `.apply`: `MulConstant.apply(x, 4)`. Прямой вызов `forward` — это
# обычный вызов статического метода: он считает значение, но в граф ничего не попадает.
#
# Первый пример лекции — умножение на число. Производная $x \cdot c$ по $x$ равна $c$, а по
# числу $c$ градиента нет: это не тензор, поэтому на его месте `None`.

# %% [markdown] tags=["en"]
# ## 1. A custom operation: `torch.autograd.Function`
#
# Autograd knows the derivatives of hundreds of built-in operations and builds the graph out of
# them by itself. A custom `Function` is worth writing when:
#
# - the operation cannot be written with differentiable PyTorch operations: it runs in NumPy,
#   SciPy or an external C++/CUDA library, or it is a step function that needs a "surrogate"
#   gradient;
# - a closed-form derivative is cheaper or more stable than what autograd would assemble from a
#   chain of small operations;
# - you want to save memory by keeping fewer intermediate tensors for the backward pass.
#
# The contract in PyTorch 2.x style (with a separate `setup_context`):
#
# | Method | What it does |
# |---|---|
# | `forward(*inputs)` | computes the result; no graph is recorded inside |
# | `setup_context(ctx, inputs, output)` | stores on `ctx` whatever the backward pass will need |
# | `backward(ctx, *grad_outputs)` | receives the gradient of the output and returns one gradient per argument of `forward`, `None` for arguments that are not tensors |
#
# You call the operation through `.apply`: `MulConstant.apply(x, 4)`. Calling `forward` directly is
# an ordinary static-method call: it computes the value, but nothing enters the graph.
#
# The lecture's first example multiplies by a number. The derivative of $x \cdot c$ with respect
# to $x$ is $c$; the number $c$ gets no gradient since it is not a tensor, so its slot holds `None`.

# %%
class MulConstant(torch.autograd.Function):
    """y = x * c for a tensor x and a plain Python number c."""

    @staticmethod
    def forward(x, constant):
        return x * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, constant = inputs
        ctx.constant = constant  # a plain number may live on ctx as an attribute

    @staticmethod
    def backward(ctx, grad_output):
        # dy/dx = c; the constant is not a tensor, so its slot is None
        return grad_output * ctx.constant, None


x = torch.tensor(2.0, requires_grad=True)
y = MulConstant.apply(x, 4)
y.backward()
print(f"y = {y.item()}, grad_fn = {type(y.grad_fn).__name__}, dy/dx = {x.grad.item()}")

# %% [markdown] tags=["ru"]
# Второй пример — произведение двух тензоров: $\partial(xy)/\partial x = y$ и
# $\partial(xy)/\partial y = x$. Здесь обратному проходу нужны сами входные тензоры. В лекции они
# сохранены атрибутами `ctx`; правильнее класть тензоры через `ctx.save_for_backward(...)` и
# доставать через `ctx.saved_tensors`. Так PyTorch:
#
# - заметит, если сохранённый тензор изменили на месте после `forward`, и сообщит об ошибке
#   вместо того, чтобы тихо посчитать неверный градиент (пример ниже);
# - не создаст цикла ссылок «выход → граф → `ctx` → выход», если `backward` нужен сам выход:
#   такой цикл задерживает освобождение памяти;
# - сможет применить к сохранённым тензорам хуки (например, выгрузку на CPU для экономии памяти GPU).
#
# Числа и прочие не-тензоры по-прежнему хранятся атрибутами `ctx`.
# `ctx.needs_input_grad` подсказывает, каким входам градиент действительно нужен, — лишнюю работу
# можно пропустить.

# %% [markdown] tags=["en"]
# The second example multiplies two tensors: $\partial(xy)/\partial x = y$ and
# $\partial(xy)/\partial y = x$. Now the backward pass needs the input tensors themselves. The
# lecture keeps them as attributes of `ctx`; the proper way is `ctx.save_for_backward(...)` and
# `ctx.saved_tensors`. That way PyTorch:
#
# - notices when a saved tensor was changed in place after `forward` and raises an error instead of
#   silently computing a wrong gradient (example below);
# - does not create the reference cycle "output → graph → `ctx` → output" when `backward` needs
#   the output itself: such a cycle delays freeing memory;
# - can apply hooks to saved tensors (for instance, offloading them to the CPU to save GPU memory).
#
# Numbers and other non-tensors still live as attributes of `ctx`. `ctx.needs_input_grad` tells
# which inputs actually need a gradient, so needless work can be skipped.

# %%
class Mul(torch.autograd.Function):
    """z = x * y for two tensors."""

    @staticmethod
    def forward(x, y):
        return x * y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx.saved_tensors
        grad_x = grad_output * y if ctx.needs_input_grad[0] else None
        grad_y = grad_output * x if ctx.needs_input_grad[1] else None
        return grad_x, grad_y


x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = Mul.apply(x, y)
z.backward()
print(f"z = {z.item()}, grad_fn = {type(z.grad_fn).__name__}, dz/dx = {x.grad.item()}, dz/dy = {y.grad.item()}")

# %% [markdown] tags=["ru"]
# ### Как проверить свой `backward`: `gradcheck`
#
# Ошибку в формуле производной легко не заметить: код работает, просто обучение идёт не туда.
# `torch.autograd.gradcheck` сравнивает якобиан, который даёт ваш `backward`, с численным:
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ по каждой координате.
# Делайте это во `float64`: при $\varepsilon = 10^{-6}$ ошибка округления во `float32` (около
# $10^{-7}$ на значение) после деления на $2\varepsilon$ становится порядка $0.1$ и прячет любую
# ошибку. Поэтому `gradcheck` для не-`float64` входов выдаёт предупреждение.

# %% [markdown] tags=["en"]
# ### How to check your `backward`: `gradcheck`
#
# A mistake in a derivative formula is easy to miss: the code runs, training just goes the wrong
# way. `torch.autograd.gradcheck` compares the Jacobian your `backward` gives with a numerical one,
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ for every coordinate. Do it in
# `float64`: with $\varepsilon = 10^{-6}$, `float32` rounding (about $10^{-7}$ per value) divided by
# $2\varepsilon$ grows to about $0.1$ and hides any mistake. That is why `gradcheck` warns about
# inputs that are not `float64`.

# %%
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
print("Mul passes gradcheck:        ", torch.autograd.gradcheck(Mul.apply, (a, b)))
print("MulConstant passes gradcheck:", torch.autograd.gradcheck(lambda t: MulConstant.apply(t, -2.5), (a,)))

# %% [markdown] tags=["ru"]
# ### Две типичные ошибки
#
# 1. **Градиент для не-тензора.** `backward` обязан вернуть ровно столько значений, сколько
#    аргументов у `forward`, и для чисел это `None`. Любое другое значение (даже `0`) PyTorch
#    отвергает.
# 2. **Тензоры на `ctx` вместо `save_for_backward`.** Если после `forward` вход изменили на месте,
#    `backward` увидит уже новое значение. С `save_for_backward` PyTorch сверяет «версию» тензора и
#    сообщает об ошибке; с атрибутом `ctx` градиент получается неверным без единого предупреждения.

# %% [markdown] tags=["en"]
# ### Two common mistakes
#
# 1. **A gradient for a non-tensor.** `backward` must return exactly as many values as `forward`
#    has arguments, and for numbers that value is `None`. PyTorch rejects anything else, even `0`.
# 2. **Tensors on `ctx` instead of `save_for_backward`.** If an input is changed in place after
#    `forward`, `backward` sees the new value. With `save_for_backward` PyTorch checks the tensor's
#    "version" and raises an error; with a `ctx` attribute the gradient is silently wrong.

# %%
class MulConstantBadGrad(torch.autograd.Function):
    @staticmethod
    def forward(x, constant):
        return x * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.constant = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, torch.tensor(0.0)  # wrong: the constant is not a tensor


class MulOnCtx(torch.autograd.Function):
    """Like Mul, but keeps its inputs as ctx attributes, as many old tutorials do."""

    @staticmethod
    def forward(x, y):
        return x * y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.x, ctx.y = inputs

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.y, grad_output * ctx.x


try:
    MulConstantBadGrad.apply(torch.tensor(2.0, requires_grad=True), 4).backward()
except RuntimeError as error:
    print("MulConstantBadGrad -> RuntimeError:", error)

for function in (MulOnCtx, Mul):
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0)
    z = function.apply(x, y)  # dz/dx must be 3, the value y had during forward
    y.add_(10.0)  # y changes in place after forward
    try:
        z.backward()
        print(f"{function.__name__:>10} -> dz/dx = {x.grad.item()} (should be 3.0), no error raised")
    except RuntimeError as error:
        print(f"{function.__name__:>10} -> RuntimeError: {str(error).splitlines()[0][:90]}...")

# %% [markdown] tags=["ru"]
# ## Задание 1. `Power` [4 балла]
#
# Напишите `Power` — наследника `torch.autograd.Function`: `Power.apply(x, p)` возводит каждый
# элемент `x` в целую неотрицательную степень `p`.
#
# Требования:
#
# - в `forward` — только умножения: без `**`, `pow`, `exp`/`log` и без обходных путей вроде
#   `prod` или NumPy;
# - быстрое возведение в степень (exponentiation by squaring): не больше
#   $2\lfloor\log_2 p\rfloor + 2$ умножений, то есть для $p = 1000$ не больше 20, а не 999;
# - `forward` работает и с целочисленными, и с вещественными тензорами; форма, dtype и устройство
#   результата — как у `x`; сам `x` не меняется;
# - `backward` возвращает $p \cdot x^{p-1} \cdot \text{grad}$ (при $p = 0$ — нули) и `None` для `p`;
# - `TypeError`, если `p` не `int`, и `ValueError`, если `p < 0`; в сообщении — полученное значение.
#
# **Идея быстрого возведения.** Запишем показатель в двоичной системе: $13 = 1101_2 = 8 + 4 + 1$,
# поэтому $x^{13} = x^8 \cdot x^4 \cdot x$. Множители $x, x^2, x^4, x^8$ получаются друг из друга
# возведением в квадрат — по одному умножению на каждый, а в результат попадают только те, чей бит
# равен 1:
#
# | бит показателя (с младшего) | 1 | 0 | 1 | 1 |
# |---|---|---|---|---|
# | текущий множитель | $x$ | $x^2$ | $x^4$ | $x^8$ |
# | накопленный результат | $x$ | $x$ | $x^5$ | $x^{13}$ |
#
# Три возведения в квадрат и два умножения результата — 5 умножений вместо 12. В общем случае
# квадратов не больше $\lfloor\log_2 p\rfloor + 1$, умножений результата не больше числа единичных
# битов, то есть тоже $\lfloor\log_2 p\rfloor + 1$; отсюда и граница.
#
# **Подводные камни обратного прохода.**
#
# - При $p = 0$ формула $p\,x^{p-1}$ требует $x^{-1}$: в нуле это `inf`, а $0 \cdot \infty$ — `nan`.
#   Производная константы равна нулю; обработайте этот случай отдельно.
# - По той же причине не считайте $x^{p-1}$ как $x^p / x$.
# - Тензор `x` сохраняйте через `ctx.save_for_backward`, число `p` — атрибутом `ctx`.
# - Не возвращайте из `forward` сам `x` (соблазн есть при $p = 1$): вход, который вернули как есть,
#   PyTorch не даст сохранить для `backward` и бросит `RuntimeError`. Начните с `torch.ones_like(x)`
#   или верните копию `x.clone()`.
# - Ограничение «только умножения» относится к `forward`, но и в `backward` удобно переиспользовать
#   ваш алгоритм: `Power.forward(x, p - 1)` — обычный вызов статического метода, граф не строится.
#
# Скрытые тесты сравнивают результат с `torch.pow` на разных формах и dtype, считают умножения
# с помощью `torch.overrides.TorchFunctionMode` (он видит каждый вызов функции PyTorch и запрещает
# `pow`) и проверяют `backward` через `gradcheck` во `float64` для $p$ от 0 до 8.

# %% [markdown] tags=["en"]
# ## Exercise 1. `Power` [4 points]
#
# Write `Power`, a subclass of `torch.autograd.Function`: `Power.apply(x, p)` raises every element
# of `x` to a non-negative integer power `p`.
#
# Requirements:
#
# - `forward` uses multiplications only: no `**`, `pow`, `exp`/`log`, and no detours such as
#   `prod` or NumPy;
# - exponentiation by squaring: at most $2\lfloor\log_2 p\rfloor + 2$ multiplications, so at most
#   20 for $p = 1000$, not 999;
# - `forward` works on integer and floating tensors alike; the result has the shape, dtype and
#   device of `x`; `x` itself is left unchanged;
# - `backward` returns $p \cdot x^{p-1} \cdot \text{grad}$ (zeros for $p = 0$) and `None` for `p`;
# - `TypeError` if `p` is not an `int` and `ValueError` if `p < 0`; the message names the value
#   received.
#
# **The idea of fast exponentiation.** Write the exponent in binary: $13 = 1101_2 = 8 + 4 + 1$, so
# $x^{13} = x^8 \cdot x^4 \cdot x$. The factors $x, x^2, x^4, x^8$ come from each other by
# squaring, one multiplication each, and only those whose bit is 1 go into the result:
#
# | exponent bit (lowest first) | 1 | 0 | 1 | 1 |
# |---|---|---|---|---|
# | current factor | $x$ | $x^2$ | $x^4$ | $x^8$ |
# | accumulated result | $x$ | $x$ | $x^5$ | $x^{13}$ |
#
# Three squarings and two multiplications into the result: 5 multiplications instead of 12. In
# general there are at most $\lfloor\log_2 p\rfloor + 1$ squarings and at most as many
# multiplications into the result as there are 1 bits, again $\lfloor\log_2 p\rfloor + 1$; hence the
# bound.
#
# **Pitfalls of the backward pass.**
#
# - For $p = 0$ the formula $p\,x^{p-1}$ needs $x^{-1}$: at zero that is `inf`, and $0 \cdot \infty$
#   is `nan`. The derivative of a constant is zero; handle this case on its own.
# - For the same reason, do not compute $x^{p-1}$ as $x^p / x$.
# - Save the tensor `x` with `ctx.save_for_backward` and the number `p` as an attribute of `ctx`.
# - Do not return `x` itself from `forward` (tempting for $p = 1$): PyTorch refuses to save for
#   `backward` an input that was returned as-is and raises `RuntimeError`. Start from
#   `torch.ones_like(x)` or return a copy, `x.clone()`.
# - The "multiplications only" rule is about `forward`, but reusing your algorithm in `backward` is
#   handy too: `Power.forward(x, p - 1)` is an ordinary static-method call, no graph is built.
#
# The hidden tests compare the result with `torch.pow` on several shapes and dtypes, count the
# multiplications with a `torch.overrides.TorchFunctionMode` (it sees every call of a PyTorch
# function, and it refuses `pow`), and check `backward` with `gradcheck` in `float64` for $p$ from
# 0 to 8.

# %% nbgrader={"grade_id": "Power", "solution": true}
class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an int p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        Raise TypeError if p is not an int and ValueError if p < 0.
        """
        ### BEGIN SOLUTION
        if not isinstance(p, int):
            raise TypeError(f"p must be an int, got {type(p).__name__} {p!r}")
        if p < 0:
            raise ValueError(f"p must be a non-negative integer, got p = {p}")
        result = torch.ones_like(x)  # x ** 0, with the dtype, shape and device of x
        square = x  # x ** (2 ** k) for the bit k being looked at
        while p:
            if p & 1:
                result = result * square
            p >>= 1
            if p:  # a square after the highest bit would be thrown away
                square = square * square
        return result
        ### END SOLUTION

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        ### BEGIN SOLUTION
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = p
        ### END SOLUTION

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        ### BEGIN SOLUTION
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
        ### END SOLUTION

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
# Helpers shared by the test cells below. Run this cell before the tests.
import collections

from torch.overrides import TorchFunctionMode


class OpRecorder(TorchFunctionMode):
    """Inside `with OpRecorder() as rec:` every call of a PyTorch function is counted by name.

    Calls whose name is in `forbid` raise AssertionError instead of running.
    """

    def __init__(self, forbid=()):
        super().__init__()
        self.calls = collections.Counter()
        self.forbid = set(forbid)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", repr(func))
        if name in self.forbid:
            raise AssertionError(f"torch function '{name}' is not allowed here")
        self.calls[name] += 1
        return func(*args, **(kwargs or {}))

    def count(self, names):
        return sum(self.calls[name] for name in names)

    def total(self):
        return sum(self.calls.values())


MULTIPLY_OPS = {"mul", "mul_", "__mul__", "__rmul__", "__imul__", "multiply", "multiply_",
                "square", "square_", "addcmul", "addcmul_", "matmul", "mm", "bmm", "einsum"}
FORBIDDEN_POWER_OPS = {"pow", "pow_", "__pow__", "__rpow__", "__ipow__", "float_power", "float_power_",
                       "exp", "exp_", "exp2", "exp2_", "log", "log_", "log2", "log2_", "log10", "log10_",
                       "expm1", "log1p", "prod", "cumprod", "cumprod_", "matrix_power", "numpy", "tolist"}


def f64(x):
    """Test functions take a number or a tensor and compute in float64."""
    if isinstance(x, torch.Tensor):
        return x.to(torch.float64)
    return torch.tensor(float(x), dtype=torch.float64)

# %% nbgrader={"grade_id": "test_Power", "grade": true, "points": 4, "locked": true}
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 0) == torch.tensor([1, 1, 1])), "x ** 0 must be all ones"
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 2) == torch.tensor([1, 4, 9])), "[1, 2, 3] ** 2 must be [1, 4, 9]"
_x = torch.tensor(2.0, requires_grad=True)
Power.apply(_x, 3).backward()
assert _x.grad is not None and _x.grad.item() == 12.0, f"d(x^3)/dx at x = 2 must be 12, got {_x.grad}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_power_values():
    gen = torch.Generator().manual_seed(2024)
    for p in range(9):
        for dtype in (torch.int64, torch.int32, torch.float32, torch.float64):
            if dtype.is_floating_point:
                x = torch.rand(3, 5, generator=gen, dtype=dtype) * 4 - 2
            else:
                x = torch.randint(-6, 7, (3, 5), generator=gen, dtype=dtype)
            before = x.clone()
            out = Power.apply(x, p)
            assert isinstance(out, torch.Tensor), f"Power.apply must return a tensor, got {type(out).__name__}"
            assert out.dtype == x.dtype, f"Power.apply(x, {p}) must keep the dtype of x ({x.dtype}), got {out.dtype}"
            assert out.shape == x.shape, f"Power.apply(x, {p}) must keep the shape of x {tuple(x.shape)}, got {tuple(out.shape)}"
            torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"Power.apply(x, {p}) for {dtype}: {m}")
            assert torch.equal(x, before), "Power must not modify its input x"
    for x, p in ((torch.tensor(-1.5, dtype=torch.float64), 5),
                 (torch.randn(4, 6, generator=gen, dtype=torch.float64).t(), 7),
                 (torch.empty(0, 3), 4),
                 (torch.randn(2, 3, 4, generator=gen), 6)):
        out = Power.apply(x, p)
        assert out.shape == x.shape, f"Power.apply(x, {p}) must keep the shape {tuple(x.shape)}, got {tuple(out.shape)}"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"Power.apply(x, {p}) for shape {tuple(x.shape)}: {m}")


def _check_power_multiplications():
    x = torch.linspace(-1.005, 1.005, 9, dtype=torch.float64)
    for p in (1, 2, 3, 5, 8, 13, 100, 255, 256, 1000, 1023, 1024):
        limit = 2 * (p.bit_length() - 1) + 2
        with OpRecorder(forbid=FORBIDDEN_POWER_OPS) as rec:
            out = Power.apply(x, p)
        used = rec.count(MULTIPLY_OPS)
        assert used <= limit, (f"Power.apply(x, {p}) performed {used} multiplications; exponentiation by squaring "
                               f"needs at most {limit}")
        assert used >= p.bit_length() - 1, (f"Power.apply(x, {p}) must compute with tensor multiplications, "
                                            f"but only {used} were seen")
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"Power.apply(x, {p}): {m}")
    xi = torch.tensor([-3, -1, 0, 2, 5])
    with OpRecorder(forbid=FORBIDDEN_POWER_OPS):
        out = Power.apply(xi, 5)
    assert torch.equal(out, torch.pow(xi, 5)), f"Power.apply(x, 5) on int64 gave {out.tolist()}"


def _check_power_grads():
    from torch.autograd.gradcheck import GradcheckError

    gen = torch.Generator().manual_seed(7)
    for p in range(9):
        x = (torch.rand(2, 3, generator=gen, dtype=torch.float64) * 3 - 1.5).requires_grad_()
        try:
            torch.autograd.gradcheck(lambda t: Power.apply(t, p), (x,))
        except GradcheckError as error:
            raise AssertionError(f"gradcheck failed for p = {p}: backward must return p * x ** (p - 1) * grad_output. "
                                 f"{str(error).splitlines()[0]}") from None
    for p in (0, 1, 2, 5):
        x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 3.0], dtype=torch.float64, requires_grad=True)
        w = torch.tensor([1.0, -2.0, 3.0, 0.5, -1.0], dtype=torch.float64)
        (Power.apply(x, p) * w).sum().backward()
        assert x.grad is not None, f"backward must give x a gradient for p = {p} (zeros when p = 0), not None"
        expected = w * p * torch.pow(x.detach(), p - 1) if p > 0 else torch.zeros(5, dtype=torch.float64)
        torch.testing.assert_close(x.grad, expected,
                                   msg=lambda m: f"gradient of Power for p = {p} at x = {x.detach().tolist()}: {m}")


def _check_power_errors():
    x = torch.ones(3)
    for bad in (2.0, 2.5, "3", None):
        try:
            Power.apply(x, bad)
        except TypeError as error:
            assert type(bad).__name__ in str(error) or repr(bad) in str(error) or str(bad) in str(error), (
                f"the TypeError for p = {bad!r} should name what was received, got: {error}")
        else:
            raise AssertionError(f"Power.apply(x, {bad!r}) must raise TypeError: p must be an int")
    for bad in (-1, -7):
        try:
            Power.apply(x, bad)
        except ValueError as error:
            assert str(bad) in str(error), f"the ValueError for p = {bad} should name the value, got: {error}"
        else:
            raise AssertionError(f"Power.apply(x, {bad}) must raise ValueError: p must be non-negative")


_check_power_errors()
_check_power_values()
_check_power_multiplications()
_check_power_grads()
del _check_power_errors, _check_power_values, _check_power_multiplications, _check_power_grads
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Считаем умножения: `TorchFunctionMode`
#
# Как проверить, что функция делает не больше $2\lfloor\log_2 p\rfloor + 2$ умножений? Засекать
# время ненадёжно. Надёжнее посчитать операции: `torch.overrides.TorchFunctionMode` — контекст,
# внутри которого каждый вызов функции PyTorch (`torch.mul`, `a * b`, `x.sum()`, ...) сначала
# попадает в его метод `__torch_function__`. Там вызов можно посчитать, подменить или запретить.
# Тем же приёмом скрытые тесты проверят задание 4.
#
# Ниже — наивный цикл из $p - 1$ умножений против `Power` для $p = 1000$.

# %% [markdown] tags=["en"]
# ### Counting multiplications: `TorchFunctionMode`
#
# How do you check that a function performs at most $2\lfloor\log_2 p\rfloor + 2$ multiplications?
# Timing is unreliable. Counting operations is reliable: `torch.overrides.TorchFunctionMode` is a
# context inside which every call of a PyTorch function (`torch.mul`, `a * b`, `x.sum()`, ...) first
# goes through its `__torch_function__` method. There the call can be counted, replaced or refused.
# The hidden tests of exercise 4 use the same trick.
#
# Below: a naive loop of $p - 1$ multiplications against `Power` for $p = 1000$.

# %%
class CountCalls(TorchFunctionMode):
    """Count the PyTorch function calls made inside the `with` block, by name."""

    def __init__(self):
        super().__init__()
        self.calls = collections.Counter()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.calls[getattr(func, "__name__", repr(func))] += 1
        return func(*args, **(kwargs or {}))


def power_loop(x, p):
    """x ** p by p - 1 multiplications in a row: correct, but slow for large p."""
    result = x.clone()
    for _ in range(p - 1):
        result = result * x
    return result


x = torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)
with CountCalls() as naive:
    slow = power_loop(x, 1000)
print(f"naive loop: {naive.calls['mul']} multiplications")
with CountCalls() as fast:
    quick = Power.apply(x, 1000)
print(f"Power:      {fast.calls['mul']} multiplications, limit {2 * math.floor(math.log2(1000)) + 2}")
print("same values:", torch.allclose(slow, quick), "| largest difference from torch.pow:",
      f"loop {(slow - x.pow(1000)).abs().max().item():.1e}, Power {(quick - x.pow(1000)).abs().max().item():.1e}")

# %% [markdown] tags=["ru"]
# ## 2. Поиск корня: многочлен из лекции
#
# Найдём корень $f(x) = x^7 + 5x^3 + 17x - 9$ с точностью до пяти знаков после запятой.
# Корень ровно один: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, то есть $f$ строго возрастает.
# А так как $f(0) = -9 < 0 < 14 = f(1)$, корень лежит в $(0, 1)$.
#
# Функции ниже принимают тензор нулевой размерности и возвращают тензор нулевой размерности:
# так тот же `poly` годится и для autograd в методе Ньютона.

# %% [markdown] tags=["en"]
# ## 2. Finding a root: the lecture's polynomial
#
# Let us find the root of $f(x) = x^7 + 5x^3 + 17x - 9$ to five decimal places. There is exactly
# one root: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, so $f$ is strictly increasing. And since
# $f(0) = -9 < 0 < 14 = f(1)$, the root lies in $(0, 1)$.
#
# The functions below take a 0-dim tensor and return a 0-dim tensor, so the same `poly` also works
# with autograd in Newton's method.

# %%
def poly(x):
    """The lecture's polynomial x^7 + 5x^3 + 17x - 9."""
    return x**7 + 5 * x**3 + 17 * x - 9


table = PrettyTable(["x", "f(x)"])
for value in (-1.0, 0.0, 0.25, 0.5, 0.75, 1.0):
    table.add_row([value, f"{poly(torch.tensor(value, dtype=torch.float64)).item():.4f}"])
print(table)

# %% [markdown] tags=["ru"]
# ## Задание 2. Деление отрезка пополам: `bisection_root` [3 балла]
#
# Если непрерывная $f$ на концах отрезка $[lo, hi]$ имеет разные знаки, внутри есть корень
# (теорема о промежуточном значении). Делим отрезок пополам и оставляем ту половину, на концах
# которой знаки снова разные. Инвариант «на концах разные знаки» сохраняется, а длина отрезка
# каждый раз уменьшается вдвое.
#
# `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)` возвращает пару `(x, n)`:
#
# - `x` — тензор нулевой размерности, до корня не дальше `tol`;
# - `n` — число итераций (делений отрезка пополам), `int`;
# - `ValueError` (с `lo` и `hi` в сообщении), если $f(lo)$ и $f(hi)$ одного знака: тогда
#   бисекции не за что зацепиться;
# - если $f(lo)$ или $f(hi)$ равно нулю, этот конец и есть корень.
#
# **Сколько итераций нужно?** После $n$ делений длина отрезка $(hi - lo) / 2^n$, а середина
# отстоит от любой его точки не больше чем на половину длины. Значит, достаточно
# $n = \lceil \log_2 \frac{hi - lo}{2\,tol} \rceil$: для $[0, 1]$ и $10^{-5}$ это 16 итераций, и
# это число не зависит от $f$. Каждая итерация даёт ровно один двоичный разряд ответа.
#
# **Подводные камни.**
#
# - Останавливаться по $|f(x)| < tol$ нельзя: у пологой функции, например $10^{-3}(x - 0.3)$,
#   значение мало уже далеко от корня. Точность бисекции — это длина отрезка.
# - Сравнивайте знаки, а не произведение $f(lo) \cdot f(mid)$: произведение двух маленьких чисел
#   может обнулиться (underflow), а двух больших — стать `inf`.
# - Следите за случаем $f = 0$ на конце или в середине: условие со строгим `< 0` легко уводит
#   поиск от корня, лежащего на левом конце.

# %% [markdown] tags=["en"]
# ## Exercise 2. Bisection: `bisection_root` [3 points]
#
# If a continuous $f$ has opposite signs at the ends of $[lo, hi]$, there is a root inside (the
# intermediate value theorem). Split the interval in half and keep the half whose ends again have
# opposite signs. The invariant "opposite signs at the ends" holds throughout, and the interval
# halves every time.
#
# `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)` returns a pair `(x, n)`:
#
# - `x`, a 0-dim tensor within `tol` of a root;
# - `n`, the number of iterations (halvings of the interval), an `int`;
# - `ValueError` (with `lo` and `hi` in the message) if $f(lo)$ and $f(hi)$ have the same sign:
#   bisection then has nothing to hold on to;
# - if $f(lo)$ or $f(hi)$ is zero, that end is the root.
#
# **How many iterations?** After $n$ halvings the interval has length $(hi - lo) / 2^n$, and its
# midpoint is at most half that length away from any of its points. So
# $n = \lceil \log_2 \frac{hi - lo}{2\,tol} \rceil$ is enough: 16 iterations for $[0, 1]$ and
# $10^{-5}$, whatever $f$ is. Each iteration yields exactly one binary digit of the answer.
#
# **Pitfalls.**
#
# - Do not stop on $|f(x)| < tol$: a flat function such as $10^{-3}(x - 0.3)$ is small far away
#   from its root. Bisection's accuracy is the length of the interval.
# - Compare signs rather than the product $f(lo) \cdot f(mid)$: the product of two small numbers can
#   underflow to zero, and that of two large ones can become `inf`.
# - Mind the case $f = 0$ at an end or at the midpoint: a strict `< 0` test easily drives the search
#   away from a root that sits at the left end.

# %% nbgrader={"grade_id": "bisection_root", "solution": true}
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root (or max_iter halvings are done).
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, that end is the root. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    ### BEGIN SOLUTION
    lo = torch.as_tensor(lo, dtype=torch.float64)
    hi = torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    lo_positive = bool(f_lo > 0)
    if lo_positive == bool(f_hi > 0):
        raise ValueError(f"f(lo) and f(hi) have the same sign: f({lo.item():g}) = {f_lo.item():g}, "
                         f"f({hi.item():g}) = {f_hi.item():g}; bisection needs a sign change")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if bool(f_mid > 0) == lo_positive:
            lo = mid  # the sign change is in the right half
        else:
            hi = mid  # the sign change is in the left half
    return (lo + hi) / 2, n
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_bisection_root", "grade": true, "points": 3, "locked": true}
_root, _n = bisection_root(poly, 0.0, 1.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "bisection_root must return (tensor, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"the root of poly is 0.49362 to five decimals, got {_root.item():.7f}"
assert 1 <= _n <= 20, f"bisection on [0, 1] with tol = 1e-5 needs about 16 halvings, got {_n}"
try:
    bisection_root(poly, 1.0, 2.0)
except ValueError:
    pass
else:
    raise AssertionError("poly is positive on [1, 2]: bisection_root must raise ValueError")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_bisection():
    ln3 = math.log(3.0)
    cases = [
        # (name, f, lo, hi, roots in [lo, hi], tol)
        ("lecture polynomial", lambda x: f64(x) ** 7 + 5 * f64(x) ** 3 + 17 * f64(x) - 9, -3.0, 2.5, [0.4936172193407], 1e-5),
        ("cos(x) - x", lambda x: torch.cos(f64(x)) - f64(x), 0.0, 2.0, [0.7390851332151607], 1e-5),
        ("cos(x) - x, tol 1e-9", lambda x: torch.cos(f64(x)) - f64(x), 0.0, 2.0, [0.7390851332151607], 1e-9),
        ("exp(x) - 3", lambda x: torch.exp(f64(x)) - 3, -1.0, 4.3, [ln3], 1e-5),
        ("exp(-x) - 3 (decreasing)", lambda x: torch.exp(-f64(x)) - 3, -5.0, 1.0, [-ln3], 1e-5),
        ("(x + 1.2345678)(x^2 + 1)", lambda x: (f64(x) + 1.2345678) * (f64(x) ** 2 + 1), -7.0, 3.0, [-1.2345678], 1e-5),
        ("flat 1e-3 * (x - 0.3217)", lambda x: 1e-3 * (f64(x) - 0.3217), -2.0, 2.5, [0.3217], 1e-5),
        ("steep 1e4 * (0.777 - x)", lambda x: 1e4 * (0.777 - f64(x)), -3.0, 1.3, [0.777], 1e-5),
        ("sin(x) on [-1, 8]", lambda x: torch.sin(f64(x)), -1.0, 8.0, [0.0, math.pi, 2 * math.pi], 1e-5),
        ("x^3 - 2, tol 0.01", lambda x: f64(x) ** 3 - 2, -0.3, 3.0, [2 ** (1 / 3)], 1e-2),
    ]
    for name, f, lo, hi, roots, tol in cases:
        x, n = bisection_root(f, lo, hi, tol=tol)
        assert isinstance(x, torch.Tensor), f"{name}: the root must be a tensor, got {type(x).__name__}"
        assert x.numel() == 1, f"{name}: the root must be a single value, got shape {tuple(x.shape)}"
        assert isinstance(n, int) and not isinstance(n, bool), f"{name}: the iteration count must be an int, got {type(n).__name__}"
        error = min(abs(x.item() - r) for r in roots)
        slack = 5e-7 * max(1.0, abs(x.item()))
        assert error <= tol + slack, (f"{name} on [{lo}, {hi}] with tol = {tol}: returned {x.item():.10f}, which is "
                                      f"{error:.2e} away from the nearest root (allowed {tol})")
        low = math.floor(math.log2((hi - lo) / tol)) - 1
        high = math.ceil(math.log2((hi - lo) / tol)) + 1
        assert low <= n <= high, (f"{name} on [{lo}, {hi}] with tol = {tol}: bisection needs about "
                                  f"log2((hi - lo) / tol) = {math.log2((hi - lo) / tol):.1f} halvings, counted {n}")
    # a root exactly at an end of the interval
    for lo, hi in ((0.75, 2.0), (-1.0, 0.75)):
        x, n = bisection_root(lambda x: f64(x) - 0.75, lo, hi)
        assert abs(x.item() - 0.75) <= 1e-5, f"f(x) = x - 0.75 on [{lo}, {hi}]: the root 0.75 is an end of the interval, got {x.item()}"
        assert 0 <= n <= 20, f"f(x) = x - 0.75 on [{lo}, {hi}]: iteration count {n} is out of range"
    # intervals without a sign change
    for name, f in (("x^2 + 1", lambda x: f64(x) ** 2 + 1), ("x^2 - 1 (two roots inside)", lambda x: f64(x) ** 2 - 1),
                    ("-(x^2 + 1)", lambda x: -(f64(x) ** 2) - 1)):
        try:
            bisection_root(f, -1.5, 2.5)
        except ValueError as error:
            assert "1.5" in str(error) or "2.5" in str(error), (
                f"the ValueError should name the interval [-1.5, 2.5], got: {error}")
        else:
            raise AssertionError(f"{name}: f(-1.5) and f(2.5) have the same sign, bisection_root must raise ValueError")


_check_bisection()
del _check_bisection
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## Задание 2б. Где искать: `find_bracket` [1 балл]
#
# Бисекции нужен отрезок со сменой знака. Если его не знаем, расширяем поиск от нуля:
# проверяем $[-s, s]$ при $s = start$, затем удваиваем $s$, пока знаки $f(-s)$ и $f(s)$ не станут
# разными (или одно из значений не обнулится). Удвоений — не больше `max_doublings`, то есть самый
# широкий проверяемый отрезок — `[-start * 2**max_doublings, start * 2**max_doublings]`.
# Если смены знака так и не нашлось, бросьте `ValueError`.
#
# `find_bracket(f, start=1.0, max_doublings=60)` возвращает пару `(lo, hi)` чисел типа `float`.
#
# Удвоение важно: за $k$ шагов мы добираемся до масштаба $2^k$, поэтому корень порядка $10^{6}$
# находится за 20 шагов, а не за миллион. Функция без смены знака (например, $x^2 + 1$) не даст
# ничего, и без ограничения числа удвоений цикл не закончится никогда: $s$ дорастёт до `inf` и там
# останется.

# %% [markdown] tags=["en"]
# ## Exercise 2b. Where to look: `find_bracket` [1 point]
#
# Bisection needs an interval with a sign change. When we do not know one, we search outward from
# zero: test $[-s, s]$ for $s = start$, then double $s$ until $f(-s)$ and $f(s)$ have opposite signs
# (or one of them is zero). Do at most `max_doublings` doublings, so the widest interval tested is
# `[-start * 2**max_doublings, start * 2**max_doublings]`. If no sign change turns up,
# raise `ValueError`.
#
# `find_bracket(f, start=1.0, max_doublings=60)` returns a pair of Python floats `(lo, hi)`.
#
# Doubling matters: $k$ steps reach the scale $2^k$, so a root of size $10^{6}$ is bracketed in 20
# steps, not a million. A function without a sign change (say $x^2 + 1$) yields nothing, and
# without a cap on the doublings the loop never ends: $s$ grows to `inf` and stays there.

# %% nbgrader={"grade_id": "find_bracket", "solution": true}
def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    ### BEGIN SOLUTION
    half = float(start)
    for _ in range(max_doublings + 1):
        f_lo = f(torch.tensor(-half, dtype=torch.float64)).item()
        f_hi = f(torch.tensor(half, dtype=torch.float64)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -half, half
        half *= 2
    raise ValueError(f"f does not change sign on [-s, s] for any s = {start} * 2**k, k = 0..{max_doublings}")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_find_bracket", "grade": true, "points": 1, "locked": true}
assert find_bracket(poly) == (-1.0, 1.0), f"poly changes sign on [-1, 1] already, got {find_bracket(poly)}"
assert find_bracket(lambda x: x - 5.5) == (-8.0, 8.0), "x - 5.5: [-1, 1], [-2, 2], [-4, 4] fail, [-8, 8] works"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_find_bracket():
    calls = [0]

    def guarded(g):
        def wrapped(x):
            calls[0] += 1
            if calls[0] > 2000:
                raise AssertionError("find_bracket called f more than 2000 times: it must stop after max_doublings doublings")
            return g(x)
        return wrapped

    cases = [
        # (name, f, start, max_doublings, s of the first bracket)
        ("x - 37.3", lambda x: f64(x) - 37.3, 1.0, 60, 64.0),
        ("x + 5.3", lambda x: f64(x) + 5.3, 1.0, 60, 8.0),
        ("0.3 - x", lambda x: 0.3 - f64(x), 1.0, 60, 1.0),
        ("x - 3.1 from start 0.25", lambda x: f64(x) - 3.1, 0.25, 60, 4.0),
        ("exp(x) - 1e6", lambda x: torch.exp(f64(x)) - 1e6, 1.0, 60, 16.0),
        ("x^3 + 2000", lambda x: f64(x) ** 3 + 2000, 1.0, 60, 16.0),
        ("tanh(x - 37.3)", lambda x: torch.tanh(f64(x) - 37.3), 1.0, 60, 64.0),
        ("x - 7.3, max_doublings 3", lambda x: f64(x) - 7.3, 1.0, 3, 8.0),
        ("x - 1e15", lambda x: f64(x) - 1e15, 1.0, 60, 2.0 ** 50),
    ]
    for name, f, start, max_doublings, s in cases:
        calls[0] = 0
        result = find_bracket(guarded(f), start=start, max_doublings=max_doublings)
        assert isinstance(result, tuple) and len(result) == 2, f"{name}: find_bracket must return a pair (lo, hi), got {result!r}"
        lo, hi = result
        assert isinstance(lo, float) and isinstance(hi, float), (
            f"{name}: lo and hi must be Python floats, got {type(lo).__name__} and {type(hi).__name__}")
        assert lo <= 0 <= hi and lo < hi, f"{name}: the interval must contain 0 (doubling outward from it), got ({lo}, {hi})"
        f_lo, f_hi = f(lo).item(), f(hi).item()
        assert f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0), f"{name}: f must change sign on ({lo}, {hi})"
        assert max(-lo, hi) <= s, (f"{name} from start = {start}: the first doubling that brackets a root gives "
                                   f"[-{s}, {s}], got ({lo}, {hi})")
    for name, f, start, max_doublings in (("x^2 + 1", lambda x: f64(x) ** 2 + 1, 1.0, 10),
                                          ("x - 37.3, max_doublings 5", lambda x: f64(x) - 37.3, 1.0, 5),
                                          ("x - 9, max_doublings 3", lambda x: f64(x) - 9, 1.0, 3),
                                          ("cos(x) + 2", lambda x: torch.cos(f64(x)) + 2, 0.5, 60)):
        calls[0] = 0
        try:
            result = find_bracket(guarded(f), start=start, max_doublings=max_doublings)
        except (ValueError, RuntimeError):
            pass
        else:
            raise AssertionError(f"{name}: no sign change within start * 2**{max_doublings}, find_bracket must raise "
                                 f"ValueError, got {result!r}")


_check_find_bracket()
del _check_find_bracket
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Вместе две функции решают задачу «найди корень, не зная, где он»: `find_bracket` даёт
# отрезок, `bisection_root` сужает его.

# %% [markdown] tags=["en"]
# Together the two functions solve "find a root without knowing where it is": `find_bracket`
# gives an interval and `bisection_root` narrows it down.

# %%
lo, hi = find_bracket(lambda x: poly(x - 20))  # the same polynomial, shifted: its root is near 20.49
root, n = bisection_root(lambda x: poly(x - 20), lo, hi)
print(f"bracket [{lo}, {hi}] -> root {root.item():.6f} after {n} halvings")

# %% [markdown] tags=["ru"]
# ## Задание 3. Метод Ньютона: `newton_root` [3 балла]
#
# Заменим $f$ около текущей точки $x_n$ касательной $f(x_n) + f'(x_n)(x - x_n)$ и возьмём её нуль:
#
# $$x_{n+1} = x_n - \frac{f(x_n)}{f'(x_n)}.$$
#
# Вблизи простого корня число верных знаков примерно удваивается на каждом шаге (квадратичная
# сходимость). Производную даст autograd: делаем $x$ листом с `requires_grad=True`, считаем $f(x)$
# и берём `torch.autograd.grad(fx, x)` (или `fx.backward()` и `x.grad`).
#
# `newton_root(f, x0, tol=1e-5, max_iter=50)` возвращает `(x, n)`:
#
# - остановка, как только $|f(x)| < tol$ (если это верно уже в `x0`, то `n = 0`);
# - `n` — число сделанных шагов Ньютона, `int`; `x` — тензор нулевой размерности;
# - `ZeroDivisionError`, если $f'(x) = 0$ в очередной точке: касательная горизонтальна, шаг не определён;
# - `RuntimeError` с `max_iter` в сообщении, если за `max_iter` шагов $|f(x)| < tol$ так и не стало.
#
# **Подводные камни.**
#
# - Шаг $x - f/f'$ не должен попадать в граф: делайте его под `torch.no_grad()` (или над
#   `.detach()`), иначе $x$ перестанет быть листом, граф будет расти с каждой итерацией, а `x.grad`
#   окажется `None`.
# - Если пользуетесь `backward()`, обнуляйте `x.grad` перед каждым вызовом: градиенты накапливаются.
# - Деление тензора на ноль не бросает исключения (PyTorch вернёт `inf` или `nan`), поэтому
#   $f'(x) = 0$ проверяйте сами.
# - Ньютон не гарантирует сходимость: у $x^3 - 2x + 2$ из $x_0 = 0$ итерации ходят по циклу
#   $0 \to 1 \to 0 \to \dots$ Поэтому и нужен `max_iter`.

# %% [markdown] tags=["en"]
# ## Exercise 3. Newton's method: `newton_root` [3 points]
#
# Replace $f$ near the current point $x_n$ by its tangent $f(x_n) + f'(x_n)(x - x_n)$ and take
# the tangent's zero:
#
# $$x_{n+1} = x_n - \frac{f(x_n)}{f'(x_n)}.$$
#
# Near a simple root the number of correct digits roughly doubles at each step (quadratic
# convergence). Autograd supplies the derivative: make $x$ a leaf with `requires_grad=True`,
# compute $f(x)$ and take `torch.autograd.grad(fx, x)` (or `fx.backward()` and `x.grad`).
#
# `newton_root(f, x0, tol=1e-5, max_iter=50)` returns `(x, n)`:
#
# - it stops as soon as $|f(x)| < tol$ (if that already holds at `x0`, then `n = 0`);
# - `n` is the number of Newton steps taken, an `int`; `x` is a 0-dim tensor;
# - `ZeroDivisionError` if $f'(x) = 0$ at an iterate: the tangent is flat and the step is undefined;
# - `RuntimeError` with `max_iter` in the message if $|f(x)| < tol$ still fails after `max_iter` steps.
#
# **Pitfalls.**
#
# - The step $x - f/f'$ must stay out of the graph: take it under `torch.no_grad()` (or on
#   `.detach()`); otherwise $x$ stops being a leaf, the graph grows with every iteration and
#   `x.grad` turns out `None`.
# - If you use `backward()`, reset `x.grad` before every call: gradients accumulate.
# - Dividing a tensor by zero raises no exception (PyTorch returns `inf` or `nan`), so check for
#   $f'(x) = 0$ yourself.
# - Newton's method does not guarantee convergence: for $x^3 - 2x + 2$ from $x_0 = 0$ the iterates
#   cycle $0 \to 1 \to 0 \to \dots$ That is what `max_iter` is for.

# %% nbgrader={"grade_id": "newton_root", "solution": true}
def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 at an iterate, and RuntimeError naming max_iter if
    |f(x)| < tol is not reached within max_iter steps.
    """
    ### BEGIN SOLUTION
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
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item():.6g} (step {n}): Newton's step is undefined")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"Newton's method did not reach |f(x)| < {tol} within max_iter = {max_iter} steps "
                       f"(last x = {x.item():.6g}, f(x) = {fx.item():.3g})")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_newton_root", "grade": true, "points": 3, "locked": true}
_root, _n = newton_root(poly, 0.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "newton_root must return (tensor, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"the root of poly is 0.49362 to five decimals, got {_root.item():.7f}"
assert abs(poly(_root.detach()).item()) < 1e-5, "newton_root must stop only when |f(x)| < tol"
assert _n == 3, f"from x0 = 0, Newton's method needs 3 steps on poly, counted {_n}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_newton():
    class CountedCubic(torch.autograd.Function):
        """x^3 - 2x - 5 with a hand-written backward that counts its calls."""

        backward_calls = 0

        @staticmethod
        def forward(x):
            return x * x * x - 2 * x - 5

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(inputs[0])

        @staticmethod
        def backward(ctx, grad_output):
            CountedCubic.backward_calls += 1
            (x,) = ctx.saved_tensors
            return grad_output * (3 * x * x - 2)

    def reference(f, df, x0, tol, max_iter=50):
        x = torch.tensor(x0, dtype=torch.float64)
        for n in range(max_iter + 1):
            fx = f(x)
            if abs(fx.item()) < tol:
                return x.item(), n
            x = x - fx / df(x)
        raise AssertionError("test setup: the reference did not converge")

    cases = [
        # (name, f, f', x0, tol)
        ("lecture polynomial from 2", lambda x: f64(x) ** 7 + 5 * f64(x) ** 3 + 17 * f64(x) - 9,
         lambda x: 7 * x ** 6 + 15 * x ** 2 + 17, 2.0, 1e-5),
        ("cos(x) - x", lambda x: torch.cos(f64(x)) - f64(x), lambda x: -torch.sin(x) - 1, 1.0, 1e-5),
        ("x^3 + 2x + 5 (negative root)", lambda x: f64(x) ** 3 + 2 * f64(x) + 5, lambda x: 3 * x ** 2 + 2, 0.0, 1e-5),
        ("exp(x) - 3", lambda x: torch.exp(f64(x)) - 3, lambda x: torch.exp(x), 0.0, 1e-5),
        ("exp(-x) - 3 (negative root)", lambda x: torch.exp(-f64(x)) - 3, lambda x: -torch.exp(-x), 0.0, 1e-5),
        ("atan(x) - 0.5", lambda x: torch.atan(f64(x)) - 0.5, lambda x: 1 / (1 + x ** 2), 0.3, 1e-5),
        ("x^2 - 2 from -1", lambda x: f64(x) ** 2 - 2, lambda x: 2 * x, -1.0, 1e-5),
        ("tanh(3x) + 0.2", lambda x: torch.tanh(3 * f64(x)) + 0.2, lambda x: 3 / torch.cosh(3 * x) ** 2, 0.1, 1e-5),
        ("x^2 - 2 from 3, tol 1e-3", lambda x: f64(x) ** 2 - 2, lambda x: 2 * x, 3.0, 1e-3),
        ("x^5 - x + 1 from -2", lambda x: f64(x) ** 5 - f64(x) + 1, lambda x: 5 * x ** 4 - 1, -2.0, 1e-5),
    ]
    for name, f, df, x0, tol in cases:
        expected_root, expected_n = reference(f, df, x0, tol)
        x, n = newton_root(f, x0, tol=tol)
        assert isinstance(x, torch.Tensor), f"{name}: the root must be a tensor, got {type(x).__name__}"
        assert x.numel() == 1, f"{name}: the root must be a single value, got shape {tuple(x.shape)}"
        assert isinstance(n, int) and not isinstance(n, bool), f"{name}: the step count must be an int, got {type(n).__name__}"
        value = f(x.detach()).item()
        assert abs(value) < tol, f"{name} from x0 = {x0}: |f(x)| = {abs(value):.2e} at the returned x, needs < {tol}"
        assert abs(x.item() - expected_root) < 1e-4, f"{name} from x0 = {x0}: expected the root {expected_root:.6f}, got {x.item():.6f}"
        assert n == expected_n, (f"{name} from x0 = {x0}: Newton's method stops after {expected_n} steps (when |f(x)| < tol), "
                                 f"counted {n}")
    # a starting point that already is a root
    x, n = newton_root(lambda x: f64(x) ** 2 - 4, 2.0)
    assert n == 0 and abs(x.item() - 2.0) < 1e-12, f"x0 = 2 is a root of x^2 - 4: expected (2.0, 0), got ({x.item()}, {n})"
    # the derivative must come from autograd
    CountedCubic.backward_calls = 0
    x, n = newton_root(CountedCubic.apply, 2.0)
    assert abs(x.item() - 2.0945514815) < 1e-5, f"root of x^3 - 2x - 5 is 2.09455, got {x.item()}"
    assert n >= 1 and CountedCubic.backward_calls >= n, (
        f"f'(x) must come from autograd (backward of f): {n} steps but backward ran {CountedCubic.backward_calls} times")
    # max_iter: enough steps succeed, too few raise RuntimeError naming max_iter
    poly7 = cases[0][1]
    _, needed = reference(poly7, cases[0][2], 2.0, 1e-5)
    newton_root(poly7, 2.0, max_iter=needed + 1)
    for name, f, x0, max_iter in (("x^3 - 2x + 2 from 0 (cycles 0 -> 1 -> 0)", lambda x: f64(x) ** 3 - 2 * f64(x) + 2, 0.0, 17),
                                  ("x^2 + 1 (no real root)", lambda x: f64(x) ** 2 + 1, 0.5, 50),
                                  ("lecture polynomial with too few steps", poly7, 2.0, needed - 2)):
        try:
            result = newton_root(f, x0, max_iter=max_iter)
        except RuntimeError as error:
            assert str(max_iter) in str(error), f"{name}: the RuntimeError should name max_iter = {max_iter}, got: {error}"
        else:
            raise AssertionError(f"{name}: no convergence within max_iter = {max_iter}, newton_root must raise "
                                 f"RuntimeError, got {result!r}")
    # zero derivative at the start and at a later iterate
    for name, f, x0 in (("x^2 - 4 from 0", lambda x: f64(x) ** 2 - 4, 0.0),
                        ("x^3 - 3x + 5 from -1", lambda x: f64(x) ** 3 - 3 * f64(x) + 5, -1.0),
                        ("x^2 + 1 from 1 (the first step lands on 0)", lambda x: f64(x) ** 2 + 1, 1.0)):
        try:
            result = newton_root(f, x0)
        except ZeroDivisionError:
            pass
        else:
            raise AssertionError(f"{name}: f'(x) = 0 at an iterate, newton_root must raise ZeroDivisionError, got {result!r}")


_check_newton()
del _check_newton
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Бисекция против Ньютона
#
# Оба метода на многочлене из лекции: корень, он же округлённый до пяти знаков, невязка $|f(x)|$,
# число итераций и время одного вызова. Затем — `%timeit` для каждого метода.
#
# Обратите внимание: `tol` у методов значит разное. У бисекции это расстояние до корня по $x$, у
# Ньютона — порог для $|f(x)|$; здесь $f' \ge 17$, так что $|f(x)| < 10^{-5}$ означает, что до корня
# меньше $10^{-5}/17$. И ещё: «до корня не дальше $10^{-5}$» ещё не означает «пять верных знаков
# после округления». Корень $0.4936172\ldots$ лежит всего в $2.2 \cdot 10^{-6}$ от границы
# округления $0.493615$, и ответ бисекции с `tol=1e-5` вполне может округлиться до $0.49361$.
# Для пяти верных знаков берите запас: `tol=1e-7`.

# %% [markdown] tags=["en"]
# ### Bisection versus Newton
#
# Both methods on the lecture's polynomial: the root, the same rounded to five decimals, the
# residual $|f(x)|$, the number of iterations and the time per call. Then `%timeit` for each method.
#
# Note that `tol` means different things to the two methods. For bisection it is a distance to the
# root along $x$; for Newton it is a bound on $|f(x)|$, and since $f' \ge 17$ here, $|f(x)| < 10^{-5}$
# puts $x$ within $10^{-5}/17$ of the root. Also, "within $10^{-5}$ of the root" is not the same as
# "five correct decimals after rounding". The root $0.4936172\ldots$ is only $2.2 \cdot 10^{-6}$ away
# from the rounding boundary $0.493615$, so bisection's answer with `tol=1e-5` may well round to
# $0.49361$. For five correct decimals leave a margin: `tol=1e-7`.

# %%
table = PrettyTable(["method", "tol", "root", "5 decimals", "|f(root)|", "iterations", "ms per call"])
for tol in (1e-5, 1e-7):
    solvers = {
        "bisection on [0, 1]": lambda: bisection_root(poly, 0.0, 1.0, tol=tol),
        "Newton from x0 = 0": lambda: newton_root(poly, 0.0, tol=tol),
    }
    for name, solve in solvers.items():
        root, n = solve()
        seconds = min(timeit.repeat(solve, number=20, repeat=3)) / 20
        root = root.detach()
        table.add_row([name, f"{tol:.0e}", f"{root.item():.7f}", f"{root.item():.5f}",
                       f"{abs(poly(root).item()):.1e}", n, f"{seconds * 1e3:.3f}"])
print(table)

# %%
# %timeit -n 50 -r 5 bisection_root(poly, 0.0, 1.0)

# %%
# %timeit -n 50 -r 5 newton_root(poly, 0.0)

# %% [markdown] tags=["ru"]
# Как растёт число итераций с точностью? У бисекции каждый новый десятичный знак стоит
# $\log_2 10 \approx 3.3$ итерации. У Ньютона вблизи корня число верных знаков удваивается, поэтому
# от $10^{-3}$ до $10^{-12}$ добавляется всего пара шагов.

# %% [markdown] tags=["en"]
# How does the iteration count grow with the accuracy? For bisection every extra decimal digit costs
# $\log_2 10 \approx 3.3$ iterations. Newton's method doubles the number of correct digits near the
# root, so going from $10^{-3}$ to $10^{-12}$ adds only a couple of steps.

# %%
table = PrettyTable(["tol", "bisection iterations", "Newton steps"])
for k in (1, 3, 5, 7, 9, 12):
    tol = 10.0**-k
    table.add_row([f"1e-{k}", bisection_root(poly, 0.0, 1.0, tol=tol)[1], newton_root(poly, 0.0, tol=tol)[1]])
print(table)

# %% [markdown] tags=["ru"]
# **Выводы.**
#
# - Ньютону нужно в несколько раз меньше итераций, но каждая дороже: прямой проход строит граф,
#   обратный проход считает производную. На таком маленьком примере время вызова зависит прежде
#   всего от числа вызовов операций PyTorch (у каждого свои накладные расходы), а не от арифметики.
# - Бисекция надёжна: если на концах разные знаки, она сходится всегда и за заранее известное число
#   шагов. Ньютон сходится быстро, только если начать достаточно близко; иначе он может уйти в
#   сторону, зациклиться или упасть на нулевой производной (примеры ниже).
# - Поэтому на практике их комбинируют: например, метод Брента (`scipy.optimize.brentq`)
#   сохраняет отрезок со сменой знака и делает быстрые шаги, пока они не выводят из него.

# %% [markdown] tags=["en"]
# **Takeaways.**
#
# - Newton needs several times fewer iterations, but each one costs more: the forward pass records a
#   graph and the backward pass computes the derivative. On an example this small the time per call
#   is set by the number of PyTorch operations called (each has a fixed overhead), not by arithmetic.
# - Bisection is reliable: with opposite signs at the ends it always converges, in a number of steps
#   known in advance. Newton converges fast only when it starts close enough; otherwise it may wander
#   off, cycle or hit a zero derivative (examples below).
# - So in practice the two are combined: Brent's method (`scipy.optimize.brentq`), for instance,
#   keeps an interval with a sign change and takes fast steps as long as they stay inside it.

# %%
for name, f, x0 in (("x^3 - 2x + 2 from 0", lambda x: x**3 - 2 * x + 2, 0.0),
                    ("x^2 - 4 from 0", lambda x: x**2 - 4, 0.0)):
    try:
        print(name, "->", newton_root(f, x0))
    except (RuntimeError, ZeroDivisionError) as error:
        print(f"{name} -> {type(error).__name__}: {error}")

# %% [markdown] tags=["ru"]
# ## Задание 4. Ньютон для многих многочленов сразу: `newton_roots_batched` [2 балла]
#
# Часто нужно решить не одно уравнение, а тысячи однотипных. Цикл Python по ним платит накладные
# расходы каждой операции PyTorch (несколько микросекунд) тысячи раз, а на GPU ещё и запускает
# крошечное ядро на каждый многочлен. Векторизованный код делает те же шаги Ньютона для всех
# многочленов одной операцией над тензором формы `(B,)`: число вызовов операций не зависит от `B`.
#
# `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`:
#
# - `coeffs` формы `(B, degree + 1)` — коэффициенты $B$ многочленов, старшая степень первой
#   (нули в начале строки дают многочлены меньшей степени);
# - `x0` — число или тензор формы `(B,)`: начальные приближения;
# - возвращает тензор формы `(B,)` с корнями: $|p_i(x_i)| < tol$ для каждого $i$;
# - один цикл Python — по итерациям; цикла по многочленам нет. Скрытые тесты считают вызовы операций
#   через `TorchFunctionMode`: при `B = 1` и `B = 64` их должно быть одинаково.
#
# **Подсказки.**
#
# - Значение многочлена удобно считать по схеме Горнера:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$ — цикл по степени (он от $B$
#   не зависит), каждая операция сразу для всех строк: `value = value * x + coeffs[:, k]`.
# - Производные всех многочленов — одним вызовом autograd: $p_i$ зависит только от $x_i$, поэтому
#   градиент суммы $\sum_i p_i(x_i)$ по вектору $x$ — это как раз вектор $p_i'(x_i)$. Можно и явно:
#   коэффициенты производной — `coeffs[:, :-1] * [degree, ..., 1]`.
# - Многочлены сходятся за разное число шагов. Маска `active = |p(x)| >= tol` показывает, кто ещё не
#   сошёлся; `torch.where` двигает только их. Цикл заканчивается, когда сошлись все (`.all()`), а
#   не хотя бы один.
# - Если за `max_iter` шагов сошлись не все, разумно бросить `RuntimeError`.

# %% [markdown] tags=["en"]
# ## Exercise 4. Newton for many polynomials at once: `newton_roots_batched` [2 points]
#
# Often you need to solve thousands of similar equations rather than one. A Python loop over them
# pays the overhead of every PyTorch operation (a few microseconds) thousands of times, and on a GPU
# also launches a tiny kernel per polynomial. Vectorized code takes the same Newton steps for all
# polynomials with one operation on a tensor of shape `(B,)`: the number of operation calls does not
# depend on `B`.
#
# `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`:
#
# - `coeffs` of shape `(B, degree + 1)` holds the coefficients of $B$ polynomials, highest degree
#   first (leading zeros give polynomials of lower degree);
# - `x0` is a number or a tensor of shape `(B,)`: the starting points;
# - it returns a tensor of shape `(B,)` of roots: $|p_i(x_i)| < tol$ for every $i$;
# - there is one Python loop, over iterations, and none over polynomials. The hidden tests count the
#   operation calls with a `TorchFunctionMode`: `B = 1` and `B = 64` must make the same number.
#
# **Hints.**
#
# - Evaluate a polynomial with Horner's scheme:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$, a loop over the degree (it
#   does not depend on $B$) with every operation on all rows at once: `value = value * x + coeffs[:, k]`.
# - All derivatives come from one autograd call: $p_i$ depends on $x_i$ only, so the gradient of the
#   sum $\sum_i p_i(x_i)$ with respect to the vector $x$ is exactly the vector of $p_i'(x_i)$. You can
#   also do it by hand: the derivative's coefficients are `coeffs[:, :-1] * [degree, ..., 1]`.
# - Polynomials converge after different numbers of steps. A mask `active = |p(x)| >= tol` marks the
#   ones not yet converged; `torch.where` moves only them. The loop ends when all of them have
#   converged (`.all()`), not just one.
# - If some have not converged after `max_iter` steps, raising `RuntimeError` is a sensible choice.

# %% nbgrader={"grade_id": "newton_roots_batched", "solution": true}
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    ### BEGIN SOLUTION
    if coeffs.dim() != 2:
        raise ValueError(f"coeffs must have shape (B, degree + 1), got {tuple(coeffs.shape)}")
    batch = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()

    def horner(x):
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        return value

    for _ in range(max_iter + 1):
        x.requires_grad_(True)
        fx = horner(x)
        active = fx.detach().abs() >= tol
        if not active.any():
            return x.detach()
        (dfx,) = torch.autograd.grad(fx.sum(), x)  # p_i depends on x_i only: the gradient holds every p_i'(x_i)
        if (active & (dfx == 0)).any():
            raise ZeroDivisionError(f"p'(x) = 0 for polynomials {torch.nonzero(active & (dfx == 0)).flatten().tolist()}")
        with torch.no_grad():
            x = torch.where(active, x - fx / dfx, x)
    raise RuntimeError(f"{int(active.sum())} of {batch} polynomials did not converge within max_iter = {max_iter} steps")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_newton_roots_batched", "grade": true, "points": 2, "locked": true}
_coeffs = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9],   # x^7 + 5x^3 + 17x - 9
                        [0.0, 0, 0, 0, 0, 0, 1, -2],    # x - 2
                        [0.0, 0, 0, 0, 1, 0, 0, -8]],   # x^3 - 8
                       dtype=torch.float64)
_roots = newton_roots_batched(_coeffs, 1.0)
assert isinstance(_roots, torch.Tensor) and _roots.shape == (3,), "newton_roots_batched must return a tensor of shape (B,)"
torch.testing.assert_close(_roots.detach(), torch.tensor([0.4936172, 2.0, 2.0], dtype=torch.float64), rtol=0, atol=1e-5)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_batched():
    def evaluate(coeffs, x):
        value = torch.zeros_like(x, dtype=torch.float64)
        for k in range(coeffs.shape[1]):
            value = value * x.to(torch.float64) + coeffs[:, k].to(torch.float64)
        return value

    def check(name, coeffs, x0, tol=1e-5):
        before = coeffs.clone()
        roots = newton_roots_batched(coeffs, x0, tol=tol)
        assert isinstance(roots, torch.Tensor), f"{name}: newton_roots_batched must return a tensor, got {type(roots).__name__}"
        assert roots.shape == (coeffs.shape[0],), f"{name}: expected shape ({coeffs.shape[0]},), got {tuple(roots.shape)}"
        assert torch.equal(coeffs, before), f"{name}: newton_roots_batched must not modify coeffs"
        residual = evaluate(coeffs, roots.detach()).abs()
        worst = int(residual.argmax())
        assert bool((residual < tol).all()), (f"{name}: |p_i(root_i)| must be < {tol} for every polynomial; "
                                              f"polynomial {worst} ({coeffs[worst].tolist()}) has {residual[worst].item():.2e} "
                                              f"at {roots[worst].item():.6f}")

    gen = torch.Generator().manual_seed(404)
    # strictly monotonic quintics a5 x^5 + a3 x^3 + a1 x + a0, some flipped to decreasing: one real root each
    b = 64
    coeffs = torch.zeros(b, 6, dtype=torch.float64)
    coeffs[:, 0] = torch.rand(b, generator=gen, dtype=torch.float64) * 1.5 + 0.1
    coeffs[:, 2] = torch.rand(b, generator=gen, dtype=torch.float64) * 3
    coeffs[:, 4] = torch.rand(b, generator=gen, dtype=torch.float64) * 4 + 1
    coeffs[:, 5] = torch.rand(b, generator=gen, dtype=torch.float64) * 40 - 20
    coeffs[: b // 4, 0] = 0.0  # a quarter are cubics
    coeffs[::3] *= -1
    check("64 monotonic quintics and cubics from x0 = 0", coeffs, 0.0)
    check("the same polynomials from per-polynomial x0", coeffs,
          torch.rand(b, generator=gen, dtype=torch.float64) * 4 - 2)
    check("the same polynomials with tol = 1e-9", coeffs, 0.5, tol=1e-9)
    # roots on both sides of zero, different degrees, different convergence speeds
    mixed = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9],
                          [-1.0, 0, 0, 0, -5, 0, -17, -9],
                          [0, 0, 0, 0, 0, 1, 0, -2],
                          [0, 0, 0, 0, 0, 0, 3, 7],
                          [0, 0, 0, 0, 1, 0, 2, 5],
                          [0, 0, 1, 0, 0, 0, 1, 100]], dtype=torch.float64)
    check("mixed polynomials from x0 = 3", mixed, 3.0)
    check("mixed polynomials from x0 = -1.5", mixed, -1.5)
    # x^2 - 2 from +1 and -1: each polynomial moves from its own starting point
    roots = newton_roots_batched(torch.tensor([[1.0, 0, -2], [1.0, 0, -2]], dtype=torch.float64),
                                 torch.tensor([1.0, -1.0], dtype=torch.float64))
    torch.testing.assert_close(roots.detach(), torch.tensor([math.sqrt(2), -math.sqrt(2)], dtype=torch.float64), rtol=0, atol=1e-5,
                               msg=lambda m: f"x^2 - 2 from x0 = [1, -1] must give [sqrt(2), -sqrt(2)]: {m}")
    # no loop over the batch: the same number of torch calls for B = 1 and B = 64
    one = mixed[:1]
    for name, small, large in (("B = 1 vs B = 64", one, one.repeat(64, 1)),
                               ("B = 2 vs B = 64", mixed[:2], mixed[:2].repeat(32, 1))):
        with OpRecorder() as rec_small:
            newton_roots_batched(small, 0.0)
        with OpRecorder() as rec_large:
            newton_roots_batched(large, 0.0)
        assert rec_small.total() == rec_large.total(), (
            f"{name}: newton_roots_batched made {rec_small.total()} torch calls for B = {small.shape[0]} but "
            f"{rec_large.total()} for B = {large.shape[0]}; it must not loop over the polynomials")


_check_batched()
del _check_batched
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Цикл против векторизации
#
# Решим одни и те же 200 многочленов дважды: циклом с `newton_root` и одним вызовом
# `newton_roots_batched`, и посчитаем вызовы операций PyTorch тем же `CountCalls`.

# %% [markdown] tags=["en"]
# ### A loop versus vectorization
#
# Let us solve the same 200 polynomials twice, with a loop over `newton_root` and with one call of
# `newton_roots_batched`, and count the PyTorch operation calls with the same `CountCalls`.

# %%
def random_monotonic_quintics(batch, generator, device="cpu"):
    """Coefficients of a5 x^5 + a3 x^3 + a1 x + a0 with a5, a3, a1 > 0: one real root each."""
    coeffs = torch.zeros(batch, 6, dtype=torch.float64)
    coeffs[:, 0] = torch.rand(batch, generator=generator, dtype=torch.float64) + 0.1
    coeffs[:, 2] = torch.rand(batch, generator=generator, dtype=torch.float64) * 3
    coeffs[:, 4] = torch.rand(batch, generator=generator, dtype=torch.float64) * 4 + 1
    coeffs[:, 5] = torch.rand(batch, generator=generator, dtype=torch.float64) * 40 - 20
    return coeffs.to(device)


def polynomial(row):
    """A function of x for one row of coefficients, highest degree first (Horner's scheme)."""
    def p(x):
        value = torch.zeros_like(x)
        for c in row:
            value = value * x + c
        return value
    return p


coeffs = random_monotonic_quintics(200, torch.Generator().manual_seed(0))
start = timeit.default_timer()
with CountCalls() as loop_calls:
    looped = torch.stack([newton_root(polynomial(row), 0.0)[0] for row in coeffs])
loop_seconds = timeit.default_timer() - start
start = timeit.default_timer()
with CountCalls() as batch_calls:
    batched = newton_roots_batched(coeffs, 0.0)
batch_seconds = timeit.default_timer() - start

table = PrettyTable(["version", "torch calls", "time (ms)"])
table.add_row(["loop over 200 polynomials", sum(loop_calls.calls.values()), f"{loop_seconds * 1e3:.1f}"])
table.add_row(["one batched call", sum(batch_calls.calls.values()), f"{batch_seconds * 1e3:.1f}"])
print(table)
print("largest difference between the roots:", (looped - batched.detach()).abs().max().item())

# %% [markdown] tags=["ru"]
# На GPU разрыв ещё больше: один шаг Ньютона для миллиона многочленов — это всё те же несколько
# десятков запусков ядер, а цикл запускал бы их миллионы. Ячейка ниже работает только при наличии
# GPU.

# %% [markdown] tags=["en"]
# On a GPU the gap is wider still: a Newton step for a million polynomials is still a few dozen
# kernel launches, while a loop would launch millions. The cell below runs only when a GPU is present.

# %%
if torch.cuda.is_available():
    big = random_monotonic_quintics(1_000_000, torch.Generator().manual_seed(1), device="cuda")
    newton_roots_batched(big[:10], 0.0)  # warm-up: CUDA initialisation is not part of the measurement
    torch.cuda.synchronize()
    start = timeit.default_timer()
    roots = newton_roots_batched(big, 0.0)
    torch.cuda.synchronize()
    elapsed = timeit.default_timer() - start
    residual = torch.zeros_like(roots)
    for k in range(big.shape[1]):  # Horner's scheme for all rows at once
        residual = residual * roots + big[:, k]
    print(f"1,000,000 quintics on {torch.cuda.get_device_name()}: {elapsed * 1e3:.1f} ms, "
          f"largest |p(root)| = {residual.abs().max().item():.2e}")
else:
    print("No GPU here. With one, this cell solves 1,000,000 quintics in a single newton_roots_batched call "
          "and prints the time it took.")

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - Своя `torch.autograd.Function`: `forward` считает, `setup_context` сохраняет нужное
#   (тензоры — через `save_for_backward`), `backward` возвращает градиент на каждый вход, `None` для
#   не-тензоров. Проверка — `gradcheck` во `float64`.
# - Быстрое возведение в степень делает $O(\log p)$ умножений вместо $p - 1$; `TorchFunctionMode`
#   позволяет это проверить, посчитав операции.
# - Бисекция надёжна и предсказуема (один двоичный разряд за шаг), Ньютон быстр (число верных знаков
#   удваивается), но требует хорошего начального приближения и ненулевой производной.
# - Векторизация: один цикл по итерациям, операции над всем батчем сразу, маски для тех, кто уже
#   сошёлся. Число вызовов операций не зависит от размера батча.

# %% [markdown] tags=["en"]
# ## Summary
#
# - A custom `torch.autograd.Function`: `forward` computes, `setup_context` stores what is needed
#   (tensors through `save_for_backward`), `backward` returns a gradient per input, `None` for
#   non-tensors. `gradcheck` in `float64` checks it.
# - Exponentiation by squaring takes $O(\log p)$ multiplications instead of $p - 1$; a
#   `TorchFunctionMode` proves it by counting operations.
# - Bisection is reliable and predictable (one binary digit per step), Newton is fast (the number of
#   correct digits doubles) but needs a good starting point and a non-zero derivative.
# - Vectorization: one loop over iterations, operations on the whole batch at once, masks for the
#   entries that have converged. The number of operation calls does not depend on the batch size.
