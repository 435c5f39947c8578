# Report: jax-ml/jax#7969 https://github.com/jax-ml/jax/issues/7969
# Class: 4 (Python on traced values: a chained comparison is an `and` of two arrays)
# Rule: JG103
# Reduced: `jax.numpy.piecewise(x, [x<0, 0<x<1], [-x, x])` works eagerly but not under jit: the
# chained comparison `0<x<1` evaluates `(0<x) and (x<1)`, a Python truth test of a traced array
# ("If the second condition is replaced ... by a single inequality like 0<x everything works").
# Fix (the answer's): combine the two conditions elementwise, `(0 < x) & (x < 1)`.
import jax

# --- must be flagged ---


def f(x):
    return jax.numpy.piecewise(x, [x < 0, 0 < x < 1], [-x, x])  # expect: JG103


def bug():
    return jax.jit(f)(0.5)


# --- must not be flagged ---


def f_fixed(x):
    return jax.numpy.piecewise(x, [x < 0, (0 < x) & (x < 1)], [-x, x])


def fixed():
    return jax.jit(f_fixed)(0.5)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
