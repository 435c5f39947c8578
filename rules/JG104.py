"""JG104 traced-concretization: examples that must and must not be flagged."""

import dataclasses
import operator
from functools import partial
from typing import Optional

import math
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg
import scipy.stats

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def to_python_float(x):
    return float(x.sum())  # expect: JG104


@jax.jit
def learning_rate(params, lr):
    scale = int(lr * 100)  # expect: JG104
    return params * scale


@jax.jit
def read_item(x):
    return x.max().item()  # expect: JG104


@jax.jit
def numpy_ufunc(x):
    return np.exp(x)  # expect: JG104


@jax.jit
def numpy_stack(x, y):
    return np.stack([x, y])  # expect: JG104


@jax.jit
def numpy_lexsort(keys):
    # every NumPy and SciPy function that converts its argument (probed under jit)
    return np.lexsort(keys)  # expect: JG104


@jax.jit
def scipy_matrix_exponential(m):
    return scipy.linalg.expm(m)  # expect: JG104


@jax.jit
def scipy_distribution(x):
    return scipy.stats.norm.cdf(x)  # expect: JG104


@jax.jit
def numpy_array_equal(x, y):
    # NumPy catches the conversion error and answers False: this fails for equal arrays
    assert np.array_equal(x, y)  # expect: JG104
    return x


@jax.jit
def traced_range(x, n):
    total = x
    for i in range(n):  # expect: JG104
        total = total + i
    return total


LAYER_SIZES = [4, 8, 16]


@jax.jit
def index_python_list(x, i):
    return x * LAYER_SIZES[i]  # expect: JG104


@jax.jit
def index_tuple(x, i):
    table = (1.0, 2.0, 3.0)
    return x * table[i]  # expect: JG104


@jax.jit
def as_bool(flag):
    return bool(flag)  # expect: JG104


@jax.jit
def as_index(i):
    return operator.index(i)  # expect: JG104


@jax.jit
def math_module(x):
    return math.sqrt(x)  # expect: JG104


@jax.jit
def math_combinations(n):
    # every math/cmath function that reads a number (probed under jit): math.comb, math.gcd, ...
    return math.comb(n, 2)  # expect: JG104


TABLE = {0: 1.0, 1: 2.0}


@jax.jit
def dict_lookup(k):
    return TABLE[k]  # expect: JG104


@jax.jit
def dict_get(k):
    return TABLE.get(k, 0.0)  # expect: JG104


@jax.jit
def dict_membership(k):
    known = k in TABLE  # expect: JG104
    return jnp.float32(known)


@jax.jit
def dict_by_static_key(x):
    # keys that are Python values (a shape, a string) hash fine
    return x * TABLE.get(x.shape[0] - 2, 0.0) + ("scale" in {"scale": 1.0})


@jax.jit
def formatted(loss):
    return f"{loss:.4f}"  # expect: JG104


@jax.jit
def traced_axis(x, axis):
    return x.sum(axis) + jnp.take(x, 0, axis=axis)  # expect: JG104


@jax.jit
def traced_decimals(x, decimals):
    # an integer parameter JAX needs static that leaves the shape alone (also jnp.triu's k,
    # lax.sort's dimension); one that sets the shape (lax.top_k's k, jnp.diff's n) is JG105's
    return jnp.round(x, decimals)  # expect: JG104


@jax.jit
def traced_k_through_partial(m, k):
    upper = partial(jnp.triu, k=k)
    return upper(m)  # expect: JG104


@jax.jit
def traced_kth(m, kth):
    # the same for jax.Array's methods: x.argpartition(kth), x.round(decimals)
    return m.argpartition(kth)  # expect: JG104


@jax.jit
def traced_restart(a, b, restart):
    # and for jax.scipy's functions: gmres's restart, map_coordinates' order, expm's max_squarings
    return jax.scipy.sparse.linalg.gmres(a, b, restart=restart)[0]  # expect: JG104


@jax.jit
def traced_axis_through_partial(x, axis):
    reduce = partial(jnp.max, axis=axis)
    return reduce(x)  # expect: JG104


def loss_with_float(w):
    scale = float(w.sum())  # expect: JG104
    return w.sum() * scale


@jax.grad
def numpy_under_grad(w):
    return np.sin(w).sum()  # expect: JG104


def grad_without_jit(w):
    return jax.grad(loss_with_float)(w)


class Repeated:
    def __init__(self, x, n):
        self.x = x
        # built inside jit: __init__ runs on the tracers passed
        self.n = int(n)  # expect: JG104


@jax.jit
def build_repeated(x, n):
    return Repeated(x, n).x


def pick_pairs(x):
    pairs = []
    for j in range(2):
        pairs.append(j)

    def one(n):
        return x[pairs[n]]  # expect: JG104

    return jax.vmap(one)(jnp.arange(2))


@jax.custom_jvp
def power(z, n):
    return z ** int(n)  # expect: JG104


power.defjvp(lambda primals, tangents: (power(*primals), tangents[0]))


@partial(jax.jit, static_argnums=1)
def static_power(z, n):
    return power(z, n)  # custom_jvp traces `n` anyway: only nondiff_argnums keeps it a Python value


def _stack_inputs(inputs, names):
    if isinstance(inputs, dict):  # a dict of the traced inputs: its items are tracers
        return np.stack([inputs[k] for k in names])  # expect: JG104
    return inputs


@jax.jit
def stacked_from_dict(a, b):
    return _stack_inputs({"a": a, "b": b}, ("a", "b")).sum() + _stack_inputs(jnp.stack([a, b]), ()).sum()


@dataclasses.dataclass(frozen=True)
class Budget:
    size: int
    limit: Optional[int] = None


def _fill_to(x, size=None):
    if size is None:  # partial binds `budget.limit`, which may be None: this runs in the cond
        size = int(jnp.sum(x > 0))  # expect: JG104
    return x[:size]


def fill_to_limit(x, budget):
    return jax.lax.cond(x.sum() > 0, partial(_fill_to, size=budget.limit), lambda v: v[:2], x)


def total_count(counts):
    xp = jnp  # an alias of jax.numpy: xp.sum is jnp.sum
    return int(xp.sum(counts))  # expect: JG104


@jax.jit
def padded_to_total(counts):
    return jnp.zeros(4) + total_count(counts)


@jax.tree_util.register_pytree_node_class
class ModeTable:
    def __init__(self, modes, weights):
        self.modes = modes  # a NumPy array at every construction, and a child: a traced leaf under jit
        self.weights = weights

    def tree_flatten(self):
        return (self.modes,), (self.weights,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux[0])


def sorted_modes(table):
    return np.sort(np.asarray(table.modes))  # expect: JG104


@jax.jit
def mode_energy(x, table):
    return x * jnp.sum(sorted_modes(table))


@jax.jit
def weighted_energy(x, table):
    return x * np.sum(np.asarray(table.weights))  # aux data: still the NumPy array it was


# --- must not be flagged ---------------------------------------------------------------------


def _fill(x, size=None):
    if size is None:  # partial binds `budget.size`, an `int` field: never None in the cond
        size = int(jnp.sum(x > 0))
    return x[:size]


def fill_to_size(x, budget):
    fill = partial(_fill, size=budget.size)
    return jax.lax.cond(x.sum() > 0, fill, lambda v: v[: budget.size], x)


def _stack_inputs_jnp(inputs, names):
    if isinstance(inputs, dict):
        return jnp.stack([inputs[k] for k in names])
    return inputs


def _settings_table(settings, names):
    if isinstance(settings, dict):
        return np.asarray([settings[k] for k in names])  # Python numbers: NumPy is fine
    return np.asarray(settings)


def _first_or_mixed(entries, key):
    if isinstance(entries, dict):
        return np.asarray(entries[key])  # "n" is a Python int: the items are not all tracers
    return entries


@jax.jit
def stacked_with_jnp(a, b):
    scale = _settings_table({"lo": 0.5, "hi": 2.0}, ("lo", "hi"))
    count = _first_or_mixed({"a": a, "n": 3}, "n")
    return _stack_inputs_jnp({"a": a, "b": b}, ("a", "b")) * scale[0] * count + _stack_inputs_jnp(a, ())


def loss_with_int(w, k):
    # under grad alone (no jit) bool(), `if`, int() and .item() of the tracer run
    if w.sum() > 0:
        return w.sum() * int(w.sum()) * w.max().item() * [1.0, 2.0][int(k)]
    return w.sum()


def loss_of_arg_one(w, b):
    return (w * b).sum() * float(w.sum())  # argnums=1: `w` is the value passed, not a tracer


class RepeatedStatic:
    def __init__(self, x, n):
        self.x = x
        self.n = int(n)


@partial(jax.jit, static_argnums=1)
def build_repeated_static(x, n):
    built = RepeatedStatic(x, n)
    return jnp.tile(built.x, built.n)


def pick_pairs_array(x):
    pairs = jnp.asarray([j for j in range(2)])

    def one(n):
        return x[pairs[n]]

    return jax.vmap(one)(jnp.arange(2))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def power_nondiff(z, n):
    return z ** int(n)


power_nondiff.defjvp(lambda n, primals, tangents: (power_nondiff(primals[0], n), tangents[0]))


@partial(jax.jit, static_argnums=1)
def static_power_nondiff(z, n):
    return power_nondiff(z, n)


def grads_without_jit(w):
    return jax.grad(loss_with_int)(w, 1.0), jax.grad(loss_of_arg_one, argnums=1)(w, w)




@jax.jit
def numpy_that_dispatches(x):
    # np.sum/np.mean/np.reshape call the array's own method, which works on tracers
    return np.sum(x), np.mean(x), np.reshape(x, (-1,)), abs(x), np.shape(x)


@jax.jit
def scipy_on_constants(m):
    # SciPy on a NumPy constant runs once, at trace time; jax.scipy works on traced values
    rotation = scipy.linalg.expm(np.array([[0.0, 1.0], [-1.0, 0.0]]))
    return jax.scipy.linalg.expm(m) @ jnp.asarray(rotation) + jax.scipy.stats.norm.cdf(m)


@jax.jit
def compare_arrays(x, y):
    # np.array_equal of NumPy constants answers at trace time; jnp.array_equal is traced
    assert np.array_equal(np.arange(3), np.arange(3))
    return jnp.where(jnp.array_equal(x, y), x, y)


@jax.jit
def static_conversions(x):
    n = int(x.shape[0])
    total = x
    for i in range(x.shape[0]):
        total = total + i
    return total * float(len(x)) * n


@partial(jax.jit, static_argnames=("n",))
def static_range(x, n):
    for i in range(n):
        x = x + i
    return x


@jax.jit
def index_array_table(x, i):
    table = jnp.asarray([1.0, 2.0, 3.0])
    return x * table[i]


@jax.jit
def index_shape(x):
    return x.shape[0] + x.shape[-1]


def outside_jit(x):
    return float(np.exp(x).sum()), x.max().item()


def _over_rows(fn, rows):
    return [fn(r) for r in rows]


def _row_mean(r):
    return jnp.mean(r)


def _row_counts(r):
    return np.histogram(np.asarray(r), bins=2)[0]  # passed only by the eager call below


@jax.jit
def row_means(x):
    return jnp.stack(_over_rows(_row_mean, x))


def row_counts(x):
    return _over_rows(_row_counts, x)  # eager: NumPy on concrete rows


class Levels:
    def __init__(self, n):
        self.values = np.linspace(0.0, 1.0, n)

    def total(self, order):
        def body(acc, k):
            return acc + self.values[k], None  # a traced leaf under jit: the class is registered below
        return jax.lax.scan(body, 0.0, order)[0]


def _levels_unflatten(aux, children):
    levels = object.__new__(Levels)
    levels.values = children[0]
    return levels


jax.tree_util.register_pytree_node(Levels, lambda levels: ((levels.values,), None), _levels_unflatten)


@jax.jit
def level_total(levels, order):
    return levels.total(order)



@jax.jit
def math_on_static(x):
    label = f"{x} with {x.shape[0]:d} rows"  # no format spec on the tracer itself: fine
    assert label
    return x * math.sqrt(x.shape[0]) + math.pi + TABLE[0] + math.comb(x.shape[0], 2)


@partial(jax.jit, static_argnames=("axis",))
def static_axis(x, axis, shift):
    reduce = partial(jnp.max, axis=axis)
    return x.min(axis), np.sum(x, axis), jnp.roll(x, shift, axis=axis), reduce(x)  # a traced `shift` is fine


@partial(jax.jit, static_argnames=("decimals",))
def static_decimals(x, decimals, edges):
    # decimals static; histogram's bins may be traced edges (an array), not only a count
    return jnp.round(x, decimals), jnp.histogram(x, edges)


@partial(jax.jit, static_argnames=("k",))
def static_k_through_partial(m, k):
    upper = partial(jnp.triu, k=k)
    return upper(m)


@partial(jax.jit, static_argnames=("restart",))
def static_restart(a, b, restart):
    return jax.scipy.sparse.linalg.gmres(a, b, restart=restart)[0]


@partial(jax.jit, static_argnames=("kth",))
def static_kth(m, kth, shift):
    return m.argpartition(kth), m.round(2).diagonal(), jnp.roll(m, shift)  # a traced `shift` is fine



_OFFSETS = jnp.array([0.5, 1.5])  # a concrete JAX array, built once at import
_GAIN = jnp.array(2.0)


@jax.jit
def captured_array_to_python(x):
    return x * float(_OFFSETS[1])  # expect: JG104


@jax.jit
def captured_scalar_to_python(x):
    return x * float(_GAIN) + _OFFSETS.tolist()[0]  # the captured array itself is concrete



def static_count(x):
    xp = np  # an alias of NumPy, on a static shape: a Python int under jit
    return int(xp.prod(x.shape))


@jax.jit
def flattened_by_alias(x):
    return x.reshape(static_count(x))


class Stack(eqx.Module):
    weight: jax.Array
    depth: int  # not marked static: a leaf for jax.jit, a Python value for eqx.filter_jit


@jax.jit
def apply_stack(stack, x):
    for _ in range(stack.depth):  # expect: JG104
        x = x @ stack.weight
    return x


@eqx.filter_jit
def apply_stack_filtered(stack, x):
    for _ in range(stack.depth):  # filter_jit traces array leaves only: `depth` stays an int
        x = x @ stack.weight
    return x


def run_stacks():
    stack = Stack(jnp.eye(2), 3)
    return apply_stack(stack, jnp.ones(2)), apply_stack_filtered(Stack(jnp.eye(2), 3), jnp.ones(2))


def run_filtered_stack():
    return apply_stack_filtered(Stack(jnp.eye(2), 3), jnp.ones(2))


# --- lax.scan's unroll factor: a value JAX needs concrete (jaxsig.STATIC_INTS) ----------------


@jax.jit
def unrolled_scan(x, n):
    return jax.lax.scan(lambda c, z: (c + 1.0, z), x, None, length=4, unroll=n)  # expect: JG104


@partial(jax.jit, static_argnames="n")
def unrolled_scan_static(x, n):
    return jax.lax.scan(lambda c, z: (c + 1.0, z), x, None, length=4, unroll=n)


RAISES = [
    (lambda: unrolled_scan(1.0, 2), "ConcretizationTypeError"),
    (run_stacks, "TracerIntegerConversionError"),
    (lambda: padded_to_total(jnp.array([1, 2])), "ConcretizationTypeError"),
    (lambda: fill_to_limit(jnp.ones(3), Budget(2)), "ConcretizationTypeError"),
    (lambda: stacked_from_dict(jnp.ones(2), jnp.zeros(2)), "TracerArrayConversionError"),
    (lambda: captured_array_to_python(jnp.ones(2)), "ConcretizationTypeError"),
    (lambda: grad_without_jit(jnp.ones(2)), "ConcretizationTypeError"),
    (lambda: numpy_under_grad(jnp.ones(2)), "TracerArrayConversionError"),
    (lambda: static_power(2.0, 3), "ConcretizationTypeError"),
    (lambda: pick_pairs(jnp.ones(2)), "TracerIntegerConversionError"),
    (lambda: build_repeated(jnp.ones(2), 2), "ConcretizationTypeError"),
    (lambda: traced_axis(jnp.ones((2, 2)), 0), "ConcretizationTypeError"),
    (lambda: traced_decimals(jnp.arange(4.0), 2), "ValueError"),
    (lambda: traced_axis_through_partial(jnp.ones((2, 2)), 0), "ConcretizationTypeError"),
    (lambda: math_module(jnp.float32(2.0)), "ConcretizationTypeError"),
    (lambda: dict_lookup(1), "TypeError"),
    (lambda: dict_get(1), "TypeError"),
    (lambda: dict_membership(1), "TypeError"),
    (lambda: formatted(jnp.float32(1.0)), "TypeError"),
    (lambda: to_python_float(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: learning_rate(jnp.ones(2), 0.1), "ConcretizationTypeError"),
    (lambda: read_item(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: numpy_ufunc(jnp.ones(3)), "TracerArrayConversionError"),
    (lambda: numpy_stack(jnp.ones(3), jnp.ones(3)), "TracerArrayConversionError"),
    (lambda: numpy_lexsort(jnp.ones((2, 3))), "TracerArrayConversionError"),
    (lambda: traced_kth(jnp.eye(3), 1), "ValueError"),
    (lambda: traced_restart(jnp.eye(3), jnp.ones(3), 2), "TracerBoolConversionError"),
    (lambda: math_combinations(jnp.int32(4)), "TracerIntegerConversionError"),
    (lambda: traced_k_through_partial(jnp.eye(3), 1), "ValueError"),
    (lambda: scipy_matrix_exponential(jnp.eye(2)), "TracerArrayConversionError"),
    (lambda: scipy_distribution(jnp.ones(3)), "TracerArrayConversionError"),
    (lambda: numpy_array_equal(jnp.ones(2), jnp.ones(2)), "AssertionError"),
    (lambda: traced_range(jnp.float32(0), 3), "TracerIntegerConversionError"),
    (lambda: index_python_list(jnp.ones(2), 1), "TracerIntegerConversionError"),
    (lambda: index_tuple(jnp.ones(2), 1), "TracerIntegerConversionError"),
    (lambda: as_bool(jnp.bool_(True)), "TracerBoolConversionError"),
    (lambda: as_index(jnp.int32(1)), "TracerIntegerConversionError"),
    (lambda: mode_energy(jnp.ones(2), ModeTable(np.array([2, 0, 1]), np.array([1.0, 2.0]))), "TracerArrayConversionError"),
]


def scatter_max_of_mask(grid, idx, on):
    # x.at[i].max(v) / .min(v) are scatter updates: v is the values, not an axis (JAX 0.10.2: runs
    # under vmap with traced indices and mask; tests/precision_cases/fresh11_scatter_max_values.py)
    def one(i, mask):
        return grid.at[idx + i].max(mask), grid.astype(jnp.float32).at[idx].min(mask.astype(jnp.float32) * i)

    return jax.vmap(one)(jnp.arange(2), jnp.stack([on, ~on]))


def _roster_checked(active, valid=None):
    # `not any(isinstance(v, Tracer) for v in (a, b))`: none of the tuple's names is a tracer
    # there (fresh11_tracer_guard_over_literal_tuple.py)
    if not any(isinstance(v, jax.core.Tracer) for v in (active, valid)):
        selected = np.ones(np.asarray(active).shape[0], bool) if valid is None else np.asarray(valid)
        if not np.all(np.asarray(active)[selected]):
            raise ValueError("inactive selected row")
    return jnp.where(active, 1.0, 0.0)


RUNS = [
    lambda: unrolled_scan_static(1.0, 2),
    run_filtered_stack,
    lambda: jax.jit(_roster_checked)(jnp.ones(2, dtype=bool), jnp.ones(2, dtype=bool)),
    lambda: _roster_checked(np.ones(2, dtype=bool)),
    lambda: flattened_by_alias(jnp.ones((2, 3))),
    lambda: fill_to_size(jnp.ones(3), Budget(2)),
    lambda: stacked_with_jnp(jnp.ones(2), jnp.zeros(2)),
    lambda: captured_scalar_to_python(jnp.ones(2)),
    lambda: grads_without_jit(jnp.ones(2)),
    lambda: (static_power_nondiff(2.0, 3), power(2.0, 3)),
    lambda: pick_pairs_array(jnp.ones(2)),
    lambda: build_repeated_static(jnp.ones(2), 2),
    lambda: static_axis(jnp.ones((2, 2)), axis=0, shift=1),
    lambda: static_decimals(jnp.arange(4.0), 2, jnp.array([0.0, 2.0, 4.0])),
    lambda: math_on_static(jnp.ones(4)),
    lambda: dict_by_static_key(jnp.ones(3)),
    lambda: numpy_that_dispatches(jnp.ones((2, 2))),
    lambda: scipy_on_constants(jnp.eye(2)),
    lambda: compare_arrays(jnp.ones(2), jnp.ones(2)),
    lambda: static_kth(jnp.eye(3), 1, 1),
    lambda: static_restart(jnp.eye(3), jnp.ones(3), restart=2),
    lambda: static_k_through_partial(jnp.eye(3), 1),
    lambda: static_conversions(jnp.ones(3)),
    lambda: static_range(jnp.ones(2), n=3),
    lambda: index_array_table(jnp.ones(2), 1),
    lambda: index_shape(jnp.ones((2, 3))),
    lambda: outside_jit(np.ones(3)),
    lambda: (row_means(jnp.ones((2, 3))), row_counts(jnp.ones((2, 3)))),
    lambda: level_total(Levels(5), jnp.arange(3)),
    lambda: weighted_energy(jnp.ones(2), ModeTable(np.array([2, 0, 1]), np.array([1.0, 2.0]))),
    lambda: scatter_max_of_mask(jnp.zeros(4, dtype=bool), jnp.array([0, 1]), jnp.array([True, False])),
]
