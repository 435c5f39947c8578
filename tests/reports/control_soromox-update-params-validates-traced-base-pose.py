# Report: tud-phi/soromox#152 https://github.com/tud-phi/soromox/pull/152
# Class: 1 (values inside containers and objects: a traced field of a parameter dataclass)
# Rule: JG101
# Reduced: "fix(gvs): make GVS.update_params jittable": the user evaluates the potential force as
# a function of the configuration and of the base orientation `theta`, so `update_params` runs
# inside `jax.jit` with `theta` traced. `update_params` builds new parameters with the traced
# base pose and validates them (`validate_against_structure`), whose numeric checks branch on
# the values with Python `if`: under jit, ConcretizationTypeError. The fix (the PR's, later
# refined in #156) runs the numeric checks only on concrete values and defers those that
# depend on traced leaves. The robot model is reduced to a frozen parameter dataclass with
# one array field and one numeric check.
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Params:
    base_pose: jnp.ndarray
    length: float = 1.0

    # --- must be flagged ---

    def validate(self):
        if jnp.any(jnp.abs(self.base_pose) > 10.0):  # expect: JG101
            raise ValueError("base pose out of range")
        return self


def update_params(params, theta):
    new = dataclasses.replace(params, base_pose=jnp.array([0.0, 0.0, theta]))
    return new.validate()


@jax.jit
def potential_force(q, theta):
    params = update_params(Params(jnp.zeros(3)), theta)
    return params.length * jnp.sin(q + params.base_pose[2])


def call_potential_force():
    return potential_force(jnp.ones(2), 0.3)


# --- must not be flagged ---


class CheckedParams(Params):
    def validate(self):
        if isinstance(self.base_pose, jax.core.Tracer):
            return self  # the numeric check is deferred for traced leaves
        return super().validate()


@jax.jit
def potential_force_deferred(q, theta):
    params = dataclasses.replace(CheckedParams(jnp.zeros(3)), base_pose=jnp.array([0.0, 0.0, theta]))
    return params.validate().length * jnp.sin(q + params.base_pose[2])


def call_potential_force_deferred():
    CheckedParams(jnp.zeros(3)).validate()
    return potential_force_deferred(jnp.ones(2), 0.3)


RAISES = [(call_potential_force, "ConcretizationTypeError")]
RUNS = [call_potential_force_deferred]
