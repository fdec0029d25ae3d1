# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 2. Автоматическое дифференцирование (autograd)
#
# Обучение нейросети сводится к одному повторяющемуся шагу: посчитать функцию потерь, найти её
# градиент по параметрам и сдвинуть параметры против градиента. Градиенты за нас считает
# **autograd** — механизм PyTorch, который во время вычислений записывает, какие операции
# применялись к каким тензорам, а потом проходит эту запись в обратном порядке по правилу
# дифференцирования сложной функции (chain rule).
#
# В этом уроке (всего около 3,5 часа):
#
# 1. вычислительный граф: листья, `grad_fn`, прямой и обратный проход (задание 1);
# 2. три способа отключить градиенты: `requires_grad`, `torch.no_grad`, `detach`;
# 3. функция потерь MSE и ловушка broadcasting (задание 2);
# 4. два способа запустить обратный проход: `.backward()` и `torch.autograd.grad` (задание 3);
# 5. градиентный спуск своими руками и три классические ошибки при обновлении параметров (задание 4);
# 6. устройство графа изнутри (задание 5);
# 7. логистическая регрессия (задание 6);
# 8. вопросы для самопроверки.
#
# | Задание | Баллы |
# |---|---|
# | 1. `poly_grads`, `poly_grads_analytic` | 2 + 1 |
# | 2. `mse`, `linear_mse_grads` | 2 + 2 |
# | 3. `chain_rule_grads` | 2 |
# | 4. `sgd_step`, `fit_line` | 2 + 2 |
# | 5. `count_graph_nodes`, `abcd_grads` | 2 + 1 |
# | 6. `logistic_grads` | 2 |
# | **Всего** | **18** |
#
# Задание из двух частей проверяется двумя ячейками, поэтому возможен частичный балл.

# %% [markdown] tags=["en"]
# # Lesson 2. Automatic differentiation (autograd)
#
# Training a neural network comes down to one repeated step: compute the loss, find its gradient
# with respect to the parameters, and move the parameters against the gradient. The gradients
# come from **autograd**, the part of PyTorch that records which operations were applied to which
# tensors while you compute, and then walks that record backwards applying the chain rule.
#
# In this lesson (about 3.5 hours in all):
#
# 1. the computational graph: leaves, `grad_fn`, the forward and the backward pass (exercise 1);
# 2. three ways to turn gradients off: `requires_grad`, `torch.no_grad`, `detach`;
# 3. the MSE loss and the broadcasting trap (exercise 2);
# 4. two ways to run the backward pass: `.backward()` and `torch.autograd.grad` (exercise 3);
# 5. gradient descent by hand and the three classic mistakes when updating parameters (exercise 4);
# 6. the graph from the inside (exercise 5);
# 7. logistic regression (exercise 6);
# 8. questions to check yourself.
#
# | Exercise | Points |
# |---|---|
# | 1. `poly_grads`, `poly_grads_analytic` | 2 + 1 |
# | 2. `mse`, `linear_mse_grads` | 2 + 2 |
# | 3. `chain_rule_grads` | 2 |
# | 4. `sgd_step`, `fit_line` | 2 + 2 |
# | 5. `count_graph_nodes`, `abcd_grads` | 2 + 1 |
# | 6. `logistic_grads` | 2 |
# | **Total** | **18** |
#
# An exercise with two parts is checked by two cells, so partial credit is possible.

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "passed": "Дополнительные проверки пройдены (случайных случаев: {}).",
    "case": "Случай {}: ",
    "not_tensor": "{} должен быть тензором, а получено {}",
    "shape": "{} имеет форму {}, ожидалась {}",
    "dtype": "{} имеет dtype {}, ожидался {}",
    "values": "{} неверен: расхождение до {:.3g} (ожидалось {}, получено {})",
    "count": "ожидалось результатов: {}, получено: {}",
    "requires_grad": "{} требует градиента: верните его без градиента (.detach())",
    "shares": "{} делит память с аргументом: верните новый тензор (.detach().clone())",
    "changed_values": "у тензора вызывающего {} изменились значения",
    "changed_flag": "{}.requires_grad вызывающего изменился с {} на {}",
    "changed_grad": "{}.grad вызывающего изменился (был {}, стал {})",
    "changed_grad_fn": "тензор вызывающего {} изменён на месте (его grad_fn изменился)",
    "leaked": "градиент ушёл в граф вызывающего: у base появился .grad (отсоедините входы, detach)",
    "second": "второй вызов с теми же аргументами вернул другой {}",
    "no_error": "ожидался ValueError, но исключения не было",
    "wrong_error": "ожидался ValueError, а получен {}",
    "unnamed": "в сообщении ValueError должны быть названы обе формы, {} и {}: {!r}",
    "not_0dim": "результат должен быть 0-мерным тензором, а его форма {}",
    "no_graph": "результат не связан с графом y_pred (без .item(), float() и .detach())",
    "autograd": "{} вызывает autograd ({}): используйте выведенную формулу",
    "same_object": "после sgd_step параметр {} должен остаться тем же объектом-тензором",
    "leaf": " с requires_grad",
    "memory": "sgd_step дала параметру {} новую память (p.data = ...): обновляйте на месте",
    "sgd_step: not a leaf": "после sgd_step параметр {} должен остаться листом, требующим градиента (обновляйте под "
                            "torch.no_grad())",
    "not_reset": "градиент параметра {} не сброшен (None или нули)",
    "floats": "fit_line должна вернуть два числа Python float, а вернула {}",
    "line": "ожидалось (w, b) = ({:.6f}, {:.6f}) после {} шагов с lr = {}, получено ({:.6f}, {:.6f})",
    "sgd_calls": "fit_line должна вызывать sgd_step на каждом из {} шагов с lr = {}; вызовы: {}",
    "xy_changed": "fit_line изменила свой аргумент x или y",
    "dict": "ожидался словарь {}, получен {}",
    "graph_used": "count_graph_nodes запустила обратный проход или освободила граф: {}",
    "keys": "abcd_grads должна вернуть словарь с ключами a, b, c, d, а вернула {}",
    "none": "{} не требует градиента: его градиент должен быть None",
    "not_none": "{} требует градиента: его градиент должен быть тензором, а получено None",
    "not_f": "ни один обратный проход не дифференцировал саму f (здесь f = {:.5g}): дифференцируйте sum(x**2 + y**2 "
             "+ z**2 + 2*x*y*z)",
    "raised": "выброшено исключение {}: {}",
    "skipped": "Пропущено: ещё не написано ({names}: NotImplementedError). Допишите и выполните эту ячейку снова.",
    "no_pass": "poly_grads не запустила ни одного обратного прохода: посчитайте градиенты через autograd "
               "(.backward() или torch.autograd.grad)",
    "not_autograd": "значения {} верны, но посчитаны не autograd: проверка начинает каждый обратный проход с 2 "
                    "вместо 1, и градиенты autograd удваиваются вместе с ним, а ваши нет (формула вместо autograd?)",
    "order": "первый результат получен из torch.autograd.grad: верните (градиент из .backward(), градиент из "
             "torch.autograd.grad)",
    "passes": "ожидались проход .backward() и проход torch.autograd.grad, каждый на своём графе; было: {}",
    "params": "параметры в {}, формы {}",
    "points": "точек: {}",
    "flags": "requires_grad у a, b, c: {}",
    "plain": "",
    "with_grad": " с requires_grad и заполненным .grad",
    "non_leaf": " = 1.5 * base (не лист)",
    "demo: by hand": "| вручную:",
    "demo: second backward fails": "повторный f.backward() -> RuntimeError:",
    "demo: (x + y) backward twice": "(x + y).backward() дважды: x.grad =",
    "demo: x.grad after backward #step": "после backward №{step}: x.grad = {item_grad_x}",
    "demo: x.grad after a reset": "после сброса и ещё одного backward:",
    "demo: on device": "на",
    "demo: no GPU": "Видеокарты нет: на ней эта ячейка напечатала бы x.grad: 17.0 y.grad: 12.0, посчитанные на cuda:0",
    "poly_grads: three gradients": "poly_grads должна вернуть три градиента (df/dx, df/dy, df/dz)",
    "poly_grads: df/dx at (1, 2, 3)": "df/dx в точке (1, 2, 3) должен быть равен 14",
    "poly_grads: df/dy at (1, 2, 3)": "df/dy в точке (1, 2, 3) должен быть равен 10",
    "poly_grads: df/dz at (1, 2, 3)": "df/dz в точке (1, 2, 3) должен быть равен 10",
    "poly_grads: df/dx of ones(2, 3)": "df/dx должен быть тензором (2, 3) из шестёрок",
    "poly_grads: df/dy of ones(3)": "df/dy должен быть тензором (3,) из чисел 12",
    "poly_grads: df/dz of 2": "df/dz должен быть скаляром 36",
    "visible passed": "Видимые проверки пройдены. Скрытые проверки выполняются при оценивании.",
    "poly_grads: x.grad left behind": "poly_grads оставила градиент в x.grad вызывающего: дифференцируйте "
                                      "отсоединённый тензор (x.detach().requires_grad_())",
    "poly_grads: flags changed": "poly_grads не должна менять флаги requires_grad вызывающего",
    "poly_grads: df/dx = 2x + 2yz": "df/dx должен быть равен 2x + 2yz = [14, 1]",
    "poly_grads: second call": "второй вызов должен вернуть тот же df/dx: градиенты не должны копиться от вызова к "
                               "вызову",
    "poly_grads_analytic: three gradients": "poly_grads_analytic должна вернуть три градиента (df/dx, df/dy, df/dz)",
    "demo: autograd against the closed form": "df/d{name}: max |autograd - формула| = {item_max_abs:.2e}",
    "demo: skipped, needs exercise 1": "Пропущено: сравнению нужны poly_grads и poly_grads_analytic (задание 1); "
                                       "сначала решите их.",
    "demo: w requires grad": "w требует градиента:    (w + 1).requires_grad =",
    "demo: w no longer requires grad": "w больше не требует:    (w + 1).requires_grad =",
    "demo: flag of a computed tensor": "для вычисленного тензора -> RuntimeError:",
    "demo: inside no_grad": "внутри no_grad: requires_grad =",
    "demo: decorated function": "функция с декоратором:",
    "demo: plain function": "| обычная функция:",
    "demo: inference tensor in a recorded product": "тензор из inference_mode в записываемом произведении -> "
                                                    "RuntimeError:",
    "demo: shares memory with h": "делит память с h:",
    "demo: h after changing the clone": "h после изменения копии:",
    "demo: difference shape": "форма разности:",
    "demo: loss with silent broadcasting": "loss с молчаливым broadcasting:",
    "demo: should be 0": "(должно быть 0.0)",
    "demo: loss after y_pred.squeeze(1)": "loss после y_pred.squeeze(1):  ",
    "demo: the warning": "его предупреждение:",
    "demo: no warning": "нет",
    "mse: 0-dim": "mse должна вернуть 0-мерный тензор",
    "mse: value 4/3": "mse([1, 2, 3], [1, 2, 5]) должна быть равна 4/3",
    "mse: your message": "Ваше сообщение для форм (3, 1) и (3,):",
    "mse: must raise": "mse должна бросить ValueError для форм (3, 1) и (3,)",
    "mse: equal shapes (3, 1)": "mse двух тензоров (3, 1) должна вернуть 0-мерный тензор",
    "linear_mse_grads: first example, dw": "первый пример: dw должен быть [9, 11]",
    "linear_mse_grads: first example, db": "первый пример: db должен быть [2]",
    "linear_mse_grads: second example, dw": "второй пример: dw должен быть [-12]",
    "linear_mse_grads: second example, db": "второй пример: db должен быть [-6]",
    "linear_mse_grads: grads left behind": "linear_mse_grads оставила градиенты в w.grad или b.grad вызывающего",
    "linear_mse_grads: second call": "второй вызов тоже должен дать dw = [9, 11]",
    "chain_rule_grads: .backward() gradient": "градиент из .backward() должен быть равен 2x cos(x^2 + 1)",
    "chain_rule_grads: autograd.grad gradient": "градиент из torch.autograd.grad должен быть равен 2x cos(x^2 + 1)",
    "chain_rule_grads: x.grad left behind": "chain_rule_grads оставила градиент в x.grad вызывающего: "
                                            "дифференцируйте отсоединённый тензор (x.detach().requires_grad_())",
    "chain_rule_grads: flag changed": "chain_rule_grads не должна менять x.requires_grad вызывающего",
    "chain_rule_grads: second call": "второй вызов должен вернуть тот же градиент из .backward()",
    "demo: h after h -= 0.1": "h после h -= 0.1: grad_fn =",
    "demo: saved value changed -> RuntimeError": "сохранённое значение изменено -> RuntimeError:",
    "demo: mistake 2, a step": "шаг {step}: w.is_leaf = {is_leaf_w}, w.grad = {grad_w}",
    "demo: Warning": "Предупреждение:",
    "demo: mistake 3, a step": "после шага {step}: w.requires_grad = {requires_grad_w}",
    "demo: the right way, result": "w = {item_w:.4f} (минимум в точке 3), всё ещё лист: {is_leaf_w}, требует "
                                   "градиента: {requires_grad_w}",
    "sgd_step: w - lr * grad": "w должен стать w - lr * grad = [0.8, 1.6]",
    "sgd_step: the same leaf": "после sgd_step параметр должен остаться тем же тензором-листом и требовать градиента",
    "sgd_step: gradient reset": "sgd_step должна сбросить градиент (None или нули)",
    "sgd_step: a fresh gradient": "следующий backward() должен дать свежий градиент [3, 3]",
    "fit_line: two floats": "fit_line должна вернуть два числа Python float",
    "fit_line: y = 2x + 1": "для y = 2x + 1 должно получиться w = 2, b = 1, а получено {w_fit}, {b_fit}",
    "demo: fit_line's line": "градиентный спуск:       w = {w_fit:.4f}, b = {b_fit:.4f}",
    "demo: skipped, needs exercises 2 and 4": "Градиентный спуск пропущен: ему нужны fit_line, sgd_step и mse "
                                              "(задания 2 и 4); сначала решите их.",
    "demo: least squares line": "наименьшие квадраты:     w = {w_best:.4f}, b = {b_best:.4f}",
    "count_graph_nodes: a*b + c*d": "a*b + c*d: получено {counts}",
    "abcd_grads: keys": "abcd_grads должна вернуть словарь с ключами a, b, c, d",
    "abcd_grads: d/da": "градиент по a равен b = 3",
    "abcd_grads: d/db": "градиент по b равен a = 2",
    "abcd_grads: d/dc": "градиент по c равен d = 5",
    "abcd_grads: d/dd is None": "d не требует градиента: его градиент должен быть None",
    "demo: MLP loss": "loss сети:",
    "demo: skipped, needs exercise 5": "Пропущено: этой ячейке нужна count_graph_nodes (задание 5); сначала решите "
                                       "его.",
    "demo: sigmoid(z) == 1 in float32": "sigmoid(z) == 1 во float32:",
    "demo: exact softplus": "точно: softplus(z) =",
    "demo: w.grad shape": "форма w.grad:",
    "demo: b.grad matches dL/dz": "b.grad совпадает с dL/dz:      ",
    "demo: w.grad matches outer(x, dz)": "w.grad совпадает с outer(x, dz):",
    "logistic_grads: loss log(2)": "loss должен быть равен log(2)",
    "logistic_grads: dw": "dw должен быть [0.5, -0.75]",
    "logistic_grads: db": "db должен быть [0]",
    "logistic_grads: grads left behind": "logistic_grads оставила градиенты в w.grad или b.grad вызывающего",
    "logistic_grads: flags changed": "logistic_grads не должна менять флаги requires_grad вызывающего",
    "logistic_grads: second call": "второй вызов тоже должен дать dw = [0.5, -0.75]",
    "demo: dw matches x^T dz": "dw совпадает с x^T dz:",
    "demo: db matches sum(dz)": "| db совпадает с sum(dz):",
    "demo: training, a step": "шаг {step:3d}: loss = {item_loss:.4f}",
    "demo: training, result": "итоговый loss = {item_loss:.4f}, точность = {item_accuracy:.3f}, w = {tolist_w}, b = "
                              "{tolist_b}",
    "demo: skipped, needs exercises 4 and 6": "Пропущено: этой ячейке нужны logistic_grads (задание 6) и sgd_step "
                                              "(задание 4); сначала решите их.",
    "poly_grads_analytic: second example": "для x = [1, -2], y = [2, 0.5], z = [3, 4]: df/d{name} должен быть {want}",
    "mse: inputs changed": "mse не должна менять свои аргументы y_pred и y_true",
    "linear_mse_grads: flags changed": "linear_mse_grads не должна менять флаги requires_grad вызывающего: w и b "
                                       "без градиента должны остаться без него (работайте с w.detach())",
    "count_graph_nodes: f(x, y)": "f(x, y) = x**2 + x*y + (x + y)**2: получено {counts} (узел, до которого ведут "
                                  "несколько путей, считается один раз)",
    "abcd_grads: fresh": "градиент по {name} должен быть новым тензором: без градиента и без общей памяти с "
                         "аргументами (.detach().clone())",
    "fit_line: one step": "один шаг с lr = 0.5 из w = b = 0 для y = 2x + 1 должен дать w = 0.7333, b = 1.0, а "
                          "получено {w_fit}, {b_fit}",
    "logistic_grads: loss without grad": "loss должен быть новым тензором без градиента (верните loss.detach())",
    "logistic_grads: second example": "при b = [ln 3] (σ(z) = 3/4): {name} должен быть {want}",
}


# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "passed": "Extra checks passed ({} random cases).",
    "case": "Case {}: ",
    "not_tensor": "{} must be a tensor, got {}",
    "shape": "{} has shape {}, expected {}",
    "dtype": "{} has dtype {}, expected {}",
    "values": "{} is wrong: off by up to {:.3g} (expected {}, got {})",
    "count": "expected {} results, got {}",
    "requires_grad": "{} requires grad: return it without grad (.detach())",
    "shares": "{} shares memory with an argument: return a new tensor (.detach().clone())",
    "changed_values": "the caller's {} changed its values",
    "changed_flag": "the caller's {}.requires_grad changed from {} to {}",
    "changed_grad": "the caller's {}.grad changed (it was {}, now {})",
    "changed_grad_fn": "the caller's {} was changed in place (its grad_fn changed)",
    "leaked": "the gradient flowed into the caller's graph: base.grad is now set (detach the inputs)",
    "second": "a second call with the same arguments returned another {}",
    "no_error": "expected a ValueError, nothing was raised",
    "wrong_error": "expected a ValueError, got {}",
    "unnamed": "the ValueError's message must name both shapes {} and {}: {!r}",
    "not_0dim": "the result must be a 0-dim tensor, got shape {}",
    "no_graph": "the result is not connected to the graph of y_pred (no .item(), float() or .detach())",
    "autograd": "{} called autograd ({}): use the formula you derived",
    "same_object": "after sgd_step parameter {} must be the same tensor object",
    "leaf": " requiring grad",
    "memory": "sgd_step gave parameter {} new memory (p.data = ...): update it in place",
    "sgd_step: not a leaf": "after sgd_step parameter {} must still be a leaf that requires grad (update it under "
                            "torch.no_grad())",
    "not_reset": "the gradient of parameter {} was not reset (None or zeros)",
    "floats": "fit_line must return two Python floats, got {}",
    "line": "expected (w, b) = ({:.6f}, {:.6f}) after {} steps with lr = {}, got ({:.6f}, {:.6f})",
    "sgd_calls": "fit_line must call sgd_step in each of its {} steps with lr = {}; calls seen: {}",
    "xy_changed": "fit_line changed its argument x or y",
    "dict": "expected the dict {}, got {}",
    "graph_used": "count_graph_nodes ran the backward pass or freed the graph: {}",
    "keys": "abcd_grads must return a dict with the keys a, b, c, d, got {}",
    "none": "{} does not require grad: its gradient must be None",
    "not_none": "{} requires grad: its gradient must be a tensor, got None",
    "not_f": "no backward pass differentiated f itself (here f = {:.5g}): differentiate sum(x**2 + y**2 + z**2 + "
             "2*x*y*z)",
    "raised": "it raised {}: {}",
    "skipped": "Skipped: not written yet ({names}: NotImplementedError). Write it, then run this cell again.",
    "no_pass": "poly_grads ran no backward pass: compute the gradients with autograd (.backward() or "
               "torch.autograd.grad)",
    "not_autograd": "the values of {} are right, but autograd did not compute them: this check starts every "
                    "backward pass from 2 instead of 1, and gradients from autograd double with it; yours did not "
                    "(a formula instead of autograd?)",
    "order": "the first result came from torch.autograd.grad: return (the .backward() gradient, the "
             "torch.autograd.grad gradient)",
    "passes": "expected a .backward() pass and a torch.autograd.grad pass, each on its own graph; seen: {}",
    "params": "parameters in a {}, shapes {}",
    "points": "{} points",
    "flags": "requires_grad of a, b, c: {}",
    "plain": "",
    "with_grad": " requiring grad with .grad set",
    "non_leaf": " = 1.5 * base (not a leaf)",
    "demo: by hand": "| by hand:",
    "demo: second backward fails": "f.backward() again -> RuntimeError:",
    "demo: (x + y) backward twice": "(x + y).backward() twice: x.grad =",
    "demo: x.grad after backward #step": "after backward #{step}: x.grad = {item_grad_x}",
    "demo: x.grad after a reset": "after a reset and one more backward:",
    "demo: on device": "on",
    "demo: no GPU": "No GPU here: on a GPU this cell prints x.grad: 17.0 y.grad: 12.0 computed on cuda:0",
    "poly_grads: three gradients": "poly_grads must return three gradients (df/dx, df/dy, df/dz)",
    "poly_grads: df/dx at (1, 2, 3)": "df/dx at (1, 2, 3) must be 14",
    "poly_grads: df/dy at (1, 2, 3)": "df/dy at (1, 2, 3) must be 10",
    "poly_grads: df/dz at (1, 2, 3)": "df/dz at (1, 2, 3) must be 10",
    "poly_grads: df/dx of ones(2, 3)": "df/dx must be a (2, 3) tensor of sixes",
    "poly_grads: df/dy of ones(3)": "df/dy must be a (3,) tensor of twelves",
    "poly_grads: df/dz of 2": "df/dz must be the scalar 36",
    "visible passed": "Visible checks passed. Hidden tests run at grading.",
    "poly_grads: x.grad left behind": "poly_grads left a gradient in the caller's x.grad: differentiate a detached "
                                      "tensor (x.detach().requires_grad_())",
    "poly_grads: flags changed": "poly_grads must not change the caller's requires_grad flags",
    "poly_grads: df/dx = 2x + 2yz": "df/dx must be 2x + 2yz = [14, 1]",
    "poly_grads: second call": "a second call must return the same df/dx: gradients must not pile up across calls",
    "poly_grads_analytic: three gradients": "poly_grads_analytic must return three gradients (df/dx, df/dy, df/dz)",
    "demo: autograd against the closed form": "df/d{name}: max |autograd - closed form| = {item_max_abs:.2e}",
    "demo: skipped, needs exercise 1": "Skipped: this comparison needs poly_grads and poly_grads_analytic (exercise "
                                       "1); solve them first.",
    "demo: w requires grad": "w requires grad:      (w + 1).requires_grad =",
    "demo: w no longer requires grad": "w no longer requires: (w + 1).requires_grad =",
    "demo: flag of a computed tensor": "on a computed tensor -> RuntimeError:",
    "demo: inside no_grad": "inside no_grad: requires_grad =",
    "demo: decorated function": "decorated function:",
    "demo: plain function": "| plain function:",
    "demo: inference tensor in a recorded product": "inference tensor in a recorded product -> RuntimeError:",
    "demo: shares memory with h": "shares memory with h:",
    "demo: h after changing the clone": "h after changing the clone:",
    "demo: difference shape": "difference shape:",
    "demo: loss with silent broadcasting": "loss with silent broadcasting:",
    "demo: should be 0": "(should be 0.0)",
    "demo: loss after y_pred.squeeze(1)": "loss after y_pred.squeeze(1):  ",
    "demo: the warning": "its warning:",
    "demo: no warning": "none",
    "mse: 0-dim": "mse must return a 0-dim tensor",
    "mse: value 4/3": "mse([1, 2, 3], [1, 2, 5]) must be 4/3",
    "mse: your message": "Your message for shapes (3, 1) and (3,):",
    "mse: must raise": "mse must raise ValueError for shapes (3, 1) and (3,)",
    "mse: equal shapes (3, 1)": "mse of two (3, 1) tensors must return a 0-dim tensor",
    "linear_mse_grads: first example, dw": "first example: dw must be [9, 11]",
    "linear_mse_grads: first example, db": "first example: db must be [2]",
    "linear_mse_grads: second example, dw": "second example: dw must be [-12]",
    "linear_mse_grads: second example, db": "second example: db must be [-6]",
    "linear_mse_grads: grads left behind": "linear_mse_grads left gradients in the caller's w.grad or b.grad",
    "linear_mse_grads: second call": "a second call must again give dw = [9, 11]",
    "chain_rule_grads: .backward() gradient": "the .backward() gradient must equal 2x cos(x^2 + 1)",
    "chain_rule_grads: autograd.grad gradient": "the torch.autograd.grad gradient must equal 2x cos(x^2 + 1)",
    "chain_rule_grads: x.grad left behind": "chain_rule_grads left a gradient in the caller's x.grad: differentiate "
                                            "a detached tensor (x.detach().requires_grad_())",
    "chain_rule_grads: flag changed": "chain_rule_grads must not change the caller's x.requires_grad",
    "chain_rule_grads: second call": "a second call must return the same .backward() gradient",
    "demo: h after h -= 0.1": "h after h -= 0.1: grad_fn =",
    "demo: saved value changed -> RuntimeError": "saved value changed -> RuntimeError:",
    "demo: mistake 2, a step": "step {step}: w.is_leaf = {is_leaf_w}, w.grad = {grad_w}",
    "demo: Warning": "Warning:",
    "demo: mistake 3, a step": "after step {step}: w.requires_grad = {requires_grad_w}",
    "demo: the right way, result": "w = {item_w:.4f} (the minimum is at 3), still a leaf: {is_leaf_w}, requires "
                                   "grad: {requires_grad_w}",
    "sgd_step: w - lr * grad": "w must become w - lr * grad = [0.8, 1.6]",
    "sgd_step: the same leaf": "after sgd_step the parameter must be the same leaf tensor, and still require grad",
    "sgd_step: gradient reset": "sgd_step must reset the gradient (None or zeros)",
    "sgd_step: a fresh gradient": "the next backward() must give a fresh gradient [3, 3]",
    "fit_line: two floats": "fit_line must return two Python floats",
    "fit_line: y = 2x + 1": "y = 2x + 1 must give w = 2, b = 1, got {w_fit}, {b_fit}",
    "demo: fit_line's line": "gradient descent: w = {w_fit:.4f}, b = {b_fit:.4f}",
    "demo: skipped, needs exercises 2 and 4": "Skipped gradient descent: it needs fit_line, sgd_step and mse "
                                              "(exercises 2 and 4); solve them first.",
    "demo: least squares line": "least squares:    w = {w_best:.4f}, b = {b_best:.4f}",
    "count_graph_nodes: a*b + c*d": "a*b + c*d: got {counts}",
    "abcd_grads: keys": "abcd_grads must return a dict with keys a, b, c, d",
    "abcd_grads: d/da": "the gradient for a is b = 3",
    "abcd_grads: d/db": "the gradient for b is a = 2",
    "abcd_grads: d/dc": "the gradient for c is d = 5",
    "abcd_grads: d/dd is None": "d does not require grad: its gradient must be None",
    "demo: MLP loss": "MLP loss:",
    "demo: skipped, needs exercise 5": "Skipped: this cell needs count_graph_nodes (exercise 5); solve it first.",
    "demo: sigmoid(z) == 1 in float32": "sigmoid(z) == 1 in float32:",
    "demo: exact softplus": "exact: softplus(z) =",
    "demo: w.grad shape": "w.grad shape:",
    "demo: b.grad matches dL/dz": "b.grad matches dL/dz:      ",
    "demo: w.grad matches outer(x, dz)": "w.grad matches outer(x, dz):",
    "logistic_grads: loss log(2)": "the loss must be log(2)",
    "logistic_grads: dw": "dw must be [0.5, -0.75]",
    "logistic_grads: db": "db must be [0]",
    "logistic_grads: grads left behind": "logistic_grads left gradients in the caller's w.grad or b.grad",
    "logistic_grads: flags changed": "logistic_grads must not change the caller's requires_grad flags",
    "logistic_grads: second call": "a second call must again give dw = [0.5, -0.75]",
    "demo: dw matches x^T dz": "dw matches x^T dz:",
    "demo: db matches sum(dz)": "| db matches sum(dz):",
    "demo: training, a step": "step {step:3d}: loss = {item_loss:.4f}",
    "demo: training, result": "final loss = {item_loss:.4f}, accuracy = {item_accuracy:.3f}, w = {tolist_w}, b = "
                              "{tolist_b}",
    "demo: skipped, needs exercises 4 and 6": "Skipped: this cell needs logistic_grads (exercise 6) and sgd_step "
                                              "(exercise 4); solve them first.",
    "poly_grads_analytic: second example": "for x = [1, -2], y = [2, 0.5], z = [3, 4]: df/d{name} must be {want}",
    "mse: inputs changed": "mse must not change its arguments y_pred and y_true",
    "linear_mse_grads: flags changed": "linear_mse_grads must not change the caller's requires_grad flags: a w and "
                                       "b without grad must stay without it (work on w.detach())",
    "count_graph_nodes: f(x, y)": "f(x, y) = x**2 + x*y + (x + y)**2: got {counts} (a node reached by several paths "
                                  "counts once)",
    "abcd_grads: fresh": "the gradient for {name} must be a fresh tensor: not requiring grad and sharing no memory "
                         "with the arguments (.detach().clone())",
    "fit_line: one step": "one step with lr = 0.5 from w = b = 0 on y = 2x + 1 must give w = 0.7333, b = 1.0, got "
                          "{w_fit}, {b_fit}",
    "logistic_grads: loss without grad": "the loss must be a fresh tensor without grad (return loss.detach())",
    "logistic_grads: second example": "with b = [ln 3] (σ(z) = 3/4): {name} must be {want}",
}


# %%
import warnings

import torch
import torch.nn.functional as F

print(f"PyTorch {torch.__version__}, CUDA available: {torch.cuda.is_available()}")

# %% tags=["demo", "self_check"] title={"ru": "Дополнительные проверки на случайных входах: функции check_more_*", "en": "Extra checks on random inputs: the check_more_* functions"}
import contextlib as _contextlib
import functools as _functools
import re as _re


def _fail(case, message):
    raise AssertionError(TEXT["case"].format(case) + message)


def _short(t):
    if not isinstance(t, torch.Tensor):
        return repr(t)
    values = [round(v, 4) for v in t.detach().double().flatten()[:4].tolist()]
    return f"{values}{'...' if t.numel() > 4 else ''}"


def _unwritten(error):
    """The name of the function whose stub raised error (`raise NotImplementedError()`), or None."""
    if type(error) is not NotImplementedError or error.args:
        return None
    frame = error.__traceback__
    while frame.tb_next is not None:
        frame = frame.tb_next
    return frame.tb_frame.f_code.co_name


def _skips_unwritten(check):
    """The optional check, saying it is skipped where a function it checks is not written yet (NotImplementedError)."""
    @_functools.wraps(check)
    def run(*functions, **options):
        try:
            check(*functions, **options)
        except NotImplementedError:
            print(TEXT["skipped"].format(names=", ".join(f.__name__ for f in functions)))
    return run


def _call(case, fn, *args):
    try:
        return fn(*args)
    except Exception as error:  # the case is named in the message
        if _unwritten(error):
            raise
        _fail(case, TEXT["raised"].format(type(error).__name__, error))


def _value_error(case, fn, *args):
    """The ValueError that fn(*args) must raise."""
    try:
        fn(*args)
    except ValueError as error:
        return error
    except Exception as error:
        if _unwritten(error):
            raise
        _fail(case, TEXT["wrong_error"].format(type(error).__name__))
    _fail(case, TEXT["no_error"])


def _check_tensor(case, what, got, want):
    if not isinstance(got, torch.Tensor):
        _fail(case, TEXT["not_tensor"].format(what, type(got).__name__))
    if got.shape != want.shape:
        _fail(case, TEXT["shape"].format(what, tuple(got.shape), tuple(want.shape)))
    if got.dtype != want.dtype:
        _fail(case, TEXT["dtype"].format(what, got.dtype, want.dtype))
    try:
        torch.testing.assert_close(got.detach(), want)
    except AssertionError:
        off = (got.detach().double() - want.double()).abs().max().item()
        _fail(case, TEXT["values"].format(what, off, _short(want), _short(got)))


def _check_results(case, names, got, want, tensors=None):
    """got must hold len(want) tensors like want; with tensors (the arguments), each must also be fresh."""
    if not isinstance(got, (tuple, list)) or len(got) != len(want):
        _fail(case, TEXT["count"].format(len(want), len(got) if isinstance(got, (tuple, list)) else type(got).__name__))
    for name, value, right in zip(names, got, want):
        _check_tensor(case, name, value, right)
        if tensors is not None:
            _check_fresh(case, name, value, tensors)


def _close(got, want):
    """Whether got holds tensors of want's shapes with close values."""
    return isinstance(got, (tuple, list)) and len(got) == len(want) and all(
        isinstance(g, torch.Tensor) and g.shape == w.shape and torch.allclose(g.detach(), w) for g, w in zip(got, want))


def _check_fresh(case, what, value, tensors):
    if value.requires_grad:
        _fail(case, TEXT["requires_grad"].format(what))
    memory = {t.untyped_storage().data_ptr() for t in tensors}
    memory |= {t.grad.untyped_storage().data_ptr() for t in tensors if t.is_leaf and t.grad is not None}
    if value.untyped_storage().data_ptr() in memory:
        _fail(case, TEXT["shares"].format(what))


def _state(t):
    grad = t.grad.clone() if t.is_leaf and t.grad is not None else None
    return t.detach().clone(), t.requires_grad, grad, type(t.grad_fn).__name__


def _check_untouched(case, names, tensors, before):
    for name, t, (values, flag, grad, grad_fn) in zip(names, tensors, before):
        if not torch.equal(t.detach(), values):
            _fail(case, TEXT["changed_values"].format(name))
        if t.requires_grad != flag:
            _fail(case, TEXT["changed_flag"].format(name, flag, t.requires_grad))
        now = t.grad if t.is_leaf else None
        if (now is None) != (grad is None) or (now is not None and not torch.equal(now, grad)):
            _fail(case, TEXT["changed_grad"].format(name, _short(grad), _short(now)))
        if type(t.grad_fn).__name__ != grad_fn:
            _fail(case, TEXT["changed_grad_fn"].format(name))


class _AutogradPasses(torch.overrides.TorchFunctionMode):
    """Inside `with _AutogradPasses() as passes:`, passes.found lists each backward pass as (".backward()" or
    "torch.autograd.grad", its graph, the gradients it returned, the sum of the tensor it differentiated).
    With backward=k or grad=m, every pass that .backward() (torch.autograd.backward) or torch.autograd.grad
    (and torch.func.grad and torch.autograd.functional, which use it) starts begins from the gradient k or m
    instead of 1: a gradient that autograd computed comes back multiplied by it, one computed any other way
    does not."""
    ENTRIES = {torch.autograd.grad: ("torch.autograd.grad", "grad_outputs"),
               torch.autograd.backward: (".backward()", "grad_tensors"), torch.Tensor.backward: (".backward()", "gradient")}

    def __init__(self, backward=1.0, grad=1.0):
        super().__init__()
        self.scales, self.found = {".backward()": backward, "torch.autograd.grad": grad}, []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        entry = next((e for f, e in self.ENTRIES.items() if f is func), None)
        if entry is None or not args:
            return func(*args, **kwargs)
        how, key = entry
        outputs = (args[0],) if isinstance(args[0], torch.Tensor) else tuple(args[0])
        scale = self.scales[how]
        if scale != 1:
            given = kwargs.get(key)
            given = [None] * len(outputs) if given is None else [given] if isinstance(given, torch.Tensor) else given
            scaled = [g * scale if isinstance(g, torch.Tensor)
                      else torch.full_like(o, scale) if g is None and o.numel() == 1 else g
                      for o, g in zip(outputs, given)]
            kwargs[key] = scaled[0] if func is torch.Tensor.backward else scaled
        result = func(*args, **kwargs)
        total = outputs[0].detach().sum().item() if outputs and isinstance(outputs[0], torch.Tensor) else None
        self.found.append((how, outputs[0].grad_fn if outputs else None, result if result is not None else (), total))
        return result


@_contextlib.contextmanager
def _replaced(**functions):
    """The notebook's functions of these names replaced by reference versions inside the block."""
    saved = {name: globals().get(name) for name in functions}
    globals().update(functions)
    try:
        yield
    finally:
        globals().update(saved)


def _reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: {tuple(y_pred.shape)}, {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


def _shape(gen, low=0, high=3):
    dims = torch.randint(low, high + 1, (1,), generator=gen).item()
    return tuple(torch.randint(1, 5, (dims,), generator=gen).tolist())


def _pick(gen, options):
    return options[torch.randint(0, len(options), (1,), generator=gen).item()]


def _input(gen, shape, dtype, kind, bases):
    """A random tensor of this kind: plain, leaf (requires grad), with_grad (and .grad set), non_leaf."""
    t = torch.randn(shape, generator=gen, dtype=dtype)
    if kind == "non_leaf":
        bases.append(t.requires_grad_(True))
        return t * 1.5
    if kind != "plain":
        t.requires_grad_(True)
    if kind == "with_grad":
        t.grad = torch.randn(shape, generator=gen, dtype=dtype)
    return t


def _autograd_oracle(function, tensors):
    """Gradients of function(*copies) with respect to copies of tensors, computed by autograd."""
    copies = [t.detach().clone().requires_grad_(True) for t in tensors]
    return torch.autograd.grad(function(*copies), copies)


def _poly(x, y, z):
    return (x**2 + y**2 + z**2 + 2 * x * y * z).sum()


@_skips_unwritten
def check_more_poly_grads(poly_grads, cases=40):
    gen = torch.Generator().manual_seed(71)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i % 2]
        full = _shape(gen)
        tails = [full[torch.randint(0, len(full) + 1, (1,), generator=gen).item():] for _ in range(2)]
        shapes = [full] + tails
        shapes = [tuple(1 if torch.rand(1, generator=gen).item() < 0.3 else s for s in shape) if j else shape
                  for j, shape in enumerate(shapes)]
        order = torch.randperm(3, generator=gen).tolist()
        kinds = [_pick(gen, ["plain", "leaf", "with_grad", "non_leaf"]) for _ in range(3)]
        bases = []
        tensors = [_input(gen, shapes[j], dtype, kind, bases) for j, kind in zip(order, kinds)]
        described = ", ".join(f"{n} {tuple(t.shape)}{TEXT[k]}" for n, t, k in zip("xyz", tensors, kinds))
        case = f"poly_grads({described}, {dtype})"
        before = [_state(t) for t in tensors]
        want = _autograd_oracle(_poly, tensors)
        with _AutogradPasses() as passes:
            grads = _call(case, poly_grads, *tensors)
        _check_results(case, [f"df/d{n}" for n in "xyz"], grads, want, tensors)
        if not passes.found:
            _fail(case, TEXT["no_pass"])
        f = _poly(*(t.detach() for t in tensors)).item()
        if not any(out is not None and abs(out - f) <= 1e-4 * (1 + abs(f)) for *_, out in passes.found):
            _fail(case, TEXT["not_f"].format(f))
        second = _call(case, poly_grads, *tensors)
        if not _close(second, want):
            _fail(case, TEXT["second"].format("(df/dx, df/dy, df/dz)"))
        _check_untouched(case, "xyz", tensors, before)
        if any(base.grad is not None for base in bases):
            _fail(case, TEXT["leaked"])
        with _AutogradPasses(backward=2.0, grad=2.0):
            doubled = _call(case, poly_grads, *tensors)
        if not _close(doubled, [2 * g for g in want]):
            _fail(case, TEXT["not_autograd"].format("poly_grads"))
    print(TEXT["passed"].format(cases))


@_skips_unwritten
def check_more_poly_grads_analytic(poly_grads_analytic, cases=40):
    gen = torch.Generator().manual_seed(72)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i % 2]
        shape = _shape(gen)
        tensors = [torch.randn(shape, generator=gen, dtype=dtype) for _ in range(3)]
        case = f"poly_grads_analytic(x, y, z {shape}, {dtype})"
        with _AutogradPasses() as passes:
            grads = _call(case, poly_grads_analytic, *tensors)
        if passes.found:
            _fail(case, TEXT["autograd"].format("poly_grads_analytic", passes.found[0][0]))
        _check_results(case, [f"df/d{n}" for n in "xyz"], grads, _autograd_oracle(_poly, tensors))
    print(TEXT["passed"].format(cases))


def _names_shape(text, shape):
    """Whether text names the shape as (2, 3), [2, 3], torch.Size([2, 3]) or 2x3 ((6,) or [6] for one dimension)."""
    sizes = [str(size) for size in shape]
    pattern = r"[(\[]\s*" + r"\s*,\s*".join(sizes) + r"\s*,?\s*[)\]]"
    if len(sizes) > 1:
        pattern += r"|(?<![\w.])" + r"\s*[x×*]\s*".join(sizes) + r"(?![\w.])"
    return _re.search(pattern, str(text)) is not None


@_skips_unwritten
def check_more_mse(mse, cases=40):
    gen = torch.Generator().manual_seed(73)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i % 2]
        shape = _pick(gen, [_shape(gen), (torch.randint(1, 6, (1,), generator=gen).item(), 1)])
        y_pred = torch.randn(shape, generator=gen, dtype=dtype).requires_grad_(i % 3 == 0)
        y_true = torch.randn(shape, generator=gen, dtype=dtype)
        case = f"mse(y_pred {shape}{TEXT['leaf'] if y_pred.requires_grad else ''}, y_true {shape}, {dtype})"
        before = [_state(t) for t in (y_pred, y_true)]
        want = F.mse_loss(y_pred.detach(), y_true)  # before the call, which must not change its inputs
        want_grad = 2 * (y_pred.detach() - y_true) / y_true.numel()
        loss = _call(case, mse, y_pred, y_true)
        _check_untouched(case, ("y_pred", "y_true"), (y_pred, y_true), before)
        if isinstance(loss, torch.Tensor) and loss.dim() != 0:
            _fail(case, TEXT["not_0dim"].format(tuple(loss.shape)))
        _check_tensor(case, "mse", loss, want)
        if y_pred.requires_grad:
            if not loss.requires_grad:
                _fail(case, TEXT["no_graph"])
            (grad,) = torch.autograd.grad(loss, y_pred)
            _check_tensor(case, "d mse / d y_pred", grad, want_grad)
    for i in range(cases // 2):
        n, m = torch.randint(2, 6, (2,), generator=gen).tolist()
        m += m == n
        shape_pred, shape_true = [((n, 1), (n,)), ((n,), (n, 1)), ((n, m), (m, n)), ((n, m), (m,)), ((n,), ())][i % 5]
        case = f"mse(y_pred {shape_pred}, y_true {shape_true})"
        error = _value_error(case, mse, torch.zeros(shape_pred), torch.zeros(shape_true))
        if not (_names_shape(error, shape_pred) and _names_shape(error, shape_true)):
            _fail(case, TEXT["unnamed"].format(shape_pred, shape_true, str(error)))
    print(TEXT["passed"].format(cases + cases // 2))


def _linear_case(gen, i):
    dtype = (torch.float32, torch.float64)[i % 2]
    n, d, k = torch.randint(1, 6, (3,), generator=gen).tolist()
    w_shape, b_shape, y_shape = _pick(gen, [((d,), (1,), (n,)), ((d,), (), (n,)), ((d, k), (k,), (n, k)),
                                            ((d, k), (1,), (n, k))])
    x = torch.randn(n, d, generator=gen, dtype=dtype)
    y = torch.randn(y_shape, generator=gen, dtype=dtype)
    return dtype, x, w_shape, b_shape, y


@_skips_unwritten
def check_more_linear_mse_grads(linear_mse_grads, cases=30):
    gen = torch.Generator().manual_seed(74)
    with _replaced(mse=_reference_mse):
        for i in range(cases):
            dtype, x, w_shape, b_shape, y = _linear_case(gen, i)
            w_kind = _pick(gen, ["plain", "leaf", "with_grad"])
            w = _input(gen, w_shape, dtype, w_kind, [])
            b_kind = _pick(gen, ["plain", "leaf", "with_grad"])
            b = _input(gen, b_shape, dtype, b_kind, [])
            case = (f"linear_mse_grads(x {tuple(x.shape)}, w {w_shape}{TEXT[w_kind]}, b {b_shape}{TEXT[b_kind]}, "
                    f"y_true {tuple(y.shape)}, {dtype})")
            tensors = (x, w, b, y)
            before = [_state(t) for t in tensors]
            want = _autograd_oracle(lambda w, b: ((x @ w + b - y) ** 2).mean(), (w, b))
            _check_results(case, ("dw", "db"), _call(case, linear_mse_grads, *tensors), want, tensors)
            _check_results(case, ("dw (2)", "db (2)"), _call(case, linear_mse_grads, *tensors), want)
            _check_untouched(case, ("x", "w", "b", "y_true"), tensors, before)
        n = torch.randint(2, 6, (1,), generator=gen).item()
        case = f"linear_mse_grads(x ({n}, 2), w (2, 1), b (1,), y_true ({n},))"
        _value_error(case, linear_mse_grads, torch.randn(n, 2), torch.randn(2, 1), torch.randn(1), torch.randn(n))
    print(TEXT["passed"].format(cases + 1))


@_skips_unwritten
def check_more_chain_rule_grads(chain_rule_grads, cases=30):
    gen = torch.Generator().manual_seed(75)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i % 2]
        kind = _pick(gen, ["plain", "leaf", "with_grad"])
        x = _input(gen, _shape(gen), dtype, kind, [])
        case = f"chain_rule_grads(x {tuple(x.shape)}{TEXT[kind]}, {dtype})"
        before = [_state(x)]
        want = 2 * x.detach() * torch.cos(x.detach() ** 2 + 1)
        with _AutogradPasses() as passes:
            grads = _call(case, chain_rule_grads, x)
        _check_results(case, (".backward()", "torch.autograd.grad"), grads, (want, want), [x])
        seen = [how for how, *_ in passes.found]
        graphs = {id(graph) for _, graph, *_ in passes.found}
        if ".backward()" not in seen or "torch.autograd.grad" not in seen or len(graphs) < 2:
            _fail(case, TEXT["passes"].format(seen))
        from_grad = [g for _, _, result, _ in passes.found for g in result]
        if any(grads[0] is g for g in from_grad) and not any(grads[1] is g for g in from_grad):
            _fail(case, TEXT["order"])
        again = _call(case, chain_rule_grads, x)
        _check_results(case, (".backward() (2)", "torch.autograd.grad (2)"), again, (want, want))
        _check_untouched(case, "x", [x], before)
        with _AutogradPasses(backward=2.0, grad=4.0):
            scaled = _call(case, chain_rule_grads, x)
        if not _close(scaled, (2 * want, 4 * want)):
            _fail(case, TEXT["not_autograd"].format("chain_rule_grads"))
    print(TEXT["passed"].format(cases))


def _parameters(gen, count):
    params = []
    for _ in range(count):
        dtype = _pick(gen, [torch.float32, torch.float64])
        p = torch.randn(_shape(gen), generator=gen, dtype=dtype).requires_grad_(True)
        p.grad = torch.randn(p.shape, generator=gen, dtype=dtype)
        params.append(p)
    return params


@_skips_unwritten
def check_more_sgd_step(sgd_step, cases=32):
    gen = torch.Generator().manual_seed(76)
    for i in range(cases):
        kind = ("list", "tuple", "generator", "model.parameters()")[i % 4]
        lr = _pick(gen, [0.0, 0.01, 0.1, 0.5])
        if kind == "model.parameters()":
            model = torch.nn.Linear(*torch.randint(1, 5, (2,), generator=gen).tolist())
            model(torch.randn(3, model.in_features, generator=gen)).pow(2).mean().backward()
            params, container = [model.weight, model.bias], model.parameters()
        else:
            params = _parameters(gen, torch.randint(1, 4, (1,), generator=gen).item())
            container = list(params) if kind == "list" else tuple(params) if kind == "tuple" else (p for p in params)
        case = f"sgd_step({TEXT['params'].format(kind, [tuple(p.shape) for p in params])}, lr={lr})"
        given = list(container) if kind == "list" else None
        container = given if given is not None else container
        want = [(p - lr * p.grad).detach() for p in params]
        memory = [p.data_ptr() for p in params]
        _call(case, sgd_step, container, lr)
        for j, (p, right) in enumerate(zip(params, want)):
            if given is not None and given[j] is not p:
                _fail(case, TEXT["same_object"].format(j))
            _check_tensor(case, f"p{j} - lr * p{j}.grad", p, right)
            if not (p.is_leaf and p.requires_grad and p.grad_fn is None):
                _fail(case, TEXT["sgd_step: not a leaf"].format(j))
            if p.data_ptr() != memory[j]:
                _fail(case, TEXT["memory"].format(j))
            if p.grad is not None and p.grad.any():
                _fail(case, TEXT["not_reset"].format(j))
            (3 * p).sum().backward()
            _check_tensor(case, f"p{j}.grad after sgd_step and backward() of sum(3 * p{j})", p.grad,
                          torch.full_like(p, 3.0))
    print(TEXT["passed"].format(cases))


def _descend(x, y, lr, steps):
    """Plain gradient descent on the MSE from w = b = 0, gradients from autograd."""
    w, b = torch.zeros((), requires_grad=True), torch.zeros((), requires_grad=True)
    for _ in range(steps):
        dw, db = torch.autograd.grad(((w * x + b - y) ** 2).mean(), (w, b))
        with torch.no_grad():
            w -= lr * dw
            b -= lr * db
    return w.item(), b.item()


@_skips_unwritten
def check_more_fit_line(fit_line, cases=8):
    gen = torch.Generator().manual_seed(77)
    rates = []

    def counting_sgd_step(params, lr):
        rates.append(lr)
        with torch.no_grad():
            for p in params:
                p -= lr * p.grad
                p.grad = None

    with _replaced(sgd_step=counting_sgd_step, mse=_reference_mse):
        for i in range(cases):
            n = torch.randint(5, 40, (1,), generator=gen).item()
            x = torch.rand(n, generator=gen) * 4 - 2
            y = torch.randn(1, generator=gen) * x + torch.randn(1, generator=gen) + 0.1 * torch.randn(n, generator=gen)
            lr, steps = 0.05, 500  # the defaults
            if i:
                lr, steps = _pick(gen, [0.01, 0.05, 0.1]), torch.randint(0, 20, (1,), generator=gen).item()
            if i == 1:
                steps = 0  # no step at all: w = b = 0
            case = f"fit_line({TEXT['points'].format(n)}, lr={lr}, steps={steps})"
            x_before, y_before = x.clone(), y.clone()
            rates.clear()
            result = _call(case, fit_line, x, y) if i == 0 else _call(case, fit_line, x, y, lr, steps)
            if not isinstance(result, (tuple, list)) or len(result) != 2 or not all(type(v) is float for v in result):
                _fail(case, TEXT["floats"].format(repr(result)))
            if not (torch.equal(x, x_before) and torch.equal(y, y_before)):
                _fail(case, TEXT["xy_changed"])
            if len(rates) < steps or any(rate != lr for rate in rates):
                _fail(case, TEXT["sgd_calls"].format(steps, lr, rates[:5] + (["..."] if len(rates) > 5 else [])))
            right = _descend(x, y, lr, steps)
            if not all(abs(v - r) < 1e-5 for v, r in zip(result, right)):
                _fail(case, TEXT["line"].format(*right, steps, lr, *result))
            if i and steps:
                with _AutogradPasses(backward=2.0, grad=2.0):  # sgd_step then steps by lr times a doubled gradient
                    doubled = _call(case, fit_line, x, y, lr, steps)
                if not all(abs(v - r) < 1e-5 for v, r in zip(doubled, _descend(x, y, 2 * lr, steps))):
                    _fail(case, TEXT["not_autograd"].format("fit_line"))
    print(TEXT["passed"].format(cases))


def _count_nodes(t):
    counts, seen, stack = {}, set(), [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            counts[type(node).__name__] = counts.get(type(node).__name__, 0) + 1
            stack.extend(child for child, _ in node.next_functions if child is not None)
    return counts


@_skips_unwritten
def check_more_count_graph_nodes(count_graph_nodes, cases=30):
    gen = torch.Generator().manual_seed(78)
    operations = [("{0} * {1}", lambda p, q: p * q), ("{0} + {1}", lambda p, q: p + q),
                  ("{0} - sin({1})", lambda p, q: p - q.sin()), ("exp({0})", lambda p, q: p.exp()),
                  ("{0} + {0}", lambda p, q: p + p), ("outer({0}, {1}) @ {1}", lambda p, q: torch.outer(p, q) @ q),
                  ("cat({0}[1:], {1}[:1])", lambda p, q: torch.cat([p[1:], q[:1]]))]
    for i in range(cases):
        shape = (3,) if i % 3 else ()
        leaves = [torch.randn(shape, generator=gen).requires_grad_(torch.rand(1, generator=gen).item() < 0.7)
                  for _ in range(3)]
        pool, names = list(leaves), ["a", "b", "c"]
        for _ in range(torch.randint(0, 8, (1,), generator=gen).item()):
            j, k = torch.randint(0, len(pool), (2,), generator=gen).tolist()
            name, operation = _pick(gen, operations)
            if shape == () and name.startswith(("outer", "cat")):
                continue
            pool.append(operation(pool[j], pool[k]))
            names.append("(" + name.format(names[j], names[k]) + ")")
        out = pool[-1]
        case = f"count_graph_nodes({names[-1]}; {TEXT['flags'].format([t.requires_grad for t in leaves])})"
        got = _call(case, count_graph_nodes, out)
        if got != _count_nodes(out):
            _fail(case, TEXT["dict"].format(_count_nodes(out), got))
        if any(t.grad is not None for t in leaves):
            _fail(case, TEXT["graph_used"].format("a.grad, b.grad or c.grad"))
        if out.requires_grad:
            try:
                out.sum().backward()
            except RuntimeError as error:
                _fail(case, TEXT["graph_used"].format(error))
    print(TEXT["passed"].format(cases))


@_skips_unwritten
def check_more_abcd_grads(abcd_grads, cases=48):
    gen = torch.Generator().manual_seed(79)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i // 16 % 2]
        shape = _shape(gen)
        kinds = [("plain", "leaf", "non_leaf")[1 + (i >> j & 1) if i >= 32 else i >> j & 1] for j in range(4)]
        bases = []
        tensors = [_input(gen, shape, dtype, kind, bases) for kind in kinds]
        case = "abcd_grads(" + ", ".join(f"{n}{TEXT[k]}" for n, k in zip("abcd", kinds)) + f"; {shape}, {dtype})"
        before = [_state(t) for t in tensors]
        with _AutogradPasses() as passes:
            grads = _call(case, abcd_grads, *tensors)
        if passes.found:
            _fail(case, TEXT["autograd"].format("abcd_grads", passes.found[0][0]))
        if not isinstance(grads, dict) or set(grads) != set("abcd"):
            _fail(case, TEXT["keys"].format(sorted(grads) if isinstance(grads, dict) else type(grads).__name__))
        partners = dict(zip("abcd", [tensors[1], tensors[0], tensors[3], tensors[2]]))
        for name, t in zip("abcd", tensors):
            if not t.requires_grad and grads[name] is not None:
                _fail(case, TEXT["none"].format(name))
            if t.requires_grad:
                if grads[name] is None:
                    _fail(case, TEXT["not_none"].format(name))
                _check_tensor(case, f"d/d{name}", grads[name], partners[name].detach())
                _check_fresh(case, f"d/d{name}", grads[name], tensors)
        _check_untouched(case, "abcd", tensors, before)
    print(TEXT["passed"].format(cases))


@_skips_unwritten
def check_more_logistic_grads(logistic_grads, cases=30):
    gen = torch.Generator().manual_seed(80)
    for i in range(cases):
        dtype = (torch.float32, torch.float64)[i % 2]
        n, d, k = torch.randint(1, 6, (3,), generator=gen).tolist()
        x_shape, w_shape, b_shape, y_shape = _pick(gen, [((n, d), (d,), (1,), (n,)), ((n, d), (d,), (), (n,)),
                                                         ((n, d), (d, k), (k,), (n, k)), ((d,), (d, k), (k,), (k,))])
        scale = _pick(gen, [1.0, 1.0, 20.0])
        x = torch.randn(x_shape, generator=gen, dtype=dtype) * scale
        y = torch.rand(y_shape, generator=gen, dtype=dtype)
        if i % 2:
            y = y.round()
        w_kind = _pick(gen, ["plain", "leaf", "with_grad"])
        w = _input(gen, w_shape, dtype, w_kind, [])
        b_kind = _pick(gen, ["plain", "leaf", "with_grad"])
        b = _input(gen, b_shape, dtype, b_kind, [])
        large = ", x20" if scale > 1 else ""
        case = (f"logistic_grads(x {x_shape}{large}, y {y_shape}, w {w_shape}{TEXT[w_kind]}, b {b_shape}{TEXT[b_kind]}, "
                f"{dtype})")
        tensors = (x, y, w, b)
        before = [_state(t) for t in tensors]
        loss = F.binary_cross_entropy_with_logits(x @ w.detach() + b.detach(), y)
        want = (loss, *_autograd_oracle(lambda w, b: F.binary_cross_entropy_with_logits(x @ w + b, y), (w, b)))
        result = _call(case, logistic_grads, *tensors)
        _check_results(case, ("loss", "dw", "db"), result, want, tensors)
        _check_results(case, ("loss (2)", "dw (2)", "db (2)"), _call(case, logistic_grads, *tensors), want)
        _check_untouched(case, ("x", "y", "w", "b"), tensors, before)
    print(TEXT["passed"].format(cases))

# %% judge="helpers"
def check_tensor(value, expected, what):
    """value must be a tensor with expected's shape and dtype and close values."""
    assert isinstance(value, torch.Tensor), f"{what} must be a tensor"
    assert value.shape == expected.shape, f"{what} must have shape {tuple(expected.shape)}, not {tuple(value.shape)}"
    assert value.dtype == expected.dtype, f"{what} must have dtype {expected.dtype}, not {value.dtype}"
    try:
        torch.testing.assert_close(value, expected)
    except AssertionError:
        off = (value.double() - expected.double()).abs().max().item()
        raise AssertionError(f"{what} is wrong: it is off by up to {off:.3g}") from None


def check_fresh(got, key, values):
    """The course's rule for returned tensors: none of values requires grad, and none shares memory with an
    argument (the probe records which do under "memory of <key>")."""
    assert not any(isinstance(v, torch.Tensor) and v.observed["requires_grad"] for v in values), (
        f"{key} returned a tensor that requires grad: return values and gradients without grad (.detach())")
    assert not any(got[f"memory of {key}"]), (
        f"{key} returned a tensor that shares memory with an argument: return a new tensor (.detach().clone())")


def matches(value, expected):
    """Whether value is a tensor of expected's shape with close values (any dtype)."""
    return (isinstance(value, torch.Tensor) and value.shape == expected.shape
            and torch.allclose(value.double(), expected.double(), rtol=1e-4, atol=1e-5))


def check_untouched(got, want, key, who, name):
    """The caller's tensor recorded under key as (tensor, its .grad) must be as the reference solution left it."""
    tensor, grad = got[key]
    reference, reference_grad = want[key]
    assert torch.equal(tensor, reference), f"{who} changed the values of the caller's {name}: work on a copy"
    flag, reference_flag = tensor.observed["requires_grad"], reference.observed["requires_grad"]
    assert flag == reference_flag, (
        f"{who} changed {name}.requires_grad of the caller's tensor from {reference_flag} to {flag}: "
        "work on a detached tensor (.detach().requires_grad_())")
    assert tensor.observed["grad_fn"] == reference.observed["grad_fn"], (
        f"{who} changed the caller's {name} in place (its grad_fn changed)")
    if reference_grad is None:
        assert grad is None, (
            f"{who} left a gradient in the caller's {name}.grad: differentiate a detached tensor, "
            "or use torch.autograd.grad")
    else:
        assert isinstance(grad, torch.Tensor) and torch.equal(grad, reference_grad), (
            f"{who} changed the caller's {name}.grad")


def is_number(value):
    return type(value) in (int, float) and math.isfinite(value)

# %% figure="autograd_graphs"
import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch

T = {"ru": {"left": "f = x² + xy + (x + y)²", "right": "a·b + c·d, d не требует градиента",
            "leaf": "лист", "none": "d: узла нет\n(None в next_functions)",
            "note": "Стрелки — next_functions: по ним идёт обратный проход. Синие — grad_fn, оранжевые — AccumulateGrad листьев."},
     "en": {"left": "f = x² + xy + (x + y)²", "right": "a·b + c·d, d does not require grad",
            "leaf": "leaf", "none": "d: no node\n(None in next_functions)",
            "note": "Arrows are next_functions: the backward pass follows them. Blue: grad_fn nodes, orange: the leaves' AccumulateGrad."}}[lang]
OP, LEAF, NONE = "#dbe9f6", "#fde3c8", "#eeeeee"


def draw(ax, nodes, edges, title):
    """nodes: name -> (x, y, text, colour); edges: (from, to) pairs, drawn from output to input."""
    for x, y, text, colour in nodes.values():
        ax.add_patch(FancyBboxPatch((x - 0.95, y - 0.38), 1.9, 0.76, boxstyle="round,pad=0.04",
                                    facecolor=colour, edgecolor="#555555"))
        ax.text(x, y, text, ha="center", va="center", fontsize=8)
    for start, end in edges:
        (x0, y0, *_), (x1, y1, *_) = nodes[start], nodes[end]
        ax.annotate("", xy=(x1, y1 + 0.42), xytext=(x0, y0 - 0.42),
                    arrowprops={"arrowstyle": "-|>", "color": "#333333", "lw": 1.1, "shrinkA": 0, "shrinkB": 0})
    ax.set_title(title, fontsize=10)
    ax.set_xlim(-0.2, 7.0)
    ax.set_ylim(0.2, 5.6)
    ax.axis("off")


fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4.3))
draw(left, {"f": (3.2, 5.0, "f = d + e\nAddBackward0", OP), "d": (1.7, 3.7, "d = a + b\nAddBackward0", OP),
            "e": (4.8, 3.7, "e = c²\nPowBackward0", OP), "a": (0.9, 2.4, "a = x²\nPowBackward0", OP),
            "b": (3.1, 2.4, "b = x·y\nMulBackward0", OP), "c": (5.3, 2.4, "c = x + y\nAddBackward0", OP),
            "x": (1.8, 0.9, f"x ({T['leaf']})\nAccumulateGrad", LEAF), "y": (4.5, 0.9, f"y ({T['leaf']})\nAccumulateGrad", LEAF)},
     [("f", "d"), ("f", "e"), ("d", "a"), ("d", "b"), ("e", "c"), ("a", "x"), ("b", "x"), ("b", "y"),
      ("c", "x"), ("c", "y")], T["left"])
draw(right, {"s": (3.0, 5.0, "a·b + c·d\nAddBackward0", OP), "ab": (1.8, 3.3, "a·b\nMulBackward0", OP),
             "cd": (4.4, 3.3, "c·d\nMulBackward0", OP), "a": (0.85, 1.3, f"a ({T['leaf']})\nAccumulateGrad", LEAF),
             "b": (2.95, 1.3, f"b ({T['leaf']})\nAccumulateGrad", LEAF), "c": (5.05, 1.3, f"c ({T['leaf']})\nAccumulateGrad", LEAF)},
     [("s", "ab"), ("s", "cd"), ("ab", "a"), ("ab", "b"), ("cd", "c")], T["right"])
right.text(6.1, 2.35, T["none"], ha="center", va="center", fontsize=8, color="#777777", style="italic")
right.annotate("", xy=(6.0, 2.6), xytext=(5.2, 2.9), arrowprops={"arrowstyle": "-|>", "color": "#aaaaaa", "ls": "--"})
fig.text(0.5, 0.02, T["note"], ha="center", fontsize=8.5)
fig.tight_layout(rect=(0, 0.05, 1, 1))

# %% [markdown] tags=["ru"]
# ## 1. Вычислительный граф (около 15 минут)
#
# <details><summary>Документация</summary>
#
# [Autograd mechanics](https://pytorch.org/docs/stable/notes/autograd.html),
# [`Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`Tensor.is_leaf`](https://pytorch.org/docs/stable/generated/torch.Tensor.is_leaf.html),
# [`Tensor.retain_grad`](https://pytorch.org/docs/stable/generated/torch.Tensor.retain_grad.html).
#
# </details>
#
# Если вход операции требует градиента (`requires_grad=True`), PyTorch запоминает, **как** получен
# результат: его `grad_fn` — узел графа, который по градиенту выхода считает градиенты входов и
# ссылается на узлы, породившие эти входы. Тензоры, созданные пользователем, — **листья** графа
# (`grad_fn is None`); листья, которые требуют градиента, собирают его в `.grad`.
#
# Возьмём функцию $f(x, y) = x^2 + xy + (x + y)^2$ и запишем её по шагам, чтобы у каждого
# промежуточного значения было имя:
#
# $$a = x^2,\quad b = xy,\quad c = x + y,\quad d = a + b,\quad e = c^2,\quad f = d + e.$$
#
# Слева на рисунке — граф, который PyTorch строит для $f$: у каждого промежуточного значения свой
# узел `grad_fn`, у каждого листа — узел `AccumulateGrad`. Справа — пример из задания 5: вход `d`
# не требует градиента, и узла у него нет.
#
# ![Граф обратного прохода для f(x, y) и для a·b + c·d](attachment:autograd_graphs.png)
#
# Обратите внимание: `x` используется трижды, `y` дважды. По правилу дифференцирования сложной
# функции вклады всех путей от `f` до листа **складываются**.

# %% [markdown] tags=["en"]
# ## 1. The computational graph (about 15 minutes)
#
# <details><summary>Documentation</summary>
#
# [Autograd mechanics](https://pytorch.org/docs/stable/notes/autograd.html),
# [`Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`Tensor.is_leaf`](https://pytorch.org/docs/stable/generated/torch.Tensor.is_leaf.html),
# [`Tensor.retain_grad`](https://pytorch.org/docs/stable/generated/torch.Tensor.retain_grad.html).
#
# </details>
#
# When an input of an operation requires a gradient (`requires_grad=True`), PyTorch also records
# **how** the result was obtained: the result's `grad_fn` is a graph node that turns the gradient of
# the output into gradients of the inputs and points to the nodes that produced those inputs.
# Tensors created by the user are the **leaves** of the graph (`grad_fn` is `None`); leaves that
# require a gradient collect it in `.grad`.
#
# Take $f(x, y) = x^2 + xy + (x + y)^2$ and write it step by step so that every intermediate value
# has a name:
#
# $$a = x^2,\quad b = xy,\quad c = x + y,\quad d = a + b,\quad e = c^2,\quad f = d + e.$$
#
# On the left of the picture is the graph PyTorch builds for $f$: every intermediate value has its
# own `grad_fn` node, every leaf an `AccumulateGrad` node. On the right is the example of exercise 5:
# the input `d` does not require a gradient and gets no node.
#
# ![The backward graph of f(x, y) and of a·b + c·d](attachment:autograd_graphs.png)
#
# Note that `x` is used three times and `y` twice. By the chain rule, the contributions of all the
# paths from `f` to a leaf **add up**.

# %% tags=["demo"]
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
a = x**2
b = x * y
c = x + y
d = a + b
e = c**2
f = d + e
print("f =", f)
print("x.is_leaf:", x.is_leaf, "| x.grad_fn:", x.grad_fn)
print("f.is_leaf:", f.is_leaf, "| f.grad_fn:", f.grad_fn)

# %% [markdown] tags=["ru"]
# Стрелки рисунка — это `next_functions` узла: пары (узел, номер выхода). Напечатаем настоящий граф
# деревом: узел `AccumulateGrad` листа `x` встретится трижды, потому что дерево разворачивает граф,
# где у каждого листа один такой узел.

# %% [markdown] tags=["en"]
# The arrows of the picture are a node's `next_functions`: pairs of (node, output index). Print the
# real graph as a tree: the `AccumulateGrad` node of `x` shows up three times, because the tree
# unrolls a graph in which every leaf has a single such node.

# %% tags=["demo"]
leaf_names = {x: "x", y: "y"}


def print_graph(node, depth=0):
    """Print the autograd graph below `node` as an indented tree (shared nodes repeat)."""
    if node is None:
        return
    label = type(node).__name__
    if hasattr(node, "variable"):  # AccumulateGrad nodes hold their leaf tensor
        label += f" -> {leaf_names.get(node.variable, 'leaf')}.grad"
    print("    " * depth + label)
    for child, _ in node.next_functions:
        print_graph(child, depth + 1)


print_graph(f.grad_fn)

# %% [markdown] tags=["ru"]
# Теперь обратный проход. Производные на бумаге:
#
# $$\frac{\partial f}{\partial x} = 2x + y + 2(x + y), \qquad \frac{\partial f}{\partial y} = x + 2(x + y).$$
#
# При $x = 2, y = 3$ это $4 + 3 + 10 = 17$ и $2 + 10 = 12$. Вызов `f.backward()` должен дать то же.

# %% [markdown] tags=["en"]
# Now the backward pass. The derivatives on paper:
#
# $$\frac{\partial f}{\partial x} = 2x + y + 2(x + y), \qquad \frac{\partial f}{\partial y} = x + 2(x + y).$$
#
# At $x = 2, y = 3$ these are $4 + 3 + 10 = 17$ and $2 + 10 = 12$. Calling `f.backward()` must agree.

# %% tags=["demo"]
f.backward()
print("x.grad =", x.grad, TEXT["demo: by hand"], 2 * 2.0 + 3.0 + 2 * (2.0 + 3.0))
print("y.grad =", y.grad, TEXT["demo: by hand"], 2.0 + 2 * (2.0 + 3.0))

# %% [markdown] tags=["ru"]
# ### Три вещи, о которых стоит помнить
#
# **1. После `backward()` сохранённые значения освобождаются.** Многие операции сохраняют для
# обратного прохода свои входы (`x**2` запоминает `x`); `backward()` их освобождает, и второй
# `backward()` по тому же графу падает. Граф, которому нечего было сохранять, это переживёт:
# `(x + y).backward()` работает дважды (полагаться на это не стоит). Если граф нужен ещё раз,
# передайте `retain_graph=True`; цикл обучения и так строит граф заново на каждом шаге.

# %% [markdown] tags=["en"]
# ### Three things to remember
#
# **1. `backward()` frees the saved values.** Many operations save their inputs for the backward
# pass (`x**2` keeps `x`); `backward()` frees them, and a second `backward()` through the same graph
# fails. A graph with nothing saved survives it: `(x + y).backward()` works twice (do not rely on
# that). If you really need a graph again, pass `retain_graph=True`; a training loop builds a new
# graph at every step anyway.

# %% tags=["demo"]
try:
    f.backward()
except RuntimeError as error:
    print(TEXT["demo: second backward fails"], str(error).split(".")[0])

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
s = x + y
s.backward()
s.backward()  # nothing was saved for this graph: the second pass works and adds 1 again
print(TEXT["demo: (x + y) backward twice"], x.grad.item(), "y.grad =", y.grad.item())

# %% [markdown] tags=["ru"]
# **2. Градиенты накапливаются.** `backward()` не записывает, а **прибавляет** градиент к `.grad`.
# Это удобно (так градиенты от нескольких путей и нескольких батчей складываются сами), но
# означает, что между шагами обучения `.grad` нужно обнулять: `x.grad = None` или `x.grad.zero_()`.

# %% [markdown] tags=["en"]
# **2. Gradients accumulate.** `backward()` does not write into `.grad`, it **adds** to it. That is
# handy (contributions from several paths and several batches add up by themselves) but it means
# that `.grad` has to be reset between training steps: `x.grad = None` or `x.grad.zero_()`.

# %% tags=["demo"]
x = torch.tensor(2.0, requires_grad=True)
for step in range(3):
    (x**2).backward()  # d(x^2)/dx = 4 at x = 2
    print(TEXT["demo: x.grad after backward #step"].format(step=step + 1, item_grad_x=x.grad.item()))
x.grad = None  # reset before the next, independent computation
(x**2).backward()
print(TEXT["demo: x.grad after a reset"], x.grad.item())

# %% [markdown] tags=["ru"]
# **3. `.grad` заполняется только у листьев.** У промежуточных тензоров (например, `a = x**2`)
# градиент после `backward()` не сохраняется: обращение к `a.grad` вернёт `None` и выдаст
# предупреждение. Если промежуточный градиент нужен для отладки, вызовите `a.retain_grad()` до
# обратного прохода.

# %% [markdown] tags=["en"]
# **3. Only leaves get a `.grad`.** Intermediate tensors (such as `a = x**2`) do not keep their
# gradient after `backward()`: reading `a.grad` returns `None` with a warning. If you need an
# intermediate gradient for debugging, call `a.retain_grad()` before the backward pass.

# %% tags=["demo"]
x = torch.tensor(2.0, requires_grad=True)
a = x**2
a.retain_grad()
(3 * a).backward()
print("a.is_leaf:", a.is_leaf, "| a.grad:", a.grad, "| x.grad:", x.grad)

# %% [markdown] tags=["ru"]
# На видеокарте, если она есть, всё то же самое:

# %% [markdown] tags=["en"]
# On a GPU, if there is one, it all works the same:

# %% tags=["demo"]
if torch.cuda.is_available():
    x = torch.tensor(2.0, requires_grad=True, device="cuda")
    y = torch.tensor(3.0, requires_grad=True, device="cuda")
    (x**2 + x * y + (x + y) ** 2).backward()
    print(TEXT["demo: on device"], x.device, "- x.grad:", x.grad.item(), "y.grad:", y.grad.item())
else:
    print(TEXT["demo: no GPU"])

# %% [markdown] tags=["ru"]
# ### Задание 1. Градиенты многочлена (2 + 1 балла, около 25 минут)
#
# Для функции
#
# $$f(x, y, z) = \sum \left(x^2 + y^2 + z^2 + 2xyz\right)$$
#
# (сумма по всем элементам) напишите:
#
# - `poly_grads(x, y, z)`: градиенты $f$ по `x`, `y`, `z`, **посчитанные с помощью autograd**
#   (`.backward()` или `torch.autograd.grad`), кортежем из трёх тензоров. Каждый градиент имеет
#   форму и dtype своего входа. Входы могут иметь разные формы, совместимые по broadcasting
#   (например, `x` формы (3, 4) и скаляр `z`): autograd сам просуммирует градиент по размноженным
#   осям.
# - `poly_grads_analytic(x, y, z)`: те же градиенты по формуле, выведенной на бумаге, без autograd
#   (здесь входы одной формы).
#
# **Не трогайте тензоры вызывающего**: их значения, `requires_grad` и `.grad`. Если вызвать
# `x.requires_grad_()` и `backward()` на переданном тензоре, у вызывающего появится `x.grad`, а без
# `detach()` обратный проход уйдёт в чужой граф. Работайте с отсоединённым тензором:
# `x.detach().requires_grad_()` — новый лист над той же памятью (`detach()` ничего не копирует,
# раздел 2) со своими `requires_grad` и `.grad`.
#
# **Возвращайте новые тензоры** (правило курса; исключение в этом уроке — `mse`, её loss остаётся в
# графе): без градиента и без общей памяти с аргументами.
#
# Примеры: при $x = 1, y = 2, z = 3$ градиенты равны $(14, 10, 10)$. При `x = torch.ones(2, 3)`,
# `y = torch.ones(3)`, `z = torch.tensor(2.0)` градиент по `x` — тензор (2, 3) из шестёрок
# ($2x + 2yz = 6$), по `y` — тензор (3,) из чисел 12 (по $6$ от каждой из двух строк), по `z` —
# скаляр 36 ($2z + 2xy = 6$ в каждом из шести элементов). У `poly_grads_analytic` ещё пример:
# `[1, -2]`, `[2, 0.5]`, `[3, 4]` дают `[14, 0]`, `[10, -15]`, `[10, 6]`.
#
# Необязательная ячейка `check_more_...` под проверками каждого задания проверяет все свойства из
# условия на случайных входах и называет первый неверный случай (пока функция не написана, она
# сообщает, что проверка пропущена).
#
# <details><summary>Документация</summary>
#
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`Tensor.detach`](https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html),
# [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html).
#
# </details>
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Правило о новых тензорах: каждый тензор, который возвращают `poly_grads`, `linear_mse_grads`,
# `chain_rule_grads`, `abcd_grads` и `logistic_grads`, не требует градиента и не делит память ни с
# одним аргументом. Градиенты из `torch.autograd.grad` и `.grad` отсоединённого листа такими и получаются;
# тензор, посчитанный с графом, верните через `.detach()`, а аргумент или его представление — через
# `.detach().clone()`.
#
# - `test_poly_grads_values` (1 балл): градиенты для входов разных форм, в том числе
#   размноженных по broadcasting, во float32 и float64: значения, формы и dtype. И то, что это
#   действительно результат обратного прохода autograd по скаляру, равному $f$: проверка меняет
#   градиент, с которого начинается обратный проход (обычно 1), и результат autograd меняется
#   вместе с ним, а градиент, посчитанный по формуле, — нет.
# - `test_poly_grads_caller` (1 балл): вход, который требует градиента и уже имеет `.grad`,
#   вход без градиента и входы, полученные из других тензоров (не листья). После двух вызовов
#   подряд значения, `requires_grad` и `.grad` тензоров вызывающего прежние, оба вызова
#   возвращают верные градиенты, и в граф вызывающего градиент не попадает (`.grad` тензора, из
#   которого получен вход, остаётся `None`); возвращённые тензоры не требуют градиента и не делят
#   память с аргументами.
# - `test_poly_grads_analytic` (1 балл): значения, формы и dtype для форм (6,), (3, 4), (2, 2, 3) и
#   скаляров во float32 и float64, и ни одного вызова autograd (`.backward()`,
#   `torch.autograd.grad`, `torch.func`).
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 1. Gradients of a polynomial (2 + 1 points, about 25 minutes)
#
# For
#
# $$f(x, y, z) = \sum \left(x^2 + y^2 + z^2 + 2xyz\right)$$
#
# (a sum over all elements), write:
#
# - `poly_grads(x, y, z)`: the gradients of $f$ with respect to `x`, `y`, `z`, **computed with
#   autograd** (`.backward()` or `torch.autograd.grad`), as a tuple of three tensors. Each gradient
#   has the shape and dtype of its own input. The inputs may have different shapes that broadcast
#   together (say `x` of shape (3, 4) and a scalar `z`): autograd sums the gradient over the
#   broadcast dimensions for you.
# - `poly_grads_analytic(x, y, z)`: the same gradients from the formula you derive on paper, without
#   autograd (here the inputs share one shape).
#
# **Leave the caller's tensors alone**: their values, `requires_grad` and `.grad`. Calling
# `x.requires_grad_()` and `backward()` on the tensor you were given leaves an `x.grad` behind, and
# without `detach()` the backward pass runs on into someone else's graph. Work on a detached tensor:
# `x.detach().requires_grad_()` is a new leaf over the same memory (`detach()` copies nothing,
# section 2) with its own `requires_grad` and `.grad`.
#
# **Return fresh tensors** (the course's rule; in this lesson `mse` is the exception, its loss stays in
# the graph): without grad, and sharing no memory with the arguments.
#
# Examples: at $x = 1, y = 2, z = 3$ the gradients are $(14, 10, 10)$. For `x = torch.ones(2, 3)`,
# `y = torch.ones(3)`, `z = torch.tensor(2.0)` the gradient for `x` is a (2, 3) tensor of sixes
# ($2x + 2yz = 6$), for `y` a (3,) tensor of twelves ($6$ from each of the two rows), for `z` the
# scalar 36 ($2z + 2xy = 6$ in each of the six elements). One more for `poly_grads_analytic`:
# `[1, -2]`, `[2, 0.5]`, `[3, 4]` give `[14, 0]`, `[10, -15]`, `[10, 6]`.
#
# The optional cell `check_more_...` under each exercise's checks tests every stated property on
# random inputs and names the first wrong case (until the function is written, it says it is
# skipped).
#
# <details><summary>Documentation</summary>
#
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`Tensor.detach`](https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html),
# [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html).
#
# </details>
#
# <details><summary>What grading checks</summary>
#
# The rule of fresh tensors: every tensor that `poly_grads`, `linear_mse_grads`, `chain_rule_grads`,
# `abcd_grads` and `logistic_grads` return does not require grad and shares no memory with any
# argument. Gradients from `torch.autograd.grad` and the `.grad` of a detached leaf are like that
# already; return a tensor computed with a graph through `.detach()`, and an argument or a view of it
# through `.detach().clone()`.
#
# - `test_poly_grads_values` (1 point): the gradients for inputs of several shapes, broadcast ones
#   included, in float32 and float64: values, shapes and dtypes. And that they really are the result
#   of an autograd backward pass over a scalar equal to $f$: the check changes the gradient the
#   backward pass starts from (normally 1), and a result of autograd changes with it, while a
#   gradient computed from a formula does not.
# - `test_poly_grads_caller` (1 point): an input that requires grad and already has a `.grad`, an
#   input that does not require grad, and inputs computed from other tensors (not leaves). After two
#   calls in a row the caller's tensors keep their values, `requires_grad` and `.grad`, both calls
#   return the right gradients, and no gradient reaches the caller's graph (the `.grad` of the
#   tensor an input was computed from stays `None`); the returned tensors do not require grad and
#   share no memory with the arguments.
# - `test_poly_grads_analytic` (1 point): values, shapes and dtypes for shapes (6,), (3, 4),
#   (2, 2, 3) and scalars in float32 and float64, and no autograd call at all (`.backward()`,
#   `torch.autograd.grad`, `torch.func`).
#
# </details>

# %% nbgrader={"grade_id": "poly_grads", "solution": true}
def poly_grads(x, y, z):
    """Gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z) w.r.t. x, y and z, computed with autograd.

    x, y, z: floating-point tensors whose shapes broadcast together.
    Returns a tuple (df/dx, df/dy, df/dz), each with the shape and dtype of its own input.
    The caller's tensors (values, requires_grad, .grad) stay untouched.
    """
    ### BEGIN SOLUTION
    leaves = [t.detach().requires_grad_(True) for t in (x, y, z)]
    lx, ly, lz = leaves
    f = (lx**2 + ly**2 + lz**2 + 2 * lx * ly * lz).sum()
    return torch.autograd.grad(f, leaves)
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_poly_grads_values", "grade": true, "points": 1, "locked": true}
grads = poly_grads(torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0))
assert len(grads) == 3, TEXT["poly_grads: three gradients"]
torch.testing.assert_close(grads[0], torch.tensor(14.0), msg=TEXT["poly_grads: df/dx at (1, 2, 3)"])
torch.testing.assert_close(grads[1], torch.tensor(10.0), msg=TEXT["poly_grads: df/dy at (1, 2, 3)"])
torch.testing.assert_close(grads[2], torch.tensor(10.0), msg=TEXT["poly_grads: df/dz at (1, 2, 3)"])
grads = poly_grads(torch.ones(2, 3), torch.ones(3), torch.tensor(2.0))
torch.testing.assert_close(grads[0], torch.full((2, 3), 6.0), msg=TEXT["poly_grads: df/dx of ones(2, 3)"])
torch.testing.assert_close(grads[1], torch.full((3,), 12.0), msg=TEXT["poly_grads: df/dy of ones(3)"])
torch.testing.assert_close(grads[2], torch.tensor(36.0), msg=TEXT["poly_grads: df/dz of 2"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2002)
probe.record("scale", 2.0)
cases = [(f"x {shapes[0]}, y {shapes[1]}, z {shapes[2]}, {dtype}",
          [torch.randn(shape, generator=gen, dtype=dtype) for shape in shapes])
         for shapes, dtype in [(((5,), (5,), (5,)), torch.float32), (((3, 4), (3, 4), (3, 4)), torch.float64),
                               (((2, 3, 2), (2, 3, 2), (2, 3, 2)), torch.float32), (((3, 4), (4,), ()), torch.float64),
                               (((1, 6), (5, 1), (6,)), torch.float32)]]
cases += [("the visible 1, 2, 3", [torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0)]),
          ("the visible ones(2, 3), ones(3), 2", [torch.ones(2, 3), torch.ones(3), torch.tensor(2.0)])]
for name, inputs in cases:
    key = f"poly_grads({name})"
    with probe.autograd_passes(backward=2.0, grad=2.0) as passes:
        probe.call(key, poly_grads, *inputs)
    probe.record(f"autograd passes in {key}", passes.found)
### END HIDDEN TESTS

# %% judge="test_poly_grads_values"
def judge(got, want):
    scale = want["scale"]
    for key in want.keys("poly_grads("):
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 3, (
            f"{key} must return three gradients (df/dx, df/dy, df/dz)")
        passes = got[f"autograd passes in {key}"]
        assert isinstance(passes, list) and passes, (
            f"{key} ran no backward pass: compute the gradients with autograd (.backward() or torch.autograd.grad)")
        for name, grad, right in zip("xyz", grads, expected):
            assert not matches(grad, right / scale), (
                f"{key}: df/d{name} has the right values but is not the gradient that autograd computed "
                "(the hidden check changes the gradient autograd's backward pass starts from, and your "
                "result did not change with it)")
            check_tensor(grad, right, f"df/d{name} from {key}")
        f_value = want[f"autograd passes in {key}"][0]["output"]
        assert any(isinstance(p, dict) and is_number(p.get("output"))
                   and math.isclose(p["output"], f_value, rel_tol=1e-4, abs_tol=1e-4) for p in passes), (
            f"{key}: no backward pass differentiated f itself (f = {f_value:.5g} for these inputs): "
            "differentiate the scalar sum(x**2 + y**2 + z**2 + 2*x*y*z)")

# %% nbgrader={"grade_id": "test_poly_grads_caller", "grade": true, "points": 1, "locked": true}
x = torch.tensor([1.0, -1.0], requires_grad=True)
y = torch.tensor([2.0, 0.5])
first = poly_grads(x, y, torch.tensor(3.0))
second = poly_grads(x, y, torch.tensor(3.0))
assert x.grad is None, TEXT["poly_grads: x.grad left behind"]
assert x.requires_grad and not y.requires_grad, TEXT["poly_grads: flags changed"]
torch.testing.assert_close(first[0], torch.tensor([14.0, 1.0]), msg=TEXT["poly_grads: df/dx = 2x + 2yz"])
torch.testing.assert_close(second[0], first[0], msg=TEXT["poly_grads: second call"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2012)
x = torch.randn(3, 2, generator=gen).requires_grad_(True)
x.grad = torch.full((3, 2), 7.0)
y = torch.randn(3, 2, generator=gen)
z = torch.randn(3, 2, generator=gen).requires_grad_(True)
for call in ("first", "second"):
    key = f"poly_grads(x, y, z) with x and z requiring grad and x.grad set, {call} call"
    probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, poly_grads, x, y, z), [x, y, z]))
for name, tensor in zip("xyz", (x, y, z)):
    probe.record(f"caller's {name} after both calls", (tensor, tensor.grad))
base = torch.randn(4, generator=gen).requires_grad_(True)
inputs = [base * 1.5, base.exp(), torch.randn(4, generator=gen)]
key = "poly_grads(1.5 * base, exp(base), z) with base requiring grad"
probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, poly_grads, *inputs), inputs + [base]))
probe.record("caller's base after the call", (base, base.grad))
inputs = [torch.tensor([1.0, -1.0], requires_grad=True), torch.tensor([2.0, 0.5]), torch.tensor(3.0)]
key = "poly_grads([1, -1] requiring grad, [2, 0.5], 3), the visible example"
probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, poly_grads, *inputs), inputs))
### END HIDDEN TESTS

# %% judge="test_poly_grads_caller"
def judge(got, want):
    calls = want.keys("poly_grads(")
    for key in calls:
        got[key]  # the verdict names an exception that a call raised
    for name in "xyz":
        check_untouched(got, want, f"caller's {name} after both calls", "poly_grads", name)
    base, base_grad = got["caller's base after the call"]
    assert base_grad is None, (
        "poly_grads let gradients flow back into the caller's graph (x = 1.5 * base and y = exp(base) "
        "were not leaves, and base got a .grad): detach the inputs before differentiating")
    check_untouched(got, want, "caller's base after the call", "poly_grads", "base")
    for key in calls:
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 3, f"{key} must return three gradients"
        for name, grad, right in zip("xyz", grads, expected):
            if key.endswith("second call") and not matches(grad, right):
                raise AssertionError(f"a second call returned another df/d{name}: gradients must not pile up "
                                     "across calls (differentiate fresh detached tensors)")
            check_tensor(grad, right, f"df/d{name} from {key}")
        check_fresh(got, key, grads)

# %% tags=["demo", "self_check"]
check_more_poly_grads(poly_grads)

# %% nbgrader={"grade_id": "poly_grads_analytic", "solution": true}
def poly_grads_analytic(x, y, z):
    """The closed form of the gradients of f = sum(x**2 + y**2 + z**2 + 2*x*y*z), without autograd.

    x, y, z: floating-point tensors of one shape. Returns (df/dx, df/dy, df/dz).
    """
    ### BEGIN SOLUTION
    return 2 * x + 2 * y * z, 2 * y + 2 * x * z, 2 * z + 2 * x * y
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_poly_grads_analytic", "grade": true, "points": 1, "locked": true}
grads = poly_grads_analytic(torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0))
assert len(grads) == 3, TEXT["poly_grads_analytic: three gradients"]
torch.testing.assert_close(grads[0], torch.tensor(14.0), msg=TEXT["poly_grads: df/dx at (1, 2, 3)"])
torch.testing.assert_close(grads[1], torch.tensor(10.0), msg=TEXT["poly_grads: df/dy at (1, 2, 3)"])
torch.testing.assert_close(grads[2], torch.tensor(10.0), msg=TEXT["poly_grads: df/dz at (1, 2, 3)"])
grads = poly_grads_analytic(torch.tensor([1.0, -2.0]), torch.tensor([2.0, 0.5]), torch.tensor([3.0, 4.0]))
for name, grad, want in zip("xyz", grads, ([14.0, 0.0], [10.0, -15.0], [10.0, 6.0])):
    torch.testing.assert_close(grad, torch.tensor(want), msg=TEXT["poly_grads_analytic: second example"].format(
        name=name, want=want))
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2003)
cases = [(f"three tensors of shape {shape}, {dtype}", [torch.randn(shape, generator=gen, dtype=dtype) for _ in range(3)])
         for shape, dtype in [((6,), torch.float32), ((3, 4), torch.float64), ((2, 2, 3), torch.float32),
                              ((), torch.float64)]]
cases.append(("the visible 1, 2, 3", [torch.tensor(1.0), torch.tensor(2.0), torch.tensor(3.0)]))
cases.append(("the visible [1, -2], [2, 0.5], [3, 4]",
              [torch.tensor([1.0, -2.0]), torch.tensor([2.0, 0.5]), torch.tensor([3.0, 4.0])]))
for name, inputs in cases:
    key = f"poly_grads_analytic({name})"
    with probe.torch_calls() as calls:
        probe.call(key, poly_grads_analytic, *inputs)
    probe.record(f"torch functions called by {key}", calls.names)
### END HIDDEN TESTS

# %% judge="test_poly_grads_analytic"
def judge(got, want):
    for key in want.keys("poly_grads_analytic("):
        grads, expected = got[key], want[key]
        called = got[f"torch functions called by {key}"]
        assert not {"backward", "grad"} & set(called), (
            f"{key} called autograd (.backward() or torch.autograd.grad): use the formula you derived")
        assert isinstance(grads, (tuple, list)) and len(grads) == 3, f"{key} must return three gradients"
        for name, grad, right in zip("xyz", grads, expected):
            check_tensor(grad, right, f"the closed form of df/d{name} from {key}")

# %% tags=["demo", "self_check"]
check_more_poly_grads_analytic(poly_grads_analytic)

# %% [markdown] tags=["ru"]
# Сравним оба способа на случайных тензорах: они должны совпасть (пока функции задания 1 не
# написаны, ячейка это пропускает).

# %% [markdown] tags=["en"]
# Compare both ways on random tensors: they must agree (skipped until both functions of exercise 1
# are written).

# %% tags=["demo"]
torch.manual_seed(0)
xs, ys, zs = torch.randn(3, 5), torch.randn(3, 5), torch.randn(3, 5)
try:
    for name, g_auto, g_hand in zip("xyz", poly_grads(xs, ys, zs), poly_grads_analytic(xs, ys, zs)):
        print(TEXT["demo: autograd against the closed form"].format(
            name=name, item_max_abs=(g_auto - g_hand).abs().max().item()))
except NotImplementedError:
    print(TEXT["demo: skipped, needs exercise 1"])

# %% [markdown] tags=["ru"]
# ## 2. Как отключить градиенты (около 10 минут)
#
# <details><summary>Документация</summary>
#
# [Locally disabling gradient computation](https://pytorch.org/docs/stable/notes/autograd.html#locally-disabling-gradient-computation),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.inference_mode`](https://pytorch.org/docs/stable/generated/torch.autograd.grad_mode.inference_mode.html),
# [`Tensor.requires_grad_`](https://pytorch.org/docs/stable/generated/torch.Tensor.requires_grad_.html),
# [`Tensor.detach`](https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html).
#
# </details>
#
# Запись графа стоит памяти и времени и вредна, когда мы обновляем параметры или считаем метрики на
# валидации. Три способа её выключить:
#
# **1. Флаг `requires_grad` самого тензора.** Операции над тензорами, ни один из которых не требует
# градиента, граф не строят. Флаг можно поменять только у листа (для вычисленного тензора есть
# `detach()`, см. ниже).

# %% [markdown] tags=["en"]
# ## 2. Turning gradients off (about 10 minutes)
#
# <details><summary>Documentation</summary>
#
# [Locally disabling gradient computation](https://pytorch.org/docs/stable/notes/autograd.html#locally-disabling-gradient-computation),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.inference_mode`](https://pytorch.org/docs/stable/generated/torch.autograd.grad_mode.inference_mode.html),
# [`Tensor.requires_grad_`](https://pytorch.org/docs/stable/generated/torch.Tensor.requires_grad_.html),
# [`Tensor.detach`](https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html).
#
# </details>
#
# Recording the graph costs memory and time, and is wrong when we update parameters or compute
# validation metrics. Three ways to turn it off:
#
# **1. The tensor's own `requires_grad` flag.** Operations on tensors none of which requires a
# gradient build no graph. Only a leaf's flag can be changed (for a computed tensor there is
# `detach()`, below).

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
print(TEXT["demo: w requires grad"], (w + 1).requires_grad)
w.requires_grad_(False)  # the same as w.requires_grad = False
print(TEXT["demo: w no longer requires grad"], (w + 1).requires_grad)
try:
    (torch.tensor(1.0, requires_grad=True) * 2).requires_grad_(False)
except RuntimeError as error:
    print(TEXT["demo: flag of a computed tensor"], str(error).split(".")[0])

# %% [markdown] tags=["ru"]
# **2. `torch.no_grad()`**, как контекстный менеджер или как декоратор. Внутри блока операции не
# записываются, даже если входы требуют градиента. Сами тензоры при этом не меняются: после блока
# `w` по-прежнему требует градиента. Именно так обновляют параметры в градиентном спуске.

# %% [markdown] tags=["en"]
# **2. `torch.no_grad()`**, as a context manager or as a decorator. Inside the block operations are
# not recorded, even when their inputs require gradients. The tensors themselves are unchanged:
# after the block `w` still requires a gradient. This is how gradient descent updates parameters.

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    inside = w * 2
print(TEXT["demo: inside no_grad"], inside.requires_grad, "| w.requires_grad =", w.requires_grad)


@torch.no_grad()
def evaluate(t):
    """Nothing computed in here is recorded."""
    return t * 2


def train_forward(t):
    return t * 2


print(TEXT["demo: decorated function"], evaluate(w).requires_grad, TEXT["demo: plain function"], train_forward(w).requires_grad)

# %% [markdown] tags=["ru"]
# Для чистого инференса есть `torch.inference_mode()`: как `no_grad`, но быстрее и строже — тензоры,
# созданные в нём, нельзя сохранять для обратного прохода.
#
# **3. `detach()`** возвращает новый тензор с теми же данными, но без связи с графом: это лист,
# который не требует градиента. Важно: `detach()` **не копирует** данные, результат делит память
# с исходным тензором. Если собираетесь менять результат на месте, добавьте `.clone()`.

# %% [markdown] tags=["en"]
# For pure inference there is `torch.inference_mode()`: like `no_grad`, but faster and stricter:
# tensors created in it cannot be saved for a backward pass.
#
# **3. `detach()`** returns a new tensor with the same data but cut from the graph: a leaf that
# does not require a gradient. Careful: `detach()` does **not** copy the data, the result shares
# memory with the original. If you are going to modify the result in place, add `.clone()`.

# %% tags=["demo"]
with torch.inference_mode():
    made_in_inference = torch.ones(3)
w = torch.ones(3, requires_grad=True)
try:
    made_in_inference * w  # the product must save its inputs for the backward pass
except RuntimeError as error:
    print(TEXT["demo: inference tensor in a recorded product"], str(error).split(".")[0])

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 3
h_detached = h.detach()
print("h.requires_grad:", h.requires_grad, "| h_detached.requires_grad:", h_detached.requires_grad,
      "| h_detached.is_leaf:", h_detached.is_leaf)
print(TEXT["demo: shares memory with h"], h_detached.data_ptr() == h.data_ptr())
safe_copy = h.detach().clone()
safe_copy[0] = 100.0
print(TEXT["demo: h after changing the clone"], h)

# %% figure="broadcast_trap"
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

T = {"ru": {"pred": "y_pred, форма (3, 1)", "true": "y_true, форма (3,)", "diff": "y_pred − y_true: форма (3, 3)",
            "note": "Нужны только числа на диагонали;\nостальные сравнивают предсказание\nс чужим ответом"},
     "en": {"pred": "y_pred, shape (3, 1)", "true": "y_true, shape (3,)", "diff": "y_pred − y_true: shape (3, 3)",
            "note": "Only the diagonal is wanted;\nthe rest compare a prediction\nwith another point's target"}}[lang]
pred, true = [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]
fig, ax = plt.subplots(figsize=(8, 2.5))


def cell(x, y, text, colour, edge="#555555"):
    ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour, edgecolor=edge))
    ax.text(x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=11)


for i, v in enumerate(pred):
    cell(0, 2 - i, f"{v:g}", "#dbe9f6")
ax.text(0.5, 3.25, T["pred"], ha="center", fontsize=9.5)
ax.text(1.9, 1.5, "−", ha="center", va="center", fontsize=18)
for j, v in enumerate(true):
    cell(2.8 + j, 1, f"{v:g}", "#fde3c8")
ax.text(4.3, 2.25, T["true"], ha="center", fontsize=9.5)
ax.text(6.45, 1.5, "=", ha="center", va="center", fontsize=18)
for i, p in enumerate(pred):
    for j, t in enumerate(true):
        cell(7.1 + j, 2 - i, f"{p - t:g}", "#c7e9c0" if i == j else "#fcbba1")
ax.text(8.6, 3.25, T["diff"], ha="center", fontsize=9.5)
ax.text(10.5, 1.5, T["note"], ha="left", va="center", fontsize=9.5)
ax.set_xlim(-0.2, 14.2)
ax.set_ylim(-0.2, 3.6)
ax.set_aspect("equal")
ax.axis("off")
fig.tight_layout()

# %% [markdown] tags=["ru"]
# ## 3. Среднеквадратичная ошибка и ловушка broadcasting (около 5 минут)
#
# <details><summary>Документация</summary>
#
# [`F.mse_loss`](https://pytorch.org/docs/stable/generated/torch.nn.functional.mse_loss.html),
# [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html).
#
# </details>
#
# Среднеквадратичная ошибка $\mathrm{MSE}(\hat y, y) = \frac{1}{N}\sum_i (\hat y_i - y_i)^2$, где
# сумма и $N$ берутся по всем элементам. Классическая ошибка при её реализации связана с
# broadcasting. Модель часто выдаёт предсказания формы (n, 1) (столбец), а целевые значения лежат в
# тензоре формы (n,). Разность таких тензоров имеет форму (n, n): каждое предсказание сравнивается
# с **каждым** ответом. Код не падает и loss получается числом, но минимизировать его значит
# тянуть каждое предсказание к среднему всех ответов (производная $\sum_j (\hat y_i - y_j)^2$ по
# $\hat y_i$ равна нулю при $\hat y_i = \bar y$).
#
# ![Столбец (3, 1) минус строка (3,) даёт матрицу (3, 3)](attachment:broadcast_trap.png)
#
# То же в коде:

# %% [markdown] tags=["en"]
# ## 3. Mean squared error and the broadcasting trap (about 5 minutes)
#
# <details><summary>Documentation</summary>
#
# [`F.mse_loss`](https://pytorch.org/docs/stable/generated/torch.nn.functional.mse_loss.html),
# [broadcasting](https://pytorch.org/docs/stable/notes/broadcasting.html).
#
# </details>
#
# The mean squared error is $\mathrm{MSE}(\hat y, y) = \frac{1}{N}\sum_i (\hat y_i - y_i)^2$, with the
# sum and $N$ over all elements. The classic bug in implementing it comes from broadcasting. A model
# often returns predictions of shape (n, 1) (a column) while the targets sit in a tensor of shape
# (n,). Their difference has shape (n, n): every prediction is compared with **every** target. The
# code does not crash and the loss is a number, but minimizing it pulls every prediction towards the
# mean of all targets (the derivative of $\sum_j (\hat y_i - y_j)^2$ with respect to $\hat y_i$ is
# zero at $\hat y_i = \bar y$).
#
# ![A (3, 1) column minus a (3,) row gives a (3, 3) matrix](attachment:broadcast_trap.png)
#
# The same in code:

# %% tags=["demo"]
y_pred = torch.tensor([[1.0], [2.0], [3.0]])  # shape (3, 1): a column of predictions
y_true = torch.tensor([1.0, 2.0, 3.0])  # shape (3,): perfect targets
difference = y_pred - y_true
print(TEXT["demo: difference shape"], tuple(difference.shape))
print(TEXT["demo: loss with silent broadcasting"], (difference**2).mean().item(), TEXT["demo: should be 0"])
print(TEXT["demo: loss after y_pred.squeeze(1)"], ((y_pred.squeeze(1) - y_true) ** 2).mean().item())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("F.mse_loss(y_pred, y_true):    ", F.mse_loss(y_pred, y_true).item())
print(TEXT["demo: the warning"], str(caught[0].message).split(". ")[0] if caught else TEXT["demo: no warning"])

# %% [markdown] tags=["ru"]
# `F.mse_loss` в этой ситуации выдаёт предупреждение, но тоже считает неверный ответ. Поэтому
# наша функция будет строже: разные формы — это ошибка.
#
# ### Задание 2. MSE и её градиенты (2 + 2 балла, около 20 минут)
#
# 1. `mse(y_pred, y_true)`: MSE как 0-мерный тензор того же dtype, что входы, через который проходит
#    градиент (не превращайте его в число `float`). Если формы различаются (даже когда они
#    совместимы по broadcasting), бросьте `ValueError`, в сообщении которого есть **обе** формы,
#    например `shapes differ: y_pred (3, 1), y_true (3,)`. Аргументы не меняйте.
# 2. `linear_mse_grads(x, w, b, y_true)`: градиенты `mse(x @ w + b, y_true)` по `w` и по `b`, той же
#    формы и dtype, что `w` и `b`. Используйте свою `mse`: тогда несовпадение форм `x @ w + b` и
#    `y_true` тоже даст `ValueError`. Тензоры вызывающего (значения, `requires_grad`, `.grad`) не
#    меняйте.
#
# Примеры:
#
# - `x = [[1, 2], [3, 4]]`, `w = [1, 1]`, `b = [0.5]`, `y_true = [5, 4]`: `dw = [9, 11]`, `db = [2]`;
# - `x = [[1], [2], [3]]`, `w = [1]`, `b = [0]`, `y_true = [4, 5, 6]`: `dw = [-12]`, `db = [-6]`.
#
# <details><summary>Первый пример руками</summary>
#
# Остатки $r = xw + b - y = (-1.5, 3.5)$, $\partial L / \partial w = \frac{2}{N} x^\top r$,
# $\partial L / \partial b = \frac{2}{N}\sum r$.
#
# </details>
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Форму в сообщении можно записать как `(3, 1)`, `[3, 1]`, `torch.Size([3, 1])` или `3x1` (для
# одного измерения — `(3,)`, `[3]`). Скрытые проверки `linear_mse_grads` подставляют эталонную
# `mse`, так что балл за неё от вашей `mse` не зависит.
#
# - `test_mse_value` (1 балл): значение, 0-мерность и dtype результата для форм (10,), (4, 3),
#   (2, 3, 4), (7, 1) и скаляров во float32 и float64; входы не меняются; результат для входа,
#   требующего градиента, связан с графом, и его градиент по `y_pred` равен
#   $2(\hat y - y)/N$.
# - `test_mse_shapes` (1 балл): для пар форм (6, 1) и (6,), (6,) и (6, 1), (2, 3) и (3, 2), (4, 3)
#   и (3,), (5,) и () — `ValueError`, в сообщении которого названы обе формы; для одинаковых форм
#   (включая (6, 1) и скаляры) — никакой ошибки.
# - `test_linear_mse_grads_values` (1 балл): `dw` и `db` (значения, формы, dtype) для `w` форм
#   (D,) и (D, K), `b` форм (1,), (K,) и скаляра, во float32 и float64; `ValueError`, когда
#   `x @ w + b` формы (6, 1), а `y_true` формы (6,).
# - `test_linear_mse_grads_caller` (1 балл): `w` и `b` требуют градиента, у `w` уже есть `.grad`,
#   и `w` и `b`, которые градиента не требуют: все вызовы (два подряд для первого случая) дают
#   верный ответ, а значения, `requires_grad` и `.grad` всех аргументов остаются прежними;
#   возвращённые тензоры не требуют градиента и не делят память с аргументами.
#
# </details>

# %% [markdown] tags=["en"]
# `F.mse_loss` warns in this situation, but it computes the wrong answer too. So our function is
# stricter: different shapes are an error.
#
# ### Exercise 2. The MSE and its gradients (2 + 2 points, about 20 minutes)
#
# 1. `mse(y_pred, y_true)`: the MSE as a 0-dim tensor of the inputs' dtype that gradients flow
#    through (do not turn it into a Python `float`). If the shapes differ (even when they would
#    broadcast), raise a `ValueError` whose message names **both** shapes, for instance
#    `shapes differ: y_pred (3, 1), y_true (3,)`. Leave the arguments unchanged.
# 2. `linear_mse_grads(x, w, b, y_true)`: the gradients of `mse(x @ w + b, y_true)` with respect to
#    `w` and `b`, with the shapes and dtypes of `w` and `b`. Use your `mse`: then a mismatch between
#    the shapes of `x @ w + b` and `y_true` raises `ValueError` as well. Leave the caller's tensors
#    (values, `requires_grad`, `.grad`) unchanged.
#
# Examples:
#
# - `x = [[1, 2], [3, 4]]`, `w = [1, 1]`, `b = [0.5]`, `y_true = [5, 4]`: `dw = [9, 11]`, `db = [2]`;
# - `x = [[1], [2], [3]]`, `w = [1]`, `b = [0]`, `y_true = [4, 5, 6]`: `dw = [-12]`, `db = [-6]`.
#
# <details><summary>The first one by hand</summary>
#
# The residuals are $r = xw + b - y = (-1.5, 3.5)$, $\partial L / \partial w = \frac{2}{N} x^\top r$,
# $\partial L / \partial b = \frac{2}{N}\sum r$.
#
# </details>
#
# <details><summary>What grading checks</summary>
#
# A shape in the message may be written as `(3, 1)`, `[3, 1]`, `torch.Size([3, 1])` or `3x1` (with
# one dimension, `(3,)` or `[3]`). The hidden checks of `linear_mse_grads` put in a reference `mse`,
# so its points do not depend on your `mse`.
#
# - `test_mse_value` (1 point): the value, 0-dim shape and dtype of the result for shapes (10,),
#   (4, 3), (2, 3, 4), (7, 1) and scalars in float32 and float64; the inputs stay unchanged; for an
#   input that requires grad the result is connected to the graph, and its gradient with respect to
#   `y_pred` is $2(\hat y - y)/N$.
# - `test_mse_shapes` (1 point): for the shape pairs (6, 1) and (6,), (6,) and (6, 1), (2, 3) and
#   (3, 2), (4, 3) and (3,), (5,) and (): a `ValueError` whose message names both shapes; for equal
#   shapes ((6, 1) and scalars included): no error.
# - `test_linear_mse_grads_values` (1 point): `dw` and `db` (values, shapes, dtypes) for `w` of
#   shape (D,) or (D, K), `b` of shape (1,), (K,) or a scalar, in float32 and float64; a
#   `ValueError` when `x @ w + b` has shape (6, 1) and `y_true` shape (6,).
# - `test_linear_mse_grads_caller` (1 point): `w` and `b` that require grad, `w` with a `.grad`
#   already, and `w` and `b` that do not require grad: every call (two in a row for the first case)
#   gives the right answer, and all arguments keep their values, `requires_grad` and `.grad`; the
#   returned tensors do not require grad and share no memory with the arguments.
#
# </details>

# %% nbgrader={"grade_id": "mse", "solution": true}
def mse(y_pred, y_true):
    """Mean squared error over all elements, as a 0-dim tensor that autograd can differentiate.

    Raises ValueError naming both shapes when y_pred and y_true differ in shape.
    """
    ### BEGIN SOLUTION
    if y_pred.shape != y_true.shape:
        raise ValueError(
            f"mse needs tensors of the same shape, got y_pred {tuple(y_pred.shape)} "
            f"and y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_mse_value", "grade": true, "points": 1, "locked": true}
y_pred, y_true = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 5.0])
loss = mse(y_pred, y_true)
assert torch.equal(y_pred, torch.tensor([1.0, 2.0, 3.0])) and torch.equal(y_true, torch.tensor([1.0, 2.0, 5.0])), (
    TEXT["mse: inputs changed"])
assert isinstance(loss, torch.Tensor) and loss.dim() == 0, TEXT["mse: 0-dim"]
torch.testing.assert_close(loss, torch.tensor(4.0 / 3.0), msg=TEXT["mse: value 4/3"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2004)
for shape, dtype in [((10,), torch.float32), ((4, 3), torch.float64), ((2, 3, 4), torch.float32),
                     ((), torch.float64), ((7, 1), torch.float32)]:
    y_pred = torch.randn(shape, generator=gen, dtype=dtype)
    y_true = torch.randn(shape, generator=gen, dtype=dtype)
    key = f"mse(two tensors of shape {shape}, {dtype})"
    probe.call(key, mse, y_pred, y_true)
    probe.record(f"y_pred and y_true after {key}", (y_pred, y_true))
y_pred, y_true = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 5.0])  # the visible example
probe.call("mse([1, 2, 3], [1, 2, 5])", mse, y_pred, y_true)
probe.record("y_pred and y_true after mse([1, 2, 3], [1, 2, 5])", (y_pred, y_true))
y_pred = torch.randn(5, 2, generator=gen).requires_grad_(True)
loss = probe.call("mse(y_pred, y_true) with y_pred of shape (5, 2) requiring grad", mse, y_pred,
                  torch.randn(5, 2, generator=gen))
if isinstance(loss, torch.Tensor) and loss.requires_grad:
    probe.call("the gradient of that mse with respect to y_pred", torch.autograd.grad, loss, y_pred)
### END HIDDEN TESTS

# %% judge="test_mse_value"
def judge(got, want):
    for key in want.keys("mse("):
        loss, expected = got[key], want[key]
        assert isinstance(loss, torch.Tensor) and loss.dim() == 0, (
            f"{key} must return a 0-dim tensor (not a Python number, not a tensor of another shape)")
        check_tensor(loss, expected, f"{key}, the mean of the squared differences over all elements,")
    for key in want.keys("y_pred and y_true after"):
        for name, tensor, reference in zip(("y_pred", "y_true"), got[key], want[key]):
            assert torch.equal(tensor, reference), f"mse changed its argument {name}: compute on new tensors"
    loss = got["mse(y_pred, y_true) with y_pred of shape (5, 2) requiring grad"]
    assert loss.observed["requires_grad"] and loss.observed["grad_fn"] is not None, (
        "the result of mse must stay connected to the graph when y_pred requires grad "
        "(no .item(), float() or .detach())")
    (grad,) = got["the gradient of that mse with respect to y_pred"]
    check_tensor(grad, want["the gradient of that mse with respect to y_pred"][0],
                 "the gradient of mse with respect to y_pred, 2 (y_pred - y_true) / N,")

# %% nbgrader={"grade_id": "test_mse_shapes", "grade": true, "points": 1, "locked": true}
try:
    mse(torch.zeros(3, 1), torch.zeros(3))
except ValueError as error:
    print(TEXT["mse: your message"], error)
else:
    raise AssertionError(TEXT["mse: must raise"])
loss = mse(torch.zeros(3, 1), torch.ones(3, 1))
assert isinstance(loss, torch.Tensor) and loss.dim() == 0, TEXT["mse: equal shapes (3, 1)"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
for shape in [(6, 1), (), (3, 1)]:
    probe.call(f"mse of two tensors of shape {shape}", mse, torch.zeros(shape), torch.ones(shape))
pairs = [((6, 1), (6,)), ((6,), (6, 1)), ((2, 3), (3, 2)), ((4, 3), (3,)), ((5,), ()), ((3, 1), (3,))]
probe.record("shape pairs", pairs)
for shape_pred, shape_true in pairs:
    probe.call(f"mse of shapes {shape_pred} and {shape_true}", mse, torch.zeros(shape_pred), torch.zeros(shape_true))
### END HIDDEN TESTS

# %% judge="test_mse_shapes"
def judge(got, want):
    for key in want.keys("mse of two tensors"):
        loss = got[key]
        assert isinstance(loss, torch.Tensor) and loss.dim() == 0, f"{key} must return a 0-dim tensor"
    for shape_pred, shape_true in want["shape pairs"]:
        key = f"mse of shapes {shape_pred} and {shape_true}"
        raised = got.raised(key)
        assert raised is not None, f"{key} must raise ValueError instead of broadcasting them"
        if not raised.is_a(ValueError):
            got[key]  # the verdict names the exception that was raised instead
        assert mentions_shape(raised.message, shape_pred) and mentions_shape(raised.message, shape_true), (
            f"the ValueError of {key} must name both shapes, {shape_pred} and {shape_true}")

# %% tags=["demo", "self_check"]
check_more_mse(mse)

# %% nbgrader={"grade_id": "linear_mse_grads", "solution": true}
def linear_mse_grads(x, w, b, y_true):
    """Gradients (dw, db) of mse(x @ w + b, y_true) with respect to w and b.

    dw has the shape of w and db the shape of b. Raises ValueError (through mse) when
    x @ w + b and y_true differ in shape. The caller's tensors stay untouched.
    """
    ### BEGIN SOLUTION
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = mse(x @ w + b, y_true)
    dw, db = torch.autograd.grad(loss, (w, b))
    return dw, db
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_linear_mse_grads_values", "grade": true, "points": 1, "locked": true}
w, b = torch.tensor([1.0, 1.0]), torch.tensor([0.5])
dw, db = linear_mse_grads(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), w, b, torch.tensor([5.0, 4.0]))
assert not w.requires_grad and not b.requires_grad, TEXT["linear_mse_grads: flags changed"]
torch.testing.assert_close(dw, torch.tensor([9.0, 11.0]), msg=TEXT["linear_mse_grads: first example, dw"])
torch.testing.assert_close(db, torch.tensor([2.0]), msg=TEXT["linear_mse_grads: first example, db"])
dw, db = linear_mse_grads(torch.tensor([[1.0], [2.0], [3.0]]), torch.tensor([1.0]),
                          torch.tensor([0.0]), torch.tensor([4.0, 5.0, 6.0]))
torch.testing.assert_close(dw, torch.tensor([-12.0]), msg=TEXT["linear_mse_grads: second example, dw"])
torch.testing.assert_close(db, torch.tensor([-6.0]), msg=TEXT["linear_mse_grads: second example, db"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
def reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


gen = torch.Generator().manual_seed(2005)
with probe.replaced(mse=reference_mse):
    for n, d, w_shape, b_shape, y_shape, dtype in [(8, 3, (3,), (1,), (8,), torch.float32),
                                                   (5, 4, (4,), (), (5,), torch.float64),
                                                   (6, 2, (2, 1), (1,), (6, 1), torch.float32),
                                                   (7, 3, (3, 2), (2,), (7, 2), torch.float64)]:
        x = torch.randn(n, d, generator=gen, dtype=dtype)
        w = torch.randn(w_shape, generator=gen, dtype=dtype)
        b = torch.randn(b_shape, generator=gen, dtype=dtype)
        y = torch.randn(y_shape, generator=gen, dtype=dtype)
        probe.call(f"linear_mse_grads(x {(n, d)}, w {w_shape}, b {b_shape}, y_true {y_shape}, {dtype})",
                   linear_mse_grads, x, w, b, y)
    probe.call("linear_mse_grads(x (6, 3), w (3, 1), b (1,), y_true (6,))", linear_mse_grads,
               torch.randn(6, 3, generator=gen), torch.randn(3, 1, generator=gen),
               torch.randn(1, generator=gen), torch.randn(6, generator=gen))
    probe.call("linear_mse_grads(the first worked example)", linear_mse_grads, torch.tensor([[1.0, 2.0], [3.0, 4.0]]),
               torch.tensor([1.0, 1.0]), torch.tensor([0.5]), torch.tensor([5.0, 4.0]))
    probe.call("linear_mse_grads(the second worked example)", linear_mse_grads, torch.tensor([[1.0], [2.0], [3.0]]),
               torch.tensor([1.0]), torch.tensor([0.0]), torch.tensor([4.0, 5.0, 6.0]))
### END HIDDEN TESTS

# %% judge="test_linear_mse_grads_values"
def judge(got, want):
    mismatch = "linear_mse_grads(x (6, 3), w (3, 1), b (1,), y_true (6,))"
    for key in want.keys("linear_mse_grads("):
        if key == mismatch:
            continue
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 2, f"{key} must return (dw, db)"
        for name, grad, right in zip(("dw", "db"), grads, expected):
            check_tensor(grad, right, f"{name} from {key}")
    raised = got.raised(mismatch)
    assert raised is not None, (
        f"{mismatch} must raise ValueError: x @ w + b has shape (6, 1) and y_true (6,) (use mse)")
    if not raised.is_a(ValueError):
        got[mismatch]  # the verdict names the exception that was raised instead

# %% nbgrader={"grade_id": "test_linear_mse_grads_caller", "grade": true, "points": 1, "locked": true}
w = torch.tensor([1.0, 1.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
first = linear_mse_grads(x, w, b, torch.tensor([5.0, 4.0]))
second = linear_mse_grads(x, w, b, torch.tensor([5.0, 4.0]))
assert w.grad is None and b.grad is None, TEXT["linear_mse_grads: grads left behind"]
torch.testing.assert_close(second[0], torch.tensor([9.0, 11.0]), msg=TEXT["linear_mse_grads: second call"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
def reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


gen = torch.Generator().manual_seed(2013)
x = torch.randn(6, 3, generator=gen)
w = torch.randn(3, generator=gen).requires_grad_(True)
w.grad = torch.full((3,), 5.0)
b = torch.randn(1, generator=gen).requires_grad_(True)
y = torch.randn(6, generator=gen)
plain_w, plain_b = torch.randn(3, generator=gen), torch.randn(1, generator=gen)
with probe.replaced(mse=reference_mse):
    for call, (w_in, b_in) in [("w and b requiring grad, first call", (w, b)), ("w and b requiring grad, second call", (w, b)),
                               ("w and b not requiring grad", (plain_w, plain_b))]:
        key = f"linear_mse_grads(x, w, b, y_true) with {call}"
        grads = probe.call(key, linear_mse_grads, x, w_in, b_in, y)
        probe.record(f"memory of {key}", probe.shared_memory(grads, [x, w_in, b_in, y]))
for name, tensor in zip(("x", "w", "b", "y_true", "w (not requiring grad)", "b (not requiring grad)"),
                        (x, w, b, y, plain_w, plain_b)):
    probe.record(f"caller's {name} after the calls", (tensor, tensor.grad))
### END HIDDEN TESTS

# %% judge="test_linear_mse_grads_caller"
def judge(got, want):
    calls = want.keys("linear_mse_grads(")
    for key in calls:
        got[key]  # the verdict names an exception that a call raised
    for key in want.keys("caller's "):
        check_untouched(got, want, key, "linear_mse_grads", key.split(" ")[1])
    for key in calls:
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 2, f"{key} must return (dw, db)"
        for name, grad, right in zip(("dw", "db"), grads, expected):
            if key.endswith("second call") and not matches(grad, right):
                raise AssertionError(f"a second call returned another {name}: gradients must not pile up "
                                     "across calls (differentiate fresh detached tensors)")
            check_tensor(grad, right, f"{name} from {key}")
        check_fresh(got, key, grads)

# %% tags=["demo", "self_check"]
check_more_linear_mse_grads(linear_mse_grads)

# %% [markdown] tags=["ru"]
# ## 4. Два способа запустить обратный проход (около 5 минут)
#
# - `loss.backward()` ничего не возвращает: градиенты **прибавляются** к `.grad` каждого листа,
#   который требует градиента. Так работают циклы обучения: оптимизатор потом читает `p.grad`.
# - `torch.autograd.grad(loss, inputs)` **возвращает** градиенты по `inputs` и не трогает `.grad`:
#   удобно, когда градиент нужен как значение.
#
# ### Задание 3. `.backward()` и `torch.autograd.grad` (2 балла, около 10 минут)
#
# Напишите `chain_rule_grads(x)`: градиент $\sum \sin(x^2 + 1)$ по `x`, посчитанный дважды, через
# `.backward()` и через `torch.autograd.grad`, **каждый раз на своём графе**. Верните пару
# `(градиент из .backward(), градиент из torch.autograd.grad)`; оба равны $2x\cos(x^2 + 1)$ и имеют
# форму и dtype `x`. Тензор `x` вызывающего (значения, `requires_grad`, `.grad`) не меняйте.
#
# Второй проход по тому же графу упадёт: `sin` и возведение в квадрат сохранили свои входы, а первый
# проход их освободил. Не ищите `retain_graph=True`: просто посчитайте функцию заново.
#
# <details><summary>Документация</summary>
#
# [`Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.autograd.backward`](https://pytorch.org/docs/stable/generated/torch.autograd.backward.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html).
#
# </details>
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - `test_chain_rule_grads_values` (1 балл): для `x` форм (7,), (3, 4), (2, 1, 3) и скаляра во
#   float32 и float64 оба результата равны $2x\cos(x^2 + 1)$ (значения, форма, dtype); первый
#   получен обратным проходом `.backward()` (или `torch.autograd.backward`), второй —
#   `torch.autograd.grad`: проверка меняет градиент, с которого начинается каждый из двух видов
#   прохода (по-разному), и видит, какой результат каким вызовом получен; два прохода идут по двум
#   разным графам.
# - `test_chain_rule_grads_caller` (1 балл): `x` требует градиента (без `.grad` и с уже
#   заполненным `.grad`): после двух вызовов подряд значения, `requires_grad` и `.grad` тензора
#   `x` прежние, и оба вызова возвращают верные градиенты; возвращённые тензоры не требуют градиента
#   и не делят память с аргументами.
#
# </details>

# %% [markdown] tags=["en"]
# ## 4. Two ways to run the backward pass (about 5 minutes)
#
# - `loss.backward()` returns nothing: the gradients are **added** to the `.grad` of every leaf that
#   requires one. This is how training loops work: the optimizer then reads `p.grad`.
# - `torch.autograd.grad(loss, inputs)` **returns** the gradients with respect to `inputs` and leaves
#   `.grad` alone: handy when you need the gradient as a value.
#
# ### Exercise 3. `.backward()` and `torch.autograd.grad` (2 points, about 10 minutes)
#
# Write `chain_rule_grads(x)`: the gradient of $\sum \sin(x^2 + 1)$ with respect to `x`, computed
# twice, with `.backward()` and with `torch.autograd.grad`, **each on its own graph**. Return the pair
# `(gradient from .backward(), gradient from torch.autograd.grad)`; both equal $2x\cos(x^2 + 1)$ and
# have the shape and dtype of `x`. Leave the caller's `x` (values, `requires_grad`, `.grad`) unchanged.
#
# A second pass through the same graph fails: `sin` and the square saved their inputs, and the first
# pass freed them. `retain_graph=True` is not the fix: just compute the function again.
#
# <details><summary>Documentation</summary>
#
# [`Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.autograd.backward`](https://pytorch.org/docs/stable/generated/torch.autograd.backward.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html).
#
# </details>
#
# <details><summary>What grading checks</summary>
#
# - `test_chain_rule_grads_values` (1 point): for `x` of shapes (7,), (3, 4), (2, 1, 3) and a scalar
#   in float32 and float64, both results equal $2x\cos(x^2 + 1)$ (values, shape, dtype); the first
#   comes from a `.backward()` pass (or `torch.autograd.backward`), the second from
#   `torch.autograd.grad`: the check changes the gradient each kind of pass starts from (differently
#   for the two), so it sees which call produced which result; the two passes run on two different
#   graphs.
# - `test_chain_rule_grads_caller` (1 point): `x` requires grad (with no `.grad`, and with a `.grad`
#   already set): after two calls in a row `x` keeps its values, `requires_grad` and `.grad`, and
#   both calls return the right gradients; the returned tensors do not require grad and share no
#   memory with the arguments.
#
# </details>

# %% nbgrader={"grade_id": "chain_rule_grads", "solution": true}
def chain_rule_grads(x):
    """Gradient of sum(sin(x**2 + 1)) w.r.t. x, computed twice, each time on a fresh graph.

    Returns (grad_from_backward, grad_from_autograd_grad): the first obtained with .backward(),
    the second with torch.autograd.grad. Both equal 2 * x * cos(x**2 + 1). x stays untouched.
    """
    ### BEGIN SOLUTION
    x_backward = x.detach().clone().requires_grad_(True)
    torch.sin(x_backward**2 + 1).sum().backward()
    x_grad = x.detach().clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(torch.sin(x_grad**2 + 1).sum(), x_grad)
    return x_backward.grad, grad
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_chain_rule_grads_values", "grade": true, "points": 1, "locked": true}
x = torch.tensor([0.0, 0.5, 1.0, 2.0])
g_backward, g_grad = chain_rule_grads(x)
expected = torch.tensor([0.0, 0.5, 1.0, 2.0]) * 2 * torch.cos(torch.tensor([1.0, 1.25, 2.0, 5.0]))
torch.testing.assert_close(g_backward, expected, msg=TEXT["chain_rule_grads: .backward() gradient"])
torch.testing.assert_close(g_grad, expected, msg=TEXT["chain_rule_grads: autograd.grad gradient"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2006)
probe.record("scales", {"backward": 2.0, "grad": 4.0})
cases = [(f"x of shape {shape}, {dtype}", torch.randn(shape, generator=gen, dtype=dtype))
         for shape, dtype in [((7,), torch.float32), ((3, 4), torch.float64), ((), torch.float32), ((2, 1, 3), torch.float64)]]
cases.append(("the visible x = [0, 0.5, 1, 2]", torch.tensor([0.0, 0.5, 1.0, 2.0])))
for name, x in cases:
    key = f"chain_rule_grads({name})"
    with probe.autograd_passes(backward=2.0, grad=4.0) as passes:
        probe.call(key, chain_rule_grads, x)
    probe.record(f"autograd passes in {key}", passes.found)
### END HIDDEN TESTS

# %% judge="test_chain_rule_grads_values"
def judge(got, want):
    scales = want["scales"]
    ways = (("first", ".backward()", "backward", "torch.autograd.grad", "grad"),
            ("second", "torch.autograd.grad", "grad", ".backward()", "backward"))
    for key in want.keys("chain_rule_grads("):
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 2, f"{key} must return two gradients"
        passes = [p for p in got[f"autograd passes in {key}"] if isinstance(p, dict)]
        true = expected[0] / scales["backward"]
        for (which, how, entry, other_how, other), grad in zip(ways, grads):
            assert any(p.get("entry") == entry for p in passes), f"{key} ran no {how} pass"
            assert not matches(grad, true), (
                f"{key}: the {which} result has the right values but is not what {how} computed (the hidden "
                "check changes the gradient each backward pass starts from, and your result did not change)")
            assert not matches(grad, true * scales[other]), (
                f"{key}: the {which} result came from {other_how}; it must come from {how}")
            check_tensor(grad, expected[0 if entry == "backward" else 1], f"the {how} gradient from {key}")
        assert len({p.get("graph") for p in passes}) >= 2, (
            f"{key}: both passes ran through one graph: build a new graph for the second pass "
            "(compute sin(x**2 + 1) again; retain_graph=True is not the fix)")

# %% nbgrader={"grade_id": "test_chain_rule_grads_caller", "grade": true, "points": 1, "locked": true}
x = torch.tensor([0.0, 0.5, 1.0, 2.0], requires_grad=True)
first = chain_rule_grads(x)
second = chain_rule_grads(x)
assert x.grad is None, TEXT["chain_rule_grads: x.grad left behind"]
assert x.requires_grad, TEXT["chain_rule_grads: flag changed"]
torch.testing.assert_close(second[0], first[0], msg=TEXT["chain_rule_grads: second call"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2014)
x = torch.randn(5, generator=gen).requires_grad_(True)
for call in ("first", "second"):
    key = f"chain_rule_grads(x) with x requiring grad, {call} call"
    probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, chain_rule_grads, x), [x]))
probe.record("caller's x after both calls", (x, x.grad))
x_with_grad = torch.randn(2, 3, generator=gen, dtype=torch.float64).requires_grad_(True)
x_with_grad.grad = torch.ones(2, 3, dtype=torch.float64)
key = "chain_rule_grads(x) with x requiring grad and x.grad set"
probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, chain_rule_grads, x_with_grad),
                                                     [x_with_grad, x_with_grad.grad]))
probe.record("caller's x with x.grad set after the call", (x_with_grad, x_with_grad.grad))
### END HIDDEN TESTS

# %% judge="test_chain_rule_grads_caller"
def judge(got, want):
    calls = want.keys("chain_rule_grads(")
    for key in calls:
        got[key]  # the verdict names an exception that a call raised
    for key in want.keys("caller's "):
        check_untouched(got, want, key, "chain_rule_grads", "x")
    for key in calls:
        grads, expected = got[key], want[key]
        assert isinstance(grads, (tuple, list)) and len(grads) == 2, f"{key} must return two gradients"
        for how, grad, right in zip((".backward()", "torch.autograd.grad"), grads, expected):
            if key.endswith("second call") and not matches(grad, right):
                raise AssertionError(f"a second call returned another {how} gradient: gradients must not pile "
                                     "up across calls (differentiate fresh detached tensors)")
            check_tensor(grad, right, f"the {how} gradient from {key}")
        check_fresh(got, key, grads)

# %% tags=["demo", "self_check"]
check_more_chain_rule_grads(chain_rule_grads)

# %% [markdown] tags=["ru"]
# ## 5. Градиентный спуск своими руками (около 20 минут)
#
# <details><summary>Документация</summary>
#
# [In-place operations with autograd](https://pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.optim.SGD`](https://pytorch.org/docs/stable/generated/torch.optim.SGD.html) (то, что мы
# пишем вручную).
#
# </details>
#
# Шаг градиентного спуска: $w \leftarrow w - \eta \,\nabla_w L$. В PyTorch у него три обязательных
# свойства:
#
# 1. обновление делается **на месте** (`w -= ...`): `w` остаётся листом, на который ссылается модель;
# 2. обновление **не записывается в граф** (`torch.no_grad()`);
# 3. после шага градиенты **обнуляются**, иначе следующий `backward()` прибавит к старым.
#
# Три классические ошибки из лекции нарушают первые два свойства; каждая ячейка ниже ловит и
# печатает свою ошибку. (Нарушение третьего ошибки не вызывает: градиенты молча копятся.)
#
# **Ошибка 1: обновление листа на месте вне `no_grad`.** Когда градиенты включены, autograd
# записывает и операции на месте: тензор становится выходом нового узла (ниже промежуточный `h`
# после `h -= 0.1` получает `grad_fn=SubBackward0`). У листа появилась бы история операций, и он
# перестал бы быть параметром, поэтому PyTorch это запрещает: `a leaf Variable that requires grad is
# being used in an in-place operation`.
#
# <details><summary>Не путайте её с порчей сохранённых значений</summary>
#
# Если изменить на месте значение, которое операция сохранила для обратного прохода, PyTorch заметит
# это только при `backward()`, по счётчику версий (последняя ошибка в ячейке ниже;
# [In-place correctness checks](https://pytorch.org/docs/stable/notes/autograd.html#in-place-correctness-checks)).
#
# </details>

# %% [markdown] tags=["en"]
# ## 5. Gradient descent by hand (about 20 minutes)
#
# <details><summary>Documentation</summary>
#
# [In-place operations with autograd](https://pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html),
# [`torch.optim.SGD`](https://pytorch.org/docs/stable/generated/torch.optim.SGD.html) (what we write
# by hand).
#
# </details>
#
# A gradient descent step is $w \leftarrow w - \eta \,\nabla_w L$. In PyTorch it has three required
# properties:
#
# 1. the update happens **in place** (`w -= ...`): `w` stays the leaf the model refers to;
# 2. the update is **not recorded** in the graph (`torch.no_grad()`);
# 3. after the step the gradients are **reset**, or the next `backward()` adds to the old ones.
#
# The three classic mistakes of the lecture break the first two; each cell below catches and prints
# its error. (Breaking the third raises nothing: the gradients silently pile up.)
#
# **Mistake 1: an in-place update of a leaf outside `no_grad`.** With gradients on, autograd records
# in-place operations too: the tensor becomes the output of a new node (below, an intermediate `h`
# gets `grad_fn=SubBackward0` after `h -= 0.1`). A leaf would thus get a history and stop being a
# parameter, so PyTorch refuses: `a leaf Variable that requires grad is being used in an in-place
# operation`.
#
# <details><summary>Not to be confused with spoiling a saved value</summary>
#
# A value that an operation saved for the backward pass and that is then changed in place is noticed
# only at `backward()`, through version counters (the last error of the cell below;
# [In-place correctness checks](https://pytorch.org/docs/stable/notes/autograd.html#in-place-correctness-checks)).
#
# </details>

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
loss = (w - 3) ** 2
loss.backward()
try:
    w -= 0.1 * w.grad  # in place, recorded: it would give the leaf w a history
except RuntimeError as error:
    print("RuntimeError:", error)

h = w * 1.0  # not a leaf: an in-place operation just rewrites its history
h -= 0.1
print(TEXT["demo: h after h -= 0.1"], type(h.grad_fn).__name__)

a = w * 1.0
saved_square = a**2  # the square saves a for the backward pass
a += 1.0  # ... and a is changed in place afterwards
try:
    saved_square.backward()
except RuntimeError as error:
    print(TEXT["demo: saved value changed -> RuntimeError"], str(error).split(":")[0])

# %% [markdown] tags=["ru"]
# **Ошибка 2: присваивание вместо обновления на месте.** `w = w - lr * w.grad` создаёт **новый**
# тензор, не лист: на следующем шаге его `.grad` равен `None` (с предупреждением), и вычитание
# падает. Заодно граф растёт от шага к шагу.

# %% [markdown] tags=["en"]
# **Mistake 2: re-assigning instead of updating in place.** `w = w - lr * w.grad` creates a **new**
# tensor that is not a leaf: on the next step its `.grad` is `None` (with a warning) and the
# subtraction fails. The graph also grows from step to step.

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        for step in range(2):
            loss = (w - 3) ** 2
            loss.backward()
            print(TEXT["demo: mistake 2, a step"].format(
                step=step, is_leaf_w=w.is_leaf, grad_w=w.grad))
            w = w - 0.1 * w.grad  # a new, non-leaf tensor
    except TypeError as error:
        print("TypeError:", error)
for message in sorted({str(warning.message).split(". ")[0] for warning in caught}):
    print(TEXT["demo: Warning"], message)

# %% [markdown] tags=["ru"]
# **Ошибка 3: присваивание внутри `no_grad`.** Внутри `no_grad` результат `w - lr * w.grad` — обычный
# тензор без градиента: имя `w` теряет связь с графом, и следующий `backward()` падает, потому что
# градиент в графе никому не нужен.

# %% [markdown] tags=["en"]
# **Mistake 3: re-assigning inside `no_grad`.** Inside `no_grad`, `w - lr * w.grad` is a plain tensor
# without grad: the name `w` loses its link to the graph, and the next `backward()` fails, as nothing
# in the graph requires a gradient.

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
try:
    for step in range(2):
        loss = (w - 3) ** 2
        loss.backward()
        with torch.no_grad():
            w = w - 0.1 * w.grad  # a new tensor that does not require grad
        print(TEXT["demo: mistake 3, a step"].format(
            step=step, requires_grad_w=w.requires_grad))
except RuntimeError as error:
    print("RuntimeError:", error)

# %% [markdown] tags=["ru"]
# **Как правильно:** обновить на месте внутри `no_grad`, затем сбросить градиент.

# %% [markdown] tags=["en"]
# **The right way:** update in place inside `no_grad`, then reset the gradient.

# %% tags=["demo"]
w = torch.tensor(1.0, requires_grad=True)
for step in range(30):
    loss = (w - 3) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None
print(TEXT["demo: the right way, result"].format(
    item_w=w.item(), is_leaf_w=w.is_leaf, requires_grad_w=w.requires_grad))

# %% [markdown] tags=["ru"]
# ### Задание 4. Свой SGD и подбор прямой (2 + 2 балла, около 30 минут)
#
# 1. `sgd_step(params, lr)`: один шаг SGD для каждого параметра из `params` (это список, кортеж или
#    генератор вроде `model.parameters()`; у каждого параметра заполнен `.grad`). Параметр
#    обновляется **на месте** на `-lr * p.grad`, обновление не записывается в граф, затем градиент
#    сбрасывается (`p.grad = None` или `p.grad.zero_()`). После шага параметры остаются теми же
#    объектами с той же памятью, листьями, требующими градиента. Функция ничего не возвращает.
#    Осторожно с генератором: пройти по нему можно только один раз.
# 2. `fit_line(x, y, lr=0.05, steps=500)`: подберите $w$ и $b$ прямой $y \approx w x + b$ градиентным
#    спуском. Начните с $w = b = 0$ (скаляры float32, требующие градиента); на каждом из `steps`
#    шагов посчитайте MSE по всем точкам (своей `mse` или `F.mse_loss`), градиенты через autograd и
#    обновите параметры своим `sgd_step`. `torch.optim` не используйте. Верните `(w, b)` как числа
#    Python `float` (`w.item()`). Видимые проверки вызывают и ваши `sgd_step` и `mse`: сначала
#    решите их. Один шаг для `x = torch.linspace(-1, 1, 21)`, `y = 2x + 1`, `lr=0.5` даёт
#    `(0.7333, 1.0)`: градиенты в нуле $-2\,\overline{xy} \approx -1.4667$ и $-2\,\bar y = -2$.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Скрытые проверки `fit_line` подставляют эталонные `sgd_step` и `mse`, так что балл за `fit_line`
# от ваших не зависит.
#
# - `test_sgd_step_update` (1 балл): параметры форм (3, 4), (5,) и скаляр во float32 и float64,
#   переданные списком, кортежем и генератором, и параметры `nn.Linear` (`model.parameters()`):
#   каждый становится `p - lr * p.grad`, остаётся тем же объектом с той же памятью (на месте, без
#   `p.data = ...`) и листом, который требует градиента и не имеет `grad_fn`; при `lr = 0`
#   значения не меняются; второй шаг вычитает `lr` на новый градиент.
# - `test_sgd_step_reset` (1 балл): после шага (список, кортеж, генератор, `model.parameters()`,
#   `lr = 0`) градиент каждого параметра — `None` или нули, и следующий `backward()` даёт свежий
#   градиент, а не сумму со старым.
# - `test_fit_line` (2 балла): результат — два числа Python `float`; на 50 точках с параметрами
#   по умолчанию и на 40 точках с `lr=0.1, steps=400` прямая совпадает с решением метода
#   наименьших квадратов с точностью 2e-3; `sgd_step` вызывается на каждом из `steps` шагов с
#   переданным `lr`; после 1, 4 и 0 шагов из $w = b = 0$ результат совпадает с обычным
#   градиентным спуском с точностью 1e-5, и градиенты на этих шагах посчитаны autograd (проверка,
#   как в задании 1, меняет градиент, с которого начинается обратный проход); `x` и `y` не
#   меняются.
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 4. Your own SGD, and fitting a line (2 + 2 points, about 30 minutes)
#
# 1. `sgd_step(params, lr)`: one SGD step for every parameter in `params` (a list, a tuple, or a
#    generator such as `model.parameters()`; every parameter has its `.grad` filled in). Update each
#    parameter **in place** by `-lr * p.grad` without recording the update in the graph, then reset
#    its gradient (`p.grad = None` or `p.grad.zero_()`). After the step the parameters are the same
#    objects with the same memory, leaves that require grad. The function returns nothing. Careful
#    with a generator: it can be iterated only once.
# 2. `fit_line(x, y, lr=0.05, steps=500)`: fit $w$ and $b$ of the line $y \approx w x + b$ by gradient
#    descent. Start from $w = b = 0$ (float32 scalars that require grad); in each of the `steps` steps
#    compute the MSE over all points (with your `mse` or `F.mse_loss`), the gradients with autograd,
#    and update the parameters with your `sgd_step`. Do not use `torch.optim`. Return `(w, b)` as
#    Python `float`s (`w.item()`). The visible checks call your `sgd_step` and `mse` too: solve
#    those first. One step on `x = torch.linspace(-1, 1, 21)`, `y = 2x + 1` with `lr=0.5` gives
#    `(0.7333, 1.0)`: the gradients at zero are $-2\,\overline{xy} \approx -1.4667$ and $-2\,\bar y = -2$.
#
# <details><summary>What grading checks</summary>
#
# The hidden checks of `fit_line` put in reference versions of `sgd_step` and `mse`, so its points
# do not depend on yours.
#
# - `test_sgd_step_update` (1 point): parameters of shapes (3, 4), (5,) and a scalar in float32 and
#   float64, passed as a list, a tuple and a generator, and the parameters of an `nn.Linear`
#   (`model.parameters()`): each becomes `p - lr * p.grad`, stays the same object with the same
#   memory (in place, no `p.data = ...`) and a leaf that requires grad and has no `grad_fn`; with
#   `lr = 0` the values do not change; a second step subtracts `lr` times the new gradient.
# - `test_sgd_step_reset` (1 point): after a step (list, tuple, generator, `model.parameters()`,
#   `lr = 0`) every parameter's gradient is `None` or zeros, and the next `backward()` gives a fresh
#   gradient, not one added to the old.
# - `test_fit_line` (2 points): the result is two Python `float`s; on 50 points with the default
#   arguments and on 40 points with `lr=0.1, steps=400` the line matches the least-squares solution
#   within 2e-3; `sgd_step` is called in each of the `steps` steps with the given `lr`; after 1, 4
#   and 0 steps from $w = b = 0$ the result matches plain gradient descent within 1e-5, and the
#   gradients of those steps come from autograd (as in exercise 1, the check changes the gradient the
#   backward pass starts from); `x` and `y` stay unchanged.
#
# </details>

# %% nbgrader={"grade_id": "sgd_step", "solution": true}
def sgd_step(params, lr):
    """In place, unrecorded update p -= lr * p.grad of every parameter, then reset its gradient.

    params: an iterable of leaf tensors that require grad and have .grad set (may be a generator).
    """
    ### BEGIN SOLUTION
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_sgd_step_update", "grade": true, "points": 1, "locked": true}
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w**2).sum().backward()  # w.grad = 2 * w = [2, 4]
w_before = w
sgd_step([w], lr=0.1)
torch.testing.assert_close(w.detach(), torch.tensor([0.8, 1.6]), msg=TEXT["sgd_step: w - lr * grad"])
assert w is w_before and w.is_leaf and w.requires_grad, (
    TEXT["sgd_step: the same leaf"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2007)
for kind in ("list", "tuple", "generator"):
    params = [torch.randn(shape, generator=gen, dtype=dtype).requires_grad_(True)
              for shape, dtype in (((3, 4), torch.float32), ((5,), torch.float64), ((), torch.float32))]
    for p in params:
        p.grad = torch.randn(p.shape, generator=gen, dtype=p.dtype)
    given = list(params)
    memory = [p.detach() for p in params]  # views of the parameters' memory as it is now
    container = given if kind == "list" else tuple(given) if kind == "tuple" else (p for p in given)
    probe.call(f"sgd_step(a {kind} of 3 parameters, lr=0.05)", sgd_step, container, 0.05)
    probe.record(f"the parameters after sgd_step on a {kind}", params)
    probe.record(f"the {kind} still holds the same tensors", [p is q for p, q in zip(given, params)])
    probe.record(f"the parameters keep their memory after sgd_step on a {kind}",
                 [probe.shares_storage(p, m) for p, m in zip(params, memory)])
model = torch.nn.Linear(3, 2)
with torch.no_grad():
    model.weight.copy_(torch.randn(2, 3, generator=gen))
    model.bias.copy_(torch.randn(2, generator=gen))
((model(torch.randn(4, 3, generator=gen)) - torch.randn(4, 2, generator=gen)) ** 2).mean().backward()
probe.call("sgd_step(model.parameters(), lr=0.5) for an nn.Linear(3, 2)", sgd_step, model.parameters(), 0.5)
probe.record("the nn.Linear's weight and bias after sgd_step", [model.weight, model.bias])
p = torch.randn(4, generator=gen).requires_grad_(True)
p.grad = torch.randn(4, generator=gen)
probe.call("sgd_step([p], lr=0.0)", sgd_step, [p], 0.0)
probe.record("p after sgd_step with lr=0.0", p)
p.grad = torch.full((4,), 3.0)
probe.call("a second step, sgd_step([p], lr=0.5), with p.grad = 3", sgd_step, [p], 0.5)
probe.record("p after the second step", p)
w = torch.tensor([1.0, 2.0], requires_grad=True)  # the visible example
(w**2).sum().backward()
probe.call("sgd_step([w], lr=0.1) for w = [1, 2] with w.grad = [2, 4]", sgd_step, [w], 0.1)
probe.record("w = [1, 2] after the step", w)
### END HIDDEN TESTS

# %% judge="test_sgd_step_update"
def judge(got, want):
    for key in want.keys("sgd_step(") + want.keys("a second step"):
        got[key]  # the verdict names an exception that a call raised
    for kind in ("list", "tuple", "generator"):
        assert all(s is True for s in got[f"the {kind} still holds the same tensors"]), (
            f"sgd_step replaced the tensors in the {kind}: update each parameter in place (p -= ...)")
        params, expected = got[f"the parameters after sgd_step on a {kind}"], want[f"the parameters after sgd_step on a {kind}"]
        for i, (p, right) in enumerate(zip(params, expected)):
            check_tensor(p, right, f"parameter {i} of shape {tuple(right.shape)} passed in a {kind}, after the step "
                                   "(p - lr * p.grad),")
            assert p.observed["is_leaf"] and p.observed["requires_grad"] and p.observed["grad_fn"] is None, (
                f"after sgd_step parameter {i} (passed in a {kind}) must still be a leaf that requires grad: "
                "update it under torch.no_grad()")
        assert all(s is True for s in got[f"the parameters keep their memory after sgd_step on a {kind}"]), (
            f"sgd_step gave a parameter (passed in a {kind}) new memory (p.data = ...): update it in place "
            "(p -= ... or p.sub_(...))")
    for name, p, right in zip(("weight", "bias"), got["the nn.Linear's weight and bias after sgd_step"],
                              want["the nn.Linear's weight and bias after sgd_step"]):
        check_tensor(p, right, f"the nn.Linear's {name} after sgd_step(model.parameters(), lr=0.5)")
        assert p.observed["parameter"] and p.observed["is_leaf"], (
            f"the nn.Linear's {name} must stay the module's leaf parameter")
    check_tensor(got["p after sgd_step with lr=0.0"], want["p after sgd_step with lr=0.0"],
                 "p after a step with lr = 0 (it must not change)")
    check_tensor(got["p after the second step"], want["p after the second step"],
                 "p after a second step with lr = 0.5 and p.grad = 3")
    check_tensor(got["w = [1, 2] after the step"], want["w = [1, 2] after the step"],
                 "w = [1, 2] with w.grad = [2, 4] after a step with lr = 0.1 ([0.8, 1.6])")

# %% nbgrader={"grade_id": "test_sgd_step_reset", "grade": true, "points": 1, "locked": true}
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w**2).sum().backward()  # w.grad = 2 * w = [2, 4]
sgd_step([w], lr=0.1)
assert w.grad is None or not w.grad.any(), TEXT["sgd_step: gradient reset"]
(w * 3).sum().backward()
torch.testing.assert_close(w.grad, torch.full((2,), 3.0), msg=TEXT["sgd_step: a fresh gradient"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2015)
for kind in ("list", "tuple", "generator"):
    params = [torch.randn(shape, generator=gen, dtype=dtype).requires_grad_(True)
              for shape, dtype in (((3, 4), torch.float32), ((5,), torch.float64), ((), torch.float32))]
    for p in params:
        p.grad = torch.randn(p.shape, generator=gen, dtype=p.dtype)
    container = params if kind == "list" else tuple(params) if kind == "tuple" else (p for p in params)
    probe.call(f"sgd_step(a {kind} of 3 parameters, lr=0.05)", sgd_step, container, 0.05)
    probe.record(f"the gradients after sgd_step on a {kind}", [p.grad for p in params])
model = torch.nn.Linear(3, 2)
((model(torch.randn(4, 3, generator=gen)) - torch.randn(4, 2, generator=gen)) ** 2).mean().backward()
probe.call("sgd_step(model.parameters(), lr=0.5) for an nn.Linear(3, 2)", sgd_step, model.parameters(), 0.5)
probe.record("the gradients after sgd_step on model.parameters()", [model.weight.grad, model.bias.grad])
p = torch.randn(4, generator=gen).requires_grad_(True)
p.grad = torch.randn(4, generator=gen)
probe.call("sgd_step([p], lr=0.0)", sgd_step, [p], 0.0)
probe.record("the gradients after sgd_step with lr=0.0", [p.grad])
probe.call("(3 * p).sum().backward() after the step", lambda: (3 * p).sum().backward())
probe.record("p.grad after that backward", p.grad)
w = torch.tensor([1.0, 2.0], requires_grad=True)  # the visible example
(w**2).sum().backward()
probe.call("sgd_step([w], lr=0.1) for w = [1, 2] with w.grad = [2, 4]", sgd_step, [w], 0.1)
probe.record("the gradients after sgd_step on w = [1, 2]", [w.grad])
### END HIDDEN TESTS

# %% judge="test_sgd_step_reset"
def judge(got, want):
    for key in want.keys("sgd_step("):
        got[key]  # the verdict names an exception that a call raised
    for key in want.keys("the gradients after"):
        for i, grad in enumerate(got[key]):
            assert grad is None or (isinstance(grad, torch.Tensor) and not grad.any()), (
                f"{key}: the gradient of parameter {i} was not reset (set p.grad = None or call p.grad.zero_())")
    got["(3 * p).sum().backward() after the step"]  # the verdict names an exception that backward raised
    check_tensor(got["p.grad after that backward"], want["p.grad after that backward"],
                 "p.grad after a step and a new backward of sum(3 * p) (a fresh gradient of threes)")

# %% tags=["demo", "self_check"]
check_more_sgd_step(sgd_step)

# %% nbgrader={"grade_id": "fit_line", "solution": true}
def fit_line(x, y, lr=0.05, steps=500):
    """Fit y ~ w * x + b by gradient descent from w = b = 0: `steps` steps of MSE, autograd and sgd_step.

    Returns (w, b) as Python floats. Does not use torch.optim.
    """
    ### BEGIN SOLUTION
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        loss = mse(w * x + b, y)
        loss.backward()
        sgd_step([w, b], lr)
    return w.item(), b.item()
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_fit_line", "grade": true, "points": 2, "locked": true}
x = torch.linspace(-1.0, 1.0, 21)
w_fit, b_fit = fit_line(x, 2.0 * x + 1.0)
assert isinstance(w_fit, float) and isinstance(b_fit, float), TEXT["fit_line: two floats"]
assert abs(w_fit - 2.0) < 1e-3 and abs(b_fit - 1.0) < 1e-3, TEXT["fit_line: y = 2x + 1"].format(
    w_fit=w_fit, b_fit=b_fit)
w_fit, b_fit = fit_line(x, 2.0 * x + 1.0, lr=0.5, steps=1)
assert abs(w_fit - 0.733333) < 1e-5 and abs(b_fit - 1.0) < 1e-5, TEXT["fit_line: one step"].format(
    w_fit=w_fit, b_fit=b_fit)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
sgd_calls = []


def reference_sgd_step(params, lr):
    sgd_calls.append(lr)
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None


def reference_mse(y_pred, y_true):
    if y_pred.shape != y_true.shape:
        raise ValueError(f"shapes differ: y_pred {tuple(y_pred.shape)}, y_true {tuple(y_true.shape)}")
    return ((y_pred - y_true) ** 2).mean()


gen = torch.Generator().manual_seed(2008)
x1 = torch.linspace(-1.0, 1.0, 50)
x2 = torch.rand(40, generator=gen) * 4 - 2
x3 = torch.rand(30, generator=gen) * 2 - 1
x0 = torch.linspace(-1.0, 1.0, 21)
cases = [("fit_line(21 points on y = 2x + 1, default lr and steps), the visible example", x0, 2.0 * x0 + 1.0, 0.05, 500, {}),
         ("fit_line(50 points, default lr and steps)", x1, 3.0 * x1 - 0.5 + 0.1 * torch.randn(50, generator=gen), 0.05, 500, {}),
         ("fit_line(40 points, lr=0.1, steps=400)", x2, -1.2 * x2 + 2.0 + 0.1 * torch.randn(40, generator=gen), 0.1, 400,
          {"lr": 0.1, "steps": 400})]
y3 = 0.7 * x3 - 0.3 + 0.05 * torch.randn(30, generator=gen)
cases += [(f"fit_line(30 points, lr={lr}, steps={steps})", x3, y3, lr, steps, {"lr": lr, "steps": steps})
          for lr, steps in [(0.1, 1), (0.3, 4), (0.05, 0)]]
cases.append(("fit_line(21 points on y = 2x + 1, lr=0.5, steps=1), the visible example", x0, 2.0 * x0 + 1.0, 0.5, 1,
              {"lr": 0.5, "steps": 1}))
probe.record("scale", 2.0)
probe.record("converging calls", [key for key, *_ in cases[:3]])
with probe.replaced(sgd_step=reference_sgd_step, mse=reference_mse):
    for key, x, y, lr, steps, kwargs in cases:
        sgd_calls.clear()
        if steps > 100:
            probe.call(key, fit_line, x, y, **kwargs)
        else:
            with probe.autograd_passes(backward=2.0, grad=2.0):
                probe.call(key, fit_line, x, y, **kwargs)
        probe.record(f"lr passed to sgd_step in {key}", list(sgd_calls))
        probe.record(f"lr, steps, x and y after {key}", (lr, steps, x, y))
### END HIDDEN TESTS

# %% judge="test_fit_line"
def descend(x, y, lr, steps, scale):
    """Plain gradient descent on the MSE from w = b = 0, each gradient multiplied by scale."""
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    for _ in range(steps):
        w_grad, b_grad = torch.autograd.grad(((w * x + b - y) ** 2).mean(), (w, b))
        with torch.no_grad():
            w -= lr * scale * w_grad
            b -= lr * scale * b_grad
    return w.item(), b.item()


def judge(got, want):
    converging = want["converging calls"]
    for key in want.keys("fit_line("):
        result = got[key]
        assert isinstance(result, (tuple, list)) and len(result) == 2 and all(type(v) is float for v in result), (
            f"{key} must return (w, b) as two Python floats")
        lr, steps, x, y = want[f"lr, steps, x and y after {key}"]
        _, _, x_after, y_after = got[f"lr, steps, x and y after {key}"]
        assert torch.equal(x_after, x) and torch.equal(y_after, y), f"{key} changed its argument x or y"
        rates = got[f"lr passed to sgd_step in {key}"]
        assert isinstance(rates, list) and len(rates) >= steps, (
            f"{key} must update the parameters with sgd_step in each of its {steps} steps "
            f"(sgd_step was called {len(rates) if isinstance(rates, list) else 0} times)")
        assert all(rate == lr for rate in rates), f"{key} must pass lr = {lr} to sgd_step"
        w, b = result
        if key in converging:
            design = torch.stack([x, torch.ones_like(x)], dim=1).double()
            best_w, best_b = torch.linalg.lstsq(design, y.double().unsqueeze(1)).solution.squeeze(1).tolist()
            assert abs(w - best_w) < 2e-3 and abs(b - best_b) < 2e-3, (
                f"{key} did not reach the least-squares line w = {best_w:.4f}, b = {best_b:.4f}: got "
                f"w = {w:.4f}, b = {b:.4f} (the mean, not the sum, of the squared errors?)")
        else:
            right = descend(x, y, lr, steps, want["scale"])
            if steps and all(abs(v - r) < 1e-5 for v, r in zip(result, descend(x, y, lr, steps, 1.0))):
                raise AssertionError(f"{key}: the steps follow gradient descent, but their gradients were not "
                                     "computed by autograd (the hidden check changes the gradient autograd's "
                                     "backward pass starts from, and your steps did not change with it)")
            assert all(abs(v - r) < 1e-5 for v, r in zip(result, right)), (
                f"{key}: from w = b = 0 the result must follow plain gradient descent: expected "
                f"({right[0]:.6f}, {right[1]:.6f}), got ({w:.6f}, {b:.6f})")

# %% tags=["demo", "self_check"]
check_more_fit_line(fit_line)

# %% figure="fit_line"
import matplotlib.pyplot as plt
import torch

T = {"ru": {"loss": "MSE по шагам", "step": "шаг", "lr": "lr = {}", "fit": "Прямая после k шагов (lr = 0.05)",
            "points": "точки", "after": "{} шагов"},
     "en": {"loss": "MSE against the step", "step": "step", "lr": "lr = {}", "fit": "The line after k steps (lr = 0.05)",
            "points": "points", "after": "{} steps"}}[lang]
gen = torch.Generator().manual_seed(1)
x = torch.linspace(-1.0, 1.0, 100)
y = -1.5 * x + 0.25 + 0.2 * torch.randn(100, generator=gen)


def descend(lr, steps):
    """Gradient descent on the MSE from w = b = 0: the losses and (w, b) after every step."""
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    losses, lines = [], [(0.0, 0.0)]
    for _ in range(steps):
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p in (w, b):
                p -= lr * p.grad
                p.grad = None
        losses.append(loss.item())
        lines.append((w.item(), b.item()))
    return losses, lines


fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.6))
for lr, colour in [(0.01, "#9ecae1"), (0.05, "#3182bd"), (0.5, "#08306b")]:
    losses, lines = descend(lr, 500)
    left.plot(range(1, 501), losses, color=colour, label=T["lr"].format(lr))
left.set_yscale("log")
left.set_xlabel(T["step"])
left.set_title(T["loss"], fontsize=10)
left.legend(fontsize=8)
_, lines = descend(0.05, 500)
right.scatter(x, y, s=6, color="#999999", label=T["points"])
for k, colour in [(0, "#fdd0a2"), (10, "#fd8d3c"), (50, "#e6550d"), (500, "#7f2704")]:
    w, b = lines[k]
    right.plot(x, w * x + b, color=colour, label=T["after"].format(k))
right.set_title(T["fit"], fontsize=10)
right.legend(fontsize=8, loc="upper right")
fig.tight_layout()

# %% [markdown] tags=["ru"]
# Так градиентный спуск подбирает прямую по 100 зашумлённым точкам. Слева — MSE по шагам при трёх
# `lr` (чем больше шаг, пока он не слишком велик, тем быстрее спуск), справа — прямая после 0, 10,
# 50 и 500 шагов.
#
# ![Кривые MSE при разных lr и прямая после k шагов](attachment:fit_line.png)
#
# Ячейка ниже делает то же вашей `fit_line` и сравнивает результат с точным решением метода
# наименьших квадратов (пока задание 4 не решено, она это пропускает).

# %% [markdown] tags=["en"]
# This is how gradient descent fits a line to 100 noisy points. Left: the MSE per step for three
# values of `lr` (a larger step, while not too large, descends faster); right: the line after 0, 10,
# 50 and 500 steps.
#
# ![MSE curves for several lr, and the line after k steps](attachment:fit_line.png)
#
# The cell below does the same with your `fit_line` and compares it with the exact least-squares
# line (skipped until exercise 4 is solved).

# %% tags=["demo"]
torch.manual_seed(1)
x_points = torch.linspace(-1.0, 1.0, 100)
y_points = -1.5 * x_points + 0.25 + 0.2 * torch.randn(100)
design = torch.stack([x_points, torch.ones_like(x_points)], dim=1)
w_best, b_best = torch.linalg.lstsq(design, y_points.unsqueeze(1)).solution.squeeze(1).tolist()
try:
    w_fit, b_fit = fit_line(x_points, y_points)
    print(TEXT["demo: fit_line's line"].format(w_fit=w_fit, b_fit=b_fit))
except NotImplementedError:
    print(TEXT["demo: skipped, needs exercises 2 and 4"])
print(TEXT["demo: least squares line"].format(w_best=w_best, b_best=b_best))

# %% [markdown] tags=["ru"]
# ## 6. Граф изнутри (около 5 минут)
#
# Класс узла говорит, какая операция его породила: `MulBackward0`, `AddBackward0`, `SinBackward0`…
# Если вход операции не требует градиента, на его месте в `next_functions` стоит `None` (правая
# половина рисунка из раздела 1).
#
# ### Задание 5. Узлы графа и градиенты на бумаге (2 + 1 балла, около 25 минут)
#
# 1. `count_graph_nodes(t)`: сколько **различных** узлов каждого типа достижимо из `t.grad_fn`
#    (включая сам `t.grad_fn`), в виде словаря `{type(node).__name__: количество}`. Узел, до
#    которого можно дойти несколькими путями, считается один раз (у `x` в $f(x, y)$ один узел
#    `AccumulateGrad`). Если `t.grad_fn` равен `None`, верните пустой словарь. Функция не должна
#    запускать обратный проход и освобождать граф. Примеры — две половины рисунка из раздела 1:
#    `a*b + c*d`, где `d` не требует градиента, даёт `{"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}`,
#    а $f(x, y)$ — `{"AddBackward0": 3, "PowBackward0": 2, "MulBackward0": 1, "AccumulateGrad": 2}`.
# 2. `abcd_grads(a, b, c, d)`: градиенты $\sum(a b + c d)$ по каждому из четырёх тензоров одной
#    формы, **выведенные на бумаге** (без autograd): словарь с ключами `"a"`, `"b"`, `"c"`, `"d"`.
#    Для тензора, который не требует градиента, значение `None` (как у `.grad` такого тензора после
#    `backward()`); тензор, который требует градиента, получает градиент, даже если он не лист.
#    Градиент — новый тензор (правило из задания 1) формы и dtype своего тензора. Скаляры 2, 3, 4
#    с градиентом и 5 без него дают `{"a": 3, "b": 2, "c": 5, "d": None}`.
#
# <details><summary>Документация</summary>
#
# [граф autograd](https://pytorch.org/docs/stable/autograd.html#autograd-graph),
# [`Node.next_functions`](https://pytorch.org/docs/stable/generated/torch.autograd.graph.Node.next_functions.html),
# [`Node.name`](https://pytorch.org/docs/stable/generated/torch.autograd.graph.Node.name.html).
#
# </details>
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Имя класса узла — `type(node).__name__`: `node.name()` для листа даёт другое имя,
# `torch::autograd::AccumulateGrad`. Тензоры вызывающего `abcd_grads` не меняет.
#
# - `test_count_graph_nodes` (2 балла): точное совпадение словаря (без лишних ключей) для листа и
#   тензора без градиента (пустой словарь), для `m + m` с `m = a * b` и `a * a` (общий узел и лист
#   считаются один раз), для $f(x, y)$ из раздела 1, для цепочки из 12 шагов `h = h + h` (4096
#   путей, 13 различных узлов), для графа с представлениями (views), суммами и средними, `@`, своей
#   `autograd.Function` и функции потерь маленькой сети, для 8 случайных выражений; после подсчёта
#   `.grad` листьев остаётся `None`, а `backward()` по тому же графу работает.
# - `test_abcd_grads` (1 балл): все 16 сочетаний `requires_grad` у четырёх тензоров (формы (),
#   (3,), (2, 3), (4, 1), float32) и тензоры, которые требуют градиента, но не листья: значения,
#   формы и dtype градиентов, `None` ровно там, где `requires_grad` ложно; ни одного вызова
#   autograd; значения, `requires_grad` и `.grad` тензоров вызывающего не меняются; возвращённые
#   тензоры не требуют градиента и не делят память с аргументами (правило из задания 1).
#
# </details>

# %% [markdown] tags=["en"]
# ## 6. The graph from the inside (about 5 minutes)
#
# A node's class tells which operation produced it: `MulBackward0`, `AddBackward0`, `SinBackward0`…
# If an input of an operation does not require a gradient, `next_functions` holds `None` in its place
# (the right half of the picture in section 1).
#
# ### Exercise 5. The graph's nodes, and gradients on paper (2 + 1 points, about 25 minutes)
#
# 1. `count_graph_nodes(t)`: how many **distinct** nodes of each type are reachable from `t.grad_fn`
#    (including `t.grad_fn` itself), as a dict `{type(node).__name__: count}`. A node that can be
#    reached by several paths counts once (`x` in $f(x, y)$ has a single `AccumulateGrad` node). If
#    `t.grad_fn` is `None`, return an empty dict. The function must neither run the backward pass nor
#    free the graph. The two halves of the picture in section 1 are examples: `a*b + c*d` with `d` not
#    requiring grad gives `{"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}`, and $f(x, y)$
#    gives `{"AddBackward0": 3, "PowBackward0": 2, "MulBackward0": 1, "AccumulateGrad": 2}`.
# 2. `abcd_grads(a, b, c, d)`: the gradients of $\sum(a b + c d)$ with respect to each of four tensors
#    of one shape, **derived on paper** (no autograd): a dict with keys `"a"`, `"b"`, `"c"`, `"d"`.
#    A tensor that does not require grad gets `None` (just like its `.grad` after `backward()`); a
#    tensor that requires grad gets its gradient, even if it is not a leaf. A gradient is a fresh
#    tensor (the rule of exercise 1) with the shape and dtype of its tensor. Scalars 2, 3, 4 requiring
#    grad and 5 not give `{"a": 3, "b": 2, "c": 5, "d": None}`.
#
# <details><summary>Documentation</summary>
#
# [the autograd graph](https://pytorch.org/docs/stable/autograd.html#autograd-graph),
# [`Node.next_functions`](https://pytorch.org/docs/stable/generated/torch.autograd.graph.Node.next_functions.html),
# [`Node.name`](https://pytorch.org/docs/stable/generated/torch.autograd.graph.Node.name.html).
#
# </details>
#
# <details><summary>What grading checks</summary>
#
# A node's class name is `type(node).__name__`: for a leaf `node.name()` gives another name,
# `torch::autograd::AccumulateGrad`. `abcd_grads` leaves the caller's tensors unchanged.
#
# - `test_count_graph_nodes` (2 points): the exact dict (no extra keys) for a leaf and for a tensor
#   that does not require grad (an empty dict), for `m + m` with `m = a * b` and for `a * a` (a shared
#   node and a leaf count once), for $f(x, y)$ of section 1, for a chain of 12 steps `h = h + h`
#   (4096 paths, 13 distinct nodes), for a graph with views, reductions, `@`, a custom
#   `autograd.Function`, for the loss of a small network, and for 8 random expressions; after
#   counting, the leaves' `.grad` is still `None` and `backward()` through the same graph works.
# - `test_abcd_grads` (1 point): all 16 combinations of `requires_grad` of the four tensors (shapes
#   (), (3,), (2, 3), (4, 1), float32) and tensors that require grad without being leaves: values,
#   shapes and dtypes of the gradients, `None` exactly where `requires_grad` is false; no autograd
#   call; the caller's tensors keep their values, `requires_grad` and `.grad`; the returned tensors
#   do not require grad and share no memory with the arguments (the rule of exercise 1).
#
# </details>

# %% nbgrader={"grade_id": "count_graph_nodes", "solution": true}
def count_graph_nodes(t):
    """{node class name: number of distinct autograd nodes of that class reachable from t.grad_fn}."""
    ### BEGIN SOLUTION
    counts = {}
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
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_count_graph_nodes", "grade": true, "points": 2, "locked": true}
a, b, c = (torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0))
d = torch.tensor(5.0)
counts = count_graph_nodes(a * b + c * d)
assert counts == {"AddBackward0": 1, "MulBackward0": 2, "AccumulateGrad": 3}, TEXT["count_graph_nodes: a*b + c*d"].format(
    counts=counts)
x, y = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
counts = count_graph_nodes(x**2 + x * y + (x + y) ** 2)
assert counts == {"AddBackward0": 3, "PowBackward0": 2, "MulBackward0": 1, "AccumulateGrad": 2}, (
    TEXT["count_graph_nodes: f(x, y)"].format(counts=counts))
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x**2 * grad


gen = torch.Generator().manual_seed(2009)
a, b, c = (torch.randn(3, generator=gen).requires_grad_(True) for _ in range(3))
plain = torch.randn(3, generator=gen)
m = a * b
x, y = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
h = a.sin()
for _ in range(12):
    h = h + h
weight = torch.randn(3, 4, generator=gen).requires_grad_(True)
model = torch.nn.Sequential(torch.nn.Linear(3, 5), torch.nn.Tanh(), torch.nn.Linear(5, 1))
graphs = [("a leaf (grad_fn is None)", a), ("2 * t for t that does not require grad", plain * 2),
          ("m + m with m = a * b", m + m), ("a * a", a * a), ("x**2 + x*y + (x + y)**2", x**2 + x * y + (x + y) ** 2),
          ("a chain of 12 steps h = h + h", h),
          ("a graph with views, reductions, @ and a custom Function",
           (Cube.apply(a) @ weight).relu()[1:].sum() + (weight.t() * plain).mean() + (c.exp() * plain).sum()),
          ("a small network's loss", model(torch.randn(4, 3, generator=gen)).pow(2).mean())]
two, three, four = (torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0))
graphs.append(("a*b + c*d for 2, 3, 4 requiring grad and 5 not: the visible example", two * three + four * torch.tensor(5.0)))
operations = [lambda p, q: p * q, lambda p, q: p + q, lambda p, q: p - q.exp(), lambda p, q: (p * 2).sin(),
              lambda p, q: q.cos() * p, lambda p, q: p.tanh(), lambda p, q: p / (q**2 + 1)]
for trial in range(8):
    pool = [a, b, c, plain]
    for _ in range(6):
        i, j = torch.randint(0, len(pool), (2,), generator=gen).tolist()
        pool.append(operations[torch.randint(0, len(operations), (1,), generator=gen).item()](pool[i], pool[j]))
    graphs.append((f"random expression #{trial}", pool[-1] + pool[-2]))
for label, tensor in graphs:
    probe.call(f"count_graph_nodes({label})", count_graph_nodes, tensor)
out = (a * b).sum()
probe.call("count_graph_nodes(sum(a * b)) before its backward", count_graph_nodes, out)
probe.record("a.grad and b.grad after counting", (a.grad, b.grad))
probe.call("sum(a * b).backward() after counting", out.backward)
### END HIDDEN TESTS

# %% judge="test_count_graph_nodes"
def judge(got, want):
    for key in want.keys("count_graph_nodes("):
        counts, expected = got[key], want[key]
        assert isinstance(counts, dict), f"{key} must return a dict"
        shown = {str.__str__(name): number for name, number in expected.items()}
        differ = sorted(str.__str__(name) for name in expected if counts.get(name) != expected[name])
        extra = [name for name in counts if name not in expected]
        assert not differ and not extra, (
            f"{key}: expected {shown}"
            + (f"; your counts differ for {', '.join(differ)}" if differ else "")
            + (f"; your dict has {len(extra)} key(s) that should not be there" if extra else ""))
    assert got["a.grad and b.grad after counting"] == (None, None), (
        "count_graph_nodes must not run the backward pass (a.grad and b.grad must stay None)")
    assert got.raised("sum(a * b).backward() after counting") is None, (
        "after count_graph_nodes the graph must still be usable: backward() through it raised")

# %% tags=["demo", "self_check"]
check_more_count_graph_nodes(count_graph_nodes)

# %% nbgrader={"grade_id": "abcd_grads", "solution": true}
def abcd_grads(a, b, c, d):
    """Closed-form gradients of sum(a*b + c*d) for tensors of one shape, without autograd.

    Returns {"a": ..., "b": ..., "c": ..., "d": ...}; None for a tensor that does not require grad.
    """
    ### BEGIN SOLUTION
    partners = {"a": (a, b), "b": (b, a), "c": (c, d), "d": (d, c)}
    return {
        name: other.detach().clone() if tensor.requires_grad else None
        for name, (tensor, other) in partners.items()
    }
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_abcd_grads", "grade": true, "points": 1, "locked": true}
a, b, c = (torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0))
d = torch.tensor(5.0)
grads = abcd_grads(a, b, c, d)
assert isinstance(grads, dict) and set(grads) == {"a", "b", "c", "d"}, TEXT["abcd_grads: keys"]
torch.testing.assert_close(grads["a"], torch.tensor(3.0), msg=TEXT["abcd_grads: d/da"])
torch.testing.assert_close(grads["b"], torch.tensor(2.0), msg=TEXT["abcd_grads: d/db"])
torch.testing.assert_close(grads["c"], torch.tensor(5.0), msg=TEXT["abcd_grads: d/dc"])
assert grads["d"] is None, TEXT["abcd_grads: d/dd is None"]
for name in "abc":
    assert not grads[name].requires_grad and all(
        grads[name].untyped_storage().data_ptr() != t.untyped_storage().data_ptr() for t in (a, b, c, d)), (
        TEXT["abcd_grads: fresh"].format(name=name))
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2010)
cases = []
for mask in range(16):
    flags = [bool(mask >> i & 1) for i in range(4)]
    shape = [(), (3,), (2, 3), (4, 1)][mask % 4]
    tensors = [torch.randn(shape, generator=gen).requires_grad_(flag) for flag in flags]
    cases.append((f"abcd_grads(shape {shape}, requires_grad " + ", ".join(f"{n}={f}" for n, f in zip("abcd", flags)) + ")",
                  tensors))
base = torch.randn(3, generator=gen).requires_grad_(True)
cases.append(("abcd_grads(a = 2 * base, b plain, c a leaf, d = exp(base): a and d require grad without being leaves)",
              [base * 2, torch.randn(3, generator=gen), torch.randn(3, generator=gen).requires_grad_(True), base.exp()]))
cases.append(("abcd_grads(2, 3, 4 requiring grad, 5 not: the visible example)",
              [torch.tensor(v, requires_grad=True) for v in (2.0, 3.0, 4.0)] + [torch.tensor(5.0)]))
for key, tensors in cases:
    with probe.torch_calls() as calls:
        grads = probe.call(key, abcd_grads, *tensors)
    probe.record(f"torch functions called by {key}", calls.names)
    probe.record(f"memory of {key}", probe.shared_memory(grads, tensors))
    probe.record(f"the caller's tensors after {key}", [(t, t.grad if t.is_leaf else None) for t in tensors])
### END HIDDEN TESTS

# %% judge="test_abcd_grads"
def judge(got, want):
    for key in want.keys("abcd_grads("):
        grads, expected = got[key], want[key]
        assert not {"backward", "grad"} & set(got[f"torch functions called by {key}"]), (
            f"{key} called autograd (.backward() or torch.autograd.grad): use the formula you derived")
        assert isinstance(grads, dict) and set(grads) == set(expected), (
            f"{key} must return a dict with the keys 'a', 'b', 'c', 'd'")
        for name in "abcd":
            if expected[name] is None:
                assert grads[name] is None, f"{key}: {name} does not require grad, so its gradient must be None"
            else:
                check_tensor(grads[name], expected[name], f"the gradient for {name} from {key}")
        check_fresh(got, key, grads.values())
        states = got[f"the caller's tensors after {key}"]
        for name, (tensor, grad), (reference, reference_grad) in zip("abcd", states, want[f"the caller's tensors after {key}"]):
            assert torch.equal(tensor, reference) and tensor.observed["requires_grad"] == reference.observed["requires_grad"] \
                and (grad is None) == (reference_grad is None), f"{key} changed the caller's {name}"

# %% tags=["demo", "self_check"]
check_more_abcd_grads(abcd_grads)

# %% [markdown] tags=["ru"]
# Применим `count_graph_nodes` к функции из раздела 1 и к функции потерь маленькой сети: узел
# `AccumulateGrad` есть у каждого параметра, а у входных данных его нет, им градиент не нужен (пока
# `count_graph_nodes` не написана, ячейка это пропускает).

# %% [markdown] tags=["en"]
# Apply `count_graph_nodes` to the function of section 1 and to the loss of a small network: every
# parameter has an `AccumulateGrad` node, the input data none, as it needs no gradient (skipped
# until `count_graph_nodes` is written).

# %% tags=["demo"]
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
net_loss = F.mse_loss(net(torch.randn(16, 4)), torch.randn(16, 1))
try:
    print("f(x, y):", count_graph_nodes(x**2 + x * y + (x + y) ** 2))
    print(TEXT["demo: MLP loss"], count_graph_nodes(net_loss))
except NotImplementedError:
    print(TEXT["demo: skipped, needs exercise 5"])

# %% [markdown] tags=["ru"]
# ## 7. Логистическая регрессия (около 30 минут вместе с заданием 6)
#
# <details><summary>Документация</summary>
#
# [`F.binary_cross_entropy_with_logits`](https://pytorch.org/docs/stable/generated/torch.nn.functional.binary_cross_entropy_with_logits.html),
# [`nn.BCELoss`](https://pytorch.org/docs/stable/generated/torch.nn.BCELoss.html),
# [`torch.sigmoid`](https://pytorch.org/docs/stable/generated/torch.sigmoid.html).
#
# </details>
#
# Бинарный классификатор: $\hat y = \sigma(z)$, $z = x w + b$, $\sigma(t) = \frac{1}{1 + e^{-t}}$,
# функция потерь — бинарная кросс-энтропия
#
# $$L = -\frac{1}{N}\sum_i \bigl(y_i \log \hat y_i + (1 - y_i)\log(1 - \hat y_i)\bigr).$$
#
# Число $z$ — **логит**. `F.binary_cross_entropy` ждёт вероятности $\hat y$, а
# `F.binary_cross_entropy_with_logits` принимает логиты и считает $\log\sigma(z)$ устойчиво: берите
# её. Для больших $z$ сигмоида во float32 округляется ровно до 1 (ниже: с $z = 17$; ровно до 0 —
# лишь около $z \approx -88 \ldots -104$), и $\log(1 - \hat y) = -\infty$: `F.binary_cross_entropy`
# обрезает логарифм до $-100$, а версия с логитами даёт точный $\mathrm{softplus}(z)$.

# %% [markdown] tags=["en"]
# ## 7. Logistic regression (about 30 minutes with exercise 6)
#
# <details><summary>Documentation</summary>
#
# [`F.binary_cross_entropy_with_logits`](https://pytorch.org/docs/stable/generated/torch.nn.functional.binary_cross_entropy_with_logits.html),
# [`nn.BCELoss`](https://pytorch.org/docs/stable/generated/torch.nn.BCELoss.html),
# [`torch.sigmoid`](https://pytorch.org/docs/stable/generated/torch.sigmoid.html).
#
# </details>
#
# A binary classifier: $\hat y = \sigma(z)$, $z = x w + b$, $\sigma(t) = \frac{1}{1 + e^{-t}}$, trained
# with the binary cross-entropy loss
#
# $$L = -\frac{1}{N}\sum_i \bigl(y_i \log \hat y_i + (1 - y_i)\log(1 - \hat y_i)\bigr).$$
#
# The number $z$ is a **logit**. `F.binary_cross_entropy` takes the probabilities $\hat y$;
# `F.binary_cross_entropy_with_logits` takes logits and computes $\log\sigma(z)$ stably: prefer it.
# For large $z$ the float32 sigmoid rounds to exactly 1 (below: from $z = 17$; to exactly 0 only near
# $z \approx -88 \ldots -104$), so $\log(1 - \hat y) = -\infty$: `F.binary_cross_entropy` clips the
# logarithm to $-100$, while the logits version gives the exact $\mathrm{softplus}(z)$.

# %% tags=["demo"]
z = torch.tensor([0.0, 5.0, 16.0, 17.0, 20.0, 40.0])
target = torch.zeros(6)
print(TEXT["demo: sigmoid(z) == 1 in float32"], (torch.sigmoid(z) == 1).tolist())
for name, value in [
    ("BCE on sigmoid(z)", F.binary_cross_entropy(torch.sigmoid(z), target, reduction="none")),
    ("BCE with logits  ", F.binary_cross_entropy_with_logits(z, target, reduction="none")),
]:
    print(name, [round(v, 4) for v in value.tolist()])
print(TEXT["demo: exact softplus"], [round(v, 4) for v in F.softplus(z).tolist()])

# %% [markdown] tags=["ru"]
# Граф для одного примера из 5 признаков с 3 независимыми бинарными выходами (как в лекции) и
# `grad_fn` его промежуточных значений:

# %% [markdown] tags=["en"]
# The graph for one example of 5 features with 3 independent binary outputs (as in the lecture), and
# the `grad_fn` of its intermediate values:

# %% tags=["demo"]
torch.manual_seed(7)
x_one = torch.ones(5)
y_one = torch.tensor([0.0, 1.0, 0.0])
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = x_one @ w + b
loss = F.binary_cross_entropy_with_logits(z, y_one)
print("loss =", round(loss.item(), 4))
print("z.grad_fn    =", type(z.grad_fn).__name__)
print("loss.grad_fn =", type(loss.grad_fn).__name__)
loss.backward()
print(TEXT["demo: w.grad shape"], tuple(w.grad.shape), "| b.grad:", b.grad)

# %% [markdown] tags=["ru"]
# У этой функции потерь простая производная по логитам:
#
# $$\frac{\partial L}{\partial z_i} = \frac{\sigma(z_i) - y_i}{N},$$
#
# где $N$ — число элементов `z`. Дальше по chain rule: $\partial L/\partial w = x^\top \,\partial L/\partial z$,
# $\partial L/\partial b = \sum_i \partial L/\partial z_i$. Проверим на примере выше.

# %% [markdown] tags=["en"]
# This loss has a simple derivative with respect to the logits:
#
# $$\frac{\partial L}{\partial z_i} = \frac{\sigma(z_i) - y_i}{N},$$
#
# with $N$ the number of elements of `z`. Then, by the chain rule, $\partial L/\partial w = x^\top \,\partial L/\partial z$
# and $\partial L/\partial b = \sum_i \partial L/\partial z_i$. Check it on the example above.

# %% tags=["demo"]
with torch.no_grad():
    dz = (torch.sigmoid(z) - y_one) / z.numel()
    print(TEXT["demo: b.grad matches dL/dz"], torch.allclose(b.grad, dz))
    print(TEXT["demo: w.grad matches outer(x, dz)"], torch.allclose(w.grad, torch.outer(x_one, dz)))

# %% [markdown] tags=["ru"]
# ### Задание 6. Градиенты логистической регрессии (2 балла)
#
# Напишите `logistic_grads(x, y, w, b)`, которая возвращает `(loss, dw, db)`: значение
# `F.binary_cross_entropy_with_logits(x @ w + b, y)` (среднее по всем элементам) как 0-мерный тензор
# dtype входов и его градиенты по `w` и `b` той же формы и dtype, что `w` и `b`. Тензоры
# вызывающего не меняйте; все три результата — новые тензоры без градиента (правило из задания 1):
# `loss` верните через `.detach()`.
#
# Пример: `x = [[1, 2], [3, -1]]`, `y = [1, 0]`, `w = [0, 0]`, `b = [0]`. Тогда $z = 0$,
# $\sigma(z) = 0.5$, $L = \log 2$, $\partial L/\partial z = (-0.25, 0.25)$, `dw = [0.5, -0.75]`, `db = [0]`.
# С `b = [ln 3]`: $\sigma(z) = 3/4$, $L \approx 0.8370$, `dw = [1, -0.625]`, `db = [0.25]`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# Формы бывают разные: `x` формы (N, D) с `w` формы (D,) и `b` формы (1,) или скаляром; `x` формы
# (N, D) с `w` формы (D, K), `b` формы (K,) и `y` формы (N, K); один пример `x` формы (D,) с `w`
# формы (D, K) и `b` формы (K,), как в лекции. Повторный вызов должен давать тот же ответ.
#
# - `test_logistic_grads_values` (1 балл): `loss`, `dw` и `db` (значения, формы, dtype) для всех
#   трёх видов форм во float32 и float64, в том числе для больших логитов ($|z|$ до десятков), где
#   функция потерь на вероятностях ошибается.
# - `test_logistic_grads_caller` (1 балл): мягкие ответы `y` из $[0, 1]$; `w` и `b` требуют
#   градиента, у `w` уже есть `.grad`, и `w` и `b`, которые градиента не требуют: все вызовы (два
#   подряд для первого случая) дают верный ответ, а значения, `requires_grad` и `.grad` всех
#   аргументов остаются прежними; `loss`, `dw` и `db` не требуют градиента и не делят память с
#   аргументами (правило из задания 1).
#
# </details>

# %% [markdown] tags=["en"]
# ### Exercise 6. Gradients of logistic regression (2 points)
#
# Write `logistic_grads(x, y, w, b)` returning `(loss, dw, db)`: the value of
# `F.binary_cross_entropy_with_logits(x @ w + b, y)` (the mean over all elements) as a 0-dim tensor of
# the inputs' dtype, and its gradients with respect to `w` and `b`, with the shapes and dtypes of `w`
# and `b`. Leave the caller's tensors unchanged; all three results are fresh tensors without grad
# (the rule of exercise 1): return `loss` through `.detach()`.
#
# Example: `x = [[1, 2], [3, -1]]`, `y = [1, 0]`, `w = [0, 0]`, `b = [0]`. Then $z = 0$,
# $\sigma(z) = 0.5$, $L = \log 2$, $\partial L/\partial z = (-0.25, 0.25)$, `dw = [0.5, -0.75]`, `db = [0]`.
# With `b = [ln 3]`: $\sigma(z) = 3/4$, $L \approx 0.8370$, `dw = [1, -0.625]`, `db = [0.25]`.
#
# <details><summary>What grading checks</summary>
#
# Shapes vary: `x` of shape (N, D) with `w` of shape (D,) and `b` of shape (1,) or a scalar; `x` of
# shape (N, D) with `w` of shape (D, K), `b` of shape (K,) and `y` of shape (N, K); a single example
# `x` of shape (D,) with `w` of shape (D, K) and `b` of shape (K,), as in the lecture. A second call
# must give the same answer.
#
# - `test_logistic_grads_values` (1 point): `loss`, `dw` and `db` (values, shapes, dtypes) for all
#   three kinds of shapes in float32 and float64, large logits included ($|z|$ up to tens), where the
#   loss on probabilities goes wrong.
# - `test_logistic_grads_caller` (1 point): soft targets `y` in $[0, 1]$; `w` and `b` that require
#   grad, `w` with a `.grad` already, and `w` and `b` that do not require grad: every call (two in a
#   row for the first case) gives the right answer, and all arguments keep their values,
#   `requires_grad` and `.grad`; `loss`, `dw` and `db` do not require grad and share no memory with
#   the arguments (the rule of exercise 1).
#
# </details>

# %% nbgrader={"grade_id": "logistic_grads", "solution": true}
def logistic_grads(x, y, w, b):
    """(loss, dw, db) for loss = binary_cross_entropy_with_logits(x @ w + b, y) (mean reduction).

    dw has the shape of w and db the shape of b. The caller's tensors stay untouched.
    """
    ### BEGIN SOLUTION
    w = w.detach().requires_grad_(True)
    b = b.detach().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(x @ w + b, y)
    dw, db = torch.autograd.grad(loss, (w, b))
    return loss.detach(), dw, db
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_logistic_grads_values", "grade": true, "points": 1, "locked": true}
x, y = torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([1.0, 0.0])
w, b = torch.zeros(2), torch.zeros(1)
loss, dw, db = logistic_grads(x, y, w, b)
assert not w.requires_grad and not b.requires_grad, TEXT["logistic_grads: flags changed"]
assert isinstance(loss, torch.Tensor) and not loss.requires_grad, TEXT["logistic_grads: loss without grad"]
torch.testing.assert_close(loss, torch.log(torch.tensor(2.0)), msg=TEXT["logistic_grads: loss log(2)"])
torch.testing.assert_close(dw, torch.tensor([0.5, -0.75]), msg=TEXT["logistic_grads: dw"])
torch.testing.assert_close(db, torch.tensor([0.0]), msg=TEXT["logistic_grads: db"])
results = logistic_grads(x, y, torch.zeros(2), torch.tensor([3.0]).log())
for name, value, want in zip(("loss", "dw", "db"), results, (0.836988, [1.0, -0.625], [0.25])):
    torch.testing.assert_close(value, torch.tensor(want), msg=TEXT["logistic_grads: second example"].format(
        name=name, want=want))
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2011)
for x_shape, w_shape, b_shape, y_shape, scale, dtype in [((8, 3), (3,), (1,), (8,), 1.0, torch.float32),
                                                         ((6, 4), (4,), (), (6,), 1.0, torch.float64),
                                                         ((5,), (5, 3), (3,), (3,), 1.0, torch.float32),
                                                         ((7, 2), (2, 3), (3,), (7, 3), 1.0, torch.float64),
                                                         ((10, 3), (3,), (1,), (10,), 15.0, torch.float32)]:
    x = torch.randn(x_shape, generator=gen, dtype=dtype) * scale
    w = torch.randn(w_shape, generator=gen, dtype=dtype)
    b = torch.randn(b_shape, generator=gen, dtype=dtype)
    y = torch.randint(0, 2, y_shape, generator=gen).to(dtype)
    probe.call(f"logistic_grads(x {x_shape}, y {y_shape}, w {w_shape}, b {b_shape}, {dtype}"
               + (", large logits)" if scale > 1 else ")"), logistic_grads, x, y, w, b)
probe.call("logistic_grads(the worked example)", logistic_grads, torch.tensor([[1.0, 2.0], [3.0, -1.0]]),
           torch.tensor([1.0, 0.0]), torch.zeros(2), torch.zeros(1))
probe.call("logistic_grads(the second worked example, b = [ln 3])", logistic_grads,
           torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([1.0, 0.0]), torch.zeros(2), torch.tensor([3.0]).log())
### END HIDDEN TESTS

# %% judge="test_logistic_grads_values"
def judge(got, want):
    for key in want.keys("logistic_grads("):
        result, expected = got[key], want[key]
        assert isinstance(result, (tuple, list)) and len(result) == 3, f"{key} must return (loss, dw, db)"
        loss = result[0]
        assert isinstance(loss, torch.Tensor) and loss.dim() == 0, f"the loss from {key} must be a 0-dim tensor"
        for name, value, right in zip(("the loss", "dw", "db"), result, expected):
            check_tensor(value, right, f"{name} from {key}")

# %% nbgrader={"grade_id": "test_logistic_grads_caller", "grade": true, "points": 1, "locked": true}
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
first = logistic_grads(x, torch.tensor([1.0, 0.0]), w, b)
second = logistic_grads(x, torch.tensor([1.0, 0.0]), w, b)
assert w.grad is None and b.grad is None, TEXT["logistic_grads: grads left behind"]
assert w.requires_grad and b.requires_grad, TEXT["logistic_grads: flags changed"]
torch.testing.assert_close(second[1], torch.tensor([0.5, -0.75]), msg=TEXT["logistic_grads: second call"])
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2016)
x = torch.randn(9, 4, generator=gen)
y = torch.rand(9, generator=gen)
w = torch.randn(4, generator=gen).requires_grad_(True)
w.grad = torch.full((4,), 5.0)
b = torch.randn(1, generator=gen).requires_grad_(True)
plain_w, plain_b = torch.randn(4, generator=gen), torch.randn(1, generator=gen)
for call, (w_in, b_in) in [("w and b requiring grad, first call", (w, b)), ("w and b requiring grad, second call", (w, b)),
                           ("w and b not requiring grad", (plain_w, plain_b))]:
    key = f"logistic_grads(x, soft y, w, b) with {call}"
    probe.record(f"memory of {key}", probe.shared_memory(probe.call(key, logistic_grads, x, y, w_in, b_in),
                                                         [x, y, w_in, b_in]))
for name, tensor in zip(("x", "y", "w", "b", "w (not requiring grad)", "b (not requiring grad)"),
                        (x, y, w, b, plain_w, plain_b)):
    probe.record(f"caller's {name} after the calls", (tensor, tensor.grad))
### END HIDDEN TESTS

# %% judge="test_logistic_grads_caller"
def judge(got, want):
    calls = want.keys("logistic_grads(")
    for key in calls:
        got[key]  # the verdict names an exception that a call raised
    for key in want.keys("caller's "):
        check_untouched(got, want, key, "logistic_grads", key.split(" ")[1])
    for key in calls:
        result, expected = got[key], want[key]
        assert isinstance(result, (tuple, list)) and len(result) == 3, f"{key} must return (loss, dw, db)"
        for name, value, right in zip(("the loss", "dw", "db"), result, expected):
            if key.endswith("second call") and not matches(value, right):
                raise AssertionError(f"a second call returned another {name}: gradients must not pile up "
                                     "across calls (differentiate fresh detached tensors)")
            check_tensor(value, right, f"{name} from {key}")
        check_fresh(got, key, result)

# %% tags=["demo", "self_check"]
check_more_logistic_grads(logistic_grads)

# %% figure="logistic"
import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F

T = {"ru": {"loss": "Бинарная кросс-энтропия по шагам", "step": "шаг", "bound": "Граница решений x·w + b = 0",
            "after": "после {} шагов", "cls": "класс {}"},
     "en": {"loss": "Binary cross-entropy against the step", "step": "step", "bound": "Decision boundary x·w + b = 0",
            "after": "after {} steps", "cls": "class {}"}}[lang]
# the data and the steps of the training cell below the picture
gen = torch.Generator().manual_seed(3)
labels = (torch.arange(200) % 2).float()
centres = torch.tensor([[-0.5, 1.5], [2.5, 0.0]])
points = torch.randn(200, 2, generator=gen) + centres[labels.long()]
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
losses, snapshots = [], {}
for step in range(201):
    if step in (2, 15, 200):
        snapshots[step] = (w.detach().clone(), b.item())
    if step == 200:
        break
    loss = F.binary_cross_entropy_with_logits(points @ w + b, labels)
    loss.backward()
    with torch.no_grad():
        for p in (w, b):
            p -= 0.3 * p.grad
            p.grad = None
    losses.append(loss.item())

fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.6))
left.plot(range(200), losses, color="#3182bd")
left.set_xlabel(T["step"])
left.set_title(T["loss"], fontsize=10)
for label, colour in [(0, "#e6550d"), (1, "#3182bd")]:
    chosen = points[labels == label]
    right.scatter(chosen[:, 0], chosen[:, 1], s=8, color=colour, alpha=0.6, label=T["cls"].format(label))
xs = torch.linspace(-4.0, 8.5, 2)
for (step, (wk, bk)), style in zip(snapshots.items(), [":", "--", "-"]):
    right.plot(xs, -(wk[0] * xs + bk) / wk[1], color="black", ls=style, label=T["after"].format(step))
right.set_xlim(-4, 8.5)
right.set_ylim(-3, 5)
right.set_title(T["bound"], fontsize=10)
right.legend(fontsize=8, loc="lower right", framealpha=0.9)
fig.tight_layout()

# %% [markdown] tags=["ru"]
# Проверим ответ по формуле $\partial L/\partial z = (\sigma(z) - y)/N$ и обучим логистическую
# регрессию на двух облаках точек: градиенты из `logistic_grads`, шаг через `sgd_step` (`lr = 0.3`,
# 200 шагов; пока задания 4 и 6 не решены, ячейка это пропускает). Рисунок посчитан на тех же точках
# теми же шагами, и напечатанные значения loss лягут на его кривую: loss падает, а граница решений
# $x w + b = 0$ за первые шаги разворачивается между облаками и потом сдвигается.
#
# ![Кривая потерь логистической регрессии и её граница решений](attachment:logistic.png)

# %% [markdown] tags=["en"]
# Check the result against $\partial L/\partial z = (\sigma(z) - y)/N$ and train logistic regression on
# two clouds of points: gradients from `logistic_grads`, steps with `sgd_step` (`lr = 0.3`, 200
# steps; skipped until exercises 4 and 6 are solved). The picture comes from the same points and
# steps, so the printed losses lie on its curve: the loss falls, and the decision boundary
# $x w + b = 0$ turns between the clouds in the first steps, then shifts.
#
# ![The loss curve of logistic regression and its decision boundary](attachment:logistic.png)

# %% tags=["demo"]
gen = torch.Generator().manual_seed(3)
n_points = 200
labels = (torch.arange(n_points) % 2).float()
centres = torch.tensor([[-0.5, 1.5], [2.5, 0.0]])  # the two clouds of the picture
features = torch.randn(n_points, 2, generator=gen) + centres[labels.long()]
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
try:
    loss, dw, db = logistic_grads(features, labels, w, b)
    dz = (torch.sigmoid(features @ w + b) - labels) / n_points
    print(TEXT["demo: dw matches x^T dz"], torch.allclose(dw, features.T @ dz),
          TEXT["demo: db matches sum(dz)"], torch.allclose(db, dz.sum(0, keepdim=True)))
    for step in range(200):
        loss, w.grad, b.grad = logistic_grads(features, labels, w, b)
        sgd_step([w, b], lr=0.3)
        if step % 25 == 0:
            print(TEXT["demo: training, a step"].format(step=step, item_loss=loss.item()))
    with torch.no_grad():
        accuracy = ((features @ w + b > 0).float() == labels).float().mean()
    print(TEXT["demo: training, result"].format(
        item_loss=loss.item(), item_accuracy=accuracy.item(), tolist_w=w.tolist(), tolist_b=b.tolist()))
except NotImplementedError:
    print(TEXT["demo: skipped, needs exercises 4 and 6"])

# %% [markdown] tags=["ru"]
# ## 8. Вопросы для самопроверки (около 10 минут)
#
# 1. Какие тензоры — листья графа, и у каких из них после `backward()` появляется `.grad`?
#
# <details><summary>Ответ</summary>
#
# Листья — тензоры, созданные не операцией с градиентом (у них `grad_fn is None`). `.grad` получают
# только листья с `requires_grad=True`; у промежуточных тензоров его нет, если не вызвать
# `retain_grad()`.
#
# </details>
#
# 2. Почему второй `backward()` по тому же графу обычно падает, а `(x + y).backward()` можно вызвать
#    дважды?
#
# <details><summary>Ответ</summary>
#
# Первый проход освобождает значения, которые операции сохранили для обратного прохода (`x**2`
# хранит `x`). Сложению сохранять нечего: его производные постоянны.
#
# </details>
#
# 3. Чем `loss.backward()` отличается от `torch.autograd.grad(loss, inputs)`?
#
# <details><summary>Ответ</summary>
#
# `backward()` ничего не возвращает и прибавляет градиенты к `.grad` листьев (так работает
# оптимизатор); `autograd.grad` возвращает градиенты по `inputs` и не трогает `.grad` (удобно внутри
# функции, которая не должна менять чужие тензоры).
#
# </details>
#
# 4. Что будет, если не сбрасывать `.grad` между шагами обучения?
#
# <details><summary>Ответ</summary>
#
# Градиенты накапливаются: каждый шаг будет идти по сумме всех прошлых градиентов, а не по текущему.
# Ошибки при этом нет, обучение просто идёт неправильно.
#
# </details>
#
# 5. Какое из обновлений верно: `w -= lr * w.grad`, `w = w - lr * w.grad` или
#    `with torch.no_grad(): w -= lr * w.grad`? Что не так с остальными?
#
# <details><summary>Ответ</summary>
#
# Верно третье. Первое — операция на месте над листом вне `no_grad`: `RuntimeError`. Второе создаёт
# новый тензор, не лист: на следующем шаге его `.grad` будет `None`, а граф растёт от шага к шагу.
#
# </details>
#
# 6. Предсказания формы (n, 1), ответы формы (n,). Что считает `((y_pred - y_true) ** 2).mean()`?
#
# <details><summary>Ответ</summary>
#
# Среднее квадратов всех попарных разностей, матрицы (n, n): каждое предсказание сравнивается с
# каждым ответом, и минимум достигается, когда все предсказания равны среднему ответов.
#
# </details>
#
# 7. Почему `F.binary_cross_entropy_with_logits(z, y)` лучше, чем
#    `F.binary_cross_entropy(torch.sigmoid(z), y)`?
#
# <details><summary>Ответ</summary>
#
# При больших $z$ сигмоида во float32 округляется ровно до 1 (ровно до 0 — лишь около
# $z \approx -88 \ldots -104$), логарифм $\log(1 - \sigma(z))$ равен $-\infty$ и обрезается до $-100$.
# Версия с логитами считает $\log\sigma(z)$ устойчиво и даёт точный ответ.
#
# </details>
#
# 8. Сколько узлов `AccumulateGrad` в графе `a*b + c*d`, если `d` не требует градиента, а `a`, `b`, `c`
#    требуют?
#
# <details><summary>Ответ</summary>
#
# Три, по одному на каждый лист, которому нужен градиент. У `d` узла нет: в `next_functions` узла
# умножения на его месте стоит `None`.
#
# </details>

# %% [markdown] tags=["en"]
# ## 8. Questions to check yourself (about 10 minutes)
#
# 1. Which tensors are the leaves of the graph, and which of them get a `.grad` after `backward()`?
#
# <details><summary>Answer</summary>
#
# Leaves are tensors not produced by an operation with gradients (their `grad_fn` is `None`). Only
# the leaves with `requires_grad=True` get a `.grad`; intermediate tensors do not, unless you call
# `retain_grad()`.
#
# </details>
#
# 2. Why does a second `backward()` through the same graph usually fail, while `(x + y).backward()`
#    can be called twice?
#
# <details><summary>Answer</summary>
#
# The first pass frees the values that operations saved for the backward pass (`x**2` keeps `x`).
# An addition has nothing to save: its derivatives are constant.
#
# </details>
#
# 3. How does `loss.backward()` differ from `torch.autograd.grad(loss, inputs)`?
#
# <details><summary>Answer</summary>
#
# `backward()` returns nothing and adds the gradients into the leaves' `.grad` (that is what an
# optimizer reads); `autograd.grad` returns the gradients with respect to `inputs` and leaves `.grad`
# alone (handy inside a function that must not change someone else's tensors).
#
# </details>
#
# 4. What happens if `.grad` is not reset between training steps?
#
# <details><summary>Answer</summary>
#
# Gradients accumulate: every step follows the sum of all past gradients instead of the current one.
# Nothing raises; the training just goes wrong.
#
# </details>
#
# 5. Which update is right: `w -= lr * w.grad`, `w = w - lr * w.grad`, or
#    `with torch.no_grad(): w -= lr * w.grad`? What is wrong with the others?
#
# <details><summary>Answer</summary>
#
# The third. The first is an in-place operation on a leaf outside `no_grad`: a `RuntimeError`. The
# second makes a new tensor that is not a leaf: on the next step its `.grad` is `None`, and the graph
# grows from step to step.
#
# </details>
#
# 6. Predictions of shape (n, 1), targets of shape (n,). What does `((y_pred - y_true) ** 2).mean()`
#    compute?
#
# <details><summary>Answer</summary>
#
# The mean of the squares of all pairwise differences, an (n, n) matrix: every prediction is compared
# with every target, and the minimum is where every prediction equals the mean of the targets.
#
# </details>
#
# 7. Why is `F.binary_cross_entropy_with_logits(z, y)` better than
#    `F.binary_cross_entropy(torch.sigmoid(z), y)`?
#
# <details><summary>Answer</summary>
#
# For large $z$ the float32 sigmoid rounds to exactly 1 (to exactly 0 only near
# $z \approx -88 \ldots -104$), so $\log(1 - \sigma(z))$ is $-\infty$ and gets clipped to $-100$. The
# logits version computes $\log\sigma(z)$ stably and gives the exact answer.
#
# </details>
#
# 8. How many `AccumulateGrad` nodes has the graph of `a*b + c*d` when `d` does not require grad and
#    `a`, `b`, `c` do?
#
# <details><summary>Answer</summary>
#
# Three, one for each leaf that needs a gradient. `d` gets no node: the multiplication's
# `next_functions` holds `None` in its place.
#
# </details>

# %% [markdown] tags=["ru"]
# ## Итоги
#
# - Autograd строит граф во время прямого прохода; градиенты собираются в `.grad` листьев с
#   `requires_grad=True` и копятся: обнуляйте их между шагами.
# - `backward()` пишет в `.grad`, `torch.autograd.grad` возвращает градиенты; оба освобождают граф.
# - Параметры обновляют на месте внутри `torch.no_grad()`.
# - Сверяйте формы предсказаний и ответов; для классификации берите потери на логитах.
#
# <details><summary>Что почитать и посмотреть</summary>
#
# - [Autograd mechanics](https://pytorch.org/docs/stable/notes/autograd.html): как autograd
#   устроен внутри (граф, сохранённые тензоры, операции на месте, способы отключить градиенты).
# - [A Gentle Introduction to `torch.autograd`](https://pytorch.org/tutorials/beginner/blitz/autograd_tutorial.html)
#   и [Automatic Differentiation with `torch.autograd`](https://pytorch.org/tutorials/beginner/basics/autogradqs_tutorial.html):
#   официальные туториалы PyTorch.
# - [`torch.autograd`](https://pytorch.org/docs/stable/autograd.html): справочник API.
# - [Backpropagation: анимированное изложение](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
#   (Google Machine Learning Crash Course).
# - [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b),
#   Andrej Karpathy.
# - [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ),
#   курс видеолекций Andrej Karpathy: первая лекция — autograd с нуля.
#
# </details>

# %% [markdown] tags=["en"]
# ## Summary
#
# - Autograd builds the graph during the forward pass; gradients collect in the `.grad` of the
#   leaves with `requires_grad=True` and accumulate: reset them between steps.
# - `backward()` writes into `.grad`, `torch.autograd.grad` returns the gradients; both free the graph.
# - Parameters are updated in place inside `torch.no_grad()`.
# - Check that predictions and targets have one shape; for classification use losses on logits.
#
# <details><summary>Further reading and watching</summary>
#
# - [Autograd mechanics](https://pytorch.org/docs/stable/notes/autograd.html): how autograd works
#   inside (the graph, saved tensors, in-place operations, the ways to turn gradients off).
# - [A Gentle Introduction to `torch.autograd`](https://pytorch.org/tutorials/beginner/blitz/autograd_tutorial.html)
#   and [Automatic Differentiation with `torch.autograd`](https://pytorch.org/tutorials/beginner/basics/autogradqs_tutorial.html):
#   PyTorch's official tutorials.
# - [`torch.autograd`](https://pytorch.org/docs/stable/autograd.html): the API reference.
# - [Backpropagation, animated](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
#   (Google's Machine Learning Crash Course).
# - [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b),
#   Andrej Karpathy.
# - [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ),
#   Andrej Karpathy's video course: its first lecture builds autograd from scratch.
#
# </details>
