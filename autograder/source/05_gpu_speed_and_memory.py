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
#    ядра GPU; на CPU она не обязательно быстрее float32 (в разделе 3 это измеряется).
# 5. **Самый большой тензор, подобранный вручную.** Перебор «на глаз» долог и неточен;
#    двоичный поиск находит ответ за несколько десятков попыток.
#
# В этом уроке мы напишем инструменты, которые эти ошибки исключают, и применим их.
# Ноутбук работает и без GPU: размеры уменьшаются, в столбцах GPU стоит «n/a», поиск по
# памяти идёт на смоделированной видеокарте с 15 ГиБ, а ячейки, которым нужен GPU, печатают,
# что они показали бы. Если GPU есть, те же ячейки делают настоящие измерения.
#
# | Задание | Баллы |
# |---|---|
# | 1. `pick_device` | 1 |
# | 2. `measure_time`: вызовы; замер на CPU; ошибки; ветка CUDA | 1 + 1 + 1 + 1 |
# | 3. `benchmark_ops`; `results_table` | 2 + 1 |
# | 4. `matmul_tflops`; `elementwise_gbps` | 1 + 1 |
# | 5. `outer_products_vectorized`: значения; без цикла | 1 + 1 |
# | 6а. `bytes_per_element`; `max_elements` | 0,5 + 0,5 |
# | 6б. `find_max_allocatable`: поиск; аккуратность с памятью и ошибками | 2 + 1 |
# | 7. `linear_forward_memory` | 2 |
# | 8. `top_ops` | 2 |
# | 9. Вопросы для анализа (проверяются вручную) | 4 × 1 |
#
# У задания из нескольких частей каждую часть проверяет своя ячейка тестов: за решённую часть
# баллы начисляются, даже если другая часть ещё не решена.
#
# **Время.** Чтение и задания — около 3 часов (оценки по разделам даны в их заголовках).
# Ноутбук с решениями целиком выполняется на CPU меньше чем за минуту; на GPU — дольше, потому
# что таблица сравнения умножает большие матрицы на CPU (ячейка сама оценивает это время).
#
# ### Как работать и что сдавать
#
# - Заполните каждую ячейку с `raise NotImplementedError()` (уберите эту строку) и ячейки
#   ответов раздела 9 (`YOUR ANSWER HERE`).
# - Под каждым заданием — ячейка тестов: несколько видимых проверок для самопроверки; при
#   оценивании запускаются ещё и скрытые тесты. В тексте задания перечислено всё, что они
#   проверяют.
# - Перед сдачей выполните «Restart and run all». Выполнение останавливается на первой ячейке с
#   ошибкой: пока задание не решено, это его ячейка тестов (`NotImplementedError`), и ячейки
#   после неё не выполняются. Это нормально: при оценивании ноутбук выполняется заново целиком,
#   и каждое задание оценивается отдельно. Демонстрационные ячейки, которым нужно нерешённое
#   задание, не падают, а пишут, что пропущены.
# - Сдайте сам файл `.ipynb` (в Colab: File → Download → Download .ipynb). Имя файла не важно.
#   Не удаляйте, не копируйте и не меняйте ячейки с тестами и метаданные (теги) ячеек: по ним
#   проверяющая программа находит ваши ответы.

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
#    cores; on a CPU it need not be faster than float32 (section 3 measures it).
# 5. **The largest tensor found by hand.** Guessing takes long and lands somewhere near the
#    answer; a binary search finds it in a few dozen tries.
#
# In this lesson we write tools that rule these mistakes out, and we use them. The notebook
# also runs without a GPU: sizes shrink, the GPU columns read "n/a", the memory search runs on a
# simulated 15 GiB GPU, and the cells that need a GPU print what they would show. When a GPU is
# present, the same cells take real measurements.
#
# | Exercise | Points |
# |---|---|
# | 1. `pick_device` | 1 |
# | 2. `measure_time`: calls; CPU timing; errors; the CUDA branch | 1 + 1 + 1 + 1 |
# | 3. `benchmark_ops`; `results_table` | 2 + 1 |
# | 4. `matmul_tflops`; `elementwise_gbps` | 1 + 1 |
# | 5. `outer_products_vectorized`: values; no loop | 1 + 1 |
# | 6a. `bytes_per_element`; `max_elements` | 0.5 + 0.5 |
# | 6b. `find_max_allocatable`: the search; care with memory and errors | 2 + 1 |
# | 7. `linear_forward_memory` | 2 |
# | 8. `top_ops` | 2 |
# | 9. Analysis questions (graded by hand) | 4 × 1 |
#
# In an exercise of several parts, each part has its own test cell: a solved part earns its
# points even while another part is unsolved.
#
# **Time.** Reading and the exercises take about 3 hours (each section's heading gives its
# share). The solution notebook runs top to bottom on a CPU in under a minute; on a GPU it takes
# longer, because the comparison table multiplies large matrices on the CPU (that cell estimates
# its own time).
#
# ### How to work and what to submit
#
# - Fill in every cell that holds `raise NotImplementedError()` (remove that line), and the
#   answer cells of section 9 (`YOUR ANSWER HERE`).
# - Under each exercise is a test cell: a few visible checks for self-testing; hidden tests also
#   run at grading. The exercise's text lists everything they check.
# - Before you submit, run "Restart and run all". It stops at the first cell that raises an
#   error: while an exercise is unsolved, that is its test cell (`NotImplementedError`), and the
#   cells after it do not run. That is expected: grading runs the whole notebook again, and
#   grades every exercise on its own. Demonstration cells that need an unsolved exercise do not
#   fail; they print that they were skipped.
# - Submit the `.ipynb` file itself (in Colab: File → Download → Download .ipynb). Its name does
#   not matter. Do not delete, copy or change the test cells or the cells' metadata (tags): the
#   grader finds your answers by them.

# %%
import contextlib
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
from torch.profiler import ProfilerActivity, profile, record_function

HAS_CUDA = torch.cuda.is_available()
# torch.OutOfMemoryError is the name of recent PyTorch releases; older 2.x releases only have the CUDA one.
OOM_ERROR = getattr(torch, "OutOfMemoryError", torch.cuda.OutOfMemoryError)
MiB, GiB = 2**20, 2**30


@contextlib.contextmanager
def needs(*exercises):
    """For a demonstration cell that uses earlier exercises: while one of them is unsolved (it raises
    NotImplementedError), say so and skip the rest of the `with` block instead of failing."""
    try:
        yield
    except NotImplementedError:
        unsolved = "it is" if len(exercises) == 1 else "one of them is"
        print(f"Skipped: this cell uses {' and '.join(exercises)}; {unsolved} not solved yet "
              f"(NotImplementedError). Solve it, then run this cell again.")


print("PyTorch", torch.__version__, "| CPU threads:", torch.get_num_threads())
if HAS_CUDA:
    print("GPU:", torch.cuda.get_device_name(), "| CUDA", torch.version.cuda)
else:
    print("No CUDA GPU here: the notebook takes its CPU-only path (smaller sizes, 'n/a' for the GPU).")

# %% [markdown] tags=["ru"]
# Следующая ячейка содержит вспомогательный код для тестов: «фальшивые» часы, которые идут
# только по команде; нагрузку, которая «спит» заданное время; видеокарту-имитацию с очередью
# и событиями CUDA; аллокатор со скрытой ёмкостью. С ними тесты проверяют ваши функции быстро
# и точно, и ветку CUDA — даже на машине без GPU. Просто выполните её.

# %% [markdown] tags=["en"]
# The next cell holds helper code for the tests: a fake clock that moves only when told to; a
# workload that "sleeps" for a set time; a pretend GPU with a queue and CUDA events; an allocator
# with a hidden capacity. With them the tests check your functions quickly and exactly, and the
# CUDA branch even on a machine without a GPU. Just run it.

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
import operator
import timeit


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
    """A clock in whole nanoseconds that moves only when a fake workload advances it (see fake_clocks).
    Wall clocks read it; CPU-time clocks (process_time, thread_time) stand still, because the fake
    workloads only wait, as a call waiting for a GPU does."""

    def __init__(self, start_s=1000):
        self.now_ns = start_s * 10**9
        self.cpu_time_ns = 7 * 10**9

    def advance(self, seconds):
        self.now_ns += round(seconds * 1e9)

    def wall(self):
        return self.now_ns / 1e9

    def wall_ns(self):
        return self.now_ns

    def cpu(self):
        return self.cpu_time_ns / 1e9

    def cpu_ns(self):
        return self.cpu_time_ns


@contextlib.contextmanager
def fake_clocks(clock):
    """Replace every clock of the time module (and timeit's default timer) by `clock`, also where the
    notebook imported one by name (`from time import perf_counter`)."""
    fakes = {"perf_counter": clock.wall, "monotonic": clock.wall, "time": clock.wall,
             "perf_counter_ns": clock.wall_ns, "monotonic_ns": clock.wall_ns, "time_ns": clock.wall_ns,
             "process_time": clock.cpu, "thread_time": clock.cpu,
             "process_time_ns": clock.cpu_ns, "thread_time_ns": clock.cpu_ns}
    pairs = [(getattr(time, name), fake) for name, fake in fakes.items()]

    def fake_for(value):
        return next((fake for real, fake in pairs if value is real), None)

    namespace = globals()
    aliases = {name: value for name, value in list(namespace.items()) if fake_for(value) is not None}
    timer_defaults = tuple(fake_for(d) or d for d in timeit.Timer.__init__.__defaults__)
    with patched(*[(time, name, fake) for name, fake in fakes.items()],
                 (timeit, "default_timer", clock.wall), (timeit.Timer.__init__, "__defaults__", timer_defaults)):
        try:
            namespace.update({name: fake_for(value) for name, value in aliases.items()})
            yield clock
        finally:
            namespace.update(aliases)


class FakeGPU:
    """A pretend CUDA GPU whose queue runs on a FakeClock (install it with fake_cuda).

    Work queued on it starts when the GPU is free and returns to the caller at once, as a kernel
    launch does. An event's time is when the GPU reaches it in the queue. As in CUDA, elapsed_time
    refuses events created without enable_timing=True, and events the GPU has not reached yet (wait
    with synchronize first). It records the events created (their enable_timing) and the refusals."""

    def __init__(self, clock):
        self.clock = clock
        self.free_at_ns = clock.now_ns  # when the GPU will have finished everything queued so far
        self.timing_flags, self.refusals = [], []
        gpu = self

        class Event:
            def __init__(self, enable_timing=False, blocking=False, interprocess=False, external=False):
                self.enable_timing, self.at_ns = bool(enable_timing), None
                gpu.timing_flags.append(self.enable_timing)

            def record(self, stream=None):
                self.at_ns = max(gpu.clock.now_ns, gpu.free_at_ns)

            def query(self):
                return self.at_ns is None or self.at_ns <= gpu.clock.now_ns

            def synchronize(self):
                if self.at_ns is not None:
                    gpu.clock.now_ns = max(gpu.clock.now_ns, self.at_ns)

            def wait(self, stream=None):
                pass

            def elapsed_time(self, end_event):
                if not (self.enable_timing and end_event.enable_timing):
                    reason = "Both events must be created with argument 'enable_timing=True'."
                elif self.at_ns is None or end_event.at_ns is None:
                    reason = "Both events must be recorded before calculating elapsed time."
                elif not (self.query() and end_event.query()):
                    reason = "CUDA error: device not ready"
                else:
                    return (end_event.at_ns - self.at_ns) / 1e6
                gpu.refusals.append(reason)
                raise RuntimeError(reason)

        class Stream:
            def synchronize(self):
                gpu.synchronize()

            def query(self):
                return gpu.free_at_ns <= gpu.clock.now_ns

            def record_event(self, event=None):
                event = event if event is not None else Event()
                event.record()
                return event

            def wait_event(self, event):
                pass

            def wait_stream(self, stream):
                pass

        self.Event, self.stream = Event, Stream()

    def queue(self, seconds):
        self.free_at_ns = max(self.clock.now_ns, self.free_at_ns) + round(seconds * 1e9)

    def synchronize(self, device=None):
        self.clock.now_ns = max(self.clock.now_ns, self.free_at_ns)


def fake_cuda(gpu, available=True):
    """torch.cuda (and torch.accelerator, torch.Event) as if `gpu` were the machine's CUDA GPU, or as if
    there were no GPU at all (available=False)."""

    class Device:  # torch.cuda.device(...): a context manager that selects a device
        def __init__(self, device=None):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def event(device=None, *, enable_timing=False, blocking=False, interprocess=False):
        return gpu.Event(enable_timing=enable_timing, blocking=blocking, interprocess=interprocess)

    replacements = [(torch.cuda, "is_available", lambda: available), (torch.cuda, "device_count", lambda: int(available)),
                    (torch.cuda, "is_initialized", lambda: available), (torch.cuda, "init", lambda: None),
                    (torch.cuda, "current_device", lambda: 0), (torch.cuda, "set_device", lambda device: None),
                    (torch.cuda, "device", Device), (torch.cuda, "synchronize", gpu.synchronize),
                    (torch.cuda, "Event", gpu.Event), (torch.cuda, "current_stream", lambda device=None: gpu.stream),
                    (torch.cuda, "default_stream", lambda device=None: gpu.stream)]
    if hasattr(torch, "Event"):
        replacements.append((torch, "Event", event))
    accelerator = {"is_available": lambda: available, "device_count": lambda: int(available),
                   "current_accelerator": lambda *args, **kwargs: torch.device("cuda") if available else None,
                   "synchronize": gpu.synchronize, "current_stream": lambda device=None: gpu.stream}
    if hasattr(torch, "accelerator"):
        replacements += [(torch.accelerator, name, fake) for name, fake in accelerator.items()
                         if hasattr(torch.accelerator, name)]
    return patched(*replacements)


def sleeper(durations, clock=None, gpu=None):
    """A fake workload: its k-th call takes durations[k] seconds (the last value repeats). Alone it
    really sleeps; with a FakeClock it moves that clock instead; with a FakeGPU it queues that much GPU
    work and returns at once. workload.calls records (args, kwargs) of every call."""
    calls = []

    def workload(*args, **kwargs):
        seconds = durations[min(len(calls), len(durations) - 1)]
        calls.append((args, kwargs))
        if gpu is not None:
            gpu.queue(seconds)
        elif clock is not None:
            clock.advance(seconds)
        else:
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


# %% judge="helpers"
import statistics


def ms_list(seconds):
    """'80, 4 and 5 ms' for durations given in seconds."""
    text = [f"{s * 1e3:g}" for s in seconds]
    return (", ".join(text[:-1]) + " and " + text[-1] if len(text) > 1 else text[0]) + " ms"


def median_bounds(durations, warmup, repeat):
    """(low, high) milliseconds: any value between the two middle timed calls is their median."""
    timed = sorted(d * 1e3 for d in durations[warmup:warmup + repeat])
    return timed[(len(timed) - 1) // 2], timed[len(timed) // 2]


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_float(value):
    return isinstance(value, float)


def check_median(result, durations, warmup, repeat, what):
    """The result must be the median of the timed calls in milliseconds, to a millionth."""
    low, high = median_bounds(durations, warmup, repeat)
    timed = [d * 1e3 for d in durations[warmup:warmup + repeat]]
    assert is_float(result), f"{what}: measure_time must return a float"
    said = (f"{what}: after {warmup} warm-up call(s), the timed calls take {ms_list(durations[warmup:warmup + repeat])}: "
            f"their median is {low:g} ms" + (f" (anything from {low:g} to {high:g})" if low != high else ""))
    if low * (1 - 1e-6) <= result <= high * (1 + 1e-6):
        return
    hints = [(0.0, "0 ms: the timer saw none of the work (a CPU-time clock such as process_time does not count "
                   "waiting; on a GPU, synchronize before reading a host clock)"),
             (low / 1e3, "that is seconds: return milliseconds"),
             (statistics.mean(timed), "that is the mean: return the median"),
             (min(timed), "that is the fastest call: return the median")]
    hint = next((text for value, text in hints if math.isclose(result, value, rel_tol=1e-6, abs_tol=1e-9)), "")
    assert False, f"{said}; got {result:.6g}" + (f": {hint}" if hint else "")


# %% [markdown] tags=["ru"]
# ## 1. Какое устройство у нас есть (≈ 10 минут)
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
# Документация: [`torch.device`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-device),
# [`torch.cuda.is_available`](https://pytorch.org/docs/stable/generated/torch.cuda.is_available.html),
# [`torch.backends.mps`](https://pytorch.org/docs/stable/backends.html#torch-backends-mps).
#
# ### Задание 1 (1 балл)
#
# Напишите `pick_device()`: верните `torch.device("cuda")`, если CUDA доступна
# (`torch.cuda.is_available()`), иначе `torch.device("mps")`, если доступен MPS
# (`torch.backends.mps.is_available()`), иначе `torch.device("cpu")`. Результат — объект
# `torch.device`, не строка. Тесты подменяют функции, сообщающие о доступности устройств, и
# проверяют все четыре сочетания (CUDA есть или нет, MPS есть или нет) на машине без GPU.

# %% [markdown] tags=["en"]
# ## 1. Which device do we have (≈ 10 minutes)
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
# Documentation: [`torch.device`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-device),
# [`torch.cuda.is_available`](https://pytorch.org/docs/stable/generated/torch.cuda.is_available.html),
# [`torch.backends.mps`](https://pytorch.org/docs/stable/backends.html#torch-backends-mps).
#
# ### Exercise 1 (1 point)
#
# Write `pick_device()`: return `torch.device("cuda")` if CUDA is available
# (`torch.cuda.is_available()`), else `torch.device("mps")` if MPS is available
# (`torch.backends.mps.is_available()`), else `torch.device("cpu")`. The result is a
# `torch.device` object, not a string. The tests replace the functions that report which devices
# are available, and check all four combinations (CUDA or not, MPS or not) on a machine without a GPU.

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


for cuda, mps in [(True, True), (True, False), (False, True), (False, False)]:
    with availability(cuda, mps):
        probe.call(f"pick_device() with cuda={cuda}, mps={mps}", pick_device)
### END HIDDEN TESTS

# %% judge="test_pick_device"
def judge(got, want):
    for cuda, mps in [(True, True), (True, False), (False, True), (False, False)]:
        picked = got[f"pick_device() with cuda={cuda}, mps={mps}"]
        scenario = f"with CUDA {'available' if cuda else 'unavailable'} and MPS {'available' if mps else 'unavailable'}"
        expected = "cuda" if cuda else "mps" if mps else "cpu"
        assert isinstance(picked, torch.device), f"{scenario}, pick_device must return a torch.device object"
        assert picked.type == expected, f"{scenario}, pick_device must choose {expected!r}, not {picked.type!r}"


# %% [markdown] tags=["ru"]
# ## 2. Как честно измерить время (≈ 45 минут)
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
# измеряет только постановку в очередь, как бы велики ни были матрицы. Чтобы измерить работу,
# надо дождаться её окончания: `torch.cuda.synchronize()`. Ещё точнее **события CUDA**
# (`torch.cuda.Event(enable_timing=True)`): они ставятся в ту же очередь, что и ядро, и
# видеокарта сама записывает время, когда до них доходит.
#
# Ещё три правила честного замера:
#
# - **Прогрев.** Первый вызов платит за разовые действия: создание контекста CUDA, загрузку
#   ядер, инициализацию cuBLAS, выбор алгоритма, рост пула памяти. Несколько первых вызовов
#   выполняют, но не считают.
# - **Повторы и медиана.** Один замер случаен: вмешивается операционная система, сборщик мусора,
#   соседние процессы. Медиана нескольких замеров устойчива к таким выбросам, а среднее нет:
#   если 9 вызовов длятся по 1 мс, а один — 100 мс, среднее равно 10,9 мс, а медиана — 1 мс.
# - **Единицы.** `time.perf_counter()` возвращает секунды; миллисекунды — это `× 1000`.
#   `Event.elapsed_time` уже возвращает миллисекунды.
#
# Документация: [асинхронное выполнение на GPU](https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution),
# [`torch.cuda.Event`](https://pytorch.org/docs/stable/generated/torch.cuda.Event.html),
# [`torch.cuda.synchronize`](https://pytorch.org/docs/stable/generated/torch.cuda.synchronize.html),
# [`time.perf_counter`](https://docs.python.org/3/library/time.html#time.perf_counter).
#
# Сначала посмотрим на прогрев. Если GPU есть, ячейка измеряет самое первое умножение матриц
# на нём и следующие; без GPU — то же на CPU, где разница обычно гораздо меньше.

# %% [markdown] tags=["en"]
# ## 2. How to measure time honestly (≈ 45 minutes)
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
# measures only the queueing, however large the matrices. To measure the work we must wait for
# it to finish: `torch.cuda.synchronize()`. More precise still are **CUDA events**
# (`torch.cuda.Event(enable_timing=True)`): they go into the same queue as the kernel, and the
# GPU itself records the time when it reaches them.
#
# Three more rules of an honest measurement:
#
# - **Warm-up.** The first call pays for one-time work: creating the CUDA context, loading
#   kernels, starting cuBLAS, choosing an algorithm, growing the memory pool. Run a few calls
#   first and do not count them.
# - **Repeats and the median.** One measurement is a matter of chance: the operating system,
#   the garbage collector and other processes get in the way. The median of several runs
#   survives such outliers, the mean does not: when 9 calls take 1 ms and one takes 100 ms, the
#   mean is 10.9 ms and the median 1 ms.
# - **Units.** `time.perf_counter()` returns seconds; milliseconds are `× 1000`.
#   `Event.elapsed_time` already returns milliseconds.
#
# Documentation: [asynchronous execution on a GPU](https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution),
# [`torch.cuda.Event`](https://pytorch.org/docs/stable/generated/torch.cuda.Event.html),
# [`torch.cuda.synchronize`](https://pytorch.org/docs/stable/generated/torch.cuda.synchronize.html),
# [`time.perf_counter`](https://docs.python.org/3/library/time.html#time.perf_counter).
#
# First, warm-up. With a GPU, the cell times the very first matrix product on it and the ones
# after; without one it does the same on the CPU, where the gap is usually much smaller.

# %% tags=["demo"]
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
del x_demo

# %% [markdown] tags=["ru"]
# А вот что бывает без синхронизации (только на GPU): время «умножения» матриц 4096×4096 без
# `synchronize` не зависит от работы; ячейка печатает, во сколько раз оно меньше настоящего.

# %% [markdown] tags=["en"]
# And this is what happens without synchronization (GPU only): the "time" of a 4096×4096 matrix
# product without `synchronize` has nothing to do with the work; the cell prints how many times
# smaller than the real time it is.

# %% tags=["demo"]
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
    print(f"without synchronize: {no_sync_ms:.3f} ms; with synchronize: {sync_ms:.3f} ms "
          f"({sync_ms / no_sync_ms:.0f} times more)")
    del a_sync
else:
    print("No GPU: on a GPU this cell times a 4096x4096 matmul without synchronize (only the launch) "
          "next to the same with synchronize, and prints the ratio.")

# %% [markdown] tags=["ru"]
# ### Задание 2 (4 балла: четыре части по 1 баллу)
#
# Напишите `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`.
#
# **Вызовы (1 балл).** Сначала `warmup` раз вызовите `fn(*args, **kwargs)`, не измеряя; затем
# ещё `repeat` раз, измеряя каждый вызов отдельно. Всего ровно `warmup + repeat` вызовов, каждый
# с теми же аргументами, что передал вызывающий (ни одного лишнего). По умолчанию это 2 + 10.
#
# **Замер на CPU (1 балл).** Верните **медиану** `repeat` замеров в **миллисекундах**, числом
# `float` (при чётном числе замеров подойдёт любое значение между двумя средними). Измеряйте
# прошедшее время часами модуля `time`, лучше всего `time.perf_counter()` до и после вызова.
# Часы процессорного времени (`time.process_time`) не подходят: ожидание (GPU, диска) в них не
# входит. Тесты подменяют все часы модуля `time` (`perf_counter`, `perf_counter_ns`,
# `monotonic`, `time`, ... и импортированные через `from time import ...`) часами, которые идут
# только пока работает тестовая нагрузка, и сверяют результат с медианой с точностью до
# миллионной доли. Читайте часы в момент замера (не сохраняйте функцию часов заранее в
# аргументе по умолчанию).
#
# **Ошибки (1 балл).** `device` — это `"cpu"`, `"cuda"` или `"mps"`, с номером устройства или без
# (`"cuda:0"`, `"cpu:0"`), либо `torch.device` этих типов (как тот, что возвращает `pick_device()`):
# все они работают одинаково. `ValueError` для неизвестного устройства (например, `"tpu"` или
# `"gpu"`), для `repeat < 1` и для `warmup < 0`, с текстом, где названо неверное значение;
# `RuntimeError` с текстом, где названо `cuda`, если просят CUDA (`"cuda"`, `"cuda:0"`,
# `torch.device("cuda")`), а она недоступна. Проверяйте аргументы до первого вызова `fn`.
#
# **Ветка CUDA (1 балл).** `device="cuda"`: прогрев и замеры на GPU. Оберните каждый вызов
# событиями CUDA (`torch.cuda.Event(enable_timing=True)`, `record()` до и после) и дождитесь
# их (`end.synchronize()` или `torch.cuda.synchronize()`) перед `elapsed_time`; либо измеряйте
# часами `time`, синхронизируя (`torch.cuda.synchronize()`) после прогрева и после каждого
# вызова. Результат — медиана времени работы GPU на замеренных вызовах, в миллисекундах. Тесты
# подменяют `torch.cuda` имитацией видеокарты: её нагрузка только ставит работу в очередь, а
# `elapsed_time`, как и настоящий, отказывается работать с событиями без `enable_timing=True` и
# с событиями, до которых GPU ещё не дошёл. Так ветка CUDA проверяется и на машине без GPU;
# на машине с GPU тесты дополнительно измеряют настоящую работу GPU (`torch.cuda._sleep`).
#
# `device="mps"` поддерживать можно, но не обязательно (`torch.mps.synchronize()` и
# `perf_counter`); тесты его не проверяют.

# %% [markdown] tags=["en"]
# ### Exercise 2 (4 points: four parts of 1 point)
#
# Write `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`.
#
# **Calls (1 point).** First call `fn(*args, **kwargs)` `warmup` times without timing it; then
# `repeat` more times, timing each call on its own. That makes exactly `warmup + repeat` calls,
# each with the arguments the caller passed (no others). The defaults make 2 + 10.
#
# **CPU timing (1 point).** Return the **median** of the `repeat` times in **milliseconds**, as
# a `float` (for an even number of times, any value between the two middle ones will do). Time
# the elapsed time with a clock of the `time` module, best `time.perf_counter()` before and after
# the call. A CPU-time clock (`time.process_time`) will not do: waiting (for a GPU, a disk) is not
# CPU time. The tests replace every clock of the `time` module (`perf_counter`,
# `perf_counter_ns`, `monotonic`, `time`, ..., also those imported with `from time import ...`)
# with a clock that moves only while the test workload runs, and compare the result with the
# median to a millionth. Read the clock when you time (do not store a clock function beforehand
# in a default argument).
#
# **Errors (1 point).** `device` is `"cpu"`, `"cuda"` or `"mps"`, with or without a device index
# (`"cuda:0"`, `"cpu:0"`), or a `torch.device` of those types (such as `pick_device()` returns):
# all of them work alike. `ValueError` for an unknown device (such as `"tpu"` or `"gpu"`), for
# `repeat < 1` and for `warmup < 0`, with a message that names the bad value; `RuntimeError`, with
# a message that names `cuda`, when CUDA is asked for (`"cuda"`, `"cuda:0"`,
# `torch.device("cuda")`) and is not available. Check the arguments before the first call of `fn`.
#
# **The CUDA branch (1 point).** `device="cuda"`: warm-up and timing on the GPU. Surround each
# call with CUDA events (`torch.cuda.Event(enable_timing=True)`, `record()` before and after)
# and wait for them (`end.synchronize()` or `torch.cuda.synchronize()`) before `elapsed_time`; or
# time with a `time` clock, synchronizing (`torch.cuda.synchronize()`) after the warm-up and
# after each call. The result is the median GPU time of the timed calls, in milliseconds. The
# tests replace `torch.cuda` with a pretend GPU: its workload only queues work, and its
# `elapsed_time`, like the real one, refuses events created without `enable_timing=True` and
# events the GPU has not reached yet. So the CUDA branch is checked on a machine without a GPU
# too; on a machine with a GPU the tests also time real GPU work (`torch.cuda._sleep`).
#
# `device="mps"` may be supported, but need not be (`torch.mps.synchronize()` and
# `perf_counter`); the tests do not check it.

# %% nbgrader={"grade_id": "measure_time", "solution": true}
def measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs):
    """Median milliseconds of `repeat` calls fn(*args, **kwargs), after `warmup` untimed calls.

    device: "cpu" (time.perf_counter) or "cuda" (CUDA events, synchronized); "mps" is optional.
    device may also carry an index ("cuda:0") or be a torch.device. Raises ValueError for an unknown device,
    repeat < 1 or warmup < 0, and RuntimeError for CUDA without CUDA.
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


# %% nbgrader={"grade_id": "test_measure_time_calls", "grade": true, "points": 1, "locked": true}
nap = sleeper([0.01])
ms = measure_time(nap, repeat=3, warmup=1)
assert isinstance(ms, float), f"measure_time must return a float, got {type(ms).__name__}"
assert len(nap.calls) == 4, f"warmup=1 and repeat=3 make 4 calls of fn, not {len(nap.calls)}"
assert 9.5 <= ms < 1000, f"fn sleeps 10 ms, so measure_time should return about 10 (milliseconds), got {ms}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
with fake_clocks(FakeClock()) as clock:
    work = sleeper([0.001], clock)
    probe.call("measure_time(fn, 3, 'x', repeat=4, warmup=3, scale=2)", measure_time, work, 3, "x",
               device="cpu", repeat=4, warmup=3, scale=2)
    probe.record("calls of fn: arguments", work.calls)
    for kwargs in ({}, {"repeat": 1, "warmup": 0}, {"repeat": 5, "warmup": 0}):
        work = sleeper([0.001], clock)
        probe.call(f"measure_time(fn, **{kwargs})", measure_time, work, **kwargs)
        probe.record(f"calls of fn: {kwargs}", len(work.calls))
### END HIDDEN TESTS

# %% judge="test_measure_time_calls"
def judge(got, want):
    got["measure_time(fn, 3, 'x', repeat=4, warmup=3, scale=2)"]
    calls = got["calls of fn: arguments"]
    assert len(calls) == 7, f"warmup=3 and repeat=4 make 7 calls of fn, not {len(calls)}"
    assert all(call == ((3, "x"), {"scale": 2}) for call in calls), (
        "measure_time(fn, 3, 'x', repeat=4, warmup=3, scale=2) must call fn(3, 'x', scale=2) every time: "
        "exactly the caller's arguments, without device, repeat or warmup")
    for kwargs, count in (({}, 12), ({"repeat": 1, "warmup": 0}, 1), ({"repeat": 5, "warmup": 0}, 5)):
        got[f"measure_time(fn, **{kwargs})"]
        calls = got[f"calls of fn: {kwargs}"]
        what = "the defaults warmup=2 and repeat=10" if not kwargs else f"warmup={kwargs['warmup']} and repeat={kwargs['repeat']}"
        assert calls == count, f"{what} make {count} call(s) of fn, not {calls}"


# %% nbgrader={"grade_id": "test_measure_time_cpu", "grade": true, "points": 1, "locked": true}
with fake_clocks(FakeClock()) as clock:
    # one warm-up call of 80 ms, then timed calls of 4, 6 and 5 ms
    ms = measure_time(sleeper([0.08, 0.004, 0.006, 0.005], clock), repeat=3, warmup=1)
assert isinstance(ms, float), f"measure_time must return a float, got {type(ms).__name__}"
assert abs(ms - 5.0) < 1e-6, f"timed calls of 4, 6 and 5 ms (after a warm-up of 80 ms) have the median 5 ms, got {ms}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
CPU_SCENARIOS = {  # name: (durations of the calls in seconds, warmup, repeat)
    "slow warm-up": ([0.08, 0.08, 0.08, 0.004, 0.006, 0.005], 3, 3),
    "one outlier": ([0.005, 0.005, 0.005, 0.25, 0.005, 0.005], 1, 5),
    "median, not minimum": ([0.0, 0.02, 0.004, 0.02, 0.004, 0.02], 1, 5),
    "even count": ([0.0, 0.01, 0.002, 0.006, 0.03], 1, 4),
    "below a millisecond": ([0.001, 0.00025, 0.00075, 0.0005], 1, 3),
    "one call": ([0.0123], 0, 1),
    "the visible example": ([0.08, 0.004, 0.006, 0.005], 1, 3),
}
for name, (durations, warmup, repeat) in CPU_SCENARIOS.items():
    probe.record(f"scenario: {name}", (durations, warmup, repeat))
    with fake_clocks(FakeClock()) as clock:
        probe.call(f"measure_time: {name}", measure_time, sleeper(durations, clock), repeat=repeat, warmup=warmup)
### END HIDDEN TESTS

# %% judge="test_measure_time_cpu"
def judge(got, want):
    for key in want.keys("scenario: "):
        name = key[len("scenario: "):]
        durations, warmup, repeat = want[key]
        check_median(got[f"measure_time: {name}"], durations, warmup, repeat, f"measure_time ({name})")


# %% nbgrader={"grade_id": "test_measure_time_errors", "grade": true, "points": 1, "locked": true}
nap = sleeper([0.0])
expect_error(ValueError, measure_time, nap, repeat=0, mention=[0], what="repeat=0")
expect_error(ValueError, measure_time, nap, device="tpu", mention=["tpu"], what='device="tpu"')
assert not nap.calls, "raise the errors before calling fn"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
with fake_clocks(FakeClock()) as clock:
    probe.call("measure_time(fn, repeat=1, warmup=0)", measure_time, sleeper([0.001], clock), repeat=1, warmup=0)
    SPELLED = [0.001, 0.002, 0.004, 0.003]  # a warm-up call, then timed calls of 2, 4 and 3 ms
    for name, device in [("device='cpu:0'", "cpu:0"), ("device=torch.device('cpu')", torch.device("cpu"))]:
        probe.call(f"measure_time(fn, {name}, repeat=3, warmup=1)", measure_time, sleeper(SPELLED, clock),
                   device=device, repeat=3, warmup=1)
    for name, kwargs in [("repeat=0", {"repeat": 0}), ("repeat=-3", {"repeat": -3}), ("warmup=-1", {"warmup": -1}),
                         ("device='tpu'", {"device": "tpu"}), ("device='gpu'", {"device": "gpu"})]:
        never = sleeper([0.0], clock)
        probe.call(f"measure_time(fn, {name})", measure_time, never, **kwargs)
        probe.record(f"calls of fn with {name}", len(never.calls))
    for name, device in [("device='cuda'", "cuda"), ("device='cuda:0'", "cuda:0"),
                         ("device=torch.device('cuda', 0)", torch.device("cuda", 0))]:
        never = sleeper([0.0], clock)
        with fake_cuda(FakeGPU(clock), available=False):
            probe.call(f"measure_time(fn, {name})", measure_time, never, device=device)
        probe.record(f"calls of fn with {name}", len(never.calls))
### END HIDDEN TESTS

# %% judge="test_measure_time_errors"
def judge(got, want):
    got["measure_time(fn, repeat=1, warmup=0)"]
    for name in ("device='cpu:0'", "device=torch.device('cpu')"):
        check_median(got[f"measure_time(fn, {name}, repeat=3, warmup=1)"], [0.001, 0.002, 0.004, 0.003], 1, 3,
                     f"measure_time(fn, {name}) (a CPU device spelled another way)")
    for name, error, bad in [("repeat=0", ValueError, "0"), ("repeat=-3", ValueError, "-3"),
                             ("warmup=-1", ValueError, "-1"),
                             ("device='tpu'", ValueError, "tpu"), ("device='gpu'", ValueError, "gpu"),
                             ("device='cuda'", RuntimeError, "cuda"), ("device='cuda:0'", RuntimeError, "cuda"),
                             ("device=torch.device('cuda', 0)", RuntimeError, "cuda")]:
        call = f"measure_time(fn, {name})" + (" where CUDA is not available" if error is RuntimeError else "")
        raised = got.raised(f"measure_time(fn, {name})")
        assert raised is not None, f"{call} must raise {error.__name__}, but it returned"
        assert raised.is_a(error), f"{call} must raise {error.__name__}, not {raised.name}"
        assert bad in raised.message.lower(), f"the {error.__name__} of {call} must name {bad!r} in its message"
        calls = got[f"calls of fn with {name}"]
        assert calls == 0, f"{call} called fn {calls} time(s): check the arguments before the first call"


# %% nbgrader={"grade_id": "test_measure_time_cuda", "grade": true, "points": 1, "locked": true}
pretend_gpu = FakeGPU(FakeClock())
# each call queues GPU work and returns at once: one warm-up of 50 ms, then calls of 2, 3 and 1 ms
gpu_work = sleeper([0.05, 0.002, 0.003, 0.001], gpu=pretend_gpu)
with fake_clocks(pretend_gpu.clock), fake_cuda(pretend_gpu):
    ms = measure_time(gpu_work, device="cuda", repeat=3, warmup=1)
assert isinstance(ms, float), f"measure_time must return a float, got {type(ms).__name__}"
assert len(gpu_work.calls) == 4, f"warmup=1 and repeat=3 make 4 calls on cuda too, not {len(gpu_work.calls)}"
assert abs(ms - 2.0) < 1e-6, f"GPU calls of 2, 3 and 1 ms (after a warm-up of 50 ms) have the median 2 ms, got {ms}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
if torch.cuda.is_available():  # a grader with a real GPU: time real GPU work too
    for cycles in (10_000_000, 20_000_000):
        probe.call(f"real GPU: measure_time(torch.cuda._sleep, {cycles})", measure_time, torch.cuda._sleep, cycles,
                   device="cuda", repeat=3, warmup=1)
CUDA_SCENARIOS = {
    "slow warm-up": ([0.08, 0.08, 0.08, 0.004, 0.006, 0.005], 3, 3),
    "one outlier": ([0.005, 0.005, 0.005, 0.25, 0.005, 0.005], 1, 5),
    "median, not minimum": ([0.0, 0.02, 0.004, 0.02, 0.004, 0.02], 1, 5),
    "the visible example": ([0.05, 0.002, 0.003, 0.001], 1, 3),
}
for name, (durations, warmup, repeat) in CUDA_SCENARIOS.items():
    probe.record(f"scenario: {name}", (durations, warmup, repeat))
    gpu = FakeGPU(FakeClock())
    work = sleeper(durations, gpu=gpu)
    with fake_clocks(gpu.clock), fake_cuda(gpu):
        probe.call(f"cuda: {name}", measure_time, work, device="cuda", repeat=repeat, warmup=warmup)
    probe.record(f"cuda: {name}: calls", len(work.calls))
    probe.record(f"cuda: {name}: enable_timing of the events", gpu.timing_flags)
    probe.record(f"cuda: {name}: refusals", gpu.refusals)
gpu = FakeGPU(FakeClock())
work = sleeper([0.001], gpu=gpu)
with fake_clocks(gpu.clock), fake_cuda(gpu):
    probe.call("cuda: measure_time(fn, 3, 'x', device='cuda', repeat=2, warmup=1, scale=2)", measure_time, work, 3, "x",
               device="cuda", repeat=2, warmup=1, scale=2)
probe.record("cuda: arguments of the calls", work.calls)
### END HIDDEN TESTS

# %% judge="test_measure_time_cuda"
def judge(got, want):
    for key in want.keys("scenario: "):
        name = key[len("scenario: "):]
        durations, warmup, repeat = want[key]
        refusals = [str.__str__(r) for r in got[f"cuda: {name}: refusals"]]
        flags = got[f"cuda: {name}: enable_timing of the events"]
        if got.raised(f"cuda: {name}") is not None:
            assert not any("enable_timing" in r for r in refusals) and all(flags), (
                "measure_time(device='cuda') created CUDA events without enable_timing=True: such events cannot "
                "measure time (elapsed_time raises)")
            assert not any("not ready" in r for r in refusals), (
                "measure_time(device='cuda') read elapsed_time before the GPU reached the events: "
                "call end.synchronize() or torch.cuda.synchronize() first")
        result = got[f"cuda: {name}"]
        calls = got[f"cuda: {name}: calls"]
        assert calls == warmup + repeat, (
            f"on cuda, warmup={warmup} and repeat={repeat} make {warmup + repeat} calls of fn, not {calls}")
        check_median(result, durations, warmup, repeat, f"measure_time(device='cuda') ({name})")
    got["cuda: measure_time(fn, 3, 'x', device='cuda', repeat=2, warmup=1, scale=2)"]
    calls = got["cuda: arguments of the calls"]
    assert len(calls) == 3 and all(call == ((3, "x"), {"scale": 2}) for call in calls), (
        "on cuda, measure_time(fn, 3, 'x', repeat=2, warmup=1, scale=2) must call fn(3, 'x', scale=2) 3 times")
    real = [key for key in got.keys("real GPU: ")]
    if real:  # only on a grader with a GPU: twice the GPU work must take about twice the time
        one, two = (got[key] for key in sorted(real, key=lambda k: int(k.rsplit(" ", 1)[1])))
        assert is_float(one) and is_float(two), "measure_time(device='cuda') must return a float"
        assert one > 0.5 and 1.8 <= two / one <= 2.2, (
            f"on this GPU, torch.cuda._sleep(10_000_000) measured {one:.4g} ms and twice the work {two:.4g} ms: "
            f"the second must take about twice as long; synchronize before reading the time")


# %% [markdown] tags=["ru"]
# #### Транспонирование — это представление, а не копия
#
# `x.transpose(-2, -1)` (или `x.mT`, `x.T` для матриц) меняет только шаги (strides): данные не
# двигаются, и указатель на них тот же. Поэтому время транспонирования одно и то же для
# тензора в 1 МиБ и в 16 МиБ. Настоящая работа начинается с `.contiguous()`: он копирует данные
# в новый порядок. В таблице сравнения мы измеряем именно `transpose(...).contiguous()`.
# Документация: [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.contiguous.html),
# [представления тензоров](https://pytorch.org/docs/stable/tensor_view.html).

# %% [markdown] tags=["en"]
# #### A transpose is a view, not a copy
#
# `x.transpose(-2, -1)` (or `x.mT`, and `x.T` for matrices) changes only the strides: the data
# stays where it is, behind the same pointer. So the transpose takes the same time for a 1 MiB
# tensor and a 16 MiB one. Real work starts with `.contiguous()`, which copies the data into the
# new order. In the comparison table we time `transpose(...).contiguous()`.
# Documentation: [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.contiguous.html),
# [tensor views](https://pytorch.org/docs/stable/tensor_view.html).

# %% tags=["demo"]
with needs("measure_time (exercise 2)"):
    for side in (256, 1024):
        x_t = torch.randn(4, side, side)
        view = x_t.transpose(-2, -1)
        view_ms = measure_time(lambda: x_t.transpose(-2, -1), repeat=5, warmup=1)
        copy_ms = measure_time(lambda: x_t.transpose(-2, -1).contiguous(), repeat=5, warmup=1)
        print(f"4x{side}x{side} ({x_t.numel() * 4 / MiB:.0f} MiB): same storage: {view.data_ptr() == x_t.data_ptr()}, "
              f"contiguous: {view.is_contiguous()}; view {view_ms:.4f} ms, real copy {copy_ms:.3f} ms")
    del x_t, view

# %% [markdown] tags=["ru"]
# #### Короткие операции: замеряйте блок вызовов (≈ 15 минут)
#
# `measure_time` замеряет каждый вызов отдельно, между двумя событиями. Когда GPU свободен,
# стартовое событие проходит сразу, а ядро операции начинается, лишь когда CPU закончит его
# запускать (Python и PyTorch тратят на это микросекунды). Этот промежуток запуска попадает в
# замер. Для умножения матриц 4096×4096, которое длится миллисекунды, он незаметен; для
# сложения векторов из 16 чисел он и есть почти весь замер.
#
# Короткие операции поэтому замеряют **блоком**: `number` вызовов подряд между одной парой
# событий (или показаний часов), время делят на `number`. Пока CPU ставит в очередь следующий
# вызов, GPU выполняет предыдущий, и замер показывает, сколько на самом деле стоит каждый вызов в
# потоке работы. Ещё один способ — записать вызовы в граф CUDA
# ([CUDA Graphs](https://pytorch.org/docs/stable/notes/cuda.html#cuda-graphs)): его
# воспроизведение запускает все ядра одной командой, без затрат Python на каждое. Так же, блоками,
# работает `torch.utils.benchmark.Timer` ([документация](https://pytorch.org/docs/stable/benchmark_utils.html),
# [рецепт](https://pytorch.org/tutorials/recipes/recipes/benchmark.html)): `blocked_autorange`
# сам подбирает `number` и синхронизирует GPU. Функция `blocked_time` ниже (готовая, не
# задание) делает то же самое: на GPU удваивает `number`, пока блок не продлится 10 мс, а на CPU
# повторяет вызовы в блоке, пока не пройдёт 10 мс. Таблица раздела 3 измеряется ею, и там же её
# числа сверяются с `benchmark.Timer` для каждого размера.

# %% [markdown] tags=["en"]
# #### Short operations: time a block of calls (≈ 15 minutes)
#
# `measure_time` times each call on its own, between two events. When the GPU is idle, the start
# event passes at once, and the operation's kernel starts only when the CPU has finished
# launching it (Python and PyTorch spend microseconds on that). This launch gap is inside the
# measurement. For a 4096×4096 matrix product, which takes milliseconds, it does not show; for
# an add of two 16-element vectors it is nearly all of the measurement.
#
# Short operations are therefore timed in **blocks**: `number` calls back to back between one
# pair of events (or clock readings), the time divided by `number`. While the CPU queues the next
# call, the GPU runs the previous one, and the measurement shows what each call really costs in a
# stream of work. Another way is to capture the calls into a CUDA graph
# ([CUDA Graphs](https://pytorch.org/docs/stable/notes/cuda.html#cuda-graphs)): replaying it
# launches all its kernels with one command, without Python's cost for each. `torch.utils.benchmark.Timer`
# works in blocks too ([documentation](https://pytorch.org/docs/stable/benchmark_utils.html),
# [recipe](https://pytorch.org/tutorials/recipes/recipes/benchmark.html)): `blocked_autorange`
# picks `number` by itself and synchronizes the GPU. The `blocked_time` function below (given,
# not an exercise) does the same: on a GPU it doubles `number` until a block lasts 10 ms, on the
# CPU a block repeats the call until 10 ms have passed. Section 3's table is measured with it, and
# there its numbers are checked against `benchmark.Timer` for every size.

# %% tags=["demo"]
def blocked_time(fn, *args, device="cpu", repeat=5, warmup=1, min_block_ms=10.0, **kwargs):
    """Median milliseconds per call, timing blocks of calls made back to back. On a GPU a block sits between
    one pair of CUDA events, and its number of calls doubles until a block lasts min_block_ms; on the CPU a
    block makes calls until it has lasted min_block_ms."""
    for _ in range(warmup):
        fn(*args, **kwargs)
    if torch.device(device).type == "cuda":
        def block(number):
            begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            begin.record()
            for _ in range(number):
                fn(*args, **kwargs)
            end.record()
            end.synchronize()
            return begin.elapsed_time(end)

        torch.cuda.synchronize()
        number = 1
        while block(number) < min_block_ms and number < 2**16:
            number *= 2
        return statistics.median(block(number) / number for _ in range(repeat))
    per_call = []
    for _ in range(repeat):
        calls, begin, elapsed_ms = 0, time.perf_counter(), 0.0
        while elapsed_ms < min_block_ms:
            fn(*args, **kwargs)
            calls += 1
            elapsed_ms = (time.perf_counter() - begin) * 1e3
        per_call.append(elapsed_ms / calls)
    return statistics.median(per_call)


# %% [markdown] tags=["ru"]
# Крошечная операция на GPU может оказаться **медленнее**, чем на CPU. Эссе, на котором основан
# этот урок, показало это профилировщиком: произведение матриц 3×3 повторялось 10 000 раз, и
# работа CPU по запуску ядер GPU заняла больше времени, чем само вычисление на CPU. Ячейка
# измеряет то же на вашей машине, блоками: `x @ x.T` для матрицы 3×3 на CPU и (если есть) на GPU.
# Если `measure_time` уже решена, она же печатает замер по одному вызову: на GPU в него входит
# промежуток запуска.

# %% [markdown] tags=["en"]
# A tiny operation can be **slower** on a GPU than on the CPU. The essay this lesson draws on
# showed it with the profiler: a 3×3 matrix product repeated 10,000 times, where the CPU's work
# of launching GPU kernels took longer than computing on the CPU itself. The cell measures the
# same on your machine, in blocks: `x @ x.T` for a 3×3 matrix on the CPU and (if there is one)
# on the GPU. When `measure_time` is solved, it also prints the one-call measurement: on a GPU it
# includes the launch gap.

# %% tags=["demo"]
tiny = torch.rand(3, 3)
tiny_cpu_us = blocked_time(lambda: tiny @ tiny.T) * 1e3
print(f"3x3 x @ x.T on the CPU, in blocks: {tiny_cpu_us:.2f} µs per call")
if HAS_CUDA:
    tiny_gpu = tiny.cuda()
    tiny_gpu_us = blocked_time(lambda: tiny_gpu @ tiny_gpu.T, device="cuda") * 1e3
    verdict = "slower" if tiny_gpu_us > tiny_cpu_us else "faster"
    print(f"3x3 x @ x.T on the GPU, in blocks: {tiny_gpu_us:.2f} µs per call: "
          f"{max(tiny_gpu_us, tiny_cpu_us) / min(tiny_gpu_us, tiny_cpu_us):.1f} times {verdict} than the CPU")
    with needs("measure_time (exercise 2)"):
        one_call_us = measure_time(lambda: tiny_gpu @ tiny_gpu.T, device="cuda", repeat=50, warmup=5) * 1e3
        print(f"3x3 x @ x.T on the GPU, one call between two events (measure_time): {one_call_us:.2f} µs, "
              f"{one_call_us / tiny_gpu_us:.1f} times the blocked time")
else:
    print("No GPU: on a GPU this cell times the same product there, in blocks and one call at a time, "
          "next to the CPU's time above.")

# %% [markdown] tags=["ru"]
# ## 3. Таблица сравнения CPU и GPU (≈ 30 минут)
#
# Повторим сравнение из домашнего задания, но честно. Операции: умножение матриц (`matmul`),
# сложение (`add`), поэлементное умножение (`mul`), транспонирование с настоящей копией
# (`transpose` = `transpose(-2, -1).contiguous()`) и сумма всех элементов (`sum`). Размеры
# домашнего задания — 64×1024×1024, 128×512×512 и 256×256×256 (пачки квадратных матриц). Без
# GPU возьмём 4×256×256, 8×128×128 и 16×64×64: в каждой форме в 256 раз меньше элементов, чем в
# соответствующей форме задания, а умножению матриц нужно в 1024 раза меньше операций (ячейка
# сравнения вычисляет оба отношения).
#
# Один результат описывает `OpResult` (он уже готов): имя операции, форма входа и время
# на CPU и на GPU (`None`, если не измеряли).
#
# ### Задание 3 (3 балла: `benchmark_ops` — 2, `results_table` — 1)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` возвращает список `OpResult`,
#    по одному на каждую пару (операция, вход), в любом порядке:
#    - `tensors` — список кортежей входных тензоров на CPU, например `[(a1, b1), (a2, b2)]`;
#      операция вызывается как `op(*inputs)`;
#    - `ops` — словарь `{имя: функция}`;
#    - `devices` — имена устройств, например `["cpu"]` или `["cpu", "cuda"]`: `"cpu"` заполняет
#      `cpu_ms`, любое другое устройство — `gpu_ms` (в тестах «GPU» изображает устройство
#      `"meta"`); поле устройства, которого нет в `devices`, равно `None`;
#    - `timer` вызывается как `timer(fn, *args, device=device)` и возвращает миллисекунды;
#      в `cpu_ms` и `gpu_ms` кладите ровно то, что он вернул.
#
#    Каждая операция измеряется на каждом входе на каждом устройстве. Каждый кортеж входов
#    переносите на устройство (`.to(device)`) **один раз, до замера**: измеряемая функция должна
#    выполнять ровно одну операцию над тензорами, которые уже на этом устройстве, без копий
#    (`to`, `cuda`, `cpu`, `clone`, ...). Входные тензоры не меняйте. `shape` — форма первого
#    тензора входа, кортеж `int`.
# 2. `results_table(results)` возвращает `PrettyTable` со столбцами `"Operation"`,
#    `"CPU (ms)"`, `"GPU (ms)"`, `"Speedup"`, по строке на результат в том же порядке:
#    операция в виде `"matmul 64x1024x1024"`, времена ровно с тремя знаками после запятой
#    (`f"{ms:.3f}"`), ускорение `cpu_ms / gpu_ms` ровно с двумя знаками и буквой `x`
#    (`"25.00x"`). Где времени нет, пишите `"n/a"` (и в ускорении, если нет хотя бы одного
#    времени).
#
# Документация: [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html),
# [PrettyTable](https://pypi.org/project/prettytable/).

# %% [markdown] tags=["en"]
# ## 3. The CPU-versus-GPU table (≈ 30 minutes)
#
# Let us redo the homework's comparison, honestly this time. The operations: matrix product
# (`matmul`), addition (`add`), elementwise product (`mul`), a transpose with a real copy
# (`transpose` = `transpose(-2, -1).contiguous()`) and the sum of all elements (`sum`). The
# homework's sizes are 64×1024×1024, 128×512×512 and 256×256×256 (batches of square matrices).
# Without a GPU we take 4×256×256, 8×128×128 and 16×64×64: each shape has 256 times fewer
# elements than the homework's shape in its place, and its matrix product needs 1024 times fewer
# operations (the comparison cell computes both ratios).
#
# `OpResult` (given) holds one result: the operation's name, the input's shape, and the times on
# the CPU and on the GPU (`None` when not measured).
#
# ### Exercise 3 (3 points: `benchmark_ops` 2, `results_table` 1)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` returns a list of `OpResult`,
#    one per (operation, input) pair, in any order:
#    - `tensors` is a list of tuples of input tensors on the CPU, such as `[(a1, b1), (a2, b2)]`;
#      an operation is called as `op(*inputs)`;
#    - `ops` is a dict `{name: function}`;
#    - `devices` names the devices, such as `["cpu"]` or `["cpu", "cuda"]`: `"cpu"` fills
#      `cpu_ms`, any other device fills `gpu_ms` (the tests use the `"meta"` device as a
#      stand-in GPU); the field of a device not in `devices` is `None`;
#    - `timer` is called as `timer(fn, *args, device=device)` and returns milliseconds; put
#      exactly what it returned into `cpu_ms` and `gpu_ms`.
#
#    Every operation is timed on every input on every device. Move each tuple of inputs to a
#    device (`.to(device)`) **once, before timing**: the timed function must run exactly one
#    operation on tensors that are already on that device, with no copies (`to`, `cuda`, `cpu`,
#    `clone`, ...). Do not change the input tensors. `shape` is the shape of the input's first
#    tensor, a tuple of `int`.
# 2. `results_table(results)` returns a `PrettyTable` with columns `"Operation"`, `"CPU (ms)"`,
#    `"GPU (ms)"`, `"Speedup"`, one row per result in the same order: the operation written as
#    `"matmul 64x1024x1024"`, times with exactly three decimals (`f"{ms:.3f}"`), the speedup
#    `cpu_ms / gpu_ms` with exactly two decimals and an `x` (`"25.00x"`). Where a time is
#    missing, write `"n/a"` (in the speedup too, when either time is missing).
#
# Documentation: [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html),
# [PrettyTable](https://pypi.org/project/prettytable/).

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
        if r.cpu_ms is None or r.gpu_ms is None:
            speedup = "n/a"
        else:
            speedup = f"{r.cpu_ms / r.gpu_ms:.2f}x"
        table.add_row([f"{r.op} {'x'.join(str(size) for size in r.shape)}", cpu, gpu, speedup])
    return table
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_benchmark_ops_timing", "grade": true, "points": 2, "locked": true}
small = [(torch.ones(2, 3), torch.ones(2, 3))]
example_results = benchmark_ops(small, {"add": lambda a, b: a + b}, ["cpu"], timer=lambda fn, *args, device: 1.5)
assert example_results == [OpResult("add", (2, 3), 1.5, None)], f"got {example_results}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
torch.manual_seed(5)
# the second tensor of each input has another shape: `shape` is the first one's
inputs_list = [(torch.randn(2, 3, 4), torch.randn(4, 3)), (torch.randn(4, 2, 2), torch.randn(5))]
seen = []  # what the instrumented operations received: [name, devices of the inputs, shape of the first]


def instrumented(name):
    def op(*tensors):  # records what it receives; real math on the meta device would be slow to set up
        seen.append([name, [t.device.type for t in tensors], list(tensors[0].shape)])
        return tensors[0]
    return op


timer_log = []


def fake_timer(fn, *args, device="cpu", **kwargs):
    """Runs fn once, notes what it ran and which torch functions it called, returns a made-up time."""
    before = len(seen)
    kind = torch.device(device).type
    with probe.torch_calls() as calls:
        fn(*args, **kwargs)
    ms = 1.0 + 0.25 * len(timer_log)
    timer_log.append({"device": kind, "ran": seen[before:], "torch calls": sorted(set(calls.names)), "ms": ms})
    return ms


def plain_results(results):
    if not isinstance(results, list):
        return f"not a list: {type(results).__name__}"
    return [[isinstance(r, OpResult), getattr(r, "op", None), getattr(r, "shape", None), getattr(r, "cpu_ms", None),
             getattr(r, "gpu_ms", None)] for r in results]


test_ops = {name: instrumented(name) for name in ("add", "mul", "transpose", "sum")}
for devices in (["cpu", "meta"], ["cpu"], ["meta"]):
    timer_log.clear()
    probe.call(f"benchmark_ops(devices={devices})",
               lambda: plain_results(benchmark_ops(inputs_list, test_ops, devices, timer=fake_timer)))
    probe.record(f"timer calls, devices={devices}", list(timer_log))
probe.record("the inputs afterwards", [list(inputs) for inputs in inputs_list])
probe.call("benchmark_ops(the visible example)", lambda: plain_results(benchmark_ops(
    [(torch.ones(2, 3), torch.ones(2, 3))], {"add": lambda a, b: a + b}, ["cpu"], timer=lambda fn, *args, device: 1.5)))
### END HIDDEN TESTS

# %% judge="test_benchmark_ops_timing"
COPY_OPS = ["to", "cuda", "cpu", "copy_", "_to_copy", "clone", "detach"]


def judge(got, want):
    ops, shapes = ["add", "mul", "transpose", "sum"], [(2, 3, 4), (4, 2, 2)]
    for devices in (["cpu", "meta"], ["cpu"], ["meta"]):
        results = got[f"benchmark_ops(devices={devices})"]
        assert isinstance(results, list), f"benchmark_ops(devices={devices}) must return a list of OpResult"
        returned = {}  # (op, shape, device kind) -> the times the timer returned for it
        for entry in got[f"timer calls, devices={devices}"]:
            ran = entry["ran"]
            assert len(ran) == 1, f"the timed function must run exactly one operation, it ran {len(ran)}"
            name, input_devices, shape = ran[0]
            name, device = str.__str__(name), str.__str__(entry["device"])
            assert all(d == device for d in input_devices), (
                f"timer(device={device!r}) timed {name} on inputs that live on another device: move the "
                f"inputs to the device and pass that device to the timer")
            copies = [op for op in COPY_OPS if op in entry["torch calls"]]
            assert not copies, (f"the timed function for {name} also called {', '.join(copies)}: "
                                f"move the inputs to the device once, before timing")
            returned.setdefault((name, tuple(shape), device), []).append(entry["ms"])
        kinds = ["cpu" if d == "cpu" else "meta" for d in devices]
        missing = [(o, s, k) for o in ops for s in shapes for k in kinds if (o, s, k) not in returned]
        assert not missing, (f"with devices={devices}, every op must be timed on every input on every device; "
                             f"{len(missing)} of {len(ops) * len(shapes) * len(kinds)} were not")
        assert len(results) == len(ops) * len(shapes), (
            f"{len(ops)} ops on {len(shapes)} inputs make {len(ops) * len(shapes)} results, got {len(results)}")
        found = set()
        for is_op_result, name, shape, cpu_ms, gpu_ms in results:
            assert is_op_result, "benchmark_ops must return OpResult objects"
            assert isinstance(shape, tuple) and all(type(s) is int for s in shape), "shape must be a tuple of ints"
            key = (str.__str__(name) if isinstance(name, str) else name, tuple(shape))
            assert key[0] in ops and key[1] in shapes, "each result names one of the ops and the shape of its input"
            found.add(key)
            for value, kind, field in [(cpu_ms, "cpu", "cpu_ms"), (gpu_ms, "meta", "gpu_ms")]:
                if kind not in kinds:
                    assert value is None, f"with devices={devices}, {field} must be None (that device was not asked for)"
                else:
                    assert value in returned[(key[0], key[1], kind)], (
                        f"with devices={devices}, {field} of {key[0]} on {'x'.join(map(str, key[1]))} must be exactly "
                        f"what the timer returned for it on {'the CPU' if kind == 'cpu' else 'the other device'}")
        assert len(found) == len(ops) * len(shapes), "one result per (operation, input) pair"
    after, before = got["the inputs afterwards"], want["the inputs afterwards"]
    assert all(t.observed["device"] == "cpu" and torch.equal(t, w) for pair, wpair in zip(after, before)
               for t, w in zip(pair, wpair)), "benchmark_ops must not change its inputs (they stay the same CPU tensors)"
    assert got["benchmark_ops(the visible example)"] == want["benchmark_ops(the visible example)"], (
        "benchmark_ops on one 2x3 pair with {'add': ...}, ['cpu'] and a timer that returns 1.5 must return "
        "[OpResult('add', (2, 3), 1.5, None)]")


# %% nbgrader={"grade_id": "test_benchmark_ops_table", "grade": true, "points": 1, "locked": true}
example = [OpResult("matmul", (4, 256, 256), 12.5, 0.5), OpResult("sum", (16, 64, 64), 0.25, None)]
example_table = results_table(example)
assert list(example_table.field_names) == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], (
    f"wrong columns: {example_table.field_names}")
assert len(example_table.rows) == 2, f"one row per result expected, got {len(example_table.rows)}"
assert [str(cell) for cell in example_table.rows[0]] == ["matmul 4x256x256", "12.500", "0.500", "25.00x"], (
    f"first row: {example_table.rows[0]}")
assert [str(cell) for cell in example_table.rows[1]][2:] == ["n/a", "n/a"], (
    f"a missing GPU time must read n/a, got {example_table.rows[1]}")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
table_cases = [OpResult("add", (64, 1024, 1024), 12.5, 0.5), OpResult("sum", (8, 4), 0.02, 0.05),
               OpResult("mul", (3,), 3.25, None), OpResult("transpose", (2, 5, 7), None, 1.625),
               OpResult("matmul", (1, 2, 2), None, None), OpResult("add", (16, 64, 64), 0.0125, 0.0045),
               OpResult("matmul", (256, 256, 256), 1234.56789, 7.0)]
visible_cases = [OpResult("matmul", (4, 256, 256), 12.5, 0.5), OpResult("sum", (16, 64, 64), 0.25, None)]
for name, cases in (("cases", table_cases), ("the visible example", visible_cases)):
    probe.record(name, [tuple(case) for case in cases])
    table = probe.call(f"results_table({name})", results_table, cases)
    probe.record(f"is a PrettyTable: {name}", isinstance(table, PrettyTable))
    if isinstance(table, PrettyTable):
        probe.call(f"columns: {name}", lambda: list(table.field_names))
        probe.call(f"rows: {name}", lambda: [[str(cell) for cell in row] for row in table.rows])
### END HIDDEN TESTS

# %% judge="test_benchmark_ops_table"
def judge(got, want):
    for name in ("cases", "the visible example"):
        got[f"results_table({name})"]
        assert got[f"is a PrettyTable: {name}"], "results_table must return a PrettyTable"
        assert got[f"columns: {name}"] == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], (
            'the columns must be "Operation", "CPU (ms)", "GPU (ms)", "Speedup"')
        check_rows(got[f"rows: {name}"], want[name])


def check_rows(rows, cases):
    """The table's rows, one per OpResult of cases, in order."""
    assert len(rows) == len(cases), f"one row per result: {len(cases)} results, {len(rows)} rows"
    for (op, shape, cpu_ms, gpu_ms), row in zip(cases, rows):
        op = str.__str__(op)
        label = f"{op} {'x'.join(map(str, shape))}"
        cpu = "n/a" if cpu_ms is None else f"{cpu_ms:.3f}"
        gpu = "n/a" if gpu_ms is None else f"{gpu_ms:.3f}"
        speedup = "n/a" if cpu_ms is None or gpu_ms is None else f"{cpu_ms / gpu_ms:.2f}x"
        cells = [cell.strip() for cell in row]
        for cell, expected, column in zip(cells, [label, cpu, gpu, speedup], ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"]):
            assert cell == expected, (
                f"for OpResult{(op, tuple(shape), cpu_ms, gpu_ms)} the {column} cell must read {expected!r} "
                f"(rows keep the order of the results; times with 3 decimals, speedup with 2 and an x, n/a if missing)")


# %% [markdown] tags=["ru"]
# Теперь само сравнение. Таблица измеряется функцией `blocked_time`: 5 блоков после одного
# прогрева. На GPU берём размеры домашнего задания; умножение больших матриц на CPU долгое, и
# ячейка заранее печатает, сколько примерно оно займёт. Без GPU — уменьшенные размеры (на CPU
# несколько секунд).

# %% [markdown] tags=["en"]
# Now the comparison itself. The table is measured with `blocked_time`: 5 blocks after one
# warm-up. On a GPU we use the homework's sizes; multiplying the large matrices on the CPU takes
# long, and the cell prints beforehand about how long. Without a GPU, the smaller sizes (a few
# seconds on a CPU).

# %% tags=["demo"]
OPS = {
    "matmul": lambda a, b: a @ b,
    "add": lambda a, b: a + b,
    "mul": lambda a, b: a * b,
    "transpose": lambda a, b: a.transpose(-2, -1).contiguous(),  # a real copy, not a view
    "sum": lambda a, b: a.sum(),
}
HOMEWORK_SHAPES = [(64, 1024, 1024), (128, 512, 512), (256, 256, 256)]
CPU_ONLY_SHAPES = [(4, 256, 256), (8, 128, 128), (16, 64, 64)]
shape_facts = PrettyTable(["shape", "elements", "matmul GFLOP", "matmul FLOP per byte (float32)"])
for shape in HOMEWORK_SHAPES + CPU_ONLY_SHAPES:
    batch, n, _ = shape  # a batched matmul of (B, n, n) by (B, n, n): B * 2 * n**3 FLOP on 3 * B * n**2 floats
    shape_facts.add_row(["x".join(map(str, shape)), f"{math.prod(shape):,}", f"{2 * batch * n**3 / 1e9:.2f}",
                         f"{2 * n**3 / (3 * n**2 * 4):.1f}"])
print(shape_facts)
for big, little in zip(HOMEWORK_SHAPES, CPU_ONLY_SHAPES):
    print(f"{'x'.join(map(str, big))} has {math.prod(big) // math.prod(little)} times the elements of "
          f"{'x'.join(map(str, little))}, and its matmul {big[0] * big[1]**3 // (little[0] * little[1]**3)} times the FLOP")
SHAPES, DEVICES = (HOMEWORK_SHAPES, ["cpu", "cuda"]) if HAS_CUDA else (CPU_ONLY_SHAPES, ["cpu"])
if HAS_CUDA:
    sample = torch.randn(512, 512)
    cpu_gflops = 2 * 512**3 / blocked_time(torch.matmul, sample, sample) / 1e6
    flop = sum(2 * b * n**3 for b, n, _ in SHAPES) * 6  # blocked_time runs 6 calls of each big product
    print(f"The CPU does about {cpu_gflops:.0f} GFLOP/s here: its matmuls in this table take about "
          f"{flop / cpu_gflops / 1e9:.0f} s, and the elementwise operations some seconds more.")
bench_results = None
with needs("benchmark_ops and results_table (exercise 3)"):
    torch.manual_seed(0)
    bench_inputs = [(torch.randn(shape), torch.randn(shape)) for shape in SHAPES]
    bench_results = benchmark_ops(bench_inputs, OPS, DEVICES, timer=blocked_time)
    del bench_inputs
    print(results_table(bench_results))

# %% tags=["demo"]
if bench_results is None:
    print("Skipped: the chart needs the table above (exercise 3).")
else:
    fig, ax = plt.subplots(figsize=(9, 4))
    width = 0.8 / len(SHAPES)
    for j, shape in enumerate(SHAPES):
        rows_for_shape = [r for r in bench_results if tuple(r.shape) == shape]
        values = [r.cpu_ms / r.gpu_ms if HAS_CUDA else r.cpu_ms for r in rows_for_shape]
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
# #### Сверка с `torch.utils.benchmark`
#
# Если наши замеры честны, они совпадают с замерами `torch.utils.benchmark.Timer`. Ячейка
# сверяет каждую строку таблицы (на GPU — столбец GPU, без GPU — столбец CPU) с медианой
# `Timer.blocked_autorange` и заодно показывает замер `measure_time` по одному вызову. На GPU
# блочные замеры должны совпасть с `Timer` в пределах 10%, а замер по одному вызову на коротких
# операциях больше: в него входит промежуток запуска. (На CPU `Timer` по умолчанию использует
# один поток, поэтому задаём ему столько же потоков, сколько у PyTorch.) На общем загруженном
# CPU, например на сервере проверки, все замеры шумят, и расхождение бывает больше: это
# свойство машины, а не ошибка в коде. Ячейка идёт около 5 секунд.

# %% [markdown] tags=["en"]
# #### A cross-check against `torch.utils.benchmark`
#
# If our measurements are honest, they agree with `torch.utils.benchmark.Timer`. The cell checks
# every row of the table (the GPU column on a GPU, the CPU column without one) against the median
# of `Timer.blocked_autorange`, and also shows the one-call measurement of `measure_time`. On a GPU
# the blocked times should agree with `Timer` within 10%, while the one-call time of the short
# operations is larger: it includes the launch gap. (On a CPU, `Timer` uses one thread by
# default, so we give it as many as PyTorch uses.) On a shared, busy CPU, such as the grading
# server, every measurement is noisy and they can differ more: that is the machine, not the code.
# The cell runs for about 5 seconds.

# %% tags=["demo"]
from torch.utils import benchmark

if bench_results is None:
    print("Skipped: the cross-check needs the table above (exercise 3).")
else:
    with needs("measure_time (exercise 2)"):
        check_device = DEVICES[-1]
        agree, rows = 0, PrettyTable(["Operation", "blocked (table)", "benchmark.Timer", "blocked / Timer",
                                      "measure_time", "measure_time / Timer"])
        torch.manual_seed(0)
        for shape in SHAPES:
            a_chk, b_chk = torch.randn(shape, device=check_device), torch.randn(shape, device=check_device)
            for name, op in OPS.items():
                ours = next(getattr(r, "gpu_ms" if check_device == "cuda" else "cpu_ms")
                            for r in bench_results if r.op == name and tuple(r.shape) == shape)
                theirs = benchmark.Timer("op(a, b)", globals={"op": op, "a": a_chk, "b": b_chk},
                                         num_threads=torch.get_num_threads()).blocked_autorange(min_run_time=0.2).median * 1e3
                one_call = measure_time(op, a_chk, b_chk, device=check_device, repeat=10, warmup=2)
                agree += abs(ours / theirs - 1) <= 0.10
                rows.add_row([f"{name} {'x'.join(map(str, shape))}", f"{ours:.4f} ms", f"{theirs:.4f} ms",
                              f"{ours / theirs:.2f}", f"{one_call:.4f} ms", f"{one_call / theirs:.2f}"])
            del a_chk, b_chk
        print(f"on {check_device}:")
        print(rows)
        print(f"blocked times within 10% of benchmark.Timer: {agree} of {len(OPS) * len(SHAPES)}")

# %% [markdown] tags=["ru"]
# #### float16: где он ускоряет
#
# Половинная точность ускоряет умножение матриц на GPU с тензорными ядрами: в паспортах
# видеокарт (раздел 4) их пик во float16 во много раз выше пика float32. На CPU это не так,
# поэтому мерить float16 на CPU и делать выводы о GPU нельзя. Ячейка ниже сравнивает float16 и
# float32 там, где это осмысленно (на GPU), а без GPU показывает, что получается на CPU.

# %% [markdown] tags=["en"]
# #### float16: where it speeds things up
#
# Half precision speeds up matrix products on a GPU with tensor cores: on the datasheets
# (section 4) their float16 peak is many times the float32 one. Not so on a CPU, so timing
# float16 on a CPU tells nothing about a GPU. The cell below compares float16 with float32 where
# that makes sense (on a GPU), and without a GPU shows what happens on the CPU.

# %% tags=["demo"]
with needs("measure_time (exercise 2)"):
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
# ## 4. Сколько это от возможностей устройства (≈ 20 минут)
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
# Документация: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html)
# (трансляция размеров пачки), [`Tensor.element_size`](https://pytorch.org/docs/stable/generated/torch.Tensor.element_size.html).
#
# ### Задание 4 (2 балла: по 1 баллу за функцию)
#
# - `matmul_tflops(shape_a, shape_b, ms)` — достигнутые TFLOP/s умножения тензоров форм
#   `shape_a = (..., n, k)` и `shape_b = (..., k, m)` (не меньше двух измерений, размеры пачки
#   транслируются; формы могут быть кортежами или `torch.Size`), если оно заняло `ms`
#   миллисекунд. Размер пачки 0 тоже транслируется, как в `torch.matmul`: `(0, 3, 4) @ (4, 5)` — это
#   ноль матриц и 0 TFLOP/s;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)` — достигнутые ГБ/с, если за `ms`
#   миллисекунд прочитано и записано `tensors_moved` тензоров по `numel` элементов типа `dtype`
#   (любого типа PyTorch).
#
# Обе функции возвращают `float`; тесты сверяют его с формулой с точностью до 10⁻⁹
# (относительной).

# %% [markdown] tags=["en"]
# ## 4. How much of the device is that (≈ 20 minutes)
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
# Documentation: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html)
# (broadcasting of batch dimensions), [`Tensor.element_size`](https://pytorch.org/docs/stable/generated/torch.Tensor.element_size.html).
#
# ### Exercise 4 (2 points: 1 per function)
#
# - `matmul_tflops(shape_a, shape_b, ms)`: the achieved TFLOP/s of a product of tensors of
#   shapes `shape_a = (..., n, k)` and `shape_b = (..., k, m)` (at least two dimensions, batch
#   dimensions broadcast; the shapes may be tuples or `torch.Size`) that took `ms` milliseconds. A
#   batch dimension of size 0 broadcasts too, as in `torch.matmul`: `(0, 3, 4) @ (4, 5)` is no
#   matrices at all and 0 TFLOP/s;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)`: the achieved GB/s when `tensors_moved`
#   tensors of `numel` elements of type `dtype` (any PyTorch dtype) were read or written in `ms`
#   milliseconds.
#
# Both return a `float`; the tests compare it with the formula to a relative 10⁻⁹.

# %% nbgrader={"grade_id": "matmul_tflops", "solution": true}
def matmul_tflops(shape_a, shape_b, ms):
    """Achieved TFLOP/s (10**12 FLOP per second) of matmul of shapes (..., n, k) @ (..., k, m) in ms milliseconds."""
    ### BEGIN SOLUTION
    *batch_a, n, k = shape_a
    *batch_b, _, m = shape_b
    # broadcast the batch dimensions, aligned from the right: (8, 1) with (5,) gives (8, 5), (0,) with (1,) gives (0,)
    width = max(len(batch_a), len(batch_b))
    padded_a = [1] * (width - len(batch_a)) + list(batch_a)
    padded_b = [1] * (width - len(batch_b)) + list(batch_b)
    batch = math.prod(y if x == 1 else x for x, y in zip(padded_a, padded_b))
    flops = 2 * batch * n * k * m
    return float(flops / (ms / 1e3) / 1e12)
    ### END SOLUTION


def elementwise_gbps(numel, dtype, tensors_moved, ms):
    """Achieved GB/s (10**9 bytes per second) when tensors_moved tensors of numel elements of dtype move in ms milliseconds."""
    ### BEGIN SOLUTION
    nbytes = numel * torch.empty((), dtype=dtype).element_size() * tensors_moved
    return float(nbytes / (ms / 1e3) / 1e9)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_matmul_tflops_flops", "grade": true, "points": 1, "locked": true}
tflops = matmul_tflops((1024, 1024), (1024, 1024), 1.0)
assert isinstance(tflops, float), f"matmul_tflops must return a float, got {type(tflops).__name__}"
assert abs(tflops - 2 * 1024**3 / 1e9) < 1e-6, f"2*1024**3 FLOP in 1 ms is {2 * 1024**3 / 1e9:.4f} TFLOP/s, got {tflops}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(11)
flop_cases = [((64, 1024, 1024), (64, 1024, 1024), 10.0), ((2, 3), (3, 4), 0.001), ((8, 1, 32, 16), (5, 16, 4), 0.25),
              ((32, 16), (5, 16, 4), 2.0), ((7, 1, 5, 3), (1, 6, 3, 2), 0.5), ((1, 1, 1), (1, 1, 1), 3.0),
              (torch.Size([4, 8, 16]), torch.Size([4, 16, 2]), 1.5),
              ((3, 4), (1, 4, 5), 0.5), ((1, 3, 4), (4, 5), 0.5), ((0, 3, 4), (4, 5), 1.0), ((2, 1, 3, 4), (0, 4, 5), 1.0),
              ((1024, 1024), (1024, 1024), 1.0)]  # the last: the visible example
for _ in range(6):
    batch = tuple(torch.randint(1, 5, (int(torch.randint(0, 3, (1,), generator=gen)),), generator=gen).tolist())
    n, k, m = torch.randint(1, 300, (3,), generator=gen).tolist()
    flop_cases.append((batch + (n, k), batch + (k, m), float(torch.rand(1, generator=gen)) * 20 + 0.01))
probe.record("cases", flop_cases)
for index, (shape_a, shape_b, ms) in enumerate(flop_cases):
    probe.call(f"matmul_tflops case {index}", matmul_tflops, shape_a, shape_b, ms)
### END HIDDEN TESTS

# %% judge="test_matmul_tflops_flops"
def judge(got, want):
    for index, (shape_a, shape_b, ms) in enumerate(want["cases"]):
        result = got[f"matmul_tflops case {index}"]
        batch = torch.broadcast_shapes(tuple(shape_a[:-2]), tuple(shape_b[:-2])).numel()
        expected = 2 * batch * shape_a[-2] * shape_a[-1] * shape_b[-1] / (ms * 1e-3) / 1e12
        call = f"matmul_tflops({tuple(shape_a)}, {tuple(shape_b)}, ms={ms})"
        assert is_float(result), f"{call} must return a float"
        assert math.isclose(result, expected, rel_tol=1e-9), (
            f"{call} must be {expected:.6g} TFLOP/s (2*n*k*m FLOP per matrix, batch dimensions broadcast, "
            f"ms turned into seconds), got {result:.6g}")


# %% nbgrader={"grade_id": "test_matmul_tflops_bandwidth", "grade": true, "points": 1, "locked": true}
gbps = elementwise_gbps(250_000_000, torch.float32, 3, 1.0)
assert isinstance(gbps, float), f"elementwise_gbps must return a float, got {type(gbps).__name__}"
assert abs(gbps - 3000.0) < 1e-6, f"3 tensors of 1 GB each in 1 ms is 3000 GB/s, got {gbps}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
byte_cases = [(2**26, torch.float32, 3, 0.25), (1000, torch.float16, 2, 0.001), (12345, torch.float64, 3, 7.5),
              (10**6, torch.bfloat16, 1, 0.2), (999, torch.int8, 2, 0.003), (4096, torch.bool, 3, 0.01),
              (777, torch.complex64, 3, 0.02), (2**20, torch.int64, 4, 1.0),
              (250_000_000, torch.float32, 3, 1.0)]  # the last: the visible example
probe.record("cases", byte_cases)
for index, (numel, dtype, moved, ms) in enumerate(byte_cases):
    probe.call(f"elementwise_gbps case {index}", elementwise_gbps, numel, dtype, moved, ms)
### END HIDDEN TESTS

# %% judge="test_matmul_tflops_bandwidth"
def judge(got, want):
    for index, (numel, dtype, moved, ms) in enumerate(want["cases"]):
        result = got[f"elementwise_gbps case {index}"]
        expected = numel * torch.empty((), dtype=dtype).element_size() * moved / (ms * 1e-3) / 1e9
        call = f"elementwise_gbps({numel}, {dtype}, {moved}, ms={ms})"
        assert is_float(result), f"{call} must return a float"
        assert math.isclose(result, expected, rel_tol=1e-9), (
            f"{call} must be {expected:.6g} GB/s (bytes of that dtype, GB = 10**9 bytes, ms turned into seconds), "
            f"got {result:.6g}")


# %% [markdown] tags=["ru"]
# Сравним достигнутое с паспортными пиками. Пики взяты из спецификаций NVIDIA (плотные
# вычисления, без разреженности: спецификации печатают пик float16 «с разреженностью», вдвое
# больше плотного) и приведены в таблице вместе со ссылками; для видеокарт, которых там нет,
# пик не известен. У A100 полоса пропускания памяти зависит от версии: 1555 ГБ/с у версий на
# 40 ГБ, 1935 ГБ/с у A100 80GB PCIe и 2039 ГБ/с у A100 80GB SXM. Обратите внимание: умножение
# float32 в PyTorch по умолчанию не использует TF32 (`torch.get_float32_matmul_precision()`
# равно `"highest"`, ячейка это печатает), поэтому сравниваем его с пиком FP32, а float16 — с
# пиком тензорных ядер. Для CPU пик не приводим: он сильно зависит от модели процессора.

# %% [markdown] tags=["en"]
# Let us compare what we achieve with the datasheet peaks. The peaks come from NVIDIA's
# specifications (dense math, no sparsity: the specifications print the float16 peak "with
# sparsity", twice the dense one) and are listed in the table with their sources; for a GPU not
# in it, the peak is unknown. The A100's memory bandwidth depends on the version: 1555 GB/s for
# the 40 GB parts, 1935 GB/s for the A100 80GB PCIe and 2039 GB/s for the A100 80GB SXM. Note
# that by default a float32 matmul in PyTorch does not use TF32
# (`torch.get_float32_matmul_precision()` is `"highest"`, the cell prints it), so we compare it
# with the FP32 peak, and float16 with the tensor-core peak. For a CPU we give no peak: it depends
# too much on the processor model.

# %% tags=["demo"]
import re

T4_SHEET = "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf"
L4_PAGE = "https://www.nvidia.com/en-us/data-center/l4/"
A100_SHEET = ("https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
              "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf")
H100_SHEET = "https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet"
H200_PAGE = "https://www.nvidia.com/en-us/data-center/h200/"
# (pattern of torch.cuda.get_device_name(), (FP32 TFLOP/s, FP16 tensor-core TFLOP/s dense, memory GB/s), source);
# the first match wins; the NVL parts are left out (unknown)
GPU_PEAKS = [
    (r"NVL", None, None),
    (r"H200", (67.0, 989.0, 4800.0), H200_PAGE),
    (r"H100.*PCIe", (51.0, 756.0, 2000.0), H100_SHEET),
    (r"H100", (67.0, 989.0, 3350.0), H100_SHEET),  # SXM
    (r"A100.*80GB.*PCIe", (19.5, 312.0, 1935.0), A100_SHEET),
    (r"A100.*80GB", (19.5, 312.0, 2039.0), A100_SHEET),  # SXM4
    (r"A100", (19.5, 312.0, 1555.0), A100_SHEET),  # the 40 GB parts, PCIe and SXM4
    (r"\bL4\b", (30.3, 121.0, 300.0), L4_PAGE),
    (r"\bT4\b", (8.1, 65.0, 320.0), T4_SHEET),
]


def datasheet_peaks():
    """(peaks, source) for this GPU, or (None, None)."""
    if not HAS_CUDA:
        return None, None
    name = torch.cuda.get_device_name()
    return next(((peaks, source) for pattern, peaks, source in GPU_PEAKS if re.search(pattern, name, re.IGNORECASE)),
                (None, None))


with needs("measure_time (exercise 2)", "matmul_tflops and elementwise_gbps (exercise 4)"):
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

    peaks, source = datasheet_peaks()
    throughput = PrettyTable(["Measurement", "Achieved", "Peak", "Fraction of peak"])
    for label, achieved, unit, peak_index in rows:
        peak = peaks[peak_index] if peaks else None
        shown = f"{achieved:,.1f}" if achieved >= 10 else f"{achieved:.3f}"
        throughput.add_row([label, f"{shown} {unit}", f"{peak:,.0f} {unit}" if peak else "unknown",
                            f"{achieved / peak:.0%}" if peak else "n/a"])
    print(f"device: {torch.cuda.get_device_name() if HAS_CUDA else 'CPU'}; matmul {side}x{side}, add of {numel:,} floats")
    print(throughput)
    if source:
        print("peaks from", source)

# %% [markdown] tags=["ru"]
# ## 5. Векторизация: один большой вызов вместо цикла (≈ 25 минут)
#
# Каждый вызов операции PyTorch стоит времени сам по себе: Python, выбор ядра, выделение памяти
# для результата, а на GPU ещё и запуск ядра (в разделе 2 произведение матриц 3×3 заняло
# микросекунды на вызов). Если работа маленькая, эти накладные расходы больше самой работы.
# Цикл Python по тысяче маленьких матриц — это тысяча таких вызовов; одна операция над всей
# пачкой — один вызов, и ей есть чем занять все ядра.
#
# Пример: пачка внешних произведений. Для векторов `a[i]` (длины n) и `b[i]` (длины m) внешнее
# произведение — матрица n×m с элементами `a[i][p] * b[i][q]`. Функция с циклом уже написана.
#
# Документация: [трансляция](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.einsum`](https://pytorch.org/docs/stable/generated/torch.einsum.html),
# [`torch.bmm`](https://pytorch.org/docs/stable/generated/torch.bmm.html).
#
# ### Задание 5 (2 балла: значения — 1, отсутствие цикла — 1)
#
# Напишите `outer_products_vectorized(a, b)`: для `a` формы (B, n) и `b` формы (B, m) верните
# тензор (B, n, m), равный `outer_products_loop(a, b)` (с точностью до округления, 10⁻⁶
# относительной), того же типа, что входы (тесты берут float32 и float64), не меняя `a` и `b`.
# **Без цикла Python по пачке**: число вызовов функций и методов PyTorch должно быть одним и тем
# же для B = 3 и B = 48 и не больше 10; этот балл засчитывается, только если и значения верны.
# Подойдут трансляция (`None`/`unsqueeze`), `torch.einsum` или `torch.bmm`.

# %% [markdown] tags=["en"]
# ## 5. Vectorization: one big call instead of a loop (≈ 25 minutes)
#
# Every call of a PyTorch operation costs time by itself: Python, choosing the kernel,
# allocating the result, and on a GPU also launching the kernel (in section 2 a 3×3 matrix
# product took microseconds per call). When the work is small, this overhead is larger than the
# work. A Python loop over a thousand small matrices is a thousand such calls; one operation on
# the whole batch is one call, with enough work to keep every core busy.
#
# An example: a batch of outer products. For vectors `a[i]` (length n) and `b[i]` (length m),
# the outer product is the n×m matrix of `a[i][p] * b[i][q]`. The loop version is given.
#
# Documentation: [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.einsum`](https://pytorch.org/docs/stable/generated/torch.einsum.html),
# [`torch.bmm`](https://pytorch.org/docs/stable/generated/torch.bmm.html).
#
# ### Exercise 5 (2 points: the values 1, no loop 1)
#
# Write `outer_products_vectorized(a, b)`: for `a` of shape (B, n) and `b` of shape (B, m),
# return the (B, n, m) tensor equal to `outer_products_loop(a, b)` (up to rounding, a relative
# 10⁻⁶), of the inputs' dtype (the tests use float32 and float64), without changing `a` or `b`.
# **Without a Python loop over the batch**: the number of PyTorch function and method calls must
# be the same for B = 3 and B = 48, and at most 10; this point counts only when the values are
# right too. Broadcasting (`None`/`unsqueeze`), `torch.einsum` or `torch.bmm` all work.

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


# %% nbgrader={"grade_id": "test_outer_products_vectorized_values", "grade": true, "points": 1, "locked": true}
a_small = torch.arange(6.0).reshape(2, 3)
b_small = torch.arange(8.0).reshape(2, 4)
result = outer_products_vectorized(a_small, b_small)
assert result.shape == (2, 3, 4), f"expected shape (2, 3, 4), got {tuple(result.shape)}"
assert torch.equal(result, torch.tensor([[[0.0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 4, 6]],
                                         [[12, 15, 18, 21], [16, 20, 24, 28], [20, 25, 30, 35]]])), (
    "wrong outer products for a = arange(6).reshape(2, 3), b = arange(8).reshape(2, 4)")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(23)
OUTER_CASES = [(1, 1, 1, torch.float32), (5, 1, 7, torch.float32), (17, 6, 2, torch.float64),
               (3, 9, 9, torch.float32), (64, 5, 3, torch.float64)]
for index, (B, n, m, dtype) in enumerate(OUTER_CASES):
    a_in = torch.randn(B, n, generator=gen, dtype=dtype)
    b_in = torch.randn(B, m, generator=gen, dtype=dtype)
    probe.record(f"inputs {index}", [a_in.clone(), b_in.clone()])
    probe.call(f"outer_products_vectorized case {index}", outer_products_vectorized, a_in, b_in)
    probe.record(f"inputs {index} afterwards", [a_in, b_in])
for index, (a_in, b_in) in (("visible-1", (torch.arange(6.0).reshape(2, 3), torch.arange(8.0).reshape(2, 4))),
                            ("visible-2", (torch.ones(5, 2), torch.ones(5, 3)))):  # the visible examples
    probe.record(f"inputs {index}", [a_in.clone(), b_in.clone()])
    probe.call(f"outer_products_vectorized case {index}", outer_products_vectorized, a_in, b_in)
    probe.record(f"inputs {index} afterwards", [a_in, b_in])
### END HIDDEN TESTS

# %% judge="helpers"
def check_outer(result, a, b):
    """The batch of outer products of a (B, n) and b (B, m), PyTorch as the oracle."""
    what = f"for a of shape {tuple(a.shape)} and b of shape {tuple(b.shape)} ({a.dtype})"
    expected = torch.einsum("bi,bj->bij", a, b)
    assert isinstance(result, torch.Tensor), f"outer_products_vectorized must return a tensor {what}"
    assert result.shape == expected.shape, f"{what} the result has shape {tuple(expected.shape)}, not {tuple(result.shape)}"
    assert result.dtype == a.dtype, f"{what} the result keeps the inputs' dtype {a.dtype}, not {result.dtype}"
    assert torch.allclose(result, expected, rtol=1e-6, atol=1e-7), (
        f"wrong outer products {what}: largest error {(result - expected).abs().max().item():.3g}")


# %% judge="test_outer_products_vectorized_values"
def judge(got, want):
    for key in want.keys("outer_products_vectorized case "):
        index = key.rsplit(" ", 1)[1]
        a, b = want[f"inputs {index}"]
        check_outer(got[key], a, b)
        after = got[f"inputs {index} afterwards"]
        assert torch.equal(after[0], a) and torch.equal(after[1], b), "outer_products_vectorized must not change a or b"


# %% nbgrader={"grade_id": "test_outer_products_vectorized_no_loop", "grade": true, "points": 1, "locked": true}
result = outer_products_vectorized(torch.ones(5, 2), torch.ones(5, 3))
assert result.shape == (5, 2, 3), f"expected shape (5, 2, 3), got {tuple(result.shape)}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(29)
for B in (3, 48):
    a_in, b_in = torch.randn(B, 4, generator=gen), torch.randn(B, 6, generator=gen)
    probe.record(f"inputs B={B}", [a_in.clone(), b_in.clone()])
    with probe.torch_calls() as calls:  # the result is recorded after the block: recording calls torch too
        try:
            result = outer_products_vectorized(a_in, b_in)
        except Exception as error:
            result = error
    probe.record(f"outer_products_vectorized(B={B})", result)
    probe.record(f"torch calls B={B}", len(calls.names))
### END HIDDEN TESTS

# %% judge="test_outer_products_vectorized_no_loop"
def judge(got, want):
    for B in (3, 48):
        a, b = want[f"inputs B={B}"]
        check_outer(got[f"outer_products_vectorized(B={B})"], a, b)
    few, many = got["torch calls B=3"], got["torch calls B=48"]
    assert few == many, (f"the number of PyTorch calls grows with the batch ({few} for B=3, {many} for B=48): "
                         f"there is still a loop over the batch")
    assert many <= 10, f"{many} PyTorch calls for one batch of outer products: one or a few are enough"


# %% [markdown] tags=["ru"]
# Сравним три версии на пачке из 2048 пар векторов длины 32: цикл; «фальшивую» векторизацию;
# настоящую. В «фальшивой» цикл спрятан в генераторе списка: каждое произведение считается
# трансляцией, а результаты собирает один `torch.stack`, но вызовов PyTorch по-прежнему
# несколько на каждый элемент пачки. Эссе, на котором основан урок, показывает тот же обман в
# другой форме: пачку заполняют в цикле по элементам, а потом делают над ней одну
# «векторизованную» операцию — цикл никуда не делся. Ячейка считает вызовы PyTorch у каждой
# версии (так же, как тест выше) и измеряет время.

# %% [markdown] tags=["en"]
# Let us compare three versions on a batch of 2048 pairs of vectors of length 32: the loop; a
# "fake" vectorization; the real one. In the fake one the loop hides in a list comprehension:
# each product is a broadcast and one `torch.stack` gathers them, but there are still several
# PyTorch calls per batch element. The essay this lesson draws on shows the same trick in another
# form: the batch is filled element by element in a loop, and then one "vectorized" operation runs
# on it; the loop is still there. The cell counts each version's PyTorch calls (as the test above
# does) and times it.

# %% tags=["demo"]
from torch.overrides import TorchFunctionMode


class CountCalls(TorchFunctionMode):
    """`with CountCalls() as counter:` counts the torch functions and tensor methods called inside."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


def outer_products_fake(a, b):
    """Looks vectorized (broadcasting, one stack), but loops over the batch in a list comprehension."""
    return torch.stack([row_a[:, None] * row_b[None, :] for row_a, row_b in zip(a, b)])


with needs("measure_time (exercise 2)", "outer_products_vectorized (exercise 5)"):
    vec_device = "cuda" if HAS_CUDA else "cpu"
    a_vec, b_vec = torch.randn(2048, 32, device=vec_device), torch.randn(2048, 32, device=vec_device)
    versions = PrettyTable(["version", "PyTorch calls", "time (ms)"])
    for name, version in [("loop", outer_products_loop), ("fake vectorization", outer_products_fake),
                          ("vectorized", outer_products_vectorized)]:
        with CountCalls() as counter:
            version(a_vec, b_vec)
        versions.add_row([name, counter.count, f"{measure_time(version, a_vec, b_vec, device=vec_device, repeat=5, warmup=1):.3f}"])
    print(f"2048 outer products of 32-vectors on {vec_device}:")
    print(versions)


# %% [markdown] tags=["ru"]
# ## 6. Самый большой тензор (≈ 35 минут)
#
# Сколько элементов поместится в память? Арифметика даёт верхнюю границу: свободные байты,
# делённые на размер элемента. На деле получится чуть меньше: аллокатор округляет запросы,
# часть памяти фрагментирована. Надёжный способ — пробовать выделить память, и делать это
# двоичным поиском, а не перебором: для границы в 10¹⁰ элементов хватает 34 попыток
# (⌈log₂(10¹⁰ + 1)⌉ = 34).
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
# Документация: [`torch.cuda.mem_get_info`](https://pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html),
# [`torch.OutOfMemoryError`](https://pytorch.org/docs/stable/generated/torch.cuda.OutOfMemoryError.html),
# [`torch.dtype` и `itemsize`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-dtype).
#
# ### Задание 6а (1 балл: по 0,5 за функцию)
#
# - `bytes_per_element(dtype)` — размер одного элемента типа `dtype` в байтах, целое число
#   `int`, для любого типа PyTorch (подсказка: `element_size()` или `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)` — сколько целых элементов помещается в `free_bytes` байт
#   (`int`, округление вниз), для любых `free_bytes` от 0 до 2⁴⁰ и любого типа. Тесты этой
#   функции подставляют эталонную `bytes_per_element`, так что её можно проверить отдельно.
#
# ### Задание 6б (3 балла: поиск — 2, аккуратность — 1)
#
# `find_max_allocatable(try_alloc, hi)` — наибольшее целое n из [0, hi], для которого вызов
# `try_alloc(n)` завершается без исключения. Считайте, что `try_alloc(0)` удаётся всегда и что
# если удаётся n, то удаётся и любое меньшее.
#
# - **Поиск (2 балла):** верный ответ (`int`) для hi от 0 до 2⁴⁰; двоичный поиск — не больше
#   2·⌈log₂(hi + 1)⌉ + 2 вызовов `try_alloc`, и только с целыми n из [0, hi];
#   `torch.OutOfMemoryError` и `MemoryError` означают неудачу (тесты бросают то одно, то другое).
# - **Аккуратность (1 балл):** ни одно выделение не остаётся живым ни во время следующей
#   попытки, ни после возврата; любое другое исключение из `try_alloc` (например, `ValueError`)
#   выходит наружу из `find_max_allocatable`.

# %% [markdown] tags=["en"]
# ## 6. The largest tensor (≈ 35 minutes)
#
# How many elements fit in memory? Arithmetic gives an upper bound: the free bytes divided by
# the size of an element. In practice it is a little less: the allocator rounds requests up,
# and part of the memory is fragmented. The reliable way is to try allocating, with a binary
# search rather than one try after another: for a bound of 10¹⁰ elements, 34 tries suffice
# (⌈log₂(10¹⁰ + 1)⌉ = 34).
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
# Documentation: [`torch.cuda.mem_get_info`](https://pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html),
# [`torch.OutOfMemoryError`](https://pytorch.org/docs/stable/generated/torch.cuda.OutOfMemoryError.html),
# [`torch.dtype` and `itemsize`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-dtype).
#
# ### Exercise 6a (1 point: 0.5 per function)
#
# - `bytes_per_element(dtype)`: the size in bytes of one element of `dtype`, an `int`, for any
#   PyTorch dtype (hint: `element_size()` or `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)`: how many whole elements fit in `free_bytes` bytes (an
#   `int`, rounded down), for any `free_bytes` from 0 to 2⁴⁰ and any dtype. The tests of this
#   function use a reference `bytes_per_element`, so it is checked on its own.
#
# ### Exercise 6b (3 points: the search 2, care 1)
#
# `find_max_allocatable(try_alloc, hi)`: the largest integer n in [0, hi] for which
# `try_alloc(n)` returns without an exception. Assume that `try_alloc(0)` always succeeds and
# that when n succeeds, every smaller n does too.
#
# - **The search (2 points):** the right answer (an `int`) for hi from 0 to 2⁴⁰; a binary
#   search: at most 2·⌈log₂(hi + 1)⌉ + 2 calls of `try_alloc`, and only with integers n in
#   [0, hi]; `torch.OutOfMemoryError` and `MemoryError` mean failure (the tests raise one or the
#   other).
# - **Care (1 point):** no allocation stays alive, neither during the next try nor after the
#   function returns; any other exception from `try_alloc` (such as `ValueError`) goes out of
#   `find_max_allocatable` to its caller.

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


# %% nbgrader={"grade_id": "test_bytes_per_element_size", "grade": true, "points": 0.5, "locked": true}
assert bytes_per_element(torch.float32) == 4, "a float32 element takes 4 bytes"
assert bytes_per_element(torch.float16) == 2, "a float16 element takes 2 bytes"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
SIZE_DTYPES = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16,
               torch.int32, torch.int64, torch.bool, torch.complex64, torch.complex128]
probe.record("dtypes", SIZE_DTYPES)
for dtype in SIZE_DTYPES:
    probe.call(f"bytes_per_element({dtype})", bytes_per_element, dtype)
### END HIDDEN TESTS

# %% judge="test_bytes_per_element_size"
def judge(got, want):
    for dtype in want["dtypes"]:
        result = got[f"bytes_per_element({dtype})"]
        size = torch.empty((), dtype=dtype).element_size()
        assert type(result) is int, f"bytes_per_element({dtype}) must return an int"
        assert result == size, f"an element of {dtype} takes {size} bytes, got {result}"


# %% nbgrader={"grade_id": "test_bytes_per_element_count", "grade": true, "points": 0.5, "locked": true}
assert max_elements(15 * GiB, torch.float32) == 15 * GiB // 4, "15 GiB hold 15 * 2**30 / 4 float32 elements"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def reference_bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size()


COUNT_DTYPES = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.int32, torch.int64,
                torch.bool, torch.complex64, torch.complex128]
gen = torch.Generator().manual_seed(31)
amounts = [0, 1, 7, 10, 15 * GiB, 15 * GiB + 3, 80 * GiB - 1] + torch.randint(0, 2**40, (6,), generator=gen).tolist()
probe.record("cases", [amounts, COUNT_DTYPES])
with probe.replaced(bytes_per_element=reference_bytes_per_element):
    for free in amounts:
        for dtype in COUNT_DTYPES:
            probe.call(f"max_elements({free}, {dtype})", max_elements, free, dtype)
### END HIDDEN TESTS

# %% judge="test_bytes_per_element_count"
def judge(got, want):
    amounts, dtypes = want["cases"]
    for free in amounts:
        for dtype in dtypes:
            result = got[f"max_elements({free}, {dtype})"]
            expected = free // torch.empty((), dtype=dtype).element_size()
            assert type(result) is int, f"max_elements({free}, {dtype}) must return an int"
            assert result == expected, f"{free} bytes hold {expected} whole elements of {dtype} (rounded down), got {result}"


# %% nbgrader={"grade_id": "find_max_allocatable", "solution": true}
def find_max_allocatable(try_alloc, hi):
    """Largest n in [0, hi] for which try_alloc(n) succeeds, by binary search (O(log hi) calls).

    Out-of-memory (torch.OutOfMemoryError or MemoryError) means failure; no allocation is kept alive.
    """
    ### BEGIN SOLUTION
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


# %% nbgrader={"grade_id": "test_find_max_allocatable_search", "grade": true, "points": 2, "locked": true}
fake = FakeAllocator(capacity=1000)
found = find_max_allocatable(fake, 10**6)
assert found == 1000, f"the capacity is 1000 elements, found {found}"
assert len(fake.calls) <= 2 * 20 + 2, f"a binary search over [0, 10**6] needs about 20 calls, not {len(fake.calls)}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
search_cases = [(0, 0), (1, 0), (1, 1), (1, 5), (10, 0), (10, 10), (10, 7), (10, 25), (1000, 999), (1000, 1),
                (2**40, 123_456_789_012), (2**33 + 17, 2**33 + 16), (10**6, 777_777), (10**6, 1000)]
rng = torch.Generator().manual_seed(41)
for _ in range(8):
    hi = int(torch.randint(1, 10**9, (1,), generator=rng))
    search_cases.append((hi, int(torch.randint(0, 2 * hi, (1,), generator=rng))))
recorded = []
for index, (hi, capacity) in enumerate(search_cases):
    error = MemoryError if index % 2 else OOM_ERROR
    limit = 2 * math.ceil(math.log2(hi + 1)) + 2  # past it the fake raises TooManyCalls: no search runs for ever
    recorded.append((hi, capacity, error.__name__, limit))
    fake = FakeAllocator(capacity, error=error, max_calls=limit)
    probe.call(f"find_max_allocatable case {index}", find_max_allocatable, fake, hi)
    probe.record(f"case {index}: tries", fake.calls)
probe.record("cases", recorded)
### END HIDDEN TESTS

# %% judge="test_find_max_allocatable_search"
def judge(got, want):
    for index, (hi, capacity, error, limit) in enumerate(want["cases"]):
        what = f"hi={hi}, capacity {capacity} elements ({error} past it)"
        tries = got[f"case {index}: tries"]
        raised = got.raised(f"find_max_allocatable case {index}")
        assert raised is None or not raised.is_a("TooManyCalls"), (
            f"{what}: more than {limit} calls of try_alloc; a binary search needs at most 2*ceil(log2(hi+1))+2")
        found = got[f"find_max_allocatable case {index}"]
        assert len(tries) <= limit, f"{what}: {len(tries)} calls of try_alloc, a binary search needs at most {limit}"
        assert all(0 <= n <= hi for n in tries), f"{what}: try only n in [0, hi]"
        assert type(found) is int, f"{what}: find_max_allocatable must return an int"
        assert found == min(hi, capacity), f"{what}: the largest n that fits is {min(hi, capacity)}, got {found}"


# %% nbgrader={"grade_id": "test_find_max_allocatable_care", "grade": true, "points": 1, "locked": true}
fake = FakeAllocator(capacity=1000)
find_max_allocatable(fake, 10**6)
assert not fake.violations, "an earlier allocation was still alive during a later try: drop each try's result"
assert not fake.alive(), "an allocation is still alive after find_max_allocatable returned"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
for index, (hi, capacity) in enumerate([(1000, 999), (10**6, 777_777), (2**33 + 17, 2**33 + 16), (64, 64),
                                        (10**6, 1000)]):
    fake = FakeAllocator(capacity, error=MemoryError if index % 2 else OOM_ERROR, max_calls=200)
    probe.call(f"find_max_allocatable(hi={hi}), capacity {capacity}", find_max_allocatable, fake, hi)
    probe.record(f"case {index}: allocations alive during a later try", len(fake.violations))
    probe.record(f"case {index}: allocations alive afterwards", len(fake.alive()))


def buggy_try_alloc(n):
    if n > 100:
        raise ValueError(f"a bug in try_alloc for n={n}")
    return FakeBlock(n)


probe.call("find_max_allocatable(a try_alloc that raises ValueError past 100, 1000)", find_max_allocatable,
           buggy_try_alloc, 1000)
### END HIDDEN TESTS

# %% judge="test_find_max_allocatable_care"
def judge(got, want):
    for index, key in enumerate(want.keys("find_max_allocatable(hi=")):
        got[key]
        during = got[f"case {index}: allocations alive during a later try"]
        assert during == 0, (f"{key}: an earlier allocation was still alive during {during} later tries: "
                             f"drop each try's result before the next try")
        assert got[f"case {index}: allocations alive afterwards"] == 0, (
            f"{key}: an allocation is still alive after find_max_allocatable returned")
    raised = got.raised("find_max_allocatable(a try_alloc that raises ValueError past 100, 1000)")
    assert raised is not None and raised.is_a(ValueError), (
        "when try_alloc raises ValueError (a bug, not a lack of memory), find_max_allocatable must let it out; "
        "catch only torch.OutOfMemoryError and MemoryError")


# %% [markdown] tags=["ru"]
# Применим поиск. На GPU ищем самые большие тензоры float16/32/64 и int32/64 на настоящей
# видеокарте. Без GPU используем смоделированную видеокарту на 15 ГиБ (число выбрано для модели;
# у T4 бесплатного Colab по спецификации 16 ГБ): она только ведёт учёт, а вместо данных выдаёт тензоры на устройстве `meta` (у них есть форма и тип, но
# нет памяти). Искать так по памяти CPU бессмысленно и опасно: Linux выделяет страницы лишь при
# первой записи, поэтому огромный `torch.empty` может «удаться», а процесс потом убьёт нехватка
# памяти. Модель упрощённо повторяет кэширующий аллокатор PyTorch (о нём — ниже): округляет
# запросы до 2 МиБ ([исходный код аллокатора](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp),
# константа `kRoundLarge` для больших блоков), держит освобождённую память у себя до
# `empty_cache()`, а 300 МиБ (число выбрано для модели) заранее занято контекстом CUDA. Перед
# каждым поиском освобождаем кэш (`gc.collect()`, `torch.cuda.empty_cache()`), иначе
# `mem_get_info` не считает закэшированную память свободной.

# %% [markdown] tags=["en"]
# Let us use the search. On a GPU we look for the largest float16/32/64 and int32/64 tensors on
# the real device. Without a GPU we use a simulated 15 GiB GPU (a number chosen for the model; the
# T4 of free Colab has 16 GB on its datasheet): it only keeps the books, and hands
# out tensors on the `meta` device (they have a shape and a dtype but no memory). Searching the
# CPU's memory this way would be pointless and risky: Linux hands out pages only when they are
# first written, so a huge `torch.empty` can "succeed" and the process be killed for lack of
# memory later. The model follows PyTorch's caching allocator (more on it below) in a simplified
# way: it rounds requests up to 2 MiB ([the allocator's source](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp),
# the constant `kRoundLarge` for large blocks), keeps freed memory to itself until
# `empty_cache()`, and 300 MiB (a number chosen for the model) is taken by the CUDA context from
# the start. Before each search we empty the cache (`gc.collect()`, `torch.cuda.empty_cache()`),
# or `mem_get_info` would not count the cached memory as free.

# %% tags=["demo"]
class SimulatedGPU:
    """A pretend GPU for machines without one: bookkeeping only, tensors on the meta device.

    Like PyTorch's caching allocator, it keeps the memory of dead tensors reserved for later ones until
    empty_cache() gives it back; simplified: any cached bytes serve any request (no fragmentation)."""

    def __init__(self, total=15 * GiB, context=300 * MiB, granularity=2 * MiB):
        self.total, self.context, self.granularity = total, context, granularity
        self.allocated = self.reserved = 0

    def mem_get_info(self):
        """(free bytes, total bytes), like torch.cuda.mem_get_info(): reserved memory is not free."""
        return self.total - self.context - self.reserved, self.total

    def empty_cache(self):
        self.reserved = self.allocated

    def empty(self, n, dtype):
        """Like torch.empty(n, dtype=dtype, device="cuda"): the memory is held until the tensor dies."""
        nbytes = -(-n * torch.empty((), dtype=dtype).element_size() // self.granularity) * self.granularity
        cached, free = self.reserved - self.allocated, self.mem_get_info()[0]
        if nbytes > cached + free:
            raise OOM_ERROR(f"Simulated GPU out of memory: tried to allocate {nbytes / GiB:.2f} GiB "
                            f"({free / GiB:.2f} GiB free of {self.total / GiB:.2f} GiB)")
        self.reserved += max(0, nbytes - cached)
        self.allocated += nbytes
        tensor = torch.empty(n, dtype=dtype, device="meta")
        weakref.finalize(tensor, self._release, nbytes)
        return tensor

    def _release(self, nbytes):
        self.allocated -= nbytes


SEARCH_DTYPES = [torch.float16, torch.float32, torch.float64, torch.int32, torch.int64]
simulated = None if HAS_CUDA else SimulatedGPU()


def memory_info():
    """(free, total) bytes after emptying the cache."""
    gc.collect()
    if HAS_CUDA:
        torch.cuda.empty_cache()
        return torch.cuda.mem_get_info()
    simulated.empty_cache()
    return simulated.mem_get_info()


def allocator_for(dtype, calls, max_calls=200):
    """try_alloc for one dtype; past max_calls (a binary search needs under 80) it raises TooManyCalls."""
    def try_alloc(n):
        calls.append(n)
        if len(calls) > max_calls:
            raise TooManyCalls(f"try_alloc was called more than {max_calls} times")
        if HAS_CUDA:
            return torch.empty(n, dtype=dtype, device="cuda")
        return simulated.empty(n, dtype)
    return try_alloc


with needs("bytes_per_element and max_elements (exercise 6a)", "find_max_allocatable (exercise 6b)"):
    largest = PrettyTable(["dtype", "bytes/element", "max_elements(free)", "largest found", "GiB", "tries"])
    for dtype in SEARCH_DTYPES:
        free, total = memory_info()
        calls = []
        hi = max_elements(free, dtype)
        try:
            n_max = find_max_allocatable(allocator_for(dtype, calls), hi)
        except TooManyCalls:
            print(f"Stopped: find_max_allocatable made more than {len(calls) - 1} calls of try_alloc for {dtype}; "
                  f"a binary search over [0, {hi:,}] needs at most {2 * math.ceil(math.log2(hi + 1)) + 2}.")
            break
        largest.add_row([str(dtype).replace("torch.", ""), bytes_per_element(dtype), f"{hi:,}", f"{n_max:,}",
                         f"{n_max * bytes_per_element(dtype) / GiB:.3f}", len(calls)])
    free, total = memory_info()
    where = torch.cuda.get_device_name() if HAS_CUDA else "simulated GPU"
    print(f"{where}: mem_get_info() -> free {free / GiB:.3f} GiB, total {total / GiB:.3f} GiB")
    print(largest)

# %% [markdown] tags=["ru"]
# #### Выделено и зарезервировано
#
# PyTorch не возвращает память видеокарте, когда тензор умирает: его **кэширующий аллокатор**
# оставляет её у себя, чтобы следующий тензор получил её быстро, без обращения к драйверу.
# Поэтому есть два числа ([документация](https://pytorch.org/docs/stable/notes/cuda.html#memory-management)):
#
# - `torch.cuda.memory_allocated()` — байты, занятые живыми тензорами;
# - `torch.cuda.memory_reserved()` — байты, которые аллокатор взял у драйвера: живые тензоры
#   плюс кэш.
#
# `nvidia-smi` и `torch.cuda.mem_get_info()` видят зарезервированную память занятой. Вызов
# `torch.cuda.empty_cache()` возвращает кэш драйверу: это нужно другим программам на той же
# видеокарте (и честному `mem_get_info`), но не самому PyTorch — память живых тензоров он не
# освобождает. Ячейка показывает оба числа: на GPU — настоящие, без GPU — у смоделированной
# видеокарты.

# %% [markdown] tags=["en"]
# #### Allocated and reserved
#
# PyTorch does not give memory back to the GPU when a tensor dies: its **caching allocator** keeps
# it, so that the next tensor gets it quickly, without asking the driver. Hence two numbers
# ([documentation](https://pytorch.org/docs/stable/notes/cuda.html#memory-management)):
#
# - `torch.cuda.memory_allocated()`: the bytes held by live tensors;
# - `torch.cuda.memory_reserved()`: the bytes the allocator took from the driver: live tensors
#   plus the cache.
#
# `nvidia-smi` and `torch.cuda.mem_get_info()` see reserved memory as used.
# `torch.cuda.empty_cache()` gives the cache back to the driver: that helps other programs on the
# same GPU (and an honest `mem_get_info`), not PyTorch itself, and it frees no live tensor's
# memory. The cell shows both numbers: real ones on a GPU, the simulated GPU's without one.

# %% tags=["demo"]
def memory_row(table, step):
    if HAS_CUDA:
        allocated, reserved, free = torch.cuda.memory_allocated(), torch.cuda.memory_reserved(), torch.cuda.mem_get_info()[0]
    else:
        allocated, reserved, free = simulated.allocated, simulated.reserved, simulated.mem_get_info()[0]
    table.add_row([step, f"{allocated / MiB:,.0f}", f"{reserved / MiB:,.0f}", f"{free / GiB:.2f}"])


def new_tensor(n):
    return torch.empty(n, device="cuda") if HAS_CUDA else simulated.empty(n, torch.float32)


memory_info()
steps = PrettyTable(["step", "allocated (MiB)", "reserved (MiB)", "mem_get_info free (GiB)"])
memory_row(steps, "start")
block = new_tensor(GiB // 4)  # 1 GiB of float32
memory_row(steps, "a 1 GiB tensor")
del block
memory_row(steps, "del: the memory stays in the cache")
block = new_tensor(GiB // 8)
memory_row(steps, "a 0.5 GiB tensor: taken from the cache")
del block
(torch.cuda.empty_cache() if HAS_CUDA else simulated.empty_cache())
memory_row(steps, "del, then empty_cache()")
print("GPU" if HAS_CUDA else "simulated GPU (no GPU here)")
print(steps)

# %% [markdown] tags=["ru"]
# #### Нехватка памяти
#
# Запрос больше свободной памяти заканчивается `torch.OutOfMemoryError`. Это обычное исключение:
# его можно поймать, освободить память и попробовать меньший размер, например вдвое меньший
# пакет. Три шага освобождения:
#
# 1. Уберите ссылки на ненужные тензоры (`del`). Пока исключение обрабатывается, его traceback
#    держит кадры функции, где оно случилось, а с ними и её тензоры: они освобождаются, только
#    когда блок `except` закончится.
# 2. `gc.collect()` — для тензоров в циклических ссылках.
# 3. `torch.cuda.empty_cache()` — вернуть освободившуюся память из кэша драйверу, чтобы её
#    видели `mem_get_info` и другие программы.
#
# Ячейка показывает все три шага: «шаг обучения» выделяет 2 ГиБ и падает на слишком большом
# запросе.
# Документация: [`torch.cuda.empty_cache`](https://pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html),
# [`torch.cuda.memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html),
# [`torch.cuda.memory_reserved`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html).

# %% [markdown] tags=["en"]
# #### Running out of memory
#
# Asking for more than the free memory ends in `torch.OutOfMemoryError`. It is an ordinary
# exception: catch it, free memory, and try a smaller size, such as half the batch. Three steps
# free the memory:
#
# 1. Drop the references to tensors you no longer need (`del`). While the exception is being
#    handled, its traceback holds the frames of the function where it happened, and their
#    tensors with them: they are freed only when the `except` block ends.
# 2. `gc.collect()`, for tensors in reference cycles.
# 3. `torch.cuda.empty_cache()`, to give the freed memory back from the cache to the driver, so
#    that `mem_get_info` and other programs see it.
#
# The cell shows all three: a "training step" allocates 2 GiB and fails on a request too large.
# Documentation: [`torch.cuda.empty_cache`](https://pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html),
# [`torch.cuda.memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html),
# [`torch.cuda.memory_reserved`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html).

# %% tags=["demo"]
def failing_step(extra_elements):
    activations = new_tensor(GiB // 2)  # 2 GiB of float32 that the step holds
    return activations, new_tensor(extra_elements)  # more than what is left: out of memory


free, total = memory_info()
after_oom = PrettyTable(["step", "allocated (MiB)", "reserved (MiB)", "mem_get_info free (GiB)"])
memory_row(after_oom, "before the step")
try:
    failing_step(free // 4)  # as many float32 as were free at the start: 2 GiB too many
except OOM_ERROR as exc:
    print(f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
    memory_row(after_oom, "in except: the traceback holds the step")
memory_row(after_oom, "after except: freed, but cached")
gc.collect()
(torch.cuda.empty_cache() if HAS_CUDA else simulated.empty_cache())
memory_row(after_oom, "gc.collect() and empty_cache()")
print(after_oom)

# halve the request until it fits, then free it again
request = free // 4 + GiB // 4  # 1 GiB of float32 more than is free
while True:
    try:
        block = new_tensor(request)
        break
    except OOM_ERROR:
        request //= 2
print(f"fits after halving: {request * 4 / GiB:.2f} GiB of float32")
del block
print(f"after del and memory_info(): free {memory_info()[0] / GiB:.2f} GiB")

# %% [markdown] tags=["ru"]
# ## 7. Память одного слоя `nn.Linear` (≈ 15 минут)
#
# При прямом проходе `y = layer(x)` через `nn.Linear(in_features, out_features)` в памяти
# находятся веса (out×in), смещение (out, если `bias=True`), вход (batch×in) и выход
# (batch×out). При обучении добавятся градиенты, состояние оптимизатора и сохранённые для
# обратного прохода активации, но здесь считаем только прямой проход.
# Документация: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.cuda.max_memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html).
#
# ### Задание 7 (2 балла)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)` — число байт,
# которые занимают веса, смещение (если есть), вход и выход одного прямого прохода `nn.Linear`
# с элементами типа `dtype`: целое число `int`. Тесты берут float16, bfloat16, float32 и float64,
# `bias=True` и `bias=False`, и размеры до 8192.

# %% [markdown] tags=["en"]
# ## 7. The memory of one `nn.Linear` (≈ 15 minutes)
#
# During a forward pass `y = layer(x)` through `nn.Linear(in_features, out_features)`, memory
# holds the weight (out×in), the bias (out, when `bias=True`), the input (batch×in) and the
# output (batch×out). Training would add the gradients, the optimizer state and the activations
# kept for the backward pass, but here we count the forward pass only.
# Documentation: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.cuda.max_memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html).
#
# ### Exercise 7 (2 points)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)`: the number of
# bytes held by the weight, the bias (if any), the input and the output of one `nn.Linear`
# forward pass with elements of `dtype`: an `int`. The tests use float16, bfloat16, float32 and
# float64, `bias=True` and `bias=False`, and sizes up to 8192.

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
gen = torch.Generator().manual_seed(53)
linear_cases = [(64, 1024, 512, torch.float32, True), (64, 1024, 512, torch.float32, False), (1, 3, 5, torch.float16, True),
                (7, 1, 1, torch.bfloat16, False), (8192, 8192, 8192, torch.float64, True),
                (32, 128, 64, torch.float32, True), (1, 1, 1, torch.float64, False)]  # the visible examples
for _ in range(8):
    batch, fan_in, fan_out = torch.randint(1, 3000, (3,), generator=gen).tolist()
    dtype = [torch.float16, torch.bfloat16, torch.float32, torch.float64][int(torch.randint(0, 4, (1,), generator=gen))]
    linear_cases.append((batch, fan_in, fan_out, dtype, bool(torch.randint(0, 2, (1,), generator=gen))))
probe.record("cases", linear_cases)
for index, (batch, fan_in, fan_out, dtype, bias) in enumerate(linear_cases):
    probe.call(f"linear_forward_memory case {index}", linear_forward_memory, batch, fan_in, fan_out, dtype, bias=bias)
probe.call("linear_forward_memory(5, 6, 7, torch.float32)", linear_forward_memory, 5, 6, 7, torch.float32)
### END HIDDEN TESTS

# %% judge="test_linear_forward_memory"
def linear_bytes(batch, fan_in, fan_out, dtype, bias):
    """Parameters of a real nn.Linear (on the meta device: shapes without memory), input and output."""
    layer = torch.nn.Linear(fan_in, fan_out, bias=bias, device="meta", dtype=dtype)
    x = torch.empty(batch, fan_in, device="meta", dtype=dtype)
    y = torch.empty(batch, fan_out, device="meta", dtype=dtype)
    return sum(t.numel() * t.element_size() for t in [*layer.parameters(), x, y])


def judge(got, want):
    for index, (batch, fan_in, fan_out, dtype, bias) in enumerate(want["cases"]):
        result = got[f"linear_forward_memory case {index}"]
        expected = linear_bytes(batch, fan_in, fan_out, dtype, bias)
        assert type(result) is int, f"linear_forward_memory must return an int"
        assert result == expected, (f"nn.Linear({fan_in}, {fan_out}, bias={bias}) on a batch of {batch}, {dtype}: "
                                    f"weight, bias, input and output take {expected} bytes, got {result}")
    assert got["linear_forward_memory(5, 6, 7, torch.float32)"] == linear_bytes(5, 6, 7, torch.float32, True), (
        "bias defaults to True")


# %% [markdown] tags=["ru"]
# Проверим формулу. На GPU сравним её с пиком `torch.cuda.max_memory_allocated()` за время
# создания слоя, входа и прямого прохода (перед замером один раз выполняем тот же проход, чтобы
# cuBLAS заранее выделил свою рабочую память). Аллокатор PyTorch округляет каждый блок до
# кратного 512 байт (константа `kMinBlockSize` в [исходном коде аллокатора](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp)),
# поэтому на больших размерах числа почти совпадают; ячейка печатает их отношение. Без GPU
# покажем разбивку по частям.

# %% [markdown] tags=["en"]
# Let us check the formula. On a GPU we compare it with the peak of
# `torch.cuda.max_memory_allocated()` while creating the layer and the input and running the
# forward pass (we run the same pass once before, so that cuBLAS allocates its workspace
# beforehand). PyTorch's allocator rounds every block up to a multiple of 512 bytes (the constant
# `kMinBlockSize` in [the allocator's source](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp)),
# so for large sizes the numbers nearly agree; the cell prints their ratio. Without a GPU we show
# the breakdown.

# %% tags=["demo"]
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
with needs("linear_forward_memory (exercise 7)"):
    formula = linear_forward_memory(*lin)
    print(f"linear_forward_memory: {formula / MiB:.3f} MiB")
    if HAS_CUDA:
        peak = linear_forward_peak(*lin)
        print(f"max_memory_allocated: {peak / MiB:.3f} MiB (ratio {peak / formula:.4f})")
    else:
        print("No GPU: on a GPU this cell compares the formula with torch.cuda.max_memory_allocated().")


# %% [markdown] tags=["ru"]
# ## 8. Профилировщик: куда уходит время (≈ 20 минут)
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
# Документация: [`torch.profiler`](https://pytorch.org/docs/stable/profiler.html),
# [рецепт профилирования](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).
#
# ### Задание 8 (2 балла)
#
# `top_ops(fn, k=3)` — список имён (`str`) k операторов с наибольшим суммарным собственным
# временем CPU (`self_cpu_time_total` строк `key_averages()`) при одном вызове `fn()` под
# профилировщиком (`activities=[ProfilerActivity.CPU]`), от большего к меньшему, по одному имени
# на оператор. Каждая строка `key_averages()` считается оператором, в том числе участки
# `record_function`. Если строк меньше k, верните все. Тесты профилируют функции, в которых
# участки `record_function` спят разное время (в том числе один участок три раза и один участок
# внутри другого), и проверяют k = 1, 3 и 100. Если у оценщика есть GPU, тесты профилируют и функцию,
# которая ждёт работу GPU внутри участка `record_function`: при `activities=[ProfilerActivity.CPU]`
# строк runtime CUDA (`cudaLaunchKernel`, `cudaDeviceSynchronize`, ...) в таблице нет, и первым идёт
# этот участок. GPU для решения не нужен.

# %% [markdown] tags=["en"]
# ## 8. The profiler: where does the time go (≈ 20 minutes)
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
# Documentation: [`torch.profiler`](https://pytorch.org/docs/stable/profiler.html),
# [the profiling recipe](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).
#
# ### Exercise 8 (2 points)
#
# `top_ops(fn, k=3)`: the list of names (`str`) of the k operators with the largest total self
# CPU time (`self_cpu_time_total` of the rows of `key_averages()`) over one call of `fn()` under
# the profiler (`activities=[ProfilerActivity.CPU]`), largest first, one name per operator. Every
# row of `key_averages()` counts as an operator, `record_function` ranges included. With fewer
# than k rows, return all. The tests profile functions whose `record_function` ranges sleep for
# different times (one range three times, and one range inside another), and check k = 1, 3 and
# 100. Where the grader has a GPU, the tests also profile a function that waits for GPU work inside a
# `record_function` range: with `activities=[ProfilerActivity.CPU]` the table holds no rows of the
# CUDA runtime (`cudaLaunchKernel`, `cudaDeviceSynchronize`, ...), and that range comes first. You need
# no GPU to solve this.

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
        time.sleep(0.05)
    torch.ones(8) + 1


names = top_ops(slow_then_fast, k=2)
assert isinstance(names, list) and len(names) == 2, f"k=2 asks for a list of 2 names, got {names!r}"
assert all(isinstance(name, str) for name in names), f"return the names as strings, got {names!r}"
assert names[0] == "slow_stage", f"slow_stage sleeps 50 ms and must come first, got {names}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def staged_workload():
    # self times: stage_a 4 x 50 = 200 ms; stage_c 3 x 40 = 120 ms in all; stage_b 80 ms; outer_wrapper ~0 (its
    # time is stage_a's); the few aten:: operators take microseconds. stage_b lies 40 ms from stage_c's sum
    # and from one stage_c call (what a top_ops that does not merge calls would rank): a loaded machine,
    # which wakes a sleeper late, must be 40 ms late on one range to change either order (20 ms flipped
    # a right answer under `make test`).
    with record_function("outer_wrapper"):
        with record_function("stage_a"):
            for _ in range(4):
                time.sleep(0.05)
    for _ in range(3):
        with record_function("stage_c"):
            time.sleep(0.04)
    with record_function("stage_b"):
        time.sleep(0.08)
    torch.ones(16) + 1


def one_slow_stage():
    with record_function("slow_stage"):
        time.sleep(0.03)
    torch.ones(8) + 1


probe.call("top_ops(staged_workload)", top_ops, staged_workload)
probe.call("top_ops(staged_workload, k=100)", top_ops, staged_workload, k=100)
probe.call("top_ops(one_slow_stage, k=1)", top_ops, one_slow_stage, k=1)
probe.call("top_ops(slow_then_fast, k=2)", top_ops, slow_then_fast, k=2)  # the visible example
if torch.cuda.is_available():  # a grader with a GPU: waiting for the GPU counts in the range that waits
    def gpu_wait():
        torch.cuda.synchronize()
        with record_function("gpu_wait"):
            torch.cuda._sleep(100_000_000)  # about 50 ms of GPU work
            torch.cuda.synchronize()
        with record_function("cpu_stage"):
            time.sleep(0.005)

    probe.call("on a GPU: top_ops(gpu_wait, k=100)", top_ops, gpu_wait, k=100)
### END HIDDEN TESTS

# %% judge="test_top_ops"
def judge(got, want):
    top = got["top_ops(staged_workload)"]
    assert isinstance(top, list) and all(isinstance(name, str) for name in top), "top_ops must return a list of names (str)"
    assert top == ["stage_a", "stage_c", "stage_b"], (
        "for a trace where stage_a sleeps 200 ms inside outer_wrapper, stage_c 3 x 40 ms and stage_b 80 ms, "
        "the top 3 by total self CPU time are ['stage_a', 'stage_c', 'stage_b'] (stage_c's 3 calls add up; "
        "outer_wrapper's own time is tiny)")
    everything = got["top_ops(staged_workload, k=100)"]
    assert isinstance(everything, list) and everything[:3] == ["stage_a", "stage_c", "stage_b"], (
        "with k=100 the list must start with the 3 slowest: stage_a, stage_c, stage_b")
    assert len(everything) == len(set(everything)), "one name per operator: merge the calls with key_averages()"
    assert 5 <= len(everything) <= 100, (
        f"with k larger than the number of operators, return all of them ({len(everything)} is too few)")
    assert got["top_ops(one_slow_stage, k=1)"] == ["slow_stage"], "k=1 asks for the single slowest operator"
    two = got["top_ops(slow_then_fast, k=2)"]
    assert isinstance(two, list) and len(two) == 2 and two[0] == "slow_stage", (
        "top_ops(slow_then_fast, k=2) must list 2 names, slow_stage (it sleeps 50 ms) first")
    for key in got.keys("on a GPU: "):  # only on a grader with a GPU
        names = got[key]
        assert isinstance(names, list) and names[:1] == ["gpu_wait"] and not any(
            str.__str__(name).startswith("cuda") for name in names), (
            "profile with activities=[ProfilerActivity.CPU] only: for a function that waits 50 ms for the GPU "
            "inside the range gpu_wait, gpu_wait must come first and no CUDA runtime row (cuda...) may appear")


# %% [markdown] tags=["ru"]
# Таблица профилировщика для цикла из раздела 5: время уходит на тысячи мелких вызовов
# (`aten::select` для `a[i]`, `aten::outer`, `aten::mul`, ...), а не на сами вычисления.

# %% [markdown] tags=["en"]
# The profiler's table for the loop of section 5: the time goes into thousands of small calls
# (`aten::select` for `a[i]`, `aten::outer`, `aten::mul`, ...), not into computing.

# %% tags=["demo"]
a_prof, b_prof = torch.randn(256, 32), torch.randn(256, 32)
with profile(activities=[ProfilerActivity.CPU]) as prof:
    outer_products_loop(a_prof, b_prof)
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=8))
with needs("top_ops (exercise 8)", "outer_products_vectorized (exercise 5)"):
    print("loop:", top_ops(lambda: outer_products_loop(a_prof, b_prof)))
    print("vectorized:", top_ops(lambda: outer_products_vectorized(a_prof, b_prof)))

# %% [markdown] tags=["ru"]
# На GPU профилировщик записывает и работу видеокарты (`ProfilerActivity.CUDA`): в таблице
# появляются столбцы Self CUDA, а внизу — итог «Self CUDA time total» рядом с «Self CPU time
# total». Так в эссе, на котором основан урок, видно, куда уходит время: для маленькой матрицы
# CPU тратит на запуск ядер больше, чем GPU на вычисления, а для большой основное время — работа
# GPU. Ячейка повторяет этот опыт: `x @ x.T` 1000 раз для матрицы 3×3 и 10 раз для 4096×4096.

# %% [markdown] tags=["en"]
# On a GPU the profiler also records the GPU's work (`ProfilerActivity.CUDA`): the table gains
# Self CUDA columns, and at the bottom a "Self CUDA time total" next to "Self CPU time total".
# That is how the essay this lesson draws on shows where the time goes: for a small matrix the
# CPU spends more on launching kernels than the GPU on computing, for a large one the GPU's work
# takes most of the time. The cell repeats the experiment: `x @ x.T` 1000 times for a 3×3 matrix
# and 10 times for a 4096×4096 one.

# %% tags=["demo"]
if HAS_CUDA:
    for side, times in ((3, 1000), (4096, 10)):
        x_gpu = torch.rand(side, side, device="cuda")
        x_gpu @ x_gpu.T  # warm-up
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof_gpu:
            for _ in range(times):
                x_gpu @ x_gpu.T
            torch.cuda.synchronize()
        print(f"x @ x.T for a {side}x{side} matrix, {times} times:")
        print(prof_gpu.key_averages().table(sort_by="self_cuda_time_total", row_limit=6))
        del x_gpu
else:
    print("No GPU: on a GPU this cell profiles x @ x.T (1000 times for a 3x3 matrix, 10 times for a 4096x4096 one) "
          "with ProfilerActivity.CUDA, and prints tables with Self CUDA columns and totals.")

# %% [markdown] tags=["ru"]
# ## 9. Вопросы для анализа (≈ 30 минут)
#
# Ответьте своими словами, опираясь на таблицу сравнения, график и измерения выше (если GPU у
# вас не было, опишите, что вы ожидаете увидеть, и почему; паспортные пики — в разделе 4). Каждый
# ответ — 1 балл, их проверяет преподаватель.
#
# **Вопрос 1.** Какие операции больше всего ускоряются на GPU и почему?

# %% [markdown] tags=["en"]
# ## 9. Analysis questions (≈ 30 minutes)
#
# Answer in your own words, based on the comparison table, the chart and the measurements above
# (if you had no GPU, describe what you expect to see, and why; the datasheet peaks are in
# section 4). Each answer is worth 1 point, graded by the teacher.
#
# **Question 1.** Which operations speed up most on a GPU, and why?

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_fastest_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Больше всего ускоряется умножение матриц (`matmul`). Для матриц n×n оно делает 2n³ операций,
# читая и записывая 3n² чисел: во float32 это n/6 операций на байт (171 при n = 1024), так что
# его скорость упирается в вычислительную мощность, а у GPU она гораздо больше, чем у CPU: по
# спецификациям (раздел 4) пик float32 — 8,1 TFLOP/s у T4 и 67 у H100, а тензорные ядра во
# float16 дают ещё в 8–15 раз больше (65 и 989 TFLOP/s); сравните с тем, что достигает CPU в
# разделе 4. Поэлементные `add` и `mul` тоже ускоряются, но примерно во столько раз,
# во сколько пропускная способность памяти GPU (320 ГБ/с у T4, 3350 ГБ/с у H100) больше, чем у
# памяти CPU (её раздел 4 тоже измеряет).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_fastest_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# The matrix product (`matmul`) speeds up most. For n×n matrices it does 2n³ operations while
# reading and writing 3n² numbers: in float32 that is n/6 operations per byte (171 for n = 1024),
# so its speed is bound by compute, and a GPU has far more of it than a CPU: by the datasheets
# (section 4) the float32 peak is 8.1 TFLOP/s for a T4 and 67 for an H100, and float16 tensor
# cores give 8 to 15 times more again (65 and 989 TFLOP/s); compare that with what the CPU reaches
# in section 4. The elementwise `add` and `mul` speed up too, but
# roughly by the ratio of the GPU's memory bandwidth (320 GB/s for a T4, 3350 GB/s for an H100)
# to the CPU's (which section 4 measures too).
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
# PyTorch (микросекунды на вызов, как измерено в разделе 2 для матрицы 3×3) больше самой работы, а
# большинство ядер GPU простаивает. Наконец, транспонирование без копии вообще ничего не
# вычисляет (это view), и сравнивать его время на двух устройствах бессмысленно.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_slow_ops", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Elementwise operations, the copy behind a transpose and the sum hardly compute; they read and
# write memory, so their speedup is bound by the ratio of memory bandwidths, not of compute. The
# sum also needs a reduction with synchronization between threads, and `transpose().contiguous()`
# accesses memory with large strides, which uses caches and the memory bus poorly. On small
# tensors any operation can be slower on a GPU: the kernel launch and the Python and PyTorch
# overhead (microseconds per call, as section 2 measured for a 3×3 matrix) outweigh the work, and
# most of the GPU's cores sit idle. Finally, a transpose without a copy computes nothing at all
# (it is a view), so comparing its time on two devices means nothing.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# **Вопрос 3.** Как размер данных влияет на ускорение? Сравните три формы входа.

# %% [markdown] tags=["en"]
# **Question 3.** How does the size of the data change the speedup? Compare the three input shapes.

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_size_effect", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Три формы не равны по размеру (ячейка таблицы в разделе 3 это печатает): в 64×1024×1024 —
# 67 108 864 элемента, в 128×512×512 — вдвое меньше, в 256×256×256 — вчетверо меньше; умножению
# матриц нужно 2·B·n³ операций: около 137, 34 и 8,6 GFLOP, каждый раз вчетверо меньше. Поэтому
# сравнивать надо ускорения, а не времена. Чем больше работы в одном вызове, тем больше ускорение,
# пока GPU не загружен полностью: постоянные накладные расходы (запуск ядра, Python) делятся на
# больший объём, и всем ядрам хватает работы. Поэлементным операциям важно только число
# элементов; при миллионах элементов во всех трёх формах GPU занят целиком, и их ускорение близко
# к отношению пропускных способностей памяти. У умножения матриц n×n во float32 на байт
# приходится n/6 операций: 171, 85 и 43 для n = 1024, 512 и 256. Чем больше матрицы, тем ближе
# оба устройства к своему вычислительному пику, а пик GPU гораздо выше, поэтому ускорение
# умножения ожидается наибольшим для матриц 1024×1024 (проверьте по своей таблице). На формах без
# GPU элементов в 256 раз меньше, и постоянные расходы на вызов весят заметно больше.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_size_effect", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# The three shapes are not the same size (the table cell of section 3 prints it): 64×1024×1024
# holds 67,108,864 elements, 128×512×512 half as many, 256×256×256 a quarter; their matrix
# products need 2·B·n³ operations: about 137, 34 and 8.6 GFLOP, a quarter each time. So compare
# speedups, not times. The more work in one call, the larger the speedup, until the GPU is fully
# busy: the fixed overhead (kernel launch, Python) is spread over more work, and every core gets
# something to do. Elementwise operations only care about the number of elements; with millions
# of elements in all three shapes the GPU is fully busy, and their speedup stays near the ratio
# of memory bandwidths. A float32 product of n×n matrices does n/6 operations per byte: 171, 85
# and 43 for n = 1024, 512 and 256. The larger the matrices, the closer both devices come to their
# compute peak, and the GPU's peak is much higher, so the matmul speedup is expected to be largest
# for 1024×1024 (check it in your table). The CPU-only shapes have 256 times fewer elements, and
# the fixed cost per call weighs much more.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# **Вопрос 4.** Сколько стоит копирование между CPU и GPU и что из этого следует?

# %% [markdown] tags=["en"]
# **Question 4.** What does a copy between the host (CPU) and the device (GPU) cost, and what follows from that?

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_host_device_copy", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Копия идёт по шине PCIe, а она намного медленнее памяти самого GPU. Например, T4 подключена
# через PCIe 3.0 x16: это 8 ГТ/с × 16 линий × 128/130 (кодирование) / 8 бит ≈ 15,75 ГБ/с в одну
# сторону в теории ([таблица PCI Express](https://en.wikipedia.org/wiki/PCI_Express)), а её
# память GDDR6 даёт 320 ГБ/с ([спецификация T4](https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf)):
# копия как минимум в 20 раз медленнее, а на деле ещё медленнее, потому что до теоретической
# скорости копия не доходит (ячейка ниже измеряет её на вашем GPU). У A100 на 40 ГБ (PCIe 4.0 x16,
# 31,5 ГБ/с в теории, и 1555 ГБ/с памяти) отношение около 50. Перенести тензор на GPU дольше, чем
# сложить его там с другим, поэтому копия окупается, только если над данными затем делается много
# работы. Отсюда правила: переносить данные один раз и держать их на GPU; не измерять копию вместе
# с операцией (как в `benchmark_ops`); использовать закреплённую память (`pin_memory`) и
# `non_blocking=True`, чтобы копия шла параллельно с вычислениями; помнить, что `.item()`,
# `.cpu()` и печать тензора с GPU ждут окончания всех вычислений (синхронизируют).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_host_device_copy", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# A copy goes over the PCIe bus, which is much slower than the GPU's own memory. A T4, for
# instance, sits on PCIe 3.0 x16: 8 GT/s × 16 lanes × 128/130 (encoding) / 8 bits ≈ 15.75 GB/s
# each way in theory ([the PCI Express table](https://en.wikipedia.org/wiki/PCI_Express)), while
# its GDDR6 memory moves 320 GB/s ([T4 datasheet](https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf)):
# a copy is at least 20 times slower, and slower still in practice, since copies do not reach the
# theoretical rate (the cell below measures yours). For a 40 GB A100 (PCIe 4.0 x16, 31.5 GB/s in
# theory, against 1555 GB/s of memory) the ratio is about 50. Moving a tensor to the GPU takes
# longer than adding it to another one there, so a copy pays off only when a lot of work is then
# done on the data. Hence the rules: move data once and keep it on the GPU; do not time the copy
# together with the operation (as in `benchmark_ops`); use pinned memory (`pin_memory`) and
# `non_blocking=True` so that copies overlap with computation; remember that `.item()`, `.cpu()`
# and printing a GPU tensor wait for all queued work (they synchronize).
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# Для вопроса 4 — измерение (только на GPU): копия 256 МиБ на видеокарту из обычной и из
# закреплённой памяти рядом со сложением двух таких тензоров на самой видеокарте.

# %% [markdown] tags=["en"]
# For question 4, a measurement (GPU only): copying 256 MiB to the GPU from ordinary and from
# pinned memory, next to adding two such tensors on the GPU itself.

# %% tags=["demo"]
if HAS_CUDA:
    with needs("measure_time (exercise 2)"):
        host = torch.randn(2**26)
        pinned = host.pin_memory()
        copy_ms = measure_time(lambda: host.to("cuda"), device="cuda", repeat=10, warmup=2)
        pinned_ms = measure_time(lambda: pinned.to("cuda", non_blocking=True), device="cuda", repeat=10, warmup=2)
        on_gpu = host.to("cuda")
        add_ms = measure_time(torch.add, on_gpu, on_gpu, device="cuda", repeat=10, warmup=2)
        nbytes = host.numel() * host.element_size()
        print(f"copy to GPU, pageable: {copy_ms:.2f} ms ({nbytes / copy_ms / 1e6:.1f} GB/s); "
              f"pinned: {pinned_ms:.2f} ms ({nbytes / pinned_ms / 1e6:.1f} GB/s); add on the GPU: {add_ms:.3f} ms "
              f"({3 * nbytes / add_ms / 1e6:.0f} GB/s moved); the pinned copy takes {pinned_ms / add_ms:.0f} times the add")
        del host, pinned, on_gpu
else:
    print("No GPU: on a GPU this cell times a 256 MiB copy to the device (pageable and pinned) "
          "next to an add of the same size on the device.")

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - GPU работает асинхронно: без синхронизации (или событий CUDA) таймер измеряет только запуск.
# - Первые вызовы выполняют, но не считают; повторяют замер и берут медиану; следят за единицами.
# - Короткие операции замеряют блоком вызовов (или графом CUDA): замер по одному вызову включает
#   промежуток запуска. `torch.utils.benchmark` делает это за вас.
# - Крошечная операция на GPU может быть медленнее, чем на CPU.
# - `transpose` — это view; работа появляется с `.contiguous()`.
# - Миллисекунды переводят в TFLOP/s и ГБ/с и сравнивают с пиком устройства из спецификации.
# - Цикл Python по маленьким операциям заменяют одной операцией над пачкой; цикл, спрятанный в
#   генераторе списка, остаётся циклом.
# - Самый большой тензор ищут двоичным поиском, не держа удачные попытки и ловя только нехватку
#   памяти.
# - `memory_allocated` — живые тензоры, `memory_reserved` — ещё и кэш аллокатора; после нехватки
#   памяти освобождают ссылки, `gc.collect()` и `torch.cuda.empty_cache()`.
# - Профилировщик показывает, куда уходит время: смотрите на Self CPU (и Self CUDA на GPU).
#
# Что почитать: [CUDA semantics](https://pytorch.org/docs/stable/notes/cuda.html) (асинхронность,
# память, графы CUDA), [рецепт `torch.utils.benchmark`](https://pytorch.org/tutorials/recipes/recipes/benchmark.html),
# [рецепт профилировщика](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).

# %% [markdown] tags=["en"]
# ## Summary
#
# - A GPU runs asynchronously: without synchronization (or CUDA events) a timer measures only
#   the launch.
# - Run the first calls without counting them; repeat the measurement and take the median; mind
#   the units.
# - Time short operations in blocks of calls (or with a CUDA graph): timing one call includes the
#   launch gap. `torch.utils.benchmark` does it for you.
# - A tiny operation can be slower on a GPU than on the CPU.
# - `transpose` is a view; the work comes with `.contiguous()`.
# - Turn milliseconds into TFLOP/s and GB/s and compare them with the device's datasheet peak.
# - Replace a Python loop over small operations with one operation on the batch; a loop hidden in
#   a list comprehension is still a loop.
# - Find the largest tensor by binary search, keeping no successful try alive and catching only
#   out-of-memory errors.
# - `memory_allocated` counts live tensors, `memory_reserved` the allocator's cache too; after
#   running out of memory, drop references, `gc.collect()` and `torch.cuda.empty_cache()`.
# - The profiler shows where the time goes: look at Self CPU (and Self CUDA on a GPU).
#
# Further reading: [CUDA semantics](https://pytorch.org/docs/stable/notes/cuda.html)
# (asynchrony, memory, CUDA graphs), [the `torch.utils.benchmark` recipe](https://pytorch.org/tutorials/recipes/recipes/benchmark.html),
# [the profiler recipe](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).
