# Report: f0uriest/interpax#96 https://github.com/f0uriest/interpax/issues/96
# Class: 4 (Python `not` on a traced value two calls away: a constructor's input check under jit)
# Rule: JG103
# Reduced: "CubicSpline() is not jittable": `jit(CubicSpline)(np.array([0, 1, 2]), np.array([0, 1, 4]))`
# fails in interpax's `prepare_input` on `not jnp.all(jnp.isfinite(x))`, an argument of the
# library's `errorif` check. interpax is not installed here: CubicSpline is a small pytree class
# whose constructor calls the same `prepare_input(x, y, axis, check=True)`; the coefficients are
# a plain finite-difference slope instead of the real spline solve. Fix (the maintainer's
# answer): pass `check=False` as a static argument, `jax.jit(CubicSpline, static_argnames=["check"])`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def errorif(cond, err=ValueError, msg=""):
    if cond:
        raise err(msg)


def prepare_input(x, y, axis, check=True):
    x = jnp.asarray(x, dtype=float)
    y = jnp.asarray(y, dtype=float)
    if check:
        errorif(
            not jnp.all(jnp.isfinite(x)),  # expect: JG103
            ValueError,
            "x must contain only finite values",
        )
    dx = jnp.diff(x)
    return x, dx, y, axis


@jax.tree_util.register_pytree_node_class
class CubicSpline:
    def __init__(self, x, y, axis=0, check=True):
        x, dx, y, axis = prepare_input(x, y, axis, check=check)
        self.x = x
        self.c = jnp.diff(y) / dx

    def tree_flatten(self):
        return (self.x, self.c), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = object.__new__(cls)
        obj.x, obj.c = children
        return obj


def bug():
    return jax.jit(CubicSpline)(np.array([0, 1, 2]), np.array([0, 1, 4])).c


# --- must not be flagged ---


def fixed():
    spline = jax.jit(CubicSpline, static_argnames=["check"])(np.array([0, 1, 2]), np.array([0, 1, 4]), check=False)
    return spline.c


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
