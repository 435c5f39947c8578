"""True (look-alike of ``merge4_subclass_record_guarded.py``): the field of a subclass instance of
a dataclass holds what the constructor or ``dataclasses.replace`` put there, a tracer when the
value is traced, so a Python test of it in a method raises under ``jit`` (JAX 0.10.2:
TracerBoolConversionError, for ``.any()`` of it too), whether the field is the
base's (an undecorated subclass) or the subclass's own (a ``@dataclass`` subclass).
"""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Span:
    lo: float
    hi: jnp.ndarray


class Positive(Span):
    def validated(self):
        assert self.lo >= 0.0
        if (self.hi <= self.lo).any():  # expect: JG101
            raise ValueError("empty span")
        return self


@dataclasses.dataclass
class Scaled(Span):
    factor: float = 1.0
    offset: float = 0.0

    def doubled(self):
        return self.factor > 2.0


@jax.jit
def positive_span(hi):
    return dataclasses.replace(Positive(0.0, jnp.ones(3)), hi=hi).validated().hi - 1.0


@jax.jit
def scaled_span(lo, f):
    s = Scaled(0.5, lo + 1.0, f)
    return s.hi * 2.0 if s.doubled() else s.hi  # expect: JG101


RAISES = [
    (lambda: positive_span(jnp.full(3, 2.0)), "TracerBoolConversionError"),
    (lambda: scaled_span(jnp.ones(2), 3.0), "TracerBoolConversionError"),
]
