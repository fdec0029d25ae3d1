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
# В домашнем задании курса нужно было сравнить скорость операций на CPU и GPU и найти самый
# большой тензор, который помещается в память видеокарты. Во многих решениях числа вышли
# красивые, но неверные: таймер без прогрева и синхронизации, секунды вместо миллисекунд,
# транспонирование без копии, float16 на CPU, размер тензора, подобранный вручную.
#
# В этом уроке вы напишете инструменты, которые исключают эти ошибки, и примените их: честный
# замер времени, таблицу CPU против GPU, пересчёт в TFLOP/s и ГБ/с, векторизацию, двоичный поиск
# по памяти, память слоя `nn.Linear` и профилировщик. Без GPU ноутбук тоже работает: размеры
# меньше, в столбцах GPU стоит «n/a», память ищется на смоделированной видеокарте.
#
# **Время:** около 4 часов (по разделам — в заголовках: 10 + 60 + 30 + 20 + 20 + 35 + 15 + 20 + 20
# минут и 10 минут на вопросы для самопроверки).
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
# | **Всего** | **24** |
#
# У задания из нескольких частей каждую часть проверяет своя ячейка тестов: решённая часть
# получает баллы, даже пока другая не решена.

# %% [markdown] tags=["en"]
# # Lesson 5. GPU speed and memory: measuring honestly
#
# The course homework asked you to compare the speed of operations on a CPU and a GPU, and to find
# the largest tensor that fits in the GPU's memory. Many solutions produced nice-looking but wrong
# numbers: a timer without warm-up or synchronization, seconds reported as milliseconds, a
# transpose that copied nothing, float16 timed on a CPU, a tensor size found by hand.
#
# In this lesson you write tools that rule these mistakes out, and use them: honest timing, a CPU
# versus GPU table, throughput in TFLOP/s and GB/s, vectorization, a binary search over memory, the
# memory of an `nn.Linear` layer, and the profiler. The notebook runs without a GPU too: sizes
# shrink, the GPU columns read "n/a", and the memory search runs on a simulated GPU.
#
# **Time:** about 4 hours (each section's heading gives its share: 10 + 60 + 30 + 20 + 20 + 35 +
# 15 + 20 + 20 minutes, and 10 minutes for the questions to check yourself).
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
# | **Total** | **24** |
#
# In an exercise of several parts, each part has its own test cell: a solved part earns its points
# even while another part is unsolved.

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "skipped": "Пропущено: ещё не написано ({names}: NotImplementedError). Допишите и выполните эту ячейку снова.",
    "set-up: no GPU": "CUDA GPU нет: ноутбук идёт по пути без GPU (размеры меньше, в столбцах GPU — 'n/a').",
    "demo: skipped": "Пропущено: ячейка использует {names}, и одна из этих функций ещё не решена (NotImplementedError). "
               "Решите её и выполните ячейку снова.",
    "extra checks: passed": "Дополнительные проверки пройдены (случаев: {cases}).",
    "pick_device: scenario": "когда CUDA доступна: {cuda}, MPS доступен: {mps}, pick_device должна вернуть "
                   "torch.device({want!r}); вернула {got!r}",
    "extra measure_time: calls": "measure_time(fn, device={device!r}, warmup={warmup}, repeat={repeat}) должна вызвать fn "
                          "{warmup} + {repeat} раз; вызвала {calls} раз",
    "extra measure_time: arguments": "measure_time(fn, 7, device={device!r}, tag='x') должна каждый раз вызывать "
                              "fn(7, tag='x'), только с аргументами вызывающего",
    "extra measure_time: median": "device={device!r}, warmup={warmup}, repeat={repeat}, вызовы длятся {durations} мс: "
                           "медиана замеренных вызовов {low:g} мс (подойдёт от {low:g} до {high:g}); получено {got!r}",
    "extra measure_time: errors": "measure_time(fn, **{call}) должна бросить {error} с неверным значением в тексте до вызова "
                          "fn; получено {got} после {calls} вызовов fn",
    "extra benchmark_ops: count": "операции {ops} на входах {shapes}, устройства {devices}: ожидается {want} результатов, "
                           "каждая операция измерена раз на вход и устройство; получено {got}",
    "extra benchmark_ops: timer's device": "операции {ops} на входах {shapes}, устройства {devices}: timer(device={device!r}) получил "
                            "тензоры на {on}; перенесите каждый вход на это устройство до замера",
    "extra benchmark_ops: one operation": "операции {ops} на входах {shapes}, устройства {devices}: измеряемая функция для {device!r} "
                           "должна выполнить ровно одну операцию, без копий; она вызвала {calls}",
    "extra benchmark_ops: inputs changed": "операции {ops} на входах {shapes}, устройства {devices}: benchmark_ops изменила "
                            "входные тензоры или список входов",
    "extra benchmark_ops: not an OpResult": "операции {ops} на входах {shapes}, устройства {devices}: {result} — не OpResult одной из "
                            "операций и одной из форм входа",
    "extra benchmark_ops: time fields": "операции {ops} на входах {shapes}, устройства {devices}: {field} в {result} должно быть "
                           "тем, что вернул таймер для этого устройства, или None, если устройства нет в devices",
    "extra results_table: columns": "столбцы должны быть Operation, CPU (ms), GPU (ms), Speedup; получено {got}",
    "extra results_table: row": "для {result} строка должна быть {want}; получено {got}",
    "extra matmul_tflops: value": "matmul_tflops({shape_a}, {shape_b}, {ms}) должна быть {want!r} TFLOP/s; получено {got!r}",
    "extra elementwise_gbps: value": "elementwise_gbps({numel}, {dtype}, {moved}, {ms}) должна быть {want!r} ГБ/с; получено {got!r}",
    "extra outer_products_vectorized: values": "a формы ({B}, {n}) и b формы ({B}, {m}), {dtype}: результат должен совпасть с "
                    "torch.einsum('bi,bj->bij', a, b) по форме, типу и значениям; получено {got}",
    "extra outer_products_vectorized: inputs changed": "a формы ({B}, {n}) и b формы ({B}, {m}): outer_products_vectorized изменила входы",
    "extra outer_products_vectorized: no loop": "{few} вызовов PyTorch при B=3 и {many} при B=48: их число не должно расти с B и быть больше 10",
    "extra bytes_per_element: value": "bytes_per_element({dtype}) должна быть целым {want}; получено {got!r}",
    "extra max_elements: value": "max_elements({free}, {dtype}) должна быть целым {want}; получено {got!r}",
    "extra find_max_allocatable: calls": "hi={hi}, ёмкость {capacity}: больше {limit} вызовов try_alloc ({calls}); двоичному поиску "
                      "хватает {limit}",
    "extra find_max_allocatable: answer": "hi={hi}, ёмкость {capacity}: наибольшее подходящее n — {want}; получено {got!r}",
    "extra find_max_allocatable: range": "hi={hi}, ёмкость {capacity}: try_alloc можно вызывать только с целыми n из [0, hi]",
    "extra find_max_allocatable: alive": "hi={hi}, ёмкость {capacity}: выделение осталось живым во время следующей попытки или после "
                      "возврата; не храните результат попытки",
    "extra find_max_allocatable: other error": "try_alloc бросает ValueError: это исключение должно выйти из find_max_allocatable; "
                            "получено {got}",
    "extra linear_forward_memory: value": "linear_forward_memory({batch}, {fan_in}, {fan_out}, {dtype}, bias={bias}) должна быть целым {want}; "
              "получено {got!r}",
    "extra top_ops: order": "участок a (внутри wrapper) спит 80 мс, b трижды по 40 мс, c 50 мс; k={k}: top_ops должна вернуть "
               "сначала {want}, по имени на оператор, k имён (или все, если их меньше); получено {got}",
    "pick_device: not a torch.device": 'pick_device должна вернуть torch.device, а вернула {got}',
    "pick_device: unexpected type": 'неожиданный тип устройства {got!r}',
    "pick_device: cuda here": 'здесь есть CUDA, поэтому pick_device должна вернуть устройство cuda',
    "visible: not a float": '{name} должна вернуть float, а вернула {got}',
    "measure_time: 4 calls": 'warmup=1 и repeat=3 — это 4 вызова fn, а не {got}',
    "measure_time: about 10 ms": 'fn спит 10 мс, поэтому measure_time должна вернуть около 10 (миллисекунд), а вернула {got}',
    "measure_time: median on the CPU": 'у замеренных вызовов 4, 9 и 5 мс (после прогрева 80 мс) медиана 5 мс (среднее 6, самый быстрый 4), '
                    'а получено {got}',
    "measure_time: errors before fn": 'бросайте исключения до вызова fn',
    "measure_time: repeat=1 raised": 'repeat=1 и warmup=0 допустимы (один замеренный вызов, без прогрева), а measure_time бросила {error}',
    "measure_time: repeat=1, warmup=0": 'repeat=1 и warmup=0: один замеренный вызов 2 мс без прогрева — это 2.0 мс после 1 вызова fn; '
                       'получено {ms!r} мс после {calls}',
    "measure_time: 4 calls on cuda": 'warmup=1 и repeat=3 и на cuda — это 4 вызова, а не {got}',
    "measure_time: median on cuda": 'у вызовов на GPU 2, 7 и 3 мс (после прогрева 50 мс) медиана 3 мс (среднее 4, самый быстрый 2), '
                     'а получено {got}',
    "benchmark_ops: one result": "ожидалось [OpResult('add', (2, 3), 1.5, None)], получено {got}",
    "benchmark_ops: timer's device": "timer(device={device!r}) получил тензоры на {got}: перенесите каждый вход на устройство до замера",
    "benchmark_ops: timer's tensors": "timer должен получить оба тензора входа, timer(fn, *inputs, device=device); получил {got}",
    "benchmark_ops: 8 timer calls": "2 операции на 2 входах и 2 устройствах — это 8 вызовов timer, а не {got}",
    "benchmark_ops: four results": "ожидалось {want} (в любом порядке), получено {got}",
    "results_table: columns": 'неверные столбцы: {got}',
    "results_table: one row per result": 'ожидается строка на результат, получено строк: {got}',
    "results_table: first row": 'первая строка должна быть matmul 4x256x256, 12.500, 0.500, 25.00x; получено {got}',
    "results_table: n/a": 'где нет времени GPU, должно быть n/a; получено {got}',
    "matmul_tflops: 1024x1024": '2*1024**3 FLOP за 1 мс — это 2147.4836 TFLOP/s, получено {got}',
    "matmul_tflops: batches": '{shape_a} @ {shape_b}: размеры пачки транслируются, матриц: {matrices}; '
                      '2 * {matrices} * n * k * m FLOP за {ms} мс — это {want} TFLOP/s; получено {got!r}',
    "elementwise_gbps: 3000 GB/s": '3 тензора по 1 ГБ за 1 мс — это 3000 ГБ/с, получено {got}',
    "outer_products_vectorized: shape": 'ожидалась форма {want}, получено {got}',
    "outer_products_vectorized: values": 'неверные внешние произведения для a = arange(6).reshape(2, 3), b = arange(8).reshape(2, 4)',
    "outer_products_vectorized: no loop": '{few} вызовов PyTorch при B=4 и {many} при B=40: их число не должно расти с B и быть больше 10 '
                    '(цикл Python по пачке?)',
    "bytes_per_element: size": 'элемент {dtype} занимает {want} байта: bytes_per_element должна вернуть целое {want}; получено {got!r}',
    "max_elements: count": 'в {free} байт помещается {want} целых элементов {dtype} (с округлением вниз): max_elements '
                      'должна вернуть целое {want}; получено {got!r}',
    "find_max_allocatable: capacity 1000": 'ёмкость — 1000 элементов, найдено {got}',
    "find_max_allocatable: about 20 calls": 'двоичному поиску на [0, 10**6] нужно около 20 вызовов, а не {got}',
    "find_max_allocatable: capacity 0": 'ёмкость 0, hi=50: помещается только n=0 (try_alloc(0) удаётся всегда), найдено {got!r}',
    "find_max_allocatable: alive during a try": 'прошлое выделение было живо во время следующей попытки: не храните результат попытки',
    "find_max_allocatable: alive after": 'выделение осталось живым после возврата из find_max_allocatable',
    "linear_forward_memory: with bias": 'веса 64x128, смещение 64, вход 32x128, выход 32x64, по 4 байта',
    "linear_forward_memory: without bias": 'веса, вход и выход, по 8 байт',
    "top_ops: k names": 'k=2 — это список из 2 имён, получено {got!r}',
    "top_ops: names are str": 'возвращайте имена строками, получено {got!r}',
    "top_ops: slow_stage first": 'slow_stage спит 50 мс и должен быть первым, получено {got}',
    "visible checks: passed": "Видимые проверки пройдены. Скрытые тесты запускаются при оценивании.",
    "expect_error: another exception": "{what}: ожидалось {error}, получено {got}",
    "expect_error: nothing raised": "{what}: ожидалось {error}, но исключения не было",
    "expect_error: message must name": "{what}: в тексте {error} должно быть {item!r}; там {got!r}",
    "warm-up: first calls": 'matmul 1024x1024 на {device}, вызовы подряд (мс): {times}\nпервый вызов / медиана следующих пяти: {ratio:.1f}x',
    "synchronize: with and without": 'без synchronize: {no_sync:.3f} мс; с synchronize: {sync:.3f} мс (в {ratio:.0f} раз больше)',
    "synchronize: no GPU": 'GPU нет: на GPU ячейка измеряет умножение 4096x4096 без synchronize (только запуск) рядом с тем же с synchronize и печатает отношение.',
    "transpose: view and copy": '4x{side}x{side} ({mib:.0f} МиБ): те же данные: {same}, contiguous: {contiguous}; view {view:.4f} мс, настоящая копия {copy:.3f} мс',
    "tiny matmul: CPU": '3x3 x @ x.T на CPU, блоками: {us:.2f} мкс на вызов',
    "tiny matmul: GPU": '3x3 x @ x.T на GPU, блоками: {us:.2f} мкс на вызов: в {ratio:.1f} раз {verdict}, чем на CPU',
    "tiny matmul: one call": '3x3 x @ x.T на GPU, один вызов между двумя событиями (measure_time): {us:.2f} мкс, в {ratio:.1f} раз больше блочного замера',
    "tiny matmul: no GPU": 'GPU нет: на GPU ячейка измеряет то же произведение там, блоками и по одному вызову, рядом со временем CPU выше.',
    "comparison chart: legend": 'форма входа',
    "vectorization: what was timed": '2048 внешних произведений векторов длины 32 на {device}:',
    "out of memory: after del": 'после del и memory_info(): свободно {free:.2f} ГиБ',
    "out of memory: halving": 'после делений пополам поместилось {gib:.2f} ГиБ float32',
    "simulated GPU": 'смоделированная видеокарта (GPU здесь нет)',
    "memory steps: 1 GiB": 'тензор 1 ГиБ',
    "memory steps: del": 'del: память остаётся в кэше',
    "memory steps: 0.5 GiB": 'тензор 0,5 ГиБ: взят из кэша',
    "memory steps: empty_cache": 'del, затем empty_cache()',
    "out of memory: before": 'до шага',
    "out of memory: in except": 'в except: traceback держит шаг',
    "out of memory: after except": 'после except: освобождено, но в кэше',
    "linear memory: no GPU": 'GPU нет: на GPU ячейка сравнивает формулу с torch.cuda.max_memory_allocated().',
    "profiler: no GPU": 'GPU нет: на GPU ячейка профилирует x @ x.T (1000 раз для матрицы 3x3, 10 раз для 4096x4096) с ProfilerActivity.CUDA и печатает таблицы со столбцами Self CUDA и итогами.',
    "copy: no GPU": 'GPU нет: на GPU ячейка измеряет копию 256 МиБ на видеокарту (из обычной и закреплённой памяти) рядом со сложением того же размера на ней.',
    "tiny matmul: slower": "медленнее",
    "tiny matmul: faster": "быстрее",
    "comparison chart: speedup axis": "ускорение (время CPU / время GPU)",
    "comparison chart: speedup title": "ускорение на {gpu}",
    "comparison chart: CPU axis": "время CPU (мс)",
    "comparison chart: CPU title": "GPU нет: только времена CPU (для ускорения нужен GPU)",
    "comparison: bigger shapes": "в {big} в {elements} раз больше элементов, чем в {little}, а его умножению нужно в {flop} раз больше FLOP",
    "cross-check: device": "на {device}:",
    "cross-check: agree": "блочных замеров в пределах 10% от benchmark.Timer: {agree} из {rows}",
    "float16: times": "matmul {side}x{side} на {device}: float32 {single:.3f} мс, float16 {half:.3f} мс, ускорение float16 {ratio:.2g}x",
    "throughput: what was timed": "устройство: {device}; matmul {side}x{side}, сложение {numel:,} чисел float32",
    "largest tensor: mem_get_info": "{where}: mem_get_info() -> свободно {free:.3f} ГиБ, всего {total:.3f} ГиБ",
    "set-up: versions": "PyTorch {torch} | потоков CPU: {threads}",
    "set-up: GPU": "GPU: {gpu} | CUDA {cuda}",
    "comparison: shapes table": "форма | элементов | GFLOP умножения | FLOP умножения на байт (float32)",
    "comparison: CPU forecast": "CPU здесь делает около {gflops:.0f} GFLOP/s: умножения этой таблицы займут на нём около "
                      "{seconds:.0f} с, и поэлементные операции ещё несколько секунд.",
    "cross-check: columns": "операция | блоками (таблица) | benchmark.Timer | блоками / Timer | measure_time | "
                             "measure_time / Timer",
    "throughput: matmul precision": "точность умножения float32: {precision}",
    "throughput: add row": "сложение float32 (3 тензора)",
    "throughput: columns": "замер | достигнуто | пик | доля пика",
    "throughput: unknown peak": "неизвестен",
    "throughput: GB/s": "ГБ/с",
    "throughput: peaks from": "пики из {source}",
    "vectorization: columns": "версия | вызовов PyTorch | время (мс)",
    "vectorization: loop": "цикл",
    "vectorization: fake": "фальшивая векторизация",
    "vectorization: vectorized": "векторизованная",
    "largest tensor: columns": "тип | байт на элемент | max_elements(free) | найдено | ГиБ | попыток",
    "largest tensor: stopped": "Остановлено: find_max_allocatable вызвала try_alloc больше {calls} раз для {dtype}; двоичному "
                 "поиску на [0, {hi:,}] хватает {limit}.",
    "memory steps: columns": "шаг | allocated (МиБ) | reserved (МиБ) | свободно по mem_get_info (ГиБ)",
    "memory steps: start": "начало",
    "out of memory: collected": "gc.collect() и empty_cache()",
    "linear memory: columns": "часть | форма | МиБ",
    "linear memory: weight": "веса",
    "linear memory: bias": "смещение",
    "linear memory: input": "вход",
    "linear memory: output": "выход",
    "linear memory: formula": "linear_forward_memory: {mib:.3f} МиБ",
    "linear memory: peak": "max_memory_allocated: {mib:.3f} МиБ (отношение {ratio:.4f})",
    "profiler: top of the loop": "цикл: {names}",
    "profiler: top of the vectorized": "векторизованная: {names}",
    "profiler: GPU table": "x @ x.T для матрицы {side}x{side}, {times} раз:",
    "copy: times": "копия на GPU из обычной памяти: {copy:.2f} мс ({copy_rate:.1f} ГБ/с); из закреплённой: {pinned:.2f} мс "
              "({pinned_rate:.1f} ГБ/с); сложение на GPU: {add:.3f} мс ({add_rate:.0f} ГБ/с); закреплённая копия "
              "в {ratio:.0f} раз дольше сложения",
}


# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "skipped": "Skipped: not written yet ({names}: NotImplementedError). Write it, then run this cell again.",
    "set-up: no GPU": "No CUDA GPU here: the notebook takes its CPU-only path (smaller sizes, 'n/a' for the GPU).",
    "demo: skipped": "Skipped: this cell uses {names}, and one of them is not solved yet (NotImplementedError). "
               "Solve it, then run this cell again.",
    "extra checks: passed": "Extra checks passed ({cases} random cases).",
    "pick_device: scenario": "with CUDA available: {cuda}, MPS available: {mps}, pick_device must return "
                   "torch.device({want!r}); it returned {got!r}",
    "extra measure_time: calls": "measure_time(fn, device={device!r}, warmup={warmup}, repeat={repeat}) must call fn "
                          "{warmup} + {repeat} times; it called it {calls} times",
    "extra measure_time: arguments": "measure_time(fn, 7, device={device!r}, tag='x') must call fn(7, tag='x') every time, "
                              "with the caller's arguments only",
    "extra measure_time: median": "device={device!r}, warmup={warmup}, repeat={repeat}, calls taking {durations} ms: the "
                           "median of the timed calls is {low:g} ms (anything from {low:g} to {high:g}); got {got!r}",
    "extra measure_time: errors": "measure_time(fn, **{call}) must raise {error} naming the bad value before calling fn; "
                          "got {got} after {calls} call(s) of fn",
    "extra benchmark_ops: count": "ops {ops} on inputs {shapes} with devices {devices}: expected {want} results, each op "
                           "timed once per input and device; got {got} results",
    "extra benchmark_ops: timer's device": "ops {ops} on inputs {shapes} with devices {devices}: timer(device={device!r}) got tensors "
                            "on {on}; move each input to that device before timing it",
    "extra benchmark_ops: one operation": "ops {ops} on inputs {shapes} with devices {devices}: the timed function for {device!r} "
                           "must run exactly one operation, with no copies; it called {calls}",
    "extra benchmark_ops: inputs changed": "ops {ops} on inputs {shapes} with devices {devices}: benchmark_ops changed the input "
                            "tensors or the list of inputs",
    "extra benchmark_ops: not an OpResult": "ops {ops} on inputs {shapes} with devices {devices}: {result} is not an OpResult of one "
                            "of the ops and one of the input shapes",
    "extra benchmark_ops: time fields": "ops {ops} on inputs {shapes} with devices {devices}: {field} of {result} must be what the "
                           "timer returned for that device, or None when the device was not asked for",
    "extra results_table: columns": "the columns must be Operation, CPU (ms), GPU (ms), Speedup; got {got}",
    "extra results_table: row": "for {result} the row must read {want}; got {got}",
    "extra matmul_tflops: value": "matmul_tflops({shape_a}, {shape_b}, {ms}) must be {want!r} TFLOP/s; got {got!r}",
    "extra elementwise_gbps: value": "elementwise_gbps({numel}, {dtype}, {moved}, {ms}) must be {want!r} GB/s; got {got!r}",
    "extra outer_products_vectorized: values": "a of shape ({B}, {n}) and b of shape ({B}, {m}), {dtype}: the result must equal "
                    "torch.einsum('bi,bj->bij', a, b) in shape, dtype and values; got {got}",
    "extra outer_products_vectorized: inputs changed": "a of shape ({B}, {n}) and b of shape ({B}, {m}): outer_products_vectorized changed its inputs",
    "extra outer_products_vectorized: no loop": "{few} PyTorch calls for B=3 and {many} for B=48: the count must not grow with B and stay at most 10",
    "extra bytes_per_element: value": "bytes_per_element({dtype}) must be the int {want}; got {got!r}",
    "extra max_elements: value": "max_elements({free}, {dtype}) must be the int {want}; got {got!r}",
    "extra find_max_allocatable: calls": "hi={hi}, capacity {capacity}: more than {limit} calls of try_alloc ({calls}); a binary search "
                      "needs at most {limit}",
    "extra find_max_allocatable: answer": "hi={hi}, capacity {capacity}: the largest n that fits is {want}; got {got!r}",
    "extra find_max_allocatable: range": "hi={hi}, capacity {capacity}: try_alloc must be called with integers n in [0, hi] only",
    "extra find_max_allocatable: alive": "hi={hi}, capacity {capacity}: an allocation stayed alive during a later try or after the "
                      "return; drop each try's result",
    "extra find_max_allocatable: other error": "a try_alloc that raises ValueError: the ValueError must come out of "
                            "find_max_allocatable; got {got}",
    "extra linear_forward_memory: value": "linear_forward_memory({batch}, {fan_in}, {fan_out}, {dtype}, bias={bias}) must be the int {want}; "
              "got {got!r}",
    "extra top_ops: order": "range a (inside wrapper) sleeps 80 ms, b three times 40 ms, c 50 ms; k={k}: top_ops must return "
               "{want} first, one name per operator, k names (or all when there are fewer); got {got}",
    "pick_device: not a torch.device": 'pick_device must return a torch.device, got {got}',
    "pick_device: unexpected type": 'unexpected device type {got!r}',
    "pick_device: cuda here": 'CUDA is available here, so pick_device must return a cuda device',
    "visible: not a float": '{name} must return a float, got {got}',
    "measure_time: 4 calls": 'warmup=1 and repeat=3 make 4 calls of fn, not {got}',
    "measure_time: about 10 ms": 'fn sleeps 10 ms, so measure_time should return about 10 (milliseconds), got {got}',
    "measure_time: median on the CPU": 'timed calls of 4, 9 and 5 ms (after a warm-up of 80 ms) have the median 5 ms (the mean is 6, '
                    'the fastest 4), got {got}',
    "measure_time: errors before fn": 'raise the errors before calling fn',
    "measure_time: repeat=1 raised": 'repeat=1 and warmup=0 are allowed (one timed call, no warm-up), but measure_time raised {error}',
    "measure_time: repeat=1, warmup=0": 'repeat=1 and warmup=0: one timed call of 2 ms and no warm-up make 2.0 ms after 1 call of fn; '
                       'got {ms!r} ms after {calls}',
    "measure_time: 4 calls on cuda": 'warmup=1 and repeat=3 make 4 calls on cuda too, not {got}',
    "measure_time: median on cuda": 'GPU calls of 2, 7 and 3 ms (after a warm-up of 50 ms) have the median 3 ms (the mean is 4, '
                     'the fastest 2), got {got}',
    "benchmark_ops: one result": "expected [OpResult('add', (2, 3), 1.5, None)], got {got}",
    "benchmark_ops: timer's device": "timer(device={device!r}) got tensors on {got}: move each input to the device before timing",
    "benchmark_ops: timer's tensors": "timer must get both tensors of the input, timer(fn, *inputs, device=device); it got {got}",
    "benchmark_ops: 8 timer calls": "2 ops on 2 inputs and 2 devices make 8 calls of timer, not {got}",
    "benchmark_ops: four results": "expected {want} (in any order), got {got}",
    "results_table: columns": 'wrong columns: {got}',
    "results_table: one row per result": 'one row per result expected, got {got}',
    "results_table: first row": 'the first row must read matmul 4x256x256, 12.500, 0.500, 25.00x; got {got}',
    "results_table: n/a": 'a missing GPU time must read n/a, got {got}',
    "matmul_tflops: 1024x1024": '2*1024**3 FLOP in 1 ms is 2147.4836 TFLOP/s, got {got}',
    "matmul_tflops: batches": '{shape_a} @ {shape_b} is {matrices} matrices (the batch dimensions broadcast), '
                      '2 * {matrices} * n * k * m FLOP in {ms} ms: {want} TFLOP/s; got {got!r}',
    "elementwise_gbps: 3000 GB/s": '3 tensors of 1 GB each in 1 ms is 3000 GB/s, got {got}',
    "outer_products_vectorized: shape": 'expected shape {want}, got {got}',
    "outer_products_vectorized: values": 'wrong outer products for a = arange(6).reshape(2, 3), b = arange(8).reshape(2, 4)',
    "outer_products_vectorized: no loop": '{few} PyTorch calls for B=4 and {many} for B=40: the count must not grow with B and stay at most '
                    '10 (a Python loop over the batch?)',
    "bytes_per_element: size": 'a {dtype} element takes {want} bytes: bytes_per_element must return the int {want}; got {got!r}',
    "max_elements: count": '{free} bytes hold {want} whole {dtype} elements (rounded down): max_elements must return the '
                      'int {want}; got {got!r}',
    "find_max_allocatable: capacity 1000": 'the capacity is 1000 elements, found {got}',
    "find_max_allocatable: about 20 calls": 'a binary search over [0, 10**6] needs about 20 calls, not {got}',
    "find_max_allocatable: capacity 0": 'capacity 0, hi=50: only n=0 fits (try_alloc(0) always succeeds), found {got!r}',
    "find_max_allocatable: alive during a try": "an earlier allocation was still alive during a later try: drop each try's result",
    "find_max_allocatable: alive after": 'an allocation is still alive after find_max_allocatable returned',
    "linear_forward_memory: with bias": 'weight 64x128, bias 64, input 32x128, output 32x64, 4 bytes each',
    "linear_forward_memory: without bias": 'weight, input and output, 8 bytes each',
    "top_ops: k names": 'k=2 asks for a list of 2 names, got {got!r}',
    "top_ops: names are str": 'return the names as strings, got {got!r}',
    "top_ops: slow_stage first": 'slow_stage sleeps 50 ms and must come first, got {got}',
    "visible checks: passed": "Visible checks passed. Hidden tests run at grading.",
    "expect_error: another exception": "{what}: expected {error}, got {got}",
    "expect_error: nothing raised": "{what}: expected {error}, but nothing was raised",
    "expect_error: message must name": "{what}: the {error} message should name {item!r}; it reads {got!r}",
    "warm-up: first calls": 'matmul 1024x1024 on {device}, successive calls (ms): {times}\nfirst call / median of the next five: {ratio:.1f}x',
    "synchronize: with and without": 'without synchronize: {no_sync:.3f} ms; with synchronize: {sync:.3f} ms ({ratio:.0f} times more)',
    "synchronize: no GPU": 'No GPU: on a GPU this cell times a 4096x4096 matmul without synchronize (only the launch) next to the same with synchronize, and prints the ratio.',
    "transpose: view and copy": '4x{side}x{side} ({mib:.0f} MiB): same storage: {same}, contiguous: {contiguous}; view {view:.4f} ms, real copy {copy:.3f} ms',
    "tiny matmul: CPU": '3x3 x @ x.T on the CPU, in blocks: {us:.2f} µs per call',
    "tiny matmul: GPU": '3x3 x @ x.T on the GPU, in blocks: {us:.2f} µs per call: {ratio:.1f} times {verdict} than the CPU',
    "tiny matmul: one call": '3x3 x @ x.T on the GPU, one call between two events (measure_time): {us:.2f} µs, {ratio:.1f} times the blocked time',
    "tiny matmul: no GPU": "No GPU: on a GPU this cell times the same product there, in blocks and one call at a time, next to the CPU's time above.",
    "comparison chart: legend": 'input shape',
    "vectorization: what was timed": '2048 outer products of 32-vectors on {device}:',
    "out of memory: after del": 'after del and memory_info(): free {free:.2f} GiB',
    "out of memory: halving": 'fits after halving: {gib:.2f} GiB of float32',
    "simulated GPU": 'simulated GPU (no GPU here)',
    "memory steps: 1 GiB": 'a 1 GiB tensor',
    "memory steps: del": 'del: the memory stays in the cache',
    "memory steps: 0.5 GiB": 'a 0.5 GiB tensor: taken from the cache',
    "memory steps: empty_cache": 'del, then empty_cache()',
    "out of memory: before": 'before the step',
    "out of memory: in except": 'in except: the traceback holds the step',
    "out of memory: after except": 'after except: freed, but cached',
    "linear memory: no GPU": 'No GPU: on a GPU this cell compares the formula with torch.cuda.max_memory_allocated().',
    "profiler: no GPU": 'No GPU: on a GPU this cell profiles x @ x.T (1000 times for a 3x3 matrix, 10 times for a 4096x4096 one) with ProfilerActivity.CUDA, and prints tables with Self CUDA columns and totals.',
    "copy: no GPU": 'No GPU: on a GPU this cell times a 256 MiB copy to the device (pageable and pinned) next to an add of the same size on the device.',
    "tiny matmul: slower": "slower",
    "tiny matmul: faster": "faster",
    "comparison chart: speedup axis": "speedup (CPU time / GPU time)",
    "comparison chart: speedup title": "GPU speedup on {gpu}",
    "comparison chart: CPU axis": "CPU time (ms)",
    "comparison chart: CPU title": "No GPU here: CPU times only (speedups need a GPU)",
    "comparison: bigger shapes": "{big} has {elements} times the elements of {little}, and its matmul {flop} times the FLOP",
    "cross-check: device": "on {device}:",
    "cross-check: agree": "blocked times within 10% of benchmark.Timer: {agree} of {rows}",
    "float16: times": "matmul {side}x{side} on {device}: float32 {single:.3f} ms, float16 {half:.3f} ms, float16 speedup {ratio:.2g}x",
    "throughput: what was timed": "device: {device}; matmul {side}x{side}, add of {numel:,} floats",
    "largest tensor: mem_get_info": "{where}: mem_get_info() -> free {free:.3f} GiB, total {total:.3f} GiB",
    "set-up: versions": "PyTorch {torch} | CPU threads: {threads}",
    "set-up: GPU": "GPU: {gpu} | CUDA {cuda}",
    "comparison: shapes table": "shape | elements | matmul GFLOP | matmul FLOP per byte (float32)",
    "comparison: CPU forecast": "The CPU does about {gflops:.0f} GFLOP/s here: its matmuls in this table take about "
                      "{seconds:.0f} s, and the elementwise operations some seconds more.",
    "cross-check: columns": "Operation | blocked (table) | benchmark.Timer | blocked / Timer | measure_time | "
                             "measure_time / Timer",
    "throughput: matmul precision": "float32 matmul precision: {precision}",
    "throughput: add row": "add float32 (3 tensors moved)",
    "throughput: columns": "Measurement | Achieved | Peak | Fraction of peak",
    "throughput: unknown peak": "unknown",
    "throughput: GB/s": "GB/s",
    "throughput: peaks from": "peaks from {source}",
    "vectorization: columns": "version | PyTorch calls | time (ms)",
    "vectorization: loop": "loop",
    "vectorization: fake": "fake vectorization",
    "vectorization: vectorized": "vectorized",
    "largest tensor: columns": "dtype | bytes/element | max_elements(free) | largest found | GiB | tries",
    "largest tensor: stopped": "Stopped: find_max_allocatable made more than {calls} calls of try_alloc for {dtype}; a binary "
                 "search over [0, {hi:,}] needs at most {limit}.",
    "memory steps: columns": "step | allocated (MiB) | reserved (MiB) | mem_get_info free (GiB)",
    "memory steps: start": "start",
    "out of memory: collected": "gc.collect() and empty_cache()",
    "linear memory: columns": "part | shape | MiB",
    "linear memory: weight": "weight",
    "linear memory: bias": "bias",
    "linear memory: input": "input",
    "linear memory: output": "output",
    "linear memory: formula": "linear_forward_memory: {mib:.3f} MiB",
    "linear memory: peak": "max_memory_allocated: {mib:.3f} MiB (ratio {ratio:.4f})",
    "profiler: top of the loop": "loop: {names}",
    "profiler: top of the vectorized": "vectorized: {names}",
    "profiler: GPU table": "x @ x.T for a {side}x{side} matrix, {times} times:",
    "copy: times": "copy to GPU, pageable: {copy:.2f} ms ({copy_rate:.1f} GB/s); pinned: {pinned:.2f} ms "
              "({pinned_rate:.1f} GB/s); add on the GPU: {add:.3f} ms ({add_rate:.0f} GB/s moved); the pinned copy "
              "takes {ratio:.0f} times the add",
}


# %% title={"ru": "Импорты и настройка урока", "en": "Imports and the lesson's set-up"}
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
from matplotlib import ticker
from prettytable import PrettyTable
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function

HAS_CUDA = torch.cuda.is_available()
# torch.OutOfMemoryError is the name of recent PyTorch releases; older 2.x releases only have the CUDA one.
OOM_ERROR = getattr(torch, "OutOfMemoryError", torch.cuda.OutOfMemoryError)
MiB, GiB = 2**20, 2**30


@contextlib.contextmanager
def needs(*functions):
    """For a demonstration cell that uses earlier exercises: while one of them is unsolved (it raises
    NotImplementedError), say so and skip the rest of the `with` block instead of failing."""
    try:
        yield
    except NotImplementedError:
        print(TEXT["demo: skipped"].format(names=", ".join(functions)))


print(TEXT["set-up: versions"].format(torch=torch.__version__, threads=torch.get_num_threads()))
if HAS_CUDA:
    print(TEXT["set-up: GPU"].format(gpu=torch.cuda.get_device_name(), cuda=torch.version.cuda))
else:
    print(TEXT["set-up: no GPU"])

# %% nbgrader={"grade_id": "test_helpers", "locked": true} title={"ru": "Имитации для проверок: устройства, часы, видеокарта, аллокатор; счётчик вызовов PyTorch", "en": "Fakes for the checks: devices, a clock, a GPU, an allocator; a counter of PyTorch calls"}
import operator
import timeit
import types

from torch.overrides import TorchFunctionMode


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


def device_scenario(cuda, mps):
    """Every public way of asking which devices are available answers as in the scenario (cuda, mps)."""
    accelerator = "cuda" if cuda else "mps" if mps else None
    replacements = [(torch.cuda, "is_available", lambda: cuda), (torch.cuda, "device_count", lambda: int(cuda)),
                    (torch.backends.cuda, "is_built", lambda: cuda), (torch.backends.mps, "is_available", lambda: mps),
                    (torch.backends.mps, "is_built", lambda: mps)]
    if hasattr(torch, "mps") and hasattr(torch.mps, "is_available"):
        replacements.append((torch.mps, "is_available", lambda: mps))
    if hasattr(torch, "accelerator"):
        replacements += [(torch.accelerator, "is_available", lambda: accelerator is not None),
                         (torch.accelerator, "current_accelerator",
                          lambda *args, **kwargs: torch.device(accelerator) if accelerator else None)]
    return patched(*replacements)


class CountTorchCalls(TorchFunctionMode):
    """`with CountTorchCalls() as counter:` counts the torch functions and tensor methods called inside
    (counter.count) and keeps their names (counter.names)."""

    def __init__(self):
        super().__init__()
        self.count, self.names = 0, []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.count += 1
        self.names.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))


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


def clock_holders(namespace, is_clock):
    """(object, attribute, value) for every place in the notebook's own code that holds a clock: a global
    (`from time import perf_counter`), a class attribute, a default argument (`clock=time.perf_counter`)
    or a closure's variable of a function the notebook defined."""
    found, functions = [], []
    for name, value in list(namespace.items()):
        if is_clock(value):
            found.append((namespace, name, value))
        elif isinstance(value, type) and value.__module__ == namespace.get("__name__"):
            found += [(value, key, item) for key, item in vars(value).items() if is_clock(item)]
            functions += [getattr(item, "__func__", item) for item in vars(value).values()]
        functions.append(value)
    for fn in functions:
        if not isinstance(fn, types.FunctionType) or fn.__globals__ is not namespace:
            continue
        if any(is_clock(d) for d in fn.__defaults__ or ()):
            found.append((fn, "__defaults__", fn.__defaults__))
        if any(is_clock(d) for d in (fn.__kwdefaults__ or {}).values()):
            found.append((fn, "__kwdefaults__", fn.__kwdefaults__))
        for cell in fn.__closure__ or ():
            with contextlib.suppress(ValueError):  # an empty cell
                if is_clock(cell.cell_contents):
                    found.append((cell, "cell_contents", cell.cell_contents))
    return found


@contextlib.contextmanager
def fake_clocks(clock):
    """Replace every clock of the time module (and timeit's default timer) by `clock`, wherever the notebook
    keeps one: imported by name, in a class, in a default argument or in a closure."""
    fakes = {"perf_counter": clock.wall, "monotonic": clock.wall, "time": clock.wall,
             "perf_counter_ns": clock.wall_ns, "monotonic_ns": clock.wall_ns, "time_ns": clock.wall_ns,
             "process_time": clock.cpu, "thread_time": clock.cpu,
             "process_time_ns": clock.cpu_ns, "thread_time_ns": clock.cpu_ns}
    pairs = [(getattr(time, name), fake) for name, fake in fakes.items()]

    def fake_for(value):
        return next((fake for real, fake in pairs if value is real), None)

    def faked(value):  # a clock, or a tuple or dict of defaults, with its clocks replaced
        if isinstance(value, tuple):
            return tuple(fake_for(v) or v for v in value)
        if isinstance(value, dict):
            return {k: fake_for(v) or v for k, v in value.items()}
        return fake_for(value)

    def is_clock(value):
        return fake_for(value) is not None

    holders = clock_holders(globals(), is_clock)
    timer_defaults = tuple(fake_for(d) or d for d in timeit.Timer.__init__.__defaults__)
    namespace = globals()
    with patched(*[(time, name, fake) for name, fake in fakes.items()],
                 *[(obj, name, faked(value)) for obj, name, value in holders if obj is not namespace],
                 (timeit, "default_timer", clock.wall), (timeit.Timer.__init__, "__defaults__", timer_defaults)):
        aliases = {name: value for obj, name, value in holders if obj is namespace}
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
            assert str(item).lower() in text, TEXT["expect_error: message must name"].format(what=what, error=error.__name__, item=item,
                                                                          got=str(exc))
        return exc
    except Exception as exc:
        raise AssertionError(TEXT["expect_error: another exception"].format(what=what, error=error.__name__,
                                                  got=f"{type(exc).__name__}: {exc}")) from None
    raise AssertionError(TEXT["expect_error: nothing raised"].format(what=what, error=error.__name__))


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


# %% tags=["demo", "self_check"] title={"ru": "Дополнительные самопроверки (по желанию)", "en": "Optional extra self-checks"}
def _skips_unwritten(check):
    """The optional check, saying it is skipped where a function it checks is not written yet (NotImplementedError)."""
    @functools.wraps(check)
    def run(*functions, **options):
        try:
            check(*functions, **options)
        except NotImplementedError:
            print(TEXT["skipped"].format(names=", ".join(f.__name__ for f in functions)))
    return run


def passed(cases):
    print(TEXT["extra checks: passed"].format(cases=cases))


def expect(condition, key, **facts):
    """Stop at the first failing case, named in the notebook's language."""
    if not condition:
        raise AssertionError(TEXT[key].format(**facts))


@_skips_unwritten
def check_more_pick_device(pick_device):
    for cuda in (True, False):
        for mps in (True, False):
            with device_scenario(cuda, mps):
                device = pick_device()
            want = "cuda" if cuda else "mps" if mps else "cpu"
            expect(isinstance(device, torch.device) and device.type == want, "pick_device: scenario",
                   cuda=cuda, mps=mps, want=want, got=device)
    passed(4)


@_skips_unwritten
def check_more_measure_time(measure_time, cases=60):
    gen = torch.Generator().manual_seed(5)
    for case in range(cases):
        warmup, repeat = int(torch.randint(0, 4, (1,), generator=gen)), int(torch.randint(1, 8, (1,), generator=gen))
        durations = (torch.randint(1, 200, (warmup + repeat,), generator=gen) / 1e4).tolist()
        on_gpu = case % 2 == 1
        gpu = FakeGPU(FakeClock())
        work = sleeper(durations, gpu=gpu) if on_gpu else sleeper(durations, gpu.clock)
        with fake_clocks(gpu.clock), fake_cuda(gpu):
            ms = measure_time(work, case, device="cuda" if on_gpu else "cpu", repeat=repeat, warmup=warmup, tag="x")
        timed = sorted(d * 1e3 for d in durations[warmup:])
        low, high = timed[(repeat - 1) // 2], timed[repeat // 2]
        facts = dict(device="cuda" if on_gpu else "cpu", warmup=warmup, repeat=repeat,
                     durations=[round(d * 1e3, 1) for d in durations], low=low, high=high, got=ms, calls=len(work.calls))
        expect(len(work.calls) == warmup + repeat, "extra measure_time: calls", **facts)
        expect(all(call == ((case,), {"tag": "x"}) for call in work.calls), "extra measure_time: arguments", **facts)
        expect(isinstance(ms, float) and low * (1 - 1e-6) <= ms <= high * (1 + 1e-6), "extra measure_time: median", **facts)
    for kwargs, error in [({"repeat": 0}, ValueError), ({"warmup": -1}, ValueError), ({"device": "tpu"}, ValueError)]:
        work = sleeper([0.0])
        try:
            measure_time(work, **kwargs)
            raised = None
        except Exception as exc:
            raised = exc
        bad = str(list(kwargs.values())[0])
        expect(isinstance(raised, error) and bad in str(raised) and not work.calls, "extra measure_time: errors",
               call=kwargs, error=error.__name__, got=repr(raised), calls=len(work.calls))
    with fake_cuda(FakeGPU(FakeClock()), available=False):
        try:
            measure_time(sleeper([0.0]), device="cuda:0")
            raised = None
        except Exception as exc:
            raised = exc
    expect(isinstance(raised, RuntimeError) and "cuda" in str(raised).lower(), "extra measure_time: errors",
           call={"device": "cuda:0"}, error="RuntimeError", got=repr(raised), calls=0)
    passed(cases + 4)


@_skips_unwritten
def check_more_benchmark_ops(benchmark_ops, results_table, cases=20):
    gen = torch.Generator().manual_seed(7)
    every_op = {"add": torch.add, "mul": torch.mul, "sub": torch.sub, "max": torch.maximum}
    for case in range(cases):
        names = [name for name in every_op if torch.rand(1, generator=gen) < 0.6] or ["add"]
        ops = {name: every_op[name] for name in names}
        shapes = [tuple(torch.randint(1, 5, (int(torch.randint(1, 4, (1,), generator=gen)),), generator=gen).tolist())
                  for _ in range(int(torch.randint(1, 4, (1,), generator=gen)))]
        # the second tensor broadcasts against the first: shape is the first tensor's
        tensors = [(torch.randn(shape, generator=gen), torch.randn(shape[-1:], generator=gen)) for shape in shapes]
        originals = [tuple(t.clone() for t in pair) for pair in tensors]
        given = [tuple(pair) for pair in tensors]
        devices = [["cpu"], ["meta"], ["cpu", "meta"]][case % 3]
        said = {}

        def timer(fn, *args, device="cpu"):
            kind = torch.device(device).type  # "meta", "cpu", torch.device("cpu"): all spellings of a device
            on = [t.device.type for t in args]
            with CountTorchCalls() as counter:
                fn(*args)
            facts = dict(ops=names, shapes=shapes, devices=devices, device=kind, on=on, calls=counter.names)
            expect(on and all(d == kind for d in on), "extra benchmark_ops: timer's device", **facts)
            expect(counter.count == 1, "extra benchmark_ops: one operation", **facts)
            said[len(said)] = (kind, round(float(torch.rand(1, generator=gen)) * 10, 3))
            return said[len(said) - 1][1]

        results = benchmark_ops(tensors, ops, devices, timer=timer)
        facts = dict(ops=names, shapes=shapes, devices=devices, got=len(results), want=len(ops) * len(shapes))
        expect([tuple(pair) for pair in tensors] == given and all(
            t.device.type == "cpu" and torch.equal(t, o) for pair, opair in zip(tensors, originals)
            for t, o in zip(pair, opair)), "extra benchmark_ops: inputs changed", **facts)
        expect(len(results) == len(ops) * len(shapes) and len(said) == len(ops) * len(shapes) * len(devices),
               "extra benchmark_ops: count", **facts)
        returned = {}
        for device, ms in said.values():
            returned.setdefault(device, set()).add(ms)
        for r in results:
            expect(isinstance(r, OpResult) and r.op in ops and tuple(r.shape) in shapes, "extra benchmark_ops: not an OpResult",
                   result=r, **facts)
            for field, device in (("cpu_ms", "cpu"), ("gpu_ms", "meta")):
                value = getattr(r, field)
                ok = value in returned[device] if device in devices else value is None
                expect(ok, "extra benchmark_ops: time fields", result=r, field=field, **facts)
        rows = [OpResult(str(r.op), tuple(r.shape), r.cpu_ms, r.gpu_ms) for r in results]
        table = results_table(rows)
        expect(list(table.field_names) == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], "extra results_table: columns",
               got=table.field_names)
        for r, row in zip(rows, table.rows):
            cpu = "n/a" if r.cpu_ms is None else f"{r.cpu_ms:.3f}"
            gpu = "n/a" if r.gpu_ms is None else f"{r.gpu_ms:.3f}"
            speed = "n/a" if r.cpu_ms is None or r.gpu_ms is None else f"{r.cpu_ms / r.gpu_ms:.2f}x"
            want = [f"{r.op} {'x'.join(map(str, r.shape))}", cpu, gpu, speed]
            expect([str(cell).strip() for cell in row] == want, "extra results_table: row", result=r, want=want, got=row)
    passed(cases)


@_skips_unwritten
def check_more_throughput(matmul_tflops, elementwise_gbps, cases=200):
    gen = torch.Generator().manual_seed(11)
    for _ in range(cases):
        sizes = torch.randint(0, 4, (int(torch.randint(0, 3, (1,), generator=gen)),), generator=gen).tolist()
        pick = torch.randint(0, 3, (len(sizes),), generator=gen).tolist()  # per dimension (d, 1), (1, d) or (d, d)
        batch = [1 if p == 1 else d for d, p in zip(sizes, pick)]
        other = [1 if p == 0 else d for d, p in zip(sizes, pick)]
        shorter = int(torch.randint(0, 3, (1,), generator=gen))  # 0: neither, 1: b's batch, 2: a's batch is shorter
        batch, other = (batch[1:], other) if shorter == 2 else (batch, other[shorter:])
        n, k, m = torch.randint(1, 500, (3,), generator=gen).tolist()
        ms = float(torch.rand(1, generator=gen)) * 50 + 0.001
        shape_a, shape_b = tuple(batch) + (n, k), tuple(other) + (k, m)
        matrices = torch.broadcast_shapes(tuple(batch), tuple(other)).numel()
        want = 2 * matrices * n * k * m / (ms / 1e3) / 1e12
        got = matmul_tflops(shape_a, shape_b, ms)
        expect(isinstance(got, float) and math.isclose(got, want, rel_tol=1e-9), "extra matmul_tflops: value",
               shape_a=shape_a, shape_b=shape_b, ms=ms, want=want, got=got)
        dtype = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.complex64][int(
            torch.randint(0, 6, (1,), generator=gen))]
        numel, moved = int(torch.randint(0, 10**9, (1,), generator=gen)), int(torch.randint(1, 5, (1,), generator=gen))
        want = numel * torch.empty((), dtype=dtype).element_size() * moved / (ms / 1e3) / 1e9
        got = elementwise_gbps(numel, dtype, moved, ms)
        expect(isinstance(got, float) and math.isclose(got, want, rel_tol=1e-9), "extra elementwise_gbps: value",
               numel=numel, dtype=dtype, moved=moved, ms=ms, want=want, got=got)
    passed(2 * cases)


@_skips_unwritten
def check_more_outer(outer_products_vectorized, cases=100):
    gen = torch.Generator().manual_seed(13)
    for case in range(cases):
        B, n, m = torch.randint(1, 12, (3,), generator=gen).tolist()
        dtype = (torch.float32, torch.float64)[case % 2]
        a, b = torch.randn(B, n, generator=gen, dtype=dtype), torch.randn(B, m, generator=gen, dtype=dtype)
        a_copy, b_copy = a.clone(), b.clone()
        got = outer_products_vectorized(a, b)
        want = torch.einsum("bi,bj->bij", a, b)
        expect(isinstance(got, torch.Tensor) and got.shape == want.shape and got.dtype == dtype
               and torch.allclose(got, want, rtol=1e-6, atol=1e-7), "extra outer_products_vectorized: values",
               B=B, n=n, m=m, dtype=dtype, got=getattr(got, "shape", got))
        expect(torch.equal(a, a_copy) and torch.equal(b, b_copy), "extra outer_products_vectorized: inputs changed", B=B, n=n, m=m)
    counts = {}
    for B in (3, 48):
        with CountTorchCalls() as counter:
            outer_products_vectorized(torch.randn(B, 4, generator=gen), torch.randn(B, 6, generator=gen))
        counts[B] = counter.count
    expect(counts[3] == counts[48] and counts[48] <= 10, "extra outer_products_vectorized: no loop", few=counts[3], many=counts[48])
    passed(cases + 2)


@_skips_unwritten
def check_more_sizes(bytes_per_element, max_elements, cases=200):
    gen = torch.Generator().manual_seed(17)
    dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16,
              torch.int32, torch.int64, torch.bool, torch.complex64, torch.complex128]
    for dtype in dtypes:
        size = torch.empty((), dtype=dtype).element_size()
        got = bytes_per_element(dtype)
        expect(type(got) is int and got == size, "extra bytes_per_element: value", dtype=dtype, want=size, got=got)
    for _ in range(cases):
        dtype = dtypes[int(torch.randint(0, len(dtypes), (1,), generator=gen))]
        free = int(torch.randint(0, 2**40, (1,), generator=gen))
        want = free // torch.empty((), dtype=dtype).element_size()
        got = max_elements(free, dtype)
        expect(type(got) is int and got == want, "extra max_elements: value", free=free, dtype=dtype, want=want, got=got)
    passed(len(dtypes) + cases)


@_skips_unwritten
def check_more_find_max(find_max_allocatable, cases=200):
    gen = torch.Generator().manual_seed(19)
    for case in range(cases):
        hi = int(torch.randint(0, 2**int(torch.randint(1, 41, (1,), generator=gen)), (1,), generator=gen))
        capacity = int(torch.randint(0, 2 * hi + 2, (1,), generator=gen))
        limit = 2 * math.ceil(math.log2(hi + 1)) + 2
        fake = FakeAllocator(capacity, error=(MemoryError, OOM_ERROR)[case % 2], max_calls=limit)
        facts = dict(hi=hi, capacity=capacity, limit=limit)
        try:
            found = find_max_allocatable(fake, hi)
        except TooManyCalls:
            expect(False, "extra find_max_allocatable: calls", calls=len(fake.calls), **facts)
        expect(type(found) is int and found == min(hi, capacity), "extra find_max_allocatable: answer",
               want=min(hi, capacity), got=found, **facts)
        expect(all(isinstance(n, int) and 0 <= n <= hi for n in fake.calls), "extra find_max_allocatable: range", **facts)
        expect(not fake.violations and not fake.alive(), "extra find_max_allocatable: alive", **facts)

    def buggy(n):
        raise ValueError("a bug, not a lack of memory")

    try:
        find_max_allocatable(buggy, 10)
        raised = None
    except Exception as exc:
        raised = exc
    expect(isinstance(raised, ValueError), "extra find_max_allocatable: other error", got=repr(raised))
    passed(cases + 1)


@_skips_unwritten
def check_more_linear(linear_forward_memory, cases=200):
    gen = torch.Generator().manual_seed(23)
    dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
    for _ in range(cases):
        batch, fan_in, fan_out = torch.randint(1, 8193, (3,), generator=gen).tolist()
        dtype, bias = dtypes[int(torch.randint(0, 4, (1,), generator=gen))], bool(torch.randint(0, 2, (1,), generator=gen))
        layer = nn.Linear(fan_in, fan_out, bias=bias, device="meta", dtype=dtype)
        want = sum(p.numel() for p in layer.parameters()) + batch * (fan_in + fan_out)
        want *= torch.empty((), dtype=dtype).element_size()
        got = linear_forward_memory(batch, fan_in, fan_out, dtype, bias=bias)
        expect(type(got) is int and got == want, "extra linear_forward_memory: value", batch=batch, fan_in=fan_in, fan_out=fan_out,
               dtype=dtype, bias=bias, want=want, got=got)
    passed(cases)


@_skips_unwritten
def check_more_top_ops(top_ops):
    gen = torch.Generator().manual_seed(29)
    scale = float(torch.rand(1, generator=gen)) * 0.2 + 1  # self times: b 3 x 40 ms, a 80 ms, c 50 ms, wrapper ~0
    slept = {}  # what each range really slept: a busy machine wakes a sleeper late, so the check ranks by these

    def sleep(name, seconds):
        start = time.perf_counter()
        time.sleep(seconds * scale)
        slept[name] = slept.get(name, 0.0) + time.perf_counter() - start

    def staged():
        with record_function("wrapper"):
            with record_function("a"):
                sleep("a", 0.08)
        for _ in range(3):
            with record_function("b"):
                sleep("b", 0.04)
        with record_function("c"):
            sleep("c", 0.05)
        torch.ones(4) + 1

    for k in (3, 100):
        slept.clear()
        got = top_ops(staged, k=k)
        want = sorted(slept, key=slept.get, reverse=True)
        ok = isinstance(got, list) and all(isinstance(name, str) for name in got)
        ok = ok and sorted(got[:3]) == sorted(want) and len(got) == len(set(got))
        ok = ok and all(slept[first] >= slept[second] - 0.01 for first, second in zip(got[:2], got[1:3]))
        ok = ok and (len(got) == 3 if k == 3 else 5 <= len(got) < k)
        expect(ok, "extra top_ops: order", k=k, want=want, got=got)
    passed(2)


# %% [markdown] tags=["ru"]
# ## 1. Какое устройство у нас есть (≈ 10 минут)
#
# PyTorch считает на `cuda` (видеокарта NVIDIA; AMD с ROCm тоже называется `cuda`), `mps` (GPU
# компьютеров Apple) и `cpu` (есть всегда). Устройство описывает объект `torch.device`: его
# передают в `tensor.to(...)` и `torch.zeros(..., device=...)`, у него есть `.type` и `.index`, а
# опечатку вроде `"gpu"` PyTorch заметит сразу.
# Документация: [`torch.device`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-device),
# [`torch.cuda.is_available`](https://pytorch.org/docs/stable/generated/torch.cuda.is_available.html),
# [`torch.backends.mps`](https://pytorch.org/docs/stable/backends.html#torch-backends-mps).
#
# ### Задание 1 (1 балл)
#
# Напишите `pick_device()`: верните `torch.device("cuda")`, если `torch.cuda.is_available()`, иначе
# `torch.device("mps")`, если `torch.backends.mps.is_available()`, иначе `torch.device("cpu")`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Результат — объект `torch.device`, не строка. Проверки подменяют функции, сообщающие о
# доступности устройств, и проверяют все четыре сочетания (CUDA есть или нет, MPS есть или нет)
# на машине без GPU.
# </details>

# %% [markdown] tags=["en"]
# ## 1. Which device do we have (≈ 10 minutes)
#
# PyTorch computes on `cuda` (an NVIDIA GPU; an AMD one with ROCm says `cuda` too), `mps` (the GPU
# of Apple computers) and `cpu` (always there). A `torch.device` object names a device: it goes
# into `tensor.to(...)` and `torch.zeros(..., device=...)`, it has `.type` and `.index`, and
# PyTorch rejects a typo such as `"gpu"` at once.
# Documentation: [`torch.device`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-device),
# [`torch.cuda.is_available`](https://pytorch.org/docs/stable/generated/torch.cuda.is_available.html),
# [`torch.backends.mps`](https://pytorch.org/docs/stable/backends.html#torch-backends-mps).
#
# ### Exercise 1 (1 point)
#
# Write `pick_device()`: return `torch.device("cuda")` if `torch.cuda.is_available()`, else
# `torch.device("mps")` if `torch.backends.mps.is_available()`, else `torch.device("cpu")`.
#
# <details><summary>What grading checks</summary>
#
# The result is a `torch.device` object, not a string. The checks replace the functions that
# report which devices are available, and try all four combinations (CUDA or not, MPS or not) on a
# machine without a GPU.
# </details>

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
assert isinstance(device, torch.device), TEXT["pick_device: not a torch.device"].format(got=type(device).__name__)
assert device.type in ("cuda", "mps", "cpu"), TEXT["pick_device: unexpected type"].format(got=device.type)
if torch.cuda.is_available():
    assert device.type == "cuda", TEXT["pick_device: cuda here"]
for cuda, mps, want in [(True, True, "cuda"), (False, True, "mps"), (False, False, "cpu")]:
    with device_scenario(cuda, mps):  # the checks' helper: the machine reports these devices
        picked = pick_device()
    assert isinstance(picked, torch.device) and picked.type == want, (
        TEXT["pick_device: scenario"].format(cuda=cuda, mps=mps, want=want, got=picked))
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
for cuda, mps in [(True, True), (True, False), (False, True), (False, False)]:
    with device_scenario(cuda, mps):
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


# %% tags=["demo", "self_check"]
check_more_pick_device(pick_device)


# %% [markdown] tags=["ru"]
# ## 2. Как честно измерить время (≈ 60 минут)
#
# При вызове `c = a @ b` с тензорами на GPU PyTorch выбирает ядро (kernel), **ставит его в
# очередь** видеокарты и сразу возвращает управление: тензор `c` уже есть, но числа в нём появятся
# позже. Таймер, остановленный сразу после вызова, измеряет только постановку в очередь. Чтобы
# измерить работу, дождитесь её: `torch.cuda.synchronize()`, или поставьте в ту же очередь
# **события CUDA** (`torch.cuda.Event(enable_timing=True)`), и видеокарта сама запишет время, когда
# дойдёт до них.
#
# ![CPU ставит ядра в очередь, GPU выполняет их позже](attachment:async_timeline.png)
#
# *Схема, не замер: длительности выбраны для наглядности.*
#
# Ещё три правила:
#
# - **Прогрев.** Первый вызов платит за разовые действия (контекст CUDA, загрузка ядер, cuBLAS,
#   выбор алгоритма, пул памяти). Несколько первых вызовов выполняют, но не считают.
# - **Повторы и медиана.** Один замер случаен. Медиана устойчива к выбросам, среднее нет: если 9
#   вызовов длятся по 1 мс, а один 100 мс, среднее 10,9 мс, медиана 1 мс.
# - **Единицы.** `time.perf_counter()` возвращает секунды; `Event.elapsed_time` — миллисекунды.
#
# Документация: [асинхронное выполнение](https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution),
# [`torch.cuda.Event`](https://pytorch.org/docs/stable/generated/torch.cuda.Event.html),
# [`torch.cuda.synchronize`](https://pytorch.org/docs/stable/generated/torch.cuda.synchronize.html),
# [`time.perf_counter`](https://docs.python.org/3/library/time.html#time.perf_counter).
#
# Ячейка ниже измеряет первое умножение матриц и следующие (на GPU, если он есть, иначе на CPU, где
# разница обычно меньше).

# %% [markdown] tags=["en"]
# ## 2. How to measure time honestly (≈ 60 minutes)
#
# In `c = a @ b` with tensors on a GPU, PyTorch picks a kernel, **queues** it on the GPU and
# returns at once: the tensor `c` exists, but its numbers come later. A timer stopped right after
# the call measures only the queueing. To measure the work, wait for it: `torch.cuda.synchronize()`,
# or put **CUDA events** (`torch.cuda.Event(enable_timing=True)`) into the same queue, and the GPU
# itself records the time when it reaches them.
#
# ![The CPU queues kernels, the GPU runs them later](attachment:async_timeline.png)
#
# *A sketch, not a measurement: the durations are chosen to show the idea.*
#
# Three more rules:
#
# - **Warm-up.** The first call pays for one-time work (the CUDA context, loading kernels, cuBLAS,
#   choosing an algorithm, the memory pool). Run a few calls first and do not count them.
# - **Repeats and the median.** One measurement is a matter of chance. The median survives
#   outliers, the mean does not: when 9 calls take 1 ms and one takes 100 ms, the mean is 10.9 ms,
#   the median 1 ms.
# - **Units.** `time.perf_counter()` returns seconds; `Event.elapsed_time` milliseconds.
#
# Documentation: [asynchronous execution](https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution),
# [`torch.cuda.Event`](https://pytorch.org/docs/stable/generated/torch.cuda.Event.html),
# [`torch.cuda.synchronize`](https://pytorch.org/docs/stable/generated/torch.cuda.synchronize.html),
# [`time.perf_counter`](https://docs.python.org/3/library/time.html#time.perf_counter).
#
# The cell below times the first matrix product and the ones after it (on a GPU if there is one,
# else on the CPU, where the gap is usually smaller).

# %% figure="async_timeline"
import matplotlib.pyplot as plt
T = {"ru": {"title": "GPU работает асинхронно: CPU ставит ядра в очередь и идёт дальше",
            "cpu": "CPU\n(Python)", "gpu": "GPU", "launch": "запуск", "kernel": "ядро a @ b", "wait": "synchronize(): ждёт",
            "start": "start = perf_counter()", "nosync": "таймер без synchronize\nостанавливается здесь",
            "sync": "с synchronize —\nздесь", "x": "время (мс)"},
     "en": {"title": "A GPU runs asynchronously: the CPU queues kernels and moves on",
            "cpu": "CPU\n(Python)", "gpu": "GPU", "launch": "launch", "kernel": "kernel a @ b", "wait": "synchronize(): waits",
            "start": "start = perf_counter()", "nosync": "a timer without synchronize\nstops here",
            "sync": "with synchronize:\nhere", "x": "time (ms)"}}[lang]
fig, ax = plt.subplots(figsize=(8, 3.6))
launches = [(0.2, 0.25), (0.5, 0.25), (0.8, 0.25)]  # (start, length) of each launch on the CPU, ms
kernel_ms, gpu_free = 1.6, 0.0
for i, (begin, length) in enumerate(launches):
    ax.broken_barh([(begin, length)], (1.6, 0.6), facecolor="tab:blue")
    start = max(begin + length, gpu_free)  # a kernel starts once launched and once the GPU is free
    ax.broken_barh([(start, kernel_ms)], (0.4, 0.6), facecolor="tab:green", edgecolor="white")
    ax.text(start + kernel_ms / 2, 0.7, f"{T['kernel']} #{i + 1}", ha="center", va="center", color="white", fontsize=9)
    gpu_free = start + kernel_ms
ax.text(0.5 + 0.125, 2.35, T["launch"] + " ×3", ha="center", fontsize=9)
stop = launches[-1][0] + launches[-1][1]
ax.broken_barh([(stop, gpu_free - stop)], (1.6, 0.6), facecolor="lightgray", hatch="//", edgecolor="gray")
ax.text((stop + gpu_free) / 2, 1.9, T["wait"], ha="center", va="center", fontsize=9,
        bbox={"facecolor": "white", "edgecolor": "none"})
for x, text, color in [(0.2, T["start"], "black"), (stop, T["nosync"], "tab:red"), (gpu_free, T["sync"], "tab:green")]:
    ax.axvline(x, color=color, linestyle="--", linewidth=1.2)
ax.text(0.22, 2.95, T["start"], fontsize=9)
ax.text(stop + 0.05, -0.45, T["nosync"], color="tab:red", fontsize=9, va="top")
ax.text(gpu_free - 0.05, -0.45, T["sync"], color="tab:green", fontsize=9, ha="right", va="top")
ax.set_yticks([0.7, 1.9], [T["gpu"], T["cpu"]])
ax.set_ylim(-1.4, 3.3)
ax.set_xlim(0, gpu_free + 0.3)
ax.set_xlabel(T["x"])
ax.set_title(T["title"], fontsize=11)
for side in ("top", "right", "left"):
    ax.spines[side].set_visible(False)
fig.tight_layout()


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
print(TEXT["warm-up: first calls"].format(device=demo_device, times=" ".join(f"{t:.3f}" for t in first_calls),
                               ratio=first_calls[0] / statistics.median(first_calls[1:])))
del x_demo

# %% [markdown] tags=["ru"]
# Без синхронизации (только на GPU) «время» умножения матриц 4096×4096 не зависит от работы;
# ячейка печатает, во сколько раз оно меньше настоящего.

# %% [markdown] tags=["en"]
# Without synchronization (GPU only) the "time" of a 4096×4096 matrix product has nothing to do
# with the work; the cell prints how many times smaller than the real time it is.

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
    print(TEXT["synchronize: with and without"].format(no_sync=no_sync_ms, sync=sync_ms, ratio=sync_ms / no_sync_ms))
    del a_sync
else:
    print(TEXT["synchronize: no GPU"])

# %% [markdown] tags=["ru"]
# ### Задание 2 (4 балла: четыре части по 1 баллу)
#
# Напишите `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`: вызовите
# `fn(*args, **kwargs)` `warmup` раз без замера, затем `repeat` раз, измеряя каждый вызов, и
# верните **медиану** замеров в **миллисекундах** (`float`). На CPU измеряйте
# `time.perf_counter()` до и после вызова; при `device="cuda"` — событиями CUDA (или
# `perf_counter` с `torch.cuda.synchronize()`). Неизвестное устройство, `repeat < 1` или
# `warmup < 0` — `ValueError`; `"cuda"` без CUDA — `RuntimeError`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - **Вызовы.** Ровно `warmup + repeat` вызовов (по умолчанию 2 + 10), каждый с теми аргументами,
#   что передал вызывающий, и только с ними.
# - **Замер на CPU.** Медиана `repeat` замеров в миллисекундах, `float` (при чётном числе замеров —
#   любое значение между двумя центральными, если расставить замеры по возрастанию: для 1, 2, 6 и
#   9 мс — от 2 до 6), с точностью до миллионной доли. Подходят любые часы
#   модуля `time`, измеряющие прошедшее время (`perf_counter`, `perf_counter_ns`, `monotonic`,
#   `time`), как бы вы к ним ни обращались: проверки подменяют их часами, которые идут только пока
#   работает тестовая нагрузка. Часы процессорного времени (`process_time`) не подходят: ожидание
#   в них не входит.
# - **Ошибки.** `device` — `"cpu"`, `"cuda"` или `"mps"`, с номером (`"cuda:0"`) или без, либо
#   `torch.device` этих типов; все формы работают одинаково. `ValueError` для неизвестного
#   устройства (`"tpu"`, `"gpu"`), `repeat < 1` и `warmup < 0`, с текстом, где названо неверное
#   значение; `RuntimeError` с текстом, где названо `cuda`, если CUDA просят (`"cuda"`, `"cuda:0"`,
#   `torch.device("cuda", 0)`), а она недоступна. Аргументы проверяются до первого вызова `fn`.
# - **Ветка CUDA.** Медиана времени работы GPU на замеренных вызовах. События создаются с
#   `enable_timing=True`, `record()` до и после вызова, и их дожидаются (`end.synchronize()` или
#   `torch.cuda.synchronize()`) перед `elapsed_time`; либо часы `time` с `torch.cuda.synchronize()`
#   после прогрева и после каждого вызова. Проверки подменяют `torch.cuda` имитацией видеокарты:
#   её нагрузка только ставит работу в очередь, а `elapsed_time`, как настоящий, отказывает
#   событиям без `enable_timing=True` и событиям, до которых GPU ещё не дошёл. На машине с GPU
#   проверки ещё измеряют настоящую работу (`torch.cuda._sleep`): вдвое больше работы должно
#   занять примерно вдвое больше времени.
# - `device="mps"` поддерживать можно, но не обязательно; он не проверяется.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 2 (4 points: four parts of 1 point)
#
# Write `measure_time(fn, *args, device="cpu", repeat=10, warmup=2, **kwargs)`: call
# `fn(*args, **kwargs)` `warmup` times without timing, then `repeat` times, timing each call, and
# return the **median** of the times in **milliseconds** (a `float`). On the CPU, read
# `time.perf_counter()` before and after the call; with `device="cuda"`, use CUDA events (or
# `perf_counter` with `torch.cuda.synchronize()`). An unknown device, `repeat < 1` or `warmup < 0`
# raise `ValueError`; `"cuda"` without CUDA raises `RuntimeError`.
#
# <details><summary>What grading checks</summary>
#
# - **Calls.** Exactly `warmup + repeat` calls (2 + 10 by default), each with the arguments the
#   caller passed and no others.
# - **CPU timing.** The median of the `repeat` times in milliseconds, a `float` (for an even number
#   of times, any value between the two middle ones in sorted order: for 1, 2, 6 and 9 ms, from 2 to
#   6), to a millionth. Any clock of the `time` module
#   that measures elapsed time will do (`perf_counter`, `perf_counter_ns`, `monotonic`, `time`),
#   however your code reaches it: the checks replace these clocks with one that moves only while
#   the test workload runs. A CPU-time clock (`process_time`) will not do: waiting is not CPU time.
# - **Errors.** `device` is `"cpu"`, `"cuda"` or `"mps"`, with an index (`"cuda:0"`) or without, or
#   a `torch.device` of those types; all forms work alike. `ValueError` for an unknown device
#   (`"tpu"`, `"gpu"`), `repeat < 1` and `warmup < 0`, with a message that names the bad value;
#   `RuntimeError`, with a message that names `cuda`, when CUDA is asked for (`"cuda"`, `"cuda:0"`,
#   `torch.device("cuda", 0)`) and is not available. The arguments are checked before the first
#   call of `fn`.
# - **The CUDA branch.** The median GPU time of the timed calls. Events are created with
#   `enable_timing=True`, recorded before and after the call, and waited for (`end.synchronize()`
#   or `torch.cuda.synchronize()`) before `elapsed_time`; or a `time` clock with
#   `torch.cuda.synchronize()` after the warm-up and after each call. The checks replace
#   `torch.cuda` with a pretend GPU: its workload only queues work, and its `elapsed_time`, like the
#   real one, refuses events created without `enable_timing=True` and events the GPU has not reached
#   yet. On a machine with a GPU the checks also time real GPU work (`torch.cuda._sleep`): twice the
#   work must take about twice as long.
# - `device="mps"` may be supported, but need not be; it is not checked.
# </details>

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
assert isinstance(ms, float), TEXT["visible: not a float"].format(name="measure_time", got=type(ms).__name__)
assert len(nap.calls) == 4, TEXT["measure_time: 4 calls"].format(got=len(nap.calls))
assert 9.5 <= ms < 1000, TEXT["measure_time: about 10 ms"].format(got=ms)
print(TEXT["visible checks: passed"])
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
    # one warm-up call of 80 ms, then timed calls of 4, 9 and 5 ms: the median 5, the mean 6, the fastest 4
    ms = measure_time(sleeper([0.08, 0.004, 0.009, 0.005], clock), repeat=3, warmup=1)
assert isinstance(ms, float), TEXT["visible: not a float"].format(name="measure_time", got=type(ms).__name__)
assert abs(ms - 5.0) < 1e-6, TEXT["measure_time: median on the CPU"].format(got=ms)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
CPU_SCENARIOS = {  # name: (durations of the calls in seconds, warmup, repeat)
    "slow warm-up": ([0.08, 0.08, 0.08, 0.004, 0.006, 0.005], 3, 3),
    "one outlier": ([0.005, 0.005, 0.005, 0.25, 0.005, 0.005], 1, 5),
    "median, not minimum": ([0.0, 0.02, 0.004, 0.02, 0.004, 0.02], 1, 5),
    "even count": ([0.0, 0.01, 0.002, 0.006, 0.03], 1, 4),
    "below a millisecond": ([0.001, 0.00025, 0.00075, 0.0005], 1, 3),
    "one call": ([0.0123], 0, 1),
    "the visible example": ([0.08, 0.004, 0.009, 0.005], 1, 3),
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
expect_error(ValueError, measure_time, nap, warmup=-1, mention=[-1], what="warmup=-1")
expect_error(ValueError, measure_time, nap, device="tpu", mention=["tpu"], what='device="tpu"')
with fake_cuda(FakeGPU(FakeClock()), available=False):  # as on a machine without CUDA
    expect_error(RuntimeError, measure_time, nap, device="cuda", mention=["cuda"], what='device="cuda"')
assert not nap.calls, TEXT["measure_time: errors before fn"]
with fake_clocks(FakeClock()) as clock:  # the smallest valid call: one timed call of 2 ms, no warm-up
    once = sleeper([0.002], clock)
    try:
        ms = measure_time(once, repeat=1, warmup=0)
    except ValueError as error:
        raise AssertionError(TEXT["measure_time: repeat=1 raised"].format(error=f"ValueError: {error}")) from None
assert len(once.calls) == 1 and abs(ms - 2.0) < 1e-6, TEXT["measure_time: repeat=1, warmup=0"].format(ms=ms, calls=len(once.calls))
print(TEXT["visible checks: passed"])
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
# each call queues GPU work and returns at once: one warm-up of 50 ms, then calls of 2, 7 and 3 ms
gpu_work = sleeper([0.05, 0.002, 0.007, 0.003], gpu=pretend_gpu)
with fake_clocks(pretend_gpu.clock), fake_cuda(pretend_gpu):
    ms = measure_time(gpu_work, device="cuda", repeat=3, warmup=1)
assert isinstance(ms, float), TEXT["visible: not a float"].format(name="measure_time", got=type(ms).__name__)
assert len(gpu_work.calls) == 4, TEXT["measure_time: 4 calls on cuda"].format(got=len(gpu_work.calls))
assert abs(ms - 3.0) < 1e-6, TEXT["measure_time: median on cuda"].format(got=ms)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
if torch.cuda.is_available():  # a grader with a real GPU: time real GPU work too
    for cycles in (10_000_000, 20_000_000):
        probe.call(f"real GPU: measure_time(torch.cuda._sleep, {cycles})", measure_time, torch.cuda._sleep, cycles,
                   device="cuda", repeat=3, warmup=1)
CUDA_SCENARIOS = {
    "slow warm-up": ([0.08, 0.08, 0.08, 0.004, 0.006, 0.005], 3, 3),
    "one outlier": ([0.005, 0.005, 0.005, 0.25, 0.005, 0.005], 1, 5),
    "median, not minimum": ([0.0, 0.02, 0.004, 0.02, 0.004, 0.02], 1, 5),
    "the visible example": ([0.05, 0.002, 0.007, 0.003], 1, 3),
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


# %% tags=["demo", "self_check"]
check_more_measure_time(measure_time)


# %% [markdown] tags=["ru"]
# #### Транспонирование — это представление, а не копия
#
# `x.transpose(-2, -1)` (или `x.mT`) меняет только шаги (strides): данные остаются на месте, и его
# время одно и то же для тензора в 1 МиБ и в 16 МиБ. Настоящая работа — `.contiguous()`, копия в
# новом порядке; её и измеряет таблица сравнения.
# Документация: [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.contiguous.html),
# [представления](https://pytorch.org/docs/stable/tensor_view.html).

# %% [markdown] tags=["en"]
# #### A transpose is a view, not a copy
#
# `x.transpose(-2, -1)` (or `x.mT`) changes only the strides: the data stays where it is, and it
# takes the same time for a 1 MiB tensor and a 16 MiB one. The real work is `.contiguous()`, a copy
# in the new order; that is what the comparison table times.
# Documentation: [`torch.transpose`](https://pytorch.org/docs/stable/generated/torch.transpose.html),
# [`Tensor.contiguous`](https://pytorch.org/docs/stable/generated/torch.Tensor.contiguous.html),
# [views](https://pytorch.org/docs/stable/tensor_view.html).

# %% tags=["demo"]
with needs("measure_time"):
    for side in (256, 1024):
        x_t = torch.randn(4, side, side)
        view = x_t.transpose(-2, -1)
        view_ms = measure_time(lambda: x_t.transpose(-2, -1), repeat=5, warmup=1)
        copy_ms = measure_time(lambda: x_t.transpose(-2, -1).contiguous(), repeat=5, warmup=1)
        print(TEXT["transpose: view and copy"].format(side=side, mib=x_t.numel() * 4 / MiB, same=view.data_ptr() == x_t.data_ptr(),
                                         contiguous=view.is_contiguous(), view=view_ms, copy=copy_ms))
    del x_t, view

# %% [markdown] tags=["ru"]
# #### Короткие операции: замеряйте блок вызовов
#
# Каждый вызов стоит постоянных накладных расходов: Python, выбор ядра, на GPU ещё и запуск ядра
# (микросекунды). Пока работы мало, время вызова — почти одни эти расходы; с ростом размера оно
# растёт пропорционально байтам, которые надо перенести. На графике это простая модель (не замер):
# GPU платит за вызов больше, но переносит байты быстрее.
#
# ![Время вызова от размера, log-log](attachment:launch_overhead.png)
#
# *Модель: время = накладные расходы + байты / пропускная способность; для GPU — 10 мкс на вызов и
# 320 ГБ/с (память T4 по её спецификации), для CPU — 1 мкс и 20 ГБ/с (предположение для обычного
# CPU). Числа иллюстративные; ваши замеры ниже.*
#
# `measure_time` замеряет каждый вызов между двумя событиями, и промежуток запуска попадает в замер.
# Короткие операции поэтому замеряют **блоком**: `number` вызовов подряд между одной парой событий,
# время делят на `number`; пока CPU запускает следующий вызов, GPU выполняет предыдущий. Так
# работает [`torch.utils.benchmark.Timer`](https://pytorch.org/docs/stable/benchmark_utils.html)
# (`blocked_autorange`); ещё один способ — [CUDA Graphs](https://pytorch.org/docs/stable/notes/cuda.html#cuda-graphs).
# Готовая функция `blocked_time` ниже делает то же: на GPU удваивает `number`, пока блок не
# продлится 10 мс, на CPU повторяет вызов, пока не пройдёт 10 мс.

# %% [markdown] tags=["en"]
# #### Short operations: time a block of calls
#
# Every call pays a fixed overhead: Python, choosing the kernel, and on a GPU launching it
# (microseconds). While the work is small, a call's time is nearly all overhead; as the size grows,
# the time grows with the bytes to move. The chart is a simple model (not a measurement): a GPU pays
# more per call, but moves bytes faster.
#
# ![Time of a call against size, log-log](attachment:launch_overhead.png)
#
# *Model: time = overhead + bytes / bandwidth; for the GPU 10 µs per call and 320 GB/s (a T4's
# memory, from its datasheet), for the CPU 1 µs and 20 GB/s (an assumption for an ordinary CPU).
# The numbers are illustrative; your measurements follow.*
#
# `measure_time` times each call between two events, so the launch gap is inside the measurement.
# Short operations are therefore timed in **blocks**: `number` calls back to back between one pair
# of events, the time divided by `number`; while the CPU launches the next call, the GPU runs the
# previous one. That is how [`torch.utils.benchmark.Timer`](https://pytorch.org/docs/stable/benchmark_utils.html)
# (`blocked_autorange`) works; another way is [CUDA Graphs](https://pytorch.org/docs/stable/notes/cuda.html#cuda-graphs).
# The given function `blocked_time` below does the same: on a GPU it doubles `number` until a block
# lasts 10 ms, on the CPU it repeats the call until 10 ms have passed.

# %% figure="launch_overhead"
import matplotlib.pyplot as plt
import numpy as np
T = {"ru": {"title": "Модель: время вызова = накладные расходы + байты / пропускная способность",
            "x": "элементов float32 в каждом тензоре (a + b: 3 тензора)", "y": "время одного вызова (мкс)",
            "gpu": "GPU: 10 мкс + байты / 320 ГБ/с (T4)", "cpu": "CPU: 1 мкс + байты / 20 ГБ/с",
            "floor": "накладные расходы GPU: 10 мкс", "edge": "здесь работа\nравна накладным расходам",
            "fixed": "время почти не зависит от размера", "bw": "время растёт с размером",
            "cross": "дальше GPU быстрее"},
     "en": {"title": "Model: time of a call = overhead + bytes / bandwidth",
            "x": "float32 elements in each tensor (a + b: 3 tensors)", "y": "time of one call (µs)",
            "gpu": "GPU: 10 µs + bytes / 320 GB/s (T4)", "cpu": "CPU: 1 µs + bytes / 20 GB/s",
            "floor": "GPU overhead: 10 µs", "edge": "here the work\nequals the overhead",
            "fixed": "time hardly depends on size", "bw": "time grows with size",
            "cross": "from here on the GPU is faster"}}[lang]
n = np.logspace(1, 9, 200)
bytes_moved = 3 * 4 * n
gpu = 10 + bytes_moved / 320e9 * 1e6
cpu = 1 + bytes_moved / 20e9 * 1e6
fig, ax = plt.subplots(figsize=(8, 4.5))
ax.loglog(n, gpu, color="tab:green", linewidth=2.5, label=T["gpu"])
ax.loglog(n, cpu, color="tab:blue", linewidth=2.5, label=T["cpu"])
ax.axhline(10, color="tab:green", linestyle=":", linewidth=1)
ax.text(15, 12, T["floor"], color="tab:green")
edge = 10e-6 * 320e9 / 12  # elements at which bytes / bandwidth equals 10 µs
ax.axvline(edge, color="gray", linestyle="--", linewidth=1)
ax.annotate(T["edge"], xy=(edge, 20), xytext=(edge * 8, 2), arrowprops={"arrowstyle": "->", "color": "gray"})
ax.text(15, 28, T["fixed"], fontsize=9, color="dimgray")
ax.text(4e5, 2e5, T["bw"], fontsize=9, color="dimgray")
cross = 9e-6 / (12 / 20e9 - 12 / 320e9)  # elements where the two lines meet
ax.plot([cross], [1 + 12 * cross / 20e9 * 1e6], "ko", markersize=5)
ax.annotate(T["cross"], xy=(cross, 11), xytext=(cross * 3, 0.9), arrowprops={"arrowstyle": "->"})
ax.set_xlabel(T["x"])
ax.set_ylabel(T["y"])
ax.set_title(T["title"], fontsize=11)
ax.set_ylim(0.5, 1e6)
ax.legend(loc="upper left")
ax.grid(True, which="major", alpha=0.3)
fig.tight_layout()


# %% tags=["demo"] title={"ru": "blocked_time: замер блоками вызовов (готовая функция)", "en": "blocked_time: timing blocks of calls (given)"}
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
# Крошечная операция на GPU может оказаться **медленнее**, чем на CPU (левая часть графика). Ячейка
# измеряет блоками `x @ x.T` для матрицы 3×3 на CPU и (если есть) на GPU, а с решённой
# `measure_time` — ещё и замер по одному вызову, в который входит промежуток запуска.

# %% [markdown] tags=["en"]
# A tiny operation can be **slower** on a GPU than on the CPU (the left of the chart). The cell
# times `x @ x.T` for a 3×3 matrix in blocks on the CPU and (if there is one) on the GPU, and, once
# `measure_time` is solved, the one-call time too, which includes the launch gap.

# %% tags=["demo"]
tiny = torch.rand(3, 3)
tiny_cpu_us = blocked_time(lambda: tiny @ tiny.T) * 1e3
print(TEXT["tiny matmul: CPU"].format(us=tiny_cpu_us))
if HAS_CUDA:
    tiny_gpu = tiny.cuda()
    tiny_gpu_us = blocked_time(lambda: tiny_gpu @ tiny_gpu.T, device="cuda") * 1e3
    verdict = TEXT["tiny matmul: slower"] if tiny_gpu_us > tiny_cpu_us else TEXT["tiny matmul: faster"]
    print(TEXT["tiny matmul: GPU"].format(us=tiny_gpu_us, verdict=verdict,
                                    ratio=max(tiny_gpu_us, tiny_cpu_us) / min(tiny_gpu_us, tiny_cpu_us)))
    with needs("measure_time"):
        one_call_us = measure_time(lambda: tiny_gpu @ tiny_gpu.T, device="cuda", repeat=50, warmup=5) * 1e3
        print(TEXT["tiny matmul: one call"].format(us=one_call_us, ratio=one_call_us / tiny_gpu_us))
else:
    print(TEXT["tiny matmul: no GPU"])

# %% [markdown] tags=["ru"]
# ## 3. Таблица сравнения CPU и GPU (≈ 30 минут)
#
# Повторим сравнение из домашнего задания честно. Операции: `matmul`, `add`, `mul`, `transpose`
# (с копией: `transpose(-2, -1).contiguous()`) и `sum`. Размеры задания — 64×1024×1024,
# 128×512×512 и 256×256×256; без GPU — 4×256×256, 8×128×128 и 16×64×64 (в 256 раз меньше
# элементов). Один результат описывает готовый `OpResult`: операция, форма входа, время на CPU и на
# GPU (`None`, если не измеряли).
#
# ### Задание 3 (3 балла: `benchmark_ops` — 2, `results_table` — 1)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` — список `OpResult`, по одному на
#    пару (операция, вход). `tensors` — список кортежей тензоров на CPU, `ops` — словарь
#    `{имя: функция}` (вызов `op(*inputs)`), `devices` — например `["cpu", "cuda"]`. Каждый кортеж
#    перенесите на устройство один раз, до замера, и измерьте каждую операцию
#    `timer(fn, *args, device=device)`; время `"cpu"` кладите в `cpu_ms`, другого устройства — в
#    `gpu_ms`.
# 2. `results_table(results)` — `PrettyTable` со столбцами `"Operation"`, `"CPU (ms)"`,
#    `"GPU (ms)"`, `"Speedup"`, строка на результат: `"matmul 64x1024x1024"`, `"12.500"`, `"0.500"`,
#    `"25.00x"`; `"n/a"`, где времени нет.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# `benchmark_ops`: каждая операция измерена на каждом входе на каждом устройстве; результаты в
# любом порядке; поле устройства, которого нет в `devices`, равно `None`; в `cpu_ms` и `gpu_ms` —
# ровно то, что вернул `timer`; любое устройство, кроме `"cpu"`, заполняет `gpu_ms` (в проверках
# «GPU» изображает устройство `"meta"`). Измеряемая функция выполняет ровно одну операцию над
# тензорами, уже лежащими на этом устройстве, без копий (`to`, `cuda`, `cpu`, `clone`, ...).
# Входные тензоры не меняются. `shape` — форма первого тензора входа, кортеж `int`.
#
# `results_table`: строки в порядке результатов; времена ровно с тремя знаками после запятой
# (`f"{ms:.3f}"`), ускорение `cpu_ms / gpu_ms` ровно с двумя и буквой `x`; `"n/a"` в ускорении,
# если нет хотя бы одного времени.
# </details>
#
# Документация: [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html),
# [PrettyTable](https://pypi.org/project/prettytable/).

# %% [markdown] tags=["en"]
# ## 3. The CPU-versus-GPU table (≈ 30 minutes)
#
# Let us redo the homework's comparison, honestly. The operations: `matmul`, `add`, `mul`,
# `transpose` (with a copy: `transpose(-2, -1).contiguous()`) and `sum`. The homework's sizes are
# 64×1024×1024, 128×512×512 and 256×256×256; without a GPU, 4×256×256, 8×128×128 and 16×64×64 (256
# times fewer elements). The given `OpResult` holds one result: the operation, the input's shape,
# the times on the CPU and on the GPU (`None` when not measured).
#
# ### Exercise 3 (3 points: `benchmark_ops` 2, `results_table` 1)
#
# 1. `benchmark_ops(tensors, ops, devices, timer=measure_time)` returns a list of `OpResult`, one
#    per (operation, input) pair. `tensors` is a list of tuples of CPU tensors, `ops` a dict
#    `{name: function}` (called as `op(*inputs)`), `devices` e.g. `["cpu", "cuda"]`. Move each tuple
#    to a device once, before timing, and time each operation with `timer(fn, *args, device=device)`;
#    the `"cpu"` time goes into `cpu_ms`, another device's into `gpu_ms`.
# 2. `results_table(results)` returns a `PrettyTable` with columns `"Operation"`, `"CPU (ms)"`,
#    `"GPU (ms)"`, `"Speedup"`, one row per result: `"matmul 64x1024x1024"`, `"12.500"`, `"0.500"`,
#    `"25.00x"`; `"n/a"` where a time is missing.
#
# <details><summary>What grading checks</summary>
#
# `benchmark_ops`: every operation is timed on every input on every device; the results may come in
# any order; the field of a device not in `devices` is `None`; `cpu_ms` and `gpu_ms` hold exactly
# what `timer` returned; any device other than `"cpu"` fills `gpu_ms` (the checks use the `"meta"`
# device as a stand-in GPU). The timed function runs exactly one operation on tensors already on
# that device, with no copies (`to`, `cuda`, `cpu`, `clone`, ...). The input tensors are not
# changed. `shape` is the shape of the input's first tensor, a tuple of `int`.
#
# `results_table`: rows in the order of the results; times with exactly three decimals
# (`f"{ms:.3f}"`), the speedup `cpu_ms / gpu_ms` with exactly two and an `x`; `"n/a"` in the
# speedup when either time is missing.
# </details>
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
assert example_results == [OpResult("add", (2, 3), 1.5, None)], TEXT["benchmark_ops: one result"].format(got=example_results)
# two ops on two inputs whose second tensor has another shape, on the CPU and on "meta" (a stand-in GPU)
pairs = [(torch.ones(2, 3), torch.ones(3)), (torch.ones(4, 1), torch.ones(1))]
timed = []


def noting_timer(fn, *args, device="cpu"):
    kind = torch.device(device).type
    timed.append((kind, [t.device.type for t in args]))
    assert len(args) == 2, TEXT["benchmark_ops: timer's tensors"].format(got=len(args))
    assert all(t.device.type == kind for t in args), TEXT["benchmark_ops: timer's device"].format(device=kind, got=timed[-1][1])
    fn(*args)
    return 2.0 if kind == "cpu" else 0.5


both = benchmark_ops(pairs, {"add": torch.add, "mul": torch.mul}, ["cpu", "meta"], timer=noting_timer)
assert len(timed) == 8, TEXT["benchmark_ops: 8 timer calls"].format(got=len(timed))
want_both = [OpResult(op, shape, 2.0, 0.5) for op in ("add", "mul") for shape in ((2, 3), (4, 1))]
assert isinstance(both, list) and sorted(both, key=repr) == want_both, TEXT["benchmark_ops: four results"].format(want=want_both, got=both)
print(TEXT["visible checks: passed"])
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
probe.call("benchmark_ops(the second visible example)", lambda: sorted(plain_results(benchmark_ops(
    [(torch.ones(2, 3), torch.ones(3)), (torch.ones(4, 1), torch.ones(1))], {"add": torch.add, "mul": torch.mul},
    ["cpu", "meta"], timer=lambda fn, *args, device="cpu": 2.0 if torch.device(device).type == "cpu" else 0.5)), key=repr))
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
    assert got["benchmark_ops(the second visible example)"] == want["benchmark_ops(the second visible example)"], (
        "benchmark_ops on the inputs (2x3, 3) and (4x1, 1) with add and mul on ['cpu', 'meta'] and a timer that "
        "returns 2.0 on the CPU and 0.5 elsewhere must return the four OpResult(op, shape, 2.0, 0.5)")


# %% nbgrader={"grade_id": "test_benchmark_ops_table", "grade": true, "points": 1, "locked": true}
example = [OpResult("matmul", (4, 256, 256), 12.5, 0.5), OpResult("sum", (16, 64, 64), 0.25, None)]
example_table = results_table(example)
assert list(example_table.field_names) == ["Operation", "CPU (ms)", "GPU (ms)", "Speedup"], (
    TEXT["results_table: columns"].format(got=example_table.field_names))
assert len(example_table.rows) == 2, TEXT["results_table: one row per result"].format(got=len(example_table.rows))
assert [str(cell) for cell in example_table.rows[0]] == ["matmul 4x256x256", "12.500", "0.500", "25.00x"], (
    TEXT["results_table: first row"].format(got=example_table.rows[0]))
assert [str(cell) for cell in example_table.rows[1]][2:] == ["n/a", "n/a"], (
    TEXT["results_table: n/a"].format(got=example_table.rows[1]))
print(TEXT["visible checks: passed"])
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


# %% tags=["demo", "self_check"]
check_more_benchmark_ops(benchmark_ops, results_table)


# %% [markdown] tags=["ru"]
# Теперь само сравнение, функцией `blocked_time`. На GPU — размеры задания (ячейка заранее
# печатает, сколько займут большие умножения на CPU); без GPU — уменьшенные (несколько секунд).

# %% [markdown] tags=["en"]
# Now the comparison itself, timed with `blocked_time`. On a GPU, the homework's sizes (the cell
# first prints how long the large products will take on the CPU); without one, the small sizes (a
# few seconds).

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
shape_facts = PrettyTable(TEXT["comparison: shapes table"].split(" | "))
for shape in HOMEWORK_SHAPES + CPU_ONLY_SHAPES:
    batch, n, _ = shape  # a batched matmul of (B, n, n) by (B, n, n): B * 2 * n**3 FLOP on 3 * B * n**2 floats
    shape_facts.add_row(["x".join(map(str, shape)), f"{math.prod(shape):,}", f"{2 * batch * n**3 / 1e9:.2f}",
                         f"{2 * n**3 / (3 * n**2 * 4):.1f}"])
print(shape_facts)
for big, little in zip(HOMEWORK_SHAPES, CPU_ONLY_SHAPES):
    print(TEXT["comparison: bigger shapes"].format(big="x".join(map(str, big)), little="x".join(map(str, little)),
                                  elements=math.prod(big) // math.prod(little),
                                  flop=big[0] * big[1]**3 // (little[0] * little[1]**3)))
SHAPES, DEVICES = (HOMEWORK_SHAPES, ["cpu", "cuda"]) if HAS_CUDA else (CPU_ONLY_SHAPES, ["cpu"])
if HAS_CUDA:
    sample = torch.randn(512, 512)
    cpu_gflops = 2 * 512**3 / blocked_time(torch.matmul, sample, sample) / 1e6
    flop = sum(2 * b * n**3 for b, n, _ in SHAPES) * 6  # blocked_time runs 6 calls of each big product
    print(TEXT["comparison: CPU forecast"].format(gflops=cpu_gflops, seconds=flop / cpu_gflops / 1e9))
bench_results = None
with needs("benchmark_ops", "results_table"):
    torch.manual_seed(0)
    bench_inputs = [(torch.randn(shape), torch.randn(shape)) for shape in SHAPES]
    bench_results = benchmark_ops(bench_inputs, OPS, DEVICES, timer=blocked_time)
    del bench_inputs
    print(results_table(bench_results))

# %% tags=["demo"]
def plain_log_axis(axis, low, high):
    """Plain numbers on a log axis (9, not 9×10⁰); on a range under two powers of ten, some minor ticks too."""
    decades = math.log10(high / low)
    shown = set(range(2, 10)) if decades < 1 else {2, 5} if decades < 2 else set()
    axis.set_major_formatter(ticker.FuncFormatter(lambda value, _: f"{value:g}"))
    axis.set_minor_formatter(ticker.FuncFormatter(
        lambda value, _: f"{value:g}" if round(value / 10 ** math.floor(math.log10(value) + 1e-9)) in shown else ""))


if bench_results is None:
    print(TEXT["demo: skipped"].format(names="benchmark_ops, results_table"))
else:
    fig, ax = plt.subplots(figsize=(9, 4))
    width = 0.8 / len(SHAPES)
    for j, shape in enumerate(SHAPES):
        rows_for_shape = [r for r in bench_results if tuple(r.shape) == shape]
        values = [r.cpu_ms / r.gpu_ms if HAS_CUDA else r.cpu_ms for r in rows_for_shape]
        ax.bar([i + j * width for i in range(len(OPS))], values, width, label="x".join(map(str, shape)))
    ax.set_xticks([i + width * (len(SHAPES) - 1) / 2 for i in range(len(OPS))], list(OPS))
    ax.set_yscale("log")
    plain_log_axis(ax.yaxis, *ax.get_ylim())
    ax.legend(title=TEXT["comparison chart: legend"])
    if HAS_CUDA:
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_ylabel(TEXT["comparison chart: speedup axis"])
        ax.set_title(TEXT["comparison chart: speedup title"].format(gpu=torch.cuda.get_device_name()))
    else:
        ax.set_ylabel(TEXT["comparison chart: CPU axis"])
        ax.set_title(TEXT["comparison chart: CPU title"])
    fig.tight_layout()

# %% [markdown] tags=["ru"]
# #### Сверка с `torch.utils.benchmark`
#
# Честные замеры совпадают с `torch.utils.benchmark.Timer`. Ячейка (около 5 секунд) сверяет каждую
# строку таблицы с медианой `Timer.blocked_autorange` и показывает замер `measure_time` по одному
# вызову. На GPU блочные замеры должны совпасть с `Timer` в пределах 10%, а замер по одному вызову
# коротких операций больше: в нём промежуток запуска. На общем загруженном CPU все замеры шумят
# сильнее: это свойство машины, не ошибка в коде.

# %% [markdown] tags=["en"]
# #### A cross-check against `torch.utils.benchmark`
#
# Honest measurements agree with `torch.utils.benchmark.Timer`. The cell (about 5 seconds) checks
# every row of the table against the median of `Timer.blocked_autorange`, and shows the one-call
# time of `measure_time`. On a GPU the blocked times should agree with `Timer` within 10%, while the
# one-call time of short operations is larger: it includes the launch gap. On a shared, busy CPU
# every measurement is noisier: that is the machine, not the code.

# %% tags=["demo"]
from torch.utils import benchmark

if bench_results is None:
    print(TEXT["demo: skipped"].format(names="benchmark_ops, results_table"))
else:
    with needs("measure_time"):
        check_device = DEVICES[-1]
        agree, rows = 0, PrettyTable(TEXT["cross-check: columns"].split(" | "))
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
        print(TEXT["cross-check: device"].format(device=check_device))
        print(rows)
        print(TEXT["cross-check: agree"].format(agree=agree, rows=len(OPS) * len(SHAPES)))

# %% [markdown] tags=["ru"]
# #### float16: где он ускоряет
#
# Половинная точность ускоряет умножение матриц на GPU с тензорными ядрами: их пик во float16 во
# много раз выше пика float32 (раздел 4). На CPU это не так, поэтому float16 на CPU ничего не
# говорит о GPU. Ячейка сравнивает float16 и float32 на GPU, а без GPU — на CPU.

# %% [markdown] tags=["en"]
# #### float16: where it speeds things up
#
# Half precision speeds up matrix products on a GPU with tensor cores: their float16 peak is many
# times the float32 one (section 4). Not so on a CPU, so timing float16 on a CPU tells nothing about
# a GPU. The cell compares float16 with float32 on a GPU, and without one on the CPU.

# %% tags=["demo"]
with needs("measure_time"):
    half_device, half_side = ("cuda", 4096) if HAS_CUDA else ("cpu", 256)
    half_a = torch.randn(half_side, half_side, device=half_device)
    half_ms = {}
    for dtype in (torch.float32, torch.float16):
        m = half_a.to(dtype)
        half_ms[dtype] = measure_time(torch.matmul, m, m, device=half_device, repeat=5, warmup=1)
    print(TEXT["float16: times"].format(side=half_side, device=half_device, single=half_ms[torch.float32],
                                half=half_ms[torch.float16], ratio=half_ms[torch.float32] / half_ms[torch.float16]))
    del half_a, m


# %% [markdown] tags=["ru"]
# ## 4. Сколько это от возможностей устройства (≈ 20 минут)
#
# Миллисекунды трудно сравнивать между операциями; полезнее **достигнутая производительность**
# рядом с пиком из паспорта устройства.
#
# - Умножение (n×k) @ (k×m) — это 2·n·k·m операций (FLOP), для пачки ещё умножить на число матриц
#   (размеры пачки транслируются, как в `torch.matmul`). TFLOP/s = FLOP / секунды / 10¹².
# - Поэлементная операция почти не считает, она **перемещает данные**: `a + b` читает два тензора и
#   пишет один, 3 тензора по `numel · размер элемента` байт. ГБ/с = байты / секунды / 10⁹.
#
# Документация: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html),
# [`Tensor.element_size`](https://pytorch.org/docs/stable/generated/torch.Tensor.element_size.html).
#
# ### Задание 4 (2 балла: по 1 баллу за функцию)
#
# - `matmul_tflops(shape_a, shape_b, ms)` — достигнутые TFLOP/s умножения тензоров форм
#   `(..., n, k)` и `(..., k, m)`, занявшего `ms` миллисекунд;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)` — достигнутые ГБ/с, если за `ms` миллисекунд
#   прочитано или записано `tensors_moved` тензоров по `numel` элементов типа `dtype`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Обе функции возвращают `float`, равный формуле с точностью 10⁻⁹ (относительной). Формы — кортежи
# или `torch.Size`, не меньше двух измерений; размеры пачки транслируются, включая размер 0:
# `(0, 3, 4) @ (4, 5)` — ноль матриц и 0 TFLOP/s. `dtype` — любой тип PyTorch; гигабайт — 10⁹
# байт, не 2³⁰.
# </details>

# %% [markdown] tags=["en"]
# ## 4. How much of the device is that (≈ 20 minutes)
#
# Milliseconds are hard to compare across operations; the **achieved throughput** next to the
# device's datasheet peak says more.
#
# - A product (n×k) @ (k×m) takes 2·n·k·m floating-point operations (FLOP); for a batch, multiply
#   by the number of matrices (batch dimensions broadcast as in `torch.matmul`).
#   TFLOP/s = FLOP / seconds / 10¹².
# - An elementwise operation hardly computes: it **moves data**. `a + b` reads two tensors and
#   writes one, 3 tensors of `numel · element size` bytes. GB/s = bytes / seconds / 10⁹.
#
# Documentation: [`torch.matmul`](https://pytorch.org/docs/stable/generated/torch.matmul.html),
# [`Tensor.element_size`](https://pytorch.org/docs/stable/generated/torch.Tensor.element_size.html).
#
# ### Exercise 4 (2 points: 1 per function)
#
# - `matmul_tflops(shape_a, shape_b, ms)`: the achieved TFLOP/s of a product of tensors of shapes
#   `(..., n, k)` and `(..., k, m)` that took `ms` milliseconds;
# - `elementwise_gbps(numel, dtype, tensors_moved, ms)`: the achieved GB/s when `tensors_moved`
#   tensors of `numel` elements of `dtype` were read or written in `ms` milliseconds.
#
# <details><summary>What grading checks</summary>
#
# Both return a `float` equal to the formula to a relative 10⁻⁹. The shapes are tuples or
# `torch.Size`, with at least two dimensions; batch dimensions broadcast, size 0 included:
# `(0, 3, 4) @ (4, 5)` is no matrices at all and 0 TFLOP/s. `dtype` is any PyTorch dtype; a
# gigabyte is 10⁹ bytes, not 2³⁰.
# </details>

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
assert isinstance(tflops, float), TEXT["visible: not a float"].format(name="matmul_tflops", got=type(tflops).__name__)
assert abs(tflops - 2 * 1024**3 / 1e9) < 1e-6, TEXT["matmul_tflops: 1024x1024"].format(got=tflops)
# batches that broadcast: (2, 1) with (3,) makes 2 x 3 = 6 matrices, () with (5,) 5, (2, 1) with () 2
for shape_a, shape_b, ms, matrices, want in [((2, 1, 1000, 500), (3, 500, 2000), 1.0, 6, 12.0),
                                             ((1000, 500), (5, 500, 2000), 2.0, 5, 5.0),
                                             ((2, 1, 1000, 500), (500, 2000), 1.0, 2, 4.0)]:
    tflops = matmul_tflops(shape_a, shape_b, ms)
    assert isinstance(tflops, float) and math.isclose(tflops, want, rel_tol=1e-9), TEXT["matmul_tflops: batches"].format(
        shape_a=shape_a, shape_b=shape_b, ms=ms, matrices=matrices, want=want, got=tflops)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(11)
flop_cases = [((64, 1024, 1024), (64, 1024, 1024), 10.0), ((2, 3), (3, 4), 0.001), ((8, 1, 32, 16), (5, 16, 4), 0.25),
              ((32, 16), (5, 16, 4), 2.0), ((7, 1, 5, 3), (1, 6, 3, 2), 0.5), ((1, 1, 1), (1, 1, 1), 3.0),
              (torch.Size([4, 8, 16]), torch.Size([4, 16, 2]), 1.5),
              ((3, 4), (1, 4, 5), 0.5), ((1, 3, 4), (4, 5), 0.5), ((0, 3, 4), (4, 5), 1.0), ((2, 1, 3, 4), (0, 4, 5), 1.0),
              ((1024, 1024), (1024, 1024), 1.0), ((2, 1, 1000, 500), (3, 500, 2000), 1.0),  # the visible examples
              ((1000, 500), (5, 500, 2000), 2.0), ((2, 1, 1000, 500), (500, 2000), 1.0)]
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
assert isinstance(gbps, float), TEXT["visible: not a float"].format(name="elementwise_gbps", got=type(gbps).__name__)
assert abs(gbps - 3000.0) < 1e-6, TEXT["elementwise_gbps: 3000 GB/s"].format(got=gbps)
print(TEXT["visible checks: passed"])
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


# %% tags=["demo", "self_check"]
check_more_throughput(matmul_tflops, elementwise_gbps)


# %% [markdown] tags=["ru"]
# Сравним достигнутое с пиками из спецификаций NVIDIA (ссылки в ячейке; для видеокарты, которой
# нет в таблице, пик неизвестен). Берём плотные пики: начиная с Ampere (A100) спецификации печатают
# для float16 и пик «с разреженностью», вдвое больше плотного; у T4 (Turing) разреженности нет, и
# её 65 TFLOP/s — плотный пик. Умножение float32 в PyTorch по умолчанию не использует TF32
# (`torch.get_float32_matmul_precision()` равно `"highest"`), поэтому его сравниваем с пиком FP32,
# а float16 — с пиком тензорных ядер. Для CPU пик не приводим: он слишком зависит от модели.

# %% [markdown] tags=["en"]
# Let us compare what we achieve with the peaks of NVIDIA's specifications (sources in the cell;
# for a GPU not in its table the peak is unknown). We take dense peaks: from Ampere (A100) on, the
# specifications also print a float16 peak "with sparsity", twice the dense one; the T4 (Turing)
# has no sparsity feature, and its 65 TFLOP/s is the dense peak. By default a float32 matmul in
# PyTorch does not use TF32 (`torch.get_float32_matmul_precision()` is `"highest"`), so we compare
# it with the FP32 peak, and float16 with the tensor-core peak. For a CPU we give no peak: it
# depends too much on the model.

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


with needs("measure_time", "matmul_tflops", "elementwise_gbps"):
    if HAS_CUDA:
        tp_device, side, numel = "cuda", 8192, 2**28
    else:
        tp_device, side, numel = "cpu", 512, 2**22
    print(TEXT["throughput: matmul precision"].format(precision=torch.get_float32_matmul_precision()))
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
    rows.append((TEXT["throughput: add row"], elementwise_gbps(numel, torch.float32, 3, ms_add), TEXT["throughput: GB/s"], 2))
    del vec_a, vec_b

    peaks, source = datasheet_peaks()
    throughput = PrettyTable(TEXT["throughput: columns"].split(" | "))
    for label, achieved, unit, peak_index in rows:
        peak = peaks[peak_index] if peaks else None
        shown = f"{achieved:,.1f}" if achieved >= 10 else f"{achieved:.3f}"
        throughput.add_row([label, f"{shown} {unit}", f"{peak:,.0f} {unit}" if peak else TEXT["throughput: unknown peak"],
                            f"{achieved / peak:.0%}" if peak else "n/a"])
    print(TEXT["throughput: what was timed"].format(device=torch.cuda.get_device_name() if HAS_CUDA else "CPU", side=side, numel=numel))
    print(throughput)
    if source:
        print(TEXT["throughput: peaks from"].format(source=source))

# %% [markdown] tags=["ru"]
# ## 5. Векторизация: один большой вызов вместо цикла (≈ 20 минут)
#
# Каждый вызов PyTorch стоит накладных расходов (левая часть графика раздела 2). Цикл Python по
# тысяче маленьких матриц — тысяча таких вызовов; одна операция над всей пачкой — один вызов, и ей
# есть чем занять все ядра. Пример — пачка внешних произведений: для векторов `a[i]` (длины n) и
# `b[i]` (длины m) это матрица n×m из `a[i][p] * b[i][q]`. Версия с циклом,
# `outer_products_loop`, уже написана.
# Документация: [трансляция](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.einsum`](https://pytorch.org/docs/stable/generated/torch.einsum.html),
# [`torch.bmm`](https://pytorch.org/docs/stable/generated/torch.bmm.html).
#
# ### Задание 5 (2 балла: значения — 1, отсутствие цикла — 1)
#
# Напишите `outer_products_vectorized(a, b)`: для `a` формы (B, n) и `b` формы (B, m) верните
# тензор (B, n, m), равный `outer_products_loop(a, b)`, **без цикла Python по пачке** (трансляция
# через `None`/`unsqueeze`, `torch.einsum` или `torch.bmm`).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Значения совпадают с `outer_products_loop` с точностью 10⁻⁶ (относительной); тип результата —
# тип входов (float32 и float64); `a` и `b` не меняются. Число вызовов функций и методов PyTorch
# одно и то же для B = 3 и B = 48 и не больше 10; балл за отсутствие цикла засчитывается, только
# если и значения верны.
# </details>

# %% [markdown] tags=["en"]
# ## 5. Vectorization: one big call instead of a loop (≈ 20 minutes)
#
# Every PyTorch call pays an overhead (the left of section 2's chart). A Python loop over a
# thousand small matrices is a thousand such calls; one operation on the whole batch is one call,
# with enough work to keep every core busy. An example: a batch of outer products. For vectors
# `a[i]` (length n) and `b[i]` (length m) it is the n×m matrix of `a[i][p] * b[i][q]`. The loop
# version, `outer_products_loop`, is given.
# Documentation: [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html),
# [`torch.einsum`](https://pytorch.org/docs/stable/generated/torch.einsum.html),
# [`torch.bmm`](https://pytorch.org/docs/stable/generated/torch.bmm.html).
#
# ### Exercise 5 (2 points: the values 1, no loop 1)
#
# Write `outer_products_vectorized(a, b)`: for `a` of shape (B, n) and `b` of shape (B, m), return
# the (B, n, m) tensor equal to `outer_products_loop(a, b)`, **without a Python loop over the
# batch** (broadcasting with `None`/`unsqueeze`, `torch.einsum` or `torch.bmm`).
#
# <details><summary>What grading checks</summary>
#
# The values equal `outer_products_loop`'s to a relative 10⁻⁶; the result has the inputs' dtype
# (float32 and float64); `a` and `b` are not changed. The number of PyTorch function and method
# calls is the same for B = 3 and B = 48, and at most 10; the no-loop point counts only when the
# values are right too.
# </details>

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
assert result.shape == (2, 3, 4), TEXT["outer_products_vectorized: shape"].format(want=(2, 3, 4), got=tuple(result.shape))
assert torch.equal(result, torch.tensor([[[0.0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 4, 6]],
                                         [[12, 15, 18, 21], [16, 20, 24, 28], [20, 25, 30, 35]]])), (
    TEXT["outer_products_vectorized: values"])
print(TEXT["visible checks: passed"])
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
                            ("visible-2", (torch.ones(4, 2), torch.ones(4, 3))),
                            ("visible-3", (torch.ones(40, 2), torch.ones(40, 3)))):  # the visible examples
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
calls = {}
for B in (4, 40):
    with CountTorchCalls() as counter:  # the checks' helper: counts PyTorch functions and tensor methods
        result = outer_products_vectorized(torch.ones(B, 2), torch.ones(B, 3))
    calls[B] = counter.count
    assert result.shape == (B, 2, 3), TEXT["outer_products_vectorized: shape"].format(want=(B, 2, 3), got=tuple(result.shape))
assert calls[4] == calls[40] and calls[40] <= 10, TEXT["outer_products_vectorized: no loop"].format(few=calls[4], many=calls[40])
print(TEXT["visible checks: passed"])
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


# %% tags=["demo", "self_check"]
check_more_outer(outer_products_vectorized)


# %% [markdown] tags=["ru"]
# Сравним на пачке из 2048 пар векторов длины 32 цикл, «фальшивую» векторизацию (цикл спрятан в
# генераторе списка, а результаты собирает один `torch.stack`) и настоящую. Ячейка считает вызовы
# PyTorch каждой версии (как проверка выше) и измеряет время.

# %% [markdown] tags=["en"]
# On a batch of 2048 pairs of vectors of length 32, let us compare the loop, a "fake"
# vectorization (the loop hides in a list comprehension and one `torch.stack` gathers the results)
# and the real one. The cell counts each version's PyTorch calls (as the check above does) and
# times it.

# %% tags=["demo"]
def outer_products_fake(a, b):
    """Looks vectorized (broadcasting, one stack), but loops over the batch in a list comprehension."""
    return torch.stack([row_a[:, None] * row_b[None, :] for row_a, row_b in zip(a, b)])


with needs("measure_time", "outer_products_vectorized"):
    vec_device = "cuda" if HAS_CUDA else "cpu"
    a_vec, b_vec = torch.randn(2048, 32, device=vec_device), torch.randn(2048, 32, device=vec_device)
    versions = PrettyTable(TEXT["vectorization: columns"].split(" | "))
    for name, version in [(TEXT["vectorization: loop"], outer_products_loop), (TEXT["vectorization: fake"], outer_products_fake),
                          (TEXT["vectorization: vectorized"], outer_products_vectorized)]:
        with CountTorchCalls() as counter:
            version(a_vec, b_vec)
        versions.add_row([name, counter.count, f"{measure_time(version, a_vec, b_vec, device=vec_device, repeat=5, warmup=1):.3f}"])
    print(TEXT["vectorization: what was timed"].format(device=vec_device))
    print(versions)


# %% [markdown] tags=["ru"]
# ## 6. Самый большой тензор (≈ 35 минут)
#
# Арифметика даёт верхнюю границу: свободные байты, делённые на размер элемента. На деле влезет
# чуть меньше: аллокатор округляет запросы, часть памяти фрагментирована. Надёжно — пробовать
# выделить память двоичным поиском: для границы в 10¹⁰ элементов хватает 34 попыток. Две тонкости:
# **не держите удачные попытки** (иначе следующая видит меньше свободной памяти) и **ловите только
# нехватку памяти** — `torch.OutOfMemoryError` (PyTorch на GPU) и `MemoryError` (Python, NumPy);
# другие исключения — ошибки в коде.
# Документация: [`torch.cuda.mem_get_info`](https://pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html),
# [`torch.OutOfMemoryError`](https://pytorch.org/docs/stable/generated/torch.cuda.OutOfMemoryError.html),
# [`torch.dtype` и `itemsize`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-dtype).
#
# ### Задание 6а (1 балл: по 0,5 за функцию)
#
# - `bytes_per_element(dtype)` — размер элемента типа `dtype` в байтах (`int`; подсказка:
#   `element_size()` или `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)` — сколько целых элементов помещается в `free_bytes` байт
#   (`int`, округление вниз).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Обе функции возвращают `int`. Любой тип PyTorch; `free_bytes` от 0 до 2⁴⁰. Проверки
# `max_elements` подставляют эталонную `bytes_per_element`, так что полбалла за `max_elements` не
# зависит от вашей `bytes_per_element`.
# </details>

# %% [markdown] tags=["en"]
# ## 6. The largest tensor (≈ 35 minutes)
#
# Arithmetic gives an upper bound: the free bytes divided by the element size. A little less fits
# in practice: the allocator rounds requests up, and part of the memory is fragmented. The reliable
# way is to try allocating, by binary search: for a bound of 10¹⁰ elements, 34 tries suffice. Two
# subtleties: **keep no successful try alive** (or the next try sees less free memory), and **catch
# only running out of memory**: `torch.OutOfMemoryError` (PyTorch on a GPU) and `MemoryError`
# (Python, NumPy); any other exception is a bug in the code.
# Documentation: [`torch.cuda.mem_get_info`](https://pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html),
# [`torch.OutOfMemoryError`](https://pytorch.org/docs/stable/generated/torch.cuda.OutOfMemoryError.html),
# [`torch.dtype` and `itemsize`](https://pytorch.org/docs/stable/tensor_attributes.html#torch-dtype).
#
# ### Exercise 6a (1 point: 0.5 per function)
#
# - `bytes_per_element(dtype)`: the size of one element of `dtype` in bytes (an `int`; hint:
#   `element_size()` or `dtype.itemsize`);
# - `max_elements(free_bytes, dtype)`: how many whole elements fit in `free_bytes` bytes (an
#   `int`, rounded down).
#
# <details><summary>What grading checks</summary>
#
# Both return an `int`. Any PyTorch dtype; `free_bytes` from 0 to 2⁴⁰. The checks of
# `max_elements` use a reference `bytes_per_element`, so the half point of `max_elements` does not
# depend on your `bytes_per_element`.
# </details>

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
for dtype, want in [(torch.float32, 4), (torch.float16, 2)]:
    size = bytes_per_element(dtype)
    assert type(size) is int and size == want, TEXT["bytes_per_element: size"].format(dtype=dtype, want=want, got=size)
print(TEXT["visible checks: passed"])
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
for free, dtype, want in [(15 * GiB, torch.float32, 15 * GiB // 4), (1001, torch.float64, 125)]:
    count = max_elements(free, dtype)
    assert type(count) is int and count == want, TEXT["max_elements: count"].format(free=free, dtype=dtype, want=want, got=count)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
def reference_bytes_per_element(dtype):
    return torch.empty((), dtype=dtype).element_size()


COUNT_DTYPES = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.int32, torch.int64,
                torch.bool, torch.complex64, torch.complex128]
gen = torch.Generator().manual_seed(31)
amounts = [0, 1, 7, 10, 15 * GiB, 15 * GiB + 3, 80 * GiB - 1, 1001] + torch.randint(0, 2**40, (6,), generator=gen).tolist()
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


# %% tags=["demo", "self_check"]
check_more_sizes(bytes_per_element, max_elements)


# %% [markdown] tags=["ru"]
# ### Задание 6б (3 балла: поиск — 2, аккуратность — 1)
#
# `find_max_allocatable(try_alloc, hi)` — наибольшее целое n из [0, hi], для которого
# `try_alloc(n)` завершается без исключения, найденное двоичным поиском. `try_alloc(0)` удаётся
# всегда; если удаётся n, удаётся и любое меньшее.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - **Поиск (2 балла).** Верный ответ (`int`) для hi от 0 до 2⁴⁰; не больше 2·⌈log₂(hi + 1)⌉ + 2
#   вызовов `try_alloc`, только с целыми n из [0, hi]; `torch.OutOfMemoryError` и `MemoryError`
#   означают неудачу (проверки бросают то одно, то другое).
# - **Аккуратность (1 балл).** Ни одно выделение не живо ни во время следующей попытки, ни после
#   возврата; любое другое исключение из `try_alloc` (например, `ValueError`) выходит наружу.
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 6b (3 points: the search 2, care 1)
#
# `find_max_allocatable(try_alloc, hi)`: the largest integer n in [0, hi] for which
# `try_alloc(n)` returns without an exception, found by binary search. `try_alloc(0)` always
# succeeds; when n succeeds, every smaller n does too.
#
# <details><summary>What grading checks</summary>
#
# - **The search (2 points).** The right answer (an `int`) for hi from 0 to 2⁴⁰; at most
#   2·⌈log₂(hi + 1)⌉ + 2 calls of `try_alloc`, only with integers n in [0, hi];
#   `torch.OutOfMemoryError` and `MemoryError` mean failure (the checks raise one or the other).
# - **Care (1 point).** No allocation stays alive, neither during the next try nor after the
#   function returns; any other exception from `try_alloc` (such as `ValueError`) goes out to the
#   caller.
# </details>

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
assert found == 1000, TEXT["find_max_allocatable: capacity 1000"].format(got=found)
assert len(fake.calls) <= 2 * 20 + 2, TEXT["find_max_allocatable: about 20 calls"].format(got=len(fake.calls))
found = find_max_allocatable(FakeAllocator(capacity=0), 50)
assert found == 0, TEXT["find_max_allocatable: capacity 0"].format(got=found)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
search_cases = [(0, 0), (1, 0), (1, 1), (1, 5), (10, 0), (10, 10), (10, 7), (10, 25), (1000, 999), (1000, 1),
                (2**40, 123_456_789_012), (2**33 + 17, 2**33 + 16), (10**6, 777_777), (10**6, 1000), (50, 0)]
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
assert not fake.violations, TEXT["find_max_allocatable: alive during a try"]
assert not fake.alive(), TEXT["find_max_allocatable: alive after"]
print(TEXT["visible checks: passed"])
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


# %% tags=["demo", "self_check"]
check_more_find_max(find_max_allocatable)


# %% [markdown] tags=["ru"]
# Применим поиск к float16/32/64 и int32/64: на GPU — к настоящей видеокарте, без GPU — к
# смоделированной на 15 ГиБ. Модель ведёт учёт и выдаёт тензоры на устройстве `meta` (форма без
# памяти): по памяти CPU так искать опасно, Linux выделяет страницы лишь при первой записи. Как
# кэширующий аллокатор PyTorch, модель округляет запросы вверх до 2 МиБ (`kRoundLarge` в
# [исходном коде аллокатора](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp))
# и держит освобождённую память до `empty_cache()`; 300 МиБ занимает контекст CUDA (эти числа
# выбраны для модели; у T4 бесплатного Colab 16 ГБ). Перед каждым поиском кэш освобождается, иначе
# `mem_get_info` не считает его свободным.

# %% [markdown] tags=["en"]
# Let us run the search for float16/32/64 and int32/64: on a GPU against the real device, without
# one against a simulated 15 GiB GPU. The model keeps the books and hands out tensors on the `meta`
# device (a shape, no memory): searching the CPU's memory this way is risky, since Linux hands out
# pages only when first written. Like PyTorch's caching allocator, the model rounds requests up to
# 2 MiB (`kRoundLarge` in [the allocator's source](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp))
# and keeps freed memory until `empty_cache()`; the CUDA context takes 300 MiB (the model's numbers
# are chosen; a free Colab T4 has 16 GB). Before each search the cache is emptied, or
# `mem_get_info` would not count it as free.

# %% tags=["demo"] title={"ru": "Смоделированная видеокарта и try_alloc для поиска", "en": "The simulated GPU and try_alloc for the search"}
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


# %% tags=["demo"]
with needs("bytes_per_element", "max_elements", "find_max_allocatable"):
    largest = PrettyTable(TEXT["largest tensor: columns"].split(" | "))
    for dtype in SEARCH_DTYPES:
        free, total = memory_info()
        calls = []
        hi = max_elements(free, dtype)
        try:
            n_max = find_max_allocatable(allocator_for(dtype, calls), hi)
        except TooManyCalls:
            print(TEXT["largest tensor: stopped"].format(calls=len(calls) - 1, dtype=dtype, hi=hi,
                                           limit=2 * math.ceil(math.log2(hi + 1)) + 2))
            break
        largest.add_row([str(dtype).replace("torch.", ""), bytes_per_element(dtype), f"{hi:,}", f"{n_max:,}",
                         f"{n_max * bytes_per_element(dtype) / GiB:.3f}", len(calls)])
    free, total = memory_info()
    where = torch.cuda.get_device_name() if HAS_CUDA else TEXT["simulated GPU"]
    print(TEXT["largest tensor: mem_get_info"].format(where=where, free=free / GiB, total=total / GiB))
    print(largest)

# %% [markdown] tags=["ru"]
# #### Выделено и зарезервировано
#
# Когда тензор умирает, PyTorch не возвращает его память видеокарте: **кэширующий аллокатор**
# держит её для следующих тензоров. Поэтому чисел два
# ([документация](https://pytorch.org/docs/stable/notes/cuda.html#memory-management)):
# `torch.cuda.memory_allocated()` — байты живых тензоров, `torch.cuda.memory_reserved()` — байты,
# взятые у драйвера (живые тензоры плюс кэш). `nvidia-smi` и `mem_get_info()` видят
# зарезервированную память занятой; `torch.cuda.empty_cache()` возвращает кэш драйверу (это нужно
# другим программам, а не самому PyTorch).
#
# ![allocated и reserved по шагам](attachment:allocated_reserved.png)
#
# *Не замер: построено по правилам кэширующего аллокатора PyTorch для тензоров от 10 МиБ
# ([исходный код](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp)):
# запрос берёт наименьший блок кэша, в который помещается, а если такого нет — новый сегмент у
# драйвера (округлённый вверх до 2 МиБ); сегменты без живых тензоров возвращает только
# `empty_cache()`. Поэтому `z` занимает часть старого блока `x`, а `w` не помещается ни в один блок
# кэша, и reserved растёт на все 400 МиБ.*
#
# <details><summary>Чего на рисунке нет</summary>
#
# От блока отделяется остаток больше 1 МиБ (так от блока `x` осталось 102 МиБ); запросы до 1 МиБ
# делят сегменты по 2 МиБ, от 1 до 10 МиБ — по 20 МиБ; при нехватке памяти аллокатор освобождает
# кэш и пробует снова. Смоделированная видеокарта этого ноутбука (без GPU) ещё проще: у неё любые
# байты кэша подходят любому запросу, и `w` взяла бы у драйвера только недостающие 298 МиБ.
# </details>
#
# Ячейка показывает оба числа: на GPU — настоящие, без GPU — у модели.

# %% [markdown] tags=["en"]
# #### Allocated and reserved
#
# When a tensor dies, PyTorch does not give its memory back to the GPU: the **caching allocator**
# keeps it for later tensors. Hence two numbers
# ([documentation](https://pytorch.org/docs/stable/notes/cuda.html#memory-management)):
# `torch.cuda.memory_allocated()`, the bytes of live tensors, and `torch.cuda.memory_reserved()`,
# the bytes taken from the driver (live tensors plus the cache). `nvidia-smi` and `mem_get_info()`
# see reserved memory as used; `torch.cuda.empty_cache()` gives the cache back to the driver (that
# helps other programs, not PyTorch itself).
#
# ![allocated and reserved, step by step](attachment:allocated_reserved.png)
#
# *Not measured: drawn by the rules of PyTorch's caching allocator for tensors of 10 MiB and more
# ([its source](https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp)):
# a request takes the smallest cached block it fits in, or else a new segment from the driver
# (rounded up to 2 MiB); only `empty_cache()` gives back the segments with no live tensor. So `z`
# takes part of `x`'s old block, while `w` fits in no cached block, and reserved grows by all
# 400 MiB.*
#
# <details><summary>What the figure leaves out</summary>
#
# A rest of over 1 MiB is split off a block (so 102 MiB were left of `x`'s); requests of up to
# 1 MiB share 2 MiB segments, those of 1 to 10 MiB 20 MiB ones; when memory runs out, the
# allocator frees its cache and tries again. This notebook's simulated GPU (without a GPU) is
# simpler still: any cached bytes serve any request, and `w` would take only the missing 298 MiB
# from the driver.
# </details>
#
# The cell shows both numbers: real ones on a GPU, the model's without one.

# %% figure="allocated_reserved"
import matplotlib.pyplot as plt
T = {"ru": {"title": "Кэширующий аллокатор: новый сегмент округляется вверх до 2 МиБ,\nпамять умерших тензоров остаётся в кэше до empty_cache()",
            "alloc": "memory_allocated: живые тензоры", "res": "memory_reserved: взято у драйвера",
            "cache": "кэш", "y": "МиБ", "mib": "МиБ", "start": "начало", "del": "del", "empty": "empty_cache()",
            "idle": "в кэше 102 МиБ, для w мало:\nw берёт новый сегмент"},
     "en": {"title": "The caching allocator: a new segment rounds up to 2 MiB,\ndead tensors' memory stays cached until empty_cache()",
            "alloc": "memory_allocated: live tensors", "res": "memory_reserved: taken from the driver",
            "cache": "cache", "y": "MiB", "mib": "MiB", "start": "start", "del": "del", "empty": "empty_cache()",
            "idle": "102 MiB cached, too small for w:\nw takes a new segment"}}[lang]
# PyTorch's rules for large requests, in MiB: the smallest free cached block that fits, a rest over 1 MiB split
# off; else a new segment rounded up to 2 MiB. A segment is a list of [size, owner] blocks (owner None: free).
steps = [("start", None, 0), ("x", "new", 301), ("y", "new", 99), ("x", "del", 0), ("z", "new", 200),
         ("w", "new", 400), ("y", "del", 0), ("z", "del", 0), ("w", "del", 0), (None, "empty", 0)]
segments, allocated_line, reserved_line, labels = [], [], [], []
for name, action, mib in steps:
    if action == "new":
        fitting = [b for segment in segments for b in segment if b[1] is None and b[0] >= mib]
        if fitting:
            block = min(fitting, key=lambda b: b[0])
            segment = next(segment for segment in segments if any(b is block for b in segment))
        else:
            block = [-(-mib // 2) * 2, None]
            segment = [block]
            segments.append(segment)
        if block[0] - mib > 1:
            segment.insert(next(i for i, b in enumerate(segment) if b is block) + 1, [block[0] - mib, None])
            block[0] = mib
        block[1] = name
        labels.append(f"{name}: {mib} → {block[0]} {T['mib']}")
    elif action == "del":
        for segment in segments:
            for b in segment:
                if b[1] == name:
                    b[1] = None
            merged = []  # neighbouring free blocks of a segment merge
            for b in segment:
                if merged and merged[-1][1] is None and b[1] is None:
                    merged[-1][0] += b[0]
                else:
                    merged.append(b)
            segment[:] = merged
        labels.append(f"{T['del']} {name}")
    elif action == "empty":
        segments = [segment for segment in segments if any(b[1] is not None for b in segment)]
        labels.append(T["empty"])
    else:
        labels.append(T["start"])
    allocated_line.append(sum(b[0] for segment in segments for b in segment if b[1] is not None))
    reserved_line.append(sum(b[0] for segment in segments for b in segment))
allocated_line.append(allocated_line[-1])  # the last step gets a width too
reserved_line.append(reserved_line[-1])
xs = range(len(steps) + 1)
fig, ax = plt.subplots(figsize=(8, 4.5))
ax.step(xs, reserved_line, where="post", color="tab:orange", linewidth=5, label=T["res"])
ax.step(xs, allocated_line, where="post", color="tab:blue", linewidth=2, label=T["alloc"])
ax.fill_between(xs, allocated_line, reserved_line, step="post", color="tab:orange", alpha=0.15, label=T["cache"])
w_step = 5
ax.annotate(T["idle"], xy=(w_step + 0.5, (allocated_line[w_step] + reserved_line[w_step]) / 2),
            xytext=(w_step + 1.2, 150), fontsize=9, arrowprops={"arrowstyle": "->", "color": "dimgray"})
ax.set_xticks([x + 0.5 for x in range(len(steps))], labels, rotation=30, ha="right")
ax.set_xlim(0, len(steps))
ax.set_ylabel(T["y"])
ax.set_title(T["title"], fontsize=11)
ax.legend(loc="upper left")
ax.grid(True, axis="y", alpha=0.3)
fig.tight_layout()


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
steps = PrettyTable(TEXT["memory steps: columns"].split(" | "))
memory_row(steps, TEXT["memory steps: start"])
block = new_tensor(GiB // 4)  # 1 GiB of float32
memory_row(steps, TEXT["memory steps: 1 GiB"])
del block
memory_row(steps, TEXT["memory steps: del"])
block = new_tensor(GiB // 8)
memory_row(steps, TEXT["memory steps: 0.5 GiB"])
del block
(torch.cuda.empty_cache() if HAS_CUDA else simulated.empty_cache())
memory_row(steps, TEXT["memory steps: empty_cache"])
print("GPU" if HAS_CUDA else TEXT["simulated GPU"])
print(steps)

# %% [markdown] tags=["ru"]
# #### Нехватка памяти
#
# `torch.OutOfMemoryError` — обычное исключение: его можно поймать, освободить память и попробовать
# меньший размер. Три шага: убрать ссылки (`del`; пока исключение обрабатывается, его traceback
# держит кадры функции и её тензоры), `gc.collect()` (циклические ссылки) и
# `torch.cuda.empty_cache()` (вернуть кэш драйверу). Ячейка показывает все три: «шаг обучения»
# выделяет 2 ГиБ и падает на слишком большом запросе.
# Документация: [`torch.cuda.empty_cache`](https://pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html),
# [`torch.cuda.memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html),
# [`torch.cuda.memory_reserved`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html).

# %% [markdown] tags=["en"]
# #### Running out of memory
#
# `torch.OutOfMemoryError` is an ordinary exception: catch it, free memory, and try a smaller size.
# Three steps: drop the references (`del`; while the exception is handled, its traceback holds the
# function's frames and their tensors), `gc.collect()` (reference cycles) and
# `torch.cuda.empty_cache()` (give the cache back to the driver). The cell shows all three: a
# "training step" allocates 2 GiB and fails on a request too large.
# Documentation: [`torch.cuda.empty_cache`](https://pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html),
# [`torch.cuda.memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html),
# [`torch.cuda.memory_reserved`](https://pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html).

# %% tags=["demo"]
def failing_step(extra_elements):
    activations = new_tensor(GiB // 2)  # 2 GiB of float32 that the step holds
    return activations, new_tensor(extra_elements)  # more than what is left: out of memory


free, total = memory_info()
after_oom = PrettyTable(TEXT["memory steps: columns"].split(" | "))
memory_row(after_oom, TEXT["out of memory: before"])
try:
    failing_step(free // 4)  # as many float32 as were free at the start: 2 GiB too many
except OOM_ERROR as exc:
    print(f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
    memory_row(after_oom, TEXT["out of memory: in except"])
memory_row(after_oom, TEXT["out of memory: after except"])
gc.collect()
(torch.cuda.empty_cache() if HAS_CUDA else simulated.empty_cache())
memory_row(after_oom, TEXT["out of memory: collected"])
print(after_oom)

# halve the request until it fits, then free it again
request = free // 4 + GiB // 4  # 1 GiB of float32 more than is free
while True:
    try:
        block = new_tensor(request)
        break
    except OOM_ERROR:
        request //= 2
print(TEXT["out of memory: halving"].format(gib=request * 4 / GiB))
del block
print(TEXT["out of memory: after del"].format(free=memory_info()[0] / GiB))

# %% [markdown] tags=["ru"]
# ## 7. Память одного слоя `nn.Linear` (≈ 15 минут)
#
# При прямом проходе `y = layer(x)` через `nn.Linear(in_features, out_features)` в памяти лежат веса
# (out×in), смещение (out, если `bias=True`), вход (batch×in) и выход (batch×out). Обучение добавит
# градиенты, состояние оптимизатора и сохранённые активации; здесь — только прямой проход.
# Документация: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.cuda.max_memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html).
#
# ### Задание 7 (2 балла)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)` — число байт (`int`),
# которые занимают веса, смещение (если есть), вход и выход одного прямого прохода `nn.Linear` с
# элементами типа `dtype`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Точное число байт для float16, bfloat16, float32 и float64, `bias=True` и `bias=False` (по
# умолчанию `True`), размеров до 8192; результат — `int`.
# </details>

# %% [markdown] tags=["en"]
# ## 7. The memory of one `nn.Linear` (≈ 15 minutes)
#
# During a forward pass `y = layer(x)` through `nn.Linear(in_features, out_features)`, memory holds
# the weight (out×in), the bias (out, when `bias=True`), the input (batch×in) and the output
# (batch×out). Training would add the gradients, the optimizer state and the saved activations;
# here we count the forward pass only.
# Documentation: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.cuda.max_memory_allocated`](https://pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html).
#
# ### Exercise 7 (2 points)
#
# `linear_forward_memory(batch, in_features, out_features, dtype, bias=True)`: the number of bytes
# (an `int`) held by the weight, the bias (if any), the input and the output of one `nn.Linear`
# forward pass with elements of `dtype`.
#
# <details><summary>What grading checks</summary>
#
# The exact number of bytes for float16, bfloat16, float32 and float64, `bias=True` and
# `bias=False` (`True` by default), sizes up to 8192; the result is an `int`.
# </details>

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
    TEXT["linear_forward_memory: with bias"])
assert linear_forward_memory(1, 1, 1, torch.float64, bias=False) == 3 * 8, TEXT["linear_forward_memory: without bias"]
print(TEXT["visible checks: passed"])
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


# %% tags=["demo", "self_check"]
check_more_linear(linear_forward_memory)


# %% [markdown] tags=["ru"]
# Проверим формулу. На GPU сравним её с пиком `torch.cuda.max_memory_allocated()` (проход
# выполняется один раз заранее, чтобы cuBLAS выделил свою рабочую память). Аллокатор округляет
# каждый блок до кратного 512 байт (`kMinBlockSize`), поэтому на больших размерах числа почти
# совпадают. Без GPU — разбивка по частям.

# %% [markdown] tags=["en"]
# Let us check the formula. On a GPU we compare it with the peak of
# `torch.cuda.max_memory_allocated()` (the pass runs once beforehand, so that cuBLAS allocates its
# workspace). The allocator rounds every block up to a multiple of 512 bytes (`kMinBlockSize`), so
# for large sizes the numbers nearly agree. Without a GPU, the breakdown.

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
parts = PrettyTable(TEXT["linear memory: columns"].split(" | "))
for part, shape in [(TEXT["linear memory: weight"], (fan_out, fan_in)), (TEXT["linear memory: bias"], (fan_out,)), (TEXT["linear memory: input"], (batch, fan_in)),
                    (TEXT["linear memory: output"], (batch, fan_out))]:
    parts.add_row([part, "x".join(map(str, shape)), f"{math.prod(shape) * size / MiB:.3f}"])
print(parts)
with needs("linear_forward_memory"):
    formula = linear_forward_memory(*lin)
    print(TEXT["linear memory: formula"].format(mib=formula / MiB))
    if HAS_CUDA:
        peak = linear_forward_peak(*lin)
        print(TEXT["linear memory: peak"].format(mib=peak / MiB, ratio=peak / formula))
    else:
        print(TEXT["linear memory: no GPU"])


# %% [markdown] tags=["ru"]
# ## 8. Профилировщик: куда уходит время (≈ 20 минут)
#
# `torch.profiler.profile` записывает каждый вызов оператора (`aten::mm`, `aten::add`, ...) и
# участки, отмеченные `torch.profiler.record_function("имя")`; `prof.key_averages()` собирает
# вызовы с одним именем в строку. **CPU total** — время с вложенными вызовами, **Self CPU** — без
# них. `aten::matmul` сам почти ничего не делает (он вызывает `aten::mm`): по total он первый, по
# self — нет. Чтобы найти, что тратит время, сортируют по self.
# Документация: [`torch.profiler`](https://pytorch.org/docs/stable/profiler.html),
# [рецепт](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).
#
# ### Задание 8 (2 балла)
#
# `top_ops(fn, k=3)` — список имён (`str`) k операторов с наибольшим собственным временем CPU
# (`self_cpu_time_total` строк `key_averages()`) при одном вызове `fn()` под профилировщиком
# (`activities=[ProfilerActivity.CPU]`), от большего к меньшему.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# По одному имени на оператор; каждая строка `key_averages()` — оператор, включая участки
# `record_function`; если строк меньше k, возвращаются все. Проверки профилируют функции, где
# участки `record_function` спят разное время (один участок трижды, один внутри другого), с k = 1,
# 3 и 100. На машине с GPU проверки ещё профилируют функцию, которая ждёт работу GPU внутри участка:
# при `activities=[ProfilerActivity.CPU]` строк runtime CUDA (`cudaLaunchKernel`, ...) нет, и этот
# участок первый. GPU для решения не нужен.
# </details>

# %% [markdown] tags=["en"]
# ## 8. The profiler: where does the time go (≈ 20 minutes)
#
# `torch.profiler.profile` records every operator call (`aten::mm`, `aten::add`, ...) and the
# ranges marked with `torch.profiler.record_function("name")`; `prof.key_averages()` merges the
# calls with the same name into one row. **CPU total** counts nested calls, **Self CPU** does not.
# `aten::matmul` does almost nothing itself (it calls `aten::mm`): it is first by total, not by
# self. To find what takes the time, sort by self.
# Documentation: [`torch.profiler`](https://pytorch.org/docs/stable/profiler.html),
# [the recipe](https://pytorch.org/tutorials/recipes/recipes/profiler_recipe.html).
#
# ### Exercise 8 (2 points)
#
# `top_ops(fn, k=3)`: the list of names (`str`) of the k operators with the largest self CPU time
# (`self_cpu_time_total` of the rows of `key_averages()`) over one call of `fn()` under the
# profiler (`activities=[ProfilerActivity.CPU]`), largest first.
#
# <details><summary>What grading checks</summary>
#
# One name per operator; every row of `key_averages()` is an operator, `record_function` ranges
# included; with fewer than k rows, all are returned. The checks profile functions whose
# `record_function` ranges sleep for different times (one range three times, one inside another),
# with k = 1, 3 and 100. On a machine with a GPU they also profile a function that waits for GPU
# work inside a range: with `activities=[ProfilerActivity.CPU]` there are no CUDA runtime rows
# (`cudaLaunchKernel`, ...), and that range comes first. You need no GPU to solve this.
# </details>

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
assert isinstance(names, list) and len(names) == 2, TEXT["top_ops: k names"].format(got=names)
assert all(isinstance(name, str) for name in names), TEXT["top_ops: names are str"].format(got=names)
assert names[0] == "slow_stage", TEXT["top_ops: slow_stage first"].format(got=names)
print(TEXT["visible checks: passed"])
### BEGIN HIDDEN TESTS
STAGE_RUNS = []  # per call of staged_workload: the milliseconds each stage really slept


def staged_workload():
    # self times: stage_a 4 x 75 = 300 ms; stage_c 3 x 60 = 180 ms in all; stage_b 120 ms; outer_wrapper ~0
    # (its time is stage_a's); the few aten:: operators take microseconds. Each call also measures what its
    # stages really took, and the judge ranks by that: a loaded machine wakes a sleeper late (60 ms margins
    # still flipped a right answer under `make test` on CI's two cores).
    took = dict.fromkeys(("stage_a", "stage_c", "stage_b"), 0.0)

    def sleep(stage, seconds):
        start = time.perf_counter()
        time.sleep(seconds)
        took[stage] += (time.perf_counter() - start) * 1000

    with record_function("outer_wrapper"):
        with record_function("stage_a"):
            for _ in range(4):
                sleep("stage_a", 0.075)
    for _ in range(3):
        with record_function("stage_c"):
            sleep("stage_c", 0.06)
    with record_function("stage_b"):
        sleep("stage_b", 0.12)
    torch.ones(16) + 1
    STAGE_RUNS.append(took)


def one_slow_stage():
    with record_function("slow_stage"):
        time.sleep(0.03)
    torch.ones(8) + 1


for call, k in (("top_ops(staged_workload)", {}), ("top_ops(staged_workload, k=100)", {"k": 100})):
    STAGE_RUNS.clear()
    probe.call(call, top_ops, staged_workload, **k)
    probe.record(f"stage ms: {call}", [dict(run) for run in STAGE_RUNS])
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
    def slowest_first(call):
        """The orders of the three stages that the runs of staged_workload during `call` measured (two stages
        within 10 ms of each other may come either way); the planned order where the workload never ran."""
        stages = ("stage_a", "stage_c", "stage_b")
        orders = [[a, b, c] for a in stages for b in stages for c in stages if len({a, b, c}) == 3]
        runs = got[f"stage ms: {call}"] or [{"stage_a": 300.0, "stage_c": 180.0, "stage_b": 120.0}]
        return [order for order in orders
                if any(run[first] >= run[second] - 10 and run[second] >= run[third] - 10
                       for run in runs for first, second, third in [order])]

    top = got["top_ops(staged_workload)"]
    assert isinstance(top, list) and all(isinstance(name, str) for name in top), "top_ops must return a list of names (str)"
    assert top in slowest_first("top_ops(staged_workload)"), (
        "for a trace where stage_a sleeps 300 ms inside outer_wrapper, stage_c 3 x 60 ms and stage_b 120 ms, "
        "the top 3 by total self CPU time are ['stage_a', 'stage_c', 'stage_b'] (stage_c's 3 calls add up; "
        "outer_wrapper's own time is tiny)")
    everything = got["top_ops(staged_workload, k=100)"]
    assert isinstance(everything, list) and everything[:3] in slowest_first("top_ops(staged_workload, k=100)"), (
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


# %% tags=["demo", "self_check"]
check_more_top_ops(top_ops)


# %% [markdown] tags=["ru"]
# Таблица профилировщика для цикла из раздела 5: время уходит на тысячи мелких вызовов
# (`aten::select`, `aten::outer`, ...), а не на вычисления.

# %% [markdown] tags=["en"]
# The profiler's table for the loop of section 5: the time goes into thousands of small calls
# (`aten::select`, `aten::outer`, ...), not into computing.

# %% tags=["demo"]
a_prof, b_prof = torch.randn(256, 32), torch.randn(256, 32)
with profile(activities=[ProfilerActivity.CPU]) as prof:
    outer_products_loop(a_prof, b_prof)
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=8))
with needs("top_ops", "outer_products_vectorized"):
    print(TEXT["profiler: top of the loop"].format(names=top_ops(lambda: outer_products_loop(a_prof, b_prof))))
    print(TEXT["profiler: top of the vectorized"].format(names=top_ops(lambda: outer_products_vectorized(a_prof, b_prof))))

# %% [markdown] tags=["ru"]
# На GPU профилировщик записывает и работу видеокарты (`ProfilerActivity.CUDA`, столбцы Self CUDA).
# Ячейка профилирует `x @ x.T` 1000 раз для матрицы 3×3 и 10 раз для 4096×4096: для маленькой CPU
# тратит на запуск ядер больше, чем GPU на вычисления, для большой основное время — работа GPU.

# %% [markdown] tags=["en"]
# On a GPU the profiler also records the GPU's work (`ProfilerActivity.CUDA`, Self CUDA columns).
# The cell profiles `x @ x.T` 1000 times for a 3×3 matrix and 10 times for a 4096×4096 one: for the
# small one the CPU spends more on launching kernels than the GPU on computing, for the large one
# the GPU's work takes most of the time.

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
        print(TEXT["profiler: GPU table"].format(side=side, times=times))
        print(prof_gpu.key_averages().table(sort_by="self_cuda_time_total", row_limit=6))
        del x_gpu
else:
    print(TEXT["profiler: no GPU"])

# %% [markdown] tags=["ru"]
# ## 9. Вопросы для анализа (≈ 20 минут)
#
# Ответьте своими словами по таблице, графику и измерениям выше (без GPU опишите, что ожидаете
# увидеть, и почему; пики — в разделе 4). Каждый ответ — 1 балл, их проверяет преподаватель.
#
# **Вопрос 1.** Какие операции больше всего ускоряются на GPU и почему?

# %% [markdown] tags=["en"]
# ## 9. Analysis questions (≈ 20 minutes)
#
# Answer in your own words from the table, the chart and the measurements above (without a GPU,
# describe what you expect to see, and why; the peaks are in section 4). Each answer is worth 1
# point, graded by the teacher.
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
# Для вопроса 4 (только на GPU): копия 256 МиБ на видеокарту из обычной и из закреплённой памяти
# рядом со сложением двух таких тензоров на видеокарте. Без GPU хватит чисел из вопроса.

# %% [markdown] tags=["en"]
# For question 4 (GPU only): copying 256 MiB to the GPU from ordinary and from pinned memory, next
# to adding two such tensors on the GPU. Without a GPU, the numbers in the question suffice.

# %% tags=["demo"]
if HAS_CUDA:
    with needs("measure_time"):
        host = torch.randn(2**26)
        pinned = host.pin_memory()
        copy_ms = measure_time(lambda: host.to("cuda"), device="cuda", repeat=10, warmup=2)
        pinned_ms = measure_time(lambda: pinned.to("cuda", non_blocking=True), device="cuda", repeat=10, warmup=2)
        on_gpu = host.to("cuda")
        add_ms = measure_time(torch.add, on_gpu, on_gpu, device="cuda", repeat=10, warmup=2)
        nbytes = host.numel() * host.element_size()
        print(TEXT["copy: times"].format(copy=copy_ms, copy_rate=nbytes / copy_ms / 1e6, pinned=pinned_ms,
                                    pinned_rate=nbytes / pinned_ms / 1e6, add=add_ms, add_rate=3 * nbytes / add_ms / 1e6,
                                    ratio=pinned_ms / add_ms))
        del host, pinned, on_gpu
else:
    print(TEXT["copy: no GPU"])

# %% [markdown] tags=["ru"]
# **Вопрос 4.** Сколько стоит копирование между CPU и GPU и что из этого следует?
#
# <details><summary>Числа для ответа</summary>
#
# Теоретические, в одну сторону (в спецификациях видеокарт скорость PCIe обычно дана для обеих
# сторон вместе, вдвое больше):
#
# | GPU | шина | PCIe, ГБ/с | память GPU, ГБ/с |
# |---|---|---:|---:|
# | T4 | PCIe 3.0 x16 | 15,75 | 320 |
# | L4 | PCIe 4.0 x16 | 31,5 | 300 |
# | A100 40 ГБ (PCIe) | PCIe 4.0 x16 | 31,5 | 1555 |
# | H100 (PCIe) | PCIe 5.0 x16 | 63 | 2000 |
#
# Скорости PCIe — из [таблицы PCI Express](https://en.wikipedia.org/wiki/PCI_Express), памяти — из
# спецификаций (ссылки в ячейке раздела 4). Сложение двух тензоров по n чисел float32 перемещает
# в памяти GPU 3·4·n байт, а копия одного такого тензора на GPU — 4·n байт по PCIe. Из обычной
# (pageable) памяти драйвер копирует через промежуточный закреплённый буфер, поэтому из закреплённой
# памяти (`pin_memory()`) копия быстрее ([документация](https://pytorch.org/docs/stable/notes/cuda.html#use-pinned-memory-buffers)).
# </details>

# %% [markdown] tags=["en"]
# **Question 4.** What does a copy between the host (CPU) and the device (GPU) cost, and what follows from that?
#
# <details><summary>Numbers for the answer</summary>
#
# Theoretical, one direction (GPU datasheets usually give the PCIe rate of both directions
# together, twice as much):
#
# | GPU | bus | PCIe, GB/s | GPU memory, GB/s |
# |---|---|---:|---:|
# | T4 | PCIe 3.0 x16 | 15.75 | 320 |
# | L4 | PCIe 4.0 x16 | 31.5 | 300 |
# | A100 40 GB (PCIe) | PCIe 4.0 x16 | 31.5 | 1,555 |
# | H100 (PCIe) | PCIe 5.0 x16 | 63 | 2,000 |
#
# The PCIe rates come from [the PCI Express table](https://en.wikipedia.org/wiki/PCI_Express), the
# memory ones from the datasheets (linked in section 4's cell). An add of two tensors of n float32
# moves 3·4·n bytes through the GPU's memory; copying one such tensor to the GPU moves 4·n bytes
# over PCIe. From ordinary (pageable) memory the driver copies through a pinned staging buffer, so a
# copy from pinned memory (`pin_memory()`) is faster ([documentation](https://pytorch.org/docs/stable/notes/cuda.html#use-pinned-memory-buffers)).
# </details>

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_host_device_copy", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Копия идёт по шине PCIe, а она намного медленнее памяти самого GPU. Например, T4 подключена
# через PCIe 3.0 x16: это 8 ГТ/с × 16 линий × 128/130 (кодирование) / 8 бит ≈ 15,75 ГБ/с в одну
# сторону в теории ([таблица PCI Express](https://en.wikipedia.org/wiki/PCI_Express)), а её
# память GDDR6 даёт 320 ГБ/с ([спецификация T4](https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf)):
# копия как минимум в 20 раз медленнее, а на деле ещё медленнее, потому что до теоретической
# скорости копия не доходит (ячейка выше измеряет её на вашем GPU). У A100 на 40 ГБ (PCIe 4.0 x16,
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
# theoretical rate (the cell above measures yours). For a 40 GB A100 (PCIe 4.0 x16, 31.5 GB/s in
# theory, against 1555 GB/s of memory) the ratio is about 50. Moving a tensor to the GPU takes
# longer than adding it to another one there, so a copy pays off only when a lot of work is then
# done on the data. Hence the rules: move data once and keep it on the GPU; do not time the copy
# together with the operation (as in `benchmark_ops`); use pinned memory (`pin_memory`) and
# `non_blocking=True` so that copies overlap with computation; remember that `.item()`, `.cpu()`
# and printing a GPU tensor wait for all queued work (they synchronize).
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - GPU работает асинхронно: синхронизируйте (или берите события CUDA), прогревайте, берите медиану.
# - Короткие операции замеряют блоком; крошечная операция на GPU может быть медленнее, чем на CPU.
# - Миллисекунды переводят в TFLOP/s и ГБ/с и сравнивают с паспортным пиком.
# - Цикл по маленьким операциям заменяют одной операцией над пачкой.
# - Память ищут двоичным поиском; `memory_reserved` ≥ `memory_allocated` из-за кэша аллокатора.
# - Профилировщик показывает, куда уходит время (Self CPU, Self CUDA).
#
# Что почитать: [CUDA semantics](https://pytorch.org/docs/stable/notes/cuda.html),
# [рецепт `torch.utils.benchmark`](https://pytorch.org/tutorials/recipes/recipes/benchmark.html).

# %% [markdown] tags=["en"]
# ## Summary
#
# - A GPU runs asynchronously: synchronize (or use CUDA events), warm up, take the median.
# - Time short operations in blocks; a tiny operation can be slower on a GPU than on the CPU.
# - Turn milliseconds into TFLOP/s and GB/s and compare them with the datasheet peak.
# - Replace a loop over small operations with one operation on the batch.
# - Search memory by bisection; `memory_reserved` ≥ `memory_allocated` because of the allocator's cache.
# - The profiler shows where the time goes (Self CPU, Self CUDA).
#
# Further reading: [CUDA semantics](https://pytorch.org/docs/stable/notes/cuda.html),
# [the `torch.utils.benchmark` recipe](https://pytorch.org/tutorials/recipes/recipes/benchmark.html).

# %% [markdown] tags=["ru"]
# ## Вопросы для самопроверки (≈ 10 минут)
#
# Не оцениваются; ответ — под вопросом.
#
# 1. Почему `start = time.perf_counter(); c = a @ b; time.perf_counter() - start` на GPU почти не зависит от размера матриц?
#
#    <details><summary>Ответ</summary>
#
#    Вызов только ставит ядро в очередь GPU и сразу возвращается; таймер останавливается до того, как GPU закончит. Нужен `torch.cuda.synchronize()` перед вторым показанием часов или события CUDA.
#    </details>
#
# 2. Почему медиана замеров лучше среднего?
#
#    <details><summary>Ответ</summary>
#
#    Один медленный вызов (сборщик мусора, другой процесс) сильно сдвигает среднее, а медиану почти не меняет: 9 вызовов по 1 мс и один 100 мс дают среднее 10,9 мс и медиану 1 мс.
#    </details>
#
# 3. С какого размера сложение на GPU перестаёт упираться в накладные расходы запуска (по модели раздела 2)?
#
#    <details><summary>Ответ</summary>
#
#    Когда время переноса байтов сравнивается с накладными расходами: 3·4·n байт / 320 ГБ/с = 10 мкс, то есть n ≈ 270 000 элементов float32. До этого время почти постоянно, после — растёт пропорционально n.
#    </details>
#
# 4. Сколько TFLOP/s достигает умножение матриц 4096×4096, занявшее 10 мс?
#
#    <details><summary>Ответ</summary>
#
#    2·4096³ ≈ 1,37·10¹¹ FLOP за 0,01 с — около 13,7 TFLOP/s.
#    </details>
#
# 5. Почему после `del x` число `memory_reserved()` не уменьшается, и когда оно уменьшится?
#
#    <details><summary>Ответ</summary>
#
#    Кэширующий аллокатор оставляет память умершего тензора у себя для следующих тензоров; драйверу он вернёт её при `torch.cuda.empty_cache()`.
#    </details>
#
# 6. Почему `find_max_allocatable` не должна держать результат удачной попытки?
#
#    <details><summary>Ответ</summary>
#
#    Живой тензор занимает память, и следующая попытка видит её меньше: поиск найдёт размер меньше настоящего.
#    </details>
#
# 7. Чем Self CPU отличается от CPU total в таблице профилировщика?
#
#    <details><summary>Ответ</summary>
#
#    CPU total включает время вложенных вызовов, Self CPU — только время в самом операторе. `aten::matmul` первый по total, но почти всё время его — в `aten::mm`.
#    </details>

# %% [markdown] tags=["en"]
# ## Questions to check yourself (≈ 10 minutes)
#
# Not graded; the answer is under each question.
#
# 1. Why does `start = time.perf_counter(); c = a @ b; time.perf_counter() - start` on a GPU hardly depend on the size of the matrices?
#
#    <details><summary>Answer</summary>
#
#    The call only queues the kernel on the GPU and returns at once; the timer stops before the GPU is done. Call `torch.cuda.synchronize()` before reading the clock again, or use CUDA events.
#    </details>
#
# 2. Why is the median of the times better than the mean?
#
#    <details><summary>Answer</summary>
#
#    One slow call (the garbage collector, another process) moves the mean a lot and the median hardly at all: 9 calls of 1 ms and one of 100 ms give a mean of 10.9 ms and a median of 1 ms.
#    </details>
#
# 3. From what size does an add on a GPU stop being bound by the launch overhead (by section 2's model)?
#
#    <details><summary>Answer</summary>
#
#    When moving the bytes takes as long as the overhead: 3·4·n bytes / 320 GB/s = 10 µs, so n ≈ 270,000 float32 elements. Below that the time is nearly flat, above it grows in proportion to n.
#    </details>
#
# 4. How many TFLOP/s does a 4096×4096 matrix product reach when it takes 10 ms?
#
#    <details><summary>Answer</summary>
#
#    2·4096³ ≈ 1.37·10¹¹ FLOP in 0.01 s: about 13.7 TFLOP/s.
#    </details>
#
# 5. Why does `memory_reserved()` not fall after `del x`, and when does it?
#
#    <details><summary>Answer</summary>
#
#    The caching allocator keeps a dead tensor's memory for later tensors; it gives it back to the driver on `torch.cuda.empty_cache()`.
#    </details>
#
# 6. Why must `find_max_allocatable` keep no successful try alive?
#
#    <details><summary>Answer</summary>
#
#    A live tensor holds memory, so the next try sees less of it: the search finds a size smaller than the real one.
#    </details>
#
# 7. How does Self CPU differ from CPU total in the profiler's table?
#
#    <details><summary>Answer</summary>
#
#    CPU total includes nested calls, Self CPU only the time in the operator itself. `aten::matmul` is first by total, but nearly all of its time is `aten::mm`'s.
#    </details>
