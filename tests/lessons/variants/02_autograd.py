"""Wrong and right answers for lesson 02 (autograd); each replaces a whole solution cell.

WRONG variants are mistakes students make: each must lose the points of its exercise's test cell.
RIGHT variants are correct answers written in another style: each must keep full marks.
"""
WRONG = {
    "poly_grads": {
        # create_graph=True: the gradients stay in a graph and require grad.
        "gradients_in_graph": '''
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    f = (lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum()
    return torch.autograd.grad(f, leaves, create_graph=True)
''',
        # requires_grad_() and backward() on the caller's tensors: leaves .grad behind, accumulates.
        "grads_on_caller": '''
def poly_grads(x, y, z):
    for t in (x, y, z):
        t.requires_grad_(True)
    (x**2 + y**2 + z**2 + 2 * x * y * z).sum().backward()
    return x.grad, y.grad, z.grad
''',
        # The closed form: right values, but not computed with autograd.
        "closed_form": '''
def poly_grads(x, y, z):
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        # clone() without detach(), then backward(): for an input that requires grad the copy is
        # not a leaf, so the gradient flows into the caller's graph and the copy's .grad stays None.
        "clone_without_detach": '''
def poly_grads(x, y, z):
    x, y, z = (t.clone().requires_grad_(True) for t in (x, y, z))
    (x**2 + y**2 + z**2 + 2 * x * y * z).sum().backward()
    return x.grad, y.grad, z.grad
''',
        # Drops the factor 2 of the cross term.
        "cross_term_without_2": '''
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    return torch.autograd.grad((lx**2 + ly**2 + lz**2 + lx * ly * lz).sum(), leaves)
''',
        # Turns the caller's tensors into grad-requiring ones (torch.autograd.grad keeps .grad clean).
        "flags_on_caller": '''
def poly_grads(x, y, z):
    leaves = [t.requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    return torch.autograd.grad((lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum(), leaves)
''',
        # The closed form, with a real autograd pass whose result is thrown away.
        "closed_form_with_dummy_pass": '''
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    torch.autograd.grad((lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum(), leaves)
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        # Autograd on another function whose gradient equals the closed form: not a pass over f.
        "autograd_of_another_function": '''
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    with torch.no_grad():
        gx, gy, gz = 2 * lx + 2 * ly * lz, 2 * ly + 2 * lx * lz, 2 * lz + 2 * lx * ly
    return torch.autograd.grad((lx * gx + ly * gy + lz * gz).sum(), leaves)
''',
        # The mean instead of the sum: every gradient divided by the number of elements.
        "mean_not_sum": '''
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    return torch.autograd.grad((lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).mean(), leaves)
''',
    },
    "poly_grads_analytic": {
        # d(2xyz)/dx is 2yz, not yz.
        "cross_term_without_2": '''
def poly_grads_analytic(x, y, z):
    return 2 * x + y * z, 2 * y + x * z, 2 * z + x * y
''',
        # Wrong pairing of the variables in the cross term.
        "wrong_pairs": '''
def poly_grads_analytic(x, y, z):
    return 2 * x + 2 * x * y, 2 * y + 2 * y * z, 2 * z + 2 * x * z
''',
        # Uses autograd instead of the closed form.
        "uses_autograd": '''
def poly_grads_analytic(x, y, z):
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    return torch.autograd.grad((lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum(), leaves)
''',
        # Forgets the derivative of the square terms (x**2 -> 2x).
        "square_term_as_x": '''
def poly_grads_analytic(x, y, z):
    return x + 2 * y * z, y + 2 * x * z, z + 2 * x * y
''',
        # Always float32, whatever the inputs' dtype.
        "always_float32": '''
def poly_grads_analytic(x, y, z):
    return tuple((g).float() for g in (2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y))
''',
    },
    "mse": {
        # Sum instead of mean.
        "sum_not_mean": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).sum()
''',
        # No shape check: (n, 1) against (n,) silently broadcasts to (n, n).
        "silent_broadcast": '''
def mse(y_pred, y_true):
    return ((y_pred - y_true) ** 2).mean()
''',
        # Only compares the number of elements: (n, 1) against (n,) passes.
        "checks_numel_only": '''
def mse(y_pred, y_true):
    if y_pred.numel() != y_true.numel():
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred.reshape(-1) - y_true.reshape(-1)) ** 2).mean()
''',
        # Returns a Python float: no gradient can flow.
        "returns_float": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean().item()
''',
        # The error message does not say which shapes.
        "message_without_shapes": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError("y_pred and y_true must have the same shape")
    return ((y_pred - y_true) ** 2).mean()
''',
        # Mean absolute error.
        "absolute_error": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return (y_pred - y_true).abs().mean()
''',
        # Names only one of the two shapes.
        "message_one_shape": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"y_pred has the wrong shape {tuple(y_pred.shape)}")
    return ((y_pred - y_true) ** 2).mean()
''',
        # The right check, the wrong exception type.
        "raises_runtime_error": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise RuntimeError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
''',
        # Cuts the result off the graph.
        "detached_result": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean().detach()
''',
        # Always float64.
        "always_float64": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return ((y_pred.double() - y_true.double()) ** 2).mean()
''',
        # In-place operations to save memory: the right value, but the caller's y_pred holds the squared
        # differences afterwards (and a y_pred that requires grad raises).
        "changes_y_pred_in_place": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    return y_pred.sub_(y_true).pow_(2).mean()
''',
    },
    "linear_mse_grads": {
        # create_graph=True: the gradients stay in a graph and require grad.
        "gradients_in_graph": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    return torch.autograd.grad(mse(x @ w + b, y_true), (w, b), create_graph=True)
''',
        # backward() into the caller's w and b: the second call returns doubled gradients.
        "accumulates_on_caller": '''
def linear_mse_grads(x, w, b, y_true):
    w.requires_grad_(True)
    b.requires_grad_(True)
    mse(x @ w + b, y_true).backward()
    return w.grad, b.grad
''',
        # Sum of squared errors instead of the mean.
        "sum_loss": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    pred = x @ w + b
    if pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(pred.shape)} and {tuple(y_true.shape)}")
    return torch.autograd.grad(((pred - y_true) ** 2).sum(), (w, b))
''',
        # Forgets the bias in the prediction.
        "forgets_bias": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = mse(x @ w + 0 * b, y_true)
    return torch.autograd.grad(loss, (w, b))
''',
        # Inline loss without a shape check: (n, 1) predictions broadcast against (n,) targets.
        "inline_broadcast": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = ((x @ w + b - y_true) ** 2).mean()
    return torch.autograd.grad(loss, (w, b))
''',
        # Closed form that returns db as a 0-dim tensor whatever the shape of b.
        "db_wrong_shape": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    loss = mse(x @ w + b.detach(), y_true)
    (dw,) = torch.autograd.grad(loss, (w,))
    residual = (x @ w + b - y_true).detach()
    return dw, 2 * residual.mean()
''',
        # Returns (db, dw).
        "swapped": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    dw, db = torch.autograd.grad(mse(x @ w + b, y_true), (w, b))
    return db, dw
''',
        # No detach(): a caller's w or b that did not require grad does afterwards.
        "flags_on_caller": '''
def linear_mse_grads(x, w, b, y_true):
    w = w.requires_grad_(True)
    b = b.requires_grad_(True)
    return torch.autograd.grad(mse(x @ w + b, y_true), (w, b))
''',
    },
    "chain_rule_grads": {
        # The torch.autograd.grad gradient with create_graph=True: it requires grad.
        "grad_in_graph": '''
def chain_rule_grads(x):
    x_backward = x.detach().clone().requires_grad_(True)
    torch.sin(x_backward**2 + 1).sum().backward()
    x_grad = x.detach().clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(torch.sin(x_grad**2 + 1).sum(), x_grad, create_graph=True)
    return x_backward.grad, grad
''',
        # One graph kept alive with retain_graph=True and used for both passes.
        "shared_graph": '''
def chain_rule_grads(x):
    leaf = x.detach().clone().requires_grad_(True)
    out = torch.sin(leaf**2 + 1).sum()
    out.backward(retain_graph=True)
    (grad,) = torch.autograd.grad(out, leaf)
    return leaf.grad, grad
''',
        # One graph used twice: .backward() freed it, so torch.autograd.grad fails.
        "reuses_freed_graph": '''
def chain_rule_grads(x):
    leaf = x.detach().clone().requires_grad_(True)
    out = torch.sin(leaf**2 + 1).sum()
    out.backward()
    (grad,) = torch.autograd.grad(out, leaf)
    return leaf.grad, grad
''',
        # torch.autograd.grad twice, never .backward().
        "no_backward": '''
def chain_rule_grads(x):
    grads = []
    for _ in range(2):
        leaf = x.detach().clone().requires_grad_(True)
        grads.append(torch.autograd.grad(torch.sin(leaf**2 + 1).sum(), leaf)[0])
    return grads[0], grads[1]
''',
        # backward() on the caller's x: leaves x.grad behind and accumulates across calls.
        "grad_on_caller": '''
def chain_rule_grads(x):
    x.requires_grad_(True)
    torch.sin(x**2 + 1).sum().backward()
    (grad,) = torch.autograd.grad(torch.sin(x**2 + 1).sum(), x)
    return x.grad, grad
''',
        # Forgets the inner derivative 2x in the autograd.grad result.
        "missing_inner_derivative": '''
def chain_rule_grads(x):
    leaf = x.detach().clone().requires_grad_(True)
    torch.sin(leaf**2 + 1).sum().backward()
    other = x.detach().clone().requires_grad_(True)
    inner = (other**2 + 1).detach().requires_grad_(True)
    (grad,) = torch.autograd.grad(torch.sin(inner).sum(), inner)
    return leaf.grad, grad
''',
        # The closed form, with both kinds of pass run and their results thrown away.
        "closed_form_with_dummy_passes": '''
def chain_rule_grads(x):
    leaf = x.detach().clone().requires_grad_(True)
    torch.sin(leaf**2 + 1).sum().backward()
    other = x.detach().clone().requires_grad_(True)
    torch.autograd.grad(torch.sin(other**2 + 1).sum(), other)
    exact = 2 * x.detach() * torch.cos(x.detach() ** 2 + 1)
    return exact, exact.clone()
''',
        # The two results in the wrong order.
        "swapped_order": '''
def chain_rule_grads(x):
    x_backward = x.detach().clone().requires_grad_(True)
    torch.sin(x_backward**2 + 1).sum().backward()
    x_grad = x.detach().clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(torch.sin(x_grad**2 + 1).sum(), x_grad)
    return grad, x_backward.grad
''',
    },
    "sgd_step": {
        # In-place update of a leaf outside no_grad: RuntimeError.
        "outside_no_grad": '''
def sgd_step(params, lr):
    for p in params:
        p -= lr * p.grad
        p.grad = None
''',
        # Re-binds the loop variable inside no_grad: the caller's tensors never change.
        "rebinds_name": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p = p - lr * p.grad
            p.grad = None
''',
        # Forgets to reset the gradients.
        "no_reset": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
''',
        # Replaces the list items with new tensors (which do not require grad).
        "replaces_list_items": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for i in range(len(params)):
            params[i] = params[i] - lr * params[i].grad
''',
        # Two passes over params: a generator is exhausted before the reset.
        "two_passes": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
    for p in params:
        p.grad = None
''',
        # Gives the parameter new storage instead of updating it in place.
        "replaces_storage": '''
def sgd_step(params, lr):
    for p in params:
        p.data = p.data - lr * p.grad
        p.grad = None
''',
        # Gradient ascent: the sign is wrong.
        "wrong_sign": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p += lr * p.grad
            p.grad = None
''',
        # Zeroes the gradient before using it: nothing moves.
        "reset_before_update": '''
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.grad.zero_()
            p -= lr * p.grad
''',
    },
    "fit_line": {
        # Sum of squared errors: the step is N times too large and diverges.
        "sum_loss": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        ((w * x + b - y) ** 2).sum().backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        # Ignores the steps argument.
        "ignores_steps": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(500):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        # Uses torch.optim.SGD instead of sgd_step.
        "torch_optim": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = torch.optim.SGD([w, b], lr=lr)
    for _ in range(steps):
        optimizer.zero_grad()
        mse(w * x + b, y).backward()
        optimizer.step()
    return w.item(), b.item()
''',
        # Returns tensors instead of Python floats.
        "returns_tensors": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.detach(), b.detach()
''',
        # Its own update loop without sgd_step, and it never resets the gradients.
        "own_update_no_reset": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
    return w.item(), b.item()
''',
        # Returns (b, w).
        "swapped_result": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return b.item(), w.item()
''',
        # Gradients from the formula written into .grad: not computed by autograd.
        "closed_form_gradients": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        with torch.no_grad():
            residual = w * x + b - y
            w.grad = 2 * (residual * x).mean()
            b.grad = 2 * residual.mean()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        # One step too many.
        "one_extra_step": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps + 1):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        # Refuses steps=0 (found among the held-out answers of tests/similarity/independent_b): with no step
        # at all the result must be w = b = 0.
        "refuses_zero_steps": '''
def fit_line(x, y, lr=0.05, steps=500):
    assert steps > 0 and lr > 0
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        # Starts from w = b = 1.
        "starts_from_one": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.ones((), requires_grad=True)
    b = torch.ones((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
    },
    "count_graph_nodes": {
        # No memory of visited nodes: a shared node is counted once per path.
        "counts_every_path": '''
def count_graph_nodes(t):
    counts = {}
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
''',
        # node.name() is "torch::autograd::AccumulateGrad" for leaves, not the class name.
        "uses_node_name": '''
def count_graph_nodes(t):
    counts, seen = {}, set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        counts[node.name()] = counts.get(node.name(), 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
''',
        # Skips the leaves' AccumulateGrad nodes.
        "skips_leaves": '''
def count_graph_nodes(t):
    counts, seen = {}, set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if type(node).__name__ != "AccumulateGrad":
            counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
''',
        # Only looks one level down from t.grad_fn.
        "one_level": '''
def count_graph_nodes(t):
    if t.grad_fn is None:
        return {}
    counts = {type(t.grad_fn).__name__: 1}
    for child in {child for child, _ in t.grad_fn.next_functions if child is not None}:
        counts[type(child).__name__] = counts.get(type(child).__name__, 0) + 1
    return counts
''',
        # Counts the None entries of next_functions as nodes.
        "counts_none": '''
def count_graph_nodes(t):
    counts, seen = {}, set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node is not None and node in seen:
            continue
        seen.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        if node is not None:
            stack.extend(child for child, _ in node.next_functions)
    return counts
''',
        # Runs the backward pass to "visit" the graph: leaves get a .grad and the graph is freed.
        "runs_backward": '''
def count_graph_nodes(t):
    counts, seen = {}, set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    if t.grad_fn is not None:
        t.sum().backward()
    return counts
''',
    },
    "abcd_grads": {
        # Reports a gradient for every tensor, also those that do not require grad.
        "grads_for_all": '''
def abcd_grads(a, b, c, d):
    return {"a": b.detach(), "b": a.detach(), "c": d.detach(), "d": c.detach()}
''',
        # Zeros instead of None for a tensor that does not require grad.
        "zeros_not_none": '''
def abcd_grads(a, b, c, d):
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: o.detach() if t.requires_grad else torch.zeros_like(t) for k, (t, o) in pairs.items()}
''',
        # The gradient of a*b w.r.t. a taken as a (the variable itself).
        "own_value": '''
def abcd_grads(a, b, c, d):
    tensors = {"a": a, "b": b, "c": c, "d": d}
    return {k: t.detach() if t.requires_grad else None for k, t in tensors.items()}
''',
        # Uses backward() on the caller's tensors instead of the formula.
        "uses_backward": '''
def abcd_grads(a, b, c, d):
    (a * b + c * d).sum().backward()
    return {"a": a.grad, "b": b.grad, "c": c.grad, "d": d.grad}
''',
        # Tests is_leaf instead of requires_grad: a non-leaf that requires grad gets None.
        "checks_is_leaf": '''
def abcd_grads(a, b, c, d):
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: o.detach() if t.requires_grad and t.is_leaf else None for k, (t, o) in pairs.items()}
''',
        # Pairs a with d and c with b.
        "wrong_partners": '''
def abcd_grads(a, b, c, d):
    pairs = {"a": (a, d), "b": (b, c), "c": (c, b), "d": (d, a)}
    return {k: o.detach().clone() if t.requires_grad else None for k, (t, o) in pairs.items()}
''',
        # Gradients in float64.
        "float64": '''
def abcd_grads(a, b, c, d):
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: o.detach().double() if t.requires_grad else None for k, (t, o) in pairs.items()}
''',
        # The partner tensors themselves: g["a"].zero_() would zero the caller's b.
        "partner_itself": '''
def abcd_grads(a, b, c, d):
    return {"a": b if a.requires_grad else None, "b": a if b.requires_grad else None,
            "c": d if c.requires_grad else None, "d": c if d.requires_grad else None}
''',
        # Copies made with clone() alone: a copy of a partner that requires grad requires grad too.
        "clone_in_graph": '''
def abcd_grads(a, b, c, d):
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: o.clone() if t.requires_grad else None for k, (t, o) in pairs.items()}
''',
    },
    "logistic_grads": {
        # The loss still in its graph (already freed by autograd.grad): it requires grad.
        "loss_in_graph": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    return (loss, *torch.autograd.grad(loss, (w, b)))
''',
        # reduction="sum": gradients N times too large.
        "sum_reduction": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y, reduction="sum")
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
        # Applies the sigmoid before a loss that already applies it.
        "double_sigmoid": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(torch.sigmoid(x @ w + b), y)
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
        # Sigmoid then binary_cross_entropy: clipped logs, wrong for large logits.
        "unstable_probabilities": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy(torch.sigmoid(x @ w + b), y)
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
        # backward() into the caller's w and b: a second call returns accumulated gradients.
        "accumulates_on_caller": '''
def logistic_grads(x, y, w, b):
    w.requires_grad_(True)
    b.requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    loss.backward()
    return loss.detach(), w.grad, b.grad
''',
        # Forgets the bias.
        "forgets_bias": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + 0 * b, y)
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
        # No reduction: the loss is a tensor of per-element losses.
        "no_reduction": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    losses = F.binary_cross_entropy_with_logits(x @ w + b, y, reduction="none")
    return (losses.detach(), *torch.autograd.grad(losses.mean(), (w, b)))
''',
        # Returns (loss, db, dw).
        "swapped_grads": '''
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    dw, db = torch.autograd.grad(loss, (w, b))
    return loss.detach(), db, dw
''',
        # No detach(): a caller's w or b that did not require grad does afterwards.
        "flags_on_caller": '''
def logistic_grads(x, y, w, b):
    w = w.requires_grad_(True)
    b = b.requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
    },
}

RIGHT = {
    "poly_grads": {
        # .backward() on fresh leaves instead of torch.autograd.grad.
        "backward_on_copies": '''
def poly_grads(x, y, z):
    x = x.detach().clone().requires_grad_()
    y = y.detach().clone().requires_grad_()
    z = z.detach().clone().requires_grad_()
    f = torch.sum(x * x + y * y + z * z + 2 * x * y * z)
    f.backward()
    return x.grad, y.grad, z.grad
''',
        # torch.func.grad over all three arguments.
        "torch_func": '''
def poly_grads(x, y, z):
    def f(a, b, c):
        return (a**2 + b**2 + c**2 + 2 * a * b * c).sum()
    return torch.func.grad(f, argnums=(0, 1, 2))(x.detach(), y.detach(), z.detach())
''',
        # torch.autograd.functional.jacobian of the scalar f, returned as a list.
        "functional_jacobian_list": '''
def poly_grads(x, y, z):
    def f(a, b, c):
        return torch.sum(a * a + b * b + c * c + 2 * a * b * c)
    return list(torch.autograd.functional.jacobian(f, (x.detach(), y.detach(), z.detach())))
''',
    },
    "poly_grads_analytic": {
        # Factored form with torch functions.
        "factored": '''
def poly_grads_analytic(x, y, z):
    return (torch.mul(torch.add(x, torch.mul(y, z)), 2),
            torch.mul(torch.add(y, torch.mul(x, z)), 2),
            torch.mul(torch.add(z, torch.mul(x, y)), 2))
''',
        # Python float constants and a helper.
        "float_constants": '''
def poly_grads_analytic(x, y, z):
    def partial(own, first, second):
        return own * 2.0 + first * second * 2.0
    return partial(x, y, z), partial(y, x, z), partial(z, x, y)
''',
    },
    "mse": {
        # F.mse_loss after an explicit shape check, message with torch.Size.
        "functional_after_check": '''
def mse(y_pred, y_true):
    if y_pred.size() != y_true.size():
        raise ValueError(f"y_pred has shape {y_pred.size()} but y_true has shape {y_true.size()}")
    return F.mse_loss(y_pred, y_true)
''',
        # Sum divided by numel, message with lists.
        "sum_over_numel": '''
def mse(y_pred, y_true):
    if tuple(y_pred.shape) != tuple(y_true.shape):
        raise ValueError("shape mismatch: " + str(list(y_pred.shape)) + " vs " + str(list(y_true.shape)))
    diff = y_pred - y_true
    return torch.sum(diff * diff) / diff.numel()
''',
        # Shapes spelled 3x1, torch.mean and torch.pow.
        "x_spelling": '''
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        def spell(shape):
            return "x".join(str(size) for size in shape) if len(shape) > 1 else str(tuple(shape))
        raise ValueError(f"cannot compare predictions {spell(y_pred.shape)} with targets {spell(y_true.shape)}")
    return torch.mean(torch.pow(y_pred - y_true, 2))
''',
    },
    "linear_mse_grads": {
        # .backward() on detached copies.
        "backward_on_copies": '''
def linear_mse_grads(x, w, b, y_true):
    w_leaf = w.detach().clone().requires_grad_(True)
    b_leaf = b.detach().clone().requires_grad_(True)
    mse(x @ w_leaf + b_leaf, y_true).backward()
    return w_leaf.grad, b_leaf.grad
''',
        # Own shape check and F.mse_loss, without calling mse.
        "inline_checked": '''
def linear_mse_grads(x, w, b, y_true):
    params = [t.detach().requires_grad_() for t in (w, b)]
    pred = x @ params[0] + params[1]
    if pred.shape != y_true.shape:
        raise ValueError(f"prediction shape {tuple(pred.shape)} differs from target shape {tuple(y_true.shape)}")
    dw, db = torch.autograd.grad(F.mse_loss(pred, y_true), params)
    return dw, db
''',
        # The closed form after mse checked the shapes: dw = 2/N x^T r, db = 2/N r summed to b's shape.
        "closed_form": '''
def linear_mse_grads(x, w, b, y_true):
    prediction = x @ w + b
    mse(prediction, y_true)
    residual = (prediction - y_true).detach() * 2 / y_true.numel()
    return x.T @ residual, residual.sum_to_size(b.shape)
''',
    },
    "chain_rule_grads": {
        # A helper function, torch.autograd.backward, and autograd.grad on a second copy.
        "helper_function": '''
def chain_rule_grads(x):
    def f(t):
        return (t * t + 1).sin().sum()
    first = x.detach().clone().requires_grad_()
    torch.autograd.backward(f(first))
    second = x.detach().requires_grad_()
    return first.grad, torch.autograd.grad(f(second), [second])[0]
''',
        # torch.autograd.backward with inputs=, and autograd.grad with a list.
        "autograd_backward_inputs": '''
def chain_rule_grads(x):
    first = x.detach().clone().requires_grad_(True)
    torch.autograd.backward(torch.sin(first**2 + 1).sum(), inputs=[first])
    second = x.detach().clone().requires_grad_(True)
    return first.grad, torch.autograd.grad([torch.sin(second**2 + 1).sum()], [second])[0]
''',
    },
    "sgd_step": {
        # p.sub_ and grad.zero_() under the decorator.
        "sub_and_zero": '''
@torch.no_grad()
def sgd_step(params, lr):
    for p in params:
        p.sub_(p.grad, alpha=lr)
        p.grad.zero_()
''',
        # Materialises the iterable first; updates through .data in place.
        "list_then_data": '''
def sgd_step(params, lr):
    params = list(params)
    for p in params:
        p.data.add_(-lr * p.grad)
    for p in params:
        p.grad = None
''',
        # torch.set_grad_enabled(False) and add_ with alpha.
        "set_grad_enabled": '''
def sgd_step(params, lr):
    with torch.set_grad_enabled(False):
        for p in params:
            p.add_(p.grad, alpha=-lr)
            p.grad = None
''',
    },
    "fit_line": {
        # One parameter tensor [w, b], F.mse_loss, grads reset by sgd_step.
        "single_parameter_tensor": '''
def fit_line(x, y, lr=0.05, steps=500):
    theta = torch.zeros(2, requires_grad=True)
    features = torch.stack([x, torch.ones_like(x)], dim=1)
    for step in range(steps):
        loss = F.mse_loss(features @ theta, y)
        loss.backward()
        sgd_step([theta], lr=lr)
    w, b = theta.tolist()
    return float(w), float(b)
''',
        # Separate sgd_step calls for w and b.
        "separate_steps": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    step = 0
    while step < steps:
        loss = ((x * w + b - y) ** 2).mean()
        loss.backward()
        sgd_step([w], lr)
        sgd_step((b,), lr)
        step += 1
    return float(w.detach()), float(b.detach())
''',
        # Gradients from torch.autograd.grad written into .grad before sgd_step.
        "autograd_grad_into_grad": '''
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        w.grad, b.grad = torch.autograd.grad(mse(w * x + b, y), [w, b])
        sgd_step([w, b], lr)
    return float(w), float(b)
''',
    },
    "count_graph_nodes": {
        # Recursive walk with a visited set and collections.Counter.
        "recursive_counter": '''
def count_graph_nodes(t):
    import collections
    seen = set()

    def visit(node):
        if node is None or node in seen:
            return
        seen.add(node)
        for child, _ in node.next_functions:
            visit(child)

    visit(t.grad_fn)
    return dict(collections.Counter(type(node).__name__ for node in seen))
''',
        # Breadth-first with a deque, nodes remembered by id.
        "bfs_by_id": '''
def count_graph_nodes(t):
    from collections import deque
    if t.grad_fn is None:
        return {}
    seen, queue, counts = {id(t.grad_fn)}, deque([t.grad_fn]), {}
    keep = [t.grad_fn]
    while queue:
        node = queue.popleft()
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        for child, _ in node.next_functions:
            if child is not None and id(child) not in seen:
                seen.add(id(child))
                keep.append(child)
                queue.append(child)
    return counts
''',
    },
    "abcd_grads": {
        # Explicit branches, clones of the partner tensors.
        "explicit": '''
def abcd_grads(a, b, c, d):
    result = {}
    result["a"] = b.detach().clone() if a.requires_grad else None
    result["b"] = a.detach().clone() if b.requires_grad else None
    result["c"] = d.detach().clone() if c.requires_grad else None
    result["d"] = c.detach().clone() if d.requires_grad else None
    return result
''',
        # Copies made by arithmetic (a new tensor), without grad.
        "times_one": '''
def abcd_grads(a, b, c, d):
    with torch.no_grad():
        return {"a": b * 1 if a.requires_grad else None, "b": a * 1 if b.requires_grad else None,
                "c": d * 1 if c.requires_grad else None, "d": c * 1 if d.requires_grad else None}
''',
    },
    "logistic_grads": {
        # .backward() on copies; the loss written with logsigmoid (stable, same value).
        "logsigmoid_backward": '''
def logistic_grads(x, y, w, b):
    w = w.detach().clone().requires_grad_()
    b = b.detach().clone().requires_grad_()
    z = torch.matmul(x, w) + b
    loss = -(y * F.logsigmoid(z) + (1 - y) * F.logsigmoid(-z)).mean()
    loss.backward()
    return loss.detach(), w.grad, b.grad
''',
        # The closed form dL/dz = (sigmoid(z) - y) / N, chained by hand.
        "closed_form": '''
def logistic_grads(x, y, w, b):
    w, b = w.detach(), b.detach()
    z = x @ w + b
    loss = F.binary_cross_entropy_with_logits(z, y)
    dz = (torch.sigmoid(z) - y) / z.numel()
    dw = x.T @ dz if x.dim() == 2 else torch.outer(x, dz)
    return loss, dw, dz.sum_to_size(b.shape)
''',
    },
}


# Mutants (tests/lessons/mutants.py) that are still right answers.
EQUIVALENT_MUTANTS = {
    "mse:8:drop tuple()": "the message then names y_pred's shape as torch.Size([3, 1]), a spelling the task accepts",
    "mse:9:drop tuple()": "the message then names the shape as torch.Size([3]), a spelling the task accepts",
    "chain_rule_grads:7:drop clone()": "x.detach() shares x's memory but not its flags or .grad: backward() writes "
                                       "only the alias's .grad, nothing writes the memory, and x stays untouched",
    "chain_rule_grads:9:drop clone()": "requires_grad_ on a detached alias changes no flag of x, and "
                                       "autograd.grad accumulates into no .grad: x stays untouched",
    "chain_rule_grads:9:drop detach()": "a clone of x that requires grad still gives autograd.grad the same "
                                        "gradient, and autograd.grad accumulates into no .grad of x",
}

# Every visible example: the solution is broken on exactly that call (tests/lessons/test_lessons.py), so
# the hidden checks must include it. {exercise: {example: (function, condition on its arguments)}}
XYZ_123 = "_same(x, torch.tensor(1.0)) and _same(y, torch.tensor(2.0)) and _same(z, torch.tensor(3.0))"
VISIBLE_EXAMPLES = {
    "poly_grads": {
        "(1, 2, 3)": ("poly_grads", f"lambda x, y, z: {XYZ_123}"),
        "(ones(2, 3), ones(3), 2)": ("poly_grads", "lambda x, y, z: _same(x, torch.ones(2, 3)) and "
                                                   "_same(y, torch.ones(3)) and _same(z, torch.tensor(2.0))"),
        "([1, -1], [2, 0.5], 3)": ("poly_grads", "lambda x, y, z: _same(x, torch.tensor([1.0, -1.0])) and "
                                                 "_same(y, torch.tensor([2.0, 0.5])) and _same(z, torch.tensor(3.0))"),
    },
    "poly_grads_analytic": {
        "(1, 2, 3)": ("poly_grads_analytic", f"lambda x, y, z: {XYZ_123}"),
        "([1, -2], [2, 0.5], [3, 4])": ("poly_grads_analytic", "lambda x, y, z: _same(x, torch.tensor([1.0, -2.0])) and "
                                                               "_same(y, torch.tensor([2.0, 0.5])) and "
                                                               "_same(z, torch.tensor([3.0, 4.0]))"),
    },
    "mse": {
        "[1, 2, 3] against [1, 2, 5]": ("mse", "lambda y_pred, y_true: _same(y_pred, torch.tensor([1.0, 2.0, 3.0])) "
                                               "and _same(y_true, torch.tensor([1.0, 2.0, 5.0]))"),
        "(3, 1) against (3,)": ("mse", "lambda y_pred, y_true: _same(y_pred, torch.zeros(3, 1)) "
                                       "and _same(y_true, torch.zeros(3))"),
        "(3, 1) against (3, 1)": ("mse", "lambda y_pred, y_true: _same(y_pred, torch.zeros(3, 1)) "
                                         "and _same(y_true, torch.ones(3, 1))"),
    },
    "linear_mse_grads": {
        "the first worked example": (
            "linear_mse_grads", "lambda x, w, b, y_true: _same(x, torch.tensor([[1.0, 2.0], [3.0, 4.0]])) and "
            "_same(w, torch.tensor([1.0, 1.0])) and _same(b, torch.tensor([0.5])) and _same(y_true, torch.tensor([5.0, 4.0]))"),
        "the second worked example": (
            "linear_mse_grads", "lambda x, w, b, y_true: _same(x, torch.tensor([[1.0], [2.0], [3.0]])) and "
            "_same(w, torch.tensor([1.0])) and _same(b, torch.tensor([0.0])) and _same(y_true, torch.tensor([4.0, 5.0, 6.0]))"),
    },
    "chain_rule_grads": {"x = [0, 0.5, 1, 2]": ("chain_rule_grads", "lambda x: _same(x, torch.tensor([0.0, 0.5, 1.0, 2.0]))")},
    "sgd_step": {
        "w = [1, 2] with grad [2, 4], lr 0.1": (
            "sgd_step", "lambda params, lr: _same(lr, 0.1) and len(params) == 1 and _same(params[0], "
            "torch.tensor([1.0, 2.0])) and _same(params[0].grad, torch.tensor([2.0, 4.0]))"),
    },
    "fit_line": {
        "y = 2x + 1 on linspace(-1, 1, 21)": (
            "fit_line", "lambda x, y, lr=0.05, steps=500: _same(x, torch.linspace(-1.0, 1.0, 21)) and "
            "_same(y, 2.0 * torch.linspace(-1.0, 1.0, 21) + 1.0) and _same(lr, 0.05) and _same(steps, 500)"),
        "one step with lr 0.5 on y = 2x + 1": (
            "fit_line", "lambda x, y, lr=0.05, steps=500: _same(x, torch.linspace(-1.0, 1.0, 21)) and "
            "_same(y, 2.0 * torch.linspace(-1.0, 1.0, 21) + 1.0) and _same(lr, 0.5) and _same(steps, 1)"),
    },
    "count_graph_nodes": {
        "a*b + c*d for 2, 3, 4 and 5": ("count_graph_nodes", "lambda t: _same(t, torch.tensor(26.0)) and "
                                                             "type(t.grad_fn).__name__ == 'AddBackward0'"),
        "f(x, y) of section 1 at (2, 3)": ("count_graph_nodes", "lambda t: _same(t, torch.tensor(35.0)) and "
                                                                "type(t.grad_fn).__name__ == 'AddBackward0'"),
    },
    "abcd_grads": {
        "(2, 3, 4, 5), d without grad": (
            "abcd_grads", "lambda a, b, c, d: _same(a, torch.tensor(2.0)) and _same(b, torch.tensor(3.0)) and "
            "_same(c, torch.tensor(4.0)) and _same(d, torch.tensor(5.0)) and not d.requires_grad"),
    },
    "logistic_grads": {
        "the worked example": (
            "logistic_grads", "lambda x, y, w, b: _same(x, torch.tensor([[1.0, 2.0], [3.0, -1.0]])) and "
            "_same(y, torch.tensor([1.0, 0.0])) and _same(w, torch.zeros(2)) and _same(b, torch.zeros(1))"),
        "the second worked example, b = [ln 3]": (
            "logistic_grads", "lambda x, y, w, b: _same(x, torch.tensor([[1.0, 2.0], [3.0, -1.0]])) and "
            "_same(y, torch.tensor([1.0, 0.0])) and _same(w, torch.zeros(2)) and _same(b, torch.tensor([3.0]).log())"),
    },
}
