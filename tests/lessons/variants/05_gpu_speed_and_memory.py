"""Variants of the solution cells of lesson 05_gpu_speed_and_memory.

WRONG: answers that must lose the points of their exercise's test cell.
RIGHT: correct answers in another style that must keep full marks.
Each value is the whole replacement source of that exercise's solution cell.
"""

WRONG = {
    "pick_device": {
        # a string is not a torch.device
        "returns_string": '''
def pick_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"
''',
        # MPS is preferred over CUDA
        "mps_before_cuda": '''
def pick_device():
    if torch.backends.mps.is_available():
        return torch.device("mps")
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("cpu")
''',
        # forgets Apple GPUs
        "ignores_mps": '''
def pick_device():
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")
''',
        # right on a CPU-only machine, wrong everywhere else
        "always_cpu": '''
def pick_device():
    return torch.device("cpu")
''',
    },
    "measure_time": {
        # the homework's mistake: no warm-up at all
        "no_warmup": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # warm-up calls run, but are timed and counted in the median
        "warmup_counted": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    times = []
    for _ in range(warmup + repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # the mean does not survive an outlier
        "mean_not_median": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    start = time.perf_counter()
    for _ in range(repeat):
        fn(*args, **kwargs)
    return (time.perf_counter() - start) * 1000 / repeat
''',
        # the homework's mistake: seconds reported as milliseconds
        "seconds_not_ms": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append(time.perf_counter() - start)
    return float(statistics.median(times))
''',
        # the fastest run is not the median
        "min_not_median": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)
''',
        # a negative warmup is taken as no warm-up instead of an error
        "negative_warmup_accepted": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"device {device!r}: CUDA is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # only the plain names: "cpu:0", "cuda:0" and torch.device objects raise ValueError
        "plain_names_only": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"repeat must be at least 1 and warmup at least 0, got {repeat} and {warmup}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # lets torch.device parse the name: "tpu" and "gpu" raise RuntimeError, not ValueError
        "device_checked_by_torch": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = torch.device(device).type
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        if kind == "cuda":
            torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # no validation: an unknown device is silently timed as the CPU
        "no_validation": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        if device == "cuda":
            torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # the CUDA branch skips the warm-up calls
        "cuda_no_warmup": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    if device == "cuda":
        times = []
        for _ in range(repeat):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return float(statistics.median(times))
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # reads elapsed_time before the GPU has reached the end event
        "cuda_no_sync": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if device == "cuda":
        torch.cuda.synchronize()
        times = []
        for _ in range(repeat):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            times.append(start.elapsed_time(end))
        return float(statistics.median(times))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # CUDA events created without enable_timing=True
        "cuda_timing_disabled": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if device == "cuda":
        torch.cuda.synchronize()
        times = []
        for _ in range(repeat):
            start, end = torch.cuda.Event(), torch.cuda.Event()
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return float(statistics.median(times))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # the homework's mistake: a host clock on cuda, never synchronized: only the launch is timed
        "cuda_host_clock_no_sync": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # host clock on cuda, synchronized after each timed call but not after the warm-up
        "cuda_no_sync_after_warmup": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        sync()
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # elapsed_time taken for seconds and multiplied by 1000
        "cuda_elapsed_as_seconds": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if device == "cuda":
        torch.cuda.synchronize()
        times = []
        for _ in range(repeat):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1000)
        return float(statistics.median(times))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # a 2.4% scale error: seconds times 1024
        "binary_milliseconds": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1024)
    return float(statistics.median(times))
''',
        # a CPU-time clock: waiting is not counted
        "process_time": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn(*args, **kwargs)
        times.append((time.process_time() - start) * 1000)
    return float(statistics.median(times))
''',
        # each time rounded to a whole millisecond
        "rounded_to_whole_ms": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append(round((time.perf_counter() - start) * 1000))
    return float(statistics.median(times))
''',
        # checks repeat only after the warm-up calls
        "validates_after_warmup": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # a missing GPU reported as ValueError instead of RuntimeError
        "value_error_without_cuda": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise ValueError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # keyword arguments are not passed on to fn
        "drops_kwargs": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # calls fn once more before the warm-up, to see that it works
        "one_extra_call": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    fn(*args, **kwargs)
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return float(statistics.median(times))
''',
        # returns a tensor (torch's median) instead of a float
        "returns_tensor": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if device not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda is not available")
    for _ in range(warmup):
        fn(*args, **kwargs)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000)
    return torch.tensor(times).median()
''',
    },
    "benchmark_ops": {
        # the host-to-device copy is timed together with the operation
        "copy_inside_timer": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            for name, op in ops.items():
                ms = timer(lambda: op(*(t.to(device) for t in inputs)), device=device)
                times[(name, index, column)] = ms
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # the GPU's time is not passed the device: the timer would measure it without synchronizing
        "device_not_passed": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # ignores the timer argument and always calls measure_time
        "timer_ignored": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = measure_time(op, *moved, device="cpu", repeat=3, warmup=1)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # speedup upside down: gpu_ms / cpu_ms
        "speedup_inverted": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.gpu_ms / r.cpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # a missing time shows as "None" and the speedup crashes or lies
        "none_not_na": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x" if r.cpu_ms and r.gpu_ms else "None"
        cpu = f"{r.cpu_ms:.3f}" if r.cpu_ms is not None else "None"
        gpu = f"{r.gpu_ms:.3f}" if r.gpu_ms is not None else "None"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # times with two decimals instead of three
        "times_two_decimals": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.2f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.2f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # times rounded with round(): 12.5 instead of 12.500
        "rounded_times": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else str(round(r.cpu_ms, 3))
        gpu = "n/a" if r.gpu_ms is None else str(round(r.gpu_ms, 3))
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # the speedup without its x
        "speedup_without_x": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # the shape as a list, not a tuple
        "shape_as_list": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, list(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # the shape of the input's last tensor instead of its first
        "shape_of_last_tensor": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[-1].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # puts the moved tensors into the caller's list: its inputs end up on another device
        "replaces_callers_inputs": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        column = "cpu" if device == "cpu" else "gpu"
        for index in range(len(tensors)):
            tensors[index] = tuple(t.to(device) for t in tensors[index])
            for name, op in ops.items():
                times[(name, index, column)] = timer(op, *tensors[index], device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "gpu")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
        # only "cuda" counts as a GPU: any other accelerator is dropped
        "only_cuda_column": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in devices:
        if device not in ("cpu", "cuda"):
            continue
        for index, inputs in enumerate(tensors):
            moved = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times[(name, index, device)] = timer(op, *moved, device=device)
    return [OpResult(name, tuple(inputs[0].shape), times.get((name, index, "cpu")), times.get((name, index, "cuda")))
            for name in ops for index, inputs in enumerate(tensors)]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        speedup = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speedup])
    return table
''',
    },
    "matmul_tflops": {
        # counts one operation per multiply-add instead of two
        "no_factor_two": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    batch = math.prod(max(x, y) for x, y in zip([1] * (len(batch_b) - len(batch_a)) + batch_a,
                                                [1] * (len(batch_a) - len(batch_b)) + batch_b))
    return batch * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 1e9
''',
        # treats the milliseconds as seconds
        "ms_as_seconds": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    batch = math.prod(max(x, y) for x, y in zip([1] * (len(batch_b) - len(batch_a)) + batch_a,
                                                [1] * (len(batch_a) - len(batch_b)) + batch_b))
    return 2 * batch * n * k * m / ms / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / ms / 1e9
''',
        # forgets the batch: one matrix product only
        "ignores_batch": '''
def matmul_tflops(shape_a, shape_b, ms):
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    return 2 * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 1e9
''',
        # the larger of two batch sizes: (0,) with (1,) gives 1 matrix instead of none
        "max_of_batch_sizes": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    width = max(len(batch_a), len(batch_b))
    padded_a = [1] * (width - len(batch_a)) + list(batch_a)
    padded_b = [1] * (width - len(batch_b)) + list(batch_b)
    batch = math.prod(max(x, y) for x, y in zip(padded_a, padded_b))
    return float(2 * batch * n * k * m / (ms / 1e3) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 1e9
''',
        # pads the shorter batch with 2s: (3, 4) @ (1, 4, 5) counts two matrices
        "padded_with_two": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    width = max(len(batch_a), len(batch_b))
    padded_a = [2] * (width - len(batch_a)) + list(batch_a)
    padded_b = [2] * (width - len(batch_b)) + list(batch_b)
    batch = math.prod(max(x, y) for x, y in zip(padded_a, padded_b))
    return float(2 * batch * n * k * m / (ms / 1e3) / 1e12)


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 1e9
''',
        # takes the batch from shape_a alone: wrong when batch dimensions broadcast
        "batch_of_a_only": '''
def matmul_tflops(shape_a, shape_b, ms):
    batch = math.prod(shape_a[:-2])
    n, k = shape_a[-2], shape_a[-1]
    m = shape_b[-1]
    return 2 * batch * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 1e9
''',
        # GiB (2**30) instead of the datasheet's GB (10**9)
        "gib_not_gb": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    batch = math.prod(max(x, y) for x, y in zip([1] * (len(batch_b) - len(batch_a)) + batch_a,
                                                [1] * (len(batch_a) - len(batch_b)) + batch_b))
    return 2 * batch * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * torch.empty((), dtype=dtype).element_size() * tensors_moved / (ms / 1000) / 2**30
''',
        # every element taken as 4 bytes, whatever the dtype
        "always_four_bytes": '''
def matmul_tflops(shape_a, shape_b, ms):
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    batch = math.prod(max(x, y) for x, y in zip([1] * (len(batch_b) - len(batch_a)) + batch_a,
                                                [1] * (len(batch_a) - len(batch_b)) + batch_b))
    return 2 * batch * n * k * m / (ms / 1000) / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return numel * 4 * tensors_moved / (ms / 1000) / 1e9
''',
    },
    "outer_products_vectorized": {
        # still a Python loop over the batch
        "python_loop": '''
def outer_products_vectorized(a, b):
    return torch.stack([torch.outer(a[i], b[i]) for i in range(a.shape[0])])
''',
        # a loop hidden in a comprehension of broadcasts
        "loop_of_broadcasts": '''
def outer_products_vectorized(a, b):
    return torch.stack([row_a[:, None] * row_b[None, :] for row_a, row_b in zip(a, b)])
''',
        # axes swapped: (B, m, n) instead of (B, n, m)
        "swapped_axes": '''
def outer_products_vectorized(a, b):
    return a[:, None, :] * b[:, :, None]
''',
        # sums over the batch instead of keeping it
        "summed_over_batch": '''
def outer_products_vectorized(a, b):
    return torch.einsum("bi,bj->ij", a, b)
''',
        # computes in float32 whatever the inputs' dtype
        "always_float32": '''
def outer_products_vectorized(a, b):
    return a.float()[:, :, None] * b.float()[:, None, :]
''',
        # one outer product of the flattened batches
        "flattened_outer": '''
def outer_products_vectorized(a, b):
    return torch.outer(a.flatten(), b.flatten())
''',
    },
    "bytes_per_element": {
        # floating-point bits only: fails on integer and boolean dtypes
        "float_bits": '''
def bytes_per_element(dtype):
    return torch.finfo(dtype).bits // 8


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        # a table of the usual dtypes: bfloat16, bool, complex... are missing
        "incomplete_table": '''
def bytes_per_element(dtype):
    sizes = {torch.float16: 2, torch.float32: 4, torch.float64: 8, torch.int32: 4, torch.int64: 8}
    return sizes[dtype]


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        # bits instead of bytes
        "bits_not_bytes": '''
def bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size() * 8


def max_elements(free_bytes, dtype):
    return free_bytes // bytes_per_element(dtype)
''',
        # rounds up: the last element does not fit
        "rounds_up": '''
def bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return math.ceil(free_bytes / bytes_per_element(dtype))
''',
        # true division: a float, not a count
        "float_count": '''
def bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size()


def max_elements(free_bytes, dtype):
    return free_bytes / bytes_per_element(dtype)
''',
    },
    "find_max_allocatable": {
        # keeps the last successful tensor alive while trying the next size
        "keeps_last_success": '''
def find_max_allocatable(try_alloc, hi):
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            block = try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            top = mid - 1
        else:
            lo = mid
    return lo
''',
        # a linear search: far more than O(log hi) tries
        "linear_search": '''
def find_max_allocatable(try_alloc, hi):
    n = 0
    while n < hi:
        try:
            try_alloc(n + 1)
        except (torch.OutOfMemoryError, MemoryError):
            break
        n += 1
    return n
''',
        # catches only the CUDA error: a MemoryError escapes
        "only_torch_oom": '''
def find_max_allocatable(try_alloc, hi):
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            try_alloc(mid)
        except torch.OutOfMemoryError:
            top = mid - 1
        else:
            lo = mid
    return lo
''',
        # off by one: returns the first size that fails
        "first_failure": '''
def find_max_allocatable(try_alloc, hi):
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top) // 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            top = mid
        else:
            lo = mid + 1
    return lo
''',
        # only doubles: finds a power of two, not the largest size
        "doubling_only": '''
def find_max_allocatable(try_alloc, hi):
    n = 0
    while True:
        candidate = min(hi, max(1, 2 * n))
        if candidate == n:
            return n
        try:
            try_alloc(candidate)
        except (torch.OutOfMemoryError, MemoryError):
            return n
        n = candidate
''',
        # catches every exception: a bug in try_alloc is taken for a lack of memory
        "catches_everything": '''
def find_max_allocatable(try_alloc, hi):
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            try_alloc(mid)
        except Exception:
            top = mid - 1
        else:
            lo = mid
    return lo
''',
        # a float midpoint: try_alloc(2.5) is an error, as torch.empty(2.5) would be
        "float_midpoint": '''
def find_max_allocatable(try_alloc, hi):
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) / 2
        try:
            try_alloc(mid)
        except (torch.OutOfMemoryError, MemoryError):
            top = mid - 1
        else:
            lo = mid
    return int(lo)
''',
        # collects every successful allocation in a list
        "hoards_allocations": '''
def find_max_allocatable(try_alloc, hi):
    kept = []
    lo, top = 0, hi
    while lo < top:
        mid = (lo + top + 1) // 2
        try:
            kept.append(try_alloc(mid))
        except (torch.OutOfMemoryError, MemoryError):
            top = mid - 1
        else:
            lo = mid
    return lo
''',
    },
    "linear_forward_memory": {
        # forgets the bias
        "no_bias": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.empty((), dtype=dtype).element_size()
    return (in_features * out_features + batch * in_features + batch * out_features) * size
''',
        # counts a bias even when bias=False
        "bias_always": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.empty((), dtype=dtype).element_size()
    return (in_features * out_features + out_features + batch * in_features + batch * out_features) * size
''',
        # forgets the output
        "no_output": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.empty((), dtype=dtype).element_size()
    params = in_features * out_features + (out_features if bias else 0)
    return (params + batch * in_features) * size
''',
        # 4 bytes per element whatever the dtype
        "always_four_bytes": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    params = in_features * out_features + (out_features if bias else 0)
    return (params + batch * in_features + batch * out_features) * 4
''',
        # adds gradients of the parameters, which a forward pass does not have
        "counts_gradients": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    size = torch.empty((), dtype=dtype).element_size()
    params = in_features * out_features + (out_features if bias else 0)
    return (2 * params + batch * in_features + batch * out_features) * size
''',
    },
    "top_ops": {
        # sorts by total CPU time: a wrapper around the slow part comes first
        "total_not_self": '''
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.cpu_time_total, reverse=True)
    return [row.key for row in rows[:k]]
''',
        # single events instead of key_averages: repeated calls are not added up
        "not_aggregated": '''
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    names = []
    for event in sorted(prof.events(), key=lambda event: event.self_cpu_time_total, reverse=True):
        if event.name not in names:
            names.append(event.name)
    return names[:k]
''',
        # the average self time per call, not the total
        "average_self_time": '''
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total / row.count, reverse=True)
    return [row.key for row in rows[:k]]
''',
        # smallest first
        "ascending": '''
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total)
    return [row.key for row in rows[:k]]
''',
        # always three names, whatever k
        "ignores_k": '''
def top_ops(fn, k=3):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    rows = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total, reverse=True)
    return [row.key for row in rows[:3]]
''',
    },
}

RIGHT = {
    "pick_device": {
        # the generic accelerator API of recent PyTorch
        "accelerator_api": '''
def pick_device():
    if torch.accelerator.is_available():
        return torch.accelerator.current_accelerator()
    return torch.device("cpu")
''',
        "one_expression": '''
def pick_device():
    return torch.device("cuda" if torch.cuda.is_available()
                        else "mps" if torch.backends.mps.is_built() and torch.backends.mps.is_available()
                        else "cpu")
''',
    },
    "measure_time": {
        # perf_counter imported by name, nanoseconds, a hand-made median, synchronize instead of events
        "perf_counter_ns_by_name": '''
from time import perf_counter_ns


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    name = str(device).partition(":")[0]  # "cuda:0" and torch.device("cuda", 0) are cuda
    if name not in ("cpu", "cuda"):
        raise ValueError(f"measure_time: unknown device {name!r}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"measure_time: repeat={repeat}, warmup={warmup}: need repeat >= 1 and warmup >= 0")
    if name == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("device 'cuda' asked for, but torch.cuda.is_available() is False")
    sync = torch.cuda.synchronize if name == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    sync()
    samples = []
    for _ in range(repeat):
        start = perf_counter_ns()
        fn(*args, **kwargs)
        sync()
        samples.append((perf_counter_ns() - start) / 1e6)
    samples.sort()
    middle = len(samples) // 2
    if len(samples) % 2:
        return float(samples[middle])
    return (samples[middle - 1] + samples[middle]) / 2
''',
        # time.monotonic, median_high; on cuda all events recorded first, one synchronize at the end
        "monotonic_events_sync_once": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if repeat < 1:
        raise ValueError(f"repeat should be 1 or more, not {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup should be 0 or more, not {warmup}")
    device = getattr(device, "type", device)  # a torch.device: its type
    device = {"cuda:0": "cuda", "cpu:0": "cpu"}.get(device, device)
    if device == "cuda":
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device for device='cuda'")
        for _ in range(warmup):
            fn(*args, **kwargs)
        pairs = []
        for _ in range(repeat):
            begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            begin.record()
            fn(*args, **kwargs)
            end.record()
            pairs.append((begin, end))
        torch.cuda.synchronize()
        return float(statistics.median_high([begin.elapsed_time(end) for begin, end in pairs]))
    if device != "cpu":
        raise ValueError(f"device {device} is not supported (cpu or cuda)")
    for _ in range(warmup):
        fn(*args, **kwargs)
    samples = []
    for _ in range(repeat):
        t0 = time.monotonic()
        fn(*args, **kwargs)
        samples.append(1000.0 * (time.monotonic() - t0))
    return statistics.median_high(samples)
''',
        # time.time_ns; on cuda a host clock with the stream synchronized (torch.accelerator-style checks)
        "time_ns_stream_sync": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    known = {"cpu", "cuda", "mps"}
    try:
        device = torch.device(device).type
    except RuntimeError:
        raise ValueError("device must be one of cpu, cuda, mps; got " + str(device)) from None
    if device not in known:
        raise ValueError("device must be one of cpu, cuda, mps; got " + str(device))
    if not repeat >= 1:
        raise ValueError("repeat=" + str(repeat) + " is too small")
    if not warmup >= 0:
        raise ValueError("warmup=" + str(warmup) + " is negative")
    if device == "cuda" and torch.cuda.device_count() == 0:
        raise RuntimeError("CUDA requested but no cuda device")
    wait = torch.cuda.current_stream().synchronize if device == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    wait()
    times = []
    for _ in range(repeat):
        t0 = time.time_ns()
        fn(*args, **kwargs)
        wait()
        times.append((time.time_ns() - t0) / 1_000_000)
    return float(torch.tensor(times, dtype=torch.float64).quantile(0.5))
''',
        # timeit's own timer (time.perf_counter bound when timeit was imported: the real clock), torch's median
        "timeit_repeat": '''
import timeit


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    if isinstance(device, torch.device):
        device = device.type
    device = device.split(":")[0]
    if device not in {"cpu", "cuda"}:
        raise ValueError(f"device must be 'cpu' or 'cuda', not {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1 (got {repeat})")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0 (got {warmup})")
    if device == "cuda":
        if not torch.cuda.is_available():
            raise RuntimeError("CUDA is not available on this machine")
        for _ in range(warmup):
            fn(*args, **kwargs)
        torch.cuda.synchronize()
        times = []
        for _ in range(repeat):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn(*args, **kwargs)
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end))
        return torch.tensor(times).median().item()
    for _ in range(warmup):
        fn(*args, **kwargs)
    seconds = timeit.Timer(lambda: fn(*args, **kwargs)).repeat(repeat=repeat, number=1)
    return torch.tensor(seconds, dtype=torch.float64).mul(1000).median().item()
''',
        # the clock kept in a keyword-only default argument (bound once, when the function is defined)
        "clock_in_keyword_default": '''
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, clock=time.perf_counter, **kwargs):
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1 or warmup < 0:
        raise ValueError(f"need repeat >= 1 and warmup >= 0, got repeat={repeat}, warmup={warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"{device!r}: cuda is not available")
    sync = torch.cuda.synchronize if kind == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    sync()
    times = []
    for _ in range(repeat):
        start = clock()
        fn(*args, **kwargs)
        sync()
        times.append((clock() - start) * 1000)
    return float(statistics.median(times))
''',
        # a helper that times one call, its clock in a positional default argument and in a closure
        "clock_in_helper_default": '''
def stopwatch(now=time.monotonic):
    def elapsed_ms(call, sync):
        begin = now()
        call()
        sync()
        return (now() - begin) * 1e3
    return elapsed_ms


def time_one_call(call, sync, clock=time.perf_counter):
    begin = clock()
    call()
    sync()
    return (clock() - begin) * 1e3


def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda"):
        raise ValueError(f"unknown device {device!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must not be negative, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("cuda was asked for, but is not available")
    sync = torch.cuda.synchronize if kind == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    sync()
    timer = time_one_call if kind == "cpu" else stopwatch()
    return float(statistics.median(timer(lambda: fn(*args, **kwargs), sync) for _ in range(repeat)))
''',
    },
    "benchmark_ops": {
        # sizes in the outer loop, results in another order, old-style formatting
        "sizes_outer": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    results = []
    for inputs in tensors:
        cpu_times, gpu_times = {}, {}
        for device in devices:
            on_device = [t.to(device) for t in inputs]
            target = cpu_times if str(device) == "cpu" else gpu_times
            for name, op in ops.items():
                target[name] = timer(op, *on_device, device=device)
        for name in ops:
            results.append(OpResult(op=name, shape=tuple(int(s) for s in inputs[0].shape),
                                    cpu_ms=cpu_times.get(name), gpu_ms=gpu_times.get(name)))
    return results


def results_table(results):
    table = PrettyTable()
    table.field_names = ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]
    for r in results:
        def ms(value):
            return "n/a" if value is None else "%.3f" % value
        ratio = "n/a" if r.cpu_ms is None or r.gpu_ms is None else "%.2fx" % (r.cpu_ms / r.gpu_ms)
        table.add_row(["%s %s" % (r.op, "x".join(str(s) for s in r.shape)), ms(r.cpu_ms), ms(r.gpu_ms), ratio])
    return table
''',
        # passes torch.device objects to the timer, and returns the results in reverse order; the optional check
        # once compared a torch.device with a string and rejected this answer
        "torch_device_objects": '''
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    times = {}
    for device in map(torch.device, devices):
        field = "cpu_ms" if device.type == "cpu" else "gpu_ms"
        for index, inputs in enumerate(tensors):
            on_device = [t.to(device) for t in inputs]
            for name, op in ops.items():
                times.setdefault((name, index), {})[field] = timer(op, *on_device, device=device)
    results = [OpResult(name, tuple(tensors[index][0].shape), got.get("cpu_ms"), got.get("gpu_ms"))
               for (name, index), got in times.items()]
    return results[::-1]


def results_table(results):
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cells = ["n/a" if ms is None else f"{ms:.3f}" for ms in (r.cpu_ms, r.gpu_ms)]
        speedup = "n/a" if None in (r.cpu_ms, r.gpu_ms) else f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([r.op + " " + "x".join(map(str, r.shape)), *cells, speedup])
    return table
''',
    },
    "matmul_tflops": {
        # torch.broadcast_shapes and dtype.itemsize
        "broadcast_shapes": '''
def matmul_tflops(shape_a, shape_b, ms):
    batch = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])).numel()
    flop = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1]
    return flop / ms * 1e3 / 1e12


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    return float(numel * dtype.itemsize * tensors_moved * 1e3 / ms / 1e9)
''',
    },
    "outer_products_vectorized": {
        "einsum": '''
def outer_products_vectorized(a, b):
    return torch.einsum("bi,bj->bij", a, b)
''',
        "bmm": '''
def outer_products_vectorized(a, b):
    return torch.bmm(a.unsqueeze(2), b.unsqueeze(1))
''',
        "vmap": '''
def outer_products_vectorized(a, b):
    return torch.vmap(torch.outer)(a, b)
''',
    },
    "bytes_per_element": {
        "itemsize": '''
def bytes_per_element(dtype):
    return dtype.itemsize


def max_elements(free_bytes, dtype):
    count, _ = divmod(free_bytes, bytes_per_element(dtype))
    return count
''',
    },
    "find_max_allocatable": {
        # exponential search, then bisection; each try's result is deleted explicitly
        "galloping": '''
def find_max_allocatable(try_alloc, hi):
    def fits(n):
        try:
            block = try_alloc(n)
        except (torch.OutOfMemoryError, MemoryError):
            return False
        del block
        return True

    good, step = 0, 1
    bad = hi + 1
    while good < hi:
        candidate = min(hi, good + step)
        if fits(candidate):
            good, step = candidate, step * 2
        else:
            bad = candidate
            break
    while bad - good > 1:
        mid = (good + bad) // 2
        if fits(mid):
            good = mid
        else:
            bad = mid
    return good
''',
        # recursion on the half that can still hold the answer
        "recursive": '''
def find_max_allocatable(try_alloc, hi):
    def ok(n):
        try:
            return try_alloc(n) is not None
        except (torch.OutOfMemoryError, MemoryError):
            return False

    def search(lo, top):
        if lo >= top:
            return lo
        mid = lo + (top - lo + 1) // 2
        return search(mid, top) if ok(mid) else search(lo, mid - 1)

    return search(0, hi)
''',
    },
    "linear_forward_memory": {
        # a real nn.Linear on the meta device (shapes without memory)
        "meta_module": '''
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    layer = nn.Linear(in_features, out_features, bias=bias, device="meta", dtype=dtype)
    tensors = list(layer.parameters()) + [torch.empty(batch, in_features, device="meta", dtype=dtype),
                                          torch.empty(batch, out_features, device="meta", dtype=dtype)]
    return sum(t.numel() * t.element_size() for t in tensors)
''',
    },
    "top_ops": {
        "heapq": '''
import heapq
from operator import attrgetter


def top_ops(fn, k=3):
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as trace:
        fn()
    return [row.key for row in heapq.nlargest(k, trace.key_averages(), key=attrgetter("self_cpu_time_total"))]
''',
    },
}

EQUIVALENT_MUTANTS = {
    "bytes_per_element:8:drop int()": "element_size() already returns an int",
    "matmul_tflops:7:drop list()": "star-unpacking already makes batch_a a list",
    "matmul_tflops:8:drop list()": "star-unpacking already makes batch_b a list",
    "matmul_tflops:11:drop float()": "true division already gives a float",
    "matmul_tflops:17:drop float()": "true division already gives a float",
    "matmul_tflops:11:1000000000000.0->999999999999.0": "a relative change of 1e-12, below any float tolerance",
    "matmul_tflops:11:1000000000000.0->1000000000001.0": "a relative change of 1e-12, below any float tolerance",
    "measure_time:17:drop Not": "the MPS branch is optional in the task, and no grader has MPS; on CPU and CUDA "
                                "the function is unchanged",
    "measure_time:17:drop statement": "the check for MPS is optional in the task, and no grader has MPS",
    "measure_time:18:drop statement": "the check for MPS is optional in the task, and no grader has MPS",
    "measure_time:21:drop with": "torch.cuda.device selects the GPU of the device's index; with at most one GPU, as "
                                 "on every grader, the current GPU is that one (the task asks nothing of several GPUs)",
    "measure_time:24:drop statement": "CUDA events time the stream from start.record() on, after the warm-up work in "
                                      "stream order: no host clock is read, so no synchronize is needed before",
    "measure_time:34:drop float()": "the median of the floats elapsed_time returns is a float",
    "measure_time:39:drop statement": "the dropped sync() after the warm-up is a no-op on the CPU; it matters only "
                                      "on MPS, which the task leaves optional and no grader has",
    "measure_time:44:drop statement": "the dropped sync() after a timed call is a no-op on the CPU; it matters only "
                                      "on MPS, which the task leaves optional and no grader has",
    "measure_time:46:drop float()": "statistics.median of floats is a float",
    "find_max_allocatable:15:1->2": "mid = (lo + top + 2) // 2 still lies in [lo + 1, top]: a correct binary search "
                                    "within the same bound on calls",
    "benchmark_ops:15:drop statement": "without `del moved` the device copies live until the next input replaces "
                                       "them: the same times and results",
    "benchmark_ops:17:drop tuple()": "inputs[0].shape is a torch.Size, a tuple of ints",
}

# Every visible example: the solution is broken on exactly that call (tests/lessons/test_lessons.py), so
# the hidden checks must include it. {exercise: {example: (function, condition on its arguments)}}
TIMED = 'lambda fn, *args, device="cpu", repeat=10, warmup=2, **kwargs: '
VISIBLE_EXAMPLES = {
    "pick_device": {"pick_device()": ("pick_device", "lambda: True")},
    "measure_time": {
        "repeat=3, warmup=1 on the CPU": ("measure_time", TIMED + '_same(device, "cpu") and _same(repeat, 3) and '
                                          "_same(warmup, 1) and not args and not kwargs"),
        "repeat=0": ("measure_time", TIMED + "_same(repeat, 0)"),
        'device="tpu"': ("measure_time", TIMED + '_same(device, "tpu")'),
        "repeat=3, warmup=1 on cuda": ("measure_time", TIMED + '_same(device, "cuda") and _same(repeat, 3) and '
                                       "_same(warmup, 1) and not args and not kwargs"),
        "warmup=-1": ("measure_time", TIMED + "_same(warmup, -1)"),
        'device="cuda" without CUDA': ("measure_time", TIMED + '_same(device, "cuda") and not torch.cuda.is_available()'),
        "repeat=1, warmup=0": ("measure_time", TIMED + "_same(repeat, 1) and _same(warmup, 0)"),
    },
    "benchmark_ops": {
        "add on one 2x3 pair on the CPU": ("benchmark_ops", "lambda tensors, ops, devices, timer=None: "
                                           "list(ops) == ['add'] and list(devices) == ['cpu'] and len(tensors) == 1 "
                                           "and _same(tensors[0][0], torch.ones(2, 3))"),
        "add and mul on (2x3, 3) and (4x1, 1), on cpu and meta": (
            "benchmark_ops", "lambda tensors, ops, devices, timer=None: list(ops) == ['add', 'mul'] and "
            "list(devices) == ['cpu', 'meta'] and len(tensors) == 2 and _same(tensors[0][1], torch.ones(3))"),
        "a table of two results": ("results_table", "lambda results: [tuple(r) for r in results] == "
                                   "[('matmul', (4, 256, 256), 12.5, 0.5), ('sum', (16, 64, 64), 0.25, None)]"),
    },
    "matmul_tflops": {
        "(1024, 1024) @ (1024, 1024) in 1 ms": ("matmul_tflops", "lambda shape_a, shape_b, ms: tuple(shape_a) == "
                                                "(1024, 1024) and tuple(shape_b) == (1024, 1024) and _same(ms, 1.0)"),
        "(2, 1, 1000, 500) @ (3, 500, 2000) in 1 ms": (
            "matmul_tflops", "lambda shape_a, shape_b, ms: tuple(shape_a) == (2, 1, 1000, 500) and "
            "tuple(shape_b) == (3, 500, 2000) and _same(ms, 1.0)"),
        "(1000, 500) @ (5, 500, 2000) in 2 ms": (
            "matmul_tflops", "lambda shape_a, shape_b, ms: tuple(shape_a) == (1000, 500) and "
            "tuple(shape_b) == (5, 500, 2000) and _same(ms, 2.0)"),
        "(2, 1, 1000, 500) @ (500, 2000) in 1 ms": (
            "matmul_tflops", "lambda shape_a, shape_b, ms: tuple(shape_a) == (2, 1, 1000, 500) and "
            "tuple(shape_b) == (500, 2000) and _same(ms, 1.0)"),
        "3 float32 tensors of 250 000 000 in 1 ms": (
            "elementwise_gbps", "lambda numel, dtype, tensors_moved, ms: _same(numel, 250_000_000) and "
            "dtype == torch.float32 and _same(tensors_moved, 3) and _same(ms, 1.0)"),
    },
    "outer_products_vectorized": {
        "arange(6) as 2x3 with arange(8) as 2x4": (
            "outer_products_vectorized", "lambda a, b: _same(a, torch.arange(6.0).reshape(2, 3)) and "
            "_same(b, torch.arange(8.0).reshape(2, 4))"),
        "ones(4, 2) with ones(4, 3)": ("outer_products_vectorized", "lambda a, b: _same(a, torch.ones(4, 2)) and "
                                       "_same(b, torch.ones(4, 3))"),
        "ones(40, 2) with ones(40, 3)": ("outer_products_vectorized", "lambda a, b: _same(a, torch.ones(40, 2)) and "
                                         "_same(b, torch.ones(40, 3))"),
    },
    "bytes_per_element": {
        "float32": ("bytes_per_element", "lambda dtype: dtype == torch.float32"),
        "float16": ("bytes_per_element", "lambda dtype: dtype == torch.float16"),
        "15 GiB of float32": ("max_elements", "lambda free_bytes, dtype: _same(free_bytes, 15 * 2**30) and "
                              "dtype == torch.float32"),
        "1001 bytes of float64": ("max_elements", "lambda free_bytes, dtype: _same(free_bytes, 1001) and "
                                  "dtype == torch.float64"),
    },
    "find_max_allocatable": {
        "capacity 1000, hi = 10**6": ("find_max_allocatable", "lambda try_alloc, hi: _same(hi, 10**6) and "
                                      "getattr(try_alloc, 'capacity', None) == 1000"),
        "capacity 0, hi = 50": ("find_max_allocatable", "lambda try_alloc, hi: _same(hi, 50) and "
                                "getattr(try_alloc, 'capacity', None) == 0"),
    },
    "linear_forward_memory": {
        "(32, 128, 64) in float32": ("linear_forward_memory", "lambda batch, in_features, out_features, dtype, "
                                     "bias=True: (batch, in_features, out_features) == (32, 128, 64) and "
                                     "dtype == torch.float32 and bias is True"),
        "(1, 1, 1) in float64 without bias": ("linear_forward_memory", "lambda batch, in_features, out_features, "
                                              "dtype, bias=True: (batch, in_features, out_features) == (1, 1, 1) "
                                              "and dtype == torch.float64 and bias is False"),
    },
    "top_ops": {
        "slow_then_fast with k=2": ("top_ops", "lambda fn, k=3: _same(k, 2) and "
                                               "getattr(fn, '__name__', '') == 'slow_then_fast'"),
    },
}
