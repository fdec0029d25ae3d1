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
# Тензор — главный объект PyTorch: многомерный массив чисел одного типа (`dtype`) на каком-то
# устройстве (`device`). В этом уроке вы научитесь создавать тензоры, считать с ними, выбирать их
# части без копирования (представления, views), менять форму, склеивать, применять broadcasting и
# обмениваться данными с NumPy.
#
# **Время:** около 1 ч 55 мин (шесть разделов и вопросы для самопроверки).
#
# | Задание | Баллы |
# |---|---|
# | 1. `create_tensors` | 2 |
# | 2. `tensor_ops` | 3 |
# | 3. `first_rows`, `last_columns`, `center_crop`, `even_index_elements` | 1 + 1 + 1 + 1 |
# | 4. `reshape_views` | 2 |
# | 5. `broadcast_shape` | 3 |
# | 6. `numpy_roundtrip` | 1 |
# | **Всего** | **15** |
#
# **Что почитать.** [Tensors](https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html)
# и [Introduction to PyTorch Tensors](https://pytorch.org/tutorials/beginner/introyt/tensors_deeper_tutorial.html)
# из учебников PyTorch, [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html)
# и [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html) из документации.

# %% [markdown] tags=["en"]
# # Lesson 1. Tensors
#
# A tensor is the central object of PyTorch: a multi-dimensional array of numbers of one type
# (`dtype`) on a device (`device`). In this lesson you create tensors, compute with them, take
# parts of them without copying (views), reshape and join them, use broadcasting and exchange data
# with NumPy.
#
# **Time:** about 1 h 55 min (six sections and the questions to check yourself).
#
# | Exercise | Points |
# |---|---|
# | 1. `create_tensors` | 2 |
# | 2. `tensor_ops` | 3 |
# | 3. `first_rows`, `last_columns`, `center_crop`, `even_index_elements` | 1 + 1 + 1 + 1 |
# | 4. `reshape_views` | 2 |
# | 5. `broadcast_shape` | 3 |
# | 6. `numpy_roundtrip` | 1 |
# | **Total** | **15** |
#
# **Further reading.** [Tensors](https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html)
# and [Introduction to PyTorch Tensors](https://pytorch.org/tutorials/beginner/introyt/tensors_deeper_tutorial.html)
# from the PyTorch tutorials, [Broadcasting semantics](https://pytorch.org/docs/stable/notes/broadcasting.html)
# and [Tensor Views](https://pytorch.org/docs/stable/tensor_view.html) from the documentation.

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "skipped": "Пропущено: ещё не написано ({names}: NotImplementedError). Допишите и выполните эту ячейку снова.",
    "view: not a tensor": "{what} должна вернуть тензор, а вернула {result_type}",
    "view: a copy": "{what} должна вернуть представление t (общая с t память), а не копию",
    "raises: another error": "{what} должна бросить {error}, а бросила {exc_type}: {exc}",
    "raises: nothing": "{what} должна бросить {error}, а не бросила ничего",
    "kind: wrong": "{what} должен быть тензором {dtype} формы {shape}, а это {got}",
    "kind: a tensor": "тензор {dtype} формы {shape}",
    "more: passed": "Дополнительные проверки пройдены: случайных случаев — {n}.",
    "more: raised": "{case}: бросила {error}",
    "more: not a tensor": "{case}: ожидался тензор, а вернулся {got}",
    "more: shape": "{case}: ожидалась форма {want}, а получилась {got}",
    "more: dtype": "{case}: ожидался dtype {want}, а получился {got}",
    "more: values": "{case}: неверные значения. Ожидалось:\n{want}\nПолучилось:\n{got}",
    "more: a copy": "{case}: результат должен делить память с t (быть представлением), а это копия",
    "more: must raise": "{case}: должна бросить {error}, а {got}",
    "more: raised another": "бросила {got}",
    "more: returned": "вернула результат",
    "more: message names both shapes": "{case}: сообщение ValueError должно называть обе формы, {a} и {b}, а в нём: "
                                       "{got!r}",
    "more: message names count and shape": "{case}: сообщение ValueError должно называть число элементов {numel} и "
                                           "форму {shape}, а в нём: {got!r}",
    "more: input changed": "{case}: функция изменила свой вход {name}",
    "more: keys": "{case}: ожидались ключи {want}, а получилось {got}",
    "more: not fresh": "{case}: два вызова вернули одни и те же случайные числа",
    "more: rand range": "{case}: rand_3x4 должен лежать в [0, 1), а значения от {low:.3g} до {high:.3g}",
    "more: rand constant": "{case}: rand_3x4 — константа, а не случайные числа",
    "more: range made with": "{case}: range_4x4 нужно делать внутри create_tensors при каждом вызове: torch.arange, "
                             "затем reshape или view (вызваны: {got})",
    "more: not a list": "{case}: ожидался список из {want} представлений, а получилось {got}",
    "more: not a tuple": "{case}: ожидался кортеж целых чисел Python, а получилось {got!r}",
    "more: not by hand": "{case}: broadcast_shape должна применять правила вручную, а вызвала {got}",
    "more: array to tensor": "{case}: изменение массива не видно в тензоре (память должна быть общей)",
    "more: tensor to array": "{case}: изменение тензора не видно в массиве (память должна быть общей)",
    "more: call": "create_tensors() (вызов {n})",
    "more: a NumPy array": "массив NumPy",
    "more: a list": "список",
    "more: a float": "число float",
    "more: a tensor": "тензор",
    "more: tensor_ops of shapes": "tensor_ops(a формы {a}, b формы {b})",
    "more: t of shape": "{name}(t формы {shape})",
    "more: t of shape, size": "center_crop(t формы {shape}, size={size})",
    "more: t of shape, shapes": "reshape_views(t формы {shape}, {shapes})",
    "more: t not contiguous, shapes": "reshape_views(t формы {shape}, не непрерывный, {shapes})",
    "more: view of shape": "{case}, форма {shape}",
    "more: an array of": "numpy_roundtrip(массив {dtype} формы {shape})",
    "demo: two calls differ": "два вызова дают разные числа:",
    "demo: the same seed repeats them": "тот же seed повторяет их:",
    "visible passed": "Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.",
    "create_tensors: rand_3x4 in [0, 1)": "значения rand_3x4 должны лежать в [0, 1)",
    "create_tensors: rand_3x4 new at every call": "rand_3x4 должен быть новыми случайными числами при каждом вызове",
    "create_tensors: the keys": "ожидались ровно ключи rand_3x4, zeros_2x3x4, ones_5x5, range_4x4, а получилось "
                                "{sorted_tensors}",
    "create_tensors: zeros and ones values": "zeros_2x3x4 должен состоять из нулей, а ones_5x5 — из единиц",
    "create_tensors: range_4x4 row by row": "range_4x4 — числа 0..15 построчно: [[0, 1, 2, 3], [4, 5, 6, 7], ...]",
    "create_tensors: range_4x4 made inside": "range_4x4 нужно делать внутри create_tensors при каждом вызове: "
                                             "torch.arange, затем reshape или view (вызваны: {got})",
    "demo: sum": "сумма:",
    "demo: per column": "| по столбцам:",
    "demo: per row": "| по строкам:",
    "demo: transposed": "транспонированная:\n",
    "tensor_ops: the keys": "ожидались ровно ключи a_t, matmul, elementwise, total, а получилось {sorted_ops}",
    "tensor_ops: a_t": "a_t должно быть транспонированным a",
    "tensor_ops: matmul": "matmul должно быть a @ b",
    "tensor_ops: elementwise": "elementwise должно быть a * b.T",
    "tensor_ops: total": "total должен быть суммой всех элементов a: 21",
    "tensor_ops: a and b unchanged": "tensor_ops изменила a или b, а входы менять нельзя",
    "tensor_ops: with a list": "tensor_ops со списком",
    "visible: the message": "Сообщение:",
    "demo: shares storage": "общая память:",
    "demo: stride of t": "stride у t:",
    "demo: stride of t[:, :, 0]": "| stride у t[:, :, 0]:",
    "demo: same as t[:, :, 0]": "то же, что t[:, :, 0]:",
    "demo: t[0, ...] is t[0]": "t[0, ...] — это t[0]:",
    "demo: top-left pixel of every channel": "левый верхний пиксель каждого канала:",
    "demo: a view": "представление:",
    "first_rows: row 0 of every matrix": "first_rows(t) должна быть нулевой строкой каждой матрицы",
    "first_rows: in matrix order": "нулевая строка матрицы 0, затем нулевая строка матрицы 1",
    "last_columns: the last column": "last_columns(t) должна быть последним столбцом каждой матрицы",
    "center_crop: the crop of matrix 0": "center_crop(t)[0] должен быть [[5, 6], [9, 10]]",
    "center_crop: rows and columns 1..2": "строки 1..2 и столбцы 1..2 каждой матрицы",
    "center_crop: size": "center_crop(t, {size}): строки и столбцы {start}..{stop} каждой матрицы (r0 = c0 = "
                         "(4 - {size}) // 2)",
    "even_index_elements: the elements": "even_index_elements(t) должна быть [[[0, 2], [8, 10]]], формы (1, 2, 2)",
    "even_index_elements: every index even": "even_index_elements(u) должна быть u[::2, ::2, ::2]: у u три матрицы, "
                                             "чётные из них — 0 и 2",
    "demo: contiguous": "непрерывный (contiguous):",
    "demo: view fails": "view не работает:",
    "demo: reshape copies instead": "reshape вместо этого копирует:",
    "demo: stack is cat of unsqueezed": "stack — это cat после unsqueeze:",
    "demo: cat copies": "cat копирует:",
    "demo: cat: sizes may differ along dim": "cat: вдоль dim размеры могут различаться:",
    "demo: stack needs equal shapes": "stack нужны одинаковые формы:",
    "reshape_views: a list of these shapes": "список представлений этих форм",
    "reshape_views: views[3][1, 2]": "views[3][1, 2] должно быть [20, 21, 22, 23]",
    "reshape_views: -1 inferred": "размер на месте -1 вычисляется: ожидались формы [(4, 6), (2, 4, 3)], а получилось "
                                  "{got}",
    "reshape_views: views of t.T": "у transposed = torch.arange(12).view(3, 4).T есть представления форм "
                                   "(4, 3, 1) и (2, 2, 3): их и нужно вернуть, элементы в порядке transposed, построчно",
    "reshape_views: 24 elements into (5, 5)": "reshape_views 24 элементов в форму (5, 5)",
    "demo: cannot broadcast": "-> несовместимы:",
    "broadcast_shape: must return": "{call} должна вернуть кортеж целых чисел Python {want}, а вернула {got!r}",
    "numpy_roundtrip: values": "тензор должен хранить значения массива",
    "numpy_roundtrip: array to tensor": "изменение массива должно быть видно в тензоре",
    "numpy_roundtrip: shared memory": "изменение тензора должно быть видно в массиве",
}


# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "skipped": "Skipped: not written yet ({names}: NotImplementedError). Write it, then run this cell again.",
    "view: not a tensor": "{what} must return a tensor, got {result_type}",
    "view: a copy": "{what} must return a view of t (sharing its storage), not a copy",
    "raises: another error": "{what} must raise {error}, but raised {exc_type}: {exc}",
    "raises: nothing": "{what} must raise {error}, but raised nothing",
    "kind: wrong": "{what} must be a {dtype} tensor of shape {shape}, got {got}",
    "kind: a tensor": "a {dtype} tensor of shape {shape}",
    "more: passed": "Extra checks passed ({n} random cases).",
    "more: raised": "{case}: raised {error}",
    "more: not a tensor": "{case}: expected a tensor, got {got}",
    "more: shape": "{case}: expected shape {want}, got {got}",
    "more: dtype": "{case}: expected dtype {want}, got {got}",
    "more: values": "{case}: wrong values. Expected:\n{want}\nGot:\n{got}",
    "more: a copy": "{case}: the result must share memory with t (be a view), but it is a copy",
    "more: must raise": "{case}: must raise {error}, but it {got}",
    "more: raised another": "raised {got}",
    "more: returned": "returned a result",
    "more: message names both shapes": "{case}: the message of the ValueError must name both shapes, {a} and {b}; it "
                                       "says {got!r}",
    "more: message names count and shape": "{case}: the message of the ValueError must name the number of elements "
                                           "{numel} and the shape {shape}; it says {got!r}",
    "more: input changed": "{case}: the function changed its input {name}",
    "more: keys": "{case}: expected the keys {want}, got {got}",
    "more: not fresh": "{case}: two calls returned the same random numbers",
    "more: rand range": "{case}: rand_3x4 must lie in [0, 1), but its values reach from {low:.3g} to {high:.3g}",
    "more: rand constant": "{case}: rand_3x4 is a constant, not random numbers",
    "more: range made with": "{case}: range_4x4 must be made inside create_tensors at every call, with torch.arange "
                             "and then reshape or view (called: {got})",
    "more: not a list": "{case}: expected a list of {want} views, got {got}",
    "more: not a tuple": "{case}: expected a tuple of Python ints, got {got!r}",
    "more: not by hand": "{case}: broadcast_shape must apply the rules by hand, but it called {got}",
    "more: array to tensor": "{case}: a change to the array does not show in the tensor (they must share memory)",
    "more: tensor to array": "{case}: a change to the tensor does not show in the array (they must share memory)",
    "more: call": "create_tensors() (call {n})",
    "more: a NumPy array": "a NumPy array",
    "more: a list": "a list",
    "more: a float": "a float",
    "more: a tensor": "a tensor",
    "more: tensor_ops of shapes": "tensor_ops(a of shape {a}, b of shape {b})",
    "more: t of shape": "{name}(t of shape {shape})",
    "more: t of shape, size": "center_crop(t of shape {shape}, size={size})",
    "more: t of shape, shapes": "reshape_views(t of shape {shape}, {shapes})",
    "more: t not contiguous, shapes": "reshape_views(t of shape {shape}, not contiguous, {shapes})",
    "more: view of shape": "{case}, shape {shape}",
    "more: an array of": "numpy_roundtrip(an array of {dtype} of shape {shape})",
    "demo: two calls differ": "two calls differ:",
    "demo: the same seed repeats them": "the same seed repeats them:",
    "visible passed": "Visible checks passed. Hidden tests run at grading.",
    "create_tensors: rand_3x4 in [0, 1)": "rand_3x4 must lie in [0, 1)",
    "create_tensors: rand_3x4 new at every call": "rand_3x4 must be new random numbers at every call",
    "create_tensors: the keys": "expected exactly the keys rand_3x4, zeros_2x3x4, ones_5x5, range_4x4, got "
                                "{sorted_tensors}",
    "create_tensors: zeros and ones values": "zeros_2x3x4 must hold zeros and ones_5x5 ones",
    "create_tensors: range_4x4 row by row": "range_4x4 is 0..15 row by row: [[0, 1, 2, 3], [4, 5, 6, 7], ...]",
    "create_tensors: range_4x4 made inside": "range_4x4 must be made inside create_tensors at every call, with "
                                             "torch.arange and then reshape or view (called: {got})",
    "demo: sum": "sum:",
    "demo: per column": "| per column:",
    "demo: per row": "| per row:",
    "demo: transposed": "transposed:\n",
    "tensor_ops: the keys": "expected exactly the keys a_t, matmul, elementwise, total, got {sorted_ops}",
    "tensor_ops: a_t": "a_t must be a transposed",
    "tensor_ops: matmul": "matmul must be a @ b",
    "tensor_ops: elementwise": "elementwise must be a * b.T",
    "tensor_ops: total": "total must be the sum of all elements of a: 21",
    "tensor_ops: a and b unchanged": "tensor_ops changed a or b: it must not modify its inputs",
    "tensor_ops: with a list": "tensor_ops with a list",
    "visible: the message": "The message:",
    "demo: shares storage": "shares storage:",
    "demo: stride of t": "stride of t:",
    "demo: stride of t[:, :, 0]": "| stride of t[:, :, 0]:",
    "demo: same as t[:, :, 0]": "same as t[:, :, 0]:",
    "demo: t[0, ...] is t[0]": "t[0, ...] is t[0]:",
    "demo: top-left pixel of every channel": "top-left pixel of every channel:",
    "demo: a view": "a view:",
    "first_rows: row 0 of every matrix": "first_rows(t) must be row 0 of every matrix",
    "first_rows: in matrix order": "row 0 of matrix 0, then row 0 of matrix 1",
    "last_columns: the last column": "last_columns(t) must be the last column of every matrix",
    "center_crop: the crop of matrix 0": "center_crop(t)[0] must be [[5, 6], [9, 10]]",
    "center_crop: rows and columns 1..2": "rows 1..2 and columns 1..2 of every matrix",
    "center_crop: size": "center_crop(t, {size}): rows and columns {start}..{stop} of every matrix (r0 = c0 = "
                         "(4 - {size}) // 2)",
    "even_index_elements: the elements": "even_index_elements(t) must be [[[0, 2], [8, 10]]], of shape (1, 2, 2)",
    "even_index_elements: every index even": "even_index_elements(u) must be u[::2, ::2, ::2]: u has three matrices, "
                                             "of which 0 and 2 are even",
    "demo: contiguous": "contiguous:",
    "demo: view fails": "view fails:",
    "demo: reshape copies instead": "reshape copies instead:",
    "demo: stack is cat of unsqueezed": "stack is cat of unsqueezed:",
    "demo: cat copies": "cat copies:",
    "demo: cat: sizes may differ along dim": "cat: sizes may differ along dim:",
    "demo: stack needs equal shapes": "stack needs equal shapes:",
    "reshape_views: a list of these shapes": "a list of views of these shapes",
    "reshape_views: views[3][1, 2]": "views[3][1, 2] must be [20, 21, 22, 23]",
    "reshape_views: -1 inferred": "the size in place of -1 is inferred: expected the shapes [(4, 6), (2, 4, 3)], got "
                                  "{got}",
    "reshape_views: views of t.T": "transposed = torch.arange(12).view(3, 4).T has views of shapes (4, 3, 1) and "
                                   "(2, 2, 3): return them, their elements in transposed's row-major order",
    "reshape_views: 24 elements into (5, 5)": "reshape_views of 24 elements into (5, 5)",
    "demo: cannot broadcast": "-> cannot broadcast:",
    "broadcast_shape: must return": "{call} must return the tuple of Python ints {want}, got {got!r}",
    "numpy_roundtrip: values": "the tensor must hold the array's values",
    "numpy_roundtrip: array to tensor": "a change to the array must show in the tensor",
    "numpy_roundtrip: shared memory": "a change to the tensor must show in the array",
}


# %%
import numpy as np
import torch

print("PyTorch", torch.__version__, "| CUDA:", torch.cuda.is_available())

# %% nbgrader={"grade_id": "test_helpers", "locked": true} title={"ru": "Вспомогательные функции для видимых проверок", "en": "Helpers for the visible checks"}
def assert_view_of(result, t, what):
    """`result` must share t's storage: writing through one shows in the other."""
    assert isinstance(result, torch.Tensor), TEXT["view: not a tensor"].format(
        what=what, result_type=type(result).__name__)
    assert result.untyped_storage().data_ptr() == t.untyped_storage().data_ptr(), \
        TEXT["view: a copy"].format(what=what)


def assert_kind(value, what, shape, dtype):
    """`value` must be a tensor of this shape and dtype."""
    got = TEXT["kind: a tensor"].format(dtype=value.dtype, shape=tuple(value.shape)) \
        if isinstance(value, torch.Tensor) else type(value).__name__
    assert isinstance(value, torch.Tensor) and value.shape == shape and value.dtype == dtype, \
        TEXT["kind: wrong"].format(what=what, dtype=dtype, shape=shape, got=got)


def assert_raises(error, call, *args, what="", **kwargs):
    """`call(*args, **kwargs)` must raise `error`; returns the message."""
    try:
        call(*args, **kwargs)
    except NotImplementedError:
        raise  # the exercise is not solved yet (and NotImplementedError is a RuntimeError)
    except error as exc:
        return str(exc)
    except Exception as exc:
        raise AssertionError(TEXT["raises: another error"].format(
            what=what, error=error.__name__, exc_type=type(exc).__name__, exc=exc))
    raise AssertionError(TEXT["raises: nothing"].format(what=what, error=error.__name__))


class TorchCalls(torch.overrides.TorchFunctionMode):
    """Inside `with TorchCalls() as calls:`, calls.names lists the torch functions called."""

    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.names.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))


# %% tags=["demo", "self_check"] title={"ru": "Дополнительные проверки на случайных входах (check_more_...)", "en": "Extra checks on random inputs (check_more_...)"}
import functools
import random
import re


def _skips_unwritten(check):
    """The optional check, saying it is skipped where a function it checks is not written yet (NotImplementedError)."""
    @functools.wraps(check)
    def run(*functions, **options):
        try:
            check(*functions, **options)
        except NotImplementedError:
            print(TEXT["skipped"].format(names=", ".join(f.__name__ for f in functions)))
    return run


def _fail(key, **values):
    raise AssertionError(TEXT[key].format(**values))


def _call(case, function, *args):
    try:
        return function(*args)
    except NotImplementedError:
        raise  # not solved yet
    except Exception as error:
        _fail("more: raised", case=case, error=f"{type(error).__name__}: {error}")


def _expect_raises(case, error, function, *args):
    """The message of the `error` that function(*args) must raise."""
    try:
        function(*args)
    except NotImplementedError:
        raise
    except error as raised:
        return str(raised)
    except Exception as raised:
        _fail("more: must raise", case=case, error=error.__name__,
              got=TEXT["more: raised another"].format(got=f"{type(raised).__name__}: {raised}"))
    _fail("more: must raise", case=case, error=error.__name__, got=TEXT["more: returned"])


def _expect_kind(case, got, shape, dtype):
    if not isinstance(got, torch.Tensor):
        _fail("more: not a tensor", case=case, got=type(got).__name__)
    if got.shape != shape:
        _fail("more: shape", case=case, want=tuple(shape), got=tuple(got.shape))
    if got.dtype != dtype:
        _fail("more: dtype", case=case, want=dtype, got=got.dtype)


def _expect_same(case, got, want):
    """got must be a tensor of want's shape, dtype and values (floats up to rounding)."""
    _expect_kind(case, got, want.shape, want.dtype)
    if not (torch.equal(got, want) or (want.is_floating_point() and torch.allclose(got, want))):
        _fail("more: values", case=case, want=want, got=got)


def _expect_view(case, got, want, t):
    _expect_same(case, got, want)
    if got.untyped_storage().data_ptr() != t.untyped_storage().data_ptr():
        _fail("more: a copy", case=case)


def _names_shape(text, shape):
    """Whether text names shape as (2, 3), [2, 3], torch.Size([2, 3]) or 2x3."""
    sizes = [str(size) for size in shape]
    pattern = r"[(\[]\s*" + r"\s*,\s*".join(sizes) + r"\s*,?\s*[)\]]"
    if len(sizes) > 1:
        pattern += r"|(?<![\w.])" + r"\s*[x×*]\s*".join(sizes) + r"(?![\w.])"
    return re.search(pattern, text) is not None


def _names_number(text, number):
    return re.search(rf"(?<![\d.]){number}(?!\d)", text) is not None


def _random_cubes(seed, count=40):
    """3-D tensors of random shapes (sizes 1 to 6) holding 0, 1, 2, ... row by row: a wrong pick shows which
    elements it took."""
    generator = torch.Generator().manual_seed(seed)
    for _ in range(count):
        shape = tuple(torch.randint(1, 7, (3,), generator=generator).tolist())
        yield torch.arange(shape[0] * shape[1] * shape[2]).reshape(shape)


def _not_3d(name, function, *args):
    for shape in [(5,), (3, 4), (2, 3, 4, 5)]:
        _expect_raises(TEXT["more: t of shape"].format(name=name, shape=shape), ValueError, function,
                       torch.zeros(shape), *args)


@_skips_unwritten
def check_more_create_tensors(create_tensors, calls=20):
    keys = {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"}
    fixed = {"zeros_2x3x4": torch.zeros(2, 3, 4), "ones_5x5": torch.ones(5, 5),
             "range_4x4": torch.arange(16).reshape(4, 4)}
    previous = None
    for n in range(1, calls + 1):
        case = TEXT["more: call"].format(n=n)
        with TorchCalls() as torch_calls:
            result = _call(case, create_tensors)
        if type(result) is not dict or set(result) != keys:
            _fail("more: keys", case=case, want=sorted(keys), got=sorted(result) if type(result) is dict else type(result))
        rand = result["rand_3x4"]
        _expect_kind(f"{case}['rand_3x4']", rand, (3, 4), torch.float32)
        if not bool(((rand >= 0) & (rand < 1)).all()):
            _fail("more: rand range", case=case, low=rand.min().item(), high=rand.max().item())
        if rand.unique().numel() == 1:
            _fail("more: rand constant", case=case)
        if previous is not None and torch.equal(rand, previous):
            _fail("more: not fresh", case=case)
        previous = rand
        for key, want in fixed.items():
            _expect_same(f"{case}[{key!r}]", result[key], want)
        if "arange" not in torch_calls.names or not {"reshape", "view"} & set(torch_calls.names):
            _fail("more: range made with", case=case, got=", ".join(sorted(set(torch_calls.names))))
    print(TEXT["more: passed"].format(n=calls))


@_skips_unwritten
def check_more_tensor_ops(tensor_ops):
    generator = torch.Generator().manual_seed(2)
    cases = 0
    for trial in range(60):
        n, m = torch.randint(1, 7, (2,), generator=generator).tolist()
        dtype = (torch.float32, torch.float64, torch.int64)[trial % 3]
        a = torch.randint(-9, 10, (n, m), generator=generator).to(dtype)
        b = torch.randint(-9, 10, (m, n), generator=generator).to(dtype)
        a0, b0 = a.clone(), b.clone()
        case = f"tensor_ops(a {n}x{m}, b {m}x{n}, {dtype})"
        ops = _call(case, tensor_ops, a, b)
        if not torch.equal(a, a0) or a.stride() != a0.stride():
            _fail("more: input changed", case=case, name="a")
        if not torch.equal(b, b0) or b.stride() != b0.stride():
            _fail("more: input changed", case=case, name="b")
        expected = {"a_t": a0.T, "matmul": a0 @ b0, "elementwise": a0 * b0.T, "total": a0.sum()}
        if type(ops) is not dict or set(ops) != set(expected):
            _fail("more: keys", case=case, want=sorted(expected), got=sorted(ops) if type(ops) is dict else type(ops))
        for key, want in expected.items():
            _expect_same(f"{case}[{key!r}]", ops[key], want)
        cases += 1
    tensor = TEXT["more: a tensor"]
    for other, name in [(np.ones((2, 3)), "more: a NumPy array"), ([[1.0, 2.0]], "more: a list"),
                        (3.0, "more: a float")]:
        _expect_raises(f"tensor_ops({TEXT[name]}, {tensor})", TypeError, tensor_ops, other, torch.ones(3, 2))
        _expect_raises(f"tensor_ops({tensor}, {TEXT[name]})", TypeError, tensor_ops, torch.ones(2, 3), other)
        cases += 2
    rng = random.Random(2)
    while cases < 100:
        shape_a, shape_b = (tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3))) for _ in range(2))
        if len(shape_a) == 2 and shape_a == shape_b[::-1]:
            continue  # a valid pair
        case = TEXT["more: tensor_ops of shapes"].format(a=shape_a, b=shape_b)
        message = _expect_raises(case, ValueError, tensor_ops, torch.ones(shape_a), torch.ones(shape_b))
        if not (_names_shape(message, shape_a) and _names_shape(message, shape_b)):
            _fail("more: message names both shapes", case=case, a=shape_a, b=shape_b, got=message)
        cases += 1
    print(TEXT["more: passed"].format(n=cases))


def _check_more_views(name, function, pick, seed):
    """function(t) must be the view pick(t) for random 3-D t, and raise ValueError for t of other dims."""
    cubes = list(_random_cubes(seed))
    for t in cubes:
        case = TEXT["more: t of shape"].format(name=name, shape=tuple(t.shape))
        _expect_view(case, _call(case, function, t), pick(t), t)
    _not_3d(name, function)
    print(TEXT["more: passed"].format(n=len(cubes) + 3))


@_skips_unwritten
def check_more_first_rows(first_rows):
    _check_more_views("first_rows", first_rows, lambda t: t[:, 0, :], seed=3)


@_skips_unwritten
def check_more_last_columns(last_columns):
    _check_more_views("last_columns", last_columns, lambda t: t[:, :, t.shape[2] - 1], seed=4)


@_skips_unwritten
def check_more_even_index_elements(even_index_elements):
    _check_more_views("even_index_elements", even_index_elements, lambda t: t[::2, ::2, ::2], seed=6)


@_skips_unwritten
def check_more_center_crop(center_crop):
    cases = 0
    sizes = random.Random(5)
    for t in _random_cubes(5, count=60):
        _, rows, columns = t.shape
        size = sizes.randint(-1, max(rows, columns) + 1)
        case = TEXT["more: t of shape, size"].format(shape=tuple(t.shape), size=size)
        if 1 <= size <= min(rows, columns):
            r0, c0 = (rows - size) // 2, (columns - size) // 2
            _expect_view(case, _call(case, center_crop, t, size), t[:, r0:r0 + size, c0:c0 + size], t)
        else:
            _expect_raises(case, ValueError, center_crop, t, size)
        case = TEXT["more: t of shape"].format(name="center_crop", shape=tuple(t.shape))
        if min(rows, columns) >= 2:
            r0, c0 = (rows - 2) // 2, (columns - 2) // 2
            _expect_view(case, _call(case, center_crop, t), t[:, r0:r0 + 2, c0:c0 + 2], t)
        else:
            _expect_raises(case, ValueError, center_crop, t)
        cases += 2
    _not_3d("center_crop", center_crop, 1)
    print(TEXT["more: passed"].format(n=cases + 3))


def _factors(numel, parts, rng):
    """A random shape of `parts` sizes whose product is numel."""
    shape = []
    for _ in range(parts - 1):
        size = rng.choice([d for d in range(1, numel + 1) if numel % d == 0])
        shape.append(size)
        numel //= size
    return tuple(shape + [numel])


@_skips_unwritten
def check_more_reshape_views(reshape_views):
    rng = random.Random(7)
    cases = 0
    for trial in range(40):
        t = torch.randn([rng.randint(1, 5) for _ in range(rng.randint(1, 3))])
        shapes = [_factors(t.numel(), rng.randint(1, 4), rng) for _ in range(rng.randint(0, 4))]
        if shapes and trial % 2:  # one size left for view to infer
            shape = list(shapes[-1])
            shape[rng.randrange(len(shape))] = -1
            shapes[-1] = tuple(shape)
        case = TEXT["more: t of shape, shapes"].format(shape=tuple(t.shape), shapes=shapes)
        _expect_views(case, _call(case, reshape_views, t, shapes), [t.reshape(shape) for shape in shapes], t)
        bad = rng.choice([(t.numel() + 1,), (t.numel() + 2, t.numel() + 3), (t.numel() + 1, -1)])  # none fits
        case = TEXT["more: t of shape, shapes"].format(shape=tuple(t.shape), shapes=shapes[:1] + [bad])
        message = _expect_raises(case, ValueError, reshape_views, t, shapes[:1] + [bad])
        if not (_names_number(message, t.numel()) and _names_shape(message, bad)):
            _fail("more: message names count and shape", case=case, numel=t.numel(), shape=bad, got=message)
        cases += 2
    for shape, shapes in [((0,), [(0, 3), (3, 0, 2)]), ((2, 0), [(0,), (4, 0, 1)])]:  # no elements at all
        t = torch.zeros(shape)
        case = TEXT["more: t of shape, shapes"].format(shape=shape, shapes=shapes)
        _expect_views(case, _call(case, reshape_views, t, shapes), [t.reshape(shape) for shape in shapes], t)
        cases += 1
    for rows, columns in [(3, 4), (2, 5), (4, 6), (5, 3)]:  # t.T: a view exists for some shapes, not for others
        t = torch.arange(rows * columns).reshape(rows, columns).T
        shapes = [(columns, rows, 1), (columns, 1, rows), (1, columns, rows)]
        case = TEXT["more: t not contiguous, shapes"].format(shape=tuple(t.shape), shapes=shapes)
        _expect_views(case, _call(case, reshape_views, t, shapes), [t.view(shape) for shape in shapes], t)
        for shapes in ([(rows * columns,)], [(columns, 1, rows), (rows, columns)], [(-1,)]):
            case = TEXT["more: t not contiguous, shapes"].format(shape=tuple(t.shape), shapes=shapes)
            _expect_raises(case, RuntimeError, reshape_views, t, shapes)
            cases += 1
        cases += 1
    print(TEXT["more: passed"].format(n=cases))


def _expect_views(case, views, expected, t):
    if type(views) is not list or len(views) != len(expected):
        _fail("more: not a list", case=case, want=len(expected),
              got=type(views).__name__ if type(views) is not list else len(views))
    for view, want in zip(views, expected):
        _expect_view(TEXT["more: view of shape"].format(case=case, shape=tuple(want.shape)), view, want, t)


LIBRARY_BROADCASTING = [(torch, "broadcast_shapes"), (torch, "broadcast_tensors"), (torch, "broadcast_to"),
                        (np, "broadcast_shapes"), (np, "broadcast"), (np, "broadcast_to"), (np, "broadcast_arrays")]


def _spied(module, name, used):
    original = getattr(module, name)

    def spy(*args, **kwargs):
        used.append(f"{module.__name__}.{name}")
        return original(*args, **kwargs)
    return spy


@_skips_unwritten
def check_more_broadcast_shape(broadcast_shape, pairs=300):
    """Against torch.broadcast_shapes, with the library's broadcasting functions watched while it runs."""
    rng = random.Random(11)
    used, originals = [], {(module, name): getattr(module, name) for module, name in LIBRARY_BROADCASTING}
    code, scope = broadcast_shape.__code__, broadcast_shape.__globals__
    for name in code.co_names:  # a library function under another name of yours
        if any(scope.get(name) is original for original in originals.values()):
            _fail("more: not by hand", case=f"broadcast_shape: {name}", got=f"{scope[name].__module__}.{scope[name].__name__}")
    try:
        for (module, name) in originals:
            setattr(module, name, _spied(module, name, used))
        with TorchCalls() as torch_calls:
            for trial in range(pairs):
                shape_a, shape_b = ([rng.choice([0, 1, 1, 2, 3]) for _ in range(rng.randint(0, 4))] for _ in range(2))
                if trial % 2:
                    shape_a, shape_b = tuple(shape_a), tuple(shape_b)
                case = f"broadcast_shape({shape_a}, {shape_b})"
                try:
                    expected = tuple(originals[(torch, "broadcast_shapes")](shape_a, shape_b))
                except RuntimeError:
                    expected = None
                if expected is None:
                    _expect_raises(case, ValueError, broadcast_shape, shape_a, shape_b)
                else:
                    result = _call(case, broadcast_shape, shape_a, shape_b)
                    if not isinstance(result, tuple) or not all(type(size) is int for size in result):
                        _fail("more: not a tuple", case=case, got=result)
                    if result != expected:
                        _fail("more: shape", case=case, want=expected, got=result)
                if used or torch_calls.names:
                    _fail("more: not by hand", case=case, got=", ".join(sorted(set(used + torch_calls.names))))
    finally:
        for (module, name), original in originals.items():
            setattr(module, name, original)
    print(TEXT["more: passed"].format(n=pairs))


@_skips_unwritten
def check_more_numpy_roundtrip(numpy_roundtrip):
    rng = np.random.default_rng(13)
    cases = 0
    for dtype in (np.float32, np.float64, np.int64, np.int32, np.uint8, np.int16):
        for ndim in range(1, 4):
            arr = (rng.random(tuple(rng.integers(1, 5, ndim))) * 100).astype(dtype)
            case = TEXT["more: an array of"].format(dtype=np.dtype(dtype).name, shape=arr.shape)
            tensor = _call(case, numpy_roundtrip, arr)
            _expect_same(case, tensor, torch.from_numpy(arr.copy()))
            arr[(0,) * ndim] = 200  # the values are below 100
            if tensor[(0,) * ndim].item() != arr[(0,) * ndim]:
                _fail("more: array to tensor", case=case)
            tensor[(-1,) * ndim] = 250
            if arr[(-1,) * ndim] != tensor[(-1,) * ndim].item():
                _fail("more: tensor to array", case=case)
            cases += 1
    print(TEXT["more: passed"].format(n=cases))


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
# `torch.manual_seed` переводит генераторы в известное состояние, и следующие вызовы повторят
# ту же последовательность — удобно для воспроизводимых экспериментов, но функция, которая
# вызывает `manual_seed` у себя внутри, при каждом вызове вернёт одни и те же «случайные» числа.

# %% [markdown] tags=["en"]
# The element type is set with the `dtype` argument and changed with `.to()`. Integers default to
# `int64`, floating-point numbers to `float32`.
#
# Random numbers come from a default generator that the whole process shares (one per device):
# every call of `torch.rand` moves it on and gives new numbers. `torch.manual_seed` puts the
# generators into a known state, and the calls after it repeat the same sequence. That makes
# experiments reproducible, but a function that calls `manual_seed` inside returns the same
# "random" numbers at every call.

# %% tags=["demo"]
y = torch.tensor([1, 2, 3])
print(y.dtype, y.to(torch.float16).dtype, torch.tensor([1.0, 2.0]).dtype)

print(TEXT["demo: two calls differ"], not torch.equal(torch.rand(3), torch.rand(3)))
torch.manual_seed(0)
first = torch.rand(3)
torch.manual_seed(0)
print(TEXT["demo: the same seed repeats them"], torch.equal(first, torch.rand(3)))

# %% [markdown] tags=["ru"]
# ### Задание 1 (2 балла). `create_tensors`
#
# `create_tensors()` без аргументов возвращает словарь ровно с четырьмя ключами:
# - `"rand_3x4"` — случайные числа, равномерно распределённые на [0, 1), `float32`, форма 3×4;
#   **при каждом вызове новые** (не фиксируйте seed внутри функции);
# - `"zeros_2x3x4"` — нули, `float32`, форма 2×3×4;
# - `"ones_5x5"` — единицы, `float32`, форма 5×5;
# - `"range_4x4"` — числа 0..15 типа `int64`, построчно (`[[0, 1, 2, 3], [4, 5, 6, 7], ...]`),
#   сделанные вызовом `torch.arange` и превращённые в 4×4 через `reshape` (или `view`) — внутри
#   функции, при каждом вызове (тензор, сделанный один раз вне её, был бы общим для всех вызовов).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - 1 балл за `"rand_3x4"`: форма (3, 4), `float32`, все значения в [0, 1), не константа, новые
#   числа при втором вызове.
# - 1 балл за остальные три ключа: ровно эти четыре ключа, формы, типы и значения, а для
#   `"range_4x4"` — вызовы `torch.arange` и `reshape` (или `view`) во время вызова `create_tensors()`.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 1 (2 points). `create_tensors`
#
# `create_tensors()` takes no arguments and returns a dict with exactly four keys:
# - `"rand_3x4"`: random numbers uniform on [0, 1), `float32`, shape 3×4, **new at every call**
#   (do not fix the seed inside the function);
# - `"zeros_2x3x4"`: zeros, `float32`, shape 2×3×4;
# - `"ones_5x5"`: ones, `float32`, shape 5×5;
# - `"range_4x4"`: the numbers 0..15 as `int64`, row by row (`[[0, 1, 2, 3], [4, 5, 6, 7], ...]`),
#   made by a call of `torch.arange` and turned into 4×4 with `reshape` (or `view`), inside the
#   function at every call (a tensor made once outside it would be shared by every call).
#
# <details><summary>What grading checks</summary>
#
# - 1 point for `"rand_3x4"`: shape (3, 4), `float32`, every value in [0, 1), not a constant, new
#   numbers at a second call.
# - 1 point for the other three keys: exactly these four keys, the shapes, dtypes and values, and
#   for `"range_4x4"` calls of `torch.arange` and of `reshape` (or `view`) while `create_tensors()` runs.
# </details>

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
assert_kind(rand, "rand_3x4", (3, 4), torch.float32)
assert bool(((rand >= 0) & (rand < 1)).all()), TEXT["create_tensors: rand_3x4 in [0, 1)"]
assert not torch.equal(rand, create_tensors()["rand_3x4"]), TEXT["create_tensors: rand_3x4 new at every call"]
print(TEXT["visible passed"])
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
with TorchCalls() as calls:
    tensors = create_tensors()
assert set(tensors) == {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"}, \
    TEXT["create_tensors: the keys"].format(sorted_tensors=sorted(tensors))
assert_kind(tensors["zeros_2x3x4"], "zeros_2x3x4", (2, 3, 4), torch.float32)
assert_kind(tensors["ones_5x5"], "ones_5x5", (5, 5), torch.float32)
assert not tensors["zeros_2x3x4"].any() and bool((tensors["ones_5x5"] == 1).all()), \
    TEXT["create_tensors: zeros and ones values"]
assert_kind(tensors["range_4x4"], "range_4x4", (4, 4), torch.int64)
assert torch.equal(tensors["range_4x4"].flatten(), torch.arange(16)), TEXT["create_tensors: range_4x4 row by row"]
assert "arange" in calls.names and {"reshape", "view"} & set(calls.names), \
    TEXT["create_tensors: range_4x4 made inside"].format(got=", ".join(sorted(set(calls.names))))
print(TEXT["visible passed"])
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
        "range_4x4 must be made inside create_tensors at every call, with torch.arange and then reshape (or view): " \
        "not written out by hand, nor made once outside the function"


# %% tags=["demo", "self_check"]
check_more_create_tensors(create_tensors)


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
print(TEXT["demo: sum"], a.sum(), TEXT["demo: per column"], a.sum(dim=0), TEXT["demo: per row"], a.sum(dim=1))
print(TEXT["demo: transposed"], a.T)
c = a.clone()
c.add_(1)                                      # in place: c changes, a does not
print(a, c, sep="\n")

# %% [markdown] tags=["ru"]
# ### Задание 2 (3 балла). `tensor_ops`
#
# `tensor_ops(a, b)` получает двумерные тензоры `a` формы (n, m) и `b` формы (m, n) и возвращает
# словарь ровно с четырьмя ключами: `"a_t"` — транспонированное `a`, `"matmul"` — `a @ b`,
# `"elementwise"` — `a * b.T`, `"total"` — сумма всех элементов `a` (0-мерный тензор, не число
# Python). Каждый результат имеет тот же `dtype`, что и входы. `a` и `b` не изменяются.
#
# Ошибки: если `a` или `b` не тензор — `TypeError`; если `a` и `b` не двумерные тензоры форм (n, m)
# и (m, n) — `ValueError`, в сообщении которого названы обе формы.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - 2 балла за результаты: ключи, формы, типы (`float32`, `float64` и `int64`), значения, и что
#   `a` и `b` после вызова не изменились.
# - 1 балл за ошибки: `TypeError` для списка или массива NumPy на месте `a` или `b`; `ValueError`
#   для форм, которые не (n, m) и (m, n), включая не двумерные, и в его сообщении обе формы в
#   любой привычной записи: `(2, 3)`, `[2, 3]`, `torch.Size([2, 3])`, `2x3`.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 2 (3 points). `tensor_ops`
#
# `tensor_ops(a, b)` takes 2-D tensors `a` of shape (n, m) and `b` of shape (m, n) and returns a
# dict with exactly four keys: `"a_t"`, `a` transposed; `"matmul"`, `a @ b`; `"elementwise"`,
# `a * b.T`; `"total"`, the sum of all elements of `a` (a 0-dim tensor, not a Python number).
# Every result has the `dtype` of the inputs. `a` and `b` stay unchanged.
#
# Errors: `TypeError` if `a` or `b` is not a tensor; `ValueError` if `a` and `b` are not 2-D of
# shapes (n, m) and (m, n), with a message that names both shapes.
#
# <details><summary>What grading checks</summary>
#
# - 2 points for the results: the keys, shapes, dtypes (`float32`, `float64` and `int64`), values,
#   and that `a` and `b` are unchanged after the call.
# - 1 point for the errors: `TypeError` for a list or a NumPy array as `a` or `b`; `ValueError` for
#   shapes that are not (n, m) and (m, n), not 2-D ones included, with both shapes in its message
#   in any common spelling: `(2, 3)`, `[2, 3]`, `torch.Size([2, 3])`, `2x3`.
# </details>

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
assert torch.equal(a, torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])) and a.stride() == (3, 1) \
    and torch.equal(b, torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])) and b.stride() == (2, 1), \
    TEXT["tensor_ops: a and b unchanged"]
assert set(ops) == {"a_t", "matmul", "elementwise", "total"}, TEXT["tensor_ops: the keys"].format(
    sorted_ops=sorted(ops))
assert torch.equal(ops["a_t"], torch.tensor([[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]])), TEXT["tensor_ops: a_t"]
assert torch.equal(ops["matmul"], torch.tensor([[4.0, 5.0], [10.0, 11.0]])), TEXT["tensor_ops: matmul"]
assert torch.equal(ops["elementwise"], torch.tensor([[1.0, 0.0, 3.0], [0.0, 5.0, 6.0]])), TEXT["tensor_ops: elementwise"]
assert_kind(ops["total"], "total", (), torch.float32)
assert ops["total"].item() == 21.0, TEXT["tensor_ops: total"]
print(TEXT["visible passed"])
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
assert_raises(TypeError, tensor_ops, [[1.0, 2.0]], torch.ones(2, 1), what=TEXT["tensor_ops: with a list"])
message = assert_raises(ValueError, tensor_ops, torch.ones(2, 3), torch.ones(2, 3), what="tensor_ops(2x3, 2x3)")
print(TEXT["visible: the message"], message)
print(TEXT["visible passed"])
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


# %% tags=["demo", "self_check"]
check_more_tensor_ops(tensor_ops)


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
#
# Сами числа тензор хранит в одномерной памяти (storage). `stride` говорит, на сколько элементов
# памяти сдвинуться, чтобы перейти к следующему индексу по каждому измерению. Транспонирование
# и срез только меняют `shape`, `stride` и смещение (offset) — память остаётся той же:
#
# ![Три представления одной памяти из 6 чисел: t, его транспонирование и срез](attachment:strides.png)

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
#
# A tensor keeps its numbers in a one-dimensional storage. Its `stride` says how many storage
# elements to step over to reach the next index along each dimension. A transpose or a slice
# changes only the `shape`, the `stride` and the offset; the storage stays the same:
#
# ![Three views of one storage of 6 numbers: t, its transpose and a slice](attachment:strides.png)


# %% figure="strides"
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

T = {"ru": {"storage": "память (storage): 6 чисел подряд", "offset": "смещение",
            "rule": "элемент [i, j] берётся из памяти по индексу  смещение + i·stride[0] + j·stride[1]"},
     "en": {"storage": "storage: 6 numbers in a row", "offset": "offset",
            "rule": "element [i, j] is read from storage index  offset + i·stride[0] + j·stride[1]"}}[lang]
colors = plt.get_cmap("Pastel1").colors
views = [("t = torch.arange(6).view(2, 3)", (2, 3), (3, 1), 0), ("t.T", (3, 2), (1, 3), 0),
         ("t[:, 1:]", (2, 2), (3, 1), 1)]
fig, ax = plt.subplots(figsize=(8, 4.5))
for k, (name, shape, stride, offset) in enumerate(views):
    center = 1.6 + k * 4.1
    ax.text(center, 5.3, name, ha="center", fontsize=10, family="DejaVu Sans Mono")
    ax.text(center, 4.85, f"shape {shape}", ha="center", fontsize=9)
    ax.text(center, 4.45, f"stride {stride}" + (f", {T['offset']} {offset}" if offset else ""), ha="center", fontsize=9)
    for i in range(shape[0]):
        for j in range(shape[1]):
            index = offset + i * stride[0] + j * stride[1]
            x, y = center + (j - shape[1] / 2) * 0.9 + 0.05, 4.1 - (i + 1) * 0.9
            ax.add_patch(Rectangle((x, y), 0.8, 0.8, facecolor=colors[index], edgecolor="black"))
            ax.text(x + 0.4, y + 0.4, str(index), ha="center", va="center", fontsize=12)
for index in range(6):
    x = 5.7 + (index - 3) * 0.9 + 0.05
    ax.add_patch(Rectangle((x, -0.6), 0.8, 0.8, facecolor=colors[index], edgecolor="black"))
    ax.text(x + 0.4, -0.2, str(index), ha="center", va="center", fontsize=12)
    ax.text(x + 0.4, -0.85, f"[{index}]", ha="center", va="center", fontsize=8, color="dimgray")
ax.text(5.7, 0.4, T["storage"], ha="center", fontsize=10)
ax.text(5.7, -1.45, T["rule"], ha="center", fontsize=9)
ax.set_xlim(-0.5, 11.8)
ax.set_ylim(-1.7, 5.6)
ax.set_aspect("equal")
ax.axis("off")

# %% tags=["demo"]
t = torch.arange(24).reshape(2, 3, 4)      # 2 matrices of 3 rows and 4 columns
row = t[0, 1]                              # a view: row 1 of matrix 0
row[0] = 100
print(t[0])                                # the change shows in t
print(TEXT["demo: shares storage"], row.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
print(TEXT["demo: stride of t"], t.stride(), TEXT["demo: stride of t[:, :, 0]"], t[:, :, 0].stride())
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
print(TEXT["demo: same as t[:, :, 0]"], torch.equal(t[..., 0], t[:, :, 0]))
print(TEXT["demo: t[0, ...] is t[0]"], torch.equal(t[0, ...], t[0]), "| t[..., 1:3].shape:", tuple(t[..., 1:3].shape))
images = torch.zeros(8, 3, 32, 32)                      # a batch of 8 images, 3 channels, 32x32 pixels
print(TEXT["demo: top-left pixel of every channel"], tuple(images[..., 0, 0].shape))
print(TEXT["demo: a view"], t[..., 0].untyped_storage().data_ptr() == t.untyped_storage().data_ptr())

# %% [markdown] tags=["ru"]
# ### Задание 3 (4 балла, по 1 за функцию). Срезы трёхмерного тензора
#
# Тензор `t` формы (D, R, C) — это D матриц по R строк и C столбцов. Каждая функция получает `t`,
# возвращает **представление** `t` (делит с ним память, без копирования) и бросает `ValueError`,
# если `t` не трёхмерный (для этого есть готовая функция `require_3d`):
# - `first_rows(t)` → форма (D, C): нулевая строка каждой матрицы;
# - `last_columns(t)` → форма (D, R): последний столбец каждой матрицы;
# - `center_crop(t, size=2)` → форма (D, size, size): строки r0..r0+size-1 и столбцы c0..c0+size-1,
#   где r0 = (R - size) // 2, c0 = (C - size) // 2; `ValueError`, если size < 1, size > R или size > C;
# - `even_index_elements(t)` → форма (⌈D/2⌉, ⌈R/2⌉, ⌈C/2⌉): все элементы, у которых все три
#   индекса чётные, в том порядке, в котором они стоят в `t`.
#
# ![Что выбирает каждая из четырёх функций в тензоре формы (2, 4, 5)](attachment:slicing.png)
#
# <details><summary>Что проверяется при оценивании</summary>
#
# По 1 баллу за функцию: форма, тип (тот же, что у `t`) и значения результата на тензорах разных
# форм, то, что результат делит память с `t`, `ValueError` для `t` другой размерности (двумерного,
# четырёхмерного, одномерного), а у `center_crop` — ещё `ValueError` для size 0, -1 и size больше
# R или C, и размер по умолчанию 2.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 3 (4 points, 1 per function). Slicing a 3-D tensor
#
# A tensor `t` of shape (D, R, C) is D matrices of R rows and C columns. Each function takes `t`,
# returns a **view** of `t` (sharing its memory, no copy) and raises `ValueError` if `t` is not 3-D
# (the ready-made `require_3d` does that):
# - `first_rows(t)` → shape (D, C): row 0 of every matrix;
# - `last_columns(t)` → shape (D, R): the last column of every matrix;
# - `center_crop(t, size=2)` → shape (D, size, size): rows r0..r0+size-1 and columns c0..c0+size-1,
#   where r0 = (R - size) // 2 and c0 = (C - size) // 2; `ValueError` if size < 1, size > R or size > C;
# - `even_index_elements(t)` → shape (⌈D/2⌉, ⌈R/2⌉, ⌈C/2⌉): every element whose three indices are
#   all even, in their order in `t`.
#
# ![What each of the four functions picks from a tensor of shape (2, 4, 5)](attachment:slicing.png)
#
# <details><summary>What grading checks</summary>
#
# 1 point per function: the result's shape, dtype (`t`'s) and values on tensors of several shapes,
# that it shares memory with `t`, `ValueError` for a `t` of another number of dimensions (2-D,
# 4-D, 1-D), and for `center_crop` also `ValueError` for size 0, -1 and a size above R or C, and the
# default size of 2.
# </details>


# %% figure="slicing"
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

T = {"ru": {"matrix": "матрица", "title": "t формы (2, 4, 5): что выбирает каждая функция"},
     "en": {"matrix": "matrix", "title": "t of shape (2, 4, 5): what each function picks"}}[lang]
D, R, C = 2, 4, 5
picks = [("first_rows(t)", lambda d, r, c: r == 0, "(2, 5)"),
         ("last_columns(t)", lambda d, r, c: c == C - 1, "(2, 4)"),
         ("center_crop(t, size=2)", lambda d, r, c: 1 <= r <= 2 and 1 <= c <= 2, "(2, 2, 2)"),
         ("even_index_elements(t)", lambda d, r, c: d % 2 == 0 and r % 2 == 0 and c % 2 == 0, "(1, 2, 3)")]
fig, axes = plt.subplots(2, 2, figsize=(8, 4.5))
for ax, (name, picked, shape) in zip(axes.flat, picks):
    for d in range(D):
        x0 = d * (C + 0.8)
        ax.text(x0 + C / 2, R + 0.15, f"{T['matrix']} {d}", ha="center", va="bottom", fontsize=8, color="dimgray")
        for r in range(R):
            for c in range(C):
                chosen = picked(d, r, c)
                ax.add_patch(Rectangle((x0 + c, R - 1 - r), 0.92, 0.92, edgecolor="black", linewidth=0.6,
                                       facecolor="#f4a582" if chosen else "#f0f0f0"))
                ax.text(x0 + c + 0.46, R - 1 - r + 0.46, str(d * R * C + r * C + c), ha="center", va="center",
                        fontsize=8, fontweight="bold" if chosen else "normal", color="black" if chosen else "gray")
    ax.set_title(f"{name} → {shape}", fontsize=10, family="DejaVu Sans Mono")
    ax.set_xlim(-0.1, 2 * C + 0.9)
    ax.set_ylim(-0.1, R + 0.8)
    ax.set_aspect("equal")
    ax.axis("off")
fig.suptitle(T["title"], fontsize=11)
fig.tight_layout()


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
assert torch.equal(first_rows(t), torch.tensor([[0, 1, 2, 3], [12, 13, 14, 15]])), TEXT["first_rows: row 0 of every matrix"]
assert torch.equal(first_rows(t), torch.stack([t[0, 0], t[1, 0]])), TEXT["first_rows: in matrix order"]
assert_view_of(first_rows(t), t, "first_rows")
assert_raises(ValueError, first_rows, torch.arange(6).reshape(2, 3), what="first_rows(torch.arange(6).reshape(2, 3))")
print(TEXT["visible passed"])
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
probe.call("first_rows(arange(6) as 2x3)", first_rows, torch.arange(6).reshape(2, 3))  # the visible example
### END HIDDEN TESTS

# %% judge="test_first_rows"
def judge(got, want):
    check_views(got, want, "first_rows", ": it must hold row 0 of every matrix")


# %% tags=["demo", "self_check"]
check_more_first_rows(first_rows)


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
assert torch.equal(last_columns(t), torch.tensor([[3, 7, 11], [15, 19, 23]])), \
    TEXT["last_columns: the last column"]
assert_view_of(last_columns(t), t, "last_columns")
assert_raises(ValueError, last_columns, torch.arange(6).reshape(2, 3),
              what="last_columns(torch.arange(6).reshape(2, 3))")
print(TEXT["visible passed"])
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
probe.call("last_columns(arange(6) as 2x3)", last_columns, torch.arange(6).reshape(2, 3))  # the visible example
### END HIDDEN TESTS

# %% judge="test_last_columns"
def judge(got, want):
    check_views(got, want, "last_columns", ": it must hold the last column of every matrix")


# %% tags=["demo", "self_check"]
check_more_last_columns(last_columns)


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
assert torch.equal(center_crop(t)[0], torch.tensor([[5, 6], [9, 10]])), TEXT["center_crop: the crop of matrix 0"]
assert torch.equal(center_crop(t), t[..., 1:3, 1:3]), TEXT["center_crop: rows and columns 1..2"]
for size in (1, 4):
    start = (4 - size) // 2
    assert torch.equal(center_crop(t, size), t[..., start:start + size, start:start + size]), \
        TEXT["center_crop: size"].format(size=size, start=start, stop=start + size - 1)
assert_view_of(center_crop(t), t, "center_crop")
for size in (5, 0):
    assert_raises(ValueError, center_crop, t, size, what=f"center_crop(t, size={size})")
assert_raises(ValueError, center_crop, torch.arange(6).reshape(2, 3),
              what="center_crop(torch.arange(6).reshape(2, 3))")
print(TEXT["visible passed"])
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
for size in (2, 1, 4, 5, 0):  # the visible examples
    t = torch.arange(32).reshape(2, 4, 4)
    key = f"center_crop(arange(32) as 2x4x4, size={size})"
    result = probe.call(key, center_crop, t, size)
    probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
t = torch.arange(32).reshape(2, 4, 4)
key = "center_crop(arange(32) as 2x4x4) with the default size"
result = probe.call(key, center_crop, t)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, t))
probe.call("center_crop(arange(6) as 2x3)", center_crop, torch.arange(6).reshape(2, 3))
### END HIDDEN TESTS

# %% judge="test_center_crop"
def judge(got, want):
    check_views(got, want, "center_crop",
                ": the crop starts at row r0 = (R - size) // 2 and column c0 = (C - size) // 2")


# %% tags=["demo", "self_check"]
check_more_center_crop(center_crop)


# %% nbgrader={"grade_id": "even_index_elements", "solution": true}
def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    ### BEGIN SOLUTION
    require_3d(t)
    return t[::2, ::2, ::2]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_even_index_elements", "grade": true, "points": 1, "locked": true}
t = torch.arange(24).reshape(2, 3, 4)
assert torch.equal(even_index_elements(t), torch.tensor([[[0, 2], [8, 10]]])), \
    TEXT["even_index_elements: the elements"]
assert_view_of(even_index_elements(t), t, "even_index_elements")
u = torch.arange(60).reshape(3, 4, 5)
assert torch.equal(even_index_elements(u), u[::2, ::2, ::2]), TEXT["even_index_elements: every index even"]
assert_raises(ValueError, even_index_elements, torch.arange(6).reshape(2, 3),
              what="even_index_elements(torch.arange(6).reshape(2, 3))")
print(TEXT["visible passed"])
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
u = torch.arange(60).reshape(3, 4, 5)  # the visible examples
key = "even_index_elements(arange(60) as 3x4x5)"
result = probe.call(key, even_index_elements, u)
probe.record(f"shares memory with t: {key}", probe.shares_storage(result, u))
probe.call("even_index_elements(arange(6) as 2x3)", even_index_elements, torch.arange(6).reshape(2, 3))
### END HIDDEN TESTS

# %% judge="test_even_index_elements"
def judge(got, want):
    check_views(got, want, "even_index_elements",
                ": it must keep exactly the elements with all three indices even, in their order in t")


# %% tags=["demo", "self_check"]
check_more_even_index_elements(even_index_elements)


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
print(TEXT["demo: contiguous"], transposed.is_contiguous())
try:
    transposed.view(12)
except RuntimeError as error:
    print(TEXT["demo: view fails"], str(error).splitlines()[0])
print(TEXT["demo: reshape copies instead"], transposed.reshape(12))

# %% [markdown] tags=["ru"]
# **Почему `t.T.view(12)` не работает.** Представление читает память с постоянным шагом по каждому
# измерению, а у одномерного представления шаг всего один. Для `t = torch.arange(12).view(3, 4)`
# построчное чтение `t` идёт по памяти подряд, а `t.T` — скачками +4, +4, −7: одного шага нет.
#
# ![Память t и порядок, в котором t и t.T читаются построчно](attachment:transpose_order.png)

# %% [markdown] tags=["en"]
# **Why `t.T.view(12)` fails.** A view reads memory at a fixed step along each dimension, and a 1-D
# view has just one step. For `t = torch.arange(12).view(3, 4)`, reading `t` row by row walks the
# storage in order, while `t.T` jumps by +4, +4, −7: there is no single step.
#
# ![The storage of t and the order in which t and t.T are read row by row](attachment:transpose_order.png)


# %% figure="transpose_order"
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

T = {"ru": {"grid": "t.T: форма (4, 3),\nstride (1, 4)",
            "t": "t.view(12): t построчно — это память подряд,\nшаг всегда +1 → представление есть",
            "tT": "t.T.view(12): t.T построчно — шаги +4, +4, −7, …\nодного шага нет → view бросает RuntimeError, "
                  "reshape копирует"},
     "en": {"grid": "t.T: shape (4, 3),\nstride (1, 4)",
            "t": "t.view(12): t row by row is the storage in order,\nalways a step of +1 → a view exists",
            "tT": "t.T.view(12): t.T row by row steps +4, +4, −7, …\nno single step → view raises RuntimeError, "
                  "reshape copies"}}[lang]
colors = plt.get_cmap("Set3").colors
fig, ax = plt.subplots(figsize=(8, 3.2))


def cell(x, y, index):
    ax.add_patch(Rectangle((x, y), 0.8, 0.8, facecolor=colors[index], edgecolor="black"))
    ax.text(x + 0.4, y + 0.4, str(index), ha="center", va="center", fontsize=10)


for i in range(4):  # t = torch.arange(12).view(3, 4): t.T[i, j] is storage element i + 4 j
    for j in range(3):
        cell(j * 0.9, 2.7 - i * 0.9, i + 4 * j)
ax.text(1.3, 3.65, T["grid"], ha="center", va="bottom", fontsize=9)
x0 = 3.5
for row, (order, label, bad) in enumerate([(list(range(12)), T["t"], False),
                                           ([i + 4 * j for i in range(4) for j in range(3)], T["tT"], True)]):
    y = 2.9 - row * 2.4
    ax.text(x0, y + 0.95, label, fontsize=9, va="bottom")
    for k, index in enumerate(order):
        cell(x0 + k * 0.9, y, index)
        if k:
            step = index - order[k - 1]
            ax.text(x0 + k * 0.9 - 0.05, y - 0.25, f"{step:+d}".replace("-", "−"), ha="center", va="center",
                    fontsize=8, color="firebrick" if bad and step < 0 else "dimgray")
ax.set_xlim(-0.1, x0 + 12 * 0.9)
ax.set_ylim(-0.1, 4.6)
ax.set_aspect("equal")
ax.axis("off")
fig.tight_layout()

# %% [markdown] tags=["ru"]
# **Склейка.** `torch.cat(tensors, dim)` приставляет тензоры друг к другу вдоль *существующего*
# измерения: их формы должны совпадать во всех измерениях, кроме `dim`. `torch.stack(tensors, dim)`
# добавляет *новое* измерение на место `dim` и кладёт тензоры вдоль него: их формы должны совпадать
# целиком. Так `stack` — это `cat` тензоров, каждому из которых сначала добавили измерение
# размера 1 (`unsqueeze(dim)`). Оба создают новый тензор и копируют в него данные: результат
# не делит память с исходными тензорами.
#
# ![cat по измерениям 0 и 1 и stack двух тензоров формы (3, 2)](attachment:joining.png)

# %% [markdown] tags=["en"]
# **Joining.** `torch.cat(tensors, dim)` puts tensors one after another along an *existing*
# dimension: their shapes must agree in every dimension except `dim`. `torch.stack(tensors, dim)`
# adds a *new* dimension at position `dim` and lays the tensors along it: their shapes must agree
# entirely. So `stack` is `cat` of tensors that each got a dimension of size 1 first
# (`unsqueeze(dim)`). Both make a new tensor and copy the data into it: the result shares no
# memory with the tensors it came from.
#
# ![cat along dimensions 0 and 1, and stack, of two tensors of shape (3, 2)](attachment:joining.png)


# %% figure="joining"
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

T = {"ru": {"layer": "слой", "new": "новое измерение 0:\nслой 0 — p, слой 1 — q"},
     "en": {"layer": "layer", "new": "the new dimension 0:\nlayer 0 is p, layer 1 is q"}}[lang]
BLUE, ORANGE = "#d7e8f7", "#fde2b8"
fig, ax = plt.subplots(figsize=(8, 3.6))


def grid(x0, top, rows, columns, face, start):
    for i in range(rows):
        for j in range(columns):
            x, y = x0 + j, top - i - 1
            ax.add_patch(Rectangle((x, y), 0.9, 0.9, facecolor=face, edgecolor="black"))
            ax.text(x + 0.45, y + 0.45, str(start + i * columns + j), ha="center", va="center", fontsize=10)


def title(x, text):
    ax.text(x, 6.8, text, ha="center", va="bottom", fontsize=9, family="DejaVu Sans Mono")


grid(0, 6.5, 3, 2, BLUE, 0)
grid(2.4, 6.5, 3, 2, ORANGE, 10)
title(2.15, "p, q: (3, 2)")
grid(5.6, 6.5, 3, 2, BLUE, 0)
grid(5.6, 3.5, 3, 2, ORANGE, 10)
title(6.55, "cat(dim=0)\n→ (6, 2)")
grid(9.2, 6.5, 3, 2, BLUE, 0)
grid(11.2, 6.5, 3, 2, ORANGE, 10)
title(11.15, "cat(dim=1)\n→ (3, 4)")
for layer, (x0, face, start) in enumerate([(14.8, BLUE, 0), (17.6, ORANGE, 10)]):
    ax.add_patch(Rectangle((x0 - 0.25, 3.25), 2.4, 3.5, facecolor="none", edgecolor="gray", linestyle="--"))
    grid(x0, 6.5, 3, 2, face, start)
    ax.text(x0 + 0.95, 2.85, f"{T['layer']} {layer}", ha="center", va="top", fontsize=9)
title(17.1, "stack(dim=0)\n→ (2, 3, 2)")
ax.text(17.1, 1.9, T["new"], ha="center", va="top", fontsize=8)
ax.set_xlim(-0.2, 20.1)
ax.set_ylim(0.3, 8.0)
ax.set_aspect("equal")
ax.axis("off")

# %% tags=["demo"]
p = torch.arange(6).reshape(3, 2)
q = p + 10
print("cat dim=0:", tuple(torch.cat([p, q], dim=0).shape), "| cat dim=1:", tuple(torch.cat([p, q], dim=1).shape))
print(torch.cat([p, q], dim=1))
print("stack dim=0:", tuple(torch.stack([p, q]).shape), "| stack dim=-1:", tuple(torch.stack([p, q], dim=-1).shape))
print(TEXT["demo: stack is cat of unsqueezed"],
      torch.equal(torch.stack([p, q], dim=1), torch.cat([p.unsqueeze(1), q.unsqueeze(1)], dim=1)))
print(TEXT["demo: cat copies"], torch.cat([p, q]).untyped_storage().data_ptr() != p.untyped_storage().data_ptr())
print(TEXT["demo: cat: sizes may differ along dim"], tuple(torch.cat([p, torch.zeros(1, 2, dtype=p.dtype)]).shape))
try:
    torch.stack([p, torch.zeros(1, 2, dtype=p.dtype)])
except RuntimeError as error:
    print(TEXT["demo: stack needs equal shapes"], error)

# %% [markdown] tags=["ru"]
# ### Задание 4 (2 балла). `reshape_views`
#
# `reshape_views(t, shapes)` получает тензор `t` любой формы и список форм `shapes` (возможно,
# пустой) и возвращает **список** представлений `t`, по одному на каждую форму, в том же порядке:
# все делят память с `t`, элементы идут в порядке `t`, построчно. Один размер в форме может быть
# `-1`: его вычисляют, как это делает `view`. Ошибки:
# - форма не подходит по числу элементов (произведение её размеров не равно числу элементов `t`,
#   а при `-1` произведение остальных его не делит) — `ValueError`, в сообщении которого названы
#   число элементов `t` (например, `24`) и неподходящая форма;
# - число элементов подходит, но представления такой формы нет: `t` не непрерывный, и построчно его
#   элементы не идут в памяти с нужными шагами (как у `t.T.view(12)` выше) — `RuntimeError`, как у
#   `view`. Копию (`reshape`, `contiguous`) не возвращайте: для не непрерывного `t` представление
#   есть не у всякой формы, но у многих есть.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - 1 балл за представления: список нужной длины, формы (и с `-1`), типы и значения, общая с `t`
#   память — для непрерывных `t` и для не непрерывных (транспонированных), у которых есть
#   представление такой формы.
# - 1 балл за ошибки: `ValueError`, в сообщении число элементов `t` и неподходящая форма в любой
#   привычной записи: `(5, 5)`, `[5, 5]`, `5x5`, `(5, -1)`; `RuntimeError`, если представления
#   такой формы нет.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 4 (2 points). `reshape_views`
#
# `reshape_views(t, shapes)` takes a tensor `t` of any shape and a list of shapes `shapes`
# (possibly empty) and returns a **list** with one view of `t` per shape, in the same order: all
# share memory with `t`, their elements in `t`'s row-major order. One size of a shape may be `-1`:
# it is inferred, as `view` does. Errors:
# - a shape that does not fit the number of elements (the product of its sizes is not `t`'s number
#   of elements, or with a `-1` the product of the others does not divide it): `ValueError` with a
#   message that names `t`'s number of elements (e.g. `24`) and the bad shape;
# - a shape that fits, but no view of it exists: `t` is not contiguous and its elements, read row
#   by row, do not lie in memory at the steps it needs (as with `t.T.view(12)` above):
#   `RuntimeError`, as `view` raises. Return no copy (`reshape`, `contiguous`): a tensor that is
#   not contiguous has a view of many shapes, though not of every one.
#
# <details><summary>What grading checks</summary>
#
# - 1 point for the views: a list of the right length, the shapes (with `-1` too), dtypes and
#   values, memory shared with `t`: for contiguous `t` and for non-contiguous (transposed) ones that
#   have a view of that shape.
# - 1 point for the errors: `ValueError`, its message naming `t`'s number of elements and the bad
#   shape in any common spelling: `(5, 5)`, `[5, 5]`, `5x5`, `(5, -1)`; `RuntimeError` where no view
#   of that shape exists.
# </details>

# %% nbgrader={"grade_id": "reshape_views", "solution": true}
def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    ### BEGIN SOLUTION
    views = []
    for shape in shapes:
        known = np.prod([size for size in shape if size != -1], dtype=np.int64)  # -1 is inferred
        if t.numel() % known if -1 in shape else known != t.numel():
            raise ValueError(f"a tensor of {t.numel()} elements cannot be viewed as shape {tuple(shape)}")
        views.append(t.view(shape))  # RuntimeError where no view of that shape exists
    return views
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_reshape_views_shapes", "grade": true, "points": 1, "locked": true}
t = torch.arange(24)
shapes = [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]
views = reshape_views(t, shapes)
assert isinstance(views, list) and [tuple(v.shape) for v in views] == shapes, TEXT["reshape_views: a list of these shapes"]
assert torch.equal(views[3][1, 2], torch.tensor([20, 21, 22, 23])), TEXT["reshape_views: views[3][1, 2]"]
for v in views:
    assert_view_of(v, t, "reshape_views")
views = reshape_views(t, [(-1, 6), (2, -1, 3)])
assert isinstance(views, list) and [tuple(v.shape) for v in views] == [(4, 6), (2, 4, 3)], \
    TEXT["reshape_views: -1 inferred"].format(got=[tuple(v.shape) for v in views])
for v in views:
    assert_view_of(v, t, "reshape_views")
transposed = torch.arange(12).view(3, 4).T  # not contiguous
views = reshape_views(transposed, [(4, 3, 1), (2, 2, 3)])
assert isinstance(views, list) and len(views) == 2 and torch.equal(views[0], transposed.reshape(4, 3, 1)) \
    and torch.equal(views[1], transposed.reshape(2, 2, 3)), TEXT["reshape_views: views of t.T"]
for v in views:
    assert_view_of(v, transposed, "reshape_views")
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
generator = torch.Generator().manual_seed(7)
for shape, shapes in [((24,), [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]),
                      ((24,), [(24,), (1, 24), (6, 4), (3, 2, 4), (1, 2, 1, 12)]),
                      ((30,), [(5, 6), (2, 3, 5)]), ((7,), [(7, 1)]), ((4, 6), [(24,), (2, 12)]), ((5,), []),
                      ((24,), [(-1,), (4, -1), (2, -1, 3), (-1, 1)]), ((5, 6), [(5, -1), (-1, 3, 2), (1, -1)]),
                      ((2, 0), [(0,), (0, 5), (5, 0, 1)])]:
    t = torch.randn(shape, generator=generator)
    key = f"reshape_views(t of shape {shape}, {shapes})"
    views = probe.call(key, reshape_views, t, shapes)
    probe.record(f"views of {key} sharing memory with t",
                 [probe.shares_storage(v, t) for v in views] if type(views) is list else [])
for shape, shapes in [((4, 6), [(6, 2, 2), (3, 2, 4), (6, 4, 1), (6, -1, 2)]), ((5, 3), [(3, 5, 1), (1, 3, 5)])]:
    t = torch.randn(shape, generator=generator).T
    key = f"reshape_views(t of shape {tuple(t.shape)}, not contiguous, {shapes})"
    views = probe.call(key, reshape_views, t, shapes)
    probe.record(f"views of {key} sharing memory with t",
                 [probe.shares_storage(v, t) for v in views] if type(views) is list else [])
for t, name, shapes in [(torch.arange(24), "arange(24)", [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]),
                        (torch.arange(24), "arange(24)", [(-1, 6), (2, -1, 3)]),
                        (torch.arange(12).view(3, 4).T, "arange(12).view(3, 4).T", [(4, 3, 1), (2, 2, 3)])]:
    key = f"reshape_views({name}, {shapes})"  # the visible examples
    views = probe.call(key, reshape_views, t, shapes)
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
                        what=TEXT["reshape_views: 24 elements into (5, 5)"])
print(TEXT["visible: the message"], message)
message = assert_raises(ValueError, reshape_views, torch.arange(24), [(5, -1)],
                        what="reshape_views(torch.arange(24), [(5, -1)])")
print(TEXT["visible: the message"], message)
assert_raises(RuntimeError, reshape_views, torch.arange(12).view(3, 4).T, [(12,)],
              what="reshape_views(torch.arange(12).view(3, 4).T, [(12,)])")
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
for numel, bad in [(24, (5, 5)), (24, (2, 3, 5)), (12, (13,)), (30, (4, 8)), (24, (-1, 5)), (30, (4, -1)),
                   (12, (-1, 5, 2)), (6, (-1, 4))]:
    key = f"reshape_views(t of {numel} elements, shapes [({numel},), {bad}])"
    probe.call(key, reshape_views, torch.zeros(numel), [(numel,), bad])
    probe.record(f"arguments of {key}", (numel, bad))
for numel, bad in [(24, (5, 5)), (24, (5, -1))]:  # the visible examples
    shapes = [(24,), bad] if bad == (5, 5) else [bad]
    key = f"reshape_views(arange(24), shapes {shapes})"
    probe.call(key, reshape_views, torch.arange(numel), shapes)
    probe.record(f"arguments of {key}", (numel, bad))
generator = torch.Generator().manual_seed(10)
for name, t, shapes in [("arange(12).view(3, 4).T", torch.arange(12).view(3, 4).T, [(12,)]),  # the visible example
                        ("t of shape (6, 4), transposed", torch.randn(4, 6, generator=generator).T, [(24,)]),
                        ("t of shape (6, 4), transposed", torch.randn(4, 6, generator=generator).T, [(6, 4, 1), (4, 6)]),
                        ("t of shape (5, 2), columns 0 and 3", torch.randn(5, 4, generator=generator)[:, ::3],
                         [(-1,)]),
                        ("t of shape (3, 2), transposed", torch.randn(2, 3, generator=generator).T, [(2, 3)])]:
    probe.call(f"no view: reshape_views({name}, {shapes})", reshape_views, t, shapes)
### END HIDDEN TESTS

# %% judge="test_reshape_views_errors"
def judge(got, want):
    for key in want.keys("reshape_views("):
        numel, bad = want[f"arguments of {key}"]
        message = raises(got, key, ValueError, f" ({bad} does not hold {numel} elements)").message
        assert mentions_number(message, numel) and mentions_shape(message, bad), \
            f"the ValueError of {key} must name t's number of elements ({numel}) and the bad shape {bad}"
    for key in want.keys("no view: "):
        raised = raises(got, key, RuntimeError, " (no view of that shape exists, and view raises RuntimeError)")
        assert not raised.is_a(NotImplementedError), f"{key} must raise RuntimeError, not NotImplementedError"


# %% tags=["demo", "self_check"]
check_more_reshape_views(reshape_views)


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
# ![Формы (5, 3, 4, 1) и (3, 1, 1), выровненные справа, и сложение (3, 1) + (2,)](attachment:broadcasting.png)
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
# ![Shapes (5, 3, 4, 1) and (3, 1, 1) aligned on the right, and the sum (3, 1) + (2,)](attachment:broadcasting.png)
#
# Can tensors of these shapes be added? (5, 7, 3) and (5, 7, 3); (0,) and (2, 2); (5, 3, 4, 1) and
# (3, 1, 1); (5, 2, 4, 1) and (3, 1, 1).


# %% figure="broadcasting"
import matplotlib.pyplot as plt
from matplotlib.patches import Patch, Rectangle

T = {"ru": {"rows": ["a", "b", "a + b"], "title": "(5, 3, 4, 1) и (3, 1, 1): выравнивание справа",
            "pad": "нет измерения: считается 1", "stretch": "размер 1 растягивается",
            "example": "(3, 1) + (2,) → (3, 2)"},
     "en": {"rows": ["a", "b", "a + b"], "title": "(5, 3, 4, 1) and (3, 1, 1), aligned on the right",
            "pad": "no dimension: counts as 1", "stretch": "a size of 1 is stretched",
            "example": "(3, 1) + (2,) → (3, 2)"}}[lang]
BLUE, ORANGE, GREEN = "#d7e8f7", "#fde2b8", "#d9f0d3"
fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.4), gridspec_kw={"width_ratios": [1, 1]})


def box(ax, x, y, text, face, dashed=False, color="black"):
    ax.add_patch(Rectangle((x, y), 0.9, 0.9, facecolor=face, edgecolor="black", linestyle="--" if dashed else "-"))
    ax.text(x + 0.45, y + 0.45, text, ha="center", va="center", fontsize=12, color=color)


shape_a, shape_b = [5, 3, 4, 1], [None, 3, 1, 1]
for x in range(4):
    a, b = shape_a[x], shape_b[x]
    box(left, x, 2.2, str(a), ORANGE if a == 1 and (b or 1) != 1 else BLUE)
    box(left, x, 1.1, "1" if b is None else str(b), ORANGE if (b or 1) == 1 and a != 1 else BLUE,
        dashed=b is None, color="gray" if b is None else "black")
    box(left, x, -0.2, str(max(a, b or 1)), GREEN)
for y, label in zip([2.2, 1.1, -0.2], T["rows"]):
    left.text(-0.25, y + 0.45, label, ha="right", va="center", fontsize=12)
left.plot([-1.3, 3.95], [0.95, 0.95], color="black", linewidth=1)
left.legend(handles=[Patch(facecolor=ORANGE, edgecolor="black", label=T["stretch"]),
                     Patch(facecolor="white", edgecolor="black", linestyle="--", label=T["pad"])],
            loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=9, frameon=False)
left.set_xlim(-1.4, 4)
left.set_ylim(-0.3, 3.2)
left.set_aspect("equal")
left.set_title(T["title"], fontsize=11)
left.axis("off")

column, row = [1, 2, 3], [10, 20]
for i in range(3):
    for j in range(2):
        box(right, j, 2 - i, str(column[i]), BLUE if j == 0 else ORANGE, dashed=j > 0)
        box(right, 3 + j, 2 - i, str(row[j]), BLUE if i == 0 else ORANGE, dashed=i > 0)
        box(right, 6 + j, 2 - i, str(column[i] + row[j]), GREEN)
right.text(2.45, 1.45, "+", ha="center", va="center", fontsize=16)
right.text(5.45, 1.45, "=", ha="center", va="center", fontsize=16)
right.set_xlim(-0.2, 8.1)
right.set_ylim(-0.3, 3.2)
right.set_aspect("equal")
right.set_title(T["example"], fontsize=11)
right.axis("off")
fig.tight_layout()

# %% tags=["demo"]
column = torch.tensor([[1], [2], [3]])      # shape (3, 1)
row = torch.tensor([10, 20])                # shape (2,)
print(column + row)                         # shape (3, 2)
for pair in [((5, 7, 3), (5, 7, 3)), ((0,), (2, 2)), ((5, 3, 4, 1), (3, 1, 1)), ((5, 2, 4, 1), (3, 1, 1))]:
    try:
        print(pair, "->", tuple(torch.broadcast_shapes(*pair)))
    except RuntimeError as error:
        print(pair, TEXT["demo: cannot broadcast"], str(error).splitlines()[0])

# %% [markdown] tags=["ru"]
# ### Задание 5 (3 балла). `broadcast_shape`
#
# `broadcast_shape(shape_a, shape_b)` получает две формы — кортежи или списки целых чисел (в том
# числе пустые и с нулями) — и возвращает форму результата broadcasting, кортеж целых чисел Python
# (`tuple` из `int`); если формы несовместимы — `ValueError`. Считайте **по правилам, вручную**:
# не создавайте тензоров и массивов и не вызывайте готовых функций broadcasting — ни
# `torch.broadcast_shapes`, `torch.broadcast_tensors`, `torch.broadcast_to`, ни их аналогов из NumPy
# (`np.broadcast_shapes`, `np.broadcast`, `np.broadcast_to`, `np.broadcast_arrays`). Свои
# вспомогательные функции можно называть как угодно.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - 2 балла за результаты для совместимых форм (сотни пар, ответы сравниваются с
#   `torch.broadcast_shapes`) и 1 балл за `ValueError` для несовместимых — в обоих случаях только
#   за решение вручную.
# - «Вручную» проверяется так: функция не вызывает функций torch, а имена в её коде (и в коде
#   ваших функций, которые она вызывает) не ссылаются на функции broadcasting из PyTorch и NumPy.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 5 (3 points). `broadcast_shape`
#
# `broadcast_shape(shape_a, shape_b)` takes two shapes, tuples or lists of ints (possibly empty,
# possibly with zeros), and returns the shape of their broadcast result as a tuple of Python ints;
# it raises `ValueError` when the shapes cannot broadcast. Compute it **by hand, from the rules**:
# make no tensors or arrays and call no ready-made broadcasting function, neither
# `torch.broadcast_shapes`, `torch.broadcast_tensors` or `torch.broadcast_to` nor their NumPy
# counterparts (`np.broadcast_shapes`, `np.broadcast`, `np.broadcast_to`, `np.broadcast_arrays`).
# Helper functions of your own may have any name.
#
# <details><summary>What grading checks</summary>
#
# - 2 points for the results of compatible shapes (hundreds of pairs, compared with
#   `torch.broadcast_shapes`) and 1 point for the `ValueError` of incompatible ones, both only for
#   a solution by hand.
# - "By hand" is checked so: the function calls no torch function, and no name in its code (nor in
#   the code of your functions that it calls) refers to a broadcasting function of PyTorch or NumPy.
# </details>

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
for shape_a, shape_b, want in [((5, 7, 3), (5, 7, 3), (5, 7, 3)), ((5, 3, 4, 1), (3, 1, 1), (5, 3, 4, 1)),
                               ((3, 1, 1), (5, 3, 4, 1), (5, 3, 4, 1)), ([2, 1], [3], (2, 3))]:
    got = broadcast_shape(shape_a, shape_b)
    assert isinstance(got, tuple) and all(type(size) is int for size in got) and got == want, \
        TEXT["broadcast_shape: must return"].format(call=f"broadcast_shape({shape_a}, {shape_b})", want=want, got=got)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import random

rng = random.Random(8)
pairs = [((5, 7, 3), (5, 7, 3)), ((5, 3, 4, 1), (3, 1, 1)), ((3, 1, 1), (5, 3, 4, 1)), ((), ()), ((), (3, 1)),
         ((1,), (0,)), ((0,), (1,)),
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


def _names_of_broadcast_shape():
    """The names in broadcast_shape's code and in the code of the student's functions it names, and what each
    chain of names (`torch.broadcast_shapes`, `helper`) refers to: a library broadcasting function (by identity),
    "other", or "unresolved"."""
    import builtins
    import dis

    library = {"torch.broadcast_shapes": torch.broadcast_shapes, "torch.broadcast_tensors": torch.broadcast_tensors,
               "torch.broadcast_to": torch.broadcast_to, "np.broadcast_shapes": np.broadcast_shapes,
               "np.broadcast": np.broadcast, "np.broadcast_to": np.broadcast_to,
               "np.broadcast_arrays": np.broadcast_arrays}
    scope, names, refers, codes, done = broadcast_shape.__globals__, set(), {}, [broadcast_shape.__code__], set()
    while codes:
        code = codes.pop()
        if code in done:
            continue
        done.add(code)
        names.update(code.co_names)
        codes += [const for const in code.co_consts if type(const) is type(code)]
        chain = []
        for instruction in [*dis.get_instructions(code), None]:
            if chain and instruction is not None and instruction.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                chain.append(instruction.argval)
                continue
            if chain:
                try:
                    target = scope[chain[0]] if chain[0] in scope else getattr(builtins, chain[0])
                    for attribute in chain[1:]:
                        target = getattr(target, attribute)
                    refers[".".join(chain)] = next((name for name, helper in library.items() if target is helper),
                                                   "other")
                    if getattr(target, "__globals__", None) is scope and hasattr(target, "__code__"):
                        codes.append(target.__code__)  # a function of the student's: its code counts too
                except Exception:
                    refers[".".join(chain)] = "unresolved"
            chain = [instruction.argval] if instruction is not None and instruction.opname in (
                "LOAD_GLOBAL", "LOAD_NAME") else []
    return sorted(names), refers


names, refers = _names_of_broadcast_shape()
probe.record("names in the code of broadcast_shape", names)
probe.record("what the names in the code of broadcast_shape refer to", refers)
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
    """broadcast_shape called no torch function, and no name in its code (or in its helpers' code) refers to a
    broadcasting function of PyTorch or NumPy, directly or by an alias. A helper's name is free: a name that is a
    helper's name counts only where it is not a chain that refers to something else (`np.broadcast` counts,
    the student's own `broadcast` does not). The messages name no function: the names come from the submission,
    and a message never quotes it."""
    calls = got["torch functions called by broadcast_shape"]
    assert not calls, f"broadcast_shape must not use tensors, but it called {len(calls)} torch functions"
    refers = {str.__str__(chain): str.__str__(what)
              for chain, what in got["what the names in the code of broadcast_shape refer to"].items()}
    own = {chain.rsplit(".", 1)[-1] for chain, what in refers.items() if what == "other"}
    names = {str.__str__(name) for name in got["names in the code of broadcast_shape"]}
    assert set(refers.values()) <= {"other", "unresolved"} and not (names & BROADCASTING_HELPERS) - own, \
        "broadcast_shape must apply the rules by hand, without a broadcasting function of PyTorch or NumPy"


# %% nbgrader={"grade_id": "test_broadcast_shape_errors", "grade": true, "points": 1, "locked": true}
assert_raises(ValueError, broadcast_shape, (0,), (2, 2), what="broadcast_shape((0,), (2, 2))")
assert_raises(ValueError, broadcast_shape, (5, 2, 4, 1), (3, 1, 1), what="broadcast_shape((5, 2, 4, 1), (3, 1, 1))")
print(TEXT["visible passed"])
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


def _names_of_broadcast_shape():
    """The names in broadcast_shape's code and in the code of the student's functions it names, and what each
    chain of names (`torch.broadcast_shapes`, `helper`) refers to: a library broadcasting function (by identity),
    "other", or "unresolved"."""
    import builtins
    import dis

    library = {"torch.broadcast_shapes": torch.broadcast_shapes, "torch.broadcast_tensors": torch.broadcast_tensors,
               "torch.broadcast_to": torch.broadcast_to, "np.broadcast_shapes": np.broadcast_shapes,
               "np.broadcast": np.broadcast, "np.broadcast_to": np.broadcast_to,
               "np.broadcast_arrays": np.broadcast_arrays}
    scope, names, refers, codes, done = broadcast_shape.__globals__, set(), {}, [broadcast_shape.__code__], set()
    while codes:
        code = codes.pop()
        if code in done:
            continue
        done.add(code)
        names.update(code.co_names)
        codes += [const for const in code.co_consts if type(const) is type(code)]
        chain = []
        for instruction in [*dis.get_instructions(code), None]:
            if chain and instruction is not None and instruction.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                chain.append(instruction.argval)
                continue
            if chain:
                try:
                    target = scope[chain[0]] if chain[0] in scope else getattr(builtins, chain[0])
                    for attribute in chain[1:]:
                        target = getattr(target, attribute)
                    refers[".".join(chain)] = next((name for name, helper in library.items() if target is helper),
                                                   "other")
                    if getattr(target, "__globals__", None) is scope and hasattr(target, "__code__"):
                        codes.append(target.__code__)  # a function of the student's: its code counts too
                except Exception:
                    refers[".".join(chain)] = "unresolved"
            chain = [instruction.argval] if instruction is not None and instruction.opname in (
                "LOAD_GLOBAL", "LOAD_NAME") else []
    return sorted(names), refers


names, refers = _names_of_broadcast_shape()
probe.record("names in the code of broadcast_shape", names)
probe.record("what the names in the code of broadcast_shape refer to", refers)
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


# %% tags=["demo", "self_check"]
check_more_broadcast_shape(broadcast_shape)


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
# `numpy_roundtrip(arr)` получает массив NumPy `arr` и возвращает тензор, который делит с ним
# память: изменение через одного видно в другом. Форма, значения и тип элементов те же, что у `arr`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Массивы `float32`, `float64`, `int64`, `int32` и `uint8` разных форм: форма, тип и значения
# тензора, и что запись в массив видна в тензоре, а запись в тензор — в массиве.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 6 (1 point). `numpy_roundtrip`
#
# `numpy_roundtrip(arr)` takes a NumPy array `arr` and returns a tensor that shares its memory: a
# change through one shows in the other. The shape, the values and the element type are `arr`'s.
#
# <details><summary>What grading checks</summary>
#
# Arrays of `float32`, `float64`, `int64`, `int32` and `uint8` of several shapes: the tensor's
# shape, dtype and values, and that a write to the array shows in the tensor and a write to the
# tensor shows in the array.
# </details>

# %% nbgrader={"grade_id": "numpy_roundtrip", "solution": true}
def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    ### BEGIN SOLUTION
    return torch.from_numpy(arr)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_numpy_roundtrip", "grade": true, "points": 1, "locked": true}
arr = np.zeros(3, dtype=np.float32)
tensor = numpy_roundtrip(arr)
assert_kind(tensor, "numpy_roundtrip(np.zeros(3, dtype=np.float32))", (3,), torch.float32)
tensor[0] = 5.0
assert arr[0] == 5.0, TEXT["numpy_roundtrip: shared memory"]
arr = np.arange(6, dtype=np.int64).reshape(2, 3)
tensor = numpy_roundtrip(arr)
assert_kind(tensor, "numpy_roundtrip(np.arange(6, dtype=np.int64).reshape(2, 3))", (2, 3), torch.int64)
assert tensor.tolist() == [[0, 1, 2], [3, 4, 5]], TEXT["numpy_roundtrip: values"]
arr[1, 2] = 50
assert tensor[1, 2] == 50, TEXT["numpy_roundtrip: array to tensor"]
tensor[0, 0] = 70
assert arr[0, 0] == 70, TEXT["numpy_roundtrip: shared memory"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
rng = np.random.default_rng(9)
arrays = [("the visible example, zeros of float32 of shape (3,)", np.zeros(3, dtype=np.float32)),
          ("the visible example, arange(6) as 2x3", np.arange(6, dtype=np.int64).reshape(2, 3))]
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


# %% tags=["demo", "self_check"]
check_more_numpy_roundtrip(numpy_roundtrip)


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

# %% [markdown] tags=["ru"]
# ## Вопросы для самопроверки
#
# *Около 10 минут. Не оцениваются.*
#
# 1. Какие `dtype` получат `torch.tensor([1, 2])`, `torch.tensor([1.0, 2.0])` и `torch.arange(16.0)`?
#
#    <details><summary>Ответ</summary>
#
#    `int64`, `float32` и `float32`: целые числа по умолчанию становятся `int64`, дробные — `float32`.
#    </details>
#
# 2. Почему функция, которая вызывает `torch.manual_seed(0)` у себя внутри, плохо подходит для
#    `"rand_3x4"`?
#
#    <details><summary>Ответ</summary>
#
#    Она переводит генератор в одно и то же состояние, поэтому каждый вызов даёт те же самые
#    «случайные» числа.
#    </details>
#
# 3. Тензор `t = torch.arange(12).view(3, 4)` имеет `stride` (4, 1). Какие `shape` и `stride` у
#    `t.T` и у `t[:, ::2]`? Какое смещение у `t[1:, 1:]`?
#
#    <details><summary>Ответ</summary>
#
#    `t.T`: форма (4, 3), stride (1, 4). `t[:, ::2]`: форма (3, 2), stride (4, 2). `t[1:, 1:]`
#    начинается с элемента 5 памяти: смещение 1·4 + 1·1 = 5.
#    </details>
#
# 4. Почему `t.T.view(12)` бросает ошибку, а `t.T.reshape(12)` работает?
#
#    <details><summary>Ответ</summary>
#
#    Элементы `t.T` построчно не лежат в памяти подряд, так что одномерного представления с
#    одним шагом не существует. `view` никогда не копирует и сообщает об ошибке, `reshape` молча
#    делает копию.
#    </details>
#
# 5. Делит ли `t[[0, 2]]` память с `t`? А `t[0:3:2]`?
#
#    <details><summary>Ответ</summary>
#
#    `t[[0, 2]]` — продвинутое индексирование списком: копия. `t[0:3:2]` — срез с шагом:
#    представление, те же строки 0 и 2 поверх той же памяти.
#    </details>
#
# 6. Какой формы будут `torch.cat([a, b])` и `torch.stack([a, b])` для `a` и `b` формы (3, 4)?
#
#    <details><summary>Ответ</summary>
#
#    `cat` по измерению 0: (6, 4). `stack` добавляет новое измерение: (2, 3, 4).
#    </details>
#
# 7. Совместимы ли формы (8, 1, 6) и (7, 1)? А (4, 0) и (4, 1)? Каков результат?
#
#    <details><summary>Ответ</summary>
#
#    Да: (8, 7, 6). Да: (4, 0), потому что 1 растягивается до 0.
#    </details>
#
# 8. Вы изменили `arr[0]` после `t = torch.tensor(arr)`. Изменится ли `t`? А после
#    `t = torch.from_numpy(arr)`?
#
#    <details><summary>Ответ</summary>
#
#    После `torch.tensor` — нет, он копирует. После `torch.from_numpy` — да, память общая.
#    </details>

# %% [markdown] tags=["en"]
# ## Questions to check yourself
#
# *About 10 minutes. Not graded.*
#
# 1. What `dtype` do `torch.tensor([1, 2])`, `torch.tensor([1.0, 2.0])` and `torch.arange(16.0)`
#    get?
#
#    <details><summary>Answer</summary>
#
#    `int64`, `float32` and `float32`: integers default to `int64`, floating-point numbers to
#    `float32`.
#    </details>
#
# 2. Why does a function that calls `torch.manual_seed(0)` inside not fit `"rand_3x4"`?
#
#    <details><summary>Answer</summary>
#
#    It puts the generator into the same state each time, so every call gives the same "random"
#    numbers.
#    </details>
#
# 3. The tensor `t = torch.arange(12).view(3, 4)` has stride (4, 1). What are the shape and stride
#    of `t.T` and of `t[:, ::2]`? What is the offset of `t[1:, 1:]`?
#
#    <details><summary>Answer</summary>
#
#    `t.T`: shape (4, 3), stride (1, 4). `t[:, ::2]`: shape (3, 2), stride (4, 2). `t[1:, 1:]`
#    starts at storage element 5: offset 1·4 + 1·1 = 5.
#    </details>
#
# 4. Why does `t.T.view(12)` raise an error while `t.T.reshape(12)` works?
#
#    <details><summary>Answer</summary>
#
#    The elements of `t.T`, read row by row, do not lie in storage at one fixed step, so no 1-D
#    view of them exists. `view` never copies and reports the error; `reshape` silently copies.
#    </details>
#
# 5. Does `t[[0, 2]]` share memory with `t`? And `t[0:3:2]`?
#
#    <details><summary>Answer</summary>
#
#    `t[[0, 2]]` is advanced indexing with a list: a copy. `t[0:3:2]` is a slice with a step: a
#    view of the same rows 0 and 2 over the same storage.
#    </details>
#
# 6. What shapes do `torch.cat([a, b])` and `torch.stack([a, b])` have for `a` and `b` of shape
#    (3, 4)?
#
#    <details><summary>Answer</summary>
#
#    `cat` along dimension 0: (6, 4). `stack` adds a new dimension: (2, 3, 4).
#    </details>
#
# 7. Are the shapes (8, 1, 6) and (7, 1) compatible? And (4, 0) and (4, 1)? What is the result?
#
#    <details><summary>Answer</summary>
#
#    Yes: (8, 7, 6). Yes: (4, 0), since the 1 is stretched to 0.
#    </details>
#
# 8. You change `arr[0]` after `t = torch.tensor(arr)`. Does `t` change? And after
#    `t = torch.from_numpy(arr)`?
#
#    <details><summary>Answer</summary>
#
#    After `torch.tensor`, no: it copies. After `torch.from_numpy`, yes: they share memory.
#    </details>
