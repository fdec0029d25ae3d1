# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown] tags=["ru"]
# # Урок 4. Своя функция autograd (`Power`) и поиск корней
#
# В этом уроке мы:
#
# 1. разберём, как устроена `torch.autograd.Function` и когда стоит писать свою операцию
#    (примеры лекции: `MulConstant` и `Mul`);
# 2. напишем `Power` — возведение тензора в целую степень одними умножениями, с собственным
#    обратным проходом;
# 3. найдём корень многочлена $x^7 + 5x^3 + 17x - 9$ делением отрезка пополам и методом Ньютона
#    (производную даст autograd) и сравним, как быстро они сходятся;
# 4. запустим метод Ньютона сразу для сотен многочленов без цикла по ним — это векторизация.
#
# **Время:** около 3 часов (180 минут): разделы 20 + 45 + 5 + 25 + 10 + 25 + 10 + 30 + 10 минут.
#
# | Задание | Баллы |
# |---|---|
# | 1. `Power`: прямой проход, число умножений, обратный проход, проверка `p` | 1 + 1 + 1 + 1 |
# | 2. `bisection_root` | 3 |
# | 2б. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Итого** | **13** |
#
# После каждого задания есть необязательная ячейка «проверить ещё»: она гоняет ваше решение на сотнях
# случайных входов и называет первый, на котором что-то не так.

# %% [markdown] tags=["en"]
# # Lesson 4. A custom autograd Function (`Power`) and root finding
#
# In this lesson we:
#
# 1. see how `torch.autograd.Function` works and when a custom operation is worth writing
#    (the lecture's examples: `MulConstant` and `Mul`);
# 2. write `Power`, raising a tensor to an integer power with multiplications only, with a
#    backward pass of our own;
# 3. find the root of the polynomial $x^7 + 5x^3 + 17x - 9$ by bisection and by Newton's method
#    (autograd supplies the derivative) and compare how fast they converge;
# 4. run Newton's method on hundreds of polynomials at once without a loop over them: vectorization.
#
# **Time:** about 3 hours (180 minutes): sections of 20 + 45 + 5 + 25 + 10 + 25 + 10 + 30 + 10 minutes.
#
# | Exercise | Points |
# |---|---|
# | 1. `Power`: forward pass, multiplication count, backward pass, checks of `p` | 1 + 1 + 1 + 1 |
# | 2. `bisection_root` | 3 |
# | 2b. `find_bracket` | 1 |
# | 3. `newton_root` | 3 |
# | 4. `newton_roots_batched` | 2 |
# | **Total** | **13** |
#
# Every exercise is followed by an optional "check more" cell: it runs your solution on hundreds of
# random inputs and names the first one where something is wrong.

# %% nbgrader={"grade_id": "messages", "locked": true} tags=["ru"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "setup: versions": "torch {torch}; CUDA доступна: {cuda}",
    "MulConstant demo: forward called directly": "MulConstant.forward(x, 4): y = {y}, grad_fn = {grad_fn} "
                                                 "(встроенный узел: наш backward обойдён)",
    "gradcheck demo: Mul": "Mul проходит gradcheck:        ",
    "gradcheck demo: MulConstant": "MulConstant проходит gradcheck:",
    "gradcheck demo: float32 epsilon": "машинный эпсилон float32:",
    "gradcheck demo: epsilon / 2e-6": "| делённый на 2 * 1e-6:",
    "saved tensor demo: no error raised": "{function:>10} -> dz/dx = {grad} (должно быть 3.0), ошибки нет",
    "passed": "Дополнительные проверки пройдены (случайных случаев: {cases}).",
    "skipped": "Пропущено: ещё не написано ({names}: NotImplementedError). Допишите и выполните эту ячейку снова.",
    "not_tensor": "{call}: нужен тензор, получено {got}",
    "dtype": "{call}: у результата должен остаться dtype x, {want}; получено {got}",
    "shape": "{call}: у результата должна остаться форма x, {want}; получено {got}",
    "values": "{call} отличается от torch.pow(x, {p}): {detail}",
    "changed_x": "{call} изменил свой вход x: Power не должен менять x",
    "forbidden": "{call}: forward вызвал {names}; разрешены только умножения",
    "too_many": "{call}: умножений насчитано {used}, а быстрому возведению в степень нужно не больше {limit}",
    "too_few": "{call}: умножений тензоров насчитано всего {used}, а для x ** {p} их нужно хотя бы {least}",
    "grad": "градиент Power.apply(x, {p}) для {dtype} x = {x} при grad_output = {g}: ожидалось {want}, получено "
            "{got}",
    "no_grad": "backward должен дать x градиент (нули при p = 0), а не None: Power.apply(x, {p})",
    "type_error": "Power.apply(x, {p}) должен бросить TypeError (p не целое); вызов {got}",
    "type_message": "в TypeError от Power.apply(x, {p}) должно быть названо, что пришло: тип {type} или значение {p}",
    "value_error": "Power.apply(x, {p}) должен бросить ValueError (p отрицательное); вызов {got}",
    "value_message": "в ValueError от Power.apply(x, {p}) должно быть значение {p}",
    "integer_p": "Power.apply(x, {p}) должен работать как Power.apply(x, {value}); вызов {got}",
    "integer_p_values": "Power.apply(x, {p}) должен давать то же, что Power.apply(x, {value}): {detail}",
    "returned": "вернул {value}",
    "crashed": "{call}: вызов бросил {name}: {message}",
    "raised": "бросил {name}: {message}",
    "pair": "{call}: нужна пара (x, n): x — тензор из одного числа, n — int; получено {got}",
    "far": "{call}: ответ {got:.10g} в {error:.2e} от корня {root:.10g} (допустимо {allowed:.1e})",
    "halvings": "{call}: обычные правила остановки дают здесь n = {low} или n = {high}, насчитано n = {n}",
    "midpoint_root": "{call}: деление номер {j} попадает точно в корень {root!r}: верните его с n = {j} или "
                     "продолжайте до n = {low} или n = {high}, не дальше tol от него; получено x = {got!r}, n = {n}",
    "max_iter": "{call}: bisection_root должна остановиться на n = max_iter = {max_iter}, насчитано n = {n}",
    "end_root": "{call}: f({end}) = 0, так что этот конец нужно вернуть сразу, с n = 0; получено x = {got:.10g}, n "
                "= {n}",
    "no_value_error": "{call}: у f(lo) и f(hi) один знак, нужен ValueError; вызов {got}",
    "ends_message": "в ValueError от {call} должны быть названы оба конца, {lo} и {hi}",
    "bracket": "{call} должна вернуть {want}, первый [-s, s] со сменой знака или нулём на концах; вызов {got}",
    "bracket_floats": "{call}: lo и hi должны быть числами float, получено {got}",
    "bracket_error": "{call}: смены знака до start * 2**max_doublings нет, нужен ValueError; вызов {got}",
    "too_many_calls": "{call}: f вызвана больше {limit} раз, а после max_doublings удвоений нужно остановиться",
    "residual": "{call}: |f(x)| = {residual:.2e} в возвращённой точке, а должно быть < {tol}",
    "steps": "{call}: метод Ньютона останавливается на n = {want} (как только |f(x)| < tol), насчитано n = {n}",
    "other_root": "{call}: метод Ньютона из x0 приходит к {want:.8f}, получено {got:.8f}",
    "requires_grad": "{call}: возвращённое значение не должно требовать градиента (верните x.detach())",
    "autograd": "{call}: f'(x) должна давать autograd: при n = {n} backward функции f должен выполниться хотя бы n "
                "раз, а вызовов насчитано {calls}",
    "newton_error": "{call}: нужен {kind} ({why}); вызов {got}",
    "why_zero": "f'(x) = 0 там, откуда нужен шаг: касательная горизонтальна",
    "why_max_iter": "|f(x)| < tol не достигнуто за max_iter = {max_iter} шагов",
    "why_flat": "p'(x) = 0 там, откуда нужен шаг: x становится inf или nan и не сходится",
    "why_no_step_after_max_iter": "после шага max_iter = 1 шагов больше нет, какой бы ни была там f'(x): важно "
                                  "лишь, что |f(x)| ≥ tol",
    "names_max_iter": "в RuntimeError от {call} должно быть значение max_iter = {max_iter}",
    "roots_shape": "{call}: нужен тензор формы ({batch},), получено {got}",
    "dtype_of_coeffs": "{call}: корни должны быть в dtype coeffs, {want}; получено {got}",
    "roots_residual": "{call}: у многочлена {i} (коэффициенты {row}) |p(корень)| = {residual:.2e}, а должно быть < "
                      "{tol}",
    "roots_other": "{call}: многочлен {i} (коэффициенты {row}) должен прийти к корню, к которому метод Ньютона "
                   "приходит из его x0, {want:.8f}; получено {got:.8f}",
    "roots_memory": "{call}: корни делят память с {what}: верните новый тензор",
    "roots_expanded": "{call}: корни — размноженное expand представление (шаги {stride}): каждому элементу нужна "
                      "своя память",
    "coeffs_changed": "{call}: coeffs изменены, а менять их нельзя",
    "calls_grow": "в newton_roots_batched не должно быть цикла по многочленам: {small} вызовов torch при B = "
                  "{b_small}, {large} при B = {b_large}",
    "power_loop demo: calls counted": "power_loop(x, 13): {mul} умножений; все вызовы: {calls}",
    "Power_forward: x ** 0 is ones": "x ** 0 должно состоять из единиц",
    "Power_forward: [1, 2, 3] ** 2": "[1, 2, 3] ** 2 должно быть [1, 4, 9]",
    "Power_forward: keeps the dtype": "у результата должен остаться dtype x",
    "visible passed": "Видимые проверки пройдены. Скрытые тесты запустятся при оценивании.",
    "Power_multiplications: no pow": "forward не должен вызывать pow (или **)",
    "Power_multiplications: 9 to 20 for p = 1000": "Power.apply(x, 1000) должен делать от 9 до 20 умножений, "
                                                   "насчитано {count}",
    "Power_backward: x ** 3 times grad_output": "при grad_output = [0.5, -2] градиент Power.apply(x, 3) в x = [2, "
                                                "-1] равен grad_output * 3 * x ** 2 = [6, -6], получено {got}",
    "Power_backward: zeros for p = 0": "при p = 0 градиент равен 0, получено {got}",
    "Power table: naive loop": "наивный цикл",
    "Power table: limit": "граница 2 floor(log2 p) + 2",
    "Power table: largest error": "наибольшая |Power - torch.pow|",
    "Power table: skipped": "Пропущено: этой демонстрации нужен Power (задание 1). Решите его и запустите ячейку "
                            "снова.",
    "bisection_root: a pair (tensor, int)": "bisection_root должна вернуть (тензор, int)",
    "poly's root": "корень poly с пятью знаками: 0.49362, получено {got:.7f}",
    "bisection_root: 16 or 17 halvings": "бисекции на [0, 1] при tol = 1e-5 нужно 16 или 17 делений, получено {n}",
    "bisection_root: tol = 0.1": "bisection_root(poly, 0.0, 1.0, tol=0.1) должна закончить не дальше 0.1 от корня "
                                 "0.49362, сделав 3 или 4 деления; получено x = {x:.6f}, n = {n}",
    "bisection_root: max_iter = 5": "bisection_root(poly, 0.0, 1.0, max_iter=5) должна остановиться на n = 5, и x — "
                                    "в последнем отрезке [0.46875, 0.5]; получено x = {x:.6f}, n = {n}",
    "bracket then bisect: skipped": "Пропущено: этой демонстрации нужны find_bracket (задание 2б) и bisection_root "
                                    "(задание 2).",
    "bracket then bisect: result": "отрезок [{lo}, {hi}] -> корень {root:.6f} после {n} делений",
    "newton_root: a pair (tensor, int)": "newton_root должна вернуть (тензор, int)",
    "newton_root: |f(x)| < tol": "newton_root останавливается, только когда |f(x)| < tol",
    "newton_root: 3 steps from 0": "из x0 = 0 методу Ньютона на poly нужно 3 шага, насчитано {n}",
    "newton_root: converging at step max_iter": "newton_root(poly, 0.0, max_iter=3) сходится ровно на шаге 3 = "
                                                "max_iter: это успех, (x, 3); вызов {got}",
    "newton_root: |f(x0)| = tol": "newton_root(x - 1, 1.5, tol=0.5): |f(x0)| = 0.5 не меньше tol, так что нужен "
                                  "один шаг и ответ (1.0, 1); вызов {got}",
    "newton_root: x^2 from 0": "newton_root(x^2, 0.0): |f(x0)| = 0 < tol, шаг не нужен, и f'(x0) = 0 не важна: "
                               "ответ (0.0, 0); вызов {got}",
    "comparison table: method": "метод",
    "comparison table: root": "корень",
    "comparison table: 5 decimals": "5 знаков",
    "comparison table: |f(root)|": "|f(корень)|",
    "comparison table: iterations": "итераций",
    "comparison table: ms per call": "мс на вызов",
    "comparison table: bisection": "бисекция на [0, 1]",
    "comparison table: Newton": "Ньютон из x0 = 0",
    "comparison table: skipped": "Пропущено: этому сравнению нужны bisection_root (задание 2) и newton_root "
                                 "(задание 3).",
    "timeit: bisection skipped": "Пропущено: для %timeit бисекции нужно решённое задание 2.",
    "timeit: Newton skipped": "Пропущено: для %timeit метода Ньютона нужно решённое задание 3.",
    "iterations table: bisection": "итераций бисекции",
    "iterations table: Newton": "шагов Ньютона",
    "iterations table: skipped": "Пропущено: этой таблице нужны bisection_root (задание 2) и newton_root (задание "
                                 "3).",
    "Newton failures: a cycle": "x^3 - 2x + 2 из 0",
    "Newton failures: a flat start": "x^2 - 4 из 0",
    "Newton failures: skipped": "{name} -> пропущено: newton_root (задание 3) ещё не решён",
    "newton_roots_batched: shape (B,)": "newton_roots_batched должна вернуть тензор формы (B,)",
    "newton_roots_batched: converging at step max_iter": "три многочлена из 1.0 сходятся ровно на шаге 6 = "
                                                         "max_iter: при max_iter=6 это успех; вызов {got}",
    "newton_roots_batched: |p(x0)| = tol": "x - 1 из 1.5 при tol=0.5: |p(x0)| = 0.5 не меньше tol, так что нужен "
                                           "один шаг и корень [1.0]; получено {got}",
    "newton_roots_batched: converged at x0": "x - 3 и x^2 - 9 из 3.0 сошлись уже в x0: корни [3.0, 3.0], у каждого "
                                             "своя память (без шага 0); получено {got}, шаги {stride}",
    "loop or batch: skipped": "Пропущено: этому сравнению нужны newton_root (задание 3) и newton_roots_batched "
                              "(задание 4).",
    "loop or batch: version": "вариант",
    "loop or batch: torch calls": "вызовов torch",
    "loop or batch: time": "время (мс)",
    "loop or batch: µs per call": "мкс на вызов",
    "loop or batch: the loop": "цикл по 200 многочленам",
    "loop or batch: one call": "один векторный вызов",
    "loop or batch: largest difference": "наибольшая разница между корнями:",
    "GPU demo: skipped": "Пропущено: этой демонстрации нужен newton_roots_batched (задание 4).",
    "GPU demo: result": "1 000 000 многочленов пятой степени на {device}: {elapsed:.1f} мс, наибольшее |p(корень)| "
                        "= {residual:.2e}",
    "GPU demo: no GPU": "GPU нет. С ним эта ячейка решила бы 1 000 000 многочленов пятой степени одним вызовом "
                        "newton_roots_batched и напечатала бы время.",
}


# %% nbgrader={"grade_id": "messages", "locked": true} tags=["en"] title={"ru": "Сообщения на языке ноутбука", "en": "Messages in the notebook's language"}
TEXT = {
    "setup: versions": "torch {torch}; CUDA available: {cuda}",
    "MulConstant demo: forward called directly": "MulConstant.forward(x, 4): y = {y}, grad_fn = {grad_fn} (a "
                                                 "built-in node: our backward is bypassed)",
    "gradcheck demo: Mul": "Mul passes gradcheck:        ",
    "gradcheck demo: MulConstant": "MulConstant passes gradcheck:",
    "gradcheck demo: float32 epsilon": "float32 machine epsilon:",
    "gradcheck demo: epsilon / 2e-6": "| divided by 2 * 1e-6:",
    "saved tensor demo: no error raised": "{function:>10} -> dz/dx = {grad} (should be 3.0), no error raised",
    "passed": "Extra checks passed ({cases} random cases).",
    "skipped": "Skipped: not written yet ({names}: NotImplementedError). Write it, then run this cell again.",
    "not_tensor": "{call} must return a tensor, got {got}",
    "dtype": "{call}: the result must keep the dtype of x, {want}; got {got}",
    "shape": "{call}: the result must keep the shape of x, {want}; got {got}",
    "values": "{call} differs from torch.pow(x, {p}): {detail}",
    "changed_x": "{call} changed its input x: Power must leave x unchanged",
    "forbidden": "{call}: forward called {names}; only multiplications are allowed",
    "too_many": "{call}: multiplications counted: {used}; exponentiation by squaring needs at most {limit}",
    "too_few": "{call}: tensor multiplications counted: {used}; x ** {p} needs at least {least}",
    "grad": "the gradient of Power.apply(x, {p}) for {dtype} x = {x} with grad_output = {g}: expected {want}, got "
            "{got}",
    "no_grad": "backward must give x a gradient (zeros when p = 0), not None: Power.apply(x, {p})",
    "type_error": "Power.apply(x, {p}) must raise TypeError (p is not an integer); the call {got}",
    "type_message": "the TypeError of Power.apply(x, {p}) must name what it received: the type {type} or the value "
                    "{p}",
    "value_error": "Power.apply(x, {p}) must raise ValueError (p is negative); the call {got}",
    "value_message": "the ValueError of Power.apply(x, {p}) must name the value {p}",
    "integer_p": "Power.apply(x, {p}) must work like Power.apply(x, {value}); the call {got}",
    "integer_p_values": "Power.apply(x, {p}) must give what Power.apply(x, {value}) gives: {detail}",
    "returned": "returned {value}",
    "crashed": "{call} raised {name}: {message}",
    "raised": "raised {name}: {message}",
    "pair": "{call} must return a pair (x, n): x a one-element tensor, n an int; got {got}",
    "far": "{call}: returned {got:.10g}, which is {error:.2e} away from the root {root:.10g} (allowed {allowed:.1e})",
    "halvings": "{call}: the usual stopping rules give n = {low} or n = {high} here, counted n = {n}",
    "midpoint_root": "{call}: halving number {j} lands exactly on the root {root!r}: return it with n = {j}, or go "
                     "on to n = {low} or n = {high} within tol of it; got x = {got!r}, n = {n}",
    "max_iter": "{call}: bisection_root must stop at n = max_iter = {max_iter}, counted n = {n}",
    "end_root": "{call}: f({end}) = 0, so that end must come back at once with n = 0; got x = {got:.10g}, n = {n}",
    "no_value_error": "{call}: f(lo) and f(hi) have the same sign, so it must raise ValueError; the call {got}",
    "ends_message": "the ValueError of {call} must name both ends, {lo} and {hi}",
    "bracket": "{call} must return {want}, the first [-s, s] whose ends have opposite signs or a zero; the call "
               "{got}",
    "bracket_floats": "{call}: lo and hi must be Python floats, got {got}",
    "bracket_error": "{call}: no sign change within start * 2**max_doublings, so it must raise ValueError; the call "
                     "{got}",
    "too_many_calls": "{call} called f more than {limit} times: it must stop after max_doublings doublings",
    "residual": "{call}: |f(x)| = {residual:.2e} at the returned x, it must be < {tol}",
    "steps": "{call}: Newton's method stops at n = {want} (as soon as |f(x)| < tol), counted n = {n}",
    "other_root": "{call}: Newton's method from x0 reaches {want:.8f}, got {got:.8f}",
    "requires_grad": "{call}: the returned value must not require grad (return x.detach())",
    "autograd": "{call}: f'(x) must come from autograd: with n = {n} the backward of f must run at least n times, "
                "it ran {calls}",
    "newton_error": "{call} must raise {kind} ({why}); the call {got}",
    "why_zero": "f'(x) = 0 where a step is due: the tangent is flat",
    "why_max_iter": "|f(x)| < tol is not reached within max_iter = {max_iter} steps",
    "why_flat": "p'(x) = 0 where a step is due: that x becomes inf or nan and never converges",
    "why_no_step_after_max_iter": "after step max_iter = 1 no step is due, whatever f'(x) is there: only |f(x)| >= "
                                  "tol counts",
    "names_max_iter": "the RuntimeError of {call} must name max_iter = {max_iter}",
    "roots_shape": "{call} must return a tensor of shape ({batch},), got {got}",
    "dtype_of_coeffs": "{call}: the roots must have the dtype of coeffs, {want}; got {got}",
    "roots_residual": "{call}: polynomial {i} (coefficients {row}) has |p(root)| = {residual:.2e}, it must be < "
                      "{tol}",
    "roots_other": "{call}: polynomial {i} (coefficients {row}) must end at the root Newton's method reaches from "
                   "its x0, {want:.8f}; got {got:.8f}",
    "roots_memory": "{call}: the roots share memory with {what}: return a new tensor",
    "roots_expanded": "{call}: the roots are an expanded view (stride {stride}): every element needs memory of its "
                      "own",
    "coeffs_changed": "{call} changed coeffs: leave them unchanged",
    "calls_grow": "newton_roots_batched must not loop over the polynomials: {small} torch calls for B = {b_small}, "
                  "{large} for B = {b_large}",
    "power_loop demo: calls counted": "power_loop(x, 13): {mul} multiplications; all calls: {calls}",
    "Power_forward: x ** 0 is ones": "x ** 0 must be all ones",
    "Power_forward: [1, 2, 3] ** 2": "[1, 2, 3] ** 2 must be [1, 4, 9]",
    "Power_forward: keeps the dtype": "the result must keep the dtype of x",
    "visible passed": "Visible checks passed. Hidden tests run at grading.",
    "Power_multiplications: no pow": "forward must not call pow (or **)",
    "Power_multiplications: 9 to 20 for p = 1000": "Power.apply(x, 1000) must take 9 to 20 multiplications, counted "
                                                   "{count}",
    "Power_backward: x ** 3 times grad_output": "with grad_output = [0.5, -2] the gradient of Power.apply(x, 3) at "
                                                "x = [2, -1] is grad_output * 3 * x ** 2 = [6, -6], got {got}",
    "Power_backward: zeros for p = 0": "for p = 0 the gradient is 0, got {got}",
    "Power table: naive loop": "naive loop",
    "Power table: limit": "limit 2 floor(log2 p) + 2",
    "Power table: largest error": "largest |Power - torch.pow|",
    "Power table: skipped": "Skipped: this demonstration needs Power (exercise 1). Solve it and run this cell again.",
    "bisection_root: a pair (tensor, int)": "bisection_root must return (tensor, int)",
    "poly's root": "the root of poly is 0.49362 to five decimals, got {got:.7f}",
    "bisection_root: 16 or 17 halvings": "bisection on [0, 1] with tol = 1e-5 needs 16 or 17 halvings, got {n}",
    "bisection_root: tol = 0.1": "bisection_root(poly, 0.0, 1.0, tol=0.1) must end within 0.1 of the root 0.49362 "
                                 "after 3 or 4 halvings; got x = {x:.6f}, n = {n}",
    "bisection_root: max_iter = 5": "bisection_root(poly, 0.0, 1.0, max_iter=5) must stop at n = 5 with x in the "
                                    "last interval [0.46875, 0.5]; got x = {x:.6f}, n = {n}",
    "bracket then bisect: skipped": "Skipped: this demonstration needs find_bracket (exercise 2b) and "
                                    "bisection_root (exercise 2).",
    "bracket then bisect: result": "bracket [{lo}, {hi}] -> root {root:.6f} after {n} halvings",
    "newton_root: a pair (tensor, int)": "newton_root must return (tensor, int)",
    "newton_root: |f(x)| < tol": "newton_root must stop only when |f(x)| < tol",
    "newton_root: 3 steps from 0": "from x0 = 0, Newton's method needs 3 steps on poly, counted {n}",
    "newton_root: converging at step max_iter": "newton_root(poly, 0.0, max_iter=3) converges exactly at step 3 = "
                                                "max_iter: a success, (x, 3); the call {got}",
    "newton_root: |f(x0)| = tol": "newton_root(x - 1, 1.5, tol=0.5): |f(x0)| = 0.5 is not < tol, so one step is due "
                                  "and the answer is (1.0, 1); the call {got}",
    "newton_root: x^2 from 0": "newton_root(x^2, 0.0): |f(x0)| = 0 < tol, so no step is due and f'(x0) = 0 does not "
                               "matter: the answer is (0.0, 0); the call {got}",
    "comparison table: method": "method",
    "comparison table: root": "root",
    "comparison table: 5 decimals": "5 decimals",
    "comparison table: |f(root)|": "|f(root)|",
    "comparison table: iterations": "iterations",
    "comparison table: ms per call": "ms per call",
    "comparison table: bisection": "bisection on [0, 1]",
    "comparison table: Newton": "Newton from x0 = 0",
    "comparison table: skipped": "Skipped: this comparison needs bisection_root (exercise 2) and newton_root "
                                 "(exercise 3).",
    "timeit: bisection skipped": "Skipped: %timeit of bisection_root needs exercise 2 solved.",
    "timeit: Newton skipped": "Skipped: %timeit of newton_root needs exercise 3 solved.",
    "iterations table: bisection": "bisection iterations",
    "iterations table: Newton": "Newton steps",
    "iterations table: skipped": "Skipped: this table needs bisection_root (exercise 2) and newton_root (exercise "
                                 "3).",
    "Newton failures: a cycle": "x^3 - 2x + 2 from 0",
    "Newton failures: a flat start": "x^2 - 4 from 0",
    "Newton failures: skipped": "{name} -> skipped: newton_root (exercise 3) is not solved yet",
    "newton_roots_batched: shape (B,)": "newton_roots_batched must return a tensor of shape (B,)",
    "newton_roots_batched: converging at step max_iter": "the three polynomials from 1.0 converge exactly at step 6 "
                                                         "= max_iter: with max_iter=6 that is a success; the call "
                                                         "{got}",
    "newton_roots_batched: |p(x0)| = tol": "x - 1 from 1.5 with tol=0.5: |p(x0)| = 0.5 is not < tol, so one step is "
                                           "due and the root is [1.0]; got {got}",
    "newton_roots_batched: converged at x0": "x - 3 and x^2 - 9 from 3.0 have converged at x0: the roots are [3.0, "
                                             "3.0], each in memory of its own (no stride 0); got {got} with stride "
                                             "{stride}",
    "loop or batch: skipped": "Skipped: this comparison needs newton_root (exercise 3) and newton_roots_batched "
                              "(exercise 4).",
    "loop or batch: version": "version",
    "loop or batch: torch calls": "torch calls",
    "loop or batch: time": "time (ms)",
    "loop or batch: µs per call": "µs per call",
    "loop or batch: the loop": "loop over 200 polynomials",
    "loop or batch: one call": "one batched call",
    "loop or batch: largest difference": "largest difference between the roots:",
    "GPU demo: skipped": "Skipped: this demonstration needs newton_roots_batched (exercise 4).",
    "GPU demo: result": "1,000,000 quintics on {device}: {elapsed:.1f} ms, largest |p(root)| = {residual:.2e}",
    "GPU demo: no GPU": "No GPU here. With one, this cell solves 1,000,000 quintics in a single "
                        "newton_roots_batched call and prints the time it took.",
}


# %%
import collections
import math
import operator
import timeit

import torch
from prettytable import PrettyTable
from torch.overrides import TorchFunctionMode

print(TEXT["setup: versions"].format(
    torch=torch.__version__, cuda=torch.cuda.is_available()))

# %% judge="helpers"
import re

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def names_number(text, value) -> bool:
    """Whether a message names this number in a common spelling: -1.5, -1.50, -1.5e+00, tensor(-1.5000)."""
    return any(math.isclose(float(token), value, rel_tol=1e-9, abs_tol=1e-12)
               for token in NUMBER.findall(str.__str__(text)))


def names_received(text, value, type_name) -> bool:
    """Whether an error message names what it received: its type (in any case) or its value."""
    if type_name.lower() in str.__str__(text).lower():
        return True
    if isinstance(value, (int, float)):
        return names_number(text, value)
    return repr(value) in str.__str__(text) or str(value) in str.__str__(text)


def resolution(t) -> float:
    """The relative spacing of a tensor's floating dtype (1 for integers): what its values can resolve."""
    return torch.finfo(t.dtype).eps if t.is_floating_point() else 1.0


def scalar_and_count(key, result):
    """(x, n) from a root finder's result, checked for form: x a one-element tensor, n an int."""
    assert isinstance(result, tuple) and len(result) == 2, f"{key} must return a pair (x, n)"
    x, n = result
    assert isinstance(x, torch.Tensor), f"{key}: x must be a tensor"
    assert x.numel() == 1, f"{key}: x must be a single value, got shape {tuple(x.shape)}"
    assert type(n) is int, f"{key}: n must be an int"
    return x, n

# %% [markdown] tags=["ru"]
# ## 1. Своя операция: `torch.autograd.Function` (≈ 20 минут)
#
# Документация: [`torch.autograd.Function`](https://pytorch.org/docs/stable/autograd.html#function),
# [Extending torch.autograd](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-autograd),
# [`save_for_backward`](https://pytorch.org/docs/stable/generated/torch.autograd.function.FunctionCtx.save_for_backward.html),
# [`gradcheck`](https://pytorch.org/docs/stable/generated/torch.autograd.gradcheck.gradcheck.html).
#
# Autograd знает производные сотен встроенных операций (список —
# [`derivatives.yaml`](https://github.com/pytorch/pytorch/blob/main/tools/autograd/derivatives.yaml))
# и сам строит из них граф. Писать свою `Function` имеет смысл, когда:
#
# - операцию нельзя выразить через дифференцируемые операции PyTorch: она считается в NumPy,
#   SciPy или внешней библиотеке на C++/CUDA, или это ступенька, которой нужен «суррогатный»
#   градиент;
# - готовая формула производной дешевле или устойчивее того, что autograd соберёт из цепочки мелких
#   операций;
# - хочется сэкономить память: сохранить для обратного прохода меньше промежуточных тензоров.
#
# Контракт в стиле PyTorch 2.x (с отдельным `setup_context`):
#
# | Метод | Что делает |
# |---|---|
# | `forward(*inputs)` | считает результат; `.apply` вызывает его с выключенной записью графа |
# | `setup_context(ctx, inputs, output)` | кладёт в `ctx` всё, что понадобится обратному проходу |
# | `backward(ctx, *grad_outputs)` | получает градиент по выходу и возвращает по одному градиенту на **каждый** аргумент `forward`, для не-тензоров — `None` |
#
# Операцию вызывают через `.apply`: `MulConstant.apply(x, 4)`. Тогда в граф попадает один узел
# (`MulConstantBackward`), и на обратном проходе работает ваш `backward`. Прямой вызов
# `MulConstant.forward(x, 4)` — обычный вызов статического метода: операции внутри него autograd
# записывает как любые другие (у результата `grad_fn=MulBackward0`), а ваши `setup_context` и
# `backward` не участвуют вовсе. Ячейка ниже показывает оба вызова.
#
# Первый пример лекции — умножение на число. Производная $x \cdot c$ по $x$ равна $c$, а по
# числу $c$ градиента нет: это не тензор, поэтому на его месте `None`.

# %% [markdown] tags=["en"]
# ## 1. A custom operation: `torch.autograd.Function` (≈ 20 minutes)
#
# Documentation: [`torch.autograd.Function`](https://pytorch.org/docs/stable/autograd.html#function),
# [Extending torch.autograd](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-autograd),
# [`save_for_backward`](https://pytorch.org/docs/stable/generated/torch.autograd.function.FunctionCtx.save_for_backward.html),
# [`gradcheck`](https://pytorch.org/docs/stable/generated/torch.autograd.gradcheck.gradcheck.html).
#
# Autograd knows the derivatives of hundreds of built-in operations (the list:
# [`derivatives.yaml`](https://github.com/pytorch/pytorch/blob/main/tools/autograd/derivatives.yaml))
# and builds the graph out of them by itself. A custom `Function` is worth writing when:
#
# - the operation cannot be written with differentiable PyTorch operations: it runs in NumPy,
#   SciPy or an external C++/CUDA library, or it is a step function that needs a "surrogate"
#   gradient;
# - a closed-form derivative is cheaper or more stable than what autograd would assemble from a
#   chain of small operations;
# - you want to save memory by keeping fewer intermediate tensors for the backward pass.
#
# The contract in PyTorch 2.x style (with a separate `setup_context`):
#
# | Method | What it does |
# |---|---|
# | `forward(*inputs)` | computes the result; `.apply` runs it with graph recording switched off |
# | `setup_context(ctx, inputs, output)` | stores on `ctx` whatever the backward pass will need |
# | `backward(ctx, *grad_outputs)` | receives the gradient of the output and returns one gradient per argument of `forward`, `None` for arguments that are not tensors |
#
# You call the operation through `.apply`: `MulConstant.apply(x, 4)`. Then one node enters the graph
# (`MulConstantBackward`) and your `backward` runs in the backward pass. Calling
# `MulConstant.forward(x, 4)` directly is an ordinary static-method call: autograd records the
# operations inside it like any others (the result has `grad_fn=MulBackward0`), and your
# `setup_context` and `backward` take no part at all. The cell below shows both calls.
#
# The lecture's first example multiplies by a number. The derivative of $x \cdot c$ with respect
# to $x$ is $c$; the number $c$ gets no gradient since it is not a tensor, so its slot holds `None`.

# %% tags=["demo"]
class MulConstant(torch.autograd.Function):
    """y = x * c for a tensor x and a plain Python number c."""

    @staticmethod
    def forward(x, constant):
        return x * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, constant = inputs
        ctx.constant = constant  # a plain number may live on ctx as an attribute

    @staticmethod
    def backward(ctx, grad_output):
        # dy/dx = c; the constant is not a tensor, so its slot is None
        return grad_output * ctx.constant, None

# %% tags=["demo"]
x = torch.tensor(2.0, requires_grad=True)
y = MulConstant.apply(x, 4)
y.backward()
print(f"MulConstant.apply(x, 4):   y = {y.item()}, grad_fn = {type(y.grad_fn).__name__}, dy/dx = {x.grad.item()}")
direct = MulConstant.forward(x, 4)
print(TEXT["MulConstant demo: forward called directly"].format(
    y=direct.item(), grad_fn=type(direct.grad_fn).__name__))

# %% [markdown] tags=["ru"]
# Второй пример — произведение двух тензоров: $\partial(xy)/\partial x = y$ и
# $\partial(xy)/\partial y = x$. Здесь обратному проходу нужны сами входные тензоры. В лекции они
# сохранены атрибутами `ctx`; правильнее класть тензоры через `ctx.save_for_backward(...)` и
# доставать через `ctx.saved_tensors`: тогда PyTorch заметит, если сохранённый тензор изменили на месте
# после `forward`, и сообщит об ошибке вместо того, чтобы тихо посчитать неверный градиент (пример ниже).
#
# <details><summary>Ещё две причины из документации <code>save_for_backward</code></summary>
#
# - Не будет утечек памяти: выход, сохранённый атрибутом `ctx`, замыкает цикл ссылок
#   «выход → `grad_fn` → `ctx` → выход», и память освобождается позже.
# - К сохранённым тензорам можно применить хуки
#   ([`saved_tensors_hooks`](https://pytorch.org/tutorials/intermediate/autograd_saved_tensors_hooks_tutorial.html),
#   например выгрузку на CPU для экономии памяти GPU).
#
# </details>
#
# Числа и прочие не-тензоры по-прежнему хранятся атрибутами `ctx`.
# `ctx.needs_input_grad` подсказывает, каким входам градиент действительно нужен, — лишнюю работу
# можно пропустить.

# %% [markdown] tags=["en"]
# The second example multiplies two tensors: $\partial(xy)/\partial x = y$ and
# $\partial(xy)/\partial y = x$. Now the backward pass needs the input tensors themselves. The
# lecture keeps them as attributes of `ctx`; the proper way is `ctx.save_for_backward(...)` and
# `ctx.saved_tensors`: PyTorch then notices when a saved tensor was changed in place after `forward`
# and raises an error instead of silently computing a wrong gradient (example below).
#
# <details><summary>Two more reasons from the documentation of <code>save_for_backward</code></summary>
#
# - No memory leaks: an output kept as an attribute of `ctx` closes the reference cycle
#   "output → `grad_fn` → `ctx` → output", so its memory is freed later.
# - Hooks can be applied to saved tensors
#   ([`saved_tensors_hooks`](https://pytorch.org/tutorials/intermediate/autograd_saved_tensors_hooks_tutorial.html),
#   for instance offloading them to the CPU to save GPU memory).
#
# </details>
#
# Numbers and other non-tensors still live as attributes of `ctx`. `ctx.needs_input_grad` tells
# which inputs actually need a gradient, so needless work can be skipped.

# %% tags=["demo"]
class Mul(torch.autograd.Function):
    """z = x * y for two tensors."""

    @staticmethod
    def forward(x, y):
        return x * y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx.saved_tensors
        grad_x = grad_output * y if ctx.needs_input_grad[0] else None
        grad_y = grad_output * x if ctx.needs_input_grad[1] else None
        return grad_x, grad_y


x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = Mul.apply(x, y)
z.backward()
print(f"z = {z.item()}, grad_fn = {type(z.grad_fn).__name__}, dz/dx = {x.grad.item()}, dz/dy = {y.grad.item()}")

# %% [markdown] tags=["ru"]
# ### Как проверить свой `backward`: `gradcheck`
#
# Ошибку в формуле производной легко не заметить: код работает, просто обучение идёт не туда.
# `torch.autograd.gradcheck` сравнивает якобиан, который даёт ваш `backward`, с численным:
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ по каждой координате
# ($\varepsilon = 10^{-6}$ по умолчанию). Делайте это во `float64`: во `float32` значения хранятся
# с относительной точностью около $10^{-7}$ (`torch.finfo(torch.float32).eps` $\approx 1.2 \cdot 10^{-7}$),
# и после деления на $2\varepsilon$ эта ошибка округления вырастает до сотых-десятых долей и прячет
# любую ошибку в формуле. Поэтому `gradcheck` для не-`float64` входов выдаёт предупреждение.

# %% [markdown] tags=["en"]
# ### How to check your `backward`: `gradcheck`
#
# A mistake in a derivative formula is easy to miss: the code runs, training just goes the wrong
# way. `torch.autograd.gradcheck` compares the Jacobian your `backward` gives with a numerical one,
# $\frac{f(x + \varepsilon) - f(x - \varepsilon)}{2\varepsilon}$ for every coordinate
# ($\varepsilon = 10^{-6}$ by default). Do it in `float64`: `float32` stores values with a relative
# precision of about $10^{-7}$ (`torch.finfo(torch.float32).eps` $\approx 1.2 \cdot 10^{-7}$), and
# divided by $2\varepsilon$ that rounding error grows to hundredths or tenths and hides any mistake
# in the formula. That is why `gradcheck` warns about inputs that are not `float64`.

# %% tags=["demo"]
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
print(TEXT["gradcheck demo: Mul"], torch.autograd.gradcheck(Mul.apply, (a, b)))
print(TEXT["gradcheck demo: MulConstant"], torch.autograd.gradcheck(lambda t: MulConstant.apply(t, -2.5), (a,)))
print(TEXT["gradcheck demo: float32 epsilon"], torch.finfo(torch.float32).eps, TEXT["gradcheck demo: epsilon / 2e-6"],
      torch.finfo(torch.float32).eps / 2e-6)

# %% [markdown] tags=["ru"]
# ### Две типичные ошибки
#
# 1. **Градиент для не-тензора.** На каждый аргумент `forward` приходится одно значение, которое
#    возвращает `backward`, и для чисел это `None`. Любое другое значение (даже `0`) PyTorch
#    отвергает с `RuntimeError`.
# 2. **Тензоры на `ctx` вместо `save_for_backward`.** Если после `forward` вход изменили на месте,
#    `backward` увидит уже новое значение. С `save_for_backward` PyTorch сверяет «версию» тензора и
#    сообщает об ошибке; с атрибутом `ctx` градиент получается неверным без единого предупреждения.

# %% [markdown] tags=["en"]
# ### Two common mistakes
#
# 1. **A gradient for a non-tensor.** `backward` returns one value per argument of `forward`, and
#    for numbers that value is `None`. PyTorch rejects anything else, even `0`, with a `RuntimeError`.
# 2. **Tensors on `ctx` instead of `save_for_backward`.** If an input is changed in place after
#    `forward`, `backward` sees the new value. With `save_for_backward` PyTorch checks the tensor's
#    "version" and raises an error; with a `ctx` attribute the gradient is silently wrong.

# %% tags=["demo"]
class MulConstantBadGrad(torch.autograd.Function):
    @staticmethod
    def forward(x, constant):
        return x * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.constant = inputs[1]

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, 0  # wrong: the constant is not a tensor, its slot must be None


class MulOnCtx(torch.autograd.Function):
    """Like Mul, but keeps its inputs as ctx attributes, as many old tutorials do."""

    @staticmethod
    def forward(x, y):
        return x * y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.x, ctx.y = inputs

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.y, grad_output * ctx.x

# %% tags=["demo"]
try:
    MulConstantBadGrad.apply(torch.tensor(2.0, requires_grad=True), 4).backward()
except RuntimeError as error:
    print("MulConstantBadGrad -> RuntimeError:", error)

for function in (MulOnCtx, Mul):
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0)
    z = function.apply(x, y)  # dz/dx must be 3, the value y had during forward
    y.add_(10.0)  # y changes in place after forward
    try:
        z.backward()
        print(TEXT["saved tensor demo: no error raised"].format(
            function=function.__name__, grad=x.grad.item()))
    except RuntimeError as error:
        print(f"{function.__name__:>10} -> RuntimeError: {str(error).splitlines()[0][:90]}...")

# %% [markdown] tags=["ru"]
# ### Считаем операции: `TorchFunctionMode`
#
# Документация: [`torch.overrides`](https://pytorch.org/docs/stable/torch.overrides.html),
# [Extending torch Python API](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-python-api).
#
# Как проверить, что функция делает мало умножений? Засекать время ненадёжно. Надёжнее посчитать
# операции: `torch.overrides.TorchFunctionMode` — контекст, внутри которого каждый вызов функции
# PyTorch из Python (`torch.mul`, `a * b`, `x.sum()`, ...) сначала попадает в его метод
# `__torch_function__`. Там вызов можно посчитать, подменить или запретить. Класс `CountCalls` ниже
# считает вызовы по именам; пользуйтесь им для самопроверки в задании 1. Скрытые тесты заданий 1 и 4
# записывают вызовы тем же приёмом.
#
# Наивное возведение в степень $p$ делает $p - 1$ умножение подряд: для $x^{13}$ это 12 умножений.

# %% [markdown] tags=["en"]
# ### Counting operations: `TorchFunctionMode`
#
# Documentation: [`torch.overrides`](https://pytorch.org/docs/stable/torch.overrides.html),
# [Extending torch Python API](https://pytorch.org/docs/stable/notes/extending.html#extending-torch-python-api).
#
# How do you check that a function performs few multiplications? Timing is unreliable. Counting
# operations is reliable: `torch.overrides.TorchFunctionMode` is a context inside which every call of
# a PyTorch function from Python (`torch.mul`, `a * b`, `x.sum()`, ...) first goes through its
# `__torch_function__` method. There the call can be counted, replaced or refused. The class
# `CountCalls` below counts calls by name; use it to check yourself in exercise 1. The hidden tests of
# exercises 1 and 4 record calls with the same trick.
#
# Naive exponentiation by $p$ makes $p - 1$ multiplications in a row: 12 of them for $x^{13}$.

# %% title={"ru": "CountCalls — счётчик вызовов PyTorch в блоке with; power_loop — наивная степень", "en": "CountCalls counts the PyTorch calls in a with block; power_loop is the naive power"}
class CountCalls(TorchFunctionMode):
    """Count the PyTorch function calls made inside the `with` block, by name."""

    def __init__(self):
        super().__init__()
        self.calls = collections.Counter()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.calls[getattr(func, "__name__", repr(func))] += 1
        return func(*args, **(kwargs or {}))


def power_loop(x, p):
    """x ** p by p - 1 multiplications in a row: correct, but slow for large p."""
    result = x.clone()
    for _ in range(p - 1):
        result = result * x
    return result

# %% title={"ru": "Помощники видимых и дополнительных проверок: что сделал вызов, названо ли число", "en": "Helpers of the visible and the optional checks: what a call did, whether a number is named"}
import re


def _outcome(call):
    """(exception or None, what happened in words, value) of a call; NotImplementedError (unsolved) goes through."""
    try:
        value = call()
    except NotImplementedError:
        raise
    except Exception as error:
        return error, TEXT["raised"].format(name=type(error).__name__, message=error), None
    return None, TEXT["returned"].format(value=value), value


def _names_number(message, value):
    """Whether a message names this number in any usual spelling (-7, -7.0, tensor(-7.))."""
    numbers = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", str(message))
    return any(math.isclose(float(token), value, rel_tol=1e-9, abs_tol=1e-12) for token in numbers)

# %% tags=["demo", "self_check"] title={"ru": "Общие помощники необязательных проверок", "en": "Helpers shared by the optional checks"}
import functools


def _skips_unwritten(check):
    """The optional check, saying it is skipped where a function it checks is not written yet (NotImplementedError)."""
    @functools.wraps(check)
    def run(*functions, **options):
        try:
            check(*functions, **options)
        except NotImplementedError:
            print(TEXT["skipped"].format(names=", ".join(f.__name__ for f in functions)))
    return run


def _attempt(call, thunk):
    """thunk(), with an exception it raises turned into a failed check that names the call."""
    try:
        return thunk()
    except NotImplementedError:
        raise
    except Exception as error:
        raise AssertionError(TEXT["crashed"].format(call=call, name=type(error).__name__, message=error)) from error


def _as_pair(call, result):
    """(x as a 0-dim tensor, n) from a root finder's (x, n), after checking its form."""
    ok = (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], torch.Tensor)
          and result[0].numel() == 1 and type(result[1]) is int)
    assert ok, TEXT["pair"].format(call=call, got=result)
    return result[0].reshape(()), result[1]


def _newton_steps(f, df, x0, tol, max_iter=50):
    """Newton's method in plain Python floats: the iterates and |f| at each, until |f| < tol or max_iter steps."""
    xs, residuals = [float(x0)], [abs(f(float(x0)))]
    while residuals[-1] >= tol and len(xs) <= max_iter and df(xs[-1]) != 0:
        xs.append(xs[-1] - f(xs[-1]) / df(xs[-1]))
        residuals.append(abs(f(xs[-1])))
    return xs, residuals


def _clear_of(tol, residuals, factor):
    """Whether no |f| comes within this factor of tol: rounding then cannot change when to stop."""
    return all(not tol / factor <= residual <= tol * factor for residual in residuals)

# %% tags=["demo"]
with CountCalls() as naive:
    power_loop(torch.tensor([1.5, -2.0]), 13)
print(TEXT["power_loop demo: calls counted"].format(
    mul=naive.calls['mul'], calls=dict(naive.calls)))

# %% [markdown] tags=["ru"]
# ## Задание 1. `Power` [4 балла: 1 + 1 + 1 + 1] (≈ 45 минут)
#
# Документация: [`torch.mul`](https://pytorch.org/docs/stable/generated/torch.mul.html),
# [`torch.ones_like`](https://pytorch.org/docs/stable/generated/torch.ones_like.html),
# [`operator.index`](https://docs.python.org/3/library/operator.html#operator.index).
#
# Напишите `Power` — наследника `torch.autograd.Function`. `Power.apply(x, p)` принимает тензор `x`
# (целый или вещественный, любой формы) и целое `p >= 0` и возвращает новый тензор $x^p$
# поэлементно, той же формы и того же dtype. Считайте его **только умножениями**, быстрым возведением
# в степень (не больше $2\lfloor\log_2 p\rfloor + 2$ умножений). `backward` возвращает
# `grad_output * p * x ** (p - 1)` для `x` (нули при $p = 0$) и `None` для `p`. Если `p` не целое —
# `TypeError`, если отрицательное — `ValueError`. Четыре части оцениваются отдельно, по 1 баллу.
#
# **Идея быстрого возведения.** Запишем показатель в двоичной системе: $13 = 1101_2 = 8 + 4 + 1$,
# поэтому $x^{13} = x^8 \cdot x^4 \cdot x$. Множители $x, x^2, x^4, x^8$ получаются друг из друга
# возведением в квадрат, а в результат (он начинается с `torch.ones_like(x)`, то есть $x^0$) попадают
# только те, чей бит равен 1:
#
# ![Быстрое возведение в степень для p = 13](attachment:squaring.png)
#
# Квадратов не больше $\lfloor\log_2 p\rfloor + 1$, умножений результата — не больше числа единичных
# битов; отсюда и граница.
#
# **Подводные камни.**
#
# - При $p = 0$ формула $p\,x^{p-1}$ требует $x^{-1}$: в нуле это `inf`, а $0 \cdot \infty$ — `nan`.
#   Производная константы равна нулю; обработайте этот случай отдельно. По той же причине не считайте
#   $x^{p-1}$ как $x^p / x$.
# - Тензор `x` сохраняйте через `ctx.save_for_backward`, число `p` — атрибутом `ctx`.
# - Не возвращайте из `forward` сам `x` (соблазн есть при $p = 1$): PyTorch не даёт сохранить для
#   `backward` вход, который вернули как есть. Начните с `torch.ones_like(x)`.
# - В `backward` удобно переиспользовать ваш алгоритм: `Power.forward(x, p - 1)` — обычный вызов
#   статического метода (граф не строится, потому что `backward` идёт с выключенной записью графа).
#
# <details><summary>Что проверяется при оценивании</summary>
#
# **Прямой проход** (`test_Power_forward`): результат равен `torch.pow(x, p)` для `int32`, `int64`,
# `float32`, `float64` и тензоров любой формы (нульмерных, пустых, транспонированных, трёхмерных),
# $p$ от 0 до 8; форма и dtype как у `x`; сам `x` не меняется.
#
# **Число умножений** (`test_Power_multiplications`): скрытые тесты записывают имена всех вызванных
# функций PyTorch (тем же приёмом, что `CountCalls`) для $p$ от 1 до 1024 и для целочисленного `x`.
# Разрешены только умножения: `*`, `torch.mul`, `torch.square`, `mul_`, ... Нельзя `**` и `pow`,
# `float_power`, `exp`/`log` (в любых вариантах), `prod`/`cumprod`, `matrix_power`, а также уход в
# Python или NumPy через `item`, `tolist`, `numpy`. Умножений тензоров — не больше
# $2\lfloor\log_2 p\rfloor + 2$ (для $p = 1000$ не больше 20) и не меньше $\lfloor\log_2 p\rfloor$.
#
# **Обратный проход** (`test_Power_backward`): градиенты сравниваются с градиентами `torch.pow`,
# посчитанными во `float64`, для $p$ от 0 до 8 и $p = 13$, в точках, среди которых есть $0$ и
# отрицательные, при `grad_output`, не равном единицам, для `float64` и `float32`.
#
# **Проверка `p`** (`test_Power_errors`): всё, что принимает `operator.index(p)` (`int`, целые NumPy
# вроде `numpy.int64(3)`, нульмерный целочисленный тензор `torch.tensor(3)`), работает как
# соответствующий `int`. Всё остальное — `TypeError`, и в сообщении названо, что пришло (тип или
# значение): `2.0` и `0.0` (даже с нулевой дробной частью), `2.5`, строка `"3"`, `None`,
# `torch.tensor(2.0)`; `operator.index` сам бросает такой `TypeError`. При `p < 0` — `ValueError`, в
# сообщении — само значение `p` (например, `-7`).
#
# </details>

# %% [markdown] tags=["en"]
# ## Exercise 1. `Power` [4 points: 1 + 1 + 1 + 1] (≈ 45 minutes)
#
# Documentation: [`torch.mul`](https://pytorch.org/docs/stable/generated/torch.mul.html),
# [`torch.ones_like`](https://pytorch.org/docs/stable/generated/torch.ones_like.html),
# [`operator.index`](https://docs.python.org/3/library/operator.html#operator.index).
#
# Write `Power`, a subclass of `torch.autograd.Function`. `Power.apply(x, p)` takes a tensor `x`
# (integer or floating, any shape) and an integer `p >= 0` and returns a new tensor $x^p$,
# elementwise, of the same shape and dtype. Compute it with **multiplications only**, by
# exponentiation by squaring (at most $2\lfloor\log_2 p\rfloor + 2$ multiplications). `backward`
# returns `grad_output * p * x ** (p - 1)` for `x` (zeros for $p = 0$) and `None` for `p`. A `p` that
# is not an integer raises `TypeError`, a negative one `ValueError`. The four parts are graded
# separately, 1 point each.
#
# **The idea of fast exponentiation.** Write the exponent in binary: $13 = 1101_2 = 8 + 4 + 1$, so
# $x^{13} = x^8 \cdot x^4 \cdot x$. The factors $x, x^2, x^4, x^8$ come from each other by squaring,
# and only those whose bit is 1 go into the result (which starts as `torch.ones_like(x)`, that is
# $x^0$):
#
# ![Exponentiation by squaring for p = 13](attachment:squaring.png)
#
# There are at most $\lfloor\log_2 p\rfloor + 1$ squarings and at most as many multiplications into
# the result as there are 1 bits; hence the bound.
#
# **Pitfalls.**
#
# - For $p = 0$ the formula $p\,x^{p-1}$ needs $x^{-1}$: at zero that is `inf`, and $0 \cdot \infty$
#   is `nan`. The derivative of a constant is zero; handle this case on its own. For the same reason,
#   do not compute $x^{p-1}$ as $x^p / x$.
# - Save the tensor `x` with `ctx.save_for_backward` and the number `p` as an attribute of `ctx`.
# - Do not return `x` itself from `forward` (tempting for $p = 1$): PyTorch refuses to save for
#   `backward` an input that was returned as-is. Start from `torch.ones_like(x)`.
# - In `backward` you may reuse your algorithm: `Power.forward(x, p - 1)` is an ordinary static-method
#   call (it builds no graph because `backward` runs with graph recording switched off).
#
# <details><summary>What grading checks</summary>
#
# **Forward pass** (`test_Power_forward`): the result equals `torch.pow(x, p)` for `int32`, `int64`,
# `float32`, `float64` and tensors of any shape (0-dim, empty, transposed, 3-D), $p$ from 0 to 8; it
# has the shape and dtype of `x`; `x` itself is left unchanged.
#
# **Multiplication count** (`test_Power_multiplications`): the hidden tests record the names of all
# PyTorch functions called (with the same trick as `CountCalls`) for $p$ from 1 to 1024 and for an
# integer `x`. Only multiplications are allowed: `*`, `torch.mul`, `torch.square`, `mul_`, ... Not
# allowed: `**` and `pow`, `float_power`, `exp`/`log` (in any variant), `prod`/`cumprod`,
# `matrix_power`, and escaping to Python or NumPy through `item`, `tolist`, `numpy`. At most
# $2\lfloor\log_2 p\rfloor + 2$ tensor multiplications (at most 20 for $p = 1000$) and at least
# $\lfloor\log_2 p\rfloor$.
#
# **Backward pass** (`test_Power_backward`): gradients are compared with those of `torch.pow`
# computed in `float64`, for $p$ from 0 to 8 and $p = 13$, at points that include $0$ and negative
# numbers, with a `grad_output` that is not all ones, for `float64` and `float32`.
#
# **Checks of `p`** (`test_Power_errors`): whatever `operator.index(p)` accepts (`int`, NumPy integers
# such as `numpy.int64(3)`, a 0-dim integer tensor `torch.tensor(3)`) works like the corresponding
# `int`. Anything else raises `TypeError` whose message names what was received (its type or value):
# `2.0` and `0.0` (even with no fractional part), `2.5`, the string `"3"`, `None`, `torch.tensor(2.0)`;
# `operator.index` raises such a `TypeError` by itself. For `p < 0`, `ValueError` with the value of
# `p` in the message (for example `-7`).
#
# </details>

# %% figure="squaring"
import matplotlib.pyplot as plt
T = {"ru": {"title": "$x^{13}$ за 6 умножений вместо 12: $13 = 1101_2 = 8 + 4 + 1$",
            "rows": ["бит $p$\n(с младшего)", "множитель\n$x^{2^k}$", "результат"],
            "square": "квадрат", "times": "× результат", "start": "результат начинается с 1: первое умножение $1 \\cdot x$"},
     "en": {"title": "$x^{13}$ in 6 multiplications instead of 12: $13 = 1101_2 = 8 + 4 + 1$",
            "rows": ["bit of $p$\n(lowest first)", "factor\n$x^{2^k}$", "result"],
            "square": "square", "times": "× result", "start": "the result starts as 1: the first multiplication is $1 \\cdot x$"}}[lang]
p = 13
bits = [int(b) for b in reversed(bin(p)[2:])]
results, acc = [], 0
for k, bit in enumerate(bits):
    acc += bit << k
    results.append(acc)
fig, ax = plt.subplots(figsize=(8, 3.6))
ax.set_xlim(-1.6, 2.4 * len(bits) - 0.6)
ax.set_ylim(-0.7, 2.5)
ax.axis("off")
box = {"boxstyle": "round,pad=0.35", "fc": "white", "ec": "gray"}
arrow = {"arrowstyle": "->", "color": "C0", "lw": 1.5}
for row, label in enumerate(T["rows"]):
    ax.text(-1.5, 2 - row, label, ha="left", va="center", fontsize=10)
for k, bit in enumerate(bits):
    cx = 2.4 * k + 0.8
    ax.text(cx, 2, str(bit), ha="center", va="center", fontsize=14, fontweight="bold",
            color="C3" if bit else "gray", bbox=box)
    ax.text(cx, 1, "$x$" if k == 0 else f"$x^{{{2 ** k}}}$", ha="center", va="center", fontsize=14, bbox=box)
    value = results[k]
    ax.text(cx, 0, "$1$" if value == 0 else ("$x$" if value == 1 else f"$x^{{{value}}}$"), ha="center",
            va="center", fontsize=14, bbox=dict(box, ec="C3" if bit else "gray"))
    if bit:  # one multiplication into the result
        ax.annotate("", (cx, 0.3), (cx, 0.7), arrowprops=dict(arrow, color="C3"))
        ax.text(cx + 0.12, 0.5, T["times"], fontsize=9, color="C3", va="center")
    if k:
        ax.annotate("", (cx - 0.45, 1), (cx - 1.95, 1), arrowprops=arrow)
        ax.text(cx - 1.2, 1.15, T["square"], ha="center", fontsize=9, color="C0")
        ax.annotate("", (cx - 0.45, 0), (cx - 1.95, 0), arrowprops=dict(arrow, color="gray", ls="--"))
ax.text(0.8, -0.5, T["start"], ha="center", fontsize=9, color="gray")
ax.set_title(T["title"], fontsize=12)
fig.tight_layout()

# %% nbgrader={"grade_id": "Power", "solution": true}
class Power(torch.autograd.Function):
    """Power.apply(x, p) == x ** p elementwise, for an integer p >= 0, by exponentiation by squaring."""

    @staticmethod
    def forward(x, p):
        """Return x ** p using multiplications only (at most 2 * floor(log2(p)) + 2 of them).

        p is an integer in the sense of operator.index (int, NumPy integer, 0-dim integer tensor).
        Raise TypeError naming what p is when it is not one, and ValueError naming p if p < 0.
        """
        ### BEGIN SOLUTION
        p = operator.index(p)  # TypeError for 2.0, "3", None, torch.tensor(2.0), ...
        if p < 0:
            raise ValueError(f"p must be a non-negative integer, got p = {p}")
        result = torch.ones_like(x)  # x ** 0, with the dtype, shape and device of x
        square = x  # x ** (2 ** k) for the bit k being looked at
        while p:
            if p & 1:
                result = result * square
            p >>= 1
            if p:  # a square after the highest bit would be thrown away
                square = square * square
        return result
        ### END SOLUTION

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Store on ctx what backward needs."""
        ### BEGIN SOLUTION
        x, p = inputs
        ctx.save_for_backward(x)
        ctx.p = operator.index(p)
        ### END SOLUTION

    @staticmethod
    def backward(ctx, grad_output):
        """Return (p * x ** (p - 1) * grad_output, None); the gradient is zero when p == 0."""
        ### BEGIN SOLUTION
        (x,) = ctx.saved_tensors
        if ctx.p == 0:
            return torch.zeros_like(grad_output), None
        return grad_output * ctx.p * Power.forward(x, ctx.p - 1), None
        ### END SOLUTION

# %% nbgrader={"grade_id": "test_Power_forward", "grade": true, "points": 1, "locked": true}
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 0) == torch.tensor([1, 1, 1])), TEXT["Power_forward: x ** 0 is ones"]
assert torch.all(Power.apply(torch.tensor([1, 2, 3]), 2) == torch.tensor([1, 4, 9])), TEXT["Power_forward: [1, 2, 3] ** 2"]
assert Power.apply(torch.tensor([1.5, -2.0]), 3).dtype == torch.float32, TEXT["Power_forward: keeps the dtype"]
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(2024)
cases = []
for dtype in (torch.int64, torch.int32, torch.float32, torch.float64):
    if dtype.is_floating_point:
        x = torch.rand(3, 5, generator=gen, dtype=dtype) * 4 - 2
    else:
        x = torch.randint(-6, 7, (3, 5), generator=gen, dtype=dtype)
    cases += [(f"{str(dtype)[6:]} 3x5", p, x) for p in range(9)]
cases += [("0-dim float64", 5, torch.tensor(-1.5, dtype=torch.float64)),
          ("transposed 6x4 float64", 7, torch.randn(4, 6, generator=gen, dtype=torch.float64).t()),
          ("empty 0x3 float32", 4, torch.empty(0, 3)),
          ("2x3x4 float32", 6, torch.randn(2, 3, 4, generator=gen)),
          ("2x3x4 float32", 1, torch.randn(2, 3, 4, generator=gen)),
          ("[1, 2, 3]", 0, torch.tensor([1, 2, 3])), ("[1, 2, 3]", 2, torch.tensor([1, 2, 3])),  # the visible examples
          ("[1.5, -2.0]", 3, torch.tensor([1.5, -2.0]))]
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for x {name}"
    x = x.clone() if x.is_contiguous() else x.t().clone().t()  # a fresh input per call, same layout
    probe.record(f"p of {key}", p)
    probe.call(key, Power.apply, x, p)
    probe.record(f"x after {key}", x)
### END HIDDEN TESTS

# %% judge="test_Power_forward"
def judge(got, want):
    for key in want.keys("Power.apply("):
        x, p = want[f"x after {key}"], want[f"p of {key}"]
        out = got[key]
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        assert out.dtype == x.dtype, f"{key} must keep the dtype of x, {x.dtype}; got {out.dtype}"
        assert out.shape == x.shape, f"{key} must keep the shape of x, {tuple(x.shape)}; got {tuple(out.shape)}"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} differs from torch.pow(x, {p}). {m}")
        assert torch.equal(got[f"x after {key}"], x), f"{key} changed its input x: Power must leave x unchanged"

# %% nbgrader={"grade_id": "test_Power_multiplications", "grade": true, "points": 1, "locked": true}
with CountCalls() as _counted:
    _out = Power.apply(torch.linspace(-1.001, 1.001, 5, dtype=torch.float64), 1000)
_multiplications = sum(_counted.calls[name] for name in ("mul", "mul_", "square", "square_", "multiply"))
assert "pow" not in _counted.calls, TEXT["Power_multiplications: no pow"]
assert 9 <= _multiplications <= 20, TEXT["Power_multiplications: 9 to 20 for p = 1000"].format(
    count=_multiplications)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
def traced(x, p):
    """Power.apply(x, p) and the names of the torch functions it called (recorded after the block ends)."""
    with probe.torch_calls() as calls:
        out = Power.apply(x, p)
    return out, calls.names


x = torch.linspace(-1.005, 1.005, 9, dtype=torch.float64)
cases = [(f"float64 x, p = {p}", p, x) for p in (1, 2, 3, 5, 8, 13, 100, 255, 256, 1000, 1023, 1024)]
cases.append(("int64 x, p = 5", 5, torch.tensor([-3, -1, 0, 2, 5])))
cases.append(("the visible linspace(-1.001, 1.001, 5), p = 1000", 1000, torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)))
for name, p, x in cases:
    key = f"Power.apply(x, {p}) for {name}"
    probe.record(f"p of {key}", p)
    probe.record(f"x of {key}", x)
    probe.call(key, traced, x.clone(), p)
### END HIDDEN TESTS

# %% judge="test_Power_multiplications"
MULTIPLICATIONS = {"mul", "mul_", "__mul__", "__rmul__", "__imul__", "multiply", "multiply_", "square", "square_",
                   "addcmul", "addcmul_", "matmul", "mm", "bmm", "einsum"}
FORBIDDEN = {  # what forward may not call, by family (the judge names families, not the recorded names)
    "pow (or **)": {"pow", "pow_", "__pow__", "__rpow__", "__ipow__", "float_power", "float_power_"},
    "exp": {"exp", "exp_", "exp2", "exp2_", "expm1", "expm1_"},
    "log": {"log", "log_", "log2", "log2_", "log10", "log10_", "log1p", "log1p_", "logsumexp", "logcumsumexp"},
    "prod": {"prod", "cumprod", "cumprod_"},
    "a matrix power": {"matrix_power", "linalg_matrix_power"},
    "a conversion to Python numbers or NumPy (item, tolist, numpy)": {"numpy", "tolist", "item"},
}


def judge(got, want):
    for key in want.keys("Power.apply("):
        x, p = want[f"x of {key}"], want[f"p of {key}"]
        out, names = got[key]
        forbidden = [family for family, members in FORBIDDEN.items() if members.intersection(names)]
        assert not forbidden, f"{key}: forward called {', '.join(forbidden)}; only multiplications are allowed"
        used = sum(name in MULTIPLICATIONS for name in names)
        limit = 2 * (p.bit_length() - 1) + 2
        assert used <= limit, f"{key}: multiplications counted: {used}; exponentiation by squaring needs at most {limit}"
        assert used >= p.bit_length() - 1, (f"{key}: tensor multiplications counted: {used}; x ** {p} needs at least "
                                           f"{p.bit_length() - 1}")
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} differs from torch.pow(x, {p}). {m}")

# %% nbgrader={"grade_id": "test_Power_backward", "grade": true, "points": 1, "locked": true}
_x = torch.tensor([2.0, -1.0], requires_grad=True)
Power.apply(_x, 3).backward(torch.tensor([0.5, -2.0]))
assert _x.grad is not None and torch.equal(_x.grad, torch.tensor([6.0, -6.0])), TEXT[
    "Power_backward: x ** 3 times grad_output"].format(got=_x.grad)
_x = torch.tensor([0.0, -1.0], requires_grad=True)
Power.apply(_x, 0).backward(torch.ones(2))
assert _x.grad is not None and torch.equal(_x.grad, torch.zeros(2)), TEXT["Power_backward: zeros for p = 0"].format(
    got=_x.grad)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
def gradient(x, p, grad_output):
    """x.grad after backward through Power.apply(x, p) with this upstream gradient."""
    x = x.clone().requires_grad_(True)
    Power.apply(x, p).backward(grad_output)
    return x.grad


gen = torch.Generator().manual_seed(7)
special = torch.tensor([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0], dtype=torch.float64)
for dtype, powers in ((torch.float64, list(range(9)) + [13]), (torch.float32, [0, 1, 3, 6])):
    for p in powers:
        x = torch.cat([special, torch.rand(6, generator=gen, dtype=torch.float64) * 3 - 1.5]).reshape(3, 4).to(dtype)
        grad_output = (torch.randn(3, 4, generator=gen, dtype=torch.float64) * 2).to(dtype)
        key = f"the gradient of Power.apply(x, {p}) for a {str(dtype)[6:]} 3x4 x"
        probe.record(f"inputs of {key}", (x, p, grad_output))
        probe.call(key, gradient, x, p, grad_output)
for name, x, p, grad_output in (("the visible x = [2, -1]", torch.tensor([2.0, -1.0]), 3, torch.tensor([0.5, -2.0])),
                                ("the visible x = [0, -1]", torch.tensor([0.0, -1.0]), 0, torch.ones(2))):
    key = f"the gradient of Power.apply(x, {p}) for {name}"
    probe.record(f"inputs of {key}", (x, p, grad_output))
    probe.call(key, gradient, x, p, grad_output)
### END HIDDEN TESTS

# %% judge="test_Power_backward"
def judge(got, want):
    for key in want.keys("the gradient of "):
        x, p, grad_output = want[f"inputs of {key}"]
        grad = got[key]
        assert grad is not None, f"backward must give x a gradient (zeros when p = 0), not None: {key}"
        assert isinstance(grad, torch.Tensor) and grad.shape == x.shape, f"{key} must have the shape of x, {tuple(x.shape)}"
        exact = x.to(torch.float64).requires_grad_(True)
        torch.pow(exact, p).backward(grad_output.to(torch.float64))  # PyTorch's own derivative is the oracle
        torch.testing.assert_close(grad, exact.grad.to(x.dtype), msg=lambda m: (
            f"{key} differs from p * x ** (p - 1) * grad_output (PyTorch's gradient of torch.pow). {m}"))

# %% nbgrader={"grade_id": "test_Power_errors", "grade": true, "points": 1, "locked": true}
for _p in (2.5, torch.tensor(1.5)):
    _error, _got, _ = _outcome(lambda: Power.apply(torch.ones(2), _p))
    assert isinstance(_error, TypeError), TEXT["type_error"].format(p=repr(_p), got=_got)
_error, _got, _ = _outcome(lambda: Power.apply(torch.ones(2), -1))
assert isinstance(_error, ValueError), TEXT["value_error"].format(p=-1, got=_got)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
import numpy

x = torch.tensor([1.5, -2.0, 3.0])
for label, p in (("2.0", 2.0), ("0.0", 0.0), ("2.5", 2.5), ("'3'", "3"), ("None", None),
                 ("torch.tensor(2.0)", torch.tensor(2.0)), ("torch.tensor(1.5)", torch.tensor(1.5)), ("-1", -1),
                 ("-7", -7), ("-1000", -1000),
                 ("numpy.int64(3)", numpy.int64(3)), ("numpy.int32(0)", numpy.int32(0)), ("torch.tensor(3)", torch.tensor(3))):
    probe.call(f"Power.apply(x, {label})", Power.apply, x.clone(), p)
probe.record("x", x)
### END HIDDEN TESTS

# %% judge="test_Power_errors"
NOT_INTEGERS = {"2.0": (2.0, "float"), "0.0": (0.0, "float"), "2.5": (2.5, "float"), "'3'": ("3", "str"),
                "None": (None, "None"), "torch.tensor(2.0)": (2.0, "tensor"), "torch.tensor(1.5)": (1.5, "tensor")}
NEGATIVE = (-1, -7, -1000)
INTEGERS = {"numpy.int64(3)": 3, "numpy.int32(0)": 0, "torch.tensor(3)": 3}


def judge(got, want):
    x = want["x"]
    for label, p in INTEGERS.items():
        key = f"Power.apply(x, {label})"
        raised = got.raised(key)
        assert raised is None or not raised.is_a(TypeError), (
            f"{key} raised TypeError: NumPy integers and 0-dim integer tensors are integers too (operator.index accepts them)")
        out = got[key]
        assert isinstance(out, torch.Tensor), f"{key} must return a tensor"
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: f"{key} must equal x ** {p}. {m}")
    for label, (value, type_name) in NOT_INTEGERS.items():
        key = f"Power.apply(x, {label})"
        raised = got.raised(key)
        assert raised is not None, f"{key} must raise TypeError: p is not an integer"
        assert raised.is_a(TypeError), f"{key} raised {raised.name}; expected TypeError: p is not an integer"
        assert names_received(raised.message, value, type_name), (
            f"the TypeError of {key} must name what it received: the type {type_name} or the value {label}")
    for p in NEGATIVE:
        key = f"Power.apply(x, {p})"
        raised = got.raised(key)
        assert raised is not None, f"{key} must raise ValueError: p must be non-negative"
        assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError: p must be non-negative"
        assert names_number(raised.message, p), f"the ValueError of {key} must name the value {p}"

# %% tags=["demo", "self_check"] title={"ru": "Необязательная проверка Power на случайных входах", "en": "The optional check of Power on random inputs"}
import numpy

_MULTIPLICATIONS = {"mul", "mul_", "__mul__", "__rmul__", "__imul__", "multiply", "multiply_", "square", "square_",
                   "addcmul", "addcmul_", "matmul", "mm", "bmm", "einsum"}
_NOT_MULTIPLICATIONS = {"pow", "pow_", "__pow__", "__rpow__", "__ipow__", "float_power", "float_power_", "exp", "exp_",
                       "exp2", "exp2_", "expm1", "expm1_", "log", "log_", "log2", "log2_", "log10", "log10_", "log1p",
                       "log1p_", "logsumexp", "logcumsumexp", "prod", "cumprod", "cumprod_", "matrix_power",
                       "linalg_matrix_power", "numpy", "tolist", "item"}


@_skips_unwritten
def check_more_power(Power, cases=60):
    """Power on random inputs: values, dtype and shape against torch.pow, the count of multiplications,
    gradients against PyTorch's own, and the checks of p."""
    gen = torch.Generator().manual_seed(1004)
    for case in range(cases):
        dtype = (torch.float64, torch.float32, torch.int64, torch.int32)[case % 4]
        shape = ((), (0, 3), (7,), (3, 4), (2, 3, 4))[int(torch.randint(5, (), generator=gen))]
        if dtype.is_floating_point:
            x = torch.rand(shape, generator=gen, dtype=dtype) * 3 - 1.5
            p = int(torch.randint(0, 33 if dtype == torch.float64 else 17, (), generator=gen))
        else:
            x = torch.randint(-3, 4, shape, generator=gen, dtype=dtype)
            p = int(torch.randint(0, 13, (), generator=gen))
        if x.dim() == 2 and case % 3 == 0:
            x = x.t()
        before = x.clone()
        call = f"Power.apply(x, {p}) for {str(dtype)[6:]} x of shape {tuple(x.shape)}"
        out = _attempt(call, lambda: Power.apply(x, p))
        assert isinstance(out, torch.Tensor), TEXT["not_tensor"].format(call=call, got=type(out).__name__)
        assert out.dtype == x.dtype, TEXT["dtype"].format(call=call, want=x.dtype, got=out.dtype)
        assert out.shape == x.shape, TEXT["shape"].format(call=call, want=tuple(x.shape), got=tuple(out.shape))
        torch.testing.assert_close(out, torch.pow(before, p), rtol=1e-5 if dtype == torch.float32 else None,
                                   atol=1e-5 if dtype == torch.float32 else None,
                                   msg=lambda m: TEXT["values"].format(call=call, p=p, detail=m))
        assert torch.equal(x, before), TEXT["changed_x"].format(call=call)

        p = int(torch.randint(1, 1025, (), generator=gen))
        x = torch.rand(6, generator=gen, dtype=torch.float64) * 2.01 - 1.005
        call = f"Power.apply(x, {p}) for float64 x of shape (6,)"
        with CountCalls() as recorded:
            out = _attempt(call, lambda: Power.apply(x, p))
        forbidden = sorted(_NOT_MULTIPLICATIONS.intersection(recorded.calls))
        assert not forbidden, TEXT["forbidden"].format(call=call, names=", ".join(forbidden))
        used = sum(count for name, count in recorded.calls.items() if name in _MULTIPLICATIONS)
        least, limit = p.bit_length() - 1, 2 * (p.bit_length() - 1) + 2
        assert used <= limit, TEXT["too_many"].format(call=call, used=used, limit=limit)
        assert used >= least, TEXT["too_few"].format(call=call, used=used, p=p, least=least)
        torch.testing.assert_close(out, torch.pow(x, p), msg=lambda m: TEXT["values"].format(call=call, p=p, detail=m))

        dtype = (torch.float64, torch.float32)[case % 2]
        p = int(torch.randint(0, 14, (), generator=gen))
        x = torch.cat([torch.tensor([0.0, -1.0]), torch.rand(3, generator=gen) * 4 - 2]).to(dtype).requires_grad_(True)
        g = (torch.randn(5, generator=gen) * 2).to(dtype)
        call = f"Power.apply(x, {p}).backward(grad_output) for {str(dtype)[6:]} x = {x.detach().tolist()}"
        _attempt(call, lambda: Power.apply(x, p).backward(g))
        exact = x.detach().double().requires_grad_(True)
        torch.pow(exact, p).backward(g.double())
        assert x.grad is not None, TEXT["no_grad"].format(p=p)
        want = exact.grad.to(dtype)
        assert torch.allclose(x.grad, want, rtol=1e-4, atol=1e-5), TEXT["grad"].format(
            p=p, dtype=str(dtype)[6:], x=x.detach().tolist(), g=g.tolist(), want=want.tolist(), got=x.grad.tolist())

    x = torch.tensor([1.5, -2.0, 3.0])
    for p, type_name in ((2.0, "float"), (0.0, "float"), (float(torch.rand((), generator=gen)) * 9, "float"), ("3", "str"),
                         (None, "None"), (torch.tensor(2.0), "tensor"), ([2], "list")):
        error, got, _ = _outcome(lambda: Power.apply(x.clone(), p))
        assert isinstance(error, TypeError), TEXT["type_error"].format(p=repr(p), got=got)
        named = type_name.lower() in str(error).lower() or repr(p) in str(error) or str(p) in str(error)
        assert named, TEXT["type_message"].format(p=repr(p), type=type_name)
    for p in (-1, -int(torch.randint(2, 1000, (), generator=gen))):
        error, got, _ = _outcome(lambda: Power.apply(x.clone(), p))
        assert isinstance(error, ValueError), TEXT["value_error"].format(p=p, got=got)
        assert _names_number(error, p), TEXT["value_message"].format(p=p)
    for p in (numpy.int64(3), numpy.int32(0), numpy.int16(5), torch.tensor(3), torch.tensor(2, dtype=torch.int32)):
        error, got, _ = _outcome(lambda: Power.apply(x.clone(), p))
        assert error is None, TEXT["integer_p"].format(p=repr(p), value=int(p), got=got)
        torch.testing.assert_close(Power.apply(x.clone(), p), torch.pow(x, int(p)), msg=lambda m: (
            TEXT["integer_p_values"].format(p=repr(p), value=int(p), detail=m)))
    print(TEXT["passed"].format(cases=3 * cases + 14))

# %% tags=["demo", "self_check"]
check_more_power(Power)

# %% [markdown] tags=["ru"]
# Сколько умножений делает ваш `Power`? Для $p = 13$ и $p = 1000$ его считает тот же `CountCalls`,
# рядом — наивный цикл из $p - 1$ умножений. Ячейке нужно решённое задание 1.

# %% [markdown] tags=["en"]
# How many multiplications does your `Power` make? The same `CountCalls` counts them for $p = 13$
# and $p = 1000$, next to the naive loop of $p - 1$ multiplications. This cell needs exercise 1 solved.

# %% tags=["demo"]
x = torch.linspace(-1.001, 1.001, 5, dtype=torch.float64)
table = PrettyTable(["p", TEXT["Power table: naive loop"], "Power", TEXT["Power table: limit"], TEXT["Power table: largest error"]])
try:
    for p in (13, 1000):
        with CountCalls() as naive:
            power_loop(x, p)
        with CountCalls() as fast:
            quick = Power.apply(x, p)
        table.add_row([p, naive.calls["mul"], fast.calls["mul"], 2 * math.floor(math.log2(p)) + 2,
                       f"{(quick - x.pow(p)).abs().max().item():.1e}"])
except NotImplementedError:
    print(TEXT["Power table: skipped"])
else:
    print(table)

# %% [markdown] tags=["ru"]
# ## 2. Поиск корня: многочлен из лекции (≈ 5 минут)
#
# Найдём корень $f(x) = x^7 + 5x^3 + 17x - 9$ с точностью до пяти знаков после запятой.
# Корень ровно один: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, то есть $f$ строго возрастает.
# А так как $f(0) = -9 < 0 < 14 = f(1)$, корень лежит в $(0, 1)$.
#
# Функции ниже принимают тензор нулевой размерности и возвращают тензор нулевой размерности того же
# dtype: так тот же `poly` годится и для autograd в методе Ньютона.

# %% [markdown] tags=["en"]
# ## 2. Finding a root: the lecture's polynomial (≈ 5 minutes)
#
# Let us find the root of $f(x) = x^7 + 5x^3 + 17x - 9$ to five decimal places. There is exactly
# one root: $f'(x) = 7x^6 + 15x^2 + 17 \ge 17 > 0$, so $f$ is strictly increasing. And since
# $f(0) = -9 < 0 < 14 = f(1)$, the root lies in $(0, 1)$.
#
# The functions below take a 0-dim tensor and return a 0-dim tensor of the same dtype, so the same
# `poly` also works with autograd in Newton's method.

# %%
def poly(x):
    """The lecture's polynomial x^7 + 5x^3 + 17x - 9."""
    return x**7 + 5 * x**3 + 17 * x - 9

# %% tags=["demo"]
table = PrettyTable(["x", "f(x)"])
for value in (-1.0, 0.0, 0.25, 0.5, 0.75, 1.0):
    table.add_row([value, f"{poly(torch.tensor(value, dtype=torch.float64)).item():.4f}"])
print(table)

# %% [markdown] tags=["ru"]
# ## Задание 2. Деление отрезка пополам: `bisection_root` [3 балла] (≈ 25 минут)
#
# Документация: [`torch.sign`](https://pytorch.org/docs/stable/generated/torch.sign.html),
# [`torch.finfo`](https://pytorch.org/docs/stable/type_info.html#torch.finfo).
#
# Если непрерывная $f$ на концах отрезка $[lo, hi]$ имеет разные знаки, внутри есть корень
# (теорема о промежуточном значении). Делим отрезок пополам и оставляем ту половину, на концах
# которой знаки снова разные; длина отрезка каждый раз уменьшается вдвое:
#
# ![Деление отрезка пополам на многочлене лекции](attachment:bisection.png)
#
# Напишите `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)`. Она принимает функцию `f` (тензор
# нулевой размерности → тензор нулевой размерности, как `poly`) и концы отрезка-числа и возвращает
# пару `(x, n)`: `x` — тензор нулевой размерности, до корня не дальше `tol`, `n` — число делений
# пополам (`int`). Остановка — когда $(hi - lo)/2 \le tol$ (годится и $hi - lo \le tol$) или после
# `max_iter` делений. Если $f(lo)$ или $f(hi)$ равно нулю, верните этот конец сразу, с `n = 0`. Если
# $f(lo)$ и $f(hi)$ одного знака — `ValueError`, в сообщении оба конца.
#
# **Сколько итераций нужно?** После $n$ делений длина отрезка $(hi - lo) / 2^n$, а середина отстоит
# от любой его точки не больше чем на половину длины. Значит, достаточно
# $n = \lceil \log_2 \frac{hi - lo}{2\,tol} \rceil$: для $[0, 1]$ и $10^{-5}$ это 16 итераций, какой
# бы ни была $f$. Каждая итерация даёт ровно один двоичный разряд ответа.
#
# **Подводные камни.**
#
# - Останавливаться по $|f(x)| < tol$ нельзя: у пологой функции, например $10^{-3}(x - 0.3)$,
#   значение мало уже далеко от корня. Точность бисекции — это длина отрезка.
# - Сравнивайте знаки, а не произведение $f(lo) \cdot f(mid)$: произведение двух маленьких чисел
#   может обнулиться, а двух больших — стать `inf`.
# - Следите за случаем $f = 0$ на конце или в середине: условие со строгим `< 0` легко уводит
#   поиск от корня: с `f(lo) * f(mid) < 0` бисекция $x - 0.5$ на $[0, 1]$ возвращает $1.0$ (середина
#   0.5 становится `lo`, дальше произведение всегда $0$).
# - Считайте во `float64`: у `float32` около 7 значащих цифр, и `tol = 1e-9` для него недостижим —
#   отрезок перестаёт уменьшаться, и цикл доходит до `max_iter`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - `x` — тензор из одного числа, до ближайшего корня не дальше `tol`; `n` — `int`.
# - `n` — число делений по одному из двух правил остановки: $(hi - lo)/2 \le tol$ — это
#   $\lceil L \rceil - 1$ делений, где $L = \log_2 \frac{hi - lo}{tol}$, или $hi - lo \le tol$ —
#   $\lceil L \rceil$ делений; принимаются оба числа. Если середина попала точно в корень
#   ($f(mid) = 0$), можно остановиться на ней (`n` считает и это деление), а можно продолжать, не
#   потеряв корень.
# - Если раньше наберётся `max_iter` делений: `n = max_iter`, `x` — середина последнего отрезка (или
#   любая его точка).
# - Корень на конце: этот конец и `n = 0`.
# - Одинаковые знаки на концах: `ValueError`, в сообщении `lo` и `hi` как числа в любом написании
#   (`-1.5`, `-1.50`, `tensor(-1.5)`).
# - Скрытые тесты передают функции, которые считают в dtype полученного тензора (как `poly`). Ответ
#   во `float32` тоже принимается: допуск тогда — `tol` плюс несколько шагов сетки `float32`, а если
#   `tol` мельче, чем различает `float32`, годится любое число итераций до `max_iter`.
#
# </details>

# %% [markdown] tags=["en"]
# ## Exercise 2. Bisection: `bisection_root` [3 points] (≈ 25 minutes)
#
# Documentation: [`torch.sign`](https://pytorch.org/docs/stable/generated/torch.sign.html),
# [`torch.finfo`](https://pytorch.org/docs/stable/type_info.html#torch.finfo).
#
# If a continuous $f$ has opposite signs at the ends of $[lo, hi]$, there is a root inside (the
# intermediate value theorem). Split the interval in half and keep the half whose ends again have
# opposite signs; the interval halves every time:
#
# ![Bisection on the lecture's polynomial](attachment:bisection.png)
#
# Write `bisection_root(f, lo, hi, tol=1e-5, max_iter=200)`. It takes a function `f` (a 0-dim tensor
# to a 0-dim tensor, like `poly`) and the ends as numbers, and returns a pair `(x, n)`: `x` a 0-dim
# tensor within `tol` of a root, `n` the number of halvings (an `int`). Stop when
# $(hi - lo)/2 \le tol$ ($hi - lo \le tol$ works too) or after `max_iter` halvings. If $f(lo)$ or
# $f(hi)$ is zero, return that end at once, with `n = 0`. If $f(lo)$ and $f(hi)$ have the same sign,
# raise `ValueError` naming both ends.
#
# **How many iterations?** After $n$ halvings the interval has length $(hi - lo) / 2^n$, and its
# midpoint is at most half that length away from any of its points. So
# $n = \lceil \log_2 \frac{hi - lo}{2\,tol} \rceil$ is enough: 16 iterations for $[0, 1]$ and
# $10^{-5}$, whatever $f$ is. Each iteration yields exactly one binary digit of the answer.
#
# **Pitfalls.**
#
# - Do not stop on $|f(x)| < tol$: a flat function such as $10^{-3}(x - 0.3)$ is small far away
#   from its root. Bisection's accuracy is the length of the interval.
# - Compare signs rather than the product $f(lo) \cdot f(mid)$: the product of two small numbers can
#   underflow to zero, and that of two large ones can become `inf`.
# - Mind the case $f = 0$ at an end or at the midpoint: a strict `< 0` test easily drives the search
#   away from the root: with `f(lo) * f(mid) < 0`, bisection of $x - 0.5$ on $[0, 1]$ returns $1.0$
#   (the midpoint 0.5 becomes `lo`, and the product is $0$ from then on).
# - Compute in `float64`: `float32` keeps about 7 significant digits, so `tol = 1e-9` is out of its
#   reach: the interval stops shrinking and the loop runs until `max_iter`.
#
# <details><summary>What grading checks</summary>
#
# - `x` is a one-element tensor within `tol` of the nearest root; `n` is an `int`.
# - `n` follows either usual stopping rule: $(hi - lo)/2 \le tol$ takes $\lceil L \rceil - 1$
#   halvings, where $L = \log_2 \frac{hi - lo}{tol}$, and $hi - lo \le tol$ takes $\lceil L \rceil$;
#   both counts are accepted. If a midpoint hits the root exactly ($f(mid) = 0$), you may stop there
#   (`n` counts that halving too) or go on without losing the root.
# - If `max_iter` halvings come first: `n = max_iter`, and `x` is the midpoint of the last interval
#   (or any point of it).
# - A root at an end: that end and `n = 0`.
# - The same sign at both ends: `ValueError` whose message names `lo` and `hi` as numbers in any
#   spelling (`-1.5`, `-1.50`, `tensor(-1.5)`).
# - The hidden tests pass functions that compute in the dtype of the tensor they get (like `poly`).
#   A `float32` answer is accepted too: its tolerance is then `tol` plus a few `float32` spacings, and
#   when `tol` is finer than `float32` can tell apart, any iteration count up to `max_iter` is accepted.
#
# </details>

# %% figure="bisection"
import matplotlib.pyplot as plt
T = {"ru": {"title": "Деление отрезка пополам: $f(x) = x^7 + 5x^3 + 17x - 9$",
            "step": "$n = {k}$", "mid": "середина", "keep": "$[lo, hi]$ после $n$ делений", "ends": "$f$ на концах первых отрезков",
            "root": "корень"},
     "en": {"title": "Bisection on $f(x) = x^7 + 5x^3 + 17x - 9$",
            "step": "$n = {k}$", "mid": "midpoint", "keep": "$[lo, hi]$ after $n$ halvings", "ends": "$f$ at the ends of the first intervals",
            "root": "root"}}[lang]


def f(x):
    return x**7 + 5 * x**3 + 17 * x - 9


lo, hi, brackets = 0.0, 1.0, []
for _ in range(6):
    brackets.append((lo, hi))
    mid = (lo + hi) / 2
    lo, hi = (mid, hi) if (f(mid) > 0) == (f(lo) > 0) else (lo, mid)
fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 4.5), sharex=True, height_ratios=[3, 2])
xs = [i / 400 for i in range(401)]
top.plot(xs, [f(x) for x in xs], color="C0", lw=2, label="$f(x)$")
top.axhline(0, color="black", lw=0.8)
root = 0.4936172193407
top.plot([root], [0], "o", color="C3", zorder=3, label=T["root"])
for k, (lo, hi) in enumerate(brackets[:3]):
    top.plot([lo, hi], [f(lo), f(hi)], "s", color="C1", ms=5, label=T["ends"] if k == 0 else None)
top.set_ylabel("$f(x)$")
top.legend(loc="upper left")
top.set_title(T["title"])
for k, (lo, hi) in enumerate(brackets):
    y = -k
    bottom.plot([lo, hi], [y, y], color="C1", lw=4, solid_capstyle="butt")
    bottom.plot([(lo + hi) / 2], [y], "|", color="black", ms=12, mew=2)
    bottom.text(-0.015, y, T["step"].format(k=k), ha="right", va="center", fontsize=9)
bottom.axvline(root, color="C3", lw=1, ls="--")
bottom.plot([], [], "|", color="black", ms=10, mew=2, label=T["mid"])
bottom.plot([], [], color="C1", lw=4, label=T["keep"])
bottom.legend(loc="lower right", fontsize=9, framealpha=1)
bottom.set_yticks([])
bottom.set_ylim(-len(brackets) + 0.4, 0.6)
bottom.set_xlim(-0.12, 1.02)
bottom.set_xlabel("$x$")
for side in ("left", "right", "top"):
    bottom.spines[side].set_visible(False)
fig.tight_layout()

# %% nbgrader={"grade_id": "bisection_root", "solution": true}
def bisection_root(f, lo, hi, tol=1e-5, max_iter=200):
    """Find a root of a continuous f in [lo, hi] by bisection.

    f takes and returns a 0-dim tensor. Halve [lo, hi], keeping the half where f changes sign,
    until the midpoint is within tol of a root or max_iter halvings are done.
    Return (x, n): x a 0-dim tensor within tol of a root, n the number of halvings (an int).
    If f(lo) or f(hi) is 0, return that end with n = 0. Raise ValueError naming lo and hi if
    f(lo) and f(hi) have the same sign.
    """
    ### BEGIN SOLUTION
    lo = torch.as_tensor(lo, dtype=torch.float64)
    hi = torch.as_tensor(hi, dtype=torch.float64)
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo, 0
    if f_hi == 0:
        return hi, 0
    lo_positive = bool(f_lo > 0)
    if lo_positive == bool(f_hi > 0):
        raise ValueError(f"f(lo) and f(hi) have the same sign: f({lo.item():g}) = {f_lo.item():g}, "
                         f"f({hi.item():g}) = {f_hi.item():g}; bisection needs a sign change")
    n = 0
    while (hi - lo) / 2 > tol and n < max_iter:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        n += 1
        if f_mid == 0:
            return mid, n
        if bool(f_mid > 0) == lo_positive:
            lo = mid  # the sign change is in the right half
        else:
            hi = mid  # the sign change is in the left half
    return (lo + hi) / 2, n
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_bisection_root", "grade": true, "points": 3, "locked": true}
_root, _n = bisection_root(poly, 0.0, 1.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), TEXT["bisection_root: a pair (tensor, int)"]
assert abs(_root.item() - 0.4936172193) <= 1e-5, TEXT["poly's root"].format(
    got=_root.item())
assert 16 <= _n <= 17, TEXT["bisection_root: 16 or 17 halvings"].format(n=_n)
_root, _n = bisection_root(poly, 0.0, 1.0, tol=0.1)
assert abs(_root.item() - 0.4936172193) <= 0.1 and _n in (3, 4), TEXT["bisection_root: tol = 0.1"].format(
    x=_root.item(), n=_n)
_root, _n = bisection_root(poly, 0.0, 1.0, max_iter=5)
assert _n == 5 and 0.46875 <= _root.item() <= 0.5, TEXT["bisection_root: max_iter = 5"].format(x=_root.item(), n=_n)
for _name, _f, _lo, _hi, _j, _low, _high in (("x - 0.5", lambda x: x - 0.5, 0.0, 1.0, 1, 16, 17),
                                            ("0.5 - x", lambda x: 0.5 - x, 0.0, 1.0, 1, 16, 17),
                                            ("2x - 1", lambda x: 2 * x - 1, -2.0, 2.0, 3, 18, 19)):
    _root, _n = bisection_root(_f, _lo, _hi)  # halving number _j lands exactly on the root 0.5
    assert abs(_root.item() - 0.5) <= 1e-5 and (_n == _j and _root.item() == 0.5 or _low <= _n <= _high), TEXT[
        "midpoint_root"].format(call=f"bisection_root({_name}, {_lo}, {_hi})", j=_j, root=0.5, low=_low, high=_high,
                                got=_root.item(), n=_n)
for _lo, _hi in ((0.5, 2.0), (-1.0, 0.5)):
    _root, _n = bisection_root(lambda x: x - 0.5, _lo, _hi)
    assert _root.item() == 0.5 and _n == 0, TEXT["end_root"].format(
        call=f"bisection_root(x - 0.5, {_lo}, {_hi})", end=0.5, got=_root.item(), n=_n)
_error, _got, _ = _outcome(lambda: bisection_root(poly, 1.0, 2.0))
assert isinstance(_error, ValueError), TEXT["no_value_error"].format(call="bisection_root(poly, 1.0, 2.0)", got=_got)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "exp(x) - 3": lambda x: torch.exp(x) - 3, "exp(-x) - 3": lambda x: torch.exp(-x) - 3,
             "(x + 1.2345678)(x^2 + 1)": lambda x: (x + 1.2345678) * (x**2 + 1),
             "1e-3 (x - 0.3217)": lambda x: 1e-3 * (x - 0.3217), "1e4 (0.777 - x)": lambda x: 1e4 * (0.777 - x),
             "sin(x)": torch.sin, "x^3 - 2": lambda x: x**3 - 2, "x - 0.7": lambda x: x - 0.7,
             "x^2 + 1": lambda x: x**2 + 1, "x^2 - 1": lambda x: x**2 - 1, "-(x^2 + 1)": lambda x: -(x**2) - 1,
             "x - 1": lambda x: x - 1, "0.3 - x": lambda x: 0.3 - x, "2x - 1": lambda x: 2 * x - 1,
             "x - 0.5": lambda x: x - 0.5, "0.5 - x": lambda x: 0.5 - x}
cases = [("lecture polynomial", 0.0, 1.0, {}), ("lecture polynomial", 1.0, 2.0, {}),  # the visible examples
         ("lecture polynomial", 0.0, 1.0, {"tol": 0.1}), ("lecture polynomial", 0.0, 1.0, {"max_iter": 5}),
         ("x - 0.5", 0.0, 1.0, {}), ("0.5 - x", 0.0, 1.0, {}), ("2x - 1", -2.0, 2.0, {}), ("x - 0.5", 0.5, 2.0, {}),
         ("x - 0.5", -1.0, 0.5, {}),
         ("lecture polynomial", -3.0, 2.5, {}), ("cos(x) - x", 0.0, 2.0, {}), ("cos(x) - x", 0.0, 2.0, {"tol": 1e-9}),
         ("exp(x) - 3", -1.0, 4.3, {}), ("exp(-x) - 3", -5.0, 1.0, {}), ("(x + 1.2345678)(x^2 + 1)", -7.0, 3.0, {}),
         ("1e-3 (x - 0.3217)", -2.0, 2.5, {}), ("1e4 (0.777 - x)", -3.0, 1.3, {}), ("sin(x)", -1.0, 8.0, {}),
         ("x^3 - 2", -0.3, 3.0, {"tol": 1e-2}),
         ("lecture polynomial", 0.0, 1.0, {"max_iter": 16}), ("lecture polynomial", 0.0, 1.0, {"max_iter": 10}),
         ("x - 0.7", 0.7, 2.0, {}), ("x - 0.7", -1.0, 0.7, {}),
         ("0.3 - x", 0.0, 1.0, {}), ("x - 0.7", -1.0, 0.5, {}),  # f(hi) in (-1, 0): the sign test is f > 0
         ("x - 1", -2.0, 6.0, {}),  # f(mid) is exactly 1 at the first midpoint and exactly 0 at the third
         ("x^2 + 1", -1.5, 2.5, {}), ("x^2 - 1", -1.5, 2.5, {}), ("-(x^2 + 1)", -1.5, 2.5, {})]
for name, lo, hi, options in cases:
    key = f"bisection_root({name}, {lo}, {hi}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "lo": lo, "hi": hi, "tol": 1e-5, "max_iter": 200, **options})
    probe.call(key, bisection_root, FUNCTIONS[name], lo, hi, **options)
### END HIDDEN TESTS

# %% judge="test_bisection_root"
ROOTS = {"lecture polynomial": [0.4936172193407], "cos(x) - x": [0.7390851332151607], "exp(x) - 3": [math.log(3)],
         "exp(-x) - 3": [-math.log(3)], "(x + 1.2345678)(x^2 + 1)": [-1.2345678], "1e-3 (x - 0.3217)": [0.3217],
         "1e4 (0.777 - x)": [0.777], "sin(x)": [0.0, math.pi, 2 * math.pi], "x^3 - 2": [2 ** (1 / 3)], "x - 0.7": [0.7],
         "x - 1": [1.0], "0.3 - x": [0.3], "2x - 1": [0.5], "x - 0.5": [0.5], "0.5 - x": [0.5]}


def judge(got, want):
    for key in want.keys("bisection_root("):
        case = want[f"case of {key}"]
        lo, hi, tol, max_iter = case["lo"], case["hi"], case["tol"], case["max_iter"]
        if want.raised(key) is not None:  # no sign change on [lo, hi]
            raised = got.raised(key)
            assert raised is not None, f"{key}: f(lo) and f(hi) have the same sign, bisection_root must raise ValueError"
            assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError (no sign change)"
            assert names_number(raised.message, lo) and names_number(raised.message, hi), (
                f"the ValueError of {key} must name both ends, {lo} and {hi}")
            continue
        x, n = scalar_and_count(key, got[key])
        value = float(x.reshape(()).item())
        assert math.isfinite(value), f"{key}: returned {value}: the root must be a finite number"
        roots = ROOTS[case["f"]]
        nearest = min(roots, key=lambda root: abs(value - root))
        error = abs(value - nearest)
        slack = 4 * resolution(x) * max(1.0, abs(nearest))  # a few spacings of the answer's dtype at the root
        if lo in roots or hi in roots:
            end = lo if lo in roots else hi
            assert n == 0 and abs(value - end) <= slack, (
                f"{key}: f({end}) = 0, so bisection_root must return that end at once with n = 0; got {value:.10f}, n = {n}")
        elif max_iter < math.log2((hi - lo) / tol) - 1:  # max_iter halvings cannot reach tol
            assert n == max_iter, f"{key}: bisection_root must stop at n = max_iter = {max_iter}, counted n = {n}"
            middle = float(want[key][0])  # the reference's: the midpoint of the interval left after max_iter halvings
            assert abs(value - middle) <= (hi - lo) / 2 ** (max_iter + 1) + slack, (
                f"{key}: {value:.10f} is outside the interval left after {max_iter} halvings")
        else:
            assert error <= tol + slack, (f"{key}: returned {value:.10f}, which is {error:.2e} away from the nearest "
                                          f"root (allowed {tol})")
            assert n <= max_iter, f"{key}: counted {n} halvings, more than max_iter = {max_iter}"
            if tol >= slack:  # the answer's dtype resolves tol: the count is known
                # (hi - lo) / 2 <= tol stops after ceil(L) - 1 halvings, hi - lo <= tol after ceil(L)
                L = math.log2((hi - lo) / tol)
                low, high = math.ceil(L - 1e-9) - 1, math.ceil(L + 1e-9)
                hit = want[key][1]  # where a midpoint hit a root exactly, the reference stopped: there is right too
                assert low <= n <= high or error == 0 and n == hit, (
                    f"{key}: the usual stopping rules give n = {math.ceil(L) - 1} or n = {math.ceil(L)} here"
                    + (f", and stopping at the midpoint that is the root n = {hit}" if hit < low else "")
                    + f"; counted n = {n}")

# %% tags=["demo", "self_check"] title={"ru": "Необязательная проверка bisection_root на случайных входах", "en": "The optional check of bisection_root on random inputs"}
def _random_function(gen):
    """A random increasing or decreasing function with one root r (computing in the dtype of its argument),
    r and its formula."""
    r = float(torch.rand((), generator=gen)) * 10 - 5
    scale = 10 ** float(torch.rand((), generator=gen) * 7 - 3) * (1 if torch.rand((), generator=gen) < 0.5 else -1)
    kind = int(torch.randint(3, (), generator=gen))
    if kind == 0:
        return (lambda x: scale * (x - r)), r, f"{scale:.3g} (x - {r:.6f})"
    if kind == 1:
        return (lambda x: scale * ((x - r) + (x - r) ** 3)), r, f"{scale:.3g} ((x - {r:.6f}) + (x - {r:.6f})^3)"
    return (lambda x: scale * torch.tanh(x - r)), r, f"{scale:.3g} tanh(x - {r:.6f})"


@_skips_unwritten
def check_more_bisection(bisection_root, cases=200):
    """bisection_root on random monotonic functions: the distance to the root, the number of halvings,
    max_iter, a root at an end, a midpoint exactly on the root and the ValueError for ends of the same sign."""
    gen = torch.Generator().manual_seed(2004)
    for case in range(cases):
        f, r, name = _random_function(gen)
        lo = r - 10 ** float(torch.rand((), generator=gen) * 3 - 2)
        hi = r + 10 ** float(torch.rand((), generator=gen) * 3 - 2)
        tol = (1e-2, 1e-3, 1e-5, 1e-7)[int(torch.randint(4, (), generator=gen))]
        max_iter = 200 if torch.rand((), generator=gen) < 0.7 else int(torch.randint(1, 30, (), generator=gen))
        call = f"bisection_root({name}, lo={lo!r}, hi={hi!r}, tol={tol}, max_iter={max_iter})"
        x, n = _as_pair(call, _attempt(call, lambda: bisection_root(f, lo, hi, tol=tol, max_iter=max_iter)))
        value, error = float(x), abs(float(x) - r)
        slack = 4 * (torch.finfo(x.dtype).eps if x.is_floating_point() else 1.0) * max(1.0, abs(r))
        L = math.log2((hi - lo) / tol)
        if max_iter < L - 1:  # max_iter halvings cannot reach tol
            assert n == max_iter, TEXT["max_iter"].format(call=call, max_iter=max_iter, n=n)
            allowed = (hi - lo) / 2**max_iter + slack
        else:
            allowed = tol + slack
            low, high = math.ceil(L - 1e-9) - 1, math.ceil(L + 1e-9)
            if tol >= slack:  # the answer's dtype resolves tol: the count is known
                if f(x).item() == 0:  # a midpoint that is exactly a root may end the search early
                    low = 1
                assert low <= n <= high, TEXT["halvings"].format(call=call, low=low, high=high, n=n)
        assert error <= allowed, TEXT["far"].format(call=call, got=value, error=error, root=r, allowed=allowed)

        end = int(torch.randint(-20, 21, (), generator=gen)) / 8  # exact in every float dtype
        lo, hi = (end, end + 1.5) if torch.rand((), generator=gen) < 0.5 else (end - 2.25, end)
        call = f"bisection_root(x - {end}, {lo}, {hi})"
        x, n = _as_pair(call, _attempt(call, lambda: bisection_root(lambda x: x - end, lo, hi)))
        assert n == 0 and float(x) == end, TEXT["end_root"].format(call=call, end=end, got=float(x), n=n)

        lo = int(torch.randint(-20, 20, (), generator=gen)) / 4
        hi = lo + int(torch.randint(1, 20, (), generator=gen)) / 4
        sign = 1 if torch.rand((), generator=gen) < 0.5 else -1
        call = f"bisection_root({sign} * ((x - {r:.4f})^2 + 0.5), {lo}, {hi})"
        error, got, _ = _outcome(lambda: bisection_root(lambda x: sign * ((x - r) ** 2 + 0.5), lo, hi))
        assert isinstance(error, ValueError), TEXT["no_value_error"].format(call=call, got=got)
        assert _names_number(error, lo) and _names_number(error, hi), TEXT["ends_message"].format(
            call=call, lo=lo, hi=hi)

        j = int(torch.randint(1, 7, (), generator=gen))  # a root exactly at the midpoint of halving j
        lo = int(torch.randint(-16, 16, (), generator=gen)) / 4
        width = 2.0 ** int(torch.randint(-1, 4, (), generator=gen))
        middle = lo + width * (2 * int(torch.randint(0, 2 ** (j - 1), (), generator=gen)) + 1) / 2**j  # exact
        scale = 2.0 ** int(torch.randint(-3, 4, (), generator=gen)) * sign
        if case == 0:
            j, lo, width, middle, scale = 1, 0.0, 1.0, 0.5, 1.0  # x - 0.5 on [0, 1]
        call = f"bisection_root({scale!r} (x - {middle!r}), {lo}, {lo + width})"
        x, n = _as_pair(call, _attempt(call, lambda: bisection_root(lambda x: scale * (x - middle), lo, lo + width)))
        L = math.log2(width / 1e-5)
        low, high = math.ceil(L - 1e-9) - 1, math.ceil(L + 1e-9)
        right = abs(float(x) - middle) <= 1e-5 and (low <= n <= high or n == j and float(x) == middle)
        assert right, TEXT["midpoint_root"].format(call=call, j=j, root=middle, low=low, high=high, got=float(x), n=n)
    print(TEXT["passed"].format(cases=4 * cases))

# %% tags=["demo", "self_check"]
check_more_bisection(bisection_root)

# %% [markdown] tags=["ru"]
# ## Задание 2б. Где искать: `find_bracket` [1 балл] (≈ 10 минут)
#
# Бисекции нужен отрезок со сменой знака. Если его не знаем, расширяем поиск от нуля.
# Напишите `find_bracket(f, start=1.0, max_doublings=60)`: проверьте $[-s, s]$ при $s = start$,
# затем удваивайте $s$ (не больше `max_doublings` раз), пока знаки $f(-s)$ и $f(s)$ не станут
# разными или одно из значений не окажется нулём (тогда этот конец — корень). Верните кортеж
# `(lo, hi) = (-s, s)` из двух чисел `float` для **первого** такого $s$; если его нет — `ValueError`.
#
# ![Удвоение отрезка для x - 5.5](attachment:doubling.png)
#
# Удвоение важно: за $k$ шагов мы добираемся до масштаба $2^k$, поэтому корень порядка $10^{6}$
# находится за 20 шагов ($2^{20} \approx 1.05 \cdot 10^6$), а не за миллион. А функция без смены знака
# (например, $x^2 + 1$) без ограничения числа удвоений крутила бы цикл вечно: $s$ дорастёт до `inf`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - Ответ — ровно первый подходящий $[-s, s]$ среди $s = start \cdot 2^k$, $k = 0, \dots,$
#   `max_doublings`, как кортеж двух `float` (даже если `start` — целое, например `2`).
# - Смена знака или ноль на любом из концов; при $f(-s) = 0$ или $f(s) = 0$ этот $s$ подходит.
# - Нет смены знака до `start * 2**max_doublings` включительно — `ValueError`, и `f` вызывается
#   конечное число раз.
# - `f` можно вызывать и с числом, и с тензором (`float32` или `float64`): скрытые тесты передают
#   функции, которые принимают всё это.
#
# </details>

# %% [markdown] tags=["en"]
# ## Exercise 2b. Where to look: `find_bracket` [1 point] (≈ 10 minutes)
#
# Bisection needs an interval with a sign change. When we do not know one, we search outward from
# zero. Write `find_bracket(f, start=1.0, max_doublings=60)`: test $[-s, s]$ for $s = start$, then
# double $s$ (at most `max_doublings` times) until $f(-s)$ and $f(s)$ have opposite signs or one of
# them is zero (then that end is a root). Return the tuple `(lo, hi) = (-s, s)` of two Python floats
# for the **first** such $s$; if there is none, raise `ValueError`.
#
# ![The doubling intervals for x - 5.5](attachment:doubling.png)
#
# Doubling matters: $k$ steps reach the scale $2^k$, so a root of size $10^{6}$ is bracketed in 20
# steps ($2^{20} \approx 1.05 \cdot 10^6$), not a million. And a function without a sign change (say
# $x^2 + 1$) would keep the loop going forever without a cap on the doublings: $s$ grows to `inf`.
#
# <details><summary>What grading checks</summary>
#
# - The answer is exactly the first suitable $[-s, s]$ among $s = start \cdot 2^k$,
#   $k = 0, \dots,$ `max_doublings`, as a tuple of two floats (even when `start` is an integer such
#   as `2`).
# - A sign change or a zero at either end; with $f(-s) = 0$ or $f(s) = 0$ that $s$ is the answer.
# - No sign change up to `start * 2**max_doublings` inclusive: `ValueError`, after a finite number of
#   calls of `f`.
# - You may call `f` with a number or with a tensor (`float32` or `float64`): the hidden tests pass
#   functions that accept all of these.
#
# </details>

# %% figure="doubling"
import matplotlib.pyplot as plt
T = {"ru": {"title": "find_bracket(x - 5.5): $[-s, s]$ для $s = 1, 2, 4, 8$, пока знаки на концах не станут разными",
            "same": "один знак: удвоить $s$", "found": "знаки разные: вернуть $(-8.0, 8.0)$",
            "minus": "$f < 0$", "plus": "$f > 0$", "root": "корень 5.5"},
     "en": {"title": "find_bracket(x - 5.5): $[-s, s]$ for $s = 1, 2, 4, 8$ until the ends' signs differ",
            "same": "the same sign: double $s$", "found": "opposite signs: return $(-8.0, 8.0)$",
            "minus": "$f < 0$", "plus": "$f > 0$", "root": "the root 5.5"}}[lang]


def f(x):
    return x - 5.5


fig, ax = plt.subplots(figsize=(8, 3))
for k in range(4):
    s, y = 2.0**k, -k
    found = (f(-s) > 0) != (f(s) > 0)
    ax.plot([-s, s], [y, y], color="C2" if found else "gray", lw=5 if found else 3, solid_capstyle="butt")
    for end in (-s, s):
        ax.plot([end], [y], "o", ms=9, color="C0" if f(end) > 0 else "C3", zorder=3)
    ax.text(-9.3, y, f"$k = {k}$, $s = {s:g}$", ha="right", va="center", fontsize=10)
    ax.text(9.3, y, T["found"] if found else T["same"], va="center", fontsize=9, color="C2" if found else "gray")
ax.axvline(5.5, color="C1", ls="--", lw=1)
ax.text(5.6, 0.45, T["root"], color="C1", fontsize=9)
ax.plot([], [], "o", color="C3", label=T["minus"])
ax.plot([], [], "o", color="C0", label=T["plus"])
ax.legend(loc="lower right", fontsize=9, ncol=2, frameon=False)
ax.set_xlim(-14, 20)
ax.set_ylim(-4.3, 0.8)
ax.set_yticks([])
ax.set_xticks(range(-8, 9, 2))
for side in ("left", "right", "top"):
    ax.spines[side].set_visible(False)
ax.set_title(T["title"], fontsize=10)
fig.tight_layout()

# %% nbgrader={"grade_id": "find_bracket", "solution": true}
def find_bracket(f, start=1.0, max_doublings=60):
    """Return (lo, hi) = (-s, s), two floats, for the first s in start * 2**k, k = 0..max_doublings,
    where f(-s) and f(s) have opposite signs or one of them is 0. Raise ValueError if there is none.
    """
    ### BEGIN SOLUTION
    half = float(start)
    for _ in range(max_doublings + 1):
        f_lo = f(torch.tensor(-half, dtype=torch.float64)).item()
        f_hi = f(torch.tensor(half, dtype=torch.float64)).item()
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            return -half, half
        half *= 2
    raise ValueError(f"f does not change sign on [-s, s] for any s = {start} * 2**k, k = 0..{max_doublings}")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_find_bracket", "grade": true, "points": 1, "locked": true}
for _name, _f, _options, _want in (("poly", poly, {}, (-1.0, 1.0)), ("x - 5.5", lambda x: x - 5.5, {}, (-8.0, 8.0)),
                                    ("x - 5.5", lambda x: x - 5.5, {"start": 2}, (-8.0, 8.0)),
                                    ("x - 5.5", lambda x: x - 5.5, {"max_doublings": 3}, (-8.0, 8.0)),
                                    ("0.5x + 0.25", lambda x: 0.5 * x + 0.25, {}, (-1.0, 1.0)),
                                    ("0.25 - 0.5x", lambda x: 0.25 - 0.5 * x, {}, (-1.0, 1.0)),
                                    ("-(x + 4)^2", lambda x: -((x + 4) ** 2), {}, (-4.0, 4.0)),
                                    ("-(x - 2)^2", lambda x: -((x - 2) ** 2), {}, (-2.0, 2.0))):
    _call = f"find_bracket({_name}" + "".join(f", {k}={v}" for k, v in _options.items()) + ")"
    _error, _got, _result = _outcome(lambda: find_bracket(_f, **_options))
    assert _error is None and _result == _want, TEXT["bracket"].format(call=_call, want=_want, got=_got)
    assert all(type(_end) is float for _end in _result), TEXT["bracket_floats"].format(
        call=_call, got=tuple(type(_end).__name__ for _end in _result))
_error, _got, _ = _outcome(lambda: find_bracket(lambda x: x - 5.5, max_doublings=2))
assert isinstance(_error, ValueError), TEXT["bracket_error"].format(call="find_bracket(x - 5.5, max_doublings=2)",
                                                                    got=_got)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
class TooManyCalls(BaseException):
    """Raised by a test function called too often: the loop that calls it does not stop."""


def counted(g, limit=2000):
    """g as a test function: takes a number (as float64) or a tensor (computes in its dtype); counts calls."""
    calls = [0]

    def f(x):
        calls[0] += 1
        if calls[0] > limit:
            raise TooManyCalls(f"f was called more than {limit} times")
        return g(x if isinstance(x, torch.Tensor) else torch.tensor(float(x), dtype=torch.float64))
    return f


FUNCTIONS = {"x - 37.3": lambda x: x - 37.3, "x + 5.3": lambda x: x + 5.3, "0.3 - x": lambda x: 0.3 - x,
             "x - 3.1": lambda x: x - 3.1, "exp(x) - 1e6": lambda x: torch.exp(x) - 1e6,
             "x^3 + 2000": lambda x: x**3 + 2000, "tanh(x - 37.3)": lambda x: torch.tanh(x - 37.3),
             "x - 7.3": lambda x: x - 7.3, "x - 1e15": lambda x: x - 1e15, "x - 9": lambda x: x - 9,
             "(x - 4)^2": lambda x: (x - 4) ** 2, "-(x - 4)^2": lambda x: -((x - 4) ** 2),
             "(x + 2)^2": lambda x: (x + 2) ** 2, "-(x + 2)^2": lambda x: -((x + 2) ** 2), "x^2 - 4": lambda x: x**2 - 4,
             "x^2 + 1": lambda x: x**2 + 1, "cos(x) + 2": lambda x: torch.cos(x) + 2, "x + 0.5": lambda x: x + 0.5,
             "lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "x - 5.5": lambda x: x - 5.5,
             "0.5x + 0.25": lambda x: 0.5 * x + 0.25, "0.25 - 0.5x": lambda x: 0.25 - 0.5 * x,
             "-(x + 4)^2": lambda x: -((x + 4) ** 2), "-(x - 2)^2": lambda x: -((x - 2) ** 2)}
cases = [("lecture polynomial", {}), ("x - 5.5", {}),  # the visible examples
         ("x - 5.5", {"start": 2}), ("x - 5.5", {"max_doublings": 3}), ("x - 5.5", {"max_doublings": 2}),
         ("0.5x + 0.25", {}), ("0.25 - 0.5x", {}), ("-(x + 4)^2", {}), ("-(x - 2)^2", {}),
         ("x - 37.3", {}), ("x + 0.5", {}), ("x + 5.3", {}), ("x + 5.3", {"start": 2}), ("0.3 - x", {}), ("x - 3.1", {"start": 0.25}),
         ("exp(x) - 1e6", {}),
         ("x^3 + 2000", {}), ("tanh(x - 37.3)", {}), ("x - 7.3", {"max_doublings": 3}), ("x - 1e15", {}),
         ("(x - 4)^2", {}), ("-(x - 4)^2", {}), ("(x + 2)^2", {"start": 0.5}), ("-(x + 2)^2", {}), ("x^2 - 4", {}),
         ("x^2 + 1", {"max_doublings": 10}), ("x - 37.3", {"max_doublings": 5}), ("x - 9", {"max_doublings": 3}),
         ("cos(x) + 2", {"start": 0.5})]
for name, options in cases:
    key = f"find_bracket({name}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.call(key, find_bracket, counted(FUNCTIONS[name]), **options)
### END HIDDEN TESTS

# %% judge="test_find_bracket"
def judge(got, want):
    for key in want.keys("find_bracket("):
        raised = got.raised(key)
        assert raised is None or not raised.is_a("TooManyCalls"), (
            f"{key} called f more than 2000 times: find_bracket must stop after max_doublings doublings")
        if want.raised(key) is not None:  # no sign change within start * 2**max_doublings
            assert raised is not None, f"{key}: there is no sign change within reach, find_bracket must raise ValueError"
            assert raised.is_a(ValueError), f"{key} raised {raised.name}; expected ValueError (no sign change)"
            continue
        result, expected = got[key], want[key]
        assert isinstance(result, tuple) and len(result) == 2, f"{key} must return a tuple (lo, hi)"
        assert all(type(end) is float for end in result), f"{key}: lo and hi must be Python floats"
        assert result == expected, (f"{key} must return {expected}, the first [-s, s] whose ends have opposite signs "
                                    f"or a zero; got {result}")

# %% tags=["demo", "self_check"] title={"ru": "Необязательная проверка find_bracket на случайных входах", "en": "The optional check of find_bracket on random inputs"}
class _TooManyCalls(BaseException):
    """Raised by a test function that a loop calls far too often (a BaseException, so `except Exception` lets it by)."""


def _counted(g, limit=2000):
    """g as a test function: takes a number (as float64) or a tensor (computes in its dtype); stops a runaway loop."""
    calls = [0]

    def f(x):
        calls[0] += 1
        if calls[0] > limit:
            raise _TooManyCalls()
        return g(x if isinstance(x, torch.Tensor) else torch.tensor(float(x), dtype=torch.float64))
    return f


@_skips_unwritten
def check_more_find_bracket(find_bracket, cases=120):
    """find_bracket against the rule itself, [-s, s] for s = start * 2**k, on random functions."""
    gen = torch.Generator().manual_seed(3004)
    for case in range(cases):
        start = (0.25, 0.5, 1.0, 1.5, 3, 1)[int(torch.randint(6, (), generator=gen))]
        max_doublings = int(torch.randint(0, 61, (), generator=gen))
        k = int(torch.randint(0, max_doublings + 3, (), generator=gen))
        sign = 1 if torch.rand((), generator=gen) < 0.5 else -1
        r = sign * start * 2.0**k  # a root exactly at an end s of some [-s, s]
        if case % 2:
            r *= float(torch.rand((), generator=gen)) * 1.5 + 0.25  # a root anywhere
        kind = int(torch.randint(4, (), generator=gen))
        name, g = ((f"x - {r!r}", lambda x: x - r), (f"{r!r} - x", lambda x: r - x),
                   (f"(x - {r!r})^2", lambda x: (x - r) ** 2), (f"-(x - {r!r})^2 - 1", lambda x: -((x - r) ** 2) - 1))[kind]
        s, want = float(start), None
        for _ in range(max_doublings + 1):  # the rule of the task, in plain Python
            a, b = float(g(torch.tensor(-s, dtype=torch.float64))), float(g(torch.tensor(s, dtype=torch.float64)))
            if a == 0 or b == 0 or (a > 0) != (b > 0):
                want = (-s, s)
                break
            s *= 2
        call = f"find_bracket({name}, start={start!r}, max_doublings={max_doublings})"
        try:
            error, got, result = _outcome(lambda: find_bracket(_counted(g), start=start, max_doublings=max_doublings))
        except _TooManyCalls:
            raise AssertionError(TEXT["too_many_calls"].format(call=call, limit=2000)) from None
        if want is None:
            assert isinstance(error, ValueError), TEXT["bracket_error"].format(call=call, got=got)
            continue
        assert error is None and result == want, TEXT["bracket"].format(call=call, want=want, got=got)
        assert all(type(end) is float for end in result), TEXT["bracket_floats"].format(
            call=call, got=tuple(type(end).__name__ for end in result))
    print(TEXT["passed"].format(cases=cases))

# %% tags=["demo", "self_check"]
check_more_find_bracket(find_bracket)

# %% [markdown] tags=["ru"]
# Вместе две функции решают задачу «найди корень, не зная, где он»: `find_bracket` даёт
# отрезок, `bisection_root` сужает его. Ячейке нужны решённые задания 2 и 2б.

# %% [markdown] tags=["en"]
# Together the two functions solve "find a root without knowing where it is": `find_bracket`
# gives an interval and `bisection_root` narrows it down. This cell needs exercises 2 and 2b solved.

# %% tags=["demo"]
try:
    lo, hi = find_bracket(lambda x: poly(x - 20))  # the same polynomial, shifted: its root is near 20.49
    root, n = bisection_root(lambda x: poly(x - 20), lo, hi)
except NotImplementedError:
    print(TEXT["bracket then bisect: skipped"])
else:
    print(TEXT["bracket then bisect: result"].format(lo=lo, hi=hi, root=root.item(), n=n))

# %% [markdown] tags=["ru"]
# ## Задание 3. Метод Ньютона: `newton_root` [3 балла] (≈ 25 минут)
#
# Документация: [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html).
#
# Заменим $f$ около текущей точки $x_n$ касательной $f(x_n) + f'(x_n)(x - x_n)$ и возьмём её нуль:
#
# $$x_{n+1} = x_n - \frac{f(x_n)}{f'(x_n)}.$$
#
# ![Касательные метода Ньютона](attachment:newton.png)
#
# Вблизи простого корня число верных знаков примерно удваивается на каждом шаге (квадратичная
# сходимость). Производную даст autograd: делаем $x$ листом с `requires_grad=True`, считаем $f(x)$
# и берём `torch.autograd.grad(fx, x)` (или `fx.backward()` и `x.grad`).
#
# Напишите `newton_root(f, x0, tol=1e-5, max_iter=50)`. Она начинает с числа `x0` (`int` или
# `float`), делает шаги Ньютона, пока не станет $|f(x)| < tol$ (строго), и возвращает `(x, n)`: `x` —
# новый тензор нулевой размерности, который не требует градиента (`x.detach()`), `n` — число
# сделанных шагов (`int`). Шагов не больше `max_iter`. Если $f'(x) = 0$ там, откуда нужен шаг (в
# приближении с $|f(x)| \ge tol$, до которого сделано меньше `max_iter` шагов), — `ZeroDivisionError`;
# если и после `max_iter` шагов $|f(x)| \ge tol$ — `RuntimeError`, в сообщении значение `max_iter`.
#
# **Подводные камни.**
#
# - Шаг $x - f/f'$ делайте под `torch.no_grad()` (или над `.detach()`), чтобы $x$ оставался листом,
#   а граф не рос с каждой итерацией (подробности — ниже, под списком).
# - Если пользуетесь `backward()`, обнуляйте `x.grad` перед каждым вызовом: градиенты накапливаются.
# - `torch.tensor(3, requires_grad=True)` — ошибка: градиент бывает только у вещественных тензоров.
# - Деление тензора на ноль не бросает исключения (будет `inf` или `nan`): $f'(x) = 0$ проверяйте сами.
# - Ньютон не гарантирует сходимость: у $x^3 - 2x + 2$ из $x_0 = 0$ итерации ходят по циклу
#   $0 \to 1 \to 0 \to \dots$ Поэтому и нужен `max_iter`.
#
# <details><summary>Что будет, если сделать шаг без <code>no_grad</code></summary>
#
# Новый $x$ — уже не лист, а выход графа, который растёт с каждой итерацией. С `fx.backward()` это
# видно сразу: у не-листа `x.grad` остаётся `None` (PyTorch предупреждает). С
# `torch.autograd.grad(fx, x)` производные выходят верными (она дифференцирует по тому `x`, который ей
# передали), но каждое приближение тянет за собой граф всех предыдущих шагов: память и время растут с
# каждым шагом, а возвращаемый `x` всё равно нужно отсоединить.
#
# </details>
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - `n` равно числу шагов эталонного решения: остановка, как только $|f(x)| < tol$; если это верно
#   уже в `x0`, то `n = 0`; при $|f(x)| = tol$ шаг ещё нужен; сходимость ровно на шаге номер
#   `max_iter` — успех, `n = max_iter`.
# - $|f(x)| < tol$ в возвращённой точке, и это тот корень, к которому метод Ньютона приходит из
#   `x0` (с точностью $10^{-4}$).
# - `x` — тензор из одного числа, не требует градиента; `n` — `int`; `x0` может быть `int`.
# - Производная взята у autograd: у одной из тестовых функций свой `backward`, который считает вызовы.
# - `ZeroDivisionError`, если $f'(x) = 0$ в точке, из которой нужно сделать шаг (после шага номер
#   `max_iter` шагов больше не делают, там важен только `RuntimeError`; где $|f(x)| < tol$, $f'$ не
#   важна: $x^2$ из 0 даёт $(0, 0)$); `RuntimeError` с `max_iter` в сообщении, если сходимости нет.
# - Функции тестов считают в dtype полученного тензора, так что годится и `float64`, и `float32`.
#
# </details>

# %% [markdown] tags=["en"]
# ## Exercise 3. Newton's method: `newton_root` [3 points] (≈ 25 minutes)
#
# Documentation: [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.backward`](https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html),
# [`torch.no_grad`](https://pytorch.org/docs/stable/generated/torch.no_grad.html).
#
# Replace $f$ near the current point $x_n$ by its tangent $f(x_n) + f'(x_n)(x - x_n)$ and take
# the tangent's zero:
#
# $$x_{n+1} = x_n - \frac{f(x_n)}{f'(x_n)}.$$
#
# ![Newton's tangents](attachment:newton.png)
#
# Near a simple root the number of correct digits roughly doubles at each step (quadratic
# convergence). Autograd supplies the derivative: make $x$ a leaf with `requires_grad=True`,
# compute $f(x)$ and take `torch.autograd.grad(fx, x)` (or `fx.backward()` and `x.grad`).
#
# Write `newton_root(f, x0, tol=1e-5, max_iter=50)`. It starts from the number `x0` (an `int` or a
# `float`), takes Newton steps until $|f(x)| < tol$ (strictly), and returns `(x, n)`: `x` a fresh
# 0-dim tensor that does not require grad (`x.detach()`), `n` the number of steps taken (an `int`).
# At most `max_iter` steps. If $f'(x) = 0$ where a step is due (at an iterate with $|f(x)| \ge tol$,
# reached after fewer than `max_iter` steps), raise `ZeroDivisionError`; if $|f(x)| \ge tol$ still
# after `max_iter` steps, raise `RuntimeError` with the value of `max_iter` in the message.
#
# **Pitfalls.**
#
# - Take the step $x - f/f'$ under `torch.no_grad()` (or on `.detach()`), so that $x$ stays a leaf and
#   the graph does not grow with every iteration (details below the list).
# - If you use `backward()`, reset `x.grad` before every call: gradients accumulate.
# - `torch.tensor(3, requires_grad=True)` is an error: only floating tensors can have gradients.
# - Dividing a tensor by zero raises no exception (you get `inf` or `nan`): check $f'(x) = 0$ yourself.
# - Newton's method does not guarantee convergence: for $x^3 - 2x + 2$ from $x_0 = 0$ the iterates
#   cycle $0 \to 1 \to 0 \to \dots$ That is what `max_iter` is for.
#
# <details><summary>What happens if the step is taken without <code>no_grad</code></summary>
#
# The new $x$ is no longer a leaf but the output of a graph that grows with every iteration. With
# `fx.backward()` that shows at once: `x.grad` of a non-leaf stays `None` (PyTorch warns). With
# `torch.autograd.grad(fx, x)` the derivatives still come out right (it differentiates with respect to
# whatever `x` you pass), but every iterate drags along the graph of all the steps before it, so memory
# and time grow with each step, and the returned `x` still has to be detached.
#
# </details>
#
# <details><summary>What grading checks</summary>
#
# - `n` equals the reference solution's step count: stop as soon as $|f(x)| < tol$; if that already
#   holds at `x0`, then `n = 0`; at $|f(x)| = tol$ another step is due; converging exactly at step
#   number `max_iter` is a success, `n = max_iter`.
# - $|f(x)| < tol$ at the returned point, and it is the root that Newton's method reaches from `x0`
#   (to within $10^{-4}$).
# - `x` is a one-element tensor that does not require grad; `n` is an `int`; `x0` may be an `int`.
# - The derivative comes from autograd: one of the test functions has a `backward` of its own that
#   counts its calls.
# - `ZeroDivisionError` if $f'(x) = 0$ at a point a step must be taken from (after step number
#   `max_iter` no step is due, so only the `RuntimeError` counts; where $|f(x)| < tol$, $f'$ does not
#   matter: $x^2$ from 0 gives $(0, 0)$); `RuntimeError` naming `max_iter` when there is no
#   convergence.
# - The test functions compute in the dtype of the tensor they get, so both `float64` and `float32`
#   work.
#
# </details>

# %% figure="newton"
import matplotlib.pyplot as plt
T = {"ru": {"title": "Метод Ньютона из $x_0 = 0$, как в задании: касательная в $x_n$ пересекает ось $x$ в $x_{n+1}$",
            "tangent": "касательная в $x_n$", "back": "от $x_{n+1}$ вверх к $f(x_{n+1})$", "zoom": "вблизи корня",
            "stop": "|f(x_3)| < tol = 1e-5: стоп, n = 3"},
     "en": {"title": "Newton's method from $x_0 = 0$, as in the exercise: the tangent at $x_n$ meets the $x$-axis at "
                     "$x_{n+1}$",
            "tangent": "tangent at $x_n$", "back": "from $x_{n+1}$ up to $f(x_{n+1})$", "zoom": "near the root",
            "stop": "|f(x_3)| < tol = 1e-5: stop, n = 3"}}[lang]


def f(x):
    return x**7 + 5 * x**3 + 17 * x - 9


def df(x):
    return 7 * x**6 + 15 * x**2 + 17


iterates = [0.0]
for _ in range(3):
    x = iterates[-1]
    iterates.append(x - f(x) / df(x))
fig, ax = plt.subplots(figsize=(8, 4.5))
zoom = ax.inset_axes([0.6, 0.08, 0.38, 0.5])
for axes, (left, right), labelled in ((ax, (-0.05, 0.65), True), (zoom, (0.485, 0.545), False)):
    xs = [left + i * (right - left) / 400 for i in range(401)]
    axes.plot(xs, [f(x) for x in xs], color="C0", lw=2, label="$f(x) = x^7 + 5x^3 + 17x - 9$" if labelled else None)
    axes.axhline(0, color="black", lw=0.8)
    for n, (x, after) in enumerate(zip(iterates[:2], iterates[1:3])):
        end = after + (0.04 if after > x else -0.008)  # a little past the next iterate
        axes.plot([x, end], [f(x), f(x) + df(x) * (end - x)], color="C1", lw=1.5,
                  label=T["tangent"] if labelled and n == 0 else None)
        axes.plot([after, after], [0, f(after)], color="gray", ls=":", lw=1.2,
                  label=T["back"] if labelled and n == 0 else None)
        axes.plot([x], [f(x)], "o", color="C1", ms=5)
    axes.set_xlim(left, right)
for n, x in enumerate(iterates[:2]):
    ax.plot([x], [0], "o", color="black", ms=5)
    ax.annotate(f"$x_{n}$", (x, 0), xytext=(0, -16 if n == 0 else 8), textcoords="offset points", ha="center",
                fontsize=11)
for n, x in enumerate(iterates[1:3], start=1):
    zoom.plot([x], [0], "o", color="black" if n < 3 else "C3", ms=4)
    zoom.annotate(f"$x_{n}$", (x, 0), xytext=(0, -14), textcoords="offset points", ha="center", fontsize=10)
zoom.set_ylim(-0.25, 0.9)
zoom.set_title(T["zoom"], fontsize=9)
zoom.tick_params(labelsize=8)
ax.indicate_inset_zoom(zoom, edgecolor="gray")
rows = ["n   x_n         |f(x_n)|"] + [f"{n}   {x:.7f}   {abs(f(x)):.1e}" for n, x in enumerate(iterates)]
rows.append("    " + T["stop"])
ax.text(0.015, 0.64, "\n".join(rows), transform=ax.transAxes, fontsize=9, family="DejaVu Sans Mono", va="top")
ax.set_ylim(-10, 4)
ax.set_xlabel("$x$")
ax.set_ylabel("$f(x)$")
ax.set_title(T["title"], fontsize=10)
ax.legend(loc="upper left", fontsize=9)
fig.tight_layout()

# %% nbgrader={"grade_id": "newton_root", "solution": true}
def newton_root(f, x0, tol=1e-5, max_iter=50):
    """Find a root of f by Newton's method, starting from the number x0, with f'(x) from autograd.

    Stop as soon as |f(x)| < tol. Return (x, n): x a 0-dim tensor, n the number of Newton steps (an int).
    Raise ZeroDivisionError if f'(x) == 0 where a step is due (|f(x)| >= tol, fewer than max_iter steps
    taken), and RuntimeError naming max_iter if |f(x)| < tol is not reached within max_iter steps.
    """
    ### BEGIN SOLUTION
    x = torch.tensor(float(x0), dtype=torch.float64)
    for n in range(max_iter + 1):
        x.requires_grad_(True)
        fx = f(x)
        if abs(fx.item()) < tol:
            return x.detach(), n
        if n == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx, x)
        if dfx.item() == 0:
            raise ZeroDivisionError(f"f'(x) = 0 at x = {x.item():.6g} (step {n}): Newton's step is undefined")
        with torch.no_grad():
            x = x - fx / dfx
    raise RuntimeError(f"Newton's method did not reach |f(x)| < {tol} within max_iter = {max_iter} steps "
                       f"(last x = {x.item():.6g}, f(x) = {fx.item():.3g})")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_newton_root", "grade": true, "points": 3, "locked": true}
_root, _n = newton_root(poly, 0.0)
assert isinstance(_root, torch.Tensor) and isinstance(_n, int), TEXT["newton_root: a pair (tensor, int)"]
assert not _root.requires_grad, TEXT["requires_grad"].format(call="newton_root(poly, 0.0)")
assert abs(_root.item() - 0.4936172193) <= 1e-5, TEXT["poly's root"].format(got=_root.item())
assert abs(poly(_root.detach()).item()) < 1e-5, TEXT["newton_root: |f(x)| < tol"]
assert _n == 3, TEXT["newton_root: 3 steps from 0"].format(n=_n)
_error, _got, _result = _outcome(lambda: newton_root(poly, 0.0, max_iter=3))
assert _error is None and isinstance(_result, tuple) and _result[1:] == (3,), TEXT[
    "newton_root: converging at step max_iter"].format(got=_got)
_error, _got, _ = _outcome(lambda: newton_root(poly, 0.0, max_iter=2))
assert isinstance(_error, RuntimeError), TEXT["newton_error"].format(
    call="newton_root(poly, 0.0, max_iter=2)", kind="RuntimeError", why=TEXT["why_max_iter"].format(max_iter=2), got=_got)
assert _names_number(_error, 2), TEXT["names_max_iter"].format(call="newton_root(poly, 0.0, max_iter=2)", max_iter=2)
_error, _got, _result = _outcome(lambda: newton_root(lambda x: x - 1, 1.5, tol=0.5))
assert _error is None and isinstance(_result, tuple) and _result[1:] == (1,), TEXT["newton_root: |f(x0)| = tol"].format(
    got=_got)
_error, _got, _ = _outcome(lambda: newton_root(lambda x: x**2 + 1, 0.0))
assert isinstance(_error, ZeroDivisionError), TEXT["newton_error"].format(
    call="newton_root(x^2 + 1, 0.0)", kind="ZeroDivisionError", why=TEXT["why_zero"], got=_got)
_error, _got, _ = _outcome(lambda: newton_root(lambda x: (x - 1) ** 2 + 1, 2.0, max_iter=1))
assert isinstance(_error, RuntimeError), TEXT["newton_error"].format(
    call="newton_root((x - 1)^2 + 1, 2.0, max_iter=1)", kind="RuntimeError", why=TEXT["why_no_step_after_max_iter"],
    got=_got)
_error, _got, _result = _outcome(lambda: newton_root(lambda x: x**2, 0.0))
assert _error is None and isinstance(_result, tuple) and _result[1:] == (0,), TEXT["newton_root: x^2 from 0"].format(
    got=_got)
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
class CountedCubic(torch.autograd.Function):
    """x^3 - 2x - 5 with a backward of its own that counts its calls."""

    backward_calls = 0

    @staticmethod
    def forward(x):
        return x * x * x - 2 * x - 5

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        CountedCubic.backward_calls += 1
        (x,) = ctx.saved_tensors
        return grad_output * (3 * x * x - 2)


FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "x^3 + 2x + 5": lambda x: x**3 + 2 * x + 5, "exp(x) - 3": lambda x: torch.exp(x) - 3,
             "exp(-x) - 3": lambda x: torch.exp(-x) - 3, "atan(x) - 0.5": lambda x: torch.atan(x) - 0.5,
             "x^2 - 2": lambda x: x**2 - 2, "tanh(3x) + 0.2": lambda x: torch.tanh(3 * x) + 0.2,
             "x^5 - x + 1": lambda x: x**5 - x + 1, "x^2 - 4": lambda x: x**2 - 4,
             "x^3 - 2x + 2": lambda x: x**3 - 2 * x + 2, "x^2 + 1": lambda x: x**2 + 1,
             "x^3 - 3x + 5": lambda x: x**3 - 3 * x + 5, "x^3 - 2x - 5 (its backward counts calls)": CountedCubic.apply,
             "f(x) = x": lambda x: x, "x - 1": lambda x: x - 1, "x^2": lambda x: x**2,
             "(x - 1)^2 + 1": lambda x: (x - 1) ** 2 + 1}
cases = [("lecture polynomial", 0.0, {}),  # the visible example
         ("lecture polynomial", 2.0, {}), ("cos(x) - x", 1.0, {}), ("x^3 + 2x + 5", 0.0, {}), ("exp(x) - 3", 0.0, {}),
         ("exp(-x) - 3", 0.0, {}), ("atan(x) - 0.5", 0.3, {}), ("x^2 - 2", -1.0, {}), ("tanh(3x) + 0.2", 0.1, {}),
         ("x^2 - 2", 3.0, {"tol": 1e-3}), ("x^5 - x + 1", -2.0, {}), ("x^2 - 4", 2.0, {}), ("x^2 - 2", 3, {}),
         ("x^3 - 2x - 5 (its backward counts calls)", 2.0, {}),
         ("lecture polynomial", 2.0, {"max_iter": 7}), ("lecture polynomial", 2.0, {"max_iter": 6}),
         ("x^3 - 2x + 2", 0.0, {"max_iter": 17}), ("x^2 + 1", 0.5, {}),
         ("x^2 - 4", 0.0, {}), ("x^3 - 3x + 5", -1.0, {}), ("x^2 + 1", 1.0, {}),
         ("x^2 + 1", 1.0, {"max_iter": 1}),  # f' = 0 after the last allowed step: no step is due, so RuntimeError
         ("f(x) = x", 2.0**-17, {"tol": 2.0**-17}),  # |f(x0)| == tol exactly: not converged yet
         # the visible examples
         ("lecture polynomial", 0.0, {"max_iter": 3}), ("lecture polynomial", 0.0, {"max_iter": 2}),
         ("x - 1", 1.5, {"tol": 0.5}), ("x^2 + 1", 0.0, {}), ("(x - 1)^2 + 1", 2.0, {"max_iter": 1}), ("x^2", 0.0, {})]
for name, x0, options in cases:
    key = f"newton_root({name}, {x0}" + "".join(f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"f": name, "tol": 1e-5, "max_iter": 50, **options})
    probe.call(key, newton_root, FUNCTIONS[name], x0, **options)
probe.record("backward calls of x^3 - 2x - 5", CountedCubic.backward_calls)
### END HIDDEN TESTS

# %% judge="test_newton_root"
FUNCTIONS = {"lecture polynomial": lambda x: x**7 + 5 * x**3 + 17 * x - 9, "cos(x) - x": lambda x: torch.cos(x) - x,
             "x^3 + 2x + 5": lambda x: x**3 + 2 * x + 5, "exp(x) - 3": lambda x: torch.exp(x) - 3,
             "exp(-x) - 3": lambda x: torch.exp(-x) - 3, "atan(x) - 0.5": lambda x: torch.atan(x) - 0.5,
             "x^2 - 2": lambda x: x**2 - 2, "tanh(3x) + 0.2": lambda x: torch.tanh(3 * x) + 0.2,
             "x^5 - x + 1": lambda x: x**5 - x + 1, "x^2 - 4": lambda x: x**2 - 4,
             "x^3 - 2x - 5 (its backward counts calls)": lambda x: x * x * x - 2 * x - 5, "f(x) = x": lambda x: x,
             "x - 1": lambda x: x - 1, "x^2": lambda x: x**2}
WHY = {"RuntimeError": "|f(x)| < tol is not reached within max_iter = {max_iter} steps",
       "ZeroDivisionError": "f'(x) = 0 at an iterate a step is due from"}
CUBIC = "newton_root(x^3 - 2x - 5 (its backward counts calls), 2.0)"


def judge(got, want):
    for key in want.keys("newton_root("):
        case = want[f"case of {key}"]
        expected = want.raised(key)
        if expected is not None:
            kind = "RuntimeError" if expected.is_a(RuntimeError) else "ZeroDivisionError"
            why = WHY[kind].format(max_iter=case["max_iter"])
            raised = got.raised(key)
            assert raised is not None, f"{key}: {why}, so newton_root must raise {kind}"
            assert raised.is_a(kind), f"{key} raised {raised.name}; expected {kind}: {why}"
            assert kind != "RuntimeError" or names_number(raised.message, case["max_iter"]), (
                f"the RuntimeError of {key} must name max_iter = {case['max_iter']}")
            continue
        x, n = scalar_and_count(key, got[key])
        assert not x.observed["requires_grad"], (
            f"{key}: the returned x must not require grad: return x.detach(), not the leaf you differentiated")
        reference, steps = want[key]
        value = x.reshape(()).to(x.dtype if x.is_floating_point() else torch.float64)
        residual = abs(FUNCTIONS[case["f"]](value).item())
        assert residual < case["tol"], f"{key}: |f(x)| = {residual:.2e} at the returned x, it must be < {case['tol']}"
        assert n == steps, f"{key}: Newton's method stops at n = {steps} (as soon as |f(x)| < tol), counted n = {n}"
        assert abs(value.item() - reference.item()) < 1e-4, (
            f"{key}: Newton's method reaches the root {reference.item():.6f}, got {value.item():.6f}")
    steps = got[CUBIC][1]
    calls = got["backward calls of x^3 - 2x - 5"]
    assert calls >= steps, (f"{CUBIC}: f'(x) must come from autograd: with n = {steps} the backward of f must run "
                            f"at least n times, it ran {calls}")

# %% tags=["demo", "self_check"] title={"ru": "Необязательная проверка newton_root на случайных входах", "en": "The optional check of newton_root on random inputs"}
class _CountedCubic(torch.autograd.Function):
    """a (x - r)((x - c)^2 + d): one simple root r; its backward counts its calls."""

    backward_calls = 0

    @staticmethod
    def forward(x, a, r, c, d):
        return a * (x - r) * ((x - c) ** 2 + d)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.a, ctx.r, ctx.c, ctx.d = inputs[1:]

    @staticmethod
    def backward(ctx, grad_output):
        _CountedCubic.backward_calls += 1
        (x,) = ctx.saved_tensors
        a, r, c, d = ctx.a, ctx.r, ctx.c, ctx.d
        return grad_output * a * ((x - c) ** 2 + d + 2 * (x - r) * (x - c)), None, None, None, None


@_skips_unwritten
def check_more_newton(newton_root, cases=40):
    """newton_root on random cubics with one root: steps, residual, the root reached, autograd's derivative,
    a fresh result and both errors."""
    gen = torch.Generator().manual_seed(5004)
    done = 0
    while done < cases:
        a = float(torch.rand((), generator=gen) * 2.5 + 0.5) * (1 if torch.rand((), generator=gen) < 0.5 else -1)
        r, c = (float(v) for v in torch.rand(2, generator=gen) * 4 - 2)
        d = float(torch.rand((), generator=gen) * 1.5 + 0.5)
        x0 = r + float(torch.rand((), generator=gen) * 3 - 1.5)
        if done % 4 == 0:
            x0 = round(x0)  # an int
        tol = (1e-3, 1e-4, 1e-5)[int(torch.randint(3, (), generator=gen))]
        xs, residuals = _newton_steps(lambda x: a * (x - r) * ((x - c) ** 2 + d),
                                     lambda x: a * ((x - c) ** 2 + d + 2 * (x - r) * (x - c)), x0, tol, max_iter=30)
        if residuals[-1] >= tol or not _clear_of(tol, residuals, 3.0):
            continue  # a start that wanders, or one too close to call: not a fair test
        done += 1
        call = f"newton_root({a:.3f} (x - {r:.4f})((x - {c:.4f})^2 + {d:.4f}), x0={x0!r}, tol={tol})"
        _CountedCubic.backward_calls = 0
        x, n = _as_pair(call, _attempt(call, lambda: newton_root(lambda x: _CountedCubic.apply(x, a, r, c, d), x0, tol=tol)))
        assert not x.requires_grad, TEXT["requires_grad"].format(call=call)
        residual = abs(float(_CountedCubic.apply(x.detach(), a, r, c, d)))
        assert residual < tol, TEXT["residual"].format(call=call, residual=residual, tol=tol)
        assert n == len(xs) - 1, TEXT["steps"].format(call=call, want=len(xs) - 1, n=n)
        assert abs(float(x) - xs[-1]) < 1e-4, TEXT["other_root"].format(call=call, want=xs[-1], got=float(x))
        assert _CountedCubic.backward_calls >= n, TEXT["autograd"].format(
            call=call, n=n, calls=_CountedCubic.backward_calls)
        if n:  # converging exactly at step max_iter is a success
            call = f"newton_root({a:.3f} (x - {r:.4f})((x - {c:.4f})^2 + {d:.4f}), x0={x0!r}, tol={tol}, max_iter={n})"
            x, steps = _as_pair(call, _attempt(call, lambda: newton_root(lambda x: _CountedCubic.apply(x, a, r, c, d), x0,
                                                                       tol=tol, max_iter=n)))
            assert steps == n, TEXT["steps"].format(call=call, want=n, n=steps)

        tol = 2.0 ** -int(torch.randint(5, 20, (), generator=gen))
        call = f"newton_root(f(x) = x, x0={tol!r}, tol={tol!r})"  # |f(x0)| == tol: one step is due
        x, n = _as_pair(call, _attempt(call, lambda: newton_root(lambda x: x, tol, tol=tol)))
        assert n == 1, TEXT["steps"].format(call=call, want=1, n=n)
        call = f"newton_root(x - {r!r}, x0={r + tol / 4!r}, tol={tol!r})"  # converged at x0 already
        x, n = _as_pair(call, _attempt(call, lambda: newton_root(lambda x: x - r, r + tol / 4, tol=tol)))
        assert n == 0 and not x.requires_grad, TEXT["steps"].format(call=call, want=0, n=n)

        centre = int(torch.randint(-8, 9, (), generator=gen)) / 4  # exact in every float dtype
        call = f"newton_root((x - {centre})^2 + {d:.4f}, x0={centre})"
        error, got, _ = _outcome(lambda: newton_root(lambda x: (x - centre) ** 2 + d, centre))
        assert isinstance(error, ZeroDivisionError), TEXT["newton_error"].format(
            call=call, kind="ZeroDivisionError", why=TEXT["why_zero"], got=got)
        call = f"newton_root((x - {centre})^2, x0={centre})"  # converged at x0: that f' = 0 there does not matter
        x, n = _as_pair(call, _attempt(call, lambda: newton_root(lambda x: (x - centre) ** 2, centre)))
        assert n == 0 and float(x) == centre, TEXT["steps"].format(call=call, want=0, n=n)
        s = (0.25, 0.5, 1.0, 2.0)[int(torch.randint(4, (), generator=gen))]
        call = f"newton_root((x - {centre})^2 + {s * s}, x0={centre + s})"  # x1 = centre exactly, where f' = 0
        error, got, _ = _outcome(lambda: newton_root(lambda x: (x - centre) ** 2 + s * s, centre + s))
        assert isinstance(error, ZeroDivisionError), TEXT["newton_error"].format(
            call=call, kind="ZeroDivisionError", why=TEXT["why_zero"], got=got)
        call = f"newton_root((x - {centre})^2 + {s * s}, x0={centre + s}, max_iter=1)"
        error, got, _ = _outcome(lambda: newton_root(lambda x: (x - centre) ** 2 + s * s, centre + s, max_iter=1))
        assert isinstance(error, RuntimeError), TEXT["newton_error"].format(
            call=call, kind="RuntimeError", why=TEXT["why_no_step_after_max_iter"], got=got)
        max_iter = int(torch.randint(1, 30, (), generator=gen))
        call = f"newton_root((x - {centre})^2 + {d:.4f}, x0={centre + 0.5}, max_iter={max_iter})"
        error, got, _ = _outcome(lambda: newton_root(lambda x: (x - centre) ** 2 + d, centre + 0.5, max_iter=max_iter))
        if not isinstance(error, ZeroDivisionError):  # an iterate that lands exactly on the flat point is fair
            assert isinstance(error, RuntimeError), TEXT["newton_error"].format(
                call=call, kind="RuntimeError", why=TEXT["why_max_iter"].format(max_iter=max_iter), got=got)
            assert _names_number(error, max_iter), TEXT["names_max_iter"].format(call=call, max_iter=max_iter)
    print(TEXT["passed"].format(cases=9 * cases))

# %% tags=["demo", "self_check"]
check_more_newton(newton_root)

# %% [markdown] tags=["ru"]
# ### Бисекция против Ньютона (≈ 10 минут)
#
# Оба метода на многочлене из лекции: корень, он же округлённый до пяти знаков, невязка $|f(x)|$,
# число итераций и время одного вызова. Затем — `%timeit` для каждого метода. Ячейкам нужны решённые
# задания 2 и 3; каждая выполняется за секунду-другую.
#
# Обратите внимание: `tol` у методов значит разное. У бисекции это расстояние до корня по $x$, у
# Ньютона — порог для $|f(x)|$; здесь $f' \ge 17$, так что $|f(x)| < 10^{-5}$ означает, что до корня
# меньше $10^{-5}/17$.
#
# <details><summary>Почему столбец «5 знаков» может разойтись с корнем</summary>
#
# «до корня не дальше $10^{-5}$» ещё не означает «пять верных знаков
# после округления». Корень $0.4936172\ldots$ лежит всего в $2.2 \cdot 10^{-6}$ от границы
# округления $0.493615$, и ответ бисекции с `tol=1e-5` может округлиться до $0.49361$ — таблица ниже
# показывает, как вышло на самом деле. Для пяти верных знаков берите запас: `tol=1e-7`.
#
# </details>

# %% [markdown] tags=["en"]
# ### Bisection versus Newton (≈ 10 minutes)
#
# Both methods on the lecture's polynomial: the root, the same rounded to five decimals, the
# residual $|f(x)|$, the number of iterations and the time per call. Then `%timeit` for each method.
# These cells need exercises 2 and 3 solved; each runs in a second or two.
#
# Note that `tol` means different things to the two methods. For bisection it is a distance to the
# root along $x$; for Newton it is a bound on $|f(x)|$, and since $f' \ge 17$ here, $|f(x)| < 10^{-5}$
# puts $x$ within $10^{-5}/17$ of the root.
#
# <details><summary>Why the "5 decimals" column may miss the root</summary>
#
# Also, "within $10^{-5}$ of the root" is not the same as
# "five correct decimals after rounding". The root $0.4936172\ldots$ is only $2.2 \cdot 10^{-6}$ away
# from the rounding boundary $0.493615$, so bisection's answer with `tol=1e-5` may round to
# $0.49361$; the table below shows what actually happens. For five correct decimals leave a margin:
# `tol=1e-7`.
#
# </details>

# %% tags=["demo"]
table = PrettyTable([TEXT["comparison table: method"], "tol", TEXT["comparison table: root"], TEXT["comparison table: 5 decimals"], TEXT["comparison table: |f(root)|"], TEXT["comparison table: iterations"], TEXT["comparison table: ms per call"]])
try:
    for tol in (1e-5, 1e-7):
        solvers = {
            TEXT["comparison table: bisection"]: lambda: bisection_root(poly, 0.0, 1.0, tol=tol),
            TEXT["comparison table: Newton"]: lambda: newton_root(poly, 0.0, tol=tol),
        }
        for name, solve in solvers.items():
            root, n = solve()
            seconds = min(timeit.repeat(solve, number=20, repeat=3)) / 20
            root = root.detach()
            table.add_row([name, f"{tol:.0e}", f"{root.item():.7f}", f"{root.item():.5f}",
                           f"{abs(poly(root).item()):.1e}", n, f"{seconds * 1e3:.3f}"])
except NotImplementedError:
    print(TEXT["comparison table: skipped"])
else:
    print(table)

# %% tags=["demo"]
try:
    bisection_root(poly, 0.0, 1.0)
except NotImplementedError:
    print(TEXT["timeit: bisection skipped"])
else:
    # %timeit -n 50 -r 5 bisection_root(poly, 0.0, 1.0)

# %% tags=["demo"]
try:
    newton_root(poly, 0.0)
except NotImplementedError:
    print(TEXT["timeit: Newton skipped"])
else:
    # %timeit -n 50 -r 5 newton_root(poly, 0.0)

# %% [markdown] tags=["ru"]
# Как растёт число итераций с точностью? Бисекция за шаг делит пополам отрезок, а с ним и границу
# ошибки — половину отрезка, $2^{-(n+1)}(hi - lo)$. На логарифмической шкале эта граница — прямая, и
# каждый новый десятичный знак стоит $\log_2 10 \approx 3.3$ итерации. Сама ошибка вдвое за шаг не
# убывает: на графике она вырастает с 0.006 при $n = 0$ (первая середина, 0.5, случайно близка к
# корню) до 0.24 при $n = 1$ и дальше идёт зигзагом под границей. У Ньютона вблизи корня число верных знаков удваивается (кривая падает
# всё круче), поэтому при переходе от $10^{-3}$ к $10^{-12}$ число шагов растёт совсем немного —
# посмотрите и в таблицу.
#
# ![Ошибка против номера итерации: бисекция и Ньютон](attachment:convergence.png)

# %% [markdown] tags=["en"]
# How does the iteration count grow with the accuracy? Bisection halves the bracket at every step,
# and with it the bound on its error, half the bracket: $2^{-(n+1)}(hi - lo)$. On a log scale that
# bound is a straight line, and every extra decimal digit costs $\log_2 10 \approx 3.3$ iterations.
# The error itself does not halve at every step: on the figure it grows from 0.006 at $n = 0$ (the
# first midpoint, 0.5, lies close to the root by chance) to 0.24 at $n = 1$, then zig-zags under the
# bound. Newton's method doubles the
# number of correct digits near the root (the curve falls ever more steeply), so going from $10^{-3}$
# to $10^{-12}$ adds hardly any steps: see the table too.
#
# ![Error against iteration: bisection and Newton](attachment:convergence.png)

# %% figure="convergence"
import matplotlib.pyplot as plt
T = {"ru": {"title": "Ошибка $|x_n - x^*|$ на многочлене лекции (float64)",
            "bisection": "бисекция на $[0, 1]$: ошибка идёт зигзагом",
            "bound": "граница ошибки бисекции, половина отрезка $2^{-(n+1)}$: вдвое за шаг",
            "newton": "Ньютон из $x_0 = 0$: число верных знаков удваивается",
            "iteration": "итерация $n$", "error": "расстояние до корня $|x_n - x^*|$"},
     "en": {"title": "Error $|x_n - x^*|$ on the lecture's polynomial (float64)",
            "bisection": "bisection on $[0, 1]$: the error zig-zags",
            "bound": "bisection's bound, half the bracket $2^{-(n+1)}$: halves every step",
            "newton": "Newton from $x_0 = 0$: correct digits double",
            "iteration": "iteration $n$", "error": "distance to the root $|x_n - x^*|$"}}[lang]


def f(x):
    return x**7 + 5 * x**3 + 17 * x - 9


def df(x):
    return 7 * x**6 + 15 * x**2 + 17


root = 0.5  # refined below by Newton's method itself, to the last bit of float64
for _ in range(60):
    root -= f(root) / df(root)
lo, hi, bisection = 0.0, 1.0, []
while len(bisection) < 40:
    mid = (lo + hi) / 2
    bisection.append(abs(mid - root))
    lo, hi = (mid, hi) if (f(mid) > 0) == (f(lo) > 0) else (lo, mid)
x, newton = 0.0, []
while abs(x - root) > 0:
    newton.append(abs(x - root))
    x -= f(x) / df(x)
fig, ax = plt.subplots(figsize=(8, 4.5))
ax.semilogy(range(len(bisection)), [2.0 ** -(n + 1) for n in range(len(bisection))], "--", color="C1", lw=1.2,
            label=T["bound"])
ax.semilogy(range(len(bisection)), [max(e, 1e-17) for e in bisection], "o-", ms=3, color="C1", label=T["bisection"])
ax.semilogy(range(len(newton)), newton, "s-", ms=5, color="C0", label=T["newton"])
for n in (0, 1):
    ax.annotate(f"{bisection[n]:.3f}", (n, bisection[n]), xytext=(4, -13) if n == 0 else (8, 2), textcoords="offset points",
                fontsize=8, color="C1")
ax.set_ylim(1e-15, 30)
ax.set_xlabel(T["iteration"])
ax.set_ylabel(T["error"])
ax.set_title(T["title"])
ax.legend(loc="upper right", fontsize=9)
ax.grid(True, which="major", alpha=0.3)
fig.tight_layout()

# %% tags=["demo"]
table = PrettyTable(["tol", TEXT["iterations table: bisection"], TEXT["iterations table: Newton"]])
try:
    for k in (1, 3, 5, 7, 9, 12):
        tol = 10.0**-k
        table.add_row([f"1e-{k}", bisection_root(poly, 0.0, 1.0, tol=tol)[1], newton_root(poly, 0.0, tol=tol)[1]])
except NotImplementedError:
    print(TEXT["iterations table: skipped"])
else:
    print(table)

# %% [markdown] tags=["ru"]
# **Выводы.**
#
# - Ньютону нужно в несколько раз меньше итераций, но каждая дороже: прямой проход строит граф,
#   обратный проход считает производную. Сравните время вызова в первой таблице: на таком маленьком
#   примере оно складывается прежде всего из накладных расходов на каждый вызов операции PyTorch, а не
#   из арифметики (в разделе про векторизацию эти расходы измерены).
# - Бисекция надёжна: если на концах разные знаки, она сходится всегда и за заранее известное число
#   шагов. Ньютон сходится быстро, только если начать достаточно близко; иначе он может уйти в
#   сторону, зациклиться или упасть на нулевой производной (примеры ниже).
#
# <details><summary>Как их комбинируют на практике</summary>
#
# Например, метод Брента
# ([`scipy.optimize.brentq`](https://docs.scipy.org/doc/scipy/reference/generated/scipy.optimize.brentq.html))
# всё время хранит отрезок со сменой знака, делает быстрые шаги (секущие и обратную квадратичную
# интерполяцию), а когда они не помогают — шаг бисекции.
#
# </details>

# %% [markdown] tags=["en"]
# **Takeaways.**
#
# - Newton needs several times fewer iterations, but each one costs more: the forward pass records a
#   graph and the backward pass computes the derivative. Compare the times per call in the first
#   table: on an example this small they come mostly from the fixed overhead of every PyTorch
#   operation call, not from arithmetic (the vectorization section measures that overhead).
# - Bisection is reliable: with opposite signs at the ends it always converges, in a number of steps
#   known in advance. Newton converges fast only when it starts close enough; otherwise it may wander
#   off, cycle or hit a zero derivative (examples below).
#
# <details><summary>How the two are combined in practice</summary>
#
# Brent's method
# ([`scipy.optimize.brentq`](https://docs.scipy.org/doc/scipy/reference/generated/scipy.optimize.brentq.html))
# always keeps an interval with a sign change, takes fast steps (secant and inverse quadratic
# interpolation), and falls back to a bisection step when they do not help.
#
# </details>

# %% tags=["demo"]
for name, f, x0 in ((TEXT["Newton failures: a cycle"], lambda x: x**3 - 2 * x + 2, 0.0),
                    (TEXT["Newton failures: a flat start"], lambda x: x**2 - 4, 0.0)):
    try:
        print(name, "->", newton_root(f, x0))
    except NotImplementedError:  # a subclass of RuntimeError: caught first
        print(TEXT["Newton failures: skipped"].format(name=name))
    except (RuntimeError, ZeroDivisionError) as error:
        print(f"{name} -> {type(error).__name__}: {error}")

# %% [markdown] tags=["ru"]
# ## Задание 4. Ньютон для многих многочленов сразу: `newton_roots_batched` [2 балла] (≈ 30 минут)
#
# Документация: [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.all`](https://pytorch.org/docs/stable/generated/torch.Tensor.all.html).
#
# Часто нужно решить не одно уравнение, а тысячи однотипных. Цикл Python по ним платит накладные
# расходы каждой операции PyTorch тысячи раз. Векторизованный код делает те же шаги Ньютона для всех
# многочленов одной операцией над тензором формы `(B,)`: число вызовов операций не зависит от `B`.
#
# Напишите `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`. `coeffs` формы
# `(B, degree + 1)` — коэффициенты $B$ многочленов, старшая степень первой (нули в начале строки дают
# многочлены меньшей степени); `x0` — число или тензор формы `(B,)`. Верните новый тензор формы `(B,)`
# с корнями в dtype `coeffs`: $|p_i(x_i)| < tol$ для каждого $i$, и это тот корень, к которому метод
# Ньютона приходит из своего $x_0$. Цикла Python по многочленам нет; циклы по итерациям и по степени
# (схема Горнера ниже) можно: их длина от $B$ не зависит. Если после `max_iter` шагов сошлись не все —
# `RuntimeError`, в сообщении значение `max_iter`.
#
# **Подсказки.**
#
# - Значение многочлена удобно считать по схеме Горнера:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$ — цикл по степени (он от $B$
#   не зависит), каждая операция сразу для всех строк: `value = value * x + coeffs[:, k]`.
# - Производные всех многочленов — одним вызовом autograd: $p_i$ зависит только от $x_i$, поэтому
#   градиент суммы $\sum_i p_i(x_i)$ по вектору $x$ — это как раз вектор $p_i'(x_i)$.
# - Многочлены сходятся за разное число шагов. Маска `done = |p(x)| < tol` показывает, кто уже
#   сошёлся; `torch.where` двигает только остальных. Цикл заканчивается, когда сошлись все (`.all()`).
#   Маска на примере из видимой проверки:
#
#   ![Маска done по итерациям для трёх многочленов](attachment:done_mask.png)
# - Число `x0` превратите в тензор dtype и устройства `coeffs`:
#   `torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)`.
#
# <details><summary>Что проверяется при оценивании</summary>
#
# - Форма `(B,)`; $|p_i(x_i)| < tol$ (строго) для каждого $i$; корень тот, к которому Ньютон приходит
#   из своего $x_0$ (у $x^2 - 2$ из $1$ — $\sqrt 2$, из $-1$ — $-\sqrt 2$), с точностью $10^{-4}$.
# - `coeffs` — `float64` или `float32`, корни — в том же dtype (считать внутри во `float64` можно);
#   `coeffs` не меняйте. `x0` — `int`, `float` или тензор формы `(B,)`.
# - Результат — новый тензор: не требует градиента, не делит память ни с `coeffs`, ни с `x0`, и у
#   каждого элемента своя память (не представление, размноженное `expand`), даже если все многочлены
#   сошлись уже в `x0`.
# - Шагов не больше `max_iter`; `max_iter` шагов, после которых сошлись все, — успех; при
#   $|p_i(x_0)| = tol$ шаг ещё нужен. Нулевая производная особой обработки не требует: шаг делит на
#   ноль, $x_i$ становится `inf` или `nan`, до $|p_i| < tol$ такой многочлен не доходит, и вызов
#   кончается тем же `RuntimeError`.
# - Скрытые тесты записывают вызовы функций PyTorch (как `CountCalls`) при `B` = 1, 2, 16, 64 и 128 для
#   одних и тех же многочленов: их число должно быть одинаковым.
# - Если у оценщика есть GPU, скрытые тесты передают и `coeffs` на CUDA с числом `x0`: считайте на
#   устройстве `coeffs` и верните корни там же (GPU для решения не нужен).
#
# </details>

# %% [markdown] tags=["en"]
# ## Exercise 4. Newton for many polynomials at once: `newton_roots_batched` [2 points] (≈ 30 minutes)
#
# Documentation: [`torch.where`](https://pytorch.org/docs/stable/generated/torch.where.html),
# [`torch.autograd.grad`](https://pytorch.org/docs/stable/generated/torch.autograd.grad.html),
# [`torch.Tensor.all`](https://pytorch.org/docs/stable/generated/torch.Tensor.all.html).
#
# Often you need to solve thousands of similar equations rather than one. A Python loop over them
# pays the overhead of every PyTorch operation thousands of times. Vectorized code takes the same
# Newton steps for all polynomials with one operation on a tensor of shape `(B,)`: the number of
# operation calls does not depend on `B`.
#
# Write `newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50)`. `coeffs` of shape
# `(B, degree + 1)` holds the coefficients of $B$ polynomials, highest degree first (leading zeros
# give polynomials of lower degree); `x0` is a number or a tensor of shape `(B,)`. Return a new tensor
# of shape `(B,)` of roots: $|p_i(x_i)| < tol$ for every $i$, each the root that Newton's method
# reaches from its own $x_0$, in the dtype of `coeffs`. No Python loop over the polynomials: loops
# over the iterations and over the degree (Horner's scheme below) are fine, their lengths do not
# depend on $B$. If some have not converged after `max_iter` steps, raise `RuntimeError` with the
# value of `max_iter` in the message.
#
# **Hints.**
#
# - Evaluate a polynomial with Horner's scheme:
#   $a_0 x^3 + a_1 x^2 + a_2 x + a_3 = ((a_0 x + a_1) x + a_2) x + a_3$, a loop over the degree (it
#   does not depend on $B$) with every operation on all rows at once: `value = value * x + coeffs[:, k]`.
# - All derivatives come from one autograd call: $p_i$ depends on $x_i$ only, so the gradient of the
#   sum $\sum_i p_i(x_i)$ with respect to the vector $x$ is exactly the vector of $p_i'(x_i)$.
# - Polynomials converge after different numbers of steps. A mask `done = |p(x)| < tol` marks the
#   ones that have converged; `torch.where` moves only the others. The loop ends when all of them
#   have converged (`.all()`). The mask on the visible check's example:
#
#   ![The done mask across the iterations for three polynomials](attachment:done_mask.png)
# - Turn a number `x0` into a tensor of the dtype and device of `coeffs`:
#   `torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device)`.
#
# <details><summary>What grading checks</summary>
#
# - Shape `(B,)`; $|p_i(x_i)| < tol$ (strictly) for every $i$; each root is the one Newton's method
#   reaches from its own $x_0$ (for $x^2 - 2$, $\sqrt 2$ from $1$ and $-\sqrt 2$ from $-1$), to
#   within $10^{-4}$.
# - `coeffs` is `float64` or `float32`, and the roots come back in that dtype (computing in `float64`
#   inside is fine); leave `coeffs` unchanged. `x0` is an `int`, a `float` or a tensor of shape `(B,)`.
# - The result is a fresh tensor: it does not require grad, shares no memory with `coeffs` or `x0`,
#   and each of its elements has memory of its own (not a view multiplied by `expand`), even when
#   every polynomial has converged at `x0` already.
# - At most `max_iter` steps; `max_iter` steps after which all have converged is a success; at
#   $|p_i(x_0)| = tol$ a step is still due. A zero derivative needs no special case: the step divides
#   by zero, that $x_i$ becomes `inf` or `nan`, never reaches $|p_i| < tol$, and the call ends in the
#   same `RuntimeError`.
# - The hidden tests record the PyTorch function calls (as `CountCalls` does) for `B` = 1, 2, 16, 64
#   and 128 with the same polynomials: their number must be the same.
# - Where the grader has a GPU, the hidden tests also pass `coeffs` on CUDA with a number `x0`:
#   compute on the device of `coeffs` and return the roots there (you need no GPU to solve this).
#
# </details>

# %% figure="done_mask"
import matplotlib.pyplot as plt
from matplotlib.patches import Patch
T = {"ru": {"title": "Маска done = |p(x)| < tol по итерациям\n(пример видимой проверки: x0 = 1, tol = 1e-5; в клетках |p(x)|)",
            "step": "итерация", "done": "done: уже сошёлся, torch.where оставляет x",
            "moving": "ещё нет: torch.where делает шаг Ньютона", "stop": "все done:\nцикл окончен"},
     "en": {"title": "The mask done = |p(x)| < tol, iteration by iteration\n(the visible check's example: x0 = 1, tol = 1e-5; "
                     "each cell holds |p(x)|)",
            "step": "iteration", "done": "done: converged, torch.where keeps x",
            "moving": "not yet: torch.where takes a Newton step", "stop": "all done:\nthe loop ends"}}[lang]
rows = {"$x^7 + 5x^3 + 17x - 9$": [1, 0, 0, 0, 5, 0, 17, -9], "$x - 2$": [1, -2], "$x^3 - 8$": [1, 0, 0, -8]}
tol = 1e-5


def value(row, x):
    result = 0.0
    for c in row:
        result = result * x + c
    return result


def slope(row, x):
    degree = len(row) - 1
    return sum(c * (degree - k) * x ** (degree - k - 1) for k, c in enumerate(row[:-1]))


history = {name: [] for name in rows}  # |p(x)| at each iteration, until all are done
xs = {name: 1.0 for name in rows}
while True:
    done = {name: abs(value(row, xs[name])) < tol for name, row in rows.items()}
    for name, row in rows.items():
        history[name].append((abs(value(row, xs[name])), done[name]))
    if all(done.values()):
        break
    xs = {name: xs[name] if done[name] else xs[name] - value(row, xs[name]) / slope(row, xs[name])
          for name, row in rows.items()}
steps = len(next(iter(history.values())))
fig, ax = plt.subplots(figsize=(8, 3.2))
for i, name in enumerate(rows):
    for n, (residual, finished) in enumerate(history[name]):
        ax.add_patch(plt.Rectangle((n, -i - 0.45), 0.92, 0.9, color="#7fbf7f" if finished else "#f5b971"))
        ax.text(n + 0.46, -i, f"{residual:.2g}" if residual >= 0.01 or not residual else f"{residual:.0e}", ha="center", va="center", fontsize=8)
ax.text(steps + 0.1, -1, T["stop"], va="center", fontsize=9)
ax.set_xlim(-0.1, steps + 1.3)
ax.set_ylim(-len(rows) + 0.4, 0.6)
ax.set_yticks([-i for i in range(len(rows))], list(rows))
ax.set_xticks([n + 0.46 for n in range(steps)], range(steps))
ax.set_xlabel(T["step"])
for side in ("top", "right", "left", "bottom"):
    ax.spines[side].set_visible(False)
ax.tick_params(length=0)
ax.legend(handles=[Patch(color="#7fbf7f", label=T["done"]), Patch(color="#f5b971", label=T["moving"])],
          loc="upper center", bbox_to_anchor=(0.5, -0.32), ncol=2, fontsize=9, frameon=False)
ax.set_title(T["title"], fontsize=10)
fig.tight_layout()

# %% nbgrader={"grade_id": "newton_roots_batched", "solution": true}
def newton_roots_batched(coeffs, x0, tol=1e-5, max_iter=50):
    """Roots of B polynomials at once by Newton's method.

    coeffs: tensor of shape (B, degree + 1), highest degree first. x0: a number or a tensor of shape
    (B,). Return a new tensor of shape (B,), in the dtype of coeffs, with |p_i(x_i)| < tol for every i;
    raise RuntimeError naming max_iter if some have not converged after max_iter steps. No Python loop
    over the polynomials (loops over iterations and the degree are fine): torch calls must not grow with B.
    """
    ### BEGIN SOLUTION
    batch = coeffs.shape[0]
    x = torch.as_tensor(x0, dtype=coeffs.dtype, device=coeffs.device).expand(batch).clone()

    def horner(x):
        value = torch.zeros_like(x)
        for k in range(coeffs.shape[1]):
            value = value * x + coeffs[:, k]
        return value

    for step in range(max_iter + 1):
        x.requires_grad_(True)
        fx = horner(x)
        done = fx.detach().abs() < tol  # nan and inf are not done
        if done.all():
            return x.detach()
        if step == max_iter:
            break
        (dfx,) = torch.autograd.grad(fx.sum(), x)  # p_i depends on x_i only: the gradient holds every p_i'(x_i)
        with torch.no_grad():
            x = torch.where(done, x, x - fx / dfx)
    raise RuntimeError(f"{int((~done).sum())} of {batch} polynomials did not converge within max_iter = {max_iter} steps")
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_newton_roots_batched", "grade": true, "points": 2, "locked": true}
_coeffs = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9],   # x^7 + 5x^3 + 17x - 9
                        [0.0, 0, 0, 0, 0, 0, 1, -2],    # x - 2
                        [0.0, 0, 0, 0, 1, 0, 0, -8]],   # x^3 - 8
                       dtype=torch.float64)
_roots = newton_roots_batched(_coeffs, 1.0)
assert isinstance(_roots, torch.Tensor) and _roots.shape == (3,), TEXT["newton_roots_batched: shape (B,)"]
assert not _roots.requires_grad, TEXT["requires_grad"].format(call="newton_roots_batched(the three, 1.0)")
assert _roots.dtype == torch.float64, TEXT["dtype_of_coeffs"].format(
    call="newton_roots_batched(the three, 1.0)", want=torch.float64, got=_roots.dtype)
torch.testing.assert_close(_roots.detach(), torch.tensor([0.4936172, 2.0, 2.0], dtype=torch.float64), rtol=0, atol=1e-5)
_roots = newton_roots_batched(_coeffs.float(), 1.0, tol=1e-3)
assert _roots.dtype == torch.float32, TEXT["dtype_of_coeffs"].format(
    call="newton_roots_batched(the three in float32, 1.0, tol=1e-3)", want=torch.float32, got=_roots.dtype)
_error, _got, _ = _outcome(lambda: newton_roots_batched(_coeffs, 1.0, max_iter=6))
assert _error is None, TEXT["newton_roots_batched: converging at step max_iter"].format(got=_got)
_error, _got, _ = _outcome(lambda: newton_roots_batched(_coeffs, 1.0, max_iter=5))
assert isinstance(_error, RuntimeError), TEXT["newton_error"].format(
    call="newton_roots_batched(the three, 1.0, max_iter=5)", kind="RuntimeError",
    why=TEXT["why_max_iter"].format(max_iter=5), got=_got)
assert _names_number(_error, 5), TEXT["names_max_iter"].format(call="newton_roots_batched(the three, 1.0, max_iter=5)",
                                                               max_iter=5)
_roots = newton_roots_batched(torch.tensor([[1.0, -1.0]], dtype=torch.float64), 1.5, tol=0.5)
assert _roots.tolist() == [1.0], TEXT["newton_roots_batched: |p(x0)| = tol"].format(got=_roots.tolist())
_roots = newton_roots_batched(torch.tensor([[0.0, 1, -3], [1, 0, -9]], dtype=torch.float64), 3.0)
assert _roots.tolist() == [3.0, 3.0] and 0 not in _roots.stride(), TEXT[
    "newton_roots_batched: converged at x0"].format(got=_roots.tolist(), stride=_roots.stride())
print(TEXT["visible passed"])
### BEGIN HIDDEN TESTS
gen = torch.Generator().manual_seed(404)
# strictly monotonic quintics a5 x^5 + a3 x^3 + a1 x + a0, some flipped to decreasing: one real root each
quintics = torch.zeros(64, 6, dtype=torch.float64)
quintics[:, 0] = torch.rand(64, generator=gen, dtype=torch.float64) * 1.5 + 0.1
quintics[:, 2] = torch.rand(64, generator=gen, dtype=torch.float64) * 3
quintics[:, 4] = torch.rand(64, generator=gen, dtype=torch.float64) * 4 + 1
quintics[:, 5] = torch.rand(64, generator=gen, dtype=torch.float64) * 40 - 20
quintics[:16, 0] = 0.0  # a quarter are cubics
quintics[::3] *= -1
starts = torch.rand(64, generator=gen, dtype=torch.float64) * 4 - 2
# roots on both sides of zero, different degrees, different convergence speeds
mixed = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [-1.0, 0, 0, 0, -5, 0, -17, -9], [0, 0, 0, 0, 0, 1, 0, -2],
                      [0, 0, 0, 0, 0, 0, 3, 7], [0, 0, 0, 0, 1, 0, 2, 5], [0, 0, 1, 0, 0, 0, 1, 100]], dtype=torch.float64)
visible = torch.tensor([[1.0, 0, 0, 0, 5, 0, 17, -9], [0.0, 0, 0, 0, 0, 0, 1, -2], [0.0, 0, 0, 0, 1, 0, 0, -8]],
                       dtype=torch.float64)
cases = [("the visible example's three polynomials", visible, 1.0, {}),
         ("64 quintics and cubics", quintics, 0.0, {}), ("64 quintics and cubics, one x0 each", quintics, starts, {}),
         ("64 quintics and cubics", quintics, 0.5, {"tol": 1e-9}), ("6 mixed polynomials", mixed, 3.0, {}),
         ("6 mixed polynomials", mixed, -1.5, {}), ("6 mixed polynomials", mixed, 1, {}),
         ("6 mixed polynomials in float32", mixed.float(), 3.0, {"tol": 1e-3}),
         ("x^2 - 2 twice", torch.tensor([[1.0, 0, -2], [1.0, 0, -2]], dtype=torch.float64),
          torch.tensor([1.0, -1.0], dtype=torch.float64), {}),
         ("6 mixed polynomials", mixed, -1.5, {"max_iter": 8}), ("6 mixed polynomials", mixed, -1.5, {"max_iter": 7}),
         ("x^3 - 2x + 2 and x - 2", torch.tensor([[1.0, 0, -2, 2], [0, 0, 1, -2]], dtype=torch.float64), 0.0,
          {"max_iter": 17}),
         ("x^2 + 1 and x - 2", torch.tensor([[1.0, 0, 1], [0, 1, -2]], dtype=torch.float64), 0.5, {}),
         ("p(x) = x", torch.tensor([[1.0, 0.0]], dtype=torch.float64), 2.0**-17, {"tol": 2.0**-17}),  # |p(x0)| == tol
         # every polynomial has converged at x0 already
         ("x - 2 and x^2 - 4", torch.tensor([[0.0, 1, -2], [1, 0, -4]], dtype=torch.float64), 2.0, {}),
         ("x - 2 and x + 1", torch.tensor([[1.0, -2], [1, 1]], dtype=torch.float64),
          torch.tensor([2.0, -1.0], dtype=torch.float64), {}),
         # p'(0) = 0 for x^2 + 1, where a step is due: inf, then nan, never converged
         ("x^2 + 1 and x - 2", torch.tensor([[1.0, 0, 1], [0, 1, -2]], dtype=torch.float64), 0.0, {}),
         # the other visible examples
         ("the visible example's three polynomials in float32", visible.float(), 1.0, {"tol": 1e-3}),
         ("the visible example's three polynomials", visible, 1.0, {"max_iter": 6}),
         ("the visible example's three polynomials", visible, 1.0, {"max_iter": 5}),
         ("x - 1", torch.tensor([[1.0, -1.0]], dtype=torch.float64), 1.5, {"tol": 0.5}),
         ("x - 3 and x^2 - 9", torch.tensor([[0.0, 1, -3], [1, 0, -9]], dtype=torch.float64), 3.0, {})]
for name, coeffs, x0, options in cases:
    key = f"newton_roots_batched({name}, x0={'per polynomial' if isinstance(x0, torch.Tensor) else x0}" + "".join(
        f", {k}={v}" for k, v in options.items()) + ")"
    probe.record(f"case of {key}", {"coeffs": coeffs.clone(), "tol": 1e-5, "max_iter": 50, **options})
    roots = probe.call(key, newton_roots_batched, coeffs, x0, **options)
    probe.record(f"memory of {key}", probe.shared_memory(roots, [coeffs, x0]))
    probe.call(f"expanded {key}", lambda: roots.numel() > 1 and 0 in roots.stride())  # elements sharing memory
    probe.record(f"coeffs after {key}", coeffs)
if torch.cuda.is_available():  # a grader with a GPU: coeffs on CUDA, x0 a plain number
    probe.call("on cuda: newton_roots_batched(6 mixed polynomials, x0=3.0)", newton_roots_batched, mixed.cuda(), 3.0)
# the same polynomials repeated: the number of torch calls must not depend on B
def traced(coeffs):
    """The roots from x0 = 0 and how many torch functions were called (counted after the block ends)."""
    with probe.torch_calls() as calls:
        roots = newton_roots_batched(coeffs, 0.0)
    return roots, len(calls.names)


for name, rows, sizes in (("x^7 + 5x^3 + 17x - 9", mixed[:1], (1, 64)), ("two mixed polynomials", mixed[:2], (2, 16, 128))):
    for size in sizes:
        probe.call(f"{name} repeated to B = {size}", traced, rows.repeat(size // rows.shape[0], 1))
### END HIDDEN TESTS

# %% judge="test_newton_roots_batched"
def horner(coeffs, x):
    value = torch.zeros_like(x)
    for k in range(coeffs.shape[1]):
        value = value * x + coeffs[:, k]
    return value


def judge(got, want):
    for key in want.keys("newton_roots_batched("):
        case = want[f"case of {key}"]
        coeffs, tol, max_iter = case["coeffs"], case["tol"], case["max_iter"]
        if want.raised(key) is not None:  # some polynomial cannot converge within max_iter steps
            raised = got.raised(key)
            assert raised is not None, (f"{key}: not every polynomial converges within max_iter = {max_iter} steps, "
                                        f"newton_roots_batched must raise RuntimeError")
            assert raised.is_a(RuntimeError), f"{key} raised {raised.name}; expected RuntimeError"
            assert names_number(raised.message, max_iter), f"the RuntimeError of {key} must name max_iter = {max_iter}"
            continue
        roots = got[key]
        assert isinstance(roots, torch.Tensor), f"{key} must return a tensor"
        assert roots.shape == (coeffs.shape[0],), f"{key} must return shape ({coeffs.shape[0]},), got {tuple(roots.shape)}"
        assert roots.dtype == coeffs.dtype, f"{key}: the roots must have the dtype of coeffs, {coeffs.dtype}; got {roots.dtype}"
        assert torch.equal(got[f"coeffs after {key}"], coeffs), f"{key} changed coeffs: leave them unchanged"
        residual = horner(coeffs.double(), roots.double()).abs()
        worst = int(residual.nan_to_num(float("inf")).argmax())
        assert bool((residual < tol).all()), (f"{key}: |p_i(root_i)| must be < {tol} for every polynomial; "
                                              f"polynomial {worst} has {residual[worst].item():.2e}")
        reached = want[key]
        far = (roots.double() - reached.double()).abs()
        assert bool((far < 1e-4).all()), (f"{key}: polynomial {int(far.argmax())} must end at the root Newton's method "
                                          f"reaches from its x0, {reached[int(far.argmax())].item():.6f}")
        assert not roots.observed["requires_grad"], f"{key}: the roots must not require grad (return x.detach())"
        assert got[f"memory of {key}"] == [False], f"{key}: the roots share memory with coeffs or x0: return a new tensor"
        assert got[f"expanded {key}"] is False, (f"{key}: the roots are an expanded view, whose elements share one memory cell: "
                               "return a tensor with memory of its own (.clone() after expand)")
    for key in got.keys("on cuda: "):  # only on a grader with a GPU
        roots = got[key]
        assert isinstance(roots, torch.Tensor) and roots.observed["device"].startswith("cuda"), (
            f"{key}: coeffs are on a GPU, so the roots must be a tensor on that GPU")
        reached = want["newton_roots_batched(6 mixed polynomials, x0=3.0)"]
        assert roots.shape == reached.shape and bool(((roots.double() - reached.double()).abs() < 1e-4).all()), (
            f"{key} must give the same roots as on the CPU")
    for name in ("x^7 + 5x^3 + 17x - 9", "two mixed polynomials"):
        counts = {}
        for key in want.keys(f"{name} repeated to B = "):
            size = int(key.rsplit(" ", 1)[1])
            roots, counts[size] = got[key]
            assert isinstance(roots, torch.Tensor) and roots.shape == (size,), (
                f"newton_roots_batched({key}) must return a tensor of shape ({size},)")
        assert len(set(counts.values())) == 1, (
            f"newton_roots_batched must not loop over the polynomials: {name} repeated made "
            + ", ".join(f"{count} torch calls for B = {size}" for size, count in counts.items()))


# %% tags=["demo", "self_check"] title={"ru": "Необязательная проверка newton_roots_batched на случайных входах", "en": "The optional check of newton_roots_batched on random inputs"}
def _random_polynomials(batch, gen):
    """Rows a5 x^5 + a3 x^3 + a1 x + a0, some of lower degree, some flipped: each strictly monotonic, one real root."""
    coeffs = torch.zeros(batch, 6, dtype=torch.float64)
    coeffs[:, 0] = torch.rand(batch, generator=gen, dtype=torch.float64) * (torch.rand(batch, generator=gen) < 0.7)
    coeffs[:, 2] = torch.rand(batch, generator=gen, dtype=torch.float64) * 3
    coeffs[:, 4] = torch.rand(batch, generator=gen, dtype=torch.float64) * 4 + 1
    coeffs[:, 5] = torch.rand(batch, generator=gen, dtype=torch.float64) * 40 - 20
    return coeffs * torch.where(torch.rand(batch, 1, generator=gen) < 0.3, -1.0, 1.0).double()


def _polynomial_newton(row, x0, tol, max_iter=50):
    """Newton's method for one row of coefficients (highest degree first), in plain Python floats."""
    row = row.tolist()
    degree = len(row) - 1
    p = lambda x: sum(c * x ** (degree - k) for k, c in enumerate(row))
    dp = lambda x: sum(c * (degree - k) * x ** (degree - k - 1) for k, c in enumerate(row[:-1]))
    return _newton_steps(p, dp, x0, tol, max_iter)


def _horner(coeffs, x):
    value = torch.zeros_like(x)
    for k in range(coeffs.shape[1]):
        value = value * x + coeffs[:, k]
    return value


@_skips_unwritten
def check_more_batched(newton_roots_batched, cases=40):
    """newton_roots_batched on random batches against Newton's method row by row: the roots, a fresh result,
    coeffs left alone, the RuntimeError, and a number of torch calls that does not grow with B."""
    gen = torch.Generator().manual_seed(6004)
    done = 0
    while done < cases:
        batch = int(torch.randint(1, 25, (), generator=gen))
        coeffs = _random_polynomials(batch, gen)
        per_row = done % 2 == 1
        x0 = torch.rand(batch, generator=gen, dtype=torch.float64) * 4 - 2 if per_row else (
            float(torch.rand((), generator=gen) * 4 - 2) if done % 4 == 0 else int(torch.randint(-2, 3, (), generator=gen)))
        tol = (1e-3, 1e-5, 1e-8)[int(torch.randint(3, (), generator=gen))]
        dtype = torch.float32 if done % 5 == 4 else torch.float64
        if dtype == torch.float32:
            tol, coeffs = 1e-2, coeffs.float()
        starts = x0.tolist() if per_row else [x0] * batch
        runs = [_polynomial_newton(row, start, tol) for row, start in zip(coeffs.double(), starts)]
        factor = 1.5 if dtype == torch.float32 else 1.01
        if any(residuals[-1] >= tol or not _clear_of(tol, residuals, factor) for _, residuals in runs):
            continue
        done += 1
        call = f"newton_roots_batched({dtype} coeffs of shape {tuple(coeffs.shape)}, x0={'per row' if per_row else x0}, tol={tol})"
        before = coeffs.clone()
        roots = _attempt(call, lambda: newton_roots_batched(coeffs, x0, tol=tol))
        assert isinstance(roots, torch.Tensor), TEXT["not_tensor"].format(call=call, got=type(roots).__name__)
        assert roots.shape == (batch,), TEXT["roots_shape"].format(call=call, batch=batch, got=tuple(roots.shape))
        assert torch.equal(coeffs, before), TEXT["coeffs_changed"].format(call=call)
        assert not roots.requires_grad, TEXT["requires_grad"].format(call=call)
        assert roots.dtype == coeffs.dtype, TEXT["dtype_of_coeffs"].format(call=call, want=coeffs.dtype, got=roots.dtype)
        residual = _horner(coeffs.double(), roots.detach().double()).abs()
        for i in range(batch):  # each of these polynomials has one real root: a small |p| finds it
            assert residual[i] < tol, TEXT["roots_residual"].format(
                call=call, i=i, row=[round(c, 3) for c in coeffs[i].tolist()], residual=float(residual[i]), tol=tol)
        for what, tensor in (("coeffs", coeffs), ("x0", x0)):
            if isinstance(tensor, torch.Tensor):
                shared = roots.untyped_storage().data_ptr() == tensor.untyped_storage().data_ptr()
                assert not shared, TEXT["roots_memory"].format(call=call, what=what)
        assert batch == 1 or 0 not in roots.stride(), TEXT["roots_expanded"].format(call=call, stride=roots.stride())
        steps = max(len(xs) - 1 for xs, _ in runs)
        if dtype == torch.float64 and steps:  # all converged exactly at step max_iter: a success
            call = call[:-1] + f", max_iter={steps})"
            _attempt(call, lambda: newton_roots_batched(coeffs, x0, tol=tol, max_iter=steps))

    scale = torch.rand(8, generator=gen, dtype=torch.float64) * 3 + 0.5
    square = torch.rand(8, generator=gen, dtype=torch.float64) * 4 + 0.5
    x0 = (torch.rand(8, generator=gen, dtype=torch.float64) * 2 + 0.2) * torch.tensor([1.0, -1] * 4, dtype=torch.float64)
    coeffs = torch.stack([scale, torch.zeros(8, dtype=torch.float64), -scale * square], dim=1)  # a (x^2 - c)
    call = f"newton_roots_batched(a (x^2 - c) for a = {scale.tolist()}, c = {square.tolist()}, x0 = {x0.tolist()})"
    roots = _attempt(call, lambda: newton_roots_batched(coeffs, x0))
    for i, (got, want) in enumerate(zip(roots.tolist(), (square.sqrt() * x0.sign()).tolist())):
        assert abs(got - want) < 1e-4, TEXT["roots_other"].format(
            call=call, i=i, row=[round(c, 3) for c in coeffs[i].tolist()], want=want, got=got)

    for batch in (2, 5):  # every polynomial has converged at x0 already
        coeffs = torch.tensor([[0.0, 1, -2], [1, 0, -4]], dtype=torch.float64).repeat(batch, 1)
        for x0 in (2.0, torch.full((2 * batch,), 2.0, dtype=torch.float64)):
            call = f"newton_roots_batched(x - 2 and x^2 - 4, x0={'per row' if isinstance(x0, torch.Tensor) else x0})"
            roots = _attempt(call, lambda: newton_roots_batched(coeffs, x0))
            assert 0 not in roots.stride(), TEXT["roots_expanded"].format(call=call, stride=roots.stride())
            if isinstance(x0, torch.Tensor):
                shared = roots.untyped_storage().data_ptr() == x0.untyped_storage().data_ptr()
                assert not shared, TEXT["roots_memory"].format(call=call, what="x0")

    tol = 2.0 ** -int(torch.randint(2, 20, (), generator=gen))
    centre = int(torch.randint(-8, 9, (), generator=gen)) / 4  # exact in every float dtype
    line = torch.tensor([[1.0, -centre]], dtype=torch.float64)
    call = f"newton_roots_batched(x - {centre}, x0={centre + tol!r}, tol={tol!r})"  # |p(x0)| == tol: a step is due
    roots = _attempt(call, lambda: newton_roots_batched(line, centre + tol, tol=tol))
    assert roots.tolist() == [centre], TEXT["roots_other"].format(call=call, i=0, row=line[0].tolist(), want=centre,
                                                                 got=float(roots[0]))
    c = float(torch.rand((), generator=gen)) + 0.5
    call = f"newton_roots_batched(x^2 + {c:.4f} and x - {centre}, x0=0.0)"  # p'(0) = 0 where a step is due
    error, got, _ = _outcome(lambda: newton_roots_batched(torch.tensor([[1.0, 0, c], [0, 1, -centre]], dtype=torch.float64),
                                                          0.0))
    assert isinstance(error, RuntimeError), TEXT["newton_error"].format(
        call=call, kind="RuntimeError", why=TEXT["why_flat"], got=got)

    max_iter = int(torch.randint(1, 30, (), generator=gen))
    coeffs = torch.tensor([[0.0, 1, -2], [1, 0, 1], [1, 0, -4]], dtype=torch.float64)  # x^2 + 1 has no real root
    call = f"newton_roots_batched(x - 2, x^2 + 1 and x^2 - 4, x0=0.5, max_iter={max_iter})"
    error, got, _ = _outcome(lambda: newton_roots_batched(coeffs, 0.5, max_iter=max_iter))
    assert isinstance(error, RuntimeError), TEXT["newton_error"].format(
        call=call, kind="RuntimeError", why=TEXT["why_max_iter"].format(max_iter=max_iter), got=got)
    assert _names_number(error, max_iter), TEXT["names_max_iter"].format(call=call, max_iter=max_iter)

    rows = _random_polynomials(3, gen)
    counts = {}
    for batch in (3, 12, 48):
        with CountCalls() as recorded:
            newton_roots_batched(rows.repeat(batch // 3, 1), 0.0)
        counts[batch] = sum(recorded.calls.values())
    assert counts[3] == counts[12] == counts[48], TEXT["calls_grow"].format(
        small=counts[3], b_small=3, large=counts[48], b_large=48)
    print(TEXT["passed"].format(cases=cases + 9))

# %% tags=["demo", "self_check"]
check_more_batched(newton_roots_batched)

# %% [markdown] tags=["ru"]
# ### Цикл против векторизации
#
# Решим одни и те же 200 многочленов дважды: циклом с `newton_root` и одним вызовом
# `newton_roots_batched`, и посчитаем вызовы операций PyTorch тем же `CountCalls`. Последний столбец —
# время, делённое на число вызовов: это и есть накладные расходы одного вызова, которые платит цикл.
# Ячейке нужны решённые задания 3 и 4; она выполняется за секунду-другую.

# %% [markdown] tags=["en"]
# ### A loop versus vectorization
#
# Let us solve the same 200 polynomials twice, with a loop over `newton_root` and with one call of
# `newton_roots_batched`, and count the PyTorch operation calls with the same `CountCalls`. The last
# column is the time divided by the number of calls: the overhead of one call that the loop pays.
# This cell needs exercises 3 and 4 solved; it runs in a second or two.

# %% tags=["demo"]
def random_monotonic_quintics(batch, generator, device="cpu"):
    """Coefficients of a5 x^5 + a3 x^3 + a1 x + a0 with a5, a3, a1 > 0: one real root each."""
    coeffs = torch.zeros(batch, 6, dtype=torch.float64)
    coeffs[:, 0] = torch.rand(batch, generator=generator, dtype=torch.float64) + 0.1
    coeffs[:, 2] = torch.rand(batch, generator=generator, dtype=torch.float64) * 3
    coeffs[:, 4] = torch.rand(batch, generator=generator, dtype=torch.float64) * 4 + 1
    coeffs[:, 5] = torch.rand(batch, generator=generator, dtype=torch.float64) * 40 - 20
    return coeffs.to(device)


def polynomial(row):
    """A function of x for one row of coefficients, highest degree first (Horner's scheme)."""
    def p(x):
        value = torch.zeros_like(x)
        for c in row:
            value = value * x + c
        return value
    return p

# %% tags=["demo"]
coeffs = random_monotonic_quintics(200, torch.Generator().manual_seed(0))
try:
    start = timeit.default_timer()
    with CountCalls() as loop_calls:
        looped = torch.stack([newton_root(polynomial(row), 0.0)[0] for row in coeffs])
    loop_seconds = timeit.default_timer() - start
    start = timeit.default_timer()
    with CountCalls() as batch_calls:
        batched = newton_roots_batched(coeffs, 0.0)
    batch_seconds = timeit.default_timer() - start
except NotImplementedError:
    print(TEXT["loop or batch: skipped"])
else:
    table = PrettyTable([TEXT["loop or batch: version"], TEXT["loop or batch: torch calls"], TEXT["loop or batch: time"], TEXT["loop or batch: µs per call"]])
    for name, calls, seconds in ((TEXT["loop or batch: the loop"], loop_calls, loop_seconds),
                                 (TEXT["loop or batch: one call"], batch_calls, batch_seconds)):
        total = sum(calls.calls.values())
        table.add_row([name, total, f"{seconds * 1e3:.1f}", f"{seconds * 1e6 / total:.1f}"])
    print(table)
    print(TEXT["loop or batch: largest difference"], (looped - batched.detach()).abs().max().item())

# %% [markdown] tags=["ru"]
# На GPU разрыв ещё больше: шаг Ньютона для миллиона многочленов — это те же вызовы операций, что и для
# двухсот (их число в таблице выше не зависит от `B`), а цикл запускал бы ядра для каждого многочлена.
# Ячейка ниже работает только при наличии GPU (и решённом задании 4); на CPU она лишь пишет, что
# сделала бы.

# %% [markdown] tags=["en"]
# On a GPU the gap is wider still: a Newton step for a million polynomials makes the same operation
# calls as for two hundred (their number in the table above does not depend on `B`), while a loop
# would launch kernels for every polynomial. The cell below runs only when a GPU is present (and
# exercise 4 is solved); on a CPU it only says what it would do.

# %% tags=["demo"]
if torch.cuda.is_available():
    try:
        big = random_monotonic_quintics(1_000_000, torch.Generator().manual_seed(1), device="cuda")
        newton_roots_batched(big[:10], 0.0)  # warm-up: CUDA initialisation is not part of the measurement
        torch.cuda.synchronize()
        start = timeit.default_timer()
        roots = newton_roots_batched(big, 0.0)
        torch.cuda.synchronize()
        elapsed = timeit.default_timer() - start
    except NotImplementedError:
        print(TEXT["GPU demo: skipped"])
    else:
        residual = torch.zeros_like(roots)
        for k in range(big.shape[1]):  # Horner's scheme for all rows at once
            residual = residual * roots + big[:, k]
        print(TEXT["GPU demo: result"].format(
            device=torch.cuda.get_device_name(), elapsed=elapsed * 1000.0, residual=residual.abs().max().item()))
else:
    print(TEXT["GPU demo: no GPU"])

# %% [markdown] tags=["ru"]
# ## Итоги и вопросы (≈ 10 минут)
#
# - Своя `torch.autograd.Function`: `forward` считает, `setup_context` сохраняет нужное
#   (тензоры — через `save_for_backward`), `backward` возвращает градиент на каждый вход, `None` для
#   не-тензоров. Вызывать её нужно через `.apply`: прямой вызов `forward` обходит ваш `backward`.
#   Проверка — `gradcheck` во `float64`.
# - Быстрое возведение в степень делает $O(\log p)$ умножений вместо $p - 1$; `TorchFunctionMode`
#   позволяет это проверить, посчитав операции.
# - Бисекция надёжна и предсказуема (отрезок вдвое за шаг: один двоичный разряд), Ньютон быстр
#   (число верных знаков удваивается), но требует хорошего начального приближения и ненулевой
#   производной.
# - Векторизация: никакого цикла по многочленам, операции над всем батчем сразу, маски для тех, кто
#   уже сошёлся. Число вызовов операций не зависит от размера батча.
#
# **Что почитать** (список из лекции):
#
# 1. [Backpropagation: анимированное изложение](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
# 2. [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Andrej Karpathy
# 3. [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ)

# %% [markdown] tags=["en"]
# ## Summary and questions (≈ 10 minutes)
#
# - A custom `torch.autograd.Function`: `forward` computes, `setup_context` stores what is needed
#   (tensors through `save_for_backward`), `backward` returns a gradient per input, `None` for
#   non-tensors. Call it through `.apply`: calling `forward` directly bypasses your `backward`.
#   `gradcheck` in `float64` checks it.
# - Exponentiation by squaring takes $O(\log p)$ multiplications instead of $p - 1$; a
#   `TorchFunctionMode` proves it by counting operations.
# - Bisection is reliable and predictable (the bracket halves: one binary digit per step), Newton is
#   fast (the number of correct digits doubles) but needs a good starting point and a non-zero
#   derivative.
# - Vectorization: no loop over the polynomials, operations on the whole batch at once, masks for
#   the entries that have converged. The number of operation calls does not depend on the batch size.
#
# **Further reading** (the lecture's list):
#
# 1. [Backpropagation, animated](https://developers-dot-devsite-v2-prod.appspot.com/machine-learning/crash-course/backprop-scroll)
# 2. [Yes you should understand backprop](https://karpathy.medium.com/yes-you-should-understand-backprop-e2f06eab496b), Andrej Karpathy
# 3. [Neural Networks: Zero to Hero](https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ)

# %% [markdown] tags=["ru"]
# ## Вопросы для самопроверки
#
# 1. Почему свою `Function` вызывают через `.apply`, а не через `forward`?
#
#    <details><summary>Ответ</summary>
#
#    `forward` — обычный статический метод: при прямом вызове autograd записывает операции внутри него
#    как любые другие, а ваши `setup_context` и `backward` не участвуют вовсе. Только `.apply` кладёт в
#    граф один узел с вашим `backward`.
#
#    </details>
#
# 2. Зачем сохранять тензоры через `ctx.save_for_backward`, а не атрибутами `ctx`?
#
#    <details><summary>Ответ</summary>
#
#    PyTorch проверяет версию сохранённого тензора: если его изменили на месте после `forward`, будет
#    ошибка, а не тихо неверный градиент. Кроме того, нет цикла ссылок (утечки памяти) и работают хуки
#    сохранённых тензоров.
#
#    </details>
#
# 3. Сколько умножений делает быстрое возведение в степень при $p = 1000 = 1111101000_2$?
#
#    <details><summary>Ответ</summary>
#
#    В записи 10 битов, из них 6 единичных: 9 возведений в квадрат и 6 умножений результата, всего 15
#    (граница $2\lfloor\log_2 1000\rfloor + 2 = 20$), против 999 у наивного цикла.
#
#    </details>
#
# 4. Сколько делений пополам нужно бисекции на $[-1000, 1000]$ при `tol = 1e-9`? Зависит ли это от $f$?
#
#    <details><summary>Ответ</summary>
#
#    $\lceil \log_2 \frac{2000}{2 \cdot 10^{-9}} \rceil = \lceil \log_2 10^{12} \rceil = 40$ — при правиле
#    $(hi - lo)/2 \le tol$. От $f$ не зависит: каждая итерация уменьшает отрезок вдвое, что бы ни было
#    внутри.
#
#    </details>
#
# 5. Почему на графике ошибки граница бисекции — прямая, её ошибка — зигзаг, а кривая Ньютона падает
#    всё круче?
#
#    <details><summary>Ответ</summary>
#
#    Бисекция за шаг делит отрезок пополам, поэтому граница ошибки — половина отрезка — за шаг
#    уменьшается ровно вдвое: на логарифмической шкале прямая (линейная сходимость, один двоичный
#    разряд за шаг). Сама ошибка — расстояние от середины до корня — зависит от того, где в отрезке
#    лежит корень: она может и вырасти (0.006 при $n = 0$, 0.24 при $n = 1$), но всегда остаётся под
#    границей. У Ньютона $e_{n+1} \approx C e_n^2$: логарифм ошибки за шаг примерно удваивается
#    (квадратичная сходимость).
#
#    </details>
#
# 6. Почему бисекцию нельзя останавливать по $|f(x)| < tol$?
#
#    <details><summary>Ответ</summary>
#
#    У пологой функции значение мало далеко от корня: для $10^{-3}(x - 0.3)$ условие $|f(x)| < 10^{-5}$
#    выполнено уже при $|x - 0.3| < 10^{-2}$. Гарантию точности по $x$ даёт только длина отрезка.
#
#    </details>
#
# 7. Когда метод Ньютона не сходится и как это обходят на практике?
#
#    <details><summary>Ответ</summary>
#
#    Если начать далеко от корня, если производная обращается в ноль или если итерации зацикливаются
#    (у $x^3 - 2x + 2$ из $0$: $0 \to 1 \to 0$). На практике быстрые шаги сочетают с отрезком со
#    сменой знака и бисекцией как запасным шагом (метод Брента, `scipy.optimize.brentq`).
#
#    </details>

# %% [markdown] tags=["en"]
# ## Questions to check yourself
#
# 1. Why is a custom `Function` called through `.apply` rather than through `forward`?
#
#    <details><summary>Answer</summary>
#
#    `forward` is an ordinary static method: called directly, autograd records the operations inside
#    it like any others, and your `setup_context` and `backward` take no part. Only `.apply` puts one
#    node with your `backward` into the graph.
#
#    </details>
#
# 2. Why save tensors with `ctx.save_for_backward` rather than as attributes of `ctx`?
#
#    <details><summary>Answer</summary>
#
#    PyTorch checks the version of a saved tensor: if it was changed in place after `forward`, you get
#    an error instead of a silently wrong gradient. Besides, there is no reference cycle (no memory
#    leak), and saved-tensor hooks work.
#
#    </details>
#
# 3. How many multiplications does exponentiation by squaring take for $p = 1000 = 1111101000_2$?
#
#    <details><summary>Answer</summary>
#
#    The exponent has 10 bits, 6 of them ones: 9 squarings and 6 multiplications into the result,
#    15 in all (the bound $2\lfloor\log_2 1000\rfloor + 2$ is 20), against 999 for the naive loop.
#
#    </details>
#
# 4. How many halvings does bisection need on $[-1000, 1000]$ with `tol = 1e-9`? Does it depend on $f$?
#
#    <details><summary>Answer</summary>
#
#    $\lceil \log_2 \frac{2000}{2 \cdot 10^{-9}} \rceil = \lceil \log_2 10^{12} \rceil = 40$ with the rule
#    $(hi - lo)/2 \le tol$. It does not depend on $f$: every iteration halves the interval, whatever is
#    inside.
#
#    </details>
#
# 5. On the error plot, why is bisection's bound a straight line while its error zig-zags, and why
#    does Newton's curve fall ever more steeply?
#
#    <details><summary>Answer</summary>
#
#    Bisection halves the bracket at every step, so the bound on its error, half the bracket, drops by
#    exactly a factor of 2 per step: a straight line on a log scale (linear convergence, one binary
#    digit per step). The error itself, the distance from the midpoint to the root, depends on where
#    the root lies in the bracket: it can even grow (0.006 at $n = 0$, 0.24 at $n = 1$), but it always
#    stays under the bound. Newton has $e_{n+1} \approx C e_n^2$: the logarithm of the error roughly
#    doubles at every step (quadratic convergence).
#
#    </details>
#
# 6. Why must bisection not stop on $|f(x)| < tol$?
#
#    <details><summary>Answer</summary>
#
#    A flat function is small far from its root: for $10^{-3}(x - 0.3)$ the test $|f(x)| < 10^{-5}$
#    already holds for $|x - 0.3| < 10^{-2}$. Only the length of the interval guarantees accuracy in $x$.
#
#    </details>
#
# 7. When does Newton's method fail to converge, and how is that handled in practice?
#
#    <details><summary>Answer</summary>
#
#    When it starts far from the root, when the derivative vanishes, or when the iterates cycle (for
#    $x^3 - 2x + 2$ from $0$: $0 \to 1 \to 0$). In practice fast steps are combined with an interval
#    that keeps a sign change and a bisection step as a fallback (Brent's method,
#    `scipy.optimize.brentq`).
#
#    </details>
