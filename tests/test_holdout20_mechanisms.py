"""The mechanisms of the twentieth report batch (docs/recall.md, "Twentieth batch"), each written in
shapes of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the
code and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says (a
raised error, GROWS/BOUNDED compiles, or it runs). Then the JAX facts they encode, checked
directly: which arguments a differentiation transform traces (inexact ones only), the default
floating dtype of the array makers ``analysis/inexact.py`` names, and the aux data of a flatten
method in the jit cache key."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as onp
from jax import tree_util


def power_sum(w, x, weight, order):
    return jnp.sum((w * x) ** order) * weight


power_sum_jit = jax.jit(power_sum, static_argnums=(2, 3))


class Grid:
    def __init__(self, values, spacing):
        self.values = values
        self.spacing = spacing

    def flat(self):
        return (self.values,), (self.spacing,)

    @classmethod
    def unflat(cls, aux, children):
        return cls(children[0], aux[0])


tree_util.register_pytree_node(Grid, Grid.flat, Grid.unflat)


@jax.jit
def laplacian(grid):
    return jnp.diff(grid.values, 2) / grid.spacing ** 2
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG203: a differentiation transform traces an inexact argument at a static position
    "vjp_float_unpacked": ("JG203", """
        WEIGHT, ORDER = 1.5, 2


        def main():
            return jax.vjp(power_sum_jit, jnp.ones(2), jnp.ones(2), WEIGHT, ORDER)  # flag
        """, "ValueError"),
    "jacrev_argnums_local_float": ("JG203", """
        def main():
            weight = 0.25
            return jax.jacrev(power_sum_jit, argnums=2)(jnp.ones(2), jnp.ones(2), weight, 2)  # flag
        """, "ValueError"),
    "vjp_numpy_float_array": ("JG203", """
        def main():
            return jax.vjp(power_sum_jit, jnp.ones(2), jnp.ones(2), onp.linspace(0.0, 1.0, 2), 2)  # flag
        """, "ValueError"),
    "vjp_int_statics": (None, """
        def main():
            return jax.vjp(power_sum_jit, jnp.ones(2), jnp.ones(2), 3, 2)
        """, None),
    "vjp_bool_static": (None, """
        def main():
            return jax.vjp(power_sum_jit, jnp.ones(2), jnp.ones(2), True, 2)
        """, None),
    "grad_argnums_skip_static": (None, """
        def main():
            return jax.grad(power_sum_jit, argnums=1)(jnp.ones(2), jnp.ones(2), 1.5, 2)
        """, None),
    "vjp_keyword_partial": (None, """
        def main():
            return jax.vjp(partial(power_sum_jit, weight=1.5, order=2), jnp.ones(2), jnp.ones(2))
        """, None),
    # -- JG302: a flatten method taken from its class keeps an attribute in the aux data
    "flatten_method_aux_varies": ("JG302", """
        def main(n):
            return [laplacian(Grid(jnp.arange(5.0), 1.0 / (k + 1))) for k in range(n)]  # flag
        """, "GROWS"),
    "flatten_method_aux_fixed": (None, """
        def main(n):
            return [laplacian(Grid(jnp.arange(5.0) * k, 0.5)) for k in range(n)]
        """, "BOUNDED"),
    # -- JG303: a loop over the list a helper returns, its arrays of different shapes
    "helper_list_of_growing_arrays": ("JG303", """
        @jax.jit
        def energy(x):
            return jnp.sum(x ** 2)


        def windows(n):
            signal = onp.arange(32.0)
            return [signal[: 4 + k] for k in range(n)]


        def main(n):
            return [energy(w) for w in windows(n)]  # flag
        """, "GROWS"),
    "helper_list_of_one_shape": (None, """
        @jax.jit
        def energy(x):
            return jnp.sum(x ** 2)


        def windows(n):
            signal = onp.arange(32.0)
            return [signal[k : k + 4] for k in range(n)]


        def main(n):
            return [energy(w) for w in windows(n)]
        """, "BOUNDED"),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout20")


# ----------------------------------------------------------------------------- the JAX facts


@pytest.mark.parametrize("value, traced", [(2.0, True), (2, False), (True, False), (1 + 0j, True)],
                         ids=["float", "int", "bool", "complex"])
def test_differentiation_traces_only_inexact_arguments(value, traced):
    jax = pytest.importorskip("jax")
    seen = []

    def f(x, s):
        seen.append(isinstance(s, jax.core.Tracer))
        return x * 2.0

    jax.vjp(f, 1.0, value)
    jax.linearize(f, 1.0, value)
    assert seen == [traced, traced]


def test_a_tracer_at_a_static_position_cannot_be_hashed():
    jax = pytest.importorskip("jax")
    f = jax.jit(lambda x, s: x * s, static_argnums=1)
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        jax.grad(f, argnums=(0, 1))(1.0, 2.0)  # noqa: JG203 - the fact under test: it raises
    assert jax.grad(f)(1.0, 2.0) == 2.0  # argnums=0: the static float stays a Python value


def test_the_array_makers_default_to_a_floating_dtype():
    jax = pytest.importorskip("jax")
    import numpy as np

    jnp = jax.numpy
    made = [jnp.zeros(2), jnp.ones(2), jnp.empty(2), jnp.eye(2), jnp.identity(2), jnp.linspace(0, 1, 3),
            np.zeros(2), np.ones(2), np.empty(2), np.eye(2), np.identity(2), np.linspace(0, 1, 3),
            np.random.rand(2), np.random.randn(2), np.random.random(2), np.random.normal(size=2),
            np.random.uniform(size=2), jnp.array([1.0, 2]), np.asarray([1, 2.5])]
    assert all(np.issubdtype(a.dtype, np.inexact) for a in made)


def test_the_aux_data_of_a_flatten_method_is_in_the_cache_key():
    jax = pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    class Box:
        def __init__(self, v, s):
            self.v, self.s = v, s

        def flat(self):
            return (self.v,), self.s

    jax.tree_util.register_pytree_node(Box, Box.flat, lambda s, c: Box(c[0], s))
    @jax.jit
    def scaled(b):
        return b.v * b.s

    ones = jax.numpy.ones(2)

    def run(values):
        return [scaled(Box(ones, s)) for s in values]

    assert cold_compiles(run, [1.0, 2.0, 3.0], name="scaled") == 3
    assert cold_compiles(run, [1.0, 1.0, 1.0], name="scaled") == 1
