"""General JAX mechanisms behind misses of the seventh batch of reports (docs/recall.md), each in
shapes of our own (other names, other code), flagged and legal. Every program is linted with the
default rules (the lines marked ``# flag`` get the code, nothing else is reported) and run under
JAX 0.10.2 (``main()`` of a flagged program raises the named error; a legal look-alike's runs;
for churn, ``main(n)`` compiles more for 4 runs than for 2 (GROWS) or the same (BOUNDED)).

* A jitted function called inside another trace is staged into it: every leaf of what it returns
  is a tracer, also a Python number it hands back (a static argument returned as it is, a number
  bound to a parameter, ``len(xs)``, ``x.shape[0]``), so converting it (``float()``, ``int()``,
  ``range``) raises; calling the plain function keeps the Python number (jax#14666).
* A tracer-type test of an attribute (``isinstance(op.R, jax.core.Tracer)``, also written as a
  helper ``is_traced(op.R)``) narrows that attribute as it narrows a name: after ``if
  is_traced(op.R): return op`` with ``op.R`` surely a tracer nothing runs in the trace, and on the
  right of ``not is_traced(self.w) and ...`` the attribute is no tracer (coordinax#963's fix). A
  test of a concrete attribute keeps what follows checked.
* A parameter defaulting to an array module (``xnp=np``) holds NumPy in a trace whose call leaves
  it at its default (or passes ``np``), also when no call of the module passes it (a jitted
  function called with its default): ``xnp.stack`` there is ``np.stack`` on tracers
  (multinerf#62). Calls from traced code passing ``jnp``, and eager calls leaving NumPy, are fine.
* A class built in staged code runs its ``__init__`` in that trace, also when given only Python
  values: the arrays it makes there (``jnp.asarray(n)``, ``jax.device_put(np_array)``, what a
  helper builds) are tracers stored on the instance, and converting them later (``np.asarray``,
  ``int()``) raises (tfp#1633, mujoco#1291). ``x.T`` of a traced array is a traced array. The same
  class built outside jit, or storing NumPy arrays, is fine.
* ``arr.tolist()`` is a Python list: at a static position it has no hash (JG203, ValueError),
  inline, bound to a name, returned by a helper or stored on ``self`` (bonsai#170); made a tuple,
  or passed at a traced position (a pytree of numbers), it is fine.
* A call through ``functools.partial`` (inline, or a name bound once to one here or in an
  enclosing function) is the call it makes for the axes JAX needs static too:
  ``partial(jnp.max, axis=axis)(x)`` with a traced ``axis`` converts it (variant d of
  jax-min-traced-axis); a Python int bound there is fine.
* A lax loop's carry has the structure of its initial value: started with a tuple literal of
  plain leaves (``(0, True)``), the carry ``while_loop``'s functions, ``fori_loop``'s body and
  ``scan``'s function get is that many tracers, so ``i, flag = carry`` gives traced arrays (not
  possibly sub-trees): ``bool(flag)``, ``if done:``, ``range(n)`` raise (variant g of
  jax-bool-of-scan-carry); ``jnp.logical_and`` of them is fine.
* A ``@jax.jit`` def nested in a function that a loop runs is a new function object per run:
  calling it there compiles again, also when it is passed (by position or keyword) to a helper
  of the module that calls the parameter it binds (DESC#1873). Jitting the outer function once
  keeps the compiles bounded.
* A size read off an array whose shape changes with the loop (``len(rows)``, ``rows.shape[0]``,
  ``rows.size``) changes too, and so does an array made from it (``np.ones(len(rows))``, also
  negated) or from a comprehension iterating over such an array (also through ``zip``,
  ``enumerate``, ``range(len(...))``): passed to a jitted function, one compile per size, inline
  or through a helper's tuple (netket#477). A comprehension over an array of fixed shape is fine.
"""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import functools

import jax
import jax.numpy as jnp
import numpy as np
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- the output of a jitted function called in a trace is tracers
    "inner_jit_returns_static_number_to_helper": ("JG104", """
        @functools.partial(jax.jit, static_argnames="steps")
        def schedule_length(steps):
            return steps

        def repeat(x, steps):
            n = schedule_length(steps=steps)
            for _ in range(n):  # flag
                x = x * 0.5
            return x

        @functools.partial(jax.jit, static_argnums=1)
        def main_jit(x, steps):
            return repeat(x, steps)

        def main():
            return main_jit(jnp.ones(3), 3)
        """, "TracerIntegerConversionError"),
    "inner_jit_returns_shape_entry": ("JG104", """
        @jax.jit
        def rows_of(x):
            return x.shape[0]

        @jax.jit
        def main_jit(x):
            return x / float(rows_of(x))  # flag

        def main():
            return main_jit(jnp.ones((4, 2)))
        """, "ConcretizationTypeError"),
    "inner_jit_method_returns_literal_argument": ("JG104", """
        class Grid:
            @functools.partial(jax.jit, static_argnums=(0, 1))
            def cells(self, n):
                return n

            def __hash__(self):
                return 0

            def __eq__(self, other):
                return isinstance(other, Grid)

        GRID = Grid()

        @jax.jit
        def main_jit(x):
            k = GRID.cells(4)
            return jnp.tile(x, int(k))  # flag

        def main():
            return main_jit(jnp.ones(2))
        """, "ConcretizationTypeError"),
    # -- tracer-type tests of an attribute
    "attribute_tracer_guard_inline_legal": (None, """
        class Shift:
            def __init__(self, offset):
                self.offset = offset

        def simplify(op):
            if isinstance(op.offset, jax.core.Tracer):
                return op
            if jnp.all(op.offset == 0):
                return None
            return op

        def main():
            jax.jit(lambda v: simplify(Shift(v)).offset)(jnp.zeros(3))
            return simplify(Shift(jnp.zeros(3)))
        """, None),
    "attribute_tracer_guard_helper_in_method_legal": (None, """
        def traced(value):
            return isinstance(value, jax.core.Tracer)

        class Scale:
            def __init__(self, w):
                self.w = w

            def apply(self, x):
                if not traced(self.w) and bool(jnp.all(self.w == 1.0)):
                    return x
                return x * self.w

        def main():
            return jax.jit(lambda w, x: Scale(w).apply(x))(jnp.ones(2), jnp.ones(2))
        """, None),
    "attribute_tracer_guard_on_concrete_attribute": ("JG101", """
        class Clip:
            def __init__(self, bound, lo):
                self.bound = bound
                self.lo = lo

        def simplify(op):
            if isinstance(op.bound, jax.core.Tracer):
                return op
            if jnp.any(op.lo > 0):  # flag
                return None
            return op

        def main():
            return jax.jit(lambda lo: simplify(Clip(2.0, lo)).lo)(jnp.ones(3))
        """, "TracerBoolConversionError"),
    # -- array-module parameters left at their NumPy default
    "module_default_in_a_method": ("JG104", """
        class Projector:
            def __init__(self, scale):
                self.scale = scale

            def project(self, points, xp=np):
                return xp.concatenate([points * self.scale, xp.ones_like(points[:, :1])], axis=1)  # flag

        @jax.jit
        def main_jit(points):
            return Projector(2.0).project(points).sum()

        def main():
            return main_jit(jnp.ones((4, 2)))
        """, "TracerArrayConversionError"),
    "module_default_of_a_jitted_function": ("JG104", """
        @jax.jit
        def normalize(v, backend=np):
            return v / backend.linalg.norm(v)  # flag

        def main():
            return normalize(jnp.ones(3))
        """, "TracerArrayConversionError"),
    "numpy_passed_to_a_jnp_default": ("JG104", """
        def smooth(v, xp=jnp):
            return xp.concatenate([v[:1], (v[1:] + v[:-1]) / 2.0])  # flag

        @jax.jit
        def main_jit(v):
            return smooth(v, xp=np)

        def main():
            smooth(jnp.ones(5))
            return main_jit(jnp.ones(5))
        """, "TracerArrayConversionError"),
    "module_default_passed_jnp_in_traces_legal": (None, """
        def to_unit(v, xnp=np):
            return xnp.stack([v / xnp.linalg.norm(v), xnp.zeros_like(v)])

        @jax.jit
        def main_jit(v):
            return to_unit(v, xnp=jnp)

        def main():
            to_unit(np.ones(3))  # eager: NumPy on NumPy arrays
            return main_jit(jnp.ones(3))
        """, None),
    # -- constructors run in the trace
    "constructor_in_jit_stores_jnp_counter": ("JG104", """
        class Counter:
            def __init__(self, start):
                self.count = jnp.asarray(start, dtype=jnp.int32)

        @jax.jit
        def main_jit(x):
            c = Counter(1)
            return jnp.tile(x, int(c.count) + 1)  # flag

        def main():
            return main_jit(jnp.ones(2))
        """, "ConcretizationTypeError"),
    "constructor_through_a_factory_stores_device_array": ("JG104", """
        class Grid:
            def __init__(self, table):
                self.points = jax.device_put(table)

        def make_grid():
            return Grid(np.linspace(0.0, 1.0, 4))

        def edges(grid):
            return np.asarray(grid.points.T)  # flag

        @jax.jit
        def main_jit(x):
            return x + edges(make_grid())[0]

        def main():
            return main_jit(jnp.ones(4))
        """, "TracerArrayConversionError"),
    "constructor_outside_jit_or_numpy_legal": (None, """
        class Grid:
            def __init__(self, n):
                self.points = jnp.linspace(0.0, 1.0, n)
                self.table = np.linspace(0.0, 1.0, n)

        GRID = Grid(4)

        @jax.jit
        def main_jit(x):
            local = Grid(4)
            return x + np.asarray(local.table)[0] + local.points.T[0]

        def main():
            return main_jit(jnp.ones(4)) + np.asarray(GRID.points)[0]
        """, None),
    # -- .tolist() at a static position
    "tolist_inline_by_keyword": ("JG203", """
        @functools.partial(jax.jit, static_argnames="sizes")
        def split_sum(x, sizes):
            return jnp.stack([x[:s].sum() for s in sizes])

        def main():
            return split_sum(jnp.ones(6), sizes=np.array([2, 4]).tolist())  # flag
        """, "ValueError"),
    "tolist_returned_by_a_helper": ("JG203", """
        @functools.partial(jax.jit, static_argnums=1)
        def pool(x, window):
            return x.reshape(-1, window[0]).mean(axis=1)

        def window_of(shape):
            return np.asarray(shape).tolist()

        def main():
            return pool(jnp.ones(8), window_of((2,)))  # flag
        """, "ValueError"),
    "tolist_stored_on_self": ("JG203", """
        @functools.partial(jax.jit, static_argnums=1)
        def pool(x, window):
            return x.reshape(-1, window[0]).mean(axis=1)

        class Pooler:
            def __init__(self, window):
                self.window = np.asarray(window).tolist()

            def __call__(self, x):
                return pool(x, self.window)  # flag

        def main():
            return Pooler((2,))(jnp.ones(8))
        """, "ValueError"),
    "tolist_made_a_tuple_or_traced_legal": (None, """
        @functools.partial(jax.jit, static_argnums=1)
        def pool(x, window):
            return x.reshape(-1, window[0]).mean(axis=1)

        @jax.jit
        def weigh(x, weights):
            return x * weights[0]

        def main():
            pool(jnp.ones(8), tuple(np.array([2]).tolist()))
            return weigh(jnp.ones(8), np.array([2.0]).tolist())
        """, None),
    # -- axes JAX needs static, through functools.partial
    "partial_axis_inline": ("JG104", """
        @jax.jit
        def main_jit(x, axis):
            return functools.partial(jnp.sum, axis=axis)(x)  # flag

        def main():
            return main_jit(jnp.ones((2, 3)), 0)
        """, "ConcretizationTypeError"),
    "partial_axis_bound_in_enclosing_function": ("JG104", """
        @jax.jit
        def main_jit(x, k):
            flip = functools.partial(jnp.flip, axis=k)

            def apply(v):
                return flip(v) + 1.0  # flag

            return apply(x)

        def main():
            return main_jit(jnp.ones((2, 3)), 1)
        """, "ConcretizationTypeError"),
    "partial_axis_python_int_legal": (None, """
        reduce_rows = functools.partial(jnp.max, axis=0)

        @jax.jit
        def main_jit(x, scale):
            mean = functools.partial(jnp.mean, axis=1)
            return reduce_rows(x) * scale + mean(x * scale).sum()

        def main():
            return main_jit(jnp.ones((2, 3)), 2.0)
        """, None),
    # -- the structure of a lax loop's carry
    "fori_loop_carry_flag_in_if": ("JG101", """
        def step(i, carry):
            total, done = carry
            if done:  # flag
                return total, done
            return total + i, total > 3.0

        def main():
            return jax.lax.fori_loop(0, 4, step, (0.0, False))
        """, "TracerBoolConversionError"),
    "scan_carry_count_in_range": ("JG104", """
        def accumulate(carry, x):
            n, acc = carry
            for _ in range(n):  # flag
                acc = acc + x
            return (n, acc), acc

        def main():
            return jax.lax.scan(accumulate, (2, 0.0), jnp.ones(3))
        """, "TracerIntegerConversionError"),
    "while_loop_carry_in_jnp_legal": (None, """
        def cond(carry):
            i, going = carry
            return going

        def body(carry):
            i, going = carry
            return i + 1, jnp.logical_and(going, i < 2)

        def main():
            return jax.lax.while_loop(cond, body, (0, True))
        """, None),
    # -- nested jitted defs passed to a helper that calls them, per run of a loop (GROWS/BOUNDED)
    "nested_jit_passed_by_keyword": ("JG301", """
        def apply_twice(x, *, fn):
            return fn(fn(x))

        def smooth(x, width):
            @jax.jit  # flag
            def kernel(v):
                return v * width + 1.0

            return apply_twice(x, fn=kernel)

        def main(n):
            return [smooth(jnp.ones(3), 0.5) for _ in range(n)]
        """, "GROWS"),
    "nested_static_jit_passed_by_position": ("JG301", """
        def iterate(step, x, count):
            for _ in range(count):
                x = step(x, 2)
            return x

        def relax(x):
            @functools.partial(jax.jit, static_argnums=1)  # flag
            def step(v, k):
                return v - v ** k / 10.0

            return iterate(step, x, 3)

        def main(n):
            out = jnp.ones(3)
            for _ in range(n):
                out = relax(out)
            return out
        """, "GROWS"),
    "outer_jit_with_plain_nested_defs_legal": (None, """
        def iterate(step, x, count):
            for _ in range(count):
                x = step(x, 2)
            return x

        @jax.jit
        def relax(x):
            def step(v, k):
                return v - v ** k / 10.0

            return iterate(step, x, 3)

        def main(n):
            out = jnp.ones(3)
            for _ in range(n):
                out = relax(out)
            return out
        """, "BOUNDED"),
    # -- sizes read off arrays of varying shape (GROWS/BOUNDED)
    "size_of_selected_rows_makes_padding": ("JG303", """
        @jax.jit
        def total(x):
            return jnp.sum(x)

        def main(n):
            data = np.arange(8.0)
            out = []
            for step in range(n):
                keep = data[data > step]
                out.append(total(np.zeros(keep.shape[0])))  # flag
            return out
        """, "GROWS"),
    "comprehension_over_range_of_len": ("JG303", """
        @jax.jit
        def total(x):
            return jnp.sum(x)

        def main(n):
            data = np.arange(8.0)
            out = []
            for step in range(n):
                idx = np.flatnonzero(data > step)
                out.append(total(jnp.array([2.0 * i for i in range(len(idx))])))  # flag
            return out
        """, "GROWS"),
    "comprehension_over_enumerate_in_a_helper": ("JG303", """
        @jax.jit
        def total(x, w):
            return jnp.sum(x) * jnp.sum(w)

        def pairs(data, t):
            idx = np.flatnonzero(data > t)
            rows = np.stack([data[i:i + 1] * k for k, i in enumerate(idx)])
            return rows, -np.ones(idx.size)

        def main(n):
            data = np.arange(8.0)
            out = []
            for step in range(n):
                rows, w = pairs(data, step)
                out.append(total(rows, w))  # flag
            return out
        """, "GROWS"),
    "comprehension_over_fixed_shape_legal": (None, """
        @jax.jit
        def total(x, w):
            return jnp.sum(x) * jnp.sum(w)

        def main(n):
            data = np.arange(8.0)
            out = []
            for step in range(n):
                mask = data > step
                rows = np.stack([np.where(m, v, 0.0) for v, m in zip(data, mask)])
                out.append(total(rows, np.zeros(len(data))))
            return out
        """, "BOUNDED"),
    "plain_function_returns_static_number_legal": (None, """
        def schedule_length(steps):
            return steps

        def rows_of(x):
            return x.shape[0]

        jitted_length = jax.jit(schedule_length, static_argnums=0)

        @functools.partial(jax.jit, static_argnums=1)
        def main_jit(x, steps):
            for _ in range(schedule_length(steps)):
                x = x * 0.5
            return x / float(rows_of(x))

        def main():
            main_jit(jnp.ones(3), 3)
            return float(jitted_length(3))  # outside any trace: a concrete array
        """, None),
}


test_recall7_mechanism_lint, test_recall7_mechanism_under_jax = case_tests(CASES, PRELUDE, "recall7mech")
