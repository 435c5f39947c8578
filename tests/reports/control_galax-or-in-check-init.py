# Report: GalacticDynamics/galax#692 https://github.com/GalacticDynamics/galax/pull/692
# Class: 4 (a check in the initializer of a class built inside jitted code)
# Rule: JG103
# Reduced: a potential is instantiated inside a jitted function from traced parameters; its
# post-init check combines comparisons with Python `or`, which takes the truth value of a
# tracer (the thread names the `or` in `__check_init__`, not the exact condition: here it
# tests the two parameters). Fix: combine with `jnp.logical_or` and report through a traced error value (or check
# outside jit); here the check becomes a `jnp.where` that returns NaN for invalid parameters.
import jax
import jax.numpy as jnp

# --- must be flagged ---


class LeeSutoNFWPotential:
    def __init__(self, m, r_s):
        self.m = m
        self.r_s = r_s
        bad = self.m < 0 or self.r_s <= 0  # expect: JG103
        if bad:
            raise ValueError("mass and scale radius must be positive")

    def potential(self, r):
        return -self.m * jnp.log1p(r / self.r_s) / r


@jax.jit
def energy(m, r_s, r):
    return LeeSutoNFWPotential(m, r_s).potential(r)


def bug():
    return energy(1.0, 2.0, jnp.ones(3))


# --- must not be flagged ---


class CheckedPotential:
    def __init__(self, m, r_s):
        self.m = m
        self.r_s = r_s
        self.bad = jnp.logical_or(self.m < 0, self.r_s <= 0)

    def potential(self, r):
        return jnp.where(self.bad, jnp.nan, -self.m * jnp.log1p(r / self.r_s) / r)


@jax.jit
def checked_energy(m, r_s, r):
    return CheckedPotential(m, r_s).potential(r)


def fixed():
    return checked_energy(1.0, 2.0, jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
