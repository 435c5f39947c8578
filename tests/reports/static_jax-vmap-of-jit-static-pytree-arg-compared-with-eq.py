# Report: jax-ml/jax#20466 https://github.com/jax-ml/jax/issues/20466
# Class: 1 (values inside containers and objects: a static argument that is also an array pytree)
# Rule: JG203
# Reduced: "Error raised in comparing static argument for a vmapped function after running the
# function without vmap before": `SomeStaticType` is a registered pytree holding
# `params: jnp.ndarray`, with `__hash__ = 1` and `__eq__ = (self.params == other.params).all()`;
# `outer_func`/`inner_func` are `jax.jit(..., static_argnames=("static_arg",))`. One plain call
# works; `jax.vmap(outer_func, in_axes=(0, None))(xs, s)` then fails at the inner call: vmap
# rebuilds `s` (a new, equal object), `outer_func` is retraced for the batched `x`, and the
# inner jit looks `static_arg` up in its cache by hash and then `__eq__`; that comparison runs
# inside the outer trace, where `self.params == other.params` is staged to a tracer, so it cannot
# give a Python bool (JAX 0.10.2: "static arguments should be comparable using __eq__"). A static
# argument must not carry arrays. Fix used here: keep the static object
# out of vmap's arguments (close over it), so the inner cache lookup is an identity hit.
import dataclasses
import functools

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class SomeStaticType:
    params: jnp.ndarray = dataclasses.field(default_factory=lambda: jnp.zeros((10,)))

    def tree_flatten(self):
        children = (self.params,)
        return (children, ("params",))

    @classmethod
    def tree_unflatten(cls, _, children):
        return cls(*children)

    def __hash__(self):
        return 1

    def __eq__(self, other):
        return (self.params == other.params).all()


# --- must be flagged ---


@functools.partial(jax.jit, static_argnames=("static_arg",))
def inner_func(x, static_arg: SomeStaticType):
    return jnp.sum(x * x + 3 * x)


@functools.partial(jax.jit, static_argnames=("static_arg",))
def outer_func(x, static_arg: SomeStaticType):
    return inner_func(x, static_arg=static_arg)  # expect: JG203


def crashes():
    s = SomeStaticType()
    outer_func(jnp.ones(10), static_arg=s)
    return jax.vmap(outer_func, in_axes=(0, None))(jnp.ones((3, 10)), s)


# --- must not be flagged ---


def works():
    s = SomeStaticType()
    outer_func(jnp.ones(10), static_arg=s)
    return jax.vmap(lambda x: outer_func(x, static_arg=s))(jnp.ones((3, 10)))


RAISES = [(crashes, "ValueError")]
RUNS = [works]
