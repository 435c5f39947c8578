# Variant of: tests/reports/static_jax-static-argnames-not-in-signature.py
# Class: 5 (declarations: `static_argnames` naming a parameter the function does not have)
# Rule: JG202
# Axis: (i) `ft.partial(J.jit, static_argnames=...)` applied as a call to a module-level function
# (`import functools as ft`, `import jax as J`), not as a decorator.
import functools as ft

import jax as J


def f(a, b, c):
    return a + b + c


# --- must be flagged ---


def bug_names():
    jitted = ft.partial(J.jit, static_argnames=("b", "d"))(f)  # expect: JG202
    return jitted(1.0, 2.0, 3.0)


# --- must not be flagged ---


def fixed_names():
    jitted = ft.partial(J.jit, static_argnames=("b",))(f)
    return jitted(1.0, 2.0, 3.0)


RAISES = [(bug_names, "ValueError")]
RUNS = [fixed_names]
