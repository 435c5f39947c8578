"""JG104 (and JG101, JG105) in the methods of a record a jitted function receives.

JAX flattens a registered dataclass at the jit boundary and rebuilds it in the trace with its
class's unflatten: the object the body holds is an instance of the same class, its data fields
tracers (a Python int too), its metadata fields Python values. So `cfg.method()` in the jitted body
runs that class's method on tracers: an `if` on a data field, a data field as a size, and a
`functools.partial` the method returns with a data field bound (`partial(jnp.sum, axis=self.axis)`,
called by the caller) all fail as they would inline (checked under JAX 0.10.2). A class registered
with a call, `jax.tree_util.register_dataclass(Cls, data_fields=[...], meta_fields=[...])`, splits
its fields as the decorator does. Metadata fields stay Python values: the look-alikes run.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@dataclasses.dataclass
class Reduction:
    scale: float = 2.0
    axis: int = 1

    def reducer(self):
        return partial(jnp.sum, axis=self.axis)


jax.tree_util.register_dataclass(Reduction, data_fields=["scale", "axis"], meta_fields=[])


@jax.jit
def reduce_rows(spec, x):
    return spec.reducer()(x) * spec.scale  # expect: JG104


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Clip:
    limit: float = 1.0
    mode: int = 0

    def bound(self, x):
        if self.mode == 0:  # expect: JG101
            return jnp.minimum(x, self.limit)
        return jnp.maximum(x, -self.limit)


@jax.jit
def clipped(clip, x):
    return clip.bound(x)


@dataclasses.dataclass
class Padding:
    value: float = 0.0
    width: int = 2

    def pad_width(self):
        return self.width


jax.tree_util.register_dataclass(Padding, data_fields=["value", "width"], meta_fields=[])


@jax.jit
def padded(pad, x):
    return jnp.concatenate([x, jnp.full(pad.pad_width(), pad.value)])  # expect: JG105


def crashes_reduce():
    return reduce_rows(Reduction(), jnp.ones((2, 3)))


def crashes_clip():
    return clipped(Clip(), jnp.ones(3))


def crashes_pad():
    return padded(Padding(), jnp.ones(3))


# --- must not be flagged ---------------------------------------------------------------------


@dataclasses.dataclass
class StaticReduction(Reduction):
    pass


@dataclasses.dataclass
class StaticPadding(Padding):
    pass


# the subclasses keep the methods and move the integer fields to the metadata: Python ints in the trace
jax.tree_util.register_dataclass(StaticReduction, data_fields=["scale"], meta_fields=["axis"])
jax.tree_util.register_dataclass(StaticPadding, data_fields=["value"], meta_fields=["width"])


@jax.jit
def reduce_rows_static(spec, x):
    return spec.reducer()(x) * spec.scale


@jax.jit
def padded_static(pad, x):
    return jnp.concatenate([x, jnp.full(pad.pad_width(), pad.value)])


@dataclasses.dataclass
class StaticClip:
    limit: float = 1.0
    mode: int = 0

    def bound(self, x):
        return jnp.minimum(x, self.limit) if self.mode == 0 else jnp.maximum(x, -self.limit)  # mode: metadata


jax.tree_util.register_dataclass(StaticClip, data_fields=["limit"], meta_fields=["mode"])


@jax.jit
def clipped_static(clip, x):
    return clip.bound(x)


def runs():
    x = jnp.ones(3)
    return (reduce_rows_static(StaticReduction(), jnp.ones((2, 3))), clipped_static(StaticClip(), x),
            padded_static(StaticPadding(), x))


RAISES = [
    (crashes_reduce, "ConcretizationTypeError"),
    (crashes_clip, "TracerBoolConversionError"),
    (crashes_pad, "TypeError"),
]
RUNS = [runs]
