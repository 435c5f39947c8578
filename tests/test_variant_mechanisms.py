"""General value-flow mechanisms behind the misses of the report variants (tests/variants/,
docs/recall.md "Variants"), each in shapes of our own (other names, other code), flagged and legal.
Every program is linted with the default rules (the lines marked ``# flag`` get the code, nothing
else is reported) and run under JAX 0.10.2 (``main()`` of a flagged program raises the named
error; a legal look-alike's runs).

* ``functools.partial``: a call through ``partial(f, a, k=v)`` (inline, or a name bound once to it
  in the calling function or one it is nested in) is the call ``f(a, *args, k=v, **kwargs)``: the
  bound values reach ``f``'s parameters like the call's own; a keyword the call passes replaces
  the bound one.
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
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- calls through functools.partial
    "partial_keyword_bound_in_jit": ("JG101", """
        def clip(x, limit):
            if limit > 0:  # flag
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            return op(x)

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, "TracerBoolConversionError"),
    "partial_position_bound_inline": ("JG104", """
        def repeat(count, x):
            for _ in range(count):  # flag
                x = x * 2
            return x

        def main():
            return jax.jit(lambda n, x: functools.partial(repeat, n)(x))(2, jnp.ones(2))
        """, "TracerIntegerConversionError"),
    "partial_bound_in_enclosing_function": ("JG104", """
        def scale(x, factor):
            return x * float(factor)  # flag

        @jax.jit
        def main_jit(x, factor):
            op = functools.partial(scale, factor=factor)

            def inner(y):
                return op(y) + 1.0

            return inner(x)

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, "ConcretizationTypeError"),
    "partial_keyword_constant_is_legal": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x):
            op = functools.partial(clip, limit=2.0)
            return op(x)

        def main():
            return main_jit(jnp.ones(3))
        """, None),
    "partial_keyword_replaced_by_the_call_is_legal": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            return op(x, limit=2.0) + limit

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, None),
    "partial_name_rebound_is_not_followed": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            op = functools.partial(clip, limit=2.0)
            return op(x) + limit

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, None),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_variant_mechanism_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_variant_mechanism_under_jax(name):
    assert_raises_or_runs(lambda: _run(_source(name), f"variantmech_{name}"), CASES[name][2])
