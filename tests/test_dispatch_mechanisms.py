"""Edges of ``jitguard/lint/analysis/dispatch.py`` and of the conversion narrowing after a ``try``
(walker ``_converted_in``), each linted with the default rules and run under JAX 0.10.2.

* After ``try: t = np.asarray(v)`` whose handler catches the tracer error, ``t`` is a NumPy
  value only when every handler exits: a handler that falls through (``pass``) leaves ``t`` as
  it was before the ``try``, a tracer in a trace, and the ``if`` on it raises.
* ``sorted(xs, key=f)`` compares keys only when there are two elements or more:
  ``[a, *rest]`` with ``rest`` empty compares nothing, whatever ``f`` returns.
* A helper's parameter receiving instances of two classes from traced code runs each one's
  method: the class whose method branches on the traced argument raises, whichever call
  comes first; a class only eager code passes runs no method in a trace.
* ``Sub(x)`` of a plain class without its own ``__init__`` runs its base's, which stores ``x``:
  the instance holds the tracer, so ``if self.r > 1.0`` in ``Sub``'s method raises, and a method
  that first tests ``isinstance(self.r, jax.core.Tracer)`` and returns does not.
"""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as np
"""

# two classes with a method of one name, one branching in Python; a helper calling it
_BOUNDS = """
        class Soft:
            def __init__(self, lo):
                self.lo = lo

            def limit(self, v):
                return jnp.maximum(v, self.lo)

        class Hard:
            def __init__(self, lo):
                self.lo = lo

            def limit(self, v):
                if v < self.lo:  # flag
                    return self.lo
                return v

        def apply(bound, v):
            return bound.limit(v) * 2.0
"""

# subclasses without their own __init__: building one runs the base's, storing the argument
_SUBCLASSES = """
        class Base:
            def __init__(self, r):
                self.r = r

        class Sub(Base):
            def big(self):
                if self.r > 1.0:  # flag
                    return 1.0
                return 0.0

        class Guarded(Base):
            def big(self):
                if isinstance(self.r, jax.core.Tracer):
                    return jnp.where(self.r > 1.0, 1.0, 0.0)
                if self.r > 1.0:
                    return 1.0
                return 0.0
"""

CASES: dict[str, tuple[str, str, str | None]] = {
    "handler_falls_through": ("JG101", """
        def check(v):
            value = v
            try:
                value = np.asarray(v)
            except jax.errors.TracerArrayConversionError:
                pass
            if value > 1.0:  # flag
                return value
            return 0.0 * value

        @jax.jit
        def clipped(v):
            return check(v)

        def main():
            return clipped(jnp.array(2.0))
    """, "TracerBoolConversionError"),
    "handler_returns": (None, """
        def check(v):
            try:
                value = np.asarray(v)
            except jax.errors.TracerArrayConversionError:
                return jnp.clip(v, 0.0, 1.0)
            if value > 1.0:
                raise ValueError("too large")
            return v

        @jax.jit
        def clipped(v):
            return check(v)

        def main():
            check(0.5)
            return clipped(jnp.array(2.0))
    """, None),
    "sorted_starred_single": (None, """
        class Shell:
            def __init__(self, radius):
                self.radius = radius

        @jax.jit
        def first(x):
            rest = []
            return sorted([Shell(x), *rest], key=lambda s: s.radius)[0].radius

        def main():
            return first(jnp.array(1.0))
    """, None),
    "two_classes_one_branches": ("JG101", _BOUNDS + """

        @jax.jit
        def soft(v):
            return apply(Soft(0.0), v)

        @jax.jit
        def hard(v):
            return apply(Hard(0.0), v)

        def main():
            soft(jnp.array(1.0))
            return hard(jnp.array(1.0))
    """, "TracerBoolConversionError"),
    "eager_class_not_traced": (None, _BOUNDS.replace("  # flag", "") + """

        @jax.jit
        def soft(v):
            return apply(Soft(0.0), v)

        def main():
            apply(Hard(0.0), 1.0)
            return soft(jnp.array(1.0))
    """, None),
    "subclass_without_init": ("JG101", _SUBCLASSES + """
        @jax.jit
        def plain(x):
            return Sub(x).big()

        def main():
            return plain(jnp.array(2.0))
    """, "TracerBoolConversionError"),
    "subclass_without_init_guarded": (None, _SUBCLASSES.replace("  # flag", "") + """
        @jax.jit
        def guarded(x):
            return Guarded(x).big()

        def main():
            return guarded(jnp.array(2.0))
    """, None),
}

test_dispatch_mechanism_lint, test_dispatch_mechanism_under_jax = case_tests(CASES, PRELUDE, "dispatchmech")
