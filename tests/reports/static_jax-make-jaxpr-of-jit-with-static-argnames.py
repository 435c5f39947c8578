# Report: jax-ml/jax#6871 https://github.com/jax-ml/jax/issues/6871
# Class: 5 (what reaches a static position: a tracer, when an outer transformation traces the call)
# Rule: JG203
# Reduced: the code, unchanged: `jit_func = jax.jit(my_func, static_argnames={'y'})`,
# then `jax.make_jaxpr(jit_func)(1, 2)`; make_jaxpr traces both arguments, so the static `y`
# receives a tracer: ValueError (non-hashable static argument). The issue is an enhancement
# request with no fix in it; the fix here tells make_jaxpr which argument is static too
# (`static_argnums=1`), which runs.
import jax

# --- must be flagged ---


def my_func(x, y):
    return x + y


def bug():
    jit_func = jax.jit(my_func, static_argnames={"y"})
    return jax.make_jaxpr(jit_func)(1, 2)  # expect: JG203


# --- must not be flagged ---


def fixed():
    jit_func = jax.jit(my_func, static_argnames={"y"})
    return jax.make_jaxpr(jit_func, static_argnums=1)(1, 2).consts


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
