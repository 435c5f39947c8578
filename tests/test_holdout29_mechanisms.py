"""The mechanisms of the 29th report batch (docs/recall.md, "29th batch"), each written in shapes
of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the code
and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says (a raised
error, or it runs).

* A field of a frozen dataclass (or NamedTuple) argument is the value its construction gave it
  (or the field's default): a string there, passed on to a jitted function at a traced position,
  raises TypeError, from a plain function and from inside a jit that takes the record static.
  An unpacking ``a, b = x, y`` binds each name to its element.
* A jitted closure reads a parameter of its enclosing function as a cell holding the object each
  call passes: ``field.sample(x, t)`` (or ``sample(x, t)`` with a bound method passed) runs that
  class's method in the trace, with the traced arguments.
"""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG206: a string field of a record reaching a traced position
    "string_default_field_from_plain_function": ("JG206", """
        @dataclasses.dataclass(frozen=True)
        class Opts:
            norm: str = "l2"


        @jax.jit
        def reduce(x, norm):
            return jnp.linalg.norm(x) if norm == "l2" else jnp.abs(x).sum()


        def measure(x, opts):
            return reduce(x, opts.norm)  # flag


        def main():
            return measure(jnp.ones(3), Opts())
        """, "TypeError"),
    "string_given_field_of_namedtuple_in_static_record": ("JG206", """
        class Spec(NamedTuple):
            axis_name: str
            size: int


        @jax.jit
        def total(x, label):
            return x.sum()


        @partial(jax.jit, static_argnums=1)
        def outer(x, spec):
            label, size = spec.axis_name, spec.size
            return total(x, label) * size  # flag


        def main():
            return outer(jnp.ones(3), Spec("batch", 2))
        """, "TypeError"),
    # the field is a number: traced, legal
    "number_field": (None, """
        @dataclasses.dataclass(frozen=True)
        class Opts:
            scale: float = 2.0


        @jax.jit
        def scaled(x, s):
            return x * s


        def apply(x, opts):
            return scaled(x, opts.scale)


        def main():
            return apply(jnp.ones(3), Opts())
        """, None),
    # one call gives another class (or something unknown): not read
    "record_of_unknown_construction": (None, """
        @dataclasses.dataclass(frozen=True)
        class Opts:
            norm: str = "l2"


        @partial(jax.jit, static_argnames="norm")
        def reduce(x, norm):
            return jnp.linalg.norm(x) if norm == "l2" else jnp.abs(x).sum()


        def measure(x, opts):
            return reduce(x, norm=opts.norm)


        def main():
            return measure(jnp.ones(3), Opts()), measure(jnp.ones(3), Opts(norm="l1"))
        """, None),
    # -- JG104/JG101: a method of a captured object run in the trace
    "captured_receiver_method": ("JG101", """
        class Schedule:
            def __init__(self, knots):
                self.knots = knots

            def rate(self, t):
                if t > self.knots[-1]:  # flag
                    return 0.0
                return 1.0


        def integrate(schedule, y0):
            @jax.jit
            def step(y, t):
                return y * schedule.rate(t)

            return step(y0, 0.5)


        def main():
            return integrate(Schedule([0.0, 1.0]), jnp.ones(2))
        """, "TracerBoolConversionError"),
    "captured_bound_method": ("JG104", """
        class Table:
            def __init__(self, rows):
                self.rows = rows

            def lookup(self, i):
                return self.rows[int(i)]  # flag


        def gather(read, idx):
            @jax.jit
            def run(i):
                return read(i) * 2.0

            return run(idx)


        def main():
            return gather(Table([1.0, 2.0]).lookup, jnp.int32(1))
        """, "ConcretizationTypeError"),
    # the method reads Python values only: legal
    "captured_receiver_python_values": (None, """
        class Schedule:
            def __init__(self, knots):
                self.knots = knots

            def count(self, y):
                return y * len(self.knots)


        def integrate(schedule, y0):
            return jax.jit(lambda y: schedule.count(y) + 1.0)(y0)


        def main():
            return integrate(Schedule([0.0, 1.0]), jnp.ones(2))
        """, None),
    # the enclosing function is also used as a value: its parameter's classes are not claimed
    "captured_owner_escapes": (None, """
        class Schedule:
            def __init__(self, knots):
                self.knots = knots

            def rate(self, t):
                return jnp.where(t > self.knots[-1], 0.0, 1.0)


        def integrate(schedule, y0):
            @jax.jit
            def step(y, t):
                return y * schedule.rate(t)

            return step(y0, 0.5)


        RUNNERS = [integrate]


        def main():
            return integrate(Schedule([0.0, 1.0]), jnp.ones(2))
        """, None),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout29")
