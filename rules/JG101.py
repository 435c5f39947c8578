"""JG101 traced-condition: examples that must and must not be flagged."""

import dataclasses
import math
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import checkify

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def relu(x):
    if x > 0:  # expect: JG101
        return x
    return jnp.zeros_like(x)


@partial(jax.jit, static_argnames=("axis",))
def normalize(x, axis, training=False):
    if training:  # expect: JG101
        x = x * 0.9
    return x / jnp.sum(x, axis=axis)


@jax.jit
def pick(x, y):
    return x if x.sum() > y.sum() else y  # expect: JG101


def _clip_helper(v):
    if v.max() > 1.0:  # expect: JG101
        return v / v.max()
    return v


@jax.jit
def uses_helper(x):
    return _clip_helper(x * 2)


@jax.tree_util.register_pytree_node_class
class Model:
    def tree_flatten(self):
        return (), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls()

    @jax.jit
    def __call__(self, x):
        if x.mean() > 0:  # expect: JG101
            return x
        return -x


def branch_body(i, carry):
    if carry > 10:  # expect: JG101
        return carry
    return carry + i


@jax.jit
def with_fori(x):
    return lax.fori_loop(0, 3, branch_body, x)


@jax.jit
def elif_chain(x):
    if x.ndim == 0:
        pass
    elif x[0] > 0:  # expect: JG101
        x = -x
    return x


@jax.jit
def comprehension_filter(xs):
    return [v for v in xs if v > 0]  # expect: JG101


jit_with_flags = partial(jax.jit, static_argnames=("axis",))


@jit_with_flags
def through_an_alias(x, axis, training=False):
    if training:  # expect: JG101
        x = x * 0.9
    return x.sum(axis=axis)


@jax.jit
def match_on_a_traced_value(x, n):
    match n:
        case 0:  # expect: JG101
            return x
        case _:
            return -x


@jax.tree_util.register_pytree_node_class
class Interval:
    # jax.jit(Interval)(lo, hi) calls the class with tracers: __init__ runs in the trace
    def __init__(self, lo, hi):
        if jnp.any(hi < lo):  # expect: JG101
            raise ValueError("empty interval")
        self.lo, self.hi = lo, hi

    def tree_flatten(self):
        return (self.lo, self.hi), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = object.__new__(cls)
        obj.lo, obj.hi = children
        return obj


def jitted_intervals(lo, hi):
    return jax.jit(Interval)(lo, hi).hi


class IsPositive:
    def __call__(self, x):
        return x > 0


class IsFinite:
    def __call__(self, x):
        return jnp.isfinite(x)


VALUE_CHECKS = [IsPositive(), IsFinite()]


@jax.jit
def checked_by_a_loop(x):
    # each element's __call__ runs on the tracer: a comparison of it is traced
    for check in VALUE_CHECKS:
        if not check(x):  # expect: JG101
            return -x
    return x


def staged(fun=None, *, static_argnames=()):  # a jit decorator of the module
    if fun is None:
        return partial(staged, static_argnames=static_argnames)

    def forward(*args, **kwargs):
        return fun(*args, **kwargs)

    jitted = jax.jit(forward, static_argnames=static_argnames)  # JAX reads forward's signature

    def call(*args, **kwargs):
        return jitted(*args, **kwargs)

    return call


@partial(staged, static_argnames=("flip",))
def flipped(x, flip):
    if flip:  # passed by position below: static_argnames of a forwarder match keywords only  # expect: JG101
        return -x
    return x


def flipped_by_position(x):
    return flipped(x, True)


def tree_dataclass(cls, aux_fields=None, **kwargs):
    # a project's own registrar: with aux_fields=... the flatten returns no children
    cls = dataclasses.dataclass(cls, **kwargs)
    every = aux_fields is ...
    names = [f.name for f in dataclasses.fields(cls)]
    aux = names if every else [n for n in names if n in (aux_fields or ())]
    leaves = [n for n in names if n not in aux]

    def flatten(obj):
        if every:
            return [], obj
        return [getattr(obj, n) for n in leaves], tuple(getattr(obj, n) for n in aux)

    def unflatten(meta, children):
        return meta if every else cls(**dict(zip(leaves, children)), **dict(zip(aux, meta)))

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)
    return cls


@partial(tree_dataclass, aux_fields=("bunch_order",), frozen=True)
class Bunch:
    bunch_positions: jax.Array
    bunch_order: int = 2


@jax.jit
def bunch_pushed(bunch):
    # the fields not named in aux_fields are children: traced
    if bunch.bunch_positions[0] > 0:  # expect: JG101
        return bunch.bunch_positions * bunch.bunch_order
    return -bunch.bunch_positions


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=["config"])
def integrate_checked(state, config: "Settings"):
    # checkify closes over its arguments: the static NamedTuple stays static through it
    if config.pad > 0:
        state = jnp.pad(state, config.pad)
    return state * 0.5


class Settings(NamedTuple):
    pad: int = 1


def run_checked(state):
    err, out = checkify.checkify(integrate_checked)(state, Settings())
    err.throw()
    return out



def _sites(x):
    return [{"value": x, "extras": [x * 2]}, {"value": -x, "extras": []}]


@jax.jit
def sum_with_extras(x):
    # iterating a list of dict records keeps each record's fields: `extras` is a Python list,
    # whose truth value is its length
    total = 0.0
    for site in _sites(x):
        if site["extras"]:
            total = total + site["extras"][0]
        total = total + site["value"]
    return total


@jax.tree_util.register_pytree_node_class
class CheckedInterval:
    def __init__(self, lo, hi, validate=True):
        if validate:  # static, and False at every call of the jitted class below: never runs traced
            if jnp.any(hi < lo):
                raise ValueError("empty interval")
        self.lo, self.hi = lo, hi

    def tree_flatten(self):
        return (self.lo, self.hi), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, validate=False)


def jitted_unchecked_intervals(lo, hi):
    return jax.jit(CheckedInterval, static_argnames="validate")(lo, hi, validate=False).hi, CheckedInterval(lo, hi).hi


@partial(jax.jit, static_argnames=("mode",))
def match_on_a_static_value(x, mode, bias=None):
    match mode:
        case "double":
            x = 2 * x
        case _:
            pass
    match bias:  # identity (`case None`) and class patterns stay static
        case None:
            return x
        case float():
            return x + bias
    return x + bias



@jax.jit
def shape_checks(x, mask=None):
    if x.ndim == 2 and x.shape[0] > 3:
        x = x.T
    if mask is None:
        mask = jnp.ones_like(x, dtype=bool)
    if isinstance(x, jax.Array) and len(x) > 1 and x.dtype == jnp.float32:
        x = x * 2
    return jnp.where(mask, x, 0)


@partial(jax.jit, static_argnames=("training",))
def static_flag(x, training=False):
    if training:
        return x * 0.9
    return x


@partial(jax.jit, static_argnums=(1,))
def static_by_position(x, n):
    y = x
    for _ in range(n):
        y = y * 2 if n > 2 else y
    return y


@jax.jit
def select_instead(x):
    return jnp.where(x > 0, x, 0.0), lax.cond(x.sum() > 0, lambda v: v, lambda v: -v, x)


@jax.jit
def static_after_reassign(x):
    n = x.shape[0]
    if n > 1:
        return x[:1]
    return x


@jax.jit
def dict_keys(batch):
    if "mask" in batch:
        return batch["x"] * batch["mask"]
    return batch["x"]


def not_jitted(x):
    if x > 0:
        return x
    return -x


def only_under_grad(x):
    if x > 0:
        return x**2
    return -x


grad_of = jax.grad(only_under_grad)


DEBUG = False


@jax.jit
def module_constant(x):
    if DEBUG:
        jax.debug.print("x = {}", x)
    return x


def make_scaler(scale):
    @jax.jit
    def scaled(x):
        if scale > 1:
            return x * scale
        return x

    return scaled


class TrainState(NamedTuple):
    params: jax.Array
    loss_scale: object = None  # None or a sub-object: its truth value is static


@jax.jit
def pytree_fields(state):
    if state.loss_scale:
        return state.params * state.loss_scale
    return state.params


def scan_body(carry, x, reverse=False):
    if reverse:  # lax.scan passes two arguments: `reverse` keeps its Python default
        return carry - x, x
    return carry + x, x


@jax.jit
def scan_with_default(xs):
    return lax.scan(scan_body, 0.0, xs)


def _kernel(x, *, scale, causal):
    if causal:
        return x * scale
    return x


@jax.jit
def partial_kwargs(x):
    options = {"scale": 2.0, "causal": True}
    return jax.vmap(partial(_kernel, **options))(x)


@jax.jit
def isinstance_and_early_return(x, y=None):
    if y is None:
        return x
    if isinstance(y, (int, float)):
        if y > 0:  # a Python number here, not a tracer
            return x * y
    return x + y


@jax.jit
def tree_leaves_truth(params):
    if jax.tree.leaves(params):
        return params
    return params



@jit_with_flags
def alias_static(x, axis):
    if axis == 0:
        return x.sum(axis=0)
    return x



@jax.jit
def type_and_getattr(x):
    if getattr(x, "ndim", 0) == 1 and x.__class__.__name__ != "tuple":
        return x * 2
    return x


def _line_search(fun, maxiter, x, goldstein=False):
    if goldstein:  # static: jit below numbers the parameters left after partial
        return fun(x) * maxiter
    return fun(x)


_search = jax.jit(partial(_line_search, jnp.sin), static_argnums=(0, 2))


@jax.jit
def checks_when_it_can(x, rate):
    try:
        if rate < 0 or rate >= 1:  # concrete rates are checked; traced ones skip the check
            raise ValueError("rate must be in [0, 1)")
    except jax.errors.ConcretizationTypeError:
        pass
    return x * (1 - rate)


def _shift(x, reverse=False):
    if reverse:  # vmap maps every positional argument: a flag is never passed through it
        return -x
    return x


vmapped_default = jax.vmap(_shift)


def rebinds_a_partial(x):
    def combine(a, flag):
        return a * 2 if flag else a  # flag is bound by the partial below, not traced

    combine = partial(combine, flag=True)
    combine = jax.jit(combine)
    return combine(x)


@jax.jit
def constant_table(x):
    table = jnp.array([1.0, 2.0])  # a constant, but under jit every jnp result is a tracer
    if table.sum() > 2:  # expect: JG101
        return x * 2
    return x


def _constant_under_vmap(x):
    table = jnp.array([1.0, 2.0])  # vmap alone does not stage: a jnp op on constants is concrete
    if table.sum() > 2:
        return x * 2
    return x


vmapped_constant = jax.vmap(_constant_under_vmap)


@jax.jit
def numpy_constant_table(x):
    table = np.array([1.0, 2.0])  # NumPy results stay NumPy values under jit
    if table.sum() > 2:
        return x * 2
    return x



class SolverOutput(NamedTuple):
    value: jax.Array
    converged: jax.Array
    iterations: int = 0


def _solve(x):
    value = x / 2
    return SolverOutput(value, jnp.abs(value).max() < 1.0, 3)


@jax.jit
def solve_and_check(x):
    out = _solve(x)  # a NamedTuple built by a helper: each field keeps its own kind
    if out.converged:  # expect: JG101
        return out.value
    return x


@jax.jit
def solve_python_field(x):
    out = _solve(x)
    if out.iterations > 2:  # a Python int given to the NamedTuple inside jit: static
        return out.value
    return x


@jax.jit
def dict_entry(batch):
    if batch["scale"] > 1:  # expect: JG101
        return batch["x"] * batch["scale"]
    return batch["x"]


def _count_keys(options):
    n = 0
    for key in options:  # iterating a dict gives its keys: Python strings
        if key.startswith("s"):
            n += 1
    return n


@jax.jit
def dict_keys_of_traced_values(x, y):
    return x * _count_keys({"scale": x, "shift": y})



def _is_concrete(x):
    return not isinstance(x, jax.core.Tracer)


@jax.jit
def checks_only_concrete_values(x):
    if _is_concrete(x):  # a helper returning a type test guards the branch as the test would
        if x.sum() > 0:
            raise ValueError("expected non-positive values")
    return x



def _clamp(x, limit):
    if limit:  # every call through the transform passes a tuple literal: its truth value is static
        x = jnp.clip(x, limit[0], limit[1])
    return x


def clamp_rows(xs, lo, hi):
    return jax.vmap(_clamp)(xs, (lo, hi))



def _report(out):
    if out.iterations > 2:  # the Python int field keeps its kind in the helper too
        out = out._replace(iterations=0)
    if out.converged:  # expect: JG101
        return out.value
    return out.value * 0


@jax.jit
def solve_and_report(x):
    return _report(_solve(x))  # the helper's parameter receives the NamedTuple's field kinds



class Masked(NamedTuple):
    values: jax.Array
    any_valid: jax.Array


@jax.jit
def masked_total(batch):
    if batch.any_valid:  # expect: JG101
        return batch.values.sum()
    return jnp.zeros(())



def _dropout(x, key, inference):
    if inference:  # expect: JG101
        return x
    return jnp.where(jax.random.bernoulli(key, 0.9, x.shape), x / 0.9, 0.0)


def _rollout_step(carry, _):
    actor, key = carry  # every leaf of a lax.scan carry is an array: the Python bool too
    return (actor, key), _dropout(actor["w"], key, actor["inference"])


def _rollout_step_checks(carry, _):
    actor, key = carry
    if actor["inference"]:  # expect: JG101
        key = jax.random.split(key)[0]
    return (actor, key), actor["w"]


def rollout_with_flag_in_carry():
    return lax.scan(_rollout_step, ({"w": jnp.ones(3), "inference": False}, jax.random.PRNGKey(0)), None, 2)


def rollout_checking_the_flag():
    return lax.scan(_rollout_step_checks, ({"w": jnp.ones(3), "inference": True}, jax.random.PRNGKey(0)), None, 2)


def rollout_with_flag_closed_over(inference):
    def step(carry, _):
        (w, key), extra = carry  # a child of the carry may be None or a sub-tree: its truth is not reported
        if extra:
            w = w + 1
        return ((w, key), extra), _dropout(w, key, inference)  # closed over: a Python bool

    return lax.scan(step, ((jnp.ones(3), jax.random.PRNGKey(0)), None), None, 2)



def _shifted(x, **offsets):
    if offsets["low"] > 0:  # expect: JG101
        x = x - offsets["low"]
    if offsets["high"] > 0:  # a Python int passed by keyword keeps its kind in **offsets
        x = jnp.minimum(x, offsets["high"])
    return x


@jax.jit
def shift_by_keywords(x, low):
    return _shifted(x, low=low, high=3)


def _combine(params: dict, combinators: dict):
    out = 0.0
    for name in params:  # a dict's keys: Python strings, whatever its values are
        if name in combinators:
            out = out + combinators[name](params[name])
    return out


@jax.jit
def keyword_names(x, **extra):
    for name in extra:  # the keys of **kwargs are the keywords' names: Python strings
        if name.startswith("scale") or name in ("bias",):
            x = x * extra[name]
    for name, value in extra.items():
        if name == "bias":
            x = x + value
    return x + _combine(extra, {"bias": jnp.abs})



_SCALES = jnp.arange(1.0, 5.0)  # a concrete JAX array, built once at import
_NP_SCALES = np.arange(1.0, 5.0)


@jax.jit
def captured_jax_array(x):
    if _SCALES[0] > 0:  # expect: JG101
        x = x * _SCALES[0]
    return x


@jax.jit
def captured_array_checks(x):
    if _SCALES.shape[0] > 2 and np.asarray(_SCALES)[0] > 0:  # its shape and a NumPy copy are concrete
        x = x * 2
    if _NP_SCALES[0] > 0 and bool(_SCALES.size):  # a NumPy array stays NumPy under jit
        x = x + 1
    with jax.ensure_compile_time_eval():
        if _SCALES.sum() > 1:  # computed eagerly: a concrete array
            x = x - 1
    return x


def _captured_under_vmap(x):
    if _SCALES.sum() > 1:  # vmap alone does not stage: the sum is a concrete array
        return x * 2
    return x


vmapped_captured = jax.vmap(_captured_under_vmap)



@jax.tree_util.register_pytree_node_class
class Scaled:
    def __init__(self, values, factor):
        self.values = values
        self.factor = factor  # pytree metadata: JAX passes it into the trace as it is

    def tree_flatten(self):
        return (self.values,), (self.factor,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)


@jax.jit
def metadata_array(s):
    if s.factor > 1:  # expect: JG101
        return s.values * s.factor
    return s.values


@jax.jit
def metadata_number(s):
    if s.factor > 1:  # a Python number as metadata stays one
        return s.values * s.factor
    return s.values


def scale_both():
    return metadata_array(Scaled(jnp.ones(2), jnp.array(2.0)))


def scale_python():
    return metadata_number(Scaled(jnp.ones(2), 2.0))


def _step_with_tables(x, index, n):
    if np.sum(np.isin(index, [1, 2])) > 0:  # index is passed through vmap untouched: NumPy
        x = x + n
    return x


def starred_none_axes(xs):
    # vmap needs one in_axes entry per positional argument: whatever len(extra) is, every
    # argument after the first falls on a None entry
    extra = {"index": np.arange(3), "n": 2}
    nones = [None] * len(extra)
    return jax.vmap(_step_with_tables, in_axes=(0, *nones))(xs, *extra.values())


class HasRows:
    def __call__(self, x):
        return x.ndim > 0


class IsSmall:
    def __call__(self, x):
        return x.shape[0] < 8


SHAPE_CHECKS = (HasRows(), IsSmall())


@jax.jit
def shape_checked_by_a_loop(x):
    # these __call__s read shapes only: Python bools under jit
    for check in SHAPE_CHECKS:
        if not check(x):
            return -x
    return x


@jax.jit
def validates_only_concrete_matrices(m):
    # the tracer test short-circuits `and`: the jnp check never runs on the tracer (on a NumPy
    # constant it would run, and its jnp result would be a tracer under jit: JG101 then)
    if not isinstance(m, jax.core.Tracer) and not jnp.allclose(m, m.T):
        raise ValueError("expected a symmetric matrix")
    return m


def _scaled_rows(x, scale):
    def factor():
        return scale  # a closure over the helper's parameter: what `scale` holds in this call

    if factor() > 1:  # expect: JG101
        return x * factor()
    return x


@jax.jit
def rows_scaled(x, scale):
    return _scaled_rows(x, scale)


def _padded_rows(x, width):
    rows = x.shape[0]

    def count():
        return rows  # closes over a shape: a Python int

    if count() < width:
        return jnp.pad(x, ((0, width - count()),))
    return x


@jax.jit
def rows_padded(x):
    return _padded_rows(x, 4)


def _check_stochastic(rows):
    # `any(...)` is True as soon as one row is a tracer: the check never runs in a trace
    if not any(isinstance(r, jax.core.Tracer) for r in rows):
        if not jnp.allclose(sum(r.sum() for r in rows), 1.0):
            raise ValueError("rows must sum to one")
    if all(not isinstance(r, jax.core.Tracer) for r in rows) and jnp.any(rows[0] < 0):
        raise ValueError("negative probabilities")
    return jnp.stack(rows)


@jax.jit
def mixed_rows(p):
    return _check_stochastic([p * jnp.ones(2) / 2, (1 - p) * jnp.ones(2) / 2])


@partial(staged, static_argnames=("flip",))
def flipped_by_keyword(x, flip):
    if flip:  # every call passes `flip` by keyword: static
        return -x
    return x


def flips_by_keyword(x):
    return flipped_by_keyword(x, flip=True) + flipped_by_keyword(x, flip=False)


@partial(tree_dataclass, aux_fields=..., frozen=True)
class Schedule:
    # every field in the aux data: no leaf, so under jit each field and property is a Python value
    sched_splits: tuple = ((0, 0.5), (1, 0.5))
    sched_warmup: int = 3

    @property
    def sched_first(self):
        return self.sched_splits[0][1] / max(self.sched_warmup, 1)


@jax.jit
def scheduled(x, schedule):
    scale = schedule.sched_first if schedule.sched_warmup > 0 else 1.0
    return x * sum(k for d, k in schedule.sched_splits if d != 0) * scale



@dataclasses.dataclass(frozen=True)
class StepProblem:
    step: object
    state0: object


def run_steps(fn_or_problem, state0=None, n_steps=None):
    # a problem object or a step function: `isinstance(<lambda>, StepProblem)` is False, so under
    # the vmap below `n_steps` is never read off the traced `state0`
    if isinstance(fn_or_problem, StepProblem):
        if n_steps is None:
            n_steps = state0
        step, state0 = fn_or_problem.step, fn_or_problem.state0
    else:
        step = fn_or_problem
    if n_steps <= 0:
        raise ValueError("n_steps must be > 0")
    return lax.fori_loop(0, n_steps, lambda _i, s: step(s), state0)


def sweep_steps(rates, state0, n_steps):
    return jax.vmap(lambda r, s0: run_steps(lambda s: s * r, s0, n_steps))(rates, state0)


@partial(jax.jit, static_argnames=("refine",))
def solve_images(w, refine=False, **params):
    if refine:  # static: hashed before the body runs, however the call fills it
        return w * 2.0
    return w * params["a"]


@jax.jit
def magnification(w, **params):
    return solve_images(w, **{**params, "a": 0.5 * params["s"]})


RAISES = [
    (lambda: bunch_pushed(Bunch(jnp.ones(2))), "TracerBoolConversionError"),
    (lambda: jitted_intervals(jnp.zeros(2), jnp.ones(2)), "TracerBoolConversionError"),
    (scale_both, "TracerBoolConversionError"),
    (lambda: captured_jax_array(jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: shift_by_keywords(jnp.ones(2), 1.0), "TracerBoolConversionError"),
    (rollout_with_flag_in_carry, "TracerBoolConversionError"),
    (rollout_checking_the_flag, "TracerBoolConversionError"),
    (lambda: masked_total(Masked(jnp.ones(2), jnp.array(True))), "TracerBoolConversionError"),
    (lambda: solve_and_report(jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: solve_and_check(jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: dict_entry({"scale": 2.0, "x": jnp.ones(2)}), "TracerBoolConversionError"),
    (lambda: constant_table(jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: through_an_alias(jnp.ones(3), 0, True), "TracerBoolConversionError"),
    (lambda: relu(jnp.float32(1.0)), "TracerBoolConversionError"),
    (lambda: normalize(jnp.ones(3), 0, True), "TracerBoolConversionError"),
    (lambda: pick(jnp.ones(2), jnp.zeros(2)), "TracerBoolConversionError"),
    (lambda: uses_helper(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: Model()(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: with_fori(jnp.float32(1.0)), "TracerBoolConversionError"),
    (lambda: elif_chain(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: comprehension_filter(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: match_on_a_traced_value(jnp.ones(3), 0), "TracerBoolConversionError"),
    (lambda: checked_by_a_loop(jnp.float32(1.0)), "TracerBoolConversionError"),
    (lambda: flipped_by_position(jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: rows_scaled(jnp.ones(2), 2.0), "TracerBoolConversionError"),
]


@jax.jit(static_argnames=("depth",))
def render_depth(data, scale, depth=False):
    # a jit of a partial of the decorated function calls it through its jit: `depth` static here
    # (fresh11_decorated_static_through_outer_jit.py)
    if not depth:
        return data * scale
    return jnp.concatenate([data, data]) * scale


def build_renderer(scale):
    return jax.jit(partial(render_depth, scale=scale))


def zipped_by_name(ids, xs):
    # a zip bound to a name keeps its positions: `j` is an element of the static `ids`
    # (fresh11_zip_bound_to_name.py)
    def step(carry, x):
        pairs = zip(ids, carry)
        out = x
        for j, c in pairs:
            if j > 0:
                out = out + c
        return carry, out

    return lax.scan(step, (jnp.ones(()), jnp.ones(())), xs)[1]


RUNS = [
    lambda: scheduled(jnp.ones(2), Schedule()),
    lambda: run_checked(jnp.ones(3)),
    lambda: sum_with_extras(jnp.float32(1.0)),
    lambda: validates_only_concrete_matrices(jnp.eye(2)),
    lambda: rows_padded(jnp.ones(2)),
    lambda: (mixed_rows(0.25), _check_stochastic([jnp.ones(2) / 4, jnp.ones(2) / 4])),
    lambda: jitted_unchecked_intervals(jnp.zeros(2), jnp.ones(2)),
    scale_python,
    lambda: captured_array_checks(jnp.ones(2)),
    lambda: vmapped_captured(jnp.ones(3)),
    lambda: keyword_names(jnp.ones(2), scale_a=2.0, bias=jnp.ones(2)),
    lambda: (rollout_with_flag_closed_over(False), rollout_with_flag_closed_over(True)),
    lambda: clamp_rows(jnp.ones((2, 3)), jnp.zeros(2), jnp.ones(2)),
    lambda: checks_only_concrete_values(jnp.ones(2)),
    lambda: solve_python_field(jnp.ones(2)),
    lambda: dict_keys_of_traced_values(jnp.ones(2), jnp.ones(2)),
    lambda: vmapped_constant(jnp.ones(3)),
    lambda: numpy_constant_table(jnp.ones(2)),
    lambda: alias_static(jnp.ones(3), axis=0),
    lambda: shape_checks(jnp.ones((4, 2))),
    lambda: static_flag(jnp.ones(3), training=True),
    lambda: static_by_position(jnp.ones(3), 3),
    lambda: select_instead(jnp.ones(3)),
    lambda: static_after_reassign(jnp.ones(3)),
    lambda: dict_keys({"x": jnp.ones(3), "mask": jnp.ones(3)}),
    lambda: not_jitted(1.0),
    lambda: grad_of(2.0),
    lambda: module_constant(jnp.ones(2)),
    lambda: make_scaler(2.0)(jnp.ones(2)),
    lambda: pytree_fields(TrainState(jnp.ones(2))),
    lambda: scan_with_default(jnp.ones(3)),
    lambda: partial_kwargs(jnp.ones((2, 3))),
    lambda: isinstance_and_early_return(jnp.ones(2), jnp.ones(2)),
    lambda: tree_leaves_truth({"w": jnp.ones(2)}),
    lambda: type_and_getattr(jnp.ones(2)),
    lambda: _search(3, jnp.ones(2), True),
    lambda: checks_when_it_can(jnp.ones(2), 0.5),
    lambda: vmapped_default(jnp.ones(3)),
    lambda: rebinds_a_partial(jnp.ones(2)),
    lambda: match_on_a_static_value(jnp.ones(2), "double"),
    lambda: match_on_a_static_value(jnp.ones(2), "none", jnp.ones(2)),
    lambda: starred_none_axes(jnp.ones(3)),
    lambda: jax.jit(starred_none_axes)(jnp.ones(3)),  # the tables are built inside: still NumPy
    lambda: shape_checked_by_a_loop(jnp.ones(3)),
    lambda: build_renderer(2.0)(jnp.ones(2)),
    lambda: zipped_by_name((0, 1), jnp.ones(3)),
    lambda: sweep_steps(jnp.array([0.5, 0.9]), jnp.ones((2, 3)), 4),
    lambda: magnification(jnp.ones(3), s=1.0),
]
