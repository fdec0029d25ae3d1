"""Independent test data for copy detection, lesson 02_autograd, author C.

How it was made: from the task texts of lessons/en/02_autograd.ipynb alone, without seeing the detector, the
variants, the solutions or other authors' data. Each student keeps the style of lesson 01.

Students (style; wrong answers):
- st01 Mira, mathematician: dense one-liners, one-letter names. All right.
- st02 Jakob, Java programmer: camelCase, explicit checks, long messages. Wrong: sgd_step walks params twice
  (update, then reset), so a generator's gradients are never reset.
- st03 Tom, beginner: prints, step-by-step comments. Wrong: poly_grads turns on requires_grad of the caller's
  tensors and returns their .grad (piles up, leaves grads behind, None for non-leaves); count_graph_nodes has
  no "seen" set (counts a shared node once per path); logistic_grads takes the log of probabilities (inf/nan
  for large logits).
- st04 Priya, StackOverflow idioms and links. Wrong: chain_rule_grads runs both passes on one graph with
  retain_graph=True.
- st05 Lena, type hints and docstrings. All right.
- st06 Dmitri, Russian comments. Wrong: abcd_grads returns the other argument itself (shares memory, may
  require grad).
- st07 Kofi, functional with small helpers. Wrong: logistic_grads by the formula only fits one output
  (dz.sum().reshape(b.shape), x.T @ dz): fails for b of shape (K,) and for a single 1-D example.
- st08 Wei, C programmer: while loops and stacks. Wrong: count_graph_nodes keys by node.name(), so leaves
  come out as "torch::autograd::AccumulateGrad".
- st09 Sofia, NumPy lover: poly_grads_analytic and logistic_grads through NumPy. Wrong: logistic_grads returns
  a float64 loss for float32 inputs.
- st10 Hugo, minimal. Wrong: mse has no shape check; sgd_step rebinds p.data (new memory); fit_line updates by
  hand without sgd_step. Left out: count_graph_nodes.
- st11 Aisha, assert-heavy. Wrong: mse checks shapes with assert (AssertionError, not ValueError).
- st12 Ben, ML practitioner: autograd everywhere, deque, dict.fromkeys. Wrong: abcd_grads uses
  torch.autograd.grad instead of the formula (right values, forbidden way).

Copies (ground truth):
- cp01: full copy of st01 (Mira), heavy disguise: one-liners unrolled into several lines and loops, every name
  changed, comments and an unused helper added, list comprehensions -> loops, set comprehension -> explicit
  DFS with the same visiting rule.
- cp02: full copy of st03 (Tom), light disguise: prints removed, some comments reworded, a few locals renamed;
  Tom's three bugs kept.
- cp03: partial copy of st12 (Ben): poly_grads, linear_mse_grads, count_graph_nodes, abcd_grads,
  logistic_grads; disguise: renames, deque BFS -> list used as a stack, dict.fromkeys -> dict literal, zip ->
  explicit loop, keyword arguments reordered. The other five answers are the copier's own.
- cp04: partial copy of st06 (Dmitri): mse, chain_rule_grads, sgd_step, fit_line, abcd_grads; disguise: Russian
  comments translated into English, names changed, statements reordered, the dict built key by key; the
  abcd_grads bug kept. The other five answers are the copier's own.
"""

STUDENTS = {
    "st01": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    v = [t.detach().requires_grad_() for t in (x, y, z)]
    a, b, c = v
    return torch.autograd.grad((a**2 + b**2 + c**2 + 2*a*b*c).sum(), v)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    return 2*(x + y*z), 2*(y + x*z), 2*(z + x*y)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape: raise ValueError(f"{tuple(y_pred.shape)} != {tuple(y_true.shape)}")
    return ((y_pred - y_true)**2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    v = [t.detach().requires_grad_() for t in (w, b)]
    return torch.autograd.grad(mse(x @ v[0] + v[1], y_true), v)
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    f = lambda u: torch.sin(u**2 + 1).sum()
    u, v = x.detach().requires_grad_(), x.detach().requires_grad_()
    f(u).backward()
    return u.grad, torch.autograd.grad(f(v), v)[0]
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():
        for p in params: p -= lr * p.grad; p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w, b = torch.zeros(2).unbind()
    w, b = w.clone().requires_grad_(), b.clone().requires_grad_()
    for _ in range(steps): mse(w*x + b, y).backward(); sgd_step((w, b), lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    seen, todo = set(), [t.grad_fn] if t.grad_fn is not None else []
    while todo:
        n = todo.pop()
        if n not in seen: seen.add(n); todo += [m for m, _ in n.next_functions if m is not None]
    names = [type(n).__name__ for n in seen]
    return {k: names.count(k) for k in set(names)}
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    p = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: o.detach().clone() if t.requires_grad else None for k, (t, o) in p.items()}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    v = [t.detach().requires_grad_() for t in (w, b)]
    L = F.binary_cross_entropy_with_logits(x @ v[0] + v[1], y)
    return (L.detach(), *torch.autograd.grad(L, v))
''',
    },
    "st02": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape and dtype of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    for inputTensor in (x, y, z):
        if not isinstance(inputTensor, torch.Tensor):
            raise TypeError("All inputs must be tensors but got " + type(inputTensor).__name__)
    xCopy = x.detach().clone().requires_grad_(True)
    yCopy = y.detach().clone().requires_grad_(True)
    zCopy = z.detach().clone().requires_grad_(True)
    functionValue = (xCopy ** 2 + yCopy ** 2 + zCopy ** 2 + 2 * xCopy * yCopy * zCopy).sum()
    functionValue.backward()
    return (xCopy.grad, yCopy.grad, zCopy.grad)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    gradientX = 2 * x + 2 * y * z
    gradientY = 2 * y + 2 * x * z
    gradientZ = 2 * z + 2 * x * y
    return (gradientX, gradientY, gradientZ)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    if y_pred.shape != y_true.shape:
        raise ValueError("Shape mismatch: y_pred has shape " + str(tuple(y_pred.shape))
                         + " but y_true has shape " + str(tuple(y_true.shape)))
    squaredErrors = (y_pred - y_true) ** 2
    return squaredErrors.mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    weightCopy = w.detach().clone().requires_grad_(True)
    biasCopy = b.detach().clone().requires_grad_(True)
    predictions = x.detach() @ weightCopy + biasCopy
    lossValue = mse(predictions, y_true.detach())
    lossValue.backward()
    return (weightCopy.grad, biasCopy.grad)
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    firstCopy = x.detach().clone().requires_grad_(True)
    firstLoss = torch.sin(firstCopy ** 2 + 1).sum()
    firstLoss.backward()
    gradientFromBackward = firstCopy.grad

    secondCopy = x.detach().clone().requires_grad_(True)
    secondLoss = torch.sin(secondCopy ** 2 + 1).sum()
    gradientFromAutogradGrad = torch.autograd.grad(secondLoss, secondCopy)[0]
    return (gradientFromBackward, gradientFromAutogradGrad)
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    with torch.no_grad():
        for parameter in params:
            if parameter.grad is None:
                raise ValueError("Parameter of shape " + str(tuple(parameter.shape)) + " has no gradient")
            parameter.sub_(lr * parameter.grad)
    for parameter in params:
        parameter.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    weight = torch.tensor(0.0, requires_grad=True)
    bias = torch.tensor(0.0, requires_grad=True)
    for stepIndex in range(steps):
        predictions = weight * x + bias
        lossValue = mse(predictions, y)
        lossValue.backward()
        sgd_step([weight, bias], lr)
    return (float(weight.item()), float(bias.item()))
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    nodeCounts = {}
    if t.grad_fn is None:
        return nodeCounts
    visitedNodes = set()
    nodesToVisit = [t.grad_fn]
    while len(nodesToVisit) > 0:
        currentNode = nodesToVisit.pop()
        if currentNode in visitedNodes:
            continue
        visitedNodes.add(currentNode)
        className = type(currentNode).__name__
        nodeCounts[className] = nodeCounts.get(className, 0) + 1
        for nextNode, inputIndex in currentNode.next_functions:
            if nextNode is not None:
                nodesToVisit.append(nextNode)
    return nodeCounts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    resultMap = {"a": None, "b": None, "c": None, "d": None}
    if a.requires_grad:
        resultMap["a"] = b.detach().clone()
    if b.requires_grad:
        resultMap["b"] = a.detach().clone()
    if c.requires_grad:
        resultMap["c"] = d.detach().clone()
    if d.requires_grad:
        resultMap["d"] = c.detach().clone()
    return resultMap
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    weightCopy = w.detach().clone().requires_grad_(True)
    biasCopy = b.detach().clone().requires_grad_(True)
    logits = x.detach() @ weightCopy + biasCopy
    lossValue = F.binary_cross_entropy_with_logits(logits, y.detach())
    lossValue.backward()
    return (lossValue.detach(), weightCopy.grad, biasCopy.grad)
''',
    },
    "st03": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape and dtype of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    # we need gradients so turn them on
    x.requires_grad_(True)
    y.requires_grad_(True)
    z.requires_grad_(True)
    # the function
    f = x**2 + y**2 + z**2 + 2*x*y*z
    f = f.sum()
    print("f =", f)
    # backward pass
    f.backward()
    print("gradients:", x.grad, y.grad, z.grad)
    return x.grad, y.grad, z.grad
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    # derivative of x**2 is 2x, derivative of 2xyz by x is 2yz
    dx = 2 * x + 2 * y * z
    # same for y
    dy = 2 * y + 2 * x * z
    # same for z
    dz = 2 * z + 2 * x * y
    print("dx:", dx, "dy:", dy, "dz:", dz)
    return dx, dy, dz
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    # the shapes must be the same, otherwise broadcasting makes a matrix
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes are different: " + str(y_pred.shape) + " and " + str(y_true.shape))
    difference = y_pred - y_true
    squared = difference * difference
    loss = squared.sum() / squared.numel()
    return loss
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    # make copies so we don't change the caller's w and b
    w2 = w.detach().clone()
    b2 = b.detach().clone()
    w2.requires_grad = True
    b2.requires_grad = True
    y_pred = x @ w2 + b2
    print("y_pred:", y_pred)
    loss = mse(y_pred, y_true)
    print("loss:", loss)
    loss.backward()
    return w2.grad, b2.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    # first way: backward
    x1 = x.detach().clone()
    x1.requires_grad = True
    loss1 = torch.sin(x1 ** 2 + 1).sum()
    loss1.backward()
    grad1 = x1.grad
    print("grad from backward:", grad1)
    # second way: autograd.grad, on a new graph
    x2 = x.detach().clone()
    x2.requires_grad = True
    loss2 = torch.sin(x2 ** 2 + 1).sum()
    grad2 = torch.autograd.grad(loss2, x2)
    grad2 = grad2[0]
    print("grad from autograd.grad:", grad2)
    return grad1, grad2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    # no_grad so the update is not in the graph
    with torch.no_grad():
        for p in params:
            print("before:", p)
            p -= lr * p.grad
            print("after:", p)
            # reset the gradient
            p.grad.zero_()
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for step in range(steps):
        y_pred = w * x + b
        loss = mse(y_pred, y)
        loss.backward()
        sgd_step([w, b], lr)
        if step % 100 == 0:
            print("step", step, "loss", loss.item())
    print("w =", w.item(), "b =", b.item())
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    counts = {}
    if t.grad_fn is None:
        return counts
    # go through the graph with a list of nodes to visit
    todo = [t.grad_fn]
    while len(todo) > 0:
        node = todo.pop()
        name = type(node).__name__
        if name in counts:
            counts[name] = counts[name] + 1
        else:
            counts[name] = 1
        for next_node, number in node.next_functions:
            if next_node is not None:
                todo.append(next_node)
    print(counts)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    # d/da (a*b) = b, d/db (a*b) = a, d/dc (c*d) = d, d/dd (c*d) = c
    result = {}
    if a.requires_grad:
        result["a"] = b.detach().clone()
    else:
        result["a"] = None
    if b.requires_grad:
        result["b"] = a.detach().clone()
    else:
        result["b"] = None
    if c.requires_grad:
        result["c"] = d.detach().clone()
    else:
        result["c"] = None
    if d.requires_grad:
        result["d"] = c.detach().clone()
    else:
        result["d"] = None
    print(result)
    return result
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    w2 = w.detach().clone()
    b2 = b.detach().clone()
    w2.requires_grad = True
    b2.requires_grad = True
    z = x @ w2 + b2
    # probabilities with the sigmoid
    p = torch.sigmoid(z)
    print("probabilities:", p)
    # binary cross entropy
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p))
    loss = loss.mean()
    loss.backward()
    return loss.detach(), w2.grad, b2.grad
''',
    },
    "st04": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape and dtype of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    # https://stackoverflow.com/questions/54754153/autograd-grad-for-tensor-in-pytorch
    inputs = tuple(t.detach().requires_grad_(True) for t in (x, y, z))
    x_, y_, z_ = inputs
    f = torch.sum(x_.pow(2) + y_.pow(2) + z_.pow(2) + 2 * x_ * y_ * z_)
    return torch.autograd.grad(outputs=f, inputs=inputs)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    return (2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    # F.mse_loss only warns on a shape mismatch, see
    # https://stackoverflow.com/questions/61548410/pytorch-mse-loss-shape-mismatch-warning
    if y_pred.size() != y_true.size():
        raise ValueError("y_pred {} and y_true {} have different shapes".format(list(y_pred.size()), list(y_true.size())))
    return F.mse_loss(y_pred, y_true, reduction="mean")
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    w_ = w.detach().requires_grad_(True)
    b_ = b.detach().requires_grad_(True)
    loss = mse(torch.matmul(x, w_) + b_, y_true)
    dw, db = torch.autograd.grad(outputs=loss, inputs=(w_, b_))
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    x = x.detach().requires_grad_(True)
    loss = torch.sin(x ** 2 + 1).sum()
    # https://stackoverflow.com/questions/46774641/what-does-the-parameter-retain-graph-mean-in-the-variables-backward-method
    loss.backward(retain_graph=True)
    g_backward = x.grad.clone()
    g_grad, = torch.autograd.grad(loss, x)
    return g_backward, g_grad
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    # https://discuss.pytorch.org/t/updating-parameters-manually/
    with torch.no_grad():
        for p in params:
            p.add_(p.grad, alpha=-lr)
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = F.mse_loss(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    from collections import Counter
    # graph traversal adapted from https://github.com/szagoruyko/pytorchviz
    seen = set()

    def add_nodes(fn):
        if fn is None or fn in seen:
            return
        seen.add(fn)
        for u, _ in fn.next_functions:
            add_nodes(u)

    add_nodes(t.grad_fn)
    return dict(Counter(type(fn).__name__ for fn in seen))
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    grad_or_none = lambda t, g: g.detach().clone() if t.requires_grad else None
    return {"a": grad_or_none(a, b), "b": grad_or_none(b, a), "c": grad_or_none(c, d), "d": grad_or_none(d, c)}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    w_ = w.detach().requires_grad_(True)
    b_ = b.detach().requires_grad_(True)
    # the logits version is numerically stable (log-sum-exp trick)
    loss = F.binary_cross_entropy_with_logits(torch.matmul(x, w_) + b_, y)
    dw, db = torch.autograd.grad(outputs=loss, inputs=(w_, b_))
    return loss.detach(), dw, db
''',
    },
    "st05": {
        "poly_grads": r'''def poly_grads(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    The inputs are detached first, so nothing reaches the caller's tensors or their graph;
    torch.autograd.grad returns fresh tensors and sums over broadcast dimensions.
    """
    leaves: list[torch.Tensor] = [t.detach().requires_grad_() for t in (x, y, z)]
    lx, ly, lz = leaves
    f: torch.Tensor = (lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum()
    return torch.autograd.grad(f, leaves)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    df/dx = 2x + 2yz, df/dy = 2y + 2xz, df/dz = 2z + 2xy.
    """
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred: torch.Tensor, y_true: torch.Tensor) -> torch.Tensor:
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises:
        ValueError: the shapes differ (a (n, 1) column against (n,) targets would broadcast to (n, n)).
    """
    if y_pred.shape != y_true.shape:
        raise ValueError(f"y_pred has shape {tuple(y_pred.shape)}, y_true has shape {tuple(y_true.shape)}")
    return torch.mean((y_pred - y_true) ** 2)
''',
        "linear_mse_grads": r'''def linear_mse_grads(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor,
                     y_true: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    Works on detached copies of w and b, so the caller's tensors keep their .grad.
    """
    w_leaf: torch.Tensor = w.detach().requires_grad_()
    b_leaf: torch.Tensor = b.detach().requires_grad_()
    loss: torch.Tensor = mse(x @ w_leaf + b_leaf, y_true)
    dw, db = torch.autograd.grad(loss, (w_leaf, b_leaf))
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns:
        (grad_from_backward, grad_from_autograd_grad), both equal to 2 * x * cos(x**2 + 1).
    """
    first: torch.Tensor = x.detach().requires_grad_()
    torch.sin(first**2 + 1).sum().backward()

    second: torch.Tensor = x.detach().requires_grad_()
    (from_grad,) = torch.autograd.grad(torch.sin(second**2 + 1).sum(), second)
    return first.grad, from_grad
''',
        "sgd_step": r'''def sgd_step(params, lr: float) -> None:
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params may be a generator: it is walked exactly once.
    """
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
''',
        "fit_line": r'''def fit_line(x: torch.Tensor, y: torch.Tensor, lr: float = 0.05, steps: int = 500) -> tuple[float, float]:
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns:
        (w, b) as Python floats.
    """
    w: torch.Tensor = torch.tensor(0.0, requires_grad=True)
    b: torch.Tensor = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        loss: torch.Tensor = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t: torch.Tensor) -> dict[str, int]:
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}.

    A depth-first walk over next_functions that visits each node once; nothing runs backward.
    """
    counts: dict[str, int] = {}
    visited: set = set()
    stack: list = [] if t.grad_fn is None else [t.grad_fn]
    while stack:
        node = stack.pop()
        if node in visited:
            continue
        visited.add(node)
        name: str = type(node).__name__
        counts[name] = counts.get(name, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor,
               d: torch.Tensor) -> dict[str, torch.Tensor | None]:
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    d/da = b, d/db = a, d/dc = d, d/dd = c; None where the tensor does not require grad.
    """
    partners: dict[str, tuple[torch.Tensor, torch.Tensor]] = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {name: other.detach().clone() if own.requires_grad else None
            for name, (own, other) in partners.items()}
''',
        "logistic_grads": r'''def logistic_grads(x: torch.Tensor, y: torch.Tensor, w: torch.Tensor,
                   b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    The loss on logits stays finite for large |z|; all three results are detached.
    """
    w_leaf: torch.Tensor = w.detach().requires_grad_()
    b_leaf: torch.Tensor = b.detach().requires_grad_()
    loss: torch.Tensor = F.binary_cross_entropy_with_logits(x @ w_leaf + b_leaf, y)
    dw, db = torch.autograd.grad(loss, (w_leaf, b_leaf))
    return loss.detach(), dw, db
''',
    },
    "st06": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    # работаем с отсоединёнными копиями, чтобы не трогать тензоры вызывающего
    xx, yy, zz = (t.detach().requires_grad_(True) for t in (x, y, z))
    f = (xx ** 2 + yy ** 2 + zz ** 2 + 2 * xx * yy * zz).sum()
    f.backward()
    return xx.grad, yy.grad, zz.grad  # autograd сам суммирует по broadcast-осям
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    # частные производные: 2x + 2yz, 2y + 2xz, 2z + 2xy
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    # ловушка broadcasting: (n, 1) - (n,) даёт (n, n)
    if y_pred.shape != y_true.shape:
        raise ValueError(f"формы не совпадают: {tuple(y_pred.shape)} и {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    ww = w.detach().requires_grad_(True)  # копия без истории
    bb = b.detach().requires_grad_(True)
    loss = mse(x @ ww + bb, y_true)
    loss.backward()
    return ww.grad, bb.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    # способ 1: backward, градиент копится в .grad
    x1 = x.detach().requires_grad_(True)
    torch.sin(x1 ** 2 + 1).sum().backward()
    # способ 2: autograd.grad, новый граф
    x2 = x.detach().requires_grad_(True)
    g2 = torch.autograd.grad(torch.sin(x2 ** 2 + 1).sum(), x2)[0]
    return x1.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():  # обновление не пишем в граф
        for p in params:  # генератор проходим один раз
            p.sub_(lr * p.grad)
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()  # градиенты
        sgd_step([w, b], lr)  # шаг и обнуление
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    if t.grad_fn is None:
        return {}
    # обход в ширину, каждый узел считаем один раз
    seen = {t.grad_fn}
    queue = [t.grad_fn]
    res = {}
    while queue:
        node = queue.pop(0)
        res[type(node).__name__] = res.get(type(node).__name__, 0) + 1
        for nxt, _ in node.next_functions:
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return res
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    # d/da = b, d/db = a, d/dc = d, d/dd = c
    return {
        "a": b if a.requires_grad else None,
        "b": a if b.requires_grad else None,
        "c": d if c.requires_grad else None,
        "d": c if d.requires_grad else None,
    }
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    ww = w.detach().requires_grad_(True)
    bb = b.detach().requires_grad_(True)
    # версия с логитами устойчива при больших |z|
    loss = F.binary_cross_entropy_with_logits(x @ ww + bb, y)
    dw, db = torch.autograd.grad(loss, [ww, bb])
    return loss.detach(), dw, db
''',
    },
    "st07": {
        "poly_grads": r'''def _fresh_leaf(t):
    return t.detach().requires_grad_()


def _poly(x, y, z):
    return (x**2 + y**2 + z**2 + 2 * x * y * z).sum()


def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    leaves = tuple(map(_fresh_leaf, (x, y, z)))
    return torch.autograd.grad(_poly(*leaves), leaves)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    partial = lambda own, p, q: 2 * own + 2 * p * q
    return partial(x, y, z), partial(y, x, z), partial(z, x, y)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"mse: shapes {tuple(y_pred.shape)} and {tuple(y_true.shape)} differ")
    return (y_pred - y_true).pow(2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    params = tuple(map(_fresh_leaf, (w, b)))
    predict = lambda wb: x @ wb[0] + wb[1]
    return torch.autograd.grad(mse(predict(params), y_true), params)
''',
        "chain_rule_grads": r'''def _chain(x):
    return torch.sin(x**2 + 1).sum()


def _by_backward(x):
    leaf = _fresh_leaf(x)
    _chain(leaf).backward()
    return leaf.grad


def _by_grad(x):
    leaf = _fresh_leaf(x)
    return torch.autograd.grad(_chain(leaf), leaf)[0]


def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    return _by_backward(x), _by_grad(x)
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    def step(p):
        p.sub_(lr * p.grad)
        p.grad = None

    with torch.no_grad():
        list(map(step, params))
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w, b = (torch.tensor(0.0, requires_grad=True) for _ in range(2))
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step((w, b), lr)
    return tuple(map(lambda p: p.item(), (w, b)))
''',
        "count_graph_nodes": r'''from collections import Counter


def _reachable(node, seen):
    if node is None or node in seen:
        return seen
    seen.add(node)
    for child, _ in node.next_functions:
        _reachable(child, seen)
    return seen


def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    return dict(Counter(type(node).__name__ for node in _reachable(t.grad_fn, set())))
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    grad = lambda own, other: other.detach().clone() if own.requires_grad else None
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {name: grad(*pair) for name, pair in pairs.items()}
''',
        "logistic_grads": r'''def _sigmoid(z):
    return 1 / (1 + torch.exp(-z))


def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    z = x @ w.detach() + b.detach()
    loss = F.binary_cross_entropy_with_logits(z, y)
    dz = (_sigmoid(z) - y) / z.numel()
    return loss, x.T @ dz, dz.sum().reshape(b.shape)
''',
    },
    "st08": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    px = x.detach().clone().requires_grad_(True)
    py = y.detach().clone().requires_grad_(True)
    pz = z.detach().clone().requires_grad_(True)
    f = (px * px + py * py + pz * pz + 2 * px * py * pz).sum()
    f.backward()
    return (px.grad, py.grad, pz.grad)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    gx = 2 * x + 2 * y * z
    gy = 2 * y + 2 * x * z
    gz = 2 * z + 2 * x * y
    return (gx, gy, gz)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if tuple(y_pred.shape) != tuple(y_true.shape):
        raise ValueError("mse: shape %s vs %s" % (tuple(y_pred.shape), tuple(y_true.shape)))
    d = y_pred - y_true
    return (d * d).sum() / d.numel()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    pw = w.detach().clone().requires_grad_(True)
    pb = b.detach().clone().requires_grad_(True)
    loss = mse(x @ pw + pb, y_true)
    loss.backward()
    return (pw.grad, pb.grad)
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    p1 = x.detach().clone().requires_grad_(True)
    s1 = torch.sin(p1 * p1 + 1).sum()
    s1.backward()
    p2 = x.detach().clone().requires_grad_(True)
    s2 = torch.sin(p2 * p2 + 1).sum()
    g2 = torch.autograd.grad(s2, [p2])
    return (p1.grad, g2[0])
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    plist = list(params)
    i = 0
    with torch.no_grad():
        while i < len(plist):
            plist[i].sub_(lr * plist[i].grad)
            plist[i].grad.zero_()
            i = i + 1
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    k = 0
    while k < steps:
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
        k = k + 1
    return (w.item(), b.item())
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    res = dict()
    if t.grad_fn is None:
        return res
    seen = set()
    stack = [t.grad_fn]
    while len(stack) > 0:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        key = node.name()
        res[key] = res.get(key, 0) + 1
        i = 0
        while i < len(node.next_functions):
            nxt = node.next_functions[i][0]
            if nxt is not None:
                stack.append(nxt)
            i = i + 1
    return res
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    res = dict()
    res["a"] = b.detach().clone() if a.requires_grad else None
    res["b"] = a.detach().clone() if b.requires_grad else None
    res["c"] = d.detach().clone() if c.requires_grad else None
    res["d"] = c.detach().clone() if d.requires_grad else None
    return res
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    pw = w.detach().clone().requires_grad_(True)
    pb = b.detach().clone().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ pw + pb, y)
    loss.backward()
    return (loss.detach(), pw.grad, pb.grad)
''',
    },
    "st09": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    xs = [t.detach().requires_grad_() for t in (x, y, z)]
    f = (xs[0] ** 2 + xs[1] ** 2 + xs[2] ** 2 + 2 * xs[0] * xs[1] * xs[2]).sum()
    return tuple(torch.autograd.grad(f, xs))
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    a, b, c = (np.asarray(t.detach().numpy()) for t in (x, y, z))
    return tuple(torch.from_numpy(np.asarray(g)) for g in (2 * a + 2 * b * c, 2 * b + 2 * a * c, 2 * c + 2 * a * b))
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes {tuple(y_pred.shape)} and {tuple(y_true.shape)} differ")
    return torch.mean(torch.square(y_pred - y_true))
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    w_, b_ = w.detach().requires_grad_(), b.detach().requires_grad_()
    dw, db = torch.autograd.grad(mse(x @ w_ + b_, y_true), [w_, b_])
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    x1 = x.detach().requires_grad_()
    torch.sin(torch.square(x1) + 1).sum().backward()
    x2 = x.detach().requires_grad_()
    (g2,) = torch.autograd.grad(torch.sin(torch.square(x2) + 1).sum(), x2)
    return x1.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.tensor(np.float32(0.0), requires_grad=True)
    b = torch.tensor(np.float32(0.0), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return float(w), float(b)
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    nodes, frontier = set(), [t.grad_fn]
    while frontier:
        node = frontier.pop()
        if node is None or node in nodes:
            continue
        nodes.add(node)
        frontier.extend(n for n, _ in node.next_functions)
    names, counts = np.unique([type(n).__name__ for n in nodes], return_counts=True)
    return {str(k): int(v) for k, v in zip(names, counts)}
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: torch.from_numpy(o.detach().numpy().copy()) if t.requires_grad else None for k, (t, o) in pairs.items()}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    X, Y, W, B = (t.detach().numpy() for t in (x, y, w, b))
    z = X @ W + B
    loss = np.mean(np.logaddexp(0, z) - Y * z)   # log(1 + e^z) - y z, stable
    dz = (1 / (1 + np.exp(-z)) - Y) / z.size
    dw = np.outer(X, dz) if X.ndim == 1 else X.T @ dz
    db = dz.reshape(-1, B.size).sum(axis=0).reshape(B.shape)
    return torch.tensor(loss), torch.from_numpy(np.ascontiguousarray(dw)), torch.from_numpy(np.ascontiguousarray(db))
''',
    },
    "st10": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    x, y, z = [t.detach().requires_grad_() for t in (x, y, z)]
    (x**2 + y**2 + z**2 + 2*x*y*z).sum().backward()
    return x.grad, y.grad, z.grad
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    return 2*x + 2*y*z, 2*y + 2*x*z, 2*z + 2*x*y
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    return ((y_pred - y_true)**2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    mse(x @ w + b, y_true).backward()
    return w.grad, b.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    a = x.detach().requires_grad_()
    torch.sin(a**2 + 1).sum().backward()
    b = x.detach().requires_grad_()
    return a.grad, torch.autograd.grad(torch.sin(b**2 + 1).sum(), b)[0]
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    for p in params:
        p.data = p.data - lr * p.grad
        p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        mse(w*x + b, y).backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad = b.grad = None
    return w.item(), b.item()
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    g = lambda t, o: o.detach().clone() if t.requires_grad else None
    return {"a": g(a, b), "b": g(b, a), "c": g(c, d), "d": g(d, c)}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    loss.backward()
    return loss.detach(), w.grad, b.grad
''',
    },
    "st11": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    inputs = [t.detach().requires_grad_(True) for t in (x, y, z)]
    a, b, c = inputs
    f = (a**2 + b**2 + c**2 + 2 * a * b * c).sum()
    assert f.dim() == 0, f"f must be a scalar, got shape {tuple(f.shape)}"
    grads = torch.autograd.grad(f, inputs)
    for g, t in zip(grads, (x, y, z)):
        assert g.shape == t.shape, f"gradient shape {tuple(g.shape)} != input shape {tuple(t.shape)}"
    return grads
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    assert x.shape == y.shape == z.shape, f"one shape expected, got {tuple(x.shape)}, {tuple(y.shape)}, {tuple(z.shape)}"
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    assert y_pred.shape == y_true.shape, f"shape mismatch: {tuple(y_pred.shape)} vs {tuple(y_true.shape)}"
    loss = ((y_pred - y_true) ** 2).mean()
    assert loss.dim() == 0
    return loss
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    w_copy = w.detach().requires_grad_(True)
    b_copy = b.detach().requires_grad_(True)
    dw, db = torch.autograd.grad(mse(x @ w_copy + b_copy, y_true), (w_copy, b_copy))
    assert dw.shape == w.shape and db.shape == b.shape, f"got {tuple(dw.shape)}, {tuple(db.shape)}"
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    x1 = x.detach().requires_grad_(True)
    torch.sin(x1**2 + 1).sum().backward()
    x2 = x.detach().requires_grad_(True)
    (g2,) = torch.autograd.grad(torch.sin(x2**2 + 1).sum(), x2)
    assert x1.grad is not None and x1.grad.shape == x.shape, "backward gave no gradient"
    return x1.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():
        for p in params:
            assert p.grad is not None, f"parameter of shape {tuple(p.shape)} has no gradient"
            p -= lr * p.grad
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    assert x.shape == y.shape, f"x {tuple(x.shape)} and y {tuple(y.shape)} must have one shape"
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    counts, seen, stack = {}, set(), [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        stack += [child for child, _ in node.next_functions]
    assert sum(counts.values()) == len(seen)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    assert a.shape == b.shape == c.shape == d.shape, "the four tensors must share one shape"
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {name: (other.detach().clone() if own.requires_grad else None) for name, (own, other) in pairs.items()}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    w_copy = w.detach().requires_grad_(True)
    b_copy = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w_copy + b_copy, y)
    dw, db = torch.autograd.grad(loss, (w_copy, b_copy))
    assert dw.shape == w.shape and db.shape == b.shape, f"got {tuple(dw.shape)}, {tuple(db.shape)}"
    return loss.detach(), dw, db
''',
    },
    "st12": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    params = [p.detach().requires_grad_() for p in (x, y, z)]
    px, py, pz = params
    loss = (px.square() + py.square() + pz.square() + 2 * px * py * pz).sum()
    return torch.autograd.grad(loss, params, create_graph=False)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    return x.mul(2).add(y * z, alpha=2), y.mul(2).add(x * z, alpha=2), z.mul(2).add(x * y, alpha=2)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"mse: y_pred {list(y_pred.shape)} vs y_true {list(y_true.shape)} (would broadcast)")
    return F.mse_loss(y_pred, y_true)
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    params = [p.detach().requires_grad_() for p in (w, b)]
    loss = mse(torch.addmv(params[1], x, params[0]) if x.dim() == 2 and w.dim() == 1 else x @ params[0] + params[1], y_true)
    return tuple(torch.autograd.grad(loss, params))
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    leaf = x.detach().requires_grad_()
    leaf.square().add(1).sin().sum().backward()
    other = x.detach().requires_grad_()
    grad, = torch.autograd.grad(other.square().add(1).sin().sum(), other)
    return leaf.grad, grad
''',
        "sgd_step": r'''@torch.no_grad()
def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    for p in params:
        p.add_(p.grad, alpha=-lr)
        p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(torch.addcmul(b, w, x), y)
        loss.backward()
        sgd_step([w, b], lr=lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''from collections import deque, Counter


def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    if t.grad_fn is None:
        return {}
    seen, queue = {t.grad_fn}, deque([t.grad_fn])
    while queue:
        for child, _ in queue.popleft().next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                queue.append(child)
    return dict(Counter(type(node).__name__ for node in seen))
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    leaves = {k: v.detach().requires_grad_(v.requires_grad) for k, v in zip("abcd", (a, b, c, d))}
    wanted = [k for k, v in leaves.items() if v.requires_grad]
    out = dict.fromkeys("abcd")
    if wanted:
        f = (leaves["a"] * leaves["b"] + leaves["c"] * leaves["d"]).sum()
        out.update(zip(wanted, torch.autograd.grad(f, [leaves[k] for k in wanted])))
    return out
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    params = [p.detach().requires_grad_() for p in (w, b)]
    loss = F.binary_cross_entropy_with_logits(x @ params[0] + params[1], y, reduction="mean")
    dw, db = torch.autograd.grad(loss, params)
    return loss.detach(), dw, db
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st01",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads", "sgd_step",
                   "fit_line", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "heavy: Mira's one-liners unrolled over several lines, comprehensions turned into loops, lambda "
                    "into a nested def, every name changed, comments added, an unused helper _as_leaf kept in the "
                    "first cell, names.count over a set -> a dict counter, same visiting rule in count_graph_nodes",
        "answers": {
            "poly_grads": r'''def _as_leaf(t):
    return t.detach().requires_grad_()


def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    # detached copies, so the caller's tensors keep their grad and flags
    leaves = []
    for tensor in (x, y, z):
        leaves.append(tensor.detach().requires_grad_())
    px, py, pz = leaves
    value = px**2 + py**2 + pz**2 + 2*px*py*pz
    grads = torch.autograd.grad(value.sum(), leaves)
    return grads
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    # factor 2 taken out of each partial derivative
    gx = 2 * (x + y * z)
    gy = 2 * (y + x * z)
    gz = 2 * (z + x * y)
    return gx, gy, gz
''',
            "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"mse needs equal shapes, got {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    err = y_pred - y_true
    return (err**2).mean()
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    weight = w.detach().requires_grad_()
    bias = b.detach().requires_grad_()
    prediction = x @ weight + bias
    loss = mse(prediction, y_true)
    return torch.autograd.grad(loss, [weight, bias])
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    def target(t):
        return torch.sin(t**2 + 1).sum()

    first = x.detach().requires_grad_()
    second = x.detach().requires_grad_()
    # pass 1: .backward() fills first.grad
    target(first).backward()
    # pass 2: a new graph through torch.autograd.grad
    grad_two = torch.autograd.grad(target(second), second)[0]
    return first.grad, grad_two
''',
            "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad
            param.grad = None
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    start = torch.zeros(2)
    slope = start[0].clone().requires_grad_()
    intercept = start[1].clone().requires_grad_()
    for i in range(steps):
        loss = mse(slope * x + intercept, y)
        loss.backward()
        sgd_step((slope, intercept), lr)
    return slope.item(), intercept.item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    visited = set()
    pending = []
    if t.grad_fn is not None:
        pending.append(t.grad_fn)
    while len(pending) > 0:
        current = pending.pop()
        if current in visited:
            continue
        visited.add(current)
        for child, _ in current.next_functions:
            if child is not None:
                pending.append(child)
    result = {}
    for node in visited:
        kind = type(node).__name__
        result[kind] = result.get(kind, 0) + 1
    return result
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    # each gradient is the partner factor of its product
    table = [("a", a, b), ("b", b, a), ("c", c, d), ("d", d, c)]
    grads = {}
    for key, own, partner in table:
        if own.requires_grad:
            grads[key] = partner.detach().clone()
        else:
            grads[key] = None
    return grads
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    weight = w.detach().requires_grad_()
    bias = b.detach().requires_grad_()
    logits = x @ weight + bias
    loss = F.binary_cross_entropy_with_logits(logits, y)
    dw, db = torch.autograd.grad(loss, [weight, bias])
    return loss.detach(), dw, db
''',
        },
    },
    "cp02": {
        "source": "st03",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads", "sgd_step",
                   "fit_line", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "light: the prints removed, comments reworded or dropped, a few locals renamed (w2 -> wc, "
                    "todo -> stack, result -> grads); Tom's bugs in poly_grads, count_graph_nodes and "
                    "logistic_grads kept",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape and dtype of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    # switch on gradients
    x.requires_grad_(True)
    y.requires_grad_(True)
    z.requires_grad_(True)
    f = x**2 + y**2 + z**2 + 2*x*y*z
    f = f.sum()
    f.backward()
    return x.grad, y.grad, z.grad
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    dx = 2 * x + 2 * y * z
    dy = 2 * y + 2 * x * z
    dz = 2 * z + 2 * x * y
    return dx, dy, dz
''',
            "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    # different shapes would broadcast into a matrix
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes do not match: " + str(y_pred.shape) + " and " + str(y_true.shape))
    diff = y_pred - y_true
    squared = diff * diff
    return squared.sum() / squared.numel()
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    wc = w.detach().clone()
    bc = b.detach().clone()
    wc.requires_grad = True
    bc.requires_grad = True
    loss = mse(x @ wc + bc, y_true)
    loss.backward()
    return wc.grad, bc.grad
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    x1 = x.detach().clone()
    x1.requires_grad = True
    loss1 = torch.sin(x1 ** 2 + 1).sum()
    loss1.backward()
    grad1 = x1.grad
    # new graph for the second way
    x2 = x.detach().clone()
    x2.requires_grad = True
    loss2 = torch.sin(x2 ** 2 + 1).sum()
    grad2 = torch.autograd.grad(loss2, x2)[0]
    return grad1, grad2
''',
            "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for step in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    counts = {}
    if t.grad_fn is None:
        return counts
    stack = [t.grad_fn]
    while len(stack) > 0:
        node = stack.pop()
        name = type(node).__name__
        if name in counts:
            counts[name] = counts[name] + 1
        else:
            counts[name] = 1
        for nxt, k in node.next_functions:
            if nxt is not None:
                stack.append(nxt)
    return counts
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    grads = {}
    if a.requires_grad:
        grads["a"] = b.detach().clone()
    else:
        grads["a"] = None
    if b.requires_grad:
        grads["b"] = a.detach().clone()
    else:
        grads["b"] = None
    if c.requires_grad:
        grads["c"] = d.detach().clone()
    else:
        grads["c"] = None
    if d.requires_grad:
        grads["d"] = c.detach().clone()
    else:
        grads["d"] = None
    return grads
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    wc = w.detach().clone()
    bc = b.detach().clone()
    wc.requires_grad = True
    bc.requires_grad = True
    z = x @ wc + bc
    p = torch.sigmoid(z)
    # cross entropy
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p))
    loss = loss.mean()
    loss.backward()
    return loss.detach(), wc.grad, bc.grad
''',
        },
    },
    "cp03": {
        "source": "st12",
        "kind": "partial",
        "copied": ["poly_grads", "linear_mse_grads", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "medium: renames (params -> leaves, seen -> done), deque BFS -> a list used as a stack, "
                    "Counter -> dict.get counting, dict.fromkeys -> a dict literal of None, zip -> explicit loop, "
                    "x.square() -> x * x, keyword arguments dropped; Ben's abcd_grads still uses autograd. "
                    "The other five answers are the copier's own",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    leaves = [t.detach().requires_grad_() for t in (x, y, z)]
    lx, ly, lz = leaves
    total = (lx * lx + ly * ly + lz * lz + 2 * lx * ly * lz).sum()
    return torch.autograd.grad(total, leaves)
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    return 2 * x + 2 * y * z, 2 * y + 2 * z * x, 2 * z + 2 * x * y
''',
            "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"y_pred shape {tuple(y_pred.shape)} differs from y_true shape {tuple(y_true.shape)}")
    return torch.mean((y_pred - y_true) ** 2)
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    leaves = [t.detach().requires_grad_() for t in (w, b)]
    if x.dim() == 2 and w.dim() == 1:
        pred = torch.addmv(leaves[1], x, leaves[0])
    else:
        pred = x @ leaves[0] + leaves[1]
    return tuple(torch.autograd.grad(mse(pred, y_true), leaves))
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    xa = x.detach().clone().requires_grad_()
    torch.sin(xa ** 2 + 1).sum().backward()
    xb = x.detach().clone().requires_grad_()
    gb = torch.autograd.grad(torch.sin(xb ** 2 + 1).sum(), xb)[0]
    return xa.grad, gb
''',
            "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    with torch.no_grad():
        for param in params:
            param.sub_(param.grad * lr)
            param.grad = None
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        loss = mse(x * w + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return float(w.item()), float(b.item())
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    if t.grad_fn is None:
        return {}
    done = {t.grad_fn}
    stack = [t.grad_fn]
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is not None and child not in done:
                done.add(child)
                stack.append(child)
    counts = {}
    for node in done:
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
    return counts
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    leaves = {}
    for name, t in (("a", a), ("b", b), ("c", c), ("d", d)):
        leaves[name] = t.detach().requires_grad_(t.requires_grad)
    need = [name for name in "abcd" if leaves[name].requires_grad]
    result = {"a": None, "b": None, "c": None, "d": None}
    if len(need) > 0:
        s = (leaves["a"] * leaves["b"] + leaves["c"] * leaves["d"]).sum()
        grads = torch.autograd.grad(s, [leaves[name] for name in need])
        for name, g in zip(need, grads):
            result[name] = g
    return result
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    leaves = [t.detach().requires_grad_() for t in (w, b)]
    loss = F.binary_cross_entropy_with_logits(x @ leaves[0] + leaves[1], y)
    dw, db = torch.autograd.grad(loss, leaves)
    return loss.detach(), dw, db
''',
        },
    },
    "cp04": {
        "source": "st06",
        "kind": "partial",
        "copied": ["mse", "chain_rule_grads", "sgd_step", "fit_line", "abcd_grads"],
        "disguise": "Russian comments translated into English and reworded, names changed (ww -> w_leaf, x1/x2 -> "
                    "first/second), statements reordered where order does not matter, the dict of abcd_grads built "
                    "key by key; Dmitri's abcd_grads bug kept (returns the arguments themselves). The other five "
                    "answers are the copier's own",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd."""
    copies = tuple(t.detach().requires_grad_() for t in (x, y, z))
    u, v, w = copies
    f = torch.sum(u ** 2 + v ** 2 + w ** 2 + 2 * u * v * w)
    return torch.autograd.grad(f, copies)
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd."""
    dfdx = 2 * x + 2 * y * z
    dfdy = 2 * y + 2 * x * z
    dfdz = 2 * z + 2 * x * y
    return dfdx, dfdy, dfdz
''',
            "mse": r'''def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate."""
    # (n, 1) minus (n,) would silently become (n, n)
    if y_true.shape != y_pred.shape:
        raise ValueError(f"shape mismatch: {tuple(y_pred.shape)} vs {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b."""
    w_copy = w.detach().clone().requires_grad_()
    b_copy = b.detach().clone().requires_grad_()
    dw, db = torch.autograd.grad(mse(x @ w_copy + b_copy, y_true), (w_copy, b_copy))
    return dw, db
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph."""
    second = x.detach().requires_grad_(True)
    # autograd.grad on its own graph returns the gradient
    g_second = torch.autograd.grad(torch.sin(second ** 2 + 1).sum(), second)[0]
    # backward on another graph accumulates into .grad
    first = x.detach().requires_grad_(True)
    torch.sin(first ** 2 + 1).sum().backward()
    return first.grad, g_second
''',
            "sgd_step": r'''def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient."""
    # a single pass, so a generator works too
    with torch.no_grad():
        for param in params:
            param.sub_(lr * param.grad)
            param.grad = None
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step."""
    b = torch.tensor(0.0, requires_grad=True)
    w = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    found = set()

    def walk(node):
        if node is not None and node not in found:
            found.add(node)
            for parent, _ in node.next_functions:
                walk(parent)

    walk(t.grad_fn)
    counts = {}
    for node in found:
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
    return counts
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd."""
    # the derivative of a product by one factor is the other factor
    result = {}
    result["a"] = b if a.requires_grad else None
    result["b"] = a if b.requires_grad else None
    result["c"] = d if c.requires_grad else None
    result["d"] = c if d.requires_grad else None
    return result
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction)."""
    w_copy = w.detach().clone().requires_grad_()
    b_copy = b.detach().clone().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(x @ w_copy + b_copy, y)
    loss.backward()
    return loss.detach(), w_copy.grad, b_copy.grad
''',
        },
    },
}
