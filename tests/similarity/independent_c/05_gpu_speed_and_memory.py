"""Independent test data for copy detection, lesson 05_gpu_speed_and_memory, author C (second writer).

How it was made (from the task texts alone, without seeing the detector, the variants, the solutions or other
authors' data); one line per student: their style and which answers are wrong and how (the same people as in
lesson 04):
- st01: Russian comments, plain and careful; all answers right.
- st02: competitive programmer, one-liners and short names; find_max_allocatable catches every Exception, so a
  ValueError from try_alloc counts as "out of memory" instead of reaching the caller.
- st03: beginner with prints; measure_time returns seconds, not milliseconds (wrong units); top_ops sorts by
  cpu_time_total (total, not self time).
- st04: a class for everything (a timer, a device probe, a binary search); pick_device asks for mps before cuda
  (the wrong order when both are there).
- st05: type hints and docstrings; all answers right.
- st06: C programmer, while loops and index counters; measure_time's CUDA branch synchronizes before each call
  but not after it, so it times only the launch (the forgotten torch.cuda.synchronize).
- st07: numpy lover; linear_forward_memory returns a numpy.int64 from np.prod (the wrong type, not an int).
- st08: physicist, units in comments; elementwise_gbps divides by 2**30 (GiB, not 10**9 bytes: wrong units).
- st09: functional style (map, reduce, lambdas); outer_products_vectorized stacks map(torch.outer, a, b), a loop
  over the batch in disguise.
- st10: lazy, minimal; measure_time checks none of its arguments (no ValueError, no RuntimeError); matmul_tflops
  ignores the batch dimensions; find_max_allocatable and top_ops left out.
- st11: defensive, asserts everywhere; find_max_allocatable keeps the last successful allocation alive in a
  variable while it tries the next size (with a capacity-limited allocator the search also comes out too small);
  the asserts of outer_products_vectorized make it 11 torch calls, over the limit of 10.
- st12: Spanish comments and names; benchmark_ops moves the inputs to the device inside the timed function, so
  every timed call includes a copy.

Ground truth of the copies:
- cp01: full copy of st04, heavy disguise: every class, method and variable renamed, methods reordered inside the
  classes, the DeviceProbe class replaced by a tuple of (name, check) pairs walked in the same order (mps before
  cuda: st04's bug kept), comprehensions turned into loops, unsqueeze(-1) written as [:, :, None], docstrings of
  the helper classes rewritten.
- cp02: full copy of st07, light disguise: local names changed, comments reworded or dropped, a few lines
  rewrapped; logic, numpy calls and the np.int64 result of linear_forward_memory kept.
- cp03: partial copy of st01: pick_device, measure_time, outer_products_vectorized, linear_forward_memory taken
  (Russian comments translated into English or dropped, names changed, if/if turned into if/elif/else, the CPU
  branch of measure_time put first, the einsum letters changed, the sum regrouped); the other five written by
  cp03.
- cp04: partial copy of st11: benchmark_ops, matmul_tflops, find_max_allocatable, top_ops taken (asserts removed,
  names changed, independent statements reordered, messages reworded; st11's kept-alive allocation kept); the
  other five written by cp04."""

STUDENTS = {
    "st01": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():  # GPU на маках
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    # тип устройства: "cuda:0" -> "cuda", torch.device -> .type
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"неизвестное устройство: {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat должно быть >= 1, получено {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup должно быть >= 0, получено {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"запрошено устройство {device}, но cuda недоступна")

    for _ in range(warmup):  # прогрев не считаем
        fn(*args, **kwargs)

    times = []
    if kind == "cuda":
        for _ in range(repeat):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()  # ждём, пока GPU дойдёт до end
            times.append(start.elapsed_time(end))  # уже в миллисекундах
    else:
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            times.append((time.perf_counter() - t0) * 1000)  # секунды -> мс
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    results = []
    for inputs in tensors:
        cpu_ms = dict.fromkeys(ops)
        gpu_ms = dict.fromkeys(ops)
        for device in devices:
            moved = tuple(t.to(device) for t in inputs)  # копируем один раз, до замеров
            for name, op in ops.items():
                ms = timer(op, *moved, device=device)
                if device == "cpu":
                    cpu_ms[name] = ms
                else:
                    gpu_ms[name] = ms
        shape = tuple(inputs[0].shape)
        for name in ops:
            results.append(OpResult(name, shape, cpu_ms[name], gpu_ms[name]))
    return results


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        name = f"{r.op} {'x'.join(str(d) for d in r.shape)}"
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        if r.cpu_ms is None or r.gpu_ms is None:
            speedup = "n/a"
        else:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([name, cpu, gpu, speedup])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    # число матриц: пакетные измерения транслируются, как в torch.matmul
    batch = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    flop = 2 * math.prod(batch) * n * k * m
    return flop / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    moved_bytes = numel * dtype.itemsize * tensors_moved
    return moved_bytes / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return int(free_bytes) // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    lo = 0  # try_alloc(0) всегда успешен
    while lo < hi:
        mid = (lo + hi + 1) // 2  # округляем вверх, иначе зациклимся при hi = lo + 1
        try:
            try_alloc(mid)  # результат сразу выбрасываем: память освобождается
        except (torch.OutOfMemoryError, MemoryError):
            hi = mid - 1
        else:
            lo = mid
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    size = torch.empty((), dtype=dtype).element_size()
    weight = out_features * in_features
    bias_elements = out_features if bias else 0
    activations = batch * in_features + batch * out_features  # вход и выход
    return (weight + bias_elements + activations) * size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    # сортируем по собственному времени, не по полному
    events = sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)
    return [e.key for e in events[:k]]
''',
    },
    "st02": {
        "pick_device": r'''def pick_device():
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    d = torch.device(device) if isinstance(device, torch.device) or device.split(":")[0] in ("cpu", "cuda", "mps") else None
    if d is None:
        raise ValueError(f"bad device {device}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"bad repeat={repeat} or warmup={warmup}")
    if d.type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("no cuda")
    for _ in range(warmup):
        fn(*args, **kwargs)
    t = []
    for _ in range(repeat):
        if d.type == "cuda":
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); fn(*args, **kwargs); e.record(); e.synchronize()
            t.append(s.elapsed_time(e))
        else:
            s = time.perf_counter_ns(); fn(*args, **kwargs)
            t.append((time.perf_counter_ns() - s) / 1e6)
    return float(sorted(t)[len(t) // 2])
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    res = {}
    for i, xs in enumerate(tensors):
        for d in devices:
            ys = [x.to(d) for x in xs]
            for name, op in ops.items():
                c, g = res.get((i, name), (None, None))
                ms = timer(op, *ys, device=d)
                res[(i, name)] = (ms, g) if d == "cpu" else (c, ms)
    return [OpResult(name, tuple(tensors[i][0].shape), c, g) for (i, name), (c, g) in res.items()]


def results_table(results):
    f = lambda v: "n/a" if v is None else f"{v:.3f}"
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        sp = "n/a" if None in (r.cpu_ms, r.gpu_ms) else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        t.add_row([r.op + " " + "x".join(map(str, r.shape)), f(r.cpu_ms), f(r.gpu_ms), sp])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    b = math.prod(torch.broadcast_shapes(tuple(shape_a)[:-2], tuple(shape_b)[:-2]))
    return 2 * b * shape_a[-2] * shape_a[-1] * shape_b[-1] / ms / 1e9


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * dtype.itemsize * tensors_moved / ms / 1e6
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    return a[:, :, None] * b[:, None, :]
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    return free_bytes // dtype.itemsize
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    lo = 0
    while lo < hi:
        m = (lo + hi + 1) >> 1
        try:
            try_alloc(m)
            lo = m
        except Exception:
            hi = m - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    return (out_features * (in_features + bias) + batch * (in_features + out_features)) * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as p:
        fn()
    return [e.key for e in sorted(p.key_averages(), key=lambda e: -e.self_cpu_time_total)][:k]
''',
    },
    "st03": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    if torch.cuda.is_available() == True:
        print("we have cuda")
        device = torch.device("cuda")
    elif torch.backends.mps.is_available() == True:
        print("we have mps")
        device = torch.device("mps")
    else:
        print("only cpu")
        device = torch.device("cpu")
    return device
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    device_name = str(device)
    if ":" in device_name:
        device_name = device_name[:device_name.index(":")]
    print("device is", device_name)
    if device_name != "cpu" and device_name != "cuda" and device_name != "mps":
        raise ValueError("unknown device: " + str(device))
    if repeat < 1:
        raise ValueError("repeat must be at least 1, not " + str(repeat))
    if warmup < 0:
        raise ValueError("warmup must not be negative, not " + str(warmup))
    if device_name == "cuda" and torch.cuda.is_available() == False:
        raise RuntimeError("cuda is not available on this computer")
    for i in range(warmup):
        fn(*args, **kwargs)
    print("warm-up done")
    times = []
    for i in range(repeat):
        if device_name == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        fn(*args, **kwargs)
        if device_name == "cuda":
            torch.cuda.synchronize()
        end = time.perf_counter()
        times.append(end - start)
        print("run", i, "took", end - start)
    times.sort()
    middle = len(times) // 2
    if len(times) % 2 == 1:
        median = times[middle]
    else:
        median = (times[middle - 1] + times[middle]) / 2
    print("median:", median)
    return float(median)
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    results = []
    for name in ops:
        op = ops[name]
        for inputs in tensors:
            cpu_time = None
            gpu_time = None
            for device in devices:
                moved = []
                for t in inputs:
                    moved.append(t.to(device))
                print("timing", name, "on", device)
                ms = timer(op, *moved, device=device)
                if device == "cpu":
                    cpu_time = ms
                else:
                    gpu_time = ms
            shape = tuple(inputs[0].shape)
            results.append(OpResult(name, shape, cpu_time, gpu_time))
    return results


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable()
    table.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for result in results:
        shape_text = ""
        for i in range(len(result.shape)):
            if i > 0:
                shape_text = shape_text + "x"
            shape_text = shape_text + str(result.shape[i])
        if result.cpu_ms == None:
            cpu_text = "n/a"
        else:
            cpu_text = "%.3f" % result.cpu_ms
        if result.gpu_ms == None:
            gpu_text = "n/a"
        else:
            gpu_text = "%.3f" % result.gpu_ms
        if result.cpu_ms == None or result.gpu_ms == None:
            speedup_text = "n/a"
        else:
            speedup_text = "%.2fx" % (result.cpu_ms / result.gpu_ms)
        table.add_row([result.op + " " + shape_text, cpu_text, gpu_text, speedup_text])
    print(table)
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    n = shape_a[-2]
    k = shape_a[-1]
    m = shape_b[-1]
    batch_shape = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    matrices = 1
    for size in batch_shape:
        matrices = matrices * size
    flops = 2 * n * k * m * matrices
    seconds = ms / 1000
    print("flops:", flops, "seconds:", seconds)
    return flops / seconds / 10**12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    element_size = torch.tensor([], dtype=dtype).element_size()
    total_bytes = numel * element_size * tensors_moved
    seconds = ms / 1000
    print("bytes:", total_bytes, "seconds:", seconds)
    return total_bytes / seconds / 10**9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    a_column = a.unsqueeze(2)
    b_row = b.unsqueeze(1)
    print("shapes:", a_column.shape, b_row.shape)
    result = a_column * b_row
    print("result shape:", result.shape)
    return result
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    t = torch.tensor([], dtype=dtype)
    size = t.element_size()
    print(dtype, "has", size, "bytes")
    return size


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    size = bytes_per_element(dtype)
    count = free_bytes // size
    print(count, "elements fit")
    return int(count)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    low = 0
    high = hi
    while low < high:
        middle = (low + high + 1) // 2
        print("trying", middle)
        try:
            x = try_alloc(middle)
            del x
            print("it worked")
            low = middle
        except torch.OutOfMemoryError:
            print("out of memory")
            high = middle - 1
        except MemoryError:
            print("out of memory (python)")
            high = middle - 1
    print("the answer is", low)
    return low
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    element_size = torch.tensor([], dtype=dtype).element_size()
    weight_numbers = in_features * out_features
    if bias == True:
        bias_numbers = out_features
    else:
        bias_numbers = 0
    input_numbers = batch * in_features
    output_numbers = batch * out_features
    total = weight_numbers + bias_numbers + input_numbers + output_numbers
    print("total numbers:", total)
    return total * element_size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    print(prof.key_averages().table(sort_by="cpu_time_total", row_limit=10))
    rows = list(prof.key_averages())
    rows.sort(key=lambda row: row.cpu_time_total, reverse=True)
    names = []
    for row in rows[:k]:
        names.append(row.key)
    print("top:", names)
    return names
''',
    },
    "st04": {
        "pick_device": r'''class DeviceProbe:
    """Asks PyTorch which accelerators this machine has."""

    def has_mps(self):
        return torch.backends.mps.is_available()

    def has_cuda(self):
        return torch.cuda.is_available()

    def best(self):
        if self.has_mps():
            return torch.device("mps")
        if self.has_cuda():
            return torch.device("cuda")
        return torch.device("cpu")


def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    return DeviceProbe().best()
''',
        "measure_time": r'''class Stopwatch:
    """Times one call in milliseconds on the CPU or, with CUDA events, on the GPU."""

    KINDS = ("cpu", "cuda", "mps")

    def __init__(self, device):
        self.kind = torch.device(device).type if isinstance(device, torch.device) else str(device).partition(":")[0]
        if self.kind not in self.KINDS:
            raise ValueError(f"unknown device {device!r}, expected one of {self.KINDS}")
        if self.kind == "cuda" and not torch.cuda.is_available():
            raise RuntimeError(f"device {device!r} asks for cuda, which is not available")

    def time_call(self, fn, args, kwargs):
        if self.kind == "cuda":
            begin = torch.cuda.Event(enable_timing=True)
            finish = torch.cuda.Event(enable_timing=True)
            begin.record()
            fn(*args, **kwargs)
            finish.record()
            finish.synchronize()
            return begin.elapsed_time(finish)
        begin = time.perf_counter()
        fn(*args, **kwargs)
        return (time.perf_counter() - begin) * 1e3


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be at least 0, got {warmup}")
    watch = Stopwatch(device)
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = [watch.time_call(fn, args, kwargs) for _ in range(repeat)]
    return float(statistics.median(times))
''',
        "benchmark_ops": r'''class Benchmark:
    """Times every operation on every input on every device."""

    def __init__(self, ops, devices, timer):
        self.ops, self.devices, self.timer = ops, devices, timer

    def on_device(self, inputs, device):
        moved = tuple(t.to(device) for t in inputs)
        return {name: self.timer(op, *moved, device=device) for name, op in self.ops.items()}

    def run(self, inputs):
        cpu, gpu = {}, {}
        for device in self.devices:
            (cpu if device == "cpu" else gpu).update(self.on_device(inputs, device))
        shape = tuple(inputs[0].shape)
        return [OpResult(name, shape, cpu.get(name), gpu.get(name)) for name in self.ops]


def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    bench = Benchmark(ops, devices, timer)
    return [result for inputs in tensors for result in bench.run(inputs)]


class Row:
    """One line of the results table."""

    def __init__(self, result):
        self.result = result

    @staticmethod
    def ms(value):
        return "n/a" if value is None else f"{value:.3f}"

    def cells(self):
        r = self.result
        label = f"{r.op} " + "x".join(str(size) for size in r.shape)
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        return [label, self.ms(r.cpu_ms), self.ms(r.gpu_ms), speedup]


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for result in results:
        table.add_row(Row(result).cells())
    return table
''',
        "matmul_tflops": r'''class Throughput:
    """Units: TFLOP/s and GB/s are 10**12 and 10**9 per second."""

    TERA, GIGA = 1e12, 1e9

    @staticmethod
    def per_second(amount, ms):
        return amount / (ms / 1e3)


def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    matrices = math.prod(torch.broadcast_shapes(tuple(batch_a), tuple(batch_b)))
    return Throughput.per_second(2 * matrices * n * k * m, ms) / Throughput.TERA


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    moved = tensors_moved * numel * bytes_per_element_of(dtype)
    return Throughput.per_second(moved, ms) / Throughput.GIGA


def bytes_per_element_of(dtype):
    return torch.empty(0, dtype=dtype).element_size()
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return torch.bmm(a.unsqueeze(-1), b.unsqueeze(-2))
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    whole, _ = divmod(free_bytes, bytes_per_element(dtype))
    return whole
''',
        "find_max_allocatable": r'''class AllocationSearch:
    """Binary search for the largest size that try_alloc accepts; lo always fits, hi is still unknown."""

    OUT_OF_MEMORY = (torch.OutOfMemoryError, MemoryError)

    def __init__(self, try_alloc, hi):
        self.try_alloc, self.lo, self.hi = try_alloc, 0, hi

    def fits(self, n):
        try:
            self.try_alloc(n)
        except self.OUT_OF_MEMORY:
            return False
        return True

    def run(self):
        while self.lo < self.hi:
            middle = self.lo + (self.hi - self.lo + 1) // 2
            if self.fits(middle):
                self.lo = middle
            else:
                self.hi = middle - 1
        return self.lo


def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    return AllocationSearch(try_alloc, hi).run()
''',
        "linear_forward_memory": r'''class LinearFootprint:
    """Element counts of the tensors alive during y = layer(x) for an nn.Linear."""

    def __init__(self, batch, in_features, out_features, bias):
        self.batch, self.fan_in, self.fan_out, self.bias = batch, in_features, out_features, bias

    def parameters(self):
        return self.fan_out * self.fan_in + (self.fan_out if self.bias else 0)

    def activations(self):
        return self.batch * (self.fan_in + self.fan_out)


def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    footprint = LinearFootprint(batch, in_features, out_features, bias)
    return (footprint.parameters() + footprint.activations()) * dtype.itemsize
''',
        "top_ops": r'''class ProfiledRun:
    """One call of fn under the CPU profiler."""

    def __init__(self, fn):
        with profile(activities=[ProfilerActivity.CPU]) as prof:
            fn()
        self.averages = prof.key_averages()

    def by_self_time(self):
        return sorted(self.averages, key=lambda event: event.self_cpu_time_total, reverse=True)


def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    return [event.key for event in ProfiledRun(fn).by_self_time()[:k]]
''',
    },
    "st05": {
        "pick_device": r'''def pick_device() -> torch.device:
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device).

    CUDA first (NVIDIA, and AMD through ROCm), then Apple's Metal (MPS), then the CPU, which is always there.
    """
    if torch.cuda.is_available():
        return torch.device("cuda")
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def _device_type(device) -> str:
    """'cpu', 'cuda' or 'mps' for a str ('cuda:0') or a torch.device; ValueError naming anything else."""
    if isinstance(device, torch.device):
        kind = device.type
    else:
        kind = str(device).split(":", 1)[0]
    if kind not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"unknown device {device!r}: expected 'cpu', 'cuda' or 'mps'")
    return kind


def measure_time(fn, *args, device="cpu", repeat: int = 10, warmup: int = 2, **kwargs) -> float:
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    kind: str = _device_type(device)
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"device {device!r} needs cuda, but torch.cuda.is_available() is False")

    for _ in range(warmup):
        fn(*args, **kwargs)

    timings_ms: list[float] = []
    for _ in range(repeat):
        if kind == "cuda":
            # events sit in the GPU's queue: they time the kernels, not the launch
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            timings_ms.append(start.elapsed_time(end))
        else:
            started: float = time.perf_counter()
            fn(*args, **kwargs)
            timings_ms.append((time.perf_counter() - started) * 1e3)
    return float(statistics.median(timings_ms))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors: list, ops: dict, devices: list, timer=measure_time) -> list:
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    times: dict = {}  # (input index, op name, "cpu" or "gpu") -> ms
    for index, inputs in enumerate(tensors):
        for device in devices:
            on_device = [tensor.to(device) for tensor in inputs]
            column = "cpu" if torch.device(device).type == "cpu" else "gpu"
            for name, op in ops.items():
                times[index, name, column] = timer(op, *on_device, device=device)
    return [
        OpResult(name, tuple(inputs[0].shape), times.get((index, name, "cpu")), times.get((index, name, "gpu")))
        for index, inputs in enumerate(tensors)
        for name in ops
    ]


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def results_table(results: list) -> PrettyTable:
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for result in results:
        both = result.cpu_ms is not None and result.gpu_ms is not None
        speedup = f"{result.cpu_ms / result.gpu_ms:.2f}x" if both else "n/a"
        shape = "x".join(map(str, result.shape))
        table.add_row([f"{result.op} {shape}", _ms(result.cpu_ms), _ms(result.gpu_ms), speedup])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a: tuple, shape_b: tuple, ms: float) -> float:
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    n, k = shape_a[-2:]
    m: int = shape_b[-1]
    matrices: int = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    flop: int = 2 * matrices * n * k * m  # one multiply and one add per term
    return float(flop / (ms * 1e-3) / 1e12)


def elementwise_gbps(numel: int, dtype: torch.dtype, tensors_moved: int, ms: float) -> float:
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    moved_bytes: int = tensors_moved * numel * dtype.itemsize
    return float(moved_bytes / (ms * 1e-3) / 1e9)
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B.

    Broadcasting: (B, n, 1) * (B, 1, m) -> (B, n, m).
    """
    return a.unsqueeze(2) * b.unsqueeze(1)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype: torch.dtype) -> int:
    """Size in bytes of one element of a torch dtype, as an int."""
    return int(dtype.itemsize)


def max_elements(free_bytes: int, dtype: torch.dtype) -> int:
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return int(free_bytes // bytes_per_element(dtype))
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi: int) -> int:
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    Invariant: try_alloc(good) succeeds; every n > bad fails or is out of range.
    """
    good: int = 0
    bad: int = hi
    while good < bad:
        probe: int = (good + bad + 1) // 2
        try:
            try_alloc(probe)  # the result is dropped at once, so its memory is free for the next try
        except (torch.OutOfMemoryError, MemoryError):
            bad = probe - 1
        else:
            good = probe
    return good
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch: int, in_features: int, out_features: int, dtype: torch.dtype,
                          bias: bool = True) -> int:
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    elements: int = (
        out_features * in_features  # weight
        + (out_features if bias else 0)  # bias
        + batch * in_features  # input
        + batch * out_features  # output
    )
    return elements * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k: int = 3) -> list[str]:
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as trace:
        fn()
    rows = sorted(trace.key_averages(), key=lambda row: row.self_cpu_time_total, reverse=True)
    return [row.key for row in rows][:k]
''',
    },
    "st06": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    name = "cpu"
    if torch.cuda.is_available():
        name = "cuda"
    else:
        if torch.backends.mps.is_available():
            name = "mps"
    return torch.device(name)
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    if isinstance(device, torch.device):
        kind = device.type
    else:
        kind = str(device)
        i = 0
        while i < len(kind):
            if kind[i] == ":":
                kind = kind[:i]
                break
            i = i + 1
    if kind != "cpu" and kind != "cuda" and kind != "mps":
        raise ValueError("unknown device %s" % str(device))
    if repeat < 1:
        raise ValueError("repeat=%d must be >= 1" % repeat)
    if warmup < 0:
        raise ValueError("warmup=%d must be >= 0" % warmup)
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda requested but not available")
    i = 0
    while i < warmup:
        fn(*args, **kwargs)
        i = i + 1
    t = [0.0] * repeat
    i = 0
    while i < repeat:
        if kind == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        t1 = time.perf_counter()
        t[i] = (t1 - t0) * 1000.0
        i = i + 1
    # insertion sort, then the middle
    i = 1
    while i < repeat:
        v = t[i]
        j = i - 1
        while j >= 0 and t[j] > v:
            t[j + 1] = t[j]
            j = j - 1
        t[j + 1] = v
        i = i + 1
    if repeat % 2 == 1:
        return t[repeat // 2]
    return (t[repeat // 2 - 1] + t[repeat // 2]) / 2.0
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    names = list(ops.keys())
    out = []
    i = 0
    while i < len(tensors):
        cpu_t = [None] * len(names)
        gpu_t = [None] * len(names)
        d = 0
        while d < len(devices):
            dev = devices[d]
            args = tuple(x.to(dev) for x in tensors[i])
            j = 0
            while j < len(names):
                ms = timer(ops[names[j]], *args, device=dev)
                if dev == "cpu":
                    cpu_t[j] = ms
                else:
                    gpu_t[j] = ms
                j = j + 1
            d = d + 1
        j = 0
        while j < len(names):
            out.append(OpResult(names[j], tuple(tensors[i][0].shape), cpu_t[j], gpu_t[j]))
            j = j + 1
        i = i + 1
    return out


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    tab = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    i = 0
    while i < len(results):
        r = results[i]
        dims = "x".join(["%d" % s for s in r.shape])
        c = "n/a" if r.cpu_ms is None else "%.3f" % r.cpu_ms
        g = "n/a" if r.gpu_ms is None else "%.3f" % r.gpu_ms
        sp = "n/a"
        if r.cpu_ms is not None and r.gpu_ms is not None:
            sp = "%.2fx" % (r.cpu_ms / r.gpu_ms)
        tab.add_row([r.op + " " + dims, c, g, sp])
        i = i + 1
    return tab
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    la = len(shape_a)
    lb = len(shape_b)
    n = shape_a[la - 2]
    k = shape_a[la - 1]
    m = shape_b[lb - 1]
    # broadcast the batch dimensions by hand, right-aligned
    count = 1
    i = 1
    while i <= max(la, lb) - 2:
        da = shape_a[la - 2 - i] if la - 2 - i >= 0 else 1
        db = shape_b[lb - 2 - i] if lb - 2 - i >= 0 else 1
        count = count * (da if db == 1 else db)
        i = i + 1
    return 2.0 * count * n * k * m / (ms / 1000.0) / 1.0e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    size = torch.empty(1, dtype=dtype).element_size()
    return 1.0 * numel * size * tensors_moved / (ms / 1000.0) / 1.0e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    B = a.shape[0]
    n = a.shape[1]
    m = b.shape[1]
    return a.reshape(B, n, 1) * b.reshape(B, 1, m)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.empty(1, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    lo = 0
    top = hi
    while lo < top:
        mid = lo + (top - lo + 1) / 2
        mid = int(mid)
        ok = 1
        try:
            try_alloc(mid)
        except (torch.cuda.OutOfMemoryError, MemoryError):
            ok = 0
        if ok:
            lo = mid
        else:
            top = mid - 1
    return lo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    size = torch.empty(1, dtype=dtype).element_size()
    total = out_features * in_features
    if bias:
        total = total + out_features
    total = total + batch * in_features
    total = total + batch * out_features
    return total * size
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = list(prof.key_averages())
    names = []
    while len(names) < k and len(rows) > 0:
        best = 0
        i = 1
        while i < len(rows):
            if rows[i].self_cpu_time_total > rows[best].self_cpu_time_total:
                best = i
            i = i + 1
        names.append(rows[best].key)
        rows.pop(best)
    return names
''',
    },
    "st07": {
        "pick_device": r'''import numpy as np


def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    options = np.array(["cuda", "mps", "cpu"])
    available = np.array([torch.cuda.is_available(), torch.backends.mps.is_available(), True])
    return torch.device(str(options[np.argmax(available)]))
''',
        "measure_time": r'''import numpy as np


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if not np.isin(kind, ["cpu", "cuda", "mps"]):
        raise ValueError(f"unknown device: {device}")
    if repeat < 1:
        raise ValueError(f"repeat = {repeat} < 1")
    if warmup < 0:
        raise ValueError(f"warmup = {warmup} < 0")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"cuda is not available (device = {device})")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = np.empty(repeat)
    for i in range(repeat):
        if kind == "cuda":
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            torch.cuda.synchronize()
        else:
            t0 = time.perf_counter()
            fn(*args, **kwargs)
        times[i] = time.perf_counter() - t0
    return float(np.median(times) * 1e3)
''',
        "benchmark_ops": r'''import numpy as np


def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    names = list(ops)
    # a table of times: [input, op, cpu/gpu], NaN where not measured
    grid = np.full((len(tensors), len(names), 2), np.nan)
    for i, inputs in enumerate(tensors):
        for device in devices:
            moved = [t.to(device) for t in inputs]
            column = 0 if device == "cpu" else 1
            for j, name in enumerate(names):
                grid[i, j, column] = timer(ops[name], *moved, device=device)
    as_ms = lambda v: None if np.isnan(v) else v.item()
    return [OpResult(name, tuple(tensors[i][0].shape), as_ms(grid[i, j, 0]), as_ms(grid[i, j, 1]))
            for i in range(len(tensors)) for j, name in enumerate(names)]


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = np.nan if r.cpu_ms is None else r.cpu_ms
        gpu = np.nan if r.gpu_ms is None else r.gpu_ms
        fmt = lambda v, spec: "n/a" if np.isnan(v) else format(v, spec)
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", fmt(cpu, ".3f"), fmt(gpu, ".3f"),
                       fmt(cpu / gpu, ".2f") + ("x" if not np.isnan(cpu / gpu) else "")])
    return table
''',
        "matmul_tflops": r'''import numpy as np


def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    batch = np.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    flop = 2 * int(np.prod(batch, dtype=np.int64)) * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return float(flop / (ms / 1e3) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    return float(numel * dtype.itemsize * tensors_moved / (ms / 1e3) / 1e9)
''',
        "outer_products_vectorized": r'''import numpy as np


def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    # same as np.einsum("bi,bj->bij", a, b)
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bytes_per_element": r'''import numpy as np


def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return int(np.floor_divide(free_bytes, bytes_per_element(dtype)))
''',
        "find_max_allocatable": r'''import numpy as np


def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    lo, hi = 0, int(hi)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            hi = mid - 1
            continue
        lo = mid
    return lo
''',
        "linear_forward_memory": r'''import numpy as np


def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    shapes = [(out_features, in_features), (batch, in_features), (batch, out_features)]
    if bias:
        shapes.append((out_features,))
    elements = np.sum([np.prod(shape) for shape in shapes])
    return elements * torch.empty(0, dtype=dtype).element_size()
''',
        "top_ops": r'''import numpy as np


def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    events = list(prof.key_averages())
    self_times = np.array([e.self_cpu_time_total for e in events])
    order = np.argsort(-self_times, kind="stable")[:k]
    return [events[i].key for i in order]
''',
    },
    "st08": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    # preference: CUDA > MPS > CPU
    for name, available in (("cuda", torch.cuda.is_available), ("mps", torch.backends.mps.is_available)):
        if available():
            return torch.device(name)
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    kind = str(device).split(":")[0] if not isinstance(device, torch.device) else device.type
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device = {device!r} is not cpu, cuda or mps")
    if repeat < 1:
        raise ValueError(f"repeat = {repeat}, need at least one sample")
    if warmup < 0:
        raise ValueError(f"warmup = {warmup} < 0")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    samples_ms = []
    if kind == "cuda":
        torch.cuda.synchronize()  # drain the queue after the warm-up
        for _ in range(repeat):
            t_start = time.perf_counter()
            fn(*args, **kwargs)
            torch.cuda.synchronize()  # wait for the kernels: the launch alone is not the work
            samples_ms.append((time.perf_counter() - t_start) * 1e3)  # s -> ms
    else:
        for _ in range(repeat):
            t_start = time.perf_counter()
            fn(*args, **kwargs)
            samples_ms.append((time.perf_counter() - t_start) * 1e3)  # s -> ms
    # the median is robust against outliers (the mean is not)
    return float(statistics.median(samples_ms))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    t_ms = {}  # (input index, op name) -> {"cpu": ms, "gpu": ms}
    for i, x in enumerate(tensors):
        for dev in devices:
            x_dev = [t.to(dev) for t in x]  # the transfer is not part of the measurement
            slot = "cpu" if dev == "cpu" else "gpu"
            for name, op in ops.items():
                t_ms.setdefault((i, name), {})[slot] = timer(op, *x_dev, device=dev)
    return [OpResult(name, tuple(tensors[i][0].shape), t.get("cpu"), t.get("gpu")) for (i, name), t in t_ms.items()]


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        t_cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        t_gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        s = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"  # S = t_cpu / t_gpu
        table.add_row([f"{r.op} " + "x".join(map(str, r.shape)), t_cpu, t_gpu, s])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    n, k, m = shape_a[-2], shape_a[-1], shape_b[-1]
    n_batch = math.prod(torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])))
    flop = 2 * n_batch * n * k * m  # k multiplications + k additions per output element (2k)
    t_s = ms * 1e-3
    return flop / t_s / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    n_bytes = numel * torch.empty((), dtype=dtype).element_size() * tensors_moved
    t_s = ms * 1e-3
    return n_bytes / t_s / 2**30  # GB/s
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    # (a ⊗ b)_{ipq} = a_{ip} b_{iq}
    return torch.einsum("ip,iq->ipq", a, b)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    bits = torch.finfo(dtype).bits if dtype.is_floating_point else None
    return bits // 8 if bits is not None else torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    # invariant: n_ok fits, everything above n_max is out of range or does not fit
    n_ok, n_max = 0, hi
    while n_max > n_ok:
        n = n_ok + (n_max - n_ok + 1) // 2
        try:
            try_alloc(n)
        except (torch.OutOfMemoryError, MemoryError):
            n_max = n - 1
        else:
            n_ok = n
    return n_ok
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    s = torch.empty((), dtype=dtype).element_size()  # bytes per element
    n_W = out_features * in_features
    n_b = out_features if bias else 0
    n_x = batch * in_features
    n_y = batch * out_features
    return (n_W + n_b + n_x + n_y) * s
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    table = prof.key_averages()
    ranked = sorted(table, key=lambda evt: evt.self_cpu_time_total, reverse=True)  # self time, in µs
    return [evt.key for evt in ranked[:k]]
''',
    },
    "st09": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    checks = [("cuda", torch.cuda.is_available), ("mps", torch.backends.mps.is_available), ("cpu", lambda: True)]
    return torch.device(next(name for name, ok in checks if ok()))
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    kind = getattr(device, "type", str(device).partition(":")[0])
    if kind not in {"cpu", "cuda", "mps"}:
        raise ValueError(f"unknown device {device}")
    if repeat < 1:
        raise ValueError(f"repeat {repeat} < 1")
    if warmup < 0:
        raise ValueError(f"warmup {warmup} < 0")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda unavailable")
    call = lambda: fn(*args, **kwargs)

    def cpu_ms():
        start = time.perf_counter()
        call()
        return (time.perf_counter() - start) * 1e3

    def cuda_ms():
        start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
        start.record()
        call()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    list(map(lambda _: call(), range(warmup)))
    timed = cuda_ms if kind == "cuda" else cpu_ms
    return float(statistics.median(timed() for _ in range(repeat)))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    def times_on(inputs, device):
        moved = tuple(map(lambda t: t.to(device), inputs))
        return {name: timer(op, *moved, device=device) for name, op in ops.items()}

    def results_for(inputs):
        per_device = {device: times_on(inputs, device) for device in devices}
        cpu = per_device.get("cpu", {})
        gpu = next((times for device, times in per_device.items() if device != "cpu"), {})
        return [OpResult(name, tuple(inputs[0].shape), cpu.get(name), gpu.get(name)) for name in ops]

    return [result for inputs in tensors for result in results_for(inputs)]


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    ms = lambda v: "n/a" if v is None else f"{v:.3f}"
    speed = lambda r: "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    table.add_rows([[f"{r.op} {'x'.join(map(str, r.shape))}", ms(r.cpu_ms), ms(r.gpu_ms), speed(r)] for r in results])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    batch = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    flop = functools.reduce(operator.mul, batch, 2 * shape_a[-2] * shape_a[-1] * shape_b[-1])
    return flop / (ms / 1e3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    return functools.reduce(operator.mul, (numel, dtype.itemsize, tensors_moved)) / (ms / 1e3) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return torch.stack(list(map(torch.outer, a, b)))
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.tensor([], dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    def fits(n):
        try:
            try_alloc(n)
            return True
        except (torch.OutOfMemoryError, MemoryError):
            return False

    def search(lo, hi):
        if lo >= hi:
            return lo
        mid = (lo + hi + 1) // 2
        return search(mid, hi) if fits(mid) else search(lo, mid - 1)

    return search(0, hi)
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    parts = [out_features * in_features, out_features * bool(bias), batch * in_features, batch * out_features]
    return sum(parts) * dtype.itemsize
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    by_self = sorted(prof.key_averages(), key=operator.attrgetter("self_cpu_time_total"), reverse=True)
    return list(map(operator.attrgetter("key"), by_self[:k]))
''',
    },
    "st10": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    cuda = "cuda" in str(device)
    for _ in range(warmup):
        fn(*args, **kwargs)
    ts = []
    for _ in range(repeat):
        if cuda:
            torch.cuda.synchronize()
        t = time.perf_counter()
        fn(*args, **kwargs)
        if cuda:
            torch.cuda.synchronize()
        ts.append((time.perf_counter() - t) * 1000)
    return statistics.median(ts)
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    out = []
    for ts in tensors:
        on = {d: [t.to(d) for t in ts] for d in devices}
        for name, op in ops.items():
            c = timer(op, *on["cpu"], device="cpu") if "cpu" in on else None
            g = None
            for d in devices:
                if d != "cpu":
                    g = timer(op, *on[d], device=d)
            out.append(OpResult(name, tuple(ts[0].shape), c, g))
    return out


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    t = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        c = f"{r.cpu_ms:.3f}" if r.cpu_ms is not None else "n/a"
        g = f"{r.gpu_ms:.3f}" if r.gpu_ms is not None else "n/a"
        s = f"{r.cpu_ms / r.gpu_ms:.2f}x" if r.cpu_ms is not None and r.gpu_ms is not None else "n/a"
        t.add_row([r.op + " " + "x".join(str(d) for d in r.shape), c, g, s])
    return t
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    return 2 * shape_a[-2] * shape_a[-1] * shape_b[-1] / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    return numel * dtype.itemsize * tensors_moved / (ms / 1000) / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return a[:, :, None] * b[:, None, :]
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return free_bytes // dtype.itemsize
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    n = in_features * out_features + batch * (in_features + out_features)
    if bias:
        n += out_features
    return n * dtype.itemsize
''',
    },
    "st11": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    has_cuda = bool(torch.cuda.is_available())
    has_mps = hasattr(torch.backends, "mps") and bool(torch.backends.mps.is_available())
    if has_cuda:
        chosen = torch.device("cuda")
    elif has_mps:
        chosen = torch.device("mps")
    else:
        chosen = torch.device("cpu")
    assert isinstance(chosen, torch.device)
    return chosen
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    assert callable(fn), "fn must be callable"
    if isinstance(device, torch.device):
        device_type = device.type
    elif isinstance(device, str):
        device_type = device.split(":")[0].strip().lower()
    else:
        raise ValueError(f"device must be a str or torch.device, got {device!r}")
    if device_type not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unsupported device {device!r}; use 'cpu', 'cuda' or 'mps'")
    if not isinstance(repeat, int) or repeat < 1:
        raise ValueError(f"repeat must be a positive integer, got {repeat!r}")
    if not isinstance(warmup, int) or warmup < 0:
        raise ValueError(f"warmup must be a non-negative integer, got {warmup!r}")
    if device_type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"device {device!r} requested, but cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    durations_ms = []
    for _ in range(repeat):
        if device_type == "cuda":
            start_event = torch.cuda.Event(enable_timing=True)
            end_event = torch.cuda.Event(enable_timing=True)
            start_event.record()
            fn(*args, **kwargs)
            end_event.record()
            torch.cuda.synchronize()
            elapsed = start_event.elapsed_time(end_event)
        else:
            started = time.perf_counter()
            fn(*args, **kwargs)
            elapsed = (time.perf_counter() - started) * 1000.0
        assert elapsed >= 0, "a negative duration"
        durations_ms.append(float(elapsed))
    assert len(durations_ms) == repeat
    return float(statistics.median(durations_ms))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    assert isinstance(ops, dict) and ops, "ops must be a non-empty dict"
    assert len(devices) > 0, "give at least one device"
    results = []
    for inputs in tensors:
        assert isinstance(inputs, tuple) and len(inputs) > 0, "each input must be a non-empty tuple"
        measured = {name: {"cpu": None, "gpu": None} for name in ops}
        for device in devices:
            placed = tuple(tensor.to(device) for tensor in inputs)
            key = "cpu" if torch.device(device).type == "cpu" else "gpu"
            for name, operation in ops.items():
                measured[name][key] = timer(operation, *placed, device=device)
        first_shape = tuple(int(size) for size in inputs[0].shape)
        for name in ops:
            results.append(OpResult(name, first_shape, measured[name]["cpu"], measured[name]["gpu"]))
    assert len(results) == len(tensors) * len(ops)
    return results


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for result in results:
        assert isinstance(result, OpResult)
        label = f"{result.op} {'x'.join(str(int(size)) for size in result.shape)}"
        cpu_text = f"{result.cpu_ms:.3f}" if result.cpu_ms is not None else "n/a"
        gpu_text = f"{result.gpu_ms:.3f}" if result.gpu_ms is not None else "n/a"
        if result.cpu_ms is not None and result.gpu_ms is not None and result.gpu_ms > 0:
            speedup_text = f"{result.cpu_ms / result.gpu_ms:.2f}x"
        else:
            speedup_text = "n/a"
        table.add_row([label, cpu_text, gpu_text, speedup_text])
    return table
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    shape_a, shape_b = tuple(shape_a), tuple(shape_b)
    assert len(shape_a) >= 2 and len(shape_b) >= 2, "matmul needs at least two dimensions"
    assert shape_a[-1] == shape_b[-2], f"inner dimensions differ: {shape_a} @ {shape_b}"
    assert ms > 0, "the time must be positive"
    batch_shape = torch.broadcast_shapes(shape_a[:-2], shape_b[:-2])
    matrix_count = math.prod(batch_shape)
    total_flop = 2 * matrix_count * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return float(total_flop / (ms / 1000.0) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    assert isinstance(dtype, torch.dtype), "dtype must be a torch.dtype"
    assert ms > 0, "the time must be positive"
    total_bytes = int(numel) * int(tensors_moved) * torch.empty((), dtype=dtype).element_size()
    return float(total_bytes / (ms / 1000.0) / 1e9)
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    assert a.dim() == 2 and b.dim() == 2, "a and b must be 2-D"
    assert a.shape[0] == b.shape[0], "a and b need the same batch size"
    result = torch.matmul(a.unsqueeze(-1), b.unsqueeze(-2))
    assert result.shape == (a.shape[0], a.shape[1], b.shape[1])
    return result
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    assert isinstance(dtype, torch.dtype), f"expected a torch.dtype, got {dtype!r}"
    size = torch.empty((), dtype=dtype).element_size()
    assert size > 0
    return int(size)


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    assert free_bytes >= 0, "free_bytes must not be negative"
    return int(free_bytes) // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    assert callable(try_alloc), "try_alloc must be callable"
    assert hi >= 0, "hi must not be negative"
    lower, upper = 0, int(hi)
    best_block = None  # the last allocation that worked
    while lower < upper:
        candidate = (lower + upper + 1) // 2
        try:
            best_block = try_alloc(candidate)
        except (torch.OutOfMemoryError, MemoryError):
            upper = candidate - 1
        else:
            lower = candidate
    assert 0 <= lower <= hi
    return lower
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    assert min(batch, in_features, out_features) >= 0, "sizes must not be negative"
    assert isinstance(dtype, torch.dtype), "dtype must be a torch.dtype"
    element_size = torch.empty((), dtype=dtype).element_size()
    weight_elements = out_features * in_features
    bias_elements = out_features if bias else 0
    input_elements = batch * in_features
    output_elements = batch * out_features
    total = (weight_elements + bias_elements + input_elements + output_elements) * element_size
    assert isinstance(total, int)
    return total
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    assert callable(fn), "fn must be callable"
    assert k >= 1, "k must be positive"
    with profile(activities=[ProfilerActivity.CPU]) as profiler:
        fn()
    averages = list(profiler.key_averages())
    averages.sort(key=lambda average: average.self_cpu_time_total, reverse=True)
    names = [average.key for average in averages[:k]]
    assert len(names) == len(set(names)), "names must be unique"
    return names
''',
    },
    "st12": {
        "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    # primero la GPU de NVIDIA, luego la de Apple, y si no, la CPU
    if torch.cuda.is_available():
        dispositivo = "cuda"
    elif torch.backends.mps.is_available():
        dispositivo = "mps"
    else:
        dispositivo = "cpu"
    return torch.device(dispositivo)
''',
        "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    # tipo de dispositivo sin el índice: "cuda:0" -> "cuda"
    tipo = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if tipo not in ("cpu", "cuda", "mps"):
        raise ValueError(f"dispositivo desconocido: {device}")
    if repeat < 1:
        raise ValueError(f"repeat debe ser >= 1, no {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup debe ser >= 0, no {warmup}")
    if tipo == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("se pidió cuda pero cuda no está disponible")
    # calentamiento: no se mide
    for _ in range(warmup):
        fn(*args, **kwargs)
    tiempos = []
    for _ in range(repeat):
        if tipo == "cuda":
            inicio = torch.cuda.Event(enable_timing=True)
            fin = torch.cuda.Event(enable_timing=True)
            inicio.record()
            fn(*args, **kwargs)
            fin.record()
            fin.synchronize()  # esperar a que la GPU llegue al evento
            tiempos.append(inicio.elapsed_time(fin))
        else:
            inicio = time.perf_counter()
            fn(*args, **kwargs)
            tiempos.append((time.perf_counter() - inicio) * 1000)  # segundos a milisegundos
    return float(statistics.median(tiempos))
''',
        "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    resultados = []
    for entradas in tensors:
        for nombre, operacion in ops.items():
            tiempo_cpu, tiempo_gpu = None, None
            for dispositivo in devices:
                # mover las entradas al dispositivo y aplicar la operación
                def tarea(op=operacion, disp=dispositivo):
                    return op(*[t.to(disp) for t in entradas])

                ms = timer(tarea, device=dispositivo)
                if dispositivo == "cpu":
                    tiempo_cpu = ms
                else:
                    tiempo_gpu = ms
            resultados.append(OpResult(nombre, tuple(entradas[0].shape), tiempo_cpu, tiempo_gpu))
    return resultados


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    tabla = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        forma = "x".join(str(d) for d in r.shape)
        cpu = f"{r.cpu_ms:.3f}" if r.cpu_ms is not None else "n/a"
        gpu = f"{r.gpu_ms:.3f}" if r.gpu_ms is not None else "n/a"
        # aceleración = tiempo en CPU / tiempo en GPU
        aceleracion = f"{r.cpu_ms / r.gpu_ms:.2f}x" if r.cpu_ms is not None and r.gpu_ms is not None else "n/a"
        tabla.add_row([f"{r.op} {forma}", cpu, gpu, aceleracion])
    return tabla
''',
        "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    filas, interna = shape_a[-2], shape_a[-1]
    columnas = shape_b[-1]
    # número de matrices: las dimensiones de lote se difunden como en torch.matmul
    lote = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])).numel()
    operaciones = 2 * lote * filas * interna * columnas
    segundos = ms / 1000
    return operaciones / segundos / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    bytes_totales = numel * dtype.itemsize * tensors_moved
    segundos = ms / 1000
    return bytes_totales / segundos / 1e9
''',
        "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    # (B, n, 1) * (B, 1, m) -> (B, n, m) por difusión
    return a.unsqueeze(-1) * b.unsqueeze(-2)
''',
        "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    # división entera: redondea hacia abajo
    return free_bytes // bytes_per_element(dtype)
''',
        "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    bajo, alto = 0, hi  # bajo siempre cabe
    while bajo < alto:
        medio = (bajo + alto + 1) // 2
        try:
            try_alloc(medio)  # no guardamos el resultado: se libera enseguida
            bajo = medio
        except (torch.OutOfMemoryError, MemoryError):
            alto = medio - 1
    return bajo
''',
        "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    tamano = torch.empty((), dtype=dtype).element_size()
    pesos = out_features * in_features
    sesgo = out_features if bias else 0
    entrada = batch * in_features
    salida = batch * out_features
    return (pesos + sesgo + entrada + salida) * tamano
''',
        "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as perfil:
        fn()
    # ordenar por tiempo propio (self), de mayor a menor
    filas = sorted(perfil.key_averages(), key=lambda fila: fila.self_cpu_time_total, reverse=True)
    return [fila.key for fila in filas[:k]]
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st04",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops", "outer_products_vectorized",
                   "bytes_per_element", "find_max_allocatable", "linear_forward_memory", "top_ops"],
        "disguise": "heavy: every class, method and variable renamed (Stopwatch -> CallTimer, AllocationSearch -> "
                    "Bisect, ...), methods reordered inside the classes, the DeviceProbe class replaced by a tuple of "
                    "(name, check) pairs walked in the same order (mps before cuda: st04's bug kept), list "
                    "comprehensions turned into loops and back, divmod kept but unpacked differently, "
                    "unsqueeze(-1) written as [:, :, None], docstrings of the helper classes rewritten",
        "answers": {
            "pick_device": r'''# checked in this order; the first one present wins
_ACCELERATORS = (
    ("mps", lambda: torch.backends.mps.is_available()),
    ("cuda", lambda: torch.cuda.is_available()),
)


def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    for kind, present in _ACCELERATORS:
        if present():
            return torch.device(kind)
    return torch.device("cpu")
''',
            "measure_time": r'''class CallTimer:
    """Milliseconds of a single call: perf_counter on the host, a pair of CUDA events on the GPU."""

    ALLOWED = ("cpu", "cuda", "mps")

    def elapsed_ms(self, fn, args, kwargs):
        if self.kind != "cuda":
            t0 = time.perf_counter()
            fn(*args, **kwargs)
            return 1e3 * (time.perf_counter() - t0)
        ev_start = torch.cuda.Event(enable_timing=True)
        ev_stop = torch.cuda.Event(enable_timing=True)
        ev_start.record()
        fn(*args, **kwargs)
        ev_stop.record()
        ev_stop.synchronize()
        return ev_start.elapsed_time(ev_stop)

    def __init__(self, device):
        if isinstance(device, torch.device):
            self.kind = torch.device(device).type
        else:
            self.kind = str(device).partition(":")[0]
        if self.kind not in self.ALLOWED:
            raise ValueError(f"device {device!r} is not supported (allowed: {self.ALLOWED})")
        if self.kind == "cuda" and not torch.cuda.is_available():
            raise RuntimeError(f"{device!r} needs cuda and this machine has no cuda")


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    if repeat < 1:
        raise ValueError(f"need repeat >= 1, not {repeat}")
    if warmup < 0:
        raise ValueError(f"need warmup >= 0, not {warmup}")
    timer = CallTimer(device)
    for _ in range(warmup):
        fn(*args, **kwargs)
    samples = []
    for _ in range(repeat):
        samples.append(timer.elapsed_ms(fn, args, kwargs))
    return float(statistics.median(samples))
''',
            "benchmark_ops": r'''class TableLine:
    """The four cells shown for one OpResult."""

    def __init__(self, res):
        self.res = res

    def as_list(self):
        res = self.res
        if res.cpu_ms is None or res.gpu_ms is None:
            ratio = "n/a"
        else:
            ratio = f"{res.cpu_ms / res.gpu_ms:.2f}x"
        title = res.op + " " + "x".join(str(dim) for dim in res.shape)
        return [title, self.fmt(res.cpu_ms), self.fmt(res.gpu_ms), ratio]

    @staticmethod
    def fmt(ms):
        if ms is None:
            return "n/a"
        return f"{ms:.3f}"


class OpsRunner:
    """Runs the timer for every (op, device) pair on one input tuple."""

    def __init__(self, ops, devices, timer):
        self.timer = timer
        self.devices = devices
        self.ops = ops

    def evaluate(self, inputs):
        host, accel = {}, {}
        for dev in self.devices:
            target = host if dev == "cpu" else accel
            target.update(self.time_all(inputs, dev))
        dims = tuple(inputs[0].shape)
        out = []
        for op_name in self.ops:
            out.append(OpResult(op_name, dims, host.get(op_name), accel.get(op_name)))
        return out

    def time_all(self, inputs, dev):
        on_dev = tuple(x.to(dev) for x in inputs)
        timings = {}
        for op_name, op in self.ops.items():
            timings[op_name] = self.timer(op, *on_dev, device=dev)
        return timings


def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    runner = OpsRunner(ops, devices, timer)
    collected = []
    for inputs in tensors:
        collected.extend(runner.evaluate(inputs))
    return collected


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    pt = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        pt.add_row(TableLine(res).as_list())
    return pt
''',
            "matmul_tflops": r'''def _item_bytes(dtype):
    return torch.empty(0, dtype=dtype).element_size()


class Rates:
    """Per-second rates in the datasheet's decimal units."""

    G = 1e9
    T = 1e12

    @staticmethod
    def rate(quantity, ms):
        return quantity / (ms / 1e3)


def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    *lead_a, rows, inner = shape_a
    *lead_b, _, cols = shape_b
    count = math.prod(torch.broadcast_shapes(tuple(lead_a), tuple(lead_b)))
    return Rates.rate(2 * count * rows * inner * cols, ms) / Rates.T


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    total = tensors_moved * numel * _item_bytes(dtype)
    return Rates.rate(total, ms) / Rates.G
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return torch.bmm(a[:, :, None], b[:, None, :])
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    result = divmod(free_bytes, bytes_per_element(dtype))
    return result[0]
''',
            "find_max_allocatable": r'''class Bisect:
    """Largest accepted size: `low` is known to fit, sizes above `high` are not tried."""

    def ok(self, size):
        try:
            self.attempt(size)
        except (torch.OutOfMemoryError, MemoryError):
            return False
        return True

    def __init__(self, attempt, high):
        self.attempt = attempt
        self.low = 0
        self.high = high

    def solve(self):
        while self.high > self.low:
            probe = self.low + (self.high - self.low + 1) // 2
            if not self.ok(probe):
                self.high = probe - 1
            else:
                self.low = probe
        return self.low


def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    return Bisect(try_alloc, hi).solve()
''',
            "linear_forward_memory": r'''class LayerCount:
    """How many numbers a Linear layer's forward pass keeps in memory."""

    def __init__(self, batch, n_in, n_out, with_bias):
        self.batch = batch
        self.n_in = n_in
        self.n_out = n_out
        self.with_bias = with_bias

    def io(self):
        return self.batch * (self.n_in + self.n_out)

    def weights(self):
        extra = self.n_out if self.with_bias else 0
        return self.n_out * self.n_in + extra


def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    count = LayerCount(batch, in_features, out_features, bias)
    return dtype.itemsize * (count.weights() + count.io())
''',
            "top_ops": r'''class Trace:
    """fn() run once under the CPU profiler; rows merged by name."""

    def ranked(self):
        rows = list(self.rows)
        rows.sort(key=lambda r: r.self_cpu_time_total, reverse=True)
        return rows

    def __init__(self, fn):
        with profile(activities=[ProfilerActivity.CPU]) as p:
            fn()
        self.rows = p.key_averages()


def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    names = []
    for r in Trace(fn).ranked()[:k]:
        names.append(r.key)
    return names
''',
        },
    },
    "cp02": {
        "source": "st07",
        "kind": "full",
        "copied": ["pick_device", "measure_time", "benchmark_ops", "matmul_tflops", "outer_products_vectorized",
                   "bytes_per_element", "find_max_allocatable", "linear_forward_memory", "top_ops"],
        "disguise": "light: local names changed (times -> samples, grid -> table, shapes -> parts, ...), comments "
                    "reworded or dropped, a few lines rewrapped; logic, numpy calls and the np.int64 result of "
                    "linear_forward_memory kept",
        "answers": {
            "pick_device": r'''import numpy as np


def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    names = np.array(["cuda", "mps", "cpu"])
    flags = np.array([torch.cuda.is_available(), torch.backends.mps.is_available(), True])
    return torch.device(str(names[np.argmax(flags)]))
''',
            "measure_time": r'''import numpy as np


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    dev_type = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if not np.isin(dev_type, ["cpu", "cuda", "mps"]):
        raise ValueError(f"unsupported device: {device}")
    if repeat < 1:
        raise ValueError(f"repeat = {repeat} is less than 1")
    if warmup < 0:
        raise ValueError(f"warmup = {warmup} is negative")
    if dev_type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"no cuda here (device = {device})")
    for _ in range(warmup):
        fn(*args, **kwargs)
    samples = np.empty(repeat)
    for j in range(repeat):
        if dev_type == "cuda":
            torch.cuda.synchronize()
            start = time.perf_counter()
            fn(*args, **kwargs)
            torch.cuda.synchronize()
        else:
            start = time.perf_counter()
            fn(*args, **kwargs)
        samples[j] = time.perf_counter() - start
    return float(np.median(samples) * 1e3)
''',
            "benchmark_ops": r'''import numpy as np


def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    op_names = list(ops)
    table = np.full((len(tensors), len(op_names), 2), np.nan)  # NaN = not measured
    for t, inputs in enumerate(tensors):
        for device in devices:
            on_device = [x.to(device) for x in inputs]
            col = 0 if device == "cpu" else 1
            for j, name in enumerate(op_names):
                table[t, j, col] = timer(ops[name], *on_device, device=device)
    to_ms = lambda v: None if np.isnan(v) else v.item()
    return [OpResult(name, tuple(tensors[t][0].shape), to_ms(table[t, j, 0]), to_ms(table[t, j, 1]))
            for t in range(len(tensors))
            for j, name in enumerate(op_names)]


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        c = np.nan if res.cpu_ms is None else res.cpu_ms
        g = np.nan if res.gpu_ms is None else res.gpu_ms
        show = lambda v, spec: "n/a" if np.isnan(v) else format(v, spec)
        table.add_row([f"{res.op} {'x'.join(map(str, res.shape))}", show(c, ".3f"), show(g, ".3f"),
                       show(c / g, ".2f") + ("x" if not np.isnan(c / g) else "")])
    return table
''',
            "matmul_tflops": r'''import numpy as np


def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    lead = np.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2]))
    flops = 2 * int(np.prod(lead, dtype=np.int64)) * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return float(flops / (ms / 1e3) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    return float(numel * dtype.itemsize * tensors_moved / (ms / 1e3) / 1e9)
''',
            "outer_products_vectorized": r'''import numpy as np


def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    # like np.einsum with the same subscripts
    return torch.einsum("bi,bj->bij", a, b)
''',
            "bytes_per_element": r'''import numpy as np


def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.empty(0, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return int(np.floor_divide(free_bytes, bytes_per_element(dtype)))
''',
            "find_max_allocatable": r'''import numpy as np


def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    left, right = 0, int(hi)
    while left < right:
        mid = (left + right + 1) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            right = mid - 1
            continue
        left = mid
    return left
''',
            "linear_forward_memory": r'''import numpy as np


def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    parts = [(out_features, in_features), (batch, in_features), (batch, out_features)]
    if bias:
        parts.append((out_features,))
    count = np.sum([np.prod(p) for p in parts])
    return count * torch.empty(0, dtype=dtype).element_size()
''',
            "top_ops": r'''import numpy as np


def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = list(prof.key_averages())
    own = np.array([r.self_cpu_time_total for r in rows])
    idx = np.argsort(-own, kind="stable")[:k]
    return [rows[i].key for i in idx]
''',
        },
    },
    "cp03": {
        "source": "st01",
        "kind": "partial",
        "copied": ["pick_device", "measure_time", "outer_products_vectorized", "linear_forward_memory"],
        "disguise": "medium: the Russian comments translated into English or dropped, names changed (kind -> dev, "
                    "times -> samples_ms, t0 -> tic, weight -> w_count), the cpu branch of measure_time put first "
                    "(if kind != 'cuda'), the einsum letters changed, linear_forward_memory's sum regrouped; "
                    "benchmark_ops, matmul_tflops, bytes_per_element, find_max_allocatable and top_ops written by "
                    "cp03 (compact, lists of rows, no comments)",
        "answers": {
            "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    elif torch.backends.mps.is_available():  # Apple GPUs
        return torch.device("mps")
    else:
        return torch.device("cpu")
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    # "cuda:0" -> "cuda"
    dev = str(device).split(":")[0] if not isinstance(device, torch.device) else device.type
    if dev not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device: {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat has to be >= 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup has to be >= 0, got {warmup}")
    if dev == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"asked for {device}, but cuda is not available")

    for _ in range(warmup):
        fn(*args, **kwargs)

    samples_ms = []
    if dev != "cuda":
        for _ in range(repeat):
            tic = time.perf_counter()
            fn(*args, **kwargs)
            samples_ms.append(1000 * (time.perf_counter() - tic))
    else:
        for _ in range(repeat):
            ev0 = torch.cuda.Event(enable_timing=True)
            ev1 = torch.cuda.Event(enable_timing=True)
            ev0.record()
            fn(*args, **kwargs)
            ev1.record()
            ev1.synchronize()
            samples_ms.append(ev0.elapsed_time(ev1))
    return float(statistics.median(samples_ms))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    rows = []
    for xs in tensors:
        per_device = [(dev, [x.to(dev) for x in xs]) for dev in devices]
        for name, op in ops.items():
            cpu = gpu = None
            for dev, moved in per_device:
                ms = timer(op, *moved, device=dev)
                if torch.device(dev).type == "cpu":
                    cpu = ms
                else:
                    gpu = ms
            rows.append(OpResult(name, tuple(xs[0].shape), cpu, gpu))
    return rows


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        cells = [f"{res.op} {'x'.join(map(str, res.shape))}"]
        cells += ["n/a" if v is None else f"{v:.3f}" for v in (res.cpu_ms, res.gpu_ms)]
        cells.append("n/a" if None in (res.cpu_ms, res.gpu_ms) else f"{res.cpu_ms / res.gpu_ms:.2f}x")
        table.add_row(cells)
    return table
''',
            "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    batch = torch.Size(torch.broadcast_shapes(torch.Size(shape_a[:-2]), torch.Size(shape_b[:-2])))
    return 2 * batch.numel() * shape_a[-2] * shape_a[-1] * shape_b[-1] / (ms * 1e-3) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    return tensors_moved * numel * torch.empty((), dtype=dtype).element_size() / (ms * 1e-3) / 1e9
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return torch.einsum("zn,zm->znm", a, b)
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return torch.zeros(1, dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return math.floor(free_bytes / bytes_per_element(dtype)) if free_bytes < 2**52 else free_bytes // bytes_per_element(dtype)
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    known_good, first_bad = 0, hi + 1
    while first_bad - known_good > 1:
        guess = (known_good + first_bad) // 2
        try:
            try_alloc(guess)
            known_good = guess
        except (MemoryError, torch.OutOfMemoryError):
            first_bad = guess
    return known_good
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    item = torch.empty((), dtype=dtype).element_size()
    w_count = out_features * in_features
    b_count = out_features if bias else 0
    io_count = batch * (in_features + out_features)  # input and output
    return (w_count + b_count + io_count) * item
''',
            "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    pairs = [(row.self_cpu_time_total, row.key) for row in prof.key_averages()]
    pairs.sort(key=lambda pair: pair[0], reverse=True)
    return [key for _, key in pairs[:k]]
''',
        },
    },
    "cp04": {
        "source": "st11",
        "kind": "partial",
        "copied": ["benchmark_ops", "matmul_tflops", "find_max_allocatable", "top_ops"],
        "disguise": "medium: all asserts removed, names changed (measured -> timings, candidate -> mid, best_block "
                    "-> last_ok, averages -> stats), independent statements reordered, messages and the comment "
                    "reworded, int(size) casts kept; st11's kept-alive allocation kept; pick_device, measure_time, "
                    "outer_products_vectorized, bytes_per_element and linear_forward_memory written by cp04 "
                    "(short, Events with torch.cuda.synchronize)",
        "answers": {
            "pick_device": r'''def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
''',
            "measure_time": r'''def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
    """
    if isinstance(device, str) and device.split(":")[0] not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device must be cpu, cuda or mps, not {device}")
    dev = torch.device(device)
    if dev.type not in ("cpu", "cuda", "mps"):
        raise ValueError(f"device must be cpu, cuda or mps, not {device}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"need repeat >= 1 and warmup >= 0, got repeat={repeat}, warmup={warmup}")
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda was requested but is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    ms = []
    for _ in range(repeat):
        if dev.type == "cuda":
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            fn(*args, **kwargs)
            b.record()
            torch.cuda.synchronize()
            ms.append(a.elapsed_time(b))
        else:
            t = time.monotonic()
            fn(*args, **kwargs)
            ms.append((time.monotonic() - t) * 1e3)
    return float(statistics.median(ms))
''',
            "benchmark_ops": r'''def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    out = []
    for group in tensors:
        shape0 = tuple(int(d) for d in group[0].shape)
        timings = {op_name: {"gpu": None, "cpu": None} for op_name in ops}
        for dev in devices:
            slot = "gpu" if torch.device(dev).type != "cpu" else "cpu"
            on_dev = tuple(t.to(dev) for t in group)
            for op_name, fn in ops.items():
                timings[op_name][slot] = timer(fn, *on_dev, device=dev)
        for op_name in ops:
            out.append(OpResult(op_name, shape0, timings[op_name]["cpu"], timings[op_name]["gpu"]))
    return out


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for res in results:
        have_both = res.cpu_ms is not None and res.gpu_ms is not None and res.gpu_ms > 0
        table.add_row([
            f"{res.op} {'x'.join(str(int(d)) for d in res.shape)}",
            "n/a" if res.cpu_ms is None else f"{res.cpu_ms:.3f}",
            "n/a" if res.gpu_ms is None else f"{res.gpu_ms:.3f}",
            f"{res.cpu_ms / res.gpu_ms:.2f}x" if have_both else "n/a",
        ])
    return table
''',
            "matmul_tflops": r'''def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    shape_b, shape_a = tuple(shape_b), tuple(shape_a)
    n_matrices = math.prod(torch.broadcast_shapes(shape_a[:-2], shape_b[:-2]))
    flop = 2 * n_matrices * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return float(flop / (ms / 1000.0) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    nbytes = torch.empty((), dtype=dtype).element_size() * int(numel) * int(tensors_moved)
    return float(nbytes / (ms / 1000.0) / 1e9)
''',
            "outer_products_vectorized": r'''def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    return a.view(*a.shape, 1) * b.view(b.shape[0], 1, b.shape[1])
''',
            "bytes_per_element": r'''def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    return int(dtype.itemsize)


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    return free_bytes // int(dtype.itemsize)
''',
            "find_max_allocatable": r'''def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    last_ok = None  # keep the latest block that fitted
    low, high = 0, int(hi)
    while low < high:
        mid = (low + high + 1) // 2
        try:
            last_ok = try_alloc(mid)
        except (MemoryError, torch.OutOfMemoryError):
            high = mid - 1
        else:
            low = mid
    return low
''',
            "linear_forward_memory": r'''def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    params = in_features * out_features + (out_features if bias else 0)
    return (params + batch * in_features + batch * out_features) * int(dtype.itemsize)
''',
            "top_ops": r'''def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    stats = list(prof.key_averages())
    stats.sort(key=lambda s: s.self_cpu_time_total, reverse=True)
    return [s.key for s in stats[:k]]
''',
        },
    },
}
