"""Independent answers to lesson 01_tensors, for testing copy detection (issue 36).

How this was made: written by hand by one author (helper A) from the task texts of the student
notebook lessons/en/01_tensors.ipynb and /work/shared/course-spec.md alone, without seeing the copy
detector, the project's variants or its reference solutions. Each of the ten students has a
personal style kept across the lessons:

  ind01 careful, English docstrings, f-string errors, comprehensions        (all right)
  ind02 terse, one-liners, no comments, short names                         (all right)
  ind03 Russian comments, loops and temporaries                             (mistakes: total as a
        Python number, center_crop offsets r0 = R // 2 - size // 2)
  ind04 beginner, copies instead of views, no validation                    (mistakes; no
        broadcast_shape answer)
  ind05 helper functions, type hints, %-formatted messages                  (all right)
  ind06 torch.* functional calls, "# step" comments                         (mistakes: no shape
        ValueError in tensor_ops, reshape_views' message lacks the element count)
  ind07 while loops, str.format, NumPy habits                               (mistakes: arange of
        floats, 1 vs 0 broadcasts to 1)
  ind08 type hints, early returns, short Russian docstrings                 (all right)
  ind09 sloppy: seed inside create_tensors, torch.tensor copies the array   (mistakes; no
        center_crop, no broadcast_shape)
  ind10 pythonic: zip_longest, unpacking, conditional expressions           (all right)

Ground truth: the four copiers below; every other pair of students is independent.
  cp01 full copy of ind01 (all nine answers)
  cp02 full copy of ind07 (all nine answers, its mistakes kept)
  cp03 partial copy of ind05: tensor_ops, center_crop, reshape_views, broadcast_shape
  cp04 partial copy of ind10: create_tensors, last_columns, even_index_elements, broadcast_shape,
       numpy_roundtrip
The answers of a partial copier outside its `copied` list are its own, independent of everyone.
"""

STUDENTS = {
    # ------------------------------------------------------------------ ind01: careful, docstrings
    "ind01": {
        "create_tensors": '''\
def create_tensors():
    """Build the four tensors of the exercise and return them in a dict."""
    rand_3x4 = torch.rand(3, 4)
    zeros_2x3x4 = torch.zeros(2, 3, 4)
    ones_5x5 = torch.ones(5, 5)
    range_4x4 = torch.arange(16).reshape(4, 4)
    return {
        "rand_3x4": rand_3x4,
        "zeros_2x3x4": zeros_2x3x4,
        "ones_5x5": ones_5x5,
        "range_4x4": range_4x4,
    }
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    """Transpose, matrix product, elementwise product with b.T and the total of a."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"a and b must be tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(
            f"expected shapes (n, m) and (m, n), got {tuple(a.shape)} and {tuple(b.shape)}"
        )
    return {
        "a_t": a.T,
        "matmul": a @ b,
        "elementwise": a * b.T,
        "total": a.sum(),
    }
''',
        "first_rows": '''\
def first_rows(t):
    """Row 0 of every matrix: basic indexing keeps it a view."""
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": '''\
def last_columns(t):
    """The last column of every matrix, shape (D, R)."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": '''\
def center_crop(t, size=2):
    """The central size x size block of every matrix, as a view."""
    require_3d(t)
    _, rows, cols = t.shape
    if size < 1 or size > rows or size > cols:
        raise ValueError(f"size must be in [1, min(R, C)] = [1, {min(rows, cols)}], got {size}")
    r0 = (rows - size) // 2
    c0 = (cols - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    """Elements whose three indices are all even: a step of 2 along every axis."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": '''\
import math


def reshape_views(t, shapes):
    """One view of t per shape; ValueError if a shape does not hold t's elements."""
    for shape in shapes:
        if math.prod(shape) != t.numel():
            raise ValueError(f"cannot view {t.numel()} elements as shape {tuple(shape)}")
    return [t.view(*shape) for shape in shapes]
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    """Broadcast two shapes by the rules: align on the right, sizes must match or be 1."""
    ndim = max(len(shape_a), len(shape_b))
    padded_a = [1] * (ndim - len(shape_a)) + list(shape_a)
    padded_b = [1] * (ndim - len(shape_b)) + list(shape_b)
    result = []
    for size_a, size_b in zip(padded_a, padded_b):
        if size_a == size_b or size_b == 1:
            result.append(size_a)
        elif size_a == 1:
            result.append(size_b)
        else:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} cannot broadcast")
    return tuple(result)
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    """from_numpy shares the array's buffer, so changes show on both sides."""
    return torch.from_numpy(arr)
''',
    },
    # ------------------------------------------------------------------ ind02: terse
    "ind02": {
        "create_tensors": '''\
def create_tensors():
    return dict(rand_3x4=torch.rand(3, 4), zeros_2x3x4=torch.zeros(2, 3, 4),
                ones_5x5=torch.ones(5, 5), range_4x4=torch.arange(16).view(4, 4))
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    if not (torch.is_tensor(a) and torch.is_tensor(b)):
        raise TypeError("need tensors")
    if a.ndim != 2 or tuple(b.shape) != tuple(a.shape)[::-1]:
        raise ValueError(f"bad shapes {list(a.shape)} {list(b.shape)}")
    return {"a_t": a.t(), "matmul": a.matmul(b), "elementwise": a.mul(b.t()), "total": a.sum()}
''',
        "first_rows": '''\
def first_rows(t):
    require_3d(t)
    return t[:, 0]
''',
        "last_columns": '''\
def last_columns(t):
    require_3d(t)
    return t[..., -1]
''',
        "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    R, C = t.shape[1:]
    if not 1 <= size <= min(R, C):
        raise ValueError(f"bad size {size} for {R}x{C}")
    r, c = (R - size) // 2, (C - size) // 2
    return t[:, r:r + size, c:c + size]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    out = []
    for s in shapes:
        n = 1
        for d in s:
            n *= d
        if n != t.numel():
            raise ValueError(f"{t.numel()} != {s}")
        out.append(t.view(s))
    return out
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    a, b = list(shape_a)[::-1], list(shape_b)[::-1]
    r = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 1
        y = b[i] if i < len(b) else 1
        if x != y and 1 not in (x, y):
            raise ValueError(f"{shape_a} vs {shape_b}")
        r.append(y if x == 1 else x)
    return tuple(r[::-1])
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    return torch.as_tensor(arr)
''',
    },
    # ------------------------------------------------------------------ ind03: Russian comments, loops
    "ind03": {
        "create_tensors": '''\
def create_tensors():
    # словарь с результатами
    result = {}
    # случайные числа из [0, 1)
    result["rand_3x4"] = torch.rand((3, 4), dtype=torch.float32)
    # нули и единицы
    result["zeros_2x3x4"] = torch.zeros((2, 3, 4), dtype=torch.float32)
    result["ones_5x5"] = torch.ones((5, 5), dtype=torch.float32)
    # числа от 0 до 15, потом делаем матрицу 4 на 4
    numbers = torch.arange(0, 16, dtype=torch.int64)
    result["range_4x4"] = numbers.reshape((4, 4))
    return result
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    # проверяем типы
    if not isinstance(a, torch.Tensor):
        raise TypeError("a не тензор: " + str(type(a)))
    if not isinstance(b, torch.Tensor):
        raise TypeError("b не тензор: " + str(type(b)))
    # проверяем размеры
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError("нужны матрицы, а пришли " + str(a.shape) + " и " + str(b.shape))
    n = a.shape[0]
    m = a.shape[1]
    if b.shape[0] != m or b.shape[1] != n:
        raise ValueError("размеры не подходят: " + str(a.shape) + " и " + str(b.shape))
    result = {}
    result["a_t"] = a.transpose(0, 1)
    result["matmul"] = a @ b
    b_t = b.transpose(0, 1)
    result["elementwise"] = a * b_t
    # сумма всех элементов
    result["total"] = a.sum().item()
    return result
''',
        "first_rows": '''\
def first_rows(t):
    # проверка, что тензор трехмерный
    require_3d(t)
    # берем нулевую строку в каждой матрице
    rows = t[:, 0, :]
    return rows
''',
        "last_columns": '''\
def last_columns(t):
    require_3d(t)
    # последний столбец = индекс C - 1
    C = t.shape[2]
    columns = t[:, :, C - 1]
    return columns
''',
        "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    D = t.shape[0]
    R = t.shape[1]
    C = t.shape[2]
    if size < 1:
        raise ValueError("size должен быть >= 1, а он " + str(size))
    if size > R or size > C:
        raise ValueError("size " + str(size) + " больше, чем матрица " + str(R) + "x" + str(C))
    # середина матрицы минус половина окна
    r0 = R // 2 - size // 2
    c0 = C // 2 - size // 2
    crop = t[:, r0:r0 + size, c0:c0 + size]
    return crop
''',
        "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    # шаг 2 по каждой оси дает четные индексы
    even = t[0::2, 0::2, 0::2]
    return even
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    views = []
    total = t.numel()
    for shape in shapes:
        # считаем, сколько элементов нужно для этой формы
        need = 1
        for d in shape:
            need = need * d
        if need != total:
            raise ValueError("нельзя сделать форму " + str(shape) + " из " + str(total) + " элементов")
        views.append(t.view(shape))
    return views
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    a = list(shape_a)
    b = list(shape_b)
    # дополняем короткую форму единицами слева
    while len(a) < len(b):
        a.insert(0, 1)
    while len(b) < len(a):
        b.insert(0, 1)
    result = []
    for i in range(len(a)):
        if a[i] == b[i]:
            result.append(a[i])
        elif a[i] == 1:
            result.append(b[i])
        elif b[i] == 1:
            result.append(a[i])
        else:
            raise ValueError("формы " + str(shape_a) + " и " + str(shape_b) + " не совместимы")
    return tuple(result)
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    # from_numpy не копирует данные
    tensor = torch.from_numpy(arr)
    return tensor
''',
    },
    # ------------------------------------------------------------------ ind04: beginner
    "ind04": {
        "create_tensors": '''\
def create_tensors():
    a = torch.rand(3, 4)
    b = torch.zeros(2, 3, 4)
    c = torch.ones(5, 5)
    d = torch.tensor(list(range(16))).reshape(4, 4)
    return {"rand_3x4": a, "zeros_2x3x4": b, "ones_5x5": c, "range_4x4": d}
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    if type(a) != torch.Tensor or type(b) != torch.Tensor:
        raise TypeError("not a tensor")
    if a.shape[0] != b.shape[1]:
        raise ValueError("wrong shape")
    c = a.T
    d = torch.mm(a, b)
    e = a * b.T
    f = torch.sum(a)
    return {"a_t": c, "matmul": d, "elementwise": e, "total": f}
''',
        "first_rows": '''\
def first_rows(t):
    return t[:, 0, :].clone()
''',
        "last_columns": '''\
def last_columns(t):
    return t[:, :, -1]
''',
        "center_crop": '''\
def center_crop(t, size=2):
    R = t.shape[1]
    C = t.shape[2]
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    idx0 = torch.arange(0, t.shape[0], 2)
    idx1 = torch.arange(0, t.shape[1], 2)
    idx2 = torch.arange(0, t.shape[2], 2)
    return t[idx0][:, idx1][:, :, idx2]
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    res = []
    for s in shapes:
        res.append(t.reshape(s))
    return res
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
    # ------------------------------------------------------------------ ind05: helpers, type hints
    "ind05": {
        "create_tensors": '''\
def create_tensors() -> dict:
    shapes = {"rand_3x4": (3, 4), "zeros_2x3x4": (2, 3, 4), "ones_5x5": (5, 5)}
    out = {
        "rand_3x4": torch.rand(shapes["rand_3x4"]),
        "zeros_2x3x4": torch.zeros(shapes["zeros_2x3x4"]),
        "ones_5x5": torch.ones(shapes["ones_5x5"]),
    }
    out["range_4x4"] = torch.arange(4 * 4).reshape(4, -1)
    return out
''',
        "tensor_ops": '''\
def _check_tensor(x, name: str) -> None:
    if not isinstance(x, torch.Tensor):
        raise TypeError("%s must be a torch.Tensor, not %s" % (name, type(x).__name__))


def tensor_ops(a: torch.Tensor, b: torch.Tensor) -> dict:
    _check_tensor(a, "a")
    _check_tensor(b, "b")
    shape_ok = a.dim() == 2 and b.dim() == 2 and a.size(0) == b.size(1) and a.size(1) == b.size(0)
    if not shape_ok:
        raise ValueError("shapes %s and %s are not (n, m) and (m, n)" % (tuple(a.shape), tuple(b.shape)))
    return {
        "a_t": a.transpose(0, 1),
        "matmul": torch.matmul(a, b),
        "elementwise": a * b.transpose(0, 1),
        "total": a.sum(),
    }
''',
        "first_rows": '''\
def first_rows(t: torch.Tensor) -> torch.Tensor:
    require_3d(t)
    return t.select(1, 0)
''',
        "last_columns": '''\
def last_columns(t: torch.Tensor) -> torch.Tensor:
    require_3d(t)
    return t.select(2, t.size(2) - 1)
''',
        "center_crop": '''\
def _start(length: int, size: int) -> int:
    return (length - size) // 2


def center_crop(t: torch.Tensor, size: int = 2) -> torch.Tensor:
    require_3d(t)
    n_rows, n_cols = t.size(1), t.size(2)
    if size < 1 or size > n_rows or size > n_cols:
        raise ValueError("size %d does not fit a %dx%d matrix" % (size, n_rows, n_cols))
    r0, c0 = _start(n_rows, size), _start(n_cols, size)
    return t.narrow(1, r0, size).narrow(2, c0, size)
''',
        "even_index_elements": '''\
def even_index_elements(t: torch.Tensor) -> torch.Tensor:
    require_3d(t)
    every_other = slice(None, None, 2)
    return t[every_other, every_other, every_other]
''',
        "reshape_views": '''\
def _numel(shape) -> int:
    count = 1
    for dim in shape:
        count *= dim
    return count


def reshape_views(t: torch.Tensor, shapes) -> list:
    result = []
    for shape in shapes:
        if _numel(shape) != t.numel():
            raise ValueError("shape %s does not fit %d elements" % (tuple(shape), t.numel()))
        result.append(t.view(tuple(shape)))
    return result
''',
        "broadcast_shape": '''\
def _pair(x: int, y: int) -> int:
    if x == y:
        return x
    if x == 1:
        return y
    if y == 1:
        return x
    raise ValueError("sizes %d and %d do not broadcast" % (x, y))


def broadcast_shape(shape_a, shape_b) -> tuple:
    n = max(len(shape_a), len(shape_b))
    a = (1,) * (n - len(shape_a)) + tuple(shape_a)
    b = (1,) * (n - len(shape_b)) + tuple(shape_b)
    try:
        return tuple(_pair(x, y) for x, y in zip(a, b))
    except ValueError:
        raise ValueError("shapes %s and %s do not broadcast" % (tuple(shape_a), tuple(shape_b)))
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr) -> torch.Tensor:
    return torch.from_numpy(arr)
''',
    },
    # ------------------------------------------------------------------ ind06: torch.* functional calls
    "ind06": {
        "create_tensors": '''\
def create_tensors():
    # Step 1: the random tensor (new values every call, so no seed here)
    r = torch.rand(size=(3, 4))
    # Step 2: constant tensors
    z = torch.zeros(size=(2, 3, 4))
    o = torch.ones(size=(5, 5))
    # Step 3: 0..15 as a 4x4 grid
    g = torch.reshape(torch.arange(start=0, end=16), (4, 4))
    return {"rand_3x4": r, "zeros_2x3x4": z, "ones_5x5": o, "range_4x4": g}
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    # Step 1: both arguments must be tensors
    for x in (a, b):
        if not torch.is_tensor(x):
            raise TypeError(f"expected a tensor, got {type(x)}")
    # Step 2: the four results (matmul itself complains about bad shapes)
    return {
        "a_t": torch.transpose(a, 0, 1),
        "matmul": torch.matmul(a, b),
        "elementwise": torch.mul(a, torch.transpose(b, 0, 1)),
        "total": torch.sum(a),
    }
''',
        "first_rows": '''\
def first_rows(t):
    # Step 1: validate
    require_3d(t)
    # Step 2: index 0 along the row axis
    return torch.select(t, 1, 0)
''',
        "last_columns": '''\
def last_columns(t):
    # Step 1: validate
    require_3d(t)
    # Step 2: index -1 along the column axis
    return torch.select(t, 2, -1)
''',
        "center_crop": '''\
def center_crop(t, size=2):
    # Step 1: validate the tensor and the size
    require_3d(t)
    R, C = t.shape[1], t.shape[2]
    if size < 1 or size > min(R, C):
        raise ValueError(f"size={size} is outside 1..{min(R, C)} for matrices of {R}x{C}")
    # Step 2: narrow rows, then columns
    rows = torch.narrow(t, 1, (R - size) // 2, size)
    return torch.narrow(rows, 2, (C - size) // 2, size)
''',
        "even_index_elements": '''\
def even_index_elements(t):
    # Step 1: validate
    require_3d(t)
    # Step 2: stride 2 on all three axes
    return t[::2][:, ::2][:, :, ::2]
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    # Step 1: try each shape, turning PyTorch's error into a ValueError
    views = []
    for shape in shapes:
        try:
            views.append(torch.reshape(t, shape))
        except RuntimeError:
            raise ValueError(f"shape {shape} is invalid")
    return views
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    # Step 1: walk both shapes from the right
    result = []
    i, j = len(shape_a) - 1, len(shape_b) - 1
    while i >= 0 or j >= 0:
        x = shape_a[i] if i >= 0 else 1
        y = shape_b[j] if j >= 0 else 1
        # Step 2: equal sizes, or one of them 1
        if x == y or y == 1:
            result.append(x)
        elif x == 1:
            result.append(y)
        else:
            raise ValueError(f"cannot broadcast {shape_a} with {shape_b}")
        i -= 1
        j -= 1
    # Step 3: we built it backwards
    result.reverse()
    return tuple(result)
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    # Step 1: wrap the buffer without copying
    return torch.from_numpy(arr)
''',
    },
    # ------------------------------------------------------------------ ind07: while loops, .format
    "ind07": {
        "create_tensors": '''\
def create_tensors():
    tensors = dict()
    tensors['rand_3x4'] = torch.rand(3, 4)
    tensors['zeros_2x3x4'] = torch.zeros(2, 3, 4)
    tensors['ones_5x5'] = torch.ones(5, 5)
    tensors['range_4x4'] = torch.arange(16.).reshape(4, 4)
    return tensors
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError('expected tensors, got {} and {}'.format(type(a), type(b)))
    if a.dim() != 2 or b.dim() != 2 or a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError('shapes {} and {} do not match'.format(list(a.shape), list(b.shape)))
    res = dict()
    res['a_t'] = a.T
    res['matmul'] = a @ b
    res['elementwise'] = a * b.T
    res['total'] = a.sum()
    return res
''',
        "first_rows": '''\
def first_rows(t):
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": '''\
def last_columns(t):
    require_3d(t)
    return t[:, :, t.shape[2] - 1]
''',
        "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    D, R, C = t.shape
    if size < 1 or size > R or size > C:
        raise ValueError('size {} does not fit in {}x{}'.format(size, R, C))
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    res = []
    k = 0
    while k < len(shapes):
        shape = shapes[k]
        size = int(np.prod(shape))
        if size != t.numel():
            raise ValueError('cannot reshape {} elements into {}'.format(t.numel(), shape))
        res.append(t.view(shape))
        k += 1
    return res
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    a = list(shape_a)
    b = list(shape_b)
    res = []
    while a or b:
        x = a.pop() if a else 1
        y = b.pop() if b else 1
        if x == y or x == 1 or y == 1:
            res.insert(0, max(x, y))
        else:
            raise ValueError('shapes {} and {} are not broadcastable'.format(shape_a, shape_b))
    return tuple(res)
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
    # ------------------------------------------------------------------ ind08: type hints, early returns
    "ind08": {
        "create_tensors": '''\
def create_tensors() -> dict[str, torch.Tensor]:
    """Четыре тензора задания."""
    return {
        "rand_3x4": torch.rand(3, 4, dtype=torch.float32),
        "zeros_2x3x4": torch.zeros(2, 3, 4, dtype=torch.float32),
        "ones_5x5": torch.ones(5, 5, dtype=torch.float32),
        "range_4x4": torch.arange(16, dtype=torch.int64).view(4, 4),
    }
''',
        "tensor_ops": '''\
def tensor_ops(a: torch.Tensor, b: torch.Tensor) -> dict[str, torch.Tensor]:
    """Транспонирование, произведения и сумма."""
    if not isinstance(a, torch.Tensor):
        raise TypeError(f"a: ожидался тензор, получен {type(a).__name__}")
    if not isinstance(b, torch.Tensor):
        raise TypeError(f"b: ожидался тензор, получен {type(b).__name__}")
    if a.ndim == 2 and b.ndim == 2 and a.shape == b.T.shape:
        return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
    raise ValueError(f"формы {tuple(a.shape)} и {tuple(b.shape)} не вида (n, m) и (m, n)")
''',
        "first_rows": '''\
def first_rows(t: torch.Tensor) -> torch.Tensor:
    """Нулевая строка каждой матрицы."""
    require_3d(t)
    return t[:, 0, ...]
''',
        "last_columns": '''\
def last_columns(t: torch.Tensor) -> torch.Tensor:
    """Последний столбец каждой матрицы."""
    require_3d(t)
    return t[:, ..., -1]
''',
        "center_crop": '''\
def center_crop(t: torch.Tensor, size: int = 2) -> torch.Tensor:
    """Центральный квадрат size x size."""
    require_3d(t)
    R, C = t.shape[-2:]
    if size < 1:
        raise ValueError(f"size={size} < 1")
    if size > R or size > C:
        raise ValueError(f"size={size} больше R={R} или C={C}")
    top, left = (R - size) // 2, (C - size) // 2
    return t[:, top:top + size, left:left + size]
''',
        "even_index_elements": '''\
def even_index_elements(t: torch.Tensor) -> torch.Tensor:
    """Элементы с четными индексами по всем осям."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": '''\
import math


def reshape_views(t: torch.Tensor, shapes) -> list[torch.Tensor]:
    """Представления t в каждой из форм."""
    n = t.numel()
    bad = [s for s in shapes if math.prod(s) != n]
    if bad:
        raise ValueError(f"{n} элементов не укладываются в форму {tuple(bad[0])}")
    return [t.view(s) for s in shapes]
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b) -> tuple[int, ...]:
    """Форма результата по правилам broadcasting."""
    if len(shape_a) < len(shape_b):
        shape_a, shape_b = shape_b, shape_a
    shape_b = (1,) * (len(shape_a) - len(shape_b)) + tuple(shape_b)
    out = []
    for x, y in zip(shape_a, shape_b):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"размеры {x} и {y} несовместимы")
        out.append(y if x == 1 else x)
    return tuple(out)
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr) -> torch.Tensor:
    """Тензор поверх памяти массива."""
    return torch.as_tensor(arr)
''',
    },
    # ------------------------------------------------------------------ ind09: sloppy
    "ind09": {
        "create_tensors": '''\
def create_tensors():
    torch.manual_seed(0)
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    # TODO errors
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": '''\
def first_rows(t):
    if len(t.shape) != 3:
        raise ValueError("not 3d")
    return t[:,0,:]
''',
        "last_columns": '''\
def last_columns(t):
    if len(t.shape) != 3:
        raise ValueError("not 3d")
    return t[:,:,-1]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    if len(t.shape) != 3:
        raise ValueError("not 3d")
    return t[::2,::2,::2]
''',
        "reshape_views": '''\
def reshape_views(t, shapes):
    try:
        return [t.view(s) for s in shapes]
    except RuntimeError as e:
        raise ValueError(str(e))
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    return torch.tensor(arr)
''',
    },
    # ------------------------------------------------------------------ ind10: pythonic
    "ind10": {
        "create_tensors": '''\
def create_tensors():
    names = ("rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4")
    makers = (
        lambda: torch.rand(3, 4),
        lambda: torch.zeros(2, 3, 4),
        lambda: torch.ones(5, 5),
        lambda: torch.arange(16).reshape(4, 4),
    )
    return {name: make() for name, make in zip(names, makers)}
''',
        "tensor_ops": '''\
def tensor_ops(a, b):
    if not all(isinstance(x, torch.Tensor) for x in (a, b)):
        raise TypeError("tensor_ops takes two torch.Tensor arguments")
    if (a.ndim, b.ndim) != (2, 2) or a.shape[::-1] != b.shape:
        raise ValueError(f"{tuple(a.shape)} and {tuple(b.shape)} are not (n, m) and (m, n)")
    bt = b.mT
    return {"a_t": a.mT, "matmul": a @ b, "elementwise": a * bt, "total": a.sum()}
''',
        "first_rows": '''\
def first_rows(t):
    require_3d(t)
    return t[:, 0]
''',
        "last_columns": '''\
def last_columns(t):
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    _, *rc = t.shape
    if size < 1 or any(size > n for n in rc):
        raise ValueError(f"crop size {size} must be between 1 and {min(rc)}")
    (r0, c0) = ((n - size) // 2 for n in rc)
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    return t[(slice(None, None, 2),) * 3]
''',
        "reshape_views": '''\
import math


def reshape_views(t, shapes):
    n = t.numel()
    if bad := next((s for s in shapes if math.prod(s) != n), None):
        raise ValueError(f"shape {tuple(bad)} cannot hold {n} elements")
    return [t.view(*s) for s in shapes]
''',
        "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    from itertools import zip_longest

    out = []
    for x, y in zip_longest(reversed(shape_a), reversed(shape_b), fillvalue=1):
        if 1 not in (x, y) and x != y:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
        out.append(x if y == 1 else y)
    return tuple(reversed(out))
''',
        "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
}

COPIES = {
    "cp01": {
        "source": "ind01",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "removed every docstring, renamed locals (padded_a -> left, r0 -> top, ...), "
                    "turned the dict literal and the comprehension into step-by-step code, "
                    "reordered independent lines, reworded error messages",
        "answers": {
            "create_tensors": '''\
def create_tensors():
    ones_5x5 = torch.ones(5, 5)
    zeros_2x3x4 = torch.zeros(2, 3, 4)
    range_4x4 = torch.arange(16).reshape(4, 4)
    rand_3x4 = torch.rand(3, 4)
    out = {}
    out["rand_3x4"] = rand_3x4
    out["zeros_2x3x4"] = zeros_2x3x4
    out["ones_5x5"] = ones_5x5
    out["range_4x4"] = range_4x4
    return out
''',
            "tensor_ops": '''\
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"both inputs must be tensors: {type(a).__name__}, {type(b).__name__}")

    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"shapes must be (n, m) and (m, n): {tuple(a.shape)}, {tuple(b.shape)}")

    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
            "first_rows": '''\
def first_rows(t):
    require_3d(t)
    result = t[:, 0, :]
    return result
''',
            "last_columns": '''\
def last_columns(t):
    require_3d(t)
    result = t[:, :, -1]
    return result
''',
            "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    _, n_rows, n_cols = t.shape
    if size < 1 or size > n_rows or size > n_cols:
        raise ValueError(f"crop size {size} not in [1, {min(n_rows, n_cols)}]")
    left = (n_cols - size) // 2
    top = (n_rows - size) // 2
    return t[:, top:top + size, left:left + size]
''',
            "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    result = t[::2, ::2, ::2]
    return result
''',
            "reshape_views": '''\
import math


def reshape_views(t, shapes):
    for s in shapes:
        if math.prod(s) != t.numel():
            raise ValueError(f"{t.numel()} elements do not fit shape {tuple(s)}")
    views = []
    for s in shapes:
        views.append(t.view(*s))
    return views
''',
            "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    left = [1] * (n - len(shape_a)) + list(shape_a)
    right = [1] * (n - len(shape_b)) + list(shape_b)
    dims = []
    for p, q in zip(left, right):
        if p == q or q == 1:
            dims.append(p)
        elif p == 1:
            dims.append(q)
        else:
            raise ValueError(f"cannot broadcast {tuple(shape_a)} and {tuple(shape_b)}")
    return tuple(dims)
''',
            "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    t = torch.from_numpy(arr)
    return t
''',
        },
    },
    "cp02": {
        "source": "ind07",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "added Russian comments, switched quotes and str.format to f-strings, turned "
                    "while loops into for loops, split expressions into temporaries, added a dead "
                    "variable; the float arange and the max(x, y) bug are kept",
        "answers": {
            "create_tensors": '''\
def create_tensors():
    # создаем все тензоры
    d = {}
    d["rand_3x4"] = torch.rand(3, 4)      # случайные
    d["zeros_2x3x4"] = torch.zeros(2, 3, 4)
    d["ones_5x5"] = torch.ones(5, 5)
    base = torch.arange(16.)
    d["range_4x4"] = base.reshape(4, 4)
    return d
''',
            "tensor_ops": '''\
def tensor_ops(a, b):
    # проверка типов
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"expected tensors, got {type(a)} and {type(b)}")
    # проверка размеров
    bad = a.dim() != 2 or b.dim() != 2
    bad = bad or a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]
    if bad:
        raise ValueError(f"shapes {list(a.shape)} and {list(b.shape)} do not match")
    out = {}
    out["total"] = a.sum()
    out["a_t"] = a.T
    out["elementwise"] = a * b.T
    out["matmul"] = a @ b
    return out
''',
            "first_rows": '''\
def first_rows(t):
    require_3d(t)  # проверка размерности
    return t[:, 0, :]
''',
            "last_columns": '''\
def last_columns(t):
    require_3d(t)
    cols = t.shape[2]
    return t[:, :, cols - 1]
''',
            "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    D, R, C = t.shape
    if size < 1 or size > R or size > C:
        raise ValueError(f"size {size} does not fit in {R}x{C}")
    # отступы сверху и слева
    top = (R - size) // 2
    left = (C - size) // 2
    return t[:, top:top + size, left:left + size]
''',
            "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    # каждый второй элемент
    return t[::2, ::2, ::2]
''',
            "reshape_views": '''\
def reshape_views(t, shapes):
    res = []
    total = t.numel()
    for shape in shapes:
        size = int(np.prod(shape))
        if size != total:
            raise ValueError(f"cannot reshape {total} elements into {shape}")
        res.append(t.view(shape))
    return res
''',
            "broadcast_shape": '''\
def broadcast_shape(shape_a, shape_b):
    a = list(shape_a)
    b = list(shape_b)
    n = max(len(a), len(b))
    res = []
    for _ in range(n):
        x = a.pop() if a else 1
        y = b.pop() if b else 1
        ok = x == y or x == 1 or y == 1
        if not ok:
            raise ValueError(f"shapes {shape_a} and {shape_b} are not broadcastable")
        res.insert(0, max(x, y))
    return tuple(res)
''',
            "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    # общая память с numpy
    return torch.from_numpy(arr)
''',
        },
    },
    "cp03": {
        "source": "ind05",
        "kind": "partial",
        "copied": ["tensor_ops", "center_crop", "reshape_views", "broadcast_shape"],
        "disguise": "dropped the type hints, inlined or renamed the helpers (_check_tensor -> "
                    "check, _pair -> merge_dim), %-format to f-strings, renamed locals; the other "
                    "five answers are the copier's own (English comments, plain indexing)",
        "answers": {
            "create_tensors": '''\
def create_tensors():
    # fresh random numbers at each call, so no manual_seed
    t = {}
    t["rand_3x4"] = torch.rand(3, 4)
    t["zeros_2x3x4"] = torch.zeros(2, 3, 4)
    t["ones_5x5"] = torch.ones(5, 5)
    t["range_4x4"] = torch.arange(0, 16).view(4, 4)  # int64 by default
    return t
''',
            "tensor_ops": '''\
def check(value, label):
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"{label} must be a torch.Tensor, not {type(value).__name__}")


def tensor_ops(a, b):
    check(a, "a")
    check(b, "b")
    ok = a.dim() == 2 and b.dim() == 2 and a.size(0) == b.size(1) and a.size(1) == b.size(0)
    if not ok:
        raise ValueError(f"shapes {tuple(a.shape)} and {tuple(b.shape)} are not (n, m) and (m, n)")
    result = {}
    result["a_t"] = a.transpose(0, 1)
    result["matmul"] = torch.matmul(a, b)
    result["elementwise"] = a * b.transpose(0, 1)
    result["total"] = a.sum()
    return result
''',
            "first_rows": '''\
def first_rows(t):
    require_3d(t)
    # the row axis is 1
    return t[:, 0, :]
''',
            "last_columns": '''\
def last_columns(t):
    require_3d(t)
    # the column axis is 2, -1 picks the last one
    return t[:, :, -1]
''',
            "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    h, w = t.size(1), t.size(2)
    if size < 1 or size > h or size > w:
        raise ValueError(f"size {size} does not fit a {h}x{w} matrix")
    top = (h - size) // 2
    left = (w - size) // 2
    return t.narrow(1, top, size).narrow(2, left, size)
''',
            "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    # step 2 keeps indices 0, 2, 4, ...
    return t[::2, ::2, ::2]
''',
            "reshape_views": '''\
def reshape_views(t, shapes):
    views = []
    for s in shapes:
        cnt = 1
        for k in s:
            cnt *= k
        if cnt != t.numel():
            raise ValueError(f"shape {tuple(s)} does not fit {t.numel()} elements")
        views.append(t.view(tuple(s)))
    return views
''',
            "broadcast_shape": '''\
def merge_dim(p, q):
    if p == q:
        return p
    if p == 1:
        return q
    if q == 1:
        return p
    raise ValueError(f"sizes {p} and {q} do not broadcast")


def broadcast_shape(shape_a, shape_b):
    length = max(len(shape_a), len(shape_b))
    sa = (1,) * (length - len(shape_a)) + tuple(shape_a)
    sb = (1,) * (length - len(shape_b)) + tuple(shape_b)
    try:
        dims = [merge_dim(p, q) for p, q in zip(sa, sb)]
    except ValueError:
        raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
    return tuple(dims)
''',
            "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    # no copy: the tensor uses the array's buffer
    return torch.from_numpy(arr)
''',
        },
    },
    "cp04": {
        "source": "ind10",
        "kind": "partial",
        "copied": ["create_tensors", "last_columns", "even_index_elements", "broadcast_shape",
                   "numpy_roundtrip"],
        "disguise": "renamed locals (makers -> builders, out -> dims), moved the zip_longest import "
                    "to the top of the cell, replaced the reversed() calls with [::-1], added a "
                    "comment line; the other four answers are the copier's own (verbose, checks)",
        "answers": {
            "create_tensors": '''\
def create_tensors():
    keys = ("rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4")
    builders = (
        lambda: torch.rand(3, 4),
        lambda: torch.zeros(2, 3, 4),
        lambda: torch.ones(5, 5),
        lambda: torch.arange(16).reshape(4, 4),
    )
    return {k: build() for k, build in zip(keys, builders)}
''',
            "tensor_ops": '''\
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor):
        raise TypeError("argument a is not a tensor")
    if not isinstance(b, torch.Tensor):
        raise TypeError("argument b is not a tensor")
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError(f"need 2-D inputs, got {a.shape} and {b.shape}")
    if a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError(f"incompatible shapes {a.shape} and {b.shape}")
    transposed = a.T
    product = a @ b
    elementwise = a * b.T
    total = a.sum()
    return {"a_t": transposed, "matmul": product, "elementwise": elementwise, "total": total}
''',
            "first_rows": '''\
def first_rows(t):
    require_3d(t)
    first = t[:, 0, :]
    return first
''',
            "last_columns": '''\
def last_columns(t):
    require_3d(t)  # D x R x C only
    return t[:, :, -1]
''',
            "center_crop": '''\
def center_crop(t, size=2):
    require_3d(t)
    rows = t.shape[1]
    cols = t.shape[2]
    if size < 1:
        raise ValueError(f"size must be at least 1, got {size}")
    if size > rows or size > cols:
        raise ValueError(f"size {size} is bigger than the matrix {rows}x{cols}")
    start_r = (rows - size) // 2
    start_c = (cols - size) // 2
    cropped = t[:, start_r:start_r + size, start_c:start_c + size]
    return cropped
''',
            "even_index_elements": '''\
def even_index_elements(t):
    require_3d(t)
    step2 = slice(None, None, 2)
    return t[(step2,) * 3]
''',
            "reshape_views": '''\
def reshape_views(t, shapes):
    results = []
    for shape in shapes:
        expected = 1
        for size in shape:
            expected *= size
        if expected != t.numel():
            raise ValueError(f"tensor with {t.numel()} elements cannot be viewed as {shape}")
        results.append(t.view(shape))
    return results
''',
            "broadcast_shape": '''\
from itertools import zip_longest


def broadcast_shape(shape_a, shape_b):
    # compare sizes from the last axis
    dims = []
    for p, q in zip_longest(list(shape_a)[::-1], list(shape_b)[::-1], fillvalue=1):
        if 1 not in (p, q) and p != q:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
        dims.append(p if q == 1 else q)
    return tuple(dims[::-1])
''',
            "numpy_roundtrip": '''\
def numpy_roundtrip(arr):
    shared = torch.from_numpy(arr)
    return shared
''',
        },
    },
}
