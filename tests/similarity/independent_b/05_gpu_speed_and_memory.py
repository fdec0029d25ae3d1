"""Independent test data for copy detection, lesson 05_gpu_speed_and_memory (issue 36), author A2.

Written by hand from the task texts of lessons/en/05_gpu_speed_and_memory.ipynb and the course
specification alone, without seeing the copy detector, the project's generated variants or another
author's data. The notebook's own imports (math, statistics, time, torch, nn, PrettyTable,
profile, ProfilerActivity, OpResult, ...) are assumed.

STUDENTS: the same twelve made-up people as in 01_tensors.py, each answering on their own:
  st01 mathematician, dense code                             (all right)
  st02 Java programmer, explicit checks, camelCase           (all right)
  st03 StackOverflow snippets                                (measure_time reads timeit.default_timer,
                                                              a clock stored at import, and lets
                                                              torch.device's RuntimeError out for an unknown
                                                              device; top_ops sorts by total, not self, CPU time)
  st04 long loops, Russian comments                          (find_max_allocatable keeps the last
                                                              successful allocation alive)
  st05 numpy wherever possible                               (matmul_tflops takes the larger batch size,
                                                              so a batch of 0 against none counts as 1)
  st06 asserts everything                                    (measure_time validates with assert)
  st07 careful, type hints, English docstrings               (all right)
  st08 terse one-liners                                      (all right)
  st09 beginner, prints                                      (find_max_allocatable, top_ops left out;
                                                              benchmark_ops moves inputs inside the timed call)
  st10 functional style, small helpers                       (all right)
  st11 torch functional API, Russian comments                (all right)
  st12 C programmer, while loops                             (measure_time returns the mean)

Ground truth: the only copied answers are those listed in COPIES; every other pair is independent.
  cp01 <- st01, full (all 9): renamed variables, added comments, nothing else.
  cp02 <- st10, full (all 9): helpers inlined or renamed, map/filter to loops, einsum kept but
          broadcasting swapped for bmm, search loop restructured, validation reordered, dead code.
  cp03 <- st04, partial: benchmark_ops, find_max_allocatable (with st04's bug: the last
          allocation kept alive) and top_ops copied (comments dropped, names changed, index loops
          to for-each loops, the top-k loop to a slice); six by cp03.
  cp04 <- st02, partial: pick_device, matmul_tflops, bytes_per_element, linear_forward_memory,
          top_ops copied and restructured (if-chains to conditional expressions, loops to
          math.prod, a helper added, error wording changed); four by cp04.
"""

STUDENTS = {
    "st01": {
        "pick_device": r'''def pick_device():
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"need repeat >= 1 and warmup >= 0, got repeat={repeat}, warmup={warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda requested but not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    ts = []
    if kind == "cuda":
        torch.cuda.synchronize()
        for _ in range(repeat):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); fn(*args, **kwargs); e.record(); e.synchronize()
            ts.append(s.elapsed_time(e))
    else:
        for _ in range(repeat):
            t0 = time.perf_counter(); fn(*args, **kwargs); ts.append((time.perf_counter() - t0) * 1e3)
    return float(statistics.median(ts))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for name, op in ops.items():
        for xs in tensors:
            ms = {d: timer(op, *[x.to(d) for x in xs], device=d) for d in devices}
            cpu = next((v for d, v in ms.items() if str(d).startswith("cpu")), None)
            gpu = next((v for d, v in ms.items() if not str(d).startswith("cpu")), None)
            out.append(OpResult(name, tuple(map(int, xs[0].shape)), cpu, gpu))
    return out


def results_table(results):
    f = lambda v: "n/a" if v is None else f"{v:.3f}"
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        sp = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        t.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", f(r.cpu_ms), f(r.gpu_ms), sp])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    *A, n, k = shape_a
    *B, _, m = shape_b
    return 2 * math.prod(torch.broadcast_shapes(tuple(A), tuple(B))) * n * k * m / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / (ms * 1e-3) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return a[:, :, None] * b[:, None, :]
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            try_alloc(mid)
            lo = mid
        except (torch.OutOfMemoryError, MemoryError):
            hi = mid - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    return dtype.itemsize * (out_features * in_features + bias * out_features + batch * (in_features + out_features))
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as p:
        fn()
    return [e.key for e in sorted(p.key_averages(), key=lambda e: -e.self_cpu_time_total)[:k]]
''',
    },
    "st02": {
        "pick_device": r'''def pick_device():
    """cuda, then mps, then cpu."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median time of repeat calls in milliseconds after warmup untimed calls."""
    deviceType = str(device).split(":")[0]
    if deviceType not in ["cpu", "cuda", "mps"]:
        raise ValueError("Invalid argument: unknown device " + repr(device))
    if repeat < 1:
        raise ValueError("Invalid argument: repeat must be at least 1, got " + str(repeat))
    if warmup < 0:
        raise ValueError("Invalid argument: warmup must not be negative, got " + str(warmup))
    if deviceType == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("Device cuda was requested but CUDA is not available")
    for warmupIndex in range(warmup):
        fn(*args, **kwargs)
    timings = []
    if deviceType == "cuda":
        torch.cuda.synchronize()
        for repeatIndex in range(repeat):
            startEvent = torch.cuda.Event(enable_timing=True)
            endEvent = torch.cuda.Event(enable_timing=True)
            startEvent.record()
            fn(*args, **kwargs)
            endEvent.record()
            endEvent.synchronize()
            timings.append(startEvent.elapsed_time(endEvent))
    else:
        for repeatIndex in range(repeat):
            startTime = time.perf_counter()
            fn(*args, **kwargs)
            endTime = time.perf_counter()
            timings.append((endTime - startTime) * 1000.0)
    timings.sort()
    middle = len(timings) // 2
    if len(timings) % 2 == 1:
        return float(timings[middle])
    return float((timings[middle - 1] + timings[middle]) / 2.0)
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """Times every operation on every input on every device."""
    results = []
    for operationName, operation in ops.items():
        for inputs in tensors:
            cpuTime = None
            gpuTime = None
            for device in devices:
                movedInputs = []
                for tensor in inputs:
                    movedInputs.append(tensor.to(device))
                elapsed = timer(operation, *movedInputs, device=device)
                if str(device).split(":")[0] == "cpu":
                    cpuTime = elapsed
                else:
                    gpuTime = elapsed
            shape = tuple(int(size) for size in inputs[0].shape)
            results.append(OpResult(operationName, shape, cpuTime, gpuTime))
    return results


def results_table(results):
    """Formats the results for printing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for result in results:
        shapeText = "x".join(str(size) for size in result.shape)
        cpuText = "n/a" if result.cpu_ms is None else "{:.3f}".format(result.cpu_ms)
        gpuText = "n/a" if result.gpu_ms is None else "{:.3f}".format(result.gpu_ms)
        if result.cpu_ms is None or result.gpu_ms is None:
            speedupText = "n/a"
        else:
            speedupText = "{:.2f}x".format(result.cpu_ms / result.gpu_ms)
        table.add_row([result.op + " " + shapeText, cpuText, gpuText, speedupText])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """2 * batch * n * k * m floating-point operations in ms milliseconds."""
    rowsA = shape_a[-2]
    inner = shape_a[-1]
    colsB = shape_b[-1]
    batchShape = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    batchCount = 1
    for size in batchShape:
        batchCount = batchCount * size
    floatingPointOperations = 2 * batchCount * rowsA * inner * colsB
    seconds = ms / 1000.0
    return float(floatingPointOperations / seconds / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Bytes moved per second in units of 10**9."""
    bytesMoved = numel * bytes_per_element(dtype) * tensors_moved
    seconds = ms / 1000.0
    return float(bytesMoved / seconds / 1e9)
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Batch of outer products by broadcasting."""
    columnVectors = a.unsqueeze(2)
    rowVectors = b.unsqueeze(1)
    return columnVectors * rowVectors
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size of one element in bytes."""
    if not isinstance(dtype, torch.dtype):
        raise TypeError("Invalid argument: expected a torch.dtype, got " + type(dtype).__name__)
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """Whole elements that fit into free_bytes."""
    if free_bytes < 0:
        raise ValueError("Invalid argument: free_bytes must not be negative, got " + str(free_bytes))
    return int(free_bytes // bytes_per_element(dtype))
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Binary search for the largest n that try_alloc accepts."""
    lowerBound = 0
    upperBound = hi
    while lowerBound < upperBound:
        candidate = (lowerBound + upperBound + 1) // 2
        succeeded = True
        try:
            try_alloc(candidate)
        except torch.OutOfMemoryError:
            succeeded = False
        except MemoryError:
            succeeded = False
        if succeeded:
            lowerBound = candidate
        else:
            upperBound = candidate - 1
    return int(lowerBound)
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Weight, bias, input and output of one forward pass, in bytes."""
    elementSize = bytes_per_element(dtype)
    weightElements = out_features * in_features
    biasElements = out_features if bias else 0
    inputElements = batch * in_features
    outputElements = batch * out_features
    totalElements = weightElements + biasElements + inputElements + outputElements
    return int(totalElements * elementSize)
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the largest self CPU time."""
    with profile(activities=[ProfilerActivity.CPU]) as profiler:
        fn()
    events = list(profiler.key_averages())
    events.sort(key=lambda event: event.self_cpu_time_total, reverse=True)
    names = []
    for event in events[:k]:
        names.append(event.key)
    return names
''',
    },
    "st03": {
        "pick_device": r'''def pick_device():
    # https://stackoverflow.com/questions/48152674 + mps for apple silicon
    if torch.cuda.is_available():
        return torch.device("cuda")
    elif torch.backends.mps.is_available():
        return torch.device("mps")
    else:
        return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    import timeit
    dev = torch.device(device) if not isinstance(device, torch.device) else device
    if dev.type not in ("cpu", "cuda", "mps"):
        raise ValueError("unknown device %s" % device)
    if repeat < 1 or warmup < 0:
        raise ValueError("bad repeat=%s / warmup=%s" % (repeat, warmup))
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        if dev.type == "cuda":
            # https://stackoverflow.com/q/55893634 cuda events for gpu timing
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end))
        else:
            t = timeit.default_timer()
            fn(*args, **kwargs)
            times.append((timeit.default_timer() - t) * 1000)
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for name, op in ops.items():
        for inp in tensors:
            row = {"cpu": None, "gpu": None}
            for d in devices:
                moved = [t.to(d) for t in inp]
                key = "cpu" if torch.device(d).type == "cpu" else "gpu"
                row[key] = timer(op, *moved, device=d)
            res.append(OpResult(name, tuple(inp[0].shape), row["cpu"], row["gpu"]))
    return res


def results_table(results):
    t = PrettyTable()
    t.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for r in results:
        cpu = "%.3f" % r.cpu_ms if r.cpu_ms is not None else "n/a"
        gpu = "%.3f" % r.gpu_ms if r.gpu_ms is not None else "n/a"
        sp = "%.2fx" % (r.cpu_ms / r.gpu_ms) if r.cpu_ms is not None and r.gpu_ms is not None else "n/a"
        t.add_row(["%s %s" % (r.op, "x".join(str(s) for s in r.shape)), cpu, gpu, sp])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    # FLOPs of matmul = 2*n*k*m (https://stackoverflow.com/q/58498651)
    batch = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])).numel()
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    return 2.0 * batch * n * k * m / (ms / 1000.0) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    size = torch.tensor([], dtype=dtype).element_size()
    return numel * size * tensors_moved / (ms / 1000.0) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    # einsum notation: https://stackoverflow.com/q/26089893
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.tensor([], dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return int(free_bytes // bytes_per_element(dtype))
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    # binary search for the last True (https://stackoverflow.com/q/38346013)
    lo, high = 0, hi
    best = 0
    while lo <= high:
        mid = (lo + high) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            high = mid - 1
        else:
            best = mid
            lo = mid + 1
    return best
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.tensor([], dtype=dtype).element_size()
    n = in_features * out_features + batch * in_features + batch * out_features
    if bias:
        n += out_features
    return n * size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    # from the pytorch profiler recipe
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    events = sorted(prof.key_averages(), key=lambda e: e.cpu_time_total, reverse=True)
    return [e.key for e in events[:k]]
''',
    },
    "st04": {
        "pick_device": r'''def pick_device():
    # сначала cuda, потом mps
    name = "cpu"
    if torch.backends.mps.is_available():
        name = "mps"
    if torch.cuda.is_available():
        name = "cuda"
    return torch.device(name)
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    d = str(device)
    if ":" in d:
        d = d[:d.index(":")]
    if d != "cpu" and d != "cuda" and d != "mps":
        raise ValueError("unknown device: " + str(device))
    if repeat < 1:
        raise ValueError("repeat must be >= 1, got " + str(repeat))
    if warmup < 0:
        raise ValueError("warmup must be >= 0, got " + str(warmup))
    if d == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    # прогрев
    for i in range(warmup):
        fn(*args, **kwargs)
    if d == "cuda":
        torch.cuda.synchronize()
    times = []
    for i in range(repeat):
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        if d == "cuda":
            torch.cuda.synchronize()
        t1 = time.perf_counter()
        times.append((t1 - t0) * 1000)
    # медиана
    times.sort()
    n = len(times)
    if n % 2 == 1:
        return times[n // 2]
    return (times[n // 2 - 1] + times[n // 2]) / 2
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for name in ops:
        op = ops[name]
        for i in range(len(tensors)):
            inputs = tensors[i]
            cpu_ms = None
            gpu_ms = None
            for dev in devices:
                # переносим один раз до замера
                moved = []
                for t in inputs:
                    moved.append(t.to(dev))
                ms = timer(op, *moved, device=dev)
                if str(dev).startswith("cpu"):
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            shape = []
            for s in inputs[0].shape:
                shape.append(int(s))
            res.append(OpResult(name, tuple(shape), cpu_ms, gpu_ms))
    return res


def results_table(results):
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        s = ""
        for i in range(len(r.shape)):
            if i > 0:
                s += "x"
            s += str(r.shape[i])
        if r.cpu_ms is None:
            c = "n/a"
        else:
            c = f"{r.cpu_ms:.3f}"
        if r.gpu_ms is None:
            g = "n/a"
        else:
            g = f"{r.gpu_ms:.3f}"
        if r.cpu_ms is None or r.gpu_ms is None:
            sp = "n/a"
        else:
            sp = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        t.add_row([r.op + " " + s, c, g, sp])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    a = list(shape_a)
    b = list(shape_b)
    n = a[-2]
    k = a[-1]
    m = b[-1]
    ba = a[:-2]
    bb = b[:-2]
    # выравниваем батч-измерения справа
    while len(ba) < len(bb):
        ba.insert(0, 1)
    while len(bb) < len(ba):
        bb.insert(0, 1)
    batch = 1
    for i in range(len(ba)):
        if ba[i] == 1:
            batch = batch * bb[i]
        else:
            batch = batch * ba[i]
    flops = 2 * batch * n * k * m
    return flops / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    size = torch.zeros(1, dtype=dtype).element_size()
    total = numel * size * tensors_moved
    return total / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    # (B, n, 1) * (B, 1, m)
    x = a.unsqueeze(-1)
    y = b.unsqueeze(-2)
    return x * y
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.zeros(1, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    size = bytes_per_element(dtype)
    return free_bytes // size
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo = 0
    h = hi
    last = None
    while lo < h:
        mid = (lo + h + 1) // 2
        try:
            # пробуем выделить
            last = try_alloc(mid)
            lo = mid
        except (torch.OutOfMemoryError, MemoryError):
            h = mid - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.zeros(1, dtype=dtype).element_size()
    total = 0
    # вес
    total = total + in_features * out_features
    # смещение
    if bias:
        total = total + out_features
    # вход и выход
    total = total + batch * in_features
    total = total + batch * out_features
    return total * size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = []
    for e in prof.key_averages():
        rows.append((e.self_cpu_time_total, e.key))
    # сортировка по убыванию
    rows.sort(reverse=True)
    names = []
    for i in range(min(k, len(rows))):
        names.append(rows[i][1])
    return names
''',
    },
    "st05": {
        "pick_device": r'''def pick_device():
    for name, ok in (("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available())):
        if ok:
            return torch.device(name)
    return torch.device("cpu")
''',
        "measure_time": r'''import numpy as np


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = torch.device(device).type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"unknown device {device}")
    if repeat < 1:
        raise ValueError(f"repeat={repeat} < 1")
    if warmup < 0:
        raise ValueError(f"warmup={warmup} < 0")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("device cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = np.empty(repeat)
    if kind == "cuda":
        torch.cuda.synchronize()
    for i in range(repeat):
        if kind == "cuda":
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times[i] = start.elapsed_time(end)
        else:
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            times[i] = (time.perf_counter() - t0) * 1000
    return float(np.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for name, op in ops.items():
        for inputs in tensors:
            cpu_ms = gpu_ms = None
            for dev in devices:
                on_dev = tuple(t.to(dev) for t in inputs)
                ms = timer(op, *on_dev, device=dev)
                if str(dev).split(":")[0] == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            results.append(OpResult(name, tuple(int(s) for s in inputs[0].shape), cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        fmt = lambda v: "n/a" if v is None else f"{v:.3f}"
        speed = "n/a" if None in (r.cpu_ms, r.gpu_ms) else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} " + "x".join(str(s) for s in r.shape), fmt(r.cpu_ms), fmt(r.gpu_ms), speed])
    return table
''',
        "matmul_tflops": r'''import numpy as np


def matmul_tflops(shape_a, shape_b, ms):
    a, b = list(shape_a), list(shape_b)
    batch_a, batch_b = a[:-2], b[:-2]
    width = max(len(batch_a), len(batch_b))
    batch_a = [1] * (width - len(batch_a)) + batch_a
    batch_b = [1] * (width - len(batch_b)) + batch_b
    # batch = произведение максимумов по измерениям
    batch = int(np.prod(np.maximum(batch_a, batch_b))) if width else 1
    return 2 * batch * a[-2] * a[-1] * b[-1] / (ms / 1e3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return float(numel * dtype.itemsize * tensors_moved) / (ms / 1e3) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    # как np.einsum("bi,bj->bij")
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bytes_per_element": r'''import numpy as np


def bytes_per_element(dtype):
    return int(dtype.itemsize)


def max_elements(free_bytes, dtype):
    return int(np.floor_divide(free_bytes, bytes_per_element(dtype)))
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo, up = 0, hi
    while lo < up:
        mid = lo + (up - lo + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            up = mid - 1
            continue
        lo = mid
    return lo
''',
        "linear_forward_memory": r'''import numpy as np


def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    counts = np.array([out_features * in_features, out_features if bias else 0,
                       batch * in_features, batch * out_features], dtype=np.int64)
    return int(counts.sum()) * dtype.itemsize
''',
        "top_ops": r'''import numpy as np


def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    events = list(prof.key_averages())
    order = np.argsort([-e.self_cpu_time_total for e in events], kind="stable")
    return [events[i].key for i in order[:k]]
''',
    },
    "st06": {
        "pick_device": r'''def pick_device():
    if torch.cuda.is_available():
        dev = torch.device("cuda")
    elif torch.backends.mps.is_available():
        dev = torch.device("mps")
    else:
        dev = torch.device("cpu")
    assert isinstance(dev, torch.device)
    return dev
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = str(device).split(":")[0]
    assert kind in ("cpu", "cuda", "mps"), f"unknown device {device}"
    assert repeat >= 1, f"repeat must be >= 1, got {repeat}"
    assert warmup >= 0, f"warmup must be >= 0, got {warmup}"
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        if kind == "cuda":
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            fn(*args, **kwargs)
            e.record()
            e.synchronize()
            times.append(s.elapsed_time(e))
        else:
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            times.append((time.perf_counter() - t0) * 1000.0)
    assert len(times) == repeat
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    assert len(devices) > 0
    out = []
    for name, op in ops.items():
        for inputs in tensors:
            assert all(t.device.type == "cpu" for t in inputs)
            times = {"cpu": None, "gpu": None}
            for dev in devices:
                moved = [t.to(dev) for t in inputs]
                times["cpu" if str(dev).startswith("cpu") else "gpu"] = timer(op, *moved, device=dev)
            out.append(OpResult(name, tuple(int(s) for s in inputs[0].shape), times["cpu"], times["gpu"]))
    return out


def results_table(results):
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        sp = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        t.add_row([r.op + " " + "x".join(map(str, r.shape)), cpu, gpu, sp])
    assert len(t.rows) == len(results)
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    assert len(shape_a) >= 2 and len(shape_b) >= 2
    assert shape_a[-1] == shape_b[-2], f"inner sizes differ: {shape_a} @ {shape_b}"
    assert ms > 0
    batch = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    return 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1] / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    assert ms > 0
    return numel * dtype.itemsize * tensors_moved / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    assert a.dim() == 2 and b.dim() == 2 and a.shape[0] == b.shape[0]
    return a.unsqueeze(2) * b.unsqueeze(1)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    assert isinstance(dtype, torch.dtype)
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    assert free_bytes >= 0
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    assert hi >= 0
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            hi = mid - 1
        else:
            lo = mid
    assert lo == hi
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    assert batch >= 0 and in_features > 0 and out_features > 0
    n = out_features * in_features + batch * in_features + batch * out_features
    if bias:
        n += out_features
    return n * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k=3):
    assert k >= 1
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)
    names = [e.key for e in rows[:k]]
    assert len(set(names)) == len(names)
    return names
''',
    },
    "st07": {
        "pick_device": r'''def pick_device() -> torch.device:
    """cuda if available, else mps if available, else cpu."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat: int = 10, warmup: int = 2, **kwargs) -> float:
    """Median wall time of fn(*args, **kwargs) in ms: CUDA events on a GPU, perf_counter elsewhere."""
    kind = torch.device(device).type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device: {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be non-negative, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"{device} requested, but cuda is not available")
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
            began = time.perf_counter()
            fn(*args, **kwargs)
            times.append((time.perf_counter() - began) * 1000.0)
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''def _is_cpu(device) -> bool:
    return str(device).split(":")[0] == "cpu"


def benchmark_ops(tensors, ops: dict, devices, timer=measure_time) -> list:
    """Time each op on each input on each device; inputs are moved before timing."""
    results = []
    for name, op in ops.items():
        for inputs in tensors:
            cpu_ms = gpu_ms = None
            for device in devices:
                moved = tuple(t.to(device) for t in inputs)
                elapsed = timer(op, *moved, device=device)
                if _is_cpu(device):
                    cpu_ms = elapsed
                else:
                    gpu_ms = elapsed
            shape = tuple(int(size) for size in inputs[0].shape)
            results.append(OpResult(name, shape, cpu_ms, gpu_ms))
    return results


def results_table(results) -> PrettyTable:
    """One row per result: "op AxBxC", CPU and GPU ms to 3 decimals, speedup like "25.00x"."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        label = f"{r.op} " + "x".join(str(size) for size in r.shape)
        table.add_row([label, cpu, gpu, speedup])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms: float) -> float:
    """2 * n * k * m FLOP per matrix, times the broadcast batch size, per second, in units of 10**12."""
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    batch = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    return 2 * batch * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel: int, dtype: torch.dtype, tensors_moved: int, ms: float) -> float:
    """Bytes read and written per second, in units of 10**9."""
    return numel * dtype.itemsize * tensors_moved / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """(B, n, 1) * (B, 1, m) broadcasts to the (B, n, m) batch of outer products."""
    return a.unsqueeze(-1) * b.unsqueeze(-2)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype: torch.dtype) -> int:
    """Element size in bytes."""
    return dtype.itemsize


def max_elements(free_bytes: int, dtype: torch.dtype) -> int:
    """Whole elements of dtype that fit in free_bytes."""
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi: int) -> int:
    """Largest n in [0, hi] with try_alloc(n) succeeding; invariant: lo succeeds, everything above top fails."""
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            try_alloc(mid)  # result dropped at once: no allocation kept alive
        except (torch.OutOfMemoryError, MemoryError):
            top = mid - 1
        else:
            lo = mid
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch: int, in_features: int, out_features: int, dtype: torch.dtype, bias: bool = True) -> int:
    """Bytes of weight (out x in), bias (out), input (batch x in) and output (batch x out)."""
    elements = out_features * in_features + batch * in_features + batch * out_features
    if bias:
        elements += out_features
    return elements * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k: int = 3) -> list:
    """Keys of the k rows of key_averages() with the largest self CPU time, largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total, reverse=True)
    return [row.key for row in rows[:k]]
''',
    },
    "st08": {
        "pick_device": r'''def pick_device():
    return torch.device(next(d for d, ok in [("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available()), ("cpu", True)] if ok))
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = str(device).partition(":")[0]
    if kind not in {"cpu", "cuda", "mps"}: raise ValueError(f"device {device!r}?")
    if repeat < 1: raise ValueError(f"repeat={repeat}")
    if warmup < 0: raise ValueError(f"warmup={warmup}")
    if kind == "cuda" and not torch.cuda.is_available(): raise RuntimeError("no cuda")
    for _ in range(warmup): fn(*args, **kwargs)
    ts = []
    for _ in range(repeat):
        if kind == "cuda":
            ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
            ev[0].record(); fn(*args, **kwargs); ev[1].record(); ev[1].synchronize()
            ts.append(ev[0].elapsed_time(ev[1]))
        else:
            t = time.perf_counter(); fn(*args, **kwargs); ts.append(1e3 * (time.perf_counter() - t))
    return float(statistics.median(ts))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for name, op in ops.items():
        for xs in tensors:
            t = {("cpu" if str(d).startswith("cpu") else "gpu"): timer(op, *(x.to(d) for x in xs), device=d) for d in devices}
            res.append(OpResult(name, tuple(map(int, xs[0].shape)), t.get("cpu"), t.get("gpu")))
    return res


def results_table(results):
    ms = lambda v: "n/a" if v is None else f"{v:.3f}"
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        t.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", ms(r.cpu_ms), ms(r.gpu_ms),
                   "n/a" if None in (r.cpu_ms, r.gpu_ms) else f"{r.cpu_ms / r.gpu_ms:.2f}x"])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    return 2 * math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))) * shape_a[-2] * shape_a[-1] * shape_b[-1] / ms / 1e9


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / ms / 1e6
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return torch.bmm(a[:, :, None], b[:, None, :])
''',
        "bytes_per_element": r'''def bytes_per_element(dtype): return dtype.itemsize
def max_elements(free_bytes, dtype): return free_bytes // dtype.itemsize
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try: try_alloc(mid); lo = mid
        except (torch.OutOfMemoryError, MemoryError): hi = mid - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    return (in_features + bias + batch) * out_features * dtype.itemsize + batch * in_features * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as p: fn()
    return [e.key for e in sorted(p.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)][:k]
''',
    },
    "st09": {
        "pick_device": r'''def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    dev = str(device).split(":")[0]
    if dev not in ["cpu", "cuda", "mps"]:
        raise ValueError("unknown device " + str(device))
    if repeat < 1:
        raise ValueError("repeat < 1: " + str(repeat))
    if warmup < 0:
        raise ValueError("warmup < 0: " + str(warmup))
    if dev == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("no cuda")
    for i in range(warmup):
        fn(*args, **kwargs)
    times = []
    for i in range(repeat):
        if dev == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        fn(*args, **kwargs)
        if dev == "cuda":
            torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1000)
    print(times)
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for name, op in ops.items():
        for inputs in tensors:
            cpu_ms = None
            gpu_ms = None
            for dev in devices:
                t = timer(lambda: op(*[x.to(dev) for x in inputs]), device=dev)
                if dev == "cpu":
                    cpu_ms = t
                else:
                    gpu_ms = t
            results.append(OpResult(name, tuple(inputs[0].shape), cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        name = r.op + " " + "x".join([str(s) for s in r.shape])
        cpu = "n/a"
        gpu = "n/a"
        speed = "n/a"
        if r.cpu_ms is not None:
            cpu = f"{r.cpu_ms:.3f}"
        if r.gpu_ms is not None:
            gpu = f"{r.gpu_ms:.3f}"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            speed = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([name, cpu, gpu, speed])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    batch = 1
    for s in torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])):
        batch *= s
    flops = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return flops / (ms / 1000) / 10**12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    b = numel * dtype.itemsize * tensors_moved
    return b / (ms / 1000) / 10**9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return a[:, :, None] * b[:, None, :]
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.tensor([], dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.tensor([], dtype=dtype).element_size()
    weight = in_features * out_features * size
    b = out_features * size if bias else 0
    x = batch * in_features * size
    y = batch * out_features * size
    print(weight, b, x, y)
    return weight + b + x + y
''',
    },
    "st10": {
        "pick_device": r'''_PREFERENCE = (
    ("cuda", lambda: torch.cuda.is_available()),
    ("mps", lambda: torch.backends.mps.is_available()),
)


def pick_device():
    return torch.device(next((name for name, available in _PREFERENCE if available()), "cpu"))
''',
        "measure_time": r'''def _device_kind(device):
    kind = str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"measure_time: unknown device {device!r}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"measure_time: {device!r} asked for, but cuda is not available")
    return kind


def _time_cuda(call):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    call()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def _time_host(call):
    began = time.perf_counter()
    call()
    return (time.perf_counter() - began) * 1000.0


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = _device_kind(device)
    if repeat < 1 or warmup < 0:
        raise ValueError(f"measure_time: repeat={repeat} must be >= 1 and warmup={warmup} >= 0")
    call = functools.partial(fn, *args, **kwargs)
    for _ in range(warmup):
        call()
    if kind == "cuda":
        torch.cuda.synchronize()
    timer = _time_cuda if kind == "cuda" else _time_host
    return float(statistics.median([timer(call) for _ in range(repeat)]))
''',
        "benchmark_ops": r'''def _slot(device):
    return "cpu_ms" if str(device).split(":")[0] == "cpu" else "gpu_ms"


def benchmark_ops(tensors, ops, devices, timer=measure_time):
    def run(name, op, inputs):
        times = {"cpu_ms": None, "gpu_ms": None}
        for device in devices:
            moved = [t.to(device) for t in inputs]
            times[_slot(device)] = timer(op, *moved, device=device)
        return OpResult(op=name, shape=tuple(map(int, inputs[0].shape)), **times)

    return [run(name, op, inputs) for name, op in ops.items() for inputs in tensors]


def _ms(value):
    return "n/a" if value is None else f"{value:.3f}"


def _speedup(r):
    return "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", _ms(r.cpu_ms), _ms(r.gpu_ms), _speedup(r)])
    return table
''',
        "matmul_tflops": r'''def _per_second(amount, ms, unit):
    return amount / (ms / 1000.0) / unit


def matmul_tflops(shape_a, shape_b, ms):
    batch = math.prod(torch.broadcast_shapes(tuple(shape_a)[:-2], tuple(shape_b)[:-2]))
    flop = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return _per_second(flop, ms, 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return _per_second(numel * dtype.itemsize * tensors_moved, ms, 1e9)
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return torch.einsum("bn,bm->bnm", a, b)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def _fits(try_alloc, n):
    try:
        try_alloc(n)
    except (torch.OutOfMemoryError, MemoryError):
        return False
    return True


def find_max_allocatable(try_alloc, hi):
    good, bad = 0, hi + 1
    while bad - good > 1:
        mid = (good + bad) // 2
        good, bad = (mid, bad) if _fits(try_alloc, mid) else (good, mid)
    return good
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    tensors = [(out_features, in_features), (batch, in_features), (batch, out_features)]
    tensors += [(out_features,)] if bias else []
    return sum(map(math.prod, tensors)) * bytes_per_element(dtype)
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    by_self = sorted(prof.key_averages(), key=operator.attrgetter("self_cpu_time_total"), reverse=True)
    return list(map(operator.attrgetter("key"), by_self[:k]))
''',
    },
    "st11": {
        "pick_device": r'''def pick_device():
    # порядок: cuda, mps, cpu
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    try:
        kind = torch.device(device).type
    except RuntimeError:
        raise ValueError(f"неизвестное устройство {device!r}") from None
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"неизвестное устройство {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat должен быть >= 1, получено {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup должен быть >= 0, получено {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"запрошено {device}, но cuda недоступна")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = torch.empty(repeat, dtype=torch.float64)
    if kind == "cuda":
        torch.cuda.synchronize()
    for i in range(repeat):
        if kind == "cuda":
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            stop.record()
            torch.cuda.synchronize()
            times[i] = start.elapsed_time(stop)
        else:
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            times[i] = (time.perf_counter() - t0) * 1000.0
    # torch.median берёт нижнюю из двух средних: это допустимо
    return float(torch.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for name, op in ops.items():
        for inputs in tensors:
            cpu_ms, gpu_ms = None, None
            for dev in devices:
                # переносим заранее, таймер видит только саму операцию
                moved = tuple(torch.Tensor.to(t, dev) for t in inputs)
                ms = timer(op, *moved, device=dev)
                if torch.device(dev).type == "cpu":
                    cpu_ms = ms
                else:
                    gpu_ms = ms
            results.append(OpResult(name, tuple(int(s) for s in inputs[0].size()), cpu_ms, gpu_ms))
    return results


def results_table(results):
    table = PrettyTable(field_names=["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        ratio = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([r.op + " " + "x".join(str(d) for d in r.shape), cpu, gpu, ratio])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    batch = torch.Size(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))).numel()
    n, k, m = shape_a[-2], shape_a[-1], shape_b[-1]
    return float(2 * batch * n * k * m) / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    size = torch.empty(0, dtype=dtype).element_size()
    return float(numel * size * tensors_moved) / (ms * 1e-3) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    # (B, n, 1) @ (B, 1, m) = (B, n, m)
    return torch.bmm(torch.unsqueeze(a, 2), torch.unsqueeze(b, 1))
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return int(free_bytes) // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo, up = 0, hi
    # инвариант: lo выделяется, всё выше up - нет
    while lo < up:
        mid = (lo + up + 1) // 2
        try:
            try_alloc(mid)
            ok = True
        except (torch.OutOfMemoryError, MemoryError):
            ok = False
        if ok:
            lo = mid
        else:
            up = mid - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.empty(0, dtype=dtype).element_size()
    weight = out_features * in_features
    b = out_features if bias else 0
    activations = batch * (in_features + out_features)
    return (weight + b + activations) * size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = list(prof.key_averages())
    if not rows:
        return []
    self_times = torch.tensor([float(r.self_cpu_time_total) for r in rows])
    order = torch.argsort(self_times, descending=True, stable=True)
    return [rows[i].key for i in order[:k].tolist()]
''',
    },
    "st12": {
        "pick_device": r'''def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    s = str(device)
    p = s.find(":")
    if p >= 0:
        s = s[:p]
    if s != "cpu" and s != "cuda" and s != "mps":
        raise ValueError("bad device '%s'" % device)
    if repeat < 1:
        raise ValueError("bad repeat %d" % repeat)
    if warmup < 0:
        raise ValueError("bad warmup %d" % warmup)
    if s == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda not available")
    i = 0
    while i < warmup:
        fn(*args, **kwargs)
        i += 1
    total = 0.0
    i = 0
    while i < repeat:
        if s == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter_ns()
        fn(*args, **kwargs)
        if s == "cuda":
            torch.cuda.synchronize()
        total += (time.perf_counter_ns() - t0) / 1e6
        i += 1
    return total / repeat
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = []
    for name in ops:
        op = ops[name]
        j = 0
        while j < len(tensors):
            inp = tensors[j]
            c = None
            g = None
            for d in devices:
                x = [t.to(d) for t in inp]
                ms = timer(op, *x, device=d)
                if str(d)[:3] == "cpu":
                    c = ms
                else:
                    g = ms
            res.append(OpResult(name, tuple(int(v) for v in inp[0].shape), c, g))
            j += 1
    return res


def results_table(results):
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        c = "%.3f" % r.cpu_ms if r.cpu_ms is not None else "n/a"
        g = "%.3f" % r.gpu_ms if r.gpu_ms is not None else "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            sp = "%.2fx" % (r.cpu_ms / r.gpu_ms)
        else:
            sp = "n/a"
        t.add_row(["%s %s" % (r.op, "x".join("%d" % v for v in r.shape)), c, g, sp])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    bs = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    nb = 1
    i = 0
    while i < len(bs):
        nb *= bs[i]
        i += 1
    f = 2.0 * nb * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return f / (ms * 1e-3) * 1e-12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return 1.0 * numel * dtype.itemsize * tensors_moved / (ms * 1e-3) * 1e-9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    B, n = a.shape
    m = b.shape[1]
    return a.reshape(B, n, 1) * b.reshape(B, 1, m)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return torch.zeros(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    l = 0
    r = hi
    while l < r:
        m = l + (r - l + 1) / 2
        m = int(m)
        ok = 1
        try:
            try_alloc(m)
        except (torch.OutOfMemoryError, MemoryError):
            ok = 0
        if ok:
            l = m
        else:
            r = m - 1
    return l
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    e = bytes_per_element(dtype)
    n = out_features * in_features + batch * in_features + batch * out_features
    if bias:
        n += out_features
    return n * e
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    ev = list(prof.key_averages())
    i = 0
    while i < len(ev):
        j = i + 1
        while j < len(ev):
            if ev[j].self_cpu_time_total > ev[i].self_cpu_time_total:
                ev[i], ev[j] = ev[j], ev[i]
            j += 1
        i += 1
    out = []
    i = 0
    while i < k and i < len(ev):
        out.append(ev[i].key)
        i += 1
    return out
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st01",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops", "outer_products_vectorized",
                   "bytes_per_element", "find_max_allocatable", "linear_forward_memory", "top_ops"],
        "disguise": "renamed variables and added comments, nothing else",
        "answers": {
            "pick_device": r'''def pick_device():
    # best available device first
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    dev = str(device).split(":")[0]
    if dev not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"need repeat >= 1 and warmup >= 0, got repeat={repeat}, warmup={warmup}")
    if dev == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda requested but not available")
    # untimed warm-up calls
    for _ in range(warmup):
        fn(*args, **kwargs)
    samples = []
    if dev == "cuda":
        torch.cuda.synchronize()
        for _ in range(repeat):
            ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            ev0.record(); fn(*args, **kwargs); ev1.record(); ev1.synchronize()
            samples.append(ev0.elapsed_time(ev1))
    else:
        for _ in range(repeat):
            start = time.perf_counter(); fn(*args, **kwargs); samples.append((time.perf_counter() - start) * 1e3)
    return float(statistics.median(samples))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    rows = []
    for op_name, op in ops.items():
        for inputs in tensors:
            # move once, then time
            timings = {d: timer(op, *[x.to(d) for x in inputs], device=d) for d in devices}
            cpu = next((v for d, v in timings.items() if str(d).startswith("cpu")), None)
            gpu = next((v for d, v in timings.items() if not str(d).startswith("cpu")), None)
            rows.append(OpResult(op_name, tuple(map(int, inputs[0].shape)), cpu, gpu))
    return rows


def results_table(results):
    fmt = lambda v: "n/a" if v is None else f"{v:.3f}"
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        speed = "n/a" if res.cpu_ms is None or res.gpu_ms is None else f"{res.cpu_ms / res.gpu_ms:.2f}x"
        table.add_row([f"{res.op} {'x'.join(map(str, res.shape))}", fmt(res.cpu_ms), fmt(res.gpu_ms), speed])
    return table
''',
            "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    # FLOP = 2 * batch * n * k * m
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    return 2 * math.prod(torch.broadcast_shapes(tuple(batch_a), tuple(batch_b))) * n * k * m / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / (ms * 1e-3) / 1e9
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    # broadcasting (B, n, 1) * (B, 1, m)
    return a[:, :, None] * b[:, None, :]
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    low = 0
    while low < hi:
        middle = (low + hi + 1) // 2
        try:
            try_alloc(middle)  # not kept
            low = middle
        except (torch.OutOfMemoryError, MemoryError):
            hi = middle - 1
    return low
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    # weight + bias + input + output
    return dtype.itemsize * (out_features * in_features + bias * out_features + batch * (in_features + out_features))
''',
            "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    return [ev.key for ev in sorted(prof.key_averages(), key=lambda ev: -ev.self_cpu_time_total)[:k]]
''',
        },
    },
    "cp02": {
        "source": "st10",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops", "outer_products_vectorized",
                   "bytes_per_element", "find_max_allocatable", "linear_forward_memory", "top_ops"],
        "disguise": "helpers inlined or renamed, map/filter and comprehensions turned into loops, einsum "
                    "swapped for bmm, the search loop restructured (good/bad kept), validation reordered, "
                    "attrgetter replaced by lambdas, dead code",
        "answers": {
            "pick_device": r'''def pick_device():
    checks = [("cuda", torch.cuda.is_available), ("mps", torch.backends.mps.is_available)]
    for name, available in checks:
        if available():
            return torch.device(name)
    return torch.device("cpu")
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if repeat < 1 or warmup < 0:
        raise ValueError(f"repeat={repeat} has to be >= 1 and warmup={warmup} >= 0")
    kind = str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device {device!r} is not known")
    on_gpu = kind == "cuda"
    if on_gpu and not torch.cuda.is_available():
        raise RuntimeError(f"cuda is not available, cannot use {device!r}")

    def call():
        return fn(*args, **kwargs)

    for _ in range(warmup):
        call()
    if on_gpu:
        torch.cuda.synchronize()
    samples = []
    for _ in range(repeat):
        if on_gpu:
            first = torch.cuda.Event(enable_timing=True)
            last = torch.cuda.Event(enable_timing=True)
            first.record()
            call()
            last.record()
            last.synchronize()
            samples.append(first.elapsed_time(last))
        else:
            t_start = time.perf_counter()
            call()
            samples.append(1000.0 * (time.perf_counter() - t_start))
    return float(statistics.median(samples))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for inputs in tensors:
        for name, op in ops.items():
            cpu_ms, gpu_ms = None, None
            for device in devices:
                moved = [t.to(device) for t in inputs]
                value = timer(op, *moved, device=device)
                if str(device).split(":")[0] == "cpu":
                    cpu_ms = value
                else:
                    gpu_ms = value
            out.append(OpResult(op=name, shape=tuple(int(d) for d in inputs[0].shape), cpu_ms=cpu_ms, gpu_ms=gpu_ms))
    return out


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cells = []
        for v in (r.cpu_ms, r.gpu_ms):
            cells.append("n/a" if v is None else f"{v:.3f}")
        ratio = "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            ratio = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([r.op + " " + "x".join(str(d) for d in r.shape), cells[0], cells[1], ratio])
    return table
''',
            "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    batch_shape = torch.broadcast_shapes(tuple(shape_a)[:-2], tuple(shape_b)[:-2])
    matrices = 1
    for d in batch_shape:
        matrices *= d
    seconds = ms / 1000.0
    return 2 * matrices * shape_a[-2] * shape_a[-1] * shape_b[-1] / seconds / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    seconds = ms / 1000.0
    moved_bytes = numel * dtype.itemsize * tensors_moved
    return moved_bytes / seconds / 1e9
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return torch.bmm(a.unsqueeze(-1), b.unsqueeze(1))
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    probe = torch.empty((), dtype=dtype)
    return probe.element_size()


def max_elements(free_bytes, dtype):
    size = bytes_per_element(dtype)
    return free_bytes // size
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    good = 0
    bad = hi + 1
    tries = 0
    while bad - good > 1:
        mid = (good + bad) // 2
        tries += 1
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            bad = mid
            continue
        good = mid
    return good
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    elements = out_features * in_features
    elements += batch * in_features
    elements += batch * out_features
    if bias:
        elements += out_features
    return elements * bytes_per_element(dtype)
''',
            "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = list(prof.key_averages())
    rows.sort(key=lambda row: row.self_cpu_time_total, reverse=True)
    names = []
    for row in rows[:k]:
        names.append(row.key)
    return names
''',
        },
    },
    "cp03": {
        "source": "st04",
        "kind": "partial",
        "copied": ["benchmark_ops", "find_max_allocatable", "top_ops"],
        "disguise": "copied three answers, st04's bug in find_max_allocatable (the last allocation kept "
                    "alive) included: Russian comments dropped, names changed, index loops turned into "
                    "for-each loops and join(), the if/else on the device turned into a conditional "
                    "expression, the manual top-k loop into a slice; wrote the other six",
        "answers": {
            "pick_device": r'''def pick_device():
    name = "cpu"
    if torch.cuda.is_available():
        name = "cuda"
    elif torch.backends.mps.is_available():
        name = "mps"
    return torch.device(name)
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    target = device if isinstance(device, torch.device) else None
    kind = target.type if target is not None else str(device).partition(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unsupported device: {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat has to be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup has to be non-negative, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"{device} was requested, but cuda is not available")
    n_calls = 0
    while n_calls < warmup:
        fn(*args, **kwargs)
        n_calls += 1
    if kind == "cuda":
        pairs = []
        for _ in range(repeat):
            pair = (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
            pair[0].record()
            fn(*args, **kwargs)
            pair[1].record()
            pairs.append(pair)
        torch.cuda.synchronize()
        elapsed = [a.elapsed_time(b) for a, b in pairs]
    else:
        elapsed = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            elapsed.append(1000 * (time.perf_counter() - t0))
    return float(statistics.median(elapsed))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    out = []
    for op_name in ops:
        fn = ops[op_name]
        for inputs in tensors:
            cpu_time = None
            gpu_time = None
            for dev in devices:
                on_dev = []
                for x in inputs:
                    on_dev.append(x.to(dev))
                elapsed = timer(fn, *on_dev, device=dev)
                if str(dev).startswith("cpu"):
                    cpu_time = elapsed
                else:
                    gpu_time = elapsed
            out.append(OpResult(op_name, tuple(int(d) for d in inputs[0].shape), cpu_time, gpu_time))
    return out


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        dims = "x".join(str(d) for d in res.shape)
        cpu_cell = "n/a" if res.cpu_ms is None else f"{res.cpu_ms:.3f}"
        gpu_cell = "n/a" if res.gpu_ms is None else f"{res.gpu_ms:.3f}"
        if res.cpu_ms is None or res.gpu_ms is None:
            ratio = "n/a"
        else:
            ratio = f"{res.cpu_ms / res.gpu_ms:.2f}x"
        table.add_row([res.op + " " + dims, cpu_cell, gpu_cell, ratio])
    return table
''',
            "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    a = torch.empty(shape_a, device="meta")
    b = torch.empty(shape_b, device="meta")
    out = torch.matmul(a, b)
    flop = 2 * out.numel() * shape_a[-1]
    return flop / (ms / 1e3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    nbytes = numel * torch.empty(0, dtype=dtype).element_size() * tensors_moved
    return nbytes / (ms / 1e3) / 1e9
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return torch.einsum("ij,ik->ijk", a, b)
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    if dtype.is_floating_point:
        return torch.finfo(dtype).bits // 8
    if dtype == torch.bool:
        return 1
    if dtype.is_complex:
        return torch.empty(0, dtype=dtype).element_size()
    return torch.iinfo(dtype).bits // 8


def max_elements(free_bytes, dtype):
    return int(free_bytes // bytes_per_element(dtype))
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    low, high = 0, hi
    kept = None
    while low < high:
        probe = (low + high + 1) // 2
        try:
            kept = try_alloc(probe)
        except (torch.OutOfMemoryError, MemoryError):
            high = probe - 1
        else:
            low = probe
    return low
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    item = torch.empty(0, dtype=dtype).element_size()
    params = in_features * out_features + (out_features if bias else 0)
    acts = batch * in_features + batch * out_features
    return (params + acts) * item
''',
            "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    pairs = [(ev.self_cpu_time_total, ev.key) for ev in prof.key_averages()]
    pairs.sort(reverse=True)
    return [key for _, key in pairs[:k]]
''',
        },
    },
    "cp04": {
        "source": "st02",
        "kind": "partial",
        "copied": ["pick_device", "matmul_tflops", "bytes_per_element", "linear_forward_memory", "top_ops"],
        "disguise": "copied five answers and restructured them: the if-chain to a conditional expression, "
                    "batch loop to math.prod, a helper for seconds, the element sum folded into one "
                    "expression, sort moved into sorted(), error wording changed; wrote the other four",
        "answers": {
            "pick_device": r'''def pick_device():
    name = "cuda" if torch.cuda.is_available() else ("mps" if torch.backends.mps.is_available() else "cpu")
    return torch.device(name)
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    base = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if base not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device must be cpu, cuda or mps, got {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be positive, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup cannot be negative, got {warmup}")
    if base == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("no cuda device available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    results = []
    for _ in range(repeat):
        if base == "cuda":
            torch.cuda.synchronize()
            t = time.perf_counter()
            fn(*args, **kwargs)
            torch.cuda.synchronize()
        else:
            t = time.perf_counter()
            fn(*args, **kwargs)
        results.append((time.perf_counter() - t) * 1000)
    return float(statistics.median(results))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for name, op in ops.items():
        for inputs in tensors:
            times = dict(cpu_ms=None, gpu_ms=None)
            for dev in devices:
                field = "cpu_ms" if str(dev).startswith("cpu") else "gpu_ms"
                args = [x.to(dev) for x in inputs]
                times[field] = timer(op, *args, device=dev)
            results.append(OpResult(name, tuple(int(n) for n in inputs[0].shape), **times))
    return results


def results_table(results):
    pt = PrettyTable()
    pt.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for r in results:
        both = r.cpu_ms is not None and r.gpu_ms is not None
        pt.add_row([
            "%s %s" % (r.op, "x".join(map(str, r.shape))),
            "n/a" if r.cpu_ms is None else "%.3f" % r.cpu_ms,
            "n/a" if r.gpu_ms is None else "%.3f" % r.gpu_ms,
            "%.2fx" % (r.cpu_ms / r.gpu_ms) if both else "n/a",
        ])
    return pt
''',
            "matmul_tflops": r'''def _seconds(ms):
    return ms / 1000.0


def matmul_tflops(shape_a, shape_b, ms):
    n, k, m = shape_a[-2], shape_a[-1], shape_b[-1]
    batches = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    return float(2 * batches * n * k * m / _seconds(ms) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return float(numel * bytes_per_element(dtype) * tensors_moved / _seconds(ms) / 1e9)
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    B, n = a.shape
    return a.view(B, n, 1) @ b.view(B, 1, -1)
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    if isinstance(dtype, torch.dtype):
        return torch.empty(0, dtype=dtype).element_size()
    raise TypeError(f"bytes_per_element needs a torch.dtype, not {type(dtype).__name__}")


def max_elements(free_bytes, dtype):
    if free_bytes < 0:
        raise ValueError(f"free_bytes cannot be negative: {free_bytes}")
    return int(free_bytes // bytes_per_element(dtype))
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    ok, fail = 0, hi + 1
    while fail - ok > 1:
        n = ok + (fail - ok) // 2
        try:
            try_alloc(n)
            ok = n
        except (MemoryError, torch.OutOfMemoryError):
            fail = n
    return ok
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    elements = (out_features * in_features + (out_features if bias else 0)
                + batch * in_features + batch * out_features)
    return int(elements * bytes_per_element(dtype))
''',
            "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    ranked = sorted(prof.key_averages(), key=lambda ev: ev.self_cpu_time_total, reverse=True)
    return [ev.key for ev in ranked[:k]]
''',
        },
    },
}
