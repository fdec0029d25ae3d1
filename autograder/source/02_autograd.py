# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 2. Автоматическое дифференцирование (autograd)
#
# Обучение нейросети сводится к одному повторяющемуся шагу: посчитать функцию потерь, найти её
# градиент по параметрам и сдвинуть параметры против градиента. Градиенты за нас считает
# **autograd** — механизм PyTorch, который во время вычислений записывает, какие операции
# применялись к каким тензорам, а потом проходит эту запись в обратном порядке по правилу
# дифференцирования сложной функции (chain rule).
#
# В этом уроке:
#
# 1. вычислительный граф: листья, `grad_fn`, прямой и обратный проход;
# 2. три способа отключить градиенты: `requires_grad`, `torch.no_grad`, `detach`;
# 3. функция потерь MSE и ловушка broadcasting;
# 4. `.backward()` и `torch.autograd.grad`;
# 5. градиентный спуск своими руками и три классические ошибки при обновлении параметров;
# 6. устройство графа изнутри;
# 7. логистическая регрессия.
#
# | Задание | Баллы |
# |---|---|
# | `poly_grads`, `poly_grads_analytic` | 2 + 1 |
# | `mse`, `linear_mse_grads` | 2 + 2 |
# | `chain_rule_grads` | 2 |
# | `sgd_step`, `fit_line` | 2 + 2 |
# | `count_graph_nodes`, `abcd_grads` | 2 + 1 |
# | `logistic_grads` | 2 |
#
# **Как устроена проверка.** Ячейки с `raise NotImplementedError()` ваши: замените эту строку
# решением, не меняя имя функции и её аргументы. За каждым заданием идёт ячейка с проверками.
# Видимые `assert` помогают проверить себя; при оценивании к ним добавляются скрытые тесты
# (другие формы и значения, крайние случаи, ошибки), поэтому пройденные видимые проверки ещё не
# гарантируют полный балл. Перед сдачей выполните *Restart & Run All*: ноутбук должен дойти до
# конца без ошибок.

# %% [markdown] tags=["en"]
# # Lesson 2. Automatic differentiation (autograd)
#
# Training a neural network comes down to one repeated step: compute the loss, find its gradient
# with respect to the parameters, and move the parameters against the gradient. The gradients
# come from **autograd**, the part of PyTorch that records which operations were applied to which
# tensors while you compute, and then walks that record backwards applying the chain rule.
#
# In this lesson:
#
# 1. the computational graph: leaves, `grad_fn`, the forward and the backward pass;
# 2. three ways to turn gradients off: `requires_grad`, `torch.no_grad`, `detach`;
# 3. the MSE loss and the broadcasting trap;
# 4. `.backward()` and `torch.autograd.grad`;
# 5. gradient descent by hand and the three classic mistakes when updating parameters;
# 6. the graph from the inside;
# 7. logistic regression.
#
# | Exercise | Points |
# |---|---|
# | `poly_grads`, `poly_grads_analytic` | 2 + 1 |
# | `mse`, `linear_mse_grads` | 2 + 2 |
# | `chain_rule_grads` | 2 |
# | `sgd_step`, `fit_line` | 2 + 2 |
# | `count_graph_nodes`, `abcd_grads` | 2 + 1 |
# | `logistic_grads` | 2 |
#
# **How grading works.** The cells with `raise NotImplementedError()` are yours: replace that line
# with your solution, keeping the function's name and arguments. Each exercise is followed by a
# cell of checks. The visible `assert`s let you check yourself; grading adds hidden tests (other
# shapes and values, edge cases, errors), so passing the visible checks does not guarantee full
# marks. Before you submit, run *Restart & Run All*: the notebook must reach the end without errors.

# %%
import warnings

import torch
import torch.nn.functional as F

print(f"PyTorch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
# Helpers used by the test cells below. Run this cell; there is nothing to change in it.
import contextlib

from torch.overrides import TorchFunctionMode

BACKWARD_FUNCS = (torch.Tensor.backward, torch.autograd.backward)
GRAD_FUNCS = (torch.autograd.grad,)


class CallLog(TorchFunctionMode):
    """Inside `with CallLog() as log:`, every torch function that is called is appended to log.funcs."""

    def __init__(self):
        super().__init__()
        self.funcs = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.funcs.append(func)
        return func(*args, **(kwargs or {}))

    def count(self, funcs):
        """How many calls went to one of `funcs` (function objects)."""
        return sum(1 for called in self.funcs if any(called is f for f in funcs))

    def count_named(self, *names):
        """How many calls went to a function with one of these names (torch.sin and Tensor.sin are both "sin")."""
        return sum(1 for called in self.funcs if getattr(called, "__name__", None) in names)


def mentions_shape(message, shape):
    """Whether an error message shows `shape` as (2, 3), [2, 3], torch.Size([2, 3]) or 2x3."""
    dims = [str(int(d)) for d in shape]
    text = str(message).replace(" ", "")
    forms = ["[" + ",".join(dims) + "]", "(" + ",".join(dims) + ("," if len(dims) == 1 else "") + ")"]
    if len(dims) > 1:
        forms += ["x".join(dims), "\u00d7".join(dims)]
    return any(form in text for form in forms)


@contextlib.contextmanager
def replaced_global(name, value):
    """Bind a notebook-level name to `value` for the duration of a `with` block."""
    namespace = globals()
    missing = object()
    old = namespace.get(name, missing)
    namespace[name] = value
    try:
        yield
    finally:
        if old is missing:
            del namespace[name]
        else:
            namespace[name] = old


def snapshot(*tensors):
    """Values, requires_grad flags and (for leaves) .grad of tensors, to compare after a call."""
    return [
        (t.detach().clone(), t.requires_grad,
         t.grad.detach().clone() if t.is_leaf and t.grad is not None else None)
        for t in tensors
    ]


def assert_untouched(who, tensors, before, names):
    """Fail if a call changed the values, requires_grad flags or .grad of the caller's tensors."""
    for t, (value, flag, grad), name in zip(tensors, before, names):
        assert torch.equal(t.detach(), value), f"{who} must not change the values of its argument {name}"
        assert t.requires_grad == flag, (
            f"{who} changed {name}.requires_grad from {flag} to {t.requires_grad}: "
            "work on a detached copy instead of the caller's tensor")
        if t.is_leaf:
            if grad is None:
                assert t.grad is None, (
                    f"{who} left a gradient in {name}.grad of the caller's tensor: "
                    "differentiate a detached copy (or use torch.autograd.grad)")
            else:
                assert t.grad is not None and torch.equal(t.grad, grad), (
                    f"{who} changed {name}.grad of the caller's tensor")

# %% [markdown] tags=["ru"]
# ## 1. Вычислительный граф
#
# Если хотя бы один вход операции требует градиента (`requires_grad=True`), PyTorch не только
# считает результат, но и запоминает, **как** он получен. Каждый такой результат хранит в поле
# `grad_fn` узел графа: объект, который знает, как по градиенту выхода посчитать градиенты
# входов, и ссылается на узлы, породившие эти входы. Тензоры, созданные пользователем (а не
# операцией), называются **листьями** графа: у них `grad_fn is None`, и именно в их поле `.grad`
# накапливаются градиенты.
#
# Возьмём функцию $f(x, y) = x^2 + xy + (x + y)^2$ и запишем её по шагам, чтобы у каждого
# промежуточного значения было имя:
#
# $$a = x^2,\quad b = xy,\quad c = x + y,\quad d = a + b,\quad e = c^2,\quad f = d + e.$$
#
# Каждая строка таблицы — узел графа, столбец «входы» — рёбра, по которым пойдёт обратный проход:
#
# | узел | операция | входы |
# |---|---|---|
# | `a` | $x^2$ | `x` |
# | `b` | $x \cdot y$ | `x`, `y` |
# | `c` | $x + y$ | `x`, `y` |
# | `d` | $a + b$ | `a`, `b` |
# | `e` | $c^2$ | `c` |
# | `f` | $d + e$ | `d`, `e` |
#
# Обратите внимание: `x` используется трижды, `y` дважды. По правилу дифференцирования сложной
# функции вклады всех путей от `f` до листа **складываются**.

# %% [markdown] tags=["en"]
# ## 1. The computational graph
#
# When at least one input of an operation requires a gradient (`requires_grad=True`), PyTorch does
# not just compute the result: it also records **how** it was obtained. Every such result stores a
# graph node in its `grad_fn` attribute: an object that knows how to turn the gradient of the output
# into gradients of the inputs, and that points to the nodes that produced those inputs. Tensors
# created by the user (not by an operation) are the **leaves** of the graph: their `grad_fn` is
# `None`, and their `.grad` attribute is where gradients accumulate.
#
# Take $f(x, y) = x^2 + xy + (x + y)^2$ and write it step by step so that every intermediate value
# has a name:
#
# $$a = x^2,\quad b = xy,\quad c = x + y,\quad d = a + b,\quad e = c^2,\quad f = d + e.$$
#
# Each row of the table is a node of the graph; the "inputs" column lists the edges the backward pass
# will follow:
#
# | node | operation | inputs |
# |---|---|---|
# | `a` | $x^2$ | `x` |
# | `b` | $x \cdot y$ | `x`, `y` |
# | `c` | $x + y$ | `x`, `y` |
# | `d` | $a + b$ | `a`, `b` |
# | `e` | $c^2$ | `c` |
# | `f` | $d + e$ | `d`, `e` |
#
# Note that `x` is used three times and `y` twice. By the chain rule, the contributions of all the
# paths from `f` to a leaf **add up**.

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
a = x**2
b = x * y
c = x + y
d = a + b
e = c**2
f = d + e
print("f =", f)
print("x.is_leaf:", x.is_leaf, "| x.grad_fn:", x.grad_fn)
print("f.is_leaf:", f.is_leaf, "| f.grad_fn:", f.grad_fn)

# %% [markdown] tags=["ru"]
# Узел `f.grad_fn` (сложение) ссылается на узлы своих входов через `next_functions`: это пары
# (узел, номер выхода). Пройдём граф рекурсивно и напечатаем его как дерево. Листья
# представлены узлами `AccumulateGrad`: именно они складывают пришедший градиент в `.grad`.
# Видно, что один и тот же узел `AccumulateGrad` для `x` встречается в дереве трижды: дерево
# разворачивает граф, в котором на самом деле по одному узлу на лист.

# %% [markdown] tags=["en"]
# The node `f.grad_fn` (an addition) points to the nodes of its inputs through `next_functions`:
# pairs of (node, output index). Let's walk the graph recursively and print it as a tree. Leaves
# are represented by `AccumulateGrad` nodes: they are what adds the incoming gradient into `.grad`.
# The same `AccumulateGrad` node of `x` shows up three times in the tree: the tree unrolls a graph
# that really has one node per leaf.

# %%
leaf_names = {x: "x", y: "y"}


def print_graph(node, depth=0):
    """Print the autograd graph below `node` as an indented tree (shared nodes repeat)."""
    if node is None:
        return
    label = type(node).__name__
    if hasattr(node, "variable"):  # AccumulateGrad nodes hold their leaf tensor
        label += f" -> {leaf_names.get(node.variable, 'leaf')}.grad"
    print("    " * depth + label)
    for child, _ in node.next_functions:
        print_graph(child, depth + 1)


print_graph(f.grad_fn)

# %% [markdown] tags=["ru"]
# Теперь обратный проход. Производные на бумаге:
#
# $$\frac{\partial f}{\partial x} = 2x + y + 2(x + y), \qquad \frac{\partial f}{\partial y} = x + 2(x + y).$$
#
# При $x = 2, y = 3$ это $4 + 3 + 10 = 17$ и $2 + 10 = 12$. Вызов `f.backward()` должен дать то же.

# %% [markdown] tags=["en"]
# Now the backward pass. The derivatives on paper:
#
# $$\frac{\partial f}{\partial x} = 2x + y + 2(x + y), \qquad \frac{\partial f}{\partial y} = x + 2(x + y).$$
#
# At $x = 2, y = 3$ these are $4 + 3 + 10 = 17$ and $2 + 10 = 12$. Calling `f.backward()` must agree.

# %%
f.backward()
print("x.grad =", x.grad, "| by hand:", 2 * 2.0 + 3.0 + 2 * (2.0 + 3.0))
print("y.grad =", y.grad, "| by hand:", 2.0 + 2 * (2.0 + 3.0))

# %% [markdown] tags=["ru"]
# ### Три вещи, о которых стоит помнить
#
# **1. После `backward()` граф освобождается.** Промежуточные значения, сохранённые для обратного
# прохода, удаляются, чтобы не занимать память. Второй `backward()` по тому же графу падает. Если
# граф нужен ещё раз, передайте `retain_graph=True`, но обычно правильнее построить граф заново:
# прямой проход дешёвый.

# %% [markdown] tags=["en"]
# ### Three things to remember
#
# **1. `backward()` frees the graph.** The intermediate values saved for the backward pass are
# released to save memory, and a second `backward()` through the same graph fails. If you need the
# graph again, pass `retain_graph=True`, but usually it is better to rebuild it: the forward pass
# is cheap.

# %%
try:
    f.backward()
except RuntimeError as error:
    print("RuntimeError:", str(error).splitlines()[0])

# %% [markdown] tags=["ru"]
# **2. Градиенты накапливаются.** `backward()` не записывает, а **прибавляет** градиент к `.grad`.
# Это удобно (так градиенты от нескольких путей и нескольких батчей складываются сами), но
# означает, что между шагами обучения `.grad` нужно обнулять: `x.grad = None` или `x.grad.zero_()`.

# %% [markdown] tags=["en"]
# **2. Gradients accumulate.** `backward()` does not write into `.grad`, it **adds** to it. That is
# handy (contributions from several paths and several batches add up by themselves) but it means
# that `.grad` has to be reset between training steps: `x.grad = None` or `x.grad.zero_()`.

# %%
x = torch.tensor(2.0, requires_grad=True)
for step in range(3):
    (x**2).backward()  # d(x^2)/dx = 4 at x = 2
    print(f"after backward #{step + 1}: x.grad = {x.grad.item()}")
x.grad = None  # reset before the next, independent computation
(x**2).backward()
print("after a reset and one more backward:", x.grad.item())

# %% [markdown] tags=["ru"]
# **3. `.grad` заполняется только у листьев.** У промежуточных тензоров (например, `a = x**2`)
# градиент после `backward()` не сохраняется: обращение к `a.grad` вернёт `None` и выдаст
# предупреждение. Если промежуточный градиент нужен для отладки, вызовите `a.retain_grad()` до
# обратного прохода.

# %% [markdown] tags=["en"]
# **3. Only leaves get a `.grad`.** Intermediate tensors (such as `a = x**2`) do not keep their
# gradient after `backward()`: reading `a.grad` returns `None` with a warning. If you need an
# intermediate gradient for debugging, call `a.retain_grad()` before the backward pass.

# %%
x = torch.tensor(2.0, requires_grad=True)
a = x**2
a.retain_grad()
(3 * a).backward()
print("a.is_leaf:", a.is_leaf, "| a.grad:", a.grad, "| x.grad:", x.grad)

# %% [markdown] tags=["ru"]
# Граф строится одинаково на любом устройстве: если доступна видеокарта, тот же пример можно
# посчитать на ней.

# %% [markdown] tags=["en"]
# The graph is built the same way on any device: if a GPU is available, the same example runs there.

# %%
if torch.cuda.is_available():
    x = torch.tensor(2.0, requires_grad=True, device="cuda")
    y = torch.tensor(3.0, requires_grad=True, device="cuda")
    (x**2 + x * y + (x + y) ** 2).backward()
    print("on", x.device, "- x.grad:", x.grad.item(), "y.grad:", y.grad.item())
else:
    print("No GPU here: on a GPU this cell prints x.grad: 17.0 y.grad: 12.0 computed on cuda:0")

# %% [markdown] tags=["ru"]
# ## Задание 1. Градиенты многочлена (2 + 1 балла)
#
# Для функции
#
# $$f(x, y, z) = \sum \left(x^2 + y^2 + z^2 + 2xyz\right)$$
#
# (сумма по всем элементам) напишите:
#
# - `poly_grads(x, y, z)`: градиенты $f$ по `x`, `y`, `z`, **посчитанные с помощью autograd**
#   (`.backward()` или `torch.autograd.grad`). Каждый градиент имеет форму своего входа. Входы
#   могут иметь разные формы, совместимые по broadcasting (например, `x` формы (3, 4) и скаляр
#   `z`): autograd сам просуммирует градиент по размноженным осям.
# - `poly_grads_analytic(x, y, z)`: те же градиенты по формуле, выведенной на бумаге, без autograd
#   (здесь входы одной формы).
#
# **Не трогайте тензоры вызывающего.** Функция не должна менять значения входов, их
# `requires_grad` и их `.grad`. Частая ошибка: вызвать `x.requires_grad_()` на переданном тензоре
# и `backward()`: тогда у вызывающего появится (или изменится) `x.grad`, а второй вызов функции
# прибавит к нему ещё раз. Работайте с копией, отсоединённой от графа: `x.detach().requires_grad_()`.
# Если вход сам получен из вычислений с градиентом, без `detach()` обратный проход уйдёт дальше, в
# чужой граф.
#
# Пример: при $x = 1, y = 2, z = 3$ градиенты равны $(14, 10, 10)$.

# %% [markdown] tags=["en"]
# ## Exercise 1. Gradients of a polynomial (2 + 1 points)
#
# For
#
# $$f(x, y, z) = \sum \left(x^2 + y^2 + z^2 + 2xyz\right)$$
#
# (a sum over all elements), write:
#
# - `poly_grads(x, y, z)`: the gradients of $f$ with respect to `x`, `y`, `z`, **computed with
#   autograd** (`.backward()` or `torch.autograd.grad`). Each gradient has the shape of its own
#   input. The inputs may have different shapes that broadcast together (say `x` of shape (3, 4)
#   and a scalar `z`): autograd sums the gradient over the broadcast dimensions for you.
# - `poly_grads_analytic(x, y, z)`: the same gradients from the formula you derive on paper, without
#   autograd (here the inputs share one shape).
#
# **Leave the caller's tensors alone.** The function must not change the inputs' values, their
# `requires_grad` or their `.grad`. A common mistake is to call `x.requires_grad_()` on the tensor
# you were given and then `backward()`: the caller finds a new (or changed) `x.grad`, and a second
# call adds to it again. Work on a copy detached from any graph: `x.detach().requires_grad_()`. If an
# input was itself computed with gradients, without `detach()` the backward pass would run on into
# someone else's graph.
#
# Example: at $x = 1, y = 2, z = 3$ the gradients are $(14, 10, 10)$.

# %% nbgrader={"grade_id": "poly_grads", "solution": true}
def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    ### BEGIN SOLUTION
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    f = (lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum()
    return torch.autograd.grad(f, leaves)
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_poly_grads", "grade": true, "points": 2, "locked": true}
grads = poly_grads(torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0))
assert len(grads) == 3, "poly_grads must return three gradients (df/dx, df/dy, df/dz)"
torch.testing.assert_close(grads[0], torch.tensor(14.0), msg="df/dx at (1, 2, 3) must be 14")
torch.testing.assert_close(grads[1], torch.tensor(10.0), msg="df/dy at (1, 2, 3) must be 10")
torch.testing.assert_close(grads[2], torch.tensor(10.0), msg="df/dz at (1, 2, 3) must be 10")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _poly_oracle(x, y, z):
    leaves = [t.detach().clone().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    return torch.autograd.grad((lx * lx + ly * ly + lz * lz + 2 * lx * ly * lz).sum(), leaves)


_gen = torch.Generator().manual_seed(2002)
for _shapes, _dtype in [
    (((5,), (5,), (5,)), torch.float32),
    (((3, 4), (3, 4), (3, 4)), torch.float64),
    (((2, 3, 2), (2, 3, 2), (2, 3, 2)), torch.float32),
    (((3, 4), (4,), ()), torch.float64),
    (((1, 6), (5, 1), (6,)), torch.float32),
]:
    _inputs = [torch.randn(s, generator=_gen, dtype=_dtype) for s in _shapes]
    _got = poly_grads(*_inputs)
    assert len(_got) == 3, "poly_grads must return three gradients"
    for _name, _g, _e, _inp in zip("xyz", _got, _poly_oracle(*_inputs), _inputs):
        assert isinstance(_g, torch.Tensor), f"df/d{_name} must be a tensor"
        assert _g.shape == _inp.shape, (
            f"df/d{_name} must have the shape of {_name}, {tuple(_inp.shape)}, got {tuple(_g.shape)} "
            f"(input shapes {[tuple(s) for s in _shapes]})")
        torch.testing.assert_close(_g.detach(), _e, msg=f"wrong df/d{_name} for input shapes {_shapes}")

# Autograd must do the work.
with CallLog() as _log:
    poly_grads(*[torch.randn(4, generator=_gen) for _ in range(3)])
assert _log.count(BACKWARD_FUNCS + GRAD_FUNCS) >= 1, (
    "poly_grads must compute the gradients with autograd (.backward() or torch.autograd.grad), "
    "not from the closed form")

# The caller's tensors stay untouched: values, requires_grad, and an existing .grad.
_x = torch.randn(3, 2, generator=_gen).requires_grad_(True)
_x.grad = torch.full((3, 2), 7.0)
_y = torch.randn(3, 2, generator=_gen)
_z = torch.randn(3, 2, generator=_gen).requires_grad_(True)
_before = snapshot(_x, _y, _z)
_first = poly_grads(_x, _y, _z)
assert_untouched("poly_grads", (_x, _y, _z), _before, "xyz")
_second = poly_grads(_x, _y, _z)
for _name, _g1, _g2, _e in zip("xyz", _first, _second, _poly_oracle(_x, _y, _z)):
    torch.testing.assert_close(_g1.detach(), _e, msg=f"wrong df/d{_name} when inputs require grad")
    torch.testing.assert_close(_g2.detach(), _e, msg=(
        f"a second call returned a different df/d{_name}: gradients must not accumulate across calls"))

# Inputs computed from other tensors: the backward pass must not leak into the caller's graph.
_base = torch.randn(4, generator=_gen).requires_grad_(True)
_xs = _base * 1.5
_ys = _base.exp()
_zs = torch.randn(4, generator=_gen)
for _name, _g, _e in zip("xyz", poly_grads(_xs, _ys, _zs), _poly_oracle(_xs, _ys, _zs)):
    torch.testing.assert_close(_g.detach(), _e, msg=f"wrong df/d{_name} for inputs that are not leaves")
assert _base.grad is None, (
    "poly_grads let gradients flow back into the caller's graph (a tensor upstream of x got a .grad): "
    "detach the inputs before differentiating")
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "poly_grads_analytic", "solution": true}
def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    ### BEGIN SOLUTION
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_poly_grads_analytic", "grade": true, "points": 1, "locked": true}
grads = poly_grads_analytic(torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0))
assert len(grads) == 3, "poly_grads_analytic must return three gradients (df/dx, df/dy, df/dz)"
torch.testing.assert_close(grads[0], torch.tensor(14.0), msg="df/dx at (1, 2, 3) must be 14")
torch.testing.assert_close(grads[1], torch.tensor(10.0), msg="df/dy at (1, 2, 3) must be 10")
torch.testing.assert_close(grads[2], torch.tensor(10.0), msg="df/dz at (1, 2, 3) must be 10")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_gen = torch.Generator().manual_seed(2003)
for _shape, _dtype in [((6,), torch.float32), ((3, 4), torch.float64), ((2, 2, 3), torch.float32), ((), torch.float64)]:
    _inputs = [torch.randn(_shape, generator=_gen, dtype=_dtype) for _ in range(3)]
    _leaves = [t.clone().requires_grad_(True) for t in _inputs]
    _f = (_leaves[0] ** 2 + _leaves[1] ** 2 + _leaves[2] ** 2 + 2 * _leaves[0] * _leaves[1] * _leaves[2]).sum()
    _expected = torch.autograd.grad(_f, _leaves)
    with CallLog() as _log:
        _got = poly_grads_analytic(*_inputs)
    assert _log.count(BACKWARD_FUNCS + GRAD_FUNCS) == 0, (
        "poly_grads_analytic must use the closed form, not autograd (.backward() / torch.autograd.grad)")
    assert len(_got) == 3, "poly_grads_analytic must return three gradients"
    for _name, _g, _e in zip("xyz", _got, _expected):
        assert isinstance(_g, torch.Tensor) and _g.shape == _e.shape, (
            f"df/d{_name} must be a tensor of shape {tuple(_e.shape)}")
        torch.testing.assert_close(_g, _e, msg=f"wrong closed form for df/d{_name} (shape {_shape})")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Сравним оба способа на случайных тензорах: они должны совпасть.

# %% [markdown] tags=["en"]
# Compare both ways on random tensors: they must agree.

# %%
torch.manual_seed(0)
xs, ys, zs = torch.randn(3, 5), torch.randn(3, 5), torch.randn(3, 5)
for name, g_auto, g_hand in zip("xyz", poly_grads(xs, ys, zs), poly_grads_analytic(xs, ys, zs)):
    print(f"df/d{name}: max |autograd - closed form| = {(g_auto - g_hand).abs().max().item():.2e}")

# %% [markdown] tags=["ru"]
# ## 2. Как отключить градиенты
#
# Запись графа стоит памяти и времени, а иногда она просто вредна: например, когда мы обновляем
# параметры модели или считаем метрики на валидации. Есть три способа её выключить.
#
# **1. Флаг `requires_grad` самого тензора.** Операции над тензорами, ни один из которых не требует
# градиента, граф не строят. Флаг можно поменять только у листа.

# %% [markdown] tags=["en"]
# ## 2. Turning gradients off
#
# Recording the graph costs memory and time, and sometimes it is plainly harmful: for instance when
# we update the parameters of a model or compute validation metrics. There are three ways to turn
# it off.
#
# **1. The tensor's own `requires_grad` flag.** Operations on tensors none of which requires a
# gradient build no graph. Only a leaf's flag can be changed.

# %%
w = torch.tensor(1.0, requires_grad=True)
print("w requires grad:      (w + 1).requires_grad =", (w + 1).requires_grad)
w.requires_grad_(False)  # the same as w.requires_grad = False
print("w no longer requires: (w + 1).requires_grad =", (w + 1).requires_grad)

# %% [markdown] tags=["ru"]
# **2. `torch.no_grad()`**, как контекстный менеджер или как декоратор. Внутри блока операции не
# записываются, даже если входы требуют градиента. Сами тензоры при этом не меняются: после блока
# `w` по-прежнему требует градиента. Именно так обновляют параметры в градиентном спуске.

# %% [markdown] tags=["en"]
# **2. `torch.no_grad()`**, as a context manager or as a decorator. Inside the block operations are
# not recorded, even when their inputs require gradients. The tensors themselves are unchanged:
# after the block `w` still requires a gradient. This is how gradient descent updates parameters.

# %%
w = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    inside = w * 2
print("inside no_grad: requires_grad =", inside.requires_grad, "| w.requires_grad =", w.requires_grad)


@torch.no_grad()
def evaluate(t):
    """Nothing computed in here is recorded."""
    return t * 2


def train_forward(t):
    return t * 2


print("decorated function:", evaluate(w).requires_grad, "| plain function:", train_forward(w).requires_grad)

# %% [markdown] tags=["ru"]
# Для чистого инференса есть ещё `torch.inference_mode()`: он работает как `no_grad`, но быстрее,
# а полученные в нём тензоры потом нельзя использовать в вычислениях с градиентом.
#
# **3. `detach()`** возвращает новый тензор с теми же данными, но без связи с графом: это лист,
# который не требует градиента. Важно: `detach()` **не копирует** данные, результат делит память
# с исходным тензором. Если собираетесь менять результат на месте, добавьте `.clone()`.

# %% [markdown] tags=["en"]
# For pure inference there is also `torch.inference_mode()`: it works like `no_grad`, only faster,
# and tensors created in it cannot later take part in computations that need gradients.
#
# **3. `detach()`** returns a new tensor with the same data but cut from the graph: a leaf that
# does not require a gradient. Careful: `detach()` does **not** copy the data, the result shares
# memory with the original. If you are going to modify the result in place, add `.clone()`.

# %%
w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 3
h_detached = h.detach()
print("h.requires_grad:", h.requires_grad, "| h_detached.requires_grad:", h_detached.requires_grad,
      "| h_detached.is_leaf:", h_detached.is_leaf)
print("shares memory with h:", h_detached.data_ptr() == h.data_ptr())
safe_copy = h.detach().clone()
safe_copy[0] = 100.0
print("h after changing the clone:", h)

# %% [markdown] tags=["ru"]
# ## Задание 2. Среднеквадратичная ошибка и ловушка broadcasting (2 + 2 балла)
#
# Среднеквадратичная ошибка $\mathrm{MSE}(\hat y, y) = \frac{1}{N}\sum_i (\hat y_i - y_i)^2$, где
# сумма и $N$ берутся по всем элементам. Классическая ошибка при её реализации связана с
# broadcasting. Модель часто выдаёт предсказания формы (n, 1) (столбец), а целевые значения лежат в
# тензоре формы (n,). Разность таких тензоров имеет форму (n, n): каждое предсказание сравнивается
# с **каждым** ответом. Код не падает, loss получается числом, модель даже чему-то учится, но
# совсем не тому. Посмотрите:

# %% [markdown] tags=["en"]
# ## Exercise 2. Mean squared error and the broadcasting trap (2 + 2 points)
#
# The mean squared error is $\mathrm{MSE}(\hat y, y) = \frac{1}{N}\sum_i (\hat y_i - y_i)^2$, with the
# sum and $N$ over all elements. The classic bug in implementing it comes from broadcasting. A model
# often returns predictions of shape (n, 1) (a column) while the targets sit in a tensor of shape
# (n,). Their difference has shape (n, n): every prediction is compared with **every** target. The
# code does not crash, the loss is a number, the model even learns something, just not the right
# thing. Look:

# %%
y_pred = torch.tensor([[1.0], [2.0], [3.0]])  # shape (3, 1): a column of predictions
y_true = torch.tensor([1.0, 2.0, 3.0])  # shape (3,): perfect targets
difference = y_pred - y_true
print("difference shape:", tuple(difference.shape))
print("loss with silent broadcasting:", (difference**2).mean().item(), "(should be 0.0)")
print("loss after y_pred.squeeze(1):  ", ((y_pred.squeeze(1) - y_true) ** 2).mean().item())

# %% [markdown] tags=["ru"]
# `F.mse_loss` в этой ситуации хотя бы выдаёт предупреждение, но тоже считает неверный ответ.
# Поэтому наша функция будет строже: разные формы — это ошибка.
#
# 1. `mse(y_pred, y_true)`: MSE как 0-мерный тензор, через который проходит градиент (не
#    превращайте его в число `float`). Если формы различаются, бросьте `ValueError`, в сообщении
#    которого есть **обе** формы, например `shapes differ: y_pred (3, 1), y_true (3,)`.
# 2. `linear_mse_grads(x, w, b, y_true)`: градиенты `mse(x @ w + b, y_true)` по `w` и по `b`, той же
#    формы, что `w` и `b`. Используйте свою `mse`: тогда несовпадение форм `x @ w + b` и `y_true`
#    тоже даст `ValueError`. Тензоры вызывающего (значения, `requires_grad`, `.grad`) не меняйте:
#    повторный вызов с теми же аргументами должен давать тот же ответ.
#
# Примеры из домашнего задания:
#
# - `x = [[1, 2], [3, 4]]`, `w = [1, 1]`, `b = [0.5]`, `y_true = [5, 4]`: `dw = [9, 11]`, `db = [2]`;
# - `x = [[1], [2], [3]]`, `w = [1]`, `b = [0]`, `y_true = [4, 5, 6]`: `dw = [-12]`, `db = [-6]`.
#
# Проверьте первый пример руками: остатки $r = xw + b - y = (-1.5, 3.5)$,
# $\partial L / \partial w = \frac{2}{N} x^\top r$, $\partial L / \partial b = \frac{2}{N}\sum r$.

# %% [markdown] tags=["en"]
# `F.mse_loss` at least warns in this situation, but it computes the wrong answer too. So our
# function is stricter: different shapes are an error.
#
# 1. `mse(y_pred, y_true)`: the MSE as a 0-dim tensor that gradients flow through (do not turn it
#    into a Python `float`). If the shapes differ, raise a `ValueError` whose message shows **both**
#    shapes, for instance `shapes differ: y_pred (3, 1), y_true (3,)`.
# 2. `linear_mse_grads(x, w, b, y_true)`: the gradients of `mse(x @ w + b, y_true)` with respect to
#    `w` and `b`, shaped like `w` and `b`. Use your `mse`: then a mismatch between the shapes of
#    `x @ w + b` and `y_true` raises `ValueError` as well. Leave the caller's tensors (values,
#    `requires_grad`, `.grad`) unchanged: calling it twice with the same arguments must give the same
#    answer.
#
# The homework's examples:
#
# - `x = [[1, 2], [3, 4]]`, `w = [1, 1]`, `b = [0.5]`, `y_true = [5, 4]`: `dw = [9, 11]`, `db = [2]`;
# - `x = [[1], [2], [3]]`, `w = [1]`, `b = [0]`, `y_true = [4, 5, 6]`: `dw = [-12]`, `db = [-6]`.
#
# Check the first one by hand: the residuals are $r = xw + b - y = (-1.5, 3.5)$,
# $\partial L / \partial w = \frac{2}{N} x^\top r$, $\partial L / \partial b = \frac{2}{N}\sum r$.

# %% nbgrader={"grade_id": "mse", "solution": true}
def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    ### BEGIN SOLUTION
    if y_pred.shape != y_true.shape:
        raise ValueError(
            f"mse needs tensors of the same shape, got y_pred {tuple(y_pred.shape)} "
            f"and y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_mse", "grade": true, "points": 2, "locked": true}
loss = mse(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 5.0]))
assert isinstance(loss, torch.Tensor) and loss.dim() == 0, "mse must return a 0-dim tensor"
torch.testing.assert_close(loss, torch.tensor(4.0 / 3.0), msg="mse([1, 2, 3], [1, 2, 5]) must be 4/3")
try:
    mse(torch.zeros(3, 1), torch.zeros(3))
except ValueError:
    pass
else:
    raise AssertionError("mse must raise ValueError for shapes (3, 1) and (3,)")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_gen = torch.Generator().manual_seed(2004)
for _shape, _dtype in [((10,), torch.float32), ((4, 3), torch.float64), ((2, 3, 4), torch.float32),
                       ((), torch.float64), ((7, 1), torch.float32)]:
    _p = torch.randn(_shape, generator=_gen, dtype=_dtype)
    _t = torch.randn(_shape, generator=_gen, dtype=_dtype)
    _before = snapshot(_p, _t)
    _got = mse(_p, _t)
    assert_untouched("mse", (_p, _t), _before, ("y_pred", "y_true"))
    assert isinstance(_got, torch.Tensor) and _got.dim() == 0, (
        f"mse must return a 0-dim tensor, got {type(_got).__name__} for shape {_shape}")
    torch.testing.assert_close(_got, F.mse_loss(_p, _t), msg=(
        f"wrong mse for shape {_shape}: it is the mean of the squared differences over all elements"))

# Gradients flow through the result: d mse / d y_pred = 2 (y_pred - y_true) / N.
_p = torch.randn(5, 2, generator=_gen).requires_grad_(True)
_t = torch.randn(5, 2, generator=_gen)
_out = mse(_p, _t)
assert isinstance(_out, torch.Tensor) and _out.requires_grad, (
    "the result of mse must stay connected to the graph (no .item(), float() or detach())")
(_gp,) = torch.autograd.grad(_out, _p)
torch.testing.assert_close(_gp, 2 * (_p.detach() - _t) / _t.numel(), msg="wrong gradient of mse w.r.t. y_pred")

# Different shapes are an error naming both shapes, even when they would broadcast.
for _sp, _st in [((6, 1), (6,)), ((6,), (6, 1)), ((2, 3), (3, 2)), ((4, 3), (3,)), ((5,), ())]:
    try:
        mse(torch.zeros(_sp), torch.zeros(_st))
    except ValueError as _error:
        assert mentions_shape(_error, _sp) and mentions_shape(_error, _st), (
            f"the ValueError for shapes {_sp} and {_st} must name both shapes, got: {_error}")
    else:
        raise AssertionError(
            f"mse must raise ValueError for shapes {_sp} and {_st} instead of broadcasting them")
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "linear_mse_grads", "solution": true}
def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    ### BEGIN SOLUTION
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = mse(x @ w + b, y_true)
    dw, db = torch.autograd.grad(loss, (w, b))
    return dw, db
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_linear_mse_grads", "grade": true, "points": 2, "locked": true}
dw, db = linear_mse_grads(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1.0, 1.0]),
                          torch.tensor([0.5]), torch.tensor([5.0, 4.0]))
torch.testing.assert_close(dw, torch.tensor([9.0, 11.0]), msg="first example: dw must be [9, 11]")
torch.testing.assert_close(db, torch.tensor([2.0]), msg="first example: db must be [2]")
dw, db = linear_mse_grads(torch.tensor([[1.0], [2.0], [3.0]]), torch.tensor([1.0]),
                          torch.tensor([0.0]), torch.tensor([4.0, 5.0, 6.0]))
torch.testing.assert_close(dw, torch.tensor([-12.0]), msg="second example: dw must be [-12]")
torch.testing.assert_close(db, torch.tensor([-6.0]), msg="second example: db must be [-6]")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


def _linear_oracle(x, w, b, y):
    leaves = (w.detach().clone().requires_grad_(True), b.detach().clone().requires_grad_(True))
    return torch.autograd.grad(_reference_mse(x.detach() @ leaves[0] + leaves[1], y), leaves)


# These tests run with a reference mse, so they do not depend on yours.
with replaced_global("mse", _reference_mse):
    _gen = torch.Generator().manual_seed(2005)
    for _n, _d, _w_shape, _b_shape, _y_shape, _dtype in [
        (8, 3, (3,), (1,), (8,), torch.float32),
        (5, 4, (4,), (), (5,), torch.float64),
        (6, 2, (2, 1), (1,), (6, 1), torch.float32),
        (7, 3, (3, 2), (2,), (7, 2), torch.float64),
    ]:
        _x = torch.randn(_n, _d, generator=_gen, dtype=_dtype)
        _w = torch.randn(_w_shape, generator=_gen, dtype=_dtype)
        _b = torch.randn(_b_shape, generator=_gen, dtype=_dtype)
        _y = torch.randn(_y_shape, generator=_gen, dtype=_dtype)
        _before = snapshot(_x, _w, _b, _y)
        _got = linear_mse_grads(_x, _w, _b, _y)
        assert_untouched("linear_mse_grads", (_x, _w, _b, _y), _before, ("x", "w", "b", "y_true"))
        assert len(_got) == 2, "linear_mse_grads must return (dw, db)"
        for _name, _g, _e, _ref in zip(("dw", "db"), _got, _linear_oracle(_x, _w, _b, _y), (_w, _b)):
            assert isinstance(_g, torch.Tensor) and _g.shape == _ref.shape, (
                f"{_name} must have the shape of {_name[1]}, {tuple(_ref.shape)}")
            torch.testing.assert_close(_g.detach(), _e, msg=(
                f"wrong {_name} for x {tuple(_x.shape)}, w {_w_shape}, b {_b_shape}, y_true {_y_shape}"))

    # Parameters that already require grad: two calls in a row give the same answer.
    _x = torch.randn(6, 3, generator=_gen)
    _w = torch.randn(3, generator=_gen).requires_grad_(True)
    _b = torch.randn(1, generator=_gen).requires_grad_(True)
    _y = torch.randn(6, generator=_gen)
    _expected = _linear_oracle(_x, _w, _b, _y)
    for _call in ("first", "second"):
        for _name, _g, _e in zip(("dw", "db"), linear_mse_grads(_x, _w, _b, _y), _expected):
            torch.testing.assert_close(_g.detach(), _e, msg=(
                f"wrong {_name} on the {_call} call with w and b requiring grad: "
                "gradients must not accumulate across calls"))

    # A column of predictions against a flat target is an error, not a broadcast.
    try:
        linear_mse_grads(torch.randn(6, 3, generator=_gen), torch.randn(3, 1, generator=_gen),
                         torch.randn(1, generator=_gen), torch.randn(6, generator=_gen))
    except ValueError:
        pass
    else:
        raise AssertionError(
            "x @ w + b of shape (6, 1) against y_true of shape (6,) must raise ValueError (use mse)")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## Задание 3. `.backward()` и `torch.autograd.grad` (2 балла)
#
# Есть два способа запустить обратный проход.
#
# - `loss.backward()` ничего не возвращает: градиенты **прибавляются** к полю `.grad` каждого листа,
#   который требует градиента. Так работают циклы обучения: оптимизатор потом читает `p.grad`.
# - `torch.autograd.grad(loss, inputs)` **возвращает** кортеж градиентов по `inputs` и не трогает
#   `.grad`. Это удобно, когда градиент нужен как значение: внутри функции, для проверки, для
#   производных высших порядков (с `create_graph=True`).
#
# Оба способа по умолчанию освобождают граф после прохода.
#
# Напишите `chain_rule_grads(x)`: градиент $\sum \sin(x^2 + 1)$ по `x` двумя способами, один раз
# через `.backward()` и один раз через `torch.autograd.grad`, **каждый раз на своём графе**
# (второй проход по освобождённому графу упадёт, а `retain_graph=True` здесь не нужен: просто
# посчитайте функцию заново). Оба результата должны совпасть с формулой $2x\cos(x^2 + 1)$.
# Тензор `x` вызывающего (и его `.grad`) менять нельзя.

# %% [markdown] tags=["en"]
# ## Exercise 3. `.backward()` and `torch.autograd.grad` (2 points)
#
# There are two ways to run the backward pass.
#
# - `loss.backward()` returns nothing: the gradients are **added** to the `.grad` attribute of every
#   leaf that requires one. This is how training loops work: the optimizer then reads `p.grad`.
# - `torch.autograd.grad(loss, inputs)` **returns** a tuple of gradients with respect to `inputs` and
#   leaves `.grad` alone. It is handy when you need the gradient as a value: inside a function, in a
#   check, for higher derivatives (with `create_graph=True`).
#
# Both free the graph after the pass by default.
#
# Write `chain_rule_grads(x)`: the gradient of $\sum \sin(x^2 + 1)$ with respect to `x` in both ways,
# once with `.backward()` and once with `torch.autograd.grad`, **each on its own graph** (a second
# pass through a freed graph fails, and `retain_graph=True` is not the fix here: just compute the
# function again). Both results must match the formula $2x\cos(x^2 + 1)$. The caller's tensor `x`
# (and its `.grad`) must not change.

# %% nbgrader={"grade_id": "chain_rule_grads", "solution": true}
def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    ### BEGIN SOLUTION
    x_backward = x.detach().clone().requires_grad_(True)
    torch.sin(x_backward**2 + 1).sum().backward()
    x_grad = x.detach().clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(torch.sin(x_grad**2 + 1).sum(), x_grad)
    return x_backward.grad, grad
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_chain_rule_grads", "grade": true, "points": 2, "locked": true}
x = torch.tensor([0.0, 0.5, 1.0, 2.0])
g_backward, g_grad = chain_rule_grads(x)
expected = 2 * x * torch.cos(x**2 + 1)
torch.testing.assert_close(g_backward, expected, msg="the .backward() gradient must equal 2x cos(x^2 + 1)")
torch.testing.assert_close(g_grad, expected, msg="the torch.autograd.grad gradient must equal 2x cos(x^2 + 1)")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_gen = torch.Generator().manual_seed(2006)
for _shape, _dtype in [((7,), torch.float32), ((3, 4), torch.float64), ((), torch.float32), ((2, 1, 3), torch.float64)]:
    _x = torch.randn(_shape, generator=_gen, dtype=_dtype)
    _expected = 2 * _x * torch.cos(_x**2 + 1)
    _before = snapshot(_x)
    with CallLog() as _log:
        _got = chain_rule_grads(_x)
    assert_untouched("chain_rule_grads", (_x,), _before, ("x",))
    assert len(_got) == 2, "chain_rule_grads must return two gradients"
    for _how, _g in zip((".backward()", "torch.autograd.grad"), _got):
        assert isinstance(_g, torch.Tensor) and _g.shape == _x.shape, (
            f"the {_how} gradient must be a tensor of shape {tuple(_x.shape)}")
        torch.testing.assert_close(_g.detach(), _expected, msg=f"wrong {_how} gradient for shape {_shape}")
    assert _log.count(BACKWARD_FUNCS) >= 1, "one of the gradients must come from .backward()"
    assert _log.count(GRAD_FUNCS) >= 1, "one of the gradients must come from torch.autograd.grad"
    assert _log.count_named("sin", "sin_") >= 2, (
        "each gradient needs its own graph: compute sin(x**2 + 1) once per pass "
        "(no retain_graph on one shared graph)")

# A caller's x that requires grad keeps an empty .grad, and repeated calls agree.
_x = torch.randn(5, generator=_gen).requires_grad_(True)
_before = snapshot(_x)
_first = chain_rule_grads(_x)
_second = chain_rule_grads(_x)
assert_untouched("chain_rule_grads", (_x,), _before, ("x",))
_expected = 2 * _x.detach() * torch.cos(_x.detach() ** 2 + 1)
for _how, _g1, _g2 in zip((".backward()", "torch.autograd.grad"), _first, _second):
    torch.testing.assert_close(_g1.detach(), _expected, msg=f"wrong {_how} gradient when x requires grad")
    torch.testing.assert_close(_g2.detach(), _expected, msg=(
        f"the {_how} gradient changed on a second call: gradients must not accumulate across calls"))
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 4. Градиентный спуск своими руками
#
# Шаг градиентного спуска: $w \leftarrow w - \eta \,\nabla_w L$. В PyTorch у него три обязательных
# свойства:
#
# 1. обновление делается **на месте** (`w -= ...`), чтобы `w` остался тем же тензором-листом, на
#    который ссылаются модель и оптимизатор;
# 2. обновление **не записывается в граф** (`torch.no_grad()`): иначе параметр станет результатом
#    операции, а не листом;
# 3. после шага градиенты **обнуляются**, иначе следующий `backward()` прибавит к старым.
#
# Нарушение любого из них даёт одну из трёх классических ошибок. Каждая ячейка ниже падает; мы
# ловим исключение и печатаем его, чтобы ноутбук выполнялся до конца.
#
# **Ошибка 1: обновление листа на месте вне `no_grad`.** PyTorch запрещает менять на месте лист,
# которому нужен градиент, пока идёт запись графа: такая операция сама попала бы в граф и испортила
# бы сохранённые для обратного прохода значения.

# %% [markdown] tags=["en"]
# ## 4. Gradient descent by hand
#
# A gradient descent step is $w \leftarrow w - \eta \,\nabla_w L$. In PyTorch it has three required
# properties:
#
# 1. the update happens **in place** (`w -= ...`), so that `w` stays the same leaf tensor that the
#    model and the optimizer refer to;
# 2. the update is **not recorded** in the graph (`torch.no_grad()`): otherwise the parameter would
#    become the result of an operation instead of a leaf;
# 3. after the step the gradients are **reset**, or the next `backward()` adds to the old ones.
#
# Breaking any of them gives one of the three classic mistakes. Each cell below fails; we catch the
# exception and print it so that the notebook still runs to the end.
#
# **Mistake 1: an in-place update of a leaf outside `no_grad`.** PyTorch refuses to modify in place
# a leaf that requires a gradient while the graph is being recorded: the operation itself would land
# in the graph and spoil the values saved for the backward pass.

# %%
w = torch.tensor(1.0, requires_grad=True)
loss = (w - 3) ** 2
loss.backward()
try:
    w -= 0.1 * w.grad  # in place, recorded: not allowed on a leaf that requires grad
except RuntimeError as error:
    print("RuntimeError:", error)

# %% [markdown] tags=["ru"]
# **Ошибка 2: присваивание вместо обновления на месте.** `w = w - lr * w.grad` создаёт **новый**
# тензор, результат вычитания. Он не лист, поэтому на следующем шаге `backward()` не заполнит его
# `.grad` (при чтении `w.grad` PyTorch выдаст предупреждение), градиент окажется `None`, и вычитание
# упадёт. Заодно граф растёт от шага к шагу: новый `w` помнит всю историю обновлений.

# %% [markdown] tags=["en"]
# **Mistake 2: re-assigning instead of updating in place.** `w = w - lr * w.grad` creates a **new**
# tensor, the result of a subtraction. It is not a leaf, so on the next step `backward()` does not
# fill its `.grad` (reading `w.grad` gives a warning), the gradient is `None`, and the subtraction
# fails. The graph also grows from step to step: the new `w` remembers the whole history of updates.

# %%
w = torch.tensor(1.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        for step in range(2):
            loss = (w - 3) ** 2
            loss.backward()
            print(f"step {step}: w.is_leaf = {w.is_leaf}, w.grad = {w.grad}")
            w = w - 0.1 * w.grad  # a new, non-leaf tensor
    except TypeError as error:
        print("TypeError:", error)
for message in sorted({str(warning.message).split(". ")[0] for warning in caught}):
    print("Warning:", message)

# %% [markdown] tags=["ru"]
# **Ошибка 3: присваивание внутри `no_grad`.** Внутри `no_grad` результат `w - lr * w.grad` не
# требует градиента. Переменная `w` теперь указывает на обычный тензор, связь с графом потеряна, и
# следующий `backward()` падает: в графе нет ни одного тензора, которому нужен градиент.

# %% [markdown] tags=["en"]
# **Mistake 3: re-assigning inside `no_grad`.** Inside `no_grad` the result of `w - lr * w.grad`
# does not require a gradient. The name `w` now refers to a plain tensor, the link to the graph is
# lost, and the next `backward()` fails: nothing in the graph requires a gradient.

# %%
w = torch.tensor(1.0, requires_grad=True)
try:
    for step in range(2):
        loss = (w - 3) ** 2
        loss.backward()
        with torch.no_grad():
            w = w - 0.1 * w.grad  # a new tensor that does not require grad
        print(f"after step {step}: w.requires_grad = {w.requires_grad}")
except RuntimeError as error:
    print("RuntimeError:", error)

# %% [markdown] tags=["ru"]
# **Как правильно:** обновить на месте внутри `no_grad`, затем сбросить градиент.

# %% [markdown] tags=["en"]
# **The right way:** update in place inside `no_grad`, then reset the gradient.

# %%
w = torch.tensor(1.0, requires_grad=True)
for step in range(30):
    loss = (w - 3) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None
print(f"w = {w.item():.4f} (the minimum is at 3), still a leaf: {w.is_leaf}, requires grad: {w.requires_grad}")

# %% [markdown] tags=["ru"]
# ## Задание 4. Свой SGD и подбор прямой (2 + 2 балла)
#
# 1. `sgd_step(params, lr)`: один шаг SGD для каждого параметра из `params` (это список, кортеж или
#    генератор вроде `model.parameters()`; у каждого параметра заполнен `.grad`). Параметр
#    обновляется **на месте** на `-lr * p.grad`, обновление не записывается в граф, затем градиент
#    сбрасывается (`p.grad = None` или `p.grad.zero_()`). После шага параметры остаются теми же
#    объектами, листьями, требующими градиента. Функция ничего не возвращает. Осторожно с
#    генератором: пройти по нему можно только один раз.
# 2. `fit_line(x, y, lr=0.05, steps=500)`: подберите $w$ и $b$ прямой $y \approx w x + b$ градиентным
#    спуском. Начните с $w = b = 0$ (скаляры float32, требующие градиента); на каждом из `steps`
#    шагов посчитайте MSE по всем точкам, градиенты через autograd и обновите параметры своим
#    `sgd_step`. `torch.optim` не используйте. Верните `(w, b)` как числа Python `float`
#    (`w.item()`).

# %% [markdown] tags=["en"]
# ## Exercise 4. Your own SGD, and fitting a line (2 + 2 points)
#
# 1. `sgd_step(params, lr)`: one SGD step for every parameter in `params` (a list, a tuple, or a
#    generator such as `model.parameters()`; every parameter has its `.grad` filled in). Update each
#    parameter **in place** by `-lr * p.grad` without recording the update in the graph, then reset
#    its gradient (`p.grad = None` or `p.grad.zero_()`). After the step the parameters are the same
#    objects, leaves that require grad. The function returns nothing. Careful with a generator: it can
#    be iterated only once.
# 2. `fit_line(x, y, lr=0.05, steps=500)`: fit $w$ and $b$ of the line $y \approx w x + b$ by gradient
#    descent. Start from $w = b = 0$ (float32 scalars that require grad); in each of the `steps` steps
#    compute the MSE over all points, the gradients with autograd, and update the parameters with your
#    `sgd_step`. Do not use `torch.optim`. Return `(w, b)` as Python `float`s (`w.item()`).

# %% nbgrader={"grade_id": "sgd_step", "solution": true}
def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    ### BEGIN SOLUTION
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_sgd_step", "grade": true, "points": 2, "locked": true}
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w**2).sum().backward()  # w.grad = 2 * w = [2, 4]
sgd_step([w], lr=0.1)
torch.testing.assert_close(w.detach(), torch.tensor([0.8, 1.6]), msg="w must become w - lr * grad = [0.8, 1.6]")
assert w.is_leaf and w.requires_grad, "after sgd_step the parameter must still be a leaf that requires grad"
assert w.grad is None or not w.grad.any(), "sgd_step must reset the gradient (None or zeros)"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_gen = torch.Generator().manual_seed(2007)
for _kind in ("list", "tuple", "generator"):
    _params = [torch.randn(_s, generator=_gen, dtype=_dt).requires_grad_(True)
               for _s, _dt in (((3, 4), torch.float32), ((5,), torch.float64), ((), torch.float32))]
    for _p in _params:
        _p.grad = torch.randn(_p.shape, generator=_gen, dtype=_p.dtype)
    _before = [(_p, _p.detach().clone(), _p.grad.detach().clone(), _p.data_ptr()) for _p in _params]
    if _kind == "list":
        sgd_step(_params, 0.05)
    elif _kind == "tuple":
        sgd_step(tuple(_params), 0.05)
    else:
        sgd_step((_p for _p in _params), 0.05)
    assert all(_p is _q for _p, (_q, *_rest) in zip(_params, _before)), (
        "sgd_step must not replace the tensors in the list: update each one in place")
    for _i, (_p, _old, _grad, _ptr) in enumerate(_before):
        torch.testing.assert_close(_p.detach(), _old - 0.05 * _grad, msg=(
            f"parameter {_i} (shape {tuple(_p.shape)}, passed in a {_kind}) must become p - lr * p.grad"))
        assert _p.data_ptr() == _ptr, (
            "sgd_step must update each parameter in place (p -= ... or p.sub_(...)), "
            "not give it new storage (p.data = ...)")
        assert _p.is_leaf and _p.requires_grad and _p.grad_fn is None, (
            "after sgd_step a parameter must still be a leaf that requires grad: update it under torch.no_grad()")
        assert _p.grad is None or not _p.grad.any(), (
            f"sgd_step must reset the gradient of every parameter (parameter {_i}, passed in a {_kind})")

# A real module: parameters() is a generator, gradients come from backward().
_model = torch.nn.Linear(3, 2)
torch.nn.functional.mse_loss(_model(torch.randn(4, 3, generator=_gen)), torch.randn(4, 2, generator=_gen)).backward()
_before = {n: (p.detach().clone(), p.grad.detach().clone()) for n, p in _model.named_parameters()}
sgd_step(_model.parameters(), lr=0.5)
for _n, _p in _model.named_parameters():
    torch.testing.assert_close(_p.detach(), _before[_n][0] - 0.5 * _before[_n][1],
                               msg=f"{_n} of an nn.Linear was not updated by -lr * grad")
    assert _p.grad is None or not _p.grad.any(), (
        f"{_n}.grad was not reset when the parameters came from model.parameters() (a generator)")
    assert isinstance(_p, torch.nn.Parameter) and _p.is_leaf, f"{_n} must stay the module's leaf parameter"

# lr = 0 changes nothing but still resets; a second step after a new backward works.
_p = torch.randn(4, generator=_gen).requires_grad_(True)
_p.grad = torch.randn(4, generator=_gen)
_old = _p.detach().clone()
sgd_step([_p], 0.0)
torch.testing.assert_close(_p.detach(), _old, msg="with lr = 0 the parameter must not change")
assert _p.grad is None or not _p.grad.any(), "with lr = 0 the gradient must still be reset"
(3 * _p).sum().backward()
torch.testing.assert_close(_p.grad, torch.full((4,), 3.0), msg=(
    "after sgd_step a new backward() must give a fresh gradient (was the old one reset?)"))
sgd_step([_p], 0.5)
torch.testing.assert_close(_p.detach(), _old - 1.5, msg="the second step must again subtract lr * grad")
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "fit_line", "solution": true}
def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    ### BEGIN SOLUTION
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_fit_line", "grade": true, "points": 2, "locked": true}
x = torch.linspace(-1.0, 1.0, 21)
w_fit, b_fit = fit_line(x, 2.0 * x + 1.0)
assert isinstance(w_fit, float) and isinstance(b_fit, float), "fit_line must return two Python floats"
assert abs(w_fit - 2.0) < 1e-3 and abs(b_fit - 1.0) < 1e-3, f"y = 2x + 1 must give w = 2, b = 1, got {w_fit}, {b_fit}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_calls = []


def _reference_sgd_step(params, lr):
    _calls.append(lr)
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None


def _reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


def _trajectory(x, y, lr, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        w_grad, b_grad = torch.autograd.grad(((w * x + b - y) ** 2).mean(), (w, b))
        with torch.no_grad():
            w -= lr * w_grad
            b -= lr * b_grad
    return w.item(), b.item()


def _no_optimizer(self, *args, **kwargs):
    raise AssertionError("fit_line must not use torch.optim: update the parameters with sgd_step")


_original_optimizer_init = torch.optim.Optimizer.__init__
torch.optim.Optimizer.__init__ = _no_optimizer
try:
    # These tests run with a reference sgd_step and mse, so they do not depend on yours.
    with replaced_global("sgd_step", _reference_sgd_step), replaced_global("mse", _reference_mse):
        _gen = torch.Generator().manual_seed(2008)
        # Converges to the least-squares line with the defaults and with other lr / steps.
        for _x, _w_true, _b_true, _lr, _steps, _kwargs in [
            (torch.linspace(-1.0, 1.0, 50), 3.0, -0.5, 0.05, 500, {}),
            (torch.rand(40, generator=_gen) * 4 - 2, -1.2, 2.0, 0.1, 400, {"lr": 0.1, "steps": 400}),
        ]:
            _y = _w_true * _x + _b_true + 0.1 * torch.randn(_x.shape, generator=_gen)
            _before = snapshot(_x, _y)
            _calls.clear()
            _w_fit, _b_fit = fit_line(_x, _y, **_kwargs)
            assert_untouched("fit_line", (_x, _y), _before, ("x", "y"))
            assert type(_w_fit) is float and type(_b_fit) is float, (
                f"fit_line must return Python floats, got {type(_w_fit).__name__} and {type(_b_fit).__name__}")
            assert len(_calls) >= _steps, (
                f"fit_line must update the parameters with sgd_step in each of the {_steps} steps "
                f"(sgd_step was called {len(_calls)} times)")
            assert all(_c == _lr for _c in _calls), f"fit_line must pass lr = {_lr} to sgd_step"
            _design = torch.stack([_x, torch.ones_like(_x)], dim=1).double()
            _best = torch.linalg.lstsq(_design, _y.double().unsqueeze(1)).solution.squeeze(1)
            assert abs(_w_fit - _best[0].item()) < 2e-3 and abs(_b_fit - _best[1].item()) < 2e-3, (
                f"fit_line did not converge to the least-squares line w = {_best[0].item():.4f}, "
                f"b = {_best[1].item():.4f}; got w = {_w_fit:.4f}, b = {_b_fit:.4f} "
                "(mean, not sum, of the squared errors?)")

        # A few steps from w = b = 0 follow plain gradient descent exactly: lr and steps are honoured.
        _x = torch.rand(30, generator=_gen) * 2 - 1
        _y = 0.7 * _x - 0.3 + 0.05 * torch.randn(30, generator=_gen)
        for _lr, _steps in [(0.1, 1), (0.3, 4), (0.05, 0)]:
            _got = fit_line(_x, _y, lr=_lr, steps=_steps)
            _expected = _trajectory(_x, _y, _lr, _steps)
            assert abs(_got[0] - _expected[0]) < 1e-5 and abs(_got[1] - _expected[1]) < 1e-5, (
                f"after {_steps} steps with lr = {_lr} from w = b = 0, (w, b) must be "
                f"({_expected[0]:.6f}, {_expected[1]:.6f}), got ({_got[0]:.6f}, {_got[1]:.6f})")
finally:
    torch.optim.Optimizer.__init__ = _original_optimizer_init
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Подберём прямую по зашумлённым точкам и сравним с точным решением метода наименьших квадратов.

# %% [markdown] tags=["en"]
# Fit a line to noisy points and compare with the exact least-squares solution.

# %%
torch.manual_seed(1)
x_points = torch.linspace(-1.0, 1.0, 100)
y_points = -1.5 * x_points + 0.25 + 0.2 * torch.randn(100)
w_fit, b_fit = fit_line(x_points, y_points)
design = torch.stack([x_points, torch.ones_like(x_points)], dim=1)
w_best, b_best = torch.linalg.lstsq(design, y_points.unsqueeze(1)).solution.squeeze(1).tolist()
print(f"gradient descent: w = {w_fit:.4f}, b = {b_fit:.4f}")
print(f"least squares:    w = {w_best:.4f}, b = {b_best:.4f}")

# %% [markdown] tags=["ru"]
# ## Задание 5. Граф изнутри (2 + 1 балла)
#
# Узел графа — это объект; его класс говорит, какая операция его породила: `MulBackward0`,
# `AddBackward0`, `PowBackward0`, `SinBackward0`… Лист, которому нужен градиент, представлен узлом
# `AccumulateGrad`. Если вход операции не требует градиента, на его месте в `next_functions` стоит
# `None`: по этому пути обратный проход не идёт.
#
# 1. `count_graph_nodes(t)`: сколько **различных** узлов каждого типа достижимо из `t.grad_fn`
#    (включая сам `t.grad_fn`), в виде словаря `{имя класса: количество}`, например
#    `type(node).__name__`. Узел, до которого можно дойти несколькими путями, считается один раз:
#    в $f(x, y)$ из раздела 1 лист `x` встречается в трёх ветвях, но узел `AccumulateGrad` у него
#    один. Если `t.grad_fn` равен `None`, верните пустой словарь. Для `a*b + c*d`, где `d` не
#    требует градиента: `{"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}`.
# 2. `abcd_grads(a, b, c, d)`: градиенты $\sum(a b + c d)$ по каждому из четырёх тензоров одной
#    формы, **выведенные на бумаге** (без autograd): словарь с ключами `"a"`, `"b"`, `"c"`, `"d"`.
#    Для тензора, который не требует градиента, значение `None` (как у `.grad` такого тензора после
#    `backward()`); тензор, который требует градиента, получает градиент, даже если он не лист.

# %% [markdown] tags=["en"]
# ## Exercise 5. The graph from the inside (2 + 1 points)
#
# A graph node is an object whose class tells which operation produced it: `MulBackward0`,
# `AddBackward0`, `PowBackward0`, `SinBackward0`… A leaf that requires a gradient is represented by
# an `AccumulateGrad` node. If an input of an operation does not require a gradient, `next_functions`
# holds `None` in its place: the backward pass does not go there.
#
# 1. `count_graph_nodes(t)`: how many **distinct** nodes of each type are reachable from `t.grad_fn`
#    (including `t.grad_fn` itself), as a dict `{class name: count}`, e.g. `type(node).__name__`.
#    A node that can be reached by several paths counts once: in $f(x, y)$ of section 1 the leaf `x`
#    appears in three branches but has a single `AccumulateGrad` node. If `t.grad_fn` is `None`,
#    return an empty dict. For `a*b + c*d` with `d` not requiring grad:
#    `{"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}`.
# 2. `abcd_grads(a, b, c, d)`: the gradients of $\sum(a b + c d)$ with respect to each of four tensors
#    of one shape, **derived on paper** (no autograd): a dict with keys `"a"`, `"b"`, `"c"`, `"d"`.
#    A tensor that does not require grad gets `None` (just like its `.grad` after `backward()`); a
#    tensor that requires grad gets its gradient, even if it is not a leaf.

# %% nbgrader={"grade_id": "count_graph_nodes", "solution": true}
def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    ### BEGIN SOLUTION
    counts = {}
    seen = set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        name = type(node).__name__
        counts[name] = counts.get(name, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_count_graph_nodes", "grade": true, "points": 2, "locked": true}
a, b, c = (torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0))
d = torch.tensor(5.0)
counts = count_graph_nodes(a * b + c * d)
assert counts == {"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}, f"a*b + c*d: got {counts}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _reference_count(t):
    counts, seen = {}, set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts


class _Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x**2 * grad


def _check_count(t, label, expected=None):
    got = count_graph_nodes(t)
    if expected is None:
        expected = _reference_count(t)
    assert isinstance(got, dict), f"count_graph_nodes must return a dict ({label})"
    assert got == expected, f"{label}: expected {expected}, got {got}"


_gen = torch.Generator().manual_seed(2009)
_a, _b, _c = (torch.randn(3, generator=_gen).requires_grad_(True) for _ in range(3))
_plain = torch.randn(3, generator=_gen)

# No graph at all.
_check_count(_a, "a leaf (grad_fn is None)", {})
_check_count(_plain * 2, "a tensor that does not require grad", {})
# A shared intermediate node and a leaf used twice count once.
_m = _a * _b
_check_count(_m + _m, "m + m with m = a * b", {"AddBackward0": 1, "MulBackward0": 1, "AccumulateGrad": 2})
_check_count(_a * _a, "a * a", {"MulBackward0": 1, "AccumulateGrad": 1})
# The function of section 1.
_x, _y = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
_check_count(_x**2 + _x * _y + (_x + _y) ** 2, "x**2 + x*y + (x + y)**2",
             {"AddBackward0": 3, "PowBackward0": 2, "MulBackward0": 1, "AccumulateGrad": 2})
# A diamond chain: 12 levels, each node used twice (4096 paths, 13 distinct nodes).
_h = _a.sin()
for _ in range(12):
    _h = _h + _h
_check_count(_h, "a chain of 12 h = h + h", {"AddBackward0": 12, "SinBackward0": 1, "AccumulateGrad": 1})
# Constants, views, reductions, matmul, a custom Function and a module.
_W = torch.randn(3, 4, generator=_gen).requires_grad_(True)
_out = (_Cube.apply(_a) @ _W).relu()[1:].sum() + (_W.t() * _plain).mean() + (_c.exp() * _plain).sum()
_check_count(_out, "a graph with views, reductions, matmul and a custom Function")
_model = torch.nn.Sequential(torch.nn.Linear(3, 5), torch.nn.Tanh(), torch.nn.Linear(5, 1))
_check_count(_model(torch.randn(4, 3, generator=_gen)).pow(2).mean(), "a small MLP's loss")
# Random expressions.
_ops = [lambda p, q: p * q, lambda p, q: p + q, lambda p, q: p - q.exp(), lambda p, q: (p * 2).sin(),
        lambda p, q: q.cos() * p, lambda p, q: p.tanh(), lambda p, q: p / (q**2 + 1)]
for _trial in range(8):
    _pool = [_a, _b, _c, _plain]
    for _step in range(6):
        _i, _j = torch.randint(0, len(_pool), (2,), generator=_gen).tolist()
        _op = _ops[torch.randint(0, len(_ops), (1,), generator=_gen).item()]
        _pool.append(_op(_pool[_i], _pool[_j]))
    _check_count(_pool[-1] + _pool[-2], f"random expression #{_trial}")

# Counting does not run or free the graph.
_out = (_a * _b).sum()
count_graph_nodes(_out)
assert _a.grad is None and _b.grad is None, "count_graph_nodes must not run the backward pass"
_out.backward()
torch.testing.assert_close(_a.grad, _b.detach(), msg="the graph must still be usable after count_graph_nodes")
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "abcd_grads", "solution": true}
def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    ### BEGIN SOLUTION
    partners = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {
        name: other.detach().clone() if tensor.requires_grad else None
        for name, (tensor, other) in partners.items()
    }
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_abcd_grads", "grade": true, "points": 1, "locked": true}
a, b, c = (torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0))
d = torch.tensor(5.0)
grads = abcd_grads(a, b, c, d)
(a * b + c * d).backward()
for name, leaf in zip("abcd", (a, b, c, d)):
    if leaf.grad is None:
        assert grads[name] is None, f"{name} does not require grad: its gradient must be None"
    else:
        torch.testing.assert_close(grads[name], leaf.grad, msg=f"the gradient for {name} must equal {name}.grad")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_gen = torch.Generator().manual_seed(2010)
for _mask in range(16):
    _flags = [bool(_mask >> _i & 1) for _i in range(4)]
    _shape = [(), (3,), (2, 3), (4, 1)][_mask % 4]
    _tensors = [torch.randn(_shape, generator=_gen).requires_grad_(_f) for _f in _flags]
    _before = snapshot(*_tensors)
    with CallLog() as _log:
        _got = abcd_grads(*_tensors)
    assert _log.count(BACKWARD_FUNCS + GRAD_FUNCS) == 0, (
        "abcd_grads must give the gradients from the formula, without calling autograd")
    assert_untouched("abcd_grads", _tensors, _before, "abcd")
    assert isinstance(_got, dict) and set(_got) == set("abcd"), (
        f"abcd_grads must return a dict with keys 'a', 'b', 'c', 'd', got {_got!r}")
    _leaves = [t.detach().clone().requires_grad_(True) for t in _tensors]
    _expected = torch.autograd.grad((_leaves[0] * _leaves[1] + _leaves[2] * _leaves[3]).sum(), _leaves)
    for _name, _flag, _e in zip("abcd", _flags, _expected):
        if not _flag:
            assert _got[_name] is None, (
                f"{_name} does not require grad, so its gradient must be None (requires_grad flags {_flags})")
        else:
            assert isinstance(_got[_name], torch.Tensor), (
                f"{_name} requires grad: its gradient must be a tensor, got {_got[_name]!r}")
            torch.testing.assert_close(_got[_name].detach(), _e, msg=(
                f"wrong gradient for {_name} (requires_grad flags {_flags}, shape {_shape})"))

# A tensor that requires grad without being a leaf still has a gradient.
_base = torch.randn(3, generator=_gen).requires_grad_(True)
_a2, _b2 = _base * 2, torch.randn(3, generator=_gen)
_c2, _d2 = torch.randn(3, generator=_gen).requires_grad_(True), _base.exp()
_got = abcd_grads(_a2, _b2, _c2, _d2)
assert _got["b"] is None, "b does not require grad, so its gradient must be None"
for _name, _e in (("a", _b2), ("c", _d2.detach()), ("d", _c2.detach())):
    assert isinstance(_got[_name], torch.Tensor), (
        f"{_name} requires grad (it is not a leaf, but it is part of the graph): its gradient must be a tensor")
    torch.testing.assert_close(_got[_name].detach(), _e, msg=f"wrong gradient for the non-leaf {_name}")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Применим `count_graph_nodes` к функции из раздела 1 и к функции потерь маленькой сети. В сети
# узел `AccumulateGrad` есть у каждого параметра, а у входных данных его нет: им градиент не нужен.

# %% [markdown] tags=["en"]
# Apply `count_graph_nodes` to the function of section 1 and to the loss of a small network. In the
# network every parameter has an `AccumulateGrad` node and the input data has none: it needs no
# gradient.

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
print("f(x, y):", count_graph_nodes(x**2 + x * y + (x + y) ** 2))
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
net_loss = F.mse_loss(net(torch.randn(16, 4)), torch.randn(16, 1))
print("MLP loss:", count_graph_nodes(net_loss))

# %% [markdown] tags=["ru"]
# ## 6. Логистическая регрессия
#
# Бинарный классификатор: $\hat y = \sigma(z)$, $z = x w + b$, $\sigma(t) = \frac{1}{1 + e^{-t}}$,
# функция потерь — бинарная кросс-энтропия
#
# $$L = -\frac{1}{N}\sum_i \bigl(y_i \log \hat y_i + (1 - y_i)\log(1 - \hat y_i)\bigr).$$
#
# Число $z$ называют **логитом**. В PyTorch есть две функции потерь: `F.binary_cross_entropy` ждёт
# вероятности $\hat y$, а `F.binary_cross_entropy_with_logits` принимает логиты и сама применяет
# сигмоиду. Вторая предпочтительнее: она считает $\log\sigma(z)$ устойчиво. Для больших $|z|$
# сигмоида во float32 округляется ровно до 1 или 0, и логарифм от неё даёт $-\infty$ (или PyTorch
# обрезает его до $-100$), а версия с логитами остаётся точной.

# %% [markdown] tags=["en"]
# ## 6. Logistic regression
#
# A binary classifier: $\hat y = \sigma(z)$, $z = x w + b$, $\sigma(t) = \frac{1}{1 + e^{-t}}$, trained
# with the binary cross-entropy loss
#
# $$L = -\frac{1}{N}\sum_i \bigl(y_i \log \hat y_i + (1 - y_i)\log(1 - \hat y_i)\bigr).$$
#
# The number $z$ is called a **logit**. PyTorch has two losses: `F.binary_cross_entropy` takes the
# probabilities $\hat y$, while `F.binary_cross_entropy_with_logits` takes logits and applies the
# sigmoid itself. Prefer the latter: it computes $\log\sigma(z)$ stably. For large $|z|$ the float32
# sigmoid rounds to exactly 1 or 0 and its logarithm is $-\infty$ (or PyTorch clips it to $-100$),
# while the logits version stays exact.

# %%
z = torch.tensor([0.0, 5.0, 20.0, 40.0])
target = torch.zeros(4)
for name, value in [
    ("BCE on sigmoid(z)", F.binary_cross_entropy(torch.sigmoid(z), target, reduction="none")),
    ("BCE with logits  ", F.binary_cross_entropy_with_logits(z, target, reduction="none")),
]:
    print(name, [round(v, 4) for v in value.tolist()])
print("exact: softplus(z) =", [round(v, 4) for v in F.softplus(z).tolist()])

# %% [markdown] tags=["ru"]
# Построим граф для одного примера: вход из 5 признаков, 3 независимых бинарных выхода (как в
# лекции), и посмотрим на `grad_fn` промежуточных значений.

# %% [markdown] tags=["en"]
# Build the graph for one example: an input of 5 features and 3 independent binary outputs (as in the
# lecture), and look at the `grad_fn` of the intermediate values.

# %%
torch.manual_seed(7)
x_one = torch.ones(5)
y_one = torch.tensor([0.0, 1.0, 0.0])
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = x_one @ w + b
loss = F.binary_cross_entropy_with_logits(z, y_one)
print("loss =", round(loss.item(), 4))
print("z.grad_fn    =", type(z.grad_fn).__name__)
print("loss.grad_fn =", type(loss.grad_fn).__name__)
loss.backward()
print("w.grad shape:", tuple(w.grad.shape), "| b.grad:", b.grad)

# %% [markdown] tags=["ru"]
# У этой функции потерь простая производная по логитам:
#
# $$\frac{\partial L}{\partial z_i} = \frac{\sigma(z_i) - y_i}{N},$$
#
# где $N$ — число элементов `z`. Дальше по chain rule: $\partial L/\partial w = x^\top \,\partial L/\partial z$,
# $\partial L/\partial b = \sum_i \partial L/\partial z_i$. Проверим на примере выше.

# %% [markdown] tags=["en"]
# This loss has a simple derivative with respect to the logits:
#
# $$\frac{\partial L}{\partial z_i} = \frac{\sigma(z_i) - y_i}{N},$$
#
# with $N$ the number of elements of `z`. Then, by the chain rule, $\partial L/\partial w = x^\top \,\partial L/\partial z$
# and $\partial L/\partial b = \sum_i \partial L/\partial z_i$. Check it on the example above.

# %%
with torch.no_grad():
    dz = (torch.sigmoid(z) - y_one) / z.numel()
    print("b.grad matches dL/dz:      ", torch.allclose(b.grad, dz))
    print("w.grad matches outer(x, dz):", torch.allclose(w.grad, torch.outer(x_one, dz)))

# %% [markdown] tags=["ru"]
# ## Задание 6. Градиенты логистической регрессии (2 балла)
#
# Напишите `logistic_grads(x, y, w, b)`, которая возвращает `(loss, dw, db)`: значение
# `F.binary_cross_entropy_with_logits(x @ w + b, y)` (среднее по всем элементам) и его градиенты
# по `w` и `b` той же формы, что `w` и `b`. Формы бывают разные: `x` формы (N, D) с `w` формы (D,) и
# `b` формы (1,) или скаляром; один пример `x` формы (D,) с `w` формы (D, K) и `b` формы (K,), как в
# лекции. Тензоры вызывающего (значения, `requires_grad`, `.grad`) не меняйте, повторный вызов должен
# давать тот же ответ. Ниже ответ сверяется с формулой для $\partial L/\partial z$.
#
# Пример: `x = [[1, 2], [3, -1]]`, `y = [1, 0]`, `w = [0, 0]`, `b = [0]`. Тогда $z = 0$,
# $\sigma(z) = 0.5$, $L = \log 2$, $\partial L/\partial z = (-0.25, 0.25)$, `dw = [0.5, -0.75]`, `db = [0]`.

# %% [markdown] tags=["en"]
# ## Exercise 6. Gradients of logistic regression (2 points)
#
# Write `logistic_grads(x, y, w, b)` returning `(loss, dw, db)`: the value of
# `F.binary_cross_entropy_with_logits(x @ w + b, y)` (the mean over all elements) and its gradients
# with respect to `w` and `b`, shaped like `w` and `b`. Shapes vary: `x` of shape (N, D) with `w` of
# shape (D,) and `b` of shape (1,) or a scalar; a single example `x` of shape (D,) with `w` of shape
# (D, K) and `b` of shape (K,), as in the lecture. Leave the caller's tensors (values, `requires_grad`,
# `.grad`) unchanged; a second call must give the same answer. Below, the result is checked against the formula for $\partial L/\partial z$.
#
# Example: `x = [[1, 2], [3, -1]]`, `y = [1, 0]`, `w = [0, 0]`, `b = [0]`. Then $z = 0$,
# $\sigma(z) = 0.5$, $L = \log 2$, $\partial L/\partial z = (-0.25, 0.25)$, `dw = [0.5, -0.75]`, `db = [0]`.

# %% nbgrader={"grade_id": "logistic_grads", "solution": true}
def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    ### BEGIN SOLUTION
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    dw, db = torch.autograd.grad(loss, (w, b))
    return loss.detach(), dw, db
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_logistic_grads", "grade": true, "points": 2, "locked": true}
loss, dw, db = logistic_grads(torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([1.0, 0.0]),
                              torch.zeros(2), torch.zeros(1))
torch.testing.assert_close(loss.detach(), torch.log(torch.tensor(2.0)), msg="the loss must be log(2)")
torch.testing.assert_close(dw, torch.tensor([0.5, -0.75]), msg="dw must be [0.5, -0.75]")
torch.testing.assert_close(db, torch.tensor([0.0]), msg="db must be [0]")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _logistic_oracle(x, y, w, b):
    leaves = (w.detach().clone().requires_grad_(True), b.detach().clone().requires_grad_(True))
    loss = F.binary_cross_entropy_with_logits(x.detach() @ leaves[0] + leaves[1], y)
    return (loss.detach(), *torch.autograd.grad(loss, leaves))


_gen = torch.Generator().manual_seed(2011)
for _x_shape, _w_shape, _b_shape, _y_shape, _scale, _dtype in [
    ((8, 3), (3,), (1,), (8,), 1.0, torch.float32),
    ((6, 4), (4,), (), (6,), 1.0, torch.float64),
    ((5,), (5, 3), (3,), (3,), 1.0, torch.float32),
    ((7, 2), (2, 3), (3,), (7, 3), 1.0, torch.float64),
    ((10, 3), (3,), (1,), (10,), 15.0, torch.float32),  # large logits: needs the stable loss
]:
    _x = torch.randn(_x_shape, generator=_gen, dtype=_dtype) * _scale
    _w = torch.randn(_w_shape, generator=_gen, dtype=_dtype)
    _b = torch.randn(_b_shape, generator=_gen, dtype=_dtype)
    _y = torch.randint(0, 2, _y_shape, generator=_gen).to(_dtype)
    _before = snapshot(_x, _y, _w, _b)
    _got = logistic_grads(_x, _y, _w, _b)
    assert_untouched("logistic_grads", (_x, _y, _w, _b), _before, ("x", "y", "w", "b"))
    assert len(_got) == 3, "logistic_grads must return (loss, dw, db)"
    _label = f"x {_x_shape}, w {_w_shape}, b {_b_shape}" + (", large logits" if _scale > 1 else "")
    _expected = _logistic_oracle(_x, _y, _w, _b)
    assert isinstance(_got[0], torch.Tensor) and _got[0].dim() == 0, "the loss must be a 0-dim tensor"
    torch.testing.assert_close(_got[0].detach(), _expected[0], msg=f"wrong loss for {_label}")
    for _name, _g, _e, _ref in zip(("dw", "db"), _got[1:], _expected[1:], (_w, _b)):
        assert isinstance(_g, torch.Tensor) and _g.shape == _ref.shape, (
            f"{_name} must have the shape {tuple(_ref.shape)} ({_label})")
        torch.testing.assert_close(_g.detach(), _e, msg=f"wrong {_name} for {_label}")
    # The closed form dL/dz = (sigmoid(z) - y) / N gives db for a flat batch.
    if _b_shape in ((1,), ()) and len(_x_shape) == 2:
        _z = _x @ _w + _b
        torch.testing.assert_close(_got[2].detach().sum(), ((torch.sigmoid(_z) - _y) / _z.numel()).sum(),
                                   msg=f"db must equal the sum of (sigmoid(z) - y) / N ({_label})")

# Soft targets, and parameters that require grad: repeated calls agree.
_x = torch.randn(9, 4, generator=_gen)
_w = torch.randn(4, generator=_gen).requires_grad_(True)
_b = torch.randn(1, generator=_gen).requires_grad_(True)
_y = torch.rand(9, generator=_gen)
_expected = _logistic_oracle(_x, _y, _w, _b)
for _call in ("first", "second"):
    _got = logistic_grads(_x, _y, _w, _b)
    for _name, _g, _e in zip(("loss", "dw", "db"), _got, _expected):
        torch.testing.assert_close(_g.detach(), _e, msg=(
            f"wrong {_name} on the {_call} call with w and b requiring grad: "
            "gradients must not accumulate across calls"))
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Проверим ответ по формуле $\partial L/\partial z = (\sigma(z) - y)/N$ и обучим логистическую
# регрессию на двух облаках точек градиентным спуском: градиенты из `logistic_grads`, шаг через
# `sgd_step`.

# %% [markdown] tags=["en"]
# Check the result against $\partial L/\partial z = (\sigma(z) - y)/N$ and train logistic regression on
# two clouds of points by gradient descent: gradients from `logistic_grads`, steps with `sgd_step`.

# %%
torch.manual_seed(3)
n_points = 200
labels = (torch.arange(n_points) % 2).float()
features = torch.randn(n_points, 2) + 2.0 * (2 * labels - 1).unsqueeze(1)  # two clouds at (-2, -2) and (2, 2)
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)

loss, dw, db = logistic_grads(features, labels, w, b)
dz = (torch.sigmoid(features @ w + b) - labels) / n_points
print("dw matches x^T dz:", torch.allclose(dw, features.T @ dz), "| db matches sum(dz):", torch.allclose(db, dz.sum(0, keepdim=True)))

for step in range(100):
    loss, w.grad, b.grad = logistic_grads(features, labels, w, b)
    sgd_step([w, b], lr=0.5)
    if step % 25 == 0:
        print(f"step {step:3d}: loss = {loss.item():.4f}")
with torch.no_grad():
    accuracy = ((features @ w + b > 0).float() == labels).float().mean()
print(f"final loss = {loss.item():.4f}, accuracy = {accuracy.item():.3f}, w = {w.tolist()}, b = {b.tolist()}")

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - Autograd строит граф во время прямого прохода; листья — тензоры с `requires_grad=True`,
#   созданные вами, промежуточные значения хранят `grad_fn`.
# - `backward()` прибавляет градиенты к `.grad` листьев и освобождает граф; `torch.autograd.grad`
#   возвращает градиенты, не трогая `.grad`.
# - Градиенты копятся: обнуляйте их между шагами. Граф нельзя пройти дважды без `retain_graph`.
# - Параметры обновляют на месте внутри `torch.no_grad()`; обновление вне `no_grad` или присваивание
#   вместо обновления на месте ломает обучение одним из трёх способов, которые мы видели.
# - Сверяйте формы предсказаний и ответов: broadcasting (n, 1) против (n,) молча портит loss.
# - Для классификации берите функции потерь на логитах: они численно устойчивы.

# %% [markdown] tags=["en"]
# ## Summary
#
# - Autograd builds the graph during the forward pass; the leaves are the tensors you created with
#   `requires_grad=True`, intermediate values carry a `grad_fn`.
# - `backward()` adds gradients into the leaves' `.grad` and frees the graph; `torch.autograd.grad`
#   returns gradients and leaves `.grad` alone.
# - Gradients accumulate: reset them between steps. A graph cannot be traversed twice without
#   `retain_graph`.
# - Parameters are updated in place inside `torch.no_grad()`; updating outside `no_grad`, or
#   re-assigning instead of updating in place, breaks training in one of the three ways we saw.
# - Check that predictions and targets have the same shape: broadcasting (n, 1) against (n,) silently
#   ruins the loss.
# - For classification use the losses on logits: they are numerically stable.
