"""Issue 11, eighth session (fix-recall8a): three mechanisms (docs/recall.md, 2026-12-06 eighth
session). SEQINTS, parameters JAX reads as a sequence of Python ints given traced values (JG104);
SPREADLIST, a call's positions filled from a star-spread display with item assignments (JG203);
CALLBACKCONV, a SciPy routine in staged code calling a function that returns JAX values (JG104).
Each case is written in shapes of our own: the lines marked ``# flag`` get the code and nothing
else is reported, and each program runs under JAX 0.10.2 as its oracle says."""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- SEQINTS: lax.pad's padding_config built from a traced width
    "pad_config_from_traced_width": ("JG104", """
        @jax.jit
        def border(img, w):
            return lax.pad(img, 0.0, ((w, w, 0), (0, 0, 0)))  # flag


        def main():
            return border(jnp.ones((3, 3)), 1)
        """, "TypeError"),
    # the same width read from the operand's shape: static
    "pad_config_from_shape": (None, """
        @jax.jit
        def border(img):
            w = img.shape[0] // 3
            return lax.pad(img, 0.0, ((w, w, 0), (0, 0, 0)))


        def main():
            return border(jnp.ones((3, 3)))
        """, None),
    # dilation given through a keyword of a convolution, passed whole through jit
    "conv_dilation_keyword_traced": ("JG104", """
        def dilated(lhs, rhs, dil):
            return lax.conv_general_dilated(lhs, rhs, (1, 1), "VALID", rhs_dilation=dil)  # flag


        def main():
            return jax.jit(dilated)(jnp.ones((1, 1, 5, 5)), jnp.ones((1, 1, 2, 2)), (2, 2))
        """, "ConcretizationTypeError"),
    # -- SPREADLIST: a tuple display spread after a positional argument, then a set stored in a list
    "spread_tuple_display_with_a_dict": ("JG203", """
        def kernel(x, cfg, n):
            return x * n


        run = jax.jit(kernel, static_argnums=(1, 2))


        def main():
            extra = ({"mode": "a"}, 3)
            return run(jnp.ones(2), *extra)  # flag
        """, "ValueError"),
    "spread_list_item_replaced_by_a_set": ("JG203", """
        def kernel(x, cfg, n):
            return x * n


        run = jax.jit(kernel, static_argnums=(1, 2))


        def main():
            extra = ["a", 3]
            extra[0] = {"a", "b"}
            return run(jnp.ones(2), *extra)  # flag
        """, "ValueError"),
    # replaced by a frozenset: hashable
    "spread_list_item_replaced_by_a_frozenset": (None, """
        def kernel(x, cfg, n):
            return x * n


        run = jax.jit(kernel, static_argnums=(1, 2))


        def main():
            extra = [["a"], 3]
            extra[0] = frozenset({"a", "b"})
            return run(jnp.ones(2), *extra)
        """, None),
    # passed on to a helper before the spread: it may change it, nothing is claimed
    "spread_list_passed_on": (None, """
        def kernel(x, cfg, n):
            return x * n


        run = jax.jit(kernel, static_argnums=(1, 2))


        def fix(options):
            options[0] = tuple(options[0])


        def main():
            extra = [["a"], 3]
            fix(extra)
            return run(jnp.ones(2), *extra)
        """, None),
    # spread inside a lambda (no statements of its own): a parameter's elements claim nothing
    "spread_in_a_lambda": (None, """
        run = jax.jit(lambda x, n: x * n, static_argnums=1)
        call = lambda x, extra: run(x, *extra)


        def main():
            return call(jnp.ones(2), (3,))
        """, None),
    # -- CALLBACKCONV: odeint of a jnp right-hand side inside a jitted function
    "odeint_of_jnp_rhs_in_jit": ("JG104", """
        from scipy.integrate import odeint


        def decay(y, t):
            return -0.5 * jnp.asarray(y)


        @jax.jit
        def settle(scale):
            return scale * odeint(decay, np.ones(1), np.array([0.0, 1.0]))[-1, 0]  # flag


        def main():
            return settle(jnp.float32(2.0))
        """, "TracerArrayConversionError"),
    # a NumPy right-hand side: runs under jit
    "odeint_of_numpy_rhs_in_jit": (None, """
        from scipy.integrate import odeint


        def decay(y, t):
            return -0.5 * np.asarray(y)


        @jax.jit
        def settle(scale):
            return scale * odeint(decay, np.ones(1), np.array([0.0, 1.0]))[-1, 0]


        def main():
            return settle(jnp.float32(2.0))
        """, None),
    # the method of an object built in the jitted function, given to fsolve
    "fsolve_of_method_in_jit": ("JG104", """
        from scipy.optimize import fsolve


        class Spring:
            def __init__(self, k, load=0.3):
                self.k, self.load = k, load

            def force(self, x):
                return self.k * jnp.sin(x) - self.load


        def rest_point(spring):
            return fsolve(spring.force, 0.1)[0]  # flag


        @jax.jit
        def loaded(m):
            return m * rest_point(Spring(1.0))


        def main():
            return loaded(jnp.float32(2.0))
        """, "TracerArrayConversionError"),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "recall8a")
