# Report: https://docs.jax.dev/en/latest/control-flow.html (JAX tutorial "Control flow and logical operators with JIT": the example that "doesn't work, at least by default")
# Class: 3 (everything created inside jit is traced: the argument and the comparison made from it)
# Rule: JG101
# Reduced: the page's `@jit def f(x): if x < 3: return 3. * x ** 2 else: return -4 * x`, called
# as `f(2)`, raises TracerBoolConversionError: the branch depends on the value of the traced
# argument. The page's first way out: `jit(f, static_argnames='x')` (one compile per value of
# `x`); the fix here keeps that shape, with the function defined once and jitted by a call.
from jax import jit

# --- must be flagged ---


@jit
def f(x):
    if x < 3:  # expect: JG101
        return 3.0 * x**2
    else:
        return -4 * x


def bug():
    return f(2)


# --- must not be flagged ---


def f_plain(x):
    if x < 3:
        return 3.0 * x**2
    else:
        return -4 * x


f_static = jit(f_plain, static_argnames="x")


def fixed():
    return f_static(2.0), f_static(4.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
