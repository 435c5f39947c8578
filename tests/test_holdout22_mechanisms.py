"""The mechanisms of the twenty-second report batch (docs/recall.md, "22nd batch"), each written
in shapes of our own (none keyed on the reports they came from): the lines marked ``# flag`` get
the code and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says
(a raised error, or it runs). Then the JAX facts they encode, checked directly: ``v in arr`` of a
traced array takes the truth value of ``(arr == v).any()`` (a string or None is refused, a dict
looked up), and the differentiation transforms read ``argnums`` as Python ints (the table's
positions are those of the installed signatures)."""

from __future__ import annotations

import inspect

import pytest

from jitguard.lint.analysis import jaxapi
from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses

import jax
import jax.numpy as jnp

LEVELS = [0.0, 0.5]


def loss(w, b):
    return jnp.sum(w * w) + b

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG101: `in` on a traced array in an `if`, a traced value on either side
    "if_value_in_traced_array": ("JG101", """
        @jax.jit
        def first_level(x):
            for level in LEVELS:
                if level in x:  # flag
                    return level * x
            return x


        def main():
            return first_level(jnp.array([0.5, 1.0]))
        """, "TracerBoolConversionError"),
    # -- JG101: an array field of a registered dataclass, read in a method the jitted function calls
    "if_in_field_of_traced_record": ("JG101", """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Table:
            keys: jax.Array
            values: jax.Array

            def lookup(self, key):
                if key in self.keys:  # flag
                    return self.values[jnp.argmax(self.keys == key)]
                return jnp.zeros(())


        @jax.jit
        def get(table):
            return table.lookup(2.0)


        def main():
            return get(Table(jnp.array([1.0, 2.0]), jnp.array([10.0, 20.0])))
        """, "TracerBoolConversionError"),
    # -- JG103: `not in` as a value, under vmap
    "not_in_as_value_under_vmap": ("JG103", """
        def missing_zero(row):
            absent = 0.0 not in row  # flag
            return jnp.where(absent, 1.0, 0.0)


        def main():
            return jax.vmap(missing_zero)(jnp.ones((2, 3)))
        """, "TracerBoolConversionError"),
    # -- legal: a string key looked up in a dict argument, a static shape, jnp.isin kept an array
    "dict_key_and_static_membership": (None, """
        @jax.jit
        def scaled(x, opts):
            if "scale" in opts:
                x = x * opts["scale"]
            if 3 in x.shape:
                x = x + 1.0
            return jnp.where(jnp.isin(0.0, x), 0.0, x)


        def main():
            return scaled(jnp.ones(3), {"scale": 2.0})
        """, None),
    # -- legal: under grad alone the array is concrete, `in` gives a Python bool
    "in_under_grad_alone": (None, """
        def penalised(w):
            return loss(w, 1.0) + (0.0 in w)


        def main():
            return jax.grad(penalised)(jnp.array([1.0, 2.0]))
        """, None),
    # -- JG104: argnums of a differentiation transform, mapped by vmap and a jit parameter
    "grad_argnums_mapped": ("JG104", """
        def slope(i):
            return jax.grad(loss, i)(jnp.ones(2), 0.5)  # flag


        def main():
            return jax.vmap(slope)(jnp.array([0, 1]))
        """, "ConcretizationTypeError"),
    "jacfwd_argnums_keyword_jitted": ("JG104", """
        @jax.jit
        def jac(i):
            return jax.jacfwd(loss, argnums=i)(jnp.ones(2), 0.5)  # flag


        def main():
            return jac(0)
        """, "ConcretizationTypeError"),
    # -- legal: argnums a Python int (a loop over positions, a constant inside the jit)
    "grad_argnums_python_ints": (None, """
        @jax.jit
        def slopes(w):
            first = jax.grad(loss, 0)(w, 0.5)
            return [first] + [jax.grad(loss, i)(w, 0.5) for i in (1,)]


        def main():
            return slopes(jnp.ones(2))
        """, None),
}

def test_membership_in_a_traced_array_takes_a_truth_value():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    for fn in (lambda x: 1.0 in x, lambda x: 2.0 not in x):
        with pytest.raises(jax.errors.TracerBoolConversionError):
            jax.jit(fn)(jnp.ones(3))
        with pytest.raises(jax.errors.TracerBoolConversionError):
            jax.vmap(fn)(jnp.ones((2, 3)))
    assert jax.grad(lambda x: (1.0 in x) * x.sum())(jnp.ones(3)).tolist() == [1.0, 1.0, 1.0]
    for v in ("a", None):  # refused, not compared: `"key" in x` is a dict lookup in practice
        with pytest.raises(TypeError, match="__contains__"):
            jax.jit(lambda x, v=v: v in x)(jnp.ones(3))  # noqa: JG103 (raises, as the test asserts)
    assert jax.jit(lambda d: ("a" in d) * d["a"])({"a": 1.0}) == 1.0


def test_differentiation_transforms_read_argnums_as_python_ints():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def f(x, y):
        return x * y**2

    for qual, (position, keyword) in jaxapi.TRANSFORM_ARGNUMS.items():
        transform = getattr(jax, qual.split(".")[-1])
        assert list(inspect.signature(transform).parameters)[position] == keyword
        with pytest.raises(jax.errors.ConcretizationTypeError):
            jax.jit(lambda p, t=transform: t(f, p)(1.0, 2.0))(0)
        with pytest.raises(jax.errors.ConcretizationTypeError):
            jax.vmap(lambda p, t=transform: t(f, p)(1.0, 2.0))(jnp.array([0, 1]))
        with pytest.raises(jax.errors.TracerIntegerConversionError):
            jax.jit(lambda p, t=transform: t(f, argnums=(p,))(1.0, 2.0))(0)
        transform(f, 1)(1.0, 2.0)  # a Python int runs


test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout22")
