"""The mechanisms of the 25th report batch (docs/recall.md, "25th batch"), each written in shapes
of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the code
and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says. Then
the JAX facts they encode, checked directly: a helper given ``xp=jnp`` returns tracers, the
arithmetic operators Python containers lack make a traced array of a leaf of a traced argument,
and NumPy's ufuncs convert a tracer (TracerArrayConversionError)."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as np


class Signal:
    def __init__(self, re, im, xp=np):
        self.re, self.im = re, im
        self._xp = xp

    def angle(self, xp=np):
        return xp.arctan2(self.im, self.re)

    def power(self):
        return self._xp.square(self.re) + self._xp.square(self.im)

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- HELDMODULE: a helper's result follows the module the call passes
    "helper_given_jnp": ("JG101", """
        class Folded(Signal):
            def folded(self):
                a = self.angle(xp=jnp)
                if a < 0:  # flag
                    a = -a
                return a


        @jax.jit
        def run(re, im):
            return Folded(re, im, xp=jnp).folded()


        def main():
            return run(jnp.float32(1.0), jnp.float32(-1.0))
        """, "TracerBoolConversionError"),
    "helper_given_np_on_static_values": (None, """
        def folded(sig):
            a = sig.angle(xp=np)
            if a < 0:
                a = -a
            return a


        def main():
            return folded(Signal(1.0, -1.0))
        """, None),
    # -- CHILDARITH: `-`, `/`, `**` of an unpacked leaf is a traced array
    "unpacked_leaf_difference": ("JG104", """
        @jax.jit
        def spread(bounds):
            lo, hi = bounds
            return np.log(hi - lo)  # flag


        def main():
            return spread(jnp.array([1.0, 3.0]))
        """, "TracerArrayConversionError"),
    "unpacked_leaf_shape": (None, """
        @jax.jit
        def spread(bounds):
            lo, hi = bounds
            return jnp.log(hi - lo) + np.prod(np.shape(lo))


        def main():
            return spread(jnp.array([1.0, 3.0]))
        """, None),
    # -- ATTRMODULE: the module an instance built in traced code stores
    "stored_default_module": ("JG104", """
        class Trace:
            def __init__(self, re, xp=np):
                self.re = re
                self._xp = xp

            def magnitude(self):
                return self._xp.sqrt(self.re * self.re)  # flag


        @jax.jit
        def run(re, im):
            return Trace(re + im).magnitude()


        def main():
            return run(jnp.float32(3.0), jnp.float32(4.0))
        """, "TracerArrayConversionError"),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout25")


def test_an_instance_built_with_jnp_in_traced_code_runs_jax_numpy(tmp_path):
    """``self._xp`` of a class whose constructions in traced code all pass ``xp=jnp``: jax.numpy,
    nothing reported (and it runs)."""
    import textwrap

    from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs, exec_program

    case = textwrap.dedent("""
        @jax.jit
        def run(re, im):
            return Signal(re, im, xp=jnp).power()


        def main():
            return run(jnp.float32(3.0), jnp.float32(4.0))
        """)
    assert_flags_marked_lines(tmp_path, "jnp_instance", PRELUDE + case, "JG104")
    assert_raises_or_runs(exec_program(PRELUDE + case, "holdout25_jnp_instance")["main"], None)


def test_a_helper_given_jnp_returns_a_tracer():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    def angle(x, xp=np):
        return xp.arctan2(x, 1.0)

    seen = []
    jax.jit(lambda x: seen.append(isinstance(angle(x, xp=jnp), jax.core.Tracer)) or x)(1.0)
    assert seen == [True]


def test_the_numeric_operators_are_not_defined_for_containers_or_none():
    for value in ((), [1.0], {"a": 1.0}, None):
        for op in (lambda v: 1 - v, lambda v: v / 2.0, lambda v: v ** 2, lambda v: v // 2, lambda v: v % 2,
                   lambda v: -v):
            with pytest.raises(TypeError):
                op(value)


def test_arithmetic_of_an_unpacked_leaf_is_traced_and_numpy_converts_it():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    def f(params):
        lo, hi = params
        diff = hi - lo
        assert isinstance(diff, jax.core.Tracer)
        return np.log(diff)  # noqa: JG104 (raises, as the test asserts)

    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.jit(f)(jnp.array([1.0, 3.0]))
