# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 1. Тензоры
#
# Тензор — главный объект PyTorch: многомерный массив чисел одного типа (`dtype`), который живёт на
# каком-то устройстве (`device`) и умеет участвовать в автоматическом дифференцировании.
#
# В этом уроке (всего около 1 ч 45 мин):
#
# 1. создание тензоров и их атрибуты;
# 2. операции: арифметика, матричное произведение, редукции;
# 3. индексирование, представления (views) и многоточие `...`;
# 4. изменение формы, а также склейка тензоров: `cat` и `stack`;
# 5. broadcasting;
# 6. обмен данными с NumPy.
#
# | Задание | Баллы |
# |---|---|
# | `create_tensors` | 2 |
# | `tensor_ops` | 3 |
# | `first_rows`, `last_columns`, `center_crop`, `even_index_elements` | 1 + 1 + 1 + 1 |
# | `reshape_views` | 2 |
# | `broadcast_shape` | 3 |
# | `numpy_roundtrip` | 1 |
#
# **Как работать с ноутбуком.**
# - Ваши ячейки — те, где стоит `raise NotImplementedError()`: замените эту строку решением, не
#   меняя имя функции и её аргументы. Другие ячейки не удаляйте, не копируйте и не переставляйте,
#   их теги и метаданные не трогайте: по ним проверяющая система находит ваши ответы.
# - За каждым заданием идут ячейки с проверками. Видимые `assert` помогают проверить себя; при
#   оценивании к ним добавляются скрытые проверки с другими входами (другие формы, значения,
#   крайние случаи). Всё, что они проверяют, перечислено в условии задания.
# - *Run All* выполняет ячейки сверху вниз и останавливается на первой ошибке. Пока задание не
#   решено, его проверка падает с `NotImplementedError`, и ячейки ниже не выполняются: решайте
#   задания по порядку или запускайте ячейки ниже по одной (Shift+Enter). Примеры в этом уроке от
#   ваших решений не зависят.
# - При оценивании проверяется каждое задание, даже если выше была ошибка, и каждое — отдельно:
#   нерешённое задание стоит только своих баллов.
# - Перед сдачей выполните *Restart & Run All* и убедитесь, что каждая проверка напечатала
#   `Visible checks passed`.
# - Сдайте сам файл `01_tensors.ipynb` (в Colab: *File → Download → Download .ipynb*), не
#   переименовывая его.
#
# **Что почитать.** [Tensors](https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html)
# и [Introduction to PyTorch Tensors](https://pytorch.org/tutorials/beginner/introyt/tensors_deeper_tutorial.html)
# из учебников PyTorch, [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html)
# и [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html) из документации.

# %% [markdown] tags=["en"]
# # Lesson 1. Tensors
#
# A tensor is the central object of PyTorch: a multi-dimensional array of numbers of one type
# (`dtype`) that lives on a device (`device`) and can take part in automatic differentiation.
#
# In this lesson (about 1 h 45 min in all):
#
# 1. creating tensors and their attributes;
# 2. operations: arithmetic, the matrix product, reductions;
# 3. indexing, views and the ellipsis `...`;
# 4. reshaping, and joining tensors: `cat` and `stack`;
# 5. broadcasting;
# 6. exchanging data with NumPy.
#
# | Exercise | Points |
# |---|---|
# | `create_tensors` | 2 |
# | `tensor_ops` | 3 |
# | `first_rows`, `last_columns`, `center_crop`, `even_index_elements` | 1 + 1 + 1 + 1 |
# | `reshape_views` | 2 |
# | `broadcast_shape` | 3 |
# | `numpy_roundtrip` | 1 |
#
# **How to work with this notebook.**
# - Your cells are the ones with `raise NotImplementedError()`: replace that line with your
#   solution, keeping the function's name and arguments. Do not delete, copy or reorder the other
#   cells, and leave their tags and metadata alone: the grader finds your answers by them.
# - Each exercise is followed by check cells. Their visible `assert`s help you check yourself; at
#   grading, hidden checks add other inputs (other shapes, values, edge cases). Everything they
#   check is stated in the exercise's text.
# - *Run All* runs the cells top to bottom and stops at the first error. While an exercise is
#   unsolved, its check raises `NotImplementedError` and the cells below it do not run: solve the
#   exercises in order, or run the cells below one at a time (Shift+Enter). The examples in this
#   lesson do not depend on your solutions.
# - At grading every exercise is checked, even after an error above it, and each on its own: an
#   unsolved exercise costs only its own points.
# - Before you submit, run *Restart & Run All* and make sure that every check printed
#   `Visible checks passed`.
# - Submit the file `01_tensors.ipynb` itself (in Colab: *File → Download → Download .ipynb*),
#   without renaming it.
#
# **Further reading.** [Tensors](https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html)
# and [Introduction to PyTorch Tensors](https://pytorch.org/tutorials/beginner/introyt/tensors_deeper_tutorial.html)
# from the PyTorch tutorials, [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html)
# and [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html) from the documentation.

# %%
import numpy as np
import torch

print(f"PyTorch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
# Helpers for the visible checks below.
def assert_view_of(result, t, what):
    """`result` must share t's storage: writing through one shows in the other."""
    assert isinstance(result, torch.Tensor), f"{what} must return a tensor, got {type(result).__name__}"
    assert result.untyped_storage().data_ptr() == t.untyped_storage().data_ptr(), \
        f"{what} must return a view of t (sharing its storage), not a copy"


def assert_raises(error, call, *args, what="", **kwargs):
    """`call(*args, **kwargs)` must raise `error`; returns the message."""
    try:
        call(*args, **kwargs)
    except error as exc:
        return str(exc)
    except NotImplementedError:
        raise  # the exercise is not solved yet
    except Exception as exc:
        raise AssertionError(f"{what} must raise {error.__name__}, but raised {type(exc).__name__}: {exc}")
    raise AssertionError(f"{what} must raise {error.__name__}, but raised nothing")


# %% judge="helpers"
import re


def same(actual, expected, what, meaning=""):
    """actual must be a tensor of expected's shape and dtype, with its values (floats up to rounding)."""
    assert isinstance(actual, torch.Tensor), f"{what} must be a tensor"
    assert actual.shape == expected.shape, \
        f"{what} must have shape {tuple(expected.shape)}, got {tuple(actual.shape)}"
    assert actual.dtype == expected.dtype, f"{what} must be {expected.dtype}, got {actual.dtype}"
    torch.testing.assert_close(actual, expected, msg=f"{what} has wrong values{meaning}")


def raises(got, key, error, why=""):
    """The call recorded under key must have raised `error`; returns what it raised."""
    raised = got.raised(key)
    assert raised is not None, f"{key} must raise {error.__name__}{why}, but it returned a result"
    assert raised.is_a(error), f"{key} must raise {error.__name__}{why}, but it raised {raised.name}"
    return raised


def mentions_number(text, number) -> bool:
    """Whether a message names this whole number (24 in "24 elements", not in "124" or "2.4")."""
    return re.search(rf"(?<![\d.]){int(number)}(?!\d)", str.__str__(text)) is not None


# %% [markdown] tags=["ru"]
# ## 1. Создание тензоров и их атрибуты
#
# *Около 15 минут. Документация: [`torch.tensor`](https://pytorch.org/docs/stable/generated/torch.tensor.html),
# [атрибуты тензора](https://pytorch.org/docs/stable/tensor_attributes.html),
# [`torch.zeros`](https://pytorch.org/docs/stable/generated/torch.zeros.html),
# [`torch.full`](https://pytorch.org/docs/stable/generated/torch.full.html),
# [`torch.arange`](https://pytorch.org/docs/stable/generated/torch.arange.html),
# [`torch.rand`](https://pytorch.org/docs/stable/generated/torch.rand.html),
# [`torch.manual_seed`](https://pytorch.org/docs/stable/generated/torch.manual_seed.html),
# [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html).*
#
# Тензор можно создать из списка, из массива NumPy, из другого тензора, заполнить константой
# или случайными числами. Главные атрибуты: число измерений `dim()`, форма `shape`, тип `dtype`,
# устройство `device`.

# %% [markdown] tags=["en"]
# ## 1. Creating tensors and their attributes
#
# *About 15 minutes. Documentation: [`torch.tensor`](https://pytorch.org/docs/stable/generated/torch.tensor.html),
# [tensor attributes](https://pytorch.org/docs/stable/tensor_attributes.html),
# [`torch.zeros`](https://pytorch.org/docs/stable/generated/torch.zeros.html),
# [`torch.full`](https://pytorch.org/docs/stable/generated/torch.full.html),
# [`torch.arange`](https://pytorch.org/docs/stable/generated/torch.arange.html),
# [`torch.rand`](https://pytorch.org/docs/stable/generated/torch.rand.html),
# [`torch.manual_seed`](https://pytorch.org/docs/stable/generated/torch.manual_seed.html),
# [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html).*
#
# A tensor can be made from a list, from a NumPy array, from another tensor, filled with a
# constant or with random numbers. Its main attributes: the number of dimensions `dim()`, the
# shape `shape`, the element type `dtype` and the device `device`.

# %% tags=["demo"]
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(x)
print("dim:", x.dim(), "| shape:", x.shape, "| dtype:", x.dtype, "| device:", x.device)

print(torch.zeros(2, 3))                      # float32 by default
print(torch.ones_like(x))                     # same shape and dtype as x
print(torch.full((2, 2), 7.5))
print(torch.arange(0, 10, 3))                 # 0, 3, 6, 9: int64
print(torch.linspace(0, 1, 5))
torch.manual_seed(0)                          # a fixed seed makes random numbers reproducible
print(torch.rand(2, 3))                       # uniform on [0, 1)
print(torch.randn(2, 3))                      # standard normal

# %% [markdown] tags=["ru"]
# Тип элементов задаётся аргументом `dtype` и меняется методом `.to()`. Целые числа по умолчанию
# становятся `int64`, дробные — `float32`.
#
# Случайные числа берутся из генератора по умолчанию, общего для всего процесса (у каждого
# устройства свой): каждый вызов `torch.rand` сдвигает его и выдаёт новые числа.
# `torch.manual_seed` возвращает генераторы в известное состояние, и следующие вызовы повторят
# ту же последовательность — удобно для воспроизводимых экспериментов, но функция, которая
# вызывает `manual_seed` у себя внутри, при каждом вызове вернёт одни и те же «случайные» числа.

# %% [markdown] tags=["en"]
# The element type is set with the `dtype` argument and changed with `.to()`. Integers default to
# `int64`, floating-point numbers to `float32`.
#
# Random numbers come from a default generator that the whole process shares (one per device):
# every call of `torch.rand` moves it on and gives new numbers. `torch.manual_seed` puts the
# generators into a known state, and the calls after it repeat the same sequence. That makes experiments reproducible, but a function that calls
# `manual_seed` inside returns the same "random" numbers at every call.

# %% tags=["demo"]
y = torch.tensor([1, 2, 3])
print(y.dtype, y.to(torch.float16).dtype, torch.tensor([1.0, 2.0]).dtype)

print("two calls differ:", not torch.equal(torch.rand(3), torch.rand(3)))
torch.manual_seed(0)
first = torch.rand(3)
torch.manual_seed(0)
print("the same seed repeats them:", torch.equal(first, torch.rand(3)))

# %% [markdown] tags=["ru"]
# ### Задание 1 (2 балла). `create_tensors`
#
# Верните словарь ровно с четырьмя ключами:
# - `"rand_3x4"` — случайные числа, равномерно распределённые на [0, 1), `float32`, форма 3×4;
#   **при каждом вызове новые** (не фиксируйте seed внутри функции);
# - `"zeros_2x3x4"` — нули, `float32`, форма 2×3×4;
# - `"ones_5x5"` — единицы, `float32`, форма 5×5;
# - `"range_4x4"` — числа 0..15 типа `int64`, построчно (`[[0, 1, 2, 3], [4, 5, 6, 7], ...]`),
#   сделанные вызовом `torch.arange` и превращённые в 4×4 через `reshape` (или `view`).
#
# Проверки: 1 балл за `"rand_3x4"` (форма, `float32`, все значения в [0, 1), не константа, новые
# числа при втором вызове) и 1 балл за остальные три ключа (формы, типы, значения, `arange` и
# `reshape`/`view`).

# %% [markdown] tags=["en"]
# ### Exercise 1 (2 points). `create_tensors`
#
# Return a dict with exactly four keys:
# - `"rand_3x4"`: random numbers uniform on [0, 1), `float32`, shape 3×4, **new at every call**
#   (do not fix the seed inside the function);
# - `"zeros_2x3x4"`: zeros, `float32`, shape 2×3×4;
# - `"ones_5x5"`: ones, `float32`, shape 5×5;
# - `"range_4x4"`: the numbers 0..15 as `int64`, row by row (`[[0, 1, 2, 3], [4, 5, 6, 7], ...]`),
#   made by a call of `torch.arange` and turned into 4×4 with `reshape` (or `view`).
#
# Checks: 1 point for `"rand_3x4"` (shape, `float32`, every value in [0, 1), not a constant, new
# numbers at a second call) and 1 point for the other three keys (shapes, dtypes, values,
# `arange` and `reshape`/`view`).

# %% nbgrader={"grade_id": "create_tensors", "solution": true}
def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    ### BEGIN SOLUTION
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4),
    }
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_create_tensors_random", "grade": true, "points": 1, "locked": true}
rand = create_tensors()["rand_3x4"]
assert rand.shape == (3, 4) and rand.dtype == torch.float32, "rand_3x4 must be float32 of shape (3, 4)"
assert bool(((rand >= 0) & (rand < 1)).all()), "rand_3x4 must lie in [0, 1)"
assert not torch.equal(rand, create_tensors()["rand_3x4"]), "rand_3x4 must be new random numbers at every call"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("create_tensors()", create_tensors)
probe.call("create_tensors() called again", create_tensors)
### END HIDDEN TESTS

# %% judge="test_create_tensors_random"
def judge(got, want):
    first, again = got["create_tensors()"], got["create_tensors() called again"]
    for result in (first, again):
        assert type(result) is dict and "rand_3x4" in result, "create_tensors must return a dict with the key rand_3x4"
    rand = first["rand_3x4"]
    assert isinstance(rand, torch.Tensor), "rand_3x4 must be a tensor"
    assert rand.shape == (3, 4), f"rand_3x4 must have shape (3, 4), got {tuple(rand.shape)}"
    assert rand.dtype == torch.float32, f"rand_3x4 must be torch.float32, got {rand.dtype}"
    assert bool(((rand >= 0) & (rand < 1)).all()), \
        f"rand_3x4 must be uniform on [0, 1): its values reach from {rand.min().item():.3g} to {rand.max().item():.3g}"
    assert rand.unique().numel() > 1, "rand_3x4 must hold random values, not a constant"
    assert isinstance(again["rand_3x4"], torch.Tensor) and not torch.equal(rand, again["rand_3x4"]), \
        "rand_3x4 must be new random numbers at every call: a second call of create_tensors() returned the same ones"


# %% nbgrader={"grade_id": "test_create_tensors_fixed", "grade": true, "points": 1, "locked": true}
tensors = create_tensors()
assert set(tensors) == {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"}, f"unexpected keys {sorted(tensors)}"
assert tensors["zeros_2x3x4"].shape == (2, 3, 4) and tensors["ones_5x5"].shape == (5, 5)
assert tensors["range_4x4"].dtype == torch.int64, "range_4x4 must be int64"
assert tensors["range_4x4"][1, 0] == 4, "range_4x4 is filled row by row"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
with probe.torch_calls() as calls:
    probe.call("create_tensors()", create_tensors)
probe.record("torch functions called by create_tensors()", calls.names)
### END HIDDEN TESTS

# %% judge="test_create_tensors_fixed"
def judge(got, want):
    tensors = got["create_tensors()"]
    keys = {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"}
    assert type(tensors) is dict and set(tensors) == keys, \
        "create_tensors must return a dict with exactly the keys rand_3x4, zeros_2x3x4, ones_5x5 and range_4x4"
    same(tensors["zeros_2x3x4"], torch.zeros(2, 3, 4), "zeros_2x3x4", ": it must hold zeros")
    same(tensors["ones_5x5"], torch.ones(5, 5), "ones_5x5", ": it must hold ones")
    same(tensors["range_4x4"], torch.arange(16).reshape(4, 4), "range_4x4",
         ": it must hold 0..15 row by row, [[0, 1, 2, 3], [4, 5, 6, 7], ...]")
    calls = got["torch functions called by create_tensors()"]
    assert "arange" in calls and ("reshape" in calls or "view" in calls), \
        "range_4x4 must be made with torch.arange and then reshape (or view), not written out by hand"


# %% [markdown] tags=["ru"]
# ## 2. Операции
#
# *Около 15 минут. Документация: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html),
# [`torch.sum`](https://pytorch.org/docs/stable/generated/torch.sum.html),
# [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.add_`](https://pytorch.org/docs/stable/generated/torch.Tensor.add_.html),
# [`Tensor.clone`](https://pytorch.org/docs/stable/generated/torch.Tensor.clone.html).*
#
# Арифметика (`+`, `*`, `/`) работает поэлементно, `@` — матричное произведение. Функции-редукции
# (`sum`, `mean`, `max`) сворачивают тензор целиком или по измерению `dim`. Методы с подчёркиванием
# на конце (`add_`, `mul_`) меняют тензор на месте — функции, которые получают тензоры от
# вызывающего кода, не должны так делать без явной договорённости.

# %% [markdown] tags=["en"]
# ## 2. Operations
#
# *About 15 minutes. Documentation: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html),
# [`torch.sum`](https://pytorch.org/docs/stable/generated/torch.sum.html),
# [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.add_`](https://pytorch.org/docs/stable/generated/torch.Tensor.add_.html),
# [`Tensor.clone`](https://pytorch.org/docs/stable/generated/torch.Tensor.clone.html).*
#
# Arithmetic (`+`, `*`, `/`) works element by element; `@` is the matrix product. Reductions
# (`sum`, `mean`, `max`) fold a tensor entirely or along a dimension `dim`. Methods with a trailing
# underscore (`add_`, `mul_`) change a tensor in place: a function that receives tensors from its
# caller must not do that unless it says so.

# %% tags=["demo"]
a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
b = torch.tensor([[10.0, 20.0], [30.0, 40.0]])
print(a + b, a * b, a @ b, sep="\n")
print("sum:", a.sum(), "| per column:", a.sum(dim=0), "| per row:", a.sum(dim=1))
print("transposed:\n", a.T)
c = a.clone()
c.add_(1)                                      # in place: c changes, a does not
print(a, c, sep="\n")

# %% [markdown] tags=["ru"]
# ### Задание 2 (3 балла). `tensor_ops`
#
# Для двумерных `a` формы (n, m) и `b` формы (m, n) верните словарь ровно с четырьмя ключами:
# `"a_t"` — транспонированное `a`, `"matmul"` — `a @ b`, `"elementwise"` — `a * b.T`,
# `"total"` — сумма всех элементов `a` (0-мерный тензор, не число Python). Каждый результат имеет
# тот же `dtype`, что и входы (при проверке это `float32`, `float64` или `int64`). Не изменяйте `a`
# и `b`.
#
# Ошибки: если `a` или `b` не тензор — `TypeError`; если `a` и `b` не двумерные формы (n, m) и
# (m, n) — `ValueError`, в сообщении которого названы обе формы (в любой привычной записи:
# `(2, 3)`, `[2, 3]`, `torch.Size([2, 3])`, `2x3`).
#
# Проверки: 2 балла за результаты (ключи, формы, типы, значения, входы не изменены) и 1 балл за
# ошибки.

# %% [markdown] tags=["en"]
# ### Exercise 2 (3 points). `tensor_ops`
#
# For 2-D `a` of shape (n, m) and `b` of shape (m, n), return a dict with exactly four keys:
# `"a_t"`, `a` transposed; `"matmul"`, `a @ b`; `"elementwise"`, `a * b.T`; `"total"`, the sum of
# all elements of `a` (a 0-dim tensor, not a Python number). Every result has the `dtype` of the
# inputs (the checks use `float32`, `float64` and `int64`). Do not modify `a` or `b`.
#
# Errors: `TypeError` if `a` or `b` is not a tensor; `ValueError` if `a` and `b` are not 2-D of
# shapes (n, m) and (m, n), with a message that names both shapes (in any common spelling:
# `(2, 3)`, `[2, 3]`, `torch.Size([2, 3])`, `2x3`).
#
# Checks: 2 points for the results (keys, shapes, dtypes, values, inputs unchanged) and 1 point for
# the errors.

# %% nbgrader={"grade_id": "tensor_ops", "solution": true}
def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    ### BEGIN SOLUTION
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"a and b must be tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"expected shapes (n, m) and (m, n), got {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_tensor_ops_results", "grade": true, "points": 2, "locked": true}
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
ops = tensor_ops(a, b)
assert set(ops) == {"a_t", "matmul", "elementwise", "total"}, f"unexpected keys {sorted(ops)}"
assert torch.equal(ops["a_t"], torch.tensor([[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]))
assert torch.equal(ops["matmul"], torch.tensor([[4.0, 5.0], [10.0, 11.0]]))
assert torch.equal(ops["elementwise"], torch.tensor([[1.0, 0.0, 3.0], [0.0, 5.0, 6.0]]))
assert ops["total"].dim() == 0 and ops["total"].item() == 21.0
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(1)
for n, m in [(2, 3), (1, 1), (2, 5), (4, 3), (6, 6), (7, 2)]:
    for dtype in (torch.float32, torch.float64, torch.int64):
        a = torch.randint(-5, 6, (n, m), generator=generator).to(dtype)
        b = torch.randint(-5, 6, (m, n), generator=generator).to(dtype)
        key = f"tensor_ops(a {n}x{m}, b {m}x{n}, {str(dtype).removeprefix('torch.')})"
        probe.call(key, tensor_ops, a, b)
        probe.record(f"a and b after {key}", (a, b))
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])  # the visible example
b = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
probe.call("tensor_ops(the worked example's a and b)", tensor_ops, a, b)
probe.record("a and b after tensor_ops(the worked example's a and b)", (a, b))
### END HIDDEN TESTS

# %% judge="test_tensor_ops_results"
def judge(got, want):
    for key in want.keys("tensor_ops("):
        ops = got[key]
        a, b = want[f"a and b after {key}"]  # as the reference left them: unchanged
        assert type(ops) is dict and set(ops) == {"a_t", "matmul", "elementwise", "total"}, \
            f"{key} must return a dict with exactly the keys a_t, matmul, elementwise and total"
        a_after, b_after = got[f"a and b after {key}"]
        assert torch.equal(a_after, a) and torch.equal(b_after, b), f"{key} changed a or b: it must not modify them"
        same(ops["a_t"], a.T, f"a_t of {key}", ": a_t[j, i] must be a[i, j] (reshape is not a transpose)")
        same(ops["matmul"], a @ b, f"matmul of {key}", ": it must be a @ b")
        same(ops["elementwise"], a * b.T, f"elementwise of {key}", ": it must be a * b.T")
        assert isinstance(ops["total"], torch.Tensor), f"total of {key} must be a 0-dim tensor, not a Python number"
        same(ops["total"], a.sum(), f"total of {key}", ": it must be the sum of all elements of a")


# %% nbgrader={"grade_id": "test_tensor_ops_errors", "grade": true, "points": 1, "locked": true}
assert_raises(TypeError, tensor_ops, [[1.0, 2.0]], torch.ones(2, 1), what="tensor_ops with a list")
message = assert_raises(ValueError, tensor_ops, torch.ones(2, 3), torch.ones(2, 3), what="tensor_ops(2x3, 2x3)")
print("The message:", message)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
probe.call("tensor_ops(a NumPy array, a tensor)", tensor_ops, np.ones((2, 3)), torch.ones(3, 2))
probe.call("tensor_ops(a tensor, a list)", tensor_ops, torch.ones(2, 3), [[1, 2], [3, 4], [5, 6]])
probe.call("tensor_ops(a list, a tensor)", tensor_ops, [[1.0, 2.0]], torch.ones(2, 1))
for shape_a, shape_b in [((2, 3), (2, 3)), ((2, 3), (3, 3)), ((4, 2), (3, 4)), ((2, 3, 1), (1, 3, 2)), ((6,), (6,)),
                         ((3, 5), (5,))]:
    key = f"tensor_ops(a of shape {shape_a}, b of shape {shape_b})"
    probe.call(key, tensor_ops, torch.ones(shape_a), torch.ones(shape_b))
    probe.record(f"shapes of {key}", (shape_a, shape_b))
### END HIDDEN TESTS

# %% judge="test_tensor_ops_errors"
def judge(got, want):
    raises(got, "tensor_ops(a NumPy array, a tensor)", TypeError, " (a is not a tensor)")
    raises(got, "tensor_ops(a tensor, a list)", TypeError, " (b is not a tensor)")
    raises(got, "tensor_ops(a list, a tensor)", TypeError, " (a is not a tensor)")
    for key in want.keys("tensor_ops(a of shape"):
        shape_a, shape_b = want[f"shapes of {key}"]
        message = raises(got, key, ValueError, " (the shapes are not (n, m) and (m, n))").message
        assert mentions_shape(message, shape_a) and mentions_shape(message, shape_b), \
            f"the ValueError of {key} must name both shapes, {shape_a} and {shape_b}"


# %% [markdown] tags=["ru"]
# ## 3. Индексирование и представления (views)
#
# *Около 25 минут. Документация: [индексирование и срезы](https://pytorch.org/docs/stable/tensors.html),
# [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html),
# [`torch.select`](https://pytorch.org/docs/stable/generated/torch.select.html),
# [`torch.narrow`](https://pytorch.org/docs/stable/generated/torch.narrow.html),
# [`Tensor.untyped_storage`](https://pytorch.org/docs/stable/generated/torch.Tensor.untyped_storage.html).*
#
# Срезы `t[i]`, `t[:, j]`, `t[a:b]`, `t[::2]` не копируют данные: они возвращают *представление*
# (view) — новый тензор поверх той же памяти с другими `shape` и `stride`. Изменение через
# представление видно в исходном тензоре. Продвинутое индексирование (списком или тензором
# индексов, булевой маской) и `.clone()` данные копируют.

# %% [markdown] tags=["en"]
# ## 3. Indexing and views
#
# *About 25 minutes. Documentation: [indexing and slicing](https://pytorch.org/docs/stable/tensors.html),
# [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html),
# [`torch.select`](https://pytorch.org/docs/stable/generated/torch.select.html),
# [`torch.narrow`](https://pytorch.org/docs/stable/generated/torch.narrow.html),
# [`Tensor.untyped_storage`](https://pytorch.org/docs/stable/generated/torch.Tensor.untyped_storage.html).*
#
# Slices such as `t[i]`, `t[:, j]`, `t[a:b]`, `t[::2]` copy nothing: they return a *view*, a new
# tensor over the same memory with another `shape` and `stride`. A change made through a view
# shows in the original. Advanced indexing (with a list or a tensor of indices, or a boolean mask)
# and `.clone()` copy the data.

# %% tags=["demo"]
t = torch.arange(24).reshape(2, 3, 4)      # 2 matrices of 3 rows and 4 columns
row = t[0, 1]                              # a view: row 1 of matrix 0
row[0] = 100
print(t[0])                                # the change shows in t
print("shares storage:", row.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
print("stride of t:", t.stride(), "| stride of t[:, :, 0]:", t[:, :, 0].stride())
picked = t[t > 20]                         # boolean mask: a copy, flattened
print(picked, picked.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())

# %% [markdown] tags=["ru"]
# **Многоточие `...`** заменяет столько `:` подряд, сколько нужно, чтобы индексов стало столько же,
# сколько измерений. `t[..., 0]` — это `t[:, :, 0]` для трёхмерного `t` и `t[:, :, :, 0]` для
# четырёхмерного: индекс относится к последнему измерению, сколько бы измерений ни было впереди.
# Так пишут код, которому всё равно, есть ли у данных измерение батча. Результат — тоже
# представление.

# %% [markdown] tags=["en"]
# **The ellipsis `...`** stands for as many `:` in a row as it takes to give every dimension an
# index. `t[..., 0]` is `t[:, :, 0]` for a 3-D `t` and `t[:, :, :, 0]` for a 4-D one: the index
# applies to the last dimension however many dimensions come before it. That is how code is
# written that does not care whether the data has a batch dimension. The result is a view too.

# %% tags=["demo"]
t = torch.arange(24).reshape(2, 3, 4)
print(t[..., 0])                                         # column 0 of every matrix
print("same as t[:, :, 0]:", torch.equal(t[..., 0], t[:, :, 0]))
print("t[0, ...] is t[0]:", torch.equal(t[0, ...], t[0]), "| t[..., 1:3].shape:", tuple(t[..., 1:3].shape))
images = torch.zeros(8, 3, 32, 32)                      # a batch of 8 images, 3 channels, 32x32 pixels
print("top-left pixel of every channel:", tuple(images[..., 0, 0].shape))
print("a view:", t[..., 0].untyped_storage().data_ptr() == t.untyped_storage().data_ptr())

# %% [markdown] tags=["ru"]
# ### Задание 3 (4 балла, по 1 за функцию). Срезы трёхмерного тензора
#
# Тензор `t` формы (D, R, C) — это D матриц по R строк и C столбцов. Каждая функция возвращает
# **представление** `t` (делит с ним память, без копирования) и бросает `ValueError`, если `t` не
# трёхмерный (для этого есть готовая функция `require_3d`):
# - `first_rows(t)` → форма (D, C): нулевая строка каждой матрицы;
# - `last_columns(t)` → форма (D, R): последний столбец каждой матрицы;
# - `center_crop(t, size=2)` → форма (D, size, size): строки r0..r0+size-1 и столбцы c0..c0+size-1,
#   где r0 = (R - size) // 2, c0 = (C - size) // 2; `ValueError`, если size < 1, size > R или size > C;
# - `even_index_elements(t)` → все элементы, у которых все три индекса чётные, в том порядке, в
#   котором они стоят в `t` (например, тензор формы (⌈D/2⌉, ⌈R/2⌉, ⌈C/2⌉)).
#
# Проверяются форма, тип и значения результата (тип тот же, что у `t`), то, что он делит память
# с `t`, и ошибки.

# %% [markdown] tags=["en"]
# ### Exercise 3 (4 points, 1 per function). Slicing a 3-D tensor
#
# A tensor `t` of shape (D, R, C) is D matrices of R rows and C columns. Each function returns a
# **view** of `t` (sharing its memory, no copy) and raises `ValueError` if `t` is not 3-D (the
# ready-made `require_3d` does that):
# - `first_rows(t)` → shape (D, C): row 0 of every matrix;
# - `last_columns(t)` → shape (D, R): the last column of every matrix;
# - `center_crop(t, size=2)` → shape (D, size, size): rows r0..r0+size-1 and columns c0..c0+size-1,
#   where r0 = (R - size) // 2 and c0 = (C - size) // 2; `ValueError` if size < 1, size > R or size > C;
# - `even_index_elements(t)` → every element whose three indices are all even, in their order in
#   `t` (for example, a tensor of shape (⌈D/2⌉, ⌈R/2⌉, ⌈C/2⌉)).
#
# The checks look at the result's shape, dtype and values (the dtype is `t`'s), at whether it
# shares memory with `t`, and at the errors.

# %%
def require_3d(t):
    """Shared by the four functions below: they accept only (D, R, C) tensors."""
    if t.dim() != 3:
        raise ValueError(f"expected a 3-D tensor of shape (D, R, C), got shape {tuple(t.shape)}")


# %% nbgrader={"grade_id": "first_rows", "solution": true}
def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    ### BEGIN SOLUTION
    require_3d(t)
    return t[:, 0, :]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_first_rows", "grade": true, "points": 1, "locked": true}
t = torch.arange(24).reshape(2, 3, 4)
assert torch.equal(first_rows(t), torch.tensor([[0, 1, 2, 3], [12, 13, 14, 15]]))
assert torch.equal(first_rows(t), torch.stack([t[0, 0], t[1, 0]]))  # row 0 of matrix 0 and of matrix 1
assert_view_of(first_rows(t), t, "first_rows")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(3)
t = torch.arange(24).reshape(2, 3, 4)  # the visible example
key = "first_rows(arange(24) as 2x3x4)"
result = probe.call(key, first_rows, t)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
for shape in [(2, 3, 4), (1, 1, 1), (3, 2, 5), (4, 5, 2), (2, 6, 6)]:
    t = torch.randn(shape, generator=generator)
    key = f"first_rows(t of shape {shape})"
    result = probe.call(key, first_rows, t)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
for shape in [(4, 5), (2, 3, 4, 5), (7,)]:
    probe.call(f"first_rows(t of shape {shape})", first_rows, torch.zeros(shape))
### END HIDDEN TESTS

# %% judge="test_first_rows"
def judge(got, want):
    check_views(got, want, "first_rows", ": it must hold row 0 of every matrix")


# %% judge="helpers"
def check_views(got, want, name, meaning):
    """Every call of `name` that the reference answered: the same tensor, as a view of t.
    Every call where the reference raised ValueError (t is not 3-D, a bad size): ValueError."""
    for key in want.keys(f"{name}("):
        if want.raised(key) is not None:
            raises(got, key, ValueError)
            continue
        same(got[key], want[key], key, meaning)
        assert got[f"shares memory with t: {key}"] is True, \
            f"{key} must return a view of t (sharing its memory), not a copy"


# %% nbgrader={"grade_id": "last_columns", "solution": true}
def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    ### BEGIN SOLUTION
    require_3d(t)
    return t[:, :, -1]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_last_columns", "grade": true, "points": 1, "locked": true}
t = torch.arange(24).reshape(2, 3, 4)
assert torch.equal(last_columns(t), torch.tensor([[3, 7, 11], [15, 19, 23]]))
assert_view_of(last_columns(t), t, "last_columns")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(4)
t = torch.arange(24).reshape(2, 3, 4)  # the visible example
key = "last_columns(arange(24) as 2x3x4)"
result = probe.call(key, last_columns, t)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
for shape in [(2, 3, 4), (1, 1, 1), (3, 2, 5), (4, 5, 2), (2, 6, 6), (2, 3, 3)]:
    t = torch.randn(shape, generator=generator)
    key = f"last_columns(t of shape {shape})"
    result = probe.call(key, last_columns, t)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
for shape in [(4, 5), (2, 3, 4, 5)]:
    probe.call(f"last_columns(t of shape {shape})", last_columns, torch.zeros(shape))
### END HIDDEN TESTS

# %% judge="test_last_columns"
def judge(got, want):
    check_views(got, want, "last_columns", ": it must hold the last column of every matrix")


# %% nbgrader={"grade_id": "center_crop", "solution": true}
def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    ### BEGIN SOLUTION
    require_3d(t)
    _, rows, columns = t.shape
    if not 1 <= size <= min(rows, columns):
        raise ValueError(f"size must be between 1 and min(R, C) = {min(rows, columns)}, got {size}")
    r0, c0 = (rows - size) // 2, (columns - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_center_crop", "grade": true, "points": 1, "locked": true}
t = torch.arange(32).reshape(2, 4, 4)
assert torch.equal(center_crop(t)[0], torch.tensor([[5, 6], [9, 10]]))
assert torch.equal(center_crop(t), t[..., 1:3, 1:3])  # rows 1..2 and columns 1..2 of every matrix
assert_view_of(center_crop(t), t, "center_crop")
assert_raises(ValueError, center_crop, t, 5, what="center_crop(t of shape (2, 4, 4), size=5)")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(5)
for shape, size in [((2, 4, 4), 2), ((3, 5, 7), 3), ((1, 6, 3), 1), ((2, 5, 5), 5), ((2, 7, 4), 4), ((1, 3, 8), 2),
                    ((2, 6, 9), 3), ((2, 4, 4), 0), ((2, 4, 4), 5), ((2, 3, 6), 4), ((2, 6, 3), 4), ((2, 4, 4), -1)]:
    t = torch.randn(shape, generator=generator)
    key = f"center_crop(t of shape {shape}, size={size})"
    result = probe.call(key, center_crop, t, size)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
t = torch.randn(1, 4, 6, generator=generator)
key = "center_crop(t of shape (1, 4, 6)) with the default size"
result = probe.call(key, center_crop, t)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
probe.call("center_crop(t of shape (4, 4))", center_crop, torch.zeros(4, 4))
for size in (2, 5):  # the visible examples
    t = torch.arange(32).reshape(2, 4, 4)
    key = f"center_crop(arange(32) as 2x4x4, size={size})"
    result = probe.call(key, center_crop, t, size)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
### END HIDDEN TESTS

# %% judge="test_center_crop"
def judge(got, want):
    check_views(got, want, "center_crop",
                ": the crop starts at row r0 = (R - size) // 2 and column c0 = (C - size) // 2")


# %% nbgrader={"grade_id": "even_index_elements", "solution": true}
def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    ### BEGIN SOLUTION
    require_3d(t)
    return t[::2, ::2, ::2]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_even_index_elements", "grade": true, "points": 1, "locked": true}
t = torch.arange(24).reshape(2, 3, 4)
assert torch.equal(even_index_elements(t).flatten(), torch.tensor([0, 2, 8, 10]))
assert_view_of(even_index_elements(t), t, "even_index_elements")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(6)
t = torch.arange(24).reshape(2, 3, 4)  # the visible example
key = "even_index_elements(arange(24) as 2x3x4)"
result = probe.call(key, even_index_elements, t)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
for shape in [(2, 3, 4), (1, 1, 1), (3, 5, 4), (4, 2, 7), (5, 5, 5)]:
    t = torch.randn(shape, generator=generator)
    key = f"even_index_elements(t of shape {shape})"
    result = probe.call(key, even_index_elements, t)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
probe.call("even_index_elements(t of shape (4, 4))", even_index_elements, torch.zeros(4, 4))
### END HIDDEN TESTS

# %% judge="test_even_index_elements"
def judge(got, want):
    for key in want.keys("even_index_elements("):
        if want.raised(key) is not None:
            raises(got, key, ValueError, " (t is not 3-D)")
            continue
        result, expected = got[key], want[key].flatten()
        assert isinstance(result, torch.Tensor), f"{key} must return a tensor"
        assert result.numel() == expected.numel(), \
            f"for {key} there are {expected.numel()} elements with all three indices even, got {result.numel()}"
        same(result.flatten(), expected, f"{key}, flattened", ": it must keep exactly the elements with all three "
                                                               "indices even, in their order in t")
        assert got[f"shares memory with t: {key}"] is True, \
            f"{key} must return a view of t (sharing its memory), not a copy"


# %% [markdown] tags=["ru"]
# ## 4. Изменение формы и склейка тензоров
#
# *Около 20 минут. Документация: [`Tensor.view`](https://pytorch.org/docs/stable/generated/torch.Tensor.view.html),
# [`torch.reshape`](https://pytorch.org/docs/stable/generated/torch.reshape.html),
# [`torch.unsqueeze`](https://pytorch.org/docs/stable/generated/torch.unsqueeze.html),
# [`torch.squeeze`](https://pytorch.org/docs/stable/generated/torch.squeeze.html),
# [`Tensor.is_contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html),
# [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`torch.stack`](https://pytorch.org/docs/stable/generated/torch.stack.html).*
#
# `view` и `reshape` меняют форму, не трогая данные: у результата те же элементы в том же порядке
# (построчно). `view` работает только когда это возможно без копирования (и иначе бросает ошибку),
# `reshape` при необходимости молча копирует. Одно измерение можно задать как `-1`: его размер
# будет вычислен. `unsqueeze`/`squeeze` добавляют и убирают измерения размера 1.

# %% [markdown] tags=["en"]
# ## 4. Reshaping and joining tensors
#
# *About 20 minutes. Documentation: [`Tensor.view`](https://pytorch.org/docs/stable/generated/torch.Tensor.view.html),
# [`torch.reshape`](https://pytorch.org/docs/stable/generated/torch.reshape.html),
# [`torch.unsqueeze`](https://pytorch.org/docs/stable/generated/torch.unsqueeze.html),
# [`torch.squeeze`](https://pytorch.org/docs/stable/generated/torch.squeeze.html),
# [`Tensor.is_contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html),
# [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`torch.stack`](https://pytorch.org/docs/stable/generated/torch.stack.html).*
#
# `view` and `reshape` change the shape without touching the data: the result has the same
# elements in the same (row-major) order. `view` works only when no copy is needed (and raises
# otherwise); `reshape` silently copies when it must. One dimension may be given as `-1`: its size
# is inferred. `unsqueeze`/`squeeze` add and remove dimensions of size 1.

# %% tags=["demo"]
r = torch.arange(12)
print(r.view(3, 4))
print(r.view(2, -1).shape, r.unsqueeze(0).shape, r.view(1, 12, 1).squeeze().shape)
transposed = r.view(3, 4).T                 # not contiguous any more
print("contiguous:", transposed.is_contiguous())
try:
    transposed.view(12)
except RuntimeError as error:
    print("view fails:", str(error).splitlines()[0])
print("reshape copies instead:", transposed.reshape(12))

# %% [markdown] tags=["ru"]
# **Склейка.** `torch.cat(tensors, dim)` приставляет тензоры друг к другу вдоль *существующего*
# измерения: их формы должны совпадать во всех измерениях, кроме `dim`. `torch.stack(tensors, dim)`
# добавляет *новое* измерение на место `dim` и кладёт тензоры вдоль него: их формы должны совпадать
# целиком. Так `stack` — это `cat` тензоров, каждому из которых сначала добавили измерение
# размера 1 (`unsqueeze(dim)`). Оба создают новый тензор и копируют в него данные: результат
# не делит память с исходными тензорами.

# %% [markdown] tags=["en"]
# **Joining.** `torch.cat(tensors, dim)` puts tensors one after another along an *existing*
# dimension: their shapes must agree in every dimension except `dim`. `torch.stack(tensors, dim)`
# adds a *new* dimension at position `dim` and lays the tensors along it: their shapes must agree
# entirely. So `stack` is `cat` of tensors that each got a dimension of size 1 first
# (`unsqueeze(dim)`). Both make a new tensor and copy the data into it: the result shares no
# memory with the tensors it came from.

# %% tags=["demo"]
p = torch.arange(6).reshape(3, 2)
q = p + 10
print("cat dim=0:", tuple(torch.cat([p, q], dim=0).shape), "| cat dim=1:", tuple(torch.cat([p, q], dim=1).shape))
print(torch.cat([p, q], dim=1))
print("stack dim=0:", tuple(torch.stack([p, q]).shape), "| stack dim=-1:", tuple(torch.stack([p, q], dim=-1).shape))
print("stack is cat of unsqueezed:",
      torch.equal(torch.stack([p, q], dim=1), torch.cat([p.unsqueeze(1), q.unsqueeze(1)], dim=1)))
print("cat copies:", torch.cat([p, q]).untyped_storage().data_ptr() != p.untyped_storage().data_ptr())
print("cat: sizes may differ along dim:", tuple(torch.cat([p, torch.zeros(1, 2, dtype=p.dtype)]).shape))
try:
    torch.stack([p, torch.zeros(1, 2, dtype=p.dtype)])
except RuntimeError as error:
    print("stack needs equal shapes:", error)

# %% [markdown] tags=["ru"]
# ### Задание 4 (2 балла). `reshape_views`
#
# Верните **список** представлений `t`, по одному на каждую форму из `shapes`, в том же порядке
# (все делят память с `t`; элементы идут в порядке `t`, построчно). `t` может быть любой формы,
# `shapes` может быть пустым. Если какая-то форма не подходит по числу элементов — `ValueError`,
# в сообщении которого названы число элементов `t` (например, `24`) и неподходящая форма (в любой
# привычной записи: `(5, 5)`, `[5, 5]`, `5x5`).
#
# Проверки: 1 балл за представления (формы, значения, общая память) и 1 балл за ошибку.

# %% [markdown] tags=["en"]
# ### Exercise 4 (2 points). `reshape_views`
#
# Return a **list** with one view of `t` per shape in `shapes`, in the same order (all sharing
# memory with `t`; the elements in `t`'s row-major order). `t` may have any shape, and `shapes` may
# be empty. If a shape does not fit the number of elements, raise `ValueError` with a message that
# names `t`'s number of elements (e.g. `24`) and the bad shape (in any common spelling: `(5, 5)`,
# `[5, 5]`, `5x5`).
#
# Checks: 1 point for the views (shapes, values, shared memory) and 1 point for the error.

# %% nbgrader={"grade_id": "reshape_views", "solution": true}
def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    ### BEGIN SOLUTION
    views = []
    for shape in shapes:
        if np.prod(shape, dtype=np.int64) != t.numel():
            raise ValueError(f"a tensor of {t.numel()} elements cannot be viewed as shape {tuple(shape)}")
        views.append(t.view(shape))
    return views
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_reshape_views_shapes", "grade": true, "points": 1, "locked": true}
t = torch.arange(24)
shapes = [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]
views = reshape_views(t, shapes)
assert isinstance(views, list) and [tuple(v.shape) for v in views] == shapes
assert torch.equal(views[3][1, 2], torch.tensor([20, 21, 22, 23]))
for v in views:
    assert_view_of(v, t, "reshape_views")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(7)
for shape, shapes in [((24,), [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]),
                      ((24,), [(24,), (1, 24), (6, 4), (3, 2, 4), (1, 2, 1, 12)]),
                      ((30,), [(5, 6), (2, 3, 5)]), ((7,), [(7, 1)]), ((4, 6), [(24,), (2, 12)]), ((5,), [])]:
    t = torch.randn(shape, generator=generator)
    key = f"reshape_views(t of shape {shape}, {shapes})"
    views = probe.call(key, reshape_views, t, shapes)
    probe.record(f"views of {key} sharing memory with t",
                 [probe.shares_storage(v, t) for v in views] if type(views) is list else [])
t = torch.arange(24)  # the visible example
key = "reshape_views(arange(24), [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)])"
views = probe.call(key, reshape_views, t, [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)])
probe.record(f"views of {key} sharing memory with t",
             [probe.shares_storage(v, t) for v in views] if type(views) is list else [])
### END HIDDEN TESTS

# %% judge="test_reshape_views_shapes"
def judge(got, want):
    for key in want.keys("reshape_views("):
        views, expected = got[key], want[key]
        assert type(views) is list and len(views) == len(expected), \
            f"{key} must return a list of {len(expected)} views, one per shape"
        for view, reference in zip(views, expected):
            same(view, reference, f"the view of shape {tuple(reference.shape)} in {key}",
                 ": it must hold t's elements in row-major order")
        assert got[f"views of {key} sharing memory with t"] == [True] * len(expected), \
            f"{key} must return views of t (sharing its memory), not copies"


# %% nbgrader={"grade_id": "test_reshape_views_errors", "grade": true, "points": 1, "locked": true}
message = assert_raises(ValueError, reshape_views, torch.arange(24), [(24,), (5, 5)],
                        what="reshape_views of 24 elements into (5, 5)")
print("The message:", message)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
for numel, bad in [(24, (5, 5)), (24, (2, 3, 5)), (12, (13,)), (30, (4, 8))]:
    key = f"reshape_views(t of {numel} elements, shapes [({numel},), {bad}])"
    probe.call(key, reshape_views, torch.zeros(numel), [(numel,), bad])
    probe.record(f"arguments of {key}", (numel, bad))
key = "reshape_views(arange(24), shapes [(24,), (5, 5)])"  # the visible example
probe.call(key, reshape_views, torch.arange(24), [(24,), (5, 5)])
probe.record(f"arguments of {key}", (24, (5, 5)))
### END HIDDEN TESTS

# %% judge="test_reshape_views_errors"
def judge(got, want):
    for key in want.keys("reshape_views("):
        numel, bad = want[f"arguments of {key}"]
        message = raises(got, key, ValueError, f" ({bad} does not hold {numel} elements)").message
        assert mentions_number(message, numel) and mentions_shape(message, bad), \
            f"the ValueError of {key} must name t's number of elements ({numel}) and the bad shape {bad}"


# %% [markdown] tags=["ru"]
# ## 5. Broadcasting
#
# *Около 20 минут. Документация: [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.broadcast_shapes`](https://pytorch.org/docs/stable/generated/torch.broadcast_shapes.html).*
#
# Поэлементная операция над тензорами разной формы возможна, если формы *совместимы*. Формы
# выравниваются по правому краю; недостающие слева измерения считаются равными 1. В каждой позиции
# размеры должны быть равны, или один из них равен 1 — тогда он «растягивается» без копирования.
# Размер 0 подчиняется тем же правилам: 0 и 1 дают 0, а 0 и 2 несовместимы.
#
# Можно ли сложить тензоры таких форм? (5, 7, 3) и (5, 7, 3); (0,) и (2, 2); (5, 3, 4, 1) и (3, 1, 1);
# (5, 2, 4, 1) и (3, 1, 1).

# %% [markdown] tags=["en"]
# ## 5. Broadcasting
#
# *About 20 minutes. Documentation: [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.broadcast_shapes`](https://pytorch.org/docs/stable/generated/torch.broadcast_shapes.html).*
#
# An element-wise operation on tensors of different shapes works when the shapes are *compatible*.
# Shapes are aligned on the right; missing leading dimensions count as 1. At each position the
# sizes must be equal, or one of them must be 1, which is then stretched without copying.
# A size of 0 follows the same rules: 0 with 1 gives 0, while 0 with 2 is incompatible.
#
# Can tensors of these shapes be added? (5, 7, 3) and (5, 7, 3); (0,) and (2, 2); (5, 3, 4, 1) and
# (3, 1, 1); (5, 2, 4, 1) and (3, 1, 1).

# %% tags=["demo"]
column = torch.tensor([[1], [2], [3]])      # shape (3, 1)
row = torch.tensor([10, 20])                # shape (2,)
print(column + row)                         # shape (3, 2)
for pair in [((5, 7, 3), (5, 7, 3)), ((0,), (2, 2)), ((5, 3, 4, 1), (3, 1, 1)), ((5, 2, 4, 1), (3, 1, 1))]:
    try:
        print(pair, "->", tuple(torch.broadcast_shapes(*pair)))
    except RuntimeError as error:
        print(pair, "-> cannot broadcast:", str(error).splitlines()[0])

# %% [markdown] tags=["ru"]
# ### Задание 5 (3 балла). `broadcast_shape`
#
# Вычислите форму результата broadcasting двух форм **по правилам, вручную**. Формы `shape_a` и
# `shape_b` — кортежи или списки целых чисел (в том числе пустые и с нулями). Верните кортеж целых
# чисел Python (`tuple` из `int`); если формы несовместимы — `ValueError`.
#
# «Вручную» значит: функция не создаёт тензоров и массивов и не вызывает готовых функций
# broadcasting — ни `torch.broadcast_shapes`, `torch.broadcast_tensors`, `torch.broadcast_to`, ни
# их аналогов из NumPy (`np.broadcast_shapes`, `np.broadcast`, `np.broadcast_to`,
# `np.broadcast_arrays`). Проверки смотрят, какие функции torch она вызывает и какие имена
# встречаются в её коде.
#
# Проверки: 2 балла за результаты для совместимых форм и 1 балл за `ValueError` для
# несовместимых, в обоих случаях только за решение вручную. Ответы сравниваются с
# `torch.broadcast_shapes`.

# %% [markdown] tags=["en"]
# ### Exercise 5 (3 points). `broadcast_shape`
#
# Compute the broadcast result of two shapes **by hand, from the rules**. The shapes `shape_a` and
# `shape_b` are tuples or lists of ints (possibly empty, possibly with zeros). Return a tuple of
# Python ints; raise `ValueError` when the shapes cannot broadcast.
#
# "By hand" means the function makes no tensors or arrays and calls no ready-made broadcasting
# function: not `torch.broadcast_shapes`, `torch.broadcast_tensors` or `torch.broadcast_to`, nor
# their NumPy counterparts (`np.broadcast_shapes`, `np.broadcast`, `np.broadcast_to`,
# `np.broadcast_arrays`). The checks look at the torch functions it calls and at the names in its
# code.
#
# Checks: 2 points for the results of compatible shapes and 1 point for the `ValueError` of
# incompatible ones, both only for a solution by hand. Answers are compared with
# `torch.broadcast_shapes`.

# %% nbgrader={"grade_id": "broadcast_shape", "solution": true}
def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    ### BEGIN SOLUTION
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for size_a, size_b in zip(padded_a, padded_b):
        if size_a != size_b and 1 not in (size_a, size_b):
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} cannot broadcast: {size_a} vs {size_b}")
        result.append(size_b if size_a == 1 else size_a)
    return tuple(result)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_broadcast_shape_results", "grade": true, "points": 2, "locked": true}
assert broadcast_shape((5, 7, 3), (5, 7, 3)) == (5, 7, 3)
assert broadcast_shape((5, 3, 4, 1), (3, 1, 1)) == (5, 3, 4, 1)
assert broadcast_shape([2, 1], [3]) == (2, 3), "shapes may come as lists; the result is a tuple"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random

rng = random.Random(8)
pairs = [((5, 7, 3), (5, 7, 3)), ((5, 3, 4, 1), (3, 1, 1)), ((), ()), ((), (3, 1)), ((1,), (0,)), ((0,), (1,)),
         ((0, 1), (1, 0)), ((1, 0), (3, 1)), ((2, 1, 0), (7, 1)), ((1, 1), (1,)), ((6, 1, 5), (1, 4, 1)),
         ([2, 1], [3]), ([4, 1, 3], (5, 1))]
pairs += [tuple(tuple(rng.choice([0, 1, 1, 2, 3]) for _ in range(rng.randint(0, 4))) for _ in range(2))
          for _ in range(300)]
seen = set()
with probe.torch_calls() as calls:
    for shape_a, shape_b in pairs:
        key = f"broadcast_shape({shape_a}, {shape_b})"
        if key not in seen:  # the random pairs repeat
            seen.add(key)
            probe.call(key, broadcast_shape, shape_a, shape_b)
            probe.record(f"arguments of {key}", (shape_a, shape_b))
probe.record("torch functions called by broadcast_shape", calls.names)
codes, names = [broadcast_shape.__code__], set()
while codes:
    code = codes.pop()
    names.update(code.co_names)
    codes += [const for const in code.co_consts if type(const) is type(code)]
probe.record("names in the code of broadcast_shape", sorted(names))
scope = broadcast_shape.__globals__
probe.record("what those names are", {name: (getattr(scope[name], "__module__", None),
                                             getattr(scope[name], "__name__", None))
                                      for name in sorted(names) if name in scope})
### END HIDDEN TESTS

# %% judge="test_broadcast_shape_results"
def judge(got, want):
    by_hand(got)
    for key in want.keys("broadcast_shape("):
        shape_a, shape_b = want[f"arguments of {key}"]
        try:
            expected = tuple(torch.broadcast_shapes(shape_a, shape_b))
        except RuntimeError:
            continue  # incompatible: the other test cell
        result = got[key]
        assert isinstance(result, tuple) and all(type(size) is int for size in result), \
            f"{key} must return a tuple of Python ints"
        assert tuple(result) == expected, f"{key} must be {expected}, got {tuple(result)}"


# %% judge="helpers"
BROADCASTING_HELPERS = {"broadcast_shapes", "broadcast_tensors", "broadcast_to", "broadcast_arrays", "broadcast"}


def by_hand(got):
    """broadcast_shape called no torch function and names no broadcasting helper (directly or by an alias).
    The messages name no function: the names come from the submission, and a message never quotes it."""
    calls = got["torch functions called by broadcast_shape"]
    assert not calls, f"broadcast_shape must not use tensors, but it called {len(calls)} torch functions"
    names = {str.__str__(name) for name in got["names in the code of broadcast_shape"]}
    aliases = got["what those names are"]
    referred = {str.__str__(what[1]) for what in aliases.values()
                if isinstance(what, tuple) and len(what) == 2 and isinstance(what[1], str)}
    assert not (names | referred) & BROADCASTING_HELPERS, \
        "broadcast_shape must apply the rules by hand, without a broadcasting function of PyTorch or NumPy"


# %% nbgrader={"grade_id": "test_broadcast_shape_errors", "grade": true, "points": 1, "locked": true}
assert_raises(ValueError, broadcast_shape, (0,), (2, 2), what="broadcast_shape((0,), (2, 2))")
assert_raises(ValueError, broadcast_shape, (5, 2, 4, 1), (3, 1, 1), what="broadcast_shape((5, 2, 4, 1), (3, 1, 1))")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random

rng = random.Random(9)
pairs = [((0,), (2, 2)), ((5, 2, 4, 1), (3, 1, 1)), ((2,), (3,)), ((0,), (2,)), ((2, 0), (0, 2)), ((3, 1), (2, 2)),
         ((4, 3), (3, 4)), ((1, 2, 3), (4, 3, 3)), ([2, 3], [3, 3]), ((2, 1, 1, 1), (3, 1, 1, 1))]
pairs += [tuple(tuple(rng.choice([0, 1, 2, 3]) for _ in range(rng.randint(1, 4))) for _ in range(2))
          for _ in range(300)]
seen = set()
with probe.torch_calls() as calls:
    for shape_a, shape_b in pairs:
        key = f"broadcast_shape({shape_a}, {shape_b})"
        if key not in seen:  # the random pairs repeat
            seen.add(key)
            probe.call(key, broadcast_shape, shape_a, shape_b)
            probe.record(f"arguments of {key}", (shape_a, shape_b))
probe.record("torch functions called by broadcast_shape", calls.names)
codes, names = [broadcast_shape.__code__], set()
while codes:
    code = codes.pop()
    names.update(code.co_names)
    codes += [const for const in code.co_consts if type(const) is type(code)]
probe.record("names in the code of broadcast_shape", sorted(names))
scope = broadcast_shape.__globals__
probe.record("what those names are", {name: (getattr(scope[name], "__module__", None),
                                             getattr(scope[name], "__name__", None))
                                      for name in sorted(names) if name in scope})
### END HIDDEN TESTS

# %% judge="test_broadcast_shape_errors"
def judge(got, want):
    by_hand(got)
    for key in want.keys("broadcast_shape("):
        shape_a, shape_b = want[f"arguments of {key}"]
        try:
            torch.broadcast_shapes(shape_a, shape_b)
        except RuntimeError:
            raises(got, key, ValueError, " (the shapes cannot broadcast)")


# %% [markdown] tags=["ru"]
# ## 6. NumPy
#
# *Около 10 минут. Документация: [`torch.from_numpy`](https://pytorch.org/docs/stable/generated/torch.from_numpy.html),
# [`torch.as_tensor`](https://pytorch.org/docs/stable/generated/torch.as_tensor.html),
# [`Tensor.numpy`](https://pytorch.org/docs/stable/generated/torch.Tensor.numpy.html).*
#
# `torch.from_numpy(arr)` и `torch.as_tensor(arr)` создают тензор поверх памяти массива NumPy, а
# `t.numpy()` — массив поверх памяти тензора (на CPU): изменения видны с обеих сторон.
# `torch.tensor(arr)` всегда копирует. Тип сохраняется: `float64` массива остаётся `float64`.

# %% [markdown] tags=["en"]
# ## 6. NumPy
#
# *About 10 minutes. Documentation: [`torch.from_numpy`](https://pytorch.org/docs/stable/generated/torch.from_numpy.html),
# [`torch.as_tensor`](https://pytorch.org/docs/stable/generated/torch.as_tensor.html),
# [`Tensor.numpy`](https://pytorch.org/docs/stable/generated/torch.Tensor.numpy.html).*
#
# `torch.from_numpy(arr)` and `torch.as_tensor(arr)` make a tensor over a NumPy array's memory, and
# `t.numpy()` an array over a (CPU) tensor's memory: changes show on both sides. `torch.tensor(arr)`
# always copies. The type is kept: a `float64` array stays `float64`.

# %% tags=["demo"]
arr = np.arange(4.0)
shared, copied = torch.from_numpy(arr), torch.tensor(arr)
arr[0] = -1.0
print(shared, copied, sep="\n")
back = shared.numpy()
back[1] = 42.0
print(arr)

# %% [markdown] tags=["ru"]
# ### Задание 6 (1 балл). `numpy_roundtrip`
#
# Верните тензор, который делит память с массивом NumPy `arr`: изменение через одного видно в
# другом. Форма, значения и тип элементов те же, что у `arr` (при проверке: `float32`, `float64`,
# `int64`, `int32`, `uint8`).

# %% [markdown] tags=["en"]
# ### Exercise 6 (1 point). `numpy_roundtrip`
#
# Return a tensor that shares memory with the NumPy array `arr`: a change through one shows in the
# other. The shape, the values and the element type are `arr`'s (the checks use `float32`,
# `float64`, `int64`, `int32` and `uint8`).

# %% nbgrader={"grade_id": "numpy_roundtrip", "solution": true}
def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    ### BEGIN SOLUTION
    return torch.from_numpy(arr)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_numpy_roundtrip", "grade": true, "points": 1, "locked": true}
arr = np.zeros(3, dtype=np.float32)
tensor = numpy_roundtrip(arr)
assert isinstance(tensor, torch.Tensor) and tensor.dtype == torch.float32
tensor[0] = 5.0
assert arr[0] == 5.0
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
rng = np.random.default_rng(9)
arrays = [("the visible example, zeros of float32 of shape (3,)", np.zeros(3, dtype=np.float32))]
for dtype in (np.float32, np.float64, np.int64, np.int32, np.uint8):
    for shape in [(4,), (2, 3), (2, 1, 5)]:
        arrays.append((f"an array of {np.dtype(dtype).name} of shape {shape}", (rng.random(shape) * 100).astype(dtype)))
for name, arr in arrays:
    key = f"numpy_roundtrip({name})"
    tensor = probe.call(key, numpy_roundtrip, arr)
    arr[(0,) * arr.ndim] = 200  # values are below 100: a write shows as 200
    probe.record(f"the result of {key} after arr[0, ...] = 200", tensor)
    if type(tensor) is torch.Tensor and tensor.dim() > 0 and tensor.numel() > 0:
        tensor[(-1,) * tensor.dim()] = 250
    probe.record(f"arr of {key} after result[-1, ...] = 250", arr)
### END HIDDEN TESTS

# %% judge="test_numpy_roundtrip"
def judge(got, want):
    for key in want.keys("numpy_roundtrip("):
        same(got[key], want[key], key, ": it must hold the array's values")
        after = got[f"the result of {key} after arr[0, ...] = 200"]
        assert after.reshape(-1)[0].item() == 200, \
            f"{key}: a change to the array must show in the tensor (they must share memory)"
        arr_after = got[f"arr of {key} after result[-1, ...] = 250"]
        assert arr_after.reshape(-1)[-1].item() == 250, \
            f"{key}: a change to the tensor must show in the array (they must share memory)"


# %% [markdown] tags=["ru"]
# ## Итоги
#
# - Тензор = память (storage) + смещение, `shape` и `stride` + `dtype` + `device`; срезы, `...` и
#   `view` дают новые представления тех же данных, продвинутое индексирование, `cat` и `stack`
#   копируют.
# - `cat` склеивает вдоль существующего измерения, `stack` — вдоль нового.
# - Функция, которой передали тензор, не должна менять его на месте без явной договорённости.
# - Broadcasting выравнивает формы справа и растягивает измерения размера 1.
# - `torch.from_numpy` делит память с NumPy, `torch.tensor` копирует.

# %% [markdown] tags=["en"]
# ## Summary
#
# - A tensor is memory (a storage) + an offset, `shape` and `stride` + `dtype` + `device`; slices,
#   `...` and `view` give new views of the same data, while advanced indexing, `cat` and `stack`
#   copy.
# - `cat` joins along an existing dimension, `stack` along a new one.
# - A function that receives a tensor must not change it in place unless it says so.
# - Broadcasting aligns shapes on the right and stretches dimensions of size 1.
# - `torch.from_numpy` shares memory with NumPy; `torch.tensor` copies.
