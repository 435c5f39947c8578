"""The mechanisms of the twenty-third report batch (docs/recall.md, "23rd batch"), each written in
shapes of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the
code and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says (a
raised error, GROWS/BOUNDED compiles, or it runs). Then the JAX facts they encode, checked
directly: the function ``jax.vjp``/``jax.linearize`` returns is a new tree structure per call of
the transform, and ``jax.jit`` of a custom-derivative function traces its ``nondiff_argnums``
arguments (``custom_vjp`` refuses them at once, ``custom_jvp`` when differentiated)."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(jnp.tanh(w) ** 2)


@jax.jit
def apply_map(linear_map, v):
    return linear_map(v)


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def shifted(offset, x):
    return x + offset


@shifted.defjvp
def shifted_jvp(offset, primals, tangents):
    return shifted(offset, primals[0]), tangents[0]


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def bounded(x, bound=1.0):
    return x


bounded.defvjp(lambda x, bound: (x, None), lambda bound, _res, g: (jnp.clip(g, -bound, bound),))
bounded_jit = jax.jit(bounded)

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG302: a new vjp function per iteration, at a traced position of a jitted function
    "vjp_per_iteration": ("JG302", """
        def main(n=2):
            grads = []
            for step in range(n):
                _loss, pullback = jax.vjp(loss, jnp.full(2, 0.1 * step))
                grads.append(apply_map(pullback, 1.0))  # flag
            return grads
        """, "GROWS"),
    "linearize_taken_by_index": ("JG302", """
        def main(n=2):
            return [apply_map(jax.linearize(loss, jnp.full(2, 0.1 * k))[1], jnp.ones(2)) for k in range(n)]  # flag
        """, "GROWS"),
    # the same vjp function for every iteration: one tree structure, one compile
    "vjp_taken_once": (None, """
        def main(n=2):
            _loss, pullback = jax.vjp(loss, jnp.ones(2))
            return [apply_map(pullback, 0.1 * k) for k in range(n)]
        """, "BOUNDED"),
    # the primal output (element 0) is an array: no new structure
    "vjp_primal_output": (None, """
        double = jax.jit(lambda v: 2 * v)


        def main(n=2):
            out = []
            for k in range(n):
                value, _pullback = jax.vjp(loss, jnp.full(2, 0.1 * k))
                out.append(double(value))
            return out
        """, "BOUNDED"),
    # -- JG203: a custom_jvp function jitted with its nondiff argument traced, then differentiated
    "jitted_custom_jvp_differentiated": ("JG203", """
        shifted_jit = jax.jit(shifted)


        def main():
            return jax.grad(lambda x: shifted_jit(1.0, x))(2.0), jax.jacfwd(shifted_jit, argnums=1)(1.0, 2.0)  # flag
        """, "TypeError"),
    "jitted_custom_jvp_in_differentiated_function": ("JG203", """
        shifted_jit = jax.jit(shifted)


        def objective(x):
            return jnp.sum(shifted_jit(0.5, x) ** 2)  # flag


        def main():
            return jax.value_and_grad(objective)(jnp.ones(2))
        """, "TypeError"),
    "jitted_custom_jvp_static_offset": (None, """
        shifted_static = jax.jit(shifted, static_argnums=0)


        def main():
            return jax.jacfwd(shifted_static, argnums=1)(1.0, 2.0)
        """, None),
    "jitted_custom_jvp_not_differentiated": (None, """
        shifted_jit = jax.jit(shifted)


        def main():
            return shifted_jit(1.0, 2.0)
        """, None),
    # a custom_vjp function jitted and called without its nondiff argument: the default is not
    # traced (jit traces only what it is given); passed by keyword it is, and JAX refuses it
    "jitted_custom_vjp_default_left": (None, """
        def main():
            return bounded_jit(2.0), jax.grad(bounded_jit)(2.0)
        """, None),
    "jitted_custom_vjp_by_keyword": ("JG203", """
        def main():
            return bounded_jit(2.0, bound=3.0)  # flag
        """, "UnexpectedTracerError"),
    # -- JG301: a method that jits a new lambda per call, called in a loop on a parameter whose
    # every call passes a new instance of the class
    "method_through_parameter": ("JG301", """
        class Scaler:
            def __init__(self, k):
                self.k = k

            def scale(self, v):
                return jax.jit(lambda u: u * self.k)(v)  # flag


        def scale_all(scaler, n):
            return [scaler.scale(jnp.full(2, float(i))) for i in range(n)]


        def main(n=2):
            return scale_all(Scaler(3.0), n)
        """, "GROWS"),
    # the subclass that hoists the jit: its own method runs, compiles once
    "method_through_parameter_hoisted": (None, """
        class Scaler:
            def __init__(self, k):
                self.k = k

            def scale(self, v):
                return jax.jit(lambda u: u * self.k)(v)


        class HoistedScaler(Scaler):
            def __init__(self, k):
                super().__init__(k)
                self._scale = jax.jit(lambda u: u * self.k)

            def scale(self, v):
                return self._scale(v)


        def scale_all(scaler, n):
            return [scaler.scale(jnp.full(2, float(i))) for i in range(n)]


        def main(n=2):
            return scale_all(HoistedScaler(3.0), n)
        """, "BOUNDED"),
}

# (the first jitted_custom_jvp_differentiated call is not the marked one: `jax.grad` of a lambda
# that calls the jit is not read; the `jacfwd` of the jit itself is)
CASES["jitted_custom_jvp_differentiated"] = ("JG203", """
    shifted_jit = jax.jit(shifted)


    def main():
        return jax.jacfwd(shifted_jit, argnums=1)(1.0, 2.0)  # flag
    """, "TypeError")

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout23")


def test_a_vjp_function_is_a_new_tree_structure_per_call():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    from tests.jaxrun import cold_compiles

    apply = jax.jit(lambda f, v: f(v))

    def fresh(n):
        return [apply(jax.vjp(jnp.sin, jnp.full(2, float(i)))[1], jnp.ones(2)) for i in range(n)]  # noqa: JG302 (the growth under test)

    def reused(n):
        pullback = jax.vjp(jnp.sin, jnp.ones(2))[1]
        return [apply(pullback, jnp.full(2, float(i))) for i in range(n)]

    assert jax.tree_util.tree_structure(jax.vjp(jnp.sin, 1.0)[1]) != jax.tree_util.tree_structure(
        jax.vjp(jnp.sin, 1.0)[1])
    assert cold_compiles(fresh, 3, name="<lambda>") == 3
    assert cold_compiles(reused, 3, name="<lambda>") == 1


def test_jit_traces_the_nondiff_arguments_of_a_custom_rule():
    jax = pytest.importorskip("jax")
    from functools import partial

    @partial(jax.custom_vjp, nondiff_argnums=(1,))
    def clip(x, bound):
        return x

    clip.defvjp(lambda x, bound: (x, None), lambda bound, _r, g: (g,))

    @partial(jax.custom_jvp, nondiff_argnums=(1,))
    def power(x, n):
        return x**n

    power.defjvp(lambda n, p, t: (power(p[0], n), n * p[0] ** (n - 1) * t[0]))

    with pytest.raises(jax.errors.UnexpectedTracerError):
        jax.jit(clip)(1.0, 2.0)
    assert jax.jit(clip, static_argnums=1)(1.0, 2.0) == 1.0
    assert jax.jit(power)(2.0, 3) == 8.0  # custom_jvp: runs until differentiated
    with pytest.raises(TypeError):
        jax.grad(jax.jit(power))(2.0, 3)
    assert jax.grad(jax.jit(power, static_argnums=1))(2.0, 3) == 12.0
