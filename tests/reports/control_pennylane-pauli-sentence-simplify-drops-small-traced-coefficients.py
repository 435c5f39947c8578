# Report: PennyLaneAI/pennylane#8191 https://github.com/PennyLaneAI/pennylane/issues/8191
# Class: 1 (values inside containers and objects: traced coefficients held by a dict subclass)
# Rule: JG101
# Reduced: "pauli arithmetic cannot handle abstract coefficients when jitted": `op = c1 * qml.X(0)
# + c2 * qml.X(0); op.simplify()` under `jax.jit(f)(1.0, 1.0)` raises TracerBoolConversionError in
# `PauliSentence.simplify`, which walks the sentence's items and drops the words whose
# coefficient is tiny with `if abs(coeff) <= tol: del self[pw]`: the coefficients are the jitted
# function's arguments, so the comparison is a tracer. Reduced: a Pauli sentence is a dict from
# (Pauli, wire) words to coefficients, built by `*` and `+`; the legal form keeps every word and
# zeroes the tiny coefficients with `jnp.where` (the word set is static, the values traced).
import jax
import jax.numpy as jnp


class PauliSentence(dict):
    def __add__(self, other):
        out = PauliSentence(self)
        for pw, coeff in other.items():
            out[pw] = out.get(pw, 0.0) + coeff
        return out


class PauliX:
    def __init__(self, wire):
        self.wire = wire

    def __rmul__(self, coeff):
        return PauliSentence({("X", self.wire): coeff})


class SimplifyingSentence(PauliSentence):
    def __add__(self, other):
        return SimplifyingSentence(PauliSentence.__add__(self, other))

    # --- must be flagged ---

    def simplify(self, tol=1e-8):
        items = list(self.items())
        for pw, coeff in items:
            if abs(coeff) <= tol:  # expect: JG101
                del self[pw]
        if len(self) == 0:
            self[("I", None)] = 0.0


def f(c1, c2):
    op = SimplifyingSentence(c1 * PauliX(0)) + c2 * PauliX(0)
    op.simplify()
    return sum(op.values())


def jitted_simplify():
    return jax.jit(f)(1.0, 1.0)


# --- must not be flagged ---


class MaskingSentence(PauliSentence):
    """pennylane#8191: the words stay, the tiny coefficients become zeros (traced-safe)."""

    def zero_small(self, tol=1e-8):
        return {pw: jnp.where(jnp.abs(c) <= tol, 0.0, c) for pw, c in self.items()}


def g(c1, c2):
    total = MaskingSentence(c1 * PauliX(0) + c2 * PauliX(0))
    return sum(total.zero_small().values())


def jitted_masked():
    return jax.jit(g)(1.0, 1.0)


RAISES = [(jitted_simplify, "TracerBoolConversionError")]
RUNS = [jitted_masked]
