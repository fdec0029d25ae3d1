"""Independent test data for copy detection, lesson 02_autograd (issue 36), author A2.

Written by hand from the task texts of lessons/en/02_autograd.ipynb and the course specification
alone, without seeing the copy detector, the project's generated variants or another author's data.

STUDENTS: the same twelve made-up people as in 01_tensors.py, each answering on their own:
  st01 mathematician, dense one-liners                       (all right)
  st02 Java programmer, explicit checks, camelCase           (all right)
  st03 StackOverflow snippets                                (poly_grads turns on requires_grad of the
                                                              caller's tensors; count_graph_nodes counts
                                                              a node once per path)
  st04 long loops, Russian comments                          (sgd_step re-assigns instead of updating in
                                                              place; logistic loss through log(sigmoid))
  st05 numpy wherever possible                               (abcd_grads returns the partner tensors themselves)
  st06 asserts everything                                    (mse raises AssertionError)
  st07 careful, type hints, English docstrings               (all right)
  st08 terse one-liners                                      (all right)
  st09 beginner, prints                                      (count_graph_nodes, logistic_grads left out;
                                                              poly_grads changes the caller's .grad)
  st10 functional style, small helpers                       (all right)
  st11 torch functional API, Russian comments                (all right)
  st12 C programmer, while loops                             (poly_grads_analytic misses a factor 2)

Ground truth: the only copied answers are those listed in COPIES; every other pair is independent.
  cp01 <- st02, full (all 10): camelCase -> snake_case, messages and comments reworded, two
          statements reordered.
  cp02 <- st01, full (all 10): dense code spread into loops and helper functions, autograd.grad
          swapped for .backward() where equivalent, generators to lists, dead code.
  cp03 <- st03, partial: poly_grads, mse, count_graph_nodes, logistic_grads copied with st03's
          bugs (caller's requires_grad changed; nodes counted per path): links dropped, names
          changed, a loop over the inputs; six written by cp03.
  cp04 <- st11, partial: chain_rule_grads, sgd_step, fit_line, abcd_grads, logistic_grads copied
          and restructured (helper extracted, loop forms changed, torch.x(t) calls to methods,
          in-place ops swapped for equivalents); five written by cp04.
"""

STUDENTS = {
    "st01": {
        "poly_grads": r'''def poly_grads(x, y, z):
    x, y, z = (v.detach().requires_grad_() for v in (x, y, z))
    return torch.autograd.grad((x**2 + y**2 + z**2 + 2*x*y*z).sum(), (x, y, z))
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    return 2*(x + y*z), 2*(y + x*z), 2*(z + x*y)
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)} vs {tuple(y_true.shape)}")
    return ((y_pred - y_true)**2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    return torch.autograd.grad(mse(x @ w + b, y_true), (w, b))
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    f = lambda u: torch.sin(u**2 + 1).sum()
    u = x.detach().requires_grad_()
    f(u).backward()
    v = x.detach().requires_grad_()
    return u.grad, torch.autograd.grad(f(v), v)[0]
''',
        "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.sub_(lr * p.grad)
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w, b = torch.zeros((), requires_grad=True), torch.zeros((), requires_grad=True)
    for _ in range(steps):
        mse(w*x + b, y).backward()
        sgd_step((w, b), lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''import collections


def count_graph_nodes(t):
    seen, todo = set(), [t.grad_fn] if t.grad_fn is not None else []
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo += [m for m, _ in n.next_functions if m is not None]
    return dict(collections.Counter(type(n).__name__ for n in seen))
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    g = lambda t, other: other.detach().clone() if t.requires_grad else None
    return {"a": g(a, b), "b": g(b, a), "c": g(c, d), "d": g(d, c)}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    w, b = w.detach().requires_grad_(), b.detach().requires_grad_()
    L = F.binary_cross_entropy_with_logits(x @ w + b, y)
    return (L.detach(), *torch.autograd.grad(L, (w, b)))
''',
    },
    "st02": {
        "poly_grads": r'''def poly_grads(x, y, z):
    """Gradients of the polynomial by autograd, on detached copies of the inputs."""
    xCopy = x.detach().clone().requires_grad_(True)
    yCopy = y.detach().clone().requires_grad_(True)
    zCopy = z.detach().clone().requires_grad_(True)
    value = xCopy ** 2 + yCopy ** 2 + zCopy ** 2 + 2 * xCopy * yCopy * zCopy
    total = value.sum()
    total.backward()
    return (xCopy.grad, yCopy.grad, zCopy.grad)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """df/dx = 2x + 2yz and so on."""
    gradX = 2 * x + 2 * y * z
    gradY = 2 * y + 2 * x * z
    gradZ = 2 * z + 2 * x * y
    return (gradX, gradY, gradZ)
''',
        "mse": r'''def mse(y_pred, y_true):
    """Mean squared error; both tensors must have the same shape."""
    if not isinstance(y_pred, torch.Tensor) or not isinstance(y_true, torch.Tensor):
        raise TypeError("Invalid argument: y_pred and y_true must be tensors")
    if y_pred.shape != y_true.shape:
        raise ValueError("Invalid argument: shapes differ, y_pred " + str(list(y_pred.shape))
                         + ", y_true " + str(list(y_true.shape)))
    difference = y_pred - y_true
    return torch.mean(difference * difference)
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """Gradients of the MSE of a linear model with respect to w and b."""
    weightCopy = w.detach().clone().requires_grad_(True)
    biasCopy = b.detach().clone().requires_grad_(True)
    prediction = x @ weightCopy + biasCopy
    loss = mse(prediction, y_true)
    loss.backward()
    return (weightCopy.grad, biasCopy.grad)
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    """The same gradient by backward() and by autograd.grad, each on a new graph."""
    firstInput = x.detach().clone().requires_grad_(True)
    firstOutput = torch.sin(firstInput ** 2 + 1).sum()
    firstOutput.backward()
    gradientFromBackward = firstInput.grad

    secondInput = x.detach().clone().requires_grad_(True)
    secondOutput = torch.sin(secondInput ** 2 + 1).sum()
    gradientFromGrad = torch.autograd.grad(secondOutput, secondInput)[0]
    return (gradientFromBackward, gradientFromGrad)
''',
        "sgd_step": r'''def sgd_step(params, lr):
    """One in-place SGD step; gradients are reset afterwards."""
    with torch.no_grad():
        for parameter in params:
            if parameter.grad is None:
                raise ValueError("Invalid argument: a parameter has no gradient")
            parameter.add_(parameter.grad, alpha=-lr)
            parameter.grad.zero_()
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Gradient descent for y = w * x + b starting from zero."""
    weight = torch.tensor(0.0, requires_grad=True)
    bias = torch.tensor(0.0, requires_grad=True)
    for step in range(steps):
        prediction = weight * x + bias
        loss = mse(prediction, y)
        loss.backward()
        sgd_step([weight, bias], lr)
    return (float(weight.item()), float(bias.item()))
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    """Counts distinct autograd nodes per class, walking next_functions."""
    counts = {}
    if t.grad_fn is None:
        return counts
    visited = set()
    toVisit = [t.grad_fn]
    while len(toVisit) > 0:
        node = toVisit.pop()
        if node in visited:
            continue
        visited.add(node)
        className = type(node).__name__
        if className in counts:
            counts[className] = counts[className] + 1
        else:
            counts[className] = 1
        for nextNode, inputIndex in node.next_functions:
            if nextNode is not None:
                toVisit.append(nextNode)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """d/da sum(ab + cd) = b, and so on; None where requires_grad is false."""
    result = {"a": None, "b": None, "c": None, "d": None}
    if a.requires_grad:
        result["a"] = b.detach().clone()
    if b.requires_grad:
        result["b"] = a.detach().clone()
    if c.requires_grad:
        result["c"] = d.detach().clone()
    if d.requires_grad:
        result["d"] = c.detach().clone()
    return result
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """Loss of logistic regression and its gradients for w and b."""
    weightCopy = w.detach().clone().requires_grad_(True)
    biasCopy = b.detach().clone().requires_grad_(True)
    logits = x @ weightCopy + biasCopy
    loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y)
    loss.backward()
    return (loss.detach(), weightCopy.grad, biasCopy.grad)
''',
    },
    "st03": {
        "poly_grads": r'''def poly_grads(x, y, z):
    # https://stackoverflow.com/questions/54754153 autograd.grad returns the gradients directly
    x.requires_grad_(True)
    y.requires_grad_(True)
    z.requires_grad_(True)
    f = torch.sum(x ** 2 + y ** 2 + z ** 2 + 2 * x * y * z)
    gx, gy, gz = torch.autograd.grad(f, [x, y, z])
    return gx, gy, gz
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    # partial derivatives (wolfram alpha)
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred, y_true):
    # F.mse_loss only warns on broadcasting (https://stackoverflow.com/q/61172400)
    if y_pred.size() != y_true.size():
        raise ValueError("shape mismatch: y_pred %s, y_true %s" % (list(y_pred.size()), list(y_true.size())))
    return torch.nn.functional.mse_loss(y_pred, y_true)
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w2 = w.clone().detach().requires_grad_(True)  # recommended over torch.tensor(w)
    b2 = b.clone().detach().requires_grad_(True)
    loss = mse(torch.matmul(x, w2) + b2, y_true)
    dw, db = torch.autograd.grad(loss, [w2, b2])
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    a = x.clone().detach().requires_grad_(True)
    torch.sum(torch.sin(a ** 2 + 1)).backward()
    b = x.clone().detach().requires_grad_(True)
    # autograd.grad returns a tuple
    g2, = torch.autograd.grad(torch.sum(torch.sin(b ** 2 + 1)), b)
    return a.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    # same as torch.optim.SGD without momentum
    for p in params:
        with torch.no_grad():
            p -= lr * p.grad
        p.grad.zero_()
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for i in range(steps):
        y_hat = x * w + b
        loss = torch.nn.functional.mse_loss(y_hat, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    # recursive walk, see https://stackoverflow.com/questions/52988876
    counts = {}

    def walk(fn):
        if fn is None:
            return
        name = type(fn).__name__
        counts[name] = counts.get(name, 0) + 1
        for child, _ in fn.next_functions:
            walk(child)

    walk(t.grad_fn)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    out = {}
    out["a"] = b.clone().detach() if a.requires_grad else None
    out["b"] = a.clone().detach() if b.requires_grad else None
    out["c"] = d.clone().detach() if c.requires_grad else None
    out["d"] = c.clone().detach() if d.requires_grad else None
    return out
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    w_ = w.clone().detach().requires_grad_(True)
    b_ = b.clone().detach().requires_grad_(True)
    # with_logits version is numerically stable (log-sum-exp trick)
    loss = torch.nn.functional.binary_cross_entropy_with_logits(torch.matmul(x, w_) + b_, y)
    dw, db = torch.autograd.grad(loss, [w_, b_])
    return loss.detach(), dw, db
''',
    },
    "st04": {
        "poly_grads": r'''def poly_grads(x, y, z):
    # копии, чтобы не трогать входы
    xs = x.detach().clone()
    ys = y.detach().clone()
    zs = z.detach().clone()
    xs.requires_grad = True
    ys.requires_grad = True
    zs.requires_grad = True
    f = xs * xs + ys * ys + zs * zs + 2 * xs * ys * zs
    s = f.sum()
    s.backward()
    return xs.grad, ys.grad, zs.grad
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    # производные по формуле
    dx = 2 * x + 2 * y * z
    dy = 2 * y + 2 * x * z
    dz = 2 * z + 2 * x * y
    return dx, dy, dz
''',
        "mse": r'''def mse(y_pred, y_true):
    # формы должны совпадать
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes differ: y_pred " + str(tuple(y_pred.shape)) + ", y_true " + str(tuple(y_true.shape)))
    d = y_pred - y_true
    s = (d * d).sum()
    n = d.numel()
    return s / n
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    ww = w.detach().clone()
    bb = b.detach().clone()
    ww.requires_grad = True
    bb.requires_grad = True
    pred = x @ ww + bb
    loss = mse(pred, y_true)
    loss.backward()
    return ww.grad, bb.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    # первый граф
    x1 = x.detach().clone()
    x1.requires_grad = True
    f1 = torch.sin(x1 * x1 + 1).sum()
    f1.backward()
    g1 = x1.grad
    # второй граф
    x2 = x.detach().clone()
    x2.requires_grad = True
    f2 = torch.sin(x2 * x2 + 1).sum()
    g2 = torch.autograd.grad(f2, x2)[0]
    return g1, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    # шаг для каждого параметра
    for p in params:
        with torch.no_grad():
            p = p - lr * p.grad
        p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    # обычный цикл обучения
    for i in range(steps):
        pred = w * x + b
        loss = mse(pred, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    res = {}
    if t.grad_fn is None:
        return res
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
        if name not in res:
            res[name] = 0
        res[name] += 1
        for pair in node.next_functions:
            if pair[0] is not None:
                queue.append(pair[0])
    return res
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    res = {}
    # производная ab по a равна b и т.д.
    if a.requires_grad:
        res["a"] = b.detach().clone()
    else:
        res["a"] = None
    if b.requires_grad:
        res["b"] = a.detach().clone()
    else:
        res["b"] = None
    if c.requires_grad:
        res["c"] = d.detach().clone()
    else:
        res["c"] = None
    if d.requires_grad:
        res["d"] = c.detach().clone()
    else:
        res["d"] = None
    return res
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    ww = w.detach().clone()
    bb = b.detach().clone()
    ww.requires_grad = True
    bb.requires_grad = True
    z = x @ ww + bb
    p = torch.sigmoid(z)
    # формула кросс-энтропии
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    loss.backward()
    return loss.detach(), ww.grad, bb.grad
''',
    },
    "st05": {
        "poly_grads": r'''def poly_grads(x, y, z):
    leaves = [t.detach().clone().requires_grad_() for t in (x, y, z)]
    a, b, c = leaves
    f = (a ** 2 + b ** 2 + c ** 2 + 2 * a * b * c).sum()
    f.backward()
    return tuple(t.grad for t in leaves)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    # градиент: 2x + 2yz, 2y + 2xz, 2z + 2xy
    return (2 * (x + y * z), 2 * (y + x * z), 2 * (z + x * y))
''',
        "mse": r'''def mse(y_pred, y_true):
    if tuple(y_pred.shape) != tuple(y_true.shape):
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return torch.mean(torch.square(y_pred - y_true))
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w_, b_ = [t.detach().clone().requires_grad_() for t in (w, b)]
    loss = mse(torch.matmul(x, w_) + b_, y_true)
    loss.backward()
    return w_.grad, b_.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    def f(t):
        return torch.sum(torch.sin(torch.square(t) + 1))

    x1 = x.detach().clone().requires_grad_()
    f(x1).backward()
    x2 = x.detach().clone().requires_grad_()
    (g2,) = torch.autograd.grad(f(x2), (x2,))
    return x1.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.copy_(p - lr * p.grad)
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    # начальные значения как в numpy-версии: нули
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return float(w), float(b)
''',
        "count_graph_nodes": r'''import numpy as np


def count_graph_nodes(t):
    nodes = {}
    stack = [t.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in nodes:
            continue
        nodes[id(fn)] = fn
        stack.extend(nf for nf, _ in fn.next_functions)
    names = np.array([type(fn).__name__ for fn in nodes.values()])
    uniq, cnt = np.unique(names, return_counts=True)
    return {str(k): int(v) for k, v in zip(uniq, cnt)}
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    # d(ab)/da = b, d(ab)/db = a, d(cd)/dc = d, d(cd)/dd = c
    pairs = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {k: (other if t.requires_grad else None) for k, (t, other) in pairs.items()}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    w_, b_ = [t.detach().clone().requires_grad_() for t in (w, b)]
    loss = F.binary_cross_entropy_with_logits(torch.matmul(x, w_) + b_, y)
    loss.backward()
    return loss.detach(), w_.grad, b_.grad
''',
    },
    "st06": {
        "poly_grads": r'''def poly_grads(x, y, z):
    assert x.is_floating_point() and y.is_floating_point() and z.is_floating_point()
    xs, ys, zs = x.detach().requires_grad_(), y.detach().requires_grad_(), z.detach().requires_grad_()
    f = (xs ** 2 + ys ** 2 + zs ** 2 + 2 * xs * ys * zs).sum()
    assert f.dim() == 0
    gx, gy, gz = torch.autograd.grad(f, (xs, ys, zs))
    assert gx.shape == x.shape and gy.shape == y.shape and gz.shape == z.shape
    return gx, gy, gz
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    assert x.shape == y.shape == z.shape, "inputs must share one shape"
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred, y_true):
    assert y_pred.shape == y_true.shape, f"shapes differ: {tuple(y_pred.shape)} and {tuple(y_true.shape)}"
    out = ((y_pred - y_true) ** 2).mean()
    assert out.dim() == 0
    return out
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    ws = w.detach().requires_grad_()
    bs = b.detach().requires_grad_()
    dw, db = torch.autograd.grad(mse(x @ ws + bs, y_true), (ws, bs))
    assert dw.shape == w.shape and db.shape == b.shape
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    x1 = x.detach().requires_grad_()
    torch.sin(x1 ** 2 + 1).sum().backward()
    g1 = x1.grad
    assert g1 is not None
    x2 = x.detach().requires_grad_()
    g2 = torch.autograd.grad(torch.sin(x2 ** 2 + 1).sum(), x2)[0]
    assert torch.allclose(g1, g2)
    return g1, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    for p in params:
        assert p.is_leaf and p.requires_grad, "parameters must be leaves that require grad"
        assert p.grad is not None, "parameter without grad"
        with torch.no_grad():
            p.sub_(lr * p.grad)
        p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    assert steps > 0 and lr > 0
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    assert w.is_leaf and b.is_leaf
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    if t.grad_fn is None:
        return {}
    seen = set()
    stack = [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        for nxt, _ in node.next_functions:
            stack.append(nxt)
    out = {}
    for node in seen:
        out[type(node).__name__] = out.get(type(node).__name__, 0) + 1
    assert sum(out.values()) == len(seen)
    return out
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    assert a.shape == b.shape == c.shape == d.shape
    return {
        "a": b.detach().clone() if a.requires_grad else None,
        "b": a.detach().clone() if b.requires_grad else None,
        "c": d.detach().clone() if c.requires_grad else None,
        "d": c.detach().clone() if d.requires_grad else None,
    }
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    ws = w.detach().requires_grad_()
    bs = b.detach().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(x @ ws + bs, y)
    assert loss.dim() == 0
    dw, db = torch.autograd.grad(loss, (ws, bs))
    return loss.detach(), dw, db
''',
    },
    "st07": {
        "poly_grads": r'''def poly_grads(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple:
    """Autograd gradients of sum(x^2 + y^2 + z^2 + 2xyz), on detached copies."""
    xl, yl, zl = (t.detach().requires_grad_(True) for t in (x, y, z))
    f = (xl ** 2 + yl ** 2 + zl ** 2 + 2 * xl * yl * zl).sum()
    grads = torch.autograd.grad(f, (xl, yl, zl))
    return tuple(grads)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple:
    """df/dx = 2x + 2yz, df/dy = 2y + 2xz, df/dz = 2z + 2xy."""
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
        "mse": r'''def mse(y_pred: torch.Tensor, y_true: torch.Tensor) -> torch.Tensor:
    """Mean of squared differences; refuses to broadcast different shapes."""
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, y_true: torch.Tensor) -> tuple:
    """(dw, db) of mse(x @ w + b, y_true), leaving w and b alone."""
    wl = w.detach().requires_grad_(True)
    bl = b.detach().requires_grad_(True)
    loss = mse(x @ wl + bl, y_true)
    dw, db = torch.autograd.grad(loss, (wl, bl))
    return dw, db
''',
        "chain_rule_grads": r'''def chain_rule_grads(x: torch.Tensor) -> tuple:
    """Gradient of sum(sin(x^2 + 1)) by .backward() and by autograd.grad, two graphs."""
    first = x.detach().requires_grad_(True)
    torch.sin(first ** 2 + 1).sum().backward()
    second = x.detach().requires_grad_(True)
    (grad_second,) = torch.autograd.grad(torch.sin(second ** 2 + 1).sum(), (second,))
    return first.grad, grad_second
''',
        "sgd_step": r'''def sgd_step(params, lr: float) -> None:
    """p -= lr * p.grad in place for every parameter, outside the graph, then clear p.grad."""
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
''',
        "fit_line": r'''def fit_line(x: torch.Tensor, y: torch.Tensor, lr: float = 0.05, steps: int = 500) -> tuple:
    """Gradient descent on the MSE of w * x + b from w = b = 0."""
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step((w, b), lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t: torch.Tensor) -> dict:
    """Distinct autograd nodes reachable from t.grad_fn, counted per class name."""
    counts: dict = {}
    seen = set()
    stack = [t.grad_fn] if t.grad_fn is not None else []
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
        "abcd_grads": r'''def abcd_grads(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor) -> dict:
    """Gradient of sum(ab + cd) w.r.t. each tensor is its partner; None if it needs no grad."""
    partners = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {name: partner.detach().clone() if own.requires_grad else None
            for name, (own, partner) in partners.items()}
''',
        "logistic_grads": r'''def logistic_grads(x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> tuple:
    """Mean BCE-with-logits loss of x @ w + b against y, and its gradients w.r.t. w and b."""
    wl = w.detach().requires_grad_(True)
    bl = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ wl + bl, y)
    dw, db = torch.autograd.grad(loss, (wl, bl))
    return loss.detach(), dw, db
''',
    },
    "st08": {
        "poly_grads": r'''def poly_grads(x, y, z):
    p = [t.detach().requires_grad_() for t in (x, y, z)]
    (p[0] ** 2 + p[1] ** 2 + p[2] ** 2 + 2 * p[0] * p[1] * p[2]).sum().backward()
    return tuple(t.grad for t in p)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    return (2 * x + 2 * y * z, 2 * y + 2 * z * x, 2 * z + 2 * x * y)
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape: raise ValueError(f"y_pred {list(y_pred.shape)} != y_true {list(y_true.shape)}")
    return (y_pred - y_true).pow(2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    p = [t.detach().requires_grad_() for t in (w, b)]
    return torch.autograd.grad(mse(x @ p[0] + p[1], y_true), p)
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    a, b = x.detach().requires_grad_(), x.detach().requires_grad_()
    a.pow(2).add(1).sin().sum().backward()
    return a.grad, torch.autograd.grad(b.pow(2).add(1).sin().sum(), b)[0]
''',
        "sgd_step": r'''@torch.no_grad()
def sgd_step(params, lr):
    for p in params: p.add_(p.grad, alpha=-lr); p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w, b = torch.tensor(0., requires_grad=True), torch.tensor(0., requires_grad=True)
    for _ in range(steps): mse(w * x + b, y).backward(); sgd_step([w, b], lr)
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    seen, st = {}, [t.grad_fn]
    while st:
        n = st.pop()
        if n is not None and n not in seen: seen[n] = type(n).__name__; st += [m for m, _ in n.next_functions]
    out = {}
    for name in seen.values(): out[name] = out.get(name, 0) + 1
    return out
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    return {k: (o.detach().clone() if s.requires_grad else None)
            for k, s, o in (("a", a, b), ("b", b, a), ("c", c, d), ("d", d, c))}
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    p = [t.detach().requires_grad_() for t in (w, b)]
    loss = F.binary_cross_entropy_with_logits(x @ p[0] + p[1], y)
    return (loss.detach(), *torch.autograd.grad(loss, p))
''',
    },
    "st09": {
        "poly_grads": r'''def poly_grads(x, y, z):
    x.requires_grad = True
    y.requires_grad = True
    z.requires_grad = True
    f = (x**2 + y**2 + z**2 + 2*x*y*z).sum()
    f.backward()
    print(x.grad, y.grad, z.grad)
    return x.grad, y.grad, z.grad
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    # производные посчитала на бумаге
    dx = 2*x + 2*y*z
    dy = 2*y + 2*x*z
    dz = 2*z + 2*x*y
    return dx, dy, dz
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes differ: " + str(y_pred.shape) + " and " + str(y_true.shape))
    return ((y_pred - y_true)**2).mean()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w1 = w.detach().clone()
    b1 = b.detach().clone()
    w1.requires_grad = True
    b1.requires_grad = True
    loss = mse(x @ w1 + b1, y_true)
    loss.backward()
    print(loss)
    return w1.grad, b1.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    x1 = x.detach().clone()
    x1.requires_grad = True
    y1 = torch.sin(x1**2 + 1).sum()
    y1.backward()
    x2 = x.detach().clone()
    x2.requires_grad = True
    y2 = torch.sin(x2**2 + 1).sum()
    g = torch.autograd.grad(y2, x2)
    return x1.grad, g[0]
''',
        "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for i in range(steps):
        loss = mse(w*x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
        if i % 100 == 0:
            print(i, loss.item())
    return w.item(), b.item()
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
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
    "st10": {
        "poly_grads": r'''def _fresh_leaf(t):
    return t.detach().requires_grad_()


def _poly(x, y, z):
    return (x ** 2 + y ** 2 + z ** 2 + 2 * x * y * z).sum()


def poly_grads(x, y, z):
    leaves = tuple(map(_fresh_leaf, (x, y, z)))
    return torch.autograd.grad(_poly(*leaves), leaves)
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    partial = lambda own, u, v: 2 * own + 2 * u * v
    return partial(x, y, z), partial(y, x, z), partial(z, x, y)
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"mse: shapes differ, y_pred {tuple(y_pred.shape)} vs y_true {tuple(y_true.shape)}")
    return torch.mean((y_pred - y_true) ** 2)
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w_leaf, b_leaf = map(lambda t: t.detach().requires_grad_(), (w, b))
    loss = mse(x @ w_leaf + b_leaf, y_true)
    return torch.autograd.grad(loss, (w_leaf, b_leaf))
''',
        "chain_rule_grads": r'''def _chain(t):
    return torch.sin(t ** 2 + 1).sum()


def chain_rule_grads(x):
    leaf_a = x.detach().requires_grad_()
    _chain(leaf_a).backward()
    leaf_b = x.detach().requires_grad_()
    return leaf_a.grad, torch.autograd.grad(_chain(leaf_b), leaf_b)[0]
''',
        "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in list(params):
            p.sub_(p.grad * lr)
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w, b = (torch.zeros((), requires_grad=True) for _ in range(2))
    for _ in range(steps):
        mse(w * x + b, y).backward()
        sgd_step((w, b), lr)
    return tuple(map(float, (w.item(), b.item())))
''',
        "count_graph_nodes": r'''import collections


def _children(node):
    return [child for child, _ in node.next_functions if child is not None]


def count_graph_nodes(t):
    seen = []
    frontier = [t.grad_fn] if t.grad_fn is not None else []
    while frontier:
        fresh = [n for n in frontier if all(n is not s for s in seen)]
        seen.extend(n for i, n in enumerate(fresh) if all(n is not m for m in fresh[:i]))
        frontier = [c for n in fresh for c in _children(n)]
    return dict(collections.Counter(type(n).__name__ for n in seen))
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    grad_of = lambda own, partner: partner.detach().clone() if own.requires_grad else None
    return dict(zip("abcd", (grad_of(a, b), grad_of(b, a), grad_of(c, d), grad_of(d, c))))
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    w_leaf, b_leaf = map(lambda t: t.detach().requires_grad_(), (w, b))
    loss = F.binary_cross_entropy_with_logits(x @ w_leaf + b_leaf, y)
    return (loss.detach(), *torch.autograd.grad(loss, (w_leaf, b_leaf)))
''',
    },
    "st11": {
        "poly_grads": r'''def poly_grads(x, y, z):
    # отрываем от чужого графа
    xs = torch.Tensor.detach(x).requires_grad_(True)
    ys = torch.Tensor.detach(y).requires_grad_(True)
    zs = torch.Tensor.detach(z).requires_grad_(True)
    terms = torch.pow(xs, 2) + torch.pow(ys, 2) + torch.pow(zs, 2) + 2 * torch.mul(torch.mul(xs, ys), zs)
    f = torch.sum(terms)
    return torch.autograd.grad(f, inputs=(xs, ys, zs))
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    return (torch.add(2 * x, 2 * torch.mul(y, z)),
            torch.add(2 * y, 2 * torch.mul(x, z)),
            torch.add(2 * z, 2 * torch.mul(x, y)))
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"формы различаются: y_pred {list(y_pred.shape)}, y_true {list(y_true.shape)}")
    return torch.mean(torch.pow(torch.sub(y_pred, y_true), 2))
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    ws = torch.Tensor.detach(w).requires_grad_(True)
    bs = torch.Tensor.detach(b).requires_grad_(True)
    loss = mse(torch.add(torch.matmul(x, ws), bs), y_true)
    return torch.autograd.grad(loss, inputs=(ws, bs))
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    # граф 1: backward
    x1 = torch.Tensor.detach(x).requires_grad_(True)
    torch.sum(torch.sin(torch.add(torch.pow(x1, 2), 1))).backward()
    # граф 2: autograd.grad
    x2 = torch.Tensor.detach(x).requires_grad_(True)
    out = torch.sum(torch.sin(torch.add(torch.pow(x2, 2), 1)))
    (g2,) = torch.autograd.grad(out, inputs=(x2,))
    return x1.grad, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            # обновление на месте, без записи в граф
            torch.Tensor.sub_(p, torch.mul(p.grad, lr))
            p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros(size=(), dtype=torch.float32, requires_grad=True)
    b = torch.zeros(size=(), dtype=torch.float32, requires_grad=True)
    step = 0
    while step < steps:
        loss = mse(torch.add(torch.mul(w, x), b), y)
        loss.backward()
        sgd_step([w, b], lr)
        step += 1
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    counts = {}
    seen = set()

    def visit(node):
        if node is None or node in seen:
            return
        seen.add(node)
        counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
        for nxt, _ in node.next_functions:
            visit(nxt)

    visit(t.grad_fn)
    return counts
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    # d/da (a*b) = b и т.д.; None, если тензору не нужен градиент
    out = {}
    for name, own, partner in (("a", a, b), ("b", b, a), ("c", c, d), ("d", d, c)):
        out[name] = torch.clone(torch.Tensor.detach(partner)) if own.requires_grad else None
    return out
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    ws = torch.Tensor.detach(w).requires_grad_(True)
    bs = torch.Tensor.detach(b).requires_grad_(True)
    logits = torch.add(torch.matmul(x, ws), bs)
    loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y, reduction="mean")
    dw, db = torch.autograd.grad(loss, inputs=(ws, bs))
    return torch.Tensor.detach(loss), dw, db
''',
    },
    "st12": {
        "poly_grads": r'''def poly_grads(x, y, z):
    a = x.detach().clone()
    b = y.detach().clone()
    c = z.detach().clone()
    a.requires_grad_(True)
    b.requires_grad_(True)
    c.requires_grad_(True)
    s = (a * a + b * b + c * c + 2.0 * a * b * c).sum()
    s.backward()
    return a.grad, b.grad, c.grad
''',
        "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    gx = 2.0 * x + y * z
    gy = 2.0 * y + x * z
    gz = 2.0 * z + x * y
    return gx, gy, gz
''',
        "mse": r'''def mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes differ: %s vs %s" % (tuple(y_pred.shape), tuple(y_true.shape)))
    d = y_pred - y_true
    return (d * d).sum() / d.numel()
''',
        "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    ww = w.detach().clone().requires_grad_(True)
    bb = b.detach().clone().requires_grad_(True)
    l = mse(x.matmul(ww) + bb, y_true)
    l.backward()
    return ww.grad, bb.grad
''',
        "chain_rule_grads": r'''def chain_rule_grads(x):
    a = x.detach().clone().requires_grad_(True)
    s = torch.sin(a * a + 1.0).sum()
    s.backward()
    g1 = a.grad
    b = x.detach().clone().requires_grad_(True)
    s = torch.sin(b * b + 1.0).sum()
    g2 = torch.autograd.grad(s, b)[0]
    return g1, g2
''',
        "sgd_step": r'''def sgd_step(params, lr):
    for p in params:
        p.data -= lr * p.grad.data
        p.grad = None
''',
        "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    i = 0
    while i < steps:
        l = mse(w * x + b, y)
        l.backward()
        sgd_step([w, b], lr)
        i += 1
    return w.item(), b.item()
''',
        "count_graph_nodes": r'''def count_graph_nodes(t):
    res = {}
    if t.grad_fn is None:
        return res
    seen = {}
    st = [t.grad_fn]
    while len(st) > 0:
        n = st.pop()
        if id(n) in seen:
            continue
        seen[id(n)] = n
        k = type(n).__name__
        res[k] = res.get(k, 0) + 1
        i = 0
        while i < len(n.next_functions):
            m = n.next_functions[i][0]
            if m is not None:
                st.append(m)
            i += 1
    return res
''',
        "abcd_grads": r'''def abcd_grads(a, b, c, d):
    r = {}
    r["a"] = b.detach().clone() if a.requires_grad else None
    r["b"] = a.detach().clone() if b.requires_grad else None
    r["c"] = d.detach().clone() if c.requires_grad else None
    r["d"] = c.detach().clone() if d.requires_grad else None
    return r
''',
        "logistic_grads": r'''def logistic_grads(x, y, w, b):
    ww = w.detach().clone().requires_grad_(True)
    bb = b.detach().clone().requires_grad_(True)
    z = x.matmul(ww) + bb
    l = F.binary_cross_entropy_with_logits(z, y)
    l.backward()
    return l.detach(), ww.grad, bb.grad
''',
    },
}

COPIES = {
    "cp01": {
        "source": "st02",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads",
                   "sgd_step", "fit_line", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "camelCase names to snake_case, docstrings and messages reworded, a few statements reordered",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    """Autograd gradients of the polynomial, computed on detached copies."""
    x_c = x.detach().clone().requires_grad_(True)
    y_c = y.detach().clone().requires_grad_(True)
    z_c = z.detach().clone().requires_grad_(True)
    f = x_c ** 2 + y_c ** 2 + z_c ** 2 + 2 * x_c * y_c * z_c
    f.sum().backward()
    return (x_c.grad, y_c.grad, z_c.grad)
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    """Partial derivatives: 2x + 2yz, 2y + 2xz, 2z + 2xy."""
    grad_x = 2 * x + 2 * y * z
    grad_y = 2 * y + 2 * x * z
    grad_z = 2 * z + 2 * x * y
    return (grad_x, grad_y, grad_z)
''',
            "mse": r'''def mse(y_pred, y_true):
    """MSE of two tensors of one shape."""
    if not isinstance(y_pred, torch.Tensor) or not isinstance(y_true, torch.Tensor):
        raise TypeError("y_pred and y_true have to be tensors")
    if y_pred.shape != y_true.shape:
        raise ValueError("shapes differ: y_pred " + str(list(y_pred.shape))
                         + " vs y_true " + str(list(y_true.shape)))
    diff = y_pred - y_true
    return torch.mean(diff * diff)
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    """dw and db of the linear model's MSE."""
    b_c = b.detach().clone().requires_grad_(True)
    w_c = w.detach().clone().requires_grad_(True)
    pred = x @ w_c + b_c
    loss = mse(pred, y_true)
    loss.backward()
    return (w_c.grad, b_c.grad)
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    """Two graphs: one for backward(), one for autograd.grad."""
    in1 = x.detach().clone().requires_grad_(True)
    out1 = torch.sin(in1 ** 2 + 1).sum()
    out1.backward()
    grad_backward = in1.grad

    in2 = x.detach().clone().requires_grad_(True)
    out2 = torch.sin(in2 ** 2 + 1).sum()
    grad_autograd = torch.autograd.grad(out2, in2)[0]
    return (grad_backward, grad_autograd)
''',
            "sgd_step": r'''def sgd_step(params, lr):
    """SGD step in place, then zero the gradients."""
    with torch.no_grad():
        for param in params:
            if param.grad is None:
                raise ValueError("parameter has no gradient")
            param.add_(param.grad, alpha=-lr)
            param.grad.zero_()
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    """Fit w and b by plain gradient descent from zero."""
    bias = torch.tensor(0.0, requires_grad=True)
    weight = torch.tensor(0.0, requires_grad=True)
    for _ in range(steps):
        pred = weight * x + bias
        loss = mse(pred, y)
        loss.backward()
        sgd_step([weight, bias], lr)
    return (float(weight.item()), float(bias.item()))
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    """Number of distinct nodes of each class in the graph behind t."""
    counts = {}
    if t.grad_fn is None:
        return counts
    visited = set()
    to_visit = [t.grad_fn]
    while len(to_visit) > 0:
        node = to_visit.pop()
        if node in visited:
            continue
        visited.add(node)
        cls = type(node).__name__
        if cls in counts:
            counts[cls] = counts[cls] + 1
        else:
            counts[cls] = 1
        for next_node, _idx in node.next_functions:
            if next_node is not None:
                to_visit.append(next_node)
    return counts
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    """The gradient for each tensor is its partner in the product (None without requires_grad)."""
    grads = {"a": None, "b": None, "c": None, "d": None}
    if a.requires_grad:
        grads["a"] = b.detach().clone()
    if b.requires_grad:
        grads["b"] = a.detach().clone()
    if c.requires_grad:
        grads["c"] = d.detach().clone()
    if d.requires_grad:
        grads["d"] = c.detach().clone()
    return grads
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    """Logistic regression loss and gradients w.r.t. w and b."""
    w_c = w.detach().clone().requires_grad_(True)
    b_c = b.detach().clone().requires_grad_(True)
    z = x @ w_c + b_c
    loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    return (loss.detach(), w_c.grad, b_c.grad)
''',
        },
    },
    "cp02": {
        "source": "st01",
        "kind": "full",
        "copied": ["poly_grads", "poly_grads_analytic", "mse", "linear_mse_grads", "chain_rule_grads",
                   "sgd_step", "fit_line", "count_graph_nodes", "abcd_grads", "logistic_grads"],
        "disguise": "dense lines spread out, generator to explicit list, autograd.grad swapped for backward() "
                    "where equivalent, Counter replaced by a dict loop, lambdas turned into nested functions, dead code",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    leaves = []
    for v in (x, y, z):
        leaves.append(v.detach().requires_grad_())
    x, y, z = leaves
    value = x ** 2 + y ** 2 + z ** 2 + 2 * x * y * z
    value.sum().backward()
    return x.grad, y.grad, z.grad
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    gx = (x + y * z) * 2
    gy = (y + x * z) * 2
    gz = (z + x * y) * 2
    return gx, gy, gz
''',
            "mse": r'''def mse(y_pred, y_true):
    same = y_pred.shape == y_true.shape
    if not same:
        raise ValueError(f"shapes are different: {tuple(y_pred.shape)} and {tuple(y_true.shape)}")
    sq = (y_pred - y_true) ** 2
    return sq.mean()
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    w = w.detach().requires_grad_()
    b = b.detach().requires_grad_()
    out = x @ w + b
    mse(out, y_true).backward()
    return w.grad, b.grad
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    def g(u):
        inner = u ** 2 + 1
        return torch.sin(inner).sum()

    v = x.detach().requires_grad_()
    second = torch.autograd.grad(g(v), v)[0]
    u = x.detach().requires_grad_()
    g(u).backward()
    result = (u.grad, second)
    return result
''',
            "sgd_step": r'''def sgd_step(params, lr):
    for p in params:
        with torch.no_grad():
            step = lr * p.grad
            p.sub_(step)
        p.grad = None
    return None
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    history = []
    for i in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step((w, b), lr)
    return w.item(), b.item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    seen = set()
    todo = []
    if t.grad_fn is not None:
        todo.append(t.grad_fn)
    while len(todo) > 0:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        for nxt, _ in node.next_functions:
            if nxt is not None:
                todo.append(nxt)
    result = {}
    for node in seen:
        key = type(node).__name__
        result[key] = result.get(key, 0) + 1
    return result
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    def grad_for(t, other):
        if not t.requires_grad:
            return None
        return other.detach().clone()

    out = {}
    out["a"] = grad_for(a, b)
    out["b"] = grad_for(b, a)
    out["c"] = grad_for(c, d)
    out["d"] = grad_for(d, c)
    return out
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    w = w.detach().requires_grad_()
    b = b.detach().requires_grad_()
    logits = x @ w + b
    loss = F.binary_cross_entropy_with_logits(logits, y)
    loss.backward()
    return loss.detach(), w.grad, b.grad
''',
        },
    },
    "cp03": {
        "source": "st03",
        "kind": "partial",
        "copied": ["poly_grads", "mse", "count_graph_nodes", "logistic_grads"],
        "disguise": "copied four answers, st03's bugs included (requires_grad turned on for the caller's "
                    "tensors; a node counted once per path): SO links dropped, names changed, a loop over "
                    "the inputs, torch.nn.functional to F; wrote the other six",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    for t in (x, y, z):
        t.requires_grad_(True)
    total = torch.sum(x ** 2 + y ** 2 + z ** 2 + 2 * x * y * z)
    dx, dy, dz = torch.autograd.grad(total, [x, y, z])
    return dx, dy, dz
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    dfdx = 2 * (x + y * z)
    dfdy = 2 * (y + z * x)
    dfdz = 2 * (z + x * y)
    return dfdx, dfdy, dfdz
''',
            "mse": r'''def mse(y_pred, y_true):
    # mse_loss would only warn when the shapes broadcast
    if y_pred.size() != y_true.size():
        raise ValueError("shapes do not match: y_pred %s, y_true %s" % (list(y_pred.size()), list(y_true.size())))
    return F.mse_loss(y_pred, y_true)
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    params = [w.detach().clone(), b.detach().clone()]
    for p in params:
        p.requires_grad = True
    out = x @ params[0] + params[1]
    mse(out, y_true).backward()
    return params[0].grad, params[1].grad
''',
            "chain_rule_grads": r'''def chain_rule_grads(x):
    t = x.detach().clone()
    t.requires_grad_()
    y = torch.sin(t * t + 1).sum()
    y.backward()
    g_back = t.grad
    t2 = x.detach().clone()
    t2.requires_grad_()
    g_ag = torch.autograd.grad(torch.sin(t2 * t2 + 1).sum(), t2)[0]
    return g_back, g_ag
''',
            "sgd_step": r'''def sgd_step(params, lr):
    for p in params:
        with torch.no_grad():
            p.data.add_(-lr * p.grad)
        p.grad.zero_()
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    params = [torch.zeros((), requires_grad=True), torch.zeros((), requires_grad=True)]
    for _ in range(steps):
        w, b = params
        loss = F.mse_loss(w * x + b, y)
        loss.backward()
        sgd_step(params, lr)
    return params[0].item(), params[1].item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    result = {}

    def visit(node):
        if node is None:
            return
        cls = type(node).__name__
        result[cls] = result.get(cls, 0) + 1
        for nxt, _ in node.next_functions:
            visit(nxt)

    visit(t.grad_fn)
    return result
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    res = dict(a=None, b=None, c=None, d=None)
    for key, t, partner in [("a", a, b), ("b", b, a), ("c", c, d), ("d", d, c)]:
        if t.requires_grad:
            res[key] = partner.detach().clone()
    return res
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    wc = w.clone().detach().requires_grad_(True)
    bc = b.clone().detach().requires_grad_(True)
    # the with_logits loss stays stable for large logits
    loss = F.binary_cross_entropy_with_logits(torch.matmul(x, wc) + bc, y)
    grad_w, grad_b = torch.autograd.grad(loss, [wc, bc])
    return loss.detach(), grad_w, grad_b
''',
        },
    },
    "cp04": {
        "source": "st11",
        "kind": "partial",
        "copied": ["chain_rule_grads", "sgd_step", "fit_line", "abcd_grads", "logistic_grads"],
        "disguise": "copied five answers and restructured them: a helper extracted for the function, "
                    "torch.f(t) calls turned into methods, while loop to for loop, tuple loop to explicit "
                    "branches, Russian comments dropped; wrote the other five",
        "answers": {
            "poly_grads": r'''def poly_grads(x, y, z):
    xx = x.detach().clone().requires_grad_()
    yy = y.detach().clone().requires_grad_()
    zz = z.detach().clone().requires_grad_()
    total = torch.sum(xx * xx + yy * yy + zz * zz + 2 * xx * yy * zz)
    total.backward()
    return xx.grad, yy.grad, zz.grad
''',
            "poly_grads_analytic": r'''def poly_grads_analytic(x, y, z):
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
''',
            "mse": r'''def mse(y_pred, y_true):
    if y_pred.size() != y_true.size():
        raise ValueError(f"mse got different shapes {tuple(y_pred.size())} and {tuple(y_true.size())}")
    return torch.nn.functional.mse_loss(y_pred, y_true, reduction="mean")
''',
            "linear_mse_grads": r'''def linear_mse_grads(x, w, b, y_true):
    wg = w.detach().clone().requires_grad_()
    bg = b.detach().clone().requires_grad_()
    mse(x @ wg + bg, y_true).backward()
    return wg.grad, bg.grad
''',
            "chain_rule_grads": r'''def _sin_sq_sum(t):
    return t.pow(2).add(1).sin().sum()


def chain_rule_grads(x):
    leaf1 = x.detach().requires_grad_(True)
    _sin_sq_sum(leaf1).backward()
    leaf2 = x.detach().requires_grad_(True)
    grad2 = torch.autograd.grad(_sin_sq_sum(leaf2), inputs=(leaf2,))[0]
    return leaf1.grad, grad2
''',
            "sgd_step": r'''def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p.sub_(p.grad.mul(lr))
            p.grad = None
''',
            "fit_line": r'''def fit_line(x, y, lr=0.05, steps=500):
    w = torch.zeros((), dtype=torch.float32, requires_grad=True)
    b = torch.zeros((), dtype=torch.float32, requires_grad=True)
    for _ in range(steps):
        loss = mse(w.mul(x).add(b), y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
''',
            "count_graph_nodes": r'''def count_graph_nodes(t):
    result = {}
    if t.grad_fn is None:
        return result
    done = set()
    pending = [t.grad_fn]
    while pending:
        current = pending.pop(0)
        if current in done:
            continue
        done.add(current)
        name = current.__class__.__name__
        result[name] = result.get(name, 0) + 1
        pending += [n for n, _ in current.next_functions if n is not None]
    return result
''',
            "abcd_grads": r'''def abcd_grads(a, b, c, d):
    out = {"a": None, "b": None, "c": None, "d": None}
    if a.requires_grad:
        out["a"] = b.detach().clone()
    if b.requires_grad:
        out["b"] = a.detach().clone()
    if c.requires_grad:
        out["c"] = d.detach().clone()
    if d.requires_grad:
        out["d"] = c.detach().clone()
    return out
''',
            "logistic_grads": r'''def logistic_grads(x, y, w, b):
    wl = w.detach().requires_grad_(True)
    bl = b.detach().requires_grad_(True)
    z = x.matmul(wl).add(bl)
    loss = F.binary_cross_entropy_with_logits(z, y, reduction="mean")
    dw, db = torch.autograd.grad(loss, inputs=(wl, bl))
    return loss.detach(), dw, db
''',
        },
    },
}
