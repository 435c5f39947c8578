# Report: https://mint.westdri.ca/ai/jx_jit (course page "JIT subtleties", section "JIT constraints: Static vs traced variables")
# Class: 4 (Python `if` on a traced argument)
# Rule: JG101
# Reduced: the course's first example of a JIT constraint: `@jit def cond_func(x): if x < 0.0:
# return x ** 2.0 else: return x ** 3.0`, `print(cond_func(1.0))` raises
# TracerBoolConversionError ("depends on the value of the argument x"). The value-dependent
# branch is written with JAX's structured control flow, `lax.cond(x < 0.0, ...)`, which keeps `x`
# traced (marking `x` static would compile once per value instead).
import jax
from jax import jit, lax

# --- must be flagged ---


@jit
def cond_func(x):
    if x < 0.0:  # expect: JG101
        return x**2.0
    else:
        return x**3.0


def bug():
    return cond_func(1.0)


# --- must not be flagged ---


@jit
def cond_func_lax(x):
    return lax.cond(x < 0.0, lambda v: v**2.0, lambda v: v**3.0, x)


def fixed():
    return cond_func_lax(1.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
