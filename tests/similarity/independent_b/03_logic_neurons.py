"""Independent test data for copy detection, lesson 03_logic_neurons (issue 36), author A2.

Written by hand from the task texts of lessons/en/03_logic_neurons.ipynb and the course
specification alone, without seeing the copy detector, the project's generated variants or another
author's data. The notebook's own imports (torch, nn, itertools, PrettyTable) are assumed.

STUDENTS: the same twelve made-up people as in 01_tensors.py, each answering on their own:
  st01 mathematician, dense code                             (all right)
  st02 Java programmer, explicit checks, camelCase           (all right)
  st03 StackOverflow snippets                                (count_parameters counts shared parameters
                                                              twice; is_linearly_separable only rules out XOR)
  st04 long loops, Russian comments                          (make_and uses bias -1.5 for every n)
  st05 numpy wherever possible                               (truth_table returns float64)
  st06 asserts everything                                    (ThresholdNeuron fires at w.x + b = 0)
  st07 careful, type hints, English docstrings               (all right)
  st08 terse one-liners                                      (all right)
  st09 beginner, prints                                      (XorNetwork, collapse_linear left out;
                                                              format_truth_table names every output "y")
  st10 functional style, small helpers                       (all right)
  st11 torch functional API, Russian comments                (all right)
  st12 C programmer, while loops                             (collapse_linear adds the biases without
                                                              passing them through later layers)

Ground truth: the only copied answers are those listed in COPIES; every other pair is independent.
  cp01 <- st11, full (all 9): torch.f(t) calls turned into methods, Russian comments translated or
          dropped, names changed.
  cp02 <- st07, full (all 9): heavy rework: generators to loops and back, a class attribute to a
          ModuleList, helper functions added, checks and statements reordered, dead code.
  cp03 <- st01, partial: count_parameters, ThresholdNeuron, XorNetwork, is_linearly_separable copied
          with renames only; five written by cp03.
  cp04 <- st02, partial: mlp_parameter_formula, make_not, truth_table, format_truth_table,
          collapse_linear copied and restructured (loops to comprehensions, explicit bit arithmetic to
          itertools.product, matrix products reordered through transposes); four written by cp04.
"""

STUDENTS = {
    "st01": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    return sum((a + 1) * b for a, b in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(w)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    X = torch.tensor(list(itertools.product((0.0, 1.0), repeat=n_inputs)))
    with torch.no_grad():
        return torch.cat([X, fn(X).float()], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    t = PrettyTable([f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)]))
    t.add_rows([[int(v) if v == int(v) else v for v in row] for row in table.tolist()])
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.h1 = ThresholdNeuron([1, 1], -0.5)
        self.h2 = ThresholdNeuron([-1, -1], 1.5)
        self.out = ThresholdNeuron([1, 1], -1.5)

    def forward(self, x):
        return self.out(torch.cat([self.h1(x), self.h2(x)], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    W, b = None, None
    for l in layers:
        lb = l.bias.detach() if l.bias is not None else torch.zeros(l.out_features, dtype=l.weight.dtype, device=l.weight.device)
        W, b = (l.weight.detach(), lb) if W is None else (l.weight.detach() @ W, l.weight.detach() @ b + lb)
    out = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
    with torch.no_grad():
        out.weight.copy_(W)
        out.bias.copy_(b)
    return out
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    y = [int(v) for v in outputs]
    return y not in ([0, 1, 1, 0], [1, 0, 0, 1])
''',
    },
    "st02": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Counts parameter elements; model.parameters() already skips duplicates."""
    if not isinstance(model, nn.Module):
        raise TypeError("Invalid argument: model must be an nn.Module")
    total = 0
    for parameter in model.parameters():
        if trainable_only and not parameter.requires_grad:
            continue
        total = total + parameter.numel()
    return int(total)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Weights in * out plus out biases for every pair of neighbouring layers."""
    if len(sizes) < 2:
        raise ValueError("Invalid argument: at least two sizes are needed")
    total = 0
    for index in range(len(sizes) - 1):
        inputSize = sizes[index]
        outputSize = sizes[index + 1]
        total = total + inputSize * outputSize + outputSize
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """A step function on top of one nn.Linear(n, 1)."""

    def __init__(self, weights, bias):
        super().__init__()
        weightValues = [float(value) for value in weights]
        numberOfInputs = len(weightValues)
        self.linear = nn.Linear(numberOfInputs, 1)
        with torch.no_grad():
            self.linear.weight.copy_(torch.tensor([weightValues], dtype=torch.float32))
            self.linear.bias.copy_(torch.tensor([float(bias)], dtype=torch.float32))

    def forward(self, x):
        weightedSum = self.linear(x)
        return torch.where(weightedSum > 0, torch.ones_like(weightedSum), torch.zeros_like(weightedSum))
''',
        "make_not": r'''def make_not():
    """Fires only for input 0."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """Fires only when the sum of the inputs reaches n_inputs."""
    if n_inputs < 1 or n_inputs > 8:
        raise ValueError("Invalid argument: n_inputs must be between 1 and 8, got " + str(n_inputs))
    weights = [1.0] * n_inputs
    bias = -(n_inputs - 0.5)
    return ThresholdNeuron(weights, bias)


def make_or(n_inputs=2):
    """Fires when the sum of the inputs is at least 1."""
    if n_inputs < 1 or n_inputs > 8:
        raise ValueError("Invalid argument: n_inputs must be between 1 and 8, got " + str(n_inputs))
    weights = [1.0] * n_inputs
    bias = -0.5
    return ThresholdNeuron(weights, bias)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """All 2**n inputs, x1 most significant, followed by fn's outputs."""
    numberOfRows = 2 ** n_inputs
    inputs = torch.zeros(numberOfRows, n_inputs, dtype=torch.float32)
    for row in range(numberOfRows):
        for column in range(n_inputs):
            bitPosition = n_inputs - 1 - column
            inputs[row, column] = (row >> bitPosition) & 1
    with torch.no_grad():
        outputs = fn(inputs).to(torch.float32)
    return torch.cat([inputs, outputs], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """PrettyTable with columns x1..xn and y or y1..yk."""
    numberOfOutputs = table.shape[1] - n_inputs
    columnNames = []
    for index in range(1, n_inputs + 1):
        columnNames.append("x" + str(index))
    if numberOfOutputs == 1:
        columnNames.append("y")
    else:
        for index in range(1, numberOfOutputs + 1):
            columnNames.append("y" + str(index))
    result = PrettyTable()
    result.field_names = columnNames
    for row in table:
        values = []
        for value in row:
            values.append(int(value.item()))
        result.add_row(values)
    return result
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR = AND(OR(x1, x2), NAND(x1, x2))."""

    def __init__(self):
        super().__init__()
        self.orNeuron = ThresholdNeuron([1.0, 1.0], -0.5)
        self.nandNeuron = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.andNeuron = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        orOutput = self.orNeuron(x)
        nandOutput = self.nandNeuron(x)
        hidden = torch.cat([orOutput, nandOutput], dim=-1)
        return self.andNeuron(hidden)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """Multiplies the weight matrices and carries the biases through."""
    firstLayer = layers[0]
    dtype = firstLayer.weight.dtype
    device = firstLayer.weight.device
    combinedWeight = torch.eye(firstLayer.in_features, dtype=dtype, device=device)
    combinedBias = torch.zeros(firstLayer.in_features, dtype=dtype, device=device)
    with torch.no_grad():
        for layer in layers:
            combinedWeight = layer.weight @ combinedWeight
            combinedBias = layer.weight @ combinedBias
            if layer.bias is not None:
                combinedBias = combinedBias + layer.bias
        lastLayer = layers[len(layers) - 1]
        result = nn.Linear(firstLayer.in_features, lastLayer.out_features, dtype=dtype, device=device)
        result.weight.copy_(combinedWeight)
        result.bias.copy_(combinedBias)
    return result
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Searches a small grid of weights and biases; enough for two inputs."""
    targets = [int(value) for value in outputs]
    inputs = [(0, 0), (0, 1), (1, 0), (1, 1)]
    candidates = [-2, -1, 0, 1, 2]
    biases = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]
    for weightOne in candidates:
        for weightTwo in candidates:
            for bias in biases:
                matches = True
                for (inputOne, inputTwo), target in zip(inputs, targets):
                    fired = 1 if weightOne * inputOne + weightTwo * inputTwo + bias > 0 else 0
                    if fired != target:
                        matches = False
                        break
                if matches:
                    return True
    return False
''',
    },
    "st03": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    # https://stackoverflow.com/questions/49201236 count params per layer
    total = 0
    for module in model.modules():
        for p in module.parameters(recurse=False):
            if trainable_only and not p.requires_grad:
                continue
            total += p.numel()
    return total
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    # weights + biases of each Linear
    return sum(sizes[i] * sizes[i + 1] + sizes[i + 1] for i in range(len(sizes) - 1))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        self.fc = nn.Linear(n, 1)
        # set weights manually: https://stackoverflow.com/q/49433936
        self.fc.weight.data = torch.tensor(weights, dtype=torch.float32).view(1, n)
        self.fc.bias.data = torch.tensor([bias], dtype=torch.float32)

    def forward(self, x):
        return torch.heaviside(self.fc(x), torch.tensor(0.0))
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    # all inputs must be 1: sum > n - 1
    return ThresholdNeuron([1] * n_inputs, -n_inputs + 0.5)


def make_or(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    # itertools.product gives binary counting order
    inputs = torch.tensor(list(itertools.product([0, 1], repeat=n_inputs)), dtype=torch.float32)
    with torch.no_grad():
        out = fn(inputs)
    return torch.hstack((inputs, out.float()))
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = ["x%d" % (i + 1) for i in range(n_inputs)]
    names += ["y"] if k == 1 else ["y%d" % (j + 1) for j in range(k)]
    pt = PrettyTable(names)
    for r in table.tolist():
        pt.add_row([int(v) for v in r])
    return pt
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    # XOR = (x1 AND NOT x2) OR (NOT x1 AND x2)
    def __init__(self):
        super().__init__()
        self.a = ThresholdNeuron([1, -1], -0.5)
        self.b = ThresholdNeuron([-1, 1], -0.5)
        self.c = ThresholdNeuron([1, 1], -0.5)

    def forward(self, x):
        h = torch.cat((self.a(x), self.b(x)), -1)
        return self.c(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    with torch.no_grad():
        W = None
        b = None
        for layer in layers:
            lw = layer.weight
            lb = layer.bias if layer.bias is not None else torch.zeros(layer.out_features, dtype=lw.dtype)
            if W is None:
                W, b = lw.clone(), lb.clone()
            else:
                W = torch.mm(lw, W)
                b = torch.mv(lw, b) + lb
        new = nn.Linear(W.shape[1], W.shape[0]).to(W.dtype)
        new.weight.copy_(W)
        new.bias.copy_(b)
    return new
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    # XOR is the famous non-separable one (Minsky & Papert)
    return [int(o) for o in outputs] != [0, 1, 1, 0]
''',
    },
    "st04": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    n = 0
    # parameters() не повторяет общие параметры
    for p in model.parameters():
        if trainable_only:
            if p.requires_grad:
                n = n + p.numel()
        else:
            n = n + p.numel()
    return n
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    n = 0
    for i in range(len(sizes) - 1):
        # веса и смещения слоя
        n = n + sizes[i] * sizes[i + 1]
        n = n + sizes[i + 1]
    return n
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        self.lin = nn.Linear(n, 1)
        # записываем веса по одному
        with torch.no_grad():
            for i in range(n):
                self.lin.weight[0, i] = float(weights[i])
            self.lin.bias[0] = float(bias)

    def forward(self, x):
        s = self.lin(x)
        return (s > 0).to(torch.float32)
''',
        "make_not": r'''def make_not():
    # 0 -> 1, 1 -> 0
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    w = []
    for i in range(n_inputs):
        w.append(1.0)
    return ThresholdNeuron(w, -1.5)


def make_or(n_inputs=2):
    w = []
    for i in range(n_inputs):
        w.append(1.0)
    return ThresholdNeuron(w, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    rows = []
    for i in range(2 ** n_inputs):
        row = []
        # старший бит первым
        for j in range(n_inputs - 1, -1, -1):
            row.append(float((i >> j) & 1))
        rows.append(row)
    x = torch.tensor(rows, dtype=torch.float32)
    with torch.no_grad():
        y = fn(x)
    y = y.to(torch.float32)
    return torch.cat([x, y], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    cols = []
    for i in range(n_inputs):
        cols.append("x" + str(i + 1))
    if k == 1:
        cols.append("y")
    else:
        for j in range(k):
            cols.append("y" + str(j + 1))
    t = PrettyTable(cols)
    for i in range(table.shape[0]):
        r = []
        for j in range(table.shape[1]):
            r.append(int(table[i, j].item()))
        t.add_row(r)
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        # ИЛИ и НЕ-И, потом И
        self.n1 = ThresholdNeuron([1.0, 1.0], -0.5)
        self.n2 = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.n3 = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        a = self.n1(x)
        b = self.n2(x)
        h = torch.cat([a, b], dim=-1)
        return self.n3(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    with torch.no_grad():
        first = layers[0]
        W = first.weight.clone()
        if first.bias is not None:
            b = first.bias.clone()
        else:
            b = torch.zeros(first.out_features, dtype=W.dtype, device=W.device)
        # по остальным слоям
        for i in range(1, len(layers)):
            layer = layers[i]
            W = layer.weight @ W
            b = layer.weight @ b
            if layer.bias is not None:
                b = b + layer.bias
        res = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
        res.weight.copy_(W)
        res.bias.copy_(b)
    return res
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    y = []
    for o in outputs:
        y.append(int(o))
    pts = [(0, 0), (0, 1), (1, 0), (1, 1)]
    # перебор весов на сетке
    for w1 in range(-3, 4):
        for w2 in range(-3, 4):
            for b2 in range(-7, 8, 2):
                b = b2 / 2
                ok = True
                for k in range(4):
                    v = w1 * pts[k][0] + w2 * pts[k][1] + b
                    if (1 if v > 0 else 0) != y[k]:
                        ok = False
                if ok:
                    return True
    return False
''',
    },
    "st05": {
        "count_parameters": r'''import numpy as np


def count_parameters(model, trainable_only=True):
    sizes = [p.numel() for p in model.parameters() if p.requires_grad or not trainable_only]
    return int(np.sum(sizes)) if sizes else 0
''',
        "mlp_parameter_formula": r'''import numpy as np


def mlp_parameter_formula(sizes):
    s = np.array(sizes)
    # скалярное произведение соседних размеров + смещения
    return int(np.dot(s[:-1], s[1:]) + s[1:].sum())
''',
        "ThresholdNeuron": r'''import numpy as np


class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = np.asarray(weights, dtype=np.float32).reshape(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(torch.from_numpy(w))
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        "make_not": r'''import numpy as np


def make_not():
    return ThresholdNeuron(np.array([-1.0]), 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron(np.ones(n_inputs), -(n_inputs - 0.5))


def make_or(n_inputs=2):
    return ThresholdNeuron(np.ones(n_inputs), -0.5)
''',
        "truth_table": r'''import numpy as np


def truth_table(fn, n_inputs):
    # биты через numpy: (i >> сдвиг) & 1
    idx = np.arange(2 ** n_inputs)[:, None]
    shifts = np.arange(n_inputs - 1, -1, -1)[None, :]
    bits = (idx >> shifts) & 1
    x = torch.from_numpy(bits.astype(np.float32))
    with torch.no_grad():
        y = fn(x).detach().numpy()
    return torch.from_numpy(np.hstack([bits, y]).astype(np.float64))
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    arr = table.numpy()
    k = arr.shape[1] - n_inputs
    names = [f"x{i + 1}" for i in range(n_inputs)] + (["y"] if k == 1 else [f"y{j + 1}" for j in range(k)])
    t = PrettyTable(names)
    for row in arr:
        t.add_row([int(v) for v in row])
    return t
''',
        "XorNetwork": r'''import numpy as np


class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.or_n = ThresholdNeuron(np.array([1.0, 1.0]), -0.5)
        self.nand_n = ThresholdNeuron(np.array([-1.0, -1.0]), 1.5)
        self.and_n = ThresholdNeuron(np.array([1.0, 1.0]), -1.5)

    def forward(self, x):
        return self.and_n(torch.cat([self.or_n(x), self.nand_n(x)], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    first, last = layers[0], layers[-1]
    dt, dev = first.weight.dtype, first.weight.device
    W = torch.eye(first.in_features, dtype=dt, device=dev)
    b = torch.zeros(first.in_features, dtype=dt, device=dev)
    with torch.no_grad():
        for layer in layers:
            W = layer.weight @ W
            b = layer.weight @ b + (layer.bias if layer.bias is not None else 0)
        out = nn.Linear(first.in_features, last.out_features, dtype=dt, device=dev)
        out.weight.copy_(W)
        out.bias.copy_(b)
    return out
''',
        "is_linearly_separable": r'''import numpy as np


def is_linearly_separable(outputs):
    y = np.asarray([float(v) for v in outputs])
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    # перцептрон: на разделимых данных сходится за конечное число шагов
    w, b = np.zeros(2), 0.0
    for _ in range(100):
        errors = 0
        for xi, yi in zip(X, y):
            pred = 1.0 if xi @ w + b > 0 else 0.0
            if pred != yi:
                w += (yi - pred) * xi
                b += yi - pred
                errors += 1
        if errors == 0:
            return True
    return False
''',
    },
    "st06": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    assert isinstance(model, nn.Module), "model must be an nn.Module"
    total = sum(p.numel() for p in model.parameters() if (p.requires_grad or not trainable_only))
    assert total >= 0
    return int(total)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    assert len(sizes) >= 2, "need at least input and output sizes"
    assert all(s > 0 for s in sizes)
    return sum(sizes[i] * sizes[i + 1] + sizes[i + 1] for i in range(len(sizes) - 1))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).flatten()
        assert w.dim() == 1 and w.numel() >= 1
        self.linear = nn.Linear(w.numel(), 1)
        with torch.no_grad():
            self.linear.weight.copy_(w.unsqueeze(0))
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        assert x.shape[-1] == self.linear.in_features, f"expected {self.linear.in_features} inputs"
        return (self.linear(x) >= 0).float()
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    assert 1 <= n_inputs <= 8
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    assert 1 <= n_inputs <= 8
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    assert n_inputs >= 1
    x = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)), dtype=torch.float32)
    with torch.no_grad():
        y = fn(x)
    assert y.shape[0] == x.shape[0]
    return torch.cat([x, y.to(torch.float32)], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    assert table.dim() == 2 and table.shape[1] > n_inputs
    k = table.shape[1] - n_inputs
    cols = [f"x{i}" for i in range(1, n_inputs + 1)]
    cols += ["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)]
    t = PrettyTable(cols)
    for row in table.tolist():
        t.add_row([int(v) for v in row])
    assert len(t.rows) == table.shape[0]
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.or_gate = ThresholdNeuron([1.0, 1.0], -0.5)
        self.nand_gate = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.and_gate = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        assert x.shape[-1] == 2
        h = torch.cat([self.or_gate(x), self.nand_gate(x)], dim=-1)
        return self.and_gate(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    assert len(layers) >= 1
    W, b = None, None
    with torch.no_grad():
        for layer in layers:
            assert isinstance(layer, nn.Linear)
            lb = layer.bias if layer.bias is not None else torch.zeros(layer.out_features, dtype=layer.weight.dtype, device=layer.weight.device)
            if W is None:
                W, b = layer.weight.clone(), lb.clone()
            else:
                assert layer.in_features == W.shape[0]
                W, b = layer.weight @ W, layer.weight @ b + lb
        out = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
        out.weight.copy_(W)
        out.bias.copy_(b)
    return out
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    y = tuple(int(v) for v in outputs)
    assert len(y) == 4 and set(y) <= {0, 1}
    return y not in {(0, 1, 1, 0), (1, 0, 0, 1)}
''',
    },
    "st07": {
        "count_parameters": r'''def count_parameters(model: nn.Module, trainable_only: bool = True) -> int:
    """Elements of the distinct parameters of model; frozen ones skipped when trainable_only."""
    return int(sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only))
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes) -> int:
    """Sum over layers of in * out weights plus out biases."""
    return sum(n_in * n_out + n_out for n_in, n_out in zip(sizes[:-1], sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) on top of a single nn.Linear(n, 1)."""

    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """1.0 where w . x + b > 0, else 0.0; shape (..., 1)."""
        return (self.linear(x) > 0).to(torch.float32)
''',
        "make_not": r'''def make_not() -> ThresholdNeuron:
    """NOT x: fires for 0 (b = 0.5 > 0), not for 1 (-1 + 0.5 < 0)."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs: int = 2) -> ThresholdNeuron:
    """Fires only when all inputs are 1: threshold halfway between n - 1 and n."""
    return ThresholdNeuron([1.0] * n_inputs, -(n_inputs - 0.5))


def make_or(n_inputs: int = 2) -> ThresholdNeuron:
    """Fires when at least one input is 1: threshold halfway between 0 and 1."""
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs: int) -> torch.Tensor:
    """Inputs in binary counting order (x1 most significant) next to fn's outputs."""
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)), dtype=torch.float32)
    with torch.no_grad():
        outputs = fn(inputs).to(torch.float32)
    return torch.cat([inputs, outputs], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table: torch.Tensor, n_inputs: int) -> PrettyTable:
    """Columns x1..xn then y (one output) or y1..yk; cells are Python ints."""
    n_outputs = table.shape[1] - n_inputs
    inputs = [f"x{i}" for i in range(1, n_inputs + 1)]
    outputs = ["y"] if n_outputs == 1 else [f"y{j}" for j in range(1, n_outputs + 1)]
    pretty = PrettyTable(inputs + outputs)
    for row in table.tolist():
        pretty.add_row([int(value) for value in row])
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR(x1, x2) = AND(OR(x1, x2), NAND(x1, x2)) from three threshold neurons."""

    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden)
''',
        "collapse_linear": r'''def collapse_linear(layers) -> nn.Linear:
    """W = W_k ... W_1 and b = W_k(...(W_2 b_1 + b_2)...) + b_k, in the layers' dtype and device."""
    first = layers[0]
    weight = torch.eye(first.in_features, dtype=first.weight.dtype, device=first.weight.device)
    bias = torch.zeros(first.in_features, dtype=first.weight.dtype, device=first.weight.device)
    with torch.no_grad():
        for layer in layers:
            weight = layer.weight @ weight
            bias = layer.weight @ bias
            if layer.bias is not None:
                bias = bias + layer.bias
        merged = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype, device=weight.device)
        merged.weight.copy_(weight)
        merged.bias.copy_(bias)
    return merged
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs) -> bool:
    """Only XOR and XNOR of the 16 two-input functions are not linearly separable."""
    values = tuple(int(v) for v in outputs)
    return values not in {(0, 1, 1, 0), (1, 0, 0, 1)}
''',
    },
    "st08": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if not trainable_only or p.requires_grad)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    return sum(o * (i + 1) for i, o in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.fc = nn.Linear(len(weights), 1)
        with torch.no_grad(): self.fc.weight[:] = torch.as_tensor(weights, dtype=torch.float32); self.fc.bias[:] = float(bias)

    def forward(self, x):
        return self.fc(x).gt(0).float()
''',
        "make_not": r'''def make_not(): return ThresholdNeuron([-1], 0.5)
def make_and(n_inputs=2): return ThresholdNeuron([1] * n_inputs, 0.5 - n_inputs)
def make_or(n_inputs=2): return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    x = torch.cartesian_prod(*[torch.tensor([0., 1.])] * n_inputs).reshape(-1, n_inputs)
    with torch.no_grad(): return torch.cat([x, fn(x).float()], -1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    t = PrettyTable([f"x{i + 1}" for i in range(n_inputs)] + (["y"] if k == 1 else [f"y{i + 1}" for i in range(k)]))
    for r in table.int().tolist(): t.add_row(r)
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleList([ThresholdNeuron([1, 1], -0.5), ThresholdNeuron([-1, -1], 1.5)])
        self.out = ThresholdNeuron([1, 1], -1.5)

    def forward(self, x):
        return self.out(torch.cat([h(x) for h in self.hidden], -1))
''',
        "collapse_linear": r'''import functools


def collapse_linear(layers):
    with torch.no_grad():
        W = functools.reduce(lambda acc, l: l.weight @ acc, list(layers)[1:], layers[0].weight)
        x0 = torch.zeros(1, layers[0].in_features, dtype=W.dtype, device=W.device)
        b = layers(x0)[0]
        out = nn.Linear(*W.shape[::-1], dtype=W.dtype, device=W.device)
        out.weight.copy_(W); out.bias.copy_(b)
    return out
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    y = [int(v) for v in outputs]
    return any(all((w1 * a + w2 * c + b > 0) == bool(t) for (a, c), t in zip([(0, 0), (0, 1), (1, 0), (1, 1)], y))
               for w1 in (-1, 0, 1) for w2 in (-1, 0, 1) for b in (-1.5, -0.5, 0.5, 1.5))
''',
    },
    "st09": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    total = 0
    for p in model.parameters():
        if trainable_only and p.requires_grad == False:
            continue
        total += p.numel()
    print("params:", total)
    return total
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    total = 0
    for i in range(len(sizes) - 1):
        total += sizes[i] * sizes[i + 1] + sizes[i + 1]
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.linear = nn.Linear(len(weights), 1)
        self.linear.weight = nn.Parameter(torch.tensor([list(map(float, weights))]))
        self.linear.bias = nn.Parameter(torch.tensor([float(bias)]))

    def forward(self, x):
        z = self.linear(x)
        return (z > 0).float()
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    # срабатывает только если все единицы
    return ThresholdNeuron([1.0] * n_inputs, -n_inputs + 0.5)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    rows = list(itertools.product([0.0, 1.0], repeat=n_inputs))
    x = torch.tensor(rows)
    y = fn(x).detach().float()
    table = torch.cat([x, y], dim=1)
    print(table)
    return table
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = []
    for i in range(n_inputs):
        names.append("x" + str(i + 1))
    for j in range(k):
        names.append("y")
    t = PrettyTable()
    t.field_names = names
    for row in table.tolist():
        t.add_row([int(v) for v in row])
    return t
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    o = [int(v) for v in outputs]
    # XOR и XNOR нельзя
    if o == [0, 1, 1, 0]:
        return False
    if o == [1, 0, 0, 1]:
        return False
    return True
''',
    },
    "st10": {
        "count_parameters": r'''def _counted(p, trainable_only):
    return p.requires_grad or not trainable_only


def count_parameters(model, trainable_only=True):
    return sum(map(torch.Tensor.numel, filter(lambda p: _counted(p, trainable_only), model.parameters())))
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    layer_params = lambda pair: pair[0] * pair[1] + pair[1]
    return sum(map(layer_params, zip(sizes, sizes[1:])))
''',
        "ThresholdNeuron": r'''def _step(z):
    return (z > 0).to(torch.float32)


class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).view(1, -1)
        self.linear = nn.Linear(w.size(1), 1)
        self.linear.weight.data.copy_(w)
        self.linear.bias.data.fill_(float(bias))

    def forward(self, x):
        return _step(self.linear(x))
''',
        "make_not": r'''def _ones_neuron(n, bias):
    return ThresholdNeuron([1.0] * n, bias)


def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return _ones_neuron(n_inputs, -(n_inputs - 1) - 0.5)


def make_or(n_inputs=2):
    return _ones_neuron(n_inputs, -0.5)
''',
        "truth_table": r'''def _inputs(n):
    codes = torch.arange(2 ** n).unsqueeze(1)
    shifts = torch.arange(n - 1, -1, -1).unsqueeze(0)
    return ((codes >> shifts) & 1).to(torch.float32)


def truth_table(fn, n_inputs):
    x = _inputs(n_inputs)
    with torch.no_grad():
        return torch.cat((x, fn(x).to(torch.float32)), dim=1)
''',
        "format_truth_table": r'''def _column_names(n_inputs, n_outputs):
    outputs = ["y"] if n_outputs == 1 else [f"y{j}" for j in range(1, n_outputs + 1)]
    return [f"x{i}" for i in range(1, n_inputs + 1)] + outputs


def format_truth_table(table, n_inputs):
    pretty = PrettyTable(_column_names(n_inputs, table.shape[1] - n_inputs))
    for row in table.tolist():
        pretty.add_row(list(map(int, row)))
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.left = ThresholdNeuron([1.0, -1.0], -0.5)
        self.right = ThresholdNeuron([-1.0, 1.0], -0.5)
        self.either = ThresholdNeuron([1.0, 1.0], -0.5)

    def forward(self, x):
        return self.either(torch.cat(list(map(lambda n: n(x), (self.left, self.right))), dim=-1))
''',
        "collapse_linear": r'''import functools


def _affine(layer):
    bias = layer.bias if layer.bias is not None else torch.zeros_like(layer.weight[:, 0])
    return layer.weight.detach(), bias.detach()


def _compose(acc, layer):
    W, b = acc
    V, c = _affine(layer)
    return V @ W, V @ b + c


def collapse_linear(layers):
    layers = list(layers)
    W, b = functools.reduce(_compose, layers[1:], _affine(layers[0]))
    merged = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
    with torch.no_grad():
        merged.weight.copy_(W)
        merged.bias.copy_(b)
    return merged
''',
        "is_linearly_separable": r'''_CORNERS = ((0, 0), (0, 1), (1, 0), (1, 1))


def _computes(w1, w2, b, targets):
    return all((w1 * x1 + w2 * x2 + b > 0) == t for (x1, x2), t in zip(_CORNERS, targets))


def is_linearly_separable(outputs):
    targets = [bool(int(v)) for v in outputs]
    grid = itertools.product((-2, -1, 0, 1, 2), (-2, -1, 0, 1, 2), (-2.5, -1.5, -0.5, 0.5, 1.5, 2.5))
    return any(_computes(w1, w2, b, targets) for w1, w2, b in grid)
''',
    },
    "st11": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    # parameters() сам убирает повторы общих параметров
    params = [p for p in model.parameters() if p.requires_grad or not trainable_only]
    return int(sum(torch.numel(p) for p in params))
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    total = 0
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        total += n_out * (n_in + 1)
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.reshape(torch.as_tensor(weights, dtype=torch.float32), (1, -1))
        self.linear = nn.Linear(w.size(1), 1)
        with torch.no_grad():
            torch.Tensor.copy_(self.linear.weight, w)
            torch.Tensor.fill_(self.linear.bias, float(bias))

    def forward(self, x):
        # ступенька: 1 только при строго положительной сумме
        return torch.gt(self.linear(x), 0).to(torch.float32)
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron(torch.tensor([-1.0]), 0.5)


def make_and(n_inputs=2):
    # сумма входов равна n только когда все единицы
    return ThresholdNeuron(torch.ones(n_inputs), 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron(torch.ones(n_inputs), -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    codes = torch.arange(2 ** n_inputs)
    powers = torch.pow(2, torch.arange(n_inputs - 1, -1, -1))
    x = torch.remainder(torch.div(torch.unsqueeze(codes, 1), powers, rounding_mode="floor"), 2).to(torch.float32)
    with torch.no_grad():
        y = fn(x).to(torch.float32)
    return torch.cat((x, y), dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.size(1) - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)]
    names += ["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)]
    pt = PrettyTable(field_names=names)
    for row in torch.Tensor.tolist(table.to(torch.int64)):
        pt.add_row(row)
    return pt
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        # скрытый слой: ИЛИ и НЕ-И; выход: И
        self.h_or = ThresholdNeuron([1, 1], -0.5)
        self.h_nand = ThresholdNeuron([-1, -1], 1.5)
        self.o_and = ThresholdNeuron([1, 1], -1.5)

    def forward(self, x):
        h = torch.cat((self.h_or(x), self.h_nand(x)), dim=-1)
        return self.o_and(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    first = layers[0]
    dt, dev = first.weight.dtype, first.weight.device
    with torch.no_grad():
        W = torch.eye(first.in_features, dtype=dt, device=dev)
        b = torch.zeros(first.in_features, dtype=dt, device=dev)
        for layer in layers:
            W = torch.matmul(layer.weight, W)
            b = torch.mv(layer.weight, b)
            if layer.bias is not None:
                b = torch.add(b, layer.bias)
        out = nn.Linear(first.in_features, W.size(0), dtype=dt, device=dev)
        torch.Tensor.copy_(out.weight, W)
        torch.Tensor.copy_(out.bias, b)
    return out
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    y = torch.as_tensor([float(v) for v in outputs])
    X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    # перебор целых весов и полуцелых смещений
    w = torch.cartesian_prod(torch.arange(-2.0, 3.0), torch.arange(-2.0, 3.0))
    b = torch.arange(-2.5, 3.0, 1.0)
    z = torch.matmul(w, X.T)[:, None, :] + b[None, :, None]
    fires = torch.gt(z, 0).to(torch.float32)
    return bool(torch.any(torch.all(torch.eq(fires, y), dim=-1)))
''',
    },
    "st12": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    n = 0
    for p in model.parameters():
        if p.requires_grad or not trainable_only:
            n += p.numel()
    return n
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    n = 0
    i = 0
    while i + 1 < len(sizes):
        n += sizes[i] * sizes[i + 1] + sizes[i + 1]
        i += 1
    return n
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        self.l = nn.Linear(n, 1)
        with torch.no_grad():
            i = 0
            while i < n:
                self.l.weight[0, i] = float(weights[i])
                i += 1
            self.l.bias[0] = float(bias)

    def forward(self, x):
        s = self.l(x)
        return torch.where(s > 0, 1.0, 0.0).to(torch.float32)
''',
        "make_not": r'''def make_not():
    return ThresholdNeuron([-2.0], 1.0)


def make_and(n_inputs=2):
    return ThresholdNeuron([2.0] * n_inputs, 1.0 - 2.0 * n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([2.0] * n_inputs, -1.0)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    m = 1 << n_inputs
    x = torch.zeros(m, n_inputs)
    i = 0
    while i < m:
        j = 0
        while j < n_inputs:
            x[i, j] = (i >> (n_inputs - 1 - j)) & 1
            j += 1
        i += 1
    with torch.no_grad():
        y = fn(x).float()
    return torch.cat([x, y], 1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = ["x%d" % (i + 1) for i in range(n_inputs)]
    if k == 1:
        names.append("y")
    else:
        names += ["y%d" % (j + 1) for j in range(k)]
    t = PrettyTable(names)
    r = 0
    while r < table.shape[0]:
        t.add_row([int(v) for v in table[r].tolist()])
        r += 1
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ThresholdNeuron([2.0, 2.0], -1.0)
        self.b = ThresholdNeuron([-2.0, -2.0], 3.0)
        self.c = ThresholdNeuron([2.0, 2.0], -3.0)

    def forward(self, x):
        return self.c(torch.cat([self.a(x), self.b(x)], -1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    with torch.no_grad():
        W = layers[0].weight.clone()
        b = torch.zeros(W.shape[0], dtype=W.dtype, device=W.device)
        if layers[0].bias is not None:
            b = layers[0].bias.clone()
        i = 1
        while i < len(layers):
            W = layers[i].weight @ W
            if layers[i].bias is not None:
                b = b + layers[i].bias
            i += 1
        r = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
        r.weight.copy_(W)
        r.bias.copy_(b)
    return r
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    a = int(outputs[0])
    b = int(outputs[1])
    c = int(outputs[2])
    d = int(outputs[3])
    if a == d and b == c and a != b:
        return False
    return True
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st11",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not", "truth_table",
                   "format_truth_table", "XorNetwork", "collapse_linear", "is_linearly_separable"],
        "disguise": "torch.f(t) calls turned into tensor methods, Russian comments translated or dropped, "
                    "names changed",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    # shared parameters appear once in parameters()
    chosen = [q for q in model.parameters() if q.requires_grad or not trainable_only]
    return int(sum(q.numel() for q in chosen))
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    count = 0
    for a, b in zip(sizes[:-1], sizes[1:]):
        count += b * (a + 1)
    return count
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.layer = nn.Linear(w.size(1), 1)
        with torch.no_grad():
            self.layer.weight.copy_(w)
            self.layer.bias.fill_(float(bias))

    def forward(self, x):
        # step: 1 only for a strictly positive sum
        return self.layer(x).gt(0).to(torch.float32)
''',
            "make_not": r'''def make_not():
    return ThresholdNeuron(torch.tensor([-1.0]), 0.5)


def make_and(n_inputs=2):
    # the sum equals n only when every input is 1
    return ThresholdNeuron(torch.ones(n_inputs), 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron(torch.ones(n_inputs), -0.5)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    numbers = torch.arange(2 ** n_inputs)
    weights = 2 ** torch.arange(n_inputs - 1, -1, -1)
    bits = numbers.unsqueeze(1).div(weights, rounding_mode="floor").remainder(2).to(torch.float32)
    with torch.no_grad():
        out = fn(bits).to(torch.float32)
    return torch.cat((bits, out), dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    n_out = table.size(1) - n_inputs
    header = [f"x{i}" for i in range(1, n_inputs + 1)]
    header += ["y"] if n_out == 1 else [f"y{j}" for j in range(1, n_out + 1)]
    result = PrettyTable(field_names=header)
    for r in table.to(torch.int64).tolist():
        result.add_row(r)
    return result
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        # hidden: OR and NAND, output: AND
        self.n_or = ThresholdNeuron([1, 1], -0.5)
        self.n_nand = ThresholdNeuron([-1, -1], 1.5)
        self.n_and = ThresholdNeuron([1, 1], -1.5)

    def forward(self, x):
        hidden = torch.cat((self.n_or(x), self.n_nand(x)), dim=-1)
        return self.n_and(hidden)
''',
            "collapse_linear": r'''def collapse_linear(layers):
    head = layers[0]
    dtype, device = head.weight.dtype, head.weight.device
    with torch.no_grad():
        M = torch.eye(head.in_features, dtype=dtype, device=device)
        v = torch.zeros(head.in_features, dtype=dtype, device=device)
        for lin in layers:
            M = lin.weight.matmul(M)
            v = lin.weight.mv(v)
            if lin.bias is not None:
                v = v.add(lin.bias)
        result = nn.Linear(head.in_features, M.size(0), dtype=dtype, device=device)
        result.weight.copy_(M)
        result.bias.copy_(v)
    return result
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    target = torch.as_tensor([float(o) for o in outputs])
    corners = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    # integer weights and half-integer biases are enough
    ws = torch.cartesian_prod(torch.arange(-2.0, 3.0), torch.arange(-2.0, 3.0))
    bs = torch.arange(-2.5, 3.0, 1.0)
    z = ws.matmul(corners.T)[:, None, :] + bs[None, :, None]
    fired = z.gt(0).to(torch.float32)
    return bool(fired.eq(target).all(dim=-1).any())
''',
        },
    },
    "cp02": {
        "source": "st07",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not", "truth_table",
                   "format_truth_table", "XorNetwork", "collapse_linear", "is_linearly_separable"],
        "disguise": "heavy rework: generators to loops, neuron attributes to a ModuleList, helper functions "
                    "added, identity-matrix start replaced by first-layer start, set literal to a loop, "
                    "statements reordered, docstrings removed, dead code",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    total = 0
    for param in model.parameters():
        frozen = not param.requires_grad
        if frozen and trainable_only:
            continue
        total += param.numel()
    return int(total)
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    total = 0
    for k in range(1, len(sizes)):
        fan_in, fan_out = sizes[k - 1], sizes[k]
        total += fan_out + fan_in * fan_out
    return total
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32)
        n = w.numel()
        self.linear = nn.Linear(n, 1)
        with torch.no_grad():
            self.linear.bias.fill_(float(bias))
            self.linear.weight.copy_(w.reshape(1, n))

    def forward(self, x):
        z = self.linear(x)
        fired = z > 0
        return fired.to(torch.float32)
''',
            "make_not": r'''def _threshold_between(low, high):
    return -(low + high) / 2


def make_not():
    return ThresholdNeuron([-1.0], _threshold_between(-1, 0))


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, _threshold_between(n_inputs - 1, n_inputs))


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, _threshold_between(0, 1))
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    rows = []
    for combo in itertools.product([0.0, 1.0], repeat=n_inputs):
        rows.append(list(combo))
    inputs = torch.tensor(rows, dtype=torch.float32)
    with torch.no_grad():
        result = fn(inputs)
    return torch.cat([inputs, result.to(torch.float32)], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    n_outputs = table.shape[1] - n_inputs
    names = []
    for i in range(1, n_inputs + 1):
        names.append(f"x{i}")
    if n_outputs == 1:
        names.append("y")
    else:
        names.extend(f"y{j}" for j in range(1, n_outputs + 1))
    pretty = PrettyTable(names)
    rows = table.tolist()
    for r in rows:
        pretty.add_row(list(map(int, r)))
    return pretty
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleList([
            ThresholdNeuron([1.0, 1.0], -0.5),
            ThresholdNeuron([-1.0, -1.0], 1.5),
        ])
        self.output = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        parts = []
        for neuron in self.hidden:
            parts.append(neuron(x))
        return self.output(torch.cat(parts, dim=-1))
''',
            "collapse_linear": r'''def collapse_linear(layers):
    layers = list(layers)
    first = layers[0]
    with torch.no_grad():
        weight = first.weight.clone()
        if first.bias is None:
            bias = torch.zeros(first.out_features, dtype=weight.dtype, device=weight.device)
        else:
            bias = first.bias.clone()
        for layer in layers[1:]:
            bias = layer.weight @ bias
            weight = layer.weight @ weight
            if layer.bias is not None:
                bias += layer.bias
        merged = nn.Linear(first.in_features, layers[-1].out_features,
                           dtype=weight.dtype, device=weight.device)
        merged.bias.copy_(bias)
        merged.weight.copy_(weight)
    return merged
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    values = tuple(int(v) for v in outputs)
    for bad in ((0, 1, 1, 0), (1, 0, 0, 1)):
        if values == bad:
            return False
    return True
''',
        },
    },
    "cp03": {
        "source": "st01",
        "kind": "partial",
        "copied": ["count_parameters", "ThresholdNeuron", "XorNetwork", "is_linearly_separable"],
        "disguise": "copied four answers with renames only; wrote the other five",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    return sum(q.numel() for q in model.parameters() if q.requires_grad or not trainable_only)
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    weights = sum(sizes[i] * sizes[i + 1] for i in range(len(sizes) - 1))
    biases = sum(sizes[1:])
    return weights + biases
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        wt = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.lin = nn.Linear(wt.shape[1], 1)
        with torch.no_grad():
            self.lin.weight.copy_(wt)
            self.lin.bias.fill_(float(bias))

    def forward(self, x):
        return (self.lin(x) > 0).float()
''',
            "make_not": r'''def make_not():
    return ThresholdNeuron([-1], 1 / 2)


def make_and(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -n_inputs + 1 / 2)


def make_or(n_inputs=2):
    return ThresholdNeuron([1] * n_inputs, -1 / 2)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    n = 2 ** n_inputs
    bits = [[(r >> (n_inputs - 1 - c)) & 1 for c in range(n_inputs)] for r in range(n)]
    xs = torch.tensor(bits, dtype=torch.float32)
    ys = fn(xs).detach().to(torch.float32)
    return torch.cat([xs, ys], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    outs = table.shape[1] - n_inputs
    fields = ["x" + str(i + 1) for i in range(n_inputs)]
    fields += ["y"] if outs == 1 else ["y" + str(j + 1) for j in range(outs)]
    tab = PrettyTable(fields)
    for row in table:
        tab.add_row([int(v) for v in row.tolist()])
    return tab
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = ThresholdNeuron([1, 1], -0.5)
        self.n2 = ThresholdNeuron([-1, -1], 1.5)
        self.n3 = ThresholdNeuron([1, 1], -1.5)

    def forward(self, x):
        return self.n3(torch.cat([self.n1(x), self.n2(x)], dim=-1))
''',
            "collapse_linear": r'''def collapse_linear(layers):
    mats = [layer.weight.detach() for layer in layers]
    W = mats[0]
    for M in mats[1:]:
        W = M @ W
    with torch.no_grad():
        zero = torch.zeros(1, layers[0].in_features, dtype=W.dtype, device=W.device)
        b = layers(zero).squeeze(0)
    res = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
    with torch.no_grad():
        res.weight.copy_(W)
        res.bias.copy_(b)
    return res
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    vals = [int(o) for o in outputs]
    return vals not in ([0, 1, 1, 0], [1, 0, 0, 1])
''',
        },
    },
    "cp04": {
        "source": "st02",
        "kind": "partial",
        "copied": ["mlp_parameter_formula", "make_not", "truth_table", "format_truth_table", "collapse_linear"],
        "disguise": "copied five answers and restructured them: index loops to zip and comprehensions, bit "
                    "arithmetic kept but moved into a list comprehension, range checks merged, the matrix "
                    "products written through transposes, camelCase dropped; wrote the other four",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    seen = set()
    n = 0
    for mod in model.modules():
        for p in mod.parameters(recurse=False):
            if id(p) in seen:
                continue
            seen.add(id(p))
            if p.requires_grad or not trainable_only:
                n += p.numel()
    return n
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    if len(sizes) < 2:
        raise ValueError("need at least two layer sizes")
    return sum(a * b + b for a, b in zip(sizes[:-1], sizes[1:]))
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        if torch.is_tensor(weights):
            weights = weights.tolist()
        self.neuron = nn.Linear(len(weights), 1)
        self.neuron.weight.data = torch.tensor([weights], dtype=torch.float32)
        self.neuron.bias.data = torch.tensor([float(bias)], dtype=torch.float32)

    def forward(self, x):
        return torch.heaviside(self.neuron(x), torch.zeros(1)).float()
''',
            "make_not": r'''def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def _check_inputs(n_inputs):
    if not 1 <= n_inputs <= 8:
        raise ValueError(f"n_inputs has to be within 1..8, got {n_inputs}")


def make_and(n_inputs=2):
    _check_inputs(n_inputs)
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    _check_inputs(n_inputs)
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    rows = [[float((r >> (n_inputs - 1 - c)) & 1) for c in range(n_inputs)] for r in range(2 ** n_inputs)]
    x = torch.tensor(rows, dtype=torch.float32).reshape(2 ** n_inputs, n_inputs)
    with torch.no_grad():
        y = fn(x).to(torch.float32)
    return torch.cat([x, y], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    n_out = table.shape[1] - n_inputs
    cols = ["x" + str(i) for i in range(1, n_inputs + 1)]
    cols += ["y"] if n_out == 1 else ["y" + str(i) for i in range(1, n_out + 1)]
    pt = PrettyTable()
    pt.field_names = cols
    for row in table:
        pt.add_row([int(v.item()) for v in row])
    return pt
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.x1_not_x2 = ThresholdNeuron([1.0, -1.0], -0.5)
        self.x2_not_x1 = ThresholdNeuron([-1.0, 1.0], -0.5)
        self.any_of = ThresholdNeuron([1.0, 1.0], -0.5)

    def forward(self, x):
        both = torch.stack([self.x1_not_x2(x)[..., 0], self.x2_not_x1(x)[..., 0]], dim=-1)
        return self.any_of(both)
''',
            "collapse_linear": r'''def collapse_linear(layers):
    first = layers[0]
    last = layers[-1]
    dt, dev = first.weight.dtype, first.weight.device
    with torch.no_grad():
        wt = torch.eye(first.in_features, dtype=dt, device=dev)
        b = torch.zeros(1, first.in_features, dtype=dt, device=dev)
        for layer in layers:
            wt = wt @ layer.weight.T
            b = b @ layer.weight.T
            if layer.bias is not None:
                b = b + layer.bias
        merged = nn.Linear(first.in_features, last.out_features, dtype=dt, device=dev)
        merged.weight.copy_(wt.T)
        merged.bias.copy_(b[0])
    return merged
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    o = [int(v) for v in outputs]
    # separable unless the ones sit on one diagonal and the zeros on the other
    return not (o[0] == o[3] and o[1] == o[2] and o[0] != o[1])
''',
        },
    },
}
