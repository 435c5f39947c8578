"""Six general mechanisms behind misses of the fifth batch of reports (docs/recall.md), each in
shapes of our own (other names, other code), so that neither is keyed on its report. Every program
is linted with the default rules (the lines marked ``# flag`` get the code, nothing else is
reported) and run under JAX 0.10.2 (``main()`` of a flagged program raises the named error; a
legal look-alike's runs).

* A name bound (by its one plain assignment) to a lambda is that function: ``jax.jit(g)`` stages
  the lambda's body, with its parameters traced.
* A name free in a function and bound once outside it (module level, an enclosing function) to a
  NumPy array (``np.arange(12.0).reshape(4, 3)``) is a NumPy array there: indexing it with a
  tracer makes NumPy convert the tracer (under jit and vmap; under grad alone, or with a Python
  index, it runs). So is ``self.<name>`` in a method of a plain class (no decorator, no base, no
  ``tree_flatten``: not a pytree jit would trace) whose ``__init__`` stores it once as a NumPy
  array and no other method stores it.
* Calling an instance (``m(x)``, ``m = Model(...)``) of a class of the file whose own ``__call__``
  is jitted is a call of the jitted method: JAX gets the instance as ``self`` (JG206 when the class
  is not a pytree and ``self`` is not static).
* A traced parameter at which every call in sight of its jit passes a boolean array (a
  comparison, ``~``/``&``/``|`` of ones, ``jnp.isnan``-like calls, ``jnp.array([True, ...])``) is
  a boolean array: indexing with it is boolean-mask indexing (JG105, NonConcreteBooleanIndexError).
* ``f = jax.jit(g, ...)`` bound once in a function: calls of ``f`` there are calls through that
  jit, for the churn rules too (JG302 static values, JG303 shapes that change with a loop).
* In staged code (jit, a lax loop body, called from either) ``jnp.nonzero``/``unique``/``argwhere``/
  ``flatnonzero``/one-argument ``jnp.where`` without ``size=`` fail even on a constant (a NumPy
  array closed over, bound with ``functools.partial``): JAX stages the operation and its input is a
  tracer inside it. Under vmap or grad alone, inside ``jax.ensure_compile_time_eval()``, with
  ``size=``, or with NumPy's own function, they run.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs
from tests.test_jg206 import _run

PRELUDE = """\
import functools

import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.arange(12.0).reshape(4, 3)
LABELS = np.array([3, 0, 3, 1])
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- a lambda bound to a name, jitted through the name
    "named_lambda_indexes_numpy": ("JG104", """
        row_of = lambda k: TABLE[k]  # flag

        def main():
            return jax.jit(row_of)(2)
        """, "TracerArrayConversionError"),
    "named_lambda_branches": ("JG101", """
        clip_sign = lambda v: v if v > 0 else 0.0 * v  # flag

        def main():
            return jax.jit(clip_sign)(jnp.float32(1.5))
        """, "TracerBoolConversionError"),
    "named_lambda_jnp_is_legal": ("JG104", """
        row_of = lambda k: jnp.asarray(TABLE)[k]

        def main():
            return jax.jit(row_of)(2)
        """, None),
    "named_lambda_rebound_is_not_followed": ("JG104", """
        pick = lambda k: TABLE[k]
        pick = lambda k: jnp.asarray(TABLE)[k]

        def main():
            return jax.jit(pick)(1)
        """, None),
    # -- a module-level NumPy array indexed with a tracer
    "module_table_in_def": ("JG104", """
        def embed(token):
            return TABLE[token] * 2.0  # flag

        def main():
            return jax.jit(embed)(1)
        """, "TracerArrayConversionError"),
    "enclosing_table_under_vmap": ("JG104", """
        def build():
            weights = np.linspace(0.0, 1.0, 5)

            def pick(i):
                return weights[i]  # flag

            return jax.vmap(pick)(jnp.arange(3))

        def main():
            return build()
        """, "TracerArrayConversionError"),
    "module_table_python_index_is_legal": ("JG104", """
        def first_row(x):
            return x * TABLE[0]

        def main():
            return jax.jit(first_row)(jnp.ones(3))
        """, None),
    "module_table_rebound_is_not_followed": ("JG104", """
        GRID = np.ones(4)
        GRID = jnp.asarray(GRID)

        def pick(i):
            return GRID[i]

        def main():
            return jax.jit(pick)(2)
        """, None),
    "module_table_under_grad_alone_is_legal": ("JG104", """
        def weighted(w):
            return w * TABLE[1, 2]

        def main():
            return jax.grad(weighted)(1.0)
        """, None),
    # -- value-dependent jnp functions on constants under staging
    "closure_constant_through_jitted_lambda": ("JG105", """
        def classes(labels):
            return jnp.unique(labels)  # flag

        def main():
            return jax.jit(lambda: classes(LABELS))()
        """, "ConcretizationTypeError"),
    "partial_bound_constant": ("JG105", """
        def nonzero_rows(mask, scale):
            return jnp.nonzero(mask)[0] * scale  # flag

        def main():
            return jax.jit(functools.partial(nonzero_rows, LABELS > 0))(2)
        """, "ConcretizationTypeError"),
    "constant_in_scan_body": ("JG105", """
        def body(carry, _):
            return carry + jnp.argwhere(LABELS).sum(), None  # flag

        def main():
            return jax.lax.scan(body, 0, None, length=3)
        """, "ConcretizationTypeError"),
    "constant_with_size_is_legal": ("JG105", """
        def classes(labels):
            return jnp.unique(labels, size=4, fill_value=-1)

        def main():
            return jax.jit(lambda: classes(LABELS))()
        """, None),
    "numpy_function_on_constant_is_legal": ("JG105", """
        def classes(labels):
            return jnp.asarray(np.unique(labels))

        def main():
            return jax.jit(lambda: classes(LABELS))()
        """, None),
    "constant_under_vmap_alone_is_legal": ("JG105", """
        def scaled(v):
            return v * jnp.flatnonzero(LABELS).sum()

        def main():
            return jax.vmap(scaled)(jnp.ones(3))
        """, None),
    # -- an attribute stored once by __init__ as a NumPy array, indexed by a tracer in a method
    "numpy_attribute_in_jitted_bound_method": ("JG104", """
        class Ramp:
            def __init__(self, n):
                self.levels = np.linspace(0.0, 1.0, n)
                self.at = jax.jit(self._at)

            def _at(self, k):
                return 2.0 * self.levels[k]  # flag

        def main():
            return Ramp(5).at(jnp.int32(1))
        """, "TracerArrayConversionError"),
    "numpy_attribute_in_scan_body_closure": ("JG104", """
        class Walk:
            def __init__(self, steps):
                base = np.arange(steps * 2.0)
                self.offsets = base.reshape(steps, 2)

            def total(self, order):
                def body(acc, k):
                    return acc + self.offsets[k].sum(), None  # flag
                return jax.lax.scan(body, 0.0, order)[0]

        def main():
            return jax.jit(Walk(3).total)(jnp.arange(3))
        """, "TracerArrayConversionError"),
    "jnp_attribute_is_legal": ("JG104", """
        class Ramp:
            def __init__(self, n):
                self.levels = jnp.asarray(np.linspace(0.0, 1.0, n))
                self.at = jax.jit(self._at)

            def _at(self, k):
                return 2.0 * self.levels[k]

        def main():
            return Ramp(5).at(jnp.int32(1))
        """, None),
    "numpy_attribute_rebound_by_a_method_is_legal": ("JG104", """
        class Ramp:
            def __init__(self, n):
                self.levels = np.linspace(0.0, 1.0, n)

            def to_device(self):
                self.levels = jnp.asarray(self.levels)
                return self

            def at(self, k):
                return 2.0 * self.levels[k]

        def main():
            return jax.jit(Ramp(5).to_device().at)(1)
        """, None),
    "numpy_attribute_of_a_pytree_is_legal": ("JG104", """
        @jax.tree_util.register_pytree_node_class
        class Ramp:
            def __init__(self, n):
                self.levels = np.linspace(0.0, 1.0, n)

            def tree_flatten(self):
                return (self.levels,), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                obj = object.__new__(cls)
                obj.levels = children[0]
                return obj

            @jax.jit
            def at(self, k):
                return 2.0 * self.levels[k]

        def main():
            return Ramp(5).at(1)
        """, None),
    "numpy_attribute_static_index_is_legal": ("JG104", """
        class Ramp:
            def __init__(self, n):
                self.levels = np.linspace(0.0, 1.0, n)

            def at(self, x):
                return x * self.levels[2] + self.levels[x.shape[0]]

        def main():
            return jax.jit(Ramp(5).at)(jnp.ones(3))
        """, None),
    # -- an instance called, its class's __call__ jitted: JAX gets the instance as `self`
    "instance_called_through_jitted_call": ("JG206", """
        class Scaler:
            def __init__(self, factor):
                self.factor = factor

            @jax.jit
            def __call__(self, v):
                return v * self.factor

        def main():
            scale = Scaler(3.0)
            return scale(jnp.ones(2))  # flag
        """, "TypeError"),
    "instance_called_self_static_is_legal": ("JG206", """
        class Scaler:
            def __init__(self, factor):
                self.factor = factor

            @functools.partial(jax.jit, static_argnums=0)
            def __call__(self, v):
                return v * self.factor

        def main():
            scale = Scaler(3.0)
            return scale(jnp.ones(2))
        """, None),
    "instance_called_pytree_is_legal": ("JG206", """
        @jax.tree_util.register_pytree_node_class
        class Scaler:
            def __init__(self, factor):
                self.factor = factor

            def tree_flatten(self):
                return (self.factor,), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

            @jax.jit
            def __call__(self, v):
                return v * self.factor

        def main():
            scale = Scaler(3.0)
            return scale(jnp.ones(2))
        """, None),
    # -- a parameter every call in sight passes a boolean array at, used as an index
    "boolean_argument_used_as_index": ("JG105", """
        @jax.jit
        def pick(values, keep):
            return values[keep].sum()  # flag

        def main():
            values = jnp.arange(5.0)
            return pick(values, values > 1.5)
        """, "NonConcreteBooleanIndexError"),
    "boolean_literal_argument_used_as_index": ("JG105", """
        def pick(values, keep):
            return values[keep]  # flag

        def main():
            return jax.jit(pick)(jnp.arange(3.0), jnp.array([True, False, True]))
        """, "NonConcreteBooleanIndexError"),
    "integer_argument_used_as_index_is_legal": ("JG105", """
        @jax.jit
        def pick(values, keep):
            return values[keep].sum()

        def main():
            return pick(jnp.arange(5.0), jnp.array([0, 3]))
        """, None),
    "boolean_argument_in_where_is_legal": ("JG105", """
        @jax.jit
        def pick(values, keep):
            return jnp.where(keep, values, 0.0).sum()

        def main():
            values = jnp.arange(5.0)
            return pick(values, values > 1.5)
        """, None),
    # -- a jit bound to a local name: calls of that name in the function go through it
    "local_jit_static_varies_with_loop": ("JG302", """
        def power(v, k):
            return v ** k

        def main(steps=4):  # (a literal range(4) would be a bounded warm-up)
            f = jax.jit(power, static_argnums=1)
            for k in range(steps):
                f(jnp.ones(2), k)  # flag
            return f
        """, None),
    "local_jit_of_lambda_shape_grows": ("JG303", """
        def main(steps=3):
            f = jax.jit(lambda v: v * 2)
            x = jnp.zeros(1)
            for _ in range(steps):
                x = jnp.concatenate([x, f(x)])  # flag
            return f
        """, None),
    "local_jit_fixed_shape_is_legal": ("JG303", """
        def main():
            f = jax.jit(lambda v: v * 2)
            x = jnp.zeros(4)
            for _ in range(3):
                x = x + f(x)
            return f
        """, None),
    "local_jit_static_fixed_is_legal": ("JG302", """
        def power(v, k):
            return v ** k

        def main():
            f = jax.jit(power, static_argnums=1)
            for _ in range(4):
                f(jnp.ones(2), 3)
            return f
        """, None),
    "constant_at_compile_time_is_legal": ("JG105", """
        @jax.jit
        def count():
            with jax.ensure_compile_time_eval():
                return jnp.nonzero(LABELS)[0].sum()

        def main():
            return count()
        """, None),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall5_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall5_under_jax(name):
    assert_raises_or_runs(lambda: _run(_source(name), f"recall5_{name}"), CASES[name][2])


# compiles of the jit main() returns (a GROWS program against its BOUNDED look-alike)
COMPILES = {"local_jit_static_varies_with_loop": 4, "local_jit_of_lambda_shape_grows": 3,
            "local_jit_fixed_shape_is_legal": 1, "local_jit_static_fixed_is_legal": 1}


@pytest.mark.parametrize("name", sorted(COMPILES))
def test_recall5_compiles(name):
    pytest.importorskip("jax")
    assert _run(_source(name), f"recall5_{name}")._cache_size() == COMPILES[name]
