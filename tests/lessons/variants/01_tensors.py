"""Lesson 01: answers that must lose points (WRONG), other correct styles (RIGHT), and the mutants of
`make mutants` that are still right answers (EQUIVALENT_MUTANTS).

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
        # a seeded generator of its own: the same numbers at every call too
        "seeded_generator": '''
def create_tensors():
    generator = torch.Generator().manual_seed(1)
    return {"rand_3x4": torch.rand(3, 4, generator=generator), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # evenly spaced numbers in [0, 1): not random at all
        "not_random": '''
def create_tensors():
    return {"rand_3x4": torch.arange(12).reshape(3, 4) / 12, "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # float64 random numbers
        "double_rand": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4, dtype=torch.float64), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # shape 4x3
        "rand_shape_swapped": '''
def create_tensors():
    return {"rand_3x4": torch.rand(4, 3), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # int64 ones
        "int_ones": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5, dtype=torch.int64), "range_4x4": torch.arange(16).reshape(4, 4)}
''',
        # rows stacked from four aranges: right values, but not arange + reshape as the task asks
        "stacked_rows": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4), "ones_5x5": torch.ones(5, 5),
            "range_4x4": torch.stack([torch.arange(4 * row, 4 * row + 4) for row in range(4)])}
''',
        # built once at module level: every call returns the same tensor, and create_tensors calls neither
        # arange nor reshape
        "range_at_module_level": '''
RANGE_4X4 = torch.arange(16).reshape(4, 4)


def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4), "ones_5x5": torch.ones(5, 5),
            "range_4x4": RANGE_4X4}
''',
        # a fifth key
        "extra_key": '''
def create_tensors():
    return {"rand_3x4": torch.rand(3, 4), "zeros_2x3x4": torch.zeros(2, 3, 4), "ones_5x5": torch.ones(5, 5),
            "range_4x4": torch.arange(16).reshape(4, 4), "range_16": torch.arange(16)}
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
        # the message names a's shape only
        "names_one_shape": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"a has shape {tuple(a.shape)}, which does not fit b")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        # ValueError where the task asks for TypeError
        "value_error_for_non_tensors": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise ValueError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        # no check of the number of dimensions: (6,) and (6,), or 3-D mirrors, pass
        "no_dimension_check": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.mT if a.dim() > 1 else a, "matmul": a @ b, "elementwise": a * b.mT if b.dim() > 1 else a * b,
            "total": a.sum()}
''',
        # everything in float32: int64 and float64 inputs change dtype
        "float_results": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    a, b = a.float(), b.float()
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum()}
''',
        # sums per row: not a 0-dim tensor
        "total_per_row": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": a @ b, "elementwise": a * b.T, "total": a.sum(dim=1)}
''',
        # (a @ b).T: the right shape, the wrong values
        "matmul_transposed": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("a and b must be tensors")
    if a.dim() != 2 or b.dim() != 2 or a.shape != b.shape[::-1]:
        raise ValueError(f"bad shapes {tuple(a.shape)} and {tuple(b.shape)}")
    return {"a_t": a.T, "matmul": b.T @ a.T, "elementwise": a * b.T, "total": a.sum()}
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
        # keeps the row dimension: shape (D, 1, C)
        "keeps_dimension": '''
def first_rows(t):
    require_3d(t)
    return t[:, :1, :]
''',
        # the last rows
        "last_rows": '''
def first_rows(t):
    require_3d(t)
    return t[:, -1, :]
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
        # no check of the number of dimensions: a 4-D t gives a result
        "no_validation": '''
def last_columns(t):
    return t[..., -1]
''',
        # the second column
        "second_column": '''
def last_columns(t):
    require_3d(t)
    return t[:, :, 1]
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
        # size 0 gives an empty crop instead of ValueError
        "allows_size_zero": '''
def center_crop(t, size=2):
    require_3d(t)
    if not 0 <= size <= min(t.shape[1], t.shape[2]):
        raise ValueError(f"bad size {size}")
    r0, c0 = (t.shape[1] - size) // 2, (t.shape[2] - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        # checks size against the rows only
        "checks_rows_only": '''
def center_crop(t, size=2):
    require_3d(t)
    if not 1 <= size <= t.shape[1]:
        raise ValueError(f"bad size {size}")
    r0, c0 = (t.shape[1] - size) // 2, (t.shape[2] - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
''',
        # another default size
        "default_size_three": '''
def center_crop(t, size=3):
    require_3d(t)
    if not 1 <= size <= min(t.shape[1], t.shape[2]):
        raise ValueError(f"bad size {size}")
    r0, c0 = (t.shape[1] - size) // 2, (t.shape[2] - size) // 2
    return t[:, r0:r0 + size, c0:c0 + size]
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
        # no check of the number of dimensions: a 2-D t raises IndexError
        "no_validation": '''
def even_index_elements(t):
    return t[::2, ::2, ::2]
''',
        # every third index
        "step_three": '''
def even_index_elements(t):
    require_3d(t)
    return t[::3, ::3, ::3]
''',
        # every matrix, even rows and columns only
        "all_matrices": '''
def even_index_elements(t):
    require_3d(t)
    return t[:, ::2, ::2]
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
        # a tuple, not a list
        "tuple_result": '''
def reshape_views(t, shapes):
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError(f"{t.numel()} elements do not fit {tuple(shape)}")
    return tuple(t.view(shape) for shape in shapes)
''',
        # skips the first shape
        "skips_first": '''
def reshape_views(t, shapes):
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError(f"{t.numel()} elements do not fit {tuple(shape)}")
    return [t.view(shape) for shape in shapes[1:]]
''',
        # the message names the bad shape only
        "message_without_count": '''
def reshape_views(t, shapes):
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError(f"t cannot be viewed as {tuple(shape)}")
    return [t.view(shape) for shape in shapes]
''',
        # the message names the number of elements only
        "message_without_shape": '''
def reshape_views(t, shapes):
    for shape in shapes:
        if np.prod(shape) != t.numel():
            raise ValueError(f"a shape does not hold {t.numel()} elements")
    return [t.view(shape) for shape in shapes]
''',
        # the product of a shape with -1 is negative: every shape with -1 is rejected
        "rejects_minus_one": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        if np.prod(shape, dtype=np.int64) != t.numel():
            raise ValueError(f"a tensor of {t.numel()} elements cannot be viewed as shape {tuple(shape)}")
        views.append(t.view(shape))
    return views
''',
        # reshape copies where no view exists (t.T into one dimension) instead of raising RuntimeError
        "reshape_copies": '''
import math

def reshape_views(t, shapes):
    for shape in shapes:
        known = math.prod(size for size in shape if size != -1)
        if (t.numel() % known if -1 in shape else known != t.numel()):
            raise ValueError(f"shape {list(shape)} does not hold {t.numel()} elements")
    return [t.reshape(shape) for shape in shapes]
''',
        # contiguous() copies a t that is not contiguous, even where a view of it exists
        "contiguous_copy": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        known = int(np.prod([size for size in shape if size != -1]))
        if (t.numel() % known if -1 in shape else known != t.numel()):
            raise ValueError(f"{t.numel()} elements do not fit {tuple(shape)}")
        views.append(t.contiguous().view(shape))
    return views
''',
        # refuses every t that is not contiguous, though it has views of many shapes, and with ValueError
        "refuses_non_contiguous": '''
def reshape_views(t, shapes):
    if not t.is_contiguous():
        raise ValueError(f"t of shape {tuple(t.shape)} is not contiguous")
    views = []
    for shape in shapes:
        known = int(np.prod([size for size in shape if size != -1]))
        if (t.numel() % known if -1 in shape else known != t.numel()):
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
        # torch does the work, under another name
        "aliased_torch": '''
shapes_of_sum = torch.broadcast_shapes


def broadcast_shape(shape_a, shape_b):
    try:
        return tuple(shapes_of_sum(shape_a, shape_b))
    except RuntimeError as error:
        raise ValueError(str(error))
''',
        # NumPy does the work
        "uses_numpy": '''
def broadcast_shape(shape_a, shape_b):
    return tuple(int(size) for size in np.broadcast_shapes(tuple(shape_a), tuple(shape_b)))
''',
        # a list, not a tuple
        "list_result": '''
def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for x, y in zip(padded_a, padded_b):
        if x != y and 1 not in (x, y):
            raise ValueError(f"cannot broadcast {shape_a} and {shape_b}")
        result.append(y if x == 1 else x)
    return result
''',
        # a helper of its own, named broadcast, lets NumPy do the work
        "own_helper_calls_numpy": '''
def broadcast(shape_a, shape_b):
    return np.broadcast_shapes(tuple(shape_a), tuple(shape_b))


def broadcast_shape(shape_a, shape_b):
    return tuple(int(size) for size in broadcast(shape_a, shape_b))
''',
        # a helper of its own lets torch do the work, and the error is turned into ValueError there
        "own_helper_calls_torch": '''
def shapes_of_sum(shape_a, shape_b):
    try:
        return torch.broadcast_shapes(shape_a, shape_b)
    except RuntimeError as error:
        raise ValueError(str(error))


def broadcast_shape(shape_a, shape_b):
    return tuple(shapes_of_sum(shape_a, shape_b))
''',
        # a size of 0 stretched like a 1: (0,) with (2,) gives no error
        "zero_stretches": '''
def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for x, y in zip(padded_a, padded_b):
        if x != y and 1 not in (x, y) and 0 not in (x, y):
            raise ValueError(f"cannot broadcast {shape_a} and {shape_b}")
        result.append(y if x == 1 else x)
    return tuple(result)
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
        # as_tensor with a dtype copies every array of another dtype
        "as_tensor_float32": '''
def numpy_roundtrip(arr):
    return torch.as_tensor(arr, dtype=torch.float32)
''',
        # shares memory, but flattened
        "flattened": '''
def numpy_roundtrip(arr):
    return torch.from_numpy(arr.reshape(-1))
''',
        # a copy of the shared tensor
        "clone": '''
def numpy_roundtrip(arr):
    return torch.from_numpy(arr).clone()
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
        "explicit_dtypes": '''
def create_tensors():
    return {
        "rand_3x4": torch.rand((3, 4), dtype=torch.float32),
        "zeros_2x3x4": torch.zeros((2, 3, 4), dtype=torch.float32),
        "ones_5x5": torch.ones(5, 5).float(),
        "range_4x4": torch.reshape(torch.arange(0, 16, 1), (-1, 4)),
    }
''',
        # a generator of its own, seeded afresh at every call
        "fresh_generator": '''
def create_tensors():
    generator = torch.Generator()
    generator.seed()
    return {"rand_3x4": torch.rand(3, 4, generator=generator), "zeros_2x3x4": torch.zeros(2, 3, 4),
            "ones_5x5": torch.ones(5, 5), "range_4x4": torch.arange(16).view(4, -1)}
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
        # the message spells shapes as torch.Size
        "size_message": '''
def tensor_ops(a, b):
    if not isinstance(a, torch.Tensor):
        raise TypeError(f"a must be a tensor, not {type(a).__name__}")
    if not isinstance(b, torch.Tensor):
        raise TypeError(f"b must be a tensor, not {type(b).__name__}")
    if len(a.shape) != 2 or a.shape != b.T.shape:
        raise ValueError(f"shapes {a.shape} and {b.shape} are not (n, m) and (m, n)")
    return {"a_t": a.t(), "matmul": torch.einsum("ij,jk->ik", a, b), "elementwise": a * b.transpose(0, 1),
            "total": a.sum(dim=(0, 1))}
''',
        # two checks; the second message spells shapes as 2x3
        "x_message": '''
def tensor_ops(a, b):
    if not all(isinstance(x, torch.Tensor) for x in (a, b)):
        raise TypeError("both arguments must be torch tensors")
    if a.dim() != 2 or b.dim() != 2:
        raise ValueError(f"a and b must be matrices, got shapes {list(a.shape)} and {list(b.shape)}")
    if tuple(a.shape) != tuple(reversed(b.shape)):
        shape_a, shape_b = ("x".join(map(str, x.shape)) for x in (a, b))
        raise ValueError(f"cannot use a {shape_a} and a {shape_b} tensor: expected n x m and m x n")
    return {"a_t": a.transpose(1, 0), "matmul": torch.matmul(a, b), "elementwise": (b * a.T).T,
            "total": torch.sum(a)}
''',
    },
    "first_rows": {
        "select": '''
def first_rows(t):
    if t.ndim != 3:
        raise ValueError(f"need a 3-D tensor, got {t.ndim}-D")
    return t.select(1, 0)
''',
        "ellipsis": '''
def first_rows(t):
    require_3d(t)
    return t[..., 0, :]
''',
        "narrow_squeeze": '''
def first_rows(t):
    require_3d(t)
    return t.narrow(1, 0, 1).squeeze(1)
''',
    },
    "last_columns": {
        "ellipsis": '''
def last_columns(t):
    require_3d(t)
    return t[..., t.shape[-1] - 1]
''',
        "unbind": '''
def last_columns(t):
    require_3d(t)
    return t.unbind(dim=2)[-1]
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
        "ellipsis": '''
def center_crop(t, size=2):
    if t.ndim != 3:
        raise ValueError(f"t must be 3-D, got {t.ndim}-D")
    rows, columns = t.shape[-2:]
    if size < 1 or size > min(rows, columns):
        raise ValueError(f"cannot crop {size}x{size} from {rows}x{columns}")
    top, left = (rows - size) // 2, (columns - size) // 2
    return t[..., top:top + size, left:left + size]
''',
    },
    "even_index_elements": {
        "explicit_slices": '''
def even_index_elements(t):
    if len(t.shape) != 3:
        raise ValueError(f"expected 3 dimensions, got shape {tuple(t.shape)}")
    return t[0::2, 0::2, 0::2]
''',
        "chained": '''
def even_index_elements(t):
    require_3d(t)
    return t[::2][:, ::2][..., ::2]
''',
    },
    "reshape_views": {
        # reshape, then a check that it made no copy
        "reshape_checked": '''
import math

def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        known = math.prod(size for size in shape if size != -1)
        if (-1 in shape and (known == 0 or t.numel() % known)) or (-1 not in shape and known != t.numel()):
            raise ValueError(f"shape {list(shape)} does not hold {t.numel()} elements")
        view = t.reshape(shape)
        if view.untyped_storage().data_ptr() != t.untyped_storage().data_ptr():
            raise RuntimeError(f"no view of shape {list(shape)} exists: t is not contiguous")
        views.append(view)
    return views
''',
        "list_message": '''
def reshape_views(t, shapes):
    views = []
    for shape in shapes:
        size = 1
        for n in shape:
            if n != -1:
                size *= n
        fits = size == t.numel() if -1 not in shape else size > 0 and t.numel() % size == 0
        if not fits:
            raise ValueError(f"cannot view {t.numel()} elements as shape [{', '.join(map(str, shape))}]")
        views.append(t.view(*shape))
    return views
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
        "zip_longest": '''
from itertools import zip_longest


def broadcast_shape(shape_a, shape_b):
    result = []
    for x, y in zip_longest(reversed(shape_a), reversed(shape_b), fillvalue=1):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"sizes {x} and {y} do not broadcast")
        result.insert(0, x if y == 1 else y)
    return tuple(result)
''',
        # a helper of its own named broadcast: a broadcasting helper's name, but not one of the library's
        "own_helper_named_broadcast": '''
def broadcast(size_a, size_b):
    if size_a != size_b and 1 not in (size_a, size_b):
        raise ValueError(f"sizes {size_a} and {size_b} do not broadcast")
    return size_b if size_a == 1 else size_a


def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = [1] * (ndim - len(shape_a)) + list(shape_a)
    padded_b = [1] * (ndim - len(shape_b)) + list(shape_b)
    return tuple(broadcast(size_a, size_b) for size_a, size_b in zip(padded_a, padded_b))
''',
        # torch.Size is a tuple of ints, and no tensor
        "torch_size": '''
def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    a = [1] * (n - len(shape_a)) + list(shape_a)
    b = [1] * (n - len(shape_b)) + list(shape_b)
    if any(x != y and 1 not in (x, y) for x, y in zip(a, b)):
        raise ValueError(f"{shape_a} and {shape_b} cannot broadcast")
    return torch.Size([y if x == 1 else x for x, y in zip(a, b)])
''',
    },
    "numpy_roundtrip": {
        "as_tensor": '''
def numpy_roundtrip(arr):
    return torch.as_tensor(arr)
''',
        "asarray": '''
def numpy_roundtrip(arr):
    return torch.asarray(arr)
''',
    },
}

# Survivors of `make mutants` that are still right answers.
EQUIVALENT_MUTANTS = {
    "tensor_ops:6:drop tuple()": "the message names a's shape as torch.Size([2, 3]), a spelling the task accepts",
    "tensor_ops:6:drop tuple()#2": "the message names b's shape as torch.Size([2, 3]), a spelling the task accepts",
    "reshape_views:7:drop tuple()": "the message names the bad shape as given, (5, 5) or [5, 5], both accepted",
    "reshape_views:5:drop USub": "the product then leaves out the sizes 1, which change nothing, and takes in the -1, "
                                 "which changes only its sign: whether it divides t.numel() does not depend on the sign",
    "reshape_views:5:1->2": "the product then takes in the -1 too, which changes only its sign: whether it divides "
                            "t.numel() does not depend on the sign",
    "broadcast_shape:9:drop tuple()": "the ValueError's message is free: the task asks only for ValueError",
    "broadcast_shape:9:drop tuple()#2": "the ValueError's message is free: the task asks only for ValueError",
    "center_crop:3:drop statement": "without require_3d, unpacking t.shape into three names raises ValueError "
                                    "for every t that is not 3-D, as the task asks",
}

# Every visible example: the solution is broken on exactly that call (tests/lessons/test_lessons.py), so
# the hidden checks must include it. {exercise: {example: (function, condition on its arguments)}}
CUBE = "torch.arange(24).reshape(2, 3, 4)"
FLAT = "torch.arange(6).reshape(2, 3)"  # not 3-D: a ValueError
TRANSPOSED = "torch.arange(12).view(3, 4).T"  # not contiguous
VISIBLE_EXAMPLES = {
    "create_tensors": {"create_tensors()": ("create_tensors", "lambda: True")},
    "tensor_ops": {
        "the worked 2x3 and 3x2": ("tensor_ops", "lambda a, b: _same(a, torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])) "
                                                "and _same(b, torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))"),
        "a list": ("tensor_ops", "lambda a, b: _same(a, [[1.0, 2.0]]) and _same(b, torch.ones(2, 1))"),
        "2x3 and 2x3": ("tensor_ops", "lambda a, b: _same(a, torch.ones(2, 3)) and _same(b, torch.ones(2, 3))"),
    },
    "first_rows": {"arange(24) as 2x3x4": ("first_rows", f"lambda t: _same(t, {CUBE})"),
                   "arange(6) as 2x3": ("first_rows", f"lambda t: _same(t, {FLAT})")},
    "last_columns": {"arange(24) as 2x3x4": ("last_columns", f"lambda t: _same(t, {CUBE})"),
                     "arange(6) as 2x3": ("last_columns", f"lambda t: _same(t, {FLAT})")},
    "center_crop": {
        "arange(32) as 2x4x4": ("center_crop", "lambda t, size=2: _same(t, torch.arange(32).reshape(2, 4, 4)) "
                                               "and _same(size, 2)"),
        **{f"size {size} of 2x4x4": ("center_crop", "lambda t, size=2: _same(t, torch.arange(32).reshape(2, 4, 4)) "
                                                    f"and _same(size, {size})") for size in (1, 4, 5, 0)},
        "arange(6) as 2x3": ("center_crop", f"lambda t, size=2: _same(t, {FLAT})"),
    },
    "even_index_elements": {"arange(24) as 2x3x4": ("even_index_elements", f"lambda t: _same(t, {CUBE})"),
                            "arange(60) as 3x4x5": ("even_index_elements",
                                                    "lambda t: _same(t, torch.arange(60).reshape(3, 4, 5))"),
                            "arange(6) as 2x3": ("even_index_elements", f"lambda t: _same(t, {FLAT})")},
    "reshape_views": {
        "arange(24) into five shapes": ("reshape_views", "lambda t, shapes: _same(t, torch.arange(24)) and "
                                        "[tuple(s) for s in shapes] == [(2, 12), (3, 8), (4, 6), (2, 3, 4), (2, 2, 2, 3)]"),
        "arange(24) into (24,) and (5, 5)": ("reshape_views", "lambda t, shapes: _same(t, torch.arange(24)) and "
                                             "[tuple(s) for s in shapes] == [(24,), (5, 5)]"),
        "arange(24) into (-1, 6) and (2, -1, 3)": ("reshape_views", "lambda t, shapes: _same(t, torch.arange(24)) "
                                                   "and [tuple(s) for s in shapes] == [(-1, 6), (2, -1, 3)]"),
        "arange(24) into (5, -1)": ("reshape_views", "lambda t, shapes: _same(t, torch.arange(24)) and "
                                    "[tuple(s) for s in shapes] == [(5, -1)]"),
        "t.T into (4, 3, 1) and (2, 2, 3)": ("reshape_views", f"lambda t, shapes: _same(t, {TRANSPOSED}) and "
                                             "[tuple(s) for s in shapes] == [(4, 3, 1), (2, 2, 3)]"),
        "t.T into (12,)": ("reshape_views", f"lambda t, shapes: _same(t, {TRANSPOSED}) and "
                           "[tuple(s) for s in shapes] == [(12,)]"),
    },
    "broadcast_shape": {
        f"{a} with {b}": ("broadcast_shape", f"lambda shape_a, shape_b: _same(shape_a, {a}) and _same(shape_b, {b})")
        for a, b in [("(5, 7, 3)", "(5, 7, 3)"), ("(5, 3, 4, 1)", "(3, 1, 1)"), ("(3, 1, 1)", "(5, 3, 4, 1)"),
                     ("[2, 1]", "[3]"), ("(0,)", "(2, 2)"), ("(5, 2, 4, 1)", "(3, 1, 1)")]
    },
    "numpy_roundtrip": {
        "zeros(3) in float32": ("numpy_roundtrip", "lambda arr: type(arr) is np.ndarray and arr.dtype == np.float32 "
                                                   "and arr.shape == (3,) and not arr.any()"),
        "arange(6) as 2x3 in int64": ("numpy_roundtrip", "lambda arr: type(arr) is np.ndarray and arr.dtype == np.int64 "
                                                         "and arr.tolist() == [[0, 1, 2], [3, 4, 5]]"),
    },
}
