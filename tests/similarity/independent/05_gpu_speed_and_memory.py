"""Independent answers to lesson 05_gpu_speed_and_memory, for testing copy detection (issue 36).

How this was made: written by hand by one author (helper A) from the task texts of the student
notebook lessons/en/05_gpu_speed_and_memory.ipynb and /work/shared/course-spec.md alone, without
seeing the copy detector, the project's variants or its reference solutions. The ten students keep
the styles they have in 01_tensors.py. Three cells hold two functions each: `benchmark_ops` (with
results_table), `matmul_tflops` (with elementwise_gbps) and `bytes_per_element` (with
max_elements); the four `answer_*` ids are markdown cells (written answers).

  ind01 careful, docstrings, f-strings                       (all right)
  ind02 terse, short names                                   (all right)
  ind03 Russian comments, loops, temporaries                 (mistakes: the CUDA branch reads
        elapsed_time without synchronizing, find_max_allocatable keeps the last successful
        allocation alive during the next try)
  ind04 beginner                                             (mistakes: measure_time returns
        seconds, outer products by a Python loop, a linear search, bias counted even when
        bias=False; no top_ops; short written answers)
  ind05 helper functions, type hints, %-format               (all right)
  ind06 torch.* calls, "# Step" comments                     (mistakes: measure_time rejects
        "cuda:0" and torch.device objects, max_elements rounds instead of flooring)
  ind07 while loops, str.format, single quotes               (mistakes: mean instead of median,
        matmul FLOP without the factor 2, find_max_allocatable swallows every exception)
  ind08 type hints, early returns, Russian docstrings        (all right)
  ind09 sloppy                                               (mistakes: pick_device returns
        strings, no CUDA sync after the warm-up, GB/s with 2**30; no find_max_allocatable, no
        top_ops, two written answers missing)
  ind10 pythonic                                             (all right)

Ground truth: the four copiers below; every other pair of students is independent.
  cp01 full copy of ind01 (all thirteen answers)
  cp02 full copy of ind07 (all thirteen answers, its mistakes kept)
  cp03 partial copy of ind10: measure_time, benchmark_ops, find_max_allocatable, top_ops,
       answer_fastest_ops, answer_slow_ops
  cp04 partial copy of ind08: pick_device, matmul_tflops, outer_products_vectorized,
       bytes_per_element, linear_forward_memory, answer_host_device_copy
The answers of a partial copier outside its `copied` list are its own, independent of everyone.
"""

STUDENTS = {
    # ------------------------------------------------------------------ ind01
    "ind01": {
        "pick_device": '''\
def pick_device():
    """cuda, then mps, then cpu, as a torch.device."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls after `warmup` untimed ones."""
    try:
        kind = torch.device(device).type
    except (RuntimeError, TypeError):
        raise ValueError(f"unknown device {device!r}") from None
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be non-negative, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("device 'cuda' was asked for but CUDA is not available")

    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    if kind == "cuda":
        torch.cuda.synchronize()
        for _ in range(repeat):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
    else:
        for _ in range(repeat):
            begin = time.perf_counter()
            fn(*args, **kwargs)
            times.append((time.perf_counter() - begin) * 1000.0)
    return float(statistics.median(times))
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """Time every op on every input on every device; inputs are moved before timing."""
    results = []
    for inputs in tensors:
        on_device = {device: [t.to(device) for t in inputs] for device in devices}
        for name, op in ops.items():
            cpu_ms = gpu_ms = None
            for device, moved in on_device.items():
                ms = timer(op, *moved, device=device)
                if str(device) == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            results.append(OpResult(name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return results


def results_table(results):
    """The comparison as a PrettyTable; n/a where a time is missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        label = f"{r.op} {'x'.join(str(s) for s in r.shape)}"
        cpu = f"{r.cpu_ms:.3f}" if r.cpu_ms is not None else "n/a"
        gpu = f"{r.gpu_ms:.3f}" if r.gpu_ms is not None else "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        else:
            speedup = "n/a"
        table.add_row([label, cpu, gpu, speedup])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    """2 * n * k * m FLOP per matrix, times the broadcast batch size."""
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    batch = math.prod(torch.broadcast_shapes(tuple(batch_a), tuple(batch_b)))
    flop = 2 * batch * n * k * m
    return flop / (ms / 1000.0) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Bytes moved per second, in 10**9."""
    moved = numel * dtype.itemsize * tensors_moved
    return moved / (ms / 1000.0) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    """(B, n, 1) * (B, 1, m) broadcasts to (B, n, m)."""
    return a.unsqueeze(2) * b.unsqueeze(1)
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    """dtype.itemsize, as an int."""
    return int(dtype.itemsize)


def max_elements(free_bytes, dtype):
    """Whole elements only: integer division."""
    return int(free_bytes) // bytes_per_element(dtype)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    """Binary search for the last n that fits; lo always fits, anything above hi_fail does not."""
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            top = mid - 1
        else:
            lo = mid
    return lo
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Weight, bias, input and output of one forward pass, in bytes."""
    elements = out_features * in_features + batch * in_features + batch * out_features
    if bias:
        elements += out_features
    return elements * dtype.itemsize
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    """Names of the k rows of key_averages() with the largest self CPU time."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total, reverse=True)
    return [row.key for row in rows[:k]]
''',
        "answer_fastest_ops": '''\
The matrix product speeds up most (tens to a hundred times on the big shapes). It does about n
multiply-adds per element it reads, so it is compute-bound, and a GPU has thousands of cores and
tensor cores with a peak of tens of TFLOP/s against about one TFLOP/s for the CPU. The work is also
perfectly regular, so all those cores stay busy.
''',
        "answer_slow_ops": '''\
add, mul and the transpose copy do one arithmetic operation (or none) per element: they are
memory-bound, so their speedup is only the ratio of memory bandwidths (roughly 1-3 TB/s against
50-100 GB/s), far less than for matmul. sum is a reduction and needs several passes to combine
partial results. For small tensors the fixed cost of launching a kernel (a few microseconds) and of
the Python call dominates, and then the GPU can even be slower than the CPU, which runs such a small
loop straight out of its cache.
''',
        "answer_size_effect": '''\
The three shapes have the same number of elements, so add, mul, transpose and sum take about the same
time on each: they only depend on the bytes moved. For matmul the work is 2 * batch * n^3: 64x1024x1024
needs 4 times the FLOP of 128x512x512 and 16 times those of 256x256x256, and the bigger matrices also
use the GPU better, so the speedup grows with the matrix size. Small matrices leave the GPU partly idle
and the launch overhead matters more.
''',
        "answer_host_device_copy": '''\
A copy goes over PCIe at roughly 10-25 GB/s, one to two orders of magnitude slower than the GPU's own
memory. Copying a 64x1024x1024 float32 tensor (256 MiB) takes around 10-20 ms, more than the matmul
on it. So data should move to the GPU once and stay there; timing must not include the copy (that is
why benchmark_ops moves the inputs before timing), and calls like .item(), .cpu() or print inside a
loop force a synchronization and a copy every time.
''',
    },
    # ------------------------------------------------------------------ ind02
    "ind02": {
        "pick_device": '''\
def pick_device():
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    try:
        d = torch.device(device)
    except Exception:
        raise ValueError(f"bad device {device}")
    if d.type not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"bad device {device}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"bad repeat={repeat} / warmup={warmup}")
    if d.type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("no cuda")
    for _ in range(warmup):
        fn(*args, **kwargs)
    ts = []
    for _ in range(repeat):
        if d.type == "cuda":
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            fn(*args, **kwargs)
            e.record()
            torch.cuda.synchronize()
            ts.append(s.elapsed_time(e))
        else:
            t = time.perf_counter()
            fn(*args, **kwargs)
            ts.append(1e3 * (time.perf_counter() - t))
    return float(statistics.median(ts))
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for ts in tensors:
        moved = {d: tuple(t.to(d) for t in ts) for d in devices}
        for name, op in ops.items():
            ms = {d: timer(op, *moved[d], device=d) for d in devices}
            cpu = next((v for d, v in ms.items() if d == "cpu"), None)
            gpu = next((v for d, v in ms.items() if d != "cpu"), None)
            out.append(OpResult(name, tuple(ts[0].shape), cpu, gpu))
    return out


def results_table(results):
    f = lambda v: "n/a" if v is None else f"{v:.3f}"
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        sp = "n/a" if None in (r.cpu_ms, r.gpu_ms) else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        t.add_row([r.op + " " + "x".join(map(str, r.shape)), f(r.cpu_ms), f(r.gpu_ms), sp])
    return t
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    n, k = shape_a[-2:]
    m = shape_b[-1]
    nb = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    return 2 * nb * n * k * m / ms / 1e9


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty(0, dtype=dtype).element_size() * tensors_moved / ms / 1e6
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        m = (lo + hi + 1) // 2
        try:
            try_alloc(m)
            lo = m
        except (torch.OutOfMemoryError, MemoryError):
            hi = m - 1
    return lo
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    return (in_features * out_features + bias * out_features + batch * (in_features + out_features)) * dtype.itemsize
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as p:
        fn()
    ev = sorted(p.key_averages(), key=lambda e: -e.self_cpu_time_total)
    return [e.key for e in ev][:k]
''',
        "answer_fastest_ops": '''\
matmul, by far. O(n^3) work on O(n^2) data -> compute bound, GPU has ~100x the FLOP/s (tensor cores).
''',
        "answer_slow_ops": '''\
add/mul/transpose/sum are memory bound: 1 op per element, speedup = bandwidth ratio only (~20x at most).
Small inputs: kernel launch + python overhead dominate, GPU can lose.
''',
        "answer_size_effect": '''\
Elementwise ops: same numel for all three shapes -> same time. matmul: FLOP = 2*B*n^3, so 1024 > 512 >
256 in work and in speedup (bigger matrices fill the GPU better).
''',
        "answer_host_device_copy": '''\
PCIe ~ 16-25 GB/s, way below GPU memory (TB/s). A big copy can cost more than the op itself. Move data
once, keep it on the GPU, do not time copies, avoid .item()/.cpu() in loops.
''',
    },
    # ------------------------------------------------------------------ ind03
    "ind03": {
        "pick_device": '''\
def pick_device():
    # сначала проверяем CUDA
    if torch.cuda.is_available():
        device = torch.device("cuda")
    # потом Apple MPS
    elif torch.backends.mps.is_available():
        device = torch.device("mps")
    else:
        device = torch.device("cpu")
    return device
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    # проверяем устройство
    name = str(device).split(":")[0]
    if name not in ["cpu", "cuda", "mps"]:
        raise ValueError("неизвестное устройство: " + str(device))
    if repeat < 1:
        raise ValueError("repeat должен быть >= 1, а он " + str(repeat))
    if warmup < 0:
        raise ValueError("warmup должен быть >= 0, а он " + str(warmup))
    if name == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda недоступна")
    # прогрев
    for i in range(warmup):
        fn(*args, **kwargs)
    times = []
    for i in range(repeat):
        if name == "cuda":
            # события CUDA
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            elapsed = start.elapsed_time(end)
        else:
            start = time.perf_counter()
            fn(*args, **kwargs)
            finish = time.perf_counter()
            # секунды -> миллисекунды
            elapsed = (finish - start) * 1000
        times.append(elapsed)
    # медиана
    times.sort()
    middle = len(times) // 2
    if len(times) % 2 == 1:
        return float(times[middle])
    return float((times[middle - 1] + times[middle]) / 2)
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for inputs in tensors:
        for op_name in ops:
            op = ops[op_name]
            cpu_ms = None
            gpu_ms = None
            for device in devices:
                # переносим входы на устройство до замера
                moved = []
                for t in inputs:
                    moved.append(t.to(device))
                ms = timer(op, *moved, device=device)
                if device == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            shape = tuple(inputs[0].shape)
            results.append(OpResult(op_name, shape, cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable()
    table.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for r in results:
        # название: операция и форма
        shape_text = "x".join([str(s) for s in r.shape])
        name = r.op + " " + shape_text
        if r.cpu_ms is None:
            cpu_text = "n/a"
        else:
            cpu_text = "%.3f" % r.cpu_ms
        if r.gpu_ms is None:
            gpu_text = "n/a"
        else:
            gpu_text = "%.3f" % r.gpu_ms
        if r.cpu_ms is None or r.gpu_ms is None:
            speed_text = "n/a"
        else:
            speed_text = "%.2fx" % (r.cpu_ms / r.gpu_ms)
        table.add_row([name, cpu_text, gpu_text, speed_text])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    # размеры матриц
    n = shape_a[-2]
    k = shape_a[-1]
    m = shape_b[-1]
    # число матриц в батче (с broadcasting)
    batch_shape = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    batch = 1
    for s in batch_shape:
        batch = batch * s
    flops = 2 * batch * n * k * m
    seconds = ms / 1000
    return flops / seconds / 10 ** 12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    # байты на элемент
    size = torch.tensor([], dtype=dtype).element_size()
    total_bytes = numel * size * tensors_moved
    seconds = ms / 1000
    return total_bytes / seconds / 10 ** 9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    # (B, n, 1) @ (B, 1, m) = (B, n, m)
    column = a.unsqueeze(2)
    row = b.unsqueeze(1)
    return torch.bmm(column, row)
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    # размер одного элемента
    return torch.tensor([], dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    # сколько целых элементов помещается
    size = bytes_per_element(dtype)
    return int(free_bytes // size)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    low = 0
    high = hi
    result = None
    while low < high:
        middle = (low + high + 1) // 2
        try:
            # пробуем выделить память
            result = try_alloc(middle)
            low = middle
        except (torch.OutOfMemoryError, MemoryError):
            high = middle - 1
    return low
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.tensor([], dtype=dtype).element_size()
    # вес, вход, выход
    weight = out_features * in_features
    inputs = batch * in_features
    outputs = batch * out_features
    total = weight + inputs + outputs
    # смещение, если есть
    if bias:
        total = total + out_features
    return total * size
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    events = list(prof.key_averages())
    # сортировка по собственному времени CPU
    events.sort(key=lambda e: e.self_cpu_time_total, reverse=True)
    names = []
    for e in events[:k]:
        names.append(e.key)
    return names
''',
        "answer_fastest_ops": '''\
Больше всего ускоряется умножение матриц (matmul). На каждый прочитанный элемент приходится много
умножений и сложений, то есть операция ограничена вычислениями, а у GPU тысячи ядер и тензорные ядра,
поэтому пиковая производительность в десятки раз выше, чем у CPU.
''',
        "answer_slow_ops": '''\
Сложение, умножение поэлементно, транспонирование с копией и сумма почти ничего не вычисляют: на один
элемент одна операция. Они упираются в пропускную способность памяти, и ускорение равно отношению
пропускных способностей, а не вычислительных мощностей. На маленьких тензорах время уходит на запуск
ядра и накладные расходы Python, поэтому GPU может быть даже медленнее.
''',
        "answer_size_effect": '''\
Для поэлементных операций все три формы одинаковые по числу элементов, поэтому время почти не
меняется. Для matmul работа растет как n^3: у 64x1024x1024 в 4 раза больше операций, чем у
128x512x512, и в 16 раз больше, чем у 256x256x256. Чем больше матрицы, тем лучше загружен GPU и тем
больше ускорение.
''',
        "answer_host_device_copy": '''\
Копирование между CPU и GPU идет по шине PCIe (примерно 10-25 ГБ/с), это намного медленнее памяти
самого GPU. Копия большого тензора может занять больше времени, чем сама операция. Поэтому данные надо
переносить на GPU один раз и держать там, не включать копии в замер и не вызывать .item() и .cpu() в
цикле.
''',
    },
    # ------------------------------------------------------------------ ind04
    "ind04": {
        "pick_device": '''\
def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    elif torch.backends.mps.is_available():
        return torch.device("mps")
    else:
        return torch.device("cpu")
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if repeat < 1:
        raise ValueError("repeat < 1")
    if warmup < 0:
        raise ValueError("warmup < 0")
    if device not in ["cpu", "cuda", "mps"]:
        raise ValueError("unknown device")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda not available")
    for i in range(warmup):
        fn(*args, **kwargs)
    times = []
    for i in range(repeat):
        if device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        if device == "cuda":
            torch.cuda.synchronize()
        t1 = time.perf_counter()
        times.append(t1 - t0)
    return statistics.median(times)
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for name in ops:
        for inputs in tensors:
            cpu_ms = None
            gpu_ms = None
            for dev in devices:
                args = [x.to(dev) for x in inputs]
                t = timer(ops[name], *args, device=dev)
                if dev == "cpu":
                    cpu_ms = t
                else:
                    gpu_ms = t
            results.append(OpResult(name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        op = r.op + " " + "x".join([str(x) for x in r.shape])
        cpu = "n/a"
        gpu = "n/a"
        speedup = "n/a"
        if r.cpu_ms is not None:
            cpu = f"{r.cpu_ms:.3f}"
        if r.gpu_ms is not None:
            gpu = f"{r.gpu_ms:.3f}"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([op, cpu, gpu, speedup])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    batch = 1
    for s in torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])):
        batch = batch * s
    flops = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return flops / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    size = torch.zeros(1, dtype=dtype).element_size()
    return numel * size * tensors_moved / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return torch.stack([torch.outer(a[i], b[i]) for i in range(a.shape[0])])
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    return torch.zeros(1, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    n = 0
    while n < hi:
        try:
            try_alloc(n + 1)
        except (torch.OutOfMemoryError, MemoryError):
            break
        n = n + 1
    return n
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.zeros(1, dtype=dtype).element_size()
    return (in_features * out_features + out_features + batch * in_features + batch * out_features) * size
''',
        "answer_fastest_ops": '''\
Matmul, because the GPU has many cores and matmul can be done in parallel.
''',
        "answer_slow_ops": '''\
Add and sum are simple, so the CPU is also fast and the GPU does not help much.
''',
        "answer_size_effect": '''\
Bigger sizes give bigger speedup.
''',
        "answer_host_device_copy": '''\
Copying is slow, so we should not copy data between CPU and GPU often.
''',
    },
    # ------------------------------------------------------------------ ind05
    "ind05": {
        "pick_device": '''\
def _available(kind: str) -> bool:
    if kind == "cuda":
        return torch.cuda.is_available()
    if kind == "mps":
        return torch.backends.mps.is_available()
    return kind == "cpu"


def pick_device() -> torch.device:
    for kind in ("cuda", "mps", "cpu"):
        if _available(kind):
            return torch.device(kind)
''',
        "measure_time": '''\
_KNOWN_DEVICES = ("cpu", "cuda", "mps")


def _device_type(device) -> str:
    try:
        kind = torch.device(device).type
    except (RuntimeError, TypeError, ValueError):
        kind = None
    if kind not in _KNOWN_DEVICES:
        raise ValueError("unknown device %r (expected one of %s)" % (device, ", ".join(_KNOWN_DEVICES)))
    return kind


def _check_counts(repeat: int, warmup: int) -> None:
    if repeat < 1:
        raise ValueError("repeat must be >= 1, got %d" % repeat)
    if warmup < 0:
        raise ValueError("warmup must be >= 0, got %d" % warmup)


def _time_cuda_call(fn, args, kwargs) -> float:
    start, stop = (torch.cuda.Event(enable_timing=True) for _ in range(2))
    start.record()
    fn(*args, **kwargs)
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop)


def _time_cpu_call(fn, args, kwargs) -> float:
    started = time.perf_counter()
    fn(*args, **kwargs)
    return (time.perf_counter() - started) * 1e3


def measure_time(fn, *args, device="cpu", repeat: int = 10, warmup: int = 2, **kwargs) -> float:
    kind = _device_type(device)
    _check_counts(repeat, warmup)
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda requested but torch.cuda.is_available() is False")
    for _ in range(warmup):
        fn(*args, **kwargs)
    timed = _time_cuda_call if kind == "cuda" else _time_cpu_call
    samples = [timed(fn, args, kwargs) for _ in range(repeat)]
    return float(statistics.median(samples))
''',
        "benchmark_ops": '''\
def _move_all(inputs, device) -> tuple:
    return tuple(tensor.to(device) for tensor in inputs)


def benchmark_ops(tensors, ops: dict, devices, timer=measure_time) -> list:
    results = []
    for inputs in tensors:
        placed = [(device, _move_all(inputs, device)) for device in devices]
        for op_name, op in ops.items():
            timings = {"cpu": None, "gpu": None}
            for device, args in placed:
                slot = "cpu" if device == "cpu" else "gpu"
                timings[slot] = timer(op, *args, device=device)
            results.append(OpResult(op_name, tuple(inputs[0].shape), timings["cpu"], timings["gpu"]))
    return results


def _ms_text(ms) -> str:
    return "n/a" if ms is None else "%.3f" % ms


def results_table(results) -> PrettyTable:
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for result in results:
        shape_text = "x".join("%d" % size for size in result.shape)
        have_both = result.cpu_ms is not None and result.gpu_ms is not None
        speedup = "%.2fx" % (result.cpu_ms / result.gpu_ms) if have_both else "n/a"
        table.add_row(["%s %s" % (result.op, shape_text), _ms_text(result.cpu_ms), _ms_text(result.gpu_ms), speedup])
    return table
''',
        "matmul_tflops": '''\
def _seconds(ms: float) -> float:
    return ms / 1e3


def matmul_tflops(shape_a, shape_b, ms: float) -> float:
    batch_shape = torch.broadcast_shapes(tuple(shape_a)[:-2], tuple(shape_b)[:-2])
    n_matrices = math.prod(batch_shape)
    rows, inner = shape_a[-2], shape_a[-1]
    cols = shape_b[-1]
    return 2 * n_matrices * rows * inner * cols / _seconds(ms) / 1e12


def elementwise_gbps(numel: int, dtype: torch.dtype, tensors_moved: int, ms: float) -> float:
    total_bytes = numel * dtype.itemsize * tensors_moved
    return total_bytes / _seconds(ms) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.matmul(a[:, :, None], b[:, None, :])
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype: torch.dtype) -> int:
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes: int, dtype: torch.dtype) -> int:
    whole, _ = divmod(int(free_bytes), bytes_per_element(dtype))
    return whole
''',
        "find_max_allocatable": '''\
_OUT_OF_MEMORY = (torch.OutOfMemoryError, MemoryError)


def _fits(try_alloc, n: int) -> bool:
    try:
        try_alloc(n)
    except _OUT_OF_MEMORY:
        return False
    return True


def find_max_allocatable(try_alloc, hi: int) -> int:
    good, bad = 0, hi + 1
    while bad - good > 1:
        probe = (good + bad) // 2
        if _fits(try_alloc, probe):
            good = probe
        else:
            bad = probe
    return good
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch: int, in_features: int, out_features: int, dtype, bias: bool = True) -> int:
    parameters = in_features * out_features + (out_features if bias else 0)
    activations = batch * (in_features + out_features)
    return (parameters + activations) * bytes_per_element(dtype)
''',
        "top_ops": '''\
def _self_time(row) -> float:
    return row.self_cpu_time_total


def top_ops(fn, k: int = 3) -> list:
    with profile(activities=[ProfilerActivity.CPU]) as profiler:
        fn()
    ranked = sorted(profiler.key_averages(), key=_self_time, reverse=True)
    return [row.key for row in ranked[:k]]
''',
        "answer_fastest_ops": '''\
The batched matrix product gains the most. Its arithmetic intensity is high: for n x n matrices it
does 2n^3 operations on 3n^2 numbers, so the limit is compute, and the GPU's compute peak (thousands
of CUDA cores, tensor cores for float16/TF32) is one to two orders of magnitude above the CPU's.
''',
        "answer_slow_ops": '''\
Elementwise operations (add, mul), the transpose with .contiguous() and the reduction sum do about one
operation per element loaded, so they are limited by memory bandwidth, and the GPU's advantage there
is only the bandwidth ratio. The transpose also reads memory with a bad access pattern. On tiny inputs
the fixed kernel-launch and dispatcher overhead (microseconds) is bigger than the work, so the CPU may
win.
''',
        "answer_size_effect": '''\
Total elements are equal in the three shapes, so memory-bound operations take the same time and keep
the same speedup. For matmul the FLOP count is 2 * B * n^3, i.e. 16x more for 64x1024x1024 than for
256x256x256; larger matrices keep the GPU's units busy and amortise the launch overhead, so the
speedup grows with n.
''',
        "answer_host_device_copy": '''\
Host-to-device copies run over PCIe (about 12-25 GB/s in practice, more with pinned memory), roughly
100 times slower than GPU memory. Copying the inputs can take longer than the computation. Consequences:
move data to the GPU once and keep it there, batch the transfers, use pinned memory and non_blocking
copies, and never include copies in a timing of the kernel.
''',
    },
    # ------------------------------------------------------------------ ind06
    "ind06": {
        "pick_device": '''\
def pick_device():
    # Step 1: CUDA first
    if torch.cuda.is_available():
        return torch.device("cuda")
    # Step 2: then Apple's MPS
    if torch.backends.mps.is_available():
        return torch.device("mps")
    # Step 3: the CPU always works
    return torch.device("cpu")
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    # Step 1: validate the arguments before anything runs
    if device not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device: {device}")
    if repeat < 1:
        raise ValueError(f"repeat={repeat} must be >= 1")
    if warmup < 0:
        raise ValueError(f"warmup={warmup} must be >= 0")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available on this machine")
    # Step 2: warm-up
    for _ in range(warmup):
        fn(*args, **kwargs)
    # Step 3: timed calls
    samples = []
    for _ in range(repeat):
        if device == "cuda":
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            torch.cuda.synchronize()
            samples.append(start.elapsed_time(end))
        else:
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            samples.append((time.perf_counter() - t0) * 1000)
    # Step 4: the median
    return float(torch.median(torch.tensor(samples, dtype=torch.float64)))
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    # Step 1: one result per (op, input)
    results = []
    for inputs in tensors:
        # Step 2: inputs moved once per device
        moved = {d: [torch.Tensor.to(t, d) for t in inputs] for d in devices}
        for name, op in ops.items():
            cpu_ms, gpu_ms = None, None
            for d in devices:
                ms = timer(op, *moved[d], device=d)
                if d == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            results.append(OpResult(op=name, shape=tuple(inputs[0].shape), cpu_ms=cpu_ms, gpu_ms=gpu_ms))
    return results


def results_table(results):
    # Step 1: columns
    table = PrettyTable(field_names=["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    # Step 2: rows
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        ratio = "n/a" if (r.cpu_ms is None or r.gpu_ms is None) else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} " + "x".join(str(s) for s in r.shape), cpu, gpu, ratio])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    # Step 1: batch size after broadcasting
    batch = int(torch.prod(torch.tensor(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])), dtype=torch.int64)))
    # Step 2: FLOP of all products
    flop = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    # Step 3: per second, in units of 10**12
    return flop / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    # Step 1: bytes moved
    nbytes = numel * torch.empty(0, dtype=dtype).element_size() * tensors_moved
    # Step 2: per second, in units of 10**9
    return nbytes / (ms * 1e-3) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    # Step 1: (B, n, 1) times (B, 1, m)
    return torch.mul(torch.unsqueeze(a, 2), torch.unsqueeze(b, 1))
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    # Step 1: ask an empty tensor
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    # Step 1: divide the free bytes by the element size
    return round(free_bytes / bytes_per_element(dtype))
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    # Step 1: the answer lies in [lo, hi]
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        # Step 2: try, and drop the result at once
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            hi = mid - 1
            continue
        lo = mid
    return lo
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    # Step 1: element counts of the four tensors
    counts = [out_features * in_features, out_features if bias else 0, batch * in_features, batch * out_features]
    # Step 2: times the element size
    return sum(counts) * torch.empty(0, dtype=dtype).element_size()
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    # Step 1: profile one call
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    # Step 2: largest self CPU time first
    averages = sorted(prof.key_averages(), key=lambda ev: ev.self_cpu_time_total, reverse=True)
    return [ev.key for ev in averages][:k]
''',
        "answer_fastest_ops": '''\
Step 1: matmul speeds up the most. Step 2: it does O(n^3) work on O(n^2) data, so it is limited by
arithmetic, and the GPU has far more arithmetic units (and tensor cores) than the CPU.
''',
        "answer_slow_ops": '''\
Step 1: add, mul, transpose and sum do one operation per element, so they are limited by memory
bandwidth, and the GPU's bandwidth is only some tens of times the CPU's. Step 2: for small tensors the
launch overhead of each kernel dominates, so the GPU can even be slower.
''',
        "answer_size_effect": '''\
Step 1: the elementwise operations see the same number of elements in all three shapes, so their
times barely change. Step 2: matmul has more work for larger matrices (2 * B * n^3), which keeps the
GPU busier, so its speedup is largest for 64x1024x1024.
''',
        "answer_host_device_copy": '''\
Step 1: a copy over PCIe runs at some tens of GB/s, much slower than GPU memory. Step 2: so a transfer
can cost more than the operation; data should be moved once and kept on the GPU, and the copy must
not be inside the timed code.
''',
    },
    # ------------------------------------------------------------------ ind07
    "ind07": {
        "pick_device": '''\
def pick_device():
    name = 'cpu'
    if torch.backends.mps.is_available():
        name = 'mps'
    if torch.cuda.is_available():
        name = 'cuda'
    return torch.device(name)
''',
        "measure_time": '''\
def measure_time(fn, *args, device='cpu', repeat=10, warmup=2, **kwargs):
    try:
        dev = torch.device(device)
    except RuntimeError:
        raise ValueError('unknown device {}'.format(device))
    if dev.type not in ('cpu', 'cuda', 'mps'):
        raise ValueError('unknown device {}'.format(device))
    if repeat < 1:
        raise ValueError('repeat must be >= 1, got {}'.format(repeat))
    if warmup < 0:
        raise ValueError('warmup must be >= 0, got {}'.format(warmup))
    if dev.type == 'cuda' and not torch.cuda.is_available():
        raise RuntimeError('cuda is not available')
    i = 0
    while i < warmup:
        fn(*args, **kwargs)
        i += 1
    if dev.type == 'cuda':
        torch.cuda.synchronize()
    total = 0.0
    i = 0
    while i < repeat:
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        if dev.type == 'cuda':
            torch.cuda.synchronize()
        total += (time.perf_counter() - t0) * 1000
        i += 1
    return total / repeat
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for inputs in tensors:
        for name in ops:
            cpu_ms = None
            gpu_ms = None
            j = 0
            while j < len(devices):
                dev = devices[j]
                args = tuple(t.to(dev) for t in inputs)
                ms = timer(ops[name], *args, device=dev)
                if dev == 'cpu':
                    cpu_ms = ms
                else:
                    gpu_ms = ms
                j += 1
            res.append(OpResult(name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return res


def results_table(results):
    t = PrettyTable(['Operation', 'CPU (ms)', 'GPU (ms)', 'Speedup'])
    for r in results:
        cpu = 'n/a' if r.cpu_ms is None else '{:.3f}'.format(r.cpu_ms)
        gpu = 'n/a' if r.gpu_ms is None else '{:.3f}'.format(r.gpu_ms)
        sp = 'n/a'
        if r.cpu_ms is not None and r.gpu_ms is not None:
            sp = '{:.2f}x'.format(r.cpu_ms / r.gpu_ms)
        t.add_row(['{} {}'.format(r.op, 'x'.join(str(d) for d in r.shape)), cpu, gpu, sp])
    return t
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    batch = 1
    for d in torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])):
        batch *= d
    ops = batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return ops / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    nbytes = numel * torch.tensor([], dtype=dtype).element_size() * tensors_moved
    return nbytes / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return a[:, :, None] * b[:, None, :]
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    return torch.tensor([], dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            try_alloc(mid)
            lo = mid
        except Exception:
            hi = mid - 1
    return lo
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    n = in_features * out_features + batch * in_features + batch * out_features
    if bias:
        n += out_features
    return n * torch.tensor([], dtype=dtype).element_size()
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = list(prof.key_averages())
    rows.sort(key=lambda r: r.self_cpu_time_total, reverse=True)
    return [r.key for r in rows[:k]]
''',
        "answer_fastest_ops": '''\
Matrix multiplication, because it does a lot of arithmetic per number it reads (n multiply-adds per
element), and the GPU has thousands of cores to do that arithmetic in parallel.
''',
        "answer_slow_ops": '''\
Operations like add, mul, transpose and sum are limited by memory speed, not by computation, so the
GPU only wins by its faster memory. For small tensors the time to launch a kernel is bigger than the
work, so the GPU can be slower than the CPU.
''',
        "answer_size_effect": '''\
All three shapes have the same number of elements, so the elementwise ops take about the same time.
Matmul has more work for bigger matrices (n^3), so the speedup is biggest for 64x1024x1024.
''',
        "answer_host_device_copy": '''\
Copying from CPU to GPU goes through PCIe, which is slow compared to GPU memory (tens of GB/s versus
a TB/s). A copy can take longer than the computation itself, so you should copy once and keep data
on the GPU, and not time the copy together with the operation.
''',
    },
    # ------------------------------------------------------------------ ind08
    "ind08": {
        "pick_device": '''\
def pick_device() -> torch.device:
    """cuda > mps > cpu."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat: int = 10, warmup: int = 2, **kwargs) -> float:
    """Медиана времени в мс."""
    if isinstance(device, torch.device):
        kind = device.type
    elif isinstance(device, str):
        kind = device.split(":")[0]
    else:
        kind = None
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"неизвестное устройство: {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat={repeat}, нужно >= 1")
    if warmup < 0:
        raise ValueError(f"warmup={warmup}, нужно >= 0")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda недоступна")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if kind == "cuda":
        torch.cuda.synchronize()
    times: list[float] = []
    for _ in range(repeat):
        if kind == "cuda":
            begin = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            begin.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times.append(begin.elapsed_time(end))
            continue
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - t0) * 1000)
    return float(statistics.median(times))
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time) -> list:
    """OpResult для каждой пары (операция, вход)."""
    results = []
    for inputs in tensors:
        shape = tuple(int(s) for s in inputs[0].shape)
        per_device = [(dev, [t.to(dev) for t in inputs]) for dev in devices]
        for name, op in ops.items():
            cpu_ms = gpu_ms = None
            for dev, args in per_device:
                ms = timer(op, *args, device=dev)
                if dev == "cpu":
                    cpu_ms = ms
                    continue
                gpu_ms = ms
            results.append(OpResult(name, shape, cpu_ms, gpu_ms))
    return results


def results_table(results) -> PrettyTable:
    """Таблица сравнения."""
    def fmt(ms):
        return "n/a" if ms is None else f"{ms:.3f}"

    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        speedup = "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", fmt(r.cpu_ms), fmt(r.gpu_ms), speedup])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms: float) -> float:
    """TFLOP/s матричного произведения."""
    a, b = list(shape_a), list(shape_b)
    batch = torch.broadcast_shapes(torch.Size(a[:-2]), torch.Size(b[:-2])).numel()
    flop = 2 * batch * a[-2] * a[-1] * b[-1]
    return flop / ms / 1e9


def elementwise_gbps(numel: int, dtype: torch.dtype, tensors_moved: int, ms: float) -> float:
    """ГБ/с поэлементной операции."""
    return numel * dtype.itemsize * tensors_moved / ms / 1e6
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Внешние произведения без цикла."""
    return torch.einsum("bn,bm->bnm", a, b)
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype: torch.dtype) -> int:
    """Размер элемента в байтах."""
    return dtype.itemsize


def max_elements(free_bytes: int, dtype: torch.dtype) -> int:
    """Сколько целых элементов влезает."""
    return free_bytes // dtype.itemsize
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi: int) -> int:
    """Бинарный поиск по n."""
    left, right = 0, hi
    while left < right:
        mid = left + (right - left + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            right = mid - 1
            continue
        left = mid
    return left
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch: int, in_features: int, out_features: int, dtype: torch.dtype, bias: bool = True) -> int:
    """Байты весов, смещения, входа и выхода."""
    weight = in_features * out_features
    bias_size = out_features if bias else 0
    x = batch * in_features
    y = batch * out_features
    return (weight + bias_size + x + y) * dtype.itemsize
''',
        "top_ops": '''\
def top_ops(fn, k: int = 3) -> list[str]:
    """k операторов с наибольшим self CPU."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    table = prof.key_averages()
    order = sorted(range(len(table)), key=lambda i: table[i].self_cpu_time_total, reverse=True)
    return [table[i].key for i in order[:k]]
''',
        "answer_fastest_ops": '''\
Сильнее всего ускоряется `matmul`. У него высокая арифметическая интенсивность: на $n^2$ чисел
приходится $2n^3$ операций, то есть он упирается в вычисления, а у GPU тысячи ядер и тензорные ядра,
пиковая производительность в десятки раз выше, чем у CPU.
''',
        "answer_slow_ops": '''\
`add`, `mul`, `transpose` с копией и `sum` делают одну операцию на элемент и упираются в пропускную
способность памяти; отношение пропускных способностей GPU и CPU меньше, чем отношение их
вычислительных мощностей. Для маленьких тензоров основное время занимает запуск ядра и накладные
расходы Python, поэтому на GPU может быть даже медленнее.
''',
        "answer_size_effect": '''\
Число элементов во всех трех формах одинаковое, поэтому поэлементные операции и сумма занимают почти
одинаковое время. У `matmul` работа $2Bn^3$ растет с размером матрицы: для 64x1024x1024 ее в 16 раз
больше, чем для 256x256x256, GPU загружен лучше, и ускорение больше.
''',
        "answer_host_device_copy": '''\
Копия между хостом и GPU идет по PCIe (порядка 10-25 ГБ/с), в десятки раз медленнее памяти GPU, и
для большого тензора занимает больше времени, чем сама операция. Отсюда: переносить данные на GPU
один раз и держать их там, не включать копию в замер, не вызывать `.item()` и `.cpu()` в цикле.
''',
    },
    # ------------------------------------------------------------------ ind09
    "ind09": {
        "pick_device": '''\
def pick_device():
    if torch.cuda.is_available(): return "cuda"
    if torch.backends.mps.is_available(): return "mps"
    return "cpu"
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if repeat < 1 or warmup < 0:
        raise ValueError(f"repeat={repeat} warmup={warmup}")
    dev = str(device).split(":")[0]
    if dev not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device {device}")
    if dev == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("no cuda")
    for _ in range(warmup): fn(*args, **kwargs)
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(*args, **kwargs)
        if dev == "cuda": torch.cuda.synchronize()
        ts.append((time.perf_counter() - t) * 1000)
    return statistics.median(ts)
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for inp in tensors:
        for name, op in ops.items():
            r = {"cpu": None, "gpu": None}
            for d in devices:
                r["cpu" if d == "cpu" else "gpu"] = timer(op, *[x.to(d) for x in inp], device=d)
            res.append(OpResult(name, tuple(inp[0].shape), r["cpu"], r["gpu"]))
    return res

def results_table(results):
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        c = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        g = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        s = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms/r.gpu_ms:.2f}x"
        t.add_row([r.op + " " + "x".join(str(i) for i in r.shape), c, g, s])
    return t
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    b = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    return 2*b*shape_a[-2]*shape_a[-1]*shape_b[-1] / (ms/1000) / 1e12

def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / (ms/1000) / 2**30
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return torch.bmm(a.unsqueeze(-1), b.unsqueeze(1))
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    return dtype.itemsize

def max_elements(free_bytes, dtype):
    return free_bytes // dtype.itemsize
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    return dtype.itemsize * (in_features*out_features + (out_features if bias else 0) + batch*in_features + batch*out_features)
''',
        "answer_fastest_ops": '''\
matmul - lots of compute, gpu has many cores
''',
        "answer_slow_ops": '''\
add/mul/sum are memory bound, small ones have launch overhead
''',
    },
    # ------------------------------------------------------------------ ind10
    "ind10": {
        "pick_device": '''\
def pick_device():
    checks = {"cuda": torch.cuda.is_available, "mps": torch.backends.mps.is_available}
    return torch.device(next((name for name, ok in checks.items() if ok()), "cpu"))
''',
        "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    try:
        kind = torch.device(device).type
    except (RuntimeError, TypeError) as err:
        raise ValueError(f"unknown device {device!r}") from err
    if kind not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, not {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0, not {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"{device!r} requested, but cuda is not available")

    def once():
        if kind != "cuda":
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            return (time.perf_counter() - t0) * 1e3
        start, end = (torch.cuda.Event(enable_timing=True) for _ in "se")
        start.record()
        fn(*args, **kwargs)
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    for _ in range(warmup):
        fn(*args, **kwargs)
    return float(statistics.median(once() for _ in range(repeat)))
''',
        "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for inputs in tensors:
        placed = {dev: [t.to(dev) for t in inputs] for dev in devices}
        for name, op in ops.items():
            ms = {("cpu" if dev == "cpu" else "gpu"): timer(op, *args, device=dev)
                  for dev, args in placed.items()}
            results.append(OpResult(name, (*map(int, inputs[0].shape),), ms.get("cpu"), ms.get("gpu")))
    return results


def results_table(results):
    fmt = lambda v, spec: "n/a" if v is None else format(v, spec)
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for op, shape, cpu, gpu in results:
        ratio = None if None in (cpu, gpu) else cpu / gpu
        table.add_row([f"{op} {'x'.join(map(str, shape))}", fmt(cpu, ".3f"), fmt(gpu, ".3f"),
                       "n/a" if ratio is None else f"{ratio:.2f}x"])
    return table
''',
        "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    (*ba, n, k), (*bb, _, m) = shape_a, shape_b
    return 2 * math.prod(torch.broadcast_shapes(tuple(ba), tuple(bb))) * n * k * m / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / (ms * 1e-3) / 1e9
''',
        "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return a[..., :, None] * b[..., None, :]
''',
        "bytes_per_element": '''\
def bytes_per_element(dtype):
    return torch.tensor([], dtype=dtype).itemsize


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    def fits(n):
        try:
            try_alloc(n)
        except (torch.OutOfMemoryError, MemoryError):
            return False
        return True

    lo = 0
    while lo < hi:
        if fits(mid := (lo + hi + 1) // 2):
            lo = mid
        else:
            hi = mid - 1
    return lo
''',
        "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    shapes = [(out_features, in_features), (out_features,) * bias, (batch, in_features), (batch, out_features)]
    return sum(math.prod(s) for s in shapes if s) * dtype.itemsize
''',
        "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    return [e.key for e in sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)][:k]
''',
        "answer_fastest_ops": '''\
**matmul**, by a wide margin. It is compute-bound (2n^3 FLOP on 3n^2 numbers), and compute is where a
GPU's lead is largest: thousands of cores plus tensor cores, tens of TFLOP/s against a CPU's ~1.
''',
        "answer_slow_ops": '''\
- `add`, `mul`, `transpose().contiguous()`, `sum`: about one operation per element, so they are
  memory-bound and gain only the ratio of memory bandwidths, not of FLOP/s.
- The transpose also writes with a strided pattern, and sum has to combine partial sums.
- On small tensors the fixed per-call costs (Python, dispatcher, kernel launch) dominate, and the GPU
  can lose to the CPU, whose caches hold the whole tensor.
''',
        "answer_size_effect": '''\
The three shapes hold the same number of elements, so memory-bound ops barely change. matmul's work is
2 * B * n^3: 64x1024x1024 has 4x the FLOP of 128x512x512 and 16x those of 256x256x256, and large
matrices fill the GPU, so its speedup grows with n; small batches of small matrices underuse it.
''',
        "answer_host_device_copy": '''\
A host-device copy is limited by PCIe (~10-25 GB/s), 50-100x below on-device bandwidth, so moving a big
tensor can cost more than computing on it. Keep data resident on the device, move it once, prefer
pinned memory and `non_blocking=True`, and exclude transfers from kernel timings.
''',
    },
}

COPIES = {
    "cp01": {
        "source": "ind01",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops",
                   "outer_products_vectorized", "bytes_per_element", "find_max_allocatable",
                   "linear_forward_memory", "top_ops", "answer_fastest_ops", "answer_slow_ops",
                   "answer_size_effect", "answer_host_device_copy"],
        "disguise": "docstrings deleted, validation reordered (repeat/warmup before the device), "
                    "locals renamed (times -> samples, lo/top -> low/high), the dict "
                    "comprehension turned into a loop, unsqueeze -> None indexing, the written "
                    "answers paraphrased with the same figures",
        "answers": {
            "pick_device": '''\
def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    elif torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
            "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be non-negative, got {warmup}")
    try:
        dev_type = torch.device(device).type
    except (RuntimeError, TypeError):
        raise ValueError(f"unknown device {device!r}") from None
    if dev_type not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}")
    if dev_type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("CUDA is not available, cannot time on 'cuda'")

    for _ in range(warmup):
        fn(*args, **kwargs)

    samples = []
    if dev_type != "cuda":
        for _ in range(repeat):
            t_start = time.perf_counter()
            fn(*args, **kwargs)
            samples.append((time.perf_counter() - t_start) * 1000.0)
    else:
        torch.cuda.synchronize()
        for _ in range(repeat):
            ev_start = torch.cuda.Event(enable_timing=True)
            ev_end = torch.cuda.Event(enable_timing=True)
            ev_start.record()
            fn(*args, **kwargs)
            ev_end.record()
            ev_end.synchronize()
            samples.append(ev_start.elapsed_time(ev_end))
    return float(statistics.median(samples))
''',
            "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for inputs in tensors:
        moved = {}
        for dev in devices:
            moved[dev] = [t.to(dev) for t in inputs]
        for op_name, op in ops.items():
            cpu_ms = None
            gpu_ms = None
            for dev, args in moved.items():
                elapsed = timer(op, *args, device=dev)
                if str(dev) != "cpu":
                    gpu_ms = elapsed
                else:
                    cpu_ms = elapsed
            results.append(OpResult(op_name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        dims = "x".join(str(s) for s in res.shape)
        cpu = "n/a" if res.cpu_ms is None else f"{res.cpu_ms:.3f}"
        gpu = "n/a" if res.gpu_ms is None else f"{res.gpu_ms:.3f}"
        speedup = "n/a"
        if res.cpu_ms is not None and res.gpu_ms is not None:
            speedup = f"{res.cpu_ms / res.gpu_ms:.2f}x"
        table.add_row([f"{res.op} {dims}", cpu, gpu, speedup])
    return table
''',
            "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    *lead_a, n, k = shape_a
    *lead_b, _, m = shape_b
    n_mats = math.prod(torch.broadcast_shapes(tuple(lead_a), tuple(lead_b)))
    seconds = ms / 1000.0
    return 2 * n_mats * n * k * m / seconds / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    seconds = ms / 1000.0
    return numel * dtype.itemsize * tensors_moved / seconds / 1e9
''',
            "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return a[:, :, None] * b[:, None, :]
''',
            "bytes_per_element": '''\
def bytes_per_element(dtype):
    return int(dtype.itemsize)


def max_elements(free_bytes, dtype):
    size = bytes_per_element(dtype)
    return int(free_bytes) // size
''',
            "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    low, high = 0, hi
    while low < high:
        probe = (low + high + 1) // 2
        try:
            try_alloc(probe)
        except (MemoryError, torch.OutOfMemoryError):
            high = probe - 1
        else:
            low = probe
    return low
''',
            "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    n = batch * in_features + batch * out_features + out_features * in_features
    n += out_features if bias else 0
    return n * dtype.itemsize
''',
            "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as p:
        fn()
    ranked = sorted(p.key_averages(), key=lambda r: r.self_cpu_time_total, reverse=True)
    names = [r.key for r in ranked]
    return names[:k]
''',
            "answer_fastest_ops": '''\
Matrix multiplication gains the most, tens to a hundred times on the large shapes. It performs about
n multiply-adds for each element it reads, which makes it compute-bound, and here the GPU (thousands of
cores, tensor cores, tens of TFLOP/s) is far ahead of a CPU at about one TFLOP/s. The computation is
regular, so every core stays busy.
''',
            "answer_slow_ops": '''\
The elementwise add and mul and the copying transpose do one operation or none per element, so memory
bandwidth limits them and the speedup is just the bandwidth ratio (roughly 1-3 TB/s versus 50-100 GB/s),
much less than for matmul. sum, a reduction, needs several passes to combine partial results. With small
tensors the fixed cost of a kernel launch (a few microseconds) and of Python dominates, and the CPU,
running the little loop out of its cache, can even beat the GPU.
''',
            "answer_size_effect": '''\
All three shapes have the same element count, so add, mul, transpose and sum take roughly the same time
for each; they depend only on the bytes moved. matmul's work is 2 * batch * n^3, so 64x1024x1024 has 4x
the FLOP of 128x512x512 and 16x those of 256x256x256; bigger matrices also use the GPU better, so the
speedup rises with matrix size, while small ones leave it partly idle and the launch overhead weighs more.
''',
            "answer_host_device_copy": '''\
Copies travel over PCIe at roughly 10-25 GB/s, one or two orders of magnitude below the GPU's own memory.
A 256 MiB tensor (64x1024x1024 float32) takes some 10-20 ms to copy, longer than the matmul on it. Data
should therefore be moved to the GPU once and kept there, timings must leave the copy out (benchmark_ops
moves the inputs before timing), and .item(), .cpu() or print in a loop force a sync and a copy each time.
''',
        },
    },
    "cp02": {
        "source": "ind07",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops",
                   "outer_products_vectorized", "bytes_per_element", "find_max_allocatable",
                   "linear_forward_memory", "top_ops", "answer_fastest_ops", "answer_slow_ops",
                   "answer_size_effect", "answer_host_device_copy"],
        "disguise": "while loops turned into for loops, str.format into f-strings, single quotes "
                    "into double, comments added, locals renamed (res -> out, t0 -> begin), the "
                    "pick_device chain rewritten as if/elif; the mean instead of the median, the "
                    "missing factor 2 and the bare `except Exception` are kept; written answers "
                    "reworded",
        "answers": {
            "pick_device": '''\
def pick_device():
    # cuda wins over mps, mps over cpu
    if torch.cuda.is_available():
        name = "cuda"
    elif torch.backends.mps.is_available():
        name = "mps"
    else:
        name = "cpu"
    return torch.device(name)
''',
            "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    try:
        dev = torch.device(device)
    except RuntimeError:
        raise ValueError(f"unknown device {device}")
    if dev.type not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device}")
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0, got {warmup}")
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    # warm-up calls, not timed
    for _ in range(warmup):
        fn(*args, **kwargs)
    if dev.type == "cuda":
        torch.cuda.synchronize()
    total = 0.0
    for _ in range(repeat):
        begin = time.perf_counter()
        fn(*args, **kwargs)
        if dev.type == "cuda":
            torch.cuda.synchronize()
        total += (time.perf_counter() - begin) * 1000
    return total / repeat
''',
            "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for inputs in tensors:
        for name in ops:
            cpu_ms = None
            gpu_ms = None
            for dev in devices:
                args = tuple(t.to(dev) for t in inputs)
                ms = timer(ops[name], *args, device=dev)
                if dev == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            out.append(OpResult(name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return out


def results_table(results):
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        sp = "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            sp = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        label = r.op + " " + "x".join(str(d) for d in r.shape)
        t.add_row([label, cpu, gpu, sp])
    return t
''',
            "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    # number of matrices after broadcasting the batch dims
    batch = 1
    for d in torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])):
        batch *= d
    work = batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return work / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    size = torch.tensor([], dtype=dtype).element_size()
    return numel * size * tensors_moved / (ms / 1000) / 1e9
''',
            "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return a.unsqueeze(-1) * b.unsqueeze(-2)
''',
            "bytes_per_element": '''\
def bytes_per_element(dtype):
    empty = torch.tensor([], dtype=dtype)
    return empty.element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
            "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            try_alloc(mid)
        except Exception:
            hi = mid - 1
        else:
            lo = mid
    return lo
''',
            "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.tensor([], dtype=dtype).element_size()
    count = in_features * out_features + batch * in_features + batch * out_features
    if bias:
        count += out_features
    return count * size
''',
            "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda r: r.self_cpu_time_total, reverse=True)
    return [r.key for r in rows[:k]]
''',
            "answer_fastest_ops": '''\
The matrix product: for every number it reads it does a lot of arithmetic (about n multiply-adds per
element), and a GPU has thousands of cores to run that arithmetic in parallel.
''',
            "answer_slow_ops": '''\
add, mul, transpose and sum are bound by memory speed rather than by arithmetic, so the GPU only gains
what its faster memory gives. On small tensors starting a kernel costs more than the work, and then the
GPU can be slower than the CPU.
''',
            "answer_size_effect": '''\
The element count is the same in all three shapes, so the elementwise operations take about equal
time. The matrix product has more work for larger matrices (n^3), so it speeds up most on 64x1024x1024.
''',
            "answer_host_device_copy": '''\
A CPU-to-GPU copy goes over PCIe, slow next to GPU memory (tens of GB/s against about a TB/s). It can
take longer than the computation, so copy once, keep the data on the GPU, and do not time the copy
together with the operation.
''',
        },
    },
    "cp03": {
        "source": "ind10",
        "kind": "partial",
        "copied": ["measure_time", "benchmark_ops", "find_max_allocatable", "top_ops",
                   "answer_fastest_ops", "answer_slow_ops"],
        "disguise": "the inner helpers lifted out or renamed (once -> timed_call, fits -> "
                    "succeeds), the walrus and the generator median unrolled, the dict "
                    "comprehension of timings split into a loop, the one-line top_ops split, "
                    "Markdown bullets and bold removed from the written answers; the other seven "
                    "answers are the copier's own",
        "answers": {
            "pick_device": '''\
def pick_device():
    # the order matters: a machine may have both
    device = torch.device("cpu")
    if torch.backends.mps.is_available():
        device = torch.device("mps")
    if torch.cuda.is_available():
        device = torch.device("cuda")
    return device
''',
            "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    try:
        dev_kind = torch.device(device).type
    except (RuntimeError, TypeError) as exc:
        raise ValueError(f"unknown device {device!r}") from exc
    if dev_kind not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, not {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0, not {warmup}")
    if dev_kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"{device!r} requested, but cuda is not available")

    def timed_call():
        if dev_kind == "cuda":
            ev_a = torch.cuda.Event(enable_timing=True)
            ev_b = torch.cuda.Event(enable_timing=True)
            ev_a.record()
            fn(*args, **kwargs)
            ev_b.record()
            ev_b.synchronize()
            return ev_a.elapsed_time(ev_b)
        started = time.perf_counter()
        fn(*args, **kwargs)
        return (time.perf_counter() - started) * 1e3

    for _ in range(warmup):
        fn(*args, **kwargs)
    durations = []
    for _ in range(repeat):
        durations.append(timed_call())
    return float(statistics.median(durations))
''',
            "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for inputs in tensors:
        on_dev = {dev: [x.to(dev) for x in inputs] for dev in devices}
        for name, op in ops.items():
            timings = {}
            for dev, args in on_dev.items():
                key = "cpu" if dev == "cpu" else "gpu"
                timings[key] = timer(op, *args, device=dev)
            shape = tuple(int(s) for s in inputs[0].shape)
            out.append(OpResult(name, shape, timings.get("cpu"), timings.get("gpu")))
    return out


def results_table(results):
    def show(value, spec):
        return "n/a" if value is None else format(value, spec)

    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for op, shape, cpu, gpu in results:
        speed = None if cpu is None or gpu is None else cpu / gpu
        label = f"{op} {'x'.join(map(str, shape))}"
        table.add_row([label, show(cpu, ".3f"), show(gpu, ".3f"),
                       "n/a" if speed is None else f"{speed:.2f}x"])
    return table
''',
            "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    # 2 FLOP (multiply + add) per term of every dot product
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    batch_dims = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    count = 1
    for d in batch_dims:
        count *= d
    seconds = ms / 1000
    return 2.0 * count * n * k * m / seconds / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    element = torch.empty((), dtype=dtype).element_size()
    seconds = ms / 1000
    return numel * element * tensors_moved / seconds / 1e9
''',
            "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    # (B, n) x (B, m) -> (B, n, m) via a batched matmul of a column and a row
    return torch.bmm(a[:, :, None], b[:, None, :])
''',
            "bytes_per_element": '''\
def bytes_per_element(dtype):
    # itemsize exists on every torch.dtype
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    # floor division keeps only whole elements
    return int(free_bytes // bytes_per_element(dtype))
''',
            "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    def succeeds(n):
        try:
            try_alloc(n)
        except (torch.OutOfMemoryError, MemoryError):
            return False
        return True

    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if succeeds(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
''',
            "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    # weight, optional bias, input, output
    item = torch.empty((), dtype=dtype).element_size()
    total = out_features * in_features
    if bias:
        total += out_features
    total += batch * in_features
    total += batch * out_features
    return total * item
''',
            "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    events = sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)
    names = [e.key for e in events]
    return names[:k]
''',
            "answer_fastest_ops": '''\
matmul, by a wide margin. It is compute-bound (2n^3 FLOP on 3n^2 numbers), and computing is where a
GPU leads the most: thousands of cores and tensor cores give tens of TFLOP/s against about 1 for a CPU.
''',
            "answer_slow_ops": '''\
add, mul, transpose().contiguous() and sum do roughly one operation per element, so memory bandwidth
limits them and they gain only the ratio of bandwidths, not of FLOP/s. The transpose also writes with a
strided pattern and sum has to combine partial sums. For small tensors the fixed cost of each call
(Python, the dispatcher, the kernel launch) dominates, and the GPU can lose to a CPU whose caches hold
the whole tensor.
''',
            "answer_size_effect": '''\
I expect (no GPU here) the memory-bound operations to behave the same on all three shapes, since the
number of elements is equal. For matmul the bigger matrices give the GPU much more work per launch, so
64x1024x1024 should show the largest speedup and 256x256x256 the smallest.
''',
            "answer_host_device_copy": '''\
Moving data between CPU and GPU is limited by the PCIe bus, so it is slow compared to computing on
the GPU. A program should transfer its data once, keep the tensors on the GPU between operations, and
avoid calls such as .item() inside loops, which copy and synchronize every time.
''',
        },
    },
    "cp04": {
        "source": "ind08",
        "kind": "partial",
        "copied": ["pick_device", "matmul_tflops", "outer_products_vectorized", "bytes_per_element",
                   "linear_forward_memory", "answer_host_device_copy"],
        "disguise": "Russian docstrings replaced by English comments or removed, type hints "
                    "removed, temporaries renamed (weight, x, y -> w_elems, in_elems, out_elems), "
                    "einsum subscripts changed (bn,bm->bnm to bi,bj->bij), the written answer "
                    "translated into English; the other seven answers are the copier's own",
        "answers": {
            "pick_device": '''\
def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    # nothing better here
    return torch.device("cpu")
''',
            "measure_time": '''\
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    text = str(device)
    base = text.split(":", 1)[0]
    if base not in ("cpu", "cuda", "mps"):
        raise ValueError("device must be cpu, cuda or mps, got " + repr(device))
    if repeat < 1:
        raise ValueError("repeat must be positive, got " + str(repeat))
    if warmup < 0:
        raise ValueError("warmup must not be negative, got " + str(warmup))
    if base == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda requested, but torch.cuda.is_available() is False")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if base == "cuda":
        torch.cuda.synchronize()
    results = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        if base == "cuda":
            torch.cuda.synchronize()
        results.append(1000.0 * (time.perf_counter() - start))
    results.sort()
    half = len(results) // 2
    return float(results[half]) if len(results) % 2 else float((results[half - 1] + results[half]) / 2)
''',
            "benchmark_ops": '''\
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    rows = []
    for group in tensors:
        for op_name, op in ops.items():
            entry = {"cpu_ms": None, "gpu_ms": None}
            for device in devices:
                args = [x.to(device) for x in group]
                field = "cpu_ms" if device == "cpu" else "gpu_ms"
                entry[field] = timer(op, *args, device=device)
            rows.append(OpResult(op=op_name, shape=tuple(group[0].shape), **entry))
    return rows


def results_table(results):
    pt = PrettyTable()
    pt.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for r in results:
        name = "%s %s" % (r.op, "x".join(str(v) for v in r.shape))
        c = "n/a" if r.cpu_ms is None else "%.3f" % r.cpu_ms
        g = "n/a" if r.gpu_ms is None else "%.3f" % r.gpu_ms
        s = "n/a" if r.cpu_ms is None or r.gpu_ms is None else "%.2fx" % (r.cpu_ms / r.gpu_ms)
        pt.add_row([name, c, g, s])
    return pt
''',
            "matmul_tflops": '''\
def matmul_tflops(shape_a, shape_b, ms):
    a = list(shape_a)
    b = list(shape_b)
    # how many matrix products after broadcasting the batch dims
    n_products = torch.broadcast_shapes(torch.Size(a[:-2]), torch.Size(b[:-2])).numel()
    flop = 2 * n_products * a[-2] * a[-1] * b[-1]
    return flop / ms / 1e9


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / ms / 1e6
''',
            "outer_products_vectorized": '''\
def outer_products_vectorized(a, b):
    return torch.einsum("bi,bj->bij", a, b)
''',
            "bytes_per_element": '''\
def bytes_per_element(dtype):
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    # only whole elements
    return free_bytes // dtype.itemsize
''',
            "find_max_allocatable": '''\
def find_max_allocatable(try_alloc, hi):
    best = 0
    low, high = 1, hi
    while low <= high:
        n = (low + high) // 2
        try:
            try_alloc(n)
        except (torch.OutOfMemoryError, MemoryError):
            high = n - 1
        else:
            best = n
            low = n + 1
    return best
''',
            "linear_forward_memory": '''\
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    w_elems = in_features * out_features
    b_elems = out_features if bias else 0
    in_elems = batch * in_features
    out_elems = batch * out_features
    return (w_elems + b_elems + in_elems + out_elems) * dtype.itemsize
''',
            "top_ops": '''\
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    by_self = {}
    for row in prof.key_averages():
        by_self[row.key] = row.self_cpu_time_total
    ordered = sorted(by_self, key=by_self.get, reverse=True)
    return ordered[:k]
''',
            "answer_fastest_ops": '''\
The matrix multiplication. It reuses every loaded number many times, so the speed is set by the
arithmetic units, and a GPU has many more of them (plus tensor cores) than a CPU.
''',
            "answer_slow_ops": '''\
Adding, multiplying elementwise, copying a transpose and summing barely compute: each element is read,
touched once and written. These run at the speed of memory, so the GPU gains only its bandwidth
advantage, and for tiny inputs the launch overhead can make it slower than the CPU.
''',
            "answer_size_effect": '''\
For the elementwise operations the size of the matrices does not matter, only the total number of
elements, which is the same. For matmul more work per matrix means the GPU is used more fully, so the
speedup is highest for the 1024x1024 matrices.
''',
            "answer_host_device_copy": '''\
A copy between the host and the GPU goes over PCIe (about 10-25 GB/s), tens of times slower than GPU
memory, and for a large tensor it takes longer than the operation itself. Hence: move the data to the
GPU once and keep it there, leave the copy out of the timing, and do not call `.item()` or `.cpu()`
inside a loop.
''',
        },
    },
}
