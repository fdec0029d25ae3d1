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
# | 1. `Power`: прямой проход, число умножений, обратный проход, проверка `p` | 1 + 1 + 1 + 1 |
# | 2. `bisection_root` | 3 |
# | 2б. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Итого** | **13** |
#
# На весь урок закладывайте около трёх часов; у каждого раздела указано примерное время.
#
# **Как работать и что сдавать.**
#
# - Пишите код только в ячейках с `raise NotImplementedError()`: замените эту строку своим решением.
#   Не удаляйте, не копируйте, не перемещайте ячейки и не меняйте их теги и ячейки с проверками:
#   оценщик находит ячейки по их служебным меткам.
# - После каждого задания идёт ячейка с проверками (одна или несколько). Видимые проверки можно
#   запускать сколько угодно: они ловят грубые ошибки. Скрытые тесты запускаются при оценивании и
#   проверяют другие входы, крайние случаи и ошибки; всё, что они проверяют, перечислено в условии
#   задания. «Прошли видимые проверки» ещё не значит «всё верно».
# - «Restart & Run All» (в Colab: «Среда выполнения → Перезапустить и выполнить все») выполняет
#   ячейки сверху вниз и **останавливается на первой ошибке**. Пока задание не решено, его ячейка
#   с проверками падает с `NotImplementedError`, и всё, что ниже, не выполняется. Решайте задания по
#   порядку или запускайте ячейки по одной. Демонстрации, которым нужно ещё не решённое задание,
#   не падают, а пишут, что пропущены.
# - Перед сдачей перезапустите ядро и выполните всё заново: ничего не должно зависеть от ячеек,
#   которые вы запускали и потом удалили.
# - Сдавайте сам файл `.ipynb` (в Colab: «Файл → Скачать → Скачать .ipynb»). При оценивании
#   блокнот выполняется заново в чистом ядре со скрытыми тестами: в зачёт идёт то, что делает ваш код,
#   а не сохранённые в файле выводы.

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
# | 1. `Power`: forward pass, multiplication count, backward pass, checks of `p` | 1 + 1 + 1 + 1 |
# | 2. `bisection_root` | 3 |
# | 2b. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Total** | **13** |
#
# Plan on about three hours for the whole lesson; every section gives its own estimate.
#
# **How to work and what to submit.**
#
# - Write code only in the cells that hold `raise NotImplementedError()`: replace that line with your
#   solution. Do not delete, copy or move cells, and do not change their tags or the test cells: the
#   grader finds cells by their hidden ids.
# - Every exercise is followed by one or more test cells. Run the visible checks as often as you
#   like: they catch gross mistakes. Hidden tests run at grading time with other inputs, edge cases
#   and error cases; the exercise's text lists everything they check. "The visible checks passed"
#   does not yet mean "everything is right".
# - "Restart & Run All" (in Colab: "Runtime → Restart and run all") runs the cells top to bottom and
#   **stops at the first error**. While an exercise is unsolved, its test cell fails with
#   `NotImplementedError` and nothing below it runs. Solve the exercises in order, or run cells one
#   at a time. Demonstrations that need an exercise you have not solved yet do not fail: they print
#   that they were skipped.
# - Before you submit, restart the kernel and run everything again: nothing may depend on a cell you
#   ran and then deleted.
# - Submit the `.ipynb` file itself (in Colab: "File → Download → Download .ipynb"). Grading runs the
#   notebook again in a fresh kernel with the hidden tests: what counts is what your code does
#   there, not the outputs saved in the file.

# %%
import collections
import math
import operator
import timeit

import torch
from prettytable import PrettyTable
from torch.overrides import TorchFunctionMode

print(f"torch {torch.__version__}; CUDA available: {torch.cuda.is_available()}")

# %% judge="helpers"
import re

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def names_number(text, value) -> bool:
    """Whether a message names this number in a common spelling: -1.5, -1.50, -1.5e+00, tensor(-1.5000)."""
    return any(math.isclose(float(token), value, rel_tol=1e-9, abs_tol=1e-12)
               for token in NUMBER.findall(str.__str__(text)))


def names_received(text, value, type_name) -> bool:
    """Whether an error message names what it received: its type (in any case) or its value."""
    if type_name.lower() in str.__str__(text).lower():
        return True
    if isinstance(value, (int, float)):
        return names_number(text, value)
    return repr(value) in str.__str__(text) or str(value) in str.__str__(text)


def resolution(t) -> float:
    """The relative spacing of a tensor's floating dtype (1 for integers): what its values can resolve."""
    return torch.finfo(t.dtype).eps if t.is_floating_point() else 1.0


def scalar_and_count(key, result):
    """(x, n) from a root finder's result, checked for form: x a one-element tensor, n an int."""
    assert isinstance(result, tuple) and len(result) == 2, f"{key} must return a pair (x, n)"
    x, n = result
    assert isinstance(x, torch.Tensor), f"{key}: x must be a tensor"
    assert x.numel() == 1, f"{key}: x must be a single value, got shape {tuple(x.shape)}"
    assert type(n) is int, f"{key}: n must be an int"
    return x, n

# %% [markdown] tags=["ru"]
# ## 1. Своя операция: `torch.autograd.Function` (≈ 20 минут)
#
# Документация: [`torch.autograd.Function`](https://pytorch.org/docs/stable/autograd.html#function),
# [Extending torch.autograd](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-autograd),
# [`save_for_backward`](https://pytorch.org/docs/stable/generated/torch.autograd.function.FunctionCtx.save_for_backward.html),
# [`gradcheck`](https://pytorch.org/docs/stable/generated/torch.autograd.gradcheck.gradcheck.html).
#
# Autograd знает производные сотен встроенных операций (список —
# [`derivatives.yaml`](https://github.com/pytorch/pytorch/blob/main/tools/autograd/derivatives.yaml))
# и сам строит из них граф. Писать свою `Function` имеет смысл, когда:
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
# | `forward(*inputs)` | считает результат; `.apply` вызывает его с выключенной записью графа |
# | `setup_context(ctx, inputs, output)` | кладёт в `ctx` всё, что понадобится обратному проходу |
# | `backward(ctx, *grad_outputs)` | получает градиент по выходу и возвращает по одному градиенту на **каждый** аргумент `forward`, для не-тензоров — `None` |
#
# Операцию вызывают через `.apply`: `MulConstant.apply(x, 4)`. Тогда в граф попадает один узел
# (`MulConstantBackward`), и на обратном проходе работает ваш `backward`. Прямой вызов
# `MulConstant.forward(x, 4)` — обычный вызов статического метода: операции внутри него autograd
# записывает как любые другие (у результата `grad_fn=MulBackward0`), а ваши `setup_context` и
# `backward` не участвуют вовсе. Ячейка ниже показывает оба вызова.
#
# Первый пример лекции — умножение на число. Производная $x \cdot c$ по $x$ равна $c$, а по
# числу $c$ градиента нет: это не тензор, поэтому на его месте `None`.

# %% [markdown] tags=["en"]
# ## 1. A custom operation: `torch.autograd.Function` (≈ 20 minutes)
#
# Documentation: [`torch.autograd.Function`](https://pytorch.org/docs/stable/autograd.html#function),
# [Extending torch.autograd](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-autograd),
# [`save_for_backward`](https://pytorch.org/docs/stable/generated/torch.autograd.function.FunctionCtx.save_for_backward.html),
# [`gradcheck`](https://pytorch.org/docs/stable/generated/torch.autograd.gradcheck.gradcheck.html).
#
# Autograd knows the derivatives of hundreds of built-in operations (the list:
# [`derivatives.yaml`](https://github.com/pytorch/pytorch/blob/main/tools/autograd/derivatives.yaml))
# and builds the graph out of them by itself. A custom `Function` is worth writing when:
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
# | `forward(*inputs)` | computes the result; `.apply` runs it with graph recording switched off |
# | `setup_context(ctx, inputs, output)` | stores on `ctx` whatever the backward pass will need |
# | `backward(ctx, *grad_outputs)` | receives the gradient of the output and returns one gradient per argument of `forward`, `None` for arguments that are not tensors |
#
# You call the operation through `.apply`: `MulConstant.apply(x, 4)`. Then one node enters the graph
# (`MulConstantBackward`) and your `backward` runs in the backward pass. Calling
# `MulConstant.forward(x, 4)` directly is an ordinary static-method call: autograd records the
# operations inside it like any others (the result has `grad_fn=MulBackward0`), and your
# `setup_context` and `backward` take no part at all. The cell below shows both calls.
#
# The lecture's first example multiplies by a number. The derivative of $x \cdot c$ with respect
# to $x$ is $c$; the number $c$ gets no gradient since it is not a tensor, so its slot holds `None`.

# %% tags=["demo"]
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

# %% tags=["demo", "ru"]
x = torch.tensor(2.0, requires_grad=True)
y = MulConstant.apply(x, 4)
y.backward()
print(f"MulConstant.apply(x, 4):   y = {y.item()}, grad_fn = {type(y.grad_fn).__name__}, dy/dx = {x.grad.item()}")
direct = MulConstant.forward(x, 4)
print(f"MulConstant.forward(x, 4): y = {direct.item()}, grad_fn = {type(direct.grad_fn).__name__} "
      "(встроенный узел: наш backward обойдён)")



# %% tags=["demo", "en"]
x = torch.tensor(2.0, requires_grad=True)
y = MulConstant.apply(x, 4)
y.backward()
print(f"MulConstant.apply(x, 4):   y = {y.item()}, grad_fn = {type(y.grad_fn).__name__}, dy/dx = {x.grad.item()}")
direct = MulConstant.forward(x, 4)
print(f"MulConstant.forward(x, 4): y = {direct.item()}, grad_fn = {type(direct.grad_fn).__name__} "
      "(a built-in node: our backward is bypassed)")

# %% [markdown] tags=["ru"]
# Второй пример — произведение двух тензоров: $\partial(xy)/\partial x = y$ и
# $\partial(xy)/\partial y = x$. Здесь обратному проходу нужны сами входные тензоры. В лекции они
# сохранены атрибутами `ctx`; правильнее класть тензоры через `ctx.save_for_backward(...)` и
# доставать через `ctx.saved_tensors`. Документация `save_for_backward` называет три причины:
#
# - PyTorch заметит, если сохранённый тензор изменили на месте после `forward`, и сообщит об ошибке
#   вместо того, чтобы тихо посчитать неверный градиент (пример ниже);
# - не будет утечек памяти: выход, сохранённый атрибутом `ctx`, замыкает цикл ссылок
#   «выход → `grad_fn` → `ctx` → выход», и память освобождается позже;
# - к сохранённым тензорам можно применить хуки
#   ([`saved_tensors_hooks`](https://pytorch.org/tutorials/intermediate/autograd_saved_tensors_hooks_tutorial.html),
#   например выгрузку на CPU для экономии памяти GPU).
#
# Числа и прочие не-тензоры по-прежнему хранятся атрибутами `ctx`.
# `ctx.needs_input_grad` подсказывает, каким входам градиент действительно нужен, — лишнюю работу
# можно пропустить.

# %% [markdown] tags=["en"]
# The second example multiplies two tensors: $\partial(xy)/\partial x = y$ and
# $\partial(xy)/\partial y = x$. Now the backward pass needs the input tensors themselves. The
# lecture keeps them as attributes of `ctx`; the proper way is `ctx.save_for_backward(...)` and
# `ctx.saved_tensors`. The documentation of `save_for_backward` gives three reasons:
#
# - PyTorch notices when a saved tensor was changed in place after `forward` and raises an error
#   instead of silently computing a wrong gradient (example below);
# - no memory leaks: an output kept as an attribute of `ctx` closes the reference cycle
#   "output → `grad_fn` → `ctx` → output", so its memory is freed later;
# - hooks can be applied to saved tensors
#   ([`saved_tensors_hooks`](https://pytorch.org/tutorials/intermediate/autograd_saved_tensors_hooks_tutorial.html),
#   for instance offloading them to the CPU to save GPU memory).
#
# Numbers and other non-tensors still live as attributes of `ctx`. `ctx.needs_input_grad` tells
# which inputs actually need a gradient, so needless work can be skipped.

# %% tags=["demo"]
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
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ по каждой координате
# ($\varepsilon = 10^{-6}$ по умолчанию). Делайте это во `float64`: во `float32` значения хранятся
# с относительной точностью около $10^{-7}$ (`torch.finfo(torch.float32).eps` $\approx 1.2 \cdot 10^{-7}$),
# и после деления на $2\varepsilon$ эта ошибка округления вырастает до сотых-десятых долей и прячет
# любую ошибку в формуле. Поэтому `gradcheck` для не-`float64` входов выдаёт предупреждение.

# %% [markdown] tags=["en"]
# ### How to check your `backward`: `gradcheck`
#
# A mistake in a derivative formula is easy to miss: the code runs, training just goes the wrong
# way. `torch.autograd.gradcheck` compares the Jacobian your `backward` gives with a numerical one,
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ for every coordinate
# ($\varepsilon = 10^{-6}$ by default). Do it in `float64`: `float32` stores values with a relative
# precision of about $10^{-7}$ (`torch.finfo(torch.float32).eps` $\approx 1.2 \cdot 10^{-7}$), and
# divided by $2\varepsilon$ that rounding error grows to hundredths or tenths and hides any mistake
# in the formula. That is why `gradcheck` warns about inputs that are not `float64`.

# %% tags=["demo", "ru"]
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
print("Mul проходит gradcheck:        ", torch.autograd.gradcheck(Mul.apply, (a, b)))
print("MulConstant проходит gradcheck:", torch.autograd.gradcheck(lambda t: MulConstant.apply(t, -2.5), (a,)))
print("машинный эпсилон float32:", torch.finfo(torch.float32).eps, "| делённый на 2 * 1e-6:",
      torch.finfo(torch.float32).eps / 2e-6)



# %% tags=["demo", "en"]
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
print("Mul passes gradcheck:        ", torch.autograd.gradcheck(Mul.apply, (a, b)))
print("MulConstant passes gradcheck:", torch.autograd.gradcheck(lambda t: MulConstant.apply(t, -2.5), (a,)))
print("float32 machine epsilon:", torch.finfo(torch.float32).eps, "| divided by 2 * 1e-6:",
      torch.finfo(torch.float32).eps / 2e-6)

# %% [markdown] tags=["ru"]
# ### Две типичные ошибки
#
# 1. **Градиент для не-тензора.** На каждый аргумент `forward` приходится одно значение, которое
#    возвращает `backward`, и для чисел это `None`. Любое другое значение (даже `0`) PyTorch
#    отвергает с `RuntimeError`.
# 2. **Тензоры на `ctx` вместо `save_for_backward`.** Если после `forward` вход изменили на месте,
#    `backward` увидит уже новое значение. С `save_for_backward` PyTorch сверяет «версию» тензора и
#    сообщает об ошибке; с атрибутом `ctx` градиент получается неверным без единого предупреждения.

# %% [markdown] tags=["en"]
# ### Two common mistakes
#
# 1. **A gradient for a non-tensor.** `backward` returns one value per argument of `forward`, and
#    for numbers that value is `None`. PyTorch rejects anything else, even `0`, with a `RuntimeError`.
# 2. **Tensors on `ctx` instead of `save_for_backward`.** If an input is changed in place after
#    `forward`, `backward` sees the new value. With `save_for_backward` PyTorch checks the tensor's
#    "version" and raises an error; with a `ctx` attribute the gradient is silently wrong.

# %% tags=["demo"]
class MulConstantBadGrad(torch.autograd.Function):
    @staticmethod
    def forward(x, constant):
        return x * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.constant = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, 0  # wrong: the constant is not a tensor, its slot must be None


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

# %% tags=["demo", "ru"]
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
        print(f"{function.__name__:>10} -> dz/dx = {x.grad.item()} (должно быть 3.0), ошибки нет")
    except RuntimeError as error:
        print(f"{function.__name__:>10} -> RuntimeError: {str(error).splitlines()[0][:90]}...")



# %% tags=["demo", "en"]
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
# ### Считаем операции: `TorchFunctionMode`
#
# Документация: [`torch.overrides`](https://pytorch.org/docs/stable/torch.overrides.html),
# [Extending torch Python API](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-python-api).
#
# Как проверить, что функция делает мало умножений? Засекать время ненадёжно. Надёжнее посчитать
# операции: `torch.overrides.TorchFunctionMode` — контекст, внутри которого каждый вызов функции
# PyTorch из Python (`torch.mul`, `a * b`, `x.sum()`, ...) сначала попадает в его метод
# `__torch_function__`. Там вызов можно посчитать, подменить или запретить. Класс `CountCalls` ниже
# считает вызовы по именам; пользуйтесь им для самопроверки в задании 1. Скрытые тесты заданий 1 и 4
# записывают вызовы тем же приёмом.
#
# Наивное возведение в степень $p$ делает $p - 1$ умножение подряд: для $x^{13}$ это 12 умножений.

# %% [markdown] tags=["en"]
# ### Counting operations: `TorchFunctionMode`
#
# Documentation: [`torch.overrides`](https://pytorch.org/docs/stable/torch.overrides.html),
# [Extending torch Python API](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-python-api).
#
# How do you check that a function performs few multiplications? Timing is unreliable. Counting
# operations is reliable: `torch.overrides.TorchFunctionMode` is a context inside which every call of
# a PyTorch function from Python (`torch.mul`, `a * b`, `x.sum()`, ...) first goes through its
# `__torch_function__` method. There the call can be counted, replaced or refused. The class
# `CountCalls` below counts calls by name; use it to check yourself in exercise 1. The hidden tests of
# exercises 1 and 4 record calls with the same trick.
#
# Naive exponentiation by $p$ makes $p - 1$ multiplications in a row: 12 of them for $x^{13}$.

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

# %% tags=["demo", "ru"]
with CountCalls() as naive:
    power_loop(torch.tensor([1.5, -2.0]), 13)
print(f"power_loop(x, 13): {naive.calls['mul']} умножений; все вызовы: {dict(naive.calls)}")



# %% tags=["demo", "en"]
with CountCalls() as naive:
    power_loop(torch.tensor([1.5, -2.0]), 13)
print(f"power_loop(x, 13): {naive.calls['mul']} multiplications; all calls: {dict(naive.calls)}")

# %% [markdown] tags=["ru"]
# ## Задание 1. `Power` [4 балла: 1 + 1 + 1 + 1] (≈ 45 минут)
#
# Документация: [`torch.mul`](https://pytorch.org/docs/stable/generated/torch.mul.html),
# [`torch.ones_like`](https://pytorch.org/docs/stable/generated/torch.ones_like.html),
# [`torch.pow`](https://pytorch.org/docs/stable/generated/torch.pow.html) (им пользоваться нельзя,
# но с ним тесты сравнивают ответ), [`operator.index`](https://docs.python.org/3/library/operator.html#operator.index).
#
# Напишите `Power` — наследника `torch.autograd.Function`: `Power.apply(x, p)` возводит каждый
# элемент `x` в целую неотрицательную степень `p`. Четыре части оцениваются отдельно, по 1 баллу.
#
# **Прямой проход** (`test_Power_forward`):
#
# - результат равен `torch.pow(x, p)` для целочисленных (`int32`, `int64`) и вещественных
#   (`float32`, `float64`) тензоров любой формы: нульмерных, пустых, транспонированных, трёхмерных;
#   $p$ от 0 до 8;
# - у результата форма и dtype как у `x`; сам `x` не меняется.
#
# **Число умножений** (`test_Power_multiplications`):
#
# - в `forward` — только умножения: `*`, `torch.mul`, `torch.square`, `mul_`, ... Нельзя `**` и
#   `pow`, `float_power`, `exp`/`log` (в любых вариантах), `prod`/`cumprod`, `matrix_power`, а также
#   уход в Python или NumPy через `item`, `tolist`, `numpy`;
# - быстрое возведение в степень (exponentiation by squaring): не больше $2\lfloor\log_2 p\rfloor + 2$
#   умножений тензоров, то есть для $p = 1000$ не больше 20, а не 999; и не меньше
#   $\lfloor\log_2 p\rfloor$ — значение должно получаться умножениями, а не другим путём.
#   Скрытые тесты записывают имена всех вызванных функций PyTorch (тем же приёмом, что `CountCalls`)
#   для $p$ от 1 до 1024 и для целочисленного `x`.
#
# **Обратный проход** (`test_Power_backward`):
#
# - `backward` возвращает `grad_output * p * x ** (p - 1)` (нули при $p = 0$) и `None` для `p`;
# - скрытые тесты сравнивают ваши градиенты с градиентами самого PyTorch (`torch.pow`, посчитанными
#   во `float64`) для $p$ от 0 до 8 и $p = 13$, в точках, среди которых есть $0$ и отрицательные,
#   при `grad_output`, не равном единицам, для `float64` и `float32`.
#
# **Проверка `p`** (`test_Power_errors`):
#
# - `p` — целое число в смысле Python: всё, что принимает
#   [`operator.index(p)`](https://docs.python.org/3/library/operator.html#operator.index)
#   (`int`, целые NumPy вроде `numpy.int64(3)`, нульмерный целочисленный тензор `torch.tensor(3)`),
#   работает как соответствующий `int`;
# - всё остальное — `TypeError`, и в сообщении названо, что пришло (тип или значение): это
#   `2.0` и `0.0` (дробные числа, даже с нулевой дробной частью), `2.5`, строка `"3"`, `None`,
#   `torch.tensor(2.0)`. `operator.index` сам бросает такой `TypeError`;
# - `ValueError`, если `p < 0`; в сообщении — само значение `p` (например, `-7`).
#
# **Идея быстрого возведения.** Запишем показатель в двоичной системе: $13 = 1101_2 = 8 + 4 + 1$,
# поэтому $x^{13} = x^8 \cdot x^4 \cdot x$. Множители $x, x^2, x^4, x^8$ получаются друг из друга
# возведением в квадрат — по одному умножению на каждый, а в результат попадают только те, чей бит
# равен 1. Начнём с `result = torch.ones_like(x)` (это $x^0$, с нужными формой и dtype):
#
# | бит показателя (с младшего) | 1 | 0 | 1 | 1 |
# |---|---|---|---|---|
# | текущий множитель | $x$ | $x^2$ | $x^4$ | $x^8$ |
# | накопленный результат | $1 \cdot x = x$ | $x$ | $x^5$ | $x^{13}$ |
#
# Три возведения в квадрат и три умножения результата (первое — на единицы, с которых мы начали):
# 6 умножений вместо 12; ячейка после заданий считает их для эталонного решения. В общем случае
# квадратов не больше $\lfloor\log_2 p\rfloor + 1$, умножений результата не больше числа единичных
# битов, то есть тоже $\lfloor\log_2 p\rfloor + 1$; отсюда и граница.
#
# **Подводные камни обратного прохода.**
#
# - При $p = 0$ формула $p\,x^{p-1}$ требует $x^{-1}$: в нуле это `inf`, а $0 \cdot \infty$ — `nan`.
#   Производная константы равна нулю; обработайте этот случай отдельно.
# - По той же причине не считайте $x^{p-1}$ как $x^p / x$.
# - Тензор `x` сохраняйте через `ctx.save_for_backward`, число `p` — атрибутом `ctx`.
# - Не возвращайте из `forward` сам `x` (соблазн есть при $p = 1$): с отдельным `setup_context`
#   PyTorch не даёт сохранить для `backward` вход, который вернули как есть, и бросает `RuntimeError`.
#   Начните с `torch.ones_like(x)` или верните копию `x.clone()`.
# - Ограничение «только умножения» относится к `forward`, но и в `backward` удобно переиспользовать
#   ваш алгоритм: `Power.forward(x, p - 1)`. Это обычный вызов статического метода; граф при этом не
#   строится только потому, что `backward` выполняется с выключенной записью графа (если не просили
#   `create_graph=True`).

# %% [markdown] tags=["en"]
# ## Exercise 1. `Power` [4 points: 1 + 1 + 1 + 1] (≈ 45 minutes)
#
# Documentation: [`torch.mul`](https://pytorch.org/docs/stable/generated/torch.mul.html),
# [`torch.ones_like`](https://pytorch.org/docs/stable/generated/torch.ones_like.html),
# [`torch.pow`](https://pytorch.org/docs/stable/generated/torch.pow.html) (you may not use it, but the
# tests compare your answer with it), [`operator.index`](https://docs.python.org/3/library/operator.html#operator.index).
#
# Write `Power`, a subclass of `torch.autograd.Function`: `Power.apply(x, p)` raises every element
# of `x` to a non-negative integer power `p`. Four parts are graded separately, 1 point each.
#
# **Forward pass** (`test_Power_forward`):
#
# - the result equals `torch.pow(x, p)` for integer (`int32`, `int64`) and floating (`float32`,
#   `float64`) tensors of any shape: 0-dim, empty, transposed, 3-D; $p$ from 0 to 8;
# - the result has the shape and dtype of `x`; `x` itself is left unchanged.
#
# **Multiplication count** (`test_Power_multiplications`):
#
# - `forward` uses multiplications only: `*`, `torch.mul`, `torch.square`, `mul_`, ... Not allowed:
#   `**` and `pow`, `float_power`, `exp`/`log` (in any variant), `prod`/`cumprod`, `matrix_power`, and
#   escaping to Python or NumPy through `item`, `tolist`, `numpy`;
# - exponentiation by squaring: at most $2\lfloor\log_2 p\rfloor + 2$ tensor multiplications, so at
#   most 20 for $p = 1000$, not 999; and at least $\lfloor\log_2 p\rfloor$: the value must come from
#   multiplications, not some other way. The hidden tests record the names of all PyTorch functions
#   called (with the same trick as `CountCalls`) for $p$ from 1 to 1024 and for an integer `x`.
#
# **Backward pass** (`test_Power_backward`):
#
# - `backward` returns `grad_output * p * x ** (p - 1)` (zeros for $p = 0$) and `None` for `p`;
# - the hidden tests compare your gradients with PyTorch's own (those of `torch.pow`, computed in
#   `float64`) for $p$ from 0 to 8 and $p = 13$, at points that include $0$ and negative numbers,
#   with a `grad_output` that is not all ones, for `float64` and `float32`.
#
# **Checks of `p`** (`test_Power_errors`):
#
# - `p` is an integer in Python's sense: whatever
#   [`operator.index(p)`](https://docs.python.org/3/library/operator.html#operator.index) accepts
#   (`int`, NumPy integers such as `numpy.int64(3)`, a 0-dim integer tensor `torch.tensor(3)`) works
#   like the corresponding `int`;
# - anything else raises `TypeError` whose message names what was received (its type or value):
#   `2.0` and `0.0` (floats, even with no fractional part), `2.5`, the string `"3"`, `None`,
#   `torch.tensor(2.0)`. `operator.index` raises such a `TypeError` by itself;
# - `ValueError` if `p < 0`, with the value of `p` in the message (for example `-7`).
#
# **The idea of fast exponentiation.** Write the exponent in binary: $13 = 1101_2 = 8 + 4 + 1$, so
# $x^{13} = x^8 \cdot x^4 \cdot x$. The factors $x, x^2, x^4, x^8$ come from each other by
# squaring, one multiplication each, and only those whose bit is 1 go into the result. Start from
# `result = torch.ones_like(x)` ($x^0$, with the right shape and dtype):
#
# | exponent bit (lowest first) | 1 | 0 | 1 | 1 |
# |---|---|---|---|---|
# | current factor | $x$ | $x^2$ | $x^4$ | $x^8$ |
# | accumulated result | $1 \cdot x = x$ | $x$ | $x^5$ | $x^{13}$ |
#
# Three squarings and three multiplications into the result (the first one by the ones we started
# from): 6 multiplications instead of 12; the cell after the tests counts them for the reference
# solution. In general there are at most $\lfloor\log_2 p\rfloor + 1$ squarings and at most as many
# multiplications into the result as there are 1 bits, again $\lfloor\log_2 p\rfloor + 1$; hence the
# bound.
#
# **Pitfalls of the backward pass.**
#
# - For $p = 0$ the formula $p\,x^{p-1}$ needs $x^{-1}$: at zero that is `inf`, and $0 \cdot \infty$
#   is `nan`. The derivative of a constant is zero; handle this case on its own.
# - For the same reason, do not compute $x^{p-1}$ as $x^p / x$.
# - Save the tensor `x` with `ctx.save_for_backward` and the number `p` as an attribute of `ctx`.
# - Do not return `x` itself from `forward` (tempting for $p = 1$): with a separate `setup_context`,
#   PyTorch refuses to save for `backward` an input that was returned as-is and raises
#   `RuntimeError`. Start from `torch.ones_like(x)` or return a copy, `x.clone()`.
# - The "multiplications only" rule is about `forward`, but reusing your algorithm in `backward` is
#   handy too: `Power.forward(x, p - 1)`. That is an ordinary static-method call; it builds no graph
#   only because `backward` runs with graph recording switched off (unless `create_graph=True` was
#   asked for).

# %% nbgrader={"grade_id": "Power", "solution": true}
class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        ### BEGIN SOLUTION
        p = operator.index(p)  # TypeError for 2.0, "3", None, torch.tensor(2.0), ...
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
        ctx.p = operator.index(p)
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

# %% nbgrader={"grade_id": "test_Power_forward", "grade": true, "points": 1, "locked": true} tags=["ru"]
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 0) == torch.tensor([1, 1, 1])), "x ** 0 должно состоять из единиц"
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 2) == torch.tensor([1, 4, 9])), "[1, 2, 3] ** 2 должно быть [1, 4, 9]"
assert Power.apply(torch.tensor([1.5, -2.0]), 3).dtype == torch.float32, "у результата должен остаться dtype x"
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2024)
cases = []
for dtype in (torch.int64, torch.int32, torch.float32, torch.float64):
    if dtype.is_floating_point:
        x = torch.rand(3, 5, generator=gen, dtype=dtype) * 4 - 2
    else:
        x = torch.randint(-6, 7, (3, 5), generator=gen, dtype=dtype)
    cases += [(f"{str(dtype)[6:]} 3x5", p, x) for p in range(9)]
cases += [("0-dim float64", 5, torch.tensor(-1.5, dtype=torch.float64)),
          ("transposed 6x4 float64", 7, torch.randn(4, 6, generator=gen, dtype=torch.float64).t()),
          ("empty 0x3 float32", 4, torch.empty(0, 3)),
          ("2x3x4 float32", 6, torch.randn(2, 3, 4, generator=gen)),
          ("2x3x4 float32", 1, torch.randn(2, 3, 4, generator=gen)),
          ("[1, 2, 3]", 0, torch.tensor([1, 2, 3])), ("[1, 2, 3]", 2, torch.tensor([1, 2, 3])),  # the visible examples
          ("[1.5, -2.0]", 3, torch.tensor([1.5, -2.0]))]
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for x {name}"
    x = x.clone() if x.is_contiguous() else x.t().clone().t()  # a fresh input per call, same layout
    probe.record(f"p of {key}", p)
    probe.call(key, Power.apply, x, p)
    probe.record(f"x after {key}", x)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_Power_forward", "grade": true, "points": 1, "locked": true} tags=["en"]
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 0) == torch.tensor([1, 1, 1])), "x ** 0 must be all ones"
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 2) == torch.tensor([1, 4, 9])), "[1, 2, 3] ** 2 must be [1, 4, 9]"
assert Power.apply(torch.tensor([1.5, -2.0]), 3).dtype == torch.float32, "the result must keep the dtype of x"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2024)
cases = []
for dtype in (torch.int64, torch.int32, torch.float32, torch.float64):
    if dtype.is_floating_point:
        x = torch.rand(3, 5, generator=gen, dtype=dtype) * 4 - 2
    else:
        x = torch.randint(-6, 7, (3, 5), generator=gen, dtype=dtype)
    cases += [(f"{str(dtype)[6:]} 3x5", p, x) for p in range(9)]
cases += [("0-dim float64", 5, torch.tensor(-1.5, dtype=torch.float64)),
          ("transposed 6x4 float64", 7, torch.randn(4, 6, generator=gen, dtype=torch.float64).t()),
          ("empty 0x3 float32", 4, torch.empty(0, 3)),
          ("2x3x4 float32", 6, torch.randn(2, 3, 4, generator=gen)),
          ("2x3x4 float32", 1, torch.randn(2, 3, 4, generator=gen)),
          ("[1, 2, 3]", 0, torch.tensor([1, 2, 3])), ("[1, 2, 3]", 2, torch.tensor([1, 2, 3])),  # the visible examples
          ("[1.5, -2.0]", 3, torch.tensor([1.5, -2.0]))]
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for x {name}"
    x = x.clone() if x.is_contiguous() else x.t().clone().t()  # a fresh input per call, same layout
    probe.record(f"p of {key}", p)
    probe.call(key, Power.apply, x, p)
    probe.record(f"x after {key}", x)
### END HIDDEN TESTS

# %% judge="test_Power_forward"
def judge(got, want):
    for key in want.keys("Power.apply("):
        x, p = want[f"x after {key}"], want[f"p of {key}"]
        out = got[key]
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        assert out.dtype == x.dtype, f"{key} must keep the dtype of x, {x.dtype}; got {out.dtype}"
        assert out.shape == x.shape, f"{key} must keep the shape of x, {tuple(x.shape)}; got {tuple(out.shape)}"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} differs from torch.pow(x, {p}). {m}")
        assert torch.equal(got[f"x after {key}"], x), f"{key} changed its input x: Power must leave x unchanged"

# %% nbgrader={"grade_id": "test_Power_multiplications", "grade": true, "points": 1, "locked": true} tags=["ru"]
with CountCalls() as _counted:
    _out = Power.apply(torch.linspace(-1.001, 1.001, 5, dtype=torch.float64), 1000)
_multiplications = sum(_counted.calls[name] for name in ("mul", "mul_", "square", "square_", "multiply"))
assert "pow" not in _counted.calls, "forward не должен вызывать pow (или **)"
assert 9 <= _multiplications <= 20, f"Power.apply(x, 1000) должен делать от 9 до 20 умножений, насчитано {_multiplications}"
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
def traced(x, p):
    """Power.apply(x, p) and the names of the torch functions it called (recorded after the block ends)."""
    with probe.torch_calls() as calls:
        out = Power.apply(x, p)
    return out, calls.names


x = torch.linspace(-1.005, 1.005, 9, dtype=torch.float64)
cases = [(f"float64 x, p = {p}", p, x) for p in (1, 2, 3, 5, 8, 13, 100, 255, 256, 1000, 1023, 1024)]
cases.append(("int64 x, p = 5", 5, torch.tensor([-3, -1, 0, 2, 5])))
cases.append(("the visible linspace(-1.001, 1.001, 5), p = 1000", 1000, torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)))
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for {name}"
    probe.record(f"p of {key}", p)
    probe.record(f"x of {key}", x)
    probe.call(key, traced, x.clone(), p)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_Power_multiplications", "grade": true, "points": 1, "locked": true} tags=["en"]
with CountCalls() as _counted:
    _out = Power.apply(torch.linspace(-1.001, 1.001, 5, dtype=torch.float64), 1000)
_multiplications = sum(_counted.calls[name] for name in ("mul", "mul_", "square", "square_", "multiply"))
assert "pow" not in _counted.calls, "forward must not call pow (or **)"
assert 9 <= _multiplications <= 20, f"Power.apply(x, 1000) must take at most 20 multiplications, counted {_multiplications}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def traced(x, p):
    """Power.apply(x, p) and the names of the torch functions it called (recorded after the block ends)."""
    with probe.torch_calls() as calls:
        out = Power.apply(x, p)
    return out, calls.names


x = torch.linspace(-1.005, 1.005, 9, dtype=torch.float64)
cases = [(f"float64 x, p = {p}", p, x) for p in (1, 2, 3, 5, 8, 13, 100, 255, 256, 1000, 1023, 1024)]
cases.append(("int64 x, p = 5", 5, torch.tensor([-3, -1, 0, 2, 5])))
cases.append(("the visible linspace(-1.001, 1.001, 5), p = 1000", 1000, torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)))
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for {name}"
    probe.record(f"p of {key}", p)
    probe.record(f"x of {key}", x)
    probe.call(key, traced, x.clone(), p)
### END HIDDEN TESTS

# %% judge="test_Power_multiplications"
MULTIPLICATIONS = {"mul", "mul_", "__mul__", "__rmul__", "__imul__", "multiply", "multiply_", "square", "square_",
                   "addcmul", "addcmul_", "matmul", "mm", "bmm", "einsum"}
FORBIDDEN = {  # what forward may not call, by family (the judge names families, not the recorded names)
    "pow (or **)": {"pow", "pow_", "__pow__", "__rpow__", "__ipow__", "float_power", "float_power_"},
    "exp": {"exp", "exp_", "exp2", "exp2_", "expm1", "expm1_"},
    "log": {"log", "log_", "log2", "log2_", "log10", "log10_", "log1p", "log1p_", "logsumexp", "logcumsumexp"},
    "prod": {"prod", "cumprod", "cumprod_"},
    "a matrix power": {"matrix_power", "linalg_matrix_power"},
    "a conversion to Python numbers or NumPy (item, tolist, numpy)": {"numpy", "tolist", "item"},
}


def judge(got, want):
    for key in want.keys("Power.apply("):
        x, p = want[f"x of {key}"], want[f"p of {key}"]
        out, names = got[key]
        forbidden = [family for family, members in FORBIDDEN.items() if members.intersection(names)]
        assert not forbidden, f"{key}: forward called {', '.join(forbidden)}; only multiplications are allowed"
        used = sum(name in MULTIPLICATIONS for name in names)
        limit = 2 * (p.bit_length() - 1) + 2
        assert used <= limit, f"{key} took {used} multiplications; exponentiation by squaring needs at most {limit}"
        assert used >= p.bit_length() - 1, (f"{key} took only {used} tensor multiplications: x ** {p} must come from "
                                           f"at least {p.bit_length() - 1} of them")
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} differs from torch.pow(x, {p}). {m}")

# %% nbgrader={"grade_id": "test_Power_backward", "grade": true, "points": 1, "locked": true} tags=["ru"]
_x = torch.tensor(2.0, requires_grad=True)
Power.apply(_x, 3).backward()
assert _x.grad is not None and _x.grad.item() == 12.0, f"d(x^3)/dx при x = 2 равна 12, получено {_x.grad}"
_x = torch.tensor([0.0, -1.0], requires_grad=True)
Power.apply(_x, 0).backward(torch.ones(2))
assert _x.grad is not None and torch.equal(_x.grad, torch.zeros(2)), f"при p = 0 градиент равен 0, получено {_x.grad}"
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
def gradient(x, p, grad_output):
    """x.grad after backward through Power.apply(x, p) with this upstream gradient."""
    x = x.clone().requires_grad_(True)
    Power.apply(x, p).backward(grad_output)
    return x.grad


gen = torch.Generator().manual_seed(7)
special = torch.tensor([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0], dtype=torch.float64)
for dtype, powers in ((torch.float64, list(range(9)) + [13]), (torch.float32, [0, 1, 3, 6])):
    for p in powers:
        x = torch.cat([special, torch.rand(6, generator=gen, dtype=torch.float64) * 3 - 1.5]).reshape(3, 4).to(dtype)
        grad_output = (torch.randn(3, 4, generator=gen, dtype=torch.float64) * 2).to(dtype)
        key = f"the gradient of Power.apply(x, {p}) for a {str(dtype)[6:]} 3x4 x"
        probe.record(f"inputs of {key}", (x, p, grad_output))
        probe.call(key, gradient, x, p, grad_output)
for name, x, p, grad_output in (("the visible x = 2", torch.tensor(2.0), 3, torch.tensor(1.0)),
                                ("the visible x = [0, -1]", torch.tensor([0.0, -1.0]), 0, torch.ones(2))):
    key = f"the gradient of Power.apply(x, {p}) for {name}"
    probe.record(f"inputs of {key}", (x, p, grad_output))
    probe.call(key, gradient, x, p, grad_output)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_Power_backward", "grade": true, "points": 1, "locked": true} tags=["en"]
_x = torch.tensor(2.0, requires_grad=True)
Power.apply(_x, 3).backward()
assert _x.grad is not None and _x.grad.item() == 12.0, f"d(x^3)/dx at x = 2 must be 12, got {_x.grad}"
_x = torch.tensor([0.0, -1.0], requires_grad=True)
Power.apply(_x, 0).backward(torch.ones(2))
assert _x.grad is not None and torch.equal(_x.grad, torch.zeros(2)), f"for p = 0 the gradient is 0, got {_x.grad}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def gradient(x, p, grad_output):
    """x.grad after backward through Power.apply(x, p) with this upstream gradient."""
    x = x.clone().requires_grad_(True)
    Power.apply(x, p).backward(grad_output)
    return x.grad


gen = torch.Generator().manual_seed(7)
special = torch.tensor([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0], dtype=torch.float64)
for dtype, powers in ((torch.float64, list(range(9)) + [13]), (torch.float32, [0, 1, 3, 6])):
    for p in powers:
        x = torch.cat([special, torch.rand(6, generator=gen, dtype=torch.float64) * 3 - 1.5]).reshape(3, 4).to(dtype)
        grad_output = (torch.randn(3, 4, generator=gen, dtype=torch.float64) * 2).to(dtype)
        key = f"the gradient of Power.apply(x, {p}) for a {str(dtype)[6:]} 3x4 x"
        probe.record(f"inputs of {key}", (x, p, grad_output))
        probe.call(key, gradient, x, p, grad_output)
for name, x, p, grad_output in (("the visible x = 2", torch.tensor(2.0), 3, torch.tensor(1.0)),
                                ("the visible x = [0, -1]", torch.tensor([0.0, -1.0]), 0, torch.ones(2))):
    key = f"the gradient of Power.apply(x, {p}) for {name}"
    probe.record(f"inputs of {key}", (x, p, grad_output))
    probe.call(key, gradient, x, p, grad_output)
### END HIDDEN TESTS

# %% judge="test_Power_backward"
def judge(got, want):
    for key in want.keys("the gradient of "):
        x, p, grad_output = want[f"inputs of {key}"]
        grad = got[key]
        assert grad is not None, f"backward must give x a gradient (zeros when p = 0), not None: {key}"
        assert isinstance(grad, torch.Tensor) and grad.shape == x.shape, f"{key} must have the shape of x, {tuple(x.shape)}"
        exact = x.to(torch.float64).requires_grad_(True)
        torch.pow(exact, p).backward(grad_output.to(torch.float64))  # PyTorch's own derivative is the oracle
        torch.testing.assert_close(grad, exact.grad.to(x.dtype), msg=lambda m: (
            f"{key} differs from p * x ** (p - 1) * grad_output (PyTorch's gradient of torch.pow). {m}"))

# %% nbgrader={"grade_id": "test_Power_errors", "grade": true, "points": 1, "locked": true} tags=["ru"]
try:
    Power.apply(torch.ones(2), 2.5)
except TypeError:
    pass
else:
    raise AssertionError("Power.apply(x, 2.5) должен бросить TypeError: p должно быть целым")
try:
    Power.apply(torch.ones(2), -1)
except ValueError:
    pass
else:
    raise AssertionError("Power.apply(x, -1) должен бросить ValueError: p не может быть отрицательным")
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
import numpy

x = torch.tensor([1.5, -2.0, 3.0])
for label, p in (("2.0", 2.0), ("0.0", 0.0), ("2.5", 2.5), ("'3'", "3"), ("None", None),
                 ("torch.tensor(2.0)", torch.tensor(2.0)), ("-1", -1), ("-7", -7), ("-1000", -1000),
                 ("numpy.int64(3)", numpy.int64(3)), ("numpy.int32(0)", numpy.int32(0)), ("torch.tensor(3)", torch.tensor(3))):
    probe.call(f"Power.apply(x, {label})", Power.apply, x.clone(), p)
probe.record("x", x)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_Power_errors", "grade": true, "points": 1, "locked": true} tags=["en"]
try:
    Power.apply(torch.ones(2), 2.5)
except TypeError:
    pass
else:
    raise AssertionError("Power.apply(x, 2.5) must raise TypeError: p must be an integer")
try:
    Power.apply(torch.ones(2), -1)
except ValueError:
    pass
else:
    raise AssertionError("Power.apply(x, -1) must raise ValueError: p must be non-negative")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import numpy

x = torch.tensor([1.5, -2.0, 3.0])
for label, p in (("2.0", 2.0), ("0.0", 0.0), ("2.5", 2.5), ("'3'", "3"), ("None", None),
                 ("torch.tensor(2.0)", torch.tensor(2.0)), ("-1", -1), ("-7", -7), ("-1000", -1000),
                 ("numpy.int64(3)", numpy.int64(3)), ("numpy.int32(0)", numpy.int32(0)), ("torch.tensor(3)", torch.tensor(3))):
    probe.call(f"Power.apply(x, {label})", Power.apply, x.clone(), p)
probe.record("x", x)
### END HIDDEN TESTS

# %% judge="test_Power_errors"
NOT_INTEGERS = {"2.0": (2.0, "float"), "0.0": (0.0, "float"), "2.5": (2.5, "float"), "'3'": ("3", "str"),
                "None": (None, "None"), "torch.tensor(2.0)": (2.0, "tensor")}
NEGATIVE = (-1, -7, -1000)
INTEGERS = {"numpy.int64(3)": 3, "numpy.int32(0)": 0, "torch.tensor(3)": 3}


def judge(got, want):
    x = want["x"]
    for label, p in INTEGERS.items():
        key = f"Power.apply(x, {label})"
        raised = got.raised(key)
        assert raised is None or not raised.is_a(TypeError), (
            f"{key} raised TypeError: NumPy integers and 0-dim integer tensors are integers too (operator.index accepts them)")
        out = got[key]
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} must equal x ** {p}. {m}")
    for label, (value, type_name) in NOT_INTEGERS.items():
        key = f"Power.apply(x, {label})"
        raised = got.raised(key)
        assert raised is not None, f"{key} must raise TypeError: p is not an integer"
        assert raised.is_a(TypeError), f"{key} raised {raised.name}; expected TypeError: p is not an integer"
        assert names_received(raised.message, value, type_name), (
            f"the TypeError of {key} must name what it received: the type {type_name} or the value {label}")
    for p in NEGATIVE:
        key = f"Power.apply(x, {p})"
        raised = got.raised(key)
        assert raised is not None, f"{key} must raise ValueError: p must be non-negative"
        assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError: p must be non-negative"
        assert names_number(raised.message, p), f"the ValueError of {key} must name the value {p}"

# %% [markdown] tags=["ru"]
# Сколько умножений делает ваш `Power`? Для $p = 13$ и $p = 1000$ его считает тот же `CountCalls`,
# рядом — наивный цикл из $p - 1$ умножений. Ячейке нужно решённое задание 1.

# %% [markdown] tags=["en"]
# How many multiplications does your `Power` make? The same `CountCalls` counts them for $p = 13$
# and $p = 1000$, next to the naive loop of $p - 1$ multiplications. This cell needs exercise 1 solved.

# %% tags=["demo", "ru"]
x = torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)
table = PrettyTable(["p", "наивный цикл", "Power", "граница 2 floor(log2 p) + 2", "наибольшая |Power - torch.pow|"])
try:
    for p in (13, 1000):
        with CountCalls() as naive:
            power_loop(x, p)
        with CountCalls() as fast:
            quick = Power.apply(x, p)
        table.add_row([p, naive.calls["mul"], fast.calls["mul"], 2 * math.floor(math.log2(p)) + 2,
                       f"{(quick - x.pow(p)).abs().max().item():.1e}"])
except NotImplementedError:
    print("Пропущено: этой демонстрации нужен Power (задание 1). Решите его и запустите ячейку снова.")
else:
    print(table)



# %% tags=["demo", "en"]
x = torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)
table = PrettyTable(["p", "naive loop", "Power", "limit 2 floor(log2 p) + 2", "largest |Power - torch.pow|"])
try:
    for p in (13, 1000):
        with CountCalls() as naive:
            power_loop(x, p)
        with CountCalls() as fast:
            quick = Power.apply(x, p)
        table.add_row([p, naive.calls["mul"], fast.calls["mul"], 2 * math.floor(math.log2(p)) + 2,
                       f"{(quick - x.pow(p)).abs().max().item():.1e}"])
except NotImplementedError:
    print("Skipped: this demonstration needs Power (exercise 1). Solve it and run this cell again.")
else:
    print(table)

# %% [markdown] tags=["ru"]
# ## 2. Поиск корня: многочлен из лекции (≈ 5 минут)
#
# Найдём корень $f(x) = x^7 + 5x^3 + 17x - 9$ с точностью до пяти знаков после запятой.
# Корень ровно один: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, то есть $f$ строго возрастает.
# А так как $f(0) = -9 < 0 < 14 = f(1)$, корень лежит в $(0, 1)$.
#
# Функции ниже принимают тензор нулевой размерности и возвращают тензор нулевой размерности того же
# dtype: так тот же `poly` годится и для autograd в методе Ньютона.

# %% [markdown] tags=["en"]
# ## 2. Finding a root: the lecture's polynomial (≈ 5 minutes)
#
# Let us find the root of $f(x) = x^7 + 5x^3 + 17x - 9$ to five decimal places. There is exactly
# one root: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, so $f$ is strictly increasing. And since
# $f(0) = -9 < 0 < 14 = f(1)$, the root lies in $(0, 1)$.
#
# The functions below take a 0-dim tensor and return a 0-dim tensor of the same dtype, so the same
# `poly` also works with autograd in Newton's method.

# %%
def poly(x):
    """The lecture's polynomial x^7 + 5x^3 + 17x - 9."""
    return x**7 + 5 * x**3 + 17 * x - 9

# %% tags=["demo"]
table = PrettyTable(["x", "f(x)"])
for value in (-1.0, 0.0, 0.25, 0.5, 0.75, 1.0):
    table.add_row([value, f"{poly(torch.tensor(value, dtype=torch.float64)).item():.4f}"])
print(table)

# %% [markdown] tags=["ru"]
# ## Задание 2. Деление отрезка пополам: `bisection_root` [3 балла] (≈ 25 минут)
#
# Документация: [`torch.sign`](https://pytorch.org/docs/stable/generated/torch.sign.html),
# [`torch.finfo`](https://pytorch.org/docs/stable/type_info.html#torch.finfo).
#
# Если непрерывная $f$ на концах отрезка $[lo, hi]$ имеет разные знаки, внутри есть корень
# (теорема о промежуточном значении). Делим отрезок пополам и оставляем ту половину, на концах
# которой знаки снова разные. Инвариант «на концах разные знаки» сохраняется, а длина отрезка
# каждый раз уменьшается вдвое.
#
# `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)` возвращает пару `(x, n)`:
#
# - `x` — тензор нулевой размерности, до корня не дальше `tol`;
# - `n` — число итераций (делений отрезка пополам), `int`. Годится любое из двух обычных правил
#   остановки: $(hi - lo)/2 \le tol$ (это $\lceil L \rceil - 1$ делений, где $L = \log_2 \frac{hi - lo}{tol}$)
#   или $hi - lo \le tol$ ($\lceil L \rceil$ делений); скрытые тесты принимают оба числа. Если середина
#   попала точно в корень ($f(mid) = 0$), можно остановиться на ней, а можно продолжать;
# - если раньше наберётся `max_iter` делений, остановитесь и верните середину последнего отрезка
#   (или любую его точку) с `n = max_iter`;
# - если $f(lo)$ или $f(hi)$ равно нулю, этот конец и есть корень: верните его сразу, с `n = 0`;
# - `ValueError`, если $f(lo)$ и $f(hi)$ одного знака: тогда бисекции не за что зацепиться. В
#   сообщении — оба конца, `lo` и `hi`, как числа в любом написании (`-1.5`, `-1.50`, `tensor(-1.5)`).
#
# **Какой dtype?** `f` принимает тензор и считает в его dtype, как `poly` (скрытые тесты передают
# такие же функции). Работать можно во `float64` или во `float32`, в стиле лекции
# (`torch.tensor(lo)`). Советуем `float64`: у `float32` около 7 значащих цифр (шаг сетки чисел около
# 1 — $1.2 \cdot 10^{-7}$), и `tol = 1e-9` для него недостижим: отрезок перестаёт уменьшаться, и цикл
# доходит до `max_iter`. Скрытые тесты это учитывают: для ответа во `float32` допуск — `tol` плюс
# несколько шагов сетки `float32`, а если `tol` мельче, чем различает `float32`, годится любое число
# итераций до `max_iter`.
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
# ## Exercise 2. Bisection: `bisection_root` [3 points] (≈ 25 minutes)
#
# Documentation: [`torch.sign`](https://pytorch.org/docs/stable/generated/torch.sign.html),
# [`torch.finfo`](https://pytorch.org/docs/stable/type_info.html#torch.finfo).
#
# If a continuous $f$ has opposite signs at the ends of $[lo, hi]$, there is a root inside (the
# intermediate value theorem). Split the interval in half and keep the half whose ends again have
# opposite signs. The invariant "opposite signs at the ends" holds throughout, and the interval
# halves every time.
#
# `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)` returns a pair `(x, n)`:
#
# - `x`, a 0-dim tensor within `tol` of a root;
# - `n`, the number of iterations (halvings of the interval), an `int`. Either usual stopping rule
#   works: $(hi - lo)/2 \le tol$ (that is $\lceil L \rceil - 1$ halvings, where
#   $L = \log_2 \frac{hi - lo}{tol}$) or $hi - lo \le tol$ ($\lceil L \rceil$ halvings); the hidden tests
#   accept both counts. If a midpoint hits the root exactly ($f(mid) = 0$), you may stop there or go on;
# - if `max_iter` halvings come first, stop and return the midpoint of the last interval (or any
#   point of it) with `n = max_iter`;
# - if $f(lo)$ or $f(hi)$ is zero, that end is the root: return it at once, with `n = 0`;
# - `ValueError` if $f(lo)$ and $f(hi)$ have the same sign: bisection then has nothing to hold on to.
#   The message names both ends, `lo` and `hi`, as numbers in any spelling (`-1.5`, `-1.50`,
#   `tensor(-1.5)`).
#
# **Which dtype?** `f` takes a tensor and computes in its dtype, as `poly` does (the hidden tests pass
# functions of the same kind). You may work in `float64` or in `float32`, the lecture's style
# (`torch.tensor(lo)`). We advise `float64`: `float32` keeps about 7 significant digits (the spacing of
# its numbers near 1 is $1.2 \cdot 10^{-7}$), so `tol = 1e-9` is out of its reach: the interval stops
# shrinking and the loop runs until `max_iter`. The hidden tests allow for that: for a `float32`
# answer the tolerance is `tol` plus a few `float32` spacings, and when `tol` is finer than `float32`
# can tell apart, any iteration count up to `max_iter` is accepted.
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
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
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

# %% nbgrader={"grade_id": "test_bisection_root", "grade": true, "points": 3, "locked": true} tags=["ru"]
_root, _n = bisection_root(poly, 0.0, 1.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "bisection_root должна вернуть (тензор, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"корень poly с пятью знаками: 0.49362, получено {_root.item():.7f}"
assert 16 <= _n <= 17, f"бисекции на [0, 1] при tol = 1e-5 нужно 16 или 17 делений, получено {_n}"
try:
    bisection_root(poly, 1.0, 2.0)
except ValueError:
    pass
else:
    raise AssertionError("poly положителен на [1, 2]: bisection_root должна бросить ValueError")
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "exp(x) - 3": lambda x: torch.exp(x) - 3, "exp(-x) - 3": lambda x: torch.exp(-x) - 3,
             "(x + 1.2345678)(x^2 + 1)": lambda x: (x + 1.2345678) * (x**2 + 1),
             "1e-3 (x - 0.3217)": lambda x: 1e-3 * (x - 0.3217), "1e4 (0.777 - x)": lambda x: 1e4 * (0.777 - x),
             "sin(x)": torch.sin, "x^3 - 2": lambda x: x**3 - 2, "x - 0.7": lambda x: x - 0.7,
             "x^2 + 1": lambda x: x**2 + 1, "x^2 - 1": lambda x: x**2 - 1, "-(x^2 + 1)": lambda x: -(x**2) - 1,
             "x - 1": lambda x: x - 1, "0.3 - x": lambda x: 0.3 - x}
cases = [("lecture polynomial", 0.0, 1.0, {}), ("lecture polynomial", 1.0, 2.0, {}),  # the visible examples
         ("lecture polynomial", -3.0, 2.5, {}), ("cos(x) - x", 0.0, 2.0, {}), ("cos(x) - x", 0.0, 2.0, {"tol": 1e-9}),
         ("exp(x) - 3", -1.0, 4.3, {}), ("exp(-x) - 3", -5.0, 1.0, {}), ("(x + 1.2345678)(x^2 + 1)", -7.0, 3.0, {}),
         ("1e-3 (x - 0.3217)", -2.0, 2.5, {}), ("1e4 (0.777 - x)", -3.0, 1.3, {}), ("sin(x)", -1.0, 8.0, {}),
         ("x^3 - 2", -0.3, 3.0, {"tol": 1e-2}),
         ("lecture polynomial", 0.0, 1.0, {"max_iter": 16}), ("lecture polynomial", 0.0, 1.0, {"max_iter": 10}),
         ("x - 0.7", 0.7, 2.0, {}), ("x - 0.7", -1.0, 0.7, {}),
         ("0.3 - x", 0.0, 1.0, {}), ("x - 0.7", -1.0, 0.5, {}),  # f(hi) in (-1, 0): the sign test is f > 0
         ("x - 1", -2.0, 6.0, {}),  # f(mid) is exactly 1 at the first midpoint and exactly 0 at the third
         ("x^2 + 1", -1.5, 2.5, {}), ("x^2 - 1", -1.5, 2.5, {}), ("-(x^2 + 1)", -1.5, 2.5, {})]
for name, lo, hi, options in cases:
    key = f"bisection_root({name}, {lo}, {hi}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "lo": lo, "hi": hi, "tol": 1e-5, "max_iter": 200, **options})
    probe.call(key, bisection_root, FUNCTIONS[name], lo, hi, **options)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_bisection_root", "grade": true, "points": 3, "locked": true} tags=["en"]
_root, _n = bisection_root(poly, 0.0, 1.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "bisection_root must return (tensor, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"the root of poly is 0.49362 to five decimals, got {_root.item():.7f}"
assert 16 <= _n <= 17, f"bisection on [0, 1] with tol = 1e-5 needs 16 or 17 halvings, got {_n}"
try:
    bisection_root(poly, 1.0, 2.0)
except ValueError:
    pass
else:
    raise AssertionError("poly is positive on [1, 2]: bisection_root must raise ValueError")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "exp(x) - 3": lambda x: torch.exp(x) - 3, "exp(-x) - 3": lambda x: torch.exp(-x) - 3,
             "(x + 1.2345678)(x^2 + 1)": lambda x: (x + 1.2345678) * (x**2 + 1),
             "1e-3 (x - 0.3217)": lambda x: 1e-3 * (x - 0.3217), "1e4 (0.777 - x)": lambda x: 1e4 * (0.777 - x),
             "sin(x)": torch.sin, "x^3 - 2": lambda x: x**3 - 2, "x - 0.7": lambda x: x - 0.7,
             "x^2 + 1": lambda x: x**2 + 1, "x^2 - 1": lambda x: x**2 - 1, "-(x^2 + 1)": lambda x: -(x**2) - 1,
             "x - 1": lambda x: x - 1, "0.3 - x": lambda x: 0.3 - x}
cases = [("lecture polynomial", 0.0, 1.0, {}), ("lecture polynomial", 1.0, 2.0, {}),  # the visible examples
         ("lecture polynomial", -3.0, 2.5, {}), ("cos(x) - x", 0.0, 2.0, {}), ("cos(x) - x", 0.0, 2.0, {"tol": 1e-9}),
         ("exp(x) - 3", -1.0, 4.3, {}), ("exp(-x) - 3", -5.0, 1.0, {}), ("(x + 1.2345678)(x^2 + 1)", -7.0, 3.0, {}),
         ("1e-3 (x - 0.3217)", -2.0, 2.5, {}), ("1e4 (0.777 - x)", -3.0, 1.3, {}), ("sin(x)", -1.0, 8.0, {}),
         ("x^3 - 2", -0.3, 3.0, {"tol": 1e-2}),
         ("lecture polynomial", 0.0, 1.0, {"max_iter": 16}), ("lecture polynomial", 0.0, 1.0, {"max_iter": 10}),
         ("x - 0.7", 0.7, 2.0, {}), ("x - 0.7", -1.0, 0.7, {}),
         ("0.3 - x", 0.0, 1.0, {}), ("x - 0.7", -1.0, 0.5, {}),  # f(hi) in (-1, 0): the sign test is f > 0
         ("x - 1", -2.0, 6.0, {}),  # f(mid) is exactly 1 at the first midpoint and exactly 0 at the third
         ("x^2 + 1", -1.5, 2.5, {}), ("x^2 - 1", -1.5, 2.5, {}), ("-(x^2 + 1)", -1.5, 2.5, {})]
for name, lo, hi, options in cases:
    key = f"bisection_root({name}, {lo}, {hi}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "lo": lo, "hi": hi, "tol": 1e-5, "max_iter": 200, **options})
    probe.call(key, bisection_root, FUNCTIONS[name], lo, hi, **options)
### END HIDDEN TESTS

# %% judge="test_bisection_root"
ROOTS = {"lecture polynomial": [0.4936172193407], "cos(x) - x": [0.7390851332151607], "exp(x) - 3": [math.log(3)],
         "exp(-x) - 3": [-math.log(3)], "(x + 1.2345678)(x^2 + 1)": [-1.2345678], "1e-3 (x - 0.3217)": [0.3217],
         "1e4 (0.777 - x)": [0.777], "sin(x)": [0.0, math.pi, 2 * math.pi], "x^3 - 2": [2 ** (1 / 3)], "x - 0.7": [0.7],
         "x - 1": [1.0], "0.3 - x": [0.3]}


def judge(got, want):
    for key in want.keys("bisection_root("):
        case = want[f"case of {key}"]
        lo, hi, tol, max_iter = case["lo"], case["hi"], case["tol"], case["max_iter"]
        if want.raised(key) is not None:  # no sign change on [lo, hi]
            raised = got.raised(key)
            assert raised is not None, f"{key}: f(lo) and f(hi) have the same sign, bisection_root must raise ValueError"
            assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError (no sign change)"
            assert names_number(raised.message, lo) and names_number(raised.message, hi), (
                f"the ValueError of {key} must name both ends, {lo} and {hi}")
            continue
        x, n = scalar_and_count(key, got[key])
        value = float(x.reshape(()).item())
        assert math.isfinite(value), f"{key}: returned {value}: the root must be a finite number"
        roots = ROOTS[case["f"]]
        nearest = min(roots, key=lambda root: abs(value - root))
        error = abs(value - nearest)
        slack = 4 * resolution(x) * max(1.0, abs(nearest))  # a few spacings of the answer's dtype at the root
        if lo in roots or hi in roots:
            end = lo if lo in roots else hi
            assert n == 0 and abs(value - end) <= slack, (
                f"{key}: f({end}) = 0, so bisection_root must return that end at once with n = 0; got {value:.10f}, n = {n}")
        elif max_iter < math.log2((hi - lo) / tol) - 1:  # max_iter halvings cannot reach tol
            assert n == max_iter, f"{key}: bisection_root must stop after max_iter = {max_iter} halvings, counted {n}"
            assert error <= (hi - lo) / 2**max_iter + slack, (
                f"{key}: {value:.10f} is outside the interval left after {max_iter} halvings")
        else:
            assert error <= tol + slack, (f"{key}: returned {value:.10f}, which is {error:.2e} away from the nearest "
                                          f"root (allowed {tol})")
            assert n <= max_iter, f"{key}: counted {n} halvings, more than max_iter = {max_iter}"
            if tol >= slack:  # the answer's dtype resolves tol: the count is known
                # (hi - lo) / 2 <= tol stops after ceil(L) - 1 halvings, hi - lo <= tol after ceil(L)
                L = math.log2((hi - lo) / tol)
                low, high = math.ceil(L - 1e-9) - 1, math.ceil(L + 1e-9)
                if error == 0:  # a midpoint hit the root exactly: stopping there is right too
                    low = 1
                assert low <= n <= high, (f"{key}: the usual stopping rules take {math.ceil(L) - 1} or "
                                          f"{math.ceil(L)} halvings here, counted {n}")

# %% [markdown] tags=["ru"]
# ## Задание 2б. Где искать: `find_bracket` [1 балл] (≈ 10 минут)
#
# Бисекции нужен отрезок со сменой знака. Если его не знаем, расширяем поиск от нуля:
# проверяем $[-s, s]$ при $s = start$, затем удваиваем $s$, пока знаки $f(-s)$ и $f(s)$ не станут
# разными или одно из значений не окажется нулём (тогда этот конец — корень). Удвоений — не больше
# `max_doublings`, то есть самый широкий проверяемый отрезок —
# `[-start * 2**max_doublings, start * 2**max_doublings]`. Если смены знака так и не нашлось,
# бросьте `ValueError`.
#
# `find_bracket(f, start=1.0, max_doublings=60)` возвращает кортеж `(lo, hi) = (-s, s)` из двух
# чисел типа `float` (даже если `start` — целое, например `2`) для **первого** подходящего $s$.
# `f` можно вызывать и с числом, и с тензором (`float32` или `float64`): скрытые тесты передают
# функции, которые принимают всё это.
#
# Удвоение важно: за $k$ шагов мы добираемся до масштаба $2^k$, поэтому корень порядка $10^{6}$
# находится за 20 шагов ($2^{20} \approx 1.05 \cdot 10^6$), а не за миллион. Функция без смены знака
# (например, $x^2 + 1$) не даст ничего, и без ограничения числа удвоений цикл не закончится никогда:
# $s$ дорастёт до `inf` и там останется.

# %% [markdown] tags=["en"]
# ## Exercise 2b. Where to look: `find_bracket` [1 point] (≈ 10 minutes)
#
# Bisection needs an interval with a sign change. When we do not know one, we search outward from
# zero: test $[-s, s]$ for $s = start$, then double $s$ until $f(-s)$ and $f(s)$ have opposite signs
# or one of them is zero (then that end is a root). Do at most `max_doublings` doublings, so the
# widest interval tested is `[-start * 2**max_doublings, start * 2**max_doublings]`. If no sign change
# turns up, raise `ValueError`.
#
# `find_bracket(f, start=1.0, max_doublings=60)` returns a tuple `(lo, hi) = (-s, s)` of two Python
# floats (even when `start` is an integer such as `2`) for the **first** such $s$. You may call `f`
# with a number or with a tensor (`float32` or `float64`): the hidden tests pass functions that
# accept all of these.
#
# Doubling matters: $k$ steps reach the scale $2^k$, so a root of size $10^{6}$ is bracketed in 20
# steps ($2^{20} \approx 1.05 \cdot 10^6$), not a million. A function without a sign change (say
# $x^2 + 1$) yields nothing, and without a cap on the doublings the loop never ends: $s$ grows to
# `inf` and stays there.

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

# %% nbgrader={"grade_id": "test_find_bracket", "grade": true, "points": 1, "locked": true} tags=["ru"]
assert find_bracket(poly) == (-1.0, 1.0), f"poly меняет знак уже на [-1, 1], получено {find_bracket(poly)}"
assert find_bracket(lambda x: x - 5.5) == (-8.0, 8.0), "x - 5.5: [-1, 1], [-2, 2], [-4, 4] не подходят, подходит [-8, 8]"
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
class TooManyCalls(BaseException):
    """Raised by a test function called too often: the loop that calls it does not stop."""


def counted(g, limit=2000):
    """g as a test function: takes a number (as float64) or a tensor (computes in its dtype); counts calls."""
    calls = [0]

    def f(x):
        calls[0] += 1
        if calls[0] > limit:
            raise TooManyCalls(f"f was called more than {limit} times")
        return g(x if isinstance(x, torch.Tensor) else torch.tensor(float(x), dtype=torch.float64))
    return f


FUNCTIONS = {"x - 37.3": lambda x: x - 37.3, "x + 5.3": lambda x: x + 5.3, "0.3 - x": lambda x: 0.3 - x,
             "x - 3.1": lambda x: x - 3.1, "exp(x) - 1e6": lambda x: torch.exp(x) - 1e6,
             "x^3 + 2000": lambda x: x**3 + 2000, "tanh(x - 37.3)": lambda x: torch.tanh(x - 37.3),
             "x - 7.3": lambda x: x - 7.3, "x - 1e15": lambda x: x - 1e15, "x - 9": lambda x: x - 9,
             "(x - 4)^2": lambda x: (x - 4) ** 2, "-(x - 4)^2": lambda x: -((x - 4) ** 2),
             "(x + 2)^2": lambda x: (x + 2) ** 2, "-(x + 2)^2": lambda x: -((x + 2) ** 2), "x^2 - 4": lambda x: x**2 - 4,
             "x^2 + 1": lambda x: x**2 + 1, "cos(x) + 2": lambda x: torch.cos(x) + 2, "x + 0.5": lambda x: x + 0.5,
             "lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "x - 5.5": lambda x: x - 5.5}
cases = [("lecture polynomial", {}), ("x - 5.5", {}),  # the visible examples
         ("x - 37.3", {}), ("x + 0.5", {}), ("x + 5.3", {}), ("x + 5.3", {"start": 2}), ("0.3 - x", {}), ("x - 3.1", {"start": 0.25}),
         ("exp(x) - 1e6", {}),
         ("x^3 + 2000", {}), ("tanh(x - 37.3)", {}), ("x - 7.3", {"max_doublings": 3}), ("x - 1e15", {}),
         ("(x - 4)^2", {}), ("-(x - 4)^2", {}), ("(x + 2)^2", {"start": 0.5}), ("-(x + 2)^2", {}), ("x^2 - 4", {}),
         ("x^2 + 1", {"max_doublings": 10}), ("x - 37.3", {"max_doublings": 5}), ("x - 9", {"max_doublings": 3}),
         ("cos(x) + 2", {"start": 0.5})]
for name, options in cases:
    key = f"find_bracket({name}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.call(key, find_bracket, counted(FUNCTIONS[name]), **options)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_find_bracket", "grade": true, "points": 1, "locked": true} tags=["en"]
assert find_bracket(poly) == (-1.0, 1.0), f"poly changes sign on [-1, 1] already, got {find_bracket(poly)}"
assert find_bracket(lambda x: x - 5.5) == (-8.0, 8.0), "x - 5.5: [-1, 1], [-2, 2], [-4, 4] fail, [-8, 8] works"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
class TooManyCalls(BaseException):
    """Raised by a test function called too often: the loop that calls it does not stop."""


def counted(g, limit=2000):
    """g as a test function: takes a number (as float64) or a tensor (computes in its dtype); counts calls."""
    calls = [0]

    def f(x):
        calls[0] += 1
        if calls[0] > limit:
            raise TooManyCalls(f"f was called more than {limit} times")
        return g(x if isinstance(x, torch.Tensor) else torch.tensor(float(x), dtype=torch.float64))
    return f


FUNCTIONS = {"x - 37.3": lambda x: x - 37.3, "x + 5.3": lambda x: x + 5.3, "0.3 - x": lambda x: 0.3 - x,
             "x - 3.1": lambda x: x - 3.1, "exp(x) - 1e6": lambda x: torch.exp(x) - 1e6,
             "x^3 + 2000": lambda x: x**3 + 2000, "tanh(x - 37.3)": lambda x: torch.tanh(x - 37.3),
             "x - 7.3": lambda x: x - 7.3, "x - 1e15": lambda x: x - 1e15, "x - 9": lambda x: x - 9,
             "(x - 4)^2": lambda x: (x - 4) ** 2, "-(x - 4)^2": lambda x: -((x - 4) ** 2),
             "(x + 2)^2": lambda x: (x + 2) ** 2, "-(x + 2)^2": lambda x: -((x + 2) ** 2), "x^2 - 4": lambda x: x**2 - 4,
             "x^2 + 1": lambda x: x**2 + 1, "cos(x) + 2": lambda x: torch.cos(x) + 2, "x + 0.5": lambda x: x + 0.5,
             "lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "x - 5.5": lambda x: x - 5.5}
cases = [("lecture polynomial", {}), ("x - 5.5", {}),  # the visible examples
         ("x - 37.3", {}), ("x + 0.5", {}), ("x + 5.3", {}), ("x + 5.3", {"start": 2}), ("0.3 - x", {}), ("x - 3.1", {"start": 0.25}),
         ("exp(x) - 1e6", {}),
         ("x^3 + 2000", {}), ("tanh(x - 37.3)", {}), ("x - 7.3", {"max_doublings": 3}), ("x - 1e15", {}),
         ("(x - 4)^2", {}), ("-(x - 4)^2", {}), ("(x + 2)^2", {"start": 0.5}), ("-(x + 2)^2", {}), ("x^2 - 4", {}),
         ("x^2 + 1", {"max_doublings": 10}), ("x - 37.3", {"max_doublings": 5}), ("x - 9", {"max_doublings": 3}),
         ("cos(x) + 2", {"start": 0.5})]
for name, options in cases:
    key = f"find_bracket({name}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.call(key, find_bracket, counted(FUNCTIONS[name]), **options)
### END HIDDEN TESTS

# %% judge="test_find_bracket"
def judge(got, want):
    for key in want.keys("find_bracket("):
        raised = got.raised(key)
        assert raised is None or not raised.is_a("TooManyCalls"), (
            f"{key} called f more than 2000 times: find_bracket must stop after max_doublings doublings")
        if want.raised(key) is not None:  # no sign change within start * 2**max_doublings
            assert raised is not None, f"{key}: there is no sign change within reach, find_bracket must raise ValueError"
            assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError (no sign change)"
            continue
        result, expected = got[key], want[key]
        assert isinstance(result, tuple) and len(result) == 2, f"{key} must return a tuple (lo, hi)"
        assert all(type(end) is float for end in result), f"{key}: lo and hi must be Python floats"
        assert result == expected, (f"{key} must return {expected}, the first [-s, s] whose ends have opposite signs "
                                    f"or a zero; got {result}")

# %% [markdown] tags=["ru"]
# Вместе две функции решают задачу «найди корень, не зная, где он»: `find_bracket` даёт
# отрезок, `bisection_root` сужает его. Ячейке нужны решённые задания 2 и 2б.

# %% [markdown] tags=["en"]
# Together the two functions solve "find a root without knowing where it is": `find_bracket`
# gives an interval and `bisection_root` narrows it down. This cell needs exercises 2 and 2b solved.

# %% tags=["demo", "ru"]
try:
    lo, hi = find_bracket(lambda x: poly(x - 20))  # the same polynomial, shifted: its root is near 20.49
    root, n = bisection_root(lambda x: poly(x - 20), lo, hi)
except NotImplementedError:
    print("Пропущено: этой демонстрации нужны find_bracket (задание 2б) и bisection_root (задание 2).")
else:
    print(f"отрезок [{lo}, {hi}] -> корень {root.item():.6f} после {n} делений")



# %% tags=["demo", "en"]
try:
    lo, hi = find_bracket(lambda x: poly(x - 20))  # the same polynomial, shifted: its root is near 20.49
    root, n = bisection_root(lambda x: poly(x - 20), lo, hi)
except NotImplementedError:
    print("Skipped: this demonstration needs find_bracket (exercise 2b) and bisection_root (exercise 2).")
else:
    print(f"bracket [{lo}, {hi}] -> root {root.item():.6f} after {n} halvings")

# %% [markdown] tags=["ru"]
# ## Задание 3. Метод Ньютона: `newton_root` [3 балла] (≈ 25 минут)
#
# Документация: [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html).
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
# - `x0` — число, `int` или `float` (например, `3` или `2.0`);
# - остановка, как только $|f(x)| < tol$, строго (если это верно уже в `x0`, то `n = 0`; при
#   $|f(x)| = tol$ шаг ещё нужен);
# - `n` — число сделанных шагов Ньютона, `int`; `x` — тензор нулевой размерности;
# - `x` — новый тензор, который не требует градиента (правило курса для возвращаемых значений):
#   верните `x.detach()`, а не лист, по которому дифференцировали;
# - шагов не больше `max_iter`: если $|f(x)| < tol$ достигнуто ровно на шаге номер `max_iter`, это
#   успех, `n = max_iter`;
# - `ZeroDivisionError`, если $f'(x) = 0$ в точке, из которой нужно сделать шаг: касательная
#   горизонтальна, шаг не определён (после шага номер `max_iter` шагов больше не делают, там важен
#   только `RuntimeError`);
# - `RuntimeError`, если и после `max_iter` шагов $|f(x)| \ge tol$; в сообщении — значение `max_iter`.
#
# Скрытые тесты сравнивают `n` с числом шагов эталонного решения, проверяют $|f(x)| < tol$, то, что `x` —
# тот корень, к которому метод Ньютона приходит из `x0` (с точностью $10^{-4}$), что `x` не требует
# градиента, и то, что производная взята у autograd: у одной из их функций свой `backward`, который
# считает свои вызовы.
# Функции тестов считают в dtype полученного тензора, так что годится и `float64`, и `float32`.
#
# **Подводные камни.**
#
# - Шаг $x - f/f'$ не должен попадать в граф: делайте его под `torch.no_grad()` (или над
#   `.detach()`), иначе $x$ перестанет быть листом, граф будет расти с каждой итерацией, а `x.grad`
#   окажется `None`.
# - Если пользуетесь `backward()`, обнуляйте `x.grad` перед каждым вызовом: градиенты накапливаются.
# - `torch.tensor(3, requires_grad=True)` — ошибка: градиент бывает только у вещественных тензоров.
#   Превратите целое `x0` в `float`.
# - Деление тензора на ноль не бросает исключения (PyTorch вернёт `inf` или `nan`), поэтому
#   $f'(x) = 0$ проверяйте сами.
# - Ньютон не гарантирует сходимость: у $x^3 - 2x + 2$ из $x_0 = 0$ итерации ходят по циклу
#   $0 \to 1 \to 0 \to \dots$ Поэтому и нужен `max_iter`.

# %% [markdown] tags=["en"]
# ## Exercise 3. Newton's method: `newton_root` [3 points] (≈ 25 minutes)
#
# Documentation: [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html).
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
# - `x0` is a number, an `int` or a `float` (for example `3` or `2.0`);
# - it stops as soon as $|f(x)| < tol$, strictly (if that already holds at `x0`, then `n = 0`; at
#   $|f(x)| = tol$ another step is due);
# - `n` is the number of Newton steps taken, an `int`; `x` is a 0-dim tensor;
# - `x` is a fresh tensor that does not require grad (the course's rule for returned values): return
#   `x.detach()`, not the leaf you differentiated;
# - at most `max_iter` steps: reaching $|f(x)| < tol$ exactly at step number `max_iter` is a
#   success, `n = max_iter`;
# - `ZeroDivisionError` if $f'(x) = 0$ at a point a step must be taken from: the tangent is flat and
#   the step is undefined (after step number `max_iter` no step is due, so only the `RuntimeError` counts);
# - `RuntimeError` if $|f(x)| \ge tol$ still after `max_iter` steps, with the value of `max_iter` in the
#   message.
#
# The hidden tests compare `n` with the reference solution's step count, check $|f(x)| < tol$, check
# that `x` is the root Newton's method reaches from `x0` (to within $10^{-4}$) and does not require grad,
# and check that the derivative comes from autograd: one of their functions has a `backward` of its own
# that counts its calls. The test functions compute in the dtype of the tensor they get, so both
# `float64` and `float32` work.
#
# **Pitfalls.**
#
# - The step $x - f/f'$ must stay out of the graph: take it under `torch.no_grad()` (or on
#   `.detach()`); otherwise $x$ stops being a leaf, the graph grows with every iteration and
#   `x.grad` turns out `None`.
# - If you use `backward()`, reset `x.grad` before every call: gradients accumulate.
# - `torch.tensor(3, requires_grad=True)` is an error: only floating tensors can have gradients. Turn
#   an integer `x0` into a `float`.
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

# %% nbgrader={"grade_id": "test_newton_root", "grade": true, "points": 3, "locked": true} tags=["ru"]
_root, _n = newton_root(poly, 0.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "newton_root должна вернуть (тензор, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"корень poly с пятью знаками: 0.49362, получено {_root.item():.7f}"
assert abs(poly(_root.detach()).item()) < 1e-5, "newton_root останавливается, только когда |f(x)| < tol"
assert _n == 3, f"из x0 = 0 методу Ньютона на poly нужно 3 шага, насчитано {_n}"
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
class CountedCubic(torch.autograd.Function):
    """x^3 - 2x - 5 with a backward of its own that counts its calls."""

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


FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "x^3 + 2x + 5": lambda x: x**3 + 2 * x + 5, "exp(x) - 3": lambda x: torch.exp(x) - 3,
             "exp(-x) - 3": lambda x: torch.exp(-x) - 3, "atan(x) - 0.5": lambda x: torch.atan(x) - 0.5,
             "x^2 - 2": lambda x: x**2 - 2, "tanh(3x) + 0.2": lambda x: torch.tanh(3 * x) + 0.2,
             "x^5 - x + 1": lambda x: x**5 - x + 1, "x^2 - 4": lambda x: x**2 - 4,
             "x^3 - 2x + 2": lambda x: x**3 - 2 * x + 2, "x^2 + 1": lambda x: x**2 + 1,
             "x^3 - 3x + 5": lambda x: x**3 - 3 * x + 5, "x^3 - 2x - 5 (its backward counts calls)": CountedCubic.apply,
             "f(x) = x": lambda x: x}
cases = [("lecture polynomial", 0.0, {}),  # the visible example
         ("lecture polynomial", 2.0, {}), ("cos(x) - x", 1.0, {}), ("x^3 + 2x + 5", 0.0, {}), ("exp(x) - 3", 0.0, {}),
         ("exp(-x) - 3", 0.0, {}), ("atan(x) - 0.5", 0.3, {}), ("x^2 - 2", -1.0, {}), ("tanh(3x) + 0.2", 0.1, {}),
         ("x^2 - 2", 3.0, {"tol": 1e-3}), ("x^5 - x + 1", -2.0, {}), ("x^2 - 4", 2.0, {}), ("x^2 - 2", 3, {}),
         ("x^3 - 2x - 5 (its backward counts calls)", 2.0, {}),
         ("lecture polynomial", 2.0, {"max_iter": 7}), ("lecture polynomial", 2.0, {"max_iter": 6}),
         ("x^3 - 2x + 2", 0.0, {"max_iter": 17}), ("x^2 + 1", 0.5, {}),
         ("x^2 - 4", 0.0, {}), ("x^3 - 3x + 5", -1.0, {}), ("x^2 + 1", 1.0, {}),
         ("x^2 + 1", 1.0, {"max_iter": 1}),
         ("f(x) = x", 2.0**-17, {"tol": 2.0**-17})]  # |f(x0)| == tol exactly: not converged yet  # f' = 0 after the last allowed step: no step is due, so RuntimeError
for name, x0, options in cases:
    key = f"newton_root({name}, {x0}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "tol": 1e-5, "max_iter": 50, **options})
    probe.call(key, newton_root, FUNCTIONS[name], x0, **options)
probe.record("backward calls of x^3 - 2x - 5", CountedCubic.backward_calls)
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_newton_root", "grade": true, "points": 3, "locked": true} tags=["en"]
_root, _n = newton_root(poly, 0.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), "newton_root must return (tensor, int)"
assert abs(_root.item() - 0.4936172193) <= 1e-5, f"the root of poly is 0.49362 to five decimals, got {_root.item():.7f}"
assert abs(poly(_root.detach()).item()) < 1e-5, "newton_root must stop only when |f(x)| < tol"
assert _n == 3, f"from x0 = 0, Newton's method needs 3 steps on poly, counted {_n}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
class CountedCubic(torch.autograd.Function):
    """x^3 - 2x - 5 with a backward of its own that counts its calls."""

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


FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "x^3 + 2x + 5": lambda x: x**3 + 2 * x + 5, "exp(x) - 3": lambda x: torch.exp(x) - 3,
             "exp(-x) - 3": lambda x: torch.exp(-x) - 3, "atan(x) - 0.5": lambda x: torch.atan(x) - 0.5,
             "x^2 - 2": lambda x: x**2 - 2, "tanh(3x) + 0.2": lambda x: torch.tanh(3 * x) + 0.2,
             "x^5 - x + 1": lambda x: x**5 - x + 1, "x^2 - 4": lambda x: x**2 - 4,
             "x^3 - 2x + 2": lambda x: x**3 - 2 * x + 2, "x^2 + 1": lambda x: x**2 + 1,
             "x^3 - 3x + 5": lambda x: x**3 - 3 * x + 5, "x^3 - 2x - 5 (its backward counts calls)": CountedCubic.apply,
             "f(x) = x": lambda x: x}
cases = [("lecture polynomial", 0.0, {}),  # the visible example
         ("lecture polynomial", 2.0, {}), ("cos(x) - x", 1.0, {}), ("x^3 + 2x + 5", 0.0, {}), ("exp(x) - 3", 0.0, {}),
         ("exp(-x) - 3", 0.0, {}), ("atan(x) - 0.5", 0.3, {}), ("x^2 - 2", -1.0, {}), ("tanh(3x) + 0.2", 0.1, {}),
         ("x^2 - 2", 3.0, {"tol": 1e-3}), ("x^5 - x + 1", -2.0, {}), ("x^2 - 4", 2.0, {}), ("x^2 - 2", 3, {}),
         ("x^3 - 2x - 5 (its backward counts calls)", 2.0, {}),
         ("lecture polynomial", 2.0, {"max_iter": 7}), ("lecture polynomial", 2.0, {"max_iter": 6}),
         ("x^3 - 2x + 2", 0.0, {"max_iter": 17}), ("x^2 + 1", 0.5, {}),
         ("x^2 - 4", 0.0, {}), ("x^3 - 3x + 5", -1.0, {}), ("x^2 + 1", 1.0, {}),
         ("x^2 + 1", 1.0, {"max_iter": 1}),
         ("f(x) = x", 2.0**-17, {"tol": 2.0**-17})]  # |f(x0)| == tol exactly: not converged yet  # f' = 0 after the last allowed step: no step is due, so RuntimeError
for name, x0, options in cases:
    key = f"newton_root({name}, {x0}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "tol": 1e-5, "max_iter": 50, **options})
    probe.call(key, newton_root, FUNCTIONS[name], x0, **options)
probe.record("backward calls of x^3 - 2x - 5", CountedCubic.backward_calls)
### END HIDDEN TESTS

# %% judge="test_newton_root"
FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "x^3 + 2x + 5": lambda x: x**3 + 2 * x + 5, "exp(x) - 3": lambda x: torch.exp(x) - 3,
             "exp(-x) - 3": lambda x: torch.exp(-x) - 3, "atan(x) - 0.5": lambda x: torch.atan(x) - 0.5,
             "x^2 - 2": lambda x: x**2 - 2, "tanh(3x) + 0.2": lambda x: torch.tanh(3 * x) + 0.2,
             "x^5 - x + 1": lambda x: x**5 - x + 1, "x^2 - 4": lambda x: x**2 - 4,
             "x^3 - 2x - 5 (its backward counts calls)": lambda x: x * x * x - 2 * x - 5, "f(x) = x": lambda x: x}
WHY = {"RuntimeError": "|f(x)| < tol is not reached within max_iter = {max_iter} steps",
       "ZeroDivisionError": "f'(x) = 0 at an iterate"}
CUBIC = "newton_root(x^3 - 2x - 5 (its backward counts calls), 2.0)"


def judge(got, want):
    for key in want.keys("newton_root("):
        case = want[f"case of {key}"]
        expected = want.raised(key)
        if expected is not None:
            kind = "RuntimeError" if expected.is_a(RuntimeError) else "ZeroDivisionError"
            why = WHY[kind].format(max_iter=case["max_iter"])
            raised = got.raised(key)
            assert raised is not None, f"{key}: {why}, so newton_root must raise {kind}"
            assert raised.is_a(kind), f"{key} raised {raised.name}; expected {kind}: {why}"
            assert kind != "RuntimeError" or names_number(raised.message, case["max_iter"]), (
                f"the RuntimeError of {key} must name max_iter = {case['max_iter']}")
            continue
        x, n = scalar_and_count(key, got[key])
        assert not x.observed["requires_grad"], (
            f"{key}: the returned x must not require grad: return x.detach(), not the leaf you differentiated")
        reference, steps = want[key]
        value = x.reshape(()).to(x.dtype if x.is_floating_point() else torch.float64)
        residual = abs(FUNCTIONS[case["f"]](value).item())
        assert residual < case["tol"], f"{key}: |f(x)| = {residual:.2e} at the returned x, it must be < {case['tol']}"
        assert n == steps, f"{key}: Newton's method stops after {steps} steps (as soon as |f(x)| < tol), counted {n}"
        assert abs(value.item() - reference.item()) < 1e-4, (
            f"{key}: Newton's method reaches the root {reference.item():.6f}, got {value.item():.6f}")
    steps = got[CUBIC][1]
    calls = got["backward calls of x^3 - 2x - 5"]
    assert calls >= steps, (f"{CUBIC}: f'(x) must come from autograd (the backward of f): {steps} steps, "
                            f"but backward ran {calls} times")

# %% [markdown] tags=["ru"]
# ### Бисекция против Ньютона (≈ 10 минут)
#
# Оба метода на многочлене из лекции: корень, он же округлённый до пяти знаков, невязка $|f(x)|$,
# число итераций и время одного вызова. Затем — `%timeit` для каждого метода. Ячейкам нужны решённые
# задания 2 и 3; каждая выполняется за секунду-другую.
#
# Обратите внимание: `tol` у методов значит разное. У бисекции это расстояние до корня по $x$, у
# Ньютона — порог для $|f(x)|$; здесь $f' \ge 17$, так что $|f(x)| < 10^{-5}$ означает, что до корня
# меньше $10^{-5}/17$. И ещё: «до корня не дальше $10^{-5}$» ещё не означает «пять верных знаков
# после округления». Корень $0.4936172\ldots$ лежит всего в $2.2 \cdot 10^{-6}$ от границы
# округления $0.493615$, и ответ бисекции с `tol=1e-5` может округлиться до $0.49361$ — таблица ниже
# показывает, как вышло на самом деле. Для пяти верных знаков берите запас: `tol=1e-7`.

# %% [markdown] tags=["en"]
# ### Bisection versus Newton (≈ 10 minutes)
#
# Both methods on the lecture's polynomial: the root, the same rounded to five decimals, the
# residual $|f(x)|$, the number of iterations and the time per call. Then `%timeit` for each method.
# These cells need exercises 2 and 3 solved; each runs in a second or two.
#
# Note that `tol` means different things to the two methods. For bisection it is a distance to the
# root along $x$; for Newton it is a bound on $|f(x)|$, and since $f' \ge 17$ here, $|f(x)| < 10^{-5}$
# puts $x$ within $10^{-5}/17$ of the root. Also, "within $10^{-5}$ of the root" is not the same as
# "five correct decimals after rounding". The root $0.4936172\ldots$ is only $2.2 \cdot 10^{-6}$ away
# from the rounding boundary $0.493615$, so bisection's answer with `tol=1e-5` may round to
# $0.49361$; the table below shows what actually happens. For five correct decimals leave a margin:
# `tol=1e-7`.

# %% tags=["demo", "ru"]
table = PrettyTable(["метод", "tol", "корень", "5 знаков", "|f(корень)|", "итераций", "мс на вызов"])
try:
    for tol in (1e-5, 1e-7):
        solvers = {
            "бисекция на [0, 1]": lambda: bisection_root(poly, 0.0, 1.0, tol=tol),
            "Ньютон из x0 = 0": lambda: newton_root(poly, 0.0, tol=tol),
        }
        for name, solve in solvers.items():
            root, n = solve()
            seconds = min(timeit.repeat(solve, number=20, repeat=3)) / 20
            root = root.detach()
            table.add_row([name, f"{tol:.0e}", f"{root.item():.7f}", f"{root.item():.5f}",
                           f"{abs(poly(root).item()):.1e}", n, f"{seconds * 1e3:.3f}"])
except NotImplementedError:
    print("Пропущено: этому сравнению нужны bisection_root (задание 2) и newton_root (задание 3).")
else:
    print(table)



# %% tags=["demo", "en"]
table = PrettyTable(["method", "tol", "root", "5 decimals", "|f(root)|", "iterations", "ms per call"])
try:
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
except NotImplementedError:
    print("Skipped: this comparison needs bisection_root (exercise 2) and newton_root (exercise 3).")
else:
    print(table)

# %% tags=["demo", "ru"]
try:
    bisection_root(poly, 0.0, 1.0)
except NotImplementedError:
    print("Пропущено: для %timeit бисекции нужно решённое задание 2.")
else:
    # %timeit -n 50 -r 5 bisection_root(poly, 0.0, 1.0)



# %% tags=["demo", "en"]
try:
    bisection_root(poly, 0.0, 1.0)
except NotImplementedError:
    print("Skipped: %timeit of bisection_root needs exercise 2 solved.")
else:
    # %timeit -n 50 -r 5 bisection_root(poly, 0.0, 1.0)

# %% tags=["demo", "ru"]
try:
    newton_root(poly, 0.0)
except NotImplementedError:
    print("Пропущено: для %timeit метода Ньютона нужно решённое задание 3.")
else:
    # %timeit -n 50 -r 5 newton_root(poly, 0.0)



# %% tags=["demo", "en"]
try:
    newton_root(poly, 0.0)
except NotImplementedError:
    print("Skipped: %timeit of newton_root needs exercise 3 solved.")
else:
    # %timeit -n 50 -r 5 newton_root(poly, 0.0)

# %% [markdown] tags=["ru"]
# Как растёт число итераций с точностью? У бисекции каждый новый десятичный знак стоит
# $\log_2 10 \approx 3.3$ итерации. У Ньютона вблизи корня число верных знаков удваивается, поэтому
# при переходе от $10^{-3}$ к $10^{-12}$ число шагов растёт совсем немного — посмотрите в таблице.

# %% [markdown] tags=["en"]
# How does the iteration count grow with the accuracy? For bisection every extra decimal digit costs
# $\log_2 10 \approx 3.3$ iterations. Newton's method doubles the number of correct digits near the
# root, so going from $10^{-3}$ to $10^{-12}$ adds hardly any steps: see the table.

# %% tags=["demo", "ru"]
table = PrettyTable(["tol", "итераций бисекции", "шагов Ньютона"])
try:
    for k in (1, 3, 5, 7, 9, 12):
        tol = 10.0**-k
        table.add_row([f"1e-{k}", bisection_root(poly, 0.0, 1.0, tol=tol)[1], newton_root(poly, 0.0, tol=tol)[1]])
except NotImplementedError:
    print("Пропущено: этой таблице нужны bisection_root (задание 2) и newton_root (задание 3).")
else:
    print(table)



# %% tags=["demo", "en"]
table = PrettyTable(["tol", "bisection iterations", "Newton steps"])
try:
    for k in (1, 3, 5, 7, 9, 12):
        tol = 10.0**-k
        table.add_row([f"1e-{k}", bisection_root(poly, 0.0, 1.0, tol=tol)[1], newton_root(poly, 0.0, tol=tol)[1]])
except NotImplementedError:
    print("Skipped: this table needs bisection_root (exercise 2) and newton_root (exercise 3).")
else:
    print(table)

# %% [markdown] tags=["ru"]
# **Выводы.**
#
# - Ньютону нужно в несколько раз меньше итераций, но каждая дороже: прямой проход строит граф,
#   обратный проход считает производную. Сравните время вызова в первой таблице: на таком маленьком
#   примере оно складывается прежде всего из накладных расходов на каждый вызов операции PyTorch, а не
#   из арифметики (в разделе про векторизацию эти расходы измерены).
# - Бисекция надёжна: если на концах разные знаки, она сходится всегда и за заранее известное число
#   шагов. Ньютон сходится быстро, только если начать достаточно близко; иначе он может уйти в
#   сторону, зациклиться или упасть на нулевой производной (примеры ниже).
# - Поэтому на практике их комбинируют: например, метод Брента
#   ([`scipy.optimize.brentq`](https://docs.scipy.org/doc/scipy/reference/generated/scipy.optimize.brentq.html))
#   всё время хранит отрезок со сменой знака, делает быстрые шаги (секущие и обратную квадратичную
#   интерполяцию), а когда они не помогают — шаг бисекции.

# %% [markdown] tags=["en"]
# **Takeaways.**
#
# - Newton needs several times fewer iterations, but each one costs more: the forward pass records a
#   graph and the backward pass computes the derivative. Compare the times per call in the first
#   table: on an example this small they come mostly from the fixed overhead of every PyTorch
#   operation call, not from arithmetic (the vectorization section measures that overhead).
# - Bisection is reliable: with opposite signs at the ends it always converges, in a number of steps
#   known in advance. Newton converges fast only when it starts close enough; otherwise it may wander
#   off, cycle or hit a zero derivative (examples below).
# - So in practice the two are combined: Brent's method
#   ([`scipy.optimize.brentq`](https://docs.scipy.org/doc/scipy/reference/generated/scipy.optimize.brentq.html))
#   always keeps an interval with a sign change, takes fast steps (secant and inverse quadratic
#   interpolation), and falls back to a bisection step when they do not help.

# %% tags=["demo", "ru"]
for name, f, x0 in (("x^3 - 2x + 2 из 0", lambda x: x**3 - 2 * x + 2, 0.0),
                    ("x^2 - 4 из 0", lambda x: x**2 - 4, 0.0)):
    try:
        print(name, "->", newton_root(f, x0))
    except NotImplementedError:  # a subclass of RuntimeError: caught first
        print(f"{name} -> пропущено: newton_root (задание 3) ещё не решён")
    except (RuntimeError, ZeroDivisionError) as error:
        print(f"{name} -> {type(error).__name__}: {error}")



# %% tags=["demo", "en"]
for name, f, x0 in (("x^3 - 2x + 2 from 0", lambda x: x**3 - 2 * x + 2, 0.0),
                    ("x^2 - 4 from 0", lambda x: x**2 - 4, 0.0)):
    try:
        print(name, "->", newton_root(f, x0))
    except NotImplementedError:  # a subclass of RuntimeError: caught first
        print(f"{name} -> skipped: newton_root (exercise 3) is not solved yet")
    except (RuntimeError, ZeroDivisionError) as error:
        print(f"{name} -> {type(error).__name__}: {error}")

# %% [markdown] tags=["ru"]
# ## Задание 4. Ньютон для многих многочленов сразу: `newton_roots_batched` [2 балла] (≈ 30 минут)
#
# Документация: [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.all`](https://pytorch.org/docs/stable/generated/torch.Tensor.all.html).
#
# Часто нужно решить не одно уравнение, а тысячи однотипных. Цикл Python по ним платит накладные
# расходы каждой операции PyTorch (сколько это в микросекундах, измерено в таблице после задания)
# тысячи раз, а на GPU ещё и запускает крошечное ядро на каждый многочлен. Векторизованный код делает
# те же шаги Ньютона для всех многочленов одной операцией над тензором формы `(B,)`: число вызовов
# операций не зависит от `B`.
#
# `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`:
#
# - `coeffs` формы `(B, degree + 1)` — коэффициенты $B$ многочленов, старшая степень первой
#   (нули в начале строки дают многочлены меньшей степени); dtype `float64` или `float32`, считайте
#   в нём; `coeffs` не меняйте;
# - `coeffs` может лежать на GPU: тогда считайте на его устройстве и верните корни там же. Если GPU
#   есть у оценщика, скрытые тесты передают и `coeffs` на CUDA с `x0`-числом; GPU для решения не
#   нужен, но число `x0` превращайте в тензор на устройстве `coeffs`;
# - `x0` — число (`int` или `float`) или тензор формы `(B,)`: начальные приближения;
# - возвращает тензор формы `(B,)` с корнями: $|p_i(x_i)| < tol$ (строго) для каждого $i$, причём
#   это тот корень, к которому метод Ньютона приходит из своего $x_0$ (у $x^2 - 2$ из $1$ — $\sqrt 2$,
#   из $-1$ — $-\sqrt 2$);
# - результат — новый тензор (правило курса для возвращаемых значений): он не требует градиента, не
#   делит память ни с `coeffs`, ни с `x0`, и у каждого его элемента своя память (не представление,
#   размноженное `expand`), даже если все многочлены сошлись уже в `x0`;
# - шагов не больше `max_iter`, и `max_iter` шагов, после которых сошлись все, — это успех; если после
#   `max_iter` шагов сошлись не все, `RuntimeError`, в сообщении — значение `max_iter`;
# - один цикл Python — по итерациям; цикла по многочленам нет. Скрытые тесты записывают вызовы
#   функций PyTorch (как `CountCalls`) при `B` = 1, 2, 16, 64 и 128 для одних и тех же многочленов:
#   их число должно быть одинаковым.
#
# **Подсказки.**
#
# - Значение многочлена удобно считать по схеме Горнера:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$ — цикл по степени (он от $B$
#   не зависит), каждая операция сразу для всех строк: `value = value * x + coeffs[:, k]`.
# - Производные всех многочленов — одним вызовом autograd: $p_i$ зависит только от $x_i$, поэтому
#   градиент суммы $\sum_i p_i(x_i)$ по вектору $x$ — это как раз вектор $p_i'(x_i)$. Можно и явно:
#   коэффициенты производной — `coeffs[:, :-1] * [degree, ..., 1]`.
# - Многочлены сходятся за разное число шагов. Маска `done = |p(x)| < tol` показывает, кто уже
#   сошёлся; `torch.where` двигает только остальных. Цикл заканчивается, когда сошлись все
#   (`.all()`), а не хотя бы один.
# - Число `x0` превратите в тензор dtype и устройства `coeffs`:
#   `torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)`.

# %% [markdown] tags=["en"]
# ## Exercise 4. Newton for many polynomials at once: `newton_roots_batched` [2 points] (≈ 30 minutes)
#
# Documentation: [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.all`](https://pytorch.org/docs/stable/generated/torch.Tensor.all.html).
#
# Often you need to solve thousands of similar equations rather than one. A Python loop over them
# pays the overhead of every PyTorch operation (the table after the exercise measures it in
# microseconds) thousands of times, and on a GPU also launches a tiny kernel per polynomial.
# Vectorized code takes the same Newton steps for all polynomials with one operation on a tensor of
# shape `(B,)`: the number of operation calls does not depend on `B`.
#
# `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`:
#
# - `coeffs` of shape `(B, degree + 1)` holds the coefficients of $B$ polynomials, highest degree
#   first (leading zeros give polynomials of lower degree); its dtype is `float64` or `float32`:
#   compute in it; leave `coeffs` unchanged;
# - `coeffs` may live on a GPU: then compute on its device and return the roots there. Where the grader
#   has a GPU, the hidden tests also pass `coeffs` on CUDA with a number `x0`; you need no GPU to solve
#   this, but do turn a number `x0` into a tensor on the device of `coeffs`;
# - `x0` is a number (an `int` or a `float`) or a tensor of shape `(B,)`: the starting points;
# - it returns a tensor of shape `(B,)` of roots: $|p_i(x_i)| < tol$ (strictly) for every $i$, and it
#   is the root that Newton's method reaches from its own $x_0$ (for $x^2 - 2$, $\sqrt 2$ from $1$ and
#   $-\sqrt 2$ from $-1$);
# - the result is a fresh tensor (the course's rule for returned values): it does not require grad,
#   shares no memory with `coeffs` or `x0`, and each of its elements has memory of its own (not a view
#   multiplied by `expand`), even when every polynomial has converged at `x0` already;
# - at most `max_iter` steps, and `max_iter` steps after which all have converged is a success; if
#   some have not converged after `max_iter` steps, `RuntimeError` with the value of `max_iter` in the
#   message;
# - there is one Python loop, over iterations, and none over polynomials. The hidden tests record the
#   PyTorch function calls (as `CountCalls` does) for `B` = 1, 2, 16, 64 and 128 with the same
#   polynomials: their number must be the same.
#
# **Hints.**
#
# - Evaluate a polynomial with Horner's scheme:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$, a loop over the degree (it
#   does not depend on $B$) with every operation on all rows at once: `value = value * x + coeffs[:, k]`.
# - All derivatives come from one autograd call: $p_i$ depends on $x_i$ only, so the gradient of the
#   sum $\sum_i p_i(x_i)$ with respect to the vector $x$ is exactly the vector of $p_i'(x_i)$. You can
#   also do it by hand: the derivative's coefficients are `coeffs[:, :-1] * [degree, ..., 1]`.
# - Polynomials converge after different numbers of steps. A mask `done = |p(x)| < tol` marks the
#   ones that have converged; `torch.where` moves only the others. The loop ends when all of them
#   have converged (`.all()`), not just one.
# - Turn a number `x0` into a tensor of the dtype and device of `coeffs`:
#   `torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)`.

# %% nbgrader={"grade_id": "newton_roots_batched", "solution": true}
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of
    shape (B,). Return a tensor of shape (B,) with |p_i(x_i)| < tol for every i; raise RuntimeError
    naming max_iter if some have not converged after max_iter steps. One Python loop over
    iterations, none over polynomials: the number of tensor operations must not grow with B.
    """
    ### BEGIN SOLUTION
    batch = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()

    def horner(x):
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        return value

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        fx = horner(x)
        done = fx.detach().abs() < tol  # nan and inf are not done
        if done.all():
            return x.detach()
        if step == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx.sum(), x)  # p_i depends on x_i only: the gradient holds every p_i'(x_i)
        with torch.no_grad():
            x = torch.where(done, x, x - fx / dfx)
    raise RuntimeError(f"{int((~done).sum())} of {batch} polynomials did not converge within max_iter = {max_iter} steps")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_newton_roots_batched", "grade": true, "points": 2, "locked": true} tags=["ru"]
_coeffs = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9],   # x^7 + 5x^3 + 17x - 9
                        [0.0, 0, 0, 0, 0, 0, 1, -2],    # x - 2
                        [0.0, 0, 0, 0, 1, 0, 0, -8]],   # x^3 - 8
                       dtype=torch.float64)
_roots = newton_roots_batched(_coeffs, 1.0)
assert isinstance(_roots, torch.Tensor) and _roots.shape == (3,), "newton_roots_batched должна вернуть тензор формы (B,)"
torch.testing.assert_close(_roots.detach(), torch.tensor([0.4936172, 2.0, 2.0], dtype=torch.float64), rtol=0, atol=1e-5)
print("Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(404)
# strictly monotonic quintics a5 x^5 + a3 x^3 + a1 x + a0, some flipped to decreasing: one real root each
quintics = torch.zeros(64, 6, dtype=torch.float64)
quintics[:, 0] = torch.rand(64, generator=gen, dtype=torch.float64) * 1.5 + 0.1
quintics[:, 2] = torch.rand(64, generator=gen, dtype=torch.float64) * 3
quintics[:, 4] = torch.rand(64, generator=gen, dtype=torch.float64) * 4 + 1
quintics[:, 5] = torch.rand(64, generator=gen, dtype=torch.float64) * 40 - 20
quintics[:16, 0] = 0.0  # a quarter are cubics
quintics[::3] *= -1
starts = torch.rand(64, generator=gen, dtype=torch.float64) * 4 - 2
# roots on both sides of zero, different degrees, different convergence speeds
mixed = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [-1.0, 0, 0, 0, -5, 0, -17, -9], [0, 0, 0, 0, 0, 1, 0, -2],
                      [0, 0, 0, 0, 0, 0, 3, 7], [0, 0, 0, 0, 1, 0, 2, 5], [0, 0, 1, 0, 0, 0, 1, 100]], dtype=torch.float64)
visible = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]],
                       dtype=torch.float64)
cases = [("the visible example's three polynomials", visible, 1.0, {}),
         ("64 quintics and cubics", quintics, 0.0, {}), ("64 quintics and cubics, one x0 each", quintics, starts, {}),
         ("64 quintics and cubics", quintics, 0.5, {"tol": 1e-9}), ("6 mixed polynomials", mixed, 3.0, {}),
         ("6 mixed polynomials", mixed, -1.5, {}), ("6 mixed polynomials", mixed, 1, {}),
         ("6 mixed polynomials in float32", mixed.float(), 3.0, {"tol": 1e-3}),
         ("x^2 - 2 twice", torch.tensor([[1.0, 0, -2], [1.0, 0, -2]], dtype=torch.float64),
          torch.tensor([1.0, -1.0], dtype=torch.float64), {}),
         ("6 mixed polynomials", mixed, -1.5, {"max_iter": 8}), ("6 mixed polynomials", mixed, -1.5, {"max_iter": 7}),
         ("x^3 - 2x + 2 and x - 2", torch.tensor([[1.0, 0, -2, 2], [0, 0, 1, -2]], dtype=torch.float64), 0.0,
          {"max_iter": 17}),
         ("x^2 + 1 and x - 2", torch.tensor([[1.0, 0, 1], [0, 1, -2]], dtype=torch.float64), 0.5, {}),
         ("p(x) = x", torch.tensor([[1.0, 0.0]], dtype=torch.float64), 2.0**-17, {"tol": 2.0**-17}),  # |p(x0)| == tol
         # every polynomial has converged at x0 already
         ("x - 2 and x^2 - 4", torch.tensor([[0.0, 1, -2], [1, 0, -4]], dtype=torch.float64), 2.0, {}),
         ("x - 2 and x + 1", torch.tensor([[1.0, -2], [1, 1]], dtype=torch.float64),
          torch.tensor([2.0, -1.0], dtype=torch.float64), {})]
for name, coeffs, x0, options in cases:
    key = f"newton_roots_batched({name}, x0={'per polynomial' if isinstance(x0, torch.Tensor) else x0}" + "".join(
        f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"coeffs": coeffs.clone(), "tol": 1e-5, "max_iter": 50, **options})
    roots = probe.call(key, newton_roots_batched, coeffs, x0, **options)
    probe.record(f"memory of {key}", probe.shared_memory(roots, [coeffs, x0]))
    probe.call(f"expanded {key}", lambda: roots.numel() > 1 and 0 in roots.stride())  # elements sharing memory
    probe.record(f"coeffs after {key}", coeffs)
if torch.cuda.is_available():  # a grader with a GPU: coeffs on CUDA, x0 a plain number
    probe.call("on cuda: newton_roots_batched(6 mixed polynomials, x0=3.0)", newton_roots_batched, mixed.cuda(), 3.0)
# the same polynomials repeated: the number of torch calls must not depend on B
def traced(coeffs):
    """The roots from x0 = 0 and how many torch functions were called (counted after the block ends)."""
    with probe.torch_calls() as calls:
        roots = newton_roots_batched(coeffs, 0.0)
    return roots, len(calls.names)


for name, rows, sizes in (("x^7 + 5x^3 + 17x - 9", mixed[:1], (1, 64)), ("two mixed polynomials", mixed[:2], (2, 16, 128))):
    for size in sizes:
        probe.call(f"{name} repeated to B = {size}", traced, rows.repeat(size // rows.shape[0], 1))
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "test_newton_roots_batched", "grade": true, "points": 2, "locked": true} tags=["en"]
_coeffs = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9],   # x^7 + 5x^3 + 17x - 9
                        [0.0, 0, 0, 0, 0, 0, 1, -2],    # x - 2
                        [0.0, 0, 0, 0, 1, 0, 0, -8]],   # x^3 - 8
                       dtype=torch.float64)
_roots = newton_roots_batched(_coeffs, 1.0)
assert isinstance(_roots, torch.Tensor) and _roots.shape == (3,), "newton_roots_batched must return a tensor of shape (B,)"
torch.testing.assert_close(_roots.detach(), torch.tensor([0.4936172, 2.0, 2.0], dtype=torch.float64), rtol=0, atol=1e-5)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(404)
# strictly monotonic quintics a5 x^5 + a3 x^3 + a1 x + a0, some flipped to decreasing: one real root each
quintics = torch.zeros(64, 6, dtype=torch.float64)
quintics[:, 0] = torch.rand(64, generator=gen, dtype=torch.float64) * 1.5 + 0.1
quintics[:, 2] = torch.rand(64, generator=gen, dtype=torch.float64) * 3
quintics[:, 4] = torch.rand(64, generator=gen, dtype=torch.float64) * 4 + 1
quintics[:, 5] = torch.rand(64, generator=gen, dtype=torch.float64) * 40 - 20
quintics[:16, 0] = 0.0  # a quarter are cubics
quintics[::3] *= -1
starts = torch.rand(64, generator=gen, dtype=torch.float64) * 4 - 2
# roots on both sides of zero, different degrees, different convergence speeds
mixed = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [-1.0, 0, 0, 0, -5, 0, -17, -9], [0, 0, 0, 0, 0, 1, 0, -2],
                      [0, 0, 0, 0, 0, 0, 3, 7], [0, 0, 0, 0, 1, 0, 2, 5], [0, 0, 1, 0, 0, 0, 1, 100]], dtype=torch.float64)
visible = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]],
                       dtype=torch.float64)
cases = [("the visible example's three polynomials", visible, 1.0, {}),
         ("64 quintics and cubics", quintics, 0.0, {}), ("64 quintics and cubics, one x0 each", quintics, starts, {}),
         ("64 quintics and cubics", quintics, 0.5, {"tol": 1e-9}), ("6 mixed polynomials", mixed, 3.0, {}),
         ("6 mixed polynomials", mixed, -1.5, {}), ("6 mixed polynomials", mixed, 1, {}),
         ("6 mixed polynomials in float32", mixed.float(), 3.0, {"tol": 1e-3}),
         ("x^2 - 2 twice", torch.tensor([[1.0, 0, -2], [1.0, 0, -2]], dtype=torch.float64),
          torch.tensor([1.0, -1.0], dtype=torch.float64), {}),
         ("6 mixed polynomials", mixed, -1.5, {"max_iter": 8}), ("6 mixed polynomials", mixed, -1.5, {"max_iter": 7}),
         ("x^3 - 2x + 2 and x - 2", torch.tensor([[1.0, 0, -2, 2], [0, 0, 1, -2]], dtype=torch.float64), 0.0,
          {"max_iter": 17}),
         ("x^2 + 1 and x - 2", torch.tensor([[1.0, 0, 1], [0, 1, -2]], dtype=torch.float64), 0.5, {}),
         ("p(x) = x", torch.tensor([[1.0, 0.0]], dtype=torch.float64), 2.0**-17, {"tol": 2.0**-17}),  # |p(x0)| == tol
         # every polynomial has converged at x0 already
         ("x - 2 and x^2 - 4", torch.tensor([[0.0, 1, -2], [1, 0, -4]], dtype=torch.float64), 2.0, {}),
         ("x - 2 and x + 1", torch.tensor([[1.0, -2], [1, 1]], dtype=torch.float64),
          torch.tensor([2.0, -1.0], dtype=torch.float64), {})]
for name, coeffs, x0, options in cases:
    key = f"newton_roots_batched({name}, x0={'per polynomial' if isinstance(x0, torch.Tensor) else x0}" + "".join(
        f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"coeffs": coeffs.clone(), "tol": 1e-5, "max_iter": 50, **options})
    roots = probe.call(key, newton_roots_batched, coeffs, x0, **options)
    probe.record(f"memory of {key}", probe.shared_memory(roots, [coeffs, x0]))
    probe.call(f"expanded {key}", lambda: roots.numel() > 1 and 0 in roots.stride())  # elements sharing memory
    probe.record(f"coeffs after {key}", coeffs)
if torch.cuda.is_available():  # a grader with a GPU: coeffs on CUDA, x0 a plain number
    probe.call("on cuda: newton_roots_batched(6 mixed polynomials, x0=3.0)", newton_roots_batched, mixed.cuda(), 3.0)
# the same polynomials repeated: the number of torch calls must not depend on B
def traced(coeffs):
    """The roots from x0 = 0 and how many torch functions were called (counted after the block ends)."""
    with probe.torch_calls() as calls:
        roots = newton_roots_batched(coeffs, 0.0)
    return roots, len(calls.names)


for name, rows, sizes in (("x^7 + 5x^3 + 17x - 9", mixed[:1], (1, 64)), ("two mixed polynomials", mixed[:2], (2, 16, 128))):
    for size in sizes:
        probe.call(f"{name} repeated to B = {size}", traced, rows.repeat(size // rows.shape[0], 1))
### END HIDDEN TESTS

# %% judge="test_newton_roots_batched"
def horner(coeffs, x):
    value = torch.zeros_like(x)
    for k in range(coeffs.shape[1]):
        value = value * x + coeffs[:, k]
    return value


def judge(got, want):
    for key in want.keys("newton_roots_batched("):
        case = want[f"case of {key}"]
        coeffs, tol, max_iter = case["coeffs"], case["tol"], case["max_iter"]
        if want.raised(key) is not None:  # some polynomial cannot converge within max_iter steps
            raised = got.raised(key)
            assert raised is not None, (f"{key}: not every polynomial converges within max_iter = {max_iter} steps, "
                                        f"newton_roots_batched must raise RuntimeError")
            assert raised.is_a(RuntimeError), f"{key} raised {raised.name}; expected RuntimeError"
            assert names_number(raised.message, max_iter), f"the RuntimeError of {key} must name max_iter = {max_iter}"
            continue
        roots = got[key]
        assert isinstance(roots, torch.Tensor), f"{key} must return a tensor"
        assert roots.shape == (coeffs.shape[0],), f"{key} must return shape ({coeffs.shape[0]},), got {tuple(roots.shape)}"
        assert torch.equal(got[f"coeffs after {key}"], coeffs), f"{key} changed coeffs: leave them unchanged"
        residual = horner(coeffs.double(), roots.double()).abs()
        worst = int(residual.nan_to_num(float("inf")).argmax())
        assert bool((residual < tol).all()), (f"{key}: |p_i(root_i)| must be < {tol} for every polynomial; "
                                              f"polynomial {worst} has {residual[worst].item():.2e}")
        reached = want[key]
        far = (roots.double() - reached.double()).abs()
        assert bool((far < 1e-4).all()), (f"{key}: polynomial {int(far.argmax())} must end at the root Newton's method "
                                          f"reaches from its x0, {reached[int(far.argmax())].item():.6f}")
        assert not roots.observed["requires_grad"], f"{key}: the roots must not require grad (return x.detach())"
        assert got[f"memory of {key}"] == [False], f"{key}: the roots share memory with coeffs or x0: return a new tensor"
        assert got[f"expanded {key}"] is False, (f"{key}: the roots are an expanded view, whose elements share one memory cell: "
                               "return a tensor with memory of its own (.clone() after expand)")
    for key in got.keys("on cuda: "):  # only on a grader with a GPU
        roots = got[key]
        assert isinstance(roots, torch.Tensor) and roots.observed["device"].startswith("cuda"), (
            f"{key}: coeffs are on a GPU, so the roots must be a tensor on that GPU")
        reached = want["newton_roots_batched(6 mixed polynomials, x0=3.0)"]
        assert roots.shape == reached.shape and bool(((roots.double() - reached.double()).abs() < 1e-4).all()), (
            f"{key} must give the same roots as on the CPU")
    for name in ("x^7 + 5x^3 + 17x - 9", "two mixed polynomials"):
        counts = {}
        for key in want.keys(f"{name} repeated to B = "):
            size = int(key.rsplit(" ", 1)[1])
            roots, counts[size] = got[key]
            assert isinstance(roots, torch.Tensor) and roots.shape == (size,), (
                f"newton_roots_batched({key}) must return a tensor of shape ({size},)")
        assert len(set(counts.values())) == 1, (
            f"newton_roots_batched must not loop over the polynomials: {name} repeated made "
            + ", ".join(f"{count} torch calls for B = {size}" for size, count in counts.items()))


# %% [markdown] tags=["ru"]
# ### Цикл против векторизации
#
# Решим одни и те же 200 многочленов дважды: циклом с `newton_root` и одним вызовом
# `newton_roots_batched`, и посчитаем вызовы операций PyTorch тем же `CountCalls`. Последний столбец —
# время, делённое на число вызовов: это и есть накладные расходы одного вызова, которые платит цикл.
# Ячейке нужны решённые задания 3 и 4; она выполняется за секунду-другую.

# %% [markdown] tags=["en"]
# ### A loop versus vectorization
#
# Let us solve the same 200 polynomials twice, with a loop over `newton_root` and with one call of
# `newton_roots_batched`, and count the PyTorch operation calls with the same `CountCalls`. The last
# column is the time divided by the number of calls: the overhead of one call that the loop pays.
# This cell needs exercises 3 and 4 solved; it runs in a second or two.

# %% tags=["demo"]
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

# %% tags=["demo", "ru"]
coeffs = random_monotonic_quintics(200, torch.Generator().manual_seed(0))
try:
    start = timeit.default_timer()
    with CountCalls() as loop_calls:
        looped = torch.stack([newton_root(polynomial(row), 0.0)[0] for row in coeffs])
    loop_seconds = timeit.default_timer() - start
    start = timeit.default_timer()
    with CountCalls() as batch_calls:
        batched = newton_roots_batched(coeffs, 0.0)
    batch_seconds = timeit.default_timer() - start
except NotImplementedError:
    print("Пропущено: этому сравнению нужны newton_root (задание 3) и newton_roots_batched (задание 4).")
else:
    table = PrettyTable(["вариант", "вызовов torch", "время (мс)", "мкс на вызов"])
    for name, calls, seconds in (("цикл по 200 многочленам", loop_calls, loop_seconds),
                                 ("один векторный вызов", batch_calls, batch_seconds)):
        total = sum(calls.calls.values())
        table.add_row([name, total, f"{seconds * 1e3:.1f}", f"{seconds * 1e6 / total:.1f}"])
    print(table)
    print("наибольшая разница между корнями:", (looped - batched.detach()).abs().max().item())



# %% tags=["demo", "en"]
coeffs = random_monotonic_quintics(200, torch.Generator().manual_seed(0))
try:
    start = timeit.default_timer()
    with CountCalls() as loop_calls:
        looped = torch.stack([newton_root(polynomial(row), 0.0)[0] for row in coeffs])
    loop_seconds = timeit.default_timer() - start
    start = timeit.default_timer()
    with CountCalls() as batch_calls:
        batched = newton_roots_batched(coeffs, 0.0)
    batch_seconds = timeit.default_timer() - start
except NotImplementedError:
    print("Skipped: this comparison needs newton_root (exercise 3) and newton_roots_batched (exercise 4).")
else:
    table = PrettyTable(["version", "torch calls", "time (ms)", "µs per call"])
    for name, calls, seconds in (("loop over 200 polynomials", loop_calls, loop_seconds),
                                 ("one batched call", batch_calls, batch_seconds)):
        total = sum(calls.calls.values())
        table.add_row([name, total, f"{seconds * 1e3:.1f}", f"{seconds * 1e6 / total:.1f}"])
    print(table)
    print("largest difference between the roots:", (looped - batched.detach()).abs().max().item())

# %% [markdown] tags=["ru"]
# На GPU разрыв ещё больше: шаг Ньютона для миллиона многочленов — это те же вызовы операций, что и для
# двухсот (их число в таблице выше не зависит от `B`), а цикл запускал бы ядра для каждого многочлена.
# Ячейка ниже работает только при наличии GPU (и решённом задании 4); на CPU она лишь пишет, что
# сделала бы.

# %% [markdown] tags=["en"]
# On a GPU the gap is wider still: a Newton step for a million polynomials makes the same operation
# calls as for two hundred (their number in the table above does not depend on `B`), while a loop
# would launch kernels for every polynomial. The cell below runs only when a GPU is present (and
# exercise 4 is solved); on a CPU it only says what it would do.

# %% tags=["demo", "ru"]
if torch.cuda.is_available():
    try:
        big = random_monotonic_quintics(1_000_000, torch.Generator().manual_seed(1), device="cuda")
        newton_roots_batched(big[:10], 0.0)  # warm-up: CUDA initialisation is not part of the measurement
        torch.cuda.synchronize()
        start = timeit.default_timer()
        roots = newton_roots_batched(big, 0.0)
        torch.cuda.synchronize()
        elapsed = timeit.default_timer() - start
    except NotImplementedError:
        print("Пропущено: этой демонстрации нужен newton_roots_batched (задание 4).")
    else:
        residual = torch.zeros_like(roots)
        for k in range(big.shape[1]):  # Horner's scheme for all rows at once
            residual = residual * roots + big[:, k]
        print(f"1 000 000 многочленов пятой степени на {torch.cuda.get_device_name()}: {elapsed * 1e3:.1f} мс, "
              f"наибольшее |p(корень)| = {residual.abs().max().item():.2e}")
else:
    print("GPU нет. С ним эта ячейка решила бы 1 000 000 многочленов пятой степени одним вызовом "
          "newton_roots_batched и напечатала бы время.")



# %% tags=["demo", "en"]
if torch.cuda.is_available():
    try:
        big = random_monotonic_quintics(1_000_000, torch.Generator().manual_seed(1), device="cuda")
        newton_roots_batched(big[:10], 0.0)  # warm-up: CUDA initialisation is not part of the measurement
        torch.cuda.synchronize()
        start = timeit.default_timer()
        roots = newton_roots_batched(big, 0.0)
        torch.cuda.synchronize()
        elapsed = timeit.default_timer() - start
    except NotImplementedError:
        print("Skipped: this demonstration needs newton_roots_batched (exercise 4).")
    else:
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
#   не-тензоров. Вызывать её нужно через `.apply`: прямой вызов `forward` обходит ваш `backward`.
#   Проверка — `gradcheck` во `float64`.
# - Быстрое возведение в степень делает $O(\log p)$ умножений вместо $p - 1$; `TorchFunctionMode`
#   позволяет это проверить, посчитав операции.
# - Бисекция надёжна и предсказуема (один двоичный разряд за шаг), Ньютон быстр (число верных знаков
#   удваивается), но требует хорошего начального приближения и ненулевой производной.
# - Векторизация: один цикл по итерациям, операции над всем батчем сразу, маски для тех, кто уже
#   сошёлся. Число вызовов операций не зависит от размера батча.
#
# **Что почитать** (список из лекции):
#
# 1. [Backpropagation: анимированное изложение](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
# 2. [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Andrej Karpathy
# 3. [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ)

# %% [markdown] tags=["en"]
# ## Summary
#
# - A custom `torch.autograd.Function`: `forward` computes, `setup_context` stores what is needed
#   (tensors through `save_for_backward`), `backward` returns a gradient per input, `None` for
#   non-tensors. Call it through `.apply`: calling `forward` directly bypasses your `backward`.
#   `gradcheck` in `float64` checks it.
# - Exponentiation by squaring takes $O(\log p)$ multiplications instead of $p - 1$; a
#   `TorchFunctionMode` proves it by counting operations.
# - Bisection is reliable and predictable (one binary digit per step), Newton is fast (the number of
#   correct digits doubles) but needs a good starting point and a non-zero derivative.
# - Vectorization: one loop over iterations, operations on the whole batch at once, masks for the
#   entries that have converged. The number of operation calls does not depend on the batch size.
#
# **Further reading** (the lecture's list):
#
# 1. [Backpropagation, animated](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
# 2. [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Andrej Karpathy
# 3. [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ)
