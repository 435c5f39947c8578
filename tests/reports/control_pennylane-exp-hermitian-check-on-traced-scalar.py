# Report: PennyLaneAI/pennylane#6932 https://github.com/PennyLaneAI/pennylane/issues/6932
# Class: 1 (values inside containers and objects: a traced scalar read in a property)
# Rule: JG103
# Reduced: "`qml.exp` with `jax.jit` causes `TracerBoolConversionError`": a jitted QNode applies
# `qml.exp(1j * coeffs[0] * qml.X(0) @ qml.X(1) + 1j * coeffs[1] * qml.Y(0) @ qml.Y(1))`; the
# exponential's decomposition asks whether its generator is Hermitian, and "it may be attempting
# a boolean conversion of a JAX-traced value when checking `self.base.is_hermitian`": the
# scalar product's property is `base.is_hermitian and not qml.math.iscomplex(scalar)`, and the
# scalar holds the traced coefficients. With NumPy coefficients it runs. Reduced: Pauli products,
# a scalar product whose property tests the scalar, and the exponential's decomposition, which
# chooses the rotation by that property. The legal form decides from the scalar's dtype, which is
# static.
import jax
import jax.numpy as jnp


class PauliProduct:
    is_hermitian = True

    def __init__(self, word):
        self.word = word


class SProd:
    def __init__(self, scalar, base):
        self.scalar, self.base = scalar, base

    # --- must be flagged ---

    @property
    def is_hermitian(self):
        return self.base.is_hermitian and not jnp.iscomplex(self.scalar)  # expect: JG103


class Exp:
    def __init__(self, generator):
        self.generator = generator

    def decomposition(self):
        if self.generator.is_hermitian:
            return [("phase", self.generator.scalar)]
        return [("PauliRot", jnp.imag(self.generator.scalar), self.generator.base.word)]


def circuit(coeffs):
    op = Exp(SProd(1j * coeffs[0], PauliProduct("XX")))
    return sum(jnp.cos(gate[1]) for gate in op.decomposition())


def jitted_exp():
    return jax.jit(circuit)(jnp.array([1.0, 2.0]))


# --- must not be flagged ---


class DtypeScaled(SProd):
    """pennylane#6932: a complex scalar type is known while tracing; its value is not needed."""

    @property
    def hermitian_by_dtype(self):
        return self.base.is_hermitian and not jnp.issubdtype(jnp.result_type(self.scalar), jnp.complexfloating)


def circuit_by_dtype(coeffs):
    generator = DtypeScaled(1j * coeffs[1], PauliProduct("YY"))
    angle = generator.scalar.real if generator.hermitian_by_dtype else jnp.imag(generator.scalar)
    return jnp.cos(angle)


def jitted_exp_by_dtype():
    return jax.jit(circuit_by_dtype)(jnp.array([1.0, 2.0]))


RAISES = [(jitted_exp, "TracerBoolConversionError")]
RUNS = [jitted_exp_by_dtype]
