"""Variants of the solution cells of lesson 03_logic_neurons.

WRONG: plausible wrong answers; the test cell of their exercise must lose points.
RIGHT: correct answers in another style; they must keep full marks.
Each value is the complete source of the exercise's solution cell.
"""

WRONG = {
    "count_parameters": {
        # Hard-coded for the homework's 3-5-2 network.
        "hardcoded_32": '''
def count_parameters(model, trainable_only=True):
    return 32
''',
        # Counts parameter tensors, not their elements.
        "counts_tensors": '''
def count_parameters(model, trainable_only=True):
    return len([p for p in model.parameters() if p.requires_grad or not trainable_only])
''',
        # Ignores trainable_only: frozen parameters are always counted.
        "ignores_frozen": '''
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters())
''',
        # Counts a shared parameter once per name (tied weights, a layer used twice).
        "counts_shared_twice": '''
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for _, p in model.named_parameters(remove_duplicate=False)
               if p.requires_grad or not trainable_only)
''',
        # Counts the state_dict: buffers (BatchNorm statistics) and shared tensors twice.
        "counts_state_dict": '''
def count_parameters(model, trainable_only=True):
    params = {name: p for name, p in model.named_parameters()}
    total = 0
    for name, t in model.state_dict().items():
        if trainable_only and name in params and not params[name].requires_grad:
            continue
        total += t.numel()
    return total
''',
        # Only knows nn.Linear layers, from the formula in * out + out.
        "linear_layers_only": '''
def count_parameters(model, trainable_only=True):
    total = 0
    for m in model.modules():
        if isinstance(m, nn.Linear):
            if trainable_only and not m.weight.requires_grad:
                continue
            total += m.in_features * m.out_features + m.out_features
    return total
''',
        # Sums parameters() of every submodule: nested parameters are counted at every level.
        "sums_every_module": '''
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for m in model.modules() for p in m.parameters()
               if p.requires_grad or not trainable_only)
''',
        # Reads the flag backwards: with trainable_only=False it counts only the frozen ones.
        "flag_backwards": '''
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if p.requires_grad == trainable_only)
''',
        # Returns a 0-dim tensor instead of a Python int.
        "returns_tensor": '''
def count_parameters(model, trainable_only=True):
    return torch.tensor([p.numel() for p in model.parameters() if p.requires_grad or not trainable_only]).sum()
''',
        # trainable_only=False still leaves the frozen parameters out.
        "always_trainable_only": '''
def count_parameters(model, trainable_only=True):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)
''',
        # Returns a float.
        "returns_float": '''
def count_parameters(model, trainable_only=True):
    return float(sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only))
''',
    },
    "mlp_parameter_formula": {
        # Hard-coded for [3, 5, 2].
        "hardcoded_32": '''
def mlp_parameter_formula(sizes):
    return 32
''',
        # Forgets the biases.
        "no_biases": '''
def mlp_parameter_formula(sizes):
    return sum(a * b for a, b in zip(sizes[:-1], sizes[1:]))
''',
        # One bias per input instead of per output.
        "bias_per_input": '''
def mlp_parameter_formula(sizes):
    return sum(a * b + a for a, b in zip(sizes[:-1], sizes[1:]))
''',
        # Gives the input layer a bias too.
        "bias_for_every_size": '''
def mlp_parameter_formula(sizes):
    return sum(a * b for a, b in zip(sizes[:-1], sizes[1:])) + sum(sizes)
''',
        # Off by one: drops the last layer.
        "drops_last_layer": '''
def mlp_parameter_formula(sizes):
    return sum(sizes[i] * sizes[i + 1] + sizes[i + 1] for i in range(len(sizes) - 2))
''',
        # Builds the MLP and counts its parameters: the task forbids building the model.
        "builds_the_model": '''
def mlp_parameter_formula(sizes):
    mlp = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])
    return sum(p.numel() for p in mlp.parameters())
''',
        # Builds the layers on the meta device (no memory, still modules and parameters).
        "builds_on_meta": '''
def mlp_parameter_formula(sizes):
    return sum(p.numel() for a, b in zip(sizes, sizes[1:]) for p in nn.Linear(a, b, device="meta").parameters())
''',
        # Allocates every weight and bias tensor and counts their elements.
        "allocates_weights": '''
def mlp_parameter_formula(sizes):
    return sum(torch.empty(b, a).numel() + torch.zeros(b).numel() for a, b in zip(sizes, sizes[1:]))
''',
        # Returns a float.
        "returns_float": '''
def mlp_parameter_formula(sizes):
    return float(sum(a * b + b for a, b in zip(sizes, sizes[1:])))
''',
    },
    "ThresholdNeuron": {
        # Fires at exactly zero.
        "fires_at_zero": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) >= 0).to(x.dtype)
''',
        # Returns booleans instead of 1.0 / 0.0.
        "bool_output": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return self.linear(x) > 0
''',
        # Drops the last dimension: (...,) instead of (..., 1).
        "squeezed_output": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float().squeeze(-1)
''',
        # Never copies the given values: the nn.Linear keeps its random initialization.
        "random_weights": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.linear = nn.Linear(len(weights), 1)
        self.bias_value = bias

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        # Treats the bias as a threshold: fires when w.x > bias, i.e. the bias has the wrong sign.
        "bias_as_threshold": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(-float(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
        # Flattens the input to 2-D and never restores the leading dimensions.
        "flattens_batch": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x.reshape(-1, self.linear.in_features)) > 0).float()
''',
        # A bias-free nn.Linear and the bias kept as a plain attribute: forward is right, the layer is not.
        "bias_outside_linear": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        self.linear = nn.Linear(len(weights), 1, bias=False)
        with torch.no_grad():
            self.linear.weight.copy_(torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1))
        self.bias_value = float(bias)

    def forward(self, x):
        return (self.linear(x) + self.bias_value > 0).float()
''',
        # An extra trainable temperature besides the nn.Linear.
        "extra_parameter": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        self.temperature = nn.Parameter(torch.ones(1))
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return (self.linear(x) * self.temperature > 0).float()
''',
        # A sigmoid instead of the step.
        "sigmoid_output": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(float(bias))

    def forward(self, x):
        return torch.sigmoid(self.linear(x))
''',
        # Rounds the bias to an int (a bias of -1.5 becomes -1).
        "int_bias": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        weight = torch.as_tensor(weights, dtype=torch.float32).reshape(1, -1)
        self.linear = nn.Linear(weight.shape[1], 1)
        with torch.no_grad():
            self.linear.weight.copy_(weight)
            self.linear.bias.fill_(int(bias))

    def forward(self, x):
        return (self.linear(x) > 0).float()
''',
    },
    "make_not": {
        # AND keeps the two-input bias -1.5 for any number of inputs.
        "and_fixed_bias": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -1.5)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # OR ignores n_inputs: always a two-input neuron.
        "or_two_inputs_only": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0, 1.0], -0.5)
''',
        # AND as "more than half the inputs": right for two inputs, majority for more.
        "and_is_majority": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -n_inputs / 2)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # AND boundary through the all-ones corner: w.x + b == 0 there, so it never fires.
        "and_on_corner": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -float(n_inputs))


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # NOT with bias 0: z == 0 for input 0, so it outputs 0 there.
        "not_on_boundary": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.0)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # OR threshold above one: needs two ones to fire.
        "or_needs_two": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -1.0)
''',
        # NOT with the identity's weights: fires on 1 instead of 0.
        "not_is_identity": '''
def make_not():
    return ThresholdNeuron([1.0], -0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # The parameter is called n, so make_and(n_inputs=3) fails.
        "and_parameter_misnamed": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n=2):
    return ThresholdNeuron([1.0] * n, 0.5 - n)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, -0.5)
''',
        # OR returns a bare nn.Linear, not a ThresholdNeuron.
        "or_returns_linear": '''
def make_not():
    return ThresholdNeuron([-1.0], 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.5 - n_inputs)


def make_or(n_inputs=2):
    layer = nn.Linear(n_inputs, 1)
    with torch.no_grad():
        layer.weight.fill_(1.0)
        layer.bias.fill_(-0.5)
    return layer
''',
    },
    "truth_table": {
        # fn called with autograd on: for a differentiable fn (nn.Linear) the table requires grad.
        "table_in_graph": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)))
    return torch.cat([inputs, fn(inputs).to(torch.float32)], dim=1)
''',
        # x1 as the least significant bit.
        "lsb_first": '''
def truth_table(fn, n_inputs):
    rows = torch.arange(2 ** n_inputs).unsqueeze(1)
    inputs = ((rows >> torch.arange(n_inputs)) & 1).float()
    return torch.cat([inputs, fn(inputs).float()], dim=1)
''',
        # Counts down from 11..1 to 00..0.
        "counts_down": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([1.0, 0.0], repeat=n_inputs)))
    return torch.cat([inputs, fn(inputs).float()], dim=1)
''',
        # cartesian_prod without care for one input: a 1-D tensor for n_inputs == 1.
        "cartesian_prod_one_input": '''
def truth_table(fn, n_inputs):
    inputs = torch.cartesian_prod(*[torch.tensor([0.0, 1.0])] * n_inputs)
    return torch.cat([inputs, fn(inputs).float()], dim=1)
''',
        # Outputs before inputs.
        "outputs_first": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)))
    return torch.cat([fn(inputs).float(), inputs], dim=1)
''',
        # Assumes a single output.
        "single_output_only": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs)))
    return torch.cat([inputs, fn(inputs).float().reshape(-1, 1)], dim=1)
''',
        # Hard-coded for two inputs.
        "two_inputs_only": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    return torch.cat([inputs, fn(inputs).float()], dim=1)
''',
        # A float64 table.
        "float64_table": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs))).reshape(-1, n_inputs)
    return torch.cat([inputs, fn(inputs).float()], dim=1).double()
''',
        # No cast of fn's outputs: a float64 or int64 fn makes a table of another dtype.
        "keeps_output_dtype": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs))).reshape(-1, n_inputs)
    return torch.cat([inputs, fn(inputs)], dim=1)
''',
        # Returns nested lists instead of a tensor.
        "returns_lists": '''
def truth_table(fn, n_inputs):
    inputs = torch.tensor(list(itertools.product([0.0, 1.0], repeat=n_inputs))).reshape(-1, n_inputs)
    return torch.cat([inputs, fn(inputs).float()], dim=1).tolist()
''',
    },
    "format_truth_table": {
        # Names a single output y1 instead of y.
        "always_numbered_y": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    pretty = PrettyTable([f"x{i}" for i in range(1, n_inputs + 1)] + [f"y{i}" for i in range(1, k + 1)])
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
        # Counts columns from zero: x0, x1, ...
        "zero_based_names": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(n_inputs)]
    names += ["y"] if k == 1 else [f"y{i}" for i in range(k)]
    pretty = PrettyTable(names)
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
        # Puts 0-dim tensors into the cells.
        "tensor_cells": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)]
    names += ["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)]
    pretty = PrettyTable(names)
    for row in table:
        pretty.add_row(list(row))
    return pretty
''',
        # Calls every output column y (PrettyTable refuses duplicate names).
        "every_output_named_y": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    pretty = PrettyTable([f"x{i}" for i in range(1, n_inputs + 1)] + ["y"] * k)
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
        # Ignores n_inputs: assumes one output column.
        "assumes_one_output": '''
def format_truth_table(table, n_inputs):
    n = table.shape[1] - 1
    pretty = PrettyTable([f"x{i}" for i in range(1, n + 1)] + ["y"])
    for row in table.tolist():
        pretty.add_row([int(v) for v in row])
    return pretty
''',
        # Drops the last row (an off-by-one range).
        "drops_last_row": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
    pretty = PrettyTable(names)
    rows = table.tolist()
    for i in range(len(rows) - 1):
        pretty.add_row([int(v) for v in rows[i]])
    return pretty
''',
        # True/False in the cells: a truth table often reads so, but the task asks for numbers.
        "bool_cells": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
    pretty = PrettyTable(names)
    for row in table.tolist():
        pretty.add_row([v == 1.0 for v in row])
    return pretty
''',
        # Strings in the cells.
        "string_cells": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i}" for i in range(1, n_inputs + 1)] + (["y"] if k == 1 else [f"y{i}" for i in range(1, k + 1)])
    pretty = PrettyTable(names)
    for row in table.tolist():
        pretty.add_row([f"{v:g}" for v in row])
    return pretty
''',
    },
    "XorNetwork": {
        # Four neurons: OR, AND, NOT(AND), then AND.
        "four_neurons": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_and = ThresholdNeuron([1.0, 1.0], -1.5)
        self.not_and = ThresholdNeuron([-1.0], 0.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.not_and(self.hidden_and(x))], dim=-1)
        return self.output_and(hidden)
''',
        # Output NAND instead of AND: computes XNOR.
        "computes_xnor": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output = ThresholdNeuron([-1.0, -1.0], 1.5)

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output(hidden)
''',
        # Holds three neurons but computes XOR by a formula that bypasses them.
        "bypasses_neurons": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        return (x[..., :1] != x[..., 1:]).float()
''',
        # Two neurons and arithmetic: OR - AND.
        "two_neurons_and_arithmetic": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        return self.hidden_or(x) - self.hidden_and(x)
''',
        # An extra learnable scale besides the three neurons.
        "extra_parameter": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden) * self.scale
''',
        # Output AND with its boundary through the corner (1, 1): never fires.
        "output_on_corner": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -2.0)

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden)
''',
        # Returns shape (...,) instead of (..., 1).
        "squeezed_output": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        hidden = torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=-1)
        return self.output_and(hidden).squeeze(-1)
''',
        # Three neurons, but the output neuron also reads the raw inputs and never needs the OR neuron.
        "unused_neuron": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_and = ThresholdNeuron([1.0, 1.0], -1.5)
        self.output = ThresholdNeuron([1.0, 1.0, -2.0, 0.0], -0.5)

    def forward(self, x):
        return self.output(torch.cat([x, self.hidden_and(x), self.hidden_or(x)], dim=-1))
''',
        # Concatenates along dim=1: fine for a batch of shape (n, 2), wrong for other shapes.
        "cat_on_dim_1": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_or = ThresholdNeuron([1.0, 1.0], -0.5)
        self.hidden_nand = ThresholdNeuron([-1.0, -1.0], 1.5)
        self.output_and = ThresholdNeuron([1.0, 1.0], -1.5)

    def forward(self, x):
        return self.output_and(torch.cat([self.hidden_or(x), self.hidden_nand(x)], dim=1))
''',
    },
    "collapse_linear": {
        # Multiplies the weights and forgets the biases.
        "drops_biases": '''
def collapse_linear(layers):
    weight = layers[0].weight.detach()
    for layer in list(layers)[1:]:
        weight = layer.weight.detach() @ weight
    collapsed = nn.Linear(weight.shape[1], weight.shape[0], bias=False, dtype=weight.dtype)
    with torch.no_grad():
        collapsed.weight.copy_(weight)
    return collapsed
''',
        # Adds up the biases without passing them through the later weights.
        "sums_biases": '''
def collapse_linear(layers):
    layers = list(layers)
    weight = layers[0].weight.detach()
    for layer in layers[1:]:
        weight = layer.weight.detach() @ weight
    bias = torch.zeros(weight.shape[0], dtype=weight.dtype)
    for layer in layers:
        if layer.bias is not None and layer.bias.shape == bias.shape:
            bias = bias + layer.bias.detach()
    collapsed = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype)
    with torch.no_grad():
        collapsed.weight.copy_(weight)
        collapsed.bias.copy_(bias)
    return collapsed
''',
        # Multiplies in the wrong order (W1 W2 ... instead of ... W2 W1); fine only when it happens to commute.
        "wrong_order": '''
def collapse_linear(layers):
    layers = list(layers)
    weight = layers[0].weight.detach()
    bias = layers[0].bias.detach() if layers[0].bias is not None else torch.zeros(weight.shape[0], dtype=weight.dtype)
    for layer in layers[1:]:
        weight = weight @ layer.weight.detach()
        bias = bias @ layer.weight.detach().T
        if layer.bias is not None:
            bias = bias + layer.bias.detach()
    collapsed = nn.Linear(weight.shape[1], weight.shape[0], dtype=weight.dtype)
    with torch.no_grad():
        collapsed.weight.copy_(weight)
        collapsed.bias.copy_(bias)
    return collapsed
''',
        # Always builds a float32 layer, whatever the dtype of the stack.
        "ignores_dtype": '''
def collapse_linear(layers):
    layers = list(layers)
    weight = layers[0].weight.detach()
    bias = layers[0].bias.detach() if layers[0].bias is not None else torch.zeros(weight.shape[0], dtype=weight.dtype)
    for layer in layers[1:]:
        weight = layer.weight.detach() @ weight
        bias = layer.weight.detach() @ bias
        if layer.bias is not None:
            bias = bias + layer.bias.detach()
    collapsed = nn.Linear(weight.shape[1], weight.shape[0])
    with torch.no_grad():
        collapsed.weight.copy_(weight)
        collapsed.bias.copy_(bias)
    return collapsed
''',
        # Lets the first layer decide: no bias at all when the first layer has none.
        "first_layer_decides_bias": '''
def collapse_linear(layers):
    layers = list(layers)
    has_bias = layers[0].bias is not None
    weight = torch.eye(layers[0].in_features, dtype=layers[0].weight.dtype)
    bias = torch.zeros(layers[0].in_features, dtype=layers[0].weight.dtype)
    with torch.no_grad():
        for layer in layers:
            weight = layer.weight @ weight
            bias = layer.weight @ bias
            if layer.bias is not None:
                bias = bias + layer.bias
        collapsed = nn.Linear(weight.shape[1], weight.shape[0], bias=has_bias, dtype=weight.dtype)
        collapsed.weight.copy_(weight)
        if has_bias:
            collapsed.bias.copy_(bias)
    return collapsed
''',
        # Does not collapse: hands back the stack.
        "returns_the_stack": '''
def collapse_linear(layers):
    return layers
''',
        # Writes the result into the first layer and returns it: the stack is modified.
        "overwrites_first_layer": '''
def collapse_linear(layers):
    layers = list(layers)
    first = layers[0]
    with torch.no_grad():
        weight, bias = first.weight.clone(), first.bias.clone() if first.bias is not None else torch.zeros(first.out_features, dtype=first.weight.dtype)
        for layer in layers[1:]:
            weight = layer.weight @ weight
            bias = layer.weight @ bias + (layer.bias if layer.bias is not None else 0)
        result = nn.Linear(first.in_features, layers[-1].out_features, dtype=first.weight.dtype)
        first.weight.zero_()
        result.weight.copy_(weight)
        result.bias.copy_(bias)
    return result
''',
        # Keeps only the last layer's bias.
        "last_bias_only": '''
def collapse_linear(layers):
    layers = list(layers)
    first = layers[0]
    with torch.no_grad():
        weight = first.weight.clone()
        for layer in layers[1:]:
            weight = layer.weight @ weight
        result = nn.Linear(first.in_features, layers[-1].out_features, dtype=first.weight.dtype)
        result.weight.copy_(weight)
        result.bias.copy_(layers[-1].bias if layers[-1].bias is not None else torch.zeros(layers[-1].out_features))
    return result
''',
    },
    "is_linearly_separable": {
        # Only knows XOR.
        "only_xor": '''
def is_linearly_separable(outputs):
    return [int(v) for v in outputs] != [0, 1, 1, 0]
''',
        # Thinks every function with two ones is XOR-like.
        "two_ones_inseparable": '''
def is_linearly_separable(outputs):
    return sum(int(v) for v in outputs) != 2
''',
        # Searches non-negative weights only: misses NOT, NAND, NOR and friends.
        "nonnegative_weights_only": '''
def is_linearly_separable(outputs):
    target = [float(v) for v in outputs]
    corners = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    for w1 in (0.0, 1.0):
        for w2 in (0.0, 1.0):
            for b in (-1.5, -0.5, 0.5):
                if all(float(w1 * x1 + w2 * x2 + b > 0) == y for (x1, x2), y in zip(corners, target)):
                    return True
    return False
''',
        # Diagonal test without the "labels differ" part: calls the constants inseparable.
        "diagonals_only": '''
def is_linearly_separable(outputs):
    o = [int(v) for v in outputs]
    return not (o[0] == o[3] and o[1] == o[2])
''',
        # Always says yes.
        "always_true": '''
def is_linearly_separable(outputs):
    return True
''',
        # Right answers, but as a tensor instead of a Python bool.
        "returns_tensor": '''
def is_linearly_separable(outputs):
    o = torch.as_tensor([float(v) for v in outputs])
    return ~((o[0] == o[3]) & (o[1] == o[2]) & (o[0] != o[1]))
''',
        # Right answers as a NumPy bool instead of a Python bool.
        "numpy_bool": '''
import numpy as np


def is_linearly_separable(outputs):
    o = np.array([int(v) for v in outputs])
    return np.bool_(not (o[0] == o[3] and o[1] == o[2] and o[0] != o[1]))
''',
    },
}

RIGHT = {
    "count_parameters": {
        # Explicit deduplication by identity over every name of every parameter.
        "dedup_by_id": '''
def count_parameters(model, trainable_only=True):
    seen = set()
    total = 0
    for _, p in model.named_parameters(remove_duplicate=False):
        if id(p) in seen:
            continue
        seen.add(id(p))
        if trainable_only and not p.requires_grad:
            continue
        total += int(torch.tensor(p.shape).prod().item()) if p.dim() else 1
    return total
''',
        # A filtered list and math.prod of the shapes.
        "math_prod": '''
import math


def count_parameters(model, trainable_only=True):
    params = [p for p in model.parameters() if not trainable_only or p.requires_grad]
    return sum(math.prod(p.shape) for p in params)
''',
        # Deduplicate by identity in a dict, then filter.
        "dict_by_identity": '''
def count_parameters(model, trainable_only=True):
    unique = {id(p): p for _, p in model.named_parameters(remove_duplicate=False)}
    return sum(int(p.numel()) for p in unique.values() if p.requires_grad or not trainable_only)
''',
    },
    "mlp_parameter_formula": {
        # Weights and biases summed separately.
        "weights_plus_biases": '''
def mlp_parameter_formula(sizes):
    sizes = list(sizes)
    weights = sum(sizes[i] * sizes[i + 1] for i in range(len(sizes) - 1))
    biases = sum(sizes[1:])
    return weights + biases
''',
        # (in + 1) * out per layer: the bias as an extra input.
        "bias_as_extra_input": '''
def mlp_parameter_formula(sizes):
    total = 0
    for n_in, n_out in zip(sizes, sizes[1:]):
        total += (n_in + 1) * n_out
    return total
''',
        # Arithmetic on a tensor of the sizes (no model, no weight tensors), then int().
        "tensor_arithmetic": '''
def mlp_parameter_formula(sizes):
    s = torch.tensor(list(sizes))
    return int((s[:-1] * s[1:] + s[1:]).sum())
''',
    },
    "ThresholdNeuron": {
        # Fresh nn.Parameters assigned to the layer; heaviside with value 0 at 0.
        "parameters_and_heaviside": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        w = torch.as_tensor(weights, dtype=torch.float32).flatten()
        self.fc = nn.Linear(len(w), 1)
        self.fc.weight = nn.Parameter(w.clone().unsqueeze(0))
        self.fc.bias = nn.Parameter(torch.tensor([float(bias)]))

    def forward(self, x):
        z = self.fc(x)
        return torch.heaviside(z, torch.zeros_like(z))
''',
        # load_state_dict, then the sum written by hand and torch.where.
        "state_dict_and_where": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        values = [float(v) for v in weights]
        self.layer = nn.Linear(len(values), 1)
        self.layer.load_state_dict({"weight": torch.tensor([values]), "bias": torch.tensor([float(bias)])})

    def forward(self, x):
        z = x @ self.layer.weight.T + self.layer.bias
        return torch.where(z > 0, torch.ones_like(z), torch.zeros_like(z)).detach()
''',
        # Weight and bias set through .data; the output made float32 with .float().
        "data_assignment": '''
class ThresholdNeuron(nn.Module):
    def __init__(self, weights, bias):
        super().__init__()
        n = len(weights)
        self.fc = nn.Linear(n, 1)
        self.fc.weight.data = torch.tensor([[float(w) for w in weights]])
        self.fc.bias.data = torch.tensor([float(bias)])

    def forward(self, x):
        return (self.fc(x) > 0).float()
''',
    },
    "make_not": {
        # Other weights: everything doubled.
        "scaled_weights": '''
def make_not():
    return ThresholdNeuron([-2.0], 1.0)


def make_and(n_inputs=2):
    return ThresholdNeuron([2.0] * n_inputs, 1.0 - 2.0 * n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([2] * n_inputs, -1)
''',
        # Boundaries exactly on the corners that must stay silent (the step is strict).
        "boundary_on_silent_corner": '''
def make_not():
    return ThresholdNeuron([-1.0], 1.0)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 1.0 - n_inputs)


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0] * n_inputs, 0.0)
''',
        # Normalized weights 1/n.
        "normalized_weights": '''
def make_not():
    return ThresholdNeuron(torch.tensor([-1.0]), 0.5)


def make_and(n_inputs=2):
    return ThresholdNeuron([1.0 / n_inputs] * n_inputs, -(1.0 - 0.5 / n_inputs))


def make_or(n_inputs=2):
    return ThresholdNeuron([1.0 / n_inputs] * n_inputs, -0.5 / n_inputs)
''',
        # Each neuron built with zero weights, then set through its parameters (weight, then bias).
        "set_after_building": '''
def _built(n, weight, bias):
    neuron = ThresholdNeuron([0.0] * n, 0.0)
    with torch.no_grad():
        w, b = neuron.parameters()
        w.fill_(weight)
        b.fill_(bias)
    return neuron


def make_not():
    return _built(1, -1.0, 0.5)


def make_and(n_inputs=2):
    return _built(n_inputs, 1.0, 0.5 - n_inputs)


def make_or(n_inputs=2):
    return _built(n_inputs, 1.0, -0.5)
''',
        # Keyword arguments, tensor weights and a tensor bias.
        "keyword_tensors": '''
def make_not():
    return ThresholdNeuron(weights=torch.tensor([-1.0]), bias=torch.tensor(0.5))


def make_and(n_inputs=2):
    return ThresholdNeuron(weights=torch.ones(n_inputs), bias=-(n_inputs - 0.5))


def make_or(n_inputs=2):
    neuron = ThresholdNeuron(weights=torch.ones(n_inputs), bias=-0.5)
    return neuron
''',
    },
    "truth_table": {
        # cartesian_prod, reshaped so that one input still gives a column.
        "cartesian_prod_reshaped": '''
def truth_table(fn, n_inputs):
    inputs = torch.cartesian_prod(*[torch.tensor([0.0, 1.0])] * n_inputs).reshape(-1, n_inputs)
    outputs = fn(inputs).detach().to(torch.float32)
    return torch.hstack([inputs, outputs])
''',
        # Bits by hand, fn called row by row.
        "bits_row_by_row": '''
def truth_table(fn, n_inputs):
    rows = []
    for i in range(2 ** n_inputs):
        bits = torch.tensor([float((i >> (n_inputs - 1 - j)) & 1) for j in range(n_inputs)])
        with torch.no_grad():
            rows.append(torch.cat([bits, fn(bits).reshape(-1).float()]))
    return torch.stack(rows)
''',
        # Rows from the bits of 0 .. 2**n - 1, most significant first.
        "bit_shifts": '''
def truth_table(fn, n_inputs):
    rows = torch.arange(2 ** n_inputs).unsqueeze(1)
    inputs = ((rows >> torch.arange(n_inputs - 1, -1, -1)) & 1).to(torch.float32)
    return torch.cat([inputs, fn(inputs).detach().float()], dim=-1)
''',
    },
    "format_truth_table": {
        # add_rows with int64 values; names joined from two lists.
        "add_rows_ints": '''
def format_truth_table(table, n_inputs):
    n_outputs = table.shape[1] - n_inputs
    if n_outputs == 1:
        outputs = ["y"]
    else:
        outputs = ["y" + str(j + 1) for j in range(n_outputs)]
    pretty = PrettyTable()
    pretty.field_names = ["x" + str(j + 1) for j in range(n_inputs)] + outputs
    pretty.add_rows(table.to(torch.int64).tolist())
    return pretty
''',
        # Floats straight from tolist().
        "float_cells": '''
def format_truth_table(table, n_inputs):
    k = table.shape[1] - n_inputs
    names = [f"x{i + 1}" for i in range(n_inputs)] + (["y"] if k == 1 else [f"y{i + 1}" for i in range(k)])
    pretty = PrettyTable(names)
    for row in table.tolist():
        pretty.add_row(row)
    return pretty
''',
    },
    "XorNetwork": {
        # OR and AND into "OR and not AND".
        "or_minus_and": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.any_one = ThresholdNeuron([1.0, 1.0], -0.5)
        self.both = ThresholdNeuron([1.0, 1.0], -1.5)
        self.out = ThresholdNeuron([1.0, -1.0], -0.5)

    def forward(self, x):
        return self.out(torch.cat([self.any_one(x), self.both(x)], dim=-1))
''',
        # (x1 AND NOT x2) OR (NOT x1 AND x2), hidden neurons in a ModuleList.
        "two_ands_into_or": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.ModuleList([
            ThresholdNeuron([2.0, -2.0], -1.0),
            ThresholdNeuron([-2.0, 2.0], -1.0),
        ])
        self.out = ThresholdNeuron([3.0, 3.0], -1.0)

    def forward(self, x):
        h = torch.cat([neuron(x) for neuron in self.hidden], dim=-1)
        return self.out(h)
''',
        # Built from the exercise 2.2 gates plus a NAND.
        "from_gate_makers": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = nn.ModuleList([make_or(2), ThresholdNeuron([-1, -1], 1.5)])
        self.layer2 = make_and(2)

    def forward(self, x):
        return self.layer2(torch.stack([n(x)[..., 0] for n in self.layer1], dim=-1))
''',
        # (x1 AND NOT x2) OR (NOT x1 AND x2) with float weights given as tuples, torch.concat.
        "tuples_and_concat": '''
class XorNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.left = ThresholdNeuron((1.0, -1.0), -0.5)
        self.right = ThresholdNeuron((-1.0, 1.0), -0.5)
        self.join = ThresholdNeuron((1.0, 1.0), -0.5)

    def forward(self, x):
        return self.join(torch.concat((self.left(x), self.right(x)), -1))
''',
    },
    "collapse_linear": {
        # Probes the stack: bias = f(0), weight columns = f(e_i) - f(0).
        "probe_with_identity": '''
def collapse_linear(layers):
    first = layers[0]
    n = first.in_features
    dtype = first.weight.dtype
    with torch.no_grad():
        bias = layers(torch.zeros(1, n, dtype=dtype))[0]
        weight = (layers(torch.eye(n, dtype=dtype)) - bias).T
    result = nn.Linear(n, weight.shape[0], dtype=dtype)
    with torch.no_grad():
        result.weight.copy_(weight)
        result.bias.copy_(bias)
    return result
''',
        # functools.reduce over (W, b) pairs; no bias at all when no layer has one.
        "reduce_pairs": '''
from functools import reduce


def collapse_linear(layers):
    def affine(layer):
        b = layer.bias if layer.bias is not None else torch.zeros(layer.out_features, dtype=layer.weight.dtype)
        return layer.weight.detach().clone(), b.detach().clone()

    def compose(acc, nxt):
        (w1, b1), (w2, b2) = acc, nxt
        return w2 @ w1, w2 @ b1 + b2

    weight, bias = reduce(compose, [affine(layer) for layer in layers])
    any_bias = any(layer.bias is not None for layer in layers)
    result = nn.Linear(weight.shape[1], weight.shape[0], bias=any_bias, dtype=weight.dtype)
    result.weight = nn.Parameter(weight)
    if any_bias:
        result.bias = nn.Parameter(bias)
    return result
''',
        # Compose in float64, then cast back to the layers' dtype.
        "float64_then_cast": '''
def collapse_linear(layers):
    layers = list(layers)
    dtype = layers[0].weight.dtype
    with torch.no_grad():
        weight = layers[0].weight.double()
        bias = layers[0].bias.double() if layers[0].bias is not None else torch.zeros(layers[0].out_features, dtype=torch.float64)
        for layer in layers[1:]:
            weight = layer.weight.double() @ weight
            bias = layer.weight.double() @ bias
            if layer.bias is not None:
                bias = bias + layer.bias.double()
        result = nn.Linear(layers[0].in_features, layers[-1].out_features, dtype=dtype)
        result.weight.copy_(weight.to(dtype))
        result.bias.copy_(bias.to(dtype))
    return result
''',
    },
    "is_linearly_separable": {
        # Geometry: inseparable exactly when each diagonal shares a label and the diagonals differ.
        "diagonals": '''
def is_linearly_separable(outputs):
    o00, o01, o10, o11 = (int(v) for v in outputs)
    return not (o00 == o11 and o01 == o10 and o00 != o01)
''',
        # The perceptron learning rule: converges on separable data, gives up otherwise.
        "perceptron": '''
def is_linearly_separable(outputs):
    data = [((0, 0), int(outputs[0])), ((0, 1), int(outputs[1])), ((1, 0), int(outputs[2])), ((1, 1), int(outputs[3]))]
    w1 = w2 = b = 0
    for _ in range(100):
        errors = 0
        for (x1, x2), y in data:
            fired = 1 if w1 * x1 + w2 * x2 + b > 0 else 0
            if fired != y:
                errors += 1
                step = y - fired
                w1 += step * x1
                w2 += step * x2
                b += step
        if errors == 0:
            return True
    return False
''',
        # Only XOR and XNOR are out of reach.
        "xor_and_xnor": '''
def is_linearly_separable(outputs):
    return [int(v) for v in outputs] not in ([0, 1, 1, 0], [1, 0, 0, 1])
''',
    },
}

# Single edits of the solution (tests/lessons/mutants.py) that are still right answers.
EQUIVALENT_MUTANTS = {
    "ThresholdNeuron:16:drop float()": "fill_(bias) takes the int or float bias as it is",
    "make_not:3:1.0->2.0": "weight -2 and bias 0.5 still compute NOT",
    "make_not:13:1.0->2.0": "weights 2 and bias -0.5 still compute OR for any number of inputs",
    "format_truth_table:11:drop int()": "the cells keep the float values, which the task allows",
    "format_truth_table:11:drop float()": "tolist() gives Python floats, which have is_integer() themselves",
    "XorNetwork:10:1.0->2.0": "weights (2, 1) with bias -0.5 still compute OR in the hidden layer",
    "XorNetwork:10:1.0->2.0#2": "weights (1, 2) with bias -0.5 still compute OR in the hidden layer",
    "is_linearly_separable:7:drop float()": "ints, bools and 0-dim tensors compare with 0.0 and 1.0 like floats",
    "is_linearly_separable:13:Eq->NotEq": "it finds a neuron for the complement instead; the complement of a separable "
                                          "function is separable (negate w and b) and the grid is symmetric",
    "is_linearly_separable:13:drop float()": "a bool compares with 0.0 and 1.0 like the float",
    "is_linearly_separable:13:Gt->GtE": "integer weights and half-integer biases never give w.x + b == 0",
    "is_linearly_separable:13:Add->Sub": "w1 x1 + w2 x2 - b: the grid of biases is symmetric under b -> -b",
    "is_linearly_separable:13:Add->Sub#2": "w1 x1 - w2 x2 + b: the grid of weights is symmetric under w2 -> -w2",
}

# Every visible example: the solution is broken on exactly that call (tests/lessons/test_lessons.py), so
# the hidden checks must include it. {exercise: {example: (function or method, condition on its arguments)}}
SHAPES_352 = "[tuple(p.shape) for p in model.parameters()] == [(5, 3), (5,), (2, 5), (2,)]"
CORNERS = "torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])"
VISIBLE_EXAMPLES = {
    "count_parameters": {
        "a 3-5-2 network": ("count_parameters", f"lambda model, trainable_only=True: {SHAPES_352} and "
                                                "all(p.requires_grad for p in model.parameters()) and trainable_only is True"),
        "nn.Linear(4, 4) used twice": ("count_parameters", "lambda model, trainable_only=True: isinstance(model, "
                                       "nn.Sequential) and len(model) == 3 and model[0] is model[2] and "
                                       "[tuple(p.shape) for p in model.parameters()] == [(4, 4), (4,)]"),
        "the first layer frozen": ("count_parameters", f"lambda model, trainable_only=True: {SHAPES_352} and "
                                   "[p.requires_grad for p in model.parameters()] == [False, False, True, True] "
                                   "and trainable_only is True"),
        "the first layer frozen, trainable_only=False": (
            "count_parameters", f"lambda model, trainable_only=True: {SHAPES_352} and "
            "[p.requires_grad for p in model.parameters()] == [False, False, True, True] and trainable_only is False"),
    },
    "mlp_parameter_formula": {
        "[3, 5, 2]": ("mlp_parameter_formula", "lambda sizes: list(sizes) == [3, 5, 2]"),
        "[3, 2]": ("mlp_parameter_formula", "lambda sizes: list(sizes) == [3, 2]"),
    },
    "ThresholdNeuron": {
        "weights (1, 1), bias -1.5": ("ThresholdNeuron.__init__", "lambda self, weights, bias: "
                                      "list(weights) == [1.0, 1.0] and bias == -1.5"),
        "AND on the four corners": ("ThresholdNeuron.forward", f"lambda self, x: _same(x, {CORNERS}) and "
                                    "[p.tolist() for p in self.parameters()] == [[[1.0, 1.0]], [-1.5]]"),
        "w.x + b == 0": ("ThresholdNeuron.forward", "lambda self, x: _same(x, torch.tensor([1.0, 1.0])) and "
                         "[p.tolist() for p in self.parameters()] == [[[1.0, -1.0]], [0.0]]"),
    },
    "make_not": {
        "make_not()": ("make_not", "lambda: True"),
        "make_and()": ("make_and", "lambda n_inputs=2: _same(n_inputs, 2)"),
        "make_or()": ("make_or", "lambda n_inputs=2: _same(n_inputs, 2)"),
    },
    "truth_table": {
        "AND of two inputs": ("truth_table", f"lambda fn, n_inputs: _same(n_inputs, 2) and "
                              f"_same(fn({CORNERS}), torch.tensor([[0.0], [0.0], [0.0], [1.0]]))"),
        "y = x1 of two inputs": ("truth_table", f"lambda fn, n_inputs: _same(n_inputs, 2) and "
                                 f"_same(fn({CORNERS}), torch.tensor([[0.0], [0.0], [1.0], [1.0]]))"),
        "OR as bools": ("truth_table", f"lambda fn, n_inputs: _same(n_inputs, 2) and "
                        f"_same(fn({CORNERS}), torch.tensor([[False], [True], [True], [True]]))"),
        "AND in float64": ("truth_table", f"lambda fn, n_inputs: _same(n_inputs, 2) and _same(fn({CORNERS}), "
                           "torch.tensor([[0.0], [0.0], [0.0], [1.0]], dtype=torch.float64))"),
        "nn.Linear(2, 1) with weights (1, 2), bias -1": (
            "truth_table", "lambda fn, n_inputs: _same(n_inputs, 2) and isinstance(fn, nn.Linear) and "
            "fn.weight.tolist() == [[1.0, 2.0]] and fn.bias.tolist() == [-1.0]"),
    },
    "format_truth_table": {
        "the AND table": ("format_truth_table", "lambda table, n_inputs: _same(n_inputs, 2) and _same(table, "
                          "torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]]))"),
        "the (AND, OR) table": ("format_truth_table", "lambda table, n_inputs: _same(n_inputs, 2) and _same(table, "
                                "torch.tensor([[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0], "
                                "[1.0, 1.0, 1.0, 1.0]]))"),
    },
    "XorNetwork": {
        "the four corners": ("XorNetwork.forward", f"lambda self, x: _same(x, {CORNERS})"),
        "the four corners as a (2, 2, 2) batch": ("XorNetwork.forward",
                                                  f"lambda self, x: _same(x, {CORNERS}.reshape(2, 2, 2))"),
        "the single input [0, 1]": ("XorNetwork.forward", "lambda self, x: _same(x, torch.tensor([0.0, 1.0]))"),
    },
    "collapse_linear": {
        "3 -> 5 -> 2 with biases": ("collapse_linear", "lambda layers: [tuple(p.shape) for p in layers.parameters()] "
                                                       "== [(5, 3), (5,), (2, 5), (2,)]"),
        "2 -> 3 -> 4 -> 1, the middle layer without a bias": (
            "collapse_linear", "lambda layers: [tuple(p.shape) for p in layers.parameters()] "
                               "== [(3, 2), (3,), (4, 3), (1, 4), (1,)]"),
    },
    "is_linearly_separable": {
        "AND as ints": ("is_linearly_separable", "lambda outputs: type(outputs) is list and "
                        "[type(o) for o in outputs] == [int] * 4 and outputs == [0, 0, 0, 1]"),
        "XOR as ints": ("is_linearly_separable", "lambda outputs: type(outputs) is list and "
                        "[type(o) for o in outputs] == [int] * 4 and outputs == [0, 1, 1, 0]"),
        "NOR as ints": ("is_linearly_separable", "lambda outputs: type(outputs) is list and "
                        "[type(o) for o in outputs] == [int] * 4 and outputs == [1, 0, 0, 0]"),
        "OR as bools": ("is_linearly_separable", "lambda outputs: type(outputs) is tuple and "
                        "[type(o) for o in outputs] == [bool] * 4 and outputs == (False, True, True, True)"),
    },
}
