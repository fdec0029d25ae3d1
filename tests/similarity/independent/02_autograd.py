"""Independent answers to lesson 02_autograd, for testing copy detection (issue 36).

How this was made: written by hand by one author (helper A) from the task texts of the student
notebook lessons/en/02_autograd.ipynb and /work/shared/course-spec.md alone, without seeing the copy
detector, the project's variants or its reference solutions. The ten students keep the styles they
have in 01_tensors.py:

  ind01 careful, docstrings, f-strings                       (all right)
  ind02 terse, short names                                   (all right)
  ind03 Russian comments, loops, temporaries                 (mistake: poly_grads and
        linear_mse_grads call requires_grad_() on the caller's tensors and leave .grad set)
  ind04 beginner                                             (mistakes: mse without the shape
        check, sgd_step rebinds p instead of updating in place, count_graph_nodes counts a node
        once per path; no logistic_grads answer)
  ind05 helper functions, type hints, %-format               (all right)
  ind06 torch.* calls, "# Step" comments                     (mistakes: abcd_grads returns the
        partner tensors themselves, logistic_grads returns a loss that still requires grad)
  ind07 while loops, str.format, single quotes               (mistakes: poly_grads_analytic
        forgets the factor 2 of 2xyz, mse compares numel instead of shapes)
  ind08 type hints, early returns, Russian docstrings        (all right)
  ind09 sloppy                                               (mistakes: sgd_step never resets the
        gradients, logistic_grads goes through sigmoid and BCE on probabilities; no
        count_graph_nodes, no abcd_grads)
  ind10 pythonic                                             (all right)

Ground truth: the four copiers below; every other pair of students is independent.
  cp01 full copy of ind10 (all ten answers)
  cp02 full copy of ind04 (its nine answers, its mistakes kept, logistic_grads left out too)
  cp03 partial copy of ind01: poly_grads, mse, linear_mse_grads, sgd_step, count_graph_nodes
  cp04 partial copy of ind05: poly_grads_analytic, chain_rule_grads, fit_line, abcd_grads,
       logistic_grads
The answers of a partial copier outside its `copied` list are its own, independent of everyone
(cp04's own sgd_step never resets the gradients, so its fit_line drifts too).
"""

STUDENTS = {
    # ------------------------------------------------------------------ ind01
    "ind01": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    """Autograd on detached copies, so the caller's tensors keep their state."""
    xs = [v.detach().requires_grad_(True) for v in (x, y, z)]
    x_, y_, z_ = xs
    f = (x_ ** 2 + y_ ** 2 + z_ ** 2 + 2 * x_ * y_ * z_).sum()
    return torch.autograd.grad(f, xs)
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    """df/dx = 2x + 2yz, and the same pattern for y and z."""
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": '''\
def mse(y_pred, y_true):
    """Mean of squared differences; refuses shapes that would silently broadcast."""
    if y_pred.shape != y_true.shape:
        raise ValueError(
            f"y_pred has shape {tuple(y_pred.shape)} but y_true has shape {tuple(y_true.shape)}"
        )
    return ((y_pred - y_true) ** 2).mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    """Gradients of the MSE of a linear model with respect to w and b."""
    w_ = w.detach().requires_grad_(True)
    b_ = b.detach().requires_grad_(True)
    loss = mse(x @ w_ + b_, y_true)
    dw, db = torch.autograd.grad(loss, (w_, b_))
    return dw, db
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    """The same gradient twice: once via .backward(), once via torch.autograd.grad."""
    leaf = x.detach().requires_grad_(True)
    torch.sin(leaf ** 2 + 1).sum().backward()
    from_backward = leaf.grad

    leaf2 = x.detach().requires_grad_(True)
    (from_grad,) = torch.autograd.grad(torch.sin(leaf2 ** 2 + 1).sum(), leaf2)
    return from_backward, from_grad
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    """p <- p - lr * grad in place, outside the graph, then forget the gradient."""
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    """Gradient descent on w and b from zero, with mse and sgd_step."""
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    """Depth-first walk over next_functions, counting each node once."""
    counts = {}
    if t.grad_fn is None:
        return counts
    seen = set()
    stack = [t.grad_fn]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        name = type(node).__name__
        counts[name] = counts.get(name, 0) + 1
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    """d/da (ab + cd) = b and so on; None where the tensor does not require grad."""
    partners = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {
        name: partner.detach().clone() if tensor.requires_grad else None
        for name, (tensor, partner) in partners.items()
    }
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    """BCE-with-logits loss of a linear model and its gradients with respect to w and b."""
    w_ = w.detach().requires_grad_(True)
    b_ = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w_ + b_, y)
    dw, db = torch.autograd.grad(loss, (w_, b_))
    return loss.detach(), dw, db
''',
    },
    # ------------------------------------------------------------------ ind02
    "ind02": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    x, y, z = (t.detach().requires_grad_() for t in (x, y, z))
    (x * x + y * y + z * z + 2 * x * y * z).sum().backward()
    return x.grad, y.grad, z.grad
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    return 2 * (x + y * z), 2 * (y + x * z), 2 * (z + x * y)
''',
        "mse": '''\
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {list(y_pred.shape)} vs {list(y_true.shape)}")
    return (y_pred - y_true).pow(2).mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    mse(x @ w + b, y_true).backward()
    return w.grad, b.grad
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    a = x.detach().requires_grad_()
    torch.sin(a * a + 1).sum().backward()
    b = x.detach().requires_grad_()
    g, = torch.autograd.grad(torch.sin(b * b + 1).sum(), b)
    return a.grad, g
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.sub_(lr * p.grad)
            p.grad.zero_()
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w, b = torch.tensor(0., requires_grad=True), torch.tensor(0., requires_grad=True)
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step((w, b), lr)
    return float(w), float(b)
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    seen, todo = set(), [t.grad_fn] if t.grad_fn else []
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo += [m for m, _ in n.next_functions if m]
    out = {}
    for n in seen:
        k = type(n).__name__
        out[k] = out.get(k, 0) + 1
    return out
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    g = lambda t, o: o.detach().clone() if t.requires_grad else None
    return {"a": g(a, b), "b": g(b, a), "c": g(c, d), "d": g(d, c)}
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    l = F.binary_cross_entropy_with_logits(x @ w + b, y)
    l.backward()
    return l.detach(), w.grad, b.grad
''',
    },
    # ------------------------------------------------------------------ ind03
    "ind03": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    # включаем градиенты у входов
    x.requires_grad_(True)
    y.requires_grad_(True)
    z.requires_grad_(True)
    # считаем функцию
    f = x ** 2 + y ** 2 + z ** 2 + 2 * x * y * z
    total = f.sum()
    # обратный проход
    grads = torch.autograd.grad(total, [x, y, z])
    dx = grads[0]
    dy = grads[1]
    dz = grads[2]
    return dx, dy, dz
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    # производные считаем на бумаге
    dx = 2 * x + 2 * y * z
    dy = 2 * y + 2 * x * z
    dz = 2 * z + 2 * x * y
    return dx, dy, dz
''',
        "mse": '''\
def mse(y_pred, y_true):
    # формы должны совпадать, иначе будет broadcasting
    if y_pred.shape != y_true.shape:
        raise ValueError("разные формы: " + str(tuple(y_pred.shape)) + " и " + str(tuple(y_true.shape)))
    difference = y_pred - y_true
    squares = difference * difference
    return squares.mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    # градиенты по w и b
    w.requires_grad_(True)
    b.requires_grad_(True)
    prediction = x @ w + b
    loss = mse(prediction, y_true)
    loss.backward()
    return w.grad, b.grad
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    # первый способ: backward
    x1 = x.detach().clone()
    x1.requires_grad_(True)
    y1 = torch.sin(x1 ** 2 + 1).sum()
    y1.backward()
    grad1 = x1.grad
    # второй способ: autograd.grad, новый граф
    x2 = x.detach().clone()
    x2.requires_grad_(True)
    y2 = torch.sin(x2 ** 2 + 1).sum()
    grad2 = torch.autograd.grad(y2, x2)[0]
    return grad1, grad2
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    # обновляем без записи в граф
    with torch.no_grad():
        for p in params:
            step = lr * p.grad
            p.sub_(step)
            # обнуляем градиент
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    # начинаем с нуля
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for i in range(steps):
        prediction = w * x + b
        loss = mse(prediction, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    result = {}
    if t.grad_fn is None:
        return result
    # обход в ширину
    visited = []
    queue = [t.grad_fn]
    while len(queue) > 0:
        node = queue.pop(0)
        already = False
        for v in visited:
            if v is node:
                already = True
        if already:
            continue
        visited.append(node)
        name = type(node).__name__
        if name in result:
            result[name] = result[name] + 1
        else:
            result[name] = 1
        for pair in node.next_functions:
            if pair[0] is not None:
                queue.append(pair[0])
    return result
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    result = {}
    # d(ab)/da = b, d(ab)/db = a, d(cd)/dc = d, d(cd)/dd = c
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
    return result
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    # копии параметров
    w_copy = w.detach().clone().requires_grad_(True)
    b_copy = b.detach().clone().requires_grad_(True)
    logits = x @ w_copy + b_copy
    loss = F.binary_cross_entropy_with_logits(logits, y)
    grads = torch.autograd.grad(loss, [w_copy, b_copy])
    return loss.detach(), grads[0], grads[1]
''',
    },
    # ------------------------------------------------------------------ ind04
    "ind04": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    a = x.clone().detach().requires_grad_(True)
    b = y.clone().detach().requires_grad_(True)
    c = z.clone().detach().requires_grad_(True)
    f = torch.sum(a**2 + b**2 + c**2 + 2*a*b*c)
    f.backward()
    return a.grad, b.grad, c.grad
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    gx = 2*x + 2*y*z
    gy = 2*y + 2*x*z
    gz = 2*z + 2*x*y
    return gx, gy, gz
''',
        "mse": '''\
def mse(y_pred, y_true):
    return torch.mean((y_pred - y_true)**2)
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    w2 = w.clone().detach().requires_grad_(True)
    b2 = b.clone().detach().requires_grad_(True)
    loss = mse(x @ w2 + b2, y_true)
    loss.backward()
    return w2.grad, b2.grad
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    a = x.clone().detach().requires_grad_(True)
    y = torch.sum(torch.sin(a**2 + 1))
    y.backward()
    g1 = a.grad
    a2 = x.clone().detach().requires_grad_(True)
    y2 = torch.sum(torch.sin(a2**2 + 1))
    g2 = torch.autograd.grad(y2, a2)[0]
    return g1, g2
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p = p - lr * p.grad
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for i in range(steps):
        loss = mse(w*x + b, y)
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad = None
        b.grad = None
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    counts = {}
    def visit(node):
        if node is None:
            return
        name = type(node).__name__
        counts[name] = counts.get(name, 0) + 1
        for n in node.next_functions:
            visit(n[0])
    visit(t.grad_fn)
    return counts
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    res = {"a": None, "b": None, "c": None, "d": None}
    if a.requires_grad:
        res["a"] = b.clone().detach()
    if b.requires_grad:
        res["b"] = a.clone().detach()
    if c.requires_grad:
        res["c"] = d.clone().detach()
    if d.requires_grad:
        res["d"] = c.clone().detach()
    return res
''',
    },
    # ------------------------------------------------------------------ ind05
    "ind05": {
        "poly_grads": '''\
def _fresh_leaf(t: torch.Tensor) -> torch.Tensor:
    return t.detach().requires_grad_(True)


def _poly(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
    return (x.square() + y.square() + z.square() + 2 * x * y * z).sum()


def poly_grads(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple:
    leaves = tuple(_fresh_leaf(t) for t in (x, y, z))
    return torch.autograd.grad(_poly(*leaves), leaves)
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple:
    def partial(own: torch.Tensor, u: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return 2.0 * own + 2.0 * u * v

    return partial(x, y, z), partial(y, x, z), partial(z, x, y)
''',
        "mse": '''\
def mse(y_pred: torch.Tensor, y_true: torch.Tensor) -> torch.Tensor:
    if y_pred.shape != y_true.shape:
        raise ValueError("shape mismatch: y_pred %s, y_true %s" % (tuple(y_pred.shape), tuple(y_true.shape)))
    residual = y_pred - y_true
    return residual.square().mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, y_true: torch.Tensor) -> tuple:
    w_leaf, b_leaf = _fresh_leaf(w), _fresh_leaf(b)
    loss = mse(torch.matmul(x, w_leaf) + b_leaf, y_true)
    return torch.autograd.grad(loss, (w_leaf, b_leaf))
''',
        "chain_rule_grads": '''\
def _chain(t: torch.Tensor) -> torch.Tensor:
    return torch.sin(t.square() + 1.0).sum()


def chain_rule_grads(x: torch.Tensor) -> tuple:
    first = x.detach().requires_grad_(True)
    _chain(first).backward()
    second = x.detach().requires_grad_(True)
    (grad_second,) = torch.autograd.grad(_chain(second), second)
    return first.grad, grad_second
''',
        "sgd_step": '''\
def sgd_step(params, lr: float) -> None:
    with torch.no_grad():
        for param in params:
            param.add_(param.grad, alpha=-lr)
            param.grad = None
''',
        "fit_line": '''\
def fit_line(x: torch.Tensor, y: torch.Tensor, lr: float = 0.05, steps: int = 500) -> tuple:
    slope = torch.zeros((), dtype=torch.float32, requires_grad=True)
    intercept = torch.zeros((), dtype=torch.float32, requires_grad=True)
    for _ in range(steps):
        mse(slope * x + intercept, y).backward()
        sgd_step((slope, intercept), lr)
    return float(slope.item()), float(intercept.item())
''',
        "count_graph_nodes": '''\
def _children(node):
    return [child for child, _ in node.next_functions if child is not None]


def count_graph_nodes(t: torch.Tensor) -> dict:
    if t.grad_fn is None:
        return {}
    found = {}
    frontier = [t.grad_fn]
    while frontier:
        node = frontier.pop()
        if id(node) in found:
            continue
        found[id(node)] = node
        frontier.extend(_children(node))
    tally = {}
    for node in found.values():
        tally[type(node).__name__] = tally.get(type(node).__name__, 0) + 1
    return tally
''',
        "abcd_grads": '''\
def _grad_or_none(t: torch.Tensor, partner: torch.Tensor):
    if not t.requires_grad:
        return None
    return partner.detach().clone()


def abcd_grads(a, b, c, d) -> dict:
    return {
        "a": _grad_or_none(a, b),
        "b": _grad_or_none(b, a),
        "c": _grad_or_none(c, d),
        "d": _grad_or_none(d, c),
    }
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b) -> tuple:
    w_leaf, b_leaf = _fresh_leaf(w), _fresh_leaf(b)
    logits = torch.matmul(x, w_leaf) + b_leaf
    loss = F.binary_cross_entropy_with_logits(logits, y, reduction="mean")
    grad_w, grad_b = torch.autograd.grad(loss, (w_leaf, b_leaf))
    return loss.detach(), grad_w, grad_b
''',
    },
    # ------------------------------------------------------------------ ind06
    "ind06": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    # Step 1: detached leaves, so the caller's tensors stay as they are
    xl = torch.clone(x).detach().requires_grad_(True)
    yl = torch.clone(y).detach().requires_grad_(True)
    zl = torch.clone(z).detach().requires_grad_(True)
    # Step 2: f and its gradients
    f = torch.sum(torch.pow(xl, 2) + torch.pow(yl, 2) + torch.pow(zl, 2) + 2 * torch.mul(torch.mul(xl, yl), zl))
    return torch.autograd.grad(f, (xl, yl, zl))
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    # Step 1: partial derivatives by hand
    gx = torch.add(torch.mul(x, 2), torch.mul(torch.mul(y, z), 2))
    gy = torch.add(torch.mul(y, 2), torch.mul(torch.mul(x, z), 2))
    gz = torch.add(torch.mul(z, 2), torch.mul(torch.mul(x, y), 2))
    return gx, gy, gz
''',
        "mse": '''\
def mse(y_pred, y_true):
    # Step 1: shapes must be equal
    if y_pred.shape != y_true.shape:
        raise ValueError(f"mse: y_pred {tuple(y_pred.shape)} and y_true {tuple(y_true.shape)} differ")
    # Step 2: mean of squares
    return torch.mean(torch.square(torch.sub(y_pred, y_true)))
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    # Step 1: leaves
    wl = torch.clone(w).detach().requires_grad_(True)
    bl = torch.clone(b).detach().requires_grad_(True)
    # Step 2: loss and gradients
    loss = mse(torch.add(torch.matmul(x, wl), bl), y_true)
    return torch.autograd.grad(loss, (wl, bl))
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    # Step 1: backward on the first graph
    x1 = torch.clone(x).detach().requires_grad_(True)
    torch.sum(torch.sin(torch.add(torch.square(x1), 1))).backward()
    # Step 2: autograd.grad on a second graph
    x2 = torch.clone(x).detach().requires_grad_(True)
    g2 = torch.autograd.grad(torch.sum(torch.sin(torch.add(torch.square(x2), 1))), x2)[0]
    return x1.grad, g2
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    # Step 1: no graph recording for the update
    with torch.no_grad():
        for p in params:
            # Step 2: in-place update and reset
            p.copy_(torch.sub(p, torch.mul(p.grad, lr)))
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    # Step 1: parameters at zero
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    # Step 2: gradient descent
    for _ in range(steps):
        loss = torch.mean(torch.square(torch.sub(torch.add(torch.mul(w, x), b), y)))
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    # Step 1: nothing to count without a graph
    if t.grad_fn is None:
        return {}
    # Step 2: walk the graph, remembering visited nodes
    visited = set()
    counts = {}
    def walk(node):
        if node is None or node in visited:
            return
        visited.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        for child, _ in node.next_functions:
            walk(child)
    walk(t.grad_fn)
    return counts
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    # Step 1: the gradient of a*b w.r.t. a is b, and so on
    return {
        "a": b if a.requires_grad else None,
        "b": a if b.requires_grad else None,
        "c": d if c.requires_grad else None,
        "d": c if d.requires_grad else None,
    }
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    # Step 1: leaves
    wl = torch.clone(w).detach().requires_grad_(True)
    bl = torch.clone(b).detach().requires_grad_(True)
    # Step 2: the loss
    loss = F.binary_cross_entropy_with_logits(torch.add(torch.matmul(x, wl), bl), y)
    # Step 3: the gradients
    dw, db = torch.autograd.grad(loss, (wl, bl), retain_graph=True)
    return loss, dw, db
''',
    },
    # ------------------------------------------------------------------ ind07
    "ind07": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    xx = x.detach().requires_grad_(True)
    yy = y.detach().requires_grad_(True)
    zz = z.detach().requires_grad_(True)
    f = (xx ** 2 + yy ** 2 + zz ** 2 + 2 * xx * yy * zz).sum()
    f.backward()
    return xx.grad, yy.grad, zz.grad
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    return 2 * x + y * z, 2 * y + x * z, 2 * z + x * y
''',
        "mse": '''\
def mse(y_pred, y_true):
    if y_pred.numel() != y_true.numel():
        raise ValueError('sizes differ: {} and {}'.format(tuple(y_pred.shape), tuple(y_true.shape)))
    return ((y_pred - y_true) ** 2).mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    ww = w.detach().requires_grad_(True)
    bb = b.detach().requires_grad_(True)
    loss = mse(x @ ww + bb, y_true)
    loss.backward()
    return ww.grad, bb.grad
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    xx = x.detach().requires_grad_(True)
    s = torch.sin(xx ** 2 + 1).sum()
    s.backward()
    g1 = xx.grad.clone()
    xx.grad = None
    s2 = torch.sin(xx ** 2 + 1).sum()
    g2 = torch.autograd.grad(s2, xx)[0]
    return g1, g2
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    i = 0
    while i < steps:
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
        i += 1
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    counts = {}
    seen = set()
    stack = []
    if t.grad_fn is not None:
        stack.append(t.grad_fn)
    while len(stack) > 0:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        name = node.__class__.__name__
        counts[name] = counts.get(name, 0) + 1
        for nxt, _ in node.next_functions:
            if nxt is not None:
                stack.append(nxt)
    return counts
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    out = dict()
    pairs = [('a', a, b), ('b', b, a), ('c', c, d), ('d', d, c)]
    k = 0
    while k < len(pairs):
        name, t, other = pairs[k]
        out[name] = other.detach().clone() if t.requires_grad else None
        k += 1
    return out
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    ww = w.detach().requires_grad_(True)
    bb = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ ww + bb, y)
    loss.backward()
    return loss.detach(), ww.grad, bb.grad
''',
    },
    # ------------------------------------------------------------------ ind08
    "ind08": {
        "poly_grads": '''\
def poly_grads(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Градиенты через autograd на отсоединенных копиях."""
    leaves = [t.detach().requires_grad_() for t in (x, y, z)]
    a, b, c = leaves
    f = torch.sum(a * a + b * b + c * c + 2 * a * b * c)
    return tuple(torch.autograd.grad(f, leaves))
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Формула: df/dx = 2x + 2yz."""
    return 2 * x + 2 * y * z, 2 * y + 2 * z * x, 2 * z + 2 * x * y
''',
        "mse": '''\
def mse(y_pred: torch.Tensor, y_true: torch.Tensor) -> torch.Tensor:
    """Среднеквадратичная ошибка без тихого broadcasting."""
    if y_pred.shape == y_true.shape:
        return torch.mean((y_pred - y_true) ** 2)
    raise ValueError(f"формы не совпадают: {tuple(y_pred.shape)} и {tuple(y_true.shape)}")
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, y_true: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """dL/dw и dL/db."""
    w_leaf = w.detach().requires_grad_()
    b_leaf = b.detach().requires_grad_()
    grads = torch.autograd.grad(mse(x @ w_leaf + b_leaf, y_true), [w_leaf, b_leaf])
    return grads[0], grads[1]
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Два прохода, два графа."""
    def g(t):
        return torch.sin(t * t + 1).sum()

    u = x.detach().requires_grad_()
    torch.autograd.backward(g(u))
    v = x.detach().requires_grad_()
    return u.grad, torch.autograd.grad(g(v), v)[0]
''',
        "sgd_step": '''\
def sgd_step(params, lr: float) -> None:
    """Шаг SGD на месте и сброс градиентов."""
    with torch.no_grad():
        for p in params:
            if p.grad is None:
                continue
            p.sub_(p.grad * lr)
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x: torch.Tensor, y: torch.Tensor, lr: float = 0.05, steps: int = 500) -> tuple[float, float]:
    """Градиентный спуск для прямой."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        mse(x * w + b, y).backward()
        sgd_step([w, b], lr)
    return float(w), float(b)
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t: torch.Tensor) -> dict[str, int]:
    """Число различных узлов каждого типа."""
    if t.grad_fn is None:
        return {}
    nodes = {t.grad_fn}
    frontier = [t.grad_fn]
    while frontier:
        for child, _ in frontier.pop().next_functions:
            if child is not None and child not in nodes:
                nodes.add(child)
                frontier.append(child)
    names = [type(n).__name__ for n in nodes]
    return {name: names.count(name) for name in set(names)}
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d) -> dict[str, torch.Tensor | None]:
    """Градиенты суммы a*b + c*d по формуле."""
    def grad(t, other):
        if not t.requires_grad:
            return None
        return other.detach().clone()

    return {"a": grad(a, b), "b": grad(b, a), "c": grad(c, d), "d": grad(d, c)}
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Потеря логистической регрессии и ее градиенты."""
    w_leaf = w.detach().requires_grad_()
    b_leaf = b.detach().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(x @ w_leaf + b_leaf, y)
    dw, db = torch.autograd.grad(loss, [w_leaf, b_leaf])
    return loss.detach(), dw, db
''',
    },
    # ------------------------------------------------------------------ ind09
    "ind09": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    x = x.detach().requires_grad_()
    y = y.detach().requires_grad_()
    z = z.detach().requires_grad_()
    f = (x**2 + y**2 + z**2 + 2*x*y*z).sum()
    return torch.autograd.grad(f, [x, y, z])
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    return 2*x + 2*y*z, 2*y + 2*x*z, 2*z + 2*x*y
''',
        "mse": '''\
def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"{y_pred.shape} {y_true.shape}")
    return F.mse_loss(y_pred, y_true)
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_()
    b = b.detach().requires_grad_()
    return torch.autograd.grad(mse(x @ w + b, y_true), [w, b])
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    a = x.detach().requires_grad_()
    torch.sin(a**2 + 1).sum().backward()
    b = x.detach().requires_grad_()
    return a.grad, torch.autograd.grad(torch.sin(b**2 + 1).sum(), b)[0]
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0., requires_grad=True)
    b = torch.tensor(0., requires_grad=True)
    for _ in range(steps):
        mse(w*x + b, y).backward()
        sgd_step([w, b], lr)
        w.grad = None
        b.grad = None
    return w.item(), b.item()
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_()
    b = b.detach().requires_grad_()
    p = torch.sigmoid(x @ w + b)
    loss = F.binary_cross_entropy(p, y)
    dw, db = torch.autograd.grad(loss, [w, b])
    return loss.detach(), dw, db
''',
    },
    # ------------------------------------------------------------------ ind10
    "ind10": {
        "poly_grads": '''\
def poly_grads(x, y, z):
    leaves = [t.detach().requires_grad_() for t in (x, y, z)]
    a, b, c = leaves
    return torch.autograd.grad((a**2 + b**2 + c**2 + 2 * a * b * c).sum(), leaves)
''',
        "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    return tuple(2 * (u + v * w) for u, v, w in ((x, y, z), (y, z, x), (z, x, y)))
''',
        "mse": '''\
def mse(y_pred, y_true):
    if (ps := tuple(y_pred.shape)) != (ts := tuple(y_true.shape)):
        raise ValueError(f"mse needs equal shapes, got y_pred {ps} and y_true {ts}")
    return (y_pred - y_true).square().mean()
''',
        "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    w, b = (t.detach().requires_grad_() for t in (w, b))
    return torch.autograd.grad(mse(x @ w + b, y_true), (w, b))
''',
        "chain_rule_grads": '''\
def chain_rule_grads(x):
    f = lambda t: t.square().add(1).sin().sum()
    u, v = x.detach().requires_grad_(), x.detach().requires_grad_()
    f(u).backward()
    (gv,) = torch.autograd.grad(f(v), v)
    return u.grad, gv
''',
        "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.sub_(p.grad, alpha=lr)
            p.grad = None
''',
        "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w, b = (torch.zeros((), requires_grad=True) for _ in "wb")
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step((w, b), lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": '''\
def count_graph_nodes(t):
    from collections import Counter

    seen, todo = set(), [t.grad_fn] * (t.grad_fn is not None)
    while todo:
        if (node := todo.pop()) not in seen:
            seen.add(node)
            todo.extend(n for n, _ in node.next_functions if n is not None)
    return dict(Counter(type(n).__name__ for n in seen))
''',
        "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    pairs = dict(a=(a, b), b=(b, a), c=(c, d), d=(d, c))
    return {k: o.detach().clone() if t.requires_grad else None for k, (t, o) in pairs.items()}
''',
        "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    w, b = (t.detach().requires_grad_() for t in (w, b))
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    return (loss.detach(), *torch.autograd.grad(loss, (w, b)))
''',
    },
}

COPIES = {
    "cp01": {
        "source": "ind10",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads",
                   "sgd_step", "fit_line", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "expanded the one-liners: generator expressions into explicit lines, the "
                    "walrus operators into assignments, the lambda into a def, Counter into a "
                    "dict loop; renamed locals (a, b, c -> p, q, r; todo -> pending); a docstring "
                    "added to each function",
        "answers": {
            "poly_grads": '''\
def poly_grads(x, y, z):
    """Autograd gradients of the polynomial."""
    p = x.detach().requires_grad_()
    q = y.detach().requires_grad_()
    r = z.detach().requires_grad_()
    total = (p**2 + q**2 + r**2 + 2 * p * q * r).sum()
    return torch.autograd.grad(total, [p, q, r])
''',
            "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    """Closed form, the same pattern for each variable."""
    triples = ((x, y, z), (y, z, x), (z, x, y))
    result = []
    for own, first, second in triples:
        result.append(2 * (own + first * second))
    return tuple(result)
''',
            "mse": '''\
def mse(y_pred, y_true):
    """Mean squared error; equal shapes only."""
    pred_shape = tuple(y_pred.shape)
    true_shape = tuple(y_true.shape)
    if pred_shape != true_shape:
        raise ValueError(f"mse needs equal shapes, got y_pred {pred_shape} and y_true {true_shape}")
    return (y_pred - y_true).square().mean()
''',
            "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    """Gradients with respect to w and b."""
    w_leaf = w.detach().requires_grad_()
    b_leaf = b.detach().requires_grad_()
    loss = mse(x @ w_leaf + b_leaf, y_true)
    return torch.autograd.grad(loss, (w_leaf, b_leaf))
''',
            "chain_rule_grads": '''\
def chain_rule_grads(x):
    """One gradient by backward(), one by autograd.grad, on two graphs."""
    def f(t):
        return t.square().add(1).sin().sum()

    first = x.detach().requires_grad_()
    second = x.detach().requires_grad_()
    f(first).backward()
    grad_second = torch.autograd.grad(f(second), second)[0]
    return first.grad, grad_second
''',
            "sgd_step": '''\
def sgd_step(params, lr):
    """In-place SGD update without recording, then clear the gradients."""
    with torch.no_grad():
        for param in params:
            param.sub_(param.grad, alpha=lr)
            param.grad = None
''',
            "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    """Fit w and b by gradient descent."""
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step((w, b), lr)
    return w.item(), b.item()
''',
            "count_graph_nodes": '''\
def count_graph_nodes(t):
    """Distinct nodes per class name."""
    seen = set()
    pending = []
    if t.grad_fn is not None:
        pending.append(t.grad_fn)
    while pending:
        node = pending.pop()
        if node in seen:
            continue
        seen.add(node)
        pending.extend(n for n, _ in node.next_functions if n is not None)
    counts = {}
    for node in seen:
        name = type(node).__name__
        counts[name] = counts.get(name, 0) + 1
    return counts
''',
            "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    """Analytic gradients of a*b + c*d."""
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    grads = {}
    for key, (tensor, other) in pairs.items():
        grads[key] = other.detach().clone() if tensor.requires_grad else None
    return grads
''',
            "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    """Logistic loss and its gradients."""
    w_leaf = w.detach().requires_grad_()
    b_leaf = b.detach().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(x @ w_leaf + b_leaf, y)
    dw, db = torch.autograd.grad(loss, (w_leaf, b_leaf))
    return loss.detach(), dw, db
''',
        },
    },
    "cp02": {
        "source": "ind04",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads",
                   "sgd_step", "fit_line", "count_graph_nodes", "abcd_grads"],
        "disguise": "renamed locals (a, b, c -> xs, ys, zs; res -> grads), torch.sum(...) -> "
                    "(...).sum(), .clone().detach() -> .detach().clone(), English comments added, "
                    "the recursive helper renamed and given a docstring; the missing shape check, "
                    "the rebinding sgd_step and the per-path count are kept",
        "answers": {
            "poly_grads": '''\
def poly_grads(x, y, z):
    # copies so that x, y, z are not touched
    xs = x.detach().clone().requires_grad_(True)
    ys = y.detach().clone().requires_grad_(True)
    zs = z.detach().clone().requires_grad_(True)
    value = (xs**2 + ys**2 + zs**2 + 2*xs*ys*zs).sum()
    value.backward()
    return xs.grad, ys.grad, zs.grad
''',
            "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    # derivatives by hand
    dz = 2*z + 2*x*y
    dy = 2*y + 2*x*z
    dx = 2*x + 2*y*z
    return dx, dy, dz
''',
            "mse": '''\
def mse(y_pred, y_true):
    diff = y_pred - y_true
    return (diff**2).mean()
''',
            "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    w_copy = w.detach().clone().requires_grad_(True)
    b_copy = b.detach().clone().requires_grad_(True)
    loss = mse(x @ w_copy + b_copy, y_true)
    loss.backward()
    return w_copy.grad, b_copy.grad
''',
            "chain_rule_grads": '''\
def chain_rule_grads(x):
    # first graph: backward
    t1 = x.detach().clone().requires_grad_(True)
    out1 = torch.sin(t1**2 + 1).sum()
    out1.backward()
    grad1 = t1.grad
    # second graph: autograd.grad
    t2 = x.detach().clone().requires_grad_(True)
    out2 = torch.sin(t2**2 + 1).sum()
    grad2 = torch.autograd.grad(out2, t2)[0]
    return grad1, grad2
''',
            "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for param in params:
            param = param - lr * param.grad
            param.grad = None
''',
            "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for step in range(steps):
        loss = mse(w*x + b, y)
        loss.backward()
        with torch.no_grad():
            b -= lr * b.grad
            w -= lr * w.grad
        b.grad = None
        w.grad = None
    return w.item(), b.item()
''',
            "count_graph_nodes": '''\
def count_graph_nodes(t):
    counts = {}

    def walk(node):
        """Count node and everything below it."""
        if node is None:
            return
        key = type(node).__name__
        counts[key] = counts.get(key, 0) + 1
        for pair in node.next_functions:
            walk(pair[0])

    walk(t.grad_fn)
    return counts
''',
            "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    grads = {"a": None, "b": None, "c": None, "d": None}
    if d.requires_grad:
        grads["d"] = c.detach().clone()
    if c.requires_grad:
        grads["c"] = d.detach().clone()
    if b.requires_grad:
        grads["b"] = a.detach().clone()
    if a.requires_grad:
        grads["a"] = b.detach().clone()
    return grads
''',
        },
    },
    "cp03": {
        "source": "ind01",
        "kind": "partial",
        "copied": ["poly_grads", "mse", "linear_mse_grads", "sgd_step", "count_graph_nodes"],
        "disguise": "docstrings removed, the list comprehension unrolled into three lines, "
                    "p -= lr * p.grad turned into p.sub_(lr * p.grad), stack.extend(generator) "
                    "into a for loop, locals renamed; the other five answers are the copier's own",
        "answers": {
            "poly_grads": '''\
def poly_grads(x, y, z):
    xg = x.detach().requires_grad_(True)
    yg = y.detach().requires_grad_(True)
    zg = z.detach().requires_grad_(True)
    leaves = [xg, yg, zg]
    f = (xg ** 2 + yg ** 2 + zg ** 2 + 2 * xg * yg * zg).sum()
    return torch.autograd.grad(f, leaves)
''',
            "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    # f = x^2 + y^2 + z^2 + 2xyz, derivative of each term
    grad_x = 2 * x + 2 * y * z
    grad_y = 2 * y + 2 * x * z
    grad_z = 2 * z + 2 * x * y
    return grad_x, grad_y, grad_z
''',
            "mse": '''\
def mse(y_pred, y_true):
    if y_true.shape != y_pred.shape:
        raise ValueError(
            f"y_pred has shape {tuple(y_pred.shape)} but y_true has shape {tuple(y_true.shape)}"
        )
    squared = (y_pred - y_true) ** 2
    return squared.mean()
''',
            "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    b_leaf = b.detach().requires_grad_(True)
    w_leaf = w.detach().requires_grad_(True)
    loss = mse(x @ w_leaf + b_leaf, y_true)
    grad_w, grad_b = torch.autograd.grad(loss, (w_leaf, b_leaf))
    return grad_w, grad_b
''',
            "chain_rule_grads": '''\
def chain_rule_grads(x):
    # graph number one, gradient lands in .grad
    t = x.detach().clone().requires_grad_(True)
    loss = torch.sin(t * t + 1.0).sum()
    loss.backward()
    g_backward = t.grad.detach()
    # graph number two, gradient returned
    s = x.detach().clone().requires_grad_(True)
    loss2 = torch.sin(s * s + 1.0).sum()
    g_grad = torch.autograd.grad(loss2, s)[0]
    return g_backward, g_grad
''',
            "sgd_step": '''\
def sgd_step(params, lr):
    with torch.no_grad():
        for param in params:
            param.sub_(lr * param.grad)
            param.grad = None
''',
            "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    # both parameters start at zero
    w = torch.tensor(0.0, dtype=torch.float32, requires_grad=True)
    b = torch.tensor(0.0, dtype=torch.float32, requires_grad=True)
    for step in range(steps):
        y_hat = w * x + b
        loss = F.mse_loss(y_hat, y)
        loss.backward()
        sgd_step([w, b], lr)
    return float(w.item()), float(b.item())
''',
            "count_graph_nodes": '''\
def count_graph_nodes(t):
    result = {}
    if t.grad_fn is None:
        return result
    visited = set()
    to_visit = [t.grad_fn]
    while to_visit:
        current = to_visit.pop()
        if current in visited:
            continue
        visited.add(current)
        key = type(current).__name__
        result[key] = result.get(key, 0) + 1
        for child, _ in current.next_functions:
            if child is not None:
                to_visit.append(child)
    return result
''',
            "abcd_grads": '''\
def abcd_grads(a, b, c, d):
    # gradient of a*b + c*d: each factor's partner, fresh copy
    grads = {}
    for key, mine, other in (("a", a, b), ("b", b, a), ("c", c, d), ("d", d, c)):
        if mine.requires_grad:
            grads[key] = other.detach().clone()
        else:
            grads[key] = None
    return grads
''',
            "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    # own leaves, the caller's w and b stay as they are
    wc = w.detach().clone().requires_grad_(True)
    bc = b.detach().clone().requires_grad_(True)
    z = x @ wc + bc
    loss = F.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    return loss.detach(), wc.grad, bc.grad
''',
        },
    },
    "cp04": {
        "source": "ind05",
        "kind": "partial",
        "copied": ["poly_grads_analytic", "chain_rule_grads", "fit_line", "abcd_grads", "logistic_grads"],
        "disguise": "type hints removed, the private helpers renamed (_chain -> objective, "
                    "_grad_or_none -> pick, _fresh_leaf inlined as detach().requires_grad_()), "
                    "the inner def of poly_grads_analytic made a lambda, slope/intercept renamed "
                    "w/b; the other five answers are the copier's own",
        "answers": {
            "poly_grads": '''\
def poly_grads(x, y, z):
    # detached leaves: the caller's tensors keep requires_grad and .grad
    xl = x.detach().requires_grad_()
    yl = y.detach().requires_grad_()
    zl = z.detach().requires_grad_()
    value = torch.sum(xl * xl + yl * yl + zl * zl + 2 * xl * yl * zl)
    value.backward()
    return xl.grad, yl.grad, zl.grad
''',
            "poly_grads_analytic": '''\
def poly_grads_analytic(x, y, z):
    partial = lambda own, u, v: 2.0 * own + 2.0 * u * v
    return partial(x, y, z), partial(y, x, z), partial(z, x, y)
''',
            "mse": '''\
def mse(y_pred, y_true):
    # (n, 1) against (n,) would broadcast to (n, n)
    if tuple(y_pred.shape) != tuple(y_true.shape):
        raise ValueError("mse: shapes " + str(tuple(y_pred.shape)) + " and " + str(tuple(y_true.shape)) + " differ")
    return torch.mean((y_pred - y_true) * (y_pred - y_true))
''',
            "linear_mse_grads": '''\
def linear_mse_grads(x, w, b, y_true):
    wl = w.detach().requires_grad_()
    bl = b.detach().requires_grad_()
    pred = x @ wl + bl
    mse(pred, y_true).backward()
    return wl.grad, bl.grad
''',
            "chain_rule_grads": '''\
def objective(t):
    return torch.sin(t.square() + 1.0).sum()


def chain_rule_grads(x):
    leaf1 = x.detach().requires_grad_(True)
    objective(leaf1).backward()
    leaf2 = x.detach().requires_grad_(True)
    grad2 = torch.autograd.grad(objective(leaf2), leaf2)[0]
    return leaf1.grad, grad2
''',
            "sgd_step": '''\
def sgd_step(params, lr):
    # torch.no_grad: the update must not enter the graph
    with torch.no_grad():
        for p in params:
            p.data.sub_(lr * p.grad)
''',
            "fit_line": '''\
def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), dtype=torch.float32, requires_grad=True)
    b = torch.zeros((), dtype=torch.float32, requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step((w, b), lr)
    return float(w.item()), float(b.item())
''',
            "count_graph_nodes": '''\
def count_graph_nodes(t):
    # breadth-first over grad_fn.next_functions
    if t.grad_fn is None:
        return {}
    seen = {t.grad_fn}
    queue = [t.grad_fn]
    i = 0
    while i < len(queue):
        for child, _ in queue[i].next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                queue.append(child)
        i += 1
    counts = {}
    for node in queue:
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
    return counts
''',
            "abcd_grads": '''\
def pick(t, partner):
    if not t.requires_grad:
        return None
    return partner.detach().clone()


def abcd_grads(a, b, c, d):
    return {"a": pick(a, b), "b": pick(b, a), "c": pick(c, d), "d": pick(d, c)}
''',
            "logistic_grads": '''\
def logistic_grads(x, y, w, b):
    wl = w.detach().requires_grad_(True)
    bl = b.detach().requires_grad_(True)
    z = torch.matmul(x, wl) + bl
    loss = F.binary_cross_entropy_with_logits(z, y, reduction="mean")
    dw, db = torch.autograd.grad(loss, (wl, bl))
    return loss.detach(), dw, db
''',
        },
    },
}
