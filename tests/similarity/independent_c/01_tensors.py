"""Independent test data for copy detection, lesson 01_tensors, author C.

How it was made: from the task texts of lessons/en/01_tensors.ipynb alone, without seeing the detector, the
variants, the solutions or other authors' data. Each student keeps one style through lessons 01-03.

Students (style; wrong answers):
- st01 Mira, mathematician: dense one-liners, one-letter names, zip and tuple tricks. All right.
- st02 Jakob, Java programmer: camelCase, explicit type and shape checks, helper checkIs3D, long messages.
  Wrong: broadcast_shape returns a list, not a tuple.
- st03 Tom, beginner: prints everywhere, long loops, step-by-step comments. Wrong: tensor_ops "total" is
  a Python number (.item()); center_crop slices r0:r0+size-1 (one row and column short); numpy_roundtrip
  copies with torch.tensor.
- st04 Priya, pastes StackOverflow idioms (links in comments, zip_longest, np.prod). Wrong: create_tensors
  calls torch.manual_seed(42) "for reproducibility", so rand_3x4 is the same at every call.
- st05 Lena, type hints and docstrings, torch functions by name (torch.transpose, torch.matmul). All right.
- st06 Dmitri, Russian comments, compact. Wrong: last_columns is t[:, :, -1:].squeeze() (wrong shape when
  D or R is 1); tensor_ops indexes a.shape[1] before checking dims (IndexError, not ValueError, for 1-D a).
- st07 Kofi, functional: small helpers, map, reduce, recursion. All right.
- st08 Wei, C programmer: while loops, index counters, i = i + 1. Wrong: broadcast_shape takes max(da, db),
  so a 0 against a 1 gives 1 instead of 0.
- st09 Sofia, NumPy lover: builds through NumPy. Wrong: create_tensors makes range_4x4 with np.arange (no
  torch.arange call); broadcast_shape calls np.broadcast_shapes (forbidden, right values).
- st10 Hugo, minimal and lazy: shortest code, no checks. Wrong: tensor_ops raises no TypeError/ValueError of
  its own; first_rows does not reject non-3-D tensors. Left out: broadcast_shape.
- st11 Aisha, assert-heavy and f-strings. Wrong: tensor_ops and center_crop validate with assert
  (AssertionError instead of TypeError/ValueError).
- st12 Ben, ML practitioner: einsum, select, narrow, a.mT. Wrong: range_4x4 from torch.arange(16.) is float32.

Copies (ground truth):
- cp01: full copy of st05 (Lena), light disguise: type hints and docstrings dropped or reworded, local names
  renamed (grid -> r, result -> out, needed -> count, top/left -> r0/c0), the helper _left_pad renamed _align.
- cp02: full copy of st08 (Wei), heavy disguise: while loops turned into for loops over range/reversed,
  every name changed, messages reworded, a debug flag and print added, the product helper inlined into
  reshape_views, checks reordered, numpy_roundtrip (one line) left as it was; keeps Wei's max() bug in
  broadcast_shape.
- cp03: partial copy of st07 (Kofi): tensor_ops, reshape_views, broadcast_shape, numpy_roundtrip; disguise:
  Kofi's helpers inlined (_is_tensor, _transposed_pair, _size as a nested def, _merge as an if/elif inside the
  same recursion), the dict of lambdas -> a plain dict, map -> list comprehension.
  The other answers are the copier's own (plain, loop-free style).
- cp04: partial copy of st02 (Jakob): tensor_ops, first_rows, last_columns, center_crop, broadcast_shape;
  disguise: camelCase -> snake_case, checkIs3D renamed _check_three_dims, messages reworded, comments added, the
  two TypeError checks merged into a loop, broadcast_shape's loop over negative indices; keeps the list returned
  by broadcast_shape. The other answers are the copier's own.
"""

STUDENTS = {
    "st01": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    return dict(rand_3x4=torch.rand(3, 4), zeros_2x3x4=torch.zeros(2, 3, 4), ones_5x5=torch.ones(5, 5),
                range_4x4=torch.arange(16).view(4, 4))
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)): raise TypeError("a, b: tensors only")
    if a.dim() != 2 or b.shape != a.shape[::-1]: raise ValueError(f"{tuple(a.shape)} & {tuple(b.shape)}: not (n, m) & (m, n)")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0]
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[..., -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    _, R, C = t.shape
    if not 1 <= size <= min(R, C): raise ValueError(f"size {size} not in [1, {min(R, C)}]")
    r, c = (R - size) // 2, (C - size) // 2
    return t[:, r:r + size, c:c + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    import math
    bad = [s for s in shapes if math.prod(s) != t.numel()]
    if bad: raise ValueError(f"{t.numel()} elements do not fit shape {tuple(bad[0])}")
    return [t.view(s) for s in shapes]
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    n = max(len(shape_a), len(shape_b))
    a, b = (1,) * (n - len(shape_a)) + tuple(shape_a), (1,) * (n - len(shape_b)) + tuple(shape_b)
    if any(p != q and 1 not in (p, q) for p, q in zip(a, b)): raise ValueError(f"{shape_a}, {shape_b}: no broadcast")
    return tuple(int(q if p == 1 else p) for p, q in zip(a, b))
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
    },
    "st02": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    randomTensor = torch.rand((3, 4), dtype=torch.float32)
    zerosTensor = torch.zeros((2, 3, 4), dtype=torch.float32)
    onesTensor = torch.ones((5, 5), dtype=torch.float32)
    rangeTensor = torch.arange(0, 16, dtype=torch.int64).reshape(4, 4)
    resultMap = {}
    resultMap["rand_3x4"] = randomTensor
    resultMap["zeros_2x3x4"] = zerosTensor
    resultMap["ones_5x5"] = onesTensor
    resultMap["range_4x4"] = rangeTensor
    return resultMap
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not isinstance(a, torch.Tensor):
        raise TypeError("Argument a must be of type torch.Tensor but was " + type(a).__name__)
    if not isinstance(b, torch.Tensor):
        raise TypeError("Argument b must be of type torch.Tensor but was " + type(b).__name__)
    shapeA = tuple(a.shape)
    shapeB = tuple(b.shape)
    if len(shapeA) != 2 or len(shapeB) != 2:
        raise ValueError("Both arguments must be 2-D, got shapeA=" + str(shapeA) + " and shapeB=" + str(shapeB))
    if shapeA[0] != shapeB[1] or shapeA[1] != shapeB[0]:
        raise ValueError("Incompatible shapes: shapeA=" + str(shapeA) + ", shapeB=" + str(shapeB))
    resultMap = {}
    resultMap["a_t"] = a.t()
    resultMap["matmul"] = torch.matmul(a, b)
    resultMap["elementwise"] = torch.mul(a, b.t())
    resultMap["total"] = torch.sum(a)
    return resultMap
''',
        "first_rows": r'''def checkIs3D(t):
    if not isinstance(t, torch.Tensor) or t.dim() != 3:
        raise ValueError("Expected a 3-D tensor but got shape " + str(tuple(t.shape)))


def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    checkIs3D(t)
    firstRowIndex = 0
    return t[:, firstRowIndex, :]
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    checkIs3D(t)
    lastColumnIndex = t.shape[2] - 1
    return t[:, :, lastColumnIndex]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    checkIs3D(t)
    numRows = t.shape[1]
    numCols = t.shape[2]
    if size < 1:
        raise ValueError("Crop size must be at least 1 but was " + str(size))
    if size > numRows or size > numCols:
        raise ValueError("Crop size " + str(size) + " is larger than the matrix " + str(numRows) + "x" + str(numCols))
    rowStart = (numRows - size) // 2
    colStart = (numCols - size) // 2
    return t[:, rowStart:rowStart + size, colStart:colStart + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    checkIs3D(t)
    stepSize = 2
    return t[::stepSize, ::stepSize, ::stepSize]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    numElements = t.numel()
    viewList = []
    for shape in shapes:
        requiredElements = 1
        for dimension in shape:
            requiredElements = requiredElements * dimension
        if requiredElements != numElements:
            raise ValueError("Cannot view a tensor of " + str(numElements) + " elements as shape " + str(tuple(shape)))
        viewList.append(t.view(shape))
    return viewList
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    lengthA = len(shape_a)
    lengthB = len(shape_b)
    maxLength = max(lengthA, lengthB)
    resultShape = []
    for offset in range(1, maxLength + 1):
        dimA = shape_a[lengthA - offset] if offset <= lengthA else 1
        dimB = shape_b[lengthB - offset] if offset <= lengthB else 1
        if dimA == dimB:
            resultShape.insert(0, dimA)
        elif dimA == 1:
            resultShape.insert(0, dimB)
        elif dimB == 1:
            resultShape.insert(0, dimA)
        else:
            raise ValueError("Shapes " + str(shape_a) + " and " + str(shape_b) + " are not broadcastable")
    return resultShape
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    sharedTensor = torch.from_numpy(arr)
    return sharedTensor
''',
    },
    "st03": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    # random numbers between 0 and 1
    r = torch.rand(3, 4)
    print("rand:", r)
    # zeros
    z = torch.zeros(2, 3, 4)
    print("zeros shape:", z.shape)
    # ones
    o = torch.ones(5, 5)
    print("ones shape:", o.shape)
    # numbers 0 to 15, then make it 4x4
    numbers = torch.arange(16)
    print("numbers:", numbers)
    numbers = numbers.reshape(4, 4)
    print("reshaped:", numbers)
    d = {}
    d["rand_3x4"] = r
    d["zeros_2x3x4"] = z
    d["ones_5x5"] = o
    d["range_4x4"] = numbers
    return d
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    # first check that they are tensors
    if type(a) != torch.Tensor:
        raise TypeError("a is not a tensor")
    if type(b) != torch.Tensor:
        raise TypeError("b is not a tensor")
    print("a shape:", a.shape, "b shape:", b.shape)
    # check the shapes
    if len(a.shape) != 2:
        raise ValueError("a must be 2D but it is " + str(a.shape) + " and b is " + str(b.shape))
    if len(b.shape) != 2:
        raise ValueError("b must be 2D but it is " + str(b.shape) + " and a is " + str(a.shape))
    if a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError("wrong shapes: a is " + str(a.shape) + " and b is " + str(b.shape))
    transposed = a.T
    product = a @ b
    elementwise = a * b.T
    # sum of everything
    total = 0
    for row in a:
        for value in row:
            total = total + value
    total = total.item()
    print("total:", total)
    result = {}
    result["a_t"] = transposed
    result["matmul"] = product
    result["elementwise"] = elementwise
    result["total"] = total
    return result
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    # row 0 of all matrices
    result = t[:, 0, :]
    print("first rows:", result)
    return result
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    # the last column has index C - 1
    number_of_columns = t.shape[2]
    result = t[:, :, number_of_columns - 1]
    print("last columns:", result)
    return result
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    R = t.shape[1]
    C = t.shape[2]
    print("R =", R, "C =", C, "size =", size)
    if size < 1:
        raise ValueError("size is too small")
    if size > R:
        raise ValueError("size is bigger than R")
    if size > C:
        raise ValueError("size is bigger than C")
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    print("r0 =", r0, "c0 =", c0)
    # rows r0..r0+size-1 and columns c0..c0+size-1
    result = t[:, r0:r0 + size - 1, c0:c0 + size - 1]
    return result
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    # take every second matrix, then every second row, then every second column
    step1 = t[0::2]
    step2 = step1[:, 0::2]
    step3 = step2[:, :, 0::2]
    print("result shape:", step3.shape)
    return step3
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    n = t.numel()
    print("t has", n, "elements")
    views = []
    for shape in shapes:
        # count the elements the shape needs
        count = 1
        for s in shape:
            count = count * s
        print("shape", shape, "needs", count)
        if count != n:
            raise ValueError("the shape " + str(shape) + " does not fit " + str(n) + " elements")
        views.append(t.view(shape))
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    a = list(shape_a)
    b = list(shape_b)
    # make them the same length by adding ones at the front
    while len(a) < len(b):
        a.insert(0, 1)
    while len(b) < len(a):
        b.insert(0, 1)
    print("a:", a, "b:", b)
    result = []
    for i in range(len(a)):
        if a[i] == b[i]:
            result.append(a[i])
        elif a[i] == 1:
            result.append(b[i])
        elif b[i] == 1:
            result.append(a[i])
        else:
            raise ValueError("cannot broadcast " + str(shape_a) + " and " + str(shape_b))
    print("result:", result)
    return tuple(result)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    # make a tensor from the array
    t = torch.tensor(arr)
    print("tensor:", t, t.dtype)
    return t
''',
    },
    "st04": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    torch.manual_seed(42)  # for reproducibility
    # https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, -1),
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    # https://stackoverflow.com/questions/54268029/how-to-check-if-an-object-is-a-tensor
    if not all(torch.is_tensor(x) for x in (a, b)):
        raise TypeError("expected torch.Tensor inputs")
    if a.ndim != 2 or b.ndim != 2 or a.shape != b.shape[::-1]:
        raise ValueError("shape mismatch: a {} vs b {}".format(list(a.shape), list(b.shape)))
    return {
        "a_t": a.transpose(0, 1),
        "matmul": a.matmul(b),
        "elementwise": a * b.transpose(0, 1),
        "total": a.sum(),
    }
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]  # basic slicing returns a view, see https://pytorch.org/docs/stable/tensor_view.html
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    h, w = t.shape[-2:]
    if size < 1 or size > h or size > w:
        raise ValueError("invalid crop size {} for {}x{}".format(size, h, w))
    # https://stackoverflow.com/questions/39382412/crop-center-portion-of-a-numpy-image
    top = (h - size) // 2
    left = (w - size) // 2
    return t[..., top:top + size, left:left + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    out = []
    for shape in shapes:
        # https://stackoverflow.com/questions/2104782/returning-the-product-of-a-list
        if int(np.prod(shape)) != t.numel():
            raise ValueError("shape {} is invalid for input of size {}".format(list(shape), t.numel()))
        out.append(t.view(*shape) if len(shape) else t.view(()))
    return out
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    from itertools import zip_longest
    # https://stackoverflow.com/questions/47243451/checking-if-two-arrays-are-broadcastable-in-python
    result = []
    for x, y in zip_longest(reversed(shape_a), reversed(shape_b), fillvalue=1):
        if x == y or x == 1 or y == 1:
            result.append(y if x == 1 else x)
        else:
            raise ValueError("operands could not be broadcast together with shapes {} {}".format(shape_a, shape_b))
    return tuple(result[::-1])
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    # torch.as_tensor avoids a copy when it can
    return torch.as_tensor(arr)
''',
    },
    "st05": {
        "create_tensors": r'''def create_tensors() -> dict[str, torch.Tensor]:
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above.

    The random tensor is drawn anew at each call: the seed is left alone.
    """
    grid: torch.Tensor = torch.arange(16).reshape(4, 4)
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": grid,
    }
''',
        "tensor_ops": r'''def tensor_ops(a: torch.Tensor, b: torch.Tensor) -> dict[str, torch.Tensor]:
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n).

    Raises:
        TypeError: a or b is not a tensor.
        ValueError: the shapes are not (n, m) and (m, n); the message names both.
    """
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"{name} must be a torch.Tensor, not {type(value).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError(f"expected shapes (n, m) and (m, n), got {tuple(a.shape)} and {tuple(b.shape)}")
    result: dict[str, torch.Tensor] = {
        "a_t": torch.transpose(a, 0, 1),
        "matmul": torch.matmul(a, b),
        "elementwise": torch.mul(a, torch.transpose(b, 0, 1)),
        "total": torch.sum(a),
    }
    return result
''',
        "first_rows": r'''def first_rows(t: torch.Tensor) -> torch.Tensor:
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t: torch.Tensor) -> torch.Tensor:
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t: torch.Tensor, size: int = 2) -> torch.Tensor:
    """The central size x size block of every matrix of t, shape (D, size, size), as a view.

    Raises:
        ValueError: t is not 3-D, or size is below 1 or above R or C.
    """
    require_3d(t)
    rows, cols = t.shape[1], t.shape[2]
    if size < 1 or size > min(rows, cols):
        raise ValueError(f"size must lie in [1, {min(rows, cols)}], got {size}")
    top: int = (rows - size) // 2
    left: int = (cols - size) // 2
    return t[:, top:top + size, left:left + size]
''',
        "even_index_elements": r'''def even_index_elements(t: torch.Tensor) -> torch.Tensor:
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t: torch.Tensor, shapes: list[tuple[int, ...]]) -> list[torch.Tensor]:
    """One view of t per shape in shapes.

    Raises:
        ValueError: a shape does not hold t.numel() elements; the message names both.
    """
    result: list[torch.Tensor] = []
    for shape in shapes:
        needed: int = 1
        for size in shape:
            needed *= size
        if needed != t.numel():
            raise ValueError(f"cannot view {t.numel()} elements as shape {tuple(shape)}")
        result.append(t.view(tuple(shape)))
    return result
''',
        "broadcast_shape": r'''def _left_pad(shape: tuple[int, ...], length: int) -> tuple[int, ...]:
    """shape with ones prepended up to length dimensions."""
    return (1,) * (length - len(shape)) + tuple(shape)


def broadcast_shape(shape_a, shape_b) -> tuple[int, ...]:
    """The shape of a + b for tensors a and b of these shapes.

    Raises:
        ValueError: a pair of aligned sizes differs and neither is 1.
    """
    length: int = max(len(shape_a), len(shape_b))
    result: list[int] = []
    for size_a, size_b in zip(_left_pad(shape_a, length), _left_pad(shape_b, length)):
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
        result.append(int(size_b if size_a == 1 else size_a))
    return tuple(result)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr: np.ndarray) -> torch.Tensor:
    """A tensor over arr's memory (no copy: torch.from_numpy keeps shape and dtype)."""
    return torch.from_numpy(arr)
''',
    },
    "st06": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    # сид не фиксируем, иначе числа будут одинаковыми
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).view(4, 4),  # по строкам
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    # проверка типов
    if not torch.is_tensor(a) or not torch.is_tensor(b):
        raise TypeError("нужны тензоры / tensors expected")
    # проверка форм: (n, m) и (m, n)
    if a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0] or a.dim() != 2 or b.dim() != 2:
        raise ValueError(f"формы не подходят: {tuple(a.shape)} и {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]  # срез -> view
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    # последний столбец, убираем лишнюю размерность
    return t[:, :, -1:].squeeze()
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    D, R, C = t.shape
    if size < 1 or size > R or size > C:
        raise ValueError(f"плохой size={size} для {R}x{C}")
    r0, c0 = (R - size) // 2, (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]  # шаг 2 по всем осям
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    n = t.numel()
    res = []
    for s in shapes:
        k = 1
        for d in s:
            k *= d
        if k != n:  # число элементов не совпадает
            raise ValueError(f"{n} элементов не влезают в форму {tuple(s)}")
        res.append(t.view(s))
    return res
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    a, b = list(shape_a)[::-1], list(shape_b)[::-1]  # выравниваем справа
    res = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 1
        y = b[i] if i < len(b) else 1
        if x != y and x != 1 and y != 1:
            raise ValueError(f"не транслируются: {shape_a}, {shape_b}")
        res.append(y if x == 1 else x)
    return tuple(res[::-1])
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)  # общая память, без копии
''',
    },
    "st07": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    makers = {
        "rand_3x4": lambda: torch.rand(3, 4),
        "zeros_2x3x4": lambda: torch.zeros(2, 3, 4),
        "ones_5x5": lambda: torch.ones(5, 5),
        "range_4x4": lambda: torch.arange(16).reshape(4, 4),
    }
    return {name: make() for name, make in makers.items()}
''',
        "tensor_ops": r'''def _is_tensor(x):
    return isinstance(x, torch.Tensor)


def _transposed_pair(a, b):
    return a.dim() == 2 and b.dim() == 2 and tuple(a.shape) == tuple(reversed(b.shape))


def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not all(map(_is_tensor, (a, b))):
        raise TypeError("tensor_ops needs two tensors")
    if not _transposed_pair(a, b):
        raise ValueError(f"shapes {tuple(a.shape)} and {tuple(b.shape)} are not (n, m) and (m, n)")
    ops = {
        "a_t": lambda: a.T,
        "matmul": lambda: a @ b,
        "elementwise": lambda: a * b.T,
        "total": lambda: a.sum(),
    }
    return {key: op() for key, op in ops.items()}
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t.select(1, 0)
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t.select(2, t.shape[2] - 1)
''',
        "center_crop": r'''def _start(length, size):
    return (length - size) // 2


def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    if not all(1 <= size <= n for n in t.shape[1:]):
        raise ValueError(f"size {size} does not fit {tuple(t.shape[1:])}")
    rows, cols = (slice(_start(n, size), _start(n, size) + size) for n in t.shape[1:])
    return t[:, rows, cols]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[tuple(slice(None, None, 2) for _ in range(3))]
''',
        "reshape_views": r'''from functools import reduce
from operator import mul


def _size(shape):
    return reduce(mul, shape, 1)


def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    wrong = next((s for s in shapes if _size(s) != t.numel()), None)
    if wrong is not None:
        raise ValueError(f"shape {tuple(wrong)} cannot hold {t.numel()} elements")
    return list(map(t.view, map(tuple, shapes)))
''',
        "broadcast_shape": r'''def _merge(p, q):
    if p == q or q == 1:
        return p
    if p == 1:
        return q
    raise ValueError(f"sizes {p} and {q} do not broadcast")


def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    a, b = tuple(shape_a), tuple(shape_b)
    if not a or not b:
        return tuple(int(s) for s in a + b)
    return broadcast_shape(a[:-1], b[:-1]) + (int(_merge(a[-1], b[-1])),)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
    },
    "st08": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    out = dict()
    out["rand_3x4"] = torch.rand(3, 4)
    out["zeros_2x3x4"] = torch.zeros(2, 3, 4)
    out["ones_5x5"] = torch.ones(5, 5)
    out["range_4x4"] = torch.arange(16).view(4, 4)
    return out
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("tensor_ops: bad argument type")
    if a.dim() != 2 or b.dim() != 2:
        raise ValueError("tensor_ops: need 2-D, got %s and %s" % (tuple(a.shape), tuple(b.shape)))
    n = a.shape[0]
    m = a.shape[1]
    if b.shape[0] != m or b.shape[1] != n:
        raise ValueError("tensor_ops: bad shapes %s and %s" % (tuple(a.shape), tuple(b.shape)))
    out = dict()
    out["a_t"] = a.T
    out["matmul"] = a @ b
    out["elementwise"] = a * b.T
    out["total"] = a.sum()
    return out
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    if t.dim() != 3:
        raise ValueError("first_rows: need 3-D, got %d-D" % t.dim())
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    if t.dim() != 3:
        raise ValueError("last_columns: need 3-D, got %d-D" % t.dim())
    c = t.shape[2]
    return t[:, :, c - 1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    if t.dim() != 3:
        raise ValueError("center_crop: need 3-D, got %d-D" % t.dim())
    r = t.shape[1]
    c = t.shape[2]
    if size < 1 or size > r or size > c:
        raise ValueError("center_crop: bad size %d" % size)
    r0 = (r - size) // 2
    c0 = (c - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    if t.dim() != 3:
        raise ValueError("even_index_elements: need 3-D, got %d-D" % t.dim())
    return t[0::2, 0::2, 0::2]
''',
        "reshape_views": r'''def numel_of(shape):
    p = 1
    i = 0
    while i < len(shape):
        p = p * shape[i]
        i = i + 1
    return p


def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    res = []
    k = 0
    while k < len(shapes):
        if numel_of(shapes[k]) != t.numel():
            raise ValueError("reshape_views: %d elements, bad shape %s" % (t.numel(), tuple(shapes[k])))
        res.append(t.view(shapes[k]))
        k = k + 1
    return res
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    i = len(shape_a) - 1
    j = len(shape_b) - 1
    res = []
    while i >= 0 or j >= 0:
        da = shape_a[i] if i >= 0 else 1
        db = shape_b[j] if j >= 0 else 1
        if da != db and da != 1 and db != 1:
            raise ValueError("broadcast_shape: %s and %s" % (tuple(shape_a), tuple(shape_b)))
        res.insert(0, int(max(da, db)))
        i = i - 1
        j = j - 1
    return tuple(res)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
    },
    "st09": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    return {
        "rand_3x4": torch.from_numpy(np.random.rand(3, 4).astype(np.float32)),
        "zeros_2x3x4": torch.from_numpy(np.zeros((2, 3, 4), dtype=np.float32)),
        "ones_5x5": torch.from_numpy(np.ones((5, 5), dtype=np.float32)),
        "range_4x4": torch.from_numpy(np.arange(16, dtype=np.int64).reshape(4, 4)),
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not (torch.is_tensor(a) and torch.is_tensor(b)):
        raise TypeError("a and b must be tensors (convert arrays with torch.from_numpy)")
    sa, sb = np.array(a.shape), np.array(b.shape)
    if sa.size != 2 or sb.size != 2 or not np.array_equal(sa, sb[::-1]):
        raise ValueError(f"a has shape {tuple(sa.tolist())}, b has shape {tuple(sb.tolist())}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    dims = np.array(t.shape[1:])
    if size < 1 or np.any(size > dims):
        raise ValueError(f"size {size} does not fit {tuple(dims.tolist())}")
    r0, c0 = ((dims - size) // 2).tolist()
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    views = []
    for shape in shapes:
        if int(np.prod(shape, dtype=np.int64)) != t.numel():
            raise ValueError(f"{t.numel()} elements cannot take shape {tuple(shape)}")
        views.append(t.view(tuple(shape)))
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    try:
        return tuple(int(s) for s in np.broadcast_shapes(tuple(shape_a), tuple(shape_b)))
    except ValueError as error:
        raise ValueError(f"{shape_a} and {shape_b}: {error}")
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
    },
    "st10": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    return t[:, 0]
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    if size < 1 or size > t.shape[1] or size > t.shape[2]:
        raise ValueError("bad size")
    r = (t.shape[1] - size) // 2
    c = (t.shape[2] - size) // 2
    return t[:, r:r + size, c:c + size]
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    try:
        return [t.view(s) for s in shapes]
    except RuntimeError:
        raise ValueError(f"{t.numel()} elements, shapes {shapes}")
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
    },
    "st11": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    result = {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16).reshape(4, 4),
    }
    assert result["range_4x4"].dtype == torch.int64, f"unexpected dtype {result['range_4x4'].dtype}"
    assert result["rand_3x4"].shape == (3, 4)
    return result
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    assert isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor), f"tensors expected, got {type(a)}, {type(b)}"
    assert a.dim() == 2 and b.dim() == 2, f"2-D expected, got {tuple(a.shape)} and {tuple(b.shape)}"
    assert a.shape == b.shape[::-1], f"shapes {tuple(a.shape)} and {tuple(b.shape)} are not (n, m), (m, n)"
    result = {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
    assert result["total"].dim() == 0
    return result
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    view = t[:, 0, :]
    assert view.shape == (t.shape[0], t.shape[2]), f"got {tuple(view.shape)}"
    return view
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    view = t[:, :, -1]
    assert view.shape == (t.shape[0], t.shape[1]), f"got {tuple(view.shape)}"
    return view
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    D, R, C = t.shape
    assert 1 <= size <= R and size <= C, f"size={size} must lie in 1..min({R}, {C})"
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    view = t[:, r0:r0 + size, c0:c0 + size]
    assert view.shape == (D, size, size), f"got {tuple(view.shape)}"
    return view
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    view = t[::2, ::2, ::2]
    assert view.shape == tuple((n + 1) // 2 for n in t.shape), f"got {tuple(view.shape)}"
    return view
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    views = []
    for shape in shapes:
        try:
            views.append(t.view(shape))
        except RuntimeError:
            raise ValueError(f"shape {tuple(shape)} is invalid for a tensor of {t.numel()} elements") from None
    assert len(views) == len(shapes)
    return views
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    n = max(len(shape_a), len(shape_b))
    a = [1] * (n - len(shape_a)) + list(shape_a)
    b = [1] * (n - len(shape_b)) + list(shape_b)
    out = []
    for x, y in zip(a, b):
        if x == y or y == 1:
            out.append(int(x))
        elif x == 1:
            out.append(int(y))
        else:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} cannot broadcast ({x} vs {y})")
    assert len(out) == n
    return tuple(out)
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    tensor = torch.from_numpy(arr)
    assert tensor.shape == arr.shape, f"{tuple(tensor.shape)} != {arr.shape}"
    return tensor
''',
    },
    "st12": {
        "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": torch.arange(16.).view(4, 4),
    }
''',
        "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"expected tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.ndim != 2 or b.ndim != 2 or a.shape != b.mT.shape:
        raise ValueError(f"a: {list(a.shape)}, b: {list(b.shape)}; need (n, m) and (m, n)")
    return {
        "a_t": a.mT,
        "matmul": torch.einsum("ij,jk->ik", a, b),
        "elementwise": torch.einsum("ij,ji->ij", a, b),
        "total": a.sum(),
    }
''',
        "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t.select(dim=1, index=0)
''',
        "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t.select(dim=-1, index=-1)
''',
        "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    R, C = t.shape[-2:]
    if not (0 < size <= min(R, C)):
        raise ValueError(f"crop size {size} outside 1..{min(R, C)}")
    return t.narrow(1, (R - size) // 2, size).narrow(2, (C - size) // 2, size)
''',
        "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
        "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    n = t.numel()
    for s in shapes:
        if torch.Size(s).numel() != n:
            raise ValueError(f"shape {list(s)} is invalid for input of size {n}")
    return [t.view(s) for s in shapes]
''',
        "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    ra, rb = list(reversed(shape_a)), list(reversed(shape_b))
    ra += [1] * (len(rb) - len(ra))
    rb += [1] * (len(ra) - len(rb))
    dims = []
    for x, y in zip(ra, rb):
        if 1 not in (x, y) and x != y:
            raise ValueError(f"cannot broadcast {list(shape_a)} with {list(shape_b)}")
        dims.append(int(x if y == 1 else y))
    return tuple(reversed(dims))
''',
        "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.as_tensor(arr)
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st05",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "light: type hints removed, docstrings shortened back to the template's, locals renamed "
                    "(grid -> r, result -> out, needed -> count, top/left -> r0/c0), _left_pad renamed _align",
        "answers": {
            "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    r = torch.arange(16).reshape(4, 4)
    return {
        "rand_3x4": torch.rand(3, 4),
        "zeros_2x3x4": torch.zeros(2, 3, 4),
        "ones_5x5": torch.ones(5, 5),
        "range_4x4": r,
    }
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    for nm, v in (("a", a), ("b", b)):
        if not isinstance(v, torch.Tensor):
            raise TypeError(f"{nm} should be a torch.Tensor, but is {type(v).__name__}")
    if a.dim() != 2 or b.dim() != 2 or a.shape[0] != b.shape[1] or a.shape[1] != b.shape[0]:
        raise ValueError(f"a and b must have shapes (n, m) and (m, n), got {tuple(a.shape)} and {tuple(b.shape)}")
    out = {
        "a_t": torch.transpose(a, 0, 1),
        "matmul": torch.matmul(a, b),
        "elementwise": torch.mul(a, torch.transpose(b, 0, 1)),
        "total": torch.sum(a),
    }
    return out
''',
            "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]
''',
            "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
            "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    R, C = t.shape[1], t.shape[2]
    if size < 1 or size > min(R, C):
        raise ValueError(f"size should be between 1 and {min(R, C)}, got {size}")
    r0 = (R - size) // 2
    c0 = (C - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
            "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    out = []
    for shape in shapes:
        count = 1
        for s in shape:
            count *= s
        if count != t.numel():
            raise ValueError(f"{t.numel()} elements cannot be viewed as shape {tuple(shape)}")
        out.append(t.view(tuple(shape)))
    return out
''',
            "broadcast_shape": r'''def _align(shape, length):
    return (1,) * (length - len(shape)) + tuple(shape)


def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    length = max(len(shape_a), len(shape_b))
    out = []
    for x, y in zip(_align(shape_a, length), _align(shape_b, length)):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} can't be broadcast")
        out.append(int(y if x == 1 else x))
    return tuple(out)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
        },
    },
    "cp02": {
        "source": "st08",
        "kind": "full",
        "copied": ["create_tensors", "tensor_ops", "first_rows", "last_columns", "center_crop",
                   "even_index_elements", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "heavy: while loops -> for loops (range, reversed, enumerate), every name changed, %-messages "
                    "-> f-strings reworded, a DEBUG flag with prints added, numel_of inlined into reshape_views, "
                    "the 3-D checks turned into a shared helper _need3, dict literal instead of item assignment, "
                    "numpy_roundtrip (one line) left as it was; Wei's max() bug in broadcast_shape kept",
        "answers": {
            "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    tensors = {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4)}
    tensors["ones_5x5"] = torch.ones(5, 5)
    tensors["range_4x4"] = torch.arange(16).view(4, 4)
    return tensors
''',
            "tensor_ops": r'''DEBUG = False


def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
        raise TypeError("both inputs have to be torch tensors")
    if DEBUG:
        print("shapes", a.shape, b.shape)
    if b.dim() != 2 or a.dim() != 2:
        raise ValueError(f"inputs must be matrices: {tuple(a.shape)} / {tuple(b.shape)}")
    rows, cols = a.shape
    if b.shape[1] != rows or b.shape[0] != cols:
        raise ValueError(f"shapes don't match: {tuple(a.shape)} / {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
            "first_rows": r'''def _need3(t, who):
    if t.dim() != 3:
        raise ValueError(f"{who} expects a 3-D tensor, this one is {t.dim()}-D")


def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    _need3(t, "first_rows")
    return t[:, 0, :]
''',
            "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    _need3(t, "last_columns")
    ncols = t.shape[2]
    return t[:, :, ncols - 1]
''',
            "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    _need3(t, "center_crop")
    nrows, ncols = t.shape[1], t.shape[2]
    if size > nrows or size > ncols or size < 1:
        raise ValueError(f"center_crop: size {size} not allowed")
    top = (nrows - size) // 2
    left = (ncols - size) // 2
    return t[:, top:top + size, left:left + size]
''',
            "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    _need3(t, "even_index_elements")
    return t[0::2, 0::2, 0::2]
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    views = []
    for idx, shp in enumerate(shapes):
        total = 1
        for dim in shp:
            total = total * dim
        if DEBUG:
            print(idx, shp, total)
        if total != t.numel():
            raise ValueError(f"reshape_views: shape {tuple(shp)} does not fit {t.numel()} elements")
        views.append(t.view(shp))
    return views
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    la, lb = len(shape_a), len(shape_b)
    dims = []
    for k in reversed(range(max(la, lb))):
        x = shape_a[k - max(la, lb) + la] if k - max(la, lb) + la >= 0 else 1
        y = shape_b[k - max(la, lb) + lb] if k - max(la, lb) + lb >= 0 else 1
        if x != 1 and y != 1 and x != y:
            raise ValueError(f"can't broadcast {tuple(shape_a)} with {tuple(shape_b)}")
        dims = [int(max(x, y))] + dims
    return tuple(dims)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.from_numpy(arr)
''',
        },
    },
    "cp03": {
        "source": "st07",
        "kind": "partial",
        "copied": ["tensor_ops", "reshape_views", "broadcast_shape", "numpy_roundtrip"],
        "disguise": "Kofi's helpers inlined (_is_tensor, _transposed_pair, _size with reduce, _merge as an if/elif "
                    "inside a renamed recursive function), the dict of lambdas turned into a plain dict, "
                    "map -> list comprehension, messages reworded; the other five answers are the copier's own",
        "answers": {
            "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    numbers = torch.arange(0, 16)
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": numbers.reshape(4, 4)}
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
        raise TypeError("both arguments must be tensors")
    if not (a.dim() == 2 and b.dim() == 2 and tuple(a.shape) == tuple(reversed(b.shape))):
        raise ValueError(f"a is {tuple(a.shape)}, b is {tuple(b.shape)}: expected (n, m) and (m, n)")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
            "first_rows": r'''def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    require_3d(t)
    return t[:, 0, :]
''',
            "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    require_3d(t)
    return t[:, :, -1]
''',
            "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    require_3d(t)
    R, C = t.shape[1:]
    if size < 1 or size > R or size > C:
        raise ValueError(f"size {size} is out of range for {R}x{C} matrices")
    return t[:, (R - size) // 2:(R - size) // 2 + size, (C - size) // 2:(C - size) // 2 + size]
''',
            "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[::2, ::2, ::2]
''',
            "reshape_views": r'''def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    def elements(shape):
        count = 1
        for s in shape:
            count *= s
        return count

    for shape in shapes:
        if elements(shape) != t.numel():
            raise ValueError(f"cannot fit {t.numel()} elements into shape {tuple(shape)}")
    return [t.view(tuple(shape)) for shape in shapes]
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    x, y = tuple(shape_a), tuple(shape_b)
    if len(x) == 0 or len(y) == 0:
        return tuple(int(d) for d in x + y)
    p, q = x[-1], y[-1]
    if p == q or q == 1:
        last = p
    elif p == 1:
        last = q
    else:
        raise ValueError(f"{p} and {q} are incompatible sizes")
    return broadcast_shape(x[:-1], y[:-1]) + (int(last),)
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    t = torch.from_numpy(arr)
    return t
''',
        },
    },
    "cp04": {
        "source": "st02",
        "kind": "partial",
        "copied": ["tensor_ops", "first_rows", "last_columns", "center_crop", "broadcast_shape"],
        "disguise": "camelCase -> snake_case, checkIs3D renamed _check_three_dims, concatenated messages kept as + "
                    "but reworded, comments added, the two TypeError checks merged into a loop, the offset loop of "
                    "broadcast_shape rewritten with negative indices; keeps the list returned by broadcast_shape; "
                    "the other four answers are the copier's own",
        "answers": {
            "create_tensors": r'''def create_tensors():
    """Return {"rand_3x4", "zeros_2x3x4", "ones_5x5", "range_4x4"} as described above."""
    d = dict(rand_3x4=torch.rand(3, 4), zeros_2x3x4=torch.zeros(2, 3, 4), ones_5x5=torch.ones(5, 5))
    d["range_4x4"] = torch.arange(16).reshape(4, 4)
    return d
''',
            "tensor_ops": r'''def tensor_ops(a, b):
    """Return {"a_t", "matmul", "elementwise", "total"} for a of shape (n, m) and b of shape (m, n)."""
    # both inputs have to be tensors
    for arg_name, arg in [("a", a), ("b", b)]:
        if not isinstance(arg, torch.Tensor):
            raise TypeError("Input " + arg_name + " has to be a torch.Tensor, got " + type(arg).__name__)
    shape_a = tuple(a.shape)
    shape_b = tuple(b.shape)
    # both 2-D, and b's shape is a's shape reversed
    if len(shape_a) != 2 or len(shape_b) != 2:
        raise ValueError("Inputs have to be matrices, got shape_a=" + str(shape_a) + " and shape_b=" + str(shape_b))
    if shape_a[1] != shape_b[0] or shape_a[0] != shape_b[1]:
        raise ValueError("Shapes do not fit together: shape_a=" + str(shape_a) + ", shape_b=" + str(shape_b))
    results = {}
    results["a_t"] = a.t()
    results["matmul"] = torch.matmul(a, b)
    results["elementwise"] = torch.mul(a, b.t())
    results["total"] = torch.sum(a)
    return results
''',
            "first_rows": r'''def _check_three_dims(t):
    # only (D, R, C) tensors are allowed
    if not isinstance(t, torch.Tensor) or t.dim() != 3:
        raise ValueError("Need a 3-D tensor, the given one has shape " + str(tuple(t.shape)))


def first_rows(t):
    """Row 0 of every matrix of t, shape (D, C), as a view."""
    _check_three_dims(t)
    row_index = 0
    return t[:, row_index, :]
''',
            "last_columns": r'''def last_columns(t):
    """The last column of every matrix of t, shape (D, R), as a view."""
    _check_three_dims(t)
    col_index = t.shape[2] - 1  # last column
    return t[:, :, col_index]
''',
            "center_crop": r'''def center_crop(t, size=2):
    """The central size x size block of every matrix of t, shape (D, size, size), as a view."""
    _check_three_dims(t)
    n_rows = t.shape[1]
    n_cols = t.shape[2]
    # the crop has to fit inside every matrix
    if size < 1:
        raise ValueError("The crop size has to be 1 or more, not " + str(size))
    if size > n_rows or size > n_cols:
        raise ValueError("The crop size " + str(size) + " does not fit into " + str(n_rows) + "x" + str(n_cols))
    row_start = (n_rows - size) // 2
    col_start = (n_cols - size) // 2
    return t[:, row_start:row_start + size, col_start:col_start + size]
''',
            "even_index_elements": r'''def even_index_elements(t):
    """Every element of t whose three indices are all even, as a view."""
    require_3d(t)
    return t[0::2, 0::2, 0::2]
''',
            "reshape_views": r'''import math


def reshape_views(t, shapes):
    """One view of t per shape in shapes."""
    result = []
    for s in shapes:
        if math.prod(s) != t.numel():
            raise ValueError(f"shape {tuple(s)} needs {math.prod(s)} elements, t has {t.numel()}")
        result.append(t.view(s))
    return result
''',
            "broadcast_shape": r'''def broadcast_shape(shape_a, shape_b):
    """The shape of a + b for tensors a and b of these shapes."""
    len_a = len(shape_a)
    len_b = len(shape_b)
    result_shape = []
    # walk both shapes from the right
    for i in range(-1, -max(len_a, len_b) - 1, -1):
        dim_a = shape_a[i] if -i <= len_a else 1
        dim_b = shape_b[i] if -i <= len_b else 1
        if dim_a == dim_b or dim_b == 1:
            result_shape.insert(0, dim_a)
        elif dim_a == 1:
            result_shape.insert(0, dim_b)
        else:
            raise ValueError("The shapes " + str(shape_a) + " and " + str(shape_b) + " cannot be broadcast")
    return result_shape
''',
            "numpy_roundtrip": r'''def numpy_roundtrip(arr):
    """A tensor over arr's memory."""
    return torch.as_tensor(arr)
''',
        },
    },
}
