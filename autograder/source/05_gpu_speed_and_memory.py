# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 5. Скорость и память GPU: измеряем честно
#
# В домашнем задании курса нужно было сравнить скорость операций на CPU и на GPU и найти самый
# большой тензор, который помещается в память видеокарты. Во многих решениях получились
# красивые, но неверные числа. Вот ошибки, которые встречались чаще всего:
#
# 1. **Нет прогрева и синхронизации.** GPU работает асинхронно: вызов `a @ b` только ставит ядро
#    в очередь, и таймер останавливался раньше, чем заканчивалось вычисление. А первый вызов
#    включал инициализацию CUDA.
# 2. **Секунды, записанные как миллисекунды.** `time.perf_counter()` возвращает секунды.
# 3. **Транспонирование, измеренное как копирование.** `x.T` ничего не копирует: это
#    представление (view) тех же данных, и время его создания не зависит от размера.
# 4. **Умножение матриц во float16, измеренное на CPU.** Половинная точность ускоряет тензорные
#    ядра GPU; на обычном CPU она не быстрее, а часто медленнее float32.
# 5. **Самый большой тензор, подобранный вручную.** Перебор «на глаз» долог и неточен;
#    двоичный поиск находит ответ за несколько десятков попыток.
#
# В этом уроке мы напишем инструменты, которые эти ошибки исключают, и применим их.
# Ноутбук работает и без GPU: размеры уменьшаются, в столбцах GPU стоит «n/a», а поиск по
# памяти идёт на смоделированной видеокарте с 15 ГиБ. Если GPU есть, те же ячейки делают
# настоящие измерения.
#
# | Задание | Баллы |
# |---|---|
# | 1. `pick_device` | 1 |
# | 2. `measure_time` | 4 |
# | 3. `benchmark_ops` и `results_table` | 3 |
# | 4. `matmul_tflops` и `elementwise_gbps` | 2 |
# | 5. `outer_products_vectorized` | 2 |
# | 6. `bytes_per_element` и `max_elements`; `find_max_allocatable` | 1 + 3 |
# | 7. `linear_forward_memory` | 2 |
# | 8. `top_ops` | 2 |
# | 9. Вопросы для анализа (проверяются вручную) | 4 × 1 |
#
# В каждом задании замените `raise NotImplementedError()` своим кодом. Ячейка с тестами после
# задания содержит несколько видимых проверок; при оценивании запускаются ещё и скрытые тесты.

# %% [markdown] tags=["en"]
# # Lesson 5. GPU speed and memory: measuring honestly
#
# The course homework asked you to compare the speed of operations on a CPU and a GPU, and to
# find the largest tensor that fits in the GPU's memory. Many solutions produced nice-looking
# but wrong numbers. These mistakes were the most common:
#
# 1. **No warm-up and no synchronization.** A GPU runs asynchronously: `a @ b` only queues a
#    kernel, so the timer stopped before the computation finished. And the first call included
#    the start-up of CUDA.
# 2. **Seconds reported as milliseconds.** `time.perf_counter()` returns seconds.
# 3. **A transpose timed as if it copied.** `x.T` copies nothing: it is a view of the same data,
#    and creating it takes the same time whatever the size.
# 4. **A float16 matrix product timed on a CPU.** Half precision speeds up a GPU's tensor
#    cores; on an ordinary CPU it is no faster than float32, and often slower.
# 5. **The largest tensor found by hand.** Guessing takes long and lands somewhere near the
#    answer; a binary search finds it in a few dozen tries.
#
# In this lesson we write tools that rule these mistakes out, and we use them. The notebook
# also runs without a GPU: sizes shrink, the GPU columns read "n/a", and the memory search runs
# on a simulated 15 GiB GPU. When a GPU is present, the same cells take real measurements.
#
# | Exercise | Points |
# |---|---|
# | 1. `pick_device` | 1 |
# | 2. `measure_time` | 4 |
# | 3. `benchmark_ops` and `results_table` | 3 |
# | 4. `matmul_tflops` and `elementwise_gbps` | 2 |
# | 5. `outer_products_vectorized` | 2 |
# | 6. `bytes_per_element` and `max_elements`; `find_max_allocatable` | 1 + 3 |
# | 7. `linear_forward_memory` | 2 |
# | 8. `top_ops` | 2 |
# | 9. Analysis questions (graded by hand) | 4 × 1 |
#
# In each exercise, replace `raise NotImplementedError()` with your code. The test cell after
# an exercise holds a few visible checks; hidden tests also run at grading.

# %%
import functools
import gc
import math
import os
import statistics
import time
import weakref
from typing import NamedTuple

# The profiler's engine (Kineto) prints start/stop lines to stderr; level 6 keeps it quiet.
# It takes effect only if set before the first profiling in this process.
os.environ["KINETO_LOG_LEVEL"] = "6"

import matplotlib.pyplot as plt
import torch
from prettytable import PrettyTable
from torch import nn
from torch.overrides import TorchFunctionMode
from torch.profiler import ProfilerActivity, profile, record_function

HAS_CUDA = torch.cuda.is_available()
# torch.OutOfMemoryError appeared in PyTorch 2.5; older 2.x releases only have the CUDA one.
OOM_ERROR = getattr(torch, "OutOfMemoryError", torch.cuda.OutOfMemoryError)
MiB, GiB = 2**20, 2**30

print("PyTorch", torch.__version__, "| CPU threads:", torch.get_num_threads())
if HAS_CUDA:
    print("GPU:", torch.cuda.get_device_name(), "| CUDA", torch.version.cuda)
else:
    print("No CUDA GPU here: the notebook takes its CPU-only path (smaller sizes, 'n/a' for the GPU).")

# %% [markdown] tags=["ru"]
# Следующая ячейка содержит вспомогательный код для тестов: «фальшивые» функции с заранее
# известным поведением (часы, которые идут только по команде; нагрузку, которая спит заданное
# время; аллокатор со скрытой ёмкостью). Просто выполните её.

# %% [markdown] tags=["en"]
# The next cell holds helper code for the tests: fakes whose behaviour is known in advance (a
# clock that moves only when told to, a workload that sleeps for a set time, an allocator with
# a hidden capacity). Just run it.

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
import contextlib
import operator


@contextlib.contextmanager
def patched(*replacements):
    """Temporarily set attributes: patched((obj, "name", value), ...); all are restored on exit."""
    saved = []
    try:
        for obj, name, value in replacements:
            saved.append((obj, name, getattr(obj, name)))
            setattr(obj, name, value)
        yield
    finally:
        for obj, name, value in reversed(saved):
            setattr(obj, name, value)


class FakeClock:
    """Stands in for time.perf_counter: it moves only when a fake workload advances it."""

    def __init__(self, start=1000.0):
        self.now = start

    def advance(self, seconds):
        self.now += seconds

    def perf_counter(self):
        return self.now

    def perf_counter_ns(self):
        return round(self.now * 1e9)


@contextlib.contextmanager
def fake_perf_counter(clock):
    """Replace time.perf_counter and time.perf_counter_ns by a FakeClock, also where the notebook
    imported them by name (`from time import perf_counter`)."""
    real = {"perf_counter": time.perf_counter, "perf_counter_ns": time.perf_counter_ns}
    fake = {"perf_counter": clock.perf_counter, "perf_counter_ns": clock.perf_counter_ns}
    namespace = globals()
    aliases = {name: key for name, value in list(namespace.items())
               for key, function in real.items() if value is function}
    with patched(*[(time, key, fake[key]) for key in real]):
        try:
            for name, key in aliases.items():
                namespace[name] = fake[key]
            yield clock
        finally:
            for name, key in aliases.items():
                namespace[name] = real[key]


def sleeper(durations, clock=None):
    """A fake workload: its k-th call sleeps durations[k] seconds (the last value repeats) and
    moves the fake clock by as much. workload.calls records (args, kwargs) of every call."""
    calls = []

    def workload(*args, **kwargs):
        seconds = durations[min(len(calls), len(durations) - 1)]
        calls.append((args, kwargs))
        if clock is not None:
            clock.advance(seconds)
        time.sleep(seconds)

    workload.calls = calls
    return workload


def expect_error(error, call, *args, mention=(), what="", **kwargs):
    """Check that call(*args, **kwargs) raises `error` with every item of `mention` in its message."""
    try:
        call(*args, **kwargs)
    except NotImplementedError:
        raise
    except error as exc:
        text = str(exc).lower()
        for item in mention:
            assert str(item).lower() in text, (
                f"{what}: the {error.__name__} message should name {item!r}; it reads {str(exc)!r}")
        return exc
    except Exception as exc:
        raise AssertionError(f"{what}: expected {error.__name__}, got {type(exc).__name__}: {exc}") from None
    raise AssertionError(f"{what}: expected {error.__name__}, but nothing was raised")


class OpCounter(TorchFunctionMode):
    """`with OpCounter() as ops:` records the name of every torch function and tensor method called."""

    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.names.append(getattr(func, "__name__", repr(func)))
        return func(*args, **(kwargs or {}))


class TooManyCalls(BaseException):
    """Raised by FakeAllocator past its call budget (a BaseException, so `except Exception` can't hide it)."""


class FakeBlock:
    """What FakeAllocator hands out: stands for n elements of device memory."""
    __slots__ = ("n", "__weakref__")

    def __init__(self, n):
        self.n = n


class FakeAllocator:
    """try_alloc for tests: n elements fit while n plus everything still alive stays within a hidden
    capacity; past it, raises `error`. Records every call, and through weak references notices any
    earlier allocation that is still alive when a new one is attempted."""

    def __init__(self, capacity, error=OOM_ERROR, max_calls=None):
        self.capacity, self.error, self.max_calls = capacity, error, max_calls
        self.calls, self.blocks, self.violations = [], [], []

    def alive(self):
        return [n for n, ref in self.blocks if ref() is not None]

    def __call__(self, n):
        n = operator.index(n)  # a float such as 2.5 elements is an error, as in torch.empty
        self.calls.append(n)
        if self.max_calls is not None and len(self.calls) > self.max_calls:
            raise TooManyCalls(f"try_alloc was called more than {self.max_calls} times")
        held = self.alive()
        if held:
            self.violations.append((n, held))
        if n + sum(held) > self.capacity:
            raise self.error(f"out of memory (fake): {n} elements requested")
        block = FakeBlock(n)
        self.blocks.append((n, weakref.ref(block)))
        return block


# %% [markdown] tags=["ru"]
# ## 1. Какое устройство у нас есть
#
# PyTorch умеет считать на нескольких видах устройств:
#
# - `cuda` — видеокарта NVIDIA (и AMD с ROCm: там тоже пишут `cuda`);
# - `mps` — графический процессор компьютеров Apple (Metal Performance Shaders);
# - `cpu` — центральный процессор; он есть всегда.
#
# Устройство описывает объект `torch.device`. Лучше возвращать именно его, а не строку: его
# можно передать в `tensor.to(...)`, `torch.zeros(..., device=...)`, у него есть поля
# `.type` и `.index`, и опечатку вроде `"gpu"` PyTorch заметит сразу.
#
# ### Задание 1 (1 балл)
#
# Напишите `pick_device()`: верните `torch.device("cuda")`, если CUDA доступна
# (`torch.cuda.is_available()`), иначе `torch.device("mps")`, если доступен MPS
# (`torch.backends.mps.is_available()`), иначе `torch.device("cpu")`.
# Тесты подменяют эти функции, чтобы проверить все случаи на машине без GPU.

# %% [markdown] tags=["en"]
# ## 1. Which device do we have
#
# PyTorch computes on several kinds of devices:
#
# - `cuda`: an NVIDIA GPU (and an AMD one with ROCm, which also says `cuda`);
# - `mps`: the GPU of Apple computers (Metal Performance Shaders);
# - `cpu`: the processor, always there.
#
# A `torch.device` object names a device. Return that rather than a string: it goes straight
# into `tensor.to(...)` and `torch.zeros(..., device=...)`, it has `.type` and `.index`, and
# PyTorch rejects a typo such as `"gpu"` at once.
#
# ### Exercise 1 (1 point)
#
# Write `pick_device()`: return `torch.device("cuda")` if CUDA is available
# (`torch.cuda.is_available()`), else `torch.device("mps")` if MPS is available
# (`torch.backends.mps.is_available()`), else `torch.device("cpu")`. The tests replace these
# functions to check every case on a machine without a GPU.

# %% nbgrader={"grade_id": "pick_device", "solution": true}
def pick_device():
    """The best device here: cuda if available, else mps if available, else cpu (a torch.device)."""
    ### BEGIN SOLUTION
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_pick_device", "grade": true, "points": 1, "locked": true}
device = pick_device()
assert isinstance(device, torch.device), f"pick_device must return a torch.device, got {type(device).__name__}"
assert device.type in ("cuda", "mps", "cpu"), f"unexpected device type {device.type!r}"
if torch.cuda.is_available():
    assert device.type == "cuda", "CUDA is available here, so pick_device must return a cuda device"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def availability(cuda, mps):
    """Patch every public way of asking what is available to the scenario (cuda, mps)."""
    accelerator = "cuda" if cuda else "mps" if mps else None
    replacements = [
        (torch.cuda, "is_available", lambda: cuda),
        (torch.cuda, "device_count", lambda: int(cuda)),
        (torch.backends.cuda, "is_built", lambda: cuda),
        (torch.backends.mps, "is_available", lambda: mps),
        (torch.backends.mps, "is_built", lambda: mps),
    ]
    if hasattr(torch, "mps") and hasattr(torch.mps, "is_available"):
        replacements.append((torch.mps, "is_available", lambda: mps))
    if hasattr(torch, "accelerator"):
        replacements.append((torch.accelerator, "is_available", lambda: accelerator is not None))
        replacements.append((torch.accelerator, "current_accelerator",
                             lambda *args, **kwargs: torch.device(accelerator) if accelerator else None))
    return patched(*replacements)


for cuda, mps, expected in [(True, True, "cuda"), (True, False, "cuda"), (False, True, "mps"), (False, False, "cpu")]:
    with availability(cuda, mps):
        picked = pick_device()
    assert isinstance(picked, torch.device), f"pick_device must return a torch.device, got {type(picked).__name__}"
    assert picked.type == expected, (
        f"with CUDA {'available' if cuda else 'unavailable'} and MPS {'available' if mps else 'unavailable'}, "
        f"pick_device must choose {expected!r}, got {picked.type!r}")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 2. Как честно измерить время
#
# Посмотрим, что происходит при вызове `c = a @ b` с тензорами на GPU. Python вызывает
# PyTorch, PyTorch выбирает ядро (kernel) и **ставит его в очередь** видеокарты, после чего
# сразу возвращает управление. Тензор `c` уже существует, но числа в нём появятся позже.
# Поэтому код
#
# ```python
# start = time.perf_counter()
# c = a @ b
# print(time.perf_counter() - start)
# ```
#
# измеряет только постановку в очередь, микросекунды, как бы велики ни были матрицы. Чтобы
# измерить работу, надо дождаться её окончания: `torch.cuda.synchronize()`. Ещё точнее
# **события CUDA** (`torch.cuda.Event(enable_timing=True)`): они ставятся в ту же очередь, что и
# ядро, и видеокарта сама записывает время их выполнения.
#
# Ещё три правила честного замера:
#
# - **Прогрев.** Первый вызов платит за разовые действия: создание контекста CUDA, загрузку
#   ядер, инициализацию cuBLAS, выбор алгоритма, рост пула памяти. Несколько первых вызовов
#   выполняют, но не считают.
# - **Повторы и медиана.** Один замер случаен: вмешивается операционная система, сборщик мусора,
#   соседние процессы. Медиана нескольких замеров устойчива к таким выбросам, а среднее нет: один
#   вызов в 100 раз медленнее сдвигает среднее из 10 замеров в 10 раз.
# - **Единицы.** `time.perf_counter()` возвращает секунды; миллисекунды — это `× 1000`.
#   `Event.elapsed_time` уже возвращает миллисекунды.
#
# Сначала посмотрим на прогрев. Если GPU есть, ячейка измеряет самое первое умножение матриц
# на нём и следующие; без GPU — то же на CPU, где разница обычно гораздо меньше.

# %% [markdown] tags=["en"]
# ## 2. How to measure time honestly
#
# Let us see what happens in `c = a @ b` with tensors on a GPU. Python calls PyTorch, PyTorch
# picks a kernel and **queues** it on the GPU, then returns at once. The tensor `c` already
# exists, but its numbers come later. So the code
#
# ```python
# start = time.perf_counter()
# c = a @ b
# print(time.perf_counter() - start)
# ```
#
# measures only the queueing, microseconds, however large the matrices. To measure the work
# we must wait for it to finish: `torch.cuda.synchronize()`. More precise still are **CUDA
# events** (`torch.cuda.Event(enable_timing=True)`): they go into the same queue as the kernel,
# and the GPU itself records when it reaches them.
#
# Three more rules of an honest measurement:
#
# - **Warm-up.** The first call pays for one-time work: creating the CUDA context, loading
#   kernels, starting cuBLAS, choosing an algorithm, growing the memory pool. Run a few calls
#   first and do not count them.
# - **Repeats and the median.** One measurement is a matter of chance: the operating system,
#   the garbage collector and other processes get in the way. The median of several runs
#   survives such outliers, the mean does not: one call 100 times slower moves the mean of 10
#   runs by a factor of 10.
# - **Units.** `time.perf_counter()` returns seconds; milliseconds are `× 1000`.
#   `Event.elapsed_time` already returns milliseconds.
#
# First, warm-up. With a GPU, the cell times the very first matrix product on it and the ones
# after; without one it does the same on the CPU, where the gap is usually much smaller.

# %%
def timed_once(fn, device_type):
    """Milliseconds of one call, synchronized: for this demonstration only."""
    if device_type == "cuda":
        torch.cuda.synchronize()
    start = time.perf_counter()
    fn()
    if device_type == "cuda":
        torch.cuda.synchronize()
    return (time.perf_counter() - start) * 1e3


demo_device = "cuda" if HAS_CUDA else "cpu"
x_demo = torch.randn(1024, 1024, device=demo_device)
first_calls = [timed_once(lambda: x_demo @ x_demo, demo_device) for _ in range(6)]
print(f"matmul 1024x1024 on {demo_device}, successive calls (ms):", " ".join(f"{t:.3f}" for t in first_calls))
print(f"first call / median of the next five: {first_calls[0] / statistics.median(first_calls[1:]):.1f}x")

# %% [markdown] tags=["ru"]
# А вот что бывает без синхронизации (только на GPU): время «умножения» матриц 4096×4096 без
# `synchronize` не зависит от работы и в сотни раз меньше настоящего.

# %% [markdown] tags=["en"]
# And this is what happens without synchronization (GPU only): the "time" of a 4096×4096
# matrix product without `synchronize` has nothing to do with the work, and is hundreds of
# times too small.

# %%
if HAS_CUDA:
    a_sync = torch.randn(4096, 4096, device="cuda")
    for _ in range(3):  # warm-up
        a_sync @ a_sync
    torch.cuda.synchronize()
    start = time.perf_counter()
    a_sync @ a_sync
    no_sync_ms = (time.perf_counter() - start) * 1e3  # only the launch
    torch.cuda.synchronize()
    start = time.perf_counter()
    a_sync @ a_sync
    torch.cuda.synchronize()
    sync_ms = (time.perf_counter() - start) * 1e3
    print(f"without synchronize: {no_sync_ms:.3f} ms; with synchronize: {sync_ms:.3f} ms")
    del a_sync
else:
    print("No GPU: on a GPU this cell shows a 4096x4096 matmul timed without synchronize "
          "(microseconds: only the launch) next to the same with synchronize (milliseconds).")

# %% [markdown] tags=["ru"]
# ### Задание 2 (4 балла)
#
# Напишите `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`:
#
# - сначала `warmup` раз вызовите `fn(*args, **kwargs)`, не измеряя;
# - затем `repeat` раз вызовите её же, измеряя каждый вызов отдельно;
# - верните **медиану** этих `repeat` замеров в **миллисекундах** (число `float`).
#
# Как измерять:
#
# - `device="cpu"`: `time.perf_counter()` до и после вызова;
# - `device="cuda"`: события CUDA вокруг вызова и синхронизация перед чтением времени
#   (`end.synchronize()` или `torch.cuda.synchronize()`); прогрев тоже завершите синхронизацией;
# - `device="mps"` разрешено, но не обязательно (`torch.mps.synchronize()` и `perf_counter`).
#
# Ошибки: `ValueError` для неизвестного устройства (например, `"tpu"` или `"gpu"`) и для
# `repeat < 1`, с текстом, где названо неверное значение; `RuntimeError`, если просят `"cuda"`,
# а CUDA недоступна. Проверяйте аргументы до первого вызова `fn`.
#
# Тесты используют «нагрузки», которые спят заданное время, и могут подменить
# `time.perf_counter` часами, которые идут только во время этих нагрузок. Поэтому на CPU
# используйте именно `time.perf_counter`, как сказано в задании.

# %% [markdown] tags=["en"]
# ### Exercise 2 (4 points)
#
# Write `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`:
#
# - first call `fn(*args, **kwargs)` `warmup` times without timing it;
# - then call it `repeat` times, timing each call on its own;
# - return the **median** of those `repeat` times in **milliseconds** (a `float`).
#
# How to time:
#
# - `device="cpu"`: `time.perf_counter()` before and after the call;
# - `device="cuda"`: CUDA events around the call, and a synchronization before reading the
#   time (`end.synchronize()` or `torch.cuda.synchronize()`); end the warm-up with a
#   synchronization too;
# - `device="mps"` may be supported, but need not be (`torch.mps.synchronize()` and `perf_counter`).
#
# Errors: `ValueError` for an unknown device (such as `"tpu"` or `"gpu"`) and for `repeat < 1`,
# with a message that names the bad value; `RuntimeError` when `"cuda"` is asked for and CUDA
# is not available. Check the arguments before the first call of `fn`.
#
# The tests use workloads that sleep for known times, and may replace `time.perf_counter` with
# a clock that moves only while those workloads run. So on the CPU use `time.perf_counter`, as
# the exercise says.

# %% nbgrader={"grade_id": "measure_time", "solution": true}
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    Raises ValueError for an unknown device or repeat < 1, RuntimeError for "cuda" without CUDA.
    """
    ### BEGIN SOLUTION
    kind = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    if kind not in ("cpu", "cuda", "mps"):
        raise ValueError(f"unknown device {device!r}: expected 'cpu', 'cuda' or 'mps'")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must not be negative, got {warmup}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError(f"device {device!r} was requested, but CUDA is not available")
    if kind == "mps" and not torch.backends.mps.is_available():
        raise RuntimeError(f"device {device!r} was requested, but MPS is not available")

    if kind == "cuda":
        with torch.cuda.device(torch.device(device)):
            for _ in range(warmup):
                fn(*args, **kwargs)
            torch.cuda.synchronize()
            times = []
            for _ in range(repeat):
                start = torch.cuda.Event(enable_timing=True)
                end = torch.cuda.Event(enable_timing=True)
                start.record()
                fn(*args, **kwargs)
                end.record()
                end.synchronize()
                times.append(start.elapsed_time(end))  # already milliseconds
        return float(statistics.median(times))

    sync = torch.mps.synchronize if kind == "mps" else (lambda: None)
    for _ in range(warmup):
        fn(*args, **kwargs)
    sync()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args, **kwargs)
        sync()
        times.append((time.perf_counter() - start) * 1e3)  # seconds -> milliseconds
    return float(statistics.median(times))
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_measure_time", "grade": true, "points": 4, "locked": true}
nap = sleeper([0.01])
ms = measure_time(nap, repeat=3, warmup=1)
assert isinstance(ms, float), f"measure_time must return a float, got {type(ms).__name__}"
assert len(nap.calls) == 4, f"warmup=1 and repeat=3 make 4 calls of fn, not {len(nap.calls)}"
assert 9.5 <= ms < 1000, f"fn sleeps 10 ms, so measure_time should return about 10 (milliseconds), got {ms}"
expect_error(ValueError, measure_time, nap, repeat=0, what="repeat=0")
expect_error(ValueError, measure_time, nap, device="tpu", what='device="tpu"')
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def check_ms(result, expected, what, slack=25.0):
    """Sleeping takes at least the time asked; a loaded machine adds some, never subtracts."""
    assert isinstance(result, float), f"{what}: measure_time must return a float, got {type(result).__name__}"
    assert 0.95 * expected <= result <= expected + slack, (
        f"{what}: expected about {expected} ms (the median of the timed calls, in milliseconds), got {result}")


# calls: warm-up + repeat, arguments passed through untouched, defaults 2 + 10
quick = sleeper([0.0])
measure_time(quick, 3, "x", device="cpu", repeat=4, warmup=3, scale=2)
assert len(quick.calls) == 7, f"warmup=3 and repeat=4 make 7 calls of fn, not {len(quick.calls)}"
assert all(call == ((3, "x"), {"scale": 2}) for call in quick.calls), (
    f"fn must be called as fn(*args, **kwargs), with exactly the caller's arguments; got {quick.calls[0]}")
quick = sleeper([0.0])
measure_time(quick)
assert len(quick.calls) == 12, f"the defaults warmup=2 and repeat=10 make 12 calls, not {len(quick.calls)}"
quick = sleeper([0.0])
measure_time(quick, repeat=1, warmup=0)
assert len(quick.calls) == 1, f"warmup=0 and repeat=1 make exactly 1 call, not {len(quick.calls)}"

with fake_perf_counter(FakeClock()) as clock:
    # warm-up calls are slow (like CUDA start-up) and must not count
    slow_start = sleeper([0.08, 0.08, 0.08, 0.004, 0.006, 0.005], clock)
    check_ms(measure_time(slow_start, repeat=3, warmup=3), 5.0, "three slow warm-up calls, then 4, 6 and 5 ms")
    # one outlier: the median survives it, the mean does not
    outlier = sleeper([0.005, 0.005, 0.005, 0.25, 0.005, 0.005], clock)
    check_ms(measure_time(outlier, repeat=5, warmup=1), 5.0, "timed calls of 5, 5, 250, 5 and 5 ms")
    # the median, not the minimum
    uneven = sleeper([0.0, 0.02, 0.004, 0.02, 0.004, 0.02], clock)
    check_ms(measure_time(uneven, repeat=5, warmup=1), 20.0, "timed calls of 20, 4, 20, 4 and 20 ms")
    # an even number of calls: any value between the two middle ones is a median
    even = sleeper([0.0, 0.01, 0.002, 0.006, 0.03], clock)
    result = measure_time(even, repeat=4, warmup=1)
    assert isinstance(result, float) and 0.95 * 6 <= result <= 10 + 25, (
        f"timed calls of 10, 2, 6 and 30 ms have a median between 6 and 10 ms, got {result}")

# the real clock, without any fake
check_ms(measure_time(sleeper([0.015]), repeat=3, warmup=1), 15.0, "calls of 15 ms with the real clock", slack=985)

# errors, raised before any call of fn
for bad_repeat in (0, -3):
    never = sleeper([0.0])
    expect_error(ValueError, measure_time, never, repeat=bad_repeat, mention=[bad_repeat], what=f"repeat={bad_repeat}")
    assert not never.calls, f"with repeat={bad_repeat}, raise ValueError before calling fn"
for bad_device in ("tpu", "gpu"):
    never = sleeper([0.0])
    expect_error(ValueError, measure_time, never, device=bad_device, mention=[bad_device], what=f"device={bad_device!r}")
    assert not never.calls, f"with device={bad_device!r}, raise ValueError before calling fn"
if torch.cuda.is_available():
    on_gpu = sleeper([0.001])
    result = measure_time(on_gpu, device="cuda", repeat=3, warmup=1)
    assert isinstance(result, float) and result > 0, f"measure_time on cuda must return a positive float, got {result!r}"
    assert len(on_gpu.calls) == 4, f"warmup=1 and repeat=3 make 4 calls on cuda too, not {len(on_gpu.calls)}"
else:
    never = sleeper([0.0])
    expect_error(RuntimeError, measure_time, never, device="cuda", mention=["cuda"], what='device="cuda" without CUDA')
    assert not never.calls, "with device='cuda' and no CUDA, raise RuntimeError before calling fn"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# #### Транспонирование — это представление, а не копия
#
# `x.transpose(-2, -1)` (или `x.mT`, `x.T` для матриц) меняет только шаги (strides): данные не
# двигаются, и указатель на них тот же. Поэтому время транспонирования одно и то же для
# тензора в 1 МиБ и в 16 МиБ. Настоящая работа начинается с `.contiguous()`: он копирует данные
# в новый порядок. В таблице сравнения мы измеряем именно `transpose(...).contiguous()`.

# %% [markdown] tags=["en"]
# #### A transpose is a view, not a copy
#
# `x.transpose(-2, -1)` (or `x.mT`, and `x.T` for matrices) changes only the strides: the data
# stays where it is, behind the same pointer. So the transpose takes the same time for a 1 MiB
# tensor and a 16 MiB one. Real work starts with `.contiguous()`, which copies the data into the
# new order. In the comparison table we time `transpose(...).contiguous()`.

# %%
for side in (256, 1024):
    x_t = torch.randn(4, side, side)
    view = x_t.transpose(-2, -1)
    view_ms = measure_time(lambda: x_t.transpose(-2, -1), repeat=5, warmup=1)
    copy_ms = measure_time(lambda: x_t.transpose(-2, -1).contiguous(), repeat=5, warmup=1)
    print(f"4x{side}x{side} ({x_t.numel() * 4 / MiB:.0f} MiB): same storage: {view.data_ptr() == x_t.data_ptr()}, "
          f"contiguous: {view.is_contiguous()}; view {view_ms:.4f} ms, real copy {copy_ms:.3f} ms")
del x_t, view

# %% [markdown] tags=["ru"]
# #### Сверка с `torch.utils.benchmark`
#
# В PyTorch есть свой инструмент замеров, `torch.utils.benchmark.Timer`: он сам прогревает,
# синхронизирует и подбирает число повторов. Если наша `measure_time` честна, их медианы
# близки. (На CPU `Timer` по умолчанию использует один поток, поэтому задаём ему столько же
# потоков, сколько у PyTorch.) На GPU медианы должны совпасть в пределах 10%. На общем
# загруженном CPU, например на сервере проверки, оба замера шумят, и расхождение бывает больше:
# это свойство машины, а не ошибка в коде.

# %% [markdown] tags=["en"]
# #### A cross-check against `torch.utils.benchmark`
#
# PyTorch has its own timing tool, `torch.utils.benchmark.Timer`: it warms up, synchronizes and
# picks the number of runs by itself. If our `measure_time` is honest, the two medians are
# close. (On a CPU, `Timer` uses one thread by default, so we give it as many as PyTorch uses.)
# On a GPU the medians should agree within 10%. On a shared, busy CPU, such as the grading
# server, both measurements are noisy and can differ more: that is the machine, not the code.

# %%
from torch.utils import benchmark

if HAS_CUDA:
    a_chk = torch.randn(4096, 4096, device="cuda")
    ours = measure_time(torch.matmul, a_chk, a_chk, device="cuda", repeat=50, warmup=5)
    theirs = benchmark.Timer("torch.matmul(a, a)", globals={"torch": torch, "a": a_chk}).blocked_autorange(
        min_run_time=1.0).median * 1e3
    check_name = "matmul 4096x4096 on cuda"
else:
    a_chk = torch.randn(256, 256)
    ours = measure_time(torch.matmul, a_chk, a_chk, repeat=50, warmup=5)
    theirs = benchmark.Timer("torch.matmul(a, a)", globals={"torch": torch, "a": a_chk},
                             num_threads=torch.get_num_threads()).blocked_autorange(min_run_time=0.2).median * 1e3
    check_name = "matmul 256x256 on the CPU"
ratio = ours / theirs
print(f"{check_name}: measure_time {ours:.3f} ms, benchmark.Timer {theirs:.3f} ms, ratio {ratio:.2f} "
      f"({'within' if abs(ratio - 1) <= 0.10 else 'NOT within'} 10%)")
del a_chk

# %% [markdown] tags=["ru"]
# ## 3. Таблица сравнения CPU и GPU
#
# Повторим сравнение из домашнего задания, но честно. Операции: умножение матриц (`matmul`),
# сложение (`add`), поэлементное умножение (`mul`), транспонирование с настоящей копией
# (`transpose` = `transpose(-2, -1).contiguous()`) и сумма всех элементов (`sum`). Размеры
# домашнего задания — 64×1024×1024, 128×512×512 и 256×256×256 (пачки квадратных матриц); без
# GPU возьмём в 64 раза меньше: 4×256×256, 8×128×128 и 16×64×64.
#
# Один результат описывает `OpResult` (он уже готов): имя операции, форма входа и медианы
# времени на CPU и на GPU (`None`, если не измеряли).
#
# ### Задание 3 (3 балла)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` возвращает список `OpResult`,
#    по одному на каждую пару (операция, вход):
#    - `tensors` — список кортежей входных тензоров на CPU, например `[(a1, b1), (a2, b2)]`;
#      операция вызывается как `op(*inputs)`;
#    - `ops` — словарь `{имя: функция}`;
#    - `devices` — имена устройств, например `["cpu"]` или `["cpu", "cuda"]`: `"cpu"` заполняет
#      `cpu_ms`, любое другое устройство — `gpu_ms` (в тестах «GPU» изображает устройство
#      `"meta"`);
#    - `timer` вызывается как `timer(fn, *args, device=device)` и возвращает миллисекунды.
#
#    Каждый кортеж входов переносите на устройство **один раз, до замера**: измеряемая функция
#    должна только выполнять операцию над тензорами, которые уже на нём. `shape` — форма первого
#    тензора входа (кортеж `int`).
# 2. `results_table(results)` возвращает `PrettyTable` со столбцами `"Operation"`,
#    `"CPU (ms)"`, `"GPU (ms)"`, `"Speedup"`, по строке на результат в том же порядке:
#    операция в виде `"matmul 64x1024x1024"`, времена с тремя знаками после запятой, ускорение
#    `cpu_ms / gpu_ms` с двумя знаками и буквой `x` (`"25.00x"`). Где времени нет, пишите `"n/a"`.

# %% [markdown] tags=["en"]
# ## 3. The CPU-versus-GPU table
#
# Let us redo the homework's comparison, honestly this time. The operations: matrix product
# (`matmul`), addition (`add`), elementwise product (`mul`), a transpose with a real copy
# (`transpose` = `transpose(-2, -1).contiguous()`) and the sum of all elements (`sum`). The
# homework's sizes are 64×1024×1024, 128×512×512 and 256×256×256 (batches of square matrices);
# without a GPU we take 64 times less: 4×256×256, 8×128×128 and 16×64×64.
#
# `OpResult` (given) holds one result: the operation's name, the input's shape, and the median
# times on the CPU and on the GPU (`None` when not measured).
#
# ### Exercise 3 (3 points)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` returns a list of `OpResult`,
#    one per (operation, input) pair:
#    - `tensors` is a list of tuples of input tensors on the CPU, such as `[(a1, b1), (a2, b2)]`;
#      an operation is called as `op(*inputs)`;
#    - `ops` is a dict `{name: function}`;
#    - `devices` names the devices, such as `["cpu"]` or `["cpu", "cuda"]`: `"cpu"` fills
#      `cpu_ms`, any other device fills `gpu_ms` (the tests use the `"meta"` device as a
#      stand-in GPU);
#    - `timer` is called as `timer(fn, *args, device=device)` and returns milliseconds.
#
#    Move each tuple of inputs to a device **once, before timing**: the timed function must only
#    run the operation on tensors that are already there. `shape` is the shape of the input's
#    first tensor (a tuple of `int`).
# 2. `results_table(results)` returns a `PrettyTable` with columns `"Operation"`, `"CPU (ms)"`,
#    `"GPU (ms)"`, `"Speedup"`, one row per result in the same order: the operation written as
#    `"matmul 64x1024x1024"`, times with three decimals, the speedup `cpu_ms / gpu_ms` with two
#    decimals and an `x` (`"25.00x"`). Where a time is missing, write `"n/a"`.

# %%
class OpResult(NamedTuple):
    """One operation on one input size, timed on the CPU and/or a GPU."""
    op: str                    # the operation's name, e.g. "matmul"
    shape: tuple               # shape of the input's first tensor, e.g. (64, 1024, 1024)
    cpu_ms: float | None       # median milliseconds on the CPU, None if not measured
    gpu_ms: float | None       # median milliseconds on the GPU, None if not measured


# %% nbgrader={"grade_id": "benchmark_ops", "solution": true}
def benchmark_ops(tensors, ops, devices, timer=measure_time):
    """One OpResult per (operation, input): every op timed on every device with `timer`.

    tensors: list of tuples of CPU tensors; ops: {name: function called as op(*inputs)};
    devices: e.g. ["cpu", "cuda"]; "cpu" fills cpu_ms, any other device fills gpu_ms.
    timer(fn, *args, device=device) returns milliseconds. Inputs move to a device before timing.
    """
    ### BEGIN SOLUTION
    times = {}
    for device in devices:
        column = "cpu_ms" if torch.device(device).type == "cpu" else "gpu_ms"
        for index, inputs in enumerate(tensors):
            moved = tuple(t.to(device) for t in inputs)  # the copy happens here, outside the timer
            for name, op in ops.items():
                times.setdefault((name, index), {})[column] = timer(op, *moved, device=device)
            del moved
    return [
        OpResult(name, tuple(inputs[0].shape), times.get((name, index), {}).get("cpu_ms"),
                 times.get((name, index), {}).get("gpu_ms"))
        for name in ops
        for index, inputs in enumerate(tensors)
    ]
    ### END SOLUTION


def results_table(results):
    """PrettyTable: Operation ("matmul 64x1024x1024"), CPU (ms), GPU (ms), Speedup ("25.00x"); "n/a" if missing."""
    ### BEGIN SOLUTION
    table = PrettyTable(["Operation", "CPU (ms)", "GPU (ms)", "Speedup"])
    for r in results:
        cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
        gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
        if r.cpu_ms is None or r.gpu_ms is None or r.gpu_ms <= 0:
            speedup = "n/a"
        else:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(str(size) for size in r.shape)}", cpu, gpu, speedup])
    return table
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_benchmark_ops", "grade": true, "points": 3, "locked": true}
example = [OpResult("matmul", (4, 256, 256), 12.5, 0.5), OpResult("sum", (16, 64, 64), 0.25, None)]
example_table = results_table(example)
assert list(example_table.field_names) == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], (
    f"wrong columns: {example_table.field_names}")
assert len(example_table.rows) == 2, f"one row per result expected, got {len(example_table.rows)}"
assert [str(cell) for cell in example_table.rows[0]] == ["matmul 4x256x256", "12.500", "0.500", "25.00x"], (
    f"first row: {example_table.rows[0]}")
assert [str(cell) for cell in example_table.rows[1]][2:] == ["n/a", "n/a"], (
    f"a missing GPU time must read n/a, got {example_table.rows[1]}")
small = [(torch.ones(2, 3), torch.ones(2, 3))]
example_results = benchmark_ops(small, {"add": lambda a, b: a + b}, ["cpu"], timer=lambda fn, *args, device: 1.5)
assert example_results == [OpResult("add", (2, 3), 1.5, None)], f"got {example_results}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
COPY_OPS = {"to", "cuda", "cpu", "copy_", "_to_copy", "clone", "detach"}
torch.manual_seed(5)
inputs_list = [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(4, 2, 2), torch.randn(4, 2, 2))]
originals = [tuple(t.clone() for t in inputs) for inputs in inputs_list]
seen = []  # (op name, devices of its inputs), appended by the instrumented ops


def instrumented(name, fn):
    def op(*tensors):
        seen.append((name, tuple(t.device.type for t in tensors), tuple(tensors[0].shape)))
        return fn(*tensors)
    return op


# the ops only record what they receive: real math on the meta device would be slow to set up
test_ops = {name: instrumented(name, lambda a, b: a) for name in ("add", "mul", "transpose", "sum")}
SPEEDUPS = {"add": 4.0, "mul": 0.5, "transpose": 2.5, "sum": 8.0}
timer_calls = []


def fake_timer(fn, *args, device="cpu", **kwargs):
    """Runs fn once, checks what it does, and returns a made-up time for the op it ran."""
    before = len(seen)
    with OpCounter() as ops_inside:
        fn(*args, **kwargs)
    ran = seen[before:]
    assert len(ran) == 1, f"the timed function must run exactly one operation, it ran {len(ran)}"
    name, input_devices, shape = ran[0]
    kind = torch.device(device).type
    assert all(d == kind for d in input_devices), (
        f"timer(device={device!r}) timed {name} on inputs that live on {input_devices}: move the inputs to "
        f"the device and pass that device to the timer")
    copies = sorted(set(ops_inside.names) & COPY_OPS)
    assert not copies, (
        f"the timed function for {name} also ran {copies}: move the inputs to the device once, before timing")
    timer_calls.append((name, shape, kind))
    cpu = 10.0 * (list(test_ops).index(name) + 1) + shape[0]
    return cpu if kind == "cpu" else cpu / SPEEDUPS[name]


def expected_result(name, shape, cpu=True, gpu=True):
    cpu_ms = 10.0 * (list(test_ops).index(name) + 1) + shape[0]
    return (name, shape, cpu_ms if cpu else None, cpu_ms / SPEEDUPS[name] if gpu else None)


for devices, cpu, gpu in [(["cpu", "meta"], True, True), (["cpu"], True, False), (["meta"], False, True)]:
    timer_calls.clear()
    results = benchmark_ops(inputs_list, test_ops, devices, timer=fake_timer)
    assert isinstance(results, list), f"benchmark_ops must return a list, got {type(results).__name__}"
    assert len(results) == len(test_ops) * len(inputs_list), (
        f"{len(test_ops)} ops on {len(inputs_list)} inputs make {len(test_ops) * len(inputs_list)} results, "
        f"got {len(results)}")
    assert all(isinstance(r, OpResult) for r in results), "benchmark_ops must return OpResult objects"
    got = sorted((r.op, tuple(r.shape), r.cpu_ms, r.gpu_ms) for r in results)
    want = sorted(expected_result(name, tuple(inputs[0].shape), cpu, gpu)
                  for name in test_ops for inputs in inputs_list)
    assert got == want, (
        f"with devices={devices}, results should be (op, shape, cpu_ms, gpu_ms) = {want}, got {got}; "
        f"cpu_ms and gpu_ms are exactly what the timer returned for that device, None for a device not asked for")
    assert all(type(size) is int for r in results for size in r.shape), "shape must be a tuple of ints"
    timed = {(name, shape, kind) for name, shape, kind in timer_calls}
    assert len(timed) == len(test_ops) * len(inputs_list) * len(devices), (
        f"every op must be timed on every input on every device; timed {sorted(timed)}")
for inputs, kept in zip(inputs_list, originals):
    for tensor, copy in zip(inputs, kept):
        assert tensor.device.type == "cpu" and torch.equal(tensor, copy), "benchmark_ops must not change its inputs"

# results_table: order kept, formats, n/a, speedup = cpu / gpu (a GPU can also be slower)
cases = [OpResult("add", (64, 1024, 1024), 12.5, 0.5), OpResult("sum", (8, 4), 0.02, 0.05),
         OpResult("mul", (3,), 3.25, None), OpResult("transpose", (2, 5, 7), None, 1.625),
         OpResult("matmul", (1, 2, 2), None, None)]
table = results_table(cases)
assert isinstance(table, PrettyTable), f"results_table must return a PrettyTable, got {type(table).__name__}"
assert list(table.field_names) == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], f"wrong columns: {table.field_names}"
rows = [[str(cell).strip() for cell in row] for row in table.rows]
assert len(rows) == len(cases), f"one row per result expected, got {len(rows)}"


def number(cell):
    return float(cell[:-1] if cell.endswith("x") else cell)


for r, row in zip(cases, rows):
    label = f"{r.op} {'x'.join(map(str, r.shape))}"
    assert row[0] == label, f"the Operation cell should read {label!r}, got {row[0]!r} (rows keep the order of results)"
    for cell, value, column in [(row[1], r.cpu_ms, "CPU (ms)"), (row[2], r.gpu_ms, "GPU (ms)")]:
        if value is None:
            assert cell == "n/a", f"{label}: a missing time must read 'n/a' in {column}, got {cell!r}"
        else:
            assert abs(number(cell) - value) <= 0.0006, f"{label}: {column} should show {value}, got {cell!r}"
    if r.cpu_ms is None or r.gpu_ms is None:
        assert row[3] == "n/a", f"{label}: without both times the speedup must read 'n/a', got {row[3]!r}"
    else:
        assert row[3].endswith("x") and abs(number(row[3]) - r.cpu_ms / r.gpu_ms) <= 0.006, (
            f"{label}: speedup is cpu_ms / gpu_ms = {r.cpu_ms / r.gpu_ms:.2f}, written like '25.00x'; got {row[3]!r}")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Теперь само сравнение. На GPU берём размеры домашнего задания и делаем 5 замеров после одного
# прогрева (так CPU успевает за разумное время); без GPU — уменьшенные размеры.

# %% [markdown] tags=["en"]
# Now the comparison itself. On a GPU we use the homework's sizes, with 5 timed runs after one
# warm-up (so that the CPU finishes in reasonable time); without a GPU, the smaller sizes.

# %%
OPS = {
    "matmul": lambda a, b: a @ b,
    "add": lambda a, b: a + b,
    "mul": lambda a, b: a * b,
    "transpose": lambda a, b: a.transpose(-2, -1).contiguous(),  # a real copy, not a view
    "sum": lambda a, b: a.sum(),
}
if HAS_CUDA:
    SHAPES = [(64, 1024, 1024), (128, 512, 512), (256, 256, 256)]
    DEVICES = ["cpu", "cuda"]
else:
    SHAPES = [(4, 256, 256), (8, 128, 128), (16, 64, 64)]
    DEVICES = ["cpu"]
torch.manual_seed(0)
bench_inputs = [(torch.randn(shape), torch.randn(shape)) for shape in SHAPES]
bench_results = benchmark_ops(bench_inputs, OPS, DEVICES, timer=functools.partial(measure_time, repeat=5, warmup=1))
del bench_inputs
print(results_table(bench_results))

# %%
fig, ax = plt.subplots(figsize=(9, 4))
width = 0.8 / len(SHAPES)
for j, shape in enumerate(SHAPES):
    rows_for_shape = [r for r in bench_results if tuple(r.shape) == shape]
    if HAS_CUDA:
        values = [r.cpu_ms / r.gpu_ms for r in rows_for_shape]
    else:
        values = [r.cpu_ms for r in rows_for_shape]
    ax.bar([i + j * width for i in range(len(OPS))], values, width, label="x".join(map(str, shape)))
ax.set_xticks([i + width * (len(SHAPES) - 1) / 2 for i in range(len(OPS))], list(OPS))
ax.set_yscale("log")
ax.legend(title="input shape")
if HAS_CUDA:
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_ylabel("speedup (CPU time / GPU time)")
    ax.set_title(f"GPU speedup on {torch.cuda.get_device_name()}")
else:
    ax.set_ylabel("CPU time (ms)")
    ax.set_title("No GPU here: CPU times only (speedups need a GPU)")
fig.tight_layout()

# %% [markdown] tags=["ru"]
# #### float16: где он ускоряет
#
# Половинная точность ускоряет умножение матриц на GPU: тензорные ядра дают во много раз больше
# операций в секунду, чем во float32. На CPU это не так, поэтому мерить float16 на CPU и делать
# выводы о GPU нельзя. Ячейка ниже сравнивает float16 и float32 там, где это осмысленно (на
# GPU), а на CPU показывает, что half там не быстрее.

# %% [markdown] tags=["en"]
# #### float16: where it speeds things up
#
# Half precision speeds up matrix products on a GPU: the tensor cores deliver many times more
# operations per second than in float32. Not so on a CPU, so timing float16 on a CPU tells
# nothing about a GPU. The cell below compares float16 with float32 where that makes sense (on
# a GPU), and on a CPU shows that half is no faster there.

# %%
half_device, half_side = ("cuda", 4096) if HAS_CUDA else ("cpu", 256)
half_a = torch.randn(half_side, half_side, device=half_device)
half_ms = {}
for dtype in (torch.float32, torch.float16):
    m = half_a.to(dtype)
    half_ms[dtype] = measure_time(torch.matmul, m, m, device=half_device, repeat=5, warmup=1)
print(f"matmul {half_side}x{half_side} on {half_device}: float32 {half_ms[torch.float32]:.3f} ms, "
      f"float16 {half_ms[torch.float16]:.3f} ms, float16 speedup {half_ms[torch.float32] / half_ms[torch.float16]:.2f}x")
del half_a, m

# %% [markdown] tags=["ru"]
# ## 4. Сколько это от возможностей устройства
#
# Миллисекунды трудно сравнивать между операциями. Полезнее пересчитать их в **достигнутую
# производительность** и сравнить с пиковой из паспорта устройства.
#
# - Умножение матриц (n×k) @ (k×m) требует n·k·m умножений и столько же сложений, то есть
#   2·n·k·m операций с плавающей точкой (FLOP). Для пачки — ещё умножить на число матриц в
#   пачке (размеры пачки транслируются, как в `torch.matmul`). TFLOP/s = FLOP / секунды / 10¹².
# - Поэлементная операция почти не считает, она **перемещает данные**: `a + b` читает два
#   тензора и пишет один, всего 3 тензора по `numel · размер элемента` байт. ГБ/с =
#   байты / секунды / 10⁹ (как в паспортах: гигабайт — это 10⁹ байт, не 2³⁰).
#
# ### Задание 4 (2 балла)
#
# - `matmul_tflops(shape_a, shape_b, ms)` — достигнутые TFLOP/s умножения тензоров форм
#   `shape_a = (..., n, k)` и `shape_b = (..., k, m)` (не меньше двух измерений, размеры пачки
#   транслируются), если оно заняло `ms` миллисекунд;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)` — достигнутые ГБ/с, если за `ms`
#   миллисекунд прочитано и записано `tensors_moved` тензоров по `numel` элементов типа `dtype`.
#
# Обе функции возвращают `float`.

# %% [markdown] tags=["en"]
# ## 4. How much of the device is that
#
# Milliseconds are hard to compare across operations. It is more useful to turn them into the
# **achieved throughput** and put it next to the peak on the device's datasheet.
#
# - A matrix product (n×k) @ (k×m) takes n·k·m multiplications and as many additions, so
#   2·n·k·m floating-point operations (FLOP). For a batch, multiply by the number of matrices in
#   it (batch dimensions broadcast as in `torch.matmul`). TFLOP/s = FLOP / seconds / 10¹².
# - An elementwise operation hardly computes: it **moves data**. `a + b` reads two tensors and
#   writes one, 3 tensors of `numel · element size` bytes. GB/s = bytes / seconds / 10⁹ (as on
#   datasheets, a gigabyte is 10⁹ bytes, not 2³⁰).
#
# ### Exercise 4 (2 points)
#
# - `matmul_tflops(shape_a, shape_b, ms)`: the achieved TFLOP/s of a product of tensors of
#   shapes `shape_a = (..., n, k)` and `shape_b = (..., k, m)` (at least two dimensions, batch
#   dimensions broadcast) that took `ms` milliseconds;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)`: the achieved GB/s when `tensors_moved`
#   tensors of `numel` elements of type `dtype` were read or written in `ms` milliseconds.
#
# Both return a `float`.

# %% nbgrader={"grade_id": "matmul_tflops", "solution": true}
def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    ### BEGIN SOLUTION
    *batch_a, n, k = shape_a
    *batch_b, k_b, m = shape_b
    if k != k_b:
        raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} cannot be multiplied")
    # broadcast the batch dimensions, aligned from the right: (8, 1) with (5,) gives (8, 5)
    width = max(len(batch_a), len(batch_b))
    padded_a = [1] * (width - len(batch_a)) + list(batch_a)
    padded_b = [1] * (width - len(batch_b)) + list(batch_b)
    batch = math.prod(max(x, y) for x, y in zip(padded_a, padded_b))
    flops = 2 * batch * n * k * m
    return float(flops / (ms / 1e3) / 1e12)
    ### END SOLUTION


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    ### BEGIN SOLUTION
    nbytes = numel * torch.empty((), dtype=dtype).element_size() * tensors_moved
    return float(nbytes / (ms / 1e3) / 1e9)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_matmul_tflops", "grade": true, "points": 2, "locked": true}
tflops = matmul_tflops((1024, 1024), (1024, 1024), 1.0)
assert isinstance(tflops, float), f"matmul_tflops must return a float, got {type(tflops).__name__}"
assert abs(tflops - 2 * 1024**3 / 1e9) < 1e-6, f"2*1024**3 FLOP in 1 ms is {2 * 1024**3 / 1e9:.4f} TFLOP/s, got {tflops}"
gbps = elementwise_gbps(250_000_000, torch.float32, 3, 1.0)
assert isinstance(gbps, float), f"elementwise_gbps must return a float, got {type(gbps).__name__}"
assert abs(gbps - 3000.0) < 1e-6, f"3 tensors of 1 GB each in 1 ms is 3000 GB/s, got {gbps}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def oracle_tflops(shape_a, shape_b, ms):
    # the output of (..., n, k) @ (..., k, m): broadcast batch dims (aligned right), then n x m
    batch_a, batch_b = list(shape_a[:-2]), list(shape_b[:-2])
    width = max(len(batch_a), len(batch_b))
    batch_a, batch_b = [1] * (width - len(batch_a)) + batch_a, [1] * (width - len(batch_b)) + batch_b
    assert all(x == y or 1 in (x, y) for x, y in zip(batch_a, batch_b)), "test error: shapes do not broadcast"
    out_numel = math.prod(max(x, y) for x, y in zip(batch_a, batch_b)) * shape_a[-2] * shape_b[-1]
    return 2 * out_numel * shape_a[-1] / (ms * 1e-3) / 1e12


def close(got, want, what):
    assert isinstance(got, float), f"{what}: expected a float, got {type(got).__name__}"
    assert math.isclose(got, want, rel_tol=1e-9), f"{what}: expected {want}, got {got}"


gen = torch.Generator().manual_seed(11)
cases = [((64, 1024, 1024), (64, 1024, 1024), 10.0), ((2, 3), (3, 4), 0.001), ((8, 1, 32, 16), (5, 16, 4), 0.25),
         ((32, 16), (5, 16, 4), 2.0), ((7, 1, 5, 3), (1, 6, 3, 2), 0.5), ((1, 1, 1), (1, 1, 1), 3.0)]
for _ in range(6):
    batch = tuple(torch.randint(1, 5, (int(torch.randint(0, 3, (1,), generator=gen)),), generator=gen).tolist())
    n, k, m = torch.randint(1, 300, (3,), generator=gen).tolist()
    cases.append((batch + (n, k), batch + (k, m), float(torch.rand(1, generator=gen)) * 20 + 0.01))
for shape_a, shape_b, ms in cases:
    close(matmul_tflops(shape_a, shape_b, ms), oracle_tflops(shape_a, shape_b, ms),
          f"matmul_tflops({shape_a}, {shape_b}, ms={ms}) (2*n*k*m FLOP per matrix, batch dims broadcast, ms -> s)")
close(matmul_tflops(torch.Size([4, 8, 16]), torch.Size([4, 16, 2]), 1.5), oracle_tflops((4, 8, 16), (4, 16, 2), 1.5),
      "matmul_tflops with torch.Size shapes")

for numel, dtype, moved, ms in [(2**26, torch.float32, 3, 0.25), (1000, torch.float16, 2, 0.001),
                                (12345, torch.float64, 3, 7.5), (10**6, torch.bfloat16, 1, 0.2),
                                (999, torch.int8, 2, 0.003), (4096, torch.bool, 3, 0.01),
                                (777, torch.complex64, 3, 0.02), (2**20, torch.int64, 4, 1.0)]:
    want = numel * torch.empty((), dtype=dtype).element_size() * moved / (ms * 1e-3) / 1e9
    close(elementwise_gbps(numel, dtype, moved, ms), want,
          f"elementwise_gbps({numel}, {dtype}, {moved}, ms={ms}) (bytes of that dtype, GB = 10**9 bytes)")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Сравним достигнутое с паспортными пиками. Пики взяты из спецификаций производителя (плотные
# вычисления, без разреженности) и приблизительны. Обратите внимание: float32-умножение в
# PyTorch по умолчанию не использует TF32 (`torch.get_float32_matmul_precision()` равно
# `"highest"`), поэтому сравниваем его с пиком FP32, а float16 — с пиком тензорных ядер.
# Для CPU пик не приводим: он сильно зависит от модели процессора.

# %% [markdown] tags=["en"]
# Let us compare what we achieve with the datasheet peaks. The peaks come from the vendor's
# specifications (dense math, no sparsity) and are approximate. Note that by default a float32
# matmul in PyTorch does not use TF32 (`torch.get_float32_matmul_precision()` is `"highest"`),
# so we compare it with the FP32 peak, and float16 with the tensor-core peak. For a CPU we give
# no peak: it depends too much on the processor model.

# %%
# name fragment -> (FP32 TFLOP/s, FP16 tensor-core TFLOP/s dense, memory GB/s); first match wins
GPU_PEAKS = [
    ("H200", (67.0, 989.0, 4800.0)),
    ("H100 PCIe", (51.0, 756.0, 2000.0)),
    ("H100", (67.0, 989.0, 3350.0)),
    ("A100", (19.5, 312.0, 1555.0)),
    ("L40S", (91.6, 362.0, 864.0)),
    ("L40", (90.5, 181.0, 864.0)),
    ("L4", (30.3, 121.0, 300.0)),
    ("A10", (31.2, 125.0, 600.0)),
    ("V100", (15.7, 125.0, 900.0)),
    ("T4", (8.1, 65.0, 320.0)),
]


def datasheet_peaks():
    if not HAS_CUDA:
        return None
    name = torch.cuda.get_device_name()
    return next((peaks for key, peaks in GPU_PEAKS if key in name), None)


if HAS_CUDA:
    tp_device, side, numel = "cuda", 8192, 2**28
else:
    tp_device, side, numel = "cpu", 512, 2**22
print("float32 matmul precision:", torch.get_float32_matmul_precision())
mat = torch.randn(side, side, device=tp_device)
rows = []
ms32 = measure_time(torch.matmul, mat, mat, device=tp_device, repeat=10, warmup=2)
rows.append(("matmul float32", matmul_tflops(mat.shape, mat.shape, ms32), "TFLOP/s", 0))
if HAS_CUDA:
    mat16 = mat.half()
    ms16 = measure_time(torch.matmul, mat16, mat16, device=tp_device, repeat=10, warmup=2)
    rows.append(("matmul float16", matmul_tflops(mat16.shape, mat16.shape, ms16), "TFLOP/s", 1))
    del mat16
del mat
vec_a, vec_b = torch.randn(numel, device=tp_device), torch.randn(numel, device=tp_device)
ms_add = measure_time(torch.add, vec_a, vec_b, device=tp_device, repeat=10, warmup=2)
rows.append(("add float32 (3 tensors moved)", elementwise_gbps(numel, torch.float32, 3, ms_add), "GB/s", 2))
del vec_a, vec_b

peaks = datasheet_peaks()
throughput = PrettyTable(["Measurement", "Achieved", "Peak", "Fraction of peak"])
for label, achieved, unit, peak_index in rows:
    peak = peaks[peak_index] if peaks else None
    shown = f"{achieved:,.1f}" if achieved >= 10 else f"{achieved:.3f}"
    throughput.add_row([label, f"{shown} {unit}", f"{peak:,.0f} {unit}" if peak else "unknown",
                        f"{achieved / peak:.0%}" if peak else "n/a"])
print(f"device: {torch.cuda.get_device_name() if HAS_CUDA else 'CPU'}; matmul {side}x{side}, add of {numel:,} floats")
print(throughput)

# %% [markdown] tags=["ru"]
# ## 5. Векторизация: один большой вызов вместо цикла
#
# Каждый вызов операции PyTorch стоит несколько микросекунд сам по себе: Python, выбор ядра,
# выделение памяти для результата, а на GPU ещё и запуск ядра. Если работа маленькая, эти
# накладные расходы больше самой работы. Цикл Python по тысяче маленьких матриц — это тысяча
# таких вызовов; одна операция над всей пачкой — один вызов, и ей есть чем занять все ядра.
#
# Пример: пачка внешних произведений. Для векторов `a[i]` (длины n) и `b[i]` (длины m) внешнее
# произведение — матрица n×m с элементами `a[i][p] * b[i][q]`. Функция с циклом уже написана.
#
# ### Задание 5 (2 балла)
#
# Напишите `outer_products_vectorized(a, b)`: для `a` формы (B, n) и `b` формы (B, m) верните
# тензор (B, n, m), равный `outer_products_loop(a, b)`, **без цикла Python по пачке**: число
# вызовов операций PyTorch не должно зависеть от B. Подойдут трансляция (`None`/`unsqueeze`),
# `torch.einsum` или `torch.bmm`.

# %% [markdown] tags=["en"]
# ## 5. Vectorization: one big call instead of a loop
#
# Every call of a PyTorch operation costs a few microseconds by itself: Python, choosing the
# kernel, allocating the result, and on a GPU also launching the kernel. When the work is
# small, this overhead is larger than the work. A Python loop over a thousand small matrices
# is a thousand such calls; one operation on the whole batch is one call, with enough work to
# keep every core busy.
#
# An example: a batch of outer products. For vectors `a[i]` (length n) and `b[i]` (length m),
# the outer product is the n×m matrix of `a[i][p] * b[i][q]`. The loop version is given.
#
# ### Exercise 5 (2 points)
#
# Write `outer_products_vectorized(a, b)`: for `a` of shape (B, n) and `b` of shape (B, m),
# return the (B, n, m) tensor equal to `outer_products_loop(a, b)`, **without a Python loop
# over the batch**: the number of PyTorch operations called must not depend on B.
# Broadcasting (`None`/`unsqueeze`), `torch.einsum` or `torch.bmm` all work.

# %%
def outer_products_loop(a, b):
    """Outer products a[i] ⊗ b[i] for every i, one at a time: shape (B, n, m)."""
    return torch.stack([torch.outer(a[i], b[i]) for i in range(a.shape[0])])


# %% nbgrader={"grade_id": "outer_products_vectorized", "solution": true}
def outer_products_vectorized(a, b):
    """Outer products a[i] ⊗ b[i] of a (B, n) and b (B, m), shape (B, n, m), with no Python loop over B."""
    ### BEGIN SOLUTION
    return a[:, :, None] * b[:, None, :]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_outer_products_vectorized", "grade": true, "points": 2, "locked": true}
a_small = torch.arange(6.0).reshape(2, 3)
b_small = torch.arange(8.0).reshape(2, 4)
result = outer_products_vectorized(a_small, b_small)
assert result.shape == (2, 3, 4), f"expected shape (2, 3, 4), got {tuple(result.shape)}"
assert torch.equal(result, outer_products_loop(a_small, b_small)), "result differs from outer_products_loop"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(23)
for B, n, m, dtype in [(1, 1, 1, torch.float32), (5, 1, 7, torch.float32), (17, 6, 2, torch.float64),
                       (3, 9, 9, torch.float32), (64, 5, 3, torch.float64)]:
    a_in = torch.randn(B, n, generator=gen, dtype=dtype)
    b_in = torch.randn(B, m, generator=gen, dtype=dtype)
    a_keep, b_keep = a_in.clone(), b_in.clone()
    got = outer_products_vectorized(a_in, b_in)
    want = torch.einsum("bi,bj->bij", a_keep, b_keep)
    assert isinstance(got, torch.Tensor), f"expected a tensor, got {type(got).__name__}"
    assert got.shape == (B, n, m), f"a {tuple(a_in.shape)} and b {tuple(b_in.shape)} give shape {(B, n, m)}, got {tuple(got.shape)}"
    assert got.dtype == dtype, f"the result must keep the inputs' dtype {dtype}, got {got.dtype}"
    # (torch.testing.assert_close would do, but its first call imports sympy: seconds on a loaded machine)
    assert torch.allclose(got, want, rtol=1e-6, atol=1e-7), (
        f"wrong outer products for B={B}, n={n}, m={m}: largest error {(got - want).abs().max().item():.3g}")
    assert torch.equal(a_in, a_keep) and torch.equal(b_in, b_keep), "outer_products_vectorized must not change a or b"

counts = {}
for B in (3, 48):
    a_in, b_in = torch.randn(B, 4, generator=gen), torch.randn(B, 6, generator=gen)
    with OpCounter() as ops_used:
        outer_products_vectorized(a_in, b_in)
    counts[B] = len(ops_used.names)
assert counts[3] == counts[48], (
    f"the number of PyTorch calls grows with the batch ({counts[3]} for B=3, {counts[48]} for B=48): "
    f"there is still a loop over the batch")
assert counts[48] <= 10, f"{counts[48]} PyTorch calls for one batch of outer products: one or a few are enough"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Сравним обе версии на пачке из 2048 пар векторов длины 32.

# %% [markdown] tags=["en"]
# Let us compare both versions on a batch of 2048 pairs of vectors of length 32.

# %%
vec_device = "cuda" if HAS_CUDA else "cpu"
a_vec, b_vec = torch.randn(2048, 32, device=vec_device), torch.randn(2048, 32, device=vec_device)
loop_ms = measure_time(outer_products_loop, a_vec, b_vec, device=vec_device, repeat=5, warmup=1)
vectorized_ms = measure_time(outer_products_vectorized, a_vec, b_vec, device=vec_device, repeat=5, warmup=1)
print(f"on {vec_device}: loop {loop_ms:.2f} ms, vectorized {vectorized_ms:.3f} ms, "
      f"{loop_ms / vectorized_ms:.0f} times faster")

# %% [markdown] tags=["ru"]
# ## 6. Самый большой тензор
#
# Сколько элементов поместится в память? Арифметика даёт верхнюю границу: свободные байты,
# делённые на размер элемента. На деле получится чуть меньше: аллокатор округляет запросы,
# часть памяти фрагментирована. Надёжный способ — пробовать выделить память, и делать это
# двоичным поиском, а не перебором: для границы в 10¹⁰ элементов хватает 34 попыток.
#
# Две тонкости поиска:
#
# - **Не держите удачные попытки.** Если тензор прошлой попытки ещё жив, следующая попытка видит
#   меньше свободной памяти, и поиск найдёт неверный ответ. Результат попытки сразу
#   отбрасывайте (`try_alloc(n)` без присваивания, или `del`).
# - **Ловите только нехватку памяти**: `torch.OutOfMemoryError` (так о ней сообщает PyTorch на
#   GPU) и `MemoryError` (собственное исключение Python о нехватке памяти; его бросают, например,
#   NumPy и объекты Python). Другие исключения — это ошибки в коде, их прятать нельзя.
#
# ### Задание 6а (1 балл)
#
# - `bytes_per_element(dtype)` — размер одного элемента типа `dtype` в байтах (`int`), для
#   любого типа PyTorch (подсказка: `element_size()` или `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)` — сколько целых элементов помещается в `free_bytes` байт
#   (`int`, округление вниз).
#
# ### Задание 6б (3 балла)
#
# `find_max_allocatable(try_alloc, hi)` — наибольшее целое n из [0, hi], для которого вызов
# `try_alloc(n)` завершается без исключения. Считайте, что `try_alloc(0)` удаётся всегда и что
# если удаётся n, то удаётся и любое меньшее. Требования: двоичный поиск (O(log hi) вызовов,
# только целые n из [0, hi]); `torch.OutOfMemoryError` и `MemoryError` означают неудачу; ни
# одно выделение не остаётся живым ни во время следующей попытки, ни после возврата.

# %% [markdown] tags=["en"]
# ## 6. The largest tensor
#
# How many elements fit in memory? Arithmetic gives an upper bound: the free bytes divided by
# the size of an element. In practice it is a little less: the allocator rounds requests up,
# and part of the memory is fragmented. The reliable way is to try allocating, with a binary
# search rather than one try after another: for a bound of 10¹⁰ elements, 34 tries suffice.
#
# Two subtleties of the search:
#
# - **Do not keep successful tries.** If the tensor of the previous try is still alive, the
#   next try sees less free memory, and the search finds a wrong answer. Drop each try's result
#   at once (call `try_alloc(n)` without assigning it, or `del` it).
# - **Catch only running out of memory**: `torch.OutOfMemoryError` (what PyTorch raises on a
#   GPU) and `MemoryError` (Python's own out-of-memory exception, raised for instance by NumPy
#   and by Python objects). Any other exception is a bug in the code and must not be hidden.
#
# ### Exercise 6a (1 point)
#
# - `bytes_per_element(dtype)`: the size in bytes of one element of `dtype` (an `int`), for any
#   PyTorch dtype (hint: `element_size()` or `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)`: how many whole elements fit in `free_bytes` bytes (an
#   `int`, rounded down).
#
# ### Exercise 6b (3 points)
#
# `find_max_allocatable(try_alloc, hi)`: the largest integer n in [0, hi] for which
# `try_alloc(n)` returns without an exception. Assume that `try_alloc(0)` always succeeds and
# that when n succeeds, every smaller n does too. Requirements: a binary search (O(log hi)
# calls, only integers n in [0, hi]); `torch.OutOfMemoryError` and `MemoryError` mean failure;
# no allocation stays alive, neither during the next try nor after the function returns.

# %% nbgrader={"grade_id": "bytes_per_element", "solution": true}
def bytes_per_element(dtype):
    """Size in bytes of one element of a torch dtype, as an int."""
    ### BEGIN SOLUTION
    return torch.empty((), dtype=dtype).element_size()
    ### END SOLUTION


def max_elements(free_bytes, dtype):
    """How many whole elements of dtype fit in free_bytes bytes (an int, rounded down)."""
    ### BEGIN SOLUTION
    return int(free_bytes) // bytes_per_element(dtype)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_bytes_per_element", "grade": true, "points": 1, "locked": true}
assert bytes_per_element(torch.float32) == 4, "a float32 element takes 4 bytes"
assert bytes_per_element(torch.float16) == 2, "a float16 element takes 2 bytes"
assert max_elements(15 * GiB, torch.float32) == 15 * GiB // 4, "15 GiB hold 15 * 2**30 / 4 float32 elements"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
ALL_DTYPES = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16,
              torch.int32, torch.int64, torch.bool, torch.complex64, torch.complex128]
for dtype in ALL_DTYPES:
    size = torch.empty((), dtype=dtype).element_size()
    got = bytes_per_element(dtype)
    assert type(got) is int, f"bytes_per_element({dtype}) must return an int, got {type(got).__name__}"
    assert got == size, f"an element of {dtype} takes {size} bytes, got {got}"
gen = torch.Generator().manual_seed(31)
amounts = [0, 1, 7, 10, 15 * GiB, 15 * GiB + 3, 80 * GiB - 1] + torch.randint(0, 2**40, (6,), generator=gen).tolist()
for free in amounts:
    for dtype in ALL_DTYPES:
        want = free // torch.empty((), dtype=dtype).element_size()
        got = max_elements(free, dtype)
        assert type(got) is int, f"max_elements must return an int, got {type(got).__name__}"
        assert got == want, f"{free} bytes hold {want} whole elements of {dtype} (rounded down), got {got}"
### END HIDDEN TESTS

# %% nbgrader={"grade_id": "find_max_allocatable", "solution": true}
def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    ### BEGIN SOLUTION
    if hi < 0:
        raise ValueError(f"hi must not be negative, got {hi}")

    def fits(n):
        try:
            try_alloc(n)  # the result is dropped at once: nothing stays allocated
        except (OOM_ERROR, MemoryError):
            return False
        return True

    lo, top = 0, hi  # the answer lies in [lo, top]; lo is known to fit
    while lo < top:
        mid = (lo + top + 1) // 2
        if fits(mid):
            lo = mid
        else:
            top = mid - 1
    return lo
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_find_max_allocatable", "grade": true, "points": 3, "locked": true}
fake = FakeAllocator(capacity=1000)
found = find_max_allocatable(fake, 10**6)
assert found == 1000, f"the capacity is 1000 elements, found {found}"
assert len(fake.calls) <= 2 * 20 + 2, f"a binary search over [0, 10**6] needs about 20 calls, not {len(fake.calls)}"
assert not fake.violations, "an earlier allocation was still alive during a later try: drop each try's result"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def budget(hi):
    return 2 * math.ceil(math.log2(hi + 1)) + 2


rng = torch.Generator().manual_seed(41)
cases = [(0, 0), (1, 0), (1, 1), (1, 5), (10, 0), (10, 10), (10, 7), (10, 25), (1000, 999), (1000, 1),
         (2**40, 123_456_789_012), (2**33 + 17, 2**33 + 16), (10**6, 777_777)]
for _ in range(8):
    hi = int(torch.randint(1, 10**9, (1,), generator=rng))
    cases.append((hi, int(torch.randint(0, 2 * hi, (1,), generator=rng))))
for index, (hi, capacity) in enumerate(cases):
    error = MemoryError if index % 2 else OOM_ERROR
    fake = FakeAllocator(capacity, error=error, max_calls=budget(hi))
    try:
        found = find_max_allocatable(fake, hi)
    except TooManyCalls:
        raise AssertionError(f"more than {budget(hi)} calls of try_alloc for hi={hi}: use a binary search") from None
    want = min(hi, capacity)
    assert not fake.violations, (
        f"hi={hi}: allocation(s) of {fake.violations[0][1]} elements were still alive when try_alloc"
        f"({fake.violations[0][0]}) was called: drop each successful try before the next one")
    assert not fake.alive(), "an allocation is still alive after find_max_allocatable returned"
    assert all(0 <= n <= hi for n in fake.calls), f"try only n in [0, hi={hi}]; tried {sorted(set(fake.calls))[-3:]}"
    assert found == want, (f"hi={hi}, capacity {capacity} elements ({error.__name__} past it): "
                           f"the largest n that fits is {want}, got {found}")
    assert isinstance(found, int), f"find_max_allocatable must return an int, got {type(found).__name__}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Применим поиск. На GPU ищем самые большие тензоры float16/32/64 и int32/64 на настоящей
# видеокарте (перед каждым поиском освобождаем кэш аллокатора PyTorch, `torch.cuda.empty_cache()`,
# иначе `mem_get_info` не видит закэшированную память свободной). Без GPU используем
# смоделированную видеокарту на 15 ГиБ: она только ведёт учёт, а вместо данных выдаёт тензоры
# на устройстве `meta` (у них есть форма и тип, но нет памяти). Искать так по памяти CPU
# бессмысленно и опасно: Linux выделяет страницы лишь при первой записи, поэтому огромный
# `torch.empty` может «удаться», а процесс потом убьёт нехватка памяти. Как и настоящая, она округляет
# запросы до 2 МиБ, а часть памяти у неё заранее занята контекстом CUDA.

# %% [markdown] tags=["en"]
# Let us use the search. On a GPU we look for the largest float16/32/64 and int32/64 tensors on
# the real device (before each search we free PyTorch's allocator cache with
# `torch.cuda.empty_cache()`, or `mem_get_info` would not count the cached memory as free).
# Without a GPU we use a simulated 15 GiB GPU: it only keeps the books, and hands out tensors
# on the `meta` device (they have a shape and a dtype but no memory). Searching the CPU's memory
# this way would be pointless and risky: Linux hands out pages only when they are first
# written, so a huge `torch.empty` can "succeed" and the process be killed for lack of memory
# later. Like the real one, it
# rounds requests up to 2 MiB, and the CUDA context already holds part of its memory.

# %%
class SimulatedGPU:
    """A pretend GPU for machines without one: bookkeeping only, tensors on the meta device."""

    def __init__(self, total=15 * GiB, context=300 * MiB, granularity=2 * MiB):
        self.total, self.granularity = total, granularity
        self.used = context

    def mem_get_info(self):
        """(free bytes, total bytes), like torch.cuda.mem_get_info()."""
        return self.total - self.used, self.total

    def empty(self, n, dtype):
        """Like torch.empty(n, dtype=dtype, device="cuda"): the memory is held until the tensor dies."""
        nbytes = -(-n * torch.empty((), dtype=dtype).element_size() // self.granularity) * self.granularity
        free = self.total - self.used
        if nbytes > free:
            raise OOM_ERROR(f"Simulated GPU out of memory: tried to allocate {nbytes / GiB:.2f} GiB "
                            f"({free / GiB:.2f} GiB free of {self.total / GiB:.2f} GiB)")
        self.used += nbytes
        tensor = torch.empty(n, dtype=dtype, device="meta")
        weakref.finalize(tensor, self._release, nbytes)
        return tensor

    def _release(self, nbytes):
        self.used -= nbytes


SEARCH_DTYPES = [torch.float16, torch.float32, torch.float64, torch.int32, torch.int64]
simulated = None if HAS_CUDA else SimulatedGPU()


def memory_info():
    if HAS_CUDA:
        gc.collect()
        torch.cuda.empty_cache()
        return torch.cuda.mem_get_info()
    return simulated.mem_get_info()


def allocator_for(dtype, calls):
    def try_alloc(n):
        calls.append(n)
        if HAS_CUDA:
            return torch.empty(n, dtype=dtype, device="cuda")
        return simulated.empty(n, dtype)
    return try_alloc


largest = PrettyTable(["dtype", "bytes/element", "max_elements(free)", "largest found", "GiB", "tries"])
for dtype in SEARCH_DTYPES:
    free, total = memory_info()
    calls = []
    hi = max_elements(free, dtype)
    n_max = find_max_allocatable(allocator_for(dtype, calls), hi)
    largest.add_row([str(dtype).replace("torch.", ""), bytes_per_element(dtype), f"{hi:,}", f"{n_max:,}",
                     f"{n_max * bytes_per_element(dtype) / GiB:.3f}", len(calls)])
free, total = memory_info()
where = torch.cuda.get_device_name() if HAS_CUDA else "simulated GPU"
print(f"{where}: mem_get_info() -> free {free / GiB:.3f} GiB, total {total / GiB:.3f} GiB")
print(largest)

# %% [markdown] tags=["ru"]
# #### Нехватка памяти
#
# Запрос больше свободной памяти заканчивается `torch.OutOfMemoryError`. Это обычное исключение:
# его можно поймать, освободить память (`del` ненужных тензоров, `gc.collect()`,
# `torch.cuda.empty_cache()`) и попробовать меньший размер, например вдвое меньший пакет.

# %% [markdown] tags=["en"]
# #### Running out of memory
#
# Asking for more than the free memory ends in `torch.OutOfMemoryError`. It is an ordinary
# exception: catch it, free memory (`del` tensors you no longer need, `gc.collect()`,
# `torch.cuda.empty_cache()`), and try a smaller size, such as half the batch.

# %%
free, total = memory_info()
too_many = max_elements(free, torch.float32) + 256 * MiB  # 1 GiB of float32 more than is free
try:
    huge = torch.empty(too_many, device="cuda") if HAS_CUDA else simulated.empty(too_many, torch.float32)
except OOM_ERROR as exc:
    print(f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}")

# halve the request until it fits, then free it again
request = too_many
while True:
    try:
        block = torch.empty(request, device="cuda") if HAS_CUDA else simulated.empty(request, torch.float32)
        break
    except OOM_ERROR:
        request //= 2
print(f"fits after halving: {request * 4 / GiB:.2f} GiB of float32; free now {memory_info()[0] / GiB:.2f} GiB")
del block
print(f"after del: free {memory_info()[0] / GiB:.2f} GiB")

# %% [markdown] tags=["ru"]
# ## 7. Память одного слоя `nn.Linear`
#
# При прямом проходе `y = layer(x)` через `nn.Linear(in_features, out_features)` в памяти
# находятся веса (out×in), смещение (out, если `bias=True`), вход (batch×in) и выход
# (batch×out). При обучении добавятся градиенты, состояние оптимизатора и сохранённые для
# обратного прохода активации, но здесь считаем только прямой проход.
#
# ### Задание 7 (2 балла)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)` — число байт,
# которые занимают веса, смещение (если есть), вход и выход одного прямого прохода `nn.Linear`
# (целое число).

# %% [markdown] tags=["en"]
# ## 7. The memory of one `nn.Linear`
#
# During a forward pass `y = layer(x)` through `nn.Linear(in_features, out_features)`, memory
# holds the weight (out×in), the bias (out, when `bias=True`), the input (batch×in) and the
# output (batch×out). Training would add the gradients, the optimizer state and the activations
# kept for the backward pass, but here we count the forward pass only.
#
# ### Exercise 7 (2 points)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)`: the number of
# bytes held by the weight, the bias (if any), the input and the output of one `nn.Linear`
# forward pass (an integer).

# %% nbgrader={"grade_id": "linear_forward_memory", "solution": true}
def linear_forward_memory(batch, in_features, out_features, dtype, bias=True):
    """Bytes held by weight, bias (if any), input and output of one nn.Linear forward pass."""
    ### BEGIN SOLUTION
    elements = out_features * in_features  # weight
    if bias:
        elements += out_features
    elements += batch * in_features + batch * out_features  # input and output
    return elements * torch.empty((), dtype=dtype).element_size()
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_linear_forward_memory", "grade": true, "points": 2, "locked": true}
assert linear_forward_memory(32, 128, 64, torch.float32) == (128 * 64 + 64 + 32 * 128 + 32 * 64) * 4, (
    "weight 64x128, bias 64, input 32x128, output 32x64, 4 bytes each")
assert linear_forward_memory(1, 1, 1, torch.float64, bias=False) == 3 * 8, "weight, input and output, 8 bytes each"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def oracle_linear(batch, in_features, out_features, dtype, bias):
    # parameters of a real nn.Linear (on the meta device: shapes without memory), input and output
    layer = nn.Linear(in_features, out_features, bias=bias, device="meta", dtype=dtype)
    x = torch.empty(batch, in_features, device="meta", dtype=dtype)
    y = torch.empty(batch, out_features, device="meta", dtype=dtype)
    return sum(t.numel() * t.element_size() for t in [*layer.parameters(), x, y])


gen = torch.Generator().manual_seed(53)
cases = [(64, 1024, 512, torch.float32, True), (64, 1024, 512, torch.float32, False), (1, 3, 5, torch.float16, True),
         (7, 1, 1, torch.bfloat16, False), (8192, 8192, 8192, torch.float64, True)]
for _ in range(8):
    batch, fan_in, fan_out = torch.randint(1, 3000, (3,), generator=gen).tolist()
    dtype = [torch.float16, torch.bfloat16, torch.float32, torch.float64][int(torch.randint(0, 4, (1,), generator=gen))]
    cases.append((batch, fan_in, fan_out, dtype, bool(torch.randint(0, 2, (1,), generator=gen))))
for batch, fan_in, fan_out, dtype, bias in cases:
    want = oracle_linear(batch, fan_in, fan_out, dtype, bias)
    got = linear_forward_memory(batch, fan_in, fan_out, dtype, bias=bias)
    assert isinstance(got, int), f"linear_forward_memory must return an int, got {type(got).__name__}"
    assert got == want, (f"nn.Linear({fan_in}, {fan_out}, bias={bias}) on a batch of {batch}, {dtype}: weight, bias, "
                         f"input and output take {want} bytes, got {got}")
assert linear_forward_memory(5, 6, 7, torch.float32) == oracle_linear(5, 6, 7, torch.float32, True), "bias defaults to True"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Проверим формулу. На GPU сравним её с пиком `torch.cuda.max_memory_allocated()` за время
# создания слоя, входа и прямого прохода (перед замером один раз выполняем тот же проход, чтобы
# cuBLAS заранее выделил свою рабочую память). Аллокатор округляет каждый блок до 512 байт,
# поэтому на больших размерах числа совпадают почти точно. Без GPU покажем разбивку по частям.

# %% [markdown] tags=["en"]
# Let us check the formula. On a GPU we compare it with the peak of
# `torch.cuda.max_memory_allocated()` while creating the layer and the input and running the
# forward pass (we run the same pass once before, so that cuBLAS allocates its workspace
# beforehand). The allocator rounds every block up to 512 bytes, so for large sizes the numbers
# agree almost exactly. Without a GPU we show the breakdown.

# %%
def linear_forward_peak(batch, fan_in, fan_out, dtype):
    """Peak bytes allocated on the GPU by creating an nn.Linear and its input and running it once."""
    def run():
        layer = nn.Linear(fan_in, fan_out, device="cuda", dtype=dtype)
        x = torch.randn(batch, fan_in, device="cuda", dtype=dtype)
        with torch.no_grad():
            return layer(x)

    run()  # warm-up: cuBLAS workspace and kernels
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    y = run()
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated() - base
    del y
    return peak


lin = (4096, 8192, 4096, torch.float32) if HAS_CUDA else (64, 1024, 512, torch.float32)
batch, fan_in, fan_out, dtype = lin
size = torch.empty((), dtype=dtype).element_size()
parts = PrettyTable(["part", "shape", "MiB"])
for part, shape in [("weight", (fan_out, fan_in)), ("bias", (fan_out,)), ("input", (batch, fan_in)),
                    ("output", (batch, fan_out))]:
    parts.add_row([part, "x".join(map(str, shape)), f"{math.prod(shape) * size / MiB:.3f}"])
print(parts)
formula = linear_forward_memory(*lin)
print(f"linear_forward_memory: {formula / MiB:.3f} MiB")
if HAS_CUDA:
    peak = linear_forward_peak(*lin)
    print(f"max_memory_allocated: {peak / MiB:.3f} MiB (ratio {peak / formula:.4f})")
else:
    print("No GPU: on a GPU this cell compares the formula with torch.cuda.max_memory_allocated().")

# %% [markdown] tags=["ru"]
# ## 8. Профилировщик: куда уходит время
#
# `torch.profiler.profile` записывает каждый вызов оператора (`aten::mm`, `aten::add`, ...), а
# также участки, отмеченные `torch.profiler.record_function("имя")`. `prof.key_averages()`
# собирает вызовы с одинаковым именем в одну строку. Важны два столбца:
#
# - **CPU total** — время от входа в оператор до выхода, вместе с вложенными вызовами;
# - **Self CPU** — то же без вложенных вызовов: время, потраченное в самом операторе.
#
# Например, `aten::matmul` почти ничего не делает сам, он вызывает `aten::mm`; по «total» он
# первый, по «self» — нет. Чтобы найти, что на самом деле тратит время, сортируют по self.
#
# ### Задание 8 (2 балла)
#
# `top_ops(fn, k=3)` — имена (`str`) k операторов с наибольшим суммарным собственным временем
# CPU (`self_cpu_time_total` строк `key_averages()`) при одном вызове `fn()` под профилировщиком
# (`activities=[ProfilerActivity.CPU]`), от большего к меньшему. Каждая строка `key_averages()`
# считается оператором, в том числе участки `record_function`. Если строк меньше k, верните все.

# %% [markdown] tags=["en"]
# ## 8. The profiler: where does the time go
#
# `torch.profiler.profile` records every operator call (`aten::mm`, `aten::add`, ...), and also
# the ranges marked with `torch.profiler.record_function("name")`. `prof.key_averages()` merges
# the calls with the same name into one row. Two columns matter:
#
# - **CPU total**: the time from entering an operator to leaving it, nested calls included;
# - **Self CPU**: the same without the nested calls, the time spent in the operator itself.
#
# For instance, `aten::matmul` does almost nothing itself, it calls `aten::mm`: it comes first
# by total, but not by self. To find what really takes the time, sort by self.
#
# ### Exercise 8 (2 points)
#
# `top_ops(fn, k=3)`: the names (`str`) of the k operators with the largest total self CPU time
# (`self_cpu_time_total` of the rows of `key_averages()`) over one call of `fn()` under the
# profiler (`activities=[ProfilerActivity.CPU]`), largest first. Every row of `key_averages()`
# counts as an operator, `record_function` ranges included. With fewer than k rows, return all.

# %% nbgrader={"grade_id": "top_ops", "solution": true}
def top_ops(fn, k=3):
    """Names of the k operators with the most self CPU time in a torch.profiler trace of fn(), largest first."""
    ### BEGIN SOLUTION
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    ranked = sorted(prof.key_averages(), key=lambda row: row.self_cpu_time_total, reverse=True)
    return [row.key for row in ranked[:k]]
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_top_ops", "grade": true, "points": 2, "locked": true}
def slow_then_fast():
    with record_function("slow_stage"):
        time.sleep(0.1)
    torch.ones(8) + 1


names = top_ops(slow_then_fast, k=2)
assert isinstance(names, list) and len(names) == 2, f"k=2 asks for a list of 2 names, got {names!r}"
assert all(isinstance(name, str) for name in names), f"return the names as strings, got {names!r}"
assert names[0] == "slow_stage", f"slow_stage sleeps 100 ms and must come first, got {names}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
assert top_ops(slow_then_fast, k=1) == ["slow_stage"], "k=1 asks for the single slowest operator"


def staged_workload():
    # self times: stage_a 300 ms; stage_c 3 x 40 = 120 ms in all; stage_b 60 ms; outer_wrapper ~0 (its time is
    # stage_a's); the few aten:: operators take microseconds
    with record_function("outer_wrapper"):
        with record_function("stage_a"):
            time.sleep(0.30)
    for _ in range(3):
        with record_function("stage_c"):
            time.sleep(0.04)
    with record_function("stage_b"):
        time.sleep(0.06)
    torch.ones(16) + 1


names = top_ops(staged_workload)
assert isinstance(names, list) and all(isinstance(name, str) for name in names), f"expected a list of names, got {names!r}"
assert names == ["stage_a", "stage_c", "stage_b"], (
    f"by total self CPU time the top 3 are ['stage_a', 'stage_c', 'stage_b'] (stage_c runs 3 times: 120 ms in all; "
    f"outer_wrapper spends its time inside stage_a), got {names}")
everything = top_ops(staged_workload, k=100)
assert everything[:3] == ["stage_a", "stage_c", "stage_b"], f"k=100: the list starts with the 3 slowest, got {everything[:3]}"
assert len(everything) == len(set(everything)), "one name per operator: merge calls with key_averages()"
assert 5 <= len(everything) <= 100, f"with k larger than the number of operators, return all of them, got {len(everything)}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Таблица профилировщика для цикла из раздела 5: время уходит на тысячи мелких вызовов
# (`aten::select` для `a[i]`, `aten::outer`, `aten::mul`, ...), а не на сами вычисления.

# %% [markdown] tags=["en"]
# The profiler's table for the loop of section 5: the time goes into thousands of small calls
# (`aten::select` for `a[i]`, `aten::outer`, `aten::mul`, ...), not into computing.

# %%
a_prof, b_prof = torch.randn(256, 32), torch.randn(256, 32)
with profile(activities=[ProfilerActivity.CPU]) as prof:
    outer_products_loop(a_prof, b_prof)
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=8))
print("loop:", top_ops(lambda: outer_products_loop(a_prof, b_prof)))
print("vectorized:", top_ops(lambda: outer_products_vectorized(a_prof, b_prof)))

# %% [markdown] tags=["ru"]
# ## 9. Вопросы для анализа
#
# Ответьте своими словами, опираясь на таблицу сравнения, график и измерения выше (если GPU у
# вас не было, опишите, что вы ожидаете увидеть, и почему). Каждый ответ — 1 балл, их
# проверяет преподаватель.
#
# **Вопрос 1.** Какие операции больше всего ускоряются на GPU и почему?

# %% [markdown] tags=["en"]
# ## 9. Analysis questions
#
# Answer in your own words, based on the comparison table, the chart and the measurements above
# (if you had no GPU, describe what you expect to see, and why). Each answer is worth 1 point,
# graded by the teacher.
#
# **Question 1.** Which operations speed up most on a GPU, and why?

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_fastest_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Больше всего ускоряется умножение матриц (`matmul`). Для матриц n×n оно делает порядка n³
# операций над n² числами: на каждый прочитанный байт приходится много вычислений, так что
# скорость упирается в вычислительную мощность, а у GPU она в десятки и сотни раз больше, чем у
# CPU (тысячи ядер, тензорные ядра). Поэлементные `add` и `mul` тоже ускоряются, но примерно во
# столько раз, во сколько пропускная способность памяти GPU (HBM, терабайты в секунду) больше,
# чем у оперативной памяти CPU (десятки гигабайт в секунду).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_fastest_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# The matrix product (`matmul`) speeds up most. For n×n matrices it does about n³ operations on
# n² numbers: every byte read feeds a lot of arithmetic, so its speed is bound by compute, and a
# GPU has tens to hundreds of times more of it than a CPU (thousands of cores, tensor cores).
# The elementwise `add` and `mul` speed up too, but roughly by the ratio of the GPU's memory
# bandwidth (HBM, terabytes per second) to the CPU's (tens of gigabytes per second).
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# **Вопрос 2.** Почему некоторые операции ускоряются меньше, а некоторые даже работают медленнее?

# %% [markdown] tags=["en"]
# **Question 2.** Why do some operations speed up less, and some even run slower?

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_slow_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Поэлементные операции, копия при транспонировании и сумма почти не считают, они читают и пишут
# память: их ускорение ограничено отношением пропускных способностей памяти, а не вычислительной
# мощностью. Сумме нужна ещё и редукция с синхронизацией между потоками, а `transpose().contiguous()`
# обращается к памяти с большим шагом, что хуже использует кэш и шину. На маленьких тензорах
# любая операция на GPU может оказаться медленнее: запуск ядра и накладные расходы Python и
# PyTorch (микросекунды) больше самой работы, а тысячи ядер GPU простаивают. Наконец,
# транспонирование без копии вообще ничего не вычисляет (это view), и сравнивать его время на
# двух устройствах бессмысленно.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_slow_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Elementwise operations, the copy behind a transpose and the sum hardly compute; they read and
# write memory, so their speedup is bound by the ratio of memory bandwidths, not of compute. The
# sum also needs a reduction with synchronization between threads, and `transpose().contiguous()`
# accesses memory with large strides, which uses caches and the memory bus poorly. On small
# tensors any operation can be slower on a GPU: the kernel launch and the Python and PyTorch
# overhead (microseconds) outweigh the work, and most of the GPU's cores sit idle. Finally, a
# transpose without a copy computes nothing at all (it is a view), so comparing its time on two
# devices means nothing.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# **Вопрос 3.** Как размер данных влияет на ускорение? Сравните три формы входа.

# %% [markdown] tags=["en"]
# **Question 3.** How does the size of the data change the speedup? Compare the three input shapes.

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_size_effect", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Чем больше работы в одном вызове, тем больше ускорение, пока GPU не загружен полностью:
# постоянные накладные расходы (запуск ядра, Python) делятся на больший объём, и всем ядрам
# хватает работы. В трёх формах домашнего задания пачка растёт, а матрицы уменьшаются
# (1024 → 512 → 256). Для поэлементных операций важно только число элементов, поэтому их
# ускорение меняется мало. Умножение матриц делает 2·n операций на элемент результата, так что
# на больших матрицах вычислений на байт больше (выше арифметическая интенсивность), достигнутые
# TFLOP/s выше и ускорение максимально; на пачке маленьких матриц 256×256 оно меньше.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_size_effect", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# The more work in one call, the larger the speedup, until the GPU is fully busy: the fixed
# overhead (kernel launch, Python) is spread over more work, and every core gets something to do.
# In the homework's three shapes the batch grows while the matrices shrink (1024 → 512 → 256).
# Elementwise operations only care about the number of elements, so their speedup changes
# little. A matrix product does 2·n operations per output element, so larger matrices do more
# arithmetic per byte (higher arithmetic intensity), reach more TFLOP/s and speed up most; on
# the batch of small 256×256 matrices the speedup is lower.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# **Вопрос 4.** Сколько стоит копирование между CPU и GPU и что из этого следует?

# %% [markdown] tags=["en"]
# **Question 4.** What does a copy between the host (CPU) and the device (GPU) cost, and what follows from that?

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_host_device_copy", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Копия идёт по шине PCIe (или NVLink): это порядка 10–25 ГБ/с для PCIe 4.0, в сто раз
# медленнее памяти самого GPU. Перенести тензор на GPU дольше, чем сложить его там с другим,
# поэтому копия окупается, только если над данными затем делается много работы. Отсюда правила:
# переносить данные один раз и держать их на GPU; не измерять копию вместе с операцией (как
# в `benchmark_ops`); использовать закреплённую память (`pin_memory`) и `non_blocking=True`,
# чтобы копия шла параллельно с вычислениями; помнить, что `.item()`, `.cpu()` и печать
# тензора с GPU ждут окончания всех вычислений (синхронизируют).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_host_device_copy", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# A copy goes over the PCIe bus (or NVLink): on the order of 10–25 GB/s for PCIe 4.0, a hundred
# times slower than the GPU's own memory. Moving a tensor to the GPU takes longer than adding it
# to another one there, so a copy pays off only when a lot of work is then done on the data.
# Hence the rules: move data once and keep it on the GPU; do not time the copy together with the
# operation (as in `benchmark_ops`); use pinned memory (`pin_memory`) and `non_blocking=True` so
# that copies overlap with computation; remember that `.item()`, `.cpu()` and printing a GPU
# tensor wait for all queued work (they synchronize).
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# Для вопроса 4 — измерение (только на GPU): копия 256 МиБ на видеокарту из обычной и из
# закреплённой памяти рядом со сложением двух таких тензоров на самой видеокарте.

# %% [markdown] tags=["en"]
# For question 4, a measurement (GPU only): copying 256 MiB to the GPU from ordinary and from
# pinned memory, next to adding two such tensors on the GPU itself.

# %%
if HAS_CUDA:
    host = torch.randn(2**26)
    pinned = host.pin_memory()
    copy_ms = measure_time(lambda: host.to("cuda"), device="cuda", repeat=10, warmup=2)
    pinned_ms = measure_time(lambda: pinned.to("cuda", non_blocking=True), device="cuda", repeat=10, warmup=2)
    on_gpu = host.to("cuda")
    add_ms = measure_time(torch.add, on_gpu, on_gpu, device="cuda", repeat=10, warmup=2)
    nbytes = host.numel() * host.element_size()
    print(f"copy to GPU, pageable: {copy_ms:.2f} ms ({nbytes / copy_ms / 1e6:.1f} GB/s); "
          f"pinned: {pinned_ms:.2f} ms ({nbytes / pinned_ms / 1e6:.1f} GB/s); add on the GPU: {add_ms:.3f} ms")
    del host, pinned, on_gpu
else:
    print("No GPU: on a GPU this cell times a 256 MiB copy to the device (pageable and pinned) "
          "next to an add of the same size on the device.")

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - GPU работает асинхронно: без синхронизации (или событий CUDA) таймер измеряет только запуск.
# - Первые вызовы выполняют, но не считают; повторяют замер и берут медиану; следят за единицами.
# - `transpose` — это view; работа появляется с `.contiguous()`.
# - Миллисекунды переводят в TFLOP/s и ГБ/с и сравнивают с пиком устройства.
# - Цикл Python по маленьким операциям заменяют одной операцией над пачкой.
# - Самый большой тензор ищут двоичным поиском, не держа удачные попытки и ловя только нехватку
#   памяти.
# - Профилировщик показывает, куда уходит время: смотрите на Self CPU.

# %% [markdown] tags=["en"]
# ## Summary
#
# - A GPU runs asynchronously: without synchronization (or CUDA events) a timer measures only
#   the launch.
# - Run the first calls without counting them; repeat the measurement and take the median; mind
#   the units.
# - `transpose` is a view; the work comes with `.contiguous()`.
# - Turn milliseconds into TFLOP/s and GB/s and compare them with the device's peak.
# - Replace a Python loop over small operations with one operation on the batch.
# - Find the largest tensor by binary search, keeping no successful try alive and catching only
#   out-of-memory errors.
# - The profiler shows where the time goes: look at Self CPU.
