# Variant of: tests/reports/control_docs-while-counter-below-traced-bound.py
# Class: 2 (arguments JAX needs static: a loop bound passed as an argument)
# Rule: JG102
# Axis: (b) the bound is an entry of a dict argument.
import jax

# --- must be flagged ---


def g(x, cfg):
    i = 0
    while i < cfg["n"]:  # expect: JG102
        i += 1
    return x + i


def bug():
    return jax.jit(g)(10, {"n": 20})


# --- must not be flagged ---


def g_fori(x, cfg):
    return x + jax.lax.fori_loop(0, cfg["n"], lambda _, i: i + 1, 0)


def fixed():
    return jax.jit(g_fori)(10, {"n": 20})


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
