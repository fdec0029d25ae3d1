# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 3. Параметры и логические нейроны
#
# Любая сеть в PyTorch — это `nn.Module`, который хранит обучаемые параметры. Сначала мы
# посчитаем параметры сетей, потом соберём из пороговых нейронов логические функции и
# выясним, где кончаются возможности одного нейрона: какие функции он вычисляет, почему XOR
# нужен скрытый слой и почему линейные слои без активаций схлопываются в один.
#
# **Время:** около 2 ч 45 мин: разделы 1–7 (25 + 30 + 25 + 15 + 20 + 20 + 10 мин),
# необязательный раздел 8 (10 мин) и вопросы для самопроверки (10 мин).
#
# | Задание | Что сделать | Баллы |
# |---|---|---|
# | 1.1 | `count_parameters` (две проверки по 1 баллу) | 2 |
# | 1.2 | `mlp_parameter_formula` | 1 |
# | 2.1 | `ThresholdNeuron` (две проверки по 1 баллу) | 2 |
# | 2.2 | `make_not`, `make_and`, `make_or` (по 1 баллу) | 3 |
# | 3.1 | `truth_table` | 2 |
# | 3.2 | `format_truth_table` | 1 |
# | 4 | `XorNetwork` | 2 |
# | 5.1 | `collapse_linear` | 2 |
# | 5.2 | вопрос: стоит ли ставить линейные слои подряд (проверяется вручную) | 1 |
# | 6.1 | `is_linearly_separable` | 2 |
# | 6.2 | вопрос: у каких сетей граница только линейная (проверяется вручную) | 1 |
# | | **Итого** | **19** |

# %% [markdown] tags=["en"]
# # Lesson 3. Parameters and logic neurons
#
# Every network in PyTorch is an `nn.Module` that holds trainable parameters. First we count
# the parameters of networks, then we build logic functions out of threshold neurons and find
# out where the power of a single neuron ends: which functions it computes, why XOR needs a
# hidden layer, and why linear layers without activations collapse into one.
#
# **Time:** about 2 h 45 min: sections 1–7 (25 + 30 + 25 + 15 + 20 + 20 + 10 min), the
# optional section 8 (10 min) and the questions to check yourself (10 min).
#
# | Exercise | What to do | Points |
# |---|---|---|
# | 1.1 | `count_parameters` (two checks of 1 point) | 2 |
# | 1.2 | `mlp_parameter_formula` | 1 |
# | 2.1 | `ThresholdNeuron` (two checks of 1 point) | 2 |
# | 2.2 | `make_not`, `make_and`, `make_or` (1 point each) | 3 |
# | 3.1 | `truth_table` | 2 |
# | 3.2 | `format_truth_table` | 1 |
# | 4 | `XorNetwork` | 2 |
# | 5.1 | `collapse_linear` | 2 |
# | 5.2 | question: is it worth stacking linear layers (graded by hand) | 1 |
# | 6.1 | `is_linearly_separable` | 2 |
# | 6.2 | question: which networks have only a linear decision boundary (graded by hand) | 1 |
# | | **Total** | **19** |

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "neuron_linear": "в ThresholdNeuron должен быть ровно один nn.Linear, найдено {found}",
    "passed": "Дополнительные проверки пройдены (случаев: {cases}).",
    "skipped": "Пропущено: ещё не написано ({names}: NotImplementedError). Допишите и выполните эту ячейку снова.",
    "more count_parameters int": "count_parameters должна возвращать int Python, получено {got}",
    "more count_parameters mlp": "MLP с размерами {sizes} и одним nn.Linear({last}, {last}), вызванным дважды в "
                                 "конце, замороженные слои: {frozen}, {kwargs}: ожидалось {expected}, получено "
                                 "{got}",
    "more count_parameters positional": "count_parameters(model, False): ожидалось {total}",
    "more count_parameters buffers": "Conv2d(2, 3, 3) + BatchNorm2d(3): ожидалось 63 (буферы — не параметры), "
                                     "получено {got}",
    "more mlp_parameter_formula int": "mlp_parameter_formula({sizes!r}) должна возвращать int Python, получено {got}",
    "more mlp_parameter_formula count": "mlp_parameter_formula({sizes!r}): ожидалось {expected}, получено {got}",
    "more mlp_parameter_formula modules": "mlp_parameter_formula({sizes!r}) создала модули или параметры: считайте "
                                          "по размерам",
    "more mlp_parameter_formula tensors": "mlp_parameter_formula({sizes!r}) создала тензоры через torch.{factory}: "
                                          "считайте по размерам",
    "more ThresholdNeuron linears": "в ThresholdNeuron({weights}, {bias}) должен быть один nn.Linear, найдено {found}",
    "more ThresholdNeuron parameters": "ThresholdNeuron({weights}, {bias}): ожидалось {n} параметров, найдено {found}",
    "more ThresholdNeuron held": "ThresholdNeuron({weights}, {bias}): в nn.Linear вес {held_weight} и смещение "
                                 "{held_bias}",
    "more ThresholdNeuron output": "ThresholdNeuron({weights}, {bias}) на входе формы {shape}: ожидался float32 "
                                   "формы {want}, получено {got}",
    "more ThresholdNeuron value": "ThresholdNeuron({weights}, {bias}) на {x}: ожидалось {want}, получено {got} (1.0 "
                                  "только при w.x + b > 0)",
    "more gates type": "{call} должна возвращать ThresholdNeuron, получено {got}",
    "more gates value": "{call} на {x}: ожидалось {want}, получено {got}",
    "more truth_table case": "truth_table(слой из {k} пороговых элементов с выходами {dtype}, {n})",
    "more truth_table shape": "{what}: ожидался тензор float32 формы {want}",
    "more truth_table row": "{what}: строка {i} должна быть {want}, получено {got}",
    "more truth_table grad": "truth_table(nn.Linear(3, 2), 3) не должна требовать градиента",
    "more format_truth_table case": "format_truth_table(таблица с {n} входами и {k} выходами, {n})",
    "more format_truth_table type": "{what} должна возвращать PrettyTable",
    "more format_truth_table columns": "{what}: ожидались столбцы {want}, получено {got}",
    "more format_truth_table rows": "{what}: ожидалось {want} строк, получено {got}",
    "more format_truth_table cells": "{what}: в строке {i} должны быть обычные числа {want}, получено {got}",
    "more XorNetwork neurons": "в XorNetwork должно быть три ThresholdNeuron, найдено {found}",
    "more XorNetwork extra": "у XorNetwork {extra} параметров помимо параметров нейронов",
    "more XorNetwork output": "XorNetwork на входе формы {shape}: ожидался float32 формы {want}",
    "more XorNetwork value": "XorNetwork на {x}: ожидалось {want}, получено {got}",
    "more XorNetwork forced": "когда нейрон №{index} всегда выдаёт {constant:.0f}, XorNetwork всё равно вычисляет "
                              "XOR: выход должен получаться из нейронов",
    "more collapse_linear case": "collapse_linear(размеры {sizes}, смещения {biases}, {dtype})",
    "more collapse_linear type": "{what} должна возвращать nn.Linear",
    "more collapse_linear shape": "{what}: ожидался nn.Linear({n_in}, {n_out}) типа {dtype}",
    "more collapse_linear function": "{what} вычисляет другую функцию: {error}",
    "more collapse_linear layers changed": "{what} изменила слои",
    "more is_linearly_separable": "is_linearly_separable({outputs!r}): ожидалось {want}, получено {got!r}",
    "homework: both map": "обе отображают (batch, 3) в",
    "homework: and": "и",
    "named: subclass": "наследник nn.Module",
    "named: parameter": "параметр",
    "named: shape": "форма",
    "named: elements": "элементов",
    "named: total": "всего:",
    "named: by hand": "вручную:",
    "pitfalls: tensors": "тензоров, а не чисел:      ",
    "pitfalls: BatchNorm parameters": "параметры BatchNorm:",
    "pitfalls: BatchNorm buffers": "буферы BatchNorm:    ",
    "pitfalls: all": "все:",
    "pitfalls: trainable": "обучаемые:",
    "count_parameters sequential": "у сети 3-5-2 из nn.Sequential 32 параметра",
    "count_parameters subclass": "у HomeworkNet 3-5-2 32 параметра",
    "count_parameters shared": "в одном nn.Linear(4, 4), вызванном дважды, 16 + 4 = 20 параметров, и считаются они "
                               "один раз",
    "visible passed": "Видимые проверки пройдены. Скрытые проверки выполняются при оценивании.",
    "count_parameters frozen": "когда первый слой заморожен, обучаемых параметров 12",
    "count_parameters all": "при trainable_only=False считаются все 32",
    "mlp_parameter_formula 3-5-2": "у MLP 3-5-2 (3*5 + 5) + (5*2 + 2) = 32 параметра",
    "mlp_parameter_formula one layer": "у одного nn.Linear(3, 2) 3*2 + 2 = 8 параметров",
    "margin: step": "ступенька: z > 0",
    "margin: wrong step": "неверная ступенька: z >= 0",
    "ThresholdNeuron size": "двум весам нужен nn.Linear(2, 1), получен nn.Linear({n_in}, {n_out})",
    "ThresholdNeuron weight": "вес nn.Linear должен быть [[1.0, 1.0]]",
    "ThresholdNeuron bias": "смещение nn.Linear должно быть [-1.5]",
    "ThresholdNeuron shape": "4 входа по 2 значения должны дать форму (4, 1), получено {got}",
    "ThresholdNeuron dtype": "выход должен быть float32 1.0/0.0, получено {got}",
    "ThresholdNeuron AND": "веса (1, 1) и смещение -1.5 вычисляют AND: ожидалось [0, 0, 0, 1], получено {got}",
    "ThresholdNeuron at zero": "при w.x + b == 0 нейрон должен выдать 0.0: он срабатывает только при w.x + b > 0",
    "make_not NOT": "NOT должен переводить 0 -> 1 и 1 -> 0",
    "make_and AND": "AND двух входов должен дать 0, 0, 0, 1 на 00, 01, 10, 11",
    "make_or OR": "OR двух входов должен дать 0, 1, 1, 1 на 00, 01, 10, 11",
    "binary order: product": "вход(а), itertools.product:",
    "binary order: one input": "cartesian_prod, один вход: форма",
    "binary order: two inputs": "(одномерный!), два входа: форма",
    "truth_table shape": "два входа и один выход дают форму (4, 3), получено {got}",
    "truth_table AND": "таблица истинности AND — строки 00|0, 01|0, 10|0, 11|1, получено {got}",
    "truth_table order": "x1 — старший бит: столбец y = x1 сверху вниз должен быть 0, 0, 1, 1",
    "truth_table bools": "для fn с выходами bool (OR) таблица всё равно float32 со столбцом y 0, 1, 1, 1; получено "
                         "{dtype} и {got}",
    "truth_table float64": "для fn с выходами float64 (AND) таблица всё равно float32 со столбцом y 0, 0, 0, 1; "
                           "получено {dtype} и {got}",
    "truth_table grad": "таблица для nn.Linear не должна требовать градиента: вызывайте fn под torch.no_grad() "
                        "или отсоедините выход",
    "truth_table linear": "nn.Linear(2, 1) с весами (1, 2) и смещением -1: столбец y должен быть -1, 1, 0, 2; "
                          "получено {got}",
    "format_truth_table type": "format_truth_table должна возвращать PrettyTable, получено {got}",
    "format_truth_table columns": "два входа и один выход: столбцы x1, x2, y; получено {got}",
    "format_truth_table rows": "по строке на вход: ожидалось 4 строки, получено {got}",
    "format_truth_table cells": "в ячейках должны быть значения таблицы обычными int или float (не тензоры, не bool, "
                                "не строки); получены строки {got}",
    "format_truth_table two outputs": "два входа и два выхода: столбцы x1, x2, y1, y2 и 4 строки; получено {got}, "
                                      "строк: {rows}",
    "gate tables: AND": "AND, 3 входа",
    "gate tables: OR": "OR, 3 входа",
    "gate tables: skipped": "Пропущено: ячейке нужны задания 2.1, 2.2, 3.1 и 3.2. Запустите её снова, когда они "
                            "будут готовы.",
    "XorNetwork shape": "4 входа должны дать форму (4, 1), получено {got}",
    "XorNetwork XOR": "XOR на 00, 01, 10, 11 должен быть 0, 1, 1, 0, получено {got}",
    "XorNetwork batch": "те же четыре входа пачкой формы (2, 2, 2) должны дать форму (2, 2, 1) и 0, 1, 1, 0; "
                        "получено {shape} и {got}",
    "XorNetwork single": "один вход [0, 1] формы (2,) должен дать tensor([1.]) формы (1,); получено {shape} и {got}",
    "XorNetwork neurons": "XorNetwork должна состоять ровно из трёх ThresholdNeuron, найдено {found}",
    "XOR table: skipped": "Пропущено: ячейке нужны задания 1.1, 2.1, 3.1, 3.2 и 4. Запустите её снова, когда они "
                          "будут готовы.",
    "XOR table: parameters": "параметров:",
    "additivity: linear": "только линейные слои",
    "additivity: ReLU": "с ReLU между ними",
    "additivity: gap": "{title:22} нарушение аддитивности: {gap:.2e}",
    "additivity: stack parameters": "параметров в стопке:",
    "additivity: one layer parameters": "против одного nn.Linear(3, 2):",
    "collapse_linear type": "collapse_linear должна возвращать nn.Linear, получено {got}",
    "collapse_linear size": "стопка 3 -> 5 -> 2 схлопывается в nn.Linear(3, 2), получен nn.Linear({n_in}, {n_out})",
    "collapse_linear function": "схлопнутый слой должен выдавать то же, что и стопка",
    "collapse_linear deep size": "стопка 2 -> 3 -> 4 -> 1 схлопывается в nn.Linear(2, 1), получено {got}",
    "collapse_linear deep function": "схлопнутая стопка 2 -> 3 -> 4 -> 1 (средний слой без смещения) должна "
                                     "выдавать то же, что и стопка",
    "is_linearly_separable sixteen": "is_linearly_separable({outputs}) должна вернуть {want} (рисунок 16 функций "
                                     "выше: одного нейрона мало только XOR и XNOR); получено {got!r}",
    "is_linearly_separable OR": "OR, заданный через bool, разделим прямой",
    "sixteen table: skipped": "Пропущено: ячейке нужно задание 6.1. Запустите её снова, когда оно будет готово.",
    "sixteen table: function": "функция",
    "sixteen table: one neuron?": "один нейрон?",
    "sixteen table: yes": "да",
    "sixteen table: no": "НЕТ",
    "sixteen table: count": "из 16 функций вычисляются одним нейроном",
    "show_backward_graph: None": "{indent}None   (тензор без requires_grad: нет узла, нет градиента)",
    "graph: tensor": "тензор",
    "graph: analytic": "аналитически dz/d(.)",
    "graph: not tracked": "не отслеживается",
    "step grad: sigmoid": "sigmoid(w) требует градиента:",
    "step grad: step": "(w > 0).float() требует градиента:",
    "train_and_show_gates: target": "цель",
    "train_and_show_gates: summary": "{gate}: потери {first:.3f} -> {last:.3f}, веса {weight}, смещение "
                                     "{bias:+.2f}, точность со ступенькой: {accuracy:.0%}, наименьшее |z|: "
                                     "{margin:.2f}",
    "training: time": "оба нейрона обучены за {seconds:.1f} с",
    "learned AND: skipped": "Пропущено: ячейке нужны задания 2.1, 3.1 и 3.2. Запустите её снова, когда они будут "
                            "готовы.",
}


# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "neuron_linear": "a ThresholdNeuron must hold exactly one nn.Linear, found {found}",
    "passed": "Extra checks passed ({cases} cases).",
    "skipped": "Skipped: not written yet ({names}: NotImplementedError). Write it, then run this cell again.",
    "more count_parameters int": "count_parameters must return a Python int, got {got}",
    "more count_parameters mlp": "an MLP with sizes {sizes} and one nn.Linear({last}, {last}) used twice at the "
                                 "end, frozen layers: {frozen}, {kwargs}: expected {expected}, got {got}",
    "more count_parameters positional": "count_parameters(model, False): expected {total}",
    "more count_parameters buffers": "Conv2d(2, 3, 3) + BatchNorm2d(3): expected 63 (buffers are not parameters), "
                                     "got {got}",
    "more mlp_parameter_formula int": "mlp_parameter_formula({sizes!r}) must return a Python int, got {got}",
    "more mlp_parameter_formula count": "mlp_parameter_formula({sizes!r}): expected {expected}, got {got}",
    "more mlp_parameter_formula modules": "mlp_parameter_formula({sizes!r}) built modules or parameters: count from "
                                          "the sizes instead",
    "more mlp_parameter_formula tensors": "mlp_parameter_formula({sizes!r}) created tensors with torch.{factory}: "
                                          "count from the sizes instead",
    "more ThresholdNeuron linears": "ThresholdNeuron({weights}, {bias}) must hold one nn.Linear, found {found}",
    "more ThresholdNeuron parameters": "ThresholdNeuron({weights}, {bias}): expected {n} parameters, found {found}",
    "more ThresholdNeuron held": "ThresholdNeuron({weights}, {bias}): the nn.Linear holds weight {held_weight} and "
                                 "bias {held_bias}",
    "more ThresholdNeuron output": "ThresholdNeuron({weights}, {bias}) on an input of shape {shape}: expected "
                                   "float32 of shape {want}, got {got}",
    "more ThresholdNeuron value": "ThresholdNeuron({weights}, {bias}) on {x}: expected {want}, got {got} (1.0 only "
                                  "where w.x + b > 0)",
    "more gates type": "{call} must return a ThresholdNeuron, got {got}",
    "more gates value": "{call} on {x}: expected {want}, got {got}",
    "more truth_table case": "truth_table(a layer of {k} threshold unit(s) with {dtype} outputs, {n})",
    "more truth_table shape": "{what}: expected a float32 tensor of shape {want}",
    "more truth_table row": "{what}: row {i} must be {want}, got {got}",
    "more truth_table grad": "truth_table(nn.Linear(3, 2), 3) must not require grad",
    "more format_truth_table case": "format_truth_table(a table of {n} input(s) and {k} output(s), {n})",
    "more format_truth_table type": "{what} must return a PrettyTable",
    "more format_truth_table columns": "{what}: expected the columns {want}, got {got}",
    "more format_truth_table rows": "{what}: expected {want} rows, got {got}",
    "more format_truth_table cells": "{what}: row {i} must hold the plain numbers {want}, got {got}",
    "more XorNetwork neurons": "XorNetwork must hold three ThresholdNeurons, found {found}",
    "more XorNetwork extra": "XorNetwork has {extra} parameters besides its neurons'",
    "more XorNetwork output": "XorNetwork on an input of shape {shape}: expected float32 of shape {want}",
    "more XorNetwork value": "XorNetwork on {x}: expected {want}, got {got}",
    "more XorNetwork forced": "with its neuron #{index} forced to output {constant:.0f}, XorNetwork still computes "
                              "XOR: the output must come from the neurons",
    "more collapse_linear case": "collapse_linear(sizes {sizes}, biases {biases}, {dtype})",
    "more collapse_linear type": "{what} must return an nn.Linear",
    "more collapse_linear shape": "{what}: expected nn.Linear({n_in}, {n_out}) of {dtype}",
    "more collapse_linear function": "{what} computes another function: {error}",
    "more collapse_linear layers changed": "{what} changed the layers",
    "more is_linearly_separable": "is_linearly_separable({outputs!r}): expected {want}, got {got!r}",
    "homework: both map": "both map (batch, 3) to",
    "homework: and": "and",
    "named: subclass": "nn.Module subclass",
    "named: parameter": "parameter",
    "named: shape": "shape",
    "named: elements": "elements",
    "named: total": "total:",
    "named: by hand": "by hand:",
    "pitfalls: tensors": "tensors, not numbers:      ",
    "pitfalls: BatchNorm parameters": "BatchNorm parameters:",
    "pitfalls: BatchNorm buffers": "BatchNorm buffers:   ",
    "pitfalls: all": "all:",
    "pitfalls: trainable": "trainable:",
    "count_parameters sequential": "the 3-5-2 nn.Sequential network has 32 parameters",
    "count_parameters subclass": "the 3-5-2 HomeworkNet has 32 parameters",
    "count_parameters shared": "one nn.Linear(4, 4) used twice holds 16 + 4 = 20 parameters, counted once",
    "visible passed": "Visible checks passed. Hidden tests run at grading.",
    "count_parameters frozen": "with the first layer frozen, 12 parameters are trainable",
    "count_parameters all": "trainable_only=False counts all 32",
    "mlp_parameter_formula 3-5-2": "the 3-5-2 MLP has (3*5 + 5) + (5*2 + 2) = 32 parameters",
    "mlp_parameter_formula one layer": "a single nn.Linear(3, 2) has 3*2 + 2 = 8 parameters",
    "margin: step": "step: z > 0",
    "margin: wrong step": "wrong step: z >= 0",
    "ThresholdNeuron size": "two weights need an nn.Linear(2, 1), got nn.Linear({n_in}, {n_out})",
    "ThresholdNeuron weight": "the nn.Linear weight must be [[1.0, 1.0]]",
    "ThresholdNeuron bias": "the nn.Linear bias must be [-1.5]",
    "ThresholdNeuron shape": "4 inputs of 2 values must give shape (4, 1), got {got}",
    "ThresholdNeuron dtype": "the output must be float32 1.0/0.0, got {got}",
    "ThresholdNeuron AND": "weights (1, 1) and bias -1.5 compute AND: expected [0, 0, 0, 1], got {got}",
    "ThresholdNeuron at zero": "at w.x + b == 0 exactly the neuron must output 0.0: it fires only when w.x + b > 0",
    "make_not NOT": "NOT must map 0 -> 1 and 1 -> 0",
    "make_and AND": "AND of two inputs must give 0, 0, 0, 1 on 00, 01, 10, 11",
    "make_or OR": "OR of two inputs must give 0, 1, 1, 1 on 00, 01, 10, 11",
    "binary order: product": "input(s), itertools.product:",
    "binary order: one input": "cartesian_prod, one input: shape",
    "binary order: two inputs": "(1-D!), two inputs: shape",
    "truth_table shape": "two inputs and one output give shape (4, 3), got {got}",
    "truth_table AND": "the truth table of AND is rows 00|0, 01|0, 10|0, 11|1, got {got}",
    "truth_table order": "x1 is the most significant bit: y = x1 must read 0, 0, 1, 1 down the table",
    "truth_table bools": "for an fn with bool outputs (OR) the table is still float32 with y reading 0, 1, 1, 1; got "
                         "{dtype} and {got}",
    "truth_table float64": "for an fn with float64 outputs (AND) the table is still float32 with y reading 0, 0, 0, "
                           "1; got {dtype} and {got}",
    "truth_table grad": "the table of an nn.Linear must not require grad: call fn under torch.no_grad() or detach "
                        "its output",
    "truth_table linear": "nn.Linear(2, 1) with weights (1, 2) and bias -1: y must read -1, 1, 0, 2; got {got}",
    "format_truth_table type": "format_truth_table must return a PrettyTable, got {got}",
    "format_truth_table columns": "two inputs and one output: columns x1, x2, y; got {got}",
    "format_truth_table rows": "one row per input: expected 4 rows, got {got}",
    "format_truth_table cells": "the cells must hold the table's values as plain ints or floats (not tensors, bools "
                                "or strings); got the rows {got}",
    "format_truth_table two outputs": "two inputs and two outputs: columns x1, x2, y1, y2 and 4 rows; got {got}, "
                                      "{rows} rows",
    "gate tables: AND": "AND, 3 inputs",
    "gate tables: OR": "OR, 3 inputs",
    "gate tables: skipped": "Skipped: this cell needs exercises 2.1, 2.2, 3.1 and 3.2. Run it again once they are "
                            "done.",
    "XorNetwork shape": "4 inputs must give shape (4, 1), got {got}",
    "XorNetwork XOR": "XOR on 00, 01, 10, 11 must be 0, 1, 1, 0, got {got}",
    "XorNetwork batch": "the same four inputs as a batch of shape (2, 2, 2) must give shape (2, 2, 1) and 0, 1, 1, 0; "
                        "got {shape} and {got}",
    "XorNetwork single": "the single input [0, 1] of shape (2,) must give tensor([1.]) of shape (1,); got {shape} and "
                         "{got}",
    "XorNetwork neurons": "XorNetwork must use exactly three ThresholdNeurons, found {found}",
    "XOR table: skipped": "Skipped: this cell needs exercises 1.1, 2.1, 3.1, 3.2 and 4. Run it again once they are "
                          "done.",
    "XOR table: parameters": "parameters:",
    "additivity: linear": "linear layers only",
    "additivity: ReLU": "with a ReLU between",
    "additivity: gap": "{title:22} additivity gap: {gap:.2e}",
    "additivity: stack parameters": "parameters of the stack:",
    "additivity: one layer parameters": "vs one nn.Linear(3, 2):",
    "collapse_linear type": "collapse_linear must return an nn.Linear, got {got}",
    "collapse_linear size": "a 3 -> 5 -> 2 stack collapses to nn.Linear(3, 2), got nn.Linear({n_in}, {n_out})",
    "collapse_linear function": "the collapsed layer must compute the same outputs as the stack",
    "collapse_linear deep size": "a 2 -> 3 -> 4 -> 1 stack collapses to nn.Linear(2, 1), got {got}",
    "collapse_linear deep function": "the collapsed 2 -> 3 -> 4 -> 1 stack (the middle layer without a bias) must "
                                     "compute the same outputs as the stack",
    "is_linearly_separable sixteen": "is_linearly_separable({outputs}) must be {want} (the figure of the 16 "
                                     "functions above: only XOR and XNOR need more than one neuron); got {got!r}",
    "is_linearly_separable OR": "OR given as bools is linearly separable",
    "sixteen table: skipped": "Skipped: this cell needs exercise 6.1. Run it again once it is done.",
    "sixteen table: function": "function",
    "sixteen table: one neuron?": "one neuron?",
    "sixteen table: yes": "yes",
    "sixteen table: no": "NO",
    "sixteen table: count": "of 16 functions are computed by one neuron",
    "show_backward_graph: None": "{indent}None   (a tensor that does not require grad: no node, no gradient)",
    "graph: tensor": "tensor",
    "graph: analytic": "analytic dz/d(.)",
    "graph: not tracked": "not tracked",
    "step grad: sigmoid": "sigmoid(w) requires grad:",
    "step grad: step": "(w > 0).float() requires grad:",
    "train_and_show_gates: target": "target",
    "train_and_show_gates: summary": "{gate}: loss {first:.3f} -> {last:.3f}, weights {weight}, bias {bias:+.2f}, "
                                     "accuracy after the step: {accuracy:.0%}, smallest |z|: {margin:.2f}",
    "training: time": "trained both neurons in {seconds:.1f} s",
    "learned AND: skipped": "Skipped: this cell needs exercises 2.1, 3.1 and 3.2. Run it again once they are done.",
}


# %% title={"ru": "Импорт: torch, nn, PrettyTable, itertools", "en": "Imports: torch, nn, PrettyTable, itertools"}
import itertools

import torch
from prettytable import PrettyTable
from torch import nn

torch.manual_seed(0)
print(f"torch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% nbgrader={"grade_id": "test_helpers", "locked": true} title={"ru": "Вспомогательные функции для видимых проверок", "en": "Helpers for the visible checks"}
def neuron_linear(neuron):
    """The single nn.Linear inside a neuron."""
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)]
    assert len(linears) == 1, TEXT["neuron_linear"].format(found=len(linears))
    return linears[0]


def gate_outputs(neuron, x):
    """step(w . x + b) from the neuron's own nn.Linear (float64, silent at exactly 0): independent of its forward."""
    linear = neuron_linear(neuron)
    z = x.double() @ linear.weight.detach().double().T
    if linear.bias is not None:
        z = z + linear.bias.detach().double()
    return (z > 0).float()


# %% tags=["demo", "self_check"] title={"ru": "Дополнительные самопроверки (необязательные)", "en": "Extra self-checks (optional)"}
import functools


def _passed(n):
    print(TEXT["passed"].format(cases=n))


def _skips_unwritten(check):
    """The optional check, saying it is skipped where a function it checks is not written yet (NotImplementedError)."""
    @functools.wraps(check)
    def run(*functions):
        try:
            check(*functions)
        except NotImplementedError:
            print(TEXT["skipped"].format(names=", ".join(f.__name__ for f in functions)))
    return run


def _random_mlp(g, frozen):
    """A random MLP and its parameter count (all, trainable), computed from how it was built."""
    sizes = torch.randint(1, 12, (int(torch.randint(2, 6, (1,), generator=g)),), generator=g).tolist()
    layers, total, trainable = [], 0, 0
    for n_in, n_out in zip(sizes, sizes[1:]):
        bias = bool(torch.rand(1, generator=g) < 0.6)
        layer = nn.Linear(n_in, n_out, bias=bias)
        count = n_in * n_out + (n_out if bias else 0)
        if frozen and bool(torch.rand(1, generator=g) < 0.4):
            layer.requires_grad_(False)
        else:
            trainable += count
        total += count
        layers += [layer, nn.Tanh()]
    return nn.Sequential(*layers), sizes, total, trainable


@_skips_unwritten
def check_more_count_parameters(count_parameters):
    g = torch.Generator().manual_seed(31)
    cases = 0
    for frozen in (False, True):
        for _ in range(25):
            model, sizes, total, trainable = _random_mlp(g, frozen)
            reused = nn.Linear(sizes[-1], sizes[-1])  # the same layer twice: it counts once
            model.append(reused).append(reused)
            total, trainable = total + reused.weight.numel() + reused.bias.numel(), \
                trainable + reused.weight.numel() + reused.bias.numel()
            for kwargs, expected in (({}, trainable), ({"trainable_only": True}, trainable),
                                     ({"trainable_only": False}, total)):
                got = count_parameters(model, **kwargs)
                assert type(got) is int, TEXT["more count_parameters int"].format(got=type(got).__name__)
                assert got == expected, TEXT["more count_parameters mlp"].format(
                    sizes=sizes, last=sizes[-1], frozen=frozen, kwargs=kwargs, expected=expected, got=got)
            assert count_parameters(model, False) == total, TEXT["more count_parameters positional"].format(total=total)
            cases += 1
    norm = nn.Sequential(nn.Conv2d(2, 3, 3), nn.BatchNorm2d(3))  # 2*3*3*3 + 3 weights of the conv, 3 + 3 of the norm
    assert count_parameters(norm) == 63, TEXT["more count_parameters buffers"].format(got=count_parameters(norm))
    _passed(cases + 1)


class _TensorsMade(torch.overrides.TorchFunctionMode):
    """Records the calls of torch functions that create a tensor of a given shape (torch.empty, torch.zeros, ...)."""
    FACTORIES = {"empty", "zeros", "ones", "full", "rand", "randn", "randint", "normal", "eye", "empty_like",
                 "zeros_like", "ones_like", "full_like", "rand_like", "randn_like", "new_empty", "new_zeros",
                 "new_ones", "new_full"}

    def __init__(self):
        super().__init__()
        self.calls = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if getattr(func, "__name__", "") in self.FACTORIES:
            self.calls.append(func.__name__)
        return func(*args, **(kwargs or {}))


@_skips_unwritten
def check_more_mlp_parameter_formula(mlp_parameter_formula):
    import torch.nn.modules.module as registry

    g = torch.Generator().manual_seed(32)
    for case in range(100):
        sizes = torch.randint(1, 60, (int(torch.randint(2, 8, (1,), generator=g)),), generator=g).tolist()
        sizes = tuple(sizes) if case % 2 else sizes
        expected = sum(layer.weight.numel() + layer.bias.numel()
                       for layer in (nn.Linear(a, b, device="meta") for a, b in zip(sizes, sizes[1:])))
        built = []
        hooks = [registry.register_module_module_registration_hook(lambda *args: built.append("module")),
                 registry.register_module_parameter_registration_hook(lambda *args: built.append("parameter"))]
        try:
            with _TensorsMade() as made:
                got = mlp_parameter_formula(sizes)
        finally:
            for hook in hooks:
                hook.remove()
        assert type(got) is int, TEXT["more mlp_parameter_formula int"].format(sizes=sizes, got=type(got).__name__)
        assert got == expected, TEXT["more mlp_parameter_formula count"].format(sizes=sizes, expected=expected, got=got)
        assert not built, TEXT["more mlp_parameter_formula modules"].format(sizes=sizes)
        assert not made.calls, TEXT["more mlp_parameter_formula tensors"].format(sizes=sizes, factory=made.calls[0])
    _passed(100)


@_skips_unwritten
def check_more_ThresholdNeuron(ThresholdNeuron):
    g = torch.Generator().manual_seed(33)
    for case in range(60):
        n = case % 8 + 1
        w = torch.randint(-3, 4, (n,), generator=g)
        bias = int(torch.randint(-4, 5, (1,), generator=g)) / (2 if case % 3 else 1)
        weights = [w.tolist(), tuple(float(v) for v in w), w.float()][case % 3]
        neuron = ThresholdNeuron(weights, bias)
        linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)]
        assert len(linears) == 1, TEXT["more ThresholdNeuron linears"].format(
            weights=weights, bias=bias, found=len(linears))
        count = sum(p.numel() for p in neuron.parameters())
        assert count == n + 1, TEXT["more ThresholdNeuron parameters"].format(
            weights=weights, bias=bias, n=n + 1, found=count)
        linear = linears[0]
        assert torch.equal(linear.weight.detach().double(), w.double().reshape(1, n)) and linear.bias is not None \
            and torch.equal(linear.bias.detach().double(), torch.tensor([bias], dtype=torch.float64)), \
            TEXT["more ThresholdNeuron held"].format(weights=weights, bias=bias, held_weight=linear.weight.tolist(),
                                                     held_bias=None if linear.bias is None else linear.bias.tolist())
        shape = tuple(torch.randint(1, 4, (case % 4,), generator=g).tolist()) + (n,)
        x = torch.randint(-2, 3, shape, generator=g).float()
        expected = (torch.nn.functional.linear(x.double(), w.double().reshape(1, n)) + bias > 0).float()
        y = neuron(x)
        assert isinstance(y, torch.Tensor) and y.shape == expected.shape and y.dtype == torch.float32, \
            TEXT["more ThresholdNeuron output"].format(
                weights=weights, bias=bias, shape=shape, want=tuple(expected.shape),
                got=f"{y.dtype} {tuple(y.shape)}" if isinstance(y, torch.Tensor) else type(y).__name__)
        if not torch.equal(y, expected):
            i = (y != expected).reshape(-1).nonzero()[0].item()
            raise AssertionError(TEXT["more ThresholdNeuron value"].format(
                weights=weights, bias=bias, x=x.reshape(-1, n)[i].tolist(), want=expected.reshape(-1)[i].item(),
                got=y.reshape(-1)[i].item()))
    _passed(60)


@_skips_unwritten
def check_more_gates(make_not, make_and, make_or, ThresholdNeuron):
    cases = [("make_not()", make_not(), 1, lambda x: 1 - x[:, 0])]
    for n in range(1, 9):
        cases += [(f"make_and({n})", make_and(n), n, lambda x: x.min(dim=1).values),
                  (f"make_and(n_inputs={n})", make_and(n_inputs=n), n, lambda x: x.min(dim=1).values),
                  (f"make_or({n})", make_or(n), n, lambda x: x.max(dim=1).values),
                  (f"make_or(n_inputs={n})", make_or(n_inputs=n), n, lambda x: x.max(dim=1).values)]
    for call, neuron, n, rule in cases:
        assert isinstance(neuron, ThresholdNeuron), TEXT["more gates type"].format(call=call, got=type(neuron).__name__)
        x = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n))).reshape(-1, n)
        fired, expected = gate_outputs(neuron, x)[:, 0], rule(x)
        if not torch.equal(fired, expected):
            i = (fired != expected).nonzero()[0].item()
            raise AssertionError(TEXT["more gates value"].format(
                call=call, x=x[i].tolist(), want=expected[i].item(), got=fired[i].item()))
    _passed(len(cases))


@_skips_unwritten
def check_more_truth_table(truth_table):
    g = torch.Generator().manual_seed(34)
    for case in range(40):
        n, k = case % 6 + 1, case % 3 + 1
        w, b = torch.randint(-2, 3, (n, k), generator=g).float(), torch.randint(-2, 3, (k,), generator=g) + 0.5
        dtype = [torch.float32, torch.bool, torch.int64, torch.float64][case % 4]
        fn = lambda x, w=w, b=b, dtype=dtype: (x @ w + b > 0).to(dtype)
        inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n))).reshape(-1, n)
        expected = torch.cat([inputs, fn(inputs).float()], dim=1)
        table = truth_table(fn, n)
        what = TEXT["more truth_table case"].format(k=k, dtype=dtype, n=n)
        assert isinstance(table, torch.Tensor) and table.shape == expected.shape and table.dtype == torch.float32, \
            TEXT["more truth_table shape"].format(what=what, want=tuple(expected.shape))
        if not torch.equal(table, expected):
            i = (table != expected).any(dim=1).nonzero()[0].item()
            raise AssertionError(TEXT["more truth_table row"].format(
                what=what, i=i, want=expected[i].tolist(), got=table[i].tolist()))
    linear = nn.Linear(3, 2)
    assert not truth_table(linear, 3).requires_grad, TEXT["more truth_table grad"]
    _passed(41)


@_skips_unwritten
def check_more_format_truth_table(format_truth_table):
    g = torch.Generator().manual_seed(35)
    for case in range(24):
        n, k = case % 4 + 1, case % 3 + 1
        inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n))).reshape(-1, n)
        table = torch.cat([inputs, torch.randint(0, 2, (2 ** n, k), generator=g).float()], dim=1)
        names = [f"x{i}" for i in range(1, n + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
        pretty = format_truth_table(table.clone(), n)
        what = TEXT["more format_truth_table case"].format(n=n, k=k)
        assert isinstance(pretty, PrettyTable), TEXT["more format_truth_table type"].format(what=what)
        assert list(pretty.field_names) == names, TEXT["more format_truth_table columns"].format(
            what=what, want=names, got=list(pretty.field_names))
        assert len(pretty.rows) == 2 ** n, TEXT["more format_truth_table rows"].format(
            what=what, want=2 ** n, got=len(pretty.rows))
        for i, (row, expected) in enumerate(zip(pretty.rows, table.tolist())):
            plain = all(isinstance(cell, (int, float)) and not isinstance(cell, bool) for cell in row)
            assert plain and [float(cell) for cell in row] == expected, \
                TEXT["more format_truth_table cells"].format(what=what, i=i, want=expected, got=row)
    _passed(24)


@_skips_unwritten
def check_more_XorNetwork(XorNetwork, ThresholdNeuron):
    g = torch.Generator().manual_seed(36)
    net = XorNetwork()
    neurons = [m for m in net.modules() if isinstance(m, ThresholdNeuron)]
    assert len(neurons) == 3, TEXT["more XorNetwork neurons"].format(found=len(neurons))
    theirs = {id(p) for neuron in neurons for p in neuron.parameters()}
    extra = sum(p.numel() for p in net.parameters() if id(p) not in theirs)
    assert extra == 0, TEXT["more XorNetwork extra"].format(extra=extra)
    for case in range(30):
        shape = tuple(torch.randint(1, 5, (case % 4,), generator=g).tolist()) + (2,)
        x = torch.randint(0, 2, shape, generator=g).float()
        y, expected = net(x), (x[..., :1] != x[..., 1:]).float()
        assert isinstance(y, torch.Tensor) and y.shape == expected.shape and y.dtype == torch.float32, \
            TEXT["more XorNetwork output"].format(shape=shape, want=tuple(expected.shape))
        assert torch.equal(y, expected), TEXT["more XorNetwork value"].format(
            x=x.reshape(-1, 2).tolist(), want=expected.reshape(-1).tolist(), got=y.reshape(-1).tolist())
    corners = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    for index in range(3):
        for constant in (0.0, 1.0):
            forced = XorNetwork()
            linear = neuron_linear([m for m in forced.modules() if isinstance(m, ThresholdNeuron)][index])
            with torch.no_grad():
                linear.weight.zero_()
                linear.bias.fill_(2 * constant - 1)
            assert not torch.equal(forced(corners), torch.tensor([[0.0], [1.0], [1.0], [0.0]])), \
                TEXT["more XorNetwork forced"].format(index=index + 1, constant=constant)
    _passed(36)


@_skips_unwritten
def check_more_collapse_linear(collapse_linear):
    g = torch.Generator().manual_seed(37)
    for case in range(40):
        dtype = torch.float64 if case % 4 == 3 else torch.float32
        sizes = torch.randint(1, 7, (case % 5 + 2,), generator=g).tolist()
        biases = (torch.rand(len(sizes) - 1, generator=g) < 0.6).tolist()
        stack = nn.Sequential(*[nn.Linear(a, b, bias=bias, dtype=dtype)
                                for a, b, bias in zip(sizes, sizes[1:], biases)])
        before = [p.detach().clone() for p in stack.parameters()]
        single = collapse_linear(stack)
        what = TEXT["more collapse_linear case"].format(sizes=sizes, biases=biases, dtype=dtype)
        assert isinstance(single, nn.Linear), TEXT["more collapse_linear type"].format(what=what)
        assert single.weight.shape == (sizes[-1], sizes[0]) and single.weight.dtype == dtype, \
            TEXT["more collapse_linear shape"].format(what=what, n_in=sizes[0], n_out=sizes[-1], dtype=dtype)
        x = torch.randn(16, sizes[0], generator=g, dtype=dtype)
        with torch.no_grad():
            torch.testing.assert_close(single(x), stack(x), rtol=1e-5, atol=1e-5,
                                       msg=lambda m: TEXT["more collapse_linear function"].format(what=what, error=m))
        assert all(torch.equal(a, b) for a, b in zip(before, stack.parameters())), \
            TEXT["more collapse_linear layers changed"].format(what=what)
    _passed(40)


@_skips_unwritten
def check_more_is_linearly_separable(is_linearly_separable):
    forms = [list, lambda o: tuple(bool(v) for v in o), lambda o: [float(v) for v in o],
             lambda o: torch.tensor(o, dtype=torch.float32), lambda o: torch.tensor(o)]
    for outputs in itertools.product([0, 1], repeat=4):
        expected = outputs not in ((0, 1, 1, 0), (1, 0, 0, 1))  # XOR and XNOR, as section 4 proves
        for form in forms:
            got = is_linearly_separable(form(outputs))
            assert type(got) is bool and got == expected, TEXT["more is_linearly_separable"].format(
                outputs=form(outputs), want=expected, got=got)
    _passed(80)


# %% judge="helpers"
import numbers


def kind(value):
    """What a value is, in words for a message (never its content)."""
    if isinstance(value, torch.Tensor):
        return f"a tensor of {value.dtype}"
    if isinstance(value, StudentText):
        return "a string"
    if isinstance(value, Opaque):
        return "an object of another type"
    cls = type(value)
    return f"a {cls.__name__}" if cls.__module__ == "builtins" else f"a {cls.__module__}.{cls.__name__}"


def corners(n):
    """All 2**n inputs of n bits in truth-table order (x1 is the most significant bit), float64."""
    rows = torch.arange(2 ** n).unsqueeze(1)
    return ((rows >> torch.arange(n - 1, -1, -1)) & 1).double()


def first_mismatch(x, got, expected):
    """Words naming the first input row (x: rows of inputs) where got and expected differ."""
    bad = (got.double() != expected.double()).any(dim=-1).nonzero()
    if len(bad) == 0:
        return "no row"
    i = bad[0].item()
    return f"input {x[i].tolist()}: expected {expected[i].tolist()}, got {got[i].tolist()}"


def check_count(got, want, key):
    """count_parameters' result under key must be the reference's count, as a Python int."""
    count = got[key]
    assert type(count) is int, f"{key} must return a Python int, got {kind(count)}"
    assert count == want[key], f"{key}: expected {want[key]} parameter elements, got {count}"


def check_fires(key, w, bias, n, rule):
    """step(w . x + b) computes rule on all 2**n inputs."""
    assert w.numel() == n, f"{key} must build a neuron with {n} input(s), got {w.numel()} weight(s)"
    x = corners(n)
    fired, expected = (x @ w + bias > 0).double().unsqueeze(-1), rule(x).unsqueeze(-1)
    assert torch.equal(fired, expected), f"{key} is wrong at {first_mismatch(x, fired, expected)}"


def check_gate(got, key, n, rule):
    """The neuron a make_* call returns computes rule on every input: judged from the weights and bias it passed
    to the check's stand-in for ThresholdNeuron or, where that fails, from the one nn.Linear of the
    ThresholdNeuron it returns when built with the student's own class (a neuron changed after it was built)."""
    try:
        built = got[key]
        assert isinstance(built, dict) and "ThresholdNeuron" in built, \
            f"{key} must return the ThresholdNeuron(weights, bias) it builds, got {kind(built)}"
        weights, bias = built["ThresholdNeuron"]
        check_fires(key, torch.as_tensor(weights, dtype=torch.float64).reshape(-1), float(bias), n, rule)
    except (AssertionError, StudentRaised) as first:
        try:
            held = got[f"{key} with your own ThresholdNeuron"]
            assert held["is a ThresholdNeuron"] and len(held["linears"]) == 1 and held["linears"][0][1] is not None
            weight, bias = held["linears"][0]
            check_fires(key, weight.double().reshape(-1), float(bias.reshape(-1)[0]), n, rule)
        except (AssertionError, StudentRaised, NotObserved):
            raise first from None


def check_gate_calls(got, name, rule):
    """check_gate for each call the probe of make_and or make_or made: name(), name(n) and name(n_inputs=n)."""
    check_gate(got, f"{name}()", 2, rule)
    for n in range(1, 9):
        check_gate(got, f"{name}({n})", n, rule)
        check_gate(got, f"{name}(n_inputs={n})", n, rule)


# %% [markdown] tags=["ru"]
# ## 1. Параметры модели (25 минут)
#
# Документация: [`nn.Module`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html)
# (методы [`parameters`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.parameters),
# [`named_parameters`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.named_parameters),
# [`state_dict`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.state_dict),
# [`requires_grad_`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.requires_grad_)),
# [`nn.Parameter`](https://pytorch.org/docs/stable/generated/torch.nn.parameter.Parameter.html),
# [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`nn.Sequential`](https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html),
# [`Tensor.numel`](https://pytorch.org/docs/stable/generated/torch.Tensor.numel.html),
# [`nn.BatchNorm1d`](https://pytorch.org/docs/stable/generated/torch.nn.BatchNorm1d.html).
#
# У слоя `nn.Linear(in_features, out_features)` два параметра:
#
# * `weight` формы `(out_features, in_features)` — сначала выходы, потом входы;
# * `bias` формы `(out_features,)`.
#
# Слой вычисляет $y = x W^\top + b$, значит, в нём $n_{in} \cdot n_{out} + n_{out}$ чисел.
# У функций активации (`nn.ReLU`, `nn.Sigmoid`) параметров нет.
#
# В домашнем задании было две сети со слоями 3 → 5 → 2: одна собрана из `nn.Sequential`,
# другая написана как наследник `nn.Module`. Посчитаем их параметры двумя способами:
# по формуле и средствами PyTorch.

# %% [markdown] tags=["en"]
# ## 1. Model parameters (25 minutes)
#
# Documentation: [`nn.Module`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html)
# (the methods [`parameters`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.parameters),
# [`named_parameters`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.named_parameters),
# [`state_dict`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.state_dict),
# [`requires_grad_`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.requires_grad_)),
# [`nn.Parameter`](https://pytorch.org/docs/stable/generated/torch.nn.parameter.Parameter.html),
# [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`nn.Sequential`](https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html),
# [`Tensor.numel`](https://pytorch.org/docs/stable/generated/torch.Tensor.numel.html),
# [`nn.BatchNorm1d`](https://pytorch.org/docs/stable/generated/torch.nn.BatchNorm1d.html).
#
# A layer `nn.Linear(in_features, out_features)` has two parameters:
#
# * `weight` of shape `(out_features, in_features)`: outputs first, inputs second;
# * `bias` of shape `(out_features,)`.
#
# The layer computes $y = x W^\top + b$, so it holds $n_{in} \cdot n_{out} + n_{out}$ numbers.
# Activation functions (`nn.ReLU`, `nn.Sigmoid`) have no parameters.
#
# The homework had two networks with layers 3 → 5 → 2: one built with `nn.Sequential`, the
# other written as an `nn.Module` subclass. Let us count their parameters in two ways: from
# the formula and with PyTorch.

# %%
homework_seq = nn.Sequential(
    nn.Linear(3, 5),
    nn.ReLU(),
    nn.Linear(5, 2),
)


class HomeworkNet(nn.Module):
    """The same 3-5-2 network written as an nn.Module subclass."""

    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 5)
        self.act = nn.ReLU()
        self.out = nn.Linear(5, 2)

    def forward(self, x):
        return self.out(self.act(self.hidden(x)))


homework_module = HomeworkNet()

# %% tags=["demo"]
print(homework_seq)
print(homework_module)
print(TEXT["homework: both map"], tuple(homework_seq(torch.zeros(4, 3)).shape), TEXT["homework: and"],
      tuple(homework_module(torch.zeros(4, 3)).shape))

# %% tags=["demo"]
# Way 1: by hand, from the layer sizes: weight (out x in) plus bias (out) per nn.Linear.
by_hand = (3 * 5 + 5) + (5 * 2 + 2)

# Way 2: ask PyTorch. named_parameters() walks the module and all its children.
for title, model in (("nn.Sequential", homework_seq), (TEXT["named: subclass"], homework_module)):
    table = PrettyTable([TEXT["named: parameter"], TEXT["named: shape"], TEXT["named: elements"]])
    for name, p in model.named_parameters():
        table.add_row([name, tuple(p.shape), p.numel()])
    print(title)
    print(table)
    print(TEXT["named: total"], sum(p.numel() for p in model.parameters()), TEXT["named: by hand"], by_hand)

# %% [markdown] tags=["ru"]
# Имена параметров разные (`0.weight` против `hidden.weight`: `nn.Sequential` называет слои
# номерами, а в своём классе имена — это атрибуты), но число одно и то же: 32.
#
# ### Подводные камни
#
# * `len(list(model.parameters()))` — это число **тензоров** (здесь 4), а не чисел в них.
# * **Общие параметры.** Один и тот же `nn.Parameter` может стоять в нескольких местах:
#   слой, вызванный дважды, или «связанные» веса (weight tying: матрица эмбеддингов и
#   выходного слоя языковой модели [1]). Оптимизатор обновляет такой параметр один раз, и
#   считать его надо один раз. `parameters()` так и делает, а `state_dict()` и
#   `named_parameters(remove_duplicate=False)` перечисляют его под каждым именем.
# * **Замороженные параметры.** `requires_grad=False` (например, у предобученной части
#   сети при дообучении): параметр остаётся в модели, но не обучается. Когда спрашивают
#   «сколько обучаемых параметров», их не считают.
# * **Буферы.** У `nn.BatchNorm1d` есть `running_mean`, `running_var` и
#   `num_batches_tracked`: они лежат в `state_dict()`, но это не параметры, градиентный
#   спуск их не трогает.

# %% [markdown] tags=["en"]
# The parameter names differ (`0.weight` versus `hidden.weight`: `nn.Sequential` names its
# layers by position, while in your own class the names are the attributes), but the count is
# the same: 32.
#
# ### Pitfalls
#
# * `len(list(model.parameters()))` is the number of **tensors** (4 here), not of the numbers
#   inside them.
# * **Shared parameters.** One `nn.Parameter` can sit in several places: a layer called twice,
#   or tied weights (the embedding and output matrices of a language model [1]). The optimizer
#   updates such a parameter once, so it counts once. `parameters()` does exactly that, while
#   `state_dict()` and `named_parameters(remove_duplicate=False)` list it under every name.
# * **Frozen parameters.** `requires_grad=False` (say, the pretrained part of a network being
#   fine-tuned): the parameter stays in the model but is not trained. "How many trainable
#   parameters" leaves it out.
# * **Buffers.** `nn.BatchNorm1d` keeps `running_mean`, `running_var` and
#   `num_batches_tracked`: they are in `state_dict()`, but they are not parameters and gradient
#   descent never touches them.

# %% tags=["demo"]
shared = nn.Linear(4, 4)  # 16 + 4 = 20 numbers
twice = nn.Sequential(shared, nn.ReLU(), shared)  # the same layer used twice
print(TEXT["pitfalls: tensors"], len(list(homework_seq.parameters())))
print("parameters():              ", sum(p.numel() for p in twice.parameters()))
print("named_parameters(remove_duplicate=False):",
      sum(p.numel() for _, p in twice.named_parameters(remove_duplicate=False)))
print("state_dict():              ", sum(t.numel() for t in twice.state_dict().values()))

with_norm = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3))
print(TEXT["pitfalls: BatchNorm parameters"], [name for name, _ in with_norm.named_parameters()])
print(TEXT["pitfalls: BatchNorm buffers"], [name for name, _ in with_norm.named_buffers()])

frozen = HomeworkNet()
frozen.hidden.requires_grad_(False)  # freeze the first layer: 15 + 5 numbers
print(TEXT["pitfalls: all"], sum(p.numel() for p in frozen.parameters()),
      TEXT["pitfalls: trainable"], sum(p.numel() for p in frozen.parameters() if p.requires_grad))

# %% [markdown] tags=["ru"]
# ### Задание 1.1 (2 балла). `count_parameters`
#
# Напишите `count_parameters(model, trainable_only=True)`: число элементов (не тензоров) во
# всех параметрах любого `nn.Module`, обычным `int` Python. Общий параметр считается один
# раз, буферы — не параметры. При `trainable_only=True` параметры с `requires_grad=False` не
# считаются, при `False` считаются все.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Две проверки по 1 баллу, результат — `int`, равный эталонному числу:
#
# * `test_count_parameters_counting` — ничего не заморожено, `trainable_only=True` и `False`:
#   случайные MLP (слои со смещением и без), модуль с `Conv2d`, `BatchNorm2d`, `Embedding`,
#   `LayerNorm`, отдельным `nn.Parameter` и буфером, один слой, вызванный трижды, связанные
#   веса, модули без параметров;
# * `test_count_parameters_frozen` — замороженные параметры: целый слой, одно смещение,
#   замороженный общий вес, полностью замороженный слой, замороженный `BatchNorm2d`;
#   `trainable_only` передаётся по имени и по позиции.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 1.1 (2 points). `count_parameters`
#
# Write `count_parameters(model, trainable_only=True)`: the number of elements (not tensors) in
# all parameters of any `nn.Module`, as a plain Python `int`. A shared parameter counts once;
# buffers are not parameters. With `trainable_only=True` parameters with `requires_grad=False`
# are left out; with `False` all of them count.
#
# <details><summary>What grading checks</summary>
#
# Two checks of 1 point each; the result is an `int` equal to the reference count:
#
# * `test_count_parameters_counting`: nothing frozen, `trainable_only=True` and `False`: random
#   MLPs (layers with and without a bias), a module with `Conv2d`, `BatchNorm2d`, `Embedding`,
#   `LayerNorm`, a bare `nn.Parameter` and a buffer, one layer used three times, tied weights,
#   modules without parameters;
# * `test_count_parameters_frozen`: frozen parameters: a whole layer, a single bias, a frozen
#   shared weight, a fully frozen layer, a frozen `BatchNorm2d`; `trainable_only` given by name
#   and by position.
#
# </details>

# %% nbgrader={"grade_id": "count_parameters", "solution": true}
def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int.

    A parameter shared by several submodules counts once; with trainable_only=True the
    parameters with requires_grad=False are left out.
    """
    ### BEGIN SOLUTION
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_count_parameters_counting", "grade": true, "points": 1, "locked": true}
assert count_parameters(nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))) == 32, \
    TEXT["count_parameters sequential"]
assert count_parameters(HomeworkNet()) == 32, TEXT["count_parameters subclass"]
_layer = nn.Linear(4, 4)
assert count_parameters(nn.Sequential(_layer, nn.ReLU(), _layer)) == 20, \
    TEXT["count_parameters shared"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import random

import torch
from torch import nn


def _mlp(sizes, biases):
    layers = []
    for (n_in, n_out), bias in zip(zip(sizes, sizes[1:]), biases):
        layers += [nn.Linear(n_in, n_out, bias=bias), nn.Tanh()]
    return nn.Sequential(*layers)


_rng = random.Random(2024)
_models = {}
for _case in range(6):
    _sizes = [_rng.randint(1, 30) for _ in range(_rng.randint(2, 6))]
    _biases = [_rng.random() < 0.6 for _ in _sizes[1:]]
    _models[f"an MLP with sizes {_sizes} and biases {_biases}"] = _mlp(_sizes, _biases)
_mixed = nn.ModuleDict({"conv": nn.Conv2d(3, 8, kernel_size=3), "norm": nn.BatchNorm2d(8),
                        "embed": nn.Embedding(10, 4), "layer_norm": nn.LayerNorm(6),
                        "no_bias": nn.Linear(6, 2, bias=False)})
_mixed.scale = nn.Parameter(torch.ones(3))
_mixed.register_buffer("steps", torch.zeros(100))
_models["a module with Conv2d, BatchNorm2d, Embedding, LayerNorm, a bias-free Linear, a bare nn.Parameter "
        "and a buffer"] = _mixed
_reused = nn.Linear(4, 4)
_models["nn.Sequential(lin, ReLU, lin, ReLU, lin) with one nn.Linear(4, 4) used three times"] = \
    nn.Sequential(_reused, nn.ReLU(), _reused, nn.ReLU(), _reused)
_tied = nn.ModuleDict({"embed": nn.Embedding(50, 8), "head": nn.Linear(8, 50)})
_tied.head.weight = _tied.embed.weight
_models["an nn.Embedding(50, 8) whose weight is tied to the output nn.Linear(8, 50)"] = _tied
_models["nn.ReLU()"] = nn.ReLU()
_models["an empty nn.Sequential"] = nn.Sequential()
_models["the visible 3-5-2 nn.Sequential"] = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
_twice = nn.Linear(4, 4)
_models["the visible nn.Sequential(lin, ReLU, lin) with one nn.Linear(4, 4) used twice"] = \
    nn.Sequential(_twice, nn.ReLU(), _twice)
for _what, _model in _models.items():
    probe.call(f"count_parameters({_what})", count_parameters, _model)
    probe.call(f"count_parameters({_what}, trainable_only=False)", count_parameters, _model, trainable_only=False)
### END HIDDEN TESTS

# %% judge="test_count_parameters_counting"
def judge(got, want):
    for key in want.keys("count_parameters("):
        check_count(got, want, key)


# %% nbgrader={"grade_id": "test_count_parameters_frozen", "grade": true, "points": 1, "locked": true}
_frozen_net = HomeworkNet()
_frozen_net.hidden.requires_grad_(False)
assert count_parameters(_frozen_net) == 12, TEXT["count_parameters frozen"]
assert count_parameters(_frozen_net, trainable_only=False) == 32, TEXT["count_parameters all"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import torch
from torch import nn

_models = {}
_models["a 10-20-5 MLP with the first layer frozen"] = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))
_models["a 10-20-5 MLP with the first layer frozen"][0].requires_grad_(False)
_models["a 10-20-5 MLP with the first layer and the last bias frozen"] = \
    nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))
_models["a 10-20-5 MLP with the first layer and the last bias frozen"][0].requires_grad_(False)
_models["a 10-20-5 MLP with the first layer and the last bias frozen"][2].bias.requires_grad_(False)
_tied = nn.ModuleDict({"embed": nn.Embedding(50, 8), "head": nn.Linear(8, 50)})
_tied.head.weight = _tied.embed.weight
_tied.embed.weight.requires_grad_(False)
_models["an nn.Embedding(50, 8) tied to the output nn.Linear(8, 50), the shared weight frozen"] = _tied
_models["a fully frozen nn.Linear(3, 3)"] = nn.Linear(3, 3).requires_grad_(False)
_models["a conv net with its nn.BatchNorm2d frozen"] = nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU())
_models["a conv net with its nn.BatchNorm2d frozen"][1].requires_grad_(False)
_models["the visible 3-5-2 network with the first layer frozen"] = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
_models["the visible 3-5-2 network with the first layer frozen"][0].requires_grad_(False)
for _what, _model in _models.items():
    probe.call(f"count_parameters({_what})", count_parameters, _model)
    probe.call(f"count_parameters({_what}, trainable_only=True)", count_parameters, _model, trainable_only=True)
    probe.call(f"count_parameters({_what}, trainable_only=False)", count_parameters, _model, trainable_only=False)
    probe.call(f"count_parameters({_what}, False) (by position)", count_parameters, _model, False)
### END HIDDEN TESTS

# %% judge="test_count_parameters_frozen"
def judge(got, want):
    for key in want.keys("count_parameters("):
        check_count(got, want, key)


# %% tags=["demo", "self_check"]
check_more_count_parameters(count_parameters)

# %% [markdown] tags=["ru"]
# ### Задание 1.2 (1 балл). `mlp_parameter_formula`
#
# Многослойный перцептрон (MLP) задаётся размерами слоёв `[in, h1, ..., out]`: между
# соседними размерами стоит `nn.Linear` со смещением. Напишите `mlp_parameter_formula(sizes)`:
# число его параметров обычным `int` Python, посчитанное **по формуле** из чисел `sizes`
# (списка или кортежа не короче 2), без построения модели. Для `[3, 5, 2]` ответ 32.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Случайные списки и кортежи от 2 до 7 размеров, а также `[1, 1]`, `[784, 256, 10]` и
# другие: результат — `int`, равный числу параметров такой сети. Пока работает функция,
# проверка записывает создаваемые модули и параметры и вызываемые функции torch: не должно
# быть ни `nn.Module`, ни `nn.Parameter`, ни тензоров формы слоёв (`torch.empty`,
# `torch.zeros`, `torch.randn` и т. п.).
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 1.2 (1 point). `mlp_parameter_formula`
#
# A multilayer perceptron (MLP) is described by its layer sizes `[in, h1, ..., out]`: each pair
# of neighbouring sizes is joined by an `nn.Linear` with a bias. Write
# `mlp_parameter_formula(sizes)`: its number of parameters as a plain Python `int`, counted
# **from the formula** on the numbers in `sizes` (a list or a tuple, at least 2 long), without
# building the model. For `[3, 5, 2]` the answer is 32.
#
# <details><summary>What grading checks</summary>
#
# Random lists and tuples of 2 to 7 sizes, and `[1, 1]`, `[784, 256, 10]` and others:
# the result is an `int` equal to the parameter count of that network. While the function runs
# the check records the modules and parameters created and the torch functions called: there
# must be no `nn.Module`, no `nn.Parameter` and no tensor of a layer's shape (`torch.empty`,
# `torch.zeros`, `torch.randn` and the like).
#
# </details>

# %% nbgrader={"grade_id": "mlp_parameter_formula", "solution": true}
def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    ### BEGIN SOLUTION
    return sum(n_in * n_out + n_out for n_in, n_out in zip(sizes[:-1], sizes[1:]))
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_mlp_parameter_formula", "grade": true, "points": 1, "locked": true}
assert mlp_parameter_formula([3, 5, 2]) == 32, TEXT["mlp_parameter_formula 3-5-2"]
assert mlp_parameter_formula([3, 2]) == 8, TEXT["mlp_parameter_formula one layer"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import random

import torch.nn.modules.module as _registry


def _watched(sizes):
    """mlp_parameter_formula(sizes), with the modules and parameters it registered and the torch functions it called."""
    built = []
    hooks = [_registry.register_module_module_registration_hook(lambda module, name, sub: built.append("module")),
             _registry.register_module_parameter_registration_hook(lambda module, name, p: built.append("parameter"))]
    try:
        with probe.torch_calls() as calls:
            result = mlp_parameter_formula(sizes)
    finally:
        for hook in hooks:
            hook.remove()
    return {"result": result, "built": built, "torch calls": list(calls.names)}


_rng = random.Random(7)
_cases = []
for _case in range(8):
    _sizes = [_rng.randint(1, 40) for _ in range(_rng.randint(2, 7))]
    _cases += [_sizes, tuple(_sizes)]
_cases += [[1, 1], [7, 7], [2, 1, 2], [784, 256, 10], (10, 20, 30, 40, 1), [3, 5, 2], [3, 2]]
probe.record("cases", _cases)
for _sizes in _cases:
    probe.call(f"mlp_parameter_formula({_sizes!r})", _watched, _sizes)
### END HIDDEN TESTS

# %% judge="test_mlp_parameter_formula"
SHAPED = ("empty", "zeros", "ones", "full", "rand", "randn", "randint", "normal", "empty_strided", "eye",
          "empty_like", "zeros_like", "ones_like", "full_like", "rand_like", "randn_like", "randint_like",
          "new_empty", "new_zeros", "new_ones", "new_full", "kaiming_uniform_", "uniform_", "normal_")


def judge(got, want):
    for sizes in want["cases"]:
        key = f"mlp_parameter_formula({sizes!r})"
        seen = got[key]
        count = seen["result"]
        assert type(count) is int, f"{key} must return a Python int, got {kind(count)}"
        mlp = torch.nn.Sequential(*[torch.nn.Linear(a, b, device="meta") for a, b in zip(sizes, sizes[1:])])
        expected = sum(p.numel() for p in mlp.parameters())
        assert count == expected, f"{key}: expected {expected} parameters, got {count}"
        assert not seen["built"], \
            f"{key} built the model (it created nn.Modules or nn.Parameters): count from the sizes instead"
        made = [name for name in SHAPED if name in seen["torch calls"]]
        assert not made, f"{key} created tensors of the layers' shapes (torch.{made[0]}): count from the sizes instead"

# %% tags=["demo", "self_check"]
check_more_mlp_parameter_formula(mlp_parameter_formula)

# %% figure="step"
import matplotlib.pyplot as plt
import numpy as np

T = {"ru": {"step": "ступенька: 1 при $z > 0$, 0 при $z \\leq 0$", "sigmoid": "сигмоида $\\sigma(z)$ (раздел 7)",
            "x": "$z = w \\cdot x + b$", "y": "выход нейрона"},
     "en": {"step": "step: 1 for $z > 0$, 0 for $z \\leq 0$", "sigmoid": "sigmoid $\\sigma(z)$ (section 7)",
            "x": "$z = w \\cdot x + b$", "y": "the neuron's output"}}[lang]
fig, ax = plt.subplots(figsize=(7, 2.8))
z = np.linspace(-6, 6, 400)
ax.plot(z, 1 / (1 + np.exp(-z)), color="tab:gray", ls="--", lw=1.5, label=T["sigmoid"])
ax.plot([-6, 0], [0, 0], color="tab:blue", lw=2.5, label=T["step"])
ax.plot([0, 6], [1, 1], color="tab:blue", lw=2.5)
ax.scatter([0], [0], s=60, color="tab:blue", zorder=3)
ax.scatter([0], [1], s=60, facecolor="white", edgecolor="tab:blue", lw=2, zorder=3)
ax.set(xlabel=T["x"], ylabel=T["y"], yticks=[0, 0.5, 1], xlim=(-6, 6), ylim=(-0.15, 1.15))
ax.legend(loc="upper left", frameon=False, fontsize=9)
ax.grid(alpha=0.3)
fig.tight_layout()

# %% [markdown] tags=["ru"]
# ## 2. Пороговый нейрон (30 минут)
#
# Документация: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`Tensor.copy_`](https://pytorch.org/docs/stable/generated/torch.Tensor.copy_.html),
# [`torch.heaviside`](https://pytorch.org/docs/stable/generated/torch.heaviside.html),
# [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html).
#
# Пороговый элемент — самая старая модель нейрона: у Маккаллока и Питтса (1943) связи
# задаёт тот, кто строит сеть [2], в перцептроне Розенблатта (1958) веса подбираются
# обучением [3]. Наш нейрон складывает входы с весами, прибавляет смещение и «срабатывает»,
# если сумма положительна:
#
# $$y = \operatorname{step}(w \cdot x + b), \qquad
# \operatorname{step}(z) = \begin{cases} 1, & z > 0, \\ 0, & z \le 0. \end{cases}$$
#
# ![Ступенька: 0 при z ≤ 0 (закрашенная точка в нуле), 1 при z > 0; пунктиром — гладкая сигмоида](attachment:step.png)
#
# Неравенство строгое: ровно при $z = 0$ нейрон молчит (закрашенная точка на рисунке). Это
# соглашение курса, и тесты его проверяют: `z >= 0` вместо `z > 0` — ошибка. До раздела 8 веса
# мы подбираем руками, как Маккаллок и Питтс; в разделе 8 их обучим.
#
# Линейная часть $w \cdot x + b$ — это `nn.Linear(n, 1)`: его `weight` имеет форму `(1, n)`,
# а `bias` — форму `(1,)`. Чтобы задать веса руками, пишем в параметры на месте внутри
# `torch.no_grad()`: вне этого контекста autograd запрещает менять на месте лист графа,
# которому нужен градиент (урок 2).
#
# Нейрон AND двух входов: веса $(1, 1)$, смещение $-1.5$. Сумма входов равна 2 только
# для входа $(1, 1)$, и только тогда $z = 0.5 > 0$.

# %% [markdown] tags=["en"]
# ## 2. The threshold neuron (30 minutes)
#
# Documentation: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`Tensor.copy_`](https://pytorch.org/docs/stable/generated/torch.Tensor.copy_.html),
# [`torch.heaviside`](https://pytorch.org/docs/stable/generated/torch.heaviside.html),
# [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`Tensor.to`](https://pytorch.org/docs/stable/generated/torch.Tensor.to.html).
#
# The threshold unit is the oldest model of a neuron: in McCulloch and Pitts (1943) whoever
# designs the net sets its connections [2]; Rosenblatt's perceptron (1958) learns its weights
# from examples [3]. Our neuron adds up its inputs with weights, adds a bias and "fires" when
# the sum is positive:
#
# $$y = \operatorname{step}(w \cdot x + b), \qquad
# \operatorname{step}(z) = \begin{cases} 1, & z > 0, \\ 0, & z \le 0. \end{cases}$$
#
# ![The step: 0 for z ≤ 0 (the filled dot at zero), 1 for z > 0; dashed, the smooth sigmoid](attachment:step.png)
#
# The inequality is strict: at exactly $z = 0$ the neuron stays silent (the filled dot in the
# picture). This is the course's convention and the tests check it: `z >= 0` instead of `z > 0`
# is a bug. Until section 8 we choose the weights by hand, as McCulloch and Pitts did; section 8
# trains them.
#
# The linear part $w \cdot x + b$ is an `nn.Linear(n, 1)`: its `weight` has shape `(1, n)`
# and its `bias` shape `(1,)`. To set the weights by hand we write into the parameters in
# place inside `torch.no_grad()`: outside of it autograd forbids in-place changes of a leaf
# that requires grad (lesson 2).
#
# An AND neuron of two inputs: weights $(1, 1)$, bias $-1.5$. The inputs sum to 2 only for
# the input $(1, 1)$, and only then is $z = 0.5 > 0$.

# %% tags=["demo"]
and_layer = nn.Linear(2, 1)
with torch.no_grad():
    and_layer.weight.copy_(torch.tensor([[1.0, 1.0]]))
    and_layer.bias.fill_(-1.5)

inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=2)))  # 00, 01, 10, 11
with torch.no_grad():
    z = and_layer(inputs)
fires = (z > 0).float()

table = PrettyTable(["x1", "x2", "z = w·x + b", "y = step(z)"])
for x_row, z_value, y_value in zip(inputs.tolist(), z.squeeze(-1).tolist(), fires.squeeze(-1).tolist()):
    table.add_row([int(x_row[0]), int(x_row[1]), f"{z_value:+.1f}", int(y_value)])
print(table)

# %% [markdown] tags=["ru"]
# Почему $-1.5$, а не $-2$? С $b = -2$ для входа $(1, 1)$ получится ровно $z = 0$, и нейрон
# с честной ступенькой промолчит: граница проходит прямо через угол квадрата. Хорошие веса
# оставляют запас: граница $x_1 + x_2 = 1.5$ лежит посередине между точкой $(1, 1)$ и
# ближайшими к ней $(0, 1)$ и $(1, 0)$. Сравните две ступеньки:

# %% [markdown] tags=["en"]
# Why $-1.5$ and not $-2$? With $b = -2$ the input $(1, 1)$ gives exactly $z = 0$, and a
# correct step stays silent: the boundary runs right through a corner of the square. Good
# weights leave a margin: the boundary $x_1 + x_2 = 1.5$ lies halfway between the point
# $(1, 1)$ and its nearest neighbours $(0, 1)$ and $(1, 0)$. Compare the two steps:

# %% tags=["demo"]
corner_inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=2)))
z_on_corner = corner_inputs @ torch.tensor([1.0, 1.0]) - 2.0
table = PrettyTable(["x1", "x2", "z (b = -2)", TEXT["margin: step"], TEXT["margin: wrong step"]])
for x_row, z_value in zip(corner_inputs.tolist(), z_on_corner.tolist()):
    table.add_row([int(x_row[0]), int(x_row[1]), f"{z_value:+.1f}", int(z_value > 0), int(z_value >= 0)])
print(table)

# %% [markdown] tags=["ru"]
# ### Задание 2.1 (2 балла). `ThresholdNeuron`
#
# Напишите `nn.Module` `ThresholdNeuron(weights, bias)` — пороговый нейрон с $n$ входами, где
# `n = len(weights)`:
#
# * внутри ровно один `nn.Linear(n, 1)` со смещением, его вес равен `weights` (список, кортеж или
#   одномерный тензор из `n` целых или вещественных чисел), смещение равно `bias` (число), и
#   других параметров нет;
# * `forward(x)` принимает тензор `float32` формы `(..., n)` (любое число ведущих измерений, в
#   том числе ни одного) и возвращает тензор `float32` формы `(..., 1)`: `1.0`, где
#   $w \cdot x + b > 0$, и `0.0` в остальных случаях (и при нуле).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Две проверки по 1 баллу:
#
# * `test_ThresholdNeuron_weights` — устройство нейрона: ровно один `nn.Linear(n, 1)` с заданными
#   весом и смещением, $n + 1$ параметров; `n` от 1 до 8, веса списком, кортежем и тензором,
#   целые и вещественные, нулевое смещение;
# * `test_ThresholdNeuron_forward` — выход: случайные целые веса и входы формы `(5, 3, n)`, на
#   которых $w \cdot x + b$ часто равно ровно 0, вход формы `(n,)`, все $2^3$ входа трёх битов;
#   значения, форма и `dtype` выхода.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 2.1 (2 points). `ThresholdNeuron`
#
# Write the `nn.Module` `ThresholdNeuron(weights, bias)`: a threshold neuron with $n$ inputs,
# where `n = len(weights)`:
#
# * it holds exactly one `nn.Linear(n, 1)` with a bias; its weight equals `weights` (a list, a
#   tuple or a 1-D tensor of `n` ints or floats), its bias equals `bias` (a number), and there
#   are no other parameters;
# * `forward(x)` takes a `float32` tensor of shape `(..., n)` (any number of leading dimensions,
#   none included) and returns a `float32` tensor of shape `(..., 1)`: `1.0` where
#   $w \cdot x + b > 0$ and `0.0` elsewhere (at zero too).
#
# <details><summary>What grading checks</summary>
#
# Two checks of 1 point each:
#
# * `test_ThresholdNeuron_weights`: what the neuron holds: exactly one `nn.Linear(n, 1)` with the
#   given weight and bias, $n + 1$ parameters; `n` from 1 to 8, weights as a list, a tuple and a
#   tensor, ints and floats, a zero bias;
# * `test_ThresholdNeuron_forward`: the output: random integer weights and inputs of shape
#   `(5, 3, n)`, on which $w \cdot x + b$ is often exactly 0, an input of shape `(n,)`, all $2^3$
#   inputs of three bits; the output's values, shape and `dtype`.
#
# </details>

# %% nbgrader={"grade_id": "ThresholdNeuron", "solution": true}
class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias):
        super().__init__()
        ### BEGIN SOLUTION
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))
        ### END SOLUTION

    def forward(self, x):
        ### BEGIN SOLUTION
        return (self.linear(x) > 0).to(x.dtype)
        ### END SOLUTION


# %% nbgrader={"grade_id": "test_ThresholdNeuron_weights", "grade": true, "points": 1, "locked": true}
_linear = neuron_linear(ThresholdNeuron([1.0, 1.0], -1.5))
assert (_linear.in_features, _linear.out_features) == (2, 1), \
    TEXT["ThresholdNeuron size"].format(n_in=_linear.in_features, n_out=_linear.out_features)
assert torch.equal(_linear.weight.detach(), torch.tensor([[1.0, 1.0]])), TEXT["ThresholdNeuron weight"]
assert _linear.bias is not None and torch.equal(_linear.bias.detach(), torch.tensor([-1.5])), \
    TEXT["ThresholdNeuron bias"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import torch
from torch import nn


def _held(weights, bias):
    """What ThresholdNeuron(weights, bias) holds: its nn.Linear layers and the sizes of its parameters."""
    neuron = ThresholdNeuron(weights, bias)
    if not isinstance(neuron, nn.Module):
        return {"module": False}
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)]
    return {"module": True, "parameter sizes": [p.numel() for p in neuron.parameters()],
            "linears": [{"weight": m.weight, "bias": m.bias} for m in linears]}


_cases = {"ThresholdNeuron([1.0, 1.0], -1.5)": ([1.0, 1.0], -1.5),
          "ThresholdNeuron([2, -1], 1) with int weights and bias": ([2, -1], 1),
          "ThresholdNeuron((0.5, 0.25, -1.0), 0.125) with a tuple": ((0.5, 0.25, -1.0), 0.125),
          "ThresholdNeuron(torch.tensor([1.0, -2.0]), -0.5)": (torch.tensor([1.0, -2.0]), -0.5),
          "ThresholdNeuron([-1.0], 0.5) with one input": ([-1.0], 0.5),
          "ThresholdNeuron([1.0] * 8, -7.5) with 8 inputs": ([1.0] * 8, -7.5),
          "ThresholdNeuron([3, 0, -2, 1], 0) with a zero bias": ([3, 0, -2, 1], 0)}
probe.record("cases", _cases)
for _key, (_weights, _bias) in _cases.items():
    probe.call(_key, _held, _weights, _bias)
### END HIDDEN TESTS

# %% judge="test_ThresholdNeuron_weights"
def judge(got, want):
    for key in want.keys("ThresholdNeuron("):
        weights, bias = want["cases"][key]
        expected = torch.as_tensor(weights, dtype=torch.float64).reshape(1, -1)
        n = expected.shape[1]
        held = got[key]
        assert held["module"], "ThresholdNeuron must be an nn.Module"
        linears = held["linears"]
        assert len(linears) == 1, f"{key} must hold exactly one nn.Linear, found {len(linears)}"
        weight, b = linears[0]["weight"], linears[0]["bias"]
        assert isinstance(weight, torch.Tensor) and tuple(weight.shape) == (1, n), \
            f"{key} needs an nn.Linear({n}, 1), whose weight has shape (1, {n}); got {kind(weight)}" \
            + (f" of shape {tuple(weight.shape)}" if isinstance(weight, torch.Tensor) else "")
        assert isinstance(b, torch.Tensor), f"{key}: the nn.Linear must keep its bias"
        total = sum(held["parameter sizes"])
        assert total == n + 1, f"{key}: a neuron with {n} inputs has {n + 1} parameters, found {total}"
        assert torch.equal(weight.double(), expected), \
            f"{key}: the nn.Linear weight must be {expected.tolist()}, got {weight.tolist()}"
        assert torch.equal(b.double().reshape(-1), torch.tensor([float(bias)], dtype=torch.float64)), \
            f"{key}: the nn.Linear bias must be [{float(bias)}], got {b.tolist()}"


# %% nbgrader={"grade_id": "test_ThresholdNeuron_forward", "grade": true, "points": 1, "locked": true}
_and_neuron = ThresholdNeuron([1.0, 1.0], -1.5)
_x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_y = _and_neuron(_x)
assert _y.shape == (4, 1), TEXT["ThresholdNeuron shape"].format(got=tuple(_y.shape))
assert _y.dtype == torch.float32, TEXT["ThresholdNeuron dtype"].format(got=_y.dtype)
assert torch.equal(_y, torch.tensor([[0.0], [0.0], [0.0], [1.0]])), \
    TEXT["ThresholdNeuron AND"].format(got=_y.flatten().tolist())
assert torch.equal(ThresholdNeuron([1.0, -1.0], 0.0)(torch.tensor([1.0, 1.0])), torch.tensor([0.0])), \
    TEXT["ThresholdNeuron at zero"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import itertools

import torch

# Random integer weights and inputs: every sum is exact, and sums of exactly 0 are frequent.
_g = torch.Generator().manual_seed(3)
_cases = {}
for _n in range(1, 9):
    for _trial in range(3):
        _w = torch.randint(-3, 4, (_n,), generator=_g).tolist()
        _b = torch.randint(-6, 7, (1,), generator=_g).item() / 2
        _x = torch.randint(-2, 3, (5, 3, _n), generator=_g).float()
        _cases[f"ThresholdNeuron({_w}, {_b}) on inputs of shape (5, 3, {_n})"] = (_w, _b, _x)
_cases["ThresholdNeuron([1.0, 1.0, 1.0], -2.5) on one input of shape (3,)"] = ([1.0, 1.0, 1.0], -2.5, torch.ones(3))
_cases["ThresholdNeuron([1, 1, 1], -2) on the 8 inputs of 3 bits"] = \
    ([1, 1, 1], -2, torch.tensor(list(itertools.product([0.0, 1.0], repeat=3))))
_cases["ThresholdNeuron([1.0, 1.0], -1.5) on the 4 inputs of 2 bits, the visible example"] = \
    ([1.0, 1.0], -1.5, torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]))
_cases["ThresholdNeuron([1.0, -1.0], 0.0) on [1.0, 1.0], where w.x + b == 0: the visible example"] = \
    ([1.0, -1.0], 0.0, torch.tensor([1.0, 1.0]))
probe.record("cases", _cases)
for _key, (_w, _b, _x) in _cases.items():
    probe.call(_key, lambda w=_w, b=_b, x=_x: ThresholdNeuron(w, b)(x.clone()))
### END HIDDEN TESTS

# %% judge="test_ThresholdNeuron_forward"
def judge(got, want):
    for key in want.keys("ThresholdNeuron("):
        weights, bias, x = want["cases"][key]
        y = got[key]
        z = x.double() @ torch.as_tensor(weights, dtype=torch.float64) + float(bias)
        expected = (z > 0).double().unsqueeze(-1)
        assert isinstance(y, torch.Tensor), f"{key}: forward must return a tensor, got {kind(y)}"
        assert tuple(y.shape) == tuple(expected.shape), \
            f"{key}: expected an output of shape {tuple(expected.shape)}, got {tuple(y.shape)}"
        assert y.dtype == torch.float32, f"{key}: expected float32 1.0/0.0, got {y.dtype}"
        n = x.shape[-1]
        assert torch.equal(y.double(), expected), \
            f"{key}: wrong at {first_mismatch(x.reshape(-1, n), y.reshape(-1, 1), expected.reshape(-1, 1))} " \
            "(1.0 only where w.x + b > 0, 0.0 at exactly 0)"


# %% tags=["demo", "self_check"]
check_more_ThresholdNeuron(ThresholdNeuron)

# %% [markdown] tags=["ru"]
# ### Задание 2.2 (3 балла). NOT, AND и OR
#
# Напишите три функции, которые возвращают `ThresholdNeuron` с подобранными весами:
#
# * `make_not()` — нейрон с одним входом: 1 для входа 0 и 0 для входа 1;
# * `make_and(n_inputs=2)` — срабатывает, только когда **все** `n_inputs` входов равны 1;
# * `make_or(n_inputs=2)` — срабатывает, когда **хотя бы один** вход равен 1.
#
# `n_inputs` — от 1 до 8, передаётся по позиции или по имени. Частая ошибка — веса, которые
# подходят только для двух входов: при трёх входах AND со смещением $-1.5$ сработает уже на
# двух единицах. Подумайте, чему равна сумма входов, когда AND (или OR) должен сработать, а
# когда нет, и поставьте порог между этими значениями, с запасом, а не на границе.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Три проверки по 1 баллу, по одной на функцию: `make_not()`, `make_and()` и `make_or()`, а также
# `make_and(n)`, `make_or(n)`, `make_and(n_inputs=n)` и `make_or(n_inputs=n)` для `n` от 1 до 8.
# На каждом из $2^n$ входов $\operatorname{step}(w \cdot x + b)$ должна совпасть с NOT, AND или OR.
# Веса и смещение берутся из аргументов, с которыми функция создала `ThresholdNeuron` (проверка
# подставляет свой правильный `ThresholdNeuron`, так что ошибка в задании 2.1 не стоит баллов
# здесь), а если вы меняете веса нейрона после создания — из единственного `nn.Linear`
# возвращённого нейрона. Результат должен быть `ThresholdNeuron`.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 2.2 (3 points). NOT, AND and OR
#
# Write three functions that return a `ThresholdNeuron` with suitable weights:
#
# * `make_not()`: a neuron with one input: 1 for input 0 and 0 for input 1;
# * `make_and(n_inputs=2)`: fires only when **all** `n_inputs` inputs are 1;
# * `make_or(n_inputs=2)`: fires when **at least one** input is 1.
#
# `n_inputs` goes from 1 to 8, given by position or by name. A common bug is weights that only
# suit two inputs: with three inputs, an AND with bias $-1.5$ already fires on two ones. Think
# about what the sum of the inputs is when AND (or OR) must fire and when it must not, and put
# the threshold between those values, with a margin rather than on the boundary.
#
# <details><summary>What grading checks</summary>
#
# Three checks of 1 point each, one per function: `make_not()`, `make_and()` and `make_or()`, and
# `make_and(n)`, `make_or(n)`, `make_and(n_inputs=n)` and `make_or(n_inputs=n)` for `n` from 1 to
# 8. On each of the $2^n$ inputs $\operatorname{step}(w \cdot x + b)$ must agree with NOT, AND or OR.
# The weights and bias are those the function passed to `ThresholdNeuron` (the check puts in a
# correct `ThresholdNeuron` of its own, so a mistake in exercise 2.1 costs nothing here), or, if
# you change the neuron's weights after building it, those of the one `nn.Linear` in the neuron
# it returns. The result must be a `ThresholdNeuron`.
#
# </details>

# %% nbgrader={"grade_id": "make_not", "solution": true}
def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    ### BEGIN SOLUTION
    return ThresholdNeuron([-1.0], 0.5)
    ### END SOLUTION


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    ### BEGIN SOLUTION
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)
    ### END SOLUTION


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    ### BEGIN SOLUTION
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_make_not_not", "grade": true, "points": 1, "locked": true}
assert torch.equal(gate_outputs(make_not(), torch.tensor([[0.0], [1.0]])), torch.tensor([[1.0], [0.0]])), \
    TEXT["make_not NOT"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
from torch import nn


def _own(make, *args, **kwargs):
    """What make(*args, **kwargs) returns with the student's own ThresholdNeuron: is it one, its nn.Linear layers."""
    neuron = make(*args, **kwargs)
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)] if isinstance(neuron, nn.Module) else []
    return {"is a ThresholdNeuron": isinstance(neuron, ThresholdNeuron),
            "linears": [(m.weight, m.bias) for m in linears]}


with probe.replaced(ThresholdNeuron=lambda weights, bias: {"ThresholdNeuron": (weights, bias)}):
    probe.call("make_not()", make_not)
probe.call("make_not() with your own ThresholdNeuron", _own, make_not)
### END HIDDEN TESTS

# %% judge="test_make_not_not"
def judge(got, want):
    check_gate(got, "make_not()", 1, lambda x: 1.0 - x[:, 0])


# %% nbgrader={"grade_id": "test_make_not_and", "grade": true, "points": 1, "locked": true}
_x2 = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
assert torch.equal(gate_outputs(make_and(), _x2), torch.tensor([[0.0], [0.0], [0.0], [1.0]])), \
    TEXT["make_and AND"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
from torch import nn


def _own(make, *args, **kwargs):
    """What make(*args, **kwargs) returns with the student's own ThresholdNeuron: is it one, its nn.Linear layers."""
    neuron = make(*args, **kwargs)
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)] if isinstance(neuron, nn.Module) else []
    return {"is a ThresholdNeuron": isinstance(neuron, ThresholdNeuron),
            "linears": [(m.weight, m.bias) for m in linears]}


with probe.replaced(ThresholdNeuron=lambda weights, bias: {"ThresholdNeuron": (weights, bias)}):
    probe.call("make_and()", make_and)
    for _n in range(1, 9):
        probe.call(f"make_and({_n})", make_and, _n)
        probe.call(f"make_and(n_inputs={_n})", make_and, n_inputs=_n)
probe.call("make_and() with your own ThresholdNeuron", _own, make_and)
for _n in range(1, 9):
    probe.call(f"make_and({_n}) with your own ThresholdNeuron", _own, make_and, _n)
    probe.call(f"make_and(n_inputs={_n}) with your own ThresholdNeuron", _own, make_and, n_inputs=_n)
### END HIDDEN TESTS

# %% judge="test_make_not_and"
def judge(got, want):
    check_gate_calls(got, "make_and", lambda x: x.min(dim=1).values)


# %% nbgrader={"grade_id": "test_make_not_or", "grade": true, "points": 1, "locked": true}
_x2 = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
assert torch.equal(gate_outputs(make_or(), _x2), torch.tensor([[0.0], [1.0], [1.0], [1.0]])), \
    TEXT["make_or OR"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
from torch import nn


def _own(make, *args, **kwargs):
    """What make(*args, **kwargs) returns with the student's own ThresholdNeuron: is it one, its nn.Linear layers."""
    neuron = make(*args, **kwargs)
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)] if isinstance(neuron, nn.Module) else []
    return {"is a ThresholdNeuron": isinstance(neuron, ThresholdNeuron),
            "linears": [(m.weight, m.bias) for m in linears]}


with probe.replaced(ThresholdNeuron=lambda weights, bias: {"ThresholdNeuron": (weights, bias)}):
    probe.call("make_or()", make_or)
    for _n in range(1, 9):
        probe.call(f"make_or({_n})", make_or, _n)
        probe.call(f"make_or(n_inputs={_n})", make_or, n_inputs=_n)
probe.call("make_or() with your own ThresholdNeuron", _own, make_or)
for _n in range(1, 9):
    probe.call(f"make_or({_n}) with your own ThresholdNeuron", _own, make_or, _n)
    probe.call(f"make_or(n_inputs={_n}) with your own ThresholdNeuron", _own, make_or, n_inputs=_n)
### END HIDDEN TESTS

# %% judge="test_make_not_or"
def judge(got, want):
    check_gate_calls(got, "make_or", lambda x: x.max(dim=1).values)


# %% tags=["demo", "self_check"]
check_more_gates(make_not, make_and, make_or, ThresholdNeuron)

# %% [markdown] tags=["ru"]
# ## 3. Таблицы истинности (25 минут)
#
# Документация: [`itertools.product`](https://docs.python.org/3/library/itertools.html#itertools.product),
# [`torch.cartesian_prod`](https://pytorch.org/docs/stable/generated/torch.cartesian_prod.html),
# [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`Tensor.tolist`](https://pytorch.org/docs/stable/generated/torch.Tensor.tolist.html),
# [PrettyTable](https://github.com/prettytable/prettytable#readme).
#
# Таблица истинности функции $n$ входов перечисляет все $2^n$ входов и выход на каждом.
# Порядок строк — двоичный счёт: строка $i$ — это запись числа $i$ в $n$ битах, и первый
# вход $x_1$ — **старший** бит:
#
# | $i$ | $x_1$ | $x_2$ | $x_3$ |
# |---|---|---|---|
# | 0 | 0 | 0 | 0 |
# | 1 | 0 | 0 | 1 |
# | 2 | 0 | 1 | 0 |
# | ... | | | |
# | 7 | 1 | 1 | 1 |
#
# Такой порядок даёт `itertools.product([0, 1], repeat=n)`. У `torch.cartesian_prod` порядок
# тот же, но для одного входа она возвращает одномерный тензор. Можно и через биты: $x_j$ в
# строке $i$ равен `(i >> (n - j)) & 1`. Нейрон принимает сразу всю пачку входов формы
# `(2**n, n)`, по одной строке его вызывать не нужно.

# %% [markdown] tags=["en"]
# ## 3. Truth tables (25 minutes)
#
# Documentation: [`itertools.product`](https://docs.python.org/3/library/itertools.html#itertools.product),
# [`torch.cartesian_prod`](https://pytorch.org/docs/stable/generated/torch.cartesian_prod.html),
# [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`Tensor.tolist`](https://pytorch.org/docs/stable/generated/torch.Tensor.tolist.html),
# [PrettyTable](https://github.com/prettytable/prettytable#readme).
#
# The truth table of a function of $n$ inputs lists all $2^n$ inputs and the output on each.
# The rows come in binary counting order: row $i$ is the number $i$ written in $n$ bits, and
# the first input $x_1$ is the **most significant** bit:
#
# | $i$ | $x_1$ | $x_2$ | $x_3$ |
# |---|---|---|---|
# | 0 | 0 | 0 | 0 |
# | 1 | 0 | 0 | 1 |
# | 2 | 0 | 1 | 0 |
# | ... | | | |
# | 7 | 1 | 1 | 1 |
#
# `itertools.product([0, 1], repeat=n)` yields exactly this order. `torch.cartesian_prod` does
# too, but for a single input it returns a 1-D tensor. Bits work as well: $x_j$ in row $i$ is
# `(i >> (n - j)) & 1`. A neuron takes the whole batch of inputs of shape `(2**n, n)` at once,
# so there is no need to call it row by row.

# %% tags=["demo"]
for n in (1, 2, 3):
    print(n, TEXT["binary order: product"], list(itertools.product([0, 1], repeat=n)))
bits = torch.tensor([0.0, 1.0])
print(TEXT["binary order: one input"], tuple(torch.cartesian_prod(bits).shape),
      TEXT["binary order: two inputs"], tuple(torch.cartesian_prod(bits, bits).shape))

# %% [markdown] tags=["ru"]
# ### Задание 3.1 (2 балла). `truth_table`
#
# Напишите `truth_table(fn, n_inputs)`. `fn` принимает тензор `float32` формы `(..., n)` из
# нулей и единиц и возвращает тензор формы `(..., k)` любого `dtype` (у нейрона `k = 1`).
# Верните новый тензор `float32` формы `(2**n, n + k)`: в каждой строке вход (в порядке
# двоичного счёта, $x_1$ — старший бит), а за ним $k$ выходов `fn` на этом входе. Таблица не
# требует градиента, даже если `fn` дифференцируема, как `nn.Linear`: вызывайте её под
# `torch.no_grad()` или отсоедините выход (`.detach()`).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# `n` от 1 до 6, `k` от 1 до 3: слои пороговых элементов, двоичное значение строки, чётность и
# большинство, $x_1 \wedge \neg x_2$, NOT, функции с выходами `bool`, `int64` и `float64`,
# `nn.Linear(2, 1)` с целыми весами. Проверяются форма, `dtype` таблицы, порядок входов, выходы
# `fn` и то, что таблица не требует градиента.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 3.1 (2 points). `truth_table`
#
# Write `truth_table(fn, n_inputs)`. `fn` takes a `float32` tensor of shape `(..., n)` of zeros
# and ones and returns a tensor of shape `(..., k)` of any `dtype` (a neuron has `k = 1`).
# Return a fresh `float32` tensor of shape `(2**n, n + k)`: each row holds an input (in binary
# counting order, $x_1$ the most significant bit) followed by the $k$ outputs of `fn` on that
# input. The table does not require grad, even when `fn` is differentiable, like `nn.Linear`:
# call it under `torch.no_grad()` or detach its output (`.detach()`).
#
# <details><summary>What grading checks</summary>
#
# `n` from 1 to 6, `k` from 1 to 3: layers of threshold units, the row's binary value, parity
# and majority, $x_1 \wedge \neg x_2$, NOT, functions with `bool`, `int64` and `float64` outputs,
# `nn.Linear(2, 1)` with integer weights. The check looks at the shape, the table's `dtype`, the
# order of the inputs, the outputs of `fn`, and that the table does not require grad.
#
# </details>

# %% nbgrader={"grade_id": "truth_table", "solution": true}
def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Rows are all inputs in binary counting order (x1 is the most significant bit), each
    followed by fn's k outputs; fn maps a float32 tensor (..., n_inputs) to (..., k).
    """
    ### BEGIN SOLUTION
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)), dtype=torch.float32)
    with torch.no_grad():
        outputs = fn(inputs)
    return torch.cat([inputs, outputs.to(torch.float32)], dim=1)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_truth_table", "grade": true, "points": 2, "locked": true}
_table = truth_table(lambda x: (x.sum(dim=-1, keepdim=True) > 1.5).float(), 2)
assert _table.shape == (4, 3), TEXT["truth_table shape"].format(got=tuple(_table.shape))
assert torch.equal(_table, torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]])), \
    TEXT["truth_table AND"].format(got=_table.tolist())
_table = truth_table(lambda x: x[..., :1], 2)  # y = x1
assert torch.equal(_table[:, 2], torch.tensor([0.0, 0.0, 1.0, 1.0])), \
    TEXT["truth_table order"]
_table = truth_table(lambda x: x.sum(dim=-1, keepdim=True) > 0.5, 2)  # OR, as bools
assert _table.dtype == torch.float32 and torch.equal(_table[:, 2], torch.tensor([0.0, 1.0, 1.0, 1.0])), \
    TEXT["truth_table bools"].format(dtype=_table.dtype, got=_table[:, 2].tolist())
_table = truth_table(lambda x: x.double().prod(dim=-1, keepdim=True), 2)  # AND, in float64
assert _table.dtype == torch.float32 and torch.equal(_table[:, 2], torch.tensor([0.0, 0.0, 0.0, 1.0])), \
    TEXT["truth_table float64"].format(dtype=_table.dtype, got=_table[:, 2].tolist())
_linear = nn.Linear(2, 1)  # differentiable, as a neuron's nn.Linear is
with torch.no_grad():
    _linear.weight.copy_(torch.tensor([[1.0, 2.0]]))
    _linear.bias.fill_(-1.0)
_table = truth_table(_linear, 2)
assert not _table.requires_grad, TEXT["truth_table grad"]
assert torch.equal(_table[:, 2], torch.tensor([-1.0, 1.0, 0.0, 2.0])), \
    TEXT["truth_table linear"].format(got=_table[:, 2].tolist())
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import torch


class _StepLayer:
    """k threshold units with small integer weights: a function of n inputs with k outputs."""

    def __init__(self, n, k, g):
        self.w = torch.randint(-2, 3, (n, k), generator=g).float()
        self.b = torch.randint(-2, 3, (k,), generator=g).float() + 0.5

    def __call__(self, x):
        return ((x @ self.w + self.b) > 0).float()


_g = torch.Generator().manual_seed(11)
_functions = {}
for _n in range(1, 7):
    for _k in (1, 2, 3):
        _functions[f"truth_table(a layer of {_k} threshold unit(s), {_n})"] = (_StepLayer(_n, _k, _g), _n)
    _place = 2.0 ** torch.arange(_n - 1, -1, -1).float()
    _functions[f"truth_table(fn = the row's binary value, {_n})"] = \
        (lambda x, p=_place: (x * p).sum(dim=-1, keepdim=True), _n)
_functions["truth_table(fn = (parity, majority), 3)"] = \
    (lambda x: torch.stack([x.sum(-1) % 2, (x.sum(-1) > 1.5).float()], dim=-1), 3)
_functions["truth_table(fn = x1 AND NOT x2, 2)"] = (lambda x: x[..., :1] * (1 - x[..., 1:2]), 2)
_functions["truth_table(fn = NOT x, 1)"] = (lambda x: 1 - x, 1)
_functions["truth_table(fn = x1 > x2 as bools, 2)"] = (lambda x: x[..., :1] > x[..., 1:], 2)
_functions["truth_table(fn = the number of ones in float64, 4)"] = (lambda x: x.double().sum(dim=-1, keepdim=True), 4)
_functions["truth_table(fn = (x1, x2 + x3) as int64, 3)"] = \
    (lambda x: torch.stack([x[..., 0], x[..., 1] + x[..., 2]], dim=-1).long(), 3)
_linear = torch.nn.Linear(2, 1)  # differentiable: its output requires grad unless the table is built without it
with torch.no_grad():
    _linear.weight.copy_(torch.tensor([[2.0, -3.0]]))
    _linear.bias.fill_(0.5)
_functions["truth_table(fn = nn.Linear(2, 1) with weights (2, -3) and bias 0.5, 2)"] = (_linear, 2)
_functions["truth_table(fn = x1 AND x2, 2), the visible example"] = \
    (lambda x: (x.sum(dim=-1, keepdim=True) > 1.5).float(), 2)
_functions["truth_table(fn = x1, 2), the visible example"] = (lambda x: x[..., :1], 2)
_functions["truth_table(fn = x1 OR x2 as bools, 2), the visible example"] = \
    (lambda x: x.sum(dim=-1, keepdim=True) > 0.5, 2)
_functions["truth_table(fn = x1 AND x2 in float64, 2), the visible example"] = \
    (lambda x: x.double().prod(dim=-1, keepdim=True), 2)
_visible_linear = torch.nn.Linear(2, 1)
with torch.no_grad():
    _visible_linear.weight.copy_(torch.tensor([[1.0, 2.0]]))
    _visible_linear.bias.fill_(-1.0)
_functions["truth_table(fn = nn.Linear(2, 1) with weights (1, 2) and bias -1, 2), the visible example"] = \
    (_visible_linear, 2)
probe.record("inputs", {_key: _n for _key, (_fn, _n) in _functions.items()})
for _key, (_fn, _n) in _functions.items():
    probe.call(_key, truth_table, _fn, _n)
### END HIDDEN TESTS

# %% judge="test_truth_table"
def judge(got, want):
    for key in want.keys("truth_table("):
        n = want["inputs"][key]
        reference = want[key]
        k = reference.shape[1] - n
        table = got[key]
        assert isinstance(table, torch.Tensor), f"{key} must return a tensor, got {kind(table)}"
        assert tuple(table.shape) == tuple(reference.shape), \
            f"{key}: expected shape {tuple(reference.shape)} ({2 ** n} rows of {n} inputs and {k} output(s)), " \
            f"got {tuple(table.shape)}"
        assert table.dtype == torch.float32, f"{key}: expected a float32 table, got {table.dtype}"
        inputs = corners(n).float()
        assert torch.equal(table[:, :n], inputs), \
            f"{key}: the input columns must count in binary with x1 as the most significant bit; " \
            f"expected rows {inputs.tolist()[:8]}..., got {table[:, :n].tolist()[:8]}..."
        assert torch.equal(table[:, n:], reference[:, n:]), \
            f"{key}: the last {k} column(s) must hold fn's outputs on each row's input; " \
            f"expected {reference[:, n:].tolist()[:8]}..., got {table[:, n:].tolist()[:8]}..."
        assert not table.observed["requires_grad"], \
            f"{key}: the table must not require grad: call fn under torch.no_grad() or detach its output"


# %% tags=["demo", "self_check"]
check_more_truth_table(truth_table)

# %% [markdown] tags=["ru"]
# ### Задание 3.2 (1 балл). `format_truth_table`
#
# Напишите `format_truth_table(table, n_inputs)`: таблицу `prettytable.PrettyTable` по тензору,
# который возвращает `truth_table`. Столбцы: `x1`, ..., `xn`, затем `y`, если выход один, или
# `y1`, ..., `yk`, если их `k > 1`. Одна строка на каждую строку `table`, в том же порядке; в
# ячейках — обычные числа Python: `int` (`0`, `1`) или `float` (`0.0`, `1.0`, как из
# `table.tolist()`), годится любой; не тензоры, не `bool` и не строки.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# `n` от 1 до 4, `k` от 1 до 3 и видимые таблицы: имена столбцов, число строк, значение каждой
# ячейки и её тип: `int` или `float`, не тензор, не `bool` и не строка.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 3.2 (1 point). `format_truth_table`
#
# Write `format_truth_table(table, n_inputs)`: a `prettytable.PrettyTable` from the tensor that
# `truth_table` returns. Columns: `x1`, ..., `xn`, then `y` for a single output or `y1`, ...,
# `yk` for `k > 1` outputs. One row per row of `table`, in the same order; the cells hold the
# values as plain Python numbers: `int` (`0`, `1`) or `float` (`0.0`, `1.0`, as from
# `table.tolist()`), either will do; not tensors, `bool`s or strings.
#
# <details><summary>What grading checks</summary>
#
# `n` from 1 to 4, `k` from 1 to 3 and the visible tables: the column names, the number of
# rows, the value of every cell and its type: `int` or `float`, not a tensor, a `bool` or a string.
#
# </details>

# %% nbgrader={"grade_id": "format_truth_table", "solution": true}
def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input.

    Each cell holds a plain Python int or float (either will do), never a tensor, a bool or a string.
    """
    ### BEGIN SOLUTION
    n_outputs = table.shape[1] - n_inputs
    input_names = [f"x{i}" for i in range(1, n_inputs + 1)]
    output_names = ["y"] if n_outputs == 1 else [f"y{i}" for i in range(1, n_outputs + 1)]
    pretty = PrettyTable(input_names + output_names)
    for row in table.tolist():
        pretty.add_row([int(v) if float(v).is_integer() else v for v in row])
    return pretty
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_format_truth_table", "grade": true, "points": 1, "locked": true}
_and_table = torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]])
_pretty = format_truth_table(_and_table, 2)
assert isinstance(_pretty, PrettyTable), TEXT["format_truth_table type"].format(got=type(_pretty).__name__)
assert list(_pretty.field_names) == ["x1", "x2", "y"], \
    TEXT["format_truth_table columns"].format(got=list(_pretty.field_names))
assert len(_pretty.rows) == 4, TEXT["format_truth_table rows"].format(got=len(_pretty.rows))
assert all(isinstance(cell, (int, float)) and not isinstance(cell, bool) for row in _pretty.rows for cell in row) \
    and [[float(cell) for cell in row] for row in _pretty.rows] == _and_table.tolist(), \
    TEXT["format_truth_table cells"].format(got=_pretty.rows)
print(_pretty)
_and_or_table = torch.tensor([[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0]])
_pretty = format_truth_table(_and_or_table, 2)
assert list(_pretty.field_names) == ["x1", "x2", "y1", "y2"] and len(_pretty.rows) == 4, \
    TEXT["format_truth_table two outputs"].format(got=list(_pretty.field_names), rows=len(_pretty.rows))
print(_pretty)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import itertools

import torch
from prettytable import PrettyTable as _PrettyTable


def _shown(table, n):
    """The column names and rows of format_truth_table(table, n), as plain lists."""
    pretty = format_truth_table(table, n)
    if not isinstance(pretty, _PrettyTable):
        return {"prettytable": False}
    return {"prettytable": True, "columns": list(pretty.field_names), "rows": [list(row) for row in pretty.rows]}


_g = torch.Generator().manual_seed(5)
_tables = {}
for _n in range(1, 5):
    _inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=_n))).reshape(2 ** _n, _n)
    for _k in (1, 2, 3):
        _outputs = torch.randint(0, 2, (2 ** _n, _k), generator=_g).float()
        _tables[f"format_truth_table(a table of {_n} input(s) and {_k} output(s), {_n})"] = \
            (torch.cat([_inputs, _outputs], dim=1), _n)
_tables["format_truth_table(the visible AND table, 2)"] = \
    (torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]]), 2)
_tables["format_truth_table(the visible (AND, OR) table, 2)"] = \
    (torch.tensor([[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0]]), 2)
probe.record("tables", _tables)
for _key, (_table, _n) in _tables.items():
    probe.call(_key, _shown, _table.clone(), _n)
### END HIDDEN TESTS

# %% judge="test_format_truth_table"
def judge(got, want):
    for key in want.keys("format_truth_table("):
        table, n = want["tables"][key]
        shown = got[key]
        assert shown["prettytable"], f"{key} must return a prettytable.PrettyTable"
        k = table.shape[1] - n
        names = [f"x{i}" for i in range(1, n + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
        assert list(shown["columns"]) == names, f"{key}: expected the columns {', '.join(names)}"
        rows = shown["rows"]
        assert len(rows) == table.shape[0], f"{key}: expected {table.shape[0]} rows, got {len(rows)}"
        for i, (row, expected) in enumerate(zip(rows, table.tolist()), start=1):
            assert len(row) == len(expected), f"{key}: row {i} has {len(row)} cells, expected {len(expected)}"
            for cell, value in zip(row, expected):
                assert not isinstance(cell, torch.Tensor), \
                    f"{key}: cells must hold plain numbers, not tensors (row {i} holds a tensor); use .tolist()"
                assert isinstance(cell, numbers.Real) and not isinstance(cell, bool), \
                    f"{key}: cells must hold plain numbers (int or float); row {i} holds {kind(cell)}"
                assert float(cell) == value, f"{key}: row {i} must read {[int(v) for v in expected]}"


# %% tags=["demo", "self_check"]
check_more_format_truth_table(format_truth_table)

# %% [markdown] tags=["ru"]
# Соберём всё вместе: таблицы истинности ваших нейронов (ячейка заработает, когда будут
# готовы задания 2.1, 2.2, 3.1 и 3.2).

# %% [markdown] tags=["en"]
# Putting it together: the truth tables of your neurons (this cell works once exercises 2.1,
# 2.2, 3.1 and 3.2 are done).

# %% tags=["demo"]
try:
    gate_tables = [(title, format_truth_table(truth_table(neuron, n), n))
                   for title, neuron, n in (("NOT", make_not(), 1), (TEXT["gate tables: AND"], make_and(3), 3),
                                            (TEXT["gate tables: OR"], make_or(3), 3))]
except NotImplementedError:
    print(TEXT["gate tables: skipped"])
else:
    for title, pretty in gate_tables:
        print(title)
        print(pretty)

# %% figure="gates"
import matplotlib.pyplot as plt
import numpy as np

T = {"ru": {"fires": "нейрон срабатывает", "none": "ни одна прямая\nне отделит ● от ○", "one": "выход 1",
            "zero": "выход 0", "no_neuron": "одного нейрона нет"},
     "en": {"fires": "the neuron fires", "none": "no line separates\n● from ○", "one": "output 1",
            "zero": "output 0", "no_neuron": "no single neuron"}}[lang]
corners = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
gates = [("AND", [0, 0, 0, 1], -1.5), ("OR", [0, 1, 1, 1], -0.5), ("XOR", [0, 1, 1, 0], None)]
fig, axes = plt.subplots(1, 3, figsize=(8, 3.4))
xs = np.array([-0.5, 1.5])
for ax, (name, outputs, b) in zip(axes, gates):
    if b is not None:  # weights (1, 1): the line x1 + x2 + b = 0
        ax.fill_between(xs, -b - xs, 2, color="tab:orange", alpha=0.15, label=T["fires"])
        ax.plot(xs, -b - xs, color="tab:orange", lw=2)
        ax.set_title(f"{name}: $x_1 + x_2 {b:+.1f} > 0$", fontsize=11)
    else:
        ax.text(0.5, 0.5, T["none"], ha="center", va="center", fontsize=10, color="dimgray")
        ax.set_title(f"{name}: {T['no_neuron']}", fontsize=11)
    out = np.array(outputs)
    ax.scatter(*corners[out == 1].T, s=110, color="tab:blue", zorder=3, label=T["one"])
    ax.scatter(*corners[out == 0].T, s=110, facecolor="white", edgecolor="tab:blue", lw=2, zorder=3,
               label=T["zero"])
    ax.set(xlim=(-0.4, 1.4), ylim=(-0.4, 1.4), xticks=[0, 1], yticks=[0, 1], xlabel="$x_1$", aspect="equal")
axes[0].set_ylabel("$x_2$")
handles, labels = axes[0].get_legend_handles_labels()
fig.legend(handles, labels, loc="lower center", ncol=3, frameon=False)
fig.subplots_adjust(left=0.06, right=0.98, top=0.9, bottom=0.24, wspace=0.25)

# %% figure="xor_network"
import matplotlib.pyplot as plt
import numpy as np

T = {"ru": {"left": "Вход: два скрытых нейрона", "right": "Скрытый слой: выходной AND",
            "or": "OR: $x_1 + x_2 - 0.5 = 0$", "nand": "NAND: $-x_1 - x_2 + 1.5 = 0$",
            "and": "AND: $h_1 + h_2 - 1.5 = 0$", "band": "XOR = 1"},
     "en": {"left": "Input: the two hidden neurons", "right": "Hidden layer: the output AND",
            "or": "OR: $x_1 + x_2 - 0.5 = 0$", "nand": "NAND: $-x_1 - x_2 + 1.5 = 0$",
            "and": "AND: $h_1 + h_2 - 1.5 = 0$", "band": "XOR = 1"}}[lang]
corners = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
xor = np.array([0, 1, 1, 0])
hidden = np.stack([(corners.sum(1) > 0.5), (corners.sum(1) < 1.5)], axis=1).astype(float)  # (OR, NAND)
fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.8))
xs = np.array([-0.5, 1.5])
left.fill_between(xs, 0.5 - xs, 1.5 - xs, color="tab:orange", alpha=0.15, label=T["band"])
left.plot(xs, 0.5 - xs, color="tab:green", lw=2, label=T["or"])
left.plot(xs, 1.5 - xs, color="tab:purple", lw=2, label=T["nand"])
right.fill_between(xs, 1.5 - xs, 2, color="tab:orange", alpha=0.15)
right.plot(xs, 1.5 - xs, color="tab:orange", lw=2, label=T["and"])
for ax, points, (xlabel, ylabel) in ((left, corners, ("$x_1$", "$x_2$")), (right, hidden, ("$h_1$ = OR", "$h_2$ = NAND"))):
    ax.scatter(*points[xor == 1].T, s=110, color="tab:blue", zorder=3)
    ax.scatter(*points[xor == 0].T, s=110, facecolor="white", edgecolor="tab:blue", lw=2, zorder=3)
    ax.set(xlim=(-0.4, 1.4), ylim=(-0.4, 1.4), xticks=[0, 1], yticks=[0, 1], xlabel=xlabel, ylabel=ylabel)
    ax.set_box_aspect(1)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False, fontsize=9)
for text, h in (("(0, 0)", (0, 1)), ("(0, 1), (1, 0)", (1, 1)), ("(1, 1)", (1, 0))):
    right.annotate(text, h, xytext=(0, 10), textcoords="offset points", ha="center", fontsize=9)
left.set_title(T["left"], fontsize=11)
right.set_title(T["right"], fontsize=11)
fig.subplots_adjust(left=0.08, right=0.98, top=0.92, bottom=0.3, wspace=0.3)

# %% figure="xor_wires"
import matplotlib.pyplot as plt
import numpy as np

T = {"ru": {"inputs": "входы", "hidden": "скрытый слой", "output": "выход",
            "rule": "каждый нейрон выдаёт step(w · x + b): на проводе — вес w, в круге — смещение b"},
     "en": {"inputs": "inputs", "hidden": "hidden layer", "output": "output",
            "rule": "each neuron outputs step(w · x + b): on a wire, its weight w; in a circle, the bias b"}}[lang]
# name: (centre, radius, what the circle shows, and for a neuron its gate and side: 1 above the circle, -1 below)
nodes = {"x1": ((0.0, 1.2), 0.32, "$x_1$", None), "x2": ((0.0, -1.2), 0.32, "$x_2$", None),
         "h1": ((2.8, 1.2), 0.5, "$-0.5$", ("$h_1$ = OR", 1)),
         "h2": ((2.8, -1.2), 0.5, "$+1.5$", ("$h_2$ = NAND", -1)),
         "y": ((5.6, 0.0), 0.5, "$-1.5$", ("AND", 1))}
wires = [("x1", "h1", 1), ("x2", "h1", 1), ("x1", "h2", -1), ("x2", "h2", -1), ("h1", "y", 1), ("h2", "y", 1)]
fig, ax = plt.subplots(figsize=(8, 3.6))
for start, end, weight in wires:
    (a, r_a), (b, r_b) = (np.array(nodes[start][0]), nodes[start][1]), (np.array(nodes[end][0]), nodes[end][1])
    unit = (b - a) / np.linalg.norm(b - a)
    tail, head = a + unit * r_a, b - unit * (r_b + 0.03)
    color = "tab:blue" if weight > 0 else "tab:red"
    ax.annotate("", head, tail, arrowprops={"arrowstyle": "-|>", "color": color, "lw": 1.6, "shrinkA": 0,
                                            "shrinkB": 0})
    label = tail + 0.28 * (head - tail)  # near the wire's start, away from where the wires cross
    ax.text(*label, f"${weight:+d}$", color=color, fontsize=11, ha="center", va="center",
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"})
for name, ((x, y), r, inside, gate) in nodes.items():
    neuron = gate is not None
    ax.add_patch(plt.Circle((x, y), r, facecolor="white" if neuron else "whitesmoke",
                            edgecolor="black" if neuron else "gray", lw=1.6, zorder=3))
    ax.text(x, y, inside, ha="center", va="center", fontsize=11 if neuron else 12, zorder=4)
    if neuron:
        text, side = gate
        ax.text(x, y + side * (r + 0.1), text, ha="center", va="bottom" if side > 0 else "top", fontsize=10)
ax.annotate("", (6.9, 0.0), (6.1, 0.0), arrowprops={"arrowstyle": "-|>", "color": "black", "lw": 1.6})
ax.text(7.0, 0.0, "$y$ = XOR$(x_1, x_2)$", ha="left", va="center", fontsize=11)
for x, caption in ((0.0, T["inputs"]), (2.8, T["hidden"]), (5.6, T["output"])):
    ax.text(x, 2.35, caption, ha="center", va="bottom", fontsize=10, style="italic")
ax.text(4.0, -2.3, T["rule"], ha="center", va="top", fontsize=9, color="dimgray")
ax.set(xlim=(-0.5, 8.8), ylim=(-2.7, 2.75), aspect="equal")
ax.axis("off")

# %% [markdown] tags=["ru"]
# ## 4. XOR (15 минут)
#
# Документация: [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`nn.ModuleList`](https://pytorch.org/docs/stable/generated/torch.nn.ModuleList.html).
#
# Нейрон срабатывает по одну сторону прямой $w \cdot x + b = 0$. У AND и OR такая прямая есть,
# у XOR («исключающее или»: 1, когда ровно один вход равен 1) — нет:
#
# ![Единичный квадрат: у AND и OR прямая отделяет выходы 1 от выходов 0, у XOR такой прямой нет](attachment:gates.png)
#
# Докажем. Допустим, нашлись $w_1, w_2, b$. Тогда
#
# * вход $(0, 0) \mapsto 0$: $b \le 0$;
# * вход $(1, 1) \mapsto 0$: $w_1 + w_2 + b \le 0$;
# * вход $(1, 0) \mapsto 1$: $w_1 + b > 0$;
# * вход $(0, 1) \mapsto 1$: $w_2 + b > 0$.
#
# Сложив два последних неравенства, получим $w_1 + w_2 + 2b > 0$, а сложив два первых —
# $w_1 + w_2 + 2b \le 0$. Противоречие. Такие ограничения однослойного перцептрона подробно
# разобраны в книге Минского и Пейперта «Перцептроны» (1969) [4].
#
# Зато два слоя справляются:
# $\mathrm{XOR}(x_1, x_2) = \mathrm{AND}(\mathrm{OR}(x_1, x_2), \mathrm{NAND}(x_1, x_2))$ — «хотя бы
# одна единица, но не обе». Вот эта сеть:
#
# ![Сеть XOR: x1 и x2 идут в скрытые нейроны h1 = OR и h2 = NAND, а те — в выходной AND; на проводах веса, в кругах смещения](attachment:xor_wires.png)
#
# Два скрытых нейрона проводят две прямые, и XOR равен 1 в полосе между ними; в пространстве
# скрытого слоя $(h_1, h_2)$ точки уже разделяет одна прямая выходного AND:
#
# ![Слева: прямые скрытых нейронов OR и NAND и полоса между ними; справа: те же входы в координатах скрытого слоя, где их разделяет прямая AND](attachment:xor_network.png)
#
# Годятся и другие разложения, например $(x_1 \wedge \neg x_2) \vee (\neg x_1 \wedge x_2)$.
#
# ### Задание 4 (2 балла). `XorNetwork`
#
# Напишите `nn.Module` `XorNetwork()`: XOR двух входов ровно из **трёх** `ThresholdNeuron` (два
# скрытых, один выходной) без других параметров. `forward(x)` принимает тензор `float32` формы
# `(..., 2)` из нулей и единиц (любое число ведущих измерений, в том числе ни одного) и
# возвращает тензор `float32` формы `(..., 1)`: `1.0`, где ровно один вход равен 1, иначе `0.0`.
# Нейроны создавайте через `ThresholdNeuron(weights, bias)` или функциями задания 2.2.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# * в сети ровно три нейрона `ThresholdNeuron` и нет других параметров;
# * выход на четырёх входах, на пачках форм `(7, 2)`, `(3, 4, 2)`, `(2, 2, 3, 2)` и на одном
#   входе формы `(2,)`: значения, форма и `dtype`;
# * выход вычисляется через нейроны: проверка по очереди заставляет каждый нейрон выдавать
#   константу (0 или 1) и ждёт, что XOR сломается.
#
# Сеть строится с собственными правильными `ThresholdNeuron`, `make_not`, `make_and` и `make_or`
# проверки, так что ошибка в заданиях 2.1 и 2.2 не стоит баллов здесь; поэтому сеть должна
# вызывать свои нейроны, а не читать их внутренние атрибуты.
#
# </details>

# %% [markdown] tags=["en"]
# ## 4. XOR (15 minutes)
#
# Documentation: [`torch.cat`](https://pytorch.org/docs/stable/generated/torch.cat.html),
# [`nn.ModuleList`](https://pytorch.org/docs/stable/generated/torch.nn.ModuleList.html).
#
# A neuron fires on one side of the line $w \cdot x + b = 0$. AND and OR have such a line; XOR
# ("exclusive or": 1 when exactly one input is 1) has none:
#
# ![The unit square: for AND and OR a line separates the outputs 1 from the outputs 0; for XOR no line does](attachment:gates.png)
#
# The proof. Suppose $w_1, w_2, b$ existed. Then
#
# * input $(0, 0) \mapsto 0$: $b \le 0$;
# * input $(1, 1) \mapsto 0$: $w_1 + w_2 + b \le 0$;
# * input $(1, 0) \mapsto 1$: $w_1 + b > 0$;
# * input $(0, 1) \mapsto 1$: $w_2 + b > 0$.
#
# Adding the last two inequalities gives $w_1 + w_2 + 2b > 0$, adding the first two gives
# $w_1 + w_2 + 2b \le 0$. A contradiction. Minsky and Papert's book *Perceptrons* (1969)
# studies such limits of one-layer perceptrons in depth [4].
#
# Two layers, though, do it:
# $\mathrm{XOR}(x_1, x_2) = \mathrm{AND}(\mathrm{OR}(x_1, x_2), \mathrm{NAND}(x_1, x_2))$, "at least one
# 1, but not both". Here is that network:
#
# ![The XOR network: x1 and x2 feed the hidden neurons h1 = OR and h2 = NAND, which feed the output AND; weights on the wires, biases in the circles](attachment:xor_wires.png)
#
# The two hidden neurons draw two lines, and XOR is 1 in the band between them; in the hidden
# layer's coordinates $(h_1, h_2)$ a single line, the output AND's, separates the points:
#
# ![Left: the lines of the hidden OR and NAND neurons and the band between them; right: the same inputs in the hidden layer's coordinates, where the AND line separates them](attachment:xor_network.png)
#
# Other decompositions work too, such as $(x_1 \wedge \neg x_2) \vee (\neg x_1 \wedge x_2)$.
#
# ### Exercise 4 (2 points). `XorNetwork`
#
# Write the `nn.Module` `XorNetwork()`: XOR of two inputs from exactly **three**
# `ThresholdNeuron`s (two hidden, one output) and no other parameters. `forward(x)` takes a
# `float32` tensor of shape `(..., 2)` of zeros and ones (any number of leading dimensions, none
# included) and returns a `float32` tensor of shape `(..., 1)`: `1.0` where exactly one input is
# 1, `0.0` elsewhere. Build the neurons with `ThresholdNeuron(weights, bias)` or the functions of
# exercise 2.2.
#
# <details><summary>What grading checks</summary>
#
# * the network holds exactly three `ThresholdNeuron`s and no other parameters;
# * the output on the four inputs, on batches of shapes `(7, 2)`, `(3, 4, 2)`, `(2, 2, 3, 2)` and
#   on one input of shape `(2,)`: values, shape and `dtype`;
# * the output is computed through the neurons: the check forces each neuron in turn to output
#   a constant (0 or 1) and expects XOR to break.
#
# The network is built with the check's own correct `ThresholdNeuron`, `make_not`, `make_and` and
# `make_or`, so a mistake in exercises 2.1 and 2.2 costs nothing here; so the network should call
# its neurons rather than read their inner attributes.
#
# </details>

# %% nbgrader={"grade_id": "XorNetwork", "solution": true}
class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float32 tensor of 0/1 of shape (..., 2) -> a float32 tensor of shape (..., 1),
    1.0 where exactly one input is 1.
    """

    def __init__(self):
        super().__init__()
        ### BEGIN SOLUTION
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)
        ### END SOLUTION

    def forward(self, x):
        ### BEGIN SOLUTION
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden)
        ### END SOLUTION


# %% nbgrader={"grade_id": "test_XorNetwork", "grade": true, "points": 2, "locked": true}
# These visible checks use your own ThresholdNeuron (exercise 2.1); grading uses a correct one.
_xor_net = XorNetwork()
_x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_y = _xor_net(_x)
assert _y.shape == (4, 1), TEXT["XorNetwork shape"].format(got=tuple(_y.shape))
assert torch.equal(_y, torch.tensor([[0.0], [1.0], [1.0], [0.0]])), \
    TEXT["XorNetwork XOR"].format(got=_y.flatten().tolist())
_y = _xor_net(_x.reshape(2, 2, 2))
assert _y.shape == (2, 2, 1) and torch.equal(_y.flatten(), torch.tensor([0.0, 1.0, 1.0, 0.0])), \
    TEXT["XorNetwork batch"].format(shape=tuple(_y.shape), got=_y.flatten().tolist())
_y = _xor_net(torch.tensor([0.0, 1.0]))
assert torch.equal(_y, torch.tensor([1.0])), \
    TEXT["XorNetwork single"].format(shape=tuple(_y.shape), got=_y.flatten().tolist())
_neurons = [m for m in _xor_net.modules() if isinstance(m, ThresholdNeuron)]
assert len(_neurons) == 3, TEXT["XorNetwork neurons"].format(found=len(_neurons))
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import torch
from torch import nn


class _Neuron(nn.Module):
    """A correct ThresholdNeuron of the check's own: a mistake in exercise 2.1 or 2.2 costs XorNetwork nothing."""

    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).to(x.dtype)


def _structure(net):
    """How many of the check's neurons the network holds, and how many parameter elements are not theirs."""
    if not isinstance(net, nn.Module):
        return {"module": False}
    neurons = [m for m in net.modules() if isinstance(m, _Neuron)]
    theirs = {id(p) for neuron in neurons for p in neuron.parameters()}
    return {"module": True, "neurons": len(neurons),
            "other parameters": sum(p.numel() for p in net.parameters() if id(p) not in theirs)}


def _forced(index, constant, x):
    """A fresh XorNetwork's output on x, its neuron number `index` forced to output `constant`."""
    net = XorNetwork()
    neuron = [m for m in net.modules() if isinstance(m, _Neuron)][index]
    with torch.no_grad():
        neuron.linear.weight.zero_()
        neuron.linear.bias.fill_(1.0 if constant else -1.0)
    return net(x)


_corners = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_g = torch.Generator().manual_seed(9)
_inputs = {"XorNetwork() on the four inputs 00, 01, 10, 11": _corners}
for _shape in ((7, 2), (3, 4, 2), (2, 2, 3, 2)):
    _inputs[f"XorNetwork() on a batch of shape {_shape}"] = torch.randint(0, 2, _shape, generator=_g).float()
_inputs["XorNetwork() on the single input [1, 0] of shape (2,)"] = torch.tensor([1.0, 0.0])
_inputs["XorNetwork() on the single input [1, 1] of shape (2,)"] = torch.tensor([1.0, 1.0])
_inputs["XorNetwork() on the four inputs as a batch of shape (2, 2, 2), the visible example"] = \
    _corners.reshape(2, 2, 2)
_inputs["XorNetwork() on the single input [0, 1] of shape (2,), the visible example"] = torch.tensor([0.0, 1.0])
probe.record("inputs", _inputs)
with probe.replaced(ThresholdNeuron=_Neuron, make_not=lambda: _Neuron([-1.0], 0.5),
                    make_and=lambda n_inputs=2: _Neuron([1.0] * n_inputs, 0.5 - n_inputs),
                    make_or=lambda n_inputs=2: _Neuron([1.0] * n_inputs, -0.5)):
    _net = probe.call("XorNetwork()", XorNetwork)
    if _net is not None:
        probe.call("the structure of XorNetwork()", _structure, _net)
        for _key, _x in _inputs.items():
            probe.call(_key, _net, _x.clone())
        for _index in range(3):
            for _constant in (0, 1):
                probe.call(f"XorNetwork() with its neuron #{_index + 1} forced to output {_constant}",
                           _forced, _index, _constant, _corners.clone())
### END HIDDEN TESTS

# %% judge="test_XorNetwork"
def judge(got, want):
    got["XorNetwork()"]
    structure = got["the structure of XorNetwork()"]
    assert structure["module"], "XorNetwork must be an nn.Module"
    assert structure["neurons"] == 3, \
        f"XorNetwork must be built from exactly three ThresholdNeurons, found {structure['neurons']}"
    extra = structure["other parameters"]
    assert extra == 0, f"XorNetwork must have no parameters besides those of its three neurons, found {extra} more"
    for key in want.keys("XorNetwork() on "):
        x = want["inputs"][key]
        y = got[key]
        expected = (x[..., :1] != x[..., 1:]).double()
        assert isinstance(y, torch.Tensor), f"{key} must return a tensor, got {kind(y)}"
        assert tuple(y.shape) == tuple(expected.shape), \
            f"{key}: expected an output of shape {tuple(expected.shape)}, got {tuple(y.shape)}"
        assert y.dtype == torch.float32, f"{key}: expected float32 1.0/0.0, got {y.dtype}"
        assert torch.equal(y.double(), expected), \
            f"{key}: wrong at {first_mismatch(x.reshape(-1, 2), y.reshape(-1, 1), expected.reshape(-1, 1))}"
    xor = torch.tensor([[0.0], [1.0], [1.0], [0.0]], dtype=torch.float64)
    for index in range(1, 4):
        for constant in (0, 1):
            y = got[f"XorNetwork() with its neuron #{index} forced to output {constant}"]
            still_xor = isinstance(y, torch.Tensor) and tuple(y.shape) == (4, 1) and torch.equal(y.double(), xor)
            assert not still_xor, \
                f"XorNetwork's output does not depend on its neuron #{index}: with that neuron forced to output " \
                f"{constant} it still computes XOR; the three neurons must compute it"


# %% tags=["demo", "self_check"]
check_more_XorNetwork(XorNetwork, ThresholdNeuron)

# %% [markdown] tags=["ru"]
# Таблица истинности вашей сети и число её параметров: у трёх нейронов по два веса и
# смещению, всего 9 (ячейка заработает, когда будут готовы задания 1.1, 2.1, 3.1, 3.2 и 4).

# %% [markdown] tags=["en"]
# The truth table of your network and its parameter count: three neurons with two weights and
# a bias each, 9 in all (this cell works once exercises 1.1, 2.1, 3.1, 3.2 and 4 are done).

# %% tags=["demo"]
try:
    xor_net = XorNetwork()
    xor_table = format_truth_table(truth_table(xor_net, 2), 2)
    xor_parameters = count_parameters(xor_net)
except NotImplementedError:
    print(TEXT["XOR table: skipped"])
else:
    print(xor_table)
    print(TEXT["XOR table: parameters"], xor_parameters)

# %% [markdown] tags=["ru"]
# ## 5. Зачем нужны функции активации (20 минут)
#
# Документация: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`nn.Sequential`](https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.testing.assert_close`](https://pytorch.org/docs/stable/testing.html#torch.testing.assert_close).
#
# XOR получился потому, что между слоями стоит нелинейность — ступенька. А что, если её
# убрать и поставить линейные слои подряд? Композиция аффинных отображений аффинна:
#
# $$W_2 (W_1 x + b_1) + b_2 = (W_2 W_1)\, x + (W_2 b_1 + b_2).$$
#
# Значит, `nn.Sequential(nn.Linear(a, b), nn.Linear(b, c))` вычисляет ровно то же, что
# один `nn.Linear(a, c)` с весом $W_2 W_1$ и смещением $W_2 b_1 + b_2$. Обратите внимание
# на две детали:
#
# * порядок умножения: последний слой стоит слева ($W_k \cdots W_2 W_1$), ведь в PyTorch
#   `weight` имеет форму `(out, in)`;
# * смещения не просто складываются: смещение каждого слоя проходит через веса всех
#   следующих слоёв.
#
# Проверим численно, что линейная сеть аффинна: для аффинной $f$ разность $f(x) - f(0)$
# линейна, то есть $f(x + y) - f(0) = (f(x) - f(0)) + (f(y) - f(0))$. С ReLU между слоями
# это равенство ломается.

# %% [markdown] tags=["en"]
# ## 5. Why activations matter (20 minutes)
#
# Documentation: [`nn.Linear`](https://pytorch.org/docs/stable/generated/torch.nn.Linear.html),
# [`nn.Sequential`](https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.testing.assert_close`](https://pytorch.org/docs/stable/testing.html#torch.testing.assert_close).
#
# XOR worked because a nonlinearity, the step, sits between the layers. What if we drop it and
# stack linear layers? A composition of affine maps is affine:
#
# $$W_2 (W_1 x + b_1) + b_2 = (W_2 W_1)\, x + (W_2 b_1 + b_2).$$
#
# So `nn.Sequential(nn.Linear(a, b), nn.Linear(b, c))` computes exactly what a single
# `nn.Linear(a, c)` with weight $W_2 W_1$ and bias $W_2 b_1 + b_2$ computes. Mind two details:
#
# * the order of the product: the last layer stands on the left ($W_k \cdots W_2 W_1$),
#   since in PyTorch `weight` has shape `(out, in)`;
# * the biases do not simply add up: each layer's bias goes through the weights of all the
#   layers after it.
#
# Let us check numerically that a linear network is affine: for an affine $f$ the difference
# $f(x) - f(0)$ is linear, so $f(x + y) - f(0) = (f(x) - f(0)) + (f(y) - f(0))$. With a ReLU
# between the layers the equality breaks.

# %% tags=["demo"]
torch.manual_seed(1)
linear_stack = nn.Sequential(nn.Linear(3, 5), nn.Linear(5, 2))
with_relu = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
x, y, zero = torch.randn(1, 3), torch.randn(1, 3), torch.zeros(1, 3)
with torch.no_grad():
    for title, f in ((TEXT["additivity: linear"], linear_stack), (TEXT["additivity: ReLU"], with_relu)):
        gap = (f(x + y) - f(zero)) - ((f(x) - f(zero)) + (f(y) - f(zero)))
        print(TEXT["additivity: gap"].format(title=title, gap=gap.abs().max().item()))
print(TEXT["additivity: stack parameters"], sum(p.numel() for p in linear_stack.parameters()),
      TEXT["additivity: one layer parameters"], sum(p.numel() for p in nn.Linear(3, 2).parameters()))

# %% [markdown] tags=["ru"]
# Без ReLU разрыв — ошибка округления `float32`: для чисел около 1 она порядка $10^{-7}$
# (машинный эпсилон `float32` равен $1.19 \cdot 10^{-7}$), а у меньших по модулю выходов этой
# сети — несколько $10^{-8}$. С ReLU разрыв порядка 0.1.
#
# ### Задание 5.1 (2 балла). `collapse_linear`
#
# Напишите `collapse_linear(layers)`: по `nn.Sequential` из слоёв `nn.Linear` без активаций
# (любой глубины, каждый слой со смещением или без) верните **один** `nn.Linear`, который
# вычисляет ту же функцию, с тем же `dtype` (и устройством), что и слои. Сами слои не должны
# измениться. Если ни у одного слоя нет смещения, результат может быть без смещения или с
# нулевым.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Стопки глубиной от 1 до 5 слоёв со смещениями и без, в `float32` и `float64`: результат —
# `nn.Linear(in первого слоя, out последнего)` того же `dtype`, его выход на 32 случайных входах
# совпадает с выходом стопки (с допуском $10^{-5}$ для `float32` и $10^{-7}$ для `float64`), а веса
# и смещения стопки после вызова не изменились.
#
# </details>

# %% [markdown] tags=["en"]
# Without the ReLU the gap is `float32` rounding error: of the order of $10^{-7}$ for numbers
# near 1 (the machine epsilon of `float32` is $1.19 \cdot 10^{-7}$), a few $10^{-8}$ for this
# network's smaller outputs. With the ReLU the gap is of the order of 0.1.
#
# ### Exercise 5.1 (2 points). `collapse_linear`
#
# Write `collapse_linear(layers)`: given an `nn.Sequential` of `nn.Linear` layers without
# activations (of any depth, each with or without a bias), return **one** `nn.Linear` that
# computes the same function, with the `dtype` (and device) of the layers. The layers themselves
# must stay unchanged. If no layer has a bias, the result may have no bias or a zero one.
#
# <details><summary>What grading checks</summary>
#
# Stacks of 1 to 5 layers with and without biases, in `float32` and `float64`: the result is an
# `nn.Linear(in of the first layer, out of the last)` of the same `dtype`, its output on 32 random
# inputs matches the stack's (within $10^{-5}$ for `float32` and $10^{-7}$ for `float64`), and the
# stack's weights and biases are unchanged after the call.
#
# </details>

# %% nbgrader={"grade_id": "collapse_linear", "solution": true}
def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    ### BEGIN SOLUTION
    first = layers[0]
    factory = {"dtype": first.weight.dtype, "device": first.weight.device}
    with torch.no_grad():
        weight = torch.eye(first.in_features, **factory)
        bias = torch.zeros(first.in_features, **factory)
        for layer in layers:
            weight = layer.weight @ weight
            bias = layer.weight @ bias
            if layer.bias is not None:
                bias = bias + layer.bias
        collapsed = nn.Linear(first.in_features, layers[-1].out_features, **factory)
        collapsed.weight.copy_(weight)
        collapsed.bias.copy_(bias)
    return collapsed
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_collapse_linear", "grade": true, "points": 2, "locked": true}
torch.manual_seed(1)
_stack = nn.Sequential(nn.Linear(3, 5), nn.Linear(5, 2))
_single = collapse_linear(_stack)
assert isinstance(_single, nn.Linear), TEXT["collapse_linear type"].format(got=type(_single).__name__)
assert (_single.in_features, _single.out_features) == (3, 2), \
    TEXT["collapse_linear size"].format(n_in=_single.in_features, n_out=_single.out_features)
_x = torch.randn(8, 3)
with torch.no_grad():
    assert torch.allclose(_single(_x), _stack(_x), rtol=1e-5, atol=1e-5), \
        TEXT["collapse_linear function"]
_deep = nn.Sequential(nn.Linear(2, 3), nn.Linear(3, 4, bias=False), nn.Linear(4, 1))
_single = collapse_linear(_deep)
assert isinstance(_single, nn.Linear) and (_single.in_features, _single.out_features) == (2, 1), \
    TEXT["collapse_linear deep size"].format(got=_single)
_x = torch.randn(8, 2)
with torch.no_grad():
    assert torch.allclose(_single(_x), _deep(_x), rtol=1e-5, atol=1e-5), TEXT["collapse_linear deep function"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import random

import torch
from torch import nn


def _make_stack(sizes, biases, dtype, g):
    stack = nn.Sequential(*[nn.Linear(a, b, bias=bias, dtype=dtype) for (a, b), bias
                            in zip(zip(sizes, sizes[1:]), biases)])
    with torch.no_grad():
        for p in stack.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=dtype) * 0.7)
    return stack


def _layers(stack):
    """The stack's (weight, bias) pairs, bias None where a layer has none."""
    return [(layer.weight, layer.bias) for layer in stack]


_g = torch.Generator().manual_seed(21)
_rng = random.Random(21)
_specs = {"a single nn.Linear(4, 3)": ([4, 3], [True], torch.float32),
          "4 -> 6 -> 3 with biases": ([4, 6, 3], [True, True], torch.float32),
          "5 -> 2 -> 4 (a narrow middle)": ([5, 2, 4], [True, True], torch.float32),
          "3 -> 4 -> 4 -> 2 without biases": ([3, 4, 4, 2], [False, False, False], torch.float32),
          "3 -> 5 -> 4 -> 2 where only the later layers have biases": ([3, 5, 4, 2], [False, True, True], torch.float32),
          "square 4 -> 4 -> 4 -> 4 layers": ([4, 4, 4, 4], [True, False, True], torch.float32),
          "4 -> 6 -> 3 in float64": ([4, 6, 3], [True, False], torch.float64),
          "3 -> 5 -> 2 with biases, as the visible example": ([3, 5, 2], [True, True], torch.float32)}
for _case in range(6):
    _sizes = [_rng.randint(1, 7) for _ in range(_rng.randint(2, 6))]
    _biases = [_rng.random() < 0.6 for _ in _sizes[1:]]
    _specs[f"sizes {_sizes} with biases {_biases}"] = (_sizes, _biases, torch.float32)
_specs["2 -> 3 -> 4 -> 1 without a bias in the middle, as the visible example"] = \
    ([2, 3, 4, 1], [True, False, True], torch.float32)
_stacks = {}
for _what, (_sizes, _biases, _dtype) in _specs.items():
    _stack = _make_stack(_sizes, _biases, _dtype, _g)
    _stacks[f"collapse_linear({_what})"] = (_stack, torch.randn(32, _sizes[0], generator=_g, dtype=_dtype))
probe.record("stacks", {_key: {"layers": _layers(_stack), "x": _x} for _key, (_stack, _x) in _stacks.items()})
for _key, (_stack, _x) in _stacks.items():
    _single = probe.call(_key, collapse_linear, _stack)
    probe.record(f"the layers after {_key}", _layers(_stack))
    probe.record(f"is an nn.Linear: {_key}", isinstance(_single, nn.Linear))
    if isinstance(_single, nn.Linear):
        probe.record(f"the weight of {_key}", {"shape": tuple(_single.weight.shape), "dtype": _single.weight.dtype})
        with torch.no_grad():
            probe.call(f"the output of {_key} on 32 inputs", _single, _x.clone())
### END HIDDEN TESTS

# %% judge="test_collapse_linear"
def same(a, b):
    """Both None, or equal tensors."""
    if a is None or b is None:
        return a is None and b is None
    return isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and torch.equal(a, b)


def judge(got, want):
    for key in want.keys("collapse_linear("):
        layers, x = want["stacks"][key]["layers"], want["stacks"][key]["x"]
        got[key]
        assert got[f"is an nn.Linear: {key}"], f"{key} must return one nn.Linear"
        n_in, n_out = layers[0][0].shape[1], layers[-1][0].shape[0]
        weight = got[f"the weight of {key}"]
        assert tuple(weight["shape"]) == (n_out, n_in), \
            f"{key}: expected nn.Linear({n_in}, {n_out}), whose weight has shape {(n_out, n_in)}; " \
            f"got a weight of shape {tuple(weight['shape'])}"
        assert weight["dtype"] == x.dtype, \
            f"{key}: the collapsed layer must keep the dtype {x.dtype}, got {weight['dtype']}"
        expected = x.double()
        for w, b in layers:
            expected = expected @ w.double().T + (b.double() if b is not None else 0.0)
        output = got[f"the output of {key} on 32 inputs"]
        assert isinstance(output, torch.Tensor) and tuple(output.shape) == tuple(expected.shape), \
            f"{key}: the collapsed layer must map inputs of shape {tuple(x.shape)} to shape {tuple(expected.shape)}"
        tolerance = 1e-5 if x.dtype == torch.float32 else 1e-7
        error = (output.double() - expected).abs().max().item()
        assert torch.allclose(output.double(), expected, rtol=tolerance, atol=tolerance), \
            f"{key}: the collapsed layer computes another function (largest difference from the stack: {error:.3g})"
        after = got[f"the layers after {key}"]
        unchanged = len(after) == len(layers) and all(same(w0, w1) and same(b0, b1)
                                                      for (w0, b0), (w1, b1) in zip(layers, after))
        assert unchanged, f"{key}: collapse_linear must not modify the layers"


# %% tags=["demo", "self_check"]
check_more_collapse_linear(collapse_linear)

# %% [markdown] tags=["ru"]
# ### Вопрос 5.2 (1 балл, проверяется вручную)
#
# Стоит ли ставить несколько линейных слоёв подряд без функций активации между ними? Что
# это даёт и чего не даёт: какие функции сеть может вычислить, сколько у неё параметров,
# сможет ли она решить XOR? Ответьте в ячейке ниже.

# %% [markdown] tags=["en"]
# ### Question 5.2 (1 point, graded by hand)
#
# Is it worth stacking several linear layers with no activation functions between them? What
# does it give and what does it not: which functions can the network compute, how many
# parameters does it have, can it solve XOR? Answer in the cell below.

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_stacking_linear", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Нет. Композиция аффинных отображений аффинна:
# $W_2(W_1 x + b_1) + b_2 = (W_2 W_1)x + (W_2 b_1 + b_2)$, поэтому стопка линейных слоёв
# любой глубины вычисляет ровно то, что один `nn.Linear(in, out)` (его и строит
# `collapse_linear`). Выразительность не растёт: граница решений по-прежнему гиперплоскость,
# XOR недостижим. Зато растут число параметров (3 → 5 → 2 без активаций — 32 параметра против
# 8 у `nn.Linear(3, 2)`) и объём вычислений, а функция потерь перестаёт быть выпуклой по весам:
# она зависит от произведения $W_2 W_1$ (уже в скалярном случае $(w_2 w_1 - 1)^2$ не выпукла).
# Узкий средний слой может только ограничить ранг итоговой матрицы, но не добавить новых
# функций. Чтобы глубина что-то давала, между слоями нужна нелинейность (ReLU, сигмоида,
# ступенька).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_stacking_linear", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# No. A composition of affine maps is affine:
# $W_2(W_1 x + b_1) + b_2 = (W_2 W_1)x + (W_2 b_1 + b_2)$, so a stack of linear layers of any
# depth computes exactly what one `nn.Linear(in, out)` computes (`collapse_linear` builds it).
# Expressiveness does not grow: the decision boundary stays a hyperplane and XOR stays out of
# reach. What grows is the parameter count (3 → 5 → 2 without activations has 32 parameters
# against 8 for `nn.Linear(3, 2)`) and the compute, and the loss is no longer convex in the
# weights: it depends on the product $W_2 W_1$ (already in the scalar case $(w_2 w_1 - 1)^2$ is
# not convex). A narrow middle layer can only restrict the rank of the overall matrix, never add
# new functions. For depth to pay off, a nonlinearity (ReLU, sigmoid, step) must sit between the
# layers.
# ### END SOLUTION

# %% figure="sixteen"
import itertools

import matplotlib.pyplot as plt
import numpy as np

T = {"ru": {"title": "16 функций двух входов: 14 вычисляет один нейрон, XOR и XNOR — нет",
            "key": "как читать", "code": "выходы на\n00, 01, 10, 11", "one": "выход 1", "zero": "выход 0",
            "yes": "одна прямая разделяет", "no": "нужно больше одного нейрона"},
     "en": {"title": "The 16 functions of two inputs: one neuron computes 14, not XOR and XNOR",
            "key": "how to read", "code": "outputs on\n00, 01, 10, 11", "one": "output 1", "zero": "output 0",
            "yes": "one line separates", "no": "needs more than one neuron"}}[lang]
NAMES = ["0", "AND", r"$x_1 \wedge \neg x_2$", "$x_1$", r"$\neg x_1 \wedge x_2$", "$x_2$", "XOR", "OR",
         "NOR", "XNOR", r"$\neg x_2$", r"$x_1 \vee \neg x_2$", r"$\neg x_1$", r"$\neg x_1 \vee x_2$", "NAND", "1"]
corners = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
grid = [(np.array(w), b) for w in itertools.product([-1.0, 0.0, 1.0], repeat=2) for b in (-1.5, -0.5, 0.5, 1.5)]
fig = plt.figure(figsize=(8, 3.5))
cells = fig.add_gridspec(2, 9, width_ratios=[1.45] + [1] * 8, left=0.01, right=0.99, top=0.84, bottom=0.14,
                         wspace=0.15, hspace=0.55)
key = fig.add_subplot(cells[:, 0])  # the unit square once, larger: which axis is x1, which corner is which input
key.scatter(*corners.T, s=30, facecolor="white", edgecolor="gray", lw=1.5, zorder=3)
for x1, x2 in corners:
    key.annotate(f"{x1:.0f}{x2:.0f}", (x1, x2), xytext=(0, 7), textcoords="offset points", ha="center",
                 fontsize=8, family="monospace")
arrow = {"arrowstyle": "->", "color": "black", "lw": 1.2}
key.annotate("", (1.0, -0.1), (0.0, -0.1), xycoords="axes fraction", arrowprops=arrow, annotation_clip=False)
key.annotate("", (-0.1, 1.0), (-0.1, 0.0), xycoords="axes fraction", arrowprops=arrow, annotation_clip=False)
key.text(1.0, -0.14, "$x_1$", transform=key.transAxes, ha="right", va="top", fontsize=10)
key.text(-0.14, 1.0, "$x_2$", transform=key.transAxes, ha="right", va="top", fontsize=10)
key.set(xlim=(-0.35, 1.35), ylim=(-0.35, 1.5), xticks=[], yticks=[])
key.set_box_aspect(1)
for spine in key.spines.values():
    spine.set(color="gray", ls=":")
key.set_title(T["key"], fontsize=9, style="italic")
key.text(0.5, -0.32, T["code"], transform=key.transAxes, ha="center", va="top", fontsize=8)
xs = np.array([-0.5, 1.5])
for i, (name, outputs) in enumerate(zip(NAMES, itertools.product([0, 1], repeat=4))):
    ax = fig.add_subplot(cells[i // 8, 1 + i % 8])
    out = np.array(outputs)
    found = [(w, b) for w, b in grid if np.array_equal(corners @ w + b > 0, out == 1)]
    if found:  # the widest margin: the line lies halfway between the two classes
        w, b = max(found, key=lambda wb: np.abs(corners @ wb[0] + wb[1]).min() / max(np.linalg.norm(wb[0]), 1e-9))
        if w[1] != 0:
            ax.plot(xs, (-b - w[0] * xs) / w[1], color="tab:orange", lw=1.5)
        elif w[0] != 0:
            ax.axvline(-b / w[0], color="tab:orange", lw=1.5)
    ax.scatter(*corners[out == 1].T, s=30, color="tab:blue", zorder=3)
    ax.scatter(*corners[out == 0].T, s=30, facecolor="white", edgecolor="tab:blue", lw=1.5, zorder=3)
    ax.set(xlim=(-0.35, 1.35), ylim=(-0.35, 1.35), xticks=[], yticks=[])
    ax.set_box_aspect(1)
    ax.set_title(name, fontsize=9)
    ax.set_xlabel("".join(map(str, outputs)), fontsize=8, family="monospace", labelpad=2)
    color = "tab:green" if found else "tab:red"
    for spine in ax.spines.values():
        spine.set(color=color, lw=1 if found else 2.5)
    if not found:
        ax.text(0.5, 0.5, "✗", ha="center", va="center", fontsize=22, color="tab:red")
legend = [plt.Line2D([], [], ls="", marker="o", color="tab:blue", label=T["one"]),
          plt.Line2D([], [], ls="", marker="o", markerfacecolor="white", markeredgecolor="tab:blue", mew=1.5,
                     label=T["zero"]),
          plt.Line2D([], [], color="tab:orange", lw=1.5, label=T["yes"]),
          plt.Rectangle((0, 0), 1, 1, fill=False, edgecolor="tab:red", lw=2.5, label=T["no"])]
fig.legend(handles=legend, loc="lower center", ncol=4, frameon=False, fontsize=9)
fig.suptitle(T["title"], fontsize=11)

# %% [markdown] tags=["ru"]
# ## 6. Линейная разделимость (20 минут)
#
# Нейрон срабатывает при $w \cdot x + b > 0$: граница между его «да» и «нет» — прямая (в $n$
# измерениях — гиперплоскость). Булева функция двух входов вычислима одним нейроном тогда и
# только тогда, когда её единицы и нули на углах квадрата можно разделить прямой. Функций двух
# входов всего $2^4 = 16$, по одной на каждый набор из четырёх выходов ($x_1$ — вправо, $x_2$ —
# вверх):
#
# ![16 функций двух входов: x1 вправо, x2 вверх, под каждой — выходы на 00, 01, 10, 11; у 14 есть разделяющая прямая, у XOR и XNOR нет](attachment:sixteen.png)
#
# Как проверить разделимость в коде? Есть несколько честных способов:
#
# * перебрать веса и смещения из небольшой сетки, если доказать, что её хватает;
# * запустить алгоритм обучения перцептрона: для разделимых данных он за конечное число шагов
#   находит разделяющую прямую (теорема о сходимости перцептрона, Новиков, 1962 [5]);
# * геометрически: конечные множества точек разделимы прямой тогда и только тогда, когда
#   выпуклые оболочки классов не пересекаются.
#
# ### Задание 6.1 (2 балла). `is_linearly_separable`
#
# Напишите `is_linearly_separable(outputs)`: `outputs` — четыре выхода булевой функции двух
# входов в порядке таблицы истинности (для входов 00, 01, 10, 11), значения 0/1 (целые, `bool`,
# вещественные или одномерный тензор). Верните `True` (обычный `bool` Python), если функцию
# вычисляет один пороговый нейрон, и `False` иначе.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Все 16 функций, каждая в пяти видах: список целых, кортеж `bool`, список вещественных, тензор
# `float32` и тензор `int64`; результат — значение и тип `bool`.
#
# </details>

# %% [markdown] tags=["en"]
# ## 6. Linear separability (20 minutes)
#
# A neuron fires when $w \cdot x + b > 0$: the border between its "yes" and "no" is a straight
# line (a hyperplane in $n$ dimensions). A boolean function of two inputs is computable by one
# neuron exactly when its ones and zeros on the corners of the square can be split by a line.
# There are only $2^4 = 16$ functions of two inputs, one per set of four outputs ($x_1$ to the
# right, $x_2$ up):
#
# ![The 16 functions of two inputs: x1 to the right, x2 up, under each its outputs on 00, 01, 10, 11; 14 have a separating line, XOR and XNOR none](attachment:sixteen.png)
#
# How to check separability in code? There are several honest ways:
#
# * search weights and biases on a small grid, once you have shown that the grid is enough;
# * run the perceptron learning algorithm: on separable data it finds a separating line in a
#   finite number of steps (the perceptron convergence theorem, Novikoff, 1962 [5]);
# * geometrically: finite sets of points can be split by a line exactly when the convex hulls of
#   the two classes do not intersect.
#
# ### Exercise 6.1 (2 points). `is_linearly_separable`
#
# Write `is_linearly_separable(outputs)`: `outputs` holds the four outputs of a boolean function
# of two inputs in truth-table order (for inputs 00, 01, 10, 11), values 0/1 (ints, `bool`s,
# floats or a 1-D tensor). Return `True` (a plain Python `bool`) if one threshold neuron computes
# the function, `False` otherwise.
#
# <details><summary>What grading checks</summary>
#
# All 16 functions, each in five forms: a list of ints, a tuple of `bool`s, a list of floats, a
# `float32` tensor and an `int64` tensor; the result's value and its type `bool`.
#
# </details>

# %% nbgrader={"grade_id": "is_linearly_separable", "solution": true}
def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    outputs: four 0/1 values for the inputs 00, 01, 10, 11 (ints, bools, floats or a 1-D tensor).
    Returns a Python bool.
    """
    ### BEGIN SOLUTION
    target = [float(v) for v in outputs]
    corners = list(itertools.product([0.0, 1.0], repeat=2))
    # Weights in {-1, 0, 1} and biases in {-1.5, -0.5, 0.5, 1.5} realise all 14 separable
    # functions of two inputs (the table below shows 14 found; XOR and XNOR are proven out of reach).
    for w1, w2 in itertools.product([-1.0, 0.0, 1.0], repeat=2):
        for b in (-1.5, -0.5, 0.5, 1.5):
            if all(float(w1 * x1 + w2 * x2 + b > 0) == y for (x1, x2), y in zip(corners, target)):
                return True
    return False
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_is_linearly_separable", "grade": true, "points": 2, "locked": true}
for _outputs in itertools.product([0, 1], repeat=4):  # the 16 functions of the figure, as lists of ints
    _separable = _outputs not in ((0, 1, 1, 0), (1, 0, 0, 1))  # all but XOR and XNOR
    _answer = is_linearly_separable(list(_outputs))
    assert _answer is _separable, \
        TEXT["is_linearly_separable sixteen"].format(outputs=list(_outputs), want=_separable, got=_answer)
assert is_linearly_separable((False, True, True, True)) is True, TEXT["is_linearly_separable OR"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import itertools

import torch

_forms = {"a list of ints": list, "a tuple of bools": lambda o: tuple(bool(v) for v in o),
          "a list of floats": lambda o: [float(v) for v in o],
          "a float32 tensor": lambda o: torch.tensor(o, dtype=torch.float32),
          "an int64 tensor": lambda o: torch.tensor(o, dtype=torch.int64)}
_cases = {}
for _outputs in itertools.product([0, 1], repeat=4):
    for _form, _make in _forms.items():
        _cases[f"is_linearly_separable({_outputs} given as {_form})"] = (_outputs, _make(_outputs))
probe.record("cases", {_key: _outputs for _key, (_outputs, _value) in _cases.items()})
for _key, (_outputs, _value) in _cases.items():
    probe.call(_key, is_linearly_separable, _value)
### END HIDDEN TESTS

# %% judge="test_is_linearly_separable"
NOT_SEPARABLE = {(0, 1, 1, 0): "XOR", (1, 0, 0, 1): "XNOR"}


def judge(got, want):
    for key in want.keys("is_linearly_separable("):
        outputs = want["cases"][key]
        answer = got[key]
        expected = tuple(outputs) not in NOT_SEPARABLE
        assert type(answer) is bool, f"{key} must return a Python bool, got {kind(answer)}"
        why = f"{NOT_SEPARABLE[tuple(outputs)]}: no line separates its ones from its zeros" if not expected \
            else "one neuron computes it"
        assert answer == expected, f"{key} must be {expected} ({why}), got {answer}"


# %% tags=["demo", "self_check"]
check_more_is_linearly_separable(is_linearly_separable)

# %% [markdown] tags=["ru"]
# Все 16 функций двух входов: одним нейроном вычислимы 14, не вычислимы только XOR и XNOR
# (ячейка заработает, когда будет готово задание 6.1).

# %% [markdown] tags=["en"]
# All 16 functions of two inputs: one neuron computes 14 of them, only XOR and XNOR are out of
# reach (this cell works once exercise 6.1 is done).

# %% tags=["demo"]
FUNCTION_NAMES = [
    "FALSE", "AND", "x1 AND NOT x2", "x1", "NOT x1 AND x2", "x2", "XOR", "OR",
    "NOR", "XNOR", "NOT x2", "x1 OR NOT x2", "NOT x1", "NOT x1 OR x2", "NAND", "TRUE",
]
try:
    separable = [is_linearly_separable(outputs) for outputs in itertools.product([0, 1], repeat=4)]
except NotImplementedError:
    print(TEXT["sixteen table: skipped"])
else:
    table = PrettyTable([TEXT["sixteen table: function"], "y(00)", "y(01)", "y(10)", "y(11)",
                         TEXT["sixteen table: one neuron?"]])
    for name, outputs, one_neuron in zip(FUNCTION_NAMES, itertools.product([0, 1], repeat=4), separable):
        table.add_row([name, *outputs, TEXT["sixteen table: yes"] if one_neuron else TEXT["sixteen table: no"]])
    print(table)
    print(sum(separable), TEXT["sixteen table: count"])

# %% [markdown] tags=["ru"]
# ### Вопрос 6.2 (1 балл, проверяется вручную)
#
# У каких сетей граница решений может быть только линейной (гиперплоскостью)? Скажите, что у них
# общего, назовите два-три вида таких сетей (готового списка нет) и объясните, почему граница
# линейна; приведите пример сети из этого урока с нелинейной границей. Ответьте в ячейке ниже.

# %% [markdown] tags=["en"]
# ### Question 6.2 (1 point, graded by hand)
#
# Which networks can only have a linear decision boundary (a hyperplane)? Say what they have in
# common, name two or three kinds of them (there is no set list) and explain why the boundary is
# linear; give an example from this lesson of a network with a nonlinear boundary. Answer in the
# cell below.

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_linear_boundary", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Только линейная граница у сетей, которые до последнего решения вычисляют одну аффинную
# функцию $w \cdot x + b$:
#
# * один нейрон: пороговый нейрон (перцептрон), логистическая регрессия (сигмоида
#   строго возрастает, поэтому $\sigma(z) > 0.5 \iff z > 0$), линейный классификатор;
# * любая сеть из одних линейных слоёв без нелинейных активаций между ними, какой бы глубокой
#   она ни была: она схлопывается в один `nn.Linear` (`collapse_linear`);
# * такая же сеть с возрастающей функцией (сигмоида, tanh, ступенька) только на выходе:
#   решение «выход больше порога» по-прежнему равносильно $w \cdot x + b > c$, граница —
#   гиперплоскость.
#
# Нелинейная граница возможна, когда нелинейная активация стоит в скрытом слое. Пример —
# `XorNetwork`: два скрытых пороговых нейрона и выходной отделяют $(0, 1), (1, 0)$ от
# $(0, 0), (1, 1)$, чего не делает ни одна прямая. У сети из OR и NAND, собранных в AND,
# единицы — полоса $0.5 < x_1 + x_2 < 1.5$ между двумя параллельными прямыми.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_linear_boundary", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# A boundary can only be linear for networks that compute a single affine function
# $w \cdot x + b$ before the final decision:
#
# * a single neuron: a threshold neuron (perceptron), logistic regression (the sigmoid is
#   strictly increasing, so $\sigma(z) > 0.5 \iff z > 0$), any linear classifier;
# * any network made only of linear layers with no nonlinear activation between them, however
#   deep: it collapses into one `nn.Linear` (`collapse_linear`);
# * the same network with an increasing function (sigmoid, tanh, step) only at the output: the
#   decision "output above a threshold" is still $w \cdot x + b > c$, a hyperplane.
#
# A nonlinear boundary becomes possible once a nonlinear activation sits in a hidden layer.
# Example: `XorNetwork`, whose two hidden threshold neurons and output neuron separate
# $(0, 1), (1, 0)$ from $(0, 0), (1, 1)$, which no line does. For the network of OR and NAND
# fed into AND, the ones fill the band $0.5 < x_1 + x_2 < 1.5$ between two parallel lines.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# ## 7. Как обучают нейрон: граф вычислений (10 минут)
#
# Документация: [механика autograd](https://pytorch.org/docs/stable/notes/autograd.html),
# [`torch.sigmoid`](https://pytorch.org/docs/stable/generated/torch.sigmoid.html).
#
# До сих пор веса мы подбирали руками. Обучать их будет autograd, поэтому посмотрим, какой
# граф он строит для суммы вида $a \cdot b + c \cdot d$ — это предактивация нейрона с двумя
# входами. Пусть $a$, $b$, $c$ требуют градиент, а $d$ — обычные данные
# (`requires_grad=False`). Пройдём от `z.grad_fn` по `next_functions`:
#
# * `AccumulateGrad` — узел, который складывает градиент в `.grad` листа;
# * для $d$ узла нет вовсе: на его месте в `next_functions` стоит `None`, и `d.grad`
#   останется `None`.

# %% [markdown] tags=["en"]
# ## 7. How a neuron is trained: the computation graph (10 minutes)
#
# Documentation: [autograd mechanics](https://pytorch.org/docs/stable/notes/autograd.html),
# [`torch.sigmoid`](https://pytorch.org/docs/stable/generated/torch.sigmoid.html).
#
# So far we have chosen the weights by hand. Autograd will train them, so let us look at the
# graph it builds for a sum such as $a \cdot b + c \cdot d$, the pre-activation of a neuron with
# two inputs. Let $a$, $b$, $c$ require grad while $d$ is plain data (`requires_grad=False`).
# We walk from `z.grad_fn` along `next_functions`:
#
# * `AccumulateGrad` is the node that adds the gradient into a leaf's `.grad`;
# * $d$ has no node at all: its slot in `next_functions` holds `None`, and `d.grad` stays
#   `None`.

# %% tags=["demo"]
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = torch.tensor(4.0, requires_grad=True)
d = torch.tensor(5.0)  # plain data: requires_grad=False
z = a * b + c * d
leaf_names = {id(a): "a", id(b): "b", id(c): "c"}


def show_backward_graph(node, depth=0):
    """Print the backward graph below an autograd node, one node per line."""
    indent = "    " * depth
    if node is None:
        print(TEXT["show_backward_graph: None"].format(indent=indent))
        return
    label = type(node).__name__
    if hasattr(node, "variable"):
        label += f"   -> {leaf_names.get(id(node.variable), '?')}.grad"
    print(indent + label)
    for child, _ in node.next_functions:
        show_backward_graph(child, depth + 1)


show_backward_graph(z.grad_fn)
z.backward()
table = PrettyTable([TEXT["graph: tensor"], "requires_grad", ".grad", TEXT["graph: analytic"]])
for name, t, analytic in (("a", a, "b = 3"), ("b", b, "a = 2"), ("c", c, "d = 5"),
                          ("d", d, TEXT["graph: not tracked"])):
    table.add_row([name, t.requires_grad, None if t.grad is None else t.grad.item(), analytic])
print(table)

# %% [markdown] tags=["ru"]
# Со ступенькой есть проблема: сравнение `z > 0` не дифференцируемо, autograd обрывает на нём
# граф (а производная ступеньки всё равно равна нулю почти везде). Градиентному спуску не за
# что зацепиться. Поэтому при обучении ступеньку заменяют гладкой сигмоидой
# $\sigma(z) = 1 / (1 + e^{-z})$, а после обучения снова ставят порог: $\sigma(z) > 0.5$
# ровно тогда, когда $z > 0$.

# %% [markdown] tags=["en"]
# The step has a problem: the comparison `z > 0` is not differentiable, autograd cuts the graph
# there (and the step's derivative is zero almost everywhere anyway). Gradient descent gets no
# signal. So training replaces the step with the smooth sigmoid $\sigma(z) = 1 / (1 + e^{-z})$,
# and after training the threshold comes back: $\sigma(z) > 0.5$ exactly when $z > 0$.

# %% tags=["demo"]
w = torch.tensor(0.3, requires_grad=True)
print(TEXT["step grad: sigmoid"], torch.sigmoid(w).requires_grad)
print(TEXT["step grad: step"], (w > 0).float().requires_grad)

# %% [markdown] tags=["ru"]
# ## 8. (Необязательно) Обучаем нейрон AND (10 минут)
#
# Документация: [`nn.BCEWithLogitsLoss`](https://pytorch.org/docs/stable/generated/torch.nn.BCEWithLogitsLoss.html),
# [`Module.zero_grad`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.zero_grad).
#
# Обучим `nn.Linear(2, 1)` на таблице истинности AND: сигмоида на выходе, бинарная
# кросс-энтропия (`BCEWithLogitsLoss` применяет сигмоиду сама) и градиентный спуск, как в
# уроке 2. Затем заменим сигмоиду ступенькой и проверим, что найденные веса разделяют
# классы. Для сравнения попробуем то же на XOR. На CPU ячейка работает несколько секунд
# (она печатает своё время).

# %% [markdown] tags=["en"]
# ## 8. (Optional) Training an AND neuron (10 minutes)
#
# Documentation: [`nn.BCEWithLogitsLoss`](https://pytorch.org/docs/stable/generated/torch.nn.BCEWithLogitsLoss.html),
# [`Module.zero_grad`](https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.zero_grad).
#
# Let us train an `nn.Linear(2, 1)` on the truth table of AND: a sigmoid at the output, binary
# cross-entropy (`BCEWithLogitsLoss` applies the sigmoid itself) and gradient descent, as in
# lesson 2. Then we swap the sigmoid for the step and check that the weights it found separate
# the classes. For comparison we try the same on XOR. On a CPU the cell takes a few seconds
# (it prints its time).

# %% tags=["demo"]
import time


def train_neuron(x, y, steps=150, lr=4.0, seed=0):
    """Fit sigmoid(w . x + b) to y by full-batch gradient descent; return the layer and the losses."""
    torch.manual_seed(seed)
    layer = nn.Linear(x.shape[1], 1)
    loss_fn = nn.BCEWithLogitsLoss()
    losses = []
    for _ in range(steps):
        loss = loss_fn(layer(x), y)
        layer.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in layer.parameters():
                p -= lr * p.grad
        losses.append(loss.item())
    return layer, losses


def train_and_show_gates():
    """Train one neuron on AND and one on XOR, print how each does with the step; return the trained layers."""
    corners = torch.tensor(list(itertools.product([0.0, 1.0], repeat=2)))
    targets = {"AND": torch.tensor([[0.0], [0.0], [0.0], [1.0]]), "XOR": torch.tensor([[0.0], [1.0], [1.0], [0.0]])}
    trained = {}
    for gate, y in targets.items():
        layer, losses = train_neuron(corners, y)
        trained[gate] = layer
        with torch.no_grad():
            logits = layer(corners)
        table = PrettyTable(["x1", "x2", TEXT["train_and_show_gates: target"], "z = w·x + b", "sigmoid(z)", "step(z)"])
        for x_row, target, logit in zip(corners.tolist(), y.flatten().tolist(), logits.flatten().tolist()):
            table.add_row([int(x_row[0]), int(x_row[1]), int(target), f"{logit:+.2f}",
                           f"{torch.sigmoid(torch.tensor(logit)).item():.3f}", int(logit > 0)])
        accuracy = ((logits > 0).float() == y).float().mean().item()
        weight = [round(v, 2) for v in layer.weight.flatten().tolist()]
        print(TEXT["train_and_show_gates: summary"].format(
            gate=gate, first=losses[0], last=losses[-1], weight=weight, bias=layer.bias.item(), accuracy=accuracy,
            margin=logits.abs().min().item()))
        print(table)
    return trained


training_started = time.perf_counter()
trained_gates = train_and_show_gates()
print(TEXT["training: time"].format(seconds=time.perf_counter() - training_started))

# %% [markdown] tags=["ru"]
# Для AND потери падают почти до нуля, и со ступенькой нейрон безошибочен: его прямая отделяет
# $(1, 1)$ от остальных углов с запасом (наименьшее $|z|$ — около 3). Для XOR потери застревают
# на $\ln 2 \approx 0.693$: лучшее, что может один нейрон с сигмоидой, — выдать 0.5 на всех
# входах ($w = 0$, $b = 0$; потери выпуклы по $w$ и $b$, и градиент там равен нулю). Тогда $z$ —
# шум в последних знаках, и ступенька угадывает углы случайно, как и доказано в разделе 4.
#
# Найденные для AND веса можно положить в ваш `ThresholdNeuron` (ячейка заработает, когда
# будут готовы задания 2.1, 3.1 и 3.2):

# %% [markdown] tags=["en"]
# For AND the loss falls close to zero, and with the step the neuron makes no mistake: its line
# separates $(1, 1)$ from the other corners with a margin (the smallest $|z|$ is about 3). For
# XOR the loss gets stuck at $\ln 2 \approx 0.693$: the best one sigmoid neuron can do is say 0.5
# on every input ($w = 0$, $b = 0$; the loss is convex in $w$ and $b$ and its gradient is zero
# there). Then $z$ is noise in the last digits and the step gets corners right by chance, as
# section 4 proved.
#
# The weights found for AND fit into your `ThresholdNeuron` (this cell works once exercises
# 2.1, 3.1 and 3.2 are done):

# %% tags=["demo"]
try:
    learned_and = ThresholdNeuron(trained_gates["AND"].weight.detach().flatten().tolist(),
                                  trained_gates["AND"].bias.item())
    learned_table = format_truth_table(truth_table(learned_and, 2), 2)
except NotImplementedError:
    print(TEXT["learned AND: skipped"])
else:
    print(learned_table)

# %% [markdown] tags=["ru"]
# ## Итоги
#
# * Параметры считают по элементам, общий параметр — один раз, замороженные не обучаются;
#   буферы — не параметры.
# * Пороговый нейрон — это `nn.Linear(n, 1)` и строгая ступенька; удачные веса оставляют
#   запас от границы и работают для любого числа входов.
# * Один нейрон проводит одну прямую: 14 из 16 функций двух входов ему по силам, XOR и XNOR —
#   нет. Два слоя с нелинейностью между ними решают XOR.
# * Линейные слои без активаций схлопываются в один: глубина без нелинейности ничего не даёт.

# %% [markdown] tags=["en"]
# ## Summary
#
# * Parameters are counted in elements; a shared parameter counts once; frozen ones are not
#   trained; buffers are not parameters.
# * A threshold neuron is an `nn.Linear(n, 1)` and a strict step; good weights keep a margin
#   from the boundary and work for any number of inputs.
# * One neuron draws one line: 14 of the 16 functions of two inputs are within its reach, XOR
#   and XNOR are not. Two layers with a nonlinearity between them solve XOR.
# * Linear layers without activations collapse into one: depth without nonlinearity buys
#   nothing.

# %% [markdown] tags=["ru"]
# ## Вопросы для самопроверки (10 минут)
#
# 1. Чем `len(list(model.parameters()))` отличается от числа параметров сети? Что ещё, кроме параметров, лежит в `state_dict()`?
#
#    <details><summary>Ответ</summary>
#
#    `len` считает тензоры, а не числа в них; число параметров — сумма `p.numel()`. В `state_dict()` ещё буферы (например, `running_mean` у `BatchNorm`), а общий параметр там встречается под каждым своим именем.
#
#    </details>
#
# 2. Сколько параметров у `nn.Linear(10, 3)` и каких они форм?
#
#    <details><summary>Ответ</summary>
#
#    `weight` формы `(3, 10)` и `bias` формы `(3,)`: 30 + 3 = 33 числа.
#
#    </details>
#
# 3. Почему AND трёх входов со смещением $-1.5$ неверен и какое смещение подходит для $n$ входов?
#
#    <details><summary>Ответ</summary>
#
#    При весах 1 сумма двух единиц равна 2 > 1.5, и нейрон срабатывает уже на двух единицах. Порог должен лежать между $n - 1$ и $n$: например, $b = 0.5 - n$.
#
#    </details>
#
# 4. Нейрон AND с $b = -2$ со ступенькой `z >= 0` дал бы верную таблицу. Чем всё же плохи такие веса?
#
#    <details><summary>Ответ</summary>
#
#    Граница $x_1 + x_2 = 2$ проходит прямо через угол $(1, 1)$: запаса нет, и ответ на этом входе решает знак ровно нулевой суммы (малейшая ошибка округления его меняет). С $b = -1.5$ граница лежит посередине между классами.
#
#    </details>
#
# 5. Почему сеть `nn.Sequential(nn.Linear(2, 100), nn.Linear(100, 1))` со ступенькой на выходе не вычислит XOR, хотя у неё 401 параметр?
#
#    <details><summary>Ответ</summary>
#
#    Без нелинейности между слоями она схлопывается в один `nn.Linear(2, 1)` (задание 5.1), и её граница — одна прямая, а XOR прямой не разделяется.
#
#    </details>
#
# 6. Что делает скрытый слой `XorNetwork` геометрически?
#
#    <details><summary>Ответ</summary>
#
#    Переводит четыре угла квадрата в координаты $(h_1, h_2) = (\mathrm{OR}, \mathrm{NAND})$: входы $(0, 1)$ и $(1, 0)$ попадают в точку $(1, 1)$, а $(0, 0)$ и $(1, 1)$ — в $(0, 1)$ и $(1, 0)$. Там классы уже разделяет одна прямая выходного AND (второй рисунок раздела 4).
#
#    </details>
#
# 7. Почему пороговый нейрон нельзя обучить градиентным спуском напрямую и что делают вместо этого?
#
#    <details><summary>Ответ</summary>
#
#    Производная ступеньки равна нулю почти везде, а сравнение `z > 0` обрывает граф autograd: градиента нет. При обучении ступеньку заменяют сигмоидой, а после обучения возвращают порог: $\sigma(z) > 0.5$ ровно тогда, когда $z > 0$.
#
#    </details>

# %% [markdown] tags=["en"]
# ## Questions to check yourself (10 minutes)
#
# 1. How does `len(list(model.parameters()))` differ from a network's parameter count? What besides parameters is in `state_dict()`?
#
#    <details><summary>Answer</summary>
#
#    `len` counts tensors, not the numbers in them; the parameter count is the sum of `p.numel()`. `state_dict()` also holds buffers (such as `BatchNorm`'s `running_mean`), and lists a shared parameter under each of its names.
#
#    </details>
#
# 2. How many parameters does `nn.Linear(10, 3)` have, and of what shapes?
#
#    <details><summary>Answer</summary>
#
#    `weight` of shape `(3, 10)` and `bias` of shape `(3,)`: 30 + 3 = 33 numbers.
#
#    </details>
#
# 3. Why is a three-input AND with bias $-1.5$ wrong, and what bias suits $n$ inputs?
#
#    <details><summary>Answer</summary>
#
#    With weights 1, two ones sum to 2 > 1.5, so the neuron already fires on two ones. The threshold must lie between $n - 1$ and $n$: for example $b = 0.5 - n$.
#
#    </details>
#
# 4. An AND neuron with $b = -2$ and the step `z >= 0` would give the right table. What is still wrong with such weights?
#
#    <details><summary>Answer</summary>
#
#    The boundary $x_1 + x_2 = 2$ runs right through the corner $(1, 1)$: there is no margin, and the answer on that input hangs on the sign of an exactly zero sum (the slightest rounding error flips it). With $b = -1.5$ the boundary lies halfway between the classes.
#
#    </details>
#
# 5. Why can't the network `nn.Sequential(nn.Linear(2, 100), nn.Linear(100, 1))` with a step at the output compute XOR, even with its 401 parameters?
#
#    <details><summary>Answer</summary>
#
#    Without a nonlinearity between the layers it collapses into one `nn.Linear(2, 1)` (exercise 5.1), so its boundary is a single line, and no line separates XOR.
#
#    </details>
#
# 6. What does the hidden layer of `XorNetwork` do geometrically?
#
#    <details><summary>Answer</summary>
#
#    It maps the four corners of the square to the coordinates $(h_1, h_2) = (\mathrm{OR}, \mathrm{NAND})$: the inputs $(0, 1)$ and $(1, 0)$ land on the point $(1, 1)$, while $(0, 0)$ and $(1, 1)$ land on $(0, 1)$ and $(1, 0)$. There a single line, the output AND's, separates the classes (the second picture of section 4).
#
#    </details>
#
# 7. Why can't a threshold neuron be trained by gradient descent directly, and what is done instead?
#
#    <details><summary>Answer</summary>
#
#    The step's derivative is zero almost everywhere, and the comparison `z > 0` cuts the autograd graph: there is no gradient. Training replaces the step with a sigmoid, and the threshold comes back afterwards: $\sigma(z) > 0.5$ exactly when $z > 0$.
#
#    </details>

# %% [markdown] tags=["ru"]
# ## Что почитать
#
# Из списка лекции:
#
# * [Backpropagation: анимированное изложение](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll);
# * [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Андрей Карпатый;
# * [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ), Андрей Карпатый.
#
# <details><summary>Источники</summary>
#
# 1. O. Press, L. Wolf. Using the Output Embedding to Improve Language Models. EACL 2017,
#    с. 157–163. https://aclanthology.org/E17-2025
# 2. W. S. McCulloch, W. Pitts. A logical calculus of the ideas immanent in nervous activity.
#    Bulletin of Mathematical Biophysics 5, 115–133 (1943). https://doi.org/10.1007/BF02478259
# 3. F. Rosenblatt. The perceptron: a probabilistic model for information storage and
#    organization in the brain. Psychological Review 65(6), 386–408 (1958).
#    https://doi.org/10.1037/h0042519
# 4. M. Minsky, S. Papert. Perceptrons: An Introduction to Computational Geometry. MIT Press,
#    1969.
# 5. A. B. J. Novikoff. On convergence proofs on perceptrons. Proceedings of the Symposium on
#    the Mathematical Theory of Automata, vol. 12, с. 615–622. Polytechnic Institute of
#    Brooklyn, 1962.
#
# </details>

# %% [markdown] tags=["en"]
# ## Further reading
#
# From the lecture's list:
#
# * [Backpropagation, an animated walkthrough](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll);
# * [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Andrej Karpathy;
# * [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ), Andrej Karpathy.
#
# <details><summary>Sources</summary>
#
# 1. O. Press, L. Wolf. Using the Output Embedding to Improve Language Models. EACL 2017,
#    pp. 157–163. https://aclanthology.org/E17-2025
# 2. W. S. McCulloch, W. Pitts. A logical calculus of the ideas immanent in nervous activity.
#    Bulletin of Mathematical Biophysics 5, 115–133 (1943). https://doi.org/10.1007/BF02478259
# 3. F. Rosenblatt. The perceptron: a probabilistic model for information storage and
#    organization in the brain. Psychological Review 65(6), 386–408 (1958).
#    https://doi.org/10.1037/h0042519
# 4. M. Minsky, S. Papert. Perceptrons: An Introduction to Computational Geometry. MIT Press,
#    1969.
# 5. A. B. J. Novikoff. On convergence proofs on perceptrons. Proceedings of the Symposium on
#    the Mathematical Theory of Automata, vol. 12, pp. 615–622. Polytechnic Institute of
#    Brooklyn, 1962.
#
# </details>
