"""The mechanisms of the twenty-first report batch (docs/recall.md, "Twenty-first batch"), each
written in shapes of our own (none keyed on the reports they came from): the lines marked
``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2 as
its oracle says (a raised error, or it runs). Then the JAX facts they encode, checked directly:
hashing a tuple hashes its items (a traced item makes a dict key unhashable),
``dataclasses.replace`` puts a traced value in the field it names, and an array module chosen at
run time keeps a traced value traced (jax.numpy) or raises at that call (NumPy)."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

USE_JAX = True
COST = {(0, 0): 0.0, (0, 1): 1.0, (1, 0): 1.0, (1, 1): 2.0}


@dataclasses.dataclass(frozen=True)
class Spring:
    rest: jnp.ndarray
    stiffness: float = 2.0

    def energy(self, x):
        if jnp.all(self.rest == 0):
            return 0.0 * x
        return self.stiffness * (x - self.rest) ** 2

    def stiff(self):
        return self.stiffness > 1.0
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- a name rebound to a replace of itself (``state = dataclasses.replace(state, ...)``): the
    # parameter's classes, no endless lookup (a RecursionError, JG003, at the merge)
    "replace_of_itself": (None, """
        def advance(state, x):
            state = dataclasses.replace(state, stiffness=3.0)
            return state.stiffness * x + state.stiff()


        @jax.jit
        def run(x):
            return advance(Spring(jnp.zeros(2)), x)


        def main():
            return run(jnp.ones(2))
        """, None),
    # -- JG104: a dict looked up with a tuple holding traced items
    "tuple_display_key": ("JG104", """
        @jax.jit
        def cost(move):
            return COST[(move[0], move[1])]  # flag


        def main():
            return cost(jnp.array([0, 1]))
        """, "TypeError"),
    "tuple_call_key_vmap": ("JG104", """
        def cost(move):
            return COST.get(tuple(move), -1.0)  # flag


        def main():
            return jax.vmap(cost)(jnp.array([[0, 1], [1, 1]]))
        """, "TypeError"),
    "tuple_of_static_items": (None, """
        @jax.jit
        def cost(move):
            return move.sum() * COST[(move.shape[0] - 2, 1)]


        def main():
            return cost(jnp.array([0, 1]))
        """, None),
    # -- JG101: dataclasses.replace fills a field with a traced value
    "replace_in_helper_of_parameter": ("JG101", """
        def relaxed(spring, x):
            return dataclasses.replace(spring, rest=x * 0.5).energy(x)


        @jax.jit
        def step(x):
            return relaxed(Spring(jnp.zeros(2)), x)


        def main():
            return step(jnp.ones(2))
        """, "TracerBoolConversionError"),
    "replace_with_python_value": (None, """
        @jax.jit
        def step(x):
            spring = dataclasses.replace(Spring(jnp.zeros(2)), stiffness=3.0)
            return x * spring.stiff()


        def main():
            return step(jnp.ones(2))
        """, None),
    # -- JG104: an array-module parameter filled with `jnp if flag else np` (or a property of that)
    "module_chosen_by_flag": ("JG104", """
        def norm(v):
            return np.linalg.norm(v)  # flag


        def prepare(x, xp=np):
            return norm(xp.asarray(x) + 1.0)


        @jax.jit
        def run(x):
            return prepare(x, xp=jnp if USE_JAX else np)


        def main():
            return run(jnp.ones(3))
        """, "TracerArrayConversionError"),
    "module_chosen_threaded": (None, """
        @dataclasses.dataclass(frozen=True)
        class Lib:
            use_jax: bool = True

            @property
            def xp(self):
                return jnp if self.use_jax else np


        LIB = Lib()


        def prepare(x, xp=np):
            return xp.linalg.norm(xp.asarray(x) + 1.0)


        @jax.jit
        def run(x):
            return prepare(x, xp=LIB.xp)


        def main():
            return run(jnp.ones(3))
        """, None),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout21")


def test_a_tuple_with_a_traced_item_is_unhashable():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    table = {(0, 1): 1.0}
    for lookup in (lambda p: table[(0, p[1])], lambda p: table[tuple(p)], lambda p: table.get(tuple(p))):
        with pytest.raises(TypeError, match="unhashable"):
            jax.jit(lookup)(jnp.array([0, 1]))
        with pytest.raises(TypeError, match="unhashable"):
            jax.vmap(lookup)(jnp.array([[0, 1]]))


def test_replace_puts_the_traced_value_in_the_named_field():
    import dataclasses

    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    @dataclasses.dataclass(frozen=True)
    class Box:
        a: object
        b: float = 1.0

    seen = {}

    @jax.jit
    def f(x):
        box = dataclasses.replace(Box(jnp.zeros(2)), a=x)
        seen["a"], seen["b"] = isinstance(box.a, jax.core.Tracer), isinstance(box.b, jax.core.Tracer)
        return box.a

    f(jnp.ones(2))
    assert seen == {"a": True, "b": False}


def test_either_module_keeps_a_traced_value_traced_or_raises_there():
    import numpy as np

    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    seen = {}

    def f(x, xp):
        out = xp.asarray(x) + 1.0
        seen[xp.__name__] = isinstance(out, jax.core.Tracer)
        return jnp.sum(out)

    jax.jit(lambda x: f(x, jnp))(jnp.ones(2))
    assert seen == {"jax.numpy": True}
    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.jit(lambda x: f(x, np))(jnp.ones(2))
