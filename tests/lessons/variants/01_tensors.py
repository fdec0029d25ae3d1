"""Lesson 01: answers that must lose points (WRONG) and other correct styles (RIGHT).

Each entry replaces the whole solution cell of that exercise in the solution notebook.
"""
WRONG = {
    "create_tensors": {
        # arange over floats gives float32 values, not int64
        "float_range": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16.0).reshape(4, 4)}
''',
        # randn is normal, not uniform on [0, 1)
        "normal_instead_of_uniform": '''
def create_tensors():
    return {"rand_3x4": torch.randn(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # float64 zeros
        "double_zeros": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4, dtype=torch.float64),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # column-major order
        "column_major_range": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4).T}
''',
        # written out by hand instead of arange + reshape
        "hard_coded_range": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4), "ones_5x5": torch.ones(5, 5),
            "range_4x4": torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]])}
''',
        # the same "random" numbers at every call
        "seeded_inside": '''
def create_tensors():
    torch.manual_seed(0)
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
    },
    "tensor_ops": {
        # reshape is not a transpose
        "reshape_as_transpose": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.reshape(a.shape[1], a.shape[0]), "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        # transposes a in place: the caller's tensor changes
        "modifies_input": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    total = a.sum()
    matmul = a @ b
    b.t_()
    return {"a_t": a.T, "matmul": matmul, "elementwise": a * b, "total": total}
''',
        # a Python number instead of a 0-dim tensor
        "total_as_number": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum().item()}
''',
        # no validation at all: torch's own RuntimeError, or silent success on 3-D input
        "no_validation": '''
def tensor_ops(a, b):
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        # validates, but the message does not name the shapes
        "vague_error": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError("shapes do not match")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
    },
    "first_rows": {
        # the first matrix, not the first row of each
        "first_matrix": '''
def first_rows(t):
    require_3d(t)
    return t[0]
''',
        # a copy
        "copy": '''
def first_rows(t):
    require_3d(t)
    return t[:, 0, :].clone()
''',
        # the first columns
        "first_columns": '''
def first_rows(t):
    require_3d(t)
    return t[:, :, 0]
''',
        # no check of the number of dimensions
        "no_validation": '''
def first_rows(t):
    return t[:, 0]
''',
    },
    "last_columns": {
        # the last rows
        "last_rows": '''
def last_columns(t):
    require_3d(t)
    return t[:, -1, :]
''',
        # keeps a trailing dimension of size 1
        "keeps_dimension": '''
def last_columns(t):
    require_3d(t)
    return t[:, :, -1:]
''',
        # hard-coded for the example's 4 columns
        "hard_coded_index": '''
def last_columns(t):
    require_3d(t)
    return t[:, :, 3]
''',
        # contiguous() copies a column that is not contiguous
        "contiguous_copy": '''
def last_columns(t):
    require_3d(t)
    return t[:, :, -1].contiguous()
''',
    },
    "center_crop": {
        # right only for size 2 and an even number of rows and columns
        "half_minus_one": '''
def center_crop(t, size=2):
    require_3d(t)
    if not 1 <= size <= min(t.shape[1], t.shape[2]):
        raise ValueError(f"bad size {size}")
    r0, c0 = t.shape[1] // 2 - 1, t.shape[2] // 2 - 1
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        # no check of size: slicing silently returns a smaller block
        "no_size_check": '''
def center_crop(t, size=2):
    require_3d(t)
    r0, c0 = (t.shape[1] - size) // 2, (t.shape[2] - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        # rounds the offset up
        "rounds_up": '''
def center_crop(t, size=2):
    require_3d(t)
    if not 1 <= size <= min(t.shape[1], t.shape[2]):
        raise ValueError(f"bad size {size}")
    r0, c0 = (t.shape[1] - size + 1) // 2, (t.shape[2] - size + 1) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        # crops the rows only
        "rows_only": '''
def center_crop(t, size=2):
    require_3d(t)
    if not 1 <= size <= min(t.shape[1], t.shape[2]):
        raise ValueError(f"bad size {size}")
    r0 = (t.shape[1] - size) // 2
    return t[:, r0:r0 + size, :size]
''',
    },
    "even_index_elements": {
        # only the first index is even
        "first_index_only": '''
def even_index_elements(t):
    require_3d(t)
    return t[::2]
''',
        # odd indices
        "odd_indices": '''
def even_index_elements(t):
    require_3d(t)
    return t[1::2, 1::2, 1::2]
''',
        # a boolean mask copies the elements
        "mask_copy": '''
def even_index_elements(t):
    require_3d(t)
    i, j, k = torch.meshgrid(*(torch.arange(n) for n in t.shape), indexing="ij")
    return t[(i % 2 == 0) & (j % 2 == 0) & (k % 2 == 0)]
''',
        # index_select copies too
        "index_select_copy": '''
def even_index_elements(t):
    require_3d(t)
    for dim in range(3):
        t = t.index_select(dim, torch.arange(0, t.shape[dim], 2))
    return t
''',
    },
    "reshape_views": {
        # copies before viewing
        "clone_then_view": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError(f"{t.numel()} elements do not fit {tuple(shape)}")
        views.append(t.clone().view(shape))
    return views
''',
        # no validation: torch's RuntimeError instead of ValueError
        "no_validation": '''
def reshape_views(t, shapes):
    return [t.view(shape) for shape in shapes]
''',
        # the message names neither the element count nor the shape
        "vague_error": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError("shape does not fit")
        views.append(t.view(shape))
    return views
''',
        # only fits 24 elements, as in the example
        "hard_coded_24": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        if np.prod(shape) != 24:
            raise ValueError(f"{t.numel()} elements do not fit {tuple(shape)}")
        views.append(t.view(shape))
    return views
''',
    },
    "broadcast_shape": {
        # torch does the work
        "uses_torch": '''
def broadcast_shape(shape_a, shape_b):
    try:
        return tuple(torch.broadcast_shapes(shape_a, shape_b))
    except RuntimeError as error:
        raise ValueError(str(error))
''',
        # aligns the shapes on the left
        "left_aligned": '''
def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = tuple(shape_a) + (1,) * (ndim - len(shape_a))
    padded_b = tuple(shape_b) + (1,) * (ndim - len(shape_b))
    result = []
    for x, y in zip(padded_a, padded_b):
        if x != y and 1 not in (x, y):
            raise ValueError(f"cannot broadcast {shape_a} and {shape_b}")
        result.append(max(x, y))
    return tuple(result)
''',
        # max() turns a 0 paired with 1 into 1
        "max_of_sizes": '''
def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for x, y in zip(padded_a, padded_b):
        if x != y and 1 not in (x, y):
            raise ValueError(f"cannot broadcast {shape_a} and {shape_b}")
        result.append(max(x, y))
    return tuple(result)
''',
        # never fails: takes the larger size
        "no_error": '''
def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    return tuple(y if x == 1 else x for x, y in zip(padded_a, padded_b))
''',
        # builds tensors and lets them broadcast
        "uses_tensors": '''
def broadcast_shape(shape_a, shape_b):
    try:
        return tuple((torch.empty(shape_a) + torch.empty(shape_b)).shape)
    except RuntimeError as error:
        raise ValueError(str(error))
''',
    },
    "numpy_roundtrip": {
        # torch.tensor always copies
        "tensor_copies": '''
def numpy_roundtrip(arr):
    return torch.tensor(arr)
''',
        # .float() copies any array that is not float32
        "float_cast": '''
def numpy_roundtrip(arr):
    return torch.from_numpy(arr).float()
''',
        # shares memory with a copy of the array
        "array_copy": '''
def numpy_roundtrip(arr):
    return torch.from_numpy(arr.copy())
''',
        # the legacy constructor copies and converts to float32
        "legacy_constructor": '''
def numpy_roundtrip(arr):
    return torch.Tensor(arr)
''',
    },
}

RIGHT = {
    "create_tensors": {
        "fill_methods": '''
def create_tensors():
    return {
        "rand_3x4": torch.empty(3, 4).uniform_(0, 1),
        "zeros_2x3x4": torch.full((2, 3, 4), 0.0),
        "ones_5x5": torch.zeros(5, 5) + 1,
        "range_4x4": torch.arange(0, 16, dtype=torch.int64).view(4, 4),
    }
''',
    },
    "tensor_ops": {
        "functions": '''
def tensor_ops(a, b):
    if not (torch.is_tensor(a) and torch.is_tensor(b)):
        raise TypeError("tensor_ops expects two tensors")
    if a.ndim != 2 or b.ndim != 2 or a.size(0) != b.size(1) or a.size(1) != b.size(0):
        raise ValueError(f"a has shape {list(a.shape)} and b has shape {list(b.shape)}: expected (n, m) and (m, n)")
    return {"a_t": torch.transpose(a, 0, 1), "matmul": torch.mm(a, b),
            "elementwise": torch.mul(a, b.t()), "total": torch.sum(a)}
''',
    },
    "first_rows": {
        "select": '''
def first_rows(t):
    if t.ndim != 3:
        raise ValueError(f"need a 3-D tensor, got {t.ndim}-D")
    return t.select(1, 0)
''',
    },
    "last_columns": {
        "ellipsis": '''
def last_columns(t):
    require_3d(t)
    return t[..., t.shape[-1] - 1]
''',
    },
    "center_crop": {
        "narrow": '''
def center_crop(t, size=2):
    require_3d(t)
    D, R, C = t.shape
    if size < 1 or size > R or size > C:
        raise ValueError(f"size {size} does not fit matrices of {R} x {C}")
    return t.narrow(1, (R - size) // 2, size).narrow(2, (C - size) // 2, size)
''',
    },
    "even_index_elements": {
        "explicit_slices": '''
def even_index_elements(t):
    if len(t.shape) != 3:
        raise ValueError(f"expected 3 dimensions, got shape {tuple(t.shape)}")
    return t[0::2, 0::2, 0::2]
''',
    },
    "reshape_views": {
        "reshape_of_contiguous": '''
import math

def reshape_views(t, shapes):
    for shape in shapes:
        if math.prod(shape) != t.numel():
            raise ValueError(f"shape {list(shape)} does not hold {t.numel()} elements")
    return [t.reshape(shape) for shape in shapes]
''',
    },
    "broadcast_shape": {
        "reversed_walk": '''
def broadcast_shape(shape_a, shape_b):
    result = []
    for i in range(1, max(len(shape_a), len(shape_b)) + 1):
        x = shape_a[-i] if i <= len(shape_a) else 1
        y = shape_b[-i] if i <= len(shape_b) else 1
        if x == 1:
            result.append(y)
        elif y == 1 or x == y:
            result.append(x)
        else:
            raise ValueError(f"{tuple(shape_a)} and {tuple(shape_b)} are incompatible at dimension -{i}")
    return tuple(reversed(result))
''',
    },
    "numpy_roundtrip": {
        "as_tensor": '''
def numpy_roundtrip(arr):
    return torch.as_tensor(arr)
''',
    },
}
