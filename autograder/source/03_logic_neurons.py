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
# Любая сеть в PyTorch — это `nn.Module`: объект, который хранит обучаемые параметры
# (`nn.Parameter`) и описывает прямой проход в методе `forward`. В этом уроке мы посмотрим
# на сети с двух сторон: сначала посчитаем, сколько в них параметров, а потом соберём
# из самых простых нейронов логические функции и выясним, где кончаются возможности
# одного нейрона.
#
# План:
#
# 1. Параметры модели: считаем их руками и программно, не попадаясь на общие (shared)
#    и замороженные (frozen) параметры.
# 2. Пороговый нейрон: `nn.Linear` плюс ступенчатая функция; нейроны NOT, AND и OR.
# 3. Таблицы истинности и их вывод через PrettyTable.
# 4. XOR: почему одного нейрона мало и как обойтись тремя.
# 5. Зачем нужны функции активации: линейные слои без них схлопываются в один.
# 6. Какие функции двух переменных вычислимы одним нейроном.
# 7. Как обучают нейрон: граф вычислений $a \cdot b + c \cdot d$ и почему ступеньку нельзя
#    обучать напрямую.
# 8. (Необязательно) обучаем нейрон AND градиентным спуском.
#
# | Задание | Что сделать | Баллы |
# |---|---|---|
# | 1.1 | `count_parameters` | 2 |
# | 1.2 | `mlp_parameter_formula` | 1 |
# | 2.1 | `ThresholdNeuron` | 2 |
# | 2.2 | `make_not`, `make_and`, `make_or` | 3 |
# | 3.1 | `truth_table` | 2 |
# | 3.2 | `format_truth_table` | 1 |
# | 4 | `XorNetwork` | 2 |
# | 5.1 | `collapse_linear` | 2 |
# | 5.2 | вопрос: стоит ли ставить линейные слои подряд (проверяется вручную) | 1 |
# | 6.1 | `is_linearly_separable` | 2 |
# | 6.2 | вопрос: у каких сетей граница только линейная (проверяется вручную) | 1 |
# | | **Итого** | **19** |
#
# Под каждым заданием есть ячейка с тестами. Видимые проверки можно запускать сколько
# угодно; при оценивании к ним добавятся скрытые тесты на другие входы и крайние случаи.

# %% [markdown] tags=["en"]
# # Lesson 3. Parameters and logic neurons
#
# Every network in PyTorch is an `nn.Module`: an object that holds trainable parameters
# (`nn.Parameter`) and describes the forward pass in its `forward` method. In this lesson we
# look at networks from two sides: first we count how many parameters they have, then we build
# logic functions out of the simplest possible neurons and find out where the power of a single
# neuron ends.
#
# Plan:
#
# 1. Model parameters: count them by hand and in code, without tripping over shared and
#    frozen parameters.
# 2. The threshold neuron: `nn.Linear` plus a step function; NOT, AND and OR neurons.
# 3. Truth tables, printed with PrettyTable.
# 4. XOR: why one neuron is not enough and how three do the job.
# 5. Why activations matter: linear layers without them collapse into one.
# 6. Which functions of two inputs a single neuron can compute.
# 7. How a neuron is trained: the computation graph of $a \cdot b + c \cdot d$ and why the step
#    cannot be trained directly.
# 8. (Optional) training an AND neuron with gradient descent.
#
# | Exercise | What to do | Points |
# |---|---|---|
# | 1.1 | `count_parameters` | 2 |
# | 1.2 | `mlp_parameter_formula` | 1 |
# | 2.1 | `ThresholdNeuron` | 2 |
# | 2.2 | `make_not`, `make_and`, `make_or` | 3 |
# | 3.1 | `truth_table` | 2 |
# | 3.2 | `format_truth_table` | 1 |
# | 4 | `XorNetwork` | 2 |
# | 5.1 | `collapse_linear` | 2 |
# | 5.2 | question: is it worth stacking linear layers (graded by hand) | 1 |
# | 6.1 | `is_linearly_separable` | 2 |
# | 6.2 | question: which networks have only a linear boundary (graded by hand) | 1 |
# | | **Total** | **19** |
#
# Each exercise is followed by a test cell. Run the visible checks as often as you like;
# at grading, hidden tests with other inputs and edge cases are added to them.

# %%
import itertools

import torch
from prettytable import PrettyTable
from torch import nn

torch.manual_seed(0)
print(f"torch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% [markdown] tags=["ru"]
# Вспомогательные функции для тестов (ячейка заблокирована). `gate_outputs` вычисляет
# ступенчатую функцию прямо по весам нейрона, поэтому проверки задания 2.2 не зависят
# от того, как написан ваш `forward`.

# %% [markdown] tags=["en"]
# Helpers for the tests (a locked cell). `gate_outputs` applies the step function to the
# neuron's own weights, so the checks of exercise 2.2 do not depend on how your `forward`
# is written.

# %% nbgrader={"grade_id": "test_helpers", "locked": true}
def neuron_linear(neuron):
    """The single nn.Linear inside a neuron."""
    linears = [m for m in neuron.modules() if isinstance(m, nn.Linear)]
    assert len(linears) == 1, f"a ThresholdNeuron must hold exactly one nn.Linear, found {len(linears)}"
    return linears[0]


def gate_outputs(neuron, x):
    """step(w . x + b) computed from the neuron's own nn.Linear (in float64, silent at exactly 0)."""
    linear = neuron_linear(neuron)
    z = x.double() @ linear.weight.detach().double().T
    if linear.bias is not None:
        z = z + linear.bias.detach().double()
    return (z > 0).float()


def first_mismatch(x, got, expected):
    """Text naming the first input row where got and expected differ."""
    bad = (got != expected).any(dim=-1).nonzero()
    if len(bad) == 0:
        return "no mismatch"
    i = bad[0].item()
    return f"input {x[i].tolist()}: expected {expected[i].tolist()}, got {got[i].tolist()}"


# %% [markdown] tags=["ru"]
# ## 1. Параметры модели
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
# ## 1. Model parameters
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
print(homework_seq)
print(homework_module)
print("both map (batch, 3) to", tuple(homework_seq(torch.zeros(4, 3)).shape), "and",
      tuple(homework_module(torch.zeros(4, 3)).shape))

# %%
# Way 1: by hand, from the layer sizes: weight (out x in) plus bias (out) per nn.Linear.
by_hand = (3 * 5 + 5) + (5 * 2 + 2)

# Way 2: ask PyTorch. named_parameters() walks the module and all its children.
for title, model in (("nn.Sequential", homework_seq), ("nn.Module subclass", homework_module)):
    table = PrettyTable(["parameter", "shape", "elements"])
    for name, p in model.named_parameters():
        table.add_row([name, tuple(p.shape), p.numel()])
    print(title)
    print(table)
    print("total:", sum(p.numel() for p in model.parameters()), " by hand:", by_hand)

# %% [markdown] tags=["ru"]
# Имена параметров разные (`0.weight` против `hidden.weight`: `nn.Sequential` называет слои
# номерами, а в своём классе имена — это атрибуты), но число одно и то же: 32.
#
# ### Подводные камни
#
# * `len(list(model.parameters()))` — это число **тензоров** (здесь 4), а не чисел в них.
# * **Общие параметры.** Один и тот же `nn.Parameter` может стоять в нескольких местах:
#   слой, вызванный дважды, или «связанные» веса (weight tying: матрица эмбеддингов и
#   выходного слоя языковой модели). Оптимизатор обновляет такой параметр один раз, и
#   считать его надо один раз. `parameters()` так и делает, а `state_dict()` и
#   `named_parameters(remove_duplicate=False)` перечисляют его под каждым именем.
# * **Замороженные параметры.** `requires_grad=False` (например, у предобученной части
#   сети при дообучении): параметр остаётся в модели, но не обучается. Когда спрашивают
#   «сколько обучаемых параметров», их не считают.
# * **Буферы.** У `nn.BatchNorm` есть `running_mean` и `running_var`: они лежат в
#   `state_dict()`, но это не параметры, градиентный спуск их не трогает.

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
#   or tied weights (the embedding and output matrices of a language model). The optimizer
#   updates such a parameter once, so it counts once. `parameters()` does exactly that, while
#   `state_dict()` and `named_parameters(remove_duplicate=False)` list it under every name.
# * **Frozen parameters.** `requires_grad=False` (say, the pretrained part of a network being
#   fine-tuned): the parameter stays in the model but is not trained. "How many trainable
#   parameters" leaves it out.
# * **Buffers.** `nn.BatchNorm` keeps `running_mean` and `running_var`: they are in
#   `state_dict()`, but they are not parameters and gradient descent never touches them.

# %%
shared = nn.Linear(4, 4)  # 16 + 4 = 20 numbers
twice = nn.Sequential(shared, nn.ReLU(), shared)  # the same layer used twice
print("tensors, not numbers:      ", len(list(homework_seq.parameters())))
print("parameters():              ", sum(p.numel() for p in twice.parameters()))
print("named_parameters(remove_duplicate=False):",
      sum(p.numel() for _, p in twice.named_parameters(remove_duplicate=False)))
print("state_dict():              ", sum(t.numel() for t in twice.state_dict().values()))

with_norm = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3))
print("BatchNorm parameters:", [name for name, _ in with_norm.named_parameters()])
print("BatchNorm buffers:   ", [name for name, _ in with_norm.named_buffers()])

frozen = HomeworkNet()
frozen.hidden.requires_grad_(False)  # freeze the first layer: 15 + 5 numbers
print("all:", sum(p.numel() for p in frozen.parameters()),
      " trainable:", sum(p.numel() for p in frozen.parameters() if p.requires_grad))

# %% [markdown] tags=["ru"]
# ### Задание 1.1 (2 балла). `count_parameters`
#
# Напишите `count_parameters(model, trainable_only=True)`: число элементов (не тензоров)
# во всех параметрах произвольного `nn.Module`. Общий параметр считается один раз. При
# `trainable_only=True` замороженные параметры (`requires_grad=False`) не считаются, при
# `False` считаются все. Верните обычный `int`. Функция должна работать для любой
# архитектуры, а не только для сетей из `nn.Linear`.

# %% [markdown] tags=["en"]
# ### Exercise 1.1 (2 points). `count_parameters`
#
# Write `count_parameters(model, trainable_only=True)`: the number of elements (not tensors)
# in all parameters of any `nn.Module`. A shared parameter counts once. With
# `trainable_only=True` frozen parameters (`requires_grad=False`) are left out; with `False`
# all of them count. Return a plain `int`. It must work for any architecture, not only for
# networks made of `nn.Linear`.

# %% nbgrader={"grade_id": "count_parameters", "solution": true}
def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int.

    A parameter shared by several submodules counts once; with trainable_only=True the
    parameters with requires_grad=False are left out.
    """
    ### BEGIN SOLUTION
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_count_parameters", "grade": true, "points": 2, "locked": true}
assert count_parameters(nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))) == 32, \
    "the 3-5-2 nn.Sequential network has 32 parameters"
assert count_parameters(HomeworkNet()) == 32, "the 3-5-2 HomeworkNet has 32 parameters"
_frozen_net = HomeworkNet()
_frozen_net.hidden.requires_grad_(False)
assert count_parameters(_frozen_net) == 12, "with the first layer frozen, 12 parameters are trainable"
assert count_parameters(_frozen_net, trainable_only=False) == 32, "trainable_only=False counts all 32"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random as _random


def _expect_count(model, expected, what, trainable_only=True):
    got = count_parameters(model, trainable_only=trainable_only)
    assert isinstance(got, int) and not isinstance(got, bool), \
        f"count_parameters must return a Python int, got {type(got).__name__}"
    assert got == expected, \
        f"{what}: expected {expected} parameter elements with trainable_only={trainable_only}, got {got}"


# Random MLPs (some layers without bias): no formula for one architecture can follow them.
_rng = _random.Random(2024)
for _case in range(6):
    _sizes = [_rng.randint(1, 30) for _ in range(_rng.randint(2, 6))]
    _layers, _expected = [], 0
    for _a, _b in zip(_sizes, _sizes[1:]):
        _bias = _rng.random() < 0.6
        _layers += [nn.Linear(_a, _b, bias=_bias), nn.Tanh()]
        _expected += _a * _b + (_b if _bias else 0)
    _expect_count(nn.Sequential(*_layers), _expected, f"an MLP with sizes {_sizes}")
    _expect_count(nn.Sequential(*_layers), _expected, f"an MLP with sizes {_sizes}", trainable_only=False)


class _Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, kernel_size=3)  # 3*8*3*3 + 8 = 224
        self.norm = nn.BatchNorm2d(8)  # 8 + 8 (running statistics are buffers, not parameters)
        self.embed = nn.Embedding(10, 4)  # 40
        self.blocks = nn.ModuleList([nn.LayerNorm(6), nn.Linear(6, 2, bias=False)])  # 12 + 12
        self.scale = nn.Parameter(torch.ones(3))  # 3
        self.register_buffer("steps", torch.zeros(100))  # a buffer, not a parameter


_expect_count(_Mixed(), 307, "a module with Conv2d, BatchNorm2d, Embedding, LayerNorm, a bias-free Linear, "
                             "a bare nn.Parameter and a buffer")

# The same layer used three times counts once.
_reused = nn.Linear(4, 4)
_expect_count(nn.Sequential(_reused, nn.ReLU(), _reused, nn.ReLU(), _reused), 20,
              "nn.Sequential(lin, ReLU, lin, ReLU, lin) with one shared nn.Linear(4, 4)")


class _Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 8)  # 400
        self.head = nn.Linear(8, 50)  # its weight is the embedding's (tied); bias 50
        self.head.weight = self.embed.weight


_expect_count(_Tied(), 450, "an embedding tied to the output layer (the shared weight counts once)")
_expect_count(_Tied(), 450, "an embedding tied to the output layer", trainable_only=False)

# Frozen parameters, a whole layer or a single tensor.
_partly = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))  # 220 + 105
_expect_count(_partly, 325, "a 10-20-5 MLP with nothing frozen")
_partly[0].requires_grad_(False)
_expect_count(_partly, 105, "a 10-20-5 MLP with the first layer frozen")
_expect_count(_partly, 325, "a 10-20-5 MLP with the first layer frozen", trainable_only=False)
_partly[2].bias.requires_grad_(False)
_expect_count(_partly, 100, "a 10-20-5 MLP with the first layer and the last bias frozen")
_got = count_parameters(_partly, False)
assert _got == 325, f"count_parameters(model, False) (positional) must count all 325 parameters, got {_got}"

# Frozen and shared at once.
_tied_frozen = _Tied()
_tied_frozen.embed.weight.requires_grad_(False)
_expect_count(_tied_frozen, 50, "a tied model whose shared weight is frozen (only the head bias trains)")
_expect_count(_tied_frozen, 450, "a tied model whose shared weight is frozen", trainable_only=False)

# Nothing to count.
_expect_count(nn.ReLU(), 0, "nn.ReLU()")
_expect_count(nn.Sequential(), 0, "an empty nn.Sequential", trainable_only=False)
_all_frozen = nn.Linear(3, 3).requires_grad_(False)
_expect_count(_all_frozen, 0, "a fully frozen nn.Linear(3, 3)")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Задание 1.2 (1 балл). `mlp_parameter_formula`
#
# Многослойный перцептрон (MLP) задаётся списком размеров слоёв `[in, h1, ..., out]`:
# между соседними размерами стоит `nn.Linear` со смещением. Напишите
# `mlp_parameter_formula(sizes)`, которая считает его параметры **по формуле**, не создавая
# модель. Для `[3, 5, 2]` ответ 32. `sizes` может быть списком или кортежем (не короче 2).

# %% [markdown] tags=["en"]
# ### Exercise 1.2 (1 point). `mlp_parameter_formula`
#
# A multilayer perceptron (MLP) is described by its layer sizes `[in, h1, ..., out]`: each
# pair of neighbouring sizes is joined by an `nn.Linear` with a bias. Write
# `mlp_parameter_formula(sizes)` that counts its parameters **from the formula**, without
# building the model. For `[3, 5, 2]` the answer is 32. `sizes` may be a list or a tuple
# (at least 2 long).

# %% nbgrader={"grade_id": "mlp_parameter_formula", "solution": true}
def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    ### BEGIN SOLUTION
    return sum(n_in * n_out + n_out for n_in, n_out in zip(sizes[:-1], sizes[1:]))
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_mlp_parameter_formula", "grade": true, "points": 1, "locked": true}
assert mlp_parameter_formula([3, 5, 2]) == 32, "the 3-5-2 MLP has (3*5 + 5) + (5*2 + 2) = 32 parameters"
assert mlp_parameter_formula([3, 2]) == 8, "a single nn.Linear(3, 2) has 3*2 + 2 = 8 parameters"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random as _random


def _expect_formula(sizes, expected):
    got = mlp_parameter_formula(sizes)
    assert isinstance(got, int) and not isinstance(got, bool), \
        f"mlp_parameter_formula must return a Python int, got {type(got).__name__}"
    assert got == expected, f"mlp_parameter_formula({sizes!r}): expected {expected}, got {got}"


# PyTorch is the oracle: build the MLP and count its parameters.
_rng = _random.Random(7)
for _case in range(8):
    _sizes = [_rng.randint(1, 40) for _ in range(_rng.randint(2, 7))]
    _mlp = nn.Sequential(*[nn.Linear(_a, _b) for _a, _b in zip(_sizes, _sizes[1:])])
    _expected = sum(p.numel() for p in _mlp.parameters())
    _expect_formula(_sizes, _expected)
    _expect_formula(tuple(_sizes), _expected)
_expect_formula([1, 1], 2)
_expect_formula([7, 7], 56)
_expect_formula([2, 1, 2], 7)
_expect_formula([784, 256, 10], 784 * 256 + 256 + 256 * 10 + 10)
_expect_formula((10, 20, 30, 40, 1), 220 + 630 + 1240 + 41)
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 2. Пороговый нейрон
#
# Самая старая модель нейрона (Маккаллок и Питтс, 1943) складывает входы с весами,
# прибавляет смещение и «срабатывает», если сумма положительна:
#
# $$y = \operatorname{step}(w \cdot x + b), \qquad
# \operatorname{step}(z) = \begin{cases} 1, & z > 0, \\ 0, & z \le 0. \end{cases}$$
#
# Неравенство строгое: ровно при $z = 0$ нейрон молчит. Это соглашение курса, и тесты его
# проверяют: `z >= 0` вместо `z > 0` — ошибка.
#
# Линейная часть $w \cdot x + b$ — это `nn.Linear(n, 1)`: его `weight` имеет форму `(1, n)`,
# а `bias` — форму `(1,)`. Чтобы задать веса руками, пишем в параметры на месте внутри
# `torch.no_grad()`: вне этого контекста autograd запрещает менять на месте лист графа,
# которому нужен градиент (урок 2).
#
# Нейрон AND двух входов: веса $(1, 1)$, смещение $-1.5$. Сумма входов равна 2 только
# для входа $(1, 1)$, и только тогда $z = 0.5 > 0$.

# %% [markdown] tags=["en"]
# ## 2. The threshold neuron
#
# The oldest model of a neuron (McCulloch and Pitts, 1943) adds up its inputs with weights,
# adds a bias and "fires" when the sum is positive:
#
# $$y = \operatorname{step}(w \cdot x + b), \qquad
# \operatorname{step}(z) = \begin{cases} 1, & z > 0, \\ 0, & z \le 0. \end{cases}$$
#
# The inequality is strict: at exactly $z = 0$ the neuron stays silent. This is the course's
# convention and the tests check it: `z >= 0` instead of `z > 0` is a bug.
#
# The linear part $w \cdot x + b$ is an `nn.Linear(n, 1)`: its `weight` has shape `(1, n)`
# and its `bias` shape `(1,)`. To set the weights by hand we write into the parameters in
# place inside `torch.no_grad()`: outside of it autograd forbids in-place changes of a leaf
# that requires grad (lesson 2).
#
# An AND neuron of two inputs: weights $(1, 1)$, bias $-1.5$. The inputs sum to 2 only for
# the input $(1, 1)$, and only then is $z = 0.5 > 0$.

# %%
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
# остальными. Сравните две ступеньки:

# %% [markdown] tags=["en"]
# Why $-1.5$ and not $-2$? With $b = -2$ the input $(1, 1)$ gives exactly $z = 0$, and a
# correct step stays silent: the boundary runs right through a corner of the square. Good
# weights leave a margin: the boundary $x_1 + x_2 = 1.5$ lies halfway between the point
# $(1, 1)$ and the others. Compare the two steps:

# %%
z_on_corner = inputs @ torch.tensor([1.0, 1.0]) - 2.0
table = PrettyTable(["x1", "x2", "z (b = -2)", "step: z > 0", "wrong step: z >= 0"])
for x_row, z_value in zip(inputs.tolist(), z_on_corner.tolist()):
    table.add_row([int(x_row[0]), int(x_row[1]), f"{z_value:+.1f}", int(z_value > 0), int(z_value >= 0)])
print(table)

# %% [markdown] tags=["ru"]
# ### Задание 2.1 (2 балла). `ThresholdNeuron`
#
# Напишите `nn.Module` `ThresholdNeuron(weights, bias)`:
#
# * внутри ровно один `nn.Linear(n, 1)`, где `n = len(weights)`, и других параметров нет;
# * его вес равен `weights`, смещение равно `bias`; `weights` — последовательность из `n`
#   чисел (целых или вещественных: список, кортеж или одномерный тензор), `bias` — число;
# * `forward(x)` принимает вещественный тензор формы `(..., n)` (любое число ведущих
#   измерений, в том числе ни одного) и возвращает тензор формы `(..., 1)` того же `dtype`
#   со значениями `1.0`, где $w \cdot x + b > 0$, и `0.0` в остальных случаях (и при нуле).

# %% [markdown] tags=["en"]
# ### Exercise 2.1 (2 points). `ThresholdNeuron`
#
# Write the `nn.Module` `ThresholdNeuron(weights, bias)`:
#
# * it holds exactly one `nn.Linear(n, 1)`, where `n = len(weights)`, and no other parameters;
# * its weight equals `weights` and its bias equals `bias`; `weights` is a sequence of `n`
#   numbers (ints or floats: a list, a tuple or a 1-D tensor), `bias` is a number;
# * `forward(x)` takes a floating tensor of shape `(..., n)` (any number of leading dimensions,
#   none included) and returns a tensor of shape `(..., 1)` and the same `dtype`, holding
#   `1.0` where $w \cdot x + b > 0$ and `0.0` elsewhere (at zero too).

# %% nbgrader={"grade_id": "ThresholdNeuron", "solution": true}
class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a floating tensor of shape (..., n) -> shape (..., 1), same dtype,
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


# %% nbgrader={"grade_id": "test_ThresholdNeuron", "grade": true, "points": 2, "locked": true}
_and_neuron = ThresholdNeuron([1.0, 1.0], -1.5)
_x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_y = _and_neuron(_x)
assert _y.shape == (4, 1), f"4 inputs of 2 values must give shape (4, 1), got {tuple(_y.shape)}"
assert _y.dtype == torch.float32, f"the output must be float 1.0/0.0 like the input, got {_y.dtype}"
assert torch.equal(_y, torch.tensor([[0.0], [0.0], [0.0], [1.0]])), \
    f"weights (1, 1) and bias -1.5 compute AND: expected [0, 0, 0, 1], got {_y.flatten().tolist()}"
assert torch.equal(ThresholdNeuron([1.0, -1.0], 0.0)(torch.tensor([1.0, 1.0])), torch.tensor([0.0])), \
    "at w.x + b == 0 exactly the neuron must output 0.0: it fires only when w.x + b > 0"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_structure(weights, bias, what):
    neuron = ThresholdNeuron(weights, bias)
    assert isinstance(neuron, nn.Module), "ThresholdNeuron must be an nn.Module"
    linear = neuron_linear(neuron)
    expected_w = torch.as_tensor(weights, dtype=torch.float64).reshape(1, -1)
    n = expected_w.shape[1]
    assert (linear.in_features, linear.out_features) == (n, 1), \
        f"{what}: the neuron needs an nn.Linear({n}, 1), got nn.Linear({linear.in_features}, {linear.out_features})"
    assert linear.bias is not None, f"{what}: the nn.Linear must keep its bias"
    total = sum(p.numel() for p in neuron.parameters())
    assert total == n + 1, f"{what}: a neuron with {n} inputs has {n + 1} parameters, found {total}"
    assert torch.equal(linear.weight.detach().double(), expected_w), \
        f"{what}: the nn.Linear weight must be {expected_w.tolist()}, got {linear.weight.detach().tolist()}"
    assert torch.equal(linear.bias.detach().double(), torch.tensor([float(bias)], dtype=torch.float64)), \
        f"{what}: the nn.Linear bias must be [{float(bias)}], got {linear.bias.detach().tolist()}"
    return neuron


_check_structure([1.0, 1.0], -1.5, "ThresholdNeuron([1.0, 1.0], -1.5)")
_check_structure([2, -1], 1, "ThresholdNeuron([2, -1], 1) with int weights and bias")
_check_structure((0.5, 0.25, -1.0), 0.125, "ThresholdNeuron((0.5, 0.25, -1.0), 0.125) with a tuple")
_check_structure(torch.tensor([1.0, -2.0]), -0.5, "ThresholdNeuron(torch.tensor([1.0, -2.0]), -0.5)")
_check_structure([-1.0], 0.5, "ThresholdNeuron([-1.0], 0.5) with one input")
_check_structure([1.0] * 8, -7.5, "ThresholdNeuron with 8 inputs")

# Forward on random integer weights and inputs: every sum is exact, ties at exactly 0 are frequent.
_g = torch.Generator().manual_seed(3)
_ties = 0
for _n in range(1, 9):
    for _trial in range(3):
        _w = torch.randint(-3, 4, (_n,), generator=_g).double()
        _b = torch.randint(-6, 7, (1,), generator=_g).item() / 2  # integers and halves
        _neuron = ThresholdNeuron(_w.tolist(), _b)
        _x = torch.randint(-2, 3, (5, 3, _n), generator=_g).float()
        _z = _x.double() @ _w + _b
        _ties += int((_z == 0).sum())
        _expected = (_z > 0).float().unsqueeze(-1)
        _y = _neuron(_x)
        _what = f"ThresholdNeuron({_w.tolist()}, {_b}) on inputs of shape {tuple(_x.shape)}"
        assert isinstance(_y, torch.Tensor), f"{_what}: forward must return a tensor"
        assert _y.shape == (5, 3, 1), f"{_what}: expected output shape (5, 3, 1), got {tuple(_y.shape)}"
        assert _y.dtype == torch.float32, f"{_what}: expected float32 1.0/0.0, got {_y.dtype}"
        assert torch.equal(_y, _expected), \
            f"{_what}: wrong output at {first_mismatch(_x.reshape(-1, _n), _y.reshape(-1, 1), _expected.reshape(-1, 1))}" \
            " (remember: 1.0 only where w.x + b > 0, 0.0 at exactly 0)"
assert _ties > 0, "internal: the test inputs must include ties"

# A single input vector of shape (n,) gives shape (1,).
_y = ThresholdNeuron([1.0, 1.0, 1.0], -2.5)(torch.tensor([1.0, 1.0, 1.0]))
assert _y.shape == (1,), f"an input of shape (3,) must give an output of shape (1,), got {tuple(_y.shape)}"
assert torch.equal(_y, torch.tensor([1.0])), f"1 + 1 + 1 - 2.5 > 0: expected [1.0], got {_y.tolist()}"

# Ties through the bias: x1 + x2 + x3 - 2 is 0 for two ones, so only three ones fire.
_x = torch.tensor(list(itertools.product([0.0, 1.0], repeat=3)))
_y = ThresholdNeuron([1, 1, 1], -2)(_x)
_expected = (_x.sum(-1, keepdim=True) > 2).float()
assert torch.equal(_y, _expected), \
    f"ThresholdNeuron([1, 1, 1], -2): wrong at {first_mismatch(_x, _y, _expected)} (step(0) must be 0.0)"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Задание 2.2 (3 балла). NOT, AND и OR
#
# Напишите три функции, которые возвращают `ThresholdNeuron` с подобранными весами:
#
# * `make_not()` — нейрон с одним входом: 1 для входа 0 и 0 для входа 1;
# * `make_and(n_inputs=2)` — срабатывает, только когда **все** `n_inputs` входов равны 1;
# * `make_or(n_inputs=2)` — срабатывает, когда **хотя бы один** вход равен 1.
#
# `n_inputs` — от 1 до 8. Частая ошибка — веса, которые подходят только для двух входов:
# при трёх входах AND со смещением $-1.5$ сработает уже на двух единицах. Подумайте, чему
# равна сумма входов, когда AND (или OR) должен сработать, а когда нет, и поставьте порог
# между этими значениями, с запасом, а не на границе.

# %% [markdown] tags=["en"]
# ### Exercise 2.2 (3 points). NOT, AND and OR
#
# Write three functions that return a `ThresholdNeuron` with suitable weights:
#
# * `make_not()`: a neuron with one input: 1 for input 0 and 0 for input 1;
# * `make_and(n_inputs=2)`: fires only when **all** `n_inputs` inputs are 1;
# * `make_or(n_inputs=2)`: fires when **at least one** input is 1.
#
# `n_inputs` goes from 1 to 8. A common bug is weights that only suit two inputs: with three
# inputs, an AND with bias $-1.5$ already fires on two ones. Think about what the sum of the
# inputs is when AND (or OR) must fire and when it must not, and put the threshold between
# those values, with a margin rather than on the boundary.

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


# %% nbgrader={"grade_id": "test_make_not", "grade": true, "points": 3, "locked": true}
_x1 = torch.tensor([[0.0], [1.0]])
_x2 = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
assert torch.equal(gate_outputs(make_not(), _x1), torch.tensor([[1.0], [0.0]])), "NOT must map 0 -> 1 and 1 -> 0"
assert torch.equal(gate_outputs(make_and(), _x2), torch.tensor([[0.0], [0.0], [0.0], [1.0]])), \
    "AND of two inputs must give 0, 0, 0, 1 on 00, 01, 10, 11"
assert torch.equal(gate_outputs(make_or(), _x2), torch.tensor([[0.0], [1.0], [1.0], [1.0]])), \
    "OR of two inputs must give 0, 1, 1, 1 on 00, 01, 10, 11"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_gate(neuron, n, rule, what):
    assert isinstance(neuron, ThresholdNeuron), f"{what} must return a ThresholdNeuron, got {type(neuron).__name__}"
    linear = neuron_linear(neuron)
    assert linear.in_features == n, f"{what} must have {n} input(s), its nn.Linear takes {linear.in_features}"
    x = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n)))
    got = gate_outputs(neuron, x)
    expected = rule(x)
    assert torch.equal(got, expected), f"{what} is wrong at {first_mismatch(x, got, expected)}"


_check_gate(make_not(), 1, lambda x: 1.0 - x, "make_not()")
_check_gate(make_and(), 2, lambda x: x.min(dim=-1, keepdim=True).values, "make_and() (default: 2 inputs)")
_check_gate(make_or(), 2, lambda x: x.max(dim=-1, keepdim=True).values, "make_or() (default: 2 inputs)")
for _n in range(1, 9):
    _check_gate(make_and(_n), _n, lambda x: x.min(dim=-1, keepdim=True).values, f"make_and({_n})")
    _check_gate(make_or(_n), _n, lambda x: x.max(dim=-1, keepdim=True).values, f"make_or({_n})")
    _check_gate(make_and(n_inputs=_n), _n, lambda x: x.min(dim=-1, keepdim=True).values,
                f"make_and(n_inputs={_n})")
    _check_gate(make_or(n_inputs=_n), _n, lambda x: x.max(dim=-1, keepdim=True).values,
                f"make_or(n_inputs={_n})")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ## 3. Таблицы истинности
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
# Если перепутать порядок битов (сделать $x_1$ младшим), строки пойдут в другом порядке, и
# таблица несимметричной функции (например, $x_1 \wedge \neg x_2$) перестанет совпадать с
# эталоном. Такой порядок даёт `itertools.product([0, 1], repeat=n)`. У `torch.cartesian_prod`
# порядок тот же, но будьте внимательны: для одного входа она возвращает одномерный тензор.
# Можно и без них, через биты: $x_j$ в строке $i$ равен `(i >> (n - j)) & 1`.
#
# Функции вроде нашего нейрона принимают сразу всю пачку входов формы `(2**n, n)`, так что
# вызывать их по одной строке не нужно.

# %% [markdown] tags=["en"]
# ## 3. Truth tables
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
# Get the bit order backwards (make $x_1$ the least significant bit) and the rows come out in
# another order: the table of an asymmetric function (say, $x_1 \wedge \neg x_2$) no longer
# matches the reference. `itertools.product([0, 1], repeat=n)` yields exactly this order.
# `torch.cartesian_prod` does too, but beware: for a single input it returns a 1-D tensor.
# Bits work as well: $x_j$ in row $i$ is `(i >> (n - j)) & 1`.
#
# Functions such as our neuron take the whole batch of inputs of shape `(2**n, n)` at once,
# so there is no need to call them row by row.

# %%
for n in (1, 2, 3):
    print(n, "input(s), itertools.product:", list(itertools.product([0, 1], repeat=n)))
print("cartesian_prod, one input: shape", tuple(torch.cartesian_prod(torch.tensor([0.0, 1.0])).shape),
      "(1-D!), two inputs: shape", tuple(torch.cartesian_prod(torch.tensor([0.0, 1.0]), torch.tensor([0.0, 1.0])).shape))

# %% [markdown] tags=["ru"]
# ### Задание 3.1 (2 балла). `truth_table`
#
# Напишите `truth_table(fn, n_inputs)`. `fn` принимает тензор `float32` формы `(..., n)`
# из нулей и единиц и возвращает тензор формы `(..., k)` (у нейрона `k = 1`, но бывают
# функции и с несколькими выходами). Верните тензор `float32` формы `(2**n, n + k)`: в
# каждой строке вход (в порядке двоичного счёта, $x_1$ — старший бит), а за ним $k$
# выходов `fn` на этом входе.

# %% [markdown] tags=["en"]
# ### Exercise 3.1 (2 points). `truth_table`
#
# Write `truth_table(fn, n_inputs)`. `fn` takes a `float32` tensor of shape `(..., n)` of
# zeros and ones and returns a tensor of shape `(..., k)` (a neuron has `k = 1`, but some
# functions have several outputs). Return a `float32` tensor of shape `(2**n, n + k)`: each
# row holds an input (in binary counting order, $x_1$ the most significant bit) followed by
# the $k$ outputs of `fn` on that input.

# %% nbgrader={"grade_id": "truth_table", "solution": true}
def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Rows are all inputs in binary counting order (x1 is the most significant bit), each
    followed by fn's k outputs; fn maps a float32 tensor (..., n_inputs) to (..., k).
    """
    ### BEGIN SOLUTION
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)), dtype=torch.float32)
    inputs = inputs.reshape(2 ** n_inputs, n_inputs)
    with torch.no_grad():
        outputs = fn(inputs)
    return torch.cat([inputs, outputs.to(torch.float32)], dim=1)
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_truth_table", "grade": true, "points": 2, "locked": true}
_table = truth_table(lambda x: (x.sum(dim=-1, keepdim=True) > 1.5).float(), 2)
assert _table.shape == (4, 3), f"two inputs and one output give shape (4, 3), got {tuple(_table.shape)}"
assert torch.equal(_table, torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]])), \
    f"the truth table of AND is rows 00|0, 01|0, 10|0, 11|1, got {_table.tolist()}"
_table = truth_table(lambda x: x[..., :1], 2)  # y = x1
assert torch.equal(_table[:, 2], torch.tensor([0.0, 0.0, 1.0, 1.0])), \
    "x1 is the most significant bit: y = x1 must read 0, 0, 1, 1 down the table"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _counting_inputs(n):
    rows = torch.arange(2 ** n).unsqueeze(1)
    return ((rows >> torch.arange(n - 1, -1, -1)) & 1).float()


class _StepLayer:
    """A layer of k threshold units with small integer weights, our own oracle function."""

    def __init__(self, n, k, g):
        self.w = torch.randint(-2, 3, (n, k), generator=g).float()
        self.b = torch.randint(-2, 3, (k,), generator=g).float() + 0.5

    def __call__(self, x):
        return ((x @ self.w + self.b) > 0).float()


def _check_table(fn, n, k, what):
    table = truth_table(fn, n)
    assert isinstance(table, torch.Tensor), f"{what}: truth_table must return a tensor"
    assert table.shape == (2 ** n, n + k), \
        f"{what}: expected shape {(2 ** n, n + k)}, got {tuple(table.shape)}"
    assert table.dtype == torch.float32, f"{what}: expected a float32 table, got {table.dtype}"
    expected_inputs = _counting_inputs(n)
    assert torch.equal(table[:, :n], expected_inputs), \
        f"{what}: the input columns must count in binary with x1 as the most significant bit; " \
        f"expected rows {expected_inputs.tolist()[:8]}..., got {table[:, :n].tolist()[:8]}..."
    expected_outputs = fn(expected_inputs)
    assert torch.equal(table[:, n:], expected_outputs), \
        f"{what}: the last {k} column(s) must hold fn's outputs for each row's input; " \
        f"expected {expected_outputs.tolist()[:8]}..., got {table[:, n:].tolist()[:8]}..."


_g = torch.Generator().manual_seed(11)
for _n in range(1, 7):
    for _k in (1, 2, 3):
        _check_table(_StepLayer(_n, _k, _g), _n, _k, f"a layer of {_k} threshold unit(s) on {_n} input(s)")
    _place = 2.0 ** torch.arange(_n - 1, -1, -1).float()
    _check_table(lambda x, p=_place: (x * p).sum(dim=-1, keepdim=True), _n, 1,
                 f"fn = the row's binary value, {_n} input(s)")
_check_table(lambda x: torch.stack([x.sum(-1) % 2, (x.sum(-1) > 1.5).float()], dim=-1), 3, 2,
             "fn = (parity, majority) of 3 inputs")
_check_table(lambda x: x[..., :1] * (1 - x[..., 1:2]), 2, 1, "fn = x1 AND NOT x2")
_check_table(lambda x: 1 - x, 1, 1, "fn = NOT x on one input")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# ### Задание 3.2 (1 балл). `format_truth_table`
#
# Напишите `format_truth_table(table, n_inputs)`: таблицу `prettytable.PrettyTable` по
# тензору, который возвращает `truth_table`. Столбцы: `x1`, ..., `xn`, затем `y`, если
# выход один, или `y1`, ..., `yk`, если их `k > 1`. Одна строка на каждый вход, в том же
# порядке; в ячейках — обычные числа Python (например, `0` и `1`), не тензоры.

# %% [markdown] tags=["en"]
# ### Exercise 3.2 (1 point). `format_truth_table`
#
# Write `format_truth_table(table, n_inputs)`: a `prettytable.PrettyTable` from the tensor that
# `truth_table` returns. Columns: `x1`, ..., `xn`, then `y` for a single output or `y1`, ...,
# `yk` for `k > 1` outputs. One row per input, in the same order; the cells hold plain Python
# numbers (such as `0` and `1`), not tensors.

# %% nbgrader={"grade_id": "format_truth_table", "solution": true}
def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
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
assert isinstance(_pretty, PrettyTable), f"format_truth_table must return a PrettyTable, got {type(_pretty).__name__}"
assert list(_pretty.field_names) == ["x1", "x2", "y"], \
    f"two inputs and one output: columns x1, x2, y; got {list(_pretty.field_names)}"
assert len(_pretty.rows) == 4, f"one row per input: expected 4 rows, got {len(_pretty.rows)}"
print(_pretty)
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
def _check_pretty(table, n, what):
    k = table.shape[1] - n
    pretty = format_truth_table(table, n)
    assert isinstance(pretty, PrettyTable), f"{what}: expected a PrettyTable, got {type(pretty).__name__}"
    names = [f"x{i}" for i in range(1, n + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
    assert list(pretty.field_names) == names, f"{what}: expected columns {names}, got {list(pretty.field_names)}"
    rows = pretty.rows
    assert len(rows) == table.shape[0], f"{what}: expected {table.shape[0]} rows, got {len(rows)}"
    for i, (row, expected) in enumerate(zip(rows, table.tolist())):
        assert len(row) == len(expected), f"{what}: row {i} has {len(row)} cells, expected {len(expected)}"
        for cell, value in zip(row, expected):
            assert not isinstance(cell, torch.Tensor), \
                f"{what}: cells must hold plain numbers, not tensors (row {i} holds {cell!r}); use .tolist()"
            assert float(cell) == value, f"{what}: row {i} must read {expected}, got {row}"


_g = torch.Generator().manual_seed(5)
for _n in range(1, 5):
    _inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=_n))).reshape(2 ** _n, _n)
    for _k in (1, 2, 3):
        _outputs = torch.randint(0, 2, (2 ** _n, _k), generator=_g).float()
        _check_pretty(torch.cat([_inputs, _outputs], dim=1), _n, f"a table of {_n} input(s) and {_k} output(s)")
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Соберём всё вместе: таблицы истинности ваших нейронов (ячейка заработает, когда будут
# готовы задания 2 и 3).

# %% [markdown] tags=["en"]
# Putting it together: the truth tables of your neurons (this cell runs once exercises 2
# and 3 are done).

# %%
for title, neuron, n in (("NOT", make_not(), 1), ("AND, 3 inputs", make_and(3), 3), ("OR, 3 inputs", make_or(3), 3)):
    print(title)
    print(format_truth_table(truth_table(neuron, n), n))

# %% [markdown] tags=["ru"]
# ## 4. XOR
#
# XOR («исключающее или») равен 1, когда ровно один из двух входов равен 1. Один пороговый
# нейрон его не вычислит. Допустим, нашлись $w_1, w_2, b$. Тогда
#
# * вход $(0, 0) \mapsto 0$: $b \le 0$;
# * вход $(1, 1) \mapsto 0$: $w_1 + w_2 + b \le 0$;
# * вход $(1, 0) \mapsto 1$: $w_1 + b > 0$;
# * вход $(0, 1) \mapsto 1$: $w_2 + b > 0$.
#
# Сложив два последних неравенства, получим $w_1 + w_2 + 2b > 0$, а сложив два первых —
# $w_1 + w_2 + 2b \le 0$. Противоречие. Геометрически: никакая прямая не отделит точки
# $(0, 1)$ и $(1, 0)$ от $(0, 0)$ и $(1, 1)$.
#
# Зато XOR легко собрать из нескольких нейронов в два слоя. Например,
# $\mathrm{XOR}(x_1, x_2) = \mathrm{AND}(\mathrm{OR}(x_1, x_2), \mathrm{NAND}(x_1, x_2))$:
# «хотя бы одна единица, но не обе». Годятся и другие разложения, например
# $(x_1 \wedge \neg x_2) \vee (\neg x_1 \wedge x_2)$.
#
# ### Задание 4 (2 балла). `XorNetwork`
#
# Напишите `nn.Module` `XorNetwork()`: XOR двух входов ровно из **трёх** `ThresholdNeuron`
# (два скрытых, один выходной) и без каких-либо других параметров. `forward(x)` принимает
# тензор формы `(..., 2)` из нулей и единиц (любое число ведущих измерений, как в задании 2.1)
# и возвращает `(..., 1)`: `1.0` там, где ровно один вход равен 1. Выход должен вычисляться
# через нейроны, а не формулой в обход них.

# %% [markdown] tags=["en"]
# ## 4. XOR
#
# XOR ("exclusive or") is 1 when exactly one of its two inputs is 1. No single threshold neuron
# computes it. Suppose $w_1, w_2, b$ existed. Then
#
# * input $(0, 0) \mapsto 0$: $b \le 0$;
# * input $(1, 1) \mapsto 0$: $w_1 + w_2 + b \le 0$;
# * input $(1, 0) \mapsto 1$: $w_1 + b > 0$;
# * input $(0, 1) \mapsto 1$: $w_2 + b > 0$.
#
# Adding the last two inequalities gives $w_1 + w_2 + 2b > 0$, adding the first two gives
# $w_1 + w_2 + 2b \le 0$. A contradiction. Geometrically: no straight line separates the points
# $(0, 1)$ and $(1, 0)$ from $(0, 0)$ and $(1, 1)$.
#
# Several neurons in two layers, though, build XOR easily. For example,
# $\mathrm{XOR}(x_1, x_2) = \mathrm{AND}(\mathrm{OR}(x_1, x_2), \mathrm{NAND}(x_1, x_2))$:
# "at least one 1, but not both". Other decompositions work too, such as
# $(x_1 \wedge \neg x_2) \vee (\neg x_1 \wedge x_2)$.
#
# ### Exercise 4 (2 points). `XorNetwork`
#
# Write the `nn.Module` `XorNetwork()`: XOR of two inputs from exactly **three**
# `ThresholdNeuron`s (two hidden, one output) and no other parameters. `forward(x)` takes a
# tensor of shape `(..., 2)` of zeros and ones (any number of leading dimensions, as in
# exercise 2.1) and returns `(..., 1)`: `1.0` where exactly one input is 1. The output must be
# computed through the neurons, not by a formula that bypasses them.

# %% nbgrader={"grade_id": "XorNetwork", "solution": true}
class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float tensor of 0/1 of shape (..., 2) -> shape (..., 1), 1.0 where exactly
    one input is 1.
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
_xor_net = XorNetwork()
_x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_y = _xor_net(_x)
assert _y.shape == (4, 1), f"4 inputs must give shape (4, 1), got {tuple(_y.shape)}"
assert torch.equal(_y, torch.tensor([[0.0], [1.0], [1.0], [0.0]])), \
    f"XOR on 00, 01, 10, 11 must be 0, 1, 1, 0, got {_y.flatten().tolist()}"
_neurons = [m for m in _xor_net.modules() if isinstance(m, ThresholdNeuron)]
assert len(_neurons) == 3, f"XorNetwork must use exactly three ThresholdNeurons, found {len(_neurons)}"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
_XOR = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
_net = XorNetwork()
assert isinstance(_net, nn.Module), "XorNetwork must be an nn.Module"
_neurons = [m for m in _net.modules() if isinstance(m, ThresholdNeuron)]
assert len(_neurons) == 3, f"XorNetwork must use exactly three ThresholdNeurons, found {len(_neurons)}"
_neuron_params = {id(p) for _m in _neurons for p in _m.parameters()}
_extra = [name for name, p in _net.named_parameters() if id(p) not in _neuron_params]
assert not _extra, f"XorNetwork must have no parameters besides those of its three neurons, found {_extra}"

# Any batch shape.
_g = torch.Generator().manual_seed(9)
for _shape in ((7, 2), (3, 4, 2), (2, 2, 3, 2)):
    _x = torch.randint(0, 2, _shape, generator=_g).float()
    _y = _net(_x)
    _expected = (_x[..., :1] != _x[..., 1:]).float()
    assert _y.shape == _shape[:-1] + (1,), \
        f"inputs of shape {_shape} must give shape {_shape[:-1] + (1,)}, got {tuple(_y.shape)}"
    assert _y.dtype == torch.float32, f"XorNetwork must return float 1.0/0.0, got {_y.dtype}"
    assert torch.equal(_y, _expected), f"XorNetwork is wrong on a batch of shape {_shape}"
_y = _net(torch.tensor([1.0, 0.0]))
assert _y.shape == (1,) and _y.item() == 1.0, f"XorNetwork on a single input [1, 0] must give [1.0], got {_y.tolist()}"

# Every neuron must matter: forcing any one of them to a constant breaks XOR.
for _i in range(3):
    for _constant in (0.0, 1.0):
        _forced_net = XorNetwork()
        _forced = [m for m in _forced_net.modules() if isinstance(m, ThresholdNeuron)][_i]
        _linear = neuron_linear(_forced)
        with torch.no_grad():
            _linear.weight.zero_()
            _linear.bias.fill_(1.0 if _constant else -1.0)
        assert not torch.equal(_forced_net(_X), _XOR), \
            f"XorNetwork's output does not depend on its neuron #{_i + 1}: the three neurons must compute XOR " \
            "(forcing that neuron to output a constant did not change the result)"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Таблица истинности вашей сети и число её параметров: у трёх нейронов по два веса и
# смещению, всего 9.

# %% [markdown] tags=["en"]
# The truth table of your network and its parameter count: three neurons with two weights and
# a bias each, 9 in all.

# %%
xor_net = XorNetwork()
print(format_truth_table(truth_table(xor_net, 2), 2))
print("parameters:", count_parameters(xor_net))

# %% [markdown] tags=["ru"]
# ## 5. Зачем нужны функции активации
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
# ## 5. Why activations matter
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

# %%
torch.manual_seed(1)
linear_stack = nn.Sequential(nn.Linear(3, 5), nn.Linear(5, 2))
with_relu = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
x, y, zero = torch.randn(1, 3), torch.randn(1, 3), torch.zeros(1, 3)
with torch.no_grad():
    for title, f in (("linear layers only", linear_stack), ("with a ReLU between", with_relu)):
        gap = (f(x + y) - f(zero)) - ((f(x) - f(zero)) + (f(y) - f(zero)))
        print(f"{title:20} additivity gap: {gap.abs().max().item():.2e}")
print("parameters of the stack:", sum(p.numel() for p in linear_stack.parameters()),
      "vs one nn.Linear(3, 2):", sum(p.numel() for p in nn.Linear(3, 2).parameters()))

# %% [markdown] tags=["ru"]
# ### Задание 5.1 (2 балла). `collapse_linear`
#
# Напишите `collapse_linear(layers)`: по `nn.Sequential` из слоёв `nn.Linear` без активаций
# (любой глубины, каждый слой со смещением или без) верните **один** `nn.Linear`, который
# вычисляет ту же функцию. Результат должен иметь тот же `dtype` (и устройство), что и
# слои, а сами слои не должны измениться. Если ни у одного слоя нет смещения, результат
# может быть как без смещения, так и с нулевым.

# %% [markdown] tags=["en"]
# ### Exercise 5.1 (2 points). `collapse_linear`
#
# Write `collapse_linear(layers)`: given an `nn.Sequential` of `nn.Linear` layers without
# activations (of any depth, each with or without a bias), return **one** `nn.Linear` that
# computes the same function. The result must have the `dtype` (and device) of the layers, and
# the layers themselves must stay unchanged. If no layer has a bias, the result may have no
# bias or a zero one.

# %% nbgrader={"grade_id": "collapse_linear", "solution": true}
def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    ### BEGIN SOLUTION
    layers = list(layers)
    for layer in layers:
        if not isinstance(layer, nn.Linear):
            raise TypeError(f"collapse_linear expects nn.Linear layers only, got {type(layer).__name__}")
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
assert isinstance(_single, nn.Linear), f"collapse_linear must return an nn.Linear, got {type(_single).__name__}"
assert (_single.in_features, _single.out_features) == (3, 2), \
    f"a 3 -> 5 -> 2 stack collapses to nn.Linear(3, 2), got nn.Linear({_single.in_features}, {_single.out_features})"
_x = torch.randn(8, 3)
with torch.no_grad():
    torch.testing.assert_close(_single(_x), _stack(_x), rtol=1e-5, atol=1e-5,
                               msg="the collapsed layer must compute the same outputs as the stack")
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
import random as _random


def _make_stack(sizes, biases, dtype, g):
    stack = nn.Sequential(*[nn.Linear(a, b, bias=bias, dtype=dtype) for (a, b), bias
                            in zip(zip(sizes, sizes[1:]), biases)])
    with torch.no_grad():
        for p in stack.parameters():
            p.copy_(torch.randn(p.shape, generator=g, dtype=dtype) * 0.7)
    return stack


def _check_collapse(stack, what, g):
    before = {name: t.clone() for name, t in stack.state_dict().items()}
    dtype = stack[0].weight.dtype
    single = collapse_linear(stack)
    assert isinstance(single, nn.Linear), f"{what}: collapse_linear must return an nn.Linear, got {type(single).__name__}"
    assert (single.in_features, single.out_features) == (stack[0].in_features, stack[-1].out_features), \
        f"{what}: expected nn.Linear({stack[0].in_features}, {stack[-1].out_features}), " \
        f"got nn.Linear({single.in_features}, {single.out_features})"
    assert single.weight.dtype == dtype, f"{what}: the collapsed layer must keep the dtype {dtype}, got {single.weight.dtype}"
    x = torch.randn(32, stack[0].in_features, generator=g, dtype=dtype)
    tolerance = {"rtol": 1e-5, "atol": 1e-5} if dtype == torch.float32 else {}
    with torch.no_grad():
        expected = stack(x)
        torch.testing.assert_close(single(x), expected, **tolerance,
                                   msg=lambda m: f"{what}: the collapsed layer computes another function.\n{m}")
    for name, t in stack.state_dict().items():
        assert torch.equal(t, before[name]), f"{what}: collapse_linear must not modify the layers ({name} changed)"


_g = torch.Generator().manual_seed(21)
_rng = _random.Random(21)
_check_collapse(_make_stack([4, 3], [True], torch.float32, _g), "a single nn.Linear(4, 3)", _g)
_check_collapse(_make_stack([4, 6, 3], [True, True], torch.float32, _g), "4 -> 6 -> 3 with biases", _g)
_check_collapse(_make_stack([5, 2, 4], [True, True], torch.float32, _g), "5 -> 2 -> 4 (a narrow middle)", _g)
_check_collapse(_make_stack([3, 4, 4, 2], [False, False, False], torch.float32, _g), "3 -> 4 -> 4 -> 2 without biases", _g)
_check_collapse(_make_stack([3, 5, 4, 2], [False, True, True], torch.float32, _g),
                "3 -> 5 -> 4 -> 2 where only the later layers have biases", _g)
_check_collapse(_make_stack([4, 4, 4, 4], [True, False, True], torch.float32, _g), "square 4 -> 4 -> 4 -> 4 layers", _g)
_check_collapse(_make_stack([4, 6, 3], [True, False], torch.float64, _g), "4 -> 6 -> 3 in float64", _g)
for _case in range(6):
    _sizes = [_rng.randint(1, 7) for _ in range(_rng.randint(2, 6))]
    _biases = [_rng.random() < 0.6 for _ in _sizes[1:]]
    _check_collapse(_make_stack(_sizes, _biases, torch.float32, _g), f"sizes {_sizes} with biases {_biases}", _g)
### END HIDDEN TESTS

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
# 8 у `nn.Linear(3, 2)`), объём вычислений и трудности оптимизации. Узкий средний слой может
# только ограничить ранг итоговой матрицы, но не добавить новых функций. Чтобы глубина что-то
# давала, между слоями нужна нелинейность (ReLU, сигмоида, ступенька).
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_stacking_linear", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# No. A composition of affine maps is affine:
# $W_2(W_1 x + b_1) + b_2 = (W_2 W_1)x + (W_2 b_1 + b_2)$, so a stack of linear layers of any
# depth computes exactly what one `nn.Linear(in, out)` computes (`collapse_linear` builds it).
# Expressiveness does not grow: the decision boundary stays a hyperplane and XOR stays out of
# reach. What grows is the parameter count (3 → 5 → 2 without activations has 32 parameters
# against 8 for `nn.Linear(3, 2)`), the compute and the optimization trouble. A narrow middle
# layer can only restrict the rank of the overall matrix, never add new functions. For depth
# to pay off, a nonlinearity (ReLU, sigmoid, step) must sit between the layers.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# ## 6. Линейная разделимость
#
# Нейрон срабатывает при $w \cdot x + b > 0$: граница между его «да» и «нет» — прямая
# (в $n$ измерениях — гиперплоскость). Булева функция двух входов вычислима одним нейроном
# тогда и только тогда, когда её единицы и нули на углах квадрата можно разделить прямой.
# Функций двух входов всего $2^4 = 16$ (по одной на каждый набор из четырёх выходов).
#
# Как это проверить? Есть несколько честных способов:
#
# * перебрать веса и смещения из небольшой сетки, если доказать, что её хватает;
# * запустить алгоритм обучения перцептрона: для разделимых данных он за конечное число
#   шагов находит разделяющую прямую;
# * геометрически: точки неразделимы, когда выпуклые оболочки классов пересекаются.
#   Подумайте, какие раскраски углов квадрата дают пересечение.
#
# Ошибка, которую делают чаще всего, — помнить только про XOR.
#
# ### Задание 6.1 (2 балла). `is_linearly_separable`
#
# Напишите `is_linearly_separable(outputs)`: `outputs` — четыре выхода булевой функции двух
# входов в порядке таблицы истинности (для входов 00, 01, 10, 11), значения 0/1 (целые,
# `bool`, вещественные или одномерный тензор). Верните `True` (обычный `bool` Python), если
# функцию вычисляет один пороговый нейрон, и `False` иначе.

# %% [markdown] tags=["en"]
# ## 6. Linear separability
#
# A neuron fires when $w \cdot x + b > 0$: the border between its "yes" and "no" is a straight
# line (a hyperplane in $n$ dimensions). A boolean function of two inputs is computable by one
# neuron exactly when its ones and zeros on the corners of the square can be split by a line.
# There are only $2^4 = 16$ functions of two inputs (one per set of four outputs).
#
# How to check it? There are several honest ways:
#
# * search weights and biases on a small grid, once you have shown that the grid is enough;
# * run the perceptron learning algorithm: on separable data it finds a separating line in a
#   finite number of steps;
# * geometrically: the points are not separable when the convex hulls of the two classes
#   intersect. Think about which colourings of the square's corners make them intersect.
#
# The most common mistake is to remember only XOR.
#
# ### Exercise 6.1 (2 points). `is_linearly_separable`
#
# Write `is_linearly_separable(outputs)`: `outputs` holds the four outputs of a boolean function
# of two inputs in truth-table order (for inputs 00, 01, 10, 11), values 0/1 (ints, `bool`s,
# floats or a 1-D tensor). Return `True` (a plain Python `bool`) if one threshold neuron
# computes the function, `False` otherwise.

# %% nbgrader={"grade_id": "is_linearly_separable", "solution": true}
def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    outputs: four 0/1 values for the inputs 00, 01, 10, 11 (ints, bools, floats or a 1-D tensor).
    Returns a Python bool.
    """
    ### BEGIN SOLUTION
    target = [float(v) for v in outputs]
    if len(target) != 4 or any(v not in (0.0, 1.0) for v in target):
        raise ValueError(f"expected four 0/1 outputs, got {target}")
    corners = list(itertools.product([0.0, 1.0], repeat=2))
    # Weights in {-1, 0, 1} and biases in {-1.5, -0.5, 0.5, 1.5} realise every separable
    # function of two inputs (the notebook checks all 16 below), so a grid search decides it.
    for w1, w2 in itertools.product([-1.0, 0.0, 1.0], repeat=2):
        for b in (-1.5, -0.5, 0.5, 1.5):
            if all(float(w1 * x1 + w2 * x2 + b > 0) == y for (x1, x2), y in zip(corners, target)):
                return True
    return False
    ### END SOLUTION


# %% nbgrader={"grade_id": "test_is_linearly_separable", "grade": true, "points": 2, "locked": true}
assert is_linearly_separable([0, 0, 0, 1]) is True, "AND (0, 0, 0, 1) is computed by one neuron"
assert is_linearly_separable([0, 1, 1, 0]) is False, "XOR (0, 1, 1, 0) is not linearly separable"
assert is_linearly_separable((False, True, True, True)) is True, "OR given as bools is linearly separable"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
_non_separable = {(0, 1, 1, 0): "XOR", (1, 0, 0, 1): "XNOR"}
for _outputs in itertools.product([0, 1], repeat=4):
    _expected = _outputs not in _non_separable
    for _form, _value in (("a list of ints", list(_outputs)),
                          ("a tuple of bools", tuple(bool(v) for v in _outputs)),
                          ("a list of floats", [float(v) for v in _outputs]),
                          ("a float tensor", torch.tensor(_outputs, dtype=torch.float32))):
        _got = is_linearly_separable(_value)
        assert type(_got) is bool, f"is_linearly_separable must return a Python bool, got {type(_got).__name__}"
        assert _got == _expected, \
            f"outputs {_outputs} given as {_form}: expected {_expected} " \
            f"({_non_separable.get(_outputs, 'one neuron computes it')}), got {_got}"
### END HIDDEN TESTS

# %% [markdown] tags=["ru"]
# Все 16 функций двух входов: одним нейроном вычислимы 14, не вычислимы только XOR и XNOR
# (ячейка заработает, когда будет готово задание 6.1).

# %% [markdown] tags=["en"]
# All 16 functions of two inputs: one neuron computes 14 of them, only XOR and XNOR are out of
# reach (this cell runs once exercise 6.1 is done).

# %%
FUNCTION_NAMES = [
    "FALSE", "AND", "x1 AND NOT x2", "x1", "NOT x1 AND x2", "x2", "XOR", "OR",
    "NOR", "XNOR", "NOT x2", "x1 OR NOT x2", "NOT x1", "NOT x1 OR x2", "NAND", "TRUE",
]
table = PrettyTable(["function", "y(00)", "y(01)", "y(10)", "y(11)", "one neuron?"])
for name, outputs in zip(FUNCTION_NAMES, itertools.product([0, 1], repeat=4)):
    table.add_row([name, *outputs, "yes" if is_linearly_separable(outputs) else "NO"])
print(table)

# %% [markdown] tags=["ru"]
# ### Вопрос 6.2 (1 балл, проверяется вручную)
#
# У каких сетей граница решений может быть только линейной (гиперплоскостью)? Перечислите
# такие сети и объясните почему; приведите пример сети из этого урока, у которой граница не
# линейна. Ответьте в ячейке ниже.

# %% [markdown] tags=["en"]
# ### Question 6.2 (1 point, graded by hand)
#
# Which networks can only have a linear decision boundary (a hyperplane)? List them and explain
# why; give an example from this lesson of a network whose boundary is not linear. Answer in the
# cell below.

# %% [markdown] tags=["ru"] nbgrader={"grade_id": "answer_linear_boundary", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# Только линейная граница у сетей, которые до последнего решения вычисляют одну аффинную
# функцию $w \cdot x + b$:
#
# * один нейрон: пороговый нейрон (перцептрон), логистическая регрессия (сигмоида монотонна,
#   поэтому $\sigma(z) > 0.5 \iff z > 0$), линейный классификатор;
# * любая сеть из одних линейных слоёв без нелинейных активаций между ними, какой бы глубокой
#   она ни была: она схлопывается в один `nn.Linear` (`collapse_linear`);
# * такая же сеть с монотонной функцией (сигмоида, ступенька, tanh) только на выходе: монотонная
#   функция не меняет множества уровня, граница остаётся $\{w \cdot x + b = 0\}$.
#
# Нелинейная граница возможна, когда нелинейная активация стоит в скрытом слое. Пример —
# `XorNetwork`: два скрытых пороговых нейрона и выходной отделяют $(0, 1), (1, 0)$ от
# $(0, 0), (1, 1)$, чего не делает ни одна прямая; её граница — полоса между двумя прямыми.
# ### END SOLUTION

# %% [markdown] tags=["en"] nbgrader={"grade_id": "answer_linear_boundary", "solution": true, "grade": true, "points": 1}
# ### BEGIN SOLUTION
# A boundary can only be linear for networks that compute a single affine function
# $w \cdot x + b$ before the final decision:
#
# * a single neuron: a threshold neuron (perceptron), logistic regression (the sigmoid is
#   monotone, so $\sigma(z) > 0.5 \iff z > 0$), any linear classifier;
# * any network made only of linear layers with no nonlinear activation between them, however
#   deep: it collapses into one `nn.Linear` (`collapse_linear`);
# * the same network with a monotone function (sigmoid, step, tanh) only at the output: a
#   monotone function does not change the level sets, the boundary stays $\{w \cdot x + b = 0\}$.
#
# A nonlinear boundary becomes possible once a nonlinear activation sits in a hidden layer.
# Example: `XorNetwork`, whose two hidden threshold neurons and output neuron separate
# $(0, 1), (1, 0)$ from $(0, 0), (1, 1)$, which no line does; its boundary is a band between
# two lines.
# ### END SOLUTION

# %% [markdown] tags=["ru"]
# ## 7. Как обучают нейрон: граф вычислений
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
# ## 7. How a neuron is trained: the computation graph
#
# So far we have chosen the weights by hand. Autograd will train them, so let us look at the
# graph it builds for a sum such as $a \cdot b + c \cdot d$, the pre-activation of a neuron with
# two inputs. Let $a$, $b$, $c$ require grad while $d$ is plain data (`requires_grad=False`).
# We walk from `z.grad_fn` along `next_functions`:
#
# * `AccumulateGrad` is the node that adds the gradient into a leaf's `.grad`;
# * $d$ has no node at all: its slot in `next_functions` holds `None`, and `d.grad` stays
#   `None`.

# %%
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
        print(f"{indent}None   (a tensor that does not require grad: no node, no gradient)")
        return
    label = type(node).__name__
    if hasattr(node, "variable"):
        label += f"   -> {leaf_names.get(id(node.variable), '?')}.grad"
    print(indent + label)
    for child, _ in node.next_functions:
        show_backward_graph(child, depth + 1)


show_backward_graph(z.grad_fn)
z.backward()
table = PrettyTable(["tensor", "requires_grad", ".grad", "analytic dz/d(.)"])
for name, t, analytic in (("a", a, "b = 3"), ("b", b, "a = 2"), ("c", c, "d = 5"), ("d", d, "not tracked")):
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

# %%
w = torch.tensor(0.3, requires_grad=True)
print("sigmoid(w) requires grad:", torch.sigmoid(w).requires_grad)
print("(w > 0).float() requires grad:", (w > 0).float().requires_grad)

# %% [markdown] tags=["ru"]
# ## 8. (Необязательно) Обучаем нейрон AND
#
# Обучим `nn.Linear(2, 1)` на таблице истинности AND: сигмоида на выходе, бинарная
# кросс-энтропия (`BCEWithLogitsLoss` применяет сигмоиду сама) и градиентный спуск, как в
# уроке 2. Затем заменим сигмоиду ступенькой и проверим, что найденные веса разделяют
# классы. Для сравнения попробуем то же на XOR.

# %% [markdown] tags=["en"]
# ## 8. (Optional) Training an AND neuron
#
# Let us train an `nn.Linear(2, 1)` on the truth table of AND: a sigmoid at the output, binary
# cross-entropy (`BCEWithLogitsLoss` applies the sigmoid itself) and gradient descent, as in
# lesson 2. Then we swap the sigmoid for the step and check that the weights it found separate
# the classes. For comparison we try the same on XOR.

# %%
corners = torch.tensor(list(itertools.product([0.0, 1.0], repeat=2)))
targets = {
    "AND": torch.tensor([[0.0], [0.0], [0.0], [1.0]]),
    "XOR": torch.tensor([[0.0], [1.0], [1.0], [0.0]]),
}


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


trained = {}
for gate, y in targets.items():
    layer, losses = train_neuron(corners, y)
    trained[gate] = layer
    with torch.no_grad():
        logits = layer(corners)
    table = PrettyTable(["x1", "x2", "target", "z = w·x + b", "sigmoid(z)", "step(z)"])
    for x_row, target, logit in zip(corners.tolist(), y.flatten().tolist(), logits.flatten().tolist()):
        table.add_row([int(x_row[0]), int(x_row[1]), int(target), f"{logit:+.2f}",
                       f"{torch.sigmoid(torch.tensor(logit)).item():.3f}", int(logit > 0)])
    accuracy = ((logits > 0).float() == y).float().mean().item()
    weight = [round(v, 2) for v in layer.weight.flatten().tolist()]
    print(f"{gate}: loss {losses[0]:.3f} -> {losses[-1]:.3f}, weights {weight}, "
          f"bias {layer.bias.item():+.2f}, accuracy after the step: {accuracy:.0%}")
    print(table)

# %% [markdown] tags=["ru"]
# Для AND функция потерь падает почти до нуля, и после замены сигмоиды ступенькой нейрон
# безошибочен: найденная прямая $w \cdot x + b = 0$ отделяет $(1, 1)$ от остальных углов, с
# запасом (все $z$ далеко от нуля). Для XOR потери застревают на $\ln 2 \approx 0.693$:
# лучшее, что может сделать один нейрон с сигмоидой, — выдать 0.5 на всех входах, то есть
# $w = 0$, $b = 0$. Тогда $z$ — это шум в последних знаках, и ступенька угадывает углы
# случайно. Больше трёх углов из четырёх не угадает никакая прямая — ровно то, что мы доказали
# в разделе 4.
#
# Найденные для AND веса можно положить в ваш `ThresholdNeuron` (ячейка заработает, когда
# будут готовы задания 2.1 и 3):

# %% [markdown] tags=["en"]
# For AND the loss falls almost to zero, and once the sigmoid is replaced by the step the neuron
# makes no mistake: the line $w \cdot x + b = 0$ it found separates $(1, 1)$ from the other
# corners with a margin (every $z$ is far from zero). For XOR the loss gets stuck at
# $\ln 2 \approx 0.693$: the best a single sigmoid neuron can do is say 0.5 on every input,
# that is $w = 0$, $b = 0$. Then $z$ is noise in the last digits and the step gets corners right
# by chance. No line gets more than three corners of four right, exactly as section 4 proved.
#
# The weights found for AND fit into your `ThresholdNeuron` (this cell runs once exercises 2.1
# and 3 are done):

# %%
learned_and = ThresholdNeuron(trained["AND"].weight.detach().flatten().tolist(), trained["AND"].bias.item())
print(format_truth_table(truth_table(learned_and, 2), 2))

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
