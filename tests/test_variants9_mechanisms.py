"""The mechanisms the generalisation audit of 2026-12-07 (first session) built from the variants it
missed (docs/recall.md, "2026-12-07, first session"), in shapes of our own: the lines marked
``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2 as
its oracle says (GROWS/BOUNDED for ``main(n)``, a raised error, or it runs).

* WALRUS: ``f(t := t * 0.9)`` in a loop binds ``t`` as ``t = t * 0.9`` does: a value carried
  from one iteration to the next, new at each (JG302 at a static position).
* PARTIALCALL: ``apply = functools.partial(f, x)`` then ``apply(temperature=t)``: Python calls
  ``f(x, temperature=t)``, so a static argument of a jitted ``f`` that changes with the loop is
  read there as at a direct call (JG302); the value bound by the partial is made once.
* RECORDFIELD: ``spec.offsets`` of ``spec = Spec(offsets=[2, 3])`` (a NamedTuple or dataclass
  of the module) is the very list the construction passed: unhashable at a static position
  (ValueError, JG203); a tuple there is fine.
* KWFORWARD: ``f(x, y, **options)`` in a function that never rebinds ``options`` passes each
  keyword its callers give that names none of its own parameters on to ``f`` by name: a string
  landing at a traced parameter of the jitted ``f`` raises TypeError at that call (JG206).
"""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import functools
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("scale",))
def shrink(x, scale):
    return x * scale


@jax.jit
def shrink_traced(x, scale):
    return x * scale


@jax.jit
def blend(x, y, how):
    return x + y if how == "sum" else x * y


@partial(jax.jit, static_argnames=("how",))
def blend_static(x, y, how):
    return x + y if how == "sum" else x * y


class Window(NamedTuple):
    sizes: object
    label: str = "w"


def pick(x, sizes):
    return x * sizes[0]

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- WALRUS
    "walrus_carried_value_at_static": ("JG302", """
        def main(n):
            x, s = jnp.ones(3), 1.0
            for _ in range(n):
                x = shrink(x, scale=(s := s / 2))  # flag
            return x
        """, "GROWS"),
    "walrus_at_traced_position": (None, """
        def main(n):
            x, s = jnp.ones(3), 1.0
            for _ in range(n):
                x = shrink_traced(x, (s := s / 2))
            return x
        """, "BOUNDED"),
    "walrus_of_a_loop_constant": (None, """
        def main(n):
            x = jnp.ones(3)
            for _ in range(n):
                x = shrink(x, scale=(s := 0.5))
            return x, s
        """, "BOUNDED"),
    # -- PARTIALCALL
    "partial_of_jitted_called_with_loop_value": ("JG302", """
        def main(n):
            step = functools.partial(shrink, jnp.ones(3))
            return [step(scale=1.0 / (k + 1)) for k in range(n)]  # flag
        """, "GROWS"),
    "partial_binds_the_static_once": (None, """
        def main(n):
            step = partial(shrink, scale=0.5)
            return [step(jnp.ones(3) * k) for k in range(n)]
        """, "BOUNDED"),
    # -- RECORDFIELD
    "list_field_at_static_position": ("JG203", """
        def main():
            w = Window(sizes=[2, 3])
            return jax.jit(pick, static_argnums=1)(1.0, w.sizes)  # flag
        """, "ValueError"),
    "tuple_field_at_static_position": (None, """
        def main():
            w = Window([2, 3])
            w = Window(tuple(w.sizes))
            return jax.jit(pick, static_argnums=1)(1.0, w.sizes)
        """, None),
    "positional_tuple_field": (None, """
        def main():
            w = Window((2, 3), "a")
            return jax.jit(pick, static_argnums=1)(1.0, w.sizes)
        """, None),
    # -- KWFORWARD
    "string_through_kwargs_to_traced_parameter": ("JG206", """
        def combine(x, y, **options):
            return blend(x, y, **options)  # flag


        def main():
            return combine(1.0, 2.0, how="sum")
        """, "TypeError"),
    "string_through_kwargs_to_static_parameter": (None, """
        def combine(x, y, **options):
            return blend_static(x, y, **options)


        def main():
            return combine(1.0, 2.0, how="sum")
        """, None),
    "number_through_kwargs": (None, """
        def combine(x, y, **options):
            return blend(x, y, **options)


        def main():
            return combine(1.0, 2.0, how=3.0)
        """, None),
}

test_marked_lines_are_flagged, test_programs_run_as_their_oracle_says = case_tests(CASES, PRELUDE, "variants9")
