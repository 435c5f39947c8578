"""JG201 argnums-out-of-range: examples that must and must not be flagged.

JAX rejects these when jit is applied, so the flagged definitions sit inside factories: the
oracle test calls each factory and checks the ValueError comes from the marked line.
"""

import inspect
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


def past_the_end():
    @partial(jax.jit, static_argnums=(2,))  # expect: JG201
    def scale(x, factor):
        return x * factor

    return scale


def keyword_only_is_not_positional():
    @partial(jax.jit, static_argnums=1)  # expect: JG201
    def scale(x, *, factor):
        return x * factor

    return scale


def negative_too_far():
    def shift(x, by):
        return x + by

    return jax.jit(shift, static_argnums=-3)  # expect: JG201


def donate_past_the_end():
    def update(state, grad):
        return state - grad

    return jax.jit(update, donate_argnums=(0, 2))  # expect: JG201


def library_keyword_only():
    # jnp.argwhere(a, *, size=None, fill_value=None): `size` is keyword-only in the installed JAX
    return jax.jit(jnp.argwhere, static_argnums=(1,))  # expect: JG201


def shift_by(x, by=1):
    return x + by


pshift = jax.pmap(shift_by, static_broadcasted_argnums=(1,))


def pmap_static_by_keyword():
    # pmap reads static_broadcasted_argnums from the positional arguments only
    return pshift(jnp.ones((1, 2)), by=2)  # expect: JG201


def pmap_static_left_at_default():
    return pshift(jnp.ones((1, 2)))  # expect: JG201


@partial(jax.checkpoint, static_argnums=(1,))
def repeat(x, times):
    for _ in range(times):
        x = jnp.sin(x)
    return x


def checkpoint_static_by_keyword():
    return repeat(jnp.ones(2), times=3)  # expect: JG201


# a jit stacked over a checkpoint hands the call's arguments on as they came (a keyword stays a
# keyword, a default is not filled in): the checkpoint under it still sees too few positional ones
@partial(jax.jit, static_argnames=("mode",))
@partial(jax.remat, static_argnums=(1,))
def smooth(x, mode="sin"):
    return jnp.sin(x) if mode == "sin" else jnp.cos(x)


def remat_under_jit_by_keyword():
    return smooth(jnp.ones(2), mode="cos")  # expect: JG201


def remat_under_jit_left_at_default():
    return smooth(jnp.ones(2))  # expect: JG201


@partial(jax.checkpoint, static_argnums=(2,))
@partial(jax.jit, static_argnums=(2,))
def scaled_steps(x, scale, steps=2):
    for _ in range(steps):
        x = jnp.sin(x) * scale
    return x


def checkpoint_over_jit_left_at_default():
    return scaled_steps(jnp.ones(2), 0.5)  # expect: JG201


def _smooth_body(x, mode="sin"):
    return jnp.sin(x) if mode == "sin" else jnp.cos(x)


# the same stack written as calls: the jit's function is the checkpoint
smooth_jit = jax.jit(jax.checkpoint(_smooth_body, static_argnums=(1,)), static_argnums=1)


def checkpoint_inside_jit_by_keyword():
    return smooth_jit(jnp.ones(2), mode="cos")  # expect: JG201


# a jit of a def decorated with a checkpoint
smooth_ckpt_jit = jax.jit(repeat, static_argnums=1)


def jit_of_checkpointed_def_by_keyword():
    return smooth_ckpt_jit(jnp.ones(2), times=2)  # expect: JG201


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnums=(1,))
def in_range(x, n):
    return x * n


@partial(jax.jit, static_argnums=-1)
def negative_in_range(x, n):
    return x * n


@partial(jax.jit, static_argnums=(3,))
def varargs_take_any_index(x, *rest):
    return x + sum(rest[:2])


class Layer:
    def __init__(self, width):
        self.width = width
        self.apply = jax.jit(self._apply, static_argnums=(1,))

    def _apply(self, x, times):
        return x * times


def library_by_name():
    return jax.jit(jnp.argwhere, static_argnames=("size",))(jnp.array([0, 1, 1]), size=2)


def library_positional():
    return jax.jit(jax.nn.one_hot, static_argnums=1)(jnp.array([0, 2]), 3)


def pmap_static_positional():
    return pshift(jnp.ones((1, 2)), 2)


def checkpoint_static_positional():
    return repeat(jnp.ones(2), 3)


jshift = jax.jit(shift_by, static_argnums=(1,))


def jit_static_by_keyword():
    # jax.jit maps static_argnums to parameter names: a keyword fills the static parameter
    return jshift(jnp.ones(2), by=2)


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def clip_by(x, bound):
    return jnp.clip(x, -bound, bound)


@clip_by.defjvp
def _clip_by_jvp(bound, primals, tangents):
    return clip_by(primals[0], bound), tangents[0]


def custom_jvp_nondiff_by_keyword():
    return clip_by(jnp.ones(2), bound=0.5)


def remat_under_jit_positional():
    return smooth(jnp.ones(2), "cos")


def checkpoint_over_jit_positional():
    return scaled_steps(jnp.ones(2), 0.5, 3)


def bind_defaults(fn):
    # a decorator of our own that fills every default and passes all arguments by position
    sig = inspect.signature(fn)

    def wrapped(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        return fn(*bound.args)

    return wrapped


@bind_defaults
@partial(jax.checkpoint, static_argnums=(1,))
def smooth_filled(x, mode="sin"):
    return jnp.sin(x) if mode == "sin" else jnp.cos(x)


def checkpoint_under_filling_decorator():
    return smooth_filled(jnp.ones(2), mode="cos") + smooth_filled(jnp.ones(2))


def checkpoint_inside_jit_positional():
    return smooth_jit(jnp.ones(2), "cos")


def jit_of_checkpointed_def_positional():
    return smooth_ckpt_jit(jnp.ones(2), 2)


RAISES = [
    (pmap_static_by_keyword, "ValueError"),
    (pmap_static_left_at_default, "ValueError"),
    (checkpoint_static_by_keyword, "ValueError"),
    (remat_under_jit_by_keyword, "ValueError"),
    (remat_under_jit_left_at_default, "ValueError"),
    (checkpoint_over_jit_left_at_default, "ValueError"),
    (checkpoint_inside_jit_by_keyword, "ValueError"),
    (jit_of_checkpointed_def_by_keyword, "ValueError"),
    (library_keyword_only, "ValueError"),
    (past_the_end, "ValueError"),
    (keyword_only_is_not_positional, "ValueError"),
    (negative_too_far, "ValueError"),
    (donate_past_the_end, "ValueError"),
]

RUNS = [
    lambda: in_range(jnp.ones(2), 3),
    lambda: negative_in_range(jnp.ones(2), 3),
    lambda: varargs_take_any_index(jnp.ones(2), 1.0, 2.0, 3),
    lambda: Layer(2).apply(jnp.ones(2), 3),
    library_by_name,
    library_positional,
    pmap_static_positional,
    checkpoint_static_positional,
    jit_static_by_keyword,
    custom_jvp_nondiff_by_keyword,
    remat_under_jit_positional,
    checkpoint_over_jit_positional,
    checkpoint_under_filling_decorator,
    checkpoint_inside_jit_positional,
    jit_of_checkpointed_def_positional,
]
