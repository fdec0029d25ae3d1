"""Independent test data for copy detection, lesson 01_tensors (issue 36), author A2.

Written by hand from the task texts of lessons/en/01_tensors.ipynb and the course specification
alone, without seeing the copy detector, the project's generated variants or another author's data.

STUDENTS: twelve made-up students (the same twelve people in every lesson of this folder), each
answering on their own:
  st01 mathematician, dense one-liners, no comments          (all right)
  st02 Java programmer, explicit checks, camelCase           (all right)
  st03 StackOverflow snippets, "# from SO" comments          ("total" is a Python number; no TypeError)
  st04 long loops, Russian comments                          (first_rows returns a copy; no size < 1 check)
  st05 numpy wherever possible, Russian comments             (np.broadcast_shapes; numpy_roundtrip copies)
  st06 asserts everything                                    (AssertionError instead of ValueError/TypeError)
  st07 careful, type hints and English docstrings            (all right)
  st08 terse one-liners                                      (all right)
  st09 beginner, prints, Russian comments                    (broadcast_shape, reshape_views left out;
                                                              even_index_elements forgets the last axis)
  st10 functional style with small helpers                   (all right)
  st11 torch functional API (narrow, select, transpose)      (all right)
  st12 C programmer, while loops, short names                (broadcast 0 against 1 gives 1)

Ground truth: the only copied answers are those listed in COPIES; every other pair of
students is independent.
  cp01 <- st07, full (all 9 answers): renamed variables and reworded docstrings and comments.
  cp02 <- st10, full (all 9 answers): inlined st10's helpers, loops turned into comprehensions
          and back, error raising moved, dead code added, reordered statements.
  cp03 <- st02, partial: tensor_ops, center_crop, reshape_views, broadcast_shape copied
          (renamed, checks merged, messages reworded); the other five written by cp03.
  cp04 <- st11, partial: first_rows, last_columns, even_index_elements, numpy_roundtrip copied
          (swapped to equivalent calls: select -> indexing, narrow -> slicing, torch.as_tensor ->
          torch.from_numpy); the other five written by cp04.
"""

STUDENTS = {
    "st01": {
        "create_tensors": r'''def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    if not (torch.is_tensor(a) and torch.is_tensor(b)):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.shape != a.shape[::-1]:
        raise ValueError(f"shapes {tuple(a.shape)} and {tuple(b.shape)} are not (n, m), (m, n)")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0]
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t[..., -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    _, R, C = t.shape
    if not 1 <= size <= min(R, C):
        raise ValueError(f"size={size} outside [1, {min(R, C)}]")
    r, c = (R - size) // 2, (C - size) // 2
    return t[:, r:r + size, c:c + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''import math


def reshape_views(t, shapes):
    n = t.numel()
    out = []
    for s in shapes:
        if math.prod(s) != n:
            raise ValueError(f"cannot view {n} elements as {tuple(s)}")
        out.append(t.view(*s))
    return out
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    k = max(len(shape_a), len(shape_b))
    a = (1,) * (k - len(shape_a)) + tuple(shape_a)
    b = (1,) * (k - len(shape_b)) + tuple(shape_b)
    if any(x != y and 1 not in (x, y) for x, y in zip(a, b)):
        raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
    return tuple(y if x == 1 else x for x, y in zip(a, b))
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
    "st02": {
        "create_tensors": r'''def create_tensors():
    """Builds the four tensors of the exercise."""
    result = {}
    result["rand_3x4"] = torch.rand(3, 4, dtype=torch.float32)
    result["zeros_2x3x4"] = torch.zeros(2, 3, 4, dtype=torch.float32)
    result["ones_5x5"] = torch.ones(5, 5, dtype=torch.float32)
    result["range_4x4"] = torch.arange(0, 16, dtype=torch.int64).reshape(4, 4)
    return result
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Transpose, matrix product, elementwise product with b^T and total sum."""
    if not isinstance(a, torch.Tensor):
        raise TypeError("Invalid argument: a must be a torch.Tensor, got " + type(a).__name__)
    if not isinstance(b, torch.Tensor):
        raise TypeError("Invalid argument: b must be a torch.Tensor, got " + type(b).__name__)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError("Invalid argument: expected 2-D tensors, got shapes "
                         + str(list(a.shape)) + " and " + str(list(b.shape)))
    rowsA, colsA = a.shape
    rowsB, colsB = b.shape
    if rowsA != colsB or colsA != rowsB:
        raise ValueError("Invalid argument: shapes " + str(list(a.shape)) + " and "
                         + str(list(b.shape)) + " are not (n, m) and (m, n)")
    result = {}
    result["a_t"] = a.t()
    result["matmul"] = torch.matmul(a, b)
    result["elementwise"] = a * b.t()
    result["total"] = torch.sum(a)
    return result
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix."""
    require_3d(t)
    result = t[:, 0, :]
    return result
''',
        "last_columns": r'''def last_columns(t):
    """Last column of every matrix."""
    require_3d(t)
    lastIndex = t.shape[2] - 1
    result = t[:, :, lastIndex]
    return result
''',
        "center_crop": r'''def center_crop(t, size=2):
    """Central size x size block of every matrix."""
    require_3d(t)
    numRows = t.shape[1]
    numCols = t.shape[2]
    if size < 1:
        raise ValueError("Invalid argument: size must be at least 1, got " + str(size))
    if size > numRows or size > numCols:
        raise ValueError("Invalid argument: size " + str(size) + " does not fit a "
                         + str(numRows) + "x" + str(numCols) + " matrix")
    rowStart = (numRows - size) // 2
    colStart = (numCols - size) // 2
    result = t[:, rowStart:rowStart + size, colStart:colStart + size]
    return result
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Elements whose three indices are even."""
    require_3d(t)
    result = t[0::2, 0::2, 0::2]
    return result
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view per requested shape."""
    totalElements = t.numel()
    views = []
    for shape in shapes:
        shapeElements = 1
        for dimension in shape:
            shapeElements = shapeElements * dimension
        if shapeElements != totalElements:
            raise ValueError("Invalid argument: shape " + str(list(shape)) + " does not fit "
                             + str(totalElements) + " elements")
        views.append(t.view(tuple(shape)))
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """Broadcast result of two shapes, following the rules from the right."""
    lengthA = len(shape_a)
    lengthB = len(shape_b)
    maxLength = max(lengthA, lengthB)
    result = []
    for position in range(1, maxLength + 1):
        dimA = shape_a[lengthA - position] if position <= lengthA else 1
        dimB = shape_b[lengthB - position] if position <= lengthB else 1
        if dimA == dimB:
            result.append(dimA)
        elif dimA == 1:
            result.append(dimB)
        elif dimB == 1:
            result.append(dimA)
        else:
            raise ValueError("Invalid argument: shapes " + str(list(shape_a)) + " and "
                             + str(list(shape_b)) + " cannot be broadcast")
    result.reverse()
    return tuple(result)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """Tensor sharing memory with arr."""
    result = torch.from_numpy(arr)
    return result
''',
    },
    "st03": {
        "create_tensors": r'''def create_tensors():
    # torch.rand -> uniform [0,1)  (https://stackoverflow.com/q/44328530)
    rand = torch.rand((3, 4))
    zeros = torch.zeros((2, 3, 4))
    ones = torch.ones((5, 5))
    rng = torch.arange(16).view(4, 4)
    return dict(rand_3x4=rand, zeros_2x3x4=zeros, ones_5x5=ones, range_4x4=rng)
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    # check shapes first, see SO "pytorch check tensor shape"
    if a.shape != torch.Size([b.shape[1], b.shape[0]]):
        raise ValueError("shape mismatch: a is %s, b is %s" % (a.shape, b.shape))
    return {
        "a_t": torch.transpose(a, 0, 1),
        "matmul": torch.mm(a, b),
        "elementwise": torch.mul(a, torch.transpose(b, 0, 1)),
        "total": a.sum().item(),
    }
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0, :]  # slicing gives a view, not a copy
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    # negative index works like python lists
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    h, w = t.shape[-2], t.shape[-1]
    if size < 1 or size > h or size > w:
        raise ValueError("bad crop size %d for %dx%d" % (size, h, w))
    top = (h - size) // 2
    left = (w - size) // 2
    # same as center crop in torchvision
    return t[..., top:top + size, left:left + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    # step slicing: a[start:stop:step]
    return t[::2][:, ::2][:, :, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    res = []
    for shp in shapes:
        try:
            res.append(t.view(*shp))
        except RuntimeError:
            # view() raises RuntimeError "shape '[5, 5]' is invalid for input of size 24"
            raise ValueError("shape %s is invalid for input of size %d" % (list(shp), t.numel()))
    return res
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    # https://stackoverflow.com/questions/47764237 - compare trailing dims
    from itertools import zip_longest
    out = []
    for x, y in zip_longest(reversed(shape_a), reversed(shape_b), fillvalue=1):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            raise ValueError("operands could not be broadcast together with shapes %s %s"
                             % (shape_a, shape_b))
    return tuple(reversed(out))
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    # from_numpy shares memory (https://stackoverflow.com/q/48482787)
    return torch.from_numpy(arr)
''',
    },
    "st04": {
        "create_tensors": r'''def create_tensors():
    # случайные числа
    r = torch.rand(3, 4)
    # нули и единицы
    z = torch.zeros(2, 3, 4)
    o = torch.ones(5, 5)
    # числа от 0 до 15
    a = torch.arange(16)
    a = a.reshape(4, 4)
    d = {}
    d["rand_3x4"] = r
    d["zeros_2x3x4"] = z
    d["ones_5x5"] = o
    d["range_4x4"] = a
    return d
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    # проверяем типы
    if type(a) != torch.Tensor or type(b) != torch.Tensor:
        raise TypeError("нужны тензоры / tensors expected")
    # проверяем размеры
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError("wrong shapes: " + str(a.shape) + " " + str(b.shape))
    n = a.shape[0]
    m = a.shape[1]
    if b.shape[0] != m or b.shape[1] != n:
        raise ValueError("wrong shapes: " + str(a.shape) + " " + str(b.shape))
    res = {}
    res["a_t"] = a.T
    res["matmul"] = a @ b
    res["elementwise"] = a * b.T
    # сумма всех элементов
    s = torch.zeros((), dtype=a.dtype)
    for i in range(n):
        for j in range(m):
            s = s + a[i, j]
    res["total"] = s
    return res
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    # берём нулевую строку каждой матрицы
    rows = t[:, 0, :].clone()
    return rows
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    # последний столбец
    C = t.shape[2]
    return t[:, :, C - 1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    D = t.shape[0]
    R = t.shape[1]
    C = t.shape[2]
    # размер не больше матрицы
    if size > R or size > C:
        raise ValueError("size " + str(size) + " is bigger than " + str(R) + "x" + str(C))
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    # шаг 2 по всем трём осям
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    result = []
    n = t.numel()
    for shape in shapes:
        # считаем произведение размеров
        p = 1
        for k in shape:
            p = p * k
        if p != n:
            raise ValueError("tensor has " + str(n) + " elements, shape " + str(shape) + " does not fit")
        result.append(t.view(shape))
    return result
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    a = list(shape_a)
    b = list(shape_b)
    # дополняем единицами слева
    while len(a) < len(b):
        a.insert(0, 1)
    while len(b) < len(a):
        b.insert(0, 1)
    res = []
    for i in range(len(a)):
        if a[i] == b[i]:
            res.append(a[i])
        elif a[i] == 1:
            res.append(b[i])
        elif b[i] == 1:
            res.append(a[i])
        else:
            # несовместимые размеры
            raise ValueError("cannot broadcast " + str(shape_a) + " and " + str(shape_b))
    return tuple(res)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    # общая память с numpy
    t = torch.from_numpy(arr)
    return t
''',
    },
    "st05": {
        "create_tensors": r'''def create_tensors():
    # через numpy удобнее
    rand = torch.from_numpy(np.random.rand(3, 4).astype(np.float32))
    return {
        "rand_3x4": rand,
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16, dtype=torch.int64).reshape(4, 4),
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"expected tensors, got {type(a)} and {type(b)}")
    if a.dim() != 2 or tuple(b.shape) != tuple(np.flip(np.array(a.shape))):
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t[:, :, t.shape[2] - 1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    R, C = t.shape[1], t.shape[2]
    if size < 1 or size > np.min([R, C]):
        raise ValueError(f"size {size} does not fit into {R}x{C}")
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    views = []
    for s in shapes:
        # произведение размеров через numpy
        if int(np.prod(s)) != t.numel():
            raise ValueError(f"{t.numel()} elements do not fit shape {tuple(s)}")
        views.append(t.view(*s))
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    # numpy знает правила broadcasting
    try:
        return tuple(int(d) for d in np.broadcast_shapes(tuple(shape_a), tuple(shape_b)))
    except ValueError:
        raise ValueError(f"shapes {shape_a} and {shape_b} are not compatible")
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    # делаем тензор из массива
    return torch.tensor(arr)
''',
    },
    "st06": {
        "create_tensors": r'''def create_tensors():
    out = {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4),
    }
    assert out["rand_3x4"].dtype == torch.float32
    assert out["range_4x4"].dtype == torch.int64
    assert out["range_4x4"][3, 3] == 15
    return out
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    assert isinstance(a, torch.Tensor), "a is not a tensor"
    assert isinstance(b, torch.Tensor), "b is not a tensor"
    assert a.dim() == 2 and b.dim() == 2, f"need 2-D, got {a.shape} and {b.shape}"
    assert a.shape[0] == b.shape[1] and a.shape[1] == b.shape[0], f"bad shapes {a.shape} {b.shape}"
    res = {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
    assert res["matmul"].shape == (a.shape[0], a.shape[0])
    return res
''',
        "first_rows": r'''def first_rows(t):
    assert t.dim() == 3, f"expected 3-D, got {t.dim()}-D"
    r = t[:, 0, :]
    assert r.data_ptr() == t.data_ptr()
    return r
''',
        "last_columns": r'''def last_columns(t):
    assert t.dim() == 3, f"expected 3-D, got {t.dim()}-D"
    r = t[:, :, -1]
    assert r.shape == (t.shape[0], t.shape[1])
    return r
''',
        "center_crop": r'''def center_crop(t, size=2):
    assert t.dim() == 3, f"expected 3-D, got {t.dim()}-D"
    D, R, C = t.shape
    assert 1 <= size <= R and size <= C, f"size {size} does not fit {R}x{C}"
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    out = t[:, r0:r0 + size, c0:c0 + size]
    assert out.shape == (D, size, size)
    return out
''',
        "even_index_elements": r'''def even_index_elements(t):
    assert t.dim() == 3, f"expected 3-D, got {t.dim()}-D"
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    views = []
    for s in shapes:
        n = 1
        for d in s:
            n *= d
        assert n == t.numel(), f"shape {tuple(s)} does not fit {t.numel()} elements"
        v = t.view(*s)
        assert v.data_ptr() == t.data_ptr()
        views.append(v)
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    a, b = list(shape_a), list(shape_b)
    n = max(len(a), len(b))
    a = [1] * (n - len(a)) + a
    b = [1] * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        assert x == y or x == 1 or y == 1, f"cannot broadcast {shape_a} with {shape_b}"
        out.append(y if x == 1 else x)
    assert len(out) == n
    return tuple(out)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    t = torch.from_numpy(arr)
    assert t.shape == arr.shape
    return t
''',
    },
    "st07": {
        "create_tensors": r'''def create_tensors() -> dict:
    """Return the four tensors of exercise 1, keyed by name."""
    return {
        "rand_3x4": torch.rand(3, 4),                    # fresh uniform [0, 1) values
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4),     # int64 by default
    }
''',
        "tensor_ops": r'''def tensor_ops(a: torch.Tensor, b: torch.Tensor) -> dict:
    """Transpose of a, a @ b, a * b.T and the sum of a; a is (n, m), b is (m, n)."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"a and b must be tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"expected shapes (n, m) and (m, n), got {tuple(a.shape)} and {tuple(b.shape)}")
    return {
        "a_t": a.transpose(0, 1),
        "matmul": a @ b,
        "elementwise": a * b.transpose(0, 1),
        "total": a.sum(),
    }
''',
        "first_rows": r'''def first_rows(t: torch.Tensor) -> torch.Tensor:
    """Row 0 of each of the D matrices: shape (D, C), a view."""
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t: torch.Tensor) -> torch.Tensor:
    """Last column of each of the D matrices: shape (D, R), a view."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t: torch.Tensor, size: int = 2) -> torch.Tensor:
    """Central size x size block of each matrix: shape (D, size, size), a view."""
    require_3d(t)
    _, rows, cols = t.shape
    if size < 1 or size > rows or size > cols:
        raise ValueError(f"size must be in 1..{min(rows, cols)} for matrices of {rows}x{cols}, got {size}")
    top = (rows - size) // 2
    left = (cols - size) // 2
    return t[:, top:top + size, left:left + size]
''',
        "even_index_elements": r'''def even_index_elements(t: torch.Tensor) -> torch.Tensor:
    """Elements at even indices along all three axes, a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t: torch.Tensor, shapes) -> list:
    """A view of t for every shape; ValueError for a shape with the wrong number of elements."""
    views = []
    for shape in shapes:
        shape = tuple(shape)
        needed = 1
        for size in shape:
            needed *= size
        if needed != t.numel():
            raise ValueError(f"a tensor of {t.numel()} elements cannot be viewed as {shape}")
        views.append(t.view(shape))
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b) -> tuple:
    """Broadcast two shapes: align on the right, sizes must match or one of them be 1."""
    ndim = max(len(shape_a), len(shape_b))
    padded_a = [1] * (ndim - len(shape_a)) + list(shape_a)
    padded_b = [1] * (ndim - len(shape_b)) + list(shape_b)
    result = []
    for size_a, size_b in zip(padded_a, padded_b):
        if size_a == 1:
            result.append(size_b)
        elif size_b == 1 or size_a == size_b:
            result.append(size_a)
        else:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} cannot broadcast: "
                             f"{size_a} vs {size_b}")
    return tuple(result)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr) -> torch.Tensor:
    """A tensor sharing arr's memory (no copy)."""
    return torch.from_numpy(arr)
''',
    },
    "st08": {
        "create_tensors": r'''def create_tensors():
    return dict(rand_3x4=torch.rand(3, 4), zeros_2x3x4=torch.zeros(2, 3, 4),
                ones_5x5=torch.ones(5, 5), range_4x4=torch.arange(16).view(4, 4))
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    if not all(isinstance(x, torch.Tensor) for x in (a, b)): raise TypeError("tensors only")
    if a.ndim != 2 or tuple(a.shape) != tuple(reversed(b.shape)): raise ValueError(f"{list(a.shape)} vs {list(b.shape)}")
    return dict(a_t=a.mT, matmul=a.matmul(b), elementwise=a.mul(b.mT), total=a.sum())
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t); return t[:, 0]
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t); return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t); R, C = t.shape[1:]
    if size < 1 or size > min(R, C): raise ValueError(f"size {size} for {R}x{C}")
    return t[:, (R - size) // 2:][:, :size, (C - size) // 2:][..., :size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t); return t[::2, ::2, ::2]
''',
        "reshape_views": r'''import math


def reshape_views(t, shapes):
    bad = [s for s in shapes if math.prod(s) != t.numel()]
    if bad: raise ValueError(f"{t.numel()} elements, shape {list(bad[0])}")
    return [t.view(*s) for s in shapes]
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    a, b = [1] * (n - len(shape_a)) + list(shape_a), [1] * (n - len(shape_b)) + list(shape_b)
    if any(x != y and x != 1 and y != 1 for x, y in zip(a, b)): raise ValueError(f"{shape_a} / {shape_b}")
    return tuple(x if y == 1 else y for x, y in zip(a, b))
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    return torch.as_tensor(arr)
''',
    },
    "st09": {
        "create_tensors": r'''def create_tensors():
    d = {}
    d["rand_3x4"] = torch.rand(3, 4)
    d["zeros_2x3x4"] = torch.zeros(2, 3, 4)
    d["ones_5x5"] = torch.ones(5, 5)
    d["range_4x4"] = torch.arange(16).reshape(4, 4)
    print(d)
    return d
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    if not torch.is_tensor(a) or not torch.is_tensor(b):
        raise TypeError("not a tensor")
    # n, m и m, n
    if a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError("shapes do not match: " + str(a.shape) + ", " + str(b.shape))
    d = {}
    d["a_t"] = a.T
    d["matmul"] = a @ b
    d["elementwise"] = a * b.T
    d["total"] = a.sum()
    return d
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    R = t.shape[1]
    C = t.shape[2]
    if size < 1 or size > R or size > C:
        raise ValueError("wrong size " + str(size))
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    print(r0, c0)
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    # чётные индексы
    return t[::2, ::2]
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
    "st10": {
        "create_tensors": r'''def create_tensors():
    makers = {
        "rand_3x4": lambda: torch.rand(3, 4),
        "zeros_2x3x4": lambda: torch.zeros(2, 3, 4),
        "ones_5x5": lambda: torch.ones(5, 5),
        "range_4x4": lambda: torch.arange(16).reshape(4, 4),
    }
    return {name: make() for name, make in makers.items()}
''',
        "tensor_ops": r'''def _shape_text(x):
    return "x".join(map(str, x.shape))


def tensor_ops(a, b):
    if not all(map(torch.is_tensor, (a, b))):
        raise TypeError("tensor_ops takes two tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.T.shape:
        raise ValueError(f"tensor_ops needs (n, m) and (m, n), got {_shape_text(a)} and {_shape_text(b)}")
    ops = {
        "a_t": lambda: a.T,
        "matmul": lambda: a @ b,
        "elementwise": lambda: a * b.T,
        "total": lambda: a.sum(),
    }
    return {key: op() for key, op in ops.items()}
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t.select(1, 0)
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t.select(2, t.size(2) - 1)
''',
        "center_crop": r'''def _centered(length, size):
    start = (length - size) // 2
    return slice(start, start + size)


def center_crop(t, size=2):
    require_3d(t)
    rows, cols = t.shape[1:]
    if not 1 <= size <= min(rows, cols):
        raise ValueError(f"crop size {size} does not fit {rows}x{cols}")
    return t[:, _centered(rows, size), _centered(cols, size)]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    return t[tuple(slice(None, None, 2) for _ in range(3))]
''',
        "reshape_views": r'''import functools
import operator


def _fits(shape, numel):
    return functools.reduce(operator.mul, shape, 1) == numel


def reshape_views(t, shapes):
    shapes = list(map(tuple, shapes))
    wrong = next((s for s in shapes if not _fits(s, t.numel())), None)
    if wrong is not None:
        raise ValueError(f"shape {wrong} does not hold {t.numel()} elements")
    return list(map(t.view, shapes))
''',
        "broadcast_shape": r'''def _merge(x, y):
    if x == y or y == 1:
        return x
    if x == 1:
        return y
    return None


def broadcast_shape(shape_a, shape_b):
    width = max(len(shape_a), len(shape_b))
    pad = lambda s: (1,) * (width - len(s)) + tuple(s)
    merged = list(map(_merge, pad(shape_a), pad(shape_b)))
    if None in merged:
        raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} are not broadcastable")
    return tuple(merged)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
    "st11": {
        "create_tensors": r'''def create_tensors():
    return {
        "rand_3x4": torch.rand(size=(3, 4), dtype=torch.float32),
        "zeros_2x3x4": torch.zeros(size=(2, 3, 4), dtype=torch.float32),
        "ones_5x5": torch.ones(size=(5, 5), dtype=torch.float32),
        "range_4x4": torch.reshape(torch.arange(16, dtype=torch.long), (4, 4)),
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    for name, x in (("a", a), ("b", b)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"{name} должен быть тензором, получен {type(x).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.size(0) != b.size(1) or a.size(1) != b.size(0):
        raise ValueError(f"shapes {list(a.shape)} and {list(b.shape)} are not (n, m) and (m, n)")
    bt = torch.transpose(b, 0, 1)
    return {
        "a_t": torch.transpose(a, 0, 1),
        "matmul": torch.matmul(a, b),
        "elementwise": torch.mul(a, bt),
        "total": torch.sum(a),
    }
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    # select убирает ось строк
    return torch.select(t, 1, 0)
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    return torch.select(t, 2, -1)
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    R, C = t.size(1), t.size(2)
    if size < 1 or size > R or size > C:
        raise ValueError(f"size={size} не подходит для матриц {R}x{C}")
    # narrow тоже возвращает view
    rows = torch.narrow(t, 1, (R - size) // 2, size)
    return torch.narrow(rows, 2, (C - size) // 2, size)
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    D, R, C = t.shape
    sD, sR, sC = t.stride()
    return torch.as_strided(t, ((D + 1) // 2, (R + 1) // 2, (C + 1) // 2),
                            (2 * sD, 2 * sR, 2 * sC), t.storage_offset())
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    out = []
    for shape in shapes:
        if torch.Size(shape).numel() != t.numel():
            raise ValueError(f"{t.numel()} элементов не помещаются в форму {list(shape)}")
        out.append(torch.Tensor.view(t, shape))
    return out
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    result = []
    ia, ib = len(shape_a) - 1, len(shape_b) - 1
    while ia >= 0 or ib >= 0:
        x = shape_a[ia] if ia >= 0 else 1
        y = shape_b[ib] if ib >= 0 else 1
        if x != y and x != 1 and y != 1:
            raise ValueError(f"формы {tuple(shape_a)} и {tuple(shape_b)} не согласуются")
        result.insert(0, y if x == 1 else x)
        ia -= 1
        ib -= 1
    return tuple(result)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    # as_tensor без копии, если dtype и устройство те же
    return torch.as_tensor(arr)
''',
    },
    "st12": {
        "create_tensors": r'''def create_tensors():
    res = {}
    res["rand_3x4"] = torch.rand(3, 4)
    res["zeros_2x3x4"] = torch.zeros(2, 3, 4)
    res["ones_5x5"] = torch.ones(5, 5)
    res["range_4x4"] = torch.arange(16).reshape(4, 4)
    return res
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("args must be tensors")
    if a.dim() != 2 or b.dim() != 2:
        raise ValueError("bad dims: a %s, b %s" % (tuple(a.shape), tuple(b.shape)))
    n = a.shape[0]
    m = a.shape[1]
    if b.shape[0] != m or b.shape[1] != n:
        raise ValueError("bad shapes: a %s, b %s" % (tuple(a.shape), tuple(b.shape)))
    r = {}
    r["a_t"] = a.t()
    r["matmul"] = a.mm(b)
    r["elementwise"] = a * b.t()
    r["total"] = a.sum()
    return r
''',
        "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t):
    require_3d(t)
    c = t.shape[2]
    return t[:, :, c - 1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    r = t.shape[1]
    c = t.shape[2]
    if size < 1 or size > r or size > c:
        raise ValueError("bad size %d for %dx%d" % (size, r, c))
    i = (r - size) // 2
    j = (c - size) // 2
    return t[:, i:i + size, j:j + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    res = []
    i = 0
    while i < len(shapes):
        s = shapes[i]
        p = 1
        j = 0
        while j < len(s):
            p *= s[j]
            j += 1
        if p != t.numel():
            raise ValueError("cannot view %d elements as %s" % (t.numel(), tuple(s)))
        res.append(t.view(*s))
        i += 1
    return res
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    na = len(shape_a)
    nb = len(shape_b)
    n = na if na > nb else nb
    res = [0] * n
    k = 0
    while k < n:
        x = shape_a[na - 1 - k] if k < na else 1
        y = shape_b[nb - 1 - k] if k < nb else 1
        if x == y or x == 1 or y == 1:
            res[n - 1 - k] = x if x > y else y
        else:
            raise ValueError("shapes %s and %s do not broadcast" % (tuple(shape_a), tuple(shape_b)))
        k += 1
    return tuple(res)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    return torch.from_numpy(arr)
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st07",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "renamed variables, reworded docstrings and comments, kept the structure",
        "answers": {
            "create_tensors": r'''def create_tensors() -> dict:
    """The four tensors the exercise asks for."""
    return {
        "rand_3x4": torch.rand(3, 4),                    # new random values every call
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4),     # arange gives int64
    }
''',
            "tensor_ops": r'''def tensor_ops(a: torch.Tensor, b: torch.Tensor) -> dict:
    """a.T, matrix product, a * b.T and the total of a, for a (n, m) and b (m, n)."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"both arguments must be tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"need shapes (n, m) and (m, n), but got {tuple(a.shape)} and {tuple(b.shape)}")
    return {
        "a_t": a.transpose(0, 1),
        "matmul": a @ b,
        "elementwise": a * b.transpose(0, 1),
        "total": a.sum(),
    }
''',
            "first_rows": r'''def first_rows(t: torch.Tensor) -> torch.Tensor:
    """First row of every matrix, (D, C), no copy."""
    require_3d(t)
    return t[:, 0, :]
''',
            "last_columns": r'''def last_columns(t: torch.Tensor) -> torch.Tensor:
    """Last column of every matrix, (D, R), no copy."""
    require_3d(t)
    return t[:, :, -1]
''',
            "center_crop": r'''def center_crop(t: torch.Tensor, size: int = 2) -> torch.Tensor:
    """Middle size x size square of every matrix, (D, size, size), no copy."""
    require_3d(t)
    _, n_rows, n_cols = t.shape
    if size < 1 or size > n_rows or size > n_cols:
        raise ValueError(f"size has to be in 1..{min(n_rows, n_cols)} for {n_rows}x{n_cols} matrices, got {size}")
    r0 = (n_rows - size) // 2
    c0 = (n_cols - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
            "even_index_elements": r'''def even_index_elements(t: torch.Tensor) -> torch.Tensor:
    """Every second element along each axis, starting at 0 (a view)."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
            "reshape_views": r'''def reshape_views(t: torch.Tensor, shapes) -> list:
    """Views of t in each of the shapes; ValueError when a shape has the wrong size."""
    out = []
    for shp in shapes:
        shp = tuple(shp)
        count = 1
        for dim in shp:
            count *= dim
        if count != t.numel():
            raise ValueError(f"cannot view a tensor of {t.numel()} elements as {shp}")
        out.append(t.view(shp))
    return out
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b) -> tuple:
    """Right-align the shapes; each pair of sizes must be equal or contain a 1."""
    n = max(len(shape_a), len(shape_b))
    full_a = [1] * (n - len(shape_a)) + list(shape_a)
    full_b = [1] * (n - len(shape_b)) + list(shape_b)
    out = []
    for da, db in zip(full_a, full_b):
        if da == 1:
            out.append(db)
        elif db == 1 or da == db:
            out.append(da)
        else:
            raise ValueError(f"cannot broadcast {tuple(shape_a)} with {tuple(shape_b)}: {da} vs {db}")
    return tuple(out)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr) -> torch.Tensor:
    """Tensor over the same memory as arr."""
    return torch.from_numpy(arr)
''',
        },
    },
    "cp02": {
        "source": "st10",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "inlined the helpers and lambdas, dict comprehensions to loops, map to comprehensions, "
                    "checks reordered and split, dead code added, slice objects kept but built differently",
        "answers": {
            "create_tensors": r'''def create_tensors():
    names = ["rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"]
    values = [torch.rand(3, 4), torch.zeros(2, 3, 4), torch.ones(5, 5),
              torch.arange(16).reshape(4, 4)]
    result = {}
    for k, v in zip(names, values):
        result[k] = v
    return result
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    for x in (a, b):
        if not torch.is_tensor(x):
            raise TypeError("tensor_ops expects torch tensors")
    shape_a = "x".join(str(s) for s in a.shape)
    shape_b = "x".join(str(s) for s in b.shape)
    ok = a.dim() == 2 and b.dim() == 2
    if ok:
        ok = a.shape == b.T.shape
    if not ok:
        raise ValueError(f"expected (n, m) and (m, n) but got {shape_a} and {shape_b}")
    result = dict()
    result["total"] = a.sum()
    result["elementwise"] = a * b.T
    result["matmul"] = a @ b
    result["a_t"] = a.T
    return {k: result[k] for k in ("a_t", "matmul", "elementwise", "total")}
''',
            "first_rows": r'''def first_rows(t):
    require_3d(t)
    rows = t.select(dim=1, index=0)
    return rows
''',
            "last_columns": r'''def last_columns(t):
    require_3d(t)
    last = t.shape[-1] - 1
    return t.select(dim=2, index=last)
''',
            "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    rows, cols = t.shape[1], t.shape[2]
    smallest = min(rows, cols)
    if size < 1 or size > smallest:
        raise ValueError(f"crop of {size} does not fit into {rows}x{cols}")
    windows = []
    for length in (rows, cols):
        begin = (length - size) // 2
        windows.append(slice(begin, begin + size))
    return t[(slice(None), *windows)]
''',
            "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    every_other = slice(0, None, 2)
    index = (every_other,) * t.dim()
    return t[index]
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    numel = t.numel()
    wanted = [tuple(s) for s in shapes]
    for s in wanted:
        size = 1
        for d in s:
            size = size * d
        if size != numel:
            raise ValueError(f"shape {s} can not hold {numel} elements")
    views = [t.view(s) for s in wanted]
    return views
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    width = max(len(shape_a), len(shape_b))
    a = (1,) * (width - len(shape_a)) + tuple(shape_a)
    b = (1,) * (width - len(shape_b)) + tuple(shape_b)
    merged = []
    for x, y in zip(a, b):
        if x == 1:
            merged.append(y)
        elif y == 1 or x == y:
            merged.append(x)
        else:
            merged.append(None)
    if any(m is None for m in merged):
        raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} cannot be broadcast")
    if len(merged) != width:
        merged = merged[:width]
    return tuple(merged)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    tensor = torch.from_numpy(arr)
    return tensor
''',
        },
    },
    "cp03": {
        "source": "st02",
        "kind": "partial",
        "copied": ["tensor_ops", "center_crop", "reshape_views", "broadcast_shape"],
        "disguise": "copied four answers: snake_case renames, two checks merged into one, "
                    "messages reworded to f-strings, docstrings dropped; wrote the other five",
        "answers": {
            "create_tensors": r'''def create_tensors():
    rng = torch.arange(16)
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": rng.reshape(4, 4)}
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"a and b must be torch.Tensor, got {type(a).__name__} and {type(b).__name__}")
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError(f"expected 2-D tensors, got shapes {list(a.shape)} and {list(b.shape)}")
    rows_a, cols_a = a.shape
    rows_b, cols_b = b.shape
    if rows_a != cols_b or cols_a != rows_b:
        raise ValueError(f"shapes {list(a.shape)} and {list(b.shape)} are not (n, m) and (m, n)")
    out = {}
    out["a_t"] = a.t()
    out["matmul"] = torch.matmul(a, b)
    out["elementwise"] = a * b.t()
    out["total"] = torch.sum(a)
    return out
''',
            "first_rows": r'''def first_rows(t):
    require_3d(t)
    return t[:, 0]
''',
            "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t[..., t.shape[-1] - 1]
''',
            "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    n_rows = t.shape[1]
    n_cols = t.shape[2]
    if size < 1 or size > n_rows or size > n_cols:
        raise ValueError(f"size {size} does not fit a {n_rows}x{n_cols} matrix (must be >= 1)")
    row_start = (n_rows - size) // 2
    col_start = (n_cols - size) // 2
    out = t[:, row_start:row_start + size, col_start:col_start + size]
    return out
''',
            "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    return t[::2, ::2, ::2]
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    total = t.numel()
    out = []
    for shape in shapes:
        n = 1
        for dim in shape:
            n = n * dim
        if n != total:
            raise ValueError(f"shape {list(shape)} does not fit {total} elements")
        out.append(t.view(tuple(shape)))
    return out
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    len_a = len(shape_a)
    len_b = len(shape_b)
    result = []
    for pos in range(1, max(len_a, len_b) + 1):
        dim_a = shape_a[len_a - pos] if pos <= len_a else 1
        dim_b = shape_b[len_b - pos] if pos <= len_b else 1
        if dim_a == dim_b or dim_b == 1:
            result.append(dim_a)
        elif dim_a == 1:
            result.append(dim_b)
        else:
            raise ValueError(f"shapes {list(shape_a)} and {list(shape_b)} cannot be broadcast")
    result.reverse()
    return tuple(result)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    t = torch.from_numpy(arr)  # shares the buffer
    return t
''',
        },
    },
    "cp04": {
        "source": "st11",
        "kind": "partial",
        "copied": ["first_rows", "last_columns", "even_index_elements", "numpy_roundtrip"],
        "disguise": "copied four answers and swapped calls for equivalents (torch.select -> t.select, "
                    "strides computed in a loop, as_tensor -> from_numpy), comments translated to English; "
                    "wrote the other five",
        "answers": {
            "create_tensors": r'''def create_tensors():
    out = dict()
    out["rand_3x4"] = torch.rand(3, 4)
    out["zeros_2x3x4"] = torch.zeros((2, 3, 4))
    out["ones_5x5"] = torch.ones((5, 5))
    out["range_4x4"] = torch.arange(0, 16).reshape((4, 4))
    return out
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
        raise TypeError("expected two tensors")
    sa, sb = tuple(a.shape), tuple(b.shape)
    if len(sa) != 2 or sb != (sa[1], sa[0]):
        raise ValueError(f"a {sa} and b {sb}: need (n, m) and (m, n)")
    return {"a_t": a.t(), "matmul": a.mm(b), "elementwise": a * b.t(), "total": a.sum()}
''',
            "first_rows": r'''def first_rows(t):
    require_3d(t)
    # select drops the row axis
    return t.select(1, 0)
''',
            "last_columns": r'''def last_columns(t):
    require_3d(t)
    return t.select(-1, -1)
''',
            "center_crop": r'''def center_crop(t, size=2):
    require_3d(t)
    D, R, C = t.shape
    if size < 1:
        raise ValueError(f"size must be positive, got {size}")
    if size > R or size > C:
        raise ValueError(f"size {size} is larger than the {R}x{C} matrices")
    i, j = (R - size) // 2, (C - size) // 2
    return t[:, i:i + size, j:j + size]
''',
            "even_index_elements": r'''def even_index_elements(t):
    require_3d(t)
    new_shape = []
    new_stride = []
    for n, s in zip(t.shape, t.stride()):
        new_shape.append((n + 1) // 2)
        new_stride.append(s * 2)
    return t.as_strided(new_shape, new_stride, t.storage_offset())
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    views = []
    for s in shapes:
        try:
            v = t.view(*s)
        except RuntimeError:
            raise ValueError(f"{t.numel()} elements cannot take shape {tuple(s)}") from None
        views.append(v)
    return views
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    a = list(shape_a)[::-1]
    b = list(shape_b)[::-1]
    out = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 1
        y = b[i] if i < len(b) else 1
        if x == 1:
            out.append(y)
        elif y == 1 or y == x:
            out.append(x)
        else:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} are incompatible at size {x} vs {y}")
    return tuple(out[::-1])
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    # no copy as long as dtype and device stay the same
    return torch.from_numpy(arr)
''',
        },
    },
}
