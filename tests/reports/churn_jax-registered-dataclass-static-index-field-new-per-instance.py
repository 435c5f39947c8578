# Report: jax-ml/jax#33043 https://github.com/jax-ml/jax/issues/33043
# Class: 6 (churn that comes from data: a metadata field that differs per instance)
# Rule: JG302
# Reduced: "Avoid JIT compile time in classes with static fields": `@jax.tree_util.register_dataclass
# @dataclass class Shape: length: jax.Array; idx: int = field(default=1, metadata={"static": True})`
# with a `@staticmethod @jax.jit def area(shape)`. "Even though the field idx is not used inside the
# area method, the compilation of the area is tied to the object. If I were to create a new Shape
# instance, I would need to pay the recompilation time": the static field is part of the tree
# structure, so every new `idx` value is a new program. Reduced to shapes built in a loop with
# their index; the look-alike keeps `idx` as a data field, since `area` never branches on it.
import dataclasses

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Shape:
    length: jax.Array
    idx: int = dataclasses.field(default=1, metadata={"static": True})

    @staticmethod
    @jax.jit
    def area(shape):
        return shape.length * shape.length


def calls(n):
    out = []
    for idx in range(n):
        s = Shape(jnp.asarray(10.0), idx)
        out.append(s.area(s))  # expect: JG302
    return out


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ShapeDataIdx:
    length: jax.Array
    idx: int = 1

    @staticmethod
    @jax.jit
    def area(shape):
        return shape.length * shape.length


def calls_data_idx(n):
    out = []
    for idx in range(n):
        s = ShapeDataIdx(jnp.asarray(10.0), idx)
        out.append(s.area(s))
    return out


GROWS = [calls]
BOUNDED = [calls_data_idx]
