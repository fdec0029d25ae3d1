"""Independent answers to lesson 03_logic_neurons, for testing copy detection (issue 36).

How this was made: written by hand by one author (helper A) from the task texts of the student
notebook lessons/en/03_logic_neurons.ipynb and /work/shared/course-spec.md alone, without seeing the
copy detector, the project's variants or its reference solutions. The ten students keep the styles
they have in 01_tensors.py. The cell `make_not` holds make_not, make_and and make_or; the two
`answer_*` ids are markdown cells (written answers).

  ind01 careful, docstrings, f-strings                       (all right)
  ind02 terse, short names                                   (all right)
  ind03 Russian comments, loops, temporaries                 (mistake: count_parameters sums
        every module's own parameters, so a weight tied between two modules counts twice)
  ind04 beginner                                             (mistakes: make_and's bias -1.5 for
        every n, truth_table keeps the graph of fn; no XorNetwork; one-line written answers)
  ind05 helper functions, type hints, %-format               (all right)
  ind06 torch.* calls, "# Step" comments                     (mistakes: collapse_linear builds a
        float32 layer whatever the layers' dtype, is_linearly_separable only rejects XOR)
  ind07 while loops, str.format, single quotes               (mistakes: the neuron fires at
        exactly 0, format_truth_table names one output y1)
  ind08 type hints, early returns, Russian docstrings        (all right)
  ind09 sloppy                                               (mistakes: ThresholdNeuron holds two
        nn.Parameters instead of an nn.Linear, count_parameters counts buffers too; no
        format_truth_table, no is_linearly_separable, no answer_linear_boundary)
  ind10 pythonic                                             (all right)

Ground truth: the four copiers below; every other pair of students is independent.
  cp01 full copy of ind05 (all eleven answers)
  cp02 full copy of ind06 (all eleven answers, its mistakes kept)
  cp03 partial copy of ind08: ThresholdNeuron, make_not, XorNetwork, collapse_linear,
       answer_stacking_linear
  cp04 partial copy of ind02: count_parameters, truth_table, format_truth_table,
       is_linearly_separable, answer_linear_boundary
The answers of a partial copier outside its `copied` list are its own, independent of everyone.
"""

STUDENTS = {
    # ------------------------------------------------------------------ ind01
    "ind01": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    """Elements of every distinct parameter; parameters() already skips shared duplicates."""
    return sum(
        p.numel() for p in model.parameters() if p.requires_grad or not trainable_only
    )
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    """Each Linear(a, b) has a * b weights and b biases."""
    return sum(a * b + b for a, b in zip(sizes[:-1], sizes[1:]))
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(w)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).to(torch.float32)
''',
        "make_not": '''\
def make_not():
    """Fires for input 0: -x + 0.5 > 0 only when x = 0."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """The sum of n inputs reaches n only when all are 1; threshold halfway between n - 1 and n."""
    return ThresholdNeuron([1.0] * n_inputs, -(n_inputs - 0.5))


def make_or(n_inputs=2):
    """The sum is at least 1 when any input is 1; threshold at 0.5."""
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    """All 2**n inputs in counting order (x1 most significant), then fn's outputs."""
    inputs = torch.tensor(
        list(itertools.product([0.0, 1.0], repeat=n_inputs)), dtype=torch.float32
    )
    with torch.no_grad():
        outputs = fn(inputs).to(torch.float32)
    return torch.cat([inputs, outputs], dim=1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    """PrettyTable with x1..xn and y (or y1..yk)."""
    n_outputs = table.shape[1] - n_inputs
    if n_outputs == 1:
        output_names = ["y"]
    else:
        output_names = [f"y{j}" for j in range(1, n_outputs + 1)]
    pretty = PrettyTable([f"x{i}" for i in range(1, n_inputs + 1)] + output_names)
    for row in table.tolist():
        pretty.add_row([int(v) if float(v).is_integer() else v for v in row])
    return pretty
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    """XOR = AND(OR(x1, x2), NAND(x1, x2))."""

    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden)
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    """Compose y = W_k(...(W_1 x + b_1)...) + b_k into one W x + b."""
    layers = list(layers)
    first = layers[0]
    weight = first.weight.detach().clone()
    bias = first.bias.detach().clone() if first.bias is not None else torch.zeros(
        first.out_features, dtype=weight.dtype, device=weight.device
    )
    for layer in layers[1:]:
        weight = layer.weight.detach() @ weight
        bias = layer.weight.detach() @ bias
        if layer.bias is not None:
            bias = bias + layer.bias.detach()
    result = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype, device=weight.device)
    with torch.no_grad():
        result.weight.copy_(weight)
        result.bias.copy_(bias)
    return result
''',
        "answer_stacking_linear": '''\
No. A composition of affine maps is again an affine map: W2(W1 x + b1) + b2 = (W2 W1) x + (W2 b1 + b2),
so a stack of linear layers without activations computes exactly the functions a single `nn.Linear`
computes (`collapse_linear` builds that layer). It only adds parameters (and compute): the stack has
sum of d_i * d_(i+1) + d_(i+1) numbers where one layer needs in * out + out, and the extra ones are
redundant. It cannot solve XOR, since its decision boundary stays a single hyperplane; that needs a
non-linearity (a step, ReLU, sigmoid) between the layers.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    """Of the 16 two-input functions only XOR and XNOR need more than one neuron."""
    values = tuple(int(v) for v in torch.as_tensor(outputs).flatten().tolist())
    return values not in {(0, 1, 1, 0), (1, 0, 0, 1)}
''',
        "answer_linear_boundary": '''\
A single threshold neuron (perceptron), logistic regression, and any stack of linear layers without
activations: all of them compute step or sigmoid of one affine function w . x + b, so the boundary
between the classes is the hyperplane w . x + b = 0. Monotone functions of w . x + b do not change
where that set lies. A network with a hidden layer of non-linear units is different: `XorNetwork`
from this lesson has two hidden threshold neurons, and its region where the output is 1 is the strip
between two parallel lines, which no single line separates from the rest.
''',
    },
    # ------------------------------------------------------------------ ind02
    "ind02": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    n = 0
    for p in model.parameters():
        if p.requires_grad or not trainable_only:
            n += p.numel()
    return n
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    return sum((i + 1) * o for i, o in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights])
        self.fc = nn.Linear(len(w), 1)
        self.fc.weight.data = w.view(1, -1).clone()
        self.fc.bias.data.fill_(bias)

    def forward(self, x):
        return (self.fc(x) > 0).float()
''',
        "make_not": '''\
def make_not():
    return ThresholdNeuron([-2], 1)


def make_and(n_inputs=2):
    return ThresholdNeuron([2] * n_inputs, 1 - 2 * n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([2] * n_inputs, -1)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    r = torch.arange(2 ** n_inputs)
    sh = torch.arange(n_inputs - 1, -1, -1)
    x = ((r[:, None] >> sh) & 1).float()
    with torch.no_grad():
        y = fn(x)
    return torch.cat([x, y.float()], 1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    ys = ["y"] if k == 1 else [f"y{j + 1}" for j in range(k)]
    t = PrettyTable([f"x{i + 1}" for i in range(n_inputs)] + ys)
    t.add_rows([[int(v) for v in row] for row in table.tolist()])
    return t
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ThresholdNeuron([1, -1], -0.5)
        self.b = ThresholdNeuron([-1, 1], -0.5)
        self.c = ThresholdNeuron([1, 1], -0.5)

    def forward(self, x):
        return self.c(torch.cat([self.a(x), self.b(x)], -1))
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    W, b = None, None
    for l in layers:
        lb = l.bias.detach() if l.bias is not None else 0
        if W is None:
            W, b = l.weight.detach(), lb
        else:
            W, b = l.weight.detach() @ W, l.weight.detach() @ b + lb if torch.is_tensor(b) else lb
    out = nn.Linear(W.shape[1], W.shape[0]).to(W)
    with torch.no_grad():
        out.weight.copy_(W)
        out.bias.copy_(b if torch.is_tensor(b) else torch.zeros_like(out.bias))
    return out
''',
        "answer_stacking_linear": '''\
No. Linear of linear is linear: W2(W1x + b1) + b2 = W2W1 x + (W2b1 + b2). Same functions as one layer,
just more parameters (and possibly worse conditioning). No XOR.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    o = [int(v) for v in torch.as_tensor(outputs).tolist()]
    return o[0] != o[3] or o[1] != o[2] or o[0] == o[1]
''',
        "answer_linear_boundary": '''\
Perceptron / one threshold neuron, logistic regression, linear layers without activations: output =
monotone function of w.x + b, boundary w.x + b = 0 is a hyperplane. Not linear: XorNetwork (hidden
layer with step activations), its 1-region is a band between two lines.
''',
    },
    # ------------------------------------------------------------------ ind03
    "ind03": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    total = 0
    # идем по всем модулям и считаем их собственные параметры
    for module in model.modules():
        for p in module.parameters(recurse=False):
            if trainable_only and not p.requires_grad:
                continue
            total = total + p.numel()
    return total
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    total = 0
    # каждый слой: веса in*out и out смещений
    for i in range(len(sizes) - 1):
        n_in = sizes[i]
        n_out = sizes[i + 1]
        total = total + n_in * n_out + n_out
    return total
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):

    def __init__(self, weights, bias):
        super().__init__()
        # число входов
        n = len(weights)
        self.layer = nn.Linear(n, 1)
        # записываем веса и смещение без графа
        w = torch.tensor([float(weights[i]) for i in range(n)], dtype=torch.float32)
        with torch.no_grad():
            self.layer.weight[0] = w
            self.layer.bias[0] = float(bias)

    def forward(self, x):
        # пороговая функция: 1, если больше нуля
        z = self.layer(x)
        result = (z > 0).float()
        return result
''',
        "make_not": '''\
def make_not():
    # NOT: вход 0 -> 1, вход 1 -> 0
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    # срабатывает, только если сумма равна n
    weights = []
    for i in range(n_inputs):
        weights.append(1.0)
    bias = -n_inputs + 0.5
    return ThresholdNeuron(weights, bias)


def make_or(n_inputs=2):
    # срабатывает, если сумма хотя бы 1
    weights = []
    for i in range(n_inputs):
        weights.append(1.0)
    return ThresholdNeuron(weights, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    rows = []
    # перебираем все числа от 0 до 2^n - 1
    for number in range(2 ** n_inputs):
        row = []
        for position in range(n_inputs - 1, -1, -1):
            bit = (number >> position) & 1
            row.append(float(bit))
        rows.append(row)
    inputs = torch.tensor(rows, dtype=torch.float32)
    # выход функции без графа
    with torch.no_grad():
        outputs = fn(inputs)
    outputs = outputs.to(torch.float32)
    table = torch.cat([inputs, outputs], dim=1)
    return table
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    # названия столбцов
    names = []
    for i in range(n_inputs):
        names.append("x" + str(i + 1))
    if k == 1:
        names.append("y")
    else:
        for j in range(k):
            names.append("y" + str(j + 1))
    result = PrettyTable()
    result.field_names = names
    # строки таблицы как обычные числа
    for i in range(table.shape[0]):
        row = []
        for j in range(table.shape[1]):
            row.append(int(table[i, j].item()))
        result.add_row(row)
    return result
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):

    def __init__(self):
        super().__init__()
        # скрытый слой: OR и NAND
        self.neuron_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.neuron_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        # выход: AND
        self.neuron_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        h1 = self.neuron_or(x)
        h2 = self.neuron_nand(x)
        hidden = torch.cat([h1, h2], dim=-1)
        return self.neuron_and(hidden)
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    # начинаем с первого слоя
    first = layers[0]
    W = first.weight.detach().clone()
    if first.bias is not None:
        b = first.bias.detach().clone()
    else:
        b = torch.zeros(first.out_features, dtype=W.dtype, device=W.device)
    # каждый следующий слой: W = W_i @ W, b = W_i @ b + b_i
    for i in range(1, len(layers)):
        layer = layers[i]
        W = layer.weight.detach() @ W
        b = layer.weight.detach() @ b
        if layer.bias is not None:
            b = b + layer.bias.detach()
    result = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
    with torch.no_grad():
        result.weight.copy_(W)
        result.bias.copy_(b)
    return result
''',
        "answer_stacking_linear": '''\
Нет, не имеет смысла. Композиция линейных (аффинных) слоев — это снова аффинное отображение:
W2(W1 x + b1) + b2 = (W2 W1) x + (W2 b1 + b2). Поэтому сеть из нескольких линейных слоев без
активаций вычисляет те же функции, что и один слой nn.Linear, только параметров у нее больше.
XOR такая сеть решить не может, потому что граница решения остается одной прямой (гиперплоскостью).
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    # переводим в список из 0 и 1
    values = []
    for v in torch.as_tensor(outputs).flatten():
        values.append(int(v.item()))
    # перебираем небольшие целые веса и смещения
    inputs = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for w1 in range(-2, 3):
        for w2 in range(-2, 3):
            for b2 in range(-5, 6):
                b = b2 / 2
                ok = True
                for k in range(4):
                    x1, x2 = inputs[k]
                    fired = 1 if w1 * x1 + w2 * x2 + b > 0 else 0
                    if fired != values[k]:
                        ok = False
                if ok:
                    return True
    return False
''',
        "answer_linear_boundary": '''\
Линейная граница только у сетей, которые считают функцию от одного w·x + b: один пороговый нейрон
(перцептрон), логистическая регрессия, и стопка линейных слоев без активаций (она сводится к одному
слою). Пороговая функция или сигмоида монотонны, поэтому граница — это w·x + b = 0, гиперплоскость.
Пример нелинейной границы — XorNetwork: у нее скрытый слой из двух нейронов с порогом, и область,
где выход равен 1, — полоса между двумя прямыми.
''',
    },
    # ------------------------------------------------------------------ ind04
    "ind04": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    total = 0
    for p in model.parameters():
        if trainable_only == True and p.requires_grad == False:
            continue
        total += p.numel()
    return total
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    total = 0
    for i in range(len(sizes) - 1):
        total += sizes[i] * sizes[i + 1] + sizes[i + 1]
    return total
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.linear = nn.Linear(len(weights), 1)
        self.linear.weight = nn.Parameter(torch.tensor([list(weights)], dtype=torch.float32))
        self.linear.bias = nn.Parameter(torch.tensor([bias], dtype=torch.float32))

    def forward(self, x):
        y = self.linear(x)
        return torch.where(y > 0, 1.0, 0.0)
''',
        "make_not": '''\
def make_not():
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -1.5)


def make_or(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    rows = []
    for i in range(2 ** n_inputs):
        bits = format(i, "0" + str(n_inputs) + "b")
        rows.append([float(c) for c in bits])
    x = torch.tensor(rows)
    y = fn(x).float()
    return torch.cat([x, y], dim=1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    cols = []
    for i in range(n_inputs):
        cols.append("x" + str(i + 1))
    if k == 1:
        cols.append("y")
    else:
        for i in range(k):
            cols.append("y" + str(i + 1))
    t = PrettyTable(cols)
    for row in table:
        t.add_row([int(v) for v in row])
    return t
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    W = layers[0].weight.detach()
    b = layers[0].bias.detach() if layers[0].bias is not None else torch.zeros(layers[0].out_features, dtype=W.dtype)
    for i in range(1, len(layers)):
        W = layers[i].weight.detach() @ W
        b = layers[i].weight.detach() @ b
        if layers[i].bias is not None:
            b = b + layers[i].bias.detach()
    new = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
    new.weight.data = W.clone()
    new.bias.data = b.clone()
    return new
''',
        "answer_stacking_linear": '''\
No, because two linear layers are the same as one linear layer.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    o = [int(v) for v in outputs]
    if o == [0, 1, 1, 0] or o == [1, 0, 0, 1]:
        return False
    return True
''',
        "answer_linear_boundary": '''\
The perceptron and logistic regression, because they are linear. XOR network is not linear.
''',
    },
    # ------------------------------------------------------------------ ind05
    "ind05": {
        "count_parameters": '''\
def _wanted(param: nn.Parameter, trainable_only: bool) -> bool:
    return param.requires_grad or not trainable_only


def count_parameters(model: nn.Module, trainable_only: bool = True) -> int:
    unique = {id(p): p for p in model.parameters()}
    return int(sum(p.numel() for p in unique.values() if _wanted(p, trainable_only)))
''',
        "mlp_parameter_formula": '''\
def _linear_size(fan_in: int, fan_out: int) -> int:
    return fan_in * fan_out + fan_out


def mlp_parameter_formula(sizes) -> int:
    pairs = zip(sizes[:-1], sizes[1:])
    return sum(_linear_size(fan_in, fan_out) for fan_in, fan_out in pairs)
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias) -> None:
        super().__init__()
        weight_row = torch.as_tensor(weights, dtype=torch.float32).flatten()
        self.linear = nn.Linear(weight_row.numel(), 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight_row.unsqueeze(0))
            self.linear.bias.copy_(torch.tensor([float(bias)]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        activation = self.linear(x)
        return torch.heaviside(activation, torch.zeros_like(activation))
''',
        "make_not": '''\
def _all_ones(n: int) -> list:
    return [1.0] * n


def make_not() -> ThresholdNeuron:
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs: int = 2) -> ThresholdNeuron:
    return ThresholdNeuron(_all_ones(n_inputs), 0.5 - n_inputs)


def make_or(n_inputs: int = 2) -> ThresholdNeuron:
    return ThresholdNeuron(_all_ones(n_inputs), -0.5)
''',
        "truth_table": '''\
def _binary_rows(n: int) -> torch.Tensor:
    return torch.tensor(list(itertools.product((0, 1), repeat=n)), dtype=torch.float32)


def truth_table(fn, n_inputs: int) -> torch.Tensor:
    rows = _binary_rows(n_inputs)
    with torch.no_grad():
        outputs = fn(rows)
    return torch.hstack((rows, outputs.to(torch.float32)))
''',
        "format_truth_table": '''\
def _column_names(n_inputs: int, n_outputs: int) -> list:
    inputs = ["x%d" % i for i in range(1, n_inputs + 1)]
    outputs = ["y"] if n_outputs == 1 else ["y%d" % j for j in range(1, n_outputs + 1)]
    return inputs + outputs


def format_truth_table(table: torch.Tensor, n_inputs: int) -> PrettyTable:
    pretty = PrettyTable(_column_names(n_inputs, table.shape[1] - n_inputs))
    for row in table.tolist():
        pretty.add_row([int(value) for value in row])
    return pretty
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.left_only = ThresholdNeuron([1.0, -1.0], -0.5)
        self.right_only = ThresholdNeuron([-1.0, 1.0], -0.5)
        self.either = ThresholdNeuron([1.0, 1.0], -0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = torch.cat((self.left_only(x), self.right_only(x)), dim=-1)
        return self.either(hidden)
''',
        "collapse_linear": '''\
def _bias_of(layer: nn.Linear) -> torch.Tensor:
    if layer.bias is None:
        return torch.zeros(layer.out_features, dtype=layer.weight.dtype, device=layer.weight.device)
    return layer.bias.detach()


def collapse_linear(layers) -> nn.Linear:
    modules = list(layers)
    weight = modules[0].weight.detach()
    bias = _bias_of(modules[0])
    for layer in modules[1:]:
        weight = torch.matmul(layer.weight.detach(), weight)
        bias = torch.matmul(layer.weight.detach(), bias) + _bias_of(layer)
    merged = nn.Linear(weight.shape[1], weight.shape[0], device=weight.device, dtype=weight.dtype)
    with torch.no_grad():
        merged.weight.copy_(weight)
        merged.bias.copy_(bias)
    return merged
''',
        "answer_stacking_linear": '''\
Not worth it. Each layer is x -> Wx + b, and substituting one into the next gives
W_k ... W_1 x + (a vector), which is again one affine map; `collapse_linear` above builds it.
What it gives: nothing new in expressive power, the same family of functions as one nn.Linear.
What it costs: more parameters (for 2-10-1 that is 41 numbers instead of 3), more compute, and the
optimiser sees a harder, over-parameterised problem. It cannot solve XOR: one affine function followed
by a threshold still draws a single straight line.
''',
        "is_linearly_separable": '''\
def _fires(w1: float, w2: float, b: float, x1: int, x2: int) -> int:
    return int(w1 * x1 + w2 * x2 + b > 0)


def is_linearly_separable(outputs) -> bool:
    target = [int(v) for v in torch.as_tensor(outputs, dtype=torch.float32).flatten().tolist()]
    grid = [-1.0, 0.0, 1.0]
    biases = [-1.5, -0.5, 0.5, 1.5]
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for w1, w2, b in itertools.product(grid, grid, biases):
        if [_fires(w1, w2, b, x1, x2) for x1, x2 in corners] == target:
            return True
    return False
''',
        "answer_linear_boundary": '''\
Networks whose output is a monotone function of one affine combination w . x + b have a linear
boundary: a single threshold neuron (perceptron), logistic regression, and any network of linear
layers without activations, because it collapses to one linear layer (exercise 5.1). Their boundary
is the hyperplane w . x + b = 0. A network with a non-linear hidden layer can bend it: the lesson's
`XorNetwork` marks the points between two parallel lines, which is not a half-plane.
''',
    },
    # ------------------------------------------------------------------ ind06
    "ind06": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    # Step 1: parameters() yields every shared parameter once
    params = [p for p in model.parameters() if (p.requires_grad or not trainable_only)]
    # Step 2: add up the element counts
    return int(torch.sum(torch.tensor([p.numel() for p in params], dtype=torch.int64)))
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    # Step 1: weights of every layer
    weights = sum(sizes[i] * sizes[i + 1] for i in range(len(sizes) - 1))
    # Step 2: one bias per output unit of every layer
    biases = sum(sizes[1:])
    return weights + biases
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        # Step 1: the linear part
        w = torch.as_tensor(weights, dtype=torch.float32)
        self.linear = nn.Linear(torch.numel(w), 1)
        # Step 2: set weight and bias in place
        with torch.no_grad():
            self.linear.weight.copy_(torch.reshape(w, (1, -1)))
            self.linear.bias.fill_(bias)

    def forward(self, x):
        # Step 3: step function
        return torch.gt(self.linear(x), 0).to(torch.float32)
''',
        "make_not": '''\
def make_not():
    # Step 1: weight -1, bias 0.5
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    # Step 1: fire only when the sum is n
    return ThresholdNeuron(torch.ones(n_inputs).tolist(), 0.5 - n_inputs)


def make_or(n_inputs=2):
    # Step 1: fire when the sum is at least 1
    return ThresholdNeuron(torch.ones(n_inputs).tolist(), -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    # Step 1: row indices and their bits, most significant first
    idx = torch.arange(2 ** n_inputs)
    powers = torch.pow(2, torch.arange(n_inputs - 1, -1, -1))
    x = torch.remainder(torch.div(idx[:, None], powers, rounding_mode="floor"), 2).to(torch.float32)
    # Step 2: outputs without a graph
    with torch.no_grad():
        y = fn(x).to(torch.float32)
    return torch.cat((x, y), dim=1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    # Step 1: column names
    k = table.shape[1] - n_inputs
    names = [f"x{i + 1}" for i in range(n_inputs)]
    names += ["y"] if k == 1 else [f"y{j + 1}" for j in range(k)]
    # Step 2: rows as plain numbers
    pt = PrettyTable(field_names=names)
    for row in table.tolist():
        pt.add_row(row)
    return pt
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        # Step 1: hidden layer = OR and NAND
        self.h1 = ThresholdNeuron([1.0, 1.0], -0.5)
        self.h2 = ThresholdNeuron([-1.0, -1.0], 1.5)
        # Step 2: output = AND of the two
        self.out = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        # Step 3: hidden features side by side
        return self.out(torch.cat((self.h1(x), self.h2(x)), dim=-1))
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    # Step 1: start from the identity map
    n_in = layers[0].in_features
    W = torch.eye(n_in, dtype=layers[0].weight.dtype)
    b = torch.zeros(n_in, dtype=layers[0].weight.dtype)
    # Step 2: push every layer through
    for layer in layers:
        W = torch.matmul(layer.weight.detach(), W)
        b = torch.matmul(layer.weight.detach(), b)
        if layer.bias is not None:
            b = torch.add(b, layer.bias.detach())
    # Step 3: one new layer
    merged = nn.Linear(W.shape[1], W.shape[0])
    with torch.no_grad():
        merged.weight.copy_(W)
        merged.bias.copy_(b)
    return merged
''',
        "answer_stacking_linear": '''\
Step 1: write two layers out: W2 (W1 x + b1) + b2 = (W2 W1) x + (W2 b1 + b2). Step 2: that is one linear
layer with weight W2 W1 and bias W2 b1 + b2. So stacking linear layers without activations gives the
same set of functions as one layer, with more parameters and more computation, and it cannot solve
XOR (still one straight line as the boundary).
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    # Step 1: XOR is the function one neuron cannot do
    values = torch.as_tensor(outputs, dtype=torch.float32)
    return not torch.equal(values, torch.tensor([0.0, 1.0, 1.0, 0.0]))
''',
        "answer_linear_boundary": '''\
Step 1: a single threshold neuron and logistic regression decide by the sign of w.x + b, so their
boundary is the hyperplane w.x + b = 0. Step 2: several linear layers without activations collapse
into one linear layer, so the same holds for them. Step 3: with a non-linear hidden layer the boundary
can bend: XorNetwork, whose hidden layer is OR and NAND, separates a band between two lines.
''',
    },
    # ------------------------------------------------------------------ ind07
    "ind07": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    total = 0
    params = list(model.parameters())
    i = 0
    while i < len(params):
        p = params[i]
        if p.requires_grad or not trainable_only:
            total += p.numel()
        i += 1
    return total
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    total = 0
    i = 1
    while i < len(sizes):
        total += (sizes[i - 1] + 1) * sizes[i]
        i += 1
    return total
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor(list(map(float, weights)))
        self.lin = nn.Linear(len(w), 1)
        with torch.no_grad():
            self.lin.weight[:] = w
            self.lin.bias[:] = bias

    def forward(self, x):
        return (self.lin(x) >= 0).float()
''',
        "make_not": '''\
def make_not():
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    rows = []
    i = 0
    while i < 2 ** n_inputs:
        rows.append([float(b) for b in '{:0{}b}'.format(i, n_inputs)])
        i += 1
    x = torch.tensor(rows, dtype=torch.float32)
    with torch.no_grad():
        y = fn(x).float()
    return torch.cat([x, y], dim=1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = ['x{}'.format(i + 1) for i in range(n_inputs)] + ['y{}'.format(j + 1) for j in range(k)]
    t = PrettyTable(names)
    for row in table.tolist():
        t.add_row([int(v) for v in row])
    return t
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_or = ThresholdNeuron([1, 1], -0.5)
        self.n_and = ThresholdNeuron([1, 1], -1.5)
        self.n_out = ThresholdNeuron([1, -1], -0.5)

    def forward(self, x):
        h = torch.cat([self.n_or(x), self.n_and(x)], dim=-1)
        return self.n_out(h)
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    ls = list(layers)
    W = ls[0].weight.detach().clone()
    if ls[0].bias is None:
        b = torch.zeros(ls[0].out_features, dtype=W.dtype, device=W.device)
    else:
        b = ls[0].bias.detach().clone()
    k = 1
    while k < len(ls):
        A = ls[k].weight.detach()
        W = A @ W
        b = A @ b if ls[k].bias is None else A @ b + ls[k].bias.detach()
        k += 1
    res = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
    with torch.no_grad():
        res.weight.copy_(W)
        res.bias.copy_(b)
    return res
''',
        "answer_stacking_linear": '''\
It is not worth it: the product of linear maps is a linear map, W2(W1x + b1) + b2 = W x + b with
W = W2W1 and b = W2b1 + b2. The network can only compute linear (affine) functions, the same ones as
one layer, but with more parameters. So it cannot do XOR either.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    vals = [int(v) for v in torch.as_tensor(outputs).tolist()]
    bad = [[0, 1, 1, 0], [1, 0, 0, 1]]
    return vals not in bad
''',
        "answer_linear_boundary": '''\
Only networks that compute one weighted sum w*x + b and then a threshold or sigmoid: the perceptron,
logistic regression, and stacks of linear layers (they are one linear layer). The boundary is where
w*x + b = 0, a hyperplane. Not linear: the XOR network with a hidden layer, its boundary is two lines.
''',
    },
    # ------------------------------------------------------------------ ind08
    "ind08": {
        "count_parameters": '''\
def count_parameters(model: nn.Module, trainable_only: bool = True) -> int:
    """Число элементов параметров."""
    if not trainable_only:
        return sum(p.numel() for p in model.parameters())
    return sum(p.numel() for p in model.parameters() if p.requires_grad)
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes) -> int:
    """Сумма (in + 1) * out по слоям."""
    total = 0
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        total += (fan_in + 1) * fan_out
    return total
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    """Пороговый нейрон на nn.Linear(n, 1)."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights], dtype=torch.float32)
        self.linear = nn.Linear(w.numel(), 1)
        self.linear.weight.data.copy_(w.unsqueeze(0))
        self.linear.bias.data.fill_(float(bias))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """1.0, если w·x + b > 0."""
        return torch.where(self.linear(x) > 0, 1.0, 0.0)
''',
        "make_not": '''\
def make_not() -> ThresholdNeuron:
    """NOT x."""
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs: int = 2) -> ThresholdNeuron:
    """И от n входов: сумма = n."""
    return ThresholdNeuron([1] * n_inputs, -n_inputs + 0.5)


def make_or(n_inputs: int = 2) -> ThresholdNeuron:
    """ИЛИ от n входов: сумма >= 1."""
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs: int) -> torch.Tensor:
    """Таблица истинности float32."""
    bits = [[(i >> (n_inputs - 1 - j)) & 1 for j in range(n_inputs)] for i in range(2 ** n_inputs)]
    x = torch.tensor(bits, dtype=torch.float32)
    y = fn(x).detach().to(torch.float32)
    return torch.cat([x, y], dim=-1)
''',
        "format_truth_table": '''\
def format_truth_table(table: torch.Tensor, n_inputs: int) -> PrettyTable:
    """PrettyTable по таблице."""
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)]
    names += [f"y{j}" for j in range(1, k + 1)] if k > 1 else ["y"]
    pt = PrettyTable()
    pt.field_names = names
    pt.add_rows([[int(v) for v in row] for row in table.tolist()])
    return pt
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    """XOR = OR и не AND."""

    def __init__(self):
        super().__init__()
        self.or_gate = ThresholdNeuron([1, 1], -0.5)
        self.and_gate = ThresholdNeuron([1, 1], -1.5)
        self.out = ThresholdNeuron([2, -2], -1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """(..., 2) -> (..., 1)."""
        h = torch.cat([self.or_gate(x), self.and_gate(x)], dim=-1)
        return self.out(h)
''',
        "collapse_linear": '''\
def collapse_linear(layers) -> nn.Linear:
    """Один nn.Linear вместо цепочки."""
    w = None
    b = None
    for layer in layers:
        lw = layer.weight.detach()
        lb = layer.bias.detach() if layer.bias is not None else torch.zeros(
            layer.out_features, dtype=lw.dtype, device=lw.device)
        if w is None:
            w, b = lw.clone(), lb.clone()
            continue
        w, b = lw @ w, lw @ b + lb
    result = nn.Linear(w.shape[1], w.shape[0], dtype=w.dtype, device=w.device)
    with torch.no_grad():
        result.weight.copy_(w)
        result.bias.copy_(b)
    return result
''',
        "answer_stacking_linear": '''\
Нет. Два линейных слоя подряд — это один линейный слой: $W_2(W_1x + b_1) + b_2 = (W_2W_1)x + (W_2b_1 + b_2)$,
и так для любой глубины (см. `collapse_linear`). Такая сеть умеет только то же, что один `nn.Linear`:
аффинные функции входа. Параметров у нее больше (они избыточны), считать дольше. XOR она не решит:
граница решения остается одной прямой.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs) -> bool:
    """Разделима ли функция двух входов одним нейроном."""
    y = [int(v) for v in torch.as_tensor(outputs).reshape(-1).tolist()]
    if y[0] == y[3] and y[1] == y[2] and y[0] != y[1]:
        return False
    return True
''',
        "answer_linear_boundary": '''\
Линейная граница — у моделей, где ответ зависит от входа только через одно число $w \\cdot x + b$:
один пороговый нейрон (перцептрон), логистическая регрессия, и любая стопка линейных слоев без
активаций (она сводится к одному слою). Порог и сигмоида монотонны, значит граница — гиперплоскость
$w \\cdot x + b = 0$. Нелинейная граница у `XorNetwork`: скрытый слой из двух пороговых нейронов,
единицы выхода лежат в полосе между двумя прямыми.
''',
    },
    # ------------------------------------------------------------------ ind09
    "ind09": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    if trainable_only:
        return sum(p.numel() for p in model.parameters() if p.requires_grad)
    return sum(v.numel() for v in model.state_dict().values())
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    return sum(sizes[i]*sizes[i+1] + sizes[i+1] for i in range(len(sizes)-1))
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.w = nn.Parameter(torch.tensor(weights, dtype=torch.float32))
        self.b = nn.Parameter(torch.tensor(float(bias)))

    def forward(self, x):
        return ((x @ self.w + self.b) > 0).float().unsqueeze(-1)
''',
        "make_not": '''\
def make_not():
    return ThresholdNeuron([-1.], .5)

def make_and(n_inputs=2):
    return ThresholdNeuron([1.]*n_inputs, -n_inputs + .5)

def make_or(n_inputs=2):
    return ThresholdNeuron([1.]*n_inputs, -.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    x = torch.tensor(list(itertools.product([0., 1.], repeat=n_inputs)))
    with torch.no_grad():
        return torch.cat([x, fn(x).float()], 1)
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = ThresholdNeuron([1., 1.], -.5)
        self.n2 = ThresholdNeuron([-1., -1.], 1.5)
        self.n3 = ThresholdNeuron([1., 1.], -1.5)

    def forward(self, x):
        return self.n3(torch.cat([self.n1(x), self.n2(x)], -1))
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    W = torch.eye(layers[0].in_features, dtype=layers[0].weight.dtype)
    b = torch.zeros(layers[0].in_features, dtype=layers[0].weight.dtype)
    for l in layers:
        W = l.weight.detach() @ W
        b = l.weight.detach() @ b + (l.bias.detach() if l.bias is not None else 0)
    lin = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
    lin.weight.data, lin.bias.data = W, b
    return lin
''',
        "answer_stacking_linear": '''\
no, its still linear (W2W1x + ...), same as 1 layer, cant do xor
''',
    },
    # ------------------------------------------------------------------ ind10
    "ind10": {
        "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if not trainable_only or p.requires_grad)
''',
        "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    from itertools import pairwise

    return sum(o * (i + 1) for i, o in pairwise(sizes))
''',
        "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor([*map(float, weights)])
        self.linear = nn.Linear(len(w), 1)
        with torch.no_grad():
            self.linear.weight[0], self.linear.bias[0] = w, bias

    def forward(self, x):
        return self.linear(x).gt(0).float()
''',
        "make_not": '''\
def make_not():
    return ThresholdNeuron((-1,), 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron((1,) * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron((1,) * n_inputs, -0.5)
''',
        "truth_table": '''\
def truth_table(fn, n_inputs):
    x = torch.cartesian_prod(*[torch.tensor([0.0, 1.0])] * n_inputs).reshape(-1, n_inputs)
    with torch.no_grad():
        return torch.cat([x, fn(x).float()], dim=-1)
''',
        "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    ys = ["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)]
    t = PrettyTable([*(f"x{i}" for i in range(1, n_inputs + 1)), *ys])
    for row in table.int().tolist():
        t.add_row(row)
    return t
''',
        "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleList([
            ThresholdNeuron((1, 1), -0.5),     # OR
            ThresholdNeuron((-1, -1), 1.5),    # NAND
        ])
        self.output = ThresholdNeuron((1, 1), -1.5)  # AND

    def forward(self, x):
        return self.output(torch.cat([n(x) for n in self.hidden], dim=-1))
''',
        "collapse_linear": '''\
def collapse_linear(layers):
    from functools import reduce

    def compose(acc, layer):
        w, b = acc
        lw = layer.weight.detach()
        lb = 0 if layer.bias is None else layer.bias.detach()
        return lw @ w, lw @ b + lb

    first = layers[0]
    start = (torch.eye(first.in_features, dtype=first.weight.dtype, device=first.weight.device),
             torch.zeros(first.in_features, dtype=first.weight.dtype, device=first.weight.device))
    w, b = reduce(compose, layers, start)
    out = nn.Linear(*w.shape[::-1], dtype=w.dtype, device=w.device)
    with torch.no_grad():
        out.weight.copy_(w), out.bias.copy_(b)
    return out
''',
        "answer_stacking_linear": '''\
**No.** Affine maps compose into an affine map, so `Linear -> Linear -> ... -> Linear` is just one
`Linear(in, out)` with W = W_k...W_1 and b folded in (that is what `collapse_linear` returns).
- Functions: exactly the affine ones, nothing more than a single layer.
- Parameters: more of them (e.g. 2-4-1 has 17 against 3), all redundant.
- XOR: impossible, the decision boundary is still one line.
Only a non-linearity between layers changes that.
''',
        "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    y = [*map(int, torch.as_tensor(outputs).flatten().tolist())]
    return not (y[0] == y[3] != y[1] == y[2])
''',
        "answer_linear_boundary": '''\
Those that threshold one affine function of the input:
- a single threshold neuron / perceptron and logistic regression (the sigmoid is monotone, so the
  boundary is w.x + b = 0);
- any depth of linear layers without activations, since it equals one layer.
The boundary of `XorNetwork` is not linear: its two hidden threshold units cut the plane with two
lines and the output fires only in the band between them.
''',
    },
}

COPIES = {
    "cp01": {
        "source": "ind05",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not",
                   "truth_table", "format_truth_table", "XorNetwork", "collapse_linear",
                   "answer_stacking_linear", "is_linearly_separable", "answer_linear_boundary"],
        "disguise": "helpers inlined or renamed (_wanted, _linear_size inlined; _bias_of -> "
                    "bias_or_zeros; _fires -> output), type hints dropped, comprehensions turned "
                    "into loops, %-format into f-strings, the written answers reworded and "
                    "reordered sentence by sentence",
        "answers": {
            "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    # a dict by id keeps shared parameters once
    seen = {}
    for p in model.parameters():
        seen[id(p)] = p
    total = 0
    for p in seen.values():
        if p.requires_grad or not trainable_only:
            total += p.numel()
    return int(total)
''',
            "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    total = 0
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        total += fan_in * fan_out + fan_out
    return total
''',
            "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        row = torch.as_tensor(weights, dtype=torch.float32).flatten()
        self.linear = nn.Linear(row.numel(), 1)
        with torch.no_grad():
            self.linear.bias.copy_(torch.tensor([float(bias)]))
            self.linear.weight.copy_(row.unsqueeze(0))

    def forward(self, x):
        z = self.linear(x)
        return torch.heaviside(z, torch.zeros_like(z))
''',
            "make_not": '''\
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    ones = [1.0] * n_inputs
    return ThresholdNeuron(ones, 0.5 - n_inputs)


def make_or(n_inputs=2):
    ones = [1.0] * n_inputs
    return ThresholdNeuron(ones, -0.5)
''',
            "truth_table": '''\
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product((0, 1), repeat=n_inputs)), dtype=torch.float32)
    with torch.no_grad():
        result = fn(inputs)
    result = result.to(torch.float32)
    return torch.hstack((inputs, result))
''',
            "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    n_outputs = table.shape[1] - n_inputs
    columns = [f"x{i}" for i in range(1, n_inputs + 1)]
    if n_outputs == 1:
        columns.append("y")
    else:
        columns.extend(f"y{j}" for j in range(1, n_outputs + 1))
    pretty = PrettyTable(columns)
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
            "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        # x1 and not x2, x2 and not x1, then OR
        self.only_first = ThresholdNeuron([1.0, -1.0], -0.5)
        self.only_second = ThresholdNeuron([-1.0, 1.0], -0.5)
        self.any_of = ThresholdNeuron([1.0, 1.0], -0.5)

    def forward(self, x):
        h = torch.cat((self.only_first(x), self.only_second(x)), dim=-1)
        return self.any_of(h)
''',
            "collapse_linear": '''\
def bias_or_zeros(layer):
    if layer.bias is not None:
        return layer.bias.detach()
    return torch.zeros(layer.out_features, dtype=layer.weight.dtype, device=layer.weight.device)


def collapse_linear(layers):
    mods = list(layers)
    W = mods[0].weight.detach()
    b = bias_or_zeros(mods[0])
    for layer in mods[1:]:
        b = torch.matmul(layer.weight.detach(), b) + bias_or_zeros(layer)
        W = torch.matmul(layer.weight.detach(), W)
    single = nn.Linear(W.shape[1], W.shape[0], device=W.device, dtype=W.dtype)
    with torch.no_grad():
        single.weight.copy_(W)
        single.bias.copy_(b)
    return single
''',
            "answer_stacking_linear": '''\
It is not worth it. Put one layer x -> Wx + b into the next and you get W_k ... W_1 x plus some
vector: again a single affine map (the one `collapse_linear` returns). So the expressive power does
not grow; the stack computes the same family of functions as one nn.Linear. The price is more
parameters (a 2-10-1 stack has 41 numbers where 3 would do), more computation and a harder,
over-parameterised optimisation. XOR stays out of reach: one affine function and a threshold still
give one straight line.
''',
            "is_linearly_separable": '''\
def output(w1, w2, b, x1, x2):
    return int(w1 * x1 + w2 * x2 + b > 0)


def is_linearly_separable(outputs):
    target = [int(v) for v in torch.as_tensor(outputs, dtype=torch.float32).flatten().tolist()]
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for w1 in (-1.0, 0.0, 1.0):
        for w2 in (-1.0, 0.0, 1.0):
            for b in (-1.5, -0.5, 0.5, 1.5):
                if [output(w1, w2, b, x1, x2) for x1, x2 in corners] == target:
                    return True
    return False
''',
            "answer_linear_boundary": '''\
A linear boundary belongs to every network whose output is a monotone function of a single affine
combination w . x + b: one threshold neuron (the perceptron), logistic regression, and networks of
linear layers with no activations, which collapse to one layer as in exercise 5.1. The boundary is
then the hyperplane w . x + b = 0. Add a non-linear hidden layer and the boundary can bend: in this
lesson `XorNetwork` fires between two parallel lines, and that set is not a half-plane.
''',
        },
    },
    "cp02": {
        "source": "ind06",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not",
                   "truth_table", "format_truth_table", "XorNetwork", "collapse_linear",
                   "answer_stacking_linear", "is_linearly_separable", "answer_linear_boundary"],
        "disguise": "'# Step' comments deleted, torch.gt/torch.add/torch.matmul/torch.sum calls "
                    "turned into operators and methods, locals renamed (h1, h2, out -> first, "
                    "second, final; W, b -> weight, shift), the 'Step 1/2/3' prose of the written "
                    "answers rewritten as plain sentences; the float32-only collapse_linear and "
                    "the XOR-only check are kept",
        "answers": {
            "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    counts = [p.numel() for p in model.parameters() if p.requires_grad or not trainable_only]
    return int(torch.tensor(counts, dtype=torch.int64).sum())
''',
            "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    biases = sum(sizes[1:])
    weights = 0
    for i in range(len(sizes) - 1):
        weights += sizes[i] * sizes[i + 1]
    return weights + biases
''',
            "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32)
        self.linear = nn.Linear(weight.numel(), 1)
        with torch.no_grad():
            self.linear.bias.fill_(bias)
            self.linear.weight.copy_(weight.reshape(1, -1))

    def forward(self, x):
        return (self.linear(x) > 0).to(torch.float32)
''',
            "make_not": '''\
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    weights = torch.ones(n_inputs).tolist()
    return ThresholdNeuron(weights, 0.5 - n_inputs)


def make_or(n_inputs=2):
    weights = torch.ones(n_inputs).tolist()
    return ThresholdNeuron(weights, -0.5)
''',
            "truth_table": '''\
def truth_table(fn, n_inputs):
    rows = torch.arange(2 ** n_inputs)
    place = 2 ** torch.arange(n_inputs - 1, -1, -1)
    bits = torch.div(rows[:, None], place, rounding_mode="floor") % 2
    x = bits.to(torch.float32)
    with torch.no_grad():
        y = fn(x).to(torch.float32)
    return torch.cat((x, y), dim=1)
''',
            "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    n_out = table.shape[1] - n_inputs
    header = [f"x{i + 1}" for i in range(n_inputs)]
    if n_out == 1:
        header += ["y"]
    else:
        header += [f"y{j + 1}" for j in range(n_out)]
    pt = PrettyTable(field_names=header)
    for values in table.tolist():
        pt.add_row(values)
    return pt
''',
            "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = ThresholdNeuron([1.0, 1.0], -0.5)     # OR
        self.second = ThresholdNeuron([-1.0, -1.0], 1.5)   # NAND
        self.final = ThresholdNeuron([1.0, 1.0], -1.5)     # AND

    def forward(self, x):
        hidden = torch.cat((self.first(x), self.second(x)), dim=-1)
        return self.final(hidden)
''',
            "collapse_linear": '''\
def collapse_linear(layers):
    size = layers[0].in_features
    kind = layers[0].weight.dtype
    weight = torch.eye(size, dtype=kind)
    shift = torch.zeros(size, dtype=kind)
    for layer in layers:
        shift = layer.weight.detach() @ shift
        if layer.bias is not None:
            shift = shift + layer.bias.detach()
        weight = layer.weight.detach() @ weight
    merged = nn.Linear(weight.shape[1], weight.shape[0])
    with torch.no_grad():
        merged.weight.copy_(weight)
        merged.bias.copy_(shift)
    return merged
''',
            "answer_stacking_linear": '''\
Writing two layers out gives (W2 W1) x + (W2 b1 + b2), which is a single linear layer with weight
W2 W1 and bias W2 b1 + b2. Therefore a stack of linear layers without activations represents exactly
the functions of one layer; it only has more parameters and does more computation. It cannot solve
XOR, because its boundary is still one straight line.
''',
            "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    xor = torch.tensor([0.0, 1.0, 1.0, 0.0])
    return not torch.equal(torch.as_tensor(outputs, dtype=torch.float32), xor)
''',
            "answer_linear_boundary": '''\
One threshold neuron and logistic regression take the sign of w.x + b, so they separate the classes
by the hyperplane w.x + b = 0. Linear layers stacked without activations reduce to one linear layer
and have the same kind of boundary. A non-linear hidden layer lets the boundary bend: XorNetwork
(hidden units OR and NAND) picks out a band between two lines.
''',
        },
    },
    "cp03": {
        "source": "ind08",
        "kind": "partial",
        "copied": ["ThresholdNeuron", "make_not", "XorNetwork", "collapse_linear", "answer_stacking_linear"],
        "disguise": "Russian docstrings deleted, type hints removed, .data.copy_ swapped for a "
                    "no_grad block, gate names changed (or_gate, and_gate -> g_or, g_and), the "
                    "written answer translated into English with the formula kept; the other six "
                    "answers are the copier's own",
        "answers": {
            "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    # model.parameters() never yields the same Parameter twice
    n = 0
    for param in model.parameters():
        if trainable_only and not param.requires_grad:
            continue
        n += param.numel()
    return n
''',
            "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    # weights in*out plus out biases for each pair of neighbouring sizes
    n = 0
    for k in range(1, len(sizes)):
        n += sizes[k - 1] * sizes[k] + sizes[k]
    return n
''',
            "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights], dtype=torch.float32)
        self.linear = nn.Linear(w.numel(), 1)
        with torch.no_grad():
            self.linear.weight.copy_(w.unsqueeze(0))
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return torch.where(self.linear(x) > 0, 1.0, 0.0)
''',
            "make_not": '''\
def make_not():
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    # all ones gives a sum of n
    return ThresholdNeuron([1] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    # one 1 is enough
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
            "truth_table": '''\
def truth_table(fn, n_inputs):
    # itertools.product varies the last position fastest: x1 is the high bit
    combos = list(itertools.product([0, 1], repeat=n_inputs))
    x = torch.tensor(combos, dtype=torch.float32)
    y = fn(x)
    y = y.detach().float()
    return torch.cat((x, y), dim=1)
''',
            "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    outputs = table.shape[1] - n_inputs
    fields = ["x" + str(i) for i in range(1, n_inputs + 1)]
    if outputs > 1:
        fields += ["y" + str(j) for j in range(1, outputs + 1)]
    else:
        fields.append("y")
    tab = PrettyTable(fields)
    for r in range(table.shape[0]):
        tab.add_row([int(v) for v in table[r].tolist()])
    return tab
''',
            "XorNetwork": '''\
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.g_or = ThresholdNeuron([1, 1], -0.5)
        self.g_and = ThresholdNeuron([1, 1], -1.5)
        self.out = ThresholdNeuron([2, -2], -1)

    def forward(self, x):
        both = torch.cat([self.g_or(x), self.g_and(x)], dim=-1)
        return self.out(both)
''',
            "collapse_linear": '''\
def collapse_linear(layers):
    w = b = None
    for layer in layers:
        lw = layer.weight.detach()
        if layer.bias is not None:
            lb = layer.bias.detach()
        else:
            lb = torch.zeros(layer.out_features, dtype=lw.dtype, device=lw.device)
        if w is None:
            w = lw.clone()
            b = lb.clone()
        else:
            w, b = lw @ w, lw @ b + lb
    merged = nn.Linear(w.shape[1], w.shape[0], dtype=w.dtype, device=w.device)
    with torch.no_grad():
        merged.weight.copy_(w)
        merged.bias.copy_(b)
    return merged
''',
            "answer_stacking_linear": '''\
No. Two linear layers in a row are one linear layer: $W_2(W_1x + b_1) + b_2 = (W_2W_1)x + (W_2b_1 + b_2)$,
and the same holds at any depth (`collapse_linear` shows it). Such a network can do only what one
`nn.Linear` does, affine functions of the input; it just has more, redundant parameters and takes
longer to compute. It will not solve XOR: the decision boundary is still a single line.
''',
            "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    # try a few weights and biases; if one neuron reproduces the table, it is separable
    wanted = [int(v) for v in torch.as_tensor(outputs).flatten().tolist()]
    pts = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    for w1 in (-2.0, -1.0, 0.0, 1.0, 2.0):
        for w2 in (-2.0, -1.0, 0.0, 1.0, 2.0):
            for b in (-2.5, -1.5, -0.5, 0.5, 1.5, 2.5):
                got = ((pts @ torch.tensor([w1, w2]) + b) > 0).int().tolist()
                if got == wanted:
                    return True
    return False
''',
            "answer_linear_boundary": '''\
The ones that compute a single weighted sum and threshold it: a perceptron (one threshold neuron)
and logistic regression. A deep network of only linear layers is the same thing, since the layers
multiply into one. Their boundary is w . x + b = 0, a hyperplane. A network with non-linear hidden
units, like our XorNetwork, has a boundary made of two lines, so it is not linear.
''',
        },
    },
    "cp04": {
        "source": "ind02",
        "kind": "partial",
        "copied": ["count_parameters", "truth_table", "format_truth_table", "is_linearly_separable",
                   "answer_linear_boundary"],
        "disguise": "the loop in count_parameters turned into sum(generator), names spelled out "
                    "(r, sh -> idx, shifts; k, ys -> n_out, out_names), add_rows turned into an "
                    "add_row loop, the boolean expression split over named temporaries, the terse "
                    "written answer expanded into sentences; the other six answers are the "
                    "copier's own",
        "answers": {
            "count_parameters": '''\
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
''',
            "mlp_parameter_formula": '''\
def mlp_parameter_formula(sizes):
    """Parameters of Linear layers between neighbouring sizes, with biases."""
    count = 0
    for a, b in zip(sizes, sizes[1:]):
        count += a * b   # weights
        count += b       # biases
    return count
''',
            "ThresholdNeuron": '''\
class ThresholdNeuron(nn.Module):
    """A neuron with a hard threshold."""

    def __init__(self, weights, bias):
        super().__init__()
        self.n = len(weights)
        self.linear = nn.Linear(self.n, 1)
        with torch.no_grad():
            for i, w in enumerate(weights):
                self.linear.weight[0, i] = float(w)
            self.linear.bias[0] = float(bias)

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
            "make_not": '''\
def make_not():
    """0 -> 1, 1 -> 0."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """Threshold just below n."""
    return ThresholdNeuron([1.0 for _ in range(n_inputs)], -(n_inputs - 0.5))


def make_or(n_inputs=2):
    """Threshold just below 1."""
    return ThresholdNeuron([1.0 for _ in range(n_inputs)], -0.5)
''',
            "truth_table": '''\
def truth_table(fn, n_inputs):
    idx = torch.arange(2 ** n_inputs)
    shifts = torch.arange(n_inputs - 1, -1, -1)
    bits = (idx.unsqueeze(1) >> shifts) & 1
    inputs = bits.float()
    with torch.no_grad():
        outputs = fn(inputs)
    return torch.cat([inputs, outputs.float()], dim=1)
''',
            "format_truth_table": '''\
def format_truth_table(table, n_inputs):
    n_out = table.shape[1] - n_inputs
    out_names = ["y"] if n_out == 1 else [f"y{j + 1}" for j in range(n_out)]
    in_names = [f"x{i + 1}" for i in range(n_inputs)]
    pretty = PrettyTable(in_names + out_names)
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
            "XorNetwork": '''\
class XorNetwork(nn.Module):
    """Hidden: OR and AND; output: OR and not AND."""

    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_and = ThresholdNeuron([1.0, 1.0], -1.5)
        self.output = ThresholdNeuron([1.0, -2.0], -0.5)

    def forward(self, x):
        h = torch.cat([self.hidden_or(x), self.hidden_and(x)], dim=-1)
        return self.output(h)
''',
            "collapse_linear": '''\
def collapse_linear(layers):
    """Multiply the layers out into one."""
    dtype = layers[0].weight.dtype
    device = layers[0].weight.device
    W = torch.eye(layers[0].in_features, dtype=dtype, device=device)
    b = torch.zeros(layers[0].in_features, dtype=dtype, device=device)
    for layer in layers:
        W = layer.weight.detach() @ W
        b = layer.weight.detach() @ b
        if layer.bias is not None:
            b += layer.bias.detach()
    one = nn.Linear(W.shape[1], W.shape[0], dtype=dtype, device=device)
    with torch.no_grad():
        one.weight.copy_(W)
        one.bias.copy_(b)
    return one
''',
            "answer_stacking_linear": '''\
No. Without activations each layer is an affine map and the composition of affine maps is affine,
so the whole stack equals a single nn.Linear (W = W_n...W_1, and the biases fold into one vector).
It can compute only linear (affine) functions, the same ones as one layer, while having more
parameters to store and train. XOR is not linearly separable, so such a stack cannot learn it.
''',
            "is_linearly_separable": '''\
def is_linearly_separable(outputs):
    o = [int(v) for v in torch.as_tensor(outputs).tolist()]
    corners_differ = o[0] != o[3]
    middle_differ = o[1] != o[2]
    first_two_equal = o[0] == o[1]
    return corners_differ or middle_differ or first_two_equal
''',
            "answer_linear_boundary": '''\
A single threshold neuron (the perceptron), logistic regression and networks of linear layers
without activations: in all of them the output is a monotone function of w.x + b, so the decision
boundary is the hyperplane w.x + b = 0. The XorNetwork of this lesson is not like that: its hidden
layer has step activations, and the region where it outputs 1 is a band between two lines.
''',
        },
    },
}
