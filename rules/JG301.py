"""JG301 jit-of-new-function: examples that must and must not be flagged.

GROWS: loops that the oracle runs twice (n=2, then n=4): JAX compiles again on the second run.
BOUNDED: the legal look-alikes: the second run compiles nothing new.
"""

from functools import cache, partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


# --- must be flagged -------------------------------------------------------------------------


def lambda_in_loop(n):
    x = jnp.ones(3)
    for i in range(n):
        step = jax.jit(lambda v: v * 2.0)  # expect: JG301
        x = step(x)
    return x


def partial_in_loop(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = jax.jit(partial(scale, factor=2.0))(x)  # expect: JG301
    return x


def inline_in_a_function(x):
    return jax.jit(lambda v: jnp.sin(v) + 1.0)(x)  # expect: JG301


def called_every_step(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = inline_in_a_function(x)
    return x


def nested_def_called_in_place(x):
    @jax.jit  # expect: JG301
    def inner(v):
        return v * 3.0

    return inner(x)


def nested_every_step(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = nested_def_called_in_place(x)
    return x


def nested_def_differentiated_in_place(w):
    @jax.jit  # expect: JG301
    def loss(v):
        return jnp.sum(v**2)

    _, g = jax.value_and_grad(loss)(w)  # the transform calls the new jitted function
    return w - 0.1 * g


def nested_differentiated_every_step(n):
    w = jnp.ones(3)
    for _ in range(n):
        w = nested_def_differentiated_in_place(w)
    return w


def nested_def_differentiated_through_a_name(w):
    @jax.jit  # expect: JG301
    def loss(v):
        return jnp.sum(v**2), v

    grad_fn = jax.value_and_grad(loss, has_aux=True)  # bound to a name, called below: it calls `loss`
    (_, _), g = grad_fn(w)
    return w - 0.1 * g


def differentiated_through_a_name_every_step(n):
    return [nested_def_differentiated_through_a_name(jnp.full(3, float(k))) for k in range(n)]


def apply_to(fn, x):
    return fn(x) + fn(x * 2.0)


def nested_def_passed_to_a_helper(x):
    @jax.jit  # expect: JG301
    def inner(v):
        return v * 3.0

    return apply_to(inner, x)


def passed_every_step(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = nested_def_passed_to_a_helper(x)
    return x


class Doubler:
    def forward(self, v):
        return v * 2.0


def bound_method_in_loop(n):
    model, x = Doubler(), jnp.ones(3)
    for _ in range(n):
        x = jax.jit(model.forward)(x)  # expect: JG301
    return x


class Trainer:
    def __init__(self, rate):
        self.rate = rate

    def training_step(self, x):
        fn = jax.jit(lambda v: v * self.rate)  # expect: JG301
        return fn(x)


def trainer_steps(n):
    # the method runs once per step through the instance: a new jitted lambda each time
    trainer, x = Trainer(0.5), jnp.ones(3)
    for _ in range(n):
        x = trainer.training_step(x)
    return x


class Annealer:
    def __init__(self, rate):
        self.rate = rate

    def anneal_step(self, x):
        fn = jax.jit(lambda v: v * self.rate)  # expect: JG301
        return fn(x)


def anneal(annealer: Annealer, x, n):
    # the parameter's annotation names the class whose method runs once per step
    for _ in range(n):
        x = annealer.anneal_step(x)
    return x


def annealer_steps(n):
    return anneal(Annealer(0.5), jnp.ones(3), n)


def results_kept_per_index(n):
    # the result (an array) is kept, not the jitted function: a new closure over `i` per iteration
    layers, out = jnp.ones((n, 3)), []
    for i in range(n):
        def take_ith(v):
            return v[i]

        out.append(jax.jit(take_ith)(layers))  # expect: JG301
    return out


class Block:
    def __call__(self, v):
        return self.attend(v)

    def attend(self, v):
        @jax.jit  # expect: JG301
        def kernel(u):
            return jnp.tanh(u)

        return kernel(v)


class Net:
    def __init__(self):
        self.block = Block()

    def __call__(self, v):
        return self.block(v)


_net = Net()


def model_called_in_python(n):
    # the model also runs in Python, once per step: its nested jit is made and compiled each time
    x = jnp.ones(3)
    for _ in range(n):
        x = _net(x)
    return x


class Optimizer(NamedTuple):
    init: Callable
    update: Callable


def sgd(rate):
    def update(g, state):
        return -rate * g, state

    return Optimizer(lambda p: (), update)


def sweep_of_rates(n):
    # a new optimizer per rate: its update is a new closure, so each jit compiles again
    out = []
    for k in range(n):
        opt = sgd(0.1 * (k + 1))
        out.append(jax.jit(opt.update)(jnp.ones(3), ())[0])  # expect: JG301
    return out


def squared_error(w):
    return jnp.sum((w - 1.0) ** 2)


class Fitter:
    def __init__(self, loss, steps=2):
        self.steps = steps
        self._grad = jax.jit(jax.grad(loss))  # jax.grad makes a new function: a jit cache per instance

    def fit(self, w):
        for _ in range(self.steps):
            w = w - 0.1 * self._grad(w)  # expect: JG301
        return w


def fit_per_trial(n):
    return [Fitter(squared_error).fit(jnp.full(3, float(k))) for k in range(n)]


class Stepper:
    def __init__(self):
        self._step = jax.jit(self.step)  # a bound method of this instance: a new function object

    def step(self, x):
        return x * 2.0

    def run(self, x):
        return self._step(x)  # expect: JG301


def stepper_per_item(n):
    out = []
    for k in range(n):
        stepper = Stepper()
        out.append(stepper.run(jnp.full(3, float(k))))
    return out


def _propagate(edges, x):
    return x + x[edges]


class Propagator:
    def __init__(self, edges):
        self.run = jax.jit(partial(_propagate, edges))  # a new partial per instance: its own cache


def propagate_once(edges, x):
    prop = Propagator(edges)
    return prop.run(x)  # expect: JG301


def propagator_per_item(n):
    edges = jnp.array([1, 2, 0])
    return [propagate_once(edges, jnp.full(3, float(k))) for k in range(n)]


def propagator_built_once(n):
    prop = Propagator(jnp.array([1, 2, 0]))
    return [prop.run(jnp.full(3, float(k))) for k in range(n)]


class ClassmethodStepper:
    def __init__(self):
        self._step = jax.jit(self.step)  # a classmethod bound anew at each access: a new function object

    @classmethod
    def step(cls, x):
        return x * 2.0

    def run(self, x):
        return self._step(x)  # expect: JG301


def classmethod_stepper_per_item(n):
    return [ClassmethodStepper().run(jnp.full(3, float(k))) for k in range(n)]


def energy(x):
    return jnp.sum(jnp.cos(x) * x)


def linear_response_per_state(n):
    # jax.linearize returns a new closure on every call: jitting it per state compiles per state
    out = []
    for k in range(n):
        _, tangent_map = jax.linearize(energy, jnp.full(3, float(k)))
        fast = jax.jit(tangent_map)  # expect: JG301
        out.append(fast(jnp.ones(3)))
    return out


def pullback_inline_per_state(n):
    return [jax.jit(jax.vjp(energy, jnp.full(3, float(k)))[1])(1.0) for k in range(n)]  # expect: JG301


def force_per_state(n):
    # a transform's result bound to a name in the loop is a new function object too
    out = []
    for k in range(n):
        force = jax.grad(energy)
        out.append(jax.jit(force)(jnp.full(3, float(k))))  # expect: JG301
    return out


class Devices:
    # a namespace of settings: nothing assigns `Devices.built` after this
    built = None
    wanted = ("cpu",)
    jit_for_devices = partial(jax.jit)

    @staticmethod
    def outdated():
        return Devices.built != Devices.wanted


_scale_fn = None
built_for = None


def build_scale():
    global _scale_fn, built_for
    # the guard reads `Devices.built`, the build records into the global `built_for`: always true
    if Devices.outdated():
        _scale_fn = Devices.jit_for_devices(lambda v: v * 2.0)  # expect: JG301
        built_for = Devices.wanted


def scaled(x):
    build_scale()
    return _scale_fn(x)


def scaled_steps(n):
    return [scaled(jnp.full(3, float(k))) for k in range(n)]


_shift_fn = None


def build_shift():
    global _shift_fn
    _shift_fn = jax.jit(lambda v: v + 1.0)  # expect: JG301


def shifted_steps(n):
    out = []
    for k in range(n):
        build_shift()
        out.append(_shift_fn(jnp.full(3, float(k))))
    return out


# --- must not be flagged ---------------------------------------------------------------------


def defined_once_in_main(n):
    @jax.jit
    def step(v):
        return v * 2.0

    x = jnp.ones(3)
    for _ in range(n):
        x = step(x)
    return x


def def_before_the_loop(n):
    def inc(v):
        return v + 1.0

    x = jnp.ones(3)
    for _ in range(n):
        x = jax.jit(inc)(x)
    return x


def module_function_in_loop(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = jax.jit(jnp.sin)(x)
    return x


def module_level_function_in_loop(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = jax.jit(scale)(x, 2.0)
    return x


_step = jax.jit(lambda v: v * 2.0)


def hoisted(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = _step(x)
    return x


def make_step(factor):
    @jax.jit
    def step(v):
        return v * factor

    return step


_made = make_step(2.0)


def factory_result_kept(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = _made(x)
    return x


def warm_up_ramp(step, steps):
    # at most four stages, whatever the step count: a comprehension over a zip with a list literal
    base, extra = divmod(steps, 4)
    counts = [base + (i < extra) for i in range(4)]
    sizes = [step / 8.0, step / 4.0, step / 2.0, step]
    return [(size, count) for size, count in zip(sizes, counts) if count > 0]


def factory_per_stage_of_a_ramp(n):
    x = jnp.ones(3)
    for factor, count in warm_up_ramp(1.0, 8 * n):  # four stages for 16 steps as for 32: four compiles
        x = make_step(factor)(x) + count
    return x


@jax.jit
def outer_step(v):
    # traced as part of `outer_step`: a nested jit is inlined, nothing is compiled per call
    inner = jax.jit(lambda u: u * 2.0)

    @jax.jit
    def plus_one(u):
        return u + 1.0

    return plus_one(inner(v))


def nested_jit_in_traced_code(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = outer_step(x)
    return x


class Activations:
    def __init__(self, names):
        # one jitted function per name, built once and kept: the cache serves every later call
        self.fns = {name: jax.jit(partial(getattr(jnp, name))) for name in names}
        self.listed = []
        for name in names:
            self.listed.append(jax.jit(lambda v, f=getattr(jnp, name): f(v)))


_acts = Activations(["sin", "cos"])


def kept_in_a_collection(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = _acts.fns["sin"](x) + _acts.listed[1](x)
    return x


class CachedTrainer:
    def __init__(self, rate):
        self.rate = rate
        self._fn = jax.jit(lambda v: v * self.rate)  # built once per trainer, kept

    def training_step(self, x):
        return self._fn(x)


def cached_trainer_steps(n):
    trainer, x = CachedTrainer(0.5), jnp.ones(3)
    for _ in range(n):
        x = trainer.training_step(x)
    return x


def run_cached(trainer: CachedTrainer, x, n):
    for _ in range(n):
        x = trainer.training_step(x)
    return x


def cached_trainer_given(n):
    return run_cached(CachedTrainer(0.5), jnp.ones(3), n)


class InlinedBlock:
    def __call__(self, v):
        return self.attend(v)

    def attend(self, v):
        # every call of the model is inside the jitted step: this jit is inlined in its trace
        @jax.jit
        def kernel(u):
            return jnp.tanh(u)

        return kernel(v)


class InlinedNet:
    def __init__(self):
        self.block = InlinedBlock()

    def __call__(self, v):
        return self.block(v)


_inlined = InlinedNet()


@jax.jit
def net_step(v):
    return jax.grad(lambda u: _inlined(u).sum())(v)


def model_applied_only_under_jit(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = x - 0.1 * net_step(x)
    return x


def stack_groups(params, shardings, groups):
    # each group is its own program (its out_shardings, its number of inputs): one compile per
    # group, as many as one jit hoisted out of the loop would make
    for name, count in groups:
        def stack(*layers):
            return jnp.stack(layers)

        params[name] = jax.jit(stack, out_shardings=shardings[name])(*[params.pop(f"{name}_{i}") for i in range(count)])
    return params


def jit_per_group_of_layers(n):
    device = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    params = {f"{name}_{i}": jnp.ones(2) for name, count in (("dense", 1), ("moe", n)) for i in range(count)}
    return stack_groups(params, {"dense": device, "moe": device}, [("dense", 1), ("moe", n)])


def shared_update(g, state):
    return -0.1 * g, state


def plain_sgd():
    return Optimizer(lambda p: (), shared_update)


def sweep_sharing_the_update(n):
    # a new NamedTuple per iteration, but its `update` is one module-level function: cached
    out = []
    for _ in range(n):
        opt = plain_sgd()
        out.append(jax.jit(opt.update)(jnp.ones(3), ())[0])
    return out


class JitOfTheGivenFunction:
    def __init__(self, loss):
        self._loss = jax.jit(loss)  # what each caller passes: here one module-level function

    def value(self, w):
        return self._loss(w)


def one_function_per_trial(n):
    # jax.jit(f) of the same function object shares JAX's cache between the jit objects
    return [JitOfTheGivenFunction(squared_error).value(jnp.full(3, float(k))) for k in range(n)]


class JitOfModuleFunction:
    def __init__(self):
        self._loss = jax.jit(squared_error)

    def value(self, w):
        return self._loss(w)


def module_function_per_trial(n):
    return [JitOfModuleFunction().value(jnp.full(3, float(k))) for k in range(n)]


@cache
def cached_grad(loss):
    return jax.jit(jax.grad(loss))  # one jitted gradient per loss function, kept


class CachedGradFitter:
    def __init__(self, loss):
        self._grad = cached_grad(loss)

    def fit(self, w):
        return w - 0.1 * self._grad(w)


def cached_grad_per_trial(n):
    return [CachedGradFitter(squared_error).fit(jnp.full(3, float(k))) for k in range(n)]


def fitter_built_once(n):
    fitter = Fitter(squared_error)
    return [fitter.fit(jnp.full(3, float(k))) for k in range(n)]


class StaticStepper:
    def __init__(self):
        # a staticmethod through `self` is the same function every time (another class's method
        # `step`, Stepper.step above, does not make it a bound method): JAX shares its cache
        self._step = jax.jit(self.step)

    @staticmethod
    def step(x):
        return x * 2.0

    def run(self, x):
        return self._step(x)


def static_stepper_per_item(n):
    return [StaticStepper().run(jnp.full(3, float(k))) for k in range(n)]


def _below_ten(c):
    return c < 10.0


def _add_one(c):
    return c + 1.0


def count_up_eagerly(x):
    # run outside any jit: lax.while_loop caches its program on the lambdas' identity
    return jax.lax.while_loop(lambda c: c < 10.0, lambda c: c + 1.0, x)  # expect: JG301


def eager_while_per_step(n):
    x = jnp.float32(0.0)
    for _ in range(n):
        x = count_up_eagerly(x - 3.0)
    return x


def sample_eagerly(key):
    def draw(k):  # a nested def: a new function object at every call
        return jax.random.normal(k, (2,))

    return jax.lax.map(draw, jax.random.split(key, 3))  # expect: JG301


def eager_map_per_step(n):
    return [sample_eagerly(jax.random.key(i)) for i in range(n)]


def sample_vmapped(key):
    def draw(k):
        return jax.random.normal(k, (2,))

    return jax.vmap(draw)(jax.random.split(key, 3))  # eager vmap runs op by op: no program per function object


def vmap_per_step(n):
    return [sample_vmapped(jax.random.key(i)) for i in range(n)]


class Accumulate:  # a callable object: eager lax primitives cache on its identity, not on __eq__
    def __call__(self, carry, x):
        return carry + x, carry

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, Accumulate)


def cumulative_eagerly(xs):
    return jax.lax.scan(Accumulate(), 0.0, xs)  # expect: JG301


def eager_scan_new_instance_per_step(n):
    return [cumulative_eagerly(jnp.arange(3.0) + k) for k in range(n)]


ACCUMULATE = Accumulate()


def cumulative_shared(xs):
    return jax.lax.scan(ACCUMULATE, 0.0, xs)  # one instance, made once: one cache entry


def eager_scan_shared_instance(n):
    return [cumulative_shared(jnp.arange(3.0) + k) for k in range(n)]


def count_up_shared(x):
    return jax.lax.while_loop(_below_ten, _add_one, x)  # module-level functions: one cache entry


def eager_while_shared_functions(n):
    x = jnp.float32(0.0)
    for _ in range(n):
        x = count_up_shared(x - 3.0)
    return x


@jax.jit
def count_up_traced(x):
    return jax.lax.fori_loop(0, 3, lambda i, c: c + 1.0, x)  # traced once with the jitted step


def traced_fori_per_step(n):
    x = jnp.float32(0.0)
    for _ in range(n):
        x = count_up_traced(x)
    return x


def jitted_doubler():
    @jax.jit
    def double(v):
        return v * 2.0

    return double


def factory_called_per_step(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = jitted_doubler()(x)  # expect: JG301
    return x


@cache
def cached_jitted_doubler():
    @jax.jit
    def double(v):
        return v * 2.0

    return double


def cached_factory_per_step(n):
    x = jnp.ones(3)
    for _ in range(n):
        x = cached_jitted_doubler()(x)
    return x


def factory_called_once(n):
    double = jitted_doubler()
    x = jnp.ones(3)
    for _ in range(n):
        x = double(x)
    return x


class Relaxer:
    def __init__(self, rate):
        self.rate = rate
        # the instance's `relax` is the jit of the method: every call below runs the jit, which
        # traces the scan (and its nested `body`) once
        self.relax = jax.jit(self.relax)

    def relax(self, y):
        def body(c, _):
            return c - self.rate * c, None

        return jax.lax.scan(body, y, None, length=3)[0]


def method_rebound_to_its_jit(n):
    relaxer = Relaxer(0.5)
    y = jnp.ones(3)
    for _ in range(n):
        y = relaxer.relax(y)
    return y


def nested_def_differentiated_per_fit(w, steps):
    @jax.jit
    def loss(v):
        return jnp.sum(v**2)

    for _ in range(steps):  # one new function per fit, reused by every step of it
        _, g = jax.value_and_grad(loss)(w)
        w = w - 0.1 * g
    return w


def differentiated_once_per_fit(n):
    return nested_def_differentiated_per_fit(jnp.ones(3), n)


def make_grad_fn():
    @jax.jit
    def loss(v):
        return jnp.sum(v**2)

    grad_fn = jax.value_and_grad(loss)  # returned, not called here: one function for the caller to keep
    return grad_fn


def kept_grad_fn_per_step(n):
    grad_fn, w = make_grad_fn(), jnp.ones(3)
    for _ in range(n):
        _, g = grad_fn(w)
        w = w - 0.1 * g
    return w


class Shaper:
    # the jit runs only when `shape_only` is False; the loop's calls pass True: never reached
    def prepare(self, x, *, shape_only=False):
        def allocate():
            return jnp.zeros_like(x) + 1.0

        pending = jax.eval_shape(allocate)
        if not shape_only:
            pending = jax.jit(allocate)()
        return pending

    def plan(self, x):
        return self.prepare(x, shape_only=True).shape


def shapes_planned_per_step(n):
    shaper = Shaper()
    return [shaper.plan(jnp.ones(3)) for _ in range(n)]


class Sweeps:
    RATES = (0.5, 0.25)  # bound once, when the class is created; nothing rebinds it


def sweep_of_class_rates(n):
    # one jitted closure per element of a tuple a class body binds: a fixed number of compiles
    x = jnp.ones(3)
    for rate in Sweeps.RATES:
        step = jax.jit(lambda v: v * rate)
        for _ in range(n):
            x = step(x)
    return x


def pullback_jitted_once(n):
    # one pullback, jitted once before the loop, applied to many cotangents
    _, pullback = jax.vjp(jnp.sin, jnp.ones(3))
    fast = jax.jit(pullback)
    return [fast(jnp.full(3, float(k))) for k in range(n)]


def pullback_from_the_first_state(n):
    # bound only on the first iteration: later jits wrap the same object, JAX's cache hits
    out = []
    for k in range(n):
        if k == 0:
            _, pullback = jax.vjp(jnp.sin, jnp.ones(3))
        out.append(jax.jit(pullback)(jnp.full(3, float(k))))
    return out


def pullback_per_state_applied_eagerly(n):
    # a new pullback per state, called without jit: op by op, nothing compiles per state
    out = []
    for k in range(n):
        _, pullback = jax.vjp(energy, jnp.full(3, float(k)))
        out.append(pullback(1.0))
    return out


_square_fn = None


def build_square():
    global _square_fn
    if _square_fn is None:  # reads what the build assigns: built once
        _square_fn = jax.jit(lambda v: v * v)


def squared_steps(n):
    out = []
    for k in range(n):
        build_square()
        out.append(_square_fn(jnp.full(3, float(k))))
    return out


_halve_fn = None
halve_built_for = None


def build_halve():
    global _halve_fn, halve_built_for
    if halve_built_for != Devices.wanted:  # the record the build keeps: built once
        _halve_fn = Devices.jit_for_devices(lambda v: v / 2.0)
        halve_built_for = Devices.wanted


def halved_steps(n):
    out = []
    for k in range(n):
        build_halve()
        out.append(_halve_fn(jnp.full(3, float(k))))
    return out


_negate_fn = None
_built_flags = {}


def build_negate():
    global _negate_fn
    if "negate" not in _built_flags:  # a module-level dict the build fills: built once
        _negate_fn = jax.jit(lambda v: -v)
        _built_flags["negate"] = True


def negated_steps(n):
    out = []
    for k in range(n):
        build_negate()
        out.append(_negate_fn(jnp.full(3, float(k))))
    return out


def with_offset(fn):
    # a closure factory: every call returns a new function object
    def shifted(v):
        return fn(v) + 1.0

    return shifted


def halve(v):
    return v / 2.0


def wrapped_per_step(n):
    out = []
    for k in range(n):
        step = jax.jit(with_offset(halve))  # expect: JG301
        out.append(step(jnp.full(3, float(k))))
    return out


@cache
def with_offset_cached(fn):
    def shifted(v):
        return fn(v) + 1.0

    return shifted


shifted_halve = jax.jit(with_offset(halve))  # the factory called once, at module level


def wrapped_once(n):
    return [shifted_halve(jnp.full(3, float(k))) for k in range(n)]


def wrapped_cached_per_step(n):
    out = []
    for k in range(n):
        step = jax.jit(with_offset_cached(halve))  # one function object per argument: cached
        out.append(step(jnp.full(3, float(k))))
    return out


GROWS = [lambda_in_loop, partial_in_loop, called_every_step, nested_every_step, bound_method_in_loop, trainer_steps, annealer_steps,
         results_kept_per_index, model_called_in_python, sweep_of_rates, fit_per_trial, stepper_per_item,
         classmethod_stepper_per_item, eager_while_per_step, eager_map_per_step, factory_called_per_step,
         passed_every_step, nested_differentiated_every_step, differentiated_through_a_name_every_step,
         linear_response_per_state, force_per_state,
         pullback_inline_per_state, scaled_steps, shifted_steps, wrapped_per_step, eager_scan_new_instance_per_step,
         propagator_per_item]
BOUNDED = [eager_while_shared_functions, traced_fori_per_step, cached_factory_per_step, factory_called_once,
           static_stepper_per_item, one_function_per_trial, module_function_per_trial, cached_grad_per_trial, fitter_built_once, cached_trainer_steps, cached_trainer_given, module_level_function_in_loop, hoisted, factory_result_kept, defined_once_in_main, def_before_the_loop,
           module_function_in_loop, nested_jit_in_traced_code, kept_in_a_collection,
           model_applied_only_under_jit, jit_per_group_of_layers, sweep_sharing_the_update,
           method_rebound_to_its_jit, vmap_per_step, differentiated_once_per_fit, kept_grad_fn_per_step,
           shapes_planned_per_step,
           sweep_of_class_rates,
           pullback_jitted_once, pullback_from_the_first_state, pullback_per_state_applied_eagerly,
           squared_steps, halved_steps, negated_steps, wrapped_once, wrapped_cached_per_step,
           eager_scan_shared_instance, propagator_built_once, factory_per_stage_of_a_ramp]


if __name__ == "__main__":  # the eager steps run from the top level only: nothing traces them
    eager_while_per_step(8)
    eager_map_per_step(8)
    eager_scan_new_instance_per_step(8)
    eager_scan_shared_instance(8)
    vmap_per_step(8)
