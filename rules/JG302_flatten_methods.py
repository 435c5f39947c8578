"""JG302 loop-varying-static, the aux data of a pytree whose flatten function is a method taken from
its class: examples that must and must not be flagged.

`jax.tree_util.register_pytree_node(Box, Box._flatten, Box._unflatten)` registers a plain
(or static) method of the class as the flatten function: JAX calls it with the instance and keeps
the second element it returns, the aux data, in the tree structure, which it compares with `==`
to find a compiled program. A class without an `__eq__` of its own is no obstacle: at a traced
position the instance is flattened, not hashed. So a new instance per loop iteration reuses the
program while its aux data stays equal, and compiles again for each new aux value (JAX 0.10.2:
compiles grow with the loop). Keeping the changing value among the children (the first element)
makes it traced: one compile.
"""

import jax
import jax.numpy as jnp
from jax import tree_util


class Box:
    def __init__(self, vec, scale):
        self.vec = vec
        self.scale = scale

    def _flatten(self):
        return (self.vec,), {"scale": self.scale}

    @classmethod
    def _unflatten(cls, aux, children):
        return cls(children[0], **aux)


tree_util.register_pytree_node(Box, Box._flatten, Box._unflatten)


class Window:
    def __init__(self, data, width):
        self.data = data
        self.width = width

    @staticmethod
    def flatten(window):
        return (window.data,), window.width

    @staticmethod
    def unflatten(width, children):
        return Window(children[0], width)


tree_util.register_pytree_node(Window, Window.flatten, Window.unflatten)


class TracedBox(Box):
    def _flatten(self):
        return (self.vec, self.scale), None

    @classmethod
    def _unflatten(cls, aux, children):
        return cls(*children)


tree_util.register_pytree_node(TracedBox, TracedBox._flatten, TracedBox._unflatten)


@jax.jit
def weighted(box):
    return jnp.sum(box.vec) * box.scale


@jax.jit
def windowed(window):
    return jnp.sum(window.data) + window.width


# --- must be flagged ---------------------------------------------------------------------------


def sweep_scales(n):
    out = []
    for i in range(n):
        box = Box(jnp.ones(3), 0.5 + 0.1 * i)
        out.append(weighted(box))  # expect: JG302
    return out


def sweep_widths(n):
    return [windowed(Window(jnp.ones(4), 2 + k)) for k in range(n)]  # expect: JG302


# --- must not be flagged ---------------------------------------------------------------------


def sweep_traced_scales(n):
    out = []
    for i in range(n):
        box = TracedBox(jnp.ones(3), 0.5 + 0.1 * i)
        out.append(weighted(box))
    return out


def new_vectors_one_scale(n):
    return [weighted(Box(jnp.ones(3) * i, 0.5)) for i in range(n)]


def new_data_one_width(n):
    return [windowed(Window(jnp.full(4, float(k)), 2)) for k in range(n)]


GROWS = [sweep_scales, sweep_widths]
BOUNDED = [sweep_traced_scales, new_vectors_one_scale, new_data_one_width]
