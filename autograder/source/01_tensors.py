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
# В этом ноутбуке мы научимся создавать тензоры, выполнять операции над ними, брать срезы,
# менять форму без копирования данных, пользоваться broadcasting и обмениваться данными с NumPy.
#
# **Как сдавать.** Заполните ячейки с `# YOUR CODE HERE` (уберите `raise NotImplementedError()`),
# запустите ячейку с проверками под каждым заданием. Видимые проверки — только часть тестов:
# скрытые тесты запускаются при оценивании и проверяют крайние случаи. Сдавайте файл `.ipynb`.

# %% [markdown] tags=["en"]
# # Lesson 1. Tensors
#
# A tensor is the central object of PyTorch: a multi-dimensional array of numbers of one type
# (`dtype`) that lives on a device (`device`) and can take part in automatic differentiation.
# In this notebook you will create tensors, compute with them, slice them, change their shape
# without copying data, use broadcasting, and exchange data with NumPy.
#
# **How to submit.** Fill in the cells marked `# YOUR CODE HERE` (remove `raise NotImplementedError()`)
# and run the check cell below each exercise. The visible checks are only part of the tests:
# hidden tests run at grading and probe the edge cases. Submit the `.ipynb` file.

# %%
import numpy as np
import torch

print(f"PyTorch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% [markdown] tags=["ru"]
# ## 1. Создание тензоров и их атрибуты
#
# Тензор можно создать из списка, из массива NumPy, из другого тензора, заполнить константой
# или случайными числами. Главные атрибуты: число измерений `dim()`, форма `shape`, тип `dtype`,
# устройство `device`.

# %% [markdown] tags=["en"]
# ## 1. Creating tensors and their attributes
#
# A tensor can be made from a list, from a NumPy array, from another tensor, filled with a
# constant or with random numbers. Its main attributes: the number of dimensions `dim()`, the
# shape `shape`, the element type `dtype` and the device `device`.

# %%
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

# %% [markdown] tags=["en"]
# The element type is set with the `dtype` argument and changed with `.to()`. Integers default to
# `int64`, floating-point numbers to `float32`.

# %%
y = torch.tensor([1, 2, 3])
print(y.dtype, y.to(torch.float16).dtype, torch.tensor([1.0, 2.0]).dtype)

# %% [markdown] tags=["ru"]
# ### Задание 1 (2 балла). `create_tensors`
#
# Верните словарь из четырёх тензоров:
# - `"rand_3x4"` — равномерное распределение на [0, 1), `float32`, форма 3×4;
# - `"zeros_2x3x4"` — нули, `float32`, форма 2×3×4;
# - `"ones_5x5"` — единицы, `float32`, форма 5×5;
# - `"range_4x4"` — числа 0..15 типа `int64`, построчно, сделанные через `arange` и `reshape`.

# %% [markdown] tags=["en"]
# ### Exercise 1 (2 points). `create_tensors`
#
# Return a dict of four tensors:
# - `"rand_3x4"`: uniform on [0, 1), `float32`, shape 3×4;
# - `"zeros_2x3x4"`: zeros, `float32`, shape 2×3×4;
# - `"ones_5x5"`: ones, `float32`, shape 5×5;
# - `"range_4x4"`: the numbers 0..15 as `int64`, row by row, made with `arange` and `reshape`.

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


# %% nbgrader={"grade_id": "test_helpers", "locked": true}
# Helpers for the checks below.
from torch.overrides import TorchFunctionMode


class RecordTorchCalls(TorchFunctionMode):
    """Records the name of every torch function called inside the `with` block."""

    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.names.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))


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
    except Exception as exc:
        raise AssertionError(f"{what} must raise {error.__name__}, but raised {type(exc).__name__}: {exc}")
    raise AssertionError(f"{what} must raise {error.__name__}, but raised nothing")


# %% nbgrader={"grade_id": "test_create_tensors", "grade": true, "points": 2, "locked": true}
tensors = create_tensors()
assert set(tensors) == {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"}, f"unexpected keys {sorted(tensors)}"
assert tensors["rand_3x4"].shape == (3, 4)
assert tensors["range_4x4"][1, 0] == 4, "range_4x4 is filled row by row"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
for key, shape in {"rand_3x4": (3, 4), "zeros_2x3x4": (2, 3, 4), "ones_5x5": (5, 5)}.items():
    assert tensors[key].shape == shape, f"{key} must have shape {shape}, got {tuple(tensors[key].shape)}"
    assert tensors[key].dtype == torch.float32, f"{key} must be float32, got {tensors[key].dtype}"
rand = tensors["rand_3x4"]
assert bool(((rand >= 0) & (rand < 1)).all()), "rand_3x4 must be uniform on [0, 1): no negative values, none >= 1"
assert rand.unique().numel() > 1, "rand_3x4 must hold random values, not a constant"
assert not torch.equal(rand, create_tensors()["rand_3x4"]), "rand_3x4 must be new random numbers at every call"
assert bool((tensors["zeros_2x3x4"] == 0).all()), "zeros_2x3x4 must hold zeros"
assert bool((tensors["ones_5x5"] == 1).all()), "ones_5x5 must hold ones"
assert tensors["range_4x4"].dtype == torch.int64, f"range_4x4 must be int64, got {tensors['range_4x4'].dtype}"
assert torch.equal(tensors["range_4x4"], torch.tensor([[4 * r + c for c in range(4)] for r in range(4)])), \
    "range_4x4 must hold 0..15 row by row: [[0, 1, 2, 3], [4, 5, 6, 7], ...]"
with RecordTorchCalls() as calls:
    create_tensors()
assert "arange" in calls.names, "range_4x4 must be made with torch.arange (then reshaped), not written out by hand"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 2. Операции
#
# Арифметика (`+`, `*`, `/`) работает поэлементно, `@` — матричное произведение. Функции-редукции
# (`sum`, `mean`, `max`) сворачивают тензор целиком или по измерению `dim`. Методы с подчёркиванием
# на конце (`add_`, `mul_`) меняют тензор на месте — функции, которые получают тензоры от
# вызывающего кода, не должны так делать без явной договорённости.

# %% [markdown] tags=["en"]
# ## 2. Operations
#
# Arithmetic (`+`, `*`, `/`) works element by element; `@` is the matrix product. Reductions
# (`sum`, `mean`, `max`) fold a tensor entirely or along a dimension `dim`. Methods with a trailing
# underscore (`add_`, `mul_`) change a tensor in place: a function that receives tensors from its
# caller must not do that unless it says so.

# %%
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
# Для `a` формы (n, m) и `b` формы (m, n) верните словарь: `"a_t"` — транспонированное `a`,
# `"matmul"` — `a @ b`, `"elementwise"` — `a * b.T`, `"total"` — сумма всех элементов `a`
# (0-мерный тензор). Если аргумент не тензор — `TypeError`; если формы не (n, m) и (m, n) —
# `ValueError`, в сообщении которого есть обе формы. Не изменяйте `a` и `b`.

# %% [markdown] tags=["en"]
# ### Exercise 2 (3 points). `tensor_ops`
#
# For `a` of shape (n, m) and `b` of shape (m, n), return a dict: `"a_t"`, `a` transposed;
# `"matmul"`, `a @ b`; `"elementwise"`, `a * b.T`; `"total"`, the sum of all elements of `a`
# (a 0-dim tensor). Raise `TypeError` if an argument is not a tensor, and `ValueError` naming both
# shapes if they are not (n, m) and (m, n). Do not modify `a` or `b`.

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


# %% nbgrader={"grade_id": "test_tensor_ops", "grade": true, "points": 3, "locked": true}
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
ops = tensor_ops(a, b)
assert ops["a_t"].shape == (3, 2)
assert torch.equal(ops["matmul"], torch.tensor([[4.0, 5.0], [10.0, 11.0]]))
assert ops["total"].item() == 21.0
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(1)
for n, m in [(1, 1), (2, 5), (4, 3), (6, 6), (7, 2)]:
    for dtype in (torch.float32, torch.float64, torch.int64):
        a = torch.randint(-5, 6, (n, m), generator=generator).to(dtype)
        b = torch.randint(-5, 6, (m, n), generator=generator).to(dtype)
        a_before, b_before = a.clone(), b.clone()
        ops = tensor_ops(a, b)
        assert set(ops) == {"a_t", "matmul", "elementwise", "total"}, f"unexpected keys {sorted(ops)}"
        assert torch.equal(a, a_before) and torch.equal(b, b_before), "tensor_ops must not modify a or b"
        assert ops["a_t"].shape == (m, n) and torch.equal(ops["a_t"], a.transpose(0, 1)), \
            f"a_t must be a transposed: shape {(m, n)}, a_t[j, i] == a[i, j] (reshape is not a transpose)"
        torch.testing.assert_close(ops["matmul"], torch.matmul(a, b), msg="matmul must be a @ b")
        torch.testing.assert_close(ops["elementwise"], torch.mul(a, b.transpose(0, 1)),
                                   msg="elementwise must be a * b.T")
        assert isinstance(ops["total"], torch.Tensor) and ops["total"].dim() == 0, \
            "total must be a 0-dim tensor (not a Python number)"
        torch.testing.assert_close(ops["total"], torch.sum(a), msg="total must be the sum of all elements of a")
what = "tensor_ops with a non-tensor argument"
assert_raises(TypeError, tensor_ops, np.ones((2, 3)), torch.ones(3, 2), what=what)
assert_raises(TypeError, tensor_ops, torch.ones(2, 3), [[1, 2], [3, 4], [5, 6]], what=what)
for shape_a, shape_b in [((2, 3), (2, 3)), ((2, 3), (3, 3)), ((4, 2), (3, 4)), ((2, 3, 1), (1, 3, 2)), ((6,), (6,))]:
    message = assert_raises(ValueError, tensor_ops, torch.ones(shape_a), torch.ones(shape_b),
                            what=f"tensor_ops with shapes {shape_a} and {shape_b}")
    for shape in (shape_a, shape_b):
        forms = (str(shape), str(list(shape)), str(torch.Size(shape)))
        assert any(form in message for form in forms), \
            f"the ValueError message must name both shapes, e.g. {shape}; got: {message!r}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 3. Индексирование и представления (views)
#
# Срезы `t[i]`, `t[:, j]`, `t[a:b]`, `t[::2]` не копируют данные: они возвращают *представление*
# (view) — новый тензор поверх той же памяти с другими `shape` и `stride`. Изменение через
# представление видно в исходном тензоре. Продвинутое индексирование (списком индексов или булевой
# маской) и `.clone()` данные копируют.

# %% [markdown] tags=["en"]
# ## 3. Indexing and views
#
# Slices such as `t[i]`, `t[:, j]`, `t[a:b]`, `t[::2]` copy nothing: they return a *view*, a new
# tensor over the same memory with another `shape` and `stride`. A change made through a view
# shows in the original. Advanced indexing (with a list of indices or a boolean mask) and
# `.clone()` copy the data.

# %%
t = torch.arange(24).reshape(2, 3, 4)      # 2 matrices of 3 rows and 4 columns
row = t[0, 1]                              # a view: row 1 of matrix 0
row[0] = 100
print(t[0])                                # the change shows in t
print("shares storage:", row.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
print("stride of t:", t.stride(), "| stride of t[:, :, 0]:", t[:, :, 0].stride())
picked = t[t > 20]                         # boolean mask: a copy, flattened
print(picked, picked.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())

# %% [markdown] tags=["ru"]
# ### Задание 3 (4 балла, по 1 за функцию). Срезы трёхмерного тензора
#
# Тензор `t` формы (D, R, C) — это D матриц по R строк и C столбцов. Каждая функция возвращает
# **представление** `t` (без копирования) и бросает `ValueError`, если `t` не трёхмерный:
# - `first_rows(t)` → форма (D, C): нулевая строка каждой матрицы;
# - `last_columns(t)` → форма (D, R): последний столбец каждой матрицы;
# - `center_crop(t, size=2)` → форма (D, size, size): строки r0..r0+size-1 и столбцы c0..c0+size-1,
#   где r0 = (R - size) // 2, c0 = (C - size) // 2; `ValueError`, если size < 1, size > R или size > C;
# - `even_index_elements(t)` → все элементы, у которых все три индекса чётные.

# %% [markdown] tags=["en"]
# ### Exercise 3 (4 points, 1 per function). Slicing a 3-D tensor
#
# A tensor `t` of shape (D, R, C) is D matrices of R rows and C columns. Each function returns a
# **view** of `t` (no copy) and raises `ValueError` if `t` is not 3-D:
# - `first_rows(t)` → shape (D, C): row 0 of every matrix;
# - `last_columns(t)` → shape (D, R): the last column of every matrix;
# - `center_crop(t, size=2)` → shape (D, size, size): rows r0..r0+size-1 and columns c0..c0+size-1,
#   where r0 = (R - size) // 2 and c0 = (C - size) // 2; `ValueError` if size < 1, size > R or size > C;
# - `even_index_elements(t)` → every element whose three indices are all even.

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
assert_view_of(first_rows(t), t, "first_rows")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(3)
for shape in [(1, 1, 1), (3, 2, 5), (4, 5, 2), (2, 6, 6)]:
    t = torch.randn(shape, generator=generator)
    result = first_rows(t)
    assert result.shape == (shape[0], shape[2]), f"for t of shape {shape}, first_rows must have shape {(shape[0], shape[2])}"
    assert torch.equal(result, t.select(1, 0)), "first_rows must hold row 0 of every matrix"
    assert_view_of(result, t, "first_rows")
for shape in [(4, 5), (2, 3, 4, 5), (7,)]:
    assert_raises(ValueError, first_rows, torch.zeros(shape), what=f"first_rows of a tensor of shape {shape}")
### END HIDDEN TESTS

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
for shape in [(1, 1, 1), (3, 2, 5), (4, 5, 2), (2, 6, 6), (2, 3, 3)]:
    t = torch.randn(shape, generator=generator)
    result = last_columns(t)
    assert result.shape == (shape[0], shape[1]), \
        f"for t of shape {shape}, last_columns must have shape {(shape[0], shape[1])}, got {tuple(result.shape)}"
    assert torch.equal(result, t.select(2, shape[2] - 1)), "last_columns must hold the last column of every matrix"
    assert_view_of(result, t, "last_columns")
for shape in [(4, 5), (2, 3, 4, 5)]:
    assert_raises(ValueError, last_columns, torch.zeros(shape), what=f"last_columns of a tensor of shape {shape}")
### END HIDDEN TESTS

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
assert_view_of(center_crop(t), t, "center_crop")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(5)
for shape, size in [((2, 4, 4), 2), ((3, 5, 7), 3), ((1, 6, 3), 1), ((2, 5, 5), 5), ((2, 7, 4), 4), ((1, 3, 8), 2)]:
    t = torch.randn(shape, generator=generator)
    result = center_crop(t, size)
    r0, c0 = (shape[1] - size) // 2, (shape[2] - size) // 2
    assert result.shape == (shape[0], size, size), \
        f"center_crop of shape {shape} with size={size} must have shape {(shape[0], size, size)}, got {tuple(result.shape)}"
    expected = t.narrow(1, r0, size).narrow(2, c0, size)
    assert torch.equal(result, expected), \
        f"for shape {shape} and size={size} the crop starts at row {r0} and column {c0}"
    assert_view_of(result, t, "center_crop")
assert center_crop(torch.zeros(1, 4, 6)).shape == (1, 2, 2), "size defaults to 2"
for shape, size in [((2, 4, 4), 0), ((2, 4, 4), 5), ((2, 3, 6), 4), ((2, 6, 3), 4), ((2, 4, 4), -1)]:
    assert_raises(ValueError, center_crop, torch.zeros(shape), size, what=f"center_crop of shape {shape} with size={size}")
assert_raises(ValueError, center_crop, torch.zeros(4, 4), what="center_crop of a 2-D tensor")
### END HIDDEN TESTS

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
for shape in [(1, 1, 1), (3, 5, 4), (4, 2, 7), (5, 5, 5)]:
    t = torch.randn(shape, generator=generator)
    result = even_index_elements(t)
    expected = torch.stack([t[i, j, k] for i in range(0, shape[0], 2) for j in range(0, shape[1], 2)
                            for k in range(0, shape[2], 2)])
    assert result.numel() == expected.numel(), \
        f"for shape {shape} there are {expected.numel()} elements with all indices even, got {result.numel()}"
    assert torch.equal(result.flatten(), expected), "even_index_elements must keep exactly the elements with all three indices even"
    assert_view_of(result, t, "even_index_elements")
assert_raises(ValueError, even_index_elements, torch.zeros(4, 4), what="even_index_elements of a 2-D tensor")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 4. Изменение формы
#
# `view` и `reshape` меняют форму, не трогая данные: у результата те же элементы в том же порядке
# (построчно). `view` работает только когда это возможно без копирования (и иначе бросает ошибку),
# `reshape` при необходимости молча копирует. Одно измерение можно задать как `-1`: его размер
# будет вычислен. `unsqueeze`/`squeeze` добавляют и убирают измерения размера 1.

# %% [markdown] tags=["en"]
# ## 4. Reshaping
#
# `view` and `reshape` change the shape without touching the data: the result has the same
# elements in the same (row-major) order. `view` works only when no copy is needed (and raises
# otherwise); `reshape` silently copies when it must. One dimension may be given as `-1`: its size
# is inferred. `unsqueeze`/`squeeze` add and remove dimensions of size 1.

# %%
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
# ### Задание 4 (2 балла). `reshape_views`
#
# Верните список представлений `t`, по одному на каждую форму из `shapes` (все делят память с `t`).
# Если форма не подходит по числу элементов — `ValueError`, в сообщении которого есть число
# элементов `t` и неподходящая форма.

# %% [markdown] tags=["en"]
# ### Exercise 4 (2 points). `reshape_views`
#
# Return a list with one view of `t` per shape in `shapes` (all sharing memory with `t`). If a shape
# does not fit the number of elements, raise `ValueError` naming `t`'s number of elements and the
# bad shape.

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


# %% nbgrader={"grade_id": "test_reshape_views", "grade": true, "points": 2, "locked": true}
t = torch.arange(24)
shapes = [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]
views = reshape_views(t, shapes)
assert [tuple(v.shape) for v in views] == shapes
for v in views:
    assert_view_of(v, t, "reshape_views")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(7)
for numel, shapes in [(24, [(24,), (1, 24), (6, 4), (3, 2, 4), (1, 2, 1, 12)]), (30, [(5, 6), (2, 3, 5)]), (7, [(7, 1)])]:
    t = torch.randn(numel, generator=generator)
    views = reshape_views(t, shapes)
    assert isinstance(views, list) and len(views) == len(shapes), "reshape_views must return a list with one view per shape"
    for v, shape in zip(views, shapes):
        assert tuple(v.shape) == shape, f"expected shape {shape}, got {tuple(v.shape)}"
        assert torch.equal(v.flatten(), t), "a view keeps the elements in row-major order"
        assert_view_of(v, t, "reshape_views")
matrix = torch.randn(4, 6, generator=generator)
assert [tuple(v.shape) for v in reshape_views(matrix, [(24,), (2, 12)])] == [(24,), (2, 12)], "t may have any shape"
assert reshape_views(matrix, []) == [], "no shapes, no views"
for numel, bad in [(24, (5, 5)), (24, (2, 3, 5)), (12, (13,))]:
    message = assert_raises(ValueError, reshape_views, torch.zeros(numel), [(numel,), bad],
                            what=f"reshape_views of {numel} elements into {bad}")
    assert str(numel) in message and any(form in message for form in (str(bad), str(list(bad)))), \
        f"the ValueError message must name the number of elements ({numel}) and the bad shape {bad}; got {message!r}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 5. Broadcasting
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
# An element-wise operation on tensors of different shapes works when the shapes are *compatible*.
# Shapes are aligned on the right; missing leading dimensions count as 1. At each position the
# sizes must be equal, or one of them must be 1, which is then stretched without copying.
# A size of 0 follows the same rules: 0 with 1 gives 0, while 0 with 2 is incompatible.
#
# Can tensors of these shapes be added? (5, 7, 3) and (5, 7, 3); (0,) and (2, 2); (5, 3, 4, 1) and
# (3, 1, 1); (5, 2, 4, 1) and (3, 1, 1).

# %%
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
# Вычислите форму результата broadcasting двух форм **по правилам, вручную**: без
# `torch.broadcast_shapes` и без создания тензоров. Верните кортеж целых чисел; если формы
# несовместимы — `ValueError`.

# %% [markdown] tags=["en"]
# ### Exercise 5 (3 points). `broadcast_shape`
#
# Compute the broadcast result of two shapes **by hand, from the rules**: no
# `torch.broadcast_shapes` and no tensors. Return a tuple of ints; raise `ValueError` when the
# shapes cannot broadcast.

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


# %% nbgrader={"grade_id": "test_broadcast_shape", "grade": true, "points": 3, "locked": true}
assert broadcast_shape((5, 7, 3), (5, 7, 3)) == (5, 7, 3)
assert broadcast_shape((5, 3, 4, 1), (3, 1, 1)) == (5, 3, 4, 1)
assert_raises(ValueError, broadcast_shape, (0,), (2, 2), what="broadcast_shape((0,), (2, 2))")
assert_raises(ValueError, broadcast_shape, (5, 2, 4, 1), (3, 1, 1), what="broadcast_shape((5, 2, 4, 1), (3, 1, 1))")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random

rng = random.Random(8)
pairs = [((), ()), ((), (3, 1)), ((1,), (0,)), ((0,), (1,)), ((0, 1), (1, 0)), ((1, 0), (3, 1)),
         ((2, 1, 0), (7, 1)), ((4,), (3, 1)), ((1, 1), (1,)), ((6, 1, 5), (1, 4, 1))]
for _ in range(300):
    pairs.append(tuple(tuple(rng.choice([0, 1, 1, 2, 3]) for _ in range(rng.randint(0, 4))) for _ in range(2)))
for shape_a, shape_b in pairs:
    try:
        expected = tuple(torch.broadcast_shapes(shape_a, shape_b))
    except RuntimeError:
        expected = None
    what = f"broadcast_shape({shape_a}, {shape_b})"
    if expected is None:
        assert_raises(ValueError, broadcast_shape, shape_a, shape_b, what=what)
    else:
        result = broadcast_shape(shape_a, shape_b)
        assert isinstance(result, tuple), f"{what} must return a tuple, got {type(result).__name__}"
        assert result == expected and all(type(size) is int for size in result), \
            f"{what} must be {expected}, got {result}"
assert broadcast_shape([2, 1], [3]) == (2, 3), "shapes may come as lists too; the result is a tuple"

forbidden = {torch.broadcast_shapes, torch.broadcast_tensors, torch.functional.broadcast_shapes}
used = [name for name in broadcast_shape.__code__.co_names
        if name in ("broadcast_shapes", "broadcast_tensors") or globals().get(name) in forbidden]
assert not used, f"broadcast_shape must apply the rules by hand, without {used}"
with RecordTorchCalls() as calls:
    broadcast_shape((2, 1, 4), (3, 1))
assert not calls.names, f"broadcast_shape must not use tensors, but called {sorted(set(calls.names))}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 6. NumPy
#
# `torch.from_numpy(arr)` и `torch.as_tensor(arr)` создают тензор поверх памяти массива NumPy, а
# `t.numpy()` — массив поверх памяти тензора (на CPU): изменения видны с обеих сторон.
# `torch.tensor(arr)` всегда копирует. Тип сохраняется: `float64` массива остаётся `float64`.

# %% [markdown] tags=["en"]
# ## 6. NumPy
#
# `torch.from_numpy(arr)` and `torch.as_tensor(arr)` make a tensor over a NumPy array's memory, and
# `t.numpy()` an array over a (CPU) tensor's memory: changes show on both sides. `torch.tensor(arr)`
# always copies. The type is kept: a `float64` array stays `float64`.

# %%
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
# Верните тензор, который делит память с массивом NumPy `arr`: изменение через одного видно в другом.

# %% [markdown] tags=["en"]
# ### Exercise 6 (1 point). `numpy_roundtrip`
#
# Return a tensor that shares memory with the NumPy array `arr`: a change through one shows in the other.

# %% nbgrader={"grade_id": "numpy_roundtrip", "solution": true}
def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    ### BEGIN SOLUTION
    return torch.from_numpy(arr)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_numpy_roundtrip", "grade": true, "points": 1, "locked": true}
arr = np.zeros(3, dtype=np.float32)
tensor = numpy_roundtrip(arr)
tensor[0] = 5.0
assert arr[0] == 5.0
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
rng = np.random.default_rng(9)
for dtype in (np.float32, np.float64, np.int64, np.int32, np.uint8):
    for shape in [(4,), (2, 3), (2, 1, 5)]:
        arr = (rng.random(shape) * 100).astype(dtype)
        original = arr.copy()
        tensor = numpy_roundtrip(arr)
        assert isinstance(tensor, torch.Tensor), f"numpy_roundtrip must return a tensor, got {type(tensor).__name__}"
        assert tuple(tensor.shape) == shape and np.array_equal(tensor.numpy(), original), \
            "numpy_roundtrip must keep the array's shape and values"
        assert tensor.numpy().dtype == arr.dtype, f"the tensor must keep the array's dtype {arr.dtype}, got {tensor.dtype}"
        arr.flat[0] = 7
        assert tensor.flatten()[0].item() == 7, f"a change to the array must show in the tensor ({arr.dtype}, shape {shape})"
        tensor.view(-1)[-1] = 3
        assert arr.flat[-1] == 3, f"a change to the tensor must show in the array ({arr.dtype}, shape {shape})"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - Тензор = данные + `shape` + `stride` + `dtype` + `device`; срезы и `view` дают новые
#   представления тех же данных.
# - Функция, которой передали тензор, не должна менять его на месте без явной договорённости.
# - Broadcasting выравнивает формы справа и растягивает измерения размера 1.
# - `torch.from_numpy` делит память с NumPy, `torch.tensor` копирует.

# %% [markdown] tags=["en"]
# ## Summary
#
# - A tensor is data + `shape` + `stride` + `dtype` + `device`; slices and `view` give new views of
#   the same data.
# - A function that receives a tensor must not change it in place unless it says so.
# - Broadcasting aligns shapes on the right and stretches dimensions of size 1.
# - `torch.from_numpy` shares memory with NumPy; `torch.tensor` copies.
