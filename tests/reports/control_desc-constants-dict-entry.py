# Report: PlasmaControl/DESC#2295 https://github.com/PlasmaControl/DESC/issues/2295
# Class: 1 (values inside containers and objects: a dict entry of a traced argument)
# Rule: JG101
# Reduced: an objective keeps a setting in a `constants` dict that is passed, with the arrays, to
# the jitted `compute_scaled_error`; a helper tests the setting with a Python `if`. The dict's
# entries are leaves, so the setting is traced. Fix: keep the setting a Python attribute of the
# objective (read from `self`, closed over), not an entry of the traced dict.
import functools

import jax
import jax.numpy as jnp


# --- must be flagged ---


def compute(x, constants):
    if constants["surf_batch_size"] == 1:  # expect: JG101
        return jnp.sum(x**2)
    return jnp.mean(x**2)


@jax.jit
def compute_scaled_error(x, constants):
    return compute(x, constants) / constants["scale"]


def bug():
    constants = {"surf_batch_size": 1, "scale": jnp.asarray(2.0)}
    return compute_scaled_error(jnp.ones(3), constants)


# --- must not be flagged ---


class Objective:
    def __init__(self, surf_batch_size):
        self.surf_batch_size = surf_batch_size

    def compute(self, x, constants):
        if self.surf_batch_size == 1:
            return jnp.sum(x**2)
        return jnp.mean(x**2)

    @functools.partial(jax.jit, static_argnums=0)
    def compute_scaled_error(self, x, constants):
        return self.compute(x, constants) / constants["scale"]


def fixed():
    return Objective(1).compute_scaled_error(jnp.ones(3), {"scale": jnp.asarray(2.0)})


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
