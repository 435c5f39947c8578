# Report: google-deepmind/chex#104 https://github.com/google-deepmind/chex/issues/104
# Class: 1 (values inside containers and objects: a dataclass field JAX needs static is a data leaf)
# Rule: JG105
# Reduced: "Consider supporting static attributes in chex.dataclass": `@jit def do_scan(c): final,
# _ = scan(f, c.x, None, c.y)` works for a tjax dataclass with `y: IntegralNumeric =
# field(static=True)` and "fails" for `@chex.dataclass class D: x; y` (every field a pytree leaf):
# under jit `c.y` is traced and `scan`'s `length` must be concrete. chex is reduced to a dataclass
# registered with `jax.tree_util.register_dataclass`, all fields data; the look-alike marks `y`
# static with `field(metadata=dict(static=True))`, the tjax behaviour the issue asks for.
import dataclasses

import jax
from jax import lax


def f(carry, _):
    return carry + 1.0, None


# --- must be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class D:
    x: float
    y: int


@jax.jit
def do_scan(c):
    final, _ = lax.scan(f, c.x, None, c.y)  # expect: JG105
    return final


def crashes():
    return do_scan(D(x=1.0, y=10))


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class C:
    x: float
    y: int = dataclasses.field(metadata=dict(static=True))


@jax.jit
def do_scan_static(c):
    final, _ = lax.scan(f, c.x, None, c.y)
    return final


def works():
    return do_scan_static(C(1.0, 10))


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
