"""FRESHBRANCH (docs/recall.md, "2026-12-07, first session"), in shapes of our own: the lines
marked ``# flag`` get the code and nothing else is reported, and each ``main(n)`` compiles as its
oracle says under JAX 0.10.2 (GROWS: more for n=4 than for n=2, BOUNDED: the same).

FRESHBRANCH: a function that fills a missing argument with a new function object (one branch of a
conditional expression, the right side of an ``or``, or an ``if p is None:`` that rebinds the
parameter to a lambda or a nested ``def``) and passes it at a static position of a jit makes a new
static value on every call that leaves the argument at its default: a loop of such calls compiles
once per call. A module-level default, or a function the caller makes once, takes the other branch.
"""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def advance(x, force):
    return x + 0.5 * force(x)


def gravity(x):
    return -jnp.ones_like(x)

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    "conditional_expression_default": ("JG302", """
        def integrate(x, force=None):
            f = force if force else (lambda y: -y)
            return advance(x, f)  # flag


        def main(n):
            return [integrate(jnp.ones(3) * k) for k in range(n)]
        """, "GROWS"),
    "or_default_at_the_call": ("JG302", """
        def integrate(x, force=None):
            return advance(x, force or (lambda y: -y))  # flag


        def main(n):
            out = jnp.ones(3)
            for _ in range(n):
                out = integrate(out)
            return out
        """, "GROWS"),
    "is_none_rebinds_the_parameter": ("JG302", """
        class Integrator:
            def run(self, x, force=None):
                if force is None:
                    force = lambda y: -y
                return advance(x, force)  # flag


        def main(n):
            sim = Integrator()
            return [sim.run(jnp.ones(3)) for _ in range(n)]
        """, "GROWS"),
    "nested_def_under_the_test": ("JG302", """
        def integrate(x, force=None, scale=2.0):
            if not force:
                def force(y):
                    return -scale * y
            return advance(x, force)  # flag


        def main(n):
            return [integrate(jnp.ones(3), scale=2.0) for _ in range(n)]
        """, "GROWS"),
    "default_in_the_function_loop": ("JG302", """
        def main(n, force=None):
            out = jnp.ones(3)
            for _ in range(n):
                f = force if force is not None else (lambda y: -y)
                out = advance(out, f)  # flag
            return out
        """, "GROWS"),
    # the look-alikes: the default is one module-level function; the caller passes its own once
    "module_level_default": (None, """
        def integrate(x, force=None):
            f = force if force else gravity
            return advance(x, f)


        def main(n):
            return [integrate(jnp.ones(3)) for _ in range(n)]
        """, "BOUNDED"),
    "caller_passes_one_function": (None, """
        def integrate(x, force=None):
            if force is None:
                force = lambda y: -y
            return advance(x, force)


        def main(n):
            return [integrate(jnp.ones(3), gravity) for _ in range(n)]
        """, "BOUNDED"),
    "caller_passes_a_function_made_once": (None, """
        def integrate(x, force=None):
            return advance(x, force or (lambda y: -y))


        def main(n):
            spring = lambda y: -2.0 * y
            return [integrate(jnp.ones(3), force=spring) for _ in range(n)]
        """, "BOUNDED"),
    "called_once_outside_loops": (None, """
        def integrate(x, force=None):
            f = force if force else (lambda y: -y)
            return advance(x, f)


        def main(n):
            return integrate(jnp.ones(3) * n)
        """, "BOUNDED"),
}

test_marked_lines_are_flagged, test_programs_compile_as_their_oracle_says = case_tests(CASES, PRELUDE, "freshbranch")
