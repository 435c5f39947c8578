"""JG103 through an object another object holds: the getter of a property read on `self.part`,
where `__init__` stores a constructor parameter (`self.generator = generator`).

Python stores in `self.generator` the very object the construction passes (`Exp(SProd(c, base))`),
so `self.generator.is_hermitian` in a method of `Exp` runs `SProd`'s getter with that object: when
it was built in a jitted function from traced values, `not jnp.iscomplex(self.scalar)` in the
getter raises TracerBoolConversionError there (JAX 0.10.2). The class is known when every
construction of the holder in the module passes an instance of the same class there. A getter
that decides from the scalar's dtype (static while tracing) stays in Python.
"""

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Scaled:
    def __init__(self, scalar, hermitian_base=True):
        self.scalar = scalar
        self.hermitian_base = hermitian_base

    @property
    def is_hermitian(self):
        return self.hermitian_base and not jnp.iscomplex(self.scalar)  # expect: JG103


class Exponential:
    def __init__(self, generator):
        self.generator = generator

    def rotation_angle(self):
        return jnp.where(self.generator.is_hermitian, jnp.imag(self.generator.scalar), jnp.abs(self.generator.scalar))


@jax.jit
def phase(c):
    return Exponential(Scaled(1j * c)).rotation_angle()


# --- must not be flagged ---------------------------------------------------------------------


class TypedScale:
    def __init__(self, value):
        self.value = value

    @property
    def is_complex(self):
        return jnp.issubdtype(jnp.result_type(self.value), jnp.complexfloating)


class Evolution:
    def __init__(self, scale):
        self.scale = scale

    def angle(self):
        return jnp.imag(self.scale.value) if self.scale.is_complex else self.scale.value


@jax.jit
def evolution_angle(c):
    return Evolution(TypedScale(1j * c)).angle()


RAISES = [(lambda: phase(jnp.float32(0.5)), "TracerBoolConversionError")]

RUNS = [lambda: evolution_angle(jnp.float32(0.5))]
