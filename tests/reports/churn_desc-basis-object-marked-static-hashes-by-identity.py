# Report: PlasmaControl/DESC#1662 https://github.com/PlasmaControl/DESC/pull/1662 ("Manually marking attributes as static", review thread)
# Class: 6 (churn from data: a new identity-hashed object at a static position for every equilibrium)
# Rule: JG302
# Reduced: the PR proposed marking `_R_basis`, `_Z_basis`, `_L_basis` static; the reviewer: "When
# you mark something as static, then it will trigger recompilation whenever the objects hash
# changes, and for arbitrary objects like this, the hash is not constant" (`hash(
# FourierZernikeBasis(4,4,4))` differs between two equal bases), "2 equilibria with the exact same
# resolution etc will be treated as different objects". Here a basis is built for every
# equilibrium of a scan and passed at `static_argnames` (checked on JAX 0.10.2: one compile per
# basis). Fix (the review's): a `__hash__`/`__eq__` on the resolution, so equal bases share the
# compiled program.
import functools

import jax
import jax.numpy as jnp


class FourierZernikeBasis:
    def __init__(self, L, M, N):
        self.L, self.M, self.N = L, M, N


class HashableFourierZernikeBasis(FourierZernikeBasis):
    def _key(self):
        return (self.L, self.M, self.N)

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()


@functools.partial(jax.jit, static_argnames=("basis",))
def compute_R(x, basis):
    return x * basis.L + basis.M * basis.N


# --- must be flagged ---


def scan_equilibria(n):
    out = []
    for i in range(n):
        R_basis = FourierZernikeBasis(4, 4, 4)
        out.append(compute_R(jnp.full(3, float(i)), basis=R_basis))  # expect: JG302
    return out


# --- must not be flagged ---


def scan_equilibria_fixed(n):
    out = []
    for i in range(n):
        R_basis = HashableFourierZernikeBasis(4, 4, 4)
        out.append(compute_R(jnp.full(3, float(i)), basis=R_basis))
    return out


GROWS = [scan_equilibria]
BOUNDED = [scan_equilibria_fixed]
