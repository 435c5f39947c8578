"""Four general mechanisms behind the sixth batch's training reports (docs/recall.md), each in
shapes of our own (other names, other code), so that none is keyed on its report. Every program
is linted with the default rules (the lines marked ``# flag`` get the code, nothing else is
reported) and run under JAX 0.10.2 (``main()`` of a flagged program raises the named error; a
legal look-alike's runs).

* A tracer-type test short-circuits: in ``not isinstance(x, jax.core.Tracer) and <test>`` (or
  ``isinstance(x, Tracer) or <test>``, any class every tracer is or none is) with ``x`` surely a
  tracer in this trace, the right side never runs; after ``if isinstance(x, Tracer): return``
  nothing runs. When ``x`` is concrete inside jit (a NumPy constant), the right side runs, and a
  ``jnp`` result there is still a tracer (staged code): that stays reported. ``isinstance(x,
  jax.Array)`` holds for a tracer too: it guards nothing.
* ``make(...)`` of a plain ``def`` whose every ``return`` hands back one function defined in it
  is that function: calling the result (``check = make(); check(x)`` in traced code), or jitting
  it (``jax.jit(make())``, ``f = make(); jax.jit(f)``), runs its body in the trace.
* A name bound once by a plain assignment to an imported name or an attribute of one (``xp =
  jnp`` in a function or at module level) resolves as that name does: ``xp.sum`` is
  ``jax.numpy.sum``. A name bound twice is not followed.
* A ``*args`` parameter collects the traced values its callers pass as a tuple of tracers, a
  shape JAX cannot use (``jnp.broadcast_to(x, dims)``); a ``static_argnums`` entry past the named
  parameters makes that position of ``*args`` static (not a tuple of tracers).

Precision these needed on the dev corpus (more code reached through factories and aliases):

* ``f(*helper(x))`` of a tuple the helper returns binds each position to its own parameter
  (a Python object at position 0 stays one).
* ``nondiff_argnames`` of ``jax.custom_vjp``/``custom_jvp`` keeps those parameters Python values,
  like ``nondiff_argnums``.
* A helper (nested, or private at module level; no transform of its own) that every call from
  traced code passes a parameter surely not None (a literal, an instance of a class of the file,
  a traced array, a name bound once to one) does not run its ``if p is None:`` branch in a trace
  (``analysis/callnone.py``); one call passing anything else keeps it.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs
from tests.test_jg206 import _run

PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as np

SYM = np.array([[2.0, 1.0], [1.0, 3.0]])
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- a tracer-type test short-circuits what follows it
    "tracer_guard_and_is_legal": ("JG101", """
        def validated(m):
            if not isinstance(m, jax.core.Tracer) and not jnp.allclose(m, m.T):
                raise ValueError("not symmetric")
            return m

        @jax.jit
        def main_jit(v):
            return validated(jnp.outer(v, v)).sum()

        def main():
            return main_jit(jnp.ones(2))
        """, None),
    "tracer_guard_or_is_legal": ("JG101", """
        def symmetric(m):
            if isinstance(m, jax.core.Tracer) or bool(jnp.allclose(m, m.T)):
                return m
            raise ValueError("not symmetric")

        def main():
            return jax.jit(lambda v: symmetric(jnp.outer(v, v)))(jnp.ones(3))
        """, None),
    "tracer_guard_early_return_is_legal": ("JG101", """
        def checked(m):
            if isinstance(m, jax.interpreters.partial_eval.DynamicJaxprTracer):
                return m
            if jnp.any(m < 0):
                raise ValueError("negative")
            return m

        def main():
            return jax.jit(lambda v: checked(v * 2.0))(jnp.ones(3))
        """, None),
    "tracer_guard_on_a_constant_in_jit": ("JG101", """
        def validated(m):
            if not isinstance(m, jax.core.Tracer) and not jnp.allclose(m, m.T):  # flag
                raise ValueError("not symmetric")
            return m

        @jax.jit
        def main_jit(v):
            return validated(SYM) @ v

        def main():
            return main_jit(jnp.ones(2))
        """, "TracerBoolConversionError"),
    "array_type_test_guards_nothing": ("JG101", """
        def positive(m):
            if isinstance(m, jax.Array) and jnp.any(m < 0):  # flag
                raise ValueError("negative")
            return m

        def main():
            return jax.jit(lambda v: positive(v + 1.0))(jnp.ones(3))
        """, "TracerBoolConversionError"),
    # -- the function a factory returns, called or jitted
    "factory_closure_called_in_jit": ("JG103", """
        def make_guard(rank):
            def guard(t):
                assert jnp.all(t.ndim == rank)  # flag
                return t
            return guard

        guard2 = make_guard(2)

        @jax.jit
        def main_jit(v):
            return guard2(jnp.outer(v, v)).sum()

        def main():
            return main_jit(jnp.ones(2))
        """, "TracerBoolConversionError"),
    "factory_result_jitted_directly": ("JG101", """
        def make_relu():
            def relu(t):
                if t > 0:  # flag
                    return t
                return 0.0 * t
            return relu

        def main():
            return jax.jit(make_relu())(1.5)
        """, "TracerBoolConversionError"),
    "factory_lambda_bound_then_jitted": ("JG104", """
        def make_scale():
            return lambda t: float(t) * 2.0  # flag

        def main():
            scale = make_scale()
            return jax.jit(scale)(1.5)
        """, "ConcretizationTypeError"),
    "factory_closure_static_check_is_legal": ("JG103", """
        def make_guard(rank):
            def guard(t):
                assert t.ndim == rank
                return t
            return guard

        guard2 = make_guard(2)

        @jax.jit
        def main_jit(v):
            return guard2(jnp.outer(v, v)).sum()

        def main():
            return main_jit(jnp.ones(2))
        """, None),
    # -- a name bound once to an imported module (or attribute)
    "local_module_alias_int_of_sum": ("JG104", """
        def capacity(counts):
            backend = jnp
            return int(backend.sum(counts))  # flag

        @jax.jit
        def main_jit(counts):
            return jnp.zeros(4) + capacity(counts)

        def main():
            return main_jit(jnp.array([1, 2]))
        """, "ConcretizationTypeError"),
    "module_level_alias_of_jnp_on_constants": ("JG104", """
        ops = jnp

        @jax.jit
        def main_jit(x):
            n = int(ops.prod(jnp.array(x.shape)))  # flag
            return x.reshape(n)

        def main():
            return main_jit(jnp.ones((2, 3)))
        """, "ConcretizationTypeError"),
    "alias_of_numpy_on_shapes_is_legal": ("JG104", """
        ops = np

        @jax.jit
        def main_jit(x):
            n = int(ops.prod(x.shape))
            return x.reshape(n)

        def main():
            return main_jit(jnp.ones((2, 3)))
        """, None),
    "alias_bound_twice_is_not_followed": ("JG104", """
        def size_of(x):
            ops = jnp
            ops = np
            return int(ops.prod(x.shape))

        def main():
            return jax.jit(lambda x: x.reshape(size_of(x)))(jnp.ones((2, 3)))
        """, None),
    # -- traced values through *args
    "star_args_shape_from_factory": ("JG105", """
        def make_fill():
            def fill(x, *dims):
                return jnp.broadcast_to(x, dims)  # flag
            return fill

        fill = make_fill()

        def main():
            return jax.jit(lambda x, a, b: fill(x, a, b))(1.0, 2, 3)
        """, "TypeError"),
    "star_args_of_jitted_shape": ("JG105", """
        @jax.jit
        def tile(x, *dims):
            return jnp.zeros(dims) + x  # flag

        def main():
            return tile(1.0, 2, 3)
        """, "TypeError"),
    "star_args_static_argnums_is_legal": ("JG105", """
        def tile(x, *dims):
            return jnp.zeros(dims) + x

        def main():
            return jax.jit(tile, static_argnums=(1, 2))(1.0, 2, 3)
        """, None),
    "star_args_unused_as_shape_is_legal": ("JG105", """
        def make_fill(shape):
            def fill(x, *dims):
                return jnp.broadcast_to(x, shape)
            return fill

        fill = make_fill((2, 3))

        def main():
            return jax.jit(lambda x, a, b: fill(x, a, b))(1.0, 2, 3)
        """, None),
    # -- precision the mechanisms above needed (the dev corpus)
    "splat_of_a_returned_tuple_by_position_is_legal": ("JG101", """
        class Log:
            def __init__(self):
                self.lines = []

        def _record(x):
            return Log(), x * 2.0

        def _render(log, y):
            if log.lines:
                return y
            return y + 1.0

        def main():
            return jax.jit(lambda x: _render(*_record(x)))(1.0)
        """, None),
    "splat_of_a_returned_tuple_traced_position": ("JG101", """
        def _pair(x):
            return "label", x * 2.0

        def _render(label, y):
            if y > 0:  # flag
                return y
            return -y

        def main():
            return jax.jit(lambda x: _render(*_pair(x)))(1.0)
        """, "TracerBoolConversionError"),
    "nondiff_argnames_is_legal": ("JG101", """
        import functools

        @functools.partial(jax.custom_vjp, nondiff_argnames=("double",))
        def scaled(x, double=False):
            if double:
                return x * 2.0
            return x

        scaled.defvjp(lambda x, double=False: (scaled(x, double=double), None),
                      lambda double, res, g: (g,))

        def main():
            return jax.jit(lambda x: scaled(x, double=True))(1.0)
        """, None),
    "helper_never_given_none_in_traces_is_legal": ("JG104", """
        class Scale:
            def __init__(self, factor):
                self.factor = factor

        def run(x):
            scale = Scale(2.0)

            def _apply(v, s=None):
                current = s
                if current is None:
                    return float(jnp.sum(v))  # the eager path only
                return v * current.factor

            return _apply(x), jax.jit(lambda v: _apply(v, scale))(x)

        def main():
            return run(jnp.ones(2))
        """, None),
    "helper_given_none_by_one_traced_call": ("JG104", """
        def _apply(v, s=None):
            if s is None:
                return float(jnp.sum(v))  # flag
            return v * s

        @jax.jit
        def main_jit(v):
            return _apply(v, (2.0,)[0]) + _apply(v)

        def main():
            return main_jit(jnp.ones(2))
        """, "ConcretizationTypeError"),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall6_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall6_under_jax(name):
    assert_raises_or_runs(lambda: _run(_source(name), f"recall6_{name}"), CASES[name][2])
