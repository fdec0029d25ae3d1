"""Independent test data for copy detection, lesson 03_logic_neurons, author C.

How it was made: from the task texts of lessons/en/03_logic_neurons.ipynb alone, without seeing the detector,
the variants, the solutions or other authors' data. Each student keeps the style of lessons 01 and 02. The
answer "make_not" is the one cell that holds make_not, make_and and make_or.

Students (style; wrong answers):
- st01 Mira, mathematician: dense one-liners, itertools, one-letter names. All right.
- st02 Jakob, Java programmer: camelCase, explicit checks. Wrong: mlp_parameter_formula counts the biases of
  the input side (sizes[i] instead of sizes[i + 1]); XorNetwork keeps its neurons in a plain list (not
  registered as submodules).
- st03 Tom, beginner: prints, long loops. Wrong: make_and uses bias -1.5 for any n_inputs; format_truth_table
  puts 0-dim tensors into the cells; collapse_linear builds a float32 nn.Linear whatever the layers' dtype.
- st04 Priya, StackOverflow idioms. Wrong: count_parameters always keeps only requires_grad parameters
  (ignores trainable_only=False).
- st05 Lena, type hints and docstrings. All right.
- st06 Dmitri, Russian comments. Wrong: truth_table calls fn without no_grad/detach (the table requires grad
  for a differentiable fn).
- st07 Kofi, functional: small helpers, map, reduce, any over a grid. All right (torch.heaviside keeps
  requires_grad on the neuron's output, which the task does not forbid).
- st08 Wei, C programmer: while loops and bit shifts. Wrong: truth_table puts x1 as the least significant bit;
  make_and uses bias -n (w.x + b is exactly 0 on all ones, so it never fires).
- st09 Sofia, NumPy lover. Wrong: is_linearly_separable returns numpy.bool_, not a Python bool.
- st10 Hugo, minimal. Wrong: format_truth_table always names the outputs y1..yk (also for one output);
  XorNetwork holds three neurons but computes XOR from x.sum directly. Left out: collapse_linear.
- st11 Aisha, assert-heavy. Wrong: ThresholdNeuron fires at w.x + b >= 0 (1.0 at exactly 0).
- st12 Ben, ML practitioner: torch idioms (state_dict, linalg.multi_dot, torch.cartesian_prod). Wrong:
  count_parameters sums state_dict() (buffers counted, requires_grad ignored).

Copies (ground truth):
- cp01: full copy of st11 (Aisha), medium disguise: the asserts on results removed (those on inputs kept,
  reworded), names changed, methods and statements reordered, f-strings -> format; the >= 0 bug kept.
- cp02: full copy of st07 (Kofi), heavy disguise: helpers inlined, map/reduce/any -> explicit for loops with
  flags, lambdas -> defs, names changed, comments added, the grid of is_linearly_separable built by nested
  loops in another order.
- cp03: partial copy of st09 (Sofia): count_parameters, mlp_parameter_formula, truth_table,
  is_linearly_separable; light disguise: renamed locals, reformatted, a comment added; the numpy.bool_ bug
  kept. The other five answers are the copier's own.
- cp04: partial copy of st02 (Jakob): ThresholdNeuron, make_not, XorNetwork, collapse_linear,
  format_truth_table; disguise: camelCase -> snake_case, comments added and reworded, statement order changed,
  string concatenation -> f-strings; the plain-list bug of XorNetwork kept. The other four answers are the
  copier's own.
"""

STUDENTS = {
    "st01": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    return sum((a + 1) * b for a, b in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        with torch.no_grad(): self.linear.weight.copy_(w); self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    import itertools
    X = torch.tensor(list(itertools.product((0.0, 1.0), repeat=n_inputs)))
    with torch.no_grad(): return torch.cat([X, fn(X).float()], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    T = PrettyTable([f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)]))
    T.add_rows(table.tolist())
    return T
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.h1, self.h2, self.out = make_or(), ThresholdNeuron([-1.0, -1.0], 1.5), make_and()

    def forward(self, x):
        return self.out(torch.cat([self.h1(x), self.h2(x)], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    f = layers[0].weight
    W = torch.eye(f.shape[1], dtype=f.dtype, device=f.device)
    b = torch.zeros(f.shape[1], dtype=f.dtype, device=f.device)
    with torch.no_grad():
        for L in layers: W, b = L.weight @ W, L.weight @ b + (L.bias if L.bias is not None else 0)
        M = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
        M.weight.copy_(W); M.bias.copy_(b)
    return M
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    import itertools
    y = [int(v) for v in outputs]
    X = ((0, 0), (0, 1), (1, 0), (1, 1))
    return any([int(u * p + v * q + c > 0) for p, q in X] == y
               for u, v, c in itertools.product((-1, 0, 1), (-1, 0, 1), (-1.5, -0.5, 0.5, 1.5)))
''',
    },
    "st02": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int.

    A parameter shared by several submodules counts once; with trainable_only=True the
    parameters with requires_grad=False are left out.
    """
    if not isinstance(model, nn.Module):
        raise TypeError("Expected an nn.Module but got " + type(model).__name__)
    totalCount = 0
    for parameter in model.parameters():
        if trainable_only and not parameter.requires_grad:
            continue
        totalCount = totalCount + parameter.numel()
    return int(totalCount)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    if len(sizes) < 2:
        raise ValueError("An MLP needs at least two layer sizes but got " + str(len(sizes)))
    totalCount = 0
    for layerIndex in range(len(sizes) - 1):
        inputSize = sizes[layerIndex]
        outputSize = sizes[layerIndex + 1]
        weightCount = inputSize * outputSize
        biasCount = inputSize
        totalCount = totalCount + weightCount + biasCount
    return totalCount
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias):
        super().__init__()
        weightTensor = torch.tensor([float(value) for value in weights], dtype=torch.float32)
        numberOfInputs = weightTensor.shape[0]
        self.linearLayer = nn.Linear(numberOfInputs, 1, bias=True)
        with torch.no_grad():
            self.linearLayer.weight.copy_(weightTensor.reshape(1, numberOfInputs))
            self.linearLayer.bias.copy_(torch.tensor([float(bias)]))

    def forward(self, x):
        weightedSum = self.linearLayer(x)
        isActive = weightedSum > 0
        return isActive.to(torch.float32)
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    notWeights = [-1.0]
    notBias = 0.5
    return ThresholdNeuron(notWeights, notBias)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    andWeights = [1.0] * n_inputs
    andBias = -(n_inputs - 0.5)
    return ThresholdNeuron(andWeights, andBias)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    orWeights = [1.0] * n_inputs
    orBias = -0.5
    return ThresholdNeuron(orWeights, orBias)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Rows are all inputs in binary counting order (x1 is the most significant bit), each
    followed by fn's k outputs; fn maps a float32 tensor (..., n_inputs) to (..., k).
    """
    numberOfRows = 2 ** n_inputs
    inputRows = []
    for rowIndex in range(numberOfRows):
        bitList = []
        for bitPosition in range(n_inputs - 1, -1, -1):
            bitList.append(float((rowIndex >> bitPosition) & 1))
        inputRows.append(bitList)
    inputTensor = torch.tensor(inputRows, dtype=torch.float32)
    with torch.no_grad():
        outputTensor = fn(inputTensor).to(torch.float32)
    return torch.cat([inputTensor, outputTensor], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    numberOfOutputs = table.shape[1] - n_inputs
    columnNames = []
    for inputIndex in range(1, n_inputs + 1):
        columnNames.append("x" + str(inputIndex))
    if numberOfOutputs == 1:
        columnNames.append("y")
    else:
        for outputIndex in range(1, numberOfOutputs + 1):
            columnNames.append("y" + str(outputIndex))
    prettyTable = PrettyTable(columnNames)
    for rowValues in table.tolist():
        prettyTable.add_row(rowValues)
    return prettyTable
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float32 tensor of 0/1 of shape (..., 2) -> a float32 tensor of shape (..., 1),
    1.0 where exactly one input is 1.
    """

    def __init__(self):
        super().__init__()
        orNeuron = make_or(2)
        nandNeuron = ThresholdNeuron([-1.0, -1.0], 1.5)
        andNeuron = make_and(2)
        self.hiddenNeurons = [orNeuron, nandNeuron]
        self.outputNeuron = andNeuron

    def forward(self, x):
        hiddenOutputs = []
        for hiddenNeuron in self.hiddenNeurons:
            hiddenOutputs.append(hiddenNeuron(x))
        hiddenLayer = torch.cat(hiddenOutputs, dim=-1)
        return self.outputNeuron(hiddenLayer)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    firstLayer = layers[0]
    lastLayer = layers[-1]
    combinedWeight = None
    combinedBias = None
    with torch.no_grad():
        for layer in layers:
            layerWeight = layer.weight.detach().clone()
            if layer.bias is not None:
                layerBias = layer.bias.detach().clone()
            else:
                layerBias = torch.zeros(layer.out_features, dtype=layerWeight.dtype, device=layerWeight.device)
            if combinedWeight is None:
                combinedWeight = layerWeight
                combinedBias = layerBias
            else:
                combinedWeight = layerWeight @ combinedWeight
                combinedBias = layerWeight @ combinedBias + layerBias
        collapsedLayer = nn.Linear(firstLayer.in_features, lastLayer.out_features,
                                   dtype=combinedWeight.dtype, device=combinedWeight.device)
        collapsedLayer.weight.copy_(combinedWeight)
        collapsedLayer.bias.copy_(combinedBias)
    return collapsedLayer
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    outputs: four 0/1 values for the inputs 00, 01, 10, 11 (ints, bools, floats or a 1-D tensor).
    Returns a Python bool.
    """
    targetOutputs = [int(value) for value in outputs]
    if len(targetOutputs) != 4:
        raise ValueError("Expected 4 outputs but got " + str(len(targetOutputs)))
    inputPairs = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for firstWeight in [-1, 0, 1]:
        for secondWeight in [-1, 0, 1]:
            for biasValue in [-1.5, -0.5, 0.5, 1.5]:
                matchesAll = True
                for pairIndex in range(4):
                    firstInput, secondInput = inputPairs[pairIndex]
                    weightedSum = firstWeight * firstInput + secondWeight * secondInput + biasValue
                    neuronOutput = 1 if weightedSum > 0 else 0
                    if neuronOutput != targetOutputs[pairIndex]:
                        matchesAll = False
                        break
                if matchesAll:
                    return True
    return False
''',
    },
    "st03": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int.

    A parameter shared by several submodules counts once; with trainable_only=True the
    parameters with requires_grad=False are left out.
    """
    total = 0
    # model.parameters() gives every parameter once
    for p in model.parameters():
        print("parameter of shape", p.shape, "requires_grad", p.requires_grad)
        if trainable_only == True:
            if p.requires_grad == True:
                total = total + p.numel()
        else:
            total = total + p.numel()
    print("total:", total)
    return total
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    total = 0
    for i in range(len(sizes) - 1):
        # weights: in * out, biases: out
        weights = sizes[i] * sizes[i + 1]
        biases = sizes[i + 1]
        print("layer", i, "weights", weights, "biases", biases)
        total = total + weights + biases
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        print("making a neuron with", n, "inputs")
        self.linear = nn.Linear(n, 1)
        # put the weights in
        w = []
        for value in weights:
            w.append(float(value))
        self.linear.weight.data = torch.tensor([w])
        self.linear.bias.data = torch.tensor([float(bias)])

    def forward(self, x):
        z = self.linear(x)
        # step function: 1 if z > 0 else 0
        out = (z > 0).float()
        return out
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    # 0 -> 0.5 > 0 fires, 1 -> -0.5 does not
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    weights = []
    for i in range(n_inputs):
        weights.append(1.0)
    # 1 + 1 - 1.5 = 0.5 > 0 only when both are 1
    return ThresholdNeuron(weights, -1.5)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    weights = []
    for i in range(n_inputs):
        weights.append(1.0)
    # one 1 is enough: 1 - 0.5 > 0
    return ThresholdNeuron(weights, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Rows are all inputs in binary counting order (x1 is the most significant bit), each
    followed by fn's k outputs; fn maps a float32 tensor (..., n_inputs) to (..., k).
    """
    rows = []
    for number in range(2 ** n_inputs):
        # write the number in binary with n_inputs digits
        binary = format(number, "b").zfill(n_inputs)
        row = []
        for digit in binary:
            row.append(float(digit))
        rows.append(row)
    x = torch.tensor(rows)
    print("inputs:", x)
    with torch.no_grad():
        y = fn(x)
    y = y.float()
    print("outputs:", y)
    table = torch.cat([x, y], dim=1)
    return table
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    names = []
    for i in range(n_inputs):
        names.append("x" + str(i + 1))
    if k == 1:
        names.append("y")
    else:
        for j in range(k):
            names.append("y" + str(j + 1))
    print("columns:", names)
    pretty = PrettyTable(names)
    for row in table:
        pretty.add_row(list(row))
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float32 tensor of 0/1 of shape (..., 2) -> a float32 tensor of shape (..., 1),
    1.0 where exactly one input is 1.
    """

    def __init__(self):
        super().__init__()
        # XOR = AND(OR, NAND)
        self.or_neuron = make_or(2)
        self.nand_neuron = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.and_neuron = make_and(2)

    def forward(self, x):
        h1 = self.or_neuron(x)
        h2 = self.nand_neuron(x)
        print("h1:", h1, "h2:", h2)
        hidden = torch.cat([h1, h2], dim=-1)
        out = self.and_neuron(hidden)
        return out
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    # start with the first layer
    W = layers[0].weight.detach().clone()
    if layers[0].bias is not None:
        b = layers[0].bias.detach().clone()
    else:
        b = torch.zeros(layers[0].out_features)
    # then multiply by the next layers
    for i in range(1, len(layers)):
        layer = layers[i]
        W = layer.weight.detach() @ W
        b = layer.weight.detach() @ b
        if layer.bias is not None:
            b = b + layer.bias.detach()
    print("collapsed weight shape:", W.shape)
    result = nn.Linear(W.shape[1], W.shape[0])
    with torch.no_grad():
        result.weight.copy_(W)
        result.bias.copy_(b)
    return result
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    outputs: four 0/1 values for the inputs 00, 01, 10, 11 (ints, bools, floats or a 1-D tensor).
    Returns a Python bool.
    """
    target = []
    for value in outputs:
        target.append(int(value))
    print("target:", target)
    inputs = [[0, 0], [0, 1], [1, 0], [1, 1]]
    # try many weights and biases
    for w1 in [-2, -1, 0, 1, 2]:
        for w2 in [-2, -1, 0, 1, 2]:
            for b in [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]:
                good = True
                for i in range(4):
                    z = w1 * inputs[i][0] + w2 * inputs[i][1] + b
                    if z > 0:
                        out = 1
                    else:
                        out = 0
                    if out != target[i]:
                        good = False
                if good == True:
                    print("found:", w1, w2, b)
                    return True
    return False
''',
    },
    "st04": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int.

    A parameter shared by several submodules counts once; with trainable_only=True the
    parameters with requires_grad=False are left out.
    """
    # https://stackoverflow.com/questions/49201236/check-the-total-number-of-parameters-in-a-pytorch-model
    return sum(p.numel() for p in model.parameters() if p.requires_grad)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    # pairwise: https://docs.python.org/3/library/itertools.html#itertools.pairwise
    from itertools import pairwise
    return sum(n_in * n_out + n_out for n_in, n_out in pairwise(sizes))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias):
        super().__init__()
        weights = torch.as_tensor(weights, dtype=torch.float32)
        self.fc = nn.Linear(len(weights), 1)
        # https://discuss.pytorch.org/t/how-to-manually-set-the-weights-in-a-two-layer-linear-model/45902
        with torch.no_grad():
            self.fc.weight = nn.Parameter(weights.view(1, -1))
            self.fc.bias = nn.Parameter(torch.tensor([bias], dtype=torch.float32))

    def forward(self, x):
        return torch.where(self.fc(x) > 0, 1.0, 0.0)
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    # fires only if the sum reaches n: threshold n - 0.5
    return ThresholdNeuron([1] * n_inputs, -n_inputs + 0.5)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Rows are all inputs in binary counting order (x1 is the most significant bit), each
    followed by fn's k outputs; fn maps a float32 tensor (..., n_inputs) to (..., k).
    """
    # https://stackoverflow.com/questions/64892748/all-binary-combinations-in-pytorch
    from itertools import product
    inputs = torch.tensor(list(product([0, 1], repeat=n_inputs)), dtype=torch.float32)
    outputs = fn(inputs).detach().to(torch.float32)
    return torch.hstack((inputs, outputs))
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    x_names = ["x{}".format(i + 1) for i in range(n_inputs)]
    y_names = ["y"] if k == 1 else ["y{}".format(j + 1) for j in range(k)]
    pt = PrettyTable()
    pt.field_names = x_names + y_names
    # https://stackoverflow.com/questions/53910082/convert-pytorch-tensor-to-python-list
    for row in table.tolist():
        pt.add_row(row)
    return pt
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float32 tensor of 0/1 of shape (..., 2) -> a float32 tensor of shape (..., 1),
    1.0 where exactly one input is 1.
    """

    def __init__(self):
        super().__init__()
        # XOR(a, b) = (a AND NOT b) OR (NOT a AND b)
        self.hidden = nn.ModuleList([ThresholdNeuron([1, -1], -0.5), ThresholdNeuron([-1, 1], -0.5)])
        self.output = make_or(2)

    def forward(self, x):
        return self.output(torch.cat([neuron(x) for neuron in self.hidden], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    first = layers[0]
    # https://stackoverflow.com/questions/61049310/combine-two-linear-layers-into-one
    weight = torch.eye(first.in_features, dtype=first.weight.dtype, device=first.weight.device)
    bias = torch.zeros(first.in_features, dtype=first.weight.dtype, device=first.weight.device)
    with torch.no_grad():
        for layer in layers:
            bias = layer(bias)
            weight = layer.weight @ weight
    merged = nn.Linear(first.in_features, layers[-1].out_features).to(dtype=weight.dtype, device=weight.device)
    with torch.no_grad():
        merged.weight.copy_(weight)
        merged.bias.copy_(bias)
    return merged
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    outputs: four 0/1 values for the inputs 00, 01, 10, 11 (ints, bools, floats or a 1-D tensor).
    Returns a Python bool.
    """
    # perceptron learning rule, converges on separable data (Novikoff)
    points = [(0, 0), (0, 1), (1, 0), (1, 1)]
    labels = [int(v) for v in outputs]
    w1 = w2 = b = 0.0
    for _ in range(100):
        errors = 0
        for (x1, x2), label in zip(points, labels):
            prediction = 1 if w1 * x1 + w2 * x2 + b > 0 else 0
            if prediction != label:
                errors += 1
                w1 += (label - prediction) * x1
                w2 += (label - prediction) * x2
                b += label - prediction
        if errors == 0:
            return True
    return False
''',
    },
    "st05": {
        "count_parameters": r'''def count_parameters(model: nn.Module, trainable_only: bool = True) -> int:
    """Number of parameter elements of an nn.Module, as a Python int.

    model.parameters() yields a shared parameter once; buffers are not parameters.
    """
    return int(sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only))
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes: list[int] | tuple[int, ...]) -> int:
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out].

    Each nn.Linear(n_in, n_out) holds n_in * n_out weights and n_out biases.
    """
    return sum(n_in * n_out + n_out for n_in, n_out in zip(sizes[:-1], sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias: float) -> None:
        super().__init__()
        weight: torch.Tensor = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear: nn.Linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (self.linear(x) > 0).to(torch.float32)
''',
        "make_not": r'''def make_not() -> ThresholdNeuron:
    """A ThresholdNeuron with one input computing NOT x: -x + 0.5 > 0 exactly for x = 0."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs: int = 2) -> ThresholdNeuron:
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1.

    The sum of the inputs is n when all are 1 and at most n - 1 otherwise: threshold n - 0.5.
    """
    return ThresholdNeuron([1.0] * n_inputs, -(n_inputs - 0.5))


def make_or(n_inputs: int = 2) -> ThresholdNeuron:
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1.

    The sum is 0 when all inputs are 0 and at least 1 otherwise: threshold 0.5.
    """
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs: int) -> torch.Tensor:
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k).

    Bit j of row r (x1 first) is (r >> (n - 1 - j)) & 1, so x1 is the most significant bit.
    """
    rows: torch.Tensor = torch.arange(2**n_inputs).unsqueeze(1)
    shifts: torch.Tensor = torch.arange(n_inputs - 1, -1, -1)
    inputs: torch.Tensor = ((rows >> shifts) & 1).to(torch.float32)
    with torch.no_grad():
        outputs: torch.Tensor = fn(inputs).to(torch.float32)
    return torch.cat([inputs, outputs], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table: torch.Tensor, n_inputs: int) -> PrettyTable:
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k: int = table.shape[1] - n_inputs
    inputs: list[str] = [f"x{i}" for i in range(1, n_inputs + 1)]
    outputs: list[str] = ["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)]
    pretty: PrettyTable = PrettyTable(inputs + outputs)
    for row in table.tolist():
        pretty.add_row(row)
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons: AND(OR(x1, x2), NAND(x1, x2))."""

    def __init__(self) -> None:
        super().__init__()
        self.or_gate: ThresholdNeuron = make_or(2)
        self.nand_gate: ThresholdNeuron = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.and_gate: ThresholdNeuron = make_and(2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden: torch.Tensor = torch.cat([self.or_gate(x), self.nand_gate(x)], dim=-1)
        return self.and_gate(hidden)
''',
        "collapse_linear": r'''def collapse_linear(layers: nn.Sequential) -> nn.Linear:
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    With y = W x + b per layer, the stack is W_k...W_1 x + (the first bias pushed through the rest).
    """
    first: nn.Linear = layers[0]
    weight: torch.Tensor | None = None
    bias: torch.Tensor | None = None
    with torch.no_grad():
        for layer in layers:
            layer_bias = layer.bias if layer.bias is not None else torch.zeros_like(layer.weight[:, 0])
            if weight is None:
                weight, bias = layer.weight.clone(), layer_bias.clone()
            else:
                weight, bias = layer.weight @ weight, layer.weight @ bias + layer_bias
        single: nn.Linear = nn.Linear(first.in_features, layers[-1].out_features,
                                      dtype=weight.dtype, device=weight.device)
        single.weight.copy_(weight)
        single.bias.copy_(bias)
    return single
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs) -> bool:
    """Whether one threshold neuron computes the two-input boolean function with these outputs.

    Weights in {-1, 0, 1} and biases in {-1.5, -0.5, 0.5, 1.5} realize all 14 separable functions
    of two inputs, so searching that grid is enough.
    """
    target: tuple[int, ...] = tuple(int(v) for v in outputs)
    corners: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 0), (1, 1))
    for w1 in (-1, 0, 1):
        for w2 in (-1, 0, 1):
            for b in (-1.5, -0.5, 0.5, 1.5):
                if tuple(int(w1 * p + w2 * q + b > 0) for p, q in corners) == target:
                    return True
    return False
''',
    },
    "st06": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    # parameters() сам убирает повторы общих параметров
    n = 0
    for p in model.parameters():
        if p.requires_grad or not trainable_only:
            n += p.numel()
    return n
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    # веса a*b плюс смещения b для каждого слоя
    return sum(a * b + b for a, b in zip(sizes[:-1], sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights])
        self.lin = nn.Linear(len(w), 1)
        with torch.no_grad():  # копируем веса без истории
            self.lin.weight.copy_(w.unsqueeze(0))
            self.lin.bias.fill_(bias)

    def forward(self, x):
        # ступенька: строго > 0, в нуле 0
        return (self.lin(x) > 0).float()
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)  # -x + 0.5


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    # сумма = n только когда все единицы; порог посередине между n-1 и n
    return ThresholdNeuron([1.0] * n_inputs, -n_inputs + 0.5)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    # сумма >= 1, если есть хоть одна единица
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    # строки: числа 0..2^n-1 в двоичной записи, x1 — старший бит
    x = torch.tensor([[float(c) for c in format(i, f"0{n_inputs}b")] for i in range(2 ** n_inputs)])
    y = fn(x).float()
    return torch.cat([x, y], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    # имена столбцов
    cols = [f"x{i + 1}" for i in range(n_inputs)] + (["y"] if k == 1 else [f"y{j + 1}" for j in range(k)])
    t = PrettyTable(cols)
    for row in table.tolist():  # обычные числа Python, не тензоры
        t.add_row(row)
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        # XOR = AND(OR, NAND)
        self.h_or = make_or(2)
        self.h_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.o_and = make_and(2)

    def forward(self, x):
        h = torch.cat([self.h_or(x), self.h_nand(x)], dim=-1)  # скрытый слой (..., 2)
        return self.o_and(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    W, b = None, None
    with torch.no_grad():
        for layer in layers:
            lb = layer.bias if layer.bias is not None else torch.zeros(layer.out_features, dtype=layer.weight.dtype,
                                                                       device=layer.weight.device)
            if W is None:
                W, b = layer.weight.clone(), lb.clone()
            else:
                # y = W2 (W1 x + b1) + b2
                W, b = layer.weight @ W, layer.weight @ b + lb
        res = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype, device=W.device)
        res.weight.copy_(W)
        res.bias.copy_(b)
    return res
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    y = tuple(int(v) for v in outputs)
    # из 16 функций двух входов не разделимы прямой только XOR и XNOR
    return y not in {(0, 1, 1, 0), (1, 0, 0, 1)}
''',
    },
    "st07": {
        "count_parameters": r'''def _counts(trainable_only):
    return lambda p: p.requires_grad or not trainable_only


def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    return sum(map(torch.Tensor.numel, filter(_counts(trainable_only), model.parameters())))
''',
        "mlp_parameter_formula": r'''from functools import reduce


def _layer_size(pair):
    n_in, n_out = pair
    return (n_in + 1) * n_out


def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    return reduce(lambda total, pair: total + _layer_size(pair), zip(sizes, sizes[1:]), 0)
''',
        "ThresholdNeuron": r'''def _step(z):
    return torch.heaviside(z, torch.zeros_like(z))


class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor(list(map(float, weights)))
        self.affine = nn.Linear(w.numel(), 1)
        with torch.no_grad():
            self.affine.weight.copy_(w[None, :])
            self.affine.bias.copy_(torch.tensor([float(bias)]))

    def forward(self, x):
        return _step(self.affine(x))
''',
        "make_not": r'''def _gate(n_inputs, weight, bias):
    return ThresholdNeuron([weight] * n_inputs, bias)


def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return _gate(1, -1.0, 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return _gate(n_inputs, 1.0, 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return _gate(n_inputs, 1.0, -0.5)
''',
        "truth_table": r'''def _bits(number, width):
    return [float((number >> shift) & 1) for shift in reversed(range(width))]


def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    inputs = torch.tensor(list(map(lambda r: _bits(r, n_inputs), range(2 ** n_inputs))))
    with torch.no_grad():
        return torch.cat((inputs, fn(inputs).float()), dim=-1)
''',
        "format_truth_table": r'''def _names(prefix, count, single=None):
    return [single] if single and count == 1 else [f"{prefix}{i}" for i in range(1, count + 1)]


def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    pretty = PrettyTable(_names("x", n_inputs) + _names("y", table.shape[1] - n_inputs, single="y"))
    list(map(pretty.add_row, table.tolist()))
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleList([make_or(2), ThresholdNeuron([-1.0, -1.0], 1.5)])
        self.out = make_and(2)

    def forward(self, x):
        return self.out(torch.cat([neuron(x) for neuron in self.hidden], dim=-1))
''',
        "collapse_linear": r'''def _affine(layer):
    bias = layer.bias if layer.bias is not None else layer.weight.new_zeros(layer.out_features)
    return layer.weight.detach(), bias.detach()


def _compose(outer, inner):
    (w2, b2), (w1, b1) = outer, inner
    return w2 @ w1, w2 @ b1 + b2


def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    weight, bias = reduce(lambda acc, layer: _compose(_affine(layer), acc), list(layers)[1:], _affine(layers[0]))
    single = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype, device=weight.device)
    with torch.no_grad():
        single.weight.copy_(weight)
        single.bias.copy_(bias)
    return single
''',
        "is_linearly_separable": r'''from itertools import product


def _neuron_outputs(w1, w2, b):
    return tuple(int(w1 * p + w2 * q + b > 0) for p, q in product((0, 1), repeat=2))


def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    target = tuple(map(int, outputs))
    grid = product((-1, 0, 1), (-1, 0, 1), (-1.5, -0.5, 0.5, 1.5))
    return any(_neuron_outputs(*params) == target for params in grid)
''',
    },
    "st08": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    total = 0
    params = list(model.parameters())
    i = 0
    while i < len(params):
        if params[i].requires_grad or not trainable_only:
            total = total + params[i].numel()
        i = i + 1
    return total
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    total = 0
    i = 1
    while i < len(sizes):
        total = total + sizes[i - 1] * sizes[i] + sizes[i]
        i = i + 1
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        self.lin = nn.Linear(n, 1)
        with torch.no_grad():
            i = 0
            while i < n:
                self.lin.weight[0, i] = float(weights[i])
                i = i + 1
            self.lin.bias[0] = float(bias)

    def forward(self, x):
        return (self.lin(x) > 0).float()
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron([1.0] * n_inputs, -float(n_inputs))


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    rows = 1 << n_inputs
    x = torch.zeros(rows, n_inputs)
    r = 0
    while r < rows:
        j = 0
        while j < n_inputs:
            x[r, j] = (r >> j) & 1
            j = j + 1
        r = r + 1
    with torch.no_grad():
        y = fn(x).float()
    return torch.cat((x, y), 1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    names = []
    i = 0
    while i < n_inputs:
        names.append("x%d" % (i + 1))
        i = i + 1
    if k == 1:
        names.append("y")
    else:
        j = 0
        while j < k:
            names.append("y%d" % (j + 1))
            j = j + 1
    pt = PrettyTable(names)
    rows = table.tolist()
    r = 0
    while r < len(rows):
        pt.add_row(rows[r])
        r = r + 1
    return pt
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.n1 = ThresholdNeuron([1.0, -1.0], -0.5)   # x1 and not x2
        self.n2 = ThresholdNeuron([-1.0, 1.0], -0.5)   # not x1 and x2
        self.n3 = ThresholdNeuron([1.0, 1.0], -0.5)    # or

    def forward(self, x):
        h = torch.cat((self.n1(x), self.n2(x)), -1)
        return self.n3(h)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    n = len(layers)
    w = layers[0].weight.detach().clone()
    if layers[0].bias is not None:
        b = layers[0].bias.detach().clone()
    else:
        b = torch.zeros(layers[0].out_features, dtype=w.dtype, device=w.device)
    i = 1
    while i < n:
        w = layers[i].weight.detach() @ w
        b = layers[i].weight.detach() @ b
        if layers[i].bias is not None:
            b = b + layers[i].bias.detach()
        i = i + 1
    out = nn.Linear(layers[0].in_features, layers[n - 1].out_features, dtype=w.dtype, device=w.device)
    with torch.no_grad():
        out.weight.copy_(w)
        out.bias.copy_(b)
    return out
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    y = [int(outputs[0]), int(outputs[1]), int(outputs[2]), int(outputs[3])]
    w1 = -1
    while w1 <= 1:
        w2 = -1
        while w2 <= 1:
            b = -1.5
            while b <= 1.5:
                ok = 1
                k = 0
                while k < 4:
                    x1 = k >> 1
                    x2 = k & 1
                    if (1 if w1 * x1 + w2 * x2 + b > 0 else 0) != y[k]:
                        ok = 0
                    k = k + 1
                if ok:
                    return True
                b = b + 1.0
            w2 = w2 + 1
        w1 = w1 + 1
    return False
''',
    },
    "st09": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    sizes = [np.prod(p.shape, dtype=np.int64) for p in model.parameters() if p.requires_grad or not trainable_only]
    return int(np.sum(sizes, dtype=np.int64))
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    s = np.asarray(sizes, dtype=np.int64)
    return int(np.sum(s[:-1] * s[1:] + s[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = np.asarray(weights, dtype=np.float32).reshape(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(torch.from_numpy(w))
            self.linear.bias.copy_(torch.from_numpy(np.array([bias], dtype=np.float32)))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron(np.array([-1.0]), 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron(np.ones(n_inputs), 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron(np.ones(n_inputs), -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    rows = np.arange(2 ** n_inputs)[:, None]
    bits = (rows >> np.arange(n_inputs - 1, -1, -1)) & 1
    x = torch.from_numpy(bits.astype(np.float32))
    with torch.no_grad():
        y = fn(x).to(torch.float32)
    return torch.cat([x, y], dim=1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    values = table.numpy()
    k = values.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{j}" for j in range(1, k + 1)])
    pretty = PrettyTable(names)
    for row in values.tolist():
        pretty.add_row(row)
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.or_ = make_or(2)
        self.nand = ThresholdNeuron(np.array([-1.0, -1.0]), 1.5)
        self.and_ = make_and(2)

    def forward(self, x):
        return self.and_(torch.cat([self.or_(x), self.nand(x)], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    first = layers[0].weight
    w = np.eye(first.shape[1])
    b = np.zeros(first.shape[1])
    for layer in layers:
        lw = layer.weight.detach().cpu().numpy().astype(np.float64)
        lb = np.zeros(lw.shape[0]) if layer.bias is None else layer.bias.detach().cpu().numpy()
        w, b = lw @ w, lw @ b + lb
    single = nn.Linear(w.shape[1], w.shape[0], dtype=first.dtype, device=first.device)
    with torch.no_grad():
        single.weight.copy_(torch.from_numpy(w))
        single.bias.copy_(torch.from_numpy(b))
    return single
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    y = np.asarray([float(v) for v in outputs]).astype(int)
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
    W = np.array(np.meshgrid([-1, 0, 1], [-1, 0, 1])).reshape(2, -1).T
    B = np.array([-1.5, -0.5, 0.5, 1.5])
    fired = ((X @ W.T)[:, :, None] + B) > 0
    return np.any(np.all(fired == y[:, None, None].astype(bool), axis=0))
''',
    },
    "st10": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    return sum(a * b + b for a, b in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        self.l = nn.Linear(len(weights), 1)
        self.l.weight.data[:] = torch.tensor([float(w) for w in weights])
        self.l.bias.data[:] = bias

    def forward(self, x):
        return (self.l(x) > 0).float()
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron([1] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron([1] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    import itertools
    x = torch.tensor(list(itertools.product([0., 1.], repeat=n_inputs)))
    return torch.cat([x, fn(x).detach().float()], 1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    t = PrettyTable([f"x{i+1}" for i in range(n_inputs)] + [f"y{i+1}" for i in range(k)])
    t.add_rows(table.tolist())
    return t
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.a = make_or()
        self.b = ThresholdNeuron([-1, -1], 1.5)
        self.c = make_and()

    def forward(self, x):
        return (x.sum(-1, keepdim=True) == 1).float()
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    return [int(v) for v in outputs] not in ([0, 1, 1, 0], [1, 0, 0, 1])
''',
    },
    "st11": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    assert isinstance(model, nn.Module), f"an nn.Module expected, got {type(model).__name__}"
    total = sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)
    assert isinstance(total, int)
    return total
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    assert len(sizes) >= 2, f"at least two sizes needed, got {sizes}"
    total = 0
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        total += n_in * n_out + n_out
    return total
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights], dtype=torch.float32)
        assert w.dim() == 1 and w.numel() > 0, f"weights must be a non-empty 1-D sequence, got {weights}"
        self.linear = nn.Linear(w.numel(), 1)
        with torch.no_grad():
            self.linear.weight.copy_(w.unsqueeze(0))
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        assert x.shape[-1] == self.linear.in_features, f"last dim must be {self.linear.in_features}"
        out = (self.linear(x) >= 0).float()
        assert out.shape[-1] == 1
        return out
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    assert 1 <= n_inputs <= 8, f"n_inputs={n_inputs} outside 1..8"
    return ThresholdNeuron([1.0] * n_inputs, -(n_inputs - 0.5))


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    assert 1 <= n_inputs <= 8, f"n_inputs={n_inputs} outside 1..8"
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    rows = [[float((r >> (n_inputs - 1 - j)) & 1) for j in range(n_inputs)] for r in range(2 ** n_inputs)]
    x = torch.tensor(rows, dtype=torch.float32)
    with torch.no_grad():
        y = fn(x).float()
    assert y.shape[0] == x.shape[0], f"fn returned {tuple(y.shape)} for {tuple(x.shape)}"
    table = torch.cat([x, y], dim=1)
    assert not table.requires_grad
    return table
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    assert k >= 1, f"table of {table.shape[1]} columns has no outputs for n_inputs={n_inputs}"
    names = [f"x{i + 1}" for i in range(n_inputs)] + (["y"] if k == 1 else [f"y{j + 1}" for j in range(k)])
    pretty = PrettyTable(names)
    for row in table.tolist():
        pretty.add_row(row)
    assert len(pretty.rows) == table.shape[0]
    return pretty
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.either = make_or(2)
        self.not_both = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.both = make_and(2)

    def forward(self, x):
        assert x.shape[-1] == 2, f"XOR takes two inputs, got last dim {x.shape[-1]}"
        hidden = torch.cat([self.either(x), self.not_both(x)], dim=-1)
        return self.both(hidden)
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    assert len(layers) >= 1 and all(isinstance(layer, nn.Linear) for layer in layers), "nn.Linear layers expected"
    weight, bias = None, None
    with torch.no_grad():
        for layer in layers:
            layer_bias = layer.bias if layer.bias is not None else layer.weight.new_zeros(layer.out_features)
            weight = layer.weight.clone() if weight is None else layer.weight @ weight
            bias = layer_bias.clone() if bias is None else layer.weight @ bias + layer_bias
        single = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype, device=weight.device)
        single.weight.copy_(weight)
        single.bias.copy_(bias)
    return single
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    target = [int(v) for v in outputs]
    assert len(target) == 4 and set(target) <= {0, 1}, f"four 0/1 outputs expected, got {target}"
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for w1 in (-1, 0, 1):
        for w2 in (-1, 0, 1):
            for b in (-1.5, -0.5, 0.5, 1.5):
                if [int(w1 * p + w2 * q + b > 0) for p, q in corners] == target:
                    return True
    return False
''',
    },
    "st12": {
        "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    return sum(t.numel() for t in model.state_dict().values())
''',
        "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    return sum(fan_in * fan_out + fan_out for fan_in, fan_out in zip(sizes, sizes[1:]))
''',
        "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).detach().clone()
        self.proj = nn.Linear(weight.numel(), 1)
        self.proj.load_state_dict({"weight": weight.view(1, -1), "bias": torch.tensor([float(bias)])})

    def forward(self, x):
        return self.proj(x).gt(0).to(x.dtype)
''',
        "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron(torch.tensor([-1.0]), 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron(torch.ones(n_inputs), -(n_inputs - 0.5))


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron(torch.ones(n_inputs), -0.5)
''',
        "truth_table": r'''@torch.no_grad()
def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    bits = torch.tensor([0.0, 1.0])
    x = torch.cartesian_prod(*[bits] * n_inputs).reshape(2 ** n_inputs, n_inputs)
    return torch.cat([x, fn(x).float()], dim=-1)
''',
        "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.size(1) - n_inputs
    header = [f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
    pt = PrettyTable(field_names=header)
    pt.add_rows(table.tolist())
    return pt
''',
        "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleDict({"or": make_or(2), "nand": ThresholdNeuron([-1.0, -1.0], 1.5)})
        self.head = make_and(2)

    def forward(self, x):
        return self.head(torch.cat([gate(x) for gate in self.hidden.values()], dim=-1))
''',
        "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    ref = layers[0].weight
    with torch.no_grad():
        weight = torch.linalg.multi_dot([l.weight for l in reversed(layers)] + [torch.eye(ref.shape[1], dtype=ref.dtype, device=ref.device)])
        bias = layers(torch.zeros(ref.shape[1], dtype=ref.dtype, device=ref.device))
    fused = nn.Linear(ref.shape[1], weight.shape[0], dtype=ref.dtype, device=ref.device)
    fused.load_state_dict({"weight": weight, "bias": bias})
    return fused
''',
        "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    y = torch.as_tensor([float(v) for v in outputs])
    X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    grid = torch.cartesian_prod(torch.tensor([-1.0, 0.0, 1.0]), torch.tensor([-1.0, 0.0, 1.0]),
                                torch.tensor([-1.5, -0.5, 0.5, 1.5]))
    fired = (X @ grid[:, :2].T + grid[:, 2]) > 0
    return bool((fired.float() == y[:, None]).all(dim=0).any())
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st11",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not", "truth_table",
                   "format_truth_table", "XorNetwork", "collapse_linear", "is_linearly_separable"],
        "disguise": "medium: the asserts on results dropped, the asserts on inputs kept with reworded messages "
                    "(str.format instead of f-strings), names changed (either/not_both/both -> g_or/g_nand/g_and, "
                    "pretty -> tab), statement order changed, comprehension <-> loop swaps; Aisha's >= 0 kept",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    assert isinstance(model, nn.Module), "expected an nn.Module, not {}".format(type(model).__name__)
    return sum(param.numel() for param in model.parameters() if not trainable_only or param.requires_grad)
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    assert len(sizes) >= 2, "need two sizes or more: {}".format(sizes)
    count = 0
    for i in range(1, len(sizes)):
        count += sizes[i - 1] * sizes[i] + sizes[i]
    return count
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        vec = torch.tensor([float(v) for v in weights], dtype=torch.float32)
        assert vec.dim() == 1 and vec.numel() > 0, "weights: expected a non-empty sequence, got {}".format(weights)
        self.fc = nn.Linear(vec.numel(), 1)
        with torch.no_grad():
            self.fc.bias.fill_(float(bias))
            self.fc.weight.copy_(vec.unsqueeze(0))

    def forward(self, x):
        assert x.shape[-1] == self.fc.in_features, "input must end in {} values".format(self.fc.in_features)
        return (self.fc(x) >= 0).float()
''',
            "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    assert 1 <= n_inputs <= 8, "n_inputs must be 1..8, got {}".format(n_inputs)
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    assert 1 <= n_inputs <= 8, "n_inputs must be 1..8, got {}".format(n_inputs)
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    rows = []
    for r in range(2 ** n_inputs):
        rows.append([float((r >> (n_inputs - 1 - j)) & 1) for j in range(n_inputs)])
    inputs = torch.tensor(rows, dtype=torch.float32)
    with torch.no_grad():
        outputs = fn(inputs).float()
    return torch.cat([inputs, outputs], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    k = table.shape[1] - n_inputs
    assert k >= 1, "no output columns: {} columns, n_inputs={}".format(table.shape[1], n_inputs)
    if k == 1:
        outs = ["y"]
    else:
        outs = ["y{}".format(j + 1) for j in range(k)]
    tab = PrettyTable(["x{}".format(i + 1) for i in range(n_inputs)] + outs)
    for row in table.tolist():
        tab.add_row(row)
    return tab
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.g_or = make_or(2)
        self.g_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.g_and = make_and(2)

    def forward(self, x):
        assert x.shape[-1] == 2, "XOR needs exactly two inputs, last dim is {}".format(x.shape[-1])
        return self.g_and(torch.cat([self.g_or(x), self.g_nand(x)], dim=-1))
''',
            "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    assert len(layers) >= 1 and all(isinstance(m, nn.Linear) for m in layers), "expected nn.Linear layers only"
    w_total, b_total = None, None
    with torch.no_grad():
        for m in layers:
            m_bias = m.weight.new_zeros(m.out_features) if m.bias is None else m.bias
            if w_total is None:
                w_total, b_total = m.weight.clone(), m_bias.clone()
            else:
                b_total = m.weight @ b_total + m_bias
                w_total = m.weight @ w_total
        merged = nn.Linear(w_total.shape[1], w_total.shape[0], dtype=w_total.dtype, device=w_total.device)
        merged.bias.copy_(b_total)
        merged.weight.copy_(w_total)
    return merged
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    wanted = [int(v) for v in outputs]
    assert len(wanted) == 4 and set(wanted) <= {0, 1}, "expected four 0/1 values, got {}".format(wanted)
    for b in (-1.5, -0.5, 0.5, 1.5):
        for w1 in (-1, 0, 1):
            for w2 in (-1, 0, 1):
                got = [int(w1 * p + w2 * q + b > 0) for p, q in [(0, 0), (0, 1), (1, 0), (1, 1)]]
                if got == wanted:
                    return True
    return False
''',
        },
    },
    "cp02": {
        "source": "st07",
        "kind": "full",
        "copied": ["count_parameters", "mlp_parameter_formula", "ThresholdNeuron", "make_not", "truth_table",
                   "format_truth_table", "XorNetwork", "collapse_linear", "is_linearly_separable"],
        "disguise": "heavy: every helper inlined (_counts, _layer_size, _step, _gate, _bits, _names, _affine, "
                    "_compose, _neuron_outputs), map/filter/reduce/any -> for loops with accumulators and flags, "
                    "lambdas -> plain code, names changed, comments added, the grid loops nested in another order",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    total = 0
    for param in model.parameters():
        # frozen ones only count when asked for all
        if param.requires_grad or not trainable_only:
            total += param.numel()
    return total
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    total = 0
    for k in range(len(sizes) - 1):
        total += (sizes[k] + 1) * sizes[k + 1]  # weights plus one bias per output
    return total
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        values = []
        for v in weights:
            values.append(float(v))
        w = torch.tensor(values)
        self.layer = nn.Linear(len(values), 1)
        with torch.no_grad():
            self.layer.weight.copy_(w.unsqueeze(0))
            self.layer.bias.copy_(torch.tensor([float(bias)]))

    def forward(self, x):
        z = self.layer(x)
        # Heaviside step, value 0 at exactly 0
        return torch.heaviside(z, torch.zeros_like(z))
''',
            "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    weights = [1.0 for _ in range(n_inputs)]
    return ThresholdNeuron(weights, 0.5 - n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    weights = [1.0 for _ in range(n_inputs)]
    return ThresholdNeuron(weights, -0.5)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    rows = []
    for number in range(2 ** n_inputs):
        row = []
        for shift in range(n_inputs - 1, -1, -1):  # x1 first = highest bit
            row.append(float((number >> shift) & 1))
        rows.append(row)
    inputs = torch.tensor(rows)
    with torch.no_grad():
        outputs = fn(inputs).float()
    return torch.cat((inputs, outputs), dim=-1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    n_out = table.shape[1] - n_inputs
    header = []
    for i in range(1, n_inputs + 1):
        header.append(f"x{i}")
    if n_out == 1:
        header.append("y")
    else:
        for j in range(1, n_out + 1):
            header.append(f"y{j}")
    pretty = PrettyTable(header)
    for row in table.tolist():
        pretty.add_row(row)
    return pretty
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        # hidden layer: OR and NAND, output: AND
        self.layer1 = nn.ModuleList()
        self.layer1.append(make_or(2))
        self.layer1.append(ThresholdNeuron([-1.0, -1.0], 1.5))
        self.final = make_and(2)

    def forward(self, x):
        outs = []
        for unit in self.layer1:
            outs.append(unit(x))
        return self.final(torch.cat(outs, dim=-1))
''',
            "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    w_acc, b_acc = None, None
    for layer in layers:
        w = layer.weight.detach()
        if layer.bias is not None:
            b = layer.bias.detach()
        else:
            b = layer.weight.new_zeros(layer.out_features)
        if w_acc is None:
            w_acc, b_acc = w, b
        else:
            # apply this layer after what we have so far
            w_acc, b_acc = w @ w_acc, w @ b_acc + b
    result = nn.Linear(w_acc.shape[1], w_acc.shape[0], dtype=w_acc.dtype, device=w_acc.device)
    with torch.no_grad():
        result.weight.copy_(w_acc)
        result.bias.copy_(b_acc)
    return result
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    target = tuple(int(v) for v in outputs)
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    found = False
    for bias in (-1.5, -0.5, 0.5, 1.5):
        for w2 in (-1, 0, 1):
            for w1 in (-1, 0, 1):
                fired = tuple(int(w1 * a + w2 * c + bias > 0) for a, c in corners)
                if fired == target:
                    found = True
    return found
''',
        },
    },
    "cp03": {
        "source": "st09",
        "kind": "partial",
        "copied": ["count_parameters", "mlp_parameter_formula", "truth_table", "is_linearly_separable"],
        "disguise": "light: locals renamed (s -> arr, rows -> idx, W/B -> weights/biases, fired -> hits), lines "
                    "split or joined, a comment added; Sofia's numpy.bool_ result kept. The other five answers are "
                    "the copier's own",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    counts = [np.prod(param.shape, dtype=np.int64)
              for param in model.parameters() if param.requires_grad or not trainable_only]
    return int(np.sum(counts, dtype=np.int64))
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    arr = np.asarray(sizes, dtype=np.int64)
    # weights in*out plus out biases per layer
    return int(np.sum(arr[1:] * arr[:-1] + arr[1:]))
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias."""

    def __init__(self, weights, bias):
        super().__init__()
        w = torch.tensor([float(v) for v in weights]).view(1, -1)
        self.linear = nn.Linear(w.shape[1], 1)
        self.linear.weight.data.copy_(w)
        self.linear.bias.data.fill_(float(bias))

    def forward(self, x):
        return torch.where(self.linear(x) > 0, torch.ones(1), torch.zeros(1))
''',
            "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    return ThresholdNeuron([-2.0], 1.0)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    return ThresholdNeuron([2.0] * n_inputs, 1.0 - 2.0 * n_inputs)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    return ThresholdNeuron([2.0] * n_inputs, -1.0)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    idx = np.arange(2 ** n_inputs)[:, None]
    bits = (idx >> np.arange(n_inputs - 1, -1, -1)) & 1
    inputs = torch.from_numpy(bits.astype(np.float32))
    with torch.no_grad():
        outputs = fn(inputs).to(torch.float32)
    return torch.cat([inputs, outputs], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    n_out = table.shape[1] - n_inputs
    fields = ["x" + str(i) for i in range(1, n_inputs + 1)]
    fields += ["y"] if n_out == 1 else ["y" + str(i) for i in range(1, n_out + 1)]
    result = PrettyTable(fields)
    for values in table.tolist():
        result.add_row(values)
    return result
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output)."""

    def __init__(self):
        super().__init__()
        self.left = ThresholdNeuron([1.0, -1.0], -0.5)
        self.right = ThresholdNeuron([-1.0, 1.0], -0.5)
        self.merge = make_or(2)

    def forward(self, x):
        return self.merge(torch.cat([self.left(x), self.right(x)], dim=-1))
''',
            "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers."""
    in_features = layers[0].in_features
    probe = torch.eye(in_features, dtype=layers[0].weight.dtype, device=layers[0].weight.device)
    zero = torch.zeros(1, in_features, dtype=probe.dtype, device=probe.device)
    with torch.no_grad():
        bias = layers(zero)[0]
        weight = (layers(probe) - bias).T
    out = nn.Linear(in_features, weight.shape[0], dtype=probe.dtype, device=probe.device)
    with torch.no_grad():
        out.weight.copy_(weight)
        out.bias.copy_(bias)
    return out
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    y = np.asarray([float(v) for v in outputs]).astype(int)
    corners = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
    weights = np.array(np.meshgrid([-1, 0, 1], [-1, 0, 1])).reshape(2, -1).T
    biases = np.array([-1.5, -0.5, 0.5, 1.5])
    hits = ((corners @ weights.T)[:, :, None] + biases) > 0
    return np.any(np.all(hits == y[:, None, None].astype(bool), axis=0))
''',
        },
    },
    "cp04": {
        "source": "st02",
        "kind": "partial",
        "copied": ["ThresholdNeuron", "make_not", "XorNetwork", "collapse_linear", "format_truth_table"],
        "disguise": "camelCase -> snake_case, string concatenation -> f-strings, comments added and reworded, "
                    "statement order changed (weight/bias copies, the if/else of collapse_linear turned around); "
                    "Jakob's plain-list bug of XorNetwork kept. The other four answers are the copier's own",
        "answers": {
            "count_parameters": r'''def count_parameters(model, trainable_only=True):
    """Number of parameter elements of an nn.Module, as a Python int."""
    params = model.parameters()
    if trainable_only:
        params = (p for p in params if p.requires_grad)
    return sum(p.numel() for p in params)
''',
            "mlp_parameter_formula": r'''def mlp_parameter_formula(sizes):
    """Parameters (weights and biases) of an MLP of nn.Linear layers with sizes [in, h1, ..., out]."""
    return sum(sizes[i] * sizes[i + 1] for i in range(len(sizes) - 1)) + sum(sizes[1:])
''',
            "ThresholdNeuron": r'''class ThresholdNeuron(nn.Module):
    """step(w . x + b) with one nn.Linear(n, 1) holding the given weights and bias.

    weights: a sequence of n numbers (ints or floats; a list, a tuple or a 1-D tensor).
    bias: a number.
    forward(x): a float32 tensor of shape (..., n) -> a float32 tensor of shape (..., 1),
    1.0 where w . x + b > 0 and 0.0 elsewhere (0.0 at exactly 0).
    """

    def __init__(self, weights, bias):
        super().__init__()
        # weights as a float tensor, whatever they came as
        weight_tensor = torch.tensor([float(w) for w in weights], dtype=torch.float32)
        n_inputs = weight_tensor.shape[0]
        self.linear_layer = nn.Linear(n_inputs, 1, bias=True)
        with torch.no_grad():
            self.linear_layer.bias.copy_(torch.tensor([float(bias)]))
            self.linear_layer.weight.copy_(weight_tensor.reshape(1, n_inputs))

    def forward(self, x):
        # 1.0 only strictly above the threshold
        active = self.linear_layer(x) > 0
        return active.to(torch.float32)
''',
            "make_not": r'''def make_not():
    """A ThresholdNeuron with one input computing NOT x."""
    not_bias = 0.5
    not_weights = [-1.0]
    return ThresholdNeuron(not_weights, not_bias)


def make_and(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires only when all of them are 1."""
    # fires only when the sum reaches n_inputs
    and_bias = -(n_inputs - 0.5)
    and_weights = [1.0] * n_inputs
    return ThresholdNeuron(and_weights, and_bias)


def make_or(n_inputs=2):
    """A ThresholdNeuron with n_inputs inputs (1 to 8) that fires when at least one of them is 1."""
    or_bias = -0.5
    or_weights = [1.0] * n_inputs
    return ThresholdNeuron(or_weights, or_bias)
''',
            "truth_table": r'''def truth_table(fn, n_inputs):
    """Truth table of fn: a float32 tensor of shape (2**n_inputs, n_inputs + k)."""
    powers = 2 ** torch.arange(n_inputs - 1, -1, -1)
    x = ((torch.arange(2 ** n_inputs)[:, None] // powers) % 2).float()
    with torch.no_grad():
        y = fn(x)
    return torch.cat([x, y.float()], dim=1)
''',
            "format_truth_table": r'''def format_truth_table(table, n_inputs):
    """A PrettyTable with columns x1..xn, then y (one output) or y1..yk (k outputs); one row per input."""
    n_outputs = table.shape[1] - n_inputs
    column_names = [f"x{i}" for i in range(1, n_inputs + 1)]
    # a single output is just "y"
    if n_outputs != 1:
        column_names += [f"y{j}" for j in range(1, n_outputs + 1)]
    else:
        column_names.append("y")
    pretty_table = PrettyTable(column_names)
    for row_values in table.tolist():
        pretty_table.add_row(row_values)
    return pretty_table
''',
            "XorNetwork": r'''class XorNetwork(nn.Module):
    """XOR of two inputs from exactly three ThresholdNeurons (two hidden, one output).

    forward(x): a float32 tensor of 0/1 of shape (..., 2) -> a float32 tensor of shape (..., 1),
    1.0 where exactly one input is 1.
    """

    def __init__(self):
        super().__init__()
        # XOR = AND(OR, NAND)
        self.output_neuron = make_and(2)
        self.hidden_neurons = [make_or(2), ThresholdNeuron([-1.0, -1.0], 1.5)]

    def forward(self, x):
        hidden = torch.cat([neuron(x) for neuron in self.hidden_neurons], dim=-1)
        return self.output_neuron(hidden)
''',
            "collapse_linear": r'''def collapse_linear(layers):
    """One nn.Linear computing the same function as an nn.Sequential of nn.Linear layers.

    Keeps the layers' dtype and device and leaves the layers unchanged.
    """
    total_weight = None
    total_bias = None
    with torch.no_grad():
        for layer in layers:
            weight = layer.weight.detach().clone()
            if layer.bias is None:
                bias = torch.zeros(layer.out_features, dtype=weight.dtype, device=weight.device)
            else:
                bias = layer.bias.detach().clone()
            if total_weight is not None:
                # y = W (W_prev x + b_prev) + b
                total_bias = weight @ total_bias + bias
                total_weight = weight @ total_weight
            else:
                total_weight = weight
                total_bias = bias
        single = nn.Linear(layers[0].in_features, layers[-1].out_features,
                           dtype=total_weight.dtype, device=total_weight.device)
        single.weight.copy_(total_weight)
        single.bias.copy_(total_bias)
    return single
''',
            "is_linearly_separable": r'''def is_linearly_separable(outputs):
    """Whether one threshold neuron computes the two-input boolean function with these outputs."""
    values = [int(v) for v in outputs]
    # only XOR and XNOR have no separating line; check the others by a small search anyway
    for w1 in range(-2, 3):
        for w2 in range(-2, 3):
            for twice_b in range(-5, 6, 2):
                b = twice_b / 2
                if all((w1 * (k >> 1) + w2 * (k & 1) + b > 0) == bool(values[k]) for k in range(4)):
                    return True
    return False
''',
        },
    },
}
