"""JG302 loop-varying-static-argument: examples that must and must not be flagged."""

import dataclasses
import enum
import itertools
from functools import partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("lr",))
def sgd(w, g, lr):
    return w - lr * g


@partial(jax.jit, static_argnums=(1,))
def power(x, k):
    return x**k


# --- must be flagged -------------------------------------------------------------------------


def schedule_as_static(n):
    w = jnp.ones(3)
    for step in range(n):
        lr = 0.1 / (1 + step)
        w = sgd(w, jnp.ones(3), lr=lr)  # expect: JG302
    return w


def loop_index_as_static(n):
    return [power(jnp.ones(2), i) for i in range(n)]  # expect: JG302


def static_entry_of_a_rebuilt_tuple(n):
    # the tuple's entry at the static position is itself the loop's value: one compile per step
    w = jnp.ones(3)
    for step in range(n):
        args = (jnp.ones(3), 0.1 / (1 + step))
        w = sgd(w, *args)  # expect: JG302
    return w


def power_of(x, k):
    # a helper passing `k` on to the static position: JAX compiles here, once per distinct `k`
    return power(x, k)  # expect: JG302


def loop_index_through_a_helper(n):
    return [power_of(jnp.ones(3), i) for i in range(n)]


def while_counter(n):
    x, k = jnp.ones(2), 1
    while k <= n:
        x = power(x, k)  # expect: JG302
        k += 1
    return x


class Schedule:  # no __eq__/__hash__: equal only to itself
    def __init__(self, rate):
        self.rate = rate


@partial(jax.jit, static_argnames=("schedule",))
def scaled(x, schedule):
    return x * schedule.rate


def new_static_object_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = scaled(x, schedule=Schedule(0.5))  # expect: JG302
    return x


class Optimizer(NamedTuple):  # compares by its fields: here closures, which compare by identity
    update: Callable


def make_optimizer(rate):
    def update(g):
        return -rate * g

    return Optimizer(update)


@partial(jax.jit, static_argnums=0)
def apply_update(opt, w, g):
    return w + opt.update(g)


def optimizer_rebuilt_each_step(n):
    w = jnp.ones(3)
    for _ in range(n):
        opt = make_optimizer(0.1)
        w = apply_update(opt, w, jnp.ones(3))  # expect: JG302
    return w


def fit_with_a_new_optimizer():
    opt = make_optimizer(0.1)  # once per call of this function, which `refit` runs again and again
    w = jnp.ones(3)
    for _ in range(2):
        w = apply_update(opt, w, jnp.ones(3))  # expect: JG302
    return w


def refit(n):
    return [fit_with_a_new_optimizer() for _ in range(n)]


class Model:
    def __init__(self, fn):
        self.forward = jax.jit(fn)  # a new jitted function per instance: equal only to itself


@partial(jax.jit, static_argnums=1)
def apply_model(x, forward):
    return forward(x)


def model_rebuilt_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        model = Model(jnp.sin)
        x = apply_model(x, model.forward)  # expect: JG302
    return x


class Squash:  # no __eq__/__hash__: equal only to itself
    def __call__(self, x):
        return jnp.tanh(x)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Layer:
    w: jax.Array
    squash: Callable = dataclasses.field(metadata=dict(static=True))  # metadata: in the tree structure


@jax.jit
def apply_layer(layer, x):  # `layer` is traced: its `squash` field is part of its tree structure
    return layer.squash(x * layer.w)


def build_layer(scale):
    return Layer(jnp.full(3, scale), Squash())


def layers_rebuilt_each_step(n):
    return [apply_layer(build_layer(float(k)), jnp.ones(3)) for k in range(n)]  # expect: JG302


def layers_with_a_new_lambda(n):
    out = []
    for k in range(n):
        out.append(apply_layer(Layer(jnp.full(3, float(k)), lambda x: x * 2.0), jnp.ones(3)))  # expect: JG302
    return out


@jax.tree_util.register_pytree_node_class
class Scaled:
    def __init__(self, values, scale):
        self.values = values
        self.scale = scale

    def tree_flatten(self):
        return (self.values,), self.scale  # the scale is aux data: part of the tree structure

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)


@jax.jit
def rescale(m):
    return m.values / m.scale


def scale_in_metadata_per_step(n):
    out = []
    for k in range(n):
        out.append(rescale(Scaled(jnp.ones(3), 1.0 + k)))  # expect: JG302
    return out


def tree_partial_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        fn = jax.tree_util.Partial(jnp.sin)  # a functools.partial subclass: compares by identity
        x = apply_model(x, fn)  # expect: JG302
    return x


class Sampler:
    def __init__(self, scale):
        self.scale = scale

    def energy(self, x):
        # a def nested in a method is a new function object on every call of the method
        def weight(v):
            return v * self.scale

        return apply_model(x, weight)  # expect: JG302


def sampler_steps(n):
    sampler = Sampler(2.0)
    return [sampler.energy(jnp.ones(2)) for _ in range(n)]


class bind_as_partial:
    """A method descriptor of our own: `obj.method` gives a new `partial(method, obj)` each time."""

    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, objtype=None):
        if obj is not None:
            return partial(self.fn, obj)  # compares by identity
        return self.fn


class Doubler:
    @bind_as_partial
    def run(self, x):
        return x * 2.0

    def plain(self, x):  # a plain bound method compares equal to the next one: same cache entry
        return x * 2.0


doubler = Doubler()


def descriptor_method_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = apply_model(x, doubler.run)  # expect: JG302
    return x


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Tile:
    slot: int = dataclasses.field(metadata={"static": True})  # metadata: part of the tree structure
    side: jax.Array = dataclasses.field(default_factory=lambda: jnp.ones(()))

    @staticmethod
    @jax.jit
    def scaled_area(tile, k):
        return k * tile.side**2


def tiles_per_slot(n):
    out, slot = [], 0
    while slot < n:
        tile = Tile(slot)
        out.append(tile.scaled_area(tile, 2.0))  # expect: JG302
        out.append(Tile.scaled_area(Tile(slot=slot, side=jnp.asarray(3.0)), 1.0))  # expect: JG302
        slot += 1
    return out


@jax.jit
def norm_of(point):
    return jnp.sqrt(point.x @ point.x)


def make_point(x):
    class Point(NamedTuple):  # a class statement run at each call: a new class object each time
        x: jax.Array

    return Point(x)


def points_per_step(n):
    return [norm_of(make_point(jnp.ones(2) * k)) for k in range(n)]  # expect: JG302


def static_read_from_a_growing_list(n):
    # the list's last entry is the one appended at this step: a new value, one compile each
    sizes = [1]
    outs = []
    for k in range(n):
        sizes.append(k + 2)
        outs.append(power(jnp.ones(2), sizes[-1]))  # expect: JG302
    return outs


@partial(jax.jit, static_argnames=("axis",))
def roll_diff(x, axis):
    return jnp.roll(x, 1, axis=axis) - x


def _axis_sums(ndim):
    # also called below from plain Python, in a loop: there each axis compiles `roll_diff` again
    w = jnp.ones((3,) * ndim)
    for axis in range(1, ndim + 1):
        w = w + roll_diff(w, axis=axis - 1)  # expect: JG302
    return w


@partial(jax.jit, static_argnames=("ndim",))
def summed(x, ndim):
    return x * _axis_sums(ndim)


def helper_also_called_eagerly(n):
    return [_axis_sums(k) for k in range(1, n + 1)]


# --- must not be flagged ---------------------------------------------------------------------


def scale_in_metadata_alternating(n):
    return [rescale(Scaled(jnp.ones(3) * k, 1.0 + k % 2)) for k in range(n)]


_SCHEDULE = Schedule(0.5)


def one_static_object(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = scaled(x, schedule=_SCHEDULE)
    return x


def constant_through_a_helper(n):
    return [power_of(jnp.ones(3), 2) for _ in range(n)]


def constant_static(n):
    w = jnp.ones(3)
    for _ in range(n):
        w = sgd(w, jnp.ones(3), lr=0.1)
    return w


def warm_up_fixed_modes(n):
    outs = []
    for k in (1, 2, 3):
        outs.append(power(jnp.ones(2), k))
    return outs, n


def warm_up_over_a_literal_range(n):
    # range(1, 4) written in the code: 3 values, 3 compiles however long the program runs (a
    # literal range of more than loops.FEW_VALUES values is still reported)
    return [power(jnp.ones(2), k) for k in range(1, 4)], n


def bounded_parity(n):
    return [power(jnp.ones(2), i % 2) for i in range(n)]


class Mode(enum.Enum):
    TRAIN = 1
    EVAL = 2


@partial(jax.jit, static_argnames=("k", "mode"))
def power_in_mode(x, k, mode):
    return x**k if mode is Mode.TRAIN else -(x**k)


def sweep_of_fixed_settings(n):
    # every (k, mode) pair of a fixed grid: 4 compiles, however many steps follow
    outs = [power_in_mode(jnp.ones(2), k, mode) for k, mode in itertools.product((1, 2), Mode)]
    for mode in Mode:
        outs.append(power_in_mode(jnp.ones(2), 1, mode))
    return outs, n


@jax.jit
def sgd_traced(w, g, lr):
    return w - lr * g


def schedule_as_traced(n):
    w = jnp.ones(3)
    for step in range(n):
        w = sgd_traced(w, jnp.ones(3), 0.1 / (1 + step))
    return w


_OPT = make_optimizer(0.1)


def optimizer_built_once(n):
    w = jnp.ones(3)
    for _ in range(n):
        w = apply_update(_OPT, w, jnp.ones(3))
    return w


def fit_with_the_shared_optimizer():
    w = jnp.ones(3)
    for _ in range(2):
        w = apply_update(_OPT, w, jnp.ones(3))
    return w


def refit_shared(n):
    return [fit_with_the_shared_optimizer() for _ in range(n)]


def one_optimizer_per_setting(n):
    # two rates, two optimizers, two compiles: however many steps follow
    outs = [apply_update(make_optimizer(rate), jnp.ones(3), jnp.ones(3)) for rate in (0.1, 0.2)]
    return outs, n


_SIN = jax.jit(jnp.sin)


class SharedModel:
    def __init__(self):
        self.forward = _SIN  # the same jitted function for every instance


def model_rebuilt_sharing_forward(n):
    x = jnp.ones(2)
    for _ in range(n):
        model = SharedModel()
        x = apply_model(x, model.forward)
    return x


@jax.jit
def apply_traced(x, forward):  # a Partial is a pytree: traced, its function is in the treedef
    return forward(x)


def tree_partial_traced_or_made_once(n):
    x = jnp.ones(2)
    once = jax.tree_util.Partial(jnp.sin)
    for _ in range(n):
        x = apply_model(x, once) + apply_traced(x, jax.tree_util.Partial(jnp.sin))
    return x


def sweep_kept_in_variables(n, quick=False):
    # a tuning sweep over a product of literal tuples kept in variables: a fixed grid
    if quick:
        ks = (1,)
    else:
        ks = (1, 2)
    grid = itertools.product(ks, Mode)
    outs = [power_in_mode(jnp.ones(2), k, mode) for k, mode in grid]
    return outs, n


def warm_up_default_powers(n, ks=(1, 2)):
    # `ks` is a literal default no call passes: a loop over two values
    outs = [power(jnp.ones(2), k) for k in ks]
    return outs, n


@partial(jax.jit, static_argnums=1)
def top_rows(w, rows):
    return w[:rows].sum()


def per_weight(params, n):
    # static values read from the shapes of a structure's entries: one compile per distinct shape
    out = []
    for _ in range(n):
        for name, w in params.items():
            out.append(top_rows(w, w.shape[0] // 2))
    return out


def static_from_shapes_of_a_structure(n):
    return per_weight({"a": jnp.ones((4, 2)), "b": jnp.ones((2, 2))}, n)


def per_key(params, n):
    # the same through the keys: entries popped by key, a static value from their metadata
    out = []
    for _ in range(n):
        weights = dict(params)
        for key in list(weights.keys()):
            w = weights.pop(key)
            axis = len(w.shape) - 1
            out.append(top_rows(w, w.shape[axis]))
    return out


def static_from_metadata_by_key(n):
    return per_key({"a": jnp.ones((4, 2)), "b": jnp.ones((2, 3))}, n)


SQUASH = Squash()


def build_layer_sharing_squash(scale):
    return Layer(jnp.full(3, scale), SQUASH)


def layers_sharing_one_squash(n):
    return [apply_layer(build_layer_sharing_squash(float(k)), jnp.ones(3)) for k in range(n)]


def layers_with_a_module_function(n):
    return [apply_layer(Layer(jnp.full(3, float(k)), jnp.tanh), jnp.ones(3)) for k in range(n)]


def layer_built_once(n):
    layer = build_layer(1.0)
    return [apply_layer(layer, jnp.ones(3) * k) for k in range(n)]


class SamplerKeepingItsWeight:
    def __init__(self, scale):
        self.scale = scale

        def weight(v):
            return v * scale

        self.weight = weight  # made once per instance

    def energy(self, x):
        return apply_model(x, self.weight)


def sampler_keeping_its_weight_steps(n):
    sampler = SamplerKeepingItsWeight(2.0)
    return [sampler.energy(jnp.ones(2)) for _ in range(n)]


def nested_def_made_once_per_run(n):
    # one nested def per run of this function, which runs once: its loop passes the same object
    def weight(v):
        return v * 2.0

    x = jnp.ones(2)
    for _ in range(n):
        x = apply_model(x, weight)
    return x


def descriptor_method_read_once(n):
    run = doubler.run  # one Partial, passed every time
    x = jnp.ones(2)
    for _ in range(n):
        x = apply_model(x, run)
    return x


class bind_once:
    """A descriptor that keeps the Partial it makes on the instance: later reads find that one."""

    def __init__(self, method):
        self.method = method

    def __get__(self, instance, owner):
        if instance is None:
            return self.method
        bound = jax.tree_util.Partial(self.method, instance)
        instance.__dict__[self.method.__name__] = bound
        return bound


class CachedDoubler:
    @bind_once
    def run(self, x):
        return x * 2.0


cached_doubler = CachedDoubler()


def cached_descriptor_method_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = apply_model(x, cached_doubler.run)
    return x


def plain_method_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = apply_model(x, doubler.plain)
    return x


class SharedPoint(NamedTuple):  # one class, made once: one tree structure
    x: jax.Array


def make_shared_point(x):
    return SharedPoint(x)


def points_of_one_class(n):
    return [norm_of(make_shared_point(jnp.ones(2) * k)) for k in range(n)]


def tiles_in_two_slots(n):
    out = []
    for k in range(n):
        for slot in (0, 1):  # a bounded literal set of metadata values: two programs
            tile = Tile(slot, jnp.asarray(float(k)))
            out.append(tile.scaled_area(tile, 2.0))
    return out


def _axis_weights(ndim):
    # called only from the jitted `smoothed` (in any module: the proof is across the checked tree):
    # each `roll_diff` call is part of that trace and compiles nothing of its own
    w = jnp.ones((3,) * ndim)
    for axis in range(1, ndim + 1):
        w = w + roll_diff(w, axis=axis - 1)
    return w


@partial(jax.jit, static_argnames=("ndim",))
def smoothed(x, ndim):
    return x * _axis_weights(ndim)


def helper_only_under_an_outer_jit(n):
    x = jnp.ones((3, 3, 3))
    return [smoothed(x, 3) for _ in range(n)]


def static_picked_from_fixed_bounds(n):
    # an entry of a 2-tuple bound before the loop and left alone in it is one of its 2 entries,
    # whatever the index: 2 compiles, however long the loop runs
    bounds = ((0, 1), (1, 2))
    outs = []
    for i in range(n):
        lo, hi = bounds[min(i, 1)][0], bounds[min(i, 1)][1]
        outs.append(power(jnp.ones(2), lo + hi))
    return outs


def static_entries_of_a_rebuilt_tuple(n):
    # a tuple rebuilt each step whose entry at the static position is the same value every step
    # (only the traced gradient changes): spread or read by index, one compile
    w, lr = jnp.ones(3), 0.1
    for step in range(n):
        args = (jnp.ones(3) * step, lr)
        w = sgd(w, *args)
        w = sgd(w, args[0], lr=args[-1])
    return w


GROWS = [scale_in_metadata_per_step, schedule_as_static, loop_index_as_static, static_entry_of_a_rebuilt_tuple, loop_index_through_a_helper, while_counter, new_static_object_each_step,
         optimizer_rebuilt_each_step, refit, model_rebuilt_each_step, layers_rebuilt_each_step, layers_with_a_new_lambda,
         tree_partial_each_step, sampler_steps, descriptor_method_each_step, tiles_per_slot, points_per_step,
         static_read_from_a_growing_list, helper_also_called_eagerly]
BOUNDED = [points_of_one_class, warm_up_over_a_literal_range, scale_in_metadata_alternating, layers_sharing_one_squash, layers_with_a_module_function, layer_built_once, one_static_object, constant_static, constant_through_a_helper, warm_up_fixed_modes, bounded_parity, schedule_as_traced,
           sweep_of_fixed_settings, optimizer_built_once, refit_shared, one_optimizer_per_setting,
           model_rebuilt_sharing_forward, tree_partial_traced_or_made_once, sweep_kept_in_variables, warm_up_default_powers,
           static_from_shapes_of_a_structure, static_from_metadata_by_key, sampler_keeping_its_weight_steps,
           static_entries_of_a_rebuilt_tuple,
           nested_def_made_once_per_run, descriptor_method_read_once, plain_method_each_step,
           cached_descriptor_method_each_step, tiles_in_two_slots, static_picked_from_fixed_bounds,
           helper_only_under_an_outer_jit]
